/*
 * dice: one plain dice term with constants added, [COUNT]d(SIDES|%)[khN|klN]
 * [+K|-K ...] (d6, 2d6, d%, 4d6kh3, d20+3-4), read through the one grammar
 * of common/expr.c and rolled by a fast path: the tables' dice, the checks'
 * d20, the dice of one die that a rule takes.  Its bounds come from the
 * grammar's, so no total can overflow.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice.h"

/* How many dice terms node i holds, all plain and added; -1: not that shape. */
static int
plain_terms(const struct expr *e, int i, int negated)
{
	const struct enode *n = &e->node[i];
	int a, b;

	if (n->op == E_NUM)
		return 0;
	if (n->op == E_DICE)
		return negated || !term_plain(&n->t) || n->t.count == 0 ? -1 : 1;
	if (n->op != E_ADD && n->op != E_SUB)
		return -1;
	a = plain_terms(e, n->a, negated);
	b = plain_terms(e, n->b, negated || n->op == E_SUB);
	return a < 0 || b < 0 ? -1 : a + b;
}

/*
 * The one dice term of e, with constants added or taken away, as a struct
 * dice: the shape the fast roller, the tables' dice and the checks take.
 * NULL, or why e is not that shape.
 */
const char *
dice_of(struct dice *d, const struct expr *e)
{
	const struct term *t = NULL;
	long long mod;
	int i;

	if (plain_terms(e, e->root, 0) != 1)
		return "expected one dice term such as 2d6, d% or 4d6kh3, "
		    "with +K or -K";
	for (i = 0; i < e->n; i++)
		if (e->node[i].op == E_DICE)
			t = &e->node[i].t;
	if (t->keep == 0)	/* 1d6d2 drops them all: the grammar's roll, 0 */
		return "keep: expected 1 to the number of dice";
	mod = e->node[e->root].lo - (long long)t->keep;
	if (mod < -DICE_MOD_MAX || mod > DICE_MOD_MAX)
		return "modifier: expected -1000000 to +1000000";
	memset(d, 0, sizeof *d);
	d->count = t->count;
	d->sides = (uint32_t)t->fhi;
	d->keep = t->keep;
	d->keephigh = t->keephigh;
	d->mod = (int32_t)mod;
	return NULL;
}

/*
 * S through the one grammar (expr_parse), then dice_of: NULL, or why not.
 * A die of a rule or a table keeps at least one die and no more than it
 * rolls: roll's 3d6kh5 and 3d6d4 (the peers' all and none) are refused.
 */
const char *
dice_read(struct dice *d, const char *s, struct expr *scratch)
{
	const char *why = expr_parse(scratch, s);
	int i;

	if (why != NULL)
		return why;
	for (i = 0; i < scratch->n; i++)
		if (scratch->node[i].op == E_DICE && scratch->node[i].t.kd &&
		    (scratch->node[i].t.keep == 0 || (scratch->node[i].t.kd == 'k' &&
		    scratch->node[i].t.kn > scratch->node[i].t.count)))
			return "keep: expected 1 to the number of dice";
	return dice_of(d, scratch);
}

/* Written in the notation before the grammar: one d, no other letters. */
static int
old_notation(const char *s)
{
	const char *d = strpbrk(s, "dD");

	return strspn(s, "0123456789dD%khl+-") == strlen(s) && d != NULL &&
	    strpbrk(d + 1, "dD") == NULL;
}

/*
 * What a record names an expression: one plain term written in the notation
 * the suite had before the grammar (1d6, d%, 4d6kh3, 1d20+3) by the name it
 * always had (d6 for 1d6); anything else as written, without spaces.
 */
void
dice_name(char *buf, int size, const struct expr *e, const char *written)
{
	struct dice d;
	int n = 0;

	if (dice_of(&d, e) == NULL && old_notation(written)) {
		dice_format(&d, buf, size);
		return;
	}
	for (; *written != '\0' && n < size - 1; written++)
		if (*written != ' ' && *written != '\t')
			buf[n++] = *written;
	buf[n] = '\0';
}

long
dice_min(const struct dice *d)
{
	return (long)d->keep + d->mod;
}

long
dice_max(const struct dice *d)
{
	return (long)d->keep * (long)d->sides + d->mod;
}

static int
by_value(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* Sorts v[0..n) ascending by insertion: for the few dice of most rolls. */
static void
insertion_sort(uint32_t *v, uint32_t n)
{
	uint32_t i, j, x;

	for (i = 1; i < n; i++) {
		for (x = v[i], j = i; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

/*
 * Sum of the kept faces: the keep highest are the last after an ascending
 * sort (by insertion up to SMALL_SORT dice: glibc's qsort, a merge sort
 * through a buffer of its own, was 60% of rolling 4d6dl1).
 */
#define SMALL_SORT 32
static long
kept_sum(const struct dice *d, const uint32_t *faces)
{
	uint32_t sorted[DICE_COUNT_MAX];
	uint32_t i, from, one;
	long sum = 0;

	if (d->keep == 1) {	/* advantage, disadvantage: no sort for one */
		for (one = faces[0], i = 1; i < d->count; i++)
			if (d->keephigh ? faces[i] > one : faces[i] < one)
				one = faces[i];
		return one;
	}
	memcpy(sorted, faces, d->count * sizeof *faces);
	if (d->count <= SMALL_SORT)
		insertion_sort(sorted, d->count);
	else
		qsort(sorted, d->count, sizeof *sorted, by_value);
	from = d->keephigh ? d->count - d->keep : 0;
	for (i = from; i < from + d->keep; i++)
		sum += sorted[i];
	return sum;
}

/* Roll the dice in order; faces (room for count, or NULL) gets each face. */
long
dice_roll(const struct dice *d, struct rng *r, uint32_t *faces)
{
	uint32_t buf[DICE_COUNT_MAX];
	uint32_t i;
	long sum = 0;

	if (d->count == 1) {	/* the common case: one die */
		sum = rng_die(r, d->sides);
		if (faces != NULL)
			faces[0] = (uint32_t)sum;
		return sum + d->mod;
	}
	if (faces == NULL)
		faces = buf;
	for (i = 0; i < d->count; i++)
		sum += faces[i] = rng_die(r, d->sides);
	if (d->keep != d->count)
		sum = kept_sum(d, faces);
	return sum + d->mod;
}

/* The canonical form: 2d20kh1, d%, 3d6+2. */
int
dice_format(const struct dice *d, char *buf, int size)
{
	char keep[16] = "", mod[16] = "", count[16] = "";

	if (d->count != 1)
		snprintf(count, sizeof count, "%u", d->count);
	if (d->keep != d->count)
		snprintf(keep, sizeof keep, "k%c%u", d->keephigh ? 'h' : 'l',
		    d->keep);
	if (d->mod != 0)
		snprintf(mod, sizeof mod, "%+d", (int)d->mod);
	return snprintf(buf, (size_t)size, "%sd%u%s%s", count, d->sides, keep,
	    mod);
}

/*
 * The faces as "3,5": what -v shows behind a total; the length written,
 * the faces cut where BUF ends.
 */
int
dice_faces(const struct dice *d, const uint32_t *faces, char *buf, int size)
{
	int n = 0;
	uint32_t i;

	buf[0] = '\0';
	for (i = 0; i < d->count && n < size; i++)
		n += snprintf(buf + n, (size_t)(size - n), "%s%u",
		    i ? "," : "", faces[i]);
	return n < size ? n : size - 1;
}

/* A roll as "2d6: 3,5": its dice, then its faces. */
int
dice_describe(const struct dice *d, const uint32_t *faces, char *buf, int size)
{
	int n = dice_format(d, buf, size);

	n += snprintf(buf + n, (size_t)(size - n), ": ");
	return n + dice_faces(d, faces, buf + n, size - n);
}
