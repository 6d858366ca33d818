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
 *	unit record tsv|json WORD TEXT	a record "unit 1 WORD TEXT", in TSV or JSON
 */
#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "rng.h"
#include "table.h"
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
	const char *why;
	char buf[64];

	if ((why = dice_parse(&d, expr)) != NULL)
		errx(EXIT_BAD, "%s: %s", expr, why);
	dice_format(&d, buf, sizeof buf);
	printf("%s %ld %ld\n", buf, dice_min(&d), dice_max(&d));
}

static void
print_rolls(const char *expr, const char *seed, const char *count)
{
	struct dice d;
	struct rng r;
	long long i, n = estrtonum(count, 0, 100000000, "COUNT");

	if (dice_parse(&d, expr) != NULL)
		errx(EXIT_BAD, "%s: bad dice", expr);
	rng_seed(&r, rng_seedword(seed), "unit");
	out_init("unit", 0);
	for (i = 0; i < n; i++) {
		out_i64(dice_roll(&d, &r, NULL));
		out_bytes("\n", 1);
	}
	out_close();
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
	static const char *const fields[] = { "turn", "word", "text", NULL };

	out_init("unit", 0);
	rec_json(strcmp(form, "json") == 0);
	rec_begin(fields, 1);
	rec_str(word);
	rec_text("%s", text);
	rec_end();
	out_close();
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
	} else if (argc == 3 && strcmp(argv[1], "table") == 0) {
		print_table(argv[2]);
	} else if (argc == 5 && strcmp(argv[1], "record") == 0) {
		print_record(argv[2], argv[3], argv[4]);
	} else {
		fprintf(stderr, "usage: unit splitmix|xoshiro|fnv|seed|state|dice|roll|table|record ARGS\n");
		return EXIT_BAD;
	}
	return fflush(stdout) == 0 ? EXIT_OK : EXIT_IO;
}
