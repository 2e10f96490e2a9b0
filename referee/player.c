/* player.c: the bot process behind a player, and its failures as fouls. */
#include "player.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define EXIT_WAIT_MS 200 /* how long a bot that closed its output gets to exit */

void player_init(struct player *p, const struct bot_spec *bot, const char *log_path, size_t log_cap)
{
    memset(p, 0, sizeof(*p));
    p->bot = bot;
    p->log_path = log_path;
    p->log_cap = log_cap;
    proc_init(&p->proc);
}

void player_look(struct player *const players[2])
{
    struct proc *procs[2];
    for (int i = 0; i < 2; i++)
        procs[i] = players[i]->running ? &players[i]->proc : NULL;
    proc_look(procs, 2);
}

/* Why a kept process is not fit for the next game, into note (len bytes), or
 * false if it is: its stdout stirred since its last game, as player_look saw. */
static bool is_out_of_step(struct player *p, char *note, size_t len)
{
    if (!proc_has_stirred(&p->proc))
        return false;
    if (proc_wait(&p->proc, 0))
        snprintf(note, len, "its process ended between games (status %d); started again",
                 proc_status(&p->proc));
    else
        snprintf(note, len,
                 "it wrote to standard output between games, unasked; its "
                 "output is out of step: started again");
    return true;
}

/* Stop what runs and start a new process; a note says why, if the bot was the
 * cause: the restart is then counted and noted in its log. */
static int start_process(struct player *p, const char *note)
{
    if (p->running)
        player_stop(p, 0);
    struct proc_options opt = {
        .argv = p->bot->argv,
        .cwd = p->bot->cwd,
        .log_path = p->log_path,
        .log_cap = p->log_cap,
        .limits = {.memory_mb = p->bot->limits.memory_mb,
                   .cpu_seconds = p->bot->limits.cpu_seconds,
                   .open_files = p->bot->limits.open_files,
                   .processes = p->bot->limits.processes},
    };
    /* Out of processes or memory (a fork bomb's, perhaps): wait a little and
     * try again, for a bounded time, before the game is lost for it. */
    int rc = proc_spawn(&p->proc, &opt);
    for (int ms = 10; (rc == -EAGAIN || rc == -ENOMEM) && ms <= 320; ms *= 2) {
        nanosleep(&(struct timespec){0, ms * 1000000L}, NULL);
        rc = proc_spawn(&p->proc, &opt);
    }
    if (rc < 0)
        return rc;
    if (note && note[0]) {
        p->restarts++;
        proc_log_note(&p->proc, note);
    }
    p->started = true;
    p->running = true;
    p->tainted = false;
    p->games = 0;
    p->last_reply_ns = 0;
    return 0;
}

int player_ensure_started(struct player *p, bool fresh)
{
    char note[160] = "";

    /* A bot that quit, or wrote, between games is started again rather than
     * forfeiting a game it was never asked to play, or the next one for what
     * it wrote after the last: a process that exits closes its stdout, so it
     * is asked only if that stirred. */
    if (p->running && !p->tainted && !fresh && !is_out_of_step(p, note, sizeof(note)))
        return 0;
    return start_process(p, note);
}

int player_restart_dead(struct player *p)
{
    char note[160];

    if (proc_wait(&p->proc, 0))
        snprintf(note, sizeof(note),
                 "its process ended between games (status %d), before its first turn; "
                 "started again",
                 proc_status(&p->proc));
    else
        snprintf(note, sizeof(note),
                 "its process closed its pipes between games, before its first turn; "
                 "started again");
    return start_process(p, note);
}

int player_tell(struct player *p, const char *line, size_t len, int64_t deadline_ns)
{
    if (!p->running)
        return PROC_CLOSED;
    return proc_write(&p->proc, line, len, deadline_ns);
}

/* The process closed a pipe or stopped answering: say how it went. `input`:
 * it was its standard input that was found closed. */
static void diagnose_gone(struct player *p, struct player_reply *r, bool input)
{
    int64_t wait_until = proc_now_ns() + (int64_t)EXIT_WAIT_MS * 1000000;

    if (proc_wait(&p->proc, wait_until)) {
        int st = proc_status(&p->proc);
        if (st >= 128) {
            r->foul = FOUL_CRASHED;
            snprintf(r->reason, sizeof(r->reason), "crashed (signal %d)", st - 128);
        } else {
            r->foul = FOUL_EXITED;
            snprintf(r->reason, sizeof(r->reason), "exited (status %d)", st);
        }
    } else {
        r->foul = FOUL_CLOSED;
        snprintf(r->reason, sizeof(r->reason), "closed its %s", input ? "input" : "output");
    }
    p->tainted = true;
}

static void player_fail(struct player *p, int rc, bool input, int limit_ms, struct player_reply *r);

void player_ask(struct player *p, const struct player_request *q, struct player_reply *r)
{
    r->foul = FOUL_NONE;
    r->interrupted = false;
    r->line[0] = '\0';
    r->len = 0;
    r->reason[0] = '\0';
    int64_t start = proc_now_ns();
    int rc = proc_write(&p->proc, q->line, q->len, q->deadline_ns);
    bool input = rc == PROC_CLOSED;
    if (rc == PROC_OK) {
        struct proc_read rq = {
            .line = r->line,
            .cap = sizeof(r->line) - 1,
            .deadline_ns = q->deadline_ns,
            .watch = q->idle && q->idle != p && q->idle->running ? &q->idle->proc : NULL,
            .spin_ns = q->spin && p->last_reply_ns > 0 && p->last_reply_ns < PLAYER_SPIN_NS
                           ? PLAYER_SPIN_NS
                           : 0,
        };
        rc = proc_read_reply(&p->proc, &rq);
        r->len = rq.len;
    }
    r->elapsed_ns = proc_now_ns() - start;
    if (rc != PROC_OK)
        player_fail(p, rc, input, q->limit_ms, r);
    else
        p->last_reply_ns = r->elapsed_ns > 0 ? r->elapsed_ns : 1;
}

/* What an ask that did not bring a line (proc_io rc) means, as a foul. */
static void player_fail(struct player *p, int rc, bool input, int limit_ms, struct player_reply *r)
{
    switch (rc) {
    case PROC_TIMEOUT:
        /* A bot that exited while a grandchild holds its pipe is found here. */
        if (proc_wait(&p->proc, 0)) {
            diagnose_gone(p, r, false);
            return;
        }
        r->foul = FOUL_TIMEOUT;
        if (!proc_has_written(&p->proc))
            /* The most common first mistake: a pipe is block-buffered by default
             * in most languages, and the reply sits in the bot's buffer. */
            snprintf(r->reason, sizeof(r->reason),
                     "timeout (no output at all: is standard output flushed after each line?)");
        else
            snprintf(r->reason, sizeof(r->reason), "timeout (%lld ms over %d ms)",
                     (long long)(r->elapsed_ns / 1000000), limit_ms);
        p->tainted = true; /* a late reply would be read as the next one */
        return;
    case PROC_TOO_LONG:
        r->foul = FOUL_TOO_LONG;
        snprintf(r->reason, sizeof(r->reason), "reply longer than %d bytes", PROTOCOL_REPLY_MAX);
        p->tainted = true;
        return;
    case PROC_CLOSED: diagnose_gone(p, r, input); return;
    case PROC_INTERRUPTED:
        r->interrupted = true;
        p->tainted = true; /* its reply may still come */
        return;
    default:
        r->foul = FOUL_CLOSED;
        snprintf(r->reason, sizeof(r->reason), "pipe error (%s)", strerror(-rc));
        p->tainted = true;
        return;
    }
}

bool player_wrote_unasked(struct player *p, struct player_reply *r)
{
    size_t n = 0;

    if (!p->running)
        return false;
    if (!proc_has_unread(&p->proc)) {
        /* One look without waiting: a line that came after its last reply was
         * read is this game's, caught before the next turn can be written. */
        struct proc *one[1] = {&p->proc};
        proc_look(one, 1);
        if (!proc_has_unread(&p->proc))
            return false;
    }
    r->foul = FOUL_UNASKED;
    r->elapsed_ns = 0;
    int rc = proc_read_line(&p->proc, r->line, sizeof(r->line) - 1, &n, proc_now_ns());
    if (rc == PROC_OK) {
        char text[4 * PROTOCOL_ECHO_MAX + 8];
        snprintf(r->reason, sizeof(r->reason), "wrote when not asked \"%s\"",
                 protocol_escape(text, sizeof(text), r->line, n));
    } else if (rc == PROC_CLOSED) {
        diagnose_gone(p, r, false);
        return true;
    } else {
        snprintf(r->reason, sizeof(r->reason), "wrote when not asked");
    }
    p->tainted = true;
    return true;
}

void player_stop(struct player *p, int grace_ms)
{
    char quit[16];
    int n;

    if (!p->running)
        return;
    n = protocol_format_quit(quit, sizeof(quit));
    if (!p->tainted && n > 0)
        proc_write(&p->proc, quit, (size_t)n, proc_now_ns() + (int64_t)grace_ms * 1000000);
    proc_stop(&p->proc, grace_ms);
    p->running = false;
}
