/*
 * delve: a session at the table (delve(6)).  One directory holds one
 * expedition: the state files of hazard, light, timedice and reaction, a
 * copy of the party file, the seed, the rules and the log.  Each turn runs
 * hazard | timedice | light | reaction on them, all or nothing; delve only
 * composes the programs, every rule stays in them.
 */
#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "party.h"
#include "rules.h"
#include "util.h"
#include "delve.h"

const char prog[] = "delve";

/* --- main -------------------------------------------------------------- */

/* delve's options, its own and the shared ones (opt.c), in -h's order. */
static const struct opt options[] = {
	{ 'C', "DIR", "the session directory (else DELVING_SESSION, else .)" },
	OPT_SHARED('j'),
	{ 'n', NULL, "play COUNT turns (default 1)" },
	{ 'R', NULL, "write the raw records" },
	{ 0, NULL, NULL }
};

static void
option(void *ctx, int letter, char *v)
{
	struct opts *o = ctx;

	switch (letter) {
	case 'C': o->dir = v; o->dir_set = 1; break;
	case 'j': o->form = VIEW_JSON; break;	/* -j or -R: the last one given */
	case 'R': o->form = VIEW_RAW; break;
	}
}

/*
 * The options before the command, SYNOPSIS its forms; the command and its
 * words returned: delve's own options come before the command, the words
 * after it are its.
 */
static char **
parse_options(struct opts *o, const char *synopsis, int *argc, char **argv)
{
	const struct opt_spec spec = { prog, synopsis, options, 1 };

	argv = opt_parse(&spec, &o->com, argc, argv, option, o);
	if (o->dir == NULL && (o->dir = getenv("DELVING_SESSION")) != NULL &&
	    *o->dir == '\0')
		o->dir = NULL;
	o->dir_env = o->dir != NULL && !o->dir_set;
	if (o->dir == NULL)
		o->dir = ".";
	return argv;
}

/*
 * A session directory named by DELVING_SESSION that is none: refused
 * naming the variable, so that a user who forgot it was set knows why.
 */
static void
check_session_env(const struct opts *o)
{
	struct stat st;
	char *file;

	if (!o->dir_env)
		return;
	if (stat(o->dir, &st) != 0)
		esc_err(EXIT_BAD, "DELVING_SESSION: %s", o->dir);
	file = emalloc(strlen(o->dir) + sizeof "/session");
	sprintf(file, "%s/session", o->dir);
	if (!S_ISDIR(st.st_mode) || lstat(file, &st) != 0)
		esc_errx(EXIT_BAD, "DELVING_SESSION: %s: not a session (no session "
		    "file): give -C DIR, or make one with delve new", o->dir);
	free(file);
}

/* --- the commands ------------------------------------------------------ */

/*
 * delve undo's sentence, "back to turn 12, before `delve -n 3`", written
 * and flushed before the undo is made: an output error leaves the session
 * as it was.
 */
static void
say_undo(void *undone, uint64_t turn)
{
	const char *cmd = undone;

	printf("back to turn %" PRIu64 "%s%s%s\n", turn, cmd ? ", before `" : "",
	    cmd ? cmd : "", cmd ? "`" : "");
	out_done();
}

static int
do_undo(struct session *s, const struct opts *o, int argc, char **argv)
{
	char *undone = s->command;

	(void)o;
	(void)argc;
	(void)argv;
	s->command = NULL;
	ses_undo(s, say_undo, undone);
	free(undone);
	return EXIT_OK;
}

static int
do_turn(struct session *s, const struct opts *o, int argc, char **argv)
{
	turn(s, o, argc - 1, argv + 1);
	return EXIT_OK;
}

/*
 * What a command takes: no session (new, batch), no operands, no -n, its
 * own -n; a session it reads itself, never locked (screen); a command
 * that writes nothing.
 */
enum { C_NO_SESSION = 1, C_BARE = 2, C_NO_COUNT = 4, C_OWN_COUNT = 8,
	C_NO_LOCK = 16, C_READ_ONLY = 32, C_OWN_HELP = 64 };

/*
 * delve's commands, a row each, in the order of -h and delve(6)'s
 * SYNOPSIS (rows of one form share its line); a word that is none is a
 * turn's ACTION.  A command is one row here and its function.
 */
static const struct command {
	const char *name;
	const char *synopsis;
	int	(*run)(struct session *, const struct opts *, int, char **);
	unsigned takes;
} commands[] = {
	{ "turn", SYN_TURN, do_turn, 0 },
	{ "new", SYN_NEW, new_session, C_NO_SESSION },
	{ "next", SYN_NEXT, new_session, C_NO_SESSION },
	{ "status", SYN_SESSION, status, C_BARE | C_NO_COUNT | C_READ_ONLY },
	{ "check", SYN_SESSION, check, C_BARE | C_NO_COUNT | C_READ_ONLY },
	{ "undo", SYN_SESSION, do_undo, C_BARE | C_NO_COUNT },
	{ "log", SYN_SESSION, show_log, C_BARE | C_NO_COUNT | C_READ_ONLY },
	{ "screen", SYN_SCREEN, screen, C_NO_LOCK | C_NO_COUNT | C_READ_ONLY },
	{ "roll", SYN_CALL, call, C_OWN_COUNT },
	{ "reaction", SYN_CALL, call, C_OWN_COUNT },
	{ "chase", SYN_CALL, call, C_OWN_COUNT },
	{ "return", SYN_CALL, call, C_OWN_COUNT },
	{ "infect", SYN_AFFLICT, afflict, C_NO_COUNT },
	{ "cure", SYN_AFFLICT, afflict, C_NO_COUNT },
	{ "damage", SYN_GM, party_act, C_NO_COUNT },
	{ "heal", SYN_GM, party_act, C_NO_COUNT },
	{ "set", SYN_GM, party_act, C_NO_COUNT },
	{ "join", SYN_GM, party_act, C_NO_COUNT },
	{ "leave", SYN_GM, party_act, C_NO_COUNT },
	{ "light", SYN_GM_FILES, light_act, C_NO_COUNT | C_OWN_HELP },
	{ "camp", SYN_GM_FILES, camp, C_NO_COUNT },
	{ "hour", SYN_GM_FILES, hours, C_NO_COUNT },
	{ "edit", SYN_GM_FILES, edit, C_NO_COUNT },
	{ "reset", SYN_GM_FILES, reset_draws, C_NO_COUNT },
	{ "campaign", SYN_CAMPAIGN, campaign, C_NO_COUNT },
	{ "note", SYN_CAMPAIGN, note, C_NO_COUNT | C_OWN_HELP },
	{ "buy", SYN_PURSE, purse_act, C_NO_COUNT },
	{ "spend", SYN_PURSE, purse_act, C_NO_COUNT },
	{ "give", SYN_PURSE, purse_act, C_NO_COUNT },
	{ "share", SYN_PURSE, purse_act, C_NO_COUNT },
	{ "loot", SYN_PURSE, purse_act, C_NO_COUNT },
	{ "batch", SYN_BATCH, batch, C_NO_SESSION },
	{ NULL, NULL, NULL, 0 }
};

/* -h's usage: each form of the table once, in its order. */
static char *
synopsis_lines(void)
{
	const struct command *c;
	char *text;
	size_t len;
	FILE *fp = open_memstream(&text, &len);

	if (fp == NULL)
		esc_err(EXIT_IO, "open_memstream");
	for (c = commands; c->name != NULL; c++)
		if (c == commands || strcmp(c->synopsis, c[-1].synopsis) != 0)
			fprintf(fp, "%s%s", c == commands ? "" : "\n       ",
			    c->synopsis);
	if (fclose(fp) != 0)
		esc_err(EXIT_IO, "open_memstream");
	return text;
}

static const struct command *
command_named(const char *word)
{
	const struct command *c;

	for (c = commands; c->name != NULL; c++)
		if (strcmp(c->name, word) == 0)
			return c;
	return NULL;
}

/* A word that is neither a command nor an ACTION of the session's rules. */
static void
refuse_word(const struct session *s, const char *word)
{
	const struct command *c;
	char list[512] = "";
	int r = rules_named(s->rules);

	if (r < 0 || hazard_action_word(r, word))
		return;		/* hazard says what is wrong with the rest */
	for (c = commands; c->name != NULL; c++)
		str_append(list, sizeof list, ", ", "%s", c->name);
	esc_errx(EXIT_BAD, "%s: not a command or an action of the %s rules (%s); "
	    "the commands: %s", word, rules_names[r], hazard_actions_said[r], list);
}

/*
 * A number among a turn's words that is not its action's (hide pass 3)
 * is a count given in the wrong place: delve daily 2 points to delve -n 2
 * daily, not to hazard's "one operand too many".  The first word here;
 * one past the action when turn() reads the action (count_misplaced).
 */
static void
refuse_count_word(int argc, char **argv)
{
	if (argc > 0 && argv[0][0] != '\0' && strspn(argv[0], "0123456789") ==
	    strlen(argv[0]))
		count_misplaced(0, argc, argv);
}

/* Word at of a turn's words, a number: exit 2 pointing to -n. */
void
count_misplaced(int at, int argc, char **argv)
{
	char words[256] = "";
	int i;

	for (i = 0; i < argc; i++)
		if (i != at)
			str_append(words, sizeof words, " ", "%s", argv[i]);
	esc_errx(EXIT_BAD, "%s: a count of turns is -n, before the action: "
	    "delve -n %s%s%s", argv[at], argv[at], words[0] ? " " : "", words);
}

/* The command's words, -n and the words after it, not told twice. */
static void
refuse_misplaced(const struct command *c, const struct opts *o, int argc,
    char **argv)
{
	const struct opt_spec spec = { prog, c->synopsis, NULL, 0 };

	if (o->count_set && (c->takes & C_OWN_COUNT))
		esc_errx(EXIT_BAD, "-n: %s takes its own -n", c->name);
	if (o->count_set && (c->takes & C_NO_COUNT))
		esc_errx(EXIT_BAD, "-n: %s takes no count", c->name);
	if ((c->takes & C_BARE) && argc > 1)	/* its form's usage line */
		opt_usage(&spec, "%s: %s takes no operands", argv[1], c->name);
}

/*
 * delve COMMAND -h: the command's form as delve(6)'s SYNOPSIS has it
 * (its line, shared with the commands of its form), on standard output;
 * exit 0.  Not for a command whose words after it are read by its own
 * front end (new, next, batch, screen, the calls) or taken as they are
 * (note's TEXT, light's COMMAND).
 */
static void
command_help(const struct command *c, int argc, char **argv)
{
	if (argc != 2 || strcmp(argv[1], "-h") != 0 || (c->takes & (C_NO_SESSION |
	    C_NO_LOCK | C_OWN_COUNT | C_OWN_HELP)))
		return;
	printf("usage: %s\nSee delve(6).\n", c->synopsis);
	out_done();
	exit(EXIT_OK);
}

/*
 * new and batch take their options after their word: one of delve's
 * before it (delve -n 2 new crypt) is refused, not ignored.
 */
static void
refuse_before(const struct command *c, const struct opts *o)
{
	const char *opt = o->count_set ? "-n" : o->form == VIEW_JSON ? "-j" :
	    o->form == VIEW_RAW ? "-R" : o->dir_set ? "-C" : NULL;

	const struct opt_spec spec = { prog, c->synopsis, NULL, 0 };

	if (opt != NULL)
		opt_usage(&spec, "%s: not an option of %s: its own come after "
		    "the word %s", opt, c->name, c->name);
}

/*
 * The command line as the generation keeps it (delve(6) FILES): the words
 * after delve, -C DIR left out, a word with a blank or a quote quoted as
 * sh(1) would, at most 14 words.
 */
static char *
command_line(int argc, char **argv)
{
	char *text;
	size_t len;
	FILE *fp = open_memstream(&text, &len);
	int i, n = 0;

	if (fp == NULL)
		esc_err(EXIT_IO, "open_memstream");
	fputs("delve", fp);
	for (i = 1; i < argc && n < 14; i++, n++) {
		if (strcmp(argv[i], "-C") == 0 && i + 1 < argc) {
			i++;
			continue;
		}
		if (strncmp(argv[i], "-C", 2) == 0)
			continue;
		if (argv[i][0] != '\0' && strspn(argv[i], "abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=+:,./@%") == strlen(argv[i]))
			fprintf(fp, " %s", argv[i]);
		else
			fprintf(fp, " '%s'", argv[i][strcspn(argv[i], "'\t\n\r")] ?
			    "..." : argv[i]);
	}
	if (i < argc)
		fputs(" ...", fp);
	if (fclose(fp) != 0)
		esc_err(EXIT_IO, "open_memstream");
	return text;
}

int
main(int argc, char *argv[])
{
	struct opts o = { 0 };
	struct session s;
	const struct command *c = NULL;
	char *line = command_line(argc, argv), *synopsis = synopsis_lines();
	int rc;

	util_init();
	proc_init(argv[0]);
	argv = parse_options(&o, synopsis, &argc, argv);	/* fds 0-2 opened first */
	free(synopsis);
	if (argc > 0)
		c = command_named(argv[0]);
	if (c != NULL)
		command_help(c, argc, argv);
	if (c != NULL && (c->takes & C_NO_SESSION)) {
		refuse_before(c, &o);
		rc = c->run(NULL, &o, argc, argv);
		out_done();
		free(line);
		return rc;
	}
	check_session_env(&o);
	if (c != NULL && (c->takes & C_NO_LOCK)) {
		refuse_misplaced(c, &o, argc, argv);
		rc = c->run(NULL, &o, argc, argv);
		out_done();
		free(line);
		return rc;
	}
	ses_lock(&s, o.dir, 0);
	ses_load(&s);
	session_env(&s);
	if (c == NULL || c->run != do_undo) {	/* undo says what it takes back */
		free(s.command);
		s.command = line;
		line = NULL;
	}
	if (c == NULL || (c->takes & C_READ_ONLY) == 0)
		log_checked(&s);	/* as log and check read it, before it grows */
	if (c == NULL && argc > 0 && strcmp(argv[0], "rest") == 0 && travelling(&s))
		c = command_named("camp");	/* 004: a rest under travel is a camp */
	if (c == NULL) {	/* the words are a turn's ACTION */
		refuse_count_word(argc, argv);
		if (argc > 0)
			refuse_word(&s, argv[0]);
		turn(&s, &o, argc, argv);
		rc = EXIT_OK;
	} else {
		refuse_misplaced(c, &o, argc, argv);
		if (c->run == do_turn)
			refuse_count_word(argc - 1, argv + 1);
		if (c->run == do_turn && argc > 1)
			refuse_word(&s, argv[1]);
		rc = c->run(&s, &o, argc, argv);
	}
	ses_prune(&s);
	ses_close(&s);
	out_done();
	free(line);
	return rc;
}
