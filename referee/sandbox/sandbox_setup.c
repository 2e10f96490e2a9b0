/* sandbox_setup.c: each bot's sandbox, from an allowlist, and a trial sandbox. */
#include "sandbox_setup.h"
#include "canon.h"
#include "message.h"
#include "proc.h"
#include "sandbox_filter.h"
#include "sandbox_owners.h"
#include "sandbox_user.h"
#include "xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

_Static_assert(SANDBOX_FILTER_FD == PROC_PASS_FD, "bwrap reads its filter where it is put");
_Static_assert(sizeof(((struct sandbox_paths *)0)->filter) <= PROC_PASS_MAX, "one pipe's worth");

#define TRIAL_MS 5000 /* a sandbox that does not start and end `true` in this is no use */

/* What of /etc a program may need to start and run: the dynamic linker's
 * cache, the alternatives behind /usr/bin/python3 or java, user and group
 * names, time zone, certificates, locale, the configuration of common
 * interpreters. Not shadow, sudoers, ssh, cron, the machine's secrets. */
static const char *const etc_allowed[] = {"ld.so.cache",
                                          "ld.so.conf",
                                          "ld.so.conf.d",
                                          "alternatives",
                                          "passwd",
                                          "group",
                                          "nsswitch.conf",
                                          "localtime",
                                          "timezone",
                                          "ssl",
                                          "ca-certificates",
                                          "ca-certificates.conf",
                                          "os-release",
                                          "mime.types",
                                          "locale.alias",
                                          "locale.conf",
                                          "host.conf",
                                          "hosts",
                                          "gai.conf",
                                          "protocols",
                                          "services",
                                          "python*",
                                          "perl",
                                          "java*",
                                          "node*",
                                          "gtk*",
                                          "fonts",
                                          "R",
                                          "php*",
                                          "ruby*",
                                          "julia",
                                          "mono",
                                          "lua*",
                                          "guile",
                                          "gprolog"};

/* The size of a sandboxed bot's private /tmp and /dev/shm when --disk is not
 * given, in MiB: 256, or half of --memory if that is less. */
static long sandbox_default_disk(long memory_mb)
{
    return memory_mb > 0 && memory_mb / 2 < 256 ? (memory_mb / 2 > 0 ? memory_mb / 2 : 1) : 256;
}

/* path as the host has it: a link kept a link (its text), a folder or file
 * bound read-only. */
static void add_as_is(struct sandbox_paths *s, const char *path)
{
    struct stat st;
    char text[PATH_MAX];
    if (lstat(path, &st) != 0)
        return;
    if (S_ISLNK(st.st_mode)) {
        ssize_t k = readlink(path, text, sizeof(text) - 1);
        if (k <= 0)
            return;
        text[k] = '\0';
        sandbox_add(s, SANDBOX_LINK, xstrdup(text), xstrdup(path));
    } else if (S_ISDIR(st.st_mode) || S_ISREG(st.st_mode)) {
        sandbox_add(s, SANDBOX_READ, xstrdup(path), xstrdup(path));
    }
}

static void add_system(struct sandbox_paths *s)
{
    for (size_t i = 0; i < SANDBOX_SYSTEM_DIRS; i++)
        add_as_is(s, sandbox_system_dirs[i]);
    DIR *d = opendir("/etc");
    for (struct dirent *e; d && (e = readdir(d));)
        for (size_t i = 0; i < sizeof(etc_allowed) / sizeof(etc_allowed[0]); i++)
            if (e->d_name[0] != '.' && fnmatch(etc_allowed[i], e->d_name, 0) == 0) {
                char path[PATH_MAX];
                snprintf(path, sizeof(path), "/etc/%s", e->d_name);
                add_as_is(s, path);
                break;
            }
    if (d)
        closedir(d);
    s->nsystem = s->n;
}

/* path, read-only, at the same place; one inside referee's directory where
 * that leads, its private /tmp (link is that directory, or NULL): bwrap
 * makes mount points before the root is the sandbox's, so it must not meet
 * the link on the way. */
static void add_read(struct sandbox_paths *s, const char *path, const char *link)
{
    char *dest;
    if (link && canon_is_within(path, link) && strcmp(link, "/") != 0) {
        size_t n = strlen(link);
        dest = xmalloc(strlen(path) - n + 5);
        sprintf(dest, "/tmp%s", path + n);
    } else {
        dest = xstrdup(path);
    }
    for (int i = s->nsystem; i < s->n; i++)
        if (strcmp(s->m[i].dest, dest) == 0) {
            free(dest);
            return;
        }
    sandbox_add(s, SANDBOX_READ, xstrdup(path), dest);
}

/* True if path, or the folder it lies in, leads into bot i's --dir: seen
 * there already, and to bind it again would let bwrap follow, on the host,
 * a link the bot may have made there since. */
static bool is_in_own_dir(const struct sandbox_owners *r, int i, const char *path)
{
    if (!r->dirs[i])
        return false;
    char *parent = xstrdup(path), *slash = strrchr(parent, '/');
    if (slash && slash != parent)
        *slash = '\0';
    char *real = canon_path(parent, NULL), *whole = canon_path(path, NULL);
    bool in =
        !real || !whole || canon_is_within(real, r->dirs[i]) || canon_is_within(whole, r->dirs[i]);
    free(whole);
    free(real);
    free(parent);
    return in;
}

/* Bot i's own files, read-only, where its command names them and where they
 * really are; the installation of its program or an interpreter with it (a
 * venv, /opt/X: sandbox_installation). */
static void add_files(struct sandbox_paths *s, const struct sandbox_owners *r, int i,
                      const char *link)
{
    const struct sandbox_files *fs = &r->files[i];
    for (int k = 0; k < fs->n; k++) {
        const struct sandbox_file *f = &fs->f[k];
        bool system = sandbox_is_system(f->real);
        /* a link of its own to the system's (a venv's bin/python) is shown as named */
        if ((system && sandbox_is_system(f->path)) || sandbox_is_others(r, i, f->real))
            continue;
        if (!sandbox_is_system(f->path) && !is_in_own_dir(r, i, f->path))
            add_read(s, f->path, link); /* where its command finds it */
        if (!system && !is_in_own_dir(r, i, f->real))
            add_read(s, f->real, link); /* where its links lead: /proc/self/exe */
        for (int pass = 0; pass < 2 && (f->interpreter || f->word == 0); pass++) {
            char *root = sandbox_installation(r, i, pass ? f->real : f->path);
            if (root && !is_in_own_dir(r, i, root))
                add_read(s, root, link);
            free(root);
        }
    }
}

/* Bot i's sandbox. */
static struct sandbox_paths *plan(const struct run_config *c, const struct sandbox_owners *r, int i)
{
    struct sandbox_paths *s = xcalloc(1, sizeof(*s));
    const char *link = NULL;
    add_system(s);
    sandbox_set_size(s, c->bots[i].limits.disk_mb);
    if (r->dirs[i]) {
        sandbox_add(s, SANDBOX_WRITE, xstrdup(r->dirs[i]), xstrdup(r->dirs[i]));
        s->workdir = xstrdup(r->dirs[i]);
    } else {
        /* Referee's directory leads to its private /tmp, where the files its
         * command names by a relative path are put: a folder of its own. */
        if (strcmp(r->cwd, "/") != 0 && !sandbox_is_system(r->cwd) &&
            !canon_is_within(r->cwd, "/tmp")) {
            sandbox_add(s, SANDBOX_LINK, xstrdup("/tmp"), xstrdup(r->cwd));
            link = r->cwd;
        } else if (canon_is_within(r->cwd, "/tmp")) {
            sandbox_add(s, SANDBOX_MKDIR, NULL, xstrdup(r->cwd));
        }
        s->workdir = xstrdup(r->cwd);
    }
    add_files(s, r, i, link);
    return s;
}

/* True if --max-procs is to be set inside each sandbox: no cgroup for it
 * here, but a user namespace counts it for the bot alone (not for root,
 * whom RLIMIT_NPROC never binds: unless bots run as a user of their own,
 * as_user). Says once what --max-procs then means if neither holds. */
static bool uses_namespace_nproc(bool as_user)
{
    char why[256];
    if (proc_has_bot_cgroups(why, sizeof(why)))
        return false;
    if ((getuid() != 0 || as_user) && access(SANDBOX_PRLIMIT, X_OK) == 0)
        return true;
    message_error("--max-procs: %s%s; it then limits the processes of the whole user "
                  "(RLIMIT_NPROC), the bots' and yours together, and not root's",
                  why, getuid() == 0 ? "" : "; and no " SANDBOX_PRLIMIT " (util-linux)");
    return false;
}

/* Why bwrap could not be started (rc, a -errno from proc_spawn), said unless
 * quiet. Returns EXIT_SYSTEM. */
static int trial_not_started(int rc, bool quiet)
{
    if (quiet)
        return EXIT_SYSTEM;
    if (rc == -ENOENT)
        message_error("--sandbox: bubblewrap (bwrap) not found on PATH; install Debian's "
                      "package bubblewrap");
    else
        message_error("--sandbox: cannot start bubblewrap (bwrap): %s", strerror(-rc));
    return EXIT_SYSTEM;
}

/* The first line bwrap wrote to log, without its newline, into said (size
 * bytes; empty if none); then log removed. log NULL: none was made. */
static void trial_said(const char *log, char *said, size_t size)
{
    said[0] = '\0';
    FILE *f = log ? fopen(log, "r") : NULL;
    if (f && fgets(said, (int)size, f))
        said[strcspn(said, "\n")] = '\0';
    if (f)
        fclose(f);
    if (log)
        unlink(log);
}

/* That bwrap started but made no sandbox: its exit status (ended), or no end
 * within TRIAL_MS, and what it said. Returns EXIT_SYSTEM. */
static int trial_failed(bool ended, int status, const char *said)
{
    /* Without a word of its own, or one about namespaces, the usual cause. */
    bool userns = !said[0] || strstr(said, "namespace") || strstr(said, "not permitted");
    message_error("--sandbox: bubblewrap cannot make a sandbox here (%s %d)%s%s%s%s",
                  ended ? "exit status" : "no end within ms", ended ? status : TRIAL_MS,
                  said[0] ? ": '" : "", said, said[0] ? "'" : "",
                  userns ? "; are unprivileged user namespaces allowed (sysctl "
                           "kernel.unprivileged_userns_clone)?"
                         : "");
    return EXIT_SYSTEM;
}

/* Start bwrap with `true` in a sandbox like a bot's; quiet: say nothing of a
 * failure. */
static int trial(const struct sandbox_paths *s, bool quiet)
{
    const char *words[SANDBOX_WORDS_MAX + 2];
    struct proc p;
    int k = sandbox_words(s, words, SANDBOX_WORDS_MAX);

    if (k < 0) {
        message_error("--sandbox: too many files to show a bot");
        return EXIT_USAGE;
    }
    words[k] = "true";
    words[k + 1] = NULL;
    proc_init(&p);
    /* bwrap's own words on a failure say more than a guess at the cause */
    char log[] = "/tmp/referee-bwrap-XXXXXX";
    int fd = mkstemp(log);
    if (fd >= 0)
        close(fd);
    struct proc_options opt = {.argv = (char *const *)words,
                               .log_path = fd >= 0 ? log : NULL,
                               .log_cap = 4096,
                               .pass = s->filter_len ? s->filter : NULL,
                               .pass_len = s->filter_len,

                               .as_user = s->as_user, /* as the bots will run */
                               .uid = s->uid,
                               .gid = s->gid};
    int rc = proc_spawn(&p, &opt);
    if (rc < 0) {
        if (fd >= 0)
            unlink(log);
        return trial_not_started(rc, quiet);
    }
    bool ended = proc_wait(&p, proc_now_ns() + (int64_t)TRIAL_MS * 1000000);
    int status = ended ? proc_status(&p) : -1;
    proc_stop(&p, 0);
    char said[256];
    trial_said(opt.log_path, said, sizeof(said));
    if (status == 0 || quiet)
        return status == 0 ? 0 : EXIT_SYSTEM;
    return trial_failed(ended, status, said);
}

/* The trial, with user namespaces forbidden inside; where bubblewrap cannot
 * (older than 0.8.0, or no user namespace of its own), again without, saying
 * once what is then left open. */
static int trial_userns(struct run_config *c)
{
    if (trial(c->bots[0].sandbox, true) == 0)
        return 0;
    for (int i = 0; i < c->nbots; i++)
        c->bots[i].sandbox->nested_userns = true;
    int rc = trial(c->bots[0].sandbox, false);
    if (rc == 0)
        message_error("--sandbox: bubblewrap cannot forbid user namespaces inside the sandbox "
                      "(--disable-userns, bubblewrap 0.8.0): a bot may make its own, and mount "
                      "there a tmpfs that only a memory cgroup bounds");
    return rc;
}

int sandbox_setup(struct run_config *c)
{
    struct sandbox_owners *r = xcalloc(1, sizeof(*r));
    struct sandbox_user user;
    char *path = NULL, *left = NULL; /* the bots' PATH, as their user may use it */
    int rc = sandbox_user_choose(c, &user);

    if (rc != 0 || (rc = sandbox_user_path(&user, getenv("PATH"), &path, &left)) != 0 ||
        (rc = sandbox_owners_find(r, c, path)) != 0)
        goto out_owners;
    bool nproc_inside = c->limits.processes > 0 && uses_namespace_nproc(user.given);
    unsigned char filter[sizeof(((struct sandbox_paths *)0)->filter)];
    size_t filter_len = sandbox_filter_build(filter, sizeof(filter)); /* once a run */
    if (filter_len == 0)
        message_error("--sandbox: no seccomp filter for this machine's architecture: bots may "
                      "signal each other through locks on the files they share");
    for (int i = 0; i < c->nbots; i++) {
        struct bot_spec *b = &c->bots[i];
        if (b->limits.disk_mb == 0)
            b->limits.disk_mb = sandbox_default_disk(b->limits.memory_mb);
        b->sandbox = plan(c, r, i);
        b->sandbox->path = xstrdup(path);
        memcpy(b->sandbox->filter, filter, filter_len);
        b->sandbox->filter_len = filter_len;
        if (b->sandbox->n == SANDBOX_MOUNTS_MAX) { /* full: one may be missing */
            message_error("--sandbox: bot '%s' would need more than %d files and folders shown",
                          b->name, SANDBOX_MOUNTS_MAX - 1);
            rc = EXIT_USAGE;
            goto out_owners;
        }
        b->sandbox->as_user = user.given;
        b->sandbox->uid = user.uid;
        b->sandbox->gid = user.gid;
        b->sandbox->env = b->env;
        b->sandbox->nenv = b->nenv;
        if ((rc = sandbox_user_check(&user, c, r, i, b->sandbox)) != 0)
            goto out_owners;
        if (nproc_inside) {
            sandbox_set_nproc(b->sandbox, b->limits.processes + 1); /* + bwrap's init */
            b->limits.processes = 0; /* on bwrap, it would count the whole user again */
        }
    }
    if ((rc = c->nbots > 0 ? trial_userns(c) : 0) == 0)
        sandbox_user_say_left_out(&user, left, path); /* a run refused says only why */
out_owners:
    sandbox_owners_release(r);
    free(r);
    free(path);
    free(left);
    return rc;
}
