/* doctor_seat.c: the bot at doctor's board, a bot's seat with doctor around
 * it: the process each game gets, the probes each line carries, a second
 * line watched for after a move; and doctor's watch over the match loop,
 * which notes each turn asked and has each reply judged (doctor_turn.c). */
#include "defaults.h"
#include "doctor_impl.h"

#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

#define LINES_SEEN 2 /* turns a game whose reply is watched for a second line */

static struct doc *doc_of(struct seat *s)
{
    return (struct doc *)((char *)s - offsetof(struct doc, seat.seat));
}

/* Its process: kept, or a new one as the game's plan says. */
static int doc_start(struct seat *s, const struct seat_game *g, struct player_reply *r)
{
    struct doc *d = doc_of(s);
    struct seat_game mine = *g;
    struct stat st;

    d->log_from = d->opt->log_path && stat(d->opt->log_path, &st) == 0 ? (long)st.st_size : 0;
    mine.fresh = d->plan->new_process || d->replaying;
    return seat_bot_ops.start(s, &mine, r);
}

/* Its game's lines, with the probes of its first turn. */
static void doc_game(struct seat *s, const struct seat_game *g)
{
    struct doc *d = doc_of(s);

    d->sending = d->replaying ? 0 : d->plan->first_probes & ~d->probes_failed;
    seat_bot_ops.game(s, g);
    d->sending = 0;
}

static int doc_ask(struct seat *s, const struct seat_turn *t, struct player_reply *r)
{
    struct doc *d = doc_of(s);

    d->sent[0] = '\0';
    d->sending = d->turn.sent;
    int rc = seat_bot_ops.ask(s, t, r);
    d->sending = 0;
    return rc;
}

/* A move that stands, in the game's first turns, is watched a moment for a
 * second line: one written late would be read as the next turn's reply. */
static bool doc_recheck(struct seat *s, const struct player_reply *r,
                        const struct game_state *after, struct player_reply *extra)
{
    struct doc *d = doc_of(s);

    if (seat_bot_ops.recheck(s, r, after, extra))
        return true;
    if (!d->turn.watch || after->end == END_FOUL)
        return false;
    return player_wrote_more(&d->p, r, proc_now_ns() + DOCTOR_QUIET_MS * NS_PER_MS, false, extra);
}

/* The result goes out now, with its probe if one is due: a bot that quits
 * after a game does so at its result line (doctor.c looks). */
static void doc_result(struct seat *s, const struct game_record *rec, const struct seat_end *e)
{
    struct doc *d = doc_of(s);
    struct game_plan *g = d->plan;

    if (!d->replaying && !d->failed && g->may_probe_result && d->seen[CHECK_GAMES] &&
        !((d->probes_held | d->probes_failed) & PROBE_RESULT_KEY))
        g->result_probe = PROBE_RESULT_KEY;
    d->sending = d->replaying ? 0 : g->result_probe;
    seat_bot_ops.result(s, rec, e);
    d->sending = 0;
    player_flush(&d->p, proc_now_ns() + TELL_MS * NS_PER_MS);
}

/* Its turn e is asked: what kind of turn it is. */
static void on_asked(void *ctx, const struct game_record *rec, const struct match_event *e)
{
    struct doc *d = ctx;
    const struct game_plan *g = d->plan;
    bool first = d->asked == 0;

    (void)rec;
    if (e->side != g->side)
        return;
    d->turn = (struct ask){
        .game = g->number,
        .ply = e->ply,
        .limit_ms = e->limit_ms,
        .fresh = first && d->p.games == 1,
        .kept = first && g->kept,
        .special = first && g->special,
        .watch = d->asked < LINES_SEEN,
        .sent = d->replaying ? 0 : (first ? g->first_probes : g->later_probes) & ~d->probes_failed};
    d->special_asked |= d->turn.special && !d->replaying;
    d->asked++;
}

/* Its reply to e: judged; or, in a replay, whether it is a move that stands
 * at the ply the game failed at or later, which ends the replay. */
static void on_replied(void *ctx, const struct game_record *rec, const struct match_event *e)
{
    struct doc *d = ctx;

    if (e->side != d->plan->side)
        return;
    if (!d->replaying)
        doctor_judge(d, rec, e);
    else if (e->foul == FOUL_NONE && e->ply >= d->replay_at)
        d->replay_done = 1;
}

/* A foul of its that came of no turn: it could not be started again. */
static void on_fouled(void *ctx, const struct game_record *rec)
{
    struct doc *d = ctx;
    struct finding *f = &d->found;

    /* A turn's foul was judged already (d->failed). */
    if (rec->foul_side != d->plan->side || d->replaying || d->failed)
        return;
    d->failed = true;
    *f = (struct finding){.check = CHECK_START};
    snprintf(f->what, sizeof(f->what), "%.95s", rec->reason);
    snprintf(f->detail, sizeof(f->detail), "it %s, for game %d", rec->reason, d->plan->number);
    doctor_trace_tail(d, f->trace, sizeof(f->trace));
}

void doctor_seat_init(struct doc *d)
{
    seat_bot_init(&d->seat, &d->p);
    d->seat.strict = true;
    d->seat.seat.time = NULL; /* doctor's own limits, the loop's */
    d->ops = seat_bot_ops;
    d->ops.kind = "doctor";
    d->ops.start = doc_start;
    d->ops.game = doc_game;
    d->ops.ask = doc_ask;
    d->ops.recheck = doc_recheck;
    d->ops.result = doc_result;
    d->seat.seat.ops = &d->ops;
    d->watch = (struct match_observer){
        .ctx = d, .asked = on_asked, .replied = on_replied, .fouled = on_fouled};
    d->rules = (struct match_rules){.time = {.move_ms = d->opt->move_ms,
                                             .first_move_ms = d->opt->first_ms,
                                             .margin_ms = MARGIN_MS},
                                    .stop = &d->replay_done,
                                    .observer = &d->watch};
}
