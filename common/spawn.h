/*
 * spawn: the suite's programs run as a pipeline by fork and exec, found
 * beside the running program's own executable, else on PATH (delve(6)).
 */
#ifndef DELVING_SPAWN_H
#define DELVING_SPAWN_H

#include <stddef.h>

#define SP_STAGES_MAX 8
#define SP_MSG_MAX 512

struct sp_result {
	int	 stage;		/* the stage that failed, or -1 */
	int	 status;	/* its exit status; 3 when a signal ended it */
	char	 msg[SP_MSG_MAX];	/* its first line on stderr, or why it ended */
};

void	 sp_init(const char *argv0);
int	 sp_run(char **const argv[], int n, int outfd, char **out, size_t *outlen,
	     struct sp_result *res);

#endif
