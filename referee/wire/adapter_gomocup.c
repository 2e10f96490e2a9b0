/* adapter_gomocup.c: the Gomocup (Piskvork) protocol of gomoku brains, as
 * protocol/ENGINES.md tells it against the protocol's text. Lines go out with
 * CR LF; a brain's may end with CR LF, LF or CR, and its empty lines are
 * ignored. A process: `START size` (answer OK), `ABOUT` (answer
 * name="..", version=".."; UNKNOWN or ERROR: no name). A game: the INFO block
 * (limits, memory, rule), then at the brain's first turn `BEGIN` on an empty
 * board or `BOARD` with its stones in the order they were played (`x,y,1` its
 * own, `x,y,2` the opponent's) and `DONE`; later turns `TURN x,y` with the
 * opponent's move, each after `INFO time_left`. Coordinates are 0-based, x the
 * column from the left, y the row from the top: referee's a1 is 0,0. A brain
 * may write MESSAGE and DEBUG lines at any time: they go to its log; a
 * `SUGGEST x,y` for its move is answered `PLAY x,y`, and its answer to that is
 * the move. The next game reuses the process after `RESTART` (answer OK);
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

/* The protocol's value for a time without a limit (time_left; timeout_turn:
 * its 0 means "play as fast as possible", not "no limit"). */
#define GOMOCUP_UNLIMITED 2147483647

static int gomocup_hello(struct adapter_state *a, const struct game_def *def, char *buf, size_t len)
{
    size_t n = 0;

    a->def = def;
    a->gomocup.due = GOMOCUP_OK_TO_START;
    return adapter_put(buf, len, &n, "START %d\r\nABOUT\r\n", def->cols) ? (int)n : -1;
}

static int gomocup_renew(struct adapter_state *a, char *buf, size_t len)
{
    size_t n = 0;

    a->in_game = false;
    a->gomocup.due = GOMOCUP_OK_TO_RESTART;
    return adapter_put(buf, len, &n, "RESTART\r\n") ? (int)n : -1;
}

/* The INFO block of a game: its limits as the protocol defines them, the
 * memory the brain may use, and the rule. One line a key, in this order. */
static void put_info(const struct adapter_state *a, const struct protocol_game *g, char *buf,
                     size_t len, size_t *n)
{
    const struct time_control *tc = g->tc;

    /* A clock without a limit per move: the turn's limit is the clock's, told by time_left. */
    adapter_put(buf, len, n, "INFO timeout_turn %d\r\n",
                tc->move_ms ? tc->move_ms : GOMOCUP_UNLIMITED);
    adapter_put(buf, len, n, "INFO timeout_match %d\r\n", tc->clock_ms);
    adapter_put(buf, len, n, "INFO max_memory %lld\r\n", a->opt.memory_bytes);
    adapter_put(buf, len, n, "INFO game_type 1\r\n");
    adapter_put(buf, len, n, "INFO rule %d\r\n", g->def->gomocup_rule);
}

static int gomocup_game(struct adapter_state *a, const struct protocol_game *g,
                        const struct game_state *start, char *buf, size_t len)
{
    size_t n = 0;

    (void)start;
    a->def = g->def;
    a->side = g->side;
    a->known = -1;
    a->in_game = true;
    put_info(a, g, buf, len, &n);
    return adapter_put_options(a, buf, len, &n) && n < len ? (int)n : -1;
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

    (void)time_ms; /* the limit of this move is timeout_turn, or the clock's */
    adapter_put(buf, len, &n, "INFO time_left %ld\r\n",
                a->clock_left_ms >= 0 ? a->clock_left_ms : GOMOCUP_UNLIMITED);
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
    a->gomocup.due = GOMOCUP_MOVE;
    return n < len ? (int)n : -1;
}

/* "x,y" with 0-based numbers (blanks around them allowed) into *x, *y. */
static bool parse_xy(const char *line, size_t n, long *x, long *y)
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
    *x = v[0];
    *y = v[1];
    return i == n;
}

/* "x,y" as referee writes the square ("h8"). */
static bool square(const char *line, size_t n, char *out, size_t cap)
{
    long x, y;

    if (!parse_xy(line, n, &x, &y) || x >= 26)
        return false;
    /* Off the board, it is still a square, for the rules to refuse by name. */
    snprintf(out, cap, "%c%ld", (char)('a' + x), y + 1);
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

/* A line a brain may write at any time, for its log. A SUGGEST that is not
 * the answer to a turn is only that. */
static bool is_chatter(const char *line, size_t n)
{
    return starts(line, n, "MESSAGE") || starts(line, n, "DEBUG") || starts(line, n, "SUGGEST");
}

static enum adapter_read gomocup_stray(struct adapter_state *a, const char *line, size_t n,
                                       struct adapter_out *out)
{
    if (n > 0 && line[n - 1] == '\r')
        n--;
    if (n == 0) { /* the protocol's managers ignore empty lines: nothing to note */
        adapter_reply(out, "", 0);
        return ADAPTER_LOG;
    }
    if (is_chatter(line, n))
        return adapter_say(out, ADAPTER_LOG, "said", line, n);
    return adapter_stray_foul(a, line, n, out);
}

/* ABOUT's answer: the name and version, or the line as it is; UNKNOWN or
 * ERROR: ABOUT is not one of the commands a brain must know, so no name. */
static enum adapter_read read_about(struct adapter_state *a, const char *line, size_t n,
                                    struct adapter_out *out)
{
    char name[ADAPTER_ENGINE_MAX + 1] = "", version[ADAPTER_ENGINE_MAX + 1] = "", said[96];

    a->gomocup.due = GOMOCUP_MOVE;
    if (starts(line, n, "UNKNOWN") || starts(line, n, "ERROR")) {
        adapter_quote(said, sizeof(said), "no name: ABOUT answered", line, n);
        return adapter_reply(out, said, strlen(said));
    }
    about_field(line, n, "name", name, sizeof(name));
    about_field(line, n, "version", version, sizeof(version));
    adapter_add_engine(a, name[0] ? name : line, name[0] ? strlen(name) : n);
    adapter_add_engine(a, version, name[0] ? strlen(version) : 0);
    return adapter_reply(out, a->engine, strlen(a->engine));
}

/* The answer to a turn (or to the PLAY sent for its SUGGEST): a square for the
 * judge, the lines of a PLAY to send, or a foul. */
static enum adapter_read read_move(struct adapter_state *a, const char *line, size_t n,
                                   struct adapter_out *out)
{
    long x, y;
    char sq[32];

    if (starts(line, n, "ERROR") || starts(line, n, "UNKNOWN"))
        return adapter_say(out, ADAPTER_FOUL, "answered", line, n);
    if (starts(line, n, "SUGGEST")) {
        if (a->gomocup.due == GOMOCUP_PLAYED)
            return adapter_say(out, ADAPTER_FOUL, "answered PLAY with", line, n);
        if (!parse_xy(line + 7, n - 7, &x, &y))
            return adapter_say(out, ADAPTER_FOUL, "suggested no square:", line, n);
        /* What Piskvork does in a tournament: the suggestion is taken. */
        a->gomocup.due = GOMOCUP_PLAYED;
        snprintf(sq, sizeof(sq), "PLAY %ld,%ld\r\n", x, y);
        adapter_reply(out, sq, strlen(sq));
        return ADAPTER_SEND;
    }
    if (is_chatter(line, n))
        return adapter_say(out, ADAPTER_LOG, "said", line, n);
    if (!square(line, n, sq, sizeof(sq)))
        return adapter_reply(out, line, n); /* for the judge to call malformed */
    return adapter_reply(out, sq, strlen(sq));
}

static enum adapter_read gomocup_read(struct adapter_state *a, const struct game_state *s,
                                      const char *line, size_t n, struct adapter_out *out)
{
    enum gomocup_due due = a->gomocup.due;

    (void)s;
    if (n > 0 && line[n - 1] == '\r')
        n--;
    if (n == 0)
        return gomocup_stray(a, line, n, out);
    if (due == GOMOCUP_MOVE || due == GOMOCUP_PLAYED)
        return read_move(a, line, n, out);
    if (is_chatter(line, n))
        return adapter_say(out, ADAPTER_LOG, "said", line, n);
    if (due == GOMOCUP_ABOUT)
        return read_about(a, line, n, out);
    bool ok = n == 2 && strncasecmp(line, "OK", 2) == 0;
    if (due == GOMOCUP_OK_TO_RESTART)
        return ok ? adapter_reply(out, "OK", 2)
                  : adapter_say(out, ADAPTER_FOUL, "answered RESTART with", line, n);
    if (ok) {
        a->gomocup.due = GOMOCUP_ABOUT;
        return ADAPTER_MORE;
    }
    if (starts(line, n, "ERROR") || starts(line, n, "UNKNOWN"))
        return adapter_say(out, ADAPTER_FOUL, "could not start:", line, n);
    return adapter_say(out, ADAPTER_FOUL, "answered START with", line, n);
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
    .usual_game = "gomoku",
    .plays = gomocup_plays,
    .option = gomocup_option,
    .logs_anytime = true,
    .cr_ends_line = true,
    .hello = gomocup_hello,
    .renew = gomocup_renew,
    .game = gomocup_game,
    .turn = gomocup_turn,
    .read = gomocup_read,
    .stray = gomocup_stray,
    .result = gomocup_result,
    .quit = gomocup_quit,
};
