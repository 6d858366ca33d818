/*
 * recread: the record stream read line by line, in blocks as large as
 * cat(1) reads.  A line that claims to be a suite record, by its first
 * TAB field or by a JSON object's "program", is checked against the
 * layouts of layout.c exactly; every other line is foreign and passes as
 * it came.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json.h"
#include "record.h"
#include "recread_priv.h"
#include "rules.h"
#include "util.h"

#define REC_LINE_MAX (1 << 20)
#define IN_SIZE (1 << 17)
#define IN_SLACK 16	/* after the last line: its NUL, and scan's last block */
#define KIND_FITS 0x80

/* Each program's name as prog_of compares it: a word (load8) and its mask. */
static void
name_words(uint64_t word[REC_PROGS], uint64_t mask[REC_PROGS])
{
	char name[8];
	int i;

	for (i = 0; i < REC_PROGS; i++) {	/* 8 bytes at most: layout.h */
		memset(name, 0, sizeof name);
		memcpy(name, rec_progs[i], rec_prog_len[i]);
		mask[i] = ~(uint64_t)0 >> (64 - 8 * rec_prog_len[i]);
		word[i] = load8(name) & mask[i];
	}
}

struct rec_reader {
	struct rec r;		/* the line read last, split */
	int	 fd;
	char	*line;		/* the line, without its newline */
	size_t	 len;
	unsigned long lineno;
	uint64_t last;		/* rec_turns: the turn of the last suite record */
	int	 seen;		/* rec_turns: a suite record was read */
	char	*in;		/* the input buffer: */
	size_t	 incap;		/* its size, */
	size_t	 inpos, inend;	/* the bytes not yet read as lines, */
	size_t	 inscan;	/* the first of them not searched for a newline */
	int	 ineof;
	char	*held;		/* rec_hold: each line a byte (its kind + 1 */
	size_t	 heldlen;	/* when it is to be written as JSON, else 0), */
	size_t	 heldcap;	/* then the line and its newline */
	int	 nheld;
	char	*dec;		/* a JSON record's names and fields, decoded */
	size_t	 deccap;
	int	 kind;		/* the suite record's enum rec_kind */
	unsigned char kind_of[REC_PROGS][REC_FIELDS_MAX + 1];	/* by NF: */
			/* the first kind with NF fields, with KIND_FITS */
			/* when its fits must tell it from the next */
	uint32_t nf_ok[REC_PROGS];	/* bit NF: a layout has NF fields */
	uint16_t numbers[REC_KINDS];	/* bit I: field I is a number, the */
			/* turn's (field 1) aside */
	uint64_t name_word[REC_PROGS];	/* each program's name as load8 */
	uint64_t name_mask[REC_PROGS];	/* loads it, and its bytes */
	int	 spelled;	/* the spelling of the last line read, or -1 */
	int	 told;		/* tell_first told the first line's */
	uint32_t travel_first;	/* bit C: a travel key starts with 'a' + C */
	int	 json_out;	/* the writer's spelling for it */
	struct rec_writer *w;	/* the filter's writer: lines passed on, */
	struct out_buf *out;	/* into its output */
	void	(*on_bad)(const char *);	/* rec_on_bad */
};

/*
 * A reader of FD, with the layout table indexed by program and field count,
 * that passes lines on to the filter's writer W and tells it their spelling.
 */
struct rec_reader *
rec_open(int fd, struct rec_writer *w)
{
	struct rec_reader *rd = emalloc(sizeof *rd);
	const struct rec_layout *l;
	int k, i;

	memset(rd, 0, sizeof *rd);
	rd->fd = fd;
	rd->w = w;
	rd->out = rec_out(w);
	rd->spelled = -1;
	name_words(rd->name_word, rd->name_mask);
	for (i = 0; rec_travel_keys[i] != NULL; i++)
		rd->travel_first |= UINT32_C(1) << (rec_travel_keys[i][0] - 'a');
	for (k = REC_KINDS - 1; k >= 0; k--)
		if ((l = &rec_layouts[k])->prog >= 0) {
			rd->kind_of[l->prog][l->nf] = (unsigned char)(k |
			    (l->fits != NULL ? KIND_FITS : 0));
			rd->nf_ok[l->prog] |= UINT32_C(1) << l->nf;
			for (i = 2; i < l->nf; i++)
				if (l->types[i - 1] == 'n')
					rd->numbers[k] |= (uint16_t)(1u << i);
		}
	return rd;
}

void
rec_close(struct rec_reader *rd)
{
	free(rd->in);
	free(rd->held);
	free(rd->dec);
	free(rd);
}

/*
 * N bytes of the TAB record read last, from FROM (its line, or a field of
 * it), copied to DST as they were read: each field's NUL a TAB again.
 */
static void
unsplit(char *dst, const struct rec_reader *rd, const char *from, size_t n)
{
	size_t at;
	int i;

	memcpy(dst, from, n);
	for (i = 1; i < rd->r.nf; i++)
		if ((at = (size_t)(rd->r.f[i] - 1 - from)) < n)
			dst[at] = '\t';
}

/* A TAB line read, its fields joined by TABs again, and a newline: LEN + 1 bytes. */
static inline void
line_copy(char *dst, const struct rec_reader *rd)
{
	if (!rd->r.json)
		unsplit(dst, rd, rd->line, rd->len);
	else
		memcpy(dst, rd->line, rd->len);
	dst[rd->len] = '\n';
}

/* The layout of the suite record read last. */
static inline const struct rec_layout *
layout(const struct rec_reader *rd)
{
	return &rec_layouts[rd->kind];
}

/* The record read last is to be written in JSON: a TAB record under -j. */
static inline int
to_json(struct rec_reader *rd)
{
	return rd->json_out && rd->r.nf > 0 && !rd->r.json;
}

/*
 * Lines a filter holds back while it waits to see what follows a record;
 * rec_release writes them, in order.
 */
void
rec_hold(struct rec_reader *rd)
{
	if (rd->heldcap - rd->heldlen < rd->len + 2) {
		rd->heldcap = rd->heldlen + rd->len + 2 + 4096;
		rd->held = ereallocarray(rd->held, rd->heldcap, 1);
	}
	rd->held[rd->heldlen] = (char)(to_json(rd) ? rd->kind + 1 : 0);
	line_copy(rd->held + rd->heldlen + 1, rd);
	rd->heldlen += rd->len + 2;
	rd->nheld++;
}

int
rec_held(const struct rec_reader *rd)
{
	return rd->nheld;
}

/* Write the held lines, in order. */
static void __attribute__((noinline))
release(struct rec_reader *rd)
{
	char *p = rd->held, *nl, *end = rd->held + rd->heldlen;

	for (; p < end; p = nl + 1) {
		nl = memchr(p + 1, '\n', (size_t)(end - p - 1));
		if (*p == 0)
			out_put(rd->out, p + 1, (size_t)(nl - p));
		else
			rec_tsv_json(rd->w, &rec_layouts[*p - 1], p + 1,
			    (size_t)(nl - p - 1));
	}
	rd->heldlen = 0;
	rd->nheld = 0;
	out_record_end(rd->out);
}

void
rec_release(struct rec_reader *rd)
{
	if (rd->nheld > 0)
		release(rd);
}

/* A bad record stops the filter after every line before it, held or not. */
static void __attribute__((noreturn))
bad_record(struct rec_reader *rd, const char *fmt, ...)
{
	char why[256], said[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	rec_release(rd);
	out_flush(rd->out);
	snprintf(said, sizeof said, "stdin:%lu: bad %s%srecord: %s",
	    rd->lineno, rd->r.prog < 0 ? "" : rec_progs[rd->r.prog],
	    rd->r.prog < 0 ? "" : " ", why);
	if (rd->on_bad != NULL)
		rd->on_bad(said);
	esc_errx(EXIT_BAD, "%s", said);
}

/*
 * What a bad record does after the lines before it are written: ON_BAD
 * with the message, which may leave by longjmp (tests/unit.c), and then
 * the filter stops (exit 2).
 */
void
rec_on_bad(struct rec_reader *rd, void (*on_bad)(const char *said))
{
	rd->on_bad = on_bad;
}

/* The fields that TABS (a mask of the TABs at S) starts: a NUL for each TAB. */
static inline void
split(struct rec_reader *rd, char *s, unsigned tabs, int *nf, int *empty)
{
	struct rec *r = &rd->r;
	char *tab;

	for (; tabs != 0; tabs &= tabs - 1) {
		tab = s + __builtin_ctz(tabs);
		if (tab == r->f[*nf - 1] && *empty == 0)
			*empty = *nf;
		if (*nf == REC_FIELDS_MAX)
			bad_record(rd, "more than %d fields", REC_FIELDS_MAX);
		*tab = '\0';
		r->f[(*nf)++] = tab + 1;
	}
}

/*
 * One pass over a TAB record: its text checked as utf8_ok checks it, and
 * a NUL for each TAB, sixteen bytes at a time: at once when all are
 * printable, else up to a byte that is not plain ASCII, then that
 * character alone.  The input buffer keeps IN_SLACK bytes after every
 * line, so the last block may be read whole; its bytes past the line are
 * not looked at.  The number of the first empty field, or 0.
 */
static int
scan(struct rec_reader *rd)
{
	struct rec *r = &rd->r;
	char *s = rd->line, *end = rd->line + rd->len;
	unsigned odd, tabs;
	size_t k;
	int nf = 1, empty = 0, n;

	r->f[0] = s;
	for (; s < end; s += k) {
		odd = odd16(s, &tabs);
		if (end - s < 16) {
			odd &= (1u << (end - s)) - 1;
			tabs &= (1u << (end - s)) - 1;
		}
		if (odd == 0) {
			k = 16;		/* the common case: sixteen plain bytes */
			continue;
		}
		odd &= ~tabs;
		k = 16;
		if (odd != 0) {		/* plain up to byte k */
			tabs &= (odd & -odd) - 1;
			k = (size_t)__builtin_ctz(odd);
		}
		if (tabs != 0)
			split(rd, s, tabs, &nf, &empty);
		if (odd != 0) {
			if ((n = utf8_common(s + k, (size_t)(end - s) - k)) ==
			    0 && (n = text_len(s + k, (size_t)(end - s) - k)) == 0)
				bad_record(rd, "not text (a NUL, a control "
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
static inline int
parse_turn(const char *s, size_t n, uint64_t *turn)
{
	uint64_t v = 0;
	int64_t d8;
	size_t i;
	unsigned d;

	if (n - 1 < 8) {	/* 1 to 8 digits, the common turn */
		if ((d8 = digits8(s, n)) < 0)
			return -1;
		*turn = (uint64_t)d8;
		return 0;
	}
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

/* A number as the suite writes it, and JSON reads it: -?D+(.D+)?; its end. */
static inline const char *
number_end(const char *s)
{
	const char *p = s + (*s == '-');

	if (*p < '0' || *p > '9')
		return s;
	while (*p >= '0' && *p <= '9')
		p++;
	if (*p == '.' && p[1] >= '0' && p[1] <= '9')
		for (p++; *p >= '0' && *p <= '9'; p++)
			;
	return p;
}

/* The valid field counts of PROG's records, for a message: "5, 6 or 9". */
static void
counts(int prog, char *buf, size_t size)
{
	int nf[REC_KINDS], n = 0, k, i;
	size_t len = 0;

	for (k = 0; k < REC_KINDS; k++)
		if (rec_layouts[k].prog == prog &&
		    (n == 0 || nf[n - 1] != rec_layouts[k].nf))
			nf[n++] = rec_layouts[k].nf;
	buf[0] = '\0';
	for (i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%d",
		    i == 0 ? "" : i == n - 1 ? " or " : ", ", nf[i]);
}

/* A field is a number, or "-" for none. */
static int
number_ok(const char *s)
{
	return *number_end(s) == '\0' || (s[0] == '-' && s[1] == '\0');
}

/* One digit or two, the common field (a die's roll), or else a number. */
static inline int
number_field(const char *s)
{
	if ((unsigned)(s[0] - '0') <= 9 && (s[1] == '\0' ||
	    ((unsigned)(s[1] - '0') <= 9 && s[2] == '\0')))
		return 1;
	return number_ok(s);
}

static void __attribute__((noreturn, noinline))
bad_turn(struct rec_reader *rd)
{
	bad_record(rd, "%s '%s' is not a whole number",
	    rec_layouts[rd->kind].names[0], rd->r.f[1]);
}

static void __attribute__((noreturn, noinline))
not_number(struct rec_reader *rd, int i)
{
	bad_record(rd, "%s '%s' is not a number",
	    rec_layouts[rd->kind].names[i - 1], rd->r.f[i]);
}

/*
 * Every field the layout of a TAB record has as a number is one, or "-"
 * (delving(7) THE RECORD STREAM), whether the filter uses it or not.
 * Every layout has one at least after the turn.
 */
static inline void
check_numbers(struct rec_reader *rd, int kind)
{
	unsigned m = rd->numbers[kind];
	int i;

	for (; m != 0; m &= m - 1)	/* a delve record has no number but its turn */
		if (!number_field(rd->r.f[i = __builtin_ctz(m)]))
			not_number(rd, i);
}

/* What a filter writes for a record follows its spelling, unless -j. */
static void __attribute__((noinline))
respell(struct rec_reader *rd, int json)
{
	rec_spell(rd->w, json);
	rd->spelled = json;
	rd->json_out = rec_json_on(rd->w);
}

/* Of the kinds from K on with as many fields, the first that fits R. */
static int __attribute__((noinline))
tsv_kind(const struct rec *r, int k)
{
	while (rec_layouts[k].fits != NULL && !rec_layouts[k].fits(r->f))
		k++;
	return k;
}

static void
parse_tsv(struct rec_reader *rd)
{
	struct rec *r = &rd->r;
	int empty = scan(rd);	/* what the suite writes is text */
	char list[64];
	int kind;

	r->json = 0;
	if (rd->spelled != 0)
		respell(rd, 0);

	if ((rd->nf_ok[r->prog] >> r->nf & 1) == 0) {
		counts(r->prog, list, sizeof list);
		bad_record(rd, "%d fields, expected %s", r->nf, list);
	}
	if (empty > 0)
		bad_record(rd, "field %d is empty", empty);
	if ((kind = rd->kind_of[r->prog][r->nf]) & KIND_FITS)
		kind = tsv_kind(r, kind & ~KIND_FITS);
	rd->kind = kind;
	if (parse_turn(r->f[1], (size_t)(r->f[2] - 1 - r->f[1]), &r->turn) != 0)
		bad_turn(rd);
	check_numbers(rd, kind);
}

/* A line that claims to be a suite record in JSON: {"program": first. */
static int
claims_json(const char *line)
{
	const char *p = json_ws(line);

	return *p == '{' && strncmp(json_ws(p + 1), "\"program\"", 9) == 0;
}

/*
 * One value at P into *D: a string decoded ('s'), a number as it is
 * ('n'), null as "-" ('0'); *TYPE says which.  P past it, or NULL.
 */
static const char *
json_value(const char *p, char **d, char *type)
{
	const char *e;

	if (*p == '"') {
		*type = 's';
		return json_string(p, d);
	}
	if (strncmp(p, "null", 4) == 0) {
		*type = '0';
		memcpy(*d, "-", 2);
		*d += 2;
		return p + 4;
	}
	if ((e = number_end(p)) == p)
		return NULL;
	*type = 'n';
	memcpy(*d, p, (size_t)(e - p));
	*d += e - p;
	*(*d)++ = '\0';
	return e;
}

/* The names and values of a JSON object, decoded; the number of fields. */
static int
json_fields(struct rec_reader *rd, const char **names, char *types)
{
	const char *p = json_ws(json_ws(rd->line) + 1);
	char *d = rd->dec;
	int nf = 0;

	for (;;) {
		if (nf == REC_FIELDS_MAX)
			bad_record(rd, "more than %d fields", REC_FIELDS_MAX);
		names[nf] = d;
		if (*p != '"' || (p = json_string(p, &d)) == NULL ||
		    *(p = json_ws(p)) != ':')
			bad_record(rd, "not JSON: a field's name is cut short");
		rd->r.f[nf] = d;
		if ((p = json_value(json_ws(p + 1), &d, &types[nf])) == NULL)
			bad_record(rd, "%s: not a string, a number or null",
			    names[nf]);
		nf++;
		if (*(p = json_ws(p)) == ',')
			p = json_ws(p + 1);
		else if (*p == '}')
			break;
		else
			bad_record(rd, "not JSON: the object is cut short");
	}
	if (*json_ws(p + 1) != '\0' || json_ws(p + 1) != rd->line + rd->len)
		bad_record(rd, "not JSON: more after the object");
	return nf;
}

/* A JSON field's value is of its layout's type, and text. */
static void
check_json_field(struct rec_reader *rd, const struct rec_layout *l, int i,
    char type)
{
	const char *name = l->names[i - 1], *s = rd->r.f[i];
	char want = l->types[i - 1];
	size_t n = strlen(s);

	if ((want != 'n' && type == 'n') ||
	    ((want == 't' || i == 1) && type == '0'))
		bad_record(rd, "%s: a %s, expected %s", name,
		    type == 'n' ? "number" : "null",
		    want == 'n' ? "a number" : "a string");
	if (n == 0)
		bad_record(rd, "%s is empty", name);
	if (memchr(s, '\t', n) != NULL || !utf8_ok(s, n))
		bad_record(rd, "%s: not text (a TAB, a control character or "
		    "bad UTF-8)", name);
	if (want == 'n' && type == 's')		/* said as a TAB record's */
		bad_record(rd, "%s '%s' is not a %s", name, s,
		    i == 1 ? "whole number" : "number");
}

static void __attribute__((noinline))
parse_json(struct rec_reader *rd)
{
	struct rec *r = &rd->r;
	const char *names[REC_FIELDS_MAX];
	char types[REC_FIELDS_MAX];
	int i;

	if (rd->deccap < rd->len + 2 * REC_FIELDS_MAX + 8) {
		rd->deccap = rd->len + 2 * REC_FIELDS_MAX + 8;
		rd->dec = ereallocarray(rd->dec, rd->deccap, 1);
	}
	r->json = 1;
	if (rd->spelled != 1)
		respell(rd, 1);
	r->nf = json_fields(rd, names, types);
	if (types[0] != 's' || (r->prog = rec_prog_of(r->f[0],
	    strlen(r->f[0]))) < 0)
		bad_record(rd, "unknown program '%s'", r->f[0]);
	if (r->nf < 2 || (rd->kind = rec_kind_named(r->prog, names + 1,
	    r->nf)) < 0)
		bad_record(rd, "its field names are none of its layouts'");
	for (i = 1; i < r->nf; i++)
		check_json_field(rd, &rec_layouts[rd->kind], i, types[i]);
	if (types[1] != 'n' ||
	    parse_turn(r->f[1], strlen(r->f[1]), &r->turn) != 0)
		bad_record(rd, "%s '%s' is not a whole number", names[1],
		    r->f[1]);
}

/* 004: a travel record's CADENCE is one of the seed's. */
static void
check_cadence(struct rec_reader *rd)
{
	if (rd->r.prog == REC_HAZARD && rd->r.nf == 6 &&
	    layout(rd) == REC_LAYOUT(HAZARD_TRAVEL) &&
	    word_in(rd->r.f[4], cadence_names_004) < 0)
		bad_record(rd, "cadence '%s' is not hourly, daily or weekly",
		    rd->r.f[4]);
}

/*
 * The first line's spelling, told the writer as soon as it shows: a JSON
 * object, or else TAB (a TAB record, a foreign line, no input at all).
 * The records the filter made before it take it (rec_as_read).
 */
static void
tell_first(struct rec_reader *rd)
{
	const char *p = rd->in + rd->inpos, *end = rd->in + rd->inend;

	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
		p++;
	if (p == end && !rd->ineof)
		return;		/* not yet shown */
	rd->told = 1;
	rec_spell(rd->w, p < end && *p == '{');
}

/*
 * Read more input after the bytes not yet taken as lines, in blocks as
 * large as cat(1) reads; the buffer grows only for a line longer than half
 * of it, and always keeps IN_SLACK bytes after the last line.
 */
static void
fill(struct rec_reader *rd)
{
	size_t keep = rd->inend - rd->inpos;
	ssize_t n;

	if (rd->inpos > 0) {
		memmove(rd->in, rd->in + rd->inpos, keep);
		rd->inscan -= rd->inpos;
		rd->inpos = 0;
		rd->inend = keep;
	}
	if (rd->incap - rd->inend <= IN_SIZE / 2) {
		rd->incap = rd->incap == 0 ? IN_SIZE : rd->incap * 2;
		rd->in = ereallocarray(rd->in, rd->incap, 1);
	}
	while ((n = read(rd->fd, rd->in + rd->inend,
	    rd->incap - rd->inend - IN_SLACK)) < 0)
		if (errno != EINTR)
			esc_err(EXIT_IO, "stdin");
	rd->ineof = n == 0;
	rd->inend += (size_t)n;
	memset(rd->in + rd->inend, 0, IN_SLACK);	/* scan reads the last block whole */
	if (!rd->told)
		tell_first(rd);
}

/* The next line, in the buffer, a NUL for its newline; 0 at the end of input. */
static int
next_line(struct rec_reader *rd)
{
	char *nl;

	for (;;) {
		if (rd->inscan < rd->inend && (nl = memchr(rd->in + rd->inscan,
		    '\n', rd->inend - rd->inscan)) != NULL)
			break;
		rd->inscan = rd->inend;
		if (rd->ineof) {
			if (rd->inpos == rd->inend)
				return 0;
			nl = rd->in + rd->inend;	/* a last line without one */
			break;
		}
		fill(rd);
	}
	rd->line = rd->in + rd->inpos;
	rd->len = (size_t)(nl - rd->line);
	rd->inpos = rd->inscan = rd->inpos + rd->len + (nl < rd->in + rd->inend);
	*nl = '\0';
	return 1;
}

/*
 * The program LINE claims by its first TAB field, or -1 (LEN: its length,
 * or 0 while its end is not known):
 * rec_prog_of with a word's compare for each name (none is longer than 8
 * bytes, none the start of another).  The buffer's IN_SLACK bytes after
 * the line let the word be loaded whole.
 */
static inline int
prog_of(const struct rec_reader *rd, const char *line, size_t len)
{
	uint64_t w = load8(line);
	size_t n;
	int i;

	for (i = 0; i < REC_PROGS; i++)
		if ((w & rd->name_mask[i]) == rd->name_word[i] &&
		    ((n = rec_prog_len[i]) == len || line[n] == '\t'))
			return i;
	return -1;
}

/*
 * Read a line and refuse a malformed record of the suite (exit 2, after the
 * lines before it), without copying it: the caller passes it on with
 * rec_pass or holds it with rec_hold.  What the filter writes for it
 * follows its spelling (rec_spell).  NULL at the end of input.
 */
const struct rec *
rec_next(struct rec_reader *rd)
{
	struct rec *r = &rd->r;

	if (!next_line(rd))
		return NULL;
	rd->lineno++;
	r->nf = 0;
	if ((r->prog = prog_of(rd, rd->line, rd->len)) >= 0) {
		if (rd->len > REC_LINE_MAX)
			bad_record(rd, "longer than 1 MiB");
		parse_tsv(rd);
		check_cadence(rd);
		return r;
	} else if (rd->line[0] != '\t' && claims_json(rd->line)) {
		if (rd->len > REC_LINE_MAX)
			bad_record(rd, "longer than 1 MiB");
		parse_json(rd);
		check_cadence(rd);
	}
	return r;
}

/* Copy the line read last to the output, as it came, or as JSON under -j. */
void
rec_pass(struct rec_reader *rd)
{
	const struct rec *r = &rd->r;
	const char *p;
	int i;

	if (to_json(rd))
		rec_fields_json(rd->w, layout(rd), r->f);
	else {
		if (rd->len + 1 > OUT_SIZE - rd->out->len)
			out_flush(rd->out);
		if (rd->len + 1 <= OUT_SIZE) {
			line_copy(rd->out->buf + rd->out->len, rd);
			rd->out->len += rd->len + 1;
		} else {	/* longer than the buffer: field by field */
			for (p = rd->line, i = 1; !r->json && i < r->nf;
			    p = r->f[i++]) {
				out_put(rd->out, p, (size_t)(r->f[i] - 1 - p));
				out_put(rd->out, "\t", 1);
			}
			out_put(rd->out, p, (size_t)(rd->line + rd->len - p));
			out_put(rd->out, "\n", 1);
		}
		out_record_end(rd->out);
	}
}

/*
 * Read a line, refuse a malformed record of the suite (exit 2, after the
 * lines before it), copy the line to the output; NULL at the end of input.
 */
const struct rec *
rec_read(struct rec_reader *rd)
{
	const struct rec *r = rec_next(rd);

	if (r != NULL)
		rec_pass(rd);
	return r;
}

/* KEY is a travel key: by its first letter at once, most of the time. */
static inline int
travel_key(const struct rec_reader *rd, const char *key)
{
	unsigned c = (unsigned)(key[0] - 'a');

	return c < 26 && (rd->travel_first >> c & 1) &&
	    word_in(key, rec_travel_keys) >= 0;
}

/*
 * 004: a hazard record with a travel key is a travel turn of one hour; one
 * with a CADENCE field, a turn of an hour, a day or a week: its turns.
 */
static int
rec_travel(struct rec_reader *rd)
{
	const struct rec *r = &rd->r;

	if (r->prog != REC_HAZARD)
		return 0;
	if (r->nf == 6 && layout(rd) == REC_LAYOUT(HAZARD_TRAVEL))
		return (int)(cadence_004[word_in(r->f[4],
		    cadence_names_004)].hours * TRAVEL_TURN_004);
	return travel_key(rd, r->f[3]) ? TRAVEL_TURN_004 : 0;
}

/*
 * The dungeon turns a suite record passes: 0 when its turn number is the
 * last record's, else 1, or a travel turn's (004: 6 an hour, 144 a day,
 * 1008 a week).  The first suite record read is a new turn.
 */
int
rec_turns(struct rec_reader *rd)
{
	const struct rec *r = &rd->r;
	int travel;

	if (r->nf == 0 || r->turn == 0 || (rd->seen && r->turn == rd->last))
		return 0;	/* turn 0: what stood before the first turn */
	rd->seen = 1;
	rd->last = r->turn;
	travel = rec_travel(rd);
	return travel > 0 ? travel : 1;
}
