/* table: one representation for every d-table, built in or read from a file */
#ifndef DELVING_TABLE_H
#define DELVING_TABLE_H

#include "dice.h"

#define TBL_ROWS_MAX 256
#define TBL_TEXT_MAX 1024

struct tbl_row {
	long lo, hi;		/* the die's totals that give this row */
	const char *key;	/* the record's KEY: lower case, one word */
	const char *text;	/* the sentence for a person */
};

struct tbl {
	const char *name;
	struct dice die;
	int nrows;
	const struct tbl_row *rows;
	struct tbl_row *own;	/* a loaded table's rows, freed by tbl_free; NULL if built in */
};

const struct tbl_row *tbl_lookup(const struct tbl *t, long total);
const struct tbl_row *tbl_roll(const struct tbl *t, struct rng *r, long *total,
	     uint32_t *faces);
void	 tbl_load(struct tbl *t, const char *path);
void	 tbl_free(struct tbl *t);

#endif
