/*
 * timer: named timers that run out as the clock passes, and the turns since
 * a safe rest that 004 weighs against each character's resilience.
 */
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "timer.h"

/* The index of the timer NAME, or -1. */
int
timer_find(const struct timers *tl, const char *name)
{
	int i;

	for (i = 0; i < tl->n; i++)
		if (strcmp(tl->t[i].name, name) == 0)
			return i;
	return -1;
}

/* Whether NAME can be set: it is running already, or there is room. */
int
timer_room(const struct timers *tl, const char *name)
{
	return tl->n < TIMER_MAX || timer_find(tl, name) >= 0;
}

/* Set NAME to run out in LEFT turns (timer_room first); 1 when it was reset. */
int
timer_set(struct timers *tl, const char *name, uint64_t left)
{
	int i = timer_find(tl, name), was = i >= 0;

	if (!was)
		i = tl->n++;
	snprintf(tl->t[i].name, sizeof tl->t[i].name, "%s", name);
	tl->t[i].left = left;
	return was;
}

static void
drop(struct timers *tl, int i)
{
	memmove(&tl->t[i], &tl->t[i + 1],
	    (size_t)(tl->n - i - 1) * sizeof tl->t[0]);
	tl->n--;
}

/* TURNS as timedice says what a timer has: "24 turns (4 hours)". */
static const char *
turns_said(uint64_t turns, char *buf, size_t size)
{
	char span[64];

	snprintf(buf, size, "%llu turns (%s)", (unsigned long long)turns,
	    clock_span(turns, span, sizeof span));
	return buf;
}

/*
 * Take off the running timer NAME: SAYS "Timer torch cancelled with 24
 * turns (4 hours) left."
 */
void
timer_cancel(struct timers *tl, const char *name, char *says, size_t size)
{
	int i = timer_find(tl, name);
	char left[96];

	snprintf(says, size, "Timer %s cancelled with %s left.", name,
	    turns_said(tl->t[i].left, left, sizeof left));
	drop(tl, i);
}

/*
 * Timer T as timedice timers lists it, NOW the clock: "Timer torch: 24
 * turns (4 hours) left; it runs out at 11:00 on day 1."
 */
void
timer_listed(const struct timer *t, uint64_t now, char *says, size_t size)
{
	char left[96], at[CLOCK_WHEN_SIZE];

	snprintf(says, size, "Timer %s: %s left; it runs out at %s.", t->name,
	    turns_said(t->left, left, sizeof left), clock_when(now + t->left, at));
}

/*
 * Of the timers that run out within TURNS, take off the soonest (of those
 * that run out together, the first listed) into *T: 1, or 0 when none does.
 */
int
timer_due(struct timers *tl, uint64_t turns, struct timer *t)
{
	int i, first = -1;

	for (i = 0; i < tl->n; i++)
		if (tl->t[i].left <= turns &&
		    (first < 0 || tl->t[i].left < tl->t[first].left))
			first = i;
	if (first < 0)
		return 0;
	*t = tl->t[first];
	drop(tl, first);
	return 1;
}

/* TURNS pass, once timer_due has taken off what runs out within them. */
void
timer_pass(struct timers *tl, uint64_t turns, int resting)
{
	int i;

	for (i = 0; i < tl->n; i++)
		tl->t[i].left -= turns;
	if (resting)
		tl->since_rest = 0;
	else if ((tl->since_rest += turns) > CLOCK_MAX)
		tl->since_rest = CLOCK_MAX;
}

/*
 * 004: "a resilience check (1d20 + CON mod) once the PC has adventured for
 * more hours than their resilience", called for as each hour since the last
 * safe rest passes (the count stood at BEFORE): the hours beyond, or 0.
 */
uint64_t
timer_beyond(const struct timers *tl, uint64_t before, long resilience)
{
	uint64_t hours = tl->since_rest / CLOCK_HOUR_TURNS;

	if (hours == before / CLOCK_HOUR_TURNS || hours <= (uint64_t)resilience)
		return 0;
	return hours - (uint64_t)resilience;
}

/*
 * timer NAME LENGTH (timedice(6)): set, or reset, to L, a count of units or
 * dice rolled now; SAYS "Timer torch set: 1d6 hours rolled 4 = 4: 24 turns
 * (4 hours); it runs out at 11:00 on day 1.", NOW the clock.
 */
void
timer_start(struct timers *tl, const char *name, const struct clock_len *l,
    struct rng *r, uint64_t now, char *says, size_t size)
{
	char how[600], fs[256], len[96], at[CLOCK_WHEN_SIZE];
	uint64_t left = l->count;
	int was;

	how[0] = '\0';
	if (l->rolled) {
		left = (uint64_t)expr_roll(&l->dice, r, fs, sizeof fs);
		snprintf(how, sizeof how, "%s %s rolled %s = %llu: ", l->text,
		    l->unit_name, fs, (unsigned long long)left);
	}
	left *= l->unit;
	was = timer_set(tl, name, left);
	snprintf(says, size, "Timer %s %s: %s%s; it runs out at %s.", name,
	    was ? "reset" : "set", how, turns_said(left, len, sizeof len),
	    clock_when(now + left, at));
}
