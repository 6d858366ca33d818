/*
 * odds: the exact distribution of a dice expression.  A sum is counted by
 * convolution, one die at a time; keeping the highest K of N dice by
 * walking the faces from the highest down, knowing how many dice have been
 * placed (the first K placed are the kept ones) and what they add up to;
 * keeping the lowest is the same count mirrored.  Counts are exact 64-bit
 * integers of the SIDES^COUNT outcomes: an expression with more outcomes
 * than that, or too much counting to do, is refused.  Fractions, decimals
 * and the mean are exact integer arithmetic: no floating point anywhere.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odds.h"
#include "util.h"

#define KEEP_DICE_MAX 64	/* 2^64 outcomes: at most 64 dice of 2 sides */

/* An unsigned 128-bit number, for the products a mean needs. */
struct wide {
	uint64_t hi, lo;
};

static struct wide
wide_mul(uint64_t a, uint64_t b)
{
	uint64_t a0 = a & 0xffffffffu, a1 = a >> 32;
	uint64_t b0 = b & 0xffffffffu, b1 = b >> 32;
	uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0;
	uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
	struct wide w;

	w.lo = mid << 32 | (p00 & 0xffffffffu);
	w.hi = a1 * b1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
	return w;
}

static struct wide
wide_add(struct wide a, struct wide b)
{
	a.lo += b.lo;
	a.hi += b.hi + (a.lo < b.lo);
	return a;
}

static struct wide
wide_sub(struct wide a, uint64_t b)
{
	a.hi -= a.lo < b;
	a.lo -= b;
	return a;
}

/* a / d by shift and subtract (or one native division); the remainder in *rem. */
static struct wide
wide_div(struct wide a, uint64_t d, uint64_t *rem)
{
	struct wide q = { 0, 0 };
	uint64_t r = 0, top;
	int i;

	if (a.hi == 0) {
		q.lo = a.lo / d;
		*rem = a.lo - q.lo * d;
		return q;
	}
	for (i = 127; i >= 0; i--) {
		top = r >> 63;
		r = r << 1 | ((i >= 64 ? a.hi >> (i - 64) : a.lo >> i) & 1);
		if (top || r >= d) {
			r -= d;
			if (i >= 64)
				q.hi |= (uint64_t)1 << (i - 64);
			else
				q.lo |= (uint64_t)1 << i;
		}
	}
	*rem = r;
	return q;
}

static int
wide_str(struct wide a, char *buf, int size)
{
	char d[48], *p = d + sizeof d;
	uint64_t r;

	*--p = '\0';
	do {
		a = wide_div(a, 10, &r);
		*--p = (char)('0' + r);
	} while (a.hi != 0 || a.lo != 0);
	return snprintf(buf, (size_t)size, "%s", p);
}

static uint64_t
gcd(uint64_t a, uint64_t b)
{
	uint64_t t;

	while (b != 0) {
		t = a - a / b * b;
		a = b;
		b = t;
	}
	return a;
}

/* SIDES^COUNT, or NULL when it does not fit in 64 bits. */
static const char *
outcomes(const struct dice *d, uint64_t *n)
{
	uint32_t i;

	for (*n = 1, i = 0; i < d->count; i++) {
		if (*n > UINT64_MAX / d->sides)
			return "too many outcomes to count exactly (more than 2^64)";
		*n *= d->sides;
	}
	return NULL;
}

/*
 * The sums of n dice of m sides, convolved one die at a time: each count is
 * a window of m counts of the dice before.  count[s - n] for s = n..n*m.
 */
static uint64_t *
count_sum(uint32_t n, uint32_t m)
{
	size_t size = (size_t)n * m + 1, s, i;
	uint64_t *cur = ereallocarray(NULL, size, sizeof *cur);
	uint64_t *next = ereallocarray(NULL, size, sizeof *next), *t, w;

	memset(cur, 0, size * sizeof *cur);
	cur[0] = 1;
	for (i = 1; i <= n; i++) {
		memset(next, 0, size * sizeof *next);
		for (w = 0, s = 1; s <= i * m; s++) {	/* never above m^i: no overflow */
			w += cur[s - 1];
			if (s > m)
				w -= cur[s - m - 1];
			next[s] = w;
		}
		t = cur, cur = next, next = t;
	}
	free(next);
	memmove(cur, cur + n, (size - n) * sizeof *cur);
	return cur;
}

static void
binomials(uint64_t c[KEEP_DICE_MAX + 1][KEEP_DICE_MAX + 1], uint32_t n)
{
	uint32_t i, j;

	for (i = 0; i <= n; i++)
		for (c[i][0] = 1, j = 1; j <= i; j++)
			c[i][j] = c[i - 1][j - 1] + (j < i ? c[i - 1][j] : 0);
}

/*
 * The ways the rem dice not yet placed show v or less with at least need of
 * them on v: need fills the kept ones, the rest are below v.
 */
static uint64_t
fill(uint64_t c[KEEP_DICE_MAX + 1][KEEP_DICE_MAX + 1], uint32_t rem,
    uint32_t need, uint32_t v)
{
	uint64_t f = 0, p = 1;
	uint32_t j;

	for (j = rem; j >= need; j--) {	/* j dice show v; need >= 1 */
		f += c[rem][j] * p;
		p *= v - 1;
	}
	return f;
}

/*
 * Keep the highest k of n dice of m sides.  Faces are placed from m down:
 * state (a, s) is a dice placed, all above the face v at hand, adding to s;
 * while a < k they are all kept.  Placing j dice on v either keeps them all
 * (a + j < k: a new state) or fills the k kept ones, after which the
 * others show less than v in (v-1)^rest ways.  Every count is a number of
 * outcomes, so none exceeds m^n.  count[s - k] for s = k..k*m.
 */
static uint64_t *
count_keep(uint32_t n, uint32_t k, uint32_t m)
{
	static uint64_t c[KEEP_DICE_MAX + 1][KEEP_DICE_MAX + 1];
	size_t width = (size_t)(k - 1) * m + 1, s;
	uint64_t *cur = ereallocarray(NULL, k * width, sizeof *cur), *t;
	uint64_t *next = ereallocarray(NULL, k * width, sizeof *next);
	uint64_t *res = ereallocarray(NULL, (size_t)k * m + 1, sizeof *res), f;
	uint32_t v, a, j;

	binomials(c, n);
	memset(cur, 0, k * width * sizeof *cur);
	memset(res, 0, ((size_t)k * m + 1) * sizeof *res);
	cur[0] = 1;
	for (v = m; v >= 1; v--) {
		memset(next, 0, k * width * sizeof *next);
		for (a = 0; a < k; a++) {
			f = fill(c, n - a, k - a, v);
			for (s = (size_t)a * (v + 1); s <= (size_t)a * m; s++) {
				if (cur[a * width + s] == 0)
					continue;
				res[s + (size_t)(k - a) * v] += cur[a * width + s] * f;
				for (j = 0; v > 1 && a + j < k; j++)
					next[(a + j) * width + s + (size_t)j * v] +=
					    cur[a * width + s] * c[n - a][j];
			}
		}
		t = cur, cur = next, next = t;
	}
	free(cur);
	free(next);
	memmove(res, res + k, ((size_t)k * (m - 1) + 1) * sizeof *res);
	return res;
}

/* The steps count_keep takes, about: refuse what would run for minutes. */
static int
keep_too_long(uint32_t k, uint32_t m)
{
	uint64_t pairs = 0, a;

	for (a = 1; a < k; a++)
		pairs += a * (k - a);
	return (uint64_t)m * m / 2 * pairs > (uint64_t)ODDS_WORK_MAX;
}

/* Count every total of d; NULL, or why it cannot be counted exactly. */
const char *
odds_count(struct odds *o, const struct dice *d)
{
	const char *why;
	uint64_t sum = 0, t;
	size_t i, n;

	memset(o, 0, sizeof *o);
	if ((why = outcomes(d, &o->outcomes)) != NULL)
		return why;
	o->lo = dice_min(d);
	o->hi = dice_max(d);
	n = (size_t)(o->hi - o->lo) + 1;
	if (d->sides == 1 || d->keep == d->count)
		o->count = count_sum(d->sides == 1 ? d->keep : d->count, d->sides);
	else if (d->count > KEEP_DICE_MAX || keep_too_long(d->keep, d->sides))
		return "too many outcomes to count exactly in reasonable time";
	else
		o->count = count_keep(d->count, d->keep, d->sides);
	for (i = 0; !d->keephigh && i < n / 2; i++) {	/* the lowest: mirrored */
		t = o->count[i];
		o->count[i] = o->count[n - 1 - i];
		o->count[n - 1 - i] = t;
	}
	for (i = 0; i < n; i++)
		sum += o->count[i];
	if (sum != o->outcomes)
		return "the counts do not add up to the outcomes (a bug)";
	return NULL;
}

/* The outcomes giving total or more. */
uint64_t
odds_at_least(const struct odds *o, long total)
{
	uint64_t n = 0;
	long t;

	for (t = total < o->lo ? o->lo : total; t <= o->hi; t++)
		n += o->count[t - o->lo];
	return n;
}

/* n/d reduced: "39/400", "1/6", "0", "1". */
int
odds_fraction(uint64_t n, uint64_t d, char *buf, int size)
{
	uint64_t g = gcd(n, d);

	if (n == 0 || n == d)
		return snprintf(buf, (size_t)size, "%d", n != 0);
	return snprintf(buf, (size_t)size, "%llu/%llu",
	    (unsigned long long)(n / g), (unsigned long long)(d / g));
}

/* w + n/d (0 <= n <= d) to 4 decimals, rounded to the nearest, halves up. */
static int
decimal4(long w, uint64_t n, uint64_t d, char *buf, int size)
{
	uint64_t r;
	long long v, q;

	q = (long long)wide_div(wide_mul(n, 10000), d, &r).lo;
	if (r >= d - r)
		q++;
	v = (long long)w * 10000 + q;
	return snprintf(buf, (size_t)size, "%s%lld.%04lld", v < 0 ? "-" : "",
	    (v < 0 ? -v : v) / 10000, (v < 0 ? -v : v) % 10000);
}

int
odds_decimal(uint64_t n, uint64_t d, char *buf, int size)
{
	return decimal4(0, n, d, buf, size);
}

/*
 * The mean: lo + S/D, S the sum of (t - lo) x count over the totals; as a
 * reduced fraction ("553/40", "7", "-13/2") and to 4 decimals.
 */
void
odds_mean(const struct odds *o, char *frac, int fsize, char *dec, int dsize)
{
	struct wide s = { 0, 0 }, num;
	uint64_t r, g, d;
	long t, w;
	int n;

	for (t = o->lo; t <= o->hi; t++)
		s = wide_add(s, wide_mul((uint64_t)(t - o->lo), o->count[t - o->lo]));
	w = o->lo + (long)wide_div(s, o->outcomes, &r).lo;
	decimal4(w, r, o->outcomes, dec, dsize);
	if (r == 0) {
		snprintf(frac, (size_t)fsize, "%ld", w);
		return;
	}
	g = gcd(r, o->outcomes);
	r /= g;
	d = o->outcomes / g;
	if (w >= 0)	/* w + r/d = (w d + r) / d */
		num = wide_add(wide_mul((uint64_t)w, d), (struct wide){ 0, r });
	else		/* w + r/d = -(|w| d - r) / d */
		num = wide_sub(wide_mul((uint64_t)-w, d), r);
	n = snprintf(frac, (size_t)fsize, "%s", w < 0 ? "-" : "");
	n += wide_str(num, frac + n, fsize - n);
	snprintf(frac + n, (size_t)(fsize - n), "/%llu", (unsigned long long)d);
}

void
odds_free(struct odds *o)
{
	free(o->count);
	o->count = NULL;
}
