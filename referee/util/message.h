/* message.h: how referee says that something went wrong: one line on stderr in
 * git's style, and the exit codes every command shares (README "Exit status").
 * Any layer that must stop the program with a reason (out of memory, a
 * sandbox that cannot be set up, a command's error) says it here. */
#ifndef REFEREE_MESSAGE_H
#define REFEREE_MESSAGE_H

/* Exit codes, documented in README.md. */
enum exit_code {
    EXIT_OK = 0,
    EXIT_USAGE = 2,      /* bad flags or arguments */
    EXIT_DATA = 3,       /* unparseable input: a move, a board, a CSV file */
    EXIT_SYSTEM = 4,     /* a file or a bot that cannot be opened, read, written or started */
    EXIT_INTERNAL = 5,   /* referee failed itself (a bug): e.g. fewer games written than planned */
    EXIT_BOT_FAILED = 6, /* played to the end, but a bot could not be started or never
                          * answered: its games from then on are forfeits */
    EXIT_SPRT_H0 = 10,   /* an SPRT accepted H0: the candidate is not better by elo1 */
    EXIT_SPRT_NONE = 11, /* an SPRT reached its game cap without a verdict */
    EXIT_INTERRUPTED = 130,
};

/* Print "referee: <message>" on stderr, as git does: lowercase, no period.
 * Every command and every layer that must say why it stops calls it. */
void message_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
