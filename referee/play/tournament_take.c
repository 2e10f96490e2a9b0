/* tournament_take.c: a tournament's games under its lock: the next game a
 * worker takes, finished games handed over in order, the run stopped once. */
#include "tournament_state.h"

#include <errno.h>

/* Stop the run for `why`, once: the first reason is the one reported. Called
 * with the lock. */
static void halt(struct run *r, enum tournament_end why)
{
    if (r->halted)
        return;
    r->end = why;
    r->halted = 1;
    pthread_cond_broadcast(&r->released);
}

void tournament_fail_with(struct run *r, const struct tournament_failure *why)
{
    if (r->halted)
        return;
    r->failure = *why;
    halt(r, TOURNAMENT_FAILED);
}

void tournament_fail(struct run *r, int error, int bot, const char *what)
{
    tournament_fail_with(r, &(struct tournament_failure){.error = error, .bot = bot, .what = what});
}

/* The user stopped the run (Ctrl-C): seen here rather than in the signal
 * handler, which may only set its flag. Called with the lock. */
void tournament_notice_interrupt(struct run *r)
{
    if (*r->interrupt)
        halt(r, TOURNAMENT_INTERRUPTED);
}

/* Hand over, in order, every finished game that is next. Called with the lock. */
void tournament_flush_in_order(struct run *r)
{
    struct inorder_slot *s;

    while (!r->halted && (s = inorder_pop(&r->order)) != NULL) {
        int rc = r->hooks->finished(r->hooks->ctx, &s->rec);
        inorder_give_back(&r->order, s);
        if (rc < 0)
            tournament_fail(r, rc, -1, "write the results");
        else if (rc > 0)
            halt(r, TOURNAMENT_STOPPED);
    }
    pthread_cond_broadcast(&r->released);
}

/* An absolute CLOCK_REALTIME time ms from now, for pthread_cond_timedwait. */
struct timespec tournament_deadline_in_ms(int ms)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_nsec += (long)ms * 1000000;
    t.tv_sec += t.tv_nsec / 1000000000;
    t.tv_nsec %= 1000000000;
    return t;
}

/* Games taken and not yet handed over, at most: 8 a worker, and 64 at least. A
 * game that takes long (a bot hung until its timeout, a stall of the machine)
 * keeps the records of the games after it waiting; past this many, workers wait
 * for it rather than hold more, so memory stays flat (3 KB a record). */
static long held_max(const struct run *r)
{
    long per_jobs = 8L * (r->t->jobs > 0 ? r->t->jobs : 1);
    return per_jobs > 64 ? per_jobs : 64;
}

/* Game r->next_game from the tournament's source into *g: 1, 0 at the end of
 * the source's games (the run's count becomes the games taken), or -EAGAIN.
 * Called with the lock. */
static int from_source(struct run *r, struct scheduled_game *g)
{
    int rc = r->t->source(r->t->source_ctx, r->next_game, g);

    if (rc == 0) {
        r->count = r->order.count = r->next_game;
    } else if (rc == -EAGAIN && r->order.held == 0) {
        tournament_fail(r, -EPROTO, -1,
                        "take the next game (an internal error: it awaits no game)");
    } else if (rc < 0 && rc != -EAGAIN) {
        tournament_fail(r, rc, -1, "take the next game");
    }
    return rc;
}

/* The next game for a worker: its index in *index, itself in *g, and a slot
 * for its record, or NULL when there is none to play. The index is chosen, past
 * the games in skip, in the same hold of the lock that takes it: whatever a
 * wait let other workers do, a worker is only ever given a game of this run's
 * own. */
struct inorder_slot *tournament_take_game(struct run *r, long *index, struct scheduled_game *g)
{
    struct inorder_slot *s = NULL;

    pthread_mutex_lock(&r->lock);
    for (;;) {
        tournament_notice_interrupt(r);
        while (r->next_game < r->count && r->skip && gameset_has(r->skip, r->next_game))
            r->next_game++;
        if (r->halted || r->next_game >= r->count)
            break;
        int rc = 1;
        if (r->order.held < held_max(r) && (!r->t->source || (rc = from_source(r, g)) == 1)) {
            s = inorder_take(&r->order);
            if (!s) {
                tournament_fail(r, -ENOMEM, -1, "run");
                break;
            }
            if (!r->t->source)
                schedule_game(&r->t->schedule, r->next_game, g);
            *index = r->next_game++;
            break;
        }
        if (rc != 1 && rc != -EAGAIN)
            continue; /* the end, or a failure: seen at the top */
        /* Timed: the interrupt flag is set by a signal handler, which cannot signal. */
        struct timespec until = tournament_deadline_in_ms(100);
        pthread_cond_timedwait(&r->released, &r->lock, &until);
    }
    pthread_mutex_unlock(&r->lock);
    return s;
}
