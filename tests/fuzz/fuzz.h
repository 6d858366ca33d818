/*
 * fuzz: what every libFuzzer harness of tests/fuzz/ shares.  The suite's
 * parsers end the process on bad input (err(3), exit(3)); linked with
 * -Wl,--wrap=exit,--wrap=err,--wrap=errx, those calls return here instead,
 * so one input that is refused does not end the fuzzing run.
 */
#ifndef DELVING_FUZZ_H
#define DELVING_FUZZ_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

extern jmp_buf fuzz_escape;
extern int fuzz_armed;

/* Run body; a refusal (exit, err, errx) jumps back and counts as handled. */
#define FUZZ_GUARDED(body) do {				\
	fuzz_mark_fds();				\
	if (setjmp(fuzz_escape) == 0) {			\
		fuzz_armed = 1;				\
		body;					\
	}						\
	fuzz_armed = 0;					\
	fuzz_close_fds();				\
} while (0)

const char *fuzz_file(const uint8_t *data, size_t size);
void	 fuzz_mark_fds(void);
void	 fuzz_close_fds(void);
int	 fuzz_main(int (*mainfn)(int, char **), const char *const *args);

#endif
