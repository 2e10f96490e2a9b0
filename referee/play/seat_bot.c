/* seat_bot.c: a bot at the board: its player, in whatever protocol it speaks;
 * its process started, revived or retried, its game's lines sent with its
 * first turn. What its reply means is the loop's to judge (match.c). */
#include "defaults.h"
#include "match.h"
#include "seat.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static struct seat_bot *bot_of(struct seat *s)
{
    return (struct seat_bot *)((char *)s - offsetof(struct seat_bot, seat));
}

/* The player at seat s if a bot sits there, else NULL: a seat of
 * seat_bot_ops' own, not one that wraps them (doctor's), whose output is then
 * not watched while its opponent thinks. */
static struct player *seat_player(struct seat *s)
{
    return s && s->ops == &seat_bot_ops ? bot_of(s)->p : NULL;
}

/* Whether a start that failed with rc is the operator's to fix rather than a
 * game for the bot to lose: a command that never ran, or a program that
 * cannot be executed (gone, or no longer executable: an exec error). A lack
 * of resources, or the handshake of a bot that ran before, costs one game. */
static bool is_operators_mistake(const struct player *p, int rc)
{
    if (rc == -EAGAIN || rc == -ENOMEM || rc == -EMFILE || rc == -ENFILE)
        return false;
    return !p->started || rc != -EPROTONOSUPPORT;
}

/* The bot cannot be started (errno rc), or never answered (rc
 * MATCH_NEVER_ANSWERED): r is the foul that forfeits its game. */
static void no_start(struct player *p, int rc, struct player_reply *r)
{
    static const char head[] = "could not start (";
    const size_t at = sizeof(head) - 1; /* the cause's first letter */
    bool why = (rc == -EPROTONOSUPPORT || rc == -EAGAIN || rc == MATCH_NEVER_ANSWERED) && p->why[0];
    int n = snprintf(r->reason, sizeof(r->reason), "%s%s)", head, why ? p->why : strerror(-rc));
    if (n > (int)at && r->reason[at] >= 'A' && r->reason[at] <= 'Z') /* reasons are lowercase */
        r->reason[at] = (char)(r->reason[at] - 'A' + 'a');
    r->foul = FOUL_NO_START;
    r->len = 0;
    r->elapsed_ns = 0;
}

/* A failed (re)start, rc: the bot's foul in r (returning 0), or the
 * operator's mistake as it is, r then saying it as its foul would (seat.h). */
static int start_failed(struct player *p, int rc, struct player_reply *r)
{
    no_start(p, rc, r);
    return is_operators_mistake(p, rc) ? rc : 0;
}

static int bot_start(struct seat *s, const struct seat_game *g, struct player_reply *r)
{
    struct player *p = bot_of(s)->p;

    /* Whether it exited or wrote between games (player_ensure_started). */
    if (p->running) {
        struct proc *one[1] = {&p->proc};
        proc_look(one, 1);
    }
    int restarts = p->restarts;
    int rc = player_ensure_started(p, g->fresh);
    s->restarts = p->restarts - restarts;
    r->foul = FOUL_NONE;
    return rc < 0 ? start_failed(p, rc, r) : 0;
}

/* Its protocol's lines for the new game, to go out with its first turn. */
static void prepare_intro(struct seat_bot *sb)
{
    struct player *p = sb->p;
    int n =
        player_adapter(p)->game(&p->ad, &sb->game.pg, sb->game.start, sb->intro, sizeof(sb->intro));
    sb->intro_len = n > 0 ? (size_t)n : 0;
    p->games++;
    if (p->proc.trace) {
        char note[64];
        snprintf(note, sizeof(note), "game %ld, as %c", (long)sb->game.pg.id,
                 sb->game.pg.def->marks[sb->game.pg.side]);
        proc_trace_note(&p->proc, note);
    }
}

static void bot_game(struct seat *s, const struct seat_game *g)
{
    struct seat_bot *sb = bot_of(s);

    sb->game = *g;
    sb->asked = sb->revived = sb->retried = false;
    s->engine = sb->p->ad.engine;
    prepare_intro(sb);
}

/* Put the pending intro in front of line (n bytes, room for cap); returns the new length. */
static size_t with_intro(struct seat_bot *sb, char *line, size_t n, size_t cap)
{
    size_t k = sb->intro_len;
    if (k == 0 || k + n > cap)
        return n;
    memmove(line + k, line, n);
    memcpy(line, sb->intro, k);
    sb->intro_len = 0;
    return k + n;
}

/* A process kept from an earlier game that is found dead at its first turn of
 * this one died between games (after its last `result`): not this game's foul. */
static bool is_gone_before_the_game(const struct seat_bot *sb, const struct player_reply *r)
{
    return !sb->asked && !sb->revived && sb->p->games > 1 &&
           (r->foul == FOUL_EXITED || r->foul == FOUL_CRASHED || r->foul == FOUL_CLOSED);
}

/* After a start again that returned rc: its first turn asked anew (the
 * game's lines too), counted as a restart; or the failed start's outcome. */
static int ask_anew(struct seat_bot *sb, int rc, struct player_reply *r)
{
    if (rc < 0)
        return start_failed(sb->p, rc, r);
    sb->seat.restarts++;
    prepare_intro(sb);
    return SEAT_AGAIN;
}

/* Start it again and have its first turn asked anew, once a game. */
static int revive(struct seat_bot *sb, struct player_reply *r)
{
    sb->revived = true;
    return ask_anew(sb, player_restart_dead(sb->p), r);
}

/* A bot that has never answered a turn in this run (any of its processes, on
 * any worker) and whose process exited (with a status: not a signal, which is
 * a crash of the bot's own) before its first reply: a command that fails at
 * once (`perl mybots/nonexist.pl`), not a move. The first time in a game, it
 * is started again (counted as a restart) and asked anew; the second time in
 * a row, the run stops (MATCH_NEVER_ANSWERED), and no game is recorded for
 * the operator's mistake. */
static int retry_never_answered(struct seat_bot *sb, struct player_reply *r)
{
    struct player *p = sb->p;

    if (sb->retried) {
        snprintf(p->why, sizeof(p->why),
                 "it ended before its first reply in 2 starts in a row and never answered a "
                 "turn (%.60s)",
                 r->reason);
        proc_log_note(&p->proc, p->why);
        no_start(p, MATCH_NEVER_ANSWERED, r);
        return MATCH_NEVER_ANSWERED;
    }
    char note[PLAYER_REASON_MAX];
    snprintf(note, sizeof(note),
             "it ended before its first reply (%.60s) and never answered a turn; started again",
             r->reason);
    sb->retried = true;
    return ask_anew(sb, player_start_again(p, note), r);
}

/* A reply that is not a move of this game may be no foul of the game's: a
 * process that died between games, a command that never worked. */
static int after_failure(struct seat_bot *sb, struct player_reply *r)
{
    if (sb->strict)
        return SEAT_REPLIED;
    if (is_gone_before_the_game(sb, r))
        return revive(sb, r);
    if (!player_has_answered(sb->p) && !sb->asked && r->foul == FOUL_EXITED)
        return retry_never_answered(sb, r);
    return SEAT_REPLIED;
}

static int bot_ask(struct seat *s, const struct seat_turn *t, struct player_reply *r)
{
    struct seat_bot *sb = bot_of(s);
    struct player *p = sb->p;
    char line[2 * PROTOCOL_LINE_MAX];

    /* Output when not asked: bot_start's look saw what a bot wrote between
     * games; during the game, a bot is watched while its opponent thinks (in
     * the poll that waits for a slow reply), and looked at once more right here. */
    if (player_wrote_unasked(p, r))
        return after_failure(sb, r);
    p->ad.clock_left_ms = t->clock_left_ms;
    int n = player_adapter(p)->turn(&p->ad, t->state, t->limit_ms, line, PROTOCOL_LINE_MAX);
    size_t len = with_intro(sb, line, n > 0 ? (size_t)n : 0, sizeof(line));
    int64_t now = proc_now_ns();
    sb->deadline_ns = now + ((int64_t)t->limit_ms + t->margin_ms) * NS_PER_MS;
    struct player_request q = {.state = t->state,
                               .line = line,
                               .len = len,
                               .limit_ms = t->limit_ms,
                               .start_ns = now,
                               .deadline_ns = sb->deadline_ns,
                               .idle = seat_player(t->idle),
                               .spin = t->spin};
    player_ask(p, &q, r);
    if (r->interrupted)
        return SEAT_REPLIED;
    int rc = after_failure(sb, r);
    if (rc != SEAT_REPLIED || r->foul == FOUL_NO_START)
        return rc;
    sb->asked = true;
    if (r->foul != FOUL_TIMEOUT && r->foul != FOUL_EXITED && r->foul != FOUL_CRASHED &&
        r->foul != FOUL_CLOSED)
        player_set_answered(p); /* a line came: the command works */
    return SEAT_REPLIED;
}

/* A reply that ended the game, or that came with more output, is looked at
 * once more (player_wrote_more). A reply that loses the game is watched a
 * little longer for a line after it (player_after_ns, within its deadline): a
 * line a bot writes after its move is read as the next turn's reply if it
 * comes late, and is then most often that move again: occupied. */
static bool bot_recheck(struct seat *s, const struct player_reply *r,
                        const struct game_state *after, struct player_reply *extra)
{
    struct seat_bot *sb = bot_of(s);
    struct player *p = sb->p;
    int64_t deadline_ns = sb->deadline_ns;
    bool lost = after->end == END_FOUL;
    int64_t until = 0;

    if (!game_is_over(after) && !player_has_more(p))
        return false;
    /* A move that wins or draws costs the game one system call (the unread turn). */
    if (lost) {
        int64_t now = proc_now_ns(), watch = player_after_ns(p);
        until = deadline_ns < now + watch ? deadline_ns : now + watch;
    }
    return player_wrote_more(p, r, until, lost && after->foul == FOUL_MALFORMED, extra);
}

/* The game ended: it is told (a bot that never had a turn gets its game's
 * lines first), and stopped unless kept. The `result` goes out with its next
 * lines (its next game's, or quit; see player_tell_later). */
static void bot_result(struct seat *s, const struct game_record *rec, const struct seat_end *e)
{
    struct seat_bot *sb = bot_of(s);
    struct player *p = sb->p;
    const struct adapter *ad = player_adapter(p);
    char line[2 * PROTOCOL_LINE_MAX];

    /* Whatever else it wrote for the turn it fouled in may come later: its next
     * game gets a fresh process, never this output. */
    if (rec->state.end == END_FOUL && rec->foul_side == e->side)
        p->tainted = true;
    int n = ad->result(&p->ad, &rec->state, rec->reason, line, PROTOCOL_LINE_MAX);
    /* An engine's protocol may have no word for the end: then it is not told
     * the game it never had a turn in either (its answers to it would come
     * unasked). */
    if (n > 0 && !p->tainted) {
        size_t len = with_intro(sb, line, (size_t)n, sizeof(line));
        player_tell_later(p, line, len, proc_now_ns() + TELL_MS * NS_PER_MS);
    }
    if (!e->keep || p->tainted)
        player_stop(p, e->grace_ms);
}

static void bot_stop(struct seat *s, int grace_ms)
{
    player_stop(bot_of(s)->p, grace_ms);
}

const struct seat_ops seat_bot_ops = {
    .kind = "bot",
    .start = bot_start,
    .game = bot_game,
    .ask = bot_ask,
    .recheck = bot_recheck,
    .result = bot_result,
    .stop = bot_stop,
};

void seat_bot_init(struct seat_bot *sb, struct player *p)
{
    memset(&sb->seat, 0, sizeof(sb->seat));
    sb->seat.ops = &seat_bot_ops;
    sb->seat.engine = p->ad.engine;
    sb->seat.time = &p->bot->time;
    sb->p = p;
    sb->intro_len = 0;
    sb->asked = sb->revived = sb->retried = sb->strict = false;
}
