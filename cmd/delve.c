/*
 * delve: a session at the table (delve(6)).  One directory holds one
 * expedition: the state files of hazard, light, timedice and reaction, a
 * copy of the party file, the seed, the rules and the log.  Each turn runs
 * hazard | light | timedice | reaction on them, all or nothing; delve only
 * composes the programs, every rule stays in them.
 */
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "afflict.h"
#include "clock.h"
#include "gm.h"
#include "layout.h"
#include "party.h"
#include "rng.h"
#include "rules.h"
#include "session.h"
#include "table.h"
#include "opt.h"
#include "update.h"
#include "out.h"
#include "proc.h"
#include "util.h"
#include "view.h"

static const char prog[] = "delve";

struct opts {
	OPT_COMMON;		/* -jn */
	const char *dir;
	enum view_form form;
};

/* The state files a turn keeps in step, each counting the turns. */
static const char *const turn_files[] = { "hazard", "light", "timedice", NULL };

/* The SYNOPSIS, a form a line: -h has them all, a usage error its own. */
#define SYN_TURN	"delve [-hjRV] [-C DIR] [-n COUNT] [[turn] ACTION ...]"
#define SYN_NEW		"delve new [-F] [-c TIME] [-l KIND[,KIND ...]] " \
			    "[-p FILE] [-r RULES] [-s SEED] [-T KEY=FILE ...] DIR"
#define SYN_SESSION	"delve [-jR] [-C DIR] status | check | undo | log"
#define SYN_CALL	"delve [-jR] [-C DIR] roll | reaction | chase | " \
			    "return [ARG ...]"
#define SYN_AFFLICT	"delve [-jR] [-C DIR] infect NAME SOURCE LENGTH " \
			    "[KEY=VALUE ...] | cure NAME SOURCE"
#define SYN_GM		"delve [-jR] [-C DIR] damage | heal NAME N|DICE | " \
			    "set NAME KEY=VALUE ... | join NAME [KEY=VALUE ...] | " \
			    "leave NAME"
#define SYN_GM_FILES	"delve [-jR] [-C DIR] light COMMAND [ARG ...] | " \
			    "camp [HOURS | until TIME] [unsafe] | hour [N] [ACTION ...] | " \
			    "edit [party | FILE]"
#define SYN_BATCH	"delve batch [-j | -S] [-l KIND[,KIND ...]] [-p FILE] " \
			    "[-r RULES] [-T KEY=FILE ...] -s SEED -n TURNS -o DIR COUNT"

static void
out_done(void)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		err(EXIT_IO, "stdout");
}

/* --- the session's files ---------------------------------------------- */

struct turnread {
	const char *key;
	char	 val[64];
};

static int
take_key(void *arg, char **w, int nw, const char *path, unsigned long ln)
{
	struct turnread *t = arg;

	(void)path;
	(void)ln;
	if (nw == 2 && strcmp(w[0], t->key) == 0)
		snprintf(t->val, sizeof t->val, "%s", w[1]);
	return 0;
}

/* A keyword's value in a file of the current generation, "" if none. */
static const char *
value(const struct session *s, const char *file, const char *key,
    struct turnread *t)
{
	char *gen = ses_genname(s->gen), *path = ses_path(s, gen, file);

	t->key = key;
	t->val[0] = '\0';
	ses_read(path, take_key, t);
	free(path);
	free(gen);
	return t->val;
}

/* The clock before a command: timedice's day and time, as turns. */
static uint64_t
start_clock(const struct session *s)
{
	struct turnread day, time;
	uint64_t into = 0;
	long long d = 1;

	value(s, "timedice", "day", &day);
	value(s, "timedice", "time", &time);
	strtonum_ok(day.val, 1, CLOCK_DAY_MAX, &d);
	if (clock_parse(time.val, &into) != NULL)
		into = 6 * CLOCK_HOUR_TURNS;	/* timedice(6): a new clock, 07:00 */
	return (uint64_t)(d - 1) * CLOCK_DAY + into;
}

/* The first state file whose turn is not the session's, or NULL. */
static const char *
disagreeing(const struct session *s, char *turn, size_t size)
{
	struct turnread t;
	int i;

	for (i = 0; turn_files[i] != NULL; i++) {
		value(s, turn_files[i], "turn", &t);
		if (strtoull(t.val, NULL, 10) != s->turn || t.val[0] == '\0') {
			snprintf(turn, size, "%s", t.val[0] ? t.val : "none");
			return turn_files[i];
		}
	}
	return NULL;
}

static void
refuse_drift(const struct session *s)
{
	const char *f;
	char turn[64];

	if ((f = disagreeing(s, turn, sizeof turn)) != NULL)
		errx(EXIT_BAD, "%s/state/%s: at turn %s, the session at turn %" PRIu64
		    ": the files disagree (see delve check)", s->dir, f, turn, s->turn);
}

/* The environment the programs see: the session's rules, nothing else. */
static void
session_env(const struct session *s)
{
	unsetenv("DELVING_SEED");
	unsetenv("DELVING_PARTY");
	if (s->rules != NULL)
		setenv("DELVING_RULES", s->rules, 1);
	else
		unsetenv("DELVING_RULES");
}

/*
 * A failed stage: one line naming it and its file (the stage's state file
 * FILE when its message names none), the session unchanged.
 */
static void
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
		errx(status ? status : EXIT_IO, "%s (%s/state/%s); the session is as "
		    "it was", msg, s->dir, file);
	errx(status ? status : EXIT_IO, "%s; the session is as it was", msg);
}

/* --- commands ---------------------------------------------------------- */

static char *
newfile(const struct session *s, const char *name)
{
	return ses_path(s, s->newdir, name);
}

/*
 * The session's tables as -T KEY=FILE words from v[n] on, NULL-terminated:
 * reaction's own (distance, activity) when for_reaction, else hazard's.
 */
static int
table_options(const struct session *s, char **v, int n, int for_reaction)
{
	static const char *const reaction_keys[] = { "distance", "activity", NULL };
	char name[64], *path, *arg;
	size_t size;
	int i;

	for (i = 0; i < s->ntables; i++) {
		if ((word_in(s->table_key[i], reaction_keys) >= 0) != for_reaction)
			continue;
		snprintf(name, sizeof name, "table.%s", s->table_key[i]);
		path = newfile(s, name);
		size = strlen(s->table_key[i]) + strlen(path) + strlen(s->table_pick[i]) + 3;
		arg = emalloc(size);
		snprintf(arg, size, "%s=%s%s%s", s->table_key[i], path,
		    strcmp(s->table_pick[i], "-") == 0 ? "" : "#",
		    strcmp(s->table_pick[i], "-") == 0 ? "" : s->table_pick[i]);
		free(path);
		v[n++] = "-T";
		v[n++] = arg;
	}
	v[n] = NULL;
	return n;
}

/* hazard takes -p under rules that keep characters (hazard(6)). */
static int
hazard_keeps_party(const char *rules)
{
	int r = rules ? word_in(rules, rules_names) : R_EXPLORATION;

	return r >= 0 && (hazard_rules[r].party || hazard_rules[r].alarm);
}

/*
 * timedice takes -p -w when the party file PATH gives a character
 * resilience= (004): the hours beyond it and the afflictions' stages then
 * change the characters.
 */
static int
timedice_keeps_party(const char *path)
{
	struct party *p;
	int i, found = 0;

	if (access(path, F_OK) != 0)
		return 0;	/* the stage that reads it says so */
	p = emalloc(sizeof *p);
	party_load(p, path);
	for (i = 0; i < p->n; i++)
		found |= (p->m[i].has & 1u << PK_RESILIENCE) != 0;
	free(p);
	return found;
}

/* timedice_keeps_party of the current generation's party file. */
static int
session_keeps_resilience(const struct session *s)
{
	char *gen = ses_genname(s->gen), *path = ses_path(s, gen, "party");
	int keeps = s->party && timedice_keeps_party(path);

	free(path);
	free(gen);
	return keeps;
}

/* hazard writes the party back (-w) under rules that keep characters. */
static int
hazard_writes_party(const char *rules)
{
	int r = rules ? word_in(rules, rules_names) : R_EXPLORATION;

	return r >= 0 && hazard_rules[r].party;
}

/*
 * A turn's four stages, hazard | light | timedice | reaction, on the files
 * of the work directory; hazard's count is COUNT, its words the action.
 */
struct stages {
	char	 count[32];
	char	*h[16 + 2 * SES_TABLES_MAX + 64];
	char	*l[8];
	char	*t[12];
	char	*r[8 + 2 * SES_TABLES_MAX];
	int	 action;	/* where in h the ACTION's words begin */
	int	 sequential;	/* one writer at a time: a turn after a turn */
};

static void
stages_make(struct stages *st, struct session *s, long long count, int argc,
    char **argv)
{
	char *gen = ses_genname(s->gen), *now = ses_path(s, gen, "party");
	char *party = newfile(s, "party");
	int n = 7, hazard_reads = 0;

	char *h[] = { "hazard", "-f", newfile(s, "hazard"), "-s", s->seed, "-n",
	    st->count };
	char *l[] = { "light", "-f", newfile(s, "light"), "-s", s->seed, "-", NULL };
	char *t[] = { "timedice", "-f", newfile(s, "timedice"), "-s", s->seed,
	    "-", NULL };
	char *r[] = { "reaction", "-f", newfile(s, "reaction"), "-s", s->seed, "-" };

	memset(st, 0, sizeof *st);
	snprintf(st->count, sizeof st->count, "%lld", count);
	memcpy(st->h, h, sizeof h);
	memcpy(st->l, l, sizeof l);
	memcpy(st->t, t, sizeof t);
	memcpy(st->r, r, sizeof r);
	if (s->party && hazard_keeps_party(s->rules)) {
		st->h[n++] = "-p", st->h[n++] = estrdup(party);
		hazard_reads = 1;
		if (hazard_writes_party(s->rules))
			st->h[n++] = "-w";
	}
	if (s->party && timedice_keeps_party(now)) {	/* before the operand "-" */
		st->t[5] = "-p", st->t[6] = estrdup(party), st->t[7] = "-w";
		st->t[8] = "-";
	}
	n = table_options(s, st->h, n, 0);
	st->action = n;
	while (argc-- > 0)
		st->h[n++] = *argv++;
	st->h[n] = NULL;
	table_options(s, st->r, 6, 1);
	/* delving(7) SESSIONS: timedice writes the party that hazard reads */
	st->sequential = hazard_reads && st->t[7] != NULL;
	free(party);
	free(now);
	free(gen);
}

static void
stages_free(struct stages *st)
{
	char **const v[] = { st->h, st->l, st->t, st->r };
	int i, k;

	for (i = 0; i < 4; i++)
		free(v[i][2]);
	for (i = 7; i < st->action; i++)	/* -p FILE, -T KEY=FILE, -w */
		if (strcmp(st->h[i], "-w") != 0)
			free(st->h[++i]);
	if (st->t[7] != NULL)
		free(st->t[6]);
	for (k = 6; st->r[k] != NULL; k += 2)
		free(st->r[k + 1]);
}

/*
 * COUNT turns one at a time: hazard -n 1 to its end, its records kept in
 * a file, then light | timedice | reaction fed with them, so that a stage
 * that writes the party file sees what the stage before wrote (delving(7),
 * SESSIONS: one writer at a time).
 */
static int
turns_one_by_one(struct stages *st, long long count, int outfd,
    struct proc_result *res)
{
	char **const first[] = { st->h };
	char **const rest[] = { st->l, st->t, st->r };
	FILE *recs = tmpfile();
	long long i;
	int failed = 0;

	if (recs == NULL)
		err(EXIT_IO, "tmpfile");
	snprintf(st->count, sizeof st->count, "1");
	for (i = 0; i < count && !failed; i++) {
		if (ftruncate(fileno(recs), 0) != 0 || lseek(fileno(recs), 0, SEEK_SET) != 0)
			err(EXIT_IO, "tmpfile");
		if ((failed = proc_run(first, 1, fileno(recs), NULL, NULL, res)))
			break;
		if (lseek(fileno(recs), 0, SEEK_SET) != 0)
			err(EXIT_IO, "tmpfile");
		if ((failed = proc_run_from(rest, 3, fileno(recs), outfd, NULL, NULL,
		    res)))
			res->stage++;
	}
	fclose(recs);
	return failed;
}

/* One command's turns: hazard | light | timedice | reaction. */
static void
turn(struct session *s, const struct opts *o, int argc, char **argv)
{
	struct stages st;
	struct proc_result res;
	uint64_t start, prev = s->turn;
	int failed;

	if (argc > 64)
		errx(EXIT_BAD, "%s: too many words for an action", argv[64]);
	stages_make(&st, s, o->count, argc, argv);
	char **const argvs[] = { st.h, st.l, st.t, st.r };

	refuse_drift(s);
	start = start_clock(s);
	ses_begin(s, 1);	/* the records stream to the generation, not memory */
	if (st.sequential && o->count > 0)
		failed = turns_one_by_one(&st, o->count, ses_records(s), &res);
	else
		failed = proc_run(argvs, 4, ses_records(s), NULL, NULL, &res);
	if (failed)
		stage_failed(s, &res, argvs[res.stage][0]);
	view_fd(ses_records(s), "records", o->form, start, prev);
	out_done();	/* shown and flushed before the commit (DESIGN, Sessions) */
	ses_commit(s, NULL, 0, (uint64_t)o->count, 0);
	stages_free(&st);
}

/* A record's turn field made the session's turn: "roll 1 ..." at turn 5. */
static char *
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

/* A session whose work directory the output's failure leaves: taken away. */
static struct session *showing;

static void
abandon_showing(void)
{
	if (showing != NULL)
		ses_abort(showing);
}

/*
 * The records shown and stdout flushed, then the commit: an output error
 * (stdio's, or the JSON writer's exit) leaves the session as it was
 * (DESIGN, Sessions).
 */
static void
show_then_commit(struct session *s, const struct opts *o, const char *rec,
    size_t len, uint64_t turns, int is_call, uint64_t start)
{
	char *copy = emalloc(len + 1);
	uint64_t prev = s->turn;

	memcpy(copy, rec, len);
	showing = s;
	atexit(abandon_showing);
	view_records(copy, len, o->form, start, prev);
	if (fflush(stdout) != 0 || ferror(stdout))
		err(EXIT_IO, "stdout");
	showing = NULL;
	ses_commit(s, rec, len, turns, is_call);
	free(copy);
}

/*
 * One program's run v at the session's turn, all or nothing, its records
 * logged and shown; a call (roll ...) may fail its check (exit 1) and is
 * counted for the next call's dice.
 */
static void
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
	show_then_commit(s, o, rec, reclen, 0, is_call, start_clock(s));
	free(rec);
	free(out);
}

/* Each call its own dice: the seed, the turn, the call's number. */
static void
call_seed(const struct session *s, char *seed, size_t size)
{
	snprintf(seed, size, "%s:%" PRIu64 ":%" PRIu64, s->seed, s->turn,
	    s->calls + 1);
}

/*
 * delve roll|reaction|chase|return ARGS: seeded from the session, logged.
 * The seed goes in DELVING_SEED, not -s, so that a mode that rolls nothing
 * (roll -o, chase pace) takes the words as the program alone does.
 */
static void
call(struct session *s, const struct opts *o, int argc, char **argv)
{
	char seed[256], *v[128], *party = newfile(s, "party");
	struct proc_result res;
	int i, n = 0;

	if (argc > 120)
		errx(EXIT_BAD, "%s: too many arguments", argv[0]);
	call_seed(s, seed, sizeof seed);
	setenv("DELVING_SEED", seed, 1);
	v[n++] = argv[0];
	for (i = 1; i < argc; i++)
		v[n++] = argv[i];
	v[n] = NULL;
	if (s->party)
		setenv("DELVING_PARTY", party, 1);
	one_command(s, o, v, 1, &res);
	free(party);
	if (res.stage >= 0) {
		out_done();
		exit(res.status);
	}
}

/*
 * delve infect|cure ARGS: timedice's infect and cure (timedice(6)) on the
 * session's clock and party file, no time passing; the stages then run as
 * the turns pass.  All or nothing, logged at the session's turn.
 */
static void
afflict(struct session *s, const struct opts *o, int argc, char **argv)
{
	char *v[128] = { "timedice", "-f", newfile(s, "timedice"), "-s", s->seed,
	    "-p", newfile(s, "party"), "-w" };
	struct proc_result res;
	int i, n = 8;

	if (argc > 100)
		errx(EXIT_BAD, "%s: too many arguments", argv[0]);
	if (!s->party)
		errx(EXIT_BAD, "%s: the session keeps no party file (delve new -p "
		    "FILE)", argv[0]);
	for (i = 0; i < argc; i++)
		v[n++] = argv[i];
	v[n] = NULL;
	refuse_drift(s);
	one_command(s, o, v, 0, &res);
	free(v[2]);
	free(v[6]);
}

/* --- the GM's hands (delve(6), The game master's commands) ------------- */

/*
 * A character who joins is read as the turns will read them: hazard under
 * the rules that keep characters, timedice when the party keeps
 * resilience=, each in a run that rolls nothing; refused, the session is
 * as it was.
 */
static void
party_fits(struct session *s, char *party)
{
	char *h[] = { "hazard", "-n", "0", "-p", party, NULL };
	char *t[] = { "timedice", "-p", party, "show", NULL };
	char **const hv[] = { h }, **const tv[] = { t };
	struct proc_result res;
	int null = open("/dev/null", O_WRONLY | O_CLOEXEC);

	if (null < 0)
		err(EXIT_IO, "/dev/null");
	if (hazard_keeps_party(s->rules) && proc_run(hv, 1, null, NULL, NULL, &res))
		stage_failed(s, &res, "party");
	if (session_keeps_resilience(s) && proc_run(tv, 1, null, NULL, NULL, &res))
		stage_failed(s, &res, "party");
	close(null);
}

/*
 * delve damage|heal|set|join|leave: the GM's change to a character (gm.h),
 * checked and rolled on the party as it is, then written over the work
 * directory's copy by rename; logged at the session's turn and counted as
 * a call, so that its dice are the session's and the next call's its own.
 */
static void
party_act(struct session *s, const struct opts *o, int argc, char **argv)
{
	char seed[256], *gen = ses_genname(s->gen), *now = ses_path(s, gen, "party");
	char *work = newfile(s, "party");
	struct gm_act a;
	struct rng r;

	if (!s->party)
		errx(EXIT_BAD, "%s: the session keeps no party file (delve new -p "
		    "FILE)", argv[0]);
	refuse_drift(s);
	call_seed(s, seed, sizeof seed);
	rng_seed(&r, rng_seedword(seed), prog);
	gm_plan(&a, now, argc, argv, s->turn, &r);
	ses_begin(s, 1);
	gm_write(&a, work);
	if (strcmp(argv[0], "join") == 0)
		party_fits(s, work);
	show_then_commit(s, o, a.rec, a.reclen, 0, 1, start_clock(s));
	gm_free(&a);
	free(work);
	free(now);
	free(gen);
}

/*
 * delve light COMMAND ...: light(6) by hand on the session's light file
 * (add, out, relight, refill, wind, snow, hazard, and -D).  Time passes only
 * with the session's turns, every clock together: tick is refused, and
 * status is delve status's.
 */
static void
light_act(struct session *s, const struct opts *o, int argc, char **argv)
{
	char *v[72] = { "light", "-f", newfile(s, "light"), "-s", s->seed };
	struct proc_result res;
	int i, n = 5;

	if (argc < 2)
		errx(EXIT_BAD, "light: expected a command of light(6): add, out, "
		    "relight, refill, wind, snow or hazard");
	if (argc > 64)
		errx(EXIT_BAD, "%s: too many arguments", argv[64]);
	for (i = 1; i < argc; i++) {
		if (argv[i][0] == '-' && strcmp(argv[i], "-D") != 0)
			errx(EXIT_BAD, "light: %s: the session gives light its file, "
			    "seed and turns", argv[i]);
		v[n++] = argv[i];
	}
	v[n] = NULL;
	for (i = 5; i < n && strcmp(v[i], "-D") == 0; i++)
		;
	if (i < n && strcmp(v[i], "tick") == 0)
		errx(EXIT_BAD, "light: tick: time passes with the session's turns, "
		    "every clock together (delve -n COUNT, delve camp)");
	if (i == n || strcmp(v[i], "status") == 0)
		errx(EXIT_BAD, "light: status: delve status shows the lights");
	refuse_drift(s);
	one_command(s, o, v, 0, &res);
	free(v[2]);
}

/* The session plays the travel rules (004). */
static int
travelling(const struct session *s)
{
	return s->rules != NULL && strcmp(s->rules, "travel") == 0;
}

/*
 * camp [HOURS | until TIME] [unsafe]: the words of timedice's rest, in W
 * (at most three, then NULL): HOURS 1 to 24 (8 by default, 004's night),
 * or until TIME as timedice(6) reads it.
 */
static void
camp_words(int argc, char **argv, char **w)
{
	long long hours;
	int i, n = 0, unsafe = 0;

	for (i = 1; i < argc; i++)
		if (strcmp(argv[i], "unsafe") == 0 && !unsafe)
			unsafe = 1;
		else if (i == 1 && strtonum_ok(argv[i], 1, 24, &hours) == 0)
			w[n++] = argv[i];
		else if (i == 1 && strcmp(argv[i], "until") == 0 && argc > 2) {
			w[n++] = argv[i++];
			w[n++] = argv[i];
		} else
			errx(EXIT_BAD, "%s: '%s': expected %s [HOURS | until TIME] "
			    "[unsafe], HOURS 1 to 24", argv[0], argv[i], argv[0]);
	if (n == 0)
		w[n++] = "8";	/* 004: a night of rest, timedice(6)'s 8 hours */
	if (unsafe)
		w[n++] = "unsafe";
	w[n] = NULL;
}

/* The hours of timedice's rest record (its first): "timedice T D HH:MM rest HOURS". */
static const char *
rest_hours(const char *rec, size_t len, char *hours, size_t size)
{
	const char *p = rec, *end = memchr(rec, '\n', len);
	int f;

	for (f = 0; f < 5 && p != NULL && p < end; f++)
		if ((p = memchr(p, '\t', (size_t)(end - p))) != NULL)
			p++;
	if (p == NULL || end == NULL)
		errx(EXIT_IO, "timedice: no rest record");
	snprintf(hours, size, "%.*s", (int)strcspn(p, "\t\n"), p);
	return hours;
}

/* The lines of A (a record's turn in field 2) up to turn T: their length. */
static size_t
upto_turn(const char *a, size_t len, uint64_t t)
{
	const char *p = a, *nl, *tab;

	while (p < a + len) {
		nl = memchr(p, '\n', (size_t)(a + len - p));
		tab = memchr(p, '\t', (size_t)(nl - p));
		if (tab != NULL && strtoull(tab + 1, NULL, 10) > t)
			break;
		p = nl + 1;
	}
	return (size_t)(p - a);
}

/*
 * The camp's records: timedice's rest at the session's turn, as the camp
 * begins (its first line), then turn by turn the hours' records with
 * timedice's after them.
 */
static char *
camp_records(const struct session *s, char *rest, size_t rlen, char *hours,
    size_t hlen, size_t *len)
{
	char *first = memchr(rest, '\n', rlen), *at, *out, *o;
	size_t alen, n;
	uint64_t t;

	first = first ? first + 1 : rest + rlen;
	at = at_turn(rest, (size_t)(first - rest), s->turn, &alen);
	out = o = emalloc(alen + rlen + hlen + 1);
	memcpy(o, at, alen);
	o += alen;
	rlen -= (size_t)(first - rest);
	rest = first;
	for (t = s->turn + 1; rlen > 0 || hlen > 0; t++) {
		n = upto_turn(hours, hlen, t);
		memcpy(o, hours, n);
		o += n, hours += n, hlen -= n;
		n = upto_turn(rest, rlen, t);
		memcpy(o, rest, n);
		o += n, rest += n, rlen -= n;
	}
	free(at);
	*len = (size_t)(o - out);
	return out;
}

/*
 * delve camp [HOURS | until TIME] [unsafe], and delve rest under travel:
 * 004's night of camp.  Its hours are travel turns as any other (004: "A travel turn
 * occurs every hour of in-fiction time"): hazard rolls each hour's threat
 * and light burns what is lit, as hazard | light | reaction; timedice rests
 * them, with -p -w when a party is kept (timedice(6) rest: a night of safe
 * or unsafe rest, its healing, resilience and exhaustion), and its record
 * says the hours; every clock moves those turns, all or nothing.
 */
static void
camp(struct session *s, const struct opts *o, int argc, char **argv)
{
	char count[32], *party = newfile(s, "party");
	char *t[16] = { "timedice", "-f", newfile(s, "timedice"), "-s", s->seed };
	char *h[16 + 2 * SES_TABLES_MAX] = { "hazard", "-f", newfile(s, "hazard"),
	    "-s", s->seed, "-n", count };
	char *l[] = { "light", "-f", newfile(s, "light"), "-s", s->seed, "-", NULL };
	char *r[8 + 2 * SES_TABLES_MAX] = { "reaction", "-f", newfile(s, "reaction"),
	    "-s", s->seed, "-" };
	char **const rest[] = { t }, **const turns[] = { h, l, r };
	char *rout, *hout, *out;
	size_t rlen, hlen, len;
	struct proc_result res;
	uint64_t start;
	int i, n = 5;

	if (!travelling(s))
		errx(EXIT_BAD, "%s: a night's camp is a rest of the travel rules "
		    "(004); under %s a rest is a turn: delve rest", argv[0],
		    s->rules ? s->rules : "exploration");
	if (session_keeps_resilience(s))
		t[n++] = "-p", t[n++] = party, t[n++] = "-w";
	t[n++] = "rest";
	camp_words(argc, argv, t + n);
	n = 7;
	if (s->party && hazard_keeps_party(s->rules))
		h[n++] = "-p", h[n++] = party;
	n = table_options(s, h, n, 0);
	h[n++] = "hourly";
	h[n] = NULL;
	table_options(s, r, 6, 1);
	refuse_drift(s);
	start = start_clock(s);
	ses_begin(s, 1);
	if (proc_run(rest, 1, -1, &rout, &rlen, &res))
		stage_failed(s, &res, "timedice");
	rest_hours(rout, rlen, count, sizeof count);	/* hazard's -n */
	if (proc_run(turns, 3, -1, &hout, &hlen, &res))
		stage_failed(s, &res, turns[res.stage][0]);
	out = camp_records(s, rout, rlen, hout, hlen, &len);
	show_then_commit(s, o, out, len, strtoull(count, NULL, 10), 0, start);
	for (i = 7; h[i] != NULL; i++)
		if (strcmp(h[i], "-T") == 0)
			free(h[i + 1]);
	for (i = 6; r[i] != NULL; i += 2)
		free(r[i + 1]);
	free(t[2]), free(h[2]), free(l[2]), free(r[2]);
	free(out), free(rout), free(hout), free(party);
}

/*
 * delve hour [N] [ACTION ...]: N hours (1 to 1000, default 1) of the
 * session's turns, every clock together: N travel turns under travel
 * (004: "A travel turn occurs every hour"), six dungeon turns of ten
 * minutes an hour under the dungeon rules, each with the ACTION (an hour
 * of rest: 002's rest in the dungeon heals after six rest turns in a row).
 * The alarm rules (003) count rounds, not hours.
 */
static void
hours(struct session *s, const struct opts *o, int argc, char **argv)
{
	static char hourly[] = "hourly";
	char *travel_turn[] = { hourly, NULL };
	struct opts h = *o;
	long long n = 1;
	int i = 1, r = s->rules ? word_in(s->rules, rules_names) : R_EXPLORATION;

	if (argc > 1 && strtonum_ok(argv[1], 1, 1000, &n) == 0)
		i = 2;
	else if (argc > 1 && strspn(argv[1], "-0123456789") == strlen(argv[1]))
		errx(EXIT_BAD, "hour: '%s': expected 1 to 1000 hours", argv[1]);
	if (r >= 0 && hazard_rules[r].alarm)
		errx(EXIT_BAD, "hour: the alarm rules (003) count rounds, not hours: "
		    "delve -n COUNT ACTION");
	if (travelling(s) && argc > i)
		errx(EXIT_BAD, "hour: %s: under travel an hour is a travel turn, "
		    "without an action (a night's rest: delve camp)", argv[i]);
	h.count = travelling(s) ? n : n * CLOCK_HOUR_TURNS;
	if (travelling(s))
		turn(s, &h, 1, travel_turn);
	else
		turn(s, &h, argc - i, argv + i);
}

/*
 * delve edit [party | FILE]: the file of the current generation copied to
 * a temporary, opened in $EDITOR (else vi), checked by the program that
 * owns it, and committed as a new generation; refused with that program's
 * error, the edited copy kept for another try, as crontab -e and visudo do.
 * The session stays locked while the editor runs.
 */
static const char *const edit_files[] = { "party", "hazard", "light",
	"timedice", "reaction", NULL };

/* The owner's no-op run on FILE: it reads the file as a turn would. */
static void
owner_run(const char *name, char *file, char **v)
{
	static char *const runs[][4] = {
		{ "hazard", "-n", "0", NULL }, { "light", "status", NULL, NULL },
		{ "timedice", "show", NULL, NULL }, { "reaction", "-n", "0", NULL },
	};
	int i, k;

	for (k = 0; strcmp(runs[k][0], name) != 0; k++)
		;
	v[0] = runs[k][0];
	v[1] = "-f";
	v[2] = file;
	for (i = 1; runs[k][i] != NULL; i++)
		v[i + 2] = runs[k][i];
	v[i + 2] = NULL;
}

/* The party reader on FILE, in a child: 0, or its message in MSG. */
static int
party_check(const char *file, char *msg, size_t size)
{
	int fd[2], status;
	size_t got;
	ssize_t n;
	pid_t pid;
	struct party *p;

	if (pipe(fd) != 0 || (pid = fork()) < 0)
		err(EXIT_IO, "fork");
	if (pid == 0) {
		close(fd[0]);
		dup2(fd[1], STDERR_FILENO);
		p = emalloc(sizeof *p);
		party_load(p, file);
		_exit(0);
	}
	close(fd[1]);
	for (got = 0; got < size - 1; got += (size_t)n)	/* err(3) writes in parts */
		if ((n = read(fd[0], msg + got, size - 1 - got)) == 0 ||
		    (n < 0 && errno != EINTR))
			break;
		else if (n < 0)
			n = 0;
	msg[got] = '\0';
	msg[strcspn(msg, "\n")] = '\0';
	close(fd[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			err(EXIT_IO, "waitpid");
	return WIFEXITED(status) ? WEXITSTATUS(status) : EXIT_IO;
}

/* The edited copy checked by its owner: 0, or a refusal in MSG. */
static int
owner_check(const struct session *s, const char *name, char *file, char *msg,
    size_t size)
{
	char *v[8], **const argvs[] = { v };
	struct proc_result res;
	struct turnread t;
	int null, bad;

	if (strcmp(name, "party") == 0) {
		bad = party_check(file, msg, size);
		memmove(msg, msg + (strncmp(msg, "delve: ", 7) == 0 ? 7 : 0),
		    strlen(msg) + 1);
		return bad;
	}
	if ((null = open("/dev/null", O_WRONLY | O_CLOEXEC)) < 0)
		err(EXIT_IO, "/dev/null");
	owner_run(name, file, v);
	bad = proc_run(argvs, 1, null, NULL, NULL, &res);
	close(null);
	if (bad) {
		snprintf(msg, size, "%s", res.msg);
		return res.status ? res.status : EXIT_IO;
	}
	t.key = "turn";
	t.val[0] = '\0';
	ses_read(file, take_key, &t);
	if (word_in(name, turn_files) >= 0 && strtoull(t.val, NULL, 10) != s->turn) {
		snprintf(msg, size, "%s: turn %s, the session at turn %" PRIu64
		    ": the clocks move together", file, t.val[0] ? t.val : "none",
		    s->turn);
		return EXIT_BAD;
	}
	return 0;
}

/* FROM's bytes into the new file TO (O_EXCL), made mode 0444 as a generation's. */
static void
copy_bytes(const char *from, int tofd, const char *to)
{
	FILE *in = efopen_input(from, "a file");
	char buf[65536];
	size_t n;

	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		if (write(tofd, buf, n) != (ssize_t)n)
			err(EXIT_IO, "%s", to);
	if (ferror(in))
		err(EXIT_IO, "%s", from);
	fclose(in);
	if (fsync(tofd) != 0 || close(tofd) != 0)
		err(EXIT_IO, "%s", to);
}

/* The two files hold the same bytes. */
static int
same_file(const char *a, const char *b)
{
	FILE *fa = efopen_input(a, "a file"), *fb = efopen_input(b, "a file");
	int ca, cb;

	do {
		ca = getc(fa);
		cb = getc(fb);
	} while (ca == cb && ca != EOF);
	fclose(fa);
	fclose(fb);
	return ca == cb;
}

/* $EDITOR (else vi) on FILE, through sh as crontab -e runs it: its status. */
static int
run_editor(const char *file)
{
	const char *ed = getenv("EDITOR");
	int status;
	pid_t pid;

	setenv("DELVE_EDITOR", ed != NULL && *ed != '\0' ? ed : "vi", 1);
	fflush(stdout);
	if ((pid = fork()) < 0)
		err(EXIT_IO, "fork");
	if (pid == 0) {
		execl("/bin/sh", "sh", "-c", "exec $DELVE_EDITOR \"$1\"", "sh", file,
		    (char *)NULL);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			err(EXIT_IO, "waitpid");
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* The edited copy into the work directory by rename, then the generation. */
static void
edit_commit(struct session *s, const struct opts *o, const char *name,
    const char *copy)
{
	char *work = newfile(s, name), rec[512];
	uint64_t start = start_clock(s);
	struct upd *u;
	FILE *in, *fp;
	size_t n;
	int c;

	ses_begin(s, 1);
	u = upd_open(work, "a state file", 0);
	fp = upd_begin(u);
	in = efopen_input(copy, "a file");
	while ((c = getc(in)) != EOF)
		putc(c, fp);
	fclose(in);
	upd_commit(u, fp);
	upd_close(u);
	n = (size_t)snprintf(rec, sizeof rec, "delve\t%" PRIu64 "\t%s\tedit\t-\t"
	    "The %s file is edited by hand (delve edit), checked by %s.\n", s->turn,
	    name, name, strcmp(name, "party") == 0 ? "the party reader" : name);
	show_then_commit(s, o, rec, n, 0, 0, start);
	free(work);
}

static void
edit(struct session *s, const struct opts *o, int argc, char **argv)
{
	const char *name = argc > 1 ? argv[1] : "party";
	char *gen = ses_genname(s->gen), *cur, copy[1024], msg[2048];
	const char *tmp = getenv("TMPDIR");
	int fd, rc;

	if (argc > 2 || word_in(name, edit_files) < 0)
		errx(EXIT_BAD, "edit: '%s': expected party, hazard, light, timedice "
		    "or reaction", argc > 2 ? argv[2] : name);
	if (strcmp(name, "party") == 0 && !s->party)
		errx(EXIT_BAD, "edit: the session keeps no party file (delve new -p "
		    "FILE)");
	refuse_drift(s);
	cur = ses_path(s, gen, name);
	snprintf(copy, sizeof copy, "%s/delve-%s.XXXXXX", tmp && *tmp ? tmp : "/tmp",
	    name);
	if ((fd = mkstemp(copy)) < 0)
		err(EXIT_IO, "%s", copy);
	copy_bytes(cur, fd, copy);
	if ((rc = run_editor(copy)) != 0)
		errx(EXIT_BAD, "edit: the editor exited with status %d; your copy is "
		    "kept: %s", rc, copy);
	if (same_file(cur, copy)) {
		unlink(copy);
		printf("%s: no change\n", name);
	} else if (owner_check(s, name, copy, msg, sizeof msg) != 0)
		errx(EXIT_BAD, "edit: %s; your copy is kept: %s", msg, copy);
	else {
		edit_commit(s, o, name, copy);
		unlink(copy);
	}
	free(cur);
	free(gen);
}

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
static void
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
 * delve check: each file's turn against the session's, the log read
 * through; 1 if they disagree.
 */
static int
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
show_line(void *arg, char **w, int nw, const char *path, unsigned long ln)
{
	static const char *const hidden[] = { "seed", "rng", "rules", "turn",
	    "day", "time", NULL };
	struct show *sh = arg;
	size_t len = strlen(sh->pairs);
	int i;

	(void)path;
	(void)ln;
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

static void
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
	free(path);
	free(gen);
}

/* --- delve new --------------------------------------------------------- */

struct newopts {
	const char *seed, *rules, *lights, *clock, *party;
	char	*tables[SES_TABLES_MAX];	/* -T KEY=FILE, split: KEY */
	char	*files[SES_TABLES_MAX];		/* FILE */
	char	*picks[SES_TABLES_MAX];		/* HEADING, or NULL */
	int	 ntables;
	int	 force;
};

/*
 * One program run on a file of .new, its output thrown away; a refusal of
 * the party's copy names the party file given, PARTY.
 */
static void
setup(struct session *s, char **v, const char *party)
{
	char **const argvs[] = { v };
	struct proc_result res;
	char *copy = newfile(s, "party"), *at, msg[PROC_MSG_MAX + 1100];
	int null = open("/dev/null", O_WRONLY | O_CLOEXEC);

	if (null < 0)
		err(EXIT_IO, "/dev/null");
	if (proc_run(argvs, 1, null, NULL, NULL, &res)) {
		if (party != NULL && (at = strstr(res.msg, copy)) != NULL) {
			snprintf(msg, sizeof msg, "%.*s%s%s", (int)(at - res.msg),
			    res.msg, party, at + strlen(copy));
			ses_abort(s);
			errx(res.status ? res.status : EXIT_IO, "%s", msg);
		}
		stage_failed(s, &res, NULL);
	}
	close(null);
	free(copy);
}

/* A file the session keeps a copy of: its party file, its tables. */
static void
copy_file(struct session *s, const char *from, const char *name,
    const char *what)
{
	char *to = newfile(s, name), buf[65536];
	FILE *in = efopen_input(from, what), *out = ses_create(s, s->newdir, name);
	size_t n;

	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		fwrite(buf, 1, n, out);
	if (ferror(in))
		err(EXIT_IO, "%s", from);
	if (fflush(out) != 0 || fsync(fileno(out)) != 0 || fclose(out) != 0)
		err(EXIT_IO, "%s", to);
	fclose(in);
	free(to);
}

static void
write_session(struct session *s)
{
	char *path = ses_path(s, "", "session");
	FILE *fp = ses_create(s, "", "session");
	int i;

	fprintf(fp, "# delve session: see delve(6), FILES\nseed %s\n", s->seed);
	if (s->rules)
		fprintf(fp, "rules %s\n", s->rules);
	if (s->lights)
		fprintf(fp, "lights %s\n", s->lights);
	if (s->clock)
		fprintf(fp, "clock %s\n", s->clock);
	fprintf(fp, "party %s\n", s->party ? "yes" : "no");
	for (i = 0; i < s->ntables; i++)
		fprintf(fp, "table %s %s\n", s->table_key[i], s->table_pick[i]);
	if (fflush(fp) != 0 || fsync(fileno(fp)) != 0 || fclose(fp) != 0)
		err(EXIT_IO, "%s", path);
	free(path);
}

/*
 * The state files as the programs make them, from the session's seed, the
 * party file PARTY read by those that will keep it.
 */
static void
setup_files(struct session *s, const char *party)
{
	char *copy = newfile(s, "party");
	int i, n, td = s->party && timedice_keeps_party(copy);

	char *h[10 + 2 * SES_TABLES_MAX] = { "hazard", "-f", newfile(s, "hazard"),
	    "-s", s->seed, "-n", "0" };
	char *l[] = { "light", "-f", newfile(s, "light"), "-s", s->seed,
	    s->lights ? "-l" : "status", s->lights, s->lights ? "status" : NULL,
	    NULL };
	char *t[] = { "timedice", "-f", newfile(s, "timedice"), "-s", s->seed,
	    td ? "-p" : s->clock ? "set" : "show", td ? copy : s->clock,
	    td ? "-w" : NULL, s->clock ? "set" : "show", s->clock, NULL };
	char *r[] = { "reaction", "-f", newfile(s, "reaction"), "-s", s->seed, "-n",
	    "0", NULL };

	n = 7;
	if (s->party && hazard_keeps_party(s->rules))	/* and the keys it needs */
		h[n++] = "-p", h[n++] = newfile(s, "party");
	n = table_options(s, h, n, 0);	/* hazard checks its keys and tables */
	setup(s, h, party);
	for (i = 7; i < n; i += 2)
		free(h[i + 1]);
	setup(s, l, party);
	setup(s, t, party);
	setup(s, r, party);
	free(copy);
	free(h[2]);
	free(l[2]);
	free(t[2]);
	free(r[2]);
}

static const struct opt new_options[] = {
	{ 'c', "TIME", "the clock at the start, HH:MM (default 07:00)" },
	{ 'F', NULL, "replace the session in DIR" },
	{ 'l', "KIND[,KIND ...]", "light these sources before the first turn" },
	{ 'T', "KEY=FILE", "roll the table in FILE whenever a result says KEY" },
	{ 0, NULL, NULL }
};

static const struct opt new_says[] = {
	{ 'p', NULL, "copy this party file into the session" },
	{ 'r', NULL, "the rules (default exploration)" },
	{ 's', NULL, "the session's seed, one word (default from the system)" },
	{ 0, NULL, NULL }
};

static const struct opt_spec new_spec = {
	prog, SYN_NEW, new_options, 0, .shared = "prs", .says = new_says
};

static void
new_option(void *ctx, int letter, char *v)
{
	struct newopts *n = ctx;

	switch (letter) {
	case 'c': n->clock = v; break;
	case 'F': n->force = 1; break;
	case 'l': n->lights = v; break;
	case 'T':
		if (n->ntables == SES_TABLES_MAX)
			errx(EXIT_BAD, "-T: more than %d tables", SES_TABLES_MAX);
		n->tables[n->ntables++] = v;
		break;
	}
}

/* delve new's options, in any order with its DIR, returned. */
static const char *
parse_new(struct newopts *n, int argc, char **argv)
{
	struct opt_common com;

	argv = opt_parse(&new_spec, &com, &argc, argv, new_option, n);
	if (argc != 1)
		opt_usage(&new_spec, NULL);
	if (*argv[0] == '\0')
		errx(EXIT_BAD, "new: '': expected the session's directory");
	n->party = com.party;
	n->rules = com.rules;
	n->seed = com.seed;
	if (n->rules != NULL && word_in(n->rules, rules_names) < 0)
		errx(EXIT_BAD, "-r: '%s': not a rules name", n->rules);
	if (n->seed != NULL && (*n->seed == '\0' || strpbrk(n->seed, " \t\n#")))
		errx(EXIT_BAD, "-s: '%s': expected one word", n->seed);
	return argv[0];
}

/*
 * -T KEY=FILE[#HEADING]: the table is copied into the session as table.KEY
 * and the session file says "table KEY HEADING" ("-" for none), so a turn
 * passes -T KEY=STATE/table.KEY[#HEADING] on to hazard, or to reaction for
 * its distance and activity tables.  The programs check the key and the
 * table when the session's files are made.
 */
/* A table's key: lower-case letters and hyphens, as the records' keys. */
static int
key_ok(const char *k)
{
	size_t n = strspn(k, "abcdefghijklmnopqrstuvwxyz-");

	return n > 0 && n <= 32 && k[n] == '\0';
}

/* Each -T KEY=FILE[#HEADING] split and checked before anything is made. */
/*
 * The user's table FILE[#HEADING] read as the programs will read it: a
 * table that does not load is refused naming the user's file and line,
 * not the session's copy (delving(7) TABLE FILES).
 */
static void
table_loads(const char *key, const char *file)
{
	struct tbl_on on;

	tbl_on_load(&on, key, file);
	tbl_on_free(&on);
}

static void
check_tables(struct newopts *n)
{
	char *arg;
	int i;

	for (i = 0; i < n->ntables; i++) {
		arg = n->tables[i];
		if ((n->files[i] = tbl_on_split(arg)) == NULL)
			errx(EXIT_BAD, "-T: '%s': expected KEY=FILE", arg);
		if (!key_ok(arg))
			errx(EXIT_BAD, "-T: '%s': expected a key of letters, as encounter",
			    arg);
		table_loads(arg, n->files[i]);
		if ((n->picks[i] = strrchr(n->files[i], '#')) != NULL)
			*n->picks[i]++ = '\0';
		fclose(efopen_input(n->files[i], "a table file"));
	}
}

static void
copy_tables(struct session *s, const struct newopts *n)
{
	char name[64];
	int i;

	for (i = 0; i < n->ntables; i++) {
		snprintf(name, sizeof name, "table.%s", n->tables[i]);
		copy_file(s, n->files[i], name, "a table file");
		s->table_key[s->ntables] = estrdup(n->tables[i]);
		s->table_pick[s->ntables++] = estrdup(n->picks[i] != NULL &&
		    *n->picks[i] != '\0' ? n->picks[i] : "-");
	}
}

/* The party file read as every program reads it: refused now, FILE:LINE, if they would. */
static void
check_party(const char *path)
{
	struct party *p = emalloc(sizeof *p);

	party_load(p, path);
	free(p);
}

/* A directory delve new made, taken away again when the session failed. */
static const char *made_dir;

static void
unmake_dir(void)
{
	if (made_dir != NULL)
		rmdir(made_dir);
}

/*
 * The new session is made in .new.PID first: only when every program has
 * made its file is a session that -F replaces taken away.
 */
static void
new_session(int argc, char **argv)
{
	struct newopts n = { 0 };
	struct session s;
	char seed[U64_DIGITS + 1];
	const char *dir;
	int replace = 0;

	dir = parse_new(&n, argc, argv);
	if (n.party != NULL)
		check_party(n.party);
	check_tables(&n);
	if (access(dir, F_OK) != 0 && errno == ENOENT) {
		made_dir = dir;
		atexit(unmake_dir);
	}
	ses_lock(&s, dir, 1);
	if (!ses_empty(&s) && ses_unfinished(&s))
		ses_wipe(&s);	/* a new cut short: taken over */
	else if (!ses_empty(&s)) {
		if (!n.force || faccessat(s.dfd, "session", F_OK, 0) != 0)
			errx(EXIT_BAD, "%s: not empty: %s", s.dir, n.force ?
			    "not a session, left alone" : "give -F to replace the session");
		replace = 1;
	}
	if (n.seed == NULL)
		snprintf(seed, sizeof seed, "%" PRIu64, rng_entropy());
	s.seed = estrdup(n.seed ? n.seed : seed);
	s.rules = n.rules ? estrdup(n.rules) : NULL;
	s.lights = n.lights ? estrdup(n.lights) : NULL;
	s.clock = n.clock ? estrdup(n.clock) : NULL;
	s.party = n.party != NULL;
	session_env(&s);
	ses_begin(&s, 0);
	if (n.party != NULL)
		copy_file(&s, n.party, "party", "a party file");
	copy_tables(&s, &n);
	setup_files(&s, n.party);
	if (replace)
		ses_wipe(&s);
	write_session(&s);
	s.gen = (unsigned long)-1;
	ses_commit(&s, "", 0, 0, 0);
	made_dir = NULL;
	ses_close(&s);
}

/* --- delve batch ------------------------------------------------------- */

/*
 * A session file's form: the pipeline's records as they are (TAB), each
 * as a JSON object (-j, as everywhere), or the sentence view of delve log
 * (-S): the view code's, not a copy.
 */
static const struct batch_form {
	const char *ext;
	enum view_form view;
} batch_forms[] = {
	{ "tsv", VIEW_RAW }, { "jsonl", VIEW_JSON }, { "txt", VIEW_PEOPLE }
};

struct batch {
	const char *seed, *rules, *lights, *party, *outdir;
	long long turns, count;
	const struct batch_form *form;
	struct newopts t;	/* -T KEY=FILE, checked as delve new checks them */
	struct session tables;	/* their copies, made once: DIR/.tables.PID */
	int	 dfd;		/* DIR */
	char	 sseed[256], sturns[32];	/* SEED-I and TURNS, for the argv */
	char	*h[16 + 2 * SES_TABLES_MAX], *l[8], *td[8],
		*r[8 + 2 * SES_TABLES_MAX];
};

static const struct opt batch_options[] = {
	{ 'l', "KIND[,KIND ...]", "light these sources before each session's first turn" },
	{ 'o', "DIR", "write the sessions in DIR" },
	{ 'S', NULL, "write each session as delve log's sentences" },
	{ 'T', "KEY=FILE", "roll the table in FILE whenever a result says KEY" },
	{ 0, NULL, NULL }
};

static const struct opt batch_says[] = {
	{ 'j', NULL, "write each session as JSON Lines" },
	{ 'n', "TURNS", "play TURNS turns in each session" },
	{ 'p', NULL, "the party file of every session" },
	{ 'r', NULL, "the rules (default exploration)" },
	{ 's', NULL, "the sessions' seed, one word: session I plays SEED-I" },
	{ 0, NULL, NULL }
};

static const struct opt_spec batch_spec = {
	prog, SYN_BATCH, batch_options, 0, .shared = "jnprs", .says = batch_says
};

static void
batch_option(void *ctx, int letter, char *v)
{
	struct batch *b = ctx;

	switch (letter) {
	case 'l': b->lights = v; break;
	case 'o': b->outdir = v; break;
	case 'S': b->form = &batch_forms[2]; break;	/* the sentences */
	case 'T':
		if (b->t.ntables == SES_TABLES_MAX)
			errx(EXIT_BAD, "-T: more than %d tables", SES_TABLES_MAX);
		b->t.tables[b->t.ntables++] = v;
		break;
	}
}

/* delve batch's options, in any order with its COUNT. */
static void
parse_batch(struct batch *b, int argc, char **argv)
{
	struct opt_common com;

	argv = opt_parse(&batch_spec, &com, &argc, argv, batch_option, b);
	if (argc != 1 || com.seed == NULL || !com.count_set || b->outdir == NULL)
		opt_usage(&batch_spec, NULL);
	b->party = com.party;
	b->rules = com.rules;
	b->seed = com.seed;
	b->turns = com.count;
	if (com.json && b->form != NULL)
		errx(EXIT_BAD, "-j and -S: one form for the session files");
	b->form = &batch_forms[com.json ? 1 : b->form != NULL ? 2 : 0];
	b->count = estrtonum(argv[0], 1, 1000000, "COUNT");
	if (b->rules != NULL && word_in(b->rules, rules_names) < 0)
		errx(EXIT_BAD, "-r: '%s': not a rules name", b->rules);
	if (*b->seed == '\0' || strpbrk(b->seed, "/ \t\n") != NULL)
		errx(EXIT_BAD, "-s: '%s': expected one word without a slash: it names "
		    "the files", b->seed);
	if (*b->outdir == '\0')
		errx(EXIT_BAD, "-o: an empty directory name");
	if (b->party != NULL)
		fclose(efopen_input(b->party, "a party file"));
	check_tables(&b->t);
}

/* SEED-I.EXT in DIR, or its temp file .SEED-I.EXT.PID. */
static void
batch_name(const struct batch *b, long long i, int temp, char *buf, size_t size)
{
	if (temp)
		snprintf(buf, size, ".%s-%lld.%s.%ld", b->seed, i, b->form->ext,
		    (long)getpid());
	else
		snprintf(buf, size, "%s-%lld.%s", b->seed, i, b->form->ext);
}

/* A number of digits only, as a PID or an index in a temp file's name. */
static long long
digits(const char *s, size_t n)
{
	long long v = 0;
	size_t i;

	if (n == 0 || n > 18 || *s == '0')
		return -1;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/*
 * The PID in a batch's temp file name, .SEED-I.EXT.PID with EXT a form's,
 * or in its tables' directory .tables.PID; else -1.
 */
static long long
batch_temp_pid(const char *name)
{
	const char *dot = strrchr(name, '.'), *ext, *dash;
	size_t i;

	if (name[0] != '.' || dot == NULL || dot == name)
		return -1;
	if (strncmp(name, ".tables.", 8) == 0 && dot == name + 7)
		return digits(dot + 1, strlen(dot + 1));
	for (ext = dot - 1; ext > name && *ext != '.'; ext--)
		;
	for (i = 0; i < sizeof batch_forms / sizeof batch_forms[0]; i++)
		if (strlen(batch_forms[i].ext) == (size_t)(dot - ext - 1) &&
		    strncmp(ext + 1, batch_forms[i].ext, (size_t)(dot - ext - 1)) == 0)
			break;
	if (ext <= name + 1 || i == sizeof batch_forms / sizeof batch_forms[0])
		return -1;
	for (dash = ext - 1; dash > name && *dash != '-'; dash--)
		;
	if (dash <= name + 1 || digits(dash + 1, (size_t)(ext - dash - 1)) < 1)
		return -1;
	return digits(dot + 1, strlen(dot + 1));
}

/* The table copies in a tables directory, then the directory. */
static void
remove_tables_dir(int dfd, const char *name)
{
	struct dirent *e;
	DIR *d;
	int fd;

	if ((fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) < 0 || (d = fdopendir(fd)) == NULL)
		return;
	while ((e = readdir(d)) != NULL)
		if (strncmp(e->d_name, "table.", 6) == 0)
			unlinkat(fd, e->d_name, 0);
	closedir(d);
	unlinkat(dfd, name, AT_REMOVEDIR);
}

/*
 * What killed batches left in DIR: temp files and tables directories,
 * named exactly as a batch names them, of a process that is gone
 * (kill(2) says ESRCH).  Nothing else is touched.
 */
static void
remove_dead_temps(const struct batch *b)
{
	struct dirent *e;
	struct stat sb;
	long long pid;
	DIR *d;
	int fd = dup(b->dfd);

	if (fd < 0 || (d = fdopendir(fd)) == NULL)
		err(EXIT_IO, "%s", b->outdir);
	while ((e = readdir(d)) != NULL) {
		if ((pid = batch_temp_pid(e->d_name)) <= 0 || pid > INT32_MAX ||
		    kill((pid_t)pid, 0) == 0 || errno != ESRCH ||
		    fstatat(b->dfd, e->d_name, &sb, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		if (S_ISREG(sb.st_mode))
			unlinkat(b->dfd, e->d_name, 0);
		else if (S_ISDIR(sb.st_mode) && e->d_name[1] == 't')
			remove_tables_dir(b->dfd, e->d_name);
	}
	closedir(d);
}

/* A session file's place: free, or a regular file to replace; else refused. */
static void
check_target(const struct batch *b, long long i)
{
	char file[1100];
	struct stat sb;

	batch_name(b, i, 0, file, sizeof file);
	if (fstatat(b->dfd, file, &sb, AT_SYMLINK_NOFOLLOW) != 0) {
		if (errno == ENOENT)
			return;
		err(EXIT_IO, "%s/%s", b->outdir, file);
	}
	if (S_ISLNK(sb.st_mode))
		errx(EXIT_BAD, "%s/%s: is a symbolic link: refusing to replace it",
		    b->outdir, file);
	if (!S_ISREG(sb.st_mode))
		errx(EXIT_BAD, "%s/%s: not a regular file: refusing to replace it",
		    b->outdir, file);
}

/* -T's tables copied once into DIR/.tables.PID, for every session. */
static void
batch_tables(struct batch *b)
{
	struct session *s = &b->tables;

	memset(s, 0, sizeof *s);
	s->dir = b->outdir;
	s->dfd = b->dfd;	/* the copies are made relative to DIR (ses_create) */
	snprintf(s->newdir, sizeof s->newdir, ".tables.%ld", (long)getpid());
	if (b->t.ntables == 0)
		return;
	if (mkdirat(b->dfd, s->newdir, 0700) != 0)
		err(EXIT_IO, "%s/%s", b->outdir, s->newdir);
	copy_tables(s, &b->t);
}

/* The pipeline's argv, made once: each session changes only SEED-I. */
static void
batch_argv(struct batch *b)
{
	int party = b->party != NULL && hazard_keeps_party(b->rules), n = 0;
	char **h = b->h;

	h[n++] = "hazard", h[n++] = "-s", h[n++] = b->sseed;
	h[n++] = "-n", h[n++] = b->sturns;
	if (party)
		h[n++] = "-p", h[n++] = (char *)b->party;
	table_options(&b->tables, h, n, 0);
	memcpy(b->l, (char *[]){ "light", "-s", b->sseed, b->lights ? "-l" : "-",
	    (char *)b->lights, "-", NULL }, 7 * sizeof(char *));
	memcpy(b->td, (char *[]){ "timedice", "-s", b->sseed, "-", NULL },
	    5 * sizeof(char *));
	memcpy(b->r, (char *[]){ "reaction", "-s", b->sseed, "-" },
	    4 * sizeof(char *));
	table_options(&b->tables, b->r, 4, 1);
	snprintf(b->sturns, sizeof b->sturns, "%lld", b->turns);
}

/* The records of a session in the form asked for, into fd. */
static void
write_form(const struct batch *b, int fd, char *out, size_t len)
{
	int saved;

	fflush(stdout);
	if ((saved = dup(STDOUT_FILENO)) < 0 || dup2(fd, STDOUT_FILENO) < 0)
		err(EXIT_IO, "%s", b->outdir);
	view_records(out, len, b->form->view, 6 * CLOCK_HOUR_TURNS, 0);
	out_flush();
	if (fflush(stdout) != 0 || ferror(stdout))
		err(EXIT_IO, "%s", b->outdir);
	if (dup2(saved, STDOUT_FILENO) < 0)
		err(EXIT_IO, "stdout");
	close(saved);
}

/* One session into its temp file: 0, or the failed stage's status. */
static int
batch_one(struct batch *b, long long i)
{
	char tmp[1100], file[1100];
	char **const argvs[] = { b->h, b->l, b->td, b->r };
	struct proc_result res;
	char *out = NULL;
	size_t len = 0;
	int fd, failed;

	snprintf(b->sseed, sizeof b->sseed, "%s-%lld", b->seed, i);
	batch_name(b, i, 1, tmp, sizeof tmp);
	if ((fd = openat(b->dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_CLOEXEC, 0666)) < 0)
		err(errno == EEXIST ? EXIT_BAD : EXIT_IO, "%s/%s", b->outdir, tmp);
	if (b->form->view == VIEW_RAW)
		failed = proc_run(argvs, 4, fd, NULL, NULL, &res);
	else if (!(failed = proc_run(argvs, 4, -1, &out, &len, &res)))
		write_form(b, fd, out, len);
	free(out);
	if (failed) {
		close(fd);
		unlinkat(b->dfd, tmp, 0);
		batch_name(b, i, 0, file, sizeof file);
		warnx("%s/%s: %s; nothing written", b->outdir, file, res.msg);
		return res.status ? res.status : EXIT_IO;
	}
	if (close(fd) != 0)
		err(EXIT_IO, "%s/%s", b->outdir, tmp);
	return 0;
}

/*
 * The sessions made, on disk at once (one syncfs(2), not an fsync a file),
 * then each temp file renamed over its session's file, which must still be
 * a regular file or none.
 */
static void
batch_commit(const struct batch *b, long long made)
{
	char tmp[1100], file[1100];
	long long i;

	if (syncfs(b->dfd) != 0)
		err(EXIT_IO, "%s: syncfs", b->outdir);
	for (i = 1; i <= made; i++) {
		batch_name(b, i, 1, tmp, sizeof tmp);
		batch_name(b, i, 0, file, sizeof file);
		check_target(b, i);
		if (renameat(b->dfd, tmp, b->dfd, file) != 0)
			err(EXIT_IO, "%s/%s", b->outdir, file);
	}
	if (fsync(b->dfd) != 0)
		err(EXIT_IO, "%s: fsync", b->outdir);
}

/* What batch_tables and batch_argv made: the copies' names, the -T words. */
static void
batch_free(struct batch *b)
{
	char **const argvs[] = { b->h, b->r };
	int i, a;

	for (a = 0; a < 2; a++)
		for (i = 0; argvs[a][i] != NULL; i++)
			if (strcmp(argvs[a][i], "-T") == 0)
				free(argvs[a][++i]);
	for (i = 0; i < b->tables.ntables; i++) {
		free(b->tables.table_key[i]);
		free(b->tables.table_pick[i]);
	}
}

/* delve batch: COUNT sessions; 0, or the status of the stage that failed. */
static int
batch(int argc, char **argv)
{
	struct batch b = { 0 };
	long long i, made = 0;
	int rc = 0;

	parse_batch(&b, argc, argv);
	unsetenv("DELVING_SEED");
	unsetenv("DELVING_PARTY");
	if (b.rules != NULL)
		setenv("DELVING_RULES", b.rules, 1);
	else
		unsetenv("DELVING_RULES");
	if (mkdir(b.outdir, 0777) != 0 && errno != EEXIST)
		err(EXIT_IO, "%s", b.outdir);
	if ((b.dfd = open(b.outdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		err(errno == ENOTDIR ? EXIT_BAD : EXIT_IO, "%s", b.outdir);
	for (i = 1; i <= b.count; i++)
		check_target(&b, i);
	remove_dead_temps(&b);
	batch_tables(&b);
	batch_argv(&b);
	for (i = 1; i <= b.count && rc == 0; i++)
		if ((rc = batch_one(&b, i)) == 0)
			made = i;
	batch_commit(&b, made);
	if (b.t.ntables > 0)
		remove_tables_dir(b.dfd, b.tables.newdir);
	close(b.dfd);
	batch_free(&b);
	return rc;
}

/* --- main -------------------------------------------------------------- */

static const struct opt options[] = {
	{ 'C', "DIR", "the session directory (else DELVING_SESSION, else .)" },
	{ 'R', NULL, "write the raw records" },
	{ 0, NULL, NULL }
};

/* delve's words for the shared options it takes (common/opt.c). */
static const struct opt says[] = {
	{ 'n', NULL, "play COUNT turns (default 1)" },
	{ 0, NULL, NULL }
};

static void
option(void *ctx, int letter, char *v)
{
	struct opts *o = ctx;

	switch (letter) {
	case 'C': o->dir = v; break;
	case 'j': o->form = VIEW_JSON; break;	/* -j or -R: the last one given */
	case 'R': o->form = VIEW_RAW; break;
	}
}

/*
 * The options before the command, SYNOPSIS its forms; the command and its
 * words returned: delve's own options come before the command, the words
 * after it are its.
 */
static char **
parse_options(struct opts *o, const char *synopsis, int *argc, char **argv)
{
	const struct opt_spec spec = { prog, synopsis, options, 1,
		.shared = "jn", .says = says };

	argv = opt_parse(&spec, &o->com, argc, argv, option, o);
	if (o->dir == NULL && (o->dir = getenv("DELVING_SESSION")) != NULL &&
	    *o->dir == '\0')
		o->dir = NULL;
	if (o->dir == NULL)
		o->dir = ".";
	return argv;
}

/* --- the commands ------------------------------------------------------ */

static int
do_new(struct session *s, const struct opts *o, int argc, char **argv)
{
	(void)s;
	(void)o;
	new_session(argc, argv);
	return EXIT_OK;
}

static int
do_batch(struct session *s, const struct opts *o, int argc, char **argv)
{
	(void)s;
	(void)o;
	return batch(argc, argv);
}

static int
do_status(struct session *s, const struct opts *o, int argc, char **argv)
{
	(void)o;
	(void)argc;
	(void)argv;
	status(s);
	return EXIT_OK;
}

static int
do_check(struct session *s, const struct opts *o, int argc, char **argv)
{
	(void)o;
	(void)argc;
	(void)argv;
	return check(s);
}

/* delve undo: "back to turn 12, before `delve -n 3`". */
static int
do_undo(struct session *s, const struct opts *o, int argc, char **argv)
{
	char *undone = s->command;

	(void)o;
	(void)argc;
	(void)argv;
	s->command = NULL;
	ses_undo(s);
	printf("back to turn %" PRIu64 "%s%s%s\n", s->turn, undone ?
	    ", before `" : "", undone ? undone : "", undone ? "`" : "");
	free(undone);
	return EXIT_OK;
}

static int
do_log(struct session *s, const struct opts *o, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	show_log(s, o);
	return EXIT_OK;
}

static int
do_call(struct session *s, const struct opts *o, int argc, char **argv)
{
	call(s, o, argc, argv);
	return EXIT_OK;
}

static int
do_afflict(struct session *s, const struct opts *o, int argc, char **argv)
{
	afflict(s, o, argc, argv);
	return EXIT_OK;
}

static int
do_party_act(struct session *s, const struct opts *o, int argc, char **argv)
{
	party_act(s, o, argc, argv);
	return EXIT_OK;
}

static int
do_light(struct session *s, const struct opts *o, int argc, char **argv)
{
	light_act(s, o, argc, argv);
	return EXIT_OK;
}

static int
do_camp(struct session *s, const struct opts *o, int argc, char **argv)
{
	camp(s, o, argc, argv);
	return EXIT_OK;
}

static int
do_hour(struct session *s, const struct opts *o, int argc, char **argv)
{
	hours(s, o, argc, argv);
	return EXIT_OK;
}

static int
do_edit(struct session *s, const struct opts *o, int argc, char **argv)
{
	edit(s, o, argc, argv);
	return EXIT_OK;
}

static int
do_turn(struct session *s, const struct opts *o, int argc, char **argv)
{
	turn(s, o, argc - 1, argv + 1);
	return EXIT_OK;
}

/* What a command takes: no session (new, batch), no operands, no -n, its own -n. */
enum { C_NO_SESSION = 1, C_BARE = 2, C_NO_COUNT = 4, C_OWN_COUNT = 8 };

/*
 * delve's commands, a row each, in the order of -h and delve(6)'s
 * SYNOPSIS (rows of one form share its line); a word that is none is a
 * turn's ACTION.  A command is one row here and its function.
 */
static const struct command {
	const char *name;
	const char *synopsis;
	int	(*run)(struct session *, const struct opts *, int, char **);
	unsigned takes;
} commands[] = {
	{ "turn", SYN_TURN, do_turn, 0 },
	{ "new", SYN_NEW, do_new, C_NO_SESSION },
	{ "status", SYN_SESSION, do_status, C_BARE | C_NO_COUNT },
	{ "check", SYN_SESSION, do_check, C_BARE | C_NO_COUNT },
	{ "undo", SYN_SESSION, do_undo, C_BARE | C_NO_COUNT },
	{ "log", SYN_SESSION, do_log, C_BARE | C_NO_COUNT },
	{ "roll", SYN_CALL, do_call, C_OWN_COUNT },
	{ "reaction", SYN_CALL, do_call, C_OWN_COUNT },
	{ "chase", SYN_CALL, do_call, C_OWN_COUNT },
	{ "return", SYN_CALL, do_call, C_OWN_COUNT },
	{ "infect", SYN_AFFLICT, do_afflict, C_NO_COUNT },
	{ "cure", SYN_AFFLICT, do_afflict, C_NO_COUNT },
	{ "damage", SYN_GM, do_party_act, C_NO_COUNT },
	{ "heal", SYN_GM, do_party_act, C_NO_COUNT },
	{ "set", SYN_GM, do_party_act, C_NO_COUNT },
	{ "join", SYN_GM, do_party_act, C_NO_COUNT },
	{ "leave", SYN_GM, do_party_act, C_NO_COUNT },
	{ "light", SYN_GM_FILES, do_light, C_NO_COUNT },
	{ "camp", SYN_GM_FILES, do_camp, C_NO_COUNT },
	{ "hour", SYN_GM_FILES, do_hour, C_NO_COUNT },
	{ "edit", SYN_GM_FILES, do_edit, C_NO_COUNT },
	{ "batch", SYN_BATCH, do_batch, C_NO_SESSION },
	{ NULL, NULL, NULL, 0 }
};

/* -h's usage: each form of the table once, in its order. */
static char *
synopsis_lines(void)
{
	const struct command *c;
	char *text;
	size_t len;
	FILE *fp = open_memstream(&text, &len);

	if (fp == NULL)
		err(EXIT_IO, "open_memstream");
	for (c = commands; c->name != NULL; c++)
		if (c == commands || strcmp(c->synopsis, c[-1].synopsis) != 0)
			fprintf(fp, "%s%s", c == commands ? "" : "\n       ",
			    c->synopsis);
	if (fclose(fp) != 0)
		err(EXIT_IO, "open_memstream");
	return text;
}

static const struct command *
command_named(const char *word)
{
	const struct command *c;

	for (c = commands; c->name != NULL; c++)
		if (strcmp(c->name, word) == 0)
			return c;
	return NULL;
}

/* A word that is neither a command nor an ACTION of the session's rules. */
static void
refuse_word(const struct session *s, const char *word)
{
	const struct command *c;
	char list[512] = "";
	int r = s->rules ? word_in(s->rules, rules_names) : R_EXPLORATION;

	if (r < 0 || hazard_action_word(r, word))
		return;		/* hazard says what is wrong with the rest */
	for (c = commands; c->name != NULL; c++)
		str_append(list, sizeof list, ", ", "%s", c->name);
	errx(EXIT_BAD, "%s: not a command or an action of the %s rules (%s); "
	    "the commands: %s", word, rules_names[r], hazard_actions_said[r], list);
}

/* The command's words, -n and the words after it, not told twice. */
static void
refuse_misplaced(const struct command *c, const struct opts *o, int argc,
    char **argv)
{
	if (o->count_set && (c->takes & C_OWN_COUNT))
		errx(EXIT_BAD, "-n: %s takes its own -n", c->name);
	if (o->count_set && (c->takes & C_NO_COUNT))
		errx(EXIT_BAD, "-n: %s takes no count", c->name);
	if ((c->takes & C_BARE) && argc > 1)
		errx(EXIT_BAD, "%s: %s takes no operands", argv[1], c->name);
}

/*
 * The command line as the generation keeps it (delve(6) FILES): the words
 * after delve, -C DIR left out, a word with a blank or a quote quoted as
 * sh(1) would, at most 14 words.
 */
static char *
command_line(int argc, char **argv)
{
	char *text;
	size_t len;
	FILE *fp = open_memstream(&text, &len);
	int i, n = 0;

	if (fp == NULL)
		err(EXIT_IO, "open_memstream");
	fputs("delve", fp);
	for (i = 1; i < argc && n < 14; i++, n++) {
		if (strcmp(argv[i], "-C") == 0 && i + 1 < argc) {
			i++;
			continue;
		}
		if (strncmp(argv[i], "-C", 2) == 0)
			continue;
		if (argv[i][0] != '\0' && strspn(argv[i], "abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=+:,./@%") == strlen(argv[i]))
			fprintf(fp, " %s", argv[i]);
		else
			fprintf(fp, " '%s'", argv[i][strcspn(argv[i], "'\t\n\r")] ?
			    "..." : argv[i]);
	}
	if (i < argc)
		fputs(" ...", fp);
	if (fclose(fp) != 0)
		err(EXIT_IO, "open_memstream");
	return text;
}

int
main(int argc, char *argv[])
{
	struct opts o = { 0 };
	struct session s;
	const struct command *c = NULL;
	char *line = command_line(argc, argv), *synopsis = synopsis_lines();
	int rc;

	util_init();
	proc_init(argv[0]);
	argv = parse_options(&o, synopsis, &argc, argv);	/* fds 0-2 opened first */
	free(synopsis);
	if (argc > 0)
		c = command_named(argv[0]);
	if (c != NULL && (c->takes & C_NO_SESSION)) {
		rc = c->run(NULL, &o, argc, argv);
		out_done();
		free(line);
		return rc;
	}
	ses_lock(&s, o.dir, 0);
	ses_load(&s);
	session_env(&s);
	if (c == NULL || c->run != do_undo) {	/* undo says what it takes back */
		free(s.command);
		s.command = line;
		line = NULL;
	}
	if (c == NULL && argc > 0 && strcmp(argv[0], "rest") == 0 && travelling(&s))
		c = command_named("camp");	/* 004: a rest under travel is a camp */
	if (c == NULL) {	/* the words are a turn's ACTION */
		if (argc > 0)
			refuse_word(&s, argv[0]);
		turn(&s, &o, argc, argv);
		rc = EXIT_OK;
	} else {
		refuse_misplaced(c, &o, argc, argv);
		if (c->run == do_turn && argc > 1)
			refuse_word(&s, argv[1]);
		rc = c->run(&s, &o, argc, argv);
	}
	ses_prune(&s);
	ses_close(&s);
	out_done();
	free(line);
	return rc;
}
