/* runner_events.c: what a run does as its tournament tells it: a game
 * started, a game finished (written, counted, said), a bot that cannot play. */
#include "runner_state.h"
#include "message.h"
#include "ledger.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

void runner_on_started(void *ctx, const struct scheduled_game *g)
{
    struct runner *rn = ctx;
    console_started(&rn->con, g, rn->cfg->bots[g->bots[0]].name, rn->cfg->bots[g->bots[1]].name);
    console_progress(&rn->con, rn->done, rn->planned, rn->st);
}

int runner_on_tick(void *ctx)
{
    struct runner *rn = ctx;
    runner_keep_lock(rn);
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
    /* A bot that cannot play had its log named once (runner_on_broken), not at each forfeit. */
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

int runner_on_finished(void *ctx, const struct game_record *rec)
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
    bool verdict =
        !aborted && runner_count_sprt(rn, rec->bots[0], rec->state.winner, rec->opening_id);
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

/* Say that bot b cannot play (error and why from the tournament), then the
 * last lines of its log; `then` ends the first line (what happens now). */
void runner_say_broken(const struct runner *rn, int b, int error, const char *why, const char *then)
{
    const struct bot_spec *bot = &rn->cfg->bots[b];
    char path[PATH_MAX + 16];

    if (error == MATCH_NEVER_ANSWERED)
        message_error("bot '%s' ('%s') cannot play: %s%s", bot->name, bot->argv[0], why, then);
    else
        message_error("cannot start bot '%s' ('%s'): %s%s", bot->name, bot->argv[0], why, then);
    if (tournament_log_path(path, sizeof(path), rn->logs, bot->name) == 0)
        console_log_tail(path);
}

/* A bot that cannot play, in a run that plays on without it (its games are
 * forfeits): said at once, with where it went wrong. */
void runner_on_broken(void *ctx, int bot, int error, const char *why)
{
    struct runner *rn = ctx;

    console_clear(&rn->con);
    runner_say_broken(rn, bot, error, why,
                      "; its games are forfeits, the others are played (--stop-on-broken-bot stops "
                      "the run instead)");
    rn->broken[bot] = true;
    rn->nbroken++;
}
