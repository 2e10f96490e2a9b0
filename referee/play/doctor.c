/* doctor.c: one bot through the protocol's promises: the games doctor plays
 * it through the match loop (doctor_seat.c watches), the probes they carry,
 * and what went wrong in them, under the check it breaks. */
#include "defaults.h"
#include "doctor_impl.h"
#include "opening.h"
#include "record.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

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

/* Record f under its check; a check's first FAIL is the one it shows. */
void doctor_note(struct doc *d, const struct finding *f)
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
    doctor_note(d, &p);
}

/* A seed of game g's own for referee's moves: the same when it is replayed. */
static uint64_t game_seed(const struct doc *d, int g)
{
    uint64_t mix = d->opt->seed ^ ((uint64_t)g * 0x9e3779b97f4a7c15ull);
    return opening_random(&mix);
}

/* Game g through the match loop, the bot's seat against referee's random
 * mover, doctor watching. Returns 0, or the operator's mistake (match_play). */
static int run_game(struct doc *d, struct game_plan *g)
{
    struct seat_random opponent;
    struct seat *seats[2];
    enum side failed;

    seat_random_init(&opponent, game_seed(d, g->number));
    seats[g->side] = &d->seat.seat;
    seats[side_other(g->side)] = &opponent.seat;
    d->rec.id = g->number;
    d->rec.seed = d->opt->seed;
    d->plan = g;
    d->turn = (struct ask){.game = g->number};
    d->replay_done = 0;
    d->asked = 0;
    d->failed = false;
    d->sent[0] = '\0';
    return match_play(seats, g->start, &d->rules, &d->rec, &failed);
}

/* Whether the bot, in a new process, plays game g again past ply `at` (where
 * it failed) without a foul when no line carries a probe: if it does, the
 * probes broke it. The same game: the same seeds, referee's moves the same. */
static bool answers_plain(struct doc *d, struct game_plan *g, int at)
{
    d->replaying = true;
    d->replay_at = at;
    int rc = run_game(d, g);
    d->replaying = false;
    d->p.tainted = true; /* its game is left there: the next one starts anew */
    return rc == 0 && d->replay_done;
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

/* Game g went wrong at the turn d->turn, as d->found says: under the check
 * it breaks, or under forward compatibility if probes broke it. */
static void judge_turn(struct doc *d, struct game_plan *g)
{
    struct finding f = d->found;
    struct ask t = d->turn;
    unsigned suspect = t.sent & ~d->probes_held; /* one it went past did not break it */

    /* It went on after a plain result line before (the probe is sent only then). */
    if (t.kept && g->after_probe && f.check == CHECK_GAMES)
        note_probe(d, g->after_probe, &f);
    else if (suspect && is_misreading(&f) && g->new_process && answers_plain(d, g, t.ply))
        note_probe(d, suspect, &f);
    else
        doctor_note(d, &f);
}

/* Its command could not be started for a game (rc): nothing more is. */
static void note_no_start(struct doc *d, int rc)
{
    struct finding f = {.check = CHECK_START};

    snprintf(f.detail, sizeof(f.detail), "%s could not be started%s: %s",
             d->p.started ? "it" : "its command", d->p.started ? " again" : "",
             rc == -EPROTONOSUPPORT && d->p.why[0] ? d->p.why : strerror(-rc));
    doctor_trace_tail(d, f.trace, sizeof(f.trace));
    doctor_note(d, &f);
}

/* Play game g. Returns 1 if it was played to its end, 0 if a turn of the
 * bot's went wrong (noted), or -1 if it could not be started (noted). */
static int play_game(struct doc *d, struct game_plan *g)
{
    int rc = run_game(d, g);

    if (rc < 0) {
        note_no_start(d, rc);
        return -1;
    }
    if (d->failed) {
        judge_turn(d, g);
        return 0;
    }
    d->seen[CHECK_ALIVE] = true;
    d->out->games++;
    return 1;
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
        doctor_note(d, &f);
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
        if (play_game(d, &plan) < 0)
            return;
        if (d->out->turns == 0) /* it never answered: nothing else can be judged */
            return;
        after = plan.result_probe;
        kept = g < games && keep_after(d, &plan);
    }
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
    doctor_talk_init(&d);
    doctor_seat_init(&d);
    bool have_special = find_position(&d, opt->def->is_special, &special);
    game_init(&start, opt->def, true);
    play_all(&d, &start, have_special ? &special : NULL);
    doctor_conclude(&d, have_special);
}
