/*
 * check: every d20 check of every program, rolled by one function that
 * applies the roller's conditions under the rules in force and says them
 * (delving(7) CHECKS AND CONDITIONS), or by its two halves.
 */
#ifndef DELVING_CHECK_H
#define DELVING_CHECK_H

#include "dice.h"
#include "party.h"

struct rec_layout;
struct rec_writer;

/* What is rolled: the roller's modifier key, the DC, what the check is. */
struct check_of {
	int	 key;		/* enum party_key of the modifier; -1 none */
	long	 dc;
	unsigned moves : 1;	/* 001: "involving movement or coordination" */
	unsigned hurts : 1;	/* 004: a failure damages the roller */
	unsigned hits : 1;	/* 004: a success deals damage */
};

/* The circumstances: the rules in force, the user's -a/-d, the light. */
struct check_env {
	int	 rules;		/* enum rules; -1 none: only -a/-d apply */
	int	 adv;		/* -a 1, -d -1, both or neither 0 */
	int	 dark;		/* no light: light's LEVEL dark or darkness */
	int	 verbose;	/* -v: says ends with the dice, " [2d20kl1: 4,15]" */
	int	 world;		/* 1 + the world's rules name whose conditions
				   join the rules' (timedice's under 000: its
				   no light); 0 none */
};

#define CHECK_SAYS_MAX 320
#define CHECK_D20 20	/* a check's die's faces (delving(7)) */

/* A rolled check: the d20s, the result, and its circumstances said. */
struct rolled {
	struct check c;		/* roll, mod, total, dc, pass, nat1, nat20 */
	struct dice d20;	/* 1d20, or 2d20 keep one */
	int	 adv;		/* what was rolled: 1 advantage, -1 disadvantage */
	long	 penalty;	/* 001: -10 in total darkness, else 0 */
	char	 says[CHECK_SAYS_MAX];	/* ", at disadvantage (...)" or "" */
};

void	 check_roll(struct rolled *k, struct rng *r, const struct member *m,
	     long mod, const struct check_of *of, const struct check_env *env);
void	 check_ready(struct rolled *k, const struct member *m,
	     const struct check_of *of, const struct check_env *env);
void	 check_throw(struct check *c, const struct rolled *ready,
	     struct rng *r, const struct member *m, long mod,
	     const struct check_of *of);
void	 check_record(struct rec_writer *w, const struct rec_layout *l,
	     uint64_t index, const char *name, const struct check *c,
	     const char *key);
size_t	 check_sentence(char *buf, size_t size, const char *name,
	     const char *what, const struct rolled *k);
const char *check_natural(const struct check *c, const struct check_of *of);
const char *check_attack_natural(long long roll);
int	 check_rules(const char *opt, int own);
void	 check_dice(const struct dice *d20, const uint32_t *faces, char *buf,
	     size_t size);
int	 check_level(const char *opt, const char *level);

#endif
