/*
 * state: the locked, atomic read-change-write of a state file (delving(7)):
 * flock FILE.lock, read FILE, write FILE.tmp.PID, fsync, rename, fsync dir.
 */
#ifndef DELVING_STATE_H
#define DELVING_STATE_H

#include <stdio.h>
#include "rng.h"

#define STF_WORDS_MAX 16
#define STF_SIZE_MAX (1L << 20)	/* a larger state file is refused */

struct stf {
	const char *path;
	char	*lockpath;
	char	*tmppath;
	int	 lockfd;
	FILE	*in;		/* NULL when FILE does not exist yet */
	FILE	*out;
	unsigned long lineno;
	char	*line;
	size_t	 cap;
};

void	 stf_open(struct stf *f, const char *path);
int	 stf_next(struct stf *f, char **w);
void	 stf_bad(const struct stf *f, const char *fmt, ...);
long long stf_num(const struct stf *f, const char *s, long long lo, long long hi);
int	 stf_stream(const struct stf *f, char **w, int nw, struct stream *st);
FILE	*stf_temp(struct stf *f);
FILE	*stf_write(struct stf *f, const char *prog);
void	 stf_write_stream(FILE *fp, const struct stream *st);
void	 stf_commit(struct stf *f);
void	 stf_close(struct stf *f);

#endif
