/*
 * tblread: the rows a table file's reader finds, as it finds them, and the
 * spellings every format shares: ranges (N, N-M, N–M, N—M, 00 for 100,
 * lists "13,14"), weights ("3x"), a file read whole (bounded).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tblread.h"
#include "util.h"

static _Noreturn void
bad_in(const struct tb *b, const char *path, unsigned long at, const char *fmt,
    va_list ap)
{
	char why[2048];

	vsnprintf(why, sizeof why, fmt, ap);
	if (b->at_offset)
		esc_errx(EXIT_BAD, "%s: byte %lu: %s", path, at, why);
	bad_at(path, at, "%s", why);
}

void
tb_bad(const struct tb *b, unsigned long at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	bad_in(b, b->path, at, fmt, ap);
}

/* A row refused where it stands: in a folder, in its own file. */
void
tb_bad_row(const struct tb *b, const struct tb_row *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	bad_in(b, r->path, r->at, fmt, ap);
}

char *
tb_trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

void
tb_row(struct tb *b, long lo, long hi, long weight, const char *text,
    const char *key, unsigned long at)
{
	struct tb_row *r;

	if (b->n == TBL_FILE_ROWS_MAX)
		tb_bad(b, at, "more than %d rows", TBL_FILE_ROWS_MAX);
	if (b->n == b->alloc) {
		b->alloc = b->alloc * 2 + 16;
		b->row = ereallocarray(b->row, (size_t)b->alloc, sizeof *b->row);
	}
	r = &b->row[b->n++];
	r->lo = lo;
	r->hi = hi;
	r->weight = weight;
	r->text = estrdup(text);
	r->key = key != NULL && *key != '\0' ? estrdup(key) : NULL;
	r->at = at;
	r->path = b->path;
	r->drawn = 0;
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
	if (p[0] == '0' && p[1] == '0' && !(p[2] >= '0' && p[2] <= '9')) {
		*v = 100;	/* 01-00: 00 is 100 on d% */
		return neg ? NULL : p + 2;
	}
	for (; *p >= '0' && *p <= '9'; p++)
		if ((n = n * 10 + (*p - '0')) > 1000000000L)
			return NULL;
	*v = neg ? -n : n;
	return p;
}

/* RANGE: N, N-M, N–M or N—M (en and em dashes); the pointer past it or NULL. */
const char *
tb_range(const char *s, long *lo, long *hi)
{
	if ((s = range_number(s, lo)) == NULL)
		return NULL;
	*hi = *lo;
	if (*s == '-')
		s += 1;
	else if (strncmp(s, "\xe2\x80\x93", 3) == 0 ||
	    strncmp(s, "\xe2\x80\x94", 3) == 0)
		s += 3;
	else
		return s;
	return range_number(s, hi);
}

/* A weight: "3x", "3×"; the pointer past it or NULL. */
const char *
tb_weight(const char *s, long *w)
{
	long n = 0;

	if (*s < '0' || *s > '9')
		return NULL;
	for (; *s >= '0' && *s <= '9'; s++)
		if ((n = n * 10 + (*s - '0')) > 1000000000L)
			return NULL;
	if (*s == 'x')
		s++;
	else if (strncmp(s, "\xc3\x97", 2) == 0)
		s += 2;
	else
		return NULL;
	*w = n;
	return s;
}

/*
 * A cell of ranges, "1-2", "13,14", "01–50", "1." (a numbered list), or a
 * weight "3x": a row for each; 0 when the cell is neither.  With B NULL,
 * only whether it is one.
 */
int
tb_ranges(struct tb *b, const char *cell, const char *text, const char *key,
    unsigned long at)
{
	const char *p;
	long lo, hi, w;
	int n;

	if ((p = tb_weight(cell, &w)) != NULL && *p == '\0') {
		if (b != NULL && (w < 1 || w > TBL_WEIGHT_MAX))
			tb_bad(b, at, "weight %ld: expected 1 to %d", w,
			    TBL_WEIGHT_MAX);
		if (b != NULL)
			tb_row(b, 0, 0, w, text, key, at);
		return 1;
	}
	for (p = cell, n = 0;; n++) {
		if ((p = tb_range(p, &lo, &hi)) == NULL)
			break;
		if ((*p == '.' || *p == ')') && p[1] == '\0' && lo == hi &&
		    n == 0 && *cell != '-')
			p++;		/* a numbered list's "1." */
		p += strspn(p, " ");
		if (*p != '\0' && *p != ',')
			break;
		if (b != NULL && lo > hi)
			tb_bad(b, at, "%s: range runs backwards", cell);
		if (b != NULL)
			tb_row(b, lo, hi, 0, text, key, at);
		if (*p == '\0')
			return 1;
		p += 1 + strspn(p + 1, " ");
	}
	if (b != NULL && n > 0)
		tb_bad(b, at, "%s: expected ranges N, N-M or N,M", cell);
	return 0;
}

/* A regular file read whole, NUL-terminated, at most TBL_FILE_MAX bytes. */
char *
tb_slurp(const char *path, size_t *len)
{
	struct stat st;
	char *buf;
	ssize_t k;
	size_t n = 0;
	int fd = open(path, O_RDONLY | O_NOCTTY);

	if (fd == -1)
		esc_err(errno == ENOENT || errno == ENOTDIR || errno == EACCES ||
		    errno == ELOOP ? EXIT_BAD : EXIT_IO, "%s", path);
	if (fstat(fd, &st) == -1)
		esc_err(EXIT_IO, "%s", path);
	if (!S_ISREG(st.st_mode))
		esc_errx(EXIT_BAD, "%s: not a regular file", path);
	if (st.st_size > TBL_FILE_MAX)
		esc_errx(EXIT_BAD, "%s: larger than %ld bytes", path, TBL_FILE_MAX);
	buf = emalloc((size_t)st.st_size + 2);
	while ((k = read(fd, buf + n, (size_t)st.st_size + 1 - n)) > 0)
		if ((n += (size_t)k) > (size_t)st.st_size)
			esc_errx(EXIT_BAD, "%s: grew while read", path);
	if (k == -1)
		esc_err(EXIT_IO, "%s", path);
	close(fd);
	if (memchr(buf, '\0', n) != NULL)
		esc_errx(EXIT_BAD, "%s: byte %zu: a NUL: not text", path,
		    (size_t)((char *)memchr(buf, '\0', n) - buf));
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* "dice: 1d20", "`dice: 1d%`", "d6", "2d6 Result": a header cell's die; 0 if none. */
int
tb_die_cell(const char *s, struct dice *d)
{
	struct expr e;
	char w[32];
	size_t n;

	s += *s == '`';
	if (strncasecmp(s, "dice:", 5) == 0)
		s += 5 + strspn(s + 5, " \t");
	n = strcspn(s, " \t:|`");
	if (n == 0 || n >= sizeof w)
		return 0;
	memcpy(w, s, n);
	w[n] = '\0';
	return strpbrk(w, "dD") != NULL && dice_read(d, w, &e) == NULL;
}

/* No such table: said from the row that asked for it, if one did. */
void
tb_none(const struct tb *b, const char *why, const char *by, const char *list)
{
	if (b->ref != NULL)
		esc_errx(EXIT_BAD, "%s: %s: %s: pick one as FILE#%s: %s",
		    b->ref, b->path, why, by, list);
	esc_errx(EXIT_BAD, "%s: %s: pick one as FILE#%s: %s", b->path, why,
	    by, list);
}
