/*
 * json: the suite's one JSON reader (RFC 8259).  The record stream decodes
 * its strings with json_string (recread.c); a table file is read whole as a
 * tree by json_parse (tbljson.c).  Both stop at the first byte that is not
 * JSON and say where.
 */
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
const char *
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

/* The tree: one recursive descent, bounded in depth. */
struct parser {
	const char *text, *p;
	const char *why;
	int	 depth;
};

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
	s = d = emalloc((size_t)(q - ps->p) + 1);
	if ((e = json_string(ps->p, &d)) == NULL) {
		free(s);
		return fail(ps, *ps->p == '\0' ? "cut short" : "a string cut short or a bad escape");
	}
	ps->p = e;
	*out = s;
	return 1;
}

/* The members of an array or an object, after its opening bracket. */
static int
members(struct parser *ps, struct json *j, char close)
{
	size_t alloc = 0;

	ps->p = json_ws(ps->p + 1);
	if (*ps->p == close) {
		ps->p++;
		return 1;
	}
	for (;;) {
		if (j->n == alloc) {
			alloc = alloc * 2 + 4;
			j->v = ereallocarray(j->v, alloc, sizeof *j->v);
			if (close == '}')
				j->k = ereallocarray(j->k, alloc, sizeof *j->k);
		}
		memset(&j->v[j->n], 0, sizeof j->v[j->n]);
		if (close == '}') {
			if (*ps->p != '"')
				return fail(ps, *ps->p ? "expected a name in quotes" : "cut short");
			if (!string_at(ps, &j->k[j->n]))
				return 0;
			if (*(ps->p = json_ws(ps->p)) != ':') {
				j->n++;
				return fail(ps, *ps->p ? "expected ':'" : "cut short");
			}
			ps->p = json_ws(ps->p + 1);
		}
		if (!value(ps, &j->v[j->n++]))
			return 0;
		ps->p = json_ws(ps->p);
		if (*ps->p == close) {
			ps->p++;
			return 1;
		}
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

	j->off = (size_t)(ps->p - ps->text);
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
	j->s = emalloc((size_t)(e - ps->p) + 1);
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
	struct parser ps = { text, text, NULL, 0 };
	struct json *j = emalloc(sizeof *j);

	memset(j, 0, sizeof *j);
	ps.p = json_ws(text);
	if (value(&ps, j) && *(ps.p = json_ws(ps.p)) != '\0')
		fail(&ps, "more after the document");
	if (ps.why == NULL)
		return j;
	*erroff = (size_t)(ps.p - text);
	*why = ps.why;
	json_free(j);
	return NULL;
}

static void
free_members(struct json *j)
{
	size_t i;

	for (i = 0; i < j->n; i++) {
		free_members(&j->v[i]);
		if (j->k != NULL)
			free(j->k[i]);
	}
	free(j->v);
	free(j->k);
	free(j->s);
}

void
json_free(struct json *j)
{
	if (j == NULL)
		return;
	free_members(j);
	free(j);
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
