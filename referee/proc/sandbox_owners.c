/* sandbox_owners.c: whose each path of a run is, judged canonical. */
#include "sandbox_owners.h"
#include "canon.h"
#include "message.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

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
bool sandbox_holds_others(const struct sandbox_owners *r, int i, const char *dir)
{
    static const char *const shared[] = {"/tmp",  "/var/tmp", "/run",    "/var/run",
                                         "/home", "/root",    "/dev/shm"};
    for (size_t k = 0; k < sizeof(shared) / sizeof(shared[0]); k++)
        if (canon_is_within(shared[k], dir))
            return true;
    if (canon_is_within(r->results, dir) || canon_is_within(r->cwd, dir) ||
        (r->home && canon_is_within(r->home, dir)))
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

void sandbox_owners_release(struct sandbox_owners *r)
{
    free(r->results);
    free(r->cwd);
    free(r->home);
    for (int i = 0; i < r->nbots; i++) {
        free(r->dirs[i]);
        sandbox_files_release(&r->files[i]);
    }
}

/* The refusals: a --dir must hold nothing of the run but its bot's own. */
static int check_dirs(const struct run_config *c, const struct sandbox_owners *r)
{
    for (int i = 0; i < r->nbots; i++) {
        const char *d = r->dirs[i], *name = c->bots[i].name;
        if (!d)
            continue;
        if (canon_is_within(d, r->results)) {
            cli_error("--sandbox: bot '%s' works in '%s', inside the results folder it must not "
                      "see ('%s'); give it another --dir",
                      name, d, r->results);
            return EXIT_USAGE;
        }
        if (canon_is_within(r->results, d)) {
            cli_error("--sandbox: bot '%s' may write in '%s', which holds the results folder "
                      "'%s'; give it a folder of its own, or --results elsewhere",
                      name, d, r->results);
            return EXIT_USAGE;
        }
        for (int j = 0; j < r->nbots; j++) {
            if (j == i)
                continue;
            if (r->dirs[j] && (canon_is_within(d, r->dirs[j]) || canon_is_within(r->dirs[j], d))) {
                cli_error("--sandbox: bots '%s' and '%s' would share the folder '%s'; give each "
                          "a --dir of its own",
                          name, c->bots[j].name, canon_is_within(d, r->dirs[j]) ? d : r->dirs[j]);
                return EXIT_USAGE;
            }
            for (int k = 0; k < r->files[j].n; k++) {
                const char *f = r->files[j].f[k].real;
                if (canon_is_within(f, d) && !sandbox_is_system(f) &&
                    r->files[j].f[k].word < sandbox_files_claim(&r->files[i], f)) {
                    cli_error("--sandbox: bot '%s' may write in '%s', which holds '%s' of bot "
                              "'%s'; give each a --dir of its own",
                              name, d, f, c->bots[j].name);
                    return EXIT_USAGE;
                }
            }
        }
    }
    return 0;
}

int sandbox_owners_find(struct sandbox_owners *r, const struct run_config *c)
{
    memset(r, 0, sizeof(*r));
    r->results = canon_path(c->results, NULL);
    r->cwd = canon_path(".", NULL);
    const char *home = getenv("HOME");
    r->home = home && home[0] == '/' ? canon_path(home, NULL) : NULL;
    if (!r->results || !r->cwd) {
        cli_error("--sandbox: cannot resolve the working directory: %s", strerror(errno));
        return EXIT_SYSTEM;
    }
    r->nbots = c->nbots;
    for (int i = 0; i < c->nbots; i++) {
        const struct bot_spec *b = &c->bots[i];
        if (b->cwd && !(r->dirs[i] = canon_path(b->cwd, NULL))) {
            cli_error("--sandbox: cannot resolve '%s': %s", b->cwd, strerror(errno));
            return EXIT_SYSTEM;
        }
        sandbox_files_find(&r->files[i], b->argv, r->dirs[i] ? r->dirs[i] : r->cwd);
    }
    return check_dirs(c, r);
}
