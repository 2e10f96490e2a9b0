/* sandbox_user.c: the unprivileged user root's sandboxed bots run as, the
 * PATH they look programs up in, and the check, made as that user, that it
 * can reach each bot's own files. */
#include "sandbox_user.h"
#include "message.h"
#include "proc.h"
#include "xalloc.h"

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A whole number of uid_t's range but -1 (chown's "no change"), or -1. */
static long long id_number(const char *text, size_t len)
{
    char *end;
    if (len == 0 || len > 10 || text[0] < '0' || text[0] > '9')
        return -1;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    return errno || end != text + len || v >= 0xffffffffLL ? -1 : v;
}

int sandbox_user_parse(const char *text, struct sandbox_user *u)
{
    size_t ulen = strcspn(text, ":");
    char *name = strndup(text, ulen);
    long long uid = id_number(text, ulen), gid = -1;
    struct passwd *pw = NULL;

    if (uid >= 0) { /* a number: its account's group, or the same number */
        pw = getpwuid((uid_t)uid);
        gid = pw ? (long long)pw->pw_gid : uid;
    } else if (name && (pw = getpwnam(name)) != NULL) {
        uid = pw->pw_uid;
        gid = pw->pw_gid;
    }
    free(name);
    if (uid < 0) {
        message_error("--sandbox-user '%s': no such user (a name or a uid, then :GROUP if wanted)",
                      text);
        return EXIT_USAGE;
    }
    if (text[ulen] == ':') {
        const char *g = text + ulen + 1;
        struct group *gr = NULL;
        if ((gid = id_number(g, strlen(g))) < 0 && (gr = getgrnam(g)) != NULL)
            gid = gr->gr_gid;
        if (gid < 0) {
            message_error("--sandbox-user '%s': no such group '%s'", text, g);
            return EXIT_USAGE;
        }
    }
    if (uid == 0 || gid == 0) {
        message_error("--sandbox-user '%s': bots would run as root %s; choose a user that has no "
                      "rights",
                      text, uid == 0 ? "(uid 0)" : "(gid 0)");
        return EXIT_USAGE;
    }
    *u = (struct sandbox_user){.given = true, .uid = (uid_t)uid, .gid = (gid_t)gid};
    return 0;
}

int sandbox_user_choose(const struct run_config *c, struct sandbox_user *u)
{
    bool root = getuid() == 0 || geteuid() == 0;
    struct passwd *pw;

    *u = c->sandbox_user;
    if (!root) {
        if (u->given && (u->uid != getuid() || u->gid != getgid())) {
            message_error("--sandbox-user: only root can run bots as another user; run by uid %u, "
                          "they run as uid %u",
                          (unsigned)getuid(), (unsigned)getuid());
            return EXIT_USAGE;
        }
        u->given = false;
        return 0;
    }
    if (u->given)
        return 0;
    if ((pw = getpwuid(SANDBOX_USER_DEFAULT)) != NULL) {
        message_error("--sandbox: uid %d, which root's sandboxed bots run as, is account '%s' "
                      "here; choose a user that owns nothing else with --sandbox-user",
                      SANDBOX_USER_DEFAULT, pw->pw_name);
        return EXIT_USAGE;
    }
    *u = (struct sandbox_user){
        .given = true, .uid = SANDBOX_USER_DEFAULT, .gid = SANDBOX_USER_DEFAULT};
    return 0;
}

/* Set left[k] for each entry of paths (n) user u cannot enter and read
 * (EACCES); one that does not exist stays, as execvp passes over it. Returns
 * 0, or proc_user_denied's negative errno. */
static int mark_unreadable(const struct sandbox_user *u, const char *const *paths, int n,
                           bool *left)
{
    int *modes = xcalloc((size_t)n, sizeof(*modes)), rc = 0;
    for (int k = 0; k < n; k++)
        modes[k] = R_OK | X_OK;
    for (int start = 0; start < n;) {
        int why = 0;
        int at = proc_user_denied(u->uid, u->gid, paths + start, modes + start, n - start, &why);
        if (at < 0) {
            rc = at < -1 ? at : 0;
            break;
        }
        left[start + at] = why == EACCES;
        start += at + 1;
    }
    free(modes);
    return rc;
}

/* The entries of ent (n) not left, joined by ':' (malloc'ed, cap bytes at
 * most), or NULL if none is kept. */
static char *join_kept(char *const *ent, const bool *left, int n, size_t cap)
{
    char *path = xmalloc(cap);
    size_t len = 0;
    int kept = 0;
    for (int k = 0; k < n; k++)
        if (!left[k])
            len += (size_t)snprintf(path + len, cap - len, "%s%s", kept++ ? ":" : "", ent[k]);
    if (kept == 0) {
        free(path);
        return NULL;
    }
    return path;
}

/* The entries of ent (n) left out, each once, quoted and joined by ", "
 * (malloc'ed, cap bytes at most), or NULL if none is. */
static char *list_left_out(char *const *ent, const bool *left, int n, size_t cap)
{
    char *list = xmalloc(cap);
    size_t len = 0;
    for (int k = 0; k < n; k++) {
        bool again = false;
        for (int j = 0; j < k && !again; j++)
            again = left[j] && strcmp(ent[j], ent[k]) == 0;
        if (left[k] && !again)
            len += (size_t)snprintf(list + len, cap - len, "%s'%s'", len ? ", " : "", ent[k]);
    }
    if (len == 0) {
        free(list);
        return NULL;
    }
    return list;
}

void sandbox_user_say_left_out(const struct sandbox_user *u, const char *left, const char *path)
{
    static bool said;
    if (!left || said)
        return;
    said = true;
    bool usual = strcmp(path, CONFIG_PATH_DEFAULT) == 0; /* perhaps none was left */
    message_error("--sandbox: left out of the bots' PATH, as uid %u cannot read them: %s%s%s",
                  (unsigned)u->uid, left, usual ? "; their PATH: " : "", usual ? path : "");
}

int sandbox_user_path(const struct sandbox_user *u, const char *host, char **out, char **left_out)
{
    const char *text = host ? host : CONFIG_PATH_DEFAULT;
    int n = 1;

    *out = *left_out = NULL;
    if (!u->given) {
        *out = xstrdup(text);
        return 0;
    }
    for (const char *s = text; *s; s++)
        n += *s == ':';
    size_t cap = strlen(text) + 4 * (size_t)n + 1; /* each entry quoted, then ", " */
    char *copy = xstrdup(text), **ent = xcalloc((size_t)n, sizeof(*ent));
    const char **check = xcalloc((size_t)n, sizeof(*check));
    bool *left = xcalloc((size_t)n, sizeof(*left));
    ent[0] = copy;
    for (int k = 0; k < n; k++) {
        char *colon = strchr(ent[k], ':');
        if (colon) {
            *colon = '\0';
            ent[k + 1] = colon + 1;
        }
        /* A relative entry is found from each bot's own folder: not judged here. */
        check[k] = ent[k][0] == '/' ? ent[k] : "/";
    }
    int rc = mark_unreadable(u, check, n, left);
    if (rc < 0) {
        message_error("--sandbox: cannot check what uid %u may read: %s", (unsigned)u->uid,
                      strerror(-rc));
    } else {
        *out = join_kept(ent, left, n, cap);
        *left_out = list_left_out(ent, left, n, cap);
        if (!*out)
            *out = xstrdup(CONFIG_PATH_DEFAULT);
    }
    free(left);
    free(check);
    free(ent);
    free(copy);
    return rc < 0 ? EXIT_SYSTEM : 0;
}

/* What access(2) mode user needs on path: a folder entered and read, a file
 * read (and run, as the program). */
static int mode_needed(const char *path, bool program)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return R_OK | X_OK;
    return program ? R_OK | X_OK : R_OK;
}

#define CHECKS_MAX (SANDBOX_MOUNTS_MAX + 2 * SANDBOX_FILES_MAX + 2)

/* Bot i's own paths into paths and modes: its --dir, its working folder, the
 * mounts of its own, the files of its command; how many. */
static int own_paths(const struct run_config *c, const struct sandbox_owners *r, int i,
                     const struct sandbox_paths *s, const char **paths, int *modes)
{
    int n = 0;
    if (r->dirs[i]) {
        paths[n] = r->dirs[i];
        modes[n++] = R_OK | W_OK | X_OK;
    } else if (c->bots[i].cwd) {
        paths[n] = c->bots[i].cwd;
        modes[n++] = X_OK;
    }
    for (int k = s->nsystem; k < s->n; k++)
        if (s->m[k].kind == SANDBOX_READ || s->m[k].kind == SANDBOX_WRITE) {
            paths[n] = s->m[k].src;
            modes[n++] = s->m[k].kind == SANDBOX_WRITE ? R_OK | W_OK | X_OK
                                                       : mode_needed(s->m[k].src, false);
        }
    for (int k = 0; k < r->files[i].n; k++) {
        const struct sandbox_file *f = &r->files[i].f[k];
        bool run = f->word == 0 || f->interpreter;
        if (sandbox_is_others(r, i, f->real))
            continue;
        if (!sandbox_is_system(f->real)) {
            paths[n] = f->real;
            modes[n++] = mode_needed(f->real, run);
        }
        if (!sandbox_is_system(f->path)) { /* as named: a link may lie where it cannot go */
            paths[n] = f->path;
            modes[n++] = mode_needed(f->path, run);
        }
    }
    return n;
}

int sandbox_user_check(const struct sandbox_user *u, const struct run_config *c,
                       const struct sandbox_owners *r, int i, const struct sandbox_paths *s)
{
    const char *paths[CHECKS_MAX];
    int modes[CHECKS_MAX], why = 0;

    if (!u->given)
        return 0;
    int n = own_paths(c, r, i, s, paths, modes);
    int at = proc_user_denied(u->uid, u->gid, paths, modes, n, &why);
    const char *name = c->bots[i].name;
    if (at < -1) {
        message_error("--sandbox: cannot check what uid %u may read: %s", (unsigned)u->uid,
                      strerror(-at));
        return EXIT_SYSTEM;
    }
    if (at < 0)
        return 0;
    if (modes[at] & W_OK)
        message_error("--sandbox: bot '%s' cannot write in '%s' as uid %u, the user root's "
                      "sandboxed bots run as (%s): chown -R %u:%u '%s' (and let it enter the "
                      "folders above), or choose the user with --sandbox-user",
                      name, paths[at], (unsigned)u->uid, strerror(why), (unsigned)u->uid,
                      (unsigned)u->gid, paths[at]);
    else
        message_error("--sandbox: bot '%s' cannot %s '%s' as uid %u, the user root's sandboxed "
                      "bots run as (%s): put it where others may read it, not under a private "
                      "folder such as /root (an interpreter found through PATH: put the system's "
                      "folders first in PATH), or choose the user with --sandbox-user",
                      name, modes[at] & X_OK ? "reach" : "read", paths[at], (unsigned)u->uid,
                      strerror(why));
    return EXIT_USAGE;
}
