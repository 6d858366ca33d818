/*
 * proc: the suite's programs run as a pipeline by fork and exec, found
 * beside the running program's own executable, else on PATH (delve(6)).
 */
#ifndef DELVING_PROC_H
#define DELVING_PROC_H

#include <stddef.h>

#define PROC_STAGES_MAX 8
#define PROC_MSG_MAX 512

struct proc_result {
	int	 stage;		/* the stage that failed, or -1 */
	int	 status;	/* its exit status; 3 when a signal ended it */
	char	 msg[PROC_MSG_MAX];	/* its first line on stderr, or why it ended */
};

/*
 * An argument vector built word by word, NULL-terminated as it grows:
 * av_add borrows the word (av_addv N words), av_own takes an allocated one, av_addf makes
 * one; av_free frees the vector and the words it owns.  Start from
 * { 0 }; .v is argv for execv and proc_run.
 */
struct argv_b {
	char	**v;
	unsigned char *own;	/* own[i]: v[i] is freed with the vector */
	size_t	 n, cap;
};

void	 av_add(struct argv_b *b, const char *word);
void	 av_addv(struct argv_b *b, int n, char *const *words);
void	 av_own(struct argv_b *b, char *word);
void	 av_addf(struct argv_b *b, const char *fmt, ...)
	     __attribute__((format(printf, 2, 3)));
void	 av_free(struct argv_b *b);

void	 proc_init(const char *argv0);
int	 proc_run(char **const argv[], int n, int outfd, char **out, size_t *outlen,
	     struct proc_result *res);
int	 proc_run_from(char **const argv[], int n, int infd, int outfd,
	     char **out, size_t *outlen, struct proc_result *res);

#endif
