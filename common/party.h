/* party: the party file (delving(7)): one character per line, key=value words */
#ifndef DELVING_PARTY_H
#define DELVING_PARTY_H

#include <stdio.h>

#define PARTY_MAX 64
#define PARTY_NAME_MAX 32

enum party_key {
	PK_STR, PK_DEX, PK_CON, PK_INT, PK_WIS, PK_CHA,
	PK_BEST, PK_HP, PK_SPEED, PK_LOAD, PK_RESILIENCE,
	PK_NKEYS
};

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

extern const char *const party_keys[PK_NKEYS + 1];

void	 party_load(struct party *p, const char *path);
void	 party_need(const struct party *p, enum party_key k);
void	 party_operand(struct party *p, const char *arg, enum party_key k);
void	 party_default(struct party *p, long mod, enum party_key k);
const char *party_path(const char *opt);
void	 party_pick(struct party *p, const char *popt, int argc,
	     char *const argv[], enum party_key k, long mod);

struct kwf;
int	 party_save(struct kwf *f, const struct party *was,
	     const struct party *now);

#endif
