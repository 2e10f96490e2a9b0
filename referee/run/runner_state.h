/* runner_state.h: what a run holds while it plays (runner.c), how it plans
 * its games (runner_plan.c), opens its results folder (runner_folder.c),
 * hears its tournament (runner_events.c) and ends (runner_end.c). Internal to run/. */
#ifndef REFEREE_RUNNER_STATE_H
#define REFEREE_RUNNER_STATE_H

#include "config.h"
#include "console.h"
#include "gameset.h"
#include "report.h"
#include "report_live.h"
#include "results.h"
#include "runlock.h"
#include "sprt.h"
#include "standings.h"
#include "tournament.h"

#include <limits.h>
#include <stdbool.h>

struct runner {
    const struct run_config *cfg;
    struct tournament t;
    struct results *out;
    struct standings *st;
    struct gameset skip;    /* games not to play: resumed, or other shards' */
    struct gameset written; /* games of this run's files: resumed or handed over */
    struct gameset kept;    /* of those, the resumed ones */
    long kept_last;         /* the highest index of those; -1: none */
    bool out_of_order;      /* a game was written after a later one it kept */
    long total;             /* games of the whole schedule */
    long planned;           /* games of this run's slice */
    long done;              /* of those, written */
    struct sprt_tally tally;
    enum sprt_verdict verdict;
    struct console con;
    bool hinted[CONFIG_MAX_BOTS]; /* console_hint_flush said for this bot */
    bool said_where;              /* "Results in ..." was printed */
    struct report_run report_run; /* what the report knows of the run */
    struct report_live *live;     /* its report, gathered as games are written; NULL: read
                                   * back from the files at the end (a resumed run) */
    char logs[PATH_MAX + 8];
    int dir_fd;                   /* the results folder, opened once (folder.h); -1: none */
    int logs_fd;                  /* its logs/; -1: none */
    int log_fds[CONFIG_MAX_BOTS]; /* each bot's log in it (tournament_open_logs) */
    struct runlock lock;          /* the folder's lock (runlock.h) */
    bool lock_remade;             /* said that run.lock was made again */
    bool broken[CONFIG_MAX_BOTS]; /* could not be started or never answered: its games
                                   * from then on are forfeits (tournament.h) */
    int nbroken;
};

/* The games this run plays (rn->skip, rn->written, rn->kept, the counts):
 * its shard's, less those a resumed run has, whose SPRT and score are
 * counted again. Returns 0 or an exit code, having said why. */
int runner_plan(struct runner *rn);

/* Count a game for the SPRT, from the candidate's (bots[0]) view: first is
 * the bot that played first, winner a side. Returns true when this game
 * brought the verdict (rn->verdict). */
bool runner_count_sprt(struct runner *rn, const char *first, int winner, int opening_id);

/* Open the results folder once (rn->dir_fd) and take its run.lock, every file
 * the run writes checked for a link. Returns 0 or an exit code, having said why. */
int runner_lock_results(struct runner *rn);

/* Open games.csv, moves.csv, logs/ and each bot's log, and write run.csv.
 * Returns 0 or an exit code, having said why. */
int runner_open_results(struct runner *rn);

/* Say why path cannot be written (err a negative errno). Returns the exit
 * code: EXIT_USAGE for a link, else EXIT_SYSTEM. */
int runner_refuse_write(const char *path, int err);

/* Check that run.lock is still the file this run locked, made again if not
 * (said once). */
void runner_keep_lock(struct runner *rn);

/* The tournament's hooks (struct tournament_hooks), ctx the runner: a game
 * started (its line and the progress); a tick (the lock kept, rows flushed:
 * 0 or a negative errno); a game finished (written, counted, said: 1 if it
 * brought an SPRT verdict, 0, or a negative errno); a bot that cannot play
 * (said, with its log's last lines; its games forfeits). */
void runner_on_started(void *ctx, const struct scheduled_game *g);
int runner_on_tick(void *ctx);
int runner_on_finished(void *ctx, const struct game_record *rec);
void runner_on_broken(void *ctx, int bot, int error, const char *why);

/* Say that bot b cannot play (error and why from the tournament), then the
 * last lines of its log; then ends the first line. */
void runner_say_broken(const struct runner *rn, int b, int error, const char *why,
                       const char *then);

/* The first of this run's games (an index) that it did not write, -1 if
 * none; how many in *missing. */
long runner_first_missing(const struct runner *rn, long *missing);

/* The exit status of a run whose tournament ended so (failure: what failed,
 * if it did), having said what went wrong. */
int runner_exit_status(struct runner *rn, enum tournament_end end,
                       const struct tournament_failure *failure);

/* The standings files, the report and the closing lines of a run that ended
 * with exit code rc. Returns rc, or the error of a file not written if rc was 0. */
int runner_conclude(struct runner *rn, int rc);

#endif
