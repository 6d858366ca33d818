/* fuzz the party file reader. */
#include "fuzz.h"
#include "party.h"

static struct party p;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file(data, size);

	FUZZ_GUARDED(party_load(&p, path); party_need(&p, PK_CON));
	return 0;
}
