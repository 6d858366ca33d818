/*
 * recwrite: records written through the output buffer, one a line: fields
 * separated by one TAB (the program's name, the turn, the program's own
 * fields, a sentence: delving(7) THE RECORD STREAM), or with rec_json(1)
 * one JSON object a line, each field under its layout's name.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "util.h"

/*
 * The writer's state.  head is "PROG\tTURN", the start of every record:
 * the turn's digits are kept, and a turn one past the last is counted up
 * in place, so a stream of turns costs no division.
 */
static struct {
	char	 head[32];
	size_t	 prefixlen;	/* "PROG\t" */
	size_t	 headlen;
	uint64_t last;		/* the turn in head */
	const char *prog;
	int	 forced;	/* -j: every record in JSON */
	int	 json;		/* this record's spelling */
	int	 pending;	/* rec_as_read: the spelling is not yet known */
	const struct rec_layout *l;	/* JSON: the names of the record's fields */
	int	 next;		/* the index of the next field */
} w = { "delving\t", 8, 8, UINT64_MAX, "delving", 0, 0, 0, NULL, 0 };

/* The program whose records are written: "PROG\t" (out_init). */
void
rec_prog_name(const char *prog)
{
	w.prefixlen = w.headlen = (size_t)snprintf(w.head, 12, "%s\t", prog);
	w.prog = prog;
	w.last = UINT64_MAX;
}

/* Standard output opened for PROG's records (-u: UNBUFFERED). */
void
out_init(const char *prog, int unbuffered)
{
	rec_prog_name(prog);
	out_open(unbuffered);
}

/* -j: the records that follow are JSON objects, one a line. */
void
rec_json(int on)
{
	w.forced = w.json = on;
}

/*
 * A filter: the records made before its first line is read wait for it
 * and take its spelling, unless -j; with no input at all, TAB
 * (delving(7) THE RECORD STREAM).  They are written as TAB lines, and
 * kept (out_hold) until the reader reports the first line's spelling.
 */
void
rec_as_read(void)
{
	if (w.forced)
		return;
	w.pending = 1;
	out_hold();
}

/*
 * A TAB line of a suite record, LEN bytes and no newline, split in place
 * (the byte at LEN becomes a NUL) and written as JSON: of layout L, or,
 * when L is NULL, of the layout its fields fit.
 */
void
rec_tsv_json(const struct rec_layout *l, char *line, size_t len)
{
	char *f[REC_FIELDS_MAX], *p = line, *end = line + len;
	int nf = 0, prog;

	for (;;) {
		f[nf++] = p;
		if ((p = memchr(p, '\t', (size_t)(end - p))) == NULL ||
		    nf == REC_FIELDS_MAX)
			break;
		*p++ = '\0';
	}
	*end = '\0';
	if (l == NULL && (prog = rec_prog_of(line, strlen(line))) >= 0)
		l = rec_layout_of(prog, f, nf);
	assert(l != NULL);	/* the program wrote it by its layout */
	rec_fields_json(l, f);
}

/* The records kept while the spelling was not known, in the one now known. */
static void __attribute__((noinline))
release_pending(int json)
{
	size_t n;
	char *held = out_unhold(&n), *p, *nl;

	w.pending = 0;
	if (held == NULL)
		return;
	if (!json)
		out_bytes(held, n);
	else
		for (p = held; p < held + n; p = nl + 1) {
			nl = memchr(p, '\n', (size_t)(held + n - p));
			rec_tsv_json(NULL, p, (size_t)(nl - p));
		}
	free(held);
}

/*
 * A filter's records in the spelling of the line read (JSON: 1), unless
 * -j; the first line's tells the records kept till then theirs.
 */
void
rec_spell(int json)
{
	w.json = w.forced | json;
	if (w.pending)
		release_pending(json);
}

int
rec_json_on(void)
{
	return w.json;
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

	out_put("\"", 1);
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
		out_put((const char *)from, (size_t)(p - from));
		if (*p == '"' || *p == '\\')
			out_put(*p == '"' ? "\\\"" : "\\\\", 2);
		else if (*p < 0x20) {
			snprintf(esc, sizeof esc, "\\u%04x", *p);
			out_put(esc, 6);
		} else
			out_put("\\ufffd", 6);
		from = ++p;
	}
	out_put((const char *)from, (size_t)(p - from));
	out_put("\"", 1);
}

/* {"program":"PROG","turn": out of line, to keep the TSV's path short. */
static void __attribute__((noinline))
json_begin(const char *prog, const struct rec_layout *l)
{
	w.l = l;
	out_put("{\"program\":", 11);
	json_str(prog);
	out_put(",", 1);
	json_str(l->names[0]);
	out_put(":", 1);
}

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
begin_rare(const struct rec_layout *l, size_t ndigits)
{
	if (w.json) {
		json_begin(w.prog, l);
		out_put(w.head + w.prefixlen, ndigits);
	} else
		out_put(w.head, w.headlen);
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
	char *digits = w.head + w.prefixlen;
	size_t n = w.headlen - w.prefixlen;

	if (turn == w.last + 1 && n > 0 && digits[n - 1] != '9')
		digits[n - 1]++;	/* the common case of count_up */
	else if (turn == w.last + 1 && n > 0)
		n = count_up(digits, n);
	else if (turn != w.last || n == 0)
		n = format_turn(digits, turn);
	w.last = turn;
	w.headlen = w.prefixlen + n;
	return n;
}

void
rec_begin(const struct rec_layout *l, uint64_t turn)
{
	size_t n = head_to(turn);

	w.next = 1;
	if (!w.json && outbuf.len + sizeof w.head <= OUT_SIZE) {	/* one fixed-size move */
		memcpy(outbuf.buf + outbuf.len, w.head, sizeof w.head);
		outbuf.len += w.headlen;
	} else
		begin_rare(l, n);
}

/* A line of fields that is no record: no program, no turn. */
void
rec_line(const struct rec_layout *l)
{
	w.l = l;
	w.next = 0;
	if (w.json)
		out_put("{", 1);
}

/* The separator before the next field: the TSV's fast path. */
static inline void
tsv_sep(void)
{
	if (w.next++ > 0)
		out_put("\t", 1);
}

/* In JSON, the separator and the next field's name. */
static void
json_name(void)
{
	assert(w.l->names[w.next] != NULL);	/* no more fields than the kind names */
	if (w.next > 0)
		out_put(",", 1);
	json_str(w.l->names[w.next++]);
	out_put(":", 1);
}

static inline void
field(void)
{
	if (w.json)
		json_name();
	else
		tsv_sep();
}

/* A word; in JSON a string, "-" (none) null. */
void
rec_str(const char *s)
{
	if (!w.json) {
		tsv_sep();
		out_str(s);
		return;
	}
	json_name();
	if (strcmp(s, "-") == 0)
		out_put("null", 4);
	else
		json_str(s);
}

/* A number already written out, as 22.5; in JSON a number, "-" null. */
void
rec_num(const char *s)
{
	field();
	out_str(w.json && strcmp(s, "-") == 0 ? "null" : s);
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

/* A sentence is one field of one line: any TAB or newline made a space. */
static void
one_line(char *s)
{
	for (; (s = strpbrk(s, "\t\n\r")) != NULL; s++)
		*s = ' ';
}

/* The sentence: formatted, with any TAB or newline made a space. */
void
rec_text(const char *fmt, ...)
{
	char buf[2048];
	va_list ap;
	long n;

	va_start(ap, fmt);
	if ((n = format_text(buf, sizeof buf, fmt, ap)) < 0)
		vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	one_line(buf);
	field();
	if (w.json)
		json_str(buf);
	else if (n >= 0)
		out_put(buf, (size_t)n);
	else
		out_str(buf);
}

void
rec_end(void)
{
	if (w.json) {
		assert(w.l->names[w.next] == NULL);	/* no fewer fields than named */
		out_put("}\n", 2);
	} else
		out_put("\n", 1);
	out_record_end();
}

/*
 * A record read as TAB fields F (f[0] its program), of layout L, written
 * as JSON: each field as its type says, "-" null.  What the reader checked
 * makes it valid JSON: numbers are numbers, words and sentences text.
 */
void
rec_fields_json(const struct rec_layout *l, char *const *f)
{
	int i;

	json_begin(rec_progs[l->prog], l);
	out_str(f[1]);
	for (i = 2; i < l->nf; i++) {
		out_put(",", 1);
		json_str(l->names[i - 1]);
		out_put(":", 1);
		if (l->types[i - 1] != 't' && same_word(f[i], "-"))
			out_put("null", 4);
		else if (l->types[i - 1] == 'n')
			out_str(f[i]);
		else
			json_str(f[i]);
	}
	out_put("}\n", 2);
	out_record_end();
}

/*
 * The TAB fields after the turn, "\tWORD...\tTEXT\n", made once for
 * rec_prepared as rec_str writes them field by field, and padded with NULs
 * as rec_prepared reads them: to REC_TAIL_READ bytes, or whole REC_BLOCKs.
 * WORDS ends with the sentence and a NULL.
 */
char *
rec_tail_make(const char *const *words, size_t *len)
{
	size_t n = 0, size, k;
	char *tail;
	int i;

	for (i = 0; words[i] != NULL; i++)
		n += 1 + strlen(words[i]);
	*len = n + 1;
	size = *len <= REC_TAIL_READ ? REC_TAIL_READ :
	    (*len + REC_BLOCK - 1) / REC_BLOCK * REC_BLOCK;
	tail = emalloc(size);
	memset(tail, 0, size);
	for (n = 0, i = 0; words[i] != NULL; i++, n += k) {
		tail[n++] = '\t';
		k = strlen(words[i]);
		memcpy(tail + n, words[i], k);
	}
	tail[n] = '\n';
	return tail;
}

/* The rest of a record prepared once: "\tFIELD...\tTEXT\n"; not in JSON. */
void
rec_tail(const char *tail, size_t n)
{
	assert(!w.json);
	out_put(tail, n);
	out_record_end();
}

/* rec_prepared in JSON, unbuffered, or near the end of the buffer. */
static void __attribute__((noinline))
prepared_rare(const struct rec_layout *l, uint64_t turn, const char *tail,
    size_t n)
{
	rec_begin(l, turn);
	rec_tail(tail, n);
}

/*
 * A whole record whose fields after the turn were prepared once: the fast
 * path of a stream of turns, a leaf of one space check and copies of fixed
 * size.  The tail is readable as record.h says (rec_tail_make pads it).
 */
void
rec_prepared(const struct rec_layout *l, uint64_t turn, const char *tail,
    size_t n)
{
	size_t i;
	char *to;

	if (w.json || outbuf.unbuffered ||
	    outbuf.len + sizeof w.head + n + REC_TAIL_READ > OUT_SIZE) {
		prepared_rare(l, turn, tail, n);
		return;
	}
	head_to(turn);
	memcpy(outbuf.buf + outbuf.len, w.head, sizeof w.head);
	to = outbuf.buf + outbuf.len + w.headlen;
	if (n <= REC_TAIL_READ)
		memcpy(to, tail, REC_TAIL_READ);
	else
		for (i = 0; i < n; i += REC_BLOCK)
			memcpy(to + i, tail + i, REC_BLOCK);
	outbuf.len += w.headlen + n;
}
