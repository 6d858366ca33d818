/* out: standard output through one buffer, checked before exit (out.h) */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "out.h"
#include "util.h"

#define PIPE_SIZE (1 << 20)	/* Linux's pipe-max-size for all users */

struct out_buf outbuf;

/* What out_hold keeps, in the order it was written, past the buffer. */
static struct {
	char	*buf;
	size_t	 len, cap;
} kept;

void
out_open(int unbuffered)
{
	outbuf.unbuffered = unbuffered;
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
put_out(const char *s, size_t n)
{
	if (!outbuf.holding) {
		write_all(s, n);
		return;
	}
	if (n == 0)
		return;
	if (kept.cap - kept.len < n) {
		kept.cap = kept.len + n + OUT_SIZE;
		kept.buf = ereallocarray(kept.buf, kept.cap, 1);
	}
	memcpy(kept.buf + kept.len, s, n);
	kept.len += n;
}

void
out_flush(void)
{
	put_out(outbuf.buf, outbuf.len);
	outbuf.len = 0;
}

/*
 * From now on what is written is kept, however much, until out_unhold
 * (the record writer's "spelling not yet known", recwrite.c).
 */
void
out_hold(void)
{
	outbuf.holding = 1;
}

/*
 * Stop holding: all that was written since out_hold, *N bytes in a buffer
 * the caller frees (NULL when there were none); the output is empty after.
 */
char *
out_unhold(size_t *n)
{
	char *held;

	out_flush();
	outbuf.holding = 0;
	held = kept.buf;
	*n = kept.len;
	memset(&kept, 0, sizeof kept);
	return held;
}

/* out_put when the buffer is full: flush, and write past it what is larger. */
void
out_spill(const char *s, size_t n)
{
	out_flush();
	if (n > OUT_SIZE) {
		put_out(s, n);
		return;
	}
	memcpy(outbuf.buf, s, n);
	outbuf.len = n;
}

void
out_bytes(const char *s, size_t n)
{
	out_put(s, n);
}

void
out_str(const char *s)
{
	out_put(s, strlen(s));
}

void
out_u64(uint64_t v)
{
	char d[U64_DIGITS], *p = u64_digits(d + sizeof d, v);

	out_put(p, (size_t)(d + sizeof d - p));
}

void
out_i64(int64_t v)
{
	if (v < 0) {
		out_put("-", 1);
		out_u64(-(uint64_t)v);
	} else
		out_u64((uint64_t)v);
}

/* Flush and check stdout, whatever wrote to it: >/dev/full fails with 3. */
void
out_close(void)
{
	size_t n;
	char *held;

	if (outbuf.holding && (held = out_unhold(&n)) != NULL) {
		write_all(held, n);	/* nothing said how: as it was written */
		free(held);
	}
	out_flush();
	if (fflush(stdout) != 0 || ferror(stdout))
		esc_err(EXIT_IO, "stdout");
}
