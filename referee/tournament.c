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

/* A finished game waiting for the ones before it. The list stays as short as
 * the games under way are uneven, so memory does not grow with the run. */
struct waiting {
    long index;
    struct game_record *rec;
    struct waiting *next;
};

struct run {
    const struct tournament *t;
    const struct gameset *skip;
    const struct tournament_hooks *hooks;
    volatile sig_atomic_t *stop;
    char (*log_paths)[PATH_MAX];

    pthread_mutex_t lock;
    long count;
    long next_game;          /* next index to hand to a worker */
    long next_write;         /* next index to hand over in order */
    struct waiting *waiting; /* finished, waiting for their turn; by index */
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

/* Keep rec until its turn comes, in index order. Called with the lock. */
static int wait_turn(struct run *r, long index, struct game_record *rec)
{
    struct waiting *w = malloc(sizeof(*w)), **at = &r->waiting;

    if (!w)
        return -ENOMEM;
    while (*at && (*at)->index < index)
        at = &(*at)->next;
    *w = (struct waiting){.index = index, .rec = rec, .next = *at};
    *at = w;
    return 0;
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
        struct waiting *w = r->waiting;
        if (!w || w->index != i)
            return;
        if (!r->error) {
            int rc = r->hooks->finished(r->hooks->ctx, w->rec);
            if (rc < 0) {
                r->error = rc;
                r->failure = (struct tournament_failure){
                    .error = rc, .bot = -1, .what = "write the results"};
            }
        }
        r->waiting = w->next;
        free(w->rec);
        free(w);
        r->next_write++;
    }
}

/* The next game index for a worker, or -1 when there is none to play. */
static long take_game(struct run *r)
{
    long i = -1;

    pthread_mutex_lock(&r->lock);
    while (r->next_game < r->count && r->skip && gameset_has(r->skip, r->next_game))
        r->next_game++;
    if (r->next_game < r->count && !r->error && !*r->stop)
        i = r->next_game++;
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

    while ((i = take_game(r)) >= 0) {
        struct scheduled_game g;
        struct game_state start;
        struct game_record *rec = calloc(1, sizeof(*rec));
        enum side failed = SIDE_NONE;

        schedule_game(&t->schedule, i, &g);
        if (!rec || tournament_start(t, &g, &start) < 0) {
            pthread_mutex_lock(&r->lock);
            r->error = rec ? -EINVAL : -ENOMEM;
            r->failure = (struct tournament_failure){
                .error = r->error, .bot = -1, .what = rec ? "play the opening" : "run"};
            pthread_mutex_unlock(&r->lock);
            free(rec);
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
            free(rec);
        } else if (*r->stop && rec->state.end == END_ABORTED) {
            free(rec); /* cut short by the stop: not a finished game */
        } else if (wait_turn(r, i, rec) < 0) {
            free(rec);
            if (!r->error) {
                r->error = -ENOMEM;
                r->failure =
                    (struct tournament_failure){.error = -ENOMEM, .bot = -1, .what = "run"};
            }
        } else {
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
    return NULL;
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

    if (jobs > r.count)
        jobs = r.count > 0 ? (int)r.count : 1;
    for (; started < jobs; started++)
        if (pthread_create(&threads[started], NULL, worker, &r) != 0)
            break;
    if (started == 0)
        worker(&r);
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);

    /* Games finished after a failure or a stop stay unwritten, as unfinished. */
    while (r.waiting) {
        struct waiting *w = r.waiting;
        r.waiting = w->next;
        free(w->rec);
        free(w);
    }
    free(threads);
    free(r.log_paths);
    pthread_mutex_destroy(&r.lock);
    if (r.error) {
        *failure = r.failure;
        return r.error;
    }
    if (*stop)
        return 1;
    return 0;
}
