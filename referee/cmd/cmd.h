/* inspect.h: the commands that only read files (check, replay, standings,
 * sprt, perft, report), and the printers and report writer they share with the
 * commands that play. Nothing here starts a process: this library links below
 * proc/ and play/. */
#ifndef REFEREE_INSPECT_H
#define REFEREE_INSPECT_H

#include <stdio.h>

#include "message.h"
#include "options.h"
#include "sprt.h"

/* The commands, as main.c's table calls them: each returns an exit code,
 * having said what went wrong. */
int cmd_replay(int argc, char **argv);
int cmd_sprt(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_standings(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_perft(int argc, char **argv);

/* Their options, parsing and --help (the tests check the help lists them). */
extern const struct option_set replay_options, sprt_options, check_options, standings_options,
    report_options, perft_options;

struct standings;
/* Print the standings table (and, for two bots, cutechess's Elo line) to f
 * (cmd_standings.c). */
void cli_print_standings(FILE *f, struct standings *st);

/* Whether st's bots can be rated on one scale: if no games link some of them,
 * not even through other bots, say which two and return EXIT_DATA; else
 * EXIT_OK (cmd_standings.c). */
int cli_check_groups(struct standings *st);

struct sprt_counts;
struct sprt_params;
struct sprt_result;
/* SPRT options: words "elo0=A elo1=B alpha=X beta=Y" (spaces or commas),
 * checked; a model name. Return 0, or -1 having said why (cmd_sprt.c). */
int cli_parse_sprt_words(struct sprt_params *p, const char *text);
int cli_parse_sprt_model(const char *text, enum sprt_model *m);
/* Print the SPRT lines (cutechess's SPRT line, fastchess's Ptnml line, Elo)
 * for counts, filling *r. */
void cli_print_sprt(FILE *f, const struct sprt_counts *c, const struct sprt_params *p,
                    enum sprt_model model, struct sprt_result *r);
/* The exit status of a verdict: EXIT_OK for H1, EXIT_SPRT_H0, EXIT_SPRT_NONE. */
int cli_sprt_exit(enum sprt_verdict v);

/* Write the report of the results folders dirs to out (cmd_report.c): what
 * `referee report` does, and what a run does at its end (with what the run
 * knows of itself, or NULL). Returns an exit code, having said what went wrong. */
struct report_run;
int report_write(const char *out, const char *const *dirs, int ndirs, const struct report_run *run);

/* Who writes a page's games (report_html_game each): write(f, ctx), 0 or -errno. */
struct report_games {
    int (*write)(FILE *f, void *ctx);
    void *ctx;
};

/* r's page to out, whole through out.tmp, fsync and rename; dirs are named on
 * it, and games writes its games. Returns an exit code, having said why. */
struct report;
int report_write_page(const char *out, struct report *r, const char *const *dirs, int ndirs,
                      const struct report_games *games);

/* `check --same-as` (check_same.c): whether folders a and b hold the same
 * games, times aside, compared by game id whatever the order of their rows;
 * lists what differs. Refuses runs of two different games. Returns an exit
 * code, having said why. */
int check_same_as(const char *a_dir, const char *b_dir);

#endif
