/* out: standard output through one buffer, checked before exit (out.h) */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "record.h"
#include "util.h"

#define PIPE_SIZE (1 << 20)	/* Linux's pipe-max-size for all users */

struct out_buf outbuf;



void
out_init(const char *prog, int unbuffered)
{
	rec_prog_name(prog);
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
			err(EXIT_IO, "stdout");
		}
		s += w;
		n -= (size_t)w;
	}
}

void
out_flush(void)
{
	write_all(outbuf.buf, outbuf.len);
	outbuf.len = 0;
}

/* out_put when the buffer is full: flush, and write past it what is larger. */
void
out_spill(const char *s, size_t n)
{
	out_flush();
	if (n > OUT_SIZE) {
		write_all(s, n);
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
	out_flush();
	if (fflush(stdout) != 0 || ferror(stdout))
		err(EXIT_IO, "stdout");
}
