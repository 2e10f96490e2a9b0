/* league_pick.c: a league's picks on a thread of their own while its games
 * play: results queued to it, picked games published by id (league_pick.h). */
#include "league_pick.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define READY 4 /* games published: the pair asked and the one after */

struct pending {
    int bots[2];
    int winner;
    bool aborted;
};

struct league_picker {
    struct league *l; /* the picker's alone while it runs */
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t cond; /* for both sides: a result, a pick, a game asked, a stop */
    bool stop;
    int err;                            /* the first error of a pick or a record */
    struct pending *q, *qb;             /* results handed over and not yet recorded; a spare */
    long nq, qcap;                      /* of q (qb has room for qcap too) */
    long handed;                        /* results handed over in all: l->nresults at start, plus */
    long asked;                         /* the highest id given out (l->nresults at start) */
    long picked;                        /* the last pair published */
    struct scheduled_game ready[READY]; /* by id % READY */
    long ready_id[READY];               /* 0: none; else the id; -id: fewer than two entries */
};

/* An absolute CLOCK_REALTIME time ms from now, for pthread_cond_timedwait. */
static struct timespec pick_deadline(long ms)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_nsec += ms % 1000 * 1000000L;
    t.tv_sec += ms / 1000 + t.tv_nsec / 1000000000L;
    t.tv_nsec %= 1000000000L;
    return t;
}

/* Record the results queued, without the lock. Called with it. */
static void pick_record(struct league_picker *p)
{
    struct pending *q = p->q;
    long n = p->nq;
    p->q = p->qb;
    p->qb = q;
    p->nq = 0;
    pthread_mutex_unlock(&p->lock);
    int err = 0;
    for (long i = 0; i < n && err == 0; i++)
        err = league_record(p->l, q[i].bots, q[i].winner, q[i].aborted);
    pthread_mutex_lock(&p->lock);
    if (err < 0 && p->err == 0)
        p->err = err;
}

/* Pick pair k (both its games) without the lock and publish it. Called with
 * it. Returns false if its pick waits for results. */
static bool pick_pair(struct league_picker *p, long k)
{
    struct scheduled_game g[2];
    pthread_mutex_unlock(&p->lock);
    int rc = league_game(p->l, 2 * k - 1, &g[0]);
    if (rc == 1)
        rc = league_game(p->l, 2 * k, &g[1]);
    pthread_mutex_lock(&p->lock);
    if (rc == -EAGAIN)
        return false;
    if (rc < 0) {
        p->err = p->err ? p->err : rc;
        return true;
    }
    for (int i = 0; i < 2; i++) {
        long id = 2 * k - 1 + i;
        p->ready[id % READY] = g[rc == 1 ? i : 0];
        p->ready_id[id % READY] = rc == 1 ? id : -id;
    }
    p->picked = k;
    pthread_cond_broadcast(&p->cond);
    return true;
}

static void *pick_main(void *arg)
{
    struct league_picker *p = arg;
    pthread_mutex_lock(&p->lock);
    while (!p->stop && p->err == 0) {
        if (p->nq > 0) {
            pick_record(p);
            continue;
        }
        /* The pair after the one asked for, never further: a roster change
         * then finds at most that one to drop. */
        long k = p->picked + 1;
        if (k <= (p->asked + 1) / 2 + 1 && pick_pair(p, k))
            continue;
        struct timespec until = pick_deadline(100);
        pthread_cond_timedwait(&p->cond, &p->lock, &until);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

int league_picker_start(struct league *l, struct league_picker **out)
{
    struct league_picker *p = calloc(1, sizeof(*p));
    if (!p)
        return -ENOMEM;
    p->l = l;
    p->qcap = 64;
    p->q = malloc((size_t)p->qcap * sizeof(*p->q));
    p->qb = malloc((size_t)p->qcap * sizeof(*p->qb));
    p->handed = p->asked = l->nresults;
    /* The pair of the next game, whole: its first game may be recorded. */
    p->picked = (l->nresults + 2) / 2 - 1;
    int rc = p->q && p->qb ? 0 : -ENOMEM;
    if (rc == 0 && (rc = -pthread_mutex_init(&p->lock, NULL)) == 0 &&
        (rc = -pthread_cond_init(&p->cond, NULL)) != 0)
        pthread_mutex_destroy(&p->lock);
    if (rc < 0)
        goto out_free;
    /* Signals go to the threads that poll for them, not to this one. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    rc = -pthread_create(&p->thread, NULL, pick_main, p);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc == 0) {
        *out = p;
        return 0;
    }
    pthread_cond_destroy(&p->cond);
    pthread_mutex_destroy(&p->lock);
out_free:
    free(p->q);
    free(p->qb);
    free(p);
    return rc;
}

int league_picker_game(struct league_picker *p, long id, struct scheduled_game *g)
{
    long k = (id + 1) / 2, need = 2 * (k - p->l->lag); /* lag: set once, read only */
    int rc = -ETIMEDOUT;
    pthread_mutex_lock(&p->lock);
    for (long waited = 0; waited < LEAGUE_PICK_WAIT_S * 10L; waited++) {
        if (p->ready_id[id % READY] == id || p->ready_id[id % READY] == -id) {
            if ((rc = p->ready_id[id % READY] == id) == 1)
                *g = p->ready[id % READY];
            break;
        }
        if (p->err || need > p->handed) {
            rc = p->err ? p->err : -EAGAIN;
            break;
        }
        struct timespec until = pick_deadline(100);
        pthread_cond_timedwait(&p->cond, &p->lock, &until);
    }
    pthread_mutex_unlock(&p->lock);
    return rc;
}

void league_picker_taken(struct league_picker *p, long id)
{
    pthread_mutex_lock(&p->lock);
    if (id > p->asked) {
        p->asked = id;
        pthread_cond_broadcast(&p->cond);
    }
    pthread_mutex_unlock(&p->lock);
}

int league_picker_record(struct league_picker *p, const int bots[2], int winner, bool aborted)
{
    int rc = 0;
    pthread_mutex_lock(&p->lock);
    if (p->nq == p->qcap) {
        long cap = 2 * p->qcap;
        struct pending *q = realloc(p->q, (size_t)cap * sizeof(*q));
        struct pending *qb = q ? realloc(p->qb, (size_t)cap * sizeof(*qb)) : NULL;
        if (q)
            p->q = q;
        if (qb) {
            p->qb = qb;
            p->qcap = cap;
        }
        rc = qb ? 0 : -ENOMEM;
    }
    if (rc == 0 && (rc = p->err) == 0) {
        p->q[p->nq++] = (struct pending){{bots[0], bots[1]}, winner, aborted};
        p->handed++;
        pthread_cond_broadcast(&p->cond);
    }
    pthread_mutex_unlock(&p->lock);
    return rc;
}

int league_picker_stop(struct league_picker *p)
{
    pthread_mutex_lock(&p->lock);
    p->stop = true;
    pthread_cond_broadcast(&p->cond);
    pthread_mutex_unlock(&p->lock);
    pthread_join(p->thread, NULL);
    /* The league is this thread's again: no lock needed past here. */
    int err = p->err;
    for (long i = 0; i < p->nq && err == 0; i++)
        err = league_record(p->l, p->q[i].bots, p->q[i].winner, p->q[i].aborted);
    pthread_cond_destroy(&p->cond);
    pthread_mutex_destroy(&p->lock);
    free(p->q);
    free(p->qb);
    free(p);
    return err;
}
