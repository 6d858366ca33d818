/*
 * drawn: the rows of -T tables drawn without replacement, as a program's
 * state file keeps them from run to run ("drawn KEY ROWS": hazard's and
 * reaction's), so that a session's turns draw each row once, undo takes
 * a draw back and delve reset puts a table's rows back.
 */
#ifndef DELVING_DRAWN_H
#define DELVING_DRAWN_H

#include "kwf.h"
#include "table.h"

#define DRAWN_MAX 16	/* -T tables drawn without replacement */
#define DRAWN_LEN 1100	/* a key, the rows drawn: "encounter 1-3,7" */

struct drawn {
	char	 line[DRAWN_MAX][DRAWN_LEN];	/* "KEY ROWS" */
	int	 n;
};

int	 drawn_line(struct drawn *d, const struct kwf *f, char **w, int nw);
void	 drawn_put(const struct drawn *d, struct kwf *f);
void	 drawn_from(const struct drawn *d, const struct tbl_on *on, int non,
	     const char *file);
void	 drawn_to(struct drawn *d, const struct tbl_on *on, int non);

/* -T KEY=FILE as hazard and reaction take it: the tables results roll on. */
struct drawn_on {
	char	*arg[DRAWN_MAX];	/* KEY=FILE as given; KEY once loaded */
	struct tbl_on on[DRAWN_MAX];
	int	 nargs, n;		/* given, loaded */
};
typedef void drawn_key_fn(void *ctx, const char *key);	/* exits on a bad KEY */

void	 drawn_arg(char **args, int *n, int max, char *arg);
void	 drawn_on_load(struct drawn_on *t, const char *example, int kept,
	     drawn_key_fn *check, void *ctx);
void	 drawn_on_free(struct drawn_on *t);

#endif
