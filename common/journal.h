/*
 * journal: a campaign's journal in Markdown (delve(6), Campaigns), a
 * section a session: its days, its encounters, what each character
 * gained and lost, its supplies and coin, the game master's notes.  Pure
 * functions over a session's texts, written to a stream.
 */
#ifndef DELVING_JOURNAL_H
#define DELVING_JOURNAL_H

#include <stdint.h>
#include <stdio.h>

/* One session as the journal tells it: what the caller read of it. */
struct jsession {
	const char *name;	/* the session's directory's last part */
	const char *seed;
	int	 rules;		/* enum rules_name */
	uint64_t t0, t1;	/* the clock at its start and its end */
	uint64_t turns;
	char	*log;		/* the log's records: cut apart as told */
	int	 party;		/* 1 when it keeps a party */
	const char *start, *end, *roster;	/* party files; NULL when none */
	const char *supplies;	/* the supplies at the end said; NULL if not kept */
};

/* "day 3, 14:00" of a clock in turns, in buf. */
const char *journal_when(uint64_t t, char *buf, size_t size);

/* A record's fields split at its TABs (at most 10) into f: their count. */
int	 journal_fields(char *line, char **f);

/* The last loot rolled in the log, gp: 0 none, -1 taken (purse_act's loot). */
long long journal_loot(char *log);

/* Session I's (0 the first) section of the journal, to out. */
void	 journal_section(FILE *out, int i, const struct jsession *js);

#endif
