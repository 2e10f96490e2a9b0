/* seat_random.c: referee's own mover at the board: a legal move at random,
 * from a seed, so that a game against it can be played again. */
#include "defaults.h"
#include "notation.h"
#include "opening.h"
#include "seat.h"

#include <stddef.h>
#include <string.h>

static struct seat_random *random_of(struct seat *s)
{
    return (struct seat_random *)((char *)s - offsetof(struct seat_random, seat));
}

static int random_ask(struct seat *s, const struct seat_turn *t, struct player_reply *r)
{
    struct action moves[GAME_MAX_SQUARES + 1];
    int64_t t0 = proc_now_ns();
    int n = game_legal(t->state, moves);

    r->foul = FOUL_NONE;
    r->interrupted = false;
    /* A move with its mark, as a bot may write it (protocol/PROTOCOL.md). */
    struct action a = moves[opening_random(&random_of(s)->rng) % (uint64_t)n];
    r->len = notation_put_move(game_def_of(t->state), a, true, r->line);
    r->elapsed_ns = proc_now_ns() - t0;
    return SEAT_REPLIED;
}

static const struct seat_ops seat_random_ops = {
    .kind = "random",
    .ask = random_ask,
};

void seat_random_init(struct seat_random *sr, uint64_t seed)
{
    memset(sr, 0, sizeof(*sr));
    sr->seat.ops = &seat_random_ops;
    sr->rng = seed;
}
