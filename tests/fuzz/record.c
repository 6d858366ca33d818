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
	struct rec_writer *w = rec_writer_open("light", 0);
	struct rec_reader *rd = rec_open(fd, w);
	const struct rec *r;

	rec_as_read(w);
	rec_begin(w, REC_LAYOUT(LIGHT_PARTY), 0);
	rec_str(w, "party");
	rec_str(w, "-");
	rec_str(w, "dim");
	rec_str(w, "-");
	rec_text(w, "Made before the first line.");
	rec_end(w);
	while ((r = rec_read(rd)) != NULL)
		if (r->prog >= 0 && (r->nf < 3 || r->f[r->nf - 1] == NULL))
			__builtin_trap();
	rec_close(rd);
	rec_writer_close(w);
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
