/* table: one representation for every d-table, built in or read from a file */
#ifndef DELVING_TABLE_H
#define DELVING_TABLE_H

#include <stdio.h>

#include "dice.h"
#include "tblread.h"

#define TBL_ROW_DICE_MAX 1000	/* dice a row rolls, as a term may (issue 23) */

struct tbl;

struct tbl_row {
	long lo, hi;		/* the die's totals that give this row */
	const char *key;	/* the record's KEY: lower case, one word */
	const char *text;	/* the sentence, its dice and [[tables]] not yet rolled */
};

/* A loaded row's more: its weight, the tables its [[references]] roll. */
struct tbl_more {
	long	 weight;	/* as the file gave it; 0: a range */
	int	 drawn;		/* drawn as the table starts (Foundry's drawn: true) */
	struct tbl **sub;	/* in order */
	int	 nsub;
};

/*
 * A die of "d66" rolls tens and units on two d6 (11 to 66): the table's
 * totals are the numbers whose digits are both 1 to 6.
 */
struct tbl {
	const char *name;
	struct dice die;
	int nrows;
	const struct tbl_row *rows;
	struct tbl_row *own;	/* a loaded table's rows, freed by tbl_free; NULL if built in */
	struct tbl_more *more;	/* each loaded row's, or NULL */
	int	 norepl;	/* drawn without replacement (Foundry's replacement: false) */
	struct tbl_set *set;	/* the tables it rolls, loaded with it */
};

/* A row's text with its dice rolled (tbl_entry). */
struct tbl_entry {
	char	 text[TBL_TEXT_MAX * 2];	/* totals in place of the dice */
	char	 dice[TBL_TEXT_MAX];	/* the expressions rolled: "2d4,1d6"; "" none */
	char	 faces[TBL_TEXT_MAX];	/* for -v: "2d4: 3,4; 1d6: 5" */
	int	 n;			/* how many */
};

const struct tbl_row *tbl_lookup(const struct tbl *t, long total);
long	 tbl_clamp(const struct tbl *t, long long total);
struct odds;
struct big;
void	 tbl_row_odds(const struct tbl *t, int r, const struct odds *o,
	     struct big *n);
const struct tbl_row *tbl_roll(const struct tbl *t, struct rng *r, long *total,
	     uint32_t *faces);
int	 tbl_d66(const struct tbl *t);
int	 tbl_there(const char *path);
void	 tbl_load(struct tbl *t, const char *path);
void	 tbl_free(struct tbl *t);
#define TBL_NOTED 1	/* tbl_entry: "lose 4 INT (1d6)." */
#define TBL_FACES 2	/* tbl_entry: the faces too, for -v */
void	 tbl_row_entry(struct tbl_entry *e, const struct tbl *t,
	     const struct tbl_row *row, struct rng *r, int how);
size_t	 tbl_ref_len(const char *s);
int	 tbl_fixed(const struct tbl *t);
long	 tbl_row_dice(const char *text);

/* A table's rows with their dice found once: tbl_entry without the search. */
struct tbl_plan;
struct tbl_plan *tbl_plan(const struct tbl *t);
void	 tbl_plan_entry(const struct tbl_plan *p, const struct tbl_row *row,
	     struct tbl_entry *e, struct rng *r, int how);
void	 tbl_plan_free(struct tbl_plan *p);

/* The rows of a table drawn without replacement drawn so far. */
struct tbl_draws {
	int	 n;		/* how many */
	char	 row[];		/* each row's: 1 drawn */
};

struct tbl_draws *tbl_draws_new(const struct tbl *t);
int	 tbl_draw(struct tbl_draws *d, const struct tbl *t,
	     const struct tbl_row *row, long tries, const char *who);

/* -T KEY=FILE, spelt the same in every program: a table a result rolls on. */
struct tbl_on {
	const char *key;
	struct tbl t;
	struct tbl_plan *plan;
	struct tbl_draws *draws;	/* drawn without replacement, else NULL */
};

char	*tbl_on_split(char *arg);
void	 tbl_on_load(struct tbl_on *on, const char *key, const char *file);
const struct tbl_on *tbl_on_find(const struct tbl_on *on, int n,
	     const char *key);
void	 tbl_on_free(struct tbl_on *on);
const struct tbl_row *tbl_on_roll(const struct tbl_on *on, struct rng *r,
	     long *total, uint32_t *faces);
int	 tbl_on_drawn(const struct tbl_on *on, char *word, size_t size);
int	 tbl_on_set_drawn(const struct tbl_on *on, const char *word);
void	 tbl_key(char *key, size_t size, const char *text);
int	 tbl_gather(const struct tbl *t, const struct tbl **all, int n);
const char *tbl_write(const struct tbl *t, FILE *fp);
int	 tbl_nested(const struct tbl *t);
int	 tbl_has_key(const struct tbl *t, const char *key);
const char *tbl_keys(const struct tbl *t, char *list, size_t size);

#endif
