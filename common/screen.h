/*
 * screen: delve screen's view of a session (delve(6) screen): the clock,
 * the party, the lights, what comes next and the log's last sentences,
 * laid out for a terminal of COLS x ROWS.  scr_load reads a session that
 * ses_load checked (without its lock: nothing is written); scr_render is a
 * pure function of what it loaded, so that a test can pin it.
 */
#ifndef DELVING_SCREEN_H
#define DELVING_SCREEN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "afflict.h"
#include "clockstate.h"
#include "hazstate.h"
#include "lamp.h"
#include "party.h"
#include "session.h"

#define SCR_LOG_TAIL	(64 * 1024)	/* the log's last bytes read */
#define SCR_COLS_MIN	80
#define SCR_ROWS_MIN	24
#define SCR_COLS_MAX	400		/* wider is drawn 400 wide */
#define SCR_COLS_LEAST	20		/* narrower is drawn 20 wide */
#define SCR_ROWS_MAX	400

/* What the screen shows, loaded from a session's current generation. */
struct scr_world {
	char	 name[64];	/* the session directory's last name */
	char	 seed[64];
	int	 rules;		/* enum rules */
	uint64_t turn;
	int	 travel;	/* 004's hours are the session's unit */
	int	 outdoors;	/* its light rules light a road by day (004) */
	struct hazstate haz;
	struct lamp lamp;
	struct afflictions aff;
	struct clockstate clock;
	struct party party;	/* n 0: no party kept */
	char	*log;		/* the log's last whole records, or NULL */
	size_t	 loglen;
};

/* How to draw it: the size, the players' view, colour (SGR) or none. */
struct scr_look {
	int	 cols, rows;
	int	 players;	/* leave out what the players do not see */
	int	 colour;
};

void	 scr_load(struct scr_world *w, const struct session *s);
void	 scr_free(struct scr_world *w);
void	 scr_render(const struct scr_world *w, const struct scr_look *k,
	     FILE *out);
int	 scr_hidden(char *const *f, int nf);

#endif
