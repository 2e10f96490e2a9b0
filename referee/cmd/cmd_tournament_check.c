/* cmd_tournament_check.c: what `tournament` and `match` refuse in a filled
 * struct run_config that no option alone can say (two bots of one name, a
 * movetime of 0 without a clock...), and whether a bot's protocol plays the
 * game (cmd_check_plays, which every command that plays asks). */
#include "cmd_tournament.h"
#include "cmd.h"
#include "inputs.h"
#include "path.h"
#include "tournament.h"

#include <limits.h>
#include <string.h>

/* Names: as config_name_problem wants them, and distinct once
 * made into log file names. Returns 0 or EXIT_USAGE, having said why. */
static int check_names(const struct run_config *c)
{
    char text[4 * PROTOCOL_ECHO_MAX + 8], a[PATH_MAX], b[PATH_MAX];

    for (int i = 0; i < c->nbots; i++) {
        const char *name = c->bots[i].name, *problem = config_name_problem(name);
        if (problem) {
            message_error("bot name '%s' %s",
                          protocol_escape(text, sizeof(text), name, strlen(name)), problem);
            return EXIT_USAGE;
        }
        for (int j = 0; j < i; j++) {
            tournament_log_path(a, sizeof(a), "logs", name);
            tournament_log_path(b, sizeof(b), "logs", c->bots[j].name);
            if (strcmp(a, b) == 0) {
                message_error("bots '%s' and '%s' would share the log file '%s'; rename one",
                              c->bots[j].name, name, a);
                return EXIT_USAGE;
            }
        }
    }
    return 0;
}

int cmd_tournament_check_config(struct run_config *c)
{
    if (c->is_match && c->nbots != 2) {
        message_error("a match needs two bots: --bot NAME=COMMAND twice");
        return EXIT_USAGE;
    }
    if (c->nbots < 2) {
        message_error("a tournament needs at least two bots (--bot NAME=COMMAND or --bots FILE)");
        return EXIT_USAGE;
    }
    for (int i = 0; i < c->nbots; i++)
        for (int j = 0; j < i; j++)
            if (strcmp(c->bots[i].name, c->bots[j].name) == 0) {
                message_error("two bots are named '%s'; give them different names",
                              c->bots[i].name);
                return EXIT_USAGE;
            }
    if (check_names(c) != 0)
        return EXIT_USAGE;
    if (c->time.move_ms == 0 && c->time.clock_ms == 0) {
        message_error("--movetime 0 needs a game clock (--clock MS)");
        return EXIT_USAGE;
    }
    if (c->sprt && c->nbots != 2) {
        message_error("--sprt tests one candidate against one baseline: give two bots");
        return EXIT_USAGE;
    }
    if (c->results && strlen(c->results) + PATH_ROOM >= PATH_MAX) {
        message_error("--results: a path of %zu bytes leaves no room for the files in it (at most "
                      "%d bytes)",
                      strlen(c->results), PATH_MAX - PATH_ROOM - 1);
        return EXIT_USAGE;
    }
    if (c->limits.disk_mb > 0 && !c->sandbox) {
        message_error("--disk bounds what a sandboxed bot writes: give --sandbox too");
        return EXIT_USAGE;
    }
    if (c->sandbox_user.given && !c->sandbox) {
        message_error("--sandbox-user is the user sandboxed bots run as: give --sandbox too");
        return EXIT_USAGE;
    }
    if (c->trace && c->log_cap == 0) {
        message_error("--trace writes into the bots' logs, and --log-cap 0 keeps none");
        return EXIT_USAGE;
    }
    if (c->repair && !c->resume) {
        message_error("--repair mends a run being resumed: give --resume too");
        return EXIT_USAGE;
    }
    if (c->resume && !c->results) {
        message_error("--resume needs the --results directory of the run to continue");
        return EXIT_USAGE;
    }
    return c->openings_file ? inputs_load_openings(c) : 0;
}

int cmd_tournament_check_bots(const struct run_config *c)
{
    for (int i = 0; i < c->nbots; i++) {
        const struct bot_spec *b = &c->bots[i];
        const struct adapter *ad = adapter_of(b->proto.proto);
        if (cmd_check_plays(b->name, b->proto.proto, c->game) != 0)
            return EXIT_USAGE;
        if (b->proto.noptions > 0 && !ad->option) {
            message_error("bot '%s' speaks %s, which has no engine options (--option)", b->name,
                          ad->name);
            return EXIT_USAGE;
        }
        if (b->time.move_ms == 0 && b->time.clock_ms == 0) {
            message_error("bot '%s': a movetime of 0 needs a game clock (--clock [NAME=]MS)",
                          b->name);
            return EXIT_USAGE;
        }
    }
    return 0;
}

int cmd_check_plays(const char *bot, enum proto proto, const struct game_def *def)
{
    if (adapter_plays(proto, def))
        return 0;
    message_error("bot '%s' speaks %s, which cannot play %s (README \"Playing existing engines\")",
                  bot, adapter_of(proto)->name, def->name);
    return EXIT_USAGE;
}
