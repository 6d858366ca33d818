/*
 * session: a delve(6) session directory.  The state files of one command
 * are a generation, g.N; the symbolic link "state" names the current one
 * and is the single point of commit; "log" holds every record, its length
 * at each generation kept in g.N/delve, the last command's records in
 * g.N/records until the next commit.  The lock is flock(2) on the
 * directory itself, so no lock file exists.  ses_load reads and checks
 * and writes nothing; ses_begin and ses_undo first complete what a
 * command cut short left.  A committed generation's files are mode 0444
 * and its delve file keeps a checksum of each (sum NAME HEX): a command
 * that changes the session refuses to start from one that changed.
 */
#ifndef DELVING_SESSION_H
#define DELVING_SESSION_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SES_TABLES_MAX 16	/* -T tables a session keeps */
#define SES_KEEP 8		/* the undo steps kept: generations past the current */
#define SES_EXIT_MADE 4	/* an error after the commit: delve(6) EXIT STATUS */
#define SES_SUMS_MAX (8 + SES_TABLES_MAX)	/* files a generation sums */

struct kwf;

/* The state files that count the turns, each a clock kept in step. */
#define SES_CLOCKS 3
#define SES_WORD_MAX 64	/* a value kept, its end cut */
extern const char *const ses_clock_files[];	/* hazard, light, timedice */

/*
 * What a command starts from in those files: each one's turn, timedice's
 * day and time ("" where a file has none), read once a generation by
 * ses_keys, and only when asked, so that undo, log and check go on where
 * a state file is damaged.
 */
struct ses_keys {
	unsigned long gen;	/* the generation read, when read */
	int	 read;
	char	 turn[SES_CLOCKS][SES_WORD_MAX];
	char	 day[SES_WORD_MAX], time[SES_WORD_MAX];
};

struct session {
	const char *dir;
	int	 dfd;		/* the directory, locked */
	char	 newdir[32];	/* this command's work directory, .new.PID */
	char	*seed, *rules, *lights, *clock;	/* the session file */
	char	*dice;		/* its dialect (delve new -D), or NULL */
	char	*from;		/* from PREV GEN SUM: the session it continues */
	int	 party;		/* a party file is kept */
	int	 ntables;	/* -T tables kept as table.KEY: */
	char	*table_key[SES_TABLES_MAX];	/* KEY */
	char	*table_pick[SES_TABLES_MAX];	/* its #HEADING, or "-" */
	unsigned long gen;	/* the current generation */
	uint64_t turn, calls;
	long long logsize;	/* the log's committed length: g.N/delve's log */
	int	 logfd;		/* the log, read only, or -1 */
	long long logat;	/* its committed bytes on disk: the first logat */
	int	 pendfd;	/* g.N/records when the log lacks its tail, or -1 */
	long long pending;	/* that tail: the whole of g.N/records */
	int	 recfd;		/* this command's records, .new.PID/records, or -1 */
	int	 writing;	/* this command changes the session */
	char	*command;	/* the command that made the generation, or NULL */
	int	 nsums;		/* the generation's files and their checksums */
	char	*sum_name[SES_SUMS_MAX];
	uint64_t sum[SES_SUMS_MAX];
	const char *editing;	/* delve edit's file: changed by hand, it may be */
	unsigned whole;		/* the generation's own sums kept: SES_SUM_* */
	uint64_t self_sum, rec_sum, ses_sum;	/* its delve file, records, session */
	long long rec_len;	/* its records' length (records N), or -1 */
	char	*strange;	/* a file in it that is not the suite's, or NULL */
	int	*unsynced, nunsynced;	/* files written with no fsync, open */
	struct ses_keys keys;	/* ses_keys's, private */
};

/* The sums a generation's delve file keeps of the files but the programs'. */
enum { SES_SUM_SELF = 1, SES_SUM_RECORDS = 2, SES_SUM_SESSION = 4 };

void	 ses_open(struct session *s, const char *dir, int create);
void	 ses_lock(struct session *s, const char *dir, int create);
void	 ses_lock_shared(struct session *s, const char *dir);
int	 ses_empty(const struct session *s);
void	 ses_wipe(struct session *s);
int	 ses_unfinished(const struct session *s);
void	 ses_load(struct session *s);
char	*ses_path(const struct session *s, const char *gen, const char *name);
char	*ses_genname(unsigned long gen);
char	*ses_gen_path(const struct session *s, const char *name);
void	 ses_begin(struct session *s, int link_current);
void	 ses_commit(struct session *s, const char *rec, size_t n, uint64_t turns,
	     int call);
int	 ses_records(struct session *s);
FILE	*ses_create(const struct session *s, const char *sub, const char *name);
char	*ses_log_text(const struct session *s, long long from, size_t *len);
void	 ses_put(struct session *s, const char *name, const char *text,
	     size_t len, int durable);
void	 ses_abort(struct session *s);
void	 ses_undo(struct session *s, void (*say)(void *, uint64_t), void *arg);
void	 ses_prune(struct session *s);
void	 ses_close(struct session *s);
int	 ses_changed(const struct session *s, const char *name);
uint64_t ses_file_sum(const struct session *s, const char *name);
int	 ses_say_changed(const struct session *s);
void	 ses_refuse_changed(const struct session *s, const char *except);
/* A keyword's value ("" if none), read by ses_take_key through ses_read. */
struct ses_key {
	const char *key;
	char	 val[SES_WORD_MAX];
};

int	 ses_take_key(void *arg, char **w, int nw, const struct kwf *f);
const char	*ses_value(const struct session *s, const char *file,
	    const char *key, struct ses_key *k);
const struct ses_keys *ses_keys(const struct session *s);
uint64_t ses_clock(const struct session *s);
uint64_t ses_start(const struct session *s);
void	 ses_refuse_drift(const struct session *s);
/* Each line of the keyword file PATH to LINE; kwf_bad says its errors. */
int	 ses_read(const char *path, int (*line)(void *, char **, int,
	     const struct kwf *), void *arg);

#endif
