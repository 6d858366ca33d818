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
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

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
};

static struct upd *pending;	/* the update a refused run must clean up */
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
	if (pending != NULL)
		drop_created(pending);
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
		err(EXIT_IO, "%s", u->path);
	}
	if (S_ISLNK(sb.st_mode))
		refuse_link(u->path);
	if (!S_ISREG(sb.st_mode))
		errx(EXIT_BAD, "%s: not a regular file", u->path);
	if (sb.st_size > UPD_SIZE_MAX)
		errx(EXIT_BAD, "%s: larger than 1 MiB: not %s", u->path, u->what);
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
		warnx("%s: waiting for process %ld, which has it locked",
		    u->path, pid);
	else
		warnx("%s: waiting for another run that has it locked", u->path);
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
		err(EXIT_IO, "%s: lock", u->path);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, &old);
	alarm(1);
	while (flock(fd, LOCK_EX) != 0) {
		if (errno != EINTR)
			err(EXIT_IO, "%s: lock", u->path);
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
				err(EXIT_IO, "%s", u->path);
			u->created = 1;
		}
		if (fd < 0 && errno == ELOOP)
			refuse_link(u->path);
		if (fd < 0)
			err(errno == EACCES || errno == ENOENT ? EXIT_BAD : EXIT_IO,
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
		err(EXIT_IO, "%s", u->path);
	if (!S_ISREG(sb.st_mode))
		errx(EXIT_BAD, "%s: not a regular file", u->path);
	if (sb.st_size > UPD_SIZE_MAX)
		errx(EXIT_BAD, "%s: larger than 1 MiB: not %s", u->path, u->what);
	/* root may write a 0444 file: the mode bits say it is not to be */
	if ((sb.st_mode & 0222) == 0 || access(u->path, W_OK) != 0)
		errx(EXIT_IO, "%s: read-only: not a file this run may change",
		    u->path);
}

/* Under the lock, any FILE.tmp.* is a dead writer's: remove it. */
static void
remove_stale(const struct upd *u)
{
	char *dcopy = estrdup(u->path), *bcopy = estrdup(u->path);
	char *dir = dirname(dcopy), *prefix = suffixed(basename(bcopy), ".tmp.");
	size_t n = strlen(prefix);
	struct dirent *e;
	DIR *d;
	int dfd;

	if ((d = opendir(dir)) != NULL) {
		dfd = dirfd(d);
		while ((e = readdir(d)) != NULL)
			if (strncmp(e->d_name, prefix, n) == 0)
				unlinkat(dfd, e->d_name, 0);
		closedir(d);
	}
	free(prefix);
	free(bcopy);
	free(dcopy);
}

static void
fail_commit(struct upd *u, const char *what)
{
	int e = errno;

	unlink(u->tmppath);
	errno = e;
	err(EXIT_IO, "%s: %s", u->path, what);
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

/* The temp file, with the locked file's mode. */
static FILE *
open_temp(struct upd *u)
{
	char pid[32];
	struct stat sb;
	FILE *fp;
	int fd;

	snprintf(pid, sizeof pid, ".tmp.%ld", (long)getpid());
	u->tmppath = suffixed(u->path, pid);
	fd = open(u->tmppath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_CLOEXEC, 0666);
	if (fd < 0)
		err(EXIT_IO, "%s: writing the new copy", u->path);
	if (fstat(u->fd, &sb) == 0)
		fchmod(fd, sb.st_mode & 07777);
	if ((fp = fdopen(fd, "w")) == NULL)
		fail_commit(u, "writing the new copy");
	return fp;
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
	pending = u;
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
	return open_temp(u);
}

/* The new contents in place of the old, or exit 3 with the old kept. */
void
upd_commit(struct upd *u, FILE *fp)
{
	if (fflush(fp) != 0 || ferror(fp))
		fail_commit(u, "write");
	if (fsync(fileno(fp)) != 0)
		fail_commit(u, "fsync");
	if (fclose(fp) != 0)
		fail_commit(u, "close");
	if (rename(u->tmppath, u->path) != 0)
		fail_commit(u, "rename");
	u->committed = 1;
	sync_dir(u->path);
}

void
upd_close(struct upd *u)
{
	if (u == NULL)
		return;
	drop_created(u);
	if (pending == u)
		pending = NULL;
	if (u->fd >= 0)
		close(u->fd);
	free(u->tmppath);
	free(u);
}
