/* doctor_turn.c: one turn asked of the bot under doctor, through its
 * protocol's adapter as a match asks it, and what the answer shows: a legal
 * move, or a finding under the one check it breaks. */
#include "defaults.h"
#include "doctor_impl.h"
#include "flush.h"
#include "judge.h"
#include "protocol.h"
#include "record.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define SHOWN (4 * PROTOCOL_ECHO_MAX + 8)

/* Fill f with check c, what in a few words, and the detail; the trace of the
 * talk so far with it. Returns false, for the caller to return. */
static bool found(const struct doc *d, struct finding *f, enum doctor_check c, const char *what,
                  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static bool found(const struct doc *d, struct finding *f, enum doctor_check c, const char *what,
                  const char *fmt, ...)
{
    va_list ap;

    f->check = c;
    f->not_move = false;
    snprintf(f->what, sizeof(f->what), "%s", what);
    va_start(ap, fmt);
    vsnprintf(f->detail, sizeof(f->detail), fmt, ap);
    va_end(ap);
    doctor_trace_tail(d, f->trace, sizeof(f->trace));
    return false;
}

/* The check a mistake of kind c at turn t breaks: the special position's, if
 * that is where it came and it was seen to hold elsewhere; else c itself. */
static enum doctor_check breaks(const struct doc *d, const struct ask *t, enum doctor_check c)
{
    return t->special && d->seen[c] ? CHECK_SPECIAL : c;
}

/* The game's first lines for its first turn, into buf. */
static size_t game_lines(struct doc *d, const struct game_state *s, const struct ask *t, char *buf)
{
    struct player *p = &d->p;
    struct time_control tc = {.move_ms = d->opt->move_ms,
                              .first_move_ms = d->opt->first_ms,
                              .margin_ms = DOCTOR_MARGIN_MS};
    struct protocol_game pg = {
        .def = d->opt->def, .side = s->to_move, .tc = &tc, .seed = d->rng >> 11, .id = t->game};
    int k = player_adapter(p)->game(&p->ad, &pg, t->start, buf, PROTOCOL_LINE_MAX);
    size_t n = k > 0 ? (size_t)k : 0;

    p->games++;
    if (p->proc.trace) {
        char note[64];
        snprintf(note, sizeof(note), "game %d, as %c", t->game, d->opt->def->marks[s->to_move]);
        proc_trace_note(&p->proc, note);
    }
    return n;
}

/* The lines of turn t in s, the game's first before them if due, its probes
 * in (doctor_probe.c), into buf (cap bytes); *turn_at: where the turn's
 * own begin. */
static size_t turn_lines(struct doc *d, const struct game_state *s, const struct ask *t, int limit,
                         char *buf, size_t cap, size_t *turn_at)
{
    struct player *p = &d->p;
    d->sending = t->sent;
    size_t n = t->first ? game_lines(d, s, t, buf) : 0;

    *turn_at = n;
    int k = player_adapter(p)->turn(&p->ad, s, limit, buf + n, cap - n);
    d->sending = 0;
    return n + (k > 0 ? (size_t)k : 0);
}

/* Nothing at all came back for turn t within limit: it is slow, or its
 * output sits in a buffer. A bot that has not read a byte of its turn is
 * slow (to start, most often). Else its input is closed: most programs then
 * exit, and what they buffered comes out with it; a line that does says so. */
static bool judge_silence(struct doc *d, const struct ask *t, const struct player_reply *r,
                          int limit, const char *sent, struct finding *f)
{
    char line[PROC_LINE_MAX + 1], got[SHOWN];
    size_t n;
    long unread = proc_input_unread(&d->p.proc);

    if (d->p.asked_len > 0 && unread >= (long)d->p.asked_len)
        return found(d, f, t->fresh ? CHECK_START : breaks(d, t, CHECK_TIME), r->reason,
                     "sent \"%s\": it had not read a byte of it %d ms later: it is slower than "
                     "that%s, or it does not read its standard input",
                     sent, limit, t->fresh ? " to start (raise --firstmove, or start faster)" : "");
    proc_close_input(&d->p.proc);
    if (proc_read_line(&d->p.proc, line, sizeof(line), &n,
                       proc_now_ns() + EXIT_GRACE_MS * NS_PER_MS) == PROC_OK)
        return found(d, f, CHECK_FLUSH, r->reason,
                     "sent \"%s\", nothing came back within %d ms, then \"%s\" as it exited once "
                     "its input was closed: its output waits in a buffer until exit: %s",
                     sent, limit, protocol_escape(got, sizeof(got), line, n),
                     flush_hint(d->bot->argv));
    /* It exited without a word: a buffer would have come out as it did. */
    if (proc_wait(&d->p.proc, proc_now_ns() + EXIT_GRACE_MS * NS_PER_MS))
        return found(d, f, t->fresh ? CHECK_START : breaks(d, t, CHECK_TIME), r->reason,
                     "sent \"%s\", nothing came back within %d ms, and it exited without a "
                     "word once its input was closed: it never wrote a reply to the turn",
                     sent, limit);
    return found(d, f, CHECK_FLUSH, r->reason,
                 "sent \"%s\", nothing came back within %d ms, nor when its input was closed: "
                 "it is slower than that%s, or its output sits in a buffer: %s",
                 sent, limit, t->fresh ? " to start" : "", flush_hint(d->bot->argv));
}

/* A turn that brought no line (r's foul): under the check it breaks. */
static bool judge_failure(struct doc *d, const struct ask *t, const struct player_reply *r,
                          int limit, const char *sent, struct finding *f)
{
    enum doctor_check own = breaks(d, t, CHECK_ALIVE);

    switch (r->foul) {
    case FOUL_TIMEOUT:
        if (!proc_has_written(&d->p.proc))
            return judge_silence(d, t, r, limit, sent, f);
        return found(d, f, t->fresh ? CHECK_START : breaks(d, t, CHECK_TIME), r->reason,
                     "sent \"%s\": %s; think less, or keep to the time it is told", sent,
                     r->reason);
    case FOUL_EXITED:
    case FOUL_CRASHED:
    case FOUL_CLOSED:
        if (t->kept)
            return found(d, f, CHECK_GAMES, r->reason,
                         "its process ended after game %d, by its first turn of game %d (%s): "
                         "play games until quit",
                         t->game - 1, t->game, r->reason);
        if (!sent[0])
            return found(d, f, own, r->reason, "its process ended between its turns of game %d: %s",
                         t->game, r->reason);
        return found(d, f, d->p.answered ? own : CHECK_START, r->reason,
                     "sent \"%s\": %s, in game %d%s", sent, r->reason, t->game,
                     d->p.answered ? "" : ", before its first reply");
    case FOUL_UNASKED:
        return found(d, f, CHECK_LINES, r->reason,
                     "%s; write one line a turn, and logs to standard error", r->reason);
    case FOUL_TOO_LONG:
        if (strncmp(r->reason, "flooded", 7) == 0)
            return found(d, f, CHECK_LINES, r->reason, "sent \"%s\": %s", sent, r->reason);
        return found(d, f, breaks(d, t, CHECK_LEGAL), r->reason,
                     "sent \"%s\": %s: a reply is one move", sent, r->reason);
    default:
        return found(d, f, breaks(d, t, CHECK_LEGAL), r->reason, "sent \"%s\": %s", sent,
                     r->reason);
    }
}

/* What is wrong with reply r in s as a move, into why (len bytes): the
 * match's own verdict (judge_move), then what to do about it; and the check
 * it breaks (*not_move: it is no move at all); CHECK_COUNT with *next the
 * position after it if it is a legal move. own: in referee's protocol. */
static enum doctor_check misplay(const struct game_state *s, const struct player_reply *r, bool own,
                                 struct game_state *next, char *why, size_t len, bool *not_move)
{
    char reason[RECORD_REASON_MAX];

    *next = *s;
    enum foul f = judge_move(next, (enum side)s->to_move, r->line, r->len, reason, sizeof(reason));
    *not_move = f == FOUL_MALFORMED;
    switch (f) {
    case FOUL_NONE: return CHECK_COUNT;
    case FOUL_MALFORMED:
        snprintf(why, len, "%s: not a move%s", reason,
                 own ? "; one move in the notation, nothing else on the line" : "");
        return CHECK_LEGAL;
    case FOUL_OUT_OF_TURN:
        snprintf(why, len, "%s: the mark of the other side; the game line says which it plays",
                 reason);
        return CHECK_COLOURS;
    default:
        snprintf(why, len, "%s; play %s", reason,
                 own ? "a word of the turn's legal list" : "a legal move");
        return CHECK_LEGAL;
    }
}

/* Whether extra, the foul of output when not asked, is about the reply shown
 * as got itself: written before its turn was read. */
static bool is_itself(const struct player_reply *extra, const char *got)
{
    char mine[SHOWN + 32];
    snprintf(mine, sizeof(mine), "wrote when not asked \"%s\"", got);
    return strcmp(extra->reason, mine) == 0;
}

/* Judge the reply r to turn t in *s (deadline_ns: the turn's). */
static bool judge_reply(struct doc *d, struct game_state *s, const struct ask *t,
                        const struct player_reply *r, int64_t deadline_ns, const char *sent,
                        struct finding *f)
{
    char got[SHOWN], why[RECORD_REASON_MAX + 96], what[SHOWN + 8];
    struct player_reply extra;
    struct game_state next;
    int64_t now = proc_now_ns(), after = now + player_after_ns(&d->p);

    protocol_escape(got, sizeof(got), r->line, r->len);
    snprintf(what, sizeof(what), "got \"%s\"", got);
    bool not_move;
    enum doctor_check c =
        misplay(s, r, d->bot->proto.proto == PROTO_REFEREE, &next, why, sizeof(why), &not_move);
    if (c != CHECK_COUNT) {
        /* A line after it: two lines for one turn, the first most often a
         * debug print or the last move again. */
        if (player_wrote_more(&d->p, r, deadline_ns < after ? deadline_ns : after, false, &extra))
            found(d, f, CHECK_LINES, what,
                  "sent \"%s\", got \"%s\"%s%s; write one line a turn, and logs to standard "
                  "error",
                  sent, got, is_itself(&extra, got) ? " before it read the turn" : ", then: ",
                  is_itself(&extra, got) ? "" : extra.reason);
        else
            found(d, f, c == CHECK_LEGAL ? breaks(d, t, c) : c, what, "sent \"%s\", got \"%s\": %s",
                  sent, got, why);
        f->not_move = not_move;
        d->p.tainted = true;
        return false;
    }
    d->seen[CHECK_LEGAL] = true;
    d->seen[CHECK_SPECIAL] |= t->special;
    d->legal_as[s->to_move] = true;
    *s = next;
    if (player_wrote_more(&d->p, r, t->watch ? now + DOCTOR_QUIET_MS * NS_PER_MS : 0, false,
                          &extra)) {
        d->p.tainted = true;
        return found(d, f, CHECK_LINES, what,
                     "after its reply \"%s\": %s; write one line a turn, and logs to standard "
                     "error",
                     got, extra.reason);
    }
    if (t->watch)
        d->seen[CHECK_LINES] = true;
    return true;
}

/* A line came in time: the checks of time that it meets. */
static void note_time(struct doc *d, const struct ask *t, const struct player_reply *r, int limit)
{
    struct doctor_item *start = &d->out->items[CHECK_START];

    d->seen[CHECK_FLUSH] = true;
    d->seen[t->fresh ? CHECK_START : CHECK_TIME] = true;
    if (t->fresh && !start->detail[0])
        snprintf(start->detail, sizeof(start->detail),
                 "its first reply came %lld ms after its first turn was sent (limit %d ms)",
                 (long long)(r->elapsed_ns / NS_PER_MS), limit);
    if (t->kept)
        d->seen[CHECK_GAMES] = true;
    d->out->turns++;
    d->p.answered = true;
}

bool doctor_ask(struct doc *d, struct game_state *s, const struct ask *t, struct finding *f)
{
    struct player_reply r;
    char line[3 * PROTOCOL_LINE_MAX], sent[SHOWN];
    size_t at;

    d->special_asked |= t->special;
    if (player_wrote_unasked(&d->p, &r))
        return judge_failure(d, t, &r, 0, "", f);
    int limit = t->first ? d->opt->first_ms : d->opt->move_ms;
    size_t len = turn_lines(d, s, t, limit, line, sizeof(line), &at);
    int64_t now = proc_now_ns();
    struct player_request q = {.state = s,
                               .line = line,
                               .len = len,
                               .limit_ms = limit,
                               .start_ns = now,
                               .deadline_ns =
                                   now + (int64_t)(limit + DOCTOR_MARGIN_MS) * NS_PER_MS};
    player_ask(&d->p, &q, &r);
    protocol_escape(sent, sizeof(sent), line + at, len - at);
    /* A line came for a foul of its protocol's (an engine's ERROR), a line too long, or two. */
    if (r.foul == FOUL_MALFORMED || r.foul == FOUL_TOO_LONG || r.foul == FOUL_UNASKED)
        note_time(d, t, &r, limit);
    if (r.foul != FOUL_NONE)
        return judge_failure(d, t, &r, limit, sent, f);
    note_time(d, t, &r, limit);
    return judge_reply(d, s, t, &r, q.deadline_ns, sent, f);
}
