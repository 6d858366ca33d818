/*
 * rules: the seeds' rules as data, grouped by seed (000 ... 004), and the
 * rules names of -r (delving(7) RULES).  Every table and number a program
 * rolls against lives here, once.
 */
#ifndef DELVING_RULES_H
#define DELVING_RULES_H

#include "table.h"

/* The keys of a character's line in a party file (delving(7)), by seed. */
enum party_key {
	PK_STR, PK_DEX, PK_CON, PK_INT, PK_WIS, PK_CHA,
	PK_BEST, PK_HP, PK_SPEED, PK_LOAD, PK_RESILIENCE,
	PK_STRENGTH,		/* 004: the STR score, for load */
	PK_FATIGUE,		/* 000: Fatigue gained */
	PK_EXHAUSTED,		/* 002, 004: 1 exhausted, 0 not */
	PK_TIRED,		/* 002: 1 tired, 0 not */
	PK_LEVEL,		/* 004: healing per night of safe rest */
	PK_HPMAX,		/* the most hp= healing brings */
	PK_INTELLIGENCE,	/* 004: the INT score, for corruption's damage */
	PK_DEXTERITY,		/* 004: the DEX score, for initiative */
	PK_NKEYS
};

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

int	 rules_named(const char *name);
int	 rules_pick(const char *opt, int stored, unsigned supported, int dflt);

/* A filter's look at its stream's hazard keys: said once (rules_heed). */
#define RULES_HEED_KEYS 100	/* the hazard records looked at */
struct rules_heed {
	int	 rules;		/* the filter's own */
	int	 looked;	/* hazard records looked at, up to RULES_HEED_KEYS */
};
void	 rules_heed(struct rules_heed *h, const char *prog, const char *key);

/* 000: the hazard die, the rest clock, the CON save */
#define REST_TURNS_000	6	/* rest 1 turn after 6 turns of exploration */
#define FATIGUE_DC_000	12	/* CON save against gaining 1 Fatigue */
#define FATIGUE_MAX_000	100000	/* the party file's fatigue= bound */
extern const char text_con_save_000[], text_gains_fatigue_000[];

/*
 * A d20 check reaction(6) rolls for each roller: its seed's rules (unless
 * -r), its DC, its record's KEYs and its sentence's words.
 */
struct react_check {
	int	 id;		/* its number, below REACT_CHECKS */
	int	 rules;
	long	 dc;
	const char *pass, *fail;		/* the KEY */
	const char *pass_text, *fail_text;
	const char *what;			/* the check, in the sentence */
	const char *unnamed;			/* the unnamed roller "-" */
};
#define REACT_CHECKS 2
extern const struct react_check surprise_000, morale_004;

#define PARTY_UNNAMED "The character"	/* the roller "-" in a sentence */

enum surprise { SP_NONE, SP_SOME, SP_ALL };
extern const char *const surprise_words_000[3];	/* none some all */
extern const char *const surprise_text_000[3];
extern const char text_surprise_dark_001[], text_surprise_pace_001[];
extern const char *const surprise_paces_001[];	/* chase pace WORDs */
extern const char *const dark_levels[];		/* light's LEVELs of no light */
extern const char *const light_levels[];	/* every LEVEL light says */

/* 001: "In total darkness, checks involving movement or coordination have a -10 penalty" */
#define DARK_PENALTY_001	(-10)

/* 001: "Each party member takes 1 damage unless they spend the next turn resting" */
#define FATIGUE_DAMAGE_001	1
#define FATIGUE_DAMAGE_MAX_001	100	/* -D: "higher [in] dungeons with harsh conditions" */
extern const char text_fatigue_damage_001[];

/* 002: the grace turns at the start of a delve */
#define GRACE_TURNS_002	6	/* 4-6 are nothing in the first 6 turns */
#define GRACE_FROM_002	4
extern const char text_grace_002[];
/*
 * 002: "Resting for 1 hour in the dungeon only heals 1d8 + str bonus.
 * Resting for 8 hours is not possible in a dungeon."
 */
#define DUNGEON_HEAL_002	"1d8"	/* + STR mod, each hour of rest */
#define DUNGEON_REST_MAX_002	8	/* hours: not possible */
#define DUNGEON_REST_TURNS_002	6	/* hazard: rest turns in a row, 1 hour */
extern const char text_rest_hour_002[];

/* 002: what a turn without rest does to a character's condition */
enum chars_tiring { CT_STAYS_EXHAUSTED, CT_EXHAUSTED, CT_TIRED };

/* 003: the alarm */
#define ALARM_DIE_003	10	/* d10 <= alarm: an encounter */
#define ALARM_HIDE_003	2	/* a passed hide lowers the alarm by 2 + sparks */
#define ALARM_MAX	999999
/*
 * 003 Hide: "The party makes a group Stealth check, likely with Agility."
 * 003 gives no DC nor what a group check is: the suite's decision, each
 * character's d20 + dex= against DC 12 unless -c, and the group passes when
 * at least half pass (the group check of the fifth edition's rules).
 */
#define HIDE_DC_003	12
#define HIDE_DC_MAX	40
#define HIDE_GROUP_PASSES(made, n) (2 * (made) >= (n))

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
#define HEAL_LEVEL_004	1	/* "1 HP per level per night of safe rest" */
#define HEAL_UNSAFE_004	1	/* "1 HP per night of unsafe rest" */
#define RESILIENCE_DC_004 10	/* "The DC is 10 + the number of hours beyond" */
extern const char text_cured_004[], text_not_cured_004[], text_unfed_004[];
extern const char text_resilience_004[], text_exhausted_004[];
extern const char text_still_exhausted_004[];
/* a rest by 2 * unsafe + night (begun in the night or pre-dawn), 002's last */
extern const char *const rest_words_004[5];
extern const char *const nights_aboard_004[7];	/* "weekly if at sea" */
extern const char text_halted_004[];
/* 004: "count every 3-4 scenes, rooms, or encounters in a dungeon as one hour" */
#define ROOMS_HOUR_004	3
#define ROOMS_HOUR_MAX_004 4
#define START_HOUR_004	7	/* issue 4: a new clock starts at 07:00, day 1 */
#define START_HHMM_004	"07:00"	/* and its time as timedice and light -c write it */
/*
 * 004: Corruptions.  "These forms of corruption generally call for a CON
 * mod check ... The DC is usually 11"; "The GM can roll 1d6 per stage
 * (hourly to weekly) and deal the result's damage to the appropriate
 * ability score."
 */
#define CORRUPTION_DC_004	11
#define CORRUPTION_DAMAGE_004	"1d6"

extern const char *const quarter_004[TIME_DICE_004];
extern const char *const zero_hp[R_NRULES];
extern const char *const quarter_begins_004[TIME_DICE_004];
extern const char *const quarter_came_004[TIME_DICE_004];
extern const char *const quarter_words_004[TIME_DICE_004 + 1];

extern const struct tbl hazard_table[R_NRULES];	/* NULL rows for alarm */

/*
 * What hazard's turn does differently under each rules name (hazard(6)),
 * one row a name, so that a rule is found by its seed here and not in a
 * test of the rules name in hazard.c.
 */
struct hazard_rules {
	unsigned alarm : 1;		/* 003: moves on the alarm, not a die */
	unsigned rest_action : 1;	/* "rest" is an action: the d6 rules */
	unsigned rest_clock : 1;	/* 000: rest 1 turn in 6, else CON saves */
	unsigned saves : 1;		/* 000: -p's characters make CON saves */
	unsigned fatigue_waits : 1;	/* 001, 002: taken next turn unless rested */
	unsigned fatigue_condition : 1;	/* 002: fresh, tired, exhausted */
	unsigned fatigue_damage : 1;	/* 001: -p's characters take it off hp= */
	unsigned party : 1;		/* -p: 000's saves, 001's damage, 002's tired */
	unsigned sign_names : 1;	/* 001, 002: a sign rolls -T encounter */
	unsigned sign_met : 1;		/* 001: the next encounter is the one signalled */
	unsigned disposition : 1;	/* 002: the encounter's disposition on 2d6 */
	unsigned grace : 1;		/* 002: 4-6 are nothing in the first 6 turns */
	unsigned rest_heals : 1;	/* 002: 6 rest turns in a row heal 1d8 + STR */
	unsigned shift_rolls : 1;	/* 001: a shift rolls among the seed's examples */
	unsigned d20 : 1;		/* -a/-d: a d20 is rolled (saves, threat) */
	unsigned own_die : 1;		/* 000 bookkeeping: -e DIE */
	unsigned cautious : 1;		/* 004: -a, advantage on the threat d20 */
	unsigned cadences : 1;		/* 004: travel turns hourly, daily, weekly */
};
extern const struct hazard_rules hazard_rules[R_NRULES];

/* The table hazard's die rolls under a rules name, as -D, -e and -a change it. */
struct hazdie {
	struct tbl table;
	struct tbl_row rows[TBL_ROWS_MAX];	/* the built-in rows, changed */
	char	 fatigue_text[128];	/* 001 -D: the fatigue row's sentence */
	char	 damage_text[128];	/* 001 -D: the next turn's, "" the seed's */
};

void	 hazdie_init(struct hazdie *d, int rules, long damage, const char *die);
void	 hazdie_cautious(struct hazdie *d, int rules, int adv);
extern const char *const hazard_actions_said[R_NRULES];
int	 hazard_action_word(int r, const char *word);

extern const struct tbl shift_001;
extern const struct tbl disposition_002;

enum alarm_event {
	AE_ADVANCE_QUIET, AE_ADVANCE_ENCOUNTER, AE_STAY, AE_BACKTRACK_QUIET,
	AE_BACKTRACK_ENCOUNTER, AE_HIDE_PASS, AE_HIDE_FAIL, AE_NEVENTS
};
extern const char *const alarm_move_003[AE_NEVENTS];
extern const char text_alarm_quiet_003[], text_alarm_met_003[];
extern const char text_stealth_003[];
extern const char text_hide_pass_003[], text_hide_fall_003[];
extern const char text_hide_fail_003[];

/* 003: the group's move on a turn, and what it does to the alarm */
enum alarm_move { AM_ADVANCE, AM_STAY, AM_BACKTRACK, AM_HIDE_PASS, AM_HIDE_FAIL };

/* The tables roll(6) rolls by name: -t NAME, -t list. */
struct named_table {
	const struct tbl *t;	/* its name is t->name */
	const char *seed;
	const char *title;	/* as the seed heads it */
};
extern const struct named_table rules_tables[];	/* ends with a NULL t */

/* 004: Movement Actions, "Each load you carry above your STR score reduces
 * your speed by 5' and forces disadvantage on all checks." */
#define LOAD_SPEED_004	5
#define PACE_OVERLAND_004 10	/* "10 + STR mod miles per day" */

/* 004: Treasure, "An enemy's carried loot is worth 1d20gp per HD" (its
 * weight: purse.h) */
#define LOOT_DIE_004	20
#define LOOT_HD_MAX	100	/* reaction loot HD */
#define LOOT_COUNT_MAX	100	/* reaction loot COUNT: enemies */

/*
 * 002 and 004: rolling to return to camp.  DC = 10 + the distance (004:
 * travel turns; 002: length of travel + rooms from the exit), at most 20;
 * a failure costs 1d6 damage (dangerous) or 1 load or item (arduous) for
 * each point under the DC.
 */
#define RETURN_DC_BASE	10
#define RETURN_DC_MAX	20
#define RETURN_DAMAGE_DIE 6
/* 004: "Rolling a natural 1 on a check that damages a PC doubles the damage" */
#define NAT1_DAMAGE_004	2
extern const char text_nat1_004[];

struct return_text {
	const char *safe;	/* success */
	const char *hurt;	/* dangerous: the damage */
	const char *down;	/* dangerous: at 0 HP */
	const char *lost;	/* arduous: what is dropped */
	const char *unit[2];	/* arduous: what one point and more cost */
};
extern const struct return_text return_text_002;
extern const struct return_text return_text_004;

/* 000 and 001-002: the sentences of hazard's follow-up records */
/* hazard's follow-up records: KEY and sentence, no die (ROLL "-") */
enum followup {
	FU_REST_DUE, FU_SKIPPED,		/* 000: the rest clock */
	FU_RESTED, FU_DAMAGE,			/* 001: fatigue rested off, or taken */
	FU_TIRED, FU_EXHAUSTED, FU_STILL_EXHAUSTED,	/* 002 */
	FU_REST_TAKEN,				/* 000: a rest, said */
	FU_SAVE_RESTED, FU_SAVE_DUE,		/* 000: fatigue, a choice */
	FU_REST_PLAIN, FU_REST_IGNORED,		/* 001, 002: a rest, said */
	FU_NFOLLOWUPS
};

struct followup_text {
	const char *key;
	const char *text;
};

extern const struct followup_text followup[FU_NFOLLOWUPS];
extern const struct followup_text tiring_002[3];	/* by enum chars_tiring */

/* 000: the rest clock; 001, 002: fatigue and the 002 condition */
enum condition { C_FRESH, C_TIRED, C_EXHAUSTED };
extern const char *const condition_names[];
enum followup fatigue_settle(int *condition, int dungeonturn, int resting);
int	 rest_hour_tick(int *rest_turns, int resting);

/*
 * 000: rest 1 turn in 6; -1, FU_REST_TAKEN, FU_REST_DUE, or FU_SKIPPED
 * (CON saves).
 * Inline: it runs every turn.
 */
static inline int
rest_tick(int *since_rest, int resting)
{
	if (!resting && ++*since_rest < REST_TURNS_000)
		return -1;	/* the common turn first */
	if (resting) {
		*since_rest = 0;
		return FU_REST_TAKEN;
	}
	if (*since_rest == REST_TURNS_000)
		return FU_REST_DUE;
	*since_rest = 1;
	return FU_SKIPPED;
}

extern const char *const text_sign_met;
extern const char *const text_sign_of[2];		/* 001, 002: around the creature */
extern const char *const text_sign_creature_met[2];
extern const char *const text_sign_replaces[2];	/* a sign after a sign */
extern const char *const text_sign_again;	/* of the same creature */
extern const char text_encounter_002[];

/*
 * 000, 001, 002, 004: paces (chase(6) pace).  A manner of moving covers a
 * distance a time unit: a fixed one, or so much per foot of base speed, or
 * so much plus the STR modifier; words such as harsh or encumbered then
 * scale it by NUM/DEN.
 */
enum pace_basis {
	PACE_FIXED,		/* rate */
	PACE_SPEED,		/* rate x base speed in feet */
	PACE_STR		/* rate + STR mod */
};

enum pace_group {
	PG_ALONE,		/* a word of its own */
	PG_TERRAIN,		/* 004: terrain and light: the slowest applies */
	PG_MOVING,		/* 004: tactical or stealthy, not both */
	PG_WIND			/* 004: favorable or unfavorable, not both */
};

struct pace {
	const char *word;	/* the operand and the record's MANNER */
	enum pace_basis basis;
	long	 rate;
	const char *unit;	/* the record's UNIT: yard, metre, foot, mile */
	const char *units;	/* its plural, for the sentence */
	const char *per;	/* turn, hour or day: a unit timedice takes */
	const char *text;
	int	 day_hours;	/* 004: the hours of a day's travel by boat or ship */
};

struct pace_factor {
	const char *word;
	long	 num, den;	/* the rate times NUM/DEN */
	enum pace_group group;
	unsigned manners;	/* bit i: applies to manner i */
	const char *text;
};

struct pace_speed {		/* 000: the movement table's named speeds */
	const char *word;
	long	 feet;		/* per round */
};

struct pace_rules {
	int	 nmanners;	/* 0: these rules have no pace */
	const struct pace *manners;
	int	 nfactors;
	const struct pace_factor *factors;
	int	 nspeeds;
	const struct pace_speed *speeds;
	long	 speed;		/* the base speed when none is given; 0: every named speed */
};

extern const struct pace_rules pace_rules[R_NRULES];

/*
 * 004: Chases.  "Most creatures have a 30' movement speed (DC 11 to catch).
 * The DC is modified by 1 per 5' under or over 30' movement."
 */
#define CHASE_DC_004	11
#define CHASE_SPEED_004	30
#define CHASE_STEP_004	5

struct chase_terrain {
	const char *word;	/* the operand */
	enum party_key key;	/* the ability checked */
	const char *ability;	/* as the sentence names it */
	const char *text;
};

struct chase_outcome {
	const char *key;	/* the record's KEY */
	const char *text;	/* what befalls the character */
};

/*
 * 004: Retreat.  "The GM might call for a check (mod varies based on
 * method) to avoid danger"; 004 gives no DC: 11 unless -c, 004's DC of a
 * morale check and of a 30' creature's chase.
 */
#define RETREAT_DC_004	11
#define RETREAT_DC_MAX	40
enum retreat_result { RT_STOPPED, RT_AWAY, RT_PURSUED };
extern const struct chase_outcome retreat_outcome_004[3];

extern const struct chase_terrain chase_terrain_004[];	/* ends with a NULL word */
extern const struct chase_outcome chase_outcome_004[2][2];	/* [flee][pass] */

/*
 * Light sources (light(6)): what each kind of source is under each rules.
 * Times are dungeon turns of 10 minutes; a travel turn (004) is 6 of them.
 */
enum light_kind { LK_TORCH, LK_LANTERN, LK_CANDLE, LK_NKINDS };
/* LV_BRIGHT is 004's "well lit"; only 004 has LV_BRILLIANT */
enum light_level { LV_DARK, LV_DIM, LV_BRIGHT, LV_BRILLIANT, LV_NLEVELS };

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
	int	 full_lanterns;	/* 004: lanterns that light a room well, or 0 */
	const char *daylight;	/* 004: the well lit level of a day outdoors */
};

extern const char *const light_kinds[LK_NKINDS + 1];
extern const struct light_rules *const light_rules[R_NRULES];
extern const int usage_dice_003[];	/* the usage die's steps, 0-terminated */

#define LOW_OIL_000	6	/* 000: oil "runs low": one hour (6 turns) left at most */
#define TRAVEL_TURN_004	CLOCK_HOUR_TURNS	/* 004: a travel turn is one hour */

/*
 * 004: "Travel turns can be rolled daily rather than hourly while the
 * party travels overland ... daily while on a river or lake, or weekly if
 * at sea.  Torches and SUP reduce hourly, as normal."  A cadence is the
 * length of one travel turn; the places name theirs.
 */
enum cadence { CAD_HOURLY, CAD_DAILY, CAD_WEEKLY, CAD_N };
struct cadence_004 {
	const char *name;	/* the word of the record's CADENCE field */
	long	 hours;		/* one turn's length */
	const char *span;	/* "day": "the day's travel" */
	const char *turn;	/* the sentence's lead in hazard's record */
	const char *passes;	/* the clock record's lead in timedice's */
};
extern const struct cadence_004 cadence_004[CAD_N];
extern const char *const cadence_names_004[CAD_N + 1];	/* hourly daily weekly */

/* hazard(6) ACTION */
enum hazard_action {
	HA_EXPLORE, HA_REST,				/* the d6 rules */
	HA_ADVANCE, HA_STAY, HA_BACKTRACK, HA_HIDE	/* 003 */
};

struct hazard_act {
	enum hazard_action action;
	enum cadence cadence;	/* 004: a travel turn's length */
	int	 hide_pass;	/* 003: the group's Stealth result given by hand */
	int	 hide_roll;	/* 003: the party's Stealth checks rolled (-p) */
	long	 sparks;
};

int	 hazard_act(struct hazard_act *a, int r, int argc, char **argv);
int	 cadence_of_turns(long turns);
/*
 * 004 gives overland miles a day, not the hours of a day's march: issue 16
 * reckons miles an hour over 8 hours of travel, and hexes of 6 miles.
 */
#define MARCH_HOURS_004	8
#define HEX_MILES_004	6
#define USAGE_DIE_003	6	/* 003: the usage die a source starts with (-e) */
#define USAGE_STEP_003	2	/* 003: a usage roll of 1-2 steps the die down */

#endif
