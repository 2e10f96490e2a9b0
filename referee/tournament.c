/* tournament.c: worker threads, each playing whole games with its own bot
 * processes, and the in-order hand-over of finished games. */
#include "tournament.h"
#include "notation.h"
#include "opening.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A game's record, with its place in the list of finished games waiting for
 * the ones before it. That list stays as short as the games under way are
 * uneven; handed-over slots are kept for later games rather than freed, so no
 * game allocates and memory does not grow with the run. */
struct slot {
    long index;
    struct slot *next;
    struct game_record rec;
};

struct run {
    const struct tournament *t;
    const struct gameset *skip;
    const struct tournament_hooks *hooks;
    volatile sig_atomic_t *stop;
    char (*log_paths)[PATH_MAX];

    pthread_mutex_t lock;
    pthread_cond_t released; /* held went down */
    pthread_cond_t ended;    /* live went down */
    int live;                /* worker threads running */
    int workers;             /* worker threads started, for their numbers */
    long count;
    long next_game;       /* next index to hand to a worker */
    long next_write;      /* next index to hand over in order */
    struct slot *waiting; /* finished, waiting for their turn; by index */
    struct slot *spare;   /* handed over, free for the next games */
    long held;            /* games taken and not yet handed over or dropped */
    int error;
    struct tournament_failure failure;
};

void tournament_log_path(char *out, size_t len, const char *dir, const char *bot)
{
    int n = snprintf(out, len, "%s/", dir);
    size_t k = n > 0 ? (size_t)n : 0;

    for (const char *p = bot; *p && k + 5 < len; p++) {
        char c = *p;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '.' || c == '-' || c == '_';
        out[k++] = ok ? c : '_';
    }
    snprintf(out + k, len - k, ".log");
}

int tournament_start(const struct tournament *t, const struct scheduled_game *g,
                     struct game_state *s)
{
    game_init(s, t->def, t->early_draw);
    if (t->nopenings > 0) {
        char buf[GAME_MAX_PLIES * GAME_MOVE_TEXT], *save = NULL;
        snprintf(buf, sizeof(buf), "%s", t->openings[(g->opening_id - 1) % t->nopenings]);
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
    if (t->opening_plies > 0)
        return opening_random_line(s, g->seed, t->opening_plies);
    return 0;
}

/* Keep the record of game `index` until its turn comes. Called with the lock. */
static void wait_turn(struct run *r, long index, struct slot *s)
{
    struct slot **at = &r->waiting;

    while (*at && (*at)->index < index)
        at = &(*at)->next;
    s->index = index;
    s->next = *at;
    *at = s;
}

/* A cleared slot for the next game: a spare one if any. */
static struct slot *take_slot(struct run *r)
{
    pthread_mutex_lock(&r->lock);
    struct slot *s = r->spare;
    if (s)
        r->spare = s->next;
    pthread_mutex_unlock(&r->lock);
    if (!s)
        return calloc(1, sizeof(*s));
    memset(s, 0, sizeof(*s));
    return s;
}

static void free_slots(struct slot *s)
{
    while (s) {
        struct slot *next = s->next;
        free(s);
        s = next;
    }
}

/* Give back the slot of a game handed over or dropped. Called with the lock. */
static void release(struct run *r, struct slot *s)
{
    s->next = r->spare;
    r->spare = s;
    r->held--;
    pthread_cond_broadcast(&r->released);
}

/* Hand over, in order, every finished game that is next. Called with the lock. */
static void flush_in_order(struct run *r)
{
    while (r->next_write < r->count) {
        long i = r->next_write;
        if (r->skip && gameset_has(r->skip, i)) {
            r->next_write++;
            continue;
        }
        struct slot *w = r->waiting;
        if (!w || w->index != i)
            return;
        if (!r->error) {
            int rc = r->hooks->finished(r->hooks->ctx, &w->rec);
            if (rc < 0) {
                r->error = rc;
                r->failure = (struct tournament_failure){
                    .error = rc, .bot = -1, .what = "write the results"};
            }
        }
        r->waiting = w->next;
        release(r, w);
        r->next_write++;
    }
}

/* An absolute CLOCK_REALTIME time ms from now, for pthread_cond_timedwait. */
static struct timespec in_ms(int ms)
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

/* The next game index for a worker, or -1 when there is none to play. */
static long take_game(struct run *r)
{
    long i = -1;

    pthread_mutex_lock(&r->lock);
    while (r->next_game < r->count && r->skip && gameset_has(r->skip, r->next_game))
        r->next_game++;
    while (r->held >= held_max(r) && !r->error && !*r->stop) {
        /* Timed: the stop flag is set by a signal handler, which cannot signal. */
        struct timespec until = in_ms(100);
        pthread_cond_timedwait(&r->released, &r->lock, &until);
    }
    if (r->next_game < r->count && !r->error && !*r->stop) {
        i = r->next_game++;
        r->held++;
    }
    pthread_mutex_unlock(&r->lock);
    return i;
}

/* Bot processes a worker keeps between games, at most. */
#define KEEP_ALIVE 4

static int count_live(const struct player *players, int n)
{
    int live = 0;
    for (int b = 0; b < n; b++)
        live += players[b].running;
    return live;
}

/* The running bot used longest ago that does not play game g, or -1. */
static int least_recent(const struct player *players, const long *last_used, int n,
                        const struct scheduled_game *g)
{
    int best = -1;
    for (int b = 0; b < n; b++) {
        if (!players[b].running || b == g->bots[0] || b == g->bots[1])
            continue;
        if (best < 0 || last_used[b] < last_used[best])
            best = b;
    }
    return best;
}

static void *worker(void *arg)
{
    struct run *r = arg;
    const struct tournament *t = r->t;
    struct player *players = calloc((size_t)t->nbots, sizeof(*players));
    long *last_used = calloc((size_t)t->nbots, sizeof(*last_used));
    long i;

    if (!players || !last_used) {
        free(players);
        free(last_used);
        pthread_mutex_lock(&r->lock);
        r->error = -ENOMEM;
        r->failure = (struct tournament_failure){.error = -ENOMEM, .bot = -1, .what = "run"};
        pthread_mutex_unlock(&r->lock);
        return NULL;
    }
    for (int b = 0; b < t->nbots; b++)
        player_init(&players[b], &t->bots[b], r->log_paths ? r->log_paths[b] : NULL, t->log_cap);
    if (t->affinity) {
        pthread_mutex_lock(&r->lock);
        int nth = r->workers++;
        pthread_mutex_unlock(&r->lock);
        /* Before any bot starts, so that each inherits the core. */
        int rc = proc_pin_thread(nth);
        if (rc < 0) {
            pthread_mutex_lock(&r->lock);
            if (!r->error) {
                r->error = rc;
                r->failure = (struct tournament_failure){
                    .error = rc, .bot = -1, .what = "pin a worker to a core"};
            }
            pthread_mutex_unlock(&r->lock);
        }
    }

    while ((i = take_game(r)) >= 0) {
        struct scheduled_game g;
        struct game_state start;
        struct slot *slot = take_slot(r);
        struct game_record *rec = slot ? &slot->rec : NULL;
        enum side failed = SIDE_NONE;

        schedule_game(&t->schedule, i, &g);
        if (!rec || tournament_start(t, &g, &start) < 0) {
            pthread_mutex_lock(&r->lock);
            r->error = rec ? -EINVAL : -ENOMEM;
            r->failure = (struct tournament_failure){
                .error = r->error, .bot = -1, .what = rec ? "play the opening" : "run"};
            r->held--;
            pthread_mutex_unlock(&r->lock);
            free(slot);
            break;
        }
        rec->id = g.id;
        rec->pairing = g.pairing;
        rec->opening_id = g.opening_id;
        rec->seed = g.seed;
        rec->opening_plies = start.nhistory;
        for (int s = 0; s < 2; s++)
            snprintf(rec->bots[s], sizeof(rec->bots[s]), "%s", t->bots[g.bots[s]].name);
        if (r->hooks->started) {
            pthread_mutex_lock(&r->lock);
            r->hooks->started(r->hooks->ctx, &g);
            pthread_mutex_unlock(&r->lock);
        }

        /* Keep a few bots' processes alive for the games to come, not every bot's:
         * descriptors and memory stay bounded whatever the number of bots. */
        int starting = !players[g.bots[0]].running + !players[g.bots[1]].running;
        while (count_live(players, t->nbots) + starting > KEEP_ALIVE) {
            int b = least_recent(players, last_used, t->nbots, &g);
            if (b < 0)
                break;
            player_stop(&players[b], t->rules.stop_grace_ms);
        }
        last_used[g.bots[0]] = last_used[g.bots[1]] = i + 1;

        struct player *seats[2] = {&players[g.bots[0]], &players[g.bots[1]]};
        int rc = match_play(seats, &start, &t->rules, rec, &failed);

        pthread_mutex_lock(&r->lock);
        if (rc < 0) {
            if (!r->error) {
                r->error = rc;
                r->failure = (struct tournament_failure){
                    .error = rc, .bot = g.bots[failed], .what = "start the bot"};
            }
            release(r, slot);
        } else if (*r->stop && rec->state.end == END_ABORTED) {
            release(r, slot); /* cut short by the stop: not a finished game */
        } else {
            wait_turn(r, i, slot);
            flush_in_order(r);
        }
        pthread_mutex_unlock(&r->lock);
        if (rc < 0)
            break;
    }
    for (int b = 0; b < t->nbots; b++)
        player_stop(&players[b], t->rules.stop_grace_ms);
    free(players);
    free(last_used);
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
        struct timespec until = in_ms(TICK_MS);
        if (pthread_cond_timedwait(&r->ended, &r->lock, &until) == ETIMEDOUT && r->hooks->tick &&
            !r->error) {
            int rc = r->hooks->tick(r->hooks->ctx);
            if (rc < 0) {
                r->error = rc;
                r->failure = (struct tournament_failure){
                    .error = rc, .bot = -1, .what = "write the results"};
            }
        }
    }
    pthread_mutex_unlock(&r->lock);
}

int tournament_run(const struct tournament *t, const struct gameset *skip,
                   const struct tournament_hooks *hooks, volatile sig_atomic_t *stop,
                   struct tournament_failure *failure)
{
    struct run r = {.t = t, .skip = skip, .hooks = hooks, .stop = stop};
    int jobs = t->jobs > 0 ? t->jobs : 1;
    pthread_t *threads;
    int started = 0;

    r.count = schedule_count(&t->schedule);
    threads = calloc((size_t)jobs, sizeof(*threads));
    if (t->log_dir)
        r.log_paths = calloc((size_t)t->nbots, sizeof(*r.log_paths));
    if (!threads || (t->log_dir && !r.log_paths)) {
        free(threads);
        free(r.log_paths);
        *failure = (struct tournament_failure){.error = -ENOMEM, .bot = -1, .what = "run"};
        return -ENOMEM;
    }
    for (int b = 0; t->log_dir && b < t->nbots; b++)
        tournament_log_path(r.log_paths[b], PATH_MAX, t->log_dir, t->bots[b].name);
    pthread_mutex_init(&r.lock, NULL);
    pthread_cond_init(&r.released, NULL);
    pthread_cond_init(&r.ended, NULL);

    if (jobs > r.count)
        jobs = r.count > 0 ? (int)r.count : 1;
    for (; started < jobs; started++) {
        pthread_mutex_lock(&r.lock);
        r.live++;
        pthread_mutex_unlock(&r.lock);
        if (pthread_create(&threads[started], NULL, worker, &r) != 0) {
            pthread_mutex_lock(&r.lock);
            r.live--;
            pthread_mutex_unlock(&r.lock);
            break;
        }
    }
    if (started == 0) {
        r.live = 1;
        worker(&r);
    }
    tick_until_done(&r);
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);

    /* Games finished after a failure or a stop stay unwritten, as unfinished. */
    free_slots(r.waiting);
    free_slots(r.spare);
    free(threads);
    free(r.log_paths);
    pthread_mutex_destroy(&r.lock);
    pthread_cond_destroy(&r.released);
    pthread_cond_destroy(&r.ended);
    if (r.error) {
        *failure = r.failure;
        return r.error;
    }
    if (*stop)
        return 1;
    return 0;
}
