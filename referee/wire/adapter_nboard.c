/* adapter_nboard.c: the NBoard protocol of Othello engines (Edax, NTest), as
 * the NBoard GUI speaks it: `nboard 2` and `set depth` once, the game as GGF
 * (`set game`), the moves played since (`move`, the engine's own included),
 * then `ping N` and `go`. The engine answers `pong N`, then `=== MOVE` with an
 * optional eval and time; what it says on the way (`status`, `nodestats`,
 * `search`, `book`, `set myname`, and lines outside the protocol) goes to its
 * log, at any time. A `===` before the `pong` of the turn answers an earlier
 * `go`: logged and not taken; one when no answer is due is a foul.
 * Reversi only. Time is NBoard's: the GGF clock TI. */
#include "adapter.h"
#include "notation.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* The protocol's version, and the depth it asks for: the whole game, so that
 * the engine's own time control (or its options) decides. */
#define NBOARD_VERSION 2
#define NBOARD_DEPTH   60

static bool nboard_plays(const struct game_def *def)
{
    return strcmp(def->name, "reversi") == 0;
}

static bool is_word(const char *line, size_t n, const char *word)
{
    size_t k = strlen(word);
    return n >= k && strncmp(line, word, k) == 0 && (n == k || line[k] == ' ');
}

/* The number after word ("pong 3"), or -1. */
static long number_after(const char *line, size_t n, size_t from)
{
    long v = 0;
    size_t i = from;
    while (i < n && line[i] == ' ')
        i++;
    if (i == n)
        return -1;
    for (; i < n && isdigit((unsigned char)line[i]) && v < 1000000000; i++)
        v = v * 10 + (line[i] - '0');
    return i == n ? v : -1;
}

static int nboard_hello(struct adapter_state *a, const struct game_def *def, char *buf, size_t len)
{
    size_t n = 0;

    a->def = def;
    a->nboard.ping = 1;
    a->nboard.in_step = false;
    /* The GUI must send `set depth` before the first `go`: the engine may count
     * on it. The user's options after it, so that theirs has the last word; the
     * ping last, so that its pong says every `set` was read. */
    return adapter_put(buf, len, &n, "nboard %d\nset depth %d\n", NBOARD_VERSION, NBOARD_DEPTH) &&
                   adapter_put_options(a, buf, len, &n) &&
                   adapter_put(buf, len, &n, "ping %u\n", a->nboard.ping)
               ? (int)n
               : -1;
}

/* An engine option is `set KEY VALUE`, as NBoard sets depth and contempt. */
static bool nboard_option(struct adapter_state *a, const char *key, const char *value, char *buf,
                          size_t len, size_t *n)
{
    (void)a;
    return adapter_put(buf, len, n, "set %s%s%s\n", key, value[0] ? " " : "", value);
}

static int nboard_game(struct adapter_state *a, const struct protocol_game *g,
                       const struct game_state *start, char *buf, size_t len)
{
    const struct time_control *tc = g->tc;

    (void)start, (void)buf, (void)len;
    a->def = g->def;
    a->side = g->side;
    a->known = -1; /* the game goes out whole at the first turn */
    a->in_game = true;
    a->clock = tc->clock_ms > 0;
    a->nboard.clock_s = a->clock ? tc->clock_ms / 1000 : tc->move_ms / 1000;
    a->nboard.increment_s = a->clock ? tc->increment_ms / 1000 : 0;
    return 0;
}

/* A GGF time: [h:]m:ss, whole seconds. */
static void put_time(char *buf, size_t len, size_t *n, int seconds)
{
    if (seconds >= 3600)
        adapter_put(buf, len, n, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60);
    else
        adapter_put(buf, len, n, "%d:%02d", seconds / 60, seconds % 60);
}

/* A move as GGF and NBoard write it: "F5", "PA" for a pass. */
static void put_move(const struct adapter_state *a, struct action m, char *buf, size_t len,
                     size_t *n)
{
    char sq[GAME_MOVE_TEXT];

    if (m.kind == ACTION_PASS) {
        adapter_put(buf, len, n, "PA");
        return;
    }
    notation_format_move(a->def, m, false, sq, sizeof(sq));
    for (char *c = sq; *c; c++)
        *c = (char)toupper((unsigned char)*c);
    adapter_put(buf, len, n, "%s", sq);
}

/* BO[8 <64 squares> <side to move>] of position s: '*' black (the first
 * side), 'O' white, '-' empty, row 1 (the top) first. */
static void put_board(const struct game_state *s, char *buf, size_t len, size_t *n)
{
    const struct game_def *def = game_def_of(s);
    char squares[8 * 8 + 1];

    for (int row = 0; row < 8; row++)
        for (int col = 0; col < 8; col++) {
            int mark = def->at(s, row, col);
            squares[row * 8 + col] = mark == 0 ? '*' : mark == 1 ? 'O' : '-';
        }
    squares[64] = '\0';
    adapter_put(buf, len, n, "BO[8 %s %c]", squares, s->to_move == SIDE_FIRST ? '*' : 'O');
}

/* `set game` with s as GGF: the initial position and the moves from it, or,
 * for a game that began from a set position, that position alone; TI the
 * clock of the move to come (seconds, rounded down), no grace. */
static void put_game(const struct adapter_state *a, const struct game_state *s, int time_s,
                     char *buf, size_t len, size_t *n)
{
    struct game_state from;

    game_init(&from, a->def, s->early_draw);
    for (int i = 0; i < s->nhistory; i++)
        game_step(&from, s->history[i]);
    bool replayed = memcmp(from.board.bits, s->board.bits, sizeof(s->board.bits)) == 0;
    game_init(&from, a->def, s->early_draw);
    adapter_put(buf, len, n, "set game (;GM[Othello]PC[referee]TY[8]TI[");
    put_time(buf, len, n, time_s);
    adapter_put(buf, len, n, "/");
    if (a->nboard.increment_s)
        put_time(buf, len, n, a->nboard.increment_s);
    adapter_put(buf, len, n, "/0]");
    put_board(replayed ? &from : s, buf, len, n);
    for (int i = 0; replayed && i < s->nhistory; i++) {
        struct action m = s->history[i];
        if (m.kind != ACTION_MOVE && m.kind != ACTION_PASS)
            continue;
        adapter_put(buf, len, n, "%c[", m.side == SIDE_FIRST ? 'B' : 'W');
        put_move(a, m, buf, len, n);
        adapter_put(buf, len, n, "]");
    }
    adapter_put(buf, len, n, ";)\n");
}

/* Under a limit per move, the game once, then each move as it is played; on
 * a clock, the game at every turn, its TI the time the engine has left. */
static int nboard_turn(struct adapter_state *a, const struct game_state *s, int time_ms, char *buf,
                       size_t len)
{
    size_t n = 0;

    if (a->known < 0 || a->clock) {
        put_game(a, s, a->clock ? time_ms / 1000 : a->nboard.clock_s, buf, len, &n);
    } else {
        for (int i = a->known; i < s->nhistory; i++) {
            struct action m = s->history[i];
            if (m.kind != ACTION_MOVE && m.kind != ACTION_PASS)
                continue;
            adapter_put(buf, len, &n, "move ");
            put_move(a, m, buf, len, &n);
            adapter_put(buf, len, &n, "\n");
        }
    }
    /* `go` does not play the move on the engine's board: it is told it with
     * `move` at its next turn, as the opponent's are. */
    a->known = s->nhistory;
    a->nboard.in_step = false;
    a->nboard.ping++;
    return adapter_put(buf, len, &n, "ping %u\ngo\n", a->nboard.ping) ? (int)n : -1;
}

/* A line an engine may write at any time, for its log; `set myname` names it. */
static bool is_chatter(struct adapter_state *a, const char *line, size_t n)
{
    if (is_word(line, n, "set myname") && n > 11) {
        char esc[4 * PROTOCOL_ECHO_MAX + 8];
        snprintf(a->engine, sizeof(a->engine), "%s",
                 protocol_escape(esc, sizeof(esc), line + 11, n - 11));
        return true;
    }
    return is_word(line, n, "status") || is_word(line, n, "nodestats") ||
           is_word(line, n, "search") || is_word(line, n, "book") || is_word(line, n, "learn") ||
           is_word(line, n, "analysis");
}

/* The move of `=== MOVE[/EVAL[/TIME]]` (or with spaces, as Edax writes it), in
 * referee's notation: lower case, "PA" a pass. */
static enum adapter_read answer_move(const char *line, size_t n, struct adapter_out *out)
{
    size_t i = 3, end;
    char move[32];

    while (i < n && line[i] == ' ')
        i++;
    for (end = i; end < n && line[end] != ' ' && line[end] != '/'; end++)
        ;
    size_t k = end - i < sizeof(move) ? end - i : sizeof(move) - 1;
    for (size_t j = 0; j < k; j++)
        move[j] = (char)tolower((unsigned char)line[i + j]);
    move[k] = '\0';
    if (strcmp(move, "pa") == 0 || strcmp(move, "ps") == 0)
        snprintf(move, sizeof(move), "pass");
    return adapter_reply(out, move, strlen(move));
}

static enum adapter_read nboard_stray(struct adapter_state *a, const char *line, size_t n,
                                      struct adapter_out *out)
{
    if (n > 0 && line[n - 1] == '\r')
        n--;
    if (n == 0 || is_chatter(a, line, n))
        return adapter_say(out, ADAPTER_LOG, "said", line, n);
    if (is_word(line, n, "pong"))
        return adapter_say(out, ADAPTER_LOG, "said (an earlier ping's)", line, n);
    if (strncmp(line, "===", 3) == 0)
        return adapter_stray_foul(a, line, n, out); /* a second answer to one go */
    return adapter_say(out, ADAPTER_LOG, "said (not NBoard)", line, n);
}

static enum adapter_read nboard_read(struct adapter_state *a, const struct game_state *s,
                                     const char *line, size_t n, struct adapter_out *out)
{
    if (n > 0 && line[n - 1] == '\r')
        n--;
    if (n == 0)
        return ADAPTER_MORE;
    if (is_chatter(a, line, n))
        return adapter_say(out, ADAPTER_LOG, "said", line, n);
    if (is_word(line, n, "pong")) {
        if (number_after(line, n, 4) != (long)a->nboard.ping)
            return adapter_say(out, ADAPTER_LOG, "said (an earlier ping's)", line, n);
        a->nboard.in_step = true;
        if (s)
            return ADAPTER_MORE;
        /* The handshake is over: the engine read all before the ping. */
        const char *name = a->engine[0] ? a->engine : "(no name given)";
        return adapter_reply(out, name, strlen(name));
    }
    if (strncmp(line, "===", 3) == 0) {
        if (!s || !a->nboard.in_step)
            return adapter_say(out, ADAPTER_LOG, "not taken (it answers an earlier go):", line, n);
        return answer_move(line, n, out);
    }
    /* As NBoard does, a line outside the protocol is shown, not held against
     * the engine (Edax writes `*** SEARCH STILL RUNNING ? (0) ***` when short
     * of time); one that never answers loses on time, with it in its log. */
    return adapter_say(out, ADAPTER_LOG, "said (not NBoard)", line, n);
}

static int nboard_result(struct adapter_state *a, const struct game_state *s, const char *reason,
                         char *buf, size_t len)
{
    (void)s, (void)reason, (void)buf, (void)len;
    a->in_game = false; /* NBoard has no word for it: the next game is a new `set game` */
    return 0;
}

static int nboard_quit(struct adapter_state *a, char *buf, size_t len)
{
    size_t n = 0;
    (void)a;
    return adapter_put(buf, len, &n, "quit\n") ? (int)n : -1;
}

const struct adapter adapter_nboard = {
    .name = "nboard",
    .usual_game = "reversi",
    .logs_anytime = true,
    .plays = nboard_plays,
    .option = nboard_option,
    .hello = nboard_hello,
    .game = nboard_game,
    .turn = nboard_turn,
    .read = nboard_read,
    .stray = nboard_stray,
    .result = nboard_result,
    .quit = nboard_quit,
};
