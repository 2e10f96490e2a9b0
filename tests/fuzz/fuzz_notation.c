/* fuzz_notation.c: libFuzzer harness for notation.h. For every game, the input's
 * first line is read as a board and the rest as a move; what parses must format
 * and parse back to the same value, and the rules must agree with the legal list. */
#include "fuzz.h"
#include "game.h"
#include "notation.h"

#include <string.h>

static bool is_same_action(struct action a, struct action b)
{
    return a.kind == b.kind && a.side == b.side && a.row == b.row && a.col == b.col &&
           a.foul == b.foul;
}

static void check_same_state(const struct game_state *a, const struct game_state *b)
{
    const struct game_def *def = game_def_of(a);

    FUZZ_CHECK(a->game == b->game && a->early_draw == b->early_draw);
    FUZZ_CHECK(a->to_move == b->to_move && a->winner == b->winner);
    FUZZ_CHECK(a->end == b->end && a->foul == b->foul);
    FUZZ_CHECK(a->nhistory == b->nhistory && a->plies == b->plies);
    for (int r = 0; r < def->rows; r++)
        for (int c = 0; c < def->cols; c++)
            FUZZ_CHECK(def->at(a, r, c) == def->at(b, r, c));
}

static bool is_legal(const struct game_state *s, struct action a)
{
    struct action moves[GAME_MAX_SQUARES + 1];
    int n = game_legal(s, moves);

    for (int i = 0; i < n; i++)
        if (is_same_action(moves[i], a))
            return true;
    return false;
}

/* Play a in s (a copy): a legal move never fouls, any other move or pass does. */
static void check_step(const struct game_state *s, struct action a)
{
    struct game_state t = *s;
    char buf[GAME_MAX_PLIES * GAME_MOVE_TEXT];
    bool counted = game_step(&t, a);

    FUZZ_CHECK(counted == !game_is_over(s));
    if (!counted)
        return;
    FUZZ_CHECK(t.nhistory == s->nhistory + 1);
    FUZZ_CHECK(is_same_action(t.history[t.nhistory - 1], a));
    if (a.kind == ACTION_MOVE || a.kind == ACTION_PASS) {
        bool legal = a.side == s->to_move && is_legal(s, a);
        FUZZ_CHECK(legal == (t.end != END_FOUL));
        FUZZ_CHECK(legal == (t.plies == s->plies + 1));
    } else {
        FUZZ_CHECK(game_is_over(&t));
    }
    game_reason(&t, buf, sizeof(buf));
    notation_format_history(&t, buf, sizeof(buf));
    FUZZ_CHECK(strlen(buf) < sizeof(buf));
}

/* Parse text as a move in s; if it is one, its text with and without the mark
 * must read back the same. */
static void check_move(const struct game_state *s, const char *text)
{
    const struct game_def *def = game_def_of(s);
    const char *why = NULL;
    struct action a, b;
    char buf[64];

    if (notation_parse_move(s, text, &a, &why) < 0) {
        FUZZ_CHECK(why != NULL);
        return;
    }
    FUZZ_CHECK(a.kind <= ACTION_ABORT && a.side < SIDE_NONE && a.foul == FOUL_NONE);
    bool has_mark = text[0] != '\0' && text[1] == ':';
    for (int with_mark = 0; with_mark < 2; with_mark++) {
        notation_format_move(def, a, with_mark, buf, sizeof(buf));
        FUZZ_CHECK(strlen(buf) < GAME_MOVE_TEXT);
        /* The parser is strict: what it accepts is already the canonical text,
         * but for a square's number above NOTATION_FAR, which reads as it. */
        bool far =
            a.kind == ACTION_MOVE && (a.row == NOTATION_FAR - 1 || a.col == NOTATION_FAR - 1);
        if ((with_mark == has_mark || a.kind == ACTION_ABORT) && !far)
            FUZZ_CHECK(strcmp(buf, text) == 0);
        why = NULL;
        FUZZ_CHECK(notation_parse_move(s, buf, &b, &why) == 0);
        struct action expect = a;
        if (!with_mark)
            expect.side = s->to_move;
        FUZZ_CHECK(is_same_action(b, expect));
    }
    check_step(s, a);
}

/* Parse text as a board; if it is one, its canonical text must read back the
 * same, and every legal move in it must format, parse and play. */
static void check_board(const struct game_def *def, const char *text, bool early_draw,
                        const char *move)
{
    struct game_state s, t;
    struct action moves[GAME_MAX_SQUARES + 1];
    const char *why = NULL;
    char buf[GAME_BOARD_TEXT + 4];

    if (notation_parse_board(def, text, early_draw, &s, &why) < 0) {
        FUZZ_CHECK(why != NULL);
        return;
    }
    FUZZ_CHECK(s.to_move < SIDE_NONE && s.nhistory == 0 && s.early_draw == early_draw);
    FUZZ_CHECK(game_def_of(&s) == def);
    FUZZ_CHECK(game_is_over(&s) || s.winner == SIDE_NONE);
    notation_format_board(&s, buf, GAME_BOARD_TEXT);
    size_t n = strlen(buf);
    FUZZ_CHECK(n == (size_t)(def->rows * (def->cols + 1) + 1));
    /* The parser is strict: what it accepts is the canonical text, and a side if given. */
    FUZZ_CHECK(strncmp(text, buf, n) == 0);
    FUZZ_CHECK(text[n] == '\0' || (text[n] == ' ' && text[n + 1] == def->marks[s.to_move]));

    buf[n] = ' ';
    buf[n + 1] = def->marks[s.to_move];
    buf[n + 2] = '\0';
    why = NULL;
    FUZZ_CHECK(notation_parse_board(def, buf, early_draw, &t, &why) == 0);
    check_same_state(&s, &t);
    buf[n] = '\0';
    if (!def->has_pass) { /* the counts tell whose turn it is */
        FUZZ_CHECK(notation_parse_board(def, buf, early_draw, &t, &why) == 0);
        check_same_state(&s, &t);
    }

    int count = game_legal(&s, moves);
    FUZZ_CHECK(count >= 0 && count <= GAME_MAX_SQUARES + 1);
    FUZZ_CHECK((count == 0) == game_is_over(&s));
    for (int i = 0; i < count; i++) {
        char m[GAME_MOVE_TEXT];
        struct action b;
        FUZZ_CHECK(moves[i].side == s.to_move);
        notation_format_move(def, moves[i], false, m, sizeof(m));
        FUZZ_CHECK(notation_parse_move(&s, m, &b, &why) == 0);
        FUZZ_CHECK(is_same_action(b, moves[i]));
        check_step(&s, moves[i]);
    }
    check_move(&s, move);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_strdup(data, size);
    char *nl = strchr(text, '\n');
    const char *board = text, *move = nl ? nl + 1 : text;
    size_t ngames;
    const struct game_def *const *games = game_registry(&ngames);

    if (nl)
        *nl = '\0';
    for (size_t g = 0; g < ngames; g++) {
        struct game_state s;
        struct action first[GAME_MAX_SQUARES + 1];

        game_init(&s, games[g], true);
        check_move(&s, move);
        check_move(&s, board);
        /* The same with the second side to move. */
        FUZZ_CHECK(game_legal(&s, first) >= 1);
        FUZZ_CHECK(game_step(&s, first[0]) && s.to_move == SIDE_SECOND);
        check_move(&s, move);
        for (int early = 0; early < 2; early++)
            check_board(games[g], board, early, move);
    }
    free(text);
    return 0;
}
