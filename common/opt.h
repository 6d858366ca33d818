/* opt: the one front end: options as data, help, version, usage, std fds */
#ifndef DELVING_OPT_H
#define DELVING_OPT_H

/* One option of a program: its letter, its value's name, one help line. */
struct opt {
	int	 letter;
	const char *arg;	/* "SEED", "COUNT", "FILE"...; NULL for a flag */
	const char *help;
};

/* A program's front end: its options sorted as its manual lists them. */
struct opt_spec {
	const char *name;	/* "hazard" */
	const char *usage;	/* the SYNOPSIS as one line, after "usage: " */
	const struct opt *opts;	/* ends with a letter 0 */
	int	 command;	/* the first operand is a command: the words
				   after it are its own, options included */
};

/* Called with each option but -h and -V, in order; VALUE is in argv. */
typedef void opt_fn(void *ctx, int letter, char *value);

char	**opt_parse(const struct opt_spec *spec, int *argc, char **argv,
	    opt_fn *fn, void *ctx);
void	  opt_stdfds(void);
_Noreturn void opt_usage(const struct opt_spec *spec, const char *fmt, ...)
#ifdef __GNUC__
	__attribute__((format(printf, 2, 3)))
#endif
	;

#endif
