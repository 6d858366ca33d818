/* dice: one plain term NdM, dM, d%, khN/klN, +K/-K, read by the grammar (expr.h), rolled fast */
#ifndef DELVING_DICE_H
#define DELVING_DICE_H

#include <stdint.h>
#include "expr.h"
#include "rng.h"

#define DICE_COUNT_MAX 1000
#define DICE_SIDES_MAX 1000000
#define DICE_MOD_MAX   1000000

struct dice {
	uint32_t count;		/* dice rolled */
	uint32_t sides;
	uint32_t keep;		/* dice kept: count unless kh/kl */
	int	 keephigh;	/* 1 kh, 0 kl */
	int32_t	 mod;
};

const char *dice_of(struct dice *d, const struct expr *e);
const char *dice_read(struct dice *d, const char *s, struct expr *scratch);
void	 dice_name(char *buf, int size, const struct expr *e,
	     const char *written);
long	 dice_min(const struct dice *d);
long	 dice_max(const struct dice *d);
long	 dice_roll(const struct dice *d, struct rng *r, uint32_t *faces);
int	 dice_format(const struct dice *d, char *buf, int size);
int	 dice_faces(const struct dice *d, const uint32_t *faces, char *buf,
	     int size);
int	 dice_describe(const struct dice *d, const uint32_t *faces, char *buf,
	     int size);

/* A check: d20 + MOD against a DC; -a/-d roll 2d20 and keep one. */
struct check {
	long	 roll;		/* the kept d20 */
	long	 mod;
	long	 total;
	long	 dc;
	int	 pass;		/* total meets or beats the DC */
	int	 nat1;		/* 004: the kept d20 shows 1 (critical failure) */
	int	 nat20;		/* 004: the kept d20 shows 20 (critical hit) */
	uint32_t faces[2];	/* both d20s with advantage or disadvantage */
};


#endif
