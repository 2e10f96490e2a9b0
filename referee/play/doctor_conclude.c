/* doctor_conclude.c: the end of a run of doctor: quit sent and its exit
 * watched, its log measured, and the checklist summed up: PASS for what was
 * seen to hold, SKIP with why for what was not. */
#include "defaults.h"
#include "doctor_impl.h"

#include <stdio.h>
#include <time.h>

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
        doctor_note(d, &f);
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
void doctor_conclude(struct doc *d, bool have_special)
{
    check_quit(d);
    check_log(d);
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
    if (d->out->items[CHECK_FORWARD].status == DOCTOR_PASS)
        snprintf(d->out->items[CHECK_FORWARD].detail, DOCTOR_DETAIL_MAX,
                 "it went on past an unknown key on game, turn and result lines, and a line "
                 "of an unknown kind");
}
