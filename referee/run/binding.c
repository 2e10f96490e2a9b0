/* binding.c: an entry's program as a league binds it: its command line as
 * text and the SHA-256 of the files it names. */
#include "binding.h"
#include "sha256.h"
#include "xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Text grown by appending, for the command and the files. */
struct text {
    char *s;
    size_t len, cap;
};

static void put(struct text *t, const char *s, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        t->cap = 2 * (t->len + n + 1);
        t->s = xrealloc(t->s, t->cap);
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

static void puts_text(struct text *t, const char *s)
{
    put(t, s, strlen(s));
}

/* A word as config_bot_parse reads it back: bare if it can be, else in
 * single quotes, a quote inside as '\''. */
static void put_word(struct text *t, const char *w)
{
    if (w[0] && !w[strcspn(w, " \t\n'\"\\")]) {
        puts_text(t, w);
        return;
    }
    put(t, "'", 1);
    for (const char *p = w; *p; p++)
        if (*p == '\'')
            puts_text(t, "'\\''");
        else
            put(t, p, 1);
    put(t, "'", 1);
}

static void put_command(struct text *t, const struct bot_spec *bot)
{
    put(t, "", 0);
    for (int i = 0; bot->argv[i]; i++) {
        if (i > 0)
            put(t, " ", 1);
        put_word(t, bot->argv[i]);
    }
    if (bot->cwd) {
        puts_text(t, " --dir ");
        put_word(t, bot->cwd);
    }
    if (bot->proto.proto != PROTO_REFEREE) {
        puts_text(t, " --proto ");
        puts_text(t, adapter_of(bot->proto.proto)->name);
    }
    for (int i = 0; i < bot->proto.noptions; i++) {
        puts_text(t, " --option ");
        puts_text(t, bot->proto.option[i].key);
        put(t, "=", 1);
        put_word(t, bot->proto.option[i].value);
    }
}

/* Whether a canonical path is the system's: what a package manager changes. */
static bool is_system(const char *path)
{
    static const char *const roots[] = {"/usr/",   "/bin/",   "/sbin/",   "/lib/",
                                        "/lib32/", "/lib64/", "/libx32/", "/etc/",
                                        "/opt/",   "/nix/",   "/snap/",   "/gnu/"};
    for (size_t i = 0; i < sizeof(roots) / sizeof(roots[0]); i++)
        if (strncmp(path, roots[i], strlen(roots[i])) == 0)
            return true;
    return false;
}

/* name relative to cwd (NULL: referee's own) as a canonical regular file
 * (malloc'ed), or NULL; executable too if exec. */
static char *regular(const char *name, const char *cwd, bool exec)
{
    char full[PATH_MAX * 2];
    struct stat st;

    int len = name[0] == '/' || !cwd ? snprintf(full, sizeof(full), "%s", name)
                                     : snprintf(full, sizeof(full), "%s/%s", cwd, name);
    if (len < 0 || (size_t)len >= sizeof(full)) /* longer than any path: none */
        return NULL;
    if (stat(full, &st) < 0 || !S_ISREG(st.st_mode) || (exec && access(full, X_OK) < 0))
        return NULL;
    return realpath(full, NULL);
}

/* The program execvp runs for argv[0] from cwd: through PATH when it has no '/'. */
static char *program(const char *name, const char *cwd)
{
    if (strchr(name, '/'))
        return regular(name, cwd, false);
    const char *dirs = getenv("PATH");
    if (!dirs)
        dirs = "/bin:/usr/bin";
    for (const char *d = dirs;; d++) {
        size_t n = strcspn(d, ":");
        char full[PATH_MAX * 2];
        snprintf(full, sizeof(full), "%.*s/%s", (int)(n ? n : 1), n ? d : ".", name);
        char *found = regular(full, cwd, true);
        if (found)
            return found;
        d += n;
        if (*d == '\0')
            return NULL;
    }
}

static bool same_stat(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
           a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec &&
           a->st_ctim.tv_sec == b->st_ctim.tv_sec && a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

static int64_t realtime_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* The file of the n bindings of cache that is f's path with f's stat, read
 * when it was not racy: hashed already, unchanged since; or NULL. */
static const struct bound_file *cached(const struct bound_file *f, const struct binding *cache,
                                       int n)
{
    for (int b = 0; b < n; b++)
        for (int i = 0; i < cache[b].nfiles; i++) {
            const struct bound_file *c = &cache[b].file[i];
            if (!c->racy && strcmp(c->path, f->path) == 0 && same_stat(&c->seen, &f->seen))
                return c;
        }
    return NULL;
}

/* f->path's digest and stat into f: from cache if it hashed the same file
 * unchanged, else read. Returns 0 or a negative errno. */
static int hash_file(struct bound_file *f, const struct binding *cache, int ncache)
{
    struct sha256 s;
    unsigned char d[SHA256_BYTES];
    /* Not blocking: a file swapped for a FIFO since it was found must not stall the run. */
    int fd = open(f->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    int err = fd < 0 || fstat(fd, &f->seen) < 0 ? -errno : S_ISREG(f->seen.st_mode) ? 0 : -EINVAL;

    if (err < 0) {
        if (fd >= 0)
            close(fd);
        else if (stat(f->path, &f->seen) < 0) /* seen as it is: stale once it changes */
            memset(&f->seen, 0, sizeof(f->seen));
        return err;
    }
    const struct bound_file *c = cached(f, cache, ncache);
    if (c) {
        memcpy(f->digest, c->digest, sizeof(f->digest));
        f->hashed_ns = c->hashed_ns;
        close(fd);
        return 0;
    }
    f->hashed_ns = realtime_ns();
    f->racy =
        (int64_t)f->seen.st_ctim.tv_sec * 1000000000 + f->seen.st_ctim.tv_nsec + BINDING_RACY_NS >
        f->hashed_ns;
    unsigned char *buf = xmalloc(1 << 16);
    ssize_t k = 0;
    off_t left = BINDING_HASH_MAX;
    sha256_init(&s);
    while (left > 0 && ((k = read(fd, buf, 1 << 16)) > 0 || (k < 0 && errno == EINTR)))
        if (k > 0) {
            k = k < left ? k : (ssize_t)left;
            sha256_update(&s, buf, (size_t)k);
            left -= k;
        }
    if (f->seen.st_size > BINDING_HASH_MAX) { /* its size too, as 8 bytes, big-endian */
        unsigned char size[8];
        for (int i = 0; i < 8; i++)
            size[i] = (unsigned char)((uint64_t)f->seen.st_size >> (56 - 8 * i));
        sha256_update(&s, size, sizeof(size));
    }
    err = k < 0 ? -errno : 0;
    close(fd);
    free(buf);
    sha256_final(&s, d);
    sha256_hex(d, f->digest);
    return err;
}

/* Add path (malloc'ed, taken) to b's files unless it is the system's or there already. */
static void add_file(struct binding *b, char *path)
{
    bool known = !path || is_system(path);
    for (int i = 0; !known && i < b->nfiles; i++)
        known = strcmp(b->file[i].path, path) == 0;
    if (known) {
        free(path);
        return;
    }
    b->file = xrealloc(b->file, (size_t)(b->nfiles + 1) * sizeof(*b->file));
    b->file[b->nfiles++] = (struct bound_file){.path = path};
}

void binding_take(struct binding *b, const struct bot_spec *bot, const struct binding *cache,
                  int ncache)
{
    struct text command = {0}, files = {0};

    *b = (struct binding){0};
    put_command(&command, bot);
    b->command = command.s;
    if (bot->argv[0])
        add_file(b, program(bot->argv[0], bot->cwd));
    for (int i = 1; bot->argv[0] && bot->argv[i]; i++)
        add_file(b, regular(bot->argv[i], bot->cwd, false));
    put(&files, "", 0);
    for (int i = 0; i < b->nfiles; i++) {
        /* Unreadable, it is bound as such: readable later, it has changed. */
        if (hash_file(&b->file[i], cache, ncache) < 0)
            memset(b->file[i].digest, '-', 64);
        puts_text(&files, b->file[i].digest);
        puts_text(&files, "  ");
        puts_text(&files, b->file[i].path);
        put(&files, "\n", 1);
    }
    b->files = files.s;
}

bool binding_is_stale(const struct binding *b)
{
    for (int i = 0; i < b->nfiles; i++) {
        const struct bound_file *f = &b->file[i];
        struct stat now;
        if (stat(f->path, &now) < 0 || !same_stat(&now, &f->seen) ||
            (f->racy && realtime_ns() >= f->hashed_ns + BINDING_RACY_NS))
            return true;
    }
    return false;
}

/* A line of sha256sum's output: its digest (64 hex digits), two blanks, its path. */
#define DIGEST_AT 66 /* where the path starts */

/* The line after l, or l's end. */
static const char *next_line(const char *l)
{
    const char *end = strchr(l, '\n');
    return end ? end + 1 : l + strlen(l);
}

/* The length of l's path (0 for a line too short to hold one). */
static size_t path_len(const char *l)
{
    const char *next = next_line(l);
    size_t n = (size_t)(next - l) - (next > l && next[-1] == '\n');
    return n > DIGEST_AT ? n - DIGEST_AT : 0;
}

/* The line of files (sha256sum's lines) for path (n bytes), or NULL. */
static const char *line_of(const char *files, const char *path, size_t n)
{
    for (const char *l = files; *l; l = next_line(l))
        if (path_len(l) == n && strncmp(l + DIGEST_AT, path, n) == 0)
            return l;
    return NULL;
}

/* The first line of `a` whose path `b` lacks or gives another digest, or NULL. */
static const char *first_unmatched(const char *a, const char *b)
{
    for (const char *l = a; *l; l = next_line(l)) {
        size_t n = path_len(l);
        const char *other = n ? line_of(b, l + DIGEST_AT, n) : NULL;
        if (n && (!other || strncmp(other, l, 64) != 0))
            return l;
    }
    return NULL;
}

bool binding_differs(const char *command, const char *files, const struct binding *b, char *why,
                     size_t len)
{
    const char *line;

    if (strcmp(command, b->command) != 0) {
        snprintf(why, len, "its command changed: '%s' is now '%s'", command, b->command);
        return true;
    }
    if ((line = first_unmatched(files, b->files))) {
        int n = (int)path_len(line);
        const char *now = line_of(b->files, line + DIGEST_AT, (size_t)n);
        if (now)
            snprintf(why, len, "its file '%.*s' changed (sha256 %.12s... is now %.12s...)", n,
                     line + DIGEST_AT, line, now);
        else
            snprintf(why, len, "its file '%.*s' is gone", n, line + DIGEST_AT);
        return true;
    }
    if ((line = first_unmatched(b->files, files))) {
        snprintf(why, len, "its command names a file it did not: '%.*s'", (int)path_len(line),
                 line + DIGEST_AT);
        return true;
    }
    return false;
}

void binding_release(struct binding *b)
{
    for (int i = 0; i < b->nfiles; i++)
        free(b->file[i].path);
    free(b->file);
    free(b->command);
    free(b->files);
    *b = (struct binding){0};
}
