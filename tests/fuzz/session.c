/*
 * fuzz a session's own files (delve(6) FILES): the session file, the
 * generation's delve file (its log length above all), the log and the
 * records a command cut short left.  The input is those four, in that
 * order, each ended by a line "%%" (a missing one is empty).  A session
 * directory is made of them, loaded, its log shown and checked, and a
 * command committed on it: completing or cutting the log, then appending.
 */
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "session.h"
#include "view.h"

static struct session s;	/* not on the stack: its .new.PID is removed at exit */
static char dir[96];

static void
put(const char *name, const uint8_t *p, size_t n)
{
	char path[128];
	int fd;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600)) < 0)
		abort();
	if (n > 0 && write(fd, p, n) != (ssize_t)n)
		abort();
	close(fd);
}

static int
remove_one(const char *path, const struct stat *sb, int flag, struct FTW *f)
{
	(void)sb;
	(void)flag;
	(void)f;
	remove(path);
	return 0;
}

/* The directory afresh: g.0 with the programs' files, state naming it. */
static void
make_session(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "session", "g.0/delve", "log",
	    "g.0/records" };
	static const char *const files[] = { "g.0/hazard", "g.0/light",
	    "g.0/timedice", "g.0/reaction", "g.0/party", "g.0/table.encounter" };
	const uint8_t *p = data, *end = data + size, *sep;
	char cmd[128];
	size_t i;

	nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	if (mkdir(dir, 0700) != 0)
		abort();
	snprintf(cmd, sizeof cmd, "%s/g.0", dir);
	if (mkdir(cmd, 0700) != 0)
		abort();
	for (i = 0; i < sizeof files / sizeof files[0]; i++)
		put(files[i], NULL, 0);
	for (i = 0; i < 4 && p < end; i++) {
		sep = memmem(p, (size_t)(end - p), "\n%%\n", 4);
		put(names[i], p, sep ? (size_t)(sep - p) + 1 : (size_t)(end - p));
		p = sep ? sep + 4 : end;
	}
	snprintf(cmd, sizeof cmd, "%s/state", dir);
	if (symlink("g.0", cmd) != 0)
		abort();
}

static void
session_run(void)
{
	struct view_part parts[2] = { { NULL, -1, 0 }, { NULL, -1, 0 } };

	ses_lock(&s, dir, 0);
	ses_load(&s);
	parts[0] = (struct view_part){ NULL, s.logfd, s.logat };
	parts[1] = (struct view_part){ NULL, s.pendfd, s.pending };
	view_check(parts, s.pendfd >= 0 ? 2 : 1, "log");
	view_parts(parts, s.pendfd >= 0 ? 2 : 1, "log", VIEW_PEOPLE, 0, 0);
	view_parts(parts, s.pendfd >= 0 ? 2 : 1, "log", VIEW_JSON, 0, 0);
	ses_begin(&s, 1);
	ses_commit(&s, "roll\t1\t7\t7\n", 11, 1, 0);
	ses_prune(&s);
	ses_close(&s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (dir[0] == '\0') {
		/*
		 * In tests/fuzz/run's scratch directory, which it removes at
		 * its end (each -fork child has its own PID); else on tmpfs
		 * when there is one: the commit's fsyncs cost nothing there.
		 */
		const char *parent = getenv("DELVING_FUZZ_SCRATCH");

		if (parent == NULL)
			parent = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
		snprintf(dir, sizeof dir, "%.40s/delving-fuzz-session.%ld",
		    parent, (long)getpid());
		fuzz_file(data, 0);	/* stdout to /dev/null */
	}
	make_session(data, size);
	FUZZ_GUARDED(session_run());
	return 0;
}
