/* fuzz the record reader of filter mode: every line read is copied or refused. */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "fuzz.h"
#include "record.h"

static void
read_all(int fd)
{
	struct rec_in r = { 0 };

	out_init("fuzz", 0);
	while (rec_read(&r, fd))
		if (r.prog >= 0 && (r.nf < 3 || r.f[r.nf - 1] == NULL))
			__builtin_trap();
	out_flush();
	rec_free(&r);
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
