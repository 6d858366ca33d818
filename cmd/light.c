/*
 * light: the party's light sources burning down through the turns, under
 * the rules of seeds 000 to 004, and what the party can see (light(6)).
 */
#include <err.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dice.h"
#include "record.h"
#include "rules.h"
#include "state.h"
#include "util.h"

static const char prog[] = "light";

#define SOURCES_MAX	64
#define SOURCE_NAME_MAX	32	/* name_ok's limit */
#define TICK_MAX	1000000
#define LEFT_MAX	1000000

enum lit_state { S_LIT, S_DIM, S_LOW, S_OUT };

static const char *const state_names[] = { "lit", "dim", "low", "out", NULL };

/* The state file's STATE words: a source put out while dim is "out-dim". */
static const char *const file_states[] = {
	"lit", "dim", "low", "out", "out-dim", NULL
};

enum command { C_ADD, C_OUT, C_RELIGHT, C_REFILL, C_WIND, C_TICK, C_STATUS,
	C_FILTER };

static const char *const command_names[] = {
	"add", "out", "relight", "refill", "wind", "tick", "status", "-", NULL
};

static const char *const yes_no[] = { "no", "yes", NULL };

struct source {
	char	 name[SOURCE_NAME_MAX + 1];
	int	 kind;
	int	 state;
	int	 dimmed;	/* 002: dimmed by depletion, kept while put out */
	long	 left;		/* turns, LIFE_NONE or LIFE_USAGE; 0: spent */
	int	 die;		/* 003: the usage die's sides while left is LIFE_USAGE */
	unsigned long long lit;	/* the turn count when it was last lit */
	unsigned long lineno;	/* its line in the state file */
};

/* What the state file keeps (light(6) FILES). */
struct state {
	unsigned long long turn;
	int	 rules;		/* -1 until known */
	int	 darkvision;
	int	 n;
	struct source src[SOURCES_MAX];
	struct stream st;
};

struct run {
	struct state s;
	const struct light_rules *lr;
	unsigned long long at;	/* the TURN of the records being written */
	int	 level;		/* the party's level, as last written */
	const char *said;	/* and its sentence */
	int	 usage;		/* 003: the usage die a source starts with */
	int	 verbose;
};

struct opts {
	const char *file, *kinds, *rules, *seed, *usage;
	long long count;
	int	 count_given, darkvision, verbose, unbuffered;
};

struct cmdline {
	enum command cmd;
	const char *arg, *name;
	int	 kind;
	long	 turns;
};

static void
usage(FILE *fp, int status)
{
	fprintf(fp, "usage: light [-DhuVv] [-e DIE] [-f FILE] "
	    "[-l KIND[,KIND...]] [-n COUNT] [-r RULES] [-s SEED] "
	    "[COMMAND ...]\n");
	exit(status);
}

/* One record: light TURN NAME KIND STATE LEFT TEXT, LEFT "-" if no count. */
__attribute__((format(printf, 3, 4)))
static void
emit(const struct run *run, const struct source *src, const char *fmt, ...)
{
	char text[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	rec_begin(run->at);
	rec_str(src->name);
	rec_str(light_kinds[src->kind]);
	rec_str(state_names[src->state]);
	if (src->left >= 0)
		rec_i64(src->left);
	else
		rec_str("-");
	rec_text("%s", text);
	rec_end();
}

/* The last stretch a warning is given for: a travel turn under 004. */
static long
last_stretch(const struct run *run)
{
	return run->s.rules == R_TRAVEL ? TRAVEL_TURN_004 : 1;
}

/* 003: the next smaller usage die, 0 after the smallest. */
static int
usage_step(int die)
{
	int i;

	for (i = 0; usage_dice_003[i] != 0; i++)
		if (usage_dice_003[i] == die)
			return usage_dice_003[i + 1];
	return 0;
}

/* What a source has left, in words. */
static void
life_words(const struct run *run, const struct source *src, char *buf,
    size_t size)
{
	long hours = src->left / TRAVEL_TURN_004;

	if (src->left == LIFE_USAGE)
		snprintf(buf, size, "usage die d%d", src->die);
	else if (src->left == LIFE_NONE)
		snprintf(buf, size, "no fixed duration: %s", run->lr->until);
	else if (run->s.rules == R_TRAVEL && src->left % TRAVEL_TURN_004 == 0)
		snprintf(buf, size, "%ld %s left", hours, hours == 1 ? "hour" :
		    "hours");
	else
		snprintf(buf, size, "%ld %s left", src->left, src->left == 1 ?
		    "turn" : "turns");
}

/* What a burning source lights, and for how long. */
static void
lights(const struct run *run, const struct source *src, char *buf,
    size_t size)
{
	const char *shows = run->lr->kind[src->kind].shows;
	char life[256];

	life_words(run, src, life, sizeof life);
	if (shows != NULL)
		snprintf(buf, size, "%s; %s", shows, life);
	else
		snprintf(buf, size, "%s", life);
}

static int
party_level(const struct run *run)
{
	const struct light_rules *lr = run->lr;
	const struct source *src;
	int i, lv = LV_DARK, gives;

	for (i = 0; i < run->s.n; i++) {
		src = &run->s.src[i];
		if (src->state == S_OUT)
			continue;
		gives = src->state == S_DIM ? LV_DIM : lr->kind[src->kind].level;
		if (gives > lv)
			lv = gives;
	}
	if (run->s.darkvision && lr->sight && lv < lr->sight_floor)
		lv = lr->sight_floor;
	return lv;
}

static const char *
level_text(const struct run *run, int lv)
{
	const struct light_level_rule *l = &run->lr->level[lv];

	if (run->s.darkvision && run->lr->sight && l->sighted != NULL)
		return l->sighted;
	return l->text;
}

/* light TURN party - LEVEL - TEXT */
static void
emit_level(struct run *run, int lv)
{
	run->level = lv;
	run->said = level_text(run, lv);
	rec_begin(run->at);
	rec_str("party");
	rec_str("-");
	rec_str(run->lr->level[lv].name);
	rec_str("-");
	rec_str(run->said);
	rec_end();
}

/* A party record whenever the level, or what it costs, changes. */
static void
level_check(struct run *run)
{
	int lv = party_level(run);

	if (lv != run->level || level_text(run, lv) != run->said)
		emit_level(run, lv);
}

static struct source *
find(struct run *run, const char *name)
{
	int i;

	for (i = 0; i < run->s.n; i++)
		if (strcmp(run->s.src[i].name, name) == 0)
			return &run->s.src[i];
	return NULL;
}

static struct source *
need(struct run *run, const char *name, const char *what)
{
	struct source *src = find(run, name);

	if (src == NULL)
		errx(EXIT_BAD, "%s: '%s': no such light source", what, name);
	return src;
}

static void
spend(struct source *src)
{
	src->state = S_OUT;
	src->left = 0;
	src->die = 0;
	src->dimmed = 0;
}

/* A source burning at full: its kind's duration, or the usage die. */
static void
kindle(struct run *run, struct source *src)
{
	long life = run->lr->kind[src->kind].life;

	src->left = life;
	src->die = life == LIFE_USAGE ? run->usage : 0;
	src->dimmed = 0;
	src->state = life == LIFE_USAGE && usage_step(src->die) == 0 ? S_LOW :
	    S_LIT;
	src->lit = run->s.turn;
}

/* A source put out, lit again: dim (002), low (its last stretch), or lit. */
static void
rekindle(struct run *run, struct source *src)
{
	long life = run->lr->kind[src->kind].life;

	if (src->dimmed)
		src->state = S_DIM;
	else if (src->left == LIFE_USAGE)
		src->state = usage_step(src->die) == 0 ? S_LOW : S_LIT;
	else
		src->state = src->left > 0 && src->left < life &&
		    src->left <= last_stretch(run) ? S_LOW : S_LIT;
	src->lit = run->s.turn;
}

static void
add_source(struct run *run, int kind, const char *name)
{
	struct source *src;
	char buf[512];
	int k = 0;

	if (run->s.n == SOURCES_MAX)
		errx(EXIT_BAD, "add: %d light sources are listed already: "
		    "take spent ones off the list with out", SOURCES_MAX);
	if (name != NULL && find(run, name) != NULL)
		errx(EXIT_BAD, "add: '%s': a light source of that name is "
		    "listed already", name);
	src = &run->s.src[run->s.n++];
	memset(src, 0, sizeof *src);
	src->kind = kind;
	if (name != NULL)
		snprintf(src->name, sizeof src->name, "%s", name);
	else	/* torch1, torch2, ...: the first not listed */
		do
			snprintf(src->name, sizeof src->name, "%s%d",
			    light_kinds[kind], ++k);
		while (find(run, src->name) != src);
	kindle(run, src);
	lights(run, src, buf, sizeof buf);
	emit(run, src, "%s is lit: %s.", src->name, buf);
}

/* Time burns a source down; a warning for its last turn (last hour, 004). */
static void
burn_down(struct run *run, struct source *src, long turns)
{
	long before = src->left, stretch = last_stretch(run);

	src->left -= turns < src->left ? turns : src->left;
	if (src->left == 0) {
		spend(src);
		emit(run, src, "%s burns out.", src->name);
	} else if (before > stretch && src->left <= stretch) {
		src->state = src->dimmed ? S_DIM : S_LOW;
		emit(run, src, "%s has its last %s of light left.", src->name,
		    stretch > 1 ? "hour" : "turn");
	}
}

/* 003: "depletion checks for any active light sources": the usage die. */
static void
usage_check(struct run *run, struct source *src)
{
	int from = src->die;
	unsigned roll = rng_die(&run->s.st.rng, (unsigned)from);
	char dice[32] = "";

	if (roll > USAGE_STEP_003)
		return;
	if (run->verbose)
		snprintf(dice, sizeof dice, " [d%d: %u]", from, roll);
	if ((src->die = usage_step(from)) == 0) {
		spend(src);
		emit(run, src, "%s's usage die runs out: it goes out%s.",
		    src->name, dice);
		return;
	}
	src->state = usage_step(src->die) == 0 ? S_LOW : S_LIT;
	emit(run, src, "%s's usage die steps down from d%d to d%d%s.",
	    src->name, from, src->die, dice);
}

/* TURNS turns pass (one round each under 003): every lit source burns. */
static void
pass_turns(struct run *run, long turns)
{
	struct source *src;
	long t;
	int i;

	for (t = 0; t < turns; t++)
		for (i = 0; i < run->s.n; i++) {
			src = &run->s.src[i];
			if (src->state != S_OUT && src->left == LIFE_USAGE)
				usage_check(run, src);
		}
	for (i = 0; i < run->s.n; i++) {
		src = &run->s.src[i];
		if (src->state != S_OUT && src->left > 0)
			burn_down(run, src, turns);
	}
	level_check(run);
}

/* 000: the lit source with the fewest turns left (the first listed of equals). */
static struct source *
fewest_left(struct run *run)
{
	struct source *src = NULL;
	int i;

	for (i = 0; i < run->s.n; i++)
		if (run->s.src[i].state != S_OUT &&
		    (src == NULL || run->s.src[i].left < src->left))
			src = &run->s.src[i];
	return src;
}

/*
 * 000: "Light — a torch sputters out, or lantern oil runs low."  "If a
 * torch just got lit, a result of 3 might mean it flickers ominously
 * rather than dying."  Oil running low leaves one hour; low oil runs dry.
 */
static void
strike_light(struct run *run)
{
	struct source *src = fewest_left(run);

	if (src == NULL)
		return;
	if (src->lit + 1 == run->s.turn)
		emit(run, src, "%s flickers ominously but burns on: it was lit "
		    "this very turn.", src->name);
	else if (src->kind == LK_LANTERN && src->left > LOW_OIL_000) {
		src->left = LOW_OIL_000;
		src->state = S_LOW;
		emit(run, src, "The oil of %s runs low: one hour (6 turns) "
		    "left.", src->name);
	} else if (src->kind == LK_LANTERN) {
		spend(src);
		emit(run, src, "The oil of %s runs dry: it goes out.", src->name);
	} else {
		spend(src);
		emit(run, src, "%s sputters out.", src->name);
	}
}

/* 001: "BURN: Lit torches burn out.  New torches can be lit from the embers" */
static void
strike_burn(struct run *run)
{
	struct source *src;
	int i;

	for (i = 0; i < run->s.n; i++) {
		src = &run->s.src[i];
		if (src->state == S_OUT || src->kind != LK_TORCH)
			continue;
		spend(src);
		emit(run, src, "%s burns out; a new torch can be lit from its "
		    "embers (relight %s).", src->name, src->name);
	}
}

/* 002: "Depletion.  Light sources dim.  Dim light sources go out." */
static void
strike_depletion(struct run *run)
{
	struct source *src;
	int i;

	for (i = 0; i < run->s.n; i++) {
		src = &run->s.src[i];
		if (src->state == S_OUT)
			continue;
		if (src->dimmed) {
			spend(src);
			emit(run, src, "%s was dim and goes out.", src->name);
		} else {
			src->dimmed = 1;
			src->state = S_DIM;
			emit(run, src, "%s dims.", src->name);
		}
	}
}

/* A hazard KEY strikes lights only under the rules that define it. */
static void
strike(struct run *run, const char *key)
{
	if (run->lr->strike == NULL || strcmp(key, run->lr->strike) != 0)
		return;
	if (run->s.rules == R_EXPLORATION)
		strike_light(run);
	else if (run->s.rules == R_DELVING)
		strike_burn(run);
	else
		strike_depletion(run);
	level_check(run);
}

static void
next_turn(struct run *run, long turns)
{
	if (run->s.turn >= (unsigned long long)COUNT_MAX)
		errx(EXIT_BAD, "turn: more than %lld turns", COUNT_MAX);
	run->s.turn++;
	pass_turns(run, turns);
}

/* Filter mode: each new turn number is a turn (a travel turn: an hour). */
static void
filter(struct run *run)
{
	struct rec_in r = { 0 };
	int turns;

	while (rec_read(&r, stdin)) {
		run->at = r.turn;
		if ((turns = rec_turns(&r)) > 0)
			next_turn(run, turns);
		if (rec_is(&r, "hazard"))
			strike(run, r.f[3]);
	}
	rec_free(&r);
}

/* Is anything left for time to burn?  If not, time passes in one step. */
static int
burning_down(const struct run *run)
{
	int i;

	for (i = 0; i < run->s.n; i++)
		if (run->s.src[i].state != S_OUT && (run->s.src[i].left > 0 ||
		    run->s.src[i].left == LIFE_USAGE))
			return 1;
	return 0;
}

/* tick: each turn on its own (004: a travel turn, an hour). */
static void
tick(struct run *run, long long count, long turns)
{
	unsigned long long total, i;

	if (turns > 0 && count > (COUNT_MAX - (long long)run->s.turn) / turns)
		errx(EXIT_BAD, "tick: the turn count would pass %lld",
		    COUNT_MAX);
	total = (unsigned long long)count * (unsigned long long)turns;
	for (i = 0; i < total; i++) {
		if (!burning_down(run)) {
			run->s.turn += total - i;
			break;
		}
		run->at = run->s.turn + 1;
		next_turn(run, last_stretch(run));
	}
}

static void
put_out(struct run *run, const char *name)
{
	struct source *src = need(run, name, "out");

	if (src->state != S_OUT) {
		src->state = S_OUT;
		emit(run, src, "%s is put out; it can be relit.", src->name);
		level_check(run);
		return;
	}
	emit(run, src, "%s is taken off the list.", src->name);
	memmove(src, src + 1, (size_t)(run->s.src + --run->s.n - src) *
	    sizeof *src);
}

static void
relight(struct run *run, const char *name)
{
	struct source *src = need(run, name, "relight");
	char buf[512];

	if (src->state != S_OUT)
		errx(EXIT_BAD, "relight: '%s' is lit already", name);
	if (src->left != 0) {
		rekindle(run, src);
		lights(run, src, buf, sizeof buf);
		emit(run, src, "%s is lit again: %s.", src->name, buf);
	} else if (run->lr->embers && src->kind == LK_TORCH) {
		kindle(run, src);
		lights(run, src, buf, sizeof buf);
		emit(run, src, "A new torch is lit from the embers of %s: %s.",
		    src->name, buf);
	} else
		errx(EXIT_BAD, "relight: '%s' is spent: refill a lantern, or "
		    "add a new light source", name);
	level_check(run);
}

static void
refill(struct run *run, const char *name)
{
	struct source *src = need(run, name, "refill");
	char buf[512];

	if (src->kind != LK_LANTERN)
		errx(EXIT_BAD, "refill: '%s' is a %s: only a lantern is refilled",
		    name, light_kinds[src->kind]);
	kindle(run, src);
	lights(run, src, buf, sizeof buf);
	emit(run, src, "%s takes %s and burns: %s.", src->name,
	    run->lr->refill, buf);
	level_check(run);
}

/* 001: running blows candles out; "their case prevents [lanterns]". */
static void
wind(struct run *run)
{
	struct source *src;
	int i;

	for (i = 0; i < run->s.n; i++) {
		src = &run->s.src[i];
		if (src->state == S_OUT || !run->lr->kind[src->kind].windy)
			continue;
		src->state = S_OUT;
		emit(run, src, "%s is blown out; it can be relit.", src->name);
	}
	level_check(run);
}

static void
status(struct run *run)
{
	const struct source *src;
	char buf[512];
	int i;

	for (i = 0; i < run->s.n; i++) {
		src = &run->s.src[i];
		if (src->state == S_DIM)
			emit(run, src, "%s burns dim: the next depletion puts it "
			    "out.", src->name);
		else if (src->state != S_OUT) {
			lights(run, src, buf, sizeof buf);
			emit(run, src, "%s burns: %s.", src->name, buf);
		} else if (src->left == 0)
			emit(run, src, "%s is spent.", src->name);
		else {
			life_words(run, src, buf, sizeof buf);
			emit(run, src, "%s is out and can be relit (%s).",
			    src->name, buf);
		}
	}
	emit_level(run, party_level(run));
}

static void
execute(struct run *run, const struct cmdline *c, long long count)
{
	run->at = run->s.turn;
	switch (c->cmd) {
	case C_ADD:
		add_source(run, c->kind, c->name);
		level_check(run);
		break;
	case C_OUT: put_out(run, c->arg); break;
	case C_RELIGHT: relight(run, c->arg); break;
	case C_REFILL: refill(run, c->arg); break;
	case C_WIND: wind(run); break;
	case C_TICK: tick(run, count, c->turns); break;
	case C_STATUS: status(run); break;
	case C_FILTER: filter(run); break;
	}
}

/* A KIND word, refused when the rules have no such source. */
static int
kind_arg(const struct run *run, const char *word, const char *what)
{
	char list[64] = "";
	int k = word_in(word, light_kinds), i;

	if (k >= 0 && run->lr->kind[k].life != 0)
		return k;
	for (i = 0; i < LK_NKINDS; i++)
		if (run->lr->kind[i].life != 0)
			snprintf(list + strlen(list), sizeof list - strlen(list),
			    "%s%s", *list ? ", " : "", light_kinds[i]);
	errx(EXIT_BAD, "%s: '%s': not a light source of the %s rules (%s)",
	    what, word, rules_names[run->s.rules], list);
}

/* A name is a record's field: no blanks; not "party", no leading '-'. */
static int
source_name_ok(const char *s)
{
	return name_ok(s) && utf8_ok(s, strlen(s)) && *s != '-' &&
	    strcmp(s, "party") != 0;
}

static void
check_name(const char *name, const char *what)
{
	if (!source_name_ok(name))
		errx(EXIT_BAD, "%s: '%s': a name is 1 to 32 printable "
		    "characters, no blanks, not 'party', no leading '-'", what,
		    name);
}

static void
parse_command(const struct run *run, struct cmdline *c, int argc, char **argv)
{
	static const int args_min[] = { 1, 1, 1, 1, 0, 0, 0, 0 };
	static const int args_max[] = { 2, 1, 1, 1, 0, 1, 0, 0 };
	int cmd;

	memset(c, 0, sizeof *c);
	c->cmd = C_STATUS;
	c->turns = 1;
	if (argc == 0)
		return;
	if ((cmd = word_in(argv[0], command_names)) < 0)
		errx(EXIT_BAD, "%s: not a command (add, out, relight, refill, "
		    "wind, tick, status, -)", argv[0]);
	c->cmd = (enum command)cmd;
	if (argc - 1 < args_min[cmd] || argc - 1 > args_max[cmd])
		usage(stderr, EXIT_BAD);
	c->arg = argv[1];
	if (cmd == C_ADD) {
		c->kind = kind_arg(run, argv[1], "add");
		if ((c->name = argv[2]) != NULL)
			check_name(c->name, "add");
	} else if (cmd == C_TICK && argc == 2)
		c->turns = (long)estrtonum(argv[1], 0, TICK_MAX, "tick");
}

/* light(6) FILES: source NAME KIND STATE LEFT LIT */
static void
load_source(struct state *s, const struct stf *f, char **w, int nw)
{
	struct source *src;
	int st;

	if (nw != 6)
		stf_bad(f, "source: expected NAME KIND STATE LEFT LIT");
	if (s->n == SOURCES_MAX)
		stf_bad(f, "more than %d light sources", SOURCES_MAX);
	src = &s->src[s->n];
	memset(src, 0, sizeof *src);
	if (!source_name_ok(w[1]))
		stf_bad(f, "source: '%s': not a light source's name", w[1]);
	for (st = 0; st < s->n; st++)
		if (strcmp(s->src[st].name, w[1]) == 0)
			stf_bad(f, "source: '%s' is listed twice", w[1]);
	snprintf(src->name, sizeof src->name, "%s", w[1]);
	if ((src->kind = word_in(w[2], light_kinds)) < 0)
		stf_bad(f, "source: '%s': expected torch, lantern or candle", w[2]);
	if ((st = word_in(w[3], file_states)) < 0)
		stf_bad(f, "source: '%s': expected lit, dim, low, out or out-dim",
		    w[3]);
	src->state = st == 4 ? S_OUT : st;
	src->dimmed = st == S_DIM || st == 4;
	if (strcmp(w[4], "-") == 0)
		src->left = LIFE_NONE;
	else if (w[4][0] == 'd') {
		src->left = LIFE_USAGE;
		src->die = (int)stf_num(f, w[4] + 1, 4, 20);
		if (usage_step(src->die) == 0 && src->die != 4)
			stf_bad(f, "source: '%s': expected a usage die d4, d6, d8, "
			    "d10, d12 or d20", w[4]);
	} else if ((src->left = (long)stf_num(f, w[4], 0, LEFT_MAX)) == 0 &&
	    src->state != S_OUT)
		stf_bad(f, "source: a burning source with 0 turns left");
	src->lit = (unsigned long long)stf_num(f, w[5], 0, COUNT_MAX);
	src->lineno = f->lineno;
	s->n++;
}

static void
load_line(struct state *s, const struct stf *f, char **w, int nw)
{
	if (stf_stream(f, w, nw, &s->st))
		return;
	if (strcmp(w[0], "source") == 0) {
		load_source(s, f, w, nw);
		return;
	}
	if (nw != 2)
		stf_bad(f, "expected a keyword and one value");
	if (strcmp(w[0], "rules") == 0) {
		if ((s->rules = word_in(w[1], rules_names)) < 0)
			stf_bad(f, "rules: '%s': not a rules name", w[1]);
	} else if (strcmp(w[0], "turn") == 0)
		s->turn = (unsigned long long)stf_num(f, w[1], 0, COUNT_MAX);
	else if (strcmp(w[0], "darkvision") == 0) {
		if ((s->darkvision = word_in(w[1], yes_no)) < 0)
			stf_bad(f, "darkvision: expected yes or no");
	} else
		stf_bad(f, "unknown keyword '%s'", w[0]);
}

static void
load_state(struct state *s, struct stf *f)
{
	char *w[STF_WORDS_MAX];
	int nw;

	while ((nw = stf_next(f, w)) > 0)
		load_line(s, f, w, nw);
}

/* Each stored source must be one the rules have, with a LEFT they can hold. */
static void
check_sources(const struct run *run, const char *path)
{
	const struct source *src;
	const char *rules = rules_names[run->s.rules];
	long life;
	int i;

	for (i = 0; i < run->s.n; i++) {
		src = &run->s.src[i];
		life = run->lr->kind[src->kind].life;
		if (life == 0)
			errx(EXIT_BAD, "%s:%lu: a %s is not a light source of the "
			    "%s rules", path, src->lineno, light_kinds[src->kind],
			    rules);
		if (src->left != 0 && (life > 0 ? src->left < 0 :
		    src->left != life))
			errx(EXIT_BAD, "%s:%lu: %s: its LEFT does not fit the %s "
			    "rules (%s)", path, src->lineno, src->name, rules,
			    life > 0 ? "turns" : life == LIFE_NONE ? "-" : "dN");
		if (src->dimmed && run->s.rules != R_DUNGEONTURN)
			errx(EXIT_BAD, "%s:%lu: %s: only the dungeonturn rules "
			    "dim a source", path, src->lineno, src->name);
		if (src->lit > run->s.turn)
			errx(EXIT_BAD, "%s:%lu: %s: lit after the turn count",
			    path, src->lineno, src->name);
	}
}

static void
save_state(const struct state *s, struct stf *f)
{
	const struct source *src;
	FILE *fp = stf_write(f, prog);
	int i;

	fprintf(fp, "rules %s\nturn %llu\ndarkvision %s\n",
	    rules_names[s->rules], s->turn, yes_no[s->darkvision]);
	for (i = 0; i < s->n; i++) {
		src = &s->src[i];
		fprintf(fp, "source %s %s %s ", src->name, light_kinds[src->kind],
		    src->state == S_OUT && src->dimmed ? "out-dim" :
		    state_names[src->state]);
		if (src->left == LIFE_USAGE)
			fprintf(fp, "d%d", src->die);
		else if (src->left == LIFE_NONE)
			fputs("-", fp);
		else
			fprintf(fp, "%ld", src->left);
		fprintf(fp, " %llu\n", src->lit);
	}
	stf_write_stream(fp, &s->st);
	stf_commit(f);
}

/* -e DIE: the usage die a source starts with (003). */
static int
usage_die(const char *s)
{
	struct dice d;

	if (dice_parse(&d, s) != NULL || d.count != 1 || d.mod != 0 ||
	    (usage_step((int)d.sides) == 0 && d.sides != 4))
		errx(EXIT_BAD, "-e: '%s': expected a usage die: d4, d6, d8, d10, "
		    "d12 or d20", s);
	return (int)d.sides;
}

static void
setup(struct run *run, const struct opts *o)
{
	int r = run->s.rules;

	run->lr = light_rules[r];
	if (o->darkvision && !run->lr->sight)
		errx(EXIT_BAD, "-D: the %s rules give darkvision no meaning",
		    rules_names[r]);
	if (o->usage != NULL && r != R_ALARM)
		errx(EXIT_BAD, "-e: the usage die is the alarm rules' (003), "
		    "not the %s rules'", rules_names[r]);
	run->usage = o->usage != NULL ? usage_die(o->usage) : USAGE_DIE_003;
	run->verbose = o->verbose;
	if (o->file != NULL)
		check_sources(run, o->file);
}

/* -l KIND[,KIND...]: the kinds, checked before anything is lit. */
static int
parse_kinds(const struct run *run, const char *list, int *kinds)
{
	char word[64];
	size_t len;
	int n = 0;

	for (;;) {
		len = strcspn(list, ",");
		if (len == 0 || len >= sizeof word)
			errx(EXIT_BAD, "-l: '%s': expected KIND[,KIND...]", list);
		memcpy(word, list, len);
		word[len] = '\0';
		if (n == SOURCES_MAX)
			errx(EXIT_BAD, "-l: more than %d light sources", SOURCES_MAX);
		kinds[n++] = kind_arg(run, word, "-l");
		if (list[len] == '\0')
			return n;
		list += len + 1;
	}
}

/*
 * Before the command: the level as it was, -D, and the sources of -l; the
 * level they make is written here unless status writes it.
 */
static void
begin(struct run *run, const struct opts *o, const int *kinds, int nkinds,
    int status)
{
	int i;

	run->at = run->s.turn;
	run->level = party_level(run);
	run->said = level_text(run, run->level);
	run->s.darkvision |= o->darkvision;
	for (i = 0; i < nkinds; i++)
		add_source(run, kinds[i], NULL);
	if (!status)
		level_check(run);
}

static void
parse_options(struct opts *o, int argc, char **argv)
{
	int ch;

	o->count = 1;
	while ((ch = getopt(argc, argv, "+De:f:hl:n:r:s:uVv")) != -1)
		switch (ch) {
		case 'D': o->darkvision = 1; break;
		case 'e': o->usage = optarg; break;
		case 'f': o->file = optarg; break;
		case 'h': usage(stdout, EXIT_OK); break;
		case 'l': o->kinds = optarg; break;
		case 'n':
			o->count = estrtonum(optarg, 0, COUNT_MAX, "-n");
			o->count_given = 1;
			break;
		case 'r': o->rules = optarg; break;
		case 's': o->seed = optarg; break;
		case 'u': o->unbuffered = 1; break;
		case 'V': version(prog); out_close(); exit(EXIT_OK);
		case 'v': o->verbose = 1; break;
		default: usage(stderr, EXIT_BAD);
		}
}

int
main(int argc, char *argv[])
{
	struct run run = { .s = { .rules = -1 } };
	struct opts o = { 0 };
	struct cmdline c;
	struct stf f;
	int kinds[SOURCES_MAX], nkinds = 0;

	util_init();
	opterr = 0;
	parse_options(&o, argc, argv);
	argc -= optind;
	argv += optind;
	if (o.file != NULL) {
		stf_open(&f, o.file);
		load_state(&run.s, &f);
	}
	run.s.rules = rules_pick(o.rules, run.s.rules, RULES_ALL, R_EXPLORATION);
	setup(&run, &o);
	parse_command(&run, &c, argc, argv);
	if (o.count_given && c.cmd != C_TICK)
		errx(EXIT_BAD, "-n: only tick passes a count of turns");
	if (o.kinds != NULL)
		nkinds = parse_kinds(&run, o.kinds, kinds);
	stream_start(&run.s.st, prog, o.seed, o.verbose);
	out_init(prog, o.unbuffered);
	begin(&run, &o, kinds, nkinds, c.cmd == C_STATUS);
	execute(&run, &c, o.count);
	out_close();
	if (o.file != NULL) {
		save_state(&run.s, &f);
		stf_close(&f);
	}
	return EXIT_OK;
}
