/*
 * delve: the commands that write nothing: log, check and status.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afflict.h"
#include "clock.h"
#include "party.h"
#include "util.h"
#include "delve.h"

/*
 * The log as far as the session committed it: its first bytes, and the
 * tail a command cut short left in the generation's records.
 */
static int
log_parts(const struct session *s, struct view_part *p)
{
	p[0] = (struct view_part){ NULL, s->logfd, s->logat };
	p[1] = (struct view_part){ NULL, s->pendfd, s->pending };
	return s->pendfd >= 0 ? 2 : 1;
}

/* delve log: the session so far. */
void
show_log(struct session *s, const struct opts *o)
{
	char *path = ses_path(s, "", "log");
	struct view_part p[2];

	view_parts(p, log_parts(s, p), path, o->form, session_start(s), 0);
	free(path);
}

/*
 * delve check: each file's turn against the session's, the log read
 * through, each file against its generation's checksum; 1 if they
 * disagree or one changed.
 */
int
check(const struct session *s)
{
	char *path = ses_path(s, "", "log");
	struct view_part p[2];
	struct turnread t;
	int i, bad = 0, np = log_parts(s, p);

	view_check(p, np, path);
	printf("%-9s turn %" PRIu64 "\n", "session", s->turn);
	for (i = 0; turn_files[i] != NULL; i++) {
		value(s, turn_files[i], "turn", &t);
		if (t.val[0] == '\0' || strtoull(t.val, NULL, 10) != s->turn)
			bad = 1;
		printf("%-9s turn %s%s\n", turn_files[i], t.val[0] ? t.val : "none",
		    bad && strtoull(t.val, NULL, 10) != s->turn ? "  disagrees" : "");
	}
	fflush(stdout);
	if (ses_say_changed(s) > 0)
		bad = 1;
	free(path);
	return bad;
}

/* delve status: what the state files hold; "key value" pairs on one line. */
#define SHOW_AFFLICTIONS 16
#define SHOW_KINDS 8

struct show {
	const char *file;
	char	 pairs[1024];
	uint64_t now;				/* the clock, in turns */
	int	 rules;				/* the session's, enum rules */
	int	 naff;				/* timedice's afflictions */
	char	 aff_name[SHOW_AFFLICTIONS][64];
	char	 aff[SHOW_AFFLICTIONS][256];
	int	 nkinds;			/* light's spent sources, by kind */
	char	 kind[SHOW_KINDS][32];
	int	 spent[SHOW_KINDS];
};

/* timedice's "affliction ..." lines (timedice(6) FILES), said with the party. */
static void
keep_affliction(struct show *sh, char **w, int nw)
{
	struct affliction a;

	if (sh->naff >= SHOW_AFFLICTIONS || afflict_parse(&a, w, nw) != 0)
		return;
	snprintf(sh->aff_name[sh->naff], sizeof sh->aff_name[0], "%s", a.name);
	afflict_status(&a, sh->now, sh->aff[sh->naff], sizeof sh->aff[0]);
	sh->naff++;
}

/* party: "Ann: 9 of 12 HP; tired. Also dex +2, level 3." (party_describe) */
static void
show_character(void *arg, const struct member *m, const char *line)
{
	const struct show *sh = arg;
	char cond[1024], sheet[PARTY_LINE_MAX];
	int i;

	party_describe(m, sh->rules, cond, sizeof cond);
	for (i = 0; i < sh->naff; i++)
		if (strcmp(sh->aff_name[i], m->name) == 0)
			str_append(cond, sizeof cond, "; ", "%s", sh->aff[i]);
	party_sheet(line, sheet, sizeof sheet);
	printf("%-9s %s: %s.%s%s%s\n", "party", m->name, cond[0] ? cond :
	    "no hit points or conditions kept", sheet[0] ? " Also " : "", sheet,
	    sheet[0] ? "." : "");
}

/* light's spent sources, "source NAME KIND out 0 ...", counted by kind. */
static int
count_spent(struct show *sh, char **w, int nw)
{
	int k;

	if (nw != 6 || strcmp(w[3], "out") != 0 || strcmp(w[4], "0") != 0)
		return 0;
	for (k = 0; k < sh->nkinds && strcmp(sh->kind[k], w[2]) != 0; k++)
		;
	if (k == SHOW_KINDS)
		return 0;
	if (k == sh->nkinds) {
		snprintf(sh->kind[k], sizeof sh->kind[k], "%s", w[2]);
		sh->spent[sh->nkinds++] = 0;
	}
	sh->spent[k]++;
	return 1;
}

/* "light     3 torches spent, 1 lantern spent", once. */
static void
show_spent(const struct show *sh)
{
	size_t n;
	int k;

	for (k = 0; k < sh->nkinds; k++) {
		n = strlen(sh->kind[k]);
		printf("%s%d %s%s spent%s", k ? "" : "light     ", sh->spent[k],
		    sh->kind[k], sh->spent[k] == 1 ? "" : n > 1 &&
		    strcmp(sh->kind[k] + n - 2, "ch") == 0 ? "es" : "s",
		    k == sh->nkinds - 1 ? "\n" : ", ");
	}
}

static int
show_line(void *arg, char **w, int nw, const struct kwf *f)
{
	static const char *const hidden[] = { "seed", "rng", "rules", "turn",
	    "day", "time", NULL };
	struct show *sh = arg;
	size_t len = strlen(sh->pairs);
	int i;

	(void)f;
	if (word_in(w[0], hidden) >= 0)
		return 0;
	if (nw == 2) {
		snprintf(sh->pairs + len, sizeof sh->pairs - len, "%s%s %s",
		    len ? ", " : "", w[0], w[1]);
		return 0;
	}
	if (strcmp(w[0], "affliction") == 0) {	/* said with the party */
		keep_affliction(sh, w, nw);
		return 0;
	}
	if (strcmp(w[0], "source") == 0 && count_spent(sh, w, nw))
		return 0;
	printf("%-9s ", sh->file);
	if (strcmp(w[0], "source") == 0 && nw == 6)
		printf("%s: %s, %s, %s turns left\n", w[1], w[2], w[3], w[4]);
	else if (strcmp(w[0], "timer") == 0 && nw == 3)
		printf("timer %s: %s turns left\n", w[1], w[2]);
	else
		for (i = 0; i < nw; i++)
			printf("%s%s", w[i], i == nw - 1 ? "\n" : " ");
	return 0;
}

void
status(const struct session *s)
{
	static const char *const files[] = { "hazard", "light", "timedice", NULL };
	struct turnread day, time;
	struct show sh;
	char *gen = ses_genname(s->gen), *path;
	int i;

	printf("%-9s %s: seed %s, rules %s, turn %" PRIu64 "\n", "session",
	    s->dir, s->seed, s->rules ? s->rules : "exploration", s->turn);
	value(s, "timedice", "day", &day);
	value(s, "timedice", "time", &time);
	printf("%-9s day %s, %s\n", "clock", day.val, time.val);
	sh.now = start_clock(s);
	sh.rules = s->rules ? word_in(s->rules, rules_names) : R_EXPLORATION;
	sh.naff = sh.nkinds = 0;
	for (i = 0; files[i] != NULL; i++) {
		sh.file = files[i];
		sh.pairs[0] = '\0';
		path = ses_path(s, gen, files[i]);
		ses_read(path, show_line, &sh);
		if (strcmp(files[i], "light") == 0)
			show_spent(&sh);
		if (sh.pairs[0] != '\0')
			printf("%-9s %s\n", sh.file, sh.pairs);
		free(path);
	}
	path = ses_path(s, gen, "party");
	if (s->party)
		party_each(path, show_character, &sh);
	supplies_status(s);	/* delve(6), Supplies and coin */
	free(path);
	free(gen);
}
