/* runner.c: a run from its config to its files and its exit status: its
 * tournament set up, planned, its results opened, played and concluded. */
#include "runner.h"
#include "runner_state.h"
#include "message.h"
#include "host.h"
#include "reorder.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define MAX_GAMES 100000000L /* games one run can hold (its sets are bitmaps) */

/* The tournament of the config; checks that its openings can be played.
 * Returns 0 or an exit code, having said why. */
static int set_up(struct runner *rn)
{
    const struct run_config *c = rn->cfg;
    struct tournament *t = &rn->t;

    tournament_from_config(t, c, host_cores());
    rn->total = schedule_count(&t->schedule);
    if (rn->total > MAX_GAMES) {
        message_error("%ld games is more than one run can hold (%ld); split it with fewer --games "
                      "or --rounds",
                      rn->total, MAX_GAMES);
        return EXIT_USAGE;
    }
    if (c->nopenings == 0 && c->opening_plies > 0) {
        struct scheduled_game g;
        struct game_state s;
        schedule_game(&t->schedule, 0, &g);
        if (start_plan_game(&t->start, &g, &s) < 0) {
            message_error("--openings %ld: no line of %ld random moves leaves a game of %s open",
                          c->opening_plies, c->opening_plies, c->game->name);
            return EXIT_USAGE;
        }
    }
    /* Every opening must be playable before any game starts. */
    for (int i = 0; i < c->nopenings; i++) {
        struct scheduled_game g = {.opening_id = i + 1};
        struct game_state s;
        if (start_plan_game(&t->start, &g, &s) < 0) {
            message_error("openings file '%s', opening %d ('%s'): not a playable line of %s",
                          c->openings_file, i + 1, c->openings[i], c->game->name);
            return EXIT_DATA;
        }
    }
    return 0;
}

/* Play the games of the plan and say how it ended. */
static int play(struct runner *rn)
{
    const struct run_config *c = rn->cfg;
    struct tournament_hooks hooks = {.started = runner_on_started,
                                     .finished = runner_on_finished,
                                     .tick = runner_on_tick,
                                     .broken = runner_on_broken,
                                     .ctx = rn};
    struct tournament_failure failure = {0};
    enum tournament_end end = TOURNAMENT_STOPPED; /* a verdict already reached: play nothing */

    rn->con.live = !c->quiet && isatty(STDERR_FILENO);
    rn->con.t0_ns = proc_now_ns();
    if (rn->verdict == SPRT_CONTINUE)
        end = tournament_run(&rn->t, &rn->skip, &hooks, &host_interrupted, &failure);
    console_clear(&rn->con);
    /* Whatever stopped the run, the games it finished are written. */
    runner_keep_lock(rn);
    int err = results_flush(rn->out);
    if (err < 0 && end != TOURNAMENT_FAILED) {
        end = TOURNAMENT_FAILED;
        failure = (struct tournament_failure){.error = err, .bot = -1, .what = "write the results"};
    }
    /* The files in game order again, as a resume requires them. */
    char why[PATH_MAX + 200];
    if (err == 0 && rn->out_of_order &&
        (err = reorder_results(c->results, &rn->kept, why, sizeof(why))) < 0) {
        message_error("cannot put the games of '%s' back in game order: %s", c->results, why);
        if (end != TOURNAMENT_FAILED) {
            end = TOURNAMENT_FAILED;
            failure = (struct tournament_failure){
                .error = err, .bot = -1, .what = "put the games in order"};
        }
    }
    return runner_exit_status(rn, end, &failure);
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
    if ((rc = set_up(rn)) == 0 && (c->plan_only || (rc = runner_lock_results(rn)) == 0) &&
        (rc = runner_plan(rn)) == 0 && c->plan_only) {
        long missing, first = runner_first_missing(rn, &missing);
        printf("games=%ld written=%ld missing=%ld first_missing=%ld\n", rn->planned, rn->done,
               missing, first + 1);
    } else if (rc == 0 && (rc = runner_open_results(rn)) == 0) {
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
        rc = runner_conclude(rn, play(rn));
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
