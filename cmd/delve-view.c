/*
 * delve: the commands that write nothing: log, check and status.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afflict.h"
#include "clock.h"
#include "lampstate.h"
#include "party.h"
#include "screen.h"
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
	uint64_t start = 6 * CLOCK_HOUR_TURNS;	/* timedice(6): 07:00 */
	struct view_part p[2];

	if (s->clock != NULL)
		clock_parse(s->clock, &start);
	view_parts(p, log_parts(s, p), path, o->form, start, 0);
	free(path);
}

/*
 * The log read through as delve log and delve check read it (a NUL byte,
 * a line too long, a bad record: exit 2): a command that writes checks
 * it before it appends.
 */
void
log_checked(const struct session *s)
{
	char *path = ses_path(s, "", "log");
	struct view_part p[2];

	view_check(p, log_parts(s, p), path);
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

/*
 * delve status: what the state files hold, in sentences, each said by
 * the module that owns its line (hazstate, lampstate, clockstate, party,
 * afflict), as delve screen has them; durations in the session's unit.
 */
struct show {
	const struct scr_world *w;
	uint64_t now;				/* the clock, in turns */
	int	 rules;				/* the session's, enum rules */
};

/* party: "Ann: 9 of 12 HP; tired. Also dex +2, level 3." (party_describe) */
static void
show_character(void *arg, const struct member *m, const char *line)
{
	const struct show *sh = arg;
	char cond[1024], sheet[PARTY_LINE_MAX], aff[256];
	int i;

	party_describe(m, sh->rules, cond, sizeof cond);
	for (i = 0; i < sh->w->aff.n; i++)
		if (strcmp(sh->w->aff.a[i].name, m->name) == 0) {
			afflict_status(&sh->w->aff.a[i], sh->now, aff, sizeof aff);
			str_append(cond, sizeof cond, "; ", "%s", aff);
		}
	party_sheet(line, sheet, sizeof sheet);
	printf("%-9s %s: %s.%s%s%s\n", "party", m->name, cond[0] ? cond :
	    "no hit points or conditions kept", sheet[0] ? " Also " : "", sheet,
	    sheet[0] ? "." : "");
}

/* light's sources, the spent ones counted by kind: "3 torches spent." */
static void
show_lights(const struct scr_world *w)
{
	int spent[LK_NKINDS] = { 0 }, i, k, said = 0;
	char text[512];

	for (i = 0; i < w->lamp.n; i++) {
		if (w->lamp.src[i].state == LAMP_OUT && w->lamp.src[i].left == 0) {
			spent[w->lamp.src[i].kind]++;
			continue;
		}
		lampstate_say(&w->lamp, &w->lamp.src[i], w->travel, text,
		    sizeof text);
		printf("%-9s %s\n", "light", text);
	}
	for (k = 0; k < LK_NKINDS; k++)
		if (spent[k] > 0)
			printf("%s%d %s%s spent", said++ ? ", " : "light     ",
			    spent[k], light_kinds[k], spent[k] == 1 ? "" :
			    k == LK_TORCH ? "es" : "s");
	if (said)
		printf(".\n");
	lampstate_say_sight(&w->lamp, text, sizeof text);
	if (text[0] != '\0')
		printf("%-9s %s\n", "light", text);
}

void
status(const struct session *s)
{
	struct scr_world *w = emalloc(sizeof *w);
	struct show sh;
	char text[1024], *path, *gen;
	int i;

	scr_load(w, s);
	printf("%-9s %s: seed %s, the %s rules, turn %" PRIu64 ".\n", "session",
	    s->dir, s->seed, rules_names[w->rules], s->turn);
	clockstate_say_clock(&w->clock, text, sizeof text);
	printf("%-9s %s.\n", "clock", text);
	hazstate_say(&w->haz, 1, text, sizeof text);
	if (text[0] != '\0')
		printf("%-9s %s\n", "hazard", text);
	show_lights(w);
	clockstate_say_rest(&w->clock, w->travel, text, sizeof text);
	printf("%-9s %s\n", "timedice", text);
	for (i = 0; i < w->clock.timers.n; i++) {
		clockstate_say_timer(&w->clock.timers.t[i], w->travel, text,
		    sizeof text);
		printf("%-9s %s\n", "timedice", text);
	}
	sh = (struct show){ w, w->clock.tick, w->rules };
	gen = ses_genname(s->gen);
	path = ses_path(s, gen, "party");
	if (s->party)
		party_each(path, show_character, &sh);
	free(path);
	free(gen);
	scr_free(w);
	free(w);
}
