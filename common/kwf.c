/*
 * kwf: keyword files, read whole and written back line for line (delving(7)
 * STATE FILES): every comment, blank line and end-of-line comment stays
 * where the person put it, values are replaced in place, and a file whose
 * lines did not change is not written.  The locking and the atomic write
 * are update.c's.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kwf.h"
#include "rng.h"
#include "update.h"
#include "util.h"

#define KWF_LINE_MAX 4096
#define KWF_KEYS_MAX 16

/*
 * The kinds of state file, their keywords, and those of their keywords
 * that may be given more than once (every other one given twice is
 * refused: no "last one wins"): a source, a timer, an affliction is a
 * line each, their second word telling them apart when the file is
 * written back.
 */
#define KWF_REPEATS_MAX 4
static const struct kind {
	const char *name;
	const char *keys[KWF_KEYS_MAX];
	const char *repeats[KWF_REPEATS_MAX];
} kinds[] = {
	{ "hazard", { "rules", "turn", "since-rest", "fatigue-pending",
	    "condition", "sign-pending", "sign-creature", "alarm", "rest-turns",
	    "drawn", "seed", "rng", NULL }, { "drawn", NULL } },
	{ "light", { "rules", "turn", "darkvision", "daylight", "snow",
	    "source", "seed", "rng", NULL }, { "source", NULL } },
	{ "timedice", { "day", "time", "turn", "since-rest", "rooms",
	    "rooms-per-hour", "timer", "affliction", "seed", "rng", NULL },
	    { "timer", "affliction", NULL } },
	{ "reaction", { "seed", "rng", "dark", "hasty", "drawn", NULL },
	    { "drawn", NULL } },
};
/* "affliction" lines by their second and third: a character and a source */
static const char *const named_keys[] = { "source", "timer", "affliction",
	NULL };
static const int named_words[] = { 2, 2, 3 };

struct line {
	char	*text;		/* as read, without its newline */
	size_t	 len;
	char	*repl;		/* the text written instead, or NULL */
	int	 gone;		/* not written back */
	int	 matched;	/* a new line took its place */
};

struct put {
	char	*text;		/* "keyword value..." */
	long	 after;		/* a line not in the file: written after this one */
#define PUT_PLACED (-2)		/* after: it took an old line's place */
	int	 appended;	/* kwf_append's: after the last line, not merged */
};

struct kwf {
	const char *path;
	const char *what;	/* "a state file", "a party file", ... */
	const struct kind *kind;
	struct upd *upd;	/* an update's lock and writer, else NULL */
	int	 bom;
	char	*buf;
	struct line *lines;
	long	 nlines;
	long	 cur;		/* the line read last */
	char	*scratch;
	unsigned seen;		/* bit i: kind->keys[i] was read */
	long	 seen_at[KWF_KEYS_MAX];
	struct put *puts;
	long	 nputs;
	int	 changed;
	struct kwf *pair;	/* a state file's party file, and back */
	int	 staged;	/* a paired party file: merged, to be written */
	uint64_t sum;		/* the checksum of the text as read (update.c) */
};

static struct kwf *
kwf_new(const char *path, const char *what)
{
	struct kwf *f = emalloc(sizeof *f);

	memset(f, 0, sizeof *f);
	f->path = path;
	f->what = what;
	f->cur = -1;
	if (*path == '\0')
		esc_errx(EXIT_BAD, "empty file name");
	return f;
}

/* The text in f->buf, N bytes, split into lines; a byte-order mark skipped. */
static void
split(struct kwf *f, size_t n)
{
	size_t i, start;

	f->buf[n] = '\0';
	if (f->kind != NULL)	/* a NUL inside is refused when read */
		f->sum = upd_sum(f->buf);
	f->buf[n] = '\n';
	f->bom = n >= 3 && memcmp(f->buf, "\xEF\xBB\xBF", 3) == 0;
	f->lines = ereallocarray(NULL, n + 1, sizeof *f->lines);
	for (start = i = f->bom ? 3 : 0; i < n; i++)
		if (f->buf[i] == '\n') {
			f->buf[i] = '\0';
			f->lines[f->nlines++] = (struct line){ f->buf + start,
			    i - start, NULL, 0, 0 };
			start = i + 1;
		}
	if (start < n) {
		f->buf[n] = '\0';
		f->lines[f->nlines++] = (struct line){ f->buf + start,
		    n - start, NULL, 0, 0 };
	}
	f->scratch = emalloc(n + 1);
}

/* A keyword file to read only: a table or a party file. */
struct kwf *
kwf_read(const char *path, const char *what)
{
	struct kwf *f = kwf_new(path, what);
	int fd = eopen_input(path, what);
	size_t n;

	f->buf = fd_text(fd, path, what, &n);
	close(fd);
	split(f, n);
	return f;
}

/* The row of kinds[] named KIND, or NULL. */
static const struct kind *
kind_named(const char *kind)
{
	size_t i;

	for (i = 0; kind != NULL && i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(kinds[i].name, kind) == 0)
			return &kinds[i];
	return NULL;
}

/*
 * A keyword file to change: a state file of the program kind (made when
 * missing), or with kind NULL a party file (never made).
 */
struct kwf *
kwf_update(const char *path, const char *kind)
{
	struct kwf *f = kwf_new(path, kind != NULL ? "a state file" :
	    "a party file");
	size_t n;

	f->kind = kind_named(kind);
	f->upd = upd_open(path, f->what, kind != NULL);
	f->buf = fd_text(upd_fd(f->upd), path, f->what, &n);
	split(f, n);
	return f;
}

/*
 * A state file of the program KIND read from TEXT, called NAME in its
 * errors: read and changed as kwf_update's are, and never written
 * (kwf_commit merges it, kwf_render says its new text): a state format's
 * tests.
 */
struct kwf *
kwf_from_text(const char *name, const char *kind, const char *text)
{
	struct kwf *f = kwf_new(name, "a state file");
	size_t n = strlen(text);

	f->kind = kind_named(kind);
	f->buf = emalloc(n + 1);
	memcpy(f->buf, text, n);
	split(f, n);
	return f;
}

unsigned long
kwf_lineno(const struct kwf *f)
{
	return (unsigned long)(f->cur + 1);
}

const char *
kwf_path(const struct kwf *f)
{
	return f->path;
}

void
kwf_bad(const struct kwf *f, const char *fmt, ...)
{
	char why[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	bad_at(f->path, kwf_lineno(f), "%s", why);
}

/* The next line as text, checked: at most max bytes of UTF-8; NULL at end. */
char *
kwf_text(struct kwf *f, size_t max)
{
	struct line *l;

	if (f->cur + 1 >= f->nlines)
		return NULL;
	l = &f->lines[++f->cur];
	if (l->len > max)
		kwf_bad(f, "line longer than %zu bytes", max);
	if (!utf8_ok(l->text, l->len))
		kwf_bad(f, "not text (a NUL, a control character or bad UTF-8)");
	memcpy(f->scratch, l->text, l->len + 1);
	return f->scratch;
}

static int
key_index(const struct kind *k, const char *w)
{
	int i;

	for (i = 0; k->keys[i] != NULL; i++)
		if (strcmp(k->keys[i], w) == 0)
			return i;
	return -1;
}

/* Every line's first word is a keyword of kind k (and there is a line). */
static int
all_keys_of(const struct kwf *f, const struct kind *k, int *party)
{
	char copy[KWF_LINE_MAX + 1], *w, *v;
	long i;
	int all = 1, any = 0;

	for (i = 0; i < f->nlines; i++) {
		if (f->lines[i].len > KWF_LINE_MAX)
			continue;
		memcpy(copy, f->lines[i].text, f->lines[i].len + 1);
		if ((w = strtok(copy, " \t")) == NULL || *w == '#')
			continue;
		any = 1;
		if (key_index(k, w) < 0)
			all = 0;
		if ((v = strtok(NULL, " \t")) != NULL && strchr(v, '=') != NULL)
			*party = 1;
	}
	return all && any;
}

/*
 * What the file is, by its lines: "hazard", "light" or "timedice" when
 * every line starts with a keyword of that kind's state file (not its own,
 * when it has one), "state" when two kinds could be meant, "party" when a
 * line has a key=value word; else NULL.
 */
const char *
kwf_kind(const struct kwf *f)
{
	const char *kind = NULL;
	size_t i;
	int party = 0, n = 0;

	for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (&kinds[i] != f->kind && all_keys_of(f, &kinds[i], &party)) {
			kind = kinds[i].name;
			n++;
		}
	if (party)
		return "party";
	return n > 1 ? "state" : kind;
}

/* An unknown keyword: name the file's kind if it is another program's. */
static void
unknown_key(const struct kwf *f, const char *w)
{
	const char *kind = kwf_kind(f);

	if (kind != NULL && strcmp(kind, "party") == 0)
		esc_errx(EXIT_BAD, "%s: a party file, not a %s state file", f->path,
		    f->kind->name);
	if (kind != NULL && strcmp(kind, "state") != 0)
		esc_errx(EXIT_BAD, "%s: a %s state file, not a %s one", f->path,
		    kind, f->kind->name);
	kwf_bad(f, "unknown keyword '%s'", w);
}

/* Every state file keeps seed and rng together (delving(7) STATE FILES). */
static void
check_pairs(struct kwf *f)
{
	int s = key_index(f->kind, "seed"), r = key_index(f->kind, "rng");

	if (s < 0 || r < 0 || !(f->seen & 1u << s) == !(f->seen & 1u << r))
		return;
	if (f->seen & 1u << s) {
		f->cur = f->seen_at[s];
		kwf_bad(f, "a seed without its rng line: expected 'rng HEX', "
		    "the generator's state, or the stream would start again");
	}
	f->cur = f->seen_at[r];
	kwf_bad(f, "an rng line without its seed: expected 'seed N'");
}

/* The next line that is not blank or a comment, split into words; 0 at end. */
int
kwf_next(struct kwf *f, char **w)
{
	char *p;
	int nw, k;

	while ((p = kwf_text(f, KWF_LINE_MAX)) != NULL) {
		for (nw = 0, p = strtok(p, " \t"); p != NULL;
		    p = strtok(NULL, " \t")) {
			if (*p == '#')	/* a comment runs to the end of the line */
				break;
			if (nw == KWF_WORDS_MAX)
				kwf_bad(f, "more than %d words", KWF_WORDS_MAX);
			w[nw++] = p;
		}
		if (nw == 0)
			continue;
		if (f->kind == NULL)
			return nw;
		if ((k = key_index(f->kind, w[0])) < 0)
			unknown_key(f, w[0]);
		if (f->seen & 1u << k && word_in(w[0], f->kind->repeats) < 0)
			kwf_bad(f, "%s: given twice", w[0]);
		f->seen |= 1u << k;
		f->seen_at[k] = f->cur;
		return nw;
	}
	if (f->kind != NULL)
		check_pairs(f);
	return 0;
}

long long
kwf_num(const struct kwf *f, const char *s, long long lo, long long hi)
{
	long long v;

	if (strtonum_ok(s, lo, hi, &v) != 0)
		kwf_bad(f, "'%s': expected a whole number from %lld to %lld", s,
		    lo, hi);
	return v;
}

/* A flag's value, "yes" 1 or "no" 0, of keyword KEY. */
int
kwf_flag(const struct kwf *f, const char *key, const char *word)
{
	int v = word_in(word, yes_no);

	if (v < 0)
		kwf_bad(f, "%s: expected yes or no", key);
	return v;
}

/* The words every state file shares: "seed N" and "rng HEX". 1 if taken. */
int
kwf_stream(const struct kwf *f, char **w, int nw, struct stream *st)
{
	char *end;

	if (strcmp(w[0], "seed") != 0 && strcmp(w[0], "rng") != 0)
		return 0;
	if (nw != 2)
		kwf_bad(f, "%s: expected one value", w[0]);
	if (strcmp(w[0], "rng") == 0) {
		if (rng_fromhex(&st->rng, w[1]) != 0)
			kwf_bad(f, "rng: expected 64 lower-case hex digits, not all zero");
		st->restored = 1;
		return 1;
	}
	errno = 0;
	st->seed = strtoumax(w[1], &end, 10);
	if (*w[1] < '0' || *w[1] > '9' || *end != '\0' || errno == ERANGE)
		kwf_bad(f, "seed: expected a whole number from 0 to 2^64-1");
	st->have_seed = 1;
	return 1;
}

/* One line of the new state; kwf_commit puts it where the file had it. */
void
kwf_put(struct kwf *f, const char *fmt, ...)
{
	char text[KWF_LINE_MAX + 1];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	f->puts = ereallocarray(f->puts, (size_t)f->nputs + 1, sizeof *f->puts);
	f->puts[f->nputs++] = (struct put){ estrdup(text), PUT_PLACED, 0 };
}

/* A line after the file's last (a party file's new character). */
void
kwf_append(struct kwf *f, const char *text)
{
	f->puts = ereallocarray(f->puts, (size_t)f->nputs + 1, sizeof *f->puts);
	f->puts[f->nputs++] = (struct put){ estrdup(text), f->nlines - 1, 1 };
	f->changed = 1;
}

void
kwf_put_stream(struct kwf *f, const struct stream *st)
{
	char hex[RNG_HEXLEN + 1];

	rng_tohex(&st->rng, hex);
	kwf_put(f, "seed %" PRIu64, st->seed);
	kwf_put(f, "rng %s", hex);
}

const char *
kwf_line(const struct kwf *f, unsigned long lineno)
{
	return f->lines[lineno - 1].text;
}

/* Line lineno written back as text (a party file's), or taken out: NULL. */
void
kwf_replace(struct kwf *f, unsigned long lineno, const char *text)
{
	struct line *l = &f->lines[lineno - 1];

	if (text == NULL) {
		l->gone = f->changed = 1;
		return;
	}
	if (strcmp(l->text, text) == 0)
		return;
	free(l->repl);
	l->repl = estrdup(text);
	f->changed = 1;
}

/* A line's words, from *beg to *end: up to a word that starts with '#'. */
static void
content(const char *s, size_t *beg, size_t *end)
{
	size_t i = strspn(s, " \t");

	*beg = *end = i;
	while (s[i] != '\0' && s[i] != '#') {
		i += strcspn(s + i, " \t");
		*end = i;
		i += strspn(s + i, " \t");
	}
}

/* The first n words of a (ending at aend) and b are the same; n < 0: all. */
static int
same_words(const char *a, const char *aend, const char *b, int n)
{
	size_t la, lb;

	for (; n != 0; n--) {
		a += strspn(a, " \t");
		b += strspn(b, " \t");
		if (a >= aend || *b == '\0')
			return a >= aend && *b == '\0';
		la = strcspn(a, " \t");
		lb = strcspn(b, " \t");
		if (la != lb || memcmp(a, b, la) != 0)
			return 0;
		a += la;
		b += lb;
	}
	return 1;
}

/*
 * Words that name a line: the keyword, and the name of a source or timer,
 * or the character and the source of an affliction.
 */
static int
id_words(const char *text)
{
	size_t n = strcspn(text, " \t");
	int i;

	for (i = 0; named_keys[i] != NULL; i++)
		if (strlen(named_keys[i]) == n &&
		    memcmp(named_keys[i], text, n) == 0)
			return named_words[i];
	return 1;
}

/* The line of the file a new line takes the place of, or -1. */
static long
find_line(const struct kwf *f, const char *text)
{
	size_t beg, end;
	long i;

	for (i = f->nlines - 1; i >= 0; i--) {	/* the last one counts */
		if (f->lines[i].matched)
			continue;
		content(f->lines[i].text, &beg, &end);
		if (end > beg && same_words(f->lines[i].text + beg,
		    f->lines[i].text + end, text, id_words(text)))
			return i;
	}
	return -1;
}

/* Old line i with its words replaced by text, its blanks and comment kept. */
static void
take_place(struct kwf *f, long i, const char *text)
{
	struct line *l = &f->lines[i];
	size_t beg, end, n;

	l->matched = 1;
	content(l->text, &beg, &end);
	if (same_words(l->text + beg, l->text + end, text, -1))
		return;
	n = beg + strlen(text) + strlen(l->text + end) + 1;
	l->repl = emalloc(n);
	snprintf(l->repl, n, "%.*s%s%s", (int)beg, l->text, text, l->text + end);
	f->changed = 1;
}

/* Puts p and p - 1 are lines of the same keyword (sources, timers). */
static int
same_key(const struct kwf *f, long p)
{
	const char *a, *b;

	if (p == 0)
		return 0;
	a = f->puts[p - 1].text;
	b = f->puts[p].text;
	return same_words(a, a + strcspn(a, " \t"), b, 1);
}

/*
 * The new lines into the old file: each takes the place of the line with
 * its keyword (and name), keeping where it stood and its comment; a new
 * one goes after the line the one before it took; lines no longer in the
 * state go.  Lines of one keyword stay in the program's order: one the
 * file has before its predecessor goes there anew.
 */
static void
merge(struct kwf *f)
{
	size_t beg, end;
	long i, at = f->nlines - 1, p;

	for (i = 0; i < f->nlines; i++) {
		content(f->lines[i].text, &beg, &end);
		if (end > beg) {
			at = i - 1;
			break;
		}
	}
	for (p = 0; p < f->nputs; p++) {
		if (f->puts[p].appended)
			continue;
		i = find_line(f, f->puts[p].text);
		if (i >= 0 && !(i < at && same_key(f, p))) {
			take_place(f, i, f->puts[p].text);
			at = i;
		} else {
			f->puts[p].after = at;
			f->changed = 1;
		}
	}
	for (i = 0; i < f->nlines; i++) {
		content(f->lines[i].text, &beg, &end);
		if (end > beg && !f->lines[i].matched) {
			f->lines[i].gone = 1;
			f->changed = 1;
		}
	}
}

static void
write_after(const struct kwf *f, FILE *fp, long after)
{
	long p;

	for (p = 0; p < f->nputs; p++)
		if (f->puts[p].after == after)
			fprintf(fp, "%s\n", f->puts[p].text);
}

static void
write_all(const struct kwf *f, FILE *fp)
{
	long i;

	if (f->bom)
		fputs("\xEF\xBB\xBF", fp);
	if (f->nlines == 0 && f->kind != NULL)
		fprintf(fp, "# %s state: see %s(6), FILES\n", f->kind->name,
		    f->kind->name);
	write_after(f, fp, -1);
	for (i = 0; i < f->nlines; i++) {
		if (!f->lines[i].gone)
			fprintf(fp, "%s\n", f->lines[i].repl != NULL ?
			    f->lines[i].repl : f->lines[i].text);
		write_after(f, fp, i);
	}
}

/*
 * A state file whose checksum names a pending copy of party file path: the
 * rename a killed -w run did not make, made now under the party file's
 * lock, before the party file is read (update.c).
 */
void
kwf_settle(const struct kwf *f, const char *path)
{
	if (f->kind != NULL && path != NULL)
		upd_settle(path, "a party file", f->sum);
}

/*
 * State file f and party file p, written as one by f's kwf_commit; p is
 * locked and settled, so a pending copy of it is a dead run's.
 */
void
kwf_pair(struct kwf *f, struct kwf *p)
{
	f->pair = p;
	p->pair = f;
	upd_remove_pending(p->upd);
}

/* A file's new text in memory, NUL-terminated, *LEN bytes; free it. */
char *
kwf_render(const struct kwf *f, size_t *len)
{
	char *text;
	FILE *fp;

	if ((fp = open_memstream(&text, len)) == NULL)
		esc_err(EXIT_IO, "%s", f->path);
	write_all(f, fp);
	if (fclose(fp) != 0)
		esc_err(EXIT_IO, "%s", f->path);
	return text;
}

/*
 * The state file f and its paired party file, changed both: the party's
 * copy pending under the new state's checksum, then the state, then the
 * party (update.c).
 */
static void
commit_pair(struct kwf *f)
{
	struct upd *pu = f->pair->upd;
	size_t slen, plen;
	char *state = kwf_render(f, &slen), *party = kwf_render(f->pair, &plen);
	FILE *fp;

	upd_stage(pu, upd_sum(state), party, plen);
	fp = upd_begin(f->upd);
	fwrite(state, 1, slen, fp);
	upd_commit(f->upd, fp);
	upd_promote(pu);
	free(state);
	free(party);
}

/* The whole file written back (through update.c's temp file and rename). */
static void
commit_one(struct kwf *f)
{
	FILE *fp = upd_begin(f->upd);

	write_all(f, fp);
	upd_commit(f->upd, fp);
}

/*
 * Write the file back if anything changed: 1 if it was written.  A paired
 * party file is only merged here; its state file's commit writes both.
 */
int
kwf_commit(struct kwf *f)
{
	if (f->nputs > 0)
		merge(f);
	if (f->upd == NULL)	/* kwf_from_text's: nothing to write to */
		return f->changed;
	if (f->kind == NULL && f->pair != NULL)
		return f->staged = f->changed;
	if (f->pair != NULL && f->pair->staged && f->changed)
		commit_pair(f);
	else {
		if (f->changed)
			commit_one(f);
		if (f->pair != NULL && f->pair->staged)
			commit_one(f->pair);
	}
	return f->changed;
}

void
kwf_close(struct kwf *f)
{
	long i;

	if (f == NULL)
		return;
	upd_close(f->upd);
	for (i = 0; i < f->nlines; i++)
		free(f->lines[i].repl);
	for (i = 0; i < f->nputs; i++)
		free(f->puts[i].text);
	free(f->puts);
	free(f->lines);
	free(f->buf);
	free(f->scratch);
	free(f);
}
