/*
 * clockstate: timedice's state file (timedice(6) FILES), one keyword a
 * line: the clock as day and time, the turns it has passed, the turns
 * since the last safe rest, 004's rooms toward the hour, the named
 * timers, 004's afflictions (afflict.c's lines) and the generator.  Read
 * and written through kwf.
 */
#ifndef DELVING_CLOCKSTATE_H
#define DELVING_CLOCKSTATE_H

#include <stddef.h>
#include <stdint.h>
#include "afflict.h"
#include "characters.h"
#include "check.h"
#include "kwf.h"
#include "rng.h"
#include "timer.h"

/*
 * A "tick" is one ten-minute turn of the clock: the clock is the count of
 * ticks from 01:00 on day 1 (clock.h); an hour is 6, a day 144.
 */
struct clockstate {
	uint64_t tick;		/* the clock */
	uint64_t turn;		/* turns this clock has passed */
	struct timers timers;	/* and the ticks since the last safe rest */
	struct afflictions *aff; /* 004: corruptions, each running its stages */
	int	 rooms;		/* 004: rooms or scenes counted this hour */
	int	 per_hour;	/* and how many make an hour: 3 or 4 */
	struct check_env env;	/* the checks': whose conditions, -v's dice */
	struct stream st;
};

void	 clockstate_init(struct clockstate *s, struct afflictions *aff);
void	 clockstate_load(struct clockstate *s, struct kwf *f);
void	 clockstate_put(const struct clockstate *s, struct kwf *f);
void	 clockstate_say_clock(const struct clockstate *s, int outdoors,
	     char *buf, size_t size);
void	 clockstate_say_rest(const struct clockstate *s, int hours, char *buf,
	     size_t size);
void	 clockstate_say_timer(const struct timer *t, int hours, char *buf,
	     size_t size);

/* What passing says: a record KEY for NAME, K ticks into the step, at TICK. */
typedef void clock_say_fn(void *ctx, uint64_t k, uint64_t tick,
	     const char *key, const char *name, const char *text);

void	 clockstate_pass(struct clockstate *s, uint64_t ticks, int resting,
	     struct party *p, clock_say_fn *say, void *ctx);
/* how a rest is taken (clockstate_rest): 004's unsafe or unfed, 002's */
#define REST_UNSAFE	1u
#define REST_UNFED	2u
#define REST_DUNGEON	4u
#define CLOCKSTATE_REST_SIZE (CHARS_REST_SIZE + 256)
void	 clockstate_rest(struct clockstate *s, struct party *p, uint64_t hours,
	     unsigned how, const char *until, char *says, size_t size);
void	 clockstate_travel(struct clockstate *s, struct party *p, int turns,
	     clock_say_fn *say, void *ctx);
int	 clockstate_room(struct clockstate *s, char *says, size_t size);
void	 clockstate_per_hour(struct clockstate *s, int n, char *says,
	     size_t size);
void	 clockstate_resilience(struct clockstate *s, struct party *p,
	     uint64_t before, uint64_t k, clock_say_fn *say, void *ctx);

#endif
