/*
 * view: a record stream shown to a person.  The clock of a turn is the one
 * a timedice record of that turn shows, else ten minutes after the turn
 * before: the clock module writes it, no rule is applied here.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "layout.h"
#include "out.h"
#include "record.h"
#include "util.h"
#include "view.h"


struct line {
	char	*f[16];
	int	 nf;
	uint64_t turn;
};

/*
 * Split a record in place.  A line that is not one, whose first field
 * names no program (roll's bare totals, roll -o's odds), is one field, at
 * the turn of the line before.
 */
static void
split(char *s, struct line *l, uint64_t prev)
{
	char *end = NULL;

	l->nf = 0;
	while (l->nf < 16) {
		l->f[l->nf++] = s;
		if ((s = strchr(s, '\t')) == NULL)
			break;
		*s++ = '\0';
	}
	if (l->nf > 2 && rec_prog_of(l->f[0], strlen(l->f[0])) >= 0)
		l->turn = strtoull(l->f[1], &end, 10);
	if (end == NULL || *end != '\0' || *l->f[1] < '0' || *l->f[1] > '9') {
		while (l->nf > 1)	/* join it up again */
			l->f[--l->nf][-1] = '\t';
		l->turn = prev;
	}
}

/* The clock a timedice record shows: DAY HH:MM as a count of turns. */
static int
clock_of(const struct line *l, uint64_t *t)
{
	long long day;
	uint64_t into;

	if (l->nf < 5 || strcmp(l->f[0], "timedice") != 0 ||
	    strtonum_ok(l->f[2], 1, CLOCK_DAY_MAX, &day) != 0 ||
	    clock_parse(l->f[3], &into) != NULL)
		return 0;
	*t = (uint64_t)(day - 1) * CLOCK_DAY + into;
	return 1;
}

/*
 * A hazard record with a travel key (delving(7)): a travel turn of one
 * hour, for a turn that has no timedice record to show its clock.
 */
static int
travel_hour(const struct line *l)
{
	return l->nf == 5 && strcmp(l->f[0], "hazard") == 0 &&
	    word_in(l->f[3], rec_travel_keys) >= 0;
}

/*
 * A line that is no record, in JSON with the turn it was said at (delve(6)
 * OUTPUT): roll's bare totals, TOTAL or TOTAL EXPRESSION FACES, as roll -j
 * names them; roll -o's odds, EXPRESSION TOTAL ODDS DECIMAL; any other
 * line (a histogram's bar, a help text) as its text.
 */
static const struct rec_layout bare_layouts[] = {
	{ -1, 2, "nn", { "turn", "total", NULL }, NULL },
	{ -1, 4, "nnss", { "turn", "total", "expression", "faces", NULL }, NULL },
	{ -1, 5, "nssss", { "turn", "expression", "total", "odds", "decimal",
	    NULL }, NULL },
	{ -1, 2, "nt", { "turn", "text", NULL }, NULL },
};

/* A whole number as JSON writes one: -?[0-9]+, no leading 0 but 0. */
static int
json_integer(const char *s)
{
	s += *s == '-';
	return s[0] >= '0' && s[0] <= '9' && (s[0] != '0' || s[1] == '\0') &&
	    strspn(s, "0123456789") == strlen(s);
}

static void
bare_json(struct rec_writer *w, char *s, uint64_t turn)
{
	const struct rec_layout *lay = &bare_layouts[3];
	char *f[5];
	int n = 0, i;

	for (f[n++] = s; n < 5 && (s = strchr(s, '\t')) != NULL; f[n++] = s)
		*s++ = '\0';
	if ((n == 1 || n == 3) && json_integer(f[0]))
		lay = &bare_layouts[n == 1 ? 0 : 1];
	else if (n == 4)
		lay = &bare_layouts[2];
	else
		while (n > 1)	/* join it up again */
			f[--n][-1] = '\t';
	rec_line(w, lay);
	rec_u64(w, turn);
	for (i = 0; i < n; i++)
		if (lay->types[i + 1] == 'n')
			rec_num(w, f[i]);
		else
			rec_text(w, "%s", f[i]);
	rec_end(w);
}

/*
 * -j: each record as its program writes it with -j, through the one
 * layout table (delving(7) THE RECORD STREAM), but that the second field
 * is always the session's turn (delve writes it there, in a call's record
 * too), so named "turn"; a line that is no record as bare_json has it.
 */
static void
print_json(struct rec_writer *w, struct line *l)
{
	const struct rec_layout *lay = NULL;
	struct rec_layout at_turn;
	int prog = rec_prog_of(l->f[0], strlen(l->f[0]));

	if (l->nf > 1 && prog >= 0)
		lay = rec_layout_of(prog, (const char *const *)l->f, l->nf);
	if (lay != NULL) {
		at_turn = *lay;
		at_turn.names[0] = "turn";
		rec_fields_json(w, &at_turn, (const char *const *)l->f);
		return;
	}
	while (l->nf > 1)	/* join it up again */
		l->f[--l->nf][-1] = '\t';
	bare_json(w, l->f[0], l->turn);
}

/*
 * A record stream read line by line from parts laid end to end (a file,
 * its tail in another, or memory): in a buffer that grows only with the
 * longest line, so the memory does not grow with the records.  A line is
 * given NUL-terminated without its newline and is good until the next.
 */
struct reader {
	const struct view_part *p;
	int	 np;
	const char *name;	/* for errors: NAME:LINE */
	char	*buf;
	size_t	 cap, beg, end;	/* buf[beg..end): the bytes from pos on */
	long long pos;		/* where buf[beg] is in the stream */
	unsigned long lineno;
};

/* Up to n bytes of the stream from off into to; 0 at its end. */
static size_t
stream_read(const struct reader *r, long long off, char *to, size_t n)
{
	ssize_t got;
	int i;

	for (i = 0; i < r->np && off >= r->p[i].len; i++)
		off -= r->p[i].len;
	if (i == r->np)
		return 0;
	if ((long long)n > r->p[i].len - off)
		n = (size_t)(r->p[i].len - off);
	if (r->p[i].mem != NULL) {
		memcpy(to, r->p[i].mem + off, n);
		return n;
	}
	while ((got = pread(r->p[i].fd, to, n, (off_t)off)) < 0)
		if (errno != EINTR)
			esc_err(EXIT_IO, "%s", r->name);
	if (got == 0)
		esc_errx(EXIT_IO, "%s: shorter than it was a moment ago", r->name);
	return (size_t)got;
}

/*
 * hazard's lines about one character (hazard(6) OUTPUT), which follow the
 * sentence that announces them: "The party did not rest ...", then each
 * character's save or damage.
 */
static int
announced(const struct line *l)
{
	static const char *const keys[] = { "save", "down", "damage", "tired",
	    "exhausted", "heal", NULL };

	return l->nf > 4 && strcmp(l->f[0], "hazard") == 0 &&
	    word_in(l->f[3], keys) >= 0;
}

/* One line of a turn, as the people's view prints it. */
struct said {
	char	*text;
	int	 hazard, announced;
};

/*
 * A sentence and the lines it announces stay together: another program's
 * line of the same turn that came between them sinks below them.  Only
 * one turn's lines are held.
 */
static void
keep_together(struct said *l, size_t n)
{
	struct said t;
	size_t i;
	int moved = 1;

	while (moved)
		for (moved = 0, i = 0; i + 1 < n; i++)
			if (l[i + 1].announced && !l[i].hazard) {
				t = l[i], l[i] = l[i + 1], l[i + 1] = t;
				moved = 1;
			}
}

/* More bytes after the buffer's; 0 at the end of the stream. */
static size_t
fill(struct reader *r)
{
	size_t got;

	memmove(r->buf, r->buf + r->beg, r->end - r->beg);
	r->end -= r->beg;
	r->beg = 0;
	if (r->end == r->cap)
		r->buf = ereallocarray(r->buf, (r->cap *= 2) + 1, 1);
	got = stream_read(r, r->pos + (long long)r->end, r->buf + r->end,
	    r->cap - r->end);
	r->end += got;
	return got;
}

static void
seek_line(struct reader *r, long long pos, unsigned long lineno)
{
	r->beg = r->end = 0;
	r->pos = pos;
	r->lineno = lineno;
}

/* The next line, or NULL; a NUL in it is refused as NAME:LINE. */
static char *
next_line(struct reader *r)
{
	size_t scanned = 0, len;
	char *line, *nl;

	while ((nl = memchr(r->buf + r->beg + scanned, '\n',
	    r->end - r->beg - scanned)) == NULL) {
		scanned = r->end - r->beg;
		if (fill(r) == 0)
			break;
	}
	if (nl == NULL && r->beg == r->end)
		return NULL;
	line = r->buf + r->beg;
	len = nl != NULL ? (size_t)(nl - line) : r->end - r->beg;
	line[len] = '\0';	/* the newline's place, or the spare byte */
	r->lineno++;
	if (memchr(line, '\0', len) != NULL)
		bad_at(r->name, r->lineno, "a NUL byte: not a record");
	r->beg += len + (nl != NULL);
	r->pos += (long long)(len + (nl != NULL));
	return line;
}

/* Where the next line starts. */
static long long
line_pos(const struct reader *r)
{
	return r->pos;
}

/* The records' widest turn, each line read once and checked. */
static int
turn_width(struct reader *r, uint64_t prev)
{
	char num[U64_DIGITS + 1], *s;
	struct line l;
	int w = 1, d;

	while ((s = next_line(r)) != NULL) {
		split(s, &l, prev);
		prev = l.turn;
		d = snprintf(num, sizeof num, "%" PRIu64, l.turn);
		w = d > w ? d : w;
	}
	return w;
}

/*
 * For people: "turn N  HH:MM  sentence", the turn and time once, aligned.
 * The clock at the end of a turn is a timedice record's of that turn, else
 * ten minutes on from the turn before, an hour for a travel turn (prev is
 * the turn before the first line): each turn's lines are read to find it,
 * then again to print them.
 */
static void
print_people(struct reader *r, uint64_t start, uint64_t prev)
{
	uint64_t t = start, got, turn, step;
	unsigned long at_line;
	long long at;
	size_t n, i;
	char hhmm[8], *s;
	struct line l;
	struct said *said = NULL;
	int w = turn_width(r, prev), shown;

	seek_line(r, 0, 0);
	for (;;) {
		at = line_pos(r);
		at_line = r->lineno;
		if ((s = next_line(r)) == NULL)
			break;
		split(s, &l, prev);
		turn = l.turn;
		step = turn != prev;
		for (n = 1, shown = 0; ; n++) {
			if (clock_of(&l, &got))
				shown = 1, t = got;
			else if (step && travel_hour(&l))
				step = CLOCK_HOUR_TURNS;
			if ((s = next_line(r)) == NULL)
				break;
			split(s, &l, turn);
			if (l.turn != turn)
				break;
		}
		if (!shown)
			t += step;
		seek_line(r, at, at_line);
		said = ereallocarray(said, n, sizeof *said);
		for (i = 0; i < n; i++) {
			split(next_line(r), &l, turn);
			said[i].text = estrdup(l.f[l.nf - 1]);
			said[i].hazard = strcmp(l.f[0], "hazard") == 0;
			said[i].announced = announced(&l);
		}
		keep_together(said, n);
		for (i = 0; i < n; i++) {
			if (i == 0)
				printf("turn %*" PRIu64 "  %s  %s\n", w, turn,
				    clock_hhmm(t, hhmm), said[i].text);
			else
				printf("%*s%s\n", w + 14, "", said[i].text);
			free(said[i].text);
		}
		prev = turn;
	}
	free(said);
}

/* Every line read and checked, nothing printed. */
void
view_check(const struct view_part *p, int np, const char *name)
{
	struct reader r = { p, np, name, NULL, 1 << 14, 0, 0, 0, 0 };

	r.buf = emalloc(r.cap + 1);
	while (next_line(&r) != NULL)
		continue;
	free(r.buf);
}

/* Each line as JSON, through a writer of the view's own, flushed at the end. */
static void
json_lines(struct reader *r, uint64_t prev)
{
	struct rec_writer *w = rec_writer_open("delve", 0);
	struct line l;
	char *s;

	rec_json(w, 1);
	while ((s = next_line(r)) != NULL) {
		split(s, &l, prev);
		prev = l.turn;	/* a line that is no record: the turn before */
		print_json(w, &l);
	}
	rec_writer_close(w);
}

/*
 * Records in the form asked for; what is not a record is passed as it is.
 * Every line is checked before anything is printed.
 */
void
view_parts(const struct view_part *p, int np, const char *name,
    enum view_form form, uint64_t start, uint64_t prev)
{
	struct reader r = { p, np, name, NULL, 1 << 14, 0, 0, 0, 0 };
	char *s;

	r.buf = emalloc(r.cap + 1);
	fflush(stdout);		/* what delve said before, then the records */
	if (form == VIEW_PEOPLE)
		print_people(&r, start, prev);
	else
		view_check(p, np, name);
	while (form == VIEW_RAW && (s = next_line(&r)) != NULL) {
		fputs(s, stdout);
		if (r.buf[r.beg - 1] == '\0')	/* it had its newline */
			putchar('\n');
	}
	if (form == VIEW_JSON)
		json_lines(&r, prev);
	free(r.buf);
}

void
view_records(char *buf, size_t len, enum view_form form, uint64_t start,
    uint64_t prev)
{
	struct view_part p = { buf, -1, (long long)len };

	view_parts(&p, 1, "records", form, start, prev);
}

/* The records of a file, from its start to its end. */
void
view_fd(int fd, const char *name, enum view_form form, uint64_t start,
    uint64_t prev)
{
	struct view_part p = { NULL, fd, 0 };
	struct stat sb;

	if (fstat(fd, &sb) != 0)
		esc_err(EXIT_IO, "%s", name);
	p.len = (long long)sb.st_size;
	view_parts(&p, 1, name, form, start, prev);
}
