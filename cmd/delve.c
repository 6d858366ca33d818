/*
 * delve: a session at the table (delve(6)).  One directory holds one
 * expedition: the state files of hazard, light, timedice and reaction, a
 * copy of the party file, the seed, the rules and the log.  Each turn runs
 * hazard | light | timedice | reaction on them, all or nothing; delve only
 * composes the programs, every rule stays in them.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "afflict.h"
#include "clock.h"
#include "layout.h"
#include "rng.h"
#include "rules.h"
#include "session.h"
#include "opt.h"
#include "party.h"
#include "proc.h"
#include "util.h"
#include "view.h"

static const char prog[] = "delve";

struct opts {
	const char *dir;
	long long count;
	int	 count_set;
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
#define SYN_BATCH	"delve batch [-l KIND[,KIND ...]] [-p FILE] " \
			    "[-r RULES] -s SEED -n TURNS -o DIR COUNT"

static void
usage_of(const char *synopsis)
{
	fprintf(stderr, "usage: %s\n", synopsis);
	exit(EXIT_BAD);
}

/* getopt's refusal of optopt in a form's options, said as every program says it. */
static void
option_refused(const char *synopsis, const char *optstring)
{
	const char *p = strchr(optstring, optopt);

	if (optopt != 0 && optopt != ':' && p != NULL && p[1] == ':')
		warnx("-%c: needs a value", optopt);
	else if (optopt != 0)
		warnx("-%c: unknown option", optopt);
	usage_of(synopsis);
}

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
turns_one_by_one(struct stages *st, long long count, char **out, size_t *len,
    struct proc_result *res)
{
	char **const first[] = { st->h };
	char **const rest[] = { st->l, st->t, st->r };
	FILE *recs = tmpfile();
	size_t n;
	char *piece;
	long long i;
	int failed = 0;

	if (recs == NULL)
		err(EXIT_IO, "tmpfile");
	snprintf(st->count, sizeof st->count, "1");
	*out = NULL;
	*len = 0;
	for (i = 0; i < count && !failed; i++) {
		if (ftruncate(fileno(recs), 0) != 0 || lseek(fileno(recs), 0, SEEK_SET) != 0)
			err(EXIT_IO, "tmpfile");
		if ((failed = proc_run(first, 1, fileno(recs), NULL, NULL, res)))
			break;
		if (lseek(fileno(recs), 0, SEEK_SET) != 0)
			err(EXIT_IO, "tmpfile");
		if ((failed = proc_run_from(rest, 3, fileno(recs), -1, &piece, &n, res)))
			res->stage++;
		else {
			*out = ereallocarray(*out, *len + n + 1, 1);
			memcpy(*out + *len, piece, n);
			*len += n;
			free(piece);
		}
	}
	fclose(recs);
	if (*out == NULL)
		*out = estrdup("");
	return failed;
}

/* What a command shows, written and flushed before its commit: else exit 3. */
static void
show_then_commit(struct session *s, const struct opts *o, char *out, size_t len,
    uint64_t start, uint64_t prev, uint64_t turns, int is_call)
{
	char *shown = emalloc(len + 1);

	int e;

	memcpy(shown, out, len);	/* the view splits its buffer in place */
	errno = 0;
	view_records(shown, len, o->form, start, prev);
	e = errno;
	free(shown);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		e = errno ? errno : e;
		ses_abort(s);
		errx(EXIT_IO, "stdout: %s; the session is as it was",
		    strerror(e ? e : EIO));
	}
	ses_commit(s, out, len, turns, is_call);
}

/* One command's turns: hazard | light | timedice | reaction. */
static void
turn(struct session *s, const struct opts *o, int argc, char **argv)
{
	struct stages st;
	struct proc_result res;
	uint64_t start, prev = s->turn;
	size_t len;
	char *out;
	int failed;

	if (argc > 64)
		errx(EXIT_BAD, "%s: too many words for an action", argv[64]);
	stages_make(&st, s, o->count, argc, argv);
	char **const argvs[] = { st.h, st.l, st.t, st.r };

	refuse_drift(s);
	start = start_clock(s);
	ses_begin(s, 1);
	if (st.sequential && o->count > 0)
		failed = turns_one_by_one(&st, o->count, &out, &len, &res);
	else
		failed = proc_run(argvs, 4, -1, &out, &len, &res);
	if (failed)
		stage_failed(s, &res, argvs[res.stage][0]);
	show_then_commit(s, o, out, len, start, prev, (uint64_t)o->count, 0);
	stages_free(&st);
	free(out);
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
	show_then_commit(s, o, rec, reclen, start_clock(s), s->turn, 0, is_call);
	free(rec);
	free(out);
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
	/* each call its own dice: the seed, the turn, the call's number */
	snprintf(seed, sizeof seed, "%s:%" PRIu64 ":%" PRIu64, s->seed, s->turn,
	    s->calls + 1);
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

/* delve log: the session so far. */
static void
show_log(struct session *s, const struct opts *o)
{
	char *path = ses_path(s, "", "log"), *buf;
	uint64_t start = 6 * CLOCK_HOUR_TURNS;	/* timedice(6): 07:00 */
	size_t len = (size_t)s->logsize;
	FILE *fp;

	if (s->clock != NULL)
		clock_parse(s->clock, &start);
	buf = emalloc(len + 1);
	if ((fp = fopen(path, "re")) == NULL || fread(buf, 1, len, fp) != len)
		err(EXIT_IO, "%s", path);
	fclose(fp);
	view_records(buf, len, o->form, start, 0);
	free(buf);
	free(path);
}

/* delve check: each file's turn against the session's; 1 if they disagree. */
static int
check(const struct session *s)
{
	struct turnread t;
	int i, bad = 0;

	printf("%-9s turn %" PRIu64 "\n", "session", s->turn);
	for (i = 0; turn_files[i] != NULL; i++) {
		value(s, turn_files[i], "turn", &t);
		if (t.val[0] == '\0' || strtoull(t.val, NULL, 10) != s->turn)
			bad = 1;
		printf("%-9s turn %s%s\n", turn_files[i], t.val[0] ? t.val : "none",
		    bad && strtoull(t.val, NULL, 10) != s->turn ? "  disagrees" : "");
	}
	return bad;
}

/* delve status: what the state files hold; "key value" pairs on one line. */
#define SHOW_AFFLICTIONS 16
#define SHOW_KINDS 8

struct show {
	const char *file;
	char	 pairs[1024];
	uint64_t now;				/* the clock, in turns */
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

	party_describe(m, cond, sizeof cond);
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
	FILE *in = efopen_input(from, what), *out;
	size_t n;

	if ((out = fopen(to, "we")) == NULL)
		err(EXIT_IO, "%s", to);
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
	FILE *fp = fopen(path, "we");
	int i;

	if (fp == NULL)
		err(EXIT_IO, "%s", path);
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

static void
parse_new(struct newopts *n, int argc, char **argv)
{
	static const char optstring[] = "+FT:c:l:p:r:s:";
	int ch;

	optind = 1;
	while ((ch = getopt(argc, argv, optstring)) != -1)
		switch (ch) {
		case 'F': n->force = 1; break;
		case 'T':
			if (n->ntables == SES_TABLES_MAX)
				errx(EXIT_BAD, "-T: more than %d tables", SES_TABLES_MAX);
			n->tables[n->ntables++] = optarg;
			break;
		case 'c': n->clock = optarg; break;
		case 'l': n->lights = optarg; break;
		case 'p': n->party = optarg; break;
		case 'r': n->rules = optarg; break;
		case 's': n->seed = optarg; break;
		default: option_refused(SYN_NEW, optstring);
		}
	if (argc - optind != 1)
		usage_of(SYN_NEW);
	if (n->rules != NULL && word_in(n->rules, rules_names) < 0)
		errx(EXIT_BAD, "-r: '%s': not a rules name", n->rules);
	if (n->seed != NULL && (*n->seed == '\0' || strpbrk(n->seed, " \t\n#")))
		errx(EXIT_BAD, "-s: '%s': expected one word", n->seed);
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
	int replace = 0;

	parse_new(&n, argc, argv);
	if (n.party != NULL)
		check_party(n.party);
	check_tables(&n);
	if (access(argv[optind], F_OK) != 0 && errno == ENOENT) {
		made_dir = argv[optind];
		atexit(unmake_dir);
	}
	ses_lock(&s, argv[optind], 1);
	if (!ses_empty(&s)) {
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

struct batch {
	const char *seed, *rules, *lights, *party, *outdir;
	long long turns, count;
};

static void
parse_batch(struct batch *b, int argc, char **argv)
{
	static const char optstring[] = "+l:n:o:p:r:s:";
	int ch, have_n = 0;

	optind = 1;
	while ((ch = getopt(argc, argv, optstring)) != -1)
		switch (ch) {
		case 'l': b->lights = optarg; break;
		case 'n': b->turns = estrtonum(optarg, 0, COUNT_MAX, "-n"); have_n = 1;
			break;
		case 'o': b->outdir = optarg; break;
		case 'p': b->party = optarg; break;
		case 'r': b->rules = optarg; break;
		case 's': b->seed = optarg; break;
		default: option_refused(SYN_BATCH, optstring);
		}
	if (argc - optind != 1 || b->seed == NULL || !have_n || b->outdir == NULL)
		usage_of(SYN_BATCH);
	b->count = estrtonum(argv[optind], 1, 1000000, "COUNT");
	if (b->rules != NULL && word_in(b->rules, rules_names) < 0)
		errx(EXIT_BAD, "-r: '%s': not a rules name", b->rules);
	if (*b->seed == '\0' || strpbrk(b->seed, "/ \t\n") != NULL)
		errx(EXIT_BAD, "-s: '%s': expected one word without a slash: it names "
		    "the files", b->seed);
	if (b->party != NULL)
		fclose(efopen_input(b->party, "a party file"));
}

/* DIR/SEED-I.tsv, or its temp file DIR/.SEED-I.tsv.PID. */
static void
batch_name(const struct batch *b, long long i, int temp, char *buf, size_t size)
{
	if (temp)
		snprintf(buf, size, "%s/.%s-%lld.tsv.%ld", b->outdir, b->seed, i,
		    (long)getpid());
	else
		snprintf(buf, size, "%s/%s-%lld.tsv", b->outdir, b->seed, i);
}

/* One session into its temp file: 0, or the failed stage's status. */
static int
batch_one(const struct batch *b, long long i)
{
	char seed[256], turns[32], tmp[1100], file[1100];
	int party = b->party != NULL && hazard_keeps_party(b->rules);
	char *h[] = { "hazard", "-s", seed, "-n", turns, party ? "-p" : NULL,
	    (char *)b->party, NULL };
	char *l[] = { "light", "-s", seed, b->lights ? "-l" : "-",
	    (char *)b->lights, "-", NULL };
	char *t[] = { "timedice", "-s", seed, "-", NULL };
	char *r[] = { "reaction", "-s", seed, "-", NULL };
	char **const argvs[] = { h, l, t, r };
	struct proc_result res;
	int fd;

	snprintf(seed, sizeof seed, "%s-%lld", b->seed, i);
	snprintf(turns, sizeof turns, "%lld", b->turns);
	batch_name(b, i, 1, tmp, sizeof tmp);
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666)) < 0)
		err(EXIT_IO, "%s", tmp);
	if (proc_run(argvs, 4, fd, NULL, NULL, &res)) {
		close(fd);
		unlink(tmp);
		batch_name(b, i, 0, file, sizeof file);
		warnx("%s: %s; nothing written", file, res.msg);
		return res.status ? res.status : EXIT_IO;
	}
	if (close(fd) != 0)
		err(EXIT_IO, "%s", tmp);
	return 0;
}

/*
 * The sessions made, on disk at once (one syncfs(2), not an fsync a file),
 * then each temp file renamed over its session's file.
 */
static void
batch_commit(const struct batch *b, long long made, int dfd)
{
	char tmp[1100], file[1100];
	long long i;

	if (syncfs(dfd) != 0)
		err(EXIT_IO, "%s: syncfs", b->outdir);
	for (i = 1; i <= made; i++) {
		batch_name(b, i, 1, tmp, sizeof tmp);
		batch_name(b, i, 0, file, sizeof file);
		if (rename(tmp, file) != 0)
			err(EXIT_IO, "%s", file);
	}
	if (fsync(dfd) != 0)
		err(EXIT_IO, "%s: fsync", b->outdir);
}

/* delve batch: COUNT sessions; 0, or the status of the stage that failed. */
static int
batch(int argc, char **argv)
{
	struct batch b = { 0 };
	long long i, made = 0;
	int dfd, rc = 0;

	parse_batch(&b, argc, argv);
	unsetenv("DELVING_SEED");
	unsetenv("DELVING_PARTY");
	if (b.rules != NULL)
		setenv("DELVING_RULES", b.rules, 1);
	else
		unsetenv("DELVING_RULES");
	if (mkdir(b.outdir, 0777) != 0 && errno != EEXIST)
		err(EXIT_IO, "%s", b.outdir);
	if ((dfd = open(b.outdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		err(EXIT_IO, "%s", b.outdir);
	for (i = 1; i <= b.count && rc == 0; i++)
		if ((rc = batch_one(&b, i)) == 0)
			made = i;
	batch_commit(&b, made, dfd);
	close(dfd);
	return rc;
}

/* --- main -------------------------------------------------------------- */

static const struct opt options[] = {
	{ 'C', "DIR", "the session directory (else DELVING_SESSION, else .)" },
	{ 'h', NULL, "print this help and exit" },
	{ 'j', NULL, "write the records as JSON Lines" },
	{ 'n', "COUNT", "play COUNT turns (default 1)" },
	{ 'R', NULL, "write the raw records" },
	{ 'V', NULL, "print the version and exit" },
	{ 0, NULL, NULL }
};

static void
option(void *ctx, int letter, char *v)
{
	struct opts *o = ctx;

	switch (letter) {
	case 'C': o->dir = v; break;
	case 'j': o->form = VIEW_JSON; break;
	case 'n':
		o->count = estrtonum(v, 0, COUNT_MAX, "-n");
		o->count_set = 1;
		break;
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
	const struct opt_spec spec = { prog, synopsis, options, 1 };

	o->count = 1;
	argv = opt_parse(&spec, argc, argv, option, o);
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
	opterr = 0;
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
