/* adapter.c: the registry of protocols, and referee's own line protocol. */
#include "adapter.h"
#include "escape.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

extern const struct adapter adapter_gtp, adapter_gomocup, adapter_nboard;

bool adapter_put(char *buf, size_t len, size_t *n, const char *fmt, ...)
{
    va_list ap;

    if (*n >= len)
        return false;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *n, len - *n, fmt, ap);
    va_end(ap);
    if (k < 0 || (size_t)k >= len - *n) {
        *n = len;
        return false;
    }
    *n += (size_t)k;
    return true;
}

void adapter_quote(char *out, size_t cap, const char *what, const char *text, size_t n)
{
    char esc[4 * PROTOCOL_ECHO_MAX + 8];
    snprintf(out, cap, "%s \"%s\"", what, protocol_escape(esc, sizeof(esc), text, n));
}

enum adapter_read adapter_say(struct adapter_out *out, enum adapter_read kind, const char *what,
                              const char *line, size_t n)
{
    adapter_quote(out->text, out->cap, what, line, n);
    out->len = strlen(out->text);
    return kind;
}

enum adapter_read adapter_reply(struct adapter_out *out, const char *line, size_t n)
{
    out->len = n < out->cap ? n : out->cap - 1;
    memcpy(out->text, line, out->len);
    out->text[out->len] = '\0';
    return ADAPTER_REPLY;
}

enum adapter_read adapter_stray_foul(struct adapter_state *a, const char *line, size_t n,
                                     struct adapter_out *out)
{
    (void)a;
    if (n > 0 && line[n - 1] == '\r')
        n--;
    return adapter_say(out, ADAPTER_FOUL, "wrote when not asked", line, n);
}

bool adapter_put_options(struct adapter_state *a, char *buf, size_t len, size_t *n)
{
    const struct adapter *ad = adapter_of(a->opt.proto);

    for (int i = 0; i < a->opt.noptions; i++)
        if (!ad->option ||
            !ad->option(a, a->opt.option[i].key, a->opt.option[i].value, buf, len, n))
            return false;
    return true;
}

void adapter_add_engine(struct adapter_state *a, const char *text, size_t n)
{
    size_t k = strlen(a->engine);

    if (k > 0 && n > 0 && k < ADAPTER_ENGINE_MAX)
        a->engine[k++] = ' ';
    for (size_t i = 0; i < n; i++) {
        char esc[4];
        size_t e = escape_byte(esc, (unsigned char)text[i], false);
        if (k + e > ADAPTER_ENGINE_MAX)
            break;
        memcpy(a->engine + k, esc, e);
        k += e;
    }
    a->engine[k] = '\0';
}

void adapter_reset(struct adapter_state *a, const struct adapter_options *opt)
{
    memset(a, 0, sizeof(*a));
    a->opt = *opt;
}

/* referee's own protocol: a line each way (protocol.c has the codec). */

static int referee_hello(struct adapter_state *a, const struct game_def *def, char *buf, size_t len)
{
    (void)a, (void)def, (void)buf, (void)len;
    return 0;
}

static bool referee_plays(const struct game_def *def)
{
    (void)def;
    return true;
}

/* PROTOCOL.md's `option` line: the bot's options, before each `game` line. */
static bool referee_option(struct adapter_state *a, const char *key, const char *value, char *buf,
                           size_t len, size_t *n)
{
    (void)a;
    return adapter_put(buf, len, n, "option %s%s%s\n", key, value[0] ? " " : "", value);
}

static int referee_game(struct adapter_state *a, const struct protocol_game *g,
                        const struct game_state *start, char *buf, size_t len)
{
    size_t n = 0;

    (void)start;
    if (!adapter_put_options(a, buf, len, &n))
        return -1;
    int k = protocol_format_game(buf + n, len - n, g);
    return k < 0 ? -1 : (int)n + k;
}

static int referee_turn(struct adapter_state *a, const struct game_state *s, int time_ms, char *buf,
                        size_t len)
{
    (void)a;
    return protocol_format_turn(buf, len, s, time_ms);
}

static enum adapter_read referee_read(struct adapter_state *a, const struct game_state *s,
                                      const char *line, size_t n, struct adapter_out *out)
{
    (void)a, (void)s;
    return adapter_reply(out, line, n);
}

static int referee_result(struct adapter_state *a, const struct game_state *s, const char *reason,
                          char *buf, size_t len)
{
    (void)a;
    return protocol_format_result(buf, len, s, reason);
}

static int referee_quit(struct adapter_state *a, char *buf, size_t len)
{
    (void)a;
    return protocol_format_quit(buf, len);
}

static const struct adapter adapter_referee = {
    .name = "referee",
    .usual_game = "tictactoe",
    .plays = referee_plays,
    .option = referee_option,
    .hello = referee_hello,
    .game = referee_game,
    .turn = referee_turn,
    .read = referee_read,
    .stray = adapter_stray_foul,
    .result = referee_result,
    .quit = referee_quit,
};

static const struct adapter *const adapters[PROTO_COUNT] = {
    [PROTO_REFEREE] = &adapter_referee,
    [PROTO_GTP] = &adapter_gtp,
    [PROTO_GOMOCUP] = &adapter_gomocup,
    [PROTO_NBOARD] = &adapter_nboard,
};

const struct adapter *adapter_of(enum proto proto)
{
    return adapters[proto < PROTO_COUNT ? proto : PROTO_REFEREE];
}

bool adapter_plays(enum proto proto, const struct game_def *def)
{
    const struct adapter *ad = adapter_of(proto);
    return !ad->plays || ad->plays(def);
}

enum proto adapter_find(const char *name)
{
    for (int i = 0; i < PROTO_COUNT; i++)
        if (strcmp(adapters[i]->name, name) == 0)
            return (enum proto)i;
    return PROTO_COUNT;
}
