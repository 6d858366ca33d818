/*
 * record: one record a line, fields separated by one TAB: the program's
 * name, the turn, the program's own fields, and a sentence (delving(7) THE
 * RECORD STREAM).  Output goes through one buffer written in large blocks
 * and checked before exit; filter mode copies every input line through.
 */
#include <err.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "record.h"
#include "rules.h"
#include "util.h"

#define OUT_SIZE (1 << 16)
#define REC_LINE_MAX (1 << 20)

static char obuf[OUT_SIZE];
static size_t olen;
static int ounbuffered;
static char oprefix[32] = "delving\t";	/* "PROG\t", the start of every record */
static size_t oprefixlen = 8;

void
out_init(const char *prog, int unbuffered)
{
	oprefixlen = (size_t)snprintf(oprefix, sizeof oprefix, "%s\t", prog);
	ounbuffered = unbuffered;
}

static void
write_all(const char *s, size_t n)
{
	ssize_t w;

	while (n > 0) {
		if ((w = write(STDOUT_FILENO, s, n)) < 0) {
			if (errno == EINTR)
				continue;
			err(EXIT_IO, "stdout");
		}
		s += w;
		n -= (size_t)w;
	}
}

void
out_flush(void)
{
	write_all(obuf, olen);
	olen = 0;
}

static inline void
put(const char *s, size_t n)
{
	if (n > OUT_SIZE - olen) {	/* rare: the buffer is full */
		out_flush();
		if (n > OUT_SIZE) {
			write_all(s, n);
			return;
		}
	}
	memcpy(obuf + olen, s, n);
	olen += n;
}

void
out_bytes(const char *s, size_t n)
{
	put(s, n);
}

void
out_str(const char *s)
{
	out_bytes(s, strlen(s));
}

void
out_u64(uint64_t v)
{
	char d[24], *p = d + sizeof d;

	do
		*--p = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	out_bytes(p, (size_t)(d + sizeof d - p));
}

void
out_i64(int64_t v)
{
	if (v < 0) {
		out_bytes("-", 1);
		out_u64(-(uint64_t)v);
	} else
		out_u64((uint64_t)v);
}

/* Flush and check stdout, whatever wrote to it: >/dev/full fails with 3. */
void
out_close(void)
{
	out_flush();
	if (fflush(stdout) != 0 || ferror(stdout))
		err(EXIT_IO, "stdout");
}

/*
 * "PROG\tTURN": the turn's digits are kept, and a turn one past the last is
 * counted up in place, so a stream of turns costs no division.
 */
void
rec_begin(uint64_t turn)
{
	static char digits[24];
	static size_t ndigits;
	static uint64_t last = UINT64_MAX;
	char *p;

	if (turn != last + 1 || ndigits == 0) {
		char d[24], *q = d + sizeof d;
		uint64_t v = turn;

		do
			*--q = (char)('0' + v % 10);
		while ((v /= 10) != 0);
		ndigits = (size_t)(d + sizeof d - q);
		memcpy(digits, q, ndigits);
	} else {
		for (p = digits + ndigits - 1; p >= digits && *p == '9'; p--)
			*p = '0';
		if (p < digits) {	/* 99 -> 100 */
			memmove(digits + 1, digits, ndigits++);
			digits[0] = '1';
		} else
			++*p;
	}
	last = turn;
	put(oprefix, oprefixlen);
	put(digits, ndigits);
}

void
rec_str(const char *s)
{
	out_bytes("\t", 1);
	out_str(s);
}

void
rec_u64(uint64_t v)
{
	out_bytes("\t", 1);
	out_u64(v);
}

void
rec_i64(int64_t v)
{
	out_bytes("\t", 1);
	out_i64(v);
}

/* The sentence: formatted, with any TAB or newline made a space. */
void
rec_text(const char *fmt, ...)
{
	char buf[2048], *p;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	for (p = buf; *p != '\0'; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
	rec_str(buf);
}

void
rec_end(void)
{
	out_bytes("\n", 1);
	if (ounbuffered)
		out_flush();
}

/* The rest of a record prepared once: "\tFIELD...\tTEXT\n". */
void
rec_tail(const char *tail, size_t n)
{
	put(tail, n);
	if (ounbuffered)
		out_flush();
}

/*
 * Reading.  Each program's records have a fixed number of fields, or a
 * few layouts between these bounds (the OUTPUT section of its page).
 */
const char *const rec_progs[] = {
	"hazard", "light", "timedice", "reaction", "chase", "return", "roll",
	NULL
};

static const struct {
	int min, max;
} fields[] = {
	{ 5, 9 },		/* hazard */
	{ 7, 7 },		/* light */
	{ 7, 7 },		/* timedice */
	{ 6, 6 },		/* reaction */
	{ 9, 10 },		/* chase */
	{ 10, 10 },		/* return */
	{ 6, 8 },		/* roll: a table roll, a check */
};

static const char *const travel_keys[] = {	/* 004: travel turns */
	"terrible", "soon", "worsens", "calm", NULL
};

/*
 * Lines a filter holds back while it waits to see what follows a record
 * (rec_hold); rec_release copies them to the output, in order.
 */
static char *held;
static size_t heldlen, heldcap;
static int nheld;

void
rec_hold(const struct rec_in *r)
{
	if (heldcap - heldlen < r->len + 1) {
		heldcap = heldlen + r->len + 1 + 4096;
		held = ereallocarray(held, heldcap, 1);
	}
	memcpy(held + heldlen, r->line, r->len);
	heldlen += r->len;
	held[heldlen++] = '\n';
	nheld++;
}

int
rec_held(void)
{
	return nheld;
}

void
rec_release(void)
{
	if (nheld == 0)
		return;
	out_bytes(held, heldlen);
	heldlen = 0;
	nheld = 0;
	if (ounbuffered)
		out_flush();
}

/* A bad record stops the filter after every line before it, held or not. */
static void
bad_record(const struct rec_in *r, const char *fmt, ...)
{
	char why[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	rec_release();
	out_flush();
	errx(EXIT_BAD, "stdin:%lu: bad %s record: %s", r->lineno,
	    rec_progs[r->prog], why);
}

/* The program whose name is the line's first field, or -1. */
static int
line_prog(const char *line, size_t len)
{
	size_t n = strcspn(line, "\t");
	int i;

	if (n > len)
		n = len;
	for (i = 0; rec_progs[i] != NULL; i++)
		if (strlen(rec_progs[i]) == n && memcmp(line, rec_progs[i], n) == 0)
			return i;
	return -1;
}

static void
split(struct rec_in *r)
{
	char *p;

	if (r->bufcap < r->len + 1) {
		r->bufcap = r->len + 1;
		r->buf = ereallocarray(r->buf, r->bufcap, 1);
	}
	memcpy(r->buf, r->line, r->len + 1);
	for (r->nf = 0, p = r->buf; r->nf < REC_FIELDS_MAX; p++) {
		r->f[r->nf++] = p;
		if ((p = strchr(p, '\t')) == NULL)
			break;
		*p = '\0';
	}
	if (p != NULL)
		bad_record(r, "more than %d fields", REC_FIELDS_MAX);
}

static void
parse_record(struct rec_in *r)
{
	int i;
	long long turn;

	if (memchr(r->line, '\0', r->len) != NULL)
		bad_record(r, "a NUL byte");
	if (!utf8_ok(r->line, r->len))	/* what the suite writes is text */
		bad_record(r, "not text (a control character or bad UTF-8)");
	split(r);
	if (r->nf < fields[r->prog].min || r->nf > fields[r->prog].max)
		bad_record(r, "%d fields, expected %d to %d", r->nf,
		    fields[r->prog].min, fields[r->prog].max);
	for (i = 0; i < r->nf; i++)
		if (*r->f[i] == '\0')
			bad_record(r, "field %d is empty", i + 1);
	if (strtonum_ok(r->f[1], 0, COUNT_MAX, &turn) != 0)
		bad_record(r, "turn '%s' is not a whole number", r->f[1]);
	r->turn = (uint64_t)turn;
}

/*
 * Read a line and refuse a malformed record of the suite (exit 2, after the
 * lines before it), without copying it: the caller passes it on with
 * rec_pass or holds it with rec_hold.  0 at the end of input.
 */
int
rec_next(struct rec_in *r, FILE *fp)
{
	ssize_t n;

	if ((n = getline(&r->line, &r->cap, fp)) == -1) {
		if (ferror(fp))
			err(EXIT_IO, "stdin");
		return 0;
	}
	r->lineno++;
	r->len = (size_t)n;
	if (r->len > 0 && r->line[r->len - 1] == '\n')
		r->line[--r->len] = '\0';
	r->nf = 0;
	if ((r->prog = line_prog(r->line, r->len)) >= 0) {
		if (r->len > REC_LINE_MAX)
			bad_record(r, "longer than 1 MiB");
		parse_record(r);
	}
	return 1;
}

/* Copy the line read last to the output, unchanged. */
void
rec_pass(const struct rec_in *r)
{
	out_bytes(r->line, r->len);
	out_bytes("\n", 1);
	if (ounbuffered)
		out_flush();
}

/*
 * Read a line, refuse a malformed record of the suite (exit 2, after the
 * lines before it), copy the line to the output; 0 at the end of input.
 */
int
rec_read(struct rec_in *r, FILE *fp)
{
	if (!rec_next(r, fp))
		return 0;
	rec_pass(r);
	return 1;
}

int
rec_is(const struct rec_in *r, const char *prog)
{
	return r->prog >= 0 && strcmp(rec_progs[r->prog], prog) == 0;
}

/* 004: a hazard record with a travel key is a travel turn of one hour. */
int
rec_travel(const struct rec_in *r)
{
	return rec_is(r, "hazard") && word_in(r->f[3], travel_keys) >= 0;
}

/*
 * The dungeon turns a suite record passes: 0 when its turn number is the
 * last record's, else 1, or 6 for a travel turn (004: an hour).  The first
 * suite record read is a new turn.
 */
int
rec_turns(struct rec_in *r)
{
	if (r->nf == 0 || (r->seen && r->turn == r->last))
		return 0;
	r->seen = 1;
	r->last = r->turn;
	return rec_travel(r) ? TRAVEL_TURN_004 : 1;
}

void
rec_free(struct rec_in *r)
{
	free(r->line);
	free(r->buf);
	memset(r, 0, sizeof *r);
}
