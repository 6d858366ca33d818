/*
 * fuzz the dice grammar: any string.  What the one-term fast path takes
 * (dice_read) must roll within its range; what the expression grammar takes must
 * roll within the bounds it computed, and its odds, when counted, must add
 * up to all outcomes and hold the rolled total.
 */
#include <stdlib.h>
#include <string.h>

#include "dice.h"
#include "expr.h"
#include "fuzz.h"
#include "odds.h"

static void
old_form(const char *s, size_t size)
{
	static struct expr e;
	struct dice d;
	struct rng r;
	long v;

	if (dice_read(&d, s, &e) != NULL)
		return;
	rng_seed(&r, size, "fuzz");
	v = dice_roll(&d, &r, NULL);
	if (v < dice_min(&d) || v > dice_max(&d))
		abort();
	rng_seed(&r, size, "fuzz");	/* the fast path draws as the grammar does */
	if (expr_roll(&e, &r, NULL, 0) != v)
		abort();
}

static void
grammar(const char *s, size_t size)
{
	static struct expr e;
	struct odds o;
	struct rng r;
	char marks[4096];
	long long v;
	long i;
	int len;

	if (expr_scan(&e, s, &len) == NULL && (len < 0 || (size_t)len > size))
		abort();
	if (expr_parse(&e, s) != NULL)
		return;
	rng_seed(&r, size, "fuzz");
	v = expr_roll(&e, &r, marks, sizeof marks);
	if (v < e.node[e.root].lo || v > e.node[e.root].hi ||
	    strlen(marks) >= sizeof marks)
		abort();
	if (odds_count(&o, &e) != NULL)
		return;
	if ((v - o.lo) % o.step != 0 || (v - o.lo) / o.step >= o.n ||
	    big_zero(&o.count[(v - o.lo) / o.step]))
		abort();
	for (i = 0; i < o.n; i++)
		if (o.lo + i * o.step < e.node[e.root].lo ||
		    (!big_zero(&o.count[i]) && o.lo + i * o.step > e.node[e.root].hi))
			abort();
	odds_free(&o);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char s[EXPR_TEXT_MAX + 2];

	if (size >= sizeof s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	old_form(s, size);
	grammar(s, size);
	return 0;
}
