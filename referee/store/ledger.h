/* ledger.h: games.csv read back: a summary per game for the standings, and the
 * check of a killed run's rows against its schedule, for --resume. */
#ifndef REFEREE_LEDGER_H
#define REFEREE_LEDGER_H

#include "record.h"
#include "schema.h"
#include "standings.h"
#include "gameset.h"
#include "schedule.h"

#include <stdbool.h>
#include <stddef.h>

/* The summary of a game just played. Strings point into rec. */
void ledger_summary_of_record(const struct game_record *rec, struct game_summary *g);

/* The summary of a row of games.csv. Strings point into row. */
void ledger_summary_of_row(const struct game_row *row, struct game_summary *g);

/* Fold row's recorded moves through the rules of its game (a forfeit is of
 * the row's foul kind): they must give its recorded result. Returns 0, or
 * -EINVAL with why naming the game and what is wrong. */
int ledger_fold(const struct game_row *row, char *why, size_t len);

/* The game that the rows read so far are of (standings, reports and
 * comparisons of games of different games mean nothing). Start zeroed. */
struct ledger_game {
    char name[32];  /* "" before the first row */
    char path[200]; /* the file of that row */
    long id;        /* and its game_id */
};

/* Whether row, of the games.csv at path, is of the game of the rows before it
 * in g (the first row sets g). Returns 0, or -EINVAL with why naming both
 * games and where each was found. */
int ledger_check_game(struct ledger_game *g, const char *path, const struct game_row *row,
                      char *why, size_t len);

/* Add every whole row of the games.csv f (from its next row on) to st, each
 * checked by ledger_check_game against *game unless game is NULL. Returns 0,
 * or -EINVAL with why naming the file, row and column that is wrong. */
int ledger_add_games(struct standings *st, struct results_file *f, struct ledger_game *game,
                     char *why, size_t len);

/* Games a resume dropped (with repair): how many, and why the first was. */
struct ledger_repair {
    bool look_only; /* read the files, rewrite nothing (referee tournament --plan): a
                     * run may be writing them */
    bool on;        /* drop a game that does not check, rather than stop */
    long dropped;   /* games dropped */
    bool mendable;  /* without on: the resume stopped at a game it could drop */
    char first[200];
};

/* What a resume checks rows against: the run's schedule and rules, and how a
 * game of it starts. The commands that play fill it from their tournament; the
 * ledger itself never plays. Everything is borrowed. */
struct ledger_plan {
    const struct schedule *schedule;
    const struct game_def *def;
    bool early_draw;
    const struct bot_spec *bots; /* by the schedule's bot indices */
    /* The start of game g into *s, its opening played (tournament_start).
     * Returns 0, or -1 if the opening cannot be played. */
    int (*start)(const void *ctx, const struct scheduled_game *g, struct game_state *s);
    const void *ctx;
};

/* Make the run in dir ready to go on: read games.csv a row at a time, check
 * that each whole row is the game the schedule of p has at its id and that
 * its moves give its result (ledger_fold), add those to skip (by index) and to
 * st; rewrite games.csv without a torn last row and moves.csv with only the
 * moves of those games (each by a temporary file and rename, so a kill during
 * it loses nothing). Memory does not grow with the files. A game whose moves
 * do not give its result, or given twice, stops the resume, or with repair->on
 * is dropped (its moves too, so that it is played again) and counted in
 * *repair (without on, repair->mendable says the stop was at such a game). A directory without
 * games.csv is a fresh start. Returns 0, or a negative errno with why set (-EINVAL: the files are
 * not this tournament's, a game does not check, or not games.csv files). */
int ledger_resume(const char *dir, const struct ledger_plan *p, struct gameset *skip,
                  struct standings *st, struct ledger_repair *repair, char *why, size_t len);

#endif
