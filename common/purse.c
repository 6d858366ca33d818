/*
 * purse: supplies and coin under seed 004 (purse.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "kwf.h"
#include "party.h"
#include "purse.h"
#include "record.h"
#include "rules.h"
#include "util.h"

/* 004: "10 copper (cp) = 1 silver (sp); 10 sp = 1 gp" */
const char *const coin_keys[COIN_DENOMS + 1] = { "gp", "sp", "cp", NULL };
const long long coin_worth[COIN_DENOMS] = { 100, 10, 1 };

long long
coins_value(const struct coins *c)
{
	long long v = 0;
	int d;

	for (d = 0; d < COIN_DENOMS; d++)
		v += c->n[d] * coin_worth[d];
	return v;
}

/* 004: "500 coins per load": whole loads, what is under one weighs none. */
long long
coins_load(const struct coins *c)
{
	return (c->n[0] + c->n[1] + c->n[2]) / COINS_PER_LOAD_004;
}

/*
 * An amount of coin: one or more NUMBER DENOM joined ("5gp", "1gp5sp",
 * "12cp"), each denomination once.  0, or -1 when it is not one.
 */
int
coins_parse(const char *s, struct coins *c)
{
	char num[16];
	size_t n;
	long long v;
	int d, seen = 0;

	memset(c, 0, sizeof *c);
	if (*s == '\0')
		return -1;
	while (*s != '\0') {
		n = strspn(s, "0123456789");
		if (n == 0 || n >= sizeof num)
			return -1;
		memcpy(num, s, n);
		num[n] = '\0';
		s += n;
		for (d = 0; d < COIN_DENOMS; d++)
			if (strncmp(s, coin_keys[d], 2) == 0)
				break;
		if (d == COIN_DENOMS || (seen & 1 << d) ||
		    strtonum_ok(num, 0, COIN_MAX, &v) != 0)
			return -1;
		seen |= 1 << d;
		c->n[d] = v;
		s += 2;
	}
	return 0;
}

/* "5 gp 3 sp", "nothing"; the denominations held, largest first. */
void
coins_say(const struct coins *c, char *buf, size_t size)
{
	int d;

	buf[0] = '\0';
	for (d = 0; d < COIN_DENOMS; d++)
		if (c->n[d] > 0)
			str_append(buf, size, " ", "%lld %s", c->n[d], coin_keys[d]);
	if (buf[0] == '\0')
		str_copy(buf, size, "no coin");
}

/*
 * COINS' weight as a record and a sentence say it: "0.43", "1.5" or "2"
 * pounds in LB, "under one load", "1 load" or "2 loads and 234 coins" in
 * LOAD (004: "100 coins per pound, and 500 coins per load").
 */
void
coins_weight(long long coins, char *lb, size_t lbsize, char *load,
    size_t loadsize)
{
	long long pound = coins / COINS_PER_POUND_004, part = coins %
	    COINS_PER_POUND_004, whole = coins / COINS_PER_LOAD_004, rest =
	    coins % COINS_PER_LOAD_004;

	if (part == 0)
		snprintf(lb, lbsize, "%lld", pound);
	else if (part % 10 == 0)
		snprintf(lb, lbsize, "%lld.%lld", pound, part / 10);
	else
		snprintf(lb, lbsize, "%lld.%02lld", pound, part);
	if (whole == 0)
		snprintf(load, loadsize, "under one load");
	else if (rest == 0)
		snprintf(load, loadsize, "%lld load%s", whole, whole == 1 ? "" : "s");
	else
		snprintf(load, loadsize, "%lld load%s and %lld coin%s", whole,
		    whole == 1 ? "" : "s", rest, rest == 1 ? "" : "s");
}

/*
 * The price paid from a purse: the pieces named where the purse has
 * them, what is still owed then paid with the smallest pieces first,
 * and the one piece that covers the rest broken, its change back in
 * silver and copper.  -1, the purse unchanged, when it holds too little.
 */
int
coins_pay(struct coins *from, const struct coins *price)
{
	struct coins c = *from;
	long long owed = 0, k, change;
	int d;

	if (coins_value(from) < coins_value(price))
		return -1;
	for (d = 0; d < COIN_DENOMS; d++) {
		k = price->n[d] < c.n[d] ? price->n[d] : c.n[d];
		c.n[d] -= k;
		owed += (price->n[d] - k) * coin_worth[d];
	}
	for (d = COIN_DENOMS - 1; d >= 0 && owed > 0; d--) {
		k = owed / coin_worth[d] < c.n[d] ? owed / coin_worth[d] : c.n[d];
		c.n[d] -= k;
		owed -= k * coin_worth[d];
	}
	for (d = COIN_DENOMS - 1; d >= 0 && owed > 0; d--)
		if (c.n[d] > 0) {	/* one piece worth more than owed */
			c.n[d]--;
			change = coin_worth[d] - owed;
			c.n[1] += change / coin_worth[1];
			c.n[2] += change % coin_worth[1];
			owed = 0;
		}
	*from = c;
	return 0;
}

void
coins_add(struct coins *to, const struct coins *more)
{
	int d;

	for (d = 0; d < COIN_DENOMS; d++)
		to->n[d] += more->n[d];
}

/* Each denomination split n ways; what does not split evenly is the rest. */
void
coins_share(const struct coins *c, int n, struct coins *each,
    struct coins *rest)
{
	int d;

	for (d = 0; d < COIN_DENOMS; d++) {
		each->n[d] = c->n[d] / n;
		rest->n[d] = c->n[d] % n;
	}
}

/*
 * The next line of a party file's TEXT from *at (NULL: the first): *w at
 * its first word (a byte-order mark passed), *end at its newline or NUL.
 * 0 after the last.  Blank lines and comments are lines too.
 */
int
party_text_each(const char *text, const char **at, const char **w,
    const char **end)
{
	const char *s;

	if (*at != NULL && **at == '\0')
		return 0;
	s = *at == NULL ? text : *at + 1;
	if (*s == '\0')	/* the end, after a last newline or none */
		return 0;
	*end = s + strcspn(s, "\n");
	*w = s + strspn(s, " \t");
	if (s == text && strncmp(*w, "\xef\xbb\xbf", 3) == 0)
		*w += 3;
	*at = *end;
	return 1;
}

/* The line of TEXT whose first word is NAME: [beg, end), its newline out. */
int
party_text_line(const char *text, const char *name, size_t *beg, size_t *end)
{
	const char *at = NULL, *w, *nl, *line;
	size_t n = strlen(name);

	while (party_text_each(text, &at, &w, &nl)) {
		if ((size_t)(nl - w) >= n && strncmp(w, name, n) == 0 &&
		    (w[n] == ' ' || w[n] == '\t' || w + n == nl)) {
			for (line = w; line > text && line[-1] != '\n'; line--)
				;
			*beg = (size_t)(line - text);
			*end = (size_t)(nl - text);
			return 0;
		}
	}
	return -1;
}

/*
 * The word of KEY (KLEN bytes, KEY=VALUE) among the words of a party
 * file's line after its name, up to a word that starts a comment; NULL
 * when none.  *AFTER is then past the last word.
 */
static const char *
key_at(const char *line, size_t len, const char *key, size_t klen,
    const char **after)
{
	const char *end = line + len, *p = line + strspn(line, " \t"), *w;
	size_t n;

	for (p += strcspn(p, " \t\n"); ; p = w + n) {
		w = p + strspn(p, " \t");
		if (w >= end || *w == '#' || *w == '\n')
			break;
		n = strcspn(w, " \t\n");
		if (n > klen && strncmp(w, key, klen) == 0 && w[klen] == '=')
			return w;
	}
	*after = p;
	return NULL;
}

/* KEY's value (KEY KLEN bytes) on a party file's LINE, *VLEN bytes; NULL if none. */
const char *
line_value(const char *line, size_t len, const char *key, size_t klen,
    size_t *vlen)
{
	const char *after, *w = key_at(line, len, key, klen, &after);

	if (w == NULL)
		return NULL;
	*vlen = strcspn(w + klen + 1, " \t\n");
	return w + klen + 1;
}

/* The N bytes at V as a number in *OUT, -COUNT_MAX to COUNT_MAX: 0, else -1. */
int
value_num(const char *v, size_t n, long long *out)
{
	char num[24];

	if (n == 0 || n >= sizeof num)
		return -1;
	memcpy(num, v, n);
	num[n] = '\0';
	return strtonum_ok(num, -COUNT_MAX, COUNT_MAX, out);
}

/* KEY's value on the line in *v: 0, else -1 (missing or not a number). */
int
line_key(const char *line, size_t len, const char *key, long long *v)
{
	size_t n;
	const char *at = line_value(line, len, key, strlen(key), &n);

	return at != NULL ? value_num(at, n, v) : -1;
}

/* TEXT with [beg, end) made NEW (n bytes), *outlen its length: to be freed. */
static char *
text_splice(const char *text, size_t beg, size_t end, const char *new,
    size_t n, size_t *outlen)
{
	size_t len = strlen(text);
	char *out = emalloc(len - (end - beg) + n + 1);

	memcpy(out, text, beg);
	memcpy(out + beg, new, n);
	memcpy(out + beg + n, text + end, len - end + 1);
	*outlen = len - (end - beg) + n;
	return out;
}

/*
 * TEXT (a party file) with WORD (KEY=VALUE) on NAME's line: in place of
 * the word of its key, else after the line's last word, before an
 * end-of-line comment; every other byte kept.  NULL when NAME has no line.
 */
char *
text_set_word(const char *text, const char *name, const char *word)
{
	size_t beg, end, n, klen = strcspn(word, "=");
	const char *after, *at;
	char *added, *out;

	if (party_text_line(text, name, &beg, &end) != 0)
		return NULL;
	if ((at = key_at(text + beg, end - beg, word, klen, &after)) != NULL)
		return text_splice(text, (size_t)(at - text),
		    (size_t)(at - text) + strcspn(at, " \t\n"), word, strlen(word),
		    &n);
	n = strlen(word) + 2;
	added = emalloc(n);
	snprintf(added, n, " %s", word);
	out = text_splice(text, (size_t)(after - text), (size_t)(after - text),
	    added, n - 1, &n);
	free(added);
	return out;
}

/* TEXT and LINE (N bytes) after it, on a line of its own. */
char *
text_with_line(const char *text, const char *line, size_t n, size_t *outlen)
{
	size_t len = strlen(text), nl = len > 0 && text[len - 1] != '\n';
	char *out = emalloc(len + nl + n + 2);

	memcpy(out, text, len);
	if (nl)
		out[len] = '\n';
	memcpy(out + len + nl, line, n);
	out[len + nl + n] = '\n';
	out[len + nl + n + 1] = '\0';
	*outlen = len + nl + n + 1;
	return out;
}

/* TEXT with the line [beg, end) and its newline taken out. */
char *
text_without_line(const char *text, size_t beg, size_t end)
{
	size_t n;

	return text_splice(text, beg, text[end] == '\n' ? end + 1 : end, "", 0,
	    &n);
}

/*
 * A party file's line as a sentence says it: blanks made one space, no
 * comment (a word starting with '#', as the party reader has it).
 */
void
sheet_words(const char *line, size_t len, char *out, size_t size)
{
	size_t i, n = 0;

	for (i = 0; i < len && !(line[i] == '#' && (i == 0 || line[i - 1] == ' ' ||
	    line[i - 1] == '\t')) && n + 1 < size; i++)
		if (line[i] != ' ' && line[i] != '\t')
			out[n++] = line[i];
		else if (n > 0 && out[n - 1] != ' ')
			out[n++] = ' ';
	while (n > 0 && out[n - 1] == ' ')
		n--;
	out[n] = '\0';
}

/* The names of the party file's characters, in its order. */
int
sheet_names(const char *text, char names[][PARTY_NAME_MAX + 1], int max)
{
	const char *at = NULL, *nl, *w;
	int n = 0;
	size_t k;

	while (n < max && party_text_each(text, &at, &w, &nl)) {
		k = strcspn(w, " \t\n");
		if (k == 0 || *w == '#' || k > PARTY_NAME_MAX)
			continue;
		snprintf(names[n++], PARTY_NAME_MAX + 1, "%.*s", (int)k, w);
	}
	return n;
}

/*
 * The hours of supplies EATERS characters used from s->since to NOW (each
 * uses one an hour, whole hours only: 004, "SUP reduce hourly"), at most
 * what was left; *settled the clock counted to (the part of an hour not
 * yet eaten left over).
 */
long long
sup_used(const struct supplies *s, uint64_t now, int eaters, uint64_t *settled)
{
	uint64_t hours = now > s->since ? (now - s->since) / CLOCK_HOUR_TURNS : 0;
	long long want;

	*settled = s->since + hours * CLOCK_HOUR_TURNS;
	if (eaters <= 0 || hours == 0)
		return 0;
	want = hours > (uint64_t)SUP_MAX ? SUP_MAX : (long long)hours;
	want *= eaters;
	return want < s->left ? want : s->left;
}

/* "3 days and 4 hours of food for 4 characters (292 hours in all)". */
void
sup_say(long long left, int eaters, char *buf, size_t size)
{
	long long each = eaters > 0 ? left / eaters : left;

	if (left == 0) {
		snprintf(buf, size, "no supplies: the party is without food "
		    "(004: resilience is the hours a PC can adventure without "
		    "food or rest)");
		return;
	}
	buf[0] = '\0';
	if (each / 24 > 0)	/* "2 days", "1 day and 3 hours", "7 hours" */
		str_append(buf, size, "", "%lld day%s", each / 24,
		    each / 24 == 1 ? "" : "s");
	if (each % 24 > 0 || each == 0)
		str_append(buf, size, " and ", "%lld hour%s", each % 24,
		    each % 24 == 1 ? "" : "s");
	str_append(buf, size, " ", "of food for %d character%s (%lld hours in "
	    "all)", eaters, eaters == 1 ? "" : "s", left);
}

/*
 * A sheet kept (the roster's, the journal's), WORDS as the file has them,
 * said under RULES as status says a character: party_describe of the
 * keys the programs read ("0 of 6 HP; exhausted"), then party_sheet.
 */
void
sheet_said(const char *words, int rules, char *buf, size_t size)
{
	char line[PARTY_LINE_MAX], sheet[PARTY_LINE_MAX], why[256], *w, *save;
	struct member m = { "", { 0 }, 0, 0 };

	str_copy(line, sizeof line, words);
	if (strtok_r(line, " \t", &save) != NULL)	/* the name */
		while ((w = strtok_r(NULL, " \t", &save)) != NULL)
			(void)party_assign(&m, w, why, sizeof why);	/* a GM's key: the sheet's */
	party_describe(&m, rules, buf, size);
	if (buf[0] == '\0')
		str_copy(buf, size, "no hit points or conditions kept");
	party_sheet(words, sheet, sizeof sheet);
	if (sheet[0] != '\0')
		str_append(buf, size, ". ", "Also %s", sheet);
}

/*
 * A character of the roster, their sheet's WORDS (sheet_words), said under
 * RULES: out of the party, or come BACK to it.
 */
void
roster_said(const char *words, int rules, int back, char *buf, size_t size)
{
	char said[PARTY_LINE_MAX + 256];
	int n = (int)strcspn(words, " ");

	sheet_said(words, rules, said, sizeof said);
	if (back)
		snprintf(buf, size, "%.*s comes back to the party with their "
		    "sheet: %s.", n, words, said);
	else
		snprintf(buf, size, "%.*s is out of the party (delve join %.*s "
		    "brings them back): %s.", n, words, n, words, said);
}

/* A ses_read callback (ARG a struct supplies): the supplies file's lines. */
int
sup_line(void *arg, char **w, int nw, const struct kwf *f)
{
	static const char *const keys[] = { "supplies", "since", NULL };
	struct supplies *sup = arg;
	int k = word_in(w[0], keys);

	if (k < 0)
		return 1;
	if (nw != 2)
		kwf_bad(f, "%s: expected a number", w[0]);
	if (k == 0)
		sup->left = kwf_num(f, w[1], 0, SUP_MAX);
	else
		sup->since = (uint64_t)kwf_num(f, w[1], 0, (long long)CLOCK_MAX);
	if (sup->seen & 1u << k)	/* no "last one wins", as in state files */
		kwf_bad(f, "%s: given twice", w[0]);
	sup->seen |= 1u << k;
	return 0;
}

/* The supplies file's text (delve(6) FILES): its length. */
int
sup_text(const struct supplies *s, char *buf, size_t size)
{
	return snprintf(buf, size, "# delve supplies: see delve(6), FILES\n"
	    "supplies %lld\nsince %" PRIu64 "\n", s->left, s->since);
}

/* --- the GM's acts on the purses: buy, spend, give, share, loot ---------- */

/* NAME's coins, from gp= sp= cp= of their line; refused when not in the party. */
static void
coins_of(const struct purse_act *a, const char *name, struct coins *c)
{
	size_t beg, end;
	long long v;
	int d;

	if (party_text_line(a->party, name, &beg, &end) != 0)
		esc_errx(EXIT_BAD, "%s: '%s': not in the party", a->act, name);
	for (d = 0; d < COIN_DENOMS; d++)
		c->n[d] = line_key(a->party + beg, end - beg, coin_keys[d], &v) == 0
		    && v >= 0 ? v : 0;
}

static void
set_key(struct purse_act *a, const char *name, const char *key, long long v)
{
	char word[64], *t;

	snprintf(word, sizeof word, "%s=%lld", key, v);
	t = text_set_word(a->party, name, word);
	free(a->party);
	a->party = t;
}

/*
 * NAME's purse made C: gp= sp= cp= written, and load= (when the line has
 * it) moved by the loads of coin gained or lost (004: 500 coins per load);
 * said in a record, TEXT first.
 */
static void
coins_set(struct purse_act *a, const char *name, const struct coins *c,
    const char *text)
{
	struct coins was;
	size_t beg, end;
	long long load;
	char said[128], change[128], line[1024];
	int d;

	coins_of(a, name, &was);
	party_text_line(a->party, name, &beg, &end);
	if (line_key(a->party + beg, end - beg, "load", &load) == 0) {
		load += coins_load(c) - coins_load(&was);
		set_key(a, name, "load", load < 0 ? 0 : load);
	}
	for (d = 0; d < COIN_DENOMS; d++)
		set_key(a, name, coin_keys[d], c->n[d]);
	coins_say(c, said, sizeof said);
	snprintf(change, sizeof change, "gp=%lld,sp=%lld,cp=%lld", c->n[0],
	    c->n[1], c->n[2]);
	snprintf(line, sizeof line, "%s: %s left%s.", text, said,
	    coins_load(c) > 0 ? ", its weight in load" : "");
	rec_delve(a->w, a->turn, name, a->act, change, line);
}

static void
amount(const char *word, struct coins *c)
{
	if (coins_parse(word, c) != 0 || coins_value(c) == 0)
		esc_errx(EXIT_BAD, "'%s': expected coin, as 5gp, 3sp or 1gp5sp2cp "
		    "(10 cp = 1 sp, 10 sp = 1 gp)", word);
}

/* NAME pays PRICE: refused, nothing changed, when the purse holds too little. */
static void
pay(struct purse_act *a, const char *name, const struct coins *price,
    struct coins *left)
{
	char has[128], want[128];

	coins_of(a, name, left);
	if (coins_pay(left, price) != 0) {
		coins_say(left, has, sizeof has);
		coins_say(price, want, sizeof want);
		esc_errx(EXIT_BAD, "%s: %s has %s: not enough for %s; the session is "
		    "as it was", a->act, name, has, want);
	}
}

/* buy|spend NAME COIN [sup HOURS | rations DAYS | WHAT ...] */
static void
act_spend(struct purse_act *a, int argc, char **argv)
{
	struct coins price, left;
	char text[512], want[128], what[256] = "";
	long long n = 0;
	int i, food = argc == 5 && (strcmp(argv[3], "sup") == 0 ||
	    strcmp(argv[3], "rations") == 0);

	if (argc < 3)
		esc_errx(EXIT_BAD, "%s: expected %s NAME COIN [WHAT ...]", argv[0],
		    argv[0]);
	amount(argv[2], &price);
	for (i = 3; i < argc && !food; i++)
		str_append(what, sizeof what, " ", "%s", argv[i]);
	if (note_ok(what[0] ? what : "-") != 0)
		esc_errx(EXIT_BAD, "%s: expected printable words", argv[0]);
	if (food && strtonum_ok(argv[4], 1, SUP_MAX / 24, &n) != 0)
		esc_errx(EXIT_BAD, "%s: '%s': expected a number of %s, 1 to %lld",
		    argv[0], argv[4], argv[3][0] == 's' ? "hours" : "days", SUP_MAX / 24);
	if (food && !a->has_sup)
		a->has_sup = 1, a->sup.since = a->now;
	pay(a, argv[1], &price, &left);
	coins_say(&price, want, sizeof want);
	if (food) {
		n *= argv[3][0] == 's' ? 1 : 24;
		a->sup.left = a->sup.left + n > SUP_MAX ? SUP_MAX : a->sup.left + n;
		a->sup_changed = 1;
		snprintf(text, sizeof text, "%s pays %s for %lld hours of supplies "
		    "(%lld in all)", argv[1], want, n, a->sup.left);
	} else
		snprintf(text, sizeof text, "%s %s %s%s%s", argv[1], strcmp(argv[0],
		    "buy") == 0 ? "buys" : "spends", want, what[0] ? " on " : "", what);
	coins_set(a, argv[1], &left, text);
}

/* give NAME TO COIN */
static void
act_give(struct purse_act *a, int argc, char **argv)
{
	struct coins price, left, to;
	char text[256], want[128];

	if (argc != 4)
		esc_errx(EXIT_BAD, "give: expected give NAME NAME COIN");
	if (strcmp(argv[1], argv[2]) == 0)
		esc_errx(EXIT_BAD, "give: %s: gives to another character", argv[1]);
	amount(argv[3], &price);
	pay(a, argv[1], &price, &left);
	coins_of(a, argv[2], &to);
	coins_say(&price, want, sizeof want);
	snprintf(text, sizeof text, "%s gives %s to %s", argv[1], want, argv[2]);
	coins_set(a, argv[1], &left, text);
	coins_add(&to, &price);
	snprintf(text, sizeof text, "%s gets %s from %s", argv[2], want, argv[1]);
	coins_set(a, argv[2], &to, text);
}

/* share NAME: NAME's coin split evenly among the party, the odd pieces kept. */
static void
act_share(struct purse_act *a, int argc, char **argv)
{
	char names[PARTY_MAX][PARTY_NAME_MAX + 1], text[2400], said[128];
	struct coins c, each, rest, to;
	int i, n = sheet_names(a->party, names, PARTY_MAX);

	if (argc != 2)
		esc_errx(EXIT_BAD, "share: expected share NAME");
	coins_of(a, argv[1], &c);
	if (coins_value(&c) == 0)
		esc_errx(EXIT_BAD, "share: %s has no coin to share", argv[1]);
	coins_share(&c, n, &each, &rest);
	coins_say(&each, said, sizeof said);
	for (i = 0; i < n; i++) {
		if (strcmp(names[i], argv[1]) == 0) {
			coins_add(&rest, &each);
			snprintf(text, sizeof text, "%.32s shares out their coin among "
			    "%d: %s each, the odd pieces kept", argv[1], n, said);
			coins_set(a, argv[1], &rest, text);
			continue;
		}
		coins_of(a, names[i], &to);
		coins_add(&to, &each);
		snprintf(text, sizeof text, "%s gets %s from %.32s's share-out",
		    names[i], said, argv[1]);
		coins_set(a, names[i], &to, text);
	}
}

/* loot NAME: the gold of the last loot rolled (a->loot) to NAME, once. */
static void
act_loot(struct purse_act *a, int argc, char **argv)
{
	struct coins to, gold = { { a->loot } };
	char text[256];

	if (argc != 2)
		esc_errx(EXIT_BAD, "loot: expected loot NAME");
	if (a->loot < 0)
		esc_errx(EXIT_BAD, "loot: the last loot rolled is taken already: "
		    "roll the next (delve reaction loot HD [COUNT])");
	if (a->loot == 0)
		esc_errx(EXIT_BAD, "loot: no loot to take: roll it first (delve "
		    "reaction loot HD [COUNT])");
	coins_of(a, argv[1], &to);
	coins_add(&to, &gold);
	snprintf(text, sizeof text, "%s takes the loot, %lld gp", argv[1],
	    gold.n[0]);
	coins_set(a, argv[1], &to, text);
}

static const struct {
	const char *name;
	void	(*run)(struct purse_act *, int, char **);
} purse_acts[] = {
	{ "buy", act_spend }, { "spend", act_spend }, { "give", act_give },
	{ "share", act_share }, { "loot", act_loot }, { NULL, NULL }
};

void
purse_plan(struct purse_act *a, int argc, char **argv)
{
	int i;

	for (i = 0; purse_acts[i].name != NULL &&
	    strcmp(purse_acts[i].name, argv[0]) != 0; i++)
		;
	if (purse_acts[i].name == NULL)
		esc_errx(EXIT_BAD, "%s: not an act on the purses", argv[0]);
	a->act = argv[0];
	a->w = rec_writer_open("delve", 0);
	out_hold(rec_out(a->w));
	purse_acts[i].run(a, argc, argv);
	a->rec = out_unhold(rec_out(a->w), &a->reclen);
	rec_writer_close(a->w);
}
