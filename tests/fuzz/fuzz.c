/* fuzz: the wrapped exits and the scratch file shared by the harnesses. */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"

jmp_buf fuzz_escape;
int fuzz_armed;

void __real_exit(int);

void
__wrap_exit(int status)
{
	if (fuzz_armed)
		longjmp(fuzz_escape, 1);
	__real_exit(status);
}

void
__wrap_err(int status, const char *fmt, ...)
{
	(void)fmt;
	__wrap_exit(status);
}

void
__wrap_errx(int status, const char *fmt, ...)
{
	(void)fmt;
	__wrap_exit(status);
}

/* esc_err and esc_errx say their line by warn(3) and warnx(3), then exit. */
void
__wrap_warn(const char *fmt, ...)
{
	(void)fmt;
}

void
__wrap_warnx(const char *fmt, ...)
{
	(void)fmt;
}

/*
 * A refused input skips its fclose and close: the process would have ended.
 * Close what the run left open (a state file's lock above all), so the next
 * run neither runs out of descriptors nor waits on a lock it holds itself.
 */
static int fd_base = -1;

void
fuzz_mark_fds(void)
{
	if ((fd_base = open("/dev/null", O_RDONLY)) >= 0)
		close(fd_base);
}

void
fuzz_close_fds(void)
{
	int fd;

	for (fd = fd_base; fd >= 3 && fd < fd_base + 64; fd++)
		close(fd);
}

/* The input as a file: the parsers under test read paths. */
const char *
fuzz_file(const uint8_t *data, size_t size)
{
	static char path[64];
	int fd;

	if (path[0] == '\0') {
		snprintf(path, sizeof path, "/tmp/delving-fuzz.%ld", (long)getpid());
		fd = open("/dev/null", O_WRONLY);	/* records go nowhere */
		dup2(fd, STDOUT_FILENO);
		close(fd);
	}
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600)) < 0)
		abort();
	if (write(fd, data, size) != (ssize_t)size)
		abort();
	close(fd);
	return path;
}

/* Run a program's main with args; getopt starts afresh each time. */
int
fuzz_main(int (*mainfn)(int, char **), const char *const *args)
{
	char *argv[32];
	int argc = 0, status = -1;

	while (args[argc] != NULL && argc < 31) {
		argv[argc] = (char *)args[argc];
		argc++;
	}
	argv[argc] = NULL;
	optind = 0;	/* glibc: 0 resets getopt whole */
	FUZZ_GUARDED(status = mainfn(argc, argv));
	return status;
}
