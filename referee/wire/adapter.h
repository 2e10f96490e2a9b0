/* adapter.h: the protocol a bot speaks. referee's view of a game (a process
 * that starts, a game that starts, a turn with the position and the
 * opponent's last move, the end of the game, quit) is turned into the lines of
 * one protocol, and the lines the bot writes back into a reply in referee's
 * notation, a line for its log, or a foul. One table of functions per
 * protocol (adapter_*.c), listed in adapter.c: referee's own line protocol
 * (protocol/PROTOCOL.md), GTP (Othello engines such as gtp-rhino), the
 * Gomocup/Piskvork protocol (gomoku brains) and NBoard (Othello engines:
 * Edax, NTest). Pure: no I/O; player.c writes
 * and reads the lines. */
#ifndef REFEREE_ADAPTER_H
#define REFEREE_ADAPTER_H

#include "game.h"
#include "protocol.h"

#include <stdbool.h>
#include <stddef.h>

enum proto { PROTO_REFEREE, PROTO_GTP, PROTO_GOMOCUP, PROTO_NBOARD, PROTO_COUNT };

/* An engine option the user gave a bot (--option NAME=KEY=VALUE, the engines
 * file's options column): KEY and VALUE, checked printable ASCII, KEY without
 * blanks (config_bot_set_option); the strings are owned by the bot_spec. */
struct adapter_option {
    char *key;
    char *value;
};

/* Engine options per bot, at most; bytes of a key, of a value, and of keys
 * and values in all, at most: the lines that set them fit in one write. */
#define ADAPTER_OPTIONS_MAX      16
#define ADAPTER_OPTION_KEY_MAX   64
#define ADAPTER_OPTION_VALUE_MAX 256
#define ADAPTER_OPTIONS_TEXT_MAX 2048

/* How the adapter of a bot is set up (per bot, from its options). */
struct adapter_options {
    enum proto proto;
    bool gtp_pass_explicit; /* GTP: send the opponent's passes with `play b pass` */
    struct adapter_option option[ADAPTER_OPTIONS_MAX]; /* in the order given */
    int noptions;
    /* What the bot may use (--memory), told to a Gomocup brain; 0: no limit. */
    long long memory_bytes;
};

/* An engine's name and version, as its handshake said them, are kept up to
 * this many bytes, each byte outside printable ASCII escaped (\xHH). */
#define ADAPTER_ENGINE_MAX 256

/* What GTP keeps of its commands and answers (adapter_gtp.c). */
struct adapter_gtp {
    unsigned next_id;     /* the id of the next command */
    unsigned await_first; /* ids of the answers due, await_first..await_last */
    unsigned await_last;
    unsigned genmove_id; /* the command whose answer is the move; 0: none due */
    unsigned name_id, version_id;
    char sent[16][28]; /* the last commands sent, by id % 16, for reasons */
    bool await_blank;  /* the empty line that ends an answer is due */
    char answer[64];   /* the move, as the engine wrote it */
};

/* What a Gomocup brain's talk keeps (adapter_gomocup.c). */
struct adapter_gomocup {
    enum gomocup_due {
        GOMOCUP_OK_TO_START, /* START's OK */
        GOMOCUP_ABOUT,       /* ABOUT's line */
        GOMOCUP_OK_TO_RESTART,
        GOMOCUP_MOVE,   /* the move of a turn */
        GOMOCUP_PLAYED, /* the move after `PLAY x,y`, sent for its SUGGEST */
    } due;
};

/* What an NBoard engine's talk keeps (adapter_nboard.c). */
struct adapter_nboard {
    unsigned ping;   /* the number of the last `ping` sent */
    bool in_step;    /* its `pong` to that ping came: what follows answers the last `go` */
    int clock_s;     /* the game's clock in seconds (TI), 0: a limit per move */
    int increment_s; /* added after each move, seconds */
};

/* What an adapter keeps of the conversation with one process: what every
 * protocol needs, and each protocol's own part, which only its adapter reads. */
struct adapter_state {
    struct adapter_options opt;
    const struct game_def *def;
    enum side side;     /* the side the bot plays in the game under way */
    int known;          /* plies of the game the engine knows; -1: not shown the board yet */
    bool in_game;       /* a game was opened with the engine */
    bool clock;         /* the game is played on a clock, not a limit per move */
    long clock_left_ms; /* the side to move's clock as its turn is written (set by the
                         * match before turn); -1: the game has no clock */
    char engine[ADAPTER_ENGINE_MAX + 1]; /* its name and version, from the handshake */
    union {
        struct adapter_gtp gtp;
        struct adapter_gomocup gomocup;
        struct adapter_nboard nboard;
    };
};

/* Where a read puts what it yields: the move in referee's notation, a line
 * for the log, or a foul's reason (bot text escaped); len bytes of cap. A reply
 * may hold any byte, for the judge to refuse. */
struct adapter_out {
    char *text;
    size_t cap;
    size_t len;
};

/* What a line the bot wrote is. */
enum adapter_read {
    ADAPTER_MORE,  /* part of the answer: read on */
    ADAPTER_REPLY, /* the answer is complete: out holds the move in referee's notation */
    ADAPTER_LOG,   /* a line for the bot's log (out), not an answer: read on; out
                    * empty: a line to ignore (an empty line), counted as one */
    ADAPTER_FOUL,  /* out holds the reason (bot text escaped) */
    ADAPTER_SEND,  /* out holds lines to write to the bot (Gomocup's PLAY for a
                    * SUGGEST) within the answer's deadline, then read on */
};

/* Lines a protocol writes, into buf (len bytes, PROTOCOL_LINE_MAX * 2 always
 * enough), as their length, or -1 if they do not fit; 0: nothing to write. */
struct adapter {
    const char *name;
    const char *usual_game; /* the game its engines are for, when none is named */
    bool logs_anytime;      /* lines for its log may come at any time, even after a reply */
    /* Whether the protocol can play def at all (its moves and board in the
     * protocol's terms); a bot that cannot is refused before any game. Every
     * protocol has one (test_adapters checks the registry). */
    bool (*plays)(const struct game_def *def);
    /* Append at *n in buf (len bytes) the lines that set engine option key to
     * value, in the protocol's own way; false once they do not fit. Called
     * through adapter_put_options by the protocol's own hello or game, where
     * its protocol sets options: GTP after the handshake's commands (a command
     * `KEY VALUE`, its answer awaited as theirs), Gomocup after each game's
     * INFO lines (`INFO KEY VALUE`), referee's own before each `game` line
     * (`option KEY VALUE`), NBoard after its handshake (`set KEY VALUE`). key
     * and value are printable ASCII, key without blanks; value may be "".
     * NULL: the protocol has no options, and a bot given some is refused. */
    bool (*option)(struct adapter_state *a, const char *key, const char *value, char *buf,
                   size_t len, size_t *n);
    bool cr_ends_line; /* a CR alone ends a line the bot writes, as LF and CR LF do */
    /* The handshake of a new process, its answers read through read(). */
    int (*hello)(struct adapter_state *a, const struct game_def *def, char *buf, size_t len);
    /* A process kept from the last game is made ready for the next one
     * (Gomocup's RESTART), its answer read through read(): a reply, or a foul
     * if the process cannot be kept (then a new one is started, no game lost
     * for it). NULL: a kept process needs nothing (game() says it all). */
    int (*renew)(struct adapter_state *a, char *buf, size_t len);
    /* A new game for side g->side from position start (its opening): written
     * with the side's first turn. */
    int (*game)(struct adapter_state *a, const struct protocol_game *g,
                const struct game_state *start, char *buf, size_t len);
    /* The side to move in s is asked for its move, time_ms to make it. */
    int (*turn)(struct adapter_state *a, const struct game_state *s, int time_ms, char *buf,
                size_t len);
    /* One line the bot wrote (n bytes, any bytes, its newline dropped) while
     * an answer is due: to the handshake (s NULL) or to the turn in s. */
    enum adapter_read (*read)(struct adapter_state *a, const struct game_state *s, const char *line,
                              size_t n, struct adapter_out *out);
    /* One line the bot wrote when no answer was due: a line for its log
     * (ADAPTER_LOG) or the foul of writing unasked (ADAPTER_FOUL). */
    enum adapter_read (*stray)(struct adapter_state *a, const char *line, size_t n,
                               struct adapter_out *out);
    /* The game is over (s), with its reason. */
    int (*result)(struct adapter_state *a, const struct game_state *s, const char *reason,
                  char *buf, size_t len);
    /* The process is to exit. */
    int (*quit)(struct adapter_state *a, char *buf, size_t len);
};

/* The adapter of proto. */
const struct adapter *adapter_of(enum proto proto);

/* The names of the protocols, as a refusal lists them. */
#define ADAPTER_NAMES "referee, gtp, gomocup or nboard"

/* The protocol named name (one of ADAPTER_NAMES), or PROTO_COUNT. */
enum proto adapter_find(const char *name);

/* Whether a bot of protocol proto can play def. */
bool adapter_plays(enum proto proto, const struct game_def *def);

/* Start *a afresh for a new process of a bot with options opt. */
void adapter_reset(struct adapter_state *a, const struct adapter_options *opt);

/* Helpers shared by the adapters. */

/* Append what fmt says to buf at *n; false (and *n past len) once it does not fit. */
bool adapter_put(char *buf, size_t len, size_t *n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The bot's text, escaped and cut (protocol_escape), in quotes after what. */
void adapter_quote(char *out, size_t cap, const char *what, const char *text, size_t n);

/* Append the lines of every engine option of a (a->opt.option) at *n, by its
 * protocol's option writer; false once they do not fit. */
bool adapter_put_options(struct adapter_state *a, char *buf, size_t len, size_t *n);

/* Append the bot's text (n bytes) to a->engine, after a blank if it holds
 * some, escaped as escape_byte (escape.h) does, up to ADAPTER_ENGINE_MAX bytes
 * (a byte's escape whole or not at all). */
void adapter_add_engine(struct adapter_state *a, const char *text, size_t n);

/* out becomes what, then the bot's text quoted (adapter_quote); returns kind. */
enum adapter_read adapter_say(struct adapter_out *out, enum adapter_read kind, const char *what,
                              const char *line, size_t n);

/* out becomes the bot's text as it is (cut to fit), for the judge; returns ADAPTER_REPLY. */
enum adapter_read adapter_reply(struct adapter_out *out, const char *line, size_t n);

/* A stray line of a protocol without lines for the log: the foul of writing unasked. */
enum adapter_read adapter_stray_foul(struct adapter_state *a, const char *line, size_t n,
                                     struct adapter_out *out);

#endif
