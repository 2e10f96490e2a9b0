/* tournament_seats.c: a worker's bots, a player each, of which only so many
 * keep a process between games (--max-live, memory, descriptors). */
#include "tournament_state.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>

/* Until a bot has been measured, the memory it is taken to need. */
#define SEAT_GUESS_KB (64L * 1024)
/* Descriptors referee keeps for a live bot (stdin, stdout, stderr, log), and
 * those kept for everything else. */
#define SEAT_FDS     4
#define SEAT_FDS_OWN 64

int seats_init(struct seats *st, const struct run *r)
{
    const struct tournament *t = r->t;
    long jobs = t->jobs > 0 ? t->jobs : 1;

    st->t = t;
    st->n = t->nbots;
    st->players = calloc((size_t)t->nbots, sizeof(*st->players));
    st->last_used = calloc((size_t)t->nbots, sizeof(*st->last_used));
    st->alive = calloc((size_t)t->nbots, sizeof(*st->alive));
    if (!st->players || !st->last_used || !st->alive)
        return -ENOMEM;
    /* Half of what the machine has available, shared by the workers. */
    st->budget_kb = r->memory_kb / 2 / jobs;
    long fds = proc_descriptors_max();
    st->fd_cap = fds == LONG_MAX ? LONG_MAX : (fds - SEAT_FDS_OWN) / SEAT_FDS / jobs;
    for (int b = 0; b < t->nbots; b++) {
        player_init(&st->players[b], &t->bots[b], t->start.def, NULL, t->log_cap);
        /* A cap of 0 keeps no log at all. */
        if (t->log_fds && t->log_cap > 0)
            st->players[b].log_fd = t->log_fds[b];
        /* A bot that answered on another worker has shown its command works. */
        st->players[b].answered_anywhere = &r->answered[b];
    }
    return 0;
}

void seats_release(struct seats *st, int grace_ms)
{
    for (int b = 0; st->players && b < st->n; b++)
        player_stop(&st->players[b], grace_ms);
    free(st->players);
    free(st->last_used);
    free(st->alive);
    st->players = NULL;
    st->last_used = NULL;
    st->alive = NULL;
}

/* How many bot processes this worker may keep alive: --max-live, or as many
 * as fit in its share of the memory at the size of the biggest bot process
 * seen (SEAT_GUESS_KB before one is measured), at least two blocks' worth of
 * the schedule (2 * SCHEDULE_GROUP) and never more descriptors than allowed. */
static long seats_cap(const struct seats *st)
{
    long cap = st->t->max_live;
    if (cap <= 0) {
        long per_bot = st->bot_kb > 0 ? st->bot_kb : SEAT_GUESS_KB;
        cap = st->budget_kb > 0 ? st->budget_kb / per_bot : 2 * SCHEDULE_GROUP;
        if (cap < 2 * SCHEDULE_GROUP)
            cap = 2 * SCHEDULE_GROUP;
    }
    if (cap > st->fd_cap)
        cap = st->fd_cap;
    return cap < 2 ? 2 : cap;
}

/* Stop bots other than game g's so that no more than seats_cap processes are
 * alive once g's are: first those that play no more in g's block of the
 * schedule, each the one used longest ago (schedule_pick_stop). Descriptors
 * and memory stay bounded whatever the number of bots. The others that sit
 * this game out get the result of their last one now. */
void seats_make_room(struct seats *st, const struct scheduled_game *g, long index, int grace_ms)
{
    long live = 0, cap = seats_cap(st);
    for (int b = 0; b < st->n; b++) {
        st->alive[b] = st->players[b].running;
        live += st->alive[b];
        if (b != g->bots[0] && b != g->bots[1])
            player_flush(&st->players[b], proc_now_ns() + (int64_t)grace_ms * 1000000);
    }
    live += !st->players[g->bots[0]].running + !st->players[g->bots[1]].running;
    while (live > cap) {
        int b = schedule_pick_stop(&st->t->schedule, index, g, st->alive, st->last_used);
        if (b < 0)
            break;
        player_stop(&st->players[b], grace_ms);
        st->alive[b] = false;
        live--;
    }
    st->last_used[g->bots[0]] = st->last_used[g->bots[1]] = index + 1;
}

/* After a game: measure the memory of a bot process that has played 1, 10,
 * 100... games, for seats_cap. A look at /proc costs some microseconds: too
 * much for every game of fast bots. */
void seats_measure(struct seats *st, const struct scheduled_game *g)
{
    for (int s = 0; s < 2; s++) {
        struct player *p = &st->players[g->bots[s]];
        int n = p->games;
        while (n >= 10 && n % 10 == 0)
            n /= 10;
        if (!p->running || n != 1)
            continue;
        long kb = proc_rss_kb(&p->proc);
        if (kb > st->bot_kb)
            st->bot_kb = kb;
    }
}
