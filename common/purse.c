/*
 * purse: supplies and coin under seed 004 (purse.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "party.h"
#include "purse.h"
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

/* Where KEY= starts a word of the line before its comment, or NULL. */
static const char *
key_at(const char *line, size_t len, const char *key)
{
	const char *s = line, *end = memchr(line, '#', len);
	size_t k = strlen(key);

	if (end == NULL)
		end = line + len;
	for (; s + k < end; s++)
		if ((s == line || s[-1] == ' ' || s[-1] == '\t') &&
		    strncmp(s, key, k) == 0 && s[k] == '=')
			return s;
	return NULL;
}

/* KEY's value on the line in *v: 0, else -1 (missing or not a number). */
int
line_key(const char *line, size_t len, const char *key, long long *v)
{
	const char *at = key_at(line, len, key);
	char num[24];
	size_t n;

	if (at == NULL)
		return -1;
	at += strlen(key) + 1;
	n = strcspn(at, " \t\n#");
	if (n == 0 || n >= sizeof num || at + n > line + len)
		return -1;
	memcpy(num, at, n);
	num[n] = '\0';
	return strtonum_ok(num, -COUNT_MAX, COUNT_MAX, v);
}

/*
 * The line with KEY=V: its word replaced where it is, else added after
 * the last word before a comment.  Every other byte kept.
 */
static char *
line_set_key(const char *line, size_t len, const char *key, long long v,
    size_t *outlen)
{
	const char *at = key_at(line, len, key), *tail;
	char word[64], *out;
	size_t head;
	int n;

	if (at != NULL) {
		head = (size_t)(at - line);
		tail = at + strcspn(at, " \t#");
		if (tail > line + len)
			tail = line + len;
		n = snprintf(word, sizeof word, "%s=%lld", key, v);
	} else {
		const char *hash = memchr(line, '#', len);

		head = hash ? (size_t)(hash - line) : len;
		while (head > 0 && (line[head - 1] == ' ' || line[head - 1] == '\t'))
			head--;
		tail = line + head;
		n = snprintf(word, sizeof word, " %s=%lld", key, v);
	}
	*outlen = head + (size_t)n + (size_t)(line + len - tail);
	out = emalloc(*outlen + 1);
	memcpy(out, line, head);
	memcpy(out + head, word, (size_t)n);
	memcpy(out + head + n, tail, (size_t)(line + len - tail));
	out[*outlen] = '\0';
	return out;
}

/* TEXT (a party file) with NAME's KEY=V; NULL when NAME has no line. */
char *
text_set_key(const char *text, const char *name, const char *key, long long v)
{
	size_t beg, end, n, len = strlen(text);
	char *line, *out;

	if (party_text_line(text, name, &beg, &end) != 0)
		return NULL;
	line = line_set_key(text + beg, end - beg, key, v, &n);
	out = emalloc(len - (end - beg) + n + 1);
	memcpy(out, text, beg);
	memcpy(out + beg, line, n);
	memcpy(out + beg + n, text + end, len - end + 1);
	free(line);
	return out;
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
