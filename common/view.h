/*
 * view: a record stream shown to a person (delve(6) OUTPUT): each turn's
 * sentences aligned after the turn and the clock at its end; or the
 * records as they are; or each as a JSON object.
 */
#ifndef DELVING_VIEW_H
#define DELVING_VIEW_H

#include <stddef.h>
#include <stdint.h>

enum view_form { VIEW_PEOPLE, VIEW_RAW, VIEW_JSON };

/* Bytes of a stream: mem, else len bytes of the file fd from its start. */
struct view_part {
	const char *mem;
	int	 fd;
	long long len;
};

void	 view_parts(const struct view_part *p, int np, const char *name,
	     enum view_form form, uint64_t start, uint64_t prev);
void	 view_check(const struct view_part *p, int np, const char *name);
void	 view_fd(int fd, const char *name, enum view_form form, uint64_t start,
	     uint64_t prev);
void	 view_records(char *buf, size_t len, enum view_form form, uint64_t start,
	     uint64_t prev);

#endif
