/*
 * out: standard output through one buffer, written in large blocks (a
 * 1 MiB pipe where Linux allows it) and checked before exit.
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
	char	 buf[OUT_SIZE];
};
extern struct out_buf outbuf;	/* the one output, stdout */

void	 out_open(int unbuffered);
void	 out_spill(const char *s, size_t n);
void	 out_bytes(const char *s, size_t n);
void	 out_str(const char *s);
void	 out_u64(uint64_t v);
void	 out_i64(int64_t v);
void	 out_flush(void);
void	 out_hold(void);
char	*out_unhold(size_t *n);
void	 out_close(void);

/* Append n bytes: the fast path, a copy into the buffer. */
static inline void
out_put(const char *s, size_t n)
{
	if (n > OUT_SIZE - outbuf.len) {	/* rare: the buffer is full */
		out_spill(s, n);
		return;
	}
	memcpy(outbuf.buf + outbuf.len, s, n);
	outbuf.len += n;
}

/* The end of a record: written at once with -u. */
static inline void
out_record_end(void)
{
	if (outbuf.unbuffered)
		out_flush();
}

#endif
