/* player.h: a bot as a match sees it: a process that is started when needed,
 * asked for moves against a deadline, told things, and stopped. Turns what goes
 * wrong with the process into fouls with reasons; does not know the rules. */
#ifndef REFEREE_PLAYER_H
#define REFEREE_PLAYER_H

#include "adapter.h"
#include "config.h"
#include "game.h"
#include "proc.h"
#include "record.h"

#include <stdatomic.h>

#define PLAYER_REASON_MAX 160

struct player {
    const struct bot_spec *bot; /* borrowed; outlives the player */
    const struct game_def *def; /* the game it plays (a handshake may name its board) */
    const char *log_path;       /* borrowed; NULL: the bot's stderr is dropped */
    int log_fd;                 /* or: the log, open (borrowed), when > 2; -1 from player_init */
    size_t log_cap;
    struct proc proc;
    bool running;
    bool tainted;            /* its output may be out of step (after a timeout...): restart it */
    int games;               /* games begun in the current process */
    bool renew_refused;      /* a kept process could not be made ready for a new game in
                              * its protocol's way (RESTART): a new process each game */
    bool started;            /* a process was started once: a user's command that works */
    bool answered;           /* it answered a turn in this run: set by its seat when a line
                              * came (seat_bot.c, player_set_answered) and by doctor for
                              * each turn it judges (doctor_turn.c); tests set it to play
                              * a run where the bot answered before */
    int restarts;            /* processes started again because the last one died or
                              * wrote between games (counted in its standings) */
    int64_t last_reply_ns;   /* how long its last reply took; 0: none yet from this process */
    int64_t slowest_ns;      /* its slowest reply from this process */
    struct adapter_state ad; /* the protocol it speaks, and where the talk is */
    const struct adapter *adapter; /* a table its owner has it speak through instead of
                                    * its protocol's (doctor's probes); NULL: none */
    char why[PLAYER_REASON_MAX];   /* why its last start failed: its handshake, or a starver */
    size_t asked_len;              /* bytes written for its last turn (player_ask) */
    /* Lines told with player_tell_later, not written yet (the last `result`). */
    char later[PROTOCOL_LINE_MAX];
    size_t later_len;
    /* The bot's own flag that it answered, shared by its players on every
     * worker (tournament.c) and set as soon as one answers; NULL: none. */
    atomic_bool *answered_anywhere;
};

/* The longest line of an answer outside a game (an engine's name in its
 * handshake) read whole, its head kept; longer fails the handshake. */
#define PLAYER_HELLO_LINE_MAX 65536

/* Whether the bot answered a turn in this run: this player, or any player of
 * the same bot that shares its answered_anywhere. */
static inline bool player_has_answered(const struct player *p)
{
    return p->answered || (p->answered_anywhere && atomic_load(p->answered_anywhere));
}

/* The bot answered a turn: its command works (p->answered, and the flag
 * shared with its other players at once, so that none of them calls it a
 * command that never answered). */
static inline void player_set_answered(struct player *p)
{
    p->answered = true;
    if (p->answered_anywhere)
        atomic_store(p->answered_anywhere, true);
}

/* Lines a bot may write for its log (Gomocup's MESSAGE...) while one answer is
 * due, or between two: more is a flood, and a foul. */
#define PLAYER_LOG_LINES_MAX 1000

/* The protocol p speaks. */
static inline const struct adapter *player_adapter(const struct player *p)
{
    return p->adapter ? p->adapter : adapter_of(p->ad.opt.proto);
}

/* How long player_ask may spin for a reply before it sleeps, when allowed: a
 * bot whose last reply came within this time is likely to answer within it
 * again. Bots that think longer are never spun for. */
#define PLAYER_SPIN_NS 50000

/* What came of asking for a move. */
struct player_reply {
    enum foul foul;   /* FOUL_NONE: line holds the reply */
    bool interrupted; /* the user stopped referee while the bot thought */
    char line[PROTOCOL_REPLY_MAX + 2];
    size_t len;                     /* of line: it may hold any byte, a NUL too */
    char reason[PLAYER_REASON_MAX]; /* for a foul: "timeout (312 ms over 100 ms)" */
    enum foul_detail detail;        /* for a foul: its kind beside the words, to decide on */
    int64_t elapsed_ns;             /* from the request written to the reply read */
};

/* Set up *p for bot playing def (nothing is started yet). */
void player_init(struct player *p, const struct bot_spec *bot, const struct game_def *def,
                 const char *log_path, size_t log_cap);

/* Start the bot's process unless it is running and usable; restart it if it
 * is tainted or `fresh` is asked, or if proc_look saw its stdout stir since
 * its last game: it exited, or wrote when nobody asked (its output out of step
 * with the protocol). Those last two restarts are counted in p->restarts and
 * noted in its log, and no game is lost for them. A new process goes through
 * its protocol's handshake (GTP's protocol_version, name, version; Gomocup's
 * START and ABOUT) before bot->startup_ms, the engine's name noted in its log.
 * A process kept from the last game whose protocol has a word for a new game
 * (Gomocup's RESTART) is asked it within bot->startup_ms; one that does not
 * answer it as it should is stopped and a new one started, for this game and
 * every later one, not counted as a restart (the protocol allows it).
 * Returns 0, or a negative errno when it cannot be started: -EPROTONOSUPPORT
 * when the handshake failed or did not end within bot->startup_ms, p->why
 * saying how; -EAGAIN when out of processes, p->why naming the bot that holds
 * the most (proc_most_processes), or empty. */
int player_ensure_started(struct player *p, bool fresh);

/* The process found gone at the first turn of a game it was kept alive for
 * (it died after the last game's `result`): start it again, counted in
 * p->restarts and noted in its log. Returns 0 or a negative errno. */
int player_restart_dead(struct player *p);

/* Stop its process, if any, and start a new one for the reason in note (a
 * restart, counted in p->restarts and noted in its log). Returns 0 or a
 * negative errno, as player_ensure_started. */
int player_start_again(struct player *p, const char *note);

/* Tell the bot a line it is not expected to answer with its next write (the
 * next game's first lines, or quit), or player_flush, whichever comes first:
 * a `result` then costs the bot no wake-up of its own, which for a fast bot is
 * as much as a move. Lines that do not fit with those waiting are written now.
 * A new process never gets its predecessor's. */
void player_tell_later(struct player *p, const char *line, size_t len, int64_t deadline_ns);

/* Write what player_tell_later left waiting, if anything: for a bot that sits
 * out the next game. */
void player_flush(struct player *p, int64_t deadline_ns);

/* A turn asked of a bot. */
struct player_request {
    const struct game_state *state; /* the position it is asked to move in */
    const char *line;               /* the turn's lines (with the game's before them, if due) */
    size_t len;
    int limit_ms;        /* the limit the bot was told, for the reason text */
    int64_t start_ns;    /* proc_now_ns() as it is asked, its time runs from there; 0: now */
    int64_t deadline_ns; /* absolute: the limit and the margin */
    struct player *idle; /* the opponent, whose output is watched meanwhile; or NULL */
    bool spin;           /* may spin for a fast bot's reply (see below) */
};

/* Write q's lines and read the answer before its deadline, a line at a time
 * through the bot's adapter (lines for its log go there); fills *r with the
 * move in referee's notation, or a foul (a malformed answer, or any in the
 * protocol's terms: GTP's `?`, Gomocup's ERROR).
 * Meanwhile the output of q->idle is watched in the same poll: what it writes
 * while not asked is caught at its next turn (player_wrote_unasked). With
 * q->spin, a bot whose last reply took less than PLAYER_SPIN_NS is read without
 * sleeping for up to that long first (proc_read_reply); without q->spin (one
 * core for the game), such a bot is given the core once (sched_yield) before
 * referee sleeps. A reply read without a poll leaves idle unwatched for that
 * move: player_wrote_unasked looks at it before its turn. Bytes read along
 * with the reply, after it, are left for player_wrote_more. */
void player_ask(struct player *p, const struct player_request *q, struct player_reply *r);

/* How long a bot whose reply has just lost it the game is watched for more
 * output, at least (see player_after_ns): a line after it shows that the reply
 * may have been written before the turn was read (player_wrote_more). */
#define PLAYER_AFTER_NS 20000000LL

/* How long to watch it so: twice its slowest reply from this process, at
 * least PLAYER_AFTER_NS. A bot that read its turn after writing a late line
 * answers the turn in about the time it takes to think. */
static inline int64_t player_after_ns(const struct player *p)
{
    return 2 * p->slowest_ns > PLAYER_AFTER_NS ? 2 * p->slowest_ns : PLAYER_AFTER_NS;
}

/* True if bytes of the bot's stdout wait read and not taken: with its reply,
 * it wrote more. No system call. */
static inline bool player_has_more(const struct player *p)
{
    return p->proc.len > 0;
}

/* Whether the bot's reply r, just judged, was not an answer to its turn alone,
 * filling *extra as the foul of output when not asked if so: the bot had not
 * read a byte of its turn when the reply was taken (the reply was written
 * before it; one system call); or, unless unread_only, more output than lines
 * for its log came after the reply, read with it or before until_ns (now:
 * one look; 0: only what was read already, no system call): two answers to
 * one turn (a line not ended by then counts too, but for a protocol whose log
 * lines may come at any time). For a reply that ends the game or that
 * player_has_more. */
bool player_wrote_more(struct player *p, const struct player_reply *r, int64_t until_ns,
                       bool unread_only, struct player_reply *extra);

/* True if the bot wrote something it was not asked for: what was read along
 * with its last reply, seen while it was watched, or there now (one poll
 * without waiting); fills r as a foul. Called before each turn is written. */
bool player_wrote_unasked(struct player *p, struct player_reply *r);

/* Send quit, give the bot grace_ms to exit, then stop it hard; reap it. */
void player_stop(struct player *p, int grace_ms);

#endif
