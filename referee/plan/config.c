/* config.c: parsing what users type: bot specifications and numbers. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Split a command line as above into argv (at most CONFIG_MAX_ARGS words,
 * each malloc'ed, then NULL). Returns the word count, or -1 with *why set. */
static int config_split_command(const char *line, char **argv, const char **why)
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

const struct config_own config_owns[OWN_COUNT] = {
    [OWN_MOVETIME] = {"movetime", 0, INT_MAX / 2}, [OWN_FIRSTMOVE] = {"firstmove", 0, INT_MAX / 2},
    [OWN_CLOCK] = {"clock", 0, INT_MAX / 2},       [OWN_INCREMENT] = {"increment", 0, INT_MAX / 2},
    [OWN_STARTUP] = {"startup", 0, INT_MAX / 2},   [OWN_MEMORY] = {"memory", 1, 1L << 30},
};

#define TEXT_OF(n) #n
#define DECIMAL(n) TEXT_OF(n)

const char *config_name_problem(const char *name)
{
    size_t len = strlen(name);

    if (len == 0 || len > CONFIG_NAME_MAX || !protocol_is_printable(name, len))
        return "is not 1 to " DECIMAL(CONFIG_NAME_MAX) " bytes of printable ASCII";
    switch (name[0]) {
    case '=': return "starts with '=', which a spreadsheet takes for a formula";
    case '+': return "starts with '+', which a spreadsheet takes for a formula";
    case '-': return "starts with '-', which a spreadsheet takes for a formula";
    case '@': return "starts with '@', which a spreadsheet takes for a formula";
    default: return NULL;
    }
}

enum bot_own config_own_find(const char *name)
{
    for (int i = 0; i < OWN_COUNT; i++)
        if (strcmp(config_owns[i].name, name) == 0)
            return (enum bot_own)i;
    return OWN_COUNT;
}

int config_bot_set_own(struct bot_spec *bot, enum bot_own which, const char *text, const char **why)
{
    long v;

    if (config_parse_int(text, config_owns[which].max, &v) < 0 || v < config_owns[which].min) {
        *why = which == OWN_MEMORY ? "not a number from 1 to 1073741824"
                                   : "not a number of milliseconds";
        return -1;
    }
    bot->own[which] = v;
    bot->own_set |= 1u << which;
    return 0;
}

/* Bytes of keys and values of bot's options, but the one at skip. */
static size_t options_text(const struct adapter_options *o, int skip)
{
    size_t total = 0;
    for (int i = 0; i < o->noptions; i++)
        if (i != skip)
            total += strlen(o->option[i].key) + strlen(o->option[i].value);
    return total;
}

int config_bot_set_option(struct bot_spec *bot, const char *text, const char **why)
{
    struct adapter_options *o = &bot->proto;
    size_t klen = strcspn(text, "="), vlen = text[klen] ? strlen(text + klen + 1) : 0;

    if (!text[klen]) {
        *why = "expected KEY=VALUE";
        return -1;
    }
    if (klen == 0 || klen > ADAPTER_OPTION_KEY_MAX || !protocol_is_printable(text, klen) ||
        memchr(text, ' ', klen)) {
        *why = "a key is 1 to 64 bytes of printable ASCII without blanks";
        return -1;
    }
    if (vlen > ADAPTER_OPTION_VALUE_MAX || !protocol_is_printable(text + klen + 1, vlen)) {
        *why = "a value is at most 256 bytes of printable ASCII";
        return -1;
    }
    int i = 0;
    while (i < o->noptions &&
           !(strlen(o->option[i].key) == klen && strncmp(o->option[i].key, text, klen) == 0))
        i++;
    if (i == ADAPTER_OPTIONS_MAX) {
        *why = "more than 16 options for one bot";
        return -1;
    }
    if (options_text(o, i) + klen + vlen > ADAPTER_OPTIONS_TEXT_MAX) {
        *why = "options of one bot over 2048 bytes in all";
        return -1;
    }
    /* Key and value in one block: the key is what is freed. */
    char *key = strdup(text);
    if (!key) {
        *why = "out of memory";
        return -1;
    }
    key[klen] = '\0';
    if (i == o->noptions)
        o->noptions++;
    else
        free(o->option[i].key);
    o->option[i] = (struct adapter_option){key, key + klen + 1};
    return 0;
}

void config_run_settle_bots(struct run_config *c)
{
    for (int i = 0; i < c->nbots; i++) {
        struct bot_spec *b = &c->bots[i];
        int *times[] = {[OWN_MOVETIME] = &b->time.move_ms,
                        [OWN_FIRSTMOVE] = &b->time.first_move_ms,
                        [OWN_CLOCK] = &b->time.clock_ms,
                        [OWN_INCREMENT] = &b->time.increment_ms,
                        [OWN_STARTUP] = &b->startup_ms};
        b->limits = c->limits;
        b->startup_ms = c->startup_ms;
        b->trace = c->trace;
        b->time = c->time;
        for (int w = 0; w < OWN_MEMORY; w++)
            if (b->own_set & (1u << w))
                *times[w] = (int)b->own[w];
        if (b->own_set & (1u << OWN_MEMORY))
            b->limits.memory_mb = b->own[OWN_MEMORY];
        /* As for the run: a clock alone limits the game, not each move. */
        if (b->time.clock_ms && !c->movetime_given && !(b->own_set & (1u << OWN_MOVETIME)))
            b->time.move_ms = 0;
    }
}

void config_bot_release(struct bot_spec *bot)
{
    free(bot->name);
    for (int i = 0; i < bot->proto.noptions; i++)
        free(bot->proto.option[i].key);
    for (int i = 0; i < CONFIG_MAX_ARGS && bot->argv[i]; i++)
        free(bot->argv[i]);
    free(bot->cwd);
    for (int i = 0; i < 2 * bot->nenv; i++)
        free(bot->env[i]);
    free(bot->env);
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
