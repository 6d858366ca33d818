/*
 * alarm: 003's turn.  The group moves each turn: advance, stay, backtrack
 * or hide; the Judge rolls a d10 against the alarm for the moves that check
 * it, and hide is the group's Stealth check (003: "The party makes a group
 * Stealth check, likely with Agility"), rolled here for a party's
 * characters.  The alarm's words and numbers are data in rules.c.
 */
#include <limits.h>

#include "alarm.h"
#include "rng.h"

/* 003: advance and backtrack check the alarm on a d10 */
int
alarm_checks(enum alarm_move m)
{
	return m == AM_ADVANCE || m == AM_BACKTRACK;
}

/*
 * 003: advance and stay raise the alarm by 1; then a check's d10 equal or
 * under the alarm is an encounter and resets it to 0.  A passed hide lowers
 * it by 2, plus 1 per spark; a failed one is an encounter and resets it.
 */
enum alarm_event
alarm_step(long *alarm, enum alarm_move m, long sparks, long d10)
{
	if ((m == AM_ADVANCE || m == AM_STAY) && *alarm < ALARM_MAX)
		(*alarm)++;
	switch (m) {
	case AM_STAY:
		return AE_STAY;
	case AM_HIDE_PASS:
		*alarm -= ALARM_HIDE_003 + sparks;
		if (*alarm < 0)
			*alarm = 0;
		return AE_HIDE_PASS;
	case AM_HIDE_FAIL:
		*alarm = 0;
		return AE_HIDE_FAIL;
	default:
		break;
	}
	if (d10 > *alarm)
		return m == AM_ADVANCE ? AE_ADVANCE_QUIET : AE_BACKTRACK_QUIET;
	*alarm = 0;
	return m == AM_ADVANCE ? AE_ADVANCE_ENCOUNTER : AE_BACKTRACK_ENCOUNTER;
}

/* 003: the events that are an encounter */
int
alarm_met(enum alarm_event e)
{
	return e == AE_ADVANCE_ENCOUNTER || e == AE_BACKTRACK_ENCOUNTER ||
	    e == AE_HIDE_FAIL;
}

/*
 * 003 Hide: each character's d20 + dex= against the DC, in the party
 * file's order (check_roll); the group passes when at least half pass
 * (delving(7): the suite's group check).
 */
int
alarm_hide_roll(struct alarm_hide *h, struct rng *r)
{
	struct check_of stealth = { PK_DEX, 0, 1, 0, 0 };
	int i;

	stealth.dc = h->dc;
	h->made = 0;
	for (i = 0; i < h->party->n; i++) {
		check_roll(&h->check[i], r, &h->party->m[i], 0, &stealth, h->env);
		h->made += h->check[i].c.pass;
	}
	return HIDE_GROUP_PASSES(h->made, h->party->n);
}

/*
 * 003: one turn of the move M: hide's checks first when H rolls them (M
 * then says hide, pass or fail alike), then the d10 for a move that checks
 * the alarm, then the alarm's step.
 */
void
alarm_turn(struct alarm_turn *t, long *alarm, enum alarm_move m, long sparks,
    struct alarm_hide *h, struct rng *r)
{
	if (h != NULL && (m == AM_HIDE_PASS || m == AM_HIDE_FAIL))
		m = alarm_hide_roll(h, r) ? AM_HIDE_PASS : AM_HIDE_FAIL;
	t->move = m;
	t->before = *alarm;
	t->d10 = LONG_MIN;
	if (alarm_checks(m))
		t->d10 = rng_die(r, ALARM_DIE_003);
	t->event = alarm_step(alarm, m, sparks, t->d10);
}
