/* fuzz_line.c: libFuzzer harness for proc_read_line. The input (after two bytes
 * choosing the line limit and how to cut it in chunks) goes through a real pipe,
 * written in chunks from this process, and what the reader returns is compared
 * with a model of proc.h's contract: the same lines, too-long lines cut where it
 * says, nothing held back that could be returned, and EOF reported again. */
#define _GNU_SOURCE /* pipe2 */
#include "fuzz.h"
#include "proc.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

static const size_t caps[] = {1,  2,   3,   4,   5,    8,    16,   17,   64,
                              80, 256, 257, 258, 4095, 4096, 4097, 4098, 10000};

/* What the reader must return next, judged on the stream's bytes [pos, end). */
struct expect {
    int rc;        /* PROC_OK, PROC_TOO_LONG, PROC_CLOSED; -1: not known yet */
    size_t raw;    /* bytes of the stream it consumes */
    size_t len;    /* for PROC_OK: length of the line */
    bool complete; /* known from the bytes written so far */
};

static struct expect model(const char *stream, size_t pos, size_t written, size_t size,
                           size_t limit)
{
    struct expect e = {.rc = -1};
    size_t rem = size - pos, look = rem < limit ? rem : limit;
    const char *nl = memchr(stream + pos, '\n', look);

    if (nl) {
        size_t raw = (size_t)(nl - (stream + pos));
        e.rc = PROC_OK;
        e.raw = raw + 1;
        e.len = raw > 0 && stream[pos + raw - 1] == '\r' ? raw - 1 : raw;
        e.complete = pos + raw < written;
    } else if (rem >= limit) {
        e.rc = PROC_TOO_LONG;
        e.raw = limit;
        e.complete = pos + limit <= written;
    } else {
        e.rc = PROC_CLOSED;
        e.complete = false; /* known only once the writer closed */
    }
    return e;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    size_t cap = caps[data[0] % (sizeof(caps) / sizeof(caps[0]))];
    uint32_t rng = data[1] * 2654435761u + 1;
    const char *stream = (const char *)data + 2;
    size_t n = size - 2;
    size_t limit = cap < PROC_LINE_MAX + 1 ? cap : PROC_LINE_MAX + 1;

    int fds[2];
    FUZZ_CHECK(pipe2(fds, O_NONBLOCK | O_CLOEXEC) == 0);
    struct proc p;
    memset(&p, 0, sizeof(p));
    p.in_fd = p.err_fd = p.log_fd = -1;
    p.out_fd = fds[0];
    p.status = -1;

    /* Exactly cap bytes, so that ASan sees a write past what the caller gave. */
    char *line = malloc(cap);
    FUZZ_CHECK(line != NULL);
    size_t written = 0, pos = 0;
    bool closed = false;
    for (;;) {
        size_t got_len = (size_t)-1;
        memset(line, 0xa5, cap);
        int rc = proc_read_line(&p, line, cap, &got_len, proc_now_ns());
        struct expect e = model(stream, pos, written, n, limit);
        if (rc == PROC_TIMEOUT) {
            /* Nothing the reader could already tell may be held back. */
            FUZZ_CHECK(!closed && !e.complete);
            if (written < n) {
                rng = rng * 1103515245u + 12345u;
                size_t chunk = (rng >> 16) % 4 == 0 ? 1 + (rng >> 8) % 8 : 1 + (rng >> 8) % 5000;
                if (chunk > n - written)
                    chunk = n - written;
                ssize_t w = write(fds[1], stream + written, chunk);
                FUZZ_CHECK(w > 0); /* the pipe is drained before each chunk */
                written += (size_t)w;
            } else {
                FUZZ_CHECK(close(fds[1]) == 0);
                closed = true;
            }
            continue;
        }
        FUZZ_CHECK(rc == e.rc);
        if (rc == PROC_CLOSED) {
            FUZZ_CHECK(closed);
            /* EOF is reported again by every later call. */
            FUZZ_CHECK(proc_read_line(&p, line, cap, &got_len, proc_now_ns()) == PROC_CLOSED);
            break;
        }
        FUZZ_CHECK(pos + e.raw <= written);
        if (rc == PROC_OK) {
            FUZZ_CHECK(got_len == e.len && got_len < cap);
            FUZZ_CHECK(memcmp(line, stream + pos, got_len) == 0 && line[got_len] == '\0');
        }
        pos += e.raw;
    }
    FUZZ_CHECK(pos + limit > n && memchr(stream + pos, '\n', n - pos) == NULL);
    free(line);
    close(fds[0]);
    return 0;
}
