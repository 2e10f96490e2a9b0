/* test_seat.c: the seats of the game loop: referee's random mover, a bot
 * against it, and what an observer of the loop sees. */
#include "match.h"
#include "notation.h"

#include <criterion/criterion.h>
#include <signal.h>
#include <string.h>

#define FIXTURE BUILD_DIR "/testbots/fixture"

static const struct match_rules rules = {
    .time = {.move_ms = 2000, .first_move_ms = 5000, .margin_ms = 50},
    .stop_grace_ms = 200,
};

/* What an observer saw of one game. */
struct seen {
    int started, asked, replied, fouled, over;
    int moves;      /* replies judged a move */
    enum foul foul; /* the judgement of the last reply */
    enum side last; /* the side of the last reply */
    int plies_at_over;
    char order[64]; /* the events' initials: s, a, r, f, o */
};

static void mark(struct seen *w, char c)
{
    size_t n = strlen(w->order);
    if (n + 1 < sizeof(w->order)) {
        w->order[n] = c;
        w->order[n + 1] = '\0';
    }
}

static void on_started(void *ctx, const struct game_record *rec)
{
    struct seen *w = ctx;
    cr_expect_eq(rec->state.nhistory, 0);
    w->started++;
    mark(w, 's');
}

static void on_asked(void *ctx, const struct game_record *rec, const struct match_event *e)
{
    struct seen *w = ctx;
    cr_expect_eq(e->ply, rec->state.nhistory);
    cr_expect_eq(e->side, (enum side)rec->state.to_move);
    cr_expect_gt(e->limit_ms, 0);
    w->asked++;
    mark(w, 'a');
}

static void on_replied(void *ctx, const struct game_record *rec, const struct match_event *e)
{
    struct seen *w = ctx;
    cr_assert_not_null(e->reply);
    w->replied++;
    w->foul = e->foul;
    w->last = e->side;
    if (e->foul == FOUL_NONE) {
        cr_expect_eq(rec->state.nhistory, e->ply + 1, "a move is in the history");
        w->moves++;
    }
    mark(w, 'r');
}

static void on_fouled(void *ctx, const struct game_record *rec)
{
    struct seen *w = ctx;
    cr_expect_neq(rec->foul_side, SIDE_NONE);
    w->fouled++;
    mark(w, 'f');
}

static void on_over(void *ctx, const struct game_record *rec)
{
    struct seen *w = ctx;
    cr_expect(game_is_over(&rec->state));
    cr_expect_neq(rec->reason[0], '\0', "the reason is written before");
    w->plies_at_over = rec->state.nhistory;
    w->over++;
    mark(w, 'o');
}

static int play_random(const char *game, uint64_t seed, struct game_record *rec)
{
    struct seat_random r[2];
    struct seat *seats[2] = {&r[0].seat, &r[1].seat};
    struct game_state start;
    enum side failed = SIDE_NONE;

    seat_random_init(&r[0], seed);
    seat_random_init(&r[1], seed + 1);
    game_init(&start, game_find(game), true);
    memset(rec, 0, sizeof(*rec));
    rec->id = 1;
    return match_play(seats, &start, &rules, rec, &failed);
}

Test(seat, two_random_movers_play_whole_games_and_repeat_them_from_their_seeds, .timeout = 20)
{
    static const char *const games[] = {"tictactoe", "connect4", "reversi", "gomoku"};
    for (int i = 0; i < 4; i++) {
        struct game_record a, b;
        cr_assert_eq(play_random(games[i], 7, &a), 0);
        cr_assert_eq(play_random(games[i], 7, &b), 0);
        cr_expect(game_is_over(&a.state), "%s", games[i]);
        cr_expect_neq(a.state.end, END_FOUL, "%s: %s", games[i], a.reason);
        cr_expect_eq(a.state.nhistory, b.state.nhistory, "%s", games[i]);
        cr_expect_eq(memcmp(a.state.history, b.state.history,
                            sizeof(a.state.history[0]) * (size_t)a.state.nhistory),
                     0, "%s: the same seed, the same game", games[i]);
        for (int k = 0; k < a.state.nhistory; k++)
            cr_expect_geq(a.move_us[k], 0);
    }
}

/* Bot in mode `mode` as the first side against the random mover, watched. */
static void watch_bot(const char *mode, struct game_record *rec, struct seen *w)
{
    struct bot_spec bot = {.name = "bot", .argv = {FIXTURE, (char *)mode}};
    struct player p;
    struct seat_bot sb;
    struct seat_random sr;
    struct seat *seats[2] = {&sb.seat, &sr.seat};
    struct game_state start;
    enum side failed = SIDE_NONE;
    struct match_observer obs = {.ctx = w,
                                 .started = on_started,
                                 .asked = on_asked,
                                 .replied = on_replied,
                                 .fouled = on_fouled,
                                 .over = on_over};
    struct match_rules watched = rules;

    signal(SIGPIPE, SIG_IGN);
    memset(w, 0, sizeof(*w));
    watched.observer = &obs;
    player_init(&p, &bot, game_find("tictactoe"), NULL, 0);
    seat_bot_init(&sb, &p);
    seat_random_init(&sr, 3);
    game_init(&start, game_find("tictactoe"), true);
    memset(rec, 0, sizeof(*rec));
    rec->id = 1;
    cr_assert_eq(match_play(seats, &start, &watched, rec, &failed), 0);
    player_stop(&p, 200);
}

Test(match, an_observer_sees_each_turn_asked_and_judged_and_the_end, .timeout = 30)
{
    struct game_record rec;
    struct seen w;

    watch_bot("legal", &rec, &w);
    cr_expect_eq(w.started, 1);
    cr_expect_eq(w.over, 1);
    cr_expect_eq(w.fouled, rec.state.end == END_FOUL, "%s", rec.reason);
    cr_expect_eq(w.asked, rec.state.nhistory);
    cr_expect_eq(w.replied, w.asked);
    cr_expect_eq(w.moves, rec.state.nhistory);
    cr_expect_eq(w.plies_at_over, rec.state.nhistory);
    cr_expect_eq(w.order[0], 's');
    cr_expect_eq(w.order[strlen(w.order) - 1], 'o');
    cr_expect_eq(strncmp(w.order + 1, "arararar", 8), 0, "%s", w.order);
}

Test(match, an_observer_sees_a_foul_judged_once_with_its_reason, .timeout = 30)
{
    struct game_record rec;
    struct seen w;

    watch_bot("outofturn", &rec, &w);
    cr_expect_eq(rec.state.foul, FOUL_OUT_OF_TURN);
    cr_expect_str_eq(rec.reason, "wrote the opponent's mark (x:a1; this bot plays o)");
    cr_expect_eq(w.foul, FOUL_OUT_OF_TURN);
    cr_expect_eq(w.last, SIDE_FIRST);
    cr_expect_str_eq(w.order, "sarfo");
}
