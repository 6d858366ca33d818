/*
 * delve: a turn (hazard | light | timedice | reaction on the session's
 * files), a call of another program at the session's turn (roll,
 * reaction, chase, return), and timedice's infect and cure.
 */
#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rules.h"
#include "util.h"
#include "delve.h"

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
		esc_err(EXIT_IO, "tmpfile");
	snprintf(st->count, sizeof st->count, "1");
	for (i = 0; i < count && !failed; i++) {
		if (ftruncate(fileno(recs), 0) != 0 || lseek(fileno(recs), 0, SEEK_SET) != 0)
			esc_err(EXIT_IO, "tmpfile");
		if ((failed = proc_run(first, 1, fileno(recs), NULL, NULL, res)))
			break;
		if (lseek(fileno(recs), 0, SEEK_SET) != 0)
			esc_err(EXIT_IO, "tmpfile");
		if ((failed = proc_run_from(rest, 3, fileno(recs), outfd, NULL, NULL,
		    res)))
			res->stage++;
	}
	fclose(recs);
	return failed;
}

/*
 * A turn's words are an ACTION of the session's rules or nothing: a word
 * past it, an option above all (hazard would take it as its own: -f
 * another file, -n other turns, -s another seed), is refused here.
 */
static void
refuse_action(const struct session *s, int argc, char **argv)
{
	int r = s->rules ? word_in(s->rules, rules_names) : R_EXPLORATION;
	const char *bad = r < 0 ? NULL : hazard_action_bad(r, argc, argv);

	if (bad != NULL && bad[0] == '-')
		esc_errx(EXIT_BAD, "%s: an option after the action: delve's own "
		    "options go before it, and the session gives the programs "
		    "theirs", bad);
	if (bad != NULL)
		esc_errx(EXIT_BAD, "%s: not a word of an action of the %s rules (%s)",
		    bad, rules_names[r], hazard_actions_said[r]);
}

/*
 * A word of a call that is an option naming what the session gives the
 * program (-f a state file, -p the party, -s the seed), alone or in a
 * cluster (-af): refused, as a turn's option is.  A letter that takes a
 * value ends the cluster.
 */
static void
refuse_session_options(const char *what, int argc, char **argv)
{
	const char *p;
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (argv[i][0] != '-' || argv[i][1] == '\0')
			continue;
		for (p = argv[i] + 1; *p != '\0' && strchr("bcDeklLmnoqrtTwx", *p) == NULL;
		    p++)
			if (strchr("fps", *p) != NULL)
				esc_errx(EXIT_BAD, "%s: %s: the session gives the program "
				    "its file, party and seed", what, argv[i]);
	}
}

/* One command's turns: hazard | light | timedice | reaction. */
void
turn(struct session *s, const struct opts *o, int argc, char **argv)
{
	struct stages st;
	struct proc_result res;
	uint64_t start, prev = s->turn;
	int failed;

	if (argc > 64)
		esc_errx(EXIT_BAD, "%s: too many words for an action", argv[64]);
	refuse_action(s, argc, argv);
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

/* Each call its own dice: the seed, the turn, the call's number. */
void
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
int
call(struct session *s, const struct opts *o, int argc, char **argv)
{
	char seed[256], *v[128], *party = newfile(s, "party");
	struct proc_result res;
	int i, n = 0;

	if (argc > 120)
		esc_errx(EXIT_BAD, "%s: too many arguments", argv[0]);
	refuse_session_options(argv[0], argc, argv);
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
	return EXIT_OK;
}

/*
 * delve infect|cure ARGS: timedice's infect and cure (timedice(6)) on the
 * session's clock and party file, no time passing; the stages then run as
 * the turns pass.  All or nothing, logged at the session's turn.
 */
int
afflict(struct session *s, const struct opts *o, int argc, char **argv)
{
	char *v[128] = { "timedice", "-f", newfile(s, "timedice"), "-s", s->seed,
	    "-p", newfile(s, "party"), "-w" };
	struct proc_result res;
	int i, n = 8;

	if (argc > 100)
		esc_errx(EXIT_BAD, "%s: too many arguments", argv[0]);
	if (!s->party)
		esc_errx(EXIT_BAD, "%s: the session keeps no party file (delve new -p "
		    "FILE)", argv[0]);
	for (i = 1; i < argc; i++)
		if (argv[i][0] == '-')
			esc_errx(EXIT_BAD, "%s: %s: an option: the session gives timedice "
			    "its files, seed and party", argv[0], argv[i]);
	for (i = 0; i < argc; i++)
		v[n++] = argv[i];
	v[n] = NULL;
	refuse_drift(s);
	one_command(s, o, v, 0, &res);
	free(v[2]);
	free(v[6]);
	return EXIT_OK;
}
