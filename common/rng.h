/* rng: the suite's one generator, xoshiro256** seeded through splitmix64 */
#ifndef DELVING_RNG_H
#define DELVING_RNG_H

#include <stdint.h>

#define RNG_HEXLEN 64		/* the state as one text word: 4 x 16 hex digits */

struct rng {
	uint64_t s[4];
};

uint64_t rng_splitmix(uint64_t *x);
uint64_t rng_fnv1a(const char *s);
uint64_t rng_seedword(const char *word);
void	 rng_seed(struct rng *r, uint64_t seed, const char *prog);
uint64_t rng_next(struct rng *r);
uint32_t rng_below(struct rng *r, uint32_t n);
uint32_t rng_die(struct rng *r, uint32_t sides);
uint64_t rng_entropy(void);
void	 rng_tohex(const struct rng *r, char hex[RNG_HEXLEN + 1]);
int	 rng_fromhex(struct rng *r, const char *hex);

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
