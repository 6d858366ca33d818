/*
 * check: every d20 check of every program goes through check_roll, which
 * applies the roller's conditions as the seed of the rules in force has
 * them, cancels advantage against disadvantage, and says it all in the
 * sentence with the seed's words (delving(7) CHECKS AND CONDITIONS); or
 * through its two halves, check_ready and check_throw, for a program
 * that rolls the same character's check many times (reaction's filter).
 * No other file rolls a d20 for a check (tests/check.bats).
 */
#include <err.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "record.h"
#include "rules.h"
#include "util.h"

/* What a condition asks of the roller, the check and the light. */
enum holds { OVERLOADED, EXHAUSTED, NO_LIGHT, TOTAL_DARKNESS };

/* A condition: under which rules, what it does, when, and the seed's words. */
struct cond {
	int	 rules;
	int	 adv;		/* 1 advantage, -1 disadvantage, 0 a penalty */
	long	 penalty;
	enum holds when;
	const char *words;
};

/*
 * Each seed's conditions under its own rules name only: 004's load and
 * exhaustion do nothing under 002 or 003, 002's tiredness does nothing
 * ("become tired (no effect)"), 000's darkness nothing under 004.
 */
static const struct cond conditions[] = {
	{ R_TRAVEL, -1, 0, OVERLOADED,
	    "004: \"forces disadvantage on all checks\"" },
	{ R_TRAVEL, -1, 0, EXHAUSTED,
	    "004: \"they suffer disadvantage on all checks\"" },
	{ R_DUNGEONTURN, -1, 0, EXHAUSTED,
	    "002: \"become exhausted, make rolls at disadvantage\"" },
	{ R_EXPLORATION, -1, 0, NO_LIGHT, "000: \"Setback on all rolls\"" },
	{ R_BOOKKEEPING, -1, 0, NO_LIGHT, "000: \"Setback on all rolls\"" },
	{ R_DELVING, 0, DARK_PENALTY_001, TOTAL_DARKNESS,
	    "001: \"checks involving movement or coordination have a -10 "
	    "penalty\"" },
};

#define NCONDITIONS (sizeof conditions / sizeof conditions[0])

/* Whether C holds for M's check OF in ENV; its name in BUF if it does. */
static int
holds(const struct cond *c, const struct member *m, const struct check_of *of,
    const struct check_env *env, char *buf, size_t size)
{
	switch (c->when) {
	case OVERLOADED:	/* 004: "Each load you carry above your STR" */
		snprintf(buf, size, "%ld load over STR %ld", party_overload(m),
		    m->val[PK_STRENGTH]);
		return party_overload(m) > 0;
	case EXHAUSTED:		/* 002 and 004: exhausted= */
		str_copy(buf, size, "exhausted");
		return m->val[PK_EXHAUSTED] != 0;
	case NO_LIGHT:		/* 000: "No light: Effectively blind." */
		str_copy(buf, size, "no light");
		return env->dark;
	case TOTAL_DARKNESS:	/* 001: "checks involving movement" */
		str_copy(buf, size, "total darkness");
		return env->dark && of->moves;
	}
	return 0;
}

/*
 * Whose conditions a check takes (the suite's decision, delving(7) CHECKS
 * AND CONDITIONS), one rule for every program: the rules name in force
 * (OPT, -r, else DELVING_RULES), whatever seed the check comes from, where
 * the program rolls the check under those rules (chase's and reaction's
 * checks: any of the six), else the check's own seed OWN (-1: each
 * check's own); return and timedice, whose procedures are 004's or 002's,
 * pass other names over as for the procedure.  So under dungeonturn an
 * overloaded character rolls a chase, a morale check and the roll to
 * return alike without 004's load, under travel all with it.
 */
int
check_rules(const char *opt, int own)
{
	return rules_pick(opt, -1, RULES_ALL, own);
}

/* The d20 of a check: adv > 0 advantage (2d20kh1), < 0 disadvantage (2d20kl1). */
static void
dice_d20(struct dice *d, int adv)
{
	memset(d, 0, sizeof *d);
	d->count = adv != 0 ? 2 : 1;
	d->sides = CHECK_D20;
	d->keep = 1;
	d->keephigh = adv >= 0;
}

/* A check succeeds when its total meets or beats the DC (delving(7)). */
static void
dice_check(struct check *c, const struct dice *d20, struct rng *r, long mod,
    long dc)
{
	c->roll = dice_roll(d20, r, c->faces);
	c->mod = mod;
	c->total = c->roll + mod;
	c->dc = dc;
	c->pass = c->total >= dc;
	c->nat1 = c->roll == 1;		/* 004: Critical Failure */
	c->nat20 = c->roll == CHECK_D20;	/* 004: Critical Hits */
}

/* The user's -a/-d, as the sentence names it when it cancels or joins. */
static int
said_user(int adv, char *buf, size_t size, int n)
{
	if (adv == 0)
		return n;
	return n + snprintf(buf + n, size - (size_t)n, "%s%s", n ? "; " : "",
	    adv > 0 ? "-a" : "-d");
}

/* "WHAT, WORDS" joined to BUF's list by "; ". */
static void
join(char *buf, size_t size, const char *what, const char *words)
{
	size_t n = strlen(buf);
	const char *part[] = { n ? "; " : "", what, ", ", words };

	if (n < size)
		str_cat(buf + n, size - n, part, 4);
}

/*
 * The conditions that hold, said "exhausted, 002: \"...\"; ..." in DICE
 * (those that give advantage or disadvantage) and PENALTY (those that add
 * a penalty); *adv and *dis set by them, k->penalty summed.
 */
static void
said_conditions(struct rolled *k, const struct member *m,
    const struct check_of *of, const struct check_env *env, char *dice,
    char *penalty, size_t size, int *adv, int *dis)
{
	char what[96];
	size_t i;

	dice[0] = penalty[0] = '\0';
	for (i = 0; i < NCONDITIONS; i++) {
		const struct cond *c = &conditions[i];

		if ((c->rules != env->rules && c->rules + 1 != env->world) ||
		    !holds(c, m, of, env, what, sizeof what))
			continue;
		*adv |= c->adv > 0;
		*dis |= c->adv < 0;
		k->penalty += c->penalty;
		join(c->adv != 0 ? dice : penalty, size, what, c->words);
	}
}

/*
 * ", at disadvantage (exhausted, 004: \"...\")": the d20s rolled and why;
 * any advantage and any disadvantage cancel, however many of each (delving(7):
 * the suite's decision), said with both sides named.
 */
static void
say_circumstances(struct rolled *k, const char *conds, const char *pen,
    int user, int adv, int dis)
{
	char both[CHECK_SAYS_MAX];
	size_t size = sizeof k->says;
	int n = 0;

	if (adv && dis) {
		n = said_user(user, both, sizeof both, 0);
		snprintf(both + n, sizeof both - (size_t)n, "%s%s",
		    n && conds[0] ? "; " : "", conds);
		n = snprintf(k->says, size, ", advantage and disadvantage "
		    "cancel (%s)", both);
	} else if (adv || dis) {
		const char *part[] = { ", at ", adv ? "advantage" :
		    "disadvantage", conds[0] ? " (" : "", conds, conds[0] ?
		    ")" : "" };

		n = (int)str_cat(k->says, size, part, 5);
	}
	if (pen[0] != '\0' && n >= 0 && (size_t)n < size)
		snprintf(k->says + n, size - (size_t)n, ", with %ld (%s)",
		    k->penalty, pen);
}

/*
 * The check's first half, nothing rolled: M's conditions applied, the
 * d20s it rolls (1d20, or 2d20 keep one at advantage or disadvantage),
 * any penalty, and K->says the circumstances.  The same for every roll
 * of the same M, OF and ENV: a caller that rolls many may make it once.
 */
void
check_ready(struct rolled *k, const struct member *m,
    const struct check_of *of, const struct check_env *env)
{
	char conds[CHECK_SAYS_MAX], pen[CHECK_SAYS_MAX];
	int adv = env->adv > 0, dis = env->adv < 0;

	k->penalty = 0;
	said_conditions(k, m, of, env, conds, pen, sizeof conds, &adv, &dis);
	k->adv = adv - dis;
	dice_d20(&k->d20, k->adv);
	k->says[0] = '\0';
	say_circumstances(k, conds, pen, env->adv, adv, dis);
}

/*
 * Its second half, the roll: C, READY's d20s + M's KEY modifier + MOD +
 * READY's penalty against the DC.
 */
void
check_throw(struct check *c, const struct rolled *ready, struct rng *r,
    const struct member *m, long mod, const struct check_of *of)
{
	dice_check(c, &ready->d20, r, (of->key >= 0 ? m->val[of->key] : 0) +
	    mod + ready->penalty, of->dc);
}

/*
 * The one d20 check, both halves: M rolls 1d20 (2d20 keep one at
 * advantage or disadvantage) + M's KEY modifier + MOD + any penalty
 * against the DC; K->says tells the circumstances and names a natural 20
 * or 1, and with ENV's verbose (-v) shows the dice, as roll -v does.
 */
void
check_roll(struct rolled *k, struct rng *r, const struct member *m, long mod,
    const struct check_of *of, const struct check_env *env)
{
	size_t n;

	check_ready(k, m, of, env);
	check_throw(&k->c, k, r, m, mod, of);
	n = strlen(k->says);
	str_copy(k->says + n, sizeof k->says - n, check_natural(&k->c, of));
	if (env->verbose)
		check_dice(&k->d20, k->c.faces, k->says + strlen(k->says),
		    sizeof k->says - strlen(k->says));
}

/*
 * With -v, the dice behind a roll: " [2d20kh1: 7,15]", " [d20: 7]"; the
 * faces cut where BUF ends, the bracket kept (loot's 100d20).
 */
void
check_dice(const struct dice *d20, const uint32_t *faces, char *buf,
    size_t size)
{
	int n;

	if (size < 4)
		return;
	n = snprintf(buf, size, " [");
	n += dice_describe(d20, faces, buf + n, (int)size - n - 1);
	snprintf(buf + n, size - (size_t)n, "]");
}

/*
 * A check's record begun: INDEX NAME ROLL MOD TOTAL DC KEY, as chase(6)
 * and return(6) write it; the fields after KEY are the caller's.
 */
void
check_record(struct rec_writer *w, const struct rec_layout *l,
    uint64_t index, const char *name, const struct check *c, const char *key)
{
	rec_begin(w, l, index);
	rec_str(w, name);
	rec_i64(w, c->roll);
	rec_i64(w, c->mod);
	rec_i64(w, c->total);
	rec_i64(w, c->dc);
	rec_str(w, key);
}

/*
 * A rolled check said: "Ann makes WHAT: 12+1 = 13 against DC 12" and its
 * circumstances, no full stop; the length written.
 */
size_t
check_sentence(char *buf, size_t size, const char *name, const char *what,
    const struct rolled *k)
{
	int n = snprintf(buf, size, "%s %s %s: %ld%+ld = %ld against DC %ld%s",
	    name, k->c.pass ? "makes" : "fails", what, k->c.roll, k->c.mod,
	    k->c.total, k->c.dc, k->says);

	return n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
}

/*
 * " (a natural 20)" or " (a natural 1)", as roll -c says them, with what it does where 004 says:
 * "Damage is doubled on any critical hit; an attack that rolled a natural
 * 20", "Rolling a natural 1 on a check that damages a PC doubles the
 * damage the PC suffers"; "" for any other roll.
 */
const char *
check_natural(const struct check *c, const struct check_of *of)
{
	if (c->nat20)
		return of != NULL && of->hits ? " (a natural 20: 004 \"Damage is "
		    "doubled on any critical hit\")" : " (a natural 20)";
	if (c->nat1)
		return of != NULL && of->hurts ? " (a natural 1: 004 \"doubles "
		    "the damage the PC suffers\")" : " (a natural 1)";
	return "";
}

/*
 * roll -c's check, which may be an attack: a natural 20 says 004's
 * "Damage is doubled on any critical hit"; the total alone decides success.
 */
const char *
check_attack_natural(long long roll)
{
	static const struct check_of attack = { -1, 0, 0, 0, 1 };
	struct check c = { 0 };

	c.nat20 = roll == 20;
	c.nat1 = roll == 1;
	return check_natural(&c, &attack);
}

/* light's LEVEL of no light: 000's dark, 004's darkness. */
static int
check_dark(const char *level)
{
	return word_in(level, dark_levels) >= 0;
}

/* -L LEVEL: one of light's LEVELs; 1 when it is no light. */
int
check_level(const char *opt, const char *level)
{
	if (word_in(level, light_levels) < 0)
		esc_errx(EXIT_BAD, "%s: '%s': not a light level (bright, dim, dark, "
		    "darkness, well-lit, brilliant)", opt, level);
	return check_dark(level);
}
