/*
 * fuzz the table reader, every form: a loaded table covers its die exactly
 * (d66: the 36 totals of tens and units), and each row's dice roll.
 */
#include <stdlib.h>

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
		tbl_entry(&e, t.rows[i].text, &r, i & 3);
	tbl_free(&t);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file(data, size);

	FUZZ_GUARDED(load(path));
	return 0;
}
