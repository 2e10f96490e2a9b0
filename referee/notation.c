/* notation.c: moves and boards as text, strict in what it reads. */
#include "notation.h"

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

/* A number 1..99 without leading zero, the whole rest of the text. */
static int parse_number(const char *t)
{
    if (t[0] < '1' || t[0] > '9')
        return -1;
    if (t[1] == '\0')
        return t[0] - '0';
    if (t[1] < '0' || t[1] > '9' || t[2] != '\0')
        return -1;
    return (t[0] - '0') * 10 + (t[1] - '0');
}

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
        *why = def->squares == SQUARES_COLUMN       ? "expected a column number such as 4"
               : def->squares == SQUARES_ROW_LETTER ? "expected a square such as c2"
                                                    : "expected a square such as d3";
        return -1;
    }
    *out = a;
    return 0;
}

char *notation_format_move(const struct game_def *def, struct action a, bool with_mark, char *buf,
                           size_t len)
{
    char prefix[3] = "";

    if (with_mark && a.side < 2)
        snprintf(prefix, sizeof(prefix), "%c:", def->marks[a.side]);
    switch ((enum action_kind)a.kind) {
    case ACTION_ABORT: snprintf(buf, len, "abort"); break;
    case ACTION_RESIGN: snprintf(buf, len, "%sresign", prefix); break;
    case ACTION_FORFEIT: snprintf(buf, len, "%sforfeit", prefix); break;
    case ACTION_PASS: snprintf(buf, len, "%spass", prefix); break;
    case ACTION_MOVE:
        if (def->squares == SQUARES_COLUMN)
            snprintf(buf, len, "%s%d", prefix, a.col + 1);
        else if (def->squares == SQUARES_ROW_LETTER)
            snprintf(buf, len, "%s%c%d", prefix, 'a' + a.row, a.col + 1);
        else
            snprintf(buf, len, "%s%c%d", prefix, 'a' + a.col, a.row + 1);
        break;
    }
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

    if (len)
        buf[0] = '\0';
    for (int i = 0; i < s->nhistory; i++) {
        char m[GAME_MOVE_TEXT];
        notation_format_move(def, s->history[i], true, m, sizeof(m));
        size_t k = strlen(m) + (i > 0);
        if (n + k + 1 > len)
            break;
        n += (size_t)snprintf(buf + n, len - n, "%s%s", i > 0 ? " " : "", m);
    }
    return buf;
}
