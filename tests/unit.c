/*
 * unit: drives the common module for tests/common.bats.
 *	unit splitmix SEED N		N outputs of splitmix64 from SEED
 *	unit xoshiro S0 S1 S2 S3 N	N outputs of xoshiro256** from that state
 *	unit fnv WORD			FNV-1a 64 of WORD, in hex
 *	unit seed WORD			the seed a word stands for
 *	unit state SEED NAME		the state a program NAME starts from, in hex
 *	unit dice EXPR			the canonical form and the range, or the error
 *	unit roll EXPR SEED COUNT	COUNT totals of EXPR, one a line
 *	unit table FILE			the loaded table: the die, then "LO HI KEY TEXT"
 *	unit layouts			the record layout table, a kind a line
 *	unit record tsv|json WORD TEXT	a record "unit 1 WORD TEXT", in TSV or JSON
 *	unit numbers N ...		out_i64 and out_u64 of each N, a line each
 *	unit sentence WORD N		rec_text's own conversions and the ones it
 *					leaves to vsnprintf, with WORD and N
 *	unit text SEED N		utf8_ok against a byte-at-a-time reference
 *					over N strings: "texts not-texts mismatches"
 *	unit placement			a key the programs add to a party line
 *					(fatigue= with exhausted= or tired=),
 *					over lines of every order of up to four
 *					words: added one run after another in
 *					either order, or in one run, the same
 *					line: "cases wrong"
 *	unit hp MAX			party_damage and party_heal over every hp,
 *					hpmax and amount to MAX: "cases wrong"
 *	unit fatigue MAX		000's Fatigue, 001's fatigue damage and
 *					002's tiring over every value to MAX:
 *					"cases wrong"
 *	unit consave SEED N		000's CON save for CON -5 to 5, N each:
 *					"cases passes wrong"
 *	unit rests MAX SEED		004's night healing and exhaustion, 002's
 *					dungeon rest, over every value to MAX:
 *					"cases wrong"
 *	unit alarm MAX SEED		003's step over every alarm to MAX, every
 *					move, spark and d10, and hide's group
 *					check for parties of 1 to 8: "cases wrong"
 *	unit until			clock_hours_until from every turn of two
 *					days to every time of day: "cases wrong"
 *	unit signs TEXT ...		each TEXT a sign's creature rolled in
 *					turn (hazstate_sign): the creature kept
 *					and the words after it, a line each
 *	unit states SEED N		N random states of each state file
 *					(hazard, light, timedice, reaction)
 *					written and read back: the same state,
 *					the same text again: "cases wrong"
 *	unit statebad			a bad line of each keyword of those files
 *					refused with FILE:LINE, a good one
 *					taken: "cases wrong"
 *	unit opts ARG ...		the ARGs read as a program taking every
 *					shared option and its own -x N: each
 *					option as told, the fields, the operands
 *	unit chi EXPR SEED N		N totals of EXPR as roll -s SEED -n N rolls
 *					them, against the exact odds: "statistic df"
 *	unit bounds SEED N		N random expressions of the whole grammar,
 *					each rolled 100 times: every total within
 *					the bounds the parser gave it (bare_lines
 *					and the fast paths index by them):
 *					"parsed refused outside"
 *	unit memo FILE			every TAB record of FILE, and lines made
 *					from each (another turn, a byte changed,
 *					cut, gone or added, another program),
 *					read by a filter's reader after a line
 *					of the same tail (its memo warm) and
 *					after a foreign line: the same verdict,
 *					record and error alike: "cases differ"
 *	unit coins MAX			coins_pay for every purse and price of at
 *					most MAX pieces a denomination: paid
 *					exactly, never a piece below 0, refused
 *					only when the purse is worth less:
 *					"cases wrong"
 *	unit carry FROM TO W ...	carry_light of a light state file's
 *					source words under FROM then TO rules
 *	unit sheetdiff A B		sheet_diff of two party file lines
 *	unit purse TEXT SUP LOOT ACT ...	purse_plan of the act ACT ... on the
 *					party file TEXT, SUP hours of supplies
 *					("-": none kept), LOOT the last loot
 *					(journal_loot's): the new text, "--",
 *					the records, and the supplies when
 *					changed
 *	unit setword TEXT NAME WORD	text_set_word, then NAME's line moved
 *					to the end by text_without_line and
 *					text_with_line
 *	unit loot LOG			journal_loot of the log LOG
 *	unit roster RULES BACK WORDS	roster_said of a sheet's WORDS under
 *					RULES, out of the party or (BACK 1)
 *					back in it
 *	unit supplies LEFT SINCE [LINE]	sup_text's file of LEFT hours at the
 *					clock SINCE, LINE added, read back by
 *					sup_line: the text, then what was read
 *	unit json SEED N		N random JSON documents written, read back
 *					by json_parse: the same tree; every
 *					proper prefix of each refused at or
 *					before its end: "cases wrong"
 *	unit tblcells			tb_ranges, tb_weight and tb_html_text
 *					over a table of cells and what each
 *					means: "cases wrong"
 *	unit brute EXPR			the odds of one dice term by enumerating
 *					every sequence of draws the roller can make
 *					(an oracle for roll -o): "EXPR TOTAL FRACTION"
 */
#include <err.h>
#include <inttypes.h>
#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "afflict.h"
#include "alarm.h"
#include "bigint.h"
#include "campaign.h"
#include "purse.h"
#include "characters.h"
#include "check.h"
#include "clock.h"
#include "clockstate.h"
#include "dice.h"
#include "expr.h"
#include "hazstate.h"
#include "journal.h"
#include "json.h"
#include "kwf.h"
#include "lamp.h"
#include "lampstate.h"
#include "odds.h"
#include "party.h"
#include "reactstate.h"
#include "opt.h"
#include "record.h"
#include "rng.h"
#include "rules.h"
#include "screen.h"
#include "table.h"
#include "tbljson.h"
#include "timer.h"
#include "util.h"

static uint64_t
u64(const char *s)
{
	return strtoull(s, NULL, 10);
}

static void
print_dice(const char *expr)
{
	struct dice d;
	struct expr e;
	const char *why;
	char buf[64];

	if ((why = dice_read(&d, expr, &e)) != NULL)
		esc_errx(EXIT_BAD, "%s: %s", expr, why);
	dice_format(&d, buf, sizeof buf);
	printf("%s %ld %ld\n", buf, dice_min(&d), dice_max(&d));
}

static void
print_rolls(const char *expr, const char *seed, const char *count)
{
	struct dice d;
	struct expr e;
	struct rng r;
	struct rec_writer *w;
	long long i, n = estrtonum(count, 0, 100000000, "COUNT");

	if (dice_read(&d, expr, &e) != NULL)
		esc_errx(EXIT_BAD, "%s: bad dice", expr);
	rng_seed(&r, rng_seedword(seed), "unit");
	w = rec_writer_open("unit", 0);
	for (i = 0; i < n; i++) {
		out_i64(rec_out(w), dice_roll(&d, &r, NULL));
		out_bytes(rec_out(w), "\n", 1);
	}
	rec_writer_close(w);
}

/* expr_scan: the length of the expression at the start of s, or why none. */
static void
print_scan(const char *s)
{
	struct expr e;
	const char *why;
	int len;

	if ((why = expr_scan(&e, s, &len)) != NULL)
		esc_errx(EXIT_BAD, "%s: %s", s, why);
	printf("%d %s\n", len, expr_dice(&e) ? "dice" : "constant");
}

static void
print_table(const char *path)
{
	struct tbl t;
	char buf[64];
	int i;

	tbl_load(&t, path);
	dice_format(&t.die, buf, sizeof buf);
	printf("die %s\n", buf);
	for (i = 0; i < t.nrows; i++)
		printf("%ld %ld %s %s\n", t.rows[i].lo, t.rows[i].hi,
		    t.rows[i].key, t.rows[i].text);
	tbl_free(&t);
}

static void
print_record(const char *form, const char *word, const char *text)
{
	static const struct rec_layout l = { -1, 4, "nst",
	    { "turn", "word", "text", NULL }, NULL };
	struct rec_writer *w = rec_writer_open("unit", 0);

	rec_json(w, strcmp(form, "json") == 0);
	rec_begin(w, &l, 1);
	rec_str(w, word);
	rec_text(w, "%s", text);
	rec_end(w);
	rec_writer_close(w);
}

/*
 * Each TURN's record through rec_prepared, then through rec_begin: the
 * head counted up in place, carried past 9s, kept, or set after a jump.
 */
static void
print_heads(int n, char **turns)
{
	static const struct rec_layout l = { -1, 3, "ns",
	    { "turn", "word", NULL }, NULL };
	const char *const words[] = { "prepared", NULL };
	struct rec_writer *w = rec_writer_open("unit", 0);
	size_t len;
	char *tail = rec_tail_make(words, &len);
	uint64_t turn;
	int i;

	for (i = 0; i < n; i++) {
		turn = strtoull(turns[i], NULL, 10);
		rec_prepared(w, &l, turn, tail, len);
		rec_begin(w, &l, turn);
		rec_str(w, "begun");
		rec_end(w);
	}
	free(tail);
	rec_writer_close(w);
}

/* memo: the message of the bad record the reader met, and where to go on. */
static jmp_buf memo_jump;
static char memo_said[600];

static void
memo_bad(const char *said)
{
	snprintf(memo_said, sizeof memo_said, "%s", said);
	longjmp(memo_jump, 1);
}

/*
 * memo: STREAM through a filter's reader, the writer W's output JSON in
 * the file on standard output; what it says after its first LEAD lines
 * (the record as JSON, or the error) in OUT.
 */
static void
memo_verdict(struct rec_writer *w, const char *stream, size_t n, int lead,
    char *out, size_t size)
{
	struct rec_reader *rd;
	int in[2], i;
	ssize_t k;

	if (pipe(in) != 0 || write(in[1], stream, n) != (ssize_t)n ||
	    ftruncate(STDOUT_FILENO, 0) != 0 ||
	    lseek(STDOUT_FILENO, 0, SEEK_SET) != 0)
		err(EXIT_IO, "memo");
	close(in[1]);
	memo_said[0] = '\0';
	rd = rec_open(in[0], w);
	rec_on_bad(rd, memo_bad);
	if (setjmp(memo_jump) == 0) {	/* memo_bad comes back here */
		for (i = 0; i < lead && rec_next(rd) != NULL; i++)
			rec_pass(rd);
		out_flush(rec_out(w));
		if (i == lead && write(STDOUT_FILENO, "\001", 1) != 1)
			err(EXIT_IO, "memo");
		while (i == lead && rec_next(rd) != NULL)
			rec_pass(rd);
	}
	out_flush(rec_out(w));
	rec_close(rd);
	close(in[0]);
	if ((k = pread(STDOUT_FILENO, out, size - 1, 0)) < 0)
		err(EXIT_IO, "memo");
	out[k] = '\0';
	k = (ssize_t)strcspn(out, "\001") + (out[strcspn(out, "\001")] != '\0');
	memmove(out, out + k, strlen(out + k) + 1);
	snprintf(out + strlen(out), size - strlen(out), "%s", memo_said);
}

/*
 * memo: LINE read after WARM (a line of its tail) twice, the reader's
 * memo keeping a tail the second time it is seen, and after a foreign
 * line twice, with a newline after it or not: 1 when the two verdicts
 * differ.
 */
static int
memo_differs(struct rec_writer *w, const char *warm, const char *line, size_t n, int newline)
{
	static const char foreign[] = "# a foreign line\n# a foreign line\n";
	char a[12288], b[8192], said[2][4096];
	size_t wn = strlen(warm);

	if (2 * (wn + 1) + n + 1 > sizeof a || sizeof foreign + n + 1 > sizeof b)
		errx(EXIT_BAD, "memo: a line too long");
	memcpy(a, warm, wn);
	a[wn] = '\n';
	memcpy(a + wn + 1, a, wn + 1);
	memcpy(a + 2 * (wn + 1), line, n);
	a[2 * (wn + 1) + n] = '\n';
	memcpy(b, foreign, sizeof foreign - 1);
	memcpy(b + sizeof foreign - 1, line, n);
	b[sizeof foreign - 1 + n] = '\n';
	memo_verdict(w, a, 2 * (wn + 1) + n + newline, 2, said[0],
	    sizeof said[0]);
	memo_verdict(w, b, sizeof foreign - 1 + n + newline, 2, said[1],
	    sizeof said[1]);
	if (strcmp(said[0], said[1]) == 0)
		return 0;
	fprintf(stderr, "memo: after '%s': '%.*s': %s; cold: %s\n", warm,
	    (int)n, line, said[0], said[1]);
	return 1;
}

/* The record LINE with its turn (field 2) TURN, in BUF. */
static size_t
memo_with_turn(const char *line, const char *turn, char *buf, size_t size)
{
	const char *t1 = strchr(line, '\t'), *t2 = strchr(t1 + 1, '\t');

	return (size_t)snprintf(buf, size, "%.*s%s%s", (int)(t1 + 1 - line),
	    line, turn, t2);
}

/*
 * The lines made from LINE (N bytes, its tail at TAIL) and read after
 * WARM: another turn, a byte changed to a TAB, an 'x' or a control
 * character in turn (each byte to the 24th of its tail, where the short
 * fields are, then every fourth), every sixth gone, cut every tenth, more
 * after it, another program's name.  *CASES counts them; the number that
 * differ.
 */
static unsigned long
memo_cases(struct rec_writer *w, const char *warm, const char *line,
    size_t n, size_t tail, unsigned long *cases)
{
	static const char *const turns[] = { "", "0", "7", "007",
	    "12345678", "123456789012", "1000000000000", "9999999999999999999",
	    "99999999999999999999", "1q", "q1", "-1", "+1", " 1", "1 ", "1.5",
	    "\xc3\xa9", "1\t", NULL };
	static const char swap[] = "\tx\001";
	static const char *const more[] = { "x", "\tx", " ", "\r", "\t", NULL };
	char m[1100];
	unsigned long differ = 0;
	size_t i, mn;

	for (i = 0; turns[i] != NULL; i++, *cases += 2) {
		mn = memo_with_turn(line, turns[i], m, sizeof m);
		differ += memo_differs(w, warm, m, mn, 1);
		differ += memo_differs(w, warm, m, mn, 0);
	}
	for (i = 0; i < n; i++) {
		if (i < tail + 24 || i % 4 == 0) {
			memcpy(m, line, n);
			m[i] = swap[i % 3];
			differ += memo_differs(w, warm, m, n, 1);
			++*cases;
		}
		if (i % 6 == 0) {
			memcpy(m, line, i);
			memcpy(m + i, line + i + 1, n - i - 1);
			differ += memo_differs(w, warm, m, n - 1, 1);
			++*cases;
		}
		if (i % 10 == 0) {
			differ += memo_differs(w, warm, line, i, 1);
			++*cases;
		}
	}
	for (i = 0; more[i] != NULL; i++, ++*cases) {
		mn = (size_t)snprintf(m, sizeof m, "%s%s", line, more[i]);
		differ += memo_differs(w, warm, m, mn, 1);
	}
	for (i = 0; i < REC_PROGS; i++, ++*cases) {
		mn = (size_t)snprintf(m, sizeof m, "%s%s", rec_progs[i],
		    line + strcspn(line, "\t"));
		differ += memo_differs(w, warm, m, mn, 1);
	}
	return differ;
}

/* Every suite TAB record of FILE and the lines memo_cases makes from it. */
static void
check_memo(const char *file)
{
	char line[1024], warm[1100];
	unsigned long cases = 0, differ = 0;
	const char *turn;
	struct rec_writer *w;
	FILE *fp, *out = fdopen(dup(STDOUT_FILENO), "w"), *tmp = tmpfile();

	if ((fp = fopen(file, "r")) == NULL || out == NULL || tmp == NULL ||
	    dup2(fileno(tmp), STDOUT_FILENO) < 0)
		err(EXIT_IO, "%s", file);
	w = rec_writer_open("unit", 0);
	rec_json(w, 1);
	while (fgets(line, sizeof line, fp) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (rec_prog_of(line, strcspn(line, "\t")) < 0 ||
		    (turn = strchr(line, '\t')) == NULL ||
		    strchr(turn + 1, '\t') == NULL)
			continue;
		memo_with_turn(line, "4242", warm, sizeof warm);
		differ += memo_cases(w, warm, line, strlen(line),
		    (size_t)(strchr(turn + 1, '\t') + 1 - line), &cases);
	}
	fclose(fp);
	fprintf(out, "%lu %lu\n", cases, differ);
	if (fclose(out) != 0)
		err(EXIT_IO, "stdout");
	exit(EXIT_OK);
}

/*
 * unit turnless: no layout's fits looks at the turn (field 1): a record's
 * kind is its tail's, whatever its turn.  Each fits is called with a NULL
 * turn (a look is a crash) over every mix of words in the other fields.
 */
static void
check_turnless(void)
{
	static const char *const words[] = {
		"-", "0", "7", "daily", "duration", "rest", "torch", "a b"
	};
	const int nw = (int)(sizeof words / sizeof words[0]);
	const char *f[REC_FIELDS_MAX];
	const struct rec_layout *l;
	long cases = 0, mix, n, m;
	int k, i;

	for (k = 0; k < REC_KINDS; k++) {
		if ((l = &rec_layouts[k])->fits == NULL)
			continue;
		for (n = 1, i = 2; i < l->nf; i++)
			n *= nw;
		for (mix = 0; mix < n; mix++, cases++) {
			f[0] = rec_progs[l->prog];
			f[1] = NULL;
			for (m = mix, i = 2; i < l->nf; i++, m /= nw)
				f[i] = words[m % nw];
			(void)l->fits(f);
		}
	}
	printf("%ld\n", cases);
}

/*
 * unit tables: each built-in table's rows in order and every total of its
 * die in one (tbl_clamp and tbl_lookup take the first and the last as its
 * ends); a total beyond them counts as that row; tbl_draw draws each row
 * once, as roll -e and tbl_on_roll do.  Prints "TABLES WRONG".
 */
static void
check_tables(void)
{
	const struct named_table *n;
	const struct tbl *t;
	struct tbl_draws *d;
	struct rng r;
	uint32_t faces[DICE_COUNT_MAX];
	long total, tries;
	int i, k = 0, wrong = 0;

	rng_seed(&r, 1, "unit");
	for (n = rules_tables; (t = n->t) != NULL; n++, k++) {
		for (i = 1; i < t->nrows; i++)
			wrong += t->rows[i].lo != t->rows[i - 1].hi + 1;
		wrong += t->rows[0].lo != dice_min(&t->die) ||
		    t->rows[t->nrows - 1].hi != dice_max(&t->die);
		wrong += tbl_lookup(t, tbl_clamp(t, -1000000)) != &t->rows[0] ||
		    tbl_lookup(t, tbl_clamp(t, 1000000)) != &t->rows[t->nrows - 1];
		d = tbl_draws_new(t);
		for (i = 0; i < t->nrows; i++)
			for (tries = 0; !tbl_draw(d, t, tbl_roll(t, &r, &total, faces),
			    tries, t->name); tries++)
				;
		for (i = 0; i < t->nrows; i++)
			wrong += d->row[i] != 1;
		wrong += d->n != t->nrows;
		free(d);
	}
	printf("%d %d\n", k, wrong);
}

/* The layout table: each kind's program (roll's bare lines: roll), types, names. */
static void
print_layouts(void)
{
	const struct rec_layout *l;
	int k, i;

	for (k = 0; k < REC_KINDS; k++) {
		l = &rec_layouts[k];
		printf("%s %d %s", l->prog < 0 ? "roll" : rec_progs[l->prog],
		    l->nf, l->types);
		for (i = 0; l->names[i] != NULL; i++)
			printf(" %s", l->names[i]);
		printf("\n");
	}
}

/* The sentence of a record through rec_text: a line with no program or turn. */
static void
print_sentence(const char *word, const char *number)
{
	static const struct rec_layout l = { -1, 3, "ttt",
	    { "own", "vsnprintf", "char", NULL }, NULL };
	long long n = strtoll(number, NULL, 10);
	struct rec_writer *w = rec_writer_open("unit", 0);

	rec_line(w, &l);
	rec_text(w, "%s|%d|%ld|%+ld|%lld|%+lld|%llu|100%%|%s", word, (int)n,
	    (long)n, (long)n, n, n, (unsigned long long)n, "end");
	rec_text(w, "%5d|%-4s|%x|%ld", (int)n, word, (unsigned)n, (long)n);
	rec_text(w, "%c%c|%s", word[0], '\t', word);
	rec_end(w);
	rec_writer_close(w);
}

/* Each number through out_i64, a TAB, and as unsigned through out_u64. */
static void
print_numbers(int n, char **number)
{
	struct rec_writer *w = rec_writer_open("unit", 0);
	long long v;
	int i;

	for (i = 0; i < n; i++) {
		v = strtoll(number[i], NULL, 10);
		out_i64(rec_out(w), v);
		out_put(rec_out(w), "\t", 1);
		out_u64(rec_out(w), (uint64_t)v);
		out_put(rec_out(w), "\n", 1);
	}
	rec_writer_close(w);
}

/*
 * COUNT records of KEYS kinds, turn by turn, each kind's sentence of its
 * own length (up to 2,000 bytes, so that a first one often spans the
 * buffer's flush): written the long way each time (MEMO 0), or through a
 * rec_memo, said again from the first of each kind (MEMO 1).  The two
 * outputs are the same when the memo keeps only whole records.  Standard
 * error: how many were said again.
 */
static void
print_said(int memo, int count, int keys)
{
	struct rec_writer *w = rec_writer_open("reaction", 0);
	struct rec_memo m;
	char text[2048];
	int i, k, n, again = 0;

	rec_memo_open(&m, (size_t)keys);
	for (i = 0; i < count; i++) {
		k = (int)((unsigned)i * 2654435761u % (unsigned)keys);
		if (memo && rec_memo_say(w, &m, (size_t)k,
		    REC_LAYOUT(REACTION_ROLL), (uint64_t)i + 1)) {
			again++;
			continue;
		}
		n = 1 + k * 37 % 2000;
		memset(text, 'a' + k % 26, (size_t)n);
		text[n] = '\0';
		rec_begin(w, REC_LAYOUT(REACTION_ROLL), (uint64_t)i + 1);
		rec_i64(w, k);
		rec_i64(w, n);
		rec_str(w, "said");
		rec_text(w, "%d: %s.", k, text);
		rec_end(w);
		if (memo)
			rec_memo_keep(w, &m, (size_t)k);
	}
	rec_memo_close(&m);
	rec_writer_close(w);
	fprintf(stderr, "%d said again\n", again);
}

/* utf8_ok as RFC 3629 and delving(7) say it, a byte at a time: the reference. */
static int
text_reference(const unsigned char *p, size_t n)
{
	const unsigned char *end = p + n;
	unsigned c, min;
	int more;

	while (p < end) {
		c = *p++;
		if (c < 0x80) {
			if ((c < ' ' && c != '\t') || c == 0x7f)
				return 0;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			more = 1, min = 0x80, c &= 0x1f;
		else if (c >= 0xe0 && c <= 0xef)
			more = 2, min = 0x800, c &= 0x0f;
		else if (c >= 0xf0 && c <= 0xf4)
			more = 3, min = 0x10000, c &= 0x07;
		else
			return 0;
		for (; more > 0; more--, p++) {
			if (p >= end || (*p & 0xc0) != 0x80)
				return 0;
			c = c << 6 | (*p & 0x3f);
		}
		if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
			return 0;
	}
	return 1;
}

/*
 * N strings of 0 to 40 pieces: plain ASCII, TABs and good UTF-8, and one
 * piece in 64 a control, DEL or bad UTF-8, so each lands at every offset
 * of the eight-byte words utf8_ok reads.
 */
static void
check_text(const char *seed, const char *count)
{
	static const char *const good[] = {
		"a", "Z", " ", "~", "\t", "\t\t", "abcdefgh", "\xc2\xa0",
		"\xe2\x80\x94", "\xf0\x9f\x8e\xb2", "\xf4\x8f\xbf\xbf",
	};
	static const char *const bad[] = {
		"\x01", "\x1f", "\x7f", "\x80", "\xc1\xbf", "\xe0\x80\xaf",
		"\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe2\x80", "\xff", "\xc2",
		"\n", "\r",
	};
	const size_t ngood = sizeof good / sizeof good[0];
	const size_t nbad = sizeof bad / sizeof bad[0];
	struct rng r;
	char buf[256], *end;
	long n = atol(count), i, texts = 0, nots = 0, wrong = 0;
	uint32_t k, pieces;
	int ok;

	rng_seed(&r, rng_seedword(seed), "unit");
	for (i = 0; i < n; i++) {
		end = buf;
		pieces = rng_die(&r, 41) - 1;
		for (k = 0; k < pieces; k++)
			end = stpcpy(end, rng_die(&r, 64) == 1 ?
			    bad[rng_die(&r, (uint32_t)nbad) - 1] :
			    good[rng_die(&r, (uint32_t)ngood) - 1]);
		ok = utf8_ok(buf, (size_t)(end - buf));
		if (ok != text_reference((unsigned char *)buf, (size_t)(end - buf)))
			wrong++;
		else if (ok)
			texts++;
		else
			nots++;
	}
	printf("%ld %ld %ld\n", texts, nots, wrong);
}

/*
 * str_cat against snprintf's "%s%s%s%s%s": random parts (some empty, some
 * long) into buffers of 1 to 48 bytes: the cases, and those that differ.
 */
static void
check_strcat(const char *seed, const char *count)
{
	static const char *const words[] = { "", "a", "; ", "no light",
	    ", at ", "disadvantage", "000: \"Setback on all rolls\"",
	    "\xe2\x80\x94", "abcdefghijklmnopqrstuvwxyz0123456789" };
	const uint32_t nwords = sizeof words / sizeof words[0];
	const char *part[5];
	char mine[64], theirs[64];
	struct rng r;
	long n = atol(count), i, wrong = 0;
	size_t size, len;
	int k, want;

	rng_seed(&r, rng_seedword(seed), "unit");
	for (i = 0; i < n; i++) {
		for (k = 0; k < 5; k++)
			part[k] = words[rng_die(&r, nwords) - 1];
		size = rng_die(&r, 48);
		memset(mine, 'x', sizeof mine);
		memset(theirs, 'x', sizeof theirs);
		len = str_cat(mine, size, part, 5);
		want = snprintf(theirs, size, "%s%s%s%s%s", part[0], part[1],
		    part[2], part[3], part[4]);
		if (len != (size_t)want || memcmp(mine, theirs, sizeof mine) != 0)
			wrong++;
	}
	printf("%ld %ld\n", n, wrong);
}

/*
 * The GM's damage and healing (delve damage, delve heal): damage never
 * below 0 HP, healing never above hpmax= (nor taking away what a character
 * above it has), each returning the points it moved.
 */
static void
check_hp(const char *max)
{
	long n = atol(max), hp, top, amount, cases = 0, wrong = 0, got;
	struct member m;

	for (hp = 0; hp <= n; hp++)
		for (top = 0; top <= n; top++)
			for (amount = 0; amount <= n; amount++, cases++) {
				memset(&m, 0, sizeof m);
				m.val[PK_HP] = hp;
				m.val[PK_HPMAX] = top;
				m.has = 1u << PK_HP | 1u << PK_HPMAX;
				got = party_damage(&m, amount);
				wrong += m.val[PK_HP] != (amount < hp ? hp - amount : 0) ||
				    got != hp - m.val[PK_HP];
				m.val[PK_HP] = hp;
				got = party_heal(&m, amount);
				wrong += m.val[PK_HP] != (hp >= top ? hp : hp + amount < top ?
				    hp + amount : top) || got != m.val[PK_HP] - hp;
			}
	printf("%ld %ld\n", cases, wrong);
}

/* LINE as party_line writes it when the keys ADD are given (value 1). */
static char *
line_adding(const char *line, unsigned add)
{
	struct member was, now;
	char *text;
	size_t len;
	FILE *out = open_memstream(&text, &len);
	int k;

	memset(&was, 0, sizeof was);
	memset(&now, 0, sizeof now);
	now.has = add;
	for (k = 0; k < PK_NKEYS; k++)
		now.val[k] = 1;
	if (out == NULL)
		esc_err(EXIT_IO, "open_memstream");
	party_line(out, line, &was, &now);
	if (fclose(out) != 0)
		esc_err(EXIT_IO, "open_memstream");
	return text;
}

/*
 * Where party_line puts the keys two programs add (hazard's fatigue=,
 * timedice's exhausted=, hazard's tired=): the same line whichever run
 * adds which first, and when one run adds both (delve -n N, delving(7)).
 */
/* The line "Ann" and the words of POOL that the digits of V in base N pick. */
static int
pool_line(char *line, size_t size, const char *const *pool, int npool,
    long v, int n)
{
	unsigned taken = 0;
	int j, k;

	snprintf(line, size, "Ann");
	for (j = 0; j < n; j++, v /= npool) {
		k = (int)(v % npool);
		if (taken & 1u << k)
			return 0;	/* a word twice */
		taken |= 1u << k;
		strcat(line, " ");
		strcat(line, pool[k]);
	}
	return 1;
}

static void
check_placement(void)
{
	static const char *const pool[] = { "con=1", "hp=3", "hpmax=5",
	    "exhausted=0", "tired=1", "note=x", "level=1", "fatigue=2" };
	static const int other[] = { PK_EXHAUSTED, PK_TIRED };
	enum { NPOOL = sizeof pool / sizeof pool[0] };
	char line[256], *ab1, *ab, *ba1, *ba, *both;
	long cases = 0, wrong = 0, v, lines;
	int n, comment, p;
	unsigned a = 1u << PK_FATIGUE, b;

	for (n = 0, lines = 1; n <= 4; n++, lines *= NPOOL)
		for (v = 0; v < lines; v++)
			for (comment = 0; comment < 2; comment++)
				for (p = 0; p < 2; p++) {
					b = 1u << other[p];
					if (!pool_line(line, sizeof line, pool, NPOOL, v, n) ||
					    strstr(line, "fatigue=") != NULL ||
					    strstr(line, party_keys[other[p]]) != NULL)
						continue;
					strcat(line, comment ? " # c\n" : "\n");
					ab1 = line_adding(line, a);
					ab = line_adding(ab1, b);
					ba1 = line_adding(line, b);
					ba = line_adding(ba1, a);
					both = line_adding(line, a | b);
					cases++;
					if ((strcmp(ab, ba) != 0 || strcmp(ab, both) != 0) &&
					    wrong++ < 5)
						fprintf(stderr, "%s-> %s   %s   %s", line, ab,
						    ba, both);
					free(ab1), free(ab), free(ba1), free(ba), free(both);
				}
	printf("%ld %ld\n", cases, wrong);
}

static void
told(void *ctx, int letter, char *value)
{
	(void)ctx;
	printf("told -%c%s%s\n", letter, value != NULL ? " " : "",
	    value != NULL ? value : "");
}

static const char *
or_none(const char *s)
{
	return s != NULL ? s : "-";
}

/* unit opts: what opt_parse makes of the arguments after "opts". */
static void
print_opts(int argc, char **argv)
{
	static const struct opt opts[] = {
		OPT_SHARED('a'), OPT_SHARED('d'), OPT_SHARED('f'),
		OPT_SHARED('j'), OPT_SHARED('n'), OPT_SHARED('p'),
		OPT_SHARED('r'), OPT_SHARED('s'), OPT_SHARED('t'),
		OPT_SHARED('u'), OPT_SHARED('v'),
		{ 'x', "N", "an option of the program's own" },
		{ 0, NULL, NULL }
	};
	static const struct opt_spec spec = {
		"unit", "unit opts [ARG ...]", opts, 0
	};
	struct opt_common c;
	char **ops;
	int i;

	ops = opt_parse(&spec, &c, &argc, argv, told, NULL);
	printf("a %d d %d adv %d j %d u %d v %d n %lld %d\n", c.a, c.d, c.adv,
	    c.json, c.unbuffered, c.verbose, c.count, c.count_set);
	printf("f %s p %s r %s s %s t %s\n", or_none(c.file), or_none(c.party),
	    or_none(c.rules), or_none(c.seed), or_none(c.table));
	for (i = 0; i < argc; i++)
		printf("operand %s\n", ops[i]);
}

/*
 * unit check RULES DARK MOVES ADV SEED: check_roll for an unnamed roller
 * with no modifier and DC 10: "TOTAL-ROLL SAYS", the penalty as TOTAL-ROLL.
 */
static void
check_one(char **argv)
{
	struct member m = { "-", { 0 }, 0, 0 };
	struct check_of of = { -1, 10, 0, 0, 0 };
	struct check_env env = { 0, 0, 0, 0, 0 };
	struct rolled k;
	struct rng r;

	if ((env.rules = word_in(argv[0], rules_names)) < 0)
		esc_errx(EXIT_BAD, "%s: not a rules name", argv[0]);
	env.dark = atoi(argv[1]);
	of.moves = atoi(argv[2]) != 0;
	env.adv = atoi(argv[3]);
	rng_seed(&r, rng_seedword(argv[4]), "unit");
	check_roll(&k, &r, &m, 0, &of, &env);
	printf("%ld%s\n", k.c.total - k.c.roll, k.says);
}

/* A count of outcomes as a double, for a statistic. */
static double
big_double(const struct big *a)
{
	double x = 0;
	int i;

	for (i = a->n - 1; i >= 0; i--)
		x = x * 4294967296.0 + a->w[i];
	return x;
}

/* EXPR's next total, as roll_one in roll.c rolls it with no marks. */
static long long
roll_total(const struct expr *e, const struct dice *d, int simple, struct rng *r)
{
	return simple ? dice_roll(d, r, NULL) : expr_roll(e, r, NULL, 0);
}

/*
 * Pearson's chi-square of n totals of EXPR rolled from roll's stream of
 * SEED, against the exact odds; the totals expected fewer than 5 times
 * lumped into one class (as dice.bats did in awk over roll's output).
 */
static void
print_chi(const char *expr, const char *seed, const char *count)
{
	struct expr e;
	struct dice d;
	struct odds o;
	struct rng r;
	long long i, n = estrtonum(count, 1, 100000000, "N"), t;
	long *seen, k;
	double den, want, s = 0, lump_e = 0, lump_o = 0;
	int simple, df = -1;

	if (expr_parse(&e, expr) != NULL || odds_count(&o, &e) != NULL)
		esc_errx(EXIT_BAD, "%s: no odds", expr);
	simple = dice_of(&d, &e) == NULL;
	rng_seed(&r, rng_seedword(seed), "roll");
	if ((seen = calloc(o.n, sizeof *seen)) == NULL)
		esc_err(EXIT_IO, "calloc");
	for (i = 0; i < n; i++) {
		t = roll_total(&e, &d, simple, &r) - o.lo;
		if (t < 0 || t % o.step != 0 || t / o.step >= o.n)
			esc_errx(EXIT_BAD, "%s: %lld is no total of its odds", expr, t + o.lo);
		seen[t / o.step]++;
	}
	den = big_double(&o.den);
	for (k = 0; k < o.n; k++) {
		if (big_zero(&o.count[k]))
			continue;
		want = n * (big_double(&o.count[k]) / den);
		if (want < 5) {
			lump_e += want, lump_o += seen[k];
			continue;
		}
		s += (seen[k] - want) * (seen[k] - want) / want, df++;
	}
	if (lump_e > 0)
		s += (lump_o - lump_e) * (lump_o - lump_e) / lump_e, df++;
	printf("%.3f %d\n", s, df);
	free(seen);
	odds_free(&o);
}

/*
 * unit fatigue MAX: 000's "gain 1 Fatigue" up to its bound, 001's fatigue
 * damage never below 0 HP, 002's fresh, tired, exhausted and its hour of
 * six rest turns, each against its seed's words written out here.
 */
static void
check_fatigue(const char *max)
{
	static const long start[] = { 0, 1, FATIGUE_MAX_000 - 1, FATIGUE_MAX_000 };
	static const char *const tiring[] = {	/* 002, by enum chars_tiring */
		"Ann stays exhausted and makes rolls at disadvantage.",
		("Ann was already tired: exhausted, and makes rolls at "
		    "disadvantage."),
		"Ann is tired (no effect yet)."
	};
	long n = atol(max), hp, d, cases = 0, wrong = 0;
	char says[160], want[160];
	struct member m;
	int i, tired, exhausted, turn, hour;

	for (hp = 0; hp <= n; hp++)
		for (d = 1; d <= n; d++, cases++) {
			memset(&m, 0, sizeof m);
			strcpy(m.name, "Ann");
			m.val[PK_HP] = hp;
			wrong += chars_fatigue_damage(&m, d, says, sizeof says) !=
			    (hp > d ? hp - d : 0);
			if (hp > d)
				snprintf(want, sizeof want, "Ann takes %ld damage "
				    "from fatigue: %ld HP left.", d, hp - d);
			else
				snprintf(want, sizeof want, "Ann takes %ld damage "
				    "from fatigue: at 0 HP.", d);
			wrong += strcmp(says, want) != 0;
		}
	for (i = 0; i < 4; i++, cases++) {
		memset(&m, 0, sizeof m);
		m.val[PK_FATIGUE] = start[i];
		wrong += chars_gain_fatigue(&m) != (start[i] < FATIGUE_MAX_000 ?
		    start[i] + 1 : FATIGUE_MAX_000) || !(m.has & 1u << PK_FATIGUE);
	}
	for (tired = 0; tired <= 1; tired++)
		for (exhausted = 0; exhausted <= 1; exhausted++) {
			memset(&m, 0, sizeof m);
			m.val[PK_TIRED] = tired;
			m.val[PK_EXHAUSTED] = exhausted;
			m.has = (tired ? 1u << PK_TIRED : 0) |
			    (exhausted ? 1u << PK_EXHAUSTED : 0);
			strcpy(m.name, "Ann");
			for (turn = 0; turn < 3; turn++, cases++) {
				/* fresh, then tired, then exhausted, which stays */
				enum chars_tiring want = exhausted || turn > 1 ||
				    (tired && turn > 0) ? CT_STAYS_EXHAUSTED :
				    tired || turn == 1 ? CT_EXHAUSTED : CT_TIRED;
				wrong += chars_tire(&m, says, sizeof says) != want ||
				    strcmp(says, tiring[want]) != 0 ||
				    (want == CT_TIRED && !m.val[PK_TIRED]) ||
				    m.val[PK_EXHAUSTED] != (want != CT_TIRED) ||
				    !(m.has & 1u << PK_EXHAUSTED);
			}
		}
	for (i = 0, turn = 0; turn < 20; turn++, cases++) {
		/* 002: the sixth rest turn in a row is the hour; turn 9 acts */
		hour = rest_hour_tick(&i, turn != 9);
		wrong += hour != (turn == 5 || turn == 15) ||
		    i != (turn < 9 ? (turn + 1) % 6 : (turn - 9) % 6);
	}
	printf("%ld %ld\n", cases, wrong);
}

/*
 * unit consave SEED N: 000's CON save, DC 12, for CON -5 to 5, N each: the
 * total is the d20 and the CON, it passes at 12 or more, and a failure
 * (and no pass) gains 1 Fatigue.
 */
static void
check_consave(const char *seed, const char *count)
{
	struct check_env env = { R_EXPLORATION, 0, 0, 0, 0 };
	long n = atol(count), cases = 0, passes = 0, wrong = 0, k, got;
	char says[512], want[512];
	struct member m;
	struct rolled r;
	struct rng g;
	int con;

	rng_seed(&g, rng_seedword(seed), "unit");
	for (con = -5; con <= 5; con++)
		for (k = 0; k < n; k++, cases++) {
			memset(&m, 0, sizeof m);
			m.val[PK_CON] = con;
			m.has = 1u << PK_CON;
			strcpy(m.name, "Ann");
			got = chars_con_save(&r, &g, &m, &env, 1, says, sizeof says);
			snprintf(want, sizeof want, "Ann %s the CON save: %ld%+d = "
			    "%ld against DC 12%s%s", r.c.pass ? "makes" : "fails",
			    r.c.roll, con, r.c.total, r.says, r.c.pass ? "." :
			    " and gains 1 Fatigue, 1 in all.");
			wrong += strcmp(says, want) != 0;
			passes += r.c.pass;
			wrong += r.c.total != r.c.roll + con || r.c.dc != 12 ||
			    r.c.pass != (r.c.total >= 12) || r.c.roll < 1 ||
			    r.c.roll > 20 || got != (r.c.pass ? -1 : 1) ||
			    m.val[PK_FATIGUE] != !r.c.pass;
		}
	printf("%ld %ld %ld\n", cases, passes, wrong);
}

/* 004: the night's healing as the seed says it, or -1 for none. */
static long
night_heal_004(long hp, long top, long level, unsigned has, long hours,
    int unsafe)
{
	long heal = unsafe ? 1 : level, to = hp + heal;

	if (hours < 8 || !(has & 1u << PK_HP) ||
	    (!unsafe && !(has & 1u << PK_LEVEL)))
		return -1;
	if ((has & 1u << PK_HPMAX) && to > top)
		to = top > hp ? top : hp;
	return to - hp;
}

/* What a travel turn said (clockstate_travel): each record's key and text. */
struct travel_said {
	int	 n;
	char	 line[12][512];
};

static void
travel_say(void *ctx, uint64_t k, uint64_t tick, const char *key,
    const char *name, const char *text)
{
	struct travel_said *ts = ctx;

	(void)k, (void)tick, (void)name;
	if (ts->n < 12)
		snprintf(ts->line[ts->n++], sizeof ts->line[0], "%s: %s", key, text);
}

/*
 * A rest, a halt and the nights of a day's and a week's travel said whole
 * (clockstate_rest, chars_halted, clockstate_travel): how many are wrong.
 */
static long
rest_words_wrong(void)
{
	static const char *const want[5] = {
		"A night of safe rest from 23:00 on day 1 until dawn: 8 hours "
		"pass and resilience is restored; without food, exhaustion is "
		"not cured: Ann stays exhausted; Ann heals 2 HP (level 2), 5 HP "
		"now.",
		"An unsafe rest from 07:00 on day 1: 1 hour passes and resilience "
		"is restored; unsafe rest does not cure exhaustion: Ann stays "
		"exhausted.",
		"exhausted: Ann is exhausted: movement speed 0 (004); the party, "
		"at its slowest's pace, covers no ground this day unless it "
		"leaves Ann behind, and camps.",
		"rest: The night's camp: a night of safe rest from 23:00 on day 1: "
		"8 hours pass and resilience is restored; with food, exhaustion "
		"is cured for Ann; Ann heals 2 HP (level 2), 7 HP now.",
		"rest: The third night aboard: a night of safe rest from 23:00 on "
		"day 4: 8 hours pass and resilience is restored; Ann heals 2 HP "
		"(level 2), 13 HP now.",
	};
	static struct afflictions aff;
	static struct party p;
	static struct travel_said day, week;
	char says[2][CLOCKSTATE_REST_SIZE];
	struct clockstate s;
	long wrong = 0;

	clockstate_init(&s, &aff);
	p.n = 1;
	strcpy(p.m[0].name, "Ann");
	p.m[0].val[PK_EXHAUSTED] = 1;
	p.m[0].val[PK_HP] = 3;
	p.m[0].val[PK_LEVEL] = 2;
	p.m[0].has = 1u << PK_HP | 1u << PK_LEVEL;
	s.tick = 22 * CLOCK_HOUR_TURNS;
	clockstate_rest(&s, &p, 8, REST_UNFED, "dawn", says[0], sizeof says[0]);
	s.tick = 6 * CLOCK_HOUR_TURNS;
	clockstate_rest(&s, &p, 1, REST_UNSAFE, NULL, says[1], sizeof says[1]);
	clockstate_travel(&s, &p, CLOCK_DAY, travel_say, &day);
	clockstate_travel(&s, &p, 7 * CLOCK_DAY, travel_say, &week);
	wrong += strcmp(says[0], want[0]) != 0 || strcmp(says[1], want[1]) != 0;
	wrong += day.n != 2 || strcmp(day.line[0], want[2]) != 0 ||
	    strcmp(day.line[1], want[3]) != 0;
	wrong += week.n != 7 || strcmp(week.line[2], want[4]) != 0;
	wrong += chars_halted(&p.m[0], says[0], sizeof says[0]);
	return wrong;
}

/*
 * unit rests MAX SEED: 004's night of rest heals 1 HP a level (safe) or 1
 * (unsafe) after 8 hours, up to hpmax=; only a safe one cures exhaustion;
 * 002's hour in the dungeon heals 1d8 + STR, never below 0, an hour each.
 */
static void
check_rests(const char *max, const char *seed)
{
	long n = atol(max), hp, level, hours, cases = 0, wrong = 0, got, str;
	int i;
	unsigned has;
	int unsafe, ex;
	char says[160], want[160], rest[256];
	struct member m;
	struct party p;
	struct rng g;

	for (hp = 0; hp <= n; hp++)
		for (level = 0; level <= n; level++)
			for (hours = 0; hours <= 24; hours++)
				for (unsafe = 0; unsafe <= 1; unsafe++)
					for (has = 0; has < 8; has++, cases++) {
						memset(&m, 0, sizeof m);
						m.val[PK_HP] = hp;
						m.val[PK_HPMAX] = n / 2;
						m.val[PK_LEVEL] = level;
						m.has = (has & 1 ? 1u << PK_HP : 0) |
						    (has & 2 ? 1u << PK_LEVEL : 0) |
						    (has & 4 ? 1u << PK_HPMAX : 0);
						strcpy(m.name, "Ann");
						got = night_heal_004(hp, n / 2, level,
						    m.has, hours, unsafe);
						wrong += chars_heal_night(&m, (uint64_t)hours,
						    unsafe, says, sizeof says) != got;
						if (got < 0)
							continue;
						if (unsafe)
							snprintf(want, sizeof want, "Ann heals "
							    "%ld HP, %ld HP now", got, hp + got);
						else
							snprintf(want, sizeof want, "Ann heals "
							    "%ld HP (level %ld), %ld HP now",
							    got, level, hp + got);
						wrong += strcmp(says, want) != 0;
					}
	for (hours = 0; hours <= 24; hours++)
		for (unsafe = 0; unsafe <= 1; unsafe++)
			for (ex = 0; ex <= 1; ex++, cases++) {
				memset(&m, 0, sizeof m);
				m.val[PK_EXHAUSTED] = ex;
				got = chars_rest_exhaustion(&m, (uint64_t)hours, unsafe,
				    0);
				wrong += got != (!ex || (!unsafe && hours < 8) ?
				    CR_NOT_EXHAUSTED : unsafe ? CR_STAYS_EXHAUSTED :
				    CR_CURED) || m.val[PK_EXHAUSTED] != (ex &&
				    (unsafe || hours < 8));
			}
	rng_seed(&g, rng_seedword(seed), "unit");
	for (str = -3; str <= 4; str++)
		for (hours = 1; hours <= 7; hours++, cases++) {
			memset(&m, 0, sizeof m);
			strcpy(m.name, "Ann");
			m.val[PK_STR] = str;
			m.has = 1u << PK_HP | 1u << PK_STR;
			got = chars_rest_dungeon(&m, (uint64_t)hours, &g, says,
			    sizeof says);
			snprintf(want, sizeof want, "Ann heals %ld HP (1d8%+ld%s: ",
			    got, str, hours > 1 ? " each hour" : "");
			wrong += got < hours * (1 + str > 0 ? 1 + str : 0) ||
			    got > hours * (8 + str > 0 ? 8 + str : 0) ||
			    m.val[PK_HP] != got ||
			    strncmp(says, want, strlen(want)) != 0;
		}
	/* 004: a party's rest, exhaustion said first, then the healing */
	for (unsafe = 0; unsafe <= 1; unsafe++, cases++) {
		memset(&p, 0, sizeof p);
		p.n = 2;
		strcpy(p.m[0].name, "Ann");
		strcpy(p.m[1].name, "Bo");
		for (i = 0; i < 2; i++) {
			p.m[i].val[PK_EXHAUSTED] = 1;
			p.m[i].val[PK_HP] = 3;
			p.m[i].val[PK_LEVEL] = 2;
			p.m[i].has = 1u << PK_HP | 1u << PK_LEVEL;
		}
		chars_rest(&p, 8, unsafe, 0, 0, &g, rest, sizeof rest);
		wrong += strcmp(rest, unsafe ? "; unsafe rest does not cure "
		    "exhaustion: Ann and Bo stay exhausted; Ann heals 1 HP, 4 HP "
		    "now; Bo heals 1 HP, 4 HP now" : "; with food, exhaustion is "
		    "cured for Ann and Bo; Ann heals 2 HP (level 2), 5 HP now; Bo "
		    "heals 2 HP (level 2), 5 HP now") != 0;
	}
	wrong += rest_words_wrong();
	printf("%ld %ld\n", cases, wrong);
}

/* 003: the alarm after a move, as the seed says it; the encounter in *met. */
static long
alarm_003(long alarm, enum alarm_move mv, long sparks, long d10, int *met)
{
	*met = 0;
	if ((mv == AM_ADVANCE || mv == AM_STAY) && alarm < ALARM_MAX)
		alarm++;
	if (mv == AM_HIDE_PASS)
		return alarm - 2 - sparks > 0 ? alarm - 2 - sparks : 0;
	if (mv == AM_HIDE_FAIL || (mv != AM_STAY && d10 <= alarm))
		return (*met = 1) - 1;
	return alarm;
}

/* alarm_hide_say's record of a character: its key and its words. */
static void
stealth_said(void *ctx, const struct member *m, const char *key,
    const struct rolled *k, const char *text)
{
	char want[512];

	snprintf(want, sizeof want, "%s %s the Stealth check: %ld%+ld = %ld "
	    "against DC %ld%s.", m->name, k->c.pass ? "makes" : "fails",
	    k->c.roll, m->val[PK_DEX], k->c.total, k->c.dc, k->says);
	*(long *)ctx += strcmp(key, "stealth") != 0 || strcmp(text, want) != 0;
}

/*
 * unit alarm MAX SEED: alarm_step against 003's words for every alarm to
 * MAX, move, spark to 5 and d10; hide's group check (alarm_turn) for
 * parties of 1 to 8 with DEX -3 to 4: at least half must pass, each d20 +
 * DEX against the DC, each said in its words (alarm_hide_say).
 */
static void
check_alarm(const char *max, const char *seed)
{
	struct check_env env = { R_ALARM, 0, 0, 0, 0 };
	long n = atol(max), a, sparks, d10, after, cases = 0, wrong = 0;
	struct alarm_hide h = { 0 };
	struct alarm_turn t;
	struct party p;
	struct rng g;
	int mv, met, size, i, made;

	for (a = 0; a <= n; a++)
		for (mv = AM_ADVANCE; mv <= AM_HIDE_FAIL; mv++)
			for (sparks = 0; sparks <= 5; sparks++)
				for (d10 = 1; d10 <= 10; d10++, cases++) {
					after = a;
					wrong += alarm_met(alarm_step(&after,
					    (enum alarm_move)mv, sparks, d10)) != (
					    alarm_003(a, (enum alarm_move)mv, sparks,
					    d10, &met), met) || after != alarm_003(a,
					    (enum alarm_move)mv, sparks, d10, &met);
				}
	rng_seed(&g, rng_seedword(seed), "unit");
	h.party = &p;
	h.dc = HIDE_DC_003;
	h.env = &env;
	for (size = 1; size <= 8; size++)
		for (a = 0; a <= n; a++, cases++) {
			memset(&p, 0, sizeof p);
			for (p.n = size, i = 0; i < size; i++) {
				p.m[i].val[PK_DEX] = i % 8 - 3;
				p.m[i].has = 1u << PK_DEX;
				snprintf(p.m[i].name, sizeof p.m[i].name, "P%d", i);
			}
			after = a;
			alarm_turn(&t, &after, AM_HIDE_FAIL, 0, &h, &g);
			alarm_hide_say(&h, stealth_said, &wrong);
			for (made = 0, i = 0; i < size; i++) {
				made += h.check[i].c.pass;
				wrong += h.check[i].c.pass != (h.check[i].c.roll +
				    p.m[i].val[PK_DEX] >= HIDE_DC_003);
			}
			wrong += made != h.made || t.d10 != LONG_MIN ||
			    (t.move == AM_HIDE_PASS) != (2 * made >= size) ||
			    after != alarm_003(a, t.move, 0, 0, &met);
		}
	printf("%ld %ld\n", cases, wrong);
}

/*
 * unit until: the hours of a rest until TIME (clock_hours_until) from every
 * turn of two days to every time of day, against a walk a turn at a time:
 * TIME is reached after 1 to 144 turns (a whole day when the clock shows
 * it), then rounded up to whole hours.
 */
static void
check_until(void)
{
	uint64_t now, time, k;
	long cases = 0, wrong = 0;

	for (now = 0; now < 2 * CLOCK_DAY; now++)
		for (time = 0; time < CLOCK_DAY; time++, cases++) {
			for (k = 1; (now + k) % CLOCK_DAY != time; k++)
				;
			wrong += clock_hours_until(now, time) !=
			    (k + CLOCK_HOUR_TURNS - 1) / CLOCK_HOUR_TURNS;
		}
	printf("%ld %ld\n", cases, wrong);
}

/* A random expression of the grammar, at most depth deep, into buf. */
static void
random_expr(struct rng *r, char *buf, size_t size, int depth)
{
	static const char *const mods[] = { "", "kh2", "kl1", "dl1", "dh1", "!",
	    "!!", "!p", "!!p", "!>=5", "r1", "ro<3", "r1r3", "rr>5", "mi2", "ma4",
	    ">3", ">=4f1", "<>2", "cs>5", "cf1", "u", "!kh2", "!p>4dl1", "mi3!",
	    "!=2>1", "!!<2kl2", "ma2!>=2", "f<3", "r<>3", "min2", "max4", "mi9",
	    "u=2", "!!=3", "cs", "cf", "ma0" };
	static const char *const sided[] = { "", "kh1", "dl1", ">2", ">=2f1" };
	static const char *const ops[] = { "+", "-", "*", "/", "//", "%", "^" };
	static const char *const fns[] = { "floor", "ceil", "round", "abs" };
	char a[256], b[256];
	uint32_t k = depth > 0 ? rng_die(r, 6) : rng_die(r, 2);

	if (k == 1)
		snprintf(buf, size, "%u", rng_die(r, 13) - 1);
	else if (k == 2)
		snprintf(buf, size, "%ud%u%s", rng_die(r, 5) - 1,
		    rng_die(r, 4) == 1 ? 1 : rng_die(r, 8), mods[rng_die(r, 38) - 1]);
	else if (k == 3 || k == 4) {
		random_expr(r, a, sizeof a, depth - 1);
		random_expr(r, b, sizeof b, depth - 1);
		snprintf(buf, size, "(%s)%s(%s)", a, ops[rng_die(r, 7) - 1], b);
	} else if (k == 5) {
		random_expr(r, a, sizeof a, depth - 1);
		random_expr(r, b, sizeof b, depth - 1);
		snprintf(buf, size, rng_die(r, 2) == 1 ? "{%s,%s}%s" : "max(%s,%s)%s",
		    a, b, rng_die(r, 2) == 1 ? "" : "kh1");
	} else if (rng_die(r, 2) == 1) {
		random_expr(r, a, sizeof a, depth - 1);
		snprintf(buf, size, "%s(%s)", fns[rng_die(r, 4) - 1], a);
	} else if (rng_die(r, 2) == 1) {	/* a computed count */
		random_expr(r, a, sizeof a, depth - 1);
		snprintf(buf, size, "(%s)d%u%s", a, rng_die(r, 8),
		    mods[rng_die(r, 38) - 1]);
	} else {		/* computed sides */
		random_expr(r, a, sizeof a, depth - 1);
		snprintf(buf, size, "%ud(%s)%s", rng_die(r, 4) - 1, a,
		    sided[rng_die(r, 5) - 1]);
	}
}

static void
print_bounds(const char *seed, const char *count)
{
	long long i, j, n = estrtonum(count, 0, 100000000, "N"), t;
	long parsed = 0, refused = 0, outside = 0;
	struct expr e;
	struct rng r;
	char buf[1024];

	rng_seed(&r, rng_seedword(seed), "unit");
	for (i = 0; i < n; i++) {
		random_expr(&r, buf, sizeof buf, 3);
		if (expr_parse(&e, buf) != NULL) {
			refused++;
			continue;
		}
		parsed++;
		for (j = 0; j < 100; j++) {
			t = expr_roll(&e, &r, NULL, 0);
			if (t < e.node[e.root].lo || t > e.node[e.root].hi) {
				if (outside++ < 5)
					fprintf(stderr, "%s: %lld outside %lld..%lld\n",
					    buf, t, e.node[e.root].lo, e.node[e.root].hi);
				break;
			}
		}
	}
	printf("%ld %ld %ld\n", parsed, refused, outside);
}

/*
 * The oracle: every draw the roller makes enumerated, one branch a face,
 * each die over den = (s, s^2 for ro, the faces kept for r) * s^MAX: a
 * draw that did not come (an explosion that stopped, a reroll once not
 * needed) multiplies the branch by the s faces it stands for.  The pool
 * then sorted, kept or dropped, scored: common/expr.c's meaning written
 * again the plain way, not odds.c's counting.
 */
struct brute {
	const struct term *t;
	long long v[64];
	int	 n;
	uint32_t s;
	struct odds *o;
};

static int
by_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

static void
brute_leaf(struct brute *b, const struct big *w)
{
	const struct term *t = b->t;
	long long sorted[64], sum = 0;
	int i, from = 0, to = b->n;

	memcpy(sorted, b->v, (size_t)b->n * sizeof *sorted);
	qsort(sorted, (size_t)b->n, sizeof *sorted, by_ll);
	if (t->kd) {
		int kept = t->kd == 'k' ? (int)t->kn : b->n - (int)t->kn;

		from = t->keephigh ? b->n - kept : 0;
		to = from + kept;
	}
	for (i = from; i < to; i++)
		sum += term_score(t, sorted[i]);
	big_add(&b->o->count[sum - b->o->lo], w);
}

static void brute_die(struct brute *, int, const struct big *);

/* The draws of die d after its first face f (k explosions so far). */
static void
brute_chain(struct brute *b, int d, long long f, int k, long long acc,
    const struct big *w)
{
	const struct term *t = b->t;
	int apart = t->explode == EX_EXPLODE || t->explode == EX_PENETRATE;
	struct big w2 = { 0 };
	long long g;
	int i;

	if (!t->explode || k == EXPR_EXPLODE_MAX || !cmp_true(&t->ex, f)) {
		big_copy(&w2, w);
		for (i = k; i < EXPR_EXPLODE_MAX; i++)
			big_mulsmall(&w2, b->s, 0);
		b->v[b->n++] = acc;
		brute_die(b, d + 1, &w2);
		b->n--;
		big_free(&w2);
		return;
	}
	if (apart)
		b->v[b->n++] = acc;
	for (g = t->flo; g <= t->fhi; g++)
		brute_chain(b, d, g, k + 1, apart ? term_shown(t, g, 1) :
		    acc + term_shown(t, g, 1), w);
	if (apart)
		b->n--;
}

static void
brute_die(struct brute *b, int d, const struct big *w)
{
	const struct term *t = b->t;
	struct big w2 = { 0 };
	long long f, g;

	if (d == (int)t->count) {
		brute_leaf(b, w);
		return;
	}
	for (f = t->flo; f <= t->fhi; f++) {
		if (!t->reroll || !term_rerolls(t, f)) {
			big_copy(&w2, w);
			if (t->reroll == 1)	/* the second draw not needed */
				big_mulsmall(&w2, b->s, 0);
			brute_chain(b, d, f, 0, term_shown(t, f, 0), &w2);
		} else if (t->reroll == 1)
			for (g = t->flo; g <= t->fhi; g++)
				brute_chain(b, d, g, 0, term_shown(t, g, 0), w);
		/* until: the faces kept, one branch each (den: left) */
	}
	big_free(&w2);
}

static void
print_brute(const char *s)
{
	struct expr e;
	struct odds o = { 0 };
	struct brute b = { 0 };
	struct big one = { 0 };
	const char *why;
	uint32_t f, d;
	long i;
	char *fr;

	if ((why = expr_parse(&e, s)) != NULL)
		esc_errx(EXIT_BAD, "%s: %s", s, why);
	if (e.node[e.root].op != E_DICE)
		esc_errx(EXIT_BAD, "%s: one dice term", s);
	b.t = &e.node[e.root].t;
	b.s = (uint32_t)(b.t->fhi - b.t->flo + 1);
	b.o = &o;
	o.lo = e.node[e.root].lo;
	o.step = 1;
	o.n = (long)(e.node[e.root].hi - o.lo + 1);
	o.count = calloc((size_t)o.n, sizeof *o.count);
	o.fac = calloc((size_t)b.t->count * (EXPR_EXPLODE_MAX + 2) + 1, sizeof *o.fac);
	for (d = 0; d < b.t->count; d++) {
		o.fac[o.nfac++] = b.t->reroll == 2 ? b.t->left : b.s;
		if (b.t->reroll == 1)
			o.fac[o.nfac++] = b.s;
		for (f = 0; f < EXPR_EXPLODE_MAX; f++)
			o.fac[o.nfac++] = b.s;
	}
	big_set(&one, 1);
	brute_die(&b, 0, &one);
	for (i = 0; i < o.n; i++)
		big_add(&o.den, &o.count[i]);
	for (i = 0; i < o.n; i++)
		if (!big_zero(&o.count[i])) {
			fr = odds_fraction(&o, &o.count[i]);
			printf("%s\t%lld\t%s\n", s, o.lo + i, fr);
			free(fr);
		}
	big_free(&one);
	odds_free(&o);
}

/* --- state files (common/hazstate.c, common/clockstate.c) ------------- */

/*
 * unit signs TEXT ...: each TEXT a sign's row of -T encounter, rolled one
 * after another (hazstate_sign): the creature kept, TAB, what the sign's
 * record says after it.
 */
static void
print_signs(int n, char **text)
{
	struct hazstate s;
	char said[600];
	int i;

	hazstate_init(&s);
	for (i = 0; i < n; i++) {
		hazstate_sign(&s, text[i], "key", said, sizeof said);
		printf("%s\t%s\n", s.creature, said);
	}
}

/* A number in LO..HI: LO one time in four, HI one in four, else any. */
static long long
pick(struct rng *r, long long lo, long long hi)
{
	switch (rng_below(r, 4)) {
	case 0: return lo;
	case 1: return hi;
	}
	return lo + (long long)(rng_next(r) % ((uint64_t)(hi - lo) + 1));
}

/* A word of 1 to 8 letters, as a key, a name or a creature's word. */
static void
random_word(struct rng *r, char *buf)
{
	int i, n = (int)pick(r, 1, 8);

	for (i = 0; i < n; i++)
		buf[i] = (char)('a' + rng_below(r, 26));
	buf[n] = '\0';
}

/* The generator's seed and state, as any run leaves them. */
static void
random_stream(struct rng *r, struct stream *st)
{
	int i;

	st->seed = rng_next(r);
	for (i = 0; i < 4; i++)
		st->rng.s[i] = rng_next(r) | 1;	/* never all zero */
}

static int
same_stream(const struct stream *a, const struct stream *b)
{
	return a->seed == b->seed && memcmp(&a->rng, &b->rng, sizeof a->rng) == 0;
}

/*
 * Any state hazard can keep: a creature (001, 002) waits only while its
 * sign is pending, as sign_creature leaves it, in words one space apart.
 */
static void
random_hazstate(struct rng *r, struct hazstate *s)
{
	char w[16];
	int i, n;

	hazstate_init(s);
	s->rules = (int)pick(r, 0, R_NRULES - 1);
	s->turn = (uint64_t)pick(r, 0, COUNT_MAX);
	s->since_rest = (int)pick(r, 0, REST_TURNS_000);
	s->rest_turns = (int)pick(r, 0, DUNGEON_REST_TURNS_002 - 1);
	s->fatigue = (int)pick(r, 0, 1);
	s->condition = (int)pick(r, C_FRESH, C_EXHAUSTED);
	s->sign = (int)pick(r, 0, 1);
	if (pick(r, 0, 1)) {
		random_word(r, s->creature_key);
		for (i = 0, n = (int)pick(r, 1, 5); i < n; i++) {
			random_word(r, w);
			str_append(s->creature, sizeof s->creature, " ", "%s", w);
		}
		s->sign = 1;
	}
	s->alarm = (long)pick(r, 0, ALARM_MAX);
	random_stream(r, &s->st);
}

static int
same_hazstate(const struct hazstate *a, const struct hazstate *b)
{
	return a->turn == b->turn && a->rules == b->rules &&
	    a->since_rest == b->since_rest && a->rest_turns == b->rest_turns &&
	    a->fatigue == b->fatigue && a->condition == b->condition &&
	    a->sign == b->sign && strcmp(a->creature, b->creature) == 0 &&
	    strcmp(a->creature_key, b->creature_key) == 0 &&
	    a->alarm == b->alarm && same_stream(&a->st, &b->st);
}

/* Any state timedice can keep: timers and 004's afflictions among it. */
static void
random_clockstate(struct rng *r, struct clockstate *s, struct afflictions *aff)
{
	static const char *const damage[] = { "1d6", "2d4+1", "1", NULL };
	static const char *const length[] = { "2hours", "1d6days", "3turns", NULL };
	char name[16], src[16], dc[16], ability[16], dmg[16], *w[6];
	const char *bad;
	struct affliction a;
	int i, n, first;

	clockstate_init(s, aff);
	s->tick = (uint64_t)pick(r, 0, (long long)CLOCK_MAX);
	s->turn = (uint64_t)pick(r, 0, COUNT_MAX);
	s->timers.since_rest = (uint64_t)pick(r, 0, (long long)CLOCK_MAX);
	s->rooms = (int)pick(r, 0, ROOMS_HOUR_MAX_004 - 1);
	s->per_hour = (int)pick(r, ROOMS_HOUR_004, ROOMS_HOUR_MAX_004);
	for (i = 0, n = (int)pick(r, 0, 5); i < n; i++) {
		random_word(r, name);
		if (timer_find(&s->timers, name) < 0)
			timer_set(&s->timers, name,
			    (uint64_t)pick(r, 1, (long long)CLOCK_MAX));
	}
	for (i = 0, n = (int)pick(r, 0, 3); i < n; i++) {
		random_word(r, name);
		random_word(r, src);
		snprintf(dc, sizeof dc, "dc=%lld", pick(r, 1, 30));
		snprintf(ability, sizeof ability, "ability=%s",
		    afflict_abilities[rng_below(r, AB_N)]);
		snprintf(dmg, sizeof dmg, "damage=%s", damage[rng_below(r, 3)]);
		w[0] = name, w[1] = src, w[2] = (char *)length[rng_below(r, 3)];
		w[3] = dc, w[4] = ability, w[5] = dmg;
		if (afflict_args(&a, &first, 6, w, &bad) != NULL ||
		    afflict_find(aff, a.name, a.source) >= 0)
			continue;
		a.stage = (long)pick(r, 1, 1000000);
		a.left = (uint64_t)pick(r, 1, (long long)CLOCK_MAX);
		afflict_add(aff, &a);
	}
	random_stream(r, &s->st);
}

static int
same_affliction(const struct affliction *a, const struct affliction *b)
{
	return strcmp(a->name, b->name) == 0 &&
	    strcmp(a->source, b->source) == 0 && a->ability == b->ability &&
	    a->dc == b->dc && memcmp(&a->damage, &b->damage,
	    sizeof a->damage) == 0 && strcmp(a->length, b->length) == 0 &&
	    a->stage == b->stage && a->left == b->left;
}

static int
same_clockstate(const struct clockstate *a, const struct clockstate *b)
{
	int i, same = a->tick == b->tick && a->turn == b->turn &&
	    a->timers.since_rest == b->timers.since_rest &&
	    a->rooms == b->rooms && a->per_hour == b->per_hour &&
	    a->timers.n == b->timers.n && a->aff->n == b->aff->n &&
	    same_stream(&a->st, &b->st);

	for (i = 0; same && i < a->timers.n; i++)
		same = strcmp(a->timers.t[i].name, b->timers.t[i].name) == 0 &&
		    a->timers.t[i].left == b->timers.t[i].left;
	for (i = 0; same && i < a->aff->n; i++)
		same = same_affliction(&a->aff->a[i], &b->aff->a[i]);
	return same;
}

/* light's state file: the sources and the generator (common/lampstate.c). */
struct lamp_file {
	struct lamp l;
	struct stream st;
};

/* reaction's: the generator, the dark and a hasty pace (common/reactstate.c). */
struct react_file {
	struct stream st;
	int	 dark, hasty;
	struct drawn drawn;	/* -T tables' rows drawn without replacement */
};

/*
 * Any state light can keep: a source's state and LEFT as a file can say
 * them (dim only as dimmed, 0 turns left only once out, a usage die of
 * 003's sizes); whether they fit the rules is lamp_check's.
 */
static void
random_lamp(struct rng *r, struct lamp_file *lf)
{
	static const int dies[] = { 4, 6, 8, 10, 12, 20 };
	struct lamp_source *src;
	char name[16];
	int i, n;

	memset(lf, 0, sizeof *lf);
	lf->l.rules = (int)pick(r, 0, R_NRULES - 1);
	lf->l.turn = (unsigned long long)pick(r, 0, COUNT_MAX);
	lf->l.darkvision = (int)pick(r, 0, 1);
	lf->l.daylight = (int)pick(r, 0, 1);
	lf->l.snow = (int)pick(r, 0, 1);
	for (i = 0, n = (int)pick(r, 0, 6); i < n; i++) {
		random_word(r, name);
		if (!lamp_name_ok(name) || lamp_find(&lf->l, name) != NULL)
			continue;
		src = &lf->l.src[lf->l.n++];
		str_copy(src->name, sizeof src->name, name);
		src->kind = (int)pick(r, 0, LK_NKINDS - 1);
		src->state = (int)pick(r, LAMP_LIT, LAMP_OUT);
		src->dimmed = src->state == LAMP_DIM ||
		    (src->state == LAMP_OUT && pick(r, 0, 1));
		switch (rng_below(r, 3)) {
		case 0: src->left = LIFE_NONE; break;
		case 1:
			src->left = LIFE_USAGE;
			src->die = dies[rng_below(r, 6)];
			break;
		default:
			src->left = (long)pick(r, src->state == LAMP_OUT ? 0 : 1,
			    LAMP_LEFT_MAX);
		}
		src->lit = (unsigned long long)pick(r, 0, COUNT_MAX);
	}
	random_stream(r, &lf->st);
}

static int
same_lamp(const struct lamp_file *a, const struct lamp_file *b)
{
	const struct lamp_source *x, *y;
	int i, same = a->l.rules == b->l.rules && a->l.turn == b->l.turn &&
	    a->l.darkvision == b->l.darkvision &&
	    a->l.daylight == b->l.daylight && a->l.snow == b->l.snow &&
	    a->l.n == b->l.n && same_stream(&a->st, &b->st);

	for (i = 0; same && i < a->l.n; i++) {
		x = &a->l.src[i];
		y = &b->l.src[i];
		same = strcmp(x->name, y->name) == 0 && x->kind == y->kind &&
		    x->state == y->state && x->dimmed == y->dimmed &&
		    x->left == y->left && x->die == y->die && x->lit == y->lit;
	}
	return same;
}

static void
random_react(struct rng *r, struct react_file *rf)
{
	memset(rf, 0, sizeof *rf);
	rf->dark = (int)pick(r, 0, 1);
	rf->hasty = (int)pick(r, 0, 1);
	random_stream(r, &rf->st);
}

static int
same_react(const struct react_file *a, const struct react_file *b)
{
	return a->dark == b->dark && a->hasty == b->hasty &&
	    same_stream(&a->st, &b->st);
}

/* A state of KIND: made new, read from its file, its lines put. */
struct state_of {
	const char *kind;
	void	(*init)(void *s, struct afflictions *aff);
	void	(*load)(void *s, struct kwf *f);
	void	(*put)(const void *s, struct kwf *f);
};

/* Each file's three, as struct state_of calls them. */
static void
haz_init(void *s, struct afflictions *aff)
{
	(void)aff;
	hazstate_init(s);
}

static void
haz_load(void *s, struct kwf *f)
{
	hazstate_load(s, f);
}

static void
haz_put(const void *s, struct kwf *f)
{
	hazstate_put(s, f);
}

static void
clk_init(void *s, struct afflictions *aff)
{
	clockstate_init(s, aff);
}

static void
clk_load(void *s, struct kwf *f)
{
	clockstate_load(s, f);
}

static void
clk_put(const void *s, struct kwf *f)
{
	clockstate_put(s, f);
}

static void
lmp_init(void *s, struct afflictions *aff)
{
	struct lamp_file *lf = s;

	(void)aff;
	memset(lf, 0, sizeof *lf);
	lf->l.rules = -1;
}

static void
lmp_load(void *s, struct kwf *f)
{
	struct lamp_file *lf = s;

	lampstate_load(&lf->l, &lf->st, f);
}

static void
lmp_put(const void *s, struct kwf *f)
{
	const struct lamp_file *lf = s;

	lampstate_put(&lf->l, &lf->st, f);
}

static void
rct_init(void *s, struct afflictions *aff)
{
	(void)aff;
	memset(s, 0, sizeof(struct react_file));
}

static void
rct_load(void *s, struct kwf *f)
{
	struct react_file *rf = s;

	reactstate_load(&rf->st, &rf->dark, &rf->hasty, &rf->drawn, f);
}

static void
rct_put(const void *s, struct kwf *f)
{
	const struct react_file *rf = s;

	reactstate_put(&rf->st, rf->dark, rf->hasty, &rf->drawn, f);
}

static const struct state_of hazard_state = {
	"hazard", haz_init, haz_load, haz_put };
static const struct state_of clock_state = {
	"timedice", clk_init, clk_load, clk_put };
static const struct state_of lamp_state = {
	"light", lmp_init, lmp_load, lmp_put };
static const struct state_of react_state = {
	"reaction", rct_init, rct_load, rct_put };

/*
 * S written as a new file, read back into BACK, then BACK's lines put over
 * the text it was read from: 1 if that changed the text (it must not).
 */
static int
round_trip(const struct state_of *k, const void *s, void *back,
    struct afflictions *aff)
{
	struct kwf *f = kwf_from_text("unit", k->kind, "");
	size_t len;
	char *text;
	int changed;

	k->put(s, f);
	kwf_commit(f);
	text = kwf_render(f, &len);
	kwf_close(f);
	f = kwf_from_text("unit", k->kind, text);
	k->init(back, aff);
	k->load(back, f);
	k->put(back, f);
	changed = kwf_commit(f);
	kwf_close(f);
	free(text);
	return changed;
}

/*
 * unit states SEED N: N random states of each program's state file
 * (hazard, light, timedice, reaction), each written then read back: the
 * same state, and its text again unchanged when written over itself:
 * "cases wrong".
 */
static void
check_states(const char *seed, const char *count)
{
	struct afflictions aff[2];
	struct clockstate c[2];
	struct hazstate h[2];
	struct lamp_file l[2];
	struct react_file x[2];
	long n = atol(count), i, wrong = 0;
	struct rng g;

	rng_seed(&g, rng_seedword(seed), "unit");
	for (i = 0; i < n; i++) {
		random_hazstate(&g, &h[0]);
		wrong += round_trip(&hazard_state, &h[0], &h[1], NULL) ||
		    !same_hazstate(&h[0], &h[1]);
		random_clockstate(&g, &c[0], &aff[0]);
		wrong += round_trip(&clock_state, &c[0], &c[1], &aff[1]) ||
		    !same_clockstate(&c[0], &c[1]);
		random_lamp(&g, &l[0]);
		wrong += round_trip(&lamp_state, &l[0], &l[1], NULL) ||
		    !same_lamp(&l[0], &l[1]);
		random_react(&g, &x[0]);
		wrong += round_trip(&react_state, &x[0], &x[1], NULL) ||
		    !same_react(&x[0], &x[1]);
	}
	printf("%ld %ld\n", 4 * n, wrong);
}

/*
 * TEXT read as a state file of K in a child: its exit status, and the
 * first line it said on stderr in WHY.
 */
static int
read_in_child(const struct state_of *k, const char *text, char *why,
    size_t size)
{
	struct afflictions aff;
	union {
		struct hazstate h;
		struct clockstate c;
		struct lamp_file l;
		struct react_file r;
	} s;
	int fd[2], status;
	size_t got;
	ssize_t n;
	pid_t pid;

	fflush(stdout);
	if (pipe(fd) != 0 || (pid = fork()) < 0)
		esc_err(EXIT_IO, "fork");
	if (pid == 0) {
		dup2(fd[1], STDERR_FILENO);
		k->init(&s, &aff);
		k->load(&s, kwf_from_text("unit", k->kind, text));
		_exit(EXIT_OK);
	}
	close(fd[1]);
	for (got = 0; got < size - 1 &&
	    (n = read(fd[0], why + got, size - 1 - got)) > 0; got += (size_t)n)
		;
	why[got] = '\0';
	why[strcspn(why, "\n")] = '\0';
	close(fd[0]);
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/*
 * Lines of a state file after a comment, refused (1: exit 2 naming its
 * last line) or taken (0), under the rules their keyword keeps.
 */
static const struct bad_line {
	const struct state_of *k;
	const char *line;
	int refused;
} bad_lines[] = {
	{ &hazard_state, "rules delving", 0 },
	{ &hazard_state, "rules dungeon", 1 },
	{ &hazard_state, "turn 1000000000000000000", 0 },
	{ &hazard_state, "turn 1000000000000000001", 1 },
	{ &hazard_state, "turn -1", 1 },
	{ &hazard_state, "turn 1 2", 1 },
	{ &hazard_state, "since-rest 6", 0 },		/* 000: a rest is due */
	{ &hazard_state, "since-rest 7", 1 },
	{ &hazard_state, "rest-turns 5", 0 },		/* 002: 6 make the hour */
	{ &hazard_state, "rest-turns 6", 1 },
	{ &hazard_state, "alarm 999999", 0 },
	{ &hazard_state, "alarm 1000000", 1 },
	{ &hazard_state, "fatigue-pending yes", 0 },
	{ &hazard_state, "fatigue-pending 1", 1 },
	{ &hazard_state, "sign-pending maybe", 1 },
	{ &hazard_state, "condition exhausted", 0 },
	{ &hazard_state, "condition asleep", 1 },
	{ &hazard_state, "sign-creature goblins 2d4 goblins", 0 },
	{ &hazard_state, "sign-creature", 1 },
	{ &hazard_state, "turn 5\nturn 5", 1 },		/* given twice */
	{ &hazard_state, "seed 12x", 1 },
	{ &hazard_state, "bogus 1", 1 },
	{ &clock_state, "day 1000000", 0 },
	{ &clock_state, "day 0", 1 },
	{ &clock_state, "time 24:50", 0 },
	{ &clock_state, "time 25:00", 1 },
	{ &clock_state, "time 07:05", 1 },		/* turns of ten minutes */
	{ &clock_state, "time 7", 1 },
	{ &clock_state, "rooms 3", 0 },
	{ &clock_state, "rooms 4", 1 },
	{ &clock_state, "rooms-per-hour 4", 0 },
	{ &clock_state, "rooms-per-hour 2", 1 },
	{ &clock_state, "since-rest x", 1 },
	{ &clock_state, "timer watch 1", 0 },
	{ &clock_state, "timer watch 0", 1 },
	{ &clock_state, "timer watch", 1 },
	{ &clock_state, "affliction Ann venom con 11 1d6 2hours 1 12", 0 },
	{ &clock_state, "affliction Ann venom wis 11 1d6 2hours 1 12", 1 },
	{ &clock_state, "affliction Ann venom con 11 1d6", 1 },
	{ &clock_state, "day 2\nday 2", 1 },		/* given twice */
	{ &lamp_state, "source a torch lit 5 0", 0 },
	{ &lamp_state, "source a torch lit 0 0", 1 },	/* burning, 0 left */
	{ &lamp_state, "source a torch out 0 0", 0 },
	{ &lamp_state, "source a torch out-dim - 7", 0 },
	{ &lamp_state, "source a lamp lit 5 0", 1 },
	{ &lamp_state, "source a torch bright 5 0", 1 },
	{ &lamp_state, "source a torch lit d6 0", 0 },	/* 003's usage die */
	{ &lamp_state, "source a torch lit d7 0", 1 },
	{ &lamp_state, "source a torch lit 1000000 0", 0 },
	{ &lamp_state, "source a torch lit 1000001 0", 1 },
	{ &lamp_state, "source a torch lit 5", 1 },
	{ &lamp_state, "source party torch lit 5 0", 1 },
	{ &lamp_state, "source a torch lit 5 0\nsource a candle lit 5 0", 1 },
	{ &lamp_state, "darkvision maybe", 1 },
	{ &lamp_state, "snow yes", 0 },
	{ &lamp_state, "turn x", 1 },
	{ &react_state, "dark yes", 0 },
	{ &react_state, "dark", 1 },
	{ &react_state, "hasty 1", 1 },
	{ &react_state, "hasty no extra", 1 },
	{ &react_state, "bogus yes", 1 },
};

/*
 * unit statebad: each of bad_lines after a comment, read in a child:
 * refused with exit 2 and "unit:N: " in its one line, N its last line, or
 * taken with exit 0, as the table says; the wrong ones on stderr: "cases
 * wrong".
 */
static void
check_state_lines(void)
{
	char text[256], why[512], at[32];
	size_t i, n = sizeof bad_lines / sizeof bad_lines[0];
	long wrong = 0;
	int status, ok;

	for (i = 0; i < n; i++) {
		const struct bad_line *b = &bad_lines[i];

		snprintf(text, sizeof text, "# a %s state\n%s\n", b->k->kind,
		    b->line);
		snprintf(at, sizeof at, "unit:%d: ", strchr(b->line, '\n') ?
		    3 : 2);
		status = read_in_child(b->k, text, why, sizeof why);
		ok = b->refused ? status == EXIT_BAD && strstr(why, at) :
		    status == EXIT_OK && why[0] == '\0';
		if (!ok) {
			fprintf(stderr, "%s: '%s': exit %d, %s\n", b->k->kind,
			    b->line, status, why);
			wrong++;
		}
	}
	printf("%zu %ld\n", n, wrong);
}

/* coins_pay over every purse and price of at most max pieces a denomination. */
static void
check_coins(const char *arg)
{
	long long max = estrtonum(arg, 0, 12, "MAX"), cases = 0, wrong = 0;
	struct coins purse, price, left;
	int i, j, d;

	for (i = 0; i < (max + 1) * (max + 1) * (max + 1); i++)
		for (j = 0; j < (max + 1) * (max + 1) * (max + 1); j++) {
			purse = (struct coins){ { i % (max + 1), i / (max + 1) % (max + 1),
			    i / (max + 1) / (max + 1) } };
			price = (struct coins){ { j % (max + 1), j / (max + 1) % (max + 1),
			    j / (max + 1) / (max + 1) } };
			left = purse;
			cases++;
			if (coins_pay(&left, &price) != 0) {
				wrong += coins_value(&purse) >= coins_value(&price) ||
				    memcmp(&left, &purse, sizeof left) != 0;
				continue;
			}
			wrong += coins_value(&left) != coins_value(&purse) -
			    coins_value(&price);
			for (d = 0; d < COIN_DENOMS; d++)
				wrong += left.n[d] < 0;
			/* the pieces named are handed over where the purse has them */
			wrong += purse.n[0] >= price.n[0] && left.n[0] > purse.n[0] -
			    price.n[0];
		}
	printf("%lld %lld\n", cases, wrong);
}

static void
print_carry(int argc, char **argv)
{
	char out[CARRY_LINE_MAX], why[256];
	int from = word_in(argv[0], rules_names), to = word_in(argv[1], rules_names);
	int r = carry_light(argv + 2, argc - 2, from, to, out, sizeof out, why,
	    sizeof why);

	printf("%d %s\n", r, r > 0 ? out : r < 0 ? why : "-");
}

/* purse_plan at turn 7, the clock 100, on the party file TEXT. */
static void
print_purse(int argc, char **argv)
{
	struct purse_act a = { .turn = 7, .now = 100 };

	a.party = estrdup(argv[0]);
	a.has_sup = strcmp(argv[1], "-") != 0;
	a.sup.left = a.has_sup ? atoll(argv[1]) : 0;
	a.loot = atoll(argv[2]);
	purse_plan(&a, argc - 3, argv + 3);
	printf("%s--\n%.*s", a.party, (int)a.reclen, a.rec ? a.rec : "");
	if (a.sup_changed)
		printf("supplies %lld since %" PRIu64 "\n", a.sup.left, a.sup.since);
	free(a.party);
	free(a.rec);
}

/* The supplies file written and read back (sup_text, sup_line). */
static void
print_supplies(int argc, char **argv)
{
	struct supplies in = { atoll(argv[0]), strtoull(argv[1], NULL, 10), 0 };
	struct supplies out = { -1, 0, 0 };
	char text[256], *w[KWF_WORDS_MAX];
	struct kwf *f;
	int nw;

	sup_text(&in, text, sizeof text);
	if (argc > 2)
		str_append(text, sizeof text, "", "%s\n", argv[2]);
	f = kwf_from_text("supplies", NULL, text);
	while ((nw = kwf_next(f, w)) > 0)
		if (sup_line(&out, w, nw, f) != 0)
			kwf_bad(f, "unknown keyword '%s'", w[0]);
	kwf_close(f);
	printf("%s%lld %" PRIu64 "\n", text, out.left, out.since);
}

static void
print_setword(const char *text, const char *name, const char *word)
{
	char *set = text_set_word(text, name, word), *without, *with;
	size_t beg, end, len;

	if (set == NULL || party_text_line(set, name, &beg, &end) != 0) {
		printf("no line\n");
		return;
	}
	without = text_without_line(set, beg, end);
	with = text_with_line(without, set + beg, end - beg, &len);
	printf("%s--\n%s", set, with);
	free(set), free(without), free(with);
}

/* --- delve screen: the layout fits, whatever the session holds ---------- */

/* Columns a row shows: its characters, escape sequences left out. */
static int
shown_width(const char *s)
{
	int n = 0;

	while (*s != '\0') {
		if (*s == '\033') {
			while (*s != '\0' && *s != 'm')
				s++;
			if (*s != '\0')
				s++;
			continue;
		}
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
		s++;
	}
	return n;
}

/* A world of random parts: up to 12 characters, 10 lights, 8 afflictions, 300 records. */
static void
random_world(struct scr_world *w, struct rng *r)
{
	static const char *const words[] = { "Encounter", "—", "a", "wandering",
	    "monster", "appears.", "Ann", "makes", "the", "CON", "save:", "16+1",
	    "=", "17", "against", "DC", "12.", "averyveryveryveryveryverylongword",
	    "naïve", NULL };
	static const char *const progs[] = { "hazard", "light", "timedice",
	    "reaction", "roll", "delve" };
	char line[2048];
	size_t len = 0, cap = 1 << 16;
	int i, j, k;

	memset(w, 0, sizeof *w);
	snprintf(w->name, sizeof w->name, "crypt");
	snprintf(w->seed, sizeof w->seed, "7");
	w->rules = (int)rng_below(r, R_NRULES);
	w->travel = w->rules == R_TRAVEL;
	w->turn = rng_below(r, 100000);
	hazstate_init(&w->haz);
	w->haz.rules = w->rules;
	w->haz.since_rest = (int)rng_below(r, 7);
	w->haz.sign = (int)rng_below(r, 2);
	w->lamp.rules = w->rules;
	w->clock.tick = rng_below(r, 1000000);
	w->clock.aff = &w->aff;
	w->party.n = (int)rng_below(r, 13);
	for (i = 0; i < w->party.n; i++) {
		snprintf(w->party.m[i].name, sizeof w->party.m[i].name, "%.*s",
		    1 + (int)rng_below(r, 32), "Brannoc-the-very-long-named-hero-x");
		w->party.m[i].has = rng_below(r, 2) ? ~0u : 0;
		w->party.m[i].val[PK_HP] = rng_below(r, 30);
		w->party.m[i].val[PK_HPMAX] = 30;
		w->party.m[i].val[PK_FATIGUE] = rng_below(r, 5);
		w->party.m[i].val[PK_LOAD] = rng_below(r, 20);
		w->party.m[i].val[PK_STRENGTH] = 10;
	}
	w->lamp.n = (int)rng_below(r, 11);
	for (i = 0; i < w->lamp.n; i++) {
		snprintf(w->lamp.src[i].name, sizeof w->lamp.src[i].name, "torch%d", i);
		w->lamp.src[i].kind = (int)rng_below(r, LK_NKINDS);
		w->lamp.src[i].state = (int)rng_below(r, 4);
		w->lamp.src[i].left = (long)rng_below(r, 40) - 2;
		w->lamp.src[i].die = 6;
	}
	w->aff.n = (int)rng_below(r, 9);
	for (i = 0; i < w->aff.n; i++) {
		snprintf(w->aff.a[i].name, sizeof w->aff.a[i].name, "%s",
		    w->party.n ? w->party.m[0].name : "Ann");
		snprintf(w->aff.a[i].source, sizeof w->aff.a[i].source, "venom");
		w->aff.a[i].stage = 1;
		w->aff.a[i].left = rng_below(r, 1000);
	}
	w->log = emalloc(cap);
	k = (int)rng_below(r, 300);
	for (i = 0; i < k; i++) {
		int n = snprintf(line, sizeof line, "%s\t%d\tx\tnothing",
		    progs[rng_below(r, 6)], i / 3);

		for (j = 0, n += snprintf(line + n, sizeof line - (size_t)n, "\t");
		    j < (int)rng_below(r, 60); j++)
			n += snprintf(line + n, sizeof line - (size_t)n, "%s%s",
			    j ? " " : "", words[rng_below(r, 19)]);
		n += snprintf(line + n, sizeof line - (size_t)n, "%sEND%d\n",
		    j ? " " : "", i);
		if (len + (size_t)n + 1 >= cap)
			break;
		memcpy(w->log + len, line, (size_t)n);
		len += (size_t)n;
	}
	w->log[len] = '\0';
	w->loglen = len;
}

/* The newest record the view shows, its end word "ENDk" in END; 0 none. */
static int
newest_shown(const struct scr_world *w, int players, char *end, size_t size)
{
	char *copy = estrdup(w->log), *line, *save = NULL, *f[16], *p;
	int nf, found = 0;

	for (line = strtok_r(copy, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		for (nf = 0, p = line, f[nf++] = p; nf < 16 &&
		    (p = strchr(p, '\t')) != NULL; f[nf++] = ++p)
			*p = '\0';
		if (players && scr_hidden(f, nf))
			continue;
		snprintf(end, size, "%s", strstr(f[nf - 1], "END"));
		found = 1;
	}
	free(copy);
	return found;
}

/*
 * N random sessions, each drawn at a random size from 80x24 to 400x400,
 * one in four from 1x1 to 80x24: never more rows than the terminal has,
 * never a row wider (than SCR_COLS_LEAST in the narrowest), the newest
 * record's end on the last row when the log shows any.
 */
static void
check_screen(const char *count)
{
	struct scr_world *w = emalloc(sizeof *w);
	struct scr_look k;
	struct rng r;
	char *text, *row, *next, *lastrow = NULL, last[32];
	size_t len;
	long n = atol(count), i, rows, ended = 0;
	int has_log, small;
	FILE *fp;

	rng_seed(&r, 1, "screen");
	for (i = 0; i < n; i++) {
		random_world(w, &r);
		small = i % 4 == 0;	/* one in four below 80x24 */
		k.cols = small ? 1 + (int)rng_below(&r, 80) :
		    80 + (int)rng_below(&r, 321);
		k.rows = small ? 1 + (int)rng_below(&r, 24) :
		    24 + (int)rng_below(&r, 377);
		k.players = (int)rng_below(&r, 2);
		k.colour = (int)rng_below(&r, 2);
		if ((fp = open_memstream(&text, &len)) == NULL)
			esc_err(EXIT_IO, "open_memstream");
		scr_render(w, &k, fp);
		fclose(fp);
		rows = has_log = 0;
		for (row = text; *row != '\0'; row = next + 1, rows++) {
			next = strchr(row, '\n');
			*next = '\0';
			lastrow = row;
			has_log |= strncmp(row, "-- Log", 6) == 0 ||
			    strncmp(row, "\033[1m-- Log", 10) == 0;
			if (shown_width(row) > (k.cols < SCR_COLS_LEAST ?
			    SCR_COLS_LEAST : k.cols))
				esc_errx(EXIT_FAILED, "session %ld: %d columns in %d: %s",
				    i, shown_width(row), k.cols, row);
		}
		if (rows > k.rows)
			esc_errx(EXIT_FAILED, "session %ld: %ld rows in %d", i, rows,
			    k.rows);
		if (has_log && newest_shown(w, k.players,
		    last, sizeof last) && ++ended && strstr(lastrow, last) == NULL)
			esc_errx(EXIT_FAILED, "session %ld: the last row is not "
			    "the newest record's end, %s: %s", i, last, lastrow);
		free(text);
		free(w->log);
	}
	free(w);
	printf("%ld sessions drawn, %ld ending with the newest record\n", n,
	    ended);
}


/*
 * JSON: a random value written to buf (at most depth deep), and at *exp
 * what json_flat must make of it, written by hand: its length.
 */
static size_t
json_write(struct rng *g, char *buf, char **exp, int depth)
{
	static const char *const words[] = { "true", "false", "null", "0",
	    "-12", "3.25", "1e9", "-0.5E-3", NULL };
	static const char *const strs[][2] = { { "\"\"", "<>" },
	    { "\"a\"", "<a>" }, { "\"\\u00e9t\\u00e9\"", "<\xc3\xa9t\xc3\xa9>" },
	    { "\"q\\\"\\\\\\/\\t\"", "<q\"\\/\t>" },
	    { "\"\\ud83d\\ude00\"", "<\xf0\x9f\x98\x80>" },
	    { "\"caf\xc3\xa9\"", "<caf\xc3\xa9>" } };
	size_t n = 0, k;
	int i, m, kind = (int)rng_die(g, depth > 0 ? 4 : 2);

	if (kind == 1) {
		k = rng_die(g, 8) - 1;
		*exp += sprintf(*exp, "%s", words[k]);
		return (size_t)sprintf(buf, "%s", words[k]);
	}
	if (kind == 2) {
		k = rng_die(g, 6) - 1;
		*exp += sprintf(*exp, "%s", strs[k][1]);
		return (size_t)sprintf(buf, "%s", strs[k][0]);
	}
	m = (int)rng_die(g, 4) - 1;
	buf[n++] = kind == 3 ? '[' : '{';
	*(*exp)++ = kind == 3 ? '[' : '{';
	for (i = 0; i < m; i++) {
		if (i > 0)
			n += (size_t)sprintf(buf + n, rng_die(g, 2) == 1 ? "," : " ,\n ");
		if (kind == 4) {
			n += (size_t)sprintf(buf + n, "\"k%d\" : ", i);
			*exp += sprintf(*exp, "k%d=", i);
		}
		n += json_write(g, buf + n, exp, depth - 1);
		*(*exp)++ = ',';
	}
	buf[n++] = kind == 3 ? ']' : '}';
	*(*exp)++ = kind == 3 ? ']' : '}';
	**exp = '\0';
	buf[n] = '\0';
	return n;
}

/* The tree written back without white space, strings as decoded in <>. */
static size_t
json_flat(const struct json *j, char *buf)
{
	size_t n = 0, i;

	switch (j->type) {
	case J_NULL: return (size_t)sprintf(buf, "null");
	case J_TRUE: return (size_t)sprintf(buf, "true");
	case J_FALSE: return (size_t)sprintf(buf, "false");
	case J_NUM: return (size_t)sprintf(buf, "%s", j->s);
	case J_STR: return (size_t)sprintf(buf, "<%s>", j->s);
	default: break;
	}
	buf[n++] = j->type == J_ARR ? '[' : '{';
	for (i = 0; i < j->n; i++) {
		if (j->type == J_OBJ)
			n += (size_t)sprintf(buf + n, "%s=", j->k[i]);
		n += json_flat(&j->v[i], buf + n);
		buf[n++] = ',';
	}
	buf[n++] = j->type == J_ARR ? ']' : '}';
	buf[n] = '\0';
	return n;
}

static void
check_json(const char *seed, const char *count)
{
	static char text[1 << 16], want[1 << 17], got[1 << 17], cut[1 << 16];
	long n = atol(count), i, cases = 0, wrong = 0;
	struct json *j;
	const char *why;
	char *w;
	size_t len, off, k;
	struct rng g;

	rng_seed(&g, rng_seedword(seed), "unit");
	for (i = 0; i < n; i++) {
		w = want;
		len = json_write(&g, text, &w, 4);
		cases++;
		if ((j = json_parse(text, &off, &why)) == NULL) {
			printf("%s: byte %zu: %s\n", text, off, why);
			wrong++;
			continue;
		}
		json_flat(j, got);
		json_free(j);
		if (strcmp(want, got) != 0) {
			printf("%s: %s, expected %s\n", text, got, want);
			wrong++;
		}
		if (text[0] != '[' && text[0] != '{')
			continue;
		for (k = 0; k < len; k++) {	/* every proper prefix refused */
			memcpy(cut, text, k);
			cut[k] = '\0';
			cases++;
			j = json_parse(cut, &off, &why);
			wrong += j != NULL || off > k;
			json_free(j);
		}
	}
	printf("%ld %ld\n", cases, wrong);
}

/* A cell and what tb_ranges makes of it: "lo-hi,..." or "wN", "" for none. */
static void
check_tblcells(void)
{
	static const char *const cells[][2] = {
		{ "1", "1-1" }, { "2-6", "2-6" }, { "13,14", "13-13,14-14" },
		{ "1-2, 5", "1-2,5-5" }, { "01\xe2\x80\x93" "50", "1-50" },
		{ "51\xe2\x80\x94" "00", "51-100" }, { "00", "100-100" },
		{ "3x", "w3" }, { "3\xc3\x97", "w3" }, { "7.", "7-7" },
		{ "1)", "1-1" }, { "x", "" }, { "1,", "" }, { "1-", "" },
		{ "3x goblins", "" }, { "1,5 km", "" }, { "", "" },
		{ "-2-0", "-2-0" }, { "12345678901", "" }, { "0x10", "" },
	};
	static const char *const html[][2] = {
		{ "<p>a</p>", "a" }, { "a &amp; b", "a & b" },
		{ "&lt;b&gt;", "<b>" }, { "&#39;s &#x2014;", "'s \xe2\x80\x94" },
		{ "a<br>b", "a b" }, { "<p>  a \n b </p>", "a b" },
		{ "a & b", "a & b" }, { "a &bogus; b", NULL }, { "a <p b", NULL },
		{ "&#0;", NULL }, { "&#xD800;", NULL }, { "1 < 2", "1 < 2" },
	};
	struct tb b = { 0 };
	char got[128], buf[128];
	const char *why;
	size_t i;
	int k, n, cases = 0, wrong = 0;

	b.path = "unit";
	for (i = 0; i < sizeof cells / sizeof cells[0]; i++, cases++) {
		b.n = 0;
		got[0] = '\0';
		if (tb_ranges(NULL, cells[i][0], "t", NULL, 1) &&
		    tb_ranges(&b, cells[i][0], "t", NULL, 1))
			for (k = 0, n = 0; k < b.n; k++)
				n += b.row[k].weight ? sprintf(got + n, "w%ld",
				    b.row[k].weight) : sprintf(got + n, "%s%ld-%ld",
				    k ? "," : "", b.row[k].lo, b.row[k].hi);
		for (k = 0; k < b.n; k++) {
			free(b.row[k].text);
			free(b.row[k].key);
		}
		if (strcmp(got, cells[i][1]) != 0) {
			printf("%s: %s, expected %s\n", cells[i][0], got, cells[i][1]);
			wrong++;
		}
	}
	free(b.row);
	for (i = 0; i < sizeof html / sizeof html[0]; i++, cases++) {
		strcpy(buf, html[i][0]);
		k = tb_html_text(buf, &why);
		if (html[i][1] == NULL ? k : !k || strcmp(buf, html[i][1]) != 0) {
			printf("%s: %s\n", html[i][0], k ? buf : why);
			wrong++;
		}
	}
	printf("%d %d\n", cases, wrong);
}

int
main(int argc, char *argv[])
{
	struct rng r;
	char hex[RNG_HEXLEN + 1];
	uint64_t x;
	int i;

	if (argc == 4 && strcmp(argv[1], "splitmix") == 0) {
		for (x = u64(argv[2]), i = atoi(argv[3]); i > 0; i--)
			printf("%" PRIu64 "\n", rng_splitmix(&x));
	} else if (argc == 7 && strcmp(argv[1], "xoshiro") == 0) {
		for (i = 0; i < 4; i++)
			r.s[i] = u64(argv[2 + i]);
		for (i = atoi(argv[6]); i > 0; i--)
			printf("%" PRIu64 "\n", rng_next(&r));
	} else if (argc == 3 && strcmp(argv[1], "fnv") == 0) {
		printf("%016" PRIx64 "\n", rng_fnv1a(argv[2]));
	} else if (argc == 3 && strcmp(argv[1], "seed") == 0) {
		printf("%" PRIu64 "\n", rng_seedword(argv[2]));
	} else if (argc == 4 && strcmp(argv[1], "state") == 0) {
		rng_seed(&r, rng_seedword(argv[2]), argv[3]);
		rng_tohex(&r, hex);
		printf("%s %d\n", hex, rng_fromhex(&r, hex));
	} else if (argc == 3 && strcmp(argv[1], "dice") == 0) {
		print_dice(argv[2]);
	} else if (argc == 5 && strcmp(argv[1], "roll") == 0) {
		print_rolls(argv[2], argv[3], argv[4]);
	} else if (argc == 4 && strcmp(argv[1], "bounds") == 0) {
		print_bounds(argv[2], argv[3]);
	} else if (argc == 3 && strcmp(argv[1], "memo") == 0) {
		check_memo(argv[2]);
	} else if (argc == 3 && strcmp(argv[1], "coins") == 0) {
		check_coins(argv[2]);
	} else if (argc >= 4 && strcmp(argv[1], "carry") == 0) {
		print_carry(argc - 2, argv + 2);
	} else if (argc == 4 && strcmp(argv[1], "sheetdiff") == 0) {
		char out[1024];

		sheet_diff(argv[2], argv[3], out, sizeof out);
		printf("%s\n", out);
	} else if (argc >= 6 && strcmp(argv[1], "purse") == 0) {
		print_purse(argc - 2, argv + 2);
	} else if (argc == 5 && strcmp(argv[1], "setword") == 0) {
		print_setword(argv[2], argv[3], argv[4]);
	} else if ((argc == 4 || argc == 5) && strcmp(argv[1], "supplies") == 0) {
		print_supplies(argc - 2, argv + 2);
	} else if (argc == 5 && strcmp(argv[1], "roster") == 0) {
		char said[PARTY_LINE_MAX + 512];

		roster_said(argv[4], word_in(argv[2], rules_names), atoi(argv[3]),
		    said, sizeof said);
		printf("%s\n", said);
	} else if (argc == 3 && strcmp(argv[1], "loot") == 0) {
		char *log = estrdup(argv[2]);

		printf("%lld\n", journal_loot(log));
		free(log);
	} else if (argc == 3 && strcmp(argv[1], "brute") == 0) {
		print_brute(argv[2]);
	} else if (argc == 3 && strcmp(argv[1], "scan") == 0) {
		print_scan(argv[2]);
	} else if (argc == 4 && strcmp(argv[1], "json") == 0) {
		check_json(argv[2], argv[3]);
	} else if (argc == 2 && strcmp(argv[1], "tblcells") == 0) {
		check_tblcells();
	} else if (argc == 3 && strcmp(argv[1], "table") == 0) {
		print_table(argv[2]);
	} else if (argc == 2 && strcmp(argv[1], "tables") == 0) {
		check_tables();
	} else if (argc == 2 && strcmp(argv[1], "turnless") == 0) {
		check_turnless();
	} else if (argc == 2 && strcmp(argv[1], "layouts") == 0) {
		print_layouts();
	} else if (argc >= 2 && strcmp(argv[1], "heads") == 0) {
		print_heads(argc - 2, argv + 2);
	} else if (argc == 5 && strcmp(argv[1], "record") == 0) {
		print_record(argv[2], argv[3], argv[4]);
	} else if (argc >= 2 && strcmp(argv[1], "numbers") == 0) {
		print_numbers(argc - 2, argv + 2);
	} else if (argc == 5 && strcmp(argv[1], "said") == 0) {
		print_said(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]));
	} else if (argc == 4 && strcmp(argv[1], "sentence") == 0) {
		print_sentence(argv[2], argv[3]);
	} else if (argc == 4 && strcmp(argv[1], "text") == 0) {
		check_text(argv[2], argv[3]);
	} else if (argc == 4 && strcmp(argv[1], "strcat") == 0) {
		check_strcat(argv[2], argv[3]);
	} else if (argc == 2 && strcmp(argv[1], "placement") == 0) {
		check_placement();
	} else if (argc == 3 && strcmp(argv[1], "hp") == 0) {
		check_hp(argv[2]);
	} else if (argc >= 2 && strcmp(argv[1], "opts") == 0) {
		print_opts(argc - 1, argv + 1);
	} else if (argc == 7 && strcmp(argv[1], "check") == 0) {
		check_one(argv + 2);
	} else if (argc == 3 && strcmp(argv[1], "fatigue") == 0) {
		check_fatigue(argv[2]);
	} else if (argc == 4 && strcmp(argv[1], "consave") == 0) {
		check_consave(argv[2], argv[3]);
	} else if (argc == 4 && strcmp(argv[1], "rests") == 0) {
		check_rests(argv[2], argv[3]);
	} else if (argc == 2 && strcmp(argv[1], "until") == 0) {
		check_until();
	} else if (argc == 4 && strcmp(argv[1], "alarm") == 0) {
		check_alarm(argv[2], argv[3]);
	} else if (argc >= 2 && strcmp(argv[1], "signs") == 0) {
		print_signs(argc - 2, argv + 2);
	} else if (argc == 4 && strcmp(argv[1], "states") == 0) {
		check_states(argv[2], argv[3]);
	} else if (argc == 2 && strcmp(argv[1], "statebad") == 0) {
		check_state_lines();
	} else if (argc == 3 && strcmp(argv[1], "screen") == 0) {
		check_screen(argv[2]);
	} else if (argc == 5 && strcmp(argv[1], "chi") == 0) {
		print_chi(argv[2], argv[3], argv[4]);
	} else {
		fprintf(stderr, "usage: unit splitmix|xoshiro|fnv|seed|state|dice|roll|bounds|brute|scan|table|tables|layouts|memo|record|heads|numbers|sentence|text|strcat|hp|opts|check|fatigue|consave|rests|alarm|until|states|statebad|screen|chi|coins|carry|sheetdiff|purse|setword|supplies|roster|loot ARGS\n");
		return EXIT_BAD;
	}
	return fflush(stdout) == 0 ? EXIT_OK : EXIT_IO;
}
