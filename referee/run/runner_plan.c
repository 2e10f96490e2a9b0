/* runner_plan.c: the games a run plays: its shard's, less those a resumed
 * run keeps, the SPRT and the score counted again from what it kept. */
#include "runner_state.h"
#include "message.h"
#include "ledger.h"
#include "schema.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Count a game for the SPRT, from the candidate's (bots[0]) view. Returns true
 * when this game brought the verdict: the run stops there, and the figures
 * printed and the games written are those the verdict was taken on. */
bool runner_count_sprt(struct runner *rn, const char *first, int winner, int opening_id)
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
            runner_count_sprt(rn, row.bots[0], row.winner, (int)row.opening_id);
            console_count(&rn->con, row.bots[0], row.winner);
        }
        rc = 0;
    }
    schema_close(&f);
    if (rc < 0) {
        message_error("cannot read %s", why);
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
        message_error("cannot resume '%s': %s%s", c->results, why,
                      repair.mendable ? " (--repair drops such games and plays them again)" : "");
        return (err == -EINVAL || err == -ENODATA) ? EXIT_DATA : EXIT_SYSTEM;
    }
    if (repair.dropped > 0)
        message_error("repaired '%s': dropped %ld game%s that did not check, to be played "
                      "again (the first: %s)",
                      c->results, repair.dropped, repair.dropped == 1 ? "" : "s", repair.first);
    return 0;
}

/* The games this run plays: its shard's, less those a resumed run has.
 * Returns 0 or an exit code, having said why. */
int runner_plan(struct runner *rn)
{
    const struct run_config *c = rn->cfg;
    int rc;

    rn->st = standings_new();
    rn->kept_last = -1;
    if (!rn->st || gameset_init(&rn->skip, rn->total) < 0 ||
        gameset_init(&rn->written, rn->total) < 0 || gameset_init(&rn->kept, rn->total) < 0) {
        message_error("out of memory");
        return EXIT_SYSTEM;
    }
    for (int i = 0; i < c->nbots; i++)
        standings_add_bot(rn->st, c->bots[i].name);
    if (c->resume && (rc = resume_kept(rn)) != 0)
        return rc;
    if (c->only > rn->total) {
        message_error("--only %ld: the run has %ld games", c->only, rn->total);
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
            message_error("cannot resume '%s': game %ld is not of shard %d/%d", c->results, i + 1,
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
