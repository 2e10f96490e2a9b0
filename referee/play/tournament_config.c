/* tournament_config.c: a tournament as a run's config asks for it, built in
 * one place for every command that plays one (tournament and match, league). */
#include "defaults.h"
#include "tournament.h"

void tournament_from_config(struct tournament *t, const struct run_config *c, int cores)
{
    *t = (struct tournament){
        .start = {.def = c->game,
                  .early_draw = !c->no_early_draw,
                  .opening_plies = (int)c->opening_plies,
                  .openings = c->openings,
                  .nopenings = c->nopenings},
        .bots = c->bots,
        .nbots = c->nbots,
        .schedule = {.format = c->format,
                     .nbots = c->nbots,
                     .games_per_pairing = (int)c->games,
                     .rounds = (int)c->rounds,
                     .seed = (uint64_t)c->seed},
        .rules = {.time = c->time,
                  .restart_each_game = c->restart,
                  .stop_grace_ms = EXIT_GRACE_MS,
                  /* Spinning for a reply holds a core while the bot thinks on
                   * another: only when every game under way can have two, and
                   * never on a pinned worker, whose bots share its core. */
                  .spin = !c->no_spin && !c->affinity && 2 * c->jobs <= cores},
        .jobs = (int)c->jobs,
        .max_live = (int)c->max_live,
        .affinity = c->affinity,
        .log_cap = (size_t)c->log_cap,
        .forfeit_broken = !c->stop_on_broken,
    };
}
