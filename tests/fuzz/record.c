/* fuzz the record reader of filter mode: every line read is copied or refused. */
#include <stdio.h>

#include "fuzz.h"
#include "record.h"

static void
read_all(FILE *fp)
{
	struct rec_in r = { 0 };

	out_init("fuzz", 0);
	while (rec_read(&r, fp))
		if (r.prog >= 0 && (r.nf < 3 || r.f[r.nf - 1] == NULL))
			__builtin_trap();
	out_flush();
	rec_free(&r);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE *fp;

	fuzz_file(data, 0);	/* stdout to /dev/null */
	if (size == 0 || (fp = fmemopen((void *)data, size, "r")) == NULL)
		return 0;
	FUZZ_GUARDED(read_all(fp));
	fclose(fp);
	return 0;
}
