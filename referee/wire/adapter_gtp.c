/* adapter_gtp.c: the Go Text Protocol, as Othello engines speak it
 * (gtp-rhino, Edax): numbered commands, answers `=ID text` or `?ID message`,
 * each ended by an empty line, read as leniently as the engines write them
 * (`= 1 2`, no id, CRLF). A game is `boardsize`, `clear_board` and the
 * opening's moves with `play`; a turn is the opponent's moves since the
 * engine's last with `play`, then `genmove`. Colours: b is the first side
 * (referee's x), w the second. Passes are implicit by default: the engine
 * answers `pass` to genmove when it must, and is never sent one. */
#include "adapter.h"
#include "notation.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char colour(int side)
{
    return side == SIDE_FIRST ? 'b' : 'w';
}

/* Add command text to buf, numbered, and await its answer. */
static bool command(struct adapter_state *a, char *buf, size_t len, size_t *n, const char *text)
{
    unsigned id = a->gtp.next_id++;

    if (a->gtp.await_first == 0 || a->gtp.await_first > a->gtp.await_last)
        a->gtp.await_first = id;
    a->gtp.await_last = id;
    /* Its start is enough to name it in a reason. */
    snprintf(a->gtp.sent[id % 16], sizeof(a->gtp.sent[0]), "%.*s", (int)sizeof(a->gtp.sent[0]) - 1,
             text);
    return adapter_put(buf, len, n, "%u %s\n", id, text);
}

static int gtp_hello(struct adapter_state *a, const struct game_def *def, char *buf, size_t len)
{
    a->gtp.next_id = 1;
    size_t n = 0;

    (void)def;
    command(a, buf, len, &n, "protocol_version");
    a->gtp.name_id = a->gtp.next_id;
    command(a, buf, len, &n, "name");
    a->gtp.version_id = a->gtp.next_id;
    command(a, buf, len, &n, "version");
    return adapter_put_options(a, buf, len, &n) ? (int)n : -1;
}

/* An engine option is the GTP command KEY with VALUE as its arguments
 * (ENGINES.md says why), answered in the handshake: `?` fails the start. */
static bool gtp_option(struct adapter_state *a, const char *key, const char *value, char *buf,
                       size_t len, size_t *n)
{
    char text[ADAPTER_OPTION_KEY_MAX + ADAPTER_OPTION_VALUE_MAX + 2];
    snprintf(text, sizeof(text), "%s%s%s", key, value[0] ? " " : "", value);
    return command(a, buf, len, n, text);
}

/* Moves are `play COLOUR VERTEX`, a vertex a column letter and a row number:
 * referee's squares where they are written so, and where no column is I,
 * which GTP's letters skip (8 columns at most: reversi). */
static bool gtp_plays(const struct game_def *def)
{
    return def->squares == SQUARES_COL_LETTER && def->cols <= 8;
}

/* `play` for each ply of s from a->known on: the engine's board in step. */
static bool tell_moves(struct adapter_state *a, const struct game_state *s, char *buf, size_t len,
                       size_t *n)
{
    for (int i = a->known < 0 ? 0 : a->known; i < s->nhistory; i++) {
        struct action m = s->history[i];
        char text[28], sq[GAME_MOVE_TEXT];
        if (m.kind == ACTION_PASS && !a->opt.gtp_pass_explicit)
            continue; /* gtp-rhino: `play b pass` is a syntax error; it passes by itself */
        if (m.kind != ACTION_MOVE && m.kind != ACTION_PASS)
            continue;
        notation_format_move(a->def, m, false, sq, sizeof(sq));
        snprintf(text, sizeof(text), "play %c %s", colour(m.side), sq);
        if (!command(a, buf, len, n, text))
            return false;
    }
    a->known = s->nhistory;
    return true;
}

static int gtp_game(struct adapter_state *a, const struct protocol_game *g,
                    const struct game_state *start, char *buf, size_t len)
{
    const struct time_control *tc = g->tc;
    char text[28];
    size_t n = 0;

    a->def = g->def;
    a->side = g->side;
    a->known = 0;
    a->in_game = true;
    a->clock = tc->clock_ms > 0;
    snprintf(text, sizeof(text), "boardsize %d", g->def->cols);
    command(a, buf, len, &n, text);
    command(a, buf, len, &n, "clear_board");
    /* Whole seconds, rounded down: an engine is never told it has more time
     * than it has (200 ms a move is `0 0 1`: play at once). */
    if (tc->clock_ms)
        snprintf(text, sizeof(text), "time_settings %d 0 0", tc->clock_ms / 1000);
    else
        snprintf(text, sizeof(text), "time_settings 0 %d 1", tc->move_ms / 1000);
    command(a, buf, len, &n, text);
    return tell_moves(a, start, buf, len, &n) ? (int)n : -1;
}

static int gtp_turn(struct adapter_state *a, const struct game_state *s, int time_ms, char *buf,
                    size_t len)
{
    char text[28];
    size_t n = 0;

    if (!tell_moves(a, s, buf, len, &n))
        return -1;
    /* Whole seconds left, rounded down (the clock's last 999 ms are 0), and
     * the stones they are for: 1 under a limit per move. */
    snprintf(text, sizeof(text), "time_left %c %d %d", colour(s->to_move), time_ms / 1000,
             a->clock ? 0 : 1);
    command(a, buf, len, &n, text);
    a->gtp.genmove_id = a->gtp.next_id;
    snprintf(text, sizeof(text), "genmove %c", colour(s->to_move));
    a->known = s->nhistory + 1; /* its own move, once it answers */
    return command(a, buf, len, &n, text) ? (int)n : -1;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

static size_t skip_blanks(const char *line, size_t n, size_t i)
{
    while (i < n && is_blank(line[i]))
        i++;
    return i;
}

/* An answer line: `=` or `?`, its id if any, then its text, spaces optional
 * between them (Edax writes `= 1 2`). A number written against the sign is
 * the id; one after a space is the id if it is the one due or text follows
 * it, else it is the text of an engine that numbers nothing (`= 2`); a word
 * that only starts with digits is text (`=1.0`). *id 0: no id. Returns false
 * if the line is no answer. */
static bool parse_answer(const char *line, size_t n, unsigned due, unsigned *id, size_t *text)
{
    unsigned long v = 0;

    if (n == 0 || (line[0] != '=' && line[0] != '?'))
        return false;
    bool against = n > 1 && isdigit((unsigned char)line[1]);
    size_t from = skip_blanks(line, n, 1), i = from;
    while (i < n && isdigit((unsigned char)line[i]) && v < 100000000)
        v = v * 10 + (unsigned long)(line[i++] - '0');
    *id = 0;
    *text = from;
    if (i == from || (i < n && !is_blank(line[i])))
        return true; /* no number, or a word that starts with digits (`=1.0`): text */
    size_t after = skip_blanks(line, n, i);
    if (against || v == due || after < n) {
        *id = (unsigned)v;
        *text = after;
    }
    return true;
}

/* The engine's move, as referee writes it: "C5" is c5, "PASS" pass. */
static void move_text(struct adapter_state *a, const char *text, size_t n)
{
    size_t k = 0;
    while (n > 0 && is_blank(text[n - 1]))
        n--;
    for (size_t i = 0; i < n && k + 1 < sizeof(a->gtp.answer); i++)
        a->gtp.answer[k++] = (char)tolower((unsigned char)text[i]);
    a->gtp.answer[k] = '\0';
}

static enum adapter_read gtp_read(struct adapter_state *a, const struct game_state *s,
                                  const char *line, size_t n, struct adapter_out *out)
{
    unsigned id;
    size_t text;

    (void)s;
    if (n > 0 && line[n - 1] == '\r')
        n--;
    if (a->gtp.await_blank) {
        if (n != 0)
            return adapter_say(out, ADAPTER_FOUL, "answer not ended by an empty line: next", line,
                               n);
        a->gtp.await_blank = false;
        if (a->gtp.await_first <= a->gtp.await_last)
            return ADAPTER_MORE;
        /* Every answer is in: the move, or the engine's name after the handshake. */
        const char *reply = a->gtp.genmove_id ? a->gtp.answer : a->engine;
        adapter_reply(out, reply, strlen(reply));
        a->gtp.genmove_id = 0;
        return ADAPTER_REPLY;
    }
    if (n == 0)
        return ADAPTER_MORE; /* an empty line between answers */
    if (!parse_answer(line, n, a->gtp.await_first, &id, &text))
        return adapter_say(out, ADAPTER_FOUL, "malformed GTP answer", line, n);
    if (id == 0)
        id = a->gtp.await_first; /* an engine that numbers no answer answers in order */
    if (id != a->gtp.await_first) {
        char what[64];
        snprintf(what, sizeof(what), "answered command %u where %u was due:", id,
                 a->gtp.await_first);
        return adapter_say(out, ADAPTER_FOUL, what, line, n);
    }
    if (line[0] == '?') {
        char what[64];
        snprintf(what, sizeof(what), "answered `%s` with", a->gtp.sent[id % 16]);
        return adapter_say(out, ADAPTER_FOUL, what, line, n);
    }
    if (id == a->gtp.genmove_id)
        move_text(a, line + text, n - text);
    else if (id == a->gtp.name_id || id == a->gtp.version_id) {
        while (n > text && is_blank(line[n - 1]))
            n--;
        adapter_add_engine(a, line + text, n - text);
    }
    a->gtp.await_first++;
    a->gtp.await_blank = true;
    return ADAPTER_MORE;
}

static int gtp_result(struct adapter_state *a, const struct game_state *s, const char *reason,
                      char *buf, size_t len)
{
    (void)s, (void)reason, (void)buf, (void)len;
    a->in_game = false; /* GTP has no word for it: the next game clears the board */
    return 0;
}

static int gtp_quit(struct adapter_state *a, char *buf, size_t len)
{
    size_t n = 0;
    return adapter_put(buf, len, &n, "%u quit\n", a->gtp.next_id++) ? (int)n : -1;
}

const struct adapter adapter_gtp = {
    .name = "gtp",
    .usual_game = "reversi",
    .plays = gtp_plays,
    .option = gtp_option,
    .hello = gtp_hello,
    .game = gtp_game,
    .turn = gtp_turn,
    .read = gtp_read,
    .stray = adapter_stray_foul,
    .result = gtp_result,
    .quit = gtp_quit,
};
