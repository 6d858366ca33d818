/*
 * characters: the rules that change a character between turns: 000's CON
 * saves and Fatigue, 001's fatigue damage, 002's tired and exhausted, and
 * the rests that heal (the party file holds the numbers: party.h).
 */
#ifndef DELVING_CHARACTERS_H
#define DELVING_CHARACTERS_H

#include <stddef.h>
#include <stdint.h>

#include "check.h"
#include "party.h"

long	 chars_gain_fatigue(struct member *m);
long	 chars_con_save(struct rolled *k, struct rng *r, struct member *m,
	     const struct check_env *env, int gain, char *says, size_t size);
long	 chars_fatigue_damage(struct member *m, long damage, char *says,
	     size_t size);
enum chars_tiring chars_tire(struct member *m, char *says, size_t size);

/* What a rule says of character M: the record's KEY, the check K rolled or NULL, the TEXT. */
typedef void chars_say_fn(void *ctx, const struct member *m, const char *key,
	     const struct rolled *k, const char *text);

void	 chars_con_saves(struct party *p, struct rng *r,
	     const struct check_env *env, int gain, chars_say_fn *say, void *ctx);
void	 chars_fatigue(struct party *p, long damage, chars_say_fn *say,
	     void *ctx);
void	 chars_rest_hour(struct party *p, struct rng *r, chars_say_fn *say,
	     void *ctx);

/* 004: what a rest does to a character's exhaustion */
enum chars_rested { CR_NOT_EXHAUSTED, CR_CURED, CR_STAYS_EXHAUSTED };

void	 chars_rest_dungeon_need(const struct party *p);
long	 chars_rest_dungeon(struct member *m, uint64_t hours, struct rng *r,
	     char *says, size_t size);
long	 chars_heal_night(struct member *m, uint64_t hours, int unsafe,
	     char *says, size_t size);
enum chars_rested chars_rest_exhaustion(struct member *m, uint64_t hours,
	     int unsafe, int unfed);
void	 chars_rest(struct party *p, uint64_t hours, int unsafe, int unfed,
	     int dungeon, struct rng *r, char *buf, size_t size);
#define CHARS_REST_SIZE (PARTY_MAX * (PARTY_NAME_MAX + 200) + 128)
int	 chars_halted(const struct member *m, char *says, size_t size);

#endif
