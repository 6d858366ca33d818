/* rectbl: a table whose records are made once (rectbl.h) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rectbl.h"
#include "util.h"

/* A record's tail, "\tROLL\tKEY\tTEXT\n", by the writer's one encoder. */
static char *
make_tail(size_t *len, const char *roll, const char *key, const char *text)
{
	const char *words[] = { roll, key, text, NULL };

	return rec_tail_make(words, len);
}

/* Prepare the record of each total of t; 0 when it has too many. */
int
rectbl_prepare(struct rec_table *rt, const struct tbl *t)
{
	long lo = dice_min(&t->die), hi = dice_max(&t->die), total;
	char roll[24];

	if (hi - lo >= RECTBL_TOTALS)
		return 0;
	rt->t = t;
	rt->lo = lo;
	rt->one_die = t->die.count == 1;
	rt->sides = t->die.sides;
	rt->mod = t->die.mod;
	for (total = lo; total <= hi; total++) {
		rt->rowat[total - lo] = tbl_lookup(t, total);
		snprintf(roll, sizeof roll, "%ld", total);
		rt->tail[total - lo] = make_tail(&rt->taillen[total - lo], roll,
		    rt->rowat[total - lo]->key, rt->rowat[total - lo]->text);
	}
	rt->ntotals = (unsigned long)(hi - lo + 1);
	rt->ready = 1;
	return 1;
}

/* Prepare note i: a record of t with nothing rolled, ROLL "-". */
void
rectbl_note(struct rec_table *rt, int i, const char *key, const char *text)
{
	if (rt->ready && i >= 0 && i < RECTBL_NOTES)
		rt->note[i] = make_tail(&rt->notelen[i], "-", key, text);
}

void
rectbl_free(struct rec_table *rt)
{
	int i;

	for (i = 0; i < RECTBL_TOTALS; i++)
		free(rt->tail[i]);
	for (i = 0; i < RECTBL_NOTES; i++)
		free(rt->note[i]);
}
