/*
 * update: a file is read, changed and written back whole (delving(7) STATE
 * FILES).  The run opens FILE (creating it empty when missing), takes an
 * exclusive flock(2) on that descriptor and checks that the path still
 * names the locked file (a rename may have replaced it: then it starts
 * again), so the lock covers the whole read-change-write and no lock file
 * is made.  The new contents go to FILE.tmp.PID, are fsynced and renamed
 * over FILE, and the directory is fsynced; a run killed at any instant
 * leaves the old file or the new one, and the next lock holder removes its
 * temp file.  A file this run created and did not commit is removed when
 * it exits, so a refused run leaves nothing.
 */
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rng.h"
#include "update.h"
#include "util.h"

#define UPD_SIZE_MAX (1L << 20)	/* a larger file is refused */

struct upd {
	const char *path;
	const char *what;	/* "a state file", "a party file" */
	int	 fd;		/* the locked file */
	int	 created;	/* this run made FILE: removed unless committed */
	int	 committed;
	char	*tmppath;
	struct upd *next;	/* the run's other open updates */
};

/*
 * The updates a refused run must clean up: every one open, not only the
 * last (hazard -w holds a state file and a party file).
 */
static struct upd *open_updates;
static int at_exit_set;

/* The path still names the file open on fd. */
static int
still_named(const char *path, int fd)
{
	struct stat a, b;

	return lstat(path, &a) == 0 && fstat(fd, &b) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

static void
drop_created(struct upd *u)
{
	if (!u->created || u->committed || u->fd < 0)
		return;
	if (still_named(u->path, u->fd))
		unlink(u->path);
	u->created = 0;
}

static void
at_exit(void)
{
	struct upd *u;

	for (u = open_updates; u != NULL; u = u->next)
		drop_created(u);
}

static char *
suffixed(const char *path, const char *suffix)
{
	size_t n = strlen(path) + strlen(suffix) + 1;
	char *s = emalloc(n);

	snprintf(s, n, "%s%s", path, suffix);
	return s;
}

/* Refuse what is not a plain file before anything is made beside it. */
static void
check_path(const struct upd *u)
{
	struct stat sb;

	if (lstat(u->path, &sb) != 0) {
		if (errno == ENOENT)
			return;
		esc_err(EXIT_IO, "%s", u->path);
	}
	if (S_ISLNK(sb.st_mode))
		refuse_link(u->path);
	if (!S_ISREG(sb.st_mode))
		esc_errx(EXIT_BAD, "%s: not a regular file", u->path);
	if (sb.st_size > UPD_SIZE_MAX)
		esc_errx(EXIT_BAD, "%s: larger than 1 MiB: not %s", u->path, u->what);
}

/* The process that holds the flock on fd, from Linux's /proc/locks; 0 if unknown. */
static long
lock_holder(int fd)
{
	char line[256], kind[16], dev[64];
	unsigned long long ino;
	struct stat sb;
	long pid = 0, p;
	FILE *fp;

	if (fstat(fd, &sb) != 0 || (fp = fopen("/proc/locks", "re")) == NULL)
		return 0;
	while (pid == 0 && fgets(line, sizeof line, fp) != NULL)
		if (sscanf(line, "%*d: %15s %*s %*s %ld %63s", kind, &p, dev) == 3 &&
		    strcmp(kind, "FLOCK") == 0 && strrchr(dev, ':') != NULL &&
		    sscanf(strrchr(dev, ':') + 1, "%llu", &ino) == 1 &&
		    ino == (unsigned long long)sb.st_ino)
			pid = p;
	fclose(fp);
	return pid;
}

static void
waiting(const struct upd *u)
{
	long pid = lock_holder(u->fd);

	if (pid > 0)
		esc_warnx("%s: waiting for process %ld, which has it locked",
		    u->path, pid);
	else
		esc_warnx("%s: waiting for another run that has it locked", u->path);
}

static void
on_alarm(int sig)
{
	(void)sig;		/* only interrupts flock */
}

/* Wait for the lock; after a second, say once what is waited for. */
static void
lock_fd(const struct upd *u, int fd)
{
	struct sigaction sa, old;
	int said = 0;

	if (flock(fd, LOCK_EX | LOCK_NB) == 0)
		return;
	if (errno != EWOULDBLOCK && errno != EINTR)
		esc_err(EXIT_IO, "%s: lock", u->path);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, &old);
	alarm(1);
	while (flock(fd, LOCK_EX) != 0) {
		if (errno != EINTR)
			esc_err(EXIT_IO, "%s: lock", u->path);
		if (!said++)
			waiting(u);
	}
	alarm(0);
	sigaction(SIGALRM, &old, NULL);
}

/* FILE open and locked; made empty when missing and create is set. */
static void
open_locked(struct upd *u, int create)
{
	int fd;

	for (;;) {
		u->created = 0;
		fd = open(u->path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		if (fd < 0 && errno == ENOENT && create) {
			fd = open(u->path, O_RDONLY | O_CREAT | O_EXCL |
			    O_NOFOLLOW | O_CLOEXEC, 0666);
			if (fd < 0 && errno == EEXIST)
				continue;
			if (fd < 0)
				esc_err(EXIT_IO, "%s", u->path);
			u->created = 1;
		}
		if (fd < 0 && errno == ELOOP)
			refuse_link(u->path);
		if (fd < 0)
			esc_err(errno == EACCES || errno == ENOENT ? EXIT_BAD : EXIT_IO,
			    "%s", u->path);
		u->fd = fd;
		lock_fd(u, fd);
		if (still_named(u->path, fd))
			return;
		u->fd = -1;
		u->created = 0;
		close(fd);
	}
}

/* The locked file: a plain file of at most 1 MiB the user may write. */
static void
check_locked(const struct upd *u)
{
	struct stat sb;

	if (fstat(u->fd, &sb) != 0)
		esc_err(EXIT_IO, "%s", u->path);
	if (!S_ISREG(sb.st_mode))
		esc_errx(EXIT_BAD, "%s: not a regular file", u->path);
	if (sb.st_size > UPD_SIZE_MAX)
		esc_errx(EXIT_BAD, "%s: larger than 1 MiB: not %s", u->path, u->what);
	/* root may write a 0444 file: the mode bits say it is not to be */
	if ((sb.st_mode & 0222) == 0 || access(u->path, W_OK) != 0)
		esc_errx(EXIT_IO, "%s: read-only: not a file this run may change",
		    u->path);
}

/*
 * The files beside PATH named LEAD BASENAME TAIL and tail_len more bytes
 * (any number when 0): removed when remove is set; how many there were.
 */
static int
beside(const char *path, const char *lead, const char *tail, size_t tail_len,
    int remove)
{
	char *dcopy = estrdup(path), *bcopy = estrdup(path);
	char *dir = dirname(dcopy), *base = basename(bcopy);
	size_t n = strlen(lead) + strlen(base) + strlen(tail) + 1;
	char *prefix = emalloc(n);
	struct dirent *e;
	int found = 0;
	DIR *d;

	snprintf(prefix, n, "%s%s%s", lead, base, tail);
	if ((d = opendir(dir)) != NULL) {
		while ((e = readdir(d)) != NULL)
			if (strncmp(e->d_name, prefix, n - 1) == 0 && (tail_len == 0 ||
			    strlen(e->d_name) == n - 1 + tail_len)) {
				found++;
				if (remove)
					unlinkat(dirfd(d), e->d_name, 0);
			}
		closedir(d);
	}
	free(prefix);
	free(bcopy);
	free(dcopy);
	return found;
}

/* Under the lock, the files beside u's are a dead writer's: removed. */
static void
remove_beside(const struct upd *u, const char *lead, const char *tail,
    size_t tail_len)
{
	beside(u->path, lead, tail, tail_len, 1);
}

/* Under the lock, any FILE.tmp.* is a dead writer's: remove it. */
static void
remove_stale(const struct upd *u)
{
	remove_beside(u, "", ".tmp.", 0);
}

static void
fail_commit(struct upd *u, const char *what)
{
	int e = errno;

	unlink(u->tmppath);
	errno = e;
	esc_err(EXIT_IO, "%s: %s", u->path, what);
}

static void
sync_dir(const char *path)
{
	char *copy = estrdup(path);
	int fd;

	if ((fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
		fsync(fd);
		close(fd);
	}
	free(copy);
}

/* The temp file tmppath, made anew with the locked file's mode. */
static FILE *
open_temp(struct upd *u, char *tmppath)
{
	struct stat sb;
	FILE *fp;
	int fd;

	u->tmppath = tmppath;
	fd = open(u->tmppath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_CLOEXEC, 0666);
	if (fd < 0)
		esc_err(EXIT_IO, "%s: writing the new copy", u->path);
	if (fstat(u->fd, &sb) == 0)
		fchmod(fd, sb.st_mode & 07777);
	if ((fp = fdopen(fd, "w")) == NULL)
		fail_commit(u, "writing the new copy");
	return fp;
}

/* The temp file written, on disk and closed, or exit 3 with it removed. */
static void
close_temp(struct upd *u, FILE *fp)
{
	if (fflush(fp) != 0 || ferror(fp))
		fail_commit(u, "write");
	if (fsync(fileno(fp)) != 0)
		fail_commit(u, "fsync");
	if (fclose(fp) != 0)
		fail_commit(u, "close");
}

struct upd *
upd_open(const char *path, const char *what, int create)
{
	struct upd *u = emalloc(sizeof *u);

	memset(u, 0, sizeof *u);
	u->path = path;
	u->what = what;
	u->fd = -1;
	check_path(u);
	if (!at_exit_set++)
		atexit(at_exit);
	u->next = open_updates;
	open_updates = u;
	open_locked(u, create);
	check_locked(u);
	remove_stale(u);
	return u;
}

int
upd_fd(const struct upd *u)
{
	return u->fd;
}

/* The temp file the new contents are written to. */
FILE *
upd_begin(struct upd *u)
{
	char pid[32];

	snprintf(pid, sizeof pid, ".tmp.%ld", (long)getpid());
	return open_temp(u, suffixed(u->path, pid));
}

/* The new contents in place of the old, or exit 3 with the old kept. */
void
upd_commit(struct upd *u, FILE *fp)
{
	close_temp(u, fp);
	if (rename(u->tmppath, u->path) != 0)
		fail_commit(u, "rename");
	u->committed = 1;
	sync_dir(u->path);
}

/*
 * Two files as one (delving(7) STATE FILES: hazard -w and timedice -w
 * write a state file and a party file).  The new party goes first to a
 * pending copy beside the party file, DIR/.NAME.pending.SUM, SUM the
 * checksum of the new state file's text, and is fsynced; then the state
 * file is committed; then the pending copy is renamed over the party
 * file.  A run killed between the two renames leaves a state whose
 * checksum names a pending copy: the next run given that party file
 * renames it first (upd_settle).  The state file's text is the same as
 * without -w, and a rename never crosses file systems.
 */
static char *
upd_pending_path(const char *path, uint64_t sum)
{
	char *dcopy = estrdup(path), *bcopy = estrdup(path);
	const char *dir = dirname(dcopy), *base = basename(bcopy);
	size_t n = strlen(dir) + strlen(base) + sizeof "/..pending." + 16;
	char *s = emalloc(n);

	snprintf(s, n, "%s/.%s.pending.%016" PRIx64, dir, base, sum);
	free(dcopy);
	free(bcopy);
	return s;
}

/* The checksum of a state file's text: FNV-1a 64, as seeds are hashed. */
uint64_t
upd_sum(const char *text)
{
	return rng_fnv1a(text);
}

/*
 * Under the lock, after upd_settle, every pending copy of FILE is a dead
 * run's (one killed before its state was committed): remove them.
 */
void
upd_remove_pending(const struct upd *u)
{
	remove_beside(u, ".", ".pending.", 16);
}

/* The new text of the locked file u to its pending copy for state sum. */
void
upd_stage(struct upd *u, uint64_t sum, const char *text, size_t len)
{
	FILE *fp;

	upd_remove_pending(u);
	fp = open_temp(u, upd_pending_path(u->path, sum));
	fwrite(text, 1, len, fp);
	close_temp(u, fp);
}

/* The staged pending copy in place of the locked file: the second rename. */
void
upd_promote(struct upd *u)
{
	if (rename(u->tmppath, u->path) != 0)
		esc_err(EXIT_IO, "%s: rename", u->path);
	u->committed = 1;
	sync_dir(u->path);
}

/*
 * The second rename of a run killed before it: path's pending copy for
 * the state whose checksum is sum, if there is one, renamed over path
 * under path's lock; and, the party file being paired with that one
 * state file (delving(7)), every other pending copy removed: no state
 * names it (its run was killed before its state was renamed), none ever
 * will.  A run given the state file calls this, holding its lock, with
 * or without -w.  1 if a copy was renamed.
 */
int
upd_settle(const char *path, const char *what, uint64_t sum)
{
	char *pend;
	struct upd *u;
	struct stat sb;
	int done = 0;

	if (beside(path, ".", ".pending.", 16, 0) == 0)
		return 0;	/* none: the party file is not even locked */
	pend = upd_pending_path(path, sum);
	u = upd_open(path, what, 0);
	if (lstat(pend, &sb) == 0 && S_ISREG(sb.st_mode)) {
		if (rename(pend, path) == 0) {
			sync_dir(path);
			done = 1;
		} else if (errno != ENOENT)
			esc_err(EXIT_IO, "%s: rename", path);
	}
	upd_remove_pending(u);	/* the rest no state names: dead runs' */
	upd_close(u);
	free(pend);
	return done;
}

void
upd_close(struct upd *u)
{
	struct upd **up;

	if (u == NULL)
		return;
	drop_created(u);
	for (up = &open_updates; *up != NULL; up = &(*up)->next)
		if (*up == u) {
			*up = u->next;
			break;
		}
	if (u->fd >= 0)
		close(u->fd);
	free(u->tmppath);
	free(u);
}
