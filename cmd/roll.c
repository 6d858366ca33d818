/*
 * roll: dice expressions, checks against a DC, the seeds' tables by name,
 * and the exact odds of any of them, counted without rolling (roll(6)).
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "opt.h"
#include "odds.h"
#include "record.h"
#include "rules.h"
#include "util.h"

static const char prog[] = "roll";

#define DC_MAX 2000000000LL	/* beyond any total: 1000 dice of 10^6 sides, +10^6 */
#define FACES_TEXT 8192		/* the faces of -v: 1000 dice of 7 digits */
#define LINES_MAX 64		/* bare_lines: totals of at most 6 characters */
#define OUT_BLOCK 4096

struct opts {
	const char *dc, *seed, *table;
	long long count;
	int	 count_set, json, odds, verbose;
};

struct run {
	struct stream st;
	struct dice *dice;	/* one per EXPRESSION */
	int	 ndice;
	const struct tbl *table;	/* -t: built in, or loaded into own */
	struct tbl own;
	char	*tname;		/* the table's name as a record can hold it */
	long	 tlo, thi;	/* the table's lowest and highest totals */
	int	 check;		/* -c */
	long	 dc;
	int	 json;		/* -j: JSON objects, not the fast bare lines */
	int	 verbose;
	int	 failed;	/* a check failed */
};

static const struct opt options[] = {
	{ 'c', "DC", "roll each EXPRESSION as a check against DC" },
	{ 'h', NULL, "print this help and exit" },
	{ 'j', NULL, "write the records as JSON Lines" },
	{ 'n', "COUNT", "roll the expressions COUNT times (default 1)" },
	{ 'o', NULL, "roll nothing: print the exact odds of every total" },
	{ 's', "SEED", "seed the generator" },
	{ 't', "TABLE|FILE", "roll on a table built in, or in FILE (list: names)" },
	{ 'V', NULL, "print the version and exit" },
	{ 'v', NULL, "show the dice behind each total, and the seed" },
	{ 0, NULL, NULL }
};

static const struct opt_spec spec = {
	prog, "roll [-hjVv] [-c DC] [-n COUNT] [-o] [-s SEED] [-t TABLE|FILE] "
	    "[EXPRESSION ...]", options
};

/* -t list: NAME DIE SEED TITLE, one built-in table a line. */
static void
list_tables(void)
{
	const struct named_table *n;
	char die[32];

	for (n = rules_tables; n->t != NULL; n++) {
		dice_format(&n->t->die, die, sizeof die);
		out_str(n->t->name);
		out_str("\t");
		out_str(die);
		out_str("\t");
		out_str(n->seed);
		out_str("\t");
		out_str(n->title);
		out_str("\n");
	}
}

/* FILE#heading, FILE being there: a table among several in a document. */
static int
heading_of_file(const char *name)
{
	char *file = estrdup(name), *hash = strrchr(file, '#');
	int there = hash != NULL && hash != file &&
	    (*hash = '\0', access(file, F_OK) == 0);

	free(file);
	return there;
}

/* -t NAME: a table of rules_tables; else a file in either form. */
static void
pick_table(struct run *run, const char *name)
{
	const struct named_table *n;
	char *p;
	int i;

	for (n = rules_tables; n->t != NULL; n++)
		if (strcmp(name, n->t->name) == 0)
			run->table = n->t;
	if (strcmp(name, "alarm") == 0)
		errx(EXIT_BAD, "-t: alarm: the alarm rules roll a d10 against the alarm, not a table");
	if (run->table == NULL && strchr(name, '/') == NULL &&
	    access(name, F_OK) != 0 && !heading_of_file(name))
		errx(EXIT_BAD, "-t: '%s': neither a table (roll -t list) nor a file",
		    name);
	if (run->table == NULL) {
		tbl_load(&run->own, name);
		run->table = &run->own;
	}
	run->tname = estrdup(name);
	for (p = run->tname; *p != '\0'; p++)	/* a field holds no TAB */
		if ((unsigned char)*p < ' ')
			*p = '?';
	run->tlo = run->table->rows[0].lo;
	run->thi = run->table->rows[0].hi;
	for (i = 1; i < run->table->nrows; i++) {
		if (run->table->rows[i].lo < run->tlo)
			run->tlo = run->table->rows[i].lo;
		if (run->table->rows[i].hi > run->thi)
			run->thi = run->table->rows[i].hi;
	}
}

/* The EXPRESSION operands; none: the table's die, or a d20. */
static void
parse_dice(struct run *run, int argc, char **argv)
{
	const char *why;
	int i;

	if (run->table != NULL && argc > 1)
		errx(EXIT_BAD, "%s: -t rolls one table with one expression", argv[1]);
	run->ndice = argc > 0 ? argc : 1;
	run->dice = ereallocarray(NULL, (size_t)run->ndice, sizeof *run->dice);
	if (argc == 0 && run->table != NULL)
		run->dice[0] = run->table->die;
	else if (argc == 0)
		dice_d20(&run->dice[0], 0);
	for (i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-") == 0)
			errx(EXIT_BAD, "-: roll rolls its own dice and reads no stream");
		if ((why = dice_parse(&run->dice[i], argv[i])) != NULL)
			errx(EXIT_BAD, "%s: %s", argv[i], why);
	}
}

/* With -v, the dice behind a result: " [2d20kh1+3: 7,17]". */
static void
describe(const struct dice *d, const uint32_t *faces, char *buf, int size)
{
	int n;

	n = snprintf(buf, (size_t)size, " [");
	n += dice_describe(d, faces, buf + n, size - n - 2);
	snprintf(buf + n, (size_t)(size - n), "]");
}

/* A bare roll: its total, and with -v "TAB EXPRESSION TAB FACES". */
static void
bare(struct run *run, const struct dice *d)
{
	uint32_t faces[DICE_COUNT_MAX];
	char buf[FACES_TEXT];

	if (!run->verbose) {
		rec_line(REC_LAYOUT(ROLL_TOTAL));
		rec_i64(dice_roll(d, &run->st.rng, NULL));
		rec_end();
		return;
	}
	rec_line(REC_LAYOUT(ROLL_FACES));
	rec_i64(dice_roll(d, &run->st.rng, faces));
	dice_format(d, buf, sizeof buf);
	rec_str(buf);
	dice_faces(d, faces, buf, sizeof buf);
	rec_str(buf);
	rec_end();
}

/*
 * The fast way to many totals of one expression of few totals: each line
 * "TOTAL\n" made once, copied 8 bytes at a time into a block of output.
 */
static void
bare_lines(struct run *run, const struct dice *d, long long count)
{
	char line[LINES_MAX][8], block[OUT_BLOCK + 8];
	unsigned char len[LINES_MAX];
	long lo = dice_min(d), t;
	size_t n = 0;

	for (t = lo; t <= dice_max(d); t++)
		len[t - lo] = (unsigned char)snprintf(line[t - lo], 8, "%ld\n", t);
	for (; count > 0; count--) {
		t = dice_roll(d, &run->st.rng, NULL) - lo;
		memcpy(block + n, line[t], 8);
		if ((n += len[t]) >= OUT_BLOCK) {
			out_bytes(block, n);
			n = 0;
		}
	}
	out_bytes(block, n);
}

/* roll INDEX EXPRESSION ROLL TOTAL DC RESULT TEXT */
static void
check(struct run *run, uint64_t index, const struct dice *d)
{
	uint32_t faces[DICE_COUNT_MAX];
	char expr[64], sum[64] = "", dice[FACES_TEXT] = "";
	long total = dice_roll(d, &run->st.rng, faces), roll = total - d->mod;
	int pass = total >= run->dc;	/* delving(7): meets or beats the DC */

	dice_format(d, expr, sizeof expr);
	if (d->mod != 0)
		snprintf(sum, sizeof sum, "%ld%+ld = ", roll, (long)d->mod);
	if (run->verbose)
		describe(d, faces, dice, sizeof dice);
	run->failed |= !pass;
	rec_begin(REC_LAYOUT(ROLL_CHECK), index);
	rec_str(expr);
	rec_i64(roll);
	rec_i64(total);
	rec_i64(run->dc);
	rec_str(pass ? "pass" : "fail");
	rec_text("%s: %s%ld against DC %ld: %s.%s", expr, sum, total, run->dc,
	    pass ? "success" : "failure", dice);
	rec_end();
}

/* A total beyond the table's ends counts as its first or last row. */
static long
clamp(const struct run *run, long total)
{
	return total < run->tlo ? run->tlo : total > run->thi ? run->thi : total;
}

/* With -v, the table's die and then the entry's dice: " [d20: 5; 1d6: 4]". */
static void
describe_entry(const struct dice *d, const uint32_t *faces,
    const struct tbl_entry *e, char *buf, int size)
{
	int n;

	describe(d, faces, buf, size - 2);
	n = (int)strlen(buf);
	if (e->n > 0 && n > 0)
		snprintf(buf + n - 1, (size_t)(size - n + 1), "; %s]", e->faces);
}

/* roll INDEX TABLE ROLL KEY TEXT: the row's dice rolled after it, noted in TEXT */
static void
table_roll(struct run *run, uint64_t index, const struct dice *d)
{
	static struct tbl_entry e;
	uint32_t faces[DICE_COUNT_MAX];
	const struct tbl_row *row;
	char dice[FACES_TEXT] = "", as[64] = "";
	long total;

	if (tbl_d66(run->table) && d->count == 1 && d->sides == 66 && d->mod == 0)
		tbl_roll(run->table, &run->st.rng, &total, faces);	/* tens, units */
	else
		total = dice_roll(d, &run->st.rng, faces);
	row = tbl_lookup(run->table, clamp(run, total));
	if (clamp(run, total) != total)
		snprintf(as, sizeof as, " (%ld counts as %ld)", total,
		    clamp(run, total));
	tbl_entry(&e, row->text, &run->st.rng,
	    TBL_NOTED | (run->verbose ? TBL_FACES : 0));
	if (run->verbose)
		describe_entry(d, faces, &e, dice, sizeof dice);
	rec_begin(REC_LAYOUT(ROLL_TABLE), index);
	rec_str(run->tname);
	rec_i64(total);
	rec_str(row->key);
	rec_text("%s%s%s", e.text, as, dice);
	rec_end();
}

/* COUNT times, each expression in order: the dice of one run. */
static void
play(struct run *run, long long count)
{
	const struct dice *d = &run->dice[0];
	long long i;
	int j;

	if (run->ndice == 1 && run->table == NULL && !run->check &&
	    !run->verbose && !run->json && dice_max(d) - dice_min(d) < LINES_MAX &&
	    dice_min(d) > -99999 && dice_max(d) < 999999) {
		bare_lines(run, d, count);
		return;
	}
	for (i = 1; i <= count; i++)
		for (j = 0; j < run->ndice; j++)
			if (run->table != NULL)
				table_roll(run, (uint64_t)i, &run->dice[j]);
			else if (run->check)
				check(run, (uint64_t)i, &run->dice[j]);
			else
				bare(run, &run->dice[j]);
}

/* One line of -o: the fields given, then FRACTION DECIMAL. */
static void
odds_line(const char *a, const char *b, const char *c, uint64_t n, uint64_t d)
{
	char frac[48], dec[32];

	odds_fraction(n, d, frac, sizeof frac);
	odds_decimal(n, d, dec, sizeof dec);
	out_str(a);
	out_str("\t");
	out_str(b);
	if (c != NULL) {
		out_str("\t");
		out_str(c);
	}
	out_str("\t");
	out_str(frac);
	out_str("\t");
	out_str(dec);
	out_str("\n");
}

/* EXPRESSION TOTAL FRACTION DECIMAL, each total; then the mean. */
static void
odds_totals(const char *expr, const struct odds *o)
{
	char t[24], frac[96], dec[48];
	long i;

	for (i = o->lo; i <= o->hi; i++) {
		snprintf(t, sizeof t, "%ld", i);
		odds_line(expr, t, NULL, o->count[i - o->lo], o->outcomes);
	}
	odds_mean(o, frac, sizeof frac, dec, sizeof dec);
	out_str(expr);
	out_str("\tmean\t");
	out_str(frac);
	out_str("\t");
	out_str(dec);
	out_str("\n");
}

/* TABLE RANGE KEY FRACTION DECIMAL, each row of the table. */
static void
odds_table(const struct run *run, const struct odds *o)
{
	const struct tbl_row *row;
	uint64_t n;
	char range[48];
	long t;
	int i;

	for (i = 0; i < run->table->nrows; i++) {
		row = &run->table->rows[i];
		for (n = 0, t = o->lo; t <= o->hi; t++)
			if (clamp(run, t) >= row->lo && clamp(run, t) <= row->hi)
				n += o->count[t - o->lo];
		if (row->lo == row->hi)
			snprintf(range, sizeof range, "%ld", row->lo);
		else
			snprintf(range, sizeof range, "%ld-%ld", row->lo, row->hi);
		odds_line(run->tname, range, row->key, n, o->outcomes);
	}
}

/* A d66 table's own die: tens and units on two d6, each of 36 totals once. */
static void
odds_d66(const struct run *run, const struct dice *d, struct odds *o)
{
	long t;

	if (run->table == NULL || !tbl_d66(run->table) || d->count != 1 ||
	    d->sides != 66 || d->mod != 0)
		return;
	for (t = o->lo; t <= o->hi; t++)
		o->count[t - o->lo] = t >= 11 && t % 10 >= 1 && t % 10 <= 6;
	o->outcomes = 36;
}

/* -o: count each expression's outcomes; roll nothing. */
static void
odds_all(const struct run *run)
{
	struct odds o;
	const char *why;
	char expr[64];
	uint64_t pass;
	int i;

	for (i = 0; i < run->ndice; i++) {
		dice_format(&run->dice[i], expr, sizeof expr);
		if ((why = odds_count(&o, &run->dice[i])) != NULL)
			errx(EXIT_BAD, "-o: %s: %s", expr, why);
		odds_d66(run, &run->dice[i], &o);
		if (run->table != NULL)
			odds_table(run, &o);
		else if (run->check) {
			pass = odds_at_least(&o, run->dc);
			odds_line(expr, "pass", NULL, pass, o.outcomes);
			odds_line(expr, "fail", NULL, o.outcomes - pass, o.outcomes);
		} else
			odds_totals(expr, &o);
		odds_free(&o);
	}
}

/* Options that make no sense together are refused, never ignored. */
static void
check_options(const struct opts *o, int argc)
{
	if (o->table != NULL && strcmp(o->table, "list") == 0 &&
	    (argc > 0 || o->dc || o->count_set || o->json || o->odds ||
	    o->seed || o->verbose))
		errx(EXIT_BAD, "-t list: lists the tables; give it alone");
	if (o->dc != NULL && o->table != NULL)
		errx(EXIT_BAD, "-c: a table has no DC: give -c or -t, not both");
	if (o->odds && o->count_set)
		errx(EXIT_BAD, "-n: -o counts the odds and rolls nothing");
	if (o->odds && o->seed != NULL)
		errx(EXIT_BAD, "-s: -o counts the odds and rolls nothing");
	if (o->odds && o->verbose)
		errx(EXIT_BAD, "-v: -o counts the odds and rolls no dice to show");
	if (o->odds && o->json)
		errx(EXIT_BAD, "-j: -o writes odds, not records");
}

static void
option(void *ctx, int letter, char *v)
{
	struct opts *o = ctx;

	switch (letter) {
	case 'c': o->dc = v; break;
	case 'j': o->json = 1; break;
	case 'n':
		o->count = estrtonum(v, 0, COUNT_MAX, "-n");
		o->count_set = 1;
		break;
	case 'o': o->odds = 1; break;
	case 's': o->seed = v; break;
	case 't': o->table = v; break;
	case 'v': o->verbose = 1; break;
	}
}

int
main(int argc, char *argv[])
{
	struct run run = { 0 };
	struct opts o = { .count = 1 };

	util_init();
	argv = opt_parse(&spec, &argc, argv, option, &o);
	check_options(&o, argc);
	out_init(prog, 0);
	rec_json(o.json);
	if (o.table != NULL && strcmp(o.table, "list") == 0) {
		list_tables();
		out_close();
		return EXIT_OK;
	}
	if (o.dc != NULL) {
		run.dc = (long)estrtonum(o.dc, -DC_MAX, DC_MAX, "-c");
		run.check = 1;
	}
	if (o.table != NULL)
		pick_table(&run, o.table);
	parse_dice(&run, argc, argv);
	run.verbose = o.verbose;
	run.json = o.json;
	if (o.odds)
		odds_all(&run);
	else {
		stream_start(&run.st, prog, o.seed, o.verbose);
		play(&run, o.count);
	}
	out_close();
	tbl_free(&run.own);
	free(run.tname);
	free(run.dice);
	return run.failed ? EXIT_FAILED : EXIT_OK;
}
