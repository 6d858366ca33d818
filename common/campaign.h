/*
 * campaign: the rules of a session that continues another (delve(6),
 * Campaigns): what is carried from one rules name to the next, read
 * how, and what is refused; the seed a continued session takes; the
 * clock a GM gives as DAY/TIME.  Pure functions.
 */
#ifndef DELVING_CAMPAIGN_H
#define DELVING_CAMPAIGN_H

#include <stddef.h>
#include <stdint.h>

#include "party.h"

#define CARRY_LINE_MAX 256
#define CARRY_LINES 256		/* lines of one state file carried */

struct kwf;

/*
 * A light source's line of light(6)'s state file (NAME KIND STATE LEFT
 * LIT: the words after "source") read under FROM rules and written under
 * TO rules into out, its LIT the new session's turn 0.  1 carried, 0 not
 * carried (spent), -1 refused, why says so.
 */
int	 carry_light(char **w, int nw, int from, int to, char *out, size_t size,
	     char *why, size_t wsize);

/* 1 when a state file of the place (hazard's, the tables) is carried. */
int	 carry_place(int from, int to);

/* The seed of the session after one of seed PREV: a word of digits. */
void	 carry_seed(const char *prev, char *out, size_t size);

/*
 * -c [DAY/]TIME: the time in time (as timedice reads it), the day in
 * *day (1 when not given).  0, or -1 for a day out of range.
 */
int	 clock_day_split(const char *arg, char *time, size_t size, long long *day);

/*
 * What a character gained and lost from sheet A to sheet B (a party
 * file's words, the name first): "hp 8 to 6 (lost 2); gp 0 to 36 (gained
 * 36)"; a key one sheet lacks is 0 beside a number.  "" when the same.
 */
void	 sheet_diff(const char *a, const char *b, char *out, size_t size);

/* A record of the log: what the journal tells of it (journal_kind). */
enum jkind { J_NONE, J_ENCOUNTER, J_CHARACTER, J_NOTE, J_COIN, J_CLOCK };
int	 journal_kind(char **f, int nf);

/* What is carried: timedice's keys, hazard's (the place's), light's. */
extern const char *const carry_clock_keys[], *const carry_place_keys[];
extern const char *const carry_source_keys[];

/*
 * The lines of a state file carried: each line of a keyword file whose
 * first word is in KEYS, its words joined again by one space.
 */
struct carry_lines {
	const char *const *keys;
	int	 n;
	char	*line[CARRY_LINES];
};

/* A kwf_read callback (ARG a struct carry_lines) keeping the lines of KEYS. */
int	 carry_keep_line(void *arg, char **w, int nw, const struct kwf *f);
void	 carry_lines_free(struct carry_lines *l);

/* TEXT without its lines whose first word is in DROP, ADD before "seed". */
char	*carry_with_lines(const char *text, const char *const *drop,
	     const struct carry_lines *add, size_t *len);

/* "drawn KEY ROWS" (hazard's file) taken out of the lines carried. */
void	 carry_drop_drawn(struct carry_lines *l, const char *key);
#endif
