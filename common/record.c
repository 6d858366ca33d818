/*
 * record: one record a line, fields separated by one TAB: the program's
 * name, the turn, the program's own fields, and a sentence (delving(7) THE
 * RECORD STREAM); or with rec_json(1), one JSON object a line, each field
 * under its name.  Output goes through one buffer written in large blocks
 * and checked before exit; filter mode copies every input line through.
 */
#include <assert.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
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
#define IN_SIZE (1 << 17)
#define PIPE_SIZE (1 << 20)	/* Linux's pipe-max-size for all users */
#define IN_SLACK 8	/* after the last line: its NUL, and scan's last word */

static char obuf[OUT_SIZE];
static size_t olen;
static int ounbuffered;
/* "PROG\tTURN", the start of every record: the turn's digits are kept */
static char ohead[32] = "delving\t";
static size_t oprefixlen = 8, ohead_len = 8;
static const char *oprog = "delving";
static int ojson;			/* rec_json: JSON Lines */
static const char *const *onames;	/* JSON: the names of the line's fields */
static int onext;			/* the index of the next field */

void
out_init(const char *prog, int unbuffered)
{
	oprefixlen = ohead_len = (size_t)snprintf(ohead, 12, "%s\t", prog);
	oprog = prog;
	ounbuffered = unbuffered;
#ifdef F_SETPIPE_SZ
	/*
	 * A pipe of 1 MiB, not 64 KiB: a pipeline of filters then switches
	 * between them a sixteenth as often.  Not a pipe, or a system that
	 * allows less: nothing changes.
	 */
	(void)fcntl(STDOUT_FILENO, F_SETPIPE_SZ, PIPE_SIZE);
#endif
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
	char d[U64_DIGITS], *p = u64_digits(d + sizeof d, v);

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

/* -j: the records that follow are JSON objects, one a line. */
void
rec_json(int on)
{
	ojson = on;
}

/*
 * A JSON string (RFC 8259): '"' and '\' escaped, control characters as
 * \u00XX, valid UTF-8 as it is, any other byte U+FFFD.
 */
static void
json_str(const char *s)
{
	const unsigned char *p = (const unsigned char *)s, *from = p;
	char esc[8];
	int n;

	put("\"", 1);
	while (*p != '\0') {
		/* a NUL ends the string before any byte past it is read */
		if (*p >= 0x80 && (n = utf8_len((const char *)p, 4)) > 0) {
			p += n;
			continue;
		}
		if (*p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\') {
			p++;
			continue;
		}
		put((const char *)from, (size_t)(p - from));
		if (*p == '"' || *p == '\\')
			put(*p == '"' ? "\\\"" : "\\\\", 2);
		else if (*p < 0x20) {
			snprintf(esc, sizeof esc, "\\u%04x", *p);
			put(esc, 6);
		} else
			put("\\ufffd", 6);
		from = ++p;
	}
	put((const char *)from, (size_t)(p - from));
	put("\"", 1);
}

/* {"program":"PROG","turn": out of line, to keep the TSV's path short. */
static void __attribute__((noinline))
json_begin(const char *const *names)
{
	onames = names;
	put("{\"program\":", 11);
	json_str(oprog);
	put(",", 1);
	json_str(names[0]);
	put(":", 1);
}

/*
 * "PROG\tTURN", or {"program":"PROG","turn":TURN: the turn's digits are
 * kept, and a turn one past the last is counted up in place, so a stream
 * of turns costs no division.
 */
/* The rare path, kept out of line so rec_begin stays a leaf without a frame. */
__attribute__((noinline)) static size_t
format_turn(char *digits, uint64_t turn)
{
	char d[U64_DIGITS], *q = u64_digits(d + sizeof d, turn);
	size_t n = (size_t)(d + sizeof d - q);

	memcpy(digits, q, n);
	return n;
}

/* A record's start as JSON, or when the buffer is nearly full. */
__attribute__((noinline)) static void
begin_rare(const char *const *names, size_t ndigits)
{
	if (ojson) {
		json_begin(names);
		put(ohead + oprefixlen, ndigits);
	} else
		put(ohead, ohead_len);
}

/* Count the kept digits up by one, in place: 99 becomes 100. */
static size_t
count_up(char *digits, size_t n)
{
	char *p;

	for (p = digits + n - 1; p >= digits && *p == '9'; p--)
		*p = '0';
	if (p >= digits) {
		++*p;
		return n;
	}
	memmove(digits + 1, digits, n);
	digits[0] = '1';
	return n + 1;
}

/* Bring the kept "PROG\tTURN" up to TURN; the number of its digits. */
static inline size_t
head_to(uint64_t turn)
{
	static uint64_t last = UINT64_MAX;
	char *digits = ohead + oprefixlen;
	size_t n = ohead_len - oprefixlen;

	if (turn == last + 1 && n > 0 && digits[n - 1] != '9')
		digits[n - 1]++;	/* the common case of count_up */
	else if (turn == last + 1 && n > 0)
		n = count_up(digits, n);
	else if (turn != last || n == 0)
		n = format_turn(digits, turn);
	last = turn;
	ohead_len = oprefixlen + n;
	return n;
}

void
rec_begin(const char *const *names, uint64_t turn)
{
	size_t n = head_to(turn);

	onext = 1;
	if (!ojson && olen + sizeof ohead <= OUT_SIZE) {	/* one fixed-size move */
		memcpy(obuf + olen, ohead, sizeof ohead);
		olen += ohead_len;
	} else
		begin_rare(names, n);
}

/* A line of fields that is no record: no program, no turn. */
void
rec_line(const char *const *names)
{
	onames = names;
	onext = 0;
	if (ojson)
		put("{", 1);
}

/* The separator before the next field: the TSV's fast path. */
static inline void
tsv_sep(void)
{
	if (onext++ > 0)
		put("\t", 1);
}

/* In JSON, the separator and the next field's name. */
static void
json_name(void)
{
	assert(onames[onext] != NULL);	/* no more fields than the kind names */
	if (onext > 0)
		put(",", 1);
	json_str(onames[onext++]);
	put(":", 1);
}

static inline void
field(void)
{
	if (ojson)
		json_name();
	else
		tsv_sep();
}

/* A word; in JSON a string, "-" (none) null. */
void
rec_str(const char *s)
{
	if (!ojson) {
		tsv_sep();
		out_str(s);
		return;
	}
	json_name();
	if (strcmp(s, "-") == 0)
		out_bytes("null", 4);
	else
		json_str(s);
}

/* A number already written out, as 22.5; in JSON a number, "-" null. */
void
rec_num(const char *s)
{
	field();
	out_str(ojson && strcmp(s, "-") == 0 ? "null" : s);
}

void
rec_u64(uint64_t v)
{
	field();
	out_u64(v);
}

void
rec_i64(int64_t v)
{
	field();
	out_i64(v);
}

/*
 * One conversion of a sentence's format at SPEC (%s, %d, %ld, %llu, with
 * a + flag for d): its text in *S, *N bytes long (a number's in NUM); the
 * length of the conversion, or 0 for any other.
 */
static size_t
conversion(const char *spec, va_list *ap, char num[U64_DIGITS + 1],
    const char **s, size_t *n)
{
	const char *c = spec + 1;
	int plus, longs;
	long long v;
	char *d;

	if ((plus = *c == '+'))
		c++;
	for (longs = 0; *c == 'l'; c++)
		longs++;
	if (*c == 's' && !plus && longs == 0) {
		*s = va_arg(*ap, const char *);
		*n = strlen(*s);
	} else if (*c == 'u' && longs == 2 && !plus) {
		*s = u64_digits(num + U64_DIGITS + 1,
		    va_arg(*ap, unsigned long long));
		*n = (size_t)(num + U64_DIGITS + 1 - *s);
	} else if (*c == 'd' && longs <= 2) {
		v = longs == 0 ? va_arg(*ap, int) : longs == 1 ?
		    va_arg(*ap, long) : va_arg(*ap, long long);
		d = u64_digits(num + U64_DIGITS + 1,
		    v < 0 ? -(uint64_t)v : (uint64_t)v);
		if (v < 0 || plus)
			*--d = v < 0 ? '-' : '+';
		*s = d;
		*n = (size_t)(num + U64_DIGITS + 1 - d);
	} else
		return 0;
	return (size_t)(c + 1 - spec);
}

/*
 * vsnprintf for the conversions a record's sentence uses, without stdio:
 * the sentence's length, or -1 for a conversion that vsnprintf must make.
 */
static long
format_text(char *buf, size_t size, const char *fmt, va_list ap)
{
	char num[U64_DIGITS + 1], *p = buf, *end = buf + size - 1;
	const char *s;
	size_t n, len;
	va_list args;

	va_copy(args, ap);
	for (; *fmt != '\0'; fmt += len) {
		if (*fmt != '%')
			s = fmt, n = len = strcspn(fmt, "%");
		else if (fmt[1] == '%')
			s = fmt, n = 1, len = 2;
		else if ((len = conversion(fmt, &args, num, &s, &n)) == 0)
			break;
		if (n > (size_t)(end - p))
			n = (size_t)(end - p);
		memcpy(p, s, n);
		p += n;
	}
	va_end(args);
	*p = '\0';
	return *fmt == '\0' ? p - buf : -1;
}

/* The sentence: formatted, with any TAB or newline made a space. */
void
rec_text(const char *fmt, ...)
{
	char buf[2048], *p;
	va_list ap;
	long n;

	va_start(ap, fmt);
	if ((n = format_text(buf, sizeof buf, fmt, ap)) < 0)
		vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	for (p = buf; (p = strpbrk(p, "\t\n\r")) != NULL; p++)
		*p = ' ';
	field();
	if (ojson)
		json_str(buf);
	else if (n >= 0)
		out_bytes(buf, (size_t)n);
	else
		out_str(buf);
}

void
rec_end(void)
{
	if (ojson) {
		assert(onames[onext] == NULL);	/* no fewer fields than named */
		out_bytes("}\n", 2);
	} else
		out_bytes("\n", 1);
	if (ounbuffered)
		out_flush();
}

/* The rest of a record prepared once: "\tFIELD...\tTEXT\n"; not in JSON. */
void
rec_tail(const char *tail, size_t n)
{
	assert(!ojson);
	put(tail, n);
	if (ounbuffered)
		out_flush();
}

/* rec_prepared in JSON, unbuffered, or near the end of the buffer. */
static void __attribute__((noinline))
prepared_rare(const char *const *names, uint64_t turn, const char *tail,
    size_t n)
{
	rec_begin(names, turn);
	rec_tail(tail, n);
}

/*
 * A whole record whose fields after the turn were prepared once: the fast
 * path of a stream of turns, a leaf of one space check and copies of fixed
 * size.  The tail is readable as record.h says (rectbl.c pads it).
 */
void
rec_prepared(const char *const *names, uint64_t turn, const char *tail,
    size_t n)
{
	size_t i;
	char *to;

	if (ojson || ounbuffered ||
	    olen + sizeof ohead + n + REC_TAIL_READ > OUT_SIZE) {
		prepared_rare(names, turn, tail, n);
		return;
	}
	head_to(turn);
	memcpy(obuf + olen, ohead, sizeof ohead);
	to = obuf + olen + ohead_len;
	if (n <= REC_TAIL_READ)
		memcpy(to, tail, REC_TAIL_READ);
	else
		for (i = 0; i < n; i += REC_BLOCK)
			memcpy(to + i, tail + i, REC_BLOCK);
	olen += ohead_len + n;
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

/* A line read, its fields joined by TABs again, and a newline: LEN + 1 bytes. */
static void
line_copy(char *dst, const struct rec_in *r)
{
	int i;

	memcpy(dst, r->line, r->len);
	for (i = 1; i < r->nf; i++)
		dst[r->f[i] - 1 - r->line] = '\t';
	dst[r->len] = '\n';
}

void
rec_hold(const struct rec_in *r)
{
	if (heldcap - heldlen < r->len + 1) {
		heldcap = heldlen + r->len + 1 + 4096;
		held = ereallocarray(held, heldcap, 1);
	}
	line_copy(held + heldlen, r);
	heldlen += r->len + 1;
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
static void __attribute__((noreturn))
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
	static size_t lens[sizeof rec_progs / sizeof rec_progs[0]];
	size_t n;
	int i;

	if (lens[0] == 0)
		for (i = 0; rec_progs[i] != NULL; i++)
			lens[i] = strlen(rec_progs[i]);
	for (i = 0; rec_progs[i] != NULL; i++)
		if ((n = lens[i]) <= len && (n == len || line[n] == '\t') &&
		    memcmp(line, rec_progs[i], n) == 0)
			return i;
	return -1;
}

/*
 * One pass over a record: its text checked as utf8_ok checks it, and a
 * NUL for each TAB, eight bytes at a time: at once when all are printable,
 * else up to a byte that is not plain ASCII, then that character alone.  The input buffer keeps 8 bytes after
 * every line, so the last word may be read whole; its bytes past the line
 * count as plain and hold no TAB.  The number of the first empty field, or
 * 0.
 */
static int
scan(struct rec_in *r)
{
	char *s = r->line, *end = r->line + r->len, *tab;
	uint64_t w, tabs, odd, past;
	size_t k;
	int nf = 1, empty = 0, n;

	r->f[0] = s;
	for (; s < end; s += k) {
		if (end - s >= 8 && unprintable8(load8(s)) == 0) {
			k = 8;		/* the common case: eight plain bytes */
			continue;
		}
		w = load8(s);
		tabs = equal8(w, '\t');
		odd = ~(printable8(w) | tabs) & BYTES(0x80);
		k = 8;
		if (end - s < 8) {
			k = (size_t)(end - s);
			past = ~(uint64_t)0 << 8 * k;
			tabs &= ~past;
			odd &= ~past;
		}
		if (odd != 0) {		/* plain up to byte k */
			tabs &= (odd & -odd) - 1;
			k = (size_t)__builtin_ctzll(odd) >> 3;
		}
		for (; tabs != 0; tabs &= tabs - 1) {
			tab = s + (__builtin_ctzll(tabs) >> 3);
			if (tab == r->f[nf - 1] && empty == 0)
				empty = nf;
			if (nf == REC_FIELDS_MAX)
				bad_record(r, "more than %d fields",
				    REC_FIELDS_MAX);
			*tab = '\0';
			r->f[nf++] = tab + 1;
		}
		if (odd != 0) {
			if ((n = text_len(s + k, (size_t)(end - s) - k)) == 0)
				bad_record(r, "not text (a NUL, a control "
				    "character or bad UTF-8)");
			k += (size_t)n;
		}
	}
	if (r->f[nf - 1] == end && empty == 0)
		empty = nf;
	r->nf = nf;
	return empty;
}

/* A turn: decimal digits only, 0 to COUNT_MAX (what strtonum_ok takes, faster). */
static int
parse_turn(const char *s, size_t n, uint64_t *turn)
{
	uint64_t v = 0;
	size_t i;
	unsigned d;

	if (n == 0 || n > 19)		/* 19 digits keep within uint64_t */
		return -1;
	for (i = 0; i < n; i++) {
		if ((d = (unsigned)(s[i] - '0')) > 9)
			return -1;
		v = v * 10 + d;
	}
	if (v > COUNT_MAX)
		return -1;
	*turn = v;
	return 0;
}

static void
parse_record(struct rec_in *r)
{
	int empty = scan(r);	/* what the suite writes is text */

	if (r->nf < fields[r->prog].min || r->nf > fields[r->prog].max)
		bad_record(r, "%d fields, expected %d to %d", r->nf,
		    fields[r->prog].min, fields[r->prog].max);
	if (empty > 0)
		bad_record(r, "field %d is empty", empty);
	if (parse_turn(r->f[1], (size_t)(r->f[2] - 1 - r->f[1]), &r->turn) != 0)
		bad_record(r, "turn '%s' is not a whole number", r->f[1]);
}

/*
 * Read more input after the bytes not yet taken as lines, in blocks as
 * large as cat(1) reads; the buffer grows only for a line longer than half
 * of it, and always keeps IN_SLACK bytes after the last line.
 */
static void
fill(struct rec_in *r, int fd)
{
	size_t keep = r->inend - r->inpos;
	ssize_t n;

	if (r->inpos > 0) {
		memmove(r->in, r->in + r->inpos, keep);
		r->inscan -= r->inpos;
		r->inpos = 0;
		r->inend = keep;
	}
	if (r->incap - r->inend <= IN_SIZE / 2) {
		r->incap = r->incap == 0 ? IN_SIZE : r->incap * 2;
		r->in = ereallocarray(r->in, r->incap, 1);
	}
	while ((n = read(fd, r->in + r->inend,
	    r->incap - r->inend - IN_SLACK)) < 0)
		if (errno != EINTR)
			err(EXIT_IO, "stdin");
	r->ineof = n == 0;
	r->inend += (size_t)n;
	memset(r->in + r->inend, 0, IN_SLACK);	/* scan reads the last word whole */
}

/* The next line, in the buffer, a NUL for its newline; 0 at the end of input. */
static int
next_line(struct rec_in *r, int fd)
{
	char *nl;

	for (;;) {
		if (r->inscan < r->inend && (nl = memchr(r->in + r->inscan,
		    '\n', r->inend - r->inscan)) != NULL)
			break;
		r->inscan = r->inend;
		if (r->ineof) {
			if (r->inpos == r->inend)
				return 0;
			nl = r->in + r->inend;	/* a last line without one */
			break;
		}
		fill(r, fd);
	}
	r->line = r->in + r->inpos;
	r->len = (size_t)(nl - r->line);
	r->inpos = r->inscan = r->inpos + r->len + (nl < r->in + r->inend);
	*nl = '\0';
	return 1;
}

/*
 * Read a line and refuse a malformed record of the suite (exit 2, after the
 * lines before it), without copying it: the caller passes it on with
 * rec_pass or holds it with rec_hold.  0 at the end of input.
 */
int
rec_next(struct rec_in *r, int fd)
{
	if (!next_line(r, fd))
		return 0;
	r->lineno++;
	r->nf = 0;
	if ((r->prog = line_prog(r->line, r->len)) >= 0) {
		if (r->len > REC_LINE_MAX)
			bad_record(r, "longer than 1 MiB");
		parse_record(r);
	}
	return 1;
}

/* Copy the line read last to the output, as it came. */
void
rec_pass(const struct rec_in *r)
{
	const char *p;
	int i;

	if (r->len + 1 > OUT_SIZE - olen)
		out_flush();
	if (r->len + 1 <= OUT_SIZE) {
		line_copy(obuf + olen, r);
		olen += r->len + 1;
	} else {	/* longer than the buffer: field by field */
		for (p = r->line, i = 1; i < r->nf; p = r->f[i++]) {
			put(p, (size_t)(r->f[i] - 1 - p));
			put("\t", 1);
		}
		put(p, (size_t)(r->line + r->len - p));
		put("\n", 1);
	}
	if (ounbuffered)
		out_flush();
}

/*
 * Read a line, refuse a malformed record of the suite (exit 2, after the
 * lines before it), copy the line to the output; 0 at the end of input.
 */
int
rec_read(struct rec_in *r, int fd)
{
	if (!rec_next(r, fd))
		return 0;
	rec_pass(r);
	return 1;
}

/* 004: a hazard record with a travel key is a travel turn of one hour. */
int
rec_travel(const struct rec_in *r)
{
	return r->prog == REC_HAZARD && word_in(r->f[3], travel_keys) >= 0;
}

/*
 * The dungeon turns a suite record passes: 0 when its turn number is the
 * last record's, else 1, or 6 for a travel turn (004: an hour).  The first
 * suite record read is a new turn.
 */
int
rec_turns(struct rec_in *r)
{
	if (r->nf == 0 || r->turn == 0 || (r->seen && r->turn == r->last))
		return 0;	/* turn 0: what stood before the first turn */
	r->seen = 1;
	r->last = r->turn;
	return rec_travel(r) ? TRAVEL_TURN_004 : 1;
}

void
rec_free(struct rec_in *r)
{
	free(r->in);
	memset(r, 0, sizeof *r);
}
