/* util: bounded number parsing, allocation and output checks that exit on error */
#ifndef DELVING_UTIL_H
#define DELVING_UTIL_H

#include <err.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define DELVING_VERSION "0.1.0"

enum {			/* exit status: delving(7) EXIT STATUS */
	EXIT_OK = 0,
	EXIT_FAILED = 1,	/* a pass/fail check was rolled and failed */
	EXIT_BAD = 2,		/* usage error or bad input */
	EXIT_IO = 3		/* I/O or system error */
};

#ifdef __GNUC__
#define ESC_PRINTF(i) __attribute__((format(printf, i, i + 1)))
#else
#define ESC_PRINTF(i)
#endif
/*
 * Every error is one line: esc_err, esc_errx and esc_warnx are
 * err(3), errx(3) and warnx(3) that show a control byte (a
 * newline in a user's value) or a byte that is not UTF-8 escaped, as \n
 * or \377.  err(3) itself is never called outside util.c.
 */
_Noreturn void esc_err(int status, const char *fmt, ...) ESC_PRINTF(2);
_Noreturn void esc_errx(int status, const char *fmt, ...) ESC_PRINTF(2);
void	  esc_warnx(const char *fmt, ...) ESC_PRINTF(1);

/* The one way to say FILE:LINE: "PATH:LINE: message", exit 2. */
_Noreturn void bad_at(const char *path, unsigned long line, const char *fmt,
	      ...) ESC_PRINTF(3);

#define INPUT_SIZE_MAX (1L << 20)	/* a party or table file */
#define COUNT_MAX 1000000000000000000LL	/* -n: 10^18 turns */
#define MOD_MAX 100			/* -m: a modifier, and repeated -m added */

long long estrtonum(const char *s, long long lo, long long hi, const char *what);
long	  emod_add(long sum, const char *s);
int	  strtonum_ok(const char *s, long long lo, long long hi, long long *out);
void	 *emalloc(size_t n);
void	 *ereallocarray(void *p, size_t n, size_t size);
char	 *estrdup(const char *s);
size_t	  str_copy(char *dst, size_t size, const char *src);
const char *str_join3(char *buf, size_t size, const char *a, const char *b,
	     const char *c);
size_t	  str_cat(char *buf, size_t size, const char *const *part, int n);
void	  str_append(char *buf, size_t size, const char *sep, const char *fmt, ...)
	      ESC_PRINTF(4);
void	  util_init(void);
void	  version(const char *prog);
extern const char *const yes_no[3];	/* a state file's flags: "no", "yes" */

/* strcmp(a, b) == 0, most unequal words told apart without a call */
static inline int
same_word(const char *a, const char *b)
{
	return *a == *b && strcmp(a, b) == 0;
}

#define U64_DIGITS 20	/* the most a uint64_t has */
char	 *u64_digits(char *end, uint64_t v);

/* a / b rounded down (toward minus infinity) and up, b != 0: the grammar's and the odds' */
static inline long long
floor_div(long long a, long long b)
{
	return a / b - (a % b != 0 && (a < 0) != (b < 0));
}

static inline long long
ceil_div(long long a, long long b)
{
	return a / b + (a % b != 0 && (a < 0) == (b < 0));
}

/* V, under 100, as its one or two digits at P (no NUL): past them. */
static inline char *
small_digits(char *p, unsigned v)
{
	if (v >= 10)
		*p++ = (char)('0' + v / 10);
	*p++ = (char)('0' + v % 10);
	return p;
}
int	  word_in(const char *w, const char *const *list);
int	  name_ok(const char *s);
int	  note_ok(const char *text);
int	  utf8_ok(const char *s, size_t n);
int	  utf8_len(const char *s, size_t n);
int	  text_len(const char *s, size_t n);
int	  eopen_input(const char *path, const char *what);
FILE	 *efopen_input(const char *path, const char *what);
char	 *fd_text(int fd, const char *path, const char *what, size_t *len);
char	 *file_text(const char *path, const char *what, size_t *len);
_Noreturn void refuse_link(const char *path);

/*
 * Eight bytes at a time (SWAR): a word loaded with its first byte lowest,
 * and masks with bit 7 of each byte set where that byte is what is asked.
 * With x a byte's low seven bits, x + 0x60 carries into bit 7 when x is
 * 0x20 or more, x + 0x01 when x is 0x7f, and x + 0x7f when x is not 0; no
 * sum carries into the next byte, so every byte is judged exactly.
 */
#define BYTES(b) (UINT64_C(0x0101010101010101) * (b))

static inline uint64_t
load8(const char *s)
{
	uint64_t w;

	memcpy(&w, s, sizeof w);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	w = __builtin_bswap64(w);
#endif
	return w;
}

/* Printable ASCII, 0x20 to 0x7e. */
static inline uint64_t
printable8(uint64_t w)
{
	uint64_t x = w & BYTES(0x7f);

	return (x + BYTES(0x60)) & ~(x + BYTES(0x01)) & ~w & BYTES(0x80);
}

/* Bytes equal to c. */
static inline uint64_t
equal8(uint64_t w, unsigned char c)
{
	uint64_t t = w ^ BYTES(c);

	return ~(((t & BYTES(0x7f)) + BYTES(0x7f)) | t) & BYTES(0x80);
}

#endif
