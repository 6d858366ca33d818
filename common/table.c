/*
 * table: d-tables as data, read in the forms rules documents print them
 * (delving(7) TABLE FILES): lines "RANGE TEXT" with an optional die line
 * above them ("die: 2d6", "d20 Effects"), numbered lists ("1. goblins"),
 * Markdown pipe tables whose first column holds the ranges, percentile
 * ranges (01-50, 51-00) and d66; prose around a table is passed over, and
 * in a document with several tables FILE#heading picks one.  The die is the
 * header's, else 1dMAX; gaps, overlaps and totals the die cannot roll are
 * refused with the line number.  A row's text keeps its dice expressions,
 * rolled each time the row is printed (entry.c).
 */
#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "kwf.h"
#include "table.h"
#include "util.h"

/* A die of d66: tens and units on two d6. */
int
tbl_d66(const struct tbl *t)
{
	return t->die.count == 1 && t->die.sides == 66 && t->die.mod == 0;
}

static int
d66_total(long v)
{
	return v >= 11 && v <= 66 && v % 10 >= 1 && v % 10 <= 6;
}

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
	long tens;

	if (tbl_d66(t)) {
		tens = rng_die(r, 6);
		*total = tens * 10 + rng_die(r, 6);
		if (faces != NULL)
			faces[0] = (uint32_t)*total;
	} else
		*total = dice_roll(&t->die, r, faces);
	return tbl_lookup(t, *total);
}

/* Loading: the document's lines, then the table picked among them. */
enum kind { L_BLANK, L_HASH, L_H2, L_PIPE, L_ROW, L_DIE, L_INDENT, L_PROSE };

struct line {
	char	*s;		/* the line, without its newline */
	size_t	 len;		/* its length, NULs included */
	enum kind kind;
};

struct cand {			/* a table found in the document */
	size_t	 first, last;	/* its lines, 0-based */
	const char *heading;	/* the nearest heading above it, or NULL */
	const char *title;	/* a line of prose right above it, or NULL */
};

struct loader {
	const char *path;	/* as the errors name it: FILE, without #heading */
	unsigned long lineno;
	struct tbl *t;
	struct tbl_row *rows;
	unsigned long *rowline;
	int	 have_die;
	int	 keycol;	/* the pipe table's key column, or -1 */
	struct line *ln;
	size_t	 nln;
};

static void
bad(const struct loader *ld, const char *why, const char *what)
{
	if (what != NULL)
		bad_at(ld->path, ld->lineno, "%s: %s", what, why);
	bad_at(ld->path, ld->lineno, "%s", why);
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

/* A signed bounded number, "00" 100 (percentile); the pointer past it or NULL. */
static const char *
range_number(const char *s, long *v)
{
	int neg = *s == '-';
	long n = 0;
	const char *p = s + neg;

	if (*p < '0' || *p > '9')
		return NULL;
	if (p[0] == '0' && p[1] == '0' && !isdigit((unsigned char)p[2])) {
		*v = 100;	/* 01-00: 00 is 100 on d% */
		return neg ? NULL : p + 2;
	}
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

/* A row's start: "RANGE " or "N. " or "N) "; the text, or NULL. */
static const char *
row_start(const char *s, long *lo, long *hi)
{
	const char *p = parse_range(s, lo, hi);

	if (p == NULL)
		return NULL;
	if ((*p == '.' || *p == ')') && *lo == *hi && *s != '-')
		p++;		/* a numbered list */
	if (*p != '\0' && *p != ' ' && *p != '\t')
		return NULL;
	return p;
}

/* A header's die: "d6", "2d6", "d%", "d66", "D6 Dungeon Hazard Die Results". */
static int
die_word(const char *s, struct dice *d)
{
	char w[32];
	size_t n = strcspn(s, " \t:|");
	struct expr e;

	if (n == 0 || n >= sizeof w)
		return 0;
	memcpy(w, s, n);
	w[n] = '\0';
	return strpbrk(w, "dD") != NULL && dice_read(d, w, &e) == NULL;
}

static enum kind
classify(const char *s)
{
	const char *t = s + strspn(s, " \t");
	struct dice d;
	long lo, hi;

	if (*t == '\0' || *t == '\r')
		return L_BLANK;
	if (*t == '#')
		return t[1] == '#' ? L_H2 : L_HASH;
	if (*t == '|')
		return L_PIPE;
	if (row_start(t, &lo, &hi) != NULL)
		return L_ROW;
	if (strncmp(t, "die:", 4) == 0 || die_word(t, &d))
		return L_DIE;
	return t != s ? L_INDENT : L_PROSE;
}

/* The next line at or after i that is neither blank nor a comment. */
static size_t
next_content(const struct loader *ld, size_t i)
{
	while (i < ld->nln && (ld->ln[i].kind == L_BLANK || ld->ln[i].kind == L_HASH))
		i++;
	return i;
}

/* A die line heads a table when a row follows; "die:" always does. */
static int
heads_table(const struct loader *ld, size_t i)
{
	size_t j = next_content(ld, i + 1);
	const char *s = ld->ln[i].s + strspn(ld->ln[i].s, " \t");

	return strncmp(s, "die:", 4) == 0 ||
	    (j < ld->nln && ld->ln[j].kind == L_ROW);
}

/* The cells of a pipe row, trimmed: the count. */
static int
cells(char *s, char **cell, int max)
{
	char *p;
	int n = 0;

	s = trim(s);
	if (*s == '|')
		s++;
	if (*s != '\0' && s[strlen(s) - 1] == '|')
		s[strlen(s) - 1] = '\0';
	for (p = s; n < max; p = NULL)
		if ((cell[n] = strtok(p, "|")) == NULL)
			break;
		else
			cell[n] = trim(cell[n]), n++;
	return n;
}

static int
separator_row(const char *s)
{
	return strspn(s, "|-: \t") == strlen(s);
}

/* A pipe block is a d-table when its header is a die or "Roll", or its first row a range. */
static int
pipe_table(const struct loader *ld, size_t first, size_t last)
{
	char buf[TBL_TEXT_MAX + 1], *cell[2];
	struct dice d;
	long lo, hi;
	size_t i;

	for (i = first; i <= last; i++) {
		if (ld->ln[i].len > TBL_TEXT_MAX || separator_row(ld->ln[i].s))
			continue;
		strcpy(buf, ld->ln[i].s);
		if (cells(buf, cell, 2) < 1)
			continue;
		if (i == first && (die_word(cell[0], &d) ||
		    strcasecmp(cell[0], "roll") == 0))
			return 1;
		if (i > first)
			return parse_range(cell[0], &lo, &hi) != NULL;
	}
	return 0;
}

/* The last line of a plain table starting at i: rows, blanks, comments, indented lines. */
static size_t
plain_end(const struct loader *ld, size_t i)
{
	size_t last = i, j;
	enum kind k;

	for (j = i + 1; j < ld->nln; j++) {
		k = ld->ln[j].kind;
		if (k == L_ROW)
			last = j;
		else if (k == L_BLANK || k == L_HASH || k == L_INDENT)
			continue;
		else if (k == L_PROSE && (ld->ln[j - 1].kind == L_ROW ||
		    ld->ln[j - 1].kind == L_INDENT || ld->ln[j - 1].kind == L_DIE) &&
		    (j + 1 == ld->nln || ld->ln[j + 1].kind == L_ROW))
			last = j;	/* a bad row among rows: refused when read */
		else
			break;
	}
	return last;
}

/* The nearest heading above line i: lines up to i are looked at once, in order. */
static const char *
heading_above(const struct loader *ld, size_t i, size_t *seen, const char **h)
{
	for (; *seen < i; ++*seen)
		if (ld->ln[*seen].kind == L_HASH || ld->ln[*seen].kind == L_H2)
			*h = ld->ln[*seen].s + strspn(ld->ln[*seen].s, " \t#");
	return *h;
}

/* The tables of the document, in order; their count. */
static size_t
find_tables(const struct loader *ld, struct cand *c, size_t max)
{
	size_t i, j, n = 0, seen = 0;
	const char *h = NULL;

	for (i = 0; i < ld->nln && n < max; i++) {
		j = i;
		if (ld->ln[i].kind == L_PIPE) {
			while (j + 1 < ld->nln && ld->ln[j + 1].kind == L_PIPE)
				j++;
			if (!pipe_table(ld, i, j)) {
				i = j;
				continue;
			}
		} else if (ld->ln[i].kind == L_ROW ||
		    (ld->ln[i].kind == L_DIE && heads_table(ld, i)))
			j = plain_end(ld, i);
		else
			continue;
		c[n].first = i;
		c[n].last = j;
		c[n].title = i > 0 && ld->ln[i - 1].kind == L_PROSE &&
		    ld->ln[i - 1].len <= 80 ? ld->ln[i - 1].s : NULL;
		c[n].heading = heading_above(ld, i, &seen, &h);
		if (c[n].heading == NULL)
			c[n].heading = c[n].title;
		n++;
		i = j;
	}
	return n;
}

/* "Dungeon Hazard Die" and "dungeon-hazard-die" are one heading. */
static int
same_heading(const char *a, const char *b)
{
	for (;;) {
		while (*a != '\0' && !isalnum((unsigned char)*a))
			a++;
		while (*b != '\0' && !isalnum((unsigned char)*b))
			b++;
		if (*a == '\0' || *b == '\0')
			return *a == *b;
		if (tolower((unsigned char)*a++) != tolower((unsigned char)*b++))
			return 0;
	}
}

/* The headings of the tables, for the error that asks for a choice. */
static void
list_tables(const struct loader *ld, const struct cand *c, size_t n,
    const char *why)
{
	char list[512] = "";
	size_t i, len = 0;
	int k;

	for (i = 0; i < n && len < sizeof list; i++) {
		if (c[i].heading != NULL)
			k = snprintf(list + len, sizeof list - len, "%s'%s'",
			    i ? ", " : "", c[i].heading);
		else
			k = snprintf(list + len, sizeof list - len,
			    "%sthe table at line %zu", i ? ", " : "", c[i].first + 1);
		len += k > 0 ? (size_t)k : 0;
	}
	esc_errx(EXIT_BAD, "%s: %s: pick one as FILE#HEADING: %s", ld->path, why, list);
}

/* FILE#heading, a table by its heading; else the one table. */
static const struct cand *
pick_table(struct loader *ld, struct cand *c, size_t n, const char *want)
{
	size_t i, found = n;

	if (want != NULL) {
		for (i = 0; i < n; i++)
			if ((c[i].heading != NULL && same_heading(c[i].heading, want)) ||
			    (c[i].title != NULL && same_heading(c[i].title, want)))
				if (found == n)
					found = i;
		if (found == n)
			list_tables(ld, c, n, n == 0 ? "no table" :
			    "no table under that heading");
		return &c[found];
	}
	if (n > 1)
		list_tables(ld, c, n, "several tables");
	if (n == 1)
		return &c[0];
	for (i = 0; i < ld->nln; i++)	/* no table: name the first line */
		if (ld->ln[i].kind != L_BLANK && ld->ln[i].kind != L_HASH) {
			ld->lineno = (unsigned long)i + 1;
			if (ld->ln[i].kind == L_PIPE)
				bad(ld, "a pipe table needs a die or Roll heading its first column, or ranges in it", NULL);
			bad(ld, "expected a table row: RANGE TEXT, N. TEXT or | RANGE | TEXT |", NULL);
		}
	esc_errx(EXIT_BAD, "%s: no rows", ld->path);
}

/* The row's key: a key column, a leading "key: WORD", else the text's. */
static char *
make_key(const struct loader *ld, char **text, const char *keycell)
{
	char key[34];

	if (keycell == NULL && strncmp(*text, "key:", 4) == 0) {
		keycell = *text + 4 + strspn(*text + 4, " \t");
		*text += 4 + strspn(*text + 4, " \t");
		*text += strcspn(*text, " \t");
		*text += strspn(*text, " \t");
		tbl_key(key, sizeof key, keycell);
	} else
		tbl_key(key, sizeof key, keycell != NULL ? keycell : *text);
	if (key[0] == '\0')
		bad(ld, "the text has no key word (no word with a letter that is not dice)", NULL);
	if (strlen(key) > 32)
		bad(ld, "first word longer than 32 letters", NULL);
	return estrdup(key);
}

static void
add_row(struct loader *ld, const char *range, char *text, const char *keycell)
{
	struct tbl_row *row;
	const char *end;
	char *p;

	if (ld->t->nrows == TBL_ROWS_MAX)
		bad(ld, "more than 256 rows", NULL);
	row = &ld->rows[ld->t->nrows];
	if ((end = parse_range(range, &row->lo, &row->hi)) == NULL ||
	    (*end != '\0' && !((*end == '.' || *end == ')') && end[1] == '\0')))
		bad(ld, "expected a range N or N-M", range);
	if (row->lo > row->hi)
		bad(ld, "range runs backwards", range);
	text = trim(text);
	if (*text == '\0')
		bad(ld, "range with no text", range);
	if (tbl_row_dice(text) > TBL_ROW_DICE_MAX)
		bad(ld, "the row rolls more than 1000 dice", range);
	for (p = text; *p != '\0'; p++)
		if (*p == '\t')
			*p = ' ';
	row->key = make_key(ld, &text, keycell);
	if (*text == '\0')
		bad(ld, "range with no text", range);
	row->text = estrdup(text);
	ld->rowline[ld->t->nrows++] = ld->lineno;
}

static void
set_die(struct loader *ld, const char *s)
{
	struct expr e;
	const char *why;

	if ((why = dice_read(&ld->t->die, s, &e)) != NULL)
		bad(ld, why, s);
	ld->have_die = 1;
}

/* The header: "d6", "2d6", "d%", "d66" or "Roll"; a "key" column. */
static void
pipe_header(struct loader *ld, char **cell, int n)
{
	int i;

	ld->keycol = -1;
	for (i = 1; i < n; i++)
		if (strcasecmp(cell[i], "key") == 0)
			ld->keycol = i;
	if (n > 0 && die_word(cell[0], &ld->t->die))
		ld->have_die = 1;
}

/* | RANGE | TEXT | …: later cells are joined with "; ". */
static void
pipe_row(struct loader *ld, char *s, int header)
{
	char *cell[64], text[TBL_TEXT_MAX * 2];
	int n = cells(s, cell, 64), i;

	if (header) {
		pipe_header(ld, cell, n);
		return;
	}
	if (n < 2 || (ld->keycol > 0 && n < 3))
		bad(ld, "a table row needs a range and a text", NULL);
	text[0] = '\0';
	for (i = 1; i < n; i++) {
		if (*cell[i] == '\0' || i == ld->keycol)
			continue;
		if (text[0] != '\0')
			strcat(text, "; ");
		strcat(text, cell[i]);
	}
	add_row(ld, cell[0], text, ld->keycol > 0 && ld->keycol < n ?
	    cell[ld->keycol] : NULL);
}

static void
plain_row(struct loader *ld, char *s)
{
	long lo, hi;
	const char *p = row_start(s, &lo, &hi);
	size_t n;

	if (p == NULL)
		bad(ld, "expected RANGE TEXT", s);
	n = (size_t)(p - s);
	if (s[n] == '\0')
		bad(ld, "expected RANGE TEXT", s);
	s[n] = '\0';
	add_row(ld, s, s + n + 1, NULL);
}

/* A plain table's die line: "die: 2d6" or "d20 Effects". */
static void
die_line(struct loader *ld, char *s)
{
	char w[64];
	size_t n;

	if (ld->t->nrows > 0 || ld->have_die)
		bad(ld, "a die line goes above the rows", s);
	if (strncmp(s, "die:", 4) == 0) {
		set_die(ld, trim(s + 4));
		return;
	}
	n = strcspn(s, " \t:");
	if (n >= sizeof w)
		bad(ld, "expected one dice term such as 2d6, d% or d66", s);
	memcpy(w, s, n);
	w[n] = '\0';
	set_die(ld, w);
}

static void
read_table(struct loader *ld, const struct cand *c)
{
	size_t i;
	int pipe_rows = 0;
	char *s;

	for (i = c->first; i <= c->last; i++) {
		ld->lineno = (unsigned long)i + 1;
		if (!utf8_ok(ld->ln[i].s, ld->ln[i].len))
			bad(ld, "not text (a NUL, a control character or bad UTF-8)", NULL);
		if (ld->ln[i].len > TBL_TEXT_MAX)
			bad(ld, "line longer than 1024 bytes", NULL);
		s = trim(ld->ln[i].s);
		switch (ld->ln[i].kind) {
		case L_PIPE:
			if (!separator_row(s))
				pipe_row(ld, s, pipe_rows++ == 0);
			break;
		case L_ROW:
			plain_row(ld, s);
			break;
		case L_DIE:
			if (i == c->first) {
				die_line(ld, s);
				break;
			}
			/* FALLTHROUGH */
		case L_PROSE:
			s[strcspn(s, " \t")] = '\0';
			bad(ld, "expected a range N or N-M", s);
			break;
		default:	/* blank lines, comments, indented lines */
			break;
		}
	}
}

static void
read_lines(struct loader *ld, struct kwf *f)
{
	char *line;
	size_t alloc = 0;

	/* kwf: every line UTF-8 text; the table's own lines are bounded later */
	while ((line = kwf_text(f, KWF_SIZE_MAX)) != NULL) {
		if (ld->nln == TBL_LINES_MAX)
			esc_errx(EXIT_BAD, "%s: more than %d lines", ld->path, TBL_LINES_MAX);
		if (ld->nln == alloc) {
			alloc = alloc * 2 + 64;
			ld->ln = ereallocarray(ld->ln, alloc, sizeof *ld->ln);
		}
		ld->ln[ld->nln].s = estrdup(line);
		ld->ln[ld->nln].len = strlen(line);
		ld->ln[ld->nln++].kind = classify(line);
	}
}

/* Bad die lines are kept as prose unless a row follows them. */
static void
settle_kinds(struct loader *ld)
{
	size_t i;

	for (i = 0; i < ld->nln; i++)
		if (ld->ln[i].kind == L_DIE && !heads_table(ld, i))
			ld->ln[i].kind = L_PROSE;
}

/* A row and its line, sorted together. */
struct lined {
	struct tbl_row r;
	unsigned long line;
};

static int
by_lo(const void *a, const void *b)
{
	const struct lined *x = a, *y = b;

	return (x->r.lo > y->r.lo) - (x->r.lo < y->r.lo);
}

static long
first_total(const struct tbl *t)
{
	return tbl_d66(t) ? 11 : dice_min(&t->die);
}

/* The total after v that the die can roll. */
static long
next_total(const struct tbl *t, long v)
{
	v++;
	if (tbl_d66(t))
		while (v <= 66 && !d66_total(v))
			v++;
	return v;
}

static int
can_roll(const struct tbl *t, long v)
{
	if (tbl_d66(t))
		return d66_total(v);
	return v >= dice_min(&t->die) && v <= dice_max(&t->die);
}

/* Every total of the die in exactly one row: refuse gaps, overlaps, strays. */
static void
check_cover(struct loader *ld)
{
	struct tbl *t = ld->t;
	struct lined *s = ereallocarray(NULL, (size_t)t->nrows, sizeof *s);
	long next, lo, max = tbl_d66(t) ? 66 : dice_max(&t->die);
	int i;

	for (i = 0; i < t->nrows; i++) {
		s[i].r = ld->rows[i];
		s[i].line = ld->rowline[i];
		ld->lineno = ld->rowline[i];
		if (!can_roll(t, ld->rows[i].lo) || !can_roll(t, ld->rows[i].hi))
			bad(ld, "range the die cannot roll", NULL);
	}
	qsort(s, (size_t)t->nrows, sizeof *s, by_lo);
	for (next = first_total(t), i = 0; i < t->nrows; i++) {
		ld->lineno = s[i].line;
		ld->rows[i] = s[i].r;
		if (s[i].r.lo != next) {
			lo = s[i].r.lo;
			free(s);
			if (lo > next)
				bad_at(ld->path, ld->lineno, "no row for %ld", next);
			bad_at(ld->path, ld->lineno, "rows overlap at %ld", lo);
		}
		next = next_total(t, s[i].r.hi);
	}
	free(s);
	if (next <= max)
		bad_at(ld->path, ld->lineno, "no row for %ld", next);
}

/* No die given: 1dMAX of the ranges. */
static void
default_die(struct loader *ld)
{
	long max = 0;
	int i;

	for (i = 0; i < ld->t->nrows; i++)
		if (ld->rows[i].hi > max)
			max = ld->rows[i].hi;
	if (max < 1 || max > DICE_SIDES_MAX)
		esc_errx(EXIT_BAD, "%s: no die for ranges up to %ld", ld->path, max);
	memset(&ld->t->die, 0, sizeof ld->t->die);
	ld->t->die.count = ld->t->die.keep = 1;
	ld->t->die.keephigh = 1;
	ld->t->die.sides = (uint32_t)max;
}

/* FILE, or FILE#heading when FILE itself is not there. */
static char *
split_heading(const char *path, const char **want)
{
	char *file = estrdup(path), *hash = strrchr(file, '#');

	*want = NULL;
	if (hash != NULL && hash != file && access(path, F_OK) != 0) {
		*hash = '\0';
		*want = hash + 1;
	}
	return file;
}

void
tbl_load(struct tbl *t, const char *path)
{
	struct loader ld = { 0 };
	unsigned long rowline[TBL_ROWS_MAX];
	struct cand *c;
	const char *want;
	char *file = split_heading(path, &want);
	struct kwf *f = kwf_read(file, "a table file");
	size_t n, i;

	memset(t, 0, sizeof *t);
	t->name = path;
	ld.path = file;
	ld.t = t;
	ld.rows = t->own = ereallocarray(NULL, TBL_ROWS_MAX, sizeof *t->own);
	ld.rowline = rowline;
	read_lines(&ld, f);
	kwf_close(f);
	settle_kinds(&ld);
	c = ereallocarray(NULL, ld.nln + 1, sizeof *c);
	n = find_tables(&ld, c, ld.nln + 1);
	read_table(&ld, pick_table(&ld, c, n, want));
	if (t->nrows == 0)
		esc_errx(EXIT_BAD, "%s: no rows", file);
	if (!ld.have_die)
		default_die(&ld);
	check_cover(&ld);
	t->rows = t->own;
	for (i = 0; i < ld.nln; i++)
		free(ld.ln[i].s);
	free(ld.ln);
	free(c);
	free(file);
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

/*
 * -T KEY=FILE, the tables a program adds to a result: the FILE, KEY ended
 * in place; NULL when arg is not KEY=FILE.
 */
char *
tbl_on_split(char *arg)
{
	char *eq = strchr(arg, '=');

	if (eq == NULL || eq == arg || eq[1] == '\0')
		return NULL;
	*eq = '\0';
	return eq + 1;
}

void
tbl_on_load(struct tbl_on *on, const char *key, const char *file)
{
	on->key = key;
	tbl_load(&on->t, file);
	on->plan = tbl_plan(&on->t);
}

/* 1 when a row of T has KEY. */
int
tbl_has_key(const struct tbl *t, const char *key)
{
	int i;

	for (i = 0; i < t->nrows; i++)
		if (strcmp(t->rows[i].key, key) == 0)
			return 1;
	return 0;
}

/* T's keys in LIST, each once, as "encounter, sign, nothing". */
const char *
tbl_keys(const struct tbl *t, char *list, size_t size)
{
	size_t n = 0;
	int i;

	list[0] = '\0';
	for (i = 0; i < t->nrows && n + 40 < size; i++)
		if (!strstr(list, t->rows[i].key))
			n += (size_t)snprintf(list + n, size - n, "%s%s",
			    n ? ", " : "", t->rows[i].key);
	return list;
}

const struct tbl_on *
tbl_on_find(const struct tbl_on *on, int n, const char *key)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(on[i].key, key) == 0)
			return &on[i];
	return NULL;
}

void
tbl_on_free(struct tbl_on *on)
{
	tbl_plan_free(on->plan);
	tbl_free(&on->t);
}
