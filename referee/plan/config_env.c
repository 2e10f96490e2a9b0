/* config_env.c: a bot's own environment variables (--env, the engines
 * file's env column) and the environment it starts with, sandboxed or not
 * (pure: referee's environment comes in as a parameter). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether text (len bytes) is a variable's name: a letter or '_', then
 * letters, digits and '_'. */
static bool is_env_name(const char *text, size_t len)
{
    if (len == 0 || (text[0] >= '0' && text[0] <= '9'))
        return false;
    for (size_t i = 0; i < len; i++)
        if (!(text[i] == '_' || (text[i] >= '0' && text[i] <= '9') ||
              ((text[i] | 0x20) >= 'a' && (text[i] | 0x20) <= 'z')))
            return false;
    return true;
}

int config_bot_set_env(struct bot_spec *bot, const char *text, const char **why)
{
    size_t klen = strcspn(text, "=");
    int i = 0;

    if (!text[klen] || !is_env_name(text, klen)) {
        *why = "expected NAME=VALUE, a NAME of letters, digits and '_'";
        return -1;
    }
    if (strlen(text) > CONFIG_ENV_TEXT_MAX) {
        *why = "a variable over 4096 bytes";
        return -1;
    }
    while (i < bot->nenv &&
           !(strlen(bot->env[2 * i]) == klen && strncmp(bot->env[2 * i], text, klen) == 0))
        i++;
    if (i == SANDBOX_ENV_MAX) {
        *why = "more than 32 variables for one bot";
        return -1;
    }
    char **env = bot->env ? bot->env : calloc(2 * SANDBOX_ENV_MAX, sizeof(*env));
    char *name = strndup(text, klen), *value = strdup(text + klen + 1);
    if (!env || !name || !value) {
        free(name);
        free(value);
        if (env != bot->env)
            free(env);
        *why = "out of memory";
        return -1;
    }
    bot->env = env;
    if (i == bot->nenv)
        bot->nenv++;
    free(env[2 * i]);
    free(env[2 * i + 1]);
    env[2 * i] = name;
    env[2 * i + 1] = value;
    return 0;
}

void config_environ_free(char **env)
{
    for (size_t i = 0; env && env[i]; i++)
        free(env[i]);
    free(env);
}

/* Whether a host variable (NAME=VALUE) goes into a sandbox: LANG, LC_*. */
static bool is_kept_in_sandbox(const char *var)
{
    return strncmp(var, "LANG=", 5) == 0 || strncmp(var, "LC_", 3) == 0;
}

/* Whether variable var (NAME=VALUE) is named name (len bytes). */
static bool is_named(const char *var, const char *name, size_t len)
{
    return strncmp(var, name, len) == 0 && var[len] == '=';
}

/* Append s (malloc'ed, or NULL: out of memory) to env at *n; false out of memory. */
static bool put(char **env, size_t *n, char *s)
{
    env[*n] = s;
    env[*n + 1] = NULL;
    *n += s != NULL;
    return s != NULL;
}

/* Append a copy of var (NAME=VALUE) to env at *n; false out of memory. */
static bool put_var(char **env, size_t *n, const char *var)
{
    return put(env, n, strdup(var));
}

/* Append "name=value" to env at *n; false out of memory. */
static bool put_pair(char **env, size_t *n, const char *name, const char *value)
{
    size_t len = strlen(name) + strlen(value) + 2;
    char *s = malloc(len);
    if (s)
        snprintf(s, len, "%s=%s", name, value);
    return put(env, n, s);
}

int config_bot_environ(const struct bot_spec *b, char *const *host, char ***out)
{
    size_t nhost = 0, n = 0;
    const char *path = NULL;
    bool ok = true;

    *out = NULL;
    if (!b->sandbox && b->nenv == 0)
        return 0;
    while (host && host[nhost])
        nhost++;
    char **env = calloc(nhost + (size_t)b->nenv + 5, sizeof(*env));
    if (!env)
        return -1;
    for (size_t i = 0; ok && i < nhost; i++) {
        bool own = false;
        for (int k = 0; k < b->nenv && !own; k++)
            own = is_named(host[i], b->env[2 * k], strlen(b->env[2 * k]));
        if (b->sandbox && is_named(host[i], "PATH", 4))
            path = host[i] + 5;
        else if (!own && (!b->sandbox || is_kept_in_sandbox(host[i])))
            ok = put_var(env, &n, host[i]);
    }
    if (b->sandbox && b->sandbox->path) /* the one its programs were looked up in */
        path = b->sandbox->path;
    if (b->sandbox) /* its own are bwrap's --setenv, for the bot alone */
        ok = ok && put_pair(env, &n, "PATH", path ? path : CONFIG_PATH_DEFAULT) &&
             put_pair(env, &n, "HOME", b->sandbox->workdir) && put_pair(env, &n, "TMPDIR", "/tmp");
    for (int k = 0; ok && !b->sandbox && k < b->nenv; k++)
        ok = put_pair(env, &n, b->env[2 * k], b->env[2 * k + 1]);
    if (!ok) {
        config_environ_free(env);
        return -1;
    }
    *out = env;
    return 0;
}
