/* test_nboard.c: the NBoard protocol (adapter_nboard.c): what referee writes
 * for a handshake, a game and a turn, what it makes of an engine's lines, by
 * known conversations; then whole matches of the tests' Othello engine
 * (tests/bots/othello.c) through referee, as a real child process. */
#include "helpers.h"
#include "adapter.h"
#include "run.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <string.h>

#define OTHELLO BUILD_DIR "/testbots/othello"

struct talk {
    const struct adapter *ad;
    struct adapter_state a;
    struct game_state s;
    char buf[PROTOCOL_LINE_MAX * 2];
    char out[PROTOCOL_LINE_MAX];
};

static const struct time_control per_move = {.move_ms = 1999, .first_move_ms = 5000};
static const struct time_control on_clock = {
    .first_move_ms = 5000, .clock_ms = 90500, .increment_ms = 2000};

static const char *written(struct talk *t, int n)
{
    cr_assert_geq(n, 0, "did not fit");
    cr_assert_lt((size_t)n, sizeof(t->buf));
    t->buf[n] = '\0';
    return t->buf;
}

/* Feed one line while an answer is due (handshake if !turn); what it is. */
static enum adapter_read feed(struct talk *t, bool turn, const char *line)
{
    struct adapter_out out = {t->out, sizeof(t->out), 0};
    t->out[0] = '\0';
    enum adapter_read r = t->ad->read(&t->a, turn ? &t->s : NULL, line, strlen(line), &out);
    cr_expect_eq(out.len, strlen(t->out));
    return r;
}

static enum adapter_read feed_stray(struct talk *t, const char *line)
{
    struct adapter_out out = {t->out, sizeof(t->out), 0};
    t->out[0] = '\0';
    return t->ad->stray(&t->a, line, strlen(line), &out);
}

/* An NBoard engine in reversi, its handshake written and answered as Edax does. */
static void ready(struct talk *t)
{
    struct adapter_options opt = {.proto = PROTO_NBOARD};
    game_init(&t->s, game_find("reversi"), false);
    t->ad = adapter_of(PROTO_NBOARD);
    adapter_reset(&t->a, &opt);
    cr_expect_str_eq(written(t, t->ad->hello(&t->a, game_def_of(&t->s), t->buf, sizeof(t->buf))),
                     "nboard 2\nset depth 60\nping 1\n");
    cr_expect_eq(feed(t, false, "set myname Edax60"), ADAPTER_LOG, "its name, for the log");
    cr_expect_eq(feed(t, false, "pong 1"), ADAPTER_REPLY, "in step: the handshake is over");
    cr_expect_str_eq(t->out, "Edax60");
}

static void start_game(struct talk *t, enum side side, const struct time_control *tc)
{
    struct protocol_game g = {.def = game_def_of(&t->s), .side = side, .tc = tc, .seed = 1};
    cr_expect_str_eq(written(t, t->ad->game(&t->a, &g, &t->s, t->buf, sizeof(t->buf))), "",
                     "the game goes out with the first turn");
}

#define START "BO[8 ---------------------------O*------*O--------------------------- "

Test(nboard, registry_finds_it_and_it_plays_reversi_only, .timeout = 10)
{
    cr_expect_eq(adapter_find("nboard"), PROTO_NBOARD);
    cr_expect(adapter_plays(PROTO_NBOARD, game_find("reversi")));
    cr_expect_not(adapter_plays(PROTO_NBOARD, game_find("tictactoe")));
    cr_expect_not(adapter_plays(PROTO_NBOARD, game_find("gomoku")));
    cr_expect(adapter_plays(PROTO_REFEREE, game_find("connect4")), "referee's plays every game");
    cr_expect(adapter_of(PROTO_NBOARD)->logs_anytime, "status lines come at any time");
}

/* The game as GGF at the first turn (the opening's moves from the standard
 * position, TI the limit per move rounded down, no grace), then `move` for
 * every ply since, the engine's own too: `go` does not play it. */
Test(nboard, first_turn_sends_the_game_as_ggf_later_turns_the_moves, .timeout = 10)
{
    struct talk t;
    ready(&t);
    test_play(&t.s, "f5", "opening");
    test_play(&t.s, "f6", "opening");
    start_game(&t, SIDE_FIRST, &per_move);
    cr_expect_str_eq(written(&t, t.ad->turn(&t.a, &t.s, 5000, t.buf, sizeof(t.buf))),
                     "set game (;GM[Othello]PC[referee]TY[8]TI[0:01//0]" START
                     "*]B[F5]W[F6];)\nping 2\ngo\n");
    cr_expect_eq(feed(&t, true, "status Edax is thinking"), ADAPTER_LOG);
    cr_expect_eq(feed(&t, true, "pong 2"), ADAPTER_MORE);
    cr_expect_eq(feed(&t, true, "nodestats 35805 0.00"), ADAPTER_LOG);
    cr_expect_str_eq(t.out, "said \"nodestats 35805 0.00\"");
    cr_expect_eq(feed(&t, true, "=== E6 -1.00 0.0\r"), ADAPTER_REPLY, "Edax's answer");
    cr_expect_str_eq(t.out, "e6");
    cr_expect_eq(feed_stray(&t, "status Edax is waiting"), ADAPTER_LOG, "after the answer");

    test_play(&t.s, "e6", "its move");
    test_play(&t.s, "f4", "the opponent's");
    cr_expect_str_eq(written(&t, t.ad->turn(&t.a, &t.s, 1999, t.buf, sizeof(t.buf))),
                     "move E6\nmove F4\nping 3\ngo\n");
    cr_expect_eq(feed(&t, true, "pong 3"), ADAPTER_MORE);
    cr_expect_eq(feed(&t, true, "=== e3/0.50/1.2"), ADAPTER_REPLY, "the spec's slashes");
    cr_expect_str_eq(t.out, "e3");
}

/* A pass is PA, told and answered; on a clock, the game goes out at every
 * turn with TI the time the engine has left for it, and the increment. */
Test(nboard, passes_are_pa_and_a_clock_is_told_at_every_turn, .timeout = 10)
{
    struct talk t;
    ready(&t);
    start_game(&t, SIDE_SECOND, &on_clock);
    test_play(&t.s, "f5", "black");
    cr_expect_str_eq(written(&t, t.ad->turn(&t.a, &t.s, 95500, t.buf, sizeof(t.buf))),
                     "set game (;GM[Othello]PC[referee]TY[8]TI[1:35/0:02/0]" START
                     "*]B[F5];)\nping 2\ngo\n");
    cr_expect_eq(feed(&t, true, "pong 2"), ADAPTER_MORE);
    cr_expect_eq(feed(&t, true, "=== PA"), ADAPTER_REPLY);
    cr_expect_str_eq(t.out, "pass", "for the judge to refuse: white has moves");
    test_play(&t.s, "f6", "white");
    test_play(&t.s, "e6", "black");
    cr_expect_str_eq(written(&t, t.ad->turn(&t.a, &t.s, 3600999, t.buf, sizeof(t.buf))),
                     "set game (;GM[Othello]PC[referee]TY[8]TI[1:00:00/0:02/0]" START
                     "*]B[F5]W[F6]B[E6];)\nping 3\ngo\n");
}

/* ping/pong keep the talk in step: an answer before the turn's pong is an
 * earlier go's, logged and not taken; a pong of an earlier ping is logged. */
Test(nboard, answers_before_the_turns_pong_are_not_taken, .timeout = 10)
{
    struct talk t;
    ready(&t);
    start_game(&t, SIDE_FIRST, &per_move);
    written(&t, t.ad->turn(&t.a, &t.s, 1000, t.buf, sizeof(t.buf)));
    cr_expect_eq(feed(&t, true, "=== A1"), ADAPTER_LOG);
    cr_expect_str_eq(t.out, "not taken (it answers an earlier go): \"=== A1\"");
    cr_expect_eq(feed(&t, true, "pong 1"), ADAPTER_LOG, "an earlier ping's");
    cr_expect_eq(feed(&t, true, ""), ADAPTER_MORE);
    cr_expect_eq(feed(&t, true, "pong 2"), ADAPTER_MORE);
    cr_expect_eq(feed(&t, true, "===   d3"), ADAPTER_REPLY);
    cr_expect_str_eq(t.out, "d3");
}

/* As the NBoard GUI does, a line outside the protocol is shown (logged), not
 * a foul: Edax writes `*** SEARCH STILL RUNNING ? (0) ***` when short of
 * time. An answer when none is due is a foul. */
Test(nboard, lines_outside_the_protocol_are_logged_an_unasked_answer_is_a_foul, .timeout = 10)
{
    struct talk t;
    ready(&t);
    start_game(&t, SIDE_FIRST, &per_move);
    written(&t, t.ad->turn(&t.a, &t.s, 1000, t.buf, sizeof(t.buf)));
    cr_expect_eq(feed(&t, true, "*** SEARCH STILL RUNNING ? (0) ***"), ADAPTER_LOG);
    cr_expect_str_eq(t.out, "said (not NBoard) \"*** SEARCH STILL RUNNING ? (0) *...\"");
    cr_expect_eq(feed_stray(&t, "hello"), ADAPTER_LOG);
    cr_expect_eq(feed_stray(&t, "=== d3"), ADAPTER_FOUL);
    cr_expect_str_eq(t.out, "wrote when not asked \"=== d3\"");
    cr_expect_eq(feed_stray(&t, "search d3 -1.00 0 4 something"), ADAPTER_LOG);
    cr_expect_eq(feed_stray(&t, "set myname Other"), ADAPTER_LOG);
    cr_expect_str_eq(t.a.engine, "Other", "a new name is kept");
    cr_expect_str_eq(written(&t, t.ad->quit(&t.a, t.buf, sizeof(t.buf))), "quit\n");

    struct adapter_options opt = {.proto = PROTO_NBOARD};
    adapter_reset(&t.a, &opt);
    written(&t, t.ad->hello(&t.a, game_def_of(&t.s), t.buf, sizeof(t.buf)));
    cr_expect_eq(feed(&t, false, "    2   +00   0:00.001   35   35000 d3"), ADAPTER_LOG,
                 "Edax's first start, building its book");
    adapter_reset(&t.a, &opt);
    written(&t, t.ad->hello(&t.a, game_def_of(&t.s), t.buf, sizeof(t.buf)));
    cr_expect_eq(feed(&t, false, "pong 1"), ADAPTER_REPLY);
    cr_expect_str_eq(t.out, "(no name given)");
}

/* A game that began from a set position (no moves from the standard one)
 * is that position, with the side to move. */
Test(nboard, a_game_from_a_set_position_sends_that_board, .timeout = 10)
{
    struct talk t;
    const char *why = NULL;
    ready(&t);
    cr_assert_eq(notation_parse_board(game_def_of(&t.s),
                                      "[--------,--------,--------,---ox---,---xx---,----x---,"
                                      "--------,--------] o",
                                      false, &t.s, &why),
                 0, "%s", why ? why : "");
    start_game(&t, SIDE_SECOND, &per_move);
    const char *w = written(&t, t.ad->turn(&t.a, &t.s, 1999, t.buf, sizeof(t.buf)));
    cr_expect(strstr(w, "BO[8 ---------------------------O*------**-------*------------------- "
                        "O];)\n"),
              "%s", w);
}

static struct run_result r;

static int run_match(char *dir, const char *mode, const char *extra)
{
    char bot[256];
    test_tmpdir(dir, "nboard");
    snprintf(bot, sizeof(bot), "nb=" OTHELLO " nboard %s", mode);
    char *run[] = {REFEREE_BIN,   "match",    "--game",     "reversi",   "--bot",
                   bot,           "--proto",  "nb=nboard",  "--bot",     "rev=" BOTDIR "reversi",
                   "--games",     "2",        "--openings", "2",         "--movetime",
                   (char *)extra, "--margin", "3000",       "--results", dir,
                   "-q",          NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    return r.status;
}

/* Whole games through referee: the engine is kept from game to game, told
 * each game and move, and stays in step (it plays every move it is told);
 * its status lines are in its log, and no game is lost for them. */
Test(nboard, fixture_engine_plays_whole_games_in_step, .timeout = 60)
{
    char dir[64], log[1 << 16];
    cr_assert_eq(run_match(dir, "chat", "1000"), 0, "%s", r.err);
    cr_expect_eq(test_fouls_in(dir), 0);
    test_slurp(dir, "logs/nb.log", log, sizeof(log));
    cr_expect(strstr(log, "nboard engine: Othello fixture 60"), "%s", log);
    /* In this order; referee's notes may come between the engine's lines. */
    const char *hello = strstr(log, "< nboard 2\n"), *depth = strstr(log, "< set depth 60\n"),
               *ping = strstr(log, "< ping 1\n");
    cr_expect(hello && depth && ping && hello < depth && depth < ping, "%s", log);
    cr_expect(strstr(log, "< set game (;GM[Othello]PC[referee]TY[8]TI[0:01//0]BO[8 "), "%s", log);
    cr_expect(strstr(log, "< move "), "%s", log);
    cr_expect(strstr(log, "said \"status waiting\""), "%s", log);
    cr_expect_null(strstr(log, "cannot play"), "out of step: %s", log);
    cr_expect_null(strstr(log, "started again"), "kept between games: %s", log);
    struct table t;
    test_load(&t, dir, "standings.csv");
    for (size_t i = 0; i < t.nrows; i++)
        if (strcmp(test_cell(&t, i, "bot"), "nb") == 0)
            cr_expect_str_eq(test_cell(&t, i, "engine"), "Othello fixture 60");
    table_release(&t);
}

Test(nboard, stale_answers_are_logged_not_played, .timeout = 60)
{
    char dir[64], log[1 << 16];
    cr_assert_eq(run_match(dir, "stale", "1000"), 0, "%s", r.err);
    cr_expect_eq(test_fouls_in(dir), 0);
    test_slurp(dir, "logs/nb.log", log, sizeof(log));
    cr_expect(strstr(log, "not taken (it answers an earlier go): \"=== A1\""), "%s", log);
}

struct misbehaviour {
    char mode[16];
    char foul[16];
    char reason[48];
    char log[48]; /* in its log */
};

ParameterizedTestParameters(nboard, misbehaviour_is_a_foul)
{
    static struct misbehaviour cases[] = {
        {"garbage", "timeout", "timeout", "said (not NBoard) \"hello\""},
        {"illegal", "occupied", "d4", "< go"},
    };
    return cr_make_param_array(struct misbehaviour, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct misbehaviour *m, nboard, misbehaviour_is_a_foul, .timeout = 60)
{
    char dir[64];
    cr_assert_eq(run_match(dir, m->mode, "1000"), 0, "%s", r.err);
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_expect_str_eq(test_cell(&t, 0, "foul"), m->foul, "%s", test_cell(&t, 0, "reason"));
    cr_expect_str_eq(test_cell(&t, 0, "foul_by"), "nb");
    cr_expect(strstr(test_cell(&t, 0, "reason"), m->reason), "%s", test_cell(&t, 0, "reason"));
    table_release(&t);
    char log[1 << 16];
    test_slurp(dir, "logs/nb.log", log, sizeof(log));
    cr_expect(strstr(log, m->log), "%s", log);
}

Test(nboard, a_game_nboard_cannot_play_is_refused_before_any_game, .timeout = 30)
{
    char dir[64];
    test_tmpdir(dir, "nboard");
    char *run[] = {REFEREE_BIN,   "match",   "--game",    "tictactoe", "--bot",
                   "nb=" OTHELLO, "--proto", "nb=nboard", "--bot",     "r=" BOTDIR "random",
                   "--results",   dir,       "-q",        NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "bot 'nb' speaks nboard, which cannot play tictactoe"), "%s", r.err);
}

/* Doctor of an NBoard engine without --game: reversi, the one game it plays,
 * as for a GTP engine (it used to look up no game at all, and crash). */
Test(nboard, doctor_checks_an_engine_at_reversi_by_default, .timeout = 60)
{
    char *doc[] = {REFEREE_BIN, "doctor", "--proto", "nboard", "--", OTHELLO, "nboard", NULL};
    cr_assert_eq(run_program(doc, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    cr_expect(strstr(r.out, "referee doctor: bot, reversi: 4 games"), "%s", r.out);
    /* A game its protocol cannot say is refused, by doctor and play alike. */
    char *ttt[] = {REFEREE_BIN, "doctor", "--proto", "nboard", "--game",
                   "tictactoe", "--",     OTHELLO,   "nboard", NULL};
    cr_assert_eq(run_program(ttt, NULL, &r), 0);
    cr_expect_eq(r.status, 2, "%s%s", r.out, r.err);
    cr_expect(strstr(r.err, "speaks nboard, which cannot play tictactoe"), "%s", r.err);
    char *play[] = {REFEREE_BIN, "play", "--proto", "nboard", "--game",
                    "gomoku",    "--",   OTHELLO,   "nboard", NULL};
    cr_assert_eq(run_program(play, NULL, &r), 0);
    cr_expect_eq(r.status, 2, "%s%s", r.out, r.err);
    cr_expect(strstr(r.err, "speaks nboard, which cannot play gomoku"), "%s", r.err);
}
