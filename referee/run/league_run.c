/* league_run.c: a league's games, played in segments: each a tournament of
 * the roster as it stands, whose games come from the league's picks
 * (league.h), until the roster's file changes, a limit, or Ctrl-C. */
#include "league_state.h"
#include "league_pick.h"
#include "league_standings.h"
#include "defaults.h"
#include "host.h"
#include "inputs.h"
#include "report_write.h"
#include "ledger.h"
#include "path.h"
#include "proc.h"
#include "runlock.h"
#include "folder.h"
#include "sandbox_setup.h"
#include "tournament.h"
#include "xalloc.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define STANDINGS_EVERY_NS (1000 * NS_PER_MS)
#define REPORT_EVERY_NS    (30000 * NS_PER_MS)

/* A segment under way: the run, and its picker (league_pick.h; NULL: picks
 * made on the tournament's thread, through league.h, as for a shard). */
struct seg {
    struct lrun *lr;
    long taken; /* the id of the last game the source gave out */
    struct league_picker *picker;
    struct league_standings *writer; /* standings.csv's (NULL: written on tick) */
};

/* Whether game g must wait: one of its entries has finished no game yet
 * and has one under way (its first start is seen through, alone). */
static bool waits_for_first(const struct lrun *lr, const struct scheduled_game *g)
{
    for (int s = 0; s < 2; s++)
        if (lr->played[g->bots[s]] == 0 && lr->under_way[g->bots[s]] > 0)
            return true;
    return false;
}

/* Game g handed out (rc 1), counted under way; else rc as it is. */
static int hand_out(struct lrun *lr, const struct scheduled_game *g, int rc)
{
    if (rc == 1 && waits_for_first(lr, g))
        return -EAGAIN; /* a game is under way: the tournament asks again */
    for (int s = 0; rc == 1 && s < 2; s++)
        lr->under_way[g->bots[s]]++;
    return rc;
}

/* The tournament's source: the league's game at each id, until a limit, a
 * change of bots.csv (at a pair's start), or too few entries. */
static int source(void *ctx, long index, struct scheduled_game *g)
{
    struct seg *sg = ctx;
    struct lrun *lr = sg->lr;
    long id = lr->base + index + 1;

    if (lr->list) {
        if (index >= lr->nlist)
            return 0;
        /* A shard cannot refuse an entry (the merge does): it stops. */
        if ((lr->changed = lrun_programs_changed(lr)))
            return 0;
        *g = lr->list[index];
        return hand_out(lr, g, 1);
    }
    if (id > lr->limit_id || (id % 2 == 1 && lr->deadline && proc_now_ns() >= lr->deadline)) {
        lr->reached = true;
        return 0;
    }
    if (id % 2 == 1 && lrun_roster_changed(lr))
        return 0;
    int rc = sg->picker ? league_picker_game(sg->picker, id, g) : league_game(&lr->l, id, g);
    if (rc == 0)
        lr->starved = true;
    rc = hand_out(lr, g, rc);
    if (rc == 1) {
        sg->taken = id;
        if (sg->picker)
            league_picker_taken(sg->picker, id);
    }
    return rc == -EINVAL ? -EPROTO : rc;
}

static int write_standings(struct lrun *lr)
{
    const char *name;
    int rc = results_write_standings(lr->dir_fd, lr->st, &name);
    lr->standings_dirty = false;
    lr->standings_at = proc_now_ns();
    return rc;
}

/* report.html of the games written so far, whole (by rename). A report that
 * cannot be written says so; the league goes on. */
static void write_report(struct lrun *lr)
{
    char path[PATH_MAX];
    const char *dirs[1] = {lr->dir};

    lr->reported_at = proc_now_ns();
    if (lr->o->run.no_report || lr->list || lr->written == lr->reported ||
        path_join(path, sizeof(path), lr->dir, "report.html") < 0)
        return;
    if (report_write(path, dirs, 1, NULL) == EXIT_OK)
        lr->reported = lr->written;
}

static int on_tick(void *ctx)
{
    struct seg *sg = ctx;
    struct lrun *lr = sg->lr;
    long holder;
    /* run.lock made again if it was removed (runlock.h); what another run
     * took meanwhile is tried again next time: this run holds games.csv. */
    runlock_check(lr->o->shards ? &lr->shard_lock : &lr->lock, &holder);
    int rc = results_flush(lr->out_files);
    int64_t now = proc_now_ns();
    /* standings.csv follows the games, whole, at most once a second; the
     * report, which reads the files back, every 30 s. */
    if (rc == 0 && !sg->writer && lr->standings_dirty &&
        now - lr->standings_at >= STANDINGS_EVERY_NS)
        rc = write_standings(lr);
    if (rc == 0 && now - lr->reported_at >= REPORT_EVERY_NS)
        write_report(lr);
    return rc;
}

static int on_finished(void *ctx, const struct game_record *rec)
{
    struct seg *sg = ctx;
    struct lrun *lr = sg->lr;
    struct game_summary s;
    int bots[2] = {lrun_index_of(lr, rec->bots[0]), lrun_index_of(lr, rec->bots[1])};
    bool aborted = rec->state.end == END_ABORTED;
    int rc = results_write_game(lr->out_files, rec);

    if (rc < 0)
        return rc;
    for (int side = 0; side < 2; side++)
        if (bots[side] >= 0) {
            lr->played[bots[side]]++;
            lr->under_way[bots[side]]--;
        }
    if (lr->list) { /* a shard's: the merge counts it */
        lr->handed++;
        console_finished(&lr->con, rec);
        return 0;
    }
    ledger_summary_of_record(rec, &s);
    if (sg->writer) {
        if ((rc = league_standings_add(sg->writer, &s, rec)) < 0)
            return rc;
    } else {
        if (standings_add_game(lr->st, &s) < 0)
            return -ENOMEM;
        for (int side = 0; side < 2; side++)
            if (rec->engines[side][0] &&
                standings_set_engine(lr->st, rec->bots[side], rec->engines[side]) == -ENOMEM)
                return -ENOMEM;
    }
    /* The next picks count it: it is the game of this id (league_record
     * checks, on the picker's thread: a refusal comes back with a later call). */
    rc = sg->picker ? league_picker_record(sg->picker, bots, rec->state.winner, aborted)
                    : league_record(&lr->l, bots, rec->state.winner, aborted);
    if (rc < 0)
        return rc == -EINVAL ? -EPROTO : rc;
    lr->written++;
    lr->standings_dirty = true;
    console_finished(&lr->con, rec);
    return 0;
}

/* The bots of a segment in c, by league index, from bots.csv, with the run's
 * limits. An entry no longer in the file is retired: it gets a command that
 * is never started. Returns 0 or an exit code, having said why. */
static int segment_bots(struct lrun *lr, struct run_config *c)
{
    struct run_config file = {0};
    char path[PATH_MAX];
    const char *why;
    int rc = path_join(path, sizeof(path), lr->dir, ROSTER_BOTS);

    if (rc == 0 && access(path, F_OK) == 0 &&
        (rc = inputs_load_roster(&file, path, NULL, NULL)) != 0) {
        config_run_release(&file);
        return rc;
    }
    for (int i = 0; i < lr->l.n; i++) {
        int found = -1;
        for (int b = 0; b < file.nbots; b++)
            if (file.bots[b].name && strcmp(file.bots[b].name, lr->names[i]) == 0)
                found = b;
        if (found >= 0) {
            c->bots[i] = file.bots[found];
            file.bots[found] = (struct bot_spec){0};
        } else if (config_bot_make(&c->bots[i], lr->names[i], "false", &why) < 0) {
            message_error("entry '%s': %s", lr->names[i], why);
            config_run_release(&file);
            return EXIT_SYSTEM;
        }
        c->bots[i].limits = c->limits;
        c->bots[i].startup_ms = c->startup_ms;
        c->bots[i].trace = c->trace;
        c->nbots = i + 1;
    }
    config_run_release(&file);
    host_say_memory_cover(c);
    return c->sandbox ? sandbox_setup(c) : 0;
}

/* The exit status of a segment that ended so, having said what went wrong. */
static int segment_exit(struct lrun *lr, const struct run_config *c, enum tournament_end end,
                        const struct tournament_failure *failure)
{
    if (end == TOURNAMENT_INTERRUPTED)
        return EXIT_INTERRUPTED;
    if (end != TOURNAMENT_FAILED)
        return 0;
    if (failure->bot >= 0) {
        const struct bot_spec *b = &c->bots[failure->bot];
        const char *why = failure->detail[0] ? failure->detail : strerror(-failure->error);
        snprintf(lr->failed_why, sizeof(lr->failed_why), "%s '%s': %s",
                 failure->error == MATCH_NEVER_ANSWERED ? "it cannot play: its program"
                                                        : "cannot start its program",
                 b->argv[0], why);
        message_error("%s '%s' ('%s'): %s",
                      failure->error == MATCH_NEVER_ANSWERED ? "entry cannot play:"
                                                             : "cannot start entry",
                      b->name, b->argv[0], why);
        lr->failed = failure->bot;
        return EXIT_SYSTEM;
    }
    message_error("cannot %s in '%s': %s", failure->what ? failure->what : "go on", lr->dir,
                  strerror(-failure->error));
    return failure->error == -EPROTO ? EXIT_INTERNAL : EXIT_SYSTEM;
}

/* Play the league's games with the roster as it is, until the source ends
 * them. Returns 0 to go on (or stop, if lr->reached), or an exit code. */
static int segment(struct lrun *lr)
{
    struct run_config *c = xmalloc(sizeof(*c));
    struct tournament_failure failure = {0};
    enum tournament_end end = TOURNAMENT_FAILED;

    *c = lr->o->run;
    memset(c->bots, 0, sizeof(c->bots));
    c->nbots = 0;
    int rc = segment_bots(lr, c), log_fds[CONFIG_MAX_BOTS];
    char failed[PATH_MAX + 96];
    if (rc == 0 && c->log_cap > 0 &&
        (rc = tournament_open_logs(lr->logs_fd, lr->logs, c, log_fds, failed, sizeof(failed))) <
            0) {
        message_error("cannot write '%s': %s", failed, folder_why(rc));
        rc = folder_is_link(rc) ? EXIT_USAGE : EXIT_SYSTEM;
    } else if (rc == 0) {
        struct tournament t;
        tournament_from_config(&t, c, host_cores());
        /* The league's own: its settings' rules and openings, each pair of
         * the roster twice on its seed, the games its picks give; an entry
         * that cannot play is retired, not given forfeits. */
        t.start = (struct start_plan){.def = lr->def,
                                      .early_draw = lr->set.early_draw,
                                      .opening_plies = (int)lr->set.openings};
        t.schedule = (struct schedule){.format = SCHEDULE_ROUND_ROBIN,
                                       .nbots = c->nbots,
                                       .games_per_pairing = 2,
                                       .rounds = 1,
                                       .seed = lr->set.seed};
        t.forfeit_broken = false;
        t.log_fds = c->log_cap > 0 ? log_fds : NULL;
        struct seg sg = {.lr = lr, .taken = lr->written};
        t.source = source;
        t.source_ctx = &sg;
        struct tournament_hooks hooks = {.finished = on_finished, .tick = on_tick, .ctx = &sg};
        lr->base = lr->written;
        memset(lr->under_way, 0, sizeof(lr->under_way)); /* the last segment's all ended */
        /* Picks and standings.csv off the games' threads; without a thread,
         * on them as before. */
        if (!lr->list && league_picker_start(&lr->l, &sg.picker) < 0)
            sg.picker = NULL;
        if (!lr->list &&
            league_standings_start(lr->st, lr->dir_fd, STANDINGS_EVERY_NS, &sg.writer) < 0)
            sg.writer = NULL;
        end = tournament_run(&t, NULL, &hooks, &host_interrupted, &failure);
        int err = sg.picker ? league_picker_stop(sg.picker) : 0;
        /* A pair picked and none of its games given out (picked ahead, or
         * refused at the roster's change) is dropped: the roster may change
         * at it, and the next segment picks it again as a replay would. */
        long ahead = (sg.taken + 1) / 2 + 1;
        if (err == 0 && !lr->list && lr->l.npairs >= ahead)
            err = league_unpick(&lr->l, ahead);
        int serr = sg.writer ? league_standings_stop(sg.writer) : 0;
        if (serr < 0 && end != TOURNAMENT_FAILED) {
            end = TOURNAMENT_FAILED;
            failure = (struct tournament_failure){
                .error = serr, .bot = -1, .what = "write the standings"};
        }
        if (err < 0 && end != TOURNAMENT_FAILED) {
            end = TOURNAMENT_FAILED;
            failure = (struct tournament_failure){
                .error = err == -EINVAL ? -EPROTO : err, .bot = -1, .what = "record the games"};
        }
        err = results_flush(lr->out_files);
        if (err < 0 && end != TOURNAMENT_FAILED) {
            end = TOURNAMENT_FAILED;
            failure =
                (struct tournament_failure){.error = err, .bot = -1, .what = "write the results"};
        }
        rc = segment_exit(lr, c, end, &failure);
        if (c->log_cap > 0)
            tournament_close_logs(log_fds, c->nbots);
    }
    /* Its bots' specs are the segment's own; the rest of c is borrowed. */
    for (int i = 0; i < c->nbots; i++)
        config_bot_release(&c->bots[i]);
    free(c);
    return rc;
}

/* The league's lock: a shard joins its batch's (lrun_join_batch), a run
 * takes it whole. Returns 0 or an exit code, having said why. */
static int lock_league(struct lrun *lr)
{
    long holder;
    int rc;

    if (lr->o->shards > 0)
        return lrun_join_batch(lr);
    if ((rc = runlock_take(&lr->lock, lr->dir_fd, &holder)) == -EWOULDBLOCK) {
        if (runlock_is_shared(lr->dir_fd))
            message_error("league '%s' has a batch's shards playing: once every shard has ended, "
                          "'referee league run %s --merge' takes the batch in",
                          lr->dir, lr->dir);
        else
            message_error("league '%s' is being run by another process%s; one run at a time "
                          "plays a league",
                          lr->dir, holder > 0 ? " (its pid is in run.lock)" : "");
        return EXIT_USAGE;
    }
    if (rc < 0) {
        message_error("cannot lock '%s': %s", lr->dir, folder_why(rc));
        return folder_is_link(rc) ? EXIT_USAGE : EXIT_SYSTEM;
    }
    return 0;
}

/* Take the folder, read its settings and history, and open its results.
 * Returns 0 or an exit code, having said why. */
static int open_league(struct lrun *lr)
{
    char why[PATH_MAX + 200];
    int rc = roster_read_settings(lr->dir, &lr->set, why, sizeof(why));

    if (rc == -ENOENT) {
        message_error("'%s' is not a league: no %s (make one with 'referee league add')", lr->dir,
                      ROSTER_SETTINGS);
        return EXIT_USAGE;
    }
    if (rc < 0) {
        message_error("cannot read %s", why);
        return EXIT_DATA;
    }
    if (!(lr->def = game_find(lr->set.game))) {
        message_error("'%s/%s': unknown game '%s'", lr->dir, ROSTER_SETTINGS, lr->set.game);
        return EXIT_DATA;
    }
    if ((rc = folder_open(lr->dir, false, &lr->dir_fd)) < 0) {
        message_error("cannot open league '%s': %s", lr->dir, folder_why(rc));
        return folder_is_link(rc) ? EXIT_USAGE : EXIT_SYSTEM;
    }
    if ((rc = lock_league(lr)) != 0)
        return rc;
    if (!(lr->st = standings_new()) ||
        league_init(&lr->l, lr->set.seed, (int)lr->set.min_games, lr->set.lag) < 0) {
        message_error("out of memory");
        return EXIT_SYSTEM;
    }
    /* A shard only reads the league: the other shards read it too. */
    if ((rc = lrun_load_history(lr, lr->o->shards > 0)) != 0)
        return rc;
    lr->out = lr->dir;
    lr->out_fd = lr->dir_fd;
    if (lr->o->shards > 0 ? (rc = lrun_open_shard(lr)) != 0 : (rc = lrun_merge(lr)) != 0)
        return rc;
    if ((rc = results_open(&lr->out_files, lr->out_fd, lr->out, true, why, sizeof(why))) < 0) {
        message_error("cannot write results to '%s': %s", why,
                      rc == -EWOULDBLOCK ? "another run holds it" : folder_why(rc));
        return rc == -EPROTO                              ? EXIT_DATA
               : folder_is_link(rc) || rc == -EWOULDBLOCK ? EXIT_USAGE
                                                          : EXIT_SYSTEM;
    }
    if (path_join(lr->logs, sizeof(lr->logs), lr->out, "logs") < 0 ||
        (rc = folder_open_dir(lr->out_fd, "logs", true, &lr->logs_fd)) < 0) {
        message_error("cannot make '%s/logs': %s", lr->out, folder_why(rc));
        return folder_is_link(rc) ? EXIT_USAGE : EXIT_SYSTEM;
    }
    return 0;
}

/* A submission that cannot start is data, not the league's end: it is
 * retired, and the league goes on without it. Returns 0 or an exit code. */
static int retire_failed(struct lrun *lr)
{
    char why[PATH_MAX + 200];
    int entry = lr->failed, rc;

    lr->failed = -1;
    results_free(lr->out_files);
    lr->out_files = NULL;
    if ((rc = lrun_retire_failed(lr, entry)) != 0)
        return rc;
    char log[PATH_MAX + 8];
    tournament_log_path(log, sizeof(log), lr->logs, lr->names[entry]);
    fprintf(stderr,
            "Entry '%s' is retired from game %ld (its log: %s): its games stay; once it is "
            "fixed, 'referee league add %s --replace %s=COMMAND' plays its next version\n",
            lr->names[entry], lr->l.e[entry].retired, log, lr->dir, lr->names[entry]);
    if ((rc = results_open(&lr->out_files, lr->out_fd, lr->out, true, why, sizeof(why))) < 0) {
        message_error("cannot write results to '%s': %s", why, folder_why(rc));
        return EXIT_SYSTEM;
    }
    return 0;
}

/* Wait until bots.csv changes or Ctrl-C; a signal ends the sleep. */
static void wait_roster(const struct lrun *lr)
{
    while (!lrun_roster_changed(lr) && !host_interrupted)
        sleep(1);
}

/* Play segments until a limit, Ctrl-C, a failure, or (with a limit) too few
 * entries. A bots.csv that a person broke while the league runs stops it
 * until it is mended, not for good. Returns an exit code. */
static int play(struct lrun *lr)
{
    const struct league_options *o = lr->o;
    bool limited = o->games > 0 || o->for_s > 0, said_waiting = false;
    int rc;

    lr->limit_id = o->games > 0 ? lr->written + o->games : LONG_MAX;
    lr->deadline = o->for_s > 0 ? proc_now_ns() + o->for_s * 1000 * NS_PER_MS : 0;
    for (;;) {
        lr->starved = false;
        if ((rc = lrun_sync_roster(lr, false)) == 0) {
            rc = segment(lr);
            lr->segments++;
            if (rc == EXIT_SYSTEM && lr->failed >= 0 && !lr->list)
                rc = retire_failed(lr);
            write_report(lr);
        }
        if (rc == EXIT_DATA && lr->segments > 0 && !limited) {
            fprintf(stderr, "League '%s' waits for %s/%s to be mended (Ctrl-C stops)\n", lr->dir,
                    lr->dir, ROSTER_BOTS);
            wait_roster(lr);
            rc = 0;
        }
        if (rc != 0 || lr->reached)
            return rc;
        if (host_interrupted)
            return EXIT_INTERRUPTED;
        if (!lr->starved)
            continue;
        if (limited) {
            fprintf(stderr, "League '%s' has fewer than two entries to play: stopping\n", lr->dir);
            return EXIT_OK;
        }
        if (!said_waiting && !o->run.quiet)
            fprintf(stderr,
                    "League '%s' has fewer than two entries to play: waiting for more in %s/%s "
                    "(Ctrl-C stops)\n",
                    lr->dir, lr->dir, ROSTER_BOTS);
        said_waiting = true;
        wait_roster(lr);
    }
}

/* A shard stopped because an entry's program changed while it played: the
 * change said (lrun_sync_roster refuses it, dry), or, the program the same
 * after all (only its stat changed), the shard's other games played. Returns
 * 0 or an exit code. */
static int shard_changed(struct lrun *lr)
{
    int rc = lrun_sync_roster(lr, true);
    if (rc != 0) {
        message_error("shard %d/%d stopped: its games so far are kept in '%s'; once the change is "
                      "undone, the same command plays the rest",
                      lr->o->shard + 1, lr->o->shards, lr->out);
        return rc;
    }
    /* The games handed over are the list's first: the rest is played. */
    lr->changed = false;
    lr->nlist -= lr->handed;
    memmove(lr->list, lr->list + lr->handed, (size_t)lr->nlist * sizeof(*lr->list));
    lr->handed = 0;
    return lr->nlist > 0 ? segment(lr) : 0;
}

/* A shard of a batch: its segment played into its own folder, until the
 * roster stops changing, and the line that says how to merge it. */
static int run_shard(struct lrun *lr)
{
    const struct league_options *o = lr->o;
    int rc = lr->nlist > 0 ? segment(lr) : 0;

    while (rc == 0 && lr->changed)
        rc = shard_changed(lr);
    if (rc == 0)
        fprintf(stderr,
                "Shard %d/%d of the batch from game %ld: its games are in %s; once every "
                "shard's are, 'referee league run %s --merge' takes them in\n",
                o->shard + 1, o->shards, lr->written + 1, lr->out, lr->dir);
    return rc;
}

/* The league played (or its shards merged) in its own folder: then its
 * standings, its report and the count of games played. */
static int run_whole(struct lrun *lr)
{
    const struct league_options *o = lr->o;
    long before = lr->written;
    int rc;

    if (!o->run.quiet)
        printf("League '%s': %ld games so far, %d entries\n", lr->dir, lr->written,
               lrun_count_entries(lr));
    /* A merge takes in the roster's changes, for the next batch. */
    rc = o->merge ? lrun_sync_roster(lr, false) : play(lr);
    if (lr->st && lr->written > 0) {
        int err = write_standings(lr);
        if (err < 0) {
            message_error("cannot write standings to '%s': %s", lr->dir, folder_why(err));
            rc = rc ? rc : EXIT_SYSTEM;
        }
        console_standings(&lr->con, lr->st);
    }
    write_report(lr);
    if (rc == EXIT_INTERRUPTED)
        message_error("interrupted: games under way are dropped, and played again by the "
                      "next 'referee league run %s'",
                      lr->dir);
    fprintf(stderr, "%ld games played, %ld in league '%s'%s\n", lr->written - before, lr->written,
            lr->dir, lr->reported > 0 ? " (report.html in it)" : "");
    return rc;
}

/* Everything lr holds given back, lr too. */
static void lrun_free(struct lrun *lr)
{
    results_free(lr->out_files);
    standings_free(lr->st);
    league_release(&lr->l);
    lrun_release_bindings(lr);
    runlock_release(&lr->lock);
    runlock_release(&lr->shard_lock);
    if (lr->logs_fd >= 0)
        close(lr->logs_fd);
    if (lr->shard_fd >= 0)
        close(lr->shard_fd);
    if (lr->dir_fd >= 0)
        close(lr->dir_fd);
    free(lr->list);
    free(lr);
}

int league_run(struct league_options *o)
{
    struct lrun *lr = xcalloc(1, sizeof(*lr));
    int rc;

    lr->o = o;
    lr->dir = o->run.results;
    lr->failed = lr->dir_fd = lr->shard_fd = lr->out_fd = lr->logs_fd = lr->deal_fd = -1;
    lr->lock = lr->shard_lock = (struct runlock)RUNLOCK_INIT;
    lr->con.quiet = o->run.quiet;
    proc_ignore_sigpipe();
    proc_become_subreaper();
    proc_watchdog_start();
    host_catch_signals();
    if ((rc = open_league(lr)) == 0 && !o->merge)
        host_say_bots_run_as_root(o->run.sandbox, true);
    if (rc == 0 && o->shards > 0)
        rc = run_shard(lr);
    else if (rc == 0)
        rc = run_whole(lr);
    lrun_free(lr);
    return rc;
}
