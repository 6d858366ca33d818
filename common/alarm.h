/*
 * alarm: 003's turn, the group's move against the alarm value: advance,
 * stay, backtrack, hide, and hide's group Stealth check (delving(7)).
 */
#ifndef DELVING_ALARM_H
#define DELVING_ALARM_H

#include "characters.h"
#include "check.h"
#include "party.h"
#include "rules.h"

enum alarm_event alarm_step(long *alarm, enum alarm_move m, long sparks,
	     long d10);
int	 alarm_met(enum alarm_event e);

/* hide's group Stealth check, rolled for a party's characters */
struct alarm_hide {
	const struct party *party;
	long	 dc;
	const struct check_env *env;
	int	 made;		/* how many of the checks passed */
	struct rolled check[PARTY_MAX];	/* each character's, in party order */
};

/* One turn: what the group did and what the alarm did. */
struct alarm_turn {
	enum alarm_move move;	/* AM_HIDE_FAIL stands for hide when rolled */
	enum alarm_event event;
	long	 before;	/* the alarm before the move */
	long	 d10;		/* LONG_MIN when the move checks nothing */
};

void	 alarm_turn(struct alarm_turn *t, long *alarm, enum alarm_move m,
	     long sparks, struct alarm_hide *h, struct rng *r);
void	 alarm_said(char *buf, size_t size, const struct alarm_turn *t,
	     const struct alarm_hide *h, long alarm, long sparks);
void	 alarm_hide_say(const struct alarm_hide *h, chars_say_fn *say,
	     void *ctx);

#endif
