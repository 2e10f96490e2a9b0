/* match.c: the loop of one game: ask, judge, record. */
#include "match.h"
#include "defaults.h"
#include "notation.h"
#include "opening.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* The limit for this move and the clock it leaves, in ms. */
static int move_limit(const struct time_control *tc, bool first_move, int64_t clock_left)
{
    int limit = first_move && tc->first_move_ms ? tc->first_move_ms : tc->move_ms;

    if (tc->clock_ms) {
        /* Start-up time is not charged to the clock, as the first-move limit covers it. */
        int64_t c = clock_left + (first_move ? tc->first_move_ms : 0);
        if (limit == 0 || c < limit)
            limit = c > 0 ? (int)c : 0;
    }
    return limit;
}

static void forfeit(struct game_state *s, enum side side, enum foul foul)
{
    game_step(s, (struct action){.kind = ACTION_FORFEIT, .side = side, .foul = foul});
}

/* A bot's `game` line waits to go out with its first turn: one write, and one
 * wake-up of the bot, instead of two. The protocol allows it: the first-move
 * limit covers what a bot does on `game`. */
struct intro {
    char text[2][PROTOCOL_LINE_MAX];
    size_t len[2]; /* 0: sent */
};

/* Put side's pending intro in front of line (n bytes, room for cap); returns the new length. */
static size_t with_intro(struct intro *in, int side, char *line, size_t n, size_t cap)
{
    size_t k = in->len[side];
    if (k == 0 || k + n > cap)
        return n;
    memmove(line + k, line, n);
    memcpy(line, in->text[side], k);
    in->len[side] = 0;
    return k + n;
}

/* The game ended: tell both bots, and stop them if each game gets its own. A bot
 * that never had a turn gets its `game` line first. The `result` goes out with
 * the bot's next lines (its next game's, or quit; see player_tell_later). */
static void finish(struct player *players[2], const struct game_record *rec,
                   const struct match_rules *rules, struct intro *in)
{
    char line[2 * PROTOCOL_LINE_MAX];
    int64_t deadline = proc_now_ns() + TELL_MS * NS_PER_MS;

    for (int i = 0; i < 2; i++) {
        struct player *p = players[i];
        const struct adapter *ad = player_adapter(p);
        int n = ad->result(&p->ad, &rec->state, rec->reason, line, PROTOCOL_LINE_MAX);
        /* An engine's protocol may have no word for the end: then it is not
         * told the game it never had a turn in either (its answers to it
         * would come unasked). */
        if (n > 0 && !p->tainted) {
            size_t len = with_intro(in, i, line, (size_t)n, sizeof(line));
            player_tell_later(p, line, len, deadline);
        }
        if (rules->restart_each_game || ad->fresh_each_game || p->tainted)
            player_stop(p, rules->stop_grace_ms);
    }
}

/* A game under way: who plays, under which rules, into which record. */
struct game_run {
    struct player **players;
    const struct game_state *start; /* where the game began */
    const struct match_rules *rules;
    struct game_record *rec;
    struct intro intro;
    int64_t clock_left[2]; /* ns */
    bool moved[2];
    bool revived[2]; /* started again at its first turn, found dead */
    bool retried[2]; /* started again after it ended before its first reply */
    int error;       /* a negative errno that stops the run (the operator's mistake) */
    enum side error_side;
};

static void clear_record(struct game_record *rec, const struct game_state *start)
{
    rec->state = *start;
    rec->reason[0] = '\0';
    rec->foul_side = SIDE_NONE;
    rec->used_us[0] = rec->used_us[1] = 0;
    rec->restarts[0] = rec->restarts[1] = 0;
    rec->engines[0][0] = rec->engines[1][0] = '\0';
    memset(rec->move_us, 0xff, sizeof(rec->move_us)); /* -1: none */
    rec->start_unix_ms = proc_wall_ms();
}

/* A seed of this game's own, told to both bots, so a bot can be random yet
 * replay a game the same whichever of its processes plays it. Below 2^53, so
 * that a spreadsheet or a JSON reader keeps it exact in games.csv. */
static uint64_t bot_seed_of(const struct game_record *rec)
{
    uint64_t mix = rec->seed ^ ((uint64_t)rec->id << 32);
    return opening_random(&mix) >> 11;
}

/* Side's `game` line (or its protocol's lines for a new game), to go out with
 * its first turn. */
static void prepare_intro(struct game_run *g, enum side side)
{
    const struct game_def *def = game_def_of(&g->rec->state);
    uint64_t game_seed = g->rec->bot_seed;
    struct player *p = g->players[side];

    struct protocol_game pg = {
        .def = def, .side = side, .tc = &g->rules->time, .seed = game_seed, .id = g->rec->id};
    int n = player_adapter(p)->game(&p->ad, &pg, &g->rec->state, g->intro.text[side],
                                    sizeof(g->intro.text[side]));
    g->intro.len[side] = n > 0 ? (size_t)n : 0;
    p->games++;
    if (p->proc.trace) {
        char note[64];
        snprintf(note, sizeof(note), "game %ld, as %c", (long)g->rec->id, def->marks[side]);
        proc_trace_note(&p->proc, note);
    }
}

/* End the game by an action of the referee's for side, with its reason. */
static void end_by(struct game_run *g, enum side side, struct action a, const char *reason)
{
    game_step(&g->rec->state, a);
    snprintf(g->rec->reason, sizeof(g->rec->reason), "%s", reason);
    if (g->rec->state.end == END_FOUL)
        g->rec->foul_side = side;
}

/* Charge a reply's time to side's clock, if the game has one. */
static void charge_clock(struct game_run *g, enum side side, int64_t elapsed_ns)
{
    const struct time_control *tc = &g->rules->time;

    g->rec->used_us[side] += elapsed_ns / 1000;
    if (tc->clock_ms) {
        /* As move_limit says: the first-move allowance is not the clock's. */
        int64_t charged = elapsed_ns;
        if (!g->moved[side])
            charged = charged > tc->first_move_ms * NS_PER_MS
                          ? charged - tc->first_move_ms * NS_PER_MS
                          : 0;
        g->clock_left[side] = (g->clock_left[side] > charged ? g->clock_left[side] - charged : 0) +
                              tc->increment_ms * NS_PER_MS;
    }
    g->moved[side] = true;
}

/* Fold side's reply into the game: its move, or the foul it is. */
static void judge_reply(struct game_run *g, enum side side, const struct player_reply *reply)
{
    struct game_state *s = &g->rec->state;
    struct game_record *rec = g->rec;
    struct action a;

    if (reply->foul != FOUL_NONE) {
        forfeit(s, side, reply->foul);
        snprintf(rec->reason, sizeof(rec->reason), "%s", reply->reason);
    } else if (!protocol_is_printable(reply->line, reply->len) ||
               protocol_parse_reply(s, reply->line, &a) < 0) {
        /* Printable ASCII only: "b2\0junk" is not b2, and no byte of a bot's
         * reaches a terminal, a CSV file or the other bot unescaped. */
        char text[4 * PROTOCOL_ECHO_MAX + 8];
        forfeit(s, side, FOUL_MALFORMED);
        snprintf(rec->reason, sizeof(rec->reason), "malformed reply \"%s\"",
                 protocol_escape(text, sizeof(text), reply->line, reply->len));
    } else if (a.side != side) {
        /* The bot asked named the other mark: its own foul, whoever the mark is. */
        const struct game_def *def = game_def_of(s);
        forfeit(s, side, FOUL_OUT_OF_TURN);
        snprintf(rec->reason, sizeof(rec->reason),
                 "wrote the opponent's mark (%.16s; this bot plays %c)", reply->line,
                 def->marks[side]);
    } else {
        game_step(s, a);
        if (s->end == END_FOUL && s->foul == FOUL_NO_SUCH_SQUARE) {
            /* As written: the record keeps at most NOTATION_FAR of its number.
             * The line parsed as a square, so it is [a-z0-9:]. */
            const char *sq =
                reply->line[0] && reply->line[1] == ':' ? reply->line + 2 : reply->line;
            snprintf(rec->reason, sizeof(rec->reason), "illegal move %.24s (no such square)", sq);
        }
    }
    if (s->end == END_FOUL) {
        rec->foul_side = side;
        /* Whatever else it wrote for this turn (a second line, its real move
         * after a malformed one) may come later: its next game gets a fresh
         * process, never this output. */
        g->players[side]->tainted = true;
    }
}

/* A reply that ended the game (ply `at` on), or that came with more output,
 * is looked at once more: if it was not this turn's answer alone
 * (player_wrote_more), the verdict is undone and the game lost for output when
 * not asked instead. A reply that loses the game is watched a little longer
 * for a line after it (player_after_ns, within its deadline): a line a bot
 * writes after its move is read as the next turn's reply if it comes late, and
 * is then most often that move again: occupied. A reply that is not a move at
 * all keeps its verdict unless it was written before its turn was read: a
 * line of debugging before the move ("thinking...") is called malformed. */
static void recheck_last_reply(struct game_run *g, enum side side, int at,
                               const struct player_reply *reply, int64_t deadline_ns)
{
    struct game_state *s = &g->rec->state;
    struct player_reply extra;
    int64_t now = proc_now_ns(), until = 0;
    bool lost = s->end == END_FOUL;

    /* A move that wins or draws costs the game one system call (the unread turn). */
    if (lost) {
        int64_t after = player_after_ns(g->players[side]);
        until = deadline_ns < now + after ? deadline_ns : now + after;
    }
    if (!player_wrote_more(g->players[side], reply, until, lost && s->foul == FOUL_MALFORMED,
                           &extra))
        return;
    /* The game as it was before the reply: its start and the actions after. */
    struct game_state before = *g->start;
    for (int i = before.nhistory; i < at; i++)
        game_step(&before, s->history[i]);
    *s = before;
    g->rec->foul_side = SIDE_NONE;
    end_by(g, side,
           (struct action){.kind = ACTION_FORFEIT, .side = side, .foul = (uint8_t)extra.foul},
           extra.reason);
}

/* Side's bot ran before, died, and cannot be started again (errno rc): it
 * forfeits this game. */
static void forfeit_no_start(struct game_run *g, enum side side, int rc)
{
    char reason[RECORD_REASON_MAX];
    const char *why = g->players[side]->why;
    int n = snprintf(reason, sizeof(reason), "could not start (%s)",
                     rc == -EPROTONOSUPPORT && why[0] ? why : strerror(-rc));
    if (n > 17 && reason[17] >= 'A' && reason[17] <= 'Z') /* in the lowercase of reasons */
        reason[17] = (char)(reason[17] - 'A' + 'a');
    end_by(g, side, (struct action){.kind = ACTION_FORFEIT, .side = side, .foul = FOUL_NO_START},
           reason);
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

/* Start side's bot if needed. Returns 0, also when a bot that ran before
 * cannot be started again for a cause of its own (it then forfeits: `could
 * not start`), or a negative errno for the operator's mistake: a command
 * that never ran, or a program that cannot be executed any more. */
static int start_bot(struct game_run *g, enum side side)
{
    struct player *p = g->players[side];
    int restarts = p->restarts;
    int rc =
        player_ensure_started(p, g->rules->restart_each_game || player_adapter(p)->fresh_each_game);

    g->rec->restarts[side] = p->restarts - restarts;
    if (rc < 0 && is_operators_mistake(p, rc))
        return rc;
    if (rc < 0) {
        forfeit_no_start(g, side, rc);
    }
    return 0;
}

/* A process kept from an earlier game that is found dead at its first turn of
 * this one died between games (after its last `result`): not this game's foul. */
static bool is_gone_before_the_game(const struct game_run *g, enum side side,
                                    const struct player_reply *reply)
{
    return !g->moved[side] && !g->revived[side] && g->players[side]->games > 1 &&
           (reply->foul == FOUL_EXITED || reply->foul == FOUL_CRASHED ||
            reply->foul == FOUL_CLOSED);
}

/* Start side's bot again and ask its first turn anew (the game line too), once
 * a game. Returns whether the game goes on: a bot that cannot start forfeits. */
static bool revive(struct game_run *g, enum side side)
{
    struct player *p = g->players[side];
    int rc = player_restart_dead(p);

    g->revived[side] = true;
    if (rc < 0 && is_operators_mistake(p, rc)) {
        g->error = rc;
        g->error_side = side;
        return false;
    }
    if (rc < 0) {
        forfeit_no_start(g, side, rc);
        return false;
    }
    g->rec->restarts[side]++;
    prepare_intro(g, side);
    return true;
}

/* A bot that has never answered a turn in this run (any of its processes, on
 * any worker) and whose process exited (with a status: not a signal, which is
 * a crash of the bot's own) before its first reply: a command that fails at
 * once (`perl mybots/nonexist.pl`), not a move. The first time in a
 * game, it is started again (counted as a restart) and asked anew; the second
 * time in a row, the run stops (MATCH_NEVER_ANSWERED), and no game is
 * recorded for the operator's mistake. Returns whether the game goes on. */
static bool retry_never_answered(struct game_run *g, enum side side,
                                 const struct player_reply *reply)
{
    struct player *p = g->players[side];

    if (g->retried[side]) {
        snprintf(p->why, sizeof(p->why),
                 "it ended before its first reply in 2 starts in a row and never answered a "
                 "turn (%.60s)",
                 reply->reason);
        proc_log_note(&p->proc, p->why);
        g->error = MATCH_NEVER_ANSWERED;
        g->error_side = side;
        return false;
    }
    char note[PLAYER_REASON_MAX];
    snprintf(note, sizeof(note),
             "it ended before its first reply (%.60s) and never answered a turn; started again",
             reply->reason);
    g->retried[side] = true;
    int rc = player_start_again(p, note);
    if (rc < 0) {
        g->error = is_operators_mistake(p, rc) ? rc : 0;
        g->error_side = side;
        if (!g->error)
            forfeit_no_start(g, side, rc);
        return false;
    }
    g->rec->restarts[side]++;
    prepare_intro(g, side);
    return true;
}

/* Ask the side to move for its move and fold it in. Returns false when the
 * game was cut short (a stop, an interrupt, output when not asked). */
static bool play_turn(struct game_run *g)
{
    struct game_state *s = &g->rec->state;
    const struct time_control *tc = &g->rules->time;
    enum side side = (enum side)s->to_move;
    struct player *p = g->players[side];
    int limit = move_limit(tc, !g->moved[side], g->clock_left[side] / NS_PER_MS);
    char line[2 * PROTOCOL_LINE_MAX];
    struct player_reply reply;

    if (g->rules->stop && *g->rules->stop) {
        end_by(g, side, (struct action){.kind = ACTION_ABORT, .side = side}, "interrupted");
        return false;
    }
    /* Output when not asked: player_look saw what a bot wrote between games;
     * during the game, a bot is watched while its opponent thinks (in the poll
     * that waits for a slow reply), and looked at once more right here. */
    if (player_wrote_unasked(p, &reply)) {
        if (is_gone_before_the_game(g, side, &reply))
            return revive(g, side);
        if (!p->answered && !g->moved[side] && reply.foul == FOUL_EXITED)
            return retry_never_answered(g, side, &reply);
        end_by(g, side,
               (struct action){.kind = ACTION_FORFEIT, .side = side, .foul = (uint8_t)reply.foul},
               reply.reason);
        return false;
    }
    p->ad.clock_left_ms = tc->clock_ms ? (long)(g->clock_left[side] / NS_PER_MS) : -1;
    int n = player_adapter(p)->turn(&p->ad, s, limit, line, PROTOCOL_LINE_MAX);
    size_t len = with_intro(&g->intro, side, line, n > 0 ? (size_t)n : 0, sizeof(line));
    int64_t now = proc_now_ns();
    struct player_request q = {.state = s,
                               .line = line,
                               .len = len,
                               .limit_ms = limit,
                               .start_ns = now,
                               .deadline_ns = now + ((int64_t)limit + tc->margin_ms) * NS_PER_MS,
                               .idle = g->players[side_other(side)],
                               .spin = g->rules->spin};
    player_ask(p, &q, &reply);
    if (reply.interrupted) {
        end_by(g, side, (struct action){.kind = ACTION_ABORT, .side = side}, "interrupted");
        return false;
    }
    if (is_gone_before_the_game(g, side, &reply))
        return revive(g, side);
    if (!p->answered && !g->moved[side] && reply.foul == FOUL_EXITED)
        return retry_never_answered(g, side, &reply);
    if (reply.foul != FOUL_TIMEOUT && reply.foul != FOUL_EXITED && reply.foul != FOUL_CRASHED &&
        reply.foul != FOUL_CLOSED)
        p->answered = true; /* a line came: the command works */
    int at = s->nhistory;
    charge_clock(g, side, reply.elapsed_ns);
    judge_reply(g, side, &reply);
    if (reply.foul == FOUL_NONE && (game_is_over(s) || player_has_more(p)))
        recheck_last_reply(g, side, at, &reply, q.deadline_ns);
    if (s->nhistory > at)
        g->rec->move_us[at] =
            reply.elapsed_ns / 1000 > INT32_MAX ? INT32_MAX : (int32_t)(reply.elapsed_ns / 1000);
    return true;
}

int match_play(struct player *players[2], const struct game_state *start,
               const struct match_rules *rules, struct game_record *rec, enum side *failed)
{
    const struct time_control *tc = &rules->time;
    struct game_run g = {.players = players,
                         .start = start,
                         .rules = rules,
                         .rec = rec,
                         .clock_left = {tc->clock_ms * NS_PER_MS, tc->clock_ms * NS_PER_MS}};

    clear_record(rec, start);
    rec->bot_seed = bot_seed_of(rec);
    int64_t t0 = proc_now_ns();
    player_look(players);
    for (int i = 0; i < 2 && !game_is_over(&rec->state); i++) {
        int rc = start_bot(&g, (enum side)i);
        if (rc < 0) {
            *failed = (enum side)i;
            return rc;
        }
    }
    prepare_intro(&g, SIDE_FIRST);
    prepare_intro(&g, SIDE_SECOND);
    while (!game_is_over(&rec->state) && play_turn(&g))
        ;
    if (g.error < 0) {
        for (int i = 0; i < 2; i++)
            player_stop(players[i], rules->stop_grace_ms);
        *failed = g.error_side;
        return g.error;
    }
    if (rec->reason[0] == '\0')
        game_reason(&rec->state, rec->reason, sizeof(rec->reason));
    rec->duration_us = (proc_now_ns() - t0) / 1000;
    for (int i = 0; i < 2; i++)
        if (players[i]->ad.engine[0])
            snprintf(rec->engines[i], sizeof(rec->engines[i]), "%s", players[i]->ad.engine);
    finish(players, rec, rules, &g.intro);
    return 0;
}
