/* cmd.h: every command of referee, one cmd_entry each in cmd_table, with its
 * options (parsing and --help) beside it in cmd_<name>.c, as tmux's cmd-*.c;
 * and what commands share. What they run is below: run/ plays, store/,
 * stats/ and report/ read and print. */
#ifndef REFEREE_CMD_H
#define REFEREE_CMD_H

#include "adapter.h"
#include "game.h"
#include "message.h"
#include "options.h"

/* A command as main.c's table lists it (tmux's struct cmd_entry), defined in
 * its cmd_<name>.c beside its options. */
struct cmd_entry {
    const char *name;    /* as typed after `referee` */
    const char *summary; /* its line in `referee --help` */
    /* Run it on argv (argv[0] is its name): returns an exit code, having said
     * what went wrong. */
    int (*exec)(int argc, char **argv);
    const struct option_set *options; /* its parsing and --help */
};

/* Every command, in the order `referee --help` lists them, then NULL (cmd.c). */
extern const struct cmd_entry *const cmd_table[];

/* Each command's entry, in its cmd_<name>.c (match's in cmd_tournament.c). */
extern const struct cmd_entry cmd_replay_entry, cmd_match_entry, cmd_tournament_entry,
    cmd_league_entry, cmd_standings_entry, cmd_report_entry, cmd_doctor_entry, cmd_play_entry,
    cmd_check_entry, cmd_sprt_entry, cmd_perft_entry;

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
