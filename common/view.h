/*
 * view: a record stream shown to a person (delve(6) OUTPUT): each turn's
 * sentences aligned after the turn and the clock at its end; or the
 * records as they are; or each as a JSON object.
 */
#ifndef DELVING_VIEW_H
#define DELVING_VIEW_H

#include <stddef.h>
#include <stdint.h>

enum view_form { VIEW_PEOPLE, VIEW_RAW, VIEW_JSON };

void	 view_records(char *buf, size_t len, enum view_form form, uint64_t start,
	     uint64_t prev);

#endif
