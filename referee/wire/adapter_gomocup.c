/* adapter_gomocup.c: the Gomocup (Piskvork) protocol of gomoku brains. Lines
 * end with CRLF. A process: `START size` (answer OK), `ABOUT` (answer
 * name="..", version=".."). A game: INFO lines, then at the brain's first turn
 * `BEGIN` on an empty board or `BOARD` with its stones in the order they were
 * played (`x,y,1` its own, `x,y,2` the opponent's) and `DONE`; later turns
 * `TURN x,y` with the opponent's move. Coordinates are 0-based, x the column
 * from the left, y the row from the top: referee's a1 is 0,0. A brain may
 * write MESSAGE, DEBUG and SUGGEST lines at any time: they go to its log. Each
 * game gets a new process (the brain's memory of the last is no concern), and
 * `END` stops it. */
#include "adapter.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool starts(const char *line, size_t n, const char *word)
{
    size_t k = strlen(word);
    return n >= k && strncasecmp(line, word, k) == 0 && (n == k || line[k] == ' ');
}

static int gomocup_hello(struct adapter_state *a, const struct game_def *def, char *buf, size_t len)
{
    size_t n = 0;

    a->def = def;
    a->gomocup.hello_left = 2;
    return adapter_put(buf, len, &n, "START %d\r\nABOUT\r\n", def->cols) ? (int)n : -1;
}

static int gomocup_game(struct adapter_state *a, const struct protocol_game *g,
                        const struct game_state *start, char *buf, size_t len)
{
    const struct time_control *tc = g->tc;
    size_t n = 0;

    (void)start;
    a->def = g->def;
    a->side = g->side;
    a->known = -1;
    a->in_game = true;
    /* 0 means "no limit" to a brain: a game on a clock has no limit per move. */
    adapter_put(buf, len, &n, "INFO timeout_turn %d\r\n", tc->clock_ms ? 0 : tc->move_ms);
    adapter_put(buf, len, &n, "INFO timeout_match %d\r\n", tc->clock_ms);
    adapter_put(buf, len, &n, "INFO max_memory 0\r\n");
    adapter_put(buf, len, &n, "INFO game_type 1\r\n");
    adapter_put(buf, len, &n, "INFO rule %d\r\n", g->def->gomocup_rule);
    return adapter_put_options(a, buf, len, &n) ? (int)n : -1;
}

/* An engine option is `INFO KEY VALUE`, after the standard INFO lines: a
 * brain's own keys (THREAD_NUM...), or a standard one's value replaced. */
static bool gomocup_option(struct adapter_state *a, const char *key, const char *value, char *buf,
                           size_t len, size_t *n)
{
    (void)a;
    return adapter_put(buf, len, n, "INFO %s%s%s\r\n", key, value[0] ? " " : "", value);
}

/* Gomoku's forms: five in a row on a square board of at most 26 columns. */
static bool gomocup_plays(const struct game_def *def)
{
    return def->line == 5 && def->rows == def->cols && def->squares == SQUARES_COL_LETTER;
}

static int gomocup_turn(struct adapter_state *a, const struct game_state *s, int time_ms, char *buf,
                        size_t len)
{
    size_t n = 0;

    if (time_ms > 0)
        adapter_put(buf, len, &n, "INFO time_left %d\r\n", time_ms);
    if (a->known < 0 && s->nhistory == 0) {
        adapter_put(buf, len, &n, "BEGIN\r\n");
    } else if (a->known < 0) {
        /* In the order they were played: a brain may rebuild the game from it. */
        adapter_put(buf, len, &n, "BOARD\r\n");
        for (int i = 0; i < s->nhistory; i++) {
            struct action m = s->history[i];
            if (m.kind == ACTION_MOVE)
                adapter_put(buf, len, &n, "%d,%d,%d\r\n", m.col, m.row, m.side == a->side ? 1 : 2);
        }
        adapter_put(buf, len, &n, "DONE\r\n");
    } else {
        struct action m = s->history[s->nhistory - 1];
        adapter_put(buf, len, &n, "TURN %d,%d\r\n", m.col, m.row);
    }
    a->known = s->nhistory + 1;
    return n < len ? (int)n : -1;
}

/* "x,y" with 0-based numbers, as referee writes the square ("h8"). */
static bool square(const char *line, size_t n, char *out, size_t cap)
{
    long v[2] = {-1, -1};
    size_t i = 0;

    for (int k = 0; k < 2; k++) {
        if (k == 1 && (i >= n || line[i++] != ','))
            return false;
        while (i < n && line[i] == ' ')
            i++;
        if (i >= n || !isdigit((unsigned char)line[i]))
            return false;
        for (v[k] = 0; i < n && isdigit((unsigned char)line[i]) && v[k] < 1000; i++)
            v[k] = v[k] * 10 + (line[i] - '0');
        while (i < n && line[i] == ' ')
            i++;
    }
    if (i != n || v[0] >= 26)
        return false;
    /* Off the board, it is still a square, for the rules to refuse by name. */
    snprintf(out, cap, "%c%ld", (char)('a' + v[0]), v[1] + 1);
    return true;
}

/* The value of key="..." in an ABOUT answer, if it is printable ASCII, cut
 * to fit in cap; else "". */
static void about_field(const char *line, size_t n, const char *key, char *out, size_t cap)
{
    size_t k = strlen(key);

    out[0] = '\0';
    for (size_t i = 0; i + k + 2 <= n; i++) {
        if ((i > 0 && line[i - 1] != ' ' && line[i - 1] != ',') ||
            strncasecmp(line + i, key, k) != 0 || line[i + k] != '=' || line[i + k + 1] != '"')
            continue;
        size_t from = i + k + 2, to = from;
        while (to < n && line[to] != '"')
            to++;
        size_t len = to - from < cap ? to - from : cap - 1; /* cut, as adapter_add_engine */
        if (to < n && protocol_is_printable(line + from, len)) {
            memcpy(out, line + from, len);
            out[len] = '\0';
        }
        return;
    }
}

/* A line a brain may write at any time, for its log. */
static bool is_chatter(const char *line, size_t n)
{
    return starts(line, n, "MESSAGE") || starts(line, n, "DEBUG") || starts(line, n, "SUGGEST");
}

static enum adapter_read gomocup_stray(struct adapter_state *a, const char *line, size_t n,
                                       struct adapter_out *out)
{
    if (n > 0 && line[n - 1] == '\r')
        n--;
    if (is_chatter(line, n))
        return adapter_say(out, ADAPTER_LOG, "said", line, n);
    return adapter_stray_foul(a, line, n, out);
}

static enum adapter_read gomocup_read(struct adapter_state *a, const struct game_state *s,
                                      const char *line, size_t n, struct adapter_out *out)
{
    (void)s;
    if (n > 0 && line[n - 1] == '\r')
        n--;
    if (is_chatter(line, n))
        return adapter_say(out, ADAPTER_LOG, "said", line, n);
    if (starts(line, n, "ERROR") || starts(line, n, "UNKNOWN"))
        return adapter_say(out, ADAPTER_FOUL,
                           a->gomocup.hello_left ? "could not start:" : "answered", line, n);
    if (a->gomocup.hello_left == 2) { /* START */
        if (!(n == 2 && strncasecmp(line, "OK", 2) == 0))
            return adapter_say(out, ADAPTER_FOUL, "answered START with", line, n);
        a->gomocup.hello_left = 1;
        return ADAPTER_MORE;
    }
    if (a->gomocup.hello_left == 1) { /* ABOUT */
        char name[ADAPTER_ENGINE_MAX + 1] = "", version[ADAPTER_ENGINE_MAX + 1] = "";
        about_field(line, n, "name", name, sizeof(name));
        about_field(line, n, "version", version, sizeof(version));
        adapter_add_engine(a, name[0] ? name : line, name[0] ? strlen(name) : n);
        adapter_add_engine(a, version, name[0] ? strlen(version) : 0);
        a->gomocup.hello_left = 0;
        return adapter_reply(out, a->engine, strlen(a->engine));
    }
    char sq[32];
    if (!square(line, n, sq, sizeof(sq)))
        return adapter_reply(out, line, n); /* for the judge to call malformed */
    return adapter_reply(out, sq, strlen(sq));
}

static int gomocup_result(struct adapter_state *a, const struct game_state *s, const char *reason,
                          char *buf, size_t len)
{
    (void)s, (void)reason, (void)buf, (void)len;
    a->in_game = false;
    return 0;
}

static int gomocup_quit(struct adapter_state *a, char *buf, size_t len)
{
    size_t n = 0;
    (void)a;
    return adapter_put(buf, len, &n, "END\r\n") ? (int)n : -1;
}

const struct adapter adapter_gomocup = {
    .name = "gomocup",
    .plays = gomocup_plays,
    .option = gomocup_option,
    .fresh_each_game = true,
    .logs_anytime = true,
    .hello = gomocup_hello,
    .game = gomocup_game,
    .turn = gomocup_turn,
    .read = gomocup_read,
    .stray = gomocup_stray,
    .result = gomocup_result,
    .quit = gomocup_quit,
};
