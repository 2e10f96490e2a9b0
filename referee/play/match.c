/* match.c: the loop of one game between two seats: ask, judge, record. */
#include "match.h"
#include "judge.h"
#include "defaults.h"
#include "notation.h"
#include "schedule.h"

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

/* A game under way: who plays, under which rules, into which record. */
struct game_run {
    struct seat **seats;
    const struct game_state *start; /* where the game began */
    const struct match_rules *rules;
    const struct match_observer *obs; /* NULL: none */
    struct game_record *rec;
    int64_t clock_left[2]; /* ns */
    bool moved[2];
    int error; /* a negative errno that stops the run (the operator's mistake) */
    enum side error_side;
};

/* The time control of side's bot: its own (time odds), or the match's. */
static const struct time_control *time_of(const struct game_run *g, enum side side)
{
    const struct time_control *t = g->seats[side]->time;
    return t && (t->move_ms || t->clock_ms) ? t : &g->rules->time;
}

static void clear_record(struct game_record *rec, const struct game_state *start)
{
    rec->state = *start;
    rec->reason[0] = '\0';
    rec->detail = DETAIL_NONE;
    rec->foul_side = SIDE_NONE;
    rec->used_us[0] = rec->used_us[1] = 0;
    rec->restarts[0] = rec->restarts[1] = 0;
    rec->engines[0][0] = rec->engines[1][0] = '\0';
    memset(rec->move_us, 0xff, sizeof(rec->move_us)); /* -1: none */
    rec->start_unix_ms = proc_wall_ms();
}

/* End the game by an action of the referee's for side, with its reason. */
static void end_by(struct game_run *g, enum side side, struct action a, const char *reason)
{
    game_step(&g->rec->state, a);
    snprintf(g->rec->reason, sizeof(g->rec->reason), "%s", reason);
    if (g->rec->state.end == END_FOUL)
        g->rec->foul_side = side;
}

/* Side loses by foul, of kind detail, for reason. */
static void forfeit(struct game_run *g, enum side side, enum foul foul, enum foul_detail detail,
                    const char *reason)
{
    end_by(g, side, (struct action){.kind = ACTION_FORFEIT, .side = side, .foul = (uint8_t)foul},
           reason);
    g->rec->detail = detail;
}

/* Charge a reply's time to side's clock, if the game has one. */
static void charge_clock(struct game_run *g, enum side side, int64_t elapsed_ns)
{
    const struct time_control *tc = time_of(g, side);

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

/* Fold side's reply into the game: its move, or the foul it is. The one place
 * a reply is judged, whoever sits at the board; the fouls and their reasons
 * are protocol/PROTOCOL.md's "Fouls". */
static void judge_reply(struct game_run *g, enum side side, const struct player_reply *reply)
{
    struct game_state *s = &g->rec->state;
    char reason[RECORD_REASON_MAX];

    if (reply->foul != FOUL_NONE) {
        forfeit(g, side, reply->foul, reply->detail, reply->reason);
        return;
    }
    enum foul f = judge_move(s, side, reply->line, reply->len, reason, sizeof(reason));
    if (f == FOUL_MALFORMED || f == FOUL_OUT_OF_TURN) {
        forfeit(g, side, f, DETAIL_NONE, reason); /* s is as it was */
    } else if (f != FOUL_NONE) {
        /* The rules ended the game; its reason is the state's (game_reason at
         * the end) but for a square off the board, which the state cannot say. */
        if (f == FOUL_NO_SUCH_SQUARE)
            snprintf(g->rec->reason, sizeof(g->rec->reason), "%s", reason);
        g->rec->foul_side = side;
    }
}

/* A reply that ended the game (ply `at` on), or that came with more output,
 * is looked at once more by its seat: if it was not this turn's answer alone
 * (a bot's player_wrote_more), the verdict is undone and the game lost for
 * output when not asked instead. A reply that is not a move at all keeps its
 * verdict unless it was written before its turn was read: a line of
 * debugging before the move ("thinking...") is called malformed. */
static void recheck_last_reply(struct game_run *g, enum side side, int at,
                               const struct player_reply *reply)
{
    struct seat *seat = g->seats[side];
    struct game_state *s = &g->rec->state;
    struct player_reply extra;

    if (!seat->ops->recheck || !seat->ops->recheck(seat, reply, s, &extra))
        return;
    /* The game as it was before the reply: its start and the actions after. */
    struct game_state before = *g->start;
    for (int i = before.nhistory; i < at; i++)
        game_step(&before, s->history[i]);
    *s = before;
    g->rec->foul_side = SIDE_NONE;
    forfeit(g, side, extra.foul, extra.detail, extra.reason);
}

/* Tell the observer of side's turn (event `asked` or `replied`). */
static void observe(const struct game_run *g,
                    void (*event)(void *, const struct game_record *, const struct match_event *),
                    const struct match_event *e)
{
    if (event)
        event(g->obs->ctx, g->rec, e);
}

/* The reply of side to the turn e asked, judged and recorded. */
static void take_reply(struct game_run *g, struct match_event *e, const struct player_reply *reply)
{
    struct game_state *s = &g->rec->state;
    enum side side = e->side;
    int at = e->ply;

    charge_clock(g, side, reply->elapsed_ns);
    judge_reply(g, side, reply);
    e->judged = s->end == END_FOUL ? (enum foul)s->foul : FOUL_NONE;
    if (reply->foul == FOUL_NONE)
        recheck_last_reply(g, side, at, reply);
    if (s->nhistory > at)
        g->rec->move_us[at] =
            reply->elapsed_ns / 1000 > INT32_MAX ? INT32_MAX : (int32_t)(reply->elapsed_ns / 1000);
    if (g->obs) {
        e->reply = reply;
        e->foul = s->end == END_FOUL ? (enum foul)s->foul : FOUL_NONE;
        observe(g, g->obs->replied, e);
    }
}

/* Ask the side to move for its move and fold it in. Returns false when the
 * game was cut short (a stop, an interrupt, the operator's mistake). */
static bool play_turn(struct game_run *g)
{
    struct game_state *s = &g->rec->state;
    enum side side = (enum side)s->to_move;
    struct seat *seat = g->seats[side];
    const struct time_control *tc = time_of(g, side);
    struct player_reply reply;
    struct match_event e = {.side = side,
                            .ply = s->nhistory,
                            .limit_ms =
                                move_limit(tc, !g->moved[side], g->clock_left[side] / NS_PER_MS)};
    struct seat_turn t = {.state = s,
                          .limit_ms = e.limit_ms,
                          .margin_ms = tc->margin_ms,
                          .clock_left_ms =
                              tc->clock_ms ? (long)(g->clock_left[side] / NS_PER_MS) : -1,
                          .idle = g->seats[side_other(side)],
                          .spin = g->rules->spin};

    if (g->rules->stop && *g->rules->stop) {
        end_by(g, side, (struct action){.kind = ACTION_ABORT, .side = side}, "interrupted");
        return false;
    }
    if (g->obs)
        observe(g, g->obs->asked, &e);
    /* What a seat may leave unsaid (a bot's output found unasked says no time). */
    reply.foul = FOUL_NONE;
    reply.interrupted = false;
    reply.len = 0;
    reply.line[0] = reply.reason[0] = '\0';
    reply.detail = DETAIL_NONE;
    reply.elapsed_ns = 0;
    int rc = seat->ops->ask(seat, &t, &reply);
    if (rc < 0) {
        g->error = rc;
        g->error_side = side;
        if (g->rules->forfeit_broken)
            forfeit(g, side, FOUL_NO_START, DETAIL_NONE, reply.reason);
        return false;
    }
    if (rc == SEAT_AGAIN)
        return true;
    if (reply.interrupted) {
        end_by(g, side, (struct action){.kind = ACTION_ABORT, .side = side},
               reply.reason[0] ? reply.reason : "interrupted");
        return false;
    }
    take_reply(g, &e, &reply);
    return true;
}

/* Both seats made ready for the game, and told of it. Returns 0 (a seat that
 * cannot start for a cause of its own has forfeited), or the operator's
 * mistake as a negative errno, *failed its side (with forfeit_broken, it has
 * forfeited too, and the seats are told of the game as after any forfeit). */
static int start_seats(struct game_run *g, enum side *failed)
{
    int err = 0;
    struct game_record *rec = g->rec;
    struct seat **seats = g->seats;
    struct seat_game sg[2];

    for (int i = 0; i < 2; i++)
        sg[i] = (struct seat_game){.pg = {.def = game_def_of(&rec->state),
                                          .side = (enum side)i,
                                          .tc = time_of(g, (enum side)i),
                                          .seed = rec->bot_seed,
                                          .id = rec->id},
                                   .start = g->start,
                                   .fresh = g->rules->restart_each_game};
    seats[0]->restarts = seats[1]->restarts = 0;
    for (int i = 0; i < 2 && !game_is_over(&rec->state); i++) {
        struct player_reply r = {.foul = FOUL_NONE};
        int rc = seats[i]->ops->start ? seats[i]->ops->start(seats[i], &sg[i], &r) : 0;
        if (rc < 0) {
            *failed = (enum side)i;
            if (!g->rules->forfeit_broken)
                return rc;
            err = rc;
            r.foul = FOUL_NO_START;
        }
        if (r.foul != FOUL_NONE)
            forfeit(g, (enum side)i, r.foul, r.detail, r.reason);
    }
    for (int i = 0; i < 2; i++)
        if (seats[i]->ops->game)
            seats[i]->ops->game(seats[i], &sg[i]);
    return err;
}

/* The game is over: the record completed, the seats told. */
static void finish(struct game_run *g, int64_t t0)
{
    struct game_record *rec = g->rec;

    if (rec->reason[0] == '\0')
        game_reason(&rec->state, rec->reason, sizeof(rec->reason));
    rec->duration_us = (proc_now_ns() - t0) / 1000;
    for (int i = 0; i < 2; i++) {
        const char *engine = g->seats[i]->engine;
        rec->restarts[i] = g->seats[i]->restarts;
        if (engine && engine[0])
            snprintf(rec->engines[i], sizeof(rec->engines[i]), "%s", engine);
    }
    if (g->obs && rec->state.end == END_FOUL && g->obs->fouled)
        g->obs->fouled(g->obs->ctx, rec);
    for (int i = 0; i < 2; i++) {
        struct seat_end e = {.side = (enum side)i,
                             .keep = !g->rules->restart_each_game,
                             .grace_ms = g->rules->stop_grace_ms};
        if (g->seats[i]->ops->result)
            g->seats[i]->ops->result(g->seats[i], rec, &e);
    }
    if (g->obs && g->obs->over)
        g->obs->over(g->obs->ctx, rec);
}

int match_play(struct seat *seats[2], const struct game_state *start,
               const struct match_rules *rules, struct game_record *rec, enum side *failed)
{
    struct game_run g = {
        .seats = seats, .start = start, .rules = rules, .obs = rules->observer, .rec = rec};

    for (int i = 0; i < 2; i++)
        g.clock_left[i] = time_of(&g, (enum side)i)->clock_ms * NS_PER_MS;
    clear_record(rec, start);
    /* A seed of this game's own, told to both bots, so a bot can be random yet
     * replay a game the same whichever of its processes plays it. */
    rec->bot_seed = schedule_bot_seed(rec->seed, rec->id);
    int64_t t0 = proc_now_ns();
    int rc = start_seats(&g, failed);
    if (rc < 0 && !rules->forfeit_broken)
        return rc;
    if (rc == 0 && g.obs && g.obs->started)
        g.obs->started(g.obs->ctx, rec);
    while (!game_is_over(&rec->state) && play_turn(&g))
        ;
    if (g.error < 0) {
        *failed = g.error_side;
        rc = g.error;
    }
    if (g.error < 0 && !rules->forfeit_broken) {
        for (int i = 0; i < 2; i++)
            if (seats[i]->ops->stop)
                seats[i]->ops->stop(seats[i], rules->stop_grace_ms);
        return rc;
    }
    finish(&g, t0);
    return rc;
}

void match_forfeit(const struct game_state *start, enum side side, const char *reason,
                   struct game_record *rec)
{
    struct game_run g = {.start = start, .rec = rec};

    clear_record(rec, start);
    rec->bot_seed = schedule_bot_seed(rec->seed, rec->id);
    forfeit(&g, side, FOUL_NO_START, DETAIL_NONE, reason);
    rec->duration_us = 0;
}
