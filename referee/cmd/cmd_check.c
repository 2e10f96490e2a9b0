/* cmd_check.c: `referee check`: read a results directory back with libcsv and
 * check that it holds whole games: unique ids, every game's moves and nothing
 * else in moves.csv, each game's moves giving its result, winner, end, foul and
 * reason under the rules, and run.csv's plan its bots, opening and seed;
 * optionally, that it holds the same games as another directory. */
#include "cmd.h"
#include "cmd_options.h"
#include "ledger.h"
#include "runplan.h"
#include "notation.h"
#include "schema.h"
#include "xalloc.h"

#include <errno.h>
#include <stddef.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What check's options set. */
struct check_args {
    const char *other;
    bool strict;
};

#define FIELD(name) offsetof(struct check_args, name)

static const struct option_def check_table[] = {
    FLAG("strict", strict,
         "the moves of games without their games.csv row (the\n"
         "tail a killed run leaves) are a problem too"),
    TEXT("same-as", "DIR2", other,
         "also check that DIR2 holds the same games and the same\n"
         "moves, times aside",
         .letter = 's'),
};

const struct option_set check_options = {
    .table = check_table,
    .n = sizeof(check_table) / sizeof(check_table[0]),
    .head = "usage: referee check [options] DIR\n"
            "\n"
            "Reads DIR/games.csv and DIR/moves.csv and checks that every row is whole, that\n"
            "game ids are unique and in game order, that moves.csv holds exactly the moves\n"
            "of the games in games.csv, ply by ply, and that each game's moves give its\n"
            "recorded result, winner, end, foul and reason, and DIR/run.csv's plan its\n"
            "bots, colours, opening and seed; it lists every problem, naming the game and\n"
            "the column. The moves of games\n"
            "a killed run wrote before their games.csv rows, and a last row it tore\n"
            "while writing it, are reported as an interrupted tail that --resume replays.\n"
            "\n",
    .tail = "Exit status: 0 all good, 2 bad usage, 3 a problem (named), 4 a file that\n"
            "cannot be read.\n",
    .operands = "DIR",
    .min_operands = 1,
    .max_operands = 1,
    .permute = true,
};

/* Open DIR/games.csv or DIR/moves.csv. Returns EXIT_OK or an exit code,
 * having said why. */
static int open_dir_file(struct results_file *f, const char *dir, bool games)
{
    char why[PATH_MAX + 200];
    int err = schema_open_in(f, dir, games, SCHEMA_ALL, why, sizeof(why));
    if (err < 0) {
        message_error("cannot read %s", why);
        return (err == -EINVAL || err == -ENODATA) ? EXIT_DATA : EXIT_SYSTEM;
    }
    return EXIT_OK;
}

static int compare_ids(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

/* Problems a check lists before it says how many more there are. */
#define PROBLEMS_LISTED 20

/* A problem of dir's files: said, up to PROBLEMS_LISTED of them, and counted. */
static void problem(long *count, const char *dir, const char *why)
{
    if (++*count <= PROBLEMS_LISTED)
        message_error("'%s': %s", dir, why);
}

/* Each game id once: sorted, so that a run of any size is checked at once. */
static void check_unique(const char *dir, long *ids, size_t n, long *problems)
{
    char why[96];
    if (n == 0)
        return;
    qsort(ids, n, sizeof(*ids), compare_ids);
    for (size_t i = 1; i < n; i++)
        if (ids[i] == ids[i - 1] && (i < 2 || ids[i - 2] != ids[i])) {
            snprintf(why, sizeof(why), "game %ld is in games.csv twice", ids[i]);
            problem(problems, dir, why);
        }
}

/* Moves rows after the last game's: the moves of games a killed run wrote
 * before their games.csv rows (moves go first). Each must be of a game not in
 * games.csv (ids, sorted), its plies 1, 2, ...; lm may hold the first. Returns
 * how many games, or -1 (having said why) if the tail is not that. */
static long interrupted_tail(const char *dir, struct ledger_moves *lm, const long *ids, size_t n)
{
    char why[PATH_MAX + 200];
    struct move_row *m = &lm->m;
    long games = 0, game = 0, ply = 0;
    int rc = 1;

    if (!lm->pending)
        rc = schema_next_move(lm->f, m, why, sizeof(why));
    for (; rc > 0; rc = schema_next_move(lm->f, m, why, sizeof(why))) {
        if (m->game_id != game) {
            if ((n && bsearch(&m->game_id, ids, n, sizeof(*ids), compare_ids)) || m->ply != 1) {
                message_error("'%s': moves.csv row %zu belongs to no game of games.csv", dir,
                              schema_rows(lm->f));
                return -1;
            }
            game = m->game_id;
            ply = 0;
            games++;
        }
        if (m->ply != ++ply) {
            message_error("'%s': moves.csv row %zu: ply %ld of game %ld after ply %ld", dir,
                          schema_rows(lm->f), m->ply, game, ply - 1);
            return -1;
        }
    }
    lm->pending = false;
    if (rc < 0) {
        message_error("%s", why);
        return -1;
    }
    return games;
}

/* A results folder under check: its two files, the ids of its games, the
 * problems found. */
struct check_run {
    const char *dir;
    struct results_file games, moves;
    struct ledger_moves lm;
    long *ids;
    size_t n, cap;
    long problems, last;
    size_t whole;        /* rows of moves.csv that are the games' */
    struct runplan plan; /* run.csv's, rows checked against it where known */
    int torn;            /* files whose last row is torn: a run killed while writing it */
    char why[PATH_MAX + 200];
};

/* Once f is read to its end: a torn last row is what a run killed in the
 * middle of writing it leaves (a write cut by SIGKILL, a full disk), not
 * corruption: said, with the repair, and counted as part of the interrupted
 * tail (a problem only if asked to be whole). */
static void check_whole(struct check_run *c, const struct results_file *f)
{
    if (schema_torn(f)) {
        printf("'%s': the last row is torn, as a run killed while writing it leaves it; "
               "--resume will replay its game\n",
               f->path);
        c->torn++;
    }
}

/* Each game of games.csv in turn: in game order, its moves in moves.csv ply
 * by ply, its result. Every problem is listed; EXIT_OK, or EXIT_DATA when a
 * file cannot be read on. */
static int check_games(struct check_run *c)
{
    struct game_row row;
    int more, rc = EXIT_OK;

    while (rc == EXIT_OK && (more = schema_next_game(&c->games, &row, c->why, sizeof(c->why)))) {
        if (more < 0) {
            message_error("%s", c->why);
            return EXIT_DATA;
        }
        if (c->n == c->cap)
            c->ids = xrealloc(c->ids, (c->cap = c->cap ? 2 * c->cap : 1024) * sizeof(*c->ids));
        c->ids[c->n++] = row.id;
        if (row.id < c->last) {
            snprintf(c->why, sizeof(c->why),
                     "game %ld comes after game %ld in games.csv: not in game order", row.id,
                     c->last);
            problem(&c->problems, c->dir, c->why);
        }
        c->last = row.id > c->last ? row.id : c->last;
        int err = ledger_take_moves(&c->lm, &row, NULL, c->why, sizeof(c->why));
        if (err == -EINVAL) {
            problem(&c->problems, c->dir, c->why);
        } else if (err < 0) {
            message_error("%s", c->why);
            rc = EXIT_DATA;
        }
        if (rc == EXIT_OK && ledger_fold(&row, c->why, sizeof(c->why)) < 0)
            problem(&c->problems, c->dir, c->why);
        if (rc == EXIT_OK && runplan_check(&c->plan, &row, c->why, sizeof(c->why)) < 0)
            problem(&c->problems, c->dir, c->why);
    }
    return rc;
}

/* After the games: ids unique, moves.csv's rows all some game's (or a killed
 * run's tail, counted into *tail). */
static int check_rest(struct check_run *c, long *tail)
{
    int rc = EXIT_OK;
    check_whole(c, &c->games);
    check_unique(c->dir, c->ids, c->n, &c->problems);
    c->whole = schema_rows(&c->moves) - (c->lm.pending ? 1 : 0);
    /* Rows after the last game's: a killed run, not yet resumed. Not corrupt,
     * unless asked to be whole. */
    *tail = rc == EXIT_OK ? interrupted_tail(c->dir, &c->lm, c->ids, c->n) : 0;
    if (*tail < 0)
        rc = EXIT_DATA;
    if (rc == EXIT_OK && c->lm.stray > 0) {
        snprintf(c->why, sizeof(c->why),
                 "moves.csv has %ld row%s of no game at %s place (the first: row %zu)", c->lm.stray,
                 c->lm.stray == 1 ? "" : "s", c->lm.stray == 1 ? "its" : "their",
                 c->lm.first_stray);
        problem(&c->problems, c->dir, c->why);
    }
    if (rc == EXIT_OK)
        check_whole(c, &c->moves);
    return rc;
}

/* The verdict on a folder whose files were read through (rc EXIT_OK). */
static int check_verdict(struct check_run *c, long tail, const struct check_args *a)
{
    size_t whole = c->whole;
    if (c->problems > 0) {
        printf("%s: %ld problem%s in %zu games\n", c->dir, c->problems, c->problems == 1 ? "" : "s",
               schema_rows(&c->games));
        return EXIT_DATA;
    }
    if (tail > 0) {
        printf("%s: %zu moves of %ld interrupted game%s after game %ld; --resume will "
               "replay %s\n",
               c->dir, schema_rows(&c->moves) - whole, tail, tail == 1 ? "" : "s", c->last,
               tail == 1 ? "it" : "them");
        if (a->strict)
            return EXIT_DATA;
    }
    if (c->torn > 0 && a->strict)
        return EXIT_DATA;
    printf("%s: %zu games, %zu moves, all whole\n", c->dir, schema_rows(&c->games), whole);
    return EXIT_OK;
}

/* The run's plan from DIR/run.csv, where it has one: a run.csv that is not a
 * plan is a problem, and no row is checked against it. Returns EXIT_OK or
 * EXIT_DATA for a run.csv that cannot be read. */
static int read_plan(struct check_run *c)
{
    struct runinfo ri;
    int rc = runinfo_read(&ri, c->dir, c->why, sizeof(c->why));

    if (rc < 0) {
        message_error("cannot read %s", c->why);
        return rc == -EINVAL || rc == -ENODATA ? EXIT_DATA : EXIT_SYSTEM;
    }
    if (runplan_of(&c->plan, &ri, c->why, sizeof(c->why)) < 0)
        problem(&c->problems, c->dir, c->why);
    runinfo_release(&ri);
    return EXIT_OK;
}

static int check_dir(const char *dir, const struct check_args *a)
{
    struct check_run c = {.dir = dir};
    long tail = 0;
    int rc;

    if ((rc = read_plan(&c)) != EXIT_OK)
        return rc;
    if ((rc = open_dir_file(&c.games, dir, true)) != EXIT_OK)
        return rc;
    if ((rc = open_dir_file(&c.moves, dir, false)) != EXIT_OK) {
        schema_close(&c.games);
        return rc;
    }
    c.lm.f = &c.moves;
    rc = check_games(&c);
    if (rc == EXIT_OK)
        rc = check_rest(&c, &tail);
    if (c.problems > PROBLEMS_LISTED)
        message_error("'%s': and %ld more problems", dir, c.problems - PROBLEMS_LISTED);
    if (rc == EXIT_OK)
        rc = check_verdict(&c, tail, a);
    free(c.ids);
    schema_close(&c.games);
    schema_close(&c.moves);
    return rc;
}

static int cmd_check(int argc, char **argv)
{
    struct check_args a = {0};
    int first, rc = options_parse(&check_options, argc, argv, &a, NULL, &first);

    if (rc != 0)
        return rc == 1 ? EXIT_OK : rc;
    const char *other = a.other;
    rc = check_dir(argv[first], &a);
    if (rc == EXIT_OK && other)
        rc = check_same_as(argv[first], other);
    if (rc == EXIT_OK && other)
        printf("%s: the same games as %s\n", argv[first], other);
    return rc;
}

const struct cmd_entry cmd_check_entry = {
    .name = "check",
    .summary = "check that a results directory holds whole, consistent games",
    .exec = cmd_check,
    .options = &check_options,
};
