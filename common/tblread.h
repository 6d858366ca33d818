/*
 * tblread: what a table file's reader hands to the table reader (table.c):
 * rows as the file has them (ranges or weights, their text as written,
 * where each stands), the die if the file says one.  One reader a format:
 * tblmd.c (delving's Markdown and Obsidian's), tbljson.c (Foundry VTT),
 * tblcsv.c (CSV and TSV).
 */
#ifndef DELVING_TBLREAD_H
#define DELVING_TBLREAD_H

#include "dice.h"

#define TBL_ROWS_MAX 256	/* a die table of a program's rules (hazard -t) */
#define TBL_FILE_ROWS_MAX 65536	/* the rows of a table read from a file */
#define TBL_TEXT_MAX 1024
#define TBL_LINES_MAX 100000	/* the longest document read */
#define TBL_FILE_MAX (16L << 20)	/* the largest JSON or CSV file read */
#define TBL_WEIGHT_MAX 1000000	/* a row's weight; their total at most DICE_SIDES_MAX */
#define TBL_DEPTH_MAX 8		/* tables that roll tables, one inside another */
#define TBL_NESTED_MAX 64	/* the tables one table brings in, itself included */
#define TBL_DRAW_TRIES 1000000	/* rolls for a row not drawn yet, at most */

struct tb_row {
	long	 lo, hi;	/* the die's totals; with a weight, none yet */
	long	 weight;	/* 0: the row has a range */
	char	*text;		/* as written: dice and [[references]] unrolled */
	char	*key;		/* a key column's cell, or NULL */
	unsigned long at;	/* its line, or (JSON) its byte offset */
	const char *path;	/* its file: the tb's path, or a folder's file */
	int	 drawn;		/* Foundry's drawn: true */
};

struct tb {
	const char *path;	/* as errors name it */
	const char *want;	/* FILE#NAME: NAME, else NULL */
	const char *col;	/* FILE#NAME|Header: Header, else NULL */
	const char *ref;	/* "FILE:LINE: [[NAME]]" of the row that rolls it, or NULL */
	int	 at_offset;	/* at is a byte offset */
	struct tb_row *row;
	int	 n, alloc;
	struct dice die;
	int	 have_die;
	int	 norepl;	/* drawn without replacement (Foundry) */
	char	*name;		/* the table's name in its file, or NULL */
	char	**files;	/* a folder's files, which its rows' paths name */
	size_t	 nfiles;
};

_Noreturn void tb_bad(const struct tb *b, unsigned long at, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
_Noreturn void tb_bad_row(const struct tb *b, const struct tb_row *r,
	    const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void	 tb_row(struct tb *b, long lo, long hi, long weight, const char *text,
	     const char *key, unsigned long at);
const char *tb_range(const char *s, long *lo, long *hi);
int	 tb_ranges(struct tb *b, const char *cell, const char *text,
	     const char *key, unsigned long at);
const char *tb_weight(const char *s, long *w);
char	*tb_slurp(const char *path, size_t *len);
char	*tb_trim(char *s);
int	 tb_die_cell(const char *s, struct dice *d);
_Noreturn void tb_none(const struct tb *b, const char *why, const char *by,
	    const char *list);

#endif
