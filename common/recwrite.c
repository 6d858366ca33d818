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
 * The writer, its program's own (rec_writer_open).  head is "PROG\tTURN",
 * the start of every record: the turn's digits are kept, and a turn one
 * past the last is counted up in place, so a stream of turns costs no
 * division.
 */
struct rec_writer {
	char	 head[32];
	size_t	 prefixlen;	/* "PROG\t" */
	size_t	 headlen;
	uint64_t last;		/* the turn in head, 0 at the start */
	const char *prog;
	int	 forced;	/* -j: every record in JSON */
	int	 json;		/* this record's spelling */
	size_t	 room;		/* rec_prepared's fast path: len + n at most, */
				/* 0 in JSON or with -u */
	int	 pending;	/* rec_as_read: the spelling is not yet known */
	const struct rec_layout *l;	/* JSON: the names of the record's fields */
	int	 next;		/* the index of the next field */
	size_t	 tail_at;	/* where rec_begin's record's tail begins */
	unsigned long tail_flushes;	/* in out, flushed this many times */
	struct out_buf out;	/* standard output */
};

/*
 * The room rec_prepared's fast path has: a head and a tail's REC_TAIL_READ
 * bytes fit after LEN + N bytes; none in JSON or with -u, as a tail is
 * never empty.
 */
static void
set_room(struct rec_writer *w)
{
	w->room = w->json || w->out.unbuffered ? 0 :
	    OUT_SIZE - sizeof w->head - REC_TAIL_READ;
}

/*
 * A writer of PROG's records on standard output (-u: UNBUFFERED), TAB
 * fields until rec_json; rec_writer_close checks what it wrote.
 */
struct rec_writer *
rec_writer_open(const char *prog, int unbuffered)
{
	struct rec_writer *w = emalloc(sizeof *w);

	w->prefixlen = (size_t)snprintf(w->head, 12, "%s\t", prog);
	w->head[w->prefixlen] = '0';	/* turn 0: the head has digits */
	w->headlen = w->prefixlen + 1;
	w->prog = prog;
	w->last = 0;
	w->forced = w->json = w->pending = 0;
	w->l = NULL;
	w->next = 0;
	out_open(&w->out, unbuffered);
	set_room(w);
	return w;
}

/* Flush and check standard output (>/dev/full fails with 3), and free W. */
void
rec_writer_close(struct rec_writer *w)
{
	out_close(&w->out);
	free(w);
}

/* The writer's output, for lines that are no records (roll's, delve's). */
struct out_buf *
rec_out(struct rec_writer *w)
{
	return &w->out;
}

/* -j: the records that follow are JSON objects, one a line. */
void
rec_json(struct rec_writer *w, int on)
{
	w->forced = w->json = on;
	set_room(w);
}

/*
 * A filter: the records made before its first line is read wait for it
 * and take its spelling, unless -j; with no input at all, TAB
 * (delving(7) THE RECORD STREAM).  They are written as TAB lines, and
 * kept (out_hold) until the reader reports the first line's spelling.
 */
void
rec_as_read(struct rec_writer *w)
{
	if (w->forced)
		return;
	w->pending = 1;
	out_hold(&w->out);
}

/*
 * A TAB line of a suite record, LEN bytes and no newline, split in place
 * (the byte at LEN becomes a NUL) and written as JSON: of layout L, or,
 * when L is NULL, of the layout its fields fit.
 */
void
rec_tsv_json(struct rec_writer *w, const struct rec_layout *l, char *line,
    size_t len)
{
	const char *f[REC_FIELDS_MAX];
	char *p = line, *end = line + len;
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
	rec_fields_json(w, l, f);
}

/* The records kept while the spelling was not known, in the one now known. */
static void __attribute__((noinline))
release_pending(struct rec_writer *w, int json)
{
	size_t n;
	char *held = out_unhold(&w->out, &n), *p, *nl;

	w->pending = 0;
	if (held == NULL)
		return;
	if (!json)
		out_bytes(&w->out, held, n);
	else
		for (p = held; p < held + n; p = nl + 1) {
			nl = memchr(p, '\n', (size_t)(held + n - p));
			rec_tsv_json(w, NULL, p, (size_t)(nl - p));
		}
	free(held);
}

/*
 * A filter's records in the spelling of the line read (JSON: 1), unless
 * -j; the first line's tells the records kept till then theirs.
 */
void
rec_spell(struct rec_writer *w, int json)
{
	w->json = w->forced | json;
	set_room(w);
	if (w->pending)
		release_pending(w, json);
}

int
rec_json_on(const struct rec_writer *w)
{
	return w->json;
}

/*
 * A JSON string (RFC 8259): '"' and '\' escaped, control characters as
 * \u00XX, valid UTF-8 as it is, any other byte U+FFFD.
 */
static void
json_str(struct out_buf *o, const char *s)
{
	const unsigned char *p = (const unsigned char *)s, *from = p;
	char esc[8];
	int n;

	out_put(o, "\"", 1);
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
		out_put(o, (const char *)from, (size_t)(p - from));
		if (*p == '"' || *p == '\\')
			out_put(o, *p == '"' ? "\\\"" : "\\\\", 2);
		else if (*p < 0x20) {
			snprintf(esc, sizeof esc, "\\u%04x", *p);
			out_put(o, esc, 6);
		} else
			out_put(o, "\\ufffd", 6);
		from = ++p;
	}
	out_put(o, (const char *)from, (size_t)(p - from));
	out_put(o, "\"", 1);
}

/* {"program":"PROG","turn": out of line, to keep the TSV's path short. */
static void __attribute__((noinline))
json_begin(struct rec_writer *w, const char *prog, const struct rec_layout *l)
{
	w->l = l;
	out_put(&w->out, "{\"program\":", 11);
	json_str(&w->out, prog);
	out_put(&w->out, ",", 1);
	json_str(&w->out, l->names[0]);
	out_put(&w->out, ":", 1);
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
begin_rare(struct rec_writer *w, const struct rec_layout *l, size_t ndigits)
{
	if (w->json) {
		json_begin(w, w->prog, l);
		out_put(&w->out, w->head + w->prefixlen, ndigits);
	} else
		out_put(&w->out, w->head, w->headlen);
}

/*
 * The turn's digits counted up past a 9, LAST the last of them, in place:
 * 199 becomes 200, 999 1000; the head's new length.  Inline, so that
 * rec_prepared calls nothing on its way.
 */
static inline size_t
carry(struct rec_writer *w, char *last)
{
	char *p;

	for (p = last; *p == '9'; p--)
		*p = '0';
	if (*p != '\t') {	/* the prefix's TAB: the digits were all 9s */
		++*p;
		return w->headlen;
	}
	p[1] = '1';
	w->head[w->headlen] = '0';
	return ++w->headlen;
}

/* Bring the kept "PROG\tTURN" up to TURN; the number of its digits. */
static inline size_t
head_to(struct rec_writer *w, uint64_t turn)
{
	char *last = w->head + w->headlen - 1;

	if (turn == w->last + 1 && *last != '9')
		++*last;	/* the common case of carry */
	else if (turn == w->last + 1)
		carry(w, last);
	else if (turn != w->last)
		w->headlen = w->prefixlen +
		    format_turn(w->head + w->prefixlen, turn);
	w->last = turn;
	return w->headlen - w->prefixlen;
}

void
rec_begin(struct rec_writer *w, const struct rec_layout *l, uint64_t turn)
{
	size_t n = head_to(w, turn);

	w->next = 1;
	if (!w->json && w->out.len + sizeof w->head <= OUT_SIZE) {	/* one fixed-size move */
		memcpy(w->out.buf + w->out.len, w->head, sizeof w->head);
		w->out.len += w->headlen;
	} else
		begin_rare(w, l, n);
	w->tail_at = w->out.len;
	w->tail_flushes = w->out.flushes;
}

/* A line of fields that is no record: no program, no turn. */
void
rec_line(struct rec_writer *w, const struct rec_layout *l)
{
	w->l = l;
	w->next = 0;
	if (w->json)
		out_put(&w->out, "{", 1);
}

/* The separator before the next field: the TSV's fast path. */
static inline void
tsv_sep(struct rec_writer *w)
{
	if (w->next++ > 0)
		out_put(&w->out, "\t", 1);
}

/* In JSON, the separator and the next field's name. */
static void
json_name(struct rec_writer *w)
{
	assert(w->l->names[w->next] != NULL);	/* no more fields than the kind names */
	if (w->next > 0)
		out_put(&w->out, ",", 1);
	json_str(&w->out, w->l->names[w->next++]);
	out_put(&w->out, ":", 1);
}

static inline void
field(struct rec_writer *w)
{
	if (w->json)
		json_name(w);
	else
		tsv_sep(w);
}

/* A word; in JSON a string, "-" (none) null. */
void
rec_str(struct rec_writer *w, const char *s)
{
	if (!w->json) {
		tsv_sep(w);
		out_str(&w->out, s);
		return;
	}
	json_name(w);
	if (strcmp(s, "-") == 0)
		out_put(&w->out, "null", 4);
	else
		json_str(&w->out, s);
}

/*
 * A word in N parts, as rec_str writes their join: in TAB each part in
 * its place, in JSON through a copy.
 */
void
rec_strs(struct rec_writer *w, const char *const *part, int n)
{
	size_t len = 1;
	char *s;
	int i;

	if (!w->json) {
		tsv_sep(w);
		for (i = 0; i < n; i++)
			if (*part[i] != '\0')
				out_str(&w->out, part[i]);
		return;
	}
	for (i = 0; i < n; i++)
		len += strlen(part[i]);
	str_cat(s = emalloc(len), len, part, n);
	rec_str(w, s);
	free(s);
}

/* A number already written out, as 22.5; in JSON a number, "-" null. */
void
rec_num(struct rec_writer *w, const char *s)
{
	field(w);
	out_str(&w->out, w->json && strcmp(s, "-") == 0 ? "null" : s);
}

void
rec_u64(struct rec_writer *w, uint64_t v)
{
	field(w);
	out_u64(&w->out, v);
}

void
rec_i64(struct rec_writer *w, int64_t v)
{
	field(w);
	out_i64(&w->out, v);
}

/* N bytes of S at P, at most up to END; the new P. */
static inline char *
put(char *p, char *end, const char *s, size_t n)
{
	if (n > (size_t)(end - p))
		n = (size_t)(end - p);
	memcpy(p, s, n);
	return p + n;
}

/* V's digits at P, at most up to END, with a sign when NEG or PLUS. */
static char *
put_number(char *p, char *end, uint64_t v, int neg, int plus)
{
	char num[U64_DIGITS + 1], *e = num + sizeof num, *d;

	if (v < 100 && end - p >= 3) {	/* the common case */
		if (neg || plus)
			*p++ = neg ? '-' : '+';
		return small_digits(p, (unsigned)v);
	}
	d = u64_digits(e, v);
	if (neg || plus)
		*--d = neg ? '-' : '+';
	return put(p, end, d, (size_t)(e - d));
}

/*
 * One conversion of a sentence's format at *FMT (%c, %s, %d, %ld, %lld,
 * %llu, with a + flag for d) written at P, up to END, and *FMT moved past
 * it; the new P, or NULL for any other conversion (vsnprintf makes it).
 */
static char *
conversion(char *p, char *end, const char **fmt, va_list *ap)
{
	const char *c = *fmt + 1, *s;
	int plus, longs, ch;
	long long v;

	if (*c == 's') {	/* the most common, first */
		*fmt = c + 1;
		s = va_arg(*ap, const char *);
		return put(p, end, s, strlen(s));
	}
	if (c[0] == 'l' && c[1] == 'd') {
		*fmt = c + 2;
		v = va_arg(*ap, long);
		return put_number(p, end, v < 0 ? -(uint64_t)v : (uint64_t)v,
		    v < 0, 0);
	}
	if ((plus = *c == '+'))
		c++;
	for (longs = 0; *c == 'l'; c++)
		longs++;
	*fmt = c + 1;
	if (*c == 'u' && longs == 2 && !plus)
		return put_number(p, end, va_arg(*ap, unsigned long long), 0, 0);
	if (*c == 'c' && !plus && longs == 0) {
		if ((ch = (unsigned char)va_arg(*ap, int)) == '\0')
			return NULL;	/* a NUL ends the sentence in vsnprintf */
		if (p < end)
			*p++ = (char)ch;
		return p;
	}
	if (*c != 'd' || longs > 2)
		return NULL;
	v = longs == 0 ? va_arg(*ap, int) : longs == 1 ?
	    va_arg(*ap, long) : va_arg(*ap, long long);
	return put_number(p, end, v < 0 ? -(uint64_t)v : (uint64_t)v, v < 0,
	    plus);
}

/*
 * vsnprintf for the conversions a record's sentence uses, without stdio:
 * written at BUF (SIZE bytes, a NUL after it), its length, or -1 for a
 * conversion that vsnprintf must make.
 */
static long
format_text(char *buf, size_t size, const char *fmt, va_list *ap)
{
	char *p = buf, *end = buf + size - 1;
	char c = *fmt;

	for (;;) {
		for (; c != '%' && c != '\0'; c = *++fmt)
			if (p < end)
				*p++ = c;
		if (c == '\0')
			break;
		if (fmt[1] == '%') {
			if (p < end)
				*p++ = '%';
			fmt += 2;
		} else if ((p = conversion(p, end, &fmt, ap)) == NULL)
			return -1;
		c = *fmt;
	}
	*p = '\0';
	return p - buf;
}

/* A sentence is one field of one line: any TAB or newline made a space. */
static void
one_line(char *s)
{
	for (; (s = strpbrk(s, "\t\n\r")) != NULL; s++)
		*s = ' ';
}

/* The sentence vsnprintf makes, for a conversion format_text does not. */
static void __attribute__((noinline))
text_by_stdio(struct rec_writer *w, const char *fmt, va_list ap)
{
	char buf[REC_TEXT_MAX];

	vsnprintf(buf, sizeof buf, fmt, ap);
	one_line(buf);
	if (w->json)
		json_str(&w->out, buf);
	else
		out_str(&w->out, buf);
}

/*
 * The sentence: formatted, with any TAB or newline made a space, at most
 * REC_TEXT_MAX - 1 bytes.  In TAB with room it is written straight into
 * the buffer; else, in JSON or near the buffer's end, through BUF.
 */
void
rec_text(struct rec_writer *w, const char *fmt, ...)
{
	char buf[REC_TEXT_MAX];
	va_list ap;
	long n;

	field(w);
	va_start(ap, fmt);
	if (!w->json && OUT_SIZE - w->out.len >= REC_TEXT_MAX) {
		if ((n = format_text(w->out.buf + w->out.len, REC_TEXT_MAX,
		    fmt, &ap)) >= 0) {
			one_line(w->out.buf + w->out.len);
			w->out.len += (size_t)n;
		}
	} else if ((n = format_text(buf, sizeof buf, fmt, &ap)) >= 0) {
		one_line(buf);
		if (w->json)
			json_str(&w->out, buf);
		else
			out_put(&w->out, buf, (size_t)n);
	}
	va_end(ap);
	if (n < 0) {
		va_start(ap, fmt);
		text_by_stdio(w, fmt, ap);
		va_end(ap);
	}
}

void
rec_end(struct rec_writer *w)
{
	if (w->json) {
		assert(w->l->names[w->next] == NULL);	/* no fewer fields than named */
		out_put(&w->out, "}\n", 2);
	} else
		out_put(&w->out, "\n", 1);
	out_record_end(&w->out);
}

/*
 * A record read as TAB fields F (f[0] its program), of layout L, written
 * as JSON: each field as its type says, "-" null.  What the reader checked
 * makes it valid JSON: numbers are numbers, words and sentences text.
 */
void
rec_fields_json(struct rec_writer *w, const struct rec_layout *l,
    const char *const *f)
{
	int i;

	json_begin(w, rec_progs[l->prog], l);
	out_str(&w->out, f[1]);
	for (i = 2; i < l->nf; i++) {
		out_put(&w->out, ",", 1);
		json_str(&w->out, l->names[i - 1]);
		out_put(&w->out, ":", 1);
		if (l->types[i - 1] != 't' && same_word(f[i], "-"))
			out_put(&w->out, "null", 4);
		else if (l->types[i - 1] == 'n')
			out_str(&w->out, f[i]);
		else
			json_str(&w->out, f[i]);
	}
	out_put(&w->out, "}\n", 2);
	out_record_end(&w->out);
}

/*
 * Room for a tail of N bytes as rec_prepared reads it (record.h): to
 * REC_TAIL_READ bytes at least, or whole REC_BLOCKs, all NULs.
 */
static char *
tail_alloc(size_t n)
{
	size_t size = n <= REC_TAIL_READ ? REC_TAIL_READ :
	    (n + REC_BLOCK - 1) / REC_BLOCK * REC_BLOCK;
	char *tail = emalloc(size);

	memset(tail, 0, size);
	return tail;
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
	size_t n = 0, k;
	char *tail;
	int i;

	for (i = 0; words[i] != NULL; i++)
		n += 1 + strlen(words[i]);
	*len = n + 1;
	tail = tail_alloc(*len);
	for (n = 0, i = 0; words[i] != NULL; i++, n += k) {
		tail[n++] = '\t';
		k = strlen(words[i]);
		memcpy(tail + n, words[i], k);
	}
	tail[n] = '\n';
	return tail;
}

/* The rest of a record prepared once: "\tFIELD...\tTEXT\n"; not in JSON. */
static void
rec_tail(struct rec_writer *w, const char *tail, size_t n)
{
	assert(!w->json);
	out_put(&w->out, tail, n);
	out_record_end(&w->out);
}

/*
 * rec_prepared in JSON, unbuffered, or near the end of the buffer, the
 * long way; for a turn that is not the next, the head brought to it.
 */
static void __attribute__((noinline))
prepared_rare(struct rec_writer *w, const struct rec_layout *l, uint64_t turn,
    const char *tail, size_t n)
{
	if (w->out.len + n > w->room) {
		rec_begin(w, l, turn);
		rec_tail(w, tail, n);
		return;
	}
	head_to(w, turn);
	rec_prepared(w, l, turn, tail, n);	/* its head now TURN's */
}

/*
 * A whole record whose fields after the turn were prepared once: the fast
 * path of a stream of turns, a leaf of one space check, the turn's last
 * digit counted up, and copies of fixed size; anything else the long way.
 * The tail is readable as record.h says (rec_tail_make pads it).
 */
void
rec_prepared(struct rec_writer *w, const struct rec_layout *l, uint64_t turn,
    const char *tail, size_t n)
{
	size_t len = w->out.len, headlen = w->headlen, i;
	char *last = w->head + headlen - 1, *to = w->out.buf + len;

	if (len + n > w->room || (turn != w->last && turn != w->last + 1)) {
		prepared_rare(w, l, turn, tail, n);
		return;
	}
	if (turn != w->last) {
		if (*last != '9')
			++*last;
		else
			headlen = carry(w, last);
		w->last = turn;
	}
	memcpy(to, w->head, sizeof w->head);
	to += headlen;
	if (n <= REC_TAIL_READ / 2)	/* a die's sentences, in as few moves */
		memcpy(to, tail, REC_TAIL_READ / 2);
	else if (n <= REC_TAIL_READ / 4 * 3)
		memcpy(to, tail, REC_TAIL_READ / 4 * 3);
	else if (n <= REC_TAIL_READ)
		memcpy(to, tail, REC_TAIL_READ);
	else
		for (i = 0; i < n; i += REC_BLOCK)
			memcpy(to + i, tail + i, REC_BLOCK);
	w->out.len = len + headlen + n;
}

/*
 * A memo of N records, each the fields after a turn, by the caller's
 * number for all that made them (reaction's checks, dispositions and
 * summaries), empty.
 */
void
rec_memo_open(struct rec_memo *m, size_t n)
{
	m->n = n;
	m->tail = ereallocarray(NULL, n, sizeof *m->tail);
	m->len = ereallocarray(NULL, n, sizeof *m->len);
	memset(m->tail, 0, n * sizeof *m->tail);
}

void
rec_memo_close(struct rec_memo *m)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		free(m->tail[i]);
	free(m->tail);
	free(m->len);
	m->n = 0;
}

/*
 * Record I of the memo, with TURN: written with rec_prepared, 1; 0 when
 * none is kept or the record is to be JSON, for the caller to write it
 * the long way (and rec_memo_keep it).
 */
int
rec_memo_say(struct rec_writer *w, const struct rec_memo *m, size_t i,
    const struct rec_layout *l, uint64_t turn)
{
	if (w->json || m->tail[i] == NULL)
		return 0;
	rec_prepared(w, l, turn, m->tail[i], m->len[i]);
	return 1;
}

/*
 * Record I of the memo begun: its head and the fields kept (rec_memo_keep
 * before rec_end) written, the rest for the caller to write, 1; 0 as
 * rec_memo_say.
 */
int
rec_memo_begin(struct rec_writer *w, const struct rec_memo *m, size_t i,
    const struct rec_layout *l, uint64_t turn)
{
	if (w->room == 0 || i >= m->n || m->tail[i] == NULL)
		return 0;	/* JSON, -u: the fields the long way */
	rec_prepared(w, l, turn, m->tail[i], m->len[i]);
	w->next = 1;
	return 1;
}

/*
 * Keep the record rec_end wrote last as record I (or, before rec_end, its
 * fields so far, for rec_memo_begin): its fields after the turn as
 * rec_prepared reads them (padded as rec_tail_make pads).  Not when it is
 * JSON or went out in two writes (the buffer flushed after its turn).
 */
void
rec_memo_keep(struct rec_writer *w, struct rec_memo *m, size_t i)
{
	size_t n = w->out.len - w->tail_at;

	if (w->json || i >= m->n || m->tail[i] != NULL ||
	    w->out.flushes != w->tail_flushes)
		return;
	m->tail[i] = tail_alloc(n);
	memcpy(m->tail[i], w->out.buf + w->tail_at, n);
	m->len[i] = n;
}

/* delve(6)'s record of a GM's act (DELVE_GM): NAME KEY CHANGE TEXT at TURN. */
void
rec_delve(struct rec_writer *w, uint64_t turn, const char *name,
    const char *key, const char *change, const char *text)
{
	rec_begin(w, REC_LAYOUT(DELVE_GM), turn);
	rec_str(w, name);
	rec_str(w, key);
	rec_str(w, change);
	rec_text(w, "%s", text);
	rec_end(w);
}
