/*
 * session: the files of a delve(6) session and their all-or-nothing
 * commit.  A command works in DIR/.new.PID: each state file of the current
 * generation is hard-linked there (every program of the suite replaces its
 * files by rename(2), never in place, so the old generation stays as it
 * was), the programs update their files, the records are appended to the
 * log past its committed length, .new.PID/delve records the turn and that
 * length, .new.PID becomes g.N+1, and one rename(2) of a symbolic link makes
 * "state" name it.  Whatever happens before that rename leaves the session
 * as it was; the next command, under the lock, removes .new.PID and cuts the
 * log back to its committed length.
 */
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "session.h"
#include "kwf.h"
#include "util.h"

#define INFO "delve"		/* the generation's own file */

char *
ses_genname(unsigned long gen)
{
	char *s = emalloc(32);

	snprintf(s, 32, "g.%lu", gen);
	return s;
}

/* DIR/GEN/NAME, GEN "" for the directory itself. */
char *
ses_path(const struct session *s, const char *gen, const char *name)
{
	size_t n = strlen(s->dir) + strlen(gen) + strlen(name) + 3;
	char *p = emalloc(n);

	snprintf(p, n, "%s/%s%s%s", s->dir, gen, *gen && *name ? "/" : "", name);
	return p;
}

/* Open DIR (made when create is set and it is missing) and lock it. */
void
ses_lock(struct session *s, const char *dir, int create)
{
	memset(s, 0, sizeof *s);
	s->dir = dir;
	snprintf(s->newdir, sizeof s->newdir, ".new.%ld", (long)getpid());
	if (create && mkdir(dir, 0777) != 0 && errno != EEXIST)
		err(EXIT_IO, "%s", dir);
	if ((s->dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		err(errno == ENOENT || errno == ENOTDIR ? EXIT_BAD : EXIT_IO, "%s",
		    dir);
	while (flock(s->dfd, LOCK_EX) != 0)
		if (errno != EINTR)
			err(EXIT_IO, "%s: lock", dir);
}

static DIR *
open_dir(int dfd, const char *name, const char *what)
{
	int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d;

	if (fd < 0 || (d = fdopendir(fd)) == NULL)
		err(EXIT_IO, "%s", what);
	return d;
}

static int
dot(const char *name)
{
	return strcmp(name, ".") == 0 || strcmp(name, "..") == 0;
}

/* 1 when DIR holds nothing. */
int
ses_empty(const struct session *s)
{
	DIR *d = open_dir(s->dfd, ".", s->dir);
	struct dirent *e;
	int empty = 1;

	while ((e = readdir(d)) != NULL)
		if (!dot(e->d_name))
			empty = 0;
	closedir(d);
	return empty;
}

/* Remove what can be removed of the directory fd; fd is closed. */
static void
empty_dir(int fd)
{
	struct dirent *e;
	DIR *d;

	if ((d = fdopendir(fd)) == NULL) {
		close(fd);
		return;
	}
	while ((e = readdir(d)) != NULL)
		if (!dot(e->d_name))
			unlinkat(dirfd(d), e->d_name, 0);
	closedir(d);
}

/* Remove NAME, a directory of plain files, or a file; gone already is fine. */
static void
remove_entry(int dfd, const char *name)
{
	struct dirent *e;
	DIR *d;
	int fd;

	if (unlinkat(dfd, name, 0) == 0 || errno == ENOENT)
		return;
	if ((fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) < 0 || (d = fdopendir(fd)) == NULL)
		err(EXIT_IO, "%s", name);
	while ((e = readdir(d)) != NULL)
		if (!dot(e->d_name) && unlinkat(dirfd(d), e->d_name, 0) != 0)
			err(EXIT_IO, "%s/%s", name, e->d_name);
	closedir(d);
	if (unlinkat(dfd, name, AT_REMOVEDIR) != 0 && errno != ENOENT)
		err(EXIT_IO, "%s", name);
}

/*
 * The files of a session, for delve new -F: nothing else, and not this
 * command's own .new.PID.
 */
void
ses_wipe(struct session *s)
{
	DIR *d = open_dir(s->dfd, ".", s->dir);
	struct dirent *e;

	while ((e = readdir(d)) != NULL)
		if (strncmp(e->d_name, "g.", 2) == 0 || strcmp(e->d_name, "state") == 0 ||
		    strcmp(e->d_name, "log") == 0 || strcmp(e->d_name, "session") == 0 ||
		    (strncmp(e->d_name, ".new.", 5) == 0 &&
		    strcmp(e->d_name, s->newdir) != 0) ||
		    strcmp(e->d_name, ".state.new") == 0)
			remove_entry(s->dfd, e->d_name);
	closedir(d);
}

/*
 * Read a keyword file with the suite's reader, without a lock (the
 * session's lock covers it): line() is called with each line's words.
 * 0 when the file does not exist.
 */
int
ses_read(const char *path, int (*line)(void *, char **, int, const char *,
    unsigned long), void *arg)
{
	struct kwf *f;
	char *w[KWF_WORDS_MAX];
	struct stat sb;
	int nw;

	if (stat(path, &sb) != 0 && errno == ENOENT)
		return 0;
	f = kwf_read(path, "a keyword file");
	while ((nw = kwf_next(f, w)) > 0)
		if (line(arg, w, nw, path, kwf_lineno(f)) != 0)
			kwf_bad(f, "unknown keyword '%s'", w[0]);
	kwf_close(f);
	return 1;
}

/* Words of a line joined again by one space: a heading of several words. */
static char *
words_joined(char **w, int nw)
{
	size_t size = 1;
	char *s;
	int i;

	for (i = 0; i < nw; i++)
		size += strlen(w[i]) + 1;
	s = emalloc(size);
	*s = '\0';
	for (i = 0; i < nw; i++) {
		if (i > 0)
			strcat(s, " ");
		strcat(s, w[i]);
	}
	return s;
}

static int
session_line(void *arg, char **w, int nw, const char *path, unsigned long ln)
{
	struct session *s = arg;
	char **slot = strcmp(w[0], "seed") == 0 ? &s->seed :
	    strcmp(w[0], "rules") == 0 ? &s->rules :
	    strcmp(w[0], "lights") == 0 ? &s->lights :
	    strcmp(w[0], "clock") == 0 ? &s->clock : NULL;

	if (strcmp(w[0], "party") == 0 && nw == 2) {
		s->party = strcmp(w[1], "yes") == 0;
		return 0;
	}
	if (strcmp(w[0], "table") == 0) {	/* table KEY HEADING: delve -T */
		if (nw < 3 || s->ntables == SES_TABLES_MAX)
			errx(EXIT_BAD, "%s:%lu: table: expected a key and a heading or -",
			    path, ln);
		s->table_key[s->ntables] = estrdup(w[1]);
		s->table_pick[s->ntables++] = words_joined(w + 2, nw - 2);
		return 0;
	}
	if (slot == NULL)
		return 1;
	if (nw != 2)
		errx(EXIT_BAD, "%s:%lu: %s: expected one value", path, ln, w[0]);
	free(*slot);
	*slot = estrdup(w[1]);
	return 0;
}

static int
info_line(void *arg, char **w, int nw, const char *path, unsigned long ln)
{
	struct session *s = arg;
	long long v;

	if (strcmp(w[0], "command") == 0) {	/* command WORD ...: delve(6) FILES */
		free(s->command);
		s->command = words_joined(w + 1, nw - 1);
		return 0;
	}
	if (nw != 2 || strtonum_ok(w[1], 0, COUNT_MAX, &v) != 0)
		errx(EXIT_BAD, "%s:%lu: expected a keyword and a whole number", path, ln);
	if (strcmp(w[0], "turn") == 0)
		s->turn = (uint64_t)v;
	else if (strcmp(w[0], "log") == 0)
		s->logsize = v;
	else if (strcmp(w[0], "calls") == 0)
		s->calls = (uint64_t)v;
	else
		return 1;
	return 0;
}

/* The generation "state" names. */
static void
read_link(struct session *s)
{
	char buf[64], *end;
	ssize_t n = readlinkat(s->dfd, "state", buf, sizeof buf - 1);

	if (n < 0 && (errno == ENOENT || errno == EINVAL))
		errx(EXIT_BAD, "%s: not a session (no state link): make one with "
		    "delve new", s->dir);
	if (n < 0)
		err(EXIT_IO, "%s/state", s->dir);
	buf[n] = '\0';
	errno = 0;
	s->gen = strtoul(buf + 2, &end, 10);
	if (strncmp(buf, "g.", 2) != 0 || *end != '\0' || errno != 0)
		errx(EXIT_BAD, "%s/state: '%s': not a generation g.N", s->dir, buf);
}

/*
 * The work directories of commands killed before they committed, .new.PID.
 * A program of such a command may outlive it for a moment, and write
 * there still: it never reaches this command's own .new.PID, and what
 * cannot be removed now is left to the next command.
 */
static void
remove_stale(struct session *s)
{
	DIR *d = open_dir(s->dfd, ".", s->dir);
	struct dirent *e;
	int fd;

	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, ".new.", 5) != 0 ||
		    strcmp(e->d_name, s->newdir) == 0 ||
		    (fd = openat(s->dfd, e->d_name, O_RDONLY | O_DIRECTORY |
		    O_NOFOLLOW | O_CLOEXEC)) < 0)
			continue;
		empty_dir(fd);
		unlinkat(s->dfd, e->d_name, AT_REMOVEDIR);
	}
	closedir(d);
}

/* Under the lock: what a command cut short left is taken away. */
static void
recover(struct session *s)
{
	char *log = ses_path(s, "", "log");
	struct stat sb;

	remove_stale(s);
	remove_entry(s->dfd, ".state.new");
	if (stat(log, &sb) != 0)
		err(errno == ENOENT ? EXIT_BAD : EXIT_IO, "%s", log);
	if (sb.st_size < s->logsize)
		errx(EXIT_BAD, "%s: %lld bytes, shorter than the %lld the session "
		    "logged", log, (long long)sb.st_size, s->logsize);
	if (sb.st_size > s->logsize && truncate(log, s->logsize) != 0)
		err(EXIT_IO, "%s", log);
	free(log);
}

void
ses_load(struct session *s)
{
	char *path = ses_path(s, "", "session"), *gen, *info;

	if (!ses_read(path, session_line, s))
		errx(EXIT_BAD, "%s: not a session (no session file): make one with "
		    "delve new", s->dir);
	if (s->seed == NULL)
		errx(EXIT_BAD, "%s: no seed", path);
	read_link(s);
	gen = ses_genname(s->gen);
	info = ses_path(s, gen, INFO);
	if (!ses_read(info, info_line, s))
		errx(EXIT_BAD, "%s: missing", info);
	recover(s);
	ses_prune(s);
	free(info);
	free(gen);
	free(path);
}

/* DIR/.new.PID, holding a link to each file of the current generation. */
void
ses_begin(struct session *s, int link_current)
{
	char *gen = ses_genname(s->gen), from[300], to[300];
	struct dirent *e;
	DIR *d;

	if (mkdirat(s->dfd, s->newdir, 0777) != 0)
		err(EXIT_IO, "%s/%s", s->dir, s->newdir);
	if (link_current) {
		d = open_dir(s->dfd, gen, s->dir);
		while ((e = readdir(d)) != NULL) {
			if (dot(e->d_name) || strcmp(e->d_name, INFO) == 0)
				continue;
			snprintf(from, sizeof from, "%s/%s", gen, e->d_name);
			snprintf(to, sizeof to, "%s/%s", s->newdir, e->d_name);
			if (linkat(s->dfd, from, s->dfd, to, 0) != 0)
				err(EXIT_IO, "%s/%s", s->dir, from);
		}
		closedir(d);
	}
	free(gen);
}

void
ses_abort(struct session *s)
{
	remove_entry(s->dfd, s->newdir);
}

static void
sync_fd(int fd, const char *what)
{
	if (fsync(fd) != 0)
		err(EXIT_IO, "%s: fsync", what);
}

/* The records, written past the log's committed length. */
static void
append_log(struct session *s, const char *rec, size_t n)
{
	char *log = ses_path(s, "", "log");
	off_t at = (off_t)s->logsize;
	ssize_t w;
	int fd;

	if ((fd = openat(s->dfd, "log", O_WRONLY | O_CREAT | O_CLOEXEC, 0666)) < 0)
		err(EXIT_IO, "%s", log);
	for (; n > 0; rec += w, n -= (size_t)w, at += w)
		if ((w = pwrite(fd, rec, n, at)) < 0 && errno != EINTR)
			err(EXIT_IO, "%s", log);
		else if (w < 0)
			w = 0;
	sync_fd(fd, log);
	close(fd);
	s->logsize = (long long)at;
	free(log);
}

/* .new.PID/delve: the turn, the log's length and the calls made at this turn. */
static void
ses_write_info(struct session *s)
{
	char *path = ses_path(s, s->newdir, INFO);
	FILE *fp = fopen(path, "we");

	if (fp == NULL)
		err(EXIT_IO, "%s", path);
	fprintf(fp, "# delve generation: see delve(6), FILES\nturn %" PRIu64
	    "\nlog %lld\ncalls %" PRIu64 "\n", s->turn, s->logsize, s->calls);
	if (s->command != NULL)
		fprintf(fp, "command %s\n", s->command);
	if (fflush(fp) != 0 || fsync(fileno(fp)) != 0 || fclose(fp) != 0)
		err(EXIT_IO, "%s", path);
	free(path);
}

/* The programs' lock and temp files, left in .new.PID by older state code. */
static void
tidy_new(struct session *s)
{
	DIR *d = open_dir(s->dfd, s->newdir, s->dir);
	struct dirent *e;
	int fd;

	while ((e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);

		if ((n > 5 && strcmp(e->d_name + n - 5, ".lock") == 0) ||
		    strstr(e->d_name, ".tmp.") != NULL)
			unlinkat(dirfd(d), e->d_name, 0);
	}
	if ((fd = dirfd(d)) >= 0)
		sync_fd(fd, s->newdir);
	closedir(d);
}

/* The one step that moves the session: "state" names the new generation. */
static void
switch_to(struct session *s, unsigned long gen)
{
	char *name = ses_genname(gen);

	remove_entry(s->dfd, ".state.new");
	if (symlinkat(name, s->dfd, ".state.new") != 0 ||
	    renameat(s->dfd, ".state.new", s->dfd, "state") != 0)
		err(EXIT_IO, "%s/state", s->dir);
	sync_fd(s->dfd, s->dir);
	s->gen = gen;
	free(name);
}

/*
 * TURNS turns were played, or one call of another program made (call):
 * the calls at a turn are counted, so that each rolls its own dice.  For
 * delve new, s->gen is ULONG_MAX and the first generation is g.0.
 */
void
ses_commit(struct session *s, const char *rec, size_t n, uint64_t turns,
    int call)
{
	unsigned long next = s->gen + 1;
	char *name;

	append_log(s, rec, n);
	s->turn += turns;
	if (turns > 0)
		s->calls = 0;
	s->calls += (uint64_t)call;
	ses_write_info(s);
	tidy_new(s);
	name = ses_genname(next);
	remove_entry(s->dfd, name);
	if (renameat(s->dfd, s->newdir, s->dfd, name) != 0)
		err(EXIT_IO, "%s/%s", s->dir, name);
	switch_to(s, next);
	free(name);
}

/* Back one generation, when it is kept. */
void
ses_undo(struct session *s)
{
	unsigned long was = s->gen;
	char *gen, *info;
	struct stat sb;

	if (was == 0)
		errx(EXIT_BAD, "%s: nothing to undo: the session is as delve new made it",
		    s->dir);
	gen = ses_genname(was - 1);
	if (fstatat(s->dfd, gen, &sb, 0) != 0) {
		free(gen);
		errx(EXIT_BAD, "%s: nothing more to undo: %d steps are kept", s->dir,
		    SES_KEEP);
	}
	info = ses_path(s, gen, INFO);
	ses_read(info, info_line, s);
	switch_to(s, was - 1);
	free(gen);
	gen = ses_genname(was);
	recover(s);
	remove_entry(s->dfd, gen);
	free(gen);
	free(info);
}

/* Generations older than SES_KEEP steps, or newer than the current. */
void
ses_prune(struct session *s)
{
	DIR *d = open_dir(s->dfd, ".", s->dir);
	struct dirent *e;
	unsigned long g;
	char *end;

	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "g.", 2) != 0)
			continue;
		g = strtoul(e->d_name + 2, &end, 10);
		if (*end == '\0' && (g > s->gen || g + SES_KEEP < s->gen))
			remove_entry(s->dfd, e->d_name);
	}
	closedir(d);
}

void
ses_close(struct session *s)
{
	close(s->dfd);
	free(s->seed);
	free(s->rules);
	free(s->lights);
	free(s->clock);
	free(s->command);
	while (s->ntables > 0) {
		s->ntables--;
		free(s->table_key[s->ntables]);
		free(s->table_pick[s->ntables]);
	}
	memset(s, 0, sizeof *s);
}
