/* cmd_play.c: `referee play`: a person plays a bot at the terminal (or from a
 * pipe): the board with its coordinates after every move, the legal moves, a
 * move typed in the game's notation; a typo or an illegal move is asked
 * again, never a foul. The bot is held to its rules as in any match, and the
 * game is recorded like any other (games.csv, moves.csv, a report). */
#include "defaults.h"
#include "cli.h"
#include "config.h"
#include "notation.h"
#include "player.h"
#include "protocol.h"
#include "record.h"
#include "results.h"
#include "runlock.h"
#include "xalloc.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The board with its coordinates, as the game writes its squares. */
static void draw(const struct game_state *s)
{
    const struct game_def *def = game_def_of(s);
    bool row_letters = def->squares == SQUARES_ROW_LETTER;

    printf("\n   ");
    for (int c = 0; c < def->cols; c++)
        if (row_letters || def->squares == SQUARES_COLUMN)
            printf("%2d", c + 1);
        else
            printf(" %c", 'a' + c);
    putchar('\n');
    for (int r = 0; r < def->rows; r++) {
        if (row_letters)
            printf("  %c", 'a' + r);
        else if (def->squares == SQUARES_COLUMN)
            printf("   ");
        else
            printf("%3d", r + 1);
        for (int c = 0; c < def->cols; c++) {
            int m = def->at(s, r, c);
            printf(" %c", m < 0 ? '.' : def->marks[m]);
        }
        putchar('\n');
    }
}

static void show_legal(const struct game_state *s)
{
    const struct game_def *def = game_def_of(s);
    struct action moves[GAME_MAX_SQUARES + 1];
    char text[GAME_MOVE_TEXT];
    int n = game_legal(s, moves);

    printf("Legal:");
    for (int i = 0; i < n; i++)
        printf(" %s", notation_format_move(def, moves[i], false, text, sizeof(text)));
    putchar('\n');
}

/* The person's move: asked until it is legal, resign, or quit (NULL: quit,
 * or the end of input). */
static bool ask_person(struct game_state *s, enum side side, struct action *out)
{
    const struct game_def *def = game_def_of(s);
    char line[256];

    for (;;) {
        printf("Your move (%c), or resign or quit: ", def->marks[side]);
        fflush(stdout);
        if (!fgets(line, sizeof(line), stdin))
            return false;
        line[strcspn(line, "\r\n")] = '\0';
        char *text = line;
        while (isspace((unsigned char)*text))
            text++;
        for (char *e = text + strlen(text); e > text && isspace((unsigned char)e[-1]);)
            *--e = '\0';
        if (!isatty(0))
            printf("%s\n", text); /* from a pipe: the screen shows what was played */
        if (strcmp(text, "quit") == 0)
            return false;
        if (strcmp(text, "undo") == 0) {
            printf("No undo: this game is recorded as played.\n");
            continue;
        }
        if (strcmp(text, "resign") == 0) {
            *out = (struct action){.kind = ACTION_RESIGN, .side = side};
            return true;
        }
        struct action a;
        const char *why = "";
        if (!text[0] || notation_parse_move(s, text, &a, &why) < 0 ||
            (a.kind != ACTION_MOVE && a.kind != ACTION_PASS)) {
            char shown[4 * PROTOCOL_ECHO_MAX + 8];
            printf("'%s' is not a move%s%s; type one of the legal moves.\n",
                   protocol_escape(shown, sizeof(shown), text, strlen(text)), why[0] ? ": " : "",
                   why);
            continue;
        }
        a.side = (uint8_t)side;
        struct game_state trial = *s;
        game_step(&trial, a);
        if (trial.end == END_FOUL) {
            char reason[RECORD_REASON_MAX];
            printf("%s: not allowed here; try again.\n",
                   game_reason(&trial, reason, sizeof(reason)));
            continue;
        }
        *out = a;
        return true;
    }
}

/* The bot's turn: asked as in any match; a foul ends the game. */
static void ask_bot(struct player *p, struct game_record *rec, const struct time_control *tc,
                    char *intro, size_t *intro_len, bool first)
{
    struct game_state *s = &rec->state;
    enum side side = (enum side)s->to_move;
    int limit = first ? tc->first_move_ms : tc->move_ms;
    char line[3 * PROTOCOL_LINE_MAX];
    size_t len = *intro_len;
    struct player_reply r;
    struct action a;

    memcpy(line, intro, len);
    *intro_len = 0;
    int k = protocol_format_turn(line + len, PROTOCOL_LINE_MAX, s, limit);
    len += k > 0 ? (size_t)k : 0;
    struct player_request q = {.state = s,
                               .line = line,
                               .len = len,
                               .limit_ms = limit,
                               .deadline_ns =
                                   proc_now_ns() + (int64_t)(limit + tc->margin_ms) * NS_PER_MS};
    printf("%s thinks...\n", rec->bots[side]);
    fflush(stdout);
    player_ask(p, &q, &r);
    int at = s->nhistory;
    rec->used_us[side] += r.elapsed_ns / 1000;
    if (r.foul != FOUL_NONE) {
        game_step(s,
                  (struct action){.kind = ACTION_FORFEIT, .side = side, .foul = (uint8_t)r.foul});
        snprintf(rec->reason, sizeof(rec->reason), "%s", r.reason);
    } else if (!protocol_is_printable(r.line, r.len) || protocol_parse_reply(s, r.line, &a) < 0 ||
               a.side != side) {
        char shown[4 * PROTOCOL_ECHO_MAX + 8];
        game_step(s, (struct action){.kind = ACTION_FORFEIT, .side = side, .foul = FOUL_MALFORMED});
        snprintf(rec->reason, sizeof(rec->reason), "malformed reply \"%s\"",
                 protocol_escape(shown, sizeof(shown), r.line, r.len));
    } else {
        game_step(s, a);
    }
    if (s->end == END_FOUL) {
        rec->foul_side = (uint8_t)side;
        p->tainted = true;
    }
    if (s->nhistory > at) {
        rec->move_us[at] = (int32_t)(r.elapsed_ns / 1000);
        char text[GAME_MOVE_TEXT];
        printf("%s plays %s\n", rec->bots[side],
               notation_format_move(game_def_of(s), s->history[at], false, text, sizeof(text)));
    }
}

/* Play the game into rec; the person plays `person`. */
static void play(struct player *p, struct game_record *rec, enum side person,
                 const struct time_control *tc)
{
    struct game_state *s = &rec->state;
    enum side bot = side_other(person);
    char intro[PROTOCOL_LINE_MAX];
    struct protocol_game pg = {
        .def = game_def_of(s), .side = bot, .tc = tc, .seed = rec->bot_seed, .id = 1};
    int n = protocol_format_game(intro, sizeof(intro), &pg);
    size_t intro_len = n > 0 ? (size_t)n : 0;
    bool bot_first = true;

    while (!game_is_over(s)) {
        if (s->to_move == bot) {
            ask_bot(p, rec, tc, intro, &intro_len, bot_first);
            bot_first = false;
            continue;
        }
        draw(s);
        show_legal(s);
        struct action a;
        int64_t t0 = proc_now_ns();
        if (!ask_person(s, person, &a)) {
            game_step(s, (struct action){.kind = ACTION_ABORT, .side = person});
            snprintf(rec->reason, sizeof(rec->reason), "quit");
            break;
        }
        rec->move_us[s->nhistory] = (int32_t)((proc_now_ns() - t0) / 1000);
        rec->used_us[person] += (proc_now_ns() - t0) / 1000;
        game_step(s, a);
    }
    if (!rec->reason[0])
        game_reason(s, rec->reason, sizeof(rec->reason));
    draw(s);
    if (s->end == END_DEAD)
        printf("Draw: neither side can complete a line any more.\n");
    printf("Result %s: %s\n", game_result_text(s), rec->reason);
    char result[PROTOCOL_LINE_MAX];
    n = protocol_format_result(result, sizeof(result), s, rec->reason);
    if (n > 0 && !p->tainted) {
        memmove(result + intro_len, result,
                (size_t)n); /* a bot never asked still gets its game line */
        memcpy(result, intro, intro_len);
        player_tell(p, result, intro_len + (size_t)n, proc_now_ns() + TELL_MS * NS_PER_MS);
    }
}

struct play_args {
    const struct game_def *def;
    struct bot_spec bot;
    bool have_bot;
    int as;
    const char *name, *results, *mark;
    long move_ms;
};

static int opt_game(void *target, const char *arg)
{
    struct play_args *a = target;

    if (!(a->def = game_find(arg))) {
        cli_error("unknown game '%s'", arg);
        return EXIT_USAGE;
    }
    return 0;
}

static int opt_bot(void *target, const char *arg)
{
    struct play_args *a = target;
    const char *why = "";

    if (a->have_bot || config_bot_parse(&a->bot, arg, &why) < 0) {
        cli_error("--bot '%s': %s", arg, a->have_bot ? "one bot to play" : why);
        return EXIT_USAGE;
    }
    a->have_bot = true;
    return 0;
}

static const struct option_def play_table[] = {
    {.name = "bot",
     .arg = "NAME=COMMAND",
     .type = OPTION_CALL,
     .call = opt_bot,
     .help = "the bot you play: its name, then its command line"},
    {.name = "game",
     .arg = "NAME",
     .type = OPTION_CALL,
     .call = opt_game,
     .help = "tictactoe (default), connect4, reversi, gomoku,\n"
             "gomoku-standard, gomoku-freestyle, gomoku-renju"},
    {.name = "as",
     .arg = "MARK",
     .type = OPTION_TEXT,
     .offset = offsetof(struct play_args, mark),
     .help = "your mark (default: the first side's)"},
    {.name = "name",
     .arg = "NAME",
     .type = OPTION_TEXT,
     .offset = offsetof(struct play_args, name),
     .help = "your name in the results (default human)"},
    {.name = "movetime",
     .arg = "MS",
     .type = OPTION_COUNT,
     .min = 1,
     .max = 3600000,
     .offset = offsetof(struct play_args, move_ms),
     .help = "the bot's limit per move (default 5000)"},
    {.name = "results",
     .arg = "DIR",
     .type = OPTION_TEXT,
     .offset = offsetof(struct play_args, results),
     .help = "where the game is recorded\n"
             "(default results/play-<date>-<time>)"},
};

const struct option_set play_options = {
    .table = play_table,
    .n = sizeof(play_table) / sizeof(play_table[0]),
    .head = "usage: referee play --bot NAME=COMMAND [options]\n"
            "\n"
            "You play the bot, at the terminal or from a pipe: the board is drawn with its\n"
            "coordinates after every move, with the legal moves; type a move in the game's\n"
            "notation (c2 in tic-tac-toe, 4 in connect four, d3 in reversi and gomoku),\n"
            "resign, or quit. There is no undo: the game is recorded like any other.\n"
            "\n",
    .tail = "Exit status: 0 played, 2 bad usage or a results folder another run holds,\n"
            "4 a bot that cannot be started or results that cannot be written.\n",
    .permute = true,
};

static int parse_args(int argc, char **argv, struct play_args *a)
{
    const char *mark;
    int rc = options_parse(&play_options, argc, argv, a, NULL, NULL);

    if (rc != 0)
        return rc == 1 ? -1 : rc;
    if (!a->have_bot) {
        cli_error("play needs a bot: --bot NAME=COMMAND");
        return EXIT_USAGE;
    }
    mark = a->mark;
    a->as = SIDE_FIRST;
    if (mark &&
        (strlen(mark) != 1 || (mark[0] != a->def->marks[0] && mark[0] != a->def->marks[1]))) {
        cli_error("--as '%s': %s plays %c (first) and %c", mark, a->def->name, a->def->marks[0],
                  a->def->marks[1]);
        return EXIT_USAGE;
    }
    if (mark)
        a->as = mark[0] == a->def->marks[0] ? SIDE_FIRST : SIDE_SECOND;
    if (strlen(a->name) == 0 || strlen(a->name) > CONFIG_NAME_MAX ||
        !protocol_is_printable(a->name, strlen(a->name)) || strcmp(a->name, a->bot.name) == 0) {
        cli_error("--name '%s': 1 to %d bytes of printable ASCII, not the bot's name", a->name,
                  CONFIG_NAME_MAX);
        return EXIT_USAGE;
    }
    return 0;
}

int cmd_play(int argc, char **argv)
{
    struct play_args a = {.def = game_find("tictactoe"), .name = "human", .move_ms = 5000};
    char stamp[32], dir[64], failed[PATH_MAX + 16];
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
    struct time_control tc = {
        .move_ms = (int)a.move_ms, .first_move_ms = (int)a.move_ms + 5000, .margin_ms = 50};
    struct game_record *rec = xcalloc(1, sizeof(*rec));
    struct player p;
    player_init(&p, &a.bot, a.def, NULL, 0);
    game_init(&rec->state, a.def, true);
    rec->id = 1;
    rec->foul_side = SIDE_NONE;
    rec->bot_seed = (uint64_t)time(NULL) & ((1ull << 53) - 1);
    for (int i = 0; i < GAME_MAX_PLIES; i++)
        rec->move_us[i] = -1;
    snprintf(rec->bots[a.as], sizeof(rec->bots[0]), "%s", a.name);
    snprintf(rec->bots[1 - a.as], sizeof(rec->bots[0]), "%s", a.bot.name);
    if ((rc = player_ensure_started(&p, false)) < 0) {
        cli_error("cannot start bot '%s' ('%s'): %s", a.bot.name, a.bot.argv[0],
                  p.why[0] ? p.why : strerror(-rc));
        rc = EXIT_SYSTEM;
    } else {
        printf("%s: you (%s) play %c against %s (%c); %s moves first.\n", a.def->title, a.name,
               a.def->marks[a.as], a.bot.name, a.def->marks[1 - a.as], rec->bots[SIDE_FIRST]);
        rec->start_unix_ms = proc_wall_ms();
        int64_t t0 = proc_now_ns();
        play(&p, rec, (enum side)a.as, &tc);
        rec->duration_us = (proc_now_ns() - t0) / 1000;
        player_stop(&p, 200);
        struct results *out = NULL;
        /* One run at a time writes a results folder (runlock.h). */
        long holder = 0;
        int lock = -1, err = runlock_take(a.results, &lock, &holder);
        if (err < 0)
            snprintf(failed, sizeof(failed), "%s", a.results);
        if (err == 0)
            err = results_open(&out, a.results, false, failed, sizeof(failed));
        if (err == 0 && (err = results_write_game(out, rec)) == 0)
            err = results_flush(out);
        if (err == 0 || out)
            results_free(out);
        runlock_release(lock);
        if (err == 0) {
            printf("Recorded in %s\n", a.results);
            rc = EXIT_OK;
        } else if (err == -EWOULDBLOCK) {
            char pid[32] = "";
            if (holder > 0)
                snprintf(pid, sizeof(pid), " (pid %ld)", holder);
            cli_error("cannot write the game to '%s': it is in use by another run%s", a.results,
                      pid);
            rc = EXIT_USAGE;
        } else {
            cli_error("cannot write the game to '%s': %s", err == -EEXIST ? a.results : failed,
                      err == -EEXIST ? "it already holds games" : strerror(-err));
            rc = EXIT_SYSTEM;
        }
    }
    player_stop(&p, 0);
    free(rec);
    config_bot_release(&a.bot);
    return rc;
}
