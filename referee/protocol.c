/* protocol.c: formatting referee's lines and reading bots' replies. */
#include "protocol.h"
#include "notation.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Append to buf at *n; false once it no longer fits. */
static bool put(char *buf, size_t len, size_t *n, const char *fmt, ...)
{
    va_list ap;

    if (*n >= len)
        return false;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *n, len - *n, fmt, ap);
    va_end(ap);
    if (k < 0 || (size_t)k >= len - *n) {
        *n = len;
        return false;
    }
    *n += (size_t)k;
    return true;
}

int protocol_format_game(char *buf, size_t len, const struct protocol_game *g)
{
    const struct game_def *def = g->def;
    const struct time_control *tc = g->tc;
    size_t n = 0;

    put(buf, len, &n, "game %d %s %c first %c", PROTOCOL_VERSION, def->name, def->marks[g->side],
        def->marks[SIDE_FIRST]);
    if (tc->move_ms)
        put(buf, len, &n, " movetime %d", tc->move_ms);
    if (tc->first_move_ms)
        put(buf, len, &n, " firstmove %d", tc->first_move_ms);
    if (tc->clock_ms)
        put(buf, len, &n, " clock %d increment %d", tc->clock_ms, tc->increment_ms);
    put(buf, len, &n, " seed %llu", (unsigned long long)g->seed);
    if (g->id > 0)
        put(buf, len, &n, " id %d", g->id);
    return put(buf, len, &n, "\n") ? (int)n : -1;
}

/* The digits of v at out (room for 10); returns how many. */
static size_t put_decimal(char *out, unsigned v)
{
    char rev[10];
    size_t k = 0;
    do {
        rev[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v > 0);
    for (size_t i = 0; i < k; i++)
        out[i] = rev[k - 1 - i];
    return k;
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
    n += put_decimal(buf + n, time_ms > 0 ? (unsigned)time_ms : 0);
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

    put(buf, len, &n, "result %s winner ", game_result_text(s));
    if (s->winner == SIDE_NONE)
        put(buf, len, &n, "none");
    else
        put(buf, len, &n, "%c", def->marks[s->winner]);
    return put(buf, len, &n, " reason %s\n", reason) ? (int)n : -1;
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
    static const char hex[] = "0123456789abcdef";
    size_t k = 0, n = len < PROTOCOL_ECHO_MAX ? len : PROTOCOL_ECHO_MAX;

    for (size_t i = 0; i < n && k + 8 < cap; i++) {
        unsigned char c = (unsigned char)text[i];
        const char *name = c == 0      ? "\\0"
                           : c == '\t' ? "\\t"
                           : c == '\r' ? "\\r"
                           : c == '\n' ? "\\n"
                           : c == '\\' ? "\\\\"
                           : c == '"'  ? "\\\""
                                       : NULL;
        if (name) {
            memcpy(out + k, name, 2);
            k += 2;
        } else if (c < 0x20 || c > 0x7e) {
            out[k++] = '\\';
            out[k++] = 'x';
            out[k++] = hex[c >> 4];
            out[k++] = hex[c & 15];
        } else {
            out[k++] = (char)c;
        }
    }
    if (len > n && k + 4 < cap) {
        memcpy(out + k, "...", 3);
        k += 3;
    }
    out[k < cap ? k : cap - 1] = '\0';
    return out;
}
