/*
 * update: the locked, atomic read-change-write of one file (delving(7)
 * STATE FILES): an flock(2) on FILE itself, the new contents through
 * FILE.tmp.PID, fsync, rename, fsync of the directory.  No lock file.
 */
#ifndef DELVING_UPDATE_H
#define DELVING_UPDATE_H

#include <stdio.h>

struct upd;

struct upd *upd_open(const char *path, const char *what, int create);
int	 upd_fd(const struct upd *u);
FILE	*upd_begin(struct upd *u);
void	 upd_commit(struct upd *u, FILE *fp);
void	 upd_close(struct upd *u);

#endif
