/* tournament.c: worker threads, each playing whole games with its own bot
 * processes (tournament_seats.c), taking games and handing them over in order
 * (tournament_take.c). */
#include "tournament_state.h"
#include "folder.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* A worker thread: the run it plays for, its bots, and the rules its games are
 * played under (the run's, stopped by its halt). */
struct worker {
    struct run *r;
    struct seats st;
    struct match_rules rules;
};

/* Why match_play failed with rc for player p, into out (len bytes): the
 * player's why for its last handshake or its never-answered stop; of
 * anything else, strerror says it. */
static void failure_why(int rc, const struct player *p, char *out, size_t len)
{
    bool own = rc == -EPROTONOSUPPORT || rc == MATCH_NEVER_ANSWERED;
    snprintf(out, len, "%s", own ? p->why : strerror(-rc));
}

/* Bot b failed in a game (match_play's rc, the game lost by its forfeit in
 * rec): from now on its games are forfeits with the same reason. The first
 * time, hooks->broken is told. */
static void mark_broken(struct run *r, int b, int rc, const struct player *p,
                        const struct game_record *rec)
{
    pthread_mutex_lock(&r->lock);
    if (!r->broken[b][0]) {
        snprintf(r->broken[b], sizeof(r->broken[b]), "%s", rec->reason);
        if (r->hooks->broken) {
            char why[PLAYER_REASON_MAX];
            failure_why(rc, p, why, sizeof(why));
            r->hooks->broken(r->hooks->ctx, b, rc, why);
        }
    }
    pthread_mutex_unlock(&r->lock);
}

/* Play game g from start into rec with the worker's bots. Returns 0, or a
 * negative errno with *why's bot and what set (see play). */
static int play_seats(struct worker *w, long index, const struct scheduled_game *g,
                      const struct game_state *start, struct game_record *rec,
                      struct tournament_failure *why)
{
    struct seats *st = &w->st;
    enum side failed = SIDE_NONE;

    seats_make_room(st, g, index, w->rules.stop_grace_ms);
    struct player *players[2] = {&st->players[g->bots[0]], &st->players[g->bots[1]]};
    struct seat_bot bots[2];
    struct seat *seats[2] = {&bots[0].seat, &bots[1].seat};
    for (int i = 0; i < 2; i++)
        seat_bot_init(&bots[i], players[i]);
    int rc = match_play(seats, start, &w->rules, rec, &failed);
    if (st->t->max_live <= 0)
        seats_measure(st, g);
    if (rc < 0 && failed != SIDE_NONE && w->rules.forfeit_broken) {
        mark_broken(w->r, g->bots[failed], rc, players[failed], rec);
        return 0; /* rec is its forfeit */
    }
    if (rc < 0) {
        *why = (struct tournament_failure){.error = rc,
                                           .bot = failed != SIDE_NONE ? g->bots[failed] : -1,
                                           .what = "start the bot"};
        if (failed != SIDE_NONE)
            failure_why(rc, players[failed], why->detail, sizeof(why->detail));
    }
    return rc;
}

/* Play game `index` into rec. Returns 0, or a negative errno with *why's bot
 * (the index of the bot that could not be started, or -1) and what set. */
static int play(struct worker *w, long index, const struct scheduled_game *game,
                struct game_record *rec, struct tournament_failure *why)
{
    struct run *r = w->r;
    const struct tournament *t = r->t;
    struct scheduled_game g = *game;
    struct game_state start;
    enum side out = SIDE_NONE;
    char reason[RECORD_REASON_MAX];

    *why = (struct tournament_failure){.bot = -1, .what = "play the opening"};
    if (start_plan_game(&t->start, &g, &start) < 0)
        return -EINVAL;
    rec->id = g.id;
    rec->pairing = g.pairing;
    rec->opening_id = g.opening_id;
    rec->seed = g.seed;
    rec->opening_plies = start.nhistory;
    for (int s = 0; s < 2; s++)
        snprintf(rec->bots[s], sizeof(rec->bots[s]), "%s", t->bots[g.bots[s]].name);
    pthread_mutex_lock(&r->lock);
    if (r->hooks->started)
        r->hooks->started(r->hooks->ctx, &g);
    /* A bot found broken plays no more: its games are forfeits (its first
     * side's, if both are), and its opponent is not started for them. */
    for (int s = 1; s >= 0; s--)
        if (r->broken[g.bots[s]][0]) {
            out = (enum side)s;
            snprintf(reason, sizeof(reason), "%s", r->broken[g.bots[s]]);
        }
    pthread_mutex_unlock(&r->lock);
    if (out != SIDE_NONE) {
        match_forfeit(&start, out, reason, rec);
        return 0;
    }
    return play_seats(w, index, &g, &start, rec, why);
}

/* Game `index` is over (rc from play): queue its record for the in-order
 * hand-over, or drop it if the run is halting or it failed. */
static void hand_over(struct run *r, long index, struct inorder_slot *s, int rc,
                      const struct tournament_failure *why)
{
    pthread_mutex_lock(&r->lock);
    tournament_notice_interrupt(r);
    if (rc < 0) {
        tournament_fail_with(r, why);
    } else if (!r->halted && inorder_put(&r->order, index, s) < 0) {
        tournament_fail(r, -EPROTO, -1,
                        "hand the games over in order (an internal error of referee's)");
    } else if (!r->halted) {
        s = NULL;
        tournament_flush_in_order(r);
    }
    if (s) /* cut short by a stop, or failed: not a finished game */
        inorder_give_back(&r->order, s);
    pthread_cond_broadcast(&r->released);
    pthread_mutex_unlock(&r->lock);
}

static void *worker(void *arg)
{
    struct run *r = arg;
    const struct tournament *t = r->t;
    /* Games under way stop at a halt of the run, whatever its reason. */
    struct worker w = {.r = r, .rules = t->rules};

    w.rules.forfeit_broken = t->forfeit_broken;
    struct inorder_slot *s;
    struct scheduled_game g;
    long index;
    int rc = seats_init(&w.st, r);

    w.rules.stop = &r->halted;
    if (rc == 0 && t->affinity) {
        pthread_mutex_lock(&r->lock);
        int nth = r->workers++;
        pthread_mutex_unlock(&r->lock);
        rc = proc_pin_thread(nth); /* before any bot starts, so that each inherits the core */
    }
    if (rc < 0) {
        pthread_mutex_lock(&r->lock);
        tournament_fail(r, rc, -1, rc == -ENOMEM ? "run" : "pin a worker to a core");
        pthread_mutex_unlock(&r->lock);
    }
    while (rc == 0 && (s = tournament_take_game(r, &index, &g)) != NULL) {
        struct tournament_failure why;
        rc = play(&w, index, &g, &s->rec, &why);
        hand_over(r, index, s, rc, &why);
    }
    seats_release(&w.st, t->rules.stop_grace_ms);
    pthread_mutex_lock(&r->lock);
    r->live--;
    pthread_cond_signal(&r->ended);
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

/* The main thread while workers play: call hooks->tick every TICK_MS until the
 * last worker ends. */
#define TICK_MS 100
static void tick_until_done(struct run *r)
{
    pthread_mutex_lock(&r->lock);
    while (r->live > 0) {
        struct timespec until = tournament_deadline_in_ms(TICK_MS);
        if (pthread_cond_timedwait(&r->ended, &r->lock, &until) != ETIMEDOUT)
            continue;
        tournament_notice_interrupt(r);
        if (r->hooks->tick && r->end != TOURNAMENT_FAILED) {
            int rc = r->hooks->tick(r->hooks->ctx);
            if (rc < 0)
                tournament_fail(r, rc, -1, "write the results");
        }
    }
    pthread_mutex_unlock(&r->lock);
}

/* Start jobs workers (at least one runs, on this thread if need be) and wait
 * for them all. */
static void run_workers(struct run *r, int jobs)
{
    pthread_t *threads = calloc((size_t)jobs, sizeof(*threads));
    int started = 0;

    for (; threads && started < jobs; started++) {
        pthread_mutex_lock(&r->lock);
        r->live++;
        pthread_mutex_unlock(&r->lock);
        if (pthread_create(&threads[started], NULL, worker, r) != 0) {
            pthread_mutex_lock(&r->lock);
            r->live--;
            pthread_mutex_unlock(&r->lock);
            break;
        }
    }
    if (started == 0) {
        r->live = 1;
        worker(r);
    }
    tick_until_done(r);
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    free(threads);
}

/* What r holds per bot: whether it answered, why it is broken. Returns
 * 0, or fills *failure and returns -1 (nothing left to release). */
static int run_init_bots(struct run *r, struct tournament_failure *failure)
{
    const struct tournament *t = r->t;

    r->answered = calloc((size_t)t->nbots, sizeof(*r->answered));
    r->broken = calloc((size_t)t->nbots, sizeof(*r->broken));
    *failure = (struct tournament_failure){.error = -ENOMEM, .bot = -1, .what = "run"};
    bool ok = r->answered && r->broken;
    for (int b = 0; ok && b < t->nbots; b++)
        atomic_init(&r->answered[b], false);
    if (ok)
        return 0;
    free(r->answered);
    free(r->broken);
    return -1;
}

enum tournament_end tournament_run(const struct tournament *t, const struct gameset *skip,
                                   const struct tournament_hooks *hooks,
                                   volatile sig_atomic_t *interrupt,
                                   struct tournament_failure *failure)
{
    struct run r = {.t = t, .skip = skip, .hooks = hooks, .interrupt = interrupt};
    int jobs = t->jobs > 0 ? t->jobs : 1;

    /* A source's games end when it says so. */
    r.count = t->source ? LONG_MAX : schedule_count(&t->schedule);
    r.memory_kb = proc_memory_available_kb();
    if (run_init_bots(&r, failure) < 0)
        return TOURNAMENT_FAILED;
    inorder_init(&r.order, r.count, skip);
    pthread_mutex_init(&r.lock, NULL);
    pthread_cond_init(&r.released, NULL);
    pthread_cond_init(&r.ended, NULL);

    if (jobs > r.count)
        jobs = r.count > 0 ? (int)r.count : 1;
    run_workers(&r, jobs);

    /* Every game was handed over unless the run halted: checked, not assumed. */
    if (!r.halted && !inorder_is_done(&r.order)) {
        r.failure = (struct tournament_failure){
            .error = -EPROTO, .bot = -1, .what = "hand over every game (an internal error)"};
        r.end = TOURNAMENT_FAILED;
    }
    /* Games finished after a halt stay unwritten, as unfinished. */
    inorder_release(&r.order);
    free(r.answered);
    free(r.broken);
    pthread_mutex_destroy(&r.lock);
    pthread_cond_destroy(&r.released);
    pthread_cond_destroy(&r.ended);
    if (r.end == TOURNAMENT_FAILED)
        *failure = r.failure;
    return r.end;
}
