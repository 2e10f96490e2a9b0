/* cli.h: the subcommands of the referee program and the exit codes they share.
 * Only the command line prints messages or chooses exit codes: main.c, the
 * cmd_*.c files, and what they run a run with (options, inputs, runner,
 * console). Every other module returns values. */
#ifndef REFEREE_CLI_H
#define REFEREE_CLI_H

#include <signal.h>
#include <stdio.h>

#include "sprt.h"

/* Exit codes, documented in README.md. */
enum exit_code {
    EXIT_OK = 0,
    EXIT_USAGE = 2,      /* bad flags or arguments */
    EXIT_DATA = 3,       /* unparseable input: a move, a board, a CSV file */
    EXIT_SYSTEM = 4,     /* a file or a bot that cannot be opened, read, written or started */
    EXIT_INTERNAL = 5,   /* referee failed itself (a bug): e.g. fewer games written than planned */
    EXIT_SPRT_H0 = 10,   /* an SPRT accepted H0: the candidate is not better by elo1 */
    EXIT_SPRT_NONE = 11, /* an SPRT reached its game cap without a verdict */
    EXIT_INTERRUPTED = 130,
};

/* Print "referee: <message>" on stderr, as git does: lowercase, no period. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The cores this process may use: its CPU affinity where there is one, else
 * the processors online; 1 at least. */
int cli_cores(void);

/* Set by SIGINT, SIGTERM and SIGHUP once cli_catch_signals ran, which also wakes every
 * wait on a bot (proc_set_interrupt_fd): commands that play games abort the
 * games under way, keep what is finished and exit with EXIT_INTERRUPTED. A
 * second SIGINT or SIGTERM is not caught: it stops referee at once. A second
 * SIGHUP is, as hang-ups come in pairs. */
extern volatile sig_atomic_t cli_interrupted;
void cli_catch_signals(void);

struct standings;
/* Print the standings table (and, for two bots, cutechess's Elo line) to f. */
void cli_print_standings(FILE *f, struct standings *st);

struct sprt_counts;
struct sprt_params;
struct sprt_result;
/* SPRT options: words "elo0=A elo1=B alpha=X beta=Y" (spaces or commas),
 * checked; a model name. Return 0, or -1 having said why. */
int cli_parse_sprt_words(struct sprt_params *p, const char *text);
int cli_parse_sprt_model(const char *text, enum sprt_model *m);
/* Print the SPRT lines (cutechess's SPRT line, fastchess's Ptnml line, Elo)
 * for counts, filling *r. */
void cli_print_sprt(FILE *f, const struct sprt_counts *c, const struct sprt_params *p,
                    enum sprt_model model, struct sprt_result *r);
/* The exit status of a verdict: EXIT_OK for H1, EXIT_SPRT_H0, EXIT_SPRT_NONE. */
int cli_sprt_exit(enum sprt_verdict v);

int cmd_replay(int argc, char **argv);
int cmd_sprt(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_tournament(int argc, char **argv);
int cmd_standings(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_doctor(int argc, char **argv);
int cmd_play(int argc, char **argv);

/* Write the report of the results folders dirs to out (cmd_report.c): what
 * `referee report` does, and what a run does at its end (with what the run
 * knows of itself, or NULL). Returns an exit code, having said what went wrong. */
struct report_run;
int report_write(const char *out, const char *const *dirs, int ndirs, const struct report_run *run);

/* r's page to out, whole through out.tmp, fsync and rename; dirs are named on
 * it, and games(f, ctx) writes its games (report_html_game). Returns an exit
 * code, having said why. */
struct report;
int report_write_page(const char *out, struct report *r, const char *const *dirs, int ndirs,
                      int (*games)(FILE *f, void *ctx), void *ctx);
/* `check --same-as` (check_same.c): whether folders a and b hold the same
 * games, times aside, compared by game id whatever the order of their rows;
 * lists what differs. Refuses runs of two different games. Returns an exit
 * code, having said why. */
int check_same_as(const char *a_dir, const char *b_dir);
int cmd_match(int argc, char **argv);
int cmd_perft(int argc, char **argv);

#endif
