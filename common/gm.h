/*
 * gm: the game master's own acts on a party file between turns (delve(6)):
 * damage, heal, set, join, leave.  An act is read, checked and rolled on
 * the party as it is (gm_plan), so that a bad one is refused before
 * anything is written: the new party file's text, for the caller to
 * write, and the act said as delve records (delve(6) OUTPUT), one a
 * change.
 */
#ifndef DELVING_GM_H
#define DELVING_GM_H

#include <stddef.h>
#include <stdint.h>

struct rng;

struct gm_act {
	char	*text;		/* the party file's new contents */
	size_t	 textlen;
	char	*rec;		/* the records: "delve TURN NAME KEY CHANGE TEXT" lines */
	size_t	 reclen;
};

void	 gm_plan(struct gm_act *a, const char *party, int argc, char **argv,
	     uint64_t turn, struct rng *r, int rules);
void	 gm_free(struct gm_act *a);

#endif
