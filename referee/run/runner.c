/* runner.c: a run from its config to its files and its exit status. */
#include "runner.h"
#include "report.h"
#include "report_live.h"
#include "path.h"
#include "host.h"
#include "report_write.h"
#include "sprt.h"
#include "console.h"
#include "ledger.h"
#include "results.h"
#include "runinfo.h"
#include "runlock.h"
#include "folder.h"
#include "reorder.h"
#include "standings.h"
#include "schema.h"
#include "tournament.h"
#include "xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_GAMES 100000000L /* games one run can hold (its sets are bitmaps) */

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

/* The tournament of the config; checks that its openings can be played.
 * Returns 0 or an exit code, having said why. */
static int set_up(struct runner *rn)
{
    const struct run_config *c = rn->cfg;
    struct tournament *t = &rn->t;

    tournament_from_config(t, c, host_cores());
    rn->total = schedule_count(&t->schedule);
    if (rn->total > MAX_GAMES) {
        cli_error("%ld games is more than one run can hold (%ld); split it with fewer --games "
                  "or --rounds",
                  rn->total, MAX_GAMES);
        return EXIT_USAGE;
    }
    if (c->nopenings == 0 && c->opening_plies > 0) {
        struct scheduled_game g;
        struct game_state s;
        schedule_game(&t->schedule, 0, &g);
        if (start_plan_game(&t->start, &g, &s) < 0) {
            cli_error("--openings %ld: no line of %ld random moves leaves a game of %s open",
                      c->opening_plies, c->opening_plies, c->game->name);
            return EXIT_USAGE;
        }
    }
    /* Every opening must be playable before any game starts. */
    for (int i = 0; i < c->nopenings; i++) {
        struct scheduled_game g = {.opening_id = i + 1};
        struct game_state s;
        if (start_plan_game(&t->start, &g, &s) < 0) {
            cli_error("openings file '%s', opening %d ('%s'): not a playable line of %s",
                      c->openings_file, i + 1, c->openings[i], c->game->name);
            return EXIT_DATA;
        }
    }
    return 0;
}

/* Count a game for the SPRT, from the candidate's (bots[0]) view. Returns true
 * when this game brought the verdict: the run stops there, and the figures
 * printed and the games written are those the verdict was taken on. */
static bool sprt_count(struct runner *rn, const char *first, int winner, int opening_id)
{
    const struct run_config *c = rn->cfg;
    struct sprt_result r;
    bool candidate_first = strcmp(first, c->bots[0].name) == 0;

    if (!c->sprt || rn->verdict != SPRT_CONTINUE)
        return false;
    double score = winner == SIDE_NONE ? 0.5 : (winner == SIDE_FIRST) == candidate_first ? 1 : 0;
    sprt_tally_add(&rn->tally, opening_id, score);
    if (sprt_compute(&rn->tally.counts, &c->sprt_params, c->sprt_model, &r) == 0 &&
        r.verdict != SPRT_CONTINUE) {
        rn->verdict = r.verdict;
        return true;
    }
    return false;
}

/* The SPRT and the score line so far, from the rows of games.csv a resumed
 * run already has. Past a verdict a row is not counted for the SPRT: the
 * verdict froze its figures. */
static int recount_resumed(struct runner *rn)
{
    char why[PATH_MAX + 200];
    struct results_file f;
    struct game_row row;
    int rc;

    rc = schema_open_in(&f, rn->cfg->results, true, SCHEMA_ALL, why, sizeof(why));
    if (rc == -ENOENT || rc == -ENODATA)
        return 0;
    while (rc == 0 && (rc = schema_next_game(&f, &row, why, sizeof(why))) > 0) {
        if (!row.aborted) {
            sprt_count(rn, row.bots[0], row.winner, (int)row.opening_id);
            console_count(&rn->con, row.bots[0], row.winner);
        }
        rc = 0;
    }
    schema_close(&f);
    if (rc < 0) {
        cli_error("cannot read %s", why);
        return EXIT_DATA;
    }
    return 0;
}

/* The games a resumed run keeps of its results folder, into rn->skip and its
 * standings (ledger_resume). Returns 0 or an exit code, having said why. */
static int resume_kept(struct runner *rn)
{
    const struct run_config *c = rn->cfg;
    char why[256];

    struct ledger_repair repair = {.on = c->repair, .look_only = c->plan_only};
    struct ledger_plan resumed = {
        .schedule = &rn->t.schedule,
        .start = rn->t.start,
        .bots = rn->t.bots,
    };
    int err = ledger_resume(c->results, &resumed, &(struct ledger_kept){&rn->skip, rn->st}, &repair,
                            why, sizeof(why));
    if (err < 0) {
        cli_error("cannot resume '%s': %s%s", c->results, why,
                  repair.mendable ? " (--repair drops such games and plays them again)" : "");
        return (err == -EINVAL || err == -ENODATA) ? EXIT_DATA : EXIT_SYSTEM;
    }
    if (repair.dropped > 0)
        cli_error("repaired '%s': dropped %ld game%s that did not check, to be played "
                  "again (the first: %s)",
                  c->results, repair.dropped, repair.dropped == 1 ? "" : "s", repair.first);
    return 0;
}

/* The games this run plays: its shard's, less those a resumed run has.
 * Returns 0 or an exit code, having said why. */
static int plan(struct runner *rn)
{
    const struct run_config *c = rn->cfg;
    int rc;

    rn->st = standings_new();
    rn->kept_last = -1;
    if (!rn->st || gameset_init(&rn->skip, rn->total) < 0 ||
        gameset_init(&rn->written, rn->total) < 0 || gameset_init(&rn->kept, rn->total) < 0) {
        cli_error("out of memory");
        return EXIT_SYSTEM;
    }
    for (int i = 0; i < c->nbots; i++)
        standings_add_bot(rn->st, c->bots[i].name);
    if (c->resume && (rc = resume_kept(rn)) != 0)
        return rc;
    if (c->only > rn->total) {
        cli_error("--only %ld: the run has %ld games", c->only, rn->total);
        return EXIT_USAGE;
    }
    /* A shard plays the games of its pairs of games; the rest are not its own. */
    for (long i = 0; i < rn->total; i++) {
        if (schedule_in_shard(&rn->t.schedule, i, c->shard, c->shards) &&
            (c->only == 0 || i == c->only - 1)) {
            rn->planned++;
            if (gameset_has(&rn->skip, i)) {
                rn->done++;
                gameset_add(&rn->written, i);
                gameset_add(&rn->kept, i);
                rn->kept_last = i;
            }
        } else if (gameset_has(&rn->skip, i)) {
            cli_error("cannot resume '%s': game %ld is not of shard %d/%d", c->results, i + 1,
                      c->shard + 1, c->shards);
            return EXIT_DATA;
        } else {
            gameset_add(&rn->skip, i);
        }
    }
    if (c->resume) {
        rc = recount_resumed(rn);
        if (rc != 0)
            return rc;
        if (!c->quiet && !c->plan_only) {
            printf("Resuming '%s': %ld of %ld games already played\n", c->results, rn->done,
                   rn->planned);
            fflush(stdout);
        }
    }
    return 0;
}

/* Say why path cannot be written: a link where referee writes is the user's
 * to remove (exit 2); another error, the system's (exit 4). */
static int refuse_write(const char *path, int err)
{
    if (folder_is_link(err)) {
        cli_error("cannot write '%s': %s (referee writes through no link in a results "
                  "folder; remove it)",
                  path, folder_why(err));
        return EXIT_USAGE;
    }
    cli_error("cannot write results to '%s': %s", path, strerror(-err));
    return EXIT_SYSTEM;
}

/* The files a run writes, and the temporary names of those it writes whole:
 * a link at any of them is refused as the run starts, before a resume reads
 * games.csv and moves.csv, not after its games. */
static const char *const written[] = {
    "games.csv",          "moves.csv",       "run.csv",       "standings.csv", "crosstable.csv",
    "report.html",        "games.csv.tmp",   "moves.csv.tmp", "run.csv.tmp",   "standings.csv.tmp",
    "crosstable.csv.tmp", "report.html.tmp",
};

/* Open the results folder, once, and take it for this run: one run at a time
 * writes it. Returns 0 or an exit code, having said why. */
static int lock_results(struct runner *rn)
{
    const char *dir = rn->cfg->results;
    char path[PATH_MAX + 16];
    long holder = 0;
    int err = folder_open(dir, true, &rn->dir_fd);

    if (err < 0)
        return refuse_write(dir, err);
    err = runlock_take(&rn->lock, rn->dir_fd, &holder);

    if (err == -EWOULDBLOCK) {
        char pid[32] = "";
        if (holder > 0)
            snprintf(pid, sizeof(pid), " (pid %ld)", holder);
        cli_error("'%s' is in use by another run%s; wait for it to end, or choose another "
                  "--results directory",
                  dir, pid);
        return EXIT_USAGE;
    }
    if (err == -EAGAIN) {
        cli_error("cannot lock '%s': its %s kept changing while referee took it", dir,
                  RUNLOCK_FILE);
        return EXIT_SYSTEM;
    }
    if (err < 0) {
        snprintf(path, sizeof(path), "%s/%s", dir, RUNLOCK_FILE);
        return refuse_write(path, err);
    }
    for (size_t i = 0; i < sizeof(written) / sizeof(*written); i++)
        if ((err = folder_check_target(rn->dir_fd, written[i])) < 0) {
            snprintf(path, sizeof(path), "%s/%s", dir, written[i]);
            return refuse_write(path, err);
        }
    return 0;
}

/* Open logs/ and each bot's log in it. Returns 0 or a negative errno, the
 * path that failed in failed (len bytes). */
static int open_logs(struct runner *rn, char *failed, size_t len)
{
    const struct run_config *c = rn->cfg;
    int err = path_join(rn->logs, sizeof(rn->logs), c->results, "logs");

    if (err < 0)
        snprintf(failed, len, "%s", c->results);
    else if ((err = folder_open_dir(rn->dir_fd, "logs", true, &rn->logs_fd)) < 0)
        snprintf(failed, len, "%s", rn->logs);
    /* A cap of 0 keeps no log: no file is made. */
    else if (c->log_cap > 0)
        err = tournament_open_logs(rn->logs_fd, rn->logs, c, rn->log_fds, failed, len);
    return err;
}

/* Open games.csv and moves.csv, and make logs/. Returns 0 or an exit code. */
static int open_results(struct runner *rn)
{
    const struct run_config *c = rn->cfg;
    char failed[PATH_MAX + 96];
    int err = 0;

    err = results_open(&rn->out, rn->dir_fd, c->results, c->resume, failed, sizeof(failed));
    if (err == 0)
        err = open_logs(rn, failed, sizeof(failed));
    if (err == -EWOULDBLOCK) {
        cli_error("'%s' is in use by another run (it holds its games.csv); wait for it to end, "
                  "or choose another --results directory",
                  c->results);
        return EXIT_USAGE;
    }
    if (err == -EEXIST) {
        cli_error("'%s' already holds games; continue it with --resume or choose another "
                  "--results directory",
                  failed);
        return EXIT_USAGE;
    }
    if (err == -EPROTO) {
        cli_error("'%s' has other columns than this version of referee writes", failed);
        return EXIT_DATA;
    }
    if (err < 0)
        return refuse_write(failed, err);
    rn->t.log_fds = rn->log_fds;
    /* The run's conditions, for its report; a resumed run keeps those it
     * started under, unless it had played nothing yet. */
    if ((!c->resume || rn->done == 0) &&
        (err = runinfo_write(rn->dir_fd, c, c->argc, c->argv)) < 0) {
        snprintf(failed, sizeof(failed), "%s/run.csv", c->results);
        return refuse_write(failed, err);
    }
    return 0;
}

static void on_started(void *ctx, const struct scheduled_game *g)
{
    struct runner *rn = ctx;
    console_started(&rn->con, g, rn->cfg->bots[g->bots[0]].name, rn->cfg->bots[g->bots[1]].name);
    console_progress(&rn->con, rn->done, rn->planned, rn->st);
}

/* Before rows are written: run.lock still the file this run locked, or made
 * again (runlock_check). Another run that took the name meanwhile cannot
 * write a row (this run holds games.csv): the name is tried again next time. */
static void keep_lock(struct runner *rn)
{
    long holder;

    if (runlock_check(&rn->lock, &holder) == 1 && !rn->lock_remade) {
        console_clear(&rn->con);
        cli_error("'%s/%s' was removed or replaced during the run; made again", rn->cfg->results,
                  RUNLOCK_FILE);
        rn->lock_remade = true;
    }
}

static int on_tick(void *ctx)
{
    struct runner *rn = ctx;
    keep_lock(rn);
    return results_flush(rn->out);
}

/* After a foul, the log of the bot that made it; once per bot that timed out
 * without a byte, the hint that its output is not flushed. */
static void hint(struct runner *rn, const struct game_record *rec)
{
    const struct run_config *c = rn->cfg;
    int b = 0;

    if (rec->state.end != END_FOUL || rec->foul_side > SIDE_SECOND)
        return;
    while (b < c->nbots && strcmp(c->bots[b].name, rec->bots[rec->foul_side]) != 0)
        b++;
    /* A bot that cannot play had its log named once (on_broken), not at each forfeit. */
    if (b == c->nbots || rn->broken[b])
        return;
    if (!c->quiet) {
        char path[PATH_MAX + 16];
        tournament_log_path(path, sizeof(path), rn->logs, c->bots[b].name);
        console_clear(&rn->con);
        fprintf(stderr, "Log of %s: %s\n", c->bots[b].name, path);
    }
    if (!rn->hinted[b] && rec->detail == DETAIL_SILENT) {
        console_clear(&rn->con);
        console_hint_flush(&rn->con, c->bots[b].name, c->bots[b].argv);
        rn->hinted[b] = true;
    }
}

static int on_finished(void *ctx, const struct game_record *rec)
{
    struct runner *rn = ctx;
    const struct run_config *c = rn->cfg;
    struct game_summary g;
    int rc = results_write_game(rn->out, rec);

    if (rc < 0)
        return rc;
    /* A report that cannot count a game says so at the end; the run goes on. */
    if (rn->live)
        report_live_add(rn->live, rec, results_texts(rn->out));
    ledger_summary_of_record(rec, &g);
    if (standings_add_game(rn->st, &g) < 0)
        return -ENOMEM;
    for (int side = 0; side < 2; side++)
        if (rec->engines[side][0] &&
            standings_set_engine(rn->st, rec->bots[side], rec->engines[side]) == -ENOMEM)
            return -ENOMEM;
    rn->done++;
    gameset_add(&rn->written, rec->id - 1);
    /* A game --repair dropped, played again after later ones. */
    if (rec->id - 1 < rn->kept_last)
        rn->out_of_order = true;
    bool aborted = rec->state.end == END_ABORTED;
    bool verdict = !aborted && sprt_count(rn, rec->bots[0], rec->state.winner, rec->opening_id);
    if (!aborted)
        console_count(&rn->con, rec->bots[0], rec->state.winner);
    /* Where to look, once the first game is on disk (a run that cannot start
     * its bots says only that). */
    if (!c->quiet && !rn->said_where) {
        console_clear(&rn->con);
        fprintf(stderr, "Results in %s (bots' logs in %s)\n", c->results, rn->logs);
        rn->said_where = true;
    }
    console_finished(&rn->con, rec);
    hint(rn, rec);
    if (c->standings_every > 0 && rn->done % c->standings_every == 0 && rn->done < rn->planned)
        console_standings(&rn->con, rn->st);
    else
        console_progress(&rn->con, rn->done, rn->planned, rn->st);
    return verdict ? 1 : 0;
}

/* The first of this run's games that it did not write, and how many. */
static long first_missing(const struct runner *rn, long *missing)
{
    long first = -1;
    *missing = 0;
    for (long i = 0; i < rn->total; i++)
        if (!gameset_has(&rn->skip, i) && !gameset_has(&rn->written, i)) {
            if (first < 0)
                first = i;
            ++*missing;
        }
    return first;
}

/* Say that bot b cannot play (error and why from the tournament), then the
 * last lines of its log; `then` ends the first line (what happens now). */
static void say_broken(const struct runner *rn, int b, int error, const char *why, const char *then)
{
    const struct bot_spec *bot = &rn->cfg->bots[b];
    char path[PATH_MAX + 16];

    if (error == MATCH_NEVER_ANSWERED)
        cli_error("bot '%s' ('%s') cannot play: %s%s", bot->name, bot->argv[0], why, then);
    else
        cli_error("cannot start bot '%s' ('%s'): %s%s", bot->name, bot->argv[0], why, then);
    if (tournament_log_path(path, sizeof(path), rn->logs, bot->name) == 0)
        console_log_tail(path);
}

/* A bot that cannot play, in a run that plays on without it (its games are
 * forfeits): said at once, with where it went wrong. */
static void on_broken(void *ctx, int bot, int error, const char *why)
{
    struct runner *rn = ctx;

    console_clear(&rn->con);
    say_broken(rn, bot, error, why,
               "; its games are forfeits, the others are played (--stop-on-broken-bot stops "
               "the run instead)");
    rn->broken[bot] = true;
    rn->nbroken++;
}

/* The exit status of a run played to its end in which some bot could not
 * play: the run is not clean, whatever else it says (an SPRT's verdict
 * included), and CI sees it. */
static int broken_exit(const struct runner *rn)
{
    char names[CONFIG_MAX_BOTS * 8] = "";
    size_t n = 0;

    for (int b = 0; b < rn->cfg->nbots && n < sizeof(names); b++)
        if (rn->broken[b])
            n += (size_t)snprintf(names + n, sizeof(names) - n, "%s'%s'", n ? ", " : "",
                                  rn->cfg->bots[b].name);
    cli_error("%d bot%s could not play and lost %s games by forfeit from then on: %s; the "
              "other games were played",
              rn->nbroken, rn->nbroken == 1 ? "" : "s", rn->nbroken == 1 ? "its" : "their", names);
    return EXIT_BOT_FAILED;
}

/* The exit status of a run that ended so, having said what went wrong. */
static int run_exit(struct runner *rn, enum tournament_end end,
                    const struct tournament_failure *failure)
{
    const struct run_config *c = rn->cfg;
    long missing, first;

    switch (end) {
    case TOURNAMENT_FAILED:
        if (failure->bot >= 0) {
            /* The operator's mistake (match.h): the run stops rather than
             * record it as the bot's losses. */
            const char *why = failure->detail[0] ? failure->detail : strerror(-failure->error);
            say_broken(rn, failure->bot, failure->error, why, "");
            if (rn->done > 0 || c->resume)
                cli_error("%ld of %ld games kept; once the bot is fixed, continue with: "
                          "--results '%s' --resume",
                          rn->done, rn->planned, c->results);
            return EXIT_SYSTEM;
        }
        cli_error("cannot %s in '%s': %s", failure->what ? failure->what : "go on", c->results,
                  failure->error == -ESTALE
                      ? "its games.csv or moves.csv was removed or replaced during the run"
                      : strerror(-failure->error));
        return failure->error == -EPROTO ? EXIT_INTERNAL : EXIT_SYSTEM;
    case TOURNAMENT_INTERRUPTED: return EXIT_INTERRUPTED;
    case TOURNAMENT_STOPPED: return rn->nbroken > 0 ? broken_exit(rn) : sprt_exit(rn->verdict);
    case TOURNAMENT_DONE: break;
    }
    /* Every run ends by comparing the games it wrote with the games it planned. */
    first = first_missing(rn, &missing);
    if (missing > 0 || rn->done != rn->planned) {
        cli_error("the run ended with %ld of its %ld games not written (the first: game %ld): "
                  "an internal error of referee's; --resume plays them",
                  missing, rn->planned, first + 1);
        return EXIT_INTERNAL;
    }
    if (rn->nbroken > 0)
        return broken_exit(rn);
    return c->sprt ? EXIT_SPRT_NONE : EXIT_OK;
}

/* Play the games of the plan and say how it ended. */
static int play(struct runner *rn)
{
    const struct run_config *c = rn->cfg;
    struct tournament_hooks hooks = {.started = on_started,
                                     .finished = on_finished,
                                     .tick = on_tick,
                                     .broken = on_broken,
                                     .ctx = rn};
    struct tournament_failure failure = {0};
    enum tournament_end end = TOURNAMENT_STOPPED; /* a verdict already reached: play nothing */

    rn->con.live = !c->quiet && isatty(STDERR_FILENO);
    rn->con.t0_ns = proc_now_ns();
    if (rn->verdict == SPRT_CONTINUE)
        end = tournament_run(&rn->t, &rn->skip, &hooks, &host_interrupted, &failure);
    console_clear(&rn->con);
    /* Whatever stopped the run, the games it finished are written. */
    keep_lock(rn);
    int err = results_flush(rn->out);
    if (err < 0 && end != TOURNAMENT_FAILED) {
        end = TOURNAMENT_FAILED;
        failure = (struct tournament_failure){.error = err, .bot = -1, .what = "write the results"};
    }
    /* The files in game order again, as a resume requires them. */
    char why[PATH_MAX + 200];
    if (err == 0 && rn->out_of_order &&
        (err = reorder_results(c->results, &rn->kept, why, sizeof(why))) < 0) {
        cli_error("cannot put the games of '%s' back in game order: %s", c->results, why);
        if (end != TOURNAMENT_FAILED) {
            end = TOURNAMENT_FAILED;
            failure = (struct tournament_failure){
                .error = err, .bot = -1, .what = "put the games in order"};
        }
    }
    return run_exit(rn, end, &failure);
}

/* The standings files and the closing lines of a run that ended with rc. */
static int conclude(struct runner *rn, int rc)
{
    const struct run_config *c = rn->cfg;

    if (rn->done > 0) {
        const char *name;
        int err = results_write_standings(rn->dir_fd, rn->st, &name);
        if (err < 0) {
            char path[PATH_MAX + 32];
            snprintf(path, sizeof(path), "%s/%s", c->results, name);
            int status = refuse_write(path, err);
            rc = rc ? rc : status;
        }
        if (!c->quiet || rc == EXIT_OK || rc == EXIT_BOT_FAILED || c->sprt)
            console_standings(&rn->con, rn->st);
        if (c->sprt) {
            struct sprt_result r;
            sprt_print(stdout, &rn->tally.counts, &c->sprt_params, c->sprt_model, &r);
            if (rc == EXIT_SPRT_NONE)
                printf("SPRT: no verdict after %ld games\n", rn->done);
        }
    }
    if (rc == EXIT_INTERRUPTED)
        cli_error("interrupted after %ld of %ld games; continue with: --results '%s' --resume",
                  rn->done, rn->planned, c->results);
    char report[PATH_MAX];
    bool reported = false;
    if (rn->done > 0 && !c->no_report &&
        path_join(report, sizeof(report), c->results, "report.html") == 0) {
        const char *dirs[1] = {c->results};
        reported = (rn->live ? report_live_write(rn->live, report)
                             : report_write(report, dirs, 1, &rn->report_run)) == EXIT_OK;
    }
    /* Where to look: the last lines, -q or not. */
    if (rn->done > 0) {
        fprintf(stderr, "Results in %s (bots' logs in %s)\n", c->results, rn->logs);
        if (reported)
            fprintf(stderr, "Report in %s\n", report);
    }
    return rc;
}

int runner_run(const struct run_config *c)
{
    struct runner *rn = xcalloc(1, sizeof(*rn));
    int rc;

    rn->cfg = c;
    rn->dir_fd = rn->logs_fd = -1;
    rn->lock = (struct runlock)RUNLOCK_INIT;
    for (int b = 0; b < CONFIG_MAX_BOTS; b++)
        rn->log_fds[b] = -1;
    rn->verdict = SPRT_CONTINUE;
    rn->con.quiet = c->quiet;
    if (c->nbots == 2) {
        rn->con.a = c->bots[0].name;
        rn->con.b = c->bots[1].name;
    }
    proc_ignore_sigpipe();
    proc_become_subreaper(); /* best effort: Linux only */
    proc_watchdog_start();   /* likewise: no bot process outlives referee */
    host_catch_signals();
    /* --plan only reads: it works beside a run. */
    if ((rc = set_up(rn)) == 0 && (c->plan_only || (rc = lock_results(rn)) == 0) &&
        (rc = plan(rn)) == 0 && c->plan_only) {
        long missing, first = first_missing(rn, &missing);
        printf("games=%ld written=%ld missing=%ld first_missing=%ld\n", rn->planned, rn->done,
               missing, first + 1);
    } else if (rc == 0 && (rc = open_results(rn)) == 0) {
        host_say_bots_run_as_root(c->sandbox, true);
        rn->con.total = rn->total;
        rn->report_run = (struct report_run){.sprt = c->sprt,
                                             .params = c->sprt_params,
                                             .model = c->sprt_model,
                                             .candidate = c->bots[0].name,
                                             .move_ms = c->time.move_ms,
                                             .first_move_ms = c->time.first_move_ms};
        /* A run from scratch counts its report as it goes; a resumed one reads
         * its files back at the end, the games it had included. */
        if (!c->no_report && rn->done == 0 &&
            report_live_open(&rn->live, c->results, &rn->report_run) < 0)
            rn->live = NULL;
        rc = conclude(rn, play(rn));
    }
    results_free(rn->out);
    report_live_free(rn->live);
    standings_free(rn->st);
    gameset_free(&rn->skip);
    gameset_free(&rn->written);
    gameset_free(&rn->kept);
    tournament_close_logs(rn->log_fds, c->nbots);
    if (rn->logs_fd >= 0)
        close(rn->logs_fd);
    runlock_release(&rn->lock);
    if (rn->dir_fd >= 0)
        close(rn->dir_fd);
    free(rn);
    return rc;
}
