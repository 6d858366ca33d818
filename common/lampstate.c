/*
 * lampstate: light's state file (light(6) FILES): each keyword's value
 * checked as it is read, a bad one refused with FILE:LINE.
 */
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "lampstate.h"
#include "rules.h"
#include "util.h"

/* The state file's STATE words: a source put out while dim is "out-dim". */
static const char *const file_states[] = {
	"lit", "dim", "low", "out", "out-dim", NULL
};

/* light(6) FILES: source NAME KIND STATE LEFT LIT */
static void
load_source(struct lamp *l, const struct kwf *f, char **w, int nw)
{
	struct lamp_source *src;
	int st;

	if (nw != 6)
		kwf_bad(f, "source: expected NAME KIND STATE LEFT LIT");
	if (l->n == LAMP_MAX)
		kwf_bad(f, "more than %d light sources", LAMP_MAX);
	if (!lamp_name_ok(w[1]))
		kwf_bad(f, "source: '%s': not a light source's name", w[1]);
	if (lamp_find(l, w[1]) != NULL)
		kwf_bad(f, "source: '%s' is listed twice", w[1]);
	src = &l->src[l->n];
	memset(src, 0, sizeof *src);
	snprintf(src->name, sizeof src->name, "%s", w[1]);
	if ((src->kind = word_in(w[2], light_kinds)) < 0)
		kwf_bad(f, "source: '%s': expected torch, lantern or candle", w[2]);
	if ((st = word_in(w[3], file_states)) < 0)
		kwf_bad(f, "source: '%s': expected lit, dim, low, out or out-dim",
		    w[3]);
	src->state = st == 4 ? LAMP_OUT : st;
	src->dimmed = st == LAMP_DIM || st == 4;
	if (strcmp(w[4], "-") == 0)
		src->left = LIFE_NONE;
	else if (w[4][0] == 'd') {
		src->left = LIFE_USAGE;
		src->die = (int)kwf_num(f, w[4] + 1, 4, 20);
		if (!lamp_die_ok(src->die))
			kwf_bad(f, "source: '%s': expected a usage die d4, d6, d8, "
			    "d10, d12 or d20", w[4]);
	} else if ((src->left = (long)kwf_num(f, w[4], 0, LAMP_LEFT_MAX)) == 0 &&
	    src->state != LAMP_OUT)
		kwf_bad(f, "source: a burning source with 0 turns left");
	src->lit = (unsigned long long)kwf_num(f, w[5], 0, COUNT_MAX);
	src->lineno = kwf_lineno(f);
	l->n++;
}

/* One line: a keyword and its value(s). */
static void
load_line(struct lamp *l, struct stream *st, const struct kwf *f, char **w,
    int nw)
{
	if (kwf_stream(f, w, nw, st))
		return;
	if (strcmp(w[0], "source") == 0) {
		load_source(l, f, w, nw);
		return;
	}
	if (nw != 2)
		kwf_bad(f, "expected a keyword and one value");
	if (strcmp(w[0], "rules") == 0) {
		if ((l->rules = word_in(w[1], rules_names)) < 0)
			kwf_bad(f, "rules: '%s': not a rules name", w[1]);
	} else if (strcmp(w[0], "turn") == 0)
		l->turn = (unsigned long long)kwf_num(f, w[1], 0, COUNT_MAX);
	else if (strcmp(w[0], "darkvision") == 0)
		l->darkvision = kwf_flag(f, w[0], w[1]);
	else if (strcmp(w[0], "daylight") == 0)	/* 004 */
		l->daylight = kwf_flag(f, w[0], w[1]);
	else if (strcmp(w[0], "snow") == 0)	/* 004 */
		l->snow = kwf_flag(f, w[0], w[1]);
}

/* The state in F, over what L and ST hold. */
void
lampstate_load(struct lamp *l, struct stream *st, struct kwf *f)
{
	char *w[KWF_WORDS_MAX];
	int nw;

	while ((nw = kwf_next(f, w)) > 0)
		load_line(l, st, f, w, nw);
}

/* The state's lines into F; kwf_commit writes them where the file had them. */
void
lampstate_put(const struct lamp *l, const struct stream *st, struct kwf *f)
{
	const struct lamp_source *src;
	char left[16];
	int i;

	kwf_put(f, "rules %s", rules_names[l->rules]);
	kwf_put(f, "turn %llu", l->turn);
	kwf_put(f, "darkvision %s", yes_no[l->darkvision]);
	if (l->daylight)	/* 004: kept only while it holds */
		kwf_put(f, "daylight yes");
	if (l->snow)
		kwf_put(f, "snow yes");
	for (i = 0; i < l->n; i++) {
		src = &l->src[i];
		if (src->left == LIFE_USAGE)
			snprintf(left, sizeof left, "d%d", src->die);
		else if (src->left == LIFE_NONE)
			snprintf(left, sizeof left, "-");
		else
			snprintf(left, sizeof left, "%ld", src->left);
		kwf_put(f, "source %s %s %s %s %llu", src->name,
		    light_kinds[src->kind], src->state == LAMP_OUT &&
		    src->dimmed ? "out-dim" : lamp_states[src->state], left,
		    src->lit);
	}
	kwf_put_stream(f, st);
}

/*
 * A source's state for delve status and delve screen, its time in the
 * session's unit (HOURS: 004's travel turns): "low: 6 turns left".  A
 * source's left is counted in ten-minute turns under every rules name
 * (rules.h).
 */
void
lampstate_say_state(const struct lamp *l, const struct lamp_source *src,
    int hours, char *buf, size_t size)
{
	const struct light_rules *lr = light_rules[l->rules < 0 ? 0 : l->rules];
	const char *until = src->state == LAMP_OUT ? NULL : lr->until;
	char left[64];

	if (src->state == LAMP_OUT && src->left == 0)
		snprintf(buf, size, "spent");
	else if (src->left == LIFE_USAGE)	/* 003 */
		snprintf(buf, size, "%s, on a usage die of d%d",
		    lamp_states[src->state], src->die);
	else if (src->left == LIFE_NONE)
		snprintf(buf, size, "%s%s%s", lamp_states[src->state],
		    until ? " until " : "", until ? until : "");
	else
		snprintf(buf, size, "%s: %s left%s", lamp_states[src->state],
		    clock_in_unit((uint64_t)src->left, hours, left, sizeof left),
		    src->state == LAMP_OUT ? " in it" : "");
}

/* One source in a sentence: "lantern1, a lantern, is low: 6 turns left." */
void
lampstate_say(const struct lamp *l, const struct lamp_source *src, int hours,
    char *buf, size_t size)
{
	char state[256];

	lampstate_say_state(l, src, hours, state, sizeof state);
	snprintf(buf, size, "%s, a %s, is %s.", src->name,
	    light_kinds[src->kind], state);
}
/* The spent sources counted by kind: "3 torches spent, 1 lantern spent". */
int
lampstate_say_spent(const struct lamp *l, char *buf, size_t size)
{
	int spent[LK_NKINDS] = { 0 }, i, k, n = 0;

	buf[0] = '\0';
	for (i = 0; i < l->n; i++)
		if (l->src[i].state == LAMP_OUT && l->src[i].left == 0)
			spent[l->src[i].kind]++, n++;
	for (k = 0; k < LK_NKINDS; k++)
		if (spent[k] > 0)
			str_append(buf, size, ", ", "%d %s%s spent", spent[k],
			    light_kinds[k], spent[k] == 1 ? "" :
			    k == LK_TORCH ? "es" : "s");
	return n;
}

/* The party's own sight and 004's sky, as status says them: "" when none. */
void
lampstate_say_sight(const struct lamp *l, char *buf, size_t size)
{
	buf[0] = '\0';
	if (l->darkvision)
		str_append(buf, size, " ", "The party sees in the dark "
		    "(darkvision).");
	if (l->daylight)	/* 004 */
		str_append(buf, size, " ", "It is day outdoors.");
	if (l->snow)		/* 004 */
		str_append(buf, size, " ", "Undisturbed snow lies around.");
}
