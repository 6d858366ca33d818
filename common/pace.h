/*
 * pace: how far a party moves in a time unit, under the paces of seeds 000,
 * 001, 002 and 004 (the data is in rules.c): the operand words pick the
 * manners of moving and what scales them; the rate is an exact fraction.
 */
#ifndef DELVING_PACE_H
#define DELVING_PACE_H

#include <stddef.h>
#include "rules.h"

#define PACE_WORDS_MAX 16
#define PACE_DISTANCE_MAX 1000000000LL

struct pace_ask {
	int	 rules;
	const struct pace_rules *pr;
	unsigned manners;	/* bit i: manner i of the rules */
	unsigned named;		/* bit i: 000's named speed i */
	const struct pace_factor *words[PACE_WORDS_MAX];
	int	 nwords;
	long long distance;	/* -1: none given */
	long	 speed;		/* base speed, feet (000, 002) */
	long	 mod;		/* STR mod (004) */
	long	 hex;		/* miles a hex (004: hex=N, else 6) */
	const char *who;	/* the slowest character, or NULL */
	long	 over;		/* 004: the load above their STR score */
	long	 strength;	/* their STR score, when over > 0 */
	int	 exhausted;	/* 004: they are exhausted, speed 0 */
};

void	 pace_parse(struct pace_ask *a, int rules, int argc, char **argv);
int	 pace_uses(const struct pace_ask *a, enum pace_basis b);
void	 pace_rate(const struct pace_ask *a, const struct pace *m, long speed,
	     long long *num, long long *den);
long long pace_count(long long distance, long long num, long long den);
void	 pace_decimal(char *buf, size_t size, long long num, long long den);
int	 pace_spoken(char *buf, size_t size, long long num, long long den);

#endif
