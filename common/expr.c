/*
 * expr: the dice grammar (roll(6), GRAMMAR), read by recursive descent into
 * a tree of at most EXPR_NODES_MAX nodes, each knowing the least and the
 * most it can give, so no total can overflow: anything beyond a limit is
 * refused with the position of the token at fault.  Rolling walks the tree
 * left to right, one die at a time, each die's rerolls and explosions drawn
 * before the next die: the order of draws is the reproducibility contract.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"

struct parser {
	struct expr *e;
	const char *s0, *s;
	const char *tok;	/* the token a new node stands for */
	int	 failed;
	int	 scan;		/* expr_scan: stop before an operator without a term */
};

static int
fail(struct parser *p, const char *at, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (p->failed++)
		return -1;
	n = snprintf(p->e->why, sizeof p->e->why, "position %d: ",
	    (int)(at - p->s0) + 1);
	va_start(ap, fmt);
	vsnprintf(p->e->why + n, sizeof p->e->why - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

static void
space(struct parser *p)
{
	while (*p->s == ' ' || *p->s == '\t')
		p->s++;
}

static int
lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* A decimal number, saturated above max; 0 when there are no digits. */
static int
number(struct parser *p, long long max, long long *v)
{
	const char *at = p->s;

	for (*v = 0; *p->s >= '0' && *p->s <= '9'; p->s++)
		if ((*v = *v * 10 + (*p->s - '0')) > max)
			*v = max + 1;
	return p->s != at;
}

static int
node(struct parser *p, int op, long long lo, long long hi)
{
	struct enode *n;

	if (lo < -EXPR_MAG_MAX || hi > EXPR_MAG_MAX)
		return fail(p, p->tok, "a total could pass 10^12");
	if (p->e->n == EXPR_NODES_MAX)
		return fail(p, p->tok, "too many terms (at most %d)",
		    EXPR_NODES_MAX);
	n = &p->e->node[p->e->n];
	memset(n, 0, sizeof *n);
	n->op = op;
	n->lo = lo;
	n->hi = hi;
	return p->e->n++;
}

int
cmp_true(const struct cmp *c, long long v)
{
	switch (c->op) {
	case CMP_EQ: return v == c->v;
	case CMP_LT: return v < c->v;
	case CMP_GT: return v > c->v;
	case CMP_LE: return v <= c->v;
	case CMP_GE: return v >= c->v;
	}
	return 0;
}

/* "=", "<", ">", "<=", ">=" then a number; CMP_NONE when no sign. */
static int
comparison(struct parser *p, struct cmp *c, int need)
{
	const char *at = p->s;

	c->op = CMP_NONE;
	if (*p->s == '=')
		c->op = CMP_EQ, p->s++;
	else if (*p->s == '<')
		c->op = *++p->s == '=' ? (p->s++, CMP_LE) : CMP_LT;
	else if (*p->s == '>')
		c->op = *++p->s == '=' ? (p->s++, CMP_GE) : CMP_GT;
	if (c->op == CMP_NONE && !need && !(*p->s >= '0' && *p->s <= '9'))
		return 0;
	if (c->op == CMP_NONE)
		c->op = CMP_EQ;
	if (!number(p, EXPR_SIDES_MAX, &c->v))
		return fail(p, at, "expected a comparison (=N, <N, >N, <=N, >=N)");
	return 0;
}

/* khN, klN, kN, dhN, dlN, dN: how many dice count. */
static int
keep(struct parser *p, struct term *t, int kind)
{
	const char *at = p->s - 1;
	long long v;
	int high = kind == 'k';

	if (t->keep != t->count)
		return fail(p, at, "one keep or drop to a term");
	if (lower(*p->s) == 'h' || lower(*p->s) == 'l')
		high = lower(*p->s++) == 'h';
	if (!number(p, EXPR_COUNT_MAX, &v))
		return fail(p, p->s, "expected the number of dice to %s",
		    kind == 'k' ? "keep" : "drop");
	if (kind == 'k' && (v < 1 || v > t->count))
		return fail(p, at, "keep: expected 1 to the number of dice");
	if (kind == 'd' && v >= t->count)
		return fail(p, at, "drop: expected 0 to one less than the number of dice");
	t->keep = (uint32_t)(kind == 'k' ? v : t->count - v);
	t->keephigh = kind == 'k' ? high : !high;	/* dl1 keeps the highest */
	return 0;
}

/* The faces that a reroll until ends on: some face must not reroll. */
static int
reroll(struct parser *p, struct term *t)
{
	const char *at = p->s - 1;
	long long v, left = 0;

	if (t->reroll)
		return fail(p, at, "one reroll to a term");
	t->reroll = 2;
	if (lower(*p->s) == 'o')
		t->reroll = 1, p->s++;
	else if (lower(*p->s) == 'r')	/* d20's rr: until */
		p->s++;
	if (comparison(p, &t->rr, 0) < 0)
		return -1;
	if (t->rr.op == CMP_NONE)
		t->rr = (struct cmp){ CMP_EQ, t->flo };	/* r alone: the lowest */
	for (v = t->flo; v <= t->fhi && left == 0; v++)
		left += !cmp_true(&t->rr, v);
	if (t->reroll == 2 && left == 0)
		return fail(p, at, "reroll: every face would reroll");
	return 0;
}

static int
modifier(struct parser *p, struct term *t)
{
	const char *at = p->s;
	int c = lower(*p->s);

	if (c == 'k' || c == 'd')
		return p->s++, keep(p, t, c);
	if (c == 'r')
		return p->s++, reroll(p, t);
	if (c == '!') {
		p->s++;
		if (t->explode++)
			return fail(p, at, "one explosion to a term");
		if (comparison(p, &t->ex, 0) < 0)
			return -1;
		if (t->ex.op == CMP_NONE)
			t->ex = (struct cmp){ CMP_EQ, t->fhi };
		return 0;
	}
	if (c == 'c' && lower(p->s[1]) == 's')
		p->s += 2;
	else if (c == 'f')
		p->s++;
	if (c == 'f')
		return t->cf.op ? fail(p, at, "one failure count to a term") :
		    comparison(p, &t->cf, 1);
	if (t->cs.op)
		return fail(p, at, "one success count to a term");
	return comparison(p, &t->cs, 1);
}

static int
is_modifier(const char *s)
{
	int c = lower(*s);

	return c == 'k' || c == 'd' || c == 'r' || c == '!' || c == 'f' ||
	    c == '<' || c == '>' || c == '=' || (c == 'c' && lower(s[1]) == 's');
}

/* The least and the most a term gives. */
static void
term_range(const struct term *t, long long *lo, long long *hi)
{
	long long dlo = t->flo, dhi = t->fhi;

	if (t->explode) {	/* every draw may explode, up to the cap */
		dlo = dlo < 0 ? dlo * (EXPR_EXPLODE_MAX + 1) : dlo;
		dhi = dhi > 0 ? dhi * (EXPR_EXPLODE_MAX + 1) : dhi;
	}
	if (t->cs.op || t->cf.op) {
		dlo = t->cf.op ? -1 : 0;
		dhi = t->cs.op ? 1 : 0;
	}
	*lo = dlo * (long long)t->keep;
	*hi = dhi * (long long)t->keep;
}

/* [COUNT] d (SIDES | % | F) {MODIFIER}: count is read already. */
static int
dice(struct parser *p, long long count, const char *at)
{
	struct term t = { 0 };
	long long v, lo, hi;
	int i;

	if (count < 1 || count > EXPR_COUNT_MAX)
		return fail(p, at, "count: expected 1 to %d dice", EXPR_COUNT_MAX);
	t.count = t.keep = (uint32_t)count;
	t.keephigh = 1;
	t.flo = 1;
	if (*++p->s == '%')
		t.fhi = 100, p->s++;
	else if (lower(*p->s) == 'f' && !(*p->s >= '0' && *p->s <= '9'))
		t.flo = -1, t.fhi = 1, p->s++;	/* Fudge: -1, 0, +1 */
	else if (!number(p, EXPR_SIDES_MAX, &v))
		return fail(p, p->s, "expected the sides: a number, %% or F");
	else if (v < 1 || v > EXPR_SIDES_MAX)
		return fail(p, at, "sides: expected 1 to %d", EXPR_SIDES_MAX);
	else
		t.fhi = (int)v;
	while (is_modifier(p->s))
		if (modifier(p, &t) < 0)
			return -1;
	term_range(&t, &lo, &hi);
	if ((i = node(p, E_DICE, lo, hi)) >= 0)
		p->e->node[i].t = t;
	return i;
}

static int sum(struct parser *);

/* ( SUM ) | NUMBER | [NUMBER] DICE | - PRIMARY */
static int
primary(struct parser *p)
{
	const char *at;
	long long v = 1;
	int i;

	space(p);
	p->tok = at = p->s;
	if (*p->s == '-') {
		p->s++;
		if ((i = primary(p)) < 0)
			return -1;
		return node(p, E_NEG, -p->e->node[i].hi, -p->e->node[i].lo) < 0 ?
		    -1 : (p->e->node[p->e->n - 1].a = i, p->e->n - 1);
	}
	if (*p->s == '(') {
		p->s++;
		if ((i = sum(p)) < 0)
			return -1;
		space(p);
		if (*p->s != ')')
			return fail(p, p->s, "expected ')'");
		p->s++;
		return i;
	}
	if (!number(p, EXPR_CONST_MAX, &v)) {
		if (lower(*p->s) != 'd')
			return fail(p, at, "expected a term");
		v = 1;		/* d6 is 1d6 */
	}
	if (lower(*p->s) == 'd')
		return dice(p, v, at);
	if (v > EXPR_CONST_MAX)
		return fail(p, at, "constant: expected 0 to %d", EXPR_CONST_MAX);
	if ((i = node(p, E_NUM, v, v)) >= 0)
		p->e->node[i].v = v;
	return i;
}

static int
join(struct parser *p, int op, int a, int b, long long lo, long long hi)
{
	int i = node(p, op, lo, hi);

	if (i >= 0) {
		p->e->node[i].a = a;
		p->e->node[i].b = b;
	}
	return i;
}

/* Scanning, an operator not followed by a term ends the expression before it. */
static int
give_back(struct parser *p, const char *at, int a)
{
	if (!p->scan || p->e->why[0] == '\0' || strstr(p->e->why, "expected") == NULL)
		return -1;
	p->failed = 0;
	p->e->why[0] = '\0';
	p->s = at;
	return a;
}

/* Floor and ceiling of a / b, b > 0. */
static long long
floordiv(long long a, long long b)
{
	return a / b - (a % b != 0 && a < 0);
}

static long long
ceildiv(long long a, long long b)
{
	return a / b + (a % b != 0 && a > 0);
}

/* x * c, x / c, x // c: c a constant, so the bounds stay exact. */
static int
scale(struct parser *p, int op, int a, int b, const char *at)
{
	const struct enode *x = &p->e->node[a], *y = &p->e->node[b];
	long long c, lo, hi;

	if (op == E_MUL && x->lo == x->hi && x->op != E_DICE) {
		const struct enode *t = x;	/* c * x */
		x = y, y = t;
		c = a, a = b, b = (int)c;
	}
	if (y->lo != y->hi || y->op == E_DICE)
		return fail(p, at, "%s needs a constant on its right",
		    op == E_MUL ? "'*'" : "'/'");
	c = y->lo;
	if (op != E_MUL && (c < 1 || c > EXPR_CONST_MAX))
		return fail(p, at, "divisor: expected 1 to %d", EXPR_CONST_MAX);
	if (c < -EXPR_CONST_MAX || c > EXPR_CONST_MAX)
		return fail(p, at, "multiplier: expected -%d to %d",
		    EXPR_CONST_MAX, EXPR_CONST_MAX);
	if (op == E_MUL) {
		lo = c >= 0 ? x->lo * c : x->hi * c;
		hi = c >= 0 ? x->hi * c : x->lo * c;
	} else if (op == E_DIV) {
		lo = floordiv(x->lo, c), hi = floordiv(x->hi, c);
	} else {
		lo = ceildiv(x->lo, c), hi = ceildiv(x->hi, c);
	}
	p->tok = at;
	return join(p, op, a, b, lo, hi);
}

/* PRIMARY { ("*" | "/" | "//") PRIMARY } */
static int
product(struct parser *p)
{
	const char *at;
	int a, b, op;

	if ((a = primary(p)) < 0)
		return -1;
	for (;;) {
		space(p);
		at = p->s;
		if (*p->s == '*')
			op = E_MUL, p->s++;
		else if (p->s[0] == '/' && p->s[1] == '/')
			op = E_CEIL, p->s += 2;
		else if (*p->s == '/')
			op = E_DIV, p->s++;
		else
			return a;
		if ((b = primary(p)) < 0)
			return give_back(p, at, a);
		if ((a = scale(p, op, a, b, at)) < 0)
			return -1;
	}
}

/* PRODUCT { ("+" | "-") PRODUCT } */
static int
sum(struct parser *p)
{
	const struct enode *x, *y;
	const char *at;
	int a, b, op;

	if ((a = product(p)) < 0)
		return -1;
	for (;;) {
		space(p);
		if (*p->s != '+' && *p->s != '-')
			return a;
		at = p->s;
		op = *p->s++ == '+' ? E_ADD : E_SUB;
		if ((b = product(p)) < 0)
			return give_back(p, at, a);
		p->tok = at;
		x = &p->e->node[a], y = &p->e->node[b];
		if ((a = join(p, op, a, b, op == E_ADD ? x->lo + y->lo :
		    x->lo - y->hi, op == E_ADD ? x->hi + y->hi :
		    x->hi - y->lo)) < 0)
			return -1;
	}
}

/*
 * The longest expression at the start of s: its length in *len (trailing
 * spaces not counted), for readers that find dice inside text ("2d4
 * goblins"); NULL, or why there is none.
 */
static const char *
parse(struct expr *e, const char *s, int *len, int scan)
{
	struct parser p = { e, s, s, s, 0, scan };

	e->n = e->root = 0;	/* node() clears each node it adds */
	e->why[0] = '\0';
	if (strlen(s) > EXPR_TEXT_MAX) {
		snprintf(e->why, sizeof e->why, "position %d: longer than %d "
		    "characters", EXPR_TEXT_MAX + 1, EXPR_TEXT_MAX);
		return e->why;
	}
	if ((e->root = sum(&p)) < 0)
		return e->why;
	while (p.s > s && (p.s[-1] == ' ' || p.s[-1] == '\t'))
		p.s--;
	*len = (int)(p.s - s);
	return NULL;
}

const char *
expr_scan(struct expr *e, const char *s, int *len)
{
	return parse(e, s, len, 1);
}

/* All of s, one expression; NULL, or why not ("position 5: expected a term"). */
const char *
expr_parse(struct expr *e, const char *s)
{
	struct parser p = { e, s, s, s, 0, 0 };
	const char *why;
	int len;

	if ((why = parse(e, s, &len, 0)) != NULL)
		return why;
	p.s = s + len;
	space(&p);
	if (*p.s != '\0') {
		fail(&p, p.s, *p.s == ')' ? "no '(' for this ')'" :
		    "expected an operator or the end");
		return e->why;
	}
	return NULL;
}

/* How many dice the expression rolls (before rerolls and explosions): 0, none. */
int
expr_dice(const struct expr *e)
{
	int i, n = 0;

	for (i = 0; i < e->n; i++)
		if (e->node[i].op == E_DICE)
			n += (int)e->node[i].t.count;
	return n;
}

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

/* The k-th face (from 0) that does not reroll, lowest first. */
static long long
kept_face(const struct term *t, long long k)
{
	long long v = t->rr.v, f;

	switch (t->rr.op) {
	case CMP_LT: return (v > t->flo ? v : t->flo) + k;
	case CMP_LE: return v + 1 + k;
	case CMP_GT: case CMP_GE: return t->flo + k;
	}
	f = t->flo + k;
	return f >= v ? f + 1 : f;
}

/*
 * One die: a face; a reroll once draws again, a reroll until draws once
 * among the faces that do not reroll (the same odds as drawing until one
 * comes); then each face that explodes draws another and adds it, at most
 * EXPR_EXPLODE_MAX times.
 */
static long long
one_die(const struct term *t, struct rng *r, struct marks *m)
{
	long long v = face(t, r), left, sum, f;
	int n;

	if (t->reroll && cmp_true(&t->rr, v)) {
		mark(m, "%lldr", v);
		if (t->reroll == 1)
			v = face(t, r);
		else {
			for (left = 0, f = t->flo; f <= t->fhi; f++)
				left += !cmp_true(&t->rr, f);
			v = kept_face(t, (long long)rng_die(r, (uint32_t)left) - 1);
		}
	}
	for (sum = v, n = 0; t->explode && n < EXPR_EXPLODE_MAX &&
	    cmp_true(&t->ex, v); n++) {
		mark(m, "%lld!", v);
		v = face(t, r);
		sum += v;
	}
	mark(m, "%lld", v);
	return sum;
}

/* Which dice keep/drop leaves out: among equal dice, the first rolled. */
static void
drop(const struct term *t, const long long *v, char *dropped)
{
	uint32_t j, n, best;

	memset(dropped, 0, t->count);
	for (n = 0; n < t->count - t->keep; n++) {
		best = t->count;
		for (j = 0; j < t->count; j++)
			if (!dropped[j] && (best == t->count ||
			    (t->keephigh ? v[j] < v[best] : v[j] > v[best])))
				best = j;
		dropped[best] = 1;
	}
}

/* What a kept die adds: its value, or +1 a success and -1 a failure. */
static long long
score(const struct term *t, long long v)
{
	if (!t->cs.op && !t->cf.op)
		return v;
	return (t->cs.op && cmp_true(&t->cs, v)) -
	    (t->cf.op && cmp_true(&t->cf, v));
}

/*
 * -v: the draws of each die as written while rolling, now with a dropped
 * die in parentheses, a success marked '*' and a failure '~'.
 */
static void
remark(const struct term *t, struct marks *m, const int *at,
    const long long *v, const char *dropped)
{
	int i, len = m->n - at[0];	/* at: where each die starts and ends */
	char *copy;

	if (m->buf == NULL || (t->keep == t->count && !t->cs.op && !t->cf.op))
		return;
	copy = malloc((size_t)len + 1);
	if (copy == NULL)
		return;
	memcpy(copy, m->buf + at[0], (size_t)len);
	m->n = at[0];
	for (i = 0; i < (int)t->count; i++) {
		mark(m, "%s%s%.*s", i ? "," : "", dropped[i] ? "(" : "",
		    at[2 * i + 1] - at[2 * i], copy + at[2 * i] - at[0]);
		if (dropped[i])
			mark(m, ")");
		else if (score(t, v[i]) > 0 && (t->cs.op || t->cf.op))
			mark(m, "*");
		else if (score(t, v[i]) < 0)
			mark(m, "~");
	}
	free(copy);
}

static long long
roll_term(const struct term *t, struct rng *r, struct marks *m)
{
	long long v[EXPR_COUNT_MAX], sum = 0;
	char dropped[EXPR_COUNT_MAX];
	int at[2 * EXPR_COUNT_MAX];
	uint32_t i;

	at[0] = m->n;
	for (i = 0; i < t->count; i++) {
		if (i > 0)
			mark(m, ",");
		at[2 * i] = m->n;
		v[i] = one_die(t, r, m);
		at[2 * i + 1] = m->n;
	}
	drop(t, v, dropped);
	for (i = 0; i < t->count; i++)
		if (!dropped[i])
			sum += score(t, v[i]);
	remark(t, m, at, v, dropped);
	return sum;
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
	}
	x = eval(e, n->a, r, m);
	y = eval(e, n->b, r, m);
	switch (n->op) {
	case E_ADD: return x + y;
	case E_SUB: return x - y;
	case E_MUL: return x * y;
	case E_DIV: return floordiv(x, y);
	}
	return ceildiv(x, y);
}

/*
 * Roll the expression; marks (size bytes, or NULL) gets what -v shows:
 * each die's draws ("1r" a draw rerolled, "6!" a draw that exploded), dice
 * by commas, terms by spaces.
 */
long long
expr_roll(const struct expr *e, struct rng *r, char *marks, int size)
{
	struct marks m = { marks, size, 0 };

	if (marks != NULL)
		marks[0] = '\0';
	return eval(e, e->root, r, &m);
}
