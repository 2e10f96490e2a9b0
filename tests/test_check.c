/* test_check.c: `referee check` on the files of a run killed and not yet
 * resumed: the moves of its last games, written before their games.csv rows,
 * are an interrupted tail that --resume replays, not a corrupt file. */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>
#include <sys/stat.h>

static struct run_result r;

/* Ten games of two seeded random bots into dir (again with --resume: those
 * its files lack), which must end well. */
static void play_ten(const char *dir, bool resume)
{
    char *run[] = {REFEREE_BIN, "match",
                   "--bot",     "a=" BOTDIR "random --seed 1",
                   "--bot",     "b=" BOTDIR "random --seed 2",
                   "--games",   "10",
                   "--results", (char *)dir,
                   "--quiet",   resume ? "--resume" : NULL,
                   NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s%s", r.out, r.err);
}

Test(check, a_killed_runs_trailing_moves_are_an_interrupted_tail, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "check");
    play_ten(dir, false);
    /* As a SIGKILL leaves it: games 9 and 10 have their moves, not their rows. */
    test_cut_rows(dir, "games.csv", 8);

    char *check[] = {REFEREE_BIN, "check", dir, NULL};
    cr_assert_eq(run_program(check, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, " moves of 2 interrupted games after game 8; --resume will replay "
                            "them\n"),
              "%s", r.out);
    cr_expect(strstr(r.out, ": 8 games, "), "%s", r.out);

    char *strict[] = {REFEREE_BIN, "check", "--strict", dir, NULL};
    cr_assert_eq(run_program(strict, NULL, &r), 0);
    cr_expect_eq(r.status, 3, "%s", r.out);

    play_ten(dir, true);
    cr_assert_eq(run_program(strict, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, ": 10 games, "), "%s", r.out);
}

/* The last bytes of dir/file cut off: a write(2) of rows that SIGKILL (or a
 * full disk) stopped part-way, a row left torn. */
static void cut_bytes(const char *dir, const char *file, off_t bytes)
{
    char path[128];
    struct stat st;
    snprintf(path, sizeof(path), "%s/%s", dir, file);
    cr_assert_eq(stat(path, &st), 0);
    cr_assert_eq(truncate(path, st.st_size - bytes), 0);
}

Test(check, a_row_torn_by_a_kill_is_an_interrupted_tail_that_resume_replays, .timeout = 60)
{
    static const char *const files[] = {"games.csv", "moves.csv"};
    for (int k = 0; k < 2; k++) {
        char dir[64];
        test_tmpdir(dir, "check");
        play_ten(dir, false);
        /* Moves go first: the kill found game 10's moves written, then tore the
         * last of them, or its games.csv row. */
        test_cut_rows(dir, "games.csv", k == 0 ? 10 : 9);
        cut_bytes(dir, files[k], 7);

        char *check[] = {REFEREE_BIN, "check", dir, NULL};
        cr_assert_eq(run_program(check, NULL, &r), 0);
        cr_expect_eq(r.status, 0, "%s: %s%s", files[k], r.out, r.err);
        cr_expect(strstr(r.out, "the last row is torn, as a run killed while writing it leaves "
                                "it; --resume will replay its game\n"),
                  "%s: %s", files[k], r.out);
        char *strict[] = {REFEREE_BIN, "check", "--strict", dir, NULL};
        cr_assert_eq(run_program(strict, NULL, &r), 0);
        cr_expect_eq(r.status, 3, "%s: %s", files[k], r.out);

        play_ten(dir, true);
        cr_assert_eq(run_program(strict, NULL, &r), 0);
        cr_expect_eq(r.status, 0, "%s: %s%s", files[k], r.out, r.err);
        cr_expect(strstr(r.out, ": 10 games, "), "%s", r.out);
    }
}

Test(check, moves_of_a_game_that_games_csv_has_are_not_a_tail, .timeout = 60)
{
    char dir[64], path[128];
    test_tmpdir(dir, "check");
    char *run[] = {REFEREE_BIN, "match",
                   "--bot",     "a=" BOTDIR "random --seed 1",
                   "--bot",     "b=" BOTDIR "random --seed 2",
                   "--games",   "2",
                   "--results", dir,
                   "--quiet",   NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    /* A copy of game 1's first move at the end: it belongs to a game that has a row. */
    snprintf(path, sizeof(path), "%s/moves.csv", dir);
    FILE *f = fopen(path, "a");
    cr_assert_not_null(f);
    fputs("\"1\",\"1\",\"o\",\"a\",\"a1\",\"0.010\",\"0\"\n", f);
    fclose(f);
    char *check[] = {REFEREE_BIN, "check", dir, NULL};
    cr_assert_eq(run_program(check, NULL, &r), 0);
    cr_expect_eq(r.status, 3, "%s", r.out);
    cr_expect(strstr(r.err, "belongs to no game of games.csv"), "%s", r.err);
}

/* A game between random bots is rerun move for move: the seed the bots were
 * told is in games.csv (below 2^53), and --only N plays game N again. */
Test(check, a_game_of_random_bots_reruns_move_for_move_from_its_record, .timeout = 60)
{
    char dir[64], again[64];
    test_tmpdir(dir, "check");
    test_tmpdir(again, "check");
    char *run[] = {REFEREE_BIN, "tournament",
                   "--bot",     "a=" BOTDIR "random --seed 3",
                   "--bot",     "b=" BOTDIR "random --seed 4",
                   "--bot",     "c=" BOTDIR "random --seed 5",
                   "--games",   "4",
                   "--seed",    "9",
                   "-j",        "2",
                   "--results", dir,
                   "--quiet",   NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *rerun[] = {REFEREE_BIN, "tournament",
                     "--bot",     "a=" BOTDIR "random --seed 3",
                     "--bot",     "b=" BOTDIR "random --seed 4",
                     "--bot",     "c=" BOTDIR "random --seed 5",
                     "--games",   "4",
                     "--seed",    "9",
                     "--only",    "7",
                     "--results", again,
                     "--quiet",   NULL};
    cr_assert_eq(run_program(rerun, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);

    struct table t, u;
    test_load(&t, dir, "games.csv");
    test_load(&u, again, "games.csv");
    cr_assert_eq(u.nrows, 1, "--only 7 plays one game");
    cr_expect_str_eq(test_cell(&u, 0, "game_id"), "7");
    cr_expect_str_eq(test_cell(&u, 0, "bot_seed"), test_cell(&t, 6, "bot_seed"));
    cr_expect_str_eq(test_cell(&u, 0, "moves"), test_cell(&t, 6, "moves"));
    for (size_t i = 0; i < t.nrows; i++) {
        char *end;
        unsigned long long seed = strtoull(test_cell(&t, i, "bot_seed"), &end, 10);
        cr_expect(*end == '\0' && seed < (1ull << 53), "game %zu: bot_seed %s", i + 1,
                  test_cell(&t, i, "bot_seed"));
    }

    char *replay[] = {REFEREE_BIN, "replay", "--from-results", dir, "--id", "7", NULL};
    cr_assert_eq(run_program(replay, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    char want[64];
    snprintf(want, sizeof(want), "bot_seed %s\n", test_cell(&t, 6, "bot_seed"));
    cr_expect(strstr(r.out, want), "%s", r.out);
    table_release(&t);
    table_release(&u);
}

/* Resume checks what is on disk: a kept game whose moves do not give its
 * result is refused, naming it; orphan moves of a run killed before its first
 * games row are dropped, never written twice. */
Test(check, resume_refuses_tampered_moves_and_drops_orphans, .timeout = 60)
{
    char dir[64], text[1 << 16], path[128];
    test_tmpdir(dir, "check");
    char *run[] = {REFEREE_BIN, "match",
                   "--bot",     "a=" BOTDIR "random --seed 1",
                   "--bot",     "b=" BOTDIR "random --seed 2",
                   "--games",   "6",
                   "--results", dir,
                   "--quiet",   NULL};
    char *resume[] = {REFEREE_BIN, "match",
                      "--bot",     "a=" BOTDIR "random --seed 1",
                      "--bot",     "b=" BOTDIR "random --seed 2",
                      "--games",   "6",
                      "--results", dir,
                      "--quiet",   "--resume",
                      NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_cut_rows(dir, "games.csv", 4);
    /* Game 2's record claims the other result. */
    test_slurp(dir, "games.csv", text, sizeof(text));
    char *row = strstr(text, "\n\"2\",");
    cr_assert_not_null(row);
    char *res = strstr(row, "\"1-0\"") ? strstr(row, "\"1-0\"") : strstr(row, "\"0-1\"");
    cr_assert_not_null(res, "%s", row);
    res[1] = res[1] == '1' ? '0' : '1';
    res[3] = res[3] == '1' ? '0' : '1';
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    cr_assert_eq(run_program(resume, NULL, &r), 0);
    cr_expect_eq(r.status, 3, "%s", r.err);
    cr_expect(strstr(r.err, "game 2: column 'result' says "), "%s", r.err);
    cr_expect(strstr(r.err, "--repair"), "the way out is named: %s", r.err);

    /* --repair drops game 2 and plays it again; the run is then whole. */
    char *repair[16];
    memcpy(repair, resume, sizeof(resume));
    repair[12] = "--repair";
    repair[13] = NULL;
    cr_assert_eq(run_program(repair, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.err, "dropped 1 game that did not check"), "%s", r.err);
    char *whole[] = {REFEREE_BIN, "check", "--strict", dir, NULL};
    cr_assert_eq(run_program(whole, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, ": 6 games, "), "%s", r.out);
    test_slurp(dir, "games.csv", text, sizeof(text));
    cr_expect(strstr(text, "\n\"2\","), "game 2 played again: %s", text);

    /* Killed before games.csv got even its header: moves.csv has games. */
    test_tmpdir(dir, "check");
    run[9] = resume[9] = dir;
    cr_assert_eq(run_program(run, NULL, &r), 0);
    snprintf(path, sizeof(path), "%s/games.csv", dir);
    cr_assert_eq(truncate(path, 0), 0); /* not even its header */
    cr_assert_eq(run_program(resume, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *strict[] = {REFEREE_BIN, "check", "--strict", dir, NULL};
    cr_assert_eq(run_program(strict, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "moves written twice? %s", r.err);
}

/* What the tests below start from: a finished match of 6 games in dir. */
#define MATCH6(dir, ...)                                                                           \
    {                                                                                              \
        REFEREE_BIN, "match", "--bot", "a=" BOTDIR "random --seed 1", "--bot",                     \
            "b=" BOTDIR "heuristic", "--games", "6", "--seed", "3", "--results", dir, "--quiet",   \
            __VA_ARGS__ NULL                                                                       \
    }

static void play_match6(const char *dir)
{
    char *run[] = MATCH6((char *)dir, );
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
}

/* dir/file's lines (header first) as an editor leaves them: lines[i] swapped
 * with lines[j], or line i's first `from` replaced by `to`. */
static void edit_file(const char *dir, const char *file, int i, int j, const char *from,
                      const char *to)
{
    static char text[1 << 16], out[1 << 16];
    char *lines[512], path[128];
    int n = 0;
    test_slurp(dir, file, text, sizeof(text));
    for (char *p = text; *p && n < 512; n++) {
        lines[n] = p;
        p = strchr(p, '\n');
        cr_assert_not_null(p);
        *p++ = '\0';
    }
    cr_assert(i < n && j < n);
    char *t = lines[i];
    lines[i] = lines[j];
    lines[j] = t;
    size_t k = 0;
    for (int l = 0; l < n; l++) {
        const char *at = from && l == i ? strstr(lines[l], from) : NULL;
        if (from && l == i)
            cr_assert_not_null(at, "%s line %d: no %s in %s", file, i, from, lines[l]);
        if (at)
            k += (size_t)snprintf(out + k, sizeof(out) - k, "%.*s%s%s\n", (int)(at - lines[l]),
                                  lines[l], to, at + strlen(from));
        else
            k += (size_t)snprintf(out + k, sizeof(out) - k, "%s\n", lines[l]);
    }
    snprintf(path, sizeof(path), "%s/%s", dir, file);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(out, f);
    fclose(f);
}

static void expect_check(const char *dir, int status, const char *message)
{
    char *check[] = {REFEREE_BIN, "check", (char *)dir, NULL};
    cr_assert_eq(run_program(check, NULL, &r), 0);
    cr_expect_eq(r.status, status, "%s%s", r.out, r.err);
    if (message)
        cr_expect(strstr(r.err, message), "expected '%s' in: %s", message, r.err);
}

Test(check, reordered_games_are_refused_by_resume_listed_by_check_and_repaired_in_order,
     .timeout = 60)
{
    char dir[64], whole[64];
    test_tmpdir(dir, "check");
    test_tmpdir(whole, "check");
    play_match6(dir);
    play_match6(whole);
    edit_file(dir, "games.csv", 3, 4, NULL, NULL); /* games 3 and 4 swapped */

    char *resume[] = MATCH6(dir, "--resume", );
    cr_assert_eq(run_program(resume, NULL, &r), 0);
    cr_expect_eq(r.status, 3, "%s", r.err);
    cr_expect(strstr(r.err, "game 3 comes after game 4 in games.csv: its rows are not in game "
                            "order"),
              "%s", r.err);
    expect_check(dir, 3, "game 3 comes after game 4 in games.csv: not in game order");

    /* --repair plays game 3 again, and the files end in game order. */
    char *repair[] = MATCH6(dir, "--resume", "--repair", );
    cr_assert_eq(run_program(repair, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.err, "dropped 1 game"), "%s", r.err);
    char *strict[] = {REFEREE_BIN, "check", "--strict", dir, "--same-as", whole, NULL};
    cr_assert_eq(run_program(strict, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    struct table t;
    test_load(&t, dir, "games.csv");
    for (size_t i = 0; i < t.nrows; i++)
        cr_expect_eq(strtol(test_cell(&t, i, "game_id"), NULL, 10), (long)i + 1);
    table_release(&t);
    cr_assert_eq(run_program(resume, NULL, &r), 0); /* and resume takes them */
    cr_expect_eq(r.status, 0, "%s", r.err);
}

Test(check, an_edited_move_in_moves_csv_is_refused_by_resume_and_listed_by_check, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "check");
    play_match6(dir);
    struct table m;
    test_load(&m, dir, "moves.csv");
    /* Game 2's first move, written as another square. */
    size_t row = 0;
    while (strcmp(test_cell(&m, row, "game_id"), "2") != 0)
        row++;
    char from[16], to[16];
    snprintf(from, sizeof(from), "\"%s\"", test_cell(&m, row, "move"));
    snprintf(to, sizeof(to), "\"%s\"", strcmp(test_cell(&m, row, "move"), "c3") ? "c3" : "a1");
    table_release(&m);
    edit_file(dir, "moves.csv", (int)row + 1, (int)row + 1, from, to);

    expect_check(dir, 3, "game 2: moves.csv's ply 1 is ");
    char *resume[] = MATCH6(dir, "--resume", );
    cr_assert_eq(run_program(resume, NULL, &r), 0);
    cr_expect_eq(r.status, 3, "%s", r.err);
    cr_expect(strstr(r.err, "cannot resume") && strstr(r.err, "game 2: moves.csv's ply 1 is "),
              "%s", r.err);
}

Test(check, a_byte_order_mark_at_the_start_of_the_files_is_skipped, .timeout = 60)
{
    char dir[64], text[1 << 16], path[128];
    test_tmpdir(dir, "check");
    play_match6(dir);
    const char *files[] = {"games.csv", "moves.csv"};
    for (int i = 0; i < 2; i++) {
        test_slurp(dir, files[i], text, sizeof(text));
        snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
        FILE *f = fopen(path, "w");
        fprintf(f, "\xEF\xBB\xBF%s", text);
        fclose(f);
    }
    expect_check(dir, 0, NULL);
    cr_expect(strstr(r.out, ": 6 games, "), "%s", r.out);
    char *resume[] = MATCH6(dir, "--resume", );
    cr_assert_eq(run_program(resume, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
}

Test(check, same_as_compares_games_by_id_whatever_the_order_of_rows, .timeout = 60)
{
    char a[64], b[64];
    test_tmpdir(a, "check");
    test_tmpdir(b, "check");
    play_match6(a);
    play_match6(b);
    edit_file(b, "games.csv", 1, 6, NULL, NULL);
    edit_file(b, "games.csv", 2, 5, NULL, NULL);
    char *same[] = {REFEREE_BIN, "check", a, "--same-as", b, NULL};
    cr_assert_eq(run_program(same, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "the same games as"), "%s", r.out);

    /* A game that differs is named, wherever its row is. */
    struct table t;
    test_load(&t, b, "games.csv");
    const char *id = test_cell(&t, 0, "game_id"); /* game 6, now first */
    char from[32], to[32], want[64];
    snprintf(from, sizeof(from), "\"%s\"", test_cell(&t, 0, "reason"));
    snprintf(to, sizeof(to), "\"edited\"");
    snprintf(want, sizeof(want), "game %s differs (games.csv)", id);
    table_release(&t);
    edit_file(b, "games.csv", 1, 1, from, to);
    cr_assert_eq(run_program(same, NULL, &r), 0);
    cr_expect_eq(r.status, 3, "%s", r.err);
    cr_expect(strstr(r.err, want), "%s", r.err);
}

Test(check, same_as_refuses_runs_of_different_games, .timeout = 60)
{
    char a[64], b[64];
    test_tmpdir(a, "check");
    test_tmpdir(b, "check");
    play_match6(a);
    char *c4[] = {REFEREE_BIN, "match",
                  "--game",    "connect4",
                  "--bot",     "a=" BOTDIR "random",
                  "--bot",     "b=" BOTDIR "random",
                  "--games",   "2",
                  "--results", b,
                  "--quiet",   NULL};
    cr_assert_eq(run_program(c4, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *same[] = {REFEREE_BIN, "check", a, "--same-as", b, NULL};
    cr_assert_eq(run_program(same, NULL, &r), 0);
    cr_expect_eq(r.status, 3, "%s", r.err);
    cr_expect(strstr(r.err, "holds games of tictactoe") && strstr(r.err, "of connect4: not runs "
                                                                         "of the same games"),
              "%s", r.err);
}
