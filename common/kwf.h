/*
 * kwf: the one reader and writer of keyword files (delving(7) STATE FILES):
 * state files, party files and the lines of table files.  A file is read
 * whole and its lines kept, so that one written back keeps every comment,
 * blank line and end-of-line comment where the person put them; a write
 * that changes nothing is not made.  An update is locked and written
 * through update.h: an flock(2) on FILE itself, no lock file.
 *
 * State kinds and their keywords are a table in kwf.c: a new kind of file
 * (a session) is a row there.
 */
#ifndef DELVING_KWF_H
#define DELVING_KWF_H

#include <stddef.h>

#define KWF_WORDS_MAX 16
#define KWF_SIZE_MAX (1L << 20)	/* a larger file is refused */

struct kwf;
struct stream;

struct kwf *kwf_read(const char *path, const char *what);
struct kwf *kwf_update(const char *path, const char *kind);
struct kwf *kwf_from_text(const char *name, const char *kind, const char *text);
const char *kwf_kind(const struct kwf *f);
int	 kwf_next(struct kwf *f, char **w);
char	*kwf_text(struct kwf *f, size_t max);
unsigned long kwf_lineno(const struct kwf *f);
const char *kwf_path(const struct kwf *f);
_Noreturn void kwf_bad(const struct kwf *f, const char *fmt, ...);
long long kwf_num(const struct kwf *f, const char *s, long long lo,
	     long long hi);
int	 kwf_flag(const struct kwf *f, const char *key, const char *word);
int	 kwf_stream(const struct kwf *f, char **w, int nw, struct stream *st);
void	 kwf_put(struct kwf *f, const char *fmt, ...);
void	 kwf_put_stream(struct kwf *f, const struct stream *st);
const char *kwf_line(const struct kwf *f, unsigned long lineno);
void	 kwf_replace(struct kwf *f, unsigned long lineno, const char *text);
void	 kwf_append(struct kwf *f, const char *text);
int	 kwf_commit(struct kwf *f);
char	*kwf_render(const struct kwf *f, size_t *len);
void	 kwf_pair(struct kwf *f, struct kwf *party);
void	 kwf_settle(const struct kwf *f, const char *party_path);
void	 kwf_close(struct kwf *f);

#endif
