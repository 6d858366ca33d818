/*
 * state: a state file is read, changed and written back whole (delving(7)
 * STATE FILES).  An exclusive flock(2) on FILE.lock covers the whole
 * read-change-write; the new state goes to FILE.tmp.PID, is fsynced and
 * renamed over FILE, and the directory is fsynced.  A run killed at any
 * instant leaves the old file or the new one; the lock holder removes any
 * temp file left behind.
 */
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "state.h"
#include "util.h"

#define STF_LINE_MAX 4096

static char *
suffixed(const char *path, const char *suffix)
{
	size_t n = strlen(path) + strlen(suffix) + 1;
	char *s = emalloc(n);

	snprintf(s, n, "%s%s", path, suffix);
	return s;
}

/* Refuse what is not a plain file before anything is created beside it. */
static void
check_kind(const char *path)
{
	struct stat sb;

	if (lstat(path, &sb) != 0) {
		if (errno == ENOENT)
			return;
		err(EXIT_IO, "%s", path);
	}
	if (S_ISLNK(sb.st_mode))
		errx(EXIT_BAD, "%s: is a symbolic link: refusing to follow it", path);
	if (!S_ISREG(sb.st_mode))
		errx(EXIT_BAD, "%s: not a regular file", path);
	if (sb.st_size > STF_SIZE_MAX)
		errx(EXIT_BAD, "%s: larger than 1 MiB: not a state file", path);
}

static void
lock(struct stf *f)
{
	f->lockpath = suffixed(f->path, ".lock");
	f->lockfd = open(f->lockpath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC,
	    0666);
	if (f->lockfd < 0)
		err(EXIT_IO, "%s", f->lockpath);
	while (flock(f->lockfd, LOCK_EX) != 0)
		if (errno != EINTR)
			err(EXIT_IO, "%s", f->lockpath);
}

/* Under the lock, any FILE.tmp.* is a dead writer's: remove it. */
static void
remove_stale(const struct stf *f)
{
	char *dcopy = estrdup(f->path), *bcopy = estrdup(f->path);
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
open_current(struct stf *f)
{
	struct stat sb;
	int fd;

	fd = open(f->path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT)
		return;
	if (fd < 0 && errno == ELOOP)
		errx(EXIT_BAD, "%s: is a symbolic link: refusing to follow it", f->path);
	if (fd < 0)
		err(errno == EACCES ? EXIT_BAD : EXIT_IO, "%s", f->path);
	if (fstat(fd, &sb) != 0)
		err(EXIT_IO, "%s", f->path);
	if (!S_ISREG(sb.st_mode))
		errx(EXIT_BAD, "%s: not a regular file", f->path);
	if (sb.st_size > STF_SIZE_MAX)
		errx(EXIT_BAD, "%s: larger than 1 MiB: not a state file", f->path);
	if ((f->in = fdopen(fd, "r")) == NULL)
		err(EXIT_IO, "%s", f->path);
}

void
stf_open(struct stf *f, const char *path)
{
	memset(f, 0, sizeof *f);
	f->path = path;
	f->lockfd = -1;
	if (*path == '\0')
		errx(EXIT_BAD, "-f: empty file name");
	check_kind(path);
	lock(f);
	remove_stale(f);
	open_current(f);
}

void
stf_bad(const struct stf *f, const char *fmt, ...)
{
	char why[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	errx(EXIT_BAD, "%s:%lu: %s", f->path, f->lineno, why);
}

/* The next line that is not blank or a comment, split into words; 0 at end. */
int
stf_next(struct stf *f, char **w)
{
	ssize_t n;
	char *p;
	int nw;

	if (f->in == NULL)
		return 0;
	while ((n = getline(&f->line, &f->cap, f->in)) != -1) {
		f->lineno++;
		if (n > 0 && f->line[n - 1] == '\n')
			f->line[--n] = '\0';
		if (n > STF_LINE_MAX)
			stf_bad(f, "line longer than 4096 bytes");
		if (!utf8_ok(f->line, (size_t)n))
			stf_bad(f, "not text (a NUL, a control character or bad UTF-8)");
		for (nw = 0, p = strtok(f->line, " \t"); p != NULL;
		    p = strtok(NULL, " \t")) {
			if (*p == '#')	/* a comment runs to the end of the line */
				break;
			if (nw == STF_WORDS_MAX)
				stf_bad(f, "more than %d words", STF_WORDS_MAX);
			w[nw++] = p;
		}
		if (nw > 0)
			return nw;
	}
	if (ferror(f->in))
		err(EXIT_IO, "%s", f->path);
	return 0;
}

long long
stf_num(const struct stf *f, const char *s, long long lo, long long hi)
{
	long long v;

	if (strtonum_ok(s, lo, hi, &v) != 0)
		stf_bad(f, "'%s': expected a whole number from %lld to %lld", s,
		    lo, hi);
	return v;
}

/* The words every state file shares: "seed N" and "rng HEX". 1 if taken. */
int
stf_stream(const struct stf *f, char **w, int nw, struct stream *st)
{
	char *end;

	if (strcmp(w[0], "seed") != 0 && strcmp(w[0], "rng") != 0)
		return 0;
	if (nw != 2)
		stf_bad(f, "%s: expected one value", w[0]);
	if (strcmp(w[0], "rng") == 0) {
		if (rng_fromhex(&st->rng, w[1]) != 0)
			stf_bad(f, "rng: expected 64 lower-case hex digits, not all zero");
		st->restored = 1;
		return 1;
	}
	errno = 0;
	st->seed = strtoumax(w[1], &end, 10);
	if (*w[1] < '0' || *w[1] > '9' || *end != '\0' || errno == ERANGE)
		stf_bad(f, "seed: expected a whole number from 0 to 2^64-1");
	st->have_seed = 1;
	return 1;
}

void
stf_write_stream(FILE *fp, const struct stream *st)
{
	char hex[RNG_HEXLEN + 1];

	rng_tohex(&st->rng, hex);
	fprintf(fp, "seed %" PRIu64 "\nrng %s\n", st->seed, hex);
}

/*
 * The temp file the new contents go to, empty; it keeps the old file's
 * mode.  For a file whose own lines are written back as they were (the
 * party file of return -w); a state file uses stf_write.
 */
FILE *
stf_temp(struct stf *f)
{
	char pid[32];
	FILE *fp;
	int fd;

	snprintf(pid, sizeof pid, ".tmp.%ld", (long)getpid());
	f->tmppath = suffixed(f->path, pid);
	fd = open(f->tmppath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_CLOEXEC, 0666);
	if (fd < 0)
		err(EXIT_IO, "%s", f->tmppath);
	if (f->in != NULL) {
		struct stat sb;

		if (fstat(fileno(f->in), &sb) == 0)
			fchmod(fd, sb.st_mode & 07777);
	}
	if ((fp = fdopen(fd, "w")) == NULL)
		err(EXIT_IO, "%s", f->tmppath);
	return f->out = fp;
}

/* The temp file the new state is written to, after a comment naming prog. */
FILE *
stf_write(struct stf *f, const char *prog)
{
	FILE *fp = stf_temp(f);

	fprintf(fp, "# %s state: see %s(6), FILES\n", prog, prog);
	return fp;
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

static void
fail_commit(struct stf *f, const char *what)
{
	int e = errno;

	unlink(f->tmppath);
	errno = e;
	err(EXIT_IO, "%s: %s", f->path, what);
}

void
stf_commit(struct stf *f)
{
	if (fflush(f->out) != 0 || ferror(f->out))
		fail_commit(f, "write");
	if (fsync(fileno(f->out)) != 0)
		fail_commit(f, "fsync");
	if (fclose(f->out) != 0) {
		f->out = NULL;
		fail_commit(f, "close");
	}
	f->out = NULL;
	if (rename(f->tmppath, f->path) != 0)
		fail_commit(f, "rename");
	sync_dir(f->path);
}

void
stf_close(struct stf *f)
{
	if (f->in != NULL)
		fclose(f->in);
	if (f->lockfd >= 0)
		close(f->lockfd);
	free(f->lockpath);
	free(f->tmppath);
	free(f->line);
	memset(f, 0, sizeof *f);
	f->lockfd = -1;
}
