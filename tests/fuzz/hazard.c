/*
 * fuzz hazard: its state file (the input is the file, then one turn is
 * taken) and its option values (the input split at newlines is argv).
 */
#include <string.h>

#include "fuzz.h"

int hazard_main(int, char **);

static void
as_state(const uint8_t *data, size_t size)
{
	const char *args[] = { "hazard", "-f", NULL, "-s", "1", NULL };

	args[2] = fuzz_file(data, size);
	fuzz_main(hazard_main, args);
}

static void
as_options(const uint8_t *data, size_t size)
{
	static char buf[512];
	const char *args[32] = { "hazard" };
	int n = 1;
	char *p;

	if (size >= sizeof buf)
		return;
	memcpy(buf, data, size);
	buf[size] = '\0';
	for (p = strtok(buf, "\n"); p != NULL && n < 28; p = strtok(NULL, "\n"))
		if (p[0] != '-' || strpbrk(p, "fn") == NULL)	/* no state files, few turns */
			args[n++] = p;
	args[n++] = "-n";
	args[n++] = "3";
	args[n] = NULL;
	fuzz_file(data, 0);
	fuzz_main(hazard_main, args);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 0 && data[0] == '-')
		as_options(data, size);
	else
		as_state(data, size);
	return 0;
}
