/*
 * update: the locked, atomic read-change-write of one file (delving(7)
 * STATE FILES): an flock(2) on FILE itself, the new contents through
 * FILE.tmp.PID, fsync, rename, fsync of the directory.  No lock file.
 * Two files written as one (-w's state and party) go through a pending
 * copy of the second that the first's checksum names: upd_stage.
 */
#ifndef DELVING_UPDATE_H
#define DELVING_UPDATE_H

#include <stdint.h>
#include <stdio.h>

struct upd;

struct upd *upd_open(const char *path, const char *what, int create);
int	 upd_fd(const struct upd *u);
FILE	*upd_begin(struct upd *u);
void	 upd_commit(struct upd *u, FILE *fp);
void	 upd_close(struct upd *u);

/* Two files as one: the second's pending copy named by the first's checksum. */
uint64_t upd_sum(const char *text);
void	 upd_stage(struct upd *u, uint64_t sum, const char *text, size_t len);
void	 upd_promote(struct upd *u);
void	 upd_remove_pending(const struct upd *u);
int	 upd_settle(const char *path, const char *what, uint64_t sum);

#endif
