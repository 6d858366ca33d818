/*
 * delve batch: COUNT sessions rolled at once for cron, each written as one
 * file, all or none.
 */
#include <dirent.h>
#include <limits.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "clock.h"
#include "out.h"
#include "rules.h"
#include "util.h"
#include "delve.h"

/*
 * A session file's form: the pipeline's records as they are (TAB), each
 * as a JSON object (-j, as everywhere), or the sentence view of delve log
 * (-S): the view code's, not a copy.
 */
#define BATCH_SEED_MAX 200	/* bytes of -s SEED: a file's name holds it */

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
	int	 chain;		/* -k: each session continues the last */
	const char *keep;	/* -K NAME: the chain's last session kept, DIR/NAME/last */
	int	 cont;		/* -K: a last session kept, the chain continues it */
	long long first;	/* -K: the number of the session kept (SEED-FIRST), or 0 */
	int	 kept_party, kept_tables;	/* -K: it has them, no option says */
	char	*kept_rules;	/* -K: its rules, when -r says none */
	struct newopts t;	/* -T KEY=FILE, checked as delve new checks them */
	struct session tables;	/* their copies, made once: DIR/.tables.PID */
	int	 dfd;		/* DIR */
	int	 cfd;		/* -k: the chain's work directory, DIR/.chain.PID */
	int	 null;		/* -k: /dev/null, for delve new's and next's output */
	char	 sseed[256], sturns[32];	/* SEED-I and TURNS, for the argv */
	char	 level[32];	/* reaction's -L: the light before any is lit */
	unsigned char *tag;	/* session I's temp name: .NAME.PID, else .NAME.PID-TAG */
	struct argv_b h, l, td, r;	/* the stages' argv */
};

/* delve batch's options, its own and the shared ones (opt.c), in -h's order. */
static const struct opt batch_options[] = {
	{ 'j', NULL, "write each session as JSON Lines" },
	{ 'K', "NAME", "with -k: keep the chain's last session in DIR/NAME, continue it next time" },
	{ 'k', NULL, "a chain: each session continues the last (delve next)" },
	{ 'l', "KIND[,KIND ...]", "light these sources before each session's first turn" },
	{ 'n', "TURNS", "play TURNS turns in each session" },
	{ 'o', "DIR", "write the sessions in DIR" },
	{ 'p', NULL, "the party file of every session" },
	NEW_OPT_RULES,
	{ 'S', NULL, "write each session as delve log's sentences" },
	{ 's', NULL, "the sessions' seed, one word: session I plays SEED-I" },
	NEW_OPT_TABLE,
	{ 0, NULL, NULL }
};

static const struct opt_spec batch_spec = {
	prog, SYN_BATCH, batch_options, 0
};

static void
batch_option(void *ctx, int letter, char *v)
{
	struct batch *b = ctx;

	switch (letter) {
	case 'K': b->keep = v; break;
	case 'k': b->chain = 1; break;
	case 'l': b->lights = v; break;
	case 'o': b->outdir = v; break;
	case 'S': b->form = &batch_forms[2]; break;	/* the sentences */
	case 'T': table_option(&b->t, v); break;
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
		esc_errx(EXIT_BAD, "-j and -S: one form for the session files");
	b->form = &batch_forms[com.json ? 1 : b->form != NULL ? 2 : 0];
	b->count = estrtonum(argv[0], 1, 1000000, "COUNT");
	if (b->rules != NULL && word_in(b->rules, rules_names) < 0)
		esc_errx(EXIT_BAD, "-r: '%s': not a rules name", b->rules);
	if (*b->seed == '\0' || strpbrk(b->seed, "/ \t\n") != NULL)
		esc_errx(EXIT_BAD, "-s: '%s': expected one word without a slash: it names "
		    "the files", b->seed);
	if (strlen(b->seed) > BATCH_SEED_MAX)	/* SEED-I.EXT within NAME_MAX */
		esc_errx(EXIT_BAD, "-s: a seed of %zu bytes: at most %d, it names the "
		    "files", strlen(b->seed), BATCH_SEED_MAX);
	if (*b->outdir == '\0')
		esc_errx(EXIT_BAD, "-o: an empty directory name");
	if (b->keep != NULL && !b->chain)
		esc_errx(EXIT_BAD, "-K: keeps a chain's last session: with -k");
	if (b->keep != NULL && (!name_ok(b->keep) || b->keep[0] == '.' ||
	    strchr(b->keep, '/') != NULL))
		esc_errx(EXIT_BAD, "-K: '%s': expected a name in DIR, not hidden, "
		    "without a slash", b->keep);
	if (b->party != NULL)
		fclose(efopen_input(b->party, "a party file"));
	check_tables(&b->t);
}

/* SEED-I.EXT in DIR, or its temp file .SEED-I.EXT.PID. */
static void
batch_name(const struct batch *b, long long i, int temp, char *buf, size_t size)
{
	if (temp && b->tag[i - b->first] > 0)
		snprintf(buf, size, ".%s-%lld.%s.%ld-%d", b->seed, i, b->form->ext,
		    (long)getpid(), b->tag[i - b->first]);
	else if (temp)
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
/* PID or PID-K: the PID, or -1. */
static long long
pid_of(const char *s)
{
	size_t n = strcspn(s, "-");

	if (s[n] == '-' && digits(s + n + 1, strlen(s + n + 1)) < 1)
		return -1;
	return digits(s, n);
}

static long long
batch_temp_pid(const char *name)
{
	const char *dot = strrchr(name, '.'), *ext, *dash;
	size_t i;

	if (name[0] != '.' || dot == NULL || dot == name)
		return -1;
	if ((strncmp(name, ".tables.", 8) == 0 && dot == name + 7) ||
	    (strncmp(name, ".chain.", 7) == 0 && dot == name + 6))
		return pid_of(dot + 1);
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
	return pid_of(dot + 1);
}

/*
 * A chain's work directory, made by a batch: its sessions' directories
 * (s1 ...), theirs (g.N), their files, at most three levels down.  Only
 * what is there is removed; a link is removed, never followed.
 */
static void
remove_tree(int dfd, const char *name, int depth)
{
	struct dirent *e;
	struct stat sb;
	DIR *d;
	int fd;

	if (unlinkat(dfd, name, 0) == 0 || depth > 2)
		return;
	if ((fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) < 0 || (d = fdopendir(fd)) == NULL)
		return;
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 &&
		    fstatat(fd, e->d_name, &sb, AT_SYMLINK_NOFOLLOW) == 0)
			remove_tree(fd, e->d_name, depth + 1);
	closedir(d);
	unlinkat(dfd, name, AT_REMOVEDIR);
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
		esc_err(EXIT_IO, "%s", b->outdir);
	while ((e = readdir(d)) != NULL) {
		if ((pid = batch_temp_pid(e->d_name)) <= 0 || pid > INT32_MAX ||
		    kill((pid_t)pid, 0) == 0 || errno != ESRCH ||
		    fstatat(b->dfd, e->d_name, &sb, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		if (S_ISREG(sb.st_mode))
			unlinkat(b->dfd, e->d_name, 0);
		else if (S_ISDIR(sb.st_mode) && e->d_name[1] == 't')
			remove_tables_dir(b->dfd, e->d_name);
		else if (S_ISDIR(sb.st_mode) && e->d_name[1] == 'c')
			remove_tree(b->dfd, e->d_name, 0);
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
		esc_err(EXIT_IO, "%s/%s", b->outdir, file);
	}
	if (S_ISLNK(sb.st_mode))
		esc_errx(EXIT_BAD, "%s/%s: is a symbolic link: refusing to replace it",
		    b->outdir, file);
	if (!S_ISREG(sb.st_mode))
		esc_errx(EXIT_BAD, "%s/%s: not a regular file: refusing to replace it",
		    b->outdir, file);
}

/* -T's tables copied once into DIR/.tables.PID, for every session. */
static void
batch_tables(struct batch *b)
{
	struct session *s = &b->tables;
	int k;

	memset(s, 0, sizeof *s);
	s->dir = b->outdir;
	s->dfd = b->dfd;	/* the copies are made relative to DIR (ses_create) */
	snprintf(s->newdir, sizeof s->newdir, ".tables.%ld", (long)getpid());
	if (b->t.ntables == 0)
		return;
	for (k = 1; mkdirat(b->dfd, s->newdir, 0700) != 0; k++)
		if (errno != EEXIST || k == 100)	/* taken: the next name */
			esc_err(EXIT_IO, "%s/%s", b->outdir, s->newdir);
		else
			snprintf(s->newdir, sizeof s->newdir, ".tables.%ld-%d",
			    (long)getpid(), k);
	copy_tables(s, &b->t);
}

/*
 * The pipeline's argv, made once: each session changes only SEED-I.  A
 * session's stages in a session's order, reaction told the party and the
 * light as delve tells it (delving(7) SESSIONS).
 */
static void
batch_argv(struct batch *b)
{
	int r = rules_named(b->rules);

	av_add(&b->h, "hazard"), av_add(&b->h, "-s"), av_add(&b->h, b->sseed);
	av_add(&b->h, "-n"), av_add(&b->h, b->sturns);
	if (b->party != NULL && hazard_keeps_party(b->rules))
		av_add(&b->h, "-p"), av_add(&b->h, b->party);
	table_options(&b->tables, &b->h, 0);
	av_add(&b->l, "light"), av_add(&b->l, "-s"), av_add(&b->l, b->sseed);
	/* a new clock's 07:00 (timedice(6)), as delve new tells light: 004's
	 * road is in daylight before timedice's first record says the hour */
	av_add(&b->l, "-c"), av_add(&b->l, START_HHMM_004);
	if (b->lights)
		av_add(&b->l, "-l"), av_add(&b->l, b->lights);
	av_add(&b->l, "-");
	av_add(&b->td, "timedice"), av_add(&b->td, "-s"), av_add(&b->td, b->sseed);
	av_add(&b->td, "-");
	lamp_level_name(r, NULL, b->level, sizeof b->level);
	av_add(&b->r, "reaction"), av_add(&b->r, "-s"), av_add(&b->r, b->sseed);
	av_add(&b->r, "-L"), av_add(&b->r, b->level), av_add(&b->r, "-");
	if (b->party != NULL && (party_takers(b->party) & TAKES_REACTION))
		av_add(&b->r, "-p"), av_add(&b->r, b->party);
	table_options(&b->tables, &b->r, 1);
	snprintf(b->sturns, sizeof b->sturns, "%lld", b->turns);
}

/* The records of a session in the form asked for, into fd. */
static void
write_form(const struct batch *b, int fd, char *out, size_t len)
{
	int saved;

	fflush(stdout);
	if ((saved = dup(STDOUT_FILENO)) < 0 || dup2(fd, STDOUT_FILENO) < 0)
		esc_err(EXIT_IO, "%s", b->outdir);
	view_records(out, len, b->form->view, 6 * CLOCK_HOUR_TURNS, 0);
	if (fflush(stdout) != 0 || ferror(stdout))
		esc_err(EXIT_IO, "%s", b->outdir);
	if (dup2(saved, STDOUT_FILENO) < 0)
		esc_err(EXIT_IO, "stdout");
	close(saved);
}

/*
 * The first line of a session's file: how it was made, so that a GM
 * reading it on the morning of the game knows what it is.  A comment (#)
 * in a TSV or sentence file, which every filter passes as a line not its
 * own; in JSON Lines an object of its own, "header" its first name.
 */
static void
batch_header(const struct batch *b, long long i, int fd)
{
	char text[4096] = "", *p;
	int k;

	str_append(text, sizeof text, "", "delve batch: session %lld of %lld, "
	    "seed %s, %lld turns, rules %s, party %s, lights %s, tables ", i,
	    b->first + b->count, b->sseed, b->turns, b->rules ? b->rules : "exploration",
	    b->party ? b->party : b->kept_party ? "carried" : "none",
	    b->lights ? b->lights : "none");
	for (k = 0; k < b->t.ntables; k++)
		str_append(text, sizeof text, k ? ", " : "", "%s=%s",
		    b->t.tables[k], b->t.files[k]);
	str_append(text, sizeof text, "", "%s", b->t.ntables ? "" :
	    b->kept_tables ? "carried" : "none");
	if (b->chain && i > 1 && (i > b->first + 1 || b->first > 0))
		str_append(text, sizeof text, "", "; chained: it continues "
		    "session %lld (%s-%lld)", i - 1, b->seed, i - 1);
	else if (b->cont)
		str_append(text, sizeof text, "", "; chained: it continues the "
		    "session kept in %s/%s", b->outdir, b->keep);
	else if (b->chain)
		str_append(text, sizeof text, "", "; chained: the first session");
	for (p = text; *p != '\0'; p++)	/* one line, no quote to escape */
		if ((unsigned char)*p < 0x20 || *p == '"' || *p == '\\')
			*p = '?';
	if (b->form->view == VIEW_JSON)
		dprintf(fd, "{\"header\":\"%s\"}\n", text);
	else
		dprintf(fd, "# %s\n", text);
}

/*
 * Session I's name in the chain's work directory: sI, or under -K SEED-I,
 * which no session kept from an earlier run names as the one it continues.
 */
static void
chain_name(const struct batch *b, long long i, char *buf, size_t size)
{
	if (b->keep)
		snprintf(buf, size, "%s-%lld", b->seed, i);
	else
		snprintf(buf, size, "s%lld", i);
}

/*
 * The chain's work: DIR/.chain.PID (or -K's DIR/NAME), a session a step,
 * the last kept; session I's there (DIR/NAME/last the kept one's, I
 * FIRST), or with I 0 the work directory's name in DIR.
 */
static void
chain_dir(const struct batch *b, char *buf, size_t size, long long i)
{
	char work[64], name[BATCH_SEED_MAX + 32];

	if (b->keep == NULL)
		snprintf(work, sizeof work, ".chain.%ld", (long)getpid());
	if (b->cont && i == b->first)
		snprintf(buf, size, "%s/%s/last", b->outdir, b->keep);
	else if (i == 0)
		snprintf(buf, size, "%s", b->keep ? b->keep : work);
	else {
		chain_name(b, i, name, sizeof name);
		snprintf(buf, size, "%s/%s/%s", b->outdir, b->keep ? b->keep :
		    work, name);
	}
}

static void remove_tree(int dfd, const char *name, int depth);


/*
 * Session I of a chain: delve new (the first) or delve next (the others)
 * in the chain's directory, then its TURNS turns through delve into fd,
 * in the form asked for; the session before it then removed.
 */
static int
chain_one(struct batch *b, long long i, int fd, struct proc_result *res)
{
	char dir[1200], prev[1200];
	char *t[] = { "delve", "-C", dir, "-n", b->sturns,
	    b->form->view == VIEW_RAW ? "-R" : b->form->view == VIEW_JSON ? "-j" :
	    NULL, NULL };
	char **const tv[] = { t };
	struct argv_b v = { 0 };
	int k, failed;

	chain_dir(b, dir, sizeof dir, i);
	chain_dir(b, prev, sizeof prev, i - 1);
	av_add(&v, "delve");
	av_add(&v, i == b->first + 1 && !b->cont ? "new" : "next");
	av_add(&v, "-s"), av_add(&v, b->sseed);
	if (b->lights)
		av_add(&v, "-l"), av_add(&v, b->lights);
	if (i == b->first + 1 && b->rules)	/* a session kept: its rules may change */
		av_add(&v, "-r"), av_add(&v, b->rules);
	if (i == b->first + 1 && !b->cont && b->party)
		av_add(&v, "-p"), av_add(&v, b->party);
	for (k = 0; i == b->first + 1 && !b->cont && k < b->t.ntables; k++) {
		av_add(&v, "-T");	/* KEY=FILE[#HEADING] again */
		av_addf(&v, "%s=%s", b->t.tables[k], b->t.files[k]);
	}
	if (i > b->first + 1 || b->cont)
		av_add(&v, prev);
	av_add(&v, dir);
	if (b->null < 0 && (b->null = open("/dev/null", O_WRONLY | O_CLOEXEC)) < 0)
		esc_err(EXIT_IO, "/dev/null");
	failed = proc_run(&v.v, 1, b->null, NULL, NULL, res) ||
	    proc_run(tv, 1, fd, NULL, NULL, res);
	av_free(&v);
	if (failed)
		return 1;
	if (i > b->first + 1) {	/* the kept one stays till the chain's end */
		chain_name(b, i - 1, prev, sizeof prev);
		remove_tree(b->cfd, prev, 0);
	}
	return 0;
}

/* The chain's work directory made, for delve new and next to write in. */
static void
chain_begin(struct batch *b)
{
	char name[64];

	chain_dir(b, name, sizeof name, 0);
	if (mkdirat(b->dfd, name, 0700) != 0) {
		if (errno != EEXIST)
			esc_err(EXIT_IO, "%s/%s", b->outdir, name);
		remove_tree(b->dfd, name, 0);	/* a dead batch's of this PID */
		if (mkdirat(b->dfd, name, 0700) != 0)
			esc_err(EXIT_IO, "%s/%s", b->outdir, name);
	}
	if ((b->cfd = openat(b->dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) < 0)
		esc_err(EXIT_IO, "%s/%s", b->outdir, name);
}

/* Each entry of -K's DIR/NAME but last: what a killed batch left. */
static void
keep_sweep(const struct batch *b)
{
	struct dirent *e;
	DIR *d;
	int fd = openat(b->cfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0 || (d = fdopendir(fd)) == NULL)	/* its own offset */
		esc_err(EXIT_IO, "%s/%s", b->outdir, b->keep);
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 &&
		    strcmp(e->d_name, "last") != 0)
			remove_tree(b->cfd, e->d_name, 0);
	closedir(d);
}

/*
 * -K NAME: DIR/NAME made or opened and locked (one batch at a time), what
 * a killed batch left there removed; its last session, when there is one,
 * continued, and when its seed is SEED-K the sessions numbered on from K.
 */
static void
keep_begin(struct batch *b)
{
	struct session last = { 0 };
	char path[1200];
	size_t n = strlen(b->seed);

	if (mkdirat(b->dfd, b->keep, 0777) != 0 && errno != EEXIST)
		esc_err(EXIT_IO, "%s/%s", b->outdir, b->keep);
	if ((b->cfd = openat(b->dfd, b->keep, O_RDONLY | O_DIRECTORY |
	    O_NOFOLLOW | O_CLOEXEC)) < 0)
		esc_err(errno == ENOTDIR || errno == ELOOP ? EXIT_BAD : EXIT_IO,
		    "%s/%s", b->outdir, b->keep);
	if (flock(b->cfd, LOCK_EX | LOCK_NB) != 0)
		esc_err(EXIT_IO, "%s/%s: in use by another batch", b->outdir, b->keep);
	keep_sweep(b);
	if (faccessat(b->cfd, "last", F_OK, AT_SYMLINK_NOFOLLOW) != 0)
		return;
	snprintf(path, sizeof path, "%s/%s/last", b->outdir, b->keep);
	ses_lock_shared(&last, path);
	ses_load(&last);
	b->cont = 1;
	b->kept_party = last.party && b->party == NULL;
	b->kept_tables = last.ntables > 0 && b->t.ntables == 0;
	if (b->rules == NULL && last.rules != NULL)	/* the header's, -r's */
		b->rules = b->kept_rules = estrdup(last.rules);
	if (strncmp(last.seed, b->seed, n) == 0 && last.seed[n] == '-' &&
	    digits(last.seed + n + 1, strlen(last.seed + n + 1)) > 0)
		b->first = digits(last.seed + n + 1, strlen(last.seed + n + 1));
	if (b->first > 1000000000)
		b->first = 0;
	ses_close(&last);
}

/*
 * The chain's last session made, sI, put in place of DIR/NAME/last (the
 * two exchanged at once, the old then removed), and the directory synced:
 * the next batch continues it.
 */
static void
keep_end(const struct batch *b, long long made)
{
	char name[BATCH_SEED_MAX + 32];

	chain_name(b, made, name, sizeof name);
	if (made > b->first && renameat2(b->cfd, name, b->cfd, "last",
	    b->cont ? RENAME_EXCHANGE : RENAME_NOREPLACE) != 0)
		esc_err(EXIT_IO, "%s/%s/last", b->outdir, b->keep);
	keep_sweep(b);
	if (fsync(b->cfd) != 0)
		esc_err(EXIT_IO, "%s/%s: fsync", b->outdir, b->keep);
}

/* One session into its temp file: 0, or the failed stage's status. */
static int
batch_one(struct batch *b, long long i)
{
	char tmp[1100], file[1100];
	char **const argvs[] = { b->h.v, b->td.v, b->l.v, b->r.v };
	struct proc_result res;
	char *out = NULL;
	size_t len = 0;
	int fd, failed;

	snprintf(b->sseed, sizeof b->sseed, "%s-%lld", b->seed, i);
	for (;;) {	/* a name that is taken: the next (.NAME.PID-1 ...) */
		batch_name(b, i, 1, tmp, sizeof tmp);
		if ((fd = openat(b->dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		    O_CLOEXEC, 0666)) >= 0)
			break;
		if (errno != EEXIST || b->tag[i - b->first] == 99)
			esc_err(EXIT_IO, "%s/%s", b->outdir, tmp);
		b->tag[i - b->first]++;
	}
	batch_header(b, i, fd);
	if (b->chain)
		failed = chain_one(b, i, fd, &res);
	else if (b->form->view == VIEW_RAW)
		failed = proc_run(argvs, 4, fd, NULL, NULL, &res);
	else if (!(failed = proc_run(argvs, 4, -1, &out, &len, &res)))
		write_form(b, fd, out, len);
	free(out);
	if (failed) {
		close(fd);
		unlinkat(b->dfd, tmp, 0);
		batch_name(b, i, 0, file, sizeof file);
		esc_warnx("%s/%s: %s; nothing written", b->outdir, file, res.msg);
		return res.status ? res.status : EXIT_IO;
	}
	if (close(fd) != 0)
		esc_err(EXIT_IO, "%s/%s", b->outdir, tmp);
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
		esc_err(EXIT_IO, "%s: syncfs", b->outdir);
	for (i = b->first + 1; i <= made; i++) {
		batch_name(b, i, 1, tmp, sizeof tmp);
		batch_name(b, i, 0, file, sizeof file);
		check_target(b, i);
		if (renameat(b->dfd, tmp, b->dfd, file) != 0)
			esc_err(EXIT_IO, "%s/%s", b->outdir, file);
	}
	if (fsync(b->dfd) != 0)
		esc_err(EXIT_IO, "%s: fsync", b->outdir);
}

/* What batch_tables and batch_argv made: the copies' names, the -T words. */
static void
batch_free(struct batch *b)
{
	int i;

	av_free(&b->h), av_free(&b->l), av_free(&b->td), av_free(&b->r);
	for (i = 0; i < b->tables.ntables; i++) {
		free(b->tables.table_key[i]);
		free(b->tables.table_pick[i]);
	}
}

/* Each session's tag, 0: its temp file's first name. */
static unsigned char *
new_tags(long long count)
{
	unsigned char *t = emalloc((size_t)count + 1);

	memset(t, 0, (size_t)count + 1);
	return t;
}

/* delve batch: COUNT sessions; 0, or the status of the stage that failed. */
int
batch(struct session *s, const struct opts *o, int argc, char **argv)
{
	struct batch b = { 0 };
	char name[64];
	long long i, made = 0;
	int rc = 0;

	(void)s, (void)o;	/* batch makes its sessions */
	parse_batch(&b, argc, argv);
	unsetenv("DELVING_SEED");
	unsetenv("DELVING_PARTY");
	setenv("DELVING_RULES", b.rules != NULL ? b.rules :
	    rules_names[R_EXPLORATION], 1);
	if (mkdir(b.outdir, 0777) != 0 && errno != EEXIST)
		esc_err(EXIT_IO, "%s", b.outdir);
	if ((b.dfd = open(b.outdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		esc_err(errno == ENOTDIR ? EXIT_BAD : EXIT_IO, "%s", b.outdir);
	if (b.keep)
		keep_begin(&b);
	b.tag = new_tags(b.count);
	for (i = b.first + 1; i <= b.first + b.count; i++)
		check_target(&b, i);
	remove_dead_temps(&b);
	batch_tables(&b);
	batch_argv(&b);
	b.null = -1;
	if (b.chain && !b.keep)
		chain_begin(&b);
	for (i = b.first + 1; i <= b.first + b.count && rc == 0; i++)
		if ((rc = batch_one(&b, i)) == 0)
			made = i;
	batch_commit(&b, made);
	if (b.keep) {
		keep_end(&b, made);
		close(b.cfd);
	} else if (b.chain) {
		close(b.cfd);
		chain_dir(&b, name, sizeof name, 0);
		remove_tree(b.dfd, name, 0);
	}
	if (b.t.ntables > 0)
		remove_tables_dir(b.dfd, b.tables.newdir);
	close(b.dfd);
	batch_free(&b);
	free(b.kept_rules);
	free(b.tag);
	return rc;
}
