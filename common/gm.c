/*
 * gm: the game master's acts on a party file (gm.h).  Every rule of a
 * character stays in party.c (damage, healing up to hpmax=, the keys and
 * their ranges, names); this file reads the act's words, rolls its dice,
 * writes the file and says what changed.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gm.h"
#include "dice.h"
#include "expr.h"
#include "kwf.h"
#include "party.h"
#include "purse.h"
#include "record.h"
#include "rng.h"
#include "util.h"

#define GM_SAY 1024

struct plan {
	struct party was, now;
	int	 gone;		/* the index of a character who left, or -1 */
	struct rec_writer *w;	/* the records, held in memory */
	uint64_t turn;
	struct rng *r;
	const char *act;
	int	 rules;		/* enum rules: the session's */
	char	*own[PARTY_OWN_MAX];	/* the GM's own key=value words given */
	int	 nown;
	int	 own_of;	/* the character they go to, or -1 */
};

/* The character NAME of the party, or a refusal naming the party. */
static struct member *
character(struct plan *pl, const char *name)
{
	char names[PARTY_MAX * (PARTY_NAME_MAX + 2)];
	struct member *m = party_find(&pl->now, name);
	size_t n = 0;
	int i;

	if (m != NULL)
		return m;
	names[0] = '\0';
	for (i = 0; i < pl->now.n && n < sizeof names; i++)
		n += (size_t)snprintf(names + n, sizeof names - n, "%s%s",
		    i ? ", " : "", pl->now.m[i].name);
	esc_errx(EXIT_BAD, "%s: '%s': not in the party (%s)", pl->act, name, names);
}

/* A character whose hit points change: alive, with hp=. */
static struct member *
wounded(struct plan *pl, const char *name)
{
	struct member *m = character(pl, name);

	if (party_dead(m))
		esc_errx(EXIT_BAD, "%s: %s is dead (CON 0)", pl->act, m->name);
	if (!(m->has & 1u << PK_HP))
		esc_errx(EXIT_BAD, "%s: %s has no hp= in the party file (delve set %s "
		    "hp=N)", pl->act, m->name, m->name);
	return m;
}

/*
 * AMOUNT as dice of roll(6)'s whole grammar (1d6!, 2d6r1, 4d6kh3+1d4),
 * what one plain term (dice.h) does not take: its totals 0 to 100000.
 */
static long
whole_grammar(struct plan *pl, const char *word, char *how, size_t size)
{
	struct expr ex, *e = &ex;
	const char *why;
	long long got;

	if ((why = expr_parse(e, word)) != NULL)
		esc_errx(EXIT_BAD, "%s: '%s': %s", pl->act, word, why);
	if (e->node[e->root].lo < 0)
		esc_errx(EXIT_BAD, "%s: '%s': dice that can roll below 0", pl->act, word);
	if (e->node[e->root].hi > 100000)
		esc_errx(EXIT_BAD, "%s: '%s': dice that can roll above 100000",
		    pl->act, word);
	got = expr_roll(e, pl->r, NULL, 0);
	snprintf(how, size, " (%.*s)", (int)(size > 4 ? size - 4 : 0), word);
	return (long)got;
}

/*
 * AMOUNT: a whole number of hit points, or dice read by the grammar of
 * roll(6) and rolled now (never below 0); HOW is " (2d6)" for dice, "".
 */
static long
amount(struct plan *pl, const char *word, char *how, size_t size)
{
	struct expr scratch;
	struct dice d;
	char name[64];
	long long n;
	long got;

	how[0] = '\0';
	if (strtonum_ok(word, 0, 100000, &n) == 0)
		return (long)n;
	if (*word >= '0' && *word <= '9' && strpbrk(word, "dD") == NULL)
		esc_errx(EXIT_BAD, "%s: '%s': expected a number of hit points from 0 to "
		    "100000, or dice", pl->act, word);
	if (dice_read(&d, word, &scratch) != NULL)
		return whole_grammar(pl, word, how, size);
	if (dice_min(&d) < 0)
		esc_errx(EXIT_BAD, "%s: '%s': dice that can roll below 0", pl->act, word);
	got = dice_roll(&d, pl->r, NULL);
	dice_name(name, sizeof name, &scratch, word);
	snprintf(how, size, " (%s)", name);
	return got;
}

/*
 * damage|heal NAME N|DICE: "Bo takes 7 damage (2d6): 3 of 12 HP.", "Bo
 * heals 5 HP (1d8): 8 of 12 HP.", no higher than hpmax=.
 */
static void
act_hp(struct plan *pl, char **argv)
{
	struct member *m = wounded(pl, argv[0]);
	char how[80], hp[160], change[32], text[GM_SAY];
	long n = amount(pl, argv[1], how, sizeof how);
	long got = strcmp(pl->act, "heal") == 0 ? party_heal(m, n) :
	    party_damage(m, n);

	party_say_hp(m, pl->rules, hp, sizeof hp);
	snprintf(change, sizeof change, "hp=%ld", m->val[PK_HP]);
	if (strcmp(pl->act, "damage") == 0)
		snprintf(text, sizeof text, "%s takes %ld damage%s: %s.", m->name,
		    n, how, hp);
	else if (got < n)
		snprintf(text, sizeof text, "%s heals %ld of %ld HP%s, no higher "
		    "than hpmax=%ld: %s.", m->name, got, n, how,
		    m->val[PK_HPMAX], hp);
	else
		snprintf(text, sizeof text, "%s heals %ld HP%s: %s.", m->name, got,
		    how, hp);
	rec_delve(pl->w, pl->turn, m->name, pl->act, change, text);
}

/* The index of key=value's key in party_keys; the words were checked. */
static int
key_of(const char *word)
{
	char key[64];

	snprintf(key, sizeof key, "%.*s", (int)strcspn(word, "="), word);
	return word_in(key, party_keys);
}

/* The word's key, KEY= of KEY=VALUE, is that of s. */
static int
same_key(const char *word, const char *s)
{
	size_t n = strcspn(word, "=");

	return strncmp(word, s, n) == 0 && s[n] == '=';
}

/* A GM's own key=value word for m (delving(7) PARTY FILE), kept for the line. */
static int
own_word(struct plan *pl, struct member *m, char *word)
{
	char why[640];
	int i;

	if (key_of(word) >= 0 || strchr(word, '=') == NULL)
		return 0;
	if (party_free_word_why(word, why, sizeof why) != 0)
		esc_errx(EXIT_BAD, "%s: %s: %s", pl->act, m->name, why);
	for (i = 0; i < pl->nown; i++)
		if (same_key(word, pl->own[i]))
			esc_errx(EXIT_BAD, "%s: %s: %.*s= given twice", pl->act, m->name,
			    (int)strcspn(word, "="), word);
	if (pl->nown == PARTY_OWN_MAX)
		esc_errx(EXIT_BAD, "%s: %s: more than %d keys", pl->act, m->name,
		    PARTY_OWN_MAX);
	pl->own[pl->nown++] = word;
	pl->own_of = (int)(m - pl->now.m);
	return 1;
}

/* KEY=VALUE words given to m, each key once: the keys, a bit each. */
static unsigned
assign(struct plan *pl, struct member *m, int argc, char **argv)
{
	char why[640];
	unsigned given = 0;
	int i, k;

	for (i = 0; i < argc; i++) {
		if (own_word(pl, m, argv[i]))
			continue;
		if (party_assign(m, argv[i], why, sizeof why) != 0)
			esc_errx(EXIT_BAD, "%s: %s: %s", pl->act, m->name, why);
		k = key_of(argv[i]);
		if (given & 1u << k)
			esc_errx(EXIT_BAD, "%s: %s: %s= given twice", pl->act, m->name,
			    party_keys[k]);
		given |= 1u << k;
	}
	return given;
}

/* set NAME KEY=VALUE ...: "Bo's str is 2 (was 1)." a key. */
static void
act_set(struct plan *pl, int argc, char **argv)
{
	struct member *m = character(pl, argv[0]);
	const struct member *was = &pl->was.m[m - pl->now.m];
	char change[64], text[GM_SAY], before[32];
	unsigned given;
	int k;

	if (argc < 2)
		esc_errx(EXIT_BAD, "%s: %s: expected KEY=VALUE ...", pl->act, m->name);
	given = assign(pl, m, argc - 1, argv + 1);
	for (k = 0; k < pl->nown; k++) {
		snprintf(text, sizeof text, "%s's %.*s is %s.", m->name,
		    (int)strcspn(pl->own[k], "="), pl->own[k],
		    strchr(pl->own[k], '=') + 1);
		rec_delve(pl->w, pl->turn, m->name, pl->act, pl->own[k], text);
	}
	for (k = 0; k < PK_NKEYS; k++) {
		if (!(given & 1u << k))
			continue;
		snprintf(before, sizeof before, was->has & 1u << k ? "%ld" : "none",
		    was->val[k]);
		snprintf(change, sizeof change, "%s=%ld", party_keys[k], m->val[k]);
		snprintf(text, sizeof text, "%s's %s is %ld (was %s).", m->name,
		    party_keys[k], m->val[k], before);
		rec_delve(pl->w, pl->turn, m->name, pl->act, change, text);
	}
}

/* join NAME [KEY=VALUE ...]: "Cy joins the party: hp=8 level=1." */
static void
act_join(struct plan *pl, int argc, char **argv)
{
	char why[256], text[GM_SAY], keys[GM_SAY] = "";
	struct member *m;
	size_t n = 0;
	int k;

	if (party_name_why(&pl->now, argv[0], why, sizeof why) != 0)
		esc_errx(EXIT_BAD, "%s: %s", pl->act, why);
	m = &pl->now.m[pl->now.n++];
	memset(m, 0, sizeof *m);
	snprintf(m->name, sizeof m->name, "%s", argv[0]);
	assign(pl, m, argc - 1, argv + 1);
	for (k = 0; k < PK_NKEYS; k++)
		if (m->has & 1u << k && n < sizeof keys)
			n += (size_t)snprintf(keys + n, sizeof keys - n, " %s=%ld",
			    party_keys[k], m->val[k]);
	for (k = 0; k < pl->nown && n < sizeof keys; k++)
		n += (size_t)snprintf(keys + n, sizeof keys - n, " %s", pl->own[k]);
	snprintf(text, sizeof text, "%s joins the party%s%s.", m->name,
	    n ? ":" : "", keys);
	rec_delve(pl->w, pl->turn, m->name, pl->act, "-", text);
}

/* leave NAME: "Bo leaves the party." */
static void
act_leave(struct plan *pl, int argc, char **argv)
{
	struct member *m = character(pl, argv[0]);
	char text[GM_SAY];

	(void)argc;
	if (pl->now.n == 1)
		esc_errx(EXIT_BAD, "%s: %s is the last of the party: a party file needs "
		    "one character", pl->act, m->name);
	pl->gone = (int)(m - pl->now.m);
	snprintf(text, sizeof text, "%s leaves the party.", m->name);
	rec_delve(pl->w, pl->turn, m->name, pl->act, "-", text);
}

/* The acts: the words each takes after its name (at least, at most). */
static const struct {
	const char *name;
	int	 min, max;
	const char *usage;
	void	(*two)(struct plan *, char **);
	void	(*many)(struct plan *, int, char **);
} acts[] = {
	{ "damage", 2, 2, "NAME N|DICE", act_hp, NULL },
	{ "heal", 2, 2, "NAME N|DICE", act_hp, NULL },
	{ "set", 2, 1 + PK_NKEYS + PARTY_OWN_MAX, "NAME KEY=VALUE ...", NULL,
	    act_set },
	{ "join", 1, 1 + PK_NKEYS + PARTY_OWN_MAX, "NAME [KEY=VALUE ...]", NULL,
	    act_join },
	{ "leave", 1, 1, "NAME", NULL, act_leave },
};

#define NACTS (sizeof acts / sizeof acts[0])

/* The GM's own words put on NAME's line of the party file's new TEXT. */
static void
put_own(const struct plan *pl, char **text, size_t *len, const char *name)
{
	char *t;
	int i;

	for (i = 0; i < pl->nown; i++) {
		t = text_set_word(*text, name, pl->own[i]);
		free(*text);
		*text = t;
	}
	*len = strlen(*text);
}

/*
 * ARGV: an act and its words, on the party file PARTY at the session's
 * TURN, dice from R: checked, rolled and said, nothing written yet.
 */
void
gm_plan(struct gm_act *a, const char *party, int argc, char **argv,
    uint64_t turn, struct rng *r, int rules)
{
	struct plan *pl = emalloc(sizeof *pl);
	struct kwf *f;
	size_t i;

	for (i = 0; i < NACTS && strcmp(acts[i].name, argv[0]) != 0; i++)
		;
	if (i == NACTS)
		esc_errx(EXIT_BAD, "%s: not an act of the game master's", argv[0]);
	if (argc - 1 < acts[i].min || argc - 1 > acts[i].max)
		esc_errx(EXIT_BAD, "%s: expected %s %s", argv[0], argv[0], acts[i].usage);
	party_load(&pl->was, party);
	pl->now = pl->was;
	pl->gone = -1;
	pl->own_of = -1;
	pl->nown = 0;
	pl->turn = turn;
	pl->r = r;
	pl->rules = rules;
	pl->act = argv[0];
	pl->w = rec_writer_open("delve", 0);
	out_hold(rec_out(pl->w));
	if (acts[i].two != NULL)
		acts[i].two(pl, argv + 1);
	else
		acts[i].many(pl, argc - 1, argv + 1);
	f = kwf_read(party, "a party file");	/* written by its owner */
	party_put(f, &pl->was, &pl->now, pl->gone);
	a->text = kwf_render(f, &a->textlen);
	kwf_close(f);
	if (pl->nown > 0)
		put_own(pl, &a->text, &a->textlen, pl->now.m[pl->own_of].name);
	a->rec = out_unhold(rec_out(pl->w), &a->reclen);
	rec_writer_close(pl->w);
	free(pl);
}

void
gm_free(struct gm_act *a)
{
	free(a->text);
	free(a->rec);
	memset(a, 0, sizeof *a);
}
