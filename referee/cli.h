/* cli.h: the subcommands of the referee program and the exit codes they share.
 * Only main.c and the cmd_*.c files print messages or choose exit codes. */
#ifndef REFEREE_CLI_H
#define REFEREE_CLI_H

#include <signal.h>
#include <stdio.h>

/* Exit codes, documented in README.md. */
enum exit_code {
    EXIT_OK = 0,
    EXIT_USAGE = 2,  /* bad flags or arguments */
    EXIT_DATA = 3,   /* unparseable input: a move, a board, a CSV file */
    EXIT_SYSTEM = 4, /* a file or a bot that cannot be opened, read, written or started */
    EXIT_INTERRUPTED = 130,
};

/* Print "referee: <message>" on stderr, as git does: lowercase, no period. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Set by SIGINT and SIGTERM once cli_catch_signals ran, which also wakes every
 * wait on a bot (proc_set_interrupt_fd): commands that play games abort the
 * games under way, keep what is finished and exit with EXIT_INTERRUPTED. A
 * second signal is not caught. */
extern volatile sig_atomic_t cli_interrupted;
void cli_catch_signals(void);

struct standings;
/* Print the standings table (and, for two bots, cutechess's Elo line) to f. */
void cli_print_standings(FILE *f, struct standings *st);

int cmd_replay(int argc, char **argv);
int cmd_tournament(int argc, char **argv);
int cmd_standings(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_perft(int argc, char **argv);

#endif
