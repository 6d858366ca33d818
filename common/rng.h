/* rng: the suite's one generator, xoshiro256** seeded through splitmix64 */
#ifndef DELVING_RNG_H
#define DELVING_RNG_H

#include <stdint.h>

#define RNG_HEXLEN 64		/* the state as one text word: 4 x 16 hex digits */
#define RNG_FNV_OFFSET 0xcbf29ce484222325u	/* FNV-1a 64's start */

#include <stddef.h>

struct rng {
	uint64_t s[4];
};

uint64_t rng_splitmix(uint64_t *x);
uint64_t rng_fnv1a(const char *s);
uint64_t rng_fnv1a_more(uint64_t h, const void *p, size_t n);
uint64_t rng_seedword(const char *word);
void	 rng_seed(struct rng *r, uint64_t seed, const char *prog);
uint64_t rng_entropy(void);
void	 rng_tohex(const struct rng *r, char hex[RNG_HEXLEN + 1]);
int	 rng_fromhex(struct rng *r, const char *hex);

/* The hot path, inline: one output, and an integer below n or 1..sides. */
static inline uint64_t
rng_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t
rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rng_rotl(s[3], 45);
	return result;
}

/* 0..n-1, n >= 1: Lemire, "Fast random integer generation in an interval". */
static inline uint32_t
rng_below(struct rng *r, uint32_t n)
{
	uint64_t m = (rng_next(r) >> 32) * (uint64_t)n;
	uint32_t low = (uint32_t)m, floor;

	if (low < n) {
		floor = -n % n;
		while (low < floor) {
			m = (rng_next(r) >> 32) * (uint64_t)n;
			low = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

static inline uint32_t
rng_die(struct rng *r, uint32_t sides)
{
	return rng_below(r, sides) + 1;
}

/*
 * A program's random stream: the seed it came from, the generator, and
 * whether both were restored from a state file.
 */
struct stream {
	uint64_t seed;
	struct rng rng;
	int restored;		/* the generator came from a state file */
	int have_seed;		/* the seed came from a state file */
};

void	 stream_start(struct stream *st, const char *prog, const char *seedopt,
	     int verbose);

#endif
