/* cmd_league.h: what the files of `referee league` share (cmd_league.c, its
 * options and subcommands; cmd_league_add.c, `add`): everything a subcommand
 * may be given. Internal to cmd/. */
#ifndef REFEREE_CMD_LEAGUE_H
#define REFEREE_CMD_LEAGUE_H

#include "config.h"
#include "game.h"
#include "league_run.h"

#include <stdbool.h>

enum { FOR_ADD = 1, FOR_RETIRE = 2, FOR_RUN = 4, FOR_SHOW = 8 };

/* Everything any subcommand may be given. */
struct league_cmd {
    struct league_options lo;
    const char *bot_dir;
    enum proto proto; /* PROTO_COUNT: not given */
    const struct game_def *game;
    long seed, openings, min_games, lag;
    bool no_early_draw;
    struct bot_spec env; /* add: the entry's --env, as a bot's (name and argv unused) */
    const char *reason;  /* retire: why, or NULL */
    bool replace;        /* add: a new version of an entry */
};

/* The index of --game in the options table; --seed, --openings,
 * --no-early-draw, --min-games and --lag follow it, in that order. */
#define LEAGUE_OPT_GAME 2

/* `league add DIR NAME=COMMAND` (text), with c's options (given: which, by
 * the table's order): the first makes the league with the settings given,
 * later ones may repeat them, not change them; an entry whose --dir or
 * program is not there is refused; with --replace, NAME's next version is
 * added and the version before retired. Returns an exit code, having said
 * what went wrong. */
int cmd_league_add(struct league_cmd *c, const bool *given, const char *dir, const char *text);

#endif
