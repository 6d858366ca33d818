/*
 * delve: the game master's commands (delve(6), The game master's
 * commands): damage, heal, set, join, leave, light, camp, hour and edit,
 * each a run of the program that owns the file, all or nothing.
 */
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "gm.h"
#include "hazstate.h"
#include "reactstate.h"
#include "kwf.h"
#include "party.h"
#include "rules.h"
#include "util.h"
#include "delve.h"

/*
 * A party file read as the next turn reads it: by hazard under the rules
 * that keep characters, by timedice when TIMED (the party keeps
 * resilience=, and a line without it where the others keep it is
 * refused), each in a run that rolls nothing: 0, or the failed run in RES.
 */
static int
party_readers(const struct session *s, char *file, int timed,
    struct proc_result *res)
{
	char *h[] = { "hazard", "-n", "0", "-p", file, NULL };
	char *t[] = { "timedice", "-p", file, "show", NULL };
	char **const hv[] = { h }, **const tv[] = { t };
	int null = open("/dev/null", O_WRONLY | O_CLOEXEC), bad = 0;

	if (null < 0)
		esc_err(EXIT_IO, "/dev/null");
	if (hazard_keeps_party(s->rules))
		bad = proc_run(hv, 1, null, NULL, NULL, res);
	if (!bad && timed)
		bad = proc_run(tv, 1, null, NULL, NULL, res);
	close(null);
	return bad;
}

/*
 * delve damage|heal|set|join|leave: the GM's change to a character (gm.h),
 * checked and rolled on the party as it is, then written over the work
 * directory's copy by rename; logged at the session's turn and counted as
 * a call, so that its dice are the session's and the next call's its own.
 */
int
party_act(struct session *s, const struct opts *o, int argc, char **argv)
{
	char seed[256], *now, *work;
	struct proc_result res;
	struct gm_act a;
	struct rng r;

	if (!s->party)
		esc_errx(EXIT_BAD, "%s: the session keeps no party file (delve new -p "
		    "FILE)", argv[0]);
	if (strcmp(argv[0], "join") == 0 && roster_join(s, o, argc, argv))
		return EXIT_OK;	/* back from the roster with their sheet */
	now = ses_gen_path(s, "party");
	work = newfile(s, "party");
	ses_refuse_drift(s);
	call_seed(s, seed, sizeof seed);
	rng_seed(&r, rng_seedword(seed), prog);
	gm_plan(&a, now, argc, argv, s->turn, &r, rules_named(s->rules));
	ses_begin(s, 1);
	ses_put(s, "party", a.text, a.textlen, 1);
	if (strcmp(argv[0], "join") == 0 || strcmp(argv[0], "leave") == 0)
		roster_keep(s, now, argv[0], argv[1]);
	if (strcmp(argv[0], "join") == 0 && party_readers(s, work,
	    session_takers(s) & TAKES_TIMEDICE, &res))
		stage_failed(s, &res, "party");	/* refused: as it was */
	show_then_commit(s, o, a.rec, a.reclen, 0, 1, ses_clock(s));
	gm_free(&a);
	free(work);
	free(now);
	return EXIT_OK;
}

/*
 * delve light COMMAND ...: light(6) by hand on the session's light file
 * (add, out, relight, refill, wind, snow, hazard, and -D).  Time passes only
 * with the session's turns, every clock together: tick is refused, and
 * status is delve status's.
 */
int
light_act(struct session *s, const struct opts *o, int argc, char **argv)
{
	char hhmm[8];
	struct argv_b v = { 0 };
	struct proc_result res;
	int i;

	if (argc < 2)
		esc_errx(EXIT_BAD, "light: expected a command of light(6): add, out, "
		    "relight, refill, wind, snow or hazard");
	refuse_options(argc, argv, "-D", "the session gives light its file, seed "
	    "and turns");
	for (i = 1; i < argc && strcmp(argv[i], "-D") == 0; i++)
		;
	if (i < argc && strcmp(argv[i], "tick") == 0)
		esc_errx(EXIT_BAD, "light: tick: time passes with the session's turns, "
		    "every clock together (delve -n COUNT, delve camp)");
	if (i == argc || strcmp(argv[i], "status") == 0)
		esc_errx(EXIT_BAD, "light: status: delve status shows the lights");
	clock_hhmm(ses_clock(s), hhmm);	/* day or night (light(6) -c) */
	stage_words(&v, s, "light");
	av_add(&v, "-c"), av_add(&v, hhmm), av_addv(&v, argc - 1, argv + 1);
	ses_refuse_drift(s);
	one_command(s, o, v.v, 0, &res);
	av_free(&v);
	return EXIT_OK;
}

/* The session plays the travel rules (004). */
int
travelling(const struct session *s)
{
	return s->rules != NULL && strcmp(s->rules, "travel") == 0;
}

/*
 * camp [HOURS | until TIME] [unsafe]: the words of timedice's rest, in W
 * (at most three, then NULL): HOURS 1 to 24 (8 by default, 004's night),
 * or until TIME as timedice(6) reads it.
 */
static void
camp_words(int argc, char **argv, char **w)
{
	long long hours;
	int i, n = 0, unsafe = 0;

	for (i = 1; i < argc; i++)
		if (strcmp(argv[i], "unsafe") == 0 && !unsafe)
			unsafe = 1;
		else if (i == 1 && strtonum_ok(argv[i], 1, 24, &hours) == 0)
			w[n++] = argv[i];
		else if (i == 1 && strcmp(argv[i], "until") == 0 && argc > 2) {
			w[n++] = argv[i++];
			w[n++] = argv[i];
		} else
			esc_errx(EXIT_BAD, "%s: '%s': expected %s [HOURS | until TIME] "
			    "[unsafe], HOURS 1 to 24", argv[0], argv[i], argv[0]);
	if (n == 0)
		w[n++] = "8";	/* 004: a night of rest, timedice(6)'s 8 hours */
	if (unsafe)
		w[n++] = "unsafe";
	w[n] = NULL;
}

/* The hours of timedice's rest record (its first): "timedice T D HH:MM rest HOURS". */
static const char *
rest_hours(const char *rec, size_t len, char *hours, size_t size)
{
	const char *p = rec, *end = memchr(rec, '\n', len);
	int f;

	for (f = 0; f < 5 && p != NULL && p < end; f++)
		if ((p = memchr(p, '\t', (size_t)(end - p))) != NULL)
			p++;
	if (p == NULL || end == NULL)
		esc_errx(EXIT_IO, "timedice: no rest record");
	snprintf(hours, size, "%.*s", (int)strcspn(p, "\t\n"), p);
	return hours;
}

/* The lines of A (a record's turn in field 2) up to turn T: their length. */
static size_t
upto_turn(const char *a, size_t len, uint64_t t)
{
	const char *p = a, *nl, *tab;

	while (p < a + len) {
		nl = memchr(p, '\n', (size_t)(a + len - p));
		tab = memchr(p, '\t', (size_t)(nl - p));
		if (tab != NULL && strtoull(tab + 1, NULL, 10) > t)
			break;
		p = nl + 1;
	}
	return (size_t)(p - a);
}

/*
 * The camp's records: turn by turn the hours' records with timedice's
 * after them; timedice's rest (its first line), with its healing, comes
 * in the night's last turn, before its clock record: 004's "night of safe
 * rest" heals at its end, after the night's threats (issue 33).
 */
static char *
camp_records(const struct session *s, char *rest, size_t rlen, char *hours,
    size_t hlen, uint64_t nturns, size_t *len)
{
	char *first = memchr(rest, '\n', rlen), *at, *out, *o;
	size_t alen, n;
	uint64_t t;

	first = first ? first + 1 : rest + rlen;
	at = at_turn(rest, (size_t)(first - rest), s->turn + nturns, &alen);
	out = o = emalloc(alen + rlen + hlen + 1);
	rlen -= (size_t)(first - rest);
	rest = first;
	for (t = s->turn + 1; rlen > 0 || hlen > 0; t++) {
		n = upto_turn(hours, hlen, t);
		memcpy(o, hours, n);
		o += n, hours += n, hlen -= n;
		if (t == s->turn + nturns)
			memcpy(o, at, alen), o += alen, alen = 0;
		n = upto_turn(rest, rlen, t);
		memcpy(o, rest, n);
		o += n, rest += n, rlen -= n;
	}
	memcpy(o, at, alen);	/* a night of no turns: none */
	o += alen;
	free(at);
	*len = (size_t)(o - out);
	return out;
}

/*
 * delve camp [HOURS | until TIME] [unsafe], and delve rest under travel:
 * 004's night of camp.  Its hours are travel turns as any other (004: "A travel turn
 * occurs every hour of in-fiction time"): hazard rolls each hour's threat
 * and light burns what is lit (told the clock with -c), as hazard | light |
 * reaction; timedice rests
 * them, with -p -w when a party is kept (timedice(6) rest: a night of safe
 * or unsafe rest, its healing, resilience and exhaustion), and its record
 * says the hours; every clock moves those turns, all or nothing.
 */
int
camp(struct session *s, const struct opts *o, int argc, char **argv)
{
	char count[32], hhmm[8], *party = newfile(s, "party"), *w[4];
	struct argv_b t = { 0 }, h = { 0 }, l = { 0 }, r = { 0 };
	char *rout, *hout, *out;
	size_t rlen, hlen, len;
	char **rest[1], **turns[3];
	struct proc_result res;
	uint64_t start;
	int i;

	if (!travelling(s))
		esc_errx(EXIT_BAD, "%s: a night's camp is a rest of the travel rules "
		    "(004); under %s a rest is a turn: delve rest", argv[0],
		    s->rules ? s->rules : "exploration");
	camp_words(argc, argv, w);
	stage_words(&t, s, "timedice");
	if (session_takers(s) & TAKES_TIMEDICE)
		av_add(&t, "-p"), av_add(&t, party), av_add(&t, "-w");
	av_add(&t, "rest");
	for (i = 0; w[i] != NULL; i++)
		av_add(&t, w[i]);
	stage_words(&h, s, "hazard");
	av_add(&h, "-n"), av_add(&h, count);
	if (s->party && hazard_keeps_party(s->rules))
		av_add(&h, "-p"), av_add(&h, party);
	table_options(s, &h, 0);
	av_add(&h, "hourly");
	stage_words(&l, s, "light");
	av_add(&l, "-c"), av_add(&l, hhmm), av_add(&l, "-");
	stage_words(&r, s, "reaction");
	av_add(&r, "-");
	table_options(s, &r, 1);
	ses_refuse_drift(s);
	start = ses_clock(s);
	clock_hhmm(start, hhmm);	/* light knows night from day (light(6) -c) */
	if (camp_without_food(s, start))
		av_add(&t, "unfed");	/* 004: rest and food */
	ses_begin(s, 1);
	rest[0] = t.v, turns[0] = h.v, turns[1] = l.v, turns[2] = r.v;
	if (proc_run(rest, 1, -1, &rout, &rlen, &res))
		stage_failed(s, &res, "timedice");
	rest_hours(rout, rlen, count, sizeof count);	/* hazard's -n */
	if (proc_run(turns, 3, -1, &hout, &hlen, &res))
		stage_failed(s, &res, turns[res.stage][0]);
	out = camp_records(s, rout, rlen, hout, hlen, strtoull(count, NULL, 10),
	    &len);
	show_then_commit(s, o, out, len, strtoull(count, NULL, 10), 0, start);
	av_free(&t), av_free(&h), av_free(&l), av_free(&r);
	free(out), free(rout), free(hout), free(party);
	return EXIT_OK;
}

/*
 * delve hour [N] [ACTION ...]: N hours (1 to 1000, default 1) of the
 * session's turns, every clock together: N travel turns under travel
 * (004: "A travel turn occurs every hour"), six dungeon turns of ten
 * minutes an hour under the dungeon rules, each with the ACTION (an hour
 * of rest: 002's rest in the dungeon heals after six rest turns in a row).
 * The alarm rules (003) count rounds, not hours.
 */
int
hours(struct session *s, const struct opts *o, int argc, char **argv)
{
	char *travel_turn[] = { "hourly", NULL };
	struct opts h = *o;
	long long n = 1;
	int i = 1, r = rules_named(s->rules);

	if (argc > 1 && strtonum_ok(argv[1], 1, 1000, &n) == 0)
		i = 2;
	else if (argc > 1 && strspn(argv[1], "-0123456789") == strlen(argv[1]))
		esc_errx(EXIT_BAD, "hour: '%s': expected 1 to 1000 hours", argv[1]);
	if (r >= 0 && hazard_rules[r].alarm)
		esc_errx(EXIT_BAD, "hour: the alarm rules (003) count rounds, not hours: "
		    "delve -n COUNT ACTION");
	if (travelling(s) && argc > i)
		esc_errx(EXIT_BAD, "hour: %s: under travel an hour is a travel turn, "
		    "without an action (a night's rest: delve camp)", argv[i]);
	h.count = travelling(s) ? n : n * CLOCK_HOUR_TURNS;
	if (travelling(s))
		turn(s, &h, 1, travel_turn);
	else
		turn(s, &h, argc - i, argv + i);
	return EXIT_OK;
}

/*
 * delve edit [party | FILE]: the file of the current generation copied to
 * a temporary, opened in $EDITOR (else vi), checked by the program that
 * owns it, and committed as a new generation; refused with that program's
 * error, the edited copy kept for another try, as crontab -e and visudo do.
 * The session stays locked while the editor runs.
 */
static const char *const edit_files[] = { "party", "hazard", "light",
	"timedice", "reaction", NULL };

/* The owner's no-op run on FILE: it reads the file as a turn would. */
static void
owner_run(const char *name, char *file, struct argv_b *v)
{
	static const char *const runs[][4] = {
		{ "hazard", "-n", "0", NULL }, { "light", "status", NULL, NULL },
		{ "timedice", "show", NULL, NULL }, { "reaction", "-n", "0", NULL },
	};
	int i, k;

	for (k = 0; strcmp(runs[k][0], name) != 0; k++)
		;
	av_add(v, name), av_add(v, "-f"), av_add(v, file);
	for (i = 1; runs[k][i] != NULL; i++)
		av_add(v, runs[k][i]);
}

/* The party reader on FILE, in a child: 0, or its message in MSG. */
static int
party_check(const char *file, char *msg, size_t size)
{
	int fd[2], status;
	size_t got;
	ssize_t n;
	pid_t pid;
	struct party *p;

	if (pipe(fd) != 0 || (pid = fork()) < 0)
		esc_err(EXIT_IO, "fork");
	if (pid == 0) {
		close(fd[0]);
		dup2(fd[1], STDERR_FILENO);
		p = emalloc(sizeof *p);
		party_load(p, file);
		_exit(0);
	}
	close(fd[1]);
	for (got = 0; got < size - 1; got += (size_t)n)	/* esc_err(3) writes in parts */
		if ((n = read(fd[0], msg + got, size - 1 - got)) == 0 ||
		    (n < 0 && errno != EINTR))
			break;
		else if (n < 0)
			n = 0;
	msg[got] = '\0';
	msg[strcspn(msg, "\n")] = '\0';
	close(fd[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			esc_err(EXIT_IO, "waitpid");
	return WIFEXITED(status) ? WEXITSTATUS(status) : EXIT_IO;
}

/*
 * A state file's stream as the next turn continues it: the seed of the
 * file as it was (a turn runs its program with the session's seed, and a
 * file without it, or with another, restarts the stream) and a generator
 * state.
 */
static int
keeps_stream(const struct session *s, const char *name, const char *file,
    char *msg, size_t size)
{
	struct ses_key was, now, rng;

	ses_value(s, name, "seed", &was);
	now.key = "seed";
	now.val[0] = '\0';
	ses_read(file, ses_take_key, &now);
	rng.key = "rng";
	rng.val[0] = '\0';
	ses_read(file, ses_take_key, &rng);
	if (was.val[0] != '\0' && strcmp(was.val, now.val) != 0)
		snprintf(msg, size, "%s: seed %s, the session's stream is seed %s: "
		    "the next turn would restart it", file, now.val[0] ? now.val :
		    "none", was.val);
	else if (was.val[0] != '\0' && rng.val[0] == '\0')
		snprintf(msg, size, "%s: no rng line: the next turn would restart "
		    "the stream of seed %s", file, was.val);
	else
		return 0;
	return EXIT_BAD;
}

/* The edited copy checked by its owner: 0, or a refusal in MSG. */
static int
owner_check(const struct session *s, const char *name, char *file, char *msg,
    size_t size)
{
	struct argv_b v = { 0 };
	struct proc_result res;
	struct ses_key t;
	int null, bad;

	if (strcmp(name, "party") == 0) {
		bad = party_check(file, msg, size);
		memmove(msg, msg + (strncmp(msg, "delve: ", 7) == 0 ? 7 : 0),
		    strlen(msg) + 1);
		if (bad || !party_readers(s, file, (session_takers(s) &
		    TAKES_TIMEDICE) || (party_takers(file) & TAKES_TIMEDICE), &res))
			return bad;
		snprintf(msg, size, "%s", res.msg);
		return res.status ? res.status : EXIT_IO;
	}
	if ((bad = keeps_stream(s, name, file, msg, size)) != 0)
		return bad;	/* before the owner's run, which would seed it */
	if ((null = open("/dev/null", O_WRONLY | O_CLOEXEC)) < 0)
		esc_err(EXIT_IO, "/dev/null");
	owner_run(name, file, &v);
	bad = proc_run(&v.v, 1, null, NULL, NULL, &res);
	close(null);
	av_free(&v);
	if (bad) {
		snprintf(msg, size, "%s", res.msg);
		return res.status ? res.status : EXIT_IO;
	}
	t.key = "turn";
	t.val[0] = '\0';
	ses_read(file, ses_take_key, &t);
	if (word_in(name, ses_clock_files) >= 0 && strtoull(t.val, NULL, 10) != s->turn) {
		snprintf(msg, size, "%s: turn %s, the session at turn %" PRIu64
		    ": the clocks move together", file, t.val[0] ? t.val : "none",
		    s->turn);
		return EXIT_BAD;
	}
	return 0;
}

/* FROM's bytes into the new file TO (O_EXCL), made mode 0444 as a generation's. */
static void
copy_bytes(const char *from, int tofd, const char *to)
{
	FILE *in = efopen_input(from, "a file");
	char buf[65536];
	size_t n;
	int e;

	const char *bad = NULL;

	while (bad == NULL && (n = fread(buf, 1, sizeof buf, in)) > 0)
		if (write(tofd, buf, n) != (ssize_t)n)
			bad = to;
	if (bad == NULL && ferror(in))
		bad = from;
	if (bad == NULL && (fsync(tofd) != 0 || close(tofd) != 0))
		bad = to;
	if (bad != NULL) {	/* a copy cut short is no copy to go on from */
		e = errno;
		unlink(to);
		errno = e;
		esc_err(EXIT_IO, "%s", bad);
	}
	fclose(in);
}

/* The two files hold the same bytes. */
static int
same_file(const char *a, const char *b)
{
	FILE *fa = efopen_input(a, "a file"), *fb = efopen_input(b, "a file");
	int ca, cb;

	do {
		ca = getc(fa);
		cb = getc(fb);
	} while (ca == cb && ca != EOF);
	if (ferror(fa) || ferror(fb))	/* a read that failed is not an end */
		esc_err(EXIT_IO, "%s", ferror(fa) ? a : b);
	fclose(fa);
	fclose(fb);
	return ca == cb;
}

/* $EDITOR (else vi) on FILE, through sh as crontab -e runs it: its status. */
static int
run_editor(const char *file)
{
	const char *ed = getenv("EDITOR");
	int status;
	pid_t pid;

	setenv("DELVE_EDITOR", ed != NULL && *ed != '\0' ? ed : "vi", 1);
	fflush(stdout);
	if ((pid = fork()) < 0)
		esc_err(EXIT_IO, "fork");
	if (pid == 0) {
		execl("/bin/sh", "sh", "-c", "exec $DELVE_EDITOR \"$1\"", "sh", file,
		    (char *)NULL);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			esc_err(EXIT_IO, "waitpid");
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* The edited copy into the work directory, then the generation. */
static void
edit_commit(struct session *s, const struct opts *o, const char *name,
    const char *copy)
{
	int fd = eopen_input(copy, "a file");
	char text[512], *edited;
	size_t len;

	edited = fd_text(fd, copy, "a file", &len);
	close(fd);
	ses_begin(s, 1);
	ses_put(s, name, edited, len, 1);
	snprintf(text, sizeof text, "The %s file is edited by hand (delve edit), "
	    "checked by %s.", name, strcmp(name, "party") == 0 ?
	    "the party reader" : name);
	commit_said(s, o, name, "edit", text, 0);
	free(edited);
}

/*
 * The name of an edit's copy in TMP: delve-NAME.DEV-INO.g.N.XXXXXX, the
 * session directory's device and inode, the generation it was copied
 * from; PREFIX gets all but g.N.XXXXXX.
 */
static void
copy_prefix(const struct session *s, const char *tmp, const char *name,
    char *prefix, size_t size)
{
	struct stat sb;

	if (fstat(s->dfd, &sb) != 0)
		esc_err(EXIT_IO, "%s", s->dir);
	snprintf(prefix, size, "%s/delve-%s.%ju-%ju.", tmp, name,
	    (uintmax_t)sb.st_dev, (uintmax_t)sb.st_ino);
}

/*
 * The copies an edit of this file of this session left in TMP when it
 * ended early (killed, or refused: the session is locked while one
 * runs, so none is at work): the one of the current generation offered
 * again, its path in COPY (1); one of another generation, which the
 * session has moved on from, removed and said.  Only plain files of
 * ours with one link are looked at.
 */
static int
left_copy(const struct session *s, const char *prefix, char *copy, size_t size)
{
	const char *base = strrchr(prefix, '/') + 1;
	char dir[1024], path[1400], *end;
	struct dirent *e;
	struct stat sb;
	unsigned long g;
	int found = 0;
	DIR *d;

	snprintf(dir, sizeof dir, "%.*s", (int)(base - prefix - 1), prefix);
	if ((d = opendir(*dir ? dir : "/")) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, base, strlen(base)) != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		end = e->d_name + strlen(base);
		if (strncmp(end, "g.", 2) != 0 || end[2] < '0' || end[2] > '9' ||
		    lstat(path, &sb) != 0 || !S_ISREG(sb.st_mode) ||
		    sb.st_uid != geteuid() || sb.st_nlink != 1)
			continue;
		g = strtoul(end + 2, &end, 10);
		if (*end != '.' || strlen(end + 1) != 6)
			continue;
		if (g == s->gen && !found) {
			snprintf(copy, size, "%s", path);
			found = 1;
		} else if (unlink(path) == 0)
			esc_warnx("edit: %s: removed, left by an edit of g.%lu (the "
			    "session is at g.%lu)", path, g, s->gen);
	}
	closedir(d);
	return found;
}

int
edit(struct session *s, const struct opts *o, int argc, char **argv)
{
	const char *name = argc > 1 ? argv[1] : "party";
	char *gen = ses_genname(s->gen), *cur, copy[1400], msg[2048];
	const char *tmp = getenv("TMPDIR");
	int fd, rc, changed;
	char prefix[1024];

	if (argc > 2 || word_in(name, edit_files) < 0)
		esc_errx(EXIT_BAD, "edit: '%s': expected party, hazard, light, timedice "
		    "or reaction", argc > 2 ? argv[2] : name);
	if (strcmp(name, "party") == 0 && !s->party)
		esc_errx(EXIT_BAD, "edit: the session keeps no party file (delve new -p "
		    "FILE)");
	ses_refuse_drift(s);
	s->editing = name;	/* changed by hand, it is what the GM edits */
	ses_refuse_changed(s, name);
	changed = ses_changed(s, name);
	cur = ses_path(s, gen, name);
	copy_prefix(s, tmp && *tmp ? tmp : "/tmp", name, prefix, sizeof prefix);
	if (left_copy(s, prefix, copy, sizeof copy))
		esc_warnx("edit: %s: going on from the copy an edit that ended left",
		    copy);
	else {
		snprintf(copy, sizeof copy, "%s%s.XXXXXX", prefix, gen);
		if ((fd = mkstemp(copy)) < 0)
			esc_err(EXIT_IO, "%s", copy);
		copy_bytes(cur, fd, copy);
	}
	if ((rc = run_editor(copy)) != 0)
		esc_errx(EXIT_BAD, "edit: the editor exited with status %d; your copy is "
		    "kept: %s", rc, copy);
	if (!changed && same_file(cur, copy)) {
		unlink(copy);
		printf("%s: no change\n", name);
	} else if (owner_check(s, name, copy, msg, sizeof msg) != 0)
		esc_errx(EXIT_BAD, "edit: %s; your copy is kept: %s", msg, copy);
	else {
		edit_commit(s, o, name, copy);
		unlink(copy);
	}
	free(cur);
	free(gen);
	return EXIT_OK;
}

/* The session's -T table of KEY: its index, or -1. */
static int
session_table(const struct session *s, const char *key)
{
	int i;

	for (i = 0; i < s->ntables; i++)
		if (strcmp(s->table_key[i], key) == 0)
			return i;
	return -1;
}

/*
 * Forget the rows of ON's table drawn in the state file PATH of PROG
 * (hazard's or reaction's "drawn KEY ROWS"): 1 if some were.
 */
static int
forget_draws(const char *path, const char *prog, struct tbl_on *on)
{
	struct kwf *f = kwf_update(path, prog);
	struct stream st;
	struct hazstate h;
	struct drawn *d = &h.drawn;
	int dark = 0, hasty = 0, was;

	hazstate_init(&h);
	memset(&st, 0, sizeof st);
	if (strcmp(prog, "hazard") == 0)
		hazstate_load(&h, f);
	else
		reactstate_load(&st, &dark, &hasty, d, f);
	drawn_from(d, on, 1, path);
	was = on->draws->n > 0;
	tbl_on_set_drawn(on, "none");
	drawn_to(d, on, 1);	/* the line gone, or "none" (drawn: true rows) */
	if (strcmp(prog, "hazard") == 0)
		hazstate_put(&h, f);
	else
		reactstate_put(&st, dark, hasty, d, f);
	kwf_commit(f);
	kwf_close(f);
	return was;
}

/*
 * delve reset KEY: the session's -T table KEY, drawn without replacement,
 * has every row back: the state of the program that rolls it (hazard, or
 * reaction for distance and activity) forgets the rows drawn ("drawn KEY
 * ..."); logged at the session's turn, taken back by undo.
 */
int
reset_draws(struct session *s, const struct opts *o, int argc, char **argv)
{
	const char *prog;
	char *work, *arg, *file, text[512];
	struct tbl_on on;
	int i, drawn;

	if (argc != 2)
		esc_errx(EXIT_BAD, "reset: expected the KEY of a table of the "
		    "session (delve new -T KEY=FILE)");
	if ((i = session_table(s, argv[1])) < 0)
		esc_errx(EXIT_BAD, "reset: '%s': not a table of the session", argv[1]);
	ses_refuse_drift(s);
	ses_begin(s, 1);
	arg = table_arg(s, i, 1);
	file = tbl_on_split(arg);
	tbl_on_load(&on, arg, file);
	if (on.draws == NULL)
		esc_errx(EXIT_BAD, "reset: %s: its table is drawn with replacement: "
		    "no row to put back", argv[1]);
	prog = table_of_reaction(argv[1]) ? "reaction" : "hazard";
	work = newfile(s, prog);
	drawn = forget_draws(work, prog, &on);
	snprintf(text, sizeof text, "The %s table has every row back%s (delve "
	    "reset).", argv[1], drawn ? "" : "; none was drawn");
	commit_said(s, o, argv[1], "reset", text, 0);
	tbl_on_free(&on);
	free(arg);
	free(work);
	return EXIT_OK;
}
