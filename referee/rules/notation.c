/* notation.c: moves and boards as text, strict in what it reads. */
#include "notation.h"
#include "decimal.h"

#include <stdio.h>
#include <string.h>

static int mark_side(const struct game_def *def, char c)
{
    if (c == def->marks[0])
        return SIDE_FIRST;
    if (c == def->marks[1])
        return SIDE_SECOND;
    return -1;
}

/* The one rule for a square's number: decimal digits without a leading zero
 * (0 itself is written "0"), the whole rest of the text. Any such number names
 * a square, on the board or not: the rules rule off-board ones `no such
 * square`. One that does not fit an action is kept as NOTATION_FAR, beyond any
 * board. Returns the number, or -1 if t is not one. */
static int parse_number(const char *t)
{
    int n = 0;

    if (t[0] < '0' || t[0] > '9' || (t[0] == '0' && t[1] != '\0'))
        return -1;
    for (; *t; t++) {
        if (*t < '0' || *t > '9')
            return -1;
        if (n <= NOTATION_FAR)
            n = n * 10 + (*t - '0');
    }
    return n > NOTATION_FAR ? NOTATION_FAR : n;
}

/* A square: its number alone in column games, else a letter a-z then its
 * number. Coordinates are the number less one, so "a0" is row or column -1. */
static int parse_square(const struct game_def *def, const char *t, struct action *a)
{
    if (def->squares == SQUARES_COLUMN) {
        int n = parse_number(t);
        if (n < 0)
            return -1;
        a->row = -1;
        a->col = (int8_t)(n - 1);
        return 0;
    }
    if (t[0] < 'a' || t[0] > 'z')
        return -1;
    int n = parse_number(t + 1);
    if (n < 0)
        return -1;
    int letter = t[0] - 'a';
    if (def->squares == SQUARES_ROW_LETTER) {
        a->row = (int8_t)letter;
        a->col = (int8_t)(n - 1);
    } else {
        a->col = (int8_t)letter;
        a->row = (int8_t)(n - 1);
    }
    return 0;
}

int notation_parse_move(const struct game_state *s, const char *text, struct action *out,
                        const char **why)
{
    const struct game_def *def = game_def_of(s);
    struct action a = {.kind = ACTION_MOVE, .side = s->to_move};

    /* A square ("c2", "4", "o15") as bots write them: no word, and no mark
     * ("x:"), has a digit in its first two bytes. */
    if ((text[0] >= '0' && text[0] <= '9' && text[1] != ':') ||
        (text[0] && text[1] >= '0' && text[1] <= '9')) {
        if (parse_square(def, text, &a) < 0)
            goto not_a_square;
        *out = a;
        return 0;
    }
    if (strcmp(text, "abort") == 0) {
        *out = (struct action){.kind = ACTION_ABORT, .side = s->to_move};
        return 0;
    }
    if (text[0] != '\0' && text[1] == ':') {
        int side = mark_side(def, text[0]);
        if (side < 0) {
            *why = "unknown mark";
            return -1;
        }
        a.side = (uint8_t)side;
        text += 2;
    }
    if (strcmp(text, "resign") == 0) {
        a.kind = ACTION_RESIGN;
    } else if (strcmp(text, "forfeit") == 0) {
        a.kind = ACTION_FORFEIT; /* in records: the foul's kind is kept beside them */
    } else if (strcmp(text, "pass") == 0) {
        if (!def->has_pass) {
            *why = "this game has no pass";
            return -1;
        }
        a.kind = ACTION_PASS;
    } else if (parse_square(def, text, &a) < 0) {
        goto not_a_square;
    }
    *out = a;
    return 0;
not_a_square:
    *why = def->squares == SQUARES_COLUMN       ? "expected a column number such as 4"
           : def->squares == SQUARES_ROW_LETTER ? "expected a square such as c2"
                                                : "expected a square such as d3";
    return -1;
}

size_t notation_put_move(const struct game_def *def, struct action a, bool with_mark, char *out)
{
    static const char *const words[] = {[ACTION_PASS] = "pass",
                                        [ACTION_RESIGN] = "resign",
                                        [ACTION_FORFEIT] = "forfeit",
                                        [ACTION_ABORT] = "abort"};
    size_t k = 0;

    /* By hand, not printf: this is on every turn line of every game. */
    if (with_mark && a.side < 2 && a.kind != ACTION_ABORT) {
        out[k++] = def->marks[a.side];
        out[k++] = ':';
    }
    if (a.kind != ACTION_MOVE) {
        const char *w =
            a.kind < sizeof(words) / sizeof(words[0]) && words[a.kind] ? words[a.kind] : "?";
        size_t n = strlen(w);
        memcpy(out + k, w, n);
        k += n;
    } else if (def->squares == SQUARES_COLUMN) {
        k += decimal_int(out + k, a.col + 1);
    } else {
        int letter = def->squares == SQUARES_ROW_LETTER ? a.row : a.col;
        int number = def->squares == SQUARES_ROW_LETTER ? a.col : a.row;
        out[k++] = (char)('a' + letter);
        k += decimal_int(out + k, number + 1);
    }
    out[k] = '\0';
    return k;
}

char *notation_format_move(const struct game_def *def, struct action a, bool with_mark, char *buf,
                           size_t len)
{
    char text[GAME_MOVE_TEXT];
    size_t n = notation_put_move(def, a, with_mark, text);

    if (len == 0)
        return buf;
    if (n >= len)
        n = len - 1;
    memcpy(buf, text, n);
    buf[n] = '\0';
    return buf;
}

int notation_parse_board(const struct game_def *def, const char *text, bool early_draw,
                         struct game_state *out, const char **why)
{
    struct game_state s;
    const char *p = text;

    game_init(&s, def, early_draw);
    if (*p++ != '[') {
        *why = "a board starts with '['";
        return -1;
    }
    for (int r = 0; r < def->rows; r++) {
        for (int c = 0; c < def->cols; c++) {
            int mark = *p == '-' ? -1 : mark_side(def, *p);
            if (*p == '\0' || (*p != '-' && mark < 0)) {
                *why = "expected a mark or '-' in every square";
                return -1;
            }
            def->set(&s, r, c, mark);
            p++;
        }
        if (*p++ != (r == def->rows - 1 ? ']' : ',')) {
            *why = "wrong number of rows or columns";
            return -1;
        }
    }
    s.to_move = SIDE_NONE;
    if (*p == ' ') {
        int side = mark_side(def, p[1]);
        if (side < 0 || p[2] != '\0') {
            *why = "expected the mark of the side to move after the board";
            return -1;
        }
        s.to_move = (uint8_t)side;
    } else if (*p != '\0') {
        *why = "unexpected text after the board";
        return -1;
    }
    bool side_given = s.to_move != SIDE_NONE;
    if (!def->settle(&s)) {
        /* Where counts cannot tell who moves (passes), the side must be given. */
        *why = !side_given && def->has_pass
                   ? "give the mark of the side to move after the board, as in '[...] x'"
                   : "this position cannot arise in the game";
        return -1;
    }
    *out = s;
    return 0;
}

char *notation_format_board(const struct game_state *s, char *buf, size_t len)
{
    const struct game_def *def = game_def_of(s);
    size_t n = 0;

    if (len < (size_t)(def->rows * (def->cols + 1) + 2)) {
        if (len)
            buf[0] = '\0';
        return buf;
    }
    buf[n++] = '[';
    for (int r = 0; r < def->rows; r++) {
        for (int c = 0; c < def->cols; c++) {
            int m = def->at(s, r, c);
            buf[n++] = m < 0 ? '-' : def->marks[m];
        }
        buf[n++] = r == def->rows - 1 ? ']' : ',';
    }
    buf[n] = '\0';
    return buf;
}

char *notation_format_history(const struct game_state *s, char *buf, size_t len)
{
    const struct game_def *def = game_def_of(s);
    size_t n = 0;

    if (len == 0)
        return buf;
    /* By hand: a row of games.csv has one per game. */
    for (int i = 0; i < s->nhistory; i++) {
        char m[GAME_MOVE_TEXT];
        size_t k = notation_put_move(def, s->history[i], true, m);
        if (n + k + (i > 0) + 1 > len)
            break;
        if (i > 0)
            buf[n++] = ' ';
        memcpy(buf + n, m, k);
        n += k;
    }
    buf[n] = '\0';
    return buf;
}
