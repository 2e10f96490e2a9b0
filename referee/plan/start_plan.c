/* start_plan.c: the start of a run's game, its opening played (pure). */
#include "start_plan.h"
#include "notation.h"
#include "opening.h"

#include <stdio.h>
#include <string.h>

int start_plan_game(const struct start_plan *p, const struct scheduled_game *g,
                    struct game_state *s)
{
    game_init(s, p->def, p->early_draw);
    if (p->nopenings > 0) {
        char buf[GAME_MAX_PLIES * GAME_MOVE_TEXT], *save = NULL;
        const char *line = p->openings[(g->opening_id - 1) % p->nopenings];
        if (snprintf(buf, sizeof(buf), "%s", line) >= (int)sizeof(buf))
            return -1; /* longer than any game: cut, it would be another opening */
        for (char *m = strtok_r(buf, " \t", &save); m; m = strtok_r(NULL, " \t", &save)) {
            struct action a;
            const char *why;
            if (notation_parse_move(s, m, &a, &why) < 0 ||
                (a.kind != ACTION_MOVE && a.kind != ACTION_PASS))
                return -1;
            if (!game_step(s, a) || game_is_over(s))
                return -1;
        }
        return 0;
    }
    if (p->opening_plies > 0)
        return opening_random_line(s, g->seed, p->opening_plies);
    return 0;
}
