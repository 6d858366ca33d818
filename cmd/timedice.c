/*
 * timedice: the expedition's clock kept on time dice (seed 004), moved on
 * by turns, travel turns, days and rests, with random times, durations
 * and named timers (timedice(6)).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "afflict.h"
#include "characters.h"
#include "clock.h"
#include "clockstate.h"
#include "opt.h"
#include "party.h"
#include "record.h"
#include "rules.h"
#include "kwf.h"
#include "timer.h"
#include "util.h"

static const char prog[] = "timedice";

enum cmd {
	C_SHOW, C_SET, C_ROLL, C_DURATION, C_TURN, C_HOUR, C_DAY, C_REST,
	C_TIMER, C_TIMERS, C_CANCEL, C_ROOM, C_ROOMS, C_INFECT, C_CURE
};

/* The command operands, parsed before anything is read or rolled. */
struct args {
	enum cmd cmd;
	const struct command *c;	/* its row in commands[] */
	uint64_t n;		/* turns, hours, days, rest hours, time dice, a count */
	uint64_t time;		/* set, roll from: ticks into the day */
	uint64_t day;		/* set: 0 keeps the day */
	int	 from;		/* roll N from TIME */
	const char *name;	/* timer, cancel */
	const char *until;	/* rest until TIME: TIME as given */
	struct clock_len len;	/* timer */
	unsigned how;		/* rest ... unsafe unfed: REST_ bits (clockstate.h) */
	int	 hours_given;	/* rest HOURS */
	struct affliction aff;	/* infect; cure: its name and source */
	int	 first;		/* infect ... first=exhaustion */
};

struct run {
	struct clockstate s;	/* timedice(6) FILES (common/clockstate.c) */
	struct args a;
	struct party party;	/* -p's, or none: no characters */
	struct party_with with;	/* -f's state and -w's party file */
	int	 filter;
	int	 rules;		/* R_TRAVEL, or R_DUNGEONTURN: 002's rest */
	uint64_t turn0;		/* the turn before this step */
	uint64_t unit;		/* ticks per turn in this step */
	uint64_t sturn;		/* filter mode: the stream's turn */
	uint64_t index;		/* -n: the time the command is done, from 1 */
	struct rec_writer *w;	/* the records, on standard output */
};

/* A command of timedice(6) COMMANDS, a row of commands[]. */
struct command {
	const char *name;
	const char *syntax;	/* what "expected ..." says */
	int	 repeats;	/* -n COUNT does it COUNT times */
	int	 least, most;	/* words, the command's own with them */
	long long n_least, n_most;	/* N's bounds, the second word; 0 0: none */
	unsigned n_words;	/* bit W: of W words, the second is N */
	uint64_t turns;		/* a clock mover's turns per N; 0: not one */
	uint64_t unit;		/* and the ticks of its turn */
	void	(*fn)(struct run *);
};

/* timedice's options, its own and the shared ones (opt.c), in -h's order. */
static const struct opt options[] = {
	{ 'f', NULL, "keep the clock, the timers and the generator in FILE" },
	OPT_SHARED('j'),
	{ 'L', "LEVEL", "000's light level, as light(6) says it, for the checks" },
	{ 'n', NULL, "carry out the command COUNT times (default 1)" },
	{ 'p', NULL, "the party file, for each character's resilience" },
	{ 'r', NULL, "the rules: travel, or dungeonturn for 002's rest" },
	OPT_SHARED('s'),
	OPT_SHARED('u'),
	OPT_SHARED('v'),
	{ 'w', NULL, "write what rests, checks and afflictions change back to the party file" },
	{ 0, NULL, NULL }
};

static const struct opt_spec spec = {
	prog, "timedice [-hjuVvw] [-f FILE] [-L LEVEL] [-n COUNT] [-p FILE] "
	    "[-r RULES] "
	    "[-s SEED] [COMMAND ...]", options, 0
};

static const char *const hours_keys[] = { "duration", "rest", NULL };

/* timedice TURN DAY HH:MM KEY ARG TEXT, TEXT cut at 1,023 bytes */
static void
event(struct rec_writer *w, uint64_t turn, uint64_t tick, const char *key,
    const char *arg, const char *text)
{
	int hours = word_in(key, hours_keys) >= 0;
	char now[8];

	rec_begin(w, hours ? REC_LAYOUT(TIMEDICE_HOURS) :
	    REC_LAYOUT(TIMEDICE_NAMED), turn);
	rec_u64(w, clock_day(tick));
	rec_str(w, clock_hhmm(tick, now));
	rec_str(w, key);
	if (hours)
		rec_num(w, arg);
	else
		rec_str(w, arg);
	rec_text(w, "%.1023s", text);
	rec_end(w);
}

/* timedice TURN DAY HH:MM DICE QUARTER TEXT; LEAD comes before the time. */
static void
clock_record(struct rec_writer *w, uint64_t turn, uint64_t tick,
    const char *lead)
{
	int hour = clock_hour(tick);
	char now[8], when[CLOCK_WHEN_SIZE];

	/* the day's digits are those of "HH:MM on day D", written once */
	clock_when(tick, when);
	rec_begin(w, REC_LAYOUT(TIMEDICE_CLOCK), turn);
	rec_num(w, when + CLOCK_WHEN_DAY);
	rec_str(w, clock_hhmm(tick, now));
	rec_str(w, clock_dice(hour, 0));
	rec_str(w, quarter_004[clock_quarter(tick)]);
	rec_text(w, "%s%sIt is %s, %s.", lead, *lead ? " " : "", when,
	    clock_dice(hour, 1));
	rec_end(w);
}

/* The turn of an event K ticks into this step. */
static uint64_t
turn_at(const struct run *run, uint64_t k)
{
	if (run->filter)
		return run->sturn;
	return run->turn0 + (k + run->unit - 1) / run->unit;
}

/* What the clock's passing says: timedice TURN DAY HH:MM KEY NAME TEXT. */
static void
say_event(void *ctx, uint64_t k, uint64_t tick, const char *key,
    const char *name, const char *text)
{
	const struct run *run = ctx;

	event(run->w, turn_at(run, k), tick, key, name, text);
}

/* TICKS pass: timers run out, stages end, resting or not (clockstate.c). */
static void
pass(struct run *run, uint64_t ticks, int resting)
{
	clockstate_pass(&run->s, ticks, resting, &run->party, say_event, run);
}

/* A rest of HOURS, said (clockstate_rest); under -r dungeonturn, 002's. */
static void
rest_record(struct run *run, uint64_t hours)
{
	char arg[24], says[CLOCKSTATE_REST_SIZE];

	snprintf(arg, sizeof arg, "%llu", (unsigned long long)hours);
	clockstate_rest(&run->s, &run->party, hours, run->a.how |
	    (run->rules == R_DUNGEONTURN ? REST_DUNGEON : 0), run->a.until,
	    says, sizeof says);
	event(run->w, run->s.turn + 1, run->s.tick, "rest", arg, says);
}

/*
 * turn, hour, day, rest, a stream's turn: N turns of UNIT ticks each, then
 * the clock (in filter mode, when the hour changes) and resilience.
 */
static void
advance(struct run *run, uint64_t n, uint64_t unit, int resting)
{
	struct clockstate *s = &run->s;
	uint64_t from = s->tick, before = s->timers.since_rest;
	char lead[CLOCK_PASSED_SIZE];

	run->turn0 = s->turn;
	run->unit = unit;
	if (resting)
		rest_record(run, n);
	pass(run, n * unit, resting);
	s->turn += n;
	if (!run->filter || from / CLOCK_HOUR_TURNS != s->tick / CLOCK_HOUR_TURNS)
		clock_record(run->w, turn_at(run, n * unit), s->tick,
		    clock_passed(from, s->tick, lead, sizeof lead));
	if (!resting && run->party.n > 0)
		clockstate_resilience(&run->s, &run->party, before, n * unit,
		    say_event, run);
}

/* 004: "2d6 ... (3, 2). It is 05:00h"; from HOUR, the sum is added to it. */
static void
roll_time(struct run *run)
{
	struct clockstate *s = &run->s;
	char lead[128], dice[64], base[8];
	uint64_t sum = clock_roll(&s->st.rng, (int)run->a.n, dice, sizeof dice);
	uint64_t to = s->tick - s->tick % CLOCK_DAY + (run->a.from ?
	    run->a.time + sum * CLOCK_HOUR_TURNS : (sum - 1) * CLOCK_HOUR_TURNS);

	if (run->a.from)
		snprintf(lead, sizeof lead, "From %s, %s hours later.",
		    clock_hhmm(run->a.time, base), dice);
	else
		snprintf(lead, sizeof lead, "%s.", dice);
	if (to > CLOCK_MAX)
		esc_errx(EXIT_BAD, "the clock cannot run past day %d", CLOCK_DAY_MAX);
	s->tick = to;
	clock_record(run->w, run->index, s->tick, lead);
}

/* 004: time dice for "the duration of an effect", in hours. */
static void
duration(struct run *run)
{
	struct clockstate *s = &run->s;
	char dice[64], hours[24], until[CLOCK_WHEN_SIZE], says[160];
	uint64_t sum = clock_roll(&s->st.rng, (int)run->a.n, dice, sizeof dice);

	snprintf(hours, sizeof hours, "%llu", (unsigned long long)sum);
	snprintf(says, sizeof says, "%s: the effect lasts %s hours, until %s.",
	    dice, hours, clock_when(s->tick + sum * CLOCK_HOUR_TURNS, until));
	event(run->w, run->index, s->tick, "duration", hours, says);
}

/* timer NAME LENGTH: a count of units, or dice rolled now. */
static void
set_timer(struct run *run)
{
	struct clockstate *s = &run->s;
	char says[1024];

	timer_start(&s->timers, run->a.name, &run->a.len, &s->st.rng, s->tick,
	    says, sizeof says);
	event(run->w, s->turn, s->tick, "timer", run->a.name, says);
}

/* The running timers, then the afflictions: "Pip suffers venom, stage 2 ..." */
static void
list_timers(struct run *run)
{
	const struct clockstate *s = &run->s;
	char says[AFFLICT_SAYS_SIZE];
	int i;

	if (s->timers.n == 0 && s->aff->n == 0)
		event(run->w, s->turn, s->tick, "timers", "none",
		    "No timers are running.");
	for (i = 0; i < s->timers.n; i++) {
		timer_listed(&s->timers.t[i], s->tick, says, sizeof says);
		event(run->w, s->turn, s->tick, "timer", s->timers.t[i].name, says);
	}
	for (i = 0; i < s->aff->n; i++) {
		afflict_listed(&s->aff->a[i], s->tick, says, sizeof says);
		event(run->w, s->turn, s->tick, "affliction", s->aff->a[i].name,
		    says);
	}
}

static void
cancel(struct run *run)
{
	char says[192];

	timer_cancel(&run->s.timers, run->a.name, says, sizeof says);
	event(run->w, run->s.turn, run->s.tick, "cancelled", run->a.name, says);
}

/*
 * 004: "A PC can become afflicted by disease, poison, or venom ... a CON
 * mod check ... If the PC fails, they become infected by the corruption."
 */
static void
infect(struct run *run)
{
	struct clockstate *s = &run->s;
	struct affliction *a = &run->a.aff;
	char says[AFFLICT_SAYS_SIZE + 256];

	afflict_begin(s->aff, a, party_find(&run->party, a->name), &s->st.rng,
	    &s->env, run->a.first, s->tick, says, sizeof says);
	event(run->w, s->turn, s->tick, "infect", a->name, says);
}

/* 004: "Magic and medicine ... Mundane healing ... removes penalties." */
static void
cure(struct run *run)
{
	struct clockstate *s = &run->s;
	const struct affliction *a = &run->a.aff;
	char says[160];

	afflict_cure(s->aff, afflict_find(s->aff, a->name, a->source), says,
	    sizeof says);
	event(run->w, s->turn, s->tick, "cured", a->name, says);
}

static void
set_clock(struct run *run)
{
	struct clockstate *s = &run->s;
	uint64_t day = run->a.day ? run->a.day : clock_day(s->tick);

	s->tick = (day - 1) * CLOCK_DAY + run->a.time;
	clock_record(run->w, s->turn, s->tick, "The clock is set.");
}

/* 004: room N: every 3 (or 4) rooms or scenes, an hour passes. */
static void
rooms(struct run *run)
{
	struct clockstate *s = &run->s;
	char arg[16], says[128];
	uint64_t i;
	int hour;

	for (i = 0; i < run->a.n; i++) {
		hour = clockstate_room(s, says, sizeof says);
		snprintf(arg, sizeof arg, "%d", hour ? s->per_hour : s->rooms);
		event(run->w, s->turn, s->tick, "room", arg, says);
		if (hour)
			advance(run, 1, CLOCK_HOUR_TURNS, 0);
	}
}

static void
rooms_per_hour(struct run *run)
{
	struct clockstate *s = &run->s;
	char arg[16], says[64];

	clockstate_per_hour(s, (int)run->a.n, says, sizeof says);
	snprintf(arg, sizeof arg, "%d", s->per_hour);
	event(run->w, s->turn, s->tick, "rooms-per-hour", arg, says);
}

/* show */
static void
show(struct run *run)
{
	clock_record(run->w, run->s.turn, run->s.tick, "");
}

/* turn, hour, day: N turns of the command's UNIT ticks each. */
static void
move_clock(struct run *run)
{
	const struct command *c = run->a.c;

	advance(run, run->a.n * c->turns, c->unit, 0);
}

/* rest HOURS, rest until TIME: hours pass resting. */
static void
rest(struct run *run)
{
	const struct args *a = &run->a;

	advance(run, a->until != NULL ? clock_hours_until(run->s.tick, a->time) :
	    a->n, CLOCK_HOUR_TURNS, 1);
}

/*
 * The commands (timedice(6) COMMANDS), in enum cmd's order: the words
 * they take, the command's own with them; N's bounds when the second word
 * is a count; for those that move the clock, the turns of an N and the
 * ticks of a turn.  -n repeats only those with a count.
 */
#define N2 (1u << 2)	/* "hour N" */
#define N4 (1u << 4)	/* "roll N from TIME" */

static const struct command commands[] = {
	[C_SHOW] = { "show", "show", 0, 1, 1,
	    0, 0, 0, 0, 0, show },
	[C_SET] = { "set", "set TIME [DAY]", 0, 2, 3,
	    0, 0, 0, 0, 0, set_clock },
	[C_ROLL] = { "roll", "roll N [from TIME]", 1, 2, 4,
	    1, TIME_DICE_004, N2 | N4, 0, 0, roll_time },
	[C_DURATION] = { "duration", "duration N", 1, 2, 2,
	    1, TIME_DICE_004, N2, 0, 0, duration },
	[C_TURN] = { "turn", "turn [N]", 1, 1, 2,
	    1, CLOCK_MAX, N2, 1, 1, move_clock },
	[C_HOUR] = { "hour", "hour [N]", 1, 1, 2,
	    1, CLOCK_MAX / CLOCK_HOUR_TURNS, N2, 1, CLOCK_HOUR_TURNS, move_clock },
	[C_DAY] = { "day", "day [N]", 1, 1, 2,
	    1, CLOCK_DAY_MAX - 1, N2, DAY_HOURS_004, CLOCK_HOUR_TURNS, move_clock },
	[C_REST] = { "rest", "rest [HOURS | until TIME] [unsafe] [unfed]", 1, 1, 3,
	    1, CLOCK_MAX / CLOCK_HOUR_TURNS, N2, 1, CLOCK_HOUR_TURNS, rest },
	[C_TIMER] = { "timer", "timer NAME LENGTH", 0, 3, 3,
	    0, 0, 0, 0, 0, set_timer },
	[C_TIMERS] = { "timers", "timers", 0, 1, 1,
	    0, 0, 0, 0, 0, list_timers },
	[C_CANCEL] = { "cancel", "cancel NAME", 0, 2, 2,
	    0, 0, 0, 0, 0, cancel },
	[C_ROOM] = { "room", "room [N]", 0, 1, 2,
	    1, 1000, N2, 0, 0, rooms },
	[C_ROOMS] = { "rooms-per-hour", "rooms-per-hour 3|4", 0, 2, 2,
	    ROOMS_HOUR_004, ROOMS_HOUR_MAX_004, N2, 0, 0, rooms_per_hour },
	[C_INFECT] = { "infect", "infect NAME SOURCE LENGTH [dc=N] "
	    "[ability=con|str|int] [damage=DICE] [first=exhaustion]", 0, 4, 8,
	    0, 0, 0, 0, 0, infect },
	[C_CURE] = { "cure", "cure NAME SOURCE", 0, 3, 3,
	    0, 0, 0, 0, 0, cure }
};

#define NCOMMANDS (int)(sizeof commands / sizeof commands[0])

/* Filter mode: each new turn number is a turn passing (delving(7)). */
static void
filter(struct run *run)
{
	struct rec_reader *rd = rec_open(STDIN_FILENO, run->w);
	const struct rec *r;
	int turns;

	while ((r = rec_read(rd)) != NULL) {
		if ((turns = rec_turns(rd)) == 0)
			continue;
		if (run->s.turn >= (uint64_t)COUNT_MAX)
			esc_errx(EXIT_BAD, "turn: more than %lld turns", COUNT_MAX);
		run->sturn = r->turn;
		if (turns <= TRAVEL_TURN_004)
			advance(run, 1, (uint64_t)turns, 0);
		else {	/* a day's or a week's: its nights (clockstate_travel) */
			run->s.turn++;
			clockstate_travel(&run->s, &run->party, turns, say_event, run);
			clock_record(run->w, run->sturn, run->s.tick,
			    cadence_004[cadence_of_turns(turns)].passes);
		}
	}
	rec_close(rd);
}

/* rest until TIME: a time, or a quarter's word (dawn is 07:00). */
static void
rest_until(struct args *a, const char *s)
{
	int q = word_in(s, quarter_words_004);
	const char *why;

	a->until = s;
	a->n = DAY_HOURS_004;	/* the most it rests: checked against the clock */
	if (q >= 0)
		a->time = (uint64_t)q * CLOCK_QUARTER;
	else if ((why = clock_parse(s, &a->time)) != NULL)
		esc_errx(EXIT_BAD, "rest until: '%s': %s, or pre-dawn, dawn, "
		    "afternoon or nightfall", s, why);
}

/* The command's row, by its name; for a word that is none, their list. */
static const struct command *
command_named(const char *word)
{
	char list[256];
	size_t n = 0;
	int i;

	for (i = 0; i < NCOMMANDS; i++) {
		if (strcmp(word, commands[i].name) == 0)
			return &commands[i];
		n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? " " :
		    "", commands[i].name);
	}
	esc_errx(EXIT_BAD, "%s: not a command (%s)", word, list);
}

/* The command's words, its own first: how many, and their shape. */
static int
command_fits(enum cmd c, int argc, char **argv)
{
	if (argc < commands[c].least || argc > commands[c].most)
		return 0;
	if (c == C_ROLL)	/* roll N [from TIME] */
		return argc != 3 && (argc != 4 || strcmp(argv[2], "from") == 0);
	if (c == C_REST && argc > 1)	/* rest HOURS, rest until TIME */
		return (argc == 3) == (strcmp(argv[1], "until") == 0);
	return 1;
}

/* The operands after the command's N: times, names, an affliction. */
static void
command_words(struct args *a, int argc, char **argv)
{
	enum cmd c = a->cmd;
	const char *why, *bad;

	if (c == C_REST && argc == 3)
		rest_until(a, argv[2]);
	else if (c == C_SET || (c == C_ROLL && argc == 4)) {
		a->from = c == C_ROLL;	/* roll N from TIME; set TIME [DAY] */
		bad = argv[a->from ? 3 : 1];
		if ((why = clock_parse(bad, &a->time)) != NULL)
			esc_errx(EXIT_BAD, "%s: '%s': %s", a->from ? "roll: from" :
			    "set", bad, why);
		if (c == C_SET && argc == 3)
			a->day = (uint64_t)estrtonum(argv[2], 1, CLOCK_DAY_MAX, "set: DAY");
	} else if (c == C_TIMER || c == C_CANCEL) {
		if (!name_ok(argv[1]) || !utf8_ok(argv[1], strlen(argv[1])))
			esc_errx(EXIT_BAD, "%s: '%s': a name is 1 to 32 printable "
			    "characters without blanks", argv[0], argv[1]);
		a->name = argv[1];
		if (c == C_TIMER && (why = clock_length(&a->len, argv[2])) != NULL)
			esc_errx(EXIT_BAD, "timer: '%s': %s", argv[2], why);
	} else if ((c == C_INFECT || c == C_CURE) && (why = afflict_args(&a->aff,
	    &a->first, argc - 1, argv + 1, &bad)) != NULL)
		esc_errx(EXIT_BAD, "%s: '%s': %s", argv[0], bad, why);
}

static void
parse_command(struct args *a, int argc, char **argv)
{
	static const char *const ways[] = { "unsafe", "unfed", NULL };	/* REST_ */
	int w;

	if (argc == 0)
		return;
	a->c = command_named(argv[0]);
	a->cmd = (enum cmd)(a->c - commands);
	/*
	 * 004: "A PC heals 1 HP per night of unsafe rest"; "Exhaustion can
	 * only be cured with sufficient rest and food": the last words
	 * unsafe and unfed, in either order, once each
	 */
	for (; a->cmd == C_REST && argc > 1 && (w = word_in(argv[argc - 1],
	    ways)) >= 0 && !(a->how & 1u << w); argc--)
		a->how |= 1u << w;
	if (a->cmd == C_TIMER && argc == 4)	/* "timer bless 3 hours" */
		esc_errx(EXIT_BAD, "timer: '%s %s': LENGTH is one word, as "
		    "timer %s %s%s: a count and its unit (turns, hours, days, "
		    "weeks) or dice such as 2d6hours", argv[2], argv[3], argv[1],
		    argv[2], argv[3]);
	if (!command_fits(a->cmd, argc, argv))
		esc_errx(EXIT_BAD, "%s: expected %s", argv[0], a->c->syntax);
	a->n = a->cmd == C_REST ? REST_HOURS_004 : 1;
	a->hours_given = a->cmd == C_REST && argc == 2;
	if (a->c->n_words >> argc & 1)	/* N: the second word */
		a->n = (uint64_t)estrtonum(argv[1], a->c->n_least, a->c->n_most,
		    argv[0]);
	command_words(a, argc, argv);
}

/* What depends on the state: the timer named, room, the clock's end. */
static void
check_command(const struct run *run, long long count)
{
	const struct args *a = &run->a;
	uint64_t step = a->n * a->c->turns * a->c->unit;

	if (count > 1 && !a->c->repeats)
		esc_errx(EXIT_BAD, "-n: %s is done once (-n repeats roll, duration, "
		    "turn, hour, day and rest)", a->c->name);
	if (a->cmd == C_CANCEL && timer_find(&run->s.timers, a->name) < 0)
		esc_errx(EXIT_BAD, "cancel: '%s': no such timer", a->name);
	if (a->cmd == C_TIMER && !timer_room(&run->s.timers, a->name))
		esc_errx(EXIT_BAD, "timer: %s: there are already %d timers", a->name,
		    TIMER_MAX);
	if (a->c->turns > 0 &&
	    (uint64_t)count > (CLOCK_MAX - run->s.tick) / step)
		esc_errx(EXIT_BAD, "%s: the clock cannot run past day %d",
		    a->c->name, CLOCK_DAY_MAX);
	/* the clock's bound, just above, keeps this product small */
	if (a->c->turns > 0 &&
	    (uint64_t)count * a->n * a->c->turns > COUNT_MAX - run->s.turn)
		esc_errx(EXIT_BAD, "%s: the turn count would pass %lld",
		    a->c->name, COUNT_MAX);
}

/*
 * -r dungeonturn: rest is 002's, "Resting for 1 hour in the dungeon only
 * heals 1d8 + str bonus.  Resting for 8 hours is not possible in a
 * dungeon": 1 hour unless HOURS are given, fewer than 8 in all.
 */
static void
dungeon_rest(struct run *run, long long count)
{
	struct args *a = &run->a;
	const char *way = a->how & REST_UNSAFE ? "unsafe" : "unfed";
	uint64_t hours;

	if (run->rules != R_DUNGEONTURN || a->cmd != C_REST || run->filter)
		return;
	if (a->how)
		esc_errx(EXIT_BAD, "rest: %s: under -r dungeonturn every rest is "
		    "in the dungeon (002); %s is 004's, -r travel", way, way);
	if (!a->hours_given && a->until == NULL)
		a->n = 1;
	hours = a->until == NULL ? a->n : count > 1 ? DAY_HOURS_004 :
	    clock_hours_until(run->s.tick, run->a.time);
	/* both below 8 first, so that the product is small */
	if (hours >= DUNGEON_REST_MAX_002 || count >= DUNGEON_REST_MAX_002 ||
	    hours * (uint64_t)count >= DUNGEON_REST_MAX_002)
		esc_errx(EXIT_BAD, "rest: resting for 8 hours is not possible in a "
		    "dungeon (002): at most 7 hours, with -n in all");
	chars_rest_dungeon_need(&run->party);
}

struct opts {
	OPT_COMMON;		/* -fjnprsuv */
	const char *level;	/* -L */
	int	 write;
};

static void
option(void *ctx, int letter, char *v)
{
	struct opts *o = ctx;

	switch (letter) {
	case 'L': o->level = v; break;
	case 'w': o->write = 1; break;
	}
}

static void
operands(struct run *run, const struct opts *o, int argc, char **argv)
{
	run->filter = argc > 0 && strcmp(argv[0], "-") == 0;
	if (!run->filter) {
		parse_command(&run->a, argc, argv);
		return;
	}
	if (argc > 1)
		esc_errx(EXIT_BAD, "%s: the stream - takes no command", argv[1]);
	if (o->count_set)
		esc_errx(EXIT_BAD, "-n: with - the stream's own turns are counted");
}

/*
 * The world's conditions on the checks (delving(7) Checks and conditions):
 * without -r, DELVING_RULES's name, when it is not the procedure's, joins
 * its conditions to the procedure's (004's or 002's), so that in a 000
 * session 000's "No light: Setback on all rolls" reaches the resilience and
 * corruption checks; -L LEVEL is the light, as hazard's (timedice runs
 * before light: it reads no light record), refused where no rules in force
 * have a condition of the light.
 */
static void
world_light(struct check_env *env, const struct opts *o)
{
	int w = o->rules == NULL ? check_rules(NULL, -1) : -1;

	env->world = w >= 0 && w != env->rules ? w + 1 : 0;
	if (o->level == NULL)
		return;
	env->dark = check_level("-L", o->level);
	if (w != R_EXPLORATION && w != R_BOOKKEEPING)
		esc_errx(EXIT_BAD, "-L: the light changes timedice's checks under "
		    "000's rules only (DELVING_RULES exploration or bookkeeping, "
		    "without -r)");
}

int
main(int argc, char *argv[])
{
	struct run run = { .a = { .c = &commands[C_SHOW] } };
	struct opts o = { 0 };
	struct afflictions aff;	/* not zeroed whole: 13 KiB a run */

	clockstate_init(&run.s, &aff);
	util_init();
	argv = opt_parse(&spec, &o.com, &argc, argv, option, &o);
	operands(&run, &o, argc, argv);
	if (o.file != NULL) {
		run.with.state = kwf_update(o.file, prog);
		clockstate_load(&run.s, run.with.state);
	}
	run.rules = rules_pick(o.rules, -1, RULES_BIT(R_TRAVEL) |
	    RULES_BIT(R_DUNGEONTURN), R_TRAVEL);
	run.s.env.rules = run.rules;	/* DELVING_RULES passed over (check_rules) */
	run.s.env.verbose = o.verbose;
	world_light(&run.s.env, &o);
	if (o.write && party_path(o.party) == NULL)
		esc_errx(EXIT_BAD, "-w: writes exhaustion back to a party file: give -p FILE or DELVING_PARTY");
	/* 004: "resilience equal to their CON score", in hours; 002: none */
	party_open_with(&run.with, &run.party, party_path(o.party), o.write ?
	    PARTY_WRITE : PARTY_READ, run.rules == R_TRAVEL ?
	    1u << PK_RESILIENCE : 0);
	if (run.a.cmd == C_INFECT || run.a.cmd == C_CURE)
		afflict_need(run.s.aff, &run.a.aff, run.a.cmd == C_INFECT,
		    o.file != NULL, run.party.n > 0 ? &run.party : NULL);
	dungeon_rest(&run, o.count);
	check_command(&run, o.count);
	stream_start(&run.s.st, prog, o.seed, o.verbose);
	run.w = rec_writer_open(prog, o.unbuffered);
	rec_json(run.w, o.json);
	if (run.filter) {
		rec_as_read(run.w);
		filter(&run);
	} else	/* COMMAND; with -n, once for each of the COUNT */
		for (run.index = 1; run.index <= (uint64_t)o.count; run.index++)
			run.a.c->fn(&run);
	rec_writer_close(run.w);
	if (run.with.state != NULL)
		clockstate_put(&run.s, run.with.state);
	party_commit_with(&run.with, &run.party);
	return EXIT_OK;
}
