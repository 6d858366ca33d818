/*
 * opt: the one front end of the seven programs (delving(7), Shared
 * options).  Each program declares its options as data; opt_parse takes
 * options and operands in any order up to "--", without relying on the
 * libc's getopt, answers -h, --help, -V and --version itself, and refuses
 * an option the program does not list, one line naming it and the usage
 * line.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "opt.h"
#include "util.h"

/*
 * Descriptors 0 to 2 open before any file is: a file opened later never
 * takes the place of a closed standard stream (it would be read as input,
 * or get the records and the errors).  A closed one is given /dev/null; a
 * closed standard output is an error before anything changes.
 */
void
opt_stdfds(void)
{
	int fd, closed = 0;

	for (fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
			continue;
		closed |= 1 << fd;
		if (open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY) != fd)
			exit(EXIT_IO);
	}
	if (closed & 1 << STDOUT_FILENO) {
		errno = EBADF;
		err(EXIT_IO, "stdout");
	}
}

static const struct opt *
find(const struct opt_spec *spec, int letter)
{
	const struct opt *o;

	for (o = spec->opts; o->letter != 0; o++)
		if (o->letter == letter)
			return o;
	return NULL;
}

/* "a SEED", "an N": the article a value's name is said with. */
static const char *
article(const char *name)
{
	if (name[1] == '\0' || name[1] == '[')
		return strchr("AEFHILMNORSX", name[0]) ? "an" : "a";
	return strchr("AEIOU", name[0]) ? "an" : "a";
}

/* One line naming what was wrong, then the usage line; exit 2. */
void
opt_usage(const struct opt_spec *spec, const char *fmt, ...)
{
	char what[1024];
	va_list ap;

	if (fmt != NULL) {
		va_start(ap, fmt);
		vsnprintf(what, sizeof what, fmt, ap);
		va_end(ap);
		warnx("%s", what);
	}
	fprintf(stderr, "usage: %s\n", spec->usage);
	exit(EXIT_BAD);
}

/*
 * -h: the usage line, one line per option ("  -n COUNT  help", the help
 * after two blanks at least: the shell completion reads these lines), and
 * the manual to read.
 */
static void
help(const struct opt_spec *spec, FILE *fp)
{
	const struct opt *o;
	int width = 0, n;

	for (o = spec->opts; o->letter != 0; o++)
		if (o->arg != NULL && (n = (int)strlen(o->arg)) > width)
			width = n;
	fprintf(fp, "usage: %s\n", spec->usage);
	for (o = spec->opts; o->letter != 0; o++)	/* two blanks before the help */
		fprintf(fp, "  -%c %-*s  %s\n", o->letter, width,
		    o->arg != NULL ? o->arg : "", o->help);
	fprintf(fp, "See %s(6).\n", spec->name);
}

/* -h and -V: on standard output, checked; exit 0, or 3 if it failed. */
static _Noreturn void
answer(const struct opt_spec *spec, int letter)
{
	if (letter == 'h')
		help(spec, stdout);
	else
		version(spec->name);
	if (fflush(stdout) != 0 || ferror(stdout))
		err(EXIT_IO, "stdout");
	exit(EXIT_OK);
}

/* A long option: --help and --version, and no other. */
static void
long_option(const struct opt_spec *spec, const char *arg)
{
	if (strcmp(arg, "--help") == 0)
		answer(spec, 'h');
	if (strcmp(arg, "--version") == 0)
		answer(spec, 'V');
	opt_usage(spec, "%s: unknown option", arg);
}

/*
 * One argument of options, "-av" or "-n3", the value maybe the next
 * argument; how many arguments it took.
 */
static int
cluster(const struct opt_spec *spec, char **argv, opt_fn *fn, void *ctx)
{
	const struct opt *o;
	char *p;

	for (p = argv[0] + 1; *p != '\0'; p++) {
		if ((o = find(spec, (unsigned char)*p)) == NULL)
			opt_usage(spec, "-%c: unknown option", *p);
		if (o->letter == 'h' || o->letter == 'V')
			answer(spec, o->letter);
		if (o->arg == NULL) {
			fn(ctx, o->letter, NULL);
			continue;
		}
		if (p[1] != '\0') {
			fn(ctx, o->letter, p + 1);
			return 1;
		}
		if (argv[1] == NULL)
			opt_usage(spec, "-%c: needs %s %s", o->letter,
			    article(o->arg), o->arg);
		fn(ctx, o->letter, argv[1]);
		return 2;
	}
	return 1;
}

/*
 * Options and operands in any order up to "--" (up to the command, for a
 * program whose first operand is one: delve); after it, and for a lone
 * "-" or a negative number such as "-1" (no program has a digit for an
 * option), an operand.  Each option goes to FN in turn; the operands, in
 * their order, are returned, *ARGC of them.
 */
char **
opt_parse(const struct opt_spec *spec, int *argc, char **argv, opt_fn *fn,
    void *ctx)
{
	char **ops = argv + 1;
	int i, n = 0, dashdash = 0;

	opt_stdfds();
	for (i = 1; i < *argc; ) {
		const char *a = argv[i];

		if (spec->command && n > 0)	/* a command's own words */
			ops[n++] = argv[i++];
		else if (dashdash || a[0] != '-' || a[1] == '\0' ||
		    (a[1] >= '0' && a[1] <= '9'))
			ops[n++] = argv[i++];
		else if (strcmp(a, "--") == 0) {
			dashdash = 1;
			i++;
		} else if (a[1] == '-')
			long_option(spec, a);
		else
			i += cluster(spec, argv + i, fn, ctx);
	}
	ops[n] = NULL;
	*argc = n;
	return ops;
}
