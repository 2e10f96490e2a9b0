/* league_standings.c: a league run's standings written on a thread of their
 * own, games added meanwhile queued (league_standings.h). */
#include "league_standings.h"

#include "config.h"
#include "proc.h"
#include "results.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A game queued while the writer writes: its summary, and what it points to. */
struct queued {
    struct game_summary s;
    char bots[2][CONFIG_NAME_MAX + 1];
    char engines[2][RECORD_ENGINE_MAX];
};

struct league_standings {
    struct standings *st;
    int dir_fd;
    int64_t every_ns, written_at;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    bool stop, busy, dirty; /* busy: the writer reads st, unlocked */
    int err;
    struct queued *q;
    long nq, cap;
};

/* Add one game to st; with the lock, st not busy. */
static int add_game(struct standings *st, const struct game_summary *s, const char *const eng[2],
                    const char *const names[2])
{
    if (standings_add_game(st, s) < 0)
        return -ENOMEM;
    for (int side = 0; side < 2; side++)
        if (eng[side][0] && standings_set_engine(st, names[side], eng[side]) == -ENOMEM)
            return -ENOMEM;
    return 0;
}

/* The queued games into st, in order; with the lock, st not busy. */
static void drain(struct league_standings *w)
{
    for (long i = 0; i < w->nq; i++) {
        struct queued *g = &w->q[i];
        g->s.bots[0] = g->bots[0];
        g->s.bots[1] = g->bots[1];
        const char *eng[2] = {g->engines[0], g->engines[1]}, *names[2] = {g->bots[0], g->bots[1]};
        int rc = add_game(w->st, &g->s, eng, names);
        if (rc < 0 && w->err == 0)
            w->err = rc;
    }
    w->nq = 0;
}

static void *write_main(void *arg)
{
    struct league_standings *w = arg;
    pthread_mutex_lock(&w->lock);
    while (!w->stop) {
        if (w->dirty && proc_now_ns() - w->written_at >= w->every_ns) {
            drain(w);
            w->busy = true;
            w->dirty = false;
            pthread_mutex_unlock(&w->lock);
            const char *name;
            int rc = results_write_standings(w->dir_fd, w->st, &name);
            pthread_mutex_lock(&w->lock);
            w->busy = false;
            w->written_at = proc_now_ns();
            if (rc < 0 && w->err == 0)
                w->err = rc;
            drain(w);
            continue;
        }
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 100 * 1000000L;
        until.tv_sec += until.tv_nsec / 1000000000L;
        until.tv_nsec %= 1000000000L;
        pthread_cond_timedwait(&w->cond, &w->lock, &until);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

int league_standings_start(struct standings *st, int dir_fd, int64_t every_ns,
                           struct league_standings **out)
{
    struct league_standings *w = calloc(1, sizeof(*w));
    if (!w)
        return -ENOMEM;
    *w = (struct league_standings){
        .st = st, .dir_fd = dir_fd, .every_ns = every_ns, .written_at = proc_now_ns()};
    int rc = -pthread_mutex_init(&w->lock, NULL);
    if (rc == 0 && (rc = -pthread_cond_init(&w->cond, NULL)) != 0)
        pthread_mutex_destroy(&w->lock);
    if (rc < 0) {
        free(w);
        return rc;
    }
    /* Signals go to the threads that poll for them, not to this one. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    rc = -pthread_create(&w->thread, NULL, write_main, w);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc < 0) {
        pthread_cond_destroy(&w->cond);
        pthread_mutex_destroy(&w->lock);
        free(w);
        return rc;
    }
    *out = w;
    return 0;
}

/* Room for one more queued game; with the lock. */
static int queue_room(struct league_standings *w)
{
    if (w->nq < w->cap)
        return 0;
    long cap = w->cap ? 2 * w->cap : 16;
    void *q = realloc(w->q, (size_t)cap * sizeof(*w->q));
    if (!q)
        return -ENOMEM;
    w->q = q;
    w->cap = cap;
    return 0;
}

int league_standings_add(struct league_standings *w, const struct game_summary *s,
                         const struct game_record *rec)
{
    int rc = 0;
    pthread_mutex_lock(&w->lock);
    if (!w->busy) {
        const char *eng[2] = {rec->engines[0], rec->engines[1]};
        drain(w);
        rc = add_game(w->st, s, eng, s->bots);
    } else if ((rc = queue_room(w)) == 0) {
        struct queued *g = &w->q[w->nq++];
        g->s = *s;
        for (int side = 0; side < 2; side++) {
            snprintf(g->bots[side], sizeof(g->bots[side]), "%s", s->bots[side]);
            snprintf(g->engines[side], sizeof(g->engines[side]), "%s", rec->engines[side]);
        }
    }
    if (rc < 0 && w->err == 0)
        w->err = rc;
    w->dirty = true;
    rc = w->err;
    pthread_mutex_unlock(&w->lock);
    return rc;
}

int league_standings_stop(struct league_standings *w)
{
    pthread_mutex_lock(&w->lock);
    w->stop = true;
    pthread_cond_broadcast(&w->cond);
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->thread, NULL);
    drain(w);
    int err = w->err;
    pthread_cond_destroy(&w->cond);
    pthread_mutex_destroy(&w->lock);
    free(w->q);
    free(w);
    return err;
}
