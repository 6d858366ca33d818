/*
 * roll: dice expressions, checks against a DC, the seeds' tables by name,
 * and the exact odds of any of them, counted without rolling (roll(6)).
 */
#include <err.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "expr.h"
#include "opt.h"
#include "odds.h"
#include "record.h"
#include "rules.h"
#include "util.h"

static const char prog[] = "roll";

#define DC_MAX 2000000000LL	/* beyond any total: 1000 dice of 10^6 sides, +10^6 */
#define FACES_TEXT 65536	/* the faces of -v: 1000 dice of 7 digits, marks; cut beyond */
#define FINE_DIGITS 15		/* -O: significant figures */
#define WIDTH_MAX 1000		/* -g: the longest bar */
#define LINES_MAX 64		/* bare_lines: totals of at most 6 characters */
#define OUT_BLOCK 4096

struct opts {
	OPT_COMMON;		/* -jnstv */
	const char *dc;
	long long width;
	int	 odds, fine, graph, width_set, exact;
	int	 list, draw;	/* -L, -e */
};

/* One EXPRESSION: as written, as read, and its roller's name (-c Ann:d20). */
struct operand {
	char	*text;		/* what the records show: an old form as it always was */
	char	*written;	/* as written, without spaces: what -o shows */
	char	*name;		/* NULL, or the roller */
	struct dice d;		/* a single plain term: its fast path */
	int	 simple;
	struct expr e;
	long long mod;		/* the constants a check adds to its roll */
};

struct run {
	struct stream st;
	struct tbl_entry entry;	/* -t: the row's sentence, its dice rolled */
	struct operand *op;	/* one per EXPRESSION */
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
	struct rec_writer *w;	/* the records, on standard output, */
	struct out_buf *out;	/* and the lines that are none (-o, -g) */
	int	 fine, graph;	/* -O, -g */
	int	 exact;		/* -x: the standard deviation as sqrt(FRACTION) */
	int	 width;		/* -w */
	char	*drawn;		/* -e, or replacement: false: each row drawn yet */
};

/* roll's options, its own and the shared ones (opt.c), in -h's order. */
static const struct opt options[] = {
	{ 'c', "DC", "roll each EXPRESSION as a check against DC" },
	{ 'e', NULL, "with -t, draw each row at most once (without replacement)" },
	{ 'g', NULL, "draw the exact odds as a histogram (implies -o)" },
	OPT_SHARED('j'),
	{ 'L', NULL, "with -t, print the table as read: ranges, weights, keys, texts" },
	{ 'n', NULL, "roll the expressions COUNT times (default 1)" },
	{ 'O', NULL, "as -o, each probability to 15 figures" },
	{ 'o', NULL, "roll nothing: print the exact odds of every total" },
	OPT_SHARED('s'),
	{ 't', "TABLE|FILE", "roll on a table built in, or in FILE (list: names)" },
	{ 'v', NULL, "show the dice behind each total, and the seed" },
	{ 'w', "WIDTH", "the longest bar of -g (default 50)" },
	{ 'x', NULL, "as -o, the standard deviation exact, as sqrt(FRACTION)" },
	{ 0, NULL, NULL }
};

static const struct opt_spec spec = {
	prog, "roll [-eghjLOoVvx] [-c DC] [-n COUNT] [-s SEED] [-t TABLE|FILE] "
	    "[-w WIDTH] [EXPRESSION ...]", options, 0
};

/* -t list: NAME DIE SEED TITLE, one built-in table a line. */
static void
list_tables(struct out_buf *out)
{
	const struct named_table *n;
	char die[32];

	for (n = rules_tables; n->t != NULL; n++) {
		dice_format(&n->t->die, die, sizeof die);
		out_str(out, n->t->name);
		out_str(out, "\t");
		out_str(out, die);
		out_str(out, "\t");
		out_str(out, n->seed);
		out_str(out, "\t");
		out_str(out, n->title);
		out_str(out, "\n");
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
		esc_errx(EXIT_BAD, "-t: alarm: the alarm rules roll a d10 against the alarm, not a table");
	if (run->table == NULL && strchr(name, '/') == NULL &&
	    access(name, F_OK) != 0 && !heading_of_file(name))
		esc_errx(EXIT_BAD, "-t: '%s': neither a table (roll -t list) nor a file",
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

/* The constants added at the top of a sum: what a check's roll leaves out. */
static long long
addend(const struct expr *e, int i)
{
	const struct enode *n = &e->node[i];

	if (n->op == E_NUM)
		return n->v;
	if (n->op == E_ADD)
		return addend(e, n->a) + addend(e, n->b);
	if (n->op == E_SUB)
		return addend(e, n->a) - addend(e, n->b);
	return 0;
}

/* NAME:EXPRESSION names a roller (letters, digits, _ and -). */
static char *
roller(const char *s, const char **rest)
{
	size_t n = strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789_-");
	char *name;

	*rest = s;
	if (n == 0 || s[n] != ':')
		return NULL;
	name = estrdup(s);
	name[n] = '\0';
	*rest = s + n + 1;
	return name;
}

/* Read one EXPRESSION; where names where it came from in an error. */
static void
parse_one(struct operand *op, const char *where, const char *s)
{
	const char *why;
	char *p, *q;

	op->name = roller(s, &s);
	op->text = estrdup(s);
	for (p = q = op->text; *p != '\0'; p++)	/* as written, no spaces */
		if (*p != ' ' && *p != '\t')
			*q++ = *p;
	*q = '\0';
	if ((why = expr_parse(&op->e, s)) != NULL)
		esc_errx(EXIT_BAD, "%s%s: %s", where, s, why);
	op->mod = addend(&op->e, op->e.root);
	op->written = estrdup(op->text);
	op->simple = dice_of(&op->d, &op->e) == NULL;	/* its fast path */
	free(op->text);
	op->text = emalloc(strlen(op->written) + 64);
	dice_name(op->text, (int)strlen(op->written) + 64, &op->e, op->written);
}

/* Expressions from standard input, one a line, blank lines skipped. */
static char **
read_lines(int *argc)
{
	char **v = NULL, *line = NULL;
	size_t size = 0;
	ssize_t len;
	int n = 0;

	while ((len = getline(&line, &size, stdin)) != -1) {
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (strspn(line, " \t") == (size_t)len)
			continue;
		v = ereallocarray(v, (size_t)n + 1, sizeof *v);
		v[n++] = estrdup(line);
	}
	if (ferror(stdin))
		esc_err(EXIT_IO, "stdin");
	free(line);
	*argc = n;
	return v;
}

/* The EXPRESSION operands; none: the table's die, or a d20. */
static void
parse_dice(struct run *run, int argc, char **argv)
{
	char where[32] = "";
	int i, lines = 0;

	if (argc == 0 && run->table == NULL && !isatty(STDIN_FILENO)) {
		argv = read_lines(&argc);	/* printf '3d6\n' | roll */
		lines = 1;
	}
	if (run->table != NULL && argc > 1)
		esc_errx(EXIT_BAD, "%s: -t rolls one table with one expression", argv[1]);
	run->ndice = argc > 0 ? argc : 1;
	run->op = ereallocarray(NULL, (size_t)run->ndice, sizeof *run->op);
	memset(run->op, 0, (size_t)run->ndice * sizeof *run->op);
	if (argc == 0) {
		char die[32] = "d20";

		if (run->table != NULL)
			dice_format(&run->table->die, die, sizeof die);
		parse_one(&run->op[0], "", die);
	}
	for (i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-") == 0 && !lines)
			esc_errx(EXIT_BAD, "-: roll reads standard input when given no EXPRESSION");
		if (lines)
			snprintf(where, sizeof where, "stdin: ");
		parse_one(&run->op[i], where, argv[i]);
		if (lines)
			free(argv[i]);
	}
	if (lines)
		free(argv);
}

/* Roll one operand: its total; with marks, what -v shows of its dice. */
static long long
roll_one(struct run *run, const struct operand *op, char *marks, int size)
{
	if (op->simple && marks == NULL)
		return dice_roll(&op->d, &run->st.rng, NULL);
	return expr_roll(&op->e, &run->st.rng, marks, size);
}

/* A bare roll: its total, and with -v "TAB EXPRESSION TAB FACES". */
static void
bare(struct run *run, const struct operand *op, char *buf)
{
	if (!run->verbose) {
		rec_line(run->w, REC_LAYOUT(ROLL_TOTAL));
		rec_i64(run->w, roll_one(run, op, NULL, 0));
		rec_end(run->w);
		return;
	}
	rec_line(run->w, REC_LAYOUT(ROLL_FACES));
	rec_i64(run->w, roll_one(run, op, buf, FACES_TEXT));
	rec_str(run->w, op->text);
	rec_str(run->w, buf);
	rec_end(run->w);
}

/*
 * The fast way to many totals of one expression of few totals: each line
 * "TOTAL\n" made once, copied 8 bytes at a time into a block of output.
 */
static void
bare_lines(struct run *run, const struct operand *op, long long count)
{
	char line[LINES_MAX][8], block[OUT_BLOCK + 8];
	unsigned char len[LINES_MAX];
	long long lo = op->e.node[op->e.root].lo, t;
	size_t n = 0;

	for (t = lo; t <= op->e.node[op->e.root].hi; t++)
		len[t - lo] = (unsigned char)snprintf(line[t - lo], 8, "%lld\n", t);
	for (; count > 0; count--) {
		t = roll_one(run, op, NULL, 0) - lo;
		memcpy(block + n, line[t], 8);
		if ((n += len[t]) >= OUT_BLOCK) {
			out_bytes(run->out, block, n);
			n = 0;
		}
	}
	out_bytes(run->out, block, n);
}

/*
 * A natural 20 or 1: the one d20 a check keeps, when it keeps one; the 20
 * says what 004 makes of it (check_attack_natural).
 */
static const char *
natural(const struct operand *op, long long roll)
{
	const struct enode *n = &op->e.node[0];

	if (op->e.n != 1 + (op->mod != 0) * 2 || n->op != E_DICE ||
	    n->t.keep != 1 || n->t.fhi != 20 || !term_plain(&n->t))
		return "";
	return check_attack_natural(roll);
}

/* roll INDEX EXPRESSION ROLL TOTAL DC RESULT TEXT */
static void
check(struct run *run, uint64_t index, const struct operand *op, char *buf)
{
	char sum[64] = "", dice[FACES_TEXT + 4] = "", who[80] = "";
	long long total, roll;
	int pass;

	total = roll_one(run, op, buf, FACES_TEXT);
	roll = total - op->mod;
	pass = total >= run->dc;	/* delving(7): meets or beats the DC */

	if (op->mod != 0)
		snprintf(sum, sizeof sum, "%lld%+lld = ", roll, op->mod);
	if (run->verbose)
		snprintf(dice, sizeof dice, " [%s: %s]", op->text, buf);
	if (op->name != NULL)
		snprintf(who, sizeof who, "%s: ", op->name);
	run->failed |= !pass;
	rec_begin(run->w, REC_LAYOUT(ROLL_CHECK), index);
	rec_str(run->w, op->text);
	rec_i64(run->w, roll);
	rec_i64(run->w, total);
	rec_i64(run->w, run->dc);
	rec_str(run->w, pass ? "pass" : "fail");
	rec_text(run->w, "%s%s: %s%lld against DC %ld: %s%s.%s", who, op->text,
	    sum,
	    total, run->dc, pass ? "success" : "failure", natural(op, roll), dice);
	rec_end(run->w);
}

/* A total beyond the table's ends counts as its first or last row. */
static long
clamp(const struct run *run, long long total)
{
	return total < run->tlo ? run->tlo : total > run->thi ? run->thi :
	    (long)total;
}

/* A d66 table rolled on its own die: tens and units, two d6. */
static int
d66(const struct run *run, const struct operand *op)
{
	return run->table != NULL && tbl_d66(run->table) && op->simple &&
	    op->d.count == 1 && op->d.sides == 66 && op->d.mod == 0;
}

/*
 * roll INDEX TABLE ROLL KEY TEXT: the row's dice rolled after it, noted in
 * TEXT, which says the roll first: "4 on d6: Fatigue — ...".
 */
static void
table_roll(struct run *run, uint64_t index, const struct operand *op, char *buf)
{
	struct tbl_entry *e = &run->entry;
	uint32_t faces[DICE_COUNT_MAX];
	const struct tbl_row *row;
	char dice[FACES_TEXT + 4] = "", as[64] = "";
	long long total;
	long t;
	int n;

	do {	/* -e: a row drawn before is rolled again */
		if (d66(run, op)) {	/* tens, units */
			tbl_roll(run->table, &run->st.rng, &t, faces);
			total = t;
			dice_faces(&op->d, faces, buf, FACES_TEXT);
		} else
			total = roll_one(run, op, buf, FACES_TEXT);
		row = tbl_lookup(run->table, clamp(run, total));
	} while (run->drawn != NULL && run->drawn[row - run->table->rows]);
	if (run->drawn != NULL)
		run->drawn[row - run->table->rows] = 1;
	if (clamp(run, total) != total)
		snprintf(as, sizeof as, ", counted as %ld", clamp(run, total));
	tbl_row_entry(e, run->table, row, &run->st.rng,
	    TBL_NOTED | (run->verbose ? TBL_FACES : 0));
	if (run->verbose)
		n = snprintf(dice, sizeof dice, " [%s: %s", op->text, buf);
	if (run->verbose && e->n > 0 && n < (int)sizeof dice)	/* the entry's dice */
		n += snprintf(dice + n, sizeof dice - (size_t)n, "; %s", e->faces);
	if (run->verbose && n < (int)sizeof dice)
		snprintf(dice + n, sizeof dice - (size_t)n, "]");
	rec_begin(run->w, REC_LAYOUT(ROLL_TABLE), index);
	rec_str(run->w, run->tname);
	rec_i64(run->w, total);
	rec_str(run->w, row->key);
	rec_text(run->w, "%lld on %s%s: %s%s", total, op->text, as, e->text,
	    dice);
	rec_end(run->w);
}

/* COUNT times, each expression in order: the dice of one run. */
static void
play(struct run *run, long long count)
{
	const struct enode *root = &run->op[0].e.node[run->op[0].e.root];
	char *buf = emalloc(FACES_TEXT);
	long long i;
	int j;

	if (run->ndice == 1 && run->table == NULL && !run->check &&
	    !run->verbose && !run->json && root->hi - root->lo < LINES_MAX &&
	    root->lo > -99999 && root->hi < 999999) {
		bare_lines(run, &run->op[0], count);
		free(buf);
		return;
	}
	for (i = 1; i <= count; i++)
		for (j = 0; j < run->ndice; j++)
			if (run->table != NULL)
				table_roll(run, (uint64_t)i, &run->op[j], buf);
			else if (run->check)
				check(run, (uint64_t)i, &run->op[j], buf);
			else
				bare(run, &run->op[j], buf);
	free(buf);
}

/* FRACTION DECIMAL, the end of a line of -o; both freed. */
static void
odds_tail(struct out_buf *out, char *frac, char *dec)
{
	out_str(out, frac);
	out_str(out, "\t");
	out_str(out, dec);
	out_str(out, "\n");
	free(frac);
	free(dec);
}

/* One line of -o: the fields given, then FRACTION DECIMAL (-O: finer). */
static void
odds_line(const struct run *run, const struct odds *o, const char *a,
    const char *b, const char *c, const struct big *n)
{
	char *frac = odds_fraction(o, n);
	char *dec = run->fine ? odds_fine(n, &o->den, FINE_DIGITS) :
	    odds_decimal(n, &o->den, 4);

	out_str(run->out, a);
	out_str(run->out, "\t");
	out_str(run->out, b);
	if (c != NULL) {
		out_str(run->out, "\t");
		out_str(run->out, c);
	}
	out_str(run->out, "\t");
	odds_tail(run->out, frac, dec);
}

/* EXPRESSION TOTAL FRACTION DECIMAL, each total; then the mean and sd. */
static void
odds_totals(const struct run *run, const char *expr, const struct odds *o)
{
	struct odds_stats st;
	char t[32];
	long i;

	for (i = 0; i < o->n; i++) {
		if (big_zero(&o->count[i]))
			continue;
		snprintf(t, sizeof t, "%lld", o->lo + i * o->step);
		odds_line(run, o, expr, t, NULL, &o->count[i]);
	}
	odds_stats(o, run->exact, &st);	/* the sd a number by default (issue 25) */
	out_str(run->out, expr);
	out_str(run->out, "\tsd\t");
	odds_tail(run->out, st.sd, st.sd_dec);
	out_str(run->out, expr);
	out_str(run->out, "\tmean\t");
	odds_tail(run->out, st.mean, st.mean_dec);
}

/* -g: TOTAL PERCENT BAR, a bar of '#' as long as its odds, the likeliest WIDTH. */
static void
odds_graph(const struct run *run, const char *expr, const struct odds *o)
{
	const struct big *max = &o->count[0];
	char line[64], *pc;
	long i;
	int w, tw = 1, bar;

	for (i = 0; i < o->n; i++) {
		if (big_cmp(&o->count[i], max) > 0)
			max = &o->count[i];
		w = snprintf(line, sizeof line, "%lld", o->lo + i * o->step);
		tw = w > tw ? w : tw;
	}
	out_str(run->out, expr);
	out_str(run->out, "\n");
	for (i = 0; i < o->n; i++) {
		if (big_zero(&o->count[i]))
			continue;
		{
			struct big h = { 0 };

			big_copy(&h, &o->count[i]);
			big_mulsmall(&h, 100, 0);
			pc = odds_decimal(&h, &o->den, 2);
			big_free(&h);
		}
		snprintf(line, sizeof line, "%*lld %6s%% ", tw, o->lo + i * o->step,
		    pc[0] == '1' && strncmp(pc, "100", 3) != 0 ? pc : pc);
		free(pc);
		out_str(run->out, line);
		for (bar = odds_bar(&o->count[i], max, run->width); bar > 0; bar--)
			out_str(run->out, "#");
		out_str(run->out, "\n");
	}
}

/* The totals of O that give ROW, counted into N; lo and hi clamp them. */
static void
row_count(const struct tbl_row *row, const struct odds *o, long lo, long hi,
    struct big *n)
{
	long long t;
	long i;

	big_set(n, 0);
	for (i = 0; i < o->n; i++) {
		t = o->lo + i * o->step;
		t = t < lo ? lo : t > hi ? hi : t;
		if (t >= row->lo && t <= row->hi)
			big_add(n, &o->count[i]);
	}
}

static void
range_text(char *buf, size_t size, const char *before, const struct tbl_row *row)
{
	if (row->lo == row->hi)
		snprintf(buf, size, "%s%ld", before, row->lo);
	else
		snprintf(buf, size, "%s%ld-%ld", before, row->lo, row->hi);
}

/* The odds of a table's own die: tens and units for d66. */
static void
die_odds(const struct tbl *t, struct odds *o)
{
	const char *why;
	struct expr e;
	char die[32];

	dice_format(&t->die, die, sizeof die);
	if ((why = expr_parse(&e, die)) != NULL ||
	    (why = odds_count(o, &e)) != NULL)
		esc_errx(EXIT_BAD, "-o: %s: %s: %s", t->name, die, why);
	if (tbl_d66(t))
		odds_d66(o);
}

/*
 * The tables a row rolls: each of their rows on a line, its chance the
 * row's (pn of po's den) times its own, its RANGE the ranges that lead
 * to it ("61-100>3"), its TABLE the table it is in.
 */
static void
odds_subs(const struct run *run, const char *path, const struct tbl *t,
    int r, const struct odds *po, const struct big *pn)
{
	struct odds so, j = { 0 };
	struct big c = { 0 }, n = { 0 };
	char range[256];
	const struct tbl *s;
	int k, i;

	for (k = 0; k < t->more[r].nsub; k++) {
		s = t->more[r].sub[k];
		die_odds(s, &so);
		big_mul(&j.den, &po->den, &so.den);
		j.nfac = po->nfac + so.nfac;
		j.fac = ereallocarray(NULL, (size_t)j.nfac + 1, sizeof *j.fac);
		memcpy(j.fac, po->fac, (size_t)po->nfac * sizeof *j.fac);
		memcpy(j.fac + po->nfac, so.fac, (size_t)so.nfac * sizeof *j.fac);
		for (i = 0; i < s->nrows; i++) {
			row_count(&s->rows[i], &so, LONG_MIN, LONG_MAX, &c);
			big_mul(&n, pn, &c);
			range_text(range, sizeof range, path, &s->rows[i]);
			odds_line(run, &j, s->name, range, s->rows[i].key, &n);
			if (s->more != NULL && s->more[i].nsub > 0) {
				strncat(range, ">", sizeof range - strlen(range) - 1);
				odds_subs(run, range, s, i, &j, &n);
			}
		}
		free(j.fac);
		big_free(&j.den);
		odds_free(&so);
	}
	big_free(&c);
	big_free(&n);
}

/* TABLE RANGE KEY FRACTION DECIMAL, each row of the table, and of those it rolls. */
static void
odds_table(const struct run *run, const struct odds *o)
{
	const struct tbl_row *row;
	struct big n = { 0 };
	char range[256];
	int r;

	for (r = 0; r < run->table->nrows; r++) {
		row = &run->table->rows[r];
		row_count(row, o, run->tlo, run->thi, &n);
		range_text(range, sizeof range, "", row);
		odds_line(run, o, run->tname, range, row->key, &n);
		if (run->table->more != NULL && run->table->more[r].nsub > 0) {
			strncat(range, ">", sizeof range - strlen(range) - 1);
			odds_subs(run, range, run->table, r, o, &n);
		}
	}
	big_free(&n);
}

/* -L: each table as read, the one given and those it rolls. */
static void
list_rows(struct out_buf *out, const struct tbl *t)
{
	char die[32], buf[64];
	int i, k;

	dice_format(&t->die, die, sizeof die);
	snprintf(buf, sizeof buf, "\t%d row%s%s\n", t->nrows, t->nrows == 1 ?
	    "" : "s", t->norepl ? ", drawn without replacement" : "");
	out_str(out, t->name);
	out_str(out, "\tdie\t");
	out_str(out, die);
	out_str(out, buf);
	for (i = 0; i < t->nrows; i++) {
		range_text(buf, sizeof buf, "", &t->rows[i]);
		out_str(out, t->name);
		out_str(out, "\t");
		out_str(out, buf);
		if (t->more != NULL && t->more[i].weight > 0)
			snprintf(buf, sizeof buf, "\t%ldx\t", t->more[i].weight);
		else
			snprintf(buf, sizeof buf, "\t-\t");
		out_str(out, buf);
		out_str(out, t->rows[i].key);
		out_str(out, "\t");
		out_str(out, t->rows[i].text);
		for (k = 0; t->more != NULL && k < t->more[i].nsub; k++) {
			out_str(out, k ? ", " : "\t");
			out_str(out, t->more[i].sub[k]->name);
		}
		out_str(out, t->more != NULL && t->more[i].nsub > 0 ? "\n" : "\t-\n");
	}
}

static void
list_table(struct out_buf *out, const struct tbl *t, const struct tbl **seen,
    int *nseen)
{
	int i, k;

	for (i = 0; i < *nseen; i++)
		if (seen[i] == t)
			return;
	seen[(*nseen)++] = t;
	list_rows(out, t);
	for (i = 0; t->more != NULL && i < t->nrows; i++)
		for (k = 0; k < t->more[i].nsub; k++)
			list_table(out, t->more[i].sub[k], seen, nseen);
}

/* -o: count each expression's outcomes; roll nothing. */
static void
odds_all(const struct run *run)
{
	struct odds o;
	struct big pass = { 0 }, fail = { 0 };
	const char *why;
	int i;

	for (i = 0; i < run->ndice; i++) {
		const char *expr = run->op[i].written;

		if ((why = odds_count(&o, &run->op[i].e)) != NULL)
			esc_errx(EXIT_BAD, "-o: %s: %s", expr, why);
		if (d66(run, &run->op[i]))	/* tens and units: 36 totals */
			odds_d66(&o);
		if (run->table != NULL)
			odds_table(run, &o);
		else if (run->check) {
			odds_at_least(&o, run->dc, &pass);
			big_copy(&fail, &o.den);
			big_sub(&fail, &pass);
			odds_line(run, &o, expr, "pass", NULL, &pass);
			odds_line(run, &o, expr, "fail", NULL, &fail);
		} else if (run->graph)
			odds_graph(run, expr, &o);
		else
			odds_totals(run, expr, &o);
		odds_free(&o);
	}
	big_free(&pass);
	big_free(&fail);
}

static void
free_operands(struct run *run)
{
	int i;

	for (i = 0; i < run->ndice; i++) {
		free(run->op[i].text);
		free(run->op[i].written);
		free(run->op[i].name);
	}
	free(run->op);
}

/* -e, replacement: false: COUNT draws, each row at most once. */
static void
draws(struct run *run, long long count)
{
	if (count > run->table->nrows)
		esc_errx(EXIT_BAD, "-n: %lld draws without replacement from a "
		    "table of %d rows", count, run->table->nrows);
	run->drawn = emalloc((size_t)run->table->nrows);
	memset(run->drawn, 0, (size_t)run->table->nrows);
}

/* Options that make no sense together are refused, never ignored. */
static void
check_options(const struct opts *o, int argc)
{
	if (o->table != NULL && strcmp(o->table, "list") == 0 &&
	    (argc > 0 || o->dc || o->count_set || o->json || o->odds ||
	    o->seed || o->verbose))
		esc_errx(EXIT_BAD, "-t list: lists the tables; give it alone");
	if (o->dc != NULL && o->table != NULL)
		esc_errx(EXIT_BAD, "-c: a table has no DC: give -c or -t, not both");
	if (o->odds && o->count_set)
		esc_errx(EXIT_BAD, "-n: -o counts the odds and rolls nothing");
	if (o->odds && o->seed != NULL)
		esc_errx(EXIT_BAD, "-s: -o counts the odds and rolls nothing");
	if (o->odds && o->verbose)
		esc_errx(EXIT_BAD, "-v: -o counts the odds and rolls no dice to show");
	if (o->odds && o->json)
		esc_errx(EXIT_BAD, "-j: -o writes odds, not records");
	if (o->graph && (o->dc != NULL || o->table != NULL))
		esc_errx(EXIT_BAD, "-g: draws the totals of an expression; give it without -c or -t");
	if (o->exact && (o->dc != NULL || o->table != NULL || o->graph))
		esc_errx(EXIT_BAD, "-x: the standard deviation of the totals; give it without -c, -t or -g");
	if ((o->list || o->draw) && (o->table == NULL ||
	    strcmp(o->table, "list") == 0))
		esc_errx(EXIT_BAD, "-%c: give it with -t FILE", o->list ? 'L' : 'e');
	if (o->list && (argc > 0 || o->count_set || o->odds || o->seed ||
	    o->verbose || o->json || o->draw))
		esc_errx(EXIT_BAD, "-L: prints the table and rolls nothing; give it with -t alone");
	if (o->draw && o->odds)
		esc_errx(EXIT_BAD, "-e: -o counts the odds of one roll; give one or the other");
	if (o->width_set && !o->graph)
		esc_errx(EXIT_BAD, "-w: the width of the bars of -g; give -g too");
}

static void
option(void *ctx, int letter, char *v)
{
	struct opts *o = ctx;

	switch (letter) {
	case 'c': o->dc = v; break;
	case 'e': o->draw = 1; break;
	case 'L': o->list = 1; break;
	case 'g': o->graph = o->odds = 1; break;
	case 'O': o->fine = o->odds = 1; break;
	case 'x': o->exact = o->odds = 1; break;
	case 'o': o->odds = 1; break;
	case 'w':
		o->width = estrtonum(v, 1, WIDTH_MAX, "-w");
		o->width_set = 1;
		break;
	}
}

int
main(int argc, char *argv[])
{
	struct run run = { 0 };
	struct opts o = { .width = 50 };

	util_init();
	argv = opt_parse(&spec, &o.com, &argc, argv, option, &o);
	check_options(&o, argc);
	run.w = rec_writer_open(prog, 0);
	run.out = rec_out(run.w);
	rec_json(run.w, o.json);
	if (o.table != NULL && strcmp(o.table, "list") == 0) {
		list_tables(run.out);
		rec_writer_close(run.w);
		return EXIT_OK;
	}
	if (o.dc != NULL) {
		run.dc = (long)estrtonum(o.dc, -DC_MAX, DC_MAX, "-c");
		run.check = 1;
	}
	if (o.table != NULL)
		pick_table(&run, o.table);
	if (o.list) {
		const struct tbl *seen[TBL_NESTED_MAX + 1];
		int nseen = 0;

		list_table(run.out, run.table, seen, &nseen);
		rec_writer_close(run.w);
		tbl_free(&run.own);
		free(run.tname);
		return EXIT_OK;
	}
	if (o.table != NULL && (o.draw || run.table->norepl) && !o.odds)
		draws(&run, o.count);
	parse_dice(&run, argc, argv);
	run.verbose = o.verbose;
	run.json = o.json;
	run.fine = o.fine;
	run.graph = o.graph;
	run.exact = o.exact;
	run.width = (int)o.width;
	if (o.odds)
		odds_all(&run);
	else {
		stream_start(&run.st, prog, o.seed, o.verbose);
		play(&run, o.count);
	}
	rec_writer_close(run.w);
	tbl_free(&run.own);
	free(run.tname);
	free(run.drawn);
	free_operands(&run);
	return run.failed ? EXIT_FAILED : EXIT_OK;
}
