/*
 * record: the suite's line-based record stream (delving(7)).  Writing goes
 * through one output buffer, checked before exit, as TAB-separated fields or
 * with rec_json(1) as JSON Lines; reading copies every input line through
 * unchanged and refuses a malformed record of the suite.
 */
#ifndef DELVING_RECORD_H
#define DELVING_RECORD_H

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#define REC_FIELDS_MAX 16

void	 out_init(const char *prog, int unbuffered);
void	 out_bytes(const char *s, size_t n);
void	 out_str(const char *s);
void	 out_u64(uint64_t v);
void	 out_i64(int64_t v);
void	 out_flush(void);
void	 out_close(void);

/*
 * Each kind of record names its fields once, as its man page's OUTPUT
 * does: a static NULL-terminated list, the turn's name ("turn" or "index")
 * first, the sentence's ("text") last; the program's name is not listed.
 * A line that is no record (rec_line) lists all of its fields.
 */
void	 rec_json(int on);
void	 rec_begin(const char *const *names, uint64_t turn);
void	 rec_line(const char *const *names);
void	 rec_str(const char *s);
void	 rec_num(const char *s);
void	 rec_u64(uint64_t v);
void	 rec_i64(int64_t v);
void	 rec_text(const char *fmt, ...)
	     __attribute__((format(printf, 1, 2)));
void	 rec_end(void);
void	 rec_tail(const char *tail, size_t n);
/*
 * A tail for rec_prepared is readable to REC_TAIL_READ bytes at least,
 * and to a whole number of REC_BLOCK bytes.
 */
#define REC_BLOCK 32
#define REC_TAIL_READ 128
void	 rec_prepared(const char *const *names, uint64_t turn,
	     const char *tail, size_t n);

enum rec_prog {		/* the suite's programs, in the order of rec_progs */
	REC_HAZARD, REC_LIGHT, REC_TIMEDICE, REC_REACTION, REC_CHASE,
	REC_RETURN, REC_ROLL
};

/*
 * A line read: it stays in the input buffer until the next read, split in
 * place into its fields when it is a record of the suite.
 */
struct rec_in {
	char	*line;		/* the line, without its newline */
	size_t	 len;
	char	*f[REC_FIELDS_MAX];
	int	 nf;		/* 0 when the line is not a record of the suite */
	int	 prog;		/* an enum rec_prog, or -1 */
	uint64_t turn;		/* field 2 of a suite record */
	unsigned long lineno;
	uint64_t last;		/* rec_turns: the turn of the last suite record */
	int	 seen;		/* rec_turns: a suite record was read */
	char	*in;		/* the input buffer: */
	size_t	 incap;		/* its size, */
	size_t	 inpos, inend;	/* the bytes not yet read as lines, */
	size_t	 inscan;	/* the first of them not searched for a newline */
	int	 ineof;
};

extern const char *const rec_progs[];

int	 rec_read(struct rec_in *r, int fd);
int	 rec_next(struct rec_in *r, int fd);
void	 rec_pass(const struct rec_in *r);
void	 rec_hold(const struct rec_in *r);
int	 rec_held(void);
void	 rec_release(void);
int	 rec_travel(const struct rec_in *r);
int	 rec_turns(struct rec_in *r);
void	 rec_free(struct rec_in *r);

#endif
