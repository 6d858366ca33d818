/*
 * characters: the rules that change a character between turns: 000's CON
 * saves and Fatigue, 001's fatigue damage, 002's tired and exhausted, and
 * the rests that heal (the party file holds the numbers: party.h).
 */
#ifndef DELVING_CHARACTERS_H
#define DELVING_CHARACTERS_H

#include "check.h"
#include "party.h"

/* 002: what a turn without rest does to a character's condition */
enum chars_tiring { CT_STAYS_EXHAUSTED, CT_EXHAUSTED, CT_TIRED };

long	 chars_gain_fatigue(struct member *m);
long	 chars_con_save(struct rolled *k, struct rng *r, struct member *m,
	     const struct check_env *env, int gain);
long	 chars_fatigue_damage(struct member *m, long damage);
enum chars_tiring chars_tire(struct member *m);

#endif
