/* opt: the one front end: options as data, help, version, usage, std fds */
#ifndef DELVING_OPT_H
#define DELVING_OPT_H

/*
 * One option of a program: its letter, its value's name, one help line.
 * A row whose letter is a shared option's (-a -d -f -j -n -p -r -s -t -u
 * -v, opt.c's table: the same meaning in every program) is that option,
 * read by opt.c into struct opt_common; its value's name and help NULL
 * for opt.c's words, or the program's own.
 */
struct opt {
	int	 letter;
	const char *arg;	/* "SEED", "COUNT", "FILE"...; NULL for a flag */
	const char *help;
};

/* A shared option the program takes in opt.c's words. */
#define OPT_SHARED(letter)	{ (letter), NULL, NULL }

/*
 * The shared options (delving(7), Shared options), read by opt.c for
 * every program that names them: -a -d -j -u -v given, -n's count (1 when
 * not given), the values of -f -p -r -s -t (NULL when not given).
 */
#define OPT_COMMON_FIELDS \
	int	 a, d;		/* -a, -d given */ \
	int	 adv;		/* +1 -a, -1 -d, 0 both or neither */ \
	int	 json, unbuffered, verbose;	/* -j, -u, -v */ \
	long long count;	/* -n COUNT */ \
	int	 count_set;	/* -n was given */ \
	const char *file, *party, *rules, *seed, *table;	/* -f -p -r -s -t */

struct opt_common {
	OPT_COMMON_FIELDS
};

/*
 * A program's struct opts begins with OPT_COMMON: the shared options by
 * their names (o.seed, o->count) and as the one struct opt_parse fills
 * (o.com), two views of the same fields.
 */
#define OPT_COMMON union { struct opt_common com; struct { OPT_COMMON_FIELDS }; }

/* A program's front end. */
struct opt_spec {
	const char *name;	/* "hazard" */
	const char *usage;	/* the SYNOPSIS as one line, after "usage: " */
	const struct opt *opts;	/* the options it takes, its own and the
				   shared ones, in -h's order; ends with a
				   letter 0 */
	int	 command;	/* the first operand is a command: the words
				   after it are its own, options included */
};

/* Called with each option but -h and -V, in order; VALUE is in argv. */
typedef void opt_fn(void *ctx, int letter, char *value);

char	**opt_parse(const struct opt_spec *spec, struct opt_common *com,
	    int *argc, char **argv, opt_fn *fn, void *ctx);
_Noreturn void opt_usage(const struct opt_spec *spec, const char *fmt, ...)
#ifdef __GNUC__
	__attribute__((format(printf, 2, 3)))
#endif
	;

#endif
