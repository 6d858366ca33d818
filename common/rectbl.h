/*
 * rectbl: a table whose records are made once.  Each total's tail
 * "\tROLL\tKEY\tTEXT\n" and each note's "\t-\tKEY\tTEXT\n" (a record with
 * nothing rolled) is written at the start, so a roll on the table is one
 * rec_prepared().  Not for -v or JSON: a table left unprepared (zeroed, or
 * with too many totals) writes nothing, and the caller writes the record.
 */
#ifndef DELVING_RECTBL_H
#define DELVING_RECTBL_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"
#include "table.h"

#define RECTBL_TOTALS	64	/* the most totals a prepared table has */
#define RECTBL_NOTES	16

struct rec_table {
	const struct tbl *t;
	int	 ready;		/* prepared */
	unsigned long ntotals;	/* hi - lo + 1 when prepared, else 0 */
	int	 one_die;	/* the die is one die: rolled directly, */
	uint32_t sides;		/* its sides */
	long	 mod;		/* and the modifier */
	long	 lo;		/* the die's lowest total */
	const struct tbl_row *rowat[RECTBL_TOTALS];	/* by total - lo */
	char	*tail[RECTBL_TOTALS];
	size_t	 taillen[RECTBL_TOTALS];
	char	*note[RECTBL_NOTES];
	size_t	 notelen[RECTBL_NOTES];
};

int	 rectbl_prepare(struct rec_table *rt, const struct tbl *t);
void	 rectbl_note(struct rec_table *rt, int i, const char *key,
	     const char *text);
void	 rectbl_free(struct rec_table *rt);

/* The hot path, inline: a prepared table's roll, and a total's record. */
static inline const struct tbl_row *
rectbl_roll(const struct rec_table *rt, struct rng *r, long *total)
{
	*total = rt->one_die ? (long)rng_die(r, rt->sides) + rt->mod :
	    dice_roll(&rt->t->die, r, NULL);
	return rt->rowat[*total - rt->lo];
}

/* Write the record of a total through W; 0 when not prepared for it. */
static inline int
rectbl_emit(struct rec_writer *w, const struct rec_table *rt,
    const struct rec_layout *l, uint64_t turn, long total)
{
	unsigned long i = (unsigned long)(total - rt->lo);

	if (i >= rt->ntotals)	/* not prepared, or not a total of the die */
		return 0;
	rec_prepared(w, l, turn, rt->tail[i], rt->taillen[i]);
	return 1;
}

/* Write note i; 0 when the table is not prepared. */
static inline int
rectbl_emit_note(struct rec_writer *w, const struct rec_table *rt,
    const struct rec_layout *l, uint64_t turn, int i)
{
	if (rt->note[i] == NULL)	/* none, or not prepared */
		return 0;
	rec_prepared(w, l, turn, rt->note[i], rt->notelen[i]);
	return 1;
}

#endif
