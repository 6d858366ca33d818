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
#include "util.h"

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
 * Fatigue on the character when GAIN (hazard -w).  SAYS "Ann fails the CON
 * save: 7+1 = 8 against DC 12 and gains 1 Fatigue, 3 in all."  The Fatigue
 * counted after it, or -1 when none was counted.
 */
long
chars_con_save(struct rolled *k, struct rng *r, struct member *m,
    const struct check_env *env, int gain, char *says, size_t size)
{
	size_t n;
	long fatigue;

	check_roll(k, r, m, 0, &con_save_000, env);
	fatigue = !k->c.pass && gain ? chars_gain_fatigue(m) : -1;
	n = check_sentence(says, size, m->name, text_con_save_000, k);
	if (k->c.pass)
		snprintf(says + n, size - n, ".");
	else if (fatigue < 0)
		snprintf(says + n, size - n, "%s.", text_gains_fatigue_000);
	else
		snprintf(says + n, size - n, "%s, %ld in all.",
		    text_gains_fatigue_000, fatigue);
	return fatigue;
}

/*
 * 001: "Each party member takes 1 damage unless they spend the next turn
 * resting.  The damage may be higher [in] dungeons with harsh conditions":
 * DAMAGE off hp=, never below 0; SAYS "Ann takes 1 damage from fatigue: 4
 * HP left." (or ": at 0 HP.").  The HP left.
 */
long
chars_fatigue_damage(struct member *m, long damage, char *says, size_t size)
{
	party_damage(m, damage);
	if (m->val[PK_HP] == 0)
		snprintf(says, size, "%s takes %ld %s: at 0 HP.", m->name, damage,
		    text_fatigue_damage_001);
	else
		snprintf(says, size, "%s takes %ld %s: %ld HP left.", m->name,
		    damage, text_fatigue_damage_001, m->val[PK_HP]);
	return m->val[PK_HP];
}

/*
 * 002: "Rest for 1 turn or become tired (no effect).  If you are already
 * tired, become exhausted, make rolls at disadvantage", kept per character
 * (tired=, exhausted=); SAYS "Ann is tired (no effect yet)." (tiring_002).
 */
enum chars_tiring
chars_tire(struct member *m, char *says, size_t size)
{
	enum chars_tiring t = CT_TIRED;

	if (m->val[PK_EXHAUSTED])
		t = CT_STAYS_EXHAUSTED;
	else if (m->val[PK_TIRED]) {
		m->val[PK_EXHAUSTED] = 1;
		m->has |= 1u << PK_EXHAUSTED;
		t = CT_EXHAUSTED;
	} else {
		/*
		 * tired= and exhausted= are one condition: given together, so
		 * that hazard -w writes the same line whether the turns came
		 * in one run or in many (party_commit_with)
		 */
		m->val[PK_TIRED] = 1;
		m->has |= 1u << PK_TIRED | 1u << PK_EXHAUSTED;
	}
	snprintf(says, size, "%s %s", m->name, tiring_002[t].text);
	return t;
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

/* 002: the rest in the dungeon heals a living character with hp=. */
static int
rest_heals(const struct member *m)
{
	return (m->has & 1u << PK_HP) && !party_dead(m);
}

/* 002: "1d8 + str bonus": the first it heals without str= refused, exit 2. */
void
chars_rest_dungeon_need(const struct party *p)
{
	const struct member *m;

	for (m = p->m; m < p->m + p->n; m++)
		if (rest_heals(m) && !(m->has & 1u << PK_STR))
			bad_at(p->path, m->lineno, "%s has no str= (002: a rest in "
			    "the dungeon heals 1d8 + str bonus)", m->name);
}

/*
 * 002: "Resting for 1 hour in the dungeon only heals 1d8 + str bonus", each
 * hour of HOURS, for a character with hp= (up to hpmax=), living, the d8s
 * drawn in turn; SAYS "Ann heals 6 HP (1d8+1: 5), 12 HP now", or -1 for a
 * character the rest does not heal.  timedice's rest under -r dungeonturn
 * and hazard's sixth rest turn in a row both heal here.
 */
long
chars_rest_dungeon(struct member *m, uint64_t hours, struct rng *r,
    char *says, size_t size)
{
	char faces[64];
	long got;

	if (!rest_heals(m))
		return -1;
	got = party_heal(m, dungeon_hours(m, hours, r, faces, sizeof faces));
	snprintf(says, size, "%s heals %ld HP (%s%+ld%s: %s), %ld HP now",
	    m->name, got, DUNGEON_HEAL_002, m->val[PK_STR], hours > 1 ?
	    " each hour" : "", faces, m->val[PK_HP]);
	return got;
}

/*
 * 004: "A PC heals 1 HP per level per night of safe rest ... A PC heals 1
 * HP per night of unsafe rest", a rest of 8 hours or more, for a character
 * with hp= (and level=, safe), living: the HP healed (party_heal), SAYS
 * "Ann heals 4 HP (level 4), 10 HP now"; or -1 for a character the rest
 * does not heal.
 */
long
chars_heal_night(struct member *m, uint64_t hours, int unsafe, char *says,
    size_t size)
{
	unsigned need = 1u << PK_HP | (unsafe ? 0 : 1u << PK_LEVEL);
	char level[32] = "";
	long got;

	if (hours < REST_HOURS_004 || (m->has & need) != need || party_dead(m))
		return -1;
	got = party_heal(m, unsafe ? HEAL_UNSAFE_004 :
	    m->val[PK_LEVEL] * HEAL_LEVEL_004);
	if (!unsafe)
		snprintf(level, sizeof level, " (level %ld)", m->val[PK_LEVEL]);
	snprintf(says, size, "%s heals %ld HP%s, %ld HP now", m->name, got,
	    level, m->val[PK_HP]);
	return got;
}

/*
 * 004: "Exhaustion can only be cured with sufficient rest and food ...
 * Typically unsafe rest does not cure exhaustion, only safe rest will": a
 * safe rest of 8 hours or more, fed, cures it; one UNFED, or an UNSAFE
 * rest (or 002's in the dungeon) of any length, leaves it.
 */
enum chars_rested
chars_rest_exhaustion(struct member *m, uint64_t hours, int unsafe, int unfed)
{
	if (!m->val[PK_EXHAUSTED] || (!unsafe && hours < REST_HOURS_004))
		return CR_NOT_EXHAUSTED;
	if (unsafe || unfed)
		return CR_STAYS_EXHAUSTED;
	m->val[PK_EXHAUSTED] = 0;
	return CR_CURED;
}

/*
 * A rest of HOURS for the party, said in BUF: 004's exhaustion first
 * (chars_rest_exhaustion, UNSAFE for 002's in the DUNGEON too), "; with
 * food, exhaustion is cured for Ann and Bo", "; unsafe rest does not
 * cure exhaustion: Ann stays exhausted" or, UNFED, "; without food,
 * exhaustion is not cured: Ann stays exhausted"; then each character's healing,
 * 002's hour by hour in the DUNGEON (chars_rest_dungeon) or 004's night
 * (chars_heal_night): "; Ann heals 4 HP (level 4), 10 HP now".
 */
void
chars_rest(struct party *p, uint64_t hours, int unsafe, int unfed,
    int dungeon, struct rng *r, char *buf, size_t size)
{
	char says[PARTY_NAME_MAX + 120];
	struct member *m;
	size_t n = 0;
	int i, k = 0;

	buf[0] = '\0';
	unsafe |= dungeon;
	for (i = 0; i < p->n && n < size; i++)
		if (chars_rest_exhaustion(&p->m[i], hours, unsafe, unfed) !=
		    CR_NOT_EXHAUSTED)
			n += (size_t)snprintf(buf + n, size - n, "%s%s", k++ ?
			    " and " : unsafe ? text_not_cured_004 : unfed ?
			    text_unfed_004 : text_cured_004, p->m[i].name);
	if ((unsafe || unfed) && k > 0 && n < size)
		n += (size_t)snprintf(buf + n, size - n, " %s exhausted", k > 1 ?
		    "stay" : "stays");
	for (i = 0; i < p->n && n < size; i++) {
		m = &p->m[i];
		if ((dungeon ? chars_rest_dungeon(m, hours, r, says, sizeof says) :
		    chars_heal_night(m, hours, unsafe, says, sizeof says)) < 0)
			continue;
		n += (size_t)snprintf(buf + n, size - n, "; %s", says);
	}
}

/*
 * 004: an exhausted character's speed 0 holds the party on a day's march
 * (text_halted_004): 1, SAYS "Bo is exhausted: movement speed 0 (004); the
 * party, ... covers no ground this day unless it leaves Bo behind, and
 * camps."; 0 for one not exhausted, or dead.
 */
int
chars_halted(const struct member *m, char *says, size_t size)
{
	if (!m->val[PK_EXHAUSTED] || party_dead(m))
		return 0;
	snprintf(says, size, "%s is exhausted: %s unless it leaves %s behind, "
	    "and camps.", m->name, text_halted_004, m->name);
	return 1;
}

/* 000: each living character's CON save (chars_con_save), said. */
void
chars_con_saves(struct party *p, struct rng *r, const struct check_env *env,
    int gain, chars_say_fn *say, void *ctx)
{
	char says[PARTY_NAME_MAX + CHECK_SAYS_MAX + 128];
	struct rolled k;
	int i;

	for (i = 0; i < p->n; i++)
		if (!party_dead(&p->m[i])) {
			chars_con_save(&k, r, &p->m[i], env, gain, says,
			    sizeof says);
			say(ctx, &p->m[i], "save", &k, says);
		}
}

/*
 * 001: each living character's fatigue DAMAGE (chars_fatigue_damage),
 * "down" at 0 HP; or with no DAMAGE, 002's tired, then exhausted
 * (chars_tire); said.
 */
void
chars_fatigue(struct party *p, long damage, chars_say_fn *say, void *ctx)
{
	char says[PARTY_NAME_MAX + 128];
	struct member *m;
	int i;

	for (i = 0; i < p->n; i++) {
		m = &p->m[i];
		if (party_dead(m))
			continue;
		if (damage > 0)
			say(ctx, m, chars_fatigue_damage(m, damage, says,
			    sizeof says) == 0 ? "down" : "damage", NULL, says);
		else
			say(ctx, m, tiring_002[chars_tire(m, says, sizeof says)].key,
			    NULL, says);
	}
}

/*
 * 002: "Resting for 1 hour in the dungeon only heals 1d8 + str bonus":
 * hazard's sixth rest turn in a row heals each living character with hp=
 * (chars_rest_dungeon), character by character: "An hour of rest in the
 * dungeon: Ann heals 6 HP (1d8+1: 5), 12 HP now."
 */
void
chars_rest_hour(struct party *p, struct rng *r, chars_say_fn *say, void *ctx)
{
	char says[PARTY_NAME_MAX + 120], line[PARTY_NAME_MAX + 180];
	struct member *m;
	int i;

	for (i = 0; i < p->n; i++) {
		m = &p->m[i];
		if (chars_rest_dungeon(m, 1, r, says, sizeof says) < 0)
			continue;
		snprintf(line, sizeof line, "%s: %s.", text_rest_hour_002, says);
		say(ctx, m, "heal", NULL, line);
	}
}
