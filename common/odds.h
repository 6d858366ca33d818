/* odds: the exact distribution of a dice expression, counted, never sampled */
#ifndef DELVING_ODDS_H
#define DELVING_ODDS_H

#include <stdint.h>
#include "bigint.h"
#include "expr.h"

#ifndef ODDS_WORK_MAX	/* tests/fuzz/run sets less: a sanitized step is slow */
#define ODDS_WORK_MAX 20000000LL	/* steps of counting before -o gives up */
#endif

/* Totals lo, lo + step, ...: count[i] of den outcomes give lo + i * step. */
struct odds {
	long long lo, step;
	long	 n;
	struct big *count;
	struct big den;		/* all outcomes, weighted */
	uint32_t *fac;		/* den is the product of these */
	int	 nfac;
	struct odds_red *red;	/* odds_fraction's: what reduces them */
	char	 why[160];	/* odds_count's refusal */
};

/* The mean and the sd of the totals, each exact and as a decimal (malloc'd). */
struct odds_stats {
	char	*mean, *mean_dec;
	char	*sd, *sd_dec;
};

const char *odds_count(struct odds *o, const struct expr *e);
void	 odds_at_least(const struct odds *o, long long total, struct big *n);
char	*odds_fraction(struct odds *o, const struct big *n);
char	*odds_decimal(const struct big *n, const struct big *d, int places);
char	*odds_fine(const struct big *n, const struct big *d, int digits);
void	 odds_stats(const struct odds *o, int exact, struct odds_stats *st);
int	 odds_bar(const struct big *n, const struct big *max, int width);
void	 odds_d66(struct odds *o);
void	 odds_then(struct odds *j, const struct odds *a, const struct odds *b);
void	 odds_free(struct odds *o);

#endif
