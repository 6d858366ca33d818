/*
 * afflict: 004's corruptions.  "A PC can become afflicted by disease,
 * poison, or venom.  These forms of corruption generally call for a CON mod
 * check ... If the PC fails, they become infected by the corruption.  The
 * DC is usually 11, but can increase based on the source's difficulty or
 * HD.  The infection worsens in a series of stages ... At the culmination
 * of each stage, the infected PC can make another check or suffer damage."
 */
#include <stdio.h>
#include <string.h>

#include "afflict.h"
#include "check.h"
#include "kwf.h"
#include "rules.h"
#include "util.h"

const char *const afflict_abilities[AB_N + 1] = { "con", "str", "int", NULL };

/* Each ability's modifier key, its score key, and its name in a sentence. */
static const enum party_key mod_key[AB_N] = { PK_CON, PK_STR, PK_INT };
/* 004: "Each PC has resilience equal to their CON score" */
static const enum party_key score_key[AB_N] = {
	PK_RESILIENCE, PK_STRENGTH, PK_INTELLIGENCE
};
static const char *const ability_name[AB_N] = { "CON", "STR", "INT" };
/* afflict_check's words: the check's total and DC, and its circumstances */
#define AFFLICT_CHECK_SIZE (80 + CHECK_SAYS_MAX)
/*
 * An ability at 0: 004's "They're dead" for CON; the seeds say nothing of
 * STR or INT at 0, and timedice(6) says what it reads there.
 */
static const char *const at_zero[AB_N] = {
	"%s is dead",
	"%s collapses, too weak to stand or lift anything",
	"%s falls senseless, unable to think or act"
};

static const char *
set_dc(struct affliction *a, const char *v)
{
	long long n;

	if (strtonum_ok(v, 1, 100, &n) != 0)
		return "dc: expected a DC from 1 to 100";
	a->dc = (long)n;
	return NULL;
}

static const char *
set_ability(struct affliction *a, const char *v)
{
	if ((a->ability = word_in(v, afflict_abilities)) < 0)
		return "ability: expected con, str or int";
	return NULL;
}

static const char *
set_damage(struct affliction *a, const char *v)
{
	struct expr scratch;
	const char *why = dice_read(&a->damage, v, &scratch);

	if (why != NULL)
		return "damage: expected dice such as 1d6";
	if (dice_min(&a->damage) < 0 || dice_max(&a->damage) > 100)
		return "damage: the dice must roll 0 to 100";
	return NULL;
}

static const char *
set_length(struct affliction *a, const char *v)
{
	const char *why;

	if (strlen(v) >= sizeof a->length)
		return "the stage's length is too long";
	if ((why = clock_length(&a->len, v)) != NULL)
		return why;
	strcpy(a->length, v);
	return NULL;
}

/* One KEY=VALUE word after infect's operands: NULL, or why it is refused. */
static const char *
set_word(struct affliction *a, int *first, unsigned *seen, const char *w)
{
	static const char *const keys[] = {
		"dc", "ability", "damage", "first", NULL
	};
	const char *eq = strchr(w, '=');
	char key[16];
	int k;

	if (eq == NULL || (size_t)(eq - w) >= sizeof key)
		return "expected dc=N, ability=con|str|int, damage=DICE or first=exhaustion";
	snprintf(key, sizeof key, "%.*s", (int)(eq - w), w);
	if ((k = word_in(key, keys)) >= 0 && *seen & 1u << k)
		return "given twice";	/* one value a key: no "last one wins" */
	if (k >= 0)
		*seen |= 1u << k;
	switch (k) {
	case 0: return set_dc(a, eq + 1);
	case 1: return set_ability(a, eq + 1);
	case 2: return set_damage(a, eq + 1);
	case 3:
		*first = strcmp(eq + 1, "exhaustion") == 0;
		return *first ? NULL : "first: expected exhaustion";
	}
	return "expected dc=N, ability=con|str|int, damage=DICE or first=exhaustion";
}

/* An affliction of NAME by SOURCE, 004's defaults: NULL, or why it is refused. */
static const char *
afflict_init(struct affliction *a, const char *name, const char *source)
{
	struct expr scratch;

	memset(a, 0, sizeof *a);
	a->dc = CORRUPTION_DC_004;
	a->ability = AB_CON;
	a->stage = 1;
	dice_read(&a->damage, CORRUPTION_DAMAGE_004, &scratch);
	if (!name_ok(name) || !name_ok(source) ||
	    !utf8_ok(name, strlen(name)) || !utf8_ok(source, strlen(source)))
		return "a name and a source are 1 to 32 printable characters without blanks";
	strcpy(a->name, name);
	strcpy(a->source, source);
	return NULL;
}

/*
 * infect NAME SOURCE LENGTH [dc=N] [ability=A] [damage=DICE]
 * [first=exhaustion], or cure's NAME SOURCE: NULL, or why it is refused
 * and *bad the word refused.  *first: the first stage
 * brings exhaustion (004's snake bite).
 */
const char *
afflict_args(struct affliction *a, int *first, int argc, char **argv,
    const char **bad)
{
	const char *why;
	unsigned seen = 0;
	int i;

	*first = 0;
	*bad = name_ok(argv[0]) ? argv[1] : argv[0];
	if ((why = afflict_init(a, argv[0], argv[1])) != NULL)
		return why;
	*bad = argv[2];
	if (argc > 2 && (why = set_length(a, argv[2])) != NULL)
		return why;
	for (i = 3; i < argc; i++)
		if ((*bad = argv[i], why = set_word(a, first, &seen, argv[i])) != NULL)
			return why;
	return NULL;
}

/* The index of NAME's affliction SOURCE, or -1. */
int
afflict_find(const struct afflictions *al, const char *name,
    const char *source)
{
	int i;

	for (i = 0; i < al->n; i++)
		if (strcmp(al->a[i].name, name) == 0 &&
		    strcmp(al->a[i].source, source) == 0)
			return i;
	return -1;
}

/* Add A at the end (room checked first): its index. */
int
afflict_add(struct afflictions *al, const struct affliction *a)
{
	al->a[al->n] = *a;
	return al->n++;
}

static void
afflict_drop(struct afflictions *al, int i)
{
	memmove(&al->a[i], &al->a[i + 1],
	    (size_t)(al->n - i - 1) * sizeof al->a[0]);
	al->n--;
}

/* The affliction whose stage ends soonest within TURNS (the first listed of a tie), or -1. */
int
afflict_due(const struct afflictions *al, uint64_t within)
{
	int i, first = -1;

	for (i = 0; i < al->n; i++)
		if (al->a[i].left <= within &&
		    (first < 0 || al->a[i].left < al->a[first].left))
			first = i;
	return first;
}

/* TURNS pass, once every stage ending within them has been taken. */
void
afflict_pass(struct afflictions *al, uint64_t turns)
{
	int i;

	for (i = 0; i < al->n; i++)
		al->a[i].left -= turns;
}

/* What the character lacks to be infected: "con=", the score's key, or NULL. */
static const char *
afflict_lacks(const struct affliction *a, const struct member *m)
{
	if (!(m->has & 1u << PK_CON))
		return party_keys[PK_CON];
	if (!(m->has & 1u << score_key[a->ability]))
		return party_keys[score_key[a->ability]];
	return NULL;
}

/* Dice as 004 writes them: "1d6", "2d4+1". */
static void
said_dice(const struct dice *d, char *buf, int size)
{
	int n = d->count == 1 ? snprintf(buf, (size_t)size, "1") : 0;

	dice_format(d, buf + n, size - n);
}

/* The words NAME SOURCE ABILITY DC DAMAGE LENGTH of a state line, w[1] on. */
static const char *
set_fields(struct affliction *a, char **w)
{
	const char *why;

	if ((why = afflict_init(a, w[1], w[2])) != NULL ||
	    (why = set_ability(a, w[3])) != NULL ||
	    (why = set_dc(a, w[4])) != NULL ||
	    (why = set_damage(a, w[5])) != NULL ||
	    (why = set_length(a, w[6])) != NULL)
		return why;
	return NULL;
}

/*
 * timedice(6) FILES: "affliction NAME SOURCE ABILITY DC DAMAGE LENGTH STAGE
 * TURNS", one line an affliction.
 */
void
afflict_load(struct afflictions *al, const struct kwf *f, char **w, int nw)
{
	struct affliction a;
	const char *why;

	if (nw != 9)
		kwf_bad(f, "affliction: expected NAME SOURCE ABILITY DC DAMAGE "
		    "LENGTH STAGE TURNS");
	if ((why = set_fields(&a, w)) != NULL)
		kwf_bad(f, "affliction: %s", why);
	if (afflict_find(al, a.name, a.source) >= 0)
		kwf_bad(f, "affliction: %s %s: named twice", a.name, a.source);
	if (al->n == AFFLICT_MAX)
		kwf_bad(f, "more than %d afflictions", AFFLICT_MAX);
	a.stage = (long)kwf_num(f, w[7], 1, 1000000);
	a.left = (uint64_t)kwf_num(f, w[8], 1, (long long)CLOCK_MAX);
	afflict_add(al, &a);
}

void
afflict_save(const struct afflictions *al, struct kwf *f)
{
	const struct affliction *a;
	char dmg[32];
	int i;

	for (i = 0; i < al->n; i++) {
		a = &al->a[i];
		said_dice(&a->damage, dmg, sizeof dmg);
		kwf_put(f, "affliction %s %s %s %ld %s %s %ld %llu", a->name,
		    a->source, afflict_abilities[a->ability], a->dc, dmg,
		    a->length, a->stage, (unsigned long long)a->left);
	}
}

/* "a CON mod check at DC 11 or 1d6 CON damage" */
static void
afflict_describe(const struct affliction *a, char *buf, size_t size)
{
	char dice[32];

	said_dice(&a->damage, dice, sizeof dice);
	snprintf(buf, size, "a CON mod check at DC %ld or %s %s damage", a->dc,
	    dice, ability_name[a->ability]);
}

/* A's stage said after LEAD, the clock NOW in turns. */
static void
stage_said(const struct affliction *a, uint64_t now, const char *lead,
    char *buf, size_t size)
{
	char when[CLOCK_WHEN_SIZE], span[64], brings[160];

	afflict_describe(a, brings, sizeof brings);
	snprintf(buf, size, "%s %s, stage %ld: it ends in %s, at %s, with %s",
	    lead, a->source, a->stage, clock_span(a->left, span, sizeof span),
	    clock_when(now + a->left, when), brings);
}

/*
 * An affliction as said of its character, the clock NOW in turns: "afflicted
 * by venom, stage 1: it ends in 2 hours, at 09:00 on day 1, with a CON mod
 * check at DC 11 or 1d6 CON damage" (004: "At the culmination of each
 * stage, the infected PC can make another check or suffer damage").
 */
void
afflict_status(const struct affliction *a, uint64_t now, char *buf,
    size_t size)
{
	stage_said(a, now, "afflicted by", buf, size);
}

/* The same, said of the character by name: "Pip suffers venom, stage 1: ...". */
void
afflict_listed(const struct affliction *a, uint64_t now, char *buf,
    size_t size)
{
	char lead[PARTY_NAME_MAX + 16];

	snprintf(lead, sizeof lead, "%s suffers", a->name);
	stage_said(a, now, lead, buf, size);
	str_copy(buf + strlen(buf), size - strlen(buf), ".");
}

/*
 * 004's check of 1d20 + CON mod against DC (resilience, corruption), with
 * ENV's conditions and -v's dice (check_roll), said as "(1d20 + CON mod), 3+0 = 3
 * against DC 11, at disadvantage (exhausted, 004: ...)".
 */
static void
afflict_check(struct check *c, struct member *m, struct rng *r,
    const struct check_env *env, long dc, int hurts, char *buf, size_t size)
{
	struct check_of of = { PK_CON, 0, 0, 0, 0 };
	struct rolled k;

	of.dc = dc;
	of.hurts = hurts != 0;	/* a stage's damage: 004's natural 1 */
	check_roll(&k, r, m, 0, &of, env);
	*c = k.c;
	snprintf(buf, size, "(1d20 + CON mod), %ld%+ld = %ld against DC %ld%s",
	    c->roll, c->mod, c->total, dc, k.says);
}

/*
 * 004: "The GM can call for a resilience check (1d20 + CON mod) ... The DC
 * is 10 + the number of hours beyond the PC's resilience.  Failure means
 * that the PC becomes exhausted."  BEYOND those hours, for a character with
 * con= (the GM's call said otherwise, none for one already exhausted); BUF
 * "Ann has adventured 14 hours since a safe rest, 2 beyond a resilience of
 * 12: a resilience check (1d20 + CON mod), ...: passes."
 */
void
afflict_resilience(struct member *m, struct rng *r, const struct check_env *env,
    unsigned long long beyond, char *buf, size_t size)
{
	char check[AFFLICT_CHECK_SIZE + 160], says[AFFLICT_CHECK_SIZE];
	struct check c;

	if (m->val[PK_EXHAUSTED])
		snprintf(check, sizeof check, "%s", text_still_exhausted_004);
	else if (!(m->has & 1u << PK_CON))
		snprintf(check, sizeof check, "%s (1d20 + CON mod) at DC %llu; "
		    "failure means exhaustion", text_resilience_004,
		    RESILIENCE_DC_004 + beyond);
	else {
		afflict_check(&c, m, r, env, (long)(RESILIENCE_DC_004 + beyond), 0,
		    says, sizeof says);
		if (!c.pass) {
			m->val[PK_EXHAUSTED] = 1;
			m->has |= 1u << PK_EXHAUSTED;
		}
		snprintf(check, sizeof check, "%s %s: %s", text_resilience_004,
		    says, c.pass ? "passes" : text_exhausted_004);
	}
	snprintf(buf, size, "%s has adventured %llu hours since a safe rest, "
	    "%llu beyond a resilience of %ld: %s.", m->name,
	    (unsigned long long)m->val[PK_RESILIENCE] + beyond, beyond,
	    m->val[PK_RESILIENCE], check);
}

/*
 * A stage's length in turns, rolled when it is dice: "2 hours", or
 * "1d6 hours, rolled 4: 4 hours".
 */
uint64_t
afflict_stage(const struct affliction *a, struct rng *r, char *buf,
    size_t size)
{
	char fs[256], span[64];
	uint64_t n = a->len.count;

	if (a->len.rolled)
		n = (uint64_t)expr_roll(&a->len.dice, r, fs, sizeof fs);
	clock_span(n * a->len.unit, span, sizeof span);
	if (!a->len.rolled) {
		snprintf(buf, size, "%s", span);
		return n * a->len.unit;
	}
	snprintf(buf, size, "%s%s %s, rolled %s: %s",	/* 004 writes 1d6 */
	    a->len.text[0] == 'd' ? "1" : "", a->len.text, a->len.unit_name, fs,
	    span);
	return n * a->len.unit;
}

/*
 * 004: "A PC is bitten by a venomous snake and rolls a CON mod check
 * against DC 11.  The PC fails, and becomes infected.  In the first stage,
 * they suffer exhaustion."  1 when infected.
 */
static int
afflict_infect(const struct affliction *a, struct member *m, struct rng *r,
    const struct check_env *env, int first, char *buf, size_t size)
{
	struct check c;
	char check[AFFLICT_CHECK_SIZE];
	size_t n;

	afflict_check(&c, m, r, env, a->dc, 0, check, sizeof check);
	n = (size_t)snprintf(buf, size, "%s is exposed to %s: a CON mod check "
	    "%s: %s", m->name, a->source, check, c.pass ? "passes; " :
	    "fails, and ");
	if (c.pass) {
		snprintf(buf + n, size - n, "%s is not infected.", m->name);
		return 0;
	}
	n += (size_t)snprintf(buf + n, size - n, "%s is infected.", m->name);
	if (first) {
		m->val[PK_EXHAUSTED] = 1;
		m->has |= 1u << PK_EXHAUSTED;
		snprintf(buf + n, size - n, " In the first stage %s suffers "
		    "exhaustion (disadvantage on all checks, speed 0 ft).",
		    m->name);
	}
	return 1;
}

/* A's stage rolled, K turns on from NOW: BUF then " Stage 2 ends in ...". */
static void
stage_ends(struct affliction *a, struct rng *r, uint64_t k, uint64_t now,
    char *buf, size_t size)
{
	char len[160], at[CLOCK_WHEN_SIZE];
	size_t n = strlen(buf);

	a->left = k + afflict_stage(a, r, len, sizeof len);
	snprintf(buf + n, size - n, " Stage %ld ends in %s, at %s.", a->stage,
	    len, clock_when(now + a->left, at));
}

/*
 * 004: affliction A begins for M (timedice infect): when the CON mod check
 * fails, the first stage's length is rolled and A kept in AL.  BUF "... Pip
 * is infected. Stage 1 ends in 2 hours, at 09:00 on day 1."; NOW the clock.
 */
void
afflict_begin(struct afflictions *al, struct affliction *a, struct member *m,
    struct rng *r, const struct check_env *env, int first, uint64_t now,
    char *buf, size_t size)
{
	if (!afflict_infect(a, m, r, env, first, buf, size))
		return;
	stage_ends(a, r, 0, now, buf, size);
	afflict_add(al, a);
}

/* 004: "CON of 10 (+0) is now 6 (-2)": the modifier, (score - 10) / 2 rounded down. */
static long
modifier(long score)
{
	long d = score - 10;

	return d >= 0 ? d / 2 : -((1 - d) / 2);
}

/* The ability's modifier as the sentence shows it: the key's, else the score's. */
static long
shown_mod(const struct member *m, int ab)
{
	if (m->has & 1u << mod_key[ab])
		return m->val[mod_key[ab]];
	return modifier(m->val[score_key[ab]]);
}

/*
 * DAMAGE off the ability's score, no lower than 0, its modifier falling
 * with it: "CON 10 (+0) is now 6 (-2)"; 0 when the score reaches 0.
 */
static int
damage(const struct affliction *a, struct member *m, long dmg, char *buf,
    size_t size)
{
	enum party_key sk = score_key[a->ability], mk = mod_key[a->ability];
	long was = m->val[sk], was_mod = shown_mod(m, a->ability);
	long now = was > dmg ? was - dmg : 0;
	size_t n;

	m->val[sk] = now;
	if (m->has & 1u << mk)	/* a modifier falls as the score's does */
		m->val[mk] += modifier(now) - modifier(was);
	n = (size_t)snprintf(buf, size, "%s %ld (%+ld) is now %ld (%+ld)",
	    ability_name[a->ability], was, was_mod, now,
	    shown_mod(m, a->ability));
	if (now > 0)
		return 1;
	n += (size_t)snprintf(buf + n, size - n, ": ");
	snprintf(buf + n, size - n, at_zero[a->ability], m->name);
	return 0;
}

/*
 * The stage failed: "1d6 CON damage, rolling a 4: CON 10 (+0) is now 6
 * (-2)"; 004: "Rolling a natural 1 on a check that damages a PC doubles the
 * damage."  0 when the ability reached 0.
 */
static int
stage_damage(const struct affliction *a, struct member *m, struct rng *r,
    int nat1, char *buf, size_t size)
{
	uint32_t faces[DICE_COUNT_MAX];
	char dice[32], fs[128], doubled[64] = "";
	long dmg = dice_roll(&a->damage, r, faces);
	size_t n;

	said_dice(&a->damage, dice, sizeof dice);
	if (a->damage.count == 1 && a->damage.mod == 0)
		snprintf(fs, sizeof fs, "a %ld", dmg);
	else {
		n = (size_t)dice_faces(&a->damage, faces, fs, sizeof fs);
		snprintf(fs + n, sizeof fs - n, " = %ld", dmg);
	}
	if (nat1) {
		dmg *= NAT1_DAMAGE_004;
		snprintf(doubled, sizeof doubled, ", %s to %ld", text_nat1_004, dmg);
	}
	n = (size_t)snprintf(buf, size, "%s %s damage, rolling %s%s: ", dice,
	    ability_name[a->ability], fs, doubled);
	return damage(a, m, dmg, buf + n, size - n);
}

/*
 * 004: "At the culmination of each stage, the infected PC can make another
 * check or suffer damage."  The check passed, the character shakes the
 * corruption off (timedice(6)); failed, the damage is rolled and the next
 * stage begins, unless the ability reached 0.  1 when it goes on.  M is
 * NULL when the party file does not have the character: the GM rolls.
 */
static int
afflict_ends(struct affliction *a, struct member *m, struct rng *r,
    const struct check_env *env, char *buf, size_t size)
{
	char check[AFFLICT_CHECK_SIZE], what[128];
	struct check c;
	size_t n;
	int alive;

	n = (size_t)snprintf(buf, size, "Stage %ld of %s's %s ends: ", a->stage,
	    a->name, a->source);
	if (m == NULL || afflict_lacks(a, m) != NULL) {
		afflict_describe(a, what, sizeof what);
		snprintf(buf + n, size - n, "%s, for the GM to roll (%s%s%s).",
		    what, m == NULL ? "no party file names " : "no ",
		    m == NULL ? a->name : afflict_lacks(a, m),
		    m == NULL ? "" : "= in the party file");
		a->stage++;
		return 1;
	}
	afflict_check(&c, m, r, env, a->dc, 1, check, sizeof check);
	n += (size_t)snprintf(buf + n, size - n, "a CON mod check %s: ", check);
	if (c.pass) {
		snprintf(buf + n, size - n, "passes, and %s shakes off the %s.",
		    m->name, a->source);
		return 0;
	}
	n += (size_t)snprintf(buf + n, size - n, "fails; ");
	alive = stage_damage(a, m, r, c.nat1, buf + n, size - n);
	n = strlen(buf);
	snprintf(buf + n, size - n, ".");
	a->stage += alive;
	return alive;
}

/*
 * 004: the stage of affliction I of AL ends K turns into a step that began
 * at NOW (afflict_ends): the next stage's length is rolled, or the
 * affliction is over and dropped.  BUF "... Stage 3 ends in 1 hour, at
 * 11:00 on day 1."
 */
void
afflict_next(struct afflictions *al, int i, struct member *m, struct rng *r,
    const struct check_env *env, uint64_t k, uint64_t now, char *buf,
    size_t size)
{
	if (afflict_ends(&al->a[i], m, r, env, buf, size))
		stage_ends(&al->a[i], r, k, now, buf, size);
	else
		afflict_drop(al, i);
}

/*
 * 004: "Magic and medicine ... Mundane healing ... removes penalties":
 * affliction I of AL ends, SAYS "Pip is cured of venom in stage 2."
 */
void
afflict_cure(struct afflictions *al, int i, char *says, size_t size)
{
	snprintf(says, size, "%s is cured of %s in stage %ld.", al->a[i].name,
	    al->a[i].source, al->a[i].stage);
	afflict_drop(al, i);
}

/*
 * timedice's infect (INFECT) and cure: what they need.  Cure, an
 * affliction AL keeps; infect, a clock FILE to keep it, the character in
 * party P (NULL: none given) with the keys it rolls, living (004: "They're
 * dead": no rolls), not suffering it already, and room for it.
 */
void
afflict_need(const struct afflictions *al, const struct affliction *a,
    int infect, int file, struct party *p)
{
	const char *cmd = infect ? "infect" : "cure", *lacks;
	const struct member *m = p != NULL ? party_find(p, a->name) : NULL;
	int i = afflict_find(al, a->name, a->source);

	if (!infect && i < 0)
		esc_errx(EXIT_BAD, "cure: %s %s: no such affliction", a->name,
		    a->source);
	if (!infect)
		return;
	if (!file)
		esc_errx(EXIT_BAD, "%s: the clock keeps the affliction: give -f FILE", cmd);
	if (p == NULL)
		esc_errx(EXIT_BAD, "%s: the check needs the character's con=: give -p FILE or DELVING_PARTY", cmd);
	if (m == NULL)
		esc_errx(EXIT_BAD, "%s: %s: not in %s", cmd, a->name, p->path);
	if ((lacks = afflict_lacks(a, m)) != NULL)
		bad_at(p->path, m->lineno, "%s has no %s=", m->name, lacks);
	if (i >= 0)
		esc_errx(EXIT_BAD, "%s: %s already suffers %s (stage %ld): cure it first",
		    cmd, a->name, a->source, al->a[i].stage);
	if (al->n == AFFLICT_MAX)
		esc_errx(EXIT_BAD, "%s: there are already %d afflictions", cmd,
		    AFFLICT_MAX);
	if (party_dead(m))
		esc_errx(EXIT_BAD, "infect: %s is dead (CON 0): no rolls", m->name);
}
