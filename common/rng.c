/*
 * rng: xoshiro256** (Blackman and Vigna) seeded through splitmix64, seed
 * words hashed with FNV-1a 64, integers 1..N by Lemire's nearly divisionless
 * method on the top 32 bits of each output.  This whole chain is the
 * suite's reproducibility contract (delving(7) RANDOM NUMBERS).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "rng.h"
#include "util.h"

uint64_t
rng_splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
	return z ^ (z >> 31);
}

uint64_t
rng_fnv1a(const char *s)
{
	return rng_fnv1a_more(RNG_FNV_OFFSET, s, strlen(s));
}

/*
 * FNV-1a 64 going on from h over n more bytes: a file's checksum read in
 * pieces (from RNG_FNV_OFFSET) is rng_fnv1a of its text.
 */
uint64_t
rng_fnv1a_more(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	for (; n > 0; n--, b++) {
		h ^= *b;
		h *= 0x100000001b3;
	}
	return h;
}

/* A decimal integer 0..2^64-1 is that number; any other word is hashed. */
uint64_t
rng_seedword(const char *word)
{
	const char *p;
	uint64_t v = 0;

	if (*word == '\0' || strlen(word) > 20)
		return rng_fnv1a(word);
	for (p = word; *p != '\0'; p++) {
		if (*p < '0' || *p > '9')
			return rng_fnv1a(word);
		if (v > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
			return rng_fnv1a(word);
		v = v * 10 + (uint64_t)(*p - '0');
	}
	return v;
}

/* Each program's stream apart: splitmix64 over seed XOR FNV-1a(name). */
void
rng_seed(struct rng *r, uint64_t seed, const char *prog)
{
	uint64_t x = seed ^ rng_fnv1a(prog);
	int i;

	for (i = 0; i < 4; i++)
		r->s[i] = rng_splitmix(&x);
}

/* 8 bytes from getrandom(2), else /dev/urandom; never a fixed seed. */
uint64_t
rng_entropy(void)
{
	uint64_t v;
	ssize_t n;
	int fd;

	do
		n = getrandom(&v, sizeof v, 0);
	while (n < 0 && errno == EINTR);
	if (n == (ssize_t)sizeof v)
		return v;
	if ((fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)) < 0)
		esc_err(EXIT_IO, "/dev/urandom");
	n = read(fd, &v, sizeof v);
	close(fd);
	if (n != (ssize_t)sizeof v)
		esc_errx(EXIT_IO, "/dev/urandom: short read");
	return v;
}

void
rng_tohex(const struct rng *r, char hex[RNG_HEXLEN + 1])
{
	int i;

	for (i = 0; i < 4; i++)
		snprintf(hex + 16 * i, 17, "%016" PRIx64, r->s[i]);
}

/* 0 on success; an all-zero state is refused: xoshiro never leaves it. */
int
rng_fromhex(struct rng *r, const char *hex)
{
	int i, j, c;
	uint64_t v;

	if (strlen(hex) != RNG_HEXLEN)
		return -1;
	for (i = 0; i < 4; i++) {
		for (v = 0, j = 0; j < 16; j++) {
			c = hex[16 * i + j];
			if (c >= '0' && c <= '9')
				v = v << 4 | (uint64_t)(c - '0');
			else if (c >= 'a' && c <= 'f')
				v = v << 4 | (uint64_t)(c - 'a' + 10);
			else
				return -1;
		}
		r->s[i] = v;
	}
	return (r->s[0] | r->s[1] | r->s[2] | r->s[3]) ? 0 : -1;
}

/*
 * Pick the seed: -s, else DELVING_SEED, else what the state file held,
 * else entropy.  A restored stream goes on unless a different seed is given.
 */
void
stream_start(struct stream *st, const char *prog, const char *seedopt,
    int verbose)
{
	const char *word = seedopt;
	uint64_t seed;

	if (word == NULL && (word = getenv("DELVING_SEED")) != NULL &&
	    *word == '\0')
		word = NULL;
	if (word != NULL) {
		seed = rng_seedword(word);
		if (!st->restored || seed != st->seed) {
			st->seed = seed;
			rng_seed(&st->rng, seed, prog);
		}
	} else if (!st->restored) {
		if (!st->have_seed)
			st->seed = rng_entropy();
		rng_seed(&st->rng, st->seed, prog);
	}
	if (verbose)
		fprintf(stderr, "%s: seed %" PRIu64 "\n", prog, st->seed);
}
