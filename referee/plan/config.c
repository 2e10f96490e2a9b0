/* config.c: parsing what users type: bot specifications and numbers. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int config_split_command(const char *line, char **argv, const char **why)
{
    size_t cap = strlen(line) + 1;
    int argc = 0;
    const char *p = line;

    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0')
            break;
        if (argc == CONFIG_MAX_ARGS) {
            *why = "too many words in the command";
            goto out_free;
        }
        char *word = malloc(cap), *w = word;
        if (!word) {
            *why = "out of memory";
            goto out_free;
        }
        argv[argc++] = word;
        char quote = 0;
        for (; *p && (quote || (*p != ' ' && *p != '\t')); p++) {
            if (quote && *p == quote) {
                quote = 0;
            } else if (!quote && (*p == '\'' || *p == '"')) {
                quote = *p;
            } else if (*p == '\\' && quote != '\'' && p[1]) {
                *w++ = *++p;
            } else {
                *w++ = *p;
            }
        }
        if (quote) {
            *why = "unterminated quote in the command";
            goto out_free;
        }
        *w = '\0';
    }
    argv[argc] = NULL;
    if (argc == 0) {
        *why = "empty command";
        return -1;
    }
    return argc;

out_free:
    while (argc > 0)
        free(argv[--argc]);
    argv[0] = NULL;
    return -1;
}

int config_bot_make(struct bot_spec *bot, const char *name, const char *command, const char **why)
{
    memset(bot, 0, sizeof(*bot));
    bot->name = strdup(name);
    if (!bot->name) {
        *why = "out of memory";
        return -1;
    }
    if (config_split_command(command, bot->argv, why) < 0) {
        config_bot_release(bot);
        return -1;
    }
    return 0;
}

int config_bot_words(struct bot_spec *bot, const char *name, int n, char *const *words,
                     const char **why)
{
    memset(bot, 0, sizeof(*bot));
    if (n < 1 || n > CONFIG_MAX_ARGS) {
        *why = n < 1 ? "no command" : "too many words in the command";
        return -1;
    }
    bot->name = strdup(name);
    for (int i = 0; bot->name && i < n; i++)
        if (!(bot->argv[i] = strdup(words[i]))) {
            config_bot_release(bot);
            break;
        }
    if (!bot->name || !bot->argv[0]) {
        config_bot_release(bot);
        *why = "out of memory";
        return -1;
    }
    return 0;
}

int config_bot_parse(struct bot_spec *bot, const char *text, const char **why)
{
    const char *eq = strchr(text, '=');

    memset(bot, 0, sizeof(*bot));
    if (!eq || eq == text) {
        *why = "expected NAME=COMMAND";
        return -1;
    }
    char *name = strndup(text, (size_t)(eq - text));
    if (!name) {
        *why = "out of memory";
        return -1;
    }
    int rc = config_bot_make(bot, name, eq + 1, why);
    free(name);
    return rc;
}

void config_bot_release(struct bot_spec *bot)
{
    free(bot->name);
    for (int i = 0; i < CONFIG_MAX_ARGS && bot->argv[i]; i++)
        free(bot->argv[i]);
    free(bot->cwd);
    sandbox_free(bot->sandbox);
    memset(bot, 0, sizeof(*bot));
}

int config_parse_int(const char *text, long max, long *out)
{
    char *end;

    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < 0 || v > max)
        return -1;
    *out = v;
    return 0;
}

void config_run_release(struct run_config *c)
{
    for (int i = 0; i < c->nbots; i++)
        config_bot_release(&c->bots[i]);
    c->nbots = 0;
    for (int i = 0; i < c->nopenings; i++)
        free(c->openings[i]);
    free(c->openings);
    c->openings = NULL;
    c->nopenings = 0;
}
