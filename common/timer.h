/*
 * timer: what the passing turns run down (timedice(6)): named timers, each
 * counting the ten-minute turns until it runs out, and 004's resilience,
 * worn by the turns adventured since the last safe rest.
 */
#ifndef DELVING_TIMER_H
#define DELVING_TIMER_H

#include <stddef.h>
#include <stdint.h>
#include "party.h"

#define TIMER_MAX 100

struct timer {
	char	 name[PARTY_NAME_MAX + 1];
	uint64_t left;		/* turns until it runs out */
};

struct timers {
	int	 n;
	struct timer t[TIMER_MAX];
	uint64_t since_rest;	/* turns since the last safe rest */
};

int	 timer_find(const struct timers *tl, const char *name);
int	 timer_room(const struct timers *tl, const char *name);
int	 timer_set(struct timers *tl, const char *name, uint64_t left);
int	 timer_due(struct timers *tl, uint64_t turns, struct timer *t);
void	 timer_pass(struct timers *tl, uint64_t turns, int resting);
uint64_t timer_beyond(const struct timers *tl, uint64_t before,
	     long resilience);

struct clock_len;
struct rng;
void	 timer_start(struct timers *tl, const char *name,
	     const struct clock_len *l, struct rng *r, uint64_t now, char *says,
	     size_t size);
void	 timer_cancel(struct timers *tl, const char *name, char *says,
	     size_t size);
void	 timer_listed(const struct timer *t, uint64_t now, char *says,
	     size_t size);

#endif
