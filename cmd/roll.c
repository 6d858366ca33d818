/*
 * roll: dice expressions, checks against a DC, the seeds' tables by name,
 * and the exact odds of any of them, counted without rolling (roll(6)).
 */
#include <err.h>
#include <limits.h>
#include <stdarg.h>
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
#define WIDTH 50		/* -g: the longest bar, unless -w */
#define WIDTH_MAX 1000
#define LINES_MAX 64		/* bare_lines: totals of at most 6 characters */
#define OUT_BLOCK 4096

struct opts {
	OPT_COMMON;		/* -jnstv */
	const char *dc, *dialect;
	long long width;	/* -w, or 0 */
	int	 odds, fine, graph;	/* -o, -O, -g */
	int	 exact;		/* -x: the standard deviation as sqrt(FRACTION) */
	int	 list, draw;	/* -L, -e */
};

/* One EXPRESSION: as written, as read, and its roller's name (-c Ann:d20). */
struct operand {
	char	*text;		/* what the records show: an old form as it always was */
	char	*written;	/* as written, without spaces: what -o shows */
	char	 who[80];	/* "NAME: " of the roller, cut to fit, or "" */
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
	const struct opts *o;
	long	 dc;		/* -c */
	int	 failed;	/* a check failed */
	struct rec_writer *w;	/* the records, on standard output, */
	struct out_buf *out;	/* and the lines that are none (-o, -g) */
	struct tbl_draws *draws;	/* -e, or replacement: false: the rows drawn */
};

/* roll's options, its own and the shared ones (opt.c), in -h's order. */
static const struct opt options[] = {
	{ 'c', "DC", "roll each EXPRESSION as a check against DC" },
	{ 'D', "DIALECT", "read as foundry, roll20, avrae or rpg-dice-roller does" },
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
	prog, "roll [-eghjLOoVvx] [-c DC] [-D DIALECT] [-n COUNT] [-s SEED] "
	    "[-t TABLE|FILE] [-w WIDTH] [EXPRESSION ...]", options, 0
};

/* FIELDS, a TAB between them, then END: the lines that are no record. */
static void
fields(struct out_buf *out, const char *end, ...)
{
	const char *f, *sep = "";
	va_list ap;

	va_start(ap, end);
	while ((f = va_arg(ap, const char *)) != NULL) {
		out_str(out, sep);
		out_str(out, f);
		sep = "\t";
	}
	va_end(ap);
	out_str(out, end);
}

/* -t list: NAME DIE SEED TITLE, one built-in table a line. */
static void
list_tables(struct out_buf *out)
{
	const struct named_table *n;
	char die[32];

	for (n = rules_tables; n->t != NULL; n++) {
		dice_format(&n->t->die, die, sizeof die);
		fields(out, "\n", n->t->name, die, n->seed, n->title, NULL);
	}
}

/*
 * -t NAME: a table of rules_tables; else a file in either form.  A name
 * with a / or a . names a file (no table's has either): its error is the
 * system's, as hazard -t says it.
 */
static void
pick_table(struct run *run, const char *name)
{
	const struct named_table *n;
	char *p;

	for (n = rules_tables; n->t != NULL; n++)
		if (strcmp(name, n->t->name) == 0)
			run->table = n->t;
	if (strcmp(name, "alarm") == 0)
		esc_errx(EXIT_BAD, "-t: alarm: the alarm rules roll a d10 against the alarm, not a table");
	if (run->table == NULL && strpbrk(name, "/.") == NULL && !tbl_there(name))
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

/* NAME:EXPRESSION names a roller (letters, digits, _ and -): its EXPRESSION. */
static const char *
roller(const char *s, char *who, size_t size)
{
	size_t n = strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789_-");

	if (n == 0 || s[n] != ':')
		return s;
	snprintf(who, size, "%.*s: ", (int)n, s);
	return s + n + 1;
}

/* Read one EXPRESSION; where names where it came from in an error. */
static void
parse_one(struct operand *op, const char *where, const char *s)
{
	const char *why;
	char *p, *q;
	int size;

	s = roller(s, op->who, sizeof op->who);
	op->written = estrdup(s);
	for (p = q = op->written; *p != '\0'; p++)	/* no spaces */
		if (*p != ' ' && *p != '\t')
			*q++ = *p;
	*q = '\0';
	if ((why = expr_parse(&op->e, s)) != NULL)
		esc_errx(EXIT_BAD, "%s%s: %s", where, s, why);
	op->mod = addend(&op->e, op->e.root);
	op->simple = dice_of(&op->d, &op->e) == NULL;	/* its fast path */
	size = (int)strlen(op->written) + 64;
	op->text = emalloc((size_t)size);
	dice_name(op->text, size, &op->e, op->written);
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

/* Whether an operand ends (1) or starts (0) in the middle of an expression. */
static int
open_end(const char *s, int end)
{
	size_t n = strlen(s);

	if (end)
		return n > 0 && strchr("+-*/%^(,{", s[n - 1]) != NULL;
	return strchr("+*/%^)},", s[0]) != NULL || strcmp(s, "-") == 0;
}

/*
 * Operands that split one expression at its spaces, roll 1d20 + 3, joined
 * into one (issue 33): an operand that starts with an operator, or follows
 * one that ends with one, goes on the one before.  *argc, argv: the joined.
 */
static char **
join_operands(int *argc, char **argv)
{
	char **v = ereallocarray(NULL, (size_t)*argc + 1, sizeof *v);
	int i, n = 0;

	for (i = 0; i < *argc; i++) {
		if (n > 0 && *argv[i] != '\0' && (open_end(v[n - 1], 1) ||
		    open_end(argv[i], 0))) {
			v[n - 1] = ereallocarray(v[n - 1], strlen(v[n - 1]) +
			    strlen(argv[i]) + 1, 1);
			strcat(v[n - 1], argv[i]);
		} else
			v[n++] = estrdup(argv[i]);
	}
	*argc = n;
	return v;
}

/* The EXPRESSION operands; none: the table's die, or a d20. */
static void
parse_dice(struct run *run, int argc, char **argv)
{
	char die[32] = "d20", **v = NULL;
	const char *where = "";
	int i;

	if (argc == 0 && run->table == NULL && !isatty(STDIN_FILENO)) {
		argv = v = read_lines(&argc);	/* printf '3d6\n' | roll */
		where = "stdin: ";
	} else if (argc > 1)
		argv = v = join_operands(&argc, argv);
	if (run->table != NULL && argc > 1)
		esc_errx(EXIT_BAD, "%s: -t rolls one table with one expression", argv[1]);
	run->ndice = argc > 0 ? argc : 1;
	run->op = ereallocarray(NULL, (size_t)run->ndice, sizeof *run->op);
	memset(run->op, 0, (size_t)run->ndice * sizeof *run->op);
	if (run->table != NULL)
		dice_format(&run->table->die, die, sizeof die);
	if (argc == 0)
		parse_one(&run->op[0], "", die);
	for (i = 0; i < argc; i++) {
		if (strcmp(argv[i], "-") == 0 && *where == '\0')
			esc_errx(EXIT_BAD, "-: roll reads standard input when given no EXPRESSION");
		parse_one(&run->op[i], where, argv[i]);
	}
	for (i = 0; v != NULL && i < argc; i++)
		free(v[i]);
	free(v);
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
	int v = run->o->verbose;

	rec_line(run->w, v ? REC_LAYOUT(ROLL_FACES) : REC_LAYOUT(ROLL_TOTAL));
	rec_i64(run->w, roll_one(run, op, v ? buf : NULL, FACES_TEXT));
	if (v) {
		rec_str(run->w, op->text);
		rec_str(run->w, buf);
	}
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
	char sum[64] = "", dice[FACES_TEXT + 4];
	long long total, roll;
	int pass;

	dice[0] = '\0';	/* not all of it: 64 KiB a roll */
	total = roll_one(run, op, buf, FACES_TEXT);
	roll = total - op->mod;
	pass = total >= run->dc;	/* delving(7): meets or beats the DC */

	if (op->mod != 0)
		snprintf(sum, sizeof sum, "%lld%+lld = ", roll, op->mod);
	if (run->o->verbose)
		snprintf(dice, sizeof dice, " [%s: %s]", op->text, buf);
	run->failed |= !pass;
	rec_begin(run->w, REC_LAYOUT(ROLL_CHECK), index);
	rec_str(run->w, op->text);
	rec_i64(run->w, roll);
	rec_i64(run->w, total);
	rec_i64(run->w, run->dc);
	rec_str(run->w, pass ? "pass" : "fail");
	rec_text(run->w, "%s%s: %s%lld against DC %ld: %s%s.%s", op->who, op->text,
	    sum, total, run->dc, pass ? "success" : "failure", natural(op, roll),
	    dice);
	rec_end(run->w);
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
	char dice[FACES_TEXT + 4], as[64] = "";
	long long total;
	long t, tries;

	dice[0] = '\0';	/* not all of it: 64 KiB a roll */
	for (tries = 0; ; tries++) {	/* -e: a row drawn before is rolled again */
		if (d66(run, op)) {	/* tens, units */
			tbl_roll(run->table, &run->st.rng, &t, faces);
			total = t;
			dice_faces(&op->d, faces, buf, FACES_TEXT);
		} else
			total = roll_one(run, op, buf, FACES_TEXT);
		row = tbl_lookup(run->table, tbl_clamp(run->table, total));
		if (run->draws == NULL ||
		    tbl_draw(run->draws, run->table, row, tries, "-e"))
			break;
	}
	if ((t = tbl_clamp(run->table, total)) != total)
		snprintf(as, sizeof as, ", counted as %ld", t);
	tbl_row_entry(e, run->table, row, &run->st.rng,
	    TBL_NOTED | (run->o->verbose ? TBL_FACES : 0));
	if (run->o->verbose)	/* the die's faces; the entry's dice */
		snprintf(dice, sizeof dice, " [%s: %s%s%s]", op->text, buf,
		    e->n > 0 ? "; " : "", e->n > 0 ? e->faces : "");
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
	char *buf;
	long long i;
	int j;

	if (run->ndice == 1 && run->table == NULL && run->o->dc == NULL &&
	    !run->o->verbose && !run->o->json && root->hi - root->lo < LINES_MAX &&
	    root->lo > -99999 && root->hi < 999999) {
		bare_lines(run, &run->op[0], count);
		return;
	}
	buf = emalloc(FACES_TEXT);
	for (i = 1; i <= count; i++)
		for (j = 0; j < run->ndice; j++)
			if (run->table != NULL)
				table_roll(run, (uint64_t)i, &run->op[j], buf);
			else if (run->o->dc != NULL)
				check(run, (uint64_t)i, &run->op[j], buf);
			else
				bare(run, &run->op[j], buf);
	free(buf);
}

/* A line of -o: A B [C] FRACTION DECIMAL (-O: finer), N of O's outcomes. */
static void
odds_line(const struct run *run, struct odds *o, const struct big *n,
    const char *a, const char *b, const char *c)
{
	char *frac = odds_fraction(o, n);
	char *dec = run->o->fine ? odds_fine(n, &o->den, FINE_DIGITS) :
	    odds_decimal(n, &o->den, 4);

	fields(run->out, "\t", a, b, c, NULL);
	fields(run->out, "\n", frac, dec, NULL);
	free(frac);
	free(dec);
}

/* EXPRESSION TOTAL FRACTION DECIMAL, each total; then the sd and mean. */
static void
odds_totals(const struct run *run, const char *expr, struct odds *o)
{
	struct odds_stats st;
	char t[32];
	long i;

	for (i = 0; i < o->n; i++) {
		if (big_zero(&o->count[i]))
			continue;
		snprintf(t, sizeof t, "%lld", o->lo + i * o->step);
		odds_line(run, o, &o->count[i], expr, t, NULL);
	}
	odds_stats(o, run->o->exact, &st);	/* the sd a number by default (issue 25) */
	fields(run->out, "\n", expr, "sd", st.sd, st.sd_dec, NULL);
	fields(run->out, "\n", expr, "mean", st.mean, st.mean_dec, NULL);
	free(st.sd);
	free(st.sd_dec);
	free(st.mean);
	free(st.mean_dec);
}

/* -g: TOTAL PERCENT BAR, a bar of '#' as long as its odds, the likeliest WIDTH. */
static void
odds_graph(const struct run *run, const char *expr, const struct odds *o)
{
	const struct big *max = &o->count[0];
	struct big h = { 0 };
	char line[64], *pc;
	long i;
	int w, tw = 1, bar, width = run->o->width ? (int)run->o->width : WIDTH;

	for (i = 0; i < o->n; i++) {
		if (big_cmp(&o->count[i], max) > 0)
			max = &o->count[i];
		w = snprintf(line, sizeof line, "%lld", o->lo + i * o->step);
		tw = w > tw ? w : tw;
	}
	fields(run->out, "\n", expr, NULL);
	for (i = 0; i < o->n; i++) {
		if (big_zero(&o->count[i]))
			continue;
		big_copy(&h, &o->count[i]);
		big_mulsmall(&h, 100, 0);
		pc = odds_decimal(&h, &o->den, 2);
		snprintf(line, sizeof line, "%*lld %6s%% ", tw, o->lo + i * o->step, pc);
		free(pc);
		out_str(run->out, line);
		for (bar = odds_bar(&o->count[i], max, width); bar > 0; bar--)
			out_str(run->out, "#");
		out_str(run->out, "\n");
	}
	big_free(&h);
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
 * TABLE RANGE KEY FRACTION DECIMAL, each row of T: the totals of O, its
 * die's odds, that give it (tbl_row_odds), times PN (NULL: once), of J's
 * outcomes.  After a row that rolls other tables, each of their
 * rows, its RANGE the ranges that lead to it ("61-100>3").
 */
static void
odds_table(const struct run *run, const char *path, const struct tbl *t,
    const struct odds *o, struct odds *j, const struct big *pn)
{
	struct big c = { 0 }, n = { 0 };
	struct odds so, sj;
	char range[256];
	int i, k;

	for (i = 0; i < t->nrows; i++) {
		tbl_row_odds(t, i, o, &c);
		if (pn != NULL)
			big_mul(&n, pn, &c);
		else
			big_copy(&n, &c);
		range_text(range, sizeof range, path, &t->rows[i]);
		odds_line(run, j, &n, *path == '\0' ? run->tname : t->name, range,
		    t->rows[i].key);
		strncat(range, ">", sizeof range - strlen(range) - 1);
		for (k = 0; t->more != NULL && k < t->more[i].nsub; k++) {
			die_odds(t->more[i].sub[k], &so);
			odds_then(&sj, j, &so);
			odds_table(run, range, t->more[i].sub[k], &so, &sj, &n);
			odds_free(&sj);
			odds_free(&so);
		}
	}
	big_free(&c);
	big_free(&n);
}

/* -L: a table as read, its die and each row: RANGE WEIGHT KEY TEXT TABLES. */
static void
list_rows(struct out_buf *out, const struct tbl *t)
{
	char die[32], rows[64], range[64], weight[32];
	long wt;
	int i, k;

	dice_format(&t->die, die, sizeof die);
	snprintf(rows, sizeof rows, "%d row%s%s", t->nrows, t->nrows == 1 ?
	    "" : "s", t->norepl ? ", drawn without replacement" : "");
	fields(out, "\n", t->name, "die", die, rows, NULL);
	for (i = 0; i < t->nrows; i++) {
		range_text(range, sizeof range, "", &t->rows[i]);
		wt = t->more != NULL ? t->more[i].weight : 0;
		snprintf(weight, sizeof weight, "%ldx", wt);
		fields(out, "\t", t->name, range, wt > 0 ? weight : "-",
		    t->rows[i].key, t->rows[i].text, NULL);
		for (k = 0; t->more != NULL && k < t->more[i].nsub; k++) {
			out_str(out, k ? ", " : "");
			out_str(out, t->more[i].sub[k]->name);
		}
		out_str(out, t->more != NULL && t->more[i].nsub > 0 ? "\n" : "-\n");
	}
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
			odds_table(run, "", run->table, &o, &o, NULL);
		else if (run->o->dc != NULL) {
			odds_at_least(&o, run->dc, &pass);
			big_copy(&fail, &o.den);
			big_sub(&fail, &pass);
			odds_line(run, &o, &pass, expr, "pass", NULL);
			odds_line(run, &o, &fail, expr, "fail", NULL);
		} else if (run->o->graph)
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

	for (i = 0; i < run->ndice; i++)
		free(run->op[i].text), free(run->op[i].written);
	free(run->op);
}

/*
 * -e, replacement: false: COUNT draws, each row at most once, none of
 * those the file says were drawn (Foundry's drawn: true).
 */
static void
draws(struct run *run, long long count)
{
	char already[64] = "";
	int n = run->table->nrows;

	run->draws = tbl_draws_new(run->table);
	if (run->draws->n > 0)
		snprintf(already, sizeof already, ", %d of them drawn already "
		    "(drawn: true)", run->draws->n);
	if (count > n - run->draws->n)
		esc_errx(EXIT_BAD, "-n: %lld draws without replacement from a "
		    "table of %d rows%s", count, n, already);
}

/* Options that make no sense together are refused, never ignored. */
static void
check_options(const struct opts *o, int argc)
{
	int list = o->table != NULL && strcmp(o->table, "list") == 0;

	if (list && (argc > 0 || o->dc || o->count_set || o->json || o->odds ||
	    o->seed || o->verbose))
		esc_errx(EXIT_BAD, "-t list: lists the tables; give it alone");
	if (o->dc != NULL && o->table != NULL)
		esc_errx(EXIT_BAD, "-c: a table has no DC: give -c or -t, not both");
	if (o->odds && o->count_set)
		esc_errx(EXIT_BAD, "-n: %s counts the odds and rolls nothing",
		    o->graph ? "-g" : o->fine ? "-O" : o->exact ? "-x" : "-o");
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
	if ((o->list || o->draw) && (o->table == NULL || list))
		esc_errx(EXIT_BAD, "-%c: give it with -t TABLE|FILE", o->list ? 'L' : 'e');
	if (o->list && (argc > 0 || o->count_set || o->odds || o->seed ||
	    o->verbose || o->json || o->draw))
		esc_errx(EXIT_BAD, "-L: prints the table and rolls nothing; give it with -t alone");
	if (o->draw && o->odds)
		esc_errx(EXIT_BAD, "-e: -o counts the odds of one roll; give one or the other");
	if (o->width && !o->graph)
		esc_errx(EXIT_BAD, "-w: the width of the bars of -g; give -g too");
}

static void
option(void *ctx, int letter, char *v)
{
	struct opts *o = ctx;

	switch (letter) {
	case 'c': o->dc = v; break;
	case 'D': o->dialect = v; break;
	case 'e': o->draw = 1; break;
	case 'L': o->list = 1; break;
	case 'g': o->graph = o->odds = 1; break;
	case 'O': o->fine = o->odds = 1; break;
	case 'x': o->exact = o->odds = 1; break;
	case 'o': o->odds = 1; break;
	case 'w': o->width = estrtonum(v, 1, WIDTH_MAX, "-w"); break;
	}
}

int
main(int argc, char *argv[])
{
	const struct tbl *all[TBL_NESTED_MAX + 1];
	struct opts o = { .dc = NULL };
	struct run run = { .o = &o };
	int i, n;

	util_init();
	argv = opt_parse(&spec, &o.com, &argc, argv, option, &o);
	check_options(&o, argc);
	expr_dialect(o.dialect);	/* -D, DELVING_DICE */
	run.w = rec_writer_open(prog, 0);
	run.out = rec_out(run.w);
	rec_json(run.w, o.json);
	if (o.dc != NULL)
		run.dc = (long)estrtonum(o.dc, -DC_MAX, DC_MAX, "-c");
	if (o.table != NULL && strcmp(o.table, "list") != 0)
		pick_table(&run, o.table);
	if (o.table != NULL && run.table == NULL)	/* -t list */
		list_tables(run.out);
	else if (o.list)
		for (i = 0, n = tbl_gather(run.table, all, 0); i < n; i++)
			list_rows(run.out, all[i]);
	else {
		if (run.table != NULL && (o.draw || run.table->norepl) && !o.odds)
			draws(&run, o.count);
		parse_dice(&run, argc, argv);
		if (o.odds)
			odds_all(&run);
		else {
			stream_start(&run.st, prog, o.seed, o.verbose);
			play(&run, o.count);
		}
	}
	rec_writer_close(run.w);
	tbl_free(&run.own);
	free(run.tname);
	free(run.draws);
	free_operands(&run);
	return run.failed ? EXIT_FAILED : EXIT_OK;
}
