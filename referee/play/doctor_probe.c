/* doctor_probe.c: how doctor's bot is spoken to: its protocol's adapter, the
 * turn lines it writes kept to show in a finding, and, in referee's
 * protocol, what a later version may add (protocol/PROTOCOL.md, "Lines") put
 * in its game, turn and result lines as the run's d->sending says, so that
 * the loop that plays the game sends them. */
#include "doctor_impl.h"

#include <stddef.h>
#include <string.h>

/* The run whose player speaks through a: its adapter state is its player's. */
static struct doc *doc_of(struct adapter_state *a)
{
    return (struct doc *)((char *)a - offsetof(struct doc, p.ad));
}

/* The bot's own protocol, which doctor's talk wraps. */
static const struct adapter *own(const struct doc *d)
{
    return adapter_of(d->bot->proto.proto);
}

/* Put text into the n bytes in buf (room for cap) at `at`; returns the new
 * length, n if it does not fit. */
static int insert(char *buf, int n, size_t cap, const char *at, const char *text)
{
    size_t k = strlen(text);
    if (n <= 0 || !at || (size_t)n + k >= cap)
        return n;
    size_t from = (size_t)(at - buf);
    memmove(buf + from + k, buf + from, (size_t)n - from + 1);
    memcpy(buf + from, text, k);
    return n + (int)k;
}

/* The game line ends with the unknown key; a line of an unknown kind follows. */
static int probe_game(struct adapter_state *a, const struct protocol_game *g,
                      const struct game_state *start, char *buf, size_t len)
{
    struct doc *d = doc_of(a);
    int n = own(d)->game(a, g, start, buf, len);

    if (d->sending & PROBE_GAME_KEY && n > 0)
        n = insert(buf, n, len, buf + n - 1, " " PROBE_KEY);
    if (d->sending & PROBE_KIND && n > 0)
        n = insert(buf, n, len, buf + n, PROBE_LINE "\n");
    return n;
}

/* The unknown key comes before legal, which stays last. The turn's last
 * line, the question (after GTP's play or Gomocup's INFO), is what a finding
 * shows as sent; the trace has them all. */
static int probe_turn(struct adapter_state *a, const struct game_state *s, int time_ms, char *buf,
                      size_t len)
{
    struct doc *d = doc_of(a);
    int n = own(d)->turn(a, s, time_ms, buf, len);
    const char *legal = n > 0 ? strstr(buf, " legal ") : NULL;

    if (d->sending & PROBE_TURN_KEY && legal)
        n = insert(buf, n, len, legal + 1, PROBE_KEY " ");
    size_t len_out = n > 0 ? (size_t)n : 0, from = len_out ? len_out - 1 : 0;
    while (from > 0 && buf[from - 1] != '\n')
        from--;
    protocol_escape(d->sent, sizeof(d->sent), buf + from, len_out - from);
    return n;
}

/* The unknown key comes before reason, whose text runs to the end of the line. */
static int probe_result(struct adapter_state *a, const struct game_state *s, const char *reason,
                        char *buf, size_t len)
{
    struct doc *d = doc_of(a);
    int n = own(d)->result(a, s, reason, buf, len);
    const char *at = n > 0 ? strstr(buf, " reason ") : NULL;

    if (d->sending & PROBE_RESULT_KEY && at)
        n = insert(buf, n, len, at, " " PROBE_KEY);
    return n;
}

void doctor_talk_init(struct doc *d)
{
    d->talk = *own(d);
    d->talk.game = probe_game;
    d->talk.turn = probe_turn;
    d->talk.result = probe_result;
    d->p.adapter = &d->talk;
}
