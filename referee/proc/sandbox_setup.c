/* sandbox_setup.c: each bot's sandbox paths, and a trial sandbox. */
#include "sandbox_setup.h"
#include "message.h"
#include "proc.h"
#include "xalloc.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TRIAL_MS 5000 /* a sandbox that does not start and end `true` in this is no use */

/* path made absolute against the current directory (it may not exist yet). */
static char *absolute(const char *path)
{
    char cwd[PATH_MAX];

    if (path[0] == '/' || !getcwd(cwd, sizeof(cwd)))
        return xstrdup(path);
    size_t n = strlen(cwd) + strlen(path) + 2;
    char *out = xmalloc(n);
    snprintf(out, n, "%s/%s", cwd, strcmp(path, ".") == 0 ? "" : path);
    return out;
}

/* True if dir is path or one of its parents. */
static bool contains(const char *dir, const char *path)
{
    size_t n = strlen(dir);
    return strncmp(dir, path, n) == 0 && (path[n] == '\0' || path[n] == '/' || dir[n - 1] == '/');
}

/* True if dir holds one of the files bot's command names (its program, its
 * script: each word with a '/'), taken from workdir as the bot will. */
static bool holds_its_files(const char *dir, const struct bot_spec *bot, const char *workdir)
{
    for (int i = 0; i < CONFIG_MAX_ARGS && bot->argv[i]; i++) {
        const char *word = bot->argv[i];
        if (!strchr(word, '/'))
            continue;
        char path[PATH_MAX * 2];
        snprintf(path, sizeof(path), "%s%s%s", word[0] == '/' ? "" : workdir,
                 word[0] == '/' ? "" : "/", word);
        if (contains(dir, path))
            return true;
    }
    return false;
}

/* The directories of the files bot's command names, to keep in sight. */
static void add_kept(struct sandbox_paths *s, const struct bot_spec *bot)
{
    for (int i = 0; i < CONFIG_MAX_ARGS && bot->argv[i] && s->nkeep < SANDBOX_KEEP_MAX; i++) {
        const char *word = bot->argv[i], *slash = strrchr(word, '/');
        if (!slash)
            continue;
        char dir[PATH_MAX * 2];
        snprintf(dir, sizeof(dir), "%s%s%.*s", word[0] == '/' ? "" : s->workdir,
                 word[0] == '/' ? "" : "/", (int)(slash - word), word);
        if (!dir[0] || access(dir, F_OK) != 0) /* "/prog": the root; a word that is no path */
            continue;
        s->keep[s->nkeep++] = xstrdup(dir);
    }
}

static void add_hidden(struct sandbox_paths *s, const struct bot_spec *bot, const char *dir)
{
    /* Never over its own directory or (but for the results) its own program,
     * nor twice. */
    if (contains(dir, s->workdir) || (bot && holds_its_files(dir, bot, s->workdir)) ||
        s->nhide == SANDBOX_HIDE_MAX)
        return;
    for (int i = 0; i < s->nhide; i++)
        if (strcmp(s->hide[i], dir) == 0)
            return;
    s->hide[s->nhide++] = xstrdup(dir);
}

/* Start bwrap with `true` in a sandbox like a bot's. */
static int trial(const struct sandbox_paths *s)
{
    const char *words[SANDBOX_WORDS_MAX + 2];
    struct proc p;
    int k = sandbox_words(s, words, SANDBOX_WORDS_MAX);

    if (k < 0) {
        cli_error("--sandbox: too many directories to hide");
        return EXIT_USAGE;
    }
    words[k] = "true";
    words[k + 1] = NULL;
    proc_init(&p);
    struct proc_options opt = {.argv = (char *const *)words, .cwd = s->workdir};
    int rc = proc_spawn(&p, &opt);
    if (rc == -ENOENT) {
        cli_error("--sandbox: bubblewrap (bwrap) not found on PATH; install Debian's package "
                  "bubblewrap");
        return EXIT_SYSTEM;
    }
    if (rc < 0) {
        cli_error("--sandbox: cannot start bubblewrap (bwrap): %s", strerror(-rc));
        return EXIT_SYSTEM;
    }
    bool ended = proc_wait(&p, proc_now_ns() + (int64_t)TRIAL_MS * 1000000);
    int status = ended ? proc_status(&p) : -1;
    proc_stop(&p, 0);
    if (status != 0) {
        cli_error("--sandbox: bubblewrap cannot make a sandbox here (%s %d): are unprivileged "
                  "user namespaces allowed (sysctl kernel.unprivileged_userns_clone)?",
                  ended ? "exit status" : "no end within ms", ended ? status : TRIAL_MS);
        return EXIT_SYSTEM;
    }
    return 0;
}

int sandbox_setup(struct run_config *c)
{
    char *results = absolute(c->results);
    char *dirs[CONFIG_MAX_BOTS];

    for (int i = 0; i < c->nbots; i++) {
        dirs[i] = absolute(c->bots[i].cwd ? c->bots[i].cwd : ".");
        if (contains(results, dirs[i])) {
            cli_error("--sandbox: bot '%s' works in '%s', inside the results folder it must "
                      "not see; give it another --dir",
                      c->bots[i].name, dirs[i]);
            for (int j = 0; j <= i; j++)
                free(dirs[j]);
            free(results);
            return EXIT_USAGE;
        }
    }
    for (int i = 0; i < c->nbots; i++) {
        struct sandbox_paths *s = xcalloc(1, sizeof(*s));
        s->workdir = dirs[i];
        add_kept(s, &c->bots[i]);
        add_hidden(s, NULL, results); /* always: its program there would not run */
        for (int j = 0; j < c->nbots; j++)
            if (j != i)
                add_hidden(s, &c->bots[i], dirs[j]);
        c->bots[i].sandbox = s;
    }
    free(results);
    /* The results folder is made only as the run starts: not hidden in the trial. */
    struct sandbox_paths bare = {.workdir = dirs[0]};
    return c->nbots > 0 ? trial(&bare) : 0;
}
