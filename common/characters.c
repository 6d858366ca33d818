/*
 * characters: the rules that change a character between turns, each on
 * the party file's keys (fatigue=, hp=, tired=, exhausted=), so that a
 * program that applies them only says what they did.
 */
#include "characters.h"
#include "rules.h"

/* 000: "make a CON save (DC 12)" */
static const struct check_of con_save_000 = { PK_CON, FATIGUE_DC_000, 0, 0, 0 };

/* 000: "Fail the save and gain 1 Fatigue": the character's count after it. */
long
chars_gain_fatigue(struct member *m)
{
	if (m->val[PK_FATIGUE] < FATIGUE_MAX_000)
		m->val[PK_FATIGUE]++;
	m->has |= 1u << PK_FATIGUE;
	return m->val[PK_FATIGUE];
}

/*
 * 000: the character's CON save, DC 12 (check_roll); a failure gains 1
 * Fatigue on the character when GAIN (hazard -w).  The Fatigue counted
 * after it, or -1 when none was counted.
 */
long
chars_con_save(struct rolled *k, struct rng *r, struct member *m,
    const struct check_env *env, int gain)
{
	check_roll(k, r, m, 0, &con_save_000, env);
	return !k->c.pass && gain ? chars_gain_fatigue(m) : -1;
}

/*
 * 001: "Each party member takes 1 damage unless they spend the next turn
 * resting.  The damage may be higher [in] dungeons with harsh conditions":
 * DAMAGE off hp=, never below 0; the HP left.
 */
long
chars_fatigue_damage(struct member *m, long damage)
{
	party_damage(m, damage);
	return m->val[PK_HP];
}

/*
 * 002: "Rest for 1 turn or become tired (no effect).  If you are already
 * tired, become exhausted, make rolls at disadvantage", kept per character
 * (tired=, exhausted=).
 */
enum chars_tiring
chars_tire(struct member *m)
{
	if (m->val[PK_EXHAUSTED])
		return CT_STAYS_EXHAUSTED;
	if (m->val[PK_TIRED]) {
		m->val[PK_EXHAUSTED] = 1;
		m->has |= 1u << PK_EXHAUSTED;
		return CT_EXHAUSTED;
	}
	/*
	 * tired= and exhausted= are one condition: given together, so that
	 * hazard -w writes the same line whether the turns came in one run or
	 * in many (party_save)
	 */
	m->val[PK_TIRED] = 1;
	m->has |= 1u << PK_TIRED | 1u << PK_EXHAUSTED;
	return CT_TIRED;
}
