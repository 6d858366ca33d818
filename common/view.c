/*
 * view: a record stream shown to a person.  The clock of a turn is the one
 * a timedice record of that turn shows, else ten minutes after the turn
 * before: the clock module writes it, no rule is applied here.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "layout.h"
#include "out.h"
#include "record.h"
#include "util.h"
#include "view.h"


struct line {
	char	*f[16];
	int	 nf;
	uint64_t turn;
};

/*
 * Split a record in place.  A line that is not one, whose first field
 * names no program (roll's bare totals, roll -o's odds), is one field, at
 * the turn of the line before.
 */
static void
split(char *s, struct line *l, uint64_t prev)
{
	char *end = NULL;

	l->nf = 0;
	while (l->nf < 16) {
		l->f[l->nf++] = s;
		if ((s = strchr(s, '\t')) == NULL)
			break;
		*s++ = '\0';
	}
	if (l->nf > 2 && rec_prog_of(l->f[0], strlen(l->f[0])) >= 0)
		l->turn = strtoull(l->f[1], &end, 10);
	if (end == NULL || *end != '\0' || *l->f[1] < '0' || *l->f[1] > '9') {
		while (l->nf > 1)	/* join it up again */
			l->f[--l->nf][-1] = '\t';
		l->turn = prev;
	}
}

/* The clock a timedice record shows: DAY HH:MM as a count of turns. */
static int
clock_of(const struct line *l, uint64_t *t)
{
	long long day;
	uint64_t into;

	if (l->nf < 5 || strcmp(l->f[0], "timedice") != 0 ||
	    strtonum_ok(l->f[2], 1, CLOCK_DAY_MAX, &day) != 0 ||
	    clock_parse(l->f[3], &into) != NULL)
		return 0;
	*t = (uint64_t)(day - 1) * CLOCK_DAY + into;
	return 1;
}

/* roll's bare lines, TOTAL or TOTAL EXPRESSION FACES, as roll -j has them. */
static void
bare_json(char *s)
{
	char *f[3];
	int n = 0;

	for (f[n++] = s; n < 3 && (s = strchr(s, '\t')) != NULL; f[n++] = s)
		*s++ = '\0';
	rec_json(1);
	if (n == 1 || n == 3) {
		rec_line(n == 1 ? REC_LAYOUT(ROLL_TOTAL) : REC_LAYOUT(ROLL_FACES));
		rec_num(f[0]);
		if (n == 3) {
			rec_str(f[1]);
			rec_str(f[2]);
		}
		rec_end();
		return;
	}
	while (n > 1)
		f[--n][-1] = '\t';
	out_str(f[0]);
	out_put("\n", 1);
}

/*
 * -j: each record as its program writes it with -j, through the one
 * layout table (delving(7) THE RECORD STREAM), but that the second field
 * is always the session's turn (delve writes it there, in a call's record
 * too), so named "turn"; a line that is no record (roll's bare totals) as
 * it is.
 */
static void
print_json(struct line *l)
{
	const struct rec_layout *lay = NULL;
	struct rec_layout at_turn;
	int prog = rec_prog_of(l->f[0], strlen(l->f[0]));

	if (l->nf > 1 && prog >= 0)
		lay = rec_layout_of(prog, l->f, l->nf);
	if (lay != NULL) {
		at_turn = *lay;
		at_turn.names[0] = "turn";
		rec_fields_json(&at_turn, l->f);
		return;
	}
	while (l->nf > 1)	/* join it up again */
		l->f[--l->nf][-1] = '\t';
	bare_json(l->f[0]);
}

/*
 * The clock at the end of each line's turn: a timedice record's, else ten
 * minutes on from the turn before; prev is the turn before the first line.
 */
static void
clocks(struct line *l, size_t n, uint64_t start, uint64_t prev, uint64_t *at)
{
	size_t i, j;
	uint64_t t = start, got;

	for (i = 0; i < n; i = j) {
		if (l[i].turn != prev)
			t++;
		prev = l[i].turn;
		for (j = i; j < n && l[j].turn == prev; j++)
			if (clock_of(&l[j], &got))
				t = got;
		for (j = i; j < n && l[j].turn == prev; j++)
			at[j] = t;
	}
}

/*
 * hazard's lines about one character (hazard(6) OUTPUT), which follow the
 * sentence that announces them: "The party did not rest ...", then each
 * character's save or damage.
 */
static int
announced(const struct line *l)
{
	static const char *const keys[] = { "save", "down", "damage", "tired",
	    "exhausted", "heal", NULL };

	return l->nf > 4 && strcmp(l->f[0], "hazard") == 0 &&
	    word_in(l->f[3], keys) >= 0;
}

/*
 * A sentence and the lines it announces stay together: another program's
 * line of the same turn that came between them sinks below them.
 */
static void
keep_together(struct line *l, size_t n)
{
	struct line t;
	size_t i;
	int moved = 1;

	while (moved)
		for (moved = 0, i = 0; i + 1 < n; i++)
			if (l[i].turn == l[i + 1].turn && announced(&l[i + 1]) &&
			    strcmp(l[i].f[0], "hazard") != 0) {
				t = l[i], l[i] = l[i + 1], l[i + 1] = t;
				moved = 1;
			}
}

/* For people: "turn N  HH:MM  sentence", the turn and time once, aligned. */
static void
print_people(struct line *l, size_t n, uint64_t start, uint64_t prev)
{
	uint64_t *at = ereallocarray(NULL, n ? n : 1, sizeof *at);
	char hhmm[8], num[U64_DIGITS + 1];
	size_t i;
	int w = 1;

	clocks(l, n, start, prev, at);
	keep_together(l, n);
	for (i = 0; i < n; i++) {
		int d = snprintf(num, sizeof num, "%" PRIu64, l[i].turn);
		w = d > w ? d : w;
	}
	for (i = 0; i < n; i++)
		if (i == 0 || l[i].turn != l[i - 1].turn)
			printf("turn %*" PRIu64 "  %s  %s\n", w, l[i].turn,
			    clock_hhmm(at[i], hhmm), l[i].f[l[i].nf - 1]);
		else
			printf("%*s%s\n", w + 14, "", l[i].f[l[i].nf - 1]);
	free(at);
}

/* Records in the form asked for; what is not a record is passed as it is. */
void
view_records(char *buf, size_t len, enum view_form form, uint64_t start,
    uint64_t prev)
{
	struct line *l = NULL;
	size_t n = 0, cap = 0;
	char *s, *nl;

	fflush(stdout);		/* what delve said before, then the records */
	if (form == VIEW_RAW) {
		fwrite(buf, 1, len, stdout);
		return;
	}
	for (s = buf; s < buf + len; s = nl + 1) {
		nl = memchr(s, '\n', (size_t)(buf + len - s));
		*nl = '\0';
		if (n == cap)
			l = ereallocarray(l, cap = cap ? 2 * cap : 64, sizeof *l);
		split(s, &l[n], n > 0 ? l[n - 1].turn : prev);
		if (form == VIEW_JSON)
			print_json(&l[n]);
		else
			n++;
	}
	if (form == VIEW_JSON)
		out_flush();
	if (form == VIEW_PEOPLE)
		print_people(l, n, start, prev);
	free(l);
}
