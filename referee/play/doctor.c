/* doctor.c: one bot through the protocol's promises: the games doctor plays
 * it, the probes they carry, and the checklist they add up to. */
#include "defaults.h"
#include "doctor_impl.h"
#include "opening.h"
#include "record.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define LINES_SEEN 2      /* turns a game whose reply is watched for a second line */
#define PROBE_GAME 4      /* the first game whose lines carry probes: in a new process */
#define TRACE_ROOM 262144 /* the log's room for the trace, past twice its cap */

const char *const doctor_check_names[CHECK_COUNT] = {
    [CHECK_START] = "starts and answers its first turn within the first-move limit",
    [CHECK_TIME] = "answers every later turn within the move limit",
    [CHECK_FLUSH] = "flushes its standard output after each reply",
    [CHECK_LINES] = "writes one line a turn and nothing unasked",
    [CHECK_LEGAL] = "replies in the game's notation, legal moves only",
    [CHECK_ALIVE] = "keeps running through a game (no exit, crash or closed pipe)",
    [CHECK_SPECIAL] = "plays the special positions of its game",
    [CHECK_FORWARD] = "ignores unknown kinds of lines, and unknown keys on every line",
    [CHECK_COLOURS] = "plays both sides",
    [CHECK_GAMES] = "plays several games in one process",
    [CHECK_QUIT] = "exits on quit within the grace period",
    [CHECK_STDERR] = "keeps its log on standard error, within a tournament's cap",
};

/* One game doctor plays it. */
struct game_plan {
    int number;
    const struct game_state *start;
    enum side side;
    bool special;          /* start is its game's special position */
    bool new_process;      /* it is played by a new process */
    bool kept;             /* its process is kept from the last game */
    bool may_probe_result; /* a game follows in the same process */
    unsigned first_probes; /* on the lines of its first turn */
    unsigned later_probes; /* on its later turn lines */
    unsigned after_probe;  /* the last game's result line carried PROBE_RESULT_KEY */
    unsigned result_probe; /* set as it ends: its result line carries it */
};

/* Record f under its check; a check's first FAIL is the one it shows. */
static void note(struct doc *d, const struct finding *f)
{
    struct doctor_item *it = &d->out->items[f->check];

    if (it->status == DOCTOR_FAIL)
        return;
    it->status = DOCTOR_FAIL;
    if (f->check == CHECK_SPECIAL)
        snprintf(it->detail, sizeof(it->detail), "in %.40s: %.270s", d->opt->def->special,
                 f->detail);
    else
        snprintf(it->detail, sizeof(it->detail), "%s", f->detail);
    snprintf(it->trace, sizeof(it->trace), "%s", f->trace);
}

/* f came of lines carrying the probes bits, and not without them: a FAIL of
 * forward compatibility, with what to change. They are not sent again. */
static void note_probe(struct doc *d, unsigned bits, const struct finding *f)
{
    struct finding p = *f;

    p.check = CHECK_FORWARD;
    d->probes_failed |= bits;
    if (bits & PROBE_TURN_KEY)
        snprintf(
            p.detail, sizeof(p.detail),
            "a turn line with \"%s\" before legal broke it (%s); without it, the same "
            "game played on: read keys by name, not by position (the moves are the words after "
            "legal), and skip unknown ones",
            PROBE_KEY, f->what);
    else if (bits & PROBE_RESULT_KEY)
        snprintf(p.detail, sizeof(p.detail),
                 "a result line with \"%s\" before reason broke it (%s); one without it did "
                 "not: read keys by name, and skip unknown ones",
                 PROBE_KEY, f->what);
    else
        snprintf(
            p.detail, sizeof(p.detail),
            "a game line ending \"%s\", then a line \"%s\", broke it (%s); without "
            "them, the same game played on: skip the keys and the kinds of lines you do not know",
            PROBE_KEY, PROBE_LINE, f->what);
    note(d, &p);
}

/* Whether the bot, in a new process, plays game g as far as s (a turn it
 * failed in a process of its own) with legal moves when no line carries a
 * probe, asked the positions of g's record: if it does, the probes broke it. */
static bool answers_plain(struct doc *d, const struct game_plan *g, const struct game_state *s)
{
    struct game_state at = *g->start;
    struct finding ignored;
    bool ok = player_ensure_started(&d->p, true) == 0;

    for (int i = g->start->nhistory; ok; i++) {
        if (at.to_move == g->side) {
            struct ask plain = {.start = g->start,
                                .game = g->number,
                                .first = d->p.games == 0,
                                .fresh = d->p.games == 0,
                                .watch = true};
            struct game_state copy = at;
            ok = doctor_ask(d, &copy, &plain, &ignored);
        }
        if (i >= s->nhistory)
            break;
        game_step(&at, s->history[i]);
    }
    d->p.tainted = true; /* its game is left there: the next one starts anew */
    return ok;
}

/* Whether f is what a line the bot cannot read makes of it: a word of the
 * line taken for a move, an exit, or an answer to the line (a first line
 * that is no move). Not a second move, or a matter of time. */
static bool is_misreading(const struct finding *f)
{
    switch (f->check) {
    case CHECK_START:
    case CHECK_LEGAL:
    case CHECK_ALIVE:
    case CHECK_SPECIAL:
    case CHECK_COLOURS:
    case CHECK_GAMES: return true;
    case CHECK_LINES: return f->not_move;
    default: return false;
    }
}

/* A turn t from s that went wrong (f): under the check it breaks, or under
 * forward compatibility if probes broke it. */
static void judge_turn(struct doc *d, const struct game_plan *g, const struct game_state *s,
                       const struct ask *t, const struct finding *f)
{
    /* It went on after a plain result line before (the probe is sent only then). */
    if (t->kept && g->after_probe && f->check == CHECK_GAMES)
        note_probe(d, g->after_probe, f);
    else if (t->sent && is_misreading(f) && g->new_process && answers_plain(d, g, s))
        note_probe(d, t->sent, f);
    else
        note(d, f);
}

/* The game over in s: the bot is told, with the probe if one is due. */
static void tell_result(struct doc *d, const struct game_state *s, struct game_plan *g)
{
    char line[PROTOCOL_LINE_MAX], reason[RECORD_REASON_MAX];

    if (g->may_probe_result && d->seen[CHECK_GAMES] &&
        !((d->probes_held | d->probes_failed) & PROBE_RESULT_KEY))
        g->result_probe = PROBE_RESULT_KEY;
    d->sending = g->result_probe;
    int n = player_adapter(&d->p)->result(&d->p.ad, s, game_reason(s, reason, sizeof(reason)), line,
                                          sizeof(line));
    d->sending = 0;
    if (n > 0)
        player_tell(&d->p, line, (size_t)n, proc_now_ns() + TELL_MS * NS_PER_MS);
}

/* Play game g, the bot's side against seeded random moves. Returns true if
 * it was played to its end, else false with what went wrong noted. */
static bool play_game(struct doc *d, struct game_plan *g)
{
    struct game_state s = *g->start;
    int asked = 0;

    while (!game_is_over(&s)) {
        if (s.to_move != g->side) {
            struct action moves[GAME_MAX_SQUARES + 1];
            int n = game_legal(&s, moves);
            game_step(&s, moves[opening_random(&d->rng) % (uint64_t)n]);
            continue;
        }
        struct ask t = {.start = g->start,
                        .game = g->number,
                        .first = asked == 0,
                        .fresh = asked == 0 && d->p.games == 0,
                        .kept = asked == 0 && g->kept,
                        .special = asked == 0 && g->special,
                        .watch = asked < LINES_SEEN,
                        .sent =
                            (asked == 0 ? g->first_probes : g->later_probes) & ~d->probes_failed};
        struct game_state before = s;
        struct finding f;
        if (!doctor_ask(d, &s, &t, &f)) {
            judge_turn(d, g, &before, &t, &f);
            return false;
        }
        d->probes_held |= t.sent | (t.kept ? g->after_probe : 0);
        asked++;
    }
    tell_result(d, &s, g);
    d->seen[CHECK_ALIVE] = true;
    d->out->games++;
    return true;
}

/* After game g's result, is its process still there, and quiet? A bot that
 * quits after a game does so at its result line. Returns whether it is kept
 * for the next game. */
static bool keep_after(struct doc *d, const struct game_plan *g)
{
    struct player_reply r;
    struct finding f = {.check = CHECK_GAMES};

    if (!d->p.running || d->p.tainted)
        return false;
    nanosleep(&(struct timespec){0, DOCTOR_QUIET_MS * NS_PER_MS}, NULL);
    if (!player_wrote_unasked(&d->p, &r)) {
        d->probes_held |= g->result_probe;
        return true;
    }
    snprintf(f.what, sizeof(f.what), "%.95s", r.reason);
    if (r.foul != FOUL_UNASKED) {
        snprintf(f.detail, sizeof(f.detail),
                 "its process ended after game %d, before quit (%s): play games until quit, "
                 "each begins with a game line",
                 g->number, r.reason);
    } else {
        f.check = CHECK_LINES;
        snprintf(f.detail, sizeof(f.detail),
                 "after the result of game %d: %s; write nothing but a reply to each turn",
                 g->number, r.reason);
    }
    doctor_trace_tail(d, f.trace, sizeof(f.trace));
    if (g->result_probe)
        note_probe(d, g->result_probe, &f);
    else
        note(d, &f);
    return false;
}

/* Its process for game g: the one kept, or a new one. Returns false, with a
 * FAIL, if it cannot be started. */
static bool start_bot(struct doc *d, const struct game_plan *g)
{
    struct stat st;
    struct finding f = {.check = CHECK_START};

    d->log_from = d->opt->log_path && stat(d->opt->log_path, &st) == 0 ? (long)st.st_size : 0;
    int rc = player_ensure_started(&d->p, g->new_process);
    if (rc >= 0)
        return true;
    snprintf(f.detail, sizeof(f.detail), "%s could not be started%s: %s",
             d->p.started ? "it" : "its command", d->p.started ? " again" : "",
             rc == -EPROTONOSUPPORT && d->p.why[0] ? d->p.why : strerror(-rc));
    doctor_trace_tail(d, f.trace, sizeof(f.trace));
    note(d, &f);
    return false;
}

/* What game g of n is. Game 1: its first turn, as the first side. Game 2: the
 * second side, in the same process. Game 3: its game's special position. Game
 * PROBE_GAME on (referee's protocol): a new process, whose lines carry the
 * probes, from the start, sides in turn. A result line carries its probe once
 * a process was seen to go on after a plain one. */
static void plan_game(const struct doc *d, int g, int n, const struct game_state *start,
                      const struct game_state *special, struct game_plan *out)
{
    bool probing = d->bot->proto.proto == PROTO_REFEREE;
    unsigned judged = d->probes_held | d->probes_failed;

    memset(out, 0, sizeof(*out));
    out->number = g;
    out->special = g == 3 && special;
    out->start = out->special ? special : start;
    out->side = out->special ? (enum side)special->to_move : g % 2 ? SIDE_FIRST : SIDE_SECOND;
    out->new_process = probing && g >= PROBE_GAME;
    out->may_probe_result = probing && g < n;
    if (probing && g >= PROBE_GAME) {
        out->first_probes = (PROBE_GAME_KEY | PROBE_KIND) & ~judged;
        out->later_probes = PROBE_TURN_KEY;
    }
}

/* Every game, until one that cannot start, or a first game never answered. */
static void play_all(struct doc *d, const struct game_state *start,
                     const struct game_state *special)
{
    int games = d->opt->games < 2 ? 2 : d->opt->games;
    bool kept = false;
    unsigned after = 0;

    for (int g = 1; g <= games; g++) {
        struct game_plan plan;
        plan_game(d, g, games, start, special, &plan);
        plan.kept = kept && !plan.new_process;
        plan.after_probe = after;
        if (!start_bot(d, &plan))
            return;
        play_game(d, &plan);
        if (d->out->turns == 0) /* it never answered: nothing else can be judged */
            return;
        after = plan.result_probe;
        kept = g < games && keep_after(d, &plan);
    }
}

/* quit, in its protocol, then the grace: does it go? */
static void check_quit(struct doc *d)
{
    struct player *p = &d->p;
    struct finding f = {.check = CHECK_QUIT};
    char quit[64], shown[4 * PROTOCOL_ECHO_MAX + 8];

    if (p->running && !p->tainted) /* a bot that quits after a game does so at its result */
        nanosleep(&(struct timespec){0, DOCTOR_QUIET_MS * NS_PER_MS}, NULL);
    if (!p->running || p->tainted || proc_wait(&p->proc, 0)) {
        d->ended_before_quit = p->running && !p->tainted;
        player_stop(p, 0);
        return;
    }
    int n = player_adapter(p)->quit(&p->ad, quit, sizeof(quit));
    size_t k = n > 0 ? (size_t)n : 0;
    while (k > 0 && (quit[k - 1] == '\n' || quit[k - 1] == '\r'))
        k--;
    int64_t grace = proc_now_ns() + EXIT_GRACE_MS * NS_PER_MS;
    if (n <= 0 || proc_write(&p->proc, quit, (size_t)n, grace) != PROC_OK)
        d->ended_before_quit = true; /* it closed its input, or ended, after the result */
    else if (!proc_wait(&p->proc, grace))
        snprintf(f.detail, sizeof(f.detail),
                 "sent \"%s\": still running %d ms later; exit when the line is quit (or at "
                 "the end of input)",
                 protocol_escape(shown, sizeof(shown), quit, k), EXIT_GRACE_MS);
    else
        d->seen[CHECK_QUIT] = true;
    if (!d->seen[CHECK_QUIT] && !d->ended_before_quit) {
        doctor_trace_tail(d, f.trace, sizeof(f.trace));
        note(d, &f);
    }
    proc_stop(&p->proc, 0);
    p->running = false;
}

/* What it wrote to standard error: a tournament keeps LOG_CAP_DEFAULT bytes of it. */
static void check_log(struct doc *d)
{
    long long size = doctor_log_size(d->opt->log_path);
    struct doctor_item *it = &d->out->items[CHECK_STDERR];

    d->seen[CHECK_STDERR] = true;
    if (size <= LOG_CAP_DEFAULT) {
        snprintf(it->detail, sizeof(it->detail), "%lld bytes to standard error, its log", size);
        return;
    }
    it->status = DOCTOR_WARN;
    snprintf(it->detail, sizeof(it->detail),
             "%s%lld bytes to standard error in %d games: a tournament keeps %d of its log "
             "(--log-cap); log less, or raise the cap",
             size >= 2 * LOG_CAP_DEFAULT ? "at least " : "",
             size < 2 * LOG_CAP_DEFAULT ? size : 2 * LOG_CAP_DEFAULT, d->out->games,
             LOG_CAP_DEFAULT);
}

/* The probes of bits, in words, into out (cap bytes). */
static void probe_words(unsigned bits, char *out, size_t cap)
{
    static const char *const words[] = {
        "an unknown key on the game line", "a line of an unknown kind",
        "an unknown key on a turn line", "an unknown key on the result line"};
    size_t at = 0;

    out[0] = '\0';
    for (int i = 0, k = 0; i < 4; i++)
        if (bits & (1u << i) && at < cap)
            at += (size_t)snprintf(out + at, cap - at, "%s%s", k++ ? ", " : "", words[i]);
}

/* Why check c was not seen, into out (cap bytes): not its protocol's, or
 * not reached, and how far the bot got. */
static void why_not_seen(const struct doc *d, enum doctor_check c, bool have_special, char *out,
                         size_t cap)
{
    static const char *const not_reached[CHECK_COUNT] = {
        [CHECK_TIME] = "not reached: it answered no turn after its first of a game",
        [CHECK_FLUSH] = "not reached: no line came from it",
        [CHECK_LINES] = "not reached: no reply of it was taken as a move",
        [CHECK_LEGAL] = "not reached: no reply of it was taken as a move",
        [CHECK_ALIVE] = "not reached: no game was played to its end",
        [CHECK_SPECIAL] = "not reached: no game got to it",
        [CHECK_GAMES] = "not reached: no process of it finished a game and went on",
        [CHECK_QUIT] = "not reached: its last process was stopped after a foul",
    };
    const struct adapter *ad = player_adapter(&d->p);
    char unseen[160];

    if (c == CHECK_FORWARD && d->bot->proto.proto != PROTO_REFEREE)
        snprintf(out, cap,
                 "not for a %s engine: it is sent its own protocol, where referee's unknown "
                 "keys and kinds of lines do not come",
                 ad->name);
    else if (d->out->turns == 0)
        snprintf(out, cap, "not checked: it never answered a turn");
    else if (c == CHECK_QUIT && d->ended_before_quit)
        snprintf(out, cap, "not reached: its process ended after its last result, before quit");
    else if (c == CHECK_SPECIAL && !have_special)
        snprintf(out, cap, "none found in seeded play");
    else if (c == CHECK_SPECIAL && d->opt->games < 3)
        snprintf(out, cap, "not played: it is game 3 (--games 3 or more)");
    else if (c == CHECK_SPECIAL && d->special_asked)
        snprintf(out, cap, "not judged: what it did there FAILs another check, above");
    else if (c == CHECK_COLOURS)
        snprintf(out, cap, "not reached: no legal move of it as the %s side",
                 d->legal_as[SIDE_FIRST] ? "second" : "first");
    else if (c == CHECK_FORWARD && d->opt->games < PROBE_GAME)
        snprintf(out, cap, "not played: it is game %d on (--games %d or more)", PROBE_GAME,
                 PROBE_GAME);
    else if (c == CHECK_FORWARD) {
        probe_words(PROBE_ALL & ~d->probes_held, unseen, sizeof(unseen));
        snprintf(out, cap, "not reached: it was never seen going on past %s", unseen);
    } else
        snprintf(out, cap, "%s", not_reached[c] ? not_reached[c] : "not reached");
}

/* PASS or SKIP for each check with no FAIL or WARN, with its detail. */
static void conclude(struct doc *d, bool have_special)
{
    d->seen[CHECK_FORWARD] = (d->probes_held & PROBE_ALL) == PROBE_ALL;
    d->seen[CHECK_COLOURS] = d->legal_as[SIDE_FIRST] && d->legal_as[SIDE_SECOND];
    for (int c = 0; c < CHECK_COUNT; c++) {
        struct doctor_item *it = &d->out->items[c];
        if (it->status == DOCTOR_FAIL || it->status == DOCTOR_WARN)
            continue;
        it->status = d->seen[c] ? DOCTOR_PASS : DOCTOR_SKIP;
        if (!d->seen[c])
            why_not_seen(d, (enum doctor_check)c, have_special, it->detail, sizeof(it->detail));
    }
    if (d->seen[CHECK_SPECIAL])
        snprintf(d->out->items[CHECK_SPECIAL].detail, DOCTOR_DETAIL_MAX, "%s",
                 d->opt->def->special);
    if (d->seen[CHECK_FORWARD])
        snprintf(d->out->items[CHECK_FORWARD].detail, DOCTOR_DETAIL_MAX,
                 "it went on past an unknown key on game, turn and result lines, and a line "
                 "of an unknown kind");
}

/* A random position of def that pred likes, with the side to move still to
 * play: from seeded random playouts. Returns false if none was found. */
static bool find_position(struct doc *d, bool (*pred)(const struct game_state *),
                          struct game_state *out)
{
    for (int tries = 0; tries < 20000; tries++) {
        struct game_state s;
        game_init(&s, d->opt->def, false);
        while (!game_is_over(&s)) {
            if (s.nhistory > 0 && pred(&s)) {
                *out = s;
                return true;
            }
            struct action moves[GAME_MAX_SQUARES + 1];
            int n = game_legal(&s, moves);
            game_step(&s, moves[opening_random(&d->rng) % (uint64_t)n]);
        }
    }
    return false;
}

void doctor_run(const struct bot_spec *bot, const struct doctor_options *opt,
                struct doctor_report *out)
{
    struct doc d = {.opt = opt, .bot = bot, .out = out, .rng = opt->seed ^ 0x9e3779b97f4a7c15ull};
    struct game_state start, special;

    memset(out, 0, sizeof(*out));
    for (int c = 0; c < CHECK_COUNT; c++)
        out->items[c].status = DOCTOR_SKIP;
    d.traced = *bot; /* borrows its strings, for as long as d.p runs */
    d.traced.trace = opt->log_path != NULL;
    player_init(&d.p, &d.traced, opt->def, opt->log_path, 2 * LOG_CAP_DEFAULT + TRACE_ROOM);
    if (bot->proto.proto == PROTO_REFEREE) {
        doctor_probe_adapter(&d.probing);
        d.p.adapter = &d.probing;
    }
    bool have_special = find_position(&d, opt->def->is_special, &special);
    game_init(&start, opt->def, true);
    play_all(&d, &start, have_special ? &special : NULL);
    check_quit(&d);
    check_log(&d);
    conclude(&d, have_special);
}
