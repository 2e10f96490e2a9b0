/* cli.h: the subcommands of the referee program and the exit codes they share.
 * Only main.c and the cmd_*.c files print messages or choose exit codes. */
#ifndef REFEREE_CLI_H
#define REFEREE_CLI_H

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

int cmd_replay(int argc, char **argv);
int cmd_perft(int argc, char **argv);

#endif
