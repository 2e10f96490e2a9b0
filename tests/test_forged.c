/* test_forged.c: `referee check` and `--resume` trust no column of games.csv
 * that follows from something else: a winner, an end, a foul and its bot, a
 * reason from the moves under the rules; the bots, seed and opening of a game
 * from the run's plan (run.csv). A forged row is named with its column; an
 * honest run, fouls of every kind included, passes. */
#include "helpers.h"
#include "run.h"
#include "csvout.h"
#include "ledger.h"
#include "schema.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>

#define FIXTURE BUILD_DIR "/testbots/fixture"

static struct run_result r;
static char original[1 << 20]; /* games.csv as the run wrote it */

/* Put value into column of game id's row of dir's games.csv (read with the
 * table reader, written back as referee writes text). */
static void forge(const char *dir, long id, const char *column, const char *value)
{
    char path[128], text[24];
    struct table t;
    struct csvout out = CSVOUT_INIT;

    test_load(&t, dir, "games.csv");
    int c = test_column(&t, column), key = test_column(&t, "game_id");
    snprintf(text, sizeof(text), "%ld", id);
    for (size_t j = 0; j < t.ncols; j++)
        csvout_field(&out, t.header[j]);
    csvout_end(&out);
    for (size_t i = 0; i < t.nrows; i++) {
        for (size_t j = 0; j < t.ncols; j++)
            csvout_text(&out,
                        (int)j == c && strcmp(t.rows[i][key], text) == 0 ? value : t.rows[i][j]);
        csvout_end(&out);
    }
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    cr_assert_eq(csvout_replace_file(path, &out), 0);
    csvout_release(&out);
    table_release(&t);
}

/* games.csv as the run wrote it, again. */
static void restore(const char *dir)
{
    char path[128];
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fputs(original, f);
    fclose(f);
}

/* `referee check dir`: exit 3, naming the game and the column as `says`. */
static void expect_named(const char *dir, const char *says, const char *what)
{
    char *check[] = {REFEREE_BIN, "check", (char *)dir, NULL};
    cr_assert_eq(run_program(check, NULL, &r), 0);
    cr_expect_eq(r.status, 3, "%s: %s%s", what, r.out, r.err);
    cr_expect(strstr(r.err, says), "%s: wanted '%s' in: %s", what, says, r.err);
    restore(dir);
}

/* The cell of column in game id's row of dir's games.csv, into buf. */
static const char *cell_of(const char *dir, long id, const char *column, char *buf, size_t len)
{
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_assert_geq(id, 1);
    cr_assert_leq((size_t)id, t.nrows);
    snprintf(buf, len, "%s", test_cell(&t, (size_t)id - 1, column));
    table_release(&t);
    return buf;
}

/* Of game id in dir, its first and second (80 bytes each), and of those
 * the one that is not bot. */
static const char *other_than(const char *dir, long id, const char *bot, char *first, char *second)
{
    cell_of(dir, id, "first", first, 80);
    cell_of(dir, id, "second", second, 80);
    return strcmp(bot, first) == 0 ? second : first;
}

/* The id of dir's first game whose column holds value, or 0. */
static long first_with(const char *dir, const char *column, const char *value)
{
    struct table t;
    long id = 0;
    test_load(&t, dir, "games.csv");
    for (size_t i = 0; !id && i < t.nrows; i++)
        if (strcmp(test_cell(&t, i, column), value) == 0)
            id = strtol(test_cell(&t, i, "game_id"), NULL, 10);
    table_release(&t);
    return id;
}

/* Play run (its results in dir): it and `check --strict` of it pass (what:
 * the run, in the failure); its games.csv kept as original. */
static void play_checked(char *const run[], const char *dir, const char *what)
{
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *check[] = {REFEREE_BIN, "check", "--strict", (char *)dir, NULL};
    cr_assert_eq(run_program(check, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s: %s%s", what, r.out, r.err);
    test_slurp(dir, "games.csv", original, sizeof(original));
}

Test(forged, a_derived_column_of_a_game_won_on_the_board_is_named, .timeout = 120)
{
    char dir[64], want[256], first[80], second[80], winner[80];
    test_tmpdir(dir, "forged");
    char *run[] = {REFEREE_BIN, "match",
                   "--game",    "connect4",
                   "--bot",     "a=" BOTDIR "connect4",
                   "--bot",     "b=" BOTDIR "random --seed 3",
                   "--games",   "6",
                   "--results", dir,
                   "--quiet",   NULL};
    play_checked(run, dir, "the honest run");
    long id = first_with(dir, "end", "line");
    cr_assert_gt(id, 0, "a game won by four in a row");
    cell_of(dir, id, "winner", winner, sizeof(winner));
    const char *loser = other_than(dir, id, winner, first, second);

    forge(dir, id, "winner", loser);
    snprintf(want, sizeof(want), "game %ld: column 'winner' says '%s', the moves say '%s'", id,
             loser, winner);
    expect_named(dir, want, "winner swapped");

    forge(dir, id, "foul", "timeout");
    forge(dir, id, "foul_by", loser);
    snprintf(want, sizeof(want), "game %ld: column 'foul' says 'timeout', the moves say ''", id);
    expect_named(dir, want, "a timeout on a game won by a line");

    forge(dir, id, "end", "resigned");
    snprintf(want, sizeof(want), "game %ld: column 'end' says 'resigned', the moves say 'line'",
             id);
    expect_named(dir, want, "another end");

    forge(dir, id, "reason", "board full");
    snprintf(want, sizeof(want),
             "game %ld: column 'reason' says 'board full', the moves say 'four in a row'", id);
    expect_named(dir, want, "another reason");

    /* Renamed, the winner with it: the moves agree, the plan does not. */
    forge(dir, id, "first", "c");
    if (strcmp(winner, first) == 0)
        forge(dir, id, "winner", "c");
    snprintf(want, sizeof(want), "game %ld: column 'first' says 'c', the plan's bot ", id);
    expect_named(dir, want, "a renamed first");

    forge(dir, id, "first", second);
    forge(dir, id, "second", first);
    forge(dir, id, "winner", strcmp(winner, first) == 0 ? second : first);
    snprintf(want, sizeof(want), "game %ld: column 'first' says '%s', the plan's bot ", id, second);
    expect_named(dir, want, "colours swapped");

    forge(dir, id, "seed", "12345");
    snprintf(want, sizeof(want), "game %ld: column 'seed' says '12345', the plan says '", id);
    expect_named(dir, want, "another seed");

    forge(dir, id, "bot_seed", "7");
    snprintf(want, sizeof(want), "game %ld: column 'bot_seed' says '7', its seed and id say '", id);
    expect_named(dir, want, "another seed told to the bots");

    forge(dir, id, "winner_mark", "");
    snprintf(want, sizeof(want), "game %ld: column 'winner_mark' says '', the moves say '", id);
    expect_named(dir, want, "no winner's mark");

    /* --resume refuses the folder, naming the game and the column, and keeps
     * the files as they are; --repair would drop the game and play it again. */
    forge(dir, id, "winner", loser);
    char before[1 << 20];
    test_slurp(dir, "games.csv", before, sizeof(before));
    char *resume[] = {REFEREE_BIN, "match",
                      "--game",    "connect4",
                      "--bot",     "a=" BOTDIR "connect4",
                      "--bot",     "b=" BOTDIR "random --seed 3",
                      "--games",   "6",
                      "--results", dir,
                      "--quiet",   "--resume",
                      NULL};
    cr_assert_eq(run_program(resume, NULL, &r), 0);
    cr_expect_eq(r.status, 3, "%s", r.err);
    snprintf(want, sizeof(want), "game %ld: column 'winner' says '%s', the moves say '%s'", id,
             loser, winner);
    cr_expect(strstr(r.err, want) && strstr(r.err, "--repair"), "%s", r.err);
    char after[1 << 20];
    test_slurp(dir, "games.csv", after, sizeof(after));
    cr_expect_str_eq(after, before, "a refused resume leaves the files as they were");
}

Test(forged, a_forfeits_bot_and_reason_are_checked_and_every_honest_foul_passes, .timeout = 180)
{
    char dir[64], want[256], by[80], first[80], second[80];
    test_tmpdir(dir, "forged");
    char *run[] = {REFEREE_BIN,   "tournament",
                   "--bot",       "p=" BOTDIR "perfect",
                   "--bot",       "slow=" FIXTURE " slow 500",
                   "--bot",       "crash=" FIXTURE " crash",
                   "--bot",       "garbage=" FIXTURE " garbage",
                   "--bot",       "occupied=" FIXTURE " occupied",
                   "--bot",       "outofturn=" FIXTURE " outofturn",
                   "--games",     "2",
                   "--movetime",  "150",
                   "--firstmove", "150",
                   "--results",   dir,
                   "--quiet",     NULL};
    play_checked(run, dir, "the honest run, fouls and all");

    /* A timeout charged to the other bot: the forfeit's mark says whose. */
    long id = first_with(dir, "foul", "timeout");
    cr_assert_gt(id, 0, "a game lost on time");
    cell_of(dir, id, "foul_by", by, sizeof(by));
    const char *other = other_than(dir, id, by, first, second);
    forge(dir, id, "foul_by", other);
    snprintf(want, sizeof(want), "game %ld: column 'foul_by' says '%s', the moves say '%s'", id,
             other, by);
    expect_named(dir, want, "a timeout charged to the other bot");

    forge(dir, id, "reason", "crashed (signal 11)");
    snprintf(want, sizeof(want),
             "game %ld: column 'reason' says 'crashed (signal 11)', not a timeout's reason", id);
    expect_named(dir, want, "a timeout's reason");

    /* A rules foul cannot be turned into a forfeit of another kind. */
    id = first_with(dir, "foul", "occupied");
    cr_assert_gt(id, 0, "a game lost on an occupied square");
    forge(dir, id, "foul", "timeout");
    snprintf(want, sizeof(want), "game %ld: column 'foul' says 'timeout', the moves say 'occupied'",
             id);
    expect_named(dir, want, "an occupied square called a timeout");
}

/* A timeout moved to the other bot in every file (the forfeit's mark too,
 * the winner with it): the moves then agree, but a timeout is the reply of the
 * side asked, and the other bot was not asked. */
Test(forged, a_timeout_by_the_bot_not_to_move_is_refused, .timeout = 60)
{
    char dir[64], path[128], why[PATH_MAX + 200], moves[GAME_MAX_PLIES * GAME_MOVE_TEXT];
    test_tmpdir(dir, "forged");
    char *run[] = {REFEREE_BIN,   "match",
                   "--bot",       "p=" BOTDIR "perfect",
                   "--bot",       "slow=" FIXTURE " slow 500",
                   "--games",     "2",
                   "--movetime",  "150",
                   "--firstmove", "150",
                   "--results",   dir,
                   "--quiet",     NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    struct results_file f;
    struct game_row row;
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    cr_assert_eq(schema_open_games(&f, path, SCHEMA_ALL, why, sizeof(why)), 0, "%s", why);
    cr_assert_eq(schema_next_game(&f, &row, why, sizeof(why)), 1, "%s", why);
    cr_assert_eq(row.foul, FOUL_TIMEOUT, "%s", row.text[GC_REASON]);
    cr_expect_eq(ledger_fold(&row, why, sizeof(why)), 0, "the honest row: %s", why);

    const struct game_def *def = row.def;
    int by = row.foul_side, other = 1 - by;
    snprintf(moves, sizeof(moves), "%s", row.text[GC_MOVES]);
    char *last = strrchr(moves, ' ');
    last = last ? last + 1 : moves;
    cr_assert_eq(strcmp(last + 1, ":forfeit"), 0, "%s", moves);
    last[0] = def->marks[other];
    char mark[2] = {def->marks[by], '\0'};
    struct game_row forged = row;
    forged.text[GC_MOVES] = moves;
    forged.text[GC_FOUL_BY] = row.bots[other];
    forged.foul_side = other;
    forged.text[GC_WINNER] = row.bots[by];
    forged.text[GC_WINNER_MARK] = mark;
    forged.text[GC_RESULT] = by == SIDE_FIRST ? "1-0" : "0-1";
    cr_expect_eq(ledger_fold(&forged, why, sizeof(why)), -EINVAL);
    char want[200];
    snprintf(want, sizeof(want),
             "game 1: column 'foul_by' says '%s' timed out, but '%s' was to move", row.bots[other],
             row.bots[by]);
    cr_expect_str_eq(why, want);
    schema_close(&f);
}
