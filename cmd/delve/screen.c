/*
 * delve: delve screen, the session live in a terminal (delve(6) screen).
 * It never writes to the session nor takes its lock: each frame is the
 * session as ses_load reads it beside a command, laid out by common/
 * screen.c.  A frame is made by a child process, so that a session
 * caught in the middle of an undo, or a file that does not parse, ends
 * the child with its one line of error, shown at the foot of the screen
 * and tried again half a second later, and never the screen.
 *
 * It redraws when the session's "state" link is replaced (every commit
 * and undo renames a new one over it): inotify(7) on Linux, else a look
 * at the link every half second; and when the terminal is resized
 * (SIGWINCH).  The terminal is put back as it was (the main screen, the
 * cursor, termios) on q, on every signal that ends it, and around a stop.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/inotify.h>
#endif

#include "screen.h"
#include "util.h"
#include "delve.h"

#define POLL_MS 500	/* the fallback's look at the link, and a retry */
#define FRAME_MAX (SCR_ROWS_MAX * (SCR_COLS_MAX * 4 + 300))

static const struct opt screen_options[] = {
	{ 'o', NULL, "print the screen once as plain text and exit" },
	{ 'P', NULL, "the players' view (delve(6) screen says what it hides)" },
	{ 0, NULL, NULL }
};

static const struct opt_spec screen_spec = {
	prog, SYN_SCREEN, screen_options, 0
};

static void
screen_option(void *ctx, int letter, char *v)
{
	struct scr_look *k = ctx;

	(void)v;
	if (letter == 'o')
		k->rows = -1;		/* once: told apart below */
	else
		k->players = 1;
}

/* One frame of the session in DIR, laid out by K, on stdout; exits on error. */
static void
frame(const char *dir, const struct scr_look *k)
{
	struct scr_world *w = emalloc(sizeof *w);
	struct session s;

	ses_open(&s, dir, 0);
	ses_load(&s);
	scr_load(w, &s);
	scr_render(w, k, stdout);
	scr_free(w);
	free(w);
	ses_close(&s);
}

/* A size from the environment (COLUMNS, LINES), else DEF. */
static int
env_size(const char *name, int def)
{
	const char *v = getenv(name);
	long long n;

	if (v == NULL || strtonum_ok(v, 1, 100000, &n) != 0)
		return def;
	return (int)n;
}

/* --- the terminal -------------------------------------------------------- */

static struct termios saved;
static int keys = -1;		/* the terminal on stdin, or -1 */
static volatile sig_atomic_t entered, resized, stopped;
static int wake[2] = { -1, -1 };	/* a signal's byte to poll(2) */

static const char enter_seq[] = "\033[?1049h\033[?25l\033[H\033[2J";
static const char leave_seq[] = "\033[0m\033[?25h\033[?1049l";

static void
write_all(const char *p, size_t n)
{
	ssize_t k;

	while (n > 0) {
		if ((k = write(STDOUT_FILENO, p, n)) < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return;
		p += k;
		n -= (size_t)k;
	}
}

/* The terminal as it was: safe in a signal handler. */
static void
leave(void)
{
	if (!entered)
		return;
	entered = 0;
	write_all(leave_seq, sizeof leave_seq - 1);
	if (keys >= 0)
		tcsetattr(keys, TCSADRAIN, &saved);	/* typed ahead: the shell's */
}

static void
enter(void)
{
	struct termios t;

	if (keys >= 0) {
		t = saved;
		t.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
		t.c_cc[VMIN] = 1;
		t.c_cc[VTIME] = 0;
		tcsetattr(keys, TCSAFLUSH, &t);
	}
	write_all(enter_seq, sizeof enter_seq - 1);
	entered = 1;
}

/* A signal that ends the screen: the terminal back, then its own end. */
static void
on_fatal(int sig)
{
	leave();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
on_note(int sig)
{
	int saved_errno = errno;
	char c = (char)sig;

	if (sig == SIGWINCH)
		resized = 1;
	else
		stopped = 1;
	if (wake[1] >= 0)
		(void)write(wake[1], &c, 1);
	errno = saved_errno;
}

static const int fatal_signals[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM,
	SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGABRT, SIGBUS, SIGFPE, SIGILL,
	SIGSEGV, SIGXCPU, SIGXFSZ, 0 };

static void
handle(int sig, void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = fn == SIG_DFL ? 0 : SA_RESTART;
	sigaction(sig, &sa, NULL);
}

static void
handlers(int on)
{
	int i;

	for (i = 0; fatal_signals[i] != 0; i++)
		handle(fatal_signals[i], on ? on_fatal : SIG_DFL);
	handle(SIGWINCH, on ? on_note : SIG_DFL);
	handle(SIGTSTP, on ? on_note : SIG_DFL);
}

/* Stopped by ^Z: the terminal back while stopped, the screen again after. */
static void
suspend(void)
{
	stopped = 0;
	leave();
	handle(SIGTSTP, SIG_DFL);
	raise(SIGTSTP);
	handle(SIGTSTP, on_note);
	if (keys >= 0)
		tcgetattr(keys, &saved);
	enter();
}

static void
term_size(struct scr_look *k)
{
	struct winsize ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 &&
	    ws.ws_row > 0) {
		k->cols = ws.ws_col;
		k->rows = ws.ws_row;
	} else {
		k->cols = env_size("COLUMNS", SCR_COLS_MIN);
		k->rows = env_size("LINES", SCR_ROWS_MIN);
	}
	if (k->cols > SCR_COLS_MAX)
		k->cols = SCR_COLS_MAX;
	if (k->rows > SCR_ROWS_MAX)
		k->rows = SCR_ROWS_MAX;
}

/* --- a frame, made by a child ------------------------------------------ */

struct shot {
	char	*buf;
	size_t	 len;
	int	 ok;		/* a frame; else buf holds the child's error */
};

static void
read_child(int fd, struct shot *sh)
{
	ssize_t n;

	sh->len = 0;
	while (sh->len < FRAME_MAX && ((n = read(fd, sh->buf + sh->len,
	    FRAME_MAX - sh->len)) > 0 || (n < 0 && errno == EINTR)))
		if (n > 0)
			sh->len += (size_t)n;
}

static void
shoot(const char *dir, const struct scr_look *k, struct shot *sh)
{
	sigset_t all, old;
	pid_t pid;
	int p[2], st;

	if (pipe(p) != 0)
		esc_err(EXIT_IO, "pipe");
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	if ((pid = fork()) == 0) {
		handlers(0);
		sigprocmask(SIG_SETMASK, &old, NULL);
		close(p[0]);
		if (dup2(p[1], STDOUT_FILENO) < 0 || dup2(p[1], STDERR_FILENO) < 0)
			_exit(EXIT_IO);
		frame(dir, k);
		exit(fflush(stdout) == 0 ? EXIT_OK : EXIT_IO);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (pid < 0)
		esc_err(EXIT_IO, "fork");
	close(p[1]);
	read_child(p[0], sh);
	close(p[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	sh->ok = WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

/*
 * The frame on the terminal: each row cleared whole before it is written
 * (a row as wide as the terminal leaves the cursor on its last column,
 * where clearing to the end would take its last character), the rows
 * below cleared, the last row not ended (it would scroll); a failed frame
 * keeps the last one and says its error on the last row, cut to COLS.
 */
static void
draw(const struct shot *last, const struct shot *now, int cols, int rows)
{
	static const char home[] = "\033[H";
	const struct shot *f = now->ok ? now : last;
	const char *p = f->buf, *end = f->buf + f->len, *nl;
	char at[32];
	int row = 1;

	write_all(home, sizeof home - 1);
	for (; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		write_all("\033[2K", 4);
		write_all(p, (size_t)(nl - p));
		if (row++ < rows && nl < end)
			write_all("\r\n", 2);
	}
	write_all("\033[J", 3);
	if (now->ok)
		return;
	nl = memchr(now->buf, '\n', now->len);
	snprintf(at, sizeof at, "\033[%d;1H\033[2K\033[7m", rows);
	write_all(at, strlen(at));
	write_all(now->buf, (size_t)((nl ? nl - now->buf : (long)now->len) < cols ?
	    (nl ? nl - now->buf : (long)now->len) : cols));
	write_all("\033[0m", 4);
}

/* --- waiting ----------------------------------------------------------- */

/* What names the session's state now: the link's inode and change time. */
static void
stamp(const char *dir, char *buf, size_t size)
{
	char path[4096];
	struct stat sb;

	snprintf(path, sizeof path, "%s/state", dir);
	if (lstat(path, &sb) != 0)
		snprintf(buf, size, "none");
	else
		snprintf(buf, size, "%llu %lld.%09ld", (unsigned long long)sb.st_ino,
		    (long long)sb.st_ctim.tv_sec, sb.st_ctim.tv_nsec);
}

/* A watch on DIR for a new "state", or -1: the half-second look then. */
static int
watch(const char *dir)
{
#ifdef __linux__
	int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);

	if (fd >= 0 && inotify_add_watch(fd, dir, IN_MOVED_TO | IN_CREATE |
	    IN_DELETE | IN_MOVE_SELF | IN_DELETE_SELF) < 0) {
		close(fd);
		fd = -1;
	}
	return fd;
#else
	(void)dir;
	return -1;
#endif
}

static void
drain(int fd)
{
	char buf[4096];

	while (fd >= 0 && read(fd, buf, sizeof buf) > 0)
		;
}

/* A key: q ends the screen, ^L draws it again; 0 at the end of input. */
static int
key(int *redraw)
{
	char c;
	ssize_t n = read(keys, &c, 1);

	if (n < 0 && errno == EINTR)
		return 1;
	if (n <= 0 || c == 'q' || c == 'Q')
		return 0;
	if (c == '\f')
		*redraw = 1;
	return 1;
}

/* Until q, or a signal ends it. */
static void
live(const char *dir, struct scr_look *k)
{
	struct shot last = { emalloc(FRAME_MAX), 0, 1 },
	    now = { emalloc(FRAME_MAX), 0, 1 }, t;
	struct pollfd pf[3];
	char was[128] = "", is[128];
	int ifd = -1, redraw = 1, timeout;

	for (;;) {
		if (ifd < 0)	/* again after a failed frame: the directory may be new */
			ifd = watch(dir);
		stamp(dir, is, sizeof is);
		if (resized) {
			resized = 0;
			term_size(k);
			redraw = 1;
		}
		if (redraw || strcmp(is, was) != 0) {
			snprintf(was, sizeof was, "%s", is);
			shoot(dir, k, &now);
			if (!now.ok && ifd >= 0) {
				close(ifd);
				ifd = -1;
			}
			draw(&last, &now, k->cols, k->rows);
			if (now.ok) {
				t = last, last = now, now = t;
			}
			redraw = 0;
		}
		timeout = ifd < 0 || !last.ok || !now.ok ? POLL_MS : -1;
		pf[0] = (struct pollfd){ wake[0], POLLIN, 0 };
		pf[1] = (struct pollfd){ ifd, POLLIN, 0 };
		pf[2] = (struct pollfd){ keys, POLLIN, 0 };
		if (poll(pf, 3, timeout) < 0 && errno != EINTR)
			esc_err(EXIT_IO, "poll");
		drain(wake[0]);
		drain(ifd);
		if (stopped)
			suspend(), redraw = 1;
		if (keys >= 0 && (pf[2].revents & (POLLIN | POLLHUP)) && !key(&redraw))
			break;
		if (!now.ok)
			redraw = 1;	/* try again after POLL_MS */
	}
	free(last.buf);
	free(now.buf);
	if (ifd >= 0)
		close(ifd);
}

/* delve screen [-oP] */
int
screen(struct session *unused, const struct opts *o, int argc, char **argv)
{
	struct scr_look k = { 0, 0, 0, 0 };
	const char *term = getenv("TERM"), *nocolor = getenv("NO_COLOR");
	int once;

	(void)unused;
	if (o->form != VIEW_PEOPLE)
		esc_errx(EXIT_BAD, "%s: screen draws sentences: not with -j or -R",
		    o->form == VIEW_JSON ? "-j" : "-R");
	argv = opt_parse(&screen_spec, &(struct opt_common){ 0 }, &argc, argv,
	    screen_option, &k);
	if (argc > 0)
		opt_usage(&screen_spec, "%s: screen takes no operands", argv[0]);
	once = k.rows < 0 || !isatty(STDOUT_FILENO) || term == NULL ||
	    *term == '\0' || strcmp(term, "dumb") == 0;
	if (once) {	/* plain text: no colour, no cursor */
		k.cols = env_size("COLUMNS", SCR_COLS_MIN);
		k.rows = env_size("LINES", SCR_ROWS_MIN);
		k.cols = k.cols > SCR_COLS_MAX ? SCR_COLS_MAX : k.cols;
		k.rows = k.rows > SCR_ROWS_MAX ? SCR_ROWS_MAX : k.rows;
		frame(o->dir, &k);
		return EXIT_OK;
	}
	k.colour = nocolor == NULL || *nocolor == '\0';
	term_size(&k);
	if (pipe(wake) != 0 || fcntl(wake[0], F_SETFL, O_NONBLOCK) != 0 ||
	    fcntl(wake[1], F_SETFL, O_NONBLOCK) != 0)
		esc_err(EXIT_IO, "pipe");
	if (isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &saved) == 0)
		keys = STDIN_FILENO;
	fflush(stdout);
	handlers(1);
	enter();
	live(o->dir, &k);
	leave();
	return EXIT_OK;
}
