/* cmd_play.c: `referee play`: a person plays a bot at the terminal (or from a
 * pipe), in the game loop every match plays in (match.h), the person's seat
 * against the bot's (any protocol: --proto): the bot is held to its rules and
 * judged as in any match, and the game is recorded like any other
 * (games.csv, moves.csv, a report). */
#include "defaults.h"
#include "cmd.h"
#include "cmd_options.h"
#include "host.h"
#include "config.h"
#include "match.h"
#include "notation.h"
#include "protocol.h"
#include "record.h"
#include "results.h"
#include "runlock.h"
#include "folder.h"
#include "seat_person.h"
#include "xalloc.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct play_args {
    const struct game_def *def;
    struct bot_spec bot;
    bool have_bot;
    int as;
    const char *name, *results, *mark;
    enum proto proto;
    long move_ms;
};

static int opt_bot(void *target, const char *arg)
{
    struct play_args *a = target;
    const char *why = "";

    if (a->have_bot || config_bot_parse(&a->bot, arg, &why) < 0) {
        message_error("--bot '%s': %s", arg, a->have_bot ? "one bot to play" : why);
        return EXIT_USAGE;
    }
    a->have_bot = true;
    return 0;
}

#define FIELD(name) offsetof(struct play_args, name)

static const struct option_def play_table[] = {
    CALL("bot", "NAME=COMMAND", opt_bot,
         "the bot you play: its name, then its command line\n"
         "(or give the command's words after --)"),
    PROTO("proto", "P", proto,
          "the protocol the bot speaks: referee (default), gtp,\n"
          "gomocup or nboard"),
    GAME("game", "NAME", def,
         "tictactoe (default; gomoku for gomocup, reversi for\n"
         "gtp and nboard), connect4, reversi, gomoku,\n"
         "gomoku-standard, gomoku-freestyle, gomoku-renju"),
    TEXT("as", "MARK", mark, "your mark (default: the first side's)"),
    TEXT("name", "NAME", name, "your name in the results (default human)"),
    COUNT("movetime", "MS", move_ms, 1, 3600000, "the bot's limit per move (default 5000)"),
    TEXT("results", "DIR", results,
         "where the game is recorded\n"
         "(default results/play-<date>-<time>)"),
};

const struct option_set play_options = {
    .table = play_table,
    .n = sizeof(play_table) / sizeof(play_table[0]),
    .head = "usage: referee play [options] (--bot NAME=COMMAND | -- COMMAND [ARG]...)\n"
            "\n"
            "You play the bot, at the terminal or from a pipe: the board is drawn with its\n"
            "coordinates after every move, with the legal moves; type a move in the game's\n"
            "notation (c2 in tic-tac-toe, 4 in connect four, d3 in reversi and gomoku),\n"
            "resign, or quit. There is no undo: the game is recorded like any other, and\n"
            "the bot is judged as in any match.\n"
            "\n",
    .tail = "Exit status: 0 played, 2 bad usage or a results folder another run holds,\n"
            "4 a bot that cannot be started or results that cannot be written.\n",
    .operands = "COMMAND [ARG]...",
    .min_operands = 0,
    .max_operands = -1, /* more than CONFIG_MAX_ARGS: said as --bot says it */
};

/* The bot given as words after the options (-- COMMAND [ARG]...), named after
 * its program. Returns 0 or EXIT_USAGE, having said why. */
static int take_words(struct play_args *a, int n, char **words)
{
    const char *why = "", *slash = strrchr(words[0], '/');
    char name[CONFIG_NAME_MAX + 1];

    if (a->have_bot) {
        message_error("'%s': give the bot once, with --bot or after --", words[0]);
        return EXIT_USAGE;
    }
    snprintf(name, sizeof(name), "%s", slash && slash[1] ? slash + 1 : words[0]);
    if (config_bot_words(&a->bot, name, n, words, &why) < 0) {
        message_error("-- '%s' ...: %s (%d, at most %d)", words[0], why, n, CONFIG_MAX_ARGS);
        return EXIT_USAGE;
    }
    a->have_bot = true;
    return 0;
}

/* The side the person plays, from --as. Returns 0 or EXIT_USAGE, having said why. */
static int take_side(struct play_args *a)
{
    const char *mark = a->mark;

    a->as = SIDE_FIRST;
    if (mark &&
        (strlen(mark) != 1 || (mark[0] != a->def->marks[0] && mark[0] != a->def->marks[1]))) {
        message_error("--as '%s': %s plays %c (first) and %c", mark, a->def->name, a->def->marks[0],
                      a->def->marks[1]);
        return EXIT_USAGE;
    }
    if (mark)
        a->as = mark[0] == a->def->marks[0] ? SIDE_FIRST : SIDE_SECOND;
    return 0;
}

static int parse_args(int argc, char **argv, struct play_args *a)
{
    int first, rc = options_parse(&play_options, argc, argv, a, NULL, &first);

    if (rc == 0 && first < argc)
        rc = take_words(a, argc - first, argv + first);
    if (rc != 0)
        return rc == 1 ? -1 : rc;
    if (!a->have_bot) {
        message_error("play needs a bot: --bot NAME=COMMAND, or -- COMMAND [ARG]...");
        return EXIT_USAGE;
    }
    a->bot.proto.proto = a->proto;
    if (!a->def)
        a->def = game_find(adapter_of(a->proto)->usual_game);
    if ((rc = cmd_check_plays(a->bot.name, a->proto, a->def)) != 0 || (rc = take_side(a)) != 0)
        return rc;
    const char *problem = config_name_problem(a->name);
    if (problem || strcmp(a->name, a->bot.name) == 0) {
        message_error("--name '%s' %s", a->name, problem ? problem : "is the bot's name too");
        return EXIT_USAGE;
    }
    return 0;
}

/* What the screen shows of the bot's turns: the loop's observer. */
struct screen {
    const struct game_def *def;
    enum side person;
};

static void on_started(void *ctx, const struct game_record *rec)
{
    const struct screen *sc = ctx;
    enum side bot = side_other(sc->person);

    printf("%s: you (%s) play %c against %s (%c); %s moves first.\n", sc->def->title,
           rec->bots[sc->person], sc->def->marks[sc->person], rec->bots[bot], sc->def->marks[bot],
           rec->bots[SIDE_FIRST]);
}

static void on_asked(void *ctx, const struct game_record *rec, const struct match_event *e)
{
    const struct screen *sc = ctx;

    if (e->side != sc->person) {
        printf("%s thinks...\n", rec->bots[e->side]);
        fflush(stdout);
    }
}

static void on_replied(void *ctx, const struct game_record *rec, const struct match_event *e)
{
    const struct screen *sc = ctx;
    char text[GAME_MOVE_TEXT];

    if (e->side != sc->person && rec->state.nhistory > e->ply)
        printf(
            "%s plays %s\n", rec->bots[e->side],
            notation_format_move(sc->def, rec->state.history[e->ply], false, text, sizeof(text)));
}

/* Play the game into rec: the person's seat against p's. Returns 0, or the
 * operator's mistake as match_play says it (said here, in one line). */
static int play_game(struct player *p, struct game_record *rec, enum side person, long move_ms)
{
    const struct game_def *def = game_def_of(&rec->state);
    struct screen sc = {.def = def, .person = person};
    struct match_observer obs = {
        .ctx = &sc, .started = on_started, .asked = on_asked, .replied = on_replied};
    struct match_rules rules = {.time = {.move_ms = (int)move_ms,
                                         .first_move_ms = (int)move_ms + 5000,
                                         .margin_ms = MARGIN_MS},
                                .stop_grace_ms = EXIT_GRACE_MS,
                                .observer = &obs};
    struct seat_person you;
    struct seat_bot bot;
    struct seat *seats[2];
    struct game_state start = rec->state;
    enum side failed = SIDE_NONE;

    seat_person_init(&you);
    seat_bot_init(&bot, p);
    seats[person] = &you.seat;
    seats[side_other(person)] = &bot.seat;
    int rc = match_play(seats, &start, &rules, rec, &failed);
    if (rc < 0) {
        message_error("cannot start bot '%s' ('%s'): %s", p->bot->name, p->bot->argv[0],
                      p->why[0] ? p->why : strerror(-rc));
        return rc;
    }
    seat_person_draw(&rec->state);
    if (rec->state.end == END_DEAD)
        printf("Draw: neither side can complete a line any more.\n");
    printf("Result %s: %s\n", game_result_text(&rec->state), rec->reason);
    return 0;
}

/* Write the game into the results folder dir. Returns an exit status, having
 * said what went wrong. */
static int record_game(const char *dir, const struct game_record *rec)
{
    char failed[PATH_MAX + 16];
    struct results *out = NULL;
    /* One run at a time writes a results folder (runlock.h). */
    long holder = 0;
    struct runlock lock = RUNLOCK_INIT;
    int dir_fd = -1, err = folder_open(dir, true, &dir_fd);

    if (err == 0 && (err = runlock_take(&lock, dir_fd, &holder)) < 0)
        snprintf(failed, sizeof(failed), "%s/%s", dir, RUNLOCK_FILE);
    else if (err < 0)
        snprintf(failed, sizeof(failed), "%s", dir);
    if (err == 0)
        err = results_open(&out, dir_fd, dir, false, failed, sizeof(failed));
    if (err == 0 && (err = results_write_game(out, rec)) == 0)
        err = results_flush(out);
    if (err == 0 || out)
        results_free(out);
    runlock_release(&lock);
    if (dir_fd >= 0)
        close(dir_fd);
    if (err == 0) {
        printf("Recorded in %s\n", dir);
        return EXIT_OK;
    }
    if (err == -EWOULDBLOCK) {
        char pid[32] = "";
        if (holder > 0)
            snprintf(pid, sizeof(pid), " (pid %ld)", holder);
        message_error("cannot write the game to '%s': it is in use by another run%s", dir, pid);
        return EXIT_USAGE;
    }
    message_error("cannot write the game to '%s': %s", err == -EEXIST ? dir : failed,
                  err == -EEXIST ? "it already holds games" : folder_why(err));
    return folder_is_link(err) ? EXIT_USAGE : EXIT_SYSTEM;
}

static int cmd_play(int argc, char **argv)
{
    struct play_args a = {.name = "human", .move_ms = 5000}; /* no game: its protocol's usual */
    char stamp[32], dir[64];
    int rc = parse_args(argc, argv, &a);

    if (rc != 0) {
        config_bot_release(&a.bot);
        return rc < 0 ? EXIT_OK : rc;
    }
    if (!a.results) {
        time_t now = time(NULL);
        struct tm tm;
        gmtime_r(&now, &tm);
        strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
        snprintf(dir, sizeof(dir), "results/play-%s", stamp);
        a.results = dir;
    }
    proc_ignore_sigpipe();
    proc_watchdog_start();
    struct game_record *rec = xcalloc(1, sizeof(*rec));
    struct player p;
    host_say_bots_run_as_root(false, false);
    player_init(&p, &a.bot, a.def, NULL, 0);
    game_init(&rec->state, a.def, true);
    rec->id = 1;
    rec->seed = (uint64_t)time(NULL);
    snprintf(rec->bots[a.as], sizeof(rec->bots[0]), "%s", a.name);
    snprintf(rec->bots[1 - a.as], sizeof(rec->bots[0]), "%s", a.bot.name);
    if (play_game(&p, rec, (enum side)a.as, a.move_ms) < 0) {
        rc = EXIT_SYSTEM;
    } else {
        player_stop(&p, EXIT_GRACE_MS);
        rc = record_game(a.results, rec);
    }
    player_stop(&p, 0);
    free(rec);
    config_bot_release(&a.bot);
    return rc;
}

const struct cmd_entry cmd_play_entry = {
    .name = "play",
    .summary = "play a bot yourself, at the terminal",
    .exec = cmd_play,
    .options = &play_options,
};
