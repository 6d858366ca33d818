/*
 * delve: the campaign (delve(6), Campaigns): next, a session that starts
 * where the last ended; the campaign's status, log and journal; notes;
 * the roster of characters out of the party; supplies and coin (purse.h).
 *
 * A campaign is the sessions of one directory that continue one another:
 * each made by delve next names the one it continues in its session file
 * (from PREV GEN SUM: PREV's name in the same directory, the generation it
 * ended at and the checksum of that generation's delve file, which sums
 * every state file), so the campaign of a session is found by following
 * from back to the first.  PREV is read under a shared lock, never
 * written.
 */
#include <dirent.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "campaign.h"
#include "journal.h"
#include "party.h"
#include "purse.h"
#include "rules.h"
#include "util.h"
#include "delve.h"

#define CAMPAIGN_MAX 100000	/* sessions followed back */

/* --- small helpers ----------------------------------------------------- */

/* The directory a session lives in, resolved: its campaign's. */
static char *
campaign_dir(const char *dir)
{
	char *copy = estrdup(dir), *slash, *real;
	size_t n = strlen(copy);

	while (n > 1 && copy[n - 1] == '/')
		copy[--n] = '\0';
	slash = strrchr(copy, '/');
	if (slash == NULL)
		strcpy(copy, ".");
	else if (slash == copy)
		copy[1] = '\0';
	else
		*slash = '\0';
	if ((real = realpath(copy, NULL)) == NULL)
		esc_err(EXIT_BAD, "%s", copy);
	free(copy);
	return real;
}

/* The last part of the path DIR, in NAME. */
static const char *
base_name(const char *dir, char name[NAME_MAX + 1])
{
	size_t n = strlen(dir);
	const char *s;

	while (n > 1 && dir[n - 1] == '/')
		n--;
	for (s = dir + n; s > dir && s[-1] != '/'; s--)
		;
	snprintf(name, NAME_MAX + 1, "%.*s", (int)(dir + n - s), s);
	return name;
}

/* --- supplies ------------------------------------------------------------ */

/*
 * The supplies of S's current generation at the clock NOW, eaten by each
 * living character: their number, or -1 when the session keeps none.
 */
static int
supplies_at(const struct session *s, uint64_t now, struct supplies *sup)
{
	char *path = ses_gen_path(s, "supplies"), *party = ses_gen_path(s, "party");
	struct party *p = NULL;
	uint64_t settled;
	int i, n = 0, kept;

	memset(sup, 0, sizeof *sup);
	if ((kept = ses_read(path, sup_line, sup)) && s->party) {
		party_load(p = emalloc(sizeof *p), party);
		for (i = 0; i < p->n; i++)
			n += !party_dead(&p->m[i]);
	}
	sup->left -= sup_used(sup, now, n, &settled);
	sup->since = settled;
	free(p), free(party), free(path);
	return kept ? n : -1;
}

static void
supplies_put(struct session *s, const struct supplies *sup)
{
	char text[128];

	ses_put(s, "supplies", text, (size_t)sup_text(sup, text, sizeof text), 1);
}

/*
 * Before the party changes (join, leave): the hours eaten so far counted
 * with the party as it was, from the current generation's files.
 */
static void
supplies_settle(struct session *s)
{
	struct supplies sup;

	if (supplies_at(s, ses_clock(s), &sup) >= 0)
		supplies_put(s, &sup);
}

/* --- delve next: the carrying -------------------------------------------- */

struct carry {
	struct session prev;		/* PREV, under a shared lock */
	char	 name[NAME_MAX + 1];	/* its name in the campaign's directory */
	char	 from[NAME_MAX + 64];	/* "NAME g.N SUM" */
	int	 from_rules, to_rules;
	char	 seed[U64_DIGITS + 1];
	char	 clock[160];
	char	*party;			/* PREV's party file, or NULL */
	struct carry_lines clock_lines, light_lines, place_lines;
	uint64_t end;			/* PREV's clock at its end */
	char	*tables[SES_TABLES_MAX];	/* PREV's -T words, given again */
	int	 ntables;
};

/* Another session of the directory that continues PREV, DIR aside. */
static void
refuse_continued(const struct carry *c, const char *campaign, const char *dir)
{
	DIR *d = opendir(campaign);
	struct dirent *e;
	char path[PATH_MAX], want[NAME_MAX + 8], by[NAME_MAX + 1] = "", *text;
	char self[NAME_MAX + 1];
	struct stat sb;

	if (d == NULL)
		esc_err(EXIT_IO, "%s", campaign);
	snprintf(want, sizeof want, "\nfrom %s ", c->name);
	base_name(dir, self);
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' || strcmp(e->d_name, self) == 0 ||
		    strcmp(e->d_name, c->name) == 0)	/* batch -K's last: */
			continue;	/* it took the name of the one it continued */
		snprintf(path, sizeof path, "%s/%s/session", campaign, e->d_name);
		if (lstat(path, &sb) != 0 || !S_ISREG(sb.st_mode) ||
		    (text = file_text(path, "a session's file", NULL)) == NULL)
			continue;
		if (strstr(text, want) != NULL && by[0] == '\0')
			snprintf(by, sizeof by, "%s", e->d_name);
		free(text);
	}
	closedir(d);
	if (by[0] != '\0')
		esc_errx(EXIT_BAD, "next: %s: continued already by %s: a campaign is "
		    "one line of sessions", c->prev.dir, by);
}

/* PREV and DIR: one campaign's, one directory. */
static void
same_campaign(struct carry *c, const char *dir)
{
	char *a = campaign_dir(c->prev.dir), *b = campaign_dir(dir);
	char name[NAME_MAX + 1];

	if (strcmp(a, b) != 0)
		esc_errx(EXIT_BAD, "next: %s: in %s, not in %s with %s: a campaign's "
		    "sessions are one directory's", c->prev.dir, a, b, dir);
	base_name(c->prev.dir, c->name);
	if (strcmp(c->name, base_name(dir, name)) == 0)
		esc_errx(EXIT_BAD, "next: %s: a session cannot continue itself", dir);
	refuse_continued(c, a, dir);
	free(a);
	free(b);
}

/* A state file of PREV's generation, its lines of KEYS kept. */
static void
read_lines(struct carry *c, const char *file, const char *const *keys,
    struct carry_lines *l)
{
	char *path = ses_gen_path(&c->prev, file);

	l->keys = keys;
	ses_read(path, carry_keep_line, l);
	free(path);
}

/*
 * PREV's carry_source_keys read under the new rules: lit ones the rules cannot
 * hold refused, unlit ones left behind and said so.
 */
static void
carry_lights(struct carry *c)
{
	struct carry_lines in = { 0 };
	char out[CARRY_LINE_MAX], why[256], *w[8], *copy;
	int i, nw, r;

	read_lines(c, "light", carry_source_keys, &in);
	c->light_lines.n = 0;
	for (i = 0; i < in.n; i++) {
		copy = estrdup(in.line[i]);
		for (nw = 0, w[0] = strtok(copy, " "); w[nw] != NULL && nw < 7; )
			w[++nw] = strtok(NULL, " ");
		r = carry_light(w + 1, nw - 1, c->from_rules, c->to_rules, out,
		    sizeof out, why, sizeof why);
		if (r < 0 && strncmp(w[3], "out", 3) != 0)
			esc_errx(EXIT_BAD, "next: %s/state/light: %s; put it out first "
			    "(delve -C %s light out %s) to leave it behind", c->prev.dir,
			    why, c->prev.dir, w[1]);
		if (r < 0)
			esc_warnx("next: %s stays behind: %s", w[1], why);
		else if (r > 0)
			c->light_lines.line[c->light_lines.n++] = estrdup(out);
		free(copy);
	}
	carry_lines_free(&in);
}

/* PREV's -T tables given again, under the same rules: -T KEY overrides. */
static void
carry_tables(struct carry *c, struct newopts *n)
{
	int i, j, given = n->ntables;

	for (i = 0; i < c->prev.ntables; i++) {
		for (j = 0; j < given; j++)
			if (strncmp(n->tables[j], c->prev.table_key[i],
			    strlen(c->prev.table_key[i])) == 0 &&
			    n->tables[j][strlen(c->prev.table_key[i])] == '=')
				break;
		if (j < given)	/* a new table: what PREV drew from its is not */
			carry_drop_drawn(&c->place_lines, c->prev.table_key[i]);
		else
			table_option(n, c->tables[c->ntables++] =
			    table_arg(&c->prev, i, 0));
	}
}

/* The clock PREV ended at: -c's DAY/TIME and as turns. */
static void
carry_clock(struct carry *c)
{
	const struct ses_keys *k = ses_keys(&c->prev);

	snprintf(c->clock, sizeof c->clock, "%s/%s", k->day[0] ? k->day : "1",
	    k->time[0] ? k->time : START_HHMM_004);
	c->end = ses_clock(&c->prev);
}

struct carry *
carry_open(struct newopts *n, const char *dir)
{
	struct carry *c = emalloc(sizeof *c);
	char *party;

	memset(c, 0, sizeof *c);
	ses_lock_shared(&c->prev, n->prev);
	ses_load(&c->prev);
	ses_refuse_changed(&c->prev, NULL);
	same_campaign(c, dir);
	c->from_rules = rules_named(c->prev.rules);
	if (n->rules == NULL && c->prev.rules != NULL)
		n->rules = c->prev.rules;
	c->to_rules = rules_named(n->rules);
	if (n->dice == NULL && c->prev.dice != NULL)
		n->dice = c->prev.dice;	/* the table's dialect, as the GM rolls */
	if (n->seed == NULL) {
		carry_seed(c->prev.seed, c->seed, sizeof c->seed);
		n->seed = c->seed;
	}
	carry_clock(c);
	if (n->clock == NULL)
		n->clock = c->clock;
	party = ses_gen_path(&c->prev, "party");
	if (c->prev.party)
		n->party = c->party = party;
	else
		free(party);
	read_lines(c, "timedice", carry_clock_keys, &c->clock_lines);
	if (carry_place(c->from_rules, c->to_rules)) {
		read_lines(c, "hazard", carry_place_keys, &c->place_lines);
		carry_tables(c, n);
	}
	carry_lights(c);
	snprintf(c->from, sizeof c->from, "%s g.%lu %016" PRIx64, c->name,
	    c->prev.gen, ses_file_sum(&c->prev, "delve"));
	return c;
}

char *
carry_from(const struct carry *c)
{
	return estrdup(c->from);
}

/* The work directory's FILE with ADD in place of its lines of DROP. */
static void
rewrite(struct session *s, const char *file, const char *const *drop,
    const struct carry_lines *add)
{
	char *path = newfile(s, file), *out;
	char *text = file_text(path, "a session's file", NULL);
	size_t len;

	if (text == NULL)
		esc_errx(EXIT_IO, "%s: missing", path);
	out = carry_with_lines(text, drop, add, &len);
	ses_put(s, file, out, len, 1);
	free(out);
	free(text);
	free(path);
}

/* A file of PREV's copied as it is into the work directory. */
static void
carry_copy(struct carry *c, struct session *s, const char *name)
{
	char *path = ses_gen_path(&c->prev, name);

	if (access(path, F_OK) == 0)
		copy_file(s, path, name, "a session's file", 1);
	free(path);
}

/*
 * The new session's files as the programs made them, the carried lines
 * put in and each file read again by its program: what it refuses, the
 * new session is not made.
 */
void
carry_write(struct carry *c, struct session *s, const char *lights)
{
	char *t = newfile(s, "timedice"), *l = newfile(s, "light");
	char *h = newfile(s, "hazard");
	char *tv[] = { "timedice", "-f", t, "show", NULL };
	char *lv[] = { "light", "-f", l, "-s", s->seed, lights ? "-l" : "status",
	    (char *)lights, lights ? "status" : NULL, NULL };
	char *hv[] = { "hazard", "-f", h, "-n", "0", NULL };
	struct supplies sup;

	rewrite(s, "timedice", carry_clock_keys, &c->clock_lines);
	new_setup(s, tv, NULL);
	rewrite(s, "light", carry_source_keys, &c->light_lines);
	new_setup(s, lv, NULL);
	if (carry_place(c->from_rules, c->to_rules)) {
		rewrite(s, "hazard", carry_place_keys, &c->place_lines);
		new_setup(s, hv, NULL);
	}
	carry_copy(c, s, "roster");
	if (supplies_at(&c->prev, c->end, &sup) >= 0) {	/* from the new start */
		sup.since = ses_start(s);
		supplies_put(s, &sup);
	}
	s->lights = lights ? estrdup(lights) : NULL;
	free(t);
	free(l);
	free(h);
}

void
carry_close(struct carry *c)
{
	carry_lines_free(&c->clock_lines);
	carry_lines_free(&c->light_lines);
	carry_lines_free(&c->place_lines);
	while (c->ntables > 0)
		free(c->tables[--c->ntables]);
	free(c->party);
	ses_close(&c->prev);
	free(c);
}

/* The work directory's party file made TEXT, read as every program reads it. */
static void
put_party(struct session *s, const char *text, size_t len)
{
	char *work = newfile(s, "party");
	struct party *check = emalloc(sizeof *check);

	ses_put(s, "party", text, len, 1);
	party_load(check, work);	/* refused as every program would */
	free(check);
	free(work);
}

/* --- the roster: characters out of the party ----------------------------- */

/*
 * join or leave NAME: the supplies eaten so far counted with the party as
 * it was; for leave, the sheet of NAME as the party file PARTY held it
 * put on the roster (the generation's file roster), to come back with it.
 */
void
roster_keep(struct session *s, const char *party, const char *act,
    const char *name)
{
	char *old = file_text(party, "a session's file", NULL), *out;
	char *path = ses_gen_path(s, "roster");
	char *roster = file_text(path, "a session's file", NULL);
	size_t beg, end, len;

	supplies_settle(s);
	if (strcmp(act, "leave") == 0 && old != NULL &&
	    party_text_line(old, name, &beg, &end) == 0) {
		out = text_with_line(roster ? roster : ROSTER_HEAD, old + beg,
		    end - beg, &len);
		ses_put(s, "roster", out, len, 1);
		free(out);
	}
	free(roster);
	free(path);
	free(old);
}

/*
 * join NAME, NAME on the roster: back in the party with their sheet.
 * 0 when NAME is not on the roster (an ordinary join).
 */
int
roster_join(struct session *s, const struct opts *o, int argc, char **argv)
{
	char *rpath = ses_gen_path(s, "roster"), *ppath = ses_gen_path(s, "party");
	char *roster = file_text(rpath, "a session's file", NULL), *party, *np, *nr;
	char sheet[PARTY_LINE_MAX], text[PARTY_LINE_MAX + 512];
	size_t beg, end, len;

	if (roster == NULL || argc < 2 ||
	    party_text_line(roster, argv[1], &beg, &end) != 0) {
		free(roster);
		free(rpath);
		free(ppath);
		return 0;
	}
	if (argc > 2)
		esc_errx(EXIT_BAD, "join: %s is on the roster: delve join %s brings "
		    "them back with their sheet (delve set changes it after)",
		    argv[1], argv[1]);
	ses_refuse_drift(s);
	party = file_text(ppath, "a session's file", NULL);
	np = text_with_line(party ? party : "", roster + beg, end - beg, &len);
	nr = text_without_line(roster, beg, end);
	ses_begin(s, 1);
	supplies_settle(s);
	put_party(s, np, len);
	ses_put(s, "roster", nr, strlen(nr), 1);
	sheet_words(roster + beg, end - beg, sheet, sizeof sheet);
	roster_said(sheet, rules_named(s->rules), 1, text, sizeof text);
	commit_said(s, o, argv[1], "join", text, 1);
	free(np);
	free(nr);
	free(party);
	free(roster);
	free(rpath);
	free(ppath);
	return 1;
}

/* --- supplies and coin: buy, spend, give, share, loot -------------------- */

/*
 * delve buy|spend|give|share|loot: the party file's purses (gp= sp= cp=,
 * load=) and the supplies changed together by purse_plan, logged at the
 * session's turn.
 */
int
purse_act(struct session *s, const struct opts *o, int argc, char **argv)
{
	struct purse_act a = { .turn = s->turn, .now = ses_clock(s) };
	char *ppath = ses_gen_path(s, "party"), *log;

	if (!s->party)
		esc_errx(EXIT_BAD, "%s: the session keeps no party file (delve new -p "
		    "FILE)", argv[0]);
	a.party = file_text(ppath, "a session's file", NULL);
	a.has_sup = supplies_at(s, a.now, &a.sup) >= 0;
	if (strcmp(argv[0], "loot") == 0) {
		a.loot = journal_loot(log = ses_log_text(s, 0, NULL));
		free(log);
	}
	purse_plan(&a, argc, argv);
	ses_refuse_drift(s);
	ses_begin(s, 1);
	put_party(s, a.party, strlen(a.party));
	if (a.sup_changed)
		supplies_put(s, &a.sup);
	show_then_commit(s, o, a.rec, a.reclen, 0, 0, a.now);
	free(a.rec);
	free(a.party);
	free(ppath);
	return EXIT_OK;
}

/* --- notes ------------------------------------------------------------- */

/* delve note TEXT: the GM's note at the session's turn, for the journal. */
int
note(struct session *s, const struct opts *o, int argc, char **argv)
{
	char text[1024] = "";
	size_t len = 0;
	int i;

	if (argc > 1 && argv[1][0] == '-' && argv[1][1] != '\0') {
		if (strcmp(argv[1], "--") != 0)	/* delve note -h: no note "-h" */
			esc_errx(EXIT_BAD, "note: %s: note takes no option; a note "
			    "that begins with - comes after --", argv[1]);
		argc--, argv++;
	}
	for (i = 1; i < argc; i++)
		len += strlen(argv[i]) + 1;
	for (i = 1; i < argc && len <= sizeof text; i++)
		str_append(text, sizeof text, " ", "%s", argv[i]);
	if (argc < 2 || len > sizeof text || note_ok(text) != 0)
		esc_errx(EXIT_BAD, "note: expected a note of printable words, at most "
		    "1000 bytes, no TAB or control byte");
	ses_refuse_drift(s);
	ses_begin(s, 1);
	commit_said(s, o, "-", "note", text, 0);
	return EXIT_OK;
}

/* --- the campaign: its sessions, status, log and journal ----------------- */

struct chain {
	int	 n;
	struct session **s;	/* the first session first; the last is the given */
};

/* from NAME g.N SUM of S, checked against the session it names, loaded. */
static struct session *
previous(const struct session *s)
{
	struct session *p = emalloc(sizeof *p);
	char name[NAME_MAX + 1], self[NAME_MAX + 1], gen[32], sum[32], *dir, *path;
	unsigned long g;

	if (sscanf(s->from, "%255s g.%lu %31s", name, &g, sum) != 3 ||
	    strchr(name, '/') != NULL || strcmp(name, "..") == 0 ||
	    strcmp(name, ".") == 0)
		esc_errx(EXIT_BAD, "%s/session: from: '%s': expected a session, its "
		    "generation and its sum", s->dir, s->from);
	if (strcmp(name, base_name(s->dir, self)) == 0)	/* delve batch -K's last */
		esc_errx(EXIT_BAD, "%s: it continues a session kept as %s before, "
		    "since removed: its campaign is this session alone", s->dir,
		    name);
	dir = campaign_dir(s->dir);
	path = emalloc(strlen(dir) + strlen(name) + 2);
	sprintf(path, "%s/%s", dir, name);
	free(dir);
	ses_lock_shared(p, path);
	ses_load(p);
	ses_refuse_changed(p, NULL);
	snprintf(gen, sizeof gen, "%016" PRIx64, ses_file_sum(p, "delve"));
	if (p->gen != g || strcmp(gen, sum) != 0)
		esc_errx(EXIT_BAD, "%s: changed after %s continued it (it ended at "
		    "generation %lu, now %lu%s): the campaign's sessions must stay as "
		    "they were continued", path, s->dir, g, p->gen, p->gen == g ?
		    ", changed by hand" : "");
	return p;
}

static void
chain_load(struct chain *c, struct session *last)
{
	struct session *s = last;
	int i;

	c->n = 0;
	c->s = NULL;
	for (;;) {
		c->s = ereallocarray(c->s, (size_t)c->n + 1, sizeof *c->s);
		c->s[c->n++] = s;
		if (s->from == NULL)
			break;
		if (c->n == CAMPAIGN_MAX)
			esc_errx(EXIT_BAD, "%s: more than %d sessions back", last->dir,
			    CAMPAIGN_MAX);
		s = previous(s);
	}
	for (i = 0; i < c->n / 2; i++) {	/* the first first */
		s = c->s[i];
		c->s[i] = c->s[c->n - 1 - i];
		c->s[c->n - 1 - i] = s;
	}
}

static void
chain_free(struct chain *c)
{
	int i;

	for (i = 0; i < c->n - 1; i++) {	/* the last is the caller's */
		char *dir = (char *)c->s[i]->dir;

		ses_close(c->s[i]);
		free(dir);
		free(c->s[i]);
	}
	free(c->s);
}

/* One character of the party, said as delve status says them. */
static void
say_member(void *arg, const struct member *m, const char *line)
{
	say_character(m, line, *(const int *)arg, "");
}

/* A character of the roster, a line of its TEXT, said under RULES. */
static void
say_roster(const char *line, const char *nl, int rules)
{
	char words[PARTY_LINE_MAX], said[PARTY_LINE_MAX + 512];

	sheet_words(line, (size_t)(nl - line), words, sizeof words);
	if (words[0] == '\0')
		return;
	roster_said(words, rules, 0, said, sizeof said);
	printf("%-9s %s\n", "roster", said);
}

/* delve status's lines of the roster and the supplies, when kept. */
void
supplies_status(const struct session *s)
{
	char *roster = ses_gen_path(s, "roster"), said[512];
	char *text = file_text(roster, "a session's file", NULL);
	const char *at = NULL, *w, *nl;
	struct supplies left;
	int n = supplies_at(s, ses_clock(s), &left), rules = rules_named(s->rules);

	while (text != NULL && party_text_each(text, &at, &w, &nl))
		say_roster(w, nl, rules);
	free(text);
	free(roster);
	if (n >= 0) {
		sup_say(left.left, n, said, sizeof said);
		printf("%-9s %s%s\n", "supplies", said, rules == R_TRAVEL ? "" :
		    " (the suite's decision: 004's supplies kept under every rules "
		    "name)");
	}
}

static void
campaign_status(const struct chain *c)
{
	struct session *last = c->s[c->n - 1];
	char *party = ses_gen_path(last, "party"), a[64], b[64], nm[NAME_MAX + 1];
	int i, rules = rules_named(last->rules);

	printf("%-9s %d session%s\n", "campaign", c->n, c->n == 1 ? "" : "s");
	for (i = 0; i < c->n; i++)
		printf("%-9s %d. %s: %s rules, %s to %s, %" PRIu64 " turns\n",
		    "session", i + 1, base_name(c->s[i]->dir, nm),
		    rules_names[rules_named(c->s[i]->rules)],
		    journal_when(ses_start(c->s[i]), a, sizeof a),
		    journal_when(ses_clock(c->s[i]), b, sizeof b), c->s[i]->turn);
	printf("%-9s %s\n", "clock", journal_when(ses_clock(last), a, sizeof a));
	if (last->party)
		party_each(party, say_member, &rules);
	supplies_status(last);	/* and the roster */
	free(party);
}

/* delve campaign log: each session's log in turn, the first first. */
static void
campaign_log(const struct chain *c, const struct opts *o)
{
	char nm[NAME_MAX + 1];
	int i;

	for (i = 0; i < c->n; i++) {
		if (o->form == VIEW_PEOPLE)
			printf("%ssession %d: %s, %s rules\n", i ? "\n" : "", i + 1,
			    base_name(c->s[i]->dir, nm),
			    rules_names[rules_named(c->s[i]->rules)]);
		show_log(c->s[i], o, 0, NULL);
		out_done();
	}
}

/* A session's section of the journal: its texts read and told. */
static void
journal_session(const struct session *s, int i)
{
	char *party = ses_gen_path(s, "party"), *rpath = ses_gen_path(s, "roster");
	char *start = ses_gen_path(s, "party.start"), said[512], nm[NAME_MAX + 1];
	struct jsession js = { base_name(s->dir, nm), s->seed, rules_named(s->rules),
	    ses_start(s), ses_clock(s), s->turn, ses_log_text(s, 0, NULL), s->party,
	    NULL, NULL, NULL, NULL };
	struct supplies left;
	int n = supplies_at(s, js.t1, &left);

	if (s->party) {
		js.start = file_text(start, "a session's file", NULL);
		js.end = file_text(party, "a session's file", NULL);
		js.roster = file_text(rpath, "a session's file", NULL);
	}
	if (n >= 0) {
		sup_say(left.left, n, said, sizeof said);
		js.supplies = said;
	}
	journal_section(stdout, i, &js);
	free((char *)js.start), free((char *)js.end), free((char *)js.roster);
	free(js.log), free(rpath), free(start), free(party);
}

/* delve campaign journal: the campaign in Markdown, a section a session. */
static void
campaign_journal(const struct chain *c)
{
	char nm[NAME_MAX + 1];
	int i;

	printf("# Campaign journal: %s\n", base_name(c->s[c->n - 1]->dir, nm));
	for (i = 0; i < c->n; i++)
		journal_session(c->s[i], i);
}

/* delve campaign [status | log | journal] */
int
campaign(struct session *s, const struct opts *o, int argc, char **argv)
{
	static const char *const views[] = { "status", "log", "journal", NULL };
	struct chain c;
	int v = argc > 1 ? word_in(argv[1], views) : 0;

	if (argc > 2)	/* an operand too many: the usage line */
		opt_usage(&(const struct opt_spec){ prog, SYN_CAMPAIGN, NULL, 0 },
		    "campaign: %s: expected status, log or journal", argv[2]);
	if (v < 0)	/* a bad word: one line, as every bad value */
		esc_errx(EXIT_BAD, "campaign: %s: expected status, log or journal",
		    argv[1]);
	chain_load(&c, s);
	if (v == 0)
		campaign_status(&c);
	else if (v == 1)
		campaign_log(&c, o);
	else
		campaign_journal(&c);
	chain_free(&c);
	return EXIT_OK;
}

/* --- a camp without food ------------------------------------------------- */

/*
 * 004: "Exhaustion can only be cured with sufficient rest and food".  1
 * when a camp begun at START finds the supplies kept and none left: its
 * rest is timedice's rest ... unfed, which cures no one.
 */
int
camp_without_food(struct session *s, uint64_t start)
{
	struct supplies left;

	return s->party && supplies_at(s, start, &left) >= 0 && left.left == 0;
}
