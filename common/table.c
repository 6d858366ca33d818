/*
 * table: d-tables as data, read from a file in any of the forms game
 * masters keep them in (delving(7) TABLE FILES): delving's and Obsidian's
 * Markdown (tblmd.c), Foundry VTT's RollTable JSON (tbljson.c), CSV and TSV
 * (tblcsv.c).  The format is the file's content: a file whose first byte
 * that is not white space is '{' or '[' is JSON, a directory is Foundry's
 * source files; else its name: ".csv" and ".tsv" (a comma or a TAB cannot
 * be told from prose); else Markdown.  Whatever the format, rows with
 * weights become ranges (the die 1d the total weight), every total of the
 * die lies in exactly one row, each row gets its key, and a row that rolls
 * other tables ([[NOTE#HEADING]]) has them loaded with it, to a depth of
 * TBL_DEPTH_MAX, a loop refused.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "odds.h"
#include "table.h"
#include "tblcsv.h"
#include "tbljson.h"
#include "tblmd.h"
#include "util.h"

/* The tables one table rolls, loaded once each, freed with it. */
struct tbl_set {
	struct tbl *t[TBL_NESTED_MAX];
	char	*id[TBL_NESTED_MAX];	/* the real path, '#', the name */
	int	 n;
};

struct chain {			/* the tables being loaded, outermost first */
	struct tbl_set *set;
	const char *id[TBL_DEPTH_MAX + 2];
	int	 depth;
};

/* A die of d66: tens and units on two d6. */
int
tbl_d66(const struct tbl *t)
{
	return t->die.count == 1 && t->die.sides == 66 && t->die.mod == 0;
}

static int
d66_total(long v)
{
	return v >= 11 && v <= 66 && v % 10 >= 1 && v % 10 <= 6;
}

/* A loaded table's rows are sorted: halve; a built-in one's are few. */
const struct tbl_row *
tbl_lookup(const struct tbl *t, long total)
{
	int i, lo = 0, hi = t->nrows - 1, mid;

	if (t->own == NULL) {
		for (i = 0; i < t->nrows; i++)
			if (total >= t->rows[i].lo && total <= t->rows[i].hi)
				return &t->rows[i];
		return NULL;
	}
	while (lo <= hi) {
		mid = lo + (hi - lo) / 2;
		if (total < t->rows[mid].lo)
			hi = mid - 1;
		else if (total > t->rows[mid].hi)
			lo = mid + 1;
		else
			return &t->rows[mid];
	}
	return NULL;
}

/*
 * A total beyond T's ends counts as its first or last row (its rows are
 * in order: a loaded table's sorted, each built-in one written so).
 */
long
tbl_clamp(const struct tbl *t, long long total)
{
	long lo = t->rows[0].lo, hi = t->rows[t->nrows - 1].hi;

	return total < lo ? lo : total > hi ? hi : (long)total;
}

/* The totals of O, the odds of a roll on T, that give its row R, into N. */
void
tbl_row_odds(const struct tbl *t, int r, const struct odds *o, struct big *n)
{
	long total, i;

	big_set(n, 0);
	for (i = 0; i < o->n; i++) {
		total = tbl_clamp(t, o->lo + i * o->step);
		if (total >= t->rows[r].lo && total <= t->rows[r].hi)
			big_add(n, &o->count[i]);
	}
}

const struct tbl_row *
tbl_roll(const struct tbl *t, struct rng *r, long *total, uint32_t *faces)
{
	long tens;

	if (tbl_d66(t)) {
		tens = rng_die(r, 6);
		*total = tens * 10 + rng_die(r, 6);
		if (faces != NULL)
			faces[0] = (uint32_t)*total;
	} else
		*total = dice_roll(&t->die, r, faces);
	return tbl_lookup(t, *total);
}

/* A row and its place in the file, sorted together. */
struct lined {
	struct tbl_row r;
	const struct tb_row *br;	/* as read */
	unsigned long at;
	long	 weight;
};

static int
by_lo(const void *a, const void *b)
{
	const struct lined *x = a, *y = b;

	return (x->r.lo > y->r.lo) - (x->r.lo < y->r.lo);
}

static long
first_total(const struct tbl *t)
{
	return tbl_d66(t) ? 11 : dice_min(&t->die);
}

static long
next_total(const struct tbl *t, long v)
{
	v++;
	if (tbl_d66(t))
		while (v <= 66 && !d66_total(v))
			v++;
	return v;
}

static int
can_roll(const struct tbl *t, long v)
{
	if (tbl_d66(t))
		return d66_total(v);
	return v >= dice_min(&t->die) && v <= dice_max(&t->die);
}

/* Every total of the die in exactly one row: refuse gaps, overlaps, strays. */
static void
check_cover(const struct tb *b, struct tbl *t, struct tbl_row *rows,
    unsigned long *at)
{
	struct lined *s = ereallocarray(NULL, (size_t)t->nrows, sizeof *s);
	long next, max = tbl_d66(t) ? 66 : dice_max(&t->die);
	int i;

	for (i = 0; i < t->nrows; i++) {
		s[i].r = rows[i];
		s[i].at = b->row[i].at;
		s[i].br = &b->row[i];
		s[i].weight = b->row[i].weight;
		if (!can_roll(t, rows[i].lo) || !can_roll(t, rows[i].hi))
			tb_bad_row(b, s[i].br, "range the die cannot roll");
	}
	qsort(s, (size_t)t->nrows, sizeof *s, by_lo);
	for (next = first_total(t), i = 0; i < t->nrows; i++) {
		rows[i] = s[i].r;
		at[i] = s[i].at;
		t->more[i].weight = s[i].weight;
		t->more[i].drawn = s[i].br->drawn;
		if (s[i].r.lo > next)
			tb_bad_row(b, s[i].br, "no row for %ld", next);
		if (s[i].r.lo < next)
			tb_bad_row(b, s[i].br, "rows overlap at %ld", s[i].r.lo);
		next = next_total(t, s[i].r.hi);
	}
	if (next <= max && t->nrows == 0)
		tb_bad(b, 1, "no row for %ld", next);
	if (next <= max)
		tb_bad_row(b, s[t->nrows - 1].br, "no row for %ld", next);
	free(s);
}

static void
one_die(struct dice *d, long sides)
{
	memset(d, 0, sizeof *d);
	d->count = d->keep = 1;
	d->keephigh = 1;
	d->sides = (uint32_t)sides;
}

/* No die given: 1dMAX of the ranges. */
static void
default_die(const struct tb *b, struct tbl *t, const struct tbl_row *rows)
{
	long max = 0;
	int i;

	for (i = 0; i < t->nrows; i++)
		if (rows[i].hi > max)
			max = rows[i].hi;
	if (max < 1 || max > DICE_SIDES_MAX)
		tb_bad_row(b, &b->row[0], "no die for ranges up to %ld", max);
	one_die(&t->die, max);
}

/* Weights: the rows in order, each as many totals as its weight. */
static void
weights_to_ranges(const struct tb *b, struct tbl *t, struct tbl_row *rows)
{
	long total = 0;
	int i;

	for (i = 0; i < t->nrows; i++) {
		if (b->row[i].weight == 0)
			tb_bad_row(b, &b->row[i], "%ld-%ld: a range among rows "
			    "with weights: give each row a range or a weight",
			    b->row[i].lo, b->row[i].hi);
		if (b->row[i].weight < 1 || b->row[i].weight > TBL_WEIGHT_MAX)
			tb_bad_row(b, &b->row[i], "weight %ld: expected 1 to %d",
			    b->row[i].weight, TBL_WEIGHT_MAX);
		rows[i].lo = total + 1;
		total += b->row[i].weight;
		rows[i].hi = total;
		if (total > DICE_SIDES_MAX)
			tb_bad_row(b, &b->row[i], "weights add up past %d",
			    DICE_SIDES_MAX);
	}
	if (b->have_die)
		tb_bad_row(b, &b->row[0], "a die and weights: a weighted table's "
		    "die is 1d its total weight; give one or the other");
	one_die(&t->die, total);
}

/* The target of the reference at s ("[[NOTE#HEADING]]"): its length, 0 if none. */
size_t
tbl_ref_len(const char *s)
{
	size_t n;

	if (s[0] != '[' || s[1] != '[')
		return 0;
	n = strcspn(s + 2, "[]\n");
	if (n == 0 || s[2 + n] != ']' || s[3 + n] != ']')
		return 0;
	return n + 4;
}

#define ROLLER_TIMES_MAX 100	/* "`dice: 100d[[Note^id]]`" */

/*
 * An Obsidian Dice Roller at P ("`dice: "): its table roller as delving
 * spells it, into OUT: "`dice: [[Note^id]]`" is "[[Note^id]]",
 * "`dice: [[Note^id]]|Header`" the column "[[Note^id|Header]]" and
 * "`dice: 3d[[Note^id]]`" three rolls, "[[Note^id]], [[Note^id]],
 * [[Note^id]]"; its length in P, 0 if it is not a table roller.  A tag
 * roller is refused: it needs Obsidian's index of the vault.
 */
static size_t
roller(const struct tb *b, const struct tb_row *r, const char *p, char *out,
    size_t size)
{
	const char *q = p + 6 + strspn(p + 6, " "), *e, *col = "";
	long times = 1;
	size_t n, k = 0, c = 0;
	char *end;

	if (*q == '#')
		tb_bad_row(b, r, "`dice: %.*s`: a tag roller (notes found by their "
		    "tag through Obsidian's Dataview): not read from a file",
		    (int)strcspn(q, "`"), q);
	if (isdigit((unsigned char)*q)) {
		times = strtol(q, &end, 10);
		if (*end != 'd' || end[1] != '[')
			return 0;
		q = end + 1;
	}
	if ((n = tbl_ref_len(q)) == 0)
		return 0;
	e = q + n;
	if (*e == '|')
		c = strcspn(col = e + 1, "`\n");
	if (e[c + (*e == '|')] != '`')
		return 0;
	if (times < 1 || times > ROLLER_TIMES_MAX)
		tb_bad_row(b, r, "`dice: %ldd[[...]]`: expected 1 to %d rolls", times,
		    ROLLER_TIMES_MAX);
	while (times-- > 0 && k < size)
		k += (size_t)snprintf(out + k, size - k, "%s%.*s%s%.*s]]",
		    k ? ", " : "", (int)n - 2, q, c ? "|" : "", (int)c, col);
	if (k >= size)
		tb_bad_row(b, r, "a row's text longer than %d bytes", TBL_TEXT_MAX);
	return (size_t)(e + c + (*e == '|') + 1 - p);
}

/* The row's text with Obsidian's table rollers spelt as delving's (roller). */
static void
obsidian_refs(const struct tb *b, struct tb_row *r)
{
	char out[TBL_TEXT_MAX + 1];
	const char *p = r->text;
	size_t len = 0, n;

	if (strstr(p, "`dice:") == NULL)
		return;	/* none: the text as it is */
	while (*p != '\0' && len < sizeof out - 1) {
		if (strncmp(p, "`dice:", 6) == 0 &&
		    (n = roller(b, r, p, out + len, sizeof out - len)) > 0) {
			len += strlen(out + len);
			p += n;
			continue;
		}
		out[len++] = *p++;
	}
	if (*p != '\0')
		tb_bad_row(b, r, "a row's text longer than %d bytes", TBL_TEXT_MAX);
	out[len] = '\0';
	free(r->text);
	r->text = estrdup(out);
}

/* The row's key: a key column, a leading "key: WORD", a reference's name, else the text's. */
static char *
make_key(const struct tb *b, const struct tb_row *br, char **text)
{
	const char *from = br->key != NULL ? br->key : *text;
	char key[34];
	size_t n;

	if (br->key == NULL && strncmp(*text, "key:", 4) == 0) {
		from = *text + 4 + strspn(*text + 4, " \t");
		*text += 4 + strspn(*text + 4, " \t");
		*text += strcspn(*text, " \t");
		*text += strspn(*text, " \t");
	} else if (br->key == NULL && (n = tbl_ref_len(*text)) > 0) {
		from = *text + n - 2;	/* [[Note#Heading]]: "heading" */
		while (from > *text + 2 && strchr("#^/|", from[-1]) == NULL)
			from--;
	}
	tbl_key(key, sizeof key, from);
	if (key[0] == '\0')
		tb_bad_row(b, br, "the text has no key word (no word with a letter that is not dice)");
	if (strlen(key) > 32)
		key[32] = '\0';
	return estrdup(key);
}

/* A row with nothing but its range: "1-6: range with no text". */
/* A row refused, named by its weight or its range as written. */
static _Noreturn void
row_bad(const struct tb *b, const struct tb_row *r, const char *why)
{
	if (r->weight != 0)
		tb_bad_row(b, r, "%ldx: %s", r->weight, why);
	if (r->lo == r->hi)
		tb_bad_row(b, r, "%ld: %s", r->lo, why);
	tb_bad_row(b, r, "%ld-%ld: %s", r->lo, r->hi, why);
}

static void
no_text(const struct tb *b, const struct tb_row *r)
{
	row_bad(b, r, r->weight != 0 ? "weight with no text" : "range with no text");
}

static void
make_row(const struct tb *b, int i, struct tbl_row *row)
{
	char *text, *p;

	obsidian_refs(b, &b->row[i]);	/* the tb's rows are its own */
	text = b->row[i].text;
	for (p = text; *p != '\0'; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
	text = tb_trim(text);
	if (*text == '\0')
		no_text(b, &b->row[i]);
	if (strlen(text) > TBL_TEXT_MAX)
		tb_bad_row(b, &b->row[i], "a row's text longer than %d bytes",
		    TBL_TEXT_MAX);
	if (tbl_row_dice(text) > TBL_ROW_DICE_MAX)
		row_bad(b, &b->row[i], "the row rolls more than 1000 dice");
	memset(row, 0, sizeof *row);
	row->lo = b->row[i].lo;
	row->hi = b->row[i].hi;
	row->key = make_key(b, &b->row[i], &text);
	if (*text == '\0')
		no_text(b, &b->row[i]);
	row->text = estrdup(text);
}

/* The rows as the table has them: keyed, ranged, covering the die. */
static void
finish(const struct tb *b, struct tbl *t, unsigned long *at)
{
	struct tbl_row *rows;
	int i, weighted = 0;

	if (b->n == 0)
		esc_errx(EXIT_BAD, "%s: no rows", b->path);
	rows = t->own = ereallocarray(NULL, (size_t)b->n, sizeof *rows);
	t->more = ereallocarray(NULL, (size_t)b->n, sizeof *t->more);
	memset(t->more, 0, (size_t)b->n * sizeof *t->more);
	for (i = 0; i < b->n; i++) {
		make_row(b, i, &rows[i]);
		weighted |= b->row[i].weight != 0;
	}
	t->nrows = b->n;
	t->die = b->die;
	t->norepl = b->norepl;
	if (weighted)
		weights_to_ranges(b, t, rows);
	else if (!b->have_die)
		default_die(b, t, rows);
	check_cover(b, t, rows, at);
	t->rows = rows;
}

static void
tb_free(struct tb *b)
{
	int i;

	for (i = 0; i < b->n; i++) {
		free(b->row[i].text);
		free(b->row[i].key);
	}
	free(b->row);
	free(b->name);
	while (b->nfiles > 0)
		free(b->files[--b->nfiles]);
	free(b->files);
}

/* FILE, or FILE#name when FILE itself is not there. */
static char *
split_name(const char *path, const char **want)
{
	char *file = estrdup(path), *hash = strrchr(file, '#');

	*want = NULL;
	if (hash != NULL && hash != file && access(path, F_OK) != 0) {
		*hash = '\0';
		*want = hash + 1;
	}
	return file;
}

/* PATH names a file there: FILE, or FILE#name with FILE there. */
int
tbl_there(const char *path)
{
	const char *want;
	char *file = split_name(path, &want);
	int yes = access(file, F_OK) == 0;

	free(file);
	return yes;
}

static int
ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), k = strlen(tail);

	return n >= k && strcasecmp(s + n - k, tail) == 0;
}

/* FILE#NAME|Header: Obsidian's column pick, of a Markdown pipe table. */
static void
markdown_only(const struct tb *b, const char *file)
{
	if (b->col != NULL)
		esc_errx(EXIT_BAD, "%s: |%s: a column is picked only from a "
		    "Markdown pipe table", file, b->col);
}

/* JSON by its first byte, a folder of Foundry's files, CSV and TSV by name. */
static void
read_any(struct tb *b, const char *file)
{
	struct stat st;
	char head[64];
	FILE *f;
	size_t n;

	if (stat(file, &st) == 0 && S_ISDIR(st.st_mode)) {
		markdown_only(b, file);
		tb_foundry_dir(b, file);
		return;
	}
	if ((f = fopen(file, "r")) != NULL) {
		n = fread(head, 1, sizeof head - 1, f);
		fclose(f);
		head[n] = '\0';
		n = strspn(head, " \t\r\n");
		if (strncmp(head, "\xef\xbb\xbf", 3) == 0)
			n = 3 + strspn(head + 3, " \t\r\n");
		if (head[n] == '{' || head[n] == '[') {
			markdown_only(b, file);
			tb_foundry(b, file);
			return;
		}
	}
	if (ends_with(file, ".csv") || ends_with(file, ".tsv")) {
		markdown_only(b, file);
		tb_csv(b, file, ends_with(file, ".tsv") ? '\t' : ',');
		return;
	}
	tb_markdown(b, file);
}

static void load(struct tbl *t, const char *path, struct chain *ch,
    const char *ref);

/* The file a reference names, beside the one read: NOTE, else NOTE.md. */
static char *
ref_path(const struct tb *b, unsigned long at, const char *file,
    const char *target)
{
	const char *slash = strrchr(file, '/');
	size_t n = strcspn(target, "#^|");
	int dir = slash != NULL ? (int)(slash - file + 1) : 0;
	char *p;

	if (n == 0)
		return estrdup(file);
	if (target[0] == '/')
		dir = 0;
	p = emalloc((size_t)dir + n + 8);
	snprintf(p, (size_t)dir + n + 8, "%.*s%.*s", dir, file, (int)n, target);
	if (access(p, F_OK) != 0)
		strcat(p, ".md");
	if (access(p, F_OK) != 0)
		tb_bad(b, at, "[[%s]]: no table file %.*s%.*s or %s", target, dir,
		    file, (int)n, target, p);
	return p;
}

/* NOTE#HEADING's one name: the real path, '#', the name. */
static char *
ref_id(const char *file, const char *want)
{
	char real[PATH_MAX], *id;
	size_t n;

	if (realpath(file, real) == NULL)
		snprintf(real, sizeof real, "%s", file);
	n = strlen(real) + (want ? strlen(want) : 0) + 2;
	id = emalloc(n);
	snprintf(id, n, "%s#%s", real, want ? want : "");
	return id;
}

static struct tbl *
load_ref(const struct tb *b, unsigned long at, const char *file,
    const char *target, struct chain *ch)
{
	struct tbl_set *set = ch->set;
	char *path = ref_path(b, at, file, target), *id, *full, said[1200];
	const char *want = target + strcspn(target, "#^|");
	struct tbl *t;
	int i;

	want += *want == '#';
	id = ref_id(path, *want ? want : NULL);
	for (i = 0; i <= ch->depth; i++)
		if (strcmp(ch->id[i], id) == 0)
			tb_bad(b, at, "[[%s]]: a table that rolls itself, "
			    "through %d table%s", target, ch->depth - i + 1,
			    ch->depth - i ? "s" : "");
	for (i = 0; i < set->n; i++)
		if (strcmp(set->id[i], id) == 0) {
			free(id);
			free(path);
			return set->t[i];
		}
	if (ch->depth + 1 > TBL_DEPTH_MAX)
		tb_bad(b, at, "[[%s]]: tables nested more than %d deep", target,
		    TBL_DEPTH_MAX);
	if (set->n == TBL_NESTED_MAX)
		tb_bad(b, at, "[[%s]]: more than %d tables rolled by one", target,
		    TBL_NESTED_MAX);
	full = emalloc(strlen(path) + strlen(want) + 2);
	sprintf(full, "%s%s%s", path, *want ? "#" : "", want);
	t = emalloc(sizeof *t);
	set->t[set->n] = t;
	set->id[set->n++] = id;
	ch->id[++ch->depth] = id;
	snprintf(said, sizeof said, "%s:%lu: [[%s]]", b->path, at, target);
	load(t, full, ch, said);
	ch->depth--;
	t->name = full;
	free(path);
	return t;
}

/* Each row's [[references]], loaded. */
static void
load_refs(const struct tb *b, struct tbl *t, const unsigned long *at,
    const char *file, struct chain *ch)
{
	struct tbl **sub;
	char target[TBL_TEXT_MAX];
	const char *p;
	size_t n;
	int i, k;

	for (i = 0; i < t->nrows; i++) {
		for (k = 0, p = t->own[i].text; *p != '\0'; p++)
			k += tbl_ref_len(p) > 0;
		if (k == 0)
			continue;
		sub = ereallocarray(NULL, (size_t)k, sizeof *sub);
		for (k = 0, p = t->own[i].text; *p != '\0'; p++) {
			if ((n = tbl_ref_len(p)) == 0)
				continue;
			memcpy(target, p + 2, n - 4);
			target[n - 4] = '\0';
			sub[k++] = load_ref(b, at[i], file, target, ch);
			p += n - 1;
		}
		t->more[i].sub = sub;
		t->more[i].nsub = k;
	}
}

static void
load(struct tbl *t, const char *path, struct chain *ch, const char *ref)
{
	struct tb b = { 0 };
	const char *want;
	char *file = split_name(path, &want), *bar;
	unsigned long *at;

	memset(t, 0, sizeof *t);
	t->name = path;
	if (want != NULL && (bar = strrchr(want, '|')) != NULL) {
		*bar = '\0';	/* FILE#NAME|Header: one column */
		b.col = bar + 1;
		want = *want != '\0' ? want : NULL;
	}
	b.path = file;
	b.want = want;
	b.ref = ref;
	read_any(&b, file);
	at = ereallocarray(NULL, (size_t)b.n + 1, sizeof *at);
	finish(&b, t, at);
	load_refs(&b, t, at, file, ch);
	free(at);
	tb_free(&b);
	free(file);
}

void
tbl_load(struct tbl *t, const char *path)
{
	struct tbl_set *set = emalloc(sizeof *set);
	struct chain ch = { 0 };
	const char *want;
	char *file = split_name(path, &want);

	memset(set, 0, sizeof *set);
	ch.set = set;
	ch.id[0] = ref_id(file, want);
	free(file);
	load(t, path, &ch, NULL);
	free((char *)ch.id[0]);
	t->set = set;
	t->name = path;
}

static void
free_rows(struct tbl *t)
{
	int i;

	if (t->own == NULL)
		return;
	for (i = 0; i < t->nrows; i++) {
		free((char *)t->own[i].key);
		free((char *)t->own[i].text);
		free(t->more[i].sub);
	}
	free(t->more);
	t->more = NULL;
	free(t->own);
	t->own = NULL;
}

void
tbl_free(struct tbl *t)
{
	struct tbl_set *set = t->set;
	int i;

	free_rows(t);
	if (set == NULL)
		return;
	for (i = 0; i < set->n; i++) {
		free_rows(set->t[i]);
		free((char *)set->t[i]->name);
		free(set->t[i]);
		free(set->id[i]);
	}
	free(set);
	t->set = NULL;
}

/*
 * -T KEY=FILE, the tables a program adds to a result: the FILE, KEY ended
 * in place; NULL when arg is not KEY=FILE.
 */
char *
tbl_on_split(char *arg)
{
	char *eq = strchr(arg, '=');

	if (eq == NULL || eq == arg || eq[1] == '\0')
		return NULL;
	*eq = '\0';
	return eq + 1;
}

/*
 * The rows of T drawn as it starts, into ROW (1 drawn): those its file
 * says were drawn (Foundry's drawn: true), where T is drawn without
 * replacement.
 */
static void
tbl_start_drawn(const struct tbl *t, char *row)
{
	int i;

	for (i = 0; i < t->nrows; i++)
		row[i] = t->norepl && t->more != NULL && t->more[i].drawn;
}

/* T's rows to draw without replacement, as it starts (tbl_start_drawn). */
struct tbl_draws *
tbl_draws_new(const struct tbl *t)
{
	struct tbl_draws *d = emalloc(sizeof *d + (size_t)t->nrows);
	int i;

	tbl_start_drawn(t, d->row);
	for (i = d->n = 0; i < t->nrows; i++)
		d->n += d->row[i];
	return d;
}

/*
 * ROW of T, rolled at the TRIES'th try, drawn from D: 1, and drawn now;
 * 0 when drawn before (roll again), an error after TBL_DRAW_TRIES tries,
 * WHO naming the table.
 */
int
tbl_draw(struct tbl_draws *d, const struct tbl *t, const struct tbl_row *row,
    long tries, const char *who)
{
	if (d->row[row - t->rows]) {
		if (tries == TBL_DRAW_TRIES)
			esc_errx(EXIT_BAD, "%s: the rows not drawn yet are too "
			    "unlikely: %d rolls drew none", who, TBL_DRAW_TRIES);
		return 0;
	}
	d->row[row - t->rows] = 1;
	d->n++;
	return 1;
}

void
tbl_on_load(struct tbl_on *on, const char *key, const char *file)
{
	on->key = key;
	tbl_load(&on->t, file);
	on->plan = tbl_plan(&on->t);
	on->draws = on->t.norepl ? tbl_draws_new(&on->t) : NULL;
}

/*
 * A roll on ON's table.  Drawn without replacement, a total whose row was
 * drawn before is rolled again (the rows left keep their odds among
 * themselves), and once every row is drawn the table starts afresh, as a
 * deck shuffled again.  (The draws live behind the pointer: ON is const to
 * the programs that roll it.)
 */
const struct tbl_row *
tbl_on_roll(const struct tbl_on *on, struct rng *r, long *total,
    uint32_t *faces)
{
	struct tbl_draws *d = on->draws;
	const struct tbl_row *row;
	long tries;

	if (d == NULL)
		return tbl_roll(&on->t, r, total, faces);
	if (d->n == on->t.nrows) {
		memset(d->row, 0, (size_t)on->t.nrows);
		d->n = 0;
	}
	for (tries = 0; ; tries++) {
		row = tbl_roll(&on->t, r, total, faces);
		if (tbl_draw(d, &on->t, row, tries, on->t.name))
			return row;
	}
}

/* 1 when ON's rows drawn are those its table starts with. */
static int
as_started(const struct tbl_on *on)
{
	char *start = emalloc((size_t)on->t.nrows + 1);
	int same;

	tbl_start_drawn(&on->t, start);
	same = memcmp(start, on->draws->row, (size_t)on->t.nrows) == 0;
	free(start);
	return same;
}

/*
 * The rows drawn, as a state file keeps them: "1-3,7" (from 1, in order),
 * "none" (where the table starts with some drawn); 0 if as the table
 * starts, or too long.
 */
int
tbl_on_drawn(const struct tbl_on *on, char *word, size_t size)
{
	size_t n = 0;
	int i, j, k;

	word[0] = '\0';
	if (on->draws == NULL || as_started(on))
		return 0;
	if (on->draws->n == 0) {
		snprintf(word, size, "none");
		return 1;
	}
	for (i = 0; i < on->t.nrows; i = j) {
		for (j = i; j < on->t.nrows && on->draws->row[j]; j++)
			;
		if (j > i) {
			k = j - 1 > i ? snprintf(word + n, size - n, "%s%d-%d",
			    n ? "," : "", i + 1, j) : snprintf(word + n, size - n,
			    "%s%d", n ? "," : "", i + 1);
			if (k < 0 || (size_t)k >= size - n)
				return 0;
			n += (size_t)k;
		}
		j += j == i;
	}
	return 1;
}

/*
 * The rows drawn before, from tbl_on_drawn's word: all that are (none but
 * those it names); 0 if it names a row the table does not have.
 */
int
tbl_on_set_drawn(const struct tbl_on *on, const char *word)
{
	struct tbl_draws *d = on->draws;
	long lo, hi, v;
	const char *p = word;

	if (d == NULL)
		return 0;
	memset(d->row, 0, (size_t)on->t.nrows);
	d->n = 0;
	if (strcmp(word, "none") == 0)
		return 1;
	for (;;) {
		if ((p = tb_range(p, &lo, &hi)) == NULL || lo < 1 || hi < lo ||
		    hi > on->t.nrows)
			return 0;
		for (v = lo; v <= hi; v++)
			d->n += !d->row[v - 1], d->row[v - 1] = 1;
		if (*p == '\0')
			return 1;
		if (*p++ != ',')
			return 0;
	}
}

/* 1 when a row of T has KEY. */
int
tbl_has_key(const struct tbl *t, const char *key)
{
	int i;

	for (i = 0; i < t->nrows; i++)
		if (strcmp(t->rows[i].key, key) == 0)
			return 1;
	return 0;
}

/* T's keys in LIST, each once, as "encounter, sign, nothing". */
const char *
tbl_keys(const struct tbl *t, char *list, size_t size)
{
	size_t n = 0;
	int i;

	list[0] = '\0';
	for (i = 0; i < t->nrows && n + 40 < size; i++)
		if (!strstr(list, t->rows[i].key))
			n += (size_t)snprintf(list + n, size - n, "%s%s",
			    n ? ", " : "", t->rows[i].key);
	return list;
}

const struct tbl_on *
tbl_on_find(const struct tbl_on *on, int n, const char *key)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(on[i].key, key) == 0)
			return &on[i];
	return NULL;
}

void
tbl_on_free(struct tbl_on *on)
{
	free(on->draws);
	tbl_plan_free(on->plan);
	tbl_free(&on->t);
}
