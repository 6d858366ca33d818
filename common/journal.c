/*
 * journal: a campaign's journal in Markdown (journal.h).
 *
 * A session's section tells each record of its log in its part
 * (encounters, the characters, supplies and coin, notes: journal_kind)
 * at the time the turn reached, then what each character gained and lost
 * from the party file at the start to the one at the end.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign.h"
#include "clock.h"
#include "party.h"
#include "purse.h"
#include "rules.h"
#include "util.h"
#include "journal.h"

struct journal {
	FILE	*part[4];	/* encounters, characters, coin, notes */
	char	*text[4];
	size_t	 len[4];
	uint64_t t0, clock;	/* the session's start, the clock the records reached */
	int	 dungeon;	/* a turn is ten minutes: the clock follows the turns */
};

static const char *const journal_heads[4] = {
	"Encounters", "The characters", "Supplies and coin", "Notes"
};

const char *
journal_when(uint64_t t, char *buf, size_t size)
{
	char hhmm[8];

	snprintf(buf, size, "day %" PRIu64 ", %s", clock_day(t), clock_hhmm(t,
	    hhmm));
	return buf;
}

int
journal_fields(char *line, char **f)
{
	int nf;

	for (nf = 0, f[0] = line; nf < 9 && (f[nf + 1] = strchr(f[nf], '\t')) !=
	    NULL; nf++)
		*f[nf + 1]++ = '\0';
	return nf + 1;
}

/*
 * The gold of the log's last reaction loot record (004: "An enemy's
 * carried loot is worth 1d20gp per HD"): 0 when none, -1 when a delve
 * loot record took it since.  LOG is cut apart.
 */
long long
journal_loot(char *log)
{
	char *line, *f[10], *save;
	long long gold = 0;
	int nf, taken = 0;

	for (line = strtok_r(log, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		nf = journal_fields(line, f);
		if (nf == 8 && strcmp(f[0], "reaction") == 0 &&
		    strcmp(f[6], "loot") == 0)
			gold = strtoll(f[4], NULL, 10), taken = 0;
		else if (nf == 6 && strcmp(f[0], "delve") == 0 &&
		    strcmp(f[3], "loot") == 0)
			gold = 0, taken = 1;
	}
	return gold == 0 && taken ? -1 : gold;
}

/* A timedice record's DAY and HH:MM as a clock in *t: 0, else -1. */
static int
record_clock(char **f, int nf, uint64_t *t)
{
	uint64_t into;
	long long day;

	if (nf != 7 || strcmp(f[0], "timedice") != 0 || clock_parse(f[3], &into) !=
	    NULL || strtonum_ok(f[2], 1, CLOCK_DAY_MAX, &day) != 0)
		return -1;
	*t = (uint64_t)(day - 1) * CLOCK_DAY + into;
	return 0;
}

/*
 * The records of one turn, told each in its part of the session's
 * section at the time the turn reached (a dungeon turn is ten minutes
 * past the start; a travel turn's is its clock record's, which follows
 * its hazard record), a timedice record at its own.
 */
static void
journal_turn(struct journal *j, char **lines, int n)
{
	char *f[10], w[64];
	uint64_t t, turn_clock = j->clock;
	long long turn;
	int i, nf, k, part;

	for (i = 0; i < n; i++) {
		char copy[16];

		snprintf(copy, sizeof copy, "%.*s", (int)strcspn(lines[i], "\t"),
		    lines[i]);
		if (strcmp(copy, "timedice") == 0) {
			char *dup = estrdup(lines[i]);

			nf = journal_fields(dup, f);
			if (record_clock(f, nf, &t) == 0 && t > turn_clock)
				turn_clock = t;
			free(dup);
		}
	}
	for (i = 0; i < n; i++) {
		if ((nf = journal_fields(lines[i], f)) < 2)
			continue;	/* not a record: no turn to tell */
		if (j->dungeon && strtonum_ok(f[1], 0, COUNT_MAX, &turn) == 0 &&
		    j->t0 + (uint64_t)turn > turn_clock &&
		    j->t0 + (uint64_t)turn <= CLOCK_MAX)
			turn_clock = j->t0 + (uint64_t)turn;
		if (record_clock(f, nf, &t) != 0)
			t = turn_clock;
		k = journal_kind(f, nf);
		part = k == J_ENCOUNTER ? 0 : k == J_CHARACTER ? 1 : k == J_COIN ?
		    2 : k == J_NOTE ? 3 : -1;
		if (part >= 0)
			fprintf(j->part[part], "- Turn %s (%s): %s\n", f[1],
			    journal_when(t, w, sizeof w), f[nf - 1]);
	}
	j->clock = turn_clock;
}

/* The log's records, a turn at a time (field 2 the same). */
static void
journal_log(struct journal *j, char *log)
{
	char *line, *save, **lines = NULL;
	size_t tlen = 0;
	int n = 0, cap = 0;

	for (line = strtok_r(log, "\n", &save); ; line = strtok_r(NULL, "\n",
	    &save)) {
		char *tab = line ? strchr(line, '\t') : NULL;
		size_t len = tab ? strcspn(tab + 1, "\t") : 0;

		if (n > 0 && (line == NULL || tab == NULL || len != tlen ||
		    strncmp(tab + 1, strchr(lines[0], '\t') + 1, len) != 0)) {
			journal_turn(j, lines, n);
			n = 0;
		}
		if (line == NULL)
			break;
		if (n == cap)
			lines = ereallocarray(lines, (size_t)(cap = cap ? 2 * cap : 64),
			    sizeof *lines);
		lines[n++] = line;
		tlen = len;
	}
	free(lines);
}

static int
name_in(char names[][PARTY_NAME_MAX + 1], int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return 1;
	return 0;
}

/* What each character gained and lost: the sheets at start and end. */
static void
journal_sheets(FILE *out, const char *a, const char *b, const char *r,
    int rules)
{
	char names[2 * PARTY_MAX][PARTY_NAME_MAX + 1], diff[2048], x[PARTY_LINE_MAX];
	char y[PARTY_LINE_MAX], said[PARTY_LINE_MAX + 256];
	size_t ab, ae, bb, be;
	int i, j, n = 0;

	n = a ? sheet_names(a, names, PARTY_MAX) : 0;
	if (b != NULL)		/* and who joined, after them */
		for (i = sheet_names(b, names + n, PARTY_MAX), j = 0; j < i; j++)
			if (!name_in(names, n, names[n + j])) {
				memmove(names[n], names[n + j], sizeof names[0]);
				n++;
			}
	for (i = 0; i < n; i++) {
		int in_a = a && party_text_line(a, names[i], &ab, &ae) == 0;
		int in_b = b && party_text_line(b, names[i], &bb, &be) == 0;

		if (in_a)
			sheet_words(a + ab, ae - ab, x, sizeof x);
		if (in_a && !in_b && r != NULL &&	/* the sheet they left with */
		    party_text_line(r, names[i], &bb, &be) == 0)
			sheet_words(r + bb, be - bb, x, sizeof x);
		if (in_b)
			sheet_words(b + bb, be - bb, y, sizeof y);
		if (in_a && in_b) {
			sheet_diff(x, y, diff, sizeof diff);
			fprintf(out, "- %s: %s.\n", names[i], diff[0] ? diff :
			    "nothing gained or lost");
		} else {
			sheet_said(in_a ? x : y, rules, said, sizeof said);
			fprintf(out, "- %s: %s: %s.\n", names[i], in_a ?
			    "left the party" : "joined the party", said);
		}
	}
}

void
journal_section(FILE *out, int i, const struct jsession *js)
{
	struct journal j;
	char a[64], b[64];
	int p;

	j.t0 = j.clock = js->t0;
	j.dungeon = js->rules != R_TRAVEL;
	for (p = 0; p < 4; p++)
		if ((j.part[p] = open_memstream(&j.text[p], &j.len[p])) == NULL)
			esc_err(EXIT_IO, "open_memstream");
	journal_log(&j, js->log);
	fprintf(out, "\n## Session %d: %s\n\n%s rules (%s), seed %s. From %s to "
	    "%s, %" PRIu64 " turn%s.\n", i + 1, js->name, rules_names[js->rules],
	    rules_seed[js->rules], js->seed, journal_when(js->t0, a, sizeof a),
	    journal_when(js->t1, b, sizeof b), js->turns, js->turns == 1 ? "" :
	    "s");
	for (p = 0; p < 4; p++) {
		if (fclose(j.part[p]) != 0)
			esc_err(EXIT_IO, "open_memstream");
		fprintf(out, "\n### %s\n\n", journal_heads[p]);
		if (p == 1 && js->party)
			journal_sheets(out, js->start, js->end, js->roster, js->rules);
		fputs(j.len[p] ? j.text[p] : (p == 1 && js->party) ||
		    (p == 2 && js->supplies) ? "" : "None.\n", out);
		if (p == 2 && js->supplies)
			fprintf(out, "- At the end: %s.\n", js->supplies);
		free(j.text[p]);
	}
}
