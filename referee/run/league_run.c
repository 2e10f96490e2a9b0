/* league_run.c: a league's games, played in segments: each a tournament of
 * the roster as it stands, whose games come from the league's picks
 * (league.h), until the roster's file changes, a limit, or Ctrl-C. */
#include "league_run.h"
#include "defaults.h"
#include "cli.h"
#include "console.h"
#include "inputs.h"
#include "inspect.h"
#include "league.h"
#include "league_batch.h"
#include "ledger.h"
#include "path.h"
#include "proc.h"
#include "results.h"
#include "roster.h"
#include "runlock.h"
#include "sandbox_setup.h"
#include "schema.h"
#include "standings.h"
#include "tournament.h"
#include "xalloc.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LEAGUE_MAX_GAMES   100000000L /* games a league can hold (resume's sets are bitmaps) */
#define STANDINGS_EVERY_NS (1000 * NS_PER_MS)
#define REPORT_EVERY_NS    (30000 * NS_PER_MS)

struct lrun {
    struct league_options *o;
    const char *dir;
    struct roster_settings set;
    const struct game_def *def;
    struct league l;
    char names[CONFIG_MAX_BOTS][CONFIG_NAME_MAX + 1]; /* the league's entries, by index */
    struct standings *st;
    struct results *out_files;
    struct console con;
    int lock_fd;
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
    int shard_lock;
    struct scheduled_game *list; /* a shard's games, nlist; NULL: the league's picks */
    long nlist;
    char logs[PATH_MAX + 8];
};

static int index_of(const struct lrun *lr, const char *name)
{
    for (int i = 0; i < lr->l.n; i++)
        if (strcmp(lr->names[i], name) == 0)
            return i;
    return -1;
}

/* Enter name from game id `from`, or retire it. Returns 0 or a negative errno. */
static int roster_event(struct lrun *lr, const char *name, bool retired, long from, bool log)
{
    struct roster_event e = {.game = from, .retired = retired};
    int i = index_of(lr, name);

    snprintf(e.name, sizeof(e.name), "%s", name);
    if (log) {
        int rc = roster_append_event(lr->dir, &e);
        if (rc < 0)
            return rc;
    }
    if (retired) {
        league_retire(&lr->l, i, from);
        return 0;
    }
    if (i >= 0)
        return 0;
    if ((i = league_enter(&lr->l, from)) < 0)
        return i;
    snprintf(lr->names[i], sizeof(lr->names[i]), "%s", name);
    return standings_add_bot(lr->st, name);
}

/* The first game of the next pair not yet under way: where a roster change
 * takes effect. */
static long next_pair_start(const struct lrun *lr)
{
    return lr->written % 2 == 0 ? lr->written + 1 : lr->written + 2;
}

/* A change of bots.csv the league has not taken in: `name` enters (or
 * retires) from game `from` on, logged in roster.csv; or, dry (a batch's
 * shard, which only reads the league), refused. Returns 0 or a negative errno
 * (-EBUSY: dry). */
static int take_in(struct lrun *lr, const char *name, bool retired, long from, bool dry)
{
    if (!dry)
        return roster_event(lr, name, retired, from, true);
    cli_error("'%s/%s' has a change the league has not taken in (%s '%s'): 'referee league "
              "run %s --merge' takes it in, then a batch's shards can play",
              lr->dir, ROSTER_BOTS, retired ? "retiring" : "adding", name, lr->dir);
    return -EBUSY;
}

/* bots.csv against the league: an entry new to it enters, one retired or gone
 * from the file retires, each logged in roster.csv (take_in). Returns 0 or an
 * exit code. */
static int sync_roster(struct lrun *lr, bool dry)
{
    struct roster_bot *bots;
    size_t n;
    char why[PATH_MAX + 200];
    long from = next_pair_start(lr);
    int rc = roster_read_bots(lr->dir, &bots, &n, why, sizeof(why));

    if (rc < 0) {
        cli_error("cannot read %s", why);
        return EXIT_DATA;
    }
    char path[PATH_MAX];
    if (path_join(path, sizeof(path), lr->dir, ROSTER_BOTS) == 0 &&
        stat(path, &lr->roster_seen) < 0)
        memset(&lr->roster_seen, 0, sizeof(lr->roster_seen));
    for (size_t b = 0; b < n; b++) {
        size_t len = strlen(bots[b].name);
        bool twice = false;
        for (size_t a = 0; a < b; a++)
            twice |= strcmp(bots[a].name, bots[b].name) == 0;
        if (len == 0 || len > CONFIG_NAME_MAX || !protocol_is_printable(bots[b].name, len) ||
            twice) {
            cli_error("'%s/%s', row %zu: %s", lr->dir, ROSTER_BOTS, b + 1,
                      twice ? "a name given twice"
                            : "a name of 1 to 64 bytes of printable ASCII "
                              "is needed");
            free(bots);
            return EXIT_DATA;
        }
    }
    for (size_t b = 0; rc == 0 && b < n; b++)
        if (!bots[b].retired && index_of(lr, bots[b].name) < 0)
            rc = take_in(lr, bots[b].name, false, from, dry);
    for (int i = 0; rc == 0 && i < lr->l.n; i++) {
        if (!league_is_active(&lr->l, i, from) || lr->l.e[i].retired)
            continue;
        bool listed = false;
        for (size_t b = 0; b < n; b++)
            listed |= strcmp(bots[b].name, lr->names[i]) == 0 && !bots[b].retired;
        if (!listed)
            rc = take_in(lr, lr->names[i], true, from, dry);
    }
    free(bots);
    if (rc == -EBUSY)
        return EXIT_USAGE;
    if (rc < 0) {
        cli_error("cannot write '%s/%s': %s", lr->dir, ROSTER_LOG, strerror(-rc));
        return rc == -ENOSPC ? EXIT_USAGE : EXIT_SYSTEM;
    }
    return 0;
}

/* Whether bots.csv changed since sync_roster last read it. */
static bool roster_changed(const struct lrun *lr)
{
    char path[PATH_MAX];
    struct stat now;
    if (path_join(path, sizeof(path), lr->dir, ROSTER_BOTS) < 0 || stat(path, &now) < 0)
        return lr->roster_seen.st_ino != 0;
    return now.st_ino != lr->roster_seen.st_ino || now.st_size != lr->roster_seen.st_size ||
           now.st_mtim.tv_sec != lr->roster_seen.st_mtim.tv_sec ||
           now.st_mtim.tv_nsec != lr->roster_seen.st_mtim.tv_nsec;
}

/* Whether row is the game the league picks at its id: its entries, pairing,
 * opening and seed (its moves and result the ledger checked). */
static int record_row(struct lrun *lr, const struct game_row *row, char *why, size_t len)
{
    struct scheduled_game g;
    int bots[2] = {index_of(lr, row->bots[0]), index_of(lr, row->bots[1])};

    if (row->id != lr->written + 1) {
        snprintf(why, len, "game %ld follows game %ld: games are missing", row->id, lr->written);
        return -EINVAL;
    }
    if (strcmp(row->text[GC_GAME], lr->set.game) != 0) {
        snprintf(why, len, "game %ld is of %s, the league of %s", row->id, row->text[GC_GAME],
                 lr->set.game);
        return -EINVAL;
    }
    int rc = league_game(&lr->l, row->id, &g);
    if (rc == 1 &&
        (bots[0] != g.bots[0] || bots[1] != g.bots[1] || row->opening_id != g.opening_id ||
         row->seed != g.seed || row->pairing != g.pairing))
        rc = -EINVAL;
    if (rc == 1)
        rc = league_record(&lr->l, bots, row->winner, row->aborted) == 0 ? 1 : -EINVAL;
    if (rc != 1) {
        snprintf(why, len,
                 "game %ld (%s vs %s, opening %ld) is not the game this league picks there: "
                 "not the same league (its seed, or roster.csv, changed?)",
                 row->id, row->bots[0], row->bots[1], row->opening_id);
        return rc == -ENOMEM ? rc : -EINVAL;
    }
    lr->written++;
    return 0;
}

/* The league so far: roster.csv's history, games.csv and moves.csv made whole
 * (a killed run's torn tail dropped), every game checked against the league's
 * pick at its id. Returns 0 or an exit code, having said why. */
static int load_history(struct lrun *lr, bool look_only)
{
    struct roster_event *ev;
    size_t n;
    char why[PATH_MAX + 300];
    int rc = roster_read_events(lr->dir, &ev, &n, why, sizeof(why));

    if (rc < 0) {
        cli_error("cannot read %s", why);
        return EXIT_DATA;
    }
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = roster_event(lr, ev[i].name, ev[i].retired, ev[i].game, false);
    free(ev);
    if (rc < 0) {
        cli_error("cannot take in '%s/%s': %s", lr->dir, ROSTER_LOG, strerror(-rc));
        return EXIT_DATA;
    }
    struct gameset kept;
    struct ledger_repair repair = {.look_only = look_only};
    struct ledger_plan plan = {.def = lr->def, .early_draw = lr->set.early_draw};
    struct standings *scratch = standings_new();
    if (!scratch || gameset_init(&kept, LEAGUE_MAX_GAMES) < 0) {
        standings_free(scratch);
        cli_error("out of memory");
        return EXIT_SYSTEM;
    }
    rc = ledger_resume(lr->dir, &plan, &kept, scratch, &repair, why, sizeof(why));
    gameset_free(&kept);
    standings_free(scratch);
    if (rc < 0) {
        cli_error("cannot go on with league '%s': %s", lr->dir, why);
        return rc == -EINVAL || rc == -ENODATA ? EXIT_DATA : EXIT_SYSTEM;
    }
    struct results_file f;
    struct game_row row;
    struct game_summary s;
    rc = schema_open_in(&f, lr->dir, true, SCHEMA_ALL, why, sizeof(why));
    if (rc == -ENOENT || rc == -ENODATA)
        return 0;
    while (rc == 0 && (rc = schema_next_game(&f, &row, why, sizeof(why))) > 0) {
        ledger_summary_of_row(&row, &s);
        rc = record_row(lr, &row, why, sizeof(why));
        if (rc == 0 && standings_add_game(lr->st, &s) < 0)
            rc = -ENOMEM;
    }
    schema_close(&f);
    if (rc < 0) {
        cli_error("cannot go on with league '%s': %s", lr->dir, why);
        return rc == -ENOMEM ? EXIT_SYSTEM : EXIT_DATA;
    }
    return 0;
}

/* The tournament's source: the league's game at each id, until a limit, a
 * change of bots.csv (at a pair's start), or too few entries. */
static int source(void *ctx, long index, struct scheduled_game *g)
{
    struct lrun *lr = ctx;
    long id = lr->base + index + 1;

    if (lr->list) {
        if (index >= lr->nlist)
            return 0;
        *g = lr->list[index];
        return 1;
    }
    if (id > lr->limit_id || (id % 2 == 1 && lr->deadline && proc_now_ns() >= lr->deadline)) {
        lr->reached = true;
        return 0;
    }
    if (id % 2 == 1 && roster_changed(lr))
        return 0;
    int rc = league_game(&lr->l, id, g);
    if (rc == 0)
        lr->starved = true;
    return rc;
}

static int write_standings(struct lrun *lr)
{
    int rc = results_write_standings(lr->dir, lr->st);
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
    struct lrun *lr = ctx;
    int rc = results_flush(lr->out_files);
    int64_t now = proc_now_ns();
    /* standings.csv follows the games, whole, at most once a second; the
     * report, which reads the files back, every 30 s. */
    if (rc == 0 && lr->standings_dirty && now - lr->standings_at >= STANDINGS_EVERY_NS)
        rc = write_standings(lr);
    if (rc == 0 && now - lr->reported_at >= REPORT_EVERY_NS)
        write_report(lr);
    return rc;
}

static int on_finished(void *ctx, const struct game_record *rec)
{
    struct lrun *lr = ctx;
    struct game_summary s;
    int bots[2] = {index_of(lr, rec->bots[0]), index_of(lr, rec->bots[1])};
    bool aborted = rec->state.end == END_ABORTED;
    int rc = results_write_game(lr->out_files, rec);

    if (rc < 0)
        return rc;
    if (lr->list) { /* a shard's: the merge counts it */
        console_finished(&lr->con, rec);
        return 0;
    }
    ledger_summary_of_record(rec, &s);
    if (standings_add_game(lr->st, &s) < 0)
        return -ENOMEM;
    for (int side = 0; side < 2; side++)
        if (rec->engines[side][0] &&
            standings_set_engine(lr->st, rec->bots[side], rec->engines[side]) == -ENOMEM)
            return -ENOMEM;
    /* The next picks count it: it is the game of this id (league_record checks). */
    if ((rc = league_record(&lr->l, bots, rec->state.winner, aborted)) < 0)
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

    if (rc == 0 && access(path, F_OK) == 0 && (rc = inputs_load_bots(&file, path)) != 0) {
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
            cli_error("entry '%s': %s", lr->names[i], why);
            config_run_release(&file);
            return EXIT_SYSTEM;
        }
        c->bots[i].limits = c->limits;
        c->bots[i].startup_ms = c->startup_ms;
        c->bots[i].trace = c->trace;
        c->nbots = i + 1;
    }
    config_run_release(&file);
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
        cli_error("%s '%s' ('%s'): %s; retire it (referee league retire '%s' '%s') or fix it",
                  failure->error == MATCH_NEVER_ANSWERED ? "entry cannot play:"
                                                         : "cannot start entry",
                  b->name, b->argv[0], why, lr->dir, b->name);
        return EXIT_SYSTEM;
    }
    cli_error("cannot %s in '%s': %s", failure->what ? failure->what : "go on", lr->dir,
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
    int rc = segment_bots(lr, c);
    if (rc == 0) {
        struct tournament t = {
            .def = lr->def,
            .early_draw = lr->set.early_draw,
            .bots = c->bots,
            .nbots = c->nbots,
            .schedule = {.format = SCHEDULE_ROUND_ROBIN,
                         .nbots = c->nbots,
                         .games_per_pairing = 2,
                         .rounds = 1,
                         .seed = lr->set.seed},
            .rules = {.time = c->time, .restart_each_game = c->restart, .stop_grace_ms = 200},
            .opening_plies = (int)lr->set.openings,
            .jobs = (int)c->jobs,
            .max_live = (int)c->max_live,
            .affinity = c->affinity,
            .log_dir = lr->logs,
            .log_cap = (size_t)c->log_cap,
            .source = source,
            .source_ctx = lr,
        };
        t.rules.spin = !c->no_spin && !c->affinity && 2 * c->jobs <= cli_cores();
        struct tournament_hooks hooks = {.finished = on_finished, .tick = on_tick, .ctx = lr};
        lr->base = lr->written;
        end = tournament_run(&t, NULL, &hooks, &cli_interrupted, &failure);
        int err = results_flush(lr->out_files);
        if (err < 0 && end != TOURNAMENT_FAILED) {
            end = TOURNAMENT_FAILED;
            failure =
                (struct tournament_failure){.error = err, .bot = -1, .what = "write the results"};
        }
        rc = segment_exit(lr, c, end, &failure);
    }
    /* Its bots' specs are the segment's own; the rest of c is borrowed. */
    for (int i = 0; i < c->nbots; i++)
        config_bot_release(&c->bots[i]);
    free(c);
    return rc;
}

/* A game of a batch's shard, checked and counted as the league's. */
static int check_merged(void *ctx, const struct game_row *row, char *why, size_t len)
{
    struct lrun *lr = ctx;
    struct game_summary s;
    int rc = record_row(lr, row, why, len);

    ledger_summary_of_row(row, &s);
    if (rc == 0 && standings_add_game(lr->st, &s) < 0)
        rc = -ENOMEM;
    return rc;
}

/* The shard folders of a batch, if dir has any, taken into the league. Only
 * then are the batch's pairs picked ahead: a roster change after this must
 * reach every pick not yet played. Returns 0 or an exit code. */
static int merge(struct lrun *lr)
{
    struct batch_check check = {check_merged, lr};
    long merged, expect = 0;

    if (!batch_pending(lr->dir))
        return 0;
    /* Folders of a batch merged already (a merge killed before it put them
     * away) need no pick. */
    if (lr->written % 2 == 0 && batch_last_id(lr->dir) > lr->written &&
        (expect = league_batch(&lr->l, lr->written + 1, 0, 1, NULL, 0)) < 0) {
        cli_error("cannot pick the batch of league '%s': %s", lr->dir, strerror((int)-expect));
        return EXIT_SYSTEM;
    }
    long first = lr->written + 1;
    int rc = batch_merge(lr->dir, lr->written, expect, &check, &merged);
    if (rc == 0 && merged > 0 && !lr->o->run.quiet)
        printf("Merged games %ld to %ld of league '%s' from its shard folders\n", first,
               first + merged - 1, lr->dir);
    return rc;
}

/* A shard of the next batch: its folder (DIR/shard-I) locked and made whole
 * (a killed shard's tail dropped), and the games of its own it lacks in
 * lr->list. Returns 0 or an exit code, having said why. */
static int open_shard(struct lrun *lr)
{
    const struct league_options *o = lr->o;
    char why[PATH_MAX + 200], name[32];
    long holder;
    int fd, rc = runlock_take(lr->dir, &fd, &holder);

    /* The league's own run would change the roster under the batch. */
    runlock_release(fd);
    if (rc == -EWOULDBLOCK) {
        cli_error("league '%s' is being run: a batch's shards play while no 'league run %s' "
                  "does",
                  lr->dir, lr->dir);
        return EXIT_USAGE;
    }
    if (lr->written % 2 == 1) {
        cli_error("league '%s' ends with half a pair (game %ld): 'referee league run %s --games "
                  "1' plays its other game, then the batch can be dealt",
                  lr->dir, lr->written, lr->dir);
        return EXIT_USAGE;
    }
    if ((rc = sync_roster(lr, true)) != 0)
        return rc;
    snprintf(name, sizeof(name), BATCH_PREFIX "%d", o->shard + 1);
    if (path_join(lr->shard_dir, sizeof(lr->shard_dir), lr->dir, name) < 0)
        return EXIT_USAGE;
    if ((rc = runlock_take(lr->shard_dir, &lr->shard_lock, &holder)) < 0) {
        cli_error(rc == -EWOULDBLOCK ? "shard folder '%s' is in use by another run"
                                     : "cannot lock '%s'",
                  lr->shard_dir);
        return rc == -EWOULDBLOCK ? EXIT_USAGE : EXIT_SYSTEM;
    }
    long n = league_batch(&lr->l, lr->written + 1, o->shard, o->shards, NULL, 0);
    lr->list = xcalloc((size_t)(n > 0 ? n : 0) + 1, sizeof(*lr->list));
    if (n > 0)
        league_batch(&lr->l, lr->written + 1, o->shard, o->shards, lr->list, n);
    struct gameset kept;
    struct ledger_repair repair = {0};
    struct ledger_plan plan = {.def = lr->def, .early_draw = lr->set.early_draw};
    struct standings *scratch = standings_new();
    if (n < 0 || !scratch || gameset_init(&kept, LEAGUE_MAX_GAMES) < 0) {
        standings_free(scratch);
        cli_error("out of memory");
        return EXIT_SYSTEM;
    }
    rc = ledger_resume(lr->shard_dir, &plan, &kept, scratch, &repair, why, sizeof(why));
    for (long i = 0; rc == 0 && i < n; i++)
        if (!gameset_has(&kept, lr->list[i].id - 1))
            lr->list[lr->nlist++] = lr->list[i];
    gameset_free(&kept);
    standings_free(scratch);
    if (rc < 0) {
        cli_error("cannot go on with shard folder '%s': %s", lr->shard_dir, why);
        return EXIT_DATA;
    }
    lr->out = lr->shard_dir;
    return 0;
}

/* Take the folder, read its settings and history, and open its results.
 * Returns 0 or an exit code, having said why. */
static int open_league(struct lrun *lr)
{
    char why[PATH_MAX + 200];
    long holder;
    int rc = roster_read_settings(lr->dir, &lr->set, why, sizeof(why));

    if (rc == -ENOENT) {
        cli_error("'%s' is not a league: no %s (make one with 'referee league add')", lr->dir,
                  ROSTER_SETTINGS);
        return EXIT_USAGE;
    }
    if (rc < 0) {
        cli_error("cannot read %s", why);
        return EXIT_DATA;
    }
    if (!(lr->def = game_find(lr->set.game))) {
        cli_error("'%s/%s': unknown game '%s'", lr->dir, ROSTER_SETTINGS, lr->set.game);
        return EXIT_DATA;
    }
    if (!lr->o->shards && (rc = runlock_take(lr->dir, &lr->lock_fd, &holder)) == -EWOULDBLOCK) {
        cli_error("league '%s' is being run by another process%s; one run at a time plays a "
                  "league",
                  lr->dir, holder > 0 ? " (its pid is in run.lock)" : "");
        return EXIT_USAGE;
    }
    if (rc < 0) {
        cli_error("cannot lock '%s': %s", lr->dir, strerror(-rc));
        return EXIT_SYSTEM;
    }
    if (!(lr->st = standings_new()) ||
        league_init(&lr->l, lr->set.seed, (int)lr->set.min_games, lr->set.lag) < 0) {
        cli_error("out of memory");
        return EXIT_SYSTEM;
    }
    /* A shard only reads the league: the other shards read it too. */
    if ((rc = load_history(lr, lr->o->shards > 0)) != 0)
        return rc;
    lr->out = lr->dir;
    if (lr->o->shards > 0 ? (rc = open_shard(lr)) != 0 : (rc = merge(lr)) != 0)
        return rc;
    if ((rc = results_open(&lr->out_files, lr->out, true, why, sizeof(why))) < 0) {
        cli_error("cannot write results to '%s': %s", why, strerror(-rc));
        return rc == -EPROTO ? EXIT_DATA : EXIT_SYSTEM;
    }
    if (path_join(lr->logs, sizeof(lr->logs), lr->out, "logs") < 0 ||
        (mkdir(lr->logs, 0755) < 0 && errno != EEXIST)) {
        cli_error("cannot make '%s/logs': %s", lr->out, strerror(errno));
        return EXIT_SYSTEM;
    }
    return 0;
}

/* Wait until bots.csv changes or Ctrl-C; a signal ends the sleep. */
static void wait_roster(const struct lrun *lr)
{
    while (!roster_changed(lr) && !cli_interrupted)
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
        if ((rc = sync_roster(lr, false)) == 0) {
            rc = segment(lr);
            lr->segments++;
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
        if (cli_interrupted)
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

int league_run(struct league_options *o)
{
    struct lrun *lr = xcalloc(1, sizeof(*lr));
    int rc;

    lr->o = o;
    lr->dir = o->run.results;
    lr->lock_fd = lr->shard_lock = -1;
    lr->con.quiet = o->run.quiet;
    proc_ignore_sigpipe();
    proc_become_subreaper();
    cli_catch_signals();
    if ((rc = open_league(lr)) == 0 && o->shards > 0) {
        rc = lr->nlist > 0 ? segment(lr) : 0;
        if (rc == 0)
            fprintf(stderr,
                    "Shard %d/%d of the batch from game %ld: its games are in %s; once every "
                    "shard's are, 'referee league run %s --merge' takes them in\n",
                    o->shard + 1, o->shards, lr->written + 1, lr->out, lr->dir);
    } else if (rc == 0) {
        long before = lr->written;
        if (!o->run.quiet)
            printf("League '%s': %ld games so far, %d entries\n", lr->dir, lr->written, lr->l.n);
        /* A merge takes in the roster's changes, for the next batch. */
        rc = o->merge ? sync_roster(lr, false) : play(lr);
        if (lr->st && lr->written > 0) {
            int err = write_standings(lr);
            if (err < 0) {
                cli_error("cannot write standings to '%s': %s", lr->dir, strerror(-err));
                rc = rc ? rc : EXIT_SYSTEM;
            }
            console_standings(&lr->con, lr->st);
        }
        write_report(lr);
        if (rc == EXIT_INTERRUPTED)
            cli_error("interrupted: games under way are dropped, and played again by the "
                      "next 'referee league run %s'",
                      lr->dir);
        fprintf(stderr, "%ld games played, %ld in league '%s'%s\n", lr->written - before,
                lr->written, lr->dir, lr->reported > 0 ? " (report.html in it)" : "");
    }
    results_free(lr->out_files);
    standings_free(lr->st);
    league_release(&lr->l);
    runlock_release(lr->lock_fd);
    runlock_release(lr->shard_lock);
    free(lr->list);
    free(lr);
    return rc;
}
