/*
 * hazard: roll the hazard die for each turn, under the rules of seeds 000
 * to 004, and write what it calls for as records (hazard(6)).
 */
#include <ctype.h>
#include <limits.h>
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

#define SAID_TOTALS_MAX 4096	/* a -T table's totals whose fields are kept */

enum kind {	/* keys acted on; K_TABLED: another key that rolls a -T table */
	K_OTHER, K_ENCOUNTER, K_FATIGUE, K_SHIFT, K_SIGN, K_TABLED
};

static const char *const kind_keys[] = {
	"", "encounter", "fatigue", "shift", "sign", NULL
};

struct run {
	struct hazstate s;	/* hazard(6) FILES (common/hazstate.c) */
	struct hazdie die;	/* the die's table (common/rules.c) */
	struct tbl_plan *plan;	/* its rows' dice, found once (-t) */
	struct drawn_on tables;	/* -T KEY=FILE: rolled when the die says KEY */
	struct rec_memo said_on[DRAWN_MAX];	/* each table's fields by total */
	struct rec_memo met;	/* a creature met's, by the total that found it: */
	long	 met_at;	/* this run's sign's, or -1 (the state file's) */
	const struct tbl_on *on_row[TBL_ROWS_MAX];	/* each die row's -T table, or NULL */
	const struct tbl_on *on_encounter;
	unsigned char kind[TBL_ROWS_MAX];	/* each row's enum kind */
	struct rec_table rt;	/* records made once: no -v, no -j */
	struct party party;
	struct party_with with;	/* -f's state, -w's party: Fatigue counts */
	struct hazard_act act;	/* ACTION (common/rules.c) */
	struct alarm_hide hide;	/* 003: those checks (common/alarm.c) */
	struct tbl_entry entry;	/* scratch: a table row's sentence, rolled */
	struct check_env env;	/* the checks' rules, -a/-d and -L's light */
	long	 damage;	/* 001: fatigue damage, -D */
	const struct hazard_rules *hr;	/* hazard_rules[s.rules], looked up once */
	struct rec_writer *w;	/* the records, on standard output */
};

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
	    "[-n COUNT] [-p FILE] [-r RULES] [-s SEED] [-T KEY=FILE] [-t FILE] "
	    "[ACTION ...]", options, 0
};

/*
 * One record: hazard TURN ROLL KEY TEXT, ROLL "-" when nothing was rolled;
 * 004's daily and weekly turns say their CADENCE before the TEXT.
 */
static void
emit(const struct run *run, long roll, const char *key, const char *text,
    const char *dice)
{
	const char *lead = cadence_004[run->act.cadence].turn;

	rec_begin(run->w, run->act.cadence == CAD_HOURLY ? REC_LAYOUT(HAZARD_DIE) :
	    REC_LAYOUT(HAZARD_TRAVEL), run->s.turn);
	if (roll == LONG_MIN)
		rec_str(run->w, "-");
	else
		rec_i64(run->w, roll);
	rec_str(run->w, key);
	if (run->act.cadence != CAD_HOURLY)
		rec_str(run->w, cadence_004[run->act.cadence].name);
	if (run->env.verbose && dice != NULL)
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
	    TBL_NOTED | (run->env.verbose ? TBL_FACES : 0));
	if (e->n > 0 && dice != NULL && run->env.verbose) {
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

/*
 * hazard TURN ROLL KEY TABLE DICE TEXT: a row of the -T table ON, its
 * sentence rolled in run->entry, or (TOTAL LONG_MIN) the creature met;
 * TEXT is the three parts of SAID.  The fields up to DICE are made once
 * for each total of ON's die, and a creature's once for the total that
 * found it (met_at).
 */
static void
emit_table(struct run *run, const struct tbl_on *on, long total,
    const char *key, const char *const said[3], const char *dice)
{
	const struct tbl_entry *e = &run->entry;
	struct rec_memo *m = on == NULL ? NULL : total == LONG_MIN ? &run->met :
	    &run->said_on[on - run->tables.on];
	size_t i = total == LONG_MIN ? (size_t)run->met_at :
	    (size_t)(total - dice_min(&on->t.die));

	if (m == NULL || !rec_memo_begin(run->w, m, i,
	    REC_LAYOUT(HAZARD_TABLE), run->s.turn)) {
		rec_begin(run->w, REC_LAYOUT(HAZARD_TABLE), run->s.turn);
		if (total == LONG_MIN)
			rec_str(run->w, "-");
		else
			rec_i64(run->w, total);
		rec_str(run->w, key);
		rec_str(run->w, on != NULL ? on->key : "encounter");
		rec_str(run->w, total != LONG_MIN && e->dice[0] != '\0' ? e->dice :
		    "-");
		if (m != NULL)
			rec_memo_keep(run->w, m, i);
	}
	if (run->env.verbose && dice != NULL)	/* the faces of the row's dice */
		rec_text(run->w, "%s%s%s [%s%s%s]", said[0], said[1], said[2],
		    dice, e->n > 0 ? "; " : "", e->n > 0 ? e->faces : "");
	else
		rec_strs(run->w, said, 3);
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
	if (run->env.verbose)
		dice_describe(&t->die, faces, dice, size);
	return row;
}

/* A -T table rolled: its row, the row's sentence rolled into run->entry. */
static const struct tbl_row *
roll_on(struct run *run, const struct tbl_on *t, long *total, char *dice,
    int size)
{
	uint32_t faces[DICE_COUNT_MAX];
	const struct tbl_row *row;

	row = tbl_on_roll(t, &run->s.st.rng, total, faces);	/* drawn, maybe */
	if (run->env.verbose)
		dice_describe(&t->t.die, faces, dice, size);

	tbl_plan_entry(t->plan, row, &run->entry, &run->s.st.rng,
	    run->env.verbose ? TBL_FACES : 0);
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
	emit_table(run, t, total, row->key,
	    (const char *const[]){ "", run->entry.text, "" }, dice);
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
	char dice[64], post[TBL_TEXT_MAX * 2 + 160];
	long total;

	if (t == NULL)
		return;
	row = roll_on(run, t, &total, dice, sizeof dice);
	hazstate_sign(&run->s, e->text, row->key, post, sizeof post);
	run->met_at = total - dice_min(&t->t.die);
	emit_table(run, t, total, row->key,
	    (const char *const[]){ text_sign_of[0], e->text, post }, dice);
}

/* 001, 002: the creature of the sign is met instead of a roll; then forgotten. */
static void
meet_creature(struct run *run)
{
	emit_table(run, run->on_encounter, LONG_MIN, run->s.creature_key,
	    (const char *const[]){ text_sign_creature_met[0], run->s.creature,
	    text_sign_creature_met[1] }, NULL);
	run->s.creature[0] = run->s.creature_key[0] = '\0';
	run->met_at = -1;
	run->s.sign = 0;
}

/*
 * A character's record (common/characters.c and alarm.c say it): with the
 * check K rolled, hazard TURN ROLL KEY NAME TOTAL DC RESULT TEXT; else
 * hazard TURN - KEY TEXT.
 */
static void
say_member(void *ctx, const struct member *m, const char *key,
    const struct rolled *k, const char *text)
{
	const struct run *run = ctx;

	if (k == NULL) {
		emit(run, LONG_MIN, key, text, NULL);
		return;
	}
	rec_begin(run->w, REC_LAYOUT(HAZARD_SAVE), run->s.turn);
	rec_i64(run->w, k->c.roll);
	rec_str(run->w, key);
	rec_str(run->w, m->name);
	rec_i64(run->w, k->c.total);
	rec_i64(run->w, k->c.dc);
	rec_str(run->w, k->c.pass ? "pass" : "fail");
	rec_text(run->w, "%s", text);
	rec_end(run->w);
}

/* 000: rest 1 turn in 6; a turn past the due rest calls for CON saves. */
static void
rest_clock(struct run *run)
{
	int fu = rest_tick(&run->s.since_rest, run->act.action == HA_REST);

	if (fu >= 0)
		emit_followup(run, (enum followup)fu);
	if (fu == FU_SKIPPED && run->party.n > 0)	/* 000: DC 12, -w counts */
		chars_con_saves(&run->party, &run->s.st.rng, &run->env,
		    run->with.party != NULL, say_member, run);
}

/*
 * 000 (-p), 001, 002: last turn's fatigue is rested off now, or it is
 * taken: under 000 the saves are rolled now, the party having chosen not
 * to rest.
 */
static void
settle_fatigue(struct run *run)
{
	const struct hazard_rules *hr = run->hr;
	enum followup fu;

	if (!run->s.fatigue)
		return;
	run->s.fatigue = 0;
	if (hr->saves) {
		emit_followup(run, run->act.action == HA_REST ? FU_SAVE_RESTED :
		    FU_SAVE_DUE);
		if (run->act.action != HA_REST && run->party.n > 0)
			chars_con_saves(&run->party, &run->s.st.rng, &run->env,
			    run->with.party != NULL, say_member, run);
		return;
	}
	fu = fatigue_settle(&run->s.condition, hr->fatigue_condition,
	    run->act.action == HA_REST);
	if (fu == FU_DAMAGE && run->die.damage_text[0] != '\0')
		emit(run, LONG_MIN, followup[fu].key, run->die.damage_text, NULL);
	else
		emit_followup(run, fu);
	if (run->act.action == HA_REST || run->party.n == 0)
		return;
	chars_fatigue(&run->party, hr->fatigue_damage ? run->damage : 0,
	    say_member, run);
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
	if (run->env.verbose)	/* emit's -v: the hazard die, then the shift's */
		snprintf(both_dice, sizeof both_dice, "%s; the shift's %s",
		    hazard_dice, dice);
	emit(run, roll_total, "shift", both, both_dice);
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

/*
 * The encounter: the creature of a sign met (001, 002), or 001's SIGN; else
 * the die's record (002's sentence where the table is the seed's) and its
 * -T table; 002's disposition after it.
 */
static void
emit_encounter(struct run *run, long total, const struct tbl_row *row,
    const char *dice)
{
	char both[TBL_TEXT_MAX + 64];

	if (run->s.creature[0] == '\0' && run->hr->sign_met && run->s.sign) {
		run->s.sign = 0;	/* 001: SIGN */
		snprintf(both, sizeof both, "%s %s", row->text, text_sign_met);
		emit(run, total, row->key, both, dice);
	} else {
		if (run->hr->disposition &&
		    row->text == hazard_table[run->s.rules].rows[0].text)
			emit(run, total, row->key, text_encounter_002, dice);
		else
			emit_row(run, total, row, dice);
		if (run->s.creature[0] != '\0')
			meet_creature(run);
		else
			emit_on(run, run->on_encounter);
	}
	if (run->hr->disposition)
		emit_disposition(run);
}

/*
 * A row that calls for more than its record: the encounter (001, 002); a
 * fatigue, which waits for the next turn, ignored while resting (000:
 * "rest now for 10 minutes, or make a CON save (DC 12)": with -p the
 * party chooses by its next turn, a rest or an action, and the saves wait
 * for it); 001's shift and sign; and any row's -T table.
 */
static void
die_row(struct run *run, long total, const struct tbl_row *row,
    const char *dice)
{
	const struct hazard_rules *hr = run->hr;
	const struct tbl_on *on = run->on_row[row - run->die.table.rows];

	switch (run->kind[row - run->die.table.rows]) {
	case K_ENCOUNTER:
		emit_encounter(run, total, row, dice);
		return;
	case K_FATIGUE:
		if (hr->fatigue_waits || run->party.n > 0)
			run->s.fatigue = run->act.action != HA_REST;
		break;
	case K_SHIFT:
		if (hr->shift_rolls && on == NULL) {
			emit_shift(run, total, row->text, dice);
			return;
		}
		break;
	case K_SIGN:
		emit_row(run, total, row, dice);
		if (hr->sign_names)
			sign_creature(run);
		run->s.sign |= hr->sign_met;	/* 001: the next encounter */
		emit_on(run, on);
		return;
	}
	emit_row(run, total, row, dice);	/* and K_TABLED's */
	emit_on(run, on);
}

/* One turn under the die rules: 000, 000 bookkeeping, 001, 002, 004. */
static void
die_turn(struct run *run)
{
	char dice[64];
	const struct tbl_row *row;
	long total, drawn;	/* total's address is not taken: a register */
	const struct hazard_rules *hr = run->hr;
	int pending = run->s.fatigue, fatigue;	/* a rest rests it off, said */

	settle_fatigue(run);
	if (run->rt.ready)
		row = rectbl_roll(&run->rt, &run->s.st.rng, &total);
	else {
		row = roll(run, &run->die.table, &drawn, dice, sizeof dice);
		total = drawn;
	}
	if (run->s.turn <= GRACE_TURNS_002 && hr->grace &&
	    total >= GRACE_FROM_002)	/* 002: 4-6 are nothing at first */
		emit(run, total, "nothing", text_grace_002, dice);
	else if (run->kind[row - run->die.table.rows] == K_OTHER)
		emit_row(run, total, row, dice);	/* the common turn */
	else
		die_row(run, total, row, dice);
	/*
	 * 001, 002: a rest turn is always said: the fatigue it rests off was
	 * (settle_fatigue), else the fatigue rolled now is ignored (001:
	 * "Ignore this result while resting"), else a plain rest.
	 */
	if (run->act.action == HA_REST && hr->fatigue_waits &&
	    ((fatigue = run->kind[row - run->die.table.rows] == K_FATIGUE) ||
	    !pending))
		emit_followup(run, fatigue ? FU_REST_IGNORED : FU_REST_PLAIN);
	if (hr->rest_clock)
		rest_clock(run);
	else if (hr->rest_heals &&	/* 002: 6 rest turns in a row, 1 hour */
	    rest_hour_tick(&run->s.rest_turns, run->act.action == HA_REST) &&
	    run->party.n > 0)
		chars_rest_hour(&run->party, &run->s.st.rng, say_member, run);
}

/* hazard TURN ROLL KEY ALARM TEXT: the move, the alarm, the d10 if rolled. */
static void
emit_alarm(const struct run *run, const struct alarm_turn *t)
{
	char said[400];

	alarm_said(said, sizeof said, t, run->act.hide_roll ? &run->hide : NULL,
	    run->s.alarm, run->act.sparks);
	rec_begin(run->w, REC_LAYOUT(HAZARD_ALARM), run->s.turn);
	if (t->d10 == LONG_MIN)
		rec_str(run->w, "-");
	else
		rec_i64(run->w, t->d10);
	rec_str(run->w, alarm_met(t->event) ? "encounter" : "quiet");
	rec_i64(run->w, run->s.alarm);
	if (run->env.verbose && t->d10 != LONG_MIN)
		rec_text(run->w, "%s. [d10: %ld]", said, t->d10);
	else
		rec_text(run->w, "%s.", said);
	rec_end(run->w);
}

/* 003: the turn of common/alarm.c, then its records, then the encounter's table. */
static void
play_alarm(struct run *run)
{
	static const enum alarm_move moves[] = {
		[HA_ADVANCE] = AM_ADVANCE, [HA_STAY] = AM_STAY,
		[HA_BACKTRACK] = AM_BACKTRACK, [HA_HIDE] = AM_HIDE_FAIL
	};
	enum alarm_move m = run->act.action == HA_HIDE && run->act.hide_pass ?
	    AM_HIDE_PASS : moves[run->act.action];
	struct alarm_turn t;

	alarm_turn(&t, &run->s.alarm, m, run->act.sparks,
	    run->act.hide_roll ? &run->hide : NULL, &run->s.st.rng);
	if (run->act.hide_roll)
		alarm_hide_say(&run->hide, say_member, run);
	emit_alarm(run, &t);
	if (alarm_met(t.event))
		emit_on(run, run->on_encounter);
}

struct opts {
	OPT_COMMON;		/* -adfjnprstuv */
	const char *die, *level;
	struct drawn_on *tables;	/* -T KEY=FILE, the run's */
	int	 write;
	long	 damage;	/* -D */
	long	 dc;		/* -c, 0 when not given */
};

static void
check_rules_options(const struct run *run, const struct opts *o)
{
	const struct hazard_rules *hr = run->hr;
	const char *name = rules_names[run->s.rules];

	if (o->die != NULL && !hr->own_die)
		esc_errx(EXIT_BAD, "-e: the %s rules roll their own die (-e is for bookkeeping)", name);
	if (o->die != NULL && o->table != NULL)
		esc_errx(EXIT_BAD, "-e and -t: give one die or one table, not both");
	if (o->table != NULL && hr->alarm)
		esc_errx(EXIT_BAD, "-t: the alarm rules roll against the alarm, not a table "
		    "(-T encounter=FILE rolls a table on each encounter)");
	if (o->adv && !hr->d20 && !run->act.hide_roll)
		esc_errx(EXIT_BAD, "-%c: the %s rules roll no d20", o->adv > 0 ? 'a' : 'd', name);
	if (o->level != NULL && !hr->saves)
		esc_errx(EXIT_BAD, "-L: the %s rules roll no check the light changes "
		    "(-L is for the CON saves of exploration and bookkeeping)", name);
	if (o->dc && !run->act.hide_roll)
		esc_errx(EXIT_BAD, "-c: the DC of hide's Stealth checks (-c is for "
		    "hide under the alarm rules, with -p)");
	if (o->party != NULL && !hr->party && !hr->alarm)	/* 003: for hide */
		esc_errx(EXIT_BAD, "-p: the %s rules keep no character (-p is for exploration, bookkeeping, delving, dungeonturn and the alarm's hide)", name);
	if (o->damage && !hr->fatigue_damage)
		esc_errx(EXIT_BAD, "-D: fatigue damage is 001's (-D is for delving)");
}

/* -T KEY: a result of the die (003's alarm: encounter), given once. */
static void
on_key(void *ctx, const char *key)
{
	const struct run *run = ctx;
	char keys[512];
	int alarm = run->hr->alarm;

	if (alarm ? strcmp(key, "encounter") != 0 :
	    !tbl_has_key(&run->die.table, key))	/* 003: encounter */
		esc_errx(EXIT_BAD, "-T: '%s': not a result of the %s die (%s)",
		    key, rules_names[run->s.rules], alarm ?
		    "encounter" : tbl_keys(&run->die.table, keys, sizeof keys));
	if (tbl_on_find(run->tables.on, run->tables.n, key) != NULL)
		esc_errx(EXIT_BAD, "-T: '%s': given twice", key);
}

/* -T KEY=FILE: rolled when the die says KEY (-t replaces the die's own table). */
static void
load_on(struct run *run, const struct opts *o)
{
	const struct tbl *t;
	long n;
	int i;

	drawn_on_load(&run->tables, "a table rolled when the die says KEY, as "
	    "encounter=crypt.md (-t FILE replaces the die's own table)",
	    o->file != NULL, on_key, run);
	for (i = 0; i < run->tables.n; i++) {	/* a row's dice vary with its tables' */
		t = &run->tables.on[i].t;
		n = dice_max(&t->die) - dice_min(&t->die) + 1;
		n = n < SAID_TOTALS_MAX ? n : SAID_TOTALS_MAX;
		rec_memo_open(&run->said_on[i], tbl_nested(t) ? 0 : (size_t)n);
		if (strcmp(run->tables.on[i].key, "encounter") == 0)
			rec_memo_open(&run->met, (size_t)n);
	}
	run->met_at = -1;
	run->on_encounter = tbl_on_find(run->tables.on, run->tables.n,
	    "encounter");
	for (i = 0; i < run->die.table.nrows; i++)
		run->on_row[i] = tbl_on_find(run->tables.on, run->tables.n,
		    run->die.table.rows[i].key);
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
	party_open_with(&run->with, &run->party, path, PARTY_READ | PARTY_LIVING,
	    1u << PK_DEX);
	run->hide.party = &run->party;
	run->hide.dc = o->dc ? o->dc : HIDE_DC_003;
	run->hide.env = &run->env;
}

static void
setup(struct run *run, const struct opts *o)
{
	const char *party = party_path(o->party);
	const struct hazard_rules *hr = run->hr;
	int i, k;

	check_rules_options(run, o);
	hazdie_init(&run->die, run->s.rules, o->damage, o->die);
	if (o->table != NULL)
		tbl_load(&run->die.table, o->table);
	if (run->die.table.nrows > TBL_ROWS_MAX)	/* on_row[], kind[] */
		esc_errx(EXIT_BAD, "-t: %s: more than %d rows for a hazard die",
		    o->table, TBL_ROWS_MAX);
	load_on(run, o);
	if (!hr->alarm)
		run->plan = tbl_plan(&run->die.table);
	run->env.rules = run->s.rules;
	run->env.adv = o->adv;
	run->env.dark = o->level != NULL && check_level("-L", o->level);
	run->env.verbose = o->verbose;	/* -v: every roll's dice, checks' too */
	hazdie_cautious(&run->die, run->s.rules, o->adv);
	if (run->act.hide_roll)
		hide_party(run, party, o);
	else if (o->write && (party == NULL || !hr->party))
		esc_errx(EXIT_BAD, "-w: writes the party's fatigue back to a party file: give -p FILE or DELVING_PARTY (not under alarm or travel)");
	else	/* a killed -w run's party file settled, read or not */
		party_open_with(&run->with, &run->party, party, !hr->party ? 0 :
		    o->write ? PARTY_WRITE : PARTY_READ,
		    (hr->saves ? 1u << PK_CON : 0) |
		    (hr->fatigue_damage ? 1u << PK_HP : 0));
	if (hr->rest_heals && run->act.action == HA_REST)
		chars_rest_dungeon_need(&run->party);	/* 002: 1d8 + str bonus */
	run->damage = o->damage ? o->damage : FATIGUE_DAMAGE_001;
	for (i = 0; i < run->die.table.nrows; i++) {
		k = word_in(run->die.table.rows[i].key, kind_keys);
		if (k <= 0 && hr->shift_rolls &&
		    strcmp(run->die.table.rows[i].key, "dungeon") == 0)
			k = K_SHIFT;	/* 001's own row 4: "DUNGEON SHIFT: ..." */
		run->kind[i] = (unsigned char)(k > 0 ? k :
		    run->on_row[i] != NULL ? K_TABLED : K_OTHER);
	}
	/* prepared records pay over many turns; one is written field by field */
	if (o->count > 1 && !hr->alarm && !o->verbose && !o->json &&
	    run->act.cadence == CAD_HOURLY &&
	    tbl_fixed(&run->die.table) && rectbl_prepare(&run->rt, &run->die.table))
		for (i = 0; i < FU_NFOLLOWUPS; i++)
			rectbl_note(&run->rt, i, followup[i].key, followup[i].text);
}

static void
play(struct run *run, long long count)
{
	long long i;

	if ((uint64_t)count > (uint64_t)COUNT_MAX - run->s.turn)
		esc_errx(EXIT_BAD, "-n: the turn count would pass %lld", COUNT_MAX);
	if (run->hr->alarm)
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
		drawn_arg(o->tables->arg, &o->tables->nargs, DRAWN_MAX, v);
		break;
	case 'w': o->write = 1; break;
	}
}

int
main(int argc, char *argv[])
{
	struct run run = { 0 };
	struct opts o = { 0 };
	int i;

	util_init();
	hazstate_init(&run.s);
	o.tables = &run.tables;
	argv = opt_parse(&spec, &o.com, &argc, argv, option, &o);
	if (argc > 0 && strcmp(argv[0], "-") == 0)
		esc_errx(EXIT_BAD, "-: hazard rolls its own turns and reads no stream");
	if (o.file != NULL) {
		run.with.state = kwf_update(o.file, prog);
		hazstate_load(&run.s, run.with.state);
	}
	run.s.rules = rules_pick(o.rules, run.s.rules, RULES_ALL, R_EXPLORATION);
	run.hr = &hazard_rules[run.s.rules];
	if ((i = hazard_act(&run.act, run.s.rules, argc, argv)) > 0)
		opt_usage(&spec, "%s: one operand too many", argv[i]);
	setup(&run, &o);
	drawn_from(&run.s.drawn, run.tables.on, run.tables.n, o.file);
	stream_start(&run.s.st, prog, o.seed, o.verbose);
	run.w = rec_writer_open(prog, o.unbuffered);
	rec_json(run.w, o.json);
	play(&run, o.count);
	rec_writer_close(run.w);
	if (run.with.state != NULL) {
		drawn_to(&run.s.drawn, run.tables.on, run.tables.n);
		hazstate_put(&run.s, run.with.state);
	}
	party_commit_with(&run.with, &run.party);
	rectbl_free(&run.rt);
	tbl_plan_free(run.plan);
	tbl_free(&run.die.table);
	for (i = 0; i < run.tables.n; i++)
		rec_memo_close(&run.said_on[i]);
	rec_memo_close(&run.met);
	drawn_on_free(&run.tables);
	return EXIT_OK;
}
