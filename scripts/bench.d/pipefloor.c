/* pipefloor.c: the physical floor under a referee move: the round trip of a turn-sized
 * line to a child process and a short reply back, over two pipes. Built and run by
 * scripts/bench; not part of referee.
 *
 *   pipefloor [-n ROUNDS] [-r RUNS] [-m MODE] [-- BOT [ARGS...]]
 *
 * Modes (the parent's side of each round trip; the child is an echo loop doing a
 * blocking read(2) and one write(2) per line, or BOT if given, which gets a `game`
 * line first and then real tic-tac-toe `turn` lines):
 *   block   write(2), then blocking read(2) until the newline: 2 syscalls, the floor;
 *   poll    referee's pattern with --no-spin: write, poll() on four descriptors (the
 *           reply, an idle stderr pipe, an idle interrupt pipe, an idle pipe for the
 *           other bot's output) with clock_gettime before it, read: what proc_write
 *           and proc_read_reply do;
 *   spin    referee's pattern for a fast bot when a core is free: write, non-blocking
 *           reads for up to 50 us, then as poll.
 * -c 2 starts two children and alternates the round trips between them, as a match
 * asks its two bots in turn: on one CPU, a cycle through three processes instead of
 * two, which costs more per round trip than the one-child floor.
 * Prints one line per run, then "median WALL CPU min WALL max WALL": microseconds per
 * round trip, the median wall time, the median CPU time of the parent alone, and the
 * fastest and slowest run's wall time. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* A tic-tac-toe turn line as referee writes it (78 bytes). */
static const char turn_line[] =
    "turn board [---,---,---] last none time 5000 legal a1 a2 a3 b1 b2 b3 c1 c2 c3\n";
static const char game_line[] = "game 1 tictactoe o first o movetime 1000 seed 7\n";

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static void die(const char *what)
{
    fprintf(stderr, "pipefloor: %s: %s\n", what, strerror(errno));
    exit(1);
}

static void write_all(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, buf, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN) {
            struct pollfd p = {.fd = fd, .events = POLLOUT};
            poll(&p, 1, -1);
            continue;
        }
        if (n <= 0)
            die("write");
        buf += n;
        len -= (size_t)n;
    }
}

/* The echo child: one reply per line, as a C bot without stdio would answer. */
static _Noreturn void echo_loop(int in, int out)
{
    char buf[8192];
    size_t len = 0;
    for (;;) {
        ssize_t n = read(in, buf + len, sizeof(buf) - len);
        if (n <= 0)
            _exit(0);
        len += (size_t)n;
        char *start = buf, *nl;
        while ((nl = memchr(start, '\n', len - (size_t)(start - buf))) != NULL) {
            if (strncmp(start, "turn ", 5) == 0 && write(out, "b2\n", 3) != 3)
                _exit(1);
            start = nl + 1;
        }
        len -= (size_t)(start - buf);
        memmove(buf, start, len);
        if (len == sizeof(buf))
            len = 0;
    }
}

struct child {
    pid_t pid;
    int to, from, err;
    char buf[8192]; /* read, not yet taken */
    size_t len;
};

static struct child spawn(char **argv)
{
    int in[2], out[2], err[2];
    if (pipe2(in, O_CLOEXEC) < 0 || pipe2(out, O_CLOEXEC) < 0 || pipe2(err, O_CLOEXEC) < 0)
        die("pipe");
    pid_t pid = fork();
    if (pid < 0)
        die("fork");
    if (pid == 0) {
        if (argv == NULL)
            echo_loop(in[0], out[1]);
        dup2(in[0], 0);
        dup2(out[1], 1);
        dup2(err[1], 2);
        execv(argv[0], argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(err[1]);
    return (struct child){.pid = pid, .to = in[1], .from = out[0], .err = err[0]};
}

enum mode { BLOCK, POLL, SPIN };

static void wait_readable(const struct child *c, int intr_fd, int idle_fd)
{
    /* As proc_read_reply: recompute the time left, poll four descriptors. */
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    struct pollfd fds[4] = {{.fd = c->from, .events = POLLIN},
                            {.fd = c->err, .events = POLLIN},
                            {.fd = intr_fd, .events = POLLIN},
                            {.fd = idle_fd, .events = POLLIN}};
    if (poll(fds, 4, 1000) < 0 && errno != EINTR)
        die("poll");
}

/* Read up to and including a newline; what follows it is kept. */
static void read_reply(struct child *c, enum mode mode, int intr_fd, int idle_fd)
{
    if (mode == SPIN) {
        double until = now_us() + 50;
        ssize_t n;
        while ((n = read(c->from, c->buf + c->len, sizeof(c->buf) - c->len)) < 0 &&
               errno == EAGAIN && now_us() < until)
            ;
        if (n > 0)
            c->len += (size_t)n;
        else
            wait_readable(c, intr_fd, idle_fd);
    } else if (mode == POLL) {
        wait_readable(c, intr_fd, idle_fd); /* the reply cannot be there yet */
    }
    for (;;) {
        char *nl = memchr(c->buf, '\n', c->len);
        if (nl != NULL) {
            size_t used = (size_t)(nl + 1 - c->buf);
            c->len -= used;
            memmove(c->buf, nl + 1, c->len);
            return;
        }
        ssize_t n = read(c->from, c->buf + c->len, sizeof(c->buf) - c->len);
        if (n > 0) {
            c->len += (size_t)n;
            continue;
        }
        if (n == 0) {
            fprintf(stderr, "pipefloor: the child closed its output\n");
            exit(1);
        }
        if (errno == EINTR)
            continue;
        if (mode == BLOCK || errno != EAGAIN)
            die("read");
        wait_readable(c, intr_fd, idle_fd);
    }
}

/* User + system CPU of this process (the parent only), in microseconds. */
static double cpu_us(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e6 +
           (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    long rounds = 200000;
    int runs = 5;
    const char *mode = "block";
    char **bot = NULL;
    int opt, nchildren = 1;

    while ((opt = getopt(argc, argv, "n:r:m:c:")) != -1) {
        switch (opt) {
        case 'n': rounds = atol(optarg); break;
        case 'c': nchildren = atoi(optarg); break;
        case 'r': runs = atoi(optarg); break;
        case 'm': mode = optarg; break;
        default:
            fprintf(stderr, "usage: pipefloor [-n ROUNDS] [-r RUNS] [-m block|poll|spin] [-c 1|2] "
                            "[-- BOT...]\n");
            return 2;
        }
    }
    if (optind < argc)
        bot = argv + optind;
    enum mode m = strcmp(mode, "poll") == 0 ? POLL : strcmp(mode, "spin") == 0 ? SPIN : BLOCK;
    if ((m == BLOCK && strcmp(mode, "block") != 0) || rounds <= 0 || runs <= 0 || runs > 99 ||
        nchildren < 1 || nchildren > 2) {
        fprintf(stderr, "pipefloor: bad arguments\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    int intr[2], idle[2];
    if (pipe2(intr, O_CLOEXEC) < 0 || pipe2(idle, O_CLOEXEC) < 0)
        die("pipe");

    static struct child cs[2];
    for (int k = 0; k < nchildren; k++) {
        struct child *c = &cs[k];
        *c = spawn(bot);
        if (m != BLOCK) {
            fcntl(c->to, F_SETFL, fcntl(c->to, F_GETFL) | O_NONBLOCK);
            fcntl(c->from, F_SETFL, fcntl(c->from, F_GETFL) | O_NONBLOCK);
            fcntl(c->err, F_SETFL, fcntl(c->err, F_GETFL) | O_NONBLOCK);
        }
        write_all(c->to, game_line, sizeof(game_line) - 1);
    }
    /* Warm up: the children are started and their code paged in. With two,
     * round trips alternate between them, as a match asks its two bots. */
    for (int i = 0; i < 1000; i++) {
        struct child *c = &cs[i % nchildren];
        write_all(c->to, turn_line, sizeof(turn_line) - 1);
        read_reply(c, m, intr[0], idle[0]);
    }
    double us[100], cpu[100];
    for (int r = 0; r < runs; r++) {
        double t0 = now_us(), c0 = cpu_us();
        for (long i = 0; i < rounds; i++) {
            struct child *c = &cs[i % nchildren];
            write_all(c->to, turn_line, sizeof(turn_line) - 1);
            read_reply(c, m, intr[0], idle[0]);
        }
        us[r] = (now_us() - t0) / (double)rounds;
        cpu[r] = (cpu_us() - c0) / (double)rounds;
        printf("run %d: %.3f us/rt, parent cpu %.3f us/rt\n", r + 1, us[r], cpu[r]);
        fflush(stdout);
    }
    for (int k = 0; k < nchildren; k++) {
        close(cs[k].to);
        kill(cs[k].pid, SIGTERM);
        waitpid(cs[k].pid, NULL, 0);
    }
    qsort(us, (size_t)runs, sizeof(us[0]), cmp_double);
    qsort(cpu, (size_t)runs, sizeof(cpu[0]), cmp_double);
    printf("median %.3f %.3f min %.3f max %.3f\n", us[runs / 2], cpu[runs / 2], us[0],
           us[runs - 1]);
    return 0;
}
