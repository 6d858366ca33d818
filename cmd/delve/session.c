/*
 * delve: what the commands share (delve.h): the session's files read for
 * a keyword, the turn the files agree on, the programs' words on the
 * files of the work directory, a failed stage said, and a command's
 * records shown then committed (DESIGN, Sessions).
 */
#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kwf.h"
#include "lampstate.h"
#include "layout.h"
#include "party.h"
#include "record.h"
#include "rules.h"
#include "util.h"
#include "delve.h"

void
out_done(void)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		esc_err(EXIT_IO, "stdout");
}

/* --- the session's files ---------------------------------------------- */

/*
 * The environment every program of the session sees (delving(7) SESSIONS,
 * one world): the session's rules name, its default (exploration) when it
 * was made without -r, so that a call runs under the session's rules and
 * not under its program's own default; a program with no such rules passes
 * the name over, as in a pipeline.  Seed and party are the session's,
 * given to each program as its command needs them.
 */
void
session_env(const struct session *s)
{
	unsetenv("DELVING_SEED");
	unsetenv("DELVING_PARTY");
	setenv("DELVING_RULES", s->rules != NULL ? s->rules :
	    rules_names[R_EXPLORATION], 1);
	if (s->dice != NULL)	/* roll's and every table's dice (issue 36) */
		setenv("DELVING_DICE", s->dice, 1);
}

/*
 * A failed stage: one line naming it and its file (the stage's state file
 * FILE when its message names none), the session unchanged.
 */
void
stage_failed(struct session *s, const struct proc_result *r, const char *file)
{
	char from[512], msg[PROC_MSG_MAX + 64], *at;
	int status = r->status;

	ses_abort(s);
	snprintf(from, sizeof from, "%s/%s/", s->dir, s->newdir);
	snprintf(msg, sizeof msg, "%s", r->msg);
	if ((at = strstr(msg, from)) != NULL) {
		char tail[PROC_MSG_MAX + 64];

		snprintf(tail, sizeof tail, "%s", at + strlen(from));
		snprintf(at, sizeof msg - (size_t)(at - msg), "%s/state/%s", s->dir,
		    tail);
	} else if (file != NULL)
		esc_errx(status ? status : EXIT_IO, "%s (%s/state/%s); the session is as "
		    "it was", msg, s->dir, file);
	esc_errx(status ? status : EXIT_IO, "%s; the session is as it was", msg);
}

/* --- commands ---------------------------------------------------------- */

/*
 * A file into the work directory as NAME (O_EXCL): a file the session
 * keeps a copy of (its party file, its tables), made durable; or a copy
 * for one command's stages only (durable 0), removed before the commit.
 */
void
copy_file(struct session *s, const char *from, const char *name,
    const char *what, int durable)
{
	int fd = eopen_input(from, what);
	size_t len;
	char *text = fd_text(fd, from, what, &len);

	close(fd);
	ses_put(s, name, text, len, durable);
	free(text);
}

/*
 * The party's light as light(6) names its LEVEL (reaction's -L): of the
 * sources L (NULL: none lit yet) under the rules R.
 */
void
lamp_level_name(int r, struct lamp *l, char *buf, size_t size)
{
	struct lamp none = { .rules = r };

	if (l == NULL)
		l = &none;
	if (l->rules < 0)
		l->rules = r < 0 ? R_EXPLORATION : r;
	l->lr = light_rules[l->rules];
	snprintf(buf, size, "%s", l->lr->level[lamp_level(l)].name);
}

/*
 * The party's light in the light file of the work directory (WORK) or of
 * the current generation: the session's darkness however it came, a
 * source put out by hand or burnt through.
 */
void
session_level(const struct session *s, int work, char *buf, size_t size)
{
	char *path = work ? newfile(s, "light") : ses_gen_path(s, "light");
	struct lamp l = { .rules = -1 };
	struct stream st;
	struct kwf *f = kwf_read(path, "light's state file");

	memset(&st, 0, sizeof st);
	lampstate_load(&l, &st, f);
	kwf_close(f);
	free(path);
	lamp_level_name(rules_named(s->rules), &l, buf, size);
}

char *
newfile(const struct session *s, const char *name)
{
	return ses_path(s, s->newdir, name);
}

/* A table KEY the session gives reaction (distance, activity), not hazard. */
int
table_of_reaction(const char *key)
{
	static const char *const reaction_keys[] = { "distance", "activity", NULL };

	return word_in(key, reaction_keys) >= 0;
}

/*
 * The session's table I as -T takes it: KEY=DIR/table.KEY[#PICK], DIR the
 * work directory (IN_WORK) or the current generation.
 */
char *
table_arg(const struct session *s, int i, int in_work)
{
	char name[64], *path, *arg;
	size_t size;

	snprintf(name, sizeof name, "table.%s", s->table_key[i]);
	path = in_work ? newfile(s, name) : ses_gen_path(s, name);
	size = strlen(s->table_key[i]) + strlen(path) + strlen(s->table_pick[i]) + 3;
	arg = emalloc(size);
	snprintf(arg, size, "%s=%s%s%s", s->table_key[i], path,
	    strcmp(s->table_pick[i], "-") == 0 ? "" : "#",
	    strcmp(s->table_pick[i], "-") == 0 ? "" : s->table_pick[i]);
	free(path);
	return arg;
}

/* A word of ARGV past the command that is an option, but BUT, refused: WHY. */
void
refuse_options(int argc, char **argv, const char *but, const char *why)
{
	int i;

	for (i = 1; i < argc; i++)
		if (argv[i][0] == '-' && (but == NULL || strcmp(argv[i], but) != 0))
			esc_errx(EXIT_BAD, "%s: %s: %s", argv[0], argv[i], why);
}

/* A stage's first words: PROG -f its work file -s the session's seed. */
void
stage_words(struct argv_b *v, const struct session *s, const char *prog)
{
	av_add(v, prog), av_add(v, "-f"), av_own(v, newfile(s, prog));
	av_add(v, "-s"), av_add(v, s->seed);
}

/*
 * The session's tables as -T KEY=FILE words added to V: reaction's own
 * (distance, activity) when for_reaction, else hazard's.
 */
void
table_options(const struct session *s, struct argv_b *v, int for_reaction)
{
	int i;

	for (i = 0; i < s->ntables; i++)
		if (table_of_reaction(s->table_key[i]) == for_reaction) {
			av_add(v, "-T");
			av_own(v, table_arg(s, i, 1));
		}
}

/* hazard takes -p under rules that keep characters (hazard(6)). */
int
hazard_keeps_party(const char *rules)
{
	int r = rules_named(rules);

	return r >= 0 && (hazard_rules[r].party || hazard_rules[r].alarm);
}

/*
 * The stages that take the party file PATH, read once: TAKES_TIMEDICE
 * (-p -w) when a character has resilience= (004: the hours beyond it and
 * the afflictions' stages then change the characters), TAKES_REACTION
 * (-p) when every one has wis= (each then rolls 000's surprise in the
 * dark; else one unnamed character does, as reaction(6) alone); none
 * when there is no such file (the stage that reads it says so).
 */
unsigned
party_takers(const char *path)
{
	struct party *p;
	unsigned some = 0, every = ~0u;
	int i;

	if (access(path, F_OK) != 0)
		return 0;
	p = emalloc(sizeof *p);
	party_load(p, path);
	for (i = 0; i < p->n; i++)
		some |= p->m[i].has, every &= p->m[i].has;
	free(p);
	return (some & 1u << PK_RESILIENCE ? TAKES_TIMEDICE : 0) |
	    (every & 1u << PK_WIS ? TAKES_REACTION : 0);
}

/* party_takers of the current generation's party file; none without one. */
unsigned
session_takers(const struct session *s)
{
	char *path = ses_gen_path(s, "party");
	unsigned takers = s->party ? party_takers(path) : 0;

	free(path);
	return takers;
}

/* A record's turn field made the session's turn: "roll 1 ..." at turn 5. */
char *
at_turn(const char *in, size_t len, uint64_t turn, size_t *outlen)
{
	const char *s, *nl, *tab, *tab2;
	size_t lines = 0;
	char *out, *o;

	for (s = in; (s = memchr(s, '\n', (size_t)(in + len - s))) != NULL; s++)
		lines++;
	out = o = emalloc(len + lines * U64_DIGITS + 1);	/* a turn a line */

	for (s = in; s < in + len; s = nl + 1) {
		nl = memchr(s, '\n', (size_t)(in + len - s));
		tab = memchr(s, '\t', (size_t)(nl - s));
		tab2 = tab ? memchr(tab + 1, '\t', (size_t)(nl - tab - 1)) : NULL;
		if (tab2 == NULL || rec_prog_of(s, (size_t)(tab - s)) < 0) {
			memcpy(o, s, (size_t)(nl - s + 1));
			o += nl - s + 1;
			continue;
		}
		o += sprintf(o, "%.*s\t%" PRIu64, (int)(tab - s), s, turn);
		memcpy(o, tab2, (size_t)(nl - tab2 + 1));
		o += nl - tab2 + 1;
	}
	*outlen = (size_t)(o - out);
	return out;
}

/*
 * The records shown and stdout flushed, then the commit: an output error
 * (stdio's, or the JSON writer's exit) leaves the session as it was
 * (DESIGN, Sessions): ses_begin has the work directory removed at any
 * exit before the commit.
 */
void
show_then_commit(struct session *s, const struct opts *o, const char *rec,
    size_t len, uint64_t turns, int is_call, uint64_t start)
{
	char *copy = emalloc(len + 1);
	uint64_t prev = s->turn;

	memcpy(copy, rec, len);
	view_records(copy, len, o->form, start, prev);
	out_done();
	ses_commit(s, rec, len, turns, is_call);
	free(copy);
}

/*
 * A GM's act said in one delve record (NAME KEY - TEXT at the session's
 * turn, by the record writer), shown, then committed (show_then_commit).
 */
void
commit_said(struct session *s, const struct opts *o, const char *name,
    const char *key, const char *text, int is_call)
{
	struct rec_writer *w = rec_writer_open("delve", 0);
	uint64_t start = ses_clock(s);
	size_t len;
	char *rec;

	out_hold(rec_out(w));
	rec_delve(w, s->turn, name, key, "-", text);
	rec = out_unhold(rec_out(w), &len);
	rec_writer_close(w);
	show_then_commit(s, o, rec, len, 0, is_call, start);
	free(rec);
}

/*
 * One program's run v at the session's turn, all or nothing, its records
 * logged and shown; a call (roll ...) may fail its check (exit 1) and is
 * counted for the next call's dice.
 */
void
one_command(struct session *s, const struct opts *o, char **v, int is_call,
    struct proc_result *res)
{
	char **const argvs[] = { v };
	size_t len, reclen;
	char *out, *rec;

	ses_begin(s, 1);
	if (proc_run(argvs, 1, -1, &out, &len, res) &&
	    !(is_call && res->status == EXIT_FAILED))
		stage_failed(s, res, NULL);
	rec = at_turn(out, len, s->turn, &reclen);
	show_then_commit(s, o, rec, reclen, 0, is_call, ses_clock(s));
	free(rec);
	free(out);
}
