/*
 * layout: every program's kinds of record and their fields, one table, as
 * each man page's OUTPUT lists them (delving(7) THE RECORD STREAM), so any
 * program can read, check and spell any record of the suite.
 */
#ifndef DELVING_LAYOUT_H
#define DELVING_LAYOUT_H

#include <stddef.h>
#include <string.h>

#define REC_FIELDS_MAX 16

#include "progs.h"	/* DELVING_PROGS: the Makefile's PROGS */

/*
 * A program's name is 8 bytes at most: the record reader finds a line's
 * program by one 8-byte word's compare (recread.c's prog_of).  layout.c
 * checks each name when it compiles.
 */
#define REC_PROG_NAME_MAX 8

#define REC_PROG_ENUM(name, NAME) REC_ ## NAME,
enum rec_prog {		/* the suite's programs, in the order of rec_progs */
	DELVING_PROGS(REC_PROG_ENUM) REC_PROGS
};

enum rec_kind {		/* grouped by program, in the order of rec_prog */
	RK_HAZARD_DIE, RK_HAZARD_TRAVEL, RK_HAZARD_ALARM, RK_HAZARD_TABLE, RK_HAZARD_SAVE,
	RK_LIGHT_PARTY, RK_LIGHT_SOURCE,
	RK_TIMEDICE_CLOCK, RK_TIMEDICE_HOURS, RK_TIMEDICE_NAMED,
	RK_REACTION_SUMMARY, RK_REACTION_ROLL, RK_REACTION_INITIATIVE,
	RK_REACTION_LOOT,
	RK_CHASE_CHECK, RK_CHASE_PACE,
	RK_RETURN,
	RK_ROLL_TABLE, RK_ROLL_CHECK,
	RK_DELVE_GM,		/* delve(6): the GM's acts between turns */
	RK_ROLL_TOTAL, RK_ROLL_FACES,	/* roll's bare lines: no records */
	REC_KINDS
};

/*
 * A kind of record: its program (-1 for a line that is no record), its
 * fields' names after the program's (the turn's first, the sentence's
 * last, NULL-terminated), and their types, one letter a field: n a number
 * (or "-", null in JSON), s a word (or "-", null), t the sentence.  Kinds
 * of a program with as many fields follow each other, and each but the
 * last has fits, which tells its records from the next kind's.
 */
struct rec_layout {
	int	 prog;
	int	 nf;		/* fields, the program's name included */
	const char *types;
	const char *names[REC_FIELDS_MAX];
	int	(*fits)(const char *const *f);
};

extern const char *const rec_progs[];
extern const size_t rec_prog_len[];
extern const struct rec_layout rec_layouts[];
extern const char *const rec_travel_keys[];

#define REC_LAYOUT(kind) (&rec_layouts[RK_ ## kind])

int	 rec_kind_named(int prog, const char *const *names, int nf);
const struct rec_layout *rec_layout_of(int prog, const char *const *f, int nf);

/* The program named by the first field of the LEN bytes at S, or -1. */
static inline int
rec_prog_of(const char *s, size_t len)
{
	size_t n;
	int i;

	for (i = 0; i < REC_PROGS; i++)
		if ((n = rec_prog_len[i]) <= len && (n == len || s[n] == '\t') &&
		    memcmp(s, rec_progs[i], n) == 0)
			return i;
	return -1;
}

#endif
