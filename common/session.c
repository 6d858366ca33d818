/*
 * session: the files of a delve(6) session and their all-or-nothing
 * commit.  A command works in DIR/.new.PID: each state file of the current
 * generation is copied there and each table hard-linked (every program of
 * the suite replaces its files by rename(2), never in place, so the old
 * generation stays as it was), the programs update their files and the
 * records go to
 * .new.PID/records, .new.PID/delve records the turn and the log's length
 * with them (log N), .new.PID becomes g.N+1, and one rename(2) of a
 * symbolic link makes "state" name it.  Only then are the records appended
 * to "log" (synced by the next commit with its files, before it removes
 * g.N+1/records).  So the log is never ahead of the state:
 *
 *   - killed before the rename, the session is as it was, the log too;
 *   - killed after it, the log lacks the tail g.N+1/records holds: the
 *     next writing command completes the append (under the lock), and
 *     until then status, log and check read that tail from the records;
 *   - undo first keeps the current generation's records (made again from
 *     the log when a commit removed them) and the older one's as its
 *     commit left them, cuts the log back to the older generation's
 *     length, then renames "state": killed between, the log lacks the
 *     current generation's tail, which is the state above.
 *
 * A generation keeps its records until the next commit removes them.  A
 * log longer than its generation's N (a session of an older delve) is cut
 * back by the next writing command, never by status, log or check: those
 * write nothing and work on read-only media.  Every file is opened without
 * following links and must be a plain file; new files are made with
 * O_EXCL; a .new.PID is removed only when process PID is gone.
 *
 * A file changed in place (an editor writing through, cat >) would change
 * the generation undo goes back from, or every one that shares a table.
 * So the files of a generation are made mode 0444 before its commit,
 * and its delve file keeps the FNV-1a 64 checksum of each state file
 * (sum NAME HEX); a command that changes the session refuses to start
 * from a generation, or undo to go back to one, whose file no longer
 * holds its sum, and delve check says which (delve edit is the way to
 * change a file by hand).
 */
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "session.h"
#include "expr.h"
#include "clock.h"
#include "kwf.h"
#include "rng.h"
#include "rules.h"
#include "util.h"

#define INFO "delve"		/* the generation's own file */
#define RECORDS "records"	/* the records of the command that made it */

/* The state files every generation holds: the programs' own. */
static const char *const gen_files[] = { "hazard", "light", "timedice",
	"reaction", NULL };

const char *const ses_clock_files[] = { "hazard", "light", "timedice", NULL };

/* The session whose .new.PID is to be removed if the command ends early. */
static struct session *working;

/*
 * Set once "state" names the new generation (undo's older one): an error
 * after it does not say "nothing changed" (exit 3) but that the command
 * was made (SES_EXIT_MADE), what is left (the log's tail, a directory's
 * fsync, an old generation's removal) for the next command to complete.
 */
static int made;

static _Noreturn void
io_failx(const char *msg)
{
	if (made)
		esc_errx(SES_EXIT_MADE, "%s; the command was made, the next one "
		    "completes the session", msg);
	esc_errx(EXIT_IO, "%s", msg);
}

/* An I/O error on WHAT, said with errno's reason. */
static _Noreturn void
io_fail(const char *what)
{
	char msg[1024];

	snprintf(msg, sizeof msg, "%s: %s", what, strerror(errno));
	io_failx(msg);
}

/* WHAT ended before the bytes it was to hold: a file cut while read. */
static _Noreturn void
io_short(const char *what)
{
	char msg[1024];

	snprintf(msg, sizeof msg, "%s: shorter than it was: changed while read",
	    what);
	io_failx(msg);
}

/* The next entry of d, NULL at its end; a listing that fails is an I/O error. */
static struct dirent *
next_entry(DIR *d, const char *what)
{
	struct dirent *e;

	errno = 0;
	if ((e = readdir(d)) == NULL && errno != 0)
		io_fail(what);
	return e;
}

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

/* NAME of the current generation, its path. */
char *
ses_gen_path(const struct session *s, const char *name)
{
	char *gen = ses_genname(s->gen), *path = ses_path(s, gen, name);

	free(gen);
	return path;
}

/*
 * This command's work directory's name, under the lock: .new.PID, or
 * when that is taken (not by a command of ours, which would be gone or
 * hold the lock: planted) .new.PID-1, -2 ..., the name passed over left
 * for the next command that finds this process gone.  The directory is
 * made (O_EXCL) by ses_begin.
 */
static void
name_work(struct session *s)
{
	struct stat sb;
	int k;

	for (k = 1; fstatat(s->dfd, s->newdir, &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
	    k < 100; k++)
		snprintf(s->newdir, sizeof s->newdir, ".new.%ld-%d", (long)getpid(), k);
}

/*
 * Open DIR (made when create is set and it is missing), not locked: a
 * reader that must never hold the lock (delve screen) loads a session
 * so, and ses_load is made to be read beside a command (above).
 */
void
ses_open(struct session *s, const char *dir, int create)
{
	memset(s, 0, sizeof *s);
	s->dir = dir;
	s->logfd = s->pendfd = s->recfd = -1;
	snprintf(s->newdir, sizeof s->newdir, ".new.%ld", (long)getpid());
	if (create && mkdir(dir, 0777) != 0 && errno != EEXIST)
		esc_err(EXIT_IO, "%s", dir);
	if ((s->dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		esc_err(errno == ENOENT || errno == ENOTDIR ? EXIT_BAD : EXIT_IO, "%s",
		    dir);
}

/* Open DIR as ses_open does, and lock it. */
void
ses_lock(struct session *s, const char *dir, int create)
{
	ses_open(s, dir, create);
	while (flock(s->dfd, LOCK_EX) != 0)
		if (errno != EINTR)
			esc_err(EXIT_IO, "%s: lock", dir);
	name_work(s);
}

/*
 * DIR opened to be read while no command changes it: a shared lock, not
 * waited for; a command at work there is refused (delve next's PREV).
 */
void
ses_lock_shared(struct session *s, const char *dir)
{
	ses_open(s, dir, 0);
	while (flock(s->dfd, LOCK_SH | LOCK_NB) != 0)
		if (errno == EWOULDBLOCK)
			esc_errx(EXIT_BAD, "%s: a command is at work in the session: "
			    "try again when it is done", dir);
		else if (errno != EINTR)
			esc_err(EXIT_IO, "%s: lock", dir);
}

/*
 * NAME in dfd (PATH to the user), never through a link, a plain file; -1
 * when it is missing and need is 0.
 */
static int
open_plain(int dfd, const char *name, const char *path, int flags, int need)
{
	struct stat sb;
	int fd = openat(dfd, name, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
	    0666);

	if (fd < 0 && errno == ELOOP)
		refuse_link(path);
	if (fd < 0 && errno == ENOENT && !need)
		return -1;
	if (fd < 0)
		esc_err(errno == ENOENT ? EXIT_BAD : EXIT_IO, "%s", path);
	if (fstat(fd, &sb) != 0)
		io_fail(path);
	if (!S_ISREG(sb.st_mode))
		esc_errx(EXIT_BAD, "%s: not a regular file", path);
	return fd;
}

/*
 * The log, never through a link: a hard link (a second name, maybe
 * outside the session) is refused as a symbolic link is, so that no
 * command appends to a file that is not the session's alone.
 */
static int
open_log(const struct session *s, const char *path, int flags)
{
	int fd = open_plain(s->dfd, "log", path, flags, 1);
	struct stat sb;

	if (fstat(fd, &sb) != 0)
		io_fail(path);
	if (sb.st_nlink != 1)
		esc_errx(EXIT_BAD, "%s: has %ju links: refusing a file with another "
		    "name", path, (uintmax_t)sb.st_nlink);
	return fd;
}

static long long
file_size(int fd, const char *path)
{
	struct stat sb;

	if (fstat(fd, &sb) != 0)
		io_fail(path);
	return (long long)sb.st_size;
}

static DIR *
open_dir(int dfd, const char *name, const char *what)
{
	int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	DIR *d;

	if (fd < 0 && errno == ELOOP)
		refuse_link(what);
	if (fd < 0 || (d = fdopendir(fd)) == NULL)
		io_fail(what);
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

	while ((e = next_entry(d, s->dir)) != NULL)
		if (!dot(e->d_name))
			empty = 0;
	closedir(d);
	return empty;
}

/* Remove NAME, a link, a file or a directory of plain files, as far as it goes. */
static void
remove_quietly(int dfd, const char *name)
{
	struct dirent *e;
	DIR *d;
	int fd;

	if (unlinkat(dfd, name, 0) == 0 || errno == ENOENT)
		return;
	if ((fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) < 0)
		return;
	if ((d = fdopendir(fd)) == NULL) {
		close(fd);
		return;
	}
	while ((e = readdir(d)) != NULL)
		if (!dot(e->d_name))
			unlinkat(dirfd(d), e->d_name, 0);
	closedir(d);
	unlinkat(dfd, name, AT_REMOVEDIR);
}

/* Remove NAME, a directory of plain files, or a file; gone already is fine. */
static void
remove_entry(const struct session *s, const char *name)
{
	struct stat sb;
	char msg[1024];

	remove_quietly(s->dfd, name);
	if (fstatat(s->dfd, name, &sb, AT_SYMLINK_NOFOLLOW) == 0) {
		snprintf(msg, sizeof msg, "%s/%s: could not be removed", s->dir, name);
		io_failx(msg);
	}
}

/*
 * NAME is .new.PID (or .new.PID-K, made when .new.PID was taken) of a
 * process that is gone: a command killed early.
 */
static int
stale_work(const struct session *s, const char *name)
{
	const char *p = name + 5;
	char pidword[16];
	size_t n = strspn(p, "0123456789");
	long long pid;

	if (strncmp(name, ".new.", 5) != 0 || strcmp(name, s->newdir) == 0 ||
	    n == 0 || n >= sizeof pidword || (p[n] != '\0' && (p[n] != '-' ||
	    p[n + 1] == '\0' || strspn(p + n + 1, "0123456789") !=
	    strlen(p + n + 1))))
		return 0;
	snprintf(pidword, sizeof pidword, "%.*s", (int)n, p);
	if (strtonum_ok(pidword, 1, 0x7fffffff, &pid) != 0)
		return 0;
	return kill((pid_t)pid, 0) == -1 && errno == ESRCH;
}

/* NAME is one of a session's files (not this command's own .new.PID). */
static int
session_entry(const struct session *s, const char *name)
{
	struct stat sb;

	if (strcmp(name, ".state.new") == 0)	/* a link of ours, or not ours */
		return fstatat(s->dfd, name, &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISLNK(sb.st_mode);
	return strncmp(name, "g.", 2) == 0 || strcmp(name, "state") == 0 ||
	    strcmp(name, "log") == 0 || strcmp(name, "session") == 0 ||
	    stale_work(s, name);
}

/*
 * The work directories of commands killed before they committed.  A
 * program of such a command may outlive it for a moment, and write there
 * still: what cannot be removed now is left to the next command.
 */
static void
remove_stale(struct session *s)
{
	DIR *d = open_dir(s->dfd, ".", s->dir);
	struct dirent *e;

	while ((e = next_entry(d, s->dir)) != NULL)
		if (stale_work(s, e->d_name))
			remove_quietly(s->dfd, e->d_name);
	closedir(d);
}

/*
 * The files of a session, for delve new -F: nothing else, and no .new.PID
 * of a command still running.
 */
void
ses_wipe(struct session *s)
{
	DIR *d = open_dir(s->dfd, ".", s->dir);
	struct dirent *e;

	while ((e = next_entry(d, s->dir)) != NULL)
		if (session_entry(s, e->d_name))
			remove_entry(s, e->d_name);
	closedir(d);
}

/*
 * 1 when DIR holds only what a delve new cut short left: a session's files
 * but no "state" link, the one point of commit (under the lock, no other
 * command is at work there).
 */
int
ses_unfinished(const struct session *s)
{
	DIR *d = open_dir(s->dfd, ".", s->dir);
	struct dirent *e;
	int only = 1;

	while ((e = next_entry(d, s->dir)) != NULL)
		if (!dot(e->d_name) && (!session_entry(s, e->d_name) ||
		    strcmp(e->d_name, "state") == 0))
			only = 0;
	closedir(d);
	return only;
}

/*
 * Read a keyword file with the suite's reader, without a lock (the
 * session's lock covers it): line() is called with each line's words.
 * 0 when the file does not exist; a link or what is not a plain file is
 * refused.
 */
int
ses_read(const char *path, int (*line)(void *, char **, int,
    const struct kwf *), void *arg)
{
	struct kwf *f;
	char *w[KWF_WORDS_MAX];
	struct stat sb;
	int nw;

	if (lstat(path, &sb) != 0) {
		if (errno == ENOENT)
			return 0;
		io_fail(path);
	}
	if (S_ISLNK(sb.st_mode))
		refuse_link(path);
	f = kwf_read(path, "a keyword file");
	while ((nw = kwf_next(f, w)) > 0)
		if (line(arg, w, nw, f) != 0)
			kwf_bad(f, "unknown keyword '%s'", w[0]);
	kwf_close(f);
	return 1;
}

int
ses_take_key(void *arg, char **w, int nw, const struct kwf *f)
{
	struct ses_key *k = arg;

	(void)f;
	if (nw == 2 && strcmp(w[0], k->key) == 0)
		snprintf(k->val, sizeof k->val, "%s", w[1]);
	return 0;
}

/* A keyword's value in a file of the current generation, "" if none. */
const char *
ses_value(const struct session *s, const char *file, const char *key,
    struct ses_key *k)
{
	char *path = ses_gen_path(s, file);

	k->key = key;
	k->val[0] = '\0';
	ses_read(path, ses_take_key, k);
	free(path);
	return k->val;
}

/* Where a clock file's keys go: its turn, and timedice's day and time. */
struct keys_to {
	char	*turn, *day, *time;
};

static int
keys_line(void *arg, char **w, int nw, const struct kwf *f)
{
	struct keys_to *k = arg;
	char *to = NULL;

	(void)f;
	if (nw == 2 && strcmp(w[0], "turn") == 0)
		to = k->turn;
	else if (nw == 2 && strcmp(w[0], "day") == 0)
		to = k->day;
	else if (nw == 2 && strcmp(w[0], "time") == 0)
		to = k->time;
	if (to != NULL)
		snprintf(to, SES_WORD_MAX, "%s", w[1]);
	return 0;
}

/*
 * The current generation's clock files read once, when first asked: the
 * cache is the session's own (never a const object), so a const session
 * fills it.
 */
const struct ses_keys *
ses_keys(const struct session *s)
{
	struct ses_keys *k = &((struct session *)s)->keys;
	char *gen, *path;
	int i;

	if (k->read && k->gen == s->gen)
		return k;
	memset(k, 0, sizeof *k);
	gen = ses_genname(s->gen);
	for (i = 0; ses_clock_files[i] != NULL; i++) {
		struct keys_to to = { k->turn[i], i == 2 ? k->day : NULL,
		    i == 2 ? k->time : NULL };	/* timedice's clock */

		path = ses_path(s, gen, ses_clock_files[i]);
		ses_read(path, keys_line, &to);
		free(path);
	}
	free(gen);
	k->gen = s->gen;
	k->read = 1;
	return k;
}

/* DAY and TIME as a clock in turns: day 1, 07:00 (timedice(6)'s new clock) for none. */
static uint64_t
clock_of(const char *day, const char *time)
{
	long long d = 1;
	uint64_t into = 0;

	strtonum_ok(day, 1, CLOCK_DAY_MAX, &d);
	if (clock_parse(time, &into) != NULL)
		into = 6 * CLOCK_HOUR_TURNS;	/* 07:00 */
	return (uint64_t)(d - 1) * CLOCK_DAY + into;
}

/* The clock before a command: timedice's day and time. */
uint64_t
ses_clock(const struct session *s)
{
	const struct ses_keys *k = ses_keys(s);

	return clock_of(k->day, k->time);
}

/* The clock the session started at: its -c [DAY/]TIME (delve new, next). */
uint64_t
ses_start(const struct session *s)
{
	const char *c = s->clock != NULL ? s->clock : "", *slash = strchr(c, '/');
	char day[24];

	snprintf(day, sizeof day, "%.*s", slash ? (int)(slash - c) : 0, c);
	return clock_of(day, slash ? slash + 1 : c);
}

/* A command refused where a clock file's turn is not the session's. */
void
ses_refuse_drift(const struct session *s)
{
	const struct ses_keys *k = ses_keys(s);
	int i;

	for (i = 0; ses_clock_files[i] != NULL; i++)
		if (k->turn[i][0] == '\0' || strtoull(k->turn[i], NULL, 10) != s->turn)
			esc_errx(EXIT_BAD, "%s/state/%s: at turn %s, the session at turn %"
			    PRIu64 ": the files disagree (see delve check)", s->dir,
			    ses_clock_files[i], k->turn[i][0] ? k->turn[i] : "none", s->turn);
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

/* A file being read: its keywords seen so far, each allowed once. */
struct reading {
	struct session *s;
	unsigned seen;
	uint64_t turn, calls;	/* a generation's delve file */
	long long log;
	char	*command;	/* the command that made it, or NULL */
	int	 sums;		/* its sum lines kept in s */
};

static void
once(struct reading *r, int bit, char **w, const struct kwf *f)
{
	if (r->seen & 1u << bit)
		kwf_bad(f, "%s: given twice", w[0]);
	r->seen |= 1u << bit;
}

static void
session_table(struct session *s, char **w, int nw, const struct kwf *f)
{
	int i;

	if (nw < 3 || s->ntables == SES_TABLES_MAX)
		kwf_bad(f, "table: expected a key and a heading or -");
	for (i = 0; i < s->ntables; i++)
		if (strcmp(s->table_key[i], w[1]) == 0)
			kwf_bad(f, "table %s: given twice", w[1]);
	s->table_key[s->ntables] = estrdup(w[1]);
	s->table_pick[s->ntables++] = words_joined(w + 2, nw - 2);
}

static int
session_line(void *arg, char **w, int nw, const struct kwf *f)
{
	static const char *const keys[] = { "seed", "rules", "lights", "clock",
	    "party", "dice", NULL };
	struct reading *r = arg;
	struct session *s = r->s;
	char **slots[] = { &s->seed, &s->rules, &s->lights, &s->clock, NULL,
	    &s->dice };
	int k = word_in(w[0], keys);

	if (strcmp(w[0], "from") == 0) {	/* from PREV GEN SUM: delve next */
		once(r, 8, w, f);	/* after keys[]'s bits */
		if (nw != 4)
			kwf_bad(f, "from: expected a session, its generation and its sum");
		s->from = words_joined(w + 1, nw - 1);
		return 0;
	}
	if (strcmp(w[0], "table") == 0) {	/* table KEY HEADING: delve -T */
		session_table(s, w, nw, f);
		return 0;
	}
	if (k < 0)
		return 1;
	once(r, k, w, f);
	if (nw != 2)
		kwf_bad(f, "%s: expected one value", w[0]);
	if (slots[k] == NULL && word_in(w[1], yes_no) < 0)
		kwf_bad(f, "party: '%s': expected yes or no", w[1]);
	if (slots[k] == NULL)
		s->party = word_in(w[1], yes_no);
	else if (slots[k] == &s->rules && word_in(w[1], rules_names) < 0)
		kwf_bad(f, "rules: '%s': not a rules name", w[1]);
	else if (slots[k] == &s->dice && expr_dialect_of(w[1]) < 0)
		kwf_bad(f, "dice: '%s': not a dialect of roll(6)", w[1]);
	else
		*slots[k] = estrdup(w[1]);
	return 0;
}

static void
forget_sums(struct session *s)
{
	while (s->nsums > 0)
		free(s->sum_name[--s->nsums]);
}

/* sum NAME HEX: the checksum of the generation's file NAME when it was made. */
static void
sum_line(struct session *s, char **w, int nw, const struct kwf *f)
{
	char *end;
	int i;

	static const char *const own[] = { INFO, RECORDS, "session", NULL };
	int k;

	if (nw != 3 || strlen(w[2]) != 16 || strspn(w[2], "0123456789abcdef") !=
	    16 || strchr(w[1], '/') != NULL || w[1][0] == '.' ||
	    s->nsums == SES_SUMS_MAX)
		kwf_bad(f, "sum: expected a file and 16 hex digits");
	if ((k = word_in(w[1], own)) >= 0) {	/* the generation's own files */
		if (s->whole & 1u << k)
			kwf_bad(f, "sum %s: given twice", w[1]);
		s->whole |= 1u << k;
		*(k == 0 ? &s->self_sum : k == 1 ? &s->rec_sum : &s->ses_sum) =
		    strtoull(w[2], &end, 16);
		return;
	}
	for (i = 0; i < s->nsums; i++)
		if (strcmp(s->sum_name[i], w[1]) == 0)
			kwf_bad(f, "sum %s: given twice", w[1]);
	s->sum_name[s->nsums] = estrdup(w[1]);
	s->sum[s->nsums++] = strtoull(w[2], &end, 16);
}

static int
info_line(void *arg, char **w, int nw, const struct kwf *f)
{
	static const char *const keys[] = { "turn", "log", "calls", "records",
	    NULL };
	struct reading *r = arg;
	int k = word_in(w[0], keys);
	long long v;

	if (strcmp(w[0], "sum") == 0) {
		if (r->sums)
			sum_line(r->s, w, nw, f);
		return 0;
	}
	if (strcmp(w[0], "command") == 0) {	/* command WORD ...: delve(6) FILES */
		once(r, 5, w, f);
		free(r->command);
		r->command = words_joined(w + 1, nw - 1);
		return 0;
	}
	if (k < 0)
		return 1;
	once(r, k, w, f);
	if (nw != 2 || strtonum_ok(w[1], 0, COUNT_MAX, &v) != 0)
		kwf_bad(f, "%s: expected a whole number", w[0]);
	if (k == 0)
		r->turn = (uint64_t)v;
	else if (k == 1)
		r->log = v;
	else if (k == 2)
		r->calls = (uint64_t)v;
	else if (r->sums)
		r->s->rec_len = v;
	return 0;
}

/* The generation "state" names. */
static void
read_link(struct session *s)
{
	char buf[64], *end;
	ssize_t n = readlinkat(s->dfd, "state", buf, sizeof buf - 1);

	if (n < 0 && (errno == ENOENT || errno == EINVAL))
		esc_errx(EXIT_BAD, "%s: not a session (no state link): make one with "
		    "delve new", s->dir);
	if (n < 0)
		esc_err(EXIT_IO, "%s/state", s->dir);
	buf[n] = '\0';
	errno = 0;
	s->gen = strtoul(buf + 2, &end, 10);
	if (strncmp(buf, "g.", 2) != 0 || buf[2] < '0' || buf[2] > '9' ||
	    *end != '\0' || errno != 0)
		esc_errx(EXIT_BAD, "%s/state: '%s': not a generation g.N", s->dir, buf);
}

/* 1 if GEN/NAME exists, as anything. */
static int
present(const struct session *s, const char *gen, const char *name)
{
	char rel[300], *path;
	struct stat sb;

	snprintf(rel, sizeof rel, "%s/%s", gen, name);
	if (fstatat(s->dfd, rel, &sb, AT_SYMLINK_NOFOLLOW) == 0)
		return 1;
	if (errno == ENOENT)
		return 0;
	path = ses_path(s, gen, name);
	io_fail(path);
}

static void
need(const struct session *s, const char *gen, const char *name)
{
	if (!present(s, gen, name))
		esc_errx(EXIT_BAD, "%s/%s/%s: missing from the generation", s->dir,
		    gen, name);
}

/*
 * delve's campaign files (delve(6), Campaigns): the sheets the session
 * started with, the characters out of the party, the supplies.
 */
static const char *const campaign_files[] = { "party.start", "roster",
	"supplies", NULL };

/* NAME is a file of a generation: the programs', a table kept, delve's own. */
static int
suite_file(const struct session *s, const char *name)
{
	int i;

	if (word_in(name, gen_files) >= 0 || word_in(name, campaign_files) >= 0 ||
	    strcmp(name, INFO) == 0 ||
	    strcmp(name, RECORDS) == 0 || (s->party && strcmp(name, "party") == 0))
		return 1;
	for (i = 0; i < s->ntables; i++)
		if (strncmp(name, "table.", 6) == 0 &&
		    strcmp(name + 6, s->table_key[i]) == 0)
			return 1;
	return 0;
}

/*
 * Generation GEN: a directory of plain files holding every state file the
 * session keeps, and its delve file read into r.
 */
static void
check_generation(struct session *s, const char *gen, struct reading *r)
{
	char *path = ses_path(s, gen, ""), table[64];
	struct dirent *e;
	struct stat sb;
	DIR *d;
	int i;

	if (fstatat(s->dfd, gen, &sb, AT_SYMLINK_NOFOLLOW) != 0)
		esc_err(errno == ENOENT ? EXIT_BAD : EXIT_IO, "%s", path);
	if (S_ISLNK(sb.st_mode))
		refuse_link(path);
	if (!S_ISDIR(sb.st_mode))
		esc_errx(EXIT_BAD, "%s: not a directory", path);
	d = open_dir(s->dfd, gen, path);
	free(path);
	free(s->strange);
	s->strange = NULL;
	while ((e = next_entry(d, s->dir)) != NULL) {
		if (dot(e->d_name))
			continue;
		path = ses_path(s, gen, e->d_name);
		if (fstatat(dirfd(d), e->d_name, &sb, AT_SYMLINK_NOFOLLOW) != 0) {
			if (errno != ENOENT)
				io_fail(path);
			sb.st_mode = S_IFREG;	/* gone: removed meanwhile */
		}
		if (S_ISREG(sb.st_mode)) {
			if (s->strange == NULL && !suite_file(s, e->d_name))
				s->strange = estrdup(e->d_name);
			free(path);
			continue;
		}
		if (S_ISLNK(sb.st_mode))
			refuse_link(path);
		esc_errx(EXIT_BAD, "%s: not a regular file", path);
	}
	closedir(d);
	for (i = 0; gen_files[i] != NULL; i++)
		need(s, gen, gen_files[i]);
	if (s->party)
		need(s, gen, "party");
	for (i = 0; i < s->ntables; i++) {
		snprintf(table, sizeof table, "table.%s", s->table_key[i]);
		need(s, gen, table);
	}
	memset(r, 0, sizeof *r);
	r->s = s;
	r->sums = 1;
	forget_sums(s);
	s->whole = 0;
	s->rec_len = -1;
	path = ses_path(s, gen, INFO);
	if (!ses_read(path, info_line, r))
		esc_errx(EXIT_BAD, "%s: missing", path);
	if (!(r->seen & 1u) || !(r->seen & 2u))
		esc_errx(EXIT_BAD, "%s: expected the lines 'turn N' and 'log N'", path);
	free(path);
}

/* FNV-1a 64 of what fd holds (rng.h): a generation's file checksum. */
static uint64_t
fd_sum(int fd, const char *path)
{
	uint64_t h = RNG_FNV_OFFSET;
	char buf[65536];
	off_t at = 0;
	ssize_t n;

	while ((n = pread(fd, buf, sizeof buf, at)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			io_fail(path);
		h = rng_fnv1a_more(h, buf, (size_t)n);
		at += n;
	}
	return h;
}

/* GEN/NAME's checksum. */
static uint64_t
file_sum(const struct session *s, const char *gen, const char *name)
{
	char rel[300], *path = ses_path(s, gen, name);
	int fd;
	uint64_t h;

	snprintf(rel, sizeof rel, "%s%s%s", gen, *gen ? "/" : "", name);
	fd = open_plain(s->dfd, rel, path, O_RDONLY, 1);
	h = fd_sum(fd, path);
	close(fd);
	free(path);
	return h;
}

/* The checksum of the current generation's NAME (its delve file sums them all). */
uint64_t
ses_file_sum(const struct session *s, const char *name)
{
	char *gen = ses_genname(s->gen);
	uint64_t h = file_sum(s, gen, name);

	free(gen);
	return h;
}

/*
 * The sums of generation GEN (SHOWN to the user, made at turn TURN)
 * against its files: each that changed is said, the first one ends the
 * command when refuse is set (exit 2); except, a file that may have
 * changed, is not looked at.  The count of changed files.
 */
static int
changed_files(const struct session *s, const char *gen, const char *shown,
    uint64_t turn, int refuse, const char *except)
{
	char msg[1024];
	int i, n = 0;

	for (i = 0; i < s->nsums; i++) {
		if ((except != NULL && strcmp(s->sum_name[i], except) == 0) ||
		    file_sum(s, gen, s->sum_name[i]) == s->sum[i])
			continue;
		snprintf(msg, sizeof msg, "%s/%s/%s: changed since turn %" PRIu64
		    " (sum %016" PRIx64 "): use delve edit", s->dir, shown,
		    s->sum_name[i], turn, s->sum[i]);
		if (refuse)
			esc_errx(EXIT_BAD, "%s", msg);
		esc_warnx("%s", msg);
		n++;
	}
	return n;
}

/*
 * The delve file GEN/delve's own sum (sum delve HEX, its last line: the
 * FNV-1a 64 of the bytes before it) against its bytes: 1 if it changed.
 */
static int
info_changed(const struct session *s, const char *gen)
{
	char rel[300], *path = ses_path(s, gen, INFO), buf[16384], *at;
	int fd;
	ssize_t n;
	long long got = 0;

	snprintf(rel, sizeof rel, "%s/%s", gen, INFO);
	fd = open_plain(s->dfd, rel, path, O_RDONLY, 1);
	while (got < (long long)sizeof buf - 1 && (n = pread(fd, buf + got,
	    sizeof buf - 1 - (size_t)got, (off_t)got)) != 0) {
		if (n < 0 && errno != EINTR)
			io_fail(path);
		got += n > 0 ? n : 0;
	}
	close(fd);
	free(path);
	buf[got] = '\0';
	if ((at = strstr(buf, "\nsum delve ")) == NULL)
		return 1;
	return strlen(at) != sizeof "\nsum delve 0123456789abcdef\n" - 1 ||
	    rng_fnv1a_more(RNG_FNV_OFFSET, buf, (size_t)(at - buf + 1)) !=
	    s->self_sum;
}

/* One finding of whole_changed: said, or the command ended (refuse). */
static int
finding(int refuse, const char *msg)
{
	if (refuse)
		esc_errx(EXIT_BAD, "%s", msg);
	esc_warnx("%s", msg);
	return 1;
}

/*
 * The current generation whole: its delve file, its records and the
 * session file as its sums have them (a generation of an older delve
 * keeps none), and no file that is not the suite's.  The count of
 * findings, each said; the first ends the command when refuse is set.
 */
static int
whole_changed(const struct session *s, const char *gen, int refuse)
{
	char msg[1024], rel[300], *path;
	int fd, n = 0;

	if ((s->whole & SES_SUM_SELF) && info_changed(s, gen)) {
		snprintf(msg, sizeof msg, "%s/state/%s: changed since turn %" PRIu64
		    " (sum %016" PRIx64 "): a generation's own file is delve's alone",
		    s->dir, INFO, s->turn, s->self_sum);
		n += finding(refuse, msg);
	}
	snprintf(rel, sizeof rel, "%s/%s", gen, RECORDS);
	path = ses_path(s, gen, RECORDS);
	if ((s->whole & SES_SUM_RECORDS) && ((fd = open_plain(s->dfd, rel, path,
	    O_RDONLY, 0)) < 0 || fd_sum(fd, path) != s->rec_sum)) {
		snprintf(msg, sizeof msg, "%s/state/%s: %s since turn %" PRIu64
		    " (sum %016" PRIx64 ")", s->dir, RECORDS, fd < 0 ? "missing" :
		    "changed", s->turn, s->rec_sum);
		n += finding(refuse, msg);
	}
	if ((s->whole & SES_SUM_RECORDS) && fd >= 0)
		close(fd);
	free(path);
	path = ses_path(s, "", "session");
	if ((s->whole & SES_SUM_SESSION) && file_sum(s, "", "session") !=
	    s->ses_sum) {
		snprintf(msg, sizeof msg, "%s: changed since turn %" PRIu64 " (sum %016"
		    PRIx64 "): the session file is delve new's alone", path, s->turn,
		    s->ses_sum);
		n += finding(refuse, msg);
	}
	free(path);
	if (s->strange != NULL) {
		snprintf(msg, sizeof msg, "%s/state/%s: not a file of the session's: "
		    "remove it", s->dir, s->strange);
		n += finding(refuse, msg);
	}
	return n;
}

/* 1 when the current generation's file NAME no longer holds its sum. */
int
ses_changed(const struct session *s, const char *name)
{
	int i;

	for (i = 0; i < s->nsums; i++)
		if (strcmp(s->sum_name[i], name) == 0)
			return ses_file_sum(s, name) != s->sum[i];
	return 0;
}

/* delve check: each file of the current generation that changed, said. */
int
ses_say_changed(const struct session *s)
{
	char *gen = ses_genname(s->gen);
	int n = changed_files(s, gen, "state", s->turn, 0, NULL);

	n += whole_changed(s, gen, 0);
	free(gen);
	return n;
}

/* A file of the current generation but except changed: exit 2, saying which. */
void
ses_refuse_changed(const struct session *s, const char *except)
{
	char *gen = ses_genname(s->gen);

	changed_files(s, gen, "state", s->turn, 1, except);
	whole_changed(s, gen, 1);
	free(gen);
}

/* The first len bytes of fd (WHAT) end with a whole record (or are none). */
static int
ends_record(int fd, long long len, const char *what)
{
	ssize_t n;
	char c;

	if (len == 0)
		return 1;
	while ((n = pread(fd, &c, 1, (off_t)(len - 1))) < 0 && errno == EINTR)
		;
	if (n < 0)
		io_fail(what);
	return n == 1 && c == '\n';
}

static void
not_boundary(const struct session *s, unsigned long gen, long long n)
{
	esc_errx(EXIT_BAD, "%s/g.%lu/%s: log %lld: not at a record boundary", s->dir,
	    gen, INFO, n);
}

/*
 * The log against the generation's length N: the first logat bytes on
 * disk, and a tail still in g.N/records when a command was cut short
 * after its commit.  Read only.
 */
static void
check_log(struct session *s)
{
	char *log = ses_path(s, "", "log"), gen[32], rec[64], *path;
	long long n = s->logsize, size;

	snprintf(gen, sizeof gen, "g.%lu", s->gen);
	s->logfd = open_log(s, log, O_RDONLY);
	size = file_size(s->logfd, log);
	s->logat = n;
	if (size < n) {
		snprintf(rec, sizeof rec, "%s/%s", gen, RECORDS);
		path = ses_path(s, gen, RECORDS);
		if ((s->pendfd = open_plain(s->dfd, rec, path, O_RDONLY, 0)) >= 0)
			s->pending = file_size(s->pendfd, path);
		s->logat = n - s->pending;
		free(path);
		if (s->pendfd < 0)
			not_boundary(s, s->gen, n);
	}
	if (s->logat < 0 || size < s->logat || !ends_record(s->logfd, s->logat,
	    log) || (s->pendfd >= 0 && !ends_record(s->pendfd, s->pending, log)))
		not_boundary(s, s->gen, n);
	free(log);
}

/* The session, read and checked; nothing is written. */
void
ses_load(struct session *s)
{
	char *path = ses_path(s, "", "session"), *gen;
	struct reading r = { s, 0, 0, 0, 0, NULL, 0 };

	if (!ses_read(path, session_line, &r))
		esc_errx(EXIT_BAD, "%s: not a session (no session file): make one with "
		    "delve new", s->dir);
	if (s->seed == NULL)
		esc_errx(EXIT_BAD, "%s: no seed", path);
	read_link(s);
	gen = ses_genname(s->gen);
	check_generation(s, gen, &r);
	s->turn = r.turn;
	s->keys.read = 0;	/* the clock files: read when asked (ses_keys) */
	s->calls = r.calls;
	s->logsize = r.log;
	free(s->command);
	s->command = r.command;
	check_log(s);
	free(gen);
	free(path);
}

static void
sync_fd(int fd, const char *what)
{
	char msg[1024];

	if (fsync(fd) != 0) {
		snprintf(msg, sizeof msg, "%s: fsync: %s", what, strerror(errno));
		io_failx(msg);
	}
}

/* len bytes of from at off written to fd at at. */
static void
copy_range(int from, long long off, int fd, long long at, long long len,
    const char *what)
{
	char buf[65536];
	ssize_t n, w;

	while (len > 0) {
		n = pread(from, buf, len < (long long)sizeof buf ? (size_t)len :
		    sizeof buf, (off_t)off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			io_fail(what);
		if (n == 0)
			io_short(what);
		for (w = 0; w < n; ) {
			ssize_t k = pwrite(fd, buf + w, (size_t)(n - w), (off_t)(at + w));

			if (k < 0 && errno != EINTR)
				io_fail(what);
			w += k > 0 ? k : 0;
		}
		off += n;
		at += n;
		len -= n;
	}
}

/*
 * Under the lock, before a command changes anything: the log made exactly
 * the current generation's, its tail appended from g.N/records or what is
 * past N cut away.
 */
static void
settle_log(struct session *s)
{
	char *log = ses_path(s, "", "log");
	long long size = file_size(s->logfd, log);
	int fd;

	if (size != s->logsize) {
		fd = open_log(s, log, O_WRONLY);
		if (size < s->logsize)
			copy_range(s->pendfd, size - s->logat, fd, size,
			    s->logsize - size, log);
		else if (ftruncate(fd, (off_t)s->logsize) != 0)
			io_fail(log);
		close(fd);	/* synced by the commit (sync_work), cut_log */
	}
	if (s->pendfd >= 0)
		close(s->pendfd);
	s->pendfd = -1;
	s->pending = 0;
	s->logat = s->logsize;
	free(log);
}

static void
remove_work(void)
{
	if (working != NULL)
		remove_quietly(working->dfd, working->newdir);
}

/*
 * A command that changes the session: the directory must take it, and
 * what a command cut short left is completed or taken away.
 */
static void
start_writing(struct session *s, int from_current)
{
	struct stat sb;

	if (from_current)	/* undo checks the generation it goes back to */
		ses_refuse_changed(s, s->editing);
	if (faccessat(s->dfd, ".", W_OK, AT_EACCESS) != 0)
		esc_err(EXIT_IO, "%s", s->dir);
	s->writing = 1;
	remove_stale(s);
	if (fstatat(s->dfd, ".state.new", &sb, AT_SYMLINK_NOFOLLOW) == 0) {
		if (!S_ISLNK(sb.st_mode))
			esc_errx(EXIT_BAD, "%s/.state.new: not a link delve made: left "
			    "alone", s->dir);
		unlinkat(s->dfd, ".state.new", 0);
	}
	settle_log(s);
}

/* A new file NAME in DIR/SUB, made here and now (O_EXCL), for writing. */
static int
create_in(const struct session *s, const char *sub, const char *name, int flags)
{
	char rel[300], *path;
	int fd;

	snprintf(rel, sizeof rel, "%s%s%s", sub, *sub ? "/" : "", name);
	fd = openat(s->dfd, rel, flags | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
	    0666);
	if (fd < 0) {
		path = ses_path(s, sub, name);
		io_fail(path);
	}
	return fd;
}

/* fd, a file written with no fsync, kept (and closed) by sync_work. */
static void
keep_unsynced(struct session *s, int fd, const char *path)
{
	if (fd < 0)
		io_fail(path);
	if (s->nunsynced % 16 == 0)
		s->unsynced = ereallocarray(s->unsynced, (size_t)s->nunsynced + 16,
		    sizeof *s->unsynced);
	s->unsynced[s->nunsynced++] = fd;
}

/*
 * The programs' file FROM (GEN/NAME) copied to TO in .new.PID: a file a
 * program may replace, made writable; the data reaches the disk before
 * the commit if no program replaced it (sync_work).
 */
static void
copy_in(struct session *s, const char *from, const char *name)
{
	char *path = ses_path(s, "", from);
	int in = open_plain(s->dfd, from, path, O_RDONLY, 1);
	int out = create_in(s, s->newdir, name, O_WRONLY);

	copy_range(in, 0, out, 0, file_size(in, path), path);
	close(in);
	keep_unsynced(s, out, path);
	free(path);
}

/*
 * The work directory on disk, its entries and the files keep_unsynced kept
 * that are still linked (a program replaces its copy by an fsynced
 * rename, update.c) and the log, their writeback started together so that
 * one journal commit takes them all.
 */
static void
sync_work(struct session *s)
{
	char *path = ses_path(s, s->newdir, "");
	struct stat sb;
	int i, fd;

	keep_unsynced(s, openat(s->dfd, s->newdir, O_RDONLY | O_DIRECTORY |
	    O_NOFOLLOW | O_CLOEXEC), path);	/* its entries, synced first */
	for (i = 0; i < s->nunsynced; i++) {
		if (fstat(fd = s->unsynced[i], &sb) != 0)
			io_fail(path);
		if (sb.st_nlink == 0)	/* a program replaced it */
			close(fd), s->unsynced[i] = -1;
#ifdef SYNC_FILE_RANGE_WRITE
		else
			sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
#endif
	}
	while (s->nunsynced > 0)
		if ((fd = s->unsynced[--s->nunsynced]) >= 0)
			sync_fd(fd, path), close(fd);
	free(path);
}

/*
 * DIR/.new.PID, holding the files of the current generation (link_current;
 * delve new has none): a copy of each file the programs write (a
 * generation's are read only, and a program refuses to replace a
 * read-only file), a hard link to each table.
 */
void
ses_begin(struct session *s, int link_current)
{
	char *gen = ses_genname(s->gen), from[300], to[300];
	struct dirent *e;
	DIR *d;

	if (link_current)
		start_writing(s, 1);
	if (s->recfd >= 0)
		close(s->recfd);
	s->recfd = -1;
	made = 0;
	if (mkdirat(s->dfd, s->newdir, 0777) != 0)
		esc_err(EXIT_IO, "%s/%s", s->dir, s->newdir);
	if (working == NULL)
		atexit(remove_work);
	working = s;
	if (link_current) {
		d = open_dir(s->dfd, gen, s->dir);
		while ((e = next_entry(d, s->dir)) != NULL) {
			if (e->d_name[0] == '.' || strcmp(e->d_name, INFO) == 0 ||
			    strcmp(e->d_name, RECORDS) == 0 || !suite_file(s, e->d_name))
				continue;	/* a file not the suite's is never carried */
			snprintf(from, sizeof from, "%s/%s", gen, e->d_name);
			snprintf(to, sizeof to, "%s/%s", s->newdir, e->d_name);
			if (word_in(e->d_name, gen_files) >= 0 ||
			    strcmp(e->d_name, "party") == 0)
				copy_in(s, from, e->d_name);
			else if (linkat(s->dfd, from, s->dfd, to, 0) != 0)
				esc_err(EXIT_IO, "%s/%s", s->dir, from);
		}
		closedir(d);
	}
	free(gen);
}

/* A new file NAME in DIR/SUB (SUB "" for DIR), for writing: never a link. */
FILE *
ses_create(const struct session *s, const char *sub, const char *name)
{
	char *path;
	FILE *fp = fdopen(create_in(s, sub, name, O_WRONLY), "w");

	if (fp == NULL) {
		path = ses_path(s, sub, name);
		io_fail(path);
	}
	return fp;
}

/*
 * This command's records file, .new.PID/records: the last stage of a turn
 * writes into it, so that a turn's records never wait in memory.
 */
int
ses_records(struct session *s)
{
	if (s->recfd < 0)
		s->recfd = create_in(s, s->newdir, RECORDS, O_RDWR);
	return s->recfd;
}

void
ses_abort(struct session *s)
{
	remove_entry(s, s->newdir);
	working = NULL;
}

static void
write_all(int fd, const char *p, size_t n, const char *what)
{
	ssize_t w;

	for (; n > 0; p += w, n -= (size_t)w)
		if ((w = write(fd, p, n)) < 0 && errno != EINTR)
			io_fail(what);
		else if (w < 0)
			w = 0;
}

/*
 * The committed log from byte FROM to its end, its tail in the
 * generation's records too: NUL-terminated, *LEN bytes.
 */
char *
ses_log_text(const struct session *s, long long from, size_t *len)
{
	long long total = s->logat + (s->pendfd >= 0 ? s->pending : 0), at;
	char *buf = emalloc((size_t)(total - from) + 1);
	size_t n = 0;
	ssize_t got;

	for (at = from; at < total; at += got, n += (size_t)got) {
		if (at < s->logat)
			got = pread(s->logfd, buf + n, (size_t)(s->logat - at), at);
		else
			got = pread(s->pendfd, buf + n, (size_t)(total - at),
			    at - s->logat);
		if (got < 0 && errno == EINTR)
			got = 0;
		else if (got <= 0)
			esc_err(EXIT_IO, "%s/log", s->dir);
	}
	buf[n] = '\0';
	if (len != NULL)
		*len = n;
	return buf;
}

/*
 * NAME in the work directory made anew with TEXT, LEN bytes, and made
 * durable when DURABLE (else a file for this command's stages alone,
 * removed before the commit): never written through a link or in place.
 */
void
ses_put(struct session *s, const char *name, const char *text, size_t len,
    int durable)
{
	char rel[300], *path = ses_path(s, s->newdir, name);
	int fd;

	snprintf(rel, sizeof rel, "%s/%s", s->newdir, name);
	if (unlinkat(s->dfd, rel, 0) != 0 && errno != ENOENT)
		io_fail(path);
	fd = create_in(s, s->newdir, name, O_WRONLY);
	write_all(fd, text, len, path);
	if ((durable && fsync(fd) != 0) || close(fd) != 0)
		io_fail(path);
	free(path);
}

/* A file of a generation: read only, as every one is once committed. */
static void
read_only(int fd, const char *path)
{
	if (fchmod(fd, 0444) != 0)
		io_fail(path);
}

/* The records of this command, rec (when given) added; every line ends. */
static long long
records_done(struct session *s, const char *rec, size_t n)
{
	char *path = ses_path(s, s->newdir, RECORDS);
	int fd = ses_records(s);
	long long size;

	if (lseek(fd, 0, SEEK_END) < 0)
		io_fail(path);
	write_all(fd, rec, n, path);
	size = file_size(fd, path);
	if (!ends_record(fd, size, path)) {
		write_all(fd, "\n", 1, path);
		size++;
	}
	read_only(fd, path);
	keep_unsynced(s, fcntl(fd, F_DUPFD_CLOEXEC, 0), path);
	if (size == 0)		/* no records: no file */
		unlinkat(s->dfd, path + strlen(s->dir) + 1, 0);
	free(path);
	return size;
}

/*
 * .new.PID/delve: the turn, the log's length and the calls made at this
 * turn; the sums of the generation's files, the records and the session
 * file, then its own (the bytes before that last line).
 */
static void
write_info(struct session *s, long long reclen)
{
	char *path = ses_path(s, s->newdir, INFO), *text;
	size_t len;
	FILE *fp = open_memstream(&text, &len);
	int i, fd;

	if (fp == NULL)
		esc_err(EXIT_IO, "open_memstream");
	fprintf(fp, "# delve generation: see delve(6), FILES\nturn %" PRIu64
	    "\nlog %lld\ncalls %" PRIu64 "\n", s->turn, s->logsize, s->calls);
	if (s->command != NULL)
		fprintf(fp, "command %s\n", s->command);
	if (reclen > 0)
		fprintf(fp, "records %lld\nsum %s %016" PRIx64 "\n", reclen, RECORDS,
		    fd_sum(s->recfd, path));
	if ((fd = open_plain(s->dfd, "session", path, O_RDONLY, 0)) >= 0) {
		fprintf(fp, "sum session %016" PRIx64 "\n", fd_sum(fd, path));
		close(fd);
	}
	for (i = 0; i < s->nsums; i++)
		fprintf(fp, "sum %s %016" PRIx64 "\n", s->sum_name[i], s->sum[i]);
	if (fflush(fp) != 0)
		esc_err(EXIT_IO, "open_memstream");
	fprintf(fp, "sum %s %016" PRIx64 "\n", INFO, rng_fnv1a_more(RNG_FNV_OFFSET,
	    text, len));
	if (fclose(fp) != 0)
		esc_err(EXIT_IO, "open_memstream");
	fd = create_in(s, s->newdir, INFO, O_WRONLY);
	write_all(fd, text, len, path);
	read_only(fd, path);
	keep_unsynced(s, fd, path);
	free(text);
	free(path);
}

/* A lock or temp file of the programs, left in .new.PID by older state code. */
static int
leftover(const char *name)
{
	size_t n = strlen(name);

	return (n > 5 && strcmp(name + n - 5, ".lock") == 0) ||
	    strstr(name, ".tmp.") != NULL;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Each state file of .new.PID made read only and its checksum kept for
 * the delve file, in the order of their names.  Each is on disk already
 * but what sync_work syncs: a program's file by the program (update.c),
 * ses_put's durable, a table a link of a generation's; their modes reach
 * the disk with the directory.  A lock or temp file older state code left
 * is removed.
 */
static void
seal_files(struct session *s)
{
	DIR *d = open_dir(s->dfd, s->newdir, s->dir);
	char rel[300], *path;
	struct dirent *e;
	int fd, i;

	forget_sums(s);
	while ((e = next_entry(d, s->dir)) != NULL) {
		if (leftover(e->d_name))
			unlinkat(dirfd(d), e->d_name, 0);
		else if (e->d_name[0] != '.' && strcmp(e->d_name, INFO) != 0 &&
		    strcmp(e->d_name, RECORDS) != 0) {
			if (s->nsums == SES_SUMS_MAX)
				esc_errx(EXIT_IO, "%s/%s: more than %d files", s->dir,
				    s->newdir, SES_SUMS_MAX);
			s->sum_name[s->nsums++] = estrdup(e->d_name);
		}
	}
	closedir(d);
	qsort(s->sum_name, (size_t)s->nsums, sizeof *s->sum_name, by_name);
	for (i = 0; i < s->nsums; i++) {
		snprintf(rel, sizeof rel, "%s/%s", s->newdir, s->sum_name[i]);
		path = ses_path(s, s->newdir, s->sum_name[i]);
		fd = open_plain(s->dfd, rel, path, O_RDONLY, 1);
		read_only(fd, path);
		s->sum[i] = fd_sum(fd, path);
		close(fd);
		free(path);
	}
}

/*
 * The one step that moves the session: "state" names generation gen.
 * Failing, the session is as it was: the generation made for it (made_gen,
 * or NULL) is taken away again.
 */
static void
switch_to(struct session *s, unsigned long gen, const char *made_gen)
{
	char *name = ses_genname(gen), *path = ses_path(s, "", "state");
	int e;

	/* a .state.new left is gone: start_writing, ses_wipe removed it */
	if (symlinkat(name, s->dfd, ".state.new") != 0 ||
	    renameat(s->dfd, ".state.new", s->dfd, "state") != 0) {
		e = errno;
		unlinkat(s->dfd, ".state.new", 0);
		if (made_gen != NULL)
			remove_quietly(s->dfd, made_gen);
		errno = e;
		io_fail(path);
	}
	made = 1;
	s->gen = gen;
	sync_fd(s->dfd, s->dir);
	free(path);
	free(name);
}

/*
 * The log opened to be written: made by delve new, else the session's;
 * room for len more bytes past its end taken now, so that a full disk
 * stops the command before its commit.
 */
static int
log_for(struct session *s, int make, long long len)
{
	char *path = ses_path(s, "", "log");
	int fd = make ? create_in(s, "", "log", O_WRONLY) :
	    open_log(s, path, O_WRONLY);

#ifdef FALLOC_FL_KEEP_SIZE
	if (len > 0 && fallocate(fd, FALLOC_FL_KEEP_SIZE, (off_t)s->logsize,
	    (off_t)len) != 0 && errno != EOPNOTSUPP && errno != ENOSYS)
		io_fail(path);
#endif
	free(path);
	return fd;
}

/*
 * TURNS turns were played, or one call of another program made (call):
 * the calls at a turn are counted, so that each rolls its own dice.  The
 * records are rec, else what went to ses_records.  For delve new, s->gen
 * is ULONG_MAX and the first generation is g.0.
 */
void
ses_commit(struct session *s, const char *rec, size_t n, uint64_t turns,
    int call)
{
	unsigned long next = s->gen + 1;
	long long len = records_done(s, rec, n);
	char *name = ses_genname(next), *prev = ses_genname(s->gen);
	char *log = ses_path(s, "", "log");
	int fd = log_for(s, next == 0, len);

	keep_unsynced(s, fcntl(fd, F_DUPFD_CLOEXEC, 0), log);
	s->turn += turns;
	if (turns > 0)
		s->calls = 0;
	s->calls += (uint64_t)call;
	s->logsize += len;
	seal_files(s);
	write_info(s, len);
	sync_work(s);
	remove_entry(s, name);
	if (renameat(s->dfd, s->newdir, s->dfd, name) != 0)
		esc_err(EXIT_IO, "%s/%s", s->dir, name);
	working = NULL;
	switch_to(s, next, name);
	/* committed: now the log (on disk in the records till the next commit) */
	copy_range(s->recfd, 0, fd, s->logsize - len, len, log);
	close(fd);
	free(log);
	log = ses_path(s, prev, RECORDS);
	if (next > 0 && unlinkat(s->dfd, log + strlen(s->dir) + 1, 0) != 0 &&
	    errno != ENOENT)
		io_fail(log);
	free(log);
	free(prev);
	free(name);
}

/*
 * GEN/records: the log from byte from to byte to, the records of the
 * command that made GEN (none when there were none).
 */
static void
keep_records(struct session *s, const char *gen, long long from, long long to)
{
	char rec[64], tmp[64], *path = ses_path(s, gen, RECORDS);
	int fd;

	snprintf(rec, sizeof rec, "%s/%s", gen, RECORDS);
	if ((fd = open_plain(s->dfd, rec, path, O_RDONLY, 0)) >= 0 &&
	    file_size(fd, path) == to - from) {
		close(fd);
		free(path);
		return;
	}
	if (fd >= 0)
		close(fd);
	unlinkat(s->dfd, rec, 0);
	if (to > from) {
		snprintf(tmp, sizeof tmp, "%s/.records.%ld", gen, (long)getpid());
		unlinkat(s->dfd, tmp, 0);
		fd = create_in(s, "", tmp, O_WRONLY);
		copy_range(s->logfd, from, fd, 0, to - from, path);
		read_only(fd, path);
		sync_fd(fd, path);
		close(fd);
		if (renameat(s->dfd, tmp, s->dfd, rec) != 0)
			io_fail(path);
	}
	free(path);
}

/*
 * The generation before GEN (number g) kept, its delve file's log length
 * in *log; 0 if it is not kept or is not whole.
 */
static int
log_before(struct session *s, unsigned long g, long long *log)
{
	char *gen = ses_genname(g - 1), *path = ses_path(s, gen, INFO);
	struct reading r = { s, 0, 0, 0, 0, NULL, 0 };
	struct stat sb;
	int ok = g > 0 && lstat(path, &sb) == 0 && S_ISREG(sb.st_mode) &&
	    ses_read(path, info_line, &r) && (r.seen & 2u);

	*log = r.log;
	free(r.command);
	free(path);
	free(gen);
	return ok;
}

/* The log cut back to len bytes. */
static void
cut_log(struct session *s, long long len)
{
	char *log = ses_path(s, "", "log");
	int fd = open_log(s, log, O_WRONLY);

	if (ftruncate(fd, (off_t)len) != 0)
		io_fail(log);
	sync_fd(fd, log);
	close(fd);
	free(log);
}

/* No generation before g.was: say so, and how far back a session reaches. */
static void
nothing_kept(const struct session *s, unsigned long was)
{
	esc_errx(EXIT_BAD, "%s: nothing more to undo: g.%lu is not kept (delve keeps "
	    "at most %d steps back)", s->dir, was - 1, SES_KEEP);
}

/*
 * Back one generation, when it is kept and whole: it is read and checked
 * before anything changes.
 */
void
ses_undo(struct session *s, void (*say)(void *, uint64_t), void *arg)
{
	unsigned long was = s->gen;
	char *gen, *cur = ses_genname(was);
	struct reading r;
	long long before;

	if (was == 0)
		esc_errx(EXIT_BAD, "%s: nothing to undo: the session is as delve new made it",
		    s->dir);
	start_writing(s, 0);
	gen = ses_genname(was - 1);
	if (!present(s, gen, "."))
		nothing_kept(s, was);
	check_generation(s, gen, &r);
	changed_files(s, gen, gen, r.turn, 1, NULL);
	if (r.log > s->logsize || !ends_record(s->logfd, r.log, s->dir))
		not_boundary(s, was - 1, r.log);
	say(arg, r.turn);	/* said before the commit, as every command's records */
	keep_records(s, cur, r.log, s->logsize);
	if (s->rec_len >= 0 && s->rec_len <= r.log)	/* as its commit left it */
		keep_records(s, gen, r.log - s->rec_len, r.log);
	else if (log_before(s, was - 1, &before) && before <= r.log)
		keep_records(s, gen, before, r.log);	/* an older delve's */
	cut_log(s, r.log);
	switch_to(s, was - 1, NULL);
	s->turn = r.turn;
	s->keys.read = 0;	/* the clock files: read when asked (ses_keys) */
	s->calls = r.calls;
	s->logsize = s->logat = r.log;
	free(s->command);
	s->command = r.command;
	remove_entry(s, cur);
	free(cur);
	free(gen);
}

/*
 * After a command that changed the session: generations older than
 * SES_KEEP steps, or newer than the current.
 */
void
ses_prune(struct session *s)
{
	DIR *d;
	struct dirent *e;
	unsigned long g;
	char *end;

	if (!s->writing)
		return;
	d = open_dir(s->dfd, ".", s->dir);
	while ((e = next_entry(d, s->dir)) != NULL) {
		if (strncmp(e->d_name, "g.", 2) != 0 || e->d_name[2] < '0' ||
		    e->d_name[2] > '9')
			continue;
		g = strtoul(e->d_name + 2, &end, 10);
		if (*end == '\0' && (g > s->gen || g + SES_KEEP < s->gen))
			remove_entry(s, e->d_name);
	}
	closedir(d);
}

void
ses_close(struct session *s)
{
	if (working == s)
		working = NULL;
	close(s->dfd);
	if (s->logfd >= 0)
		close(s->logfd);
	if (s->pendfd >= 0)
		close(s->pendfd);
	if (s->recfd >= 0)
		close(s->recfd);
	while (s->nunsynced > 0)
		close(s->unsynced[--s->nunsynced]);
	free(s->unsynced);
	free(s->seed);
	free(s->rules);
	free(s->lights);
	free(s->clock);
	free(s->dice);
	free(s->from);
	free(s->command);
	free(s->strange);
	forget_sums(s);
	while (s->ntables > 0) {
		s->ntables--;
		free(s->table_key[s->ntables]);
		free(s->table_pick[s->ntables]);
	}
	memset(s, 0, sizeof *s);
}
