/*
 * hazstate: hazard's state file (hazard(6) FILES): each keyword's value
 * checked against the rule it keeps, a bad one refused with FILE:LINE.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "hazstate.h"
#include "rules.h"
#include "util.h"

void
hazstate_init(struct hazstate *s)
{
	memset(s, 0, sizeof *s);
	s->rules = -1;
}

/* One line: a keyword and its value(s). */
static void
load_line(struct hazstate *s, const struct kwf *f, char **w, int nw)
{
	int i;

	if (kwf_stream(f, w, nw, &s->st))
		return;
	if (nw >= 2 && strcmp(w[0], "sign-creature") == 0) {	/* KEY TEXT */
		snprintf(s->creature_key, sizeof s->creature_key, "%s", w[1]);
		s->creature[0] = '\0';	/* TEXT's words, one space between */
		for (i = nw > 2 ? 2 : 1; i < nw; i++)
			str_append(s->creature, sizeof s->creature, " ", "%s", w[i]);
		s->sign = 1;
		return;
	}
	if (drawn_line(&s->drawn, f, w, nw))	/* KEY ROWS: -T's draws */
		return;
	if (nw != 2)
		kwf_bad(f, "expected a keyword and one value");
	if (strcmp(w[0], "rules") == 0) {
		if ((s->rules = word_in(w[1], rules_names)) < 0)
			kwf_bad(f, "rules: '%s': not a rules name", w[1]);
	} else if (strcmp(w[0], "turn") == 0)
		s->turn = (uint64_t)kwf_num(f, w[1], 0, COUNT_MAX);
	else if (strcmp(w[0], "since-rest") == 0)	/* 000 */
		s->since_rest = (int)kwf_num(f, w[1], 0, REST_TURNS_000);
	else if (strcmp(w[0], "rest-turns") == 0)	/* 002 */
		s->rest_turns = (int)kwf_num(f, w[1], 0,
		    DUNGEON_REST_TURNS_002 - 1);
	else if (strcmp(w[0], "alarm") == 0)	/* 003 */
		s->alarm = (long)kwf_num(f, w[1], 0, ALARM_MAX);
	else if (strcmp(w[0], "fatigue-pending") == 0)
		s->fatigue = kwf_flag(f, w[0], w[1]);
	else if (strcmp(w[0], "sign-pending") == 0)
		s->sign = kwf_flag(f, w[0], w[1]);
	else if (strcmp(w[0], "condition") == 0) {	/* 002 */
		if ((s->condition = word_in(w[1], condition_names)) < 0)
			kwf_bad(f, "condition: expected fresh, tired or exhausted");
	}
}

/* The state in F, over what S holds (hazstate_init's, or the defaults). */
void
hazstate_load(struct hazstate *s, struct kwf *f)
{
	char *w[KWF_WORDS_MAX];
	int nw;

	while ((nw = kwf_next(f, w)) > 0)
		load_line(s, f, w, nw);
}

/* The state's lines into F; kwf_commit writes them where the file had them. */
void
hazstate_put(const struct hazstate *s, struct kwf *f)
{
	kwf_put(f, "rules %s", rules_names[s->rules]);
	kwf_put(f, "turn %llu", (unsigned long long)s->turn);
	kwf_put(f, "since-rest %d", s->since_rest);
	kwf_put(f, "fatigue-pending %s", yes_no[s->fatigue]);
	kwf_put(f, "condition %s", condition_names[s->condition]);
	kwf_put(f, "sign-pending %s", yes_no[s->sign]);
	if (s->creature[0] != '\0')	/* 001, 002: a sign's creature waits */
		kwf_put(f, "sign-creature %s %s", s->creature_key, s->creature);
	kwf_put(f, "alarm %ld", s->alarm);
	if (s->rest_turns > 0)	/* 002: rest turns toward the hour */
		kwf_put(f, "rest-turns %d", s->rest_turns);
	drawn_put(&s->drawn, f);	/* -T tables drawn without replacement */
	kwf_put_stream(f, &s->st);
}

/* 000: the turns until a rest is due, 0 when it is due now; -1 other rules. */
int
hazstate_rest_due(const struct hazstate *s)
{
	return s->rules == R_EXPLORATION ? REST_TURNS_000 - s->since_rest : -1;
}

/*
 * What the state holds, in sentences for delve status and delve screen,
 * each under the rules that keep it; SECRET adds what the players do not
 * see (a sign's creature before it is met, 003's alarm).  "" when none.
 */
void
hazstate_say(const struct hazstate *s, int secret, char *buf, size_t size)
{
	int r = s->rules, due = hazstate_rest_due(s);

	buf[0] = '\0';
	if (due > 0)	/* 000 */
		str_append(buf, size, " ", "%d turn%s explored since the last "
		    "rest: a rest is due in %d turn%s.", s->since_rest,
		    s->since_rest == 1 ? "" : "s", due, due == 1 ? "" : "s");
	else if (due == 0)
		str_append(buf, size, " ", "A rest is due: %d turns explored "
		    "since the last.", s->since_rest);
	if (s->fatigue && (r == R_EXPLORATION || r == R_DELVING ||
	    r == R_DUNGEONTURN))
		str_append(buf, size, " ", "A fatigue result waits on the "
		    "next turn.");
	if (r == R_DUNGEONTURN)	/* 002 */
		str_append(buf, size, " ", "The party is %s.",
		    condition_names[s->condition]);
	if (r == R_DUNGEONTURN && s->rest_turns > 0)
		str_append(buf, size, " ", "%d of %d rest turns taken toward an "
		    "hour's rest.", s->rest_turns, DUNGEON_REST_TURNS_002);
	if (s->sign && (r == R_DELVING || r == R_DUNGEONTURN))	/* 001, 002 */
		str_append(buf, size, " ", "A sign was seen: the next encounter "
		    "is its creature%s%s.", secret && s->creature[0] ? ", " : "",
		    secret ? s->creature : "");
	if (secret && r == R_ALARM)	/* 003 */
		str_append(buf, size, " ", "The alarm stands at %ld.", s->alarm);
}

/*
 * 001, 002: a sign's creature, kept for the next encounter with its row's
 * KEY: TEXT, the row's sentence, made the creature in place ("Goblins!"
 * as "goblins", not "NPC" as "nPC"); SAID what the sign's record says
 * after it: that the party meets it, that it is the same again, or (001:
 * said, not replaced in silence) that it is nearer than the one kept.
 */
void
hazstate_sign(struct hazstate *s, char *text, const char *key, char *said,
    size_t size)
{
	size_t n = strlen(text);

	while (n > 0 && (text[n - 1] == '.' || text[n - 1] == '!'))
		text[--n] = '\0';	/* the creature, not its sentence */
	if (isupper((unsigned char)text[0]) && (text[1] == ' ' ||
	    islower((unsigned char)text[1])))
		text[0] = (char)tolower((unsigned char)text[0]);
	if (s->creature[0] == '\0')
		str_copy(said, size, text_sign_of[1]);
	else if (strcmp(text, s->creature) == 0)
		str_copy(said, size, text_sign_again);
	else
		str_join3(said, size, text_sign_replaces[0], s->creature,
		    text_sign_replaces[1]);
	memcpy(s->creature, text, n + 1);
	n = strlen(key);	/* a key has at most 32 letters */
	memcpy(s->creature_key, key, n < sizeof s->creature_key ? n + 1 : 0);
	s->sign = 1;
}
