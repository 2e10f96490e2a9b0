/* protocol.h: the codec of the line protocol between referee and a bot, as
 * protocol/PROTOCOL.md defines it. Pure: builds and reads lines, no I/O. */
#ifndef REFEREE_PROTOCOL_H
#define REFEREE_PROTOCOL_H

#include "game.h"

#define PROTOCOL_VERSION   1
#define PROTOCOL_REPLY_MAX 256  /* longest reply a bot may write, newline excluded */
#define PROTOCOL_LINE_MAX  4096 /* longest line referee writes (a gomoku turn is ~1.2 KB) */

/* Time rules of a game, in milliseconds; 0 means "not used". */
struct time_control {
    int move_ms;       /* limit per move */
    int first_move_ms; /* limit for a bot's first move of a game (covers start-up) */
    int clock_ms;      /* game clock: the total per side */
    int increment_ms;  /* added to a side's clock after each of its moves */
    int margin_ms;     /* tolerance for pipe and scheduling delays, not told to bots */
};

/* Each formatter writes one line, '\n' included, into buf (len bytes; with
 * PROTOCOL_LINE_MAX always enough) and returns its length, or -1 if it does not fit. */

/* What a bot is told of a game as it starts. */
struct protocol_game {
    const struct game_def *def;
    enum side side; /* the side the bot plays */
    const struct time_control *tc;
    uint64_t seed; /* the game's own seed, below 2^63 */
    int id;        /* the game's number in its run; 0: none */
};

/* "game 1 <game> <mark> first <mark> movetime ... seed <seed> id <id>" for the
 * bot playing g->side (no id key if g->id is 0). */
int protocol_format_game(char *buf, size_t len, const struct protocol_game *g);

/* "turn board ... last ... time <time_ms> legal ..." for the side to move in s. */
int protocol_format_turn(char *buf, size_t len, const struct game_state *s, int time_ms);

/* "result <score> winner <mark|none> reason <reason>" for a finished game. */
int protocol_format_result(char *buf, size_t len, const struct game_state *s, const char *reason);

/* "quit" */
int protocol_format_quit(char *buf, size_t len);

/* Bots' bytes are never echoed raw (to the console, the CSV files or the other
 * bot): at most PROTOCOL_ECHO_MAX bytes of them are shown, escaped. */
#define PROTOCOL_ECHO_MAX 32

/* True if the len bytes of text are all printable ASCII (0x20 to 0x7e): what a
 * reply may hold (its final '\r' is dropped before). */
bool protocol_is_printable(const char *text, size_t len);

/* Write the first PROTOCOL_ECHO_MAX of the len bytes of text into out (cap
 * bytes, 4 * PROTOCOL_ECHO_MAX + 8 always enough), each byte that is not
 * printable ASCII escaped as \0, \t, \r, \n or \xHH, and '\\' and '"' with a
 * backslash; "..." after it if text was longer. Returns out. */
char *protocol_escape(char *out, size_t cap, const char *text, size_t len);

/* Read a bot's reply (without its newline) in position s: a move, "pass" or
 * "resign", with or without the mark. Returns 0 with *out set (the rules judge
 * the move), or -1 if the line is not a reply at all (malformed). */
int protocol_parse_reply(const struct game_state *s, const char *line, struct action *out);

#endif
