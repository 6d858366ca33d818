/*
 * rules: the seeds' rules as data.  Sections run by seed, 000 to 004; each
 * sentence says what the seed says, shortened where a record needs it.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice.h"
#include "expr.h"
#include "rules.h"
#include "util.h"

const char *const rules_names[R_NRULES + 1] = {
	"exploration", "bookkeeping", "delving", "dungeonturn", "alarm",
	"travel", NULL
};

const char *const rules_seed[R_NRULES] = {
	"000", "000", "001", "002", "003", "004"
};

/* The rules (enum rules) of a rules NAME, exploration for none: -1 if unknown. */
int
rules_named(const char *name)
{
	return name != NULL ? word_in(name, rules_names) : R_EXPLORATION;
}

/*
 * -r names the rules outright: one this program has none of is refused.
 * Else the state file's rules, else DELVING_RULES, passed over when this
 * program has no such rules, else the program's default.
 */
int
rules_pick(const char *opt, int stored, unsigned supported, int dflt)
{
	const char *env = getenv("DELVING_RULES");
	int r;

	if (opt != NULL) {
		if ((r = word_in(opt, rules_names)) < 0)
			esc_errx(EXIT_BAD, "-r: '%s': not a rules name (exploration bookkeeping delving dungeonturn alarm travel)", opt);
		if (!(supported & RULES_BIT(r)))
			esc_errx(EXIT_BAD, "-r: '%s': this program has no %s rules", opt, opt);
		return r;
	}
	if (stored >= 0)
		return stored;
	if (env != NULL && *env != '\0') {
		if ((r = word_in(env, rules_names)) < 0)
			esc_errx(EXIT_BAD, "DELVING_RULES: '%s': not a rules name", env);
		if (supported & RULES_BIT(r))
			return r;
	}
	return dflt;
}

/* Does the hazard die of rules R have KEY?  003's alarm: quiet, encounter. */
static int
die_has_key(int r, const char *key)
{
	if (r == R_ALARM)
		return strcmp(key, "quiet") == 0 || strcmp(key, "encounter") == 0;
	return tbl_has_key(&hazard_table[r], key);
}

/*
 * The one rules whose hazard die has KEY when RULES' die has not (004's
 * soon, 001's burn, 003's quiet under exploration), else -1: a key of
 * RULES' own die, of no die (a -T table's, a follow-up's) or of several
 * (002's and 001's free) says nothing.
 */
static int
rules_of_key(int rules, const char *key)
{
	int r, found = -1;

	if (die_has_key(rules, key))
		return -1;
	for (r = 0; r < R_NRULES; r++)
		if (die_has_key(r, key)) {
			if (found >= 0)
				return -1;
			found = r;
		}
	return found;
}

/*
 * A filter warns once on standard error when its stream's hazard records
 * are of other rules than its own (a pipeline given -r on hazard alone):
 * "light: the stream's hazard key 'soon' is the travel rules' (004), not
 * exploration's: give light -r travel".  The first RULES_HEED_KEYS hazard
 * records are looked at: a stream of other rules shows itself at once.
 */
void
rules_heed(struct rules_heed *h, const char *prog, const char *key)
{
	int r;

	if (h->looked >= RULES_HEED_KEYS)
		return;
	h->looked++;
	if ((r = rules_of_key(h->rules, key)) < 0)
		return;
	esc_warnx("the stream's hazard key '%s' is the %s rules' (%s), not %s's: "
	    "give %s -r %s", key, rules_names[r], rules_seed[r],
	    rules_names[h->rules], prog, rules_names[r]);
	h->looked = RULES_HEED_KEYS;	/* said once */
}

const char *const light_kinds[LK_NKINDS + 1] = {
	"torch", "lantern", "candle", NULL
};

#define D6  { 1, 6, 1, 1, 0 }
#define D20 { 1, 20, 1, 1, 0 }	/* a table's die, not a check */
#define TWO_D6 { 2, 6, 2, 1, 0 }
#define ROWS(a) (int)(sizeof a / sizeof a[0]), a

/* 000: The Hazard Die, "Roll 1d6 each Turn" */
static const struct tbl_row hazard_000[] = {
	{ 1, 1, "encounter", "Encounter — a wandering monster appears." },
	{ 2, 2, "sign", "Sign — noise, smell, tracks, or shadow hinting at nearby danger." },
	{ 3, 3, "light", "Light — a torch sputters out, or lantern oil runs low." },
	{ 4, 4, "fatigue", "Fatigue — rest now for 10 minutes, or make a CON save (DC 12). Fail the save and gain 1 Fatigue." },
	{ 5, 6, "nothing", "Nothing — the turn passes uneventfully." },
};

/* 000: "Roll a dice of your choice every Turn; on a 1, encounter" (d6 unless -e) */
static const struct tbl_row hazard_000_bookkeeping[] = {
	{ 1, 1, "encounter", "Encounter — a wandering monster appears." },
	{ 2, 6, "nothing", "Nothing — the turn passes uneventfully." },
};

/*
 * 000: "After 6 Turns (~1 hour) of exploration, the party should rest for 1
 * Turn.  Skipping rest -> each character makes a CON save (DC 12) or gains 1
 * Fatigue."  001: "Each party member takes 1 damage unless they spend the
 * next turn resting."  002: "Rest for 1 turn or become tired (no effect).
 * If you are already tired, become exhausted, make rolls at disadvantage."
 */
const struct followup_text followup[FU_NFOLLOWUPS] = {
	[FU_REST_DUE] = { "rest", "Rest is due: 6 turns of exploration since the last rest; rest 1 turn." },
	[FU_SKIPPED] = { "skipped", "Rest was skipped: each character makes a CON save (DC 12) or gains 1 Fatigue." },
	[FU_RESTED] = { "rested", "The party rests this turn: last turn's fatigue passes." },
	[FU_DAMAGE] = { "damage", "The party did not rest: each member takes 1 damage from fatigue." },
	[FU_TIRED] = { "tired", "The party did not rest: it is tired (no effect yet)." },
	[FU_EXHAUSTED] = { "exhausted", "The party did not rest and was already tired: it is exhausted and makes rolls at disadvantage." },
	[FU_STILL_EXHAUSTED] = { "exhausted", "The party did not rest: it stays exhausted and makes rolls at disadvantage." },
	/* 000: "After 6 Turns (~1 hour) of exploration, the party should rest for 1 Turn." */
	[FU_REST_TAKEN] = { "rested", "The party rests this turn; the next rest is due in 6 turns." },
	/* 000: "Fatigue — rest now for 10 minutes, or make a CON save (DC 12)." */
	[FU_SAVE_RESTED] = { "rested", "The party rests this turn for last turn's fatigue: no CON save." },
	[FU_SAVE_DUE] = { "skipped", "The party did not rest for last turn's fatigue: each character makes a CON save (DC 12) or gains 1 Fatigue." },
	/* 001, 002: a rest turn with no fatigue to rest off is said too */
	[FU_REST_PLAIN] = { "rested", "The party rests this turn." },
	/* 001: "FATIGUE ... Ignore this result while resting."; 002 alike */
	[FU_REST_IGNORED] = { "rested", "The party rests this turn: fatigue is ignored while it rests." },
};

/* 000: "make a CON save (DC 12).  Fail the save and gain 1 Fatigue." */
const char text_con_save_000[] = "the CON save";
const char text_gains_fatigue_000[] = " and gains 1 Fatigue";

/* 001: "Each party member takes 1 damage unless they spend the next turn resting" */
const char text_fatigue_damage_001[] = "damage from fatigue";

/*
 * 002: "Rest for 1 turn or become tired (no effect).  If you are already
 * tired, become exhausted, make rolls at disadvantage", each character's.
 */
const struct followup_text tiring_002[3] = {
	[CT_STAYS_EXHAUSTED] = { "exhausted", "stays exhausted and makes rolls at disadvantage." },
	[CT_EXHAUSTED] = { "exhausted", "was already tired: exhausted, and makes rolls at disadvantage." },
	[CT_TIRED] = { "tired", "is tired (no effect yet)." },
};

/* 002: "Resting for 1 hour in the dungeon only heals 1d8 + str bonus" */
const char text_rest_hour_002[] = "An hour of rest in the dungeon";

const char *const condition_names[] = {	/* 002 */
	"fresh", "tired", "exhausted", NULL
};

/*
 * 001, 002: the turn after a fatigue result, it is rested off or taken:
 * 001 as damage, 002 as the condition's next step.
 */
enum followup
fatigue_settle(int *condition, int dungeonturn, int resting)
{
	enum followup fu;

	if (resting)
		return FU_RESTED;
	if (!dungeonturn)
		return FU_DAMAGE;
	if (*condition == C_FRESH) {
		*condition = C_TIRED;
		return FU_TIRED;
	}
	fu = *condition == C_TIRED ? FU_EXHAUSTED : FU_STILL_EXHAUSTED;
	*condition = C_EXHAUSTED;
	return fu;
}

/*
 * 002: "Resting for 1 hour in the dungeon": six rest turns in a row are the
 * hour; 1 when this turn ends one.  Any other action starts the count again.
 */
int
rest_hour_tick(int *rest_turns, int resting)
{
	if (!resting) {
		*rest_turns = 0;
		return 0;
	}
	if (++*rest_turns < DUNGEON_REST_TURNS_002)
		return 0;
	*rest_turns = 0;
	return 1;
}

/*
 * 000: Surprise, "WIS check (DC 12) for each character to avoid surprise";
 * "Surprised: Cannot act in the first round of combat."
 */
const struct react_check surprise_000 = {
	1, R_EXPLORATION, 12, "alert", "surprised", "is not surprised",
	"is surprised and cannot act in the first round of combat", "WIS",
	PARTY_UNNAMED
};

/* 000: "Partial surprise: Some party members may be surprised while others aren't." */
const char *const surprise_words_000[3] = { "none", "some", "all" };

/*
 * 000: "No light: Effectively blind ... Can't read, search, or spot danger."
 * 001: "In total darkness ... PCs will be surprised by all encounters";
 * walking and running: "PCs are surprised by all encounters".  002:
 * "moving through unknown areas will trigger surprises and traps".
 */
const char text_surprise_dark_001[] = "The party is surprised: 001 \"In "
    "total darkness ... PCs will be surprised by all encounters\"; nobody "
    "can act in the first round of combat.";
const char text_surprise_pace_001[] = "The party is surprised: walking or "
    "running, PCs are surprised by all encounters (001), and moving through "
    "unknown areas triggers surprises (002); nobody can act in the first "
    "round of combat.";
const char *const surprise_paces_001[] = { "walking", "running", NULL };
const char *const dark_levels[] = { "dark", "darkness", NULL };
const char *const light_levels[] = {	/* every rules' LEVEL names, light(6) */
	"bright", "dim", "dark", "darkness", "well-lit", "brilliant", NULL
};
const char *const surprise_text_000[3] = {
	"Nobody is surprised.",
	"Partial surprise: those surprised cannot act in the first round; the others can.",
	"Everyone is surprised: nobody can act in the first round of combat.",
};

/*
 * 000: Movement.  "In a Turn (10 minutes), a character can move 3x their
 * base speed in yards while exploring cautiously"; "Rushing: Double
 * movement"; "No light: ... Movement halved."  Slow 15, Normal 30, Fast 45
 * ft per round: 45, 90, 135 yards a cautious turn; 90, 180, 270 rushing.
 */
static const struct pace pace_000[] = {
	{ "cautious", PACE_SPEED, 3, "yard", "yards", "turn",
	  "Cautious: checking footing, watching for danger, mapping", 0 },
	{ "rushing", PACE_SPEED, 6, "yard", "yards", "turn",
	  "Rushing: double movement, but no searching or mapping; setback on checks to spot traps or hidden features", 0 },
};

static const struct pace_factor pace_factor_000[] = {
	{ "dark", 1, 2, PG_ALONE, 3,
	  "no light: effectively blind, setback on all rolls, movement halved" },
};

static const struct pace_speed pace_speed_000[] = {
	{ "slow", 15 }, { "normal", 30 }, { "fast", 45 },
};

/*
 * 000: Light.  "Torch: 6 Turns (1 hour), 30 ft bright, 30 ft dim; Lantern:
 * 6 hours (1 flask of oil), 30 ft bright, 30 ft dim; Candle: 1 hour, 5 ft
 * bright, 5 ft dim."  A gust blows a candle out (001 says so; 000 is
 * silent).  "Darkvision: See 30 ft in dim light as if bright, darkness as
 * dim.  No color, no fine detail.  No light: Effectively blind.  Setback on
 * all rolls.  Movement halved.  Can't read, search, or spot danger."
 */
#define LEVELS_000 { \
	[LV_DARK] = { "dark", "No light: effectively blind; setback on all " \
	    "rolls, movement halved; no reading, searching or spotting danger.", \
	    NULL }, \
	[LV_DIM] = { "dim", "No light, but darkvision: darkness is as dim " \
	    "light, with no color and no fine detail.", NULL }, \
	[LV_BRIGHT] = { "bright", "Bright light: a torch or lantern lights " \
	    "30 ft bright and 30 ft dim, a candle 5 ft and 5 ft; the party can " \
	    "read, search and spot danger.", "Bright light, and darkvision: " \
	    "a torch or lantern lights 30 ft bright and 30 ft dim, a candle " \
	    "5 ft and 5 ft, and dim light within 30 ft is seen as bright; the " \
	    "party can read, search and spot danger." } }

static const struct light_rules light_000 = {
	.kind = {
		[LK_TORCH] = { 6, LV_BRIGHT, 0, "30 ft bright and 30 ft dim" },
		[LK_LANTERN] = { 36, LV_BRIGHT, 0, "30 ft bright and 30 ft dim" },
		[LK_CANDLE] = { 6, LV_BRIGHT, 1, "5 ft bright and 5 ft dim" },
	},
	.level = LEVELS_000,
	.sight = 1, .sight_floor = LV_DIM,
	.strike = "light",	/* "a torch sputters out, or lantern oil runs low" */
	.refill = "a fresh flask of oil",
};

/*
 * 000, traditional: "Track light (torch = 6 Turns, lantern = 1 Watch)".
 * 000 does not define a watch: a lantern keeps 000's own 6 hours (36
 * turns).  No hazard result strikes a light.
 */
static const struct light_rules light_000_bookkeeping = {
	.kind = {
		[LK_TORCH] = { 6, LV_BRIGHT, 0, "30 ft bright and 30 ft dim" },
		[LK_LANTERN] = { 36, LV_BRIGHT, 0, "30 ft bright and 30 ft dim" },
		[LK_CANDLE] = { 6, LV_BRIGHT, 1, "5 ft bright and 5 ft dim" },
	},
	.level = LEVELS_000,
	.sight = 1, .sight_floor = LV_DIM,
	.refill = "a fresh flask of oil",
};

/* 001: D6 Dungeon Hazard Die Results */
static const struct tbl_row hazard_001[] = {
	{ 1, 1, "encounter", "Encounter: the party has an encounter; the GM determines its reaction, activity, distance and surprise." },
	{ 2, 2, "fatigue", "Fatigue: each party member takes 1 damage unless they spend the next turn resting." },
	{ 3, 3, "burn", "Burn: lit torches burn out; new torches can be lit from the embers of the previous ones." },
	{ 4, 4, "shift", "Dungeon shift: the dungeon environment changes." },
	{ 5, 5, "sign", "Sign: the party finds a sign that a creature is nearby; the next encounter is that creature." },
	{ 6, 6, "free", "Free: no effect." },
};

const char *const text_sign_met =
    "The creature whose sign the party found is met.";

/*
 * 001: "Roll a random encounter (p. 19) but rather than meeting it, the
 * party finds a sign that it is nearby.  The next time an encounter is
 * rolled, the PCs meets that creature."  002: "Characters find a clue or
 * sign of wandering monster or factions."  With an encounter table
 * (hazard -T encounter=FILE): the sentence around the creature rolled.
 */
const char *const text_sign_of[2] = {
	"Signs of ", " nearby: the party meets them at the next encounter."
};
/*
 * 001: a second sign before the encounter: the later one is the nearer
 * creature and is met (the suite's decision); the earlier is said passed
 * by: "Signs of 2 ghouls nearby, nearer than 6 goblins, signalled
 * before, whom the party will not meet now: the party meets them at the
 * next encounter."
 */
const char *const text_sign_replaces[2] = {
	" nearby, nearer than ", ", signalled before, whom the party will "
	    "not meet now: the party meets them at the next encounter."
};
const char *const text_sign_again =
    " nearby again: the party meets them at the next encounter.";
const char *const text_sign_creature_met[2] = {
	"The party meets what it found signs of: ", "."
};

/*
 * 001: "Torches reveal general shapes within 12m, and details within 3m ...
 * burn out when a 3 is rolled"; "Candles reveal general shapes within 6m,
 * and details within 3m.  They last for 8 hours"; "Lanterns are candles
 * inside a glass and metal case ... their case prevents them from being
 * blown out"; running: "Candles are blown out".  "In dim light like
 * candlelight or lantern light, [searching] takes two turns instead."
 * "In total darkness, checks involving movement or coordination have a -10
 * penalty.  PCs will be surprised by all encounters, spring all traps, and
 * cannot map their environment."  001 has no darkvision.
 */
static const struct light_rules light_001 = {
	.kind = {
		[LK_TORCH] = { LIFE_NONE, LV_BRIGHT, 0,
		    "general shapes within 12 m, details within 3 m" },
		[LK_LANTERN] = { 48, LV_DIM, 0,
		    "general shapes within 6 m, details within 3 m" },
		[LK_CANDLE] = { 48, LV_DIM, 1,
		    "general shapes within 6 m, details within 3 m" },
	},
	.level = {
		[LV_DARK] = { "dark", "Total darkness: -10 on checks involving "
		    "movement or coordination; surprised by every encounter, "
		    "every trap sprung, no mapping.", NULL },
		[LV_DIM] = { "dim", "Candle or lantern light: general shapes "
		    "within 6 m, details within 3 m; searching a room takes "
		    "2 turns.", NULL },
		[LV_BRIGHT] = { "bright", "Torchlight: general shapes within "
		    "12 m, details within 3 m; searching a room takes 1 turn.",
		    NULL },
	},
	.strike = "burn",	/* "Lit torches burn out." */
	.embers = 1,	/* "New torches can be lit from the embers of the previous ones." */
	.until = "the hazard die's burn puts it out",
	.refill = "a fresh candle",
};

/* 001: "minor effects like sounds, temperature shifts, wind, falling debris, apparitions, or vermin" */
static const struct tbl_row shift_rows_001[] = {
	{ 1, 1, "sounds", "Sounds echo through the dungeon." },
	{ 2, 2, "temperature", "The temperature shifts." },
	{ 3, 3, "wind", "A wind moves through the passages." },
	{ 4, 4, "debris", "Debris falls from above." },
	{ 5, 5, "apparitions", "Apparitions flicker at the edge of sight." },
	{ 6, 6, "vermin", "Vermin swarm past." },
};

/*
 * 001: "Crawling speed: 36m per turn", "Walking speed: 720m per turn",
 * "Running speed: 1,5 km per turn", each with what it costs.
 */
static const struct pace pace_001[] = {
	{ "crawling", PACE_FIXED, 36, "metre", "metres", "turn",
	  "Crawling: listening, testing surfaces and drawing maps; the PCs automatically detect traps and map their environment", 0 },
	{ "walking", PACE_FIXED, 720, "metre", "metres", "turn",
	  "Walking: the PCs are surprised by all encounters and spring all traps, but may still map the dungeon", 0 },
	{ "running", PACE_FIXED, 1500, "metre", "metres", "turn",
	  "Running: the PCs are surprised by all encounters, spring all traps and cannot map; candles are blown out", 0 },
};

/* 002: Dungeon Hazard Die, "Every turn in a dungeon, roll 1d6" */
static const struct tbl_row hazard_002[] = {
	{ 1, 1, "encounter", "Encounter. A wandering monster appears at a far distance, moving toward the party. Roll 2d6 to determine disposition." },
	{ 2, 2, "fatigue", "Fatigue. Rest for 1 turn or become tired (no effect). If you are already tired, become exhausted, make rolls at disadvantage." },
	{ 3, 3, "sign", "Signs. Characters find a clue or sign of wandering monster or factions." },
	{ 4, 4, "local", "Local effect. Something unique to the dungeon happens." },
	{ 5, 5, "depletion", "Depletion. Light sources dim. Dim light sources go out." },
	{ 6, 6, "free", "Free. Nothing happens." },
};

/*
 * 002: "Torches illuminate nearby objects (2 zones) and close details.
 * Candles illuminate close objects and details.  Lanterns function as
 * candles and can be modified to illuminate a straight line rather than a
 * radius.  They cannot be blown out."  "Depletion.  Light sources dim.  Dim
 * light sources go out."  "Darkvision is not perfect: Monochrome outlines
 * of moving shapes in darkness.  Dim light is moonlight.  Anything for
 * which fine eyesight is required will be difficult even with darkvision."
 * 002 gives no durations: a source lasts until depletion puts it out.
 */
static const struct light_rules light_002 = {
	.kind = {
		[LK_TORCH] = { LIFE_NONE, LV_BRIGHT, 0,
		    "nearby objects (2 zones) and close details" },
		[LK_LANTERN] = { LIFE_NONE, LV_BRIGHT, 0,
		    "close objects and details, or a straight line when shuttered" },
		[LK_CANDLE] = { LIFE_NONE, LV_BRIGHT, 1,
		    "close objects and details" },
	},
	.level = {
		[LV_DARK] = { "dark", "Darkness: the party cannot see.",
		    "Darkness: darkvision shows monochrome outlines of moving "
		    "shapes; anything needing fine eyesight is difficult." },
		[LV_DIM] = { "dim", "Dim light: the light sources have dimmed; "
		    "the next depletion puts them out.", "Dim light, moonlight "
		    "to darkvision; the next depletion puts the sources out." },
		[LV_BRIGHT] = { "bright", "Light: a torch lights nearby objects "
		    "(2 zones) and close details, a candle or lantern close "
		    "objects and details.", NULL },
	},
	.sight = 1, .sight_floor = LV_DARK,
	.strike = "depletion",
	.until = "depletion dims it, then puts it out",
	.refill = "a fresh candle",
};

/* 002: Encounter Vibe Check, 2d6 */
static const struct tbl_row disposition_rows_002[] = {
	{ 2, 3, "hostile", "Hostile." },
	{ 4, 5, "unfriendly", "Unfriendly." },
	{ 6, 8, "uninterested", "Uninterested." },
	{ 9, 10, "polite", "Polite." },
	{ 11, 12, "friendly", "Friendly." },
};

/*
 * 002: Leaving the Dungeon, "DC = 10 + length of travel + number of rooms
 * from the exit of the dungeon, maximum of DC 20"; "Dangerous: 1d6 damage
 * is inflicted for every 1 under the DC"; "Arduous: lose 1 item per 1 under
 * the DC"; "If a character is reduced to 0 hit protection, they suffer an
 * omen and are forced to make an omen roll."
 */
const struct return_text return_text_002 = {
	"returns to camp",
	"1d6 damage per point under",
	"at 0 hit protection: suffers an omen and makes an omen roll",
	"the referee picks, less valuable and less secure items first, up to weapons, armor, spells and magical items",
	{ "item", "items" },
};

/*
 * 002: Movement.  "Characters move at a rate of 3 times their base speed
 * (3 zones total)"; "a character could cover 20 zones walking at a normal
 * pace or 200 zones while running": a zone is one base speed.
 */
static const struct pace pace_002[] = {
	{ "careful", PACE_SPEED, 3, "foot", "feet", "turn",
	  "Slow and careful (3 zones): investigating traps, secret doors and treasure traps, listening, mapping", 0 },
	{ "walking", PACE_SPEED, 20, "foot", "feet", "turn",
	  "Walking at a normal pace (20 zones): moving through unknown areas triggers surprises and traps", 0 },
	{ "running", PACE_SPEED, 200, "foot", "feet", "turn",
	  "Running (200 zones): moving through unknown areas triggers surprises and traps", 0 },
};

/* 003: the alarm, checked on a d10: each event's move, said first */
const char *const alarm_move_003[AE_NEVENTS] = {
	"Advance", "Advance", "Stay", "Backtrack", "Backtrack", "Hide", "Hide"
};

/* 003: "If it comes up equal or less than the current alarm value ..." */
const char text_alarm_quiet_003[] = "over it: quiet";
const char text_alarm_met_003[] = "at or under it: an encounter, and the "
    "alarm resets to 0";
const char text_stealth_003[] = "the Stealth check";
const char text_hide_pass_003[] = "the Stealth check passes";
const char text_hide_fall_003[] = "2, plus 1 per spark";
const char text_hide_fail_003[] = "the Stealth check fails: an encounter, "
    "and the alarm resets to 0";

/*
 * 003: "The players start each dungeon round by making depletion checks
 * for any active light sources."  003 does not say how: each lit source
 * rolls a usage die each round, and a 1-2 steps it down (d6, d4, out).
 * 003 names no radii, no levels and no darkvision.
 */
const int usage_dice_003[] = { 20, 12, 10, 8, 6, 4, 0 };

static const struct light_rules light_003 = {
	.kind = {
		[LK_TORCH] = { LIFE_USAGE, LV_BRIGHT, 0, NULL },
		[LK_LANTERN] = { LIFE_USAGE, LV_BRIGHT, 0, NULL },
		[LK_CANDLE] = { LIFE_USAGE, LV_BRIGHT, 1, NULL },
	},
	.level = {
		[LV_DARK] = { "dark", "Darkness: no light source is lit.", NULL },
		[LV_BRIGHT] = { "bright", "Light: each dungeon round begins with "
		    "a depletion check for every lit source.", NULL },
	},
	.refill = "fresh fuel",
};

/* 004: Travel Turn Table, d20 */
static const struct tbl_row hazard_004[] = {
	{ 1, 1, "terrible", "Terrible: an immediate threat, an accidental encounter, a devastating ambush; the environment worsens." },
	{ 2, 10, "soon", "Something bad happens soon: a subtle trap or poison, cautious enemies prepare to attack any moment, a retainer flees or betrays." },
	{ 11, 19, "worsens", "Threat worsens or draws near: a distant threat evolves, the environment gradually escalates to hostility, a new potential threat arrives; something is suspicious." },
	{ 20, 20, "calm", "Nothing bad, maybe even good." },
};

/*
 * 004: Injury Table, "Once stabilized, the incapacitated PC rolls 1d20 on
 * the Injury Table.  If not a 1 (dead), they return to 1 HP (or roll for
 * healing)."
 */
static const struct tbl_row injury_rows_004[] = {
	{ 1, 1, "dead", "A false hope, you’re dead." },
	{ 2, 2, "feeble", "Feeble: lose 1d6 STR." },
	{ 3, 3, "shaky", "Shaky: lose 1d6 DEX." },
	{ 4, 4, "weak", "Weak: lose 1d6 CON." },
	{ 5, 5, "addled", "Addled: lose 1d6 INT." },
	{ 6, 6, "confused", "Confused: lose 1d6 WIS." },
	{ 7, 7, "disfigured", "Disfigured: lose 1d6 CHA." },
	{ 8, 13, "maimed", "Lose a body part (GM’s choice)." },
	{ 14, 19, "disadvantage", "Disadvantage all checks until rest." },
	{ 20, 20, "standing", "Standing: instantly heal 1d8 HP." },
};

/*
 * 004: Morale, "Morale checks always have a DC 11"; "Success means they
 * stand and fight. Failure means they surrender or flee."
 */
const struct react_check morale_004 = {
	0, R_TRAVEL, 11, "stands", "flees", "stands and fights",
	"surrenders or flees", "morale", "The creature"
};

/*
 * 004: Rolling To Return, "DC = 10 + 1 per travel turn, max DC 20";
 * "Dangerous: 1d6 damage per 1 under DC"; "Arduous: lose 1 load of
 * equipment per 1 under the DC"; "If the PC is reduced to 0 HP, they die
 * or are left unconscious. This damage ignores armor and can't be healed
 * or avoided."
 */
const struct return_text return_text_004 = {
	"returns to safety without issue",
	"1d6 damage per point under, ignoring armour",
	"at 0 HP: dies or is left unconscious",
	"the GM picks, less valuable and less secure first, up to weapons and armour",
	{ "load", "load" },
};

/* 004: Critical Failure, a natural 1 on a check that damages a PC */
const char text_nat1_004[] = "doubled by the natural 1";

/*
 * 004: Overland Travel, "Unencumbered PCs can comfortably travel 10 + STR
 * mod miles per day"; Overwater Travel, "A boat on smooth water travels 3
 * miles an hour, or roughly 30 miles per day.  A ship traveling on the sea
 * moves 5 miles an hour, or up to 100 miles per full day and night."
 */
static const struct pace pace_004[] = {
	{ "overland", PACE_STR, PACE_OVERLAND_004, "mile", "miles", "day",
	  "Overland: 10 + STR mod miles a day", 0 },
	/* 004: "3 miles an hour, or roughly 30 miles per day": a day of 10 hours */
	{ "boat", PACE_FIXED, 3, "mile", "miles", "hour",
	  "A boat on smooth water: 3 miles an hour, roughly 30 miles a day", 10 },
	/* 004: "5 miles an hour, or up to 100 miles per full day and night": 20 */
	{ "ship", PACE_FIXED, 5, "mile", "miles", "hour",
	  "A ship at sea: 5 miles an hour, up to 100 miles a full day and night",
	  20 },
};

/*
 * 004: "Difficult terrain halves this; harsh terrain quarters it ... Dim
 * light counts as difficult terrain; darkness as harsh terrain.  An
 * encumbered PC moves at half speed ... Moving tactically reduces speed by
 * one quarter, stealthily reduces it by half."  "Moving in an unfavorable
 * wind or current halves this speed.  Moving with a favorable wind or
 * current doubles it."
 */
#define OVERLAND_004 1u
#define WATER_004 6u
static const struct pace_factor pace_factor_004[] = {
	{ "open", 1, 1, PG_TERRAIN, OVERLAND_004, "open terrain" },
	{ "difficult", 1, 2, PG_TERRAIN, OVERLAND_004, "difficult terrain halves it" },
	{ "harsh", 1, 4, PG_TERRAIN, OVERLAND_004, "harsh terrain quarters it" },
	{ "dim", 1, 2, PG_TERRAIN, OVERLAND_004, "dim light counts as difficult terrain" },
	{ "dark", 1, 4, PG_TERRAIN, OVERLAND_004, "darkness counts as harsh terrain" },
	{ "encumbered", 1, 2, PG_ALONE, OVERLAND_004, "encumbered, half speed" },
	{ "tactical", 3, 4, PG_MOVING, OVERLAND_004, "moving tactically reduces it by one quarter" },
	{ "stealthy", 1, 2, PG_MOVING, OVERLAND_004, "moving stealthily reduces it by half" },
	{ "unfavorable", 1, 2, PG_WIND, WATER_004, "an unfavorable wind or current halves it" },
	{ "favorable", 2, 1, PG_WIND, WATER_004, "a favorable wind or current doubles it" },
};

/* 004: Chases, "Flat and open terrain uses STR, uneven terrain uses DEX ... use CON if endurance is more important" */
const struct chase_terrain chase_terrain_004[] = {
	{ "open", PK_STR, "STR", "flat and open terrain" },
	{ "uneven", PK_DEX, "DEX", "uneven terrain" },
	{ "long", PK_CON, "CON", "a chase over hours or days" },
	{ NULL, PK_STR, NULL, NULL },
};

/* 004: "Failure means the enemy eluded the party, success that it was caught ... The players still roll, only to escape." */
const struct chase_outcome chase_outcome_004[2][2] = {
	{ { "eluded", "is eluded by the quarry" },
	  { "caught", "catches the quarry" } },
	{ { "caught", "is caught by the pursuers" },
	  { "escaped", "escapes the pursuers" } },
};

/*
 * 004: Overland Travel, "Travel turns can be rolled daily rather than
 * hourly while the party travels overland.  Torches and SUP reduce
 * hourly, as normal."  Overwater Travel, "Travel turns can be rolled
 * daily while on a river or lake, or weekly if at sea."
 */
const struct cadence_004 cadence_004[CAD_N] = {
	[CAD_HOURLY] = { "hourly", 1, "hour", "", "" },
	[CAD_DAILY] = { "daily", 24, "day", "The day's travel turn: ",
	    "A day of travel passes, 24 hours." },
	[CAD_WEEKLY] = { "weekly", 7 * 24, "week", "The week's travel turn: ",
	    "A week of travel passes, 7 days." },
};
const char *const cadence_names_004[CAD_N + 1] = {
	"hourly", "daily", "weekly", NULL
};
static const char *const cadence_words_004[] = {
	"hourly", "daily", "weekly", "overland", "river", "lake", "sea", NULL
};
static const enum cadence cadence_of_word_004[] = {
	CAD_HOURLY, CAD_DAILY, CAD_WEEKLY, CAD_DAILY, CAD_DAILY, CAD_DAILY,
	CAD_WEEKLY
};

/* The cadence whose turn is TURNS ten-minute turns long, or -1. */
int
cadence_of_turns(long turns)
{
	int c;

	for (c = 0; c < CAD_N; c++)
		if (cadence_004[c].hours * TRAVEL_TURN_004 == turns)
			return c;
	return -1;
}

/*
 * 004 Retreat: "If the retreating PC fails their check ... their retreat
 * attempt has failed, and they stop moving.  If successful, the retreating
 * PC manages to escape.  Use the chase rules if some NPCs pursue".
 */
const struct chase_outcome retreat_outcome_004[3] = {
	[RT_STOPPED] = { "stopped", "fails to break away and stops moving" },
	[RT_AWAY] = { "away", "breaks away and is out of the fight" },
	[RT_PURSUED] = { "away", "breaks away, and the pursuers give chase" },
};

/*
 * What 0 HP is, each rules name its seed's words: 004 "Any combatant that
 * reaches 0 hit points is incapacitated and unable to act"; 002 "reduced
 * to 0 hit protection, they suffer an omen and are forced to make an omen
 * roll"; 000, 001 and 003 say nothing of it: the suite's decision, the
 * words say so and leave it to the seed's Referee, GM or Judge.
 */
const char *const zero_hp[R_NRULES] = {
	[R_EXPLORATION] = "down: 000 says nothing of 0 HP, the Referee's call",
	[R_BOOKKEEPING] = "down: 000 says nothing of 0 HP, the Referee's call",
	[R_DELVING] = "down: 001 says nothing of 0 HP, the GM's call",
	[R_DUNGEONTURN] = ("at 0 hit protection: suffers an omen and makes an "
	    "omen roll (002)"),
	[R_ALARM] = "down: 003 says nothing of 0 HP, the Judge's call",
	[R_TRAVEL] = "incapacitated and unable to act (004)",
};

/* 004: Timekeeping, the four quarters of the day, one time die each */
const char *const quarter_004[TIME_DICE_004] = {
	"pre-dawn", "morning", "afternoon", "night"
};

/* 004: what a clock record says when a quarter begins (a die is set out) */
const char *const quarter_begins_004[TIME_DICE_004] = {
	"A new day: the pre-dawn quarter begins.",
	"Dawn: the morning quarter begins.",
	"The afternoon quarter begins.",
	"Nightfall: the night quarter begins.",
};

/*
 * 004: what a clock record says of a quarter that began on the way to the
 * time it shows ("Dawn came at 07:00"); the first is said with its day.
 */
const char *const quarter_came_004[TIME_DICE_004] = {
	"began", "dawn came", "the afternoon began", "night fell"
};

/*
 * 004: "Exhaustion can only be cured with sufficient rest and food ...
 * Typically unsafe rest does not cure exhaustion, only safe rest will."
 */
const char text_cured_004[] = "; with food, exhaustion is cured for ";
const char text_not_cured_004[] = "; unsafe rest does not cure exhaustion: ";
const char text_unfed_004[] = "; without food, exhaustion is not cured: ";

/*
 * 004: "a resilience check (1d20 + CON mod).  The DC is 10 + the number of
 * hours beyond the PC's resilience.  Failure means that the PC becomes
 * exhausted."
 */
const char text_resilience_004[] = "a resilience check";
const char text_exhausted_004[] = "fails and is exhausted (disadvantage on "
    "all checks, speed 0 ft)";
const char text_still_exhausted_004[] = "already exhausted; only a safe rest "
    "with food cures it";

/*
 * 004: "A PC heals 1 HP per level per night of safe rest ... 1 HP per
 * night of unsafe rest"; 002: "Resting for 1 hour in the dungeon".
 */
const char *const rest_words_004[5] = {
	"A safe rest", "A night of safe rest", "An unsafe rest",
	"A night of unsafe rest", "A rest in the dungeon"
};

/* 004: "weekly if at sea": a week's travel turn, seven nights aboard */
const char *const nights_aboard_004[7] = {
	"first", "second", "third", "fourth", "fifth", "sixth", "seventh"
};

/*
 * 004: "Once a PC becomes exhausted ... their movement speed becomes 0'",
 * and "The party moves at the slowest PC's pace if they plan to stick
 * together".
 */
const char text_halted_004[] = "movement speed 0 (004); the party, at its "
    "slowest's pace, covers no ground this day";

/* 004: words for the times a rest can last until: the quarters' first hours */
const char *const quarter_words_004[TIME_DICE_004 + 1] = {
	"pre-dawn", "dawn", "afternoon", "nightfall", NULL
};

/*
 * 004: "Torches last 1 hour, lanterns last 3.  They cast 30' of dim
 * light."  The four levels of light: darkness, dim, well lit, brilliant.
 * "Well Lit: Typical natural light outdoors, full lanterns indoors": by
 * day (timedice's morning and afternoon quarters in the stream), or two
 * lanterns or more burning.  "Brilliant: Blindingly bright light, such as
 * high sun reflected upon undisturbed snow": by day on snow (light snow
 * yes).  Darksight: "The disadvantages a human suffers in darkness are
 * advantages to these creatures."  004 has no candles.
 */
static const struct light_rules light_004 = {
	.kind = {
		[LK_TORCH] = { 1 * TRAVEL_TURN_004, LV_DIM, 0, "30 ft of dim light" },
		[LK_LANTERN] = { 3 * TRAVEL_TURN_004, LV_DIM, 0, "30 ft of dim light" },
	},
	.level = {
		[LV_DARK] = { "darkness", "Darkness: no creature can see; "
		    "advantage to stealth, hiding and listening; disadvantage "
		    "to all attacks, all defense checks, sight (impossible), "
		    "predicting danger, finesse and precision, and morale for "
		    "surfacers.", "Darkness, seen with darksight: the "
		    "disadvantages darkness gives a lightsighted creature (all "
		    "attacks, defense checks, sight, predicting danger, finesse "
		    "and precision) are the party's advantages." },
		[LV_DIM] = { "dim", "Dim light: advantage to stealth, hiding and "
		    "listening; disadvantage to ranged attacks, defense against "
		    "ranged attacks and sight checks.", NULL },
		[LV_BRIGHT] = { "well-lit", "Well lit: full lanterns indoors, "
		    "the default of most daytime circumstances; the GM rules if "
		    "advantage or disadvantage apply.", NULL },
		[LV_BRILLIANT] = { "brilliant", "Brilliant light: the sun "
		    "blinding on undisturbed snow; advantage to tracking, trails "
		    "and seeing movement; disadvantage to stealth, hiding and "
		    "long-range attacks.", NULL },
	},
	.sight = 1, .sight_floor = LV_DARK,
	.refill = "a fresh flask of oil",
	.full_lanterns = 2,
	.daylight = "Daylight: the road is lit by day, well lit, typical "
	    "natural light outdoors; the GM rules if advantage or disadvantage "
	    "apply.",
};

const struct light_rules *const light_rules[R_NRULES] = {
	[R_EXPLORATION] = &light_000,
	[R_BOOKKEEPING] = &light_000_bookkeeping,
	[R_DELVING] = &light_001,
	[R_DUNGEONTURN] = &light_002,
	[R_ALARM] = &light_003,
	[R_TRAVEL] = &light_004,
};

const struct tbl hazard_table[R_NRULES] = {
	[R_EXPLORATION] = { "exploration", D6, ROWS(hazard_000), NULL, NULL, 0, NULL },
	[R_BOOKKEEPING] = { "bookkeeping", D6, ROWS(hazard_000_bookkeeping), NULL, NULL, 0, NULL },
	[R_DELVING] = { "delving", D6, ROWS(hazard_001), NULL, NULL, 0, NULL },
	[R_DUNGEONTURN] = { "dungeonturn", D6, ROWS(hazard_002), NULL, NULL, 0, NULL },
	[R_ALARM] = { "alarm", { 1, 10, 1, 1, 0 }, 0, NULL, NULL, NULL, 0, NULL },
	[R_TRAVEL] = { "travel", D20, ROWS(hazard_004), NULL, NULL, 0, NULL },
};

const struct hazard_rules hazard_rules[R_NRULES] = {
	[R_EXPLORATION] = { .rest_action = 1, .rest_clock = 1, .saves = 1,
	    .d20 = 1, .party = 1 },						/* 000 */
	[R_BOOKKEEPING] = { .rest_action = 1, .rest_clock = 1, .saves = 1,
	    .d20 = 1, .own_die = 1, .party = 1 },				/* 000 */
	[R_DELVING] = { .rest_action = 1, .fatigue_waits = 1, .sign_names = 1,
	    .sign_met = 1, .shift_rolls = 1, .fatigue_damage = 1, .party = 1 },			/* 001 */
	[R_DUNGEONTURN] = { .rest_action = 1, .fatigue_waits = 1,
	    .fatigue_condition = 1, .sign_names = 1, .disposition = 1,
	    .grace = 1, .party = 1, .rest_heals = 1 },			/* 002 */
	[R_ALARM] = { .alarm = 1 },				/* 003 */
	[R_TRAVEL] = { .d20 = 1, .cautious = 1, .cadences = 1 },	/* 004 */
};

/* hazard(6) ACTION: the words a turn takes under each rules name, said */
const char *const hazard_actions_said[R_NRULES] = {
	[R_EXPLORATION] = "rest", [R_BOOKKEEPING] = "rest",
	[R_DELVING] = "rest", [R_DUNGEONTURN] = "rest",
	[R_ALARM] = "advance, stay, backtrack, hide pass [SPARKS], hide fail", /* 003 */
	[R_TRAVEL] = ("hourly, daily, weekly; overland, river, lake: daily; "
	    "sea: weekly"),						/* 004 */
};

/* 1 when WORD is the first word of an ACTION of hazard under rules r. */
int
hazard_action_word(int r, const char *word)
{
	static const char *const d6[] = { "rest", NULL };
	static const char *const alarm[] = { "advance", "stay", "backtrack",
	    "hide", NULL };

	if (hazard_rules[r].cadences)
		return word_in(word, cadence_words_004) >= 0;
	return word_in(word, hazard_rules[r].alarm ? alarm : d6) >= 0;
}

/*
 * 004's CADENCE operand: hourly, daily or weekly, or the place that
 * names one: overland, river, lake (daily), sea (weekly).
 */
static int
act_cadence(struct hazard_act *a, int argc, char **argv)
{
	int w = word_in(argv[0], cadence_words_004);

	if (w < 0)
		esc_errx(EXIT_BAD, "%s: not a cadence of the travel rules (%s)",
		    argv[0], hazard_actions_said[R_TRAVEL]);
	a->cadence = cadence_of_word_004[w];
	return argc > 1;
}

/*
 * 003: hide pass [SPARKS] and hide fail: the group's Stealth check rolled
 * by hand; hide [SPARKS]: rolled for the party file's characters.
 */
static int
act_hide(struct hazard_act *a, int argc, char **argv)
{
	int by_hand = argc > 1 && (strcmp(argv[1], "pass") == 0 ||
	    strcmp(argv[1], "fail") == 0);
	int at = by_hand ? 2 : 1;	/* where SPARKS goes */

	a->hide_roll = !by_hand;
	a->hide_pass = by_hand && argv[1][0] == 'p';
	if (argc > at && !a->hide_pass && !a->hide_roll)
		return at;
	if (argc > at)
		a->sparks = (long)estrtonum(argv[at], 0, 99, "SPARKS");
	return argc > at + 1 ? at + 1 : 0;
}

/*
 * hazard(6) ACTION operands under rules R: rest (the d6 rules); advance,
 * stay, backtrack, hide pass [SPARKS], hide fail, hide [SPARKS] (003); a
 * cadence (004).  A word that is none exits (EXIT_BAD); 0, or the index of
 * an operand too many, for the caller's usage error.
 */
int
hazard_act(struct hazard_act *a, int r, int argc, char **argv)
{
	static const char *const names[] = {
		"explore", "rest", "advance", "stay", "backtrack", "hide", NULL
	};
	const struct hazard_rules *hr = &hazard_rules[r];
	int alarm = hr->alarm, w;

	a->action = alarm ? HA_ADVANCE : HA_EXPLORE;
	if (argc == 0)
		return 0;
	if (hr->cadences)
		return act_cadence(a, argc, argv);
	if ((w = word_in(argv[0], names)) < 0 || w == HA_EXPLORE ||
	    (w == HA_REST) == alarm || (w == HA_REST && !hr->rest_action))
		esc_errx(EXIT_BAD, "%s: not an action of the %s rules (%s)", argv[0],
		    rules_names[r], hr->rest_action || alarm ?
		    hazard_actions_said[r] : "none");
	a->action = (enum hazard_action)w;
	if (w == HA_HIDE)
		return act_hide(a, argc, argv);
	return argc > 1;
}

/*
 * 001: "The damage may be higher [in] dungeons with harsh conditions": the
 * built-in fatigue row and the next turn say the DAMAGE dealt, not the
 * seed's 1.
 */
static void
harsh_fatigue(struct hazdie *d, long damage)
{
	int i;

	snprintf(d->damage_text, sizeof d->damage_text, "The party did not "
	    "rest: each member takes %ld damage from fatigue (harsh "
	    "conditions).", damage);
	snprintf(d->fatigue_text, sizeof d->fatigue_text, "Fatigue: each party "
	    "member takes %ld damage (harsh conditions) unless they spend the "
	    "next turn resting.", damage);
	memcpy(d->rows, d->table.rows, (size_t)d->table.nrows *
	    sizeof d->rows[0]);
	for (i = 0; i < d->table.nrows; i++)
		if (strcmp(d->rows[i].key, "fatigue") == 0)
			d->rows[i].text = d->fatigue_text;
	d->table.rows = d->rows;
}

/* -e DIE (000 bookkeeping): a single die; 1 is an encounter. */
static void
bookkeeping_die(struct hazdie *d, const char *die)
{
	struct expr e;
	const char *why;

	if ((why = expr_parse(&e, die)) != NULL)
		esc_errx(EXIT_BAD, "-e: '%s': %s", die, why);
	if (dice_of(&d->table.die, &e) != NULL || d->table.die.count != 1 ||
	    d->table.die.mod != 0 || d->table.die.sides < 2)
		esc_errx(EXIT_BAD, "-e: '%s': the bookkeeping die must be one plain "
		    "die of 2 or more sides, as d8", die);
	d->rows[0] = d->table.rows[0];
	d->rows[1] = d->table.rows[1];
	d->rows[1].hi = d->table.die.sides;
	d->table.rows = d->rows;
}

/* The die of RULES, with -D DAMAGE (0 none) and -e DIE (NULL none). */
void
hazdie_init(struct hazdie *d, int rules, long damage, const char *die)
{
	d->table = hazard_table[rules];
	d->damage_text[0] = '\0';
	if (hazard_rules[rules].fatigue_damage && damage != 0 &&
	    damage != FATIGUE_DAMAGE_001 && d->table.nrows <= TBL_ROWS_MAX)
		harsh_fatigue(d, damage);
	if (die != NULL)
		bookkeeping_die(d, die);
}

/* 004: cautious, advantage (-a: ADV 1) on the threat die: two, one kept. */
void
hazdie_cautious(struct hazdie *d, int rules, int adv)
{
	if (hazard_rules[rules].cautious && adv && d->table.die.count == 1 &&
	    d->table.die.mod == 0) {
		d->table.die.count = 2;
		d->table.die.keephigh = adv > 0;
	}
}

const struct tbl shift_001 = { "shift", D6, ROWS(shift_rows_001), NULL, NULL, 0, NULL };
/* 002: the grace turns, hazard's record of a 4-6 in them */
const char text_grace_002[] = "Nothing happens: the first 6 turns of a "
    "delve are quiet on a 4-6.";
/* 002: hazard's encounter, whose disposition is rolled in the next record */
const char text_encounter_002[] = "Encounter. A wandering monster appears at "
    "a far distance, moving toward the party. Its disposition follows, "
    "rolled on 2d6.";

const struct tbl disposition_002 = { "disposition", TWO_D6, ROWS(disposition_rows_002), NULL, NULL, 0, NULL };

static const struct tbl injury_004 = { "injury", D20, ROWS(injury_rows_004), NULL, NULL, 0, NULL };

/* roll(6) -t NAME: every table above by its name, in seed order; none copied. */
const struct named_table rules_tables[] = {
	{ &hazard_table[R_EXPLORATION], "000", "The Hazard Die" },
	{ &hazard_table[R_BOOKKEEPING], "000", "traditional bookkeeping: on a 1, encounter" },
	{ &hazard_table[R_DELVING], "001", "D6 Dungeon Hazard Die" },
	{ &shift_001, "001", "dungeon shifts: minor effects" },
	{ &hazard_table[R_DUNGEONTURN], "002", "Dungeon Hazard Die" },
	{ &disposition_002, "002", "Encounter Vibe Check: disposition" },
	{ &hazard_table[R_TRAVEL], "004", "Travel Turn Table: threats" },
	{ &injury_004, "004", "Injury Table" },
	{ NULL, NULL, NULL },
};

#define PACE(m, f, sp, speed) { ROWS(m), f, sp, speed }
#define NONE 0, NULL
const struct pace_rules pace_rules[R_NRULES] = {
	[R_EXPLORATION] = PACE(pace_000, ROWS(pace_factor_000), ROWS(pace_speed_000), 0),
	[R_DELVING] = PACE(pace_001, NONE, NONE, 0),
	[R_DUNGEONTURN] = PACE(pace_002, NONE, NONE, 30),	/* 004: "usually 30'" */
	[R_TRAVEL] = PACE(pace_004, ROWS(pace_factor_004), NONE, 0),
};
