/* cmd_doctor.c: `referee doctor`: a bot's author's checklist, before a
 * tournament finds out. */
#include "cli.h"
#include "config.h"
#include "doctor.h"
#include "proc.h"
#include "xalloc.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void doctor_usage(FILE *f)
{
    fputs("usage: referee doctor [--game NAME] [--games N] [--movetime MS] [--firstmove MS]\n"
          "                      [--json] (--bot NAME=COMMAND | -- COMMAND [ARG]...)\n"
          "\n"
          "Plays the bot against referee itself (random legal moves) for a few games,\n"
          "both sides, its game's special position (a forced pass, a full column, the\n"
          "last square), with an unknown key and an unknown kind of line, then quit; and\n"
          "prints a checklist: each promise of the protocol PASS, WARN or FAIL, with what\n"
          "was sent, what came back and how to fix it, and for a FAIL the end of the\n"
          "trace of the talk it failed in. --json prints it as JSON.\n"
          "Exit status: 0 no FAIL, 1 a FAIL, 2 bad usage.\n",
          f);
}

static const char *const status_names[] = {"PASS", "WARN", "FAIL", "SKIP"};

static void put_json(const char *text)
{
    putchar('"');
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\')
            printf("\\%c", *p);
        else if (*p < 0x20 || *p >= 0x7f)
            printf("\\u%04x", *p);
        else
            putchar(*p);
    }
    putchar('"');
}

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
            put_json(line);
        } else {
            printf("        %s\n", line);
        }
        at += n + (at[n] == '\n');
    }
}

static int print_report(const struct bot_spec *bot, const struct doctor_options *opt,
                        const struct doctor_report *rep, bool json)
{
    int failed = 0, warned = 0;
    for (int c = 0; c < CHECK_COUNT; c++) {
        failed += rep->items[c].status == DOCTOR_FAIL;
        warned += rep->items[c].status == DOCTOR_WARN;
    }
    if (json) {
        printf("{\"bot\":");
        put_json(bot->name);
        printf(",\"game\":");
        put_json(opt->def->name);
        printf(",\"games\":%d,\"turns\":%d,\"checks\":[", rep->games, rep->turns);
        for (int c = 0; c < CHECK_COUNT; c++) {
            printf("%s{\"check\":", c ? "," : "");
            put_json(doctor_check_names[c]);
            printf(",\"status\":\"%s\",\"detail\":", status_names[rep->items[c].status]);
            put_json(rep->items[c].detail);
            printf(",\"trace\":[");
            print_trace(rep->items[c].trace, true);
            printf("]}");
        }
        printf("],\"failed\":%d}\n", failed);
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
    else
        printf("Every check passed%s: it is ready for a tournament.\n",
               warned ? " (see the warning)" : "");
    return failed ? 1 : 0;
}

int cmd_doctor(int argc, char **argv)
{
    static const struct option options[] = {
        {"game", required_argument, NULL, 'g'},
        {"bot", required_argument, NULL, 'b'},
        {"games", required_argument, NULL, 'n'},
        {"movetime", required_argument, NULL, 'm'},
        {"firstmove", required_argument, NULL, 'f'},
        {"json", no_argument, NULL, 'J'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct doctor_options opt = {
        .def = game_find("tictactoe"), .games = 4, .move_ms = 1000, .first_ms = 5000, .seed = 1};
    struct bot_spec bot = {0};
    const char *why = "";
    bool json = false, have_bot = false;
    long v;
    int o;

    optind = 1;
    while ((o = getopt_long(argc, argv, "+h", options, NULL)) != -1) {
        switch (o) {
        case 'g':
            if (!(opt.def = game_find(optarg))) {
                cli_error("unknown game '%s'", optarg);
                return EXIT_USAGE;
            }
            break;
        case 'b':
            if (have_bot || config_bot_parse(&bot, optarg, &why) < 0) {
                cli_error("--bot '%s': %s", optarg, have_bot ? "one bot at a time" : why);
                config_bot_release(&bot);
                return EXIT_USAGE;
            }
            have_bot = true;
            break;
        case 'n':
        case 'm':
        case 'f':
            if (config_parse_int(optarg, 1000000, &v) < 0 || v < 1) {
                cli_error("--%s '%s': a whole number from 1",
                          o == 'n'   ? "games"
                          : o == 'm' ? "movetime"
                                     : "firstmove",
                          optarg);
                config_bot_release(&bot);
                return EXIT_USAGE;
            }
            *(o == 'n' ? &opt.games : o == 'm' ? &opt.move_ms : &opt.first_ms) = (int)v;
            break;
        case 'J': json = true; break;
        case 'h': doctor_usage(stdout); return EXIT_OK;
        default:
            doctor_usage(stderr);
            config_bot_release(&bot);
            return EXIT_USAGE;
        }
    }
    if (!have_bot && optind < argc) { /* -- COMMAND [ARG]...: taken word for word */
        bot.name = xstrdup("bot");
        for (int i = optind; i < argc && i - optind < CONFIG_MAX_ARGS; i++)
            bot.argv[i - optind] = xstrdup(argv[i]);
        have_bot = true;
    } else if (optind < argc) {
        cli_error("'%s': give the bot once, with --bot or after --", argv[optind]);
        config_bot_release(&bot);
        return EXIT_USAGE;
    }
    if (!have_bot) {
        doctor_usage(stderr);
        return EXIT_USAGE;
    }
    proc_ignore_sigpipe();
    char log[] = "/tmp/referee-doctor-XXXXXX";
    int fd = mkstemp(log);
    if (fd >= 0) {
        close(fd);
        opt.log_path = log;
    }
    struct doctor_report rep;
    doctor_run(&bot, &opt, &rep);
    if (fd >= 0)
        unlink(log);
    int rc = print_report(&bot, &opt, &rep, json);
    config_bot_release(&bot);
    return rc;
}
