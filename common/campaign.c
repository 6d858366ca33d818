/*
 * campaign: what a continued session carries from the last (campaign.h).
 *
 * Carried under every pair of rules names (delve(6), Campaigns): the
 * party file and the roster as they are (a key one seed reads and another
 * does not, 002's tired= under travel, waits in the sheet and counts again
 * under its own rules), the clock (day and time), timedice's hours since
 * the last safe rest, timers and afflictions (all kept by timedice in
 * ten-minute turns whatever the rules), the supplies, and each light
 * source that is not spent.  Carried only under the same rules name: the
 * place's own state (hazard's file: its fatigue waiting, its creature
 * signalled, the alarm, 002's condition) and the session's tables.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign.h"
#include "clock.h"
#include "kwf.h"
#include "lamp.h"
#include "party.h"
#include "purse.h"
#include "rng.h"
#include "rules.h"
#include "util.h"

/* A state of light(6)'s file read under other rules: lit or out (campaign.h). */
static const char *
state_under(const char *state, int same)
{
	if (same)
		return state;
	return strncmp(state, "out", 3) == 0 ? "out" : "lit";
}

/*
 * What is left of a source under TO: the turns it had when both rules
 * count turns, at most the kind's duration under TO; a fresh duration or
 * usage die when the rules count it otherwise (the suite's decision: a
 * source of no fixed duration has burnt a time no one counted); "-"
 * under the rules of no fixed duration.
 */
static void
left_under(const char *left, long life, int same, char *out, size_t size)
{
	long long v;

	if (same)
		snprintf(out, size, "%s", left);
	else if (life == LIFE_NONE)
		snprintf(out, size, "-");
	else if (life == LIFE_USAGE)
		snprintf(out, size, "d%d", left[0] == 'd' ? atoi(left + 1) :
		    USAGE_DIE_003);
	else if (strtonum_ok(left, 1, life, &v) == 0)
		snprintf(out, size, "%lld", v);
	else
		snprintf(out, size, "%ld", life);
}

int
carry_light(char **w, int nw, int from, int to, char *out, size_t size,
    char *why, size_t wsize)
{
	const struct light_rules *lr = light_rules[to];
	char left[32];
	int k;

	if (nw != 5)
		return snprintf(why, wsize, "expected NAME KIND STATE LEFT LIT"), -1;
	if (strcmp(w[3], "0") == 0)
		return 0;	/* spent: nothing to carry */
	k = word_in(w[1], light_kinds);
	if (k < 0 || lr->kind[k].life == 0) {
		snprintf(why, wsize, "%s: the %s rules (%s) have no %s", w[0],
		    rules_names[to], rules_seed[to], w[1]);
		return -1;
	}
	if (from != to && strncmp(w[2], "out", 3) == 0 && w[3][0] == '-' &&
	    lr->kind[k].life != LIFE_NONE)
		return 0;	/* put out, burnt for a time no one counted */
	left_under(w[3], lr->kind[k].life, from == to, left, sizeof left);
	snprintf(out, size, "source %s %s %s %s 0", w[0], w[1],
	    state_under(w[2], from == to), left);
	return 1;
}

int
carry_place(int from, int to)
{
	return from == to;
}

/* FNV-1a 64 of "PREV next": one seed a step, the same on every platform. */
void
carry_seed(const char *prev, char *out, size_t size)
{
	uint64_t h = rng_fnv1a_more(rng_fnv1a(prev), " next", 5);

	snprintf(out, size, "%" PRIu64, h);
}

int
clock_day_split(const char *arg, char *time, size_t size, long long *day)
{
	const char *slash = strchr(arg, '/');
	char num[16];
	size_t n;

	*day = 1;
	if (slash == NULL) {
		snprintf(time, size, "%s", arg);
		return 0;
	}
	n = (size_t)(slash - arg);
	if (n == 0 || n >= sizeof num)
		return -1;
	memcpy(num, arg, n);
	num[n] = '\0';
	snprintf(time, size, "%s", slash + 1);
	return strtonum_ok(num, 1, CLOCK_DAY_MAX, day);
}

/* The keys of a hazard record that are an encounter, whatever the rules. */
static const char *const encounter_keys[] = { "encounter", "terrible", NULL };
static const char *const coin_acts[] = { "buy", "spend", "give", "share",
	"loot", "supplies", NULL };
static const char *const clock_keys[] = { "rest", "duration", NULL };

int
journal_kind(char **f, int nf)
{
	if (nf < 5)
		return J_NONE;
	if (strcmp(f[0], "hazard") == 0)
		return word_in(f[3], encounter_keys) >= 0 ? J_ENCOUNTER : J_NONE;
	if (strcmp(f[0], "reaction") == 0)
		return J_ENCOUNTER;
	if (strcmp(f[0], "delve") == 0 && nf >= 6)
		return strcmp(f[3], "note") == 0 ? J_NOTE :
		    word_in(f[3], coin_acts) >= 0 ? J_COIN : J_CHARACTER;
	if (strcmp(f[0], "timedice") == 0 && nf >= 7 &&
	    (f[4][0] < '0' || f[4][0] > '9'))
		return word_in(f[4], clock_keys) >= 0 ? J_CLOCK :
		    strcmp(f[4], "timer") == 0 || strcmp(f[4], "expired") == 0 ||
		    strcmp(f[4], "cancelled") == 0 ? J_NONE : J_CHARACTER;
	return J_NONE;
}

/* A value read as a number, 0 for none (V NULL): 1, else 0. */
static int
number(const char *v, size_t n, long long *out)
{
	*out = 0;
	return v == NULL || value_num(v, n, out) == 0;
}

/* One key of A or B, said when it changed. */
static void
key_diff(const char *a, const char *b, const char *key, size_t klen,
    char *out, size_t size)
{
	size_t na = 0, nb = 0;
	const char *va = line_value(a, strlen(a), key, klen, &na);
	const char *vb = line_value(b, strlen(b), key, klen, &nb);
	long long x, y;

	if (va != NULL && vb != NULL && na == nb && memcmp(va, vb, na) == 0)
		return;
	if ((va || vb) && number(va, na, &x) && number(vb, nb, &y)) {
		if (x != y)
			str_append(out, size, "; ", "%.*s %lld to %lld (%s %lld)",
			    (int)klen, key, x, y, y > x ? "gained" : "lost",
			    y > x ? y - x : x - y);
	} else
		str_append(out, size, "; ", "%.*s %.*s to %.*s", (int)klen, key,
		    va ? (int)na : 4, va ? va : "none", vb ? (int)nb : 4,
		    vb ? vb : "none");
}

/* Each key of SHEET's words but those of SKIP (or all when NULL), diffed. */
static void
each_key(const char *sheet, const char *skip, const char *a, const char *b,
    char *out, size_t size)
{
	const char *w = sheet + strcspn(sheet, " ");
	size_t klen, vlen;

	while (*w == ' ') {
		w++;
		klen = strcspn(w, "= ");
		if (w[klen] == '=' && (skip == NULL ||
		    line_value(skip, strlen(skip), w, klen, &vlen) == NULL))
			key_diff(a, b, w, klen, out, size);
		w += strcspn(w, " ");
	}
}

void
sheet_diff(const char *a, const char *b, char *out, size_t size)
{
	out[0] = '\0';
	each_key(a, NULL, a, b, out, size);
	each_key(b, a, a, b, out, size);
}

/* --- what a continued session carries, line by line ---------------------- */

/* The keys of timedice's file carried, of hazard's (the place's), of light's. */
const char *const carry_clock_keys[] = { "since-rest", "timer",
	"affliction", NULL };
const char *const carry_place_keys[] = { "since-rest", "fatigue-pending",
	"condition", "sign-pending", "sign-creature", "alarm", "rest-turns", "drawn",
	NULL };
const char *const carry_source_keys[] = { "source", NULL };

int
carry_keep_line(void *arg, char **w, int nw, const struct kwf *f)
{
	struct carry_lines *l = arg;
	char buf[CARRY_LINE_MAX * 4] = "";
	int i;

	if (word_in(w[0], l->keys) < 0)
		return 0;
	if (l->n == CARRY_LINES)
		kwf_bad(f, "more than %d lines to carry", CARRY_LINES);
	for (i = 0; i < nw; i++)
		str_append(buf, sizeof buf, " ", "%s", w[i]);
	l->line[l->n++] = estrdup(buf);
	return 0;
}

void
carry_lines_free(struct carry_lines *l)
{
	while (l->n > 0)
		free(l->line[--l->n]);
}

/* TEXT without its lines whose first word is in DROP, ADD before "seed". */
char *
carry_with_lines(const char *text, const char *const *drop,
    const struct carry_lines *add, size_t *len)
{
	char *out;
	size_t size;
	FILE *fp = open_memstream(&out, &size);
	const char *s, *nl;
	char word[32];
	int i, added = 0;

	if (fp == NULL)
		esc_err(EXIT_IO, "open_memstream");
	for (s = text; *s != '\0'; s = *nl ? nl + 1 : nl) {
		nl = s + strcspn(s, "\n");
		snprintf(word, sizeof word, "%.*s", (int)strcspn(s, " \t\n"), s);
		if (strcmp(word, "seed") == 0 && !added) {
			for (i = 0; i < add->n; i++)
				fprintf(fp, "%s\n", add->line[i]);
			added = 1;
		}
		if (word_in(word, drop) < 0)
			fprintf(fp, "%.*s\n", (int)(nl - s), s);
	}
	for (i = 0; !added && i < add->n; i++)
		fprintf(fp, "%s\n", add->line[i]);
	if (fclose(fp) != 0)
		esc_err(EXIT_IO, "open_memstream");
	*len = size;
	return out;
}

/* "drawn KEY ROWS" of hazard's file taken out of the lines carried. */
void
carry_drop_drawn(struct carry_lines *l, const char *key)
{
	size_t n = strlen(key);
	int i, k = 0;

	for (i = 0; i < l->n; i++)
		if (strncmp(l->line[i], "drawn ", 6) == 0 &&
		    strncmp(l->line[i] + 6, key, n) == 0 && l->line[i][6 + n] == ' ')
			free(l->line[i]);
		else
			l->line[k++] = l->line[i];
	l->n = k;
}

