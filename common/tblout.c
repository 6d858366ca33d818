/*
 * tblout: a table as read, whatever its format, written back in delving's
 * Markdown (delving(7) TABLE FILES): the die, a row "RANGE TEXT" for each
 * row, its key said where the text would not give it, and each table it
 * rolls under a heading of its own, its references pointing there.  Read
 * again, it rolls the same rows from the same draws: a session keeps its
 * tables so (delve new -T), one file however many the table drew on.
 */
#include <stdio.h>
#include <string.h>

#include "table.h"
#include "util.h"

/* The tables to write: the one given, then each it rolls, once each. */
int
tbl_gather(const struct tbl *t, const struct tbl **all, int n)
{
	int i, k;

	for (i = 0; i < n; i++)
		if (all[i] == t)
			return n;
	all[n++] = t;
	for (i = 0; t->more != NULL && i < t->nrows; i++)
		for (k = 0; k < t->more[i].nsub; k++)
			n = tbl_gather(t->more[i].sub[k], all, n);
	return n;
}

static int
index_of(const struct tbl *t, const struct tbl **all, int n)
{
	int i;

	for (i = 0; i < n && all[i] != t; i++)
		;
	return i;
}

/* A row's text with each [[reference]] made [[#tN]], its table's heading. */
static void
put_text(FILE *fp, const struct tbl *t, int r, const struct tbl **all, int n)
{
	const char *p = t->rows[r].text;
	size_t len;
	int k = 0;

	while (*p != '\0') {
		if ((len = tbl_ref_len(p)) > 0 && t->more != NULL &&
		    k < t->more[r].nsub) {
			fprintf(fp, "[[#t%d]]", index_of(t->more[r].sub[k++], all, n));
			p += len;
		} else
			fputc(*p++, fp);
	}
}

static void
put_table(FILE *fp, const struct tbl *t, const struct tbl **all, int n)
{
	char die[32], key[40];
	int i;

	dice_format(&t->die, die, sizeof die);
	fprintf(fp, "die: %s%s\n", die, t->norepl ? " without replacement" : "");
	for (i = 0; i < t->nrows; i++) {
		if (t->rows[i].lo == t->rows[i].hi)
			fprintf(fp, "%ld ", t->rows[i].lo);
		else
			fprintf(fp, "%ld-%ld ", t->rows[i].lo, t->rows[i].hi);
		tbl_key(key, sizeof key, t->rows[i].text);
		if (strcmp(key, t->rows[i].key) != 0 || tbl_ref_len(t->rows[i].text) > 0)
			fprintf(fp, "key: %s ", t->rows[i].key);
		put_text(fp, t, i, all, n);
		fputc('\n', fp);
	}
}

/* T in Markdown on FP; the heading to pick it by ("t0"), or NULL if it needs none. */
const char *
tbl_write(const struct tbl *t, FILE *fp)
{
	const struct tbl *all[TBL_NESTED_MAX + 1];
	int n = tbl_gather(t, all, 0), i;

	fprintf(fp, "# %s, as delving read it (delving(7) TABLE FILES)\n", t->name);
	if (n == 1) {
		put_table(fp, t, all, n);
		return NULL;
	}
	for (i = 0; i < n; i++) {
		fprintf(fp, "\n## t%d\n\n", i);
		put_table(fp, all[i], all, n);
	}
	return "t0";
}

/* Whether a row of T rolls another table. */
int
tbl_nested(const struct tbl *t)
{
	int i;

	for (i = 0; t->more != NULL && i < t->nrows; i++)
		if (t->more[i].nsub > 0)
			return 1;
	return 0;
}
