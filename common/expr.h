/*
 * expr: the dice grammar of every program (roll(6) has it in EBNF): sums,
 * differences, products, quotients, remainders and powers, the functions
 * floor ceil round abs min max, parentheses, groups, and dice terms with
 * keep/drop, rerolls, explosions, minimum and maximum faces, unique faces,
 * success counting and critical markers.
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
#define EXPR_REROLL_MAX	4		/* compare points of one term's rerolls */
#define EXPR_POW_MAX	64		/* the largest exponent */
#define EXPR_TEXT_MAX	256		/* the length of one expression */

enum { CMP_NONE, CMP_EQ, CMP_LT, CMP_GT, CMP_LE, CMP_GE, CMP_NE,
	CMP_EVEN, CMP_ODD };	/* even, odd: Foundry's counts */

/*
 * The dialects (roll(6) COMPATIBILITY): the peer whose meaning an operator
 * takes where the peers conflict; one for the process, roll's own unless
 * set (roll -D, DELVING_DICE, a session's).
 */
enum { DIALECT_ROLL, DIALECT_FOUNDRY, DIALECT_ROLL20, DIALECT_AVRAE,
	DIALECT_RPG };

/* ! extra dice, !! one die (compounding), !p extra dice less one, !!p */
enum { EX_NONE, EX_EXPLODE, EX_COMPOUND, EX_PENETRATE, EX_COMPOUND_PENETRATE };

struct cmp {
	int	 op;
	long long v;
};

struct term {
	uint32_t count;		/* dice rolled (a group: its expressions) */
	int	 flo, fhi;	/* the faces: 1..SIDES, or -1..1 for dF */
	int	 kd;		/* 0, 'k' keep or 'd' drop kn dice */
	uint32_t kn;
	uint32_t keep;		/* dice kept of count: count unless kh, kl, dh, dl */
	int	 keephigh;
	int	 reroll;	/* 0, 1 once (ro), 2 until (r, rr) */
	int	 nrr;
	struct cmp rr[EXPR_REROLL_MAX];	/* a face rerolls when any matches */
	int	 klo, khi, nx;	/* r: the faces kept are klo..khi but xp[] */
	int	 xp[EXPR_REROLL_MAX];
	uint32_t left;		/* how many faces a reroll until keeps */
	int	 explode;	/* EX_* */
	int	 exmax;		/* explosions a die at most: EXPR_EXPLODE_MAX, xo 1 */
	struct cmp ex;
	int	 unique;	/* 0, 1 once (uo), 2 until (u) */
	struct cmp uq;		/* u=5: only the faces that match are unique */
	int	 clamp;		/* mi, ma given: what a die shows is within mi..ma */
	long long mi, ma;
	struct cmp cs, cf;	/* success and failure counts (>=8, f1) */
	struct cmp crit, fumble;	/* critical markers (cs, cf): -v only */
	int	 fcount;	/* Foundry's cf: a failure counts +1, not -1 */
	int	 scale;		/* avrae's d%: a die of faces 0..9 shows 10 times */
	int	 sort;		/* s, sa, sd: -v shows the dice sorted, 'a' or 'd' */
	int	 match;		/* Roll20's m ('m': marks only), mt ('t': counts sets) */
	int	 msize;		/* the dice of a set: 2, or m3 */
	struct cmp mcmp;	/* m>=4: only the faces that match it */
	int	 rosel;		/* avrae's rolN, rohN: 'l' or 'h', rosn dice */
	uint32_t rosn;
};

enum {
	E_NUM, E_DICE, E_ADD, E_SUB, E_MUL, E_DIV, E_CEIL, E_NEG,
	E_ROUND, E_MOD, E_POW, E_MIN, E_MAX, E_ABS, E_GROUP, E_ITEM,
	E_NDICE,	/* (EXPR)dN: a computed count, node a; t.count the most */
	E_SDICE		/* Nd(EXPR): computed sides, node a; t.fhi the most */
};

struct enode {
	int	 op;
	int	 a, b;		/* the operands' nodes; a group's first E_ITEM */
	long long v;		/* E_NUM */
	long long lo, hi;	/* the totals it can give */
	struct term t;		/* E_DICE; E_GROUP its keep and counts */
};

struct expr {
	struct enode node[EXPR_NODES_MAX];
	int	 n, root;
	char	 why[96];	/* the error, with its position */
};

int	 expr_dialect_of(const char *name);
int	 expr_dialect_named(const char *name, const char *from);
void	 expr_dialect(const char *name);
const char *expr_parse(struct expr *e, const char *s);
const char *expr_scan(struct expr *e, const char *s, int *len);
int	 expr_dice(const struct expr *e);
long long expr_roll(const struct expr *e, struct rng *r, char *marks,
	     int size);
int	 cmp_true(const struct cmp *c, long long v);
int	 term_plain(const struct term *t);
int	 unique_applies(const struct term *t, long long f);
int	 term_rerolls(const struct term *t, long long f);
long long term_shown(const struct term *t, long long f, int extra);
long long term_score(const struct term *t, long long v);
long long term_sets(const struct term *t, const long long *v, int n);
long long expr_apply(int op, long long x, long long y);

#endif
