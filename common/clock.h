/*
 * clock: the time of day on 004's time dice.  A clock time is a count of
 * ten-minute turns from 01:00 on day 1; hours run 01 to 24 (24:00 to 24:50
 * is the last hour of a day, then 01:00 of the next), minutes in tens.
 */
#ifndef DELVING_CLOCK_H
#define DELVING_CLOCK_H

#include <stddef.h>
#include <stdint.h>
#include "dice.h"
#include "rules.h"

#define CLOCK_QUARTER	(QUARTER_HOURS_004 * CLOCK_HOUR_TURNS)	/* 36 turns */
#define CLOCK_DAY	(DAY_HOURS_004 * CLOCK_HOUR_TURNS)	/* 144 turns */
#define CLOCK_DAY_MAX	1000000
/* the last turn the clock can show: 24:50 on day 1000000 */
#define CLOCK_MAX	((uint64_t)CLOCK_DAY_MAX * CLOCK_DAY - 1)
#define CLOCK_LEN_DICE_MAX 20
#define CLOCK_WHEN_SIZE 40	/* "24:50 on day 1000000", and room to spare */
#define CLOCK_WHEN_DAY 13	/* where the day's digits begin in it */

/* A length of time: COUNT UNITs, or dice rolled in UNITs. */
struct clock_len {
	int	 rolled;
	struct expr dice;
	char	 text[EXPR_TEXT_MAX + 1];	/* the dice as a record names them */
	uint64_t count;
	uint64_t unit;		/* turns per unit: 1, 6 or 144 */
	const char *unit_name;	/* "turns", "hours", "days" */
};

uint64_t clock_day(uint64_t t);
int	 clock_hour(uint64_t t);
int	 clock_quarter(uint64_t t);
uint64_t clock_hours_until(uint64_t now, uint64_t time);
#define CLOCK_PASSED_SIZE 160
const char *clock_passed(uint64_t from, uint64_t to, char *buf, size_t size);
const char *clock_hhmm(uint64_t t, char buf[8]);
const char *clock_when(uint64_t t, char buf[CLOCK_WHEN_SIZE]);
#define CLOCK_DICE_SIZE 64
const char *clock_dice(int hour, int words);
uint64_t clock_roll(struct rng *r, int n, char *says, size_t size);
const char *clock_parse(const char *s, uint64_t *turns);
const char *clock_span(uint64_t turns, char *buf, size_t size);
const char *clock_in_unit(uint64_t turns, int hours, char *buf, size_t size);
int	 clock_daylight(int quarter);
const char *clock_length(struct clock_len *l, const char *s);

#endif
