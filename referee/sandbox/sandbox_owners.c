/* sandbox_owners.c: whose each path of a run is, judged canonical. */
#include "sandbox_owners.h"
#include "canon.h"
#include "message.h"
#include "xalloc.h"

#include <errno.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The system's programs and libraries, read-only (a link such as /bin ->
 * usr/bin stays a link). */
const char *const sandbox_system_dirs[SANDBOX_SYSTEM_DIRS] = {"/usr",   "/bin",   "/sbin",  "/lib",
                                                              "/lib32", "/lib64", "/libx32"};

bool sandbox_is_system(const char *real)
{
    for (size_t i = 0; i < SANDBOX_SYSTEM_DIRS; i++)
        if (canon_is_within(real, sandbox_system_dirs[i]))
            return true;
    return false;
}

/* True if path (canonical) is, or lies in, something of the run that is not
 * bot i's: the results folder, another bot's folder or file. */
bool sandbox_is_others(const struct sandbox_owners *r, int i, const char *path)
{
    if (canon_is_within(path, r->results))
        return true;
    for (int j = 0; j < r->nbots; j++) {
        if (j == i)
            continue;
        if (r->dirs[j] && canon_is_within(path, r->dirs[j]))
            return true;
        for (int k = 0; k < r->files[j].n; k++)
            if (strcmp(path, r->files[j].f[k].real) == 0 &&
                r->files[j].f[k].word < sandbox_files_claim(&r->files[i], path))
                return true;
    }
    return false;
}

/* True if showing dir (canonical) to bot i would show more than its own:
 * it holds the results, referee's directory, the home folder, another
 * bot's folder or file, or a place where sockets live. */
static bool sandbox_holds_others(const struct sandbox_owners *r, int i, const char *dir)
{
    static const char *const shared[] = {"/tmp",  "/var/tmp", "/run",    "/var/run",
                                         "/home", "/root",    "/dev/shm"};
    for (size_t k = 0; k < sizeof(shared) / sizeof(shared[0]); k++)
        if (canon_is_within(shared[k], dir))
            return true;
    if (canon_is_within(r->results, dir) || canon_is_within(r->cwd, dir) ||
        (r->home && canon_is_within(r->home, dir)))
        return true;
    for (int k = 0; k < r->nhomes; k++)
        if (canon_is_within(r->homes[k], dir))
            return true;
    for (int j = 0; j < r->nbots; j++) {
        if (j == i)
            continue;
        if (r->dirs[j] && (canon_is_within(r->dirs[j], dir) || canon_is_within(dir, r->dirs[j])))
            return true;
        for (int k = 0; k < r->files[j].n; k++)
            if (canon_is_within(r->files[j].f[k].real, dir) &&
                r->files[j].f[k].word < sandbox_files_claim(&r->files[i], r->files[j].f[k].real))
                return true;
    }
    return false;
}

/* True if the folder dir (canonical) holds the entry name. */
static bool has_entry(const char *dir, const char *name)
{
    char path[PATH_MAX];
    struct stat st;
    return snprintf(path, sizeof(path), "%s/%s", dir, name) < (int)sizeof(path) &&
           lstat(path, &st) == 0;
}

/* True if dir (canonical) is a hidden folder right inside a home folder. */
static bool is_hidden_in_home(const struct sandbox_owners *r, const char *dir)
{
    const char *slash = strrchr(dir, '/');
    if (!slash || slash[1] != '.')
        return false;
    size_t n = (size_t)(slash - dir);
    for (int k = -1; k < r->nhomes; k++) {
        const char *h = k < 0 ? r->home : r->homes[k];
        if (h && strlen(h) == n && strncmp(h, dir, n) == 0)
            return true;
    }
    return false;
}

/* The folder above path's bin/, sbin/ or shims/, as spelled; or NULL. */
static char *install_root(const char *path)
{
    char *dir = xstrdup(path), *slash = strrchr(dir, '/');
    *slash = '\0';
    slash = strrchr(dir, '/');
    if (slash && slash != dir &&
        (strcmp(slash, "/bin") == 0 || strcmp(slash, "/shims") == 0 ||
         strcmp(slash, "/sbin") == 0)) {
        *slash = '\0';
        return dir;
    }
    free(dir);
    return NULL;
}

char *sandbox_installation(const struct sandbox_owners *r, int i, const char *path)
{
    char *root = install_root(path);
    char *real = root ? canon_path(root, NULL) : NULL;
    bool tool = real && (has_entry(real, "libexec") || has_entry(real, "pyvenv.cfg"));
    bool ok = real && !sandbox_is_system(real) && !sandbox_holds_others(r, i, real) &&
              !sandbox_is_others(r, i, real) &&
              (tool || ((has_entry(real, "lib") || has_entry(real, "lib64")) &&
                        !is_hidden_in_home(r, real)));
    free(real);
    if (!ok) {
        free(root);
        return NULL;
    }
    return root;
}

/* Every home folder of passwd, canonical, into r. */
static void find_homes(struct sandbox_owners *r)
{
    setpwent();
    for (struct passwd *pw; (pw = getpwent());) {
        if (!pw->pw_dir || pw->pw_dir[0] != '/')
            continue;
        char *home = canon_path(pw->pw_dir, NULL);
        if (!home)
            continue;
        r->homes = xrealloc(r->homes, (size_t)(r->nhomes + 1) * sizeof(*r->homes));
        r->homes[r->nhomes++] = home;
    }
    endpwent();
}

void sandbox_owners_release(struct sandbox_owners *r)
{
    free(r->results);
    free(r->cwd);
    free(r->home);
    for (int k = 0; k < r->nhomes; k++)
        free(r->homes[k]);
    free(r->homes);
    r->homes = NULL;
    r->nhomes = 0;
    for (int i = 0; i < r->nbots; i++) {
        free(r->dirs[i]);
        sandbox_files_release(&r->files[i]);
    }
}

/* The folder where the files its arguments name are a bot's own, besides
 * its --dir: its program's; for an interpreter (a system program, or one in
 * a bin/ or shims/ folder: python3, a venv's python) the folder of the
 * script it runs, the first file its arguments name. Canonical, malloc'ed,
 * or NULL. */
static char *program_folder(const struct sandbox_files *fs)
{
    const struct sandbox_file *prog = NULL, *script = NULL;
    for (int k = 0; k < fs->n; k++)
        if (fs->f[k].word == 0 || fs->f[k].word == SANDBOX_CLAIM_LINE)
            prog = prog ? prog : &fs->f[k];
        else if (fs->f[k].word < SANDBOX_CLAIM_LINE)
            script = script ? script : &fs->f[k];
    if (!prog)
        return NULL;
    char *root = install_root(prog->path);
    const struct sandbox_file *f = sandbox_is_system(prog->real) || root ? script : prog;
    free(root);
    if (!f)
        return NULL;
    char *dir = xstrdup(f->path), *slash = strrchr(dir, '/');
    slash[slash == dir] = '\0'; /* "/x" lies in "/" */
    char *real = canon_path(dir, NULL);
    free(dir);
    return real;
}

/* The refusals: a --dir must hold nothing of the run but its bot's own. */
static int check_dirs(const struct run_config *c, const struct sandbox_owners *r)
{
    for (int i = 0; i < r->nbots; i++) {
        const char *d = r->dirs[i], *name = c->bots[i].name;
        if (!d)
            continue;
        if (canon_is_within(d, r->results)) {
            message_error(
                "--sandbox: bot '%s' works in '%s', inside the results folder it must not "
                "see ('%s'); give it another --dir",
                name, d, r->results);
            return EXIT_USAGE;
        }
        if (canon_is_within(r->results, d)) {
            message_error("--sandbox: bot '%s' may write in '%s', which holds the results folder "
                          "'%s'; give it a folder of its own, or --results elsewhere",
                          name, d, r->results);
            return EXIT_USAGE;
        }
        for (int j = 0; j < r->nbots; j++) {
            if (j == i)
                continue;
            if (r->dirs[j] && (canon_is_within(d, r->dirs[j]) || canon_is_within(r->dirs[j], d))) {
                message_error(
                    "--sandbox: bots '%s' and '%s' would share the folder '%s'; give each "
                    "a --dir of its own",
                    name, c->bots[j].name, canon_is_within(d, r->dirs[j]) ? d : r->dirs[j]);
                return EXIT_USAGE;
            }
            for (int k = 0; k < r->files[j].n; k++) {
                const char *f = r->files[j].f[k].real;
                if (canon_is_within(f, d) && !sandbox_is_system(f) &&
                    r->files[j].f[k].word < sandbox_files_claim(&r->files[i], f)) {
                    message_error("--sandbox: bot '%s' may write in '%s', which holds '%s' of bot "
                                  "'%s'; give each a --dir of its own",
                                  name, d, f, c->bots[j].name);
                    return EXIT_USAGE;
                }
            }
        }
    }
    return 0;
}

/* The PATH bot b looks its programs up in: its own (--env PATH=), or path. */
static const char *bot_path(const struct bot_spec *b, const char *path)
{
    for (int k = 0; k < b->nenv; k++)
        if (strcmp(b->env[2 * k], "PATH") == 0)
            return b->env[2 * k + 1];
    return path;
}

int sandbox_owners_find(struct sandbox_owners *r, const struct run_config *c, const char *path)
{
    memset(r, 0, sizeof(*r));
    r->results = canon_path(c->results, NULL);
    r->cwd = canon_path(".", NULL);
    const char *home = getenv("HOME");
    r->home = home && home[0] == '/' ? canon_path(home, NULL) : NULL;
    if (!r->results || !r->cwd) {
        message_error("--sandbox: cannot resolve the working directory: %s", strerror(errno));
        return EXIT_SYSTEM;
    }
    find_homes(r);
    r->nbots = c->nbots;
    for (int i = 0; i < c->nbots; i++) {
        const struct bot_spec *b = &c->bots[i];
        if (b->cwd && !(r->dirs[i] = canon_path(b->cwd, NULL))) {
            message_error("--sandbox: cannot resolve '%s': %s", b->cwd, strerror(errno));
            return EXIT_SYSTEM;
        }
        struct sandbox_files *fs = &r->files[i];
        sandbox_files_find(fs, b->argv, r->dirs[i] ? r->dirs[i] : r->cwd, bot_path(b, path));
        if (fs->proc) {
            message_error("--sandbox: bot '%s' names '%s' in its command, a file of /proc, which "
                          "its sandbox has of its own; name the file itself",
                          b->name, fs->proc);
            return EXIT_USAGE;
        }
        char *own = program_folder(fs);
        const char *dirs[] = {r->dirs[i], own};
        sandbox_files_keep_within(fs, dirs, 2);
        free(own);
    }
    return check_dirs(c, r);
}
