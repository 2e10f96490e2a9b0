/* proc_log.c: a child's log file: its stderr copied in within the log's cap,
 * referee's notes, and the trace of what was written to it and read from it
 * (see proc.h). */
#include "proc.h"
#include "proc_impl.h"
#include "escape.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define STDERR_CHUNK_SIZE 8192
#define STDERR_CHUNKS     16 /* per drain at most, so a flood cannot hold us past a deadline */

/* Write up to n bytes of text to the log, within its cap; returns how many
 * went in. */
static size_t log_write(struct proc *p, const char *text, size_t n)
{
    size_t keep = p->log_fd > 2 ? n : 0;
    if (p->log_cap > 0) {
        size_t room = p->log_written < p->log_cap ? p->log_cap - p->log_written : 0;
        keep = keep < room ? keep : room;
    }
    size_t done = 0;
    while (done < keep) {
        ssize_t w = write(p->log_fd, text + done, keep - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        done += (size_t)w;
    }
    p->log_written += done;
    return done;
}

/* The trace's clock starts at the first line traced in this referee. */
static pthread_once_t trace_once = PTHREAD_ONCE_INIT;
static int64_t trace_epoch;

static void trace_begin(void)
{
    trace_epoch = proc_now_ns();
}

void proc_trace_line(struct proc *p, char mark, const char *data, size_t n, bool cut)
{
    char line[80 + 4 * TRACE_SHOWN];

    pthread_once(&trace_once, trace_begin);
    int64_t t = proc_now_ns() - trace_epoch;
    int k = snprintf(line, 64, "[%9lld.%03lld ms] %ld %c ", (long long)(t / 1000000),
                     (long long)(t / 1000 % 1000), (long)p->pid, mark);
    size_t at = k > 0 ? (size_t)k : 0;
    if (n > TRACE_SHOWN) {
        n = TRACE_SHOWN;
        cut = true;
    }
    for (size_t i = 0; i < n; i++)
        at += escape_byte(line + at, (unsigned char)data[i], false);
    if (cut) {
        memcpy(line + at, "...", 3);
        at += 3;
    }
    line[at++] = '\n';
    log_write(p, line, at);
}

void proc_trace_written(struct proc *p, const char *data, size_t len)
{
    while (len > 0) {
        const char *nl = memchr(data, '\n', len);
        size_t n = nl ? (size_t)(nl - data) : len;
        size_t shown = n > 0 && data[n - 1] == '\r' && nl ? n - 1 : n;
        proc_trace_line(p, '>', data, shown, false);
        n += nl != NULL;
        data += n;
        len -= n;
    }
}

void proc_trace_start(struct proc *p)
{
    char text[48];
    p->trace = true;
    snprintf(text, sizeof(text), "process %ld started", (long)p->pid);
    proc_trace_line(p, '-', text, strlen(text), false);
}

void proc_trace_note(struct proc *p, const char *text)
{
    if (p->trace)
        proc_trace_line(p, '-', text, strlen(text), false);
}

void proc_log_note(struct proc *p, const char *text)
{
    char line[512];
    int n = snprintf(line, sizeof(line), "referee: %s\n", text);
    if (n > 0)
        log_write(p, line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
}

/* The log is best effort: a failed write to it is no reason to stop a game. */
void proc_drain_stderr(struct proc *p)
{
    char chunk[STDERR_CHUNK_SIZE];
    for (int i = 0; i < STDERR_CHUNKS && p->err_fd > 2; i++) {
        ssize_t n = read(p->err_fd, chunk, sizeof(chunk));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        if (n <= 0) {
            proc_close_fd(&p->err_fd);
            return;
        }
        /* What the cap (or a failed write) left out, for the note at the
         * end; without a log nothing is cut, it is not kept at all. */
        size_t kept = log_write(p, chunk, (size_t)n);
        if (p->log_fd > 2 && p->log_cap > 0)
            p->log_dropped += (size_t)n - kept;
    }
}

void proc_log_close(struct proc *p)
{
    /* The note goes past the cap: the cap is what the bot may fill, and a log
     * that ends at it would not say that more came. */
    if (p->log_fd > 2 && p->log_dropped > 0) {
        char line[160];
        int n = snprintf(line, sizeof(line),
                         "referee: log cut at %zu bytes (its cap); %zu more bytes of stderr "
                         "dropped\n",
                         p->log_cap, p->log_dropped);
        if (n > 0 && (size_t)n < sizeof(line) && write(p->log_fd, line, (size_t)n) < 0) {
            /* best effort, as the log is */
        }
    }
    p->log_dropped = 0;
    proc_close_fd(&p->log_fd);
}
