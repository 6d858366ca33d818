/*
 * lamp: the party's light sources (light(6)) under the light rules of
 * seeds 000 to 004 (the data is in rules.c): a list of sources lit, burnt
 * down by the turns, struck by hazard keys, blown out by the wind, and the
 * light level they give the party.  What happens to a source is said
 * through the caller's say function, one sentence a source.
 */
#ifndef DELVING_LAMP_H
#define DELVING_LAMP_H

#include "rng.h"
#include "rules.h"

#define LAMP_MAX	64	/* sources on the list */
#define LAMP_NAME_MAX	32	/* name_ok's limit */

enum lamp_state { LAMP_LIT, LAMP_DIM, LAMP_LOW, LAMP_OUT };

extern const char *const lamp_states[];	/* lit dim low out */

struct lamp_source {
	char	 name[LAMP_NAME_MAX + 1];
	int	 kind;
	int	 state;
	int	 dimmed;	/* 002: dimmed by depletion, kept while put out */
	long	 left;		/* turns, LIFE_NONE or LIFE_USAGE; 0: spent */
	int	 die;		/* 003: the usage die's sides while left is LIFE_USAGE */
	int	 warn;		/* its last stretch began: said by lamp_warn */
	unsigned long long lit;	/* the turn count when it was last lit */
	unsigned long lineno;	/* its line in the state file */
};

struct lamp {
	int	 rules;		/* -1 until known */
	const struct light_rules *lr;
	unsigned long long turn;
	int	 darkvision;
	int	 daylight;	/* 004: the stream's clock says it is day */
	int	 snow;		/* 004: undisturbed snow around */
	int	 usage;		/* 003: the usage die a source starts with */
	int	 n;
	struct lamp_source src[LAMP_MAX];
	void	(*say)(void *arg, const struct lamp_source *src, const char *text);
	void	*arg;
};

int	 lamp_kind(const struct lamp *l, const char *word, const char *what);
int	 lamp_kinds(const struct lamp *l, const char *list, int kinds[LAMP_MAX],
	     const char *what);
int	 lamp_name_ok(const char *s);
int	 lamp_die_ok(int die);
int	 lamp_usage_die(const char *s, const char *what);
void	 lamp_check(const struct lamp *l, const char *path);
struct lamp_source *lamp_find(struct lamp *l, const char *name);
void	 lamp_light(struct lamp *l, int kind, const char *name);
void	 lamp_out(struct lamp *l, const char *name);
void	 lamp_out_all(struct lamp *l);
void	 lamp_clear_spent(struct lamp *l);
int	 lamp_strikes(const struct lamp *l, const char *key);
void	 lamp_relight(struct lamp *l, const char *name);
void	 lamp_refill(struct lamp *l, const char *name);
void	 lamp_status(const struct lamp *l, int n, int burning);
int	 lamp_count(const struct lamp *l, int kind);
void	 lamp_warn(struct lamp *l);
long	 lamp_stretch(const struct lamp *l);
int	 lamp_burning(const struct lamp *l);
void	 lamp_pass(struct lamp *l, struct rng *r, long turns);
void	 lamp_strike(struct lamp *l);
void	 lamp_wind(struct lamp *l);
int	 lamp_level(const struct lamp *l);
const char *lamp_level_text(const struct lamp *l, int lv);

#endif
