/*
 * table: d-tables as data.  A file holds either lines "RANGE TEXT" (with an
 * optional first line "die: 2d6") or a Markdown pipe table whose first column
 * holds the ranges, so a table copied from a rules document loads as it is.
 * The die is the header's, else 1dMAX; gaps, overlaps and totals the die
 * cannot roll are refused with the line number (delving(7) TABLE FILES).
 */
#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kwf.h"
#include "table.h"
#include "util.h"


const struct tbl_row *
tbl_lookup(const struct tbl *t, long total)
{
	int i;

	for (i = 0; i < t->nrows; i++)
		if (total >= t->rows[i].lo && total <= t->rows[i].hi)
			return &t->rows[i];
	return NULL;
}

const struct tbl_row *
tbl_roll(const struct tbl *t, struct rng *r, long *total, uint32_t *faces)
{
	*total = dice_roll(&t->die, r, faces);
	return tbl_lookup(t, *total);
}

/* Loading: one parser state per file, errors name FILE:LINE. */
struct loader {
	const char *path;
	unsigned long lineno;
	struct tbl *t;
	struct tbl_row *rows;
	unsigned long *rowline;
	int have_die;
	int md_rows;		/* pipe rows seen: the first is the header */
};

static void
bad(const struct loader *ld, const char *why, const char *what)
{
	if (what != NULL)
		errx(EXIT_BAD, "%s:%lu: %s: %s", ld->path, ld->lineno, what, why);
	errx(EXIT_BAD, "%s:%lu: %s", ld->path, ld->lineno, why);
}

static char *
trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/* A signed bounded number; the pointer past it or NULL. */
static const char *
range_number(const char *s, long *v)
{
	int neg = *s == '-';
	long n = 0;
	const char *p = s + neg;

	if (*p < '0' || *p > '9')
		return NULL;
	for (; *p >= '0' && *p <= '9'; p++)
		if ((n = n * 10 + (*p - '0')) > 1000000000L)
			return NULL;
	*v = neg ? -n : n;
	return p;
}

/* RANGE: N, N-M or N–M (an en dash, U+2013); the pointer past it or NULL. */
static const char *
parse_range(const char *s, long *lo, long *hi)
{
	if ((s = range_number(s, lo)) == NULL)
		return NULL;
	*hi = *lo;
	if (*s == '-')
		s += 1;
	else if (strncmp(s, "\xe2\x80\x93", 3) == 0)
		s += 3;
	else
		return s;
	return range_number(s, hi);
}

/* The key: the text's first word, lower-cased, punctuation stripped. */
static char *
make_key(const struct loader *ld, const char *text)
{
	char key[33];
	size_t n = 0;

	for (; *text != '\0' && *text != ' ' && *text != '\t'; text++) {
		if (!isalnum((unsigned char)*text) || (unsigned char)*text > 0x7f)
			continue;
		if (n == sizeof key - 1)
			bad(ld, "first word longer than 32 letters", NULL);
		key[n++] = (char)tolower((unsigned char)*text);
	}
	key[n] = '\0';
	if (n == 0)
		bad(ld, "the text has no key word (its first word has no letter or digit)", NULL);
	return estrdup(key);
}

static void
add_row(struct loader *ld, const char *range, char *text)
{
	struct tbl_row *row;
	const char *end;
	char *p;

	if (ld->t->nrows == TBL_ROWS_MAX)
		bad(ld, "more than 256 rows", NULL);
	row = &ld->rows[ld->t->nrows];
	if ((end = parse_range(range, &row->lo, &row->hi)) == NULL ||
	    *end != '\0')
		bad(ld, "expected a range N or N-M", range);
	if (row->lo > row->hi)
		bad(ld, "range runs backwards", range);
	text = trim(text);
	if (*text == '\0')
		bad(ld, "range with no text", range);
	for (p = text; *p != '\0'; p++)
		if (*p == '\t')
			*p = ' ';
	row->key = make_key(ld, text);
	row->text = estrdup(text);
	ld->rowline[ld->t->nrows++] = ld->lineno;
}

static void
set_die(struct loader *ld, const char *s)
{
	const char *why;

	if ((why = dice_parse(&ld->t->die, s)) != NULL)
		bad(ld, why, s);
	ld->have_die = 1;
}

static int
separator_row(const char *s)
{
	return strspn(s, "|-: \t") == strlen(s);
}

/* | RANGE | TEXT | …: later cells are joined with "; ". */
static void
pipe_row(struct loader *ld, char *s)
{
	char *cells[64], *p, text[TBL_TEXT_MAX * 2];
	int n = 0, i;

	s = trim(s);
	if (*s == '|')
		s++;
	if (*s != '\0' && s[strlen(s) - 1] == '|')
		s[strlen(s) - 1] = '\0';
	for (p = s; n < 64; p = NULL)
		if ((cells[n] = strtok(p, "|")) == NULL)
			break;
		else
			cells[n] = trim(cells[n]), n++;
	if (ld->md_rows++ == 0) {	/* the header: "d6", "2d6" or a word */
		if (n > 0 && !ld->have_die && dice_parse(&ld->t->die, cells[0]) == NULL)
			ld->have_die = 1;
		return;
	}
	if (n < 2)
		bad(ld, "a table row needs a range and a text", NULL);
	text[0] = '\0';
	for (i = 1; i < n; i++) {
		if (*cells[i] == '\0')
			continue;
		if (text[0] != '\0')
			strcat(text, "; ");
		strcat(text, cells[i]);
	}
	add_row(ld, cells[0], text);
}

static void
plain_row(struct loader *ld, char *s)
{
	size_t n = strcspn(s, " \t");

	if (s[n] == '\0')
		bad(ld, "expected RANGE TEXT", s);
	s[n] = '\0';
	add_row(ld, s, s + n + 1);
}

static void
load_line(struct loader *ld, char *s)
{
	s = trim(s);
	if (*s == '\0' || *s == '#')
		return;
	if (strncmp(s, "die:", 4) == 0 && ld->t->nrows == 0 && !ld->have_die)
		set_die(ld, trim(s + 4));
	else if (*s == '|' && separator_row(s))
		return;
	else if (*s == '|')
		pipe_row(ld, s);
	else
		plain_row(ld, s);
}

static void
read_lines(struct loader *ld, struct kwf *f)
{
	char *line;

	while ((line = kwf_text(f, TBL_TEXT_MAX)) != NULL) {
		ld->lineno = kwf_lineno(f);
		load_line(ld, line);
	}
}

static int
by_lo(const void *a, const void *b)
{
	const struct tbl_row *x = a, *y = b;

	return (x->lo > y->lo) - (x->lo < y->lo);
}

/* Every total of the die in exactly one row: refuse gaps, overlaps, strays. */
static void
check_cover(struct loader *ld)
{
	struct tbl *t = ld->t;
	struct tbl_row *r = ld->rows;
	long next;
	int i;

	for (i = 0; i < t->nrows; i++) {
		ld->lineno = ld->rowline[i];
		if (r[i].lo < dice_min(&t->die) || r[i].hi > dice_max(&t->die))
			bad(ld, "range the die cannot roll", NULL);
	}
	qsort(r, (size_t)t->nrows, sizeof *r, by_lo);
	for (next = dice_min(&t->die), i = 0; i < t->nrows; i++) {
		if (r[i].lo > next)
			errx(EXIT_BAD, "%s: no row for %ld", ld->path, next);
		if (r[i].lo < next)
			errx(EXIT_BAD, "%s: rows overlap at %ld", ld->path, r[i].lo);
		next = r[i].hi + 1;
	}
	if (next <= dice_max(&t->die))
		errx(EXIT_BAD, "%s: no row for %ld", ld->path, next);
}

void
tbl_load(struct tbl *t, const char *path)
{
	struct loader ld = { path, 0, t, NULL, NULL, 0, 0 };
	unsigned long rowline[TBL_ROWS_MAX];
	struct kwf *f = kwf_read(path, "a table file");
	long max = 0;
	int i;

	memset(t, 0, sizeof *t);
	t->name = path;
	ld.rows = t->own = ereallocarray(NULL, TBL_ROWS_MAX, sizeof *t->own);
	ld.rowline = rowline;
	read_lines(&ld, f);
	kwf_close(f);
	if (t->nrows == 0)
		errx(EXIT_BAD, "%s: no rows", path);
	if (!ld.have_die) {
		for (i = 0; i < t->nrows; i++)
			if (ld.rows[i].hi > max)
				max = ld.rows[i].hi;
		if (max < 1 || max > DICE_SIDES_MAX)
			errx(EXIT_BAD, "%s: no die for ranges up to %ld", path, max);
		dice_parse(&t->die, "d1");
		t->die.sides = (uint32_t)max;
	}
	check_cover(&ld);
	t->rows = t->own;
}

void
tbl_free(struct tbl *t)
{
	int i;

	if (t->own == NULL)
		return;
	for (i = 0; i < t->nrows; i++) {
		free((char *)t->own[i].key);
		free((char *)t->own[i].text);
	}
	free(t->own);
	t->own = NULL;
}
