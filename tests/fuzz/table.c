/* fuzz the table reader, both forms: a loaded table covers its die exactly. */
#include <stdlib.h>

#include "fuzz.h"
#include "table.h"

static void
load(const char *path)
{
	struct tbl t;
	long v;

	tbl_load(&t, path);
	for (v = dice_min(&t.die); v <= dice_max(&t.die) && v < dice_min(&t.die) + 4096; v++)
		if (tbl_lookup(&t, v) == NULL)
			abort();
	tbl_free(&t);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file(data, size);

	FUZZ_GUARDED(load(path));
	return 0;
}
