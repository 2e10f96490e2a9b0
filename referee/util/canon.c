/* canon.c: canonical paths, for judging where a path leads. */
#define _GNU_SOURCE /* realpath with NULL */
#include "canon.h"
#include "xalloc.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Append component name (not "." or "..") to the canonical path in out. */
static void append(char *out, const char *name, size_t len)
{
    size_t n = strlen(out);
    if (n + 1 + len >= PATH_MAX)
        return; /* the kernel would refuse it as well: ENAMETOOLONG */
    if (n > 1 || out[0] != '/')
        out[n++] = '/';
    memcpy(out + n, name, len);
    out[n + len] = '\0';
}

/* Drop the last component of the canonical path in out ("/" stays). */
static void up(char *out)
{
    char *slash = strrchr(out, '/');
    if (slash == out)
        out[1] = '\0';
    else if (slash)
        *slash = '\0';
}

static char *resolve(const char *path, const char *base, int depth);

char *canon_path(const char *path, const char *base)
{
    return resolve(path, base, 0);
}

/* depth: links followed by hand so far (those realpath() cannot: dangling) */
static char *resolve(const char *path, const char *base, int depth)
{
    char start[PATH_MAX], out[PATH_MAX];

    if (path[0] == '/') {
        strcpy(start, "/");
    } else if (base) {
        char *b = realpath(base, NULL);
        if (!b)
            return NULL;
        snprintf(start, sizeof(start), "%s", b);
        free(b);
    } else if (!getcwd(start, sizeof(start))) {
        return NULL;
    }
    snprintf(out, sizeof(out), "%s", start);
    bool exists = true; /* out names an existing directory so far */
    for (const char *p = path; *p;) {
        while (*p == '/')
            p++;
        size_t len = strcspn(p, "/");
        if (len == 0)
            break;
        if (len == 1 && p[0] == '.') {
            /* nothing */
        } else if (len == 2 && p[0] == '.' && p[1] == '.') {
            up(out); /* out is canonical: its parent is its real parent */
        } else {
            append(out, p, len);
            if (exists) {
                char *real = realpath(out, NULL);
                struct stat st;
                if (real) {
                    snprintf(out, sizeof(out), "%s", real);
                    free(real);
                } else if (lstat(out, &st) == 0) {
                    /* a link that leads nowhere yet: it is where a write goes */
                    char text[PATH_MAX];
                    ssize_t k = readlink(out, text, sizeof(text) - 1);
                    if (k > 0 && depth < 40) { /* 40: the kernel's own bound */
                        text[k] = '\0';
                        up(out);
                        char *rest = resolve(text, out, depth + 1);
                        if (rest) {
                            snprintf(out, sizeof(out), "%s", rest);
                            free(rest);
                        }
                    }
                    exists = false;
                } else {
                    exists = false;
                }
            }
        }
        p += len;
    }
    return xstrdup(out);
}

char *canon_tidy(const char *abs)
{
    char out[PATH_MAX] = "/";
    for (const char *p = abs; *p;) {
        while (*p == '/')
            p++;
        size_t len = strcspn(p, "/");
        if (len == 0)
            break;
        if (len == 2 && p[0] == '.' && p[1] == '.')
            up(out);
        else if (len != 1 || p[0] != '.')
            append(out, p, len);
        p += len;
    }
    return xstrdup(out);
}

bool canon_is_within(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    if (strcmp(dir, "/") == 0)
        return true;
    return strncmp(dir, path, n) == 0 && (path[n] == '\0' || path[n] == '/');
}
