/* fuzz the dice parser: any string; what parses must roll within its range. */
#include <stdlib.h>
#include <string.h>

#include "dice.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char s[64];
	struct dice d;
	struct rng r;
	long v;

	if (size >= sizeof s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (dice_parse(&d, s) != NULL)
		return 0;
	rng_seed(&r, size, "fuzz");
	v = dice_roll(&d, &r, NULL);
	if (v < dice_min(&d) || v > dice_max(&d))
		abort();
	return 0;
}
