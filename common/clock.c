/*
 * clock: 004's Timekeeping.  "The GM uses up to 4d6 turned to represent
 * the hour of day (e.g. 6, 1 is 07:00h, while 6, 6, 6, 2 is 20:00h). Each
 * time die represents one quarter of the day and six hours of time."
 * Times are counted in ten-minute turns from 01:00 on day 1.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "util.h"

uint64_t
clock_day(uint64_t t)
{
	return t / CLOCK_DAY + 1;
}

int
clock_hour(uint64_t t)
{
	return (int)(t % CLOCK_DAY / CLOCK_HOUR_TURNS) + 1;
}

/* 0 pre-dawn, 1 morning, 2 afternoon, 3 night: also the dice shown, less 1. */
int
clock_quarter(uint64_t t)
{
	return (int)(t % CLOCK_DAY / CLOCK_QUARTER);
}

/*
 * The fewest whole hours from the clock NOW that bring it to TIME (turns
 * into a day) or past it, 1 to 24: from 22:10, 07:00 is 9 hours away; TIME
 * itself is a day's (a rest is taken in hours: timedice rest until).
 */
uint64_t
clock_hours_until(uint64_t now, uint64_t time)
{
	uint64_t ahead = (time + CLOCK_DAY - now % CLOCK_DAY) % CLOCK_DAY;

	if (ahead == 0)
		ahead = CLOCK_DAY;
	return (ahead + CLOCK_HOUR_TURNS - 1) / CLOCK_HOUR_TURNS;
}

/* What a quarter's start at Q did: "dawn came at 07:00", "day 2 began at 01:00". */
static size_t
quarter_came(uint64_t q, char *buf, size_t size)
{
	int n, i = (int)(q % CLOCK_DAY / CLOCK_QUARTER);
	char hhmm[8];

	if (i == 0)
		n = snprintf(buf, size, "day %llu %s at %s",
		    (unsigned long long)clock_day(q), quarter_came_004[i],
		    clock_hhmm(q, hhmm));
	else
		n = snprintf(buf, size, "%s at %s", quarter_came_004[i],
		    clock_hhmm(q, hhmm));
	return n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
}

/*
 * 004: the quarters that began after FROM up to TO.  Arriving at a
 * quarter's first hour, it begins ("Dawn: the morning quarter begins.");
 * passing starts on the way, each is said with its time, up to a day's
 * four, else their count and the last, written in BUF; a quarter that
 * begins is its sentence of 004's, not copied.  "" when none began.
 */
const char *
clock_passed(uint64_t from, uint64_t to, char *buf, size_t size)
{
	uint64_t k = to / CLOCK_QUARTER - from / CLOCK_QUARTER, q, i;
	size_t n = 0;

	buf[0] = '\0';
	if (from >= to || k == 0)
		return "";
	if (k == 1 && to % CLOCK_QUARTER == 0)
		return quarter_begins_004[clock_quarter(to)];
	q = (from / CLOCK_QUARTER + 1) * CLOCK_QUARTER;
	if (k > TIME_DICE_004) {
		n = (size_t)snprintf(buf, size, "%llu quarters began, the last "
		    "when ", (unsigned long long)k);
		q += (k - 1) * CLOCK_QUARTER;
		k = 1;
	}
	for (i = 0; i < k && n + 1 < size; i++, q += CLOCK_QUARTER) {
		if (i > 0 && (n += (size_t)snprintf(buf + n, size - n, "%s",
		    i == k - 1 ? " and " : ", ")) + 1 >= size)
			break;
		n += quarter_came(q, buf + n, size - n);
	}
	buf[0] = (char)toupper((unsigned char)buf[0]);
	if (n + 1 < size)
		strcpy(buf + n, ".");
	return buf;
}

/* HH:MM; the 24th hour is 24:00 to 24:50, then 01:00 of the next day. */
const char *
clock_hhmm(uint64_t t, char buf[8])
{
	int h = clock_hour(t), m = (int)(t % CLOCK_HOUR_TURNS) * CLOCK_TURN_MINUTES;

	buf[0] = (char)('0' + h / 10);
	buf[1] = (char)('0' + h % 10);
	buf[2] = ':';
	buf[3] = (char)('0' + m / 10);
	buf[4] = '0';
	buf[5] = '\0';
	return buf;
}

/* "HH:MM on day N". */
const char *
clock_when(uint64_t t, char buf[CLOCK_WHEN_SIZE])
{
	char digits[U64_DIGITS], *d = u64_digits(digits + sizeof digits,
	    clock_day(t));
	size_t n = (size_t)(digits + sizeof digits - d);

	/* "HH:MM on day D", without printf: filter mode writes one an hour */
	clock_hhmm(t, buf);
	memcpy(buf + 5, " on day ", CLOCK_WHEN_DAY - 5);
	memcpy(buf + CLOCK_WHEN_DAY, d, n);
	buf[CLOCK_WHEN_DAY + n] = '\0';
	return buf;
}

/* 004: full quarters show 6, the last die the hour within its quarter. */
static int
clock_faces(int hour, int faces[TIME_DICE_004])
{
	int n = (hour - 1) / QUARTER_HOURS_004, i;

	for (i = 0; i < n; i++)
		faces[i] = QUARTER_HOURS_004;
	faces[n] = hour - n * QUARTER_HOURS_004;
	return n + 1;
}

/* The faces joined by SEP, the last by LAST: "6,1" or "6, 6 and 2". */
static void
clock_join(const int *faces, int n, const char *sep, const char *last,
    char *buf, size_t size)
{
	size_t k = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < n && k < size; i++)
		k += (size_t)snprintf(buf + k, size - k, "%s%d",
		    i == 0 ? "" : i == n - 1 ? last : sep, faces[i]);
}

/* 004: "roll 1-4 time dice": N d6, said as "2 time dice: 3 + 2 = 5"; their sum. */
uint64_t
clock_roll(struct rng *r, int n, char *says, size_t size)
{
	int faces[TIME_DICE_004], i;
	uint64_t sum = 0;
	char joined[32];

	for (i = 0; i < n; i++)
		sum += (uint64_t)(faces[i] = (int)rng_die(r, 6));
	clock_join(faces, n, " + ", " + ", joined, sizeof joined);
	snprintf(says, size, "%d time %s: %s = %llu", n, n == 1 ? "die" : "dice",
	    joined, (unsigned long long)sum);
	return sum;
}

/* Time dice F,F,...: 004 reads them as their sum ("(3, 2). It is 05:00h"). */
static const char *
faces_hour(const char *s, int *hour)
{
	char copy[64], *p, *save = NULL;
	long long face;
	int n = 0;

	if (strlen(s) >= sizeof copy || *s == ',' || s[strlen(s) - 1] == ',' ||
	    strstr(s, ",,") != NULL)
		return "not time dice: expected faces such as 6,1";
	strcpy(copy, s);
	for (*hour = 0, p = strtok_r(copy, ",", &save); p != NULL;
	    p = strtok_r(NULL, ",", &save)) {
		if (++n > TIME_DICE_004)
			return "more than 4 time dice: one a quarter of the day";
		if (strspn(p, "0123456789") != strlen(p) ||
		    strtonum_ok(p, 1, 6, &face) != 0)
			return "a time die shows 1 to 6";
		*hour += (int)face;
	}
	return NULL;
}

/*
 * TIME: HH, HH:MM (01:00 to 24:50, minutes in tens) or time dice F,F,...;
 * TURNS gets the turns into the day.  NULL, or why TIME is refused.
 */
const char *
clock_parse(const char *s, uint64_t *turns)
{
	const char *colon = strchr(s, ':'), *why;
	size_t hl = colon != NULL ? (size_t)(colon - s) : strlen(s);
	long long h, m = 0;
	char hh[3];
	int hour;

	if (strchr(s, ',') != NULL) {
		if ((why = faces_hour(s, &hour)) != NULL)
			return why;
		*turns = (uint64_t)(hour - 1) * CLOCK_HOUR_TURNS;
		return NULL;
	}
	if (hl < 1 || hl > 2 || strspn(s, "0123456789") != hl ||
	    (colon != NULL && (strlen(colon + 1) != 2 ||
	    strspn(colon + 1, "0123456789") != 2)))
		return "not a time: expected HH, HH:MM or time dice such as 6,1";
	memcpy(hh, s, hl);
	hh[hl] = '\0';
	if (strtonum_ok(hh, 1, DAY_HOURS_004, &h) != 0)
		return "hours run from 01 to 24 (after 24:50 comes 01:00)";
	if (colon != NULL && (strtonum_ok(colon + 1, 0, 50, &m) != 0 ||
	    m % CLOCK_TURN_MINUTES != 0))
		return "minutes go by turns of ten: 00, 10, 20, 30, 40 or 50";
	*turns = (uint64_t)(h - 1) * CLOCK_HOUR_TURNS +
	    (uint64_t)m / CLOCK_TURN_MINUTES;
	return NULL;
}

/* A span of turns for a person: "1 day 2 hours 30 minutes". */
const char *
clock_span(uint64_t turns, char *buf, size_t size)
{
	static const char *const unit[3] = { "day", "hour", "minute" };
	unsigned long long part[3] = { turns / CLOCK_DAY,
	    turns % CLOCK_DAY / CLOCK_HOUR_TURNS,
	    turns % CLOCK_HOUR_TURNS * CLOCK_TURN_MINUTES };
	size_t k = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < 3 && k < size; i++)
		if (part[i] != 0)
			k += (size_t)snprintf(buf + k, size - k, "%s%llu %s%s",
			    k ? " " : "", part[i], unit[i], part[i] == 1 ? "" : "s");
	return buf;
}

/*
 * TURNS in the session's own unit (delve status, delve screen): "6 turns"
 * where a turn is ten minutes, "1 hour 30 minutes" where it is an hour
 * (004's travel turns, HOURS set).
 */
const char *
clock_in_unit(uint64_t turns, int hours, char *buf, size_t size)
{
	if (!hours)
		snprintf(buf, size, "%llu turn%s", (unsigned long long)turns,
		    turns == 1 ? "" : "s");
	else if (turns == 0)
		snprintf(buf, size, "0 hours");
	else
		clock_span(turns, buf, size);
	return buf;
}

/*
 * 004: "Typical natural light outdoors ... the default in most daytime
 * circumstances": day is the morning and afternoon quarters of the time
 * dice (07:00 to 18:50), night the night and pre-dawn quarters.  004
 * names no dusk: nightfall, the night quarter's first hour, ends the day
 * (the suite's decision, light(6)).  1 for a QUARTER in daylight.
 */
int
clock_daylight(int quarter)
{
	return quarter == 1 || quarter == 2;
}

/* 004: a corruption's stage "ranging from hours to weeks" */
static const char *const len_words[] = {
	"turns", "turn", "hours", "hour", "days", "day", "weeks", "week", NULL
};
static const uint64_t len_turns[] = {
	1, 1, CLOCK_HOUR_TURNS, CLOCK_HOUR_TURNS, CLOCK_DAY, CLOCK_DAY,
	7 * CLOCK_DAY, 7 * CLOCK_DAY
};

/* Strip a unit word off the end of S into NUM; 0 when there is none. */
static int
length_unit(struct clock_len *l, const char *s, char *num, size_t size)
{
	size_t n = strlen(s), k;
	int i;

	for (i = 0; len_words[i] != NULL; i++)
		if (n > (k = strlen(len_words[i])) &&
		    strcmp(s + n - k, len_words[i]) == 0) {
			l->unit = len_turns[i];
			l->unit_name = len_words[i & ~1];
			return snprintf(num, size, "%.*s", (int)(n - k), s) <
			    (int)size;
		}
	l->unit = CLOCK_HOUR_TURNS;	/* 004: time dice count hours */
	l->unit_name = "hours";
	snprintf(num, size, "%s", s);
	return 0;
}

/*
 * LENGTH: a count and a unit word (3turns, 2hours, 1day), or dice in the
 * grammar of roll(6), in hours unless a unit follows (2d6, 1d6turns,
 * 2d6*10turns), 20 dice at most.  A unit is never a bare letter,
 * so a count of days cannot be read as dice.  NULL, or why it is refused.
 */
const char *
clock_length(struct clock_len *l, const char *s)
{
	char num[64];
	const char *why;
	unsigned long long n;
	long long v;
	int unit = length_unit(l, s, num, sizeof num);

	if ((l->rolled = strpbrk(num, "dD") != NULL)) {
		n = *num >= '0' && *num <= '9' ? strtoull(num, NULL, 10) : 1;
		if (n < 1 || n > CLOCK_LEN_DICE_MAX)	/* 1001d6 as well */
			return "count: expected 1 to 20 dice";
		if ((why = expr_parse(&l->dice, num)) != NULL)	/* roll(6)'s grammar */
			return why;
		if (expr_dice(&l->dice) > CLOCK_LEN_DICE_MAX)
			return "count: expected 1 to 20 dice";
		if (l->dice.node[l->dice.root].lo < 1)
			return "the dice can roll less than 1";
		if ((uint64_t)l->dice.node[l->dice.root].hi > CLOCK_MAX / l->unit)
			return "longer than the clock runs (1000000 days)";
		dice_name(l->text, sizeof l->text, &l->dice, num);
		return NULL;
	}
	if (!unit || strspn(num, "0123456789") != strlen(num))
		return "expected a length such as 3turns, 2hours, 1day, "
		    "or dice such as 2d6 (hours) or 1d6turns";
	if (strtonum_ok(num, 1, (long long)(CLOCK_MAX / l->unit), &v) != 0)
		return "expected 1 or more, within the clock's 1000000 days";
	l->count = (uint64_t)v;
	return NULL;
}

/*
 * An hour's time dice as a record shows them ("6,6,1") and as its sentence
 * says them with their quarter ("afternoon: the time dice show 6, 6 and
 * 1", "pre-dawn: the time die shows 2"): 24 hours, joined once.
 */
const char *
clock_dice(int hour, int words)
{
	static char text[2][DAY_HOURS_004 + 1][CLOCK_DICE_SIZE];
	int f[TIME_DICE_004], n;
	char *t = text[words][hour];
	size_t k;

	if (t[0] == '\0') {
		n = clock_faces(hour, f);
		if (words) {
			k = (size_t)snprintf(t, CLOCK_DICE_SIZE, "%s: the time %s ",
			    quarter_004[n - 1], n == 1 ? "die shows" : "dice show");
			clock_join(f, n, ", ", " and ", t + k, CLOCK_DICE_SIZE - k);
		} else
			clock_join(f, n, ",", ",", t, CLOCK_DICE_SIZE);
	}
	return t;
}
