/*
 * exproll: a tree of the grammar (expr.c) rolled.  The tree is walked left
 * to right, one die at a time, each die's rerolls and explosions drawn
 * before the next die: the order of draws is the reproducibility contract.
 * With marks, what -v shows of each die is written as it is drawn.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"

/* What -v shows, written as it goes; cut short, never overrun. */
struct marks {
	char	*buf;
	int	 size, n;
};

static void
mark(struct marks *m, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (m->buf == NULL || m->n >= m->size - 1)
		return;
	va_start(ap, fmt);
	w = vsnprintf(m->buf + m->n, (size_t)(m->size - m->n), fmt, ap);
	va_end(ap);
	m->n += w < m->size - m->n ? w : m->size - 1 - m->n;
}

static long long
face(const struct term *t, struct rng *r)
{
	long long v = rng_die(r, (uint32_t)(t->fhi - t->flo + 1));

	return v + t->flo - 1;
}

/* The k-th face (from 0) that a reroll until keeps, lowest first: constant time. */
static long long
kept_face(const struct term *t, long long k)
{
	long long f = t->klo + k;
	int i;

	for (i = 0; i < t->nx && t->xp[i] <= f; i++)
		f++;
	return f;
}

/* A term's dice as rolled: what each shows, and where its marks are. */
#define POOL_SMALL 64	/* dice held on the stack; more are allocated */

struct pool {
	long long *v, *first;	/* first: u's faces shown so far, sorted */
	int	*at;
	char	*dropped;
	int	 n, nfirst;
	void	*mem;
	long long sv[POOL_SMALL], sfirst[POOL_SMALL];
	int	 sat[2 * POOL_SMALL];
	char	 sdropped[POOL_SMALL];
};

static void
pool_open(struct pool *p, long long cap)
{
	char *b;

	p->n = p->nfirst = 0;
	p->mem = NULL;
	p->v = p->sv, p->first = p->sfirst, p->at = p->sat;
	p->dropped = p->sdropped;
	if (cap <= POOL_SMALL)
		return;
	b = p->mem = malloc((size_t)cap * (2 * sizeof(long long) +
	    2 * sizeof(int) + 1));
	if (b == NULL)
		abort();
	p->v = (long long *)b;
	p->first = p->v + cap;
	p->at = (int *)(p->first + cap);
	p->dropped = (char *)(p->at + 2 * cap);
}

/* u: a face already shown draws again, once, or among the faces not shown. */
static long long
unique_face(const struct term *t, struct pool *p, struct rng *r,
    struct marks *m, long long f)
{
	int i, j, shown = 0;

	for (i = 0; i < p->nfirst && p->first[i] != f; i++)
		;
	if (i < p->nfirst && unique_applies(t, f)) {
		mark(m, "%lldu", f);
		for (j = 0; j < p->nfirst; j++)	/* the faces not to show again */
			shown += (j == 0 || p->first[j] != p->first[j - 1]) &&
			    unique_applies(t, p->first[j]);
		if (t->unique == 1)
			f = face(t, r);
		else {
			f = t->flo + rng_die(r, (uint32_t)(t->fhi - t->flo + 1 -
			    shown)) - 1;
			for (j = 0; j < p->nfirst; j++)
				if (p->first[j] <= f && (j == 0 ||
				    p->first[j] != p->first[j - 1]) &&
				    unique_applies(t, p->first[j]))
					f++;
		}
	}
	for (i = p->nfirst++; i > 0 && p->first[i - 1] > f; i--)
		p->first[i] = p->first[i - 1];
	p->first[i] = f;
	return f;
}

static void
die_begin(struct pool *p, struct marks *m)
{
	if (p->n > 0)
		mark(m, ",");
	p->at[2 * p->n] = m->n;
}

static void
die_end(struct pool *p, struct marks *m, long long v)
{
	p->v[p->n] = v;
	p->at[2 * p->n + 1] = m->n;
	p->n++;
}

/*
 * One die: a face; u draws again a face already shown; a reroll once
 * draws again, a reroll until draws once among the faces that do not
 * reroll (the same odds as drawing until one comes); then each face that
 * explodes draws another, at most EXPR_EXPLODE_MAX times: a die of its
 * own (!, !p: less one) or added to this one (!!, !!p).
 */
static void
one_die(const struct term *t, struct rng *r, struct marks *m, struct pool *p)
{
	long long f = face(t, r), sum;
	int n, apart = t->explode == EX_EXPLODE || t->explode == EX_PENETRATE;

	die_begin(p, m);
	if (t->unique)
		f = unique_face(t, p, r, m, f);
	if (t->reroll && term_rerolls(t, f)) {
		mark(m, "%lldr", f);
		if (t->reroll == 1)
			f = face(t, r);
		else
			f = kept_face(t, (long long)rng_die(r, t->left) - 1);
	}
	sum = term_shown(t, f, 0);
	for (n = 0; t->explode && n < t->exmax && cmp_true(&t->ex, f); n++) {
		mark(m, "%lld!", apart ? sum : term_shown(t, f, n > 0));
		if (apart) {
			die_end(p, m, sum);
			die_begin(p, m);
			sum = 0;
		}
		f = face(t, r);
		sum += term_shown(t, f, 1);
	}
	mark(m, "%lld", apart || n == 0 ? sum : term_shown(t, f, 1));
	die_end(p, m, sum);
}

struct ranked {
	long long v;
	int	 i;
};

static int
by_rank(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	return x->v != y->v ? (x->v > y->v) - (x->v < y->v) : x->i - y->i;
}

/* Which dice keep/drop leaves out: among equal dice, the first rolled. */
static void
drop(const struct term *t, struct pool *p)
{
	struct ranked *rk;
	int kept = t->kd == 'k' ? (int)t->kn : t->kd == 'd' ? p->n - (int)t->kn :
	    p->n, j, k, best;

	kept = kept < 0 ? 0 : kept;	/* dropped more than there are: none kept */
	memset(p->dropped, 0, (size_t)p->n);
	if (kept >= p->n)
		return;
	if ((long)p->n * (p->n - kept) <= 4096) {	/* few: one pass a drop */
		for (k = 0; k < p->n - kept; k++) {
			for (best = -1, j = 0; j < p->n; j++)
				if (!p->dropped[j] && (best < 0 || (t->keephigh ?
				    p->v[j] < p->v[best] : p->v[j] > p->v[best])))
					best = j;
			p->dropped[best] = 1;
		}
		return;
	}
	rk = malloc((size_t)p->n * sizeof *rk);
	if (rk == NULL)
		abort();
	for (j = 0; j < p->n; j++)	/* the lowest first, or the highest */
		rk[j].v = t->keephigh ? p->v[j] : -p->v[j], rk[j].i = j;
	qsort(rk, (size_t)p->n, sizeof *rk, by_rank);
	for (j = 0; j < p->n - kept; j++)
		p->dropped[rk[j].i] = 1;
	free(rk);
}

/*
 * -v: the draws of each die as written while rolling, now with a dropped
 * die in parentheses, a success marked '*' and a failure '~', a critical
 * success (cs) '^' and a critical failure (cf) '_'.
 */
static void
remark(const struct term *t, struct marks *m, const struct pool *p)
{
	int i, j, len = m->n - p->at[0];
	struct ranked *order;
	char *copy;
	long long g;

	if (m->buf == NULL || p->n == 0 || (!t->kd && !t->cs.op && !t->cf.op &&
	    !t->crit.op && !t->fumble.op && !t->sort))
		return;
	copy = malloc((size_t)len + 1);
	order = malloc((size_t)p->n * sizeof *order);
	if (copy == NULL || order == NULL)
		abort();
	memcpy(copy, m->buf + p->at[0], (size_t)len);
	m->n = p->at[0];
	for (j = 0; j < p->n; j++)	/* s, sa, sd: the lowest first, or the highest */
		order[j].v = t->sort == 'd' ? -p->v[j] : t->sort ? p->v[j] : 0,
		order[j].i = j;
	qsort(order, (size_t)p->n, sizeof *order, by_rank);
	for (j = 0; j < p->n; j++) {
		i = order[j].i;
		mark(m, "%s%s%.*s", j ? "," : "", p->dropped[i] ? "(" : "",
		    p->at[2 * i + 1] - p->at[2 * i], copy + p->at[2 * i] - p->at[0]);
		if (t->crit.op && cmp_true(&t->crit, p->v[i]))
			mark(m, "^");
		if (t->fumble.op && cmp_true(&t->fumble, p->v[i]))
			mark(m, "_");
		g = term_score(t, p->v[i]);
		if (p->dropped[i])
			mark(m, ")");
		else if (g > 0 && (t->cs.op || t->cf.op))
			mark(m, "*");
		else if (g < 0)
			mark(m, "~");
	}
	free(order);
	free(copy);
}

/* mt: the sets among the dice (none dropped: mt takes no keep). */
static long long
sets(const struct term *t, const struct pool *p)
{
	long long *v = malloc((size_t)p->n * sizeof *v), n;
	int i, x;

	if (v == NULL)
		abort();
	for (i = 0; i < p->n; i++)	/* few dice: insertion sort */
		for (x = i, v[i] = p->v[i]; x > 0 && v[x - 1] > v[x]; x--)
			n = v[x], v[x] = v[x - 1], v[x - 1] = n;
	n = term_sets(t, v, p->n);
	free(v);
	return n;
}

static long long
roll_term(const struct term *t, struct rng *r, struct marks *m)
{
	struct pool p;
	long long sum = 0;
	uint32_t i;
	int j;

	pool_open(&p, (long long)t->count * (t->explode == EX_EXPLODE ||
	    t->explode == EX_PENETRATE ? t->exmax + 1 : 1));
	p.at[0] = m->n;
	for (i = 0; i < t->count; i++)
		one_die(t, r, m, &p);
	drop(t, &p);
	for (j = 0; j < p.n; j++)
		if (!p.dropped[j])
			sum += term_score(t, p.v[j]);
	if (t->match == 't')
		sum = sets(t, &p);
	remark(t, m, &p);
	free(p.mem);
	return sum;
}


static long long eval(const struct expr *, int, struct rng *, struct marks *);

/* A group: each expression's total, then kept, dropped or counted as dice are. */
static long long
roll_group(const struct expr *e, const struct enode *g, struct rng *r,
    struct marks *m)
{
	struct pool p;
	long long sum = 0;
	int i, j;

	pool_open(&p, g->t.count);
	for (i = g->a; i >= 0; i = e->node[i].b)
		p.v[p.n++] = eval(e, e->node[i].a, r, m);
	drop(&g->t, &p);
	mark(m, "%s{", m->n > 0 ? " " : "");	/* -v: the totals, a dropped one in () */
	for (j = 0; j < p.n; j++) {
		mark(m, "%s%s%lld%s", j ? "," : "", p.dropped[j] ? "(" : "", p.v[j],
		    p.dropped[j] ? ")" : "");
		if (!p.dropped[j] && (g->t.cs.op || g->t.cf.op))
			mark(m, "%s", term_score(&g->t, p.v[j]) > 0 ? "*" :
			    term_score(&g->t, p.v[j]) < 0 ? "~" : "");
		if (!p.dropped[j])
			sum += term_score(&g->t, p.v[j]);
	}
	mark(m, "}");
	free(p.mem);
	return sum;
}

/* (EXPR)dN: the count rolled first, then that many dice. */
static long long
roll_counted(const struct expr *e, const struct enode *n, struct rng *r,
    struct marks *m)
{
	struct term t = n->t;

	t.count = (uint32_t)eval(e, n->a, r, m);
	t.keep = t.kd == 'k' ? t.kn : t.kd == 'd' ? t.count - t.kn : t.count;
	if (m->n > 0)
		mark(m, " ");
	return roll_term(&t, r, m);
}

/* Nd(EXPR): the sides rolled first, then the dice. */
static long long
roll_sided(const struct expr *e, const struct enode *n, struct rng *r,
    struct marks *m)
{
	struct term t = n->t;

	t.fhi = (int)eval(e, n->a, r, m);
	if (m->n > 0)
		mark(m, " ");
	return roll_term(&t, r, m);
}

static long long
eval(const struct expr *e, int i, struct rng *r, struct marks *m)
{
	const struct enode *n = &e->node[i];
	long long x, y;

	switch (n->op) {
	case E_NUM:
		return n->v;
	case E_DICE:
		if (m->n > 0)
			mark(m, " ");
		return roll_term(&n->t, r, m);
	case E_NEG:
		return -eval(e, n->a, r, m);
	case E_ABS:
		x = eval(e, n->a, r, m);
		return x < 0 ? -x : x;
	case E_GROUP:
		return roll_group(e, n, r, m);
	case E_NDICE:
		return roll_counted(e, n, r, m);
	case E_SDICE:
		return roll_sided(e, n, r, m);
	}
	x = eval(e, n->a, r, m);
	y = eval(e, n->b, r, m);
	return expr_apply(n->op, x, y);
}

/*
 * Roll the expression; marks (size bytes, or NULL) gets what -v shows:
 * each die's draws ("1r" a draw rerolled, "6!" a draw that exploded), dice
 * by commas, terms by spaces, a group's totals after its dice in braces.
 */
long long
expr_roll(const struct expr *e, struct rng *r, char *marks, int size)
{
	struct marks m = { marks, size, 0 };

	if (marks != NULL)
		marks[0] = '\0';
	return eval(e, e->root, r, &m);
}
