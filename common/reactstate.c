/*
 * reactstate: reaction's state file (reaction(6) FILES): seed, rng, dark,
 * hasty and drawn, a bad line refused with FILE:LINE.
 */
#include <string.h>

#include "reactstate.h"
#include "util.h"

/* A "dark" or "hasty" line: yes or no. */
static int
flag_line(const struct kwf *f, char **w, int nw)
{
	if (nw != 2)
		kwf_bad(f, "%s: expected yes or no", w[0]);
	return kwf_flag(f, w[0], w[1]);
}

/* The state in F, over what ST, DARK, HASTY and D hold. */
void
reactstate_load(struct stream *st, int *dark, int *hasty, struct drawn *d,
    struct kwf *f)
{
	char *w[KWF_WORDS_MAX];
	int nw;

	while ((nw = kwf_next(f, w)) > 0)
		if (strcmp(w[0], "dark") == 0)
			*dark = flag_line(f, w, nw);
		else if (strcmp(w[0], "hasty") == 0)
			*hasty = flag_line(f, w, nw);
		else if (!drawn_line(d, f, w, nw) && !kwf_stream(f, w, nw, st))
			kwf_bad(f, "expected seed, rng, dark, hasty or drawn");
}

/* The state's lines into F: written back when one moved (kwf_commit). */
void
reactstate_put(const struct stream *st, int dark, int hasty,
    const struct drawn *d, struct kwf *f)
{
	kwf_put_stream(f, st);
	kwf_put(f, "dark %s", yes_no[dark]);
	kwf_put(f, "hasty %s", yes_no[hasty]);
	drawn_put(d, f);	/* -T tables drawn without replacement */
}
