/*
 * expr: the dice grammar (roll(6), GRAMMAR), read by recursive descent into
 * a tree of at most EXPR_NODES_MAX nodes, each knowing the least and the
 * most it can give, so no total can overflow: anything beyond a limit is
 * refused with the position of the token at fault; exproll.c rolls it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"
#include "util.h"

/*
 * The dialect of every expression read: the process's, set by
 * expr_dialect, else DELVING_DICE's when the first expression is read
 * (every program's tables take it so), else roll's own.
 */
static int dialect = -1;

static const char *const dialects[] = {
	"roll", "foundry", "roll20", "avrae", "rpg-dice-roller", NULL
};

/* The dialect named NAME: DIALECT_*, or -1. */
int
expr_dialect_of(const char *name)
{
	int i;

	for (i = 0; dialects[i] != NULL; i++)
		if (strcmp(name, dialects[i]) == 0)
			return i;
	return -1;
}

/* The dialect NAME, as FROM (-D, DELVING_DICE) gave it: one of none is an error. */
int
expr_dialect_named(const char *name, const char *from)
{
	int d = expr_dialect_of(name);

	if (d < 0)
		esc_errx(EXIT_BAD, "%s: '%s': not a dialect (roll, foundry, "
		    "roll20, avrae, rpg-dice-roller)", from, name);
	return d;
}

/*
 * Read expressions as NAME's peer does where the peers conflict (-D), else
 * as DELVING_DICE's, else as roll's own.
 */
void
expr_dialect(const char *name)
{
	const char *from = "-D";

	if (name == NULL && (name = getenv("DELVING_DICE")) != NULL)
		from = "DELVING_DICE";
	if (name != NULL && *name != '\0')
		dialect = expr_dialect_named(name, from);
}

/* The dialect of DELVING_DICE, once: -2 when it names none (an error). */
static int
dialect_now(void)
{
	const char *env;

	if (dialect == -1) {
		env = getenv("DELVING_DICE");
		dialect = env == NULL || *env == '\0' ? DIALECT_ROLL :
		    expr_dialect_of(env) >= 0 ? expr_dialect_of(env) : -2;
	}
	return dialect;
}

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
	case CMP_NE: return v != c->v;
	case CMP_EVEN: return v % 2 == 0;
	case CMP_ODD: return v % 2 != 0;
	}
	return 0;
}

/*
 * "=", "<", ">", "<=", ">=", "<>" then a number; "!=" too where a '!'
 * cannot start an explosion (ne).  CMP_NONE when there is no sign.
 */
static int
comparison(struct parser *p, struct cmp *c, int need, int ne)
{
	const char *at = p->s;

	c->op = CMP_NONE;
	if (*p->s == '=')
		c->op = CMP_EQ, p->s++;
	else if (p->s[0] == '<' && p->s[1] == '>')
		c->op = CMP_NE, p->s += 2;
	else if (ne && p->s[0] == '!' && p->s[1] == '=')
		c->op = CMP_NE, p->s += 2;
	else if (*p->s == '<')
		c->op = *++p->s == '=' ? (p->s++, CMP_LE) : CMP_LT;
	else if (*p->s == '>')
		c->op = *++p->s == '=' ? (p->s++, CMP_GE) : CMP_GT;
	if (dialect == DIALECT_ROLL20)	/* Roll20: >3 is 3 or more, <3 3 or less */
		c->op = c->op == CMP_GT ? CMP_GE : c->op == CMP_LT ? CMP_LE : c->op;
	if (c->op == CMP_NONE && !need && !(*p->s >= '0' && *p->s <= '9'))
		return 0;
	if (c->op == CMP_NONE)
		c->op = CMP_EQ;
	if (!number(p, EXPR_SIDES_MAX, &c->v))
		return fail(p, at, "expected a comparison (=N, <N, >N, <=N, >=N, <>N)");
	return 0;
}

/*
 * khN, klN, kN, dhN, dlN, dN: how many dice count; without N, one (Foundry);
 * more than there are: keep all, drop all (0), as rpg-dice-roller and avrae.
 */
static int
keep(struct parser *p, struct term *t, int kind)
{
	const char *at = p->s - 1;
	long long v;
	int high = kind == 'k';

	if (t->kd)
		return fail(p, at, "one keep or drop to a term");
	if (lower(*p->s) == 'h' || lower(*p->s) == 'l')
		high = lower(*p->s++) == 'h';
	if (!number(p, EXPR_COUNT_MAX, &v))
		v = 1;
	if (v > EXPR_COUNT_MAX)
		return fail(p, at, "%s: expected 0 to %d dice",
		    kind == 'k' ? "keep" : "drop", EXPR_COUNT_MAX);
	t->kd = kind;
	t->kn = (uint32_t)v;
	v = v > t->count ? t->count : v;
	t->keep = (uint32_t)(kind == 'k' ? v : t->count - v);
	t->keephigh = kind == 'k' ? high : !high;	/* dl1 keeps the highest */
	return 0;
}

int
term_rerolls(const struct term *t, long long f)
{
	int i;

	for (i = 0; i < t->nrr; i++)
		if (cmp_true(&t->rr[i], f))
			return 1;
	return 0;
}

/*
 * The faces a reroll until keeps, once for all (issue 23: constant time a
 * die): klo..khi without the points xp[], sorted; a "<>" keeps one face.
 */
static void
kept_faces(struct term *t)
{
	int i, j, v;

	t->klo = t->flo, t->khi = t->fhi, t->nx = 0;
	for (i = 0; i < t->nrr; i++) {
		v = (int)(t->rr[i].v > EXPR_SIDES_MAX ? EXPR_SIDES_MAX + 1 : t->rr[i].v);
		switch (t->rr[i].op) {
		case CMP_LT: t->klo = v > t->klo ? v : t->klo; break;
		case CMP_LE: t->klo = v + 1 > t->klo ? v + 1 : t->klo; break;
		case CMP_GT: t->khi = v < t->khi ? v : t->khi; break;
		case CMP_GE: t->khi = v - 1 < t->khi ? v - 1 : t->khi; break;
		case CMP_NE:
			t->klo = v > t->klo ? v : t->klo;
			t->khi = v < t->khi ? v : t->khi;
			break;
		}
	}
	for (i = 0; i < t->nrr; i++) {
		v = (int)t->rr[i].v;
		if (t->rr[i].op != CMP_EQ || v < t->klo || v > t->khi)
			continue;
		for (j = 0; j < t->nx && t->xp[j] != v; j++)
			;
		if (j == t->nx)
			t->xp[t->nx++] = v;
	}
	for (i = 1; i < t->nx; i++)	/* a few points: insertion sort */
		for (j = i; j > 0 && t->xp[j - 1] > t->xp[j]; j--)
			v = t->xp[j], t->xp[j] = t->xp[j - 1], t->xp[j - 1] = v;
	t->left = t->khi < t->klo ? 0 : (uint32_t)(t->khi - t->klo + 1 - t->nx);
}

/* r, ro, rr, then a comparison; several (r1r3) reroll any that matches. */
static int
reroll(struct parser *p, struct term *t)
{
	const char *at = p->s - 1;
	int kind = dialect == DIALECT_FOUNDRY ? 1 : 2;	/* Foundry: r once, rr until */
	long long v;

	if (lower(*p->s) == 'o')
		kind = 1, p->s++;
	else if (lower(*p->s) == 'r')	/* avrae d20's and Foundry's rr: until */
		kind = 2, p->s++;
	if (dialect == DIALECT_AVRAE && kind == 1 && (lower(*p->s) == 'l' ||
	    lower(*p->s) == 'h')) {	/* avrae's rol1: the lowest die, once */
		t->rosel = lower(*p->s++);
		if (t->reroll || !number(p, EXPR_COUNT_MAX, &v))
			return fail(p, at, "avrae's ro%c: a number of dice, alone", t->rosel);
		t->rosn = (uint32_t)(v > t->count ? t->count : v);
		return 0;
	}
	if (t->reroll && t->reroll != kind)
		return fail(p, at, "reroll: once (ro) or until (r), not both");
	if (t->nrr == EXPR_REROLL_MAX)
		return fail(p, at, "reroll: at most %d to a term", EXPR_REROLL_MAX);
	t->reroll = kind;
	if (comparison(p, &t->rr[t->nrr], 0, 1) < 0)
		return -1;
	if (t->rr[t->nrr].op == CMP_NONE)	/* r alone: the lowest */
		t->rr[t->nrr] = (struct cmp){ CMP_EQ, t->flo };
	t->nrr++;
	kept_faces(t);
	if (t->reroll == 2 && t->left == 0)
		return fail(p, at, "reroll: every face would reroll");
	return 0;
}

/*
 * !, !!, !p, !!p, then a comparison: the highest face unless given; x, xo
 * (Foundry: explode, explode once).  A second explosion replaces the
 * first, as rpg-dice-roller keeps the last of each modifier.
 */
static int
explode(struct parser *p, struct term *t, int x)
{
	t->explode = EX_EXPLODE;
	t->exmax = EXPR_EXPLODE_MAX;
	if (x && lower(*p->s) == 'o')
		t->exmax = 1, p->s++;
	if (!x && *p->s == '!')	/* !!=4 compounds on 4 (rpg-dice-roller) */
		t->explode = EX_COMPOUND, p->s++;
	if (!x && lower(*p->s) == 'p') {
		t->explode = t->explode == EX_EXPLODE ? EX_PENETRATE :
		    EX_COMPOUND_PENETRATE;
		p->s++;
	}
	if (comparison(p, &t->ex, 0, 1) < 0)
		return -1;
	if (t->ex.op == CMP_NONE)
		t->ex = (struct cmp){ CMP_EQ, t->fhi };
	return 0;
}

/*
 * mi N, ma N (avrae d20), min N, max N (rpg-dice-roller): the least and
 * the most a die shows; beyond the faces as avrae has it (10d6mi10 is
 * 100).  clamp: 1 mi given, 2 ma given; both, mi is at most ma.
 */
static int
minmax(struct parser *p, struct term *t, int which)
{
	const char *at = p->s - 2;
	long long v;
	int neg;

	if (lower(*p->s) == (which == 'i' ? 'n' : 'x'))
		p->s++;
	if ((neg = *p->s == '-'))	/* 4d20max-12: rpg-dice-roller's negative bound */
		p->s++;
	if (!number(p, EXPR_SIDES_MAX, &v))
		return fail(p, p->s, "expected the %s face", which == 'i' ?
		    "least" : "most");
	v = neg ? -v : v;
	if (!t->clamp)
		t->mi = t->flo - 1, t->ma = (long long)t->fhi + 1;
	if (which == 'i')
		t->mi = t->clamp & 1 && t->mi > v ? t->mi : v;
	else
		t->ma = t->clamp & 2 && t->ma < v ? t->ma : v;
	t->clamp |= which == 'i' ? 1 : 2;
	if (t->clamp == 3 && t->mi > t->ma)
		return fail(p, at, "mi and ma: the least face above the most");
	return 0;
}

/*
 * u, uo, then a comparison: no face twice among a term's dice, or no face
 * that matches it twice (rpg-dice-roller's unique, 4d6u=5).
 */
static int
unique(struct parser *p, struct term *t)
{
	const char *at = p->s - 1;
	long long f, faces = (long long)t->fhi - t->flo + 1, match = 0;

	if (t->unique)
		return fail(p, at, "one unique to a term");
	t->unique = 2;
	if (lower(*p->s) == 'o')
		t->unique = 1, p->s++;
	if (comparison(p, &t->uq, 0, 1) < 0)
		return -1;
	for (f = t->flo; f <= t->fhi; f++)
		match += unique_applies(t, f);
	if (t->unique == 2 && (long long)t->count > faces && match == faces)
		return fail(p, at, "unique: more dice than faces");
	return 0;
}

/* Whether face f may not show twice: any face, or those u's comparison matches. */
int
unique_applies(const struct term *t, long long f)
{
	return t->uq.op == CMP_NONE || cmp_true(&t->uq, f);
}

static int
counts(struct parser *p, struct term *t, int c)
{
	const char *at = p->s;
	struct cmp *to;

	if (c == 'c')
		p->s++;
	c = lower(*p->s) == 's' && c == 'c' ? 's' : c == 'c' ? 'F' : c;
	if (c == 's' || c == 'F' || c == 'f')
		p->s++;
	to = c == 's' ? &t->crit : c == 'F' ? &t->fumble : c == 'f' ? &t->cf :
	    &t->cs;
	if (dialect == DIALECT_FOUNDRY && (c == 's' || c == 'F')) {
		to = c == 's' ? &t->cs : &t->cf;	/* Foundry counts them */
		t->fcount = c == 'F';
		if (t->cs.op || t->cf.op)
			return fail(p, at, "Foundry: one count (cs or cf) to a term");
	}
	if (to->op)
		return fail(p, at, "one %s to a term", c == 's' ?
		    "critical success (cs)" : c == 'F' ? "critical failure (cf)" :
		    c == 'f' ? "failure count" : "success count");
	if (comparison(p, to, c != 's' && c != 'F', 1) < 0)
		return -1;
	if (to->op == CMP_NONE)	/* bare cs, cf: the highest, the lowest face */
		*to = (struct cmp){ CMP_EQ, c == 's' ? t->fhi : t->flo };
	return 0;
}

/* s, sa, sd: the dice shown sorted, the total the same; sN (rolldice): dlN */
static int
sorting(struct parser *p, struct term *t)
{
	if (*p->s >= '0' && *p->s <= '9')
		return keep(p, t, 'd');
	t->sort = lower(*p->s) == 'd' ? 'd' : 'a';
	if (lower(*p->s) == 'a' || lower(*p->s) == 'd')
		p->s++;
	return 0;
}

/* Whether s starts with the letters of w, either case. */
static int
word(const char *s, const char *w)
{
	for (; *w != '\0'; s++, w++)
		if (lower(*s) != *w)
			return 0;
	return 1;
}

/* even, odd (Foundry): count the dice that show an even, an odd face. */
static int
parity(struct parser *p, struct term *t)
{
	const char *at = p->s;
	int even = lower(*p->s) == 'e';

	p->s += even ? 4 : 3;
	if (t->cs.op || t->cf.op)
		return fail(p, at, "one success count to a term");
	t->cs.op = even ? CMP_EVEN : CMP_ODD;
	return 0;
}

/*
 * m, mt (Roll20): the dice that show the same face as another: m marks them
 * (the total is the same), mt counts the sets; m3, mt3: sets of 3 or more;
 * m>=4, mt>=4: only the faces that match the comparison.
 */
static int
matching(struct parser *p, struct term *t)
{
	const char *at = p->s - 1;
	long long v;

	if (t->match)
		return fail(p, at, "one m or mt to a term");
	if (lower(*p->s) == 's')	/* not Foundry's margin, nor a sort after m */
		return fail(p, at, "ms: not read (Foundry's margin: write "
		    "(10d6>4)-5; a sort: before m)");
	t->match = lower(*p->s) == 't' ? 't' : 'm';
	if (t->match == 't')
		p->s++;
	t->msize = 2;
	if (*p->s >= '0' && *p->s <= '9') {
		number(p, EXPR_COUNT_MAX, &v);
		if (v < 2 || v > EXPR_COUNT_MAX)
			return fail(p, at, "m: a set of 2 to %d dice", EXPR_COUNT_MAX);
		t->msize = (int)v;
	}
	return comparison(p, &t->mcmp, 0, 1);
}

static int
modifier(struct parser *p, struct term *t)
{
	int c = lower(*p->s);

	if (c == 'd' && lower(p->s[1]) == 'f' && dialect == DIALECT_FOUNDRY)
		return p->s++, counts(p, t, 'f');	/* Foundry's df: roll's f */
	if (c == 'k' || c == 'd')
		return p->s++, keep(p, t, c);
	if (c == 'r')
		return p->s++, reroll(p, t);
	if (c == '!' || c == 'x')
		return p->s++, explode(p, t, c == 'x');
	if (c == 's')
		return p->s++, sorting(p, t);
	if (word(p->s, "even") || word(p->s, "odd"))
		return parity(p, t);
	if (c == 'u')
		return p->s++, unique(p, t);
	if (c == 'm' && (lower(p->s[1]) == 'i' || lower(p->s[1]) == 'a'))
		return p->s += 2, minmax(p, t, lower(p->s[-1]));
	if (c == 'm')
		return p->s++, matching(p, t);
	return counts(p, t, c);
}

static int
is_modifier(const char *s)
{
	int c = lower(*s), d = c != '\0' ? lower(s[1]) : 0;

	if (c == 'm' && (d == 'i' || d == 'a') && lower(s[2]) == (d == 'i' ?
	    'n' : 'x') && s[3] == '(')
		return 0;	/* the function min( or max( */
	if (word(s, "even") || word(s, "odd"))
		return 1;
	return c == 'k' || c == 'd' || c == 'r' || c == '!' || c == 'f' ||
	    c == 'x' || c == 's' ||
	    c == 'u' || c == 'm' ||
	    c == '<' || c == '>' || c == '=' || (c == 'c' && (d == 's' || d == 'f'));
}

/* What a draw shows: its face, less one on a penetrating extra draw, within mi..ma. */
long long
term_shown(const struct term *t, long long f, int extra)
{
	if (t->scale)
		f *= t->scale;
	if (extra && (t->explode == EX_PENETRATE ||
	    t->explode == EX_COMPOUND_PENETRATE))
		f--;
	if (t->clamp)
		f = f < t->mi ? t->mi : f > t->ma ? t->ma : f;
	return f;
}

/* What a kept die adds: its value, or +1 a success and -1 a failure. */
long long
term_score(const struct term *t, long long v)
{
	if (!t->cs.op && !t->cf.op)
		return v;
	return (t->cs.op && cmp_true(&t->cs, v)) +
	    (t->cf.op && cmp_true(&t->cf, v)) * (t->fcount ? 1 : -1);
}

/* mt: how many faces of the n values v (sorted) show msize times or more. */
long long
term_sets(const struct term *t, const long long *v, int n)
{
	long long sets = 0;
	int i, j;

	for (i = 0; i < n; i = j) {
		for (j = i; j < n && v[j] == v[i]; j++)
			;
		sets += j - i >= t->msize && (!t->mcmp.op || cmp_true(&t->mcmp, v[i]));
	}
	return sets;
}

/* No modifier but keep or drop: the shape of the fast roller. */
int
term_plain(const struct term *t)
{
	return !t->reroll && !t->explode && !t->unique && !t->clamp &&
	    !t->scale && !t->rosel && !t->match &&
	    !t->cs.op && !t->cf.op && !t->crit.op && !t->fumble.op &&
	    t->flo == 1;
}

static long long
pick(long long a, long long b, int most)
{
	return most ? (a > b ? a : b) : (a < b ? a : b);
}

/* The least and the most one die (with its extra dice, compounded) shows. */
static void
die_range(const struct term *t, long long *lo, long long *hi)
{
	long long a = term_shown(t, t->flo, 0), b = term_shown(t, t->fhi, 0);
	long long ea = term_shown(t, t->flo, 1), eb = term_shown(t, t->fhi, 1);

	*lo = a, *hi = b;
	if (t->explode == EX_COMPOUND || t->explode == EX_COMPOUND_PENETRATE) {
		*lo += t->exmax * (ea < 0 ? ea : 0);
		*hi += t->exmax * (eb > 0 ? eb : 0);
	} else if (t->explode) {
		*lo = ea < a ? ea : a;
		*hi = eb > b ? eb : b;
	}
}

/* The least and the most a term gives. */
static void
term_range(const struct term *t, long long *lo, long long *hi)
{
	long long dlo, dhi, pmax = t->count, kmin, kmax;

	die_range(t, &dlo, &dhi);
	if (t->explode == EX_EXPLODE || t->explode == EX_PENETRATE)
		pmax *= t->exmax + 1;	/* the extra dice */
	kmin = t->kd == 'k' ? pick(t->kn, t->count, 0) :
	    pick((long long)t->count - (t->kd ? t->kn : 0), 0, 1);
	kmax = t->kd == 'k' ? pick(t->kn, pmax, 0) :
	    pick(pmax - (t->kd ? t->kn : 0), 0, 1);
	if (t->cs.op || t->cf.op) {
		dlo = t->cf.op && !t->fcount ? -1 : 0;
		dhi = t->cs.op || t->fcount ? 1 : 0;
	}
	*lo = dlo < 0 ? dlo * kmax : dlo * kmin;
	*hi = dhi > 0 ? dhi * kmax : dhi * kmin;
	if (t->match == 't')	/* sets of msize among the dice */
		*lo = 0, *hi = kmax / t->msize;
}

static int parenthesized(struct parser *);

/*
 * COUNT d (EXPR) {keep | [f] compare}: as many sides as EXPR gives, rolled
 * first (issue 25: dicelab's d<scalar>, rpg-dice-roller's 3d(2*6)); only
 * the modifiers that do not read the faces: keep, drop, success counts.
 */
static int
sided(struct parser *p, struct term *t, const char *at)
{
	long long lo, hi, lo2, hi2;
	const struct enode *n;
	int c, i;

	if ((c = parenthesized(p)) < 0)
		return -1;
	n = &p->e->node[c];
	if (n->lo < 1 || n->hi > EXPR_SIDES_MAX)
		return fail(p, at, "sides: expected 1 to %d", EXPR_SIDES_MAX);
	t->fhi = (int)n->hi;
	while (is_modifier(p->s)) {
		i = lower(*p->s);
		if (i != 'k' && i != 'd' && i != 'f' && i != '<' && i != '>' &&
		    i != '=')
			return fail(p, p->s, "computed sides: only keep, drop and success counts");
		if (modifier(p, t) < 0)
			return -1;
	}
	t->fhi = (int)n->lo;
	term_range(t, &lo, &hi);
	t->fhi = (int)n->hi;
	term_range(t, &lo2, &hi2);
	if ((i = node(p, E_SDICE, lo < lo2 ? lo : lo2, hi > hi2 ? hi : hi2)) < 0)
		return -1;
	p->e->node[i].a = c;
	p->e->node[i].t = *t;
	return i;
}

static int join(struct parser *, int, int, int, long long, long long);

/*
 * avrae's rolN (rohN): the N lowest (highest) dice rolled again, once: the
 * others kept, then N fresh dice, drawn after them, as avrae draws them.
 */
static int
again(struct parser *p, struct term *t)
{
	struct term fresh = *t;
	long long lo, hi, lo2, hi2;
	int a, b;

	t->kd = 'k';
	t->kn = t->keep = t->count - t->rosn;
	t->keephigh = t->rosel == 'l';
	t->rosel = 0;
	fresh.count = fresh.keep = t->count - t->kn;
	fresh.rosel = 0;
	term_range(t, &lo, &hi);
	if ((a = node(p, E_DICE, lo, hi)) < 0)
		return -1;
	p->e->node[a].t = *t;
	if (fresh.count == 0)
		return a;
	term_range(&fresh, &lo2, &hi2);
	if ((b = node(p, E_DICE, lo2, hi2)) < 0)
		return -1;
	p->e->node[b].t = fresh;
	return join(p, E_ADD, a, b, lo + lo2, hi + hi2);
}

/* [COUNT] d (SIDES | % | F | (EXPR)) {MODIFIER}: count is read already. */
static int
dice(struct parser *p, long long count, const char *at)
{
	struct term t = { 0 };
	long long v, lo, hi;
	int i;

	if (count < 0 || count > EXPR_COUNT_MAX)
		return fail(p, at, "count: expected 0 to %d dice", EXPR_COUNT_MAX);
	t.count = t.keep = (uint32_t)count;
	t.keephigh = 1;
	t.flo = 1;
	if (*++p->s == '(')
		return sided(p, &t, at);
	if (*p->s == '%' && dialect == DIALECT_AVRAE)	/* a tens die: 0, 10 .. 90 */
		t.flo = 0, t.fhi = 9, t.scale = 10, p->s++;
	else if (*p->s == '%')
		t.fhi = 100, p->s++;
	else if (lower(*p->s) == 'f' && !(*p->s >= '0' && *p->s <= '9'))
		t.flo = -1, t.fhi = 1, p->s++;	/* Fudge: -1, 0, +1 */
	else if (!number(p, EXPR_SIDES_MAX, &v))
		return fail(p, p->s, "expected the sides: a number, %% or F");
	else if (v < 1 || v > EXPR_SIDES_MAX)
		return fail(p, at, "sides: expected 1 to %d", EXPR_SIDES_MAX);
	else
		t.fhi = (int)v;
	if (count == 0 && is_modifier(p->s))
		return fail(p, p->s, "no dice to modify: 0d%d", t.fhi);
	while (is_modifier(p->s))
		if (modifier(p, &t) < 0)
			return -1;
	if (t.unique && (t.reroll || t.explode))
		return fail(p, at, "unique (u): not with a reroll or an explosion");
	if (t.scale && (t.reroll || t.explode || t.unique || t.clamp ||
	    t.cs.op || t.cf.op || t.crit.op || t.fumble.op || t.rosel))
		return fail(p, at, "avrae's d%%, a tens die: keep and drop only");
	if (t.match == 't' && (t.explode || t.unique || t.kd || t.cs.op ||
	    t.cf.op || t.scale))
		return fail(p, at, "mt: not with keep, drop, explosions, unique or counts");
	if (t.rosel && (t.reroll || t.explode || t.unique || t.clamp || t.kd ||
	    t.cs.op || t.cf.op || t.crit.op || t.fumble.op || t.sort))
		return fail(p, at, "avrae's ro%c: alone on its dice here", t.rosel);
	if (t.rosel)
		return again(p, &t);
	term_range(&t, &lo, &hi);
	if ((i = node(p, E_DICE, lo, hi)) >= 0)
		p->e->node[i].t = t;
	return i;
}

static int sum(struct parser *);
static int factor(struct parser *);
static int dice(struct parser *, long long, const char *);

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

/* ( SUM ) */
static int
parenthesized(struct parser *p)
{
	int i;

	space(p);
	if (*p->s != '(')
		return fail(p, p->s, "expected '('");
	p->s++;
	if ((i = sum(p)) < 0)
		return -1;
	space(p);
	if (*p->s != ')')
		return fail(p, p->s, "expected ')'");
	p->s++;
	return i;
}

/* The bounds of a group: the kept totals added, or counted. */
static void
group_range(struct parser *p, int g)
{
	struct enode *n = &p->e->node[g];
	long long los[EXPR_NODES_MAX], his[EXPR_NODES_MAX], x;
	int i, j, k = 0;

	for (i = n->a; i >= 0; i = p->e->node[i].b, k++) {
		los[k] = p->e->node[p->e->node[i].a].lo;
		his[k] = p->e->node[p->e->node[i].a].hi;
	}
	for (i = 1; i < k; i++)		/* lows up, highs down */
		for (j = i; j > 0; j--) {
			if (los[j - 1] > los[j])
				x = los[j], los[j] = los[j - 1], los[j - 1] = x;
			if (his[j - 1] < his[j])
				x = his[j], his[j] = his[j - 1], his[j - 1] = x;
		}
	n->lo = n->hi = 0;
	for (i = 0; i < (int)n->t.keep; i++) {
		n->lo += n->t.cs.op || n->t.cf.op ? -(n->t.cf.op && !n->t.fcount) :
		    los[i];
		n->hi += n->t.cs.op || n->t.cf.op ? (n->t.cs.op || n->t.fcount) :
		    his[i];
	}
}

/*
 * { SUM {, SUM} } {khN | klN | dhN | dlN | compare | f compare}: the
 * totals of several expressions kept, dropped or counted as dice are
 * (Roll20 and rpg-dice-roller's group rolls).
 */
static int
group(struct parser *p, const char *at)
{
	int g, item, last = -1, x;
	struct term t = { 0 };

	if ((g = node(p, E_GROUP, 0, 0)) < 0)
		return -1;
	p->e->node[g].a = -1;
	do {
		p->s++;
		if ((x = sum(p)) < 0 || (item = join(p, E_ITEM, x, -1, 0, 0)) < 0)
			return -1;
		if (last < 0)
			p->e->node[g].a = item;
		else
			p->e->node[last].b = item;
		last = item;
		t.count++;
		space(p);
	} while (*p->s == ',');
	if (*p->s != '}')
		return fail(p, p->s, "expected ',' or '}'");
	p->s++;
	t.keep = t.count;
	t.keephigh = 1;
	while (is_modifier(p->s)) {
		int c = lower(*p->s);

		if (c != 'k' && c != 'd' && c != 'f' && c != '<' && c != '>' &&
		    c != '=')
			return fail(p, p->s, "a group takes keep, drop and counts only");
		if (modifier(p, &t) < 0)
			return -1;
	}
	if (t.count == 1 && (t.kd || t.cs.op || t.cf.op))
		return fail(p, at, "a group of one expression: write its dice's own modifiers");
	p->e->node[g].t = t;
	group_range(p, g);
	if (p->e->node[g].lo < -EXPR_MAG_MAX || p->e->node[g].hi > EXPR_MAG_MAX)
		return fail(p, at, "a total could pass 10^12");
	return g;
}

/* floor ceil round abs min max ( ... ): the functions of rpg-dice-roller and Roll20. */
static const char *const functions[] = {
	"floor", "ceil", "round", "abs", "min", "max", NULL
};

/* min(a, b, ...), max(a, b, ...): after the '(' */
static int
extreme(struct parser *p, int f, const char *at)
{
	const struct enode *l, *r;
	int a, b;

	if ((a = sum(p)) < 0)
		return -1;
	space(p);
	if (*p->s != ',')
		return fail(p, p->s, "%s: expected ',' and another expression",
		    functions[f]);
	for (; *p->s == ','; space(p)) {
		p->s++;
		if ((b = sum(p)) < 0)
			return -1;
		l = &p->e->node[a], r = &p->e->node[b];
		p->tok = at;
		if ((a = join(p, f == 4 ? E_MIN : E_MAX, a, b,
		    pick(l->lo, r->lo, f == 5), pick(l->hi, r->hi, f == 5))) < 0)
			return -1;
	}
	return a;
}

/* floor, ceil, round: of a quotient, its rounding; of a whole number, itself. */
static void
rounding(struct parser *p, int f, struct enode *x)
{
	long long xl = p->e->node[x->a].lo, xh = p->e->node[x->a].hi;
	long long yl = p->e->node[x->b].lo, yh = p->e->node[x->b].hi;
	long long c[4];
	int i;

	x->op = f == 0 ? E_DIV : f == 1 ? E_CEIL : E_ROUND;
	c[0] = expr_apply(x->op, xl, yl), c[1] = expr_apply(x->op, xl, yh);
	c[2] = expr_apply(x->op, xh, yl), c[3] = expr_apply(x->op, xh, yh);
	for (x->lo = x->hi = c[0], i = 1; i < 4; i++) {
		x->lo = c[i] < x->lo ? c[i] : x->lo;
		x->hi = c[i] > x->hi ? c[i] : x->hi;
	}
}

static int
function(struct parser *p, int f, const char *at)
{
	struct enode *x;
	int a;

	space(p);
	p->s++;			/* the '(' function_name saw */
	if ((a = f >= 4 ? extreme(p, f, at) : sum(p)) < 0)
		return -1;
	space(p);
	if (*p->s != ')')
		return fail(p, p->s, "expected ')'");
	p->s++;
	x = &p->e->node[a];
	p->tok = at;
	if (f == 3)		/* abs */
		return join(p, E_ABS, a, -1, x->lo >= 0 ? x->lo : x->hi <= 0 ?
		    -x->hi : 0, x->hi > -x->lo ? x->hi : -x->lo);
	if (f < 3 && (x->op == E_DIV || x->op == E_CEIL || x->op == E_ROUND))
		rounding(p, f, x);
	return a;
}

/* A name then "(": a function; its index, or -1. */
static int
function_name(const char *s)
{
	size_t n;
	int i;

	for (i = 0; functions[i] != NULL; i++) {
		n = strlen(functions[i]);
		if (strncmp(s, functions[i], n) == 0 && (s[n] == '(' ||
		    ((s[n] == ' ' || s[n] == '\t') && s[n + strspn(s + n, " \t")] == '(')))
			return i;
	}
	return -1;
}

/*
 * (EXPR)dN{MODIFIER}: as many dice as EXPR gives, rolled first (Foundry
 * VTT's parenthetical count); keep and drop no more than its least.
 */
static int
counted(struct parser *p, int c, const char *at)
{
	const struct enode *n = &p->e->node[c];
	struct term t;
	long long lo, hi, lo2, hi2;
	int i;

	if (n->lo < 0 || n->hi > EXPR_COUNT_MAX)
		return fail(p, at, "count: expected 0 to %d dice", EXPR_COUNT_MAX);
	if ((i = dice(p, n->hi, at)) < 0)
		return -1;
	if (p->e->node[i].op == E_SDICE)
		return fail(p, at, "a computed count and computed sides: not both");
	t = p->e->node[i].t;
	if (t.kd && (t.kd == 'k' ? t.kn > n->lo : t.kn >= n->lo))
		return fail(p, at, "%s: the count could be less than %u",
		    t.kd == 'k' ? "keep" : "drop", t.kn + (t.kd == 'd'));
	t.count = (uint32_t)n->lo;
	term_range(&t, &lo, &hi);
	t.count = (uint32_t)n->hi;
	term_range(&t, &lo2, &hi2);
	p->e->node[i].op = E_NDICE;
	p->e->node[i].a = c;
	p->e->node[i].lo = lo < lo2 ? lo : lo2;
	p->e->node[i].hi = hi > hi2 ? hi : hi2;
	return i;
}

/* ( SUM ) | NUMBER | [NUMBER] DICE | (SUM) DICE | { GROUP } | FUNCTION ( ... ) */
static int
atom(struct parser *p)
{
	const char *at;
	long long v = 1;
	int i;

	space(p);
	p->tok = at = p->s;
	if (*p->s == '(') {
		if ((i = parenthesized(p)) < 0 || lower(*p->s) != 'd' ||
		    !(p->s[1] == '%' || lower(p->s[1]) == 'f' || p->s[1] == '(' ||
		    (p->s[1] >= '0' && p->s[1] <= '9')))
			return i;
		return counted(p, i, at);
	}
	if (*p->s == '{')
		return group(p, at);
	if ((i = function_name(p->s)) >= 0) {
		p->s += strlen(functions[i]);
		return function(p, i, at);
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

/* Floor and ceiling of a / b, b != 0; to the nearest, halves away from 0. */
static long long
rounddiv(long long a, long long b)
{
	long long q = a / b, r = a % b;

	if (r < 0)
		r = -r;
	if (2 * r >= (b < 0 ? -b : b))
		q += (a < 0) != (b < 0) ? -1 : 1;
	return q;
}

/* x ** y, y >= 0, saturated beyond 10^12 either way. */
static long long
power(long long x, long long y)
{
	long long r = 1;

	for (; y > 0; y--) {
		if ((double)r * (double)x > 4e12 || (double)r * (double)x < -4e12)
			return (double)r * (double)x > 0 ? EXPR_MAG_MAX * 4 :
			    -EXPR_MAG_MAX * 4;
		r *= x;
	}
	return r;
}

/* One binary operator on two totals (y no 0 for a division or remainder). */
long long
expr_apply(int op, long long x, long long y)
{
	switch (op) {
	case E_ADD: return x + y;
	case E_SUB: return x - y;
	case E_MUL: return x * y;
	case E_DIV: return floor_div(x, y);
	case E_CEIL: return ceil_div(x, y);
	case E_ROUND: return rounddiv(x, y);
	case E_MOD: return x - y * floor_div(x, y);	/* as avrae (Python) */
	case E_POW: return power(x, y);
	case E_MIN: return x < y ? x : y;
	case E_MAX: return x > y ? x : y;
	}
	return 0;
}

/* The least and the most of x OP y over the corners (and 0, 1, -1 for a power). */
static int
corners(struct parser *p, int op, const struct enode *x, const struct enode *y,
    long long *lo, long long *hi)
{
	long long xs[5] = { x->lo, x->hi, 0, 1, -1 }, ys[4], v;
	int i, j, nx = 2;

	ys[0] = y->lo, ys[1] = y->hi, ys[2] = y->lo + 1, ys[3] = y->hi - 1;
	if (op == E_POW)
		for (i = 2; i < 5; i++)
			if (xs[i] > x->lo && xs[i] < x->hi)
				xs[nx++] = xs[i];
	for (i = 0; i < nx; i++)
		for (j = 0; j < (op == E_POW ? 4 : 2); j++) {
			if (ys[j] < y->lo || ys[j] > y->hi)
				continue;
			if (op == E_MUL && ((double)xs[i] * ys[j] > 4e12 ||
			    (double)xs[i] * ys[j] < -4e12))
				return fail(p, p->tok, "a total could pass 10^12");
			v = expr_apply(op, xs[i], ys[j]);
			if ((i == 0 && j == 0) || v < *lo)
				*lo = v;
			if ((i == 0 && j == 0) || v > *hi)
				*hi = v;
		}
	return 0;
}

/* x OP y, dice on either side: the divisor never 0, the exponent 0 to 64. */
static int
binary(struct parser *p, int op, int a, int b, const char *at)
{
	const struct enode *x = &p->e->node[a], *y = &p->e->node[b];
	long long lo = 0, hi = 0;

	p->tok = at;
	if ((op == E_DIV || op == E_MOD) && y->lo <= 0 && y->hi >= 0)
		return fail(p, at, "%s: the divisor could be 0", op == E_DIV ?
		    "'/'" : "'%'");
	if (op == E_POW && (y->lo < 0 || y->hi > EXPR_POW_MAX))
		return fail(p, at, "exponent: expected 0 to %d", EXPR_POW_MAX);
	if (corners(p, op, x, y, &lo, &hi) < 0)
		return -1;
	if (op == E_MOD) {	/* the sign of the divisor, below its size */
		lo = y->lo > 0 ? 0 : y->lo + 1;
		hi = y->lo > 0 ? y->hi - 1 : 0;
		if (x->lo >= 0 && y->lo > 0 && x->hi < y->lo)
			lo = x->lo, hi = x->hi;
	}
	return join(p, op, a, b, lo, hi);
}

/* ATOM [ ("**" | "^") FACTOR ]: a power binds tighter than a sign (-2**2 is -4). */
static int
powered(struct parser *p)
{
	const char *at;
	int a, b;

	if ((a = atom(p)) < 0)
		return -1;
	space(p);
	at = p->s;
	if (*p->s == '^')
		p->s++;
	else if (p->s[0] == '*' && p->s[1] == '*')
		p->s += 2;
	else
		return a;
	if ((b = factor(p)) < 0)
		return give_back(p, at, a);
	return binary(p, E_POW, a, b, at);
}

/* "-" FACTOR | "+" FACTOR | POWERED */
static int
factor(struct parser *p)
{
	int i;

	space(p);
	p->tok = p->s;
	if (*p->s == '+') {
		p->s++;
		return factor(p);
	}
	if (*p->s != '-')
		return powered(p);
	p->s++;
	if ((i = factor(p)) < 0)
		return -1;
	return node(p, E_NEG, -p->e->node[i].hi, -p->e->node[i].lo) < 0 ?
	    -1 : (p->e->node[p->e->n - 1].a = i, p->e->n - 1);
}

/* A sum's operators, then a product's, longest first; "**" ends a product. */
static const struct binop {
	const char *word;
	int	 op;		/* -1: not an operator of the level */
} binops[2][6] = {
	{ { "+", E_ADD }, { "-", E_SUB } },
	{ { "**", -1 }, { "*", E_MUL }, { "//", E_DIV },	/* floor, as avrae */
	    { "/", E_DIV }, { "%", E_MOD } }
};

/*
 * LEVEL 0, a sum: PRODUCT { ("+" | "-") PRODUCT }; LEVEL 1, a product:
 * FACTOR { ("*" | "/" | "//" | "%") FACTOR }; left to right.
 */
static int
chain(struct parser *p, int level)
{
	const struct binop *o;
	const char *at;
	int a, b;

	if ((a = level == 0 ? chain(p, 1) : factor(p)) < 0)
		return -1;
	for (;;) {
		space(p);
		at = p->s;
		for (o = binops[level]; o->word != NULL &&
		    strncmp(at, o->word, strlen(o->word)) != 0; o++)
			;
		if (o->word == NULL || o->op < 0)
			return a;
		p->s += strlen(o->word);
		if ((b = level == 0 ? chain(p, 1) : factor(p)) < 0)
			return give_back(p, at, a);
		if ((a = binary(p, o->op, a, b, at)) < 0)
			return -1;
	}
}

static int
sum(struct parser *p)
{
	return chain(p, 0);
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
	if (dialect_now() == -2) {
		snprintf(e->why, sizeof e->why, "DELVING_DICE: '%.40s': not a "
		    "dialect", getenv("DELVING_DICE"));
		return e->why;
	}
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
		if (e->node[i].op == E_DICE || e->node[i].op == E_NDICE ||
		    e->node[i].op == E_SDICE)
			n += (int)e->node[i].t.count;
	return n;
}
