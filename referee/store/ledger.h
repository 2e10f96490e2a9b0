/* ledger.h: games.csv read back: a summary per game for the standings, and the
 * check of a killed run's rows against its schedule, for --resume. */
#ifndef REFEREE_LEDGER_H
#define REFEREE_LEDGER_H

#include "record.h"
#include "schema.h"
#include "standings.h"
#include "gameset.h"
#include "schedule.h"
#include "start_plan.h"
#include "csvout.h"

#include <stdbool.h>
#include <stddef.h>

/* The summary of a game just played. Strings point into rec. */
void ledger_summary_of_record(const struct game_record *rec, struct game_summary *g);

/* The summary of a row of games.csv. Strings point into row. */
void ledger_summary_of_row(const struct game_row *row, struct game_summary *g);

/* Fold row's recorded moves through the rules of its game (a forfeit is of
 * the row's foul kind, which must be one the rules cannot see): they must give
 * its recorded result, end, foul, foul_by, winner and winner_mark, its plies,
 * and where the end's words are the rules' own its reason (a timeout's reason
 * says it is one, and once the bots have begun to play it is the side to
 * move's); first_mark and second_mark are the game's, bot_seed the one its
 * seed and id give (schedule_bot_seed). Nothing derived is
 * trusted (ledger_verify.c). Returns 0, or -EINVAL with why naming the game
 * and the column: "game 17: column 'winner' says 'b', the moves say 'a'". */
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

/* moves.csv read in step with games.csv: a game's moves rows come right
 * after the previous game's. f NULL: a run without moves.csv. */
struct ledger_moves {
    struct results_file *f; /* borrowed */
    bool pending;           /* m holds a row read and not yet taken (another game's) */
    struct move_row m;
    long stray;         /* rows passed over: of a game before the one asked, at no game's place */
    size_t first_stray; /* the first of those (its row number in moves.csv) */
};

/* Take game row's moves rows from lm, the rows that follow, of its id: they
 * must be its moves column, ply by ply (ledger_match_move), and copied to copy
 * (may be NULL) while they are. Rows of a later game are left for it; rows of
 * an earlier one are passed over and counted in lm->stray.
 * Returns 0, -EINVAL with why naming the game and what differs, or another
 * negative errno for a moves.csv that cannot be read (why says so). */
int ledger_take_moves(struct ledger_moves *lm, const struct game_row *row, struct csvout *copy,
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
    const struct schedule *schedule; /* NULL (a league): which game each id is, its
                                      * bots and opening, is the caller's to check;
                                      * the rest is checked (ids up to skip's count) */
    struct start_plan start;         /* the game, its rules, and where each game starts */
    const struct bot_spec *bots;     /* by the schedule's bot indices */
};

/* Make the run in dir ready to go on: read games.csv a row at a time, check
 * that each whole row is the game the schedule of p has at its id, that its
 * moves give its result (ledger_fold), that moves.csv holds those moves ply by
 * ply right after the previous game's (ledger_match_move), and that rows come
 * in game order; add those to skip (by index) and to st; rewrite games.csv
 * without a torn last row and moves.csv with only the moves of those games
 * (each by a temporary file and rename, so a kill during it loses nothing).
 * Memory does not grow with the files. A game that does not check so, or is
 * given twice, or out of order, stops the resume, or with repair->on
 * is dropped (its moves too, so that it is played again) and counted in
 * *repair (without on, repair->mendable says the stop was at such a game). A directory without
 * games.csv is a fresh start. Returns 0, or a negative errno with why set (-EINVAL: the files are
 * not this tournament's, a game does not check, or not games.csv files). */
struct ledger_kept {
    struct gameset *skip; /* the games kept, by index */
    struct standings *st; /* their results added */
};
int ledger_resume(const char *dir, const struct ledger_plan *p, const struct ledger_kept *kept,
                  struct ledger_repair *repair, char *why, size_t len);

#endif
