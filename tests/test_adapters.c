/* test_adapters.c: the adapters' codecs (adapter*.c) without a process: the
 * lines each protocol writes for a handshake, a game and a turn, and what the
 * lines an engine writes back make of its state, by known conversations. */
#include "helpers.h"
#include "adapter.h"

#include <criterion/criterion.h>

struct talk {
    const struct adapter *ad;
    struct adapter_state a;
    char buf[PROTOCOL_LINE_MAX * 2];
    char out[PROTOCOL_LINE_MAX];
    size_t outlen;
};

static void talk_start(struct talk *t, enum proto proto, bool pass_explicit)
{
    struct adapter_options opt = {.proto = proto, .gtp_pass_explicit = pass_explicit};
    t->ad = adapter_of(proto);
    cr_assert_not_null(t->ad);
    adapter_reset(&t->a, &opt);
}

/* What a writer of the adapter wrote, NUL-terminated in t->buf. */
static const char *written(struct talk *t, int n)
{
    cr_assert_geq(n, 0, "did not fit");
    cr_assert_lt((size_t)n, sizeof(t->buf));
    t->buf[n] = '\0';
    return t->buf;
}

/* What a read put in t->out, checked to be counted right; r passed on. */
static enum adapter_read took(struct talk *t, const struct adapter_out *out, enum adapter_read r)
{
    t->outlen = out->len;
    cr_expect_eq(t->outlen, strlen(t->out), "len counts what out holds");
    return r;
}

/* Feed the engine's line while an answer is due and return what it is. */
static enum adapter_read feed(struct talk *t, const struct game_state *s, const char *line)
{
    struct adapter_out out = {t->out, sizeof(t->out), 0};
    t->out[0] = '\0';
    return took(t, &out, t->ad->read(&t->a, s, line, strlen(line), &out));
}

/* Feed the engine's line when no answer is due and return what it is. */
static enum adapter_read feed_stray(struct talk *t, const char *line)
{
    struct adapter_out out = {t->out, sizeof(t->out), 0};
    t->out[0] = '\0';
    return took(t, &out, t->ad->stray(&t->a, line, strlen(line), &out));
}

/* Feed each line of lines (split on '|'), all but the last to read on. */
static enum adapter_read feed_all(struct talk *t, const struct game_state *s, const char *lines)
{
    char copy[512];
    enum adapter_read r = ADAPTER_MORE;
    snprintf(copy, sizeof(copy), "%s", lines);
    /* strtok would skip the empty lines that end GTP answers. */
    for (char *p = copy, *bar;; p = bar + 1) {
        bar = strchr(p, '|');
        if (bar)
            *bar = '\0';
        r = feed(t, s, p);
        if (!bar)
            break;
        cr_assert_eq(r, ADAPTER_MORE, "'%s' ended the answer early: %s", p, t->out);
    }
    return r;
}

static const struct time_control per_move = {.move_ms = 1000, .first_move_ms = 5000};
static const struct time_control on_clock = {
    .move_ms = 0, .first_move_ms = 5000, .clock_ms = 60000};

Test(adapters, registry_finds_each_protocol_by_name, .timeout = 10)
{
    cr_expect_eq(adapter_find("referee"), PROTO_REFEREE);
    cr_expect_eq(adapter_find("gtp"), PROTO_GTP);
    cr_expect_eq(adapter_find("gomocup"), PROTO_GOMOCUP);
    cr_expect_eq(adapter_find("uci"), PROTO_COUNT);
    cr_expect_eq(adapter_find(""), PROTO_COUNT);
    cr_expect_str_eq(adapter_of(PROTO_GTP)->name, "gtp");
    cr_expect_not_null(adapter_of(PROTO_GOMOCUP)->renew, "a brain is kept, with RESTART");
    cr_expect_eq(adapter_find("nboard"), PROTO_NBOARD);
}

Test(adapters, referee_protocol_passes_a_reply_through_and_refuses_unasked_lines, .timeout = 10)
{
    struct talk t;
    struct game_state s;
    game_init(&s, game_find("tictactoe"), true);
    talk_start(&t, PROTO_REFEREE, false);
    cr_expect_eq(t.ad->hello(&t.a, game_def_of(&s), t.buf, sizeof(t.buf)), 0, "no handshake");
    cr_expect_eq(feed(&t, &s, "b2"), ADAPTER_REPLY);
    cr_expect_str_eq(t.out, "b2");
    cr_expect_eq(feed_stray(&t, "b2"), ADAPTER_FOUL);
    cr_expect_str_eq(t.out, "wrote when not asked \"b2\"");
    cr_expect_str_eq(written(&t, t.ad->quit(&t.a, t.buf, sizeof(t.buf))), "quit\n");
}

Test(adapters, gtp_handshake_numbers_commands_and_names_the_engine, .timeout = 10)
{
    struct talk t;
    struct game_state s;
    game_init(&s, game_find("reversi"), true);
    talk_start(&t, PROTO_GTP, false);
    cr_expect_str_eq(written(&t, t.ad->hello(&t.a, game_def_of(&s), t.buf, sizeof(t.buf))),
                     "1 protocol_version\n2 name\n3 version\n");
    cr_expect_eq(feed_all(&t, &s, "=1 2||=2 Rhino|\r|=3 1.0|"), ADAPTER_REPLY);
    cr_expect_str_eq(t.out, "Rhino 1.0", "the name and version, as the engine's");
    cr_expect_str_eq(t.a.engine, "Rhino 1.0");
    cr_expect_str_eq(written(&t, t.ad->quit(&t.a, t.buf, sizeof(t.buf))), "4 quit\n");
}

/* A GTP engine after its handshake (answered), playing side of reversi. */
static void gtp_ready(struct talk *t, struct game_state *s, bool pass_explicit)
{
    game_init(s, game_find("reversi"), true);
    talk_start(t, PROTO_GTP, pass_explicit);
    written(t, t->ad->hello(&t->a, game_def_of(s), t->buf, sizeof(t->buf)));
    cr_assert_eq(feed_all(t, s, "=1 2||=2 e||=3 1|"), ADAPTER_REPLY);
}

Test(adapters, gtp_game_and_turn_tell_the_moves_since_the_engines_last, .timeout = 10)
{
    struct talk t;
    struct game_state s;
    gtp_ready(&t, &s, false);
    struct protocol_game g = {
        .def = game_def_of(&s), .side = SIDE_SECOND, .tc = &per_move, .seed = 1};

    cr_expect_str_eq(written(&t, t.ad->game(&t.a, &g, &s, t.buf, sizeof(t.buf))),
                     "4 boardsize 8\n5 clear_board\n6 time_settings 0 1 1\n");
    test_play(&s, "d3", "black's first");
    cr_expect_str_eq(written(&t, t.ad->turn(&t.a, &s, 1500, t.buf, sizeof(t.buf))),
                     "7 play b d3\n8 time_left w 1 1\n9 genmove w\n");
    cr_expect_eq(feed_all(&t, &s, "=4||=5||=6||=7||=8||=9 C5|"), ADAPTER_REPLY);
    cr_expect_str_eq(t.out, "c5", "the move in referee's notation");

    /* Its own move is not told back; the opponent's next one is. */
    test_play(&s, "c5", "white's reply");
    test_play(&s, "e6", "black's second");
    cr_expect_str_eq(written(&t, t.ad->turn(&t.a, &s, 999, t.buf, sizeof(t.buf))),
                     "10 play b e6\n11 time_left w 0 1\n12 genmove w\n");
    cr_expect_eq(feed_all(&t, &s, "=10||=11||=12 pass|"), ADAPTER_REPLY);
    cr_expect_str_eq(t.out, "pass");
}

Test(adapters, gtp_on_a_clock_and_an_opening_told_at_the_start, .timeout = 10)
{
    struct talk t;
    struct game_state s;
    gtp_ready(&t, &s, false);
    test_play(&s, "d3", "opening");
    test_play(&s, "c5", "opening");
    struct protocol_game g = {
        .def = game_def_of(&s), .side = SIDE_FIRST, .tc = &on_clock, .seed = 1};

    cr_expect_str_eq(written(&t, t.ad->game(&t.a, &g, &s, t.buf, sizeof(t.buf))),
                     "4 boardsize 8\n5 clear_board\n6 time_settings 60 0 0\n"
                     "7 play b d3\n8 play w c5\n");
    cr_expect_str_eq(written(&t, t.ad->turn(&t.a, &s, 59001, t.buf, sizeof(t.buf))),
                     "9 time_left b 59 0\n10 genmove b\n");
}

/* s with a pass by side appended, as a game where side had no move has it. */
static void add_pass(struct game_state *s, enum side side)
{
    s->history[s->nhistory++] = (struct action){.kind = ACTION_PASS, .side = (uint8_t)side};
    s->to_move = side_other(side);
}

Test(adapters, gtp_passes_are_told_only_when_asked_to, .timeout = 10)
{
    for (int explicit = 0; explicit < 2; explicit ++) {
        struct talk t;
        struct game_state s;
        gtp_ready(&t, &s, explicit);
        struct protocol_game g = {.def = game_def_of(&s), .side = SIDE_FIRST, .tc = &per_move};
        written(&t, t.ad->game(&t.a, &g, &s, t.buf, sizeof(t.buf)));
        test_play(&s, "d3", "black");
        add_pass(&s, SIDE_SECOND);
        t.a.known = 1; /* the engine played d3 itself */
        cr_expect_str_eq(written(&t, t.ad->turn(&t.a, &s, 1000, t.buf, sizeof(t.buf))),
                         explicit ? "7 play w pass\n8 time_left b 1 1\n9 genmove b\n"
                                  : "7 time_left b 1 1\n8 genmove b\n");
    }
}

Test(adapters, gtp_fouls_say_what_the_engine_wrote_and_what_was_due, .timeout = 10)
{
    static const struct {
        const char *lines, *reason;
    } cases[] = {
        {"=5", "answered command 5 where 4 was due: \"=5\""},
        {"?4 unknown command", "answered `boardsize 8` with \"?4 unknown command\""},
        {"=4|=5", "answer not ended by an empty line: next \"=5\""},
        {"ok", "malformed GTP answer \"ok\""},
        {"x=4", "malformed GTP answer \"x=4\""},
        {"= 5 c5", "answered command 5 where 4 was due: \"= 5 c5\""},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct talk t;
        struct game_state s;
        gtp_ready(&t, &s, false);
        struct protocol_game g = {.def = game_def_of(&s), .side = SIDE_FIRST, .tc = &per_move};
        written(&t, t.ad->game(&t.a, &g, &s, t.buf, sizeof(t.buf)));
        cr_expect_eq(feed_all(&t, &s, cases[i].lines), ADAPTER_FOUL, "case %zu", i);
        cr_expect_str_eq(t.out, cases[i].reason, "case %zu", i);
    }
    struct talk t;
    struct game_state s;
    gtp_ready(&t, &s, false);
    cr_expect_eq(feed_stray(&t, "=1"), ADAPTER_FOUL);
    cr_expect_str_eq(t.out, "wrote when not asked \"=1\"");
}

/* Edax 4.6 writes `= ID text` (a space after the sign) and `= ID ` with a
 * trailing space for an empty answer; other engines write no id, a tab, or
 * CRLF. Each is the answer that is due. */
Test(adapters, gtp_answers_are_read_as_leniently_as_engines_write_them, .timeout = 10)
{
    struct talk t;
    struct game_state s;
    game_init(&s, game_find("reversi"), true);
    talk_start(&t, PROTO_GTP, false);
    written(&t, t.ad->hello(&t.a, game_def_of(&s), t.buf, sizeof(t.buf)));
    cr_expect_eq(feed_all(&t, &s, "= 1 2||= 2 Edax||= 3 4.6|"), ADAPTER_REPLY);
    cr_expect_str_eq(t.out, "Edax 4.6", "Edax's handshake, as it writes it");

    struct protocol_game g = {.def = game_def_of(&s), .side = SIDE_FIRST, .tc = &per_move};
    written(&t, t.ad->game(&t.a, &g, &s, t.buf, sizeof(t.buf)));
    written(&t, t.ad->turn(&t.a, &s, 1000, t.buf, sizeof(t.buf)));
    cr_expect_eq(feed_all(&t, &s, "= 4 ||=\t5\r|\r|=||= 7|| ="), ADAPTER_FOUL,
                 "a space before the sign is no answer");
    cr_expect_str_eq(t.out, "malformed GTP answer \" =\"");

    talk_start(&t, PROTO_GTP, false);
    written(&t, t.ad->hello(&t.a, game_def_of(&s), t.buf, sizeof(t.buf)));
    cr_expect_eq(feed_all(&t, &s, "= 2||=  rhino ||=1.0|"), ADAPTER_REPLY,
                 "no ids: each answer is the one due, a lone number its text");
    cr_expect_str_eq(t.out, "rhino 1.0");
    written(&t, t.ad->game(&t.a, &g, &s, t.buf, sizeof(t.buf)));
    written(&t, t.ad->turn(&t.a, &s, 1000, t.buf, sizeof(t.buf)));
    cr_expect_eq(feed_all(&t, &s, "=||=||=||=||= D3 |"), ADAPTER_REPLY);
    cr_expect_str_eq(t.out, "d3");

    gtp_ready(&t, &s, false);
    written(&t, t.ad->game(&t.a, &g, &s, t.buf, sizeof(t.buf)));
    cr_expect_eq(feed_all(&t, &s, "= 4 ||? 5 cannot"), ADAPTER_FOUL);
    cr_expect_str_eq(t.out, "answered `clear_board` with \"? 5 cannot\"");
}

/* Seconds are whole and rounded down: a limit under a second is 0, and the
 * clock's last 999 ms are no second. */
Test(adapters, gtp_times_are_rounded_down_never_up, .timeout = 10)
{
    static const struct time_control fast = {.move_ms = 200, .first_move_ms = 5000};
    static const struct time_control short_clock = {.first_move_ms = 5000, .clock_ms = 1999};
    struct talk t;
    struct game_state s;
    gtp_ready(&t, &s, false);
    struct protocol_game g = {.def = game_def_of(&s), .side = SIDE_FIRST, .tc = &fast};
    cr_expect_str_eq(written(&t, t.ad->game(&t.a, &g, &s, t.buf, sizeof(t.buf))),
                     "4 boardsize 8\n5 clear_board\n6 time_settings 0 0 1\n");
    cr_expect_str_eq(written(&t, t.ad->turn(&t.a, &s, 200, t.buf, sizeof(t.buf))),
                     "7 time_left b 0 1\n8 genmove b\n");
    gtp_ready(&t, &s, false);
    g.tc = &short_clock;
    cr_expect_str_eq(written(&t, t.ad->game(&t.a, &g, &s, t.buf, sizeof(t.buf))),
                     "4 boardsize 8\n5 clear_board\n6 time_settings 1 0 0\n");
    cr_expect_str_eq(written(&t, t.ad->turn(&t.a, &s, 999, t.buf, sizeof(t.buf))),
                     "7 time_left b 0 0\n8 genmove b\n");
}

Test(adapters, gomocup_handshake_reads_ok_and_the_about_line, .timeout = 10)
{
    struct talk t;
    struct game_state s;
    game_init(&s, game_find("gomoku"), true);
    talk_start(&t, PROTO_GOMOCUP, false);
    cr_expect_str_eq(written(&t, t.ad->hello(&t.a, game_def_of(&s), t.buf, sizeof(t.buf))),
                     "START 15\r\nABOUT\r\n");
    cr_expect_eq(feed(&t, &s, "OK\r"), ADAPTER_MORE);
    cr_expect_eq(feed(&t, &s, "MESSAGE loading"), ADAPTER_LOG, "a message any time");
    cr_expect_str_eq(t.out, "said \"MESSAGE loading\"");
    cr_expect_eq(feed(&t, &s, "name=\"pbrain-x\", version=\"1.2\", author=\"someone\""),
                 ADAPTER_REPLY);
    cr_expect_str_eq(t.out, "pbrain-x 1.2");

    talk_start(&t, PROTO_GOMOCUP, false);
    written(&t, t.ad->hello(&t.a, game_def_of(&s), t.buf, sizeof(t.buf)));
    cr_expect_eq(feed(&t, &s, "ok"), ADAPTER_MORE, "any case");
    cr_expect_eq(feed(&t, &s, "a brain"), ADAPTER_REPLY);
    cr_expect_str_eq(t.out, "a brain", "without a name, the line");

    talk_start(&t, PROTO_GOMOCUP, false);
    written(&t, t.ad->hello(&t.a, game_def_of(&s), t.buf, sizeof(t.buf)));
    cr_expect_eq(feed(&t, &s, "ERROR unsupported size"), ADAPTER_FOUL);
    cr_expect_str_eq(t.out, "could not start: \"ERROR unsupported size\"");

    talk_start(&t, PROTO_GOMOCUP, false);
    written(&t, t.ad->hello(&t.a, game_def_of(&s), t.buf, sizeof(t.buf)));
    cr_expect_eq(feed(&t, &s, "READY"), ADAPTER_FOUL);
    cr_expect_str_eq(t.out, "answered START with \"READY\"");
    cr_expect_str_eq(written(&t, t.ad->quit(&t.a, t.buf, sizeof(t.buf))), "END\r\n");
}

/* A brain after its handshake, in a gomoku game of side, its INFO lines read. */
static void gomocup_ready(struct talk *t, struct game_state *s, const char *game, enum side side,
                          const struct time_control *tc)
{
    game_init(s, game_find(game), true);
    talk_start(t, PROTO_GOMOCUP, false);
    written(t, t->ad->hello(&t->a, game_def_of(s), t->buf, sizeof(t->buf)));
    cr_assert_eq(feed_all(t, s, "OK|name=\"b\""), ADAPTER_REPLY);
    struct protocol_game g = {.def = game_def_of(s), .side = side, .tc = tc};
    written(t, t->ad->game(&t->a, &g, s, t->buf, sizeof(t->buf)));
    t->a.clock_left_ms = tc->clock_ms ? tc->clock_ms : -1; /* as the match sets it */
}

Test(adapters, gomocup_game_says_the_limits_and_the_rule, .timeout = 10)
{
    struct talk t;
    struct game_state s;
    gomocup_ready(&t, &s, "gomoku", SIDE_FIRST, &per_move);
    cr_expect_str_eq(t.buf, "INFO timeout_turn 1000\r\nINFO timeout_match 0\r\n"
                            "INFO max_memory 0\r\nINFO game_type 1\r\nINFO rule 0\r\n");
    gomocup_ready(&t, &s, "gomoku-standard", SIDE_FIRST, &on_clock);
    cr_expect_str_eq(t.buf, "INFO timeout_turn 2147483647\r\nINFO timeout_match 60000\r\n"
                            "INFO max_memory 0\r\nINFO game_type 1\r\nINFO rule 1\r\n");
    gomocup_ready(&t, &s, "gomoku-renju", SIDE_FIRST, &per_move);
    cr_expect(strstr(t.buf, "INFO rule 4\r\n"), "renju is rule 4: %s", t.buf);
}

Test(adapters, gomocup_begin_then_turn_with_the_opponents_move_in_0_based_x_y, .timeout = 10)
{
    struct talk t;
    struct game_state s;
    gomocup_ready(&t, &s, "gomoku", SIDE_FIRST, &per_move);
    cr_expect_str_eq(written(&t, t.ad->turn(&t.a, &s, 1000, t.buf, sizeof(t.buf))),
                     "INFO time_left 2147483647\r\nBEGIN\r\n");
    cr_expect_eq(feed(&t, &s, "7,7\r"), ADAPTER_REPLY);
    cr_expect_str_eq(t.out, "h8", "x the column, y the row, from 0");
    test_play(&s, "h8", "its move");
    test_play(&s, "a1", "the opponent's");
    cr_expect_str_eq(written(&t, t.ad->turn(&t.a, &s, 0, t.buf, sizeof(t.buf))),
                     "INFO time_left 2147483647\r\nTURN 0,0\r\n");
    cr_expect_eq(feed(&t, &s, " 14 , 3 "), ADAPTER_REPLY);
    cr_expect_str_eq(t.out, "o4");
}

Test(adapters, gomocup_board_lists_an_opening_in_order_own_stones_1, .timeout = 10)
{
    struct talk t;
    struct game_state s;
    gomocup_ready(&t, &s, "gomoku", SIDE_SECOND, &per_move);
    test_play(&s, "h8", "opening");
    test_play(&s, "i9", "opening");
    test_play(&s, "g7", "opening");
    cr_expect_str_eq(written(&t, t.ad->turn(&t.a, &s, 500, t.buf, sizeof(t.buf))),
                     "INFO time_left 2147483647\r\nBOARD\r\n7,7,2\r\n8,8,1\r\n6,6,2\r\nDONE\r\n");
}

Test(adapters, gomocup_replies_that_are_not_squares_go_to_the_judge_as_written, .timeout = 10)
{
    struct talk t;
    struct game_state s;
    gomocup_ready(&t, &s, "gomoku", SIDE_FIRST, &per_move);
    written(&t, t.ad->turn(&t.a, &s, 1000, t.buf, sizeof(t.buf)));
    static const char *raw[] = {"7;7", "7,", "26,1", "x,y", "7,7,1"};
    for (size_t i = 0; i < sizeof(raw) / sizeof(raw[0]); i++) {
        cr_expect_eq(feed(&t, &s, raw[i]), ADAPTER_REPLY, "%s", raw[i]);
        cr_expect_str_eq(t.out, raw[i]);
    }
    cr_expect_eq(feed(&t, &s, "20,20"), ADAPTER_REPLY);
    cr_expect_str_eq(t.out, "u21", "off the board, still a square, for the rules to refuse");
    cr_expect_eq(feed_stray(&t, "DEBUG eval 12"), ADAPTER_LOG);
    cr_expect_eq(feed_stray(&t, "7,7"), ADAPTER_FOUL);
    cr_expect_str_eq(t.out, "wrote when not asked \"7,7\"");
    cr_expect_eq(feed(&t, &s, "UNKNOWN command"), ADAPTER_FOUL);
    cr_expect_str_eq(t.out, "answered \"UNKNOWN command\"");
}

/* A talk whose bot has engine options key=value, each "KEY=VALUE". */
static void talk_with_options(struct talk *t, enum proto proto, const char *const *settings,
                              char (*store)[64])
{
    struct adapter_options opt = {.proto = proto};
    for (int i = 0; settings[i]; i++) {
        snprintf(store[i], 64, "%s", settings[i]);
        char *eq = strchr(store[i], '=');
        *eq = '\0';
        opt.option[opt.noptions++] = (struct adapter_option){store[i], eq + 1};
    }
    t->ad = adapter_of(proto);
    adapter_reset(&t->a, &opt);
}

Test(adapters, engine_options_go_out_in_each_protocols_own_way, .timeout = 10)
{
    static const char *const settings[] = {"Hash=64", "ponder=", NULL};
    char store[2][64];
    struct talk t;
    struct game_state s;

    game_init(&s, game_find("reversi"), true);
    talk_with_options(&t, PROTO_GTP, settings, store);
    cr_expect_str_eq(written(&t, t.ad->hello(&t.a, game_def_of(&s), t.buf, sizeof(t.buf))),
                     "1 protocol_version\n2 name\n3 version\n4 Hash 64\n5 ponder\n",
                     "GTP: a command each, after the handshake's");
    cr_expect_eq(feed_all(&t, &s, "=1 2||=2 e||=3 1||=4|"), ADAPTER_MORE, "one answer still due");
    cr_expect_eq(feed_all(&t, &s, "=5|"), ADAPTER_REPLY);
    talk_with_options(&t, PROTO_GTP, settings, store);
    written(&t, t.ad->hello(&t.a, game_def_of(&s), t.buf, sizeof(t.buf)));
    cr_expect_eq(feed_all(&t, &s, "=1 2||=2 e||=3 1||?4 unknown command"), ADAPTER_FOUL);
    cr_expect_str_eq(t.out, "answered `Hash 64` with \"?4 unknown command\"",
                     "a refused option fails the start, naming it");

    game_init(&s, game_find("gomoku"), true);
    talk_with_options(&t, PROTO_GOMOCUP, settings, store);
    written(&t, t.ad->hello(&t.a, game_def_of(&s), t.buf, sizeof(t.buf)));
    cr_assert_eq(feed_all(&t, &s, "OK|name=\"b\""), ADAPTER_REPLY);
    struct protocol_game g = {.def = game_def_of(&s), .side = SIDE_FIRST, .tc = &per_move};
    cr_expect_str_eq(written(&t, t.ad->game(&t.a, &g, &s, t.buf, sizeof(t.buf))),
                     "INFO timeout_turn 1000\r\nINFO timeout_match 0\r\n"
                     "INFO max_memory 0\r\nINFO game_type 1\r\nINFO rule 0\r\n"
                     "INFO Hash 64\r\nINFO ponder\r\n",
                     "Gomocup: INFO lines after the standard ones");

    game_init(&s, game_find("tictactoe"), true);
    talk_with_options(&t, PROTO_REFEREE, settings, store);
    g = (struct protocol_game){.def = game_def_of(&s), .side = SIDE_FIRST, .tc = &per_move};
    cr_expect_str_eq(written(&t, t.ad->game(&t.a, &g, &s, t.buf, sizeof(t.buf))),
                     "option Hash 64\noption ponder\n"
                     "game 1 tictactoe o first o movetime 1000 firstmove 5000 seed 0\n",
                     "referee's: option lines before the game line");
}

Test(adapters, each_protocol_plays_only_the_games_its_moves_can_say, .timeout = 10)
{
    static const struct {
        const char *game;
        bool referee, gtp, gomocup;
    } cases[] = {
        {"tictactoe", true, false, false},       /* c2 is row c: GTP's letter is the column */
        {"connect4", true, false, false},        /* a column, not a vertex */
        {"reversi", true, true, false},          /* GTP's Othello engines; no five in a row */
        {"gomoku", true, false, true},           /* 15 columns: GTP skips the letter I */
        {"gomoku-standard", true, false, true},  /* exactly five: INFO rule 1 */
        {"gomoku-freestyle", true, false, true}, /* 20 x 20 */
    };
    for (int p = 0; p < PROTO_COUNT; p++) {
        const struct adapter *ad = adapter_of((enum proto)p);
        cr_expect_not_null(ad->plays, "%s says which games it plays", ad->name);
        /* The game play and doctor pick for it when none is named. */
        const struct game_def *usual = ad->usual_game ? game_find(ad->usual_game) : NULL;
        cr_expect(usual && ad->plays(usual), "%s has a usual game it plays", ad->name);
    }
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const struct game_def *def = game_find(cases[i].game);
        cr_assert_not_null(def, "%s", cases[i].game);
        cr_expect_eq(adapter_of(PROTO_REFEREE)->plays(def), cases[i].referee, "%s", def->name);
        cr_expect_eq(adapter_of(PROTO_GTP)->plays(def), cases[i].gtp, "%s", def->name);
        cr_expect_eq(adapter_of(PROTO_GOMOCUP)->plays(def), cases[i].gomocup, "%s", def->name);
    }
}

Test(adapters, engine_names_are_kept_whole_up_to_256_bytes_escaped, .timeout = 10)
{
    struct talk t;
    struct game_state s;
    /* Rapfi's ABOUT, its version 49 characters long. */
    const char *version = "2024.08.04 (AVX2, rapfi-engine build 1234abcd-x86)";
    char about[256], expected[320], line[600];

    game_init(&s, game_find("gomoku"), true);
    talk_start(&t, PROTO_GOMOCUP, false);
    written(&t, t.ad->hello(&t.a, game_def_of(&s), t.buf, sizeof(t.buf)));
    snprintf(about, sizeof(about), "name=\"Rapfi\", version=\"%s\", author=\"Rapfi\"", version);
    cr_assert_eq(feed_all(&t, &s, "OK"), ADAPTER_MORE);
    cr_expect_eq(feed(&t, &s, about), ADAPTER_REPLY);
    snprintf(expected, sizeof(expected), "Rapfi %s", version);
    cr_expect_str_eq(t.a.engine, expected);

    talk_start(&t, PROTO_GOMOCUP, false);
    written(&t, t.ad->hello(&t.a, game_def_of(&s), t.buf, sizeof(t.buf)));
    cr_assert_eq(feed_all(&t, &s, "OK"), ADAPTER_MORE);
    memset(line, 'v', sizeof(line));
    int k = snprintf(line, sizeof(line), "name=\"Long\", version=\"");
    line[k] = 'v';
    line[k + 300] = '"';
    line[k + 301] = '\0';
    cr_expect_eq(feed(&t, &s, line), ADAPTER_REPLY);
    cr_expect_eq(strlen(t.a.engine), ADAPTER_ENGINE_MAX, "a version too long is cut, not dropped");
    cr_expect_eq(strncmp(t.a.engine, "Long vvv", 8), 0, "%s", t.a.engine);

    game_init(&s, game_find("reversi"), true);
    talk_start(&t, PROTO_GTP, false);
    written(&t, t.ad->hello(&t.a, game_def_of(&s), t.buf, sizeof(t.buf)));
    cr_assert_eq(feed_all(&t, &s, "=1 2||=2 Edax\tengine|"), ADAPTER_MORE);
    memset(line, 'v', sizeof(line));
    memcpy(line, "=3 ", 3);
    line[sizeof(line) - 1] = '\0';
    cr_assert_eq(feed(&t, &s, line), ADAPTER_MORE);
    cr_assert_eq(feed(&t, &s, ""), ADAPTER_REPLY);
    cr_expect_eq(strlen(t.a.engine), ADAPTER_ENGINE_MAX, "cut at the limit");
    cr_expect_eq(strncmp(t.a.engine, "Edax\\tengine vvv", 16), 0, "escaped: %s", t.a.engine);
}

/* What a brain may answer as the protocol's text allows: ABOUT's UNKNOWN (no
 * name), empty lines (ignored), SUGGEST (answered PLAY, whose answer is the
 * move); and RESTART's answers. */
Test(adapters, gomocup_reads_what_the_protocol_allows_a_brain, .timeout = 10)
{
    struct talk t;
    struct game_state s;
    game_init(&s, game_find("gomoku"), true);
    talk_start(&t, PROTO_GOMOCUP, false);
    written(&t, t.ad->hello(&t.a, game_def_of(&s), t.buf, sizeof(t.buf)));
    cr_expect_eq(feed(&t, &s, ""), ADAPTER_LOG, "an empty line is ignored");
    cr_expect_str_eq(t.out, "", "and not noted");
    cr_expect_eq(feed(&t, &s, "OK"), ADAPTER_MORE);
    cr_expect_eq(feed(&t, &s, ""), ADAPTER_LOG);
    cr_expect_eq(feed(&t, &s, "UNKNOWN unknown command"), ADAPTER_REPLY);
    cr_expect_str_eq(t.out, "no name: ABOUT answered \"UNKNOWN unknown command\"");
    cr_expect_str_eq(t.a.engine, "");

    gomocup_ready(&t, &s, "gomoku", SIDE_FIRST, &per_move);
    written(&t, t.ad->turn(&t.a, &s, 1000, t.buf, sizeof(t.buf)));
    cr_expect_eq(feed(&t, &s, "SUGGEST 7,7"), ADAPTER_SEND);
    cr_expect_str_eq(t.out, "PLAY 7,7\r\n");
    cr_expect_eq(feed(&t, &s, "MESSAGE sure"), ADAPTER_LOG);
    cr_expect_eq(feed(&t, &s, "SUGGEST 7,8"), ADAPTER_FOUL, "one suggestion a turn");
    cr_expect_str_eq(t.out, "answered PLAY with \"SUGGEST 7,8\"");
    cr_expect_eq(feed(&t, &s, "7,7"), ADAPTER_REPLY, "the answer to PLAY is the move");
    cr_expect_str_eq(t.out, "h8");
    test_play(&s, "h8", "its move");
    test_play(&s, "a1", "the opponent's");
    written(&t, t.ad->turn(&t.a, &s, 1000, t.buf, sizeof(t.buf)));
    cr_expect_eq(feed(&t, &s, "SUGGEST here"), ADAPTER_FOUL);
    cr_expect_str_eq(t.out, "suggested no square: \"SUGGEST here\"");

    cr_expect_str_eq(written(&t, t.ad->renew(&t.a, t.buf, sizeof(t.buf))), "RESTART\r\n");
    cr_expect_eq(feed(&t, &s, ""), ADAPTER_LOG);
    cr_expect_eq(feed(&t, &s, "MESSAGE clearing"), ADAPTER_LOG);
    cr_expect_eq(feed(&t, &s, "ok"), ADAPTER_REPLY);
    written(&t, t.ad->renew(&t.a, t.buf, sizeof(t.buf)));
    cr_expect_eq(feed(&t, &s, "UNKNOWN"), ADAPTER_FOUL);
    cr_expect_str_eq(t.out, "answered RESTART with \"UNKNOWN\"");
}

/* max_memory is what the bot may use, in bytes (the player sets it from
 * --memory); 0 only without a limit. */
Test(adapters, gomocup_max_memory_is_the_limit_in_bytes, .timeout = 10)
{
    struct talk t;
    struct game_state s;
    game_init(&s, game_find("gomoku"), true);
    struct adapter_options opt = {.proto = PROTO_GOMOCUP, .memory_bytes = 256LL << 20};
    t.ad = adapter_of(PROTO_GOMOCUP);
    adapter_reset(&t.a, &opt);
    struct protocol_game g = {.def = game_def_of(&s), .side = SIDE_FIRST, .tc = &per_move};
    cr_expect(strstr(written(&t, t.ad->game(&t.a, &g, &s, t.buf, sizeof(t.buf))),
                     "INFO max_memory 268435456\r\n"),
              "%s", t.buf);
}
