/* party: the party file (delving(7)): one character per line, key=value words */
#ifndef DELVING_PARTY_H
#define DELVING_PARTY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rules.h"

#define PARTY_MAX 64
#define PARTY_NAME_MAX 32
#define PARTY_LINE_MAX 4096	/* bytes a character's line holds (delving(7)) */
#define PARTY_KEY_MAX 32	/* bytes a key holds, a GM's own keys too */
#define PARTY_OWN_MAX 16	/* the GM's own keys one delve set or join gives */
#define PARTY_VALUE_MAX 256	/* bytes a GM's own key's value holds (delve set) */

struct member {
	char	 name[PARTY_NAME_MAX + 1];
	long	 val[PK_NKEYS];
	unsigned has;		/* bit k set: key k was given */
	unsigned long lineno;
};

struct party {
	const char *path;	/* NULL for operands or the unnamed roller */
	int	 n;
	struct member m[PARTY_MAX];
};

struct kwf;

/* A run that writes its party back (-w: hazard, timedice, return). */
struct party_with {
	struct kwf *state;	/* the state file of -f, or NULL */
	struct kwf *party;	/* the party file, locked for -w, or NULL */
	struct party was;	/* the party as read, for -w */
};
#define PARTY_READ 1	/* party_open_with: the party file read */
#define PARTY_WRITE 3	/* read, locked first and written back (-w) */
#define PARTY_LIVING 4	/* the dead dropped, not only said */

extern const char *const party_keys[PK_NKEYS + 1];

/* The sentence's name for a character; the unnamed roller "-" is said so. */
const char *party_who(const struct member *m, const char *unnamed);

void	 party_load(struct party *p, const char *path);
void	 party_need(const struct party *p, enum party_key k);
const char *party_path(const char *opt);
void	 party_pick(struct party *p, const char *popt, int argc,
	     char *const argv[], enum party_key k, long mod);

int	 party_dead(const struct member *m);
int	 party_say_dead(const struct party *p);
void	 party_drop_dead(struct party *p);
long	 party_overload(const struct member *m);
long	 party_speed(const struct member *m, int rules);
long	 party_heal(struct member *m, long hp);

int	 party_assign(struct member *m, const char *word, char *why,
	     size_t size);
int	 party_free_word_why(const char *word, char *why, size_t size);
int	 party_name_why(const struct party *p, const char *name, char *why,
	     size_t size);
struct member *party_find(struct party *p, const char *name);
long	 party_damage(struct member *m, long hp);
void	 party_say_hp(const struct member *m, int rules, char *buf, size_t size);

void	 party_describe(const struct member *m, int rules, char *buf, size_t size);
void	 party_sheet(const char *line, char *buf, size_t size);
void	 party_each(const char *path, void (*fn)(void *, const struct member *,
	     const char *), void *arg);

void	 party_line(FILE *out, const char *line, const struct member *was,
	     const struct member *now);
void	 party_put(struct kwf *f, const struct party *was,
	     const struct party *now, int gone);
void	 party_open_with(struct party_with *w, struct party *p,
	     const char *path, int how, unsigned need);
void	 party_commit_with(struct party_with *w, const struct party *now);

#endif
