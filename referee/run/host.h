/* cli.h: the commands that play games (tournament, match, doctor, play) and
 * what they share: the cores to use and the handling of Ctrl-C. The exit codes
 * and cli_error are in message.h; the commands that only read files, and the
 * printers these commands share with them, in inspect.h. */
#ifndef REFEREE_CLI_H
#define REFEREE_CLI_H

#include <signal.h>
#include <stdbool.h>

#include "config.h"
#include "message.h"
#include "options.h"

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

/* Say once, where --memory is given (to any bot of c) and no memory cgroup
 * can be made, what it then does not bound: memfd, shared memory and tmpfs
 * pages (it is RLIMIT_AS alone). */
void cli_say_memory_cover(const struct run_config *c);
/* Say once on stderr, if referee runs as root and its bots are not
 * sandboxed, that they run as root: every right of the machine's; and what
 * would run them as a plain user (--sandbox, if the command has it). */
void cli_say_bots_run_as_root(bool sandbox, bool has_sandbox);

/* Whether bot, speaking proto, can play def; if not, says so (the game and
 * the protocol named) and returns EXIT_USAGE, else 0. */
int cli_check_plays(const char *bot, enum proto proto, const struct game_def *def);

/* The commands, as main.c's table calls them: each returns an exit code,
 * having said what went wrong. */
int cmd_tournament(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_doctor(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_league(int argc, char **argv);

/* Their options, parsing and --help (the tests check the help lists them). */
extern const struct option_set tournament_options, match_options, doctor_options, play_options,
    league_options;

#endif
