/*
 * delve batch: COUNT sessions rolled at once for cron, each written as one
 * file, all or none.
 */
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
	struct newopts t;	/* -T KEY=FILE, checked as delve new checks them */
	struct session tables;	/* their copies, made once: DIR/.tables.PID */
	int	 dfd;		/* DIR */
	char	 sseed[256], sturns[32];	/* SEED-I and TURNS, for the argv */
	char	 level[32];	/* reaction's -L: the light before any is lit */
	unsigned char *tag;	/* session I's temp name: .NAME.PID, else .NAME.PID-TAG */
	char	*h[16 + 2 * SES_TABLES_MAX], *l[8], *td[8],
		*r[12 + 2 * SES_TABLES_MAX];
};

/* delve batch's options, its own and the shared ones (opt.c), in -h's order. */
static const struct opt batch_options[] = {
	{ 'j', NULL, "write each session as JSON Lines" },
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
	if (b->party != NULL)
		fclose(efopen_input(b->party, "a party file"));
	check_tables(&b->t);
}

/* SEED-I.EXT in DIR, or its temp file .SEED-I.EXT.PID. */
static void
batch_name(const struct batch *b, long long i, int temp, char *buf, size_t size)
{
	if (temp && b->tag[i] > 0)
		snprintf(buf, size, ".%s-%lld.%s.%ld-%d", b->seed, i, b->form->ext,
		    (long)getpid(), b->tag[i]);
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
	if (strncmp(name, ".tables.", 8) == 0 && dot == name + 7)
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
	int party = b->party != NULL && hazard_keeps_party(b->rules), n = 0;
	char **h = b->h;
	int r = b->rules ? word_in(b->rules, rules_names) : R_EXPLORATION;

	h[n++] = "hazard", h[n++] = "-s", h[n++] = b->sseed;
	h[n++] = "-n", h[n++] = b->sturns;
	if (party)
		h[n++] = "-p", h[n++] = (char *)b->party;
	table_options(&b->tables, h, n, 0);
	memcpy(b->l, (char *[]){ "light", "-s", b->sseed, b->lights ? "-l" : "-",
	    (char *)b->lights, "-", NULL }, 7 * sizeof(char *));
	memcpy(b->td, (char *[]){ "timedice", "-s", b->sseed, "-", NULL },
	    5 * sizeof(char *));
	lamp_level_name(r, NULL, b->level, sizeof b->level);
	memcpy(b->r, (char *[]){ "reaction", "-s", b->sseed, "-L", b->level, "-" },
	    6 * sizeof(char *));
	n = 6;
	if (b->party != NULL && reaction_takes_party(b->party))
		b->r[n++] = "-p", b->r[n++] = (char *)b->party;
	table_options(&b->tables, b->r, n, 1);
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

/* One session into its temp file: 0, or the failed stage's status. */
static int
batch_one(struct batch *b, long long i)
{
	char tmp[1100], file[1100];
	char **const argvs[] = { b->h, b->td, b->l, b->r };
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
		if (errno != EEXIST || b->tag[i] == 99)
			esc_err(EXIT_IO, "%s/%s", b->outdir, tmp);
		b->tag[i]++;
	}
	if (b->form->view == VIEW_RAW)
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
	for (i = 1; i <= made; i++) {
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
batch(int argc, char **argv)
{
	struct batch b = { 0 };
	long long i, made = 0;
	int rc = 0;

	parse_batch(&b, argc, argv);
	b.tag = new_tags(b.count);
	unsetenv("DELVING_SEED");
	unsetenv("DELVING_PARTY");
	setenv("DELVING_RULES", b.rules != NULL ? b.rules :
	    rules_names[R_EXPLORATION], 1);
	if (mkdir(b.outdir, 0777) != 0 && errno != EEXIST)
		esc_err(EXIT_IO, "%s", b.outdir);
	if ((b.dfd = open(b.outdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		esc_err(errno == ENOTDIR ? EXIT_BAD : EXIT_IO, "%s", b.outdir);
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
	free(b.tag);
	return rc;
}
