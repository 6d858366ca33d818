/*
 * opt: the one front end of the seven programs (delving(7), Shared
 * options).  The shared options are one table here, read into one
 * struct for the letters a program names (sbase's tools share arg.h so);
 * each program declares the options it takes as data, one table of its
 * own letters and the shared ones; opt_parse takes
 * options and operands in any order up to "--", without relying on the
 * libc's getopt, answers -h, --help, -V and --version itself, and refuses
 * an option the program does not list, one line naming it and the usage
 * line.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
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
static void
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
		esc_err(EXIT_IO, "stdout");
	}
}

/*
 * The shared options (delving(7), Shared options), each with its value's
 * name, the help line a program says it with unless it has its own words,
 * and where it is stored; -h and -V are answered here.
 */
enum opt_kind { K_FLAG, K_TEXT, K_COUNT, K_ANSWER };

struct shared_opt {
	struct opt o;
	enum opt_kind kind;
	size_t	 at;		/* the field in struct opt_common */
};

#define AT(field)	offsetof(struct opt_common, field)

static const struct shared_opt shared[] = {
	{ { 'a', NULL, "roll with advantage" }, K_FLAG, AT(a) },
	{ { 'd', NULL, "roll with disadvantage" }, K_FLAG, AT(d) },
	{ { 'f', "FILE", "the state file: read, updated, written back" }, K_TEXT, AT(file) },
	{ { 'h', NULL, "print this help and exit" }, K_ANSWER, 0 },
	{ { 'j', NULL, "write the records as JSON Lines" }, K_FLAG, AT(json) },
	{ { 'n', "COUNT", "COUNT turns or rolls (default 1)" }, K_COUNT, AT(count) },
	{ { 'p', "FILE", "the party file" }, K_TEXT, AT(party) },
	{ { 'r', "RULES", "the rules" }, K_TEXT, AT(rules) },
	{ { 's', "SEED", "seed the generator" }, K_TEXT, AT(seed) },
	{ { 't', "FILE", "roll on the table in FILE" }, K_TEXT, AT(table) },
	{ { 'u', NULL, "write each record as soon as it is made" }, K_FLAG, AT(unbuffered) },
	{ { 'V', NULL, "print the version and exit" }, K_ANSWER, 0 },
	{ { 'v', NULL, "show the dice behind each result, and the seed" }, K_FLAG, AT(verbose) },
};

/* A letter's row in TABLE, which ends with a letter 0; NULL if none. */
static const struct opt *
row_in(const struct opt *table, int letter)
{
	for (; table != NULL && table->letter != 0; table++)
		if (table->letter == letter)
			return table;
	return NULL;
}

/* The shared option LETTER if the program takes it (-h and -V: all do). */
static const struct shared_opt *
shared_of(const struct opt_spec *spec, int letter)
{
	size_t i;

	for (i = 0; i < sizeof shared / sizeof shared[0]; i++)
		if (shared[i].o.letter == letter && (shared[i].kind == K_ANSWER ||
		    row_in(spec->opts, letter) != NULL))
			return &shared[i];
	return NULL;
}

/*
 * The option LETTER as the program shows it, in *ROW; 0 if it takes none.
 * A shared one is opt.c's row, in the program's words where it has its
 * own.
 */
static int
find(const struct opt_spec *spec, int letter, struct opt *row)
{
	const struct opt *own = row_in(spec->opts, letter);
	const struct shared_opt *s;

	if (letter == 0)
		return 0;
	if ((s = shared_of(spec, letter)) == NULL) {
		if (own != NULL)
			*row = *own;
		return own != NULL;
	}
	*row = s->o;
	if (own != NULL && own->help != NULL)
		row->help = own->help;
	if (own != NULL && own->arg != NULL)
		row->arg = own->arg;
	return 1;
}

/* A shared option's value in its field of COM, -n's through the bounded parser. */
static void
store(struct opt_common *com, const struct shared_opt *s, char *value)
{
	char *field = (char *)com + s->at;

	switch (s->kind) {
	case K_FLAG: *(int *)(void *)field = 1; break;
	case K_TEXT: *(const char **)(void *)field = value; break;
	case K_COUNT:
		com->count = estrtonum(value, 0, COUNT_MAX, "-n");
		com->count_set = 1;
		break;
	case K_ANSWER: break;
	}
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
		esc_warnx("%s", what);
	}
	fprintf(stderr, "usage: %s\n", spec->usage);
	exit(EXIT_BAD);
}

/*
 * -h: the usage line, one line per option, its own and the shared ones
 * merged, A a B b ... ("  -n COUNT  help", the help after two blanks at
 * least: the shell completion reads these lines), and the manual to read.
 */
static void
help(const struct opt_spec *spec, FILE *fp)
{
	static const char order[] = "AaBbCcDdEeFfGgHhIiJjKkLlMmNnOoPpQqRrSsTtUuVvWwXxYyZz";
	const char *c;
	struct opt o;
	int width = 0, n;

	for (c = order; *c != '\0'; c++)
		if (find(spec, *c, &o) && o.arg != NULL &&
		    (n = (int)strlen(o.arg)) > width)
			width = n;
	fprintf(fp, "usage: %s\n", spec->usage);
	for (c = order; *c != '\0'; c++)	/* two blanks before the help */
		if (find(spec, *c, &o))
			fprintf(fp, "  -%c %-*s  %s\n", o.letter, width,
			    o.arg != NULL ? o.arg : "", o.help);
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
		esc_err(EXIT_IO, "stdout");
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
 * argument; how many arguments it took.  A shared option is stored in
 * COM, then every option goes to FN.
 */
static int
cluster(const struct opt_spec *spec, struct opt_common *com, char **argv,
    opt_fn *fn, void *ctx)
{
	const struct shared_opt *s;
	struct opt o;
	char *p, *value = NULL;
	int took = 1;

	for (p = argv[0] + 1; *p != '\0' && value == NULL; p++) {
		if (!find(spec, (unsigned char)*p, &o))
			opt_usage(spec, "-%c: unknown option", *p);
		if (o.letter == 'h' || o.letter == 'V')
			answer(spec, o.letter);
		if (o.arg != NULL && p[1] != '\0')
			value = p + 1;
		else if (o.arg != NULL && (value = argv[took++]) == NULL)
			opt_usage(spec, "-%c: needs %s %s", o.letter,
			    article(o.arg), o.arg);
		if ((s = shared_of(spec, o.letter)) != NULL)
			store(com, s, value);
		fn(ctx, o.letter, value);
	}
	return took;
}

/*
 * Options and operands in any order up to "--" (up to the command, for a
 * program whose first operand is one: delve); after it, and for a lone
 * "-" or a negative number such as "-1" (no program has a digit for an
 * option), an operand.  The shared options the program takes are read
 * into COM (-n 1 when not given), and each option goes to FN in turn; the
 * operands, in their order, are returned, *ARGC of them.  A form of a
 * program (delve new) is parsed the same way, its name for argv[0].
 */
char **
opt_parse(const struct opt_spec *spec, struct opt_common *com, int *argc,
    char **argv, opt_fn *fn, void *ctx)
{
	char **ops = argv + 1;
	int i, n = 0, dashdash = 0;

	opt_stdfds();
	*com = (struct opt_common){ .count = 1 };
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
			i += cluster(spec, com, argv + i, fn, ctx);
	}
	com->adv = com->a - com->d;
	ops[n] = NULL;
	*argc = n;
	return ops;
}
