/*
 * rules: the seeds' rules as data, grouped by seed (000 ... 004), and the
 * rules names of -r (delving(7) RULES).  Every table and number a program
 * rolls against lives here, once.
 */
#ifndef DELVING_RULES_H
#define DELVING_RULES_H

#include "table.h"

enum rules {
	R_EXPLORATION,		/* 000 */
	R_BOOKKEEPING,		/* 000, the traditional variant */
	R_DELVING,		/* 001 */
	R_DUNGEONTURN,		/* 002 */
	R_ALARM,		/* 003 */
	R_TRAVEL,		/* 004 */
	R_NRULES
};

#define RULES_BIT(r) (1u << (r))
#define RULES_ALL ((1u << R_NRULES) - 1)

extern const char *const rules_names[R_NRULES + 1];
extern const char *const rules_seed[R_NRULES];

int	 rules_pick(const char *opt, int stored, unsigned supported, int dflt);

/* 000: the hazard die, the rest clock, the CON save */
#define REST_TURNS_000	6	/* rest 1 turn after 6 turns of exploration */
#define FATIGUE_DC_000	12	/* CON save against gaining 1 Fatigue */

/* 002: the grace turns at the start of a delve */
#define GRACE_TURNS_002	6	/* 4-6 are nothing in the first 6 turns */
#define GRACE_FROM_002	4

/* 003: the alarm */
#define ALARM_DIE_003	10	/* d10 <= alarm: an encounter */
#define ALARM_HIDE_003	2	/* a passed hide lowers the alarm by 2 + sparks */
#define ALARM_MAX	999999

/*
 * 004: Timekeeping.  "Each time die is 1d6, with its face turned to
 * represent the hour ... up to 4d6 ... Each time die represents one quarter
 * of the day and six hours of time: pre-dawn, morning, afternoon, and night."
 */
#define TIME_DICE_004	4	/* up to 4d6 show the hour */
#define QUARTER_HOURS_004 6	/* a time die: a quarter, six hours */
#define DAY_HOURS_004	24
#define CLOCK_TURN_MINUTES 10	/* 000, 001, 002: a turn is 10 minutes */
#define CLOCK_HOUR_TURNS 6	/* 000: "6 Turns (1 hour)" */
#define REST_HOURS_004	8	/* "a night of safe rest" */
#define RESILIENCE_DC_004 10	/* "The DC is 10 + the number of hours beyond" */
#define START_HOUR_004	7	/* issue 4: a new clock starts at 07:00, day 1 */

extern const char *const quarter_004[TIME_DICE_004];
extern const char *const quarter_begins_004[TIME_DICE_004];

extern const struct tbl hazard_table[R_NRULES];	/* NULL rows for alarm */
extern const struct tbl shift_001;
extern const struct tbl disposition_002;

enum alarm_event {
	AE_ADVANCE_QUIET, AE_ADVANCE_ENCOUNTER, AE_STAY, AE_BACKTRACK_QUIET,
	AE_BACKTRACK_ENCOUNTER, AE_HIDE_PASS, AE_HIDE_FAIL, AE_NEVENTS
};
extern const char *const alarm_text[AE_NEVENTS];

/* 000 and 001-002: the sentences of hazard's follow-up records */
extern const char *const text_rest_due;
extern const char *const text_rest_skipped;
extern const char *const text_sign_met;

#endif
