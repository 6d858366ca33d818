/*
 * tblcsv: a table in CSV or TSV, as a spreadsheet saves it (RFC 4180: a
 * field in double quotes may hold the separator, a line break and "" for a
 * quote; lines end in CRLF or LF).  The first column holds each row's
 * ranges or weight, the others its text, joined with "; "; a first record
 * whose first field is not a range is a header: a die there ("d20",
 * "dice: 2d6") is the table's die, a column named "key" its keys.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tblcsv.h"
#include "util.h"

#define CSV_FIELDS_MAX 64

struct csv {
	struct tb *b;
	const char *p;		/* the next byte */
	unsigned long line;	/* its line */
	char	 sep;
	char	*field[CSV_FIELDS_MAX];
	int	 n;
	char	*buf;		/* the record's fields, decoded */
};

/* One field at c->p into *d; 1 while the record goes on, 0 at its end. */
static int
field(struct csv *c, char **d, unsigned long start)
{
	const char *p = c->p;

	if (*p == '"') {
		for (p++;; p++) {
			if (*p == '\0')
				tb_bad(c->b, start, "a quote opened here is never closed");
			if (*p == '"' && p[1] == '"')
				p++;
			else if (*p == '"')
				break;
			c->line += *p == '\n';
			if (*p != '\r' || p[1] != '\n')	/* CRLF in a field: one break */
				*(*d)++ = *p;
		}
		p++;
		if (*p != c->sep && *p != '\n' && *p != '\0' &&
		    !(*p == '\r' && p[1] == '\n'))
			tb_bad(c->b, c->line, "text after a quoted field's closing quote");
	} else
		while (*p != c->sep && *p != '\n' && *p != '\0' &&
		    !(*p == '\r' && p[1] == '\n')) {
			if (*p == '"')
				tb_bad(c->b, c->line, "a quote inside a field "
				    "not in quotes (write the field in quotes, "
				    "each quote doubled)");
			*(*d)++ = *p++;
		}
	*(*d)++ = '\0';
	if (*p == c->sep) {
		c->p = p + 1;
		return 1;
	}
	p += *p == '\r';
	p += *p == '\n';
	c->p = p;
	return 0;
}

/* The next record's fields; 0 at the end of the file. */
static int
record(struct csv *c, unsigned long *at)
{
	char *d = c->buf;
	int more;

	while (*c->p == '\n' || (*c->p == '\r' && c->p[1] == '\n')) {
		c->p += 1 + (*c->p == '\r');	/* blank lines */
		c->line++;
	}
	if (*c->p == '\0')
		return 0;
	*at = c->line;
	c->n = 0;
	do {
		if (c->n == CSV_FIELDS_MAX)
			tb_bad(c->b, *at, "more than %d fields", CSV_FIELDS_MAX);
		c->field[c->n++] = d;
		more = field(c, &d, *at);
	} while (more);
	c->line++;
	return 1;
}

/* The fields after the first, joined; the key column left out. */
static void
join(const struct csv *c, char *text, size_t size, int keycol)
{
	size_t n = 0;
	int i;

	text[0] = '\0';
	for (i = 1; i < c->n; i++) {
		char *f = tb_trim(c->field[i]);

		if (*f == '\0' || i == keycol)
			continue;
		if (n > 0 && n + 2 < size)
			n += (size_t)snprintf(text + n, size - n, "; ");
		if (n + strlen(f) < size)
			n += (size_t)snprintf(text + n, size - n, "%s", f);
		else
			n = size;
	}
}

static void
header(struct csv *c, int *keycol)
{
	int i;

	if (tb_die_cell(tb_trim(c->field[0]), &c->b->die))
		c->b->have_die = 1;
	for (i = 1; i < c->n; i++)
		if (strcasecmp(tb_trim(c->field[i]), "key") == 0)
			*keycol = i;
}

void
tb_csv(struct tb *b, const char *file, char sep)
{
	struct csv c = { 0 };
	size_t len;
	char *text = tb_slurp(file, &len);
	char *row = emalloc(TBL_TEXT_MAX + 2);
	unsigned long at;
	int first = 1, keycol = -1;
	char *cell;

	c.b = b;
	c.p = text;
	c.line = 1;
	c.sep = sep;
	c.buf = emalloc(len + CSV_FIELDS_MAX + 1);
	if (b->want != NULL)
		esc_errx(EXIT_BAD, "%s#%s: a %s file holds one table", file,
		    b->want, sep == ',' ? "CSV" : "TSV");
	if (strncmp(c.p, "\xef\xbb\xbf", 3) == 0)
		c.p += 3;	/* a spreadsheet's byte order mark */
	while (record(&c, &at)) {
		cell = tb_trim(c.field[0]);
		if (first && !tb_ranges(NULL, cell, NULL, NULL, 0)) {
			header(&c, &keycol);
			first = 0;
			continue;
		}
		first = 0;
		join(&c, row, TBL_TEXT_MAX + 2, keycol);
		if (!tb_ranges(b, cell, row, keycol > 0 && keycol < c.n ?
		    tb_trim(c.field[keycol]) : NULL, at))
			tb_bad(b, at, "%s: expected a range N or N-M, or a "
			    "weight Nx", cell);
	}
	free(row);
	free(c.buf);
	free(text);
}
