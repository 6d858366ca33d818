/*
 * fuzz the record reader of filter mode: every line read is copied or
 * refused, after a record made before the first line, which takes its
 * spelling (rec_as_read).
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "fuzz.h"
#include "record.h"

static void
read_all(int fd)
{
	struct rec_reader *rd = rec_open(fd);
	const struct rec *r;

	out_init("light", 0);
	rec_json(0);
	rec_as_read();
	rec_begin(REC_LAYOUT(LIGHT_PARTY), 0);
	rec_str("party");
	rec_str("-");
	rec_str("dim");
	rec_str("-");
	rec_text("Made before the first line.");
	rec_end();
	while ((r = rec_read(rd)) != NULL)
		if (r->prog >= 0 && (r->nf < 3 || r->f[r->nf - 1] == NULL))
			__builtin_trap();
	out_flush();
	rec_close(rd);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fd;

	if (size == 0 || (fd = open(fuzz_file(data, size), O_RDONLY)) < 0)
		return 0;	/* fuzz_file: stdout to /dev/null */
	FUZZ_GUARDED(read_all(fd));
	close(fd);
	return 0;
}
