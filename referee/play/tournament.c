/* tournament.c: worker threads, each playing whole games with its own bot
 * processes, and the in-order hand-over of finished games. */
#include "tournament.h"
#include "inorder.h"
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

struct run {
    const struct tournament *t;
    const struct gameset *skip;
    const struct tournament_hooks *hooks;
    volatile sig_atomic_t *interrupt;
    long memory_kb;        /* available when the run started; 0: unknown */
    atomic_bool *answered; /* per bot: answered a turn on any worker (match.h) */
    /* Per bot, with forfeit_broken: the reason its games are forfeits once it
     * could not be started or never answered (`could not start (...)`); "":
     * it plays. Read and written with the lock. */
    char (*broken)[RECORD_REASON_MAX];

    pthread_mutex_t lock;
    pthread_cond_t released; /* a slot was given back */
    pthread_cond_t ended;    /* live went down */
    int live;                /* worker threads running */
    int workers;             /* worker threads started, for their numbers */
    long count;
    long next_game; /* next index to hand to a worker */
    struct inorder order;
    /* Set once, by halt(): no game is taken or handed over after it, and games
     * under way are aborted (it is their match rules' stop flag). */
    volatile sig_atomic_t halted;
    enum tournament_end end;
    struct tournament_failure failure;
};

int tournament_log_path(char *out, size_t len, const char *dir, const char *bot)
{
    int n = dir ? snprintf(out, len, "%s/", dir) : 0;
    size_t k = (size_t)n;

    if (n < 0 || k + strlen(bot) + sizeof(".log") > len) {
        if (len > 0)
            out[0] = '\0';
        return -ENAMETOOLONG;
    }
    for (const char *p = bot; *p; p++) {
        char c = *p;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '.' || c == '-' || c == '_';
        out[k++] = ok ? c : '_';
    }
    memcpy(out + k, ".log", sizeof(".log"));
    return 0;
}

int tournament_open_logs(int logs_fd, const char *dir, const struct run_config *c, int *fds,
                         char *failed, size_t len)
{
    const struct bot_spec *bots = c->bots;
    int n = c->nbots;
    char name[PATH_MAX];
    int rc = 0;

    for (int b = 0; b < n; b++)
        fds[b] = -1;
    for (int b = 0; b < n && rc == 0; b++)
        if ((rc = tournament_log_path(name, sizeof(name), NULL, bots[b].name)) < 0 ||
            (rc = folder_open_file(logs_fd, name, O_WRONLY | O_APPEND | O_CREAT, &fds[b])) < 0)
            snprintf(failed, len, "%s/%s", dir, name);
    if (rc < 0)
        tournament_close_logs(fds, n);
    return rc;
}

void tournament_close_logs(int *fds, int n)
{
    for (int b = 0; b < n; b++) {
        if (fds[b] >= 0)
            close(fds[b]);
        fds[b] = -1;
    }
}

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

static void fail_with(struct run *r, const struct tournament_failure *why)
{
    if (r->halted)
        return;
    r->failure = *why;
    halt(r, TOURNAMENT_FAILED);
}

static void fail(struct run *r, int error, int bot, const char *what)
{
    fail_with(r, &(struct tournament_failure){.error = error, .bot = bot, .what = what});
}

/* The user stopped the run (Ctrl-C): seen here rather than in the signal
 * handler, which may only set its flag. Called with the lock. */
static void notice_interrupt(struct run *r)
{
    if (*r->interrupt)
        halt(r, TOURNAMENT_INTERRUPTED);
}

/* Hand over, in order, every finished game that is next. Called with the lock. */
static void flush_in_order(struct run *r)
{
    struct inorder_slot *s;

    while (!r->halted && (s = inorder_pop(&r->order)) != NULL) {
        int rc = r->hooks->finished(r->hooks->ctx, &s->rec);
        inorder_give_back(&r->order, s);
        if (rc < 0)
            fail(r, rc, -1, "write the results");
        else if (rc > 0)
            halt(r, TOURNAMENT_STOPPED);
    }
    pthread_cond_broadcast(&r->released);
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

/* Game r->next_game from the tournament's source into *g: 1, 0 at the end of
 * the source's games (the run's count becomes the games taken), or -EAGAIN.
 * Called with the lock. */
static int from_source(struct run *r, struct scheduled_game *g)
{
    int rc = r->t->source(r->t->source_ctx, r->next_game, g);

    if (rc == 0) {
        r->count = r->order.count = r->next_game;
    } else if (rc == -EAGAIN && r->order.held == 0) {
        fail(r, -EPROTO, -1, "take the next game (an internal error: it awaits no game)");
    } else if (rc < 0 && rc != -EAGAIN) {
        fail(r, rc, -1, "take the next game");
    }
    return rc;
}

/* The next game for a worker: its index in *index, itself in *g, and a slot
 * for its record, or NULL when there is none to play. The index is chosen, past
 * the games in skip, in the same hold of the lock that takes it: whatever a
 * wait let other workers do, a worker is only ever given a game of this run's
 * own. */
static struct inorder_slot *take_game(struct run *r, long *index, struct scheduled_game *g)
{
    struct inorder_slot *s = NULL;

    pthread_mutex_lock(&r->lock);
    for (;;) {
        notice_interrupt(r);
        while (r->next_game < r->count && r->skip && gameset_has(r->skip, r->next_game))
            r->next_game++;
        if (r->halted || r->next_game >= r->count)
            break;
        int rc = 1;
        if (r->order.held < held_max(r) && (!r->t->source || (rc = from_source(r, g)) == 1)) {
            s = inorder_take(&r->order);
            if (!s) {
                fail(r, -ENOMEM, -1, "run");
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
        struct timespec until = in_ms(100);
        pthread_cond_timedwait(&r->released, &r->lock, &until);
    }
    pthread_mutex_unlock(&r->lock);
    return s;
}

/* A worker's bots: one player per bot of the tournament, of which at most
 * live_max (seats_cap) have a process between games. */
struct seats {
    const struct tournament *t;
    struct player *players;
    long *last_used; /* 1 + the index of the last game each bot played */
    bool *alive;     /* which have a process, for schedule_pick_stop */
    int n;
    long bot_kb;    /* the most resident memory seen of one bot process */
    long budget_kb; /* memory this worker's bots may take, by default */
    long fd_cap;    /* processes this worker may keep within the descriptor limit */
};

/* Until a bot has been measured, the memory it is taken to need. */
#define SEAT_GUESS_KB (64L * 1024)
/* Descriptors referee keeps for a live bot (stdin, stdout, stderr, log), and
 * those kept for everything else. */
#define SEAT_FDS     4
#define SEAT_FDS_OWN 64

static int seats_init(struct seats *st, const struct run *r)
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

static void seats_release(struct seats *st, int grace_ms)
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
static void seats_make_room(struct seats *st, const struct scheduled_game *g, long index,
                            int grace_ms)
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
static void seats_measure(struct seats *st, const struct scheduled_game *g)
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
    notice_interrupt(r);
    if (rc < 0) {
        fail_with(r, why);
    } else if (!r->halted && inorder_put(&r->order, index, s) < 0) {
        fail(r, -EPROTO, -1, "hand the games over in order (an internal error of referee's)");
    } else if (!r->halted) {
        s = NULL;
        flush_in_order(r);
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
        fail(r, rc, -1, rc == -ENOMEM ? "run" : "pin a worker to a core");
        pthread_mutex_unlock(&r->lock);
    }
    while (rc == 0 && (s = take_game(r, &index, &g)) != NULL) {
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
        struct timespec until = in_ms(TICK_MS);
        if (pthread_cond_timedwait(&r->ended, &r->lock, &until) != ETIMEDOUT)
            continue;
        notice_interrupt(r);
        if (r->hooks->tick && r->end != TOURNAMENT_FAILED) {
            int rc = r->hooks->tick(r->hooks->ctx);
            if (rc < 0)
                fail(r, rc, -1, "write the results");
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
