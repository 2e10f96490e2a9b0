/* tournament.h: plays a schedule of games on N worker threads, each with its
 * own bot processes, and hands the finished games over in game order, whatever
 * order they finish in (c-chess-cli's sequential writer). */
#ifndef REFEREE_TOURNAMENT_H
#define REFEREE_TOURNAMENT_H

#include "config.h"
#include "gameset.h"
#include "match.h"
#include "record.h"
#include "schedule.h"
#include "start_plan.h"

#include <signal.h>
#include <stdbool.h>

struct tournament {
    struct start_plan start;     /* the game, its rules and openings: where each game starts */
    const struct bot_spec *bots; /* nbots, borrowed */
    int nbots;
    struct schedule schedule;
    struct match_rules rules;
    int jobs;           /* games at once */
    int max_live;       /* bot processes a worker keeps between games; 0: as memory allows */
    bool affinity;      /* each worker and its bots on a core of their own */
    const int *log_fds; /* per bot, its log open to append (borrowed: tournament_open_logs);
                         * NULL: no logs */
    size_t log_cap;     /* bytes a bot's log may reach; 0: no log at all */
    /* A bot that cannot be started or never answers (match.h's operator's
     * mistake) loses that game by forfeit (`could not start (...)`), and every
     * later game of it too, without a process started for it or its opponent
     * (hooks->broken is told once); the run goes on. false: the run fails
     * there (TOURNAMENT_FAILED, naming the bot), recording none of it (a
     * league retires such an entry instead). */
    bool forfeit_broken;
    /* Where the games come from: NULL, the schedule (its games 0 .. count-1).
     * Else (a league) source(source_ctx, index, g) gives game `index` of this
     * run, asked 0, 1, ... in turn with the run's lock held, after
     * hooks->finished of every game handed over so far: it fills *g and
     * returns 1; returns 0 when the run has no more games (those under way
     * finish and are handed over, and the run is TOURNAMENT_DONE); -EAGAIN to
     * be asked again once more games are handed over (an internal error when
     * none is under way); or another negative errno, which fails the run. */
    int (*source)(void *ctx, long index, struct scheduled_game *g);
    void *source_ctx;
};

struct tournament_hooks {
    /* A game begins (in any order). */
    void (*started)(void *ctx, const struct scheduled_game *g);
    /* A game is over and is next in game order: write it, print it. Returns 0
     * to go on, 1 to stop the run after this game (an SPRT verdict: no later
     * game is handed over, games under way are aborted), or a negative errno
     * that stops it as a failure. */
    int (*finished)(void *ctx, const struct game_record *rec);
    /* Every 100 ms while games are under way (may be NULL), with the same lock
     * as finished: to flush what finished buffered. Returns 0, or a negative
     * errno that stops the tournament. */
    int (*tick)(void *ctx);
    /* With forfeit_broken: bot (its index) was found broken, error its
     * negative errno (MATCH_NEVER_ANSWERED, an exec error...), why how in
     * words; its games from now on are forfeits. Once per bot, with the lock
     * of finished (may be NULL). */
    void (*broken)(void *ctx, int bot, int error, const char *why);
    void *ctx;
};

/* How tournament_run ended. */
enum tournament_end {
    TOURNAMENT_DONE,        /* every game of the schedule not in skip was handed over */
    TOURNAMENT_INTERRUPTED, /* *interrupt was set (Ctrl-C) */
    TOURNAMENT_STOPPED,     /* hooks->finished asked to stop */
    TOURNAMENT_FAILED,      /* see struct tournament_failure */
};

/* Why tournament_run failed. */
struct tournament_failure {
    int error;                      /* negative errno */
    int bot;                        /* index of the bot that could not be started, or -1 */
    const char *what;               /* what failed: "start the bot", "write the results", ... */
    char detail[PLAYER_REASON_MAX]; /* how, where known (the player's why: a failed
                                     * handshake); "" if not */
};

/* Fill *t with the tournament c asks for (c's bots and openings borrowed):
 * its game, rules and openings, its schedule, time control and workers, a bot
 * that cannot play losing its games by forfeit unless c->stop_on_broken; a
 * bot gets EXIT_GRACE_MS to quit; replies are spun for when every game under
 * way can have two of the machine's cores (its `cores` free for the run).
 * No logs (log_fds NULL) and no source: the caller's to set. */
void tournament_from_config(struct tournament *t, const struct run_config *c, int cores);

/* Play every game of the schedule whose index is not in skip (may be NULL),
 * calling hooks->finished in increasing game order, once per game. A worker is
 * only ever given a game not in skip; a record that arrives where the hand-over
 * does not await it, or a game never handed over, is an internal error that
 * fails the run. The first reason to stop wins: once *interrupt is set or a
 * hook stops or fails the run, no game is taken or handed over, and games under
 * way are aborted and dropped. Fills *failure when it returns
 * TOURNAMENT_FAILED. Every bot process is stopped and reaped before it returns. */
enum tournament_end tournament_run(const struct tournament *t, const struct gameset *skip,
                                   const struct tournament_hooks *hooks,
                                   volatile sig_atomic_t *interrupt,
                                   struct tournament_failure *failure);

/* A file name for a bot's log, dir/NAME.log: anything but [A-Za-z0-9._-] in
 * NAME becomes '_'; dir NULL: NAME.log alone. Returns 0, or -ENAMETOOLONG (out
 * empty) if it does not fit in len bytes. */
int tournament_log_path(char *out, size_t len, const char *dir, const char *bot);

/* Open the log of each of c's c->nbots bots in the folder logs_fd (made if
 * missing, appended to), never through a link (folder.h): fds[b] gets bot b's
 * (the caller closes them: tournament_close_logs). Returns 0; or a negative
 * errno, the path of the file that failed in failed (len bytes, with dir, the
 * folder's name, before it), no log left open. */
int tournament_open_logs(int logs_fd, const char *dir, const struct run_config *c, int *fds,
                         char *failed, size_t len);

/* Close the n logs of tournament_open_logs; -1s are fine. */
void tournament_close_logs(int *fds, int n);

#endif
