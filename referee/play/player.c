/* player.c: the bot process behind a player, and its failures as fouls. */
#include "defaults.h"
#include "player.h"
#include "player_words.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

extern char **environ;

#define NO_LINE ((size_t)-1)

/* Start *a afresh for a new process of the bot: its protocol's options, and
 * what it may use. */
static void reset_adapter(struct player *p)
{
    adapter_reset(&p->ad, &p->bot->proto);
    p->ad.opt.memory_bytes = (long long)p->bot->limits.memory_mb << 20;
}

void player_init(struct player *p, const struct bot_spec *bot, const struct game_def *def,
                 const char *log_path, size_t log_cap)
{
    memset(p, 0, sizeof(*p));
    p->bot = bot;
    p->def = def;
    reset_adapter(p);
    p->log_path = log_path;
    p->log_fd = -1;
    p->log_cap = log_cap;
    proc_init(&p->proc);
}

/* Why a kept process is not fit for the next game, into note (len bytes), or
 * false if it is: its stdout stirred since its last game, as proc_look saw. */
static bool is_out_of_step(struct player *p, char *note, size_t len)
{
    struct player_reply r;

    if (!proc_has_stirred(&p->proc))
        return false;
    /* Lines for its log after its last reply (an NBoard engine's `status`) are
     * in step: they are logged, and the process is kept. */
    if (player_adapter(p)->logs_anytime && !proc_wait(&p->proc, 0) && !p->tainted &&
        !player_wrote_unasked(p, &r))
        return false;
    if (proc_wait(&p->proc, 0))
        snprintf(note, len, "its process ended between games (status %d); started again",
                 proc_status(&p->proc));
    else if (player_adapter(p)->logs_anytime && !player_wrote_unasked(p, &r))
        return false; /* lines for its log only, noted there */
    else
        snprintf(note, len,
                 "it wrote to standard output between games, unasked; its "
                 "output is out of step: started again");
    return true;
}

static int exchange(struct player *p, const struct game_state *s, const struct proc_read *rq,
                    struct player_reply *r);
static int send_lines(struct player *p, const char *line, size_t len, int64_t deadline_ns);

/* How long a start-up (a handshake, a RESTART) may take: --startup. */
static int startup_ms(const struct player *p)
{
    return p->bot->startup_ms ? p->bot->startup_ms : STARTUP_MS_DEFAULT;
}

/* Write lines (n bytes) that are not a turn and read their answer through the
 * adapter within --startup, into *r. Returns PROC_OK (r->foul says whether
 * the answer was one), or the proc_io outcome. */
static int converse(struct player *p, const char *lines, size_t n, struct player_reply *r)
{
    char raw[PROC_LINE_MAX + 1];
    struct proc_read rq = {
        .line = raw,
        .cap = sizeof(raw),
        .len = NO_LINE,
        .deadline_ns = proc_now_ns() + (int64_t)startup_ms(p) * NS_PER_MS,
    };

    r->foul = FOUL_NONE;
    int rc = send_lines(p, lines, n, rq.deadline_ns);
    if (rc == PROC_OK)
        rc = exchange(p, NULL, &rq, r);
    return rc;
}

/* A new process's handshake, if its protocol has one. Returns 0, or
 * -EPROTONOSUPPORT with p->why. */
static int handshake(struct player *p)
{
    const struct adapter *ad = player_adapter(p);
    char lines[PROTOCOL_LINE_MAX];
    struct player_reply r;

    reset_adapter(p);
    int n = ad->hello(&p->ad, p->def, lines, sizeof(lines));
    if (n <= 0)
        return 0;
    int rc = converse(p, lines, (size_t)n, &r);
    if (rc == PROC_OK && r.foul == FOUL_NONE) {
        char note[sizeof(r.line) + 32];
        snprintf(note, sizeof(note), "%s engine: %s", ad->name, r.line);
        proc_log_note(&p->proc, note);
        return 0;
    }
    if (r.foul != FOUL_NONE)
        snprintf(p->why, sizeof(p->why), "its %s handshake: %.120s", ad->name, r.reason);
    else if (rc == PROC_TIMEOUT)
        snprintf(p->why, sizeof(p->why), "no %s handshake within %d ms (--startup)", ad->name,
                 startup_ms(p));
    else if (rc == PROC_TOO_LONG)
        snprintf(p->why, sizeof(p->why), "a line of more than %d bytes in its %s handshake",
                 PLAYER_HELLO_LINE_MAX, ad->name);
    else
        snprintf(p->why, sizeof(p->why), "it ended during its %s handshake", ad->name);
    proc_log_note(&p->proc, p->why);
    player_stop(p, 0);
    return -EPROTONOSUPPORT;
}

/* Make a process kept from the last game ready for the next, in its
 * protocol's way (Gomocup's RESTART), if it has one. True if it is; else it
 * is stopped, note says why, and it is not asked again in this run. */
static bool renew(struct player *p, char *note, size_t len)
{
    const struct adapter *ad = player_adapter(p);
    char lines[PROTOCOL_LINE_MAX];
    struct player_reply r;

    int n = ad->renew(&p->ad, lines, sizeof(lines));
    if (n <= 0)
        return true; /* nothing to say */
    int rc = converse(p, lines, (size_t)n, &r);
    if (rc == PROC_OK && r.foul == FOUL_NONE)
        return true;
    if (r.foul != FOUL_NONE)
        snprintf(note, len, "it %.100s: a new process for each game", r.reason);
    else
        snprintf(note, len, "no answer to its %s renewal within %d ms: a new process for each game",
                 ad->name, startup_ms(p));
    proc_log_note(&p->proc, note);
    p->renew_refused = true;
    /* It answered, in step: `END`, as the protocol has it, and time to exit. */
    p->tainted = rc != PROC_OK;
    player_stop(p, EXIT_GRACE_MS);
    return false;
}

/* Out of processes: p->why names the live bot that holds the most, if it
 * holds more than one (a fork bomb's, say, starving this one); else empty. */
static void name_starver(struct player *p)
{
    char name[65] = "";
    long most = proc_most_processes(name, sizeof(name));
    p->why[0] = '\0';
    if (most > 1 && name[0])
        snprintf(p->why, sizeof(p->why),
                 "resource temporarily unavailable: bot '%s' holds %ld processes", name, most);
}

/* argv for p's process into words (room for SANDBOX_WORDS_MAX +
 * CONFIG_MAX_ARGS + 1): its command, behind bwrap's words if sandboxed.
 * The argv to run, or NULL if bwrap's words do not fit. */
static char *const *process_argv(const struct player *p, const char **words)
{
    char *const *argv = p->bot->argv;
    if (p->bot->sandbox) { /* bwrap ... -- COMMAND */
        int k = sandbox_words(p->bot->sandbox, words, SANDBOX_WORDS_MAX);
        if (k < 0)
            return NULL;
        for (int i = 0; i <= CONFIG_MAX_ARGS && (i == 0 || argv[i - 1]); i++)
            words[k + i] = argv[i];
        argv = (char *const *)words;
    }
    return argv;
}

/* How p's process is started, but for its environment: its argv, log,
 * limits, line ends, and with a sandbox its seccomp filter and user. */
static struct proc_options process_options(const struct player *p, char *const *argv)
{
    struct proc_options opt = {
        .argv = argv,
        .name = p->bot->name,
        .cwd = p->bot->cwd,
        .log_path = p->log_path,
        .log_fd = p->log_fd,
        .log_cap = p->log_cap,
        .limits = {.memory_mb = p->bot->limits.memory_mb,
                   .cpu_seconds = p->bot->limits.cpu_seconds,
                   .open_files = p->bot->limits.open_files,
                   /* bwrap's own two processes are not the bot's */
                   .processes = p->bot->limits.processes +
                                (p->bot->sandbox && p->bot->limits.processes ? 2 : 0),
                   .file_mb = p->bot->sandbox ? p->bot->limits.disk_mb : 0},
        .cr_ends_line = player_adapter(p)->cr_ends_line,
        /* its seccomp filter, where bwrap reads it (SANDBOX_FILTER_FD) */
        .pass = p->bot->sandbox && p->bot->sandbox->filter_len ? p->bot->sandbox->filter : NULL,
        .pass_len = p->bot->sandbox ? p->bot->sandbox->filter_len : 0,
    };
    if (p->bot->sandbox && p->bot->sandbox->as_user) {
        opt.as_user = true;
        opt.uid = p->bot->sandbox->uid;
        opt.gid = p->bot->sandbox->gid;
    }
    return opt;
}

/* Out of processes or memory (a fork bomb's, perhaps): wait a little and
 * try again, for a bounded time, before the game is lost for it. Returns
 * proc_spawn's; out of processes, p->why names the bot that holds most. */
static int spawn_retrying(struct player *p, const struct proc_options *opt)
{
    int rc = proc_spawn(&p->proc, opt);
    for (int ms = 10; (rc == -EAGAIN || rc == -ENOMEM) && ms <= 320; ms *= 2) {
        nanosleep(&(struct timespec){0, ms * NS_PER_MS}, NULL);
        rc = proc_spawn(&p->proc, opt);
    }
    if (rc == -EAGAIN)
        name_starver(p);
    return rc;
}

/* A process just spawned: its trace, the restart noted if note says why,
 * what the last process left forgotten, then the protocol's handshake. */
static int begin_process(struct player *p, const char *note)
{
    int rc;

    if (p->bot->trace)
        proc_trace_start(&p->proc);
    if (note && note[0]) {
        p->restarts++;
        proc_log_note(&p->proc, note);
    }
    p->running = true;
    p->tainted = false;
    p->later_len = 0;
    p->games = 0;
    p->last_reply_ns = 0;
    p->slowest_ns = 0;
    p->why[0] = '\0';
    if ((rc = handshake(p)) < 0)
        return rc;
    p->started = true;
    return 0;
}

/* Stop what runs and start a new process; a note says why, if the bot was the
 * cause: the restart is then counted and noted in its log. */
static int start_process(struct player *p, const char *note)
{
    if (p->running)
        player_stop(p, 0);
    const char *words[SANDBOX_WORDS_MAX + CONFIG_MAX_ARGS + 1];
    char *const *argv = process_argv(p, words);
    if (!argv)
        return -E2BIG;
    struct proc_options opt = process_options(p, argv);
    char **env;
    if (config_bot_environ(p->bot, environ, &env) < 0)
        return -ENOMEM;
    opt.envp = env;
    int rc = spawn_retrying(p, &opt);
    config_environ_free(env);
    if (rc < 0)
        return rc;
    return begin_process(p, note);
}

int player_ensure_started(struct player *p, bool fresh)
{
    char note[160] = "";

    /* A bot that quit, or wrote, between games is started again rather than
     * forfeiting a game it was never asked to play, or the next one for what
     * it wrote after the last: a process that exits closes its stdout, so it
     * is asked only if that stirred. */
    if (p->running && !p->tainted && !fresh && !is_out_of_step(p, note, sizeof(note))) {
        if (!player_adapter(p)->renew || p->games == 0)
            return 0;
        if (!p->renew_refused && renew(p, note, sizeof(note)))
            return 0;
        player_stop(p, EXIT_GRACE_MS); /* `END`, and time to exit */
        note[0] = '\0'; /* a new process, as its protocol allows: not a restart of the bot's */
    }
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

int player_start_again(struct player *p, const char *note)
{
    return start_process(p, note);
}

/* Write line (len bytes) to the bot, after what waits from player_tell_later:
 * one write for both. */
static int send_lines(struct player *p, const char *line, size_t len, int64_t deadline_ns)
{
    if (p->later_len == 0)
        return proc_write(&p->proc, line, len, deadline_ns);
    char both[sizeof(p->later) + 2 * PROTOCOL_LINE_MAX];
    size_t k = p->later_len;
    p->later_len = 0;
    if (k + len > sizeof(both)) {
        int rc = proc_write(&p->proc, p->later, k, deadline_ns);
        return rc == PROC_OK ? proc_write(&p->proc, line, len, deadline_ns) : rc;
    }
    memcpy(both, p->later, k);
    memcpy(both + k, line, len);
    return proc_write(&p->proc, both, k + len, deadline_ns);
}

void player_tell_later(struct player *p, const char *line, size_t len, int64_t deadline_ns)
{
    if (!p->running)
        return;
    if (p->later_len + len > sizeof(p->later)) {
        send_lines(p, line, len, deadline_ns);
        return;
    }
    memcpy(p->later + p->later_len, line, len);
    p->later_len += len;
}

void player_flush(struct player *p, int64_t deadline_ns)
{
    if (p->running && p->later_len > 0)
        send_lines(p, "", 0, deadline_ns);
    p->later_len = 0;
}

/* The process closed a pipe or stopped answering: say how it went. `input`:
 * it was its standard input that was found closed. */
static void diagnose_gone(struct player *p, struct player_reply *r, bool input)
{
    int64_t wait_until = proc_now_ns() + EXIT_GRACE_MS * NS_PER_MS;

    if (proc_wait(&p->proc, wait_until)) {
        int st = proc_status(&p->proc);
        if (proc_was_out_of_memory(&p->proc)) {
            /* the kernel's doing, in its cgroup: all it held, memfd and tmpfs too */
            r->foul = FOUL_CRASHED;
            snprintf(r->reason, sizeof(r->reason), "killed: out of memory (--memory %ld MiB)",
                     p->bot->limits.memory_mb);
        } else if (st >= 128) {
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

/* A line of an answer into rq->line (*n bytes), as proc_read_line reads it.
 * Outside a game (s NULL: a handshake, a renewal) a line longer than rq->cap
 * is no foul: an engine's name or version may be long (a 5,000-byte `name`),
 * and the record keeps its first ADAPTER_ENGINE_MAX bytes anyway. Its head
 * is kept and the rest read and dropped, up to PLAYER_HELLO_LINE_MAX bytes in
 * all; longer is PROC_TOO_LONG. */
static int read_answer_line(struct player *p, const struct game_state *s,
                            const struct proc_read *rq, size_t *n)
{
    char rest[PROC_LINE_MAX + 1];
    size_t k = 0, all;
    int rc = proc_read_line(&p->proc, rq->line, rq->cap, n, rq->deadline_ns);

    for (all = *n; rc == PROC_TOO_LONG && s == NULL && all <= PLAYER_HELLO_LINE_MAX; all += k)
        rc = proc_read_line(&p->proc, rest, sizeof(rest), &k, rq->deadline_ns);
    return rc;
}

/* The lines of an answer, through the adapter, until it has the whole answer
 * (r->line, r->len) or a foul (r->foul, r->reason). rq is the read of the
 * answer: its first line is in rq->line (rq->len bytes) if it was read
 * already, else rq->len is NO_LINE; the lines after it are read into
 * rq->line (rq->cap bytes) before rq->deadline_ns. Returns PROC_OK, or the
 * proc_io outcome of a read that failed. */
static int exchange(struct player *p, const struct game_state *s, const struct proc_read *rq,
                    struct player_reply *r)
{
    const struct adapter *ad = player_adapter(p);
    size_t n = rq->len;
    bool have = rq->len != NO_LINE;
    int logged = 0, rc;

    struct adapter_out out = {r->line, sizeof(r->line), 0};

    r->foul = FOUL_NONE;
    r->detail = DETAIL_NONE;
    for (;;) {
        if (!have && (rc = read_answer_line(p, s, rq, &n)) != PROC_OK)
            return rc;
        have = false;
        enum adapter_read kind = ad->read(&p->ad, s, rq->line, n, &out);
        r->len = out.len;
        switch (kind) {
        case ADAPTER_REPLY: return PROC_OK;
        case ADAPTER_FOUL:
            r->foul = FOUL_MALFORMED;
            snprintf(r->reason, sizeof(r->reason), "%.*s", PLAYER_REASON_MAX - 1, r->line);
            r->len = 0;
            p->tainted = true;
            return PROC_OK;
        case ADAPTER_SEND:
            if ((rc = proc_write(&p->proc, r->line, out.len, rq->deadline_ns)) != PROC_OK)
                return rc;
            break;
        case ADAPTER_LOG:
            if (out.len > 0)
                proc_log_note(&p->proc, r->line);
            if (++logged > PLAYER_LOG_LINES_MAX) {
                r->foul = FOUL_TOO_LONG;
                r->detail = DETAIL_FLOOD;
                snprintf(r->reason, sizeof(r->reason), "%s (%d lines)", player_words.flooded,
                         logged);
                r->len = 0;
                p->tainted = true;
                return PROC_OK;
            }
            break;
        case ADAPTER_MORE: break;
        }
    }
}

/* Make r the foul of output when not asked, of kind detail, with why (escaped already). */
static void charge_unasked(struct player *p, struct player_reply *r, enum foul_detail detail,
                           const char *why)
{
    r->foul = FOUL_UNASKED;
    r->detail = detail;
    snprintf(r->reason, sizeof(r->reason), "%.*s", PLAYER_REASON_MAX - 1, why);
    r->len = 0;
    p->tainted = true;
}

bool player_wrote_more(struct player *p, const struct player_reply *r, int64_t until_ns,
                       bool unread_only, struct player_reply *extra)
{
    const struct adapter *ad = player_adapter(p);
    char raw[PROC_LINE_MAX + 1], text[sizeof(r->line)];
    size_t n;

    extra->foul = FOUL_NONE;
    extra->detail = DETAIL_NONE;
    extra->elapsed_ns = r->elapsed_ns;
    if (!p->running)
        return false;
    /* Not a byte of its turn read yet: the reply was written before the turn. */
    long unread = proc_input_unread(&p->proc);
    if (p->asked_len > 0 && unread >= (long)p->asked_len) {
        adapter_quote(text, sizeof(text), player_words.unasked, r->line, r->len);
        charge_unasked(p, extra, DETAIL_BEFORE_TURN, text);
        return true;
    }
    for (int logged = 0; !unread_only; logged++) {
        /* until_ns 0: what was read already, without a system call */
        int rc = until_ns ? proc_read_line(&p->proc, raw, sizeof(raw), &n, until_ns)
                          : proc_take_buffered(&p->proc, raw, sizeof(raw), &n, false);
        if (rc == PROC_TIMEOUT && p->proc.len > 0 && !ad->logs_anytime)
            rc = proc_take_buffered(&p->proc, raw, sizeof(raw), &n, true);
        if (rc == PROC_TOO_LONG) {
            snprintf(text, sizeof(text), "%s (a line too long)", player_words.unasked);
            charge_unasked(p, extra, DETAIL_NONE, text);
            return true;
        }
        if (rc != PROC_OK) /* nothing more, or it ended: the reply stands */
            return false;
        struct adapter_out out = {text, sizeof(text), 0};
        enum adapter_read kind = ad->stray(&p->ad, raw, n, &out);
        if (kind == ADAPTER_LOG && logged < PLAYER_LOG_LINES_MAX) {
            if (out.len > 0)
                proc_log_note(&p->proc, text);
            continue;
        }
        if (kind == ADAPTER_LOG) {
            snprintf(text, sizeof(text), "%s after its reply", player_words.flooded);
            charge_unasked(p, extra, DETAIL_FLOOD, text);
        } else {
            charge_unasked(p, extra, DETAIL_NONE, text);
        }
        return true;
    }
    return false;
}

void player_ask(struct player *p, const struct player_request *q, struct player_reply *r)
{
    char raw[PROC_LINE_MAX + 1];
    /* referee's protocol: a reply longer than its limit is a foul of its own. */
    size_t cap = p->ad.opt.proto == PROTO_REFEREE ? PROTOCOL_REPLY_MAX + 2 : sizeof(raw);

    r->foul = FOUL_NONE;
    r->interrupted = false;
    r->line[0] = '\0';
    r->len = 0;
    r->reason[0] = '\0';
    r->detail = DETAIL_NONE;
    int64_t start = q->start_ns ? q->start_ns : proc_now_ns();
    p->asked_len = p->later_len + q->len;
    int rc = send_lines(p, q->line, q->len, q->deadline_ns);
    bool input = rc == PROC_CLOSED;
    bool fast = p->last_reply_ns > 0 && p->last_reply_ns < PLAYER_SPIN_NS;
    if (rc == PROC_OK) {
        struct proc_read rq = {
            .line = raw,
            .cap = cap,
            .deadline_ns = q->deadline_ns,
            .watch = q->idle && q->idle != p && q->idle->running ? &q->idle->proc : NULL,
            .spin_ns = q->spin && fast ? PLAYER_SPIN_NS : 0,
            .yield = !q->spin && fast,
        };
        rc = proc_read_reply(&p->proc, &rq);
        if (rc == PROC_OK)
            rc = exchange(p, q->state, &rq, r);
    }
    r->elapsed_ns = proc_now_ns() - start;
    if (rc != PROC_OK)
        player_fail(p, rc, input, q->limit_ms, r);
    else {
        p->last_reply_ns = r->elapsed_ns > 0 ? r->elapsed_ns : 1;
        if (p->last_reply_ns > p->slowest_ns)
            p->slowest_ns = p->last_reply_ns;
    }
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
        r->detail = !proc_has_written(&p->proc)  ? DETAIL_SILENT
                    : proc_has_bare_cr(&p->proc) ? DETAIL_BARE_CR
                                                 : DETAIL_NONE;
        if (r->detail == DETAIL_SILENT)
            /* The most common first mistake: a pipe is block-buffered by default
             * in most languages, and the reply sits in the bot's buffer. */
            snprintf(r->reason, sizeof(r->reason), "%s", player_words.silent);
        else
            /* A reply ended by CR alone (a Windows habit) is there, unended. */
            snprintf(r->reason, sizeof(r->reason), "timeout (%lld ms over %d ms)%s",
                     (long long)(r->elapsed_ns / NS_PER_MS), limit_ms,
                     r->detail == DETAIL_BARE_CR ? player_words.bare_cr : "");
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
    char raw[PROC_LINE_MAX + 1];
    size_t n = 0;

    if (!p->running)
        return false;
    for (int logged = 0;; logged++) {
        if (!proc_has_unread(&p->proc)) {
            /* One look without waiting: a line that came after its last reply was
             * read is this game's, caught before the next turn can be written. */
            struct proc *one[1] = {&p->proc};
            proc_look(one, 1);
            if (!proc_has_unread(&p->proc))
                return false;
        }
        r->foul = FOUL_UNASKED;
        r->detail = DETAIL_NONE;
        r->elapsed_ns = 0;
        int rc = proc_read_line(&p->proc, raw, sizeof(raw), &n, proc_now_ns());
        if (rc == PROC_CLOSED) {
            diagnose_gone(p, r, false);
            return true;
        }
        if (rc == PROC_TIMEOUT && p->proc.len == 0 && player_adapter(p)->logs_anytime) {
            /* It stirred with lines for its log, read since: nothing is left. */
            proc_settle(&p->proc);
            r->foul = FOUL_NONE;
            return false;
        }
        if (rc != PROC_OK) {
            snprintf(r->reason, sizeof(r->reason), "%s", player_words.unasked);
            break;
        }
        /* Lines for its log (a Gomocup brain's MESSAGE) may come at any time. */
        struct adapter_out out = {r->line, sizeof(r->line), 0};
        enum adapter_read k = player_adapter(p)->stray(&p->ad, raw, n, &out);
        r->len = out.len;
        if (k == ADAPTER_LOG && logged < PLAYER_LOG_LINES_MAX) {
            if (out.len > 0)
                proc_log_note(&p->proc, r->line);
            continue;
        }
        r->detail = k == ADAPTER_LOG ? DETAIL_FLOOD : DETAIL_NONE;
        if (k == ADAPTER_LOG)
            snprintf(r->reason, sizeof(r->reason), "%s between turns", player_words.flooded);
        else
            snprintf(r->reason, sizeof(r->reason), "%.*s", PLAYER_REASON_MAX - 1, r->line);
        break;
    }
    p->tainted = true;
    return true;
}

void player_stop(struct player *p, int grace_ms)
{
    char quit[32];
    int n;

    if (!p->running)
        return;
    n = player_adapter(p)->quit(&p->ad, quit, sizeof(quit));
    /* With what waits from player_tell_later (the last result) in front. */
    if (!p->tainted)
        send_lines(p, quit, n > 0 ? (size_t)n : 0, proc_now_ns() + (int64_t)grace_ms * NS_PER_MS);
    p->later_len = 0;
    proc_stop(&p->proc, grace_ms);
    p->running = false;
}
