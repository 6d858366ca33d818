/*
 * reactstate: reaction's state file (reaction(6) FILES): the generator,
 * so that a stream continues across runs (a delve(6) session's turns),
 * and what the stream last said that surprises the party (the dark, a
 * hasty pace), so that N runs of one turn say what one run of N turns
 * says, and the rows of its -T tables drawn without replacement.  Read
 * and written through kwf.
 */
#ifndef DELVING_REACTSTATE_H
#define DELVING_REACTSTATE_H

#include "drawn.h"
#include "kwf.h"
#include "rng.h"

void	 reactstate_load(struct stream *st, int *dark, int *hasty,
	     struct drawn *d, struct kwf *f);
void	 reactstate_put(const struct stream *st, int dark, int hasty,
	     const struct drawn *d, struct kwf *f);

#endif
