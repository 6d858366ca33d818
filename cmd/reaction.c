/*
 * reaction: how met creatures react (reaction(6)): their disposition on
 * 2d6 (002), their morale on d20 against DC 11 (004), and who is surprised,
 * a WIS check against DC 12 for each character (000).  In filter mode, a
 * disposition record for each encounter of a hazard stream that has none.
 */
#include <ctype.h>
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "opt.h"
#include "party.h"
#include "purse.h"
#include "reactstate.h"
#include "record.h"
#include "check.h"
#include "rules.h"
#include "kwf.h"
#include "util.h"

static const char prog[] = "reaction";

#define HOLD_MAX 64	/* lines held back while an encounter's disposition is awaited */
#define ON_MAX 8	/* -T tables (drawn_on) */
#define CREATURE_MAX 256

enum mode {
	M_DISPOSITION, M_MORALE, M_SURPRISE, M_FILTER, M_INITIATIVE, M_LOOT
};

static const char *const mode_names[] = {
	"disposition", "morale", "surprise", "-", "initiative", "loot", NULL
};

struct run {
	struct stream st;
	struct tbl_entry entry;	/* a -T table's row, its dice rolled */
	struct drawn_on tables;	/* -T KEY=FILE: rolled after each disposition */
	struct drawn drawn;	/* their rows drawn without replacement, kept */
	char	 creature[CREATURE_MAX];	/* the encounter's, from hazard -T; "" none */
	struct check_env env;	/* -r (-1: each check's seed), -a/-d, the light */
	struct party party;
	long	 mod;		/* the sum of the -m values */
	int	 verbose;
	int	 failed;	/* a morale roll fled, or someone was surprised */
	struct rec_writer *w;	/* the records, on standard output */
	int	 dark;		/* -L, or light's last party record: no light */
	int	 hasty;		/* filter: chase's last pace was walking or running */
	const char *party_opt;	/* filter: -p, read when a surprise is rolled */
	int	 filtering;	/* filter mode: its surprise checks exit 0 */
	long	 hd, enemies;	/* loot: each enemy's HD, and how many */
	/*
	 * Made once and said again: each check's first half (check_ready) by
	 * kind, character and light, and the records whose every word those
	 * and the roll decide (rec_memo; none under -v, which shows the dice):
	 * the party is picked once a run and nothing changes its characters.
	 */
	struct rolled *ready[REACT_CHECKS][PARTY_MAX][2];
	struct rec_memo said_check;	/* by check_said */
	struct rec_memo said_disposition;	/* by the 2d6 rolled */
	struct rec_memo said_summary;	/* by the count surprised */
};

struct opts {
	OPT_COMMON;		/* -adfjnprsuv */
	long	 mod;
	const char *level;
	struct drawn_on *tables;	/* -T KEY=FILE, the run's */
};

/* reaction's options, its own and the shared ones (opt.c), in -h's order. */
static const struct opt options[] = {
	{ 'a', NULL, "roll each d20 check with advantage" },
	{ 'd', NULL, "roll each d20 check with disadvantage" },
	{ 'f', NULL, "keep the generator in FILE, from run to run" },
	OPT_SHARED('j'),
	{ 'L', "LEVEL", "the party's light level, as light(6) says it" },
	{ 'm', "MOD", "add MOD, from -100 to 100, to every roll" },
	{ 'n', NULL, "roll COUNT times (default 1)" },
	{ 'p', NULL, "the party file, for morale, surprise and initiative" },
	{ 'r', NULL, "the rules of the checks' conditions" },
	OPT_SHARED('s'),
	{ 'T', "KEY=FILE", "after each disposition, roll the table in FILE" },
	OPT_SHARED('u'),
	OPT_SHARED('v'),
	{ 0, NULL, NULL }
};

static const struct opt_spec spec = {
	prog, "reaction [-adhjuVv] [-f FILE] [-L LEVEL] [-m MOD] [-n COUNT] "
	    "[-p FILE] [-r RULES] [-s SEED] [-T KEY=FILE] [disposition | morale [NAME:WIS ...] | "
	    "surprise [NAME:WIS ...] | initiative [NAME:DEX ...] | loot HD [COUNT] | "
	    "-]", options, 0
};

/* With -v, the dice behind a roll: " [2d20kh1: 7,15]" (check_dice). */
static void
describe(const struct run *run, const struct dice *d, const uint32_t *faces,
    char *buf, int size)
{
	buf[0] = '\0';
	if (run->verbose)
		check_dice(d, faces, buf, (size_t)size);
}


/*
 * 001: "The GM determines the encounter's reaction, activity, distance from
 * the party": each -T table, in the order given, after the disposition:
 * reaction INDEX ROLL TOTAL KEY TEXT, the row's dice rolled and noted.
 */
static void
on_tables(struct run *run, uint64_t index)
{
	struct tbl_entry *e = &run->entry;
	uint32_t faces[DICE_COUNT_MAX];
	const struct tbl_on *on;
	const struct tbl_row *row;
	char dice[64];
	long total;

	for (on = run->tables.on; on < run->tables.on + run->tables.n; on++) {
		row = tbl_on_roll(on, &run->st.rng, &total, faces);
		describe(run, &on->t.die, faces, dice, sizeof dice);
		tbl_plan_entry(on->plan, row, e, &run->st.rng,
		    TBL_NOTED | (run->verbose ? TBL_FACES : 0));
		rec_begin(run->w, REC_LAYOUT(REACTION_ROLL), index);
		rec_i64(run->w, total);
		rec_i64(run->w, total);
		rec_str(run->w, row->key);
		rec_text(run->w, "%c%s of the creatures met%s%s%s: %s%s",
		    toupper((unsigned char)on->key[0]), on->key + 1,
		    run->creature[0] != '\0' ? " (" : "", run->creature,
		    run->creature[0] != '\0' ? ")" : "", e->text, dice);
		rec_end(run->w);
	}
}

/* 002: Encounter Vibe Check: 2d6 + MOD, the total kept to the table's 2-12. */
static void
disposition(struct run *run, uint64_t index)
{
	const struct tbl *t = &disposition_002;
	long roll, sum, total;
	uint32_t faces[2];
	char dice[64], clamped[32] = "";
	int said;

	roll = dice_roll(&t->die, &run->st.rng, faces);
	said = !run->verbose && run->creature[0] == '\0';
	if (said && rec_memo_say(run->w, &run->said_disposition, (size_t)roll,
	    REC_LAYOUT(REACTION_ROLL), index)) {
		on_tables(run, index);
		return;
	}
	sum = roll + run->mod;
	total = tbl_clamp(t, sum);
	if (total != sum)
		snprintf(clamped, sizeof clamped, ", counted as %ld", total);
	describe(run, &t->die, faces, dice, sizeof dice);
	rec_begin(run->w, REC_LAYOUT(REACTION_ROLL), index);
	rec_i64(run->w, roll);
	rec_i64(run->w, total);
	rec_str(run->w, tbl_lookup(t, total)->key);	/* 002: the disposition */
	if (run->creature[0] != '\0')
		rec_text(run->w,
		    "The creatures met (%s) are %s: 2d6 %ld%+ld = %ld%s.%s", run->creature,
		    tbl_lookup(t, total)->key, roll, run->mod, sum, clamped, dice);
	else
		rec_text(run->w,
		    "The creatures met are %s: 2d6 %ld%+ld = %ld%s.%s",
		    tbl_lookup(t, total)->key, roll, run->mod, sum, clamped, dice);
	rec_end(run->w);
	if (said)
		rec_memo_keep(run->w, &run->said_disposition, (size_t)roll);
	on_tables(run, index);
}

/*
 * The first half of character I's check of kind K under the light now
 * (check_ready: the conditions, the d20s, the words), made once.
 */
static const struct rolled *
ready(struct run *run, const struct react_check *k, int i,
    const struct check_of *of)
{
	struct rolled **r = &run->ready[k->id][i][run->dark != 0];
	struct check_env env = run->env;

	if (*r == NULL) {
		env.dark = run->dark;
		if (env.rules < 0)
			env.rules = k->rules;
		*r = emalloc(sizeof **r);
		check_ready(*r, &run->party.m[i], of, &env);
	}
	return *r;
}

/* The memo's number of character I's check of kind K that rolled ROLL. */
static size_t
check_said(const struct run *run, const struct react_check *k, int i, long roll)
{
	return (((size_t)k->id * PARTY_MAX + (size_t)i) * 2 + (run->dark != 0)) *
	    (CHECK_D20 + 1) + (size_t)roll;
}

/* One character's check: reaction INDEX ROLL TOTAL KEY TEXT; 1 if passed. */
static int
check(struct run *run, uint64_t index, int i, const struct react_check *k)
{
	struct check_of of = { PK_WIS, 0, 0, 0, 0 };
	const struct member *m = &run->party.m[i];
	const struct rolled *r;
	struct check c;
	size_t said;
	char dice[64];

	of.dc = k->dc;
	r = ready(run, k, i, &of);
	check_throw(&c, r, &run->st.rng, m, run->mod, &of);
	said = check_said(run, k, i, c.roll);
	if (!run->verbose && rec_memo_say(run->w, &run->said_check, said,
	    REC_LAYOUT(REACTION_ROLL), index))
		return c.pass;
	describe(run, &r->d20, c.faces, dice, sizeof dice);
	rec_begin(run->w, REC_LAYOUT(REACTION_ROLL), index);
	rec_i64(run->w, c.roll);
	rec_i64(run->w, c.total);
	rec_str(run->w, c.pass ? k->pass : k->fail);
	rec_text(run->w, "%s %s: %s %ld%+ld = %ld against DC %ld%s%s.%s",
	    party_who(m, k->unnamed), c.pass ? k->pass_text : k->fail_text,
	    k->what, c.roll, c.mod, c.total, c.dc, r->says,
	    check_natural(&c, &of), dice);
	rec_end(run->w);
	if (!run->verbose)
		rec_memo_keep(run->w, &run->said_check, said);
	return c.pass;
}

/* 004: Morale: each roller's d20 + WIS + MOD against DC 11. */
static void
morale(struct run *run, uint64_t index)
{
	int i;

	for (i = 0; i < run->party.n; i++)
		if (!check(run, index, i, &morale_004))
			run->failed = 1;
}

/* 000: Surprise: each character's WIS check, DC 12, then the summary. */
static void
surprise(struct run *run, uint64_t index)
{
	int i, n = run->party.n, count = 0;
	enum surprise s;

	for (i = 0; i < n; i++)
		if (!check(run, index, i, &surprise_000))
			count++;
	s = count == 0 ? SP_NONE : count == n ? SP_ALL : SP_SOME;
	if (count > 0 && !run->filtering)	/* a filter run wrote its output: 0 */
		run->failed = 1;
	if (rec_memo_say(run->w, &run->said_summary, (size_t)count,
	    REC_LAYOUT(REACTION_SUMMARY), index))
		return;
	rec_begin(run->w, REC_LAYOUT(REACTION_SUMMARY), index);
	rec_str(run->w, "-");
	rec_i64(run->w, count);
	rec_str(run->w, surprise_words_000[s]);
	rec_text(run->w, "%d of %d surprised. %s", count, n,
	    surprise_text_000[s]);
	rec_end(run->w);
	rec_memo_keep(run->w, &run->said_summary, (size_t)count);
}

/* A record that gives a disposition: hazard's KEY, or reaction's. */
static int
is_disposition(const struct rec *r)
{
	if (r->prog == REC_HAZARD)
		return tbl_has_key(&disposition_002, r->f[3]);
	return r->prog == REC_REACTION && r->nf == 6 &&	/* a roll's KEY */
	    tbl_has_key(&disposition_002, r->f[4]);
}

/* hazard TURN ROLL KEY encounter DICE TEXT: the encounter table's row of the turn. */
static int
is_creature(const struct rec *r, uint64_t turn)
{
	return r->prog == REC_HAZARD && r->nf == 7 && r->turn == turn &&
	    strcmp(r->f[4], "encounter") == 0;
}

/* The creature as hazard names it: "6 goblins", or the one of a sign met. */
static void
creature_of(struct run *run, const struct rec *r)
{
	const char *text = r->f[6], *met = text_sign_creature_met[0];
	size_t n;

	if (strncmp(text, met, strlen(met)) == 0)
		text += strlen(met);
	snprintf(run->creature, sizeof run->creature, "%s", text);
	if ((n = strcspn(run->creature, "[")) > 0 && run->creature[n] == '[')
		run->creature[n - 1] = '\0';	/* -v: the dice behind it */
	n = strlen(run->creature);
	while (n > 0 && run->creature[n - 1] == '.')
		run->creature[--n] = '\0';
}

/* Filter: what the stream says that surprises the party (001, 002). */
static void
note_stream(struct run *run, const struct rec *r)
{
	if (r->prog == REC_LIGHT && r->nf > 4 && strcmp(r->f[2], "party") == 0)
		run->dark = word_in(r->f[4], dark_levels) >= 0;
	else if (r->prog == REC_CHASE && r->nf > 3 &&
	    strcmp(r->f[2], "pace") == 0)
		run->hasty = word_in(r->f[3], surprise_paces_001) >= 0;
}

/*
 * After an encounter, what the stream said surprises the party, each
 * seed's rule under its own name: 000's no light, a WIS check (DC 12) for
 * each character at setback (surprise); 001's total darkness or walking
 * and running paces, reaction TURN - - all TEXT with no check.
 */
static void
stream_surprise(struct run *run, uint64_t turn)
{
	int rules = run->env.rules, dark001 = run->dark && rules == R_DELVING;

	if (run->dark && (rules == R_EXPLORATION || rules == R_BOOKKEEPING)) {
		if (run->party.n == 0)	/* picked once: one at the least */
			party_pick(&run->party, run->party_opt, 0, NULL, PK_WIS, 0);
		surprise(run, turn);
		return;
	}
	if (!dark001 && !run->hasty)
		return;
	rec_begin(run->w, REC_LAYOUT(REACTION_SUMMARY), turn);
	rec_str(run->w, "-");
	rec_num(run->w, "-");
	rec_str(run->w, surprise_words_000[SP_ALL]);
	rec_str(run->w,
	    dark001 ? text_surprise_dark_001 : text_surprise_pace_001);
	rec_end(run->w);
}

/*
 * After a hazard encounter, the lines that follow are held back until a
 * disposition record shows the encounter has one, or the next hazard
 * record, a record of another turn or the end of input shows it has none:
 * then its disposition is written right after it, before the held lines.
 */
static void
filter(struct run *run)
{
	struct rec_reader *rd = rec_open(STDIN_FILENO, run->w);
	const struct rec *r;
	struct rules_heed heed = { run->env.rules, 0 };
	uint64_t turn = 0;
	int pending = 0, owed;

	while ((r = rec_next(rd)) != NULL) {
		if (r->prog == REC_HAZARD && r->nf > 3)
			rules_heed(&heed, prog, r->f[3]);
		if (pending && is_creature(r, turn)) {	/* hazard -T encounter */
			creature_of(run, r);
			rec_release(rd);
			rec_pass(rd);
			continue;
		}
		owed = pending && is_disposition(r);
		if (pending && !owed) {
			if (r->prog != REC_HAZARD && !(r->prog >= 0 &&
			    r->turn != turn) && rec_held(rd) < HOLD_MAX) {
				note_stream(run, r);	/* this turn's light */
				rec_hold(rd);
				continue;
			}
			disposition(run, turn);
			stream_surprise(run, turn);
		}
		pending = 0;
		rec_release(rd);
		rec_pass(rd);
		if (owed && r->prog == REC_HAZARD)	/* a reaction before said it */
			stream_surprise(run, turn);
		note_stream(run, r);
		if (r->prog == REC_HAZARD && same_word(r->f[3], "encounter")) {
			pending = 1;
			turn = r->turn;
			run->creature[0] = '\0';
		}
	}
	if (pending) {
		disposition(run, turn);
		stream_surprise(run, turn);
	}
	rec_release(rd);
	rec_close(rd);
}

/*
 * 004 Initiative: "Your DEX score (not modifier) determines your place in
 * initiative, with the higher DEX acting before the lower DEX."  The party
 * file's characters (dexterity=) and NAME:DEX operands, the creatures met,
 * fight in one order.
 */
static void
initiative_party(struct party *p, const char *popt, int argc, char **argv)
{
	const char *path = party_path(popt);
	struct party ops;
	int i;

	memset(p, 0, sizeof *p);
	if (path != NULL) {
		party_load(p, path);
		party_need(p, PK_DEXTERITY);
	} else if (argc == 0)
		esc_errx(EXIT_BAD, "initiative: give the party file (-p FILE) or "
		    "NAME:DEX operands");
	if (argc == 0)
		return;
	party_pick(&ops, NULL, argc, argv, PK_DEXTERITY, 0);
	for (i = 0; i < ops.n; i++) {
		if (party_find(p, ops.m[i].name) != NULL)
			esc_errx(EXIT_BAD, "%s: named in the party file and as an "
			    "operand", ops.m[i].name);
		if (p->n == PARTY_MAX)
			esc_errx(EXIT_BAD, "initiative: more than %d combatants",
			    PARTY_MAX);
		p->m[p->n++] = ops.m[i];
	}
}

/* ", tied with Bo and goblins": the others of the same DEX score, or "". */
static void
tied_with(const struct party *p, int who, char *buf, size_t size)
{
	long dex = p->m[who].val[PK_DEXTERITY];
	int i, last = -1;

	for (i = 0; i < p->n; i++)
		if (i != who && p->m[i].val[PK_DEXTERITY] == dex)
			last = i;
	buf[0] = '\0';
	for (i = 0; i < p->n; i++)
		if (i != who && p->m[i].val[PK_DEXTERITY] == dex)
			str_append(buf, size, i == last ? " and " : ", ", "%s%s",
			    buf[0] == '\0' ? ", tied with " : "", p->m[i].name);
}

/* reaction INDEX PLACE DEX NAME initiative TEXT, in order, higher DEX first. */
static void
initiative(struct run *run, uint64_t index)
{
	const struct party *p = &run->party;
	const struct member *m;
	int order[PARTY_MAX], i, j;
	char tie[PARTY_MAX * (PARTY_NAME_MAX + 8)];

	for (i = 0; i < p->n; i++) {	/* stable: a tie keeps the order given */
		for (j = i; j > 0 && p->m[order[j - 1]].val[PK_DEXTERITY] <
		    p->m[i].val[PK_DEXTERITY]; j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	for (i = 0; i < p->n; i++) {
		m = &p->m[order[i]];
		tied_with(p, order[i], tie, sizeof tie);
		rec_begin(run->w, REC_LAYOUT(REACTION_INITIATIVE), index);
		rec_i64(run->w, i + 1);
		rec_i64(run->w, m->val[PK_DEXTERITY]);
		rec_str(run->w, m->name);
		rec_str(run->w, "initiative");
		rec_text(run->w, "%d of %d: %s, DEX %ld%s%s.", i + 1, p->n,
		    m->name,
		    m->val[PK_DEXTERITY], tie, tie[0] != '\0' ?
		    " (the order given breaks the tie)" : "");
		rec_end(run->w);
	}
}

/*
 * 004 Treasure: "An enemy's carried loot is worth 1d20gp per HD"; "there
 * are 100 coins per pound, and 500 coins per load".  Each enemy's HD d20s
 * in turn: reaction INDEX HD COUNT GP POUNDS loot TEXT.
 */
static void
loot(struct run *run, uint64_t index)
{
	struct dice d = { .count = (uint32_t)run->hd, .sides = LOOT_DIE_004,
	    .keep = (uint32_t)run->hd, .keephigh = 1 };
	uint32_t faces[DICE_COUNT_MAX];
	char each[1536] = "", dice[256], lb[32], load[64];
	long gp = 0, one, i;

	for (i = 0; i < run->enemies; i++) {
		one = dice_roll(&d, &run->st.rng, faces);
		gp += one;
		describe(run, &d, faces, dice, sizeof dice);
		str_append(each, sizeof each, i == run->enemies - 1 ? " and " :
		    ", ", "%s%ld%s", i == 0 ? ": " : "", one, dice);
	}
	coins_weight(gp, lb, sizeof lb, load, sizeof load);
	rec_begin(run->w, REC_LAYOUT(REACTION_LOOT), index);
	rec_i64(run->w, run->hd);
	rec_i64(run->w, run->enemies);
	rec_i64(run->w, gp);
	rec_num(run->w, lb);
	rec_str(run->w, "loot");
	if (run->enemies == 1)
		rec_text(run->w,
		    "The enemy of %ld HD carries %ld gp (1d20 gp per HD%s): "
		    "%s lb, %s.", run->hd, gp, dice, lb, load);
	else
		rec_text(run->w,
		    "The %ld enemies of %ld HD carry %ld gp (1d20 gp per "
		    "HD%s): %s lb, %s.", run->enemies, run->hd, gp, each, lb,
		    load);
	rec_end(run->w);
}

/* Each mode's roll, made -n times (filter mode is filter's). */
static void (*const rolls[])(struct run *, uint64_t) = {
	[M_DISPOSITION] = disposition, [M_MORALE] = morale,
	[M_SURPRISE] = surprise, [M_INITIATIVE] = initiative, [M_LOOT] = loot
};

static void
play(struct run *run, enum mode mode, long long count)
{
	long long i;

	for (i = 1; i <= count; i++)
		rolls[mode](run, (uint64_t)i);
}

/* The operands: a mode, and NAME:WIS characters after morale or surprise. */
static enum mode
parse_mode(int argc, char **argv)
{
	int m;

	if (argc == 0)
		return M_DISPOSITION;
	if ((m = word_in(argv[0], mode_names)) < 0)
		esc_errx(EXIT_BAD, "%s: not a reaction (disposition, morale, surprise, "
		    "initiative, loot or -)", argv[0]);
	if (argc > 1 && (m == M_DISPOSITION || m == M_FILTER))
		esc_errx(EXIT_BAD, "%s: %s takes no characters", argv[1],
		    m == M_FILTER ? "filter mode" : "disposition");
	return (enum mode)m;
}

/* loot HD [COUNT]: each enemy's hit dice, and how many enemies (default 1). */
static void
loot_operands(struct run *run, int argc, char **argv)
{
	if (argc < 2)
		esc_errx(EXIT_BAD, "loot: expected loot HD [COUNT], the enemies' hit dice");
	if (argc > 3)
		esc_errx(EXIT_BAD, "%s: loot takes HD and COUNT, no more", argv[3]);
	run->hd = (long)estrtonum(argv[1], 1, LOOT_HD_MAX, "HD");
	run->enemies = argc == 3 ?
	    (long)estrtonum(argv[2], 1, LOOT_COUNT_MAX, "COUNT") : 1;
}

/*
 * The options a mode has no use for: morale and surprise roll d20 checks;
 * disposition (filter mode's too) rolls 2d6 for the creatures met, no d20,
 * no characters; initiative rolls nothing; loot rolls d20s of gold.
 */
static void
check_mode_options(enum mode mode, const struct opts *o)
{
	const char *name = mode == M_FILTER ? "filter mode" : mode_names[mode];
	int checks = mode == M_MORALE || mode == M_SURPRISE;
	int d2d6 = mode == M_DISPOSITION || mode == M_FILTER;

	if (!checks && mode != M_FILTER && (o->rules != NULL || o->level != NULL))
		esc_errx(EXIT_BAD, "-%c: %s rolls %sno check (-r and -L are for "
		    "morale, surprise and filter mode)", o->rules != NULL ? 'r' :
		    'L', name, d2d6 ? "2d6, " : "");
	if (!d2d6 && o->tables->nargs > 0)
		esc_errx(EXIT_BAD, "-T: %s rolls no table (-T is for disposition "
		    "and filter mode)", name);
	if (checks)
		return;
	if (o->adv)
		esc_errx(EXIT_BAD, "-%c: %s rolls %s", o->adv > 0 ? 'a' : 'd', name,
		    d2d6 ? "2d6, not a d20" : "no check");
	if (!d2d6 && o->mod)
		esc_errx(EXIT_BAD, "-m: %s takes no modifier", name);
	if (o->party != NULL && mode != M_FILTER && mode != M_INITIATIVE)
		esc_errx(EXIT_BAD, "-p: %s", mode == M_LOOT ? "loot is carried by "
		    "the enemies, not the party" : "disposition is rolled for the "
		    "creatures met, not for characters");
	if (o->count_set && (mode == M_FILTER || mode == M_INITIATIVE))
		esc_errx(EXIT_BAD, "-n: %s", mode == M_FILTER ? "filter mode rolls "
		    "one disposition per encounter" : "the order is the same every "
		    "round (004): initiative takes no count");
}

static void
option(void *ctx, int letter, char *v)
{
	struct opts *o = ctx;

	switch (letter) {
	case 'L': o->level = v; break;
	case 'm': o->mod = emod_add(o->mod, v); break;
	case 'T':
		drawn_arg(o->tables->arg, &o->tables->nargs, ON_MAX, v);
		break;
	}
}

/* The records said once, for the rolls of a run (struct run). */
static void
said_open(struct run *run)
{
	const struct dice *d = &disposition_002.die;

	rec_memo_open(&run->said_check,
	    REACT_CHECKS * PARTY_MAX * 2 * (CHECK_D20 + 1));
	rec_memo_open(&run->said_disposition, d->count * d->sides + 1);
	rec_memo_open(&run->said_summary, PARTY_MAX + 1);
}

static void
said_close(struct run *run)
{
	int k, i, d;

	rec_memo_close(&run->said_check);
	rec_memo_close(&run->said_disposition);
	rec_memo_close(&run->said_summary);
	for (k = 0; k < REACT_CHECKS; k++)
		for (i = 0; i < PARTY_MAX; i++)
			for (d = 0; d < 2; d++)
				free(run->ready[k][i][d]);
}

int
main(int argc, char *argv[])
{
	struct run run = { 0 };
	struct opts o = { 0 };
	struct kwf *f = NULL;
	enum mode mode;

	util_init();
	o.tables = &run.tables;
	argv = opt_parse(&spec, &o.com, &argc, argv, option, &o);
	mode = parse_mode(argc, argv);
	check_mode_options(mode, &o);
	if (mode == M_MORALE || mode == M_SURPRISE)
		party_pick(&run.party, o.party, argc - 1, argv + 1, PK_WIS, 0);
	else if (mode == M_INITIATIVE)
		initiative_party(&run.party, o.party, argc - 1, argv + 1);
	else if (mode == M_LOOT)
		loot_operands(&run, argc, argv);
	run.party_opt = o.party;	/* filter: read at 000's first dark encounter */
	run.env.adv = o.adv;
	/* -r, DELVING_RULES, else each check's own seed (check_rules; filter: 000's) */
	run.env.rules = mode == M_MORALE || mode == M_SURPRISE ?
	    check_rules(o.rules, -1) : mode == M_FILTER ?
	    check_rules(o.rules, R_EXPLORATION) : -1;
	run.dark = o.level != NULL && check_level("-L", o.level);
	run.mod = o.mod;
	run.verbose = o.verbose;
	drawn_on_load(&run.tables, "as distance=crypt.md#distance",	/* -T */
	    o.file != NULL, NULL, NULL);
	if (o.file != NULL) {
		f = kwf_update(o.file, prog);
		reactstate_load(&run.st, &run.dark, &run.hasty, &run.drawn, f);
		drawn_from(&run.drawn, run.tables.on, run.tables.n, o.file);
		if (o.level != NULL)	/* -L says the light now */
			run.dark = check_level("-L", o.level);
	}
	stream_start(&run.st, prog, o.seed, o.verbose);
	run.w = rec_writer_open(prog, o.unbuffered);
	rec_json(run.w, o.json);
	said_open(&run);
	run.filtering = mode == M_FILTER;
	if (mode == M_FILTER) {
		rec_as_read(run.w);
		filter(&run);
	} else
		play(&run, mode, o.count);
	rec_writer_close(run.w);
	said_close(&run);
	if (f != NULL) {
		drawn_to(&run.drawn, run.tables.on, run.tables.n);
		reactstate_put(&run.st, run.dark, run.hasty, &run.drawn, f);
		kwf_commit(f);
		kwf_close(f);
	}
	drawn_on_free(&run.tables);
	return run.failed ? EXIT_FAILED : EXIT_OK;
}
