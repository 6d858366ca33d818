/*
 * return: each character rolls to return to a safe camp (return(6)): d20 +
 * their best modifier against a DC set by the distance, under the travel
 * rules (004) or the dungeonturn rules (002); a failure costs damage on a
 * dangerous path and load or items on an arduous one.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "opt.h"
#include "party.h"
#include "record.h"
#include "rules.h"
#include "kwf.h"
#include "util.h"

static const char prog[] = "return";

#define DC_MIN		1	/* -c: a GM may set any DC from 1 to 30 */
#define DC_MAX		30
#define DISTANCE_MAX	1000	/* -l, -k: the DC stops at 20 long before */

enum path { P_DANGEROUS, P_ARDUOUS };

static const char *const path_names[] = { "dangerous", "arduous", NULL };

struct run {
	struct stream st;
	struct party party;
	const struct return_text *text;
	int	 rules;
	int	 check_rules;	/* whose conditions the checks take */
	int	 verbose;	/* -v: the checks' dice said */
	enum path path;
	long	 dc;
	long	 mod;		/* -m: the circumstance, added to every roll */
	int	 failed;	/* someone did not come back safely */
	struct rec_writer *w;	/* the records, on standard output */
};

struct opts {
	OPT_COMMON;		/* -jprsv */
	long	 dc, length, rooms, mod;
	int	 have_dc, have_length, have_rooms;
	int	 write;
};

/* return's options, its own and the shared ones (opt.c), in -h's order. */
static const struct opt options[] = {
	{ 'c', "DC", "set the DC outright, from 1 to 30" },
	OPT_SHARED('j'),
	{ 'k', "ROOMS", "rooms from the exit of the dungeon (dungeonturn)" },
	{ 'l', "LENGTH", "the distance from safety (travel)" },
	{ 'm', "MOD", "add MOD, from -100 to 100, to every roll" },
	OPT_SHARED('p'),
	{ 'r', NULL, "the rules: travel (the default) or dungeonturn" },
	OPT_SHARED('s'),
	OPT_SHARED('v'),
	{ 'w', NULL, "write the new hp= or load= back to the party file" },
	{ 0, NULL, NULL }
};

static const struct opt_spec spec = {
	prog, "return [-hjVv] [-c DC] [-k ROOMS] [-l LENGTH] [-m MOD] [-p FILE] "
	    "[-r RULES] [-s SEED] [-w] dangerous|arduous [NAME:BEST ...]", options, 0
};

/* The sentence's name for a character: the unnamed roller is "-". */
static const char *
who(const struct member *m)
{
	return party_who(m, "The character");
}

/* return INDEX NAME ROLL MOD TOTAL DC KEY COST TEXT, the sentence begun. */
static void
begin(struct rec_writer *w, const struct check *c, const struct member *m,
    const char *key, long cost)
{
	check_record(w, REC_LAYOUT(RETURN), 1, m->name, c, key);
	rec_i64(w, cost);
}

/* Dangerous: 1d6 per point under the DC, each die shown; 0 HP is down. */
static void
hurt(struct run *run, const struct rolled *r, struct member *m)
{
	const struct check *c = &r->c;
	struct dice d = { 0 };
	uint32_t faces[DICE_COUNT_MAX];
	char shown[DICE_COUNT_MAX * 2 + 1], left[160] = "", doubled[96];
	long under = c->dc - c->total, damage;
	int down = 0;

	d.count = d.keep = (uint32_t)under;
	d.sides = RETURN_DAMAGE_DIE;
	d.keephigh = 1;
	damage = dice_roll(&d, &run->st.rng, faces);
	dice_faces(&d, faces, shown, sizeof shown);
	doubled[0] = '\0';
	if (c->nat1 && run->rules == R_TRAVEL) {
		/* 004: "a natural 1 on a check that damages a PC doubles the damage" */
		snprintf(doubled, sizeof doubled, " = %ld, %s", damage,
		    text_nat1_004);
		damage *= NAT1_DAMAGE_004;
	}
	if (m->has & 1u << PK_HP) {
		m->val[PK_HP] = m->val[PK_HP] > damage ? m->val[PK_HP] - damage : 0;
		down = m->val[PK_HP] == 0;
		if (down)
			snprintf(left, sizeof left, "; %s", run->text->down);
		else
			snprintf(left, sizeof left, "; %ld HP left", m->val[PK_HP]);
	}
	begin(run->w, c, m, down ? "down" : "hurt", damage);
	rec_text(run->w, "%s rolls %ld%+ld = %ld against DC %ld%s, %ld under: %s: "
	    "%ldd6 (%s)%s = %ld damage%s.", who(m), c->roll, c->mod, c->total,
	    c->dc, r->says, under, run->text->hurt, under, shown, doubled, damage,
	    left);
	rec_end(run->w);
}

/* Arduous: 1 load (004) or 1 item (002) per point under the DC. */
static void
lose(struct run *run, const struct rolled *r, struct member *m)
{
	const struct return_text *t = run->text;
	const struct check *c = &r->c;
	long under = c->dc - c->total;
	char left[64] = "";

	if (run->rules == R_TRAVEL && (m->has & 1u << PK_LOAD)) {
		m->val[PK_LOAD] = m->val[PK_LOAD] > under ?
		    m->val[PK_LOAD] - under : 0;
		snprintf(left, sizeof left, "; %ld load left", m->val[PK_LOAD]);
	}
	begin(run->w, c, m, "lost", under);
	rec_text(run->w, "%s rolls %ld%+ld = %ld against DC %ld%s, %ld under: loses "
	    "%ld %s (%s)%s.", who(m), c->roll, c->mod, c->total, c->dc, r->says,
	    under, under, t->unit[under != 1], t->lost, left);
	rec_end(run->w);
}

static void
roll_one(struct run *run, struct member *m)
{
	struct check_of of = { PK_BEST, 0, 0, 0, 0 };
	struct check_env env = { 0, 0, 0, 0, 0 };
	struct rolled r;

	/* the conditions of the rules in force (check_rules) */
	env.rules = run->check_rules;
	env.verbose = run->verbose;
	of.dc = run->dc;
	of.hurts = run->path == P_DANGEROUS && run->rules == R_TRAVEL;
	check_roll(&r, &run->st.rng, m, run->mod, &of, &env);
	if (r.c.pass) {
		begin(run->w, &r.c, m, "safe", 0);
		rec_text(run->w,
		    "%s rolls %ld%+ld = %ld against DC %ld%s and %s.", who(m),
		    r.c.roll, r.c.mod, r.c.total, r.c.dc, r.says, run->text->safe);
		rec_end(run->w);
		return;
	}
	run->failed = 1;
	if (run->path == P_DANGEROUS)
		hurt(run, &r, m);
	else
		lose(run, &r, m);
}

/*
 * -c sets the DC outright; else 004: 10 + 1 per travel turn (-l), 002: 10
 * + the length of travel (-l) + the rooms from the exit (-k); at most 20.
 */
static long
set_dc(const struct opts *o, int rules)
{
	long dc;

	if (o->have_dc && (o->have_length || o->have_rooms))
		esc_errx(EXIT_BAD, "-c: the DC is set outright or by the distance (-l, -k), not both");
	if (o->have_rooms && rules == R_TRAVEL)
		esc_errx(EXIT_BAD, "-k: the travel rules count travel turns only (-k is for dungeonturn)");
	if (o->have_dc)
		return o->dc;
	dc = RETURN_DC_BASE + o->length + o->rooms;
	return dc > RETURN_DC_MAX ? RETURN_DC_MAX : dc;
}

static enum path
parse_path(int argc, char **argv)
{
	int p;

	if (argc == 0)
		opt_usage(&spec, "dangerous or arduous: the path is missing");
	if (strcmp(argv[0], "-") == 0)
		esc_errx(EXIT_BAD, "-: return rolls for the party and reads no stream");
	if ((p = word_in(argv[0], path_names)) < 0)
		esc_errx(EXIT_BAD, "%s: not a path (dangerous or arduous)", argv[0]);
	return (enum path)p;
}

/* -w writes hp (dangerous) or load (arduous, 004) back to the party file. */
static const char *
write_path(const struct run *run, const struct opts *o, int argc)
{
	const char *path = party_path(o->party);

	if (!o->write)
		return NULL;
	if (argc > 0 || path == NULL)
		esc_errx(EXIT_BAD, "-w: writes back to a party file: give -p FILE or DELVING_PARTY, not NAME:BEST operands");
	if (run->path == P_ARDUOUS && run->rules != R_TRAVEL)
		esc_errx(EXIT_BAD, "-w: under %s an arduous path loses items, which the party file does not count",
		    rules_names[run->rules]);
	return path;
}

static void
option(void *ctx, int letter, char *v)
{
	struct opts *o = ctx;

	switch (letter) {
	case 'c':
		o->dc = (long)estrtonum(v, DC_MIN, DC_MAX, "-c");
		o->have_dc = 1;
		break;
	case 'k':
		o->rooms = (long)estrtonum(v, 0, DISTANCE_MAX, "-k");
		o->have_rooms = 1;
		break;
	case 'l':
		o->length = (long)estrtonum(v, 0, DISTANCE_MAX, "-l");
		o->have_length = 1;
		break;
	case 'm': o->mod = emod_add(o->mod, v); break;
	case 'w': o->write = 1; break;
	}
}

static void
setup(struct run *run, const struct opts *o, int argc, char **argv)
{
	run->path = parse_path(argc, argv);
	run->rules = rules_pick(o->rules, -1, RULES_BIT(R_TRAVEL) |
	    RULES_BIT(R_DUNGEONTURN), R_TRAVEL);
	run->check_rules = run->rules;	/* DELVING_RULES passed over (check_rules) */
	run->verbose = o->verbose;
	run->text = run->rules == R_TRAVEL ? &return_text_004 : &return_text_002;
	run->dc = set_dc(o, run->rules);
	run->mod = o->mod;
}

int
main(int argc, char *argv[])
{
	struct run run = { 0 };
	struct opts o = { 0 };
	struct party_with with = { 0 };
	const char *wpath;
	int i;

	util_init();
	argv = opt_parse(&spec, &o.com, &argc, argv, option, &o);
	setup(&run, &o, argc, argv);
	if ((wpath = write_path(&run, &o, argc - 1)) != NULL)
		party_open_with(&with, &run.party, wpath, PARTY_WRITE |
		    PARTY_LIVING, 1u << PK_BEST | 1u << (run.path == P_DANGEROUS ?
		    PK_HP : PK_LOAD));
	else
		party_pick(&run.party, o.party, argc - 1, argv + 1, PK_BEST, 0);
	stream_start(&run.st, prog, o.seed, o.verbose);
	run.w = rec_writer_open(prog, 0);
	rec_json(run.w, o.json);
	for (i = 0; i < run.party.n; i++)
		roll_one(&run, &run.party.m[i]);
	rec_writer_close(run.w);
	party_commit_with(&with, &run.party);
	return run.failed ? EXIT_FAILED : EXIT_OK;
}
