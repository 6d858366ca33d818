/*
 * hazdie: the table hazard's die rolls under a rules name (rules.c's
 * hazard_table), as -D, -e and -a change it (hazard(6)).
 */
#ifndef DELVING_HAZDIE_H
#define DELVING_HAZDIE_H

#include "table.h"

struct hazdie {
	struct tbl table;
	struct tbl_row rows[TBL_ROWS_MAX];	/* the built-in rows, changed */
	char	 fatigue_text[128];	/* 001 -D: the fatigue row's sentence */
	char	 damage_text[128];	/* 001 -D: the next turn's, "" the seed's */
};

void	 hazdie_init(struct hazdie *d, int rules, long damage, const char *die);
void	 hazdie_cautious(struct hazdie *d, int rules, int adv);

#endif
