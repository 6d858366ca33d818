/*
 * fuzz a program (built with -DPROG=\"name\" -Dmain=program_main): its
 * option values, its state file, its party file, its table file and its
 * input stream.  The input's first byte picks what the rest of it is:
 *	o  options, one argument a line (no -f, -n or -w: nothing written, few turns)
 *	s  the state file of -f          p  the party file of -p
 *	t  the table file of -t          i  the record stream on stdin
 * A kind the program does not read is fed to it as options.
 */
#include <stdio.h>
#include <string.h>

#include "fuzz.h"

int program_main(int, char **);

struct mode {
	const char *prog;
	char	 kind;
	const char *args[8];	/* "@" stands for the input's file */
};

static const struct mode modes[] = {
	{ "hazard", 's', { "-f", "@", "-s", "1", "-n", "3" } },
	{ "hazard", 'p', { "-p", "@", "-s", "1", "-n", "8" } },
	{ "hazard", 't', { "-t", "@", "-s", "1", "-n", "8" } },
	{ "light", 's', { "-f", "@", "-s", "1", "-n", "3", "tick" } },
	{ "light", 'i', { "-s", "1", "-l", "torch,lantern", "-" } },
	{ "timedice", 's', { "-f", "@", "-s", "1", "-n", "3", "turn" } },
	{ "timedice", 'p', { "-p", "@", "-s", "1", "-n", "30", "hour" } },
	{ "timedice", 'i', { "-s", "1", "-" } },
	{ "reaction", 'p', { "-p", "@", "-s", "1", "surprise" } },
	{ "reaction", 'i', { "-s", "1", "-" } },
	{ "chase", 'p', { "-p", "@", "-s", "1", "uneven" } },
	{ "return", 'p', { "-p", "@", "-s", "1", "-l", "4", "dangerous" } },
	{ "roll", 't', { "-t", "@", "-s", "1", "-n", "3" } },
	{ "roll", 'i', { "-s", "1", "-v" } },	/* expressions on stdin */
};

static int
run_mode(const struct mode *m, const char *path)
{
	const char *args[16] = { PROG };
	int i, n = 1;

	for (i = 0; i < 8 && m->args[i] != NULL; i++)
		args[n++] = strcmp(m->args[i], "@") == 0 ? path : m->args[i];
	args[n] = NULL;
	if (m->kind == 'i' && freopen(path, "r", stdin) == NULL)
		return 0;
	fuzz_main(program_main, args);
	return 1;
}

/* Options: no argument that could write a file (-f, -w) or roll for long (-n). */
static void
run_options(const uint8_t *data, size_t size)
{
	static char buf[512];
	const char *args[32] = { PROG };
	int n = 1;
	char *p;

	if (size >= sizeof buf)
		return;
	memcpy(buf, data, size);
	buf[size] = '\0';
	for (p = strtok(buf, "\n"); p != NULL && n < 28; p = strtok(NULL, "\n"))
		if (p[0] != '-' || strpbrk(p, "fnw") == NULL)
			args[n++] = p;
	args[n] = NULL;
	fuzz_file(data, 0);
	fuzz_main(program_main, args);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t i;

	if (size == 0)
		return 0;
	for (i = 0; i < sizeof modes / sizeof modes[0]; i++)
		if (data[0] == modes[i].kind && strcmp(modes[i].prog, PROG) == 0 &&
		    run_mode(&modes[i], fuzz_file(data + 1, size - 1)))
			return 0;
	run_options(data + 1, size - 1);
	return 0;
}
