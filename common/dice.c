/*
 * dice: the grammar is [COUNT]d(SIDES|%)[kh|kl|k KEEP][+|-MOD ...], for
 * example d6, 2d6, d%, 4d6kh3, 2d20kl1, 1d8+2, d20+3-4 (the terms add).
 * Every number is bounded before it is used, so no expression can overflow
 * a total or loop for long.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice.h"

/* What dice_parse says of a text that is not dice at all. */
const char dice_form[] =
    "expected NdM, dM or d% with optional khN, klN, +K or -K";

/* Read a bounded decimal number: the pointer past it, or NULL. */
static const char *
number(const char *s, long max, long *v)
{
	const char *p = s;

	*v = 0;
	for (; *p >= '0' && *p <= '9'; p++)
		if ((*v = *v * 10 + (*p - '0')) > max)
			*v = max + 1;	/* saturate: the caller names the limit */
	return p == s ? NULL : p;
}

static const char *
parse_keep(struct dice *d, const char **sp)
{
	const char *s = *sp;
	long v;

	d->keephigh = 1;
	s++;
	if (*s == 'h' || *s == 'l')
		d->keephigh = *s++ == 'h';
	if ((s = number(s, DICE_COUNT_MAX, &v)) == NULL)
		return dice_form;
	if (v < 1 || v > (long)d->count)
		return "keep: expected 1 to the number of dice";
	d->keep = (uint32_t)v;
	*sp = s;
	return NULL;
}

const char *
dice_parse(struct dice *d, const char *s)
{
	long v, sum;
	const char *p;
	int neg;

	memset(d, 0, sizeof *d);
	d->count = 1;
	if ((p = number(s, DICE_COUNT_MAX, &v)) != NULL) {
		if (v < 1 || v > DICE_COUNT_MAX)
			return "count: expected 1 to 1000 dice";
		d->count = (uint32_t)v;
		s = p;
	}
	if (*s != 'd' && *s != 'D')
		return dice_form;
	if (*++s == '%') {
		d->sides = 100;
		s++;
	} else if ((p = number(s, DICE_SIDES_MAX, &v)) == NULL) {
		return dice_form;
	} else if (v < 1 || v > DICE_SIDES_MAX) {
		return "sides: expected 1 to 1000000";
	} else {
		d->sides = (uint32_t)v;
		s = p;
	}
	d->keep = d->count;
	if (*s == 'k') {
		if ((p = parse_keep(d, &s)) != NULL)
			return p;
	}
	for (sum = 0; *s == '+' || *s == '-'; s = p) {	/* d20+3-4: the terms add */
		neg = *s++ == '-';
		if ((p = number(s, DICE_MOD_MAX, &v)) == NULL)
			return dice_form;
		if (v > DICE_MOD_MAX || (sum += neg ? -v : v) < -DICE_MOD_MAX ||
		    sum > DICE_MOD_MAX)
			return "modifier: expected -1000000 to +1000000";
	}
	d->mod = (int32_t)sum;
	return *s == '\0' ? NULL : dice_form;
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

/* Sum of the kept faces: the keep highest are the last after an ascending sort. */
static long
kept_sum(const struct dice *d, const uint32_t *faces)
{
	uint32_t sorted[DICE_COUNT_MAX];
	uint32_t i, from;
	long sum = 0;

	memcpy(sorted, faces, d->count * sizeof *faces);
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

/* The faces as "3,5": what -v shows behind a total. */
int
dice_faces(const struct dice *d, const uint32_t *faces, char *buf, int size)
{
	int n = 0;
	uint32_t i;

	buf[0] = '\0';
	for (i = 0; i < d->count && n < size; i++)
		n += snprintf(buf + n, (size_t)(size - n), "%s%u",
		    i ? "," : "", faces[i]);
	return n;
}

/* A roll as "2d6: 3,5": its dice, then its faces. */
int
dice_describe(const struct dice *d, const uint32_t *faces, char *buf, int size)
{
	int n = dice_format(d, buf, size);

	n += snprintf(buf + n, (size_t)(size - n), ": ");
	return n + dice_faces(d, faces, buf + n, size - n);
}

/* The d20 of a check: adv > 0 advantage (2d20kh1), < 0 disadvantage (2d20kl1). */
void
dice_d20(struct dice *d, int adv)
{
	dice_parse(d, adv > 0 ? "2d20kh1" : adv < 0 ? "2d20kl1" : "d20");
}

/* A check succeeds when its total meets or beats the DC (delving(7)). */
void
dice_check(struct check *c, const struct dice *d20, struct rng *r, long mod,
    long dc)
{
	c->roll = dice_roll(d20, r, c->faces);
	c->mod = mod;
	c->total = c->roll + mod;
	c->dc = dc;
	c->pass = c->total >= dc;
	c->nat1 = c->roll == 1;		/* 004: Critical Failure */
	c->nat20 = c->roll == 20;	/* 004: Critical Hits */
}
