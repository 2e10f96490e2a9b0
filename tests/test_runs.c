/* test_runs.c: every run plays and counts exactly the games it claims: shards
 * and SPRT runs at -j2 and -j4 with a stalled game, the score line after a
 * resume, the sprt command's words, points as text, off-board squares and the
 * side of the Elo difference line. Real referee runs, real bots, real files. */
#include "helpers.h"
#include "run.h"
#include "schedule.h"
#include "standings.h"
#include "table.h"

#include <criterion/criterion.h>
#include <csv.h>
#include <stdbool.h>
#include <sys/stat.h>

#define FIXTURE BUILD_DIR "/testbots/fixture"

static struct run_result r;

/* The tournament of the shard tests: 4 bots, 6 pairings, 240 games, seed 12. */
#define SHARD_GAMES 240
static const struct schedule shard_schedule = {
    .format = SCHEDULE_ROUND_ROBIN, .nbots = 4, .games_per_pairing = 40, .rounds = 1, .seed = 12};

/* fx plays game 4 (opening 2, in shard 2 of 3) second, against r2. */
#define SHARD_RUN(dir, fx, jobs, ...)                                                              \
    {                                                                                              \
        REFEREE_BIN, "tournament", "--bot", "fx=" FIXTURE " " fx, "--bot",                         \
            "r1=" BOTDIR "random --seed 1", "--bot", "r2=" BOTDIR "random --seed 2", "--bot",      \
            "heuristic=" BOTDIR "heuristic", "--games", "40", "--seed", "12", "-j", jobs,          \
            "--results", dir, "--quiet", __VA_ARGS__ NULL                                          \
    }

/* Rows of a whole run's games.csv and moves.csv, kept for the merge below. */
struct merged {
    FILE *games, *moves;
};

static void write_row(FILE *f, char *const *fields, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i > 0)
            fputc(',', f);
        cr_assert_geq(csv_fwrite(f, fields[i], strlen(fields[i])), 0);
    }
    fputc('\n', f);
}

/* Write into dir the games of the shards' folders merged in game order, as
 * the whole run writes them: for `referee check --same-as`. */
static void merge_shards(const char *dir, char shards[][64], int n)
{
    struct table g[3], m[3];
    char path[600];
    size_t gi[3] = {0}, mi[3] = {0};

    cr_assert_leq(n, 3);
    for (int s = 0; s < n; s++) {
        test_load(&g[s], shards[s], "games.csv");
        test_load(&m[s], shards[s], "moves.csv");
    }
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    FILE *games = fopen(path, "w");
    snprintf(path, sizeof(path), "%s/moves.csv", dir);
    FILE *moves = fopen(path, "w");
    cr_assert(games && moves);
    write_row(games, g[0].header, g[0].ncols);
    write_row(moves, m[0].header, m[0].ncols);
    int gid = test_column(&g[0], "game_id"), mid = test_column(&m[0], "game_id");
    for (long id = 1; id <= SHARD_GAMES; id++)
        for (int s = 0; s < n; s++) {
            if (gi[s] >= g[s].nrows || atol(g[s].rows[gi[s]][gid]) != id)
                continue;
            write_row(games, g[s].rows[gi[s]++], g[s].ncols);
            while (mi[s] < m[s].nrows && atol(m[s].rows[mi[s]][mid]) == id)
                write_row(moves, m[s].rows[mi[s]++], m[s].ncols);
        }
    fclose(games);
    fclose(moves);
    for (int s = 0; s < n; s++) {
        table_release(&g[s]);
        table_release(&m[s]);
    }
}

/* games.csv of dir holds exactly the games of shard `shard` (0-based) of 3,
 * each once, in game order. */
static void expect_shard_games(const char *dir, int shard, const char *what)
{
    struct table t;
    test_load(&t, dir, "games.csv");
    int id = test_column(&t, "game_id");
    size_t row = 0;
    for (long i = 0; i < SHARD_GAMES; i++) {
        if (!schedule_in_shard(&shard_schedule, i, shard, 3))
            continue;
        cr_assert_lt(row, t.nrows, "%s: shard %d/3 lacks game %ld (and later ones): %zu rows", what,
                     shard + 1, i + 1, t.nrows);
        cr_assert_eq(atol(t.rows[row][id]), i + 1, "%s: shard %d/3 row %zu is game %s, not %ld",
                     what, shard + 1, row + 1, t.rows[row][id], i + 1);
        row++;
    }
    cr_assert_eq(row, t.nrows, "%s: shard %d/3 has %zu rows, %zu more than its games", what,
                 shard + 1, t.nrows, t.nrows - row);
    table_release(&t);
}

static void expect_same_as(const char *dir, const char *whole)
{
    char *argv[] = {REFEREE_BIN, "check", "--same-as", (char *)whole, (char *)dir, NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "check --same-as: %s", r.err);
}

Test(runs, shards_at_j2_and_j4_with_a_stalled_game_hold_exactly_their_games, .timeout = 240)
{
    char whole[64];
    test_tmpdir(whole, "runs");
    char *all[] = SHARD_RUN(whole, "legal", "1", );
    cr_assert_eq(run_program(all, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);

    /* Game 4 takes 1-2 s at -j2 and -j4: the other workers run ahead of it
     * to the cap of games held, wait for it, and must still take only games of
     * their own shard when it ends. */
    const char *jobs[] = {"2", "4"};
    for (int rep = 0; rep < 3; rep++)
        for (int j = 0; j < 2; j++) {
            char shards[3][64], merged[64], what[64];
            for (int s = 0; s < 3; s++) {
                char slice[8];
                snprintf(slice, sizeof(slice), "%d/3", s + 1);
                test_tmpdir(shards[s], "runs");
                char *argv[] =
                    SHARD_RUN(shards[s], "stallgame 4 400", (char *)jobs[j], "--shard", slice, );
                cr_assert_eq(run_program(argv, NULL, &r), 0);
                snprintf(what, sizeof(what), "-j%s, run %d", jobs[j], rep + 1);
                cr_assert_eq(r.status, 0, "%s, shard %s: %s", what, slice, r.err);
                expect_shard_games(shards[s], s, what);
            }
            test_tmpdir(merged, "runs");
            merge_shards(merged, shards, 3);
            expect_same_as(merged, whole);
        }
}

/* The lines of out that start with one of the SPRT's or the Score's words. */
static void figure_lines(const char *out, char *buf, size_t cap)
{
    static const char *const starts[] = {"SPRT:", "Ptnml", "Elo:", "Score of", "Elo difference"};
    size_t n = 0;
    buf[0] = '\0';
    for (const char *line = out; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) + 1 : strlen(line);
        for (size_t i = 0; i < sizeof(starts) / sizeof(starts[0]); i++)
            if (strncmp(line, starts[i], strlen(starts[i])) == 0 && n + len < cap) {
                memcpy(buf + n, line, len);
                n += len;
                buf[n] = '\0';
            }
        line += len;
    }
}

#define SPRT_MATCH(dir, fx, jobs)                                                                  \
    {                                                                                              \
        REFEREE_BIN, "match", "--bot", "fx=" FIXTURE " " fx, "--bot", "h=" BOTDIR "heuristic",     \
            "--games", "400", "--sprt", "elo0=-100 elo1=0", "-j", jobs, "--results", dir, NULL     \
    }

Test(runs, sprt_at_j2_with_a_stalled_game_stops_with_the_figures_of_j1, .timeout = 120)
{
    static char one_out[65536], out[65536];
    char one[64];
    test_tmpdir(one, "runs");
    char *a[] = SPRT_MATCH(one, "legal", "1");
    cr_assert_eq(run_program(a, NULL, &r), 0);
    int verdict = r.status;
    cr_assert(verdict == 0 || verdict == 10, "no verdict: %d %s", verdict, r.err);
    cr_assert_not_null(strstr(r.out, verdict == 0 ? "H1 was accepted" : "H0 was accepted"),
                       "the printed verdict agrees with the exit status %d:\n%s", verdict, r.out);
    figure_lines(r.out, one_out, sizeof(one_out));
    struct table t;
    test_load(&t, one, "games.csv");
    size_t games = t.nrows;
    table_release(&t);
    cr_assert_gt(games, 6, "the verdict comes after the stalled game 4 (%zu games)", games);
    cr_assert_lt(games, 300, "and well before the cap (%zu games)", games);

    for (int rep = 0; rep < 3; rep++) {
        char dir[64];
        test_tmpdir(dir, "runs");
        char *b[] = SPRT_MATCH(dir, "stallgame 4 300", "2");
        cr_assert_eq(run_program(b, NULL, &r), 0);
        cr_assert_eq(r.status, verdict, "run %d: exit %d, -j1 gave %d: %s", rep + 1, r.status,
                     verdict, r.err);
        figure_lines(r.out, out, sizeof(out));
        /* Every Score line, the SPRT, Ptnml and Elo lines: all as at -j1. */
        cr_assert_str_eq(out, one_out, "run %d at -j2:\n%s\nat -j1:\n%s", rep + 1, out, one_out);
        expect_same_as(dir, one);
    }
}

static const char *last_line_starting(const char *out, const char *start)
{
    const char *found = NULL;
    for (const char *p = strstr(out, start); p; p = strstr(p + 1, start))
        if (p == out || p[-1] == '\n')
            found = p;
    return found;
}

/* A match of two bots a and b (NAME=COMMAND) in a new folder dir, which must
 * end with exit status 0. */
static void play_match(char *dir, const char *a, const char *b, const char *games)
{
    test_tmpdir(dir, "runs");
    char *argv[] = {REFEREE_BIN, "match",       "--bot",     (char *)a, "--bot", (char *)b,
                    "--games",   (char *)games, "--results", dir,       NULL};
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
}

#define SCORE_MATCH(dir, ...)                                                                      \
    {                                                                                              \
        REFEREE_BIN, "match", "--bot", "a=" BOTDIR "random --seed 3", "--bot",                     \
            "b=" BOTDIR "heuristic", "--games", "60", "--results", dir, __VA_ARGS__ NULL           \
    }

Test(runs, score_line_counts_the_resumed_games_too, .timeout = 60)
{
    char whole[64], dir[64];
    static char want[256];
    test_tmpdir(whole, "runs");
    test_tmpdir(dir, "runs");
    char *a[] = SCORE_MATCH(whole, );
    cr_assert_eq(run_program(a, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    const char *line = last_line_starting(r.out, "Score of");
    cr_assert_not_null(line);
    snprintf(want, sizeof(want), "%.*s", (int)strcspn(line, "\n"), line);
    cr_assert(strstr(want, "] 60"), "%s", want);

    char *b[] = SCORE_MATCH(dir, );
    char *resume[] = SCORE_MATCH(dir, "--resume", );
    cr_assert_eq(run_program(b, NULL, &r), 0);
    test_cut_rows(dir, "games.csv", 23);
    cr_assert_eq(run_program(resume, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_not_null(strstr(r.out, "23 of 60 games already played"), "%s", r.out);
    line = last_line_starting(r.out, "Score of");
    cr_assert_not_null(line);
    cr_assert_eq(strncmp(line, want, strlen(want)), 0, "after resume: %.80s\nwhole run: %s", line,
                 want);
}

Test(runs, sprt_command_checks_its_words_together_in_any_order, .timeout = 30)
{
    const char *const good[][2] = {{"elo0=50", "elo1=200"},
                                   {"elo1=200", "elo0=50"},
                                   {"elo0=-10 elo1=-5", "alpha=0.1"},
                                   {"elo1=-5", "elo0=-10"}};
    for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
        char *argv[] = {REFEREE_BIN,        "sprt", "--wdl", "100,50,80", (char *)good[i][0],
                        (char *)good[i][1], NULL};
        cr_assert_eq(run_program(argv, NULL, &r), 0);
        cr_expect_neq(r.status, 2, "'%s' '%s': %s", good[i][0], good[i][1], r.err);
        cr_expect_not_null(strstr(r.out, "SPRT: llr"), "'%s' '%s'", good[i][0], good[i][1]);
    }
    const char *const bad[][2] = {{"elo0=200", "elo1=50"}, {"elo1=-20", "alpha=0.5 beta=0.6"}};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        char *argv[] = {REFEREE_BIN,       "sprt", "--wdl", "100,50,80", (char *)bad[i][0],
                        (char *)bad[i][1], NULL};
        cr_assert_eq(run_program(argv, NULL, &r), 0);
        cr_expect_eq(r.status, 2, "'%s' '%s' is refused", bad[i][0], bad[i][1]);
        cr_expect_not_null(strstr(r.err, "needs elo0 < elo1"), "%s", r.err);
    }
}

Test(runs, points_are_written_exactly_never_with_an_exponent, .timeout = 10)
{
    static const struct {
        double points;
        const char *text;
    } cases[] = {{0, "0"},
                 {0.5, "0.5"},
                 {3, "3"},
                 {12.5, "12.5"},
                 {100000.5, "100000.5"},
                 {1234567, "1234567"},
                 {1e9 + 0.5, "1000000000.5"}};
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char buf[STANDINGS_POINTS_TEXT];
        cr_expect_str_eq(standings_format_points(cases[i].points, buf, sizeof(buf)), cases[i].text);
    }
}

Test(runs, points_in_standings_and_crosstable_keep_their_half, .timeout = 60)
{
    char dir[64];
    /* Two random bots draw some games of 7: a half point somewhere, and the
     * crosstable's cells too. */
    play_match(dir, "a=" BOTDIR "random --seed 5", "b=" BOTDIR "random --seed 6", "7");
    struct table t, x;
    test_load(&t, dir, "standings.csv");
    test_load(&x, dir, "crosstable.csv");
    int points = test_column(&t, "points"), draws = test_column(&t, "draws"),
        wins = test_column(&t, "wins");
    for (size_t i = 0; i < t.nrows; i++) {
        int halves = 2 * atoi(t.rows[i][wins]) + atoi(t.rows[i][draws]);
        char want[32];
        snprintf(want, sizeof(want), halves % 2 ? "%d.5" : "%d", halves / 2);
        cr_expect_str_eq(t.rows[i][points], want);
        int other = 1 + (int)(1 - i); /* the crosstable's column of the opponent */
        char cell[64];
        snprintf(cell, sizeof(cell), "%s (%s-%s-%s)", want, test_cell(&t, i, "wins"),
                 test_cell(&t, i, "draws"), test_cell(&t, i, "losses"));
        cr_expect_str_eq(x.rows[i][other], cell);
    }
    table_release(&t);
    table_release(&x);
}

/* A reply naming a square off the board, whatever its digits, is `no such
 * square` with the square as the bot wrote it, in each game. */
Test(runs, off_board_squares_are_no_such_square_whatever_their_digits, .timeout = 120)
{
    static const struct {
        const char *game, *say;
    } cases[] = {
        {"tictactoe", "a0"},   {"tictactoe", "d1"},        {"tictactoe", "c1000"},
        {"tictactoe", "o:b4"}, {"connect4", "0"},          {"connect4", "8"},
        {"connect4", "1000"},  {"reversi", "h0"},          {"reversi", "i1"},
        {"reversi", "a1000"},  {"gomoku", "a0"},           {"gomoku", "p1"},
        {"gomoku", "o16"},     {"gomoku", "a99999999999"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char dir[64], bot[512], want[96];
        test_tmpdir(dir, "runs");
        snprintf(bot, sizeof(bot), "bad=" FIXTURE " say %s", cases[i].say);
        char *argv[] = {REFEREE_BIN, "match",
                        "--bot",     bot,
                        "--bot",     "good=" BOTDIR "random",
                        "--game",    (char *)cases[i].game,
                        "--games",   "1",
                        "--results", dir,
                        NULL};
        cr_assert_eq(run_program(argv, NULL, &r), 0);
        cr_assert_eq(r.status, 0, "%s %s: %s", cases[i].game, cases[i].say, r.err);
        struct table t;
        test_load(&t, dir, "games.csv");
        const char *sq = strchr(cases[i].say, ':') ? strchr(cases[i].say, ':') + 1 : cases[i].say;
        snprintf(want, sizeof(want), "illegal move %s (no such square)", sq);
        cr_expect_str_eq(t.rows[0][test_column(&t, "reason")], want, "%s %s", cases[i].game,
                         cases[i].say);
        cr_expect_str_eq(t.rows[0][test_column(&t, "foul")], "no-such-square", "%s %s",
                         cases[i].game, cases[i].say);
        table_release(&t);
    }
    /* Not of a square's shape: malformed, as before. */
    static const char *const malformed[] = {"A1", "a01", "a", "b00"};
    for (size_t i = 0; i < sizeof(malformed) / sizeof(malformed[0]); i++) {
        char dir[64], bot[512];
        test_tmpdir(dir, "runs");
        snprintf(bot, sizeof(bot), "bad=" FIXTURE " say %s", malformed[i]);
        char *argv[] = {REFEREE_BIN, "match", "--bot",     bot, "--bot", "good=" BOTDIR "random",
                        "--games",   "1",     "--results", dir, NULL};
        cr_assert_eq(run_program(argv, NULL, &r), 0);
        struct table t;
        test_load(&t, dir, "games.csv");
        cr_expect_str_eq(t.rows[0][test_column(&t, "foul")], "malformed", "%s", malformed[i]);
        table_release(&t);
    }
}

Test(runs, an_even_score_is_elo_0_never_minus_0, .timeout = 60)
{
    char dir[64];
    /* The same deterministic bot twice: the first side wins every game, so
     * each bot wins one of two: an Elo difference of exactly 0. */
    play_match(dir, "a=" FIXTURE " legal", "b=" FIXTURE " legal", "2");
    cr_expect(strstr(r.out, "Elo difference: 0.0 +/- "), "%s", r.out);
    cr_expect(!strstr(r.out, "-0.0"), "%s", r.out);
    struct table t;
    test_load(&t, dir, "standings.csv");
    for (size_t i = 0; i < t.nrows; i++)
        cr_expect_str_eq(test_cell(&t, i, "elo"), "0.0");
    table_release(&t);
}

Test(runs, elo_difference_line_is_told_from_the_first_bots_side, .timeout = 60)
{
    char dir[64];
    /* The first bot named is the weaker: the leader is the second. */
    play_match(dir, "weak=" FIXTURE " legal", "strong=" BOTDIR "perfect", "6");
    const char *line = last_line_starting(r.out, "Elo difference: ");
    cr_assert_not_null(line, "%s", r.out);
    cr_expect_eq(line[16], '-', "from weak's side, negative: %.60s", line);
    cr_expect_not_null(strstr(r.out, "Score of weak vs strong: 0 - "), "%s", r.out);
}
