/*
 * pace: the words of a pace (chase(6) PACE) and the arithmetic of its rate,
 * in whole numbers: a rate is NUM/DEN units a time unit, DEN a power of 2.
 */
#include <stdio.h>
#include <string.h>

#include "pace.h"
#include "util.h"

/* The rules' words, for an error: " cautious rushing slow ...". */
static void
words_of(const struct pace_rules *pr, char *buf, size_t size)
{
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < pr->nmanners && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, " %s", pr->manners[i].word);
	for (i = 0; i < pr->nspeeds && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, " %s", pr->speeds[i].word);
	for (i = 0; i < pr->nfactors && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, " %s", pr->factors[i].word);
}

/* Set bit i of *set for the word w of list; 0 when w is not in it. */
static int
mark(unsigned *set, const char *w, const char *word, int i)
{
	if (strcmp(w, word) != 0)
		return 0;
	if (*set & 1u << i)
		esc_errx(EXIT_BAD, "%s: given twice", w);
	*set |= 1u << i;
	return 1;
}

/* A manner, a named speed or a word that scales; 0 when it is none. */
static int
pace_word(struct pace_ask *a, const char *w)
{
	const struct pace_rules *pr = a->pr;
	unsigned factors = 0;
	int i;

	for (i = 0; i < pr->nmanners; i++)
		if (mark(&a->manners, w, pr->manners[i].word, i))
			return 1;
	for (i = 0; i < pr->nspeeds; i++)
		if (mark(&a->named, w, pr->speeds[i].word, i))
			return 1;
	for (i = 0; i < a->nwords; i++)
		factors |= 1u << (a->words[i] - pr->factors);
	for (i = 0; i < pr->nfactors; i++)
		if (mark(&factors, w, pr->factors[i].word, i)) {
			a->words[a->nwords++] = &pr->factors[i];
			return 1;
		}
	return 0;
}

/* f is slower than g, or as slow and given first */
static int
slower(const struct pace_factor *f, const struct pace_factor *g, int first)
{
	long long fg = f->num * g->den, gf = g->num * f->den;

	return fg < gf || (fg == gf && first);
}

/*
 * Two words of one kind are refused (tactical and stealthy, favorable and
 * unfavorable).  004: terrain and light do not add up: of open, difficult,
 * harsh, dim and dark, the slowest alone is kept.
 */
static void
settle_words(struct pace_ask *a)
{
	const struct pace_factor *f, *g;
	int i, j, n;

	for (i = 0; i < a->nwords; i++)
		for (j = 0; j < i; j++) {
			f = a->words[i];
			g = a->words[j];
			if (f->group == g->group && f->group != PG_ALONE &&
			    f->group != PG_TERRAIN)
				esc_errx(EXIT_BAD, "%s and %s: one or the other",
				    g->word, f->word);
		}
	for (i = n = 0; i < a->nwords; i++) {
		f = a->words[i];
		for (j = 0; j < a->nwords; j++)
			if (j != i && f->group == PG_TERRAIN &&
			    a->words[j]->group == PG_TERRAIN &&
			    slower(a->words[j], f, j < i))
				break;
		if (j == a->nwords)
			a->words[n++] = f;
	}
	a->nwords = n;
}

/* The words pick the manners they fit; named manners must fit them all. */
static void
pick_manners(struct pace_ask *a)
{
	unsigned fit = (1u << a->pr->nmanners) - 1, misfit;
	int i, m;

	for (i = 0; i < a->nwords; i++) {
		if ((misfit = a->manners & ~a->words[i]->manners) != 0) {
			for (m = 0; !(misfit & 1u << m); m++)
				;
			esc_errx(EXIT_BAD, "%s: not a word for %s", a->words[i]->word,
			    a->pr->manners[m].word);
		}
		fit &= a->words[i]->manners;
	}
	if (fit == 0)
		esc_errx(EXIT_BAD, "%s and %s: no one pace takes both",
		    a->words[0]->word, a->words[a->nwords - 1]->word);
	if (a->manners == 0)
		a->manners = fit;
}

/* The operands of pace: the rules' words and at most one DISTANCE. */
void
pace_parse(struct pace_ask *a, int rules, int argc, char **argv)
{
	char list[512];
	int i;

	memset(a, 0, sizeof *a);
	a->rules = rules;
	a->pr = &pace_rules[rules];
	a->distance = -1;
	a->hex = HEX_MILES_004;
	for (i = 0; i < argc; i++) {
		if (strncmp(argv[i], "hex=", 4) == 0 && rules == R_TRAVEL)
			a->hex = (long)estrtonum(argv[i] + 4, 1, 1000, "hex");
		else if (argv[i][0] != '\0' && strchr("+-0123456789", argv[i][0]) != NULL) {
			if (a->distance >= 0)
				esc_errx(EXIT_BAD, "%s: one distance only", argv[i]);
			a->distance = estrtonum(argv[i], 0, PACE_DISTANCE_MAX,
			    "DISTANCE");
		} else if (!pace_word(a, argv[i])) {
			words_of(a->pr, list, sizeof list);
			esc_errx(EXIT_BAD, "%s: not a word of the %s pace (%s)", argv[i],
			    rules_names[rules], list + 1);
		}
	}
	settle_words(a);
	pick_manners(a);
}

/* Does a chosen manner reckon from b (a base speed, the STR mod)? */
int
pace_uses(const struct pace_ask *a, enum pace_basis b)
{
	int i;

	for (i = 0; i < a->pr->nmanners; i++)
		if (a->manners & 1u << i && a->pr->manners[i].basis == b)
			return 1;
	return 0;
}

/* Was the word w among the operands? */
static int
pace_said(const struct pace_ask *a, const char *w)
{
	int i;

	for (i = 0; i < a->nwords; i++)
		if (strcmp(a->words[i]->word, w) == 0)
			return 1;
	return 0;
}

/* What manner m covers in a time unit: NUM/DEN of its unit. */
void
pace_rate(const struct pace_ask *a, const struct pace *m, long speed,
    long long *num, long long *den)
{
	int i;

	*num = m->basis == PACE_SPEED ? m->rate * speed :
	    m->basis == PACE_STR ? m->rate + a->mod : m->rate;
	*den = 1;
	if (m->basis == PACE_STR && a->over > 0 && !pace_said(a, "encumbered"))
		*den = 2;	/* 004: "An encumbered PC moves at half speed" */
	if (*num <= 0)
		esc_errx(EXIT_BAD, "%s: %lld %s a %s: the party cannot move", m->word,
		    *num, m->units, m->per);
	for (i = 0; i < a->nwords; i++) {
		*num *= a->words[i]->num;
		*den *= a->words[i]->den;
	}
}

/* The whole time units a distance takes at NUM/DEN a unit: rounded up. */
long long
pace_count(long long distance, long long num, long long den)
{
	return (distance * den + num - 1) / num;
}

/*
 * NUM/DEN as a person says it, to the nearest quarter: "2¼", "about ½",
 * "less than ¼".  1 when it is one or less (a singular unit follows).
 */
int
pace_spoken(char *buf, size_t size, long long num, long long den)
{
	static const char *const quarter[4] = { "", "\u00bc", "\u00bd", "\u00be" };
	long long q = (8 * num + den) / (2 * den);	/* quarters, half up */
	const char *about = (4 * num) % den == 0 ? "" : "about ";

	if (q == 0)
		snprintf(buf, size, "less than %s", quarter[1]);
	else if (q < 4)
		snprintf(buf, size, "%s%s", about, quarter[q % 4]);
	else
		snprintf(buf, size, "%s%lld%s", about, q / 4, quarter[q % 4]);
	return q <= 4;
}

/* NUM/DEN in decimals, exact as DEN is a power of 2: 2.0625. */
void
pace_decimal(char *buf, size_t size, long long num, long long den)
{
	size_t n = (size_t)snprintf(buf, size, "%lld", num / den);
	long long rem = num % den;

	if (rem != 0 && n + 1 < size)
		buf[n++] = '.';
	for (; rem != 0 && n + 1 < size; rem %= den) {
		rem *= 10;
		buf[n++] = (char)('0' + rem / den);
	}
	buf[n] = '\0';
}
