/* runner_end.c: the end of a run: its exit status from how its tournament
 * ended, its standings files, its report and its closing lines. */
#include "runner_state.h"
#include "message.h"
#include "path.h"
#include "report_write.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* The first of this run's games that it did not write, and how many. */
long runner_first_missing(const struct runner *rn, long *missing)
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
    message_error("%d bot%s could not play and lost %s games by forfeit from then on: %s; the "
                  "other games were played",
                  rn->nbroken, rn->nbroken == 1 ? "" : "s", rn->nbroken == 1 ? "its" : "their",
                  names);
    return EXIT_BOT_FAILED;
}

/* The exit status of a run that ended so, having said what went wrong. */
int runner_exit_status(struct runner *rn, enum tournament_end end,
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
            runner_say_broken(rn, failure->bot, failure->error, why, "");
            if (rn->done > 0 || c->resume)
                message_error("%ld of %ld games kept; once the bot is fixed, continue with: "
                              "--results '%s' --resume",
                              rn->done, rn->planned, c->results);
            return EXIT_SYSTEM;
        }
        message_error("cannot %s in '%s': %s", failure->what ? failure->what : "go on", c->results,
                      failure->error == -ESTALE
                          ? "its games.csv or moves.csv was removed or replaced during the run"
                          : strerror(-failure->error));
        return failure->error == -EPROTO ? EXIT_INTERNAL : EXIT_SYSTEM;
    case TOURNAMENT_INTERRUPTED: return EXIT_INTERRUPTED;
    case TOURNAMENT_STOPPED: return rn->nbroken > 0 ? broken_exit(rn) : sprt_exit(rn->verdict);
    case TOURNAMENT_DONE: break;
    }
    /* Every run ends by comparing the games it wrote with the games it planned. */
    first = runner_first_missing(rn, &missing);
    if (missing > 0 || rn->done != rn->planned) {
        message_error("the run ended with %ld of its %ld games not written (the first: game %ld): "
                      "an internal error of referee's; --resume plays them",
                      missing, rn->planned, first + 1);
        return EXIT_INTERNAL;
    }
    if (rn->nbroken > 0)
        return broken_exit(rn);
    return c->sprt ? EXIT_SPRT_NONE : EXIT_OK;
}

/* The standings files and the closing lines of a run that ended with rc. */
int runner_conclude(struct runner *rn, int rc)
{
    const struct run_config *c = rn->cfg;

    if (rn->done > 0) {
        const char *name;
        int err = results_write_standings(rn->dir_fd, rn->st, &name);
        if (err < 0) {
            char path[PATH_MAX + 32];
            snprintf(path, sizeof(path), "%s/%s", c->results, name);
            int status = runner_refuse_write(path, err);
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
        message_error("interrupted after %ld of %ld games; continue with: --results '%s' --resume",
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
