/* out: standard output through a buffer, checked before exit (out.h) */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "out.h"
#include "util.h"

#define PIPE_SIZE (1 << 20)	/* Linux's pipe-max-size for all users */

/* O: empty, on standard output (-u: UNBUFFERED). */
void
out_open(struct out_buf *o, int unbuffered)
{
	o->len = 0;
	o->unbuffered = unbuffered;
	o->holding = 0;
	o->kept = NULL;
	o->keptlen = o->keptcap = 0;
	o->flushes = 0;
#ifdef F_SETPIPE_SZ
	/*
	 * A pipe of 1 MiB, not 64 KiB: a pipeline of filters then switches
	 * between them a sixteenth as often.  Not a pipe, or a system that
	 * allows less: nothing changes.
	 */
	(void)fcntl(STDOUT_FILENO, F_SETPIPE_SZ, PIPE_SIZE);
#endif
}

static void
write_all(const char *s, size_t n)
{
	ssize_t w;

	while (n > 0) {
		if ((w = write(STDOUT_FILENO, s, n)) < 0) {
			if (errno == EINTR)
				continue;
			esc_err(EXIT_IO, "stdout");
		}
		s += w;
		n -= (size_t)w;
	}
}

/* Write N bytes, or keep them while holding. */
static void
put_out(struct out_buf *o, const char *s, size_t n)
{
	if (!o->holding) {
		write_all(s, n);
		return;
	}
	if (n == 0)
		return;
	if (o->keptcap - o->keptlen < n) {
		o->keptcap = o->keptlen + n + OUT_SIZE;
		o->kept = ereallocarray(o->kept, o->keptcap, 1);
	}
	memcpy(o->kept + o->keptlen, s, n);
	o->keptlen += n;
}

void
out_flush(struct out_buf *o)
{
	put_out(o, o->buf, o->len);
	o->len = 0;
	o->flushes++;
}

/*
 * From now on what is written is kept, however much, until out_unhold
 * (the record writer's "spelling not yet known", recwrite.c).
 */
void
out_hold(struct out_buf *o)
{
	o->holding = 1;
}

/*
 * Stop holding: all that was written since out_hold, *N bytes in a buffer
 * the caller frees (NULL when there were none); the output is empty after.
 */
char *
out_unhold(struct out_buf *o, size_t *n)
{
	char *held;

	out_flush(o);
	o->holding = 0;
	held = o->kept;
	*n = o->keptlen;
	o->kept = NULL;
	o->keptlen = o->keptcap = 0;
	return held;
}

/* out_put when the buffer is full: flush, and write past it what is larger. */
void
out_spill(struct out_buf *o, const char *s, size_t n)
{
	out_flush(o);
	if (n > OUT_SIZE) {
		put_out(o, s, n);
		return;
	}
	memcpy(o->buf, s, n);
	o->len = n;
}

void
out_bytes(struct out_buf *o, const char *s, size_t n)
{
	out_put(o, s, n);
}

void
out_u64(struct out_buf *o, uint64_t v)
{
	char d[U64_DIGITS], *p;

	if (v < 100 && OUT_SIZE - o->len >= 2) {	/* most of a record's */
		o->len = (size_t)(small_digits(o->buf + o->len, (unsigned)v) -
		    o->buf);
		return;
	}
	p = u64_digits(d + sizeof d, v);
	out_put(o, p, (size_t)(d + sizeof d - p));
}

void
out_i64(struct out_buf *o, int64_t v)
{
	if (v < 0) {
		out_put(o, "-", 1);
		out_u64(o, -(uint64_t)v);
	} else
		out_u64(o, (uint64_t)v);
}

/* Flush and check stdout, whatever wrote to it: >/dev/full fails with 3. */
void
out_close(struct out_buf *o)
{
	size_t n;
	char *held;

	if (o->holding && (held = out_unhold(o, &n)) != NULL) {
		write_all(held, n);	/* nothing said how: as it was written */
		free(held);
	}
	out_flush(o);
	if (fflush(stdout) != 0 || ferror(stdout))
		esc_err(EXIT_IO, "stdout");
}
