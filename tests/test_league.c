/* test_league.c: `referee league`: the schedule alone (league.c's picks on
 * matchmake.c's rule: new entries first, the minimum share, retirements, the
 * same games whatever order results come in), then real runs: entries added
 * and retired while a run plays, kill -9 and a run again, -j1 against -j2,
 * and the one-line refusals. */
#include "helpers.h"
#include "league.h"
#include "run.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

static struct run_result r;

/* The result of the game g of a field where the lower index is stronger. */
static int stronger_wins(const struct scheduled_game *g)
{
    return g->bots[0] < g->bots[1] ? SIDE_FIRST : SIDE_SECOND;
}

/* Play games from l's next id to `last`, each decided by stronger_wins. */
static void play_to(struct league *l, long last, int (*pairs)[2])
{
    struct scheduled_game g;
    for (long id = l->nresults + 1; id <= last; id++) {
        cr_assert_eq(league_game(l, id, &g), 1, "game %ld", id);
        if (pairs)
            memcpy(pairs[id - 1], g.bots, sizeof(g.bots));
        cr_assert_eq(league_record(l, g.bots, stronger_wins(&g), false), 0, "game %ld", id);
    }
}

Test(league, a_new_entry_plays_the_field_before_the_standings_steer_it, .timeout = 30)
{
    struct league l;
    cr_assert_eq(league_init(&l, 7, 20, LEAGUE_LAG), 0);
    for (int i = 0; i < 4; i++)
        cr_assert_eq(league_enter(&l, 1), i);
    play_to(&l, 200, NULL);
    cr_assert_eq(league_enter(&l, 201), 4);
    long before = l.games[4];
    bool met[4] = {false};
    int with_it = 0;
    struct scheduled_game g;
    for (long id = 201; id < 221; id += 2) {
        cr_assert_eq(league_game(&l, id, &g), 1);
        if (g.bots[0] == 4 || g.bots[1] == 4) {
            with_it++;
            met[g.bots[0] == 4 ? g.bots[1] : g.bots[0]] = true;
        }
        play_to(&l, id + 1, NULL);
    }
    cr_expect_eq(before, 0);
    /* Its first 20 games come first: of the next 10 pairs, it is in 9 at
     * least (an overdue entry may take one), against every other entry. */
    cr_expect_geq(with_it, 9, "in %d of 10 pairs", with_it);
    for (int i = 0; i < 4; i++)
        cr_expect(met[i], "never met entry %d", i);
    league_release(&l);
}

Test(league, every_active_entry_keeps_its_minimum_share, .timeout = 30)
{
    enum { N = 10, GAMES = 3000 };
    static int pairs[GAMES][2];
    struct league l;
    cr_assert_eq(league_init(&l, 3, 20, LEAGUE_LAG), 0);
    for (int i = 0; i < N; i++)
        league_enter(&l, 1);
    play_to(&l, GAMES, pairs);
    /* matchmake.h: past its first games an entry waits at most 2 / min_share
     * games, plus two for each other entry overdue: 2 * 2N + 2 (N - 1). */
    long bound = 4 * N + 2 * (N - 1), last[N] = {0};
    for (long id = 1; id <= GAMES; id++)
        for (int s = 0; s < 2; s++) {
            int e = pairs[id - 1][s];
            if (last[e] > 0 && id > 400) /* every entry past its first games */
                cr_expect_leq(id - last[e], bound + 1, "entry %d waited %ld games before game %ld",
                              e, id - last[e], id);
            last[e] = id;
        }
    /* Games go where the standings are uncertain: the top pair, whose order
     * is clear, does not take every game. */
    cr_expect_lt(l.games[0], GAMES / 2);
    league_release(&l);
}

/* A league of four entries (seeded seed, 4 games at least each) that has
 * played its first 60 games. */
static void four_after_60_games(struct league *l, uint64_t seed)
{
    cr_assert_eq(league_init(l, seed, 4, LEAGUE_LAG), 0);
    for (int i = 0; i < 4; i++)
        league_enter(l, 1);
    play_to(l, 60, NULL);
}

/* Games from to last played, none of them by entry (what: retired, held). */
static void expect_played_without(struct league *l, int entry, long from, long last,
                                  const char *what)
{
    struct scheduled_game g;
    for (long id = from; id <= last; id++) {
        cr_assert_eq(league_game(l, id, &g), 1);
        cr_expect(g.bots[0] != entry && g.bots[1] != entry, "game %ld has the %s entry", id, what);
        play_to(l, id, NULL);
    }
}

Test(league, a_retired_entry_plays_no_more_and_keeps_its_games, .timeout = 30)
{
    struct league l;
    struct scheduled_game g;
    four_after_60_games(&l, 1);
    long kept = l.games[2];
    league_retire(&l, 2, 61);
    cr_expect(league_is_active(&l, 2, 60));
    cr_expect_not(league_is_active(&l, 2, 61));
    expect_played_without(&l, 2, 61, 200, "retired");
    cr_expect_eq(l.games[2], kept);
    /* With one entry left there is nothing to play. */
    league_retire(&l, 0, 201);
    league_retire(&l, 1, 201);
    cr_expect_eq(league_game(&l, 201, &g), 0);
    league_release(&l);
}

Test(league, a_held_entry_plays_no_game_until_it_is_resumed, .timeout = 30)
{
    struct league l;
    struct scheduled_game g;
    four_after_60_games(&l, 5);
    cr_assert_eq(league_suspend(&l, 2, 61), 0);
    cr_assert_eq(league_suspend(&l, 2, 71), 0); /* held already: the first hold stands */
    cr_expect(league_is_held(&l, 2));
    cr_expect(league_is_active(&l, 2, 60));
    cr_expect_not(league_is_active(&l, 2, 61));
    expect_played_without(&l, 2, 61, 100, "held");
    league_resume(&l, 2, 101);
    cr_expect_not(league_is_held(&l, 2));
    cr_expect_not(league_is_active(&l, 2, 100));
    cr_expect(league_is_active(&l, 2, 101));
    /* Overdue, it plays at once. */
    cr_assert_eq(league_game(&l, 101, &g), 1);
    cr_expect(g.bots[0] == 2 || g.bots[1] == 2, "game 101: %d vs %d", g.bots[0], g.bots[1]);
    league_release(&l);
}

Test(league, a_pick_waits_for_the_results_it_sees_and_no_others, .timeout = 30)
{
    struct league a, b;
    struct scheduled_game g, h;
    cr_assert_eq(league_init(&a, 9, 20, LEAGUE_LAG), 0);
    cr_assert_eq(league_init(&b, 9, 20, LEAGUE_LAG), 0);
    for (int i = 0; i < 5; i++) {
        league_enter(&a, 1);
        league_enter(&b, 1);
    }
    /* The first LEAGUE_LAG pairs need no result at all. */
    for (long id = 1; id <= 2 * LEAGUE_LAG; id++)
        cr_expect_eq(league_game(&a, id, &g), 1, "game %ld", id);
    /* The next waits for the first pair's results. */
    cr_expect_eq(league_game(&a, 2 * LEAGUE_LAG + 1, &g), -EAGAIN);
    play_to(&a, 2, NULL);
    cr_expect_eq(league_game(&a, 2 * LEAGUE_LAG + 1, &g), 1);
    /* b records each game as soon as it is picked: the same games. */
    play_to(&a, 400, NULL);
    play_to(&b, 400, NULL);
    for (long id = 1; id <= 400; id++) {
        league_game(&a, id, &g);
        league_game(&b, id, &h);
        cr_expect(g.bots[0] == h.bots[0] && g.bots[1] == h.bots[1] && g.seed == h.seed,
                  "game %ld differs", id);
        cr_expect_eq(g.opening_id, (id + 1) / 2);
    }
    league_release(&a);
    league_release(&b);
}

Test(league, a_pair_picked_ahead_and_dropped_at_a_roster_change_is_picked_as_a_replay_would,
     .timeout = 30)
{
    /* a picks pair 151 ahead (as league_run's picker does), then its roster
     * changes at that pair: the pick is dropped and made again. b knew the
     * change before it picked. And c drops a pick with no change at all. */
    struct league a, b, c;
    struct scheduled_game g, h;
    struct league *all[3] = {&a, &b, &c};
    for (int k = 0; k < 3; k++) {
        cr_assert_eq(league_init(all[k], 4, 20, LEAGUE_LAG), 0);
        for (int i = 0; i < 6; i++)
            league_enter(all[k], 1);
        play_to(all[k], 300, NULL);
    }
    cr_assert_eq(league_game(&a, 301, &g), 1);
    cr_assert_eq(league_game(&c, 301, &g), 1);
    cr_expect_eq(league_unpick(&a, 150), -EINVAL, "a recorded pair dropped");
    cr_assert_eq(league_unpick(&a, 151), 0);
    cr_assert_eq(league_unpick(&c, 151), 0);
    for (int k = 0; k < 2; k++) {
        cr_assert_eq(league_enter(all[k], 301), 6);
        league_retire(all[k], 0, 301);
    }
    play_to(&a, 700, NULL);
    play_to(&b, 700, NULL);
    play_to(&c, 700, NULL);
    for (long id = 301; id <= 700; id++) {
        league_game(&a, id, &g);
        league_game(&b, id, &h);
        cr_expect(g.bots[0] == h.bots[0] && g.bots[1] == h.bots[1], "game %ld differs", id);
        cr_expect(g.bots[0] != 0 && g.bots[1] != 0, "game %ld: a retired entry", id);
    }
    cr_expect(memcmp(a.fit.x, b.fit.x, 7 * sizeof(double)) == 0, "the fits differ");
    struct league d;
    cr_assert_eq(league_init(&d, 4, 20, LEAGUE_LAG), 0);
    for (int i = 0; i < 6; i++)
        league_enter(&d, 1);
    play_to(&d, 700, NULL);
    for (long id = 1; id <= 700; id++) {
        league_game(&c, id, &g);
        league_game(&d, id, &h);
        cr_expect(g.bots[0] == h.bots[0] && g.bots[1] == h.bots[1], "game %ld differs", id);
    }
    for (int k = 0; k < 3; k++)
        league_release(all[k]);
    league_release(&d);
}

Test(league, a_game_other_than_its_pick_is_refused, .timeout = 30)
{
    struct league l;
    struct scheduled_game g;
    cr_assert_eq(league_init(&l, 1, 20, LEAGUE_LAG), 0);
    for (int i = 0; i < 3; i++)
        league_enter(&l, 1);
    cr_assert_eq(league_game(&l, 1, &g), 1);
    int swapped[2] = {g.bots[1], g.bots[0]};
    cr_expect_eq(league_record(&l, swapped, SIDE_FIRST, false), -EINVAL);
    cr_expect_eq(league_record(&l, g.bots, SIDE_FIRST, false), 0);
    /* The second game of a pair is the first with colours swapped. */
    cr_assert_eq(league_game(&l, 2, &g), 1);
    cr_expect_eq(g.bots[0], swapped[0]);
    cr_expect_eq(g.bots[1], swapped[1]);
    league_release(&l);
}

/* ---- Real runs ---- */

static void refused(char *const argv[], const char *says);

#define FIXTURE BUILD_DIR "/testbots/fixture"

static void referee(const char *what, char *const argv[], int status)
{
    run_expect_exit(&r, what, argv, status);
}

static void add(const char *dir, const char *entry)
{
    char *argv[] = {REFEREE_BIN, "league", "add", (char *)dir, (char *)entry, NULL};
    referee(entry, argv, 0);
}

static void expect_check_passes(const char *dir)
{
    char *check[] = {REFEREE_BIN, "check", "--strict", (char *)dir, NULL};
    referee("check", check, 0);
}

/* A league of four: two slow enough (2 ms a move) for a run to be under way
 * while a test looks, two random ones seeded by the game (the same games
 * again for the same seed). */
static void make_league(const char *dir)
{
    add(dir, "slow=" FIXTURE " slow 2");
    add(dir, "r1=" BOTDIR "random");
    add(dir, "greedy=" BOTDIR "greedy");
    add(dir, "r2=" BOTDIR "random");
}

/* `league run DIR -j 2 --games 400` started, its output into log; its pid,
 * once it has written 60 games. */
static pid_t start_league_run(const char *dir, const char *log)
{
    char *run[] = {REFEREE_BIN, "league",  "run", (char *)dir, "-j",
                   "2",         "--games", "400", "-q",        NULL};
    pid_t pid = test_start(run, log);
    test_wait_rows(pid, dir, 60);
    return pid;
}

/* A new league (make_league) in dir (64 bytes), run as start_league_run
 * does, its output into log (dir.out, 96 bytes). */
static pid_t start_league_of_four(char *dir, char *log)
{
    test_tmpdir(dir, "league");
    snprintf(log, 96, "%s.out", dir);
    make_league(dir);
    return start_league_run(dir, log);
}

/* The first game id from which roster.csv says name entered (or retired). */
static long roster_game(const char *dir, const char *name, const char *event)
{
    struct table t;
    long game = 0;
    test_load(&t, dir, "roster.csv");
    for (size_t i = 0; i < t.nrows; i++)
        if (strcmp(test_cell(&t, i, "name"), name) == 0 &&
            strcmp(test_cell(&t, i, "event"), event) == 0)
            game = strtol(test_cell(&t, i, "game_id"), NULL, 10);
    table_release(&t);
    return game;
}

/* report.html's plot over the league's life marks when name entered or
 * retired. */
static void expect_report_marks(const char *dir, const char *name, const char *event, long game)
{
    static char page[1 << 20];
    char path[96], mark[128];
    snprintf(path, sizeof(path), "%s/report.html", dir);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    page[fread(page, 1, sizeof(page) - 1, f)] = '\0';
    fclose(f);
    cr_expect(strstr(page, "Over the league's life"));
    snprintf(mark, sizeof(mark), "<title>%s %s at game %ld</title>", name, event, game);
    cr_expect(strstr(page, mark), "no mark '%s'", mark);
}

Test(league_run, entries_added_and_retired_while_it_runs_play_from_then_on, .timeout = 240)
{
    char dir[64], log[96];
    pid_t pid = start_league_of_four(dir, log);
    /* bots.csv edited under the run: two entries in, one out. */
    add(dir, "heuristic=" BOTDIR "heuristic");
    add(dir, "perfect=" BOTDIR "perfect");
    char *retire[] = {REFEREE_BIN, "league", "retire", dir, "r2", NULL};
    referee("retire", retire, 0);
    cr_assert_eq(test_wait_status(pid), 0);

    long in_h = roster_game(dir, "heuristic", "entered"),
         in_p = roster_game(dir, "perfect", "entered"), out = roster_game(dir, "r2", "retired");
    cr_expect_gt(in_h, 60);
    cr_expect_gt(in_p, 60);
    cr_expect_gt(out, 60);
    cr_expect_eq(in_h % 2, 1, "a change takes effect at a pair's first game");
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_expect_eq(t.nrows, 400);
    int r2_before = 0, opponents_h = 0;
    bool met_h[8] = {false};
    const char *names[] = {"slow", "r1", "greedy", "r2", "heuristic", "perfect"};
    for (size_t i = 0; i < t.nrows; i++) {
        long id = strtol(test_cell(&t, i, "game_id"), NULL, 10);
        const char *side[2] = {test_cell(&t, i, "first"), test_cell(&t, i, "second")};
        cr_assert_eq(id, (long)i + 1);
        for (int s = 0; s < 2; s++) {
            if (strcmp(side[s], "r2") == 0) {
                cr_expect_lt(id, out, "the retired entry played game %ld", id);
                r2_before++;
            }
            if (strcmp(side[s], "heuristic") == 0 || strcmp(side[s], "perfect") == 0)
                cr_expect_geq(id, strcmp(side[s], "heuristic") == 0 ? in_h : in_p);
            if (strcmp(side[s], "heuristic") == 0)
                for (int n = 0; n < 6; n++)
                    met_h[n] |= strcmp(side[1 - s], names[n]) == 0;
        }
    }
    table_release(&t);
    for (int n = 0; n < 6; n++)
        opponents_h += met_h[n];
    /* The new one played the field: every entry active with it (r2 too, if
     * it retired after heuristic came in). */
    cr_expect(met_h[0] && met_h[1] && met_h[2] && met_h[5], "heuristic met %d entries",
              opponents_h);
    if (met_h[3])
        cr_expect_gt(out, in_h, "heuristic met r2, retired before it came in");
    cr_expect_gt(r2_before, 0, "the retired entry keeps its games");
    /* Its games count in the standings still. */
    test_load(&t, dir, "standings.csv");
    bool listed = false;
    for (size_t i = 0; i < t.nrows; i++)
        listed |= strcmp(test_cell(&t, i, "bot"), "r2") == 0;
    cr_expect(listed);
    table_release(&t);
    expect_check_passes(dir);
    expect_report_marks(dir, "heuristic", "entered", in_h);
    expect_report_marks(dir, "r2", "retired", out);
    unlink(log);
}

/* games.csv's columns that say which game each row is and how it ended, of
 * the first `games` rows: a run killed and run again must give the same. */
static void expect_same_games(const char *a, const char *b, long games)
{
    static const char *const cols[] = {"game_id",  "pairing_id", "opening_id", "seed",
                                       "bot_seed", "first",      "second",     "result"};
    struct table x, y;
    test_load(&x, a, "games.csv");
    test_load(&y, b, "games.csv");
    cr_assert_eq(x.nrows, (size_t)games, "%s", a);
    cr_assert_eq(y.nrows, (size_t)games, "%s", b);
    for (size_t i = 0; i < x.nrows; i++)
        for (size_t c = 0; c < sizeof(cols) / sizeof(cols[0]); c++)
            cr_expect_str_eq(test_cell(&x, i, cols[c]), test_cell(&y, i, cols[c]), "row %zu, %s",
                             i + 1, cols[c]);
    table_release(&x);
    table_release(&y);
}

/* Games of the killed league in all: room for five kills' rows and what a
 * loaded machine writes past each (a flush of rows comes every 100 ms, up to
 * about 100 games of these bots), with games left for the run after them. */
#define KILL_GAMES      1000
#define KILL_GAMES_TEXT "1000"

Test(league_run, a_kill_9_loses_only_games_under_way_and_the_next_run_goes_on, .timeout = 300)
{
    char dir[64], whole[64], log[96];
    test_tmpdir(dir, "league");
    test_tmpdir(whole, "league");
    snprintf(log, sizeof(log), "%s.out", dir);
    make_league(dir);
    make_league(whole);
    char *run[] = {REFEREE_BIN, "league", "run", dir, "-j", "2", "-q", NULL};
    /* Killed five times, each after more games, at any point of writing. */
    for (int k = 1; k <= 5; k++) {
        long before = test_count_rows(dir, "games.csv");
        pid_t pid = test_start(run, log);
        test_wait_rows(pid, dir, before + 17 * k);
        kill(pid, SIGKILL);
        cr_assert_eq(test_wait_status(pid), 128 + SIGKILL);
        char *check[] = {REFEREE_BIN, "check", dir, NULL};
        referee("check after kill -9", check, 0);
    }
    long have = test_count_rows(dir, "games.csv");
    cr_assert_lt(have, KILL_GAMES);
    char more[24];
    snprintf(more, sizeof(more), "%ld", KILL_GAMES - have);
    char *finish[] = {REFEREE_BIN, "league", "run", dir, "-j", "2", "--games", more, "-q", NULL};
    referee("the run after", finish, 0);
    expect_check_passes(dir);
    /* The same league played without a kill, one game at a time. */
    char *once[] = {REFEREE_BIN, "league",  "run",           whole, "-j",
                    "1",         "--games", KILL_GAMES_TEXT, "-q",  NULL};
    referee("the whole run", once, 0);
    expect_same_games(dir, whole, KILL_GAMES);
    unlink(log);
}

Test(league_run, one_and_two_jobs_play_the_same_games, .timeout = 240)
{
    char a[64], b[64];
    test_tmpdir(a, "league");
    test_tmpdir(b, "league");
    make_league(a);
    make_league(b);
    char *one[] = {REFEREE_BIN, "league", "run", a, "-j", "1", "--games", "150", "-q", NULL};
    char *two[] = {REFEREE_BIN, "league", "run", b, "-j", "2", "--games", "150", "-q", NULL};
    referee("-j 1", one, 0);
    referee("-j 2", two, 0);
    expect_same_games(a, b, 150);
}

Test(league_run, the_add_that_makes_a_league_with_settings_adds_its_entry, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "league");
    char *make[] = {REFEREE_BIN, "league",   "add",    dir, "a=" BOTDIR "connect4",
                    "--game",    "connect4", "--seed", "7", NULL};
    referee("the first add", make, 0);
    /* The same settings again, or none: the league's own. */
    char *same[] = {REFEREE_BIN, "league",   "add",    dir, "b=" BOTDIR "connect4",
                    "--game",    "connect4", "--seed", "7", NULL};
    referee("the same settings", same, 0);
    add(dir, "c=" BOTDIR "connect4");
    struct table t;
    test_load(&t, dir, "bots.csv");
    cr_expect_eq(t.nrows, 3, "bots.csv has %zu entries", t.nrows);
    table_release(&t);
}

Test(league_run, show_prints_the_roster_then_the_standings, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "league");
    add(dir, "a=" BOTDIR "random");
    add(dir, "b=" BOTDIR "greedy");
    char *show[] = {REFEREE_BIN, "league", "show", dir, NULL};
    referee("show before any game", show, 0);
    cr_expect(strstr(r.out, "No games yet"), "%s", r.out);
    char *run[] = {REFEREE_BIN, "league", "run", dir, "--games", "4", "--quiet", NULL};
    referee("run", run, 0);
    referee("show", show, 0);
    cr_expect(strstr(r.out, "plays from game 1") && strstr(r.out, "Rank"), "%s", r.out);
}

/* argv is refused with exit 2 and one line on stderr holding `says`. */
static void refused(char *const argv[], const char *says)
{
    referee(says, argv, 2);
    cr_expect(strstr(r.err, says), "%s", r.err);
    const char *nl = strchr(r.err, '\n');
    cr_expect(nl && nl[1] == '\0', "one line: %s", r.err);
}

Test(league_run, user_errors_are_one_line_and_exit_2, .timeout = 60)
{
    char dir[64];
    test_tmpdir(dir, "league");
    char *none[] = {REFEREE_BIN, "league", "run", dir, NULL};
    refused(none, "is not a league");
    add(dir, "a=" BOTDIR "random");
    char *again[] = {REFEREE_BIN, "league", "add", dir, "a=" BOTDIR "greedy", NULL};
    refused(again, "a new version of it: 'referee league add");
    char *other[] = {REFEREE_BIN,          "league", "add",      dir,
                     "b=" BOTDIR "greedy", "--game", "connect4", NULL};
    refused(other, "other --game");
    char *unknown[] = {REFEREE_BIN, "league", "retire", dir, "nobody", NULL};
    refused(unknown, "no entry 'nobody'");
    char *sub[] = {REFEREE_BIN, "league", "start", dir, NULL};
    refused(sub, "unknown league command 'start'");
    char *retire[] = {REFEREE_BIN, "league", "retire", dir, "a", NULL};
    referee("retire", retire, 0);
    refused(retire, "retired already");
    /* Not an error: a league with one entry has nothing to play. */
    add(dir, "b=" BOTDIR "random");
    char *alone[] = {REFEREE_BIN, "league", "run", dir, "--games", "4", NULL};
    referee("one entry", alone, 0);
    cr_expect(strstr(r.err, "fewer than two entries"), "%s", r.err);
}

/* The shards of two batches, one run again after a kill, merged: the games a
 * single machine plays, none twice; a merge short of a shard takes nothing. */
Test(league_run, a_batch_on_three_machines_plays_what_one_would, .timeout = 240)
{
    char dir[64], one[64], log[96];
    test_tmpdir(dir, "league");
    test_tmpdir(one, "league");
    snprintf(log, sizeof(log), "%s.out", dir);
    const char *entries[] = {"slow=" FIXTURE " slow 2", "r1=" BOTDIR "random",
                             "greedy=" BOTDIR "greedy", "r2=" BOTDIR "random"};
    for (int i = 0; i < 4; i++)
        for (int d = 0; d < 2; d++) {
            char *make[] = {REFEREE_BIN,        "league", "add", d ? one : dir,
                            (char *)entries[i], "--lag",  "12",  NULL};
            referee(entries[i], make, 0);
        }
    char *first[] = {REFEREE_BIN, "league", "run", dir, "--games", "20", "-q", NULL};
    referee("the games before", first, 0);
    char *merge[] = {REFEREE_BIN, "league", "run", dir, "--merge", "-q", NULL};
    for (int batch = 0; batch < 2; batch++) {
        char *s1[] = {REFEREE_BIN, "league", "run", dir, "--shard", "1/3", "-q", NULL};
        char *s2[] = {REFEREE_BIN, "league", "run", dir, "--shard", "2/3", "-q", NULL};
        char *s3[] = {REFEREE_BIN, "league", "run", dir, "--shard", "3/3", "-q", NULL};
        referee("shard 1", s1, 0);
        if (batch == 1) { /* shard 2 killed under way, then run again */
            pid_t pid = test_start(s2, log);
            char shard[96];
            snprintf(shard, sizeof(shard), "%s/shard-2", dir);
            for (int i = 0; i < 20000 && test_count_rows(shard, "games.csv") < 2; i++)
                nanosleep(&(struct timespec){0, 1000000}, NULL);
            kill(pid, SIGKILL);
            test_wait_status(pid);
        }
        /* Short of shards 2 and 3: refused, nothing taken. */
        long before = test_count_rows(dir, "games.csv");
        referee("a merge short of shards", merge, 3);
        cr_expect(strstr(r.err, "in no shard folder"), "%s", r.err);
        cr_expect_eq(test_count_rows(dir, "games.csv"), before);
        referee("shard 2", s2, 0);
        referee("shard 3", s3, 0);
        referee("shard 3 again: nothing to play", s3, 0);
        referee("the merge", merge, 0);
        cr_expect_eq(test_count_rows(dir, "games.csv"), before + 24);
        expect_check_passes(dir);
    }
    char *whole[] = {REFEREE_BIN, "league", "run", one, "--games", "68", "-q", NULL};
    referee("one machine", whole, 0);
    expect_same_games(dir, one, 68);
    /* The shard that deals a batch takes bots.csv in, as a merge would; a
     * change after it waits for the merge: the batch's other shards play
     * the roster it was dealt with. */
    add(dir, "late=" BOTDIR "random");
    char *s1[] = {REFEREE_BIN, "league", "run", dir, "--shard", "1/3", "-q", NULL};
    char *s2[] = {REFEREE_BIN, "league", "run", dir, "--shard", "2/3", "-q", NULL};
    char *s3[] = {REFEREE_BIN, "league", "run", dir, "--shard", "3/3", "-q", NULL};
    referee("shard 1 deals the batch", s1, 0);
    cr_expect_eq(roster_game(dir, "late", "entered"), 69);
    add(dir, "later=" BOTDIR "random");
    referee("shard 2", s2, 0);
    referee("shard 3", s3, 0);
    cr_expect_eq(roster_game(dir, "later", "entered"), 0, "a shard took in a dealt batch's change");
    referee("the merge", merge, 0);
    cr_expect_eq(test_count_rows(dir, "games.csv"), 68 + 24);
    cr_expect_eq(roster_game(dir, "later", "entered"), 93);
    expect_check_passes(dir);
    unlink(log);
}

Test(league_run, for_a_duration_starts_no_game_after_it_and_ends_whole, .timeout = 120)
{
    char dir[64];
    test_tmpdir(dir, "league");
    add(dir, "slow1=" FIXTURE " slow 20");
    add(dir, "slow2=" FIXTURE " slow 20");
    char *run[] = {REFEREE_BIN, "league", "run", dir, "--for", "2s", "-j", "2", "-q", NULL};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    referee("--for 2s", run, 0);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    /* Games of about 0.2 s each: those under way at 2 s finish, no more start. */
    cr_expect_geq(s, 2.0);
    cr_expect_lt(s, 8.0, "took %.1f s", s);
    cr_expect_gt(test_count_rows(dir, "games.csv"), 4);
    expect_check_passes(dir);
    char *bad[] = {REFEREE_BIN, "league", "run", dir, "--for", "2x", NULL};
    refused(bad, "--for '2x'");
}

Test(league_run, an_entry_that_cannot_start_is_retired_and_the_league_goes_on, .timeout = 120)
{
    char dir[64];
    test_tmpdir(dir, "league");
    make_league(dir);
    /* league add refuses a program that is not there: bots.csv edited by hand. */
    char path[96];
    snprintf(path, sizeof(path), "%s/bots.csv", dir);
    FILE *f = fopen(path, "a");
    cr_assert_not_null(f);
    fputs("broken,/nonexistent/bot,,,,\n", f);
    fclose(f);
    char *run[] = {REFEREE_BIN, "league", "run", dir, "--games", "40", "-j", "2", "-q", NULL};
    referee("a run with a broken entry", run, 0);
    cr_expect(strstr(r.err, "cannot start entry 'broken'"), "%s", r.err);
    cr_expect_gt(roster_game(dir, "broken", "retired"), 0);
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_expect_eq(t.nrows, 40);
    for (size_t i = 0; i < t.nrows; i++)
        cr_expect(strcmp(test_cell(&t, i, "first"), "broken") != 0 &&
                      strcmp(test_cell(&t, i, "second"), "broken") != 0,
                  "game %zu was recorded with the entry that cannot start", i + 1);
    table_release(&t);
    expect_check_passes(dir);
    /* The next run reads the same history: nothing to refuse. */
    char *more[] = {REFEREE_BIN, "league", "run", dir, "--games", "10", "-q", NULL};
    referee("the next run", more, 0);
}

/* ---- An entry bound to its program ---- */

/* bots.csv rewritten whole (as an editor saves it) with entry name's command
 * set to command. */
static void set_command(const char *dir, const char *name, const char *command)
{
    struct table t;
    char path[128], tmp[140];
    test_load(&t, dir, "bots.csv");
    snprintf(path, sizeof(path), "%s/bots.csv", dir);
    snprintf(tmp, sizeof(tmp), "%s.new", path);
    FILE *f = fopen(tmp, "w");
    cr_assert_not_null(f);
    int cmd = test_column(&t, "command"), who = test_column(&t, "name");
    for (size_t row = 0; row <= t.nrows; row++)
        for (size_t c = 0; c < t.ncols; c++) {
            const char *v = row == 0 ? t.header[c] : t.rows[row - 1][c];
            if (row > 0 && (int)c == cmd && strcmp(t.rows[row - 1][who], name) == 0)
                v = command;
            fputc('"', f);
            for (const char *p = v; *p; p++)
                fputs(*p == '"' ? "\"\"" : (char[2]){*p, 0}, f);
            fputs(c + 1 < t.ncols ? "\"," : "\"\n", f);
        }
    cr_assert_eq(fclose(f), 0);
    cr_assert_eq(rename(tmp, path), 0);
    table_release(&t);
}

/* roster.csv's reason for name's latest event of kind `event`. */
static void expect_reason(const char *dir, const char *name, const char *event, const char *says)
{
    struct table t;
    const char *reason = NULL;
    test_load(&t, dir, "roster.csv");
    for (size_t i = 0; i < t.nrows; i++)
        if (strcmp(test_cell(&t, i, "name"), name) == 0 &&
            strcmp(test_cell(&t, i, "event"), event) == 0)
            reason = test_cell(&t, i, "reason");
    cr_expect(reason && strstr(reason, says), "%s %s: '%s', not '%s'", name, event,
              reason ? reason : "(no such event)", says);
    table_release(&t);
}

/* The first and last ids of dir's games with entry name, from game `from` on
 * (0, 0: none). */
static void games_of(const char *dir, const char *name, long from, long *first, long *last)
{
    struct table t;
    test_load(&t, dir, "games.csv");
    *first = *last = 0;
    for (size_t i = 0; i < t.nrows; i++) {
        long id = strtol(test_cell(&t, i, "game_id"), NULL, 10);
        if (id >= from && (strcmp(test_cell(&t, i, "first"), name) == 0 ||
                           strcmp(test_cell(&t, i, "second"), name) == 0)) {
            *first = *first ? *first : id;
            *last = id;
        }
    }
    table_release(&t);
}

Test(league_run, a_command_changed_while_it_runs_is_refused_at_the_next_pair, .timeout = 240)
{
    char dir[64], log[96], out[8192];
    pid_t pid = start_league_of_four(dir, log);
    /* r1 is given the perfect bot's command under its old name. */
    set_command(dir, "r1", BOTDIR "perfect");
    cr_assert_eq(test_wait_status(pid), 0);

    long from = roster_game(dir, "r1", "refused"), first, last;
    cr_assert_gt(from, 60, "r1 refused from game %ld", from);
    cr_expect_eq(from % 2, 1, "a refusal takes effect at a pair's first game");
    expect_reason(dir, "r1", "refused",
                  "its command changed: '" BOTDIR "random' is now '" BOTDIR "perfect'");
    games_of(dir, "r1", from, &first, &last);
    cr_expect_eq(first, 0, "r1 played game %ld, refused from game %ld", first, from);
    cr_expect_eq(test_count_rows(dir, "games.csv"), 400, "the others play on");
    char msg[128];
    snprintf(msg, sizeof(msg), "Entry 'r1' is not played from game %ld: its command changed", from);
    run_slurp(log, out, sizeof(out));
    cr_expect(strstr(out, msg), "%s", out);
    expect_check_passes(dir);
    char *show[] = {REFEREE_BIN, "league", "show", dir, NULL};
    referee("show", show, 0);
    snprintf(msg, sizeof(msg), "refused from game %ld: its command changed", from);
    cr_expect(strstr(r.out, msg), "%s", r.out);
    unlink(log);
}

/* A file copied whole, or cut to `keep` bytes (-1: all). */
static void copy_file(const char *from, const char *to, long keep)
{
    static char buf[1 << 16];
    FILE *in = fopen(from, "r"), *out = fopen(to, "w");
    cr_assert(in && out, "%s, %s", from, to);
    size_t n = fread(buf, 1, sizeof(buf), in);
    fwrite(buf, 1, keep >= 0 && (size_t)keep < n ? (size_t)keep : n, out);
    fclose(in);
    cr_assert_eq(fclose(out), 0);
}

/* A new league folder dir (64 bytes) with subs/a.py, a copy of the random
 * bot (its path into bot, 96 bytes), and entry a's words, `a=python3 BOT`,
 * into entry (160 bytes); a is not added yet. */
static void subs_a_py(char *dir, char *bot, char *entry)
{
    char subs[80];
    test_tmpdir(dir, "league");
    snprintf(subs, 80, "%s/subs", dir);
    snprintf(bot, 96, "%s/a.py", subs);
    cr_assert_eq(mkdir(subs, 0755), 0);
    copy_file(SOURCE_DIR "/bots/random.py", bot, -1);
    snprintf(entry, 160, "a=python3 %s", bot);
}

/* The contestant uploads another a.py at bot: the same moves, other bytes. */
static void upload_version_2(const char *bot)
{
    FILE *f = fopen(bot, "a");
    cr_assert_not_null(f);
    fputs("# version 2\n", f);
    fclose(f);
}

Test(league_run, a_program_changed_between_runs_is_refused_until_it_is_put_back, .timeout = 240)
{
    char dir[64], bot[96], entry[160];
    subs_a_py(dir, bot, entry);
    add(dir, entry);
    add(dir, "b=" BOTDIR "random");
    add(dir, "c=" BOTDIR "greedy");
    char *run[] = {REFEREE_BIN, "league", "run", dir, "--games", "20", "-q", NULL};
    referee("the first run", run, 0);
    long first, last;
    games_of(dir, "a", 1, &first, &last);
    cr_assert_gt(first, 0, "a played no game");

    upload_version_2(bot);
    referee("the run after the upload", run, 0);
    cr_expect_eq(roster_game(dir, "a", "refused"), 21);
    expect_reason(dir, "a", "refused", "a.py' changed (sha256 ");
    cr_expect(strstr(r.err, "Entry 'a' is not played from game 21: its file '"), "%s", r.err);
    games_of(dir, "a", 21, &first, &last);
    cr_expect_eq(first, 0, "a played game %ld with its new a.py", first);
    cr_expect_eq(test_count_rows(dir, "games.csv"), 40);
    expect_check_passes(dir);

    /* Put back, it plays again; b's command changed in bots.csv, b is refused. */
    copy_file(SOURCE_DIR "/bots/random.py", bot, -1);
    set_command(dir, "b", BOTDIR "perfect");
    referee("the run after both", run, 0);
    cr_expect_eq(roster_game(dir, "a", "bound"), 41);
    expect_reason(dir, "a", "bound", "its program is again the one it was bound to");
    cr_expect(strstr(r.err, "Entry 'a' of league '"), "%s", r.err);
    cr_expect_eq(roster_game(dir, "b", "refused"), 41);
    expect_reason(dir, "b", "refused", "its command changed");
    games_of(dir, "a", 41, &first, &last);
    cr_expect_geq(first, 41, "a plays again");
    games_of(dir, "b", 41, &first, &last);
    cr_expect_eq(first, 0, "b played game %ld with another command", first);
    cr_expect_eq(test_count_rows(dir, "games.csv"), 60);
    expect_check_passes(dir);
    /* The report's roster says it too: b refused, a no more. */
    static char page[1 << 20];
    cr_assert_not_null(test_slurp(dir, "report.html", page, sizeof(page)));
    cr_expect(strstr(page, "<tr><td>b</td><td>1</td><td></td><td>41</td><td></td></tr>"),
              "b's row");
    cr_expect(strstr(page, "<tr><td>a</td><td>1</td><td></td><td></td><td></td></tr>"), "a's row");
}

Test(league_run, a_league_older_than_bindings_is_bound_at_its_next_run, .timeout = 120)
{
    char dir[64], path[96];
    test_tmpdir(dir, "league");
    add(dir, "a=" BOTDIR "random");
    add(dir, "b=" BOTDIR "greedy");
    char *run[] = {REFEREE_BIN, "league", "run", dir, "--games", "10", "-q", NULL};
    referee("the first run", run, 0);
    /* roster.csv as a league made before bindings wrote it. */
    snprintf(path, sizeof(path), "%s/roster.csv", dir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs("game_id,event,name\n1,entered,a\n1,entered,b\n", f);
    fclose(f);
    referee("the run after", run, 0);
    struct table t;
    test_load(&t, dir, "roster.csv");
    cr_assert_eq(t.nrows, 4);
    cr_expect_str_eq(test_cell(&t, 0, "event"), "entered");
    cr_expect_str_eq(test_cell(&t, 2, "event"), "bound");
    cr_expect_str_eq(test_cell(&t, 2, "game_id"), "11");
    cr_expect_str_eq(test_cell(&t, 3, "command"), BOTDIR "greedy");
    cr_expect(strstr(test_cell(&t, 3, "files"), "bots/greedy\n"), "%s", test_cell(&t, 3, "files"));
    table_release(&t);
    cr_expect_eq(test_count_rows(dir, "games.csv"), 20);
    expect_check_passes(dir);
}

/* The program at `from` put at `to` by rename, as an upload does (a running
 * program cannot be written in place). */
static void upload(const char *from, const char *to)
{
    char fresh[128];
    snprintf(fresh, sizeof(fresh), "%s.new", to);
    copy_file(from, fresh, -1);
    cr_assert_eq(chmod(fresh, 0755), 0);
    cr_assert_eq(rename(fresh, to), 0);
}

/* A new league folder dir (64 bytes) with subs/slow, a copy of the fixture
 * bot (its path into prog, 96 bytes); a run's output goes to log (dir.out,
 * 96 bytes). */
static void subs_slow(char *dir, char *log, char *prog)
{
    char subs[80];
    test_tmpdir(dir, "league");
    snprintf(log, 96, "%s.out", dir);
    snprintf(subs, sizeof(subs), "%s/subs", dir);
    snprintf(prog, 96, "%s/slow", subs);
    cr_assert_eq(mkdir(subs, 0755), 0);
    upload(FIXTURE, prog);
}

/* A program replaced while the league runs: seen by its stat at the next
 * pair, refused there. */
Test(league_run, a_program_replaced_while_it_runs_is_refused_at_the_next_pair, .timeout = 240)
{
    char dir[64], log[96], prog[96], entry[160];
    subs_slow(dir, log, prog);
    snprintf(entry, sizeof(entry), "slow=%s slow 2", prog);
    add(dir, entry);
    add(dir, "r1=" BOTDIR "random");
    add(dir, "greedy=" BOTDIR "greedy");
    pid_t pid = start_league_run(dir, log);
    upload(BOTDIR "perfect", prog); /* the perfect bot under slow's name and file */
    cr_assert_eq(test_wait_status(pid), 0);

    long from = roster_game(dir, "slow", "refused"), first, last;
    cr_assert_gt(from, 60, "slow refused from game %ld", from);
    expect_reason(dir, "slow", "refused", "/subs/slow' changed (sha256 ");
    games_of(dir, "slow", from, &first, &last);
    cr_expect_eq(first, 0, "slow played game %ld, refused from game %ld", first, from);
    cr_expect_eq(test_count_rows(dir, "games.csv"), 400);
    expect_check_passes(dir);
    unlink(log);
}

/* `league run DIR --merge -q` exits 0 (what: the step). */
static void run_merge(const char *dir, const char *what)
{
    char *argv[] = {REFEREE_BIN, "league", "run", (char *)dir, "--merge", "-q", NULL};
    referee(what, argv, 0);
}

/* The three entries added to the league dir with --lag lag, then taken in
 * by a merge, as a batch's shards want them. */
static void add_and_merge(const char *dir, const char *const entries[3], const char *lag)
{
    for (int i = 0; i < 3; i++) {
        char *make[] = {REFEREE_BIN,        "league", "add",       (char *)dir,
                        (char *)entries[i], "--lag",  (char *)lag, NULL};
        referee(entries[i], make, 0);
    }
    run_merge(dir, "the roster taken in");
}

/* A shard cannot refuse an entry: a program changed while it plays stops it,
 * its games kept; put back, the same command plays the rest. */
Test(league_run, a_shard_stops_when_a_program_changes_under_it, .timeout = 240)
{
    char dir[64], log[96], prog[96], entry[160], shard[96];
    subs_slow(dir, log, prog);
    snprintf(shard, sizeof(shard), "%s/shard-1", dir);
    snprintf(entry, sizeof(entry), "slow=%s slow 5", prog);
    const char *entries[] = {entry, "r1=" BOTDIR "random", "greedy=" BOTDIR "greedy"};
    add_and_merge(dir, entries, "60");
    char *s1[] = {REFEREE_BIN, "league", "run", dir, "--shard", "1/1", "-j", "2", "-q", NULL};
    pid_t pid = test_start(s1, log);
    for (int i = 0; i < 20000 && test_count_rows(shard, "games.csv") < 10; i++)
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    upload(BOTDIR "perfect", prog);
    cr_assert_eq(test_wait_status(pid), 2);
    char out[8192];
    run_slurp(log, out, sizeof(out));
    cr_expect(strstr(out, "entry 'slow' has a change the league has not taken in (refusing it: "),
              "%s", out);
    cr_expect(strstr(out, "shard 1/1 stopped: its games so far are kept"), "%s", out);
    long kept = test_count_rows(shard, "games.csv");
    cr_expect(kept >= 10 && kept < 120, "%ld games", kept);
    upload(FIXTURE, prog); /* put back */
    referee("the shard again", s1, 0);
    cr_expect_eq(test_count_rows(shard, "games.csv"), 120);
    run_merge(dir, "the merge");
    cr_expect_eq(test_count_rows(dir, "games.csv"), 120);
    expect_check_passes(dir);
}

/* The shard that deals a batch takes a changed program in as a merge would:
 * refused from the batch's first game, said on stderr; the batch's other
 * shard plays the roster it was dealt with. */
Test(league_run, the_shard_that_deals_a_batch_refuses_a_changed_program, .timeout = 120)
{
    char dir[64], bot[96], entry[160];
    subs_a_py(dir, bot, entry);
    const char *entries[] = {entry, "b=" BOTDIR "random", "c=" BOTDIR "greedy"};
    add_and_merge(dir, entries, "4");
    upload_version_2(bot);
    char *s1[] = {REFEREE_BIN, "league", "run", dir, "--shard", "1/2", "-q", NULL};
    referee("the shard that deals", s1, 0);
    cr_expect(strstr(r.err, "Entry 'a' is not played from game 1: its file '"), "%s", r.err);
    cr_expect_eq(roster_game(dir, "a", "refused"), 1);
    char *s2[] = {REFEREE_BIN, "league", "run", dir, "--shard", "2/2", "-q", NULL};
    referee("a shard of the roster that stands", s2, 0);
    run_merge(dir, "the merge");
    cr_expect_eq(test_count_rows(dir, "games.csv"), 8);
    long first, last;
    games_of(dir, "a", 1, &first, &last);
    cr_expect_eq(first, 0, "a, refused from game 1, played game %ld", first);
    expect_check_passes(dir);
}
