/*
 * lamp: light sources burning down through the turns, under the light
 * rules of seeds 000 to 004, and the light level the party has.
 */
#include <err.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dice.h"
#include "lamp.h"
#include "util.h"

const char *const lamp_states[] = { "lit", "dim", "low", "out", NULL };

/* One sentence about SRC, through the caller's say function. */
__attribute__((format(printf, 3, 4)))
static void
say(const struct lamp *l, const struct lamp_source *src, const char *fmt, ...)
{
	char text[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	l->say(l->arg, src, text);
}

/* A KIND word, refused when the rules have no such source. */
int
lamp_kind(const struct lamp *l, const char *word, const char *what)
{
	char list[64] = "";
	int k = word_in(word, light_kinds), i;

	if (k >= 0 && l->lr->kind[k].life != 0)
		return k;
	for (i = 0; i < LK_NKINDS; i++)
		if (l->lr->kind[i].life != 0)
			snprintf(list + strlen(list), sizeof list - strlen(list),
			    "%s%s", *list ? ", " : "", light_kinds[i]);
	esc_errx(EXIT_BAD, "%s: '%s': not a light source of the %s rules (%s)",
	    what, word, rules_names[l->rules], list);
}

/* KIND[,KIND...]: the kinds, each checked, into KINDS; their count. */
int
lamp_kinds(const struct lamp *l, const char *list, int kinds[LAMP_MAX],
    const char *what)
{
	char word[64];
	size_t len;
	int n = 0;

	for (;;) {
		len = strcspn(list, ",");
		if (len == 0 || len >= sizeof word)
			esc_errx(EXIT_BAD, "%s: '%s': expected KIND[,KIND...]", what,
			    list);
		memcpy(word, list, len);
		word[len] = '\0';
		if (n == LAMP_MAX)
			esc_errx(EXIT_BAD, "%s: more than %d light sources", what,
			    LAMP_MAX);
		kinds[n++] = lamp_kind(l, word, what);
		if (list[len] == '\0')
			return n;
		list += len + 1;
	}
}

/* A name is a record's field: no blanks; not "party", no leading '-'. */
int
lamp_name_ok(const char *s)
{
	return name_ok(s) && utf8_ok(s, strlen(s)) && *s != '-' &&
	    strcmp(s, "party") != 0;
}

/* 003: the next smaller usage die, 0 after the smallest. */
static int
usage_step(int die)
{
	int i;

	for (i = 0; usage_dice_003[i] != 0; i++)
		if (usage_dice_003[i] == die)
			return usage_dice_003[i + 1];
	return 0;
}

/* 003: DIE is one of the usage dice. */
int
lamp_die_ok(int die)
{
	return usage_step(die) != 0 || die == 4;
}

/* 003: the usage die a source starts with, as dN. */
int
lamp_usage_die(const char *s, const char *what)
{
	struct dice d;
	struct expr e;

	if (dice_read(&d, s, &e) != NULL || d.count != 1 || d.mod != 0 ||
	    !lamp_die_ok((int)d.sides))
		esc_errx(EXIT_BAD, "%s: '%s': expected a usage die: d4, d6, d8, d10, "
		    "d12 or d20", what, s);
	return (int)d.sides;
}

/* Each listed source must be one the rules have, with a LEFT they can hold. */
void
lamp_check(const struct lamp *l, const char *path)
{
	const struct lamp_source *src;
	const char *rules = rules_names[l->rules];
	long life;
	int i;

	for (i = 0; i < l->n; i++) {
		src = &l->src[i];
		life = l->lr->kind[src->kind].life;
		if (life == 0)
			bad_at(path, src->lineno, "a %s is not a light source of the "
			    "%s rules", light_kinds[src->kind], rules);
		if (src->left != 0 && (life > 0 ? src->left < 0 :
		    src->left != life))
			bad_at(path, src->lineno, "%s: its LEFT does not fit the %s "
			    "rules (%s)", src->name, rules,
			    life > 0 ? "turns" : life == LIFE_NONE ? "-" : "dN");
		if (life > 0 && src->left > life)
			bad_at(path, src->lineno, "%s: %ld turns left, more than a "
			    "%s burns under the %s rules (%ld)", src->name,
			    src->left, light_kinds[src->kind], rules, life);
		if (src->dimmed && l->rules != R_DUNGEONTURN)
			bad_at(path, src->lineno, "%s: only the dungeonturn rules "
			    "dim a source", src->name);
		if (src->lit > l->turn)
			bad_at(path, src->lineno, "%s: lit after the turn count",
			    src->name);
	}
}

struct lamp_source *
lamp_find(struct lamp *l, const char *name)
{
	int i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->src[i].name, name) == 0)
			return &l->src[i];
	return NULL;
}

/* The source a command names, WHAT. */
static struct lamp_source *
need(struct lamp *l, const char *name, const char *what)
{
	struct lamp_source *src = lamp_find(l, name);

	if (src == NULL)
		esc_errx(EXIT_BAD, "%s: '%s': no such light source", what, name);
	return src;
}

/* A new source on the list; NAME NULL: torch1, torch2, ... */
static struct lamp_source *
add(struct lamp *l, int kind, const char *name)
{
	struct lamp_source *src;
	int k = 0;

	if (l->n == LAMP_MAX)
		esc_errx(EXIT_BAD, "add: %d light sources are listed already: "
		    "take spent ones off the list with out", LAMP_MAX);
	if (name != NULL && lamp_find(l, name) != NULL)
		esc_errx(EXIT_BAD, "add: '%s': a light source of that name is "
		    "listed already", name);
	src = &l->src[l->n++];
	memset(src, 0, sizeof *src);
	src->kind = kind;
	if (name != NULL)
		snprintf(src->name, sizeof src->name, "%s", name);
	else	/* the first not listed */
		do
			snprintf(src->name, sizeof src->name, "%s%d",
			    light_kinds[kind], ++k);
		while (lamp_find(l, src->name) != src);
	return src;
}

static void
spend(struct lamp_source *src)
{
	src->state = LAMP_OUT;
	src->left = 0;
	src->die = 0;
	src->dimmed = 0;
}

/* The last stretch a warning is given for: a travel turn under 004. */
long
lamp_stretch(const struct lamp *l)
{
	return l->rules == R_TRAVEL ? TRAVEL_TURN_004 : 1;
}

/* A source burning at full: its kind's duration, or the usage die. */
static void
kindle(const struct lamp *l, struct lamp_source *src)
{
	long life = l->lr->kind[src->kind].life;

	src->left = life;
	src->die = life == LIFE_USAGE ? l->usage : 0;
	src->dimmed = 0;
	src->state = life == LIFE_USAGE && usage_step(src->die) == 0 ?
	    LAMP_LOW : LAMP_LIT;
	src->lit = l->turn;
}

/* A source put out, lit again: dim (002), low (its last stretch), or lit. */
static void
rekindle(const struct lamp *l, struct lamp_source *src)
{
	long life = l->lr->kind[src->kind].life;

	if (src->dimmed)
		src->state = LAMP_DIM;
	else if (src->left == LIFE_USAGE)
		src->state = usage_step(src->die) == 0 ? LAMP_LOW : LAMP_LIT;
	else
		src->state = src->left > 0 && src->left < life &&
		    src->left <= lamp_stretch(l) ? LAMP_LOW : LAMP_LIT;
	src->lit = l->turn;
}

/* What a source has left, in words. */
static void
life_words(const struct lamp *l, const struct lamp_source *src, char *buf,
    size_t size)
{
	long hours = src->left / TRAVEL_TURN_004;

	if (src->left == LIFE_USAGE)
		snprintf(buf, size, "usage die d%d", src->die);
	else if (src->left == LIFE_NONE)
		snprintf(buf, size, "no fixed duration: %s", l->lr->until);
	else if (l->rules == R_TRAVEL && src->left % TRAVEL_TURN_004 == 0)
		snprintf(buf, size, "%ld %s left", hours, hours == 1 ? "hour" :
		    "hours");
	else
		snprintf(buf, size, "%ld %s left", src->left, src->left == 1 ?
		    "turn" : "turns");
}

/* A burning source said: FMT's words, then what it lights, for how long. */
__attribute__((format(printf, 3, 4)))
static void
say_lights(const struct lamp *l, const struct lamp_source *src,
    const char *fmt, ...)
{
	const char *shows = l->lr->kind[src->kind].shows;
	char what[256], life[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	life_words(l, src, life, sizeof life);
	say(l, src, "%s: %s%s%s.", what, shows != NULL ? shows : "",
	    shows != NULL ? "; " : "", life);
}

/* A burning source goes out, keeping what it has left: "HOW", said with it. */
static void
put_out(const struct lamp *l, struct lamp_source *src, const char *how)
{
	char left[256];

	src->state = LAMP_OUT;
	life_words(l, src, left, sizeof left);
	say(l, src, "%s %s and can be relit (%s).", src->name, how, left);
}

/* A new source of KIND, lit: the add command and -l. */
void
lamp_light(struct lamp *l, int kind, const char *name)
{
	struct lamp_source *src = add(l, kind, name);

	kindle(l, src);
	say_lights(l, src, "%s is lit", src->name);
}

/* A burning source is put out; one put out is taken off the list. */
void
lamp_out(struct lamp *l, const char *name)
{
	struct lamp_source *src = need(l, name, "out");

	if (src->state != LAMP_OUT) {
		put_out(l, src, "is put out");
		return;
	}
	say(l, src, "%s is taken off the list.", src->name);
	memmove(src, src + 1, (size_t)(l->src + --l->n - src) * sizeof *src);
}

/* out all: every burning source is put out, keeping what it has left. */
void
lamp_out_all(struct lamp *l)
{
	int i;

	for (i = 0; i < l->n; i++)
		if (l->src[i].state != LAMP_OUT)
			put_out(l, &l->src[i], "is put out");
}

/* out spent: every spent source is taken off the list. */
void
lamp_clear_spent(struct lamp *l)
{
	int i = 0;

	while (i < l->n)
		if (l->src[i].state == LAMP_OUT && l->src[i].left == 0) {
			say(l, &l->src[i], "%s is spent and taken off the list.",
			    l->src[i].name);
			memmove(&l->src[i], &l->src[i + 1],
			    (size_t)(l->n - i - 1) * sizeof l->src[0]);
			l->n--;
		} else
			i++;
}

/* 001: a spent torch is relit from its embers; else only one not spent. */
void
lamp_relight(struct lamp *l, const char *name)
{
	struct lamp_source *src = need(l, name, "relight");

	if (src->state != LAMP_OUT)
		esc_errx(EXIT_BAD, "relight: '%s' is lit already", src->name);
	if (src->left != 0) {
		rekindle(l, src);
		say_lights(l, src, "%s is lit again", src->name);
	} else if (l->lr->embers && src->kind == LK_TORCH) {
		kindle(l, src);
		say_lights(l, src, "A new torch is lit from the embers of %s",
		    src->name);
	} else
		esc_errx(EXIT_BAD, "relight: '%s' is spent: refill a lantern, or "
		    "add a new light source", src->name);
}

void
lamp_refill(struct lamp *l, const char *name)
{
	struct lamp_source *src = need(l, name, "refill");

	if (src->kind != LK_LANTERN)
		esc_errx(EXIT_BAD, "refill: '%s' is a %s: only a lantern is refilled",
		    src->name, light_kinds[src->kind]);
	kindle(l, src);
	say_lights(l, src, "%s takes %s and burns", src->name, l->lr->refill);
}

/* The sources of KIND listed, burning or not. */
int
lamp_count(const struct lamp *l, int kind)
{
	int i, n = 0;

	for (i = 0; i < l->n; i++)
		n += l->src[i].kind == kind;
	return n;
}

/*
 * Each of the first N sources listed as it stands, a sentence each; with
 * BURNING, only those that burn.
 */
void
lamp_status(const struct lamp *l, int n, int burning)
{
	const struct lamp_source *src;
	char buf[512];
	int i;

	for (i = 0; i < n && i < l->n; i++) {
		src = &l->src[i];
		if (burning && src->state == LAMP_OUT)
			continue;
		if (src->state == LAMP_DIM)
			say(l, src, "%s burns dim: the next depletion puts "
			    "it out.", src->name);
		else if (src->state != LAMP_OUT)
			say_lights(l, src, "%s burns", src->name);
		else if (src->left == 0)
			say(l, src, "%s is spent.", src->name);
		else {
			life_words(l, src, buf, sizeof buf);
			say(l, src, "%s is out and can be relit (%s).",
			    src->name, buf);
		}
	}
}

/* Is anything left for time to burn? */
int
lamp_burning(const struct lamp *l)
{
	int i;

	for (i = 0; i < l->n; i++)
		if (l->src[i].state != LAMP_OUT && (l->src[i].left > 0 ||
		    l->src[i].left == LIFE_USAGE))
			return 1;
	return 0;
}

/*
 * Time burns a source down; a warning for its last turn (last hour, 004).
 * 004: "Torches and SUP reduce hourly, as normal": a day's or a week's
 * travel turn burns each source through its hours, and says so.
 */
static void
burn_down(const struct lamp *l, struct lamp_source *src, long turns)
{
	long before = src->left, stretch = lamp_stretch(l);
	int c = turns > stretch ? cadence_of_turns(turns) : -1;
	struct lamp_source was = *src;
	char had[64];

	src->left -= turns < src->left ? turns : src->left;
	if (src->left == 0 && c > 0) {
		life_words(l, &was, had, sizeof had);
		spend(src);
		say(l, src, "%s burns out in the %s's travel: it had %s.",
		    src->name, cadence_004[c].span, had);
	} else if (src->left == 0) {
		spend(src);
		say(l, src, "%s burns out.", src->name);
	} else if (before > stretch && src->left <= stretch) {
		src->state = src->dimmed ? LAMP_DIM : LAMP_LOW;
		src->warn = 1;
	}
}

/*
 * The warnings of the sources whose last stretch began this turn, said
 * after what struck them: one put out by the same turn's hazard has only
 * that said.
 */
void
lamp_warn(struct lamp *l)
{
	struct lamp_source *src;
	int i;

	for (i = 0; i < l->n; i++) {
		src = &l->src[i];
		if (src->warn && src->state != LAMP_OUT)
			say(l, src, "%s has its last %s of light left.", src->name,
			    lamp_stretch(l) > 1 ? "hour" : "turn");
		src->warn = 0;
	}
}

/* 003: "depletion checks for any active light sources": the usage die. */
static void
usage_check(const struct lamp *l, struct lamp_source *src, struct rng *r)
{
	int from = src->die;
	unsigned roll;

	roll = rng_die(r, (unsigned)from);
	if (roll > USAGE_STEP_003)
		return;
	if ((src->die = usage_step(from)) == 0) {
		spend(src);
		say(l, src, "%s's usage die rolls %u on d%d, 1 or 2: it runs "
		    "out, and %s goes out.", src->name, roll, from, src->name);
		return;
	}
	src->state = usage_step(src->die) == 0 ? LAMP_LOW : LAMP_LIT;
	say(l, src, "%s's usage die rolls %u on d%d, 1 or 2: it steps down "
	    "to d%d.", src->name, roll, from, src->die);
}

/* TURNS turns pass (one round each under 003): every lit source burns. */
void
lamp_pass(struct lamp *l, struct rng *r, long turns)
{
	struct lamp_source *src;
	long t;
	int i;

	for (t = 0; t < turns; t++)
		for (i = 0; i < l->n; i++) {
			src = &l->src[i];
			if (src->state != LAMP_OUT && src->left == LIFE_USAGE)
				usage_check(l, src, r);
		}
	for (i = 0; i < l->n; i++) {
		src = &l->src[i];
		if (src->state != LAMP_OUT && src->left > 0)
			burn_down(l, src, turns);
	}
}

/* 000: the lit source with the fewest turns left (the first listed of equals). */
static struct lamp_source *
fewest_left(struct lamp *l)
{
	struct lamp_source *src = NULL;
	int i;

	for (i = 0; i < l->n; i++)
		if (l->src[i].state != LAMP_OUT &&
		    (src == NULL || l->src[i].left < src->left))
			src = &l->src[i];
	return src;
}

/*
 * 000: "Light — a torch sputters out, or lantern oil runs low."  "If a
 * torch just got lit, a result of 3 might mean it flickers ominously
 * rather than dying."  Oil running low leaves one hour; low oil runs dry.
 */
static void
strike_light(struct lamp *l)
{
	struct lamp_source *src = fewest_left(l);
	long left;

	if (src == NULL)
		return;
	if (src->lit + 1 == l->turn)
		say(l, src, "%s flickers ominously but burns on: it was lit "
		    "this very turn.", src->name);
	else if (src->kind == LK_LANTERN && src->left > LOW_OIL_000) {
		src->left = LOW_OIL_000;
		src->state = LAMP_LOW;
		say(l, src, "The oil of %s runs low: one hour (6 turns) "
		    "left.", src->name);
	} else if (src->kind == LK_LANTERN) {
		spend(src);
		say(l, src, "The oil of %s runs dry: it goes out.",
		    src->name);
	} else {
		left = src->left;
		spend(src);
		say(l, src, "%s sputters out with %ld %s unburnt: it is "
		    "spent.", src->name, left, left == 1 ? "turn" : "turns");
	}
}

/* 001: "BURN: Lit torches burn out.  New torches can be lit from the embers" */
static void
strike_burn(struct lamp *l)
{
	struct lamp_source *src;
	int i;

	for (i = 0; i < l->n; i++) {
		src = &l->src[i];
		if (src->state == LAMP_OUT || src->kind != LK_TORCH)
			continue;
		spend(src);
		say(l, src, "%s burns out; a new torch can be lit from its "
		    "embers (relight %s).", src->name, src->name);
	}
}

/* 002: "Depletion.  Light sources dim.  Dim light sources go out." */
static void
strike_depletion(struct lamp *l)
{
	struct lamp_source *src;
	int i;

	for (i = 0; i < l->n; i++) {
		src = &l->src[i];
		if (src->state == LAMP_OUT)
			continue;
		if (src->dimmed) {
			spend(src);
			say(l, src, "%s was dim and goes out.", src->name);
		} else {
			src->dimmed = 1;
			src->state = LAMP_DIM;
			say(l, src, "%s dims: the next depletion puts it out.",
			    src->name);
		}
	}
}

/*
 * A hazard KEY strikes lights only under the rules that define it; the
 * keys mean one thing wherever they appear (delving(7)).
 */
/* Does KEY strike lights under these rules? */
int
lamp_strikes(const struct lamp *l, const char *key)
{
	return l->lr->strike != NULL && same_word(key, l->lr->strike);
}

/*
 * The hazard result that strikes lights under these rules strikes them
 * (the caller has asked lamp_strikes whether its key is that result).
 */
void
lamp_strike(struct lamp *l)
{
	static const struct {
		const char *key;
		void	(*strike)(struct lamp *);
	} strikes[] = {
		{ "light", strike_light },		/* 000 */
		{ "burn", strike_burn },		/* 001 */
		{ "depletion", strike_depletion },	/* 002 */
	};
	size_t i;

	if (l->lr->strike == NULL)
		return;
	for (i = 0; i < sizeof strikes / sizeof strikes[0]; i++)
		if (strcmp(l->lr->strike, strikes[i].key) == 0)
			strikes[i].strike(l);
}

/* 001: running blows candles out; "their case prevents [lanterns]". */
void
lamp_wind(struct lamp *l)
{
	struct lamp_source *src;
	int i;

	for (i = 0; i < l->n; i++) {
		src = &l->src[i];
		if (src->state == LAMP_OUT || !l->lr->kind[src->kind].windy)
			continue;
		put_out(l, src, "is blown out");
	}
}

/* The party's light level: the best a burning source gives, or darkvision's. */
int
lamp_level(const struct lamp *l)
{
	const struct lamp_source *src;
	int i, lv = LV_DARK, gives, lanterns = 0;

	for (i = 0; i < l->n; i++) {
		src = &l->src[i];
		if (src->state == LAMP_OUT)
			continue;
		gives = src->state == LAMP_DIM ? LV_DIM :
		    l->lr->kind[src->kind].level;
		if (gives > lv)
			lv = gives;
		lanterns += src->kind == LK_LANTERN;
	}
	/* 004: "full lanterns indoors", "natural light outdoors", the snow */
	if (l->lr->full_lanterns && lanterns >= l->lr->full_lanterns &&
	    lv < LV_BRIGHT)
		lv = LV_BRIGHT;
	if (l->lr->daylight != NULL && l->daylight)
		lv = l->snow ? LV_BRILLIANT : LV_BRIGHT;
	if (l->darkvision && l->lr->sight && lv < l->lr->sight_floor)
		lv = l->lr->sight_floor;
	return lv;
}

/* What level LV costs the party, with darkvision where the rules say. */
const char *
lamp_level_text(const struct lamp *l, int lv)
{
	const struct light_level_rule *r = &l->lr->level[lv];

	if (lv == LV_BRIGHT && l->daylight && l->lr->daylight != NULL)
		return l->lr->daylight;
	if (l->darkvision && l->lr->sight && r->sighted != NULL)
		return r->sighted;
	return r->text;
}
