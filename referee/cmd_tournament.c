/* cmd_tournament.c: `referee tournament` and `referee match` (a tournament of
 * two bots): options, the results directory, resume, and the console. */
#include "cli.h"
#include "config.h"
#include "ledger.h"
#include "results.h"
#include "standings.h"
#include "table.h"
#include "tournament.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_BOTS 256

struct run_cli {
    bool is_match;
    struct bot_spec bots[MAX_BOTS];
    int nbots;
    struct tournament t;
    long games; /* per pairing per round; for a match, in all */
    long seed, log_cap, standings_every, openings_plies;
    bool quiet, resume, openings_given, jobs_given;
    bool no_spin;
    struct bot_limits limits; /* for every bot */
    bool sprt;                /* stop at an SPRT verdict of bots[0] against bots[1] */
    struct sprt_params sprt_params;
    enum sprt_model sprt_model;
    struct sprt_tally tally;
    enum sprt_verdict verdict;
    const char *openings_file;
    char **openings;
    int nopenings;
    char results[PATH_MAX];
    char logs[PATH_MAX + 8];

    /* While running. */
    struct results *out;
    struct standings *st;
    long total, done;
    struct gameset written; /* games of this run's files: resumed or handed over */
    long planned;           /* games of this run (of its shard) in the end */
    int shard, shards;      /* --shard I/N, 0-based I; 1 shard: the whole */
    int64_t t0_ns;
    bool progress; /* a live line on the terminal */
    int score[3];  /* match: wins, losses, draws of the first bot */
};

static void run_usage(FILE *f, bool is_match)
{
    if (is_match)
        fputs("usage: referee match --bot NAME=COMMAND --bot NAME=COMMAND [options]\n"
              "\n"
              "Plays --games games between two bots, colours alternating.\n\n",
              f);
    else
        fputs("usage: referee tournament (--bot NAME=COMMAND... | --bots FILE) [options]\n"
              "\n"
              "Plays a round robin (every pair of bots) or a gauntlet (the first bot\n"
              "against each other one), in colour-swapped pairs of games from the same\n"
              "opening, and writes standings.\n\n",
              f);
    fputs("  --bot NAME=COMMAND   a bot: its name, then its command line (split like a\n"
          "                       shell's words, no expansions)\n"
          "  --bots FILE          bots from a CSV file with a header: name,command and\n"
          "                       optionally dir and args\n"
          "  --dir NAME=DIR       working directory of bot NAME\n"
          "  --game NAME          tictactoe (default), connect4, reversi, gomoku\n",
          f);
    if (is_match)
        fputs("  --games N            games to play (default 2)\n", f);
    else
        fputs("  --format F           roundrobin (default) or gauntlet\n"
              "  --games N            games per pairing per round (default 2)\n"
              "  --rounds N           rounds (default 1)\n",
              f);
    fputs("  --movetime MS        limit per move (default 1000)\n"
          "  --firstmove MS       limit for a bot's first move of a game, start-up\n"
          "                       included (default 5000)\n"
          "  --clock MS           game clock per side (default none)\n"
          "  --increment MS       added to a clock after each move (default 0)\n"
          "  --margin MS          tolerance on every limit (default 50)\n"
          "  --openings PLIES     start each pair of games from PLIES random moves\n"
          "                       (default: 0 for a match; in a tournament 1 for\n"
          "                       tic-tac-toe, 4 for reversi, else 2)\n"
          "  --openings-file FILE openings, one move list a line, used in turn\n"
          "  --seed N             seed of the openings (default 1)\n"
          "  -j, --jobs N         games at once (default: 1 for a match, else the cores)\n"
          "  --restart            a new process per bot per game\n"
          "  --affinity           pin each of the -j workers, and the bots it starts, to a\n"
          "                       core of its own, in turn (Linux; confines bots that\n"
          "                       use threads to one core)\n"
          "  --no-spin            never spin for a fast bot's reply; by default referee\n"
          "                       spins up to 50 us for bots that answer that fast,\n"
          "                       when it has two cores for each game under way\n"
          "  --no-early-draw      play dead positions out\n"
          "  --results DIR        where the CSV files and logs/ go\n"
          "                       (default results/<command>-<date>-<time>)\n"
          "  --resume             continue the run in --results DIR: play only the\n"
          "                       games it does not have\n"
          "  --shard I/N          play only slice I of N of the schedule (pairs of games\n"
          "                       stay together); merge with 'referee standings'\n"
          "  --standings-every N  print the standings every N games (default: at the end)\n"
          "  --sprt WORDS         stop at a verdict of the SPRT of the first bot against\n"
          "                       the second, e.g. 'elo0=0 elo1=5 alpha=0.05 beta=0.05';\n"
          "                       --games is then the cap; exit 0 H1, 10 H0, 11 none\n"
          "  --sprt-model M       pentanomial (default, on pairs of games) or trinomial\n"
          "  --log-cap BYTES      size a bot's stderr log may reach (default 1048576)\n"
          "  --memory MB          address space of each bot process (default: no limit)\n"
          "  --cpu-time S         CPU seconds of each bot process, over its whole life\n"
          "  --max-files N        open descriptors of each bot process\n"
          "  --max-procs N        processes of the user, for each bot (not for root)\n"
          "  --quiet              no per-game lines\n"
          "Exit status: 0 played, 2 bad usage, 3 unreadable bots, openings or results\n"
          "file, 4 a bot that cannot be started or results that cannot be written,\n"
          "130 interrupted (finished games are kept; --resume continues).\n",
          f);
}

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

static int parse_count(const char *flag, const char *text, long min, long max, long *out)
{
    if (config_parse_int(text, max, out) < 0 || *out < min) {
        cli_error("%s '%s' is not a number from %ld to %ld", flag, text, min, max);
        return -1;
    }
    return 0;
}

static int add_bot(struct run_cli *c, const char *spec)
{
    const char *why;

    if (c->nbots == MAX_BOTS) {
        cli_error("too many bots (at most %d)", MAX_BOTS);
        return -1;
    }
    if (config_bot_parse(&c->bots[c->nbots], spec, &why) < 0) {
        cli_error("--bot '%s': %s", spec, why);
        return -1;
    }
    c->nbots++;
    return 0;
}

static int set_dir(struct run_cli *c, const char *text)
{
    const char *eq = strchr(text, '=');
    for (int i = 0; eq && i < c->nbots; i++) {
        if (strlen(c->bots[i].name) == (size_t)(eq - text) &&
            strncmp(c->bots[i].name, text, (size_t)(eq - text)) == 0) {
            free(c->bots[i].cwd);
            c->bots[i].cwd = strdup(eq + 1);
            return 0;
        }
    }
    cli_error("--dir '%s': expected NAME=DIR naming a bot given before it", text);
    return -1;
}

/* Bots from a CSV file: name,command[,dir][,args]. */
static int load_bots(struct run_cli *c, const char *path)
{
    struct table t;
    char why[160];
    int rc = table_load(&t, path, why, sizeof(why));

    if (rc < 0) {
        cli_error("cannot read bots file '%s': %s", path, why);
        return (rc == -EINVAL || rc == -ENODATA) ? EXIT_DATA : EXIT_SYSTEM;
    }
    int name = table_column(&t, "name"), command = table_column(&t, "command"),
        dir = table_column(&t, "dir"), args = table_column(&t, "args");
    if (name < 0 || command < 0) {
        cli_error("bots file '%s' needs the columns 'name' and 'command'", path);
        table_release(&t);
        return EXIT_DATA;
    }
    for (size_t r = 0; r < t.nrows; r++) {
        const char *cmd = t.rows[r][command], *extra = args >= 0 ? t.rows[r][args] : "";
        size_t len = strlen(cmd) + strlen(extra) + 2;
        char *line = malloc(len);
        const char *w;
        if (!line) {
            table_release(&t);
            return EXIT_SYSTEM;
        }
        snprintf(line, len, "%s %s", cmd, extra);
        /* The name is taken whole: a CSV field may hold '=' as any other character. */
        if (c->nbots == MAX_BOTS ||
            config_bot_make(&c->bots[c->nbots], t.rows[r][name], line, &w) < 0) {
            cli_error("bots file '%s', row %zu: %s", path, r + 1,
                      c->nbots == MAX_BOTS ? "too many bots" : w);
            free(line);
            table_release(&t);
            return EXIT_DATA;
        }
        free(line);
        if (dir >= 0 && t.rows[r][dir][0])
            c->bots[c->nbots].cwd = strdup(t.rows[r][dir]);
        c->nbots++;
    }
    table_release(&t);
    return -1;
}

static int load_openings(struct run_cli *c)
{
    FILE *f = fopen(c->openings_file, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;

    if (!f) {
        cli_error("cannot open openings file '%s': %s", c->openings_file, strerror(errno));
        return EXIT_SYSTEM;
    }
    while ((n = getline(&line, &cap, f)) >= 0) {
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            line[--n] = '\0';
        if (n == 0 || line[0] == '#')
            continue;
        char **more = realloc(c->openings, (size_t)(c->nopenings + 1) * sizeof(*more));
        if (!more)
            break;
        c->openings = more;
        c->openings[c->nopenings++] = strdup(line);
    }
    free(line);
    fclose(f);
    if (c->nopenings == 0) {
        cli_error("openings file '%s' has no openings", c->openings_file);
        return EXIT_DATA;
    }
    return -1;
}

static int parse_args(struct run_cli *c, int argc, char **argv)
{
    static const struct option options[] = {
        {"bot", required_argument, NULL, 'b'},
        {"bots", required_argument, NULL, 'B'},
        {"dir", required_argument, NULL, 'd'},
        {"game", required_argument, NULL, 'g'},
        {"format", required_argument, NULL, 'f'},
        {"games", required_argument, NULL, 'n'},
        {"rounds", required_argument, NULL, 'N'},
        {"movetime", required_argument, NULL, 'm'},
        {"firstmove", required_argument, NULL, 'F'},
        {"clock", required_argument, NULL, 'c'},
        {"increment", required_argument, NULL, 'i'},
        {"margin", required_argument, NULL, 'M'},
        {"openings", required_argument, NULL, 'o'},
        {"openings-file", required_argument, NULL, 'O'},
        {"seed", required_argument, NULL, 's'},
        {"jobs", required_argument, NULL, 'j'},
        {"restart", no_argument, NULL, 'R'},
        {"no-spin", no_argument, NULL, 'W'},
        {"affinity", no_argument, NULL, 'A'},
        {"no-early-draw", no_argument, NULL, 'E'},
        {"results", required_argument, NULL, 'r'},
        {"resume", no_argument, NULL, 'u'},
        {"shard", required_argument, NULL, 'H'},
        {"memory", required_argument, NULL, 'X'},
        {"sprt", required_argument, NULL, 'P'},
        {"sprt-model", required_argument, NULL, 'Q'},
        {"cpu-time", required_argument, NULL, 'C'},
        {"max-files", required_argument, NULL, 'Y'},
        {"max-procs", required_argument, NULL, 'Z'},
        {"standings-every", required_argument, NULL, 'S'},
        {"log-cap", required_argument, NULL, 'L'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct match_rules *rules = &c->t.rules;
    long v;
    int opt, rc;

    optind = 1;
    while ((opt = getopt_long(argc, argv, "+j:qh", options, NULL)) != -1) {
        switch (opt) {
        case 'b':
            if (add_bot(c, optarg) < 0)
                return EXIT_USAGE;
            break;
        case 'B':
            if ((rc = load_bots(c, optarg)) >= 0)
                return rc;
            break;
        case 'd':
            if (set_dir(c, optarg) < 0)
                return EXIT_USAGE;
            break;
        case 'g':
            c->t.def = game_find(optarg);
            if (!c->t.def) {
                cli_error("unknown game '%s'", optarg);
                return EXIT_USAGE;
            }
            break;
        case 'f':
            if (strcmp(optarg, "roundrobin") == 0 || strcmp(optarg, "round-robin") == 0) {
                c->t.schedule.format = SCHEDULE_ROUND_ROBIN;
            } else if (strcmp(optarg, "gauntlet") == 0) {
                c->t.schedule.format = SCHEDULE_GAUNTLET;
            } else {
                cli_error("--format '%s': expected roundrobin or gauntlet", optarg);
                return EXIT_USAGE;
            }
            break;
        case 'n':
            if (parse_count("--games", optarg, 1, 100000000, &c->games) < 0)
                return EXIT_USAGE;
            break;
        case 'N':
            if (parse_count("--rounds", optarg, 1, 1000000, &v) < 0)
                return EXIT_USAGE;
            c->t.schedule.rounds = (int)v;
            break;
        case 'm':
            if (parse_ms("--movetime", optarg, &rules->time.move_ms) < 0)
                return EXIT_USAGE;
            break;
        case 'F':
            if (parse_ms("--firstmove", optarg, &rules->time.first_move_ms) < 0)
                return EXIT_USAGE;
            break;
        case 'c':
            if (parse_ms("--clock", optarg, &rules->time.clock_ms) < 0)
                return EXIT_USAGE;
            break;
        case 'i':
            if (parse_ms("--increment", optarg, &rules->time.increment_ms) < 0)
                return EXIT_USAGE;
            break;
        case 'M':
            if (parse_ms("--margin", optarg, &rules->time.margin_ms) < 0)
                return EXIT_USAGE;
            break;
        case 'o':
            if (parse_count("--openings", optarg, 0, GAME_MAX_PLIES, &c->openings_plies) < 0)
                return EXIT_USAGE;
            c->openings_given = true;
            break;
        case 'O': c->openings_file = optarg; break;
        case 's':
            if (parse_count("--seed", optarg, 0, LONG_MAX, &c->seed) < 0)
                return EXIT_USAGE;
            break;
        case 'j':
            if (parse_count("--jobs", optarg, 1, 1024, &v) < 0)
                return EXIT_USAGE;
            c->t.jobs = (int)v;
            c->jobs_given = true;
            break;
        case 'R': rules->restart_each_game = true; break;
        case 'E': c->t.early_draw = false; break;
        case 'W': c->no_spin = true; break;
        case 'A': c->t.affinity = true; break;
        case 'r': snprintf(c->results, sizeof(c->results), "%s", optarg); break;
        case 'u': c->resume = true; break;
        case 'P':
            if (cli_parse_sprt_words(&c->sprt_params, optarg) < 0)
                return EXIT_USAGE;
            c->sprt = true;
            break;
        case 'Q':
            if (cli_parse_sprt_model(optarg, &c->sprt_model) < 0)
                return EXIT_USAGE;
            break;
        case 'X':
            if (parse_count("--memory", optarg, 1, 1L << 30, &c->limits.memory_mb) < 0)
                return EXIT_USAGE;
            break;
        case 'C':
            if (parse_count("--cpu-time", optarg, 1, 1L << 30, &c->limits.cpu_seconds) < 0)
                return EXIT_USAGE;
            break;
        case 'Y':
            if (parse_count("--max-files", optarg, 4, 1L << 20, &c->limits.open_files) < 0)
                return EXIT_USAGE;
            break;
        case 'Z':
            if (parse_count("--max-procs", optarg, 1, 1L << 20, &c->limits.processes) < 0)
                return EXIT_USAGE;
            break;
        case 'H': {
            int i, n, used = 0;
            if (sscanf(optarg, "%d/%d%n", &i, &n, &used) != 2 || optarg[used] != '\0' || n < 1 ||
                i < 1 || i > n) {
                cli_error("--shard '%s': expected I/N with 1 <= I <= N, as 2/4", optarg);
                return EXIT_USAGE;
            }
            c->shard = i - 1;
            c->shards = n;
            break;
        }
        case 'S':
            if (parse_count("--standings-every", optarg, 0, LONG_MAX, &c->standings_every) < 0)
                return EXIT_USAGE;
            break;
        case 'L':
            if (parse_count("--log-cap", optarg, 0, LONG_MAX, &c->log_cap) < 0)
                return EXIT_USAGE;
            break;
        case 'q': c->quiet = true; break;
        case 'h': run_usage(stdout, c->is_match); return EXIT_OK;
        default: run_usage(stderr, c->is_match); return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_error("unexpected argument '%s'", argv[optind]);
        return EXIT_USAGE;
    }
    if (c->is_match && c->nbots != 2) {
        cli_error("a match needs two bots: --bot NAME=COMMAND twice");
        return EXIT_USAGE;
    }
    if (c->nbots < 2) {
        cli_error("a tournament needs at least two bots (--bot NAME=COMMAND or --bots FILE)");
        return EXIT_USAGE;
    }
    for (int i = 0; i < c->nbots; i++)
        for (int j = 0; j < i; j++)
            if (strcmp(c->bots[i].name, c->bots[j].name) == 0) {
                cli_error("two bots are named '%s'; give them different names", c->bots[i].name);
                return EXIT_USAGE;
            }
    if (rules->time.move_ms == 0 && rules->time.clock_ms == 0) {
        cli_error("--movetime 0 needs a game clock (--clock MS)");
        return EXIT_USAGE;
    }
    if (c->sprt && c->nbots != 2) {
        cli_error("--sprt tests one candidate against one baseline: give two bots");
        return EXIT_USAGE;
    }
    if (c->resume && c->results[0] == '\0') {
        cli_error("--resume needs the --results directory of the run to continue");
        return EXIT_USAGE;
    }
    if (c->openings_file && (rc = load_openings(c)) >= 0)
        return rc;
    return -1;
}

static bool sprt_count(struct run_cli *c, const char *first, int winner, bool aborted,
                       int opening_id);
static void score_count(struct run_cli *c, const char *first, int winner);

/* Console. */

static void progress_clear(struct run_cli *c)
{
    if (c->progress)
        fputs("\r\033[K", stderr);
}

static void progress_show(struct run_cli *c)
{
    if (!c->progress)
        return;
    double secs = (double)(proc_now_ns() - c->t0_ns) / 1e9;
    double rate = secs > 0 ? (double)c->done / secs : 0;
    long left = c->planned - c->done;
    double eta = rate > 0 ? (double)left / rate : 0;
    size_t n;
    const struct standings_row *rows = standings_rows(c->st, &n);
    fprintf(stderr, "\r\033[K%ld/%ld games  %.1f games/s  ETA %d:%02d", c->done, c->planned, rate,
            (int)eta / 60, (int)eta % 60);
    if (n > 0 && rows[0].games > 0)
        fprintf(stderr, "  leader %s (%.1f%%)", rows[0].name, 100 * rows[0].score);
    fflush(stderr);
}

static void print_standings(struct run_cli *c)
{
    progress_clear(c);
    cli_print_standings(stdout, c->st);
    fflush(stdout);
}

/* The SPRT and the score line so far, from the rows of games.csv a resumed
 * run already has. */
static int recount_resumed(struct run_cli *c)
{
    char path[PATH_MAX + 16], why[160];
    struct table t;

    snprintf(path, sizeof(path), "%s/games.csv", c->results);
    int err = table_load(&t, path, why, sizeof(why));
    if (err == -ENOENT || err == -ENODATA)
        return 0;
    if (err < 0) {
        cli_error("cannot read '%s': %s", path, why);
        return EXIT_DATA;
    }
    int first = table_column(&t, "first"), result = table_column(&t, "result"),
        opening = table_column(&t, "opening_id");
    for (size_t i = 0; i < t.complete && first >= 0 && result >= 0 && opening >= 0; i++) {
        const char *res = t.rows[i][result];
        int winner = strcmp(res, "1-0") == 0   ? SIDE_FIRST
                     : strcmp(res, "0-1") == 0 ? SIDE_SECOND
                                               : SIDE_NONE;
        bool aborted = strcmp(res, "*") == 0;
        if (c->sprt) /* past a verdict, a row is not counted: the verdict froze the figures */
            sprt_count(c, t.rows[i][first], winner, aborted, atoi(t.rows[i][opening]));
        if (!aborted)
            score_count(c, t.rows[i][first], winner);
    }
    table_release(&t);
    return 0;
}

static void on_started(void *ctx, const struct scheduled_game *g)
{
    struct run_cli *c = ctx;
    if (c->quiet)
        return;
    progress_clear(c);
    printf("Started game %d of %ld (%s vs %s)\n", g->id, c->total, c->bots[g->bots[0]].name,
           c->bots[g->bots[1]].name);
    fflush(stdout);
    progress_show(c);
}

/* Count a game for the SPRT, from the candidate's (bots[0]) view. Returns true
 * when this game brought the verdict: the run stops there, and the figures
 * printed and the games written are those the verdict was taken on. */
static bool sprt_count(struct run_cli *c, const char *first, int winner, bool aborted,
                       int opening_id)
{
    struct sprt_result r;
    bool candidate_first = strcmp(first, c->bots[0].name) == 0;

    if (aborted || c->verdict != SPRT_CONTINUE)
        return false;
    double score = winner == SIDE_NONE ? 0.5 : (winner == SIDE_FIRST) == candidate_first ? 1 : 0;
    sprt_tally_add(&c->tally, opening_id, score);
    if (sprt_compute(&c->tally.counts, &c->sprt_params, c->sprt_model, &r) == 0 &&
        r.verdict != SPRT_CONTINUE) {
        c->verdict = r.verdict;
        return true;
    }
    return false;
}

/* The `Score of A vs B` line: wins, losses and draws of the first bot, over
 * every game of the run, those of an earlier run resumed too. */
static void score_count(struct run_cli *c, const char *first, int winner)
{
    bool first_is_a = strcmp(first, c->bots[0].name) == 0;
    if (winner == SIDE_NONE)
        c->score[2]++;
    else if ((winner == SIDE_FIRST) == first_is_a)
        c->score[0]++;
    else
        c->score[1]++;
}

static int on_tick(void *ctx)
{
    struct run_cli *c = ctx;
    return results_flush(c->out);
}

static int on_finished(void *ctx, const struct game_record *rec)
{
    struct run_cli *c = ctx;
    int rc = results_write_game(c->out, rec);

    if (rc < 0)
        return rc;
    struct game_summary g;
    ledger_summary_of_record(rec, &g);
    if (standings_add_game(c->st, &g) < 0)
        return -ENOMEM;
    c->done++;
    gameset_add(&c->written, rec->id - 1);
    bool verdict = c->sprt && sprt_count(c, rec->bots[0], rec->state.winner,
                                         rec->state.end == END_ABORTED, rec->opening_id);
    if (rec->state.end != END_ABORTED)
        score_count(c, rec->bots[0], rec->state.winner);

    if (!c->quiet) {
        progress_clear(c);
        printf("Finished game %d (%s vs %s): %s {%s}\n", rec->id, rec->bots[0], rec->bots[1],
               game_result_text(&rec->state), rec->reason);
        if (c->nbots == 2) {
            int n = c->score[0] + c->score[1] + c->score[2];
            printf("Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", c->bots[0].name, c->bots[1].name,
                   c->score[0], c->score[1], c->score[2], (c->score[0] + 0.5 * c->score[2]) / n, n);
        }
        fflush(stdout);
    }
    if (c->standings_every > 0 && c->done % c->standings_every == 0 && c->done < c->planned)
        print_standings(c);
    else
        progress_show(c);
    return verdict ? 1 : 0;
}

/* Random openings long enough to vary games, short enough not to decide them:
 * in tic-tac-toe any first move still draws with best play. */
static int default_opening_plies(const struct game_def *def)
{
    if (strcmp(def->name, "tictactoe") == 0)
        return 1;
    if (strcmp(def->name, "reversi") == 0)
        return 4;
    return 2;
}

static void default_results(struct run_cli *c)
{
    time_t now = time(NULL);
    struct tm tm;
    char stamp[32];

    gmtime_r(&now, &tm);
    strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
    snprintf(c->results, sizeof(c->results), "results/%s-%s", c->is_match ? "match" : "tournament",
             stamp);
}

/* The first of this run's games that it did not write, and how many. */
static long first_missing(const struct run_cli *c, long *missing)
{
    long first = -1;
    *missing = 0;
    for (long i = 0; i < c->total; i++)
        if (schedule_in_shard(&c->t.schedule, i, c->shard, c->shards) &&
            !gameset_has(&c->written, i)) {
            if (first < 0)
                first = i;
            ++*missing;
        }
    return first;
}

/* The exit status of a run that ended so, having said what went wrong: the
 * one place where a run's exit status is chosen. */
static int run_exit(struct run_cli *c, enum tournament_end end,
                    const struct tournament_failure *failure)
{
    long missing, first;

    switch (end) {
    case TOURNAMENT_FAILED:
        if (failure->bot >= 0) {
            const struct bot_spec *b = &c->bots[failure->bot];
            cli_error("cannot start bot '%s' ('%s'): %s", b->name, b->argv[0],
                      strerror(-failure->error));
            return EXIT_SYSTEM;
        }
        cli_error("cannot %s in '%s': %s", failure->what ? failure->what : "go on", c->results,
                  strerror(-failure->error));
        return failure->error == -EPROTO ? EXIT_INTERNAL : EXIT_SYSTEM;
    case TOURNAMENT_INTERRUPTED: return EXIT_INTERRUPTED;
    case TOURNAMENT_STOPPED: return cli_sprt_exit(c->verdict);
    case TOURNAMENT_DONE: break;
    }
    /* Every run ends by comparing the games it wrote with the games it planned. */
    first = first_missing(c, &missing);
    if (missing > 0 || c->done != c->planned) {
        cli_error("the run ended with %ld of its %ld games not written (the first: game %ld): "
                  "an internal error of referee's; --resume plays them",
                  missing, c->planned, first + 1);
        return EXIT_INTERNAL;
    }
    return c->sprt ? EXIT_SPRT_NONE : EXIT_OK;
}

static int run(struct run_cli *c)
{
    char failed[PATH_MAX + 16], why[256];
    struct gameset skip = {0};
    int rc = EXIT_OK, err;

    for (int i = 0; i < c->nbots; i++)
        c->bots[i].limits = c->limits;
    c->t.bots = c->bots;
    c->t.nbots = c->nbots;
    c->t.schedule.nbots = c->nbots;
    c->t.schedule.seed = (uint64_t)c->seed;
    c->t.schedule.games_per_pairing = (int)c->games;
    c->t.openings = c->openings;
    c->t.nopenings = c->nopenings;
    c->t.opening_plies = (int)c->openings_plies;
    c->t.log_cap = (size_t)c->log_cap;
    /* Spinning for a reply holds a core while the bot thinks on another: only
     * when every game under way can have two, and never on a pinned worker,
     * whose bots share its core. */
    c->t.rules.spin = !c->no_spin && !c->t.affinity && 2 * c->t.jobs <= cli_cores();
    c->total = schedule_count(&c->t.schedule);

    if (c->total > 100000000) {
        cli_error("%ld games is more than one run can hold (100000000); split it with "
                  "fewer --games or --rounds",
                  c->total);
        return EXIT_USAGE;
    }
    if (c->nopenings == 0 && c->openings_plies > 0) {
        struct scheduled_game g;
        struct game_state s;
        schedule_game(&c->t.schedule, 0, &g);
        if (tournament_start(&c->t, &g, &s) < 0) {
            cli_error("--openings %ld: no line of %ld random moves leaves a game of %s open",
                      c->openings_plies, c->openings_plies, c->t.def->name);
            return EXIT_USAGE;
        }
    }
    /* Every opening must be playable before any game starts. */
    for (int i = 0; i < c->nopenings; i++) {
        struct scheduled_game g = {.opening_id = i + 1};
        struct game_state s;
        if (tournament_start(&c->t, &g, &s) < 0) {
            cli_error("openings file '%s', opening %d ('%s'): not a playable line of %s",
                      c->openings_file, i + 1, c->openings[i], c->t.def->name);
            return EXIT_DATA;
        }
    }

    c->st = standings_new();
    if (!c->st || gameset_init(&skip, c->total) < 0 || gameset_init(&c->written, c->total) < 0) {
        cli_error("out of memory");
        rc = EXIT_SYSTEM;
        goto out;
    }
    for (int i = 0; i < c->nbots; i++)
        standings_add_bot(c->st, c->bots[i].name);

    if (c->resume) {
        err = ledger_resume(c->results, &c->t, &skip, c->st, why, sizeof(why));
        if (err < 0) {
            cli_error("cannot resume '%s': %s", c->results, why);
            rc = (err == -EINVAL || err == -ENODATA) ? EXIT_DATA : EXIT_SYSTEM;
            goto out;
        }
    }
    /* A shard plays the games of its pairs of games; the rest are not its own. */
    c->planned = 0;
    for (long i = 0; i < c->total; i++) {
        if (schedule_in_shard(&c->t.schedule, i, c->shard, c->shards)) {
            c->planned++;
            c->done += gameset_has(&skip, i);
        } else if (gameset_has(&skip, i)) {
            cli_error("cannot resume '%s': game %ld is not of shard %d/%d", c->results, i + 1,
                      c->shard + 1, c->shards);
            rc = EXIT_DATA;
            goto out;
        } else {
            gameset_add(&skip, i);
        }
    }
    for (long i = 0; i < c->total; i++)
        if (gameset_has(&skip, i) && schedule_in_shard(&c->t.schedule, i, c->shard, c->shards))
            gameset_add(&c->written, i);
    if (c->resume && (rc = recount_resumed(c)) != EXIT_OK)
        goto out;
    if (c->resume && !c->quiet) {
        printf("Resuming '%s': %ld of %ld games already played\n", c->results, c->done, c->planned);
        fflush(stdout);
    }
    err = results_open(&c->out, c->results, c->resume, failed, sizeof(failed));
    snprintf(c->logs, sizeof(c->logs), "%s/logs", c->results);
    if (err == 0 && mkdir(c->logs, 0755) < 0 && errno != EEXIST) {
        err = -errno;
        snprintf(failed, sizeof(failed), "%s", c->logs);
    }
    if (err == -EEXIST) {
        cli_error("'%s' already holds games; continue it with --resume or choose another "
                  "--results directory",
                  failed);
        rc = EXIT_USAGE;
        goto out;
    }
    if (err == -EPROTO) {
        cli_error("'%s' has other columns than this version of referee writes", failed);
        rc = EXIT_DATA;
        goto out;
    }
    if (err < 0) {
        cli_error("cannot write results to '%s': %s", failed, strerror(-err));
        rc = EXIT_SYSTEM;
        goto out;
    }
    c->t.log_dir = c->logs;

    struct tournament_hooks hooks = {
        .started = on_started, .finished = on_finished, .tick = on_tick, .ctx = c};
    struct tournament_failure failure = {0};
    enum tournament_end end = TOURNAMENT_STOPPED; /* a verdict already reached: play nothing */
    c->progress = !c->quiet && isatty(STDERR_FILENO);
    c->t0_ns = proc_now_ns();
    if (c->verdict == SPRT_CONTINUE)
        end = tournament_run(&c->t, &skip, &hooks, &cli_interrupted, &failure);
    progress_clear(c);
    /* Whatever stopped the run, the games it finished are written. */
    err = results_flush(c->out);
    if (err < 0 && end != TOURNAMENT_FAILED) {
        end = TOURNAMENT_FAILED;
        failure = (struct tournament_failure){.error = err, .bot = -1, .what = "write the results"};
    }
    rc = run_exit(c, end, &failure);
    if (c->done > 0) {
        err = results_write_standings(c->results, c->st);
        if (err < 0) {
            cli_error("cannot write standings to '%s': %s", c->results, strerror(-err));
            rc = rc ? rc : EXIT_SYSTEM;
        }
        if (!c->quiet || rc == EXIT_OK || c->sprt)
            print_standings(c);
        if (c->sprt) {
            struct sprt_result r;
            cli_print_sprt(stdout, &c->tally.counts, &c->sprt_params, c->sprt_model, &r);
            if (rc == EXIT_SPRT_NONE)
                printf("SPRT: no verdict after %ld games\n", c->done);
        }
    }
    if (rc == EXIT_INTERRUPTED)
        cli_error("interrupted after %ld of %ld games; continue with: --results '%s' --resume",
                  c->done, c->planned, c->results);
out:
    results_free(c->out);
    standings_free(c->st);
    gameset_free(&skip);
    gameset_free(&c->written);
    return rc;
}

static int run_command(int argc, char **argv, bool is_match)
{
    struct run_cli *c = calloc(1, sizeof(*c));
    int rc;

    if (!c) {
        cli_error("out of memory");
        return EXIT_SYSTEM;
    }
    c->is_match = is_match;
    c->t.def = game_find("tictactoe");
    c->t.early_draw = true;
    c->t.schedule = (struct schedule){.format = SCHEDULE_ROUND_ROBIN, .rounds = 1};
    c->t.rules = (struct match_rules){
        .time = {.move_ms = 1000, .first_move_ms = 5000, .margin_ms = 50},
        .stop_grace_ms = 200,
    };
    c->t.jobs = is_match ? 1 : cli_cores();
    c->games = 2;
    c->shards = 1;
    c->sprt_params = (struct sprt_params)SPRT_PARAMS_DEFAULT;
    c->sprt_model = SPRT_PENTANOMIAL;
    c->seed = 1;
    c->log_cap = 1 << 20;

    rc = parse_args(c, argc, argv);
    if (rc < 0) {
        if (!c->openings_given && (!is_match || c->sprt))
            c->openings_plies = default_opening_plies(c->t.def);
        if (c->results[0] == '\0')
            default_results(c);
        proc_ignore_sigpipe();
        cli_catch_signals();
        rc = run(c);
    }
    for (int i = 0; i < c->nbots; i++)
        config_bot_release(&c->bots[i]);
    for (int i = 0; i < c->nopenings; i++)
        free(c->openings[i]);
    free(c->openings);
    free(c);
    return rc;
}

int cmd_tournament(int argc, char **argv)
{
    return run_command(argc, argv, false);
}

int cmd_match(int argc, char **argv)
{
    return run_command(argc, argv, true);
}
