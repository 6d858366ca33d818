/* odds: the exact distribution of a dice expression, counted, never sampled */
#ifndef DELVING_ODDS_H
#define DELVING_ODDS_H

#include <stdint.h>
#include "dice.h"

#define ODDS_WORK_MAX 1000000000L	/* steps of counting before -o gives up */

struct odds {
	long	 lo, hi;	/* the totals the expression can give */
	uint64_t *count;	/* count[t - lo]: the outcomes giving total t */
	uint64_t outcomes;	/* all outcomes, SIDES^COUNT */
};

const char *odds_count(struct odds *o, const struct dice *d);
uint64_t odds_at_least(const struct odds *o, long total);
int	 odds_fraction(uint64_t n, uint64_t d, char *buf, int size);
int	 odds_decimal(uint64_t n, uint64_t d, char *buf, int size);
void	 odds_mean(const struct odds *o, char *frac, int fsize, char *dec,
	     int dsize);
void	 odds_free(struct odds *o);

#endif
