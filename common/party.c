/*
 * party: the party file (delving(7) PARTY FILE): one character per line, a
 * name, then key=value words; '#' comments.  Characters may also come as
 * NAME:MOD operands, or as one unnamed roller with the modifier -m.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "party.h"
#include "kwf.h"
#include "rules.h"
#include "util.h"

const char *const party_keys[PK_NKEYS + 1] = {
	"str", "dex", "con", "int", "wis", "cha",
	"best", "hp", "speed", "load", "resilience", "strength",
	"fatigue", "exhausted", "tired", "level", "hpmax",
	"intelligence", "dexterity", NULL
};

static const struct {
	long lo, hi;
} key_range[PK_NKEYS] = {
	{ -20, 40 }, { -20, 40 }, { -20, 40 }, { -20, 40 }, { -20, 40 },
	{ -20, 40 }, { -20, 40 },
	{ 0, 100000 },		/* hp */
	{ 0, 1000 },		/* speed, feet */
	{ 0, 100000 },		/* load */
	{ 0, 1000 },		/* resilience, hours: the CON score (004) */
	{ 0, 100 },		/* strength: the STR score (004 load) */
	{ 0, 100000 },		/* fatigue: 000's Fatigue gained */
	{ 0, 1 },		/* exhausted: 002, 004, 1 or 0 */
	{ 0, 1 },		/* tired: 002, 1 or 0 */
	{ 1, 100 },		/* level */
	{ 0, 100000 },		/* hpmax */
	{ 0, 100 },		/* intelligence: the INT score (004 corruption) */
	{ 0, 100 },		/* dexterity: the DEX score (004 initiative) */
};

/* DELVING_PARTY stands in for -p. */
const char *
party_path(const char *opt)
{
	const char *env;

	if (opt != NULL)
		return opt;
	env = getenv("DELVING_PARTY");
	return env != NULL && *env != '\0' ? env : NULL;
}

/*
 * PATH, when party_path took it from DELVING_PARTY (the very string of
 * the environment), missing or not a regular file: refused naming the
 * variable, so that a user who forgot it was set knows where it came from.
 */
static void
check_from_env(const char *path)
{
	struct stat st;

	if (path != getenv("DELVING_PARTY"))
		return;
	if (stat(path, &st) != 0)
		esc_err(EXIT_BAD, "DELVING_PARTY: %s", path);
	if (!S_ISREG(st.st_mode))
		esc_errx(EXIT_BAD, "DELVING_PARTY: %s: not a regular file", path);
}

static void
bad(const struct party *p, unsigned long lineno, const char *fmt, const char *arg)
{
	char why[640];

	snprintf(why, sizeof why, fmt, arg);
	bad_at(p->path, lineno, "%s", why);
}

/* The keys, as a refusal lists them: "str dex ... dexterity". */
static void
key_list(char *keys, size_t size)
{
	size_t n = 0;
	int k;

	keys[0] = '\0';
	for (k = 0; party_keys[k] != NULL && n < size; k++)
		n += (size_t)snprintf(keys + n, size - n, "%s%s", k ? " " : "",
		    party_keys[k]);
}

/*
 * A key=value word given to a character, its key and range checked: 0, or
 * -1 with WHY saying what is wrong ("hp=x: expected a whole number from 0
 * to 100000").  The file's reader and delve set both take keys here.
 */
int
party_assign(struct member *m, const char *word, char *why, size_t size)
{
	const char *eq = strchr(word, '=');
	char key[256], keys[256];
	long long v;
	int k;

	if (eq == NULL) {
		snprintf(why, size, "'%s': expected key=value", word);
		return -1;
	}
	snprintf(key, sizeof key, "%.*s", (int)(eq - word), word);
	if ((k = word_in(key, party_keys)) < 0) {
		key_list(keys, sizeof keys);
		snprintf(why, size, "unknown key '%s' (%s)", key, keys);
		return -1;
	}
	if (strtonum_ok(eq + 1, key_range[k].lo, key_range[k].hi, &v) != 0) {
		snprintf(why, size, "%s: expected a whole number from %ld to %ld",
		    word, key_range[k].lo, key_range[k].hi);
		return -1;
	}
	if (m == NULL) {	/* party_free_word_why: a key the programs read */
		snprintf(why, size, "%s: a key the programs read: delve set takes "
		    "it on its own", word);
		return -1;
	}
	m->val[k] = (long)v;
	m->has |= 1u << k;
	return 0;
}

/*
 * A key the programs do not read (notes=, a GM's own) is kept as it is
 * written, shown by delve status and written back unchanged with -w: its
 * name lower-case letters, digits, '-' and '_', from a letter, at most
 * PARTY_KEY_MAX bytes (delving(7) PARTY FILE).
 */
static int
free_key_ok(const char *key)
{
	size_t n = strspn(key, "abcdefghijklmnopqrstuvwxyz0123456789-_");

	return key[0] >= 'a' && key[0] <= 'z' && key[n] == '\0' &&
	    n <= PARTY_KEY_MAX;
}

/*
 * A GM's own key=value word given by delve set or join (notes=likes-cats):
 * 0, or -1 with WHY.  Its key as free_key_ok has it and not one the
 * programs read; its value one word as the reader splits them (printable,
 * no blank), 1 to PARTY_VALUE_MAX bytes of UTF-8.
 */
int
party_free_word_why(const char *word, char *why, size_t size)
{
	const char *eq = strchr(word, '=');
	char key[PARTY_KEY_MAX + 2];
	const char *v;

	if (eq == NULL || (size_t)(eq - word) > PARTY_KEY_MAX)
		return party_assign(NULL, word, why, size);
	snprintf(key, sizeof key, "%.*s", (int)(eq - word), word);
	if (word_in(key, party_keys) >= 0 || !free_key_ok(key))
		return party_assign(NULL, word, why, size);
	for (v = eq + 1; *v != '\0' && (unsigned char)*v > ' ' && *v != 0x7f; v++)
		;
	if (eq[1] == '\0' || *v != '\0' || v - eq - 1 > PARTY_VALUE_MAX ||
	    !utf8_ok(eq + 1, strlen(eq + 1))) {
		snprintf(why, size, "%s: a key of the GM's own takes one word of 1 to "
		    "%d printable characters", key, PARTY_VALUE_MAX);
		return -1;
	}
	return 0;
}

static void
set_key(struct party *p, struct member *m, char *word)
{
	char why[512], *eq = strchr(word, '=');
	int k;

	if (eq == NULL)
		bad(p, m->lineno, "'%s': expected key=value", word);
	*eq = '\0';
	if ((k = word_in(word, party_keys)) < 0) {	/* a free key: kept as written */
		if (!free_key_ok(word))
			bad(p, m->lineno, "'%s': a key is lower-case letters, digits, "
			    "'-' and '_', from a letter, at most 32", word);
		return;
	}
	if (m->has & 1u << k)	/* one value a key: no "last one wins" */
		bad(p, m->lineno, "%s: given twice", word);
	*eq = '=';
	if (party_assign(m, word, why, sizeof why) != 0)
		bad(p, m->lineno, "%s", why);
}

/*
 * A character that prints as nothing, or turns the text around it: the
 * format characters and fillers of Unicode's Default_Ignorable_Code_Point
 * and the bidirectional controls.  In a name they make two names print
 * alike ("Ann" and "Ann" with U+200B) or a line print other than it reads
 * (U+202E).
 */
static int
invisible(uint32_t c)
{
	static const uint32_t ranges[][2] = {
		{ 0x00ad, 0x00ad }, { 0x034f, 0x034f }, { 0x061c, 0x061c },
		{ 0x115f, 0x1160 }, { 0x17b4, 0x17b5 }, { 0x180b, 0x180f },
		{ 0x200b, 0x200f }, { 0x202a, 0x202e }, { 0x2060, 0x206f },
		{ 0x3164, 0x3164 }, { 0xfe00, 0xfe0f }, { 0xfeff, 0xfeff },
		{ 0xffa0, 0xffa0 }, { 0xfff0, 0xfffb }, { 0x1d173, 0x1d17a },
		{ 0xe0000, 0xe0fff },
	};
	size_t i;

	for (i = 0; i < sizeof ranges / sizeof ranges[0]; i++)
		if (c >= ranges[i][0] && c <= ranges[i][1])
			return 1;
	return 0;
}

/*
 * The letters that print alike across scripts: Latin, Greek and Cyrillic
 * ("Ann" with a Cyrillic A, U+0410, prints as "Ann").  A name of letters
 * from more than one of them is refused (Unicode TR39's mixed-script
 * names); a name in one script, or in any other, is not.
 */
enum { SCRIPT_LATIN = 1, SCRIPT_GREEK = 2, SCRIPT_CYRILLIC = 4 };

static unsigned
script(uint32_t c)
{
	static const struct { uint32_t lo, hi; unsigned s; } letters[] = {
		{ 'A', 'Z', SCRIPT_LATIN }, { 'a', 'z', SCRIPT_LATIN },
		{ 0x00c0, 0x024f, SCRIPT_LATIN }, { 0x1e00, 0x1eff, SCRIPT_LATIN },
		{ 0x0370, 0x03ff, SCRIPT_GREEK }, { 0x1f00, 0x1fff, SCRIPT_GREEK },
		{ 0x0400, 0x052f, SCRIPT_CYRILLIC }, { 0x1c80, 0x1c8f, SCRIPT_CYRILLIC },
		{ 0x2de0, 0x2dff, SCRIPT_CYRILLIC }, { 0xa640, 0xa69f, SCRIPT_CYRILLIC },
	};
	size_t i;

	for (i = 0; i < sizeof letters / sizeof letters[0]; i++)
		if (c >= letters[i].lo && c <= letters[i].hi)
			return c == 0x00d7 || c == 0x00f7 ? 0 : letters[i].s;	/* × ÷ */
	return 0;
}

/*
 * In the UTF-8 text s (utf8_ok): the first invisible character, or 0; the
 * scripts of its letters in *scripts.
 */
static uint32_t
first_invisible(const char *s, unsigned *scripts)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t c;
	int len, i;

	for (*scripts = 0; *p != '\0'; p += len) {
		len = *p < 0x80 ? 1 : utf8_len((const char *)p, strlen((const char *)p));
		c = len == 1 ? *p : *p & (0x7fu >> len);
		for (i = 1; i < len; i++)
			c = c << 6 | (p[i] & 0x3f);
		if (len == 0)
			return 0;	/* not UTF-8: refused before */
		if (invisible(c))
			return c;
		*scripts |= script(c);
	}
	return 0;
}

/*
 * A new character's name: 0, or -1 with WHY (bad, or named twice, or no
 * room).  The one rule for a name, the party reader's and join's and
 * edit's (delving(7) PARTY FILE): 1 to 32 printable characters, no '='
 * or ':', not a comment ('#'), not '-' (the unnamed roller of the
 * programs run without a party), nothing that prints as nothing or turns
 * the line around, letters of one script where scripts print alike, and
 * no name twice.
 */
int
party_name_why(const struct party *p, const char *name, char *why, size_t size)
{
	unsigned scripts;
	uint32_t c;
	int i;

	if (!name_ok(name) || !utf8_ok(name, strlen(name)) ||
	    strchr(name, '=') != NULL || strchr(name, ':') != NULL) {
		snprintf(why, size, "'%s': a name is 1 to 32 printable characters, "
		    "no '=' or ':'", name);
		return -1;
	}
	if (name[0] == '#' || strcmp(name, "-") == 0) {
		snprintf(why, size, "'%s': %s", name, name[0] == '#' ? "a name "
		    "starting with '#' is a comment in a party file" : "'-' is the "
		    "unnamed roller of a program run without a party");
		return -1;
	}
	if ((c = first_invisible(name, &scripts)) != 0) {	/* kwf skips a U+FEFF at the file's start */
		snprintf(why, size, "U+%04" PRIX32 " in a name: it prints as nothing "
		    "or turns the text around it", c);
		return -1;
	}
	if (scripts & (scripts - 1)) {	/* two bits or more */
		snprintf(why, size, "'%s': Latin, Greek and Cyrillic letters "
		    "print alike: a name's letters are of one of them", name);
		return -1;
	}
	for (i = 0; i < p->n; i++)
		if (strcmp(p->m[i].name, name) == 0) {
			snprintf(why, size, "'%s': named twice", name);
			return -1;
		}
	if (p->n == PARTY_MAX) {
		snprintf(why, size, "more than %d characters", PARTY_MAX);
		return -1;
	}
	return 0;
}

static struct member *
add_member(struct party *p, const char *name, unsigned long lineno)
{
	struct member *m;
	char why[256];

	if (party_name_why(p, name, why, sizeof why) != 0)
		bad(p, lineno, "%s", why);
	m = &p->m[p->n++];
	memset(m, 0, sizeof *m);
	strcpy(m->name, name);
	m->lineno = lineno;
	return m;
}

static void
parse_line(struct party *p, char *line, unsigned long lineno)
{
	struct member *m;
	char *w;

	if ((w = strtok(line, " \t")) == NULL || *w == '#')
		return;
	m = add_member(p, w, lineno);
	while ((w = strtok(NULL, " \t")) != NULL && *w != '#')
		set_key(p, m, w);
}

void
party_load(struct party *p, const char *path)
{
	struct kwf *f;
	const char *kind;
	char *line;

	check_from_env(path);
	f = kwf_read(path, "a party file");
	kind = kwf_kind(f);
	if (kind != NULL && strcmp(kind, "state") == 0)
		esc_errx(EXIT_BAD, "%s: a state file, not a party file", path);
	if (kind != NULL && strcmp(kind, "party") != 0)
		esc_errx(EXIT_BAD, "%s: a %s state file, not a party file", path, kind);
	memset(p, 0, sizeof *p);
	p->path = path;
	while ((line = kwf_text(f, PARTY_LINE_MAX)) != NULL)
		parse_line(p, line, kwf_lineno(f));
	kwf_close(f);
	if (p->n == 0)
		esc_errx(EXIT_BAD, "%s: no characters", path);
}

/* Every character must have key k: say which one does not. */
void
party_need(const struct party *p, enum party_key k)
{
	int i;

	for (i = 0; i < p->n; i++)
		if (!(p->m[i].has & 1u << k))
			bad_at(p->path, p->m[i].lineno, "%s has no %s=",
			    p->m[i].name, party_keys[k]);
}

/* NAME:MOD, MOD the key k's value. */
static void
party_operand(struct party *p, const char *arg, enum party_key k)
{
	char name[PARTY_NAME_MAX + 2];
	const char *colon = strrchr(arg, ':');
	struct member *m;
	long long v;
	size_t n;

	if (colon == NULL || (n = (size_t)(colon - arg)) == 0 || n > PARTY_NAME_MAX)
		esc_errx(EXIT_BAD, "%s: expected NAME:MOD", arg);
	memcpy(name, arg, n);
	name[n] = '\0';
	if (strtonum_ok(colon + 1, key_range[k].lo, key_range[k].hi, &v) != 0)
		esc_errx(EXIT_BAD, "%s: MOD: expected a whole number from %ld to %ld",
		    arg, key_range[k].lo, key_range[k].hi);
	p->path = "operands";
	m = add_member(p, name, (unsigned long)p->n + 1);
	m->val[k] = (long)v;
	m->has |= 1u << k;
}

const char *
party_who(const struct member *m, const char *unnamed)
{
	return strcmp(m->name, "-") == 0 ? unnamed : m->name;
}

/* With no party file and no operands, one unnamed character "-". */
static void
party_default(struct party *p, long mod, enum party_key k)
{
	memset(p, 0, sizeof *p);
	p->n = 1;
	strcpy(p->m[0].name, "-");
	p->m[0].val[k] = mod;
	p->m[0].has = 1u << k;
}

/*
 * 004: a CON score reduced to 0, "They're dead": resilience=0 (resilience
 * is the CON score) marks a dead character, who rolls nothing and heals
 * nothing.  0 HP is not death: 004 leaves it to the GM ("they die or are
 * left unconscious").
 */
int
party_dead(const struct member *m)
{
	return (m->has & 1u << PK_RESILIENCE) && m->val[PK_RESILIENCE] == 0;
}

/* Each dead character said once on stderr: "NAME is dead (CON 0): no rolls". */
int
party_say_dead(const struct party *p)
{
	int i, k = 0;

	for (i = 0; i < p->n; i++)
		if (party_dead(&p->m[i])) {
			esc_warnx("%s is dead (CON 0): no rolls",
			    p->m[i].name);
			k++;
		}
	return k;
}

/* The living of P, each dead character said once; none living is an error alone. */
void
party_drop_dead(struct party *p)
{
	int i, n = 0;

	for (i = 0; i < p->n; i++)
		n += !party_dead(&p->m[i]);
	if (n == p->n)
		return;
	if (n == 0)
		esc_errx(EXIT_BAD, "%s: every character is dead (CON 0)", p->path);
	party_say_dead(p);
	for (i = n = 0; i < p->n; i++)
		if (!party_dead(&p->m[i]))
			p->m[n++] = p->m[i];
	p->n = n;
}

/*
 * The characters who roll: NAME:MOD operands (MOD key k's value), else the
 * party file of -p or DELVING_PARTY (every character needs key k), else one
 * unnamed roller "-" with the modifier mod.  -p with operands is refused.
 */
void
party_pick(struct party *p, const char *popt, int argc, char *const argv[],
    enum party_key k, long mod)
{
	const char *path;
	int i;

	if (argc > 0) {
		if (popt != NULL)
			esc_errx(EXIT_BAD, "-p and NAME:MOD operands: give the characters one way, not both");
		memset(p, 0, sizeof *p);
		for (i = 0; i < argc; i++)
			party_operand(p, argv[i], k);
	} else if ((path = party_path(popt)) != NULL) {
		party_load(p, path);
		party_drop_dead(p);
		party_need(p, k);
	} else
		party_default(p, mod, k);
}

/*
 * 004: "Each load you carry above your STR score reduces your speed by 5'
 * and forces disadvantage on all checks."  The load above strength=, 0
 * unless the character has both keys.
 */
long
party_overload(const struct member *m)
{
	unsigned both = 1u << PK_LOAD | 1u << PK_STRENGTH;

	if ((m->has & both) != both || m->val[PK_LOAD] <= m->val[PK_STRENGTH])
		return 0;
	return m->val[PK_LOAD] - m->val[PK_STRENGTH];
}

/*
 * 004: speed after load, "A PC at 0' speed is completely encumbered"; under
 * travel an exhausted character's is 0.  002's exhaustion is 002's alone:
 * "make rolls at disadvantage", and its speed stays (issue 27).  Load slows
 * the 000 and 002 paces too: the suite's decision (delving(7)).
 */
long
party_speed(const struct member *m, int rules)
{
	long slow = party_overload(m) * LOAD_SPEED_004;

	if (m->val[PK_EXHAUSTED] && rules == R_TRAVEL)
		return 0;	/* 004: "their movement speed becomes 0'" */
	return m->val[PK_SPEED] > slow ? m->val[PK_SPEED] - slow : 0;
}

/* Heal hp points, no higher than hpmax= when given: the points healed. */
long
party_heal(struct member *m, long hp)
{
	long was = m->val[PK_HP];

	m->val[PK_HP] += hp;
	if ((m->has & 1u << PK_HPMAX) && m->val[PK_HP] > m->val[PK_HPMAX])
		m->val[PK_HP] = m->val[PK_HPMAX] > was ? m->val[PK_HPMAX] : was;
	return m->val[PK_HP] - was;
}

/* ", " and what 0 HP is under RULES (zero_hp), or "" above 0. */
static const char *
at_zero(const struct member *m, int rules, const char **sep)
{
	*sep = m->val[PK_HP] == 0 ? ", " : "";
	return m->val[PK_HP] == 0 ? zero_hp[rules] : "";
}

/*
 * A character's hit points and conditions as a GM says them under RULES
 * (enum rules), the same words the programs' records use (delving(7)
 * PARTY FILE): "dead (CON 0);
 * 9 of 12 HP; 2 Fatigue; tired; exhausted: ...; 1 load over STR 10: ...".
 */
void
party_describe(const struct member *m, int rules, char *buf, size_t size)
{
	long over = party_overload(m);
	const char *sep, *zero = at_zero(m, rules, &sep);

	buf[0] = '\0';
	if (party_dead(m))
		str_append(buf, size, "; ", "dead (CON 0)");	/* 004: "They're dead" */
	if (m->has & 1u << PK_HP) {
		str_append(buf, size, "; ", "%ld", m->val[PK_HP]);
		if (m->has & 1u << PK_HPMAX)
			str_append(buf, size, "", " of %ld", m->val[PK_HPMAX]);
		str_append(buf, size, "", " HP%s%s", sep, zero);
	}
	if (m->val[PK_FATIGUE] != 0)			/* 000 */
		str_append(buf, size, "; ", "%ld Fatigue", m->val[PK_FATIGUE]);
	if (m->val[PK_TIRED])				/* 002 */
		str_append(buf, size, "; ", "tired");
	/* each rules name its own seed's effects (check.c applies them) */
	if (m->val[PK_EXHAUSTED] && rules == R_TRAVEL)	/* 004 */
		str_append(buf, size, "; ", "exhausted: disadvantage on all "
		    "checks, speed 0 ft");
	else if (m->val[PK_EXHAUSTED] && rules == R_DUNGEONTURN)	/* 002 */
		str_append(buf, size, "; ", "exhausted: rolls at disadvantage");
	else if (m->val[PK_EXHAUSTED])
		str_append(buf, size, "; ", "exhausted");
	if (over > 0 && rules == R_TRAVEL)		/* 004 load */
		str_append(buf, size, "; ", "%ld load over STR %ld: disadvantage "
		    "on all checks, %ld ft slower", over, m->val[PK_STRENGTH],
		    over * LOAD_SPEED_004);
	else if (over > 0)
		str_append(buf, size, "; ", "%ld load over STR %ld", over,
		    m->val[PK_STRENGTH]);
	else if (m->has & 1u << PK_LOAD) {
		str_append(buf, size, "; ", "carries %ld load", m->val[PK_LOAD]);
		if (m->has & 1u << PK_STRENGTH)
			str_append(buf, size, "", ", STR %ld", m->val[PK_STRENGTH]);
	}
}

/*
 * The other words of a character's LINE, as "dex +2, level 3, notes x":
 * the modifiers signed, a GM's own keys as written, the keys
 * party_describe says left out.
 */
void
party_sheet(const char *line, char *buf, size_t size)
{
	static const char *const said[] = { "hp", "hpmax", "fatigue", "tired",
	    "exhausted", "load", "strength", NULL };
	static const char *const mods[] = { "str", "dex", "con", "int", "wis",
	    "cha", "best", NULL };
	char word[PARTY_LINE_MAX], *w, *eq, *save;

	buf[0] = '\0';
	str_copy(word, sizeof word, line);
	word[strcspn(word, "\n")] = '\0';
	if (strtok_r(word, " \t", &save) == NULL)	/* the name */
		return;
	while ((w = strtok_r(NULL, " \t", &save)) != NULL && *w != '#') {
		if ((eq = strchr(w, '=')) == NULL)
			continue;
		*eq = '\0';
		if (word_in(w, said) >= 0)
			continue;
		if (word_in(w, mods) >= 0)
			str_append(buf, size, ", ", "%s %+ld", w, atol(eq + 1));
		else
			str_append(buf, size, ", ", "%s %s", w, eq + 1);
	}
}

/*
 * Each character of the party file PATH, read as every program reads it
 * (party_load: a bad line is refused, FILE:LINE), with its line's text.
 */
void
party_each(const char *path, void (*fn)(void *, const struct member *,
    const char *), void *arg)
{
	struct party *p = emalloc(sizeof *p);
	struct kwf *f;
	int i;

	party_load(p, path);
	f = kwf_read(path, "a party file");
	for (i = 0; i < p->n; i++)
		fn(arg, &p->m[i], kwf_line(f, p->m[i].lineno));
	kwf_close(f);
	free(p);
}

/* One word of a character's line: key=value, rewritten when the value changed. */
/* The known key a word names, or -1: "hp=3" is PK_HP. */
static int
word_key(const char *w, size_t n)
{
	const char *eq = memchr(w, '=', n);
	size_t klen = eq != NULL ? (size_t)(eq - w) : 0;
	int k;

	for (k = 0; eq != NULL && k < PK_NKEYS; k++)
		if (strlen(party_keys[k]) == klen && memcmp(w, party_keys[k], klen) == 0)
			return k;
	return -1;
}

static void
save_word(FILE *out, const char *w, size_t n, int k, const struct member *was,
    const struct member *now)
{
	if (k >= 0 && (now->has & 1u << k) && was->val[k] != now->val[k])
		fprintf(out, "%s=%ld", party_keys[k], now->val[k]);
	else
		fwrite(w, 1, n, out);
}

/*
 * Where a key a program or the GM adds goes among the words (party_line):
 * the conditions the programs keep end the line, 000's fatigue before
 * exhaustion and tiredness (rank 1, then 2); any other key a person
 * writes or the GM sets ranks 0, a word that is no known key -1.
 */
#define PLACE_RANKS 3

static int
place_rank(int k)
{
	return k < 0 ? -1 : k == PK_FATIGUE ? 1 :
	    k == PK_EXHAUSTED || k == PK_TIRED ? 2 : 0;
}

/* The least place_rank of the words from P to the line's end; PLACE_RANKS if none. */
static int
rest_min(const char *p)
{
	int r, least = PLACE_RANKS;
	size_t n;

	for (;;) {
		p += strspn(p, " \t");
		if (*p == '#' || (n = strcspn(p, " \t\n")) == 0)
			return least;
		if ((r = place_rank(word_key(p, n))) < least)
			least = r;
		p += n;
	}
}

/*
 * The keys a program gave a character who had none (LEFT), those ranked
 * below BELOW now, by rank and then in party_keys' order: a new key goes
 * after the line's last word that is not a key ranked after it (at the
 * words' end, before the conditions that end the line), a key given at 0
 * too (hazard's exhausted=0 beside tired=1).  Where fatigue= and
 * exhausted= go depends on the words the line held, not on which run
 * added which first: hazard's Fatigue (000) and timedice's exhaustion
 * (004's resilience), added in either order by one turn after another or
 * by one -n N, give the same words.
 */
static void
save_added(FILE *out, int below, int inside, unsigned *left,
    const struct member *now)
{
	int r, k;

	for (r = 0; r < PLACE_RANKS && r < below; r++)
		for (k = 0; k < PK_NKEYS; k++)
			if (place_rank(k) == r && (*left & 1u << k)) {
				*left &= ~(1u << k);
				fprintf(out, inside ? "%s=%ld " : " %s=%ld",
				    party_keys[k], now->val[k]);
			}
}

/* A character's line: the name, then each word, the blanks between kept. */
void
party_line(FILE *out, const char *line, const struct member *was,
    const struct member *now)
{
	const char *p = line + strspn(line, " \t");
	unsigned left = now->has & ~was->has;
	size_t n;

	p += strcspn(p, " \t\n");
	fwrite(line, 1, (size_t)(p - line), out);
	for (;;) {
		n = strspn(p, " \t");
		fwrite(p, 1, n, out);
		p += n;
		if (*p == '#' || (n = strcspn(p, " \t\n")) == 0)
			break;
		if (left != 0)
			save_added(out, rest_min(p), 1, &left, now);
		save_word(out, p, n, word_key(p, n), was, now);
		p += n;
	}
	save_added(out, PLACE_RANKS, *p == '#', &left, now);
	fputs(p, out);
}

static int
party_changed(const struct party *was, const struct party *now)
{
	int i, k;

	for (i = 0; i < was->n; i++)
		for (k = 0; k < PK_NKEYS; k++)
			if (was->m[i].val[k] != now->m[i].val[k])
				return 1;
	return 0;
}

/*
 * Character NOW's line of the party file F, in a buffer to be freed: LINE
 * with the words that changed since WAS (party_line); or, WAS NULL, a new
 * character's, the name, then each key given in party_keys' order.
 */
static char *
line_of(const struct kwf *f, const char *line, const struct member *was,
    const struct member *now)
{
	char *text;
	size_t len;
	FILE *out;
	int k;

	if ((out = open_memstream(&text, &len)) == NULL)
		esc_err(EXIT_IO, "%s", kwf_path(f));
	if (was != NULL)
		party_line(out, line, was, now);
	else
		fputs(now->name, out);
	for (k = 0; was == NULL && k < PK_NKEYS; k++)
		if (now->has & 1u << k)
			fprintf(out, " %s=%ld", party_keys[k], now->val[k]);
	if (fclose(out) != 0)
		esc_err(EXIT_IO, "%s", kwf_path(f));
	return text;
}

/*
 * WAS become NOW in the party file F, as read: the key=value words whose
 * values differ take the new values, every other byte stays as it was;
 * the character GONE (an index of WAS, or -1) is taken out, and each of
 * NOW past WAS's count, who joined, is a line after the rest.
 */
void
party_put(struct kwf *f, const struct party *was, const struct party *now,
    int gone)
{
	const struct member *m;
	char *text;
	int i;

	for (i = 0; i < now->n; i++) {
		m = &now->m[i];
		if (i == gone)
			kwf_replace(f, m->lineno, NULL);
		else if (i < was->n) {
			text = line_of(f, kwf_line(f, m->lineno), &was->m[i], m);
			kwf_replace(f, m->lineno, text);
			free(text);
		} else {
			text = line_of(f, NULL, NULL, m);
			kwf_append(f, text);
			free(text);
		}
	}
}

/*
 * With the state file W->state, a killed -w run's party PATH settled (read
 * or not); HOW PARTY_READ, PATH read (PARTY_WRITE: locked first, paired
 * with the state), NEED's keys (bits 1u << PK_*) asked of everyone, the
 * dead said (PARTY_LIVING: dropped first), the party as read kept for -w.
 */
void
party_open_with(struct party_with *w, struct party *p, const char *path,
    int how, unsigned need)
{
	int k;

	if (w->state != NULL)
		kwf_settle(w->state, path);
	if (path == NULL || !(how & PARTY_READ))
		return;
	if ((how & PARTY_WRITE) == PARTY_WRITE)
		w->party = kwf_update(path, NULL);
	if (w->state != NULL && w->party != NULL)
		kwf_pair(w->state, w->party);	/* both written as one */
	party_load(p, path);
	if (how & PARTY_LIVING)
		party_drop_dead(p);	/* 004: the dead make no check */
	for (k = 0; k < PK_NKEYS; k++)
		if (need & 1u << k)
			party_need(p, (enum party_key)k);
	if (!(how & PARTY_LIVING))
		party_say_dead(p);	/* 004: no checks, no healing */
	if (w->party != NULL)
		w->was = *p;
}

/*
 * -w's end: the party file, if changed, staged, then the state file, its
 * new keywords already put, committed: both as one when they are paired
 * (kwf_pair: the party's copy pending under the new state's checksum,
 * made at the state's commit).  Either may be NULL; both are closed.
 */
void
party_commit_with(struct party_with *w, const struct party *now)
{
	if (w->party != NULL && party_changed(&w->was, now)) {
		party_put(w->party, &w->was, now, -1);
		kwf_commit(w->party);
	}
	if (w->state != NULL)
		kwf_commit(w->state);
	kwf_close(w->state);
	kwf_close(w->party);
}

/* The character called NAME, or NULL. */
struct member *
party_find(struct party *p, const char *name)
{
	int i;

	for (i = 0; i < p->n; i++)
		if (strcmp(p->m[i].name, name) == 0)
			return &p->m[i];
	return NULL;
}

/* Damage of hp points: no lower than 0 HP.  The points lost. */
long
party_damage(struct member *m, long hp)
{
	long was = m->val[PK_HP];

	m->val[PK_HP] = hp < was ? was - hp : 0;
	return was - m->val[PK_HP];
}

/*
 * A character's hit points as a sentence ends: "3 of 12 HP", "0 of 12 HP,
 * incapacitated and unable to act (004)", each rules name its own words.
 */
void
party_say_hp(const struct member *m, int rules, char *buf, size_t size)
{
	const char *sep, *zero = at_zero(m, rules, &sep);

	if (m->has & 1u << PK_HPMAX)
		snprintf(buf, size, "%ld of %ld HP%s%s", m->val[PK_HP],
		    m->val[PK_HPMAX], sep, zero);
	else
		snprintf(buf, size, "%ld HP%s%s", m->val[PK_HP], sep, zero);
}
