/* doctor.c: one bot through the protocol's promises, judged one by one. */
#include "defaults.h"
#include "doctor.h"
#include "flush.h"
#include "notation.h"
#include "opening.h"
#include "player.h"
#include "protocol.h"
#include "record.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define QUIET_MS   30     /* how long a bot is watched after a reply for a second line */
#define LINES_SEEN 2      /* turns a game watched so */
#define TRACE_ROOM 262144 /* the log's room for the trace, past twice that */

const char *const doctor_check_names[CHECK_COUNT] = {
    [CHECK_START] = "starts and answers its first turn within the first-move limit",
    [CHECK_TIME] = "answers every later turn within the move limit",
    [CHECK_FLUSH] = "flushes its standard output after each reply",
    [CHECK_LINES] = "writes one line a turn and nothing unasked",
    [CHECK_LEGAL] = "replies in the game's notation, legal moves only",
    [CHECK_SPECIAL] = "plays the special positions of its game",
    [CHECK_FORWARD] = "ignores unknown kinds of lines and unknown key value words",
    [CHECK_COLOURS] = "plays both sides",
    [CHECK_GAMES] = "plays several games in one process",
    [CHECK_QUIT] = "exits on quit within the grace period",
    [CHECK_STDERR] = "keeps its log on standard error, within a tournament's cap",
};

struct doc {
    const struct doctor_options *opt;
    const struct bot_spec *bot;
    struct bot_spec traced; /* bot, its talk traced into its log */
    long log_from;          /* where the game under way begins in the log */
    struct doctor_report *out;
    struct player p;
    uint64_t rng;
    int fouls_as[2];
    int turns_as[2];
};

/* True if line is one of the trace's: "[  12.345 ms] 4321 > ...". */
static bool is_trace_line(const char *line)
{
    size_t i = 1;
    if (line[0] != '[')
        return false;
    while (line[i] == ' ')
        i++;
    size_t digits = strspn(line + i, "0123456789");
    if (digits == 0 || line[i + digits] != '.')
        return false;
    i += digits + 1;
    if (strspn(line + i, "0123456789") != 3 || strncmp(line + i + 3, " ms] ", 5) != 0)
        return false;
    i += 8;
    digits = strspn(line + i, "0123456789"); /* the pid */
    if (digits == 0 || line[i + digits] != ' ')
        return false;
    i += digits + 1;
    return line[i] != '\0' && strchr("<>-", line[i]) && line[i + 1] == ' ';
}

/* The last DOCTOR_TRACE_LINES lines of trace in the log since the game under
 * way began, into out (cap bytes): the talk that a FAIL comes from. */
static void trace_tail(const struct doc *d, char *out, size_t cap)
{
    char lines[DOCTOR_TRACE_LINES][DOCTOR_TRACE_WIDTH + 1], *line = NULL;
    size_t size = 0, k = 0;
    FILE *f = d->opt->log_path ? fopen(d->opt->log_path, "re") : NULL;

    out[0] = '\0';
    if (!f)
        return;
    if (fseek(f, d->log_from, SEEK_SET) == 0)
        while (getline(&line, &size, f) > 0) {
            if (!is_trace_line(line))
                continue;
            char *to = lines[k++ % DOCTOR_TRACE_LINES];
            size_t n = strcspn(line, "\n");
            if (n > DOCTOR_TRACE_WIDTH) {
                memcpy(line + DOCTOR_TRACE_WIDTH - 3, "...", 3);
                n = DOCTOR_TRACE_WIDTH;
            }
            for (size_t i = 0; i < n; i++) /* a bot's stderr line may only look like one */
                to[i] = line[i] >= 0x20 && line[i] < 0x7f ? line[i] : '?';
            to[n] = '\0';
        }
    free(line);
    fclose(f);
    size_t at = 0;
    for (size_t i = k > DOCTOR_TRACE_LINES ? k - DOCTOR_TRACE_LINES : 0; i < k; i++) {
        int n = snprintf(out + at, cap - at, "%s\n", lines[i % DOCTOR_TRACE_LINES]);
        if (n < 0 || (size_t)n >= cap - at)
            break;
        at += (size_t)n;
    }
}

/* Record what went wrong with check c (the first time it does). */
static void note(struct doc *d, enum doctor_check c, enum doctor_status st, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void note(struct doc *d, enum doctor_check c, enum doctor_status st, const char *fmt, ...)
{
    struct doctor_item *it = &d->out->items[c];
    va_list ap;

    if (it->status == DOCTOR_SKIP || (it->status >= st && it->status != DOCTOR_PASS))
        return;
    it->status = st;
    va_start(ap, fmt);
    vsnprintf(it->detail, sizeof(it->detail), fmt, ap);
    va_end(ap);
    if (st == DOCTOR_FAIL)
        trace_tail(d, it->trace, sizeof(it->trace));
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

/* The special position of the game, as its table names it: what a bot is most
 * likely to get wrong. */
static bool special_position(struct doc *d, struct game_state *s, const char **what)
{
    *what = d->opt->def->special;
    return find_position(d, d->opt->def->is_special, s);
}

/* Text for a detail: the line cut and escaped. */
static const char *shown(const char *text, size_t len, char *buf, size_t cap)
{
    return protocol_escape(buf, cap, text, len);
}

/* A reply that did not come as a reply: which check it breaks. */
static void judge_failure(struct doc *d, const struct player_reply *r, bool first, int limit,
                          const char *sent)
{
    char s[4 * PROTOCOL_ECHO_MAX + 8];
    shown(sent, strlen(sent), s, sizeof(s));
    if (r->foul == FOUL_TIMEOUT && !proc_has_written(&d->p.proc)) {
        note(d, CHECK_FLUSH, DOCTOR_FAIL,
             "sent \"%s\", nothing came back within %d ms; if it did answer, its output "
             "sits in a buffer: %s",
             s, limit, flush_hint(d->bot->argv));
        note(d, first ? CHECK_START : CHECK_TIME, DOCTOR_FAIL, "no reply within %d ms", limit);
    } else if (r->foul == FOUL_TIMEOUT) {
        note(d, first ? CHECK_START : CHECK_TIME, DOCTOR_FAIL,
             "sent \"%s\": %s; think less, or keep time: the turn line says how much", s,
             r->reason);
    } else {
        note(d, first ? CHECK_START : CHECK_GAMES, DOCTOR_FAIL, "sent \"%s\": %s", s, r->reason);
    }
}

/* Judge a reply line in s; returns the action, or a forfeit with a note. */
static bool judge_reply(struct doc *d, struct game_state *s, const struct player_reply *r,
                        const char *sent)
{
    char got[4 * PROTOCOL_ECHO_MAX + 8], was[4 * PROTOCOL_ECHO_MAX + 8];
    struct action a;
    shown(r->line, r->len, got, sizeof(got));
    shown(sent, strlen(sent), was, sizeof(was));
    if (!protocol_is_printable(r->line, r->len) || protocol_parse_reply(s, r->line, &a) < 0) {
        note(d, CHECK_LEGAL, DOCTOR_FAIL,
             "sent \"%s\", got \"%s\": a reply is one move in the notation (\"c2\", \"x:c2\", "
             "\"pass\"), nothing else on the line",
             was, got);
        return false;
    }
    if (a.side != s->to_move) {
        note(d, CHECK_LEGAL, DOCTOR_FAIL, "sent \"%s\", got \"%s\": the other side's mark", was,
             got);
        return false;
    }
    game_step(s, a);
    if (s->end == END_FOUL) {
        char reason[RECORD_REASON_MAX];
        note(d, CHECK_LEGAL, DOCTOR_FAIL,
             "sent \"%s\", got \"%s\": %s; play a word of the turn's legal list", was, got,
             game_reason(s, reason, sizeof(reason)));
        return false;
    }
    return true;
}

/* One game from start, the bot playing side; game_line_extra is added to its
 * game line, extra_line sent before its first turn. Returns false when the bot
 * fouled (its process is then started again for the next game), with why (a
 * foul's reason, RECORD_REASON_MAX bytes). */
static bool play_game(struct doc *d, int number, const struct game_state *start, enum side side,
                      const char *game_line_extra, const char *extra_line, char *why)
{
    const struct doctor_options *o = d->opt;
    struct time_control tc = {.move_ms = o->move_ms, .first_move_ms = o->first_ms, .margin_ms = 50};
    struct protocol_game pg = {
        .def = o->def, .side = side, .tc = &tc, .seed = d->rng >> 11, .id = number};
    struct game_state s = *start;
    char line[3 * PROTOCOL_LINE_MAX];
    bool first_turn = true;
    int seen = 0;

    while (!game_is_over(&s)) {
        if (s.to_move != side) {
            struct action moves[GAME_MAX_SQUARES + 1];
            int n = game_legal(&s, moves);
            game_step(&s, moves[opening_random(&d->rng) % (uint64_t)n]);
            continue;
        }
        size_t len = 0;
        if (first_turn) {
            int k = protocol_format_game(line, PROTOCOL_LINE_MAX, &pg);
            len = k > 0 ? (size_t)k - 1 : 0; /* without its newline: words may follow */
            len += (size_t)snprintf(line + len, sizeof(line) - len, "%s\n%s", game_line_extra,
                                    extra_line);
        }
        int limit = first_turn && number == 1 ? o->first_ms : o->move_ms;
        const char *turn = line + len; /* what a failure shows */
        int k = protocol_format_turn(line + len, PROTOCOL_LINE_MAX, &s, limit);
        len += k > 0 ? (size_t)k : 0;
        struct player_reply r;
        struct player_request q = {.state = &s,
                                   .line = line,
                                   .len = len,
                                   .limit_ms = limit,
                                   .deadline_ns =
                                       proc_now_ns() + (int64_t)(limit + 50) * NS_PER_MS};
        player_ask(&d->p, &q, &r);
        bool was_first = first_turn && number == 1, game_first = first_turn;
        first_turn = false;
        if (r.foul != FOUL_NONE) {
            d->fouls_as[side]++;
            snprintf(why, RECORD_REASON_MAX, "%s", r.reason);
            if (!(number == 2 && game_first)) /* there: the unknown words' (doctor_run) */
                judge_failure(d, &r, was_first, limit, turn);
            return false;
        }
        d->turns_as[side]++;
        d->out->turns++;
        if (!judge_reply(d, &s, &r, turn)) {
            d->fouls_as[side]++;
            d->p.tainted = true;
            return false;
        }
        if (seen++ < LINES_SEEN) { /* a second line, or a debug print, comes right after */
            nanosleep(&(struct timespec){0, QUIET_MS * NS_PER_MS}, NULL);
            struct player_reply extra;
            if (player_wrote_unasked(&d->p, &extra)) {
                char got[4 * PROTOCOL_ECHO_MAX + 8];
                note(d, CHECK_LINES, DOCTOR_FAIL,
                     "after its reply \"%s\": %s; write one line a turn, logs to stderr",
                     shown(r.line, r.len, got, sizeof(got)), extra.reason);
                d->fouls_as[side]++;
                return false;
            }
        }
    }
    char result[PROTOCOL_LINE_MAX], reason[RECORD_REASON_MAX];
    int n =
        protocol_format_result(result, sizeof(result), &s, game_reason(&s, reason, sizeof(reason)));
    player_tell(&d->p, result, n > 0 ? (size_t)n : 0, proc_now_ns() + TELL_MS * NS_PER_MS);
    d->out->games++;
    return true;
}

/* quit, then the grace: does it go? */
static void check_quit(struct doc *d)
{
    if (!d->p.running)
        return;
    if (proc_write(&d->p.proc, "quit\n", 5, proc_now_ns() + EXIT_GRACE_MS * NS_PER_MS) != PROC_OK) {
        note(d, CHECK_QUIT, DOCTOR_FAIL, "its input was closed before quit");
    } else if (!proc_wait(&d->p.proc, proc_now_ns() + EXIT_GRACE_MS * NS_PER_MS)) {
        note(d, CHECK_QUIT, DOCTOR_FAIL,
             "sent \"quit\": still running %d ms later; exit when the line is quit (or at "
             "the end of input)",
             EXIT_GRACE_MS);
    }
    proc_stop(&d->p.proc, 0);
    d->p.running = false;
}

/* Bytes of the log that are not lines of the trace. */
static long long log_size(const char *path)
{
    FILE *f = path ? fopen(path, "re") : NULL;
    char *line = NULL;
    size_t cap = 0;
    long long size = 0;
    ssize_t n;

    if (!f)
        return 0;
    while ((n = getline(&line, &cap, f)) > 0)
        size += is_trace_line(line) ? 0 : n;
    free(line);
    fclose(f);
    return size;
}

/* What it wrote to standard error: a tournament keeps LOG_CAP_DEFAULT bytes of it. */
static void check_log(struct doc *d)
{
    long long size = log_size(d->opt->log_path);

    if (size > LOG_CAP_DEFAULT)
        note(d, CHECK_STDERR, DOCTOR_WARN,
             "%s%lld bytes to standard error in %d games: a tournament keeps %d of its log "
             "(--log-cap); log less, or raise the cap",
             size >= 2 * LOG_CAP_DEFAULT ? "at least " : "",
             size < 2 * LOG_CAP_DEFAULT ? size : 2 * LOG_CAP_DEFAULT, d->out->games,
             LOG_CAP_DEFAULT);
    else
        snprintf(d->out->items[CHECK_STDERR].detail, sizeof(d->out->items[CHECK_STDERR].detail),
                 "%lld bytes to standard error, its log", size);
}

void doctor_run(const struct bot_spec *bot, const struct doctor_options *opt,
                struct doctor_report *out)
{
    struct doc d = {.opt = opt, .bot = bot, .out = out, .rng = opt->seed ^ 0x9e3779b97f4a7c15ull};
    struct stat st;
    struct game_state start, special;
    const char *what = "";

    memset(out, 0, sizeof(*out));
    d.traced = *bot; /* borrows its strings, for as long as d.p runs */
    d.traced.trace = opt->log_path != NULL;
    player_init(&d.p, &d.traced, opt->def, opt->log_path, 2 * LOG_CAP_DEFAULT + TRACE_ROOM);
    bool have_special = special_position(&d, &special, &what);
    game_init(&start, opt->def, true);
    int games = opt->games < 2 ? 2 : opt->games;
    for (int g = 1; g <= games; g++) {
        int restarts = d.p.restarts;
        if (d.p.running) { /* a bot that quits after a game does so at its result line */
            struct proc *one[1] = {&d.p.proc};
            nanosleep(&(struct timespec){0, QUIET_MS * NS_PER_MS}, NULL);
            proc_look(one, 1);
        }
        d.log_from = opt->log_path && stat(opt->log_path, &st) == 0 ? (long)st.st_size : 0;
        int rc = player_ensure_started(&d.p, false);
        if (rc < 0) {
            note(&d, g == 1 ? CHECK_START : CHECK_GAMES, DOCTOR_FAIL,
                 "its command could not be started: %s", strerror(-rc));
            return;
        }
        if (d.p.restarts > restarts)
            note(&d, CHECK_GAMES, DOCTOR_FAIL,
                 "its process ended after game %d (before quit): play games until quit, "
                 "each begins with a game line",
                 g - 1);
        /* Game 1: its first turn, as the first side. Game 2: the second side,
         * after a game line with an unknown key and a line of an unknown kind.
         * Then its game's special position, both sides in turn. */
        bool special_game = g >= 3 && have_special;
        const struct game_state *from = special_game ? &special : &start;
        enum side side =
            special_game ? (enum side)special.to_move : (g % 2 ? SIDE_FIRST : SIDE_SECOND);
        int turns = d.out->turns;
        char first_reason[RECORD_REASON_MAX] = "";
        bool ok = play_game(&d, g, from, side, g == 2 ? " futurekey 7" : "",
                            g == 2 ? "future-kind 1 2 3\n" : "", first_reason);
        if (g == 2 && !ok && d.out->turns == turns)
            note(&d, CHECK_FORWARD, DOCTOR_FAIL,
                 "sent a game line ending \"futurekey 7\", then \"future-kind 1 2 3\": %s; "
                 "skip the words and the kinds of lines you do not know",
                 first_reason);
        if (!ok && special_game)
            note(&d, CHECK_SPECIAL, DOCTOR_FAIL, "it fouled from %s (game %d): see above", what, g);
        if (g == 1 && d.out->turns == 0) { /* it never answered: nothing else can be judged */
            for (int c = 0; c < CHECK_COUNT; c++)
                if (d.out->items[c].status == DOCTOR_PASS) {
                    d.out->items[c].status = DOCTOR_SKIP;
                    snprintf(d.out->items[c].detail, sizeof(d.out->items[c].detail),
                             "not checked: it never answered");
                }
            player_stop(&d.p, 0);
            return;
        }
    }
    check_quit(&d);
    check_log(&d);
    for (int side = 0; side < 2; side++) {
        const char *name = side == SIDE_FIRST ? "first" : "second";
        if (d.turns_as[side] == 0)
            note(&d, CHECK_COLOURS, DOCTOR_FAIL, "it never answered a turn as the %s side", name);
        else if (d.fouls_as[side] && !d.fouls_as[1 - side])
            note(&d, CHECK_COLOURS, DOCTOR_FAIL, "it fouled as the %s side only", name);
    }
    if (out->items[CHECK_SPECIAL].status == DOCTOR_PASS)
        snprintf(out->items[CHECK_SPECIAL].detail, sizeof(out->items[CHECK_SPECIAL].detail), "%s",
                 have_special ? what : "none found");
}
