/* sandbox_files.c: the files a bot's command runs, interpreters included. */
#include "sandbox_files.h"
#include "canon.h"
#include "path.h"
#include "xalloc.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SHEBANG_DEPTH 4 /* the kernel's own limit on nested interpreters */

static bool is_regular(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* True if path (absolute, tidied or canonical) lies in /proc. */
static bool is_proc(const char *path)
{
    return canon_is_within(path, "/proc");
}

static void add(struct sandbox_files *fs, const char *path, bool interpreter, int depth);

/* name (no '/') looked up in the bot's PATH as execvp would (path_search),
 * from base for relative entries; added if found. */
static void add_from_path(struct sandbox_files *fs, const char *name, const char *base, int depth)
{
    char entry[PATH_MAX], full[PATH_MAX * 2];
    struct path_search search;
    path_search_init(&search, fs->path ? fs->path : "/bin:/usr/bin", name);
    while (path_search_next(&search, entry, sizeof(entry))) {
        snprintf(full, sizeof(full), "%s%s%s", entry[0] == '/' ? "" : base,
                 entry[0] == '/' ? "" : "/", entry);
        if (is_regular(full) && access(full, X_OK) == 0) {
            char *named = canon_tidy(full);
            add(fs, named, true, depth);
            free(named);
            return;
        }
    }
}

/* The interpreter a "#!" line of path names, and for env the program it runs. */
static void add_interpreter(struct sandbox_files *fs, const char *path, int depth)
{
    char line[256];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    ssize_t k = read(fd, line, sizeof(line) - 1);
    close(fd);
    if (k < 3 || line[0] != '#' || line[1] != '!')
        return;
    line[k] = '\0';
    line[strcspn(line, "\n")] = '\0';
    char *save = NULL, *interp = strtok_r(line + 2, " \t", &save);
    if (!interp || interp[0] != '/')
        return;
    /* Only what the kernel will run: an interpreter it may execute. */
    if (access(interp, X_OK) == 0)
        add(fs, interp, true, depth + 1);
    const char *slash = strrchr(interp, '/');
    if (strcmp(slash + 1, "env") != 0)
        return;
    /* #!/usr/bin/env [-S] [NAME=VALUE...] program */
    for (char *w; (w = strtok_r(NULL, " \t", &save));)
        if (w[0] != '-' && !strchr(w, '=')) {
            if (!strchr(w, '/'))
                add_from_path(fs, w, "/", depth + 1);
            break;
        }
}

/* path added, and for the program (word 0) its interpreters: a "#!" line is
 * followed only for what is executed. */
static void add(struct sandbox_files *fs, const char *path, bool interpreter, int depth)
{
    if (fs->n == SANDBOX_FILES_MAX || depth > SHEBANG_DEPTH || is_proc(path) || !is_regular(path))
        return;
    char *real = canon_path(path, NULL);
    if (!real || is_proc(real)) {
        free(real);
        return;
    }
    for (int i = 0; i < fs->n; i++)
        if (strcmp(fs->f[i].path, path) == 0) {
            free(real);
            return;
        }
    fs->f[fs->n++] = (struct sandbox_file){xstrdup(path), real, interpreter,
                                           fs->word + (interpreter ? SANDBOX_CLAIM_LINE : 0)};
    if (fs->word == 0)
        add_interpreter(fs, path, depth);
}

/* True if the word w, from base, names a file of /proc: spelled so, or
 * leading there (/dev/fd/N). */
static bool names_proc(const char *full)
{
    char *tidy = canon_tidy(full), *real = canon_path(full, NULL);
    bool in = is_proc(tidy) || (real && is_proc(real));
    free(real);
    free(tidy);
    return in;
}

void sandbox_files_find(struct sandbox_files *out, char *const *argv, const char *base,
                        const char *path)
{
    memset(out, 0, sizeof(*out));
    out->path = path;
    for (int i = 0; argv[i]; i++) {
        const char *w = argv[i];
        out->word = i;
        if (i == 0 && !strchr(w, '/')) {
            add_from_path(out, w, base, 0);
            continue;
        }
        char full[PATH_MAX * 2];
        snprintf(full, sizeof(full), "%s%s%s", w[0] == '/' ? "" : base, w[0] == '/' ? "" : "/", w);
        if (names_proc(full)) {
            if (!out->proc)
                out->proc = xstrdup(w);
            continue;
        }
        /* A bare word is a file only where one of that name is: python3 bot.py */
        if (!strchr(w, '/') && !is_regular(full))
            continue;
        char *named = canon_tidy(full); /* its spelling, links kept */
        add(out, named, false, 0);
        free(named);
    }
    out->path = NULL;
}

void sandbox_files_keep_within(struct sandbox_files *fs, const char *const *dirs, int ndirs)
{
    int kept = 0;
    for (int i = 0; i < fs->n; i++) {
        struct sandbox_file *f = &fs->f[i];
        bool within = f->word == 0 || f->word >= SANDBOX_CLAIM_LINE;
        char *parent = xstrdup(f->path), *slash = strrchr(parent, '/');
        *slash = '\0';
        char *where = canon_path(parent[0] ? parent : "/", NULL);
        for (int d = 0; !within && d < ndirs; d++)
            within = dirs[d] && where && canon_is_within(f->real, dirs[d]) &&
                     canon_is_within(where, dirs[d]);
        free(where);
        free(parent);
        if (within) {
            fs->f[kept++] = *f;
        } else {
            free(f->path);
            free(f->real);
        }
    }
    fs->n = kept;
}

void sandbox_files_release(struct sandbox_files *fs)
{
    for (int i = 0; i < fs->n; i++) {
        free(fs->f[i].path);
        free(fs->f[i].real);
    }
    fs->n = 0;
    free(fs->proc);
    fs->proc = NULL;
}

int sandbox_files_claim(const struct sandbox_files *fs, const char *real)
{
    int word = INT_MAX;
    for (int i = 0; i < fs->n; i++)
        if (fs->f[i].word < word && strcmp(fs->f[i].real, real) == 0)
            word = fs->f[i].word;
    return word;
}
