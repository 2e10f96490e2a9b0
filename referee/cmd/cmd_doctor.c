/* cmd_doctor.c: `referee doctor`: a bot's author's checklist, before a
 * tournament finds out. */
#include "cmd.h"
#include "cmd_options.h"
#include "host.h"
#include "config.h"
#include "defaults.h"
#include "doctor.h"
#include "json.h"
#include "proc.h"
#include "xalloc.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const status_names[] = {"PASS", "WARN", "FAIL", "SKIP"};

/* The lines of a check's trace, indented, or as JSON strings. */
static void print_trace(const char *trace, bool json)
{
    char line[DOCTOR_TRACE_WIDTH + 1];
    for (const char *at = trace; *at;) {
        size_t n = strcspn(at, "\n");
        snprintf(line, sizeof(line), "%.*s", (int)n, at);
        if (json) {
            if (at != trace)
                putchar(',');
            json_write_string(stdout, line, false);
        } else {
            printf("        %s\n", line);
        }
        at += n + (at[n] == '\n');
    }
}

static int print_report(const struct bot_spec *bot, const struct doctor_options *opt,
                        const struct doctor_report *rep, bool json)
{
    int failed = 0, warned = 0, skipped = 0;
    for (int c = 0; c < CHECK_COUNT; c++) {
        failed += rep->items[c].status == DOCTOR_FAIL;
        warned += rep->items[c].status == DOCTOR_WARN;
        skipped += rep->items[c].status == DOCTOR_SKIP;
    }
    if (json) {
        printf("{\"bot\":");
        json_write_string(stdout, bot->name, false);
        printf(",\"game\":");
        json_write_string(stdout, opt->def->name, false);
        printf(",\"games\":%d,\"turns\":%d,\"checks\":[", rep->games, rep->turns);
        for (int c = 0; c < CHECK_COUNT; c++) {
            printf("%s{\"check\":", c ? "," : "");
            json_write_string(stdout, doctor_check_names[c], false);
            printf(",\"status\":\"%s\",\"detail\":", status_names[rep->items[c].status]);
            json_write_string(stdout, rep->items[c].detail, false);
            printf(",\"trace\":[");
            print_trace(rep->items[c].trace, true);
            printf("]}");
        }
        printf("],\"failed\":%d,\"skipped\":%d}\n", failed, skipped);
        return failed ? 1 : 0;
    }
    printf("referee doctor: %s, %s: %d games, %d turns answered\n", bot->name, opt->def->name,
           rep->games, rep->turns);
    for (int c = 0; c < CHECK_COUNT; c++) {
        printf("%s  %s\n", status_names[rep->items[c].status], doctor_check_names[c]);
        if (rep->items[c].detail[0])
            printf("      %s\n", rep->items[c].detail);
        if (rep->items[c].trace[0]) {
            printf("      the talk it failed in, its end (> sent, < read):\n");
            print_trace(rep->items[c].trace, false);
        }
    }
    if (failed)
        printf("%d check%s failed%s.\n", failed, failed == 1 ? "" : "s",
               warned ? ", and a warning" : "");
    else if (skipped)
        printf("No check failed, %d not seen (SKIP, see why)%s: it is ready for a "
               "tournament.\n",
               skipped, warned ? ", and a warning" : "");
    else
        printf("Every check passed%s: it is ready for a tournament.\n",
               warned ? " (see the warning)" : "");
    return failed ? 1 : 0;
}

/* What doctor's options set. */
struct doctor_args {
    const struct game_def *def; /* NULL: its protocol's usual game */
    struct bot_spec bot;
    enum proto proto;
    bool have_bot, json;
    long games, move_ms, first_ms, startup_ms;
};

static int opt_bot(void *target, const char *arg)
{
    struct doctor_args *a = target;
    const char *why = "";

    if (a->have_bot || config_bot_parse(&a->bot, arg, &why) < 0) {
        message_error("--bot '%s': %s", arg, a->have_bot ? "one bot at a time" : why);
        return EXIT_USAGE;
    }
    a->have_bot = true;
    return 0;
}

#define FIELD(name) offsetof(struct doctor_args, name)

static const struct option_def doctor_table[] = {
    CALL("bot", "NAME=COMMAND", opt_bot,
         "the bot: its name, then its command line (or give\n"
         "the command's words after --)"),
    GAME("game", "NAME", def,
         "the game it plays (default tictactoe; gomoku for\n"
         "gomocup, reversi for gtp and nboard)"),
    PROTO("proto", "P", proto,
          "the protocol it speaks: referee (default), gtp,\n"
          "gomocup or nboard; checks that are not of its\n"
          "protocol SKIP"),
    COUNT("games", "N", games, 1, 1000000, "games against referee's random mover (default 4)"),
    COUNT("movetime", "MS", move_ms, 1, 1000000, "limit per move (default 1000)"),
    COUNT("firstmove", "MS", first_ms, 1, 1000000,
          "limit of the first move, start-up included\n(default 5000)"),
    COUNT("startup", "MS", startup_ms, 1, 1000000,
          "limit of a gtp or gomocup engine's handshake, as\na tournament's (default 10000)"),
    FLAG("json", json, "print the checklist as JSON"),
};

const struct option_set doctor_options = {
    .table = doctor_table,
    .n = sizeof(doctor_table) / sizeof(doctor_table[0]),
    .head = "usage: referee doctor [options] (--bot NAME=COMMAND | -- COMMAND [ARG]...)\n"
            "\n"
            "Plays the bot against referee itself (random legal moves) for a few games,\n"
            "in its protocol: both sides, its game's special position (a forced pass, a\n"
            "full column, the last square), unknown keys on game, turn and result lines\n"
            "and a line of an unknown kind (referee's protocol), then quit; and prints a\n"
            "checklist: each promise PASS, WARN, FAIL, or SKIP (not seen, and why), with\n"
            "what was sent, what came back and how to fix it, and for a FAIL the end of\n"
            "the trace of the talk it failed in.\n"
            "\n",
    .tail = "Exit status: 0 no FAIL, 1 a FAIL, 2 bad usage.\n",
    .operands = "COMMAND [ARG]...",
    .min_operands = 0,
    .max_operands = -1, /* more than CONFIG_MAX_ARGS: said as --bot says it */
};

/* The bot given as words after the options (-- COMMAND [ARG]...), taken word
 * for word. Returns 0 or EXIT_USAGE, having said why. */
static int take_words(struct doctor_args *a, int n, char **words)
{
    if (a->have_bot) {
        message_error("'%s': give the bot once, with --bot or after --", words[0]);
        return EXIT_USAGE;
    }
    if (n > CONFIG_MAX_ARGS) {
        message_error("-- '%s' ...: too many words in the command (%d, at most %d)", words[0], n,
                      CONFIG_MAX_ARGS);
        return EXIT_USAGE;
    }
    a->bot.name = xstrdup("bot");
    for (int i = 0; i < n; i++)
        a->bot.argv[i] = xstrdup(words[i]);
    a->have_bot = true;
    return 0;
}

static int cmd_doctor(int argc, char **argv)
{
    struct doctor_args a = {.proto = PROTO_REFEREE,
                            .games = 4,
                            .move_ms = MOVE_MS_DEFAULT,
                            .first_ms = FIRST_MOVE_MS_DEFAULT,
                            .startup_ms = STARTUP_MS_DEFAULT};
    int first, rc = options_parse(&doctor_options, argc, argv, &a, NULL, &first);

    if (rc == 0 && first < argc)
        rc = take_words(&a, argc - first, argv + first);
    if (rc == 0 && !a.have_bot) {
        message_error("doctor needs a bot: --bot NAME=COMMAND, or -- COMMAND [ARG]...");
        rc = EXIT_USAGE;
    }
    if (rc != 0) {
        config_bot_release(&a.bot);
        return rc == 1 ? EXIT_OK : rc;
    }
    if (!a.def)
        a.def = game_find(adapter_of(a.proto)->usual_game);
    if ((rc = cmd_check_plays(a.bot.name, a.proto, a.def)) != 0) {
        config_bot_release(&a.bot);
        return rc;
    }
    a.bot.proto.proto = a.proto;
    a.bot.startup_ms = (int)a.startup_ms;
    struct doctor_options opt = {.def = a.def,
                                 .games = (int)a.games,
                                 .move_ms = (int)a.move_ms,
                                 .first_ms = (int)a.first_ms,
                                 .seed = 1};
    struct bot_spec bot = a.bot;
    bool json = a.json;
    proc_ignore_sigpipe();
    proc_watchdog_start();
    char log[] = "/tmp/referee-doctor-XXXXXX";
    int fd = mkstemp(log);
    if (fd >= 0) {
        close(fd);
        opt.log_path = log;
    }
    struct doctor_report rep;
    host_say_bots_run_as_root(false, false);
    doctor_run(&bot, &opt, &rep);
    if (fd >= 0)
        unlink(log);
    rc = print_report(&bot, &opt, &rep, json);
    config_bot_release(&bot);
    return rc;
}

const struct cmd_entry cmd_doctor_entry = {
    .name = "doctor",
    .summary = "check a bot against the protocol, with a checklist",
    .exec = cmd_doctor,
    .options = &doctor_options,
};
