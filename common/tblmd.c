/*
 * tblmd: tables in the forms rules documents print them and Obsidian
 * keeps them (delving(7) TABLE FILES): lines "RANGE TEXT" with an optional
 * die line above them ("die: 2d6", "d20 Effects"), numbered lists ("1.
 * goblins"), weights ("3x goblins"), Markdown pipe tables whose first
 * column holds ranges (Obsidian Dice Roller's lookup tables: a header cell
 * "dice: 1d20", ranges "13,14", "01–50"), and, where a document has no such
 * table, a pipe table without ranges or a bullet list, each row one chance.
 * Prose around a table is passed over; in a document with several,
 * FILE#heading or FILE#^block-id picks one.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kwf.h"
#include "tblmd.h"
#include "util.h"

enum kind { L_BLANK, L_HASH, L_H2, L_PIPE, L_ROW, L_DIE, L_INDENT, L_PROSE,
	L_BULLET, L_BLOCKID };

struct line {
	char	*s;		/* the line, without its newline */
	size_t	 len;
	enum kind kind;
};

struct cand {			/* a table found in the document */
	size_t	 first, last;	/* its lines, 0-based */
	const char *heading;	/* the nearest heading above it, or NULL */
	const char *title;	/* a line of prose right above it, or NULL */
	const char *blockid;	/* its ^block-id, or NULL */
	int	 uniform;	/* no die, no ranges: a list, a plain pipe table */
};

struct md {
	struct tb *b;
	unsigned long lineno;
	int	 keycol;	/* the pipe table's key column, or -1 */
	int	 pickcol;	/* the column of FILE#NAME|Header, or -1: all */
	struct line *ln;
	size_t	 nln;
};

static void
bad(const struct md *m, const char *why, const char *what)
{
	if (what != NULL)
		tb_bad(m->b, m->lineno, "%s: %s", what, why);
	tb_bad(m->b, m->lineno, "%s", why);
}

/* A row's start: "RANGE ", "N. ", "3x ", "13,14 "; the text, or NULL. */
static const char *
row_start(const char *s)
{
	char tok[64];
	size_t n = strcspn(s, " \t");

	if (n == 0 || n >= sizeof tok)
		return NULL;
	memcpy(tok, s, n);
	tok[n] = '\0';
	if (strchr(tok, ',') != NULL)	/* "1,5 km": lists are a pipe table's */
		return NULL;
	return tb_ranges(NULL, tok, NULL, NULL, 0) ? s + n : NULL;
}

static int
block_id(const char *t)
{
	return t[0] == '^' && t[1] != '\0' &&
	    strspn(t + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789-_") == strlen(t + 1) - (t[strlen(t) - 1] == '\r');
}

static enum kind
classify(const char *s)
{
	const char *t = s + strspn(s, " \t");
	struct dice d;

	if (*t == '\0' || *t == '\r')
		return L_BLANK;
	if (*t == '#')
		return t[1] == '#' ? L_H2 : L_HASH;
	if (*t == '|')
		return L_PIPE;
	if (t == s && block_id(t))
		return L_BLOCKID;
	if (t == s && strchr("-*+", *t) != NULL && (t[1] == ' ' || t[1] == '\t'))
		return L_BULLET;
	if (row_start(t) != NULL)
		return L_ROW;
	if (strncmp(t, "die:", 4) == 0 || tb_die_cell(t, &d))
		return L_DIE;
	return t != s ? L_INDENT : L_PROSE;
}

static size_t
next_content(const struct md *m, size_t i)
{
	while (i < m->nln && (m->ln[i].kind == L_BLANK || m->ln[i].kind == L_HASH))
		i++;
	return i;
}

/* A die line heads a table when a row follows; "die:" always does. */
static int
heads_table(const struct md *m, size_t i)
{
	size_t j = next_content(m, i + 1);
	const char *s = m->ln[i].s + strspn(m->ln[i].s, " \t");

	return strncmp(s, "die:", 4) == 0 ||
	    (j < m->nln && m->ln[j].kind == L_ROW);
}

/* The cells of a pipe row, trimmed, "\|" a pipe in a cell: the count. */
static int
cells(char *s, char **cell, int max)
{
	char *p, *d;
	int n = 0;

	s = tb_trim(s);
	if (*s == '|')
		s++;
	if (*s != '\0' && s[strlen(s) - 1] == '|' &&
	    (strlen(s) < 2 || s[strlen(s) - 2] != '\\'))
		s[strlen(s) - 1] = '\0';
	for (p = d = s; n < max; ) {
		cell[n] = d;
		while (*p != '\0' && *p != '|') {
			if (p[0] == '\\' && p[1] == '|')
				p++;
			*d++ = *p++;
		}
		n++;
		if (*p == '\0') {
			*d = '\0';
			break;
		}
		*d++ = '\0';
		p++;
	}
	for (int i = 0; i < n; i++)
		cell[i] = tb_trim(cell[i]);
	return n == 1 && *cell[0] == '\0' ? 0 : n;
}

static int
separator_row(const char *s)
{
	return strspn(s, "|-: \t") == strlen(s);
}

/* A pipe block is a d-table when its header is a die or "Roll", or its first row a range. */
static int
pipe_table(const struct md *m, size_t first, size_t last)
{
	char buf[TBL_TEXT_MAX + 1], *cell[2];
	struct dice d;
	size_t i;

	for (i = first; i <= last; i++) {
		if (m->ln[i].len > TBL_TEXT_MAX || separator_row(m->ln[i].s))
			continue;
		strcpy(buf, m->ln[i].s);
		if (cells(buf, cell, 2) < 1)
			continue;
		if (i == first && (tb_die_cell(cell[0], &d) ||
		    strcasecmp(cell[0], "roll") == 0))
			return 1;
		if (i > first)
			return tb_ranges(NULL, cell[0], NULL, NULL, 0);
	}
	return 0;
}

/* The last line of a plain table starting at i: rows, blanks, comments, indented lines. */
static size_t
plain_end(const struct md *m, size_t i)
{
	size_t last = i, j;
	enum kind k;

	for (j = i + 1; j < m->nln; j++) {
		k = m->ln[j].kind;
		if (k == L_ROW)
			last = j;
		else if (k == L_BLANK || k == L_HASH || k == L_INDENT)
			continue;
		else if (k == L_PROSE && (m->ln[j - 1].kind == L_ROW ||
		    m->ln[j - 1].kind == L_INDENT || m->ln[j - 1].kind == L_DIE) &&
		    (j + 1 == m->nln || m->ln[j + 1].kind == L_ROW))
			last = j;	/* a bad row among rows: refused when read */
		else
			break;
	}
	return last;
}

static const char *
heading_above(const struct md *m, size_t i, size_t *seen, const char **h)
{
	for (; *seen < i; ++*seen)
		if (m->ln[*seen].kind == L_HASH || m->ln[*seen].kind == L_H2)
			*h = m->ln[*seen].s + strspn(m->ln[*seen].s, " \t#");
	return *h;
}

/* Where the table starting at i ends, and whether it is one: 0 if not. */
static int
table_at(const struct md *m, size_t i, size_t *j, int *uniform)
{
	enum kind k = m->ln[i].kind;

	*j = i;
	*uniform = 0;
	if (k == L_PIPE || k == L_BULLET) {
		while (*j + 1 < m->nln && m->ln[*j + 1].kind == k)
			++*j;
		*uniform = k == L_BULLET || !pipe_table(m, i, *j);
		return 1;
	}
	if (k == L_ROW || (k == L_DIE && heads_table(m, i))) {
		*j = plain_end(m, i);
		return 1;
	}
	return 0;
}

/* The tables of the document, in order; their count. */
static size_t
find_tables(const struct md *m, struct cand *c, size_t max)
{
	size_t i, j, k, n = 0, seen = 0;
	const char *h = NULL;
	int uniform;

	for (i = 0; i < m->nln && n < max; i++) {
		if (!table_at(m, i, &j, &uniform))
			continue;
		c[n].first = i;
		c[n].last = j;
		c[n].uniform = uniform;
		c[n].title = i > 0 && m->ln[i - 1].kind == L_PROSE &&
		    m->ln[i - 1].len <= 80 ? m->ln[i - 1].s : NULL;
		c[n].heading = heading_above(m, i, &seen, &h);
		if (c[n].heading == NULL)
			c[n].heading = c[n].title;
		k = j + 1;
		while (k < m->nln && m->ln[k].kind == L_BLANK)
			k++;
		c[n].blockid = k < m->nln && m->ln[k].kind == L_BLOCKID ?
		    m->ln[k].s + 1 : NULL;
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

static void
list_tables(const struct md *m, const struct cand *c, size_t n, const char *why,
    int uniform)
{
	char list[512] = "";
	size_t i, len = 0;
	int k;

	if (uniform < 0)	/* the ranged tables if there are any */
		for (i = 0, uniform = 1; i < n; i++)
			if (!c[i].uniform)
				uniform = 0;
	for (i = 0; i < n && len < sizeof list; i++) {
		if (c[i].uniform != uniform)
			continue;
		if (c[i].heading != NULL)
			k = snprintf(list + len, sizeof list - len, "%s'%s'",
			    len ? ", " : "", c[i].heading);
		else if (c[i].blockid != NULL)
			k = snprintf(list + len, sizeof list - len, "%s'^%s'",
			    len ? ", " : "", c[i].blockid);
		else
			k = snprintf(list + len, sizeof list - len,
			    "%sthe table at line %zu", len ? ", " : "", c[i].first + 1);
		len += k > 0 ? (size_t)k : 0;
	}
	tb_none(m->b, why, "HEADING", list);
}

static int
named(const struct cand *c, const char *want)
{
	if (want[0] == '^')
		return c->blockid != NULL && strcmp(c->blockid, want + 1) == 0;
	return (c->heading != NULL && same_heading(c->heading, want)) ||
	    (c->title != NULL && same_heading(c->title, want));
}

/* The one table among those of one kind (ranged, or uniform); n if none. */
static size_t
only(const struct md *m, const struct cand *c, size_t n, int uniform)
{
	size_t i, found = n;

	for (i = 0; i < n; i++)
		if (c[i].uniform == uniform) {
			if (found != n)
				list_tables(m, c, n, "several tables", uniform);
			found = i;
		}
	return found;
}

/* FILE#heading or FILE#^id, a table by its name; else the one table. */
static const struct cand *
pick_table(struct md *m, struct cand *c, size_t n, const char *want)
{
	size_t i, found = n;

	if (want != NULL) {
		for (i = 0; i < n && found == n; i++)
			if (!c[i].uniform && named(&c[i], want))
				found = i;
		for (i = 0; i < n && found == n; i++)
			if (named(&c[i], want))
				found = i;
		if (found == n)
			list_tables(m, c, n, n == 0 ? "no table" :
			    "no table under that heading", -1);
		return &c[found];
	}
	if ((found = only(m, c, n, 0)) == n)
		found = only(m, c, n, 1);
	if (found < n)
		return &c[found];
	for (i = 0; i < m->nln; i++)	/* no table: name the first line */
		if (m->ln[i].kind != L_BLANK && m->ln[i].kind != L_HASH) {
			m->lineno = (unsigned long)i + 1;
			bad(m, "expected a table row: RANGE TEXT, N. TEXT or | RANGE | TEXT |", NULL);
		}
	esc_errx(EXIT_BAD, "%s: no rows", m->b->path);
}

static void
set_die(struct md *m, const char *s)
{
	struct expr e;
	const char *why;

	if ((why = dice_read(&m->b->die, s, &e)) != NULL)
		bad(m, why, s);
	m->b->have_die = 1;
}

/*
 * The Dice Roller's section and line rollers' block types
 * ("`dice: [[Note]]|paragraph`", "|line", "|link"): a random block of a
 * note, not a table's row.
 */
static const char *const block_types[] = {
	"blockquote", "break", "code", "delete", "emphasis", "footnoteReference",
	"footnote", "heading", "html", "imageReference", "image", "inlineCode",
	"linkReference", "link", "listItem", "list", "paragraph", "root",
	"strong", "table", "text", "thematicBreak", "toml", "yaml", "definition",
	"footnoteDefinition", "line", "-", "+", NULL
};

/* |Header: the column of that header (Obsidian's Multiple Headers). */
static void
pick_column(struct md *m, char **cell, int n, int from)
{
	const char *col = m->b->col;
	char list[512] = "";
	size_t len = 0;
	int i;

	for (i = from; i < n; i++)
		if (strcasecmp(cell[i], col) == 0) {
			m->pickcol = i;
			return;
		}
	if ((word_in(col, block_types) >= 0 ||
	    strncmp(col, "heading-", 8) == 0 || strchr(col, ',') != NULL) &&
	    m->b->ref != NULL)	/* "`dice: [[Note]]|paragraph`" */
		esc_errx(EXIT_BAD, "%s: a section or line roller (a random "
		    "block or line of a note): not read; delving rolls a table's "
		    "rows or a list's items", m->b->ref);
	for (i = from; i < n && len < sizeof list; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s'%s'",
		    i > from ? ", " : "", cell[i]);
	tb_bad(m->b, m->lineno, "|%s: no column of that header: pick one of %s",
	    col, list);
}

/* The header: "d6", "2d6", "d%", "d66", "dice: 1d20", "Roll"; a "key" column. */
static void
pipe_header(struct md *m, char **cell, int n, int uniform)
{
	int i;

	m->keycol = -1;
	for (i = 1; i < n; i++)
		if (strcasecmp(cell[i], "key") == 0)
			m->keycol = i;
	if (n > 0 && tb_die_cell(cell[0], &m->b->die))
		m->b->have_die = 1;
	if (m->b->col != NULL)
		pick_column(m, cell, n, uniform ? 0 : 1);
}

/* The cells from FROM joined with "; ", the key column left out. */
static void
join(const struct md *m, char *text, char **cell, int n, int from)
{
	int i;

	text[0] = '\0';
	for (i = from; i < n; i++) {
		if (*cell[i] == '\0' || i == m->keycol ||
		    (m->pickcol >= 0 && i != m->pickcol))
			continue;
		if (text[0] != '\0')
			strcat(text, "; ");
		strcat(text, cell[i]);
	}
}

/* | RANGE | TEXT | …, or a uniform table's | TEXT | …. */
static void
pipe_row(struct md *m, char *s, int header, int uniform)
{
	char *cell[64], text[TBL_TEXT_MAX * 2];
	int n = cells(s, cell, 64);

	if (header) {
		pipe_header(m, cell, n, uniform);
		return;
	}
	if (uniform) {
		join(m, text, cell, n, 0);
		if (text[0] == '\0')
			bad(m, "a row with no text", NULL);
		tb_row(m->b, 0, 0, 1, text, NULL, m->lineno);
		return;
	}
	if (n < 2 || (m->keycol > 0 && n < 3))
		bad(m, "a table row needs a range and a text", NULL);
	join(m, text, cell, n, 1);
	if (!tb_ranges(m->b, cell[0], text, m->keycol > 0 && m->keycol < n ?
	    cell[m->keycol] : NULL, m->lineno))
		bad(m, "expected a range N or N-M", cell[0]);
}

static void
plain_row(struct md *m, char *s)
{
	const char *p = row_start(s);
	size_t n;

	if (p == NULL)
		bad(m, "expected RANGE TEXT", s);
	n = (size_t)(p - s);
	if (s[n] == '\0')
		bad(m, "expected RANGE TEXT", s);
	s[n] = '\0';
	(void)tb_ranges(m->b, s, s + n + 1, NULL, m->lineno);
}

/* A plain table's die line: "die: 2d6" or "d20 Effects". */
static void
die_line(struct md *m, char *s)
{
	char w[64];
	size_t n;

	if (m->b->n > 0 || m->b->have_die)
		bad(m, "a die line goes above the rows", s);
	if (strncmp(s, "die:", 4) == 0) {
		s = tb_trim(s + 4);
		n = strlen(s);
		if (n >= 19 && strcasecmp(s + n - 19, "without replacement") == 0) {
			m->b->norepl = 1;	/* "die: 1d6 without replacement" */
			s[n - 19] = '\0';
			if (*(s = tb_trim(s)) == '\0')
				return;	/* "die: without replacement" */
		}
		set_die(m, s);
		return;
	}
	n = strcspn(s, " \t:");
	if (n >= sizeof w)
		bad(m, "expected one dice term such as 2d6, d% or d66", s);
	memcpy(w, s, n);
	w[n] = '\0';
	set_die(m, w);
}

static void
read_table(struct md *m, const struct cand *c)
{
	size_t i;
	int pipe_rows = 0;
	char *s;

	for (i = c->first; i <= c->last; i++) {
		m->lineno = (unsigned long)i + 1;
		if (!utf8_ok(m->ln[i].s, m->ln[i].len))
			bad(m, "not text (a NUL, a control character or bad UTF-8)", NULL);
		if (m->ln[i].len > TBL_TEXT_MAX)
			bad(m, "line longer than 1024 bytes", NULL);
		s = tb_trim(m->ln[i].s);
		switch (m->ln[i].kind) {
		case L_PIPE:
			if (!separator_row(s))
				pipe_row(m, s, pipe_rows++ == 0 &&
				    !(c->uniform && c->first == c->last), c->uniform);
			break;
		case L_BULLET:
			tb_row(m->b, 0, 0, 1, tb_trim(s + 1), NULL, m->lineno);
			break;
		case L_ROW:
			plain_row(m, s);
			break;
		case L_DIE:
			if (i == c->first) {
				die_line(m, s);
				break;
			}
			/* FALLTHROUGH */
		case L_PROSE:
			s[strcspn(s, " \t")] = '\0';
			bad(m, "expected a range N or N-M", s);
			break;
		default:	/* blank lines, comments, indented lines */
			break;
		}
	}
	if (c->blockid != NULL)
		m->b->name = estrdup(c->blockid - 1);
	else if (c->heading != NULL)
		m->b->name = estrdup(c->heading);
}

static void
read_lines(struct md *m, struct kwf *f)
{
	char *line;
	size_t alloc = 0;

	/* kwf: every line UTF-8 text; the table's own lines are bounded later */
	while ((line = kwf_text(f, KWF_SIZE_MAX)) != NULL) {
		if (m->nln == TBL_LINES_MAX)
			esc_errx(EXIT_BAD, "%s: more than %d lines", m->b->path,
			    TBL_LINES_MAX);
		if (m->nln == alloc) {
			alloc = alloc * 2 + 64;
			m->ln = ereallocarray(m->ln, alloc, sizeof *m->ln);
		}
		m->ln[m->nln].s = estrdup(line);
		m->ln[m->nln].len = strlen(line);
		m->ln[m->nln++].kind = classify(line);
	}
}

/* Bad die lines are kept as prose unless a row follows them. */
static void
settle_kinds(struct md *m)
{
	size_t i;

	for (i = 0; i < m->nln; i++)
		if (m->ln[i].kind == L_DIE && !heads_table(m, i))
			m->ln[i].kind = L_PROSE;
}

void
tb_markdown(struct tb *b, const char *file)
{
	struct md m = { 0 };
	struct kwf *f = kwf_read(file, "a table file");
	struct cand *c;
	size_t n, i;

	m.b = b;
	m.pickcol = -1;
	read_lines(&m, f);
	kwf_close(f);
	settle_kinds(&m);
	c = ereallocarray(NULL, m.nln + 1, sizeof *c);
	n = find_tables(&m, c, m.nln + 1);
	read_table(&m, pick_table(&m, c, n, b->want));
	if (b->col != NULL && m.pickcol < 0)
		tb_bad(b, b->n > 0 ? b->row[0].at : 1, "|%s: a column picked "
		    "from a table with no header row", b->col);
	for (i = 0; i < m.nln; i++)
		free(m.ln[i].s);
	free(m.ln);
	free(c);
}
