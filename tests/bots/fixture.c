/* fixture.c: one misbehaving bot with many modes, for the process-layer tests. Speaks
 * protocol/PROTOCOL.md; `fixture <mode> [N]`, the modes are listed in usage() below. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "shared.h"

static const char *usage_text =
    "usage: fixture <mode> [N]\n"
    "  legal        answers the first legal move\n"
    "  silent       never answers, keeps reading\n"
    "  slow N       sleeps N ms, then answers legally\n"
    "  crash        raises SIGSEGV on its first turn\n"
    "  exit N       exits with status N on its first turn\n"
    "  garbage      answers 'hello'\n"
    "  outofturn    answers the first legal move with the opponent's mark, 'x:a1'\n"
    "  occupied     answers the first occupied square (tictactoe), else a legal move\n"
    "  huge         answers a line of 1 MiB of 'a'\n"
    "  ignoreterm   ignores SIGTERM, answers legally, never exits (not on quit or EOF)\n"
    "  grandchild   on its first turn forks a grandchild that holds stdout and stderr\n"
    "               and sleeps 60 s, writes 'grandchild <pid>' to stderr, exits 0\n"
    "  closeout     closes stdout on its first turn, keeps reading stdin\n"
    "  stderr N     writes N KiB to stderr on each turn, then answers legally\n"
    "  unasked      writes 'a1' right after each game line, then plays legally\n"
    "  between N    plays legally; N ms after each reply, writes 'a1'\n"
    "  slowafter N  answers its first two turns at once, later turns after N ms\n"
    "  slowonce N   the first of its processes under one referee (the one that makes\n"
    "               /tmp/referee-slowonce-<referee's pid>) takes N ms a move in its\n"
    "               first game; later games, and the other processes, none\n"
    "  exitafter    answers its first two turns at once, exits 0 at its third\n"
    "  cpus         writes 'cpus N' to stderr as it starts, N the cores it may run\n"
    "  env          'env V=X', 'pid1 V=X' (of process 1) to stderr; plays\n"
    "               on, then plays legally\n"
    "  hello        writes 'hello' as it starts, before it reads a line, then plays\n"
    "               legally\n"
    "  echo         writes back every line it reads, quit too; exits at EOF\n"
    "  onegame      plays legally, exits 0 after its first result line\n"
    "  flood        on its first turn writes 'a' without end, never a newline\n"
    "  closein      closes stdin on its first turn, answers, keeps running (60 s)\n"
    "  forker N     on its first turn forks N children that sleep 60 s, plays legally\n"
    "  eatmem       on its first turn allocates and touches memory (4 GiB at most),\n"
    "               aborts when an allocation fails, else answers legally\n"
    "  spin         on its first turn spins the CPU without end\n"
    "  say TEXT     answers TEXT to every turn\n"
    "  badonce      the first of its processes under one referee (as slowonce)\n"
    "               writes 'hello' and then its legal move on its first turn;\n"
    "               later turns, and the other processes, play legally\n"
    "  twolines     writes its legal move twice on every turn\n"
    "  again        its legal move, then again in a write of its own\n"
    "  floodafter   its legal move, then 1 MiB of it in a write of its own\n"
    "  late N       thinks N ms, its legal move, and again 5 ms later\n"
    "  tell         writes every line it reads to stderr, plays legally\n"
    "  buffered     plays legally, its output fully buffered (never flushed: the\n"
    "               replies come out at exit)\n"
    "  strict       plays legally, but exits with status 2 at a game line with a key\n"
    "               of no protocol version 1, or a line of an unknown kind\n"
    "  probe PATH PORT  on its first turn tries to open PATH, to connect to PORT of\n"
    "               127.0.0.1, to write a file in its working directory, and counts\n"
    "               the processes in /proc; writes 'probe <what> ok|refused|N' to\n"
    "               stderr for each, then plays legally\n";

/* More modes (a string of its own: C17 promises 4095 bytes a literal). */
static const char *usage_more =
    "  byte N       answers its legal move, the byte N (0-255) and 'z' on every turn\n"
    "  cr           answers its legal move ended by a CR alone, no LF, on every turn\n"
    "  daemon       on its first turn double-forks a grandchild in a session of its\n"
    "               own that sleeps 60 s (its pid to stderr: 'daemon <pid>'), plays\n"
    "               legally\n"
    "  joingroup    joins its parent's process group, ignores SIGTERM, plays\n"
    "               legally, never exits (not on quit or EOF)\n"
    "  stay         writes 'pid <pid>' to stderr, ignores SIGTERM, plays legally,\n"
    "               never exits (not on quit or EOF)\n"
    "  stallgame ID MS  sleeps MS ms before each reply in the game with id ID (the\n"
    "               game line's id), plays legally and at once otherwise\n"
    "Other modes exit 0 on quit or EOF.\n";

/* The modes of a hostile bot under --sandbox (a string of their own: C17
 * promises 4095 bytes a literal). */
static const char *usage_hostile =
    "  usurp PATHS  on its first turn, for each PATH of the comma-separated list,\n"
    "               says if it is 'visible' or 'unseen', tries to rename a file\n"
    "               that always resigns over it, then to append to it; plants a link 'results' to "
    "the first PATH's folder\n"
    "               in its working directory; writes 'usurp <path> ok|refused' and\n"
    "               'usurp link ok|refused' to stderr, then plays legally\n"
    "  relink NAME TARGET  as it starts, writes 'relink open ok|refused' to\n"
    "               stderr as it can open NAME or not; on its first turn replaces\n"
    "               NAME with a link to TARGET ('relink made ok|refused'), plays\n"
    "               legally\n"
    "  reach TARGETS  on its first turn tries to connect to each target of the\n"
    "               comma-separated list: a Unix socket's path, '@NAME' an abstract\n"
    "               Unix socket, 'tcp:PORT' 127.0.0.1; writes 'reach <target>\n"
    "               ok|refused' to stderr for each, then plays legally\n"
    "  fill PATH MB on its first turn writes MB MiB into the file PATH, stops at\n"
    "               the first failed write, writes 'fill wrote N MiB' to stderr (N\n"
    "               what it wrote), removes the file, plays legally\n"
    "  bomb N       on its first turn forks children that sleep 60 s until a fork\n"
    "               fails or N of them run, writes 'bomb forked K' to stderr, plays\n"
    "               legally\n"
    "  onlyfirst N  the first of its processes under one referee answers its first\n"
    "               turn at once, later ones after N ms; every other process, at its\n"
    "               first turn, waits for that first answer, then exits with status 3\n"
    "  unexec N     answers its first N turns (of this process), then removes the\n"
    "               execute bits of its own program file and crashes (SIGSEGV)\n"
    "  forkeach     on every turn forks a child that exits at once and waits for\n"
    "               it; if the fork fails, writes 'forkeach failed' to stderr and\n"
    "               answers 'nofork' (a foul); else plays legally\n";

static _Noreturn void sleep_forever(void)
{
    for (;;)
        pause();
}

/* The word after key in a line of words, copied into out; empty if absent. */
static void word_after(const char *line, const char *key, char *out, size_t cap)
{
    size_t klen = strlen(key);
    out[0] = '\0';
    for (const char *w = line; (w = strstr(w, key)) != NULL; w += klen) {
        bool starts = w == line || w[-1] == ' ';
        if (!starts || w[klen] != ' ')
            continue;
        const char *v = w + klen + 1;
        size_t n = strcspn(v, " \n");
        if (n >= cap)
            n = cap - 1;
        memcpy(out, v, n);
        out[n] = '\0';
        return;
    }
}

/* The first occupied square of a tictactoe board such as [x--,-o-,---], or "". */
static void first_occupied(const char *board, char *out)
{
    out[0] = '\0';
    int row = 0, col = 0;
    for (const char *c = board; *c != '\0' && *c != ']'; c++) {
        if (*c == '[')
            continue;
        if (*c == ',') {
            row++;
            col = 0;
            continue;
        }
        if (*c != '-') {
            out[0] = (char)('a' + row);
            out[1] = (char)('1' + col);
            out[2] = '\0';
            return;
        }
        col++;
    }
}

static void answer_huge(void)
{
    static char line[(1 << 20) + 1];
    memset(line, 'a', sizeof(line) - 1);
    line[sizeof(line) - 1] = '\n';
    fwrite(line, 1, sizeof(line), stdout);
    fflush(stdout);
}

static void spawn_grandchild(void)
{
    pid_t pid = fork();
    if (pid == 0) {
        sleep(60); /* holds the inherited stdout and stderr open */
        _exit(0);
    }
    fprintf(stderr, "grandchild %ld\n", (long)pid);
    exit(0);
}

/* Fork, setsid, fork again: a grandchild in a session of its own, the way a
 * daemon leaves its parent's group, that says its pid and sleeps. */
static void daemonize(void)
{
    if (daemon_fork("daemon", false)) {
        sleep(60);
        _exit(0);
    }
}

/* 1 MiB of `line` and a newline, over and over, after the reply is out. */
static void flood_lines(const char *line)
{
    static char block[1 << 20];
    size_t k = strlen(line) + 1, n = 0;
    fflush(stdout);
    while (n + k <= sizeof(block)) {
        memcpy(block + n, line, k - 1);
        block[n + k - 1] = '\n';
        n += k;
    }
    fwrite(block, 1, n, stdout);
    fflush(stdout);
}

static void flood_stderr(long kib)
{
    char chunk[1024];
    memset(chunk, 'e', sizeof(chunk) - 1);
    chunk[sizeof(chunk) - 1] = '\n';
    for (long i = 0; i < kib; i++)
        fwrite(chunk, 1, sizeof(chunk), stderr);
    fflush(stderr);
}

/* Allocate and touch 4 MiB blocks, at most 4 GiB, and abort as most programs
 * do when an allocation fails (under a memory limit). */
static void eat_memory(void)
{
    struct rlimit as;
    if (getrlimit(RLIMIT_AS, &as) == 0)
        fprintf(stderr, "address space limit %lld MiB\n",
                as.rlim_cur == RLIM_INFINITY ? -1LL : (long long)(as.rlim_cur >> 20));
    for (int i = 0; i < 1024; i++) {
        char *block = malloc(4 << 20);
        if (!block) {
            fprintf(stderr, "allocation failed after %d MiB\n", 4 * i);
            signal(SIGABRT, SIG_DFL);
            abort();
        }
        memset(block, i, 4 << 20);
    }
}

static int results_seen;       /* result lines read: games over */
static const char *mode_text;  /* the mode's first argument, as text */
static long mode_n2;           /* the mode's second argument, as a number */
static const char *mode_text2; /* the mode's second argument, as text */
static long game_id;           /* the id of the game under way, from its game line */

/* For slowonce: whether this process made the marker of its referee's run. */
static bool first_of_its_kind(void)
{
    static int first = -1;
    if (first < 0) {
        char path[64];
        snprintf(path, sizeof(path), "/tmp/referee-slowonce-%d", (int)getppid());
        int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
        first = fd >= 0;
        if (fd >= 0)
            close(fd);
    }
    return first;
}

/* /tmp/referee-onlyfirst-<referee's pid><suffix>, into path. */
static void onlyfirst_path(char *path, size_t len, const char *suffix)
{
    snprintf(path, len, "/tmp/referee-onlyfirst-%d%s", (int)getppid(), suffix);
}

/* For onlyfirst, at each turn: the first process (the one that makes the
 * marker) is slow after its first turn, and says once it has answered; any
 * other waits (10 s at most) until it has, then exits. */
static void only_first(long ms, int turns)
{
    static int first = -1;
    char path[64];
    if (first < 0) {
        onlyfirst_path(path, sizeof(path), "");
        int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
        first = fd >= 0;
        if (fd >= 0)
            close(fd);
    }
    onlyfirst_path(path, sizeof(path), "-answered");
    if (first && turns > 1)
        sleep_ms(ms);
    if (first && turns == 2) /* the first reply is out: line-buffered */
        close(open(path, O_WRONLY | O_CREAT, 0644));
    for (int i = 0; !first && i < 1000 && access(path, F_OK) != 0; i++)
        sleep_ms(10);
    if (!first)
        exit(3);
}

/* What a sandbox lets a bot do, to stderr: open a file, connect to a port of
 * 127.0.0.1, how many processes it sees, write in its working directory. */
static void probe(const char *path, long port)
{
    int fd = open(path, O_RDONLY);
    fprintf(stderr, "probe open %s\n", fd >= 0 ? "ok" : "refused");
    if (fd >= 0)
        close(fd);
    int s = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bool connected = s >= 0 && connect(s, (struct sockaddr *)&to, sizeof(to)) == 0;
    fprintf(stderr, "probe connect %s\n", connected ? "ok" : "refused");
    if (s >= 0)
        close(s);
    int pids = 0;
    DIR *d = opendir("/proc");
    for (struct dirent *e; d && (e = readdir(d));)
        pids += e->d_name[0] >= '1' && e->d_name[0] <= '9';
    if (d)
        closedir(d);
    fprintf(stderr, "probe pids %d\n", pids);
    char line[256], caps[32] = "unknown";
    FILE *st = fopen("/proc/self/status", "r");
    while (st && fgets(line, sizeof(line), st))
        if (sscanf(line, "CapEff: %31s", caps) == 1)
            break;
    if (st)
        fclose(st);
    fprintf(stderr, "probe caps %s\n", caps);
    FILE *f = fopen("probe-wrote", "w");
    fprintf(stderr, "probe write-cwd %s\n", f ? "ok" : "refused");
    if (f)
        fclose(f);
}

/* The opponent-replacement attempt of a hostile bot (see usage). */
static void usurp(const char *list)
{
    char copy[4096], *save = NULL, first[4096] = "";
    snprintf(copy, sizeof(copy), "%s", list);
    for (char *path = strtok_r(copy, ",", &save); path; path = strtok_r(NULL, ",", &save)) {
        if (!first[0])
            snprintf(first, sizeof(first), "%s", path);
        fprintf(stderr, "usurp %s %s\n", path, access(path, F_OK) == 0 ? "visible" : "unseen");
        bool done = false;
        FILE *f = fopen("resigner", "w");
        if (f) {
            fputs("#!/bin/sh\nwhile read line; do case $line in turn*) echo resign;; esac; "
                  "done\n",
                  f);
            fclose(f);
            chmod("resigner", 0755);
            done = rename("resigner", path) == 0;
        }
        int fd = open(path, O_WRONLY | O_APPEND);
        if (fd >= 0) {
            done |= write(fd, "x", 1) == 1;
            close(fd);
        }
        fprintf(stderr, "usurp %s %s\n", path, done ? "ok" : "refused");
    }
    char *slash = strrchr(first, '/');
    if (slash)
        *slash = '\0';
    fprintf(stderr, "usurp link %s\n", symlink(first, "results") == 0 ? "ok" : "refused");
}

/* Try to connect to each target (see usage). */
static void reach(const char *list)
{
    char copy[4096], *save = NULL;
    snprintf(copy, sizeof(copy), "%s", list);
    for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        bool ok;
        if (strncmp(t, "tcp:", 4) == 0) {
            int s = socket(AF_INET, SOCK_STREAM, 0);
            struct sockaddr_in to = {.sin_family = AF_INET,
                                     .sin_port = htons((uint16_t)atoi(t + 4))};
            to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            ok = s >= 0 && connect(s, (struct sockaddr *)&to, sizeof(to)) == 0;
            if (s >= 0)
                close(s);
        } else {
            int s = socket(AF_UNIX, SOCK_STREAM, 0);
            struct sockaddr_un to = {.sun_family = AF_UNIX};
            size_t n = strlen(t);
            if (n >= sizeof(to.sun_path))
                n = sizeof(to.sun_path) - 1;
            memcpy(to.sun_path, t, n);
            if (t[0] == '@')
                to.sun_path[0] = '\0'; /* abstract: no file */
            socklen_t len =
                (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n + (t[0] == '@' ? 0 : 1));
            ok = s >= 0 && connect(s, (struct sockaddr *)&to, len) == 0;
            if (ok)
                ok = write(s, "hello\n", 6) == 6;
            if (s >= 0)
                close(s);
        }
        fprintf(stderr, "reach %s %s\n", t, ok ? "ok" : "refused");
    }
}

/* Write mib MiB into path, then remove it. */
static void fill(const char *path, long mib)
{
    static char chunk[1 << 20];
    memset(chunk, 'f', sizeof(chunk));
    long wrote = 0;
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    while (fd >= 0 && wrote < mib && write(fd, chunk, sizeof(chunk)) == (ssize_t)sizeof(chunk))
        wrote++;
    if (fd >= 0)
        close(fd);
    unlink(path);
    fprintf(stderr, "fill wrote %ld MiB\n", wrote);
}

static void bomb(long n)
{
    long forked = 0;
    while (forked < n) {
        pid_t pid = fork();
        if (pid < 0)
            break;
        if (pid == 0) {
            sleep(60);
            _exit(0);
        }
        forked++;
    }
    fprintf(stderr, "bomb forked %ld\n", forked);
}

/* True if a child could be forked and reaped. */
static bool fork_once(void)
{
    pid_t pid = fork();
    if (pid < 0)
        return false;
    if (pid == 0)
        _exit(0);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        ;
    return true;
}

/* True if a game line holds only the keys of protocol version 1. */
static bool knows_every_key(const char *line)
{
    static const char *const keys[] = {"movetime", "firstmove", "clock", "increment", "seed", "id"};
    char copy[512], *save = NULL;
    snprintf(copy, sizeof(copy), "%s", line);
    int i = 0;
    for (char *w = strtok_r(copy, " \n", &save); w; w = strtok_r(NULL, " \n", &save), i++) {
        if (i < 6 || (i - 6) % 2) /* game 1 NAME MARK first MARK, then key value pairs */
            continue;
        bool known = false;
        for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
            known |= strcmp(w, keys[k]) == 0;
        if (!known)
            return false;
    }
    return true;
}

/* Remove the execute bits of this program's file (through /proc/self/exe),
 * then crash: a bot that cannot be started again. */
static _Noreturn void unexec(void)
{
    struct stat st;
    struct rlimit no_core = {0, 0};
    if (stat("/proc/self/exe", &st) == 0)
        chmod("/proc/self/exe", st.st_mode & ~(mode_t)0111);
    setrlimit(RLIMIT_CORE, &no_core);
    signal(SIGSEGV, SIG_DFL);
    raise(SIGSEGV);
    _exit(139);
}

static void take_turn(const char *mode, long n, const char *line, char mark, int turns)
{
    char legal[16], board[64], square[4];
    word_after(line, "legal", legal, sizeof(legal));

    if (strcmp(mode, "silent") == 0)
        return;
    if (strcmp(mode, "slow") == 0 || (strcmp(mode, "slowafter") == 0 && turns > 2) ||
        (strcmp(mode, "slowonce") == 0 && results_seen == 0 && first_of_its_kind()))
        sleep_ms(n);
    if (strcmp(mode, "late") == 0)
        sleep_ms(n);
    if (strcmp(mode, "stallgame") == 0 && game_id == n)
        sleep_ms(mode_n2);
    if (strcmp(mode, "exitafter") == 0 && turns > 2)
        exit(0);
    if (strcmp(mode, "onlyfirst") == 0)
        only_first(n, turns);
    if (strcmp(mode, "unexec") == 0 && turns > n)
        unexec();
    if (strcmp(mode, "crash") == 0) {
        struct rlimit no_core = {0, 0};
        setrlimit(RLIMIT_CORE, &no_core);
        signal(SIGSEGV, SIG_DFL); /* a sanitizer's handler would turn it into an exit */
        raise(SIGSEGV);
    }
    if (strcmp(mode, "exit") == 0)
        exit((int)n);
    if (strcmp(mode, "probe") == 0 && turns == 1)
        probe(mode_text, mode_n2);
    if (strcmp(mode, "grandchild") == 0)
        spawn_grandchild();
    if (strcmp(mode, "usurp") == 0 && turns == 1)
        usurp(mode_text);
    if (strcmp(mode, "relink") == 0 && turns == 1) {
        unlink(mode_text);
        fprintf(stderr, "relink made %s\n", symlink(mode_text2, mode_text) == 0 ? "ok" : "refused");
    }
    if (strcmp(mode, "reach") == 0 && turns == 1)
        reach(mode_text);
    if (strcmp(mode, "fill") == 0 && turns == 1)
        fill(mode_text, mode_n2);
    if (strcmp(mode, "bomb") == 0 && turns == 1)
        bomb(n);
    if (strcmp(mode, "forkeach") == 0 && !fork_once()) {
        fputs("forkeach failed\n", stderr);
        printf("nofork\n");
        return;
    }
    if (strcmp(mode, "daemon") == 0 && turns == 1)
        daemonize();
    if (strcmp(mode, "closeout") == 0) {
        if (turns == 1)
            fclose(stdout);
        return;
    }
    if (strcmp(mode, "stderr") == 0)
        flood_stderr(n);
    if (strcmp(mode, "flood") == 0)
        for (;;)
            fputs("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", stdout);
    if (strcmp(mode, "forker") == 0 && turns == 1)
        for (long i = 0; i < n; i++)
            if (fork() == 0) {
                sleep(60);
                _exit(0);
            }
    if (strcmp(mode, "eatmem") == 0 && turns == 1)
        eat_memory();
    if (strcmp(mode, "spin") == 0)
        for (volatile unsigned long x = 0;; x++)
            ;
    if (strcmp(mode, "garbage") == 0 ||
        (strcmp(mode, "badonce") == 0 && turns == 1 && results_seen == 0 && first_of_its_kind())) {
        printf("hello\n");
        if (strcmp(mode, "badonce") == 0)
            printf("%s\n", legal);
    } else if (strcmp(mode, "byte") == 0) {
        char raw[24];
        size_t k = (size_t)snprintf(raw, sizeof(raw) - 3, "%s", legal);
        raw[k++] = (char)n;
        raw[k++] = 'z';
        raw[k++] = '\n';
        fwrite(raw, 1, k, stdout);
        fflush(stdout);
    } else if (strcmp(mode, "cr") == 0) {
        printf("%s\r", legal); /* the line is never ended: no LF follows */
        fflush(stdout);
    } else if (strcmp(mode, "twolines") == 0) {
        printf("%s\n%s\n", legal, legal);
    } else if (strcmp(mode, "say") == 0) {
        printf("%s\n", mode_text);
    } else if (strcmp(mode, "outofturn") == 0) {
        printf("%c:%s\n", mark == 'x' ? 'o' : 'x', legal);
    } else if (strcmp(mode, "occupied") == 0) {
        word_after(line, "board", board, sizeof(board));
        first_occupied(board, square);
        printf("%s\n", square[0] != '\0' ? square : legal);
    } else if (strcmp(mode, "huge") == 0) {
        answer_huge();
    } else {
        printf("%s\n", legal);
    }
    if (strcmp(mode, "again") == 0) {
        fflush(stdout); /* two writes: the second may come at any time after the reply */
        printf("%s\n", legal);
    }
    if (strcmp(mode, "late") == 0) {
        sleep_ms(5); /* the next turn is written by then: read after this line */
        printf("%s\n", legal);
    }
    if (strcmp(mode, "floodafter") == 0)
        flood_lines(legal);
    if (strcmp(mode, "between") == 0) {
        sleep_ms(n); /* stdout is line-buffered: the reply is out */
        printf("a1\n");
    }
}

extern char **environ;

/* Its environment, and process 1's (in a sandbox, bubblewrap's init) as far
 * as it may read it, to stderr a variable a line. */
static void write_env(void)
{
    for (char **e = environ; *e; e++)
        fprintf(stderr, "env %s\n", *e);
    FILE *f = fopen("/proc/1/environ", "r");
    char *var = NULL;
    size_t cap = 0;
    while (f && getdelim(&var, &cap, '\0', f) > 0)
        fprintf(stderr, "pid1 %s\n", var);
    if (f)
        fclose(f);
    free(var);
    fflush(stderr);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_text, stderr);
        fputs(usage_more, stderr);
        fputs(usage_hostile, stderr);
        return 2;
    }
    const char *mode = argv[1];
    long n = argc > 2 ? strtol(argv[2], NULL, 10) : 0;
    mode_text = argc > 2 ? argv[2] : "";
    mode_n2 = argc > 3 ? strtol(argv[3], NULL, 10) : 0;
    mode_text2 = argc > 3 ? argv[3] : "";
    if (strcmp(mode, "relink") == 0) {
        int fd = open(mode_text, O_RDONLY);
        fprintf(stderr, "relink open %s\n", fd >= 0 ? "ok" : "refused");
        if (fd >= 0)
            close(fd);
    }
    /* buffered: its replies wait in a full buffer, as a program's that never
     * flushes its output to a pipe */
    setvbuf(stdout, NULL, strcmp(mode, "buffered") == 0 ? _IOFBF : _IOLBF, 0);
    if (strcmp(mode, "hello") == 0)
        printf("hello\n");
    if (strcmp(mode, "env") == 0)
        write_env();
    if (strcmp(mode, "cpus") == 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        sched_getaffinity(0, sizeof(set), &set);
        fprintf(stderr, "cpus %d\n", CPU_COUNT(&set));
    }
    if (strcmp(mode, "ignoreterm") == 0 || strcmp(mode, "joingroup") == 0 ||
        strcmp(mode, "stay") == 0)
        signal(SIGTERM, SIG_IGN);
    if (strcmp(mode, "joingroup") == 0)
        setpgid(0, getpgid(getppid()));
    if (strcmp(mode, "stay") == 0) {
        fprintf(stderr, "pid %d\n", (int)getpid());
        fflush(stderr);
    }

    char *line = NULL;
    size_t cap = 0;
    char mark = 'o', word[16];
    int turns = 0;
    while (getline(&line, &cap, stdin) > 0) {
        if (strcmp(mode, "tell") == 0)
            fputs(line, stderr);
        if (strcmp(mode, "echo") == 0) {
            fputs(line, stdout);
            fflush(stdout);
            continue;
        }
        if (strncmp(line, "game ", 5) == 0) {
            /* game <version> <game> <mark> ... */
            char version[8], game[32];
            if (sscanf(line, "game %7s %31s %15s", version, game, word) == 3)
                mark = word[0];
            char id[24];
            word_after(line, "id", id, sizeof(id));
            game_id = strtol(id, NULL, 10);
            if (strcmp(mode, "unasked") == 0)
                printf("a1\n");
            if (strcmp(mode, "strict") == 0 && !knows_every_key(line))
                return 2;
        } else if (strncmp(line, "turn ", 5) == 0) {
            /* Closed before the reply, so that referee finds it closed at the next turn. */
            if (strcmp(mode, "closein") == 0)
                fclose(stdin);
            take_turn(mode, n, line, mark, ++turns);
            if (strcmp(mode, "closein") == 0) {
                sleep(60);
                return 0;
            }
        } else if (strncmp(line, "quit", 4) == 0 && (line[4] == '\n' || line[4] == ' ')) {
            break;
        } else if (strncmp(line, "result ", 7) == 0) {
            results_seen++;
            if (strcmp(mode, "onegame") == 0)
                break;
        } else if (strncmp(line, "option ", 7) == 0) {
            /* an engine option (PROTOCOL.md): this bot has none */
        } else if (strcmp(mode, "strict") == 0) {
            return 2; /* a kind of line it does not know */
        }
    }
    free(line);
    if (strcmp(mode, "ignoreterm") == 0 || strcmp(mode, "joingroup") == 0 ||
        strcmp(mode, "stay") == 0)
        sleep_forever();
    return 0;
}
