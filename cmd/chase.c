/*
 * chase: roll 004's chase checks, the party chasing a quarry or fleeing
 * pursuers, and answer how far and how fast a party moves under the rules
 * of seeds 000, 001, 002 and 004 (chase(6)).
 */
#include <err.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dice.h"
#include "pace.h"
#include "opt.h"
#include "party.h"
#include "record.h"
#include "rules.h"
#include "util.h"

static const char prog[] = "chase";

#define SPEED_MAX	200	/* -q, feet: DC 5 to 45 */
#define DC_SHIFT_MAX	20	/* -b and -x */

struct opts {
	OPT_COMMON;		/* -adjnprsv */
	int	 group;
	long	 mod, speed, bow, stall;
	long	 dc;		/* -c: the DC to break away (retreat) */
	int	 key;		/* -k: the party file's key to break away with */
	char	 given[128];	/* given['q']: -q was given, or any other */
};

/* chase's options, its own and the shared ones (opt.c), in -h's order. */
static const struct opt options[] = {
	OPT_SHARED('a'),
	{ 'b', "N", "the pursuers need only bow range: DC lower by N" },
	{ 'c', "DC", "retreat: the DC to break away (default 11)" },
	OPT_SHARED('d'),
	{ 'g', NULL, "the worst modifier rolls once for the group" },
	OPT_SHARED('j'),
	{ 'k', "KEY", "retreat: the party file's key to break away with (dex)" },
	{ 'm', "MOD", "add MOD, from -100 to 100, to every modifier" },
	{ 'n', NULL, "roll the chase COUNT times (default 1)" },
	{ 'p', NULL, "read the characters from the party file" },
	{ 'q', "SPEED", "the other side's speed in feet (default 30)" },
	{ 'r', NULL, "the rules of pace, and whose conditions the checks take" },
	OPT_SHARED('s'),
	OPT_SHARED('v'),
	{ 'x', "N", "the quarry stalls: DC higher by N" },
	{ 0, NULL, NULL }
};

static const struct opt_spec spec = {
	prog, "chase [-adghjVv] [-b N] [-m MOD] [-n COUNT] [-p FILE] [-q SPEED] "
	    "[-r RULES] [-s SEED] [-x N] [flee] open|uneven|long [NAME:MOD ...] | chase [-adhjVv] "
	    "[-b N] [-c DC] [-k KEY] [-m MOD] [-n COUNT] [-p FILE] [-q SPEED] [-r RULES] [-s SEED] "
	    "[-x N] retreat [open|uneven|long] [NAME:MOD ...] | chase [-hjV] "
	    "[-m MOD] [-p FILE] [-q SPEED] [-r RULES] pace [WORD ...] [DISTANCE]", options, 0
};

/* The options a form has no use for are refused, not ignored. */
static void
refuse(const struct opts *o, const char *letters, const char *why)
{
	for (; *letters != '\0'; letters++)
		if (o->given[(unsigned char)*letters])
			esc_errx(EXIT_BAD, "-%c: %s", *letters, why);
}

/* Every character's modifier, plus -m; the unnamed roller's is -m alone. */
static void
load_characters(struct party *p, const struct opts *o, enum party_key k,
    int argc, char **argv)
{
	int i;

	party_pick(p, o->party, argc, argv, k, 0);
	for (i = 0; i < p->n; i++)
		p->m[i].val[k] += o->mod;
}

/* The first character with the lowest value of key k. */
static int
slowest(const struct party *p, enum party_key k)
{
	int i, w = 0;

	for (i = 1; i < p->n; i++)
		if (p->m[i].val[k] < p->m[w].val[k])
			w = i;
	return w;
}

struct chase {
	struct party party;
	const struct chase_terrain *terrain;	/* NULL: a retreat not pursued */
	struct stream st;
	struct check_env env;	/* 004's conditions, -a/-d */
	int	 flee, group;
	long	 dc;
	enum party_key away;	/* retreat: the key to break away with */
	long	 away_dc;
	struct rec_writer *w;	/* the records, main's */
};

/*
 * 004: DC 11 for a 30' quarry, 1 per 5' over or under; lessened by -b when
 * the pursuers need only bow range, raised by -x when the quarry stalls.
 * Fleeing, the pursuers' speed sets it and the party is the quarry.
 */
static long
chase_dc(const struct opts *o, int flee)
{
	long dc = CHASE_DC_004 + (o->speed - CHASE_SPEED_004) / CHASE_STEP_004;

	dc += flee ? o->bow - o->stall : o->stall - o->bow;
	if (dc < 1)
		esc_errx(EXIT_BAD, "DC: %ld from -q %ld, -b %ld and -x %ld: "
		    "expected a DC of 1 or more", dc, o->speed, o->bow, o->stall);
	return dc;
}

static const struct chase_terrain *
find_terrain(const char *word)
{
	const struct chase_terrain *t;

	for (t = chase_terrain_004; t->word != NULL; t++)
		if (strcmp(t->word, word) == 0)
			return t;
	esc_errx(EXIT_BAD, "%s: not a terrain (open, uneven, long) nor pace", word);
}

/* 004: a chase or a retreat's check, KEY's modifier against DC. */
static void
roll_check(struct chase *c, struct rolled *r, const struct member *m,
    enum party_key key, long dc)
{
	struct check_of of = { 0, 0, 1, 0, 0 };

	of.key = (int)key;
	of.dc = dc;
	check_roll(r, &c->st.rng, m, 0, &of, &c->env);
}

/* chase INDEX NAME ROLL MOD TOTAL DC KEY TEXT */
static void
emit_check(const struct chase *c, uint64_t index, const struct member *m,
    const struct rolled *r)
{
	const struct check *k = &r->c;
	const struct chase_outcome *out = &chase_outcome_004[c->flee][k->pass];
	const char *ability = c->terrain->ability;
	const char *dice = r->says;	/* with -v, the dice (check_roll) */

	check_record(c->w, REC_LAYOUT(CHASE_CHECK), index, m->name, k,
	    out->key);
	if (c->group)
		rec_text(c->w,
		    "The party %s: %s rolls for the group with the worst "
		    "%s, %ld%+ld = %ld against DC %ld%s.", out->text, m->name,
		    ability, k->roll, k->mod, k->total, k->dc, dice);
	else
		rec_text(c->w, "%s %s: %s %ld%+ld = %ld against DC %ld%s.",
		    party_who(m, PARTY_UNNAMED),
		    out->text, ability, k->roll, k->mod, k->total, k->dc, dice);
	rec_end(c->w);
}

/*
 * One chase: each character rolls, or the worst rolls for the group.
 * 004: chasing succeeds when anyone catches the quarry, fleeing when
 * everyone escapes.
 */
static int
one_chase(struct chase *c, uint64_t index)
{
	enum party_key key = c->terrain->key;
	int i, from = 0, to = c->party.n, passed = 0;
	struct rolled r;

	if (c->group) {
		from = slowest(&c->party, key);
		to = from + 1;
	}
	for (i = from; i < to; i++) {
		roll_check(c, &r, &c->party.m[i], key, c->dc);
		emit_check(c, index, &c->party.m[i], &r);
		passed += r.c.pass;
	}
	return c->flee ? passed == to - from : passed > 0;
}

static int
run_chase(struct rec_writer *w, const struct opts *o, int argc, char **argv)
{
	struct chase c = { .group = o->group, .w = w };
	long long i;
	int ok = 1;

	refuse(o, "ck", "-c and -k are for retreat");
	if (argc > 0 && strcmp(argv[0], "flee") == 0) {
		c.flee = 1;
		argc--;
		argv++;
	}
	if (argc == 0)
		opt_usage(&spec, "open, uneven or long: the terrain is missing");
	c.terrain = find_terrain(argv[0]);
	load_characters(&c.party, o, c.terrain->key, argc - 1, argv + 1);
	c.dc = chase_dc(o, c.flee);
	c.env.rules = check_rules(o->rules, R_TRAVEL);	/* the rules in force */
	c.env.adv = o->adv;
	c.env.verbose = o->verbose;
	stream_start(&c.st, prog, o->seed, o->verbose);
	for (i = 0; i < o->count; i++)
		ok &= one_chase(&c, (uint64_t)i + 1);
	return ok ? EXIT_OK : EXIT_FAILED;
}

/* A retreat's break-away check: "DEX 14+2", or "14+2" for NAME:MOD. */
static void
emit_away(const struct chase *c, uint64_t index, const struct member *m,
    const struct rolled *r, int from_file)
{
	const struct check *k = &r->c;
	const struct chase_outcome *out = &retreat_outcome_004[!k->pass ?
	    RT_STOPPED : c->terrain != NULL ? RT_PURSUED : RT_AWAY];
	const char *dice = r->says;	/* with -v, the dice (check_roll) */
	char label[8] = "";
	int i;

	for (i = 0; from_file && party_keys[c->away][i] != '\0'; i++)
		label[i] = (char)(party_keys[c->away][i] - 'a' + 'A');
	if (from_file)
		label[i] = ' ';
	check_record(c->w, REC_LAYOUT(CHASE_CHECK), index, m->name, k,
	    out->key);
	rec_text(c->w, "%s %s: %s%ld%+ld = %ld against DC %ld%s.",
	    party_who(m, PARTY_UNNAMED), out->text, label, k->roll, k->mod,
	    k->total, k->dc, dice);
	rec_end(c->w);
}

/*
 * 004 Retreat: each character's check to break away, then, when some NPCs
 * pursue (a terrain given), that character's chase check to flee.  0 when
 * everyone got away.
 */
static int
one_retreat(struct chase *c, uint64_t index, int from_file)
{
	struct member *m;
	struct rolled r;
	int i, all = 1;

	for (i = 0; i < c->party.n; i++) {
		m = &c->party.m[i];
		roll_check(c, &r, m, c->away, c->away_dc);
		emit_away(c, index, m, &r, from_file);
		if (r.c.pass && c->terrain != NULL) {	/* 004: "Use the chase rules" */
			roll_check(c, &r, m, c->terrain->key, c->dc);
			emit_check(c, index, m, &r);
		}
		all &= r.c.pass;
	}
	return all;
}

/*
 * The retreating characters: NAME:MOD operands (MOD the method's modifier,
 * for both checks), else the party file's key of -k and the terrain's,
 * else the unnamed roller; -m added to each key once.
 */
static void
retreat_party(struct chase *c, const struct opts *o, int argc, char **argv)
{
	enum party_key tk = c->terrain != NULL ? c->terrain->key : c->away;
	struct member *m;
	int i, file = argc == 0 && party_path(o->party) != NULL;

	party_pick(&c->party, o->party, argc, argv, c->away, 0);
	if (file)
		party_need(&c->party, tk);
	for (i = 0; i < c->party.n; i++) {
		m = &c->party.m[i];
		if (!file)
			m->val[tk] = m->val[c->away];
		m->val[c->away] += o->mod;
		if (tk != c->away)
			m->val[tk] += o->mod;
	}
}

static int
run_retreat(struct rec_writer *w, const struct opts *o, int argc, char **argv)
{
	struct chase c = { .flee = 1, .w = w };
	long long i;
	int ok = 1, file;

	refuse(o, "g", "a retreat is each character's own (-g is for a chase)");
	if (argc > 0 && strchr(argv[0], ':') == NULL) {
		c.terrain = find_terrain(argv[0]);
		argc--;
		argv++;
	} else
		refuse(o, "bqx", "no pursuit: give the terrain (open, uneven, long) of the chase");
	if (argc > 0)
		refuse(o, "k", "NAME:MOD gives the modifier: -k is for the party file");
	file = argc == 0 && party_path(o->party) != NULL;
	c.away = o->given['k'] ? (enum party_key)o->key : PK_DEX;
	c.away_dc = o->given['c'] ? o->dc : RETREAT_DC_004;
	retreat_party(&c, o, argc, argv);
	if (c.terrain != NULL)
		c.dc = chase_dc(o, 1);
	c.env.rules = check_rules(o->rules, R_TRAVEL);
	c.env.adv = o->adv;
	c.env.verbose = o->verbose;
	stream_start(&c.st, prog, o->seed, o->verbose);
	for (i = 0; i < o->count; i++)
		ok &= one_retreat(&c, (uint64_t)i + 1, file);
	return ok ? EXIT_OK : EXIT_FAILED;
}

/*
 * How fast a character goes, to find the slowest: 004's speed after load
 * (000, 002), or 10 + STR mod miles a day, halved when encumbered (004),
 * 0 when exhausted (004: "their movement speed becomes 0'").
 */
static long
pace_of(const struct member *m, enum party_key k, int rules)
{
	if (k == PK_SPEED)
		return party_speed(m, rules);
	if (m->val[PK_EXHAUSTED] && rules == R_TRAVEL)
		return LONG_MIN;
	return (PACE_OVERLAND_004 + m->val[k]) * (party_overload(m) > 0 ? 1 : 2);
}

/* The slowest character of a party file: base speed, or STR mod for 004. */
static void
party_pace(struct pace_ask *a, const char *path, enum party_key k)
{
	struct party p;
	int i, w = 0;

	party_load(&p, path);
	party_need(&p, k);
	for (i = 1; i < p.n; i++)
		if (pace_of(&p.m[i], k, a->rules) < pace_of(&p.m[w], k, a->rules))
			w = i;
	a->who = estrdup(p.m[w].name);
	a->over = party_overload(&p.m[w]);
	a->strength = p.m[w].val[PK_STRENGTH];
	a->exhausted = p.m[w].val[PK_EXHAUSTED] && a->rules == R_TRAVEL;
	if (k == PK_SPEED)
		a->speed = party_speed(&p.m[w], a->rules);
	else
		a->mod = p.m[w].val[k];
}

/*
 * The base speed (000, 002): a named speed, -q or the slowest of a party,
 * else the rules' own; the STR mod (004): the slowest of a party, plus -m.
 */
static void
pace_inputs(struct pace_ask *a, const struct opts *o)
{
	const char *path = party_path(o->party);
	int speed = pace_uses(a, PACE_SPEED), str = a->rules == R_TRAVEL;
	const char *name = rules_names[a->rules];

	if (!speed && o->given['q'])
		esc_errx(EXIT_BAD, "-q: the %s pace takes no speed", name);
	if (!str && o->given['m'])
		esc_errx(EXIT_BAD, "-m: the %s pace takes no modifier", name);
	if (!speed && !str && o->given['p'])
		esc_errx(EXIT_BAD, "-p: the %s pace reads no party", name);
	if (speed && (a->named != 0) + o->given['q'] + (o->party != NULL) > 1)
		esc_errx(EXIT_BAD, "%s: give a named speed, -q or -p, one of them",
		    a->named ? "speed" : "-q");
	a->speed = a->pr->speed;
	if (o->given['q'])
		a->speed = o->speed;
	else if (speed && a->named == 0 && path != NULL)
		party_pace(a, path, PK_SPEED);
	if (str && path != NULL)
		party_pace(a, path, PK_STR);
	a->mod += o->mod;
	if (speed && a->speed == 0 && a->named == 0 && !o->given['q'] &&
	    a->who == NULL)
		a->named = (1u << a->pr->nspeeds) - 1;	/* 000: the whole table */
}

static const char *
article(const char *per)
{
	return strcmp(per, "hour") == 0 ? "an" : "a";
}

/* What the rate is reckoned from: "Slow, 15 ft a round: ", "STR mod +2: ". */
static void
pace_from(const struct pace_ask *a, const struct pace *m, int named, long speed,
    char *buf, size_t size)
{
	char who[PARTY_NAME_MAX + 80] = "";

	if (a->who != NULL && a->over > 0)
		snprintf(who, sizeof who, " (%s, the slowest: %ld load over "
		    "STR %ld%s)", a->who, a->over, a->strength,
		    m->basis == PACE_SPEED ? "" : ", encumbered");
	else if (a->who != NULL)
		snprintf(who, sizeof who, " (%s, the slowest)", a->who);
	if (m->basis == PACE_SPEED && named >= 0)
		snprintf(buf, size, "%c%s, %ld ft a round: ",
		    a->pr->speeds[named].word[0] - 'a' + 'A',
		    a->pr->speeds[named].word + 1, speed);
	else if (m->basis == PACE_SPEED)
		snprintf(buf, size, "Base speed %ld ft%s: ", speed, who);
	else if (m->basis == PACE_STR)
		snprintf(buf, size, "STR mod %+ld%s: ", a->mod, who);
	else
		buf[0] = '\0';
}

/*
 * 004, a hex-crawl: miles an hour over a day's march beside miles a day,
 * and the hours a hex takes (and the days, past one), read aloud.
 */
static void
hex_hours(const struct pace_ask *a, const struct pace *m, long long num,
    long long den, char *buf, size_t size)
{
	char mph[32], hours[32], days[32] = "";
	long long hnum = num, hden = den;
	int one, one_hour;

	if (strcmp(m->per, "day") == 0)
		hden *= MARCH_HOURS_004;	/* miles an hour: NUM/DEN/8 */
	one = pace_spoken(mph, sizeof mph, hnum, hden);
	/* the hours, HEX * HDEN / HNUM, to the nearest quarter: 1.2 is "about 1¼" */
	one_hour = pace_spoken(hours, sizeof hours, a->hex * hden, hnum);
	if (strcmp(m->per, "day") == 0 && a->hex * den > num)
		snprintf(days, sizeof days, ", %lld days",
		    pace_count(a->hex, num, den));
	if (strcmp(m->per, "day") == 0)
		snprintf(buf, size, ", %s %s an hour over an %d-hour day; a "
		    "%ld-mile hex takes %s %s%s", mph, one ? "mile" : "miles",
		    MARCH_HOURS_004, a->hex, hours, one_hour ? "hour" : "hours",
		    days);
	else
		snprintf(buf, size, "; a %ld-mile hex takes %s %s", a->hex,
		    hours, one_hour ? "hour" : "hours");
}

/*
 * 004: "Once a PC becomes exhausted ... their movement speed becomes 0'",
 * and "The party moves at the slowest PC's pace": a march of rate 0,
 * no distance covered (a boat or a ship carries them still).
 */
static void
emit_halt(struct rec_writer *w, const struct pace_ask *a, uint64_t index,
    const struct pace *m)
{
	rec_begin(w, REC_LAYOUT(CHASE_PACE), index);
	rec_str(w, "pace");
	rec_str(w, m->word);
	rec_num(w, "0");
	rec_str(w, m->unit);
	rec_num(w, "-");
	rec_num(w, "-");
	rec_str(w, m->per);
	rec_text(w, "%s. %s is exhausted: movement speed 0 (004), and the "
	    "party, moving at its slowest's pace, covers no ground until a "
	    "safe rest cures it.", m->text, a->who);
	rec_end(w);
}

/*
 * HOURS by boat or ship in the seed's days (004: "roughly 30 miles per
 * day", "up to 100 miles per full day and night"): ", 7 days of 20 hours",
 * ", 23 days of 10 hours and 4 hours more"; "" within a day.
 */
static const char *
in_days(const struct pace *m, long long hours, char *buf, size_t size)
{
	long long d, h;

	buf[0] = '\0';
	if (m->day_hours == 0 || hours <= m->day_hours)
		return buf;
	d = hours / m->day_hours, h = hours % m->day_hours;
	snprintf(buf, size, ", %lld days of %d hours", d, m->day_hours);
	if (h > 0)
		snprintf(buf + strlen(buf), size - strlen(buf), " and %lld %s more",
		    h, h == 1 ? "hour" : "hours");
	return buf;
}

/* chase INDEX pace MANNER RATE UNIT DISTANCE COUNT PER TEXT */
static void
emit_pace(struct rec_writer *w, const struct pace_ask *a, uint64_t index,
    const struct pace *m, int named, long speed)
{
	char from[128], rate[32], words[512] = "", time[128] = "";
	char spoken[32], hex[160] = "", days[96];
	long long num, den, count = 0;
	int said;
	size_t n = 0;
	int i;

	if (a->exhausted && m->basis == PACE_STR) {
		emit_halt(w, a, index, m);
		return;
	}
	pace_from(a, m, named, speed, from, sizeof from);
	pace_rate(a, m, speed, &num, &den);
	pace_decimal(rate, sizeof rate, num, den);
	for (i = 0; i < a->nwords; i++)
		n += (size_t)snprintf(words + n, sizeof words - n, "; %s",
		    a->words[i]->text);
	if (a->distance >= 0) {
		count = pace_count(a->distance, num, den);
		snprintf(time, sizeof time, " %lld %s take%s %lld %s%s%s.",
		    a->distance, a->distance == 1 ? m->unit : m->units,
		    a->distance == 1 ? "s" : "", count, m->per,
		    count == 1 ? "" : "s", in_days(m, count, days, sizeof days));
	}
	rec_begin(w, REC_LAYOUT(CHASE_PACE), index);
	rec_str(w, "pace");
	rec_str(w, m->word);
	rec_num(w, rate);
	rec_str(w, m->unit);
	if (a->distance >= 0) {
		rec_i64(w, a->distance);
		rec_i64(w, count);
	} else {
		rec_num(w, "-");
		rec_num(w, "-");
	}
	rec_str(w, m->per);
	said = pace_spoken(spoken, sizeof spoken, num, den);
	if (a->rules == R_TRAVEL)
		hex_hours(a, m, num, den, hex, sizeof hex);
	rec_text(w, "%s%s. %s%s %s %s %s%s.%s", m->text, words, from, spoken,
	    said ? m->unit : m->units, article(m->per), m->per, hex, time);
	rec_end(w);
}

/* 000: a record per named speed and manner, as its movement table. */
static void
emit_paces(struct rec_writer *w, const struct pace_ask *a)
{
	const struct pace_rules *pr = a->pr;
	uint64_t index = 0;
	int s, m, rows = a->named ? pr->nspeeds : 1;

	for (s = 0; s < rows; s++) {
		if (a->named && !(a->named & 1u << s))
			continue;
		for (m = 0; m < pr->nmanners; m++)
			if (a->manners & 1u << m)
				emit_pace(w, a, ++index, &pr->manners[m],
				    a->named ? s : -1,
				    a->named ? pr->speeds[s].feet : a->speed);
	}
}

#define PACE_RULES (RULES_BIT(R_EXPLORATION) | RULES_BIT(R_DELVING) | \
	RULES_BIT(R_DUNGEONTURN) | RULES_BIT(R_TRAVEL))

static int
run_pace(struct rec_writer *w, const struct opts *o, int argc, char **argv)
{
	struct pace_ask a;

	refuse(o, "abcdgknsvx", "pace rolls no check");
	pace_parse(&a, rules_pick(o->rules, -1, PACE_RULES, R_TRAVEL), argc,
	    argv);
	pace_inputs(&a, o);
	emit_paces(w, &a);
	free((char *)a.who);
	return EXIT_OK;
}

/* -q: speeds are in steps of 5 feet (004: "1 per 5' under or over"). */
static long
parse_speed(const char *s)
{
	long v = (long)estrtonum(s, 0, SPEED_MAX, "-q");

	if (v % CHASE_STEP_004 != 0)
		esc_errx(EXIT_BAD, "-q: '%s': expected a multiple of 5 feet", s);
	return v;
}

/* -k: a modifier of the party file, str to cha or best. */
static int
away_key(const char *v)
{
	int k = word_in(v, party_keys);

	if (k < PK_STR || k > PK_BEST)
		esc_errx(EXIT_BAD, "-k: '%s': expected str, dex, con, int, wis, cha or best", v);
	return k;
}

static void
option(void *ctx, int letter, char *v)
{
	struct opts *o = ctx;

	switch (letter) {
	case 'b': o->bow = (long)estrtonum(v, 0, DC_SHIFT_MAX, "-b"); break;
	case 'c': o->dc = (long)estrtonum(v, 1, RETREAT_DC_MAX, "-c"); break;
	case 'g': o->group = 1; break;
	case 'k': o->key = away_key(v); break;
	case 'm': o->mod = emod_add(o->mod, v); break;
	case 'q': o->speed = parse_speed(v); break;
	case 'x': o->stall = (long)estrtonum(v, 0, DC_SHIFT_MAX, "-x"); break;
	}
	o->given[letter] = 1;
}

int
main(int argc, char *argv[])
{
	struct opts o = { .speed = CHASE_SPEED_004 };
	struct rec_writer *w;
	int status;

	util_init();
	argv = opt_parse(&spec, &o.com, &argc, argv, option, &o);
	if (argc > 0 && strcmp(argv[0], "-") == 0)
		esc_errx(EXIT_BAD, "-: chase rolls on its own and reads no stream");
	w = rec_writer_open(prog, 0);
	rec_json(w, o.json);
	if (argc > 0 && strcmp(argv[0], "pace") == 0)
		status = run_pace(w, &o, argc - 1, argv + 1);
	else if (argc > 0 && strcmp(argv[0], "retreat") == 0)
		status = run_retreat(w, &o, argc - 1, argv + 1);
	else
		status = run_chase(w, &o, argc, argv);
	rec_writer_close(w);
	return status;
}
