/*
 * alarm: 003's turn.  The group moves each turn: advance, stay, backtrack
 * or hide; the Judge rolls a d10 against the alarm for the moves that check
 * it, and hide is the group's Stealth check (003: "The party makes a group
 * Stealth check, likely with Agility"), rolled here for a party's
 * characters.  The alarm's words and numbers are data in rules.c.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "alarm.h"
#include "rng.h"

/* 003: advance and backtrack check the alarm on a d10 */
static int
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
static int
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

/*
 * The alarm's change as a person says it: "rises to 4", "holds at 4",
 * "falls by 3 to 2 (...)", "stays at 0"; FALL what a passed hide lowers it.
 */
static void
alarm_change(char *buf, size_t size, enum alarm_event e, long before,
    long after, long fall)
{
	if (e == AE_HIDE_PASS && after < before)
		snprintf(buf, size, "%s; the alarm falls by %ld to %ld (%s%s)",
		    text_hide_pass_003, before - after, after, text_hide_fall_003,
		    before - after < fall ? ", never below 0" : "");
	else if (e == AE_HIDE_PASS)
		snprintf(buf, size, "%s; the alarm stays at %ld",
		    text_hide_pass_003, after);
	else if (e == AE_HIDE_FAIL)
		snprintf(buf, size, "%s", text_hide_fail_003);
	else if (e == AE_BACKTRACK_QUIET || e == AE_BACKTRACK_ENCOUNTER)
		snprintf(buf, size, "the alarm holds at %ld", before);
	else if (after > before || alarm_met(e))
		snprintf(buf, size, "the alarm rises to %ld", before + 1);
	else
		snprintf(buf, size, "the alarm stays at %ld, its most", before);
}

/*
 * 003: turn T said, ALARM after it, SPARKS given to hide: "Advance: the
 * alarm rises to 4; the d10 shows 3, over it: quiet", hide's group check
 * first when H rolled it ("2 of 3 make the Stealth check, at least half:
 * "); no full stop.
 */
void
alarm_said(char *buf, size_t size, const struct alarm_turn *t,
    const struct alarm_hide *h, long alarm, long sparks)
{
	const char *move = alarm_move_003[t->event];
	char change[160];
	int n = 0;

	if (h != NULL)
		n = snprintf(change, sizeof change, "%d of %d make%s the Stealth "
		    "check, %s: ", h->made, h->party->n, h->made == 1 ? "s" : "",
		    HIDE_GROUP_PASSES(h->made, h->party->n) ? "at least half" :
		    "fewer than half");
	alarm_change(change + n, sizeof change - (size_t)n, t->event, t->before,
	    alarm, ALARM_HIDE_003 + sparks);
	if (t->d10 == LONG_MIN)
		snprintf(buf, size, "%s: %s%s", move, change,
		    t->event == AE_STAY ? "; no check" : "");
	else
		snprintf(buf, size, "%s: %s; the d10 shows %ld, %s", move, change,
		    t->d10, alarm_met(t->event) ? text_alarm_met_003 :
		    text_alarm_quiet_003);
}

/*
 * 003: hide's checks H rolled, said character by character with the
 * record's key: "stealth", "Ann makes the Stealth check: 12+2 = 14
 * against DC 12."
 */
void
alarm_hide_say(const struct alarm_hide *h, chars_say_fn *say, void *ctx)
{
	char says[PARTY_NAME_MAX + CHECK_SAYS_MAX + 128];
	size_t n;
	int i;

	for (i = 0; i < h->party->n; i++) {
		n = check_sentence(says, sizeof says - 1, h->party->m[i].name,
		    text_stealth_003, &h->check[i]);
		memcpy(says + n, ".", 2);
		say(ctx, &h->party->m[i], "stealth", &h->check[i], says);
	}
}
