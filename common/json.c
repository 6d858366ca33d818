/*
 * json: the suite's one JSON reader (RFC 8259).  The record stream decodes
 * its strings with json_string (recread.c); a table file is read whole as a
 * tree by json_parse (tbljson.c).  Both stop at the first byte that is not
 * JSON and say where.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "util.h"

/* JSON white space */
const char *
json_ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
	return p;
}

/* Four hex digits of \uXXXX; -1 if they are not. */
static long
hex4(const char *p)
{
	long v = 0;
	int i, d;

	for (i = 0; i < 4; i++) {
		if (p[i] >= '0' && p[i] <= '9')
			d = p[i] - '0';
		else if ((p[i] | 0x20) >= 'a' && (p[i] | 0x20) <= 'f')
			d = (p[i] | 0x20) - 'a' + 10;
		else
			return -1;
		v = v << 4 | d;
	}
	return v;
}

/* A code point as UTF-8 at D; its end.  Lone surrogates come out invalid. */
char *
json_put_utf8(char *d, long c)
{
	if (c < 0x80)
		*d++ = (char)c;
	else if (c < 0x800) {
		*d++ = (char)(0xc0 | c >> 6);
		*d++ = (char)(0x80 | (c & 0x3f));
	} else if (c < 0x10000) {
		*d++ = (char)(0xe0 | c >> 12);
		*d++ = (char)(0x80 | (c >> 6 & 0x3f));
		*d++ = (char)(0x80 | (c & 0x3f));
	} else {
		*d++ = (char)(0xf0 | c >> 18);
		*d++ = (char)(0x80 | (c >> 12 & 0x3f));
		*d++ = (char)(0x80 | (c >> 6 & 0x3f));
		*d++ = (char)(0x80 | (c & 0x3f));
	}
	return d;
}

/* One escape after '\' at P, decoded at *D; P past it, or NULL. */
static const char *
unescape(const char *p, char **d)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *e;
	long c, lo;

	if (*p != '\0' && (e = strchr(from, *p)) != NULL) {
		*(*d)++ = to[e - from];
		return p + 1;
	}
	if (*p != 'u' || (c = hex4(p + 1)) < 0)
		return NULL;
	p += 5;
	if (c >= 0xd800 && c < 0xdc00 && p[0] == '\\' && p[1] == 'u' &&
	    (lo = hex4(p + 2)) >= 0xdc00 && lo < 0xe000) {
		c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
		p += 6;
	}
	*d = json_put_utf8(*d, c);
	return p;
}

/*
 * A JSON string at P (its opening quote), decoded into *D with a NUL (it
 * takes at most as many bytes as it is written in); P past its closing
 * quote, or NULL if it is none.
 */
const char *
json_string(const char *p, char **d)
{
	for (p++; *p != '"'; ) {
		if ((unsigned char)*p < 0x20)	/* a NUL: the line ended */
			return NULL;
		if (*p != '\\')
			*(*d)++ = *p++;
		else if ((p = unescape(p + 1, d)) == NULL)
			return NULL;
	}
	*(*d)++ = '\0';
	return p + 1;
}

static const char *
digits(const char *p)
{
	while (*p >= '0' && *p <= '9')
		p++;
	return p;
}

/* The end of a JSON number at P; P itself when there is none. */
static const char *
json_number_end(const char *p)
{
	const char *s = p, *q;

	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (*p >= '1' && *p <= '9')
		p = digits(p);
	else
		return s;
	if (*p == '.') {
		if ((q = digits(p + 1)) == p + 1)
			return s;
		p = q;
	}
	if (*p == 'e' || *p == 'E') {
		q = p + 1 + (p[1] == '+' || p[1] == '-');
		if (digits(q) == q)
			return s;
		p = digits(q);
	}
	return p;
}

/*
 * The tree: one recursive descent, bounded in depth.  Its nodes and
 * strings live in one arena freed at once; the members of the arrays and
 * objects still open wait on a stack, and are copied into the arena, as
 * many as there are, when their bracket closes.
 */
#define ARENA_BLOCK 65536

struct block {
	struct block *next;
	size_t	 used, size;
	max_align_t data[];
};

struct doc {			/* what json_parse returns, the tree first */
	struct json root;
	struct block *blocks;
};

struct parser {
	const char *text, *p;
	const char *why;
	int	 depth;
	struct doc *doc;
	struct json *stk;	/* the open containers' members */
	char	**kstk;		/* their names */
	size_t	 sn, scap;
};

static void *
arena(struct doc *d, size_t n)
{
	struct block *b = d->blocks;
	size_t size;

	n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) *
	    sizeof(max_align_t);
	if (b == NULL || b->size - b->used < n) {
		size = n > ARENA_BLOCK ? n : ARENA_BLOCK;
		b = emalloc(sizeof *b + size);
		b->next = d->blocks;
		b->used = 0;
		b->size = size;
		d->blocks = b;
	}
	b->used += n;
	return (char *)b->data + b->used - n;
}

static int
fail(struct parser *ps, const char *why)
{
	if (ps->why == NULL)
		ps->why = why;
	return 0;
}

static int value(struct parser *ps, struct json *j);

static int
string_at(struct parser *ps, char **out)
{
	const char *q = ps->p + 1, *e;
	char *d, *s;

	while (*q != '\0' && *q != '"')	/* decoded, it takes no more */
		q += q[0] == '\\' && q[1] != '\0' ? 2 : 1;
	s = d = arena(ps->doc, (size_t)(q - ps->p) + 1);
	if ((e = json_string(ps->p, &d)) == NULL)
		return fail(ps, *ps->p == '\0' ? "cut short" : "a string cut short or a bad escape");
	ps->p = e;
	*out = s;
	return 1;
}

/* One more member on the stack: its index. */
static size_t
push(struct parser *ps)
{
	if (ps->sn == ps->scap) {
		ps->scap = ps->scap * 2 + 64;
		ps->stk = ereallocarray(ps->stk, ps->scap, sizeof *ps->stk);
		ps->kstk = ereallocarray(ps->kstk, ps->scap, sizeof *ps->kstk);
	}
	memset(&ps->stk[ps->sn], 0, sizeof ps->stk[ps->sn]);
	ps->kstk[ps->sn] = NULL;
	return ps->sn++;
}

/* The members from BASE up, moved into the arena as J's. */
static int
close_members(struct parser *ps, struct json *j, size_t base, char close)
{
	j->n = (uint32_t)(ps->sn - base);
	j->v = arena(ps->doc, j->n * sizeof *j->v + 1);
	if (close == '}')
		j->k = arena(ps->doc, j->n * sizeof *j->k + 1);
	if (j->n > 0) {		/* none: the stack may be none yet */
		memcpy(j->v, ps->stk + base, j->n * sizeof *j->v);
		if (close == '}')
			memcpy(j->k, ps->kstk + base, j->n * sizeof *j->k);
	}
	ps->sn = base;
	ps->p++;
	return 1;
}

/* The members of an array or an object, after its opening bracket. */
static int
members(struct parser *ps, struct json *j, char close)
{
	size_t base = ps->sn, i;
	struct json v;
	char *k = NULL;

	ps->p = json_ws(ps->p + 1);
	if (*ps->p == close)
		return close_members(ps, j, base, close);
	for (;;) {
		if (close == '}') {
			if (*ps->p != '"')
				return fail(ps, *ps->p ? "expected a name in quotes" : "cut short");
			if (!string_at(ps, &k))
				return 0;
			if (*(ps->p = json_ws(ps->p)) != ':')
				return fail(ps, *ps->p ? "expected ':'" : "cut short");
			ps->p = json_ws(ps->p + 1);
		}
		memset(&v, 0, sizeof v);
		if (!value(ps, &v))
			return 0;
		i = push(ps);
		ps->stk[i] = v;
		ps->kstk[i] = k;
		ps->p = json_ws(ps->p);
		if (*ps->p == close)
			return close_members(ps, j, base, close);
		if (*ps->p != ',')
			return fail(ps, *ps->p ? (close == '}' ? "expected ',' or '}'" :
			    "expected ',' or ']'") : "cut short");
		ps->p = json_ws(ps->p + 1);
	}
}

static int
word(struct parser *ps, struct json *j, const char *w, enum json_type t)
{
	size_t n = strlen(w);

	if (strncmp(ps->p, w, n) != 0)
		return fail(ps, *ps->p ? "not a JSON value" : "cut short");
	j->type = t;
	ps->p += n;
	return 1;
}

static int
value(struct parser *ps, struct json *j)
{
	const char *e;
	int ok;

	j->off = (uint32_t)(ps->p - ps->text);
	switch (*ps->p) {
	case '"':
		j->type = J_STR;
		return string_at(ps, &j->s);
	case '[':
	case '{':
		if (++ps->depth > JSON_DEPTH_MAX)
			return fail(ps, "nested more than 64 deep");
		j->type = *ps->p == '[' ? J_ARR : J_OBJ;
		ok = members(ps, j, *ps->p == '[' ? ']' : '}');
		ps->depth--;
		return ok;
	case 't':
		return word(ps, j, "true", J_TRUE);
	case 'f':
		return word(ps, j, "false", J_FALSE);
	case 'n':
		return word(ps, j, "null", J_NULL);
	case '\0':
		return fail(ps, "cut short");
	}
	if ((e = json_number_end(ps->p)) == ps->p)
		return fail(ps, "not a JSON value");
	j->type = J_NUM;
	j->s = arena(ps->doc, (size_t)(e - ps->p) + 1);
	memcpy(j->s, ps->p, (size_t)(e - ps->p));
	j->s[e - ps->p] = '\0';
	ps->p = e;
	return 1;
}

/*
 * A whole document, NUL-terminated; NULL with *why and the byte offset
 * (from 0) where it stops being JSON.
 */
struct json *
json_parse(const char *text, size_t *erroff, const char **why)
{
	struct parser ps = { text, text, NULL, 0, NULL, NULL, NULL, 0, 0 };

	if (strlen(text) > JSON_SIZE_MAX) {
		*erroff = 0;
		*why = "longer than 4 GiB";
		return NULL;
	}
	ps.doc = emalloc(sizeof *ps.doc);
	memset(ps.doc, 0, sizeof *ps.doc);
	ps.p = json_ws(text);
	if (value(&ps, &ps.doc->root) && *(ps.p = json_ws(ps.p)) != '\0')
		fail(&ps, "more after the document");
	free(ps.stk);
	free(ps.kstk);
	if (ps.why == NULL)
		return &ps.doc->root;
	*erroff = (size_t)(ps.p - text);
	*why = ps.why;
	json_free(&ps.doc->root);
	return NULL;
}

/* The tree and all it holds (j: json_parse's). */
void
json_free(struct json *j)
{
	struct doc *d = (struct doc *)j;	/* the tree is the doc's first member */
	struct block *b, *next;

	if (j == NULL)
		return;
	for (b = d->blocks; b != NULL; b = next) {
		next = b->next;
		free(b);
	}
	free(d);
}

/* An object's member by name; NULL when it has none or is no object. */
const struct json *
json_get(const struct json *obj, const char *name)
{
	size_t i;

	if (obj == NULL || obj->type != J_OBJ)
		return NULL;
	for (i = 0; i < obj->n; i++)
		if (strcmp(obj->k[i], name) == 0)
			return &obj->v[i];
	return NULL;
}

/* A whole number within ±10^9 ("3", "3.0"); 0 if it is not one. */
int
json_long(const struct json *j, long *v)
{
	const char *p;
	long n = 0;

	if (j == NULL || j->type != J_NUM)
		return 0;
	for (p = j->s + (j->s[0] == '-'); *p >= '0' && *p <= '9'; p++)
		if ((n = n * 10 + (*p - '0')) > 1000000000L)
			return 0;
	if (*p == '.')
		p += 1 + strspn(p + 1, "0");
	if (*p != '\0')
		return 0;
	*v = j->s[0] == '-' ? -n : n;
	return 1;
}
