/*
 * hazstate: hazard's state file (hazard(6) FILES), one keyword a line: the
 * rules, the turn, the rest clock (000, 002), a fatigue or a sign
 * pending (000, 001, 002), the creature a sign rolled (001, 002), the
 * alarm (003) and the generator.  Read and written through kwf.
 */
#ifndef DELVING_HAZSTATE_H
#define DELVING_HAZSTATE_H

#include <stddef.h>
#include <stdint.h>
#include "drawn.h"
#include "kwf.h"
#include "rng.h"
#include "table.h"

struct hazstate {
	uint64_t turn;
	int	 rules;		/* -1 until known */
	int	 since_rest;	/* 000: turns explored since the last rest */
	int	 rest_turns;	/* 002: rest turns in a row toward the hour */
	int	 fatigue;	/* 000 (-p), 001, 002: a fatigue result awaits the next turn */
	int	 condition;	/* 002: enum condition */
	int	 sign;		/* 001: the next encounter is the creature signalled */
	char	 creature[TBL_TEXT_MAX * 2];	/* 001, 002: that creature, rolled at the */
	char	 creature_key[40];	/* sign (-T encounter), and its row's key; "" none */
	long	 alarm;		/* 003 */
	struct drawn drawn;	/* -T tables' rows drawn without replacement */
	struct stream st;
};

void	 hazstate_init(struct hazstate *s);
void	 hazstate_load(struct hazstate *s, struct kwf *f);
void	 hazstate_put(const struct hazstate *s, struct kwf *f);
int	 hazstate_rest_due(const struct hazstate *s);
void	 hazstate_say(const struct hazstate *s, int secret, char *buf,
	     size_t size);
void	 hazstate_sign(struct hazstate *s, char *text, const char *key,
	     char *said, size_t size);

#endif
