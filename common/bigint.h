/* bigint: unsigned integers of any size, for exact counts of outcomes */
#ifndef DELVING_BIGINT_H
#define DELVING_BIGINT_H

#include <stdint.h>

struct big {
	uint32_t *w;		/* limbs, least significant first */
	int	 n;		/* limbs in use: w[n - 1] != 0, or n == 0 */
	int	 cap;
};

void	 big_free(struct big *a);
void	 big_set(struct big *a, uint64_t v);
void	 big_copy(struct big *a, const struct big *b);
int	 big_zero(const struct big *a);
int	 big_cmp(const struct big *a, const struct big *b);
void	 big_add(struct big *a, const struct big *b);
void	 big_sub(struct big *a, const struct big *b);
void	 big_addmul(struct big *a, const struct big *b, const struct big *c);
void	 big_mul(struct big *a, const struct big *b, const struct big *c);
void	 big_addsmall(struct big *a, const struct big *b, uint32_t m);
void	 big_mulsmall(struct big *a, uint32_t m, uint32_t add);
uint32_t big_divsmall(struct big *a, uint32_t d);
int	 big_bits(const struct big *a);
char	*big_str(const struct big *a);
int	 big_u64(const struct big *a, uint64_t *v);

#endif
