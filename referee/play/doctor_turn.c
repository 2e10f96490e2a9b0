/* doctor_turn.c: what a turn of the bot shows, as the match loop judged it:
 * the checks it met, or a finding under the one check it breaks, the loop's
 * reason with what to do about it. */
#include "defaults.h"
#include "doctor_impl.h"
#include "flush.h"
#include "protocol.h"
#include "record.h"

#include <stdarg.h>
#include <stdio.h>

#define SHOWN (4 * PROTOCOL_ECHO_MAX + 8)

/* The turn went wrong: d->found is check c, what in a few words, and the
 * detail; the trace of the talk so far with it. */
static void found(struct doc *d, enum doctor_check c, const char *what, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void found(struct doc *d, enum doctor_check c, const char *what, const char *fmt, ...)
{
    struct finding *f = &d->found;
    va_list ap;

    d->failed = true;
    f->check = c;
    f->not_move = false;
    snprintf(f->what, sizeof(f->what), "%s", what);
    va_start(ap, fmt);
    vsnprintf(f->detail, sizeof(f->detail), fmt, ap);
    va_end(ap);
    doctor_trace_tail(d, f->trace, sizeof(f->trace));
}

/* The check a mistake of kind c at the turn breaks: the special position's,
 * if that is where it came and it was seen to hold elsewhere; else c itself. */
static enum doctor_check breaks(const struct doc *d, enum doctor_check c)
{
    return d->turn.special && d->seen[c] ? CHECK_SPECIAL : c;
}

/* The check of time a turn that ran out breaks: start-up's, or every later turn's. */
static enum doctor_check of_time(const struct doc *d)
{
    return d->turn.fresh ? CHECK_START : breaks(d, CHECK_TIME);
}

/* Nothing at all came back within the limit: it is slow, or its output sits
 * in a buffer. A bot that has not read a byte of its turn is slow (to start,
 * most often). Else its input is closed: most programs then exit, and what
 * they buffered comes out with it; a line that does says so. */
static void judge_silence(struct doc *d, const struct player_reply *r)
{
    char line[PROC_LINE_MAX + 1], got[SHOWN];
    size_t n;
    const struct ask *t = &d->turn;
    long unread = proc_input_unread(&d->p.proc);

    if (d->p.asked_len > 0 && unread >= (long)d->p.asked_len) {
        found(d, of_time(d), r->reason,
              "sent \"%s\": it had not read a byte of it %d ms later: it is slower than "
              "that%s, or it does not read its standard input",
              d->sent, t->limit_ms,
              t->fresh ? " to start (raise --firstmove, or start faster)" : "");
        return;
    }
    proc_close_input(&d->p.proc);
    if (proc_read_line(&d->p.proc, line, sizeof(line), &n,
                       proc_now_ns() + EXIT_GRACE_MS * NS_PER_MS) == PROC_OK) {
        found(d, CHECK_FLUSH, r->reason,
              "sent \"%s\", nothing came back within %d ms, then \"%s\" as it exited once "
              "its input was closed: its output waits in a buffer until exit: %s",
              d->sent, t->limit_ms, protocol_escape(got, sizeof(got), line, n),
              flush_hint(d->bot->argv));
        return;
    }
    /* It exited without a word: a buffer would have come out as it did. */
    if (proc_wait(&d->p.proc, proc_now_ns() + EXIT_GRACE_MS * NS_PER_MS)) {
        found(d, of_time(d), r->reason,
              "sent \"%s\", nothing came back within %d ms, and it exited without a "
              "word once its input was closed: it never wrote a reply to the turn",
              d->sent, t->limit_ms);
        return;
    }
    found(d, CHECK_FLUSH, r->reason,
          "sent \"%s\", nothing came back within %d ms, nor when its input was closed: it is "
          "slower than that%s, or its output sits in a buffer: %s",
          d->sent, t->limit_ms, t->fresh ? " to start" : "", flush_hint(d->bot->argv));
}

/* Its process ended (r) at the turn: under the check that breaks. */
static void judge_gone(struct doc *d, const struct player_reply *r)
{
    const struct ask *t = &d->turn;
    enum doctor_check own = breaks(d, CHECK_ALIVE);

    if (t->kept)
        found(d, CHECK_GAMES, r->reason,
              "its process ended after game %d, by its first turn of game %d (%s): play "
              "games until quit",
              t->game - 1, t->game, r->reason);
    else if (!d->sent[0])
        found(d, own, r->reason, "its process ended between its turns of game %d: %s", t->game,
              r->reason);
    else
        found(d, d->p.answered ? own : CHECK_START, r->reason, "sent \"%s\": %s, in game %d%s",
              d->sent, r->reason, t->game, d->p.answered ? "" : ", before its first reply");
}

/* A turn that brought no line of a move (r's foul, the seat's own). */
static void judge_failure(struct doc *d, const struct player_reply *r)
{
    if (r->foul == FOUL_TIMEOUT && r->detail == DETAIL_SILENT)
        judge_silence(d, r);
    else if (r->foul == FOUL_TIMEOUT && r->detail == DETAIL_BARE_CR)
        found(d, CHECK_LINES, r->reason, "sent \"%s\": %s (a \\r alone ends no line)", d->sent,
              r->reason);
    else if (r->foul == FOUL_TIMEOUT)
        found(d, of_time(d), r->reason,
              "sent \"%s\": %s; think less, or keep to the time it is told", d->sent, r->reason);
    else if (r->foul == FOUL_EXITED || r->foul == FOUL_CRASHED || r->foul == FOUL_CLOSED)
        judge_gone(d, r);
    else if (r->foul == FOUL_UNASKED)
        found(d, CHECK_LINES, r->reason, "%s; write one line a turn, and logs to standard error",
              r->reason);
    else if (r->foul == FOUL_TOO_LONG && r->detail == DETAIL_FLOOD)
        found(d, CHECK_LINES, r->reason, "sent \"%s\": %s", d->sent, r->reason);
    else if (r->foul == FOUL_TOO_LONG)
        found(d, breaks(d, CHECK_LEGAL), r->reason, "sent \"%s\": %s: a reply is one move", d->sent,
              r->reason);
    else
        found(d, breaks(d, CHECK_LEGAL), r->reason, "sent \"%s\": %s", d->sent, r->reason);
}

/* What to do about a reply the loop judged a foul (judged, for reason), into
 * why (len bytes); returns the check it breaks. */
static enum doctor_check misplay(const struct doc *d, enum foul judged, const char *reason,
                                 char *why, size_t len)
{
    bool own = d->bot->proto.proto == PROTO_REFEREE;

    switch (judged) {
    case FOUL_MALFORMED:
        snprintf(why, len, "%s: not a move%s", reason,
                 own ? "; one move in the notation, nothing else on the line" : "");
        return breaks(d, CHECK_LEGAL);
    case FOUL_OUT_OF_TURN:
        snprintf(why, len, "%s: the mark of the other side; the game line says which it plays",
                 reason);
        return CHECK_COLOURS;
    default:
        snprintf(why, len, "%s; play %s", reason,
                 own ? "a word of the turn's legal list" : "a legal move");
        return breaks(d, CHECK_LEGAL);
    }
}

/* A line that is no legal move (e->judged): the game's foul, or, with a line
 * after it or written before its turn was read, two lines for one turn (the
 * first most often a debug print or the last move again). */
static void judge_misplay(struct doc *d, const struct game_record *rec, const struct match_event *e,
                          const char *got)
{
    char reason[RECORD_REASON_MAX], why[RECORD_REASON_MAX + 96];
    char what[SHOWN + 8];
    struct player_reply extra;
    int64_t after = proc_now_ns() + player_after_ns(&d->p);
    int64_t until = d->seat.deadline_ns < after ? d->seat.deadline_ns : after;

    snprintf(what, sizeof(what), "got \"%s\"", got);
    if (e->foul == FOUL_UNASKED && rec->detail == DETAIL_BEFORE_TURN)
        found(d, CHECK_LINES, what,
              "sent \"%s\", got \"%s\" before it read the turn; write one line a turn, and logs "
              "to standard error",
              d->sent, got);
    else if (e->foul == FOUL_UNASKED || (e->judged == FOUL_MALFORMED &&
                                         player_wrote_more(&d->p, e->reply, until, false, &extra)))
        found(d, CHECK_LINES, what,
              "sent \"%s\", got \"%s\", then: %s; write one line a turn, and logs to standard "
              "error",
              d->sent, got, e->foul == FOUL_UNASKED ? rec->reason : extra.reason);
    else {
        if (rec->reason[0])
            snprintf(reason, sizeof(reason), "%s", rec->reason);
        else
            game_reason(&rec->state, reason, sizeof(reason));
        enum doctor_check c = misplay(d, e->judged, reason, why, sizeof(why));
        found(d, c, what, "sent \"%s\", got \"%s\": %s", d->sent, got, why);
    }
    d->found.not_move = e->judged == FOUL_MALFORMED;
}

/* A line came in time (r): the checks of time that it meets. */
static void note_time(struct doc *d, const struct player_reply *r)
{
    struct doctor_item *start = &d->out->items[CHECK_START];
    const struct ask *t = &d->turn;

    d->seen[CHECK_FLUSH] = true;
    d->seen[t->fresh ? CHECK_START : CHECK_TIME] = true;
    if (t->fresh && !start->detail[0])
        snprintf(start->detail, sizeof(start->detail),
                 "its first reply came %lld ms after its first turn was sent (limit %d ms)",
                 (long long)(r->elapsed_ns / NS_PER_MS), t->limit_ms);
    if (t->kept)
        d->seen[CHECK_GAMES] = true;
    d->out->turns++;
    d->p.answered = true;
}

/* A line that came as its reply: a legal move, then nothing more (or more:
 * the seat's second look, doctor_seat.c); else what is wrong with it. */
static void judge_line(struct doc *d, const struct game_record *rec, const struct match_event *e)
{
    char got[SHOWN];
    const struct ask *t = &d->turn;

    protocol_escape(got, sizeof(got), e->reply->line, e->reply->len);
    if (e->judged != FOUL_NONE) {
        judge_misplay(d, rec, e, got);
        return;
    }
    d->seen[CHECK_LEGAL] = true;
    d->seen[CHECK_SPECIAL] |= t->special;
    d->legal_as[e->side] = true;
    if (e->foul == FOUL_UNASKED) {
        char what[SHOWN + 8];
        snprintf(what, sizeof(what), "got \"%s\"", got);
        found(d, CHECK_LINES, what,
              "after its reply \"%s\": %s; write one line a turn, and logs to standard error", got,
              rec->reason);
        return;
    }
    if (t->watch)
        d->seen[CHECK_LINES] = true;
    d->probes_held |= t->sent | (t->kept ? d->plan->after_probe : 0);
}

void doctor_judge(struct doc *d, const struct game_record *rec, const struct match_event *e)
{
    const struct player_reply *r = e->reply;

    /* A line came: a reply, or a foul of its protocol's (an engine's ERROR), a
     * line too long, or two. */
    if (r->foul == FOUL_NONE ||
        (d->sent[0] &&
         (r->foul == FOUL_MALFORMED || r->foul == FOUL_TOO_LONG || r->foul == FOUL_UNASKED)))
        note_time(d, r);
    if (r->foul == FOUL_NONE)
        judge_line(d, rec, e);
    else
        judge_failure(d, r);
}
