/* protocol.c: formatting referee's lines and reading bots' replies. */
#include "protocol.h"
#include "notation.h"
#include "decimal.h"
#include "escape.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Lines are appended by hand rather than with printf: a game has a few per
 * bot, and a move one. Each appender adds to buf at *n and returns false
 * once the text no longer fits (then *n is len). */
static bool put(char *buf, size_t len, size_t *n, const char *text)
{
    size_t k = strlen(text);

    if (*n >= len || k >= len - *n) {
        *n = len;
        return false;
    }
    memcpy(buf + *n, text, k + 1);
    *n += k;
    return true;
}

static bool put_number(char *buf, size_t len, size_t *n, long long v)
{
    char text[24];
    text[decimal_int(text, v)] = '\0';
    return put(buf, len, n, text);
}

static bool put_unsigned(char *buf, size_t len, size_t *n, unsigned long long u)
{
    char text[24];
    text[decimal_uint(text, u)] = '\0';
    return put(buf, len, n, text);
}

static bool put_mark(char *buf, size_t len, size_t *n, char mark)
{
    char text[2] = {mark, '\0'};
    return put(buf, len, n, text);
}

int protocol_format_game(char *buf, size_t len, const struct protocol_game *g)
{
    const struct game_def *def = g->def;
    const struct time_control *tc = g->tc;
    size_t n = 0;

    put(buf, len, &n, "game ");
    put_number(buf, len, &n, PROTOCOL_VERSION);
    put(buf, len, &n, " ");
    put(buf, len, &n, def->name);
    put(buf, len, &n, " ");
    put_mark(buf, len, &n, def->marks[g->side]);
    put(buf, len, &n, " first ");
    put_mark(buf, len, &n, def->marks[SIDE_FIRST]);
    if (tc->move_ms) {
        put(buf, len, &n, " movetime ");
        put_number(buf, len, &n, tc->move_ms);
    }
    if (tc->first_move_ms) {
        put(buf, len, &n, " firstmove ");
        put_number(buf, len, &n, tc->first_move_ms);
    }
    if (tc->clock_ms) {
        put(buf, len, &n, " clock ");
        put_number(buf, len, &n, tc->clock_ms);
        put(buf, len, &n, " increment ");
        put_number(buf, len, &n, tc->increment_ms);
    }
    put(buf, len, &n, " seed ");
    put_unsigned(buf, len, &n, g->seed);
    if (g->id > 0) {
        put(buf, len, &n, " id ");
        put_number(buf, len, &n, g->id);
    }
    return put(buf, len, &n, "\n") ? (int)n : -1;
}

int protocol_format_turn(char *buf, size_t len, const struct game_state *s, int time_ms)
{
    const struct game_def *def = game_def_of(s);
    struct action moves[GAME_MAX_SQUARES + 1];
    size_t n = 0;

    /* Appended by hand rather than with printf: one of these goes out per move.
     * The longest (gomoku) is far below PROTOCOL_LINE_MAX, checked as we go. */
    if (len < GAME_BOARD_TEXT + 64)
        return -1;
    memcpy(buf, "turn board ", 11);
    n = 11;
    notation_format_board(s, buf + n, GAME_BOARD_TEXT);
    n += strlen(buf + n);
    memcpy(buf + n, " last ", 6);
    n += 6;
    if (s->nhistory) {
        n += notation_put_move(def, s->history[s->nhistory - 1], true, buf + n);
    } else {
        memcpy(buf + n, "none", 4);
        n += 4;
    }
    memcpy(buf + n, " time ", 6);
    n += 6;
    n += decimal_uint(buf + n, time_ms > 0 ? (unsigned)time_ms : 0);
    memcpy(buf + n, " legal", 6);
    n += 6;
    int count = game_legal(s, moves);
    for (int i = 0; i < count; i++) {
        if (n + GAME_MOVE_TEXT + 2 > len)
            return -1;
        buf[n++] = ' ';
        n += notation_put_move(def, moves[i], false, buf + n);
    }
    buf[n++] = '\n';
    buf[n] = '\0';
    return (int)n;
}

int protocol_format_result(char *buf, size_t len, const struct game_state *s, const char *reason)
{
    const struct game_def *def = game_def_of(s);
    size_t n = 0;

    put(buf, len, &n, "result ");
    put(buf, len, &n, game_result_text(s));
    put(buf, len, &n, " winner ");
    if (s->winner == SIDE_NONE)
        put(buf, len, &n, "none");
    else
        put_mark(buf, len, &n, def->marks[s->winner]);
    put(buf, len, &n, " reason ");
    put(buf, len, &n, reason);
    return put(buf, len, &n, "\n") ? (int)n : -1;
}

int protocol_format_quit(char *buf, size_t len)
{
    size_t n = 0;
    return put(buf, len, &n, "quit\n") ? (int)n : -1;
}

int protocol_parse_reply(const struct game_state *s, const char *line, struct action *out)
{
    const char *why;
    struct action a;

    if (notation_parse_move(s, line, &a, &why) < 0 || a.kind == ACTION_ABORT ||
        a.kind == ACTION_FORFEIT)
        return -1;
    *out = a;
    return 0;
}

bool protocol_is_printable(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)text[i] < 0x20 || (unsigned char)text[i] > 0x7e)
            return false;
    return true;
}

char *protocol_escape(char *out, size_t cap, const char *text, size_t len)
{
    size_t k = 0, n = len < PROTOCOL_ECHO_MAX ? len : PROTOCOL_ECHO_MAX;

    for (size_t i = 0; i < n && k + 8 < cap; i++)
        k += escape_byte(out + k, (unsigned char)text[i], true);
    if (len > n && k + 4 < cap) {
        memcpy(out + k, "...", 3);
        k += 3;
    }
    out[k < cap ? k : cap - 1] = '\0';
    return out;
}
