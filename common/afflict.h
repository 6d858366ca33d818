/*
 * afflict: 004's corruptions (timedice(6) infect): a disease, poison or
 * venom that a character failed a CON mod check against, worsening a stage
 * at a time as the clock passes, each stage's end another check or damage
 * to an ability score.  Kept in the clock's state file, one line each.
 */
#ifndef DELVING_AFFLICT_H
#define DELVING_AFFLICT_H

#include <stddef.h>
#include <stdint.h>
#include "clock.h"
#include "dice.h"
#include "party.h"

#define AFFLICT_MAX 64
#define AFFLICT_LEN_SIZE 32	/* a stage's LENGTH as given: "2hours", "1d6days" */
#define AFFLICT_SAYS_SIZE 640

enum { AB_CON, AB_STR, AB_INT, AB_N };

struct affliction {
	char	 name[PARTY_NAME_MAX + 1];	/* the character */
	char	 source[PARTY_NAME_MAX + 1];	/* venom, rot, ... */
	int	 ability;	/* AB_CON, AB_STR or AB_INT: what it damages */
	long	 dc;
	struct dice damage;
	char	 length[AFFLICT_LEN_SIZE];
	struct clock_len len;	/* the length of a stage, from length */
	long	 stage;		/* the stage running, from 1 */
	uint64_t left;		/* turns until it ends */
};

struct afflictions {
	int	 n;
	struct affliction a[AFFLICT_MAX];
};

extern const char *const afflict_abilities[AB_N + 1];

const char *afflict_args(struct affliction *a, int *first, int argc,
	     char **argv, const char **bad);
int	 afflict_find(const struct afflictions *al, const char *name,
	     const char *source);
int	 afflict_add(struct afflictions *al, const struct affliction *a);
void	 afflict_cure(struct afflictions *al, int i, char *says, size_t size);
int	 afflict_due(const struct afflictions *al, uint64_t within);
void	 afflict_pass(struct afflictions *al, uint64_t turns);

struct kwf;
void	 afflict_load(struct afflictions *al, const struct kwf *f, char **w,
	     int nw);
void	 afflict_save(const struct afflictions *al, struct kwf *f);

void	 afflict_status(const struct affliction *a, uint64_t now, char *buf,
	     size_t size);

struct check_env;
void	 afflict_resilience(struct member *m, struct rng *r,
	     const struct check_env *env, unsigned long long beyond, char *buf,
	     size_t size);
uint64_t afflict_stage(const struct affliction *a, struct rng *r, char *buf,
	     size_t size);
void	 afflict_begin(struct afflictions *al, struct affliction *a,
	     struct member *m, struct rng *r, const struct check_env *env,
	     int first, uint64_t now, char *buf, size_t size);
void	 afflict_next(struct afflictions *al, int i, struct member *m,
	     struct rng *r, const struct check_env *env, uint64_t k, uint64_t now,
	     char *buf, size_t size);
void	 afflict_need(const struct afflictions *al, const struct affliction *a,
	     int infect, int file, struct party *p);
void	 afflict_listed(const struct affliction *a, uint64_t now, char *buf,
	     size_t size);

#endif
