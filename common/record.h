/*
 * record: the suite's line-based record stream (delving(7)), by job:
 * out.c the output buffer, layout.c every program's kinds of record,
 * recwrite.c writing records as TAB fields or JSON Lines, recread.c
 * reading them in either spelling, copying every input line through and
 * refusing a malformed record of the suite.
 */
#ifndef DELVING_RECORD_H
#define DELVING_RECORD_H

#include <stdint.h>
#include <sys/types.h>

#include "layout.h"
#include "out.h"

/*
 * Writing (recwrite.c).  A program owns its writer, made by
 * rec_writer_open and passed to every call; rec_writer_close flushes and
 * checks standard output before exit.  A record is rec_begin with its
 * layout, then each field after the turn in the layout's order, then
 * rec_end; a line that is no record (rec_line) has all of its fields.
 */
struct rec_writer;		/* opaque */
#define REC_TEXT_MAX 2048	/* a sentence's bytes, its NUL counted (rec_text) */

struct rec_writer *rec_writer_open(const char *prog, int unbuffered);
void	 rec_writer_close(struct rec_writer *w);
struct out_buf *rec_out(struct rec_writer *w);
void	 rec_json(struct rec_writer *w, int on);
void	 rec_spell(struct rec_writer *w, int json);
void	 rec_as_read(struct rec_writer *w);
int	 rec_json_on(const struct rec_writer *w);
void	 rec_begin(struct rec_writer *w, const struct rec_layout *l,
	     uint64_t turn);
void	 rec_line(struct rec_writer *w, const struct rec_layout *l);
void	 rec_str(struct rec_writer *w, const char *s);
void	 rec_strs(struct rec_writer *w, const char *const *part, int n);
void	 rec_num(struct rec_writer *w, const char *s);
void	 rec_u64(struct rec_writer *w, uint64_t v);
void	 rec_i64(struct rec_writer *w, int64_t v);
void	 rec_text(struct rec_writer *w, const char *fmt, ...)
	     __attribute__((format(printf, 2, 3)));
void	 rec_end(struct rec_writer *w);
void	 rec_delve(struct rec_writer *w, uint64_t turn, const char *name,
	     const char *key, const char *change, const char *text);
void	 rec_fields_json(struct rec_writer *w, const struct rec_layout *l,
	     const char *const *f);
void	 rec_tsv_json(struct rec_writer *w, const struct rec_layout *l,
	     char *line, size_t len);
/*
 * A tail for rec_prepared (rec_tail_make makes it) is readable to
 * REC_TAIL_READ bytes at least, and to a whole number of REC_BLOCK bytes.
 */
#define REC_BLOCK 32
#define REC_TAIL_READ 128
char	*rec_tail_make(const char *const *words, size_t *len);
void	 rec_prepared(struct rec_writer *w, const struct rec_layout *l,
	     uint64_t turn, const char *tail, size_t n);

/*
 * Records made once and said again: a record's fields after its turn,
 * kept by a number the caller gives for all that made them (a character,
 * the light, the roll), written again with rec_prepared.  TAB only.
 */
struct rec_memo {
	size_t	 n;
	char	**tail;		/* NULL: not made yet */
	size_t	*len;
};
void	 rec_memo_open(struct rec_memo *m, size_t n);
void	 rec_memo_close(struct rec_memo *m);
int	 rec_memo_say(struct rec_writer *w, const struct rec_memo *m, size_t i,
	     const struct rec_layout *l, uint64_t turn);
int	 rec_memo_begin(struct rec_writer *w, const struct rec_memo *m,
	     size_t i, const struct rec_layout *l, uint64_t turn);
void	 rec_memo_keep(struct rec_writer *w, struct rec_memo *m, size_t i);

/*
 * Reading (recread.c).  A record read stays in the reader's buffer until
 * the next read; a suite record's fields are split into f[], TAB or JSON.
 */
struct rec {
	const char *f[REC_FIELDS_MAX];	/* f[0] the program's name; the reader's bytes */
	int	 nf;		/* 0 when the line is not a record of the suite */
	int	 prog;		/* an enum rec_prog, or -1 */
	int	 json;		/* a suite record read as JSON */
	uint64_t turn;		/* field 2 of a suite record */
};
struct rec_reader;		/* opaque */

struct rec_reader *rec_open(int fd, struct rec_writer *w);
const struct rec *rec_next(struct rec_reader *rd);
const struct rec *rec_read(struct rec_reader *rd);
void	 rec_pass(struct rec_reader *rd);
void	 rec_hold(struct rec_reader *rd);
int	 rec_held(const struct rec_reader *rd);
void	 rec_release(struct rec_reader *rd);
int	 rec_turns(struct rec_reader *rd);
void	 rec_close(struct rec_reader *rd);
void	 rec_on_bad(struct rec_reader *rd, void (*on_bad)(const char *said));

#endif
