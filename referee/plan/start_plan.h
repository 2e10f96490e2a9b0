/* start_plan.h: where each game of a run starts: the initial position with
 * its opening played, from an openings file's lines or a random line of the
 * game's seed (pure). What plays the games and what checks them afterwards
 * (a resume, store/ledger.c) start them by the same function. */
#ifndef REFEREE_START_PLAN_H
#define REFEREE_START_PLAN_H

#include "game.h"
#include "schedule.h"

#include <stdbool.h>

struct start_plan {
    const struct game_def *def;
    bool early_draw;
    int opening_plies;     /* random openings of this many plies (if no lines) */
    char *const *openings; /* or: move lists, one per opening, used in turn (borrowed) */
    int nopenings;
};

/* Set up the start of game g of plan p into *s: the initial position with
 * its opening played (g->opening_id's line, or g->seed's random line).
 * Returns 0, or -1 if the opening cannot be played (a bad move list, or no
 * random line of that length keeps the game open). */
int start_plan_game(const struct start_plan *p, const struct scheduled_game *g,
                    struct game_state *s);

#endif
