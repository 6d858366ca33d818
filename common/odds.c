/*
 * odds: the exact distribution of any dice expression, as big-integer
 * counts of weighted outcomes over one denominator whose small factors are
 * kept, so a fraction is reduced by trial division alone.
 *
 * A tree is counted from its leaves: a constant is one total; a sum or a
 * difference is the convolution of its two sides; a product or quotient by
 * a constant moves each total.  A dice term starts from one die: uniform
 * faces, then a reroll once (SIDES^2 outcomes) or until (the faces that do
 * not reroll, uniform), then explosions, counted from the last allowed
 * draw back to the first.  All dice kept: the sum of COUNT dice, by a
 * sliding window when the die is uniform, else one convolution a die.
 * Keep the highest K: the values are walked from the highest down, knowing
 * how many dice were placed (the first K placed are the kept ones) and what
 * they add up to; once K are placed the rest fall below, in one product.
 * The lowest: the same walk upwards.  Memory is the number of totals.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "odds.h"
#include "util.h"

struct ctx {
	long long work;
	const char *why;
	char	 said[160];	/* why, with the sizes */
};

#define ODDS_TOTALS_MAX 10000000L	/* totals of one part */

static const char too_long[] =
    "too much counting to do exactly in reasonable time";

/* Refused as too long, saying the size and the limit. */
static int
too_much(struct ctx *x, double steps)
{
	snprintf(x->said, sizeof x->said, "%s: about %.2g steps of counting, "
	    "the limit %.2g", too_long, steps + (double)x->work,
	    (double)ODDS_WORK_MAX);
	x->why = x->said;
	return -1;
}

/* Steps estimated in double: a product of sizes never overflows. */
static int
spend(struct ctx *x, double steps)
{
	if (x->why != NULL)
		return -1;
	if (steps > ODDS_WORK_MAX || x->work + (long long)steps > ODDS_WORK_MAX)
		return too_much(x, steps);
	x->work += (long long)steps;
	return 0;
}

static void
make(struct odds *o, long long lo, long long step, long n)
{
	memset(o, 0, sizeof *o);
	o->lo = lo;
	o->step = step;
	o->n = n;
	o->count = ereallocarray(NULL, (size_t)n, sizeof *o->count);
	memset(o->count, 0, (size_t)n * sizeof *o->count);
}

/* No total that never comes at either end. */
static void
trim_ends(struct odds *o)
{
	long lo = 0, hi = o->n - 1, i;

	while (lo < hi && big_zero(&o->count[lo]))
		lo++;
	while (hi > lo && big_zero(&o->count[hi]))
		hi--;
	for (i = 0; i < lo; i++)
		big_free(&o->count[i]);
	for (i = hi + 1; i < o->n; i++)
		big_free(&o->count[i]);
	memmove(o->count, o->count + lo, (size_t)(hi - lo + 1) * sizeof *o->count);
	o->lo += lo * o->step;
	o->n = hi - lo + 1;
}

static void
add_factors(struct odds *o, const uint32_t *f, int n)
{
	if (n == 0)
		return;
	o->fac = ereallocarray(o->fac, (size_t)(o->nfac + n + 1), sizeof *o->fac);
	memcpy(o->fac + o->nfac, f, (size_t)n * sizeof *f);
	o->nfac += n;
}

static void red_free(struct odds_red *);

void
odds_free(struct odds *o)
{
	long i;

	for (i = 0; i < o->n; i++)
		big_free(&o->count[i]);
	free(o->count);
	free(o->fac);
	red_free(o->red);
	big_free(&o->den);
	memset(o, 0, sizeof *o);
}

static void
point(struct odds *o, long long v)
{
	make(o, v, 1, 1);
	big_set(&o->count[0], 1);
}

static long long
gcd(long long a, long long b)
{
	long long t;

	while (b != 0)
		t = a % b, a = b, b = t;
	return a < 0 ? -a : a;
}

/* a + b: every pair of totals. */
static void
convolve(struct odds *r, const struct odds *a, const struct odds *b)
{
	long long step = gcd(a->n > 1 ? a->step : 0, b->n > 1 ? b->step : 0);
	long long lo = a->lo + b->lo, hi;
	long i, j;

	step = step == 0 ? 1 : step;
	hi = a->lo + (a->n - 1) * a->step + b->lo + (b->n - 1) * b->step;
	make(r, lo, step, (long)((hi - lo) / step + 1));
	for (i = 0; i < a->n; i++)
		for (j = 0; !big_zero(&a->count[i]) && j < b->n; j++)
			big_addmul(&r->count[(a->lo + i * a->step + b->lo +
			    j * b->step - lo) / step], &a->count[i], &b->count[j]);
	add_factors(r, a->fac, a->nfac);
	add_factors(r, b->fac, b->nfac);
}

static int
conv_into(struct ctx *x, struct odds *a, const struct odds *b)
{
	struct odds r;
	double la = 1, lb = 1, limbs;
	long i;

	for (i = 0; i < a->n; i++)
		la = a->count[i].n > la ? a->count[i].n : la;
	for (i = 0; i < b->n; i++)
		lb = b->count[i].n > lb ? b->count[i].n : lb;
	limbs = la * lb;	/* the widest counts: a product's cost */
	if (spend(x, (double)a->n * b->n / 4 * (limbs < 8 ? 1 : limbs / 8)) < 0)
		return -1;
	convolve(&r, a, b);
	odds_free(a);
	*a = r;
	return 0;
}

static void
negate(struct odds *o)
{
	struct big t;
	long i;

	o->lo = -(o->lo + (o->n - 1) * o->step);
	for (i = 0; i < o->n / 2; i++) {
		t = o->count[i];
		o->count[i] = o->count[o->n - 1 - i];
		o->count[o->n - 1 - i] = t;
	}
}

/* Totals times c, or divided by c rounded down (E_DIV) or up (E_CEIL). */
static void
rescale(struct odds *o, int op, long long c)
{
	struct odds r;
	long long t, lo;
	long i;

	if (op == E_MUL && c < 0) {
		negate(o);
		c = -c;
	}
	if (op == E_MUL && c == 0) {
		make(&r, 0, 1, 1);
		for (i = 0; i < o->n; i++)
			big_add(&r.count[0], &o->count[i]);
	} else if (op == E_MUL) {
		o->lo *= c;
		o->step *= c;
		return;
	} else {
		lo = op == E_DIV ? floor_div(o->lo, c) : ceil_div(o->lo, c);
		t = op == E_DIV ? floor_div(o->lo + (o->n - 1) * o->step, c) :
		    ceil_div(o->lo + (o->n - 1) * o->step, c);
		make(&r, lo, o->step % c == 0 ? o->step / c : 1, 1);
		odds_free(&r);
		make(&r, lo, o->step % c == 0 ? o->step / c : 1,
		    (long)((t - lo) / (o->step % c == 0 ? o->step / c : 1) + 1));
		for (i = 0; i < o->n; i++) {
			t = o->lo + i * o->step;
			t = op == E_DIV ? floor_div(t, c) : ceil_div(t, c);
			big_add(&r.count[(t - lo) / r.step], &o->count[i]);
		}
	}
	add_factors(&r, o->fac, o->nfac);
	odds_free(o);
	*o = r;
}

/* One die before explosions: faces, then a reroll. */
static void
die_faces(struct odds *o, const struct term *t)
{
	uint32_t s = (uint32_t)(t->fhi - t->flo + 1), m = 0, left;
	long i;

	make(o, t->flo, 1, (long)s);
	for (i = 0; i < o->n; i++)
		m += t->reroll && term_rerolls(t, t->flo + i);
	left = s - m;
	for (i = 0; i < o->n; i++) {
		if (t->reroll == 1)	/* kept at once, or rerolled onto it */
			big_set(&o->count[i], (uint64_t)m +
			    (term_rerolls(t, t->flo + i) ? 0 : s));
		else
			big_set(&o->count[i], !(t->reroll == 2 &&
			    term_rerolls(t, t->flo + i)));
	}
	add_factors(o, t->reroll == 2 ? &left : &s, 1);
	if (t->reroll == 1)
		add_factors(o, &s, 1);
}

/* What one draw adds: what it shows, or its success count (scored). */
static long long
worth(const struct term *t, long long f, int extra, int scored)
{
	long long v = term_shown(t, f, extra);

	return scored ? term_score(t, v) : v;
}

/* A distribution of what each face of o is worth, faces flo..fhi. */
static void
by_worth(struct odds *o, const struct term *t, int scored)
{
	struct odds r;
	long long lo = 0, hi = 0, w;
	long i;

	for (i = 0; i < o->n; i++) {
		w = worth(t, o->lo + i, 0, scored);
		lo = i == 0 || w < lo ? w : lo;
		hi = i == 0 || w > hi ? w : hi;
	}
	make(&r, lo, 1, (long)(hi - lo + 1));
	for (i = 0; i < o->n; i++)
		big_add(&r.count[worth(t, o->lo + i, 0, scored) - lo], &o->count[i]);
	add_factors(&r, o->fac, o->nfac);
	odds_free(o);
	*o = r;
}

/*
 * Explosions: R_k, the worth of a chain from a fresh draw that may still
 * explode EXPR_EXPLODE_MAX - k times, out of s^(MAX-k+1); R_MAX is a face.
 * R_k(v) = [v does not explode] s^(MAX-k) + sum over exploding f of
 * R_k+1(v - worth f); the first draw is the die's own, rerolls and all.
 * The worth of a draw: what it shows (summed: !, !! and the penetrating
 * ones), or its success count (each die of ! counted on its own).
 */
static int
chain(struct ctx *x, struct odds *o, const struct term *t, int scored)
{
	uint32_t s = (uint32_t)(t->fhi - t->flo + 1);
	long long a0 = 0, b0 = 0, a1 = 0, b1 = 0, vlo, vhi, w;
	long n, i, f, m = 0;
	struct big *cur, *next, *tmp, pw = { 0 };
	struct odds r;
	int k;

	if (!t->explode) {
		by_worth(o, t, scored);
		return 0;
	}
	for (f = t->flo; f <= t->fhi; f++) {
		m += cmp_true(&t->ex, f);
		w = worth(t, f, 0, scored), a0 = w < a0 ? w : a0, b0 = w > b0 ? w : b0;
		w = worth(t, f, 1, scored), a1 = w < a1 ? w : a1, b1 = w > b1 ? w : b1;
	}
	vlo = (a0 < a1 ? a0 : a1) + t->exmax * a1;
	vhi = (b0 > b1 ? b0 : b1) + t->exmax * b1;
	n = (long)(vhi - vlo + 1);
	if (spend(x, (double)t->exmax * (m + 1) * n) < 0)
		return -1;
	cur = ereallocarray(NULL, (size_t)n, sizeof *cur);
	next = ereallocarray(NULL, (size_t)n, sizeof *next);
	memset(cur, 0, (size_t)n * sizeof *cur);
	memset(next, 0, (size_t)n * sizeof *next);
	big_set(&pw, 1);
	for (f = t->flo; f <= t->fhi; f++)	/* faces of one worth: added */
		big_add(&cur[worth(t, f, 1, scored) - vlo], &pw);
	big_set(&pw, 1);
	for (k = t->exmax - 1; k >= 0; k--) {	/* k = 0: the die's own */
		big_mulsmall(&pw, s, 0);
		for (i = 0; i < n; i++)
			big_set(&next[i], 0);
		for (f = t->flo; f <= t->fhi; f++) {
			struct big wt = { 0 };

			if (k == 0)
				big_copy(&wt, &o->count[f - o->lo]);
			else
				big_set(&wt, 1);
			w = worth(t, f, k > 0, scored);
			if (!cmp_true(&t->ex, f))
				big_addmul(&next[w - vlo], &wt, &pw);
			else
				for (i = 0; i < n; i++)
					if (i + w >= 0 && i + w < n &&
					    !big_zero(&cur[i]))
						big_addmul(&next[i + w], &wt, &cur[i]);
			big_free(&wt);
		}
		tmp = cur, cur = next, next = tmp;
	}
	memset(&r, 0, sizeof r);
	r.lo = vlo;
	r.step = 1;
	r.count = cur;
	r.n = n;
	add_factors(&r, o->fac, o->nfac);
	for (k = 0; k < t->exmax; k++)
		add_factors(&r, &s, 1);
	for (i = 0; i < n; i++)
		big_free(&next[i]);
	free(next);
	big_free(&pw);
	odds_free(o);
	*o = r;
	trim_ends(o);
	return 0;
}

/* A die's distribution of scores, -1..1, when it counts successes. */
static void
to_scores(struct odds *o, const struct term *t)
{
	struct odds r;
	long i;

	make(&r, -1, 1, 3);
	for (i = 0; i < o->n; i++)
		big_add(&r.count[term_score(t, o->lo + i * o->step) + 1],
		    &o->count[i]);
	add_factors(&r, o->fac, o->nfac);
	odds_free(o);
	*o = r;
}

static int
uniform(const struct odds *o)
{
	long i;

	for (i = 1; i < o->n; i++)
		if (big_cmp(&o->count[i], &o->count[0]) != 0)
			return 0;
	return !big_zero(&o->count[0]);
}

/*
 * The sum of n uniform dice of m faces: the coefficients c[s] of
 * (1 + x + ... + x^(m-1))^n, from P'/P = n Q'/Q, a recurrence of three
 * earlier counts and one exact division a total (no convolution):
 *   (s+1) c[s+1] = (s+n) c[s] + (N+m-s) c[s-m] - (nm+m-1-s) c[s-m+1],
 * N = n(m-1) the last total; the second half mirrors the first.  Each
 * outcome weighs the same, w, so every count is multiplied by w^n.
 */
static int
uniform_sum(struct ctx *x, struct odds *o, uint32_t n)
{
	long long m = o->n, size = (long long)n * (m - 1) + 1, s;
	double limbs;
	struct big *c, a = { 0 }, w = { 0 };
	struct odds r;
	int bits;

	for (bits = 1; (1LL << bits) < m && bits < 62; bits++)
		;
	limbs = (double)n * bits / 32 + 1;
	if (size > ODDS_TOTALS_MAX || spend(x, (double)size / 2 * limbs / 2) < 0) {
		snprintf(x->said, sizeof x->said, "%lld totals, each a count of "
		    "up to %.0f bits: about %.2g steps of counting, the limit %.2g",
		    size, limbs * 32, (double)size / 2 * limbs / 2,
		    (double)ODDS_WORK_MAX);	/* ~4 passes of half the limbs */
		x->why = x->said;
		return -1;
	}
	c = ereallocarray(NULL, (size_t)size, sizeof *c);
	memset(c, 0, (size_t)size * sizeof *c);
	big_set(&c[0], 1);
	for (s = 0; s + 1 <= (size - 1) / 2; s++) {
		big_set(&a, 0);
		big_addsmall(&a, &c[s], (uint32_t)(s + n));
		if (s >= m)
			big_addsmall(&a, &c[s - m], (uint32_t)(size - 1 + m - s));
		if (s >= m - 1) {
			big_set(&w, 0);
			big_addsmall(&w, &c[s - m + 1], (uint32_t)((long long)n * m + m - 1 - s));
			big_sub(&a, &w);
		}
		big_divsmall(&a, (uint32_t)(s + 1));
		big_copy(&c[s + 1], &a);
	}
	for (s = (size - 1) / 2 + 1; s < size; s++)
		big_copy(&c[s], &c[size - 1 - s]);
	big_set(&w, 1);
	for (s = 0; s < n; s++)
		big_mul(&a, &w, &o->count[0]), big_copy(&w, &a);
	for (s = 0; s < size && (w.n != 1 || w.w[0] != 1); s++)
		big_mul(&a, &c[s], &w), big_copy(&c[s], &a);
	memset(&r, 0, sizeof r);
	r.lo = o->lo * (long long)n;
	r.step = o->step;
	r.n = (long)size;
	r.count = c;
	for (s = 0; s < n; s++)
		add_factors(&r, o->fac, o->nfac);
	big_free(&a), big_free(&w);
	odds_free(o);
	*o = r;
	return 0;
}

/* The sum of n dice of o, all kept. */
static int
power(struct ctx *x, struct odds *o, uint32_t n)
{
	struct odds acc;
	uint32_t i;

	double est = 0, wl = 1, la;
	long j;

	if (uniform(o))
		return uniform_sum(x, o, n);
	for (j = 0; j < o->n; j++)
		wl = o->count[j].n > wl ? o->count[j].n : wl;
	for (i = 1; i < n && est <= ODDS_WORK_MAX; i++) {	/* refuse at once */
		la = wl * i * wl;
		est += (double)i * o->n * o->n / 4 * (la < 8 ? 1 : la / 8);
	}
	if (est > ODDS_WORK_MAX - x->work)
		return too_much(x, est);
	point(&acc, 0);
	for (i = 0; i < n; i++)
		if (conv_into(x, &acc, o) < 0) {
			odds_free(&acc);
			return -1;
		}
	odds_free(o);
	*o = acc;
	return 0;
}

/* c[j] = C(m, j) for j = 0..m. */
static void
binomials(struct big *c, uint32_t m)
{
	uint32_t j;

	big_set(&c[0], 1);
	for (j = 0; j < m; j++) {
		big_copy(&c[j + 1], &c[j]);
		big_mulsmall(&c[j + 1], m - j, 0);
		big_divsmall(&c[j + 1], j + 1);
	}
}

/*
 * Keep k of n dice (the highest, or the lowest: the values walked the
 * other way).  st[a][s]: a dice placed so far, all kept, scoring s.  At
 * value v, j of the n - a dice left show v: a + j < k leaves a new state;
 * else the k - a still to keep are filled with v and the n - a - j others
 * show a value still to come, in rest^(n-a-j) ways.
 */
struct keep {
	uint32_t n, k;
	long long slo;		/* the least score of k dice */
	long	 width;
	struct big *st, *res, *cn, *pw, *pr, f, t;
	double	 limbs;		/* about the limbs of a count, for the cost */
	long	*from, *to;	/* st[a] is zero outside from[a]..to[a] */
};

static void
widen(struct keep *K, uint32_t a, long s)
{
	if (K->from[a] > K->to[a])
		K->from[a] = K->to[a] = s;
	else if (s < K->from[a])
		K->from[a] = s;
	else if (s > K->to[a])
		K->to[a] = s;
}

static int
keep_value(struct ctx *x, struct keep *K, const struct odds *o,
    const struct term *t, long i, const struct big *rest)
{
	long long g = term_score(t, o->lo + i);
	const struct big *w = &o->count[i];
	uint32_t a, j;
	long s, steps = 0;

	for (a = 0; a < K->k; a++)
		steps += K->to[a] >= K->from[a] ? (K->to[a] - K->from[a] + 1) *
		    (long)K->k : 0;
	if (spend(x, ((double)steps + 4.0 * K->n * K->k) * K->limbs) < 0)
		return -1;
	big_set(&K->pw[0], 1);
	big_set(&K->pr[0], 1);
	for (j = 1; j <= K->n; j++) {
		big_mul(&K->pw[j], &K->pw[j - 1], w);
		big_mul(&K->pr[j], &K->pr[j - 1], rest);
	}
	for (a = K->k; a-- > 0;) {
		binomials(K->cn, K->n - a);
		big_set(&K->f, 0);	/* the ways to fill the rest from v */
		for (j = K->k - a; j <= K->n - a; j++) {
			big_mul(&K->t, &K->cn[j], &K->pw[j]);
			big_addmul(&K->f, &K->t, &K->pr[K->n - a - j]);
		}
		for (s = K->from[a]; s <= K->to[a]; s++) {
			struct big *c = &K->st[a * K->width + s];

			if (big_zero(c))
				continue;
			big_addmul(&K->res[s + (long)(K->k - a) * g], c, &K->f);
			for (j = 1; a + j < K->k; j++) {
				big_mul(&K->t, &K->cn[j], &K->pw[j]);
				big_addmul(&K->st[(a + j) * K->width + s + (long)j * g],
				    c, &K->t);
				widen(K, a + j, s + (long)j * g);
			}
		}
	}
	return 0;
}

static int
keep_count(struct ctx *x, struct odds *o, const struct term *t)
{
	struct keep K = { 0 };
	struct big rest = { 0 };
	long long lo = o->lo, hi = o->lo + o->n - 1, gl = 0, gh = 0, g;
	long i, idx, size;
	double est;
	struct odds r;

	for (i = 0; i < o->n; i++) {
		g = term_score(t, o->lo + i);
		gl = g < gl ? g : gl;
		gh = g > gh ? g : gh;
	}
	(void)lo, (void)hi;
	K.n = t->count;
	K.k = t->keep;
	K.width = (long)((gh - gl) * K.k + 1);
	K.slo = gl * K.k;
	/* scores of a dice counted from 0: st holds s - a*gl, offset by k*gl */
	for (i = 0, est = 0; i < o->n; i++)
		est += o->count[i].n;
	est = (double)K.n * 32 * est / o->n / 128 + 1;	/* about the limbs */
	for (i = 0, g = 0; i < (long)K.k; i++)
		g += (long long)i * (gh - gl) + 1;	/* the states a walk may hold */
	if (spend(x, (double)K.k * K.width / 8) < 0)
		return -1;
	if ((double)o->n * g * K.k * est > ODDS_WORK_MAX - x->work)
		return too_much(x, (double)o->n * g * K.k * est);	/* before it starts */
	size = (long)K.k * K.width;
	K.from = ereallocarray(NULL, K.k, sizeof *K.from);
	K.to = ereallocarray(NULL, K.k, sizeof *K.to);
	for (i = 0; i < (long)K.k; i++)
		K.from[i] = 1, K.to[i] = 0;
	K.st = ereallocarray(NULL, (size_t)size, sizeof *K.st);
	K.res = ereallocarray(NULL, (size_t)K.width, sizeof *K.res);
	K.cn = ereallocarray(NULL, K.n + 1, sizeof *K.cn);
	K.pw = ereallocarray(NULL, K.n + 1, sizeof *K.pw);
	K.pr = ereallocarray(NULL, K.n + 1, sizeof *K.pr);
	memset(K.st, 0, (size_t)size * sizeof *K.st);
	memset(K.res, 0, (size_t)K.width * sizeof *K.res);
	memset(K.cn, 0, (K.n + 1) * sizeof *K.cn);
	memset(K.pw, 0, (K.n + 1) * sizeof *K.pw);
	memset(K.pr, 0, (K.n + 1) * sizeof *K.pr);
	big_set(&K.st[-K.slo], 1);	/* no dice placed, score 0 */
	for (i = 0; i < o->n; i++)
		big_add(&K.f, &o->count[i]);
	K.limbs = (double)K.n * big_bits(&K.f) / 128 + 1;
	widen(&K, 0, (long)-K.slo);
	for (i = 0; i < o->n; i++)
		big_add(&rest, &o->count[i]);
	for (i = 0; i < o->n; i++) {
		idx = t->keephigh ? o->n - 1 - i : i;
		big_sub(&rest, &o->count[idx]);	/* the values still to come */
		if (!big_zero(&o->count[idx]) &&
		    keep_value(x, &K, o, t, idx, &rest) < 0)
			break;
	}
	memset(&r, 0, sizeof r);
	r.lo = K.slo;
	r.step = 1;
	r.n = K.width;
	r.count = K.res;
	for (i = 0; i < (long)K.n; i++)
		add_factors(&r, o->fac, o->nfac);
	for (i = 0; i < size; i++)
		big_free(&K.st[i]);
	for (i = 0; i <= (long)K.n; i++) {
		big_free(&K.cn[i]);
		big_free(&K.pw[i]);
		big_free(&K.pr[i]);
	}
	free(K.st), free(K.cn), free(K.pw), free(K.pr), free(K.from), free(K.to);
	big_free(&K.f), big_free(&K.t), big_free(&rest);
	odds_free(o);
	*o = r;
	return x->why != NULL ? -1 : 0;
}

/*
 * Keep or drop among a pool that explosions grow (!, !p: each extra die
 * kept, dropped and counted on its own): the pool's dice walked one draw
 * at a time, a state being the kn dice at the kept (keep) or dropped
 * (drop) end so far, sorted, and what the dice pushed past them score
 * (drop: they are kept).  States in a hash map, each with its count.
 */
struct msmap {
	long long *key;		/* cap keys of width: length, values, score */
	struct big *w;
	char	*used;
	long	 cap, n;
	int	 width;
};

static void
ms_open(struct msmap *h, int width, long cap)
{
	h->width = width;
	h->cap = cap;
	h->n = 0;
	h->key = ereallocarray(NULL, (size_t)cap * (size_t)width, sizeof *h->key);
	h->w = ereallocarray(NULL, (size_t)cap, sizeof *h->w);
	h->used = ereallocarray(NULL, (size_t)cap, 1);
	memset(h->w, 0, (size_t)cap * sizeof *h->w);
	memset(h->used, 0, (size_t)cap);
}

static void
ms_close(struct msmap *h)
{
	long i;

	for (i = 0; i < h->cap; i++)
		big_free(&h->w[i]);
	free(h->key), free(h->w), free(h->used);
	memset(h, 0, sizeof *h);
}

static uint64_t
ms_hash(const long long *k, int width)
{
	uint64_t x = 1469598103934665603ULL;
	int i;

	for (i = 0; i < width; i++)
		x = (x ^ (uint64_t)k[i]) * 1099511628211ULL;
	return x ^ x >> 29;
}

static struct big *ms_slot(struct msmap *, const long long *);

static void
ms_grow(struct msmap *h)
{
	struct msmap g;
	long i;

	ms_open(&g, h->width, h->cap * 2);
	for (i = 0; i < h->cap; i++)
		if (h->used[i]) {
			struct big *b = ms_slot(&g, h->key + i * h->width);

			*b = h->w[i];
			memset(&h->w[i], 0, sizeof h->w[i]);
		}
	ms_close(h);
	*h = g;
}

/* The count of state k, made 0 when new. */
static struct big *
ms_slot(struct msmap *h, const long long *k)
{
	long i;

	if (2 * (h->n + 1) > h->cap)
		ms_grow(h);
	for (i = (long)(ms_hash(k, h->width) & (uint64_t)(h->cap - 1));
	    h->used[i]; i = (i + 1) & (h->cap - 1))
		if (memcmp(h->key + i * h->width, k, (size_t)h->width *
		    sizeof *k) == 0)
			return &h->w[i];
	h->used[i] = 1;
	h->n++;
	memcpy(h->key + i * h->width, k, (size_t)h->width * sizeof *k);
	return &h->w[i];
}

struct poolspec {
	const struct term *t;
	int	 m;		/* dice held at the end */
	int	 top;		/* the held end is the highest */
	int	 pushed_count;	/* drop: the dice pushed past are kept */
};

/* k' = k with v placed: the held end keeps m, the one pushed past is scored. */
static void
place(const struct poolspec *ps, const long long *k, long long v, long long *out)
{
	int len = (int)k[0], i;
	long long acc = k[ps->m + 1], gone;

	memcpy(out, k, (size_t)(ps->m + 2) * sizeof *k);
	if (len < ps->m) {	/* room: v among the held, sorted */
		for (i = len; i > 0 && out[i] > v; i--)
			out[i + 1] = out[i];
		out[i + 1] = v;
		out[0] = len + 1;
		return;
	}
	if (ps->m == 0 || (ps->top ? v <= out[1] : v >= out[len]))
		gone = v;	/* v itself passes the held end */
	else if (ps->top) {	/* the lowest held goes; v in its place */
		gone = out[1];
		for (i = 1; i < len && out[i + 1] < v; i++)
			out[i] = out[i + 1];
		out[i] = v;
	} else {		/* the highest held goes */
		gone = out[len];
		for (i = len; i > 1 && out[i - 1] > v; i--)
			out[i] = out[i - 1];
		out[i] = v;
	}
	out[ps->m + 1] = acc + (ps->pushed_count ? term_score(ps->t, gone) : 0);
}

/* The states after one more die (its chain of explosions) of faces o. */
static int
pool_die(struct ctx *x, const struct poolspec *ps, struct msmap *done,
    const struct odds *o)
{
	const struct term *t = ps->t;
	uint32_t s = (uint32_t)(t->fhi - t->flo + 1);
	struct msmap cur, next;
	struct big pw = { 0 }, wt = { 0 }, t2 = { 0 }, *b;
	long long nk[2 * EXPR_COUNT_MAX + 4];
	long i, f;
	int k;

	cur = *done;
	ms_open(done, ps->m + 2, 64);
	for (k = 0; k <= t->exmax && cur.n > 0; k++) {
		if (spend(x, (double)cur.n * s * (ps->m + 4)) < 0)
			break;
		ms_open(&next, ps->m + 2, 64);
		big_set(&pw, 1);
		for (i = k; i < t->exmax; i++)
			big_mulsmall(&pw, s, 0);	/* the draws that did not come */
		for (i = 0; i < cur.cap; i++)
			for (f = t->flo; cur.used[i] && f <= t->fhi; f++) {
				if (k == 0)
					big_copy(&wt, &o->count[f - o->lo]);
				else
					big_set(&wt, 1);
				if (big_zero(&wt))
					continue;
				place(ps, cur.key + i * cur.width,
				    term_shown(t, f, k > 0), nk);
				if (k < t->exmax && cmp_true(&t->ex, f)) {
					b = ms_slot(&next, nk);
					big_addmul(b, &cur.w[i], &wt);
				} else {
					big_mul(&t2, &wt, &pw);
					b = ms_slot(done, nk);
					big_addmul(b, &cur.w[i], &t2);
				}
			}
		ms_close(&cur);
		cur = next;
	}
	ms_close(&cur);
	big_free(&pw), big_free(&wt), big_free(&t2);
	return x->why != NULL ? -1 : 0;
}

static int
pool_keep(struct ctx *x, struct odds *o, const struct term *t)
{
	struct poolspec ps = { t, (int)t->kn, (t->kd == 'k') == t->keephigh,
	    t->kd == 'd' };
	struct msmap done;
	long long k0[2 * EXPR_COUNT_MAX + 4] = { 0 }, lo = 0, hi = 0, v;
	uint32_t s = (uint32_t)(t->fhi - t->flo + 1), d;
	long i;
	int j, first = 1;

	ms_open(&done, ps.m + 2, 64);
	big_set(ms_slot(&done, k0), 1);
	for (d = 0; d < t->count; d++)
		if (pool_die(x, &ps, &done, o) < 0) {
			ms_close(&done);
			return -1;
		}
	for (i = 0; i < done.cap; i++) {	/* the totals: a first pass for the range */
		long long *k = done.key + i * done.width;

		if (!done.used[i])
			continue;
		for (v = k[ps.m + 1], j = 1; t->kd == 'k' && j <= ps.m; j++)
			v += term_score(t, k[j]);
		lo = first || v < lo ? v : lo;
		hi = first || v > hi ? v : hi;
		first = 0;
		k[ps.m + 1] = v;
	}
	{
		struct odds r;

		make(&r, lo, 1, (long)(hi - lo + 1));
		for (i = 0; i < done.cap; i++)
			if (done.used[i])
				big_add(&r.count[done.key[i * done.width + ps.m + 1] - lo],
				    &done.w[i]);
		for (d = 0; d < t->count; d++) {
			add_factors(&r, o->fac, o->nfac);
			for (j = 0; j < t->exmax; j++)
				add_factors(&r, &s, 1);
		}
		odds_free(o);
		*o = r;
	}
	ms_close(&done);
	return 0;
}

/*
 * mt (Roll20): the number of faces that n dice show msize times or more.
 * The values of o walked one by one, a state being how many dice are
 * placed (j) and how many sets made (s): c more of the n - j show v in
 * C(n-j, c) w^c ways, w the ways one die shows v.
 */
static int
sets_count(struct ctx *x, struct odds *o, const struct term *t)
{
	long n = (long)t->count, S = n / t->msize + 1, j, s, c, i;
	struct big *cur, *next, *tmp, k = { 0 }, u = { 0 };
	struct odds r;
	int hit;

	if (spend(x, (double)o->n * (n + 1) * S * (n + 1) / 2 *
	    ((double)n * big_bits(&o->count[0]) / 32 / 8 + 1)) < 0)
		return -1;
	cur = ereallocarray(NULL, (size_t)((n + 1) * S), sizeof *cur);
	next = ereallocarray(NULL, (size_t)((n + 1) * S), sizeof *next);
	memset(cur, 0, (size_t)((n + 1) * S) * sizeof *cur);
	memset(next, 0, (size_t)((n + 1) * S) * sizeof *next);
	big_set(&cur[0], 1);
	for (i = 0; i < o->n; i++) {
		if (big_zero(&o->count[i]))
			continue;
		hit = !t->mcmp.op || cmp_true(&t->mcmp, o->lo + i * o->step);
		for (j = 0; j < (n + 1) * S; j++)
			big_set(&next[j], 0);
		for (j = 0; j <= n; j++)
			for (s = 0; s < S; s++) {
				if (big_zero(&cur[j * S + s]))
					continue;
				big_set(&k, 1);	/* C(n-j, c) w^c */
				for (c = 0; j + c <= n; c++) {
					long s2 = s + (hit && c >= t->msize);

					big_addmul(&next[(j + c) * S + s2], &cur[j * S + s], &k);
					big_mulsmall(&k, (uint32_t)(n - j - c), 0);
					big_divsmall(&k, (uint32_t)(c + 1));
					big_mul(&u, &k, &o->count[i]);
					big_copy(&k, &u);
				}
			}
		tmp = cur, cur = next, next = tmp;
	}
	make(&r, 0, 1, S);
	for (s = 0; s < S; s++)
		big_copy(&r.count[s], &cur[n * S + s]);
	for (j = 0; j < n; j++)
		add_factors(&r, o->fac, o->nfac);
	for (j = 0; j < (n + 1) * S; j++)
		big_free(&cur[j]), big_free(&next[j]);
	free(cur), free(next);
	big_free(&k), big_free(&u);
	odds_free(o);
	*o = r;
	return 0;
}

static int
count_term(struct ctx *x, struct odds *o, const struct term *t)
{
	int apart = t->explode == EX_EXPLODE || t->explode == EX_PENETRATE;
	int scored = t->cs.op || t->cf.op;

	if (t->count == 0) {
		point(o, 0);
		return 0;
	}
	if (t->unique) {
		x->why = "unique dice (u): not counted exactly; roll -n many instead";
		return -1;
	}
	die_faces(o, t);
	if (t->kd && apart)
		return pool_keep(x, o, t);
	if (chain(x, o, t, scored && apart) < 0)
		return -1;
	if (t->match == 't')
		return chain(x, o, t, 0) < 0 ? -1 : sets_count(x, o, t);
	if (t->kd && t->keep == 0) {	/* dropped more than there are */
		odds_free(o);
		point(o, 0);
		return 0;
	}
	if (t->kd && t->keep < t->count)
		return keep_count(x, o, t);
	if (scored && !apart)
		to_scores(o, t);
	return power(x, o, t->count);
}


/* x OP y for every pair of totals: products, quotients, powers, min, max. */
static int
pairwise(struct ctx *x, struct odds *o, const struct odds *b, int op)
{
	struct odds r;
	long long lo = 0, hi = 0, v;
	long i, j;
	int first = 1;

	if (spend(x, (double)o->n * b->n) < 0)
		return -1;
	for (i = 0; i < o->n; i++)
		for (j = 0; !big_zero(&o->count[i]) && j < b->n; j++) {
			if (big_zero(&b->count[j]))
				continue;
			v = expr_apply(op, o->lo + i * o->step, b->lo + j * b->step);
			lo = first || v < lo ? v : lo;
			hi = first || v > hi ? v : hi;
			first = 0;
		}
	if (hi - lo >= ODDS_TOTALS_MAX) {
		x->why = "too many totals to count exactly";
		return -1;
	}
	make(&r, lo, 1, (long)(hi - lo + 1));
	for (i = 0; i < o->n; i++)
		for (j = 0; !big_zero(&o->count[i]) && j < b->n; j++)
			if (!big_zero(&b->count[j]))
				big_addmul(&r.count[expr_apply(op, o->lo + i * o->step,
				    b->lo + j * b->step) - lo], &o->count[i], &b->count[j]);
	add_factors(&r, o->fac, o->nfac);
	add_factors(&r, b->fac, b->nfac);
	odds_free(o);
	*o = r;
	return 0;
}

/* |x| */
static void
absolute(struct odds *o)
{
	struct odds r;
	long long hi = 0, v;
	long i;

	for (i = 0; i < o->n; i++) {
		v = o->lo + i * o->step;
		hi = (v < 0 ? -v : v) > hi ? (v < 0 ? -v : v) : hi;
	}
	make(&r, 0, 1, (long)hi + 1);
	for (i = 0; i < o->n; i++) {
		v = o->lo + i * o->step;
		big_add(&r.count[v < 0 ? -v : v], &o->count[i]);
	}
	add_factors(&r, o->fac, o->nfac);
	odds_free(o);
	*o = r;
}

static int count_node(struct ctx *, struct odds *, const struct expr *, int);

/* A group kept or dropped: its totals walked as a pool of dice is. */
static int
group_keep(struct ctx *x, struct odds *o, const struct expr *e,
    const struct enode *g)
{
	struct poolspec ps = { &g->t, (int)g->t.kn,
	    (g->t.kd == 'k') == g->t.keephigh, g->t.kd == 'd' };
	struct msmap cur, next;
	struct odds it, r;
	long long k0[EXPR_NODES_MAX + 4] = { 0 }, nk[EXPR_NODES_MAX + 4], v;
	long long lo = 0, hi = 0;
	long i, j;
	int item, first = 1, rc = 0;

	memset(&r, 0, sizeof r);
	ms_open(&cur, ps.m + 2, 64);
	big_set(ms_slot(&cur, k0), 1);
	for (item = g->a; item >= 0 && rc == 0; item = e->node[item].b) {
		if ((rc = count_node(x, &it, e, e->node[item].a)) < 0 ||
		    (rc = spend(x, (double)cur.n * it.n * (ps.m + 4))) < 0) {
			odds_free(&it);
			break;
		}
		ms_open(&next, ps.m + 2, 64);
		for (i = 0; i < cur.cap; i++)
			for (j = 0; cur.used[i] && j < it.n; j++)
				if (!big_zero(&it.count[j])) {
					place(&ps, cur.key + i * cur.width,
					    it.lo + j * it.step, nk);
					big_addmul(ms_slot(&next, nk), &cur.w[i],
					    &it.count[j]);
				}
		add_factors(&r, it.fac, it.nfac);
		odds_free(&it);
		ms_close(&cur);
		cur = next;
	}
	for (i = 0; rc == 0 && i < cur.cap; i++) {
		long long *k = cur.key + i * cur.width;

		if (!cur.used[i])
			continue;
		for (v = k[ps.m + 1], j = 1; g->t.kd == 'k' && j <= ps.m; j++)
			v += term_score(&g->t, k[j]);
		lo = first || v < lo ? v : lo;
		hi = first || v > hi ? v : hi;
		first = 0;
		k[ps.m + 1] = v;
	}
	if (rc == 0) {
		uint32_t *fac = r.fac;
		int nfac = r.nfac;

		make(&r, lo, 1, (long)(hi - lo + 1));
		r.fac = fac, r.nfac = nfac;
		for (i = 0; i < cur.cap; i++)
			if (cur.used[i])
				big_add(&r.count[cur.key[i * cur.width + ps.m + 1] - lo],
				    &cur.w[i]);
		*o = r;
	} else
		free(r.fac);
	ms_close(&cur);
	return rc;
}

/* A group: its totals added, or counted as successes and failures. */
static int
count_group(struct ctx *x, struct odds *o, const struct expr *e,
    const struct enode *g)
{
	struct odds b;
	int item;

	if (g->t.kd)
		return group_keep(x, o, e, g);
	point(o, 0);
	for (item = g->a; item >= 0; item = e->node[item].b) {
		if (count_node(x, &b, e, e->node[item].a) < 0) {
			odds_free(&b);
			return -1;
		}
		if (g->t.cs.op || g->t.cf.op)
			to_scores(&b, &g->t);
		if (conv_into(x, o, &b) < 0) {
			odds_free(&b);
			return -1;
		}
		odds_free(&b);
	}
	return 0;
}

/*
 * (EXPR)dN: for each count c, the dice's odds weighed by the count's, over
 * one denominator: the count's, times one die's to the most dice; a count
 * below the most is made up by a die's denominator for each die missing.
 */
static int
count_counted(struct ctx *x, struct odds *o, const struct expr *e,
    const struct enode *n)
{
	struct odds cnt, one, d, r;
	struct term t = n->t;
	struct big die = { 0 }, w = { 0 }, tmp = { 0 };
	long long hi = n->hi;
	long i, j, k;
	int rc = 0;

	memset(&r, 0, sizeof r);
	if (count_node(x, &cnt, e, n->a) < 0)
		return -1;
	t.count = 1, t.kd = 0, t.keep = 1;
	t.cs.op = t.cf.op = CMP_NONE;
	if (count_term(x, &one, &t) < 0) {
		odds_free(&cnt);
		return -1;
	}
	for (i = 0; i < one.n; i++)
		big_add(&die, &one.count[i]);	/* one die's denominator */
	make(&r, n->lo, 1, (long)(hi - n->lo + 1));
	for (i = 0; rc == 0 && i < cnt.n; i++) {
		if (big_zero(&cnt.count[i]))
			continue;
		t = n->t;
		t.count = (uint32_t)(cnt.lo + i * cnt.step);
		t.keep = t.kd == 'k' ? t.kn : t.kd == 'd' ? t.count - t.kn : t.count;
		if ((rc = count_term(x, &d, &t)) < 0)
			break;
		big_copy(&w, &cnt.count[i]);
		for (k = t.count; k < (long)n->t.count; k++) {
			big_mul(&tmp, &w, &die);
			big_copy(&w, &tmp);
		}
		for (j = 0; j < d.n; j++)
			if (!big_zero(&d.count[j]))
				big_addmul(&r.count[d.lo + j * d.step - n->lo], &w,
				    &d.count[j]);
		odds_free(&d);
	}
	if (rc == 0) {
		add_factors(&r, cnt.fac, cnt.nfac);
		for (k = 0; k < (long)n->t.count; k++)
			add_factors(&r, one.fac, one.nfac);
		*o = r;
	} else
		odds_free(&r);
	odds_free(&cnt), odds_free(&one);
	big_free(&die), big_free(&w), big_free(&tmp);
	return rc;
}

static uint32_t big_mod(const struct big *, uint32_t);

/*
 * (L/s)^N into q: what the N dice of s sides weigh over L^N, L the least
 * common multiple of every s; keep, drop and success counts (the only
 * modifiers of computed sides) leave s^N outcomes, checked.
 */
static int
sided_weight(struct ctx *x, struct big *q, const struct big *L, uint32_t s,
    uint32_t N, const struct odds *d)
{
	struct big one = { 0 }, all = { 0 }, tmp = { 0 };
	uint32_t k;
	long j;
	int same;

	big_copy(&one, L);
	big_divsmall(&one, s);
	big_set(q, 1), big_set(&all, 1);
	for (k = 0; k < N; k++) {
		big_mul(&tmp, q, &one);
		big_copy(q, &tmp);
		big_mulsmall(&all, s, 0);
	}
	big_set(&tmp, 0);
	for (j = 0; j < d->n; j++)
		big_add(&tmp, &d->count[j]);
	same = big_cmp(&tmp, &all) == 0;
	big_free(&one), big_free(&all), big_free(&tmp);
	if (!same)
		x->why = "computed sides: not counted exactly";
	return same ? 0 : -1;
}

/*
 * Nd(EXPR): for each number of sides s, the dice's odds weighed by the
 * sides' odds, over one denominator: the sides', times L^N (L the least
 * common multiple of the sides, far smaller than their product).
 */
static int
count_sided(struct ctx *x, struct odds *o, const struct expr *e,
    const struct enode *n)
{
	struct odds cnt, r, d;
	struct big L = { 0 }, q = { 0 }, w = { 0 };
	uint32_t s, g, N = n->t.count, *lf;
	struct term t;
	long i, j;
	int rc = 0, nlf = 0;

	if (count_node(x, &cnt, e, n->a) < 0)
		return -1;
	if (spend(x, (double)cnt.n * n->t.fhi * (N + 1)) < 0) {	/* the faces of each */
		odds_free(&cnt);
		return -1;
	}
	lf = ereallocarray(NULL, (size_t)cnt.n + 1, sizeof *lf);
	big_set(&L, 1);
	for (i = 0; i < cnt.n; i++) {
		if (big_zero(&cnt.count[i]))
			continue;
		s = (uint32_t)(cnt.lo + i * cnt.step);
		g = (uint32_t)gcd(s, big_mod(&L, s));
		if (s / g > 1)
			big_mulsmall(&L, s / g, 0), lf[nlf++] = s / g;
	}
	make(&r, n->lo, 1, (long)(n->hi - n->lo + 1));
	for (i = 0; rc == 0 && i < cnt.n; i++) {
		if (big_zero(&cnt.count[i]))
			continue;
		t = n->t;
		t.fhi = (int)(cnt.lo + i * cnt.step);
		if ((rc = count_term(x, &d, &t)) < 0)
			break;
		if ((rc = sided_weight(x, &q, &L, (uint32_t)t.fhi, N, &d)) == 0 &&
		    (rc = spend(x, (double)d.n * ((q.n + cnt.count[i].n) / 32 + 1))) == 0) {
			big_mul(&w, &q, &cnt.count[i]);
			for (j = 0; j < d.n; j++)
				if (!big_zero(&d.count[j]))
					big_addmul(&r.count[d.lo + j * d.step - n->lo], &w,
					    &d.count[j]);
		}
		odds_free(&d);
	}
	add_factors(&r, cnt.fac, cnt.nfac);
	for (j = 0; j < (long)N; j++)
		add_factors(&r, lf, nlf);
	free(lf);
	odds_free(&cnt);
	big_free(&L), big_free(&q), big_free(&w);
	if (rc == 0)
		*o = r;
	else
		odds_free(&r);
	return rc;
}

static int
count_node(struct ctx *x, struct odds *o, const struct expr *e, int i)
{
	const struct enode *n = &e->node[i];
	struct odds b;

	memset(o, 0, sizeof *o);
	switch (n->op) {
	case E_NUM:
		point(o, n->v);
		return 0;
	case E_DICE:
		return count_term(x, o, &n->t);
	case E_GROUP:
		return count_group(x, o, e, n);
	case E_NDICE:
		return count_counted(x, o, e, n);
	case E_SDICE:
		return count_sided(x, o, e, n);
	case E_NEG:
	case E_ABS:
		if (count_node(x, o, e, n->a) < 0)
			return -1;
		if (n->op == E_NEG)
			negate(o);
		else
			absolute(o);
		return 0;
	}
	if (count_node(x, o, e, n->a) < 0)
		return -1;
	if (n->op == E_MUL && e->node[n->b].lo == e->node[n->b].hi) {
		rescale(o, n->op, e->node[n->b].lo);	/* by a constant: steps kept */
		return 0;
	}
	if (count_node(x, &b, e, n->b) < 0) {
		odds_free(&b);
		return -1;
	}
	if (n->op == E_SUB)
		negate(&b);
	i = n->op == E_ADD || n->op == E_SUB ? conv_into(x, o, &b) :
	    pairwise(x, o, &b, n->op);
	odds_free(&b);
	return i;
}

/* Count every total of e; NULL, or why it cannot be counted exactly. */
const char *
odds_count(struct odds *o, const struct expr *e)
{
	struct ctx x;
	long i;

	memset(&x, 0, sizeof x);
	if (count_node(&x, o, e, e->root) < 0) {
		odds_free(o);
		snprintf(o->why, sizeof o->why, "%s", x.why != NULL ? x.why : too_long);
		return o->why;
	}
	trim_ends(o);
	big_set(&o->den, 0);
	for (i = 0; i < o->n; i++)
		big_add(&o->den, &o->count[i]);
	return NULL;
}

/* J: the outcomes of A, then those of B, as one: their dens multiplied. */
void
odds_then(struct odds *j, const struct odds *a, const struct odds *b)
{
	memset(j, 0, sizeof *j);
	big_mul(&j->den, &a->den, &b->den);
	j->nfac = a->nfac + b->nfac;
	j->fac = ereallocarray(NULL, (size_t)j->nfac + 1, sizeof *j->fac);
	memcpy(j->fac, a->fac, (size_t)a->nfac * sizeof *j->fac);
	memcpy(j->fac + a->nfac, b->fac, (size_t)b->nfac * sizeof *j->fac);
}

/* A d66 table's own die: tens and units on two d6, each of 36 totals once. */
void
odds_d66(struct odds *o)
{
	uint32_t six = 6;
	long t;

	odds_free(o);
	make(o, 11, 1, 56);
	for (t = 11; t <= 66; t++)
		big_set(&o->count[t - 11], t % 10 >= 1 && t % 10 <= 6);
	add_factors(o, &six, 1);
	add_factors(o, &six, 1);
	big_set(&o->den, 36);
}

/* The outcomes giving total or more. */
void
odds_at_least(const struct odds *o, long long total, struct big *n)
{
	long i;

	big_set(n, 0);
	for (i = 0; i < o->n; i++)
		if (o->lo + i * o->step >= total)
			big_add(n, &o->count[i]);
}

static uint32_t
big_mod(const struct big *a, uint32_t d)
{
	uint64_t r = 0;
	int i;

	for (i = a->n - 1; i >= 0; i--)
		r = (r << 32 | a->w[i]) % d;
	return (uint32_t)r;
}

/* The distinct primes of the factors, each with how often it divides den. */
static int
primes_of(const uint32_t *fac, int nfac, uint32_t *pr, int *mult)
{
	uint32_t f, p;
	int i, j, n = 0;

	for (i = 0; i < nfac; i++)
		for (f = fac[i], p = 2; f > 1; p++) {
			if (p * p > f)
				p = f;
			for (; f % p == 0; f /= p) {
				for (j = 0; j < n && pr[j] != p; j++)
					;
				if (j == n)
					pr[n] = p, mult[n++] = 0;
				mult[j]++;
			}
		}
	return n;
}

/* Both of n and d in 64 bits, with room to multiply by 10: 1, else 0. */
static int
small_pair(const struct big *n, const struct big *d, uint64_t *nv,
    uint64_t *dv)
{
	return big_bits(n) <= 60 && big_bits(d) <= 60 && big_u64(n, nv) &&
	    big_u64(d, dv);
}

static uint64_t
gcd_u64(uint64_t a, uint64_t b)
{
	uint64_t t;

	while (b != 0)
		t = a % b, a = b, b = t;
	return a;
}

/* n/d reduced, as reduce says it, when both fit in 64 bits: by their gcd. */
static char *
reduce_small(uint64_t n, uint64_t d)
{
	char s[2 * U64_DIGITS + 2], *p = s + sizeof s - 1;
	uint64_t g = gcd_u64(n, d);

	*p = '\0';
	if (d / g != 1) {
		p = u64_digits(p, d / g);
		*--p = '/';
	}
	return estrdup(u64_digits(p, n / g));
}

/*
 * What reduces every fraction of one distribution, found once: den's
 * primes, the power of each that divides den, and the last denominator
 * written (most totals of a large pool share it).
 */
struct odds_red {
	uint32_t *pr;
	int	*mult, np;
	int	*last;		/* the powers taken out of the last denominator */
	char	*den;		/* it, written; NULL before the first */
};

static struct odds_red *
red_open(const struct big *den, const uint32_t *fac, int nfac)
{
	struct odds_red *r = emalloc(sizeof *r);
	struct big d = { 0 };
	int i;

	r->pr = ereallocarray(NULL, (size_t)nfac * 8 + 1, sizeof *r->pr);
	r->mult = ereallocarray(NULL, (size_t)nfac * 8 + 1, sizeof *r->mult);
	r->np = primes_of(fac, nfac, r->pr, r->mult);
	r->last = ereallocarray(NULL, (size_t)r->np + 1, sizeof *r->last);
	r->den = NULL;
	for (i = 0; i < r->np; i++) {	/* the powers in den itself */
		big_copy(&d, den);
		for (r->mult[i] = 0; !big_zero(&d) && big_mod(&d, r->pr[i]) == 0;
		    r->mult[i]++)
			big_divsmall(&d, r->pr[i]);
	}
	big_free(&d);
	return r;
}

static void
red_free(struct odds_red *r)
{
	if (r == NULL)
		return;
	free(r->pr), free(r->mult), free(r->last), free(r->den);
	free(r);
}

/* How often p divides n, at most max, n divided by it: p^e at once, then p. */
static int
take_out(struct big *n, uint32_t p, int max)
{
	uint32_t pw;
	int k = 0, e;

	while (k < max) {
		for (pw = p, e = 1; k + e < max && pw <= UINT32_MAX / p; e++)
			pw *= p;
		if (big_mod(n, pw) != 0) {
			if (e == 1 || big_mod(n, p) != 0)
				break;
			pw = p, e = 1;
		}
		big_divsmall(n, pw);
		k += e;
	}
	return k;
}

/* den over p^k of each prime p, written; the last one kept. */
static const char *
red_den(struct odds_red *r, const struct big *den, const int *k)
{
	struct big d = { 0 };
	int i, j;

	if (r->den != NULL && memcmp(r->last, k, (size_t)r->np * sizeof *k) == 0)
		return r->den;
	big_copy(&d, den);
	for (i = 0; i < r->np; i++)
		for (j = 0; j < k[i]; j++)
			big_divsmall(&d, r->pr[i]);
	free(r->den);
	r->den = big_str(&d);
	memcpy(r->last, k, (size_t)r->np * sizeof *k);
	big_free(&d);
	return r->den;
}

/*
 * n/den reduced, "39/400", "0", "1": their gcd is a divisor of den, the
 * product of den's primes each to the power that divides n as well (taken
 * directly when both fit in 64 bits, as most totals' counts do).
 */
static char *
reduce_in(struct odds_red **red, const struct big *num, const struct big *den,
    const uint32_t *fac, int nfac)
{
	struct big n = { 0 };
	const char *b;
	char *a, *s;
	uint64_t nv, dv;
	int *k, i;

	if (big_zero(num) || big_cmp(num, den) == 0)
		return estrdup(big_zero(num) ? "0" : "1");
	if (small_pair(num, den, &nv, &dv))
		return reduce_small(nv, dv);
	if (*red == NULL)
		*red = red_open(den, fac, nfac);
	k = ereallocarray(NULL, (size_t)(*red)->np + 1, sizeof *k);
	big_copy(&n, num);
	for (i = 0; i < (*red)->np; i++)
		k[i] = take_out(&n, (*red)->pr[i], (*red)->mult[i]);
	a = big_str(&n);
	b = red_den(*red, den, k);
	s = emalloc(strlen(a) + strlen(b) + 2);
	sprintf(s, strcmp(b, "1") == 0 ? "%s" : "%s/%s", a, b);
	free(a), free(k);
	big_free(&n);
	return s;
}

/* A fraction of one denominator and no other. */
static char *
reduce(const struct big *num, const struct big *den, const uint32_t *fac,
    int nfac)
{
	struct odds_red *red = NULL;
	char *s = reduce_in(&red, num, den, fac, nfac);

	red_free(red);
	return s;
}

char *
odds_fraction(struct odds *o, const struct big *n)
{
	return reduce_in(&o->red, n, &o->den, o->fac, o->nfac);
}

/* floor(r * 10 / d) and r = r * 10 mod d: one decimal digit of r/d. */
static int
digit(struct big *r, const struct big *d)
{
	int q = 0;

	big_mulsmall(r, 10, 0);
	while (big_cmp(r, d) >= 0) {
		big_sub(r, d);
		q++;
	}
	return q;
}

/* floor(n / d) when it fits in 62 bits: by halving. */
static long long
quotient(const struct big *n, const struct big *d)
{
	struct big t = { 0 }, q = { 0 };
	long long lo = 0, hi, mid;
	int bits = big_bits(n) - big_bits(d) + 1;

	if (big_cmp(n, d) < 0)	/* a probability: the common case */
		return 0;
	hi = bits >= 62 ? (long long)1 << 62 : ((long long)1 << bits) - 1;
	while (lo < hi) {
		mid = lo + (hi - lo + 1) / 2;
		big_set(&q, (uint64_t)mid);
		big_mul(&t, d, &q);
		if (big_cmp(&t, n) <= 0)
			lo = mid;
		else
			hi = mid - 1;
	}
	big_free(&t), big_free(&q);
	return lo;
}

/*
 * n/d's whole part, places decimal digits (as '0' to '9') and whether what
 * is left is at least half of the last: schoolbook long division, in 64
 * bits when n and d fit there with room, else in bigints.
 */
static long long
long_division(const struct big *n, const struct big *d, int places,
    char *digits, int *up)
{
	struct big r = { 0 }, t = { 0 }, q = { 0 };
	uint64_t nv, dv, rv;
	long long whole;
	int i;

	if (small_pair(n, d, &nv, &dv)) {
		for (rv = nv % dv, i = 0; i < places; i++, rv %= dv)
			digits[i] = (char)('0' + (rv *= 10) / dv);
		*up = 2 * rv >= dv;
		return (long long)(nv / dv);
	}
	whole = quotient(n, d);
	big_set(&q, (uint64_t)whole);
	big_mul(&t, d, &q);
	big_copy(&r, n);
	big_sub(&r, &t);
	for (i = 0; i < places; i++)
		digits[i] = (char)('0' + digit(&r, d));
	big_copy(&t, &r);
	big_mulsmall(&t, 2, 0);
	*up = big_cmp(&t, d) >= 0;
	big_free(&r), big_free(&t), big_free(&q);
	return whole;
}

/* n/d (n, d >= 0) rounded to places decimals, halves up: "0.1667", "12.50". */
char *
odds_decimal(const struct big *n, const struct big *d, int places)
{
	char *s = emalloc((size_t)places + 64), *p;	/* the digits at s + 32 */
	int i, w, up;
	long long whole;

	whole = long_division(n, d, places, s + 32, &up);
	w = (int)(s + 31 - u64_digits(s + 31, (uint64_t)whole));	/* whole < 2^62 */
	memmove(s + 1, s + 31 - w, (size_t)w);
	s[0] = '0';	/* a leading 0 takes a carry */
	s[w + 1] = '.';
	w += 2;
	memmove(s + w, s + 32, (size_t)places);
	s[w + places] = '\0';
	for (i = w + places - 1; up && i >= 0; i--) {
		if (s[i] == '.')
			continue;
		if (s[i] != '9') {
			s[i]++;
			break;
		}
		s[i] = '0';
	}
	if (places == 0)
		s[w - 1] = '\0';
	p = estrdup(s + (s[0] == '0' && s[1] != '.'));
	free(s);
	return p;
}

/*
 * -O: digits significant figures of n/d in scientific form, "~" before it
 * when the figures are rounded (to the nearest, halves up); exact ones
 * bare: "1.38888888888889e-2" is ~1/72.
 */
char *
odds_fine(const struct big *n, const struct big *d, int digits)
{
	struct big r = { 0 }, twice = { 0 };
	char *s = emalloc((size_t)digits + 32), m[64];
	int e = 0, i, q;

	if (big_zero(n))
		return estrdup("0");
	big_copy(&r, n);
	while (big_cmp(&r, d) < 0) {	/* the first significant digit */
		big_mulsmall(&r, 10, 0);
		e--;
	}
	q = 0;
	while (big_cmp(&r, d) >= 0)
		big_sub(&r, d), q++;
	if (q >= 10) {			/* n/d is 1 */
		big_set(&r, 0);
		q = 1, e++;
	}
	m[0] = (char)('0' + q);
	for (i = 1; i < digits; i++)
		m[i] = (char)('0' + digit(&r, d));
	big_copy(&twice, &r);
	big_mulsmall(&twice, 2, 0);
	for (i = digits - 1; big_cmp(&twice, d) >= 0 && i >= 0; i--) {
		if (m[i] != '9') {
			m[i]++;
			break;
		}
		m[i] = '0';
	}
	if (i < 0)	/* 9.99... rounded up to 10 */
		m[0] = '1', e++;
	while (digits > 1 && m[digits - 1] == '0')
		digits--;
	sprintf(s, "%s%c%s%.*se%d", big_zero(&r) ? "" : "~", m[0],
	    digits > 1 ? "." : "", digits - 1, m + 1, e);
	big_free(&r), big_free(&twice);
	return s;
}

/* S1 = sum (t - lo) count, S2 = sum (t - lo)^2 count. */
static void
moments(const struct odds *o, struct big *s1, struct big *s2)
{
	struct big v = { 0 }, sq = { 0 };
	long i;

	big_set(s1, 0);
	big_set(s2, 0);
	for (i = 0; i < o->n; i++) {
		if (big_zero(&o->count[i]))
			continue;
		big_set(&v, (uint64_t)(i * o->step));
		big_addmul(s1, &v, &o->count[i]);
		big_mul(&sq, &v, &v);
		big_addmul(s2, &sq, &o->count[i]);
	}
	big_free(&v), big_free(&sq);
}

/* |N|/den to 4 decimals, N's sign given: "-6.5000", "3.5000". */
static char *
signed_decimal(int neg, const struct big *n, const struct big *den)
{
	char *ds = odds_decimal(n, den, 4), *s = emalloc(strlen(ds) + 2);

	sprintf(s, "%s%s", neg && strspn(ds, "0.") < strlen(ds) ? "-" : "", ds);
	free(ds);
	return s;
}

/* The mean lo + S1/den, exact ("7/2", "-13/2", "7") and to 4 decimals. */
static char *
mean(const struct odds *o, const struct big *s1, char **dec)
{
	struct big n = { 0 }, t = { 0 }, l = { 0 };
	char *f, *s;
	int neg = 0;

	big_set(&l, (uint64_t)(o->lo < 0 ? -o->lo : o->lo));
	big_mul(&t, &l, &o->den);	/* |lo| den */
	big_copy(&n, s1);
	if (o->lo >= 0)
		big_add(&n, &t);
	else if (big_cmp(&t, s1) > 0) {
		neg = 1;
		big_sub(&t, s1);
		big_copy(&n, &t);
	} else
		big_sub(&n, &t);
	*dec = signed_decimal(neg, &n, &o->den);
	f = reduce(&n, &o->den, o->fac, o->nfac);
	s = emalloc(strlen(f) + 2);
	sprintf(s, "%s%s", neg ? "-" : "", f);
	free(f);
	big_free(&n), big_free(&t), big_free(&l);
	return s;
}

/* The largest r with (2r - 1)^2 d2 <= 4 V 10^(2 places) (nearest), or with r^2 d2 <= V 10^(2 places) (floor). */
static long long
sd_root(const struct big *v, const struct big *d2, int places, int nearest)
{
	struct big lhs = { 0 }, q = { 0 }, t = { 0 }, rhs = { 0 };
	long long lo = 0, hi = (long long)1 << 61, mid;
	int i;

	big_copy(&rhs, v);
	for (i = 0; i < places; i++)
		big_mulsmall(&rhs, 100, 0);
	if (nearest)
		big_mulsmall(&rhs, 4, 0);
	while (lo < hi) {
		mid = lo + (hi - lo + 1) / 2;
		big_set(&q, (uint64_t)(nearest ? 2 * mid - 1 : mid));
		big_mul(&t, &q, &q);
		big_mul(&lhs, &t, d2);
		if (big_cmp(&lhs, &rhs) <= 0)
			lo = mid;
		else
			hi = mid - 1;
	}
	big_free(&lhs), big_free(&q), big_free(&t), big_free(&rhs);
	return lo;
}

/* V = (S2 den - S1^2) / den^2, and den^2, in v and d2. */
static void
variance(const struct odds *o, const struct big *s1, const struct big *s2,
    struct big *v, struct big *d2)
{
	struct big t = { 0 };

	big_mul(v, s2, &o->den);
	big_mul(&t, s1, s1);
	big_sub(v, &t);
	big_mul(d2, &o->den, &o->den);
	big_free(&t);
}

static char *
fixed(long long r, int places)
{
	long long p = 1;
	char *s = emalloc(48);
	int i;

	for (i = 0; i < places; i++)
		p *= 10;
	sprintf(s, "%lld.%0*lld", r / p, places, r % p);
	return s;
}

/*
 * The standard deviation to 6 decimals, "~" before it when rounded:
 * what -o shows by default (issue 25: a number, not a 130-digit root).
 */
static char *
sd_approx(const struct big *v, const struct big *d2)
{
	struct big t = { 0 }, q = { 0 };
	long long f;
	char *n, *s;

	f = sd_root(v, d2, 6, 0);		/* exact when f^2 d2 = V 10^12 */
	big_set(&q, (uint64_t)f);
	big_mul(&t, &q, &q);
	big_mul(&q, &t, d2);
	big_copy(&t, v);
	for (f = 0; f < 6; f++)
		big_mulsmall(&t, 100, 0);
	n = fixed(sd_root(v, d2, 6, 1), 6);
	s = emalloc(strlen(n) + 2);
	sprintf(s, "%s%s", big_cmp(&q, &t) == 0 ? "" : "~", n);
	free(n);
	big_free(&t), big_free(&q);
	return s;
}

/* The standard deviation exact: sqrt(V), V = (S2 den - S1^2) / den^2 reduced. */
static char *
sd_exact(const struct odds *o, const struct big *v, const struct big *d2)
{
	uint32_t *fac;
	char *f, *s;

	fac = ereallocarray(NULL, (size_t)o->nfac * 2 + 1, sizeof *fac);
	if (o->nfac > 0) {
		memcpy(fac, o->fac, (size_t)o->nfac * sizeof *fac);
		memcpy(fac + o->nfac, o->fac, (size_t)o->nfac * sizeof *fac);
	}
	f = reduce(v, d2, fac, o->nfac * 2);
	s = emalloc(strlen(f) + 8);
	sprintf(s, strcmp(f, "0") == 0 ? "%s" : "sqrt(%s)", f);
	free(f), free(fac);
	return s;
}

/*
 * The mean and the standard deviation, from one pass over the counts (S1,
 * S2): the sd exact as sqrt(FRACTION) with exact, else to 6 decimals ("~"
 * when rounded: issue 25), and to 4 decimals, rounded: the r with
 * (2r-1)^2 <= 4 V 10^8 < (2r+1)^2; the mean as mean() says it.
 */
void
odds_stats(const struct odds *o, int exact, struct odds_stats *st)
{
	struct big s1 = { 0 }, s2 = { 0 }, v = { 0 }, d2 = { 0 };

	moments(o, &s1, &s2);
	variance(o, &s1, &s2, &v, &d2);
	st->sd_dec = fixed(sd_root(&v, &d2, 4, 1), 4);
	st->sd = exact ? sd_exact(o, &v, &d2) : sd_approx(&v, &d2);
	st->mean = mean(o, &s1, &st->mean_dec);
	big_free(&s1), big_free(&s2), big_free(&v), big_free(&d2);
}

/* The length of a bar for n when max fills width: rounded to the nearest. */
int
odds_bar(const struct big *n, const struct big *max, int width)
{
	struct big a = { 0 }, b = { 0 };
	int lo = 0, hi = width, mid;

	while (lo < hi) {	/* the largest k with (2k-1) max <= 2 width n */
		mid = (lo + hi + 1) / 2;
		big_copy(&a, max);
		big_mulsmall(&a, (uint32_t)(2 * mid - 1), 0);
		big_copy(&b, n);
		big_mulsmall(&b, (uint32_t)(2 * width), 0);
		if (big_cmp(&a, &b) <= 0)
			lo = mid;
		else
			hi = mid - 1;
	}
	big_free(&a), big_free(&b);
	return lo;
}
