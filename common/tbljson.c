/*
 * tbljson: Foundry VTT's RollTable as "Export Data" writes it, in the
 * spellings of every version (v8 to v12: a result's "text" and a numeric
 * or string "type"; v13 on: "name" and "description"), or a folder of
 * Foundry's per-document source files (a table, its results beside it
 * under "_key" "!tables.results!TABLE.RESULT").  A table's "formula" is
 * its die (blank: 1d the highest range), each result's "range" its totals
 * ("weight" where no result has a range), its text HTML made plain:
 * tags dropped, entities decoded, [[/r 1d8]] and [[1d8]] rolled as the
 * row's dice, @UUID[...]{Label} and @Compendium[...]{Label} read as Label.
 * A result that is a RollTable in the same file or folder rolls it.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "tbljson.h"
#include "util.h"

#define FOUNDRY_FILES_MAX 100000	/* the source files of a folder */

/* A result and the file it is in, as errors name it. */
struct fresult {
	const struct json *doc;
	const char *file;
};

/* A table and its results, wherever they were found. */
struct ftable {
	const struct json *doc;
	const char *file;	/* the doc's */
	struct fresult *res;
	size_t	 nres;
};

/* A file parsed, its text and its tree, freed at the end. */
struct froot {
	struct json *j;
	char	*text;
};

struct fdoc {
	struct ftable *t;
	size_t	 n;
	struct froot *roots;	/* in the order read: a folder's files' */
	size_t	 nroots;
};

static const char *
str(const struct json *o, const char *name)
{
	const struct json *v = json_get(o, name);

	return v != NULL && v->type == J_STR ? v->s : NULL;
}

static const char *const entities[][2] = {
	{ "amp", "&" }, { "lt", "<" }, { "gt", ">" }, { "quot", "\"" },
	{ "apos", "'" }, { "nbsp", " " }, { "ndash", "\xe2\x80\x93" },
	{ "mdash", "\xe2\x80\x94" }, { "hellip", "\xe2\x80\xa6" },
	{ "rsquo", "\xe2\x80\x99" }, { "lsquo", "\xe2\x80\x98" },
	{ "ldquo", "\xe2\x80\x9c" }, { "rdquo", "\xe2\x80\x9d" },
	{ "times", "\xc3\x97" }, { NULL, NULL }
};

/* "&amp;" "&#39;" "&#x2014;" at s: its length, the text at *d; 0 if none. */
static size_t
entity(const char *s, char **d)
{
	size_t n = strcspn(s + 1, ";& <"), i;
	char *end;
	long c;

	if (s[1 + n] != ';' || n == 0 || n > 10)
		return 0;
	if (s[1] == '#') {
		c = s[2] == 'x' || s[2] == 'X' ? strtol(s + 3, &end, 16) :
		    strtol(s + 2, &end, 10);
		if (end != s + 1 + n || c < 0x20 || c > 0x10ffff ||
		    (c >= 0xd800 && c < 0xe000) || c == 0x7f)
			return 0;
		*d = json_put_utf8(*d, c);
		return n + 2;
	}
	for (i = 0; entities[i][0] != NULL; i++)
		if (strlen(entities[i][0]) == n &&
		    strncmp(s + 1, entities[i][0], n) == 0) {
			memcpy(*d, entities[i][1], strlen(entities[i][1]));
			*d += strlen(entities[i][1]);
			return n + 2;
		}
	return 0;
}

/*
 * HTML made plain text in place: tags dropped (a space for a block's),
 * entities decoded, white space runs one space; 0 and *why if it is not
 * HTML (a tag never closed, an entity unknown).
 */
int
tb_html_text(char *s, const char **why)
{
	char *p = s, *d = s;
	size_t n;

	while (*p != '\0') {
		if (*p == '<' && (p[1] == '/' || p[1] == '!' ||
		    ((p[1] | 0x20) >= 'a' && (p[1] | 0x20) <= 'z'))) {
			if ((n = strcspn(p, ">")) == strlen(p)) {
				*why = "an HTML tag never closed";
				return 0;
			}
			*d++ = ' ';
			p += n + 1;
		} else if (*p == '&' && strchr(" \t", p[1]) == NULL &&
		    p[1] != '\0') {
			if ((n = entity(p, &d)) == 0) {
				*why = "an HTML entity unknown or cut short "
				    "(&amp; &lt; &gt; &quot; &#39; &#NNN; ...)";
				return 0;
			}
			p += n;
		} else
			*d++ = *p++;
	}
	*d = '\0';
	for (p = d = s; *p != '\0'; p++)	/* one space for each run */
		if (!(*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') ||
		    (d > s && d[-1] != ' '))
			*d++ = strchr("\t\n\r", *p) != NULL ? ' ' : *p;
	while (d > s && d[-1] == ' ')
		d--;
	*d = '\0';
	return 1;
}

/*
 * Foundry's enrichers made text in place: [[/r 1d8]], [[/roll 1d8]] and
 * [[1d8]] the dice alone, @UUID[...]{Label} its label, @UUID[a.b.C] C.
 */
static void
enrichers(char *s)
{
	char *p = s, *d = s, *e, *b;
	size_t n;

	while (*p != '\0') {
		if (p[0] == '[' && p[1] == '[' && (e = strstr(p, "]]")) != NULL) {
			b = p + 2 + strspn(p + 2, " ");
			if (*b == '/')
				b += strcspn(b, " ");
			b += strspn(b, " ");
			n = strcspn(b, "#]");
			while (n > 0 && b[n - 1] == ' ')
				n--;
			memmove(d, b, n);
			d += n;
			p = e + 2;
		} else if (p[0] == '@' && p[1] >= 'A' && p[1] <= 'Z' &&
		    (b = strchr(p, '[')) != NULL &&
		    strspn(p + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") ==
		    (size_t)(b - p - 1) && (e = strchr(b, ']')) != NULL) {
			if (e[1] == '{' && strchr(e, '}') != NULL) {
				n = strcspn(e + 2, "}");
				memmove(d, e + 2, n);
				d += n;
				p = e + 3 + n;
			} else {
				for (n = 0; e - n > b + 1 && e[-1 - (long)n] != '.'; n++)
					;
				memmove(d, e - n, n);
				d += n;
				p = e + 1;
			}
		} else
			*d++ = *p++;
	}
	*d = '\0';
}

/* 0 or "text" a text; 1 or "document", 2 or "pack"/"compendium" a reference. */
static int
result_type(const struct tb *b, const struct json *r)
{
	const struct json *t = json_get(r, "type");
	long v;

	if (t == NULL)
		return 0;
	if (t->type == J_NUM && json_long(t, &v) && v >= 0 && v <= 2)
		return (int)v;
	if (t->type == J_STR && strcmp(t->s, "text") == 0)
		return 0;
	if (t->type == J_STR && strcmp(t->s, "document") == 0)
		return 1;
	if (t->type == J_STR && (strcmp(t->s, "pack") == 0 ||
	    strcmp(t->s, "compendium") == 0))
		return 2;
	tb_bad(b, t->off, "type: expected 0, 1, 2, \"text\", \"document\" "
	    "or \"pack\"");
}

/* The table a reference result names, if it is one of ours. */
static const struct ftable *
ref_table(const struct fdoc *fd, const struct json *r)
{
	const char *coll = str(r, "documentCollection"), *id = str(r, "documentId");
	const char *uuid = str(r, "documentUuid"), *t;
	size_t i;

	if (uuid != NULL && (t = strstr(uuid, "RollTable.")) != NULL)
		id = t + 10;
	else if (coll == NULL || id == NULL)
		return NULL;
	for (i = 0; i < fd->n; i++)
		if ((t = str(fd->t[i].doc, "_id")) != NULL && strcmp(t, id) == 0)
			return &fd->t[i];
	return NULL;
}

/* A string member, checked: a string or absent. */
static const char *
text_of(const struct tb *b, const struct json *r, const char *name)
{
	const struct json *v = json_get(r, name);

	if (v == NULL || v->type == J_NULL)
		return NULL;
	if (v->type != J_STR)
		tb_bad(b, v->off, "%s: expected a string", name);
	return v->s[0] != '\0' ? v->s : NULL;
}

/* The result's text, plain: text (v8-v12), description or name (v13 on). */
static char *
result_text(const struct tb *b, const struct json *r, int type)
{
	const char *t = text_of(b, r, "text"), *name = text_of(b, r, "name");
	const char *desc = text_of(b, r, "description"), *why;
	char *s;

	if (t == NULL)
		t = type == 0 ? (desc != NULL ? desc : name) :
		    (name != NULL ? name : desc);
	if (t == NULL)
		tb_bad(b, r->off, "a result with no text, name or description");
	s = estrdup(t);
	if (!tb_html_text(s, &why)) {
		free(s);
		tb_bad(b, json_get(r, "text") ? json_get(r, "text")->off :
		    r->off, "%s", why);
	}
	enrichers(s);
	return s;
}

/* range [lo, hi], or none: 0. */
static int
result_range(const struct tb *b, const struct json *r, long *lo, long *hi)
{
	const struct json *v = json_get(r, "range");

	if (v == NULL || (v->type == J_ARR && v->n == 0))
		return 0;
	if (v->type != J_ARR || v->n != 2 || !json_long(&v->v[0], lo) ||
	    !json_long(&v->v[1], hi))
		tb_bad(b, v->off, "range: expected [low, high], two whole numbers");
	if (*lo > *hi)
		tb_bad(b, v->off, "range [%ld, %ld] runs backwards", *lo, *hi);
	return 1;
}

static long
result_weight(const struct tb *b, const struct json *r)
{
	const struct json *v = json_get(r, "weight");
	long w;

	if (v == NULL)
		return 1;
	if (!json_long(v, &w))
		tb_bad(b, v->off, "weight: expected a whole number");
	if (w < 1 || w > TBL_WEIGHT_MAX)
		tb_bad(b, v->off, "weight %ld: expected 1 to %d", w, TBL_WEIGHT_MAX);
	return w;
}

/* drawn: true, a result drawn already (kept only without replacement). */
static int
result_drawn(const struct tb *b, const struct json *r)
{
	const struct json *v = json_get(r, "drawn");

	if (v != NULL && v->type != J_TRUE && v->type != J_FALSE &&
	    v->type != J_NULL)
		tb_bad(b, v->off, "drawn: expected true or false");
	return v != NULL && v->type == J_TRUE;
}

static void
read_result(struct tb *b, const struct fdoc *fd, const struct json *r,
    int ranged)
{
	const struct ftable *sub;
	char *text, *ref, *label = NULL;
	long lo, hi;
	int type;

	if (r->type != J_OBJ)
		tb_bad(b, r->off, "a result: expected an object");
	type = result_type(b, r);
	text = result_text(b, r, type);
	if (type != 0 && (sub = ref_table(fd, r)) != NULL) {
		ref = emalloc(strlen(str(sub->doc, "_id")) + 8);
		sprintf(ref, "[[#%s]]", str(sub->doc, "_id"));
		label = text;	/* the key is the label's */
		text = ref;
	}
	if (ranged) {
		if (!result_range(b, r, &lo, &hi))
			tb_bad(b, r->off, "a result with no range among results "
			    "with ranges");
		tb_row(b, lo, hi, 0, text, label, r->off);
	} else
		tb_row(b, 0, 0, result_weight(b, r), text, label, r->off);
	b->row[b->n - 1].drawn = result_drawn(b, r);
	free(text);
	free(label);
}

static void
read_ftable(struct tb *b, const struct fdoc *fd, const struct ftable *t)
{
	const struct json *f = json_get(t->doc, "formula"), *rep;
	const char *why, *path = b->path;
	struct expr e;
	long lo, hi;
	size_t i;
	int ranged = 0;

	b->path = t->file;
	if (f != NULL && f->type != J_STR && f->type != J_NULL)
		tb_bad(b, f->off, "formula: expected a string such as \"1d100\"");
	if (f != NULL && f->type == J_STR && *f->s != '\0') {
		if ((why = dice_read(&b->die, f->s, &e)) != NULL)
			tb_bad(b, f->off, "formula '%s': %s", f->s, why);
		b->have_die = 1;
	}
	rep = json_get(t->doc, "replacement");
	b->norepl = rep != NULL && rep->type == J_FALSE;
	for (i = 0; i < t->nres; i++) {	/* res is NULL where there are none */
		b->path = t->res[i].file;
		if (t->res[i].doc->type == J_OBJ &&
		    result_range(b, t->res[i].doc, &lo, &hi))
			ranged = 1;
	}
	for (i = 0; i < t->nres; i++) {
		b->path = t->res[i].file;	/* a folder's result: its own file */
		read_result(b, fd, t->res[i].doc, ranged);
	}
	b->path = t->file;
	if (str(t->doc, "name") != NULL)
		b->name = estrdup(str(t->doc, "name"));
	b->path = path;
}

/* A new table, DOC in FILE, its results to come. */
static struct ftable *
new_table(struct fdoc *fd, const struct json *doc, const char *file)
{
	fd->t = ereallocarray(fd->t, fd->n + 1, sizeof *fd->t);
	fd->t[fd->n] = (struct ftable){ doc, file, NULL, 0 };
	return &fd->t[fd->n++];
}

/* A document's tables: an object with results, or an array of them. */
static void
add_tables(struct tb *b, struct fdoc *fd, const struct json *j,
    const char *file)
{
	const struct json *res;
	struct ftable *t;
	size_t i;

	if (j->type == J_ARR) {
		for (i = 0; i < j->n; i++)
			add_tables(b, fd, &j->v[i], file);
		return;
	}
	res = json_get(j, "results");
	if (j->type != J_OBJ || res == NULL)
		tb_bad(b, j->off, "not a Foundry RollTable: expected an object "
		    "with \"results\"");
	if (res->type != J_ARR)
		tb_bad(b, res->off, "results: expected an array");
	t = new_table(fd, j, file);
	t->res = ereallocarray(NULL, res->n + 1, sizeof *t->res);
	for (i = 0; i < res->n; i++)
		t->res[t->nres++] = (struct fresult){ &res->v[i], file };
}

static int
named(const struct json *doc, const char *want)
{
	const char *name = str(doc, "name"), *id = str(doc, "_id");

	return (name != NULL && strcmp(name, want) == 0) ||
	    (id != NULL && strcmp(id, want) == 0);
}

static const struct ftable *
pick(const struct tb *b, const struct fdoc *fd)
{
	char list[512] = "";
	size_t i, len = 0;

	for (i = 0; i < fd->n; i++)
		if (b->want != NULL ? named(fd->t[i].doc, b->want) : fd->n == 1)
			return &fd->t[i];
	if (fd->n == 0)
		esc_errx(EXIT_BAD, "%s: no Foundry RollTable in it", b->path);
	for (i = 0; i < fd->n && len < sizeof list; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s'%s'",
		    i ? ", " : "", str(fd->t[i].doc, "name") ?
		    str(fd->t[i].doc, "name") : "?");
	tb_none(b, b->want ? "no table of that name" : "several tables", "NAME",
	    list);
}

static struct json *
parse_file(struct fdoc *fd, const char *file)
{
	size_t len, off;
	const char *why;
	char *text = tb_slurp(file, &len);
	struct json *j;

	if ((j = json_parse(text, &off, &why)) == NULL)
		esc_errx(EXIT_BAD, "%s: byte %zu: not JSON: %s", file, off, why);
	fd->roots = ereallocarray(fd->roots, fd->nroots + 1, sizeof *fd->roots);
	fd->roots[fd->nroots++] = (struct froot){ j, text };
	return j;
}

static void
fdoc_free(struct fdoc *fd)
{
	size_t i;

	for (i = 0; i < fd->n; i++)
		free(fd->t[i].res);
	free(fd->t);
	for (i = 0; i < fd->nroots; i++) {
		json_free(fd->roots[i].j);
		free(fd->roots[i].text);
	}
	free(fd->roots);
}

void
tb_foundry(struct tb *b, const char *file)
{
	struct fdoc fd = { 0 };

	b->at_offset = 1;
	add_tables(b, &fd, parse_file(&fd, file), b->path);
	read_ftable(b, &fd, pick(b, &fd));
	fdoc_free(&fd);
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The folder's .json files, sorted. */
static char **
json_files(const char *dir, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **v = NULL;
	size_t len;

	*n = 0;
	if (d == NULL)
		esc_err(EXIT_BAD, "%s", dir);
	while ((e = readdir(d)) != NULL) {
		len = strlen(e->d_name);
		if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0)
			continue;
		if (*n == FOUNDRY_FILES_MAX)
			esc_errx(EXIT_BAD, "%s: more than %d files", dir,
			    FOUNDRY_FILES_MAX);
		v = ereallocarray(v, *n + 1, sizeof *v);
		v[*n] = emalloc(strlen(dir) + len + 2);
		sprintf(v[(*n)++], "%s/%s", dir, e->d_name);
	}
	closedir(d);
	if (*n > 0)
		qsort(v, *n, sizeof *v, by_name);
	return v;
}

/* "!tables.results!T.R": the result's table T, its length; 0 if none. */
static size_t
result_of(const struct json *j, const char **t)
{
	const char *k = str(j, "_key");

	if (k == NULL || strncmp(k, "!tables.results!", 16) != 0)
		return 0;
	*t = k + 16;
	return strcspn(*t, ".");
}

/* Each table's results among the documents read (from FILES), in order. */
static void
gather(struct fdoc *fd, char **files)
{
	struct ftable *ft;
	const char *id, *t;
	size_t i, k, len;

	for (i = 0; i < fd->n; i++) {	/* fd->t is NULL where there are none */
		ft = &fd->t[i];
		id = str(ft->doc, "_id");
		for (k = 0; k < fd->nroots && id != NULL; k++)
			if ((len = result_of(fd->roots[k].j, &t)) > 0 &&
			    len == strlen(id) && strncmp(t, id, len) == 0) {
				ft->res = ereallocarray(ft->res, ft->nres + 1,
				    sizeof *ft->res);
				ft->res[ft->nres++] = (struct fresult){
				    fd->roots[k].j, files[k] };
			}
	}
}

void
tb_foundry_dir(struct tb *b, const char *dir)
{
	struct fdoc fd = { 0 };
	const struct json *res;
	const char *t;
	size_t nf, i;
	char **files = json_files(dir, &nf);
	struct json *j;

	b->at_offset = 1;
	if (nf == 0)	/* no folder of Foundry's: as any other directory */
		esc_errx(EXIT_BAD, "%s: not a regular file", dir);
	for (i = 0; i < nf; i++) {
		j = parse_file(&fd, files[i]);
		res = json_get(j, "results");
		if (j->type == J_OBJ && res != NULL && res->type == J_ARR &&
		    (res->n == 0 || res->v[0].type == J_STR))
			new_table(&fd, j, files[i]);	/* results by _key, beside */
		else if (result_of(j, &t) == 0 && res != NULL)
			add_tables(b, &fd, j, files[i]);
	}
	gather(&fd, files);
	read_ftable(b, &fd, pick(b, &fd));
	fdoc_free(&fd);
	b->files = files;	/* the rows' paths, until the table is made */
	b->nfiles = nf;
}
