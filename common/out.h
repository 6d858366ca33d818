/*
 * out: standard output through a buffer its owner holds, written in large
 * blocks (a 1 MiB pipe where Linux allows it) and checked before exit.
 * A program's one out_buf is its record writer's (record.h, rec_out).
 */
#ifndef DELVING_OUT_H
#define DELVING_OUT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define OUT_SIZE (1 << 16)

struct out_buf {
	size_t	 len;		/* bytes waiting in buf */
	int	 unbuffered;	/* -u: written at the end of each record */
	int	 holding;	/* out_hold: flushing keeps, and writes nothing */
	char	*kept;		/* what out_hold keeps past the buffer, */
	size_t	 keptlen, keptcap;	/* in the order written */
	unsigned long flushes;	/* how many times the buffer was emptied */
	char	 buf[OUT_SIZE];
};

void	 out_open(struct out_buf *o, int unbuffered);
void	 out_spill(struct out_buf *o, const char *s, size_t n);
void	 out_bytes(struct out_buf *o, const char *s, size_t n);
void	 out_u64(struct out_buf *o, uint64_t v);
void	 out_i64(struct out_buf *o, int64_t v);
void	 out_flush(struct out_buf *o);
void	 out_hold(struct out_buf *o);
char	*out_unhold(struct out_buf *o, size_t *n);
void	 out_close(struct out_buf *o);

/* Append n bytes: the fast path, a copy into the buffer. */
static inline void
out_put(struct out_buf *o, const char *s, size_t n)
{
	if (n > OUT_SIZE - o->len) {	/* rare: the buffer is full */
		out_spill(o, s, n);
		return;
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

static inline void
out_str(struct out_buf *o, const char *s)
{
	out_put(o, s, strlen(s));
}

/* The end of a record: written at once with -u. */
static inline void
out_record_end(struct out_buf *o)
{
	if (o->unbuffered)
		out_flush(o);
}

#endif
