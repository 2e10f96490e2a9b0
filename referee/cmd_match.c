/* cmd_match.c: `referee match`: games between two bots, colours alternating,
 * reported in cutechess-cli's console format and recorded to CSV. */
#include "cli.h"
#include "config.h"
#include "match.h"
#include "notation.h"
#include "opening.h"
#include "results.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static void match_usage(FILE *f)
{
    fputs("usage: referee match --bot NAME=COMMAND --bot NAME=COMMAND [options]\n"
          "\n"
          "  --bot NAME=COMMAND   a bot: its name, then its command line (split like a\n"
          "                       shell's words, no expansions); give two\n"
          "  --dir NAME=DIR       working directory of bot NAME\n"
          "  --game NAME          tictactoe (default)\n"
          "  --games N            games to play, colours alternating (default 2)\n"
          "  --movetime MS        limit per move (default 1000)\n"
          "  --firstmove MS       limit for a bot's first move of a game, start-up\n"
          "                       included (default 5000)\n"
          "  --clock MS           game clock per side (default none)\n"
          "  --increment MS       added to a clock after each move (default 0)\n"
          "  --margin MS          tolerance on every limit (default 50)\n"
          "  --openings PLIES     start each pair of games from PLIES random moves\n"
          "                       (default 0: the initial position)\n"
          "  --seed N             seed of the openings (default 1)\n"
          "  --restart            a new process per bot per game\n"
          "  --no-early-draw      play dead positions out\n"
          "  --results DIR        where games.csv, moves.csv and logs/ go\n"
          "                       (default results/match-<date>-<time>)\n"
          "  --log-cap BYTES      stderr kept per bot (default 1048576)\n"
          "  --quiet              no per-game lines\n"
          "Exit status: 0 played, 2 bad usage, 4 a bot that cannot be started or a\n"
          "results directory that cannot be written, 130 interrupted.\n",
          f);
}

struct match_cli {
    struct bot_spec bots[2];
    int nbots;
    const struct game_def *def;
    long games, openings, seed, log_cap;
    bool early_draw, quiet;
    struct match_rules rules;
    char results[PATH_MAX];
};

static int parse_ms(const char *flag, const char *text, int *out)
{
    long v;
    if (config_parse_int(text, INT_MAX / 2, &v) < 0) {
        cli_error("%s '%s' is not a number of milliseconds", flag, text);
        return -1;
    }
    *out = (int)v;
    return 0;
}

static int set_dir(struct match_cli *m, const char *text)
{
    const char *eq = strchr(text, '=');
    for (int i = 0; eq && i < m->nbots; i++) {
        if (strlen(m->bots[i].name) == (size_t)(eq - text) &&
            strncmp(m->bots[i].name, text, (size_t)(eq - text)) == 0) {
            free(m->bots[i].cwd);
            m->bots[i].cwd = strdup(eq + 1);
            return 0;
        }
    }
    cli_error("--dir '%s': expected NAME=DIR naming a bot given before it", text);
    return -1;
}

static int parse_args(struct match_cli *m, int argc, char **argv)
{
    static const struct option options[] = {
        {"bot", required_argument, NULL, 'b'},      {"dir", required_argument, NULL, 'd'},
        {"game", required_argument, NULL, 'g'},     {"games", required_argument, NULL, 'n'},
        {"movetime", required_argument, NULL, 'm'}, {"firstmove", required_argument, NULL, 'F'},
        {"clock", required_argument, NULL, 'c'},    {"increment", required_argument, NULL, 'i'},
        {"margin", required_argument, NULL, 'M'},   {"openings", required_argument, NULL, 'o'},
        {"seed", required_argument, NULL, 's'},     {"restart", no_argument, NULL, 'R'},
        {"no-early-draw", no_argument, NULL, 'E'},  {"results", required_argument, NULL, 'r'},
        {"log-cap", required_argument, NULL, 'L'},  {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},           {NULL, 0, NULL, 0},
    };
    const char *why;
    int opt;

    optind = 1;
    while ((opt = getopt_long(argc, argv, "+b:d:g:n:m:F:c:i:M:o:s:RER:L:qh", options, NULL)) !=
           -1) {
        switch (opt) {
        case 'b':
            if (m->nbots == 2) {
                cli_error("a match is between two bots; use 'referee tournament' for more");
                return EXIT_USAGE;
            }
            if (config_bot_parse(&m->bots[m->nbots], optarg, &why) < 0) {
                cli_error("--bot '%s': %s", optarg, why);
                return EXIT_USAGE;
            }
            m->nbots++;
            break;
        case 'd':
            if (set_dir(m, optarg) < 0)
                return EXIT_USAGE;
            break;
        case 'g':
            m->def = game_find(optarg);
            if (!m->def) {
                cli_error("unknown game '%s'", optarg);
                return EXIT_USAGE;
            }
            break;
        case 'n':
            if (config_parse_int(optarg, 1000000000, &m->games) < 0 || m->games < 1) {
                cli_error("--games '%s' is not a positive number", optarg);
                return EXIT_USAGE;
            }
            break;
        case 'm':
            if (parse_ms("--movetime", optarg, &m->rules.time.move_ms) < 0)
                return EXIT_USAGE;
            break;
        case 'F':
            if (parse_ms("--firstmove", optarg, &m->rules.time.first_move_ms) < 0)
                return EXIT_USAGE;
            break;
        case 'c':
            if (parse_ms("--clock", optarg, &m->rules.time.clock_ms) < 0)
                return EXIT_USAGE;
            break;
        case 'i':
            if (parse_ms("--increment", optarg, &m->rules.time.increment_ms) < 0)
                return EXIT_USAGE;
            break;
        case 'M':
            if (parse_ms("--margin", optarg, &m->rules.time.margin_ms) < 0)
                return EXIT_USAGE;
            break;
        case 'o':
            if (config_parse_int(optarg, GAME_MAX_PLIES, &m->openings) < 0) {
                cli_error("--openings '%s' is not a number of plies", optarg);
                return EXIT_USAGE;
            }
            break;
        case 's':
            if (config_parse_int(optarg, LONG_MAX, &m->seed) < 0) {
                cli_error("--seed '%s' is not a non-negative number", optarg);
                return EXIT_USAGE;
            }
            break;
        case 'R': m->rules.restart_each_game = true; break;
        case 'E': m->early_draw = false; break;
        case 'r': snprintf(m->results, sizeof(m->results), "%s", optarg); break;
        case 'L':
            if (config_parse_int(optarg, LONG_MAX, &m->log_cap) < 0) {
                cli_error("--log-cap '%s' is not a number of bytes", optarg);
                return EXIT_USAGE;
            }
            break;
        case 'q': m->quiet = true; break;
        case 'h': match_usage(stdout); return EXIT_OK;
        default: match_usage(stderr); return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_error("unexpected argument '%s'", argv[optind]);
        return EXIT_USAGE;
    }
    if (m->nbots != 2) {
        cli_error("a match needs two bots: --bot NAME=COMMAND twice");
        return EXIT_USAGE;
    }
    if (strcmp(m->bots[0].name, m->bots[1].name) == 0) {
        cli_error("both bots are named '%s'; give them different names", m->bots[0].name);
        return EXIT_USAGE;
    }
    return -1; /* go on */
}

/* A file name from a bot name: anything but [A-Za-z0-9._-] becomes '_'. */
static void log_name(char *out, size_t len, const char *dir, const char *name)
{
    int n = snprintf(out, len, "%s/logs/", dir);
    size_t k = n > 0 ? (size_t)n : 0;
    for (const char *p = name; *p && k + 5 < len; p++) {
        char c = *p;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '.' || c == '-' || c == '_';
        out[k++] = ok ? c : '_';
    }
    snprintf(out + k, len - k, ".log");
}

static int play(struct match_cli *m)
{
    char failed[PATH_MAX + 16], logs[2][PATH_MAX + 64], dir[PATH_MAX + 8];
    struct player players[2];
    struct results *res = NULL;
    struct game_record *rec = calloc(1, sizeof(*rec));
    int score[3] = {0, 0, 0}; /* wins, losses, draws of the first bot given */
    int rc = EXIT_OK;

    if (!rec) {
        cli_error("out of memory");
        return EXIT_SYSTEM;
    }
    int err = results_open(&res, m->results, false, failed, sizeof(failed));
    snprintf(dir, sizeof(dir), "%s/logs", m->results);
    if (err == 0 && mkdir(dir, 0755) < 0 && errno != EEXIST) {
        err = -errno;
        snprintf(failed, sizeof(failed), "%s", dir);
    }
    if (err == -EEXIST) {
        cli_error("'%s' already holds games; choose another --results directory", failed);
        free(rec);
        return EXIT_USAGE;
    }
    if (err < 0) {
        cli_error("cannot write results to '%s': %s", failed, strerror(-err));
        free(rec);
        results_free(res);
        return EXIT_SYSTEM;
    }
    for (int i = 0; i < 2; i++) {
        log_name(logs[i], sizeof(logs[i]), m->results, m->bots[i].name);
        player_init(&players[i], &m->bots[i], logs[i], (size_t)m->log_cap);
    }

    for (long g = 0; g < m->games && !cli_interrupted; g++) {
        /* Colours alternate; each pair of games shares its opening. */
        int a = (int)(g % 2);
        struct player *seats[2] = {&players[a], &players[1 - a]};
        struct game_state start;
        enum side failed_side = SIDE_NONE;

        memset(rec, 0, sizeof(*rec));
        game_init(&start, m->def, m->early_draw);
        rec->id = (int)g + 1;
        rec->opening_id = m->openings ? (int)(g / 2) + 1 : 0;
        rec->seed = (uint64_t)m->seed + (uint64_t)(g / 2);
        if (m->openings) {
            uint64_t mixed = rec->seed;
            if (opening_random_line(&start, opening_random(&mixed), (int)m->openings) < 0) {
                cli_error("no opening of %ld plies that leaves the game open", m->openings);
                rc = EXIT_USAGE;
                break;
            }
            rec->opening_plies = start.nhistory;
        }
        snprintf(rec->bots[0], sizeof(rec->bots[0]), "%s", seats[0]->bot->name);
        snprintf(rec->bots[1], sizeof(rec->bots[1]), "%s", seats[1]->bot->name);
        if (!m->quiet)
            printf("Started game %ld of %ld (%s vs %s)\n", g + 1, m->games, rec->bots[0],
                   rec->bots[1]);
        fflush(stdout);

        err = match_play(seats, &start, &m->rules, rec, &failed_side);
        if (err < 0) {
            const struct bot_spec *b = seats[failed_side]->bot;
            cli_error("cannot start bot '%s' ('%s'): %s", b->name, b->argv[0], strerror(-err));
            rc = EXIT_SYSTEM;
            break;
        }
        err = results_write_game(res, rec);
        if (err < 0) {
            cli_error("cannot write to '%s': %s", m->results, strerror(-err));
            rc = EXIT_SYSTEM;
            break;
        }
        int w = rec->state.winner;
        if (w == SIDE_NONE)
            score[2]++;
        else if ((w == SIDE_FIRST) == (a == 0))
            score[0]++;
        else
            score[1]++;
        if (!m->quiet) {
            int n = score[0] + score[1] + score[2];
            printf("Finished game %ld (%s vs %s): %s {%s}\n", g + 1, rec->bots[0], rec->bots[1],
                   game_result_text(&rec->state), rec->reason);
            printf("Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", m->bots[0].name,
                   m->bots[1].name, score[0], score[1], score[2],
                   (score[0] + 0.5 * score[2]) / n, n);
            fflush(stdout);
        }
    }
    for (int i = 0; i < 2; i++)
        player_stop(&players[i], m->rules.stop_grace_ms);
    results_free(res);
    free(rec);
    if (rc == EXIT_OK && cli_interrupted) {
        cli_error("interrupted; finished games are in '%s'", m->results);
        rc = EXIT_INTERRUPTED;
    }
    return rc;
}

int cmd_match(int argc, char **argv)
{
    struct match_cli *m = calloc(1, sizeof(*m));
    int rc;

    if (!m) {
        cli_error("out of memory");
        return EXIT_SYSTEM;
    }
    m->def = game_find("tictactoe");
    m->games = 2;
    m->seed = 1;
    m->log_cap = 1 << 20;
    m->early_draw = true;
    m->rules = (struct match_rules){
        .time = {.move_ms = 1000, .first_move_ms = 5000, .margin_ms = 50},
        .stop_grace_ms = 200,
    };
    rc = parse_args(m, argc, argv);
    if (rc < 0) {
        if (m->results[0] == '\0') {
            time_t now = time(NULL);
            struct tm tm;
            char stamp[32];
            gmtime_r(&now, &tm);
            strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
            snprintf(m->results, sizeof(m->results), "results/match-%s", stamp);
        }
        proc_ignore_sigpipe();
        cli_catch_signals();
        rc = play(m);
    }
    for (int i = 0; i < 2; i++)
        config_bot_release(&m->bots[i]);
    free(m);
    return rc;
}
