/*
 * lampstate: light's state file (light(6) FILES), one keyword a line: the
 * rules, the turn, darkvision, 004's daylight and snow, a "source" line
 * for each light source, and the generator.  Read and written through
 * kwf; lamp_check then holds each source against the rules in force.
 */
#ifndef DELVING_LAMPSTATE_H
#define DELVING_LAMPSTATE_H

#include <stddef.h>

#include "kwf.h"
#include "lamp.h"
#include "rng.h"

#define LAMP_LEFT_MAX	1000000	/* a source's turns left, as a file says them */

void	 lampstate_load(struct lamp *l, struct stream *st, struct kwf *f);
void	 lampstate_put(const struct lamp *l, const struct stream *st,
	     struct kwf *f);
void	 lampstate_say_state(const struct lamp *l,
	     const struct lamp_source *src, int hours, char *buf, size_t size);
void	 lampstate_say(const struct lamp *l, const struct lamp_source *src,
	     int hours, char *buf, size_t size);
void	 lampstate_say_sight(const struct lamp *l, char *buf, size_t size);
int	 lampstate_say_spent(const struct lamp *l, char *buf, size_t size);

#endif
