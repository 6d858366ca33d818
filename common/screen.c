/*
 * screen: a session laid out for a terminal (delve(6) screen).  Every
 * sentence about a state file's line comes from its owner (hazstate,
 * lampstate, clockstate, party, afflict), as delve status has them; this
 * file only chooses what fits and where.
 *
 * The layout, top to bottom: a title line (the session, its rules, the
 * turn, the seed); the clock; a row a character with an HP bar, and a
 * row an affliction; a row a light source with a bar of what is left;
 * what comes next, soonest first; and the log's last sentences, newest at
 * the bottom, as many as the rows left hold (at least three).  A section
 * longer than its share ends with "... and N more".
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kwf.h"
#include "lampstate.h"
#include "rules.h"
#include "screen.h"
#include "util.h"

/* --- loading ----------------------------------------------------------- */

/* GEN/NAME of the session, read (PATH kept for its errors until closed). */
static struct kwf *
gen_file(const struct session *s, const char *gen, const char *name,
    char **path)
{
	*path = ses_path(s, gen, name);
	return kwf_read(*path, "a keyword file");
}

static void
gen_done(struct kwf *f, char *path)
{
	kwf_close(f);
	free(path);
}

/* The last SCR_LOG_TAIL bytes of the committed log, from its first whole record. */
static void
load_log(struct scr_world *w, const struct session *s)
{
	long long total = s->logat + (s->pendfd >= 0 ? s->pending : 0);
	long long from = total > SCR_LOG_TAIL ? total - SCR_LOG_TAIL : 0;
	char *nl;

	w->log = ses_log_text(s, from, &w->loglen);
	if (from > 0 && (nl = memchr(w->log, '\n', w->loglen)) != NULL) {
		w->loglen -= (size_t)(nl + 1 - w->log);
		memmove(w->log, nl + 1, w->loglen + 1);
	}
}

void
scr_load(struct scr_world *w, const struct session *s)
{
	const char *slash = strrchr(s->dir, '/');
	char *gen = ses_genname(s->gen), *path;
	struct stream st;
	struct kwf *f;

	memset(w, 0, sizeof *w);
	snprintf(w->name, sizeof w->name, "%s", slash && slash[1] ? slash + 1 :
	    s->dir);
	snprintf(w->seed, sizeof w->seed, "%s", s->seed);
	w->rules = rules_named(s->rules);
	w->travel = w->rules == R_TRAVEL;
	w->turn = s->turn;
	hazstate_init(&w->haz);
	hazstate_load(&w->haz, f = gen_file(s, gen, "hazard", &path));
	gen_done(f, path);
	if (w->haz.rules < 0)
		w->haz.rules = w->rules;
	w->lamp.rules = -1;
	memset(&st, 0, sizeof st);
	lampstate_load(&w->lamp, &st, f = gen_file(s, gen, "light", &path));
	gen_done(f, path);
	if (w->lamp.rules < 0)
		w->lamp.rules = w->rules;
	w->outdoors = light_rules[w->lamp.rules]->daylight != NULL;	/* 004's road */
	clockstate_init(&w->clock, &w->aff);
	clockstate_load(&w->clock, f = gen_file(s, gen, "timedice", &path));
	gen_done(f, path);
	if (s->party) {
		path = ses_path(s, gen, "party");
		party_load(&w->party, path);
		w->party.path = NULL;
		free(path);
	}
	load_log(w, s);
	free(gen);
}

void
scr_free(struct scr_world *w)
{
	free(w->log);
	w->log = NULL;
}

/* --- rows -------------------------------------------------------------- */

enum { SGR_NONE, SGR_RED, SGR_YELLOW, SGR_GREEN, SGR_BOLD, SGR_DIM };
static const char *const sgr[] = { "", "\033[31m", "\033[33m", "\033[32m",
	"\033[1m", "\033[2m" };

#define ROW_SIZE (SCR_COLS_MAX * 4 + 256)

struct row {
	char	 text[ROW_SIZE];
	size_t	 len;
	int	 width;		/* columns used */
};

/* The rows of the frame, and the look they are drawn in. */
struct frame {
	const struct scr_look *k;
	struct row *v;
	int	 n, cap;
};

static struct row *
row_new(struct frame *fr)
{
	if (fr->n == fr->cap) {
		fr->cap = fr->cap ? fr->cap * 2 : 32;
		fr->v = ereallocarray(fr->v, (size_t)fr->cap, sizeof *fr->v);
	}
	fr->v[fr->n].len = 0;
	fr->v[fr->n].width = 0;
	fr->v[fr->n].text[0] = '\0';
	return &fr->v[fr->n++];
}

/* The bytes of TEXT that fill at most COLS columns (a character a column). */
static size_t
fit(const char *text, int cols, int *used)
{
	size_t i = 0;
	int c = 0;

	while (text[i] != '\0' && c < cols) {
		i++;
		while (((unsigned char)text[i] & 0xc0) == 0x80)
			i++;
		c++;
	}
	*used = c;
	return i;
}

/* TEXT on row R, in colour C where the look has colour, cut at the width. */
static void
put_text(const struct frame *fr, struct row *r, int c, const char *text)
{
	int used, colour = fr->k->colour && c != SGR_NONE;
	size_t n = fit(text, fr->k->cols - r->width, &used);

	if (n == 0)
		return;
	if (colour)
		r->len += (size_t)snprintf(r->text + r->len, ROW_SIZE - r->len,
		    "%s", sgr[c]);
	if (r->len + n + 8 < ROW_SIZE) {
		memcpy(r->text + r->len, text, n);
		r->len += n;
		r->width += used;
	}
	if (colour)
		r->len += (size_t)snprintf(r->text + r->len, ROW_SIZE - r->len,
		    "\033[0m");
	r->text[r->len] = '\0';
}

static void
put(const struct frame *fr, struct row *r, int c, const char *fmt, ...)
    ESC_PRINTF(4);

static void
put(const struct frame *fr, struct row *r, int c, const char *fmt, ...)
{
	char text[ROW_SIZE];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	put_text(fr, r, c, text);
}

/* Spaces up to column COL. */
static void
pad_to(const struct frame *fr, struct row *r, int col)
{
	while (r->width < col && r->width < fr->k->cols)
		put_text(fr, r, SGR_NONE, " ");
}

/* A bar of WIDTH cells, NOW of MOST filled: "[#####-----]". */
static void
put_bar(const struct frame *fr, struct row *r, int c, long now, long most,
    int width)
{
	char cells[64];
	long fill = most > 0 && now > 0 ? (now * width + most - 1) / most : 0;
	int i;

	if (fill > width)
		fill = width;
	for (i = 0; i < width; i++)
		cells[i] = i < fill ? '#' : '-';
	cells[width] = '\0';
	put_text(fr, r, SGR_NONE, "[");
	put_text(fr, r, c, cells);
	put_text(fr, r, SGR_NONE, "]");
}

/* A heading: "-- Party ----...". */
static void
heading(struct frame *fr, const char *name)
{
	struct row *r = row_new(fr);

	put(fr, r, SGR_BOLD, "-- %s ", name);
	while (r->width < fr->k->cols)
		put_text(fr, r, SGR_NONE, "-");
}

/* --- sections ---------------------------------------------------------- */

static void
title(struct frame *fr, const struct scr_world *w)
{
	struct row *r = row_new(fr);
	char clock[160];

	put(fr, r, SGR_BOLD, "%s", w->name);
	put(fr, r, SGR_NONE, ": the %s rules, turn %llu", rules_names[w->rules],
	    (unsigned long long)w->turn);
	if (!fr->k->players)
		put(fr, r, SGR_NONE, ", seed %s", w->seed);
	if (fr->k->players)
		put(fr, r, SGR_DIM, "  (the players' view)");
	r = row_new(fr);
	clockstate_say_clock(&w->clock, w->outdoors, clock, sizeof clock);
	clock[0] = (char)(clock[0] - 'a' + 'A');
	put(fr, r, SGR_NONE, "%s.", clock);
}

static int
name_width(const struct scr_world *w)
{
	int i, n, most = 4;

	for (i = 0; i < w->party.n; i++)
		if ((n = (int)strlen(w->party.m[i].name)) > most)
			most = n;
	return most > 16 ? 16 : most;
}

/* HP: red at a quarter or less, yellow at half or less, else green. */
static int
hp_colour(long hp, long most)
{
	return hp * 4 <= most ? SGR_RED : hp * 2 <= most ? SGR_YELLOW : SGR_GREEN;
}

/* What a character carries and bears, after the HP. */
static void
put_conditions(const struct frame *fr, struct row *r, const struct member *m)
{
	long over = party_overload(m);

	if (m->val[PK_FATIGUE] != 0)				/* 000 */
		put(fr, r, SGR_NONE, "  Fatigue %ld", m->val[PK_FATIGUE]);
	if (m->val[PK_TIRED])					/* 002 */
		put(fr, r, SGR_YELLOW, "  tired");
	if (m->val[PK_EXHAUSTED])				/* 002, 004 */
		put(fr, r, SGR_RED, "  exhausted");
	if (m->has & 1u << PK_LOAD && m->has & 1u << PK_STRENGTH)
		put(fr, r, over > 0 ? SGR_RED : SGR_NONE, "  load %ld/STR %ld%s",
		    m->val[PK_LOAD], m->val[PK_STRENGTH], over > 0 ? " over" : "");
	else if (m->has & 1u << PK_LOAD)
		put(fr, r, SGR_NONE, "  load %ld", m->val[PK_LOAD]);
}

static void
character(struct frame *fr, const struct member *m, int nw)
{
	struct row *r = row_new(fr);
	long hp = m->val[PK_HP], most = m->has & 1u << PK_HPMAX ?
	    m->val[PK_HPMAX] : hp;

	put(fr, r, SGR_NONE, "%s", m->name);
	pad_to(fr, r, nw + 1);
	if (party_dead(m))	/* 004: "They're dead" */
		put(fr, r, SGR_RED, " DEAD (CON 0) ");
	if (m->has & 1u << PK_HP) {
		put_bar(fr, r, hp_colour(hp, most), hp, most, 10);
		put(fr, r, hp == 0 ? SGR_RED : SGR_NONE, " %ld", hp);
		if (m->has & 1u << PK_HPMAX)
			put(fr, r, SGR_NONE, " of %ld", most);
		put(fr, r, SGR_NONE, " HP");
		if (hp == 0)	/* incapacitated, or as the seed has it */
			put(fr, r, SGR_RED, "  DOWN");
	}
	put_conditions(fr, r, m);
}

/* A character's afflictions, a row each: stage, and when it ends (GM). */
static void
afflictions_of(struct frame *fr, const struct scr_world *w,
    const struct member *m, int nw)
{
	char span[64], when[CLOCK_WHEN_SIZE];
	struct row *r;
	int i;

	for (i = 0; i < w->aff.n; i++) {
		const struct affliction *a = &w->aff.a[i];

		if (strcmp(a->name, m->name) != 0)
			continue;
		r = row_new(fr);
		pad_to(fr, r, nw + 1);
		put(fr, r, SGR_YELLOW, "%s, stage %ld", a->source, a->stage);
		put(fr, r, SGR_NONE, ": ends in %s, at %s",
		    clock_in_unit(a->left, w->travel, span, sizeof span),
		    clock_when(w->clock.tick + a->left, when));
	}
}

static void
party(struct frame *fr, const struct scr_world *w)
{
	int i, nw = name_width(w);

	if (w->party.n == 0)
		return;
	heading(fr, "Party");
	for (i = 0; i < w->party.n; i++) {
		character(fr, &w->party.m[i], nw);
		afflictions_of(fr, w, &w->party.m[i], nw);
	}
}

/* A source's bar: red on its last stretch (low or dim), else yellow. */
static void
light_row(struct frame *fr, const struct scr_world *w,
    const struct lamp_source *src, int nw)
{
	long life = light_rules[w->lamp.rules]->kind[src->kind].life;
	struct row *r = row_new(fr);
	char say[256];

	put(fr, r, SGR_NONE, "%s", src->name);
	pad_to(fr, r, nw + 1);
	if (life > 0 && src->left >= 0)
		put_bar(fr, r, src->state == LAMP_OUT ? SGR_NONE :
		    src->state == LAMP_LIT ? SGR_YELLOW : SGR_RED, src->left,
		    life, 10);
	lampstate_say_state(&w->lamp, src, w->travel, say, sizeof say);
	put(fr, r, src->state == LAMP_OUT ? SGR_DIM : SGR_NONE, " %s, %s",
	    light_kinds[src->kind], say);
}

static void
lights(struct frame *fr, const struct scr_world *w)
{
	char sight[256], spent[256];
	int i, nw = 8;
	struct row *r;

	if (w->lamp.n == 0)
		return;
	heading(fr, "Light");
	for (i = 0; i < w->lamp.n; i++)
		if ((int)strlen(w->lamp.src[i].name) > nw)
			nw = (int)strlen(w->lamp.src[i].name);
	for (i = 0; i < w->lamp.n; i++)
		if (w->lamp.src[i].state != LAMP_OUT || w->lamp.src[i].left != 0)
			light_row(fr, w, &w->lamp.src[i], nw);
	if (lamp_burning(&w->lamp) == 0)
		put(fr, r = row_new(fr), SGR_RED, "No light burns: darkness%s.",
		    w->lamp.darkvision ? " (darkvision)" : "");
	if (lampstate_say_spent(&w->lamp, spent, sizeof spent) > 0)
		put(fr, r = row_new(fr), SGR_DIM, "%s.", spent);
	lampstate_say_sight(&w->lamp, sight, sizeof sight);
	if (sight[0] != '\0')
		put(fr, r = row_new(fr), SGR_NONE, "%s", sight);
}

/* --- what comes next, soonest first ---------------------------------------- */

#define NEXT_MAX (TIMER_MAX + AFFLICT_MAX + 2)

struct next {
	uint64_t in;		/* ticks */
	char	 text[256];
};

static int
by_time(const void *a, const void *b)
{
	const struct next *x = a, *y = b;

	return x->in < y->in ? -1 : x->in > y->in;
}

static int
collect_next(const struct scr_world *w, int players, struct next *v)
{
	char span[64];
	int i, n = 0, due = hazstate_rest_due(&w->haz);

	if (due >= 0) {		/* 000 */
		v[n].in = (uint64_t)due;
		snprintf(v[n++].text, sizeof v[0].text, due ? "A rest is due in "
		    "%d turn%s." : "A rest is due now.", due, due == 1 ? "" : "s");
	}
	for (i = 0; i < w->clock.timers.n; i++) {
		v[n].in = w->clock.timers.t[i].left;
		clockstate_say_timer(&w->clock.timers.t[i], w->travel, v[n++].text,
		    sizeof v[0].text);
	}
	for (i = 0; i < w->aff.n; i++) {
		v[n].in = w->aff.a[i].left;
		snprintf(v[n++].text, sizeof v[0].text, "%s's %s: stage %ld ends "
		    "in %s.", w->aff.a[i].name, w->aff.a[i].source,
		    w->aff.a[i].stage, clock_in_unit(w->aff.a[i].left, w->travel,
		    span, sizeof span));
	}
	if (w->travel) {	/* 004: resilience */
		v[n].in = UINT64_MAX;
		clockstate_say_rest(&w->clock, 1, v[n++].text, sizeof v[0].text);
	}
	if (w->haz.sign && (w->haz.rules == R_DELVING ||
	    w->haz.rules == R_DUNGEONTURN)) {	/* 001, 002 */
		v[n].in = UINT64_MAX - 1;
		snprintf(v[n++].text, sizeof v[0].text, "The next encounter is "
		    "the creature of the sign%s%.200s.", !players &&
		    w->haz.creature[0] ? ": " : "", players ? "" : w->haz.creature);
	}
	if (!players && w->haz.rules == R_ALARM) {	/* 003 */
		v[n].in = UINT64_MAX;
		snprintf(v[n++].text, sizeof v[0].text, "The alarm stands at %ld.",
		    w->haz.alarm);
	}
	qsort(v, (size_t)n, sizeof *v, by_time);
	return n;
}

/* At most MOST rows of what comes next. */
static void
coming(struct frame *fr, const struct scr_world *w, int most)
{
	struct next *v = emalloc(NEXT_MAX * sizeof *v);
	int i, n = collect_next(w, fr->k->players, v);

	if (n > 0 && most > 1) {
		heading(fr, "Next");
		for (i = 0; i < n && i < most - 1; i++)
			put(fr, row_new(fr), SGR_NONE, "%s", v[i].text);
		if (i < n)
			put(fr, row_new(fr), SGR_DIM, "... and %d more", n - i);
	}
	free(v);
}

/* --- the log ----------------------------------------------------------- */

/*
 * The players' view leaves out (delve(6) screen): the reaction rolls
 * (disposition, morale, surprise: the GM's dice behind the screen, told
 * to the players as play), the GM's own roll calls, a hazard die that
 * means nothing yet (nothing, free, 003's quiet, 004's calm) or tells
 * the GM what is coming (004's soon and worsens, the GM's to stage), and
 * a table's text rolled at a sign, before the creatures are met;
 * initiative is everyone's.
 */
int
scr_hidden(char *const *f, int nf)
{
	static const char *const quiet[] = { "nothing", "free", "quiet", "calm",
	    "soon", "worsens", NULL };

	if (strcmp(f[0], "reaction") == 0)
		return nf != 7;		/* initiative: index place dex name key */
	if (strcmp(f[0], "roll") == 0)
		return 1;
	if (strcmp(f[0], "hazard") != 0 || nf < 5)
		return 0;
	if (nf == 7 && strncmp(f[6], text_sign_of[0],
	    strlen(text_sign_of[0])) == 0)	/* -T: the creature of a sign */
		return 1;
	return (nf == 5 || nf == 6) && word_in(f[3], quiet) >= 0;
}

#define LOG_FIELDS 16

/* A record's fields split at its TABs, in place; their count. */
static int
fields(char *line, char **f)
{
	int n = 0;

	f[n++] = line;
	while (n < LOG_FIELDS && (line = strchr(line, '\t')) != NULL) {
		*line++ = '\0';
		f[n++] = line;
	}
	return n;
}

/* The rows a sentence takes at WIDTH, wrapped at spaces. */
static int
wrap(const char *text, int width, const char **start, int most)
{
	int n = 0, used;
	size_t len, cut;

	while (*text != '\0' && n < most) {
		start[n++] = text;
		len = fit(text, width, &used);
		if (text[len] == '\0')
			break;
		for (cut = len; cut > 0 && text[cut] != ' '; cut--)
			;
		text += cut > 0 ? cut + 1 : len;
	}
	return n;
}

/*
 * One record's rows: its turn where a turn begins, its sentence wrapped;
 * the first SKIP left out (the newest record alone taller than the rows).
 */
static int
log_rows(struct frame *fr, char *const *f, int nf, int new_turn, int skip,
    int emit)
{
	const char *start[64];
	char part[ROW_SIZE];
	int width = fr->k->cols - 7, n, i, used;
	struct row *r;
	size_t len;

	n = wrap(f[nf - 1], width, start, 64);
	for (i = skip; emit && i < n; i++) {
		r = row_new(fr);
		if (i == skip && new_turn)
			put(fr, r, SGR_DIM, "%5s  ", f[1]);
		else
			pad_to(fr, r, 7);
		len = i + 1 < n ? (size_t)(start[i + 1] - start[i]) :
		    fit(start[i], width, &used);
		len = len < sizeof part ? len : sizeof part - 1;
		while (len > 0 && start[i][len - 1] == ' ')
			len--;
		memcpy(part, start[i], len);
		part[len] = '\0';
		put_text(fr, r, SGR_NONE, part);
	}
	return n;
}

/* The records of the log tail, split: their lines and fields. */
struct tail {
	char	*text;
	char	*f[4096][LOG_FIELDS];
	int	 nf[4096];
	int	 n;
};

static void
split_tail(struct tail *t, const struct scr_world *w, int players)
{
	char *line, *nl;

	t->n = 0;
	t->text = emalloc(w->loglen + 1);
	memcpy(t->text, w->log ? w->log : "", w->loglen);
	t->text[w->loglen] = '\0';
	for (line = t->text; *line != '\0' && t->n < 4096; line = nl + 1) {
		if ((nl = strchr(line, '\n')) == NULL)
			break;
		*nl = '\0';
		t->nf[t->n] = fields(line, t->f[t->n]);
		if (t->nf[t->n] >= 3 && !(players && scr_hidden(t->f[t->n],
		    t->nf[t->n])))
			t->n++;
	}
}

/* The newest records that fit in ROWS rows, oldest first. */
static void
the_log(struct frame *fr, const struct scr_world *w, int rows)
{
	struct tail *t = emalloc(sizeof *t);
	int first, used = 0, need, i, skip = 0;

	split_tail(t, w, fr->k->players);
	heading(fr, "Log");
	rows--;
	for (first = t->n; first > 0; first--) {
		i = first - 1;
		need = log_rows(fr, t->f[i], t->nf[i], 1, 0, 0);
		if (used + need > rows)
			break;
		used += need;
	}
	if (first == t->n && t->n > 0) {	/* the newest alone is too tall */
		first = t->n - 1;
		skip = log_rows(fr, t->f[first], t->nf[first], 1, 0, 0) - rows;
	}
	for (i = first; i < t->n; i++)
		log_rows(fr, t->f[i], t->nf[i], i == first ||
		    strcmp(t->f[i][1], t->f[i - 1][1]) != 0, i == first ? skip : 0,
		    1);
	free(t->text);
	free(t);
}

/* --- the frame --------------------------------------------------------- */

/* Cut the rows from FROM on to MOST, the last saying how many were cut. */
static void
cut_section(struct frame *fr, int from, int most)
{
	int over = fr->n - from - most;

	if (over <= 0)
		return;
	if (most <= 0) {
		fr->n = from;
		return;
	}
	fr->n = from + most - 1;
	put(fr, row_new(fr), SGR_DIM, "... and %d more rows", over + 1);
}

/*
 * The frame: the title and the clock, the party and the lights in what
 * leaves 8 rows (what comes next, up to 4, and the log, at least 4),
 * then what comes next and the log in the rows left.  A terminal
 * narrower than SCR_COLS_LEAST is drawn that wide.
 */
void
scr_render(const struct scr_world *w, const struct scr_look *look, FILE *out)
{
	struct scr_look k = *look;
	struct frame fr = { &k, NULL, 0, 0 };
	int i, top, next;

	k.cols = k.cols < SCR_COLS_LEAST ? SCR_COLS_LEAST : k.cols > SCR_COLS_MAX ?
	    SCR_COLS_MAX : k.cols;
	k.rows = k.rows < 1 ? 1 : k.rows > SCR_ROWS_MAX ? SCR_ROWS_MAX : k.rows;
	title(&fr, w);
	top = fr.n;
	party(&fr, w);
	lights(&fr, w);
	cut_section(&fr, top, k.rows - top - 8);
	next = k.rows - fr.n - 5;
	coming(&fr, w, next < 0 ? 0 : next > 4 ? 4 : next);
	if (k.rows - fr.n >= 2)
		the_log(&fr, w, k.rows - fr.n);
	for (i = 0; i < fr.n && i < k.rows; i++)
		fprintf(out, "%s\n", fr.v[i].text);
	free(fr.v);
}
