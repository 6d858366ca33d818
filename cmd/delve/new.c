/*
 * delve new: a session directory made, its state files as the programs
 * make them, committed as the first generation.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "expr.h"
#include "campaign.h"
#include "drawn.h"
#include "party.h"
#include "rules.h"
#include "util.h"
#include "delve.h"

/*
 * One program run on a file of .new, its output thrown away; a refusal of
 * the party's copy names the party file given, PARTY.
 */
void
new_setup(struct session *s, char **v, const char *party)
{
	char **const argvs[] = { v };
	struct proc_result res;
	char *copy = newfile(s, "party"), *at, msg[PROC_MSG_MAX + 1100];
	int null = open("/dev/null", O_WRONLY | O_CLOEXEC);

	if (null < 0)
		esc_err(EXIT_IO, "/dev/null");
	if (proc_run(argvs, 1, null, NULL, NULL, &res)) {
		if (party != NULL && (at = strstr(res.msg, copy)) != NULL) {
			snprintf(msg, sizeof msg, "%.*s%s%s", (int)(at - res.msg),
			    res.msg, party, at + strlen(copy));
			ses_abort(s);
			esc_errx(res.status ? res.status : EXIT_IO, "%s", msg);
		}
		stage_failed(s, &res, NULL);
	}
	close(null);
	free(copy);
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
	if (s->dice)
		fprintf(fp, "dice %s\n", s->dice);
	if (s->from)
		fprintf(fp, "from %s\n", s->from);
	fprintf(fp, "party %s\n", s->party ? "yes" : "no");
	for (i = 0; i < s->ntables; i++)
		fprintf(fp, "table %s %s\n", s->table_key[i], s->table_pick[i]);
	if (fflush(fp) != 0 || fsync(fileno(fp)) != 0 || fclose(fp) != 0)
		esc_err(EXIT_IO, "%s", path);
	free(path);
}

/*
 * The state files as the programs make them, from the session's seed, the
 * party file PARTY read by those that will keep it.
 */
static void
setup_files(struct session *s, const char *party)
{
	char *copy = newfile(s, "party"), time[32] = START_HHMM_004, day[24];
	int td = s->party && (party_takers(copy) & TAKES_TIMEDICE);
	struct argv_b h = { 0 }, l = { 0 }, t = { 0 }, r = { 0 };
	long long d = 1;		/* timedice(6): a new clock, 07:00 */

	stage_words(&h, s, "hazard");
	av_add(&h, "-n"), av_add(&h, "0");
	if (s->party && hazard_keeps_party(s->rules))	/* and the keys it needs */
		av_add(&h, "-p"), av_add(&h, copy);
	table_options(s, &h, 0);	/* hazard checks its keys and tables */
	if (s->clock) {		/* -c [DAY/]TIME: timedice's set TIME DAY */
		clock_day_split(s->clock, time, sizeof time, &d);
		snprintf(day, sizeof day, "%lld", d);
	}
	stage_words(&l, s, "light");
	/* the clock too: 004's lantern lit at noon is in daylight (light -c) */
	av_add(&l, "-c"), av_add(&l, time);
	if (s->lights)
		av_add(&l, "-l"), av_add(&l, s->lights);
	av_add(&l, "status");
	stage_words(&t, s, "timedice");
	if (td)
		av_add(&t, "-p"), av_add(&t, copy), av_add(&t, "-w");
	av_add(&t, s->clock ? "set" : "show");
	if (s->clock)
		av_add(&t, time), av_add(&t, day);
	stage_words(&r, s, "reaction");
	av_add(&r, "-n"), av_add(&r, "0");
	new_setup(s, h.v, party);
	new_setup(s, l.v, party);
	new_setup(s, t.v, party);
	new_setup(s, r.v, party);
	av_free(&h), av_free(&l), av_free(&t), av_free(&r);
	free(copy);
}

/* delve new's options, its own and the shared ones (opt.c), in -h's order. */
static const struct opt new_options[] = {
	{ 'c', "[DAY/]TIME", "the clock at the start, HH:MM on day DAY "
	    "(default 07:00 on day 1)" },
	{ 'D', "DIALECT", "read every dice expression as this peer (roll(6) -D)" },
	{ 'F', NULL, "replace the session in DIR" },
	{ 'l', "KIND[,KIND ...]", "light these sources before the first turn" },
	{ 'p', NULL, "copy this party file into the session" },
	NEW_OPT_RULES,
	{ 's', NULL, "the session's seed, one word (default from the system)" },
	NEW_OPT_TABLE,
	{ 0, NULL, NULL }
};

static const struct opt_spec new_spec = {
	prog, SYN_NEW, new_options, 0
};

/* delve next's: delve new's but -p (the party is the last session's). */
static const struct opt next_options[] = {
	{ 'c', "[DAY/]TIME", "the clock at the start (default where PREV ended)" },
	{ 'D', "DIALECT", "read every dice expression as this peer (default "
	    "PREV's)" },
	{ 'F', NULL, "replace the session in DIR" },
	{ 'l', "KIND[,KIND ...]", "light these sources before the first turn" },
	{ 'r', NULL, "the rules (default PREV's)" },
	{ 's', NULL, "the session's seed, one word (default from PREV's seed)" },
	NEW_OPT_TABLE,
	{ 0, NULL, NULL }
};

static const struct opt_spec next_spec = {
	prog, SYN_NEXT, next_options, 0
};

/* -T KEY=FILE, one more of the session's tables (new, batch, campaign). */
void
table_option(struct newopts *n, char *v)
{
	drawn_arg(n->tables, &n->ntables, SES_TABLES_MAX, v);
}

static void
new_option(void *ctx, int letter, char *v)
{
	struct newopts *n = ctx;

	switch (letter) {
	case 'c': n->clock = v; break;
	case 'D': n->dice = v; break;
	case 'F': n->force = 1; break;
	case 'l': n->lights = v; break;
	case 'T': table_option(n, v); break;
	}
}

/* delve new's options, in any order with its DIR, returned. */
static const char *
parse_new(struct newopts *n, int argc, char **argv)
{
	const struct opt_spec *spec = strcmp(argv[0], "next") == 0 ? &next_spec :
	    &new_spec;
	struct opt_common com;
	char time[32];
	long long day;

	argv = opt_parse(spec, &com, &argc, argv, new_option, n);
	if (argc != 1 + (spec == &next_spec))
		opt_usage(spec, NULL);
	if (spec == &next_spec)
		n->prev = *argv++;
	if (*argv[0] == '\0' || (n->prev != NULL && *n->prev == '\0'))
		esc_errx(EXIT_BAD, "%s: '': expected the session's directory",
		    spec == &next_spec ? "next" : "new");
	if (n->clock != NULL && (clock_day_split(n->clock, time, sizeof time,
	    &day) != 0 || *time == '\0' || strpbrk(n->clock, " \t\n#")))
		esc_errx(EXIT_BAD, "-c: '%s': expected [DAY/]TIME, as 3/07:00 for "
		    "07:00 on day 3", n->clock);
	n->party = com.party;
	n->rules = com.rules;
	n->seed = com.seed;
	if (n->rules != NULL && word_in(n->rules, rules_names) < 0)
		esc_errx(EXIT_BAD, "-r: '%s': not a rules name", n->rules);
	if (n->dice != NULL)
		expr_dialect_named(n->dice, "-D");
	if (n->seed != NULL && (*n->seed == '\0' || strpbrk(n->seed, " \t\n#")))
		esc_errx(EXIT_BAD, "-s: '%s': expected one word", n->seed);
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

/* Each -T KEY=FILE[#HEADING] split and read before anything is made. */
void
check_tables(struct newopts *n)
{
	char *arg;
	int i, k;

	for (i = 0; i < n->ntables; i++) {
		arg = n->tables[i];
		if ((n->files[i] = tbl_on_split(arg)) == NULL)
			esc_errx(EXIT_BAD, "-T: '%s': expected KEY=FILE", arg);
		if (!key_ok(arg))
			esc_errx(EXIT_BAD, "-T: '%s': expected a key of letters, as encounter",
			    arg);
		for (k = 0; k < i; k++)
			if (strcmp(n->tables[k], arg) == 0)
				esc_errx(EXIT_BAD, "-T: %s: given twice", arg);
		tbl_load(&n->loaded[i], n->files[i]);	/* refused here, the user's FILE:LINE */
	}
}

static int
is_regular(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/*
 * FILE[#HEADING] copied as it is, when the copy reads as FILE does: one
 * regular file, Markdown or JSON (told by its content), rolling no table
 * of another file; its HEADING, or NULL.
 */
static const char *
copies_as_is(const struct newopts *n, int i, char **file)
{
	const char *pick = NULL;
	size_t len;
	char *hash;

	*file = estrdup(n->files[i]);
	if (access(*file, F_OK) != 0 && (hash = strrchr(*file, '#')) != NULL) {
		*hash = '\0';
		pick = hash + 1;
	}
	len = strlen(*file);
	if (tbl_nested(&n->loaded[i]) || !is_regular(*file) || (len > 4 &&
	    (strcasecmp(*file + len - 4, ".csv") == 0 ||
	    strcasecmp(*file + len - 4, ".tsv") == 0))) {
		free(*file);
		*file = NULL;
	}
	return pick;
}

/*
 * Each table kept in the session as table.KEY: its file as it is where
 * that reads the same, else the table as read, in delving's Markdown
 * (tbl_write: a CSV file, a Foundry folder, the tables a row rolls, in one
 * file).  The session file says "table KEY HEADING" ("-" for none), and a
 * turn passes -T KEY=STATE/table.KEY[#HEADING] on to hazard, or to
 * reaction for its distance and activity tables.
 */
void
copy_tables(struct session *s, struct newopts *n)
{
	char name[64], *to, *file;
	const char *pick;
	FILE *out;
	int i;

	for (i = 0; i < n->ntables; i++) {
		snprintf(name, sizeof name, "table.%s", n->tables[i]);
		pick = copies_as_is(n, i, &file);
		if (file != NULL)
			copy_file(s, file, name, "a table file", 1);
		else {
			to = newfile(s, name);
			out = ses_create(s, s->newdir, name);
			pick = tbl_write(&n->loaded[i], out);
			if (fflush(out) != 0 || fsync(fileno(out)) != 0 ||
			    fclose(out) != 0)
				esc_err(EXIT_IO, "%s", to);
			free(to);
		}
		s->table_key[s->ntables] = estrdup(n->tables[i]);
		s->table_pick[s->ntables++] = estrdup(pick != NULL && *pick != '\0' ?
		    pick : "-");
		free(file);
		tbl_free(&n->loaded[i]);
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
int
new_session(struct session *none, const struct opts *o, int argc, char **argv)
{
	struct newopts n = { 0 };
	struct session s;
	char seed[U64_DIGITS + 1];
	const char *dir;
	struct carry *c = NULL;
	int replace = 0;

	(void)none, (void)o;	/* new makes its session */
	dir = parse_new(&n, argc, argv);
	if (n.prev != NULL)
		c = carry_open(&n, dir);
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
			esc_errx(EXIT_BAD, "%s: not empty: %s", s.dir, n.force ?
			    "not a session, left alone" : "give -F to replace the session");
		replace = 1;
	}
	if (n.seed == NULL)
		snprintf(seed, sizeof seed, "%" PRIu64, rng_entropy());
	s.seed = estrdup(n.seed ? n.seed : seed);
	s.rules = n.rules ? estrdup(n.rules) : NULL;
	s.lights = n.lights ? estrdup(n.lights) : NULL;
	s.clock = n.clock ? estrdup(n.clock) : NULL;
	s.dice = n.dice ? estrdup(n.dice) : NULL;
	s.party = n.party != NULL;
	s.from = c != NULL ? carry_from(c) : NULL;
	session_env(&s);
	ses_begin(&s, 0);
	if (n.party != NULL) {	/* party.start: the journal's first sheets */
		copy_file(&s, n.party, "party", "a party file", 1);
		copy_file(&s, n.party, "party.start", "a party file", 1);
	}
	copy_tables(&s, &n);
	if (c != NULL) {	/* the lights carried first, -l's after them */
		free(s.lights);
		s.lights = NULL;
	}
	setup_files(&s, n.party);
	if (c != NULL)
		carry_write(c, &s, n.lights);
	if (replace)
		ses_wipe(&s);
	write_session(&s);
	s.gen = (unsigned long)-1;
	ses_commit(&s, "", 0, 0, 0);
	made_dir = NULL;
	ses_close(&s);
	if (c != NULL)
		carry_close(c);
	return EXIT_OK;
}
