/*
 * rules: the seeds' rules as data.  Sections run by seed, 000 to 004; each
 * sentence says what the seed says, shortened where a record needs it.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "util.h"

const char *const rules_names[R_NRULES + 1] = {
	"exploration", "bookkeeping", "delving", "dungeonturn", "alarm",
	"travel", NULL
};

const char *const rules_seed[R_NRULES] = {
	"000", "000", "001", "002", "003", "004"
};

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
			errx(EXIT_BAD, "-r: '%s': not a rules name (exploration bookkeeping delving dungeonturn alarm travel)", opt);
		if (!(supported & RULES_BIT(r)))
			errx(EXIT_BAD, "-r: '%s': this program has no %s rules", opt, opt);
		return r;
	}
	if (stored >= 0)
		return stored;
	if (env != NULL && *env != '\0') {
		if ((r = word_in(env, rules_names)) < 0)
			errx(EXIT_BAD, "DELVING_RULES: '%s': not a rules name", env);
		if (supported & RULES_BIT(r))
			return r;
	}
	return dflt;
}

#define D6  { 1, 6, 1, 1, 0 }
#define D20 { 1, 20, 1, 1, 0 }
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

const char *const text_rest_due =
    "Rest is due: 6 turns of exploration since the last rest; rest 1 turn.";
const char *const text_rest_skipped =
    "Rest was skipped: each character makes a CON save (DC 12) or gains 1 Fatigue.";

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

/* 001: "minor effects like sounds, temperature shifts, wind, falling debris, apparitions, or vermin" */
static const struct tbl_row shift_rows_001[] = {
	{ 1, 1, "sounds", "Sounds echo through the dungeon." },
	{ 2, 2, "temperature", "The temperature shifts." },
	{ 3, 3, "wind", "A wind moves through the passages." },
	{ 4, 4, "debris", "Debris falls from above." },
	{ 5, 5, "apparitions", "Apparitions flicker at the edge of sight." },
	{ 6, 6, "vermin", "Vermin swarm past." },
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

/* 002: Encounter Vibe Check, 2d6 */
static const struct tbl_row disposition_rows_002[] = {
	{ 2, 3, "hostile", "Hostile." },
	{ 4, 5, "unfriendly", "Unfriendly." },
	{ 6, 8, "uninterested", "Uninterested." },
	{ 9, 10, "polite", "Polite." },
	{ 11, 12, "friendly", "Friendly." },
};

/* 003: the alarm, checked on a d10 */
const char *const alarm_text[AE_NEVENTS] = {
	"Advance: the alarm rises by 1 and the check finds nothing.",
	"Advance: the alarm rises by 1 and the check finds an encounter; the alarm resets to 0.",
	"Stay: the alarm rises by 1; no check.",
	"Backtrack: the alarm holds and the check finds nothing.",
	"Backtrack: the alarm holds and the check finds an encounter; the alarm resets to 0.",
	"Hide: the Stealth check passes; the alarm falls by 2, plus 1 per spark.",
	"Hide: the Stealth check fails; an encounter, and the alarm resets to 0.",
};

/* 004: Travel Turn Table, d20 */
static const struct tbl_row hazard_004[] = {
	{ 1, 1, "terrible", "Terrible: an immediate threat, an accidental encounter, a devastating ambush; the environment worsens." },
	{ 2, 10, "soon", "Something bad happens soon: a subtle trap or poison, cautious enemies prepare to attack any moment, a retainer flees or betrays." },
	{ 11, 19, "worsens", "Threat worsens or draws near: a distant threat evolves, the environment escalates to hostility, a new potential threat arrives." },
	{ 20, 20, "calm", "Nothing bad, maybe even good." },
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

const struct tbl hazard_table[R_NRULES] = {
	[R_EXPLORATION] = { "exploration", D6, ROWS(hazard_000), NULL },
	[R_BOOKKEEPING] = { "bookkeeping", D6, ROWS(hazard_000_bookkeeping), NULL },
	[R_DELVING] = { "delving", D6, ROWS(hazard_001), NULL },
	[R_DUNGEONTURN] = { "dungeonturn", D6, ROWS(hazard_002), NULL },
	[R_ALARM] = { "alarm", { 1, 10, 1, 1, 0 }, 0, NULL, NULL },
	[R_TRAVEL] = { "travel", D20, ROWS(hazard_004), NULL },
};

const struct tbl shift_001 = { "shift", D6, ROWS(shift_rows_001), NULL };
const struct tbl disposition_002 = { "disposition", TWO_D6, ROWS(disposition_rows_002), NULL };
