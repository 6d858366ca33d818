/*
 * fuzz the table reader, every form: a loaded table covers its die exactly
 * (d66: the 36 totals of tens and units), and each row's dice and tables
 * roll.  An input is Markdown, or JSON by its first byte, as the reader
 * tells them; one that starts "CSV\n" or "TSV\n" is the rest read as a
 * .csv or .tsv file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "table.h"

static int
rollable(const struct tbl *t, long v)
{
	return !tbl_d66(t) || (v >= 11 && v % 10 >= 1 && v % 10 <= 6);
}

static void
load(const char *path)
{
	static struct tbl_entry e;
	struct rng r;
	struct tbl t;
	long v;
	int i;

	tbl_load(&t, path);
	for (v = dice_min(&t.die); v <= dice_max(&t.die) && v < dice_min(&t.die) + 4096; v++)
		if (rollable(&t, v) && tbl_lookup(&t, v) == NULL)
			abort();
	rng_seed(&r, 1, "fuzz");
	for (i = 0; i < t.nrows; i++)
		tbl_row_entry(&e, &t, &t.rows[i], &r, i & 3);
	tbl_free(&t);
}

/* The file the input is, named for its format. */
static const char *
named(const uint8_t *data, size_t size)
{
	static char as[80];
	const char *path;

	if (size < 4 || (memcmp(data, "CSV\n", 4) != 0 &&
	    memcmp(data, "TSV\n", 4) != 0))
		return fuzz_file(data, size);
	path = fuzz_file(data + 4, size - 4);
	snprintf(as, sizeof as, "%s.%s", path, data[0] == 'C' ? "csv" : "tsv");
	if (rename(path, as) != 0)
		abort();
	return as;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = named(data, size);

	FUZZ_GUARDED(load(path));
	return 0;
}
