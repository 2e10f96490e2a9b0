/* doctor_probe.c: referee's protocol with what a later version may add
 * (protocol/PROTOCOL.md, "Lines"): referee's own adapter, its game, turn and
 * result lines wrapped to carry doctor's probes as the run's d->sending says,
 * so that whoever writes the lines (doctor's turns, or a loop that plays the
 * game) sends them. */
#include "doctor_impl.h"

#include <stddef.h>
#include <string.h>

/* The run whose player speaks through a: its adapter state is its player's. */
static struct doc *doc_of(struct adapter_state *a)
{
    return (struct doc *)((char *)a - offsetof(struct doc, p.ad));
}

static const struct adapter *plain(void)
{
    return adapter_of(PROTO_REFEREE);
}

/* Put text into the n bytes in buf (room for cap) at `at`; returns the new
 * length, n if it does not fit. */
static int insert(char *buf, int n, size_t cap, const char *at, const char *text)
{
    size_t k = strlen(text), from = (size_t)(at - buf);
    if (n <= 0 || !at || (size_t)n + k >= cap)
        return n;
    memmove(buf + from + k, buf + from, (size_t)n - from + 1);
    memcpy(buf + from, text, k);
    return n + (int)k;
}

/* The game line ends with the unknown key; a line of an unknown kind follows. */
static int probe_game(struct adapter_state *a, const struct protocol_game *g,
                      const struct game_state *start, char *buf, size_t len)
{
    unsigned sending = doc_of(a)->sending;
    int n = plain()->game(a, g, start, buf, len);

    if (sending & PROBE_GAME_KEY && n > 0)
        n = insert(buf, n, len, buf + n - 1, " " PROBE_KEY);
    if (sending & PROBE_KIND && n > 0)
        n = insert(buf, n, len, buf + n, PROBE_LINE "\n");
    return n;
}

/* The unknown key comes before legal, which stays last. */
static int probe_turn(struct adapter_state *a, const struct game_state *s, int time_ms, char *buf,
                      size_t len)
{
    int n = plain()->turn(a, s, time_ms, buf, len);
    const char *legal = n > 0 ? strstr(buf, " legal ") : NULL;

    if (doc_of(a)->sending & PROBE_TURN_KEY && legal)
        n = insert(buf, n, len, legal + 1, PROBE_KEY " ");
    return n;
}

/* The unknown key comes before reason, whose text runs to the end of the line. */
static int probe_result(struct adapter_state *a, const struct game_state *s, const char *reason,
                        char *buf, size_t len)
{
    int n = plain()->result(a, s, reason, buf, len);
    const char *at = n > 0 ? strstr(buf, " reason ") : NULL;

    if (doc_of(a)->sending & PROBE_RESULT_KEY && at)
        n = insert(buf, n, len, at, " " PROBE_KEY);
    return n;
}

void doctor_probe_adapter(struct adapter *out)
{
    *out = *plain();
    out->game = probe_game;
    out->turn = probe_turn;
    out->result = probe_result;
}
