/*
 * delve: a turn (hazard | timedice | light | reaction on the session's
 * files), a call of another program at the session's turn (roll,
 * reaction, chase, return), and timedice's infect and cure.
 */
#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "rules.h"
#include "util.h"
#include "delve.h"

/*
 * A turn's four stages, hazard | timedice | light | reaction, on the files
 * of the work directory (delving(7), One world): timedice before light, so
 * that light reads each turn's clock from timedice's records as in any
 * pipeline that carries them; reaction told the light the turns begin in
 * (-L, from light's file: the session's darkness, however it came) and,
 * with a party whose every character has wis=, the party as the turns
 * begin (its copy, reaction.party).
 */
struct stages {
	char	 count[32];
	char	 level[32];	/* reaction's -L, and hazard's under 000 */
	int	 hlevel;	/* hazard is given -L: its CON saves see the light */
	struct argv_b h, t, l, r;
	char	*rparty;	/* reaction's copy of the party, or NULL */
	int	 hparty;	/* hazard reads the party (-p) */
	int	 tparty;	/* timedice writes the party (-p -w) */
};

#define REACTION_PARTY "reaction.party"

static void
stages_make(struct stages *st, struct session *s, long long count, int argc,
    char **argv)
{
	unsigned takers = session_takers(s);	/* the party file read once */

	memset(st, 0, sizeof *st);
	snprintf(st->count, sizeof st->count, "%lld", count);
	stage_words(&st->h, s, "hazard");
	av_add(&st->h, "-n"), av_add(&st->h, st->count);
	if (s->party && hazard_keeps_party(s->rules)) {
		av_add(&st->h, "-p"), av_own(&st->h, newfile(s, "party"));
		st->hparty = 1;
		if (hazard_rules[rules_named(s->rules)].party)	/* it keeps them */
			av_add(&st->h, "-w");
		/* 000's CON saves in no light: "Setback on all rolls" (issue 33) */
		if (hazard_rules[rules_named(s->rules)].saves) {
			av_add(&st->h, "-L"), av_add(&st->h, st->level);
			st->hlevel = 1;
		}
	}
	table_options(s, &st->h, 0);
	av_addv(&st->h, argc, argv);
	stage_words(&st->t, s, "timedice");
	if (takers & TAKES_TIMEDICE) {	/* before the operand "-" */
		av_add(&st->t, "-p"), av_own(&st->t, newfile(s, "party"));
		av_add(&st->t, "-w");
		st->tparty = 1;
		/* 000's no light on its resilience and corruption checks too */
		if (st->hlevel)
			av_add(&st->t, "-L"), av_add(&st->t, st->level);
	}
	av_add(&st->t, "-");
	stage_words(&st->l, s, "light");
	av_add(&st->l, "-");
	stage_words(&st->r, s, "reaction");
	av_add(&st->r, "-L"), av_add(&st->r, st->level), av_add(&st->r, "-");
	if (takers & TAKES_REACTION) {
		st->rparty = newfile(s, REACTION_PARTY);
		av_add(&st->r, "-p"), av_add(&st->r, st->rparty);
	}
	table_options(s, &st->r, 1);
}

static void
stages_free(struct stages *st)
{
	av_free(&st->h), av_free(&st->t), av_free(&st->l), av_free(&st->r);
	free(st->rparty);
}

/* A line of the timedice file that is an affliction (timedice(6) FILES). */
static int
take_affliction(void *arg, char **w, int nw, const struct kwf *f)
{
	(void)f;
	if (nw > 0 && strcmp(w[0], "affliction") == 0)
		*(int *)arg = 1;
	return 0;
}

/*
 * When timedice writes the party file too, the command's turns run as
 * one pipeline, hazard to its end and then timedice | light | reaction,
 * when no stage reads what another writes into the party during them
 * (delving(7), One world): under 000's, 003's and 004's rules while no
 * affliction runs (hazard writes only fatigue=, which no other program
 * reads, or nothing; timedice writes only exhausted=, which none of their
 * checks in a turn reads).  Otherwise turn by turn: 001's damage and
 * 002's tiredness and rest are read by timedice, an affliction's stages
 * by hazard's saves.  (When only one of them touches the party file the
 * four stages run at once: reaction reads its copy, wis= alone.)
 */
static int
at_once(const struct session *s)
{
	int r = rules_named(s->rules), afflicted = 0;
	char *path;

	if (r != R_EXPLORATION && r != R_BOOKKEEPING && r != R_ALARM &&
	    r != R_TRAVEL)
		return 0;
	path = newfile(s, "timedice");
	ses_read(path, take_affliction, &afflicted);
	free(path);
	return !afflicted;
}

/* The light (-L) and reaction's copy of the party file as the turns begin. */
static void
stages_ready(struct session *s, struct stages *st)
{
	char *from;

	session_level(s, 1, st->level, sizeof st->level);
	if (st->rparty == NULL)
		return;
	from = newfile(s, "party");
	unlink(st->rparty);	/* this command's own, from the turn before */
	copy_file(s, from, REACTION_PARTY, "a party file", 0);
	free(from);
}

/*
 * COUNT turns, CHUNK at a time (all of them, or one): hazard -n CHUNK to
 * its end, its records kept in a file, then timedice | light | reaction
 * fed with them, so that a stage that reads the party file sees what the
 * stage before wrote (delving(7), One world: one writer at a time).  When
 * hazard's CON saves see the light (-L, 000), a turn at a time while a
 * source burns: a light may go out in any turn, and N one-turn commands
 * equal one -n N; once dark (nothing relights within a command), the rest.
 */
static int
turns_by(struct session *s, struct stages *st, long long count,
    long long chunk, int outfd, struct proc_result *res)
{
	char **const first[] = { st->h.v };
	char **const rest[] = { st->t.v, st->l.v, st->r.v };
	FILE *recs = tmpfile();
	long long i, n;
	int failed = 0;

	if (recs == NULL)
		esc_err(EXIT_IO, "tmpfile");
	for (i = 0; i < count && !failed; i += n) {
		if (ftruncate(fileno(recs), 0) != 0 || lseek(fileno(recs), 0, SEEK_SET) != 0)
			esc_err(EXIT_IO, "tmpfile");
		stages_ready(s, st);
		n = st->hlevel && !check_level("-L", st->level) ? 1 : chunk;
		n = n < count - i ? n : count - i;
		snprintf(st->count, sizeof st->count, "%lld", n);
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
	int r = rules_named(s->rules);	/* the session file's, checked */
	struct hazard_act a;
	int at = argc == 0 || argv[0][0] == '-' ? 0 :
	    hazard_act(&a, r, argc, argv);
	const char *bad = argc > 0 && argv[0][0] == '-' ? argv[0] : at > 0 ?
	    argv[at] : NULL;

	if (bad != NULL && bad[0] != '\0' && strspn(bad, "0123456789") ==
	    strlen(bad))
		count_misplaced(at, argc, argv);
	if (bad != NULL && bad[0] == '-')
		esc_errx(EXIT_BAD, "%s: an option after the action: delve's own "
		    "options go before it, and the session gives the programs "
		    "theirs", bad);
	if (bad != NULL)
		esc_errx(EXIT_BAD, "%s: not a word of an action of the %s rules (%s)",
		    bad, rules_names[r], hazard_actions_said[r]);
}

/*
 * delve CALL -h or -V: the program's own usage or version on standard
 * output, as the program alone says it; not a roll of the session, so
 * nothing is logged and nothing is made.
 */
static void
program_help(char **argv)
{
	char **const argvs[] = { argv };
	struct proc_result res;

	proc_run(argvs, 1, STDOUT_FILENO, NULL, NULL, &res);
	out_done();
	exit(res.stage < 0 ? EXIT_OK : res.status);
}

/*
 * The first word of a call that is an option holding one of LETTERS,
 * alone or in a cluster (-af), or NULL.  A letter that takes a value ends
 * the cluster; -- ends the options.
 */
static const char *
call_option(int argc, char **argv, const char *letters)
{
	const char *p;
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (argv[i][0] != '-' || argv[i][1] == '\0')
			continue;
		for (p = argv[i] + 1; *p != '\0' && strchr("bcDeklLmnoqrtTwx", *p) == NULL;
		    p++)
			if (strchr(letters, *p) != NULL)
				return argv[i];
	}
	return NULL;
}

/* One command's turns: hazard | timedice | light | reaction. */
void
turn(struct session *s, const struct opts *o, int argc, char **argv)
{
	struct stages st;
	struct proc_result res;
	uint64_t start, prev = s->turn;
	int failed;

	refuse_action(s, argc, argv);
	stages_make(&st, s, o->count, argc, argv);
	char **const argvs[] = { st.h.v, st.t.v, st.l.v, st.r.v };

	ses_refuse_drift(s);
	start = ses_clock(s);
	ses_begin(s, 1);	/* the records stream to the generation, not memory */
	if (st.hparty && st.tparty && o->count > 0)	/* two at the party file */
		failed = turns_by(s, &st, o->count, at_once(s) ? o->count : 1,
		    ses_records(s), &res);
	else {		/* one stage at the party file: the four at once */
		stages_ready(s, &st);
		failed = proc_run(argvs, 4, ses_records(s), NULL, NULL, &res);
	}
	if (st.rparty != NULL)
		unlink(st.rparty);	/* not the generation's */
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
 * reaction's morale and surprise, the checks it rolls in a call, told the
 * session's light (-L, first: the user's own -L comes later and wins), so
 * that 000's no light is setback on them as on a turn's.
 */
static void
call_light(const struct session *s, int argc, char **argv, struct argv_b *v,
    char *level, size_t size)
{
	int i, checks = 0;

	if (strcmp(argv[0], "reaction") != 0)
		return;
	for (i = 1; i < argc; i++)
		checks |= strcmp(argv[i], "morale") == 0 ||
		    strcmp(argv[i], "surprise") == 0;
	if (!checks)
		return;
	session_level(s, 0, level, size);
	av_add(v, "-L"), av_add(v, level);
}

/*
 * delve roll|reaction|chase|return ARGS: seeded from the session, logged.
 * The seed goes in DELVING_SEED, not -s, so that a mode that rolls nothing
 * (roll -o, chase pace) takes the words as the program alone does.
 */
int
call(struct session *s, const struct opts *o, int argc, char **argv)
{
	char seed[256], level[32], *party = newfile(s, "party");
	struct argv_b v = { 0 };
	struct proc_result res;

	const char *bad = call_option(argc, argv, "fps");

	if (bad != NULL)	/* what the session gives: -f, -p, -s */
		esc_errx(EXIT_BAD, "%s: %s: the session gives the program its "
		    "file, party and seed", argv[0], bad);
	if (call_option(argc, argv, "hV") != NULL)
		program_help(argv);
	call_seed(s, seed, sizeof seed);
	setenv("DELVING_SEED", seed, 1);
	av_add(&v, argv[0]);
	call_light(s, argc, argv, &v, level, sizeof level);
	av_addv(&v, argc - 1, argv + 1);
	if (s->party)
		setenv("DELVING_PARTY", party, 1);
	one_command(s, o, v.v, 1, &res);
	av_free(&v);
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
	struct argv_b v = { 0 };
	struct proc_result res;
	char level[32];

	if (!s->party)
		esc_errx(EXIT_BAD, "%s: the session keeps no party file (delve new -p "
		    "FILE)", argv[0]);
	refuse_options(argc, argv, NULL, "an option: the session gives timedice "
	    "its files, seed and party");
	stage_words(&v, s, "timedice");
	av_add(&v, "-p"), av_own(&v, newfile(s, "party")), av_add(&v, "-w");
	if (hazard_rules[rules_named(s->rules)].saves) {	/* 000's no light */
		session_level(s, 0, level, sizeof level);
		av_add(&v, "-L"), av_add(&v, level);
	}
	av_addv(&v, argc, argv);
	ses_refuse_drift(s);
	one_command(s, o, v.v, 0, &res);
	av_free(&v);
	return EXIT_OK;
}
