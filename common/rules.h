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

/*
 * Light sources (light(6)): what each kind of source is under each rules.
 * Times are dungeon turns of 10 minutes; a travel turn (004) is 6 of them.
 */
enum light_kind { LK_TORCH, LK_LANTERN, LK_CANDLE, LK_NKINDS };
enum light_level { LV_DARK, LV_DIM, LV_BRIGHT, LV_NLEVELS };

#define LIFE_NONE	(-1)	/* no fixed duration (001 torches, 002) */
#define LIFE_USAGE	(-2)	/* a usage die (003) */

struct light_kind_rule {
	long	 life;		/* turns, LIFE_NONE or LIFE_USAGE; 0: not a source here */
	int	 level;		/* the light it gives: LV_BRIGHT or LV_DIM */
	int	 windy;		/* blown out by a gust or by running (001) */
	const char *shows;	/* what it lights, or NULL (003 says nothing) */
};

struct light_level_rule {
	const char *name;	/* the rules' name of the level; NULL: no source gives it */
	const char *text;	/* what the level costs the party */
	const char *sighted;	/* the same with darkvision, or NULL: as text */
};

struct light_rules {
	struct light_kind_rule kind[LK_NKINDS];
	struct light_level_rule level[LV_NLEVELS];
	int	 sight;		/* the rules give darkvision a meaning (-D) */
	int	 sight_floor;	/* the level darkness is to darkvision */
	const char *strike;	/* the hazard KEY that strikes lights, or NULL */
	int	 embers;	/* 001: a spent torch is relit from the embers */
	const char *until;	/* what ends a source of no fixed duration */
	const char *refill;	/* what a lantern takes when refilled */
};

extern const char *const light_kinds[LK_NKINDS + 1];
extern const struct light_rules *const light_rules[R_NRULES];
extern const int usage_dice_003[];	/* the usage die's steps, 0-terminated */

#define LOW_OIL_000	6	/* 000: oil "runs low": one hour (6 turns) left at most */
#define TRAVEL_TURN_004	6	/* 004: a travel turn is one hour: 6 dungeon turns */
#define USAGE_DIE_003	6	/* 003: the usage die a source starts with (-e) */
#define USAGE_STEP_003	2	/* 003: a usage roll of 1-2 steps the die down */

#endif
