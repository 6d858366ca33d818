/*
 * delve.h: what the files of delve(6) share (cmd/delve/delve.c the driver and
 * its command table, each other file of cmd/delve/ a job); private to delve.
 */
#ifndef DELVING_DELVE_H
#define DELVING_DELVE_H

#include <stddef.h>
#include <stdint.h>

#include "proc.h"
#include "session.h"
#include "opt.h"
#include "view.h"

struct opts {
	OPT_COMMON;		/* -jn */
	const char *dir;
	int	 dir_set;	/* -C given */
	int	 dir_env;	/* DIR from DELVING_SESSION */
	enum view_form form;
};

extern const char prog[];

/* The SYNOPSIS, a form a line: -h has them all, a usage error its own. */
#define SYN_TURN	"delve [-hjRV] [-C DIR] [-n COUNT] [[turn] ACTION ...]"
#define SYN_NEW		"delve new [-F] [-c [DAY/]TIME] [-D DIALECT] [-l KIND[,KIND ...]] " \
			    "[-p FILE] [-r RULES] [-s SEED] [-T KEY=FILE ...] DIR"
#define SYN_NEXT	"delve next [-F] [-c [DAY/]TIME] [-D DIALECT] [-l KIND[,KIND ...]] " \
			    "[-r RULES] [-s SEED] [-T KEY=FILE ...] PREV DIR"
#define SYN_CAMPAIGN	"delve [-jR] [-C DIR] campaign [status | log | journal] | " \
			    "note TEXT"
#define SYN_PURSE	"delve [-jR] [-C DIR] buy NAME COIN " \
			    "[sup HOURS | rations DAYS | WHAT ...] | spend NAME COIN " \
			    "[WHAT ...] | give NAME NAME COIN | " \
			    "share NAME | loot NAME"
#define SYN_SESSION	"delve [-jR] [-C DIR] status | check | undo | log"
#define SYN_CALL	"delve [-jR] [-C DIR] roll | reaction | chase | " \
			    "return [ARG ...]"
#define SYN_AFFLICT	"delve [-jR] [-C DIR] infect NAME SOURCE LENGTH " \
			    "[KEY=VALUE ...] | cure NAME SOURCE"
#define SYN_GM		"delve [-jR] [-C DIR] damage | heal NAME N|DICE | " \
			    "set NAME KEY=VALUE ... | join NAME [KEY=VALUE ...] | " \
			    "leave NAME"
#define SYN_GM_FILES	"delve [-jR] [-C DIR] light COMMAND [ARG ...] | " \
			    "camp [HOURS | until TIME] [unsafe] | hour [N] [ACTION ...] | " \
			    "edit [party | FILE] | reset KEY"
#define SYN_SCREEN	"delve [-C DIR] screen [-oP]"
#define SYN_BATCH	"delve batch [-j | -S] [-k [-K NAME]] [-l KIND[,KIND ...]] [-p FILE] " \
			    "[-r RULES] [-T KEY=FILE ...] -s SEED -n TURNS -o DIR COUNT"

/* delve new's options, its -T tables checked and copied by batch too. */
struct newopts {
	const char *seed, *rules, *lights, *clock, *party, *dice;
	const char *prev;			/* delve next's PREV */
	char	*tables[SES_TABLES_MAX];	/* -T KEY=FILE, split: KEY */
	char	*files[SES_TABLES_MAX];		/* FILE */
	struct tbl loaded[SES_TABLES_MAX];	/* FILE, read */
	int	 ntables;
	int	 force;
};

void	 table_option(struct newopts *n, char *v);

/* The rows of delve new's and delve batch's option tables that say the same. */
#define NEW_OPT_RULES	{ 'r', NULL, "the rules (default exploration)" }
#define NEW_OPT_TABLE	{ 'T', "KEY=FILE", \
	"roll the table in FILE whenever a result says KEY" }

/* cmd/delve/session.c: the session, for every command */
void	 out_done(void);
void	 session_env(const struct session *s);
void	 stage_failed(struct session *s, const struct proc_result *r,
	    const char *file);
char	*newfile(const struct session *s, const char *name);
void	 copy_file(struct session *s, const char *from, const char *name,
	    const char *what, int durable);
struct lamp;
void	 lamp_level_name(int r, struct lamp *l, char *buf, size_t size);
void	 session_level(const struct session *s, int work, char *buf,
	    size_t size);
void	 refuse_options(int argc, char **argv, const char *but, const char *why);
void	 stage_words(struct argv_b *v, const struct session *s, const char *prog);
void	 table_options(const struct session *s, struct argv_b *v, int for_reaction);
int	 table_of_reaction(const char *key);
char	*table_arg(const struct session *s, int i, int in_work);
int	 hazard_keeps_party(const char *rules);
enum { TAKES_TIMEDICE = 1, TAKES_REACTION = 2 };	/* party_takers */
unsigned party_takers(const char *path);
unsigned session_takers(const struct session *s);
char	*at_turn(const char *in, size_t len, uint64_t turn, size_t *outlen);
void	 show_then_commit(struct session *s, const struct opts *o,
	    const char *rec, size_t len, uint64_t turns, int is_call, uint64_t start);
void	 commit_said(struct session *s, const struct opts *o, const char *name,
	    const char *key, const char *text, int is_call);
void	 one_command(struct session *s, const struct opts *o, char **v,
	    int is_call, struct proc_result *res);

/* cmd/delve/delve.c: the driver */
void	 count_misplaced(int at, int argc, char **argv);

/* cmd/delve/turn.c: turns and calls */
void	 turn(struct session *s, const struct opts *o, int argc, char **argv);
void	 call_seed(const struct session *s, char *seed, size_t size);
int	 call(struct session *s, const struct opts *o, int argc, char **argv);
int	 afflict(struct session *s, const struct opts *o, int argc, char **argv);

/* cmd/delve/gm.c: the GM's commands */
int	 travelling(const struct session *s);
int	 party_act(struct session *s, const struct opts *o, int argc, char **argv);
int	 light_act(struct session *s, const struct opts *o, int argc, char **argv);
int	 camp(struct session *s, const struct opts *o, int argc, char **argv);
int	 hours(struct session *s, const struct opts *o, int argc, char **argv);
int	 edit(struct session *s, const struct opts *o, int argc, char **argv);
int	 reset_draws(struct session *s, const struct opts *o, int argc,
	     char **argv);

/* cmd/delve/view.c: the views */
struct member;
int	 show_log(struct session *s, const struct opts *o, int argc, char **argv);
void	 log_checked(const struct session *s);
int	 check(struct session *s, const struct opts *o, int argc, char **argv);
int	 status(struct session *s, const struct opts *o, int argc, char **argv);
void	 say_character(const struct member *m, const char *line, int rules,
	    const char *more);

/* cmd/delve/screen.c: delve screen, the session live in a terminal */
int	 screen(struct session *unused, const struct opts *o, int argc,
	    char **argv);

/* cmd/delve/new.c: delve new */
void	 check_tables(struct newopts *n);
void	 copy_tables(struct session *s, struct newopts *n);
int	 new_session(struct session *none, const struct opts *o, int argc,
	     char **argv);

void	 new_setup(struct session *s, char **v, const char *party);

/* cmd/delve/campaign.c: delve next, the campaign, supplies and coin */
struct carry;
struct carry	*carry_open(struct newopts *n, const char *dir);
char	*carry_from(const struct carry *c);
void	 carry_write(struct carry *c, struct session *s, const char *lights);
void	 carry_close(struct carry *c);
int	 campaign(struct session *s, const struct opts *o, int argc, char **argv);
int	 note(struct session *s, const struct opts *o, int argc, char **argv);
int	 purse_act(struct session *s, const struct opts *o, int argc, char **argv);
int	 roster_join(struct session *s, const struct opts *o, int argc, char **argv);
void	 roster_keep(struct session *s, const char *party, const char *act,
	    const char *name);
void	 supplies_status(const struct session *s);
int	 camp_without_food(struct session *s, uint64_t start);

/* cmd/delve/batch.c: delve batch */
int	 batch(struct session *s, const struct opts *o, int argc, char **argv);

#endif
