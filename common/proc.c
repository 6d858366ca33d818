/*
 * proc: run the suite's programs as one pipeline.  Each program is taken
 * from the directory of the running executable (/proc/self/exe, else
 * argv[0] when it holds a slash), so that an installed /usr/local/bin/delve
 * finds /usr/local/bin/hazard under cron's PATH=/usr/bin:/bin; else from
 * PATH.  The stages' standard error goes to one anonymous file, read only
 * when a stage failed.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "proc.h"
#include "util.h"

static char *bindir;		/* where the siblings are, or NULL: PATH */
static FILE *errs;		/* the stages' stderr */

/* --- argument vectors ------------------------------------------------ */

static void
av_push(struct argv_b *b, char *word, int own)
{
	if (b->n + 2 > b->cap) {
		b->cap = b->cap ? 2 * b->cap : 16;
		b->v = ereallocarray(b->v, b->cap, sizeof *b->v);
		b->own = ereallocarray(b->own, b->cap, sizeof *b->own);
	}
	b->own[b->n] = (unsigned char)own;
	b->v[b->n++] = word;
	b->v[b->n] = NULL;
}

void
av_add(struct argv_b *b, const char *word)
{
	av_push(b, (char *)word, 0);
}

void
av_addv(struct argv_b *b, int n, char *const *words)
{
	while (n-- > 0)
		av_push(b, *words++, 0);
}

void
av_own(struct argv_b *b, char *word)
{
	av_push(b, word, 1);
}

void
av_addf(struct argv_b *b, const char *fmt, ...)
{
	va_list ap;
	char *word;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		esc_err(EXIT_IO, "vsnprintf");
	word = emalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(word, (size_t)n + 1, fmt, ap);
	va_end(ap);
	av_own(b, word);
}

void
av_free(struct argv_b *b)
{
	size_t i;

	for (i = 0; i < b->n; i++)
		if (b->own[i])
			free(b->v[i]);
	free(b->v);
	free(b->own);
	memset(b, 0, sizeof *b);
}

/* --- the pipeline ----------------------------------------------------- */

void
proc_init(const char *argv0)
{
	char self[PATH_MAX];
	ssize_t n;

	if ((n = readlink("/proc/self/exe", self, sizeof self - 1)) > 0)
		self[n] = '\0';
	else if (strchr(argv0, '/') != NULL && strlen(argv0) < sizeof self)
		strcpy(self, argv0);
	else
		return;
	bindir = estrdup(dirname(self));
}

/*
 * Start one stage with its ends of the pipes in place (posix_spawn: a
 * vfork, cheaper than a fork of the caller).  A program that cannot be
 * started is a stage that failed with 127.
 */
static pid_t
start(char *const argv[], int in, int out)
{
	posix_spawn_file_actions_t fa;
	char path[PATH_MAX];
	const char *file = argv[0];
	extern char **environ;
	pid_t pid;
	int e;

	if (bindir != NULL && snprintf(path, sizeof path, "%s/%s", bindir,
	    argv[0]) < (int)sizeof path && access(path, X_OK) == 0)
		file = path;
	if (posix_spawn_file_actions_init(&fa) != 0 ||
	    (in != STDIN_FILENO &&
	    posix_spawn_file_actions_adddup2(&fa, in, STDIN_FILENO) != 0) ||
	    (out != STDOUT_FILENO &&
	    posix_spawn_file_actions_adddup2(&fa, out, STDOUT_FILENO) != 0) ||
	    posix_spawn_file_actions_adddup2(&fa, fileno(errs), STDERR_FILENO) != 0)
		esc_errx(EXIT_IO, "posix_spawn: no memory");
	e = file == path ? posix_spawn(&pid, file, &fa, NULL, argv, environ) :
	    posix_spawnp(&pid, file, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (e != 0) {
		fprintf(errs, "%s: %s\n", argv[0], strerror(e));
		fflush(errs);
		if ((pid = fork()) == 0)
			_exit(127);
		if (pid < 0)
			esc_err(EXIT_IO, "fork");
	}
	return pid;
}

/* The last stage's output, read whole. */
static void
slurp(int fd, char **out, size_t *outlen)
{
	size_t cap = 1 << 16, len = 0;
	char *buf = emalloc(cap);
	ssize_t n;

	for (;;) {
		if (len == cap)
			buf = ereallocarray(buf, cap *= 2, 1);
		if ((n = read(fd, buf + len, cap - len)) > 0)
			len += (size_t)n;
		else if (n == 0)
			break;
		else if (errno != EINTR)
			esc_err(EXIT_IO, "pipe");
	}
	if (len > 0 && buf[len - 1] != '\n') {	/* every line ends */
		if (len == cap)
			buf = ereallocarray(buf, cap + 1, 1);
		buf[len++] = '\n';
	}
	*out = buf;
	*outlen = len;
}

/*
 * The last line the failed stage wrote on stderr with its name first, the
 * one it died with (a warning, "Ash is dead (CON 0): no rolls", may come
 * before); else its first line, a usage line.
 */
static void
message(const char *prog, struct proc_result *res)
{
	char line[PROC_MSG_MAX], first[PROC_MSG_MAX] = "";
	size_t n = strlen(prog);
	int named = 0;

	rewind(errs);
	while (fgets(line, sizeof line, errs) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, prog, n) == 0 && line[n] == ':') {
			snprintf(res->msg, sizeof res->msg, "%s", line);
			named = 1;
		} else if (first[0] == '\0')
			snprintf(first, sizeof first, "%s", line);
	}
	if (!named && first[0] != '\0')	/* a usage line */
		snprintf(res->msg, sizeof res->msg, "%s: %s", prog, first);
}

/* Which stage failed: the first that did not exit 0 of its own accord. */
static void
judge(char **const argv[], const int *st, int n, struct proc_result *res)
{
	int i, pick = -1;

	for (i = 0; i < n && pick < 0; i++)
		if (!(WIFEXITED(st[i]) && WEXITSTATUS(st[i]) == 0) &&
		    !(WIFSIGNALED(st[i]) && WTERMSIG(st[i]) == SIGPIPE))
			pick = i;
	for (i = 0; i < n && pick < 0; i++)
		if (!(WIFEXITED(st[i]) && WEXITSTATUS(st[i]) == 0))
			pick = i;
	if ((res->stage = pick) < 0)
		return;
	if (WIFEXITED(st[pick])) {
		res->status = WEXITSTATUS(st[pick]);
		snprintf(res->msg, sizeof res->msg, "%s: exit %d", argv[pick][0],
		    res->status);
	} else {
		res->status = EXIT_IO;
		snprintf(res->msg, sizeof res->msg, "%s: killed by signal %d",
		    argv[pick][0], WTERMSIG(st[pick]));
	}
	message(argv[pick][0], res);
}

/*
 * Run argv[0] | argv[1] | ... with stdin from infd (read from where it
 * stands; the caller keeps it open), else, when infd < 0, from /dev/null.
 * The last stage writes to outfd, or, when outfd < 0, into *out.  0 when
 * every stage exited 0; else res says which did not and why.
 */
int
proc_run_from(char **const argv[], int n, int infd, int outfd, char **out,
    size_t *outlen, struct proc_result *res)
{
	pid_t pid[PROC_STAGES_MAX];
	int st[PROC_STAGES_MAX], p[2], in, i;

	if (errs == NULL) {
		if ((errs = tmpfile()) == NULL)
			esc_err(EXIT_IO, "tmpfile");
		fcntl(fileno(errs), F_SETFD, FD_CLOEXEC);
	}
	if (ftruncate(fileno(errs), 0) != 0 || lseek(fileno(errs), 0, SEEK_SET) != 0)
		esc_err(EXIT_IO, "tmpfile");
	if (infd >= 0 && (in = fcntl(infd, F_DUPFD_CLOEXEC, 0)) < 0)
		esc_err(EXIT_IO, "dup");
	if (infd < 0 && (in = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0)
		esc_err(EXIT_IO, "/dev/null");
	fflush(NULL);
	for (i = 0; i < n; i++) {
		if (i < n - 1 || outfd < 0) {
			if (pipe2(p, O_CLOEXEC) != 0)
				esc_err(EXIT_IO, "pipe");
		} else
			p[0] = -1, p[1] = outfd;
		pid[i] = start(argv[i], in, p[1]);
		close(in);
		if (p[1] != outfd)
			close(p[1]);
		in = p[0];
	}
	if (outfd < 0)
		slurp(in, out, outlen);
	if (in >= 0)
		close(in);
	for (i = 0; i < n; i++)
		while (waitpid(pid[i], &st[i], 0) < 0)
			if (errno != EINTR)
				esc_err(EXIT_IO, "waitpid");
	judge(argv, st, n, res);
	return res->stage >= 0;
}

/* Run argv[0] | argv[1] | ... with stdin from /dev/null (proc_run_from). */
int
proc_run(char **const argv[], int n, int outfd, char **out, size_t *outlen,
    struct proc_result *res)
{
	return proc_run_from(argv, n, -1, outfd, out, outlen, res);
}
