/*
 * drawn: "drawn KEY ROWS" in a state file (drawn.h): the rows of the -T
 * table KEY drawn without replacement so far, as 1-3,7; "none" where the
 * table's file says some start drawn (Foundry's drawn: true) and none is.
 */
#include <stdio.h>
#include <string.h>

#include "drawn.h"
#include "util.h"

/* A state file's "drawn KEY ROWS" line kept in D: 1; any other line: 0. */
int
drawn_line(struct drawn *d, const struct kwf *f, char **w, int nw)
{
	if (nw != 3 || strcmp(w[0], "drawn") != 0)
		return 0;
	if (d->n == DRAWN_MAX)
		kwf_bad(f, "more than %d tables drawn", DRAWN_MAX);
	if (strlen(w[1]) + strlen(w[2]) + 2 > DRAWN_LEN)
		kwf_bad(f, "drawn: longer than %d bytes", DRAWN_LEN - 2);
	snprintf(d->line[d->n++], DRAWN_LEN, "%s %s", w[1], w[2]);
	return 1;
}

void
drawn_put(const struct drawn *d, struct kwf *f)
{
	int i;

	for (i = 0; i < d->n; i++)
		kwf_put(f, "drawn %s", d->line[i]);
}

/* -T ARG, one more of the N in ARGS, at most MAX (hazard, reaction, delve). */
void
drawn_arg(char **args, int *n, int max, char *arg)
{
	if (*n == max)
		esc_errx(EXIT_BAD, "-T: more than %d tables", max);
	args[(*n)++] = arg;
}

/*
 * The -T tables loaded in the order given: each KEY=FILE split (else "-T:
 * 'ARG': expected KEY=FILE, EXAMPLE"), its KEY passed to CHECK if any, its
 * FILE read; a table drawn without replacement whose draws a state file
 * keeps (KEPT) has at most TBL_ROWS_MAX rows.
 */
void
drawn_on_load(struct drawn_on *t, const char *example, int kept,
    drawn_key_fn *check, void *ctx)
{
	struct tbl_on *on;
	char *key, *file;

	for (; t->n < t->nargs; t->n++) {
		if ((file = tbl_on_split(key = t->arg[t->n])) == NULL)
			esc_errx(EXIT_BAD, "-T: '%s': expected KEY=FILE, %s", key,
			    example);
		if (check != NULL)
			check(ctx, key);	/* the tables before it loaded */
		tbl_on_load(on = &t->on[t->n], key, file);
		if (kept && on->draws != NULL && on->t.nrows > TBL_ROWS_MAX)
			esc_errx(EXIT_BAD, "-T %s: a table drawn without replacement "
			    "keeps at most %d rows in a state file", key,
			    TBL_ROWS_MAX);
	}
}

void
drawn_on_free(struct drawn_on *t)
{
	int i;

	for (i = 0; i < t->n; i++)
		tbl_on_free(&t->on[i]);
}

/* Line I's KEY, as a word of KEY's size. */
static void
line_key(const struct drawn *d, int i, char *key, size_t size)
{
	snprintf(key, size, "%s", d->line[i]);
	key[strcspn(key, " ")] = '\0';
}

/*
 * The rows drawn in the runs before, from the state file FILE: each KEY's
 * line is all its table's draws (none drawn but what it names).  A KEY not
 * given this run keeps its line.
 */
void
drawn_from(const struct drawn *d, const struct tbl_on *on, int non,
    const char *file)
{
	const struct tbl_on *t;
	char key[DRAWN_LEN];
	const char *rows;
	int i;

	for (i = 0; i < d->n; i++) {
		line_key(d, i, key, sizeof key);
		rows = d->line[i] + strlen(key) + 1;
		if ((t = tbl_on_find(on, non, key)) == NULL)
			continue;
		if (t->draws == NULL)
			esc_errx(EXIT_BAD, "%s: drawn %s: the table of -T %s is drawn "
			    "with replacement", file, key, key);
		if (!tbl_on_set_drawn(t, rows))
			esc_errx(EXIT_BAD, "%s: drawn %s %s: expected rows 1 to %d of "
			    "its table, as 1-3,7, or none", file, key, rows,
			    t->t.nrows);
	}
}

/* The rows drawn, back into D: each table's line, the other keys' kept. */
void
drawn_to(struct drawn *d, const struct tbl_on *on, int non)
{
	char rows[1000], key[DRAWN_LEN];
	int i, n = 0;

	for (i = 0; i < d->n; i++) {	/* keys not given this run */
		line_key(d, i, key, sizeof key);
		if (tbl_on_find(on, non, key) == NULL)
			memmove(d->line[n++], d->line[i], DRAWN_LEN);
	}
	for (i = 0; i < non && n < DRAWN_MAX; i++) {
		if (!tbl_on_drawn(&on[i], rows, sizeof rows))
			continue;	/* as the table starts (drawn_on_load bounded it) */
		snprintf(d->line[n++], DRAWN_LEN, "%.40s %.1000s", on[i].key, rows);
	}
	d->n = n;
}
