/*
 * clockstate: timedice's state file (timedice(6) FILES): each keyword's
 * value checked against the rule it keeps, a bad one refused with
 * FILE:LINE.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "afflict.h"
#include "clock.h"
#include "clockstate.h"
#include "rules.h"
#include "util.h"

/*
 * A new clock: 07:00 on day 1 (issue 4), 004's three rooms an hour, no
 * timers; AFF, the afflictions, is emptied and not zeroed whole.
 */
void
clockstate_init(struct clockstate *s, struct afflictions *aff)
{
	memset(s, 0, sizeof *s);
	s->tick = (START_HOUR_004 - 1) * CLOCK_HOUR_TURNS;
	s->per_hour = ROOMS_HOUR_004;
	s->env.rules = R_TRAVEL;	/* 004's checks, until check_rules says */
	s->aff = aff;
	aff->n = 0;
}

/* "timer NAME TICKS", one line a timer. */
static void
load_timer(struct timers *tl, const struct kwf *f, char **w, int nw)
{
	if (nw != 3)
		kwf_bad(f, "timer: expected a name and the turns left");
	if (!name_ok(w[1]))
		kwf_bad(f, "timer: '%s': not a name", w[1]);
	if (timer_find(tl, w[1]) >= 0)
		kwf_bad(f, "timer: '%s': named twice", w[1]);
	if (!timer_room(tl, w[1]))
		kwf_bad(f, "more than %d timers", TIMER_MAX);
	timer_set(tl, w[1],
	    (uint64_t)kwf_num(f, w[2], 1, (long long)CLOCK_MAX));
}

/* One line: a keyword and its value(s); the clock's day and time apart. */
static void
load_line(struct clockstate *s, const struct kwf *f, char **w, int nw,
    uint64_t *day, uint64_t *time)
{
	if (kwf_stream(f, w, nw, &s->st))
		return;
	if (strcmp(w[0], "timer") == 0) {
		load_timer(&s->timers, f, w, nw);
		return;
	}
	if (strcmp(w[0], "affliction") == 0) {
		afflict_load(s->aff, f, w, nw);
		return;
	}
	if (nw != 2)
		kwf_bad(f, "expected a keyword and one value");
	if (strcmp(w[0], "day") == 0)
		*day = (uint64_t)kwf_num(f, w[1], 1, CLOCK_DAY_MAX);
	else if (strcmp(w[0], "time") == 0) {
		if (strchr(w[1], ':') == NULL || clock_parse(w[1], time) != NULL)
			kwf_bad(f, "time: '%s': expected HH:MM, 01:00 to 24:50 "
			    "in turns of ten minutes", w[1]);
	} else if (strcmp(w[0], "turn") == 0)
		s->turn = (uint64_t)kwf_num(f, w[1], 0, COUNT_MAX);
	else if (strcmp(w[0], "rooms-per-hour") == 0)	/* 004 */
		s->per_hour = (int)kwf_num(f, w[1], ROOMS_HOUR_004,
		    ROOMS_HOUR_MAX_004);
	else if (strcmp(w[0], "rooms") == 0)	/* 004 */
		s->rooms = (int)kwf_num(f, w[1], 0, ROOMS_HOUR_MAX_004 - 1);
	else if (strcmp(w[0], "since-rest") == 0)	/* 004's resilience */
		s->timers.since_rest = (uint64_t)kwf_num(f, w[1], 0,
		    (long long)CLOCK_MAX);
}

/*
 * The state in F, over clockstate_init's; a file with no day or no time
 * keeps day 1 or 07:00.
 */
void
clockstate_load(struct clockstate *s, struct kwf *f)
{
	uint64_t day = 1, time = (START_HOUR_004 - 1) * CLOCK_HOUR_TURNS;
	char *w[KWF_WORDS_MAX];
	int nw;

	while ((nw = kwf_next(f, w)) > 0)
		load_line(s, f, w, nw, &day, &time);
	s->tick = (day - 1) * CLOCK_DAY + time;
}

/* The state's lines into F; kwf_commit writes them where the file had them. */
void
clockstate_put(const struct clockstate *s, struct kwf *f)
{
	char now[8];
	int i;

	kwf_put(f, "day %llu", (unsigned long long)clock_day(s->tick));
	kwf_put(f, "time %s", clock_hhmm(s->tick, now));
	kwf_put(f, "turn %llu", (unsigned long long)s->turn);
	kwf_put(f, "since-rest %llu",
	    (unsigned long long)s->timers.since_rest);
	if (s->rooms > 0)	/* 004: kept only while counting */
		kwf_put(f, "rooms %d", s->rooms);
	if (s->per_hour != ROOMS_HOUR_004)
		kwf_put(f, "rooms-per-hour %d", s->per_hour);
	for (i = 0; i < s->timers.n; i++)
		kwf_put(f, "timer %s %llu", s->timers.t[i].name,
		    (unsigned long long)s->timers.t[i].left);
	afflict_save(s->aff, f);
	kwf_put_stream(f, &s->st);
}

/*
 * The clock in words for delve status and delve screen: "day 1, 08:20,
 * the morning quarter: daylight" (004's quarters; day is the morning and
 * the afternoon, as light(6) has it).  Under rules that light no road by
 * day (all but 004's), the party is below: "daylight outside".
 */
void
clockstate_say_clock(const struct clockstate *s, int outdoors, char *buf,
    size_t size)
{
	char now[8];

	snprintf(buf, size, "day %llu, %s, the %s quarter: %s%s",
	    (unsigned long long)clock_day(s->tick), clock_hhmm(s->tick, now),
	    quarter_004[clock_quarter(s->tick)],
	    clock_daylight(clock_quarter(s->tick)) ? "daylight" : "dark",
	    outdoors ? "" : " outside");
}

/* "3 hours since the last safe rest.", in the session's unit (HOURS). */
void
clockstate_say_rest(const struct clockstate *s, int hours, char *buf,
    size_t size)
{
	char span[64];

	snprintf(buf, size, "%s since the last safe rest.",
	    clock_in_unit(s->timers.since_rest, hours, span, sizeof span));
}

/* A timer: "bless runs out in 3 turns.", in the session's unit (HOURS). */
void
clockstate_say_timer(const struct timer *t, int hours, char *buf, size_t size)
{
	char span[64];

	snprintf(buf, size, "%s runs out in %s.", t->name,
	    clock_in_unit(t->left, hours, span, sizeof span));
}

/*
 * 004: "At the culmination of each stage, the infected PC can make another
 * check or suffer damage": within the TICKS about to pass, timers run out
 * and afflictions' stages end (afflict_next, for P's characters), soonest
 * first, a timer before a stage at the same turn.
 */
static void
run_out(struct clockstate *s, uint64_t ticks, struct party *p,
    clock_say_fn *say, void *ctx)
{
	char says[AFFLICT_SAYS_SIZE + 256], name[PARTY_NAME_MAX + 1];
	char when[CLOCK_WHEN_SIZE];
	struct timer t;
	uint64_t k;
	int i;

	for (;;) {
		i = afflict_due(s->aff, ticks);
		if (timer_due(&s->timers, i >= 0 ? s->aff->a[i].left : ticks, &t)) {
			snprintf(says, sizeof says, "Timer %s runs out at %s.",
			    t.name, clock_when(s->tick + t.left, when));
			say(ctx, t.left, s->tick + t.left, "expired", t.name, says);
		} else if (i >= 0) {
			k = s->aff->a[i].left;
			str_copy(name, sizeof name, s->aff->a[i].name);	/* it may end */
			afflict_next(s->aff, i, party_find(p, name), &s->st.rng,
			    &s->env, k, s->tick, says, sizeof says);
			say(ctx, k, s->tick + k, "stage", name, says);
		} else
			break;
	}
}

/*
 * TICKS pass, RESTING or not: what runs out within them (when anything is
 * running: a filter's turn with no timer and no affliction costs a few
 * additions), said; then the clock moves and resilience wears.
 */
void
clockstate_pass(struct clockstate *s, uint64_t ticks, int resting,
    struct party *p, clock_say_fn *say, void *ctx)
{
	if (ticks > CLOCK_MAX - s->tick)
		esc_errx(EXIT_BAD, "the clock cannot run past day %d", CLOCK_DAY_MAX);
	if (s->timers.n > 0 || s->aff->n > 0)
		run_out(s, ticks, p, say, ctx);
	s->tick += ticks;
	timer_pass(&s->timers, ticks, resting);
	afflict_pass(s->aff, ticks);
}

/*
 * 004: past their resilience in hours (BEFORE this step of K ticks), a
 * check at DC 10 + hours beyond for each of P's characters
 * (afflict_resilience); none for a character without resilience= (-r
 * dungeonturn) or with resilience=0, a CON score of 0 (004: "They're dead").
 */
void
clockstate_resilience(struct clockstate *s, struct party *p, uint64_t before,
    uint64_t k, clock_say_fn *say, void *ctx)
{
	char says[PARTY_NAME_MAX + 600];
	unsigned long long beyond;
	struct member *m;
	int i;

	for (i = 0; i < p->n; i++) {
		m = &p->m[i];
		if (!(m->has & 1u << PK_RESILIENCE) || m->val[PK_RESILIENCE] == 0)
			continue;
		if ((beyond = timer_beyond(&s->timers, before,
		    m->val[PK_RESILIENCE])) == 0)
			continue;
		afflict_resilience(m, &s->st.rng, &s->env, beyond, says,
		    sizeof says);
		say(ctx, k, s->tick, "resilience", m->name, says);
	}
}

/* WHAT from FROM[ until UNTIL]: HOURS pass and resilience is restored, SAID. */
static void
rest_said(char *buf, size_t size, const char *what, uint64_t from,
    const char *until, uint64_t hours, const char *said)
{
	char when[CLOCK_WHEN_SIZE], span[64];

	snprintf(buf, size, "%s from %s%s%s: %s %s and resilience is restored%s.",
	    what, clock_when(from, when), until != NULL ? " until " : "",
	    until != NULL ? until : "", clock_span(hours * CLOCK_HOUR_TURNS,
	    span, sizeof span), hours == 1 ? "passes" : "pass", said);
}

/*
 * 004: "a night of safe rest" restores resilience (timer_pass): P rests
 * HOURS from now (chars_rest, with HOW's REST_ bits), said "A night of safe
 * rest from 23:00 on day 1 until dawn: 8 hours pass and resilience is
 * restored; Ann heals 2 HP (level 2), 5 HP now.", UNTIL the time as given
 * or NULL.  A rest begun in the night or pre-dawn quarter is a night's.
 */
void
clockstate_rest(struct clockstate *s, struct party *p, uint64_t hours,
    unsigned how, const char *until, char *says, size_t size)
{
	char said[CHARS_REST_SIZE];
	int q = clock_quarter(s->tick), night = q == 0 || q == TIME_DICE_004 - 1;

	chars_rest(p, hours, !!(how & REST_UNSAFE), !!(how & REST_UNFED),
	    !!(how & REST_DUNGEON), &s->st.rng, said, sizeof said);
	rest_said(says, size, rest_words_004[how & REST_DUNGEON ? 4 :
	    (how & REST_UNSAFE ? 2 : 0) + night], s->tick, until, hours, said);
}

/*
 * 004: a travel turn's night of safe rest in camp from NIGHT, said once
 * its hours have passed: "The night's camp: a night of safe rest from 23:00
 * on day 1: 8 hours pass and resilience is restored; ..." (chars_rest);
 * at sea, the ABOARD-th of a week's nights: "The first night aboard: ...".
 * The suite's decision: the road is not a dungeon; a GM whose wilderness
 * is hostile plays its hours with camp unsafe.
 */
static void
camp(struct clockstate *s, struct party *p, uint64_t night, int aboard,
    char *says, size_t size)
{
	char said[CHARS_REST_SIZE], what[64];
	const char *safe = rest_words_004[1];	/* a night's, lower case */

	chars_rest(p, REST_HOURS_004, 0, 0, 0, &s->st.rng, said, sizeof said);
	snprintf(what, sizeof what, "The %s%s: %c%s", aboard > 0 ?
	    nights_aboard_004[aboard - 1] : "night's camp", aboard > 0 ?
	    " night aboard" : "", tolower((unsigned char)*safe), safe + 1);
	rest_said(says, size, what, night, NULL, REST_HOURS_004, said);
}

/*
 * 004: a day's or a week's travel turn of TURNS holds its nights: each day
 * of it, 16 hours of the march (004: "Unencumbered PCs can comfortably
 * travel 10 + STR mod miles per day": no resilience check across them),
 * then 8 hours of safe rest in camp, said as a rest; a day on foot begins
 * with each exhausted character's halt (chars_halted).  All is said through
 * SAY as of one turn (K is 0, or within one of its passes).
 */
void
clockstate_travel(struct clockstate *s, struct party *p, int turns,
    clock_say_fn *say, void *ctx)
{
	uint64_t days = (uint64_t)turns / CLOCK_DAY, d, night;
	uint64_t march = CLOCK_DAY - REST_HOURS_004 * CLOCK_HOUR_TURNS;
	char says[CLOCKSTATE_REST_SIZE], hours[24];
	int i;

	snprintf(hours, sizeof hours, "%d", REST_HOURS_004);
	for (d = 0; d < days; d++) {
		for (i = 0; days == 1 && i < p->n; i++)
			if (chars_halted(&p->m[i], says, sizeof says))
				say(ctx, 0, s->tick, "exhausted", p->m[i].name, says);
		clockstate_pass(s, march, 0, p, say, ctx);
		night = s->tick;
		clockstate_pass(s, REST_HOURS_004 * CLOCK_HOUR_TURNS, 1, p, say,
		    ctx);
		camp(s, p, night, days > 1 ? (int)d + 1 : 0, says, sizeof says);
		say(ctx, 0, night, "rest", hours, says);
	}
}

/*
 * 004: "count every 3-4 scenes, rooms, or encounters in a dungeon as one
 * hour": one more room or scene, said; 1 when it makes the hour (the count
 * starts again).
 */
int
clockstate_room(struct clockstate *s, char *says, size_t size)
{
	int left = s->per_hour - ++s->rooms;

	if (left > 0) {
		snprintf(says, size, "Room or scene %d of %d this hour; the hour "
		    "passes after %d more.", s->rooms, s->per_hour, left);
		return 0;
	}
	snprintf(says, size, "Room or scene %d of %d this hour: an hour "
	    "passes.", s->rooms, s->per_hour);
	s->rooms = 0;
	return 1;
}

/* 004: N rooms or scenes make the hour from now on, said. */
void
clockstate_per_hour(struct clockstate *s, int n, char *says, size_t size)
{
	s->per_hour = n;
	if (s->rooms >= s->per_hour)
		s->rooms = s->per_hour - 1;
	snprintf(says, size, "From now on %d rooms or scenes make an hour.", n);
}
