/*
 * hazard: roll the hazard die for each turn, under the rules of seeds 000
 * to 004, and write what it calls for as records (hazard(6)).
 */
#include <ctype.h>
#include <err.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alarm.h"
#include "characters.h"
#include "check.h"
#include "hazstate.h"
#include "opt.h"
#include "party.h"
#include "record.h"
#include "rectbl.h"
#include "rules.h"
#include "kwf.h"
#include "util.h"

static const char prog[] = "hazard";

enum action {
	A_EXPLORE, A_REST,			/* the d6 rules */
	A_ADVANCE, A_STAY, A_BACKTRACK, A_HIDE	/* 003 */
};

static const char *const action_names[] = {
	"explore", "rest", "advance", "stay", "backtrack", "hide", NULL
};

enum kind {	/* keys acted on; K_TABLED: another key that rolls a -T table */
	K_OTHER, K_ENCOUNTER, K_FATIGUE, K_SHIFT, K_SIGN, K_TABLED
};

static const char *const kind_keys[] = {
	"", "encounter", "fatigue", "shift", "sign", NULL
};

#define ON_MAX 16	/* -T tables */

struct run {
	struct hazstate s;	/* hazard(6) FILES (common/hazstate.c) */
	struct tbl table;
	struct tbl_row bookkeeping[2];	/* -e: the table's rows, 1 and 2-N */
	struct tbl_plan *plan;	/* its rows' dice, found once (-t) */
	struct tbl_on on[ON_MAX];	/* -T KEY=FILE: rolled when the die says KEY */
	int	 non;
	const struct tbl_on *on_row[TBL_ROWS_MAX];	/* each die row's -T table, or NULL */
	const struct tbl_on *on_encounter;
	unsigned char kind[TBL_ROWS_MAX];	/* each row's enum kind */
	struct tbl_row rows[TBL_ROWS_MAX];	/* -D: the built-in rows, fatigue's said */
	char	 fatigue_text[128];
	struct rec_table rt;	/* records made once: no -v, no -j */
	struct party party;
	int	 have_party;
	enum action action;
	int	 hide_pass;	/* 003: the group's Stealth result given by hand */
	int	 hide_roll;	/* 003: the party's Stealth checks rolled (-p) */
	struct alarm_hide hide;	/* 003: those checks (common/alarm.c) */
	struct tbl_entry entry;	/* scratch: a table row's sentence, rolled */
	struct check_env env;	/* the checks' rules, -a/-d and -L's light */
	int	 write;		/* -w: Fatigue counted and written back */
	long	 damage;	/* 001: fatigue damage, -D */
	long	 sparks;
	enum cadence cadence;	/* 004: a travel turn's length */
	int	 verbose;
	int	 json;
	const struct hazard_rules *hr;	/* hazard_rules[s.rules], looked up once */
	struct rec_writer *w;	/* the records, on standard output */
};

/* What this run's rules name does (common/rules.c, by seed). */
static inline const struct hazard_rules *
rules_of(const struct run *run)
{
	return run->hr;
}

/* hazard's options, its own and the shared ones (opt.c), in -h's order. */
static const struct opt options[] = {
	{ 'a', NULL, "roll the d20s with advantage" },
	{ 'c', "DC", "003: the DC of hide's Stealth checks (default 12)" },
	{ 'D', "DAMAGE", "001: the fatigue damage of a harsh dungeon" },
	{ 'd', NULL, "roll the d20s with disadvantage" },
	{ 'e', "DIE", "the die of the bookkeeping rules, as d8" },
	OPT_SHARED('f'),
	OPT_SHARED('j'),
	{ 'L', "LEVEL", "the party's light level, as light(6) says it" },
	{ 'n', NULL, "roll COUNT turns (default 1)" },
	{ 'p', NULL, "the party file: 000's saves, 001's damage, 002's tiredness" },
	{ 'r', NULL, "the rules: exploration, bookkeeping, delving, ..." },
	OPT_SHARED('s'),
	{ 'T', "KEY=FILE", "roll the table in FILE when the die says KEY" },
	OPT_SHARED('t'),
	OPT_SHARED('u'),
	OPT_SHARED('v'),
	{ 'w', NULL, "write the party's fatigue back to the party file" },
	{ 0, NULL, NULL }
};

static const struct opt_spec spec = {
	prog, "hazard [-adhjuVvw] [-c DC] [-D DAMAGE] [-e DIE] [-f FILE] [-L LEVEL] "
	    "[-n COUNT] "
	    "[-p FILE] "
	    "[-r RULES] [-s SEED] [-T KEY=FILE] [-t FILE] [ACTION ...]", options, 0
};


/*
 * One record: hazard TURN ROLL KEY TEXT, ROLL "-" when nothing was rolled;
 * 004's daily and weekly turns say their CADENCE before the TEXT.
 */
static void
emit(const struct run *run, long roll, const char *key, const char *text,
    const char *dice)
{
	const char *lead = cadence_004[run->cadence].turn;

	rec_begin(run->w, run->cadence == CAD_HOURLY ? REC_LAYOUT(HAZARD_DIE) :
	    REC_LAYOUT(HAZARD_TRAVEL), run->s.turn);
	if (roll == LONG_MIN)
		rec_str(run->w, "-");
	else
		rec_i64(run->w, roll);
	rec_str(run->w, key);
	if (run->cadence != CAD_HOURLY)
		rec_str(run->w, cadence_004[run->cadence].name);
	if (run->verbose && dice != NULL)
		rec_text(run->w, "%s%s [%s]", lead, text, dice);
	else if (*lead != '\0')
		rec_text(run->w, "%s%s", lead, text);
	else
		rec_str(run->w, text);
	rec_end(run->w);
}

/* A row's record made now: its dice rolled (-t), its faces said (-v). */
static void __attribute__((noinline))
emit_entry(struct run *run, long total, const struct tbl_row *row,
    const char *dice)
{
	struct tbl_entry *e = &run->entry;
	char both[TBL_TEXT_MAX + 64];

	tbl_plan_entry(run->plan, row, e, &run->s.st.rng,	/* -t: its dice */
	    TBL_NOTED | (run->verbose ? TBL_FACES : 0));
	if (e->n > 0 && dice != NULL && run->verbose) {
		snprintf(both, sizeof both, "%s; %s", dice, e->faces);
		dice = both;
	}
	emit(run, total, row->key, e->text, dice);
}

/*
 * A row's record as the table has it: prepared once when it can be, the
 * turn's fast path, which sets up no frame of emit_entry's size (with it,
 * 8343737 cost 19 instructions a turn).
 */
static inline void
emit_row(struct run *run, long total, const struct tbl_row *row,
    const char *dice)
{
	if (!rectbl_emit(run->w, &run->rt, REC_LAYOUT(HAZARD_DIE), run->s.turn,
	    total))
		emit_entry(run, total, row, dice);
}

/* pre, text and post in BUF of SIZE, as long as a sentence can be. */
#define JOINED_MAX (TBL_TEXT_MAX * 2 + 256)
static const char *
joined(char *buf, size_t size, const char *pre, const char *text,
    const char *post)
{
	size_t a = strlen(pre), b = strlen(text), c = strlen(post);

	if (a == 0 && c == 0)
		return text;
	if (a + b + c >= size)
		b = size - 1 - a - c;
	memcpy(buf, pre, a);
	memcpy(buf + a, text, b);
	memcpy(buf + a + b, post, c + 1);
	return buf;
}

/* hazard TURN ROLL KEY TABLE DICE TEXT: a -T table's row, or the creature met. */
static void
emit_table(const struct run *run, long total, const char *key,
    const char *table, const struct tbl_entry *e, const char *pre,
    const char *post, const char *dice)
{
	char buf[JOINED_MAX];

	rec_begin(run->w, REC_LAYOUT(HAZARD_TABLE), run->s.turn);
	if (total == LONG_MIN)
		rec_str(run->w, "-");
	else
		rec_i64(run->w, total);
	rec_str(run->w, key);
	rec_str(run->w, table);
	rec_str(run->w, e->dice[0] != '\0' ? e->dice : "-");
	if (run->verbose && dice != NULL && e->n > 0)
		rec_text(run->w, "%s%s%s [%s; %s]", pre, e->text, post, dice,
		    e->faces);
	else if (run->verbose && dice != NULL)
		rec_text(run->w, "%s%s%s [%s]", pre, e->text, post, dice);
	else
		rec_str(run->w, joined(buf, sizeof buf, pre, e->text, post));
	rec_end(run->w);
}


/* A follow-up record: hazard TURN - KEY TEXT. */
static void
emit_followup(const struct run *run, enum followup k)
{
	if (!rectbl_emit_note(run->w, &run->rt, REC_LAYOUT(HAZARD_DIE),
	    run->s.turn, k))
		emit(run, LONG_MIN, followup[k].key, followup[k].text, NULL);
}

/* Roll a table; with -v, describe the dice as "2d6: 3,5". */
static const struct tbl_row *
roll(struct run *run, const struct tbl *t, long *total, char *dice, int size)
{
	uint32_t faces[DICE_COUNT_MAX];
	const struct tbl_row *row;

	row = tbl_roll(t, &run->s.st.rng, total, faces);
	if (run->verbose)
		dice_describe(&t->die, faces, dice, size);
	return row;
}

/* A -T table rolled: its row, the row's sentence rolled into run->entry. */
static const struct tbl_row *
roll_on(struct run *run, const struct tbl_on *t, long *total, char *dice,
    int size)
{
	const struct tbl_row *row = roll(run, &t->t, total, dice, size);

	tbl_plan_entry(t->plan, row, &run->entry, &run->s.st.rng,
	    run->verbose ? TBL_FACES : 0);
	return row;
}

/* A -T table of a result: its row, then the row's dice. */
static void __attribute__((noinline))
emit_table_on(struct run *run, const struct tbl_on *t)
{
	const struct tbl_row *row;
	char dice[64];
	long total;

	row = roll_on(run, t, &total, dice, sizeof dice);
	emit_table(run, total, row->key, t->key, &run->entry, "", "", dice);
}

/* The -T table of a result, when there is one (the turn's test inline). */
static inline void
emit_on(struct run *run, const struct tbl_on *t)
{
	if (t != NULL)
		emit_table_on(run, t);
}

/* 001, 002: a sign rolls the encounter table; the creature is kept for the next encounter. */
static void
sign_creature(struct run *run)
{
	struct tbl_entry *e = &run->entry;
	const struct tbl_on *t = run->on_encounter;
	const struct tbl_row *row;
	char dice[64];
	size_t n;
	long total;

	if (t == NULL)
		return;
	row = roll_on(run, t, &total, dice, sizeof dice);
	n = strlen(e->text);
	while (n > 0 && strchr(".!", e->text[n - 1]) != NULL)
		e->text[--n] = '\0';	/* the creature, not its sentence */
	if (isupper((unsigned char)e->text[0]) && (e->text[1] == ' ' ||
	    islower((unsigned char)e->text[1])))	/* "Goblins", not "NPC" */
		e->text[0] = (char)tolower((unsigned char)e->text[0]);
	memcpy(run->s.creature, e->text, n + 1);
	n = strlen(row->key);	/* a key has at most 32 letters */
	memcpy(run->s.creature_key, row->key, n < sizeof run->s.creature_key ?
	    n + 1 : 0);
	run->s.sign = 1;
	emit_table(run, total, row->key, "encounter", e, text_sign_of[0],
	    text_sign_of[1], dice);
}

/* 001, 002: the creature of the sign is met instead of a roll; then forgotten. */
static void
meet_creature(struct run *run)
{
	struct tbl_entry *e = &run->entry;

	str_copy(e->text, sizeof e->text, run->s.creature);
	e->dice[0] = '\0';
	e->n = 0;
	emit_table(run, LONG_MIN, run->s.creature_key, "encounter", e,
	    text_sign_creature_met[0], text_sign_creature_met[1], NULL);
	run->s.creature[0] = run->s.creature_key[0] = '\0';
	run->s.sign = 0;
}

/* hazard TURN ROLL KEY NAME TOTAL DC RESULT, the TEXT to follow */
static void
save_fields(const struct run *run, const struct check *c, const char *key,
    const struct member *m)
{
	rec_begin(run->w, REC_LAYOUT(HAZARD_SAVE), run->s.turn);
	rec_i64(run->w, c->roll);
	rec_str(run->w, key);
	rec_str(run->w, m->name);
	rec_i64(run->w, c->total);
	rec_i64(run->w, c->dc);
	rec_str(run->w, c->pass ? "pass" : "fail");
}

/*
 * 000: each character's CON save, DC 12; failure gains 1 Fatigue, counted
 * on the character (fatigue=, written back with -w): common/characters.c.
 */
static void
con_saves(struct run *run)
{
	struct member *m;
	struct rolled k;
	char gained[64];
	long fatigue;
	int i;

	for (i = 0; i < run->party.n; i++) {
		m = &run->party.m[i];
		if (party_dead(m))
			continue;
		fatigue = chars_con_save(&k, &run->s.st.rng, m, &run->env,
		    run->write);
		save_fields(run, &k.c, "save", m);
		gained[0] = '\0';
		if (fatigue >= 0)
			snprintf(gained, sizeof gained, " and gains 1 Fatigue, "
			    "%ld in all", fatigue);
		rec_text(run->w,
		    "%s %s the CON save: %ld%+ld = %ld against DC %ld%s%s.",
		    m->name, k.c.pass ? "makes" : "fails", k.c.roll, k.c.mod,
		    k.c.total, k.c.dc, k.says, k.c.pass ? "" : gained[0] != '\0' ?
		    gained : " and gains 1 Fatigue");
		rec_end(run->w);
	}
}

/* 000: rest 1 turn in 6; a turn past the due rest calls for CON saves. */
static void
rest_clock(struct run *run)
{
	int fu = rest_tick(&run->s.since_rest, run->action == A_REST);

	if (fu >= 0)
		emit_followup(run, (enum followup)fu);
	if (fu == FU_SKIPPED && run->have_party)
		con_saves(run);
}

/* A character's own follow-up: hazard TURN - KEY TEXT. */
static void __attribute__((format(printf, 3, 4)))
emit_member(const struct run *run, const char *key, const char *fmt, ...)
{
	char text[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	emit(run, LONG_MIN, key, text, NULL);
}

/* 001: each character's fatigue damage (common/characters.c), said. */
static void
fatigue_damage(struct run *run)
{
	struct member *m;
	long d = run->damage;
	int i;

	for (i = 0; i < run->party.n; i++) {
		m = &run->party.m[i];
		if (party_dead(m))
			continue;
		if (chars_fatigue_damage(m, d) == 0)
			emit_member(run, "down", "%s takes %ld damage from "
			    "fatigue: at 0 HP.", m->name, d);
		else
			emit_member(run, "damage", "%s takes %ld damage from "
			    "fatigue: %ld HP left.", m->name, d, m->val[PK_HP]);
	}
}

/* 002: each character tired, then exhausted (common/characters.c), said. */
static void
fatigue_condition(struct run *run)
{
	static const char *const says[] = {
		[CT_STAYS_EXHAUSTED] = "stays exhausted and makes rolls at "
		    "disadvantage.",
		[CT_EXHAUSTED] = "was already tired: exhausted, and makes "
		    "rolls at disadvantage.",
		[CT_TIRED] = "is tired (no effect yet)."
	};
	static const char *const keys[] = {
		[CT_STAYS_EXHAUSTED] = "exhausted", [CT_EXHAUSTED] = "exhausted",
		[CT_TIRED] = "tired"
	};
	struct member *m;
	enum chars_tiring t;
	int i;

	for (i = 0; i < run->party.n; i++) {
		m = &run->party.m[i];
		if (party_dead(m))
			continue;
		t = chars_tire(m);
		emit_member(run, keys[t], "%s %s", m->name, says[t]);
	}
}

/*
 * 000 (-p), 001, 002: last turn's fatigue is rested off now, or it is
 * taken: under 000 the saves are rolled now, the party having chosen not
 * to rest.
 */
static void
settle_fatigue(struct run *run)
{
	const struct hazard_rules *hr = rules_of(run);
	enum followup fu;

	if (!run->s.fatigue)
		return;
	run->s.fatigue = 0;
	if (hr->saves) {
		emit_followup(run, run->action == A_REST ? FU_SAVE_RESTED :
		    FU_SAVE_DUE);
		if (run->action != A_REST && run->have_party)
			con_saves(run);
		return;
	}
	fu = fatigue_settle(&run->s.condition, hr->fatigue_condition,
	    run->action == A_REST);
	if (fu == FU_DAMAGE && run->damage != FATIGUE_DAMAGE_001)
		emit_member(run, followup[fu].key, "The party did not rest: each "
		    "member takes %ld damage from fatigue (harsh conditions).",
		    run->damage);
	else
		emit_followup(run, fu);
	if (run->action == A_REST || !run->have_party)
		return;
	if (hr->fatigue_damage)
		fatigue_damage(run);
	else
		fatigue_condition(run);
}

/* 001: a minor dungeon shift, rolled among the seed's examples. */
static void
emit_shift(struct run *run, long roll_total, const char *text,
    const char *hazard_dice)
{
	char dice[64], both[TBL_TEXT_MAX + 128], both_dice[160];
	const struct tbl_row *shift;
	long total;

	shift = roll(run, &shift_001, &total, dice, sizeof dice);
	snprintf(both, sizeof both, "%s %s", text, shift->text);
	if (run->verbose)	/* the hazard die first, then the shift's */
		snprintf(both_dice, sizeof both_dice, "%s; the shift's %s",
		    hazard_dice, dice);
	emit(run, roll_total, "shift", both, run->verbose ? both_dice : NULL);
}

/* 002: the encounter's disposition on 2d6, a record of its own. */
static void
emit_disposition(struct run *run)
{
	char dice[64], said[TBL_TEXT_MAX + 32];
	const struct tbl_row *row;
	long total;

	row = roll(run, &disposition_002, &total, dice, sizeof dice);
	/* "Disposition: 8 on 2d6, uninterested.": the roll said, not asked for */
	snprintf(said, sizeof said, "Disposition: %ld on 2d6, %c%s", total,
	    tolower((unsigned char)row->text[0]), row->text + 1);
	emit(run, total, row->key, said, dice);
}

/* The encounter's own record: 002's sentence where the table is the seed's. */
static void
encounter_die(struct run *run, long total, const struct tbl_row *row,
    const char *dice)
{
	if (rules_of(run)->disposition &&
	    row->text == hazard_table[run->s.rules].rows[0].text)
		emit(run, total, row->key, text_encounter_002, dice);
	else
		emit_row(run, total, row, dice);
}

static void
emit_encounter(struct run *run, long total, const struct tbl_row *row,
    const char *dice)
{
	char both[TBL_TEXT_MAX + 64];

	if (run->s.creature[0] != '\0') {	/* 001, 002: the sign's creature */
		encounter_die(run, total, row, dice);
		meet_creature(run);
	} else if (rules_of(run)->sign_met && run->s.sign) {	/* 001: SIGN */
		run->s.sign = 0;
		snprintf(both, sizeof both, "%s %s", row->text, text_sign_met);
		emit(run, total, row->key, both, dice);
	} else {
		encounter_die(run, total, row, dice);
		emit_on(run, run->on_encounter);
	}
	if (rules_of(run)->disposition)
		emit_disposition(run);
}

/*
 * Fatigue waits for the next turn; ignored while resting.  000: "rest now
 * for 10 minutes, or make a CON save (DC 12)": with -p the party chooses
 * by its next turn, a rest or an action, and the saves wait for it.
 */
static void
emit_fatigue(struct run *run, long total, const struct tbl_row *row,
    const char *dice)
{
	emit_row(run, total, row, dice);
	emit_on(run, run->on_row[row - run->table.rows]);
	if (rules_of(run)->fatigue_waits || run->have_party)
		run->s.fatigue = run->action != A_REST;
}

/*
 * 002: "Resting for 1 hour in the dungeon only heals 1d8 + str bonus": six
 * rest turns in a row are the hour; the sixth heals each character with hp=
 * (-p), its d8 drawn after the turn's die and tables, character by
 * character.  Any other action starts the count again.
 */
static void
rest_hour(struct run *run)
{
	char says[PARTY_NAME_MAX + 120];
	struct member *m;
	int i;

	if (!rest_hour_tick(&run->s.rest_turns, run->action == A_REST))
		return;
	for (i = 0; run->have_party && i < run->party.n; i++) {
		m = &run->party.m[i];
		if (!(m->has & 1u << PK_HP) || party_dead(m))
			continue;
		chars_rest_dungeon(m, 1, &run->s.st.rng, says, sizeof says);
		emit_member(run, "heal", "An hour of rest in the dungeon: %s.",
		    says);
	}
}

/* One turn under the die rules: 000, 000 bookkeeping, 001, 002, 004. */
static void
die_turn(struct run *run)
{
	char dice[64];
	const struct tbl_row *row;
	long total, drawn;	/* total's address is not taken: a register */
	const struct hazard_rules *hr = rules_of(run);

	settle_fatigue(run);
	if (run->rt.ready)
		row = rectbl_roll(&run->rt, &run->s.st.rng, &total);
	else {
		row = roll(run, &run->table, &drawn, dice, sizeof dice);
		total = drawn;
	}
	if (run->s.turn <= GRACE_TURNS_002 && hr->grace &&
	    total >= GRACE_FROM_002)	/* 002: 4-6 are nothing at first */
		emit(run, total, "nothing", "Nothing happens: the first 6 turns "
		    "of a delve are quiet on a 4-6.", dice);
	else if (run->kind[row - run->table.rows] == K_OTHER)
		emit_row(run, total, row, dice);	/* the common turn */
	else switch (run->kind[row - run->table.rows]) {
	case K_ENCOUNTER:
		emit_encounter(run, total, row, dice);
		break;
	case K_FATIGUE:
		emit_fatigue(run, total, row, dice);
		break;
	case K_SHIFT:
		if (hr->shift_rolls && run->on_row[row - run->table.rows] == NULL) {
			emit_shift(run, total, row->text, dice);
			break;
		}
		emit_row(run, total, row, dice);
		emit_on(run, run->on_row[row - run->table.rows]);
		break;
	case K_SIGN:
		emit_row(run, total, row, dice);
		if (hr->sign_names)
			sign_creature(run);
		run->s.sign |= hr->sign_met;	/* 001: the next encounter */
		emit_on(run, run->on_row[row - run->table.rows]);
		break;
	case K_TABLED:
		emit_row(run, total, row, dice);
		emit_on(run, run->on_row[row - run->table.rows]);
		break;
	default:	/* K_OTHER, its record alone, is above */
		break;
	}
	if (hr->rest_clock)
		rest_clock(run);
	else if (hr->rest_heals)	/* 002's; 000's rules have the clock */
		rest_hour(run);
}

/*
 * The alarm's change as a person says it: "rises to 4", "holds at 4",
 * "falls by 3 to 2 (...)", "stays at 0".
 */
static void
alarm_change(char *buf, size_t size, enum alarm_event e, long before,
    long after, long fall)
{
	if (e == AE_HIDE_PASS && after < before)
		snprintf(buf, size, "%s; the alarm falls by %ld to %ld (%s%s)",
		    text_hide_pass_003, before - after, after, text_hide_fall_003,
		    before - after < fall ? ", never below 0" : "");
	else if (e == AE_HIDE_PASS)
		snprintf(buf, size, "%s; the alarm stays at %ld",
		    text_hide_pass_003, after);
	else if (e == AE_HIDE_FAIL)
		snprintf(buf, size, "%s", text_hide_fail_003);
	else if (e == AE_BACKTRACK_QUIET || e == AE_BACKTRACK_ENCOUNTER)
		snprintf(buf, size, "the alarm holds at %ld", before);
	else if (after > before || alarm_met(e))
		snprintf(buf, size, "the alarm rises to %ld", before + 1);
	else
		snprintf(buf, size, "the alarm stays at %ld, its most", before);
}

/*
 * The group's Stealth check from its members' (-p): "2 of 3 make their
 * Stealth checks, at least half: ", or "" when the GM gave pass or fail.
 */
static void
hide_group(const struct run *run, char *buf, size_t size)
{
	int n = run->party.n;

	buf[0] = '\0';
	if (run->hide_roll)
		snprintf(buf, size, "%d of %d make%s the Stealth check, %s: ",
		    run->hide.made, n, run->hide.made == 1 ? "s" : "",
		    HIDE_GROUP_PASSES(run->hide.made, n) ? "at least half" :
		    "fewer than half");
}

/* hazard TURN ROLL KEY ALARM TEXT: the move, the alarm, the d10 if rolled. */
static void
emit_alarm(const struct run *run, const struct alarm_turn *t)
{
	char change[160], group[96];
	enum alarm_event e = t->event;
	long d10 = t->d10;
	size_t n;

	hide_group(run, group, sizeof group);
	n = strlen(group);
	snprintf(change, sizeof change, "%s", group);
	alarm_change(change + n, sizeof change - n, e, t->before, run->s.alarm,
	    ALARM_HIDE_003 + run->sparks);
	rec_begin(run->w, REC_LAYOUT(HAZARD_ALARM), run->s.turn);
	if (d10 == LONG_MIN)
		rec_str(run->w, "-");
	else
		rec_i64(run->w, d10);
	rec_str(run->w, alarm_met(e) ? "encounter" : "quiet");
	rec_i64(run->w, run->s.alarm);
	if (d10 == LONG_MIN)
		rec_text(run->w, "%s: %s%s.", alarm_move_003[e], change,
		    e == AE_STAY ? "; no check" : "");
	else if (run->verbose)
		rec_text(run->w, "%s: %s; the d10 shows %ld, %s. [d10: %ld]",
		    alarm_move_003[e], change, d10, alarm_met(e) ?
		    text_alarm_met_003 : text_alarm_quiet_003, d10);
	else
		rec_text(run->w, "%s: %s; the d10 shows %ld, %s.",
		    alarm_move_003[e],
		    change, d10, alarm_met(e) ? text_alarm_met_003 :
		    text_alarm_quiet_003);
	rec_end(run->w);
}

/* hazard TURN ROLL stealth NAME TOTAL DC RESULT TEXT: hide's checks, rolled. */
static void
emit_stealth(const struct run *run)
{
	const struct rolled *k;
	int i;

	for (i = 0; i < run->party.n; i++) {
		k = &run->hide.check[i];
		save_fields(run, &k->c, "stealth", &run->party.m[i]);
		rec_text(run->w,
		    "%s %s the Stealth check: %ld%+ld = %ld against DC %ld%s.",
		    run->party.m[i].name, k->c.pass ? "makes" : "fails",
		    k->c.roll, k->c.mod, k->c.total, k->c.dc, k->says);
		rec_end(run->w);
	}
}

/* 003: the turn of common/alarm.c, then its records, then the encounter's table. */
static void
play_alarm(struct run *run)
{
	static const enum alarm_move moves[] = {
		[A_ADVANCE] = AM_ADVANCE, [A_STAY] = AM_STAY,
		[A_BACKTRACK] = AM_BACKTRACK, [A_HIDE] = AM_HIDE_FAIL
	};
	enum alarm_move m = run->action == A_HIDE && run->hide_pass ?
	    AM_HIDE_PASS : moves[run->action];
	struct alarm_turn t;

	alarm_turn(&t, &run->s.alarm, m, run->sparks,
	    run->hide_roll ? &run->hide : NULL, &run->s.st.rng);
	if (run->hide_roll)
		emit_stealth(run);
	emit_alarm(run, &t);
	if (alarm_met(t.event))
		emit_on(run, run->on_encounter);
}

/*
 * 004's CADENCE operand: hourly, daily or weekly, or the place that
 * names one: overland, river, lake (daily), sea (weekly).
 */
static void
travel_cadence(struct run *run, int argc, char **argv)
{
	int w = word_in(argv[0], cadence_words_004);

	if (w < 0)
		esc_errx(EXIT_BAD, "%s: not a cadence of the travel rules (%s)",
		    argv[0], hazard_actions_said[R_TRAVEL]);
	if (argc > 1)
		opt_usage(&spec, "%s: one operand too many", argv[1]);
	run->cadence = cadence_of_word_004[w];
}

/*
 * hide pass [SPARKS] and hide fail: the group's Stealth check rolled by
 * hand; hide [SPARKS]: rolled here for the party file's characters.
 */
static void
hide_operands(struct run *run, int argc, char **argv)
{
	int by_hand = argc > 1 && (strcmp(argv[1], "pass") == 0 ||
	    strcmp(argv[1], "fail") == 0);
	int at = by_hand ? 2 : 1;	/* where SPARKS goes */

	run->hide_roll = !by_hand;
	run->hide_pass = by_hand && argv[1][0] == 'p';
	if (argc > at && (run->hide_pass || run->hide_roll))
		run->sparks = (long)estrtonum(argv[at], 0, 99, "SPARKS");
	else if (argc > at)
		opt_usage(&spec, "%s: one operand too many", argv[at]);
	if (argc > at + 1)
		opt_usage(&spec, "%s: one operand too many", argv[at + 1]);
}

/* ACTION operands: rest (the d6 rules); advance, stay, backtrack, hide pass [SPARKS], hide fail (003). */
static void
parse_action(struct run *run, int argc, char **argv)
{
	const struct hazard_rules *hr = rules_of(run);
	int alarm = hr->alarm, a;

	run->action = alarm ? A_ADVANCE : A_EXPLORE;
	if (argc == 0)
		return;
	if (hr->cadences) {
		travel_cadence(run, argc, argv);
		return;
	}
	if ((a = word_in(argv[0], action_names)) < 0 || a == A_EXPLORE ||
	    (a == A_REST) == alarm || (a == A_REST && !hr->rest_action))
		esc_errx(EXIT_BAD, "%s: not an action of the %s rules (%s)", argv[0],
		    rules_names[run->s.rules], hr->rest_action || alarm ?
		    hazard_actions_said[run->s.rules] : "none");
	run->action = (enum action)a;
	if (a == A_HIDE)
		hide_operands(run, argc, argv);
	else if (argc > 1)
		opt_usage(&spec, "%s: one operand too many", argv[1]);
}

struct opts {
	OPT_COMMON;		/* -adfjnprstuv */
	const char *die, *level;
	char	*on[ON_MAX];	/* -T KEY=FILE */
	int	 non;
	int	 write;
	long	 damage;	/* -D */
	long	 dc;		/* -c, 0 when not given */
};

/* -e DIE (000 bookkeeping): a single die; 1 is an encounter. */
static void
bookkeeping_die(struct run *run, const char *die)
{
	struct tbl_row *rows = run->bookkeeping;
	struct expr e;
	const char *why;

	if ((why = expr_parse(&e, die)) != NULL)
		esc_errx(EXIT_BAD, "-e: '%s': %s", die, why);
	if (dice_of(&run->table.die, &e) != NULL || run->table.die.count != 1 ||
	    run->table.die.mod != 0 || run->table.die.sides < 2)
		esc_errx(EXIT_BAD, "-e: '%s': the bookkeeping die must be one plain "
		    "die of 2 or more sides, as d8", die);
	rows[0] = hazard_table[run->s.rules].rows[0];
	rows[1] = hazard_table[run->s.rules].rows[1];
	rows[1].hi = run->table.die.sides;
	run->table.rows = rows;
}

static void
check_rules_options(const struct run *run, const struct opts *o)
{
	const struct hazard_rules *hr = rules_of(run);
	const char *name = rules_names[run->s.rules];

	if (o->die != NULL && !hr->own_die)
		esc_errx(EXIT_BAD, "-e: the %s rules roll their own die (-e is for bookkeeping)", name);
	if (o->die != NULL && o->table != NULL)
		esc_errx(EXIT_BAD, "-e and -t: give one die or one table, not both");
	if (o->table != NULL && hr->alarm)
		esc_errx(EXIT_BAD, "-t: the alarm rules roll against the alarm, not a table "
		    "(-T encounter=FILE rolls a table on each encounter)");
	if (o->adv && !hr->d20 && !run->hide_roll)
		esc_errx(EXIT_BAD, "-%c: the %s rules roll no d20", o->adv > 0 ? 'a' : 'd', name);
	if (o->level != NULL && !hr->saves)
		esc_errx(EXIT_BAD, "-L: the %s rules roll no check the light changes "
		    "(-L is for the CON saves of exploration and bookkeeping)", name);
	if (o->dc && !run->hide_roll)
		esc_errx(EXIT_BAD, "-c: the DC of hide's Stealth checks (-c is for "
		    "hide under the alarm rules, with -p)");
	if (o->party != NULL && !hr->party && !hr->alarm)	/* 003: for hide */
		esc_errx(EXIT_BAD, "-p: the %s rules keep no character (-p is for exploration, bookkeeping, delving, dungeonturn and the alarm's hide)", name);
	if (o->damage && !hr->fatigue_damage)
		esc_errx(EXIT_BAD, "-D: fatigue damage is 001's (-D is for delving)");
}

/* A result the die can give: the key of a row, or the alarm's encounter. */
static int
die_result(const struct run *run, const char *key)
{
	int i;

	if (rules_of(run)->alarm)
		return strcmp(key, "encounter") == 0;
	for (i = 0; i < run->table.nrows; i++)
		if (strcmp(run->table.rows[i].key, key) == 0)
			return 1;
	return 0;
}

/* The die's results in LIST, for the error of a -T that names none of them. */
static const char *
die_keys(const struct run *run, char *list, size_t size)
{
	size_t n = 0;
	int i;

	if (rules_of(run)->alarm)
		return "encounter";
	list[0] = '\0';
	for (i = 0; i < run->table.nrows && n + 40 < size; i++)
		if (!strstr(list, run->table.rows[i].key))
			n += (size_t)snprintf(list + n, size - n, "%s%s",
			    n ? ", " : "", run->table.rows[i].key);
	return list;
}

/* -T KEY=FILE: rolled when the die says KEY (-t replaces the die's own table). */
static void
load_on(struct run *run, const struct opts *o)
{
	char *file, keys[512];
	int i;

	for (i = 0; i < o->non; i++) {
		if ((file = tbl_on_split(o->on[i])) == NULL)
			esc_errx(EXIT_BAD, "-T: '%s': expected KEY=FILE, a table rolled "
			    "when the die says KEY, as encounter=crypt.md "
			    "(-t FILE replaces the die's own table)", o->on[i]);
		if (!die_result(run, o->on[i]))
			esc_errx(EXIT_BAD, "-T: '%s': not a result of the %s die (%s)",
			    o->on[i], rules_names[run->s.rules],
			    die_keys(run, keys, sizeof keys));
		if (tbl_on_find(run->on, run->non, o->on[i]) != NULL)
			esc_errx(EXIT_BAD, "-T: '%s': given twice", o->on[i]);
		tbl_on_load(&run->on[run->non++], o->on[i], file);
	}
	run->on_encounter = tbl_on_find(run->on, run->non, "encounter");
	for (i = 0; i < run->table.nrows; i++)
		run->on_row[i] = tbl_on_find(run->on, run->non,
		    run->table.rows[i].key);
}

/* 003 hide [SPARKS]: the party whose Stealth checks are rolled, dex= each. */
static void
hide_party(struct run *run, const char *path, const struct opts *o)
{
	if (path == NULL)
		esc_errx(EXIT_BAD, "hide: expected hide pass [SPARKS], hide fail, or "
		    "-p FILE to roll the party's Stealth checks");
	if (o->write)
		esc_errx(EXIT_BAD, "-w: hide changes no character");
	party_load(&run->party, path);
	party_drop_dead(&run->party);	/* 004: the dead make no check */
	party_need(&run->party, PK_DEX);
	run->hide.party = &run->party;
	run->hide.dc = o->dc ? o->dc : HIDE_DC_003;
	run->hide.env = &run->env;
}

/*
 * 001: "The damage may be higher [in] dungeons with harsh conditions": with
 * -D, the built-in fatigue row says the damage dealt, not the seed's 1.
 */
static void
harsh_fatigue(struct run *run, long damage)
{
	int i;

	if (!rules_of(run)->fatigue_damage || damage == 0 ||
	    damage == FATIGUE_DAMAGE_001 || run->table.nrows > TBL_ROWS_MAX)
		return;
	memcpy(run->rows, run->table.rows, (size_t)run->table.nrows *
	    sizeof run->rows[0]);
	snprintf(run->fatigue_text, sizeof run->fatigue_text, "Fatigue: each "
	    "party member takes %ld damage (harsh conditions) unless they "
	    "spend the next turn resting.", damage);
	for (i = 0; i < run->table.nrows; i++)
		if (strcmp(run->rows[i].key, "fatigue") == 0)
			run->rows[i].text = run->fatigue_text;
	run->table.rows = run->rows;
}

static void
setup(struct run *run, const struct opts *o)
{
	const char *party = party_path(o->party);
	const struct hazard_rules *hr = rules_of(run);
	int i, k;

	check_rules_options(run, o);
	run->table = hazard_table[run->s.rules];
	harsh_fatigue(run, o->damage);	/* the built-in table; -t's says its own */
	if (o->die != NULL)
		bookkeeping_die(run, o->die);
	if (o->table != NULL)
		tbl_load(&run->table, o->table);
	if (run->table.nrows > TBL_ROWS_MAX)	/* on_row[], kind[] */
		esc_errx(EXIT_BAD, "-t: %s: more than %d rows for a hazard die",
		    o->table, TBL_ROWS_MAX);
	load_on(run, o);
	if (!hr->alarm)
		run->plan = tbl_plan(&run->table);
	run->env.rules = run->s.rules;
	run->env.adv = o->adv;
	run->env.dark = o->level != NULL && check_level("-L", o->level);
	if (hr->cautious && o->adv && run->table.die.count == 1 &&
	    run->table.die.mod == 0) {	/* 004: cautious, advantage */
		run->table.die.count = 2;
		run->table.die.keephigh = o->adv > 0;
	}
	if (run->hide_roll)
		hide_party(run, party, o);
	else if (party != NULL && hr->party) {
		party_load(&run->party, party);
		if (hr->saves)
			party_need(&run->party, PK_CON);
		if (hr->fatigue_damage)
			party_need(&run->party, PK_HP);
		party_say_dead(&run->party);
		run->have_party = 1;
	} else if (o->write)
		esc_errx(EXIT_BAD, "-w: writes the party's fatigue back to a party file: give -p FILE or DELVING_PARTY (not under alarm or travel)");
	run->damage = o->damage ? o->damage : FATIGUE_DAMAGE_001;
	run->verbose = o->verbose;
	run->write = o->write;
	run->json = o->json;
	for (i = 0; i < run->table.nrows; i++) {
		k = word_in(run->table.rows[i].key, kind_keys);
		if (k <= 0 && hr->shift_rolls &&
		    strcmp(run->table.rows[i].key, "dungeon") == 0)
			k = K_SHIFT;	/* 001's own row 4: "DUNGEON SHIFT: ..." */
		run->kind[i] = (unsigned char)(k > 0 ? k :
		    run->on_row[i] != NULL ? K_TABLED : K_OTHER);
	}
	/* prepared records pay over many turns; one is written field by field */
	if (o->count > 1 && !hr->alarm && !o->verbose && !o->json &&
	    run->cadence == CAD_HOURLY &&
	    tbl_fixed(&run->table) && rectbl_prepare(&run->rt, &run->table))
		for (i = 0; i < FU_NFOLLOWUPS; i++)
			rectbl_note(&run->rt, i, followup[i].key, followup[i].text);
}

static void
play(struct run *run, long long count)
{
	long long i;

	if ((uint64_t)count > (uint64_t)COUNT_MAX - run->s.turn)
		esc_errx(EXIT_BAD, "-n: the turn count would pass %lld", COUNT_MAX);
	if (rules_of(run)->alarm)
		for (i = 0; i < count; i++) {
			run->s.turn++;
			play_alarm(run);
		}
	else
		for (i = 0; i < count; i++) {
			run->s.turn++;
			die_turn(run);
		}
}

static void
option(void *ctx, int letter, char *v)
{
	struct opts *o = ctx;

	switch (letter) {
	case 'c': o->dc = (long)estrtonum(v, 1, HIDE_DC_MAX, "-c"); break;
	case 'D':
		o->damage = (long)estrtonum(v, 1, FATIGUE_DAMAGE_MAX_001, "-D");
		break;
	case 'e': o->die = v; break;
	case 'L': o->level = v; break;
	case 'T':
		if (o->non == ON_MAX)
			esc_errx(EXIT_BAD, "-T: more than %d tables", ON_MAX);
		o->on[o->non++] = v;
		break;
	case 'w': o->write = 1; break;
	}
}

int
main(int argc, char *argv[])
{
	struct run run = { 0 };
	struct opts o = { 0 };
	struct kwf *f = NULL, *pf = NULL;
	struct party was;	/* the party as read, for -w */
	int i;

	util_init();
	hazstate_init(&run.s);
	argv = opt_parse(&spec, &o.com, &argc, argv, option, &o);
	if (argc > 0 && strcmp(argv[0], "-") == 0)
		esc_errx(EXIT_BAD, "-: hazard rolls its own turns and reads no stream");
	if (o.file != NULL) {
		f = kwf_update(o.file, prog);
		hazstate_load(&run.s, f);
	}
	run.s.rules = rules_pick(o.rules, run.s.rules, RULES_ALL, R_EXPLORATION);
	run.hr = &hazard_rules[run.s.rules];
	parse_action(&run, argc, argv);
	if (f != NULL)	/* a killed -w run's party file first */
		kwf_settle(f, party_path(o.party));
	if (o.write && party_path(o.party) != NULL)
		pf = kwf_update(party_path(o.party), NULL);	/* before it is read */
	if (f != NULL && pf != NULL)
		kwf_pair(f, pf);	/* both written as one */
	setup(&run, &o);
	if (pf != NULL)
		was = run.party;
	stream_start(&run.s.st, prog, o.seed, o.verbose);
	run.w = rec_writer_open(prog, o.unbuffered);
	rec_json(run.w, o.json);
	play(&run, o.count);
	rec_writer_close(run.w);
	if (f != NULL)
		hazstate_put(&run.s, f);
	party_commit_with(f, pf, &was, &run.party);
	rectbl_free(&run.rt);
	tbl_plan_free(run.plan);
	tbl_free(&run.table);
	for (i = 0; i < run.non; i++)
		tbl_on_free(&run.on[i]);
	return EXIT_OK;
}
