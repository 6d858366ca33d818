/*
 * hazdie: the table hazard's die rolls, the seed's own unless an option
 * changes it: 001's harsh fatigue damage (-D) said in the fatigue row and
 * the next turn, 000's bookkeeping die of N sides (-e), 004's cautious
 * threat die at advantage (-a).
 */
#include <stdio.h>
#include <string.h>

#include "dice.h"
#include "expr.h"
#include "hazdie.h"
#include "rules.h"
#include "util.h"

/*
 * 001: "The damage may be higher [in] dungeons with harsh conditions": the
 * built-in fatigue row and the next turn say the DAMAGE dealt, not the
 * seed's 1.
 */
static void
harsh_fatigue(struct hazdie *d, long damage)
{
	int i;

	snprintf(d->damage_text, sizeof d->damage_text, "The party did not "
	    "rest: each member takes %ld damage from fatigue (harsh "
	    "conditions).", damage);
	snprintf(d->fatigue_text, sizeof d->fatigue_text, "Fatigue: each party "
	    "member takes %ld damage (harsh conditions) unless they spend the "
	    "next turn resting.", damage);
	memcpy(d->rows, d->table.rows, (size_t)d->table.nrows *
	    sizeof d->rows[0]);
	for (i = 0; i < d->table.nrows; i++)
		if (strcmp(d->rows[i].key, "fatigue") == 0)
			d->rows[i].text = d->fatigue_text;
	d->table.rows = d->rows;
}

/* -e DIE (000 bookkeeping): a single die; 1 is an encounter. */
static void
bookkeeping_die(struct hazdie *d, const char *die)
{
	struct expr e;
	const char *why;

	if ((why = expr_parse(&e, die)) != NULL)
		esc_errx(EXIT_BAD, "-e: '%s': %s", die, why);
	if (dice_of(&d->table.die, &e) != NULL || d->table.die.count != 1 ||
	    d->table.die.mod != 0 || d->table.die.sides < 2)
		esc_errx(EXIT_BAD, "-e: '%s': the bookkeeping die must be one plain "
		    "die of 2 or more sides, as d8", die);
	d->rows[0] = d->table.rows[0];
	d->rows[1] = d->table.rows[1];
	d->rows[1].hi = d->table.die.sides;
	d->table.rows = d->rows;
}

/* The die of RULES, with -D DAMAGE (0 none) and -e DIE (NULL none). */
void
hazdie_init(struct hazdie *d, int rules, long damage, const char *die)
{
	d->table = hazard_table[rules];
	d->damage_text[0] = '\0';
	if (hazard_rules[rules].fatigue_damage && damage != 0 &&
	    damage != FATIGUE_DAMAGE_001 && d->table.nrows <= TBL_ROWS_MAX)
		harsh_fatigue(d, damage);
	if (die != NULL)
		bookkeeping_die(d, die);
}

/* 004: cautious, advantage (-a: ADV 1) on the threat die: two, one kept. */
void
hazdie_cautious(struct hazdie *d, int rules, int adv)
{
	if (hazard_rules[rules].cautious && adv && d->table.die.count == 1 &&
	    d->table.die.mod == 0) {
		d->table.die.count = 2;
		d->table.die.keephigh = adv > 0;
	}
}
