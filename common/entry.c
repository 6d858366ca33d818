/*
 * entry: a table's rows as they are printed (delving(7) TABLE FILES): the
 * dice expressions written in a row rolled after the row's own roll, in
 * order, their totals in their place; a row's key.  (The tables that -T
 * KEY=FILE adds to a result are table.c's, which calls this file, never
 * the other way.)
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"
#include "util.h"

/* Dice inside a text: an expression of roll(6)'s grammar standing as a word. */
static int
word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/*
 * The length of the dice expression at s (2d4, 1d6+1d4, 2d6*10, d6!,
 * (2d6+3)*2), parsed into e; 0 when there is none, when it rolls no dice (a
 * number is text), when a letter or a digit follows it (2d6x10 is a word)
 * or when it is all in parentheses ("(1d6)" is read from its 1).
 */
/* Whether s may start an expression: a die, "(", or a number before a die or an operator. */
static int
may_be_dice(const char *s)
{
	if (*s == '(')
		return 1;
	s += strspn(s, "0123456789");
	if (*s == 'd' || *s == 'D')
		return isdigit((unsigned char)s[1]) || s[1] == '%' || s[1] == 'F' ||
		    s[1] == 'f';
	s += strspn(s, " \t");
	return *s != '\0' && strchr("+-*/", *s) != NULL;
}

static size_t
expr_at(const char *s, struct expr *e)
{
	char buf[EXPR_TEXT_MAX + 1];
	size_t n;
	int len;

	if (!may_be_dice(s))
		return 0;
	n = strlen(s);
	if (n > EXPR_TEXT_MAX)
		n = EXPR_TEXT_MAX;
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (expr_scan(e, buf, &len) != NULL || len == 0 || !expr_dice(e) ||
	    word_char(s[len]) || s[len] == '%' ||
	    (s[0] == '(' && s[len - 1] == ')'))	/* "(1d6)": the parentheses stay */
		return 0;
	return (size_t)len;
}

/* "roll 2d6", "Roll 1d8": an instruction to the reader, not a result. */
static int
after_roll(const char *text, const char *s)
{
	static const char *const verbs[] = { "roll", "rolls", "rolled", NULL };
	char word[8];
	const char *e = s, *b;

	while (e > text && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	for (b = e; b > text && isalpha((unsigned char)b[-1]); b--)
		;
	if (e - b == 0 || e - b >= (long)sizeof word)
		return 0;
	memcpy(word, b, (size_t)(e - b));
	word[e - b] = '\0';
	return word_in(word, verbs) >= 0 || (word[0] = (char)tolower(
	    (unsigned char)word[0]), word_in(word, verbs) >= 0);
}

/* Append to a bounded buffer; at its end the rest is dropped. */
static void
put(char *buf, size_t size, size_t *n, const char *s, size_t len)
{
	if (*n + len >= size)
		len = *n + 1 < size ? size - *n - 1 : 0;
	memcpy(buf + *n, s, len);
	*n += len;
	buf[*n] = '\0';
}

/*
 * A row's text marked once (tbl_plan) or each time: where each dice
 * expression stands, and each escape's backslash; the text between is
 * copied as it is.  A plain term keeps its dice for the fast path; any
 * other expression is parsed again when rolled, so a table costs a few
 * bytes an expression however large the grammar's tree (issue 23).
 */
enum { P_ESCAPE, P_PLAIN, P_EXPR, P_TABLE };

struct piece {
	uint32_t off, len;	/* within the row's text */
	int	 kind;
	struct dice d;		/* P_PLAIN's dice; P_TABLE's d.count: which table */
};

/* One expression rolled: its total in the text, its dice noted. */
static void
roll_one(struct tbl_entry *e, size_t *at3, const char *text,
    const struct piece *pc, struct rng *r, int faces_too)
{
	char num[U64_DIGITS + 1], *d, f[TBL_TEXT_MAX], buf[EXPR_TEXT_MAX + 1];
	const char *s = text + pc->off;
	struct expr x;
	long total;

	if (pc->kind == P_PLAIN && !faces_too)	/* the same draws, faster */
		total = dice_roll(&pc->d, r, NULL);
	else {
		memcpy(buf, s, pc->len);
		buf[pc->len] = '\0';
		if (expr_parse(&x, buf) != NULL)	/* cannot be: cut() parsed it */
			esc_errx(EXIT_BAD, "%s: %s", buf, x.why);
		total = (long)expr_roll(&x, r, faces_too ? f : NULL, sizeof f);
	}
	if (total >= 0 && total < 100 && at3[0] + 2 < sizeof e->text)
		at3[0] = (size_t)(small_digits(e->text + at3[0], (unsigned)total) -
		    e->text);	/* most totals, without a copy */
	else {
		d = u64_digits(num + sizeof num, total < 0 ? 0 - (uint64_t)total :
		    (uint64_t)total);
		if (total < 0)
			*--d = '-';
		put(e->text, sizeof e->text, &at3[0], d,
		    (size_t)(num + sizeof num - d));
	}
	if (at3[1] > 0)
		put(e->dice, sizeof e->dice, &at3[1], ",", 1);
	put(e->dice, sizeof e->dice, &at3[1], s, pc->len);
	if (faces_too) {
		if (e->n > 0 && at3[2] > 0)
			put(e->faces, sizeof e->faces, &at3[2], "; ", 2);
		put(e->faces, sizeof e->faces, &at3[2], s, pc->len);
		put(e->faces, sizeof e->faces, &at3[2], ": ", 2);
		put(e->faces, sizeof e->faces, &at3[2], f, strlen(f));
	}
	e->n++;
}

/* noted: "lose 4 INT (1d6)." where no field of the record holds the dice. */
static void
note_dice(struct tbl_entry *e, size_t tn)
{
	char tail[8];
	size_t end = tn, i;

	while (end > 0 && strchr(".!?", e->text[end - 1]) != NULL &&
	    tn - end < sizeof tail - 1)
		end--;
	memcpy(tail, e->text + end, tn - end);
	tail[tn - end] = '\0';
	e->text[end] = '\0';
	tn = end;
	put(e->text, sizeof e->text, &tn, " (", 2);
	for (i = 0; e->dice[i] != '\0'; i++)
		if (e->dice[i] == ',')
			put(e->text, sizeof e->text, &tn, ", ", 2);
		else
			put(e->text, sizeof e->text, &tn, e->dice + i, 1);
	put(e->text, sizeof e->text, &tn, ")", 1);
	put(e->text, sizeof e->text, &tn, tail, strlen(tail));
}

/* Where an expression or an escape may start: a word's first byte. */
static int
may_start(const char *text, const char *p)
{
	if (p > text && word_char(p[-1]))
		return 0;
	return *p == '\\' || *p == 'd' || *p == 'D' || *p == '(' ||
	    *p == '[' || (*p >= '0' && *p <= '9');
}


struct tbl_plan {
	const struct tbl *t;
	struct piece **pc;	/* each row's pieces */
	int	*n;
};

static void
piece(struct piece *pc, int *n, const char *text, const char *s, size_t len,
    int kind, const struct expr *e)
{
	memset(&pc[*n], 0, sizeof pc[*n]);
	pc[*n].off = (uint32_t)(s - text);
	pc[*n].len = (uint32_t)len;
	pc[*n].kind = kind;
	if (kind == P_EXPR && dice_of(&pc[*n].d, e) == NULL)
		pc[*n].kind = P_PLAIN;
	++*n;
}

/*
 * Each dice expression standing as a word is rolled, in order, and its
 * total put in its place; "\2d6" is kept as "2d6", and so is an expression
 * after "roll" (an instruction, not a result).  The pieces, *N of them, in
 * an array the caller frees.
 */
static struct piece *
cut(const char *text, int *np)
{
	struct piece *pc = ereallocarray(NULL, strlen(text) + 1, sizeof *pc);
	const char *p;
	struct expr d;
	size_t len;
	int n = 0, refs = 0;

	for (p = text; *p != '\0'; ) {
		if (!may_start(text, p))
			p++;
		else if ((len = tbl_ref_len(p)) > 0) {	/* [[a table]] */
			piece(pc, &n, text, p, len, P_TABLE, NULL);
			pc[n - 1].d.count = (uint32_t)refs++;
			p += len;
		}
		else if (*p == '\\' && (len = expr_at(p + 1, &d)) > 0) {
			piece(pc, &n, text, p, 1, P_ESCAPE, NULL);
			p += 1 + len;
		} else if (*p != '\\' && (len = expr_at(p, &d)) > 0 &&
		    !after_roll(text, p)) {
			piece(pc, &n, text, p, len, P_EXPR, &d);
			p += len;
		} else
			p++;
	}
	*np = n;
	return ereallocarray(pc, (size_t)n + 1, sizeof *pc);	/* no more room */
}

static void render_into(const char *text, const struct piece *pc, int n,
    const struct tbl_more *more, struct tbl_entry *e, size_t *at3,
    struct rng *r, int how);

/*
 * [[a table]]: rolled where it stands, its row's text in its place, that
 * row's own dice and tables after (loading bounded the depth); with -v
 * "NAME: TOTAL on DIE (FACES)" among the faces.
 */
static void
roll_table(const struct tbl *t, struct tbl_entry *e, size_t *at3,
    struct rng *r, int how)
{
	uint32_t faces[DICE_COUNT_MAX];
	char f[TBL_TEXT_MAX], die[32];
	const struct tbl_row *row;
	struct piece *pc;
	long total;
	int n;

	row = tbl_roll(t, r, &total, (how & TBL_FACES) ? faces : NULL);
	if (how & TBL_FACES) {
		dice_format(&t->die, die, sizeof die);
		if (tbl_d66(t))
			snprintf(f, sizeof f, "%ld", total);
		else
			dice_faces(&t->die, faces, f, sizeof f);
		if (at3[2] > 0)
			put(e->faces, sizeof e->faces, &at3[2], "; ", 2);
		put(e->faces, sizeof e->faces, &at3[2], t->name, strlen(t->name));
		put(e->faces, sizeof e->faces, &at3[2], " ", 1);
		put(e->faces, sizeof e->faces, &at3[2], die, strlen(die));
		put(e->faces, sizeof e->faces, &at3[2], ": ", 2);
		put(e->faces, sizeof e->faces, &at3[2], f, strlen(f));
	}
	e->n++;		/* a roll to show, as an expression is */
	pc = cut(row->text, &n);
	render_into(row->text, pc, n, t->more != NULL ?
	    &t->more[row - t->rows] : NULL, e, at3, r, how);
	free(pc);
}

static void
render_into(const char *text, const struct piece *pc, int n,
    const struct tbl_more *more, struct tbl_entry *e, size_t *at3,
    struct rng *r, int how)
{
	size_t at = 0;
	int i;

	for (i = 0; i < n; i++) {
		put(e->text, sizeof e->text, &at3[0], text + at, pc[i].off - at);
		if (pc[i].kind == P_TABLE && more != NULL &&
		    pc[i].d.count < (uint32_t)more->nsub)
			roll_table(more->sub[pc[i].d.count], e, at3, r, how);
		else if (pc[i].kind == P_TABLE)	/* no table loaded: as written */
			put(e->text, sizeof e->text, &at3[0], text + pc[i].off,
			    pc[i].len);
		else if (pc[i].kind != P_ESCAPE)
			roll_one(e, at3, text, &pc[i], r, how & TBL_FACES);
		at = pc[i].off + pc[i].len;
	}
	put(e->text, sizeof e->text, &at3[0], text + at, strlen(text + at));
}

static void
render(const char *text, const struct piece *pc, int n,
    const struct tbl_more *more, struct tbl_entry *e, struct rng *r, int how)
{
	size_t at3[3] = { 0, 0, 0 };	/* text, dice, faces */

	e->text[0] = e->dice[0] = e->faces[0] = '\0';
	e->n = 0;
	render_into(text, pc, n, more, e, at3, r, how);
	if ((how & TBL_NOTED) && e->dice[0] != '\0')
		note_dice(e, at3[0]);
}

/* A table's row with its dice rolled and the tables it names rolled too. */
void
tbl_row_entry(struct tbl_entry *e, const struct tbl *t,
    const struct tbl_row *row, struct rng *r, int how)
{
	int n;
	struct piece *pc = cut(row->text, &n);

	render(row->text, pc, n, t->more != NULL ? &t->more[row - t->rows] :
	    NULL, e, r, how);
	free(pc);
}

/* A table's rows cut once, for a table rolled many times. */
struct tbl_plan *
tbl_plan(const struct tbl *t)
{
	struct tbl_plan *p = ereallocarray(NULL, 1, sizeof *p);
	int i;

	p->t = t;
	p->pc = ereallocarray(NULL, (size_t)t->nrows + 1, sizeof *p->pc);
	p->n = ereallocarray(NULL, (size_t)t->nrows + 1, sizeof *p->n);
	for (i = 0; i < t->nrows; i++)
		p->pc[i] = cut(t->rows[i].text, &p->n[i]);
	return p;
}

void
tbl_plan_entry(const struct tbl_plan *p, const struct tbl_row *row,
    struct tbl_entry *e, struct rng *r, int how)
{
	long i = row - p->t->rows;

	render(row->text, p->pc[i], p->n[i], p->t->more != NULL ?
	    &p->t->more[i] : NULL, e, r, how);
}

void
tbl_plan_free(struct tbl_plan *p)
{
	int i;

	if (p == NULL)
		return;
	for (i = 0; i < p->t->nrows; i++)
		free(p->pc[i]);
	free(p->pc);
	free(p->n);
	free(p);
}

/*
 * The dice a row's text rolls, as written (an exploding die adds at most
 * EXPR_EXPLODE_MAX more): what a table's loader bounds (issue 23).
 */
long
tbl_row_dice(const char *text)
{
	char buf[EXPR_TEXT_MAX + 1];
	struct expr x;
	long dice = 0;
	int n, i;
	struct piece *pc = cut(text, &n);

	for (i = 0; i < n; i++) {
		if (pc[i].kind == P_ESCAPE || pc[i].kind == P_TABLE)
			continue;
		memcpy(buf, text + pc[i].off, pc[i].len);
		buf[pc[i].len] = '\0';
		if (expr_parse(&x, buf) == NULL)
			dice += expr_dice(&x);
	}
	free(pc);
	return dice;
}

/* A table whose rows print as written: no dice to roll, no escapes. */
int
tbl_fixed(const struct tbl *t)
{
	const char *p;
	struct expr d;
	int i;

	if (tbl_nested(t))
		return 0;
	for (i = 0; i < t->nrows; i++)
		for (p = t->rows[i].text; *p != '\0'; p++)
			if (*p == '\\' || ((p == t->rows[i].text ||
			    !word_char(p[-1])) && expr_at(p, &d) > 0 &&
			    !after_roll(t->rows[i].text, p)))
				return 0;
	return 1;
}

/*
 * A text's key: its first word that is not dice, a number, an article or
 * the "x" of "2d6 x 10 gp",
 * lower-cased, punctuation stripped: "2d4 goblins" goblins, "The Ash
 * Queen's shade" ash.  "" when it has none.
 */
void
tbl_key(char *key, size_t size, const char *text)
{
	static const char *const articles[] = { "a", "an", "the", "x", NULL };
	char word[64];
	struct expr d;
	size_t w, b, e, n, i;
	char article[4] = "";

	for (;; text += w) {
		text += strspn(text, " \t");
		if (*text == '\0')
			break;
		w = strcspn(text, " \t");
		for (b = 0; b < w && strchr("\\(\"'[*_", text[b]) != NULL; b++)
			;
		for (e = w; e > b && strchr(".,;:!?)\"'*_]", text[e - 1]) != NULL; e--)
			;
		if (e - b < sizeof word) {
			memcpy(word, text + b, e - b);
			word[e - b] = '\0';
			if (expr_at(word, &d) == e - b && e > b)
				continue;	/* dice: 2d4, 1d4+1, d% */
		}
		for (n = 0, i = 0; i < w; i++)
			if (isalnum((unsigned char)text[i]) && n + 1 < size)
				key[n++] = (char)tolower((unsigned char)text[i]);
		key[n] = '\0';
		for (i = 0; i < n && !isalpha((unsigned char)key[i]); i++)
			;
		if (i < n && word_in(key, articles) < 0)
			return;
		if (i < n && article[0] == '\0')
			strcpy(article, key);	/* "a" alone is the key; "a rat" is rat */
	}
	snprintf(key, size, "%s", article);
}
