/* util: bounded number parsing, allocation and output checks that exit on error */
#ifndef DELVING_UTIL_H
#define DELVING_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define DELVING_VERSION "0.1.0"

enum {			/* exit status: delving(7) EXIT STATUS */
	EXIT_OK = 0,
	EXIT_FAILED = 1,	/* a pass/fail check was rolled and failed */
	EXIT_BAD = 2,		/* usage error or bad input */
	EXIT_IO = 3		/* I/O or system error */
};

#define INPUT_SIZE_MAX (1L << 20)	/* a party or table file */
#define COUNT_MAX 1000000000000000000LL	/* -n: 10^18 turns */
#define MOD_MAX 100			/* -m: a modifier, and repeated -m added */

long long estrtonum(const char *s, long long lo, long long hi, const char *what);
long	  emod_add(long sum, const char *s);
int	  strtonum_ok(const char *s, long long lo, long long hi, long long *out);
void	 *emalloc(size_t n);
void	 *ereallocarray(void *p, size_t n, size_t size);
char	 *estrdup(const char *s);
void	  util_init(void);
void	  version(const char *prog);
extern const char *const yes_no[3];	/* a state file's flags: "no", "yes" */

int	  word_in(const char *w, const char *const *list);
int	  name_ok(const char *s);
int	  utf8_ok(const char *s, size_t n);
FILE	 *efopen_input(const char *path, const char *what);

#endif
