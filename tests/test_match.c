/* test_match.c: whole games against the fixture bot's misbehaviours, through
 * real processes and pipes: each ends as its foul, within its deadline, with
 * nothing left running and no descriptor leaked. */
#include "match.h"
#include "notation.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define FIXTURE BUILD_DIR "/testbots/fixture"

static int count_fds(void)
{
    DIR *d = opendir("/proc/self/fd");
    int n = 0;
    struct dirent *e;

    while ((e = readdir(d)))
        n++;
    closedir(d);
    return n;
}

/* Limits of the misbehaving bot's process in the next play(). */
static struct bot_limits bad_limits;

struct outcome {
    struct game_record rec;
    int64_t elapsed_ms;
    pid_t pgids[2];
    char log_path[128];
};

static const struct match_rules fast_rules = {
    .time = {.move_ms = 300, .first_move_ms = 2000, .margin_ms = 50},
    .stop_grace_ms = 200,
};

/* Whether the bad bot answered a turn earlier in the run (player.h), and what
 * match_play must return: play_against's settings for the next game. */
static bool bad_answered;
static int expect_rc;

/* Play one tic-tac-toe game: the fixture in `mode` on `side`, a legal fixture
 * on the other; stop both; check that nothing is left. */
static void play_against(const char *mode, const char *arg, enum side side,
                         const struct match_rules *rules, char *const opponent[],
                         struct outcome *out)
{
    struct bot_spec bots[2] = {0};
    struct player players[2];
    struct seat_bot sb[2];
    struct seat *seats[2];
    struct game_state start;
    enum side failed = SIDE_NONE;
    int fds = count_fds();

    signal(SIGPIPE, SIG_IGN);
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    bots[side].name = "bad";
    bots[side].limits = bad_limits;
    bots[side].argv[0] = FIXTURE;
    bots[side].argv[1] = (char *)mode;
    bots[side].argv[2] = (char *)arg;
    bots[side_other(side)].name = "good";
    for (int i = 0; opponent[i]; i++)
        bots[side_other(side)].argv[i] = opponent[i];
    snprintf(out->log_path, sizeof(out->log_path), "/tmp/referee-test-match-%d.log", getpid());
    unlink(out->log_path);
    for (int i = 0; i < 2; i++) {
        player_init(&players[i], &bots[i], game_find("tictactoe"),
                    i == (int)side ? out->log_path : NULL, 4096);
        seat_bot_init(&sb[i], &players[i]);
        seats[i] = &sb[i].seat;
    }
    players[side].answered = bad_answered;
    game_init(&start, game_find("tictactoe"), true);

    int64_t t0 = proc_now_ns();
    cr_assert_eq(match_play(seats, &start, rules, &out->rec, &failed), expect_rc);
    if (expect_rc < 0) {
        cr_expect_eq(failed, side);
        out->rec.state.end = END_ABORTED; /* not a game: nothing of it is a result */
    }
    out->elapsed_ms = (proc_now_ns() - t0) / 1000000;
    for (int i = 0; i < 2; i++) {
        out->pgids[i] = players[i].proc.pid;
        player_stop(&players[i], rules->stop_grace_ms);
    }
    cr_assert(game_is_over(&out->rec.state));
    /* Nothing left: every child reaped, every process group gone, every fd closed. */
    /* Orphans of the bots come to us (the subreaper): reap the dead, wait for
     * the rest a moment; a live one left over fails below. */
    for (int i = 0; i < 200 && waitpid(-1, NULL, WNOHANG) != -1;)
        if (waitpid(-1, NULL, WNOHANG) == 0) {
            nanosleep(&(struct timespec){0, 5000000}, NULL);
            i++;
        }
    cr_expect_eq(waitpid(-1, NULL, WNOHANG), -1, "a child is left");
    for (int i = 0; i < 2; i++)
        if (out->pgids[i] > 0)
            cr_expect(kill(-out->pgids[i], 0) == -1 && errno == ESRCH, "group %d is left",
                      out->pgids[i]);
    cr_expect_eq(count_fds(), fds, "descriptors leaked");
}

static void play(const char *mode, const char *arg, enum side side, const struct match_rules *rules,
                 struct outcome *out)
{
    char *const legal[] = {FIXTURE, "legal", NULL};
    play_against(mode, arg, side, rules, legal, out);
}

static void expect_foul(const struct outcome *o, enum side side, enum foul foul, const char *reason)
{
    cr_expect_eq(o->rec.state.end, END_FOUL);
    cr_expect_eq(o->rec.state.foul, foul, "foul %s", foul_name((enum foul)o->rec.state.foul));
    cr_expect_eq(o->rec.foul_side, side);
    cr_expect_eq(o->rec.state.winner, side_other(side));
    if (reason)
        cr_expect_str_eq(o->rec.reason, reason);
}

Test(match, legal_bots_finish_the_game_without_a_foul, .timeout = 20)
{
    struct outcome o;
    play("legal", NULL, SIDE_FIRST, &fast_rules, &o);
    cr_expect_neq(o.rec.state.end, END_FOUL, "%s", o.rec.reason);
    cr_expect_eq(o.rec.foul_side, SIDE_NONE);
    for (int i = 0; i < o.rec.state.nhistory; i++)
        cr_expect_geq(o.rec.move_us[i], 0);
}

Test(match, bot_that_never_answers_loses_on_time_within_the_deadline, .timeout = 20)
{
    struct outcome o;
    struct match_rules rules = fast_rules;
    rules.time.first_move_ms = 300;
    play("silent", NULL, SIDE_FIRST, &rules, &o);
    /* It never wrote a byte: the reason says what is most likely wrong. */
    expect_foul(&o, SIDE_FIRST, FOUL_TIMEOUT,
                "timeout (no output at all: is standard output flushed after each line?)");
    cr_expect_geq(o.rec.move_us[0], 300000);
    cr_expect_lt(o.elapsed_ms, 300 + 50 + 1500, "took %lld ms", (long long)o.elapsed_ms);
}

Test(match, bot_that_answers_late_loses_on_time, .timeout = 20)
{
    struct outcome o;
    play("slow", "1500", SIDE_SECOND, &fast_rules, &o);
    expect_foul(&o, SIDE_SECOND, FOUL_TIMEOUT, NULL);
    cr_expect_lt(o.elapsed_ms, 2000 + 50 + 1500, "took %lld ms", (long long)o.elapsed_ms);
}

Test(match, bot_that_answers_in_time_is_not_a_timeout, .timeout = 20)
{
    struct outcome o;
    play("slow", "20", SIDE_SECOND, &fast_rules, &o);
    cr_expect_neq(o.rec.state.end, END_FOUL, "%s", o.rec.reason);
}

/* Spinning for a fast bot's reply (rules.spin) changes how referee waits, not
 * what it finds: the whole game goes through the spin when the bots answer
 * fast (test_proc drives each way out of the spin itself). */
Test(match, spinning_still_finishes_a_fast_game, .timeout = 20)
{
    struct outcome o;
    struct match_rules rules = fast_rules;
    rules.spin = true;
    play("legal", NULL, SIDE_FIRST, &rules, &o);
    cr_expect_neq(o.rec.state.end, END_FOUL, "%s", o.rec.reason);
    cr_expect_geq(o.rec.state.plies, 5);
}

Test(match, spinning_still_waits_out_a_bot_that_turns_slow, .timeout = 20)
{
    struct outcome o;
    struct match_rules rules = fast_rules;
    rules.spin = true;
    play("slowafter", "1500", SIDE_FIRST, &rules, &o);
    expect_foul(&o, SIDE_FIRST, FOUL_TIMEOUT, NULL);
    cr_expect(strstr(o.rec.reason, " ms over 300 ms)"), "%s", o.rec.reason);
    cr_expect_eq(o.rec.state.plies, 4, "plies %d", o.rec.state.plies);
    cr_expect_lt(o.elapsed_ms, 300 + 50 + 1500, "took %lld ms", (long long)o.elapsed_ms);
}

Test(match, spinning_still_finds_a_bot_that_exits, .timeout = 20)
{
    struct outcome o;
    struct match_rules rules = fast_rules;
    rules.spin = true;
    play("exitafter", NULL, SIDE_SECOND, &rules, &o);
    expect_foul(&o, SIDE_SECOND, FOUL_EXITED, "exited (status 0)");
    cr_expect_eq(o.rec.state.plies, 5, "plies %d", o.rec.state.plies);
}

Test(match, bot_killed_by_a_signal_crashed, .timeout = 20)
{
    struct outcome o;
    play("crash", NULL, SIDE_FIRST, &fast_rules, &o);
    expect_foul(&o, SIDE_FIRST, FOUL_CRASHED, "crashed (signal 11)");
}

Test(match, bot_that_answered_before_and_exits_at_its_turn_exited, .timeout = 20)
{
    struct outcome o;
    bad_answered = true;
    play("exit", "3", SIDE_SECOND, &fast_rules, &o);
    expect_foul(&o, SIDE_SECOND, FOUL_EXITED, "exited (status 3)");
}

Test(match, bot_that_never_answered_and_exits_twice_before_its_reply_is_no_game, .timeout = 20)
{
    struct outcome o;
    expect_rc = MATCH_NEVER_ANSWERED;
    play("exit", "3", SIDE_SECOND, &fast_rules, &o);
    char log[4096] = "";
    FILE *f = fopen(o.log_path, "r");
    cr_assert_not_null(f);
    log[fread(log, 1, sizeof(log) - 1, f)] = '\0';
    fclose(f);
    cr_expect(strstr(log, "it ended before its first reply (exited (status 3)) and never "
                          "answered a turn; started again"),
              "%s", log);
    cr_expect(strstr(log, "in 2 starts in a row"), "%s", log);
}

Test(match, garbage_reply_is_malformed, .timeout = 20)
{
    struct outcome o;
    play("garbage", NULL, SIDE_FIRST, &fast_rules, &o);
    expect_foul(&o, SIDE_FIRST, FOUL_MALFORMED, "malformed reply \"hello\"");
}

Test(match, move_with_the_opponents_mark_says_which_mark_the_bot_plays, .timeout = 20)
{
    struct outcome o;
    /* Not a turn-order bug: the bot wrote the other mark. The foul's kind stays
     * out-of-turn; the reason says what to fix. */
    play("outofturn", NULL, SIDE_FIRST, &fast_rules, &o);
    expect_foul(&o, SIDE_FIRST, FOUL_OUT_OF_TURN,
                "wrote the opponent's mark (x:a1; this bot plays o)");
}

Test(match, move_on_an_occupied_square_is_illegal, .timeout = 20)
{
    struct outcome o;
    play("occupied", NULL, SIDE_SECOND, &fast_rules, &o);
    expect_foul(&o, SIDE_SECOND, FOUL_OCCUPIED, NULL);
    cr_expect(strstr(o.rec.reason, "illegal move ") && strstr(o.rec.reason, " (occupied)"), "%s",
              o.rec.reason);
}

Test(match, huge_reply_is_too_long, .timeout = 20)
{
    struct outcome o;
    play("huge", NULL, SIDE_FIRST, &fast_rules, &o);
    expect_foul(&o, SIDE_FIRST, FOUL_TOO_LONG, "reply longer than 256 bytes");
}

Test(match, bot_that_ignores_sigterm_is_killed, .timeout = 20)
{
    struct outcome o;
    play("ignoreterm", NULL, SIDE_FIRST, &fast_rules, &o);
    cr_expect_neq(o.rec.state.end, END_FOUL, "%s", o.rec.reason);
}

Test(match, grandchild_holding_the_pipe_does_not_hang_the_referee, .timeout = 20)
{
    struct outcome o;
    bad_answered = true; /* as in a run where it played before: one start, one foul */
    play("grandchild", NULL, SIDE_FIRST, &fast_rules, &o);
    expect_foul(&o, SIDE_FIRST, FOUL_EXITED, "exited (status 0)");
    cr_expect_lt(o.elapsed_ms, 2000 + 50 + 1500, "took %lld ms", (long long)o.elapsed_ms);
}

Test(match, bot_that_closes_its_output_but_lives_closed_it, .timeout = 20)
{
    struct outcome o;
    play("closeout", NULL, SIDE_SECOND, &fast_rules, &o);
    expect_foul(&o, SIDE_SECOND, FOUL_CLOSED, "closed its output");
}

Test(match, bot_that_writes_between_turns_loses_at_its_next_turn, .timeout = 20)
{
    struct outcome o;
    /* It writes 20 ms after its first reply, while the opponent thinks for 100:
     * seen then, in the poll that waits for the opponent, and judged at its second
     * turn, before the line could be taken for its reply. */
    char *const slow[] = {FIXTURE, "slow", "100", NULL};
    play_against("between", "20", SIDE_SECOND, &fast_rules, slow, &o);
    expect_foul(&o, SIDE_SECOND, FOUL_UNASKED, "wrote when not asked \"a1\"");
    cr_expect_eq(o.rec.state.plies, 3, "plies %d", o.rec.state.plies);
}

Test(match, game_line_comes_with_the_first_turn, .timeout = 20)
{
    struct outcome o;
    /* This bot writes 'a1' as soon as it reads a game line. Were the line sent at
     * the start, 'a1' would be there long before its turn (the opponent thinks
     * 100 ms) and be output when not asked, quoted. It comes with the turn, so
     * 'a1' is read as the reply, and the move it then writes for the turn
     * (a2, the opponent took a1) is the line too many. */
    char *const slow[] = {FIXTURE, "slow", "100", NULL};
    play_against("unasked", NULL, SIDE_SECOND, &fast_rules, slow, &o);
    expect_foul(&o, SIDE_SECOND, FOUL_UNASKED, "wrote when not asked \"a2\"");
    cr_expect_eq(o.rec.state.plies, 1, "plies %d", o.rec.state.plies);
}

Test(match, bot_that_writes_before_its_first_turn_loses, .timeout = 20)
{
    struct outcome o;
    /* Its line is there before its first turn (the opponent thinks 100 ms). */
    char *const slow[] = {FIXTURE, "slow", "100", NULL};
    play_against("hello", NULL, SIDE_SECOND, &fast_rules, slow, &o);
    expect_foul(&o, SIDE_SECOND, FOUL_UNASKED, "wrote when not asked \"hello\"");
    cr_expect_eq(o.rec.state.plies, 1, "plies %d", o.rec.state.plies);
}

Test(match, chatty_stderr_is_logged_up_to_the_cap, .timeout = 20)
{
    struct outcome o;
    struct stat st;
    play("stderr", "64", SIDE_FIRST, &fast_rules, &o);
    cr_expect_neq(o.rec.state.end, END_FOUL, "%s", o.rec.reason);
    cr_assert_eq(stat(o.log_path, &st), 0);
    /* 4096 bytes of it, then a line that says how much of the rest (64 KiB a
     * turn) was dropped */
    static char text[8192];
    FILE *f = fopen(o.log_path, "r");
    cr_assert_not_null(f);
    text[fread(text, 1, sizeof(text) - 1, f)] = '\0';
    fclose(f);
    cr_expect_eq(strspn(text, "e\n"), 4096);
    long dropped = 0;
    cr_assert_eq(
        sscanf(text + 4096, "referee: log cut at 4096 bytes (its cap); %ld more bytes", &dropped),
        1, "%s", text + 4096);
    cr_expect(dropped > 0 && (dropped + 4096) % 65536 == 0, "%ld", dropped);
    cr_expect_eq(st.st_size, 4096 + (long)strlen(text + 4096));
    unlink(o.log_path);
}

Test(match, game_clock_runs_out_for_a_slow_bot, .timeout = 20)
{
    struct outcome o;
    struct match_rules rules = fast_rules;
    rules.time = (struct time_control){.clock_ms = 1000, .margin_ms = 50};
    play("slow", "400", SIDE_FIRST, &rules, &o);
    /* 400 ms a move: the third move finds 200 ms left on a 1000 ms clock. */
    expect_foul(&o, SIDE_FIRST, FOUL_TIMEOUT, NULL);
    cr_expect_eq(o.rec.state.plies, 4, "plies %d", o.rec.state.plies);
}

Test(match, bot_that_cannot_start_is_an_error_not_a_foul, .timeout = 20)
{
    struct bot_spec bots[2] = {{.name = "a", .argv = {FIXTURE, "legal"}},
                               {.name = "b", .argv = {"/nonexistent/bot"}}};
    struct player players[2];
    struct seat_bot sb[2];
    struct seat *seats[2] = {&sb[0].seat, &sb[1].seat};
    struct game_state start;
    struct game_record rec;
    enum side failed = SIDE_NONE;

    signal(SIGPIPE, SIG_IGN);
    for (int i = 0; i < 2; i++)
        player_init(&players[i], &bots[i], game_find("tictactoe"), NULL, 0);
    for (int i = 0; i < 2; i++)
        seat_bot_init(&sb[i], &players[i]);
    game_init(&start, game_find("tictactoe"), true);
    cr_expect_eq(match_play(seats, &start, &fast_rules, &rec, &failed), -ENOENT);
    cr_expect_eq(failed, SIDE_SECOND);
    for (int i = 0; i < 2; i++)
        player_stop(&players[i], 100);
    cr_expect_eq(waitpid(-1, NULL, WNOHANG), -1);
}

Test(match, bots_are_kept_alive_across_games_and_restarted_after_a_foul, .timeout = 30)
{
    struct bot_spec bots[2] = {{.name = "a", .argv = {FIXTURE, "legal"}},
                               {.name = "b", .argv = {FIXTURE, "slow", "400"}}};
    struct player players[2];
    struct seat_bot sb[2];
    struct seat *seats[2] = {&sb[0].seat, &sb[1].seat};
    struct game_state start;
    struct game_record rec;
    enum side failed;
    struct match_rules rules = fast_rules;

    signal(SIGPIPE, SIG_IGN);
    for (int i = 0; i < 2; i++)
        player_init(&players[i], &bots[i], game_find("tictactoe"), NULL, 0);
    for (int i = 0; i < 2; i++)
        seat_bot_init(&sb[i], &players[i]);
    game_init(&start, game_find("tictactoe"), true);
    rules.time.first_move_ms = 1000;
    cr_assert_eq(match_play(seats, &start, &rules, &rec, &failed), 0);
    pid_t a = players[0].proc.pid;
    /* b's second move (300 ms limit) timed out: b is restarted, a is kept. */
    cr_expect_eq(rec.state.foul, FOUL_TIMEOUT);
    cr_assert_eq(match_play(seats, &start, &rules, &rec, &failed), 0);
    cr_expect_eq(players[0].proc.pid, a);
    cr_expect_eq(players[0].games, 2);
    cr_expect_eq(players[1].games, 1);
    for (int i = 0; i < 2; i++)
        player_stop(&players[i], 100);
}

Test(match, start_up_beyond_the_clock_is_covered_by_the_first_move_limit, .timeout = 20)
{
    struct outcome o;
    struct match_rules rules = fast_rules;
    rules.time = (struct time_control){.clock_ms = 1000, .first_move_ms = 5000, .margin_ms = 50};
    /* Starts in 1.2 s, longer than its whole clock, then plays 60 ms a move. */
    char *const slow_start[] = {"/bin/sh", "-c", "sleep 1.2; exec " FIXTURE " slow 60", NULL};
    play_against("legal", NULL, SIDE_FIRST, &rules, slow_start, &o);
    cr_expect_neq(o.rec.state.end, END_FOUL, "%s", o.rec.reason);
}

Test(match, bot_that_quits_between_games_is_started_again_not_forfeited, .timeout = 20)
{
    struct bot_spec bots[2] = {{.name = "a", .argv = {FIXTURE, "legal"}},
                               {.name = "b", .argv = {FIXTURE, "onegame"}}};
    struct player players[2];
    struct seat_bot sb[2];
    struct seat *seats[2] = {&sb[0].seat, &sb[1].seat};
    struct game_state start;
    struct game_record rec;
    enum side failed;

    signal(SIGPIPE, SIG_IGN);
    for (int i = 0; i < 2; i++)
        player_init(&players[i], &bots[i], game_find("tictactoe"), NULL, 0);
    for (int i = 0; i < 2; i++)
        seat_bot_init(&sb[i], &players[i]);
    game_init(&start, game_find("tictactoe"), true);
    for (int g = 0; g < 3; g++) {
        cr_assert_eq(match_play(seats, &start, &fast_rules, &rec, &failed), 0);
        cr_expect_neq(rec.state.end, END_FOUL, "game %d: %s", g + 1, rec.reason);
        /* Give it the time to be gone before the next game. */
        proc_wait(&players[1].proc, proc_now_ns() + 1000000000LL);
    }
    for (int i = 0; i < 2; i++)
        player_stop(&players[i], 100);
    cr_expect_eq(waitpid(-1, NULL, WNOHANG), -1);
}

Test(match, bot_flooding_without_newlines_is_too_long, .timeout = 20)
{
    struct outcome o;
    play("flood", NULL, SIDE_FIRST, &fast_rules, &o);
    expect_foul(&o, SIDE_FIRST, FOUL_TOO_LONG, "reply longer than 256 bytes");
    cr_expect_lt(o.elapsed_ms, 2000, "took %lld ms", (long long)o.elapsed_ms);
}

Test(match, bot_that_closes_its_input_closed_it, .timeout = 20)
{
    struct outcome o;
    play("closein", NULL, SIDE_SECOND, &fast_rules, &o);
    expect_foul(&o, SIDE_SECOND, FOUL_CLOSED, "closed its input");
}

Test(match, children_a_bot_forks_are_killed_with_it, .timeout = 20)
{
    struct outcome o;
    /* play() checks that the bot's whole process group is gone. */
    play("forker", "20", SIDE_FIRST, &fast_rules, &o);
    cr_expect_neq(o.rec.state.end, END_FOUL, "%s", o.rec.reason);
}

Test(match, bot_over_its_memory_limit_crashes_alone, .timeout = 20)
{
    struct outcome o;
    struct match_rules rules = fast_rules;
    /* First touches of fresh memory can be slow on a virtual machine. */
    rules.time.first_move_ms = 8000;
    bad_limits = (struct bot_limits){.memory_mb = 64};
    play("eatmem", NULL, SIDE_FIRST, &rules, &o);
    char log[256] = "";
    FILE *f = fopen(o.log_path, "r");
    if (f) {
        size_t n = fread(log, 1, sizeof(log) - 1, f);
        log[n] = '\0';
        fclose(f);
    }
    cr_expect(strstr(log, "allocation failed after "), "log: %s", log);
    expect_foul(&o, SIDE_FIRST, FOUL_CRASHED, "crashed (signal 6)");
}

Test(match, bot_spinning_past_its_cpu_limit_is_stopped, .timeout = 40)
{
    struct outcome o;
    struct match_rules rules = fast_rules;
    /* A second of CPU takes longer than a second of wall time on a loaded
     * machine (6.1 s seen beside the suite at -j2): the move limit, which a
     * limit not enforced would reach, is far beyond that. */
    rules.time.first_move_ms = 20000;
    bad_limits = (struct bot_limits){.cpu_seconds = 1};
    play("spin", NULL, SIDE_FIRST, &rules, &o);
    /* SIGXCPU after a second of CPU, SIGKILL a second later if it is caught. */
    cr_expect_eq(o.rec.state.foul, FOUL_CRASHED, "%s", o.rec.reason);
    cr_expect(strcmp(o.rec.reason, "crashed (signal 24)") == 0 ||
                  strcmp(o.rec.reason, "crashed (signal 9)") == 0,
              "%s", o.rec.reason);
    cr_expect_lt(o.elapsed_ms, rules.time.first_move_ms, "took %lld ms", (long long)o.elapsed_ms);
}

Test(match, bot_spinning_without_limit_loses_on_time, .timeout = 20)
{
    struct outcome o;
    struct match_rules rules = fast_rules;
    rules.time.first_move_ms = 300;
    play("spin", NULL, SIDE_FIRST, &rules, &o);
    expect_foul(&o, SIDE_FIRST, FOUL_TIMEOUT, NULL);
    cr_expect_lt(o.elapsed_ms, 1500, "took %lld ms", (long long)o.elapsed_ms);
}
