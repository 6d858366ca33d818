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
int
show_log(struct session *s, const struct opts *o, int argc, char **argv)
{
	char *path = ses_path(s, "", "log");
	struct view_part p[2];

	(void)argc, (void)argv;	/* delve log takes no operand */
	view_parts(p, log_parts(s, p), path, o->form, ses_start(s), 0);
	free(path);
	return EXIT_OK;
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
check(struct session *s, const struct opts *o, int argc, char **argv)
{
	char *path = ses_path(s, "", "log");
	struct view_part p[2];
	const struct ses_keys *k;
	const char *t;
	int i, bad = 0, np = log_parts(s, p);

	(void)o, (void)argc, (void)argv;	/* delve check takes no operand */
	view_check(p, np, path);
	printf("%-9s turn %" PRIu64 "\n", "session", s->turn);
	k = ses_keys(s);
	for (i = 0; ses_clock_files[i] != NULL; i++) {
		t = k->turn[i];
		if (t[0] == '\0' || strtoull(t, NULL, 10) != s->turn)
			bad = 1;
		printf("%-9s turn %s%s\n", ses_clock_files[i], t[0] ? t : "none",
		    bad && strtoull(t, NULL, 10) != s->turn ? "  disagrees" : "");
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

/*
 * party: "Ann: 9 of 12 HP; tired. Also dex +2, level 3." (party_describe,
 * then MORE, conditions kept elsewhere, then party_sheet of LINE), as
 * delve status and delve campaign say a character under RULES.
 */
void
say_character(const struct member *m, const char *line, int rules,
    const char *more)
{
	char cond[1024], sheet[PARTY_LINE_MAX];

	party_describe(m, rules, cond, sizeof cond);
	if (more[0] != '\0')
		str_append(cond, sizeof cond, "; ", "%s", more);
	party_sheet(line, sheet, sizeof sheet);
	printf("%-9s %s: %s.%s%s%s\n", "party", m->name, cond[0] ? cond :
	    "no hit points or conditions kept", sheet[0] ? " Also " : "", sheet,
	    sheet[0] ? "." : "");
}

/* party, with the afflictions timedice keeps (afflict_status) */
static void
show_character(void *arg, const struct member *m, const char *line)
{
	const struct show *sh = arg;
	char aff[1024] = "", one[256];
	int i;

	for (i = 0; i < sh->w->aff.n; i++)
		if (strcmp(sh->w->aff.a[i].name, m->name) == 0) {
			afflict_status(&sh->w->aff.a[i], sh->now, one, sizeof one);
			str_append(aff, sizeof aff, "; ", "%s", one);
		}
	say_character(m, line, sh->rules, aff);
}

/* light's sources, the spent ones counted by kind: "3 torches spent." */
static void
show_lights(const struct scr_world *w)
{
	char text[512];
	int i;

	for (i = 0; i < w->lamp.n; i++) {
		if (w->lamp.src[i].state == LAMP_OUT && w->lamp.src[i].left == 0)
			continue;
		lampstate_say(&w->lamp, &w->lamp.src[i], w->travel, text,
		    sizeof text);
		printf("%-9s %s\n", "light", text);
	}
	if (lampstate_say_spent(&w->lamp, text, sizeof text) > 0)
		printf("%-9s %s.\n", "light", text);
	lampstate_say_sight(&w->lamp, text, sizeof text);
	if (text[0] != '\0')
		printf("%-9s %s\n", "light", text);
}

int
status(struct session *s, const struct opts *o, int argc, char **argv)
{
	struct scr_world *w = emalloc(sizeof *w);
	struct show sh;
	char text[1024], *path;
	int i;

	(void)o, (void)argc, (void)argv;	/* delve status takes no operand */
	scr_load(w, s);
	printf("%-9s %s: seed %s, the %s rules, turn %" PRIu64 ".\n", "session",
	    s->dir, s->seed, rules_names[w->rules], s->turn);
	clockstate_say_clock(&w->clock, w->outdoors, text, sizeof text);
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
	path = ses_gen_path(s, "party");
	if (s->party)
		party_each(path, show_character, &sh);
	supplies_status(s);	/* delve(6), Supplies and coin */
	free(path);
	scr_free(w);
	free(w);
	return EXIT_OK;
}
