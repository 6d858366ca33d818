/* util: bounded number parsing, allocation and output checks that exit on error */
#include <err.h>
#include <fcntl.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

/*
 * Parse a whole decimal integer in lo..hi; 0 on success.  A sign or a
 * digit first: strtoll would skip any white space (\v, \f, \r too).
 */
int
strtonum_ok(const char *s, long long lo, long long hi, long long *out)
{
	char *end;
	long long v;

	if (*s != '-' && *s != '+' && (*s < '0' || *s > '9'))
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (*end != '\0' || errno == ERANGE || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/* The one parser of a user's number: names the value and the range. */
long long
estrtonum(const char *s, long long lo, long long hi, const char *what)
{
	long long v;

	if (strtonum_ok(s, lo, hi, &v) != 0)
		esc_errx(EXIT_BAD, "%s: '%s': expected a whole number from %lld to %lld",
		    what, s, lo, hi);
	return v;
}

void *
emalloc(size_t n)
{
	void *p;

	if ((p = malloc(n ? n : 1)) == NULL)
		esc_err(EXIT_IO, "malloc");
	return p;
}

void *
ereallocarray(void *p, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size) {
		errno = ENOMEM;
		esc_err(EXIT_IO, "realloc");
	}
	if ((p = realloc(p, n && size ? n * size : 1)) == NULL)
		esc_err(EXIT_IO, "realloc");
	return p;
}

char *
estrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(emalloc(n), s, n);
}

/* src into dst of size bytes, cut to fit, always ended: its length. */
size_t
str_copy(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);

	if (n >= size)
		n = size - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
	return n;
}

/*
 * The N strings of PART one after another in BUF of SIZE bytes, cut to
 * fit and ended as snprintf's "%s%s..." would write them, without stdio:
 * their whole length.
 */
size_t
str_cat(char *buf, size_t size, const char *const *part, int n)
{
	size_t len = 0, k;
	int i;

	for (i = 0; i < n; i++) {
		k = strlen(part[i]);
		if (len + 1 < size)
			memcpy(buf + len, part[i], k < size - 1 - len ? k :
			    size - 1 - len);
		len += k;
	}
	if (size > 0)
		buf[len < size ? len : size - 1] = '\0';
	return len;
}

/* Append to a sentence in buf, cut to fit: each part after the first behind SEP. */
void
str_append(char *buf, size_t size, const char *sep, const char *fmt, ...)
{
	size_t n = strlen(buf);
	va_list ap;

	if (n > 0 && n < size)
		n += (size_t)snprintf(buf + n, size - n, "%s", sep);
	va_start(ap, fmt);
	if (n < size)
		vsnprintf(buf + n, size - n, fmt, ap);
	va_end(ap);
}

/* A filter ends quietly on a closed pipe, whatever its parent ignored. */
void
util_init(void)
{
	signal(SIGPIPE, SIG_DFL);
}

void
version(const char *prog)
{
	printf("%s (delving) %s\n", prog, DELVING_VERSION);
}

const char *const yes_no[3] = { "no", "yes", NULL };

/* Index of w in a NULL-terminated list, or -1. */
int
word_in(const char *w, const char *const *list)
{
	int i;

	for (i = 0; list[i] != NULL; i++)
		if (same_word(w, list[i]))
			return i;
	return -1;
}

/* The decimal digits of V, written to end just before END; where they start. */
char *
u64_digits(char *end, uint64_t v)
{
	do
		*--end = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	return end;
}

/* A name a record or a state file can hold: printable, no blank, not too long. */
int
name_ok(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++, n++)
		if ((unsigned char)*s <= ' ' || *s == 0x7f)
			return 0;
	return n > 0 && n <= 32;
}

/* The length of the valid UTF-8 character at p, of at most n bytes (RFC 3629), or 0. */
int
utf8_len(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t c;
	size_t len, i;

	/* not a continuation, an overlong lead, nor one past U+10FFFF */
	if (n == 0 || p[0] < 0xc2 || p[0] > 0xf4)
		return 0;
	len = p[0] >= 0xf0 ? 4 : p[0] >= 0xe0 ? 3 : 2;
	if (len > n)
		return 0;
	c = p[0] & (0x7fu >> len);
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3fu);
	}
	if ((len == 3 && c < 0x800) || (len == 4 && c < 0x10000) ||
	    c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	return (int)len;
}

/* The length of the character of text at s, of at most n bytes: 0 for none. */
int
text_len(const char *s, size_t n)
{
	unsigned char c = (unsigned char)*s;

	if (c < 0x80)
		return (c >= ' ' && c != 0x7f) || c == '\t';
	return utf8_len(s, n);
}

/*
 * Well-formed UTF-8 with no NUL and no C0 control but TAB: text a record
 * may carry.  Plain ASCII is judged eight bytes at a time.
 */
int
utf8_ok(const char *s, size_t n)
{
	const char *end = s + n, *stop;
	int len;

	while (s < end) {
		if (end - s >= 8 && (printable8(load8(s)) |
		    equal8(load8(s), '\t')) == BYTES(0x80)) {
			s += 8;
			continue;
		}
		for (stop = end - s >= 8 ? s + 8 : end; s < stop; s += len)
			if ((len = text_len(s, (size_t)(end - s))) == 0)
				return 0;
	}
	return 1;
}

/*
 * -m MOD, which may repeat: the values add.  Each value and the running sum
 * stay within -MOD_MAX..MOD_MAX.
 */
long
emod_add(long sum, const char *s)
{
	sum += (long)estrtonum(s, -MOD_MAX, MOD_MAX, "-m");
	if (sum < -MOD_MAX || sum > MOD_MAX)
		esc_errx(EXIT_BAD, "-m: '%s': the modifiers add up to %ld: expected -%d to %d",
		    s, sum, MOD_MAX, MOD_MAX);
	return sum;
}

/* A link where a file of the suite must be: refused, never followed. */
void
refuse_link(const char *path)
{
	esc_errx(EXIT_BAD, "%s: is a symbolic link: refusing to follow it", path);
}

/*
 * The exit status of an open(2) that failed: 2 when the name is at fault
 * (missing, a directory, a link, no permission), 3 when the system is
 * (no descriptor left, no memory, an I/O error).
 */
static int
open_status(int e)
{
	switch (e) {
	case EMFILE: case ENFILE: case ENOMEM: case EIO: case EINTR: case EAGAIN:
	case ENOSPC: case EROFS: case ETXTBSY: case EOVERFLOW:
		return EXIT_IO;
	}
	return EXIT_BAD;
}

/*
 * The one bounded open: a descriptor for a plain file (not a directory or a
 * FIFO, which could block) of at most 1 MiB.  WHAT says what it should be.
 */
int
eopen_input(const char *path, const char *what)
{
	struct stat sb;
	int fd;

	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0)
		esc_err(open_status(errno), "%s", path);
	if (fstat(fd, &sb) != 0)
		esc_err(EXIT_IO, "%s", path);
	if (!S_ISREG(sb.st_mode))
		esc_errx(EXIT_BAD, "%s: not a regular file", path);
	if (sb.st_size > INPUT_SIZE_MAX)
		esc_errx(EXIT_BAD, "%s: larger than 1 MiB: not %s", path, what);
	return fd;
}

FILE *
efopen_input(const char *path, const char *what)
{
	FILE *fp;

	if ((fp = fdopen(eopen_input(path, what), "r")) == NULL)
		esc_err(EXIT_IO, "%s", path);
	return fp;
}

/*
 * The rest of FD, the file PATH (WHAT: "a party file"), read whole and
 * NUL-terminated, *LEN bytes: one larger than INPUT_SIZE_MAX refused.
 */
char *
fd_text(int fd, const char *path, const char *what, size_t *len)
{
	size_t n = 0, cap = 8192;
	char *buf = emalloc(cap + 1);
	ssize_t r;

	while ((r = read(fd, buf + n, cap - n)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			esc_err(EXIT_IO, "%s", path);
		if ((n += (size_t)r) > INPUT_SIZE_MAX)
			esc_errx(EXIT_BAD, "%s: larger than 1 MiB: not %s", path, what);
		if (n == cap)
			buf = ereallocarray(buf, (cap *= 2) + 1, 1);
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* The regular file PATH whole (eopen_input, fd_text); NULL when missing. */
char *
file_text(const char *path, const char *what, size_t *len)
{
	size_t n;
	char *text;
	int fd;

	if (access(path, F_OK) != 0 && errno == ENOENT)
		return NULL;
	fd = eopen_input(path, what);
	text = fd_text(fd, path, what, len != NULL ? len : &n);
	close(fd);
	return text;
}

void
bad_at(const char *path, unsigned long line, const char *fmt, ...)
{
	char why[2048];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	esc_errx(EXIT_BAD, "%s:%lu: %s", path, line, why);
}

/* One byte's escape: \n, \t and the like, else three octal digits. */
static size_t
escape_byte(char *to, unsigned char c)
{
	static const char named[] = "\aa\bb\tt\nn\vv\ff\rr";
	const char *p;

	to[0] = '\\';
	if (c != '\0' && (p = strchr(named, c)) != NULL && (p - named) % 2 == 0) {
		to[1] = p[1];
		return 2;
	}
	to[1] = (char)('0' + (c >> 6));
	to[2] = (char)('0' + (c >> 3 & 7));
	to[3] = (char)('0' + (c & 7));
	return 4;
}

/* The message of FMT as one line of text, in TO (of SIZE bytes, at least 1). */
static void
vmessage(char *to, size_t size, const char *fmt, va_list ap)
{
	char msg[2048];
	size_t n, i, k = 0;
	int len;

	vsnprintf(msg, sizeof msg, fmt, ap);
	n = strlen(msg);
	for (i = 0; i < n && k + 5 <= size; i += (size_t)len) {
		if ((len = text_len(msg + i, n - i)) != 0 && msg[i] != '\t') {
			memcpy(to + k, msg + i, (size_t)len);
			k += (size_t)len;
		} else {
			k += escape_byte(to + k, (unsigned char)msg[i]);
			len = 1;
		}
	}
	to[k] = '\0';
}

/*
 * The esc_* functions' one body: FMT's message as one line of text, said
 * by err(3) or errx(3) with STATUS (WITH_ERRNO, errno's reason after it),
 * or with STATUS -1 by warnx(3).
 */
static void
esc(int status, int with_errno, const char *fmt, va_list ap)
{
	char line[8192];
	int saved = errno;

	vmessage(line, sizeof line, fmt, ap);
	errno = saved;
	if (status < 0)
		warnx("%s", line);
	else if (with_errno)
		err(status, "%s", line);
	else
		errx(status, "%s", line);
}

void
esc_err(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	esc(status, 1, fmt, ap);
	va_end(ap);
	exit(status);	/* not reached: err(3) */
}

void
esc_errx(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	esc(status, 0, fmt, ap);
	va_end(ap);
	exit(status);	/* not reached: errx(3) */
}

void
esc_warnx(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	esc(-1, 0, fmt, ap);
	va_end(ap);
}

/* A, B and C in BUF of SIZE, B cut to fit; B itself when A and C are "". */
const char *
str_join3(char *buf, size_t size, const char *a, const char *b, const char *c)
{
	size_t na = strlen(a), nb = strlen(b), nc = strlen(c);

	if (na == 0 && nc == 0)
		return b;
	if (na + nb + nc >= size)
		nb = size - 1 - na - nc;
	memcpy(buf, a, na);
	memcpy(buf + na, b, nb);
	memcpy(buf + na + nb, c, nc + 1);
	return buf;
}

/* A note's text: printable UTF-8, 1 to 1000 bytes, no TAB or control byte. */
int
note_ok(const char *text)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t n = strlen(text);

	if (n == 0 || n > 1000 || !utf8_ok(text, n))
		return -1;
	for (; *s != '\0'; s++)
		if (*s < 0x20 || *s == 0x7f)
			return -1;
	return 0;
}
