/* cmd.h: every command of referee, as main.c's table calls it, with its
 * options (parsing and --help) beside it in cmd_<name>.c, as tmux's cmd-*.c;
 * and what commands share. What they run is below: run/ plays, store/,
 * stats/ and report/ read and print. */
#ifndef REFEREE_CMD_H
#define REFEREE_CMD_H

#include "adapter.h"
#include "game.h"
#include "message.h"
#include "options.h"

/* The commands, as main.c's table calls them: each returns an exit code,
 * having said what went wrong. */
int cmd_tournament(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_league(int argc, char **argv);
int cmd_doctor(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_sprt(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_standings(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_perft(int argc, char **argv);

/* Their options, parsing and --help (the tests check the help lists them). */
extern const struct option_set tournament_options, match_options, doctor_options, play_options,
    league_options;
extern const struct option_set replay_options, sprt_options, check_options, standings_options,
    report_options, perft_options;

/* Whether bot, speaking proto, can play def; if not, says so (the game and
 * the protocol named) and returns EXIT_USAGE, else 0 (cmd_tournament.c; the
 * commands that play check each bot with it). */
int cmd_check_plays(const char *bot, enum proto proto, const struct game_def *def);

/* `check --same-as` (cmd_check_same.c): whether folders a and b hold the same
 * games, times aside, compared by game id whatever the order of their rows;
 * lists what differs. Refuses runs of two different games. Returns an exit
 * code, having said why. */
int check_same_as(const char *a_dir, const char *b_dir);

#endif
