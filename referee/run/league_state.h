/* league_state.h: what a league run holds while it plays (league_run.c),
 * how it takes in bots.csv (league_roster.c) and how it reads and keeps its
 * history (league_history.c): the roster, the games so far, a batch's shard.
 * Internal to run/. */
#ifndef REFEREE_LEAGUE_STATE_H
#define REFEREE_LEAGUE_STATE_H

#include "binding.h"
#include "console.h"
#include "league.h"
#include "league_run.h"
#include "results.h"
#include "runlock.h"
#include "roster.h"
#include "standings.h"

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>

#define LEAGUE_MAX_GAMES 100000000L /* games a league can hold (resume's sets are bitmaps) */

struct lrun {
    struct league_options *o;
    const char *dir;
    struct roster_settings set;
    const struct game_def *def;
    struct league l;
    char names[CONFIG_MAX_BOTS][CONFIG_NAME_MAX + 1]; /* the league's entries, by index */
    /* Each entry's program as roster.csv binds it (malloc'ed; "" or NULL:
     * none yet), and as last seen (binding.h: the stat of its files). */
    char *bound_command[CONFIG_MAX_BOTS], *bound_files[CONFIG_MAX_BOTS];
    struct binding seen[CONFIG_MAX_BOTS];
    struct standings *st;
    struct results *out_files;
    struct console con;
    int dir_fd;              /* the league's folder, opened once (folder.h); -1: none */
    struct runlock lock;     /* its lock: a run's own, a shard's shared (runlock_share) */
    int deal_fd;             /* a shard's hold on batch.lock while it deals, or -1 */
    long written;            /* games in games.csv */
    long base;               /* of those, the games before the segment under way */
    long limit_id;           /* no game past this id (--games); LONG_MAX: none */
    int64_t deadline;        /* no pair starts after it (--for); 0: none */
    bool reached;            /* the source stopped at a limit */
    bool starved;            /* the source stopped: fewer than two entries */
    struct stat roster_seen; /* bots.csv as the segment started */
    bool standings_dirty;
    int64_t standings_at;
    long reported; /* games in report.html */
    int64_t reported_at;
    int segments;    /* segments played by this run */
    const char *out; /* where its games go: dir, or a shard's folder */
    char shard_dir[PATH_MAX];
    int shard_fd; /* the shard's folder, or -1 */
    struct runlock shard_lock;
    int out_fd;                  /* the folder of out: dir_fd or shard_fd (not closed by itself) */
    int logs_fd;                 /* its logs/, or -1 */
    struct scheduled_game *list; /* a shard's games, nlist; NULL: the league's picks */
    long nlist;
    /* Each entry's games finished (in the league, and by this run), and
     * under way in the segment: an entry that has finished none plays one
     * game at a time, so that a broken one is found broken by one worker
     * and its log holds one account, not two interleaved (league_run.c). */
    long played[CONFIG_MAX_BOTS];
    int under_way[CONFIG_MAX_BOTS];
    int failed;                      /* the entry the last segment could not start, or -1 */
    char failed_why[PATH_MAX + 200]; /* why, as said on stderr */
    bool changed;                    /* a shard stopped: an entry's program changed under it */
    long handed;                     /* a shard's games handed over by its segment */
    char logs[PATH_MAX + 8];
};

/* The first game of the next pair not yet under way: where a roster change
 * takes effect. */
long lrun_next_pair(const struct lrun *lr);

/* The index of entry name in the league, or -1. */
int lrun_index_of(const struct lrun *lr, const char *name);

/* bots.csv against the league: an entry new to it enters, bound to its
 * program (binding.h); one whose program is not the one it is bound to is
 * refused, and bound again once it is; one retired or gone from the file
 * retires; each from the next pair's first game, logged in roster.csv and
 * said on stderr. Dry (a shard of a batch dealt already, which only reads
 * the league): entries in, out or bound again wait for the merge, and a
 * program changed is refused. Returns 0 or an exit code, having said why. */
int lrun_sync_roster(struct lrun *lr, bool dry);

/* The entries of bots.csv that are not retired (what a run's banner
 * counts: roster.csv has not taken in a new league's yet); 0 if it cannot
 * be read (the run says why). */
int lrun_count_entries(const struct lrun *lr);

/* Whether bots.csv, or a file of an entry's program that is not retired,
 * changed since lrun_sync_roster last read it (by their stat). */
bool lrun_roster_changed(const struct lrun *lr);

/* Whether a file of the program of an entry that is not retired changed
 * since lrun_sync_roster last read it (by its stat: binding_is_stale). */
bool lrun_programs_changed(const struct lrun *lr);

/* Apply event e of roster.csv to the league: an entry entered (bound to the
 * program e names), retired, refused (held out of the games) or bound again.
 * Returns 0 or a negative errno. */
int lrun_apply_event(struct lrun *lr, const struct roster_event *e);

/* Free the bindings lr holds (bound and seen). */
void lrun_release_bindings(struct lrun *lr);

/* The league so far into lr: roster.csv's history, games.csv and moves.csv
 * made whole (a killed run's torn tail dropped; look_only: read, not
 * rewritten), every game checked against the league's pick at its id and
 * counted in the standings. Returns 0 or an exit code, having said why. */
int lrun_load_history(struct lrun *lr, bool look_only);

/* Retire entry, which cannot be started (lr->failed_why says why), from
 * the next pair on (logged in roster.csv with that reason, and written in
 * bots.csv's `retired`), and read the league again with it retired: its
 * results files must be closed (they are rewritten). Returns 0 or an exit
 * code, having said why. */
int lrun_retire_failed(struct lrun *lr, int entry);

/* The shard folders of a batch, if lr's folder has any, taken into the
 * league (league_batch.h). Returns 0 or an exit code, having said why. */
int lrun_merge(struct lrun *lr);

/* A shard joins its league's batch, before it reads the league: it waits
 * for the shards that deal meanwhile (an flock on DIR/batch.lock, held until
 * lrun_open_shard has dealt its own part), then shares the league's lock
 * with the other shards (runlock_share), so that no `league run` plays or
 * merges while any shard plays, and any number of shards start at once.
 * Returns 0 or an exit code, having said why. */
int lrun_join_batch(struct lrun *lr);

/* A shard of the next batch: if no shard has dealt it (no DIR/shard-*
 * folder), bots.csv taken into roster.csv first, as a merge would (the shard
 * that deals fixes the batch's roster); then its folder (DIR/shard-I) locked
 * and made whole, and the games of its own it lacks in lr->list; lr->out set
 * to it; batch.lock let go. Returns 0 or an exit code, having said why. */
int lrun_open_shard(struct lrun *lr);

#endif
