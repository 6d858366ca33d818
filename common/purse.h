/*
 * purse: supplies and coin as seed 004 has them (delve(6), Supplies and
 * coin).  Coin is counted in pieces, each character's own, kept in the
 * party file as gp=, sp= and cp= (004: "10 copper (cp) = 1 silver (sp);
 * 10 sp = 1 gp"); its weight is in the character's load= ("100 coins per
 * pound, and 500 coins per load").  Supplies (004's SUP) are the party's,
 * counted in hours of food for one character and used hourly by every
 * living character ("Torches and SUP reduce hourly"), reckoned from the
 * clock: the file "supplies" of a session keeps what was left at a clock
 * reading, and what is left now is that less an hour's for each character
 * for each whole hour since.  The GM's acts on them (delve buy, spend,
 * give, share, loot: purse_plan) read, checked and said here; a party
 * file's text and the supplies file's lines read and written here.  Pure
 * functions: the caller reads and writes the files.
 */
#ifndef DELVING_PURSE_H
#define DELVING_PURSE_H

#include <stddef.h>
#include <stdint.h>

#include "party.h"

struct kwf;
struct rec_writer;

#define COIN_DENOMS 3
#define COIN_MAX 1000000000000LL	/* pieces of one denomination */
#define COINS_PER_LOAD_004 500		/* 004: "500 coins per load" */
#define COINS_PER_POUND_004 100		/* 004: "100 coins per pound" */
#define SUP_MAX 1000000000LL		/* hours of supplies */

/* gp sp cp, and their worth in copper (004). */
extern const char *const coin_keys[COIN_DENOMS + 1];
extern const long long coin_worth[COIN_DENOMS];

struct coins {
	long long n[COIN_DENOMS];	/* pieces: gp, sp, cp */
};

long long coins_value(const struct coins *c);
long long coins_load(const struct coins *c);
int	 coins_parse(const char *s, struct coins *c);
void	 coins_say(const struct coins *c, char *buf, size_t size);
void	 coins_weight(long long coins, char *lb, size_t lbsize, char *load,
	     size_t loadsize);
int	 coins_pay(struct coins *from, const struct coins *price);
void	 coins_add(struct coins *to, const struct coins *more);
void	 coins_share(const struct coins *c, int n, struct coins *each,
	     struct coins *rest);

/* A party file's TEXT, line by line: a character's line, a key's value, a word set. */
int	 party_text_each(const char *text, const char **at, const char **w,
	     const char **end);
int	 party_text_line(const char *text, const char *name, size_t *beg,
	     size_t *end);
const char *line_value(const char *line, size_t len, const char *key,
	     size_t klen, size_t *vlen);
int	 value_num(const char *v, size_t n, long long *out);
int	 line_key(const char *line, size_t len, const char *key, long long *v);
char	*text_set_word(const char *text, const char *name, const char *word);
char	*text_with_line(const char *text, const char *line, size_t n,
	     size_t *outlen);
char	*text_without_line(const char *text, size_t beg, size_t end);

/* A party file's line as a sentence says it: blanks made one, no comment. */
void	 sheet_words(const char *line, size_t len, char *out, size_t size);

/* The names of the party file TEXT's characters, in its order: their count. */
int	 sheet_names(const char *text, char names[][PARTY_NAME_MAX + 1], int max);

/* Supplies: hours left at a clock reading (ten-minute turns). */
struct supplies {
	long long left;		/* hours of food for one character */
	uint64_t since;		/* the clock when left was counted */
	unsigned seen;		/* sup_line: the keys read, each once */
};

long long sup_used(const struct supplies *s, uint64_t now, int eaters,
	     uint64_t *settled);
void	 sup_say(long long left, int eaters, char *buf, size_t size);
int	 sup_line(void *arg, char **w, int nw, const struct kwf *f);
int	 sup_text(const struct supplies *s, char *buf, size_t size);

void	 sheet_said(const char *words, int rules, char *buf, size_t size);

/* The roster: characters out of the party, their sheets kept (delve(6)). */
#define ROSTER_HEAD "# delve roster: characters out of the party, see delve(6)\n"
void	 roster_said(const char *words, int rules, int back, char *buf,
	     size_t size);

/*
 * The GM's act on the purses (delve buy, spend, give, share, loot): ARGV
 * read and checked against the party file's TEXT and the supplies, both
 * changed as the act says, its delve records made; refused, nothing
 * changed, as a whole.  The caller gives party (its text, replaced here),
 * sup and has_sup, turn, now and, for loot, loot.
 */
struct purse_act {
	char	*party;		/* the party file's text, as it becomes */
	struct supplies sup;	/* the supplies, when has_sup */
	int	 has_sup, sup_changed;
	uint64_t turn, now;	/* the session's turn and clock */
	long long loot;		/* the last loot rolled, gp: 0 none, -1 taken */
	char	*rec;		/* the records, reclen bytes, to be freed */
	size_t	 reclen;
	const char *act;	/* purse_plan's own */
	struct rec_writer *w;
};

void	 purse_plan(struct purse_act *a, int argc, char **argv);

#endif
