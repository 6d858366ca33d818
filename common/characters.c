/*
 * characters: the rules that change a character between turns, each on
 * the party file's keys (fatigue=, hp=, tired=, exhausted=), so that a
 * program that applies them only says what they did.
 */
#include <stdio.h>

#include "characters.h"
#include "dice.h"
#include "expr.h"
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

/* 002: HOURS of 1d8 + STR mod, the d8s said "5, 3"; no hour heals below 0. */
static long
dungeon_hours(const struct member *m, uint64_t hours, struct rng *r,
    char *faces, size_t size)
{
	struct expr scratch;
	struct dice d8;
	uint64_t h;
	long hp = 0, got;
	size_t n = 0;

	dice_read(&d8, DUNGEON_HEAL_002, &scratch);
	faces[0] = '\0';
	for (h = 0; h < hours; h++) {
		got = dice_roll(&d8, r, NULL);
		if (n < size)
			n += (size_t)snprintf(faces + n, size - n, "%s%ld",
			    h ? ", " : "", got);
		if (got + m->val[PK_STR] > 0)
			hp += got + m->val[PK_STR];
	}
	return hp;
}

/*
 * 002: "Resting for 1 hour in the dungeon only heals 1d8 + str bonus", each
 * hour of HOURS, for a character with hp= (up to hpmax=), the d8s drawn in
 * turn; SAYS "Ann heals 6 HP (1d8+1: 5), 12 HP now".  timedice's rest
 * under -r dungeonturn and hazard's sixth rest turn in a row both heal here.
 */
long
chars_rest_dungeon(struct member *m, uint64_t hours, struct rng *r,
    char *says, size_t size)
{
	char faces[64];
	long got;

	got = party_heal(m, dungeon_hours(m, hours, r, faces, sizeof faces));
	snprintf(says, size, "%s heals %ld HP (%s%+ld%s: %s), %ld HP now",
	    m->name, got, DUNGEON_HEAL_002, m->val[PK_STR], hours > 1 ?
	    " each hour" : "", faces, m->val[PK_HP]);
	return got;
}

/*
 * 004: "A PC heals 1 HP per level per night of safe rest ... A PC heals 1
 * HP per night of unsafe rest", a rest of 8 hours or more, for a character
 * with hp= (and level=, safe), living: the HP healed (party_heal), or -1
 * for a character the rest does not heal.
 */
long
chars_heal_night(struct member *m, uint64_t hours, int unsafe)
{
	unsigned need = 1u << PK_HP | (unsafe ? 0 : 1u << PK_LEVEL);

	if (hours < REST_HOURS_004 || (m->has & need) != need || party_dead(m))
		return -1;
	return party_heal(m, unsafe ? HEAL_UNSAFE_004 :
	    m->val[PK_LEVEL] * HEAL_LEVEL_004);
}

/*
 * 004: "Exhaustion can only be cured with sufficient rest and food ...
 * Typically unsafe rest does not cure exhaustion, only safe rest will": a
 * safe rest of 8 hours or more, fed, cures it; an unsafe rest (or 002's in
 * the dungeon) of any length leaves it.
 */
enum chars_rested
chars_rest_exhaustion(struct member *m, uint64_t hours, int unsafe)
{
	if (!m->val[PK_EXHAUSTED] || (!unsafe && hours < REST_HOURS_004))
		return CR_NOT_EXHAUSTED;
	m->val[PK_EXHAUSTED] = unsafe;
	return unsafe ? CR_STAYS_EXHAUSTED : CR_CURED;
}
