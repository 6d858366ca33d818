/*
 * layout: the suite's kinds of record, one table (layout.h).  The names
 * are those of each man page's OUTPUT, in lower case; hazard(6), light(6),
 * timedice(6), reaction(6), chase(6), return(6) and roll(6) say the same.
 */
#include <stddef.h>
#include <string.h>

#include "layout.h"
#include "util.h"

#define NAME(name, NAME) #name,
#define LENGTH(name, NAME) sizeof #name - 1,
#define FITS(name, NAME) _Static_assert(sizeof #name - 1 <= REC_PROG_NAME_MAX, \
	#name ": a program's name is 8 bytes at most (layout.h)");

DELVING_PROGS(FITS)

const char *const rec_progs[] = { DELVING_PROGS(NAME) NULL };

const size_t rec_prog_len[REC_PROGS] = { DELVING_PROGS(LENGTH) };

/* DESIGN, The record stream: a hazard record with one is a travel turn (004) */
const char *const rec_travel_keys[] = {
	"terrible", "soon", "worsens", "calm", NULL
};

static const char *const hours_keys[] = { "duration", "rest", NULL };

/* hazard: 004's CADENCE is a word, 003's ALARM a number */
static int
hazard_travel(const char *const *f)
{
	return (f[4][0] < '0' || f[4][0] > '9') && f[4][0] != '-';
}

/* light: the party's level has no KIND */
static int
light_party(const char *const *f)
{
	return same_word(f[3], "-");
}

/* timedice: field 5 tells the layouts apart, time dice start with a digit */
static int
timedice_clock(const char *const *f)
{
	return f[4][0] >= '0' && f[4][0] <= '9';
}

/* timedice: after duration and rest, ARG is HOURS */
static int
timedice_hours(const char *const *f)
{
	return word_in(f[4], hours_keys) >= 0;
}

/* reaction: the surprise summary has no ROLL */
static int
reaction_summary(const char *const *f)
{
	return same_word(f[2], "-");
}

const struct rec_layout rec_layouts[REC_KINDS] = {
	[RK_HAZARD_DIE] = { REC_HAZARD, 5, "nnst",
	    { "turn", "roll", "key", "text", NULL }, NULL },
	[RK_HAZARD_TRAVEL] = { REC_HAZARD, 6, "nnsst",	/* 004 */
	    { "turn", "roll", "key", "cadence", "text", NULL }, hazard_travel },
	[RK_HAZARD_ALARM] = { REC_HAZARD, 6, "nnsnt",	/* 003 */
	    { "turn", "roll", "key", "alarm", "text", NULL }, NULL },
	[RK_HAZARD_TABLE] = { REC_HAZARD, 7, "nnssst",	/* -T */
	    { "turn", "roll", "key", "table", "dice", "text", NULL }, NULL },
	[RK_HAZARD_SAVE] = { REC_HAZARD, 9, "nnssnnst",
	    { "turn", "roll", "key", "name", "total", "dc", "result", "text",
	    NULL }, NULL },
	[RK_LIGHT_PARTY] = { REC_LIGHT, 7, "nsssnt",
	    { "turn", "name", "kind", "level", "left", "text", NULL },
	    light_party },
	[RK_LIGHT_SOURCE] = { REC_LIGHT, 7, "nsssnt",
	    { "turn", "name", "kind", "state", "left", "text", NULL }, NULL },
	[RK_TIMEDICE_CLOCK] = { REC_TIMEDICE, 7, "nnssst",
	    { "turn", "day", "time", "dice", "quarter", "text", NULL },
	    timedice_clock },
	[RK_TIMEDICE_HOURS] = { REC_TIMEDICE, 7, "nnssnt",
	    { "turn", "day", "time", "key", "hours", "text", NULL },
	    timedice_hours },
	[RK_TIMEDICE_NAMED] = { REC_TIMEDICE, 7, "nnssst",
	    { "turn", "day", "time", "key", "name", "text", NULL }, NULL },
	[RK_REACTION_SUMMARY] = { REC_REACTION, 6, "nnnst",
	    { "index", "roll", "count", "key", "text", NULL },
	    reaction_summary },
	[RK_REACTION_ROLL] = { REC_REACTION, 6, "nnnst",
	    { "index", "roll", "total", "key", "text", NULL }, NULL },
	[RK_REACTION_INITIATIVE] = { REC_REACTION, 7, "nnnsst",	/* 004 */
	    { "index", "place", "dex", "name", "key", "text", NULL }, NULL },
	[RK_REACTION_LOOT] = { REC_REACTION, 8, "nnnnnst",	/* 004 */
	    { "index", "hd", "count", "gp", "pounds", "key", "text", NULL },
	    NULL },
	[RK_CHASE_CHECK] = { REC_CHASE, 9, "nsnnnnst",
	    { "index", "name", "roll", "mod", "total", "dc", "key", "text",
	    NULL }, NULL },
	[RK_CHASE_PACE] = { REC_CHASE, 10, "nssnsnnst",
	    { "index", "kind", "manner", "rate", "unit", "distance", "count",
	    "per", "text", NULL }, NULL },
	[RK_RETURN] = { REC_RETURN, 10, "nsnnnnsnt",
	    { "index", "name", "roll", "mod", "total", "dc", "key", "cost",
	    "text", NULL }, NULL },
	[RK_ROLL_TABLE] = { REC_ROLL, 6, "nsnst",
	    { "index", "table", "roll", "key", "text", NULL }, NULL },
	[RK_ROLL_CHECK] = { REC_ROLL, 8, "nsnnnst",
	    { "index", "expression", "roll", "total", "dc", "result", "text",
	    NULL }, NULL },
	/* delve(6) OUTPUT: NAME a character or a file, CHANGE its new key=value */
	[RK_DELVE_GM] = { REC_DELVE, 6, "nssst",
	    { "turn", "name", "key", "change", "text", NULL }, NULL },
	[RK_ROLL_TOTAL] = { -1, 1, "n", { "total", NULL }, NULL },
	[RK_ROLL_FACES] = { -1, 3, "nss",
	    { "total", "expression", "faces", NULL }, NULL },
};

/* The first kind of each program's records: they follow in the table. */
static const unsigned char rec_first_kind[REC_PROGS + 1] = {
	RK_HAZARD_DIE, RK_LIGHT_PARTY, RK_TIMEDICE_CLOCK, RK_REACTION_SUMMARY,
	RK_CHASE_CHECK, RK_RETURN, RK_ROLL_TABLE, RK_DELVE_GM, RK_ROLL_TOTAL
};

/* The layout of a TAB record of PROG with NF fields F, or NULL. */
const struct rec_layout *
rec_layout_of(int prog, const char *const *f, int nf)
{
	const struct rec_layout *l;
	int k;

	for (k = rec_first_kind[prog]; k < rec_first_kind[prog + 1]; k++) {
		l = &rec_layouts[k];
		if (l->nf == nf && (l->fits == NULL || l->fits(f)))
			return l;
	}
	return NULL;
}

/* The kind of a JSON record of PROG whose fields are NAMES, or -1. */
int
rec_kind_named(int prog, const char *const *names, int nf)
{
	const struct rec_layout *l;
	int k, i;

	for (k = rec_first_kind[prog]; k < rec_first_kind[prog + 1]; k++) {
		l = &rec_layouts[k];
		for (i = 0; i < nf - 1 && l->names[i] != NULL &&
		    strcmp(names[i], l->names[i]) == 0; i++)
			;
		if (l->nf == nf && i == nf - 1)
			return k;
	}
	return -1;
}
