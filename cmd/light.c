/*
 * light: the party's light sources burning down through the turns, under
 * the rules of seeds 000 to 004, and what the party can see (light(6)).
 * The sources and their rules are common/lamp.c's.
 */
#include <err.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "lamp.h"
#include "lampstate.h"
#include "opt.h"
#include "record.h"
#include "rules.h"
#include "kwf.h"
#include "util.h"

static const char prog[] = "light";

#define TICK_MAX	1000000

enum command { C_ADD, C_OUT, C_RELIGHT, C_REFILL, C_WIND, C_TICK, C_STATUS,
	C_FILTER, C_HAZARD, C_SNOW };

static const char *const command_names[] = {
	"add", "out", "relight", "refill", "wind", "tick", "status", "-",
	"hazard", "snow", NULL
};

struct run {
	struct lamp l;		/* with the stream: what the state file keeps */
	struct stream st;
	unsigned long long at;	/* the TURN of the records being written */
	int	 level;		/* the party's level, as last written */
	int	 listed;	/* sources listed before -l lit any */
	unsigned long long written;	/* records written */
	const char *said;	/* and its sentence */
	int	 clocked;	/* -c: the clock is known, at turn CLOCK */
	int	 recorded;	/* timedice's clock records tell it: -c's stops */
	uint64_t clock;		/* in ten-minute turns (clock.h) */
	int	 hold;		/* 004 filter: the level waits for the turn's end */
	struct rules_heed heed;	/* the stream's rules, said once if not ours */
	int	 held;		/* and a level is waiting */
	struct rec_writer *w;	/* the records, on standard output */
};

struct opts {
	OPT_COMMON;		/* -fjnrsuv */
	const char *kinds, *usage, *clock;
	int	 darkvision;
};

struct cmdline {
	enum command cmd;
	const char *arg, *name;
	char	**names;	/* out NAME ... */
	int	 nnames;
	int	 kind;
	long	 turns;
};

/* light's options, its own and the shared ones (opt.c), in -h's order. */
static const struct opt options[] = {
	{ 'c', "TIME", "the clock at the start, HH:MM or time dice (004: day or night)" },
	{ 'D', NULL, "the party has darkvision (kept in the state file)" },
	{ 'e', "DIE", "the usage die a source starts with (alarm rules)" },
	{ 'f', NULL, "keep the sources in FILE" },
	OPT_SHARED('j'),
	{ 'l', "KIND[,KIND...]", "light these sources before the first turn" },
	{ 'n', NULL, "with tick: pass COUNT turns" },
	{ 'r', NULL, "the rules: exploration, delving, alarm, travel, ..." },
	OPT_SHARED('s'),
	OPT_SHARED('u'),
	{ 'v', NULL, "print the seed on standard error" },
	{ 0, NULL, NULL }
};

static const struct opt_spec spec = {
	prog, "light [-DhjuVv] [-c TIME] [-e DIE] [-f FILE] [-l KIND[,KIND...]] "
	    "[-n COUNT] [-r RULES] [-s SEED] [COMMAND ...]", options, 0
};


/* One record: light TURN NAME KIND STATE LEFT TEXT, LEFT "-" if no count. */
static void
emit(void *arg, const struct lamp_source *src, const char *text)
{
	struct run *run = arg;

	run->written++;
	rec_begin(run->w, REC_LAYOUT(LIGHT_SOURCE), run->at);
	rec_str(run->w, src->name);
	rec_str(run->w, light_kinds[src->kind]);
	rec_str(run->w, lamp_states[src->state]);
	if (src->left >= 0)
		rec_i64(run->w, src->left);
	else
		rec_str(run->w, "-");
	rec_text(run->w, "%s", text);
	rec_end(run->w);
}

/* light TURN party - LEVEL - TEXT */
static void
emit_level(struct run *run, int lv)
{
	run->level = lv;
	run->said = lamp_level_text(&run->l, lv);
	run->written++;
	rec_begin(run->w, REC_LAYOUT(LIGHT_PARTY), run->at);
	rec_str(run->w, "party");
	rec_str(run->w, "-");
	rec_str(run->w, run->l.lr->level[lv].name);
	rec_str(run->w, "-");
	rec_str(run->w, run->said);
	rec_end(run->w);
}

/* A party record whenever the level, or what it costs, changes. */
static void
level_check(struct run *run)
{
	int lv = lamp_level(&run->l);

	if (run->hold) {	/* said when the turn's lines are read */
		run->held = 1;
		return;
	}
	if (lv != run->level || lamp_level_text(&run->l, lv) != run->said)
		emit_level(run, lv);
}

/* The next turn: 1 when a source burnt through it, and may warn. */
static int
next_turn(struct run *run, long turns)
{
	if (run->l.turn >= (unsigned long long)COUNT_MAX)
		esc_errx(EXIT_BAD, "turn: more than %lld turns", COUNT_MAX);
	run->l.turn++;
	if (!lamp_burning(&run->l))	/* nothing burns down: the level */
		return 0;		/* said last stands (as tick's) */
	lamp_pass(&run->l, &run->st.rng, turns);
	level_check(run);
	return 1;
}

/* The hour is known from now on: the level follows it (004 only). */
static void
daylight_set(struct run *run, int quarter)
{
	if (run->l.lr->daylight == NULL)
		return;		/* 000-003: underground, the clock lights nothing */
	run->l.daylight = clock_daylight(quarter);
	run->hold = run->held = 0;
	level_check(run);
}

/*
 * A clock record of timedice (its DICE field starts with a digit) says
 * the quarter of the day; from then on the records, not -c, tell it.
 */
static void
clock_read(struct run *run, const struct rec *r)
{
	if (r->nf < 6 || r->f[4][0] < '0' || r->f[4][0] > '9')
		return;
	run->recorded = 1;
	daylight_set(run, strcmp(r->f[5], quarter_004[1]) == 0 ? 1 :
	    strcmp(r->f[5], quarter_004[2]) == 0 ? 2 : 0);
}

/*
 * -c: the clock moves with the turns passed (a travel turn, an hour),
 * until a clock record of timedice says the hour.
 */
static void
clock_pass(struct run *run, unsigned long long turns)
{
	if (!run->clocked || run->recorded)
		return;
	run->clock = (run->clock + turns) % CLOCK_DAY;
	if (run->l.lr->daylight != NULL)
		run->l.daylight = clock_daylight(clock_quarter(run->clock));
}

/* The level held back through a turn, said at its end. */
static void
level_release(struct run *run)
{
	if (!run->held)
		return;
	run->hold = run->held = 0;
	level_check(run);
	run->hold = 1;
}

/*
 * Filter mode: each new turn number is a turn (a travel turn: an hour, a
 * day or a week).  004: until a clock record of timedice has told the
 * hour, the party's level is said at the end of each turn, so that the
 * turn's clock record, coming after its hazard record, counts.
 */
static void
filter(struct run *run)
{
	struct rec_reader *rd = rec_open(STDIN_FILENO, run->w);
	const struct rec *r;
	int turns, burnt, struck;

	run->hold = run->l.lr->daylight != NULL && !run->clocked;
	run->heed.rules = run->l.rules;
	while ((r = rec_next(rd)) != NULL) {
		if ((turns = rec_turns(rd)) > 0)
			level_release(run);
		rec_pass(rd);
		run->at = r->turn;
		if (turns > 0)
			clock_pass(run, (unsigned long long)turns);
		if (r->prog == REC_HAZARD && r->nf > 3)
			rules_heed(&run->heed, prog, r->f[3]);
		burnt = turns > 0 && next_turn(run, turns);
		if (turns > 0 && !burnt && run->clocked && !run->recorded)
			level_check(run);	/* day or night changed it */
		struck = r->prog == REC_HAZARD && lamp_strikes(&run->l, r->f[3]);
		if (struck)
			lamp_strike(&run->l);
		else if (r->prog == REC_TIMEDICE)
			clock_read(run, r);
		if (burnt)	/* a warning is set only as a source burns */
			lamp_warn(&run->l);
		if (struck)
			level_check(run);	/* next_turn said the rest */
	}
	level_release(run);
	rec_close(rd);
}

/* tick: each turn on its own (004: a travel turn, an hour). */
static void
tick(struct run *run, long long count, long turns)
{
	unsigned long long total, i, before;

	if (turns > 0 && count > (COUNT_MAX - (long long)run->l.turn) / turns)
		esc_errx(EXIT_BAD, "tick: the turn count would pass %lld",
		    COUNT_MAX);
	total = (unsigned long long)count * (unsigned long long)turns;
	for (i = 0; i < total; i++) {
		if (!lamp_burning(&run->l)) {	/* time passes in one step */
			run->l.turn += total - i;
			clock_pass(run, (total - i) * (unsigned long long)
			    lamp_stretch(&run->l));
			run->at = run->l.turn;
			level_check(run);	/* as the clock ends it */
			break;
		}
		run->at = run->l.turn + 1;
		before = run->written;
		clock_pass(run, (unsigned long long)lamp_stretch(&run->l));
		next_turn(run, lamp_stretch(&run->l));
		lamp_warn(&run->l);
		if (run->written == before)	/* a quiet turn: the light holds */
			emit_level(run, run->level);
	}
}

/* Each source listed before -l (those it lit were said), and the level. */
static void
status(struct run *run)
{
	run->at = run->l.turn;
	lamp_status(&run->l, run->listed, 0);
	emit_level(run, lamp_level(&run->l));
}

/*
 * out NAME ...: each in turn; out all, out spent, unless a source is so
 * named.  A command that changes nothing says the level.
 */
static void
out(struct run *run, const struct cmdline *c)
{
	unsigned long long before = run->written;
	int i;

	for (i = 0; i < c->nnames; i++)
		if (lamp_find(&run->l, c->names[i]) == NULL &&
		    (c->nnames > 1 || (strcmp(c->arg, "all") != 0 &&
		    strcmp(c->arg, "spent") != 0)))
			esc_errx(EXIT_BAD, "out: '%s': no such light source",
			    c->names[i]);
	if (c->nnames == 1 && lamp_find(&run->l, c->arg) == NULL) {
		if (strcmp(c->arg, "all") == 0)
			lamp_out_all(&run->l);
		else
			lamp_clear_spent(&run->l);
	} else
		for (i = 0; i < c->nnames; i++)
			lamp_out(&run->l, c->names[i]);
	if (run->written == before)
		emit_level(run, lamp_level(&run->l));
}

static void
execute(struct run *run, const struct cmdline *c, long long count)
{
	run->at = run->l.turn;
	switch (c->cmd) {
	case C_ADD: lamp_light(&run->l, c->kind, c->name); break;
	case C_OUT: out(run, c); break;
	case C_HAZARD: lamp_strike(&run->l); break;	/* it strikes: parse */
	case C_SNOW:
		run->l.snow = c->kind;
		emit_level(run, lamp_level(&run->l));
		return;
	case C_RELIGHT: lamp_relight(&run->l, c->arg); break;
	case C_REFILL: lamp_refill(&run->l, c->arg); break;
	case C_WIND: lamp_wind(&run->l); break;
	case C_TICK: tick(run, count, c->turns); return;
	case C_STATUS: status(run); return;
	case C_FILTER: filter(run); return;
	}
	level_check(run);
}

static void
parse_command(const struct run *run, struct cmdline *c, int argc, char **argv)
{
	static const int args_min[] = { 1, 1, 1, 1, 0, 0, 0, 0, 1, 1 };
	static const int args_max[] = { 2, LAMP_MAX, 1, 1, 0, 1, 0, 0, 1, 1 };
	int cmd;

	memset(c, 0, sizeof *c);
	c->cmd = C_STATUS;
	c->turns = 1;
	if (argc == 0)
		return;
	if ((cmd = word_in(argv[0], command_names)) < 0)
		esc_errx(EXIT_BAD, "%s: not a command (add, out, relight, refill, "
		    "wind, tick, status, hazard, -)", argv[0]);
	c->cmd = (enum command)cmd;
	if (argc - 1 < args_min[cmd])
		opt_usage(&spec, "%s: an operand is missing", argv[0]);
	if (argc - 1 > args_max[cmd])
		opt_usage(&spec, "%s: one operand too many", argv[args_max[cmd] + 1]);
	c->arg = argv[1];
	c->names = argv + 1;
	c->nnames = argc - 1;
	if (cmd == C_HAZARD && !lamp_strikes(&run->l, c->arg))
		esc_errx(EXIT_BAD, "hazard: '%s': not a key that strikes lights under "
		    "the %s rules (%s)", c->arg, rules_names[run->l.rules],
		    run->l.lr->strike != NULL ? run->l.lr->strike : "none");
	if (cmd == C_SNOW && (run->l.lr->daylight == NULL ||
	    (c->kind = word_in(c->arg, yes_no)) < 0))
		esc_errx(EXIT_BAD, "snow: '%s': expected yes or no, under the travel "
		    "rules (004)", c->arg);
	if (cmd == C_ADD) {
		c->kind = lamp_kind(&run->l, argv[1], "add");
		if ((c->name = argv[2]) != NULL && !lamp_name_ok(c->name))
			esc_errx(EXIT_BAD, "add: '%s': a name is 1 to 32 printable "
			    "characters, no blanks, not 'party', no leading '-'",
			    c->name);
	} else if (cmd == C_TICK && argc == 2)
		c->turns = (long)estrtonum(argv[1], 0, TICK_MAX, "tick");
}

static void
setup(struct run *run, const struct opts *o)
{
	struct lamp *l = &run->l;

	l->lr = light_rules[l->rules];
	if (o->darkvision && !l->lr->sight)
		esc_errx(EXIT_BAD, "-D: the %s rules give darkvision no meaning",
		    rules_names[l->rules]);
	if (o->usage != NULL && l->rules != R_ALARM)
		esc_errx(EXIT_BAD, "-e: the usage die is the alarm rules' (003), "
		    "not the %s rules'", rules_names[l->rules]);
	l->usage = o->usage != NULL ? lamp_usage_die(o->usage, "-e") :
	    USAGE_DIE_003;
	l->say = emit;
	l->arg = run;
	if (o->file != NULL)
		lamp_check(l, o->file);
}

/* How many of KINDS[0..I] are KINDS[I]: -l torch,torch asks for two. */
static int
kind_asked(const int *kinds, int i)
{
	int j, n = 0;

	for (j = 0; j <= i; j++)
		n += kinds[j] == kinds[i];
	return n;
}

/*
 * Before the command: the level as it was, -D, and the sources of -l that
 * the list lacks (a state file's sources count: -l run every turn lights
 * nothing new); the level they make is written here unless status does.
 */
static void
begin(struct run *run, const struct opts *o, const int *kinds, int nkinds,
    int status)
{
	int i;

	run->at = run->l.turn;
	run->level = lamp_level(&run->l);
	run->said = lamp_level_text(&run->l, run->level);
	run->l.darkvision |= o->darkvision;
	if (o->clock != NULL) {
		run->clocked = 1;
		clock_pass(run, 0);
	}
	run->listed = run->l.n;
	for (i = 0; i < nkinds; i++)
		if (lamp_count(&run->l, kinds[i]) < kind_asked(kinds, i))
			lamp_light(&run->l, kinds[i], NULL);
	if (!status)
		level_check(run);
}

static void
option(void *ctx, int letter, char *v)
{
	struct opts *o = ctx;

	switch (letter) {
	case 'c': o->clock = v; break;
	case 'D': o->darkvision = 1; break;
	case 'e': o->usage = v; break;
	case 'l': o->kinds = v; break;
	}
}

int
main(int argc, char *argv[])
{
	struct run run = { .l = { .rules = -1 } };
	struct opts o = { 0 };
	struct cmdline c;
	struct kwf *f = NULL;
	int kinds[LAMP_MAX], nkinds = 0;
	const char *why;

	util_init();
	argv = opt_parse(&spec, &o.com, &argc, argv, option, &o);
	if (o.file != NULL) {
		f = kwf_update(o.file, prog);
		lampstate_load(&run.l, &run.st, f);
	}
	run.l.rules = rules_pick(o.rules, run.l.rules, RULES_ALL, R_EXPLORATION);
	setup(&run, &o);
	if (o.clock != NULL && (why = clock_parse(o.clock, &run.clock)) != NULL)
		esc_errx(EXIT_BAD, "-c: '%s': %s", o.clock, why);
	parse_command(&run, &c, argc, argv);
	if (o.count_set && c.cmd != C_TICK)
		esc_errx(EXIT_BAD, "-n: only tick passes a count of turns");
	if (o.kinds != NULL)
		nkinds = lamp_kinds(&run.l, o.kinds, kinds, "-l");
	stream_start(&run.st, prog, o.seed, o.verbose);
	run.w = rec_writer_open(prog, o.unbuffered);
	rec_json(run.w, o.json);
	if (c.cmd == C_FILTER)
		rec_as_read(run.w);
	begin(&run, &o, kinds, nkinds, c.cmd == C_STATUS);
	execute(&run, &c, o.count);
	rec_writer_close(run.w);
	if (o.file != NULL) {
		lampstate_put(&run.l, &run.st, f);
		kwf_commit(f);
		kwf_close(f);
	}
	return EXIT_OK;
}
