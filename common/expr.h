/*
 * expr: the dice grammar of every program (roll(6) has it in EBNF): sums,
 * differences, products and quotients by constants, parentheses, and dice
 * terms with keep/drop, reroll, exploding and success counting.
 */
#ifndef DELVING_EXPR_H
#define DELVING_EXPR_H

#include <stdint.h>
#include "rng.h"

#define EXPR_NODES_MAX	64		/* terms, constants and operators */
#define EXPR_COUNT_MAX	1000		/* dice in one term */
#define EXPR_SIDES_MAX	1000000
#define EXPR_CONST_MAX	1000000		/* a constant, a multiplier, a divisor */
#define EXPR_MAG_MAX	1000000000000LL	/* |total| of any part */
#define EXPR_EXPLODE_MAX 20		/* a die explodes at most this often */
#define EXPR_TEXT_MAX	256		/* the length of one expression */

enum { CMP_NONE, CMP_EQ, CMP_LT, CMP_GT, CMP_LE, CMP_GE };

struct cmp {
	int	 op;
	long long v;
};

struct term {
	uint32_t count;
	int	 flo, fhi;	/* the faces: 1..SIDES, or -1..1 for dF */
	uint32_t keep;		/* dice kept: count unless kh, kl, dh, dl */
	int	 keephigh;
	int	 reroll;	/* 0, 1 once (ro), 2 until (r) */
	struct cmp rr, ex, cs, cf;	/* reroll, explode, success, failure */
	int	 explode;
};

enum { E_NUM, E_DICE, E_ADD, E_SUB, E_MUL, E_DIV, E_CEIL, E_NEG };

struct enode {
	int	 op;
	int	 a, b;		/* the operands' nodes */
	long long v;		/* E_NUM */
	long long lo, hi;	/* the totals it can give */
	struct term t;		/* E_DICE */
};

struct expr {
	struct enode node[EXPR_NODES_MAX];
	int	 n, root;
	char	 why[96];	/* the error, with its position */
};

const char *expr_parse(struct expr *e, const char *s);
const char *expr_scan(struct expr *e, const char *s, int *len);
int	 expr_dice(const struct expr *e);
long long expr_roll(const struct expr *e, struct rng *r, char *marks,
	     int size);
int	 cmp_true(const struct cmp *c, long long v);

#endif
