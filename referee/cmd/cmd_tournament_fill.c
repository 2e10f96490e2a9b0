/* cmd_tournament_fill.c: a struct run_config filled for `tournament` and
 * `match`: the calls of their options table that take a bot, its settings and
 * the run's words, and the defaults before and after the options. */
#include "cmd_tournament.h"
#include "cmd.h"
#include "defaults.h"
#include "host.h"
#include "inputs.h"
#include "sandbox_user.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int cmd_tournament_opt_bot(void *target, const char *arg)
{
    struct run_config *c = target;
    const char *why;

    if (c->nbots == CONFIG_MAX_BOTS) {
        message_error("too many bots (at most %d)", CONFIG_MAX_BOTS);
        return EXIT_USAGE;
    }
    if (config_bot_parse(&c->bots[c->nbots], arg, &why) < 0) {
        message_error("--bot '%s': %s", arg, why);
        return EXIT_USAGE;
    }
    c->nbots++;
    return 0;
}

int cmd_tournament_opt_bots(void *target, const char *arg)
{
    return inputs_load_bots(target, arg);
}

/* The bot that NAME=VALUE names, with *value set; or NULL, having said why
 * (option --name, value described as what). */
static struct bot_spec *named_bot(struct run_config *c, const char *arg, const char **value,
                                  const char *name, const char *what)
{
    const char *eq = strchr(arg, '=');

    for (int i = 0; eq && i < c->nbots; i++) {
        if (strlen(c->bots[i].name) == (size_t)(eq - arg) &&
            strncmp(c->bots[i].name, arg, (size_t)(eq - arg)) == 0) {
            *value = eq + 1;
            return &c->bots[i];
        }
    }
    message_error("--%s '%s': expected NAME=%s naming a bot given before it", name, arg, what);
    return NULL;
}

int cmd_tournament_opt_dir(void *target, const char *arg)
{
    const char *dir;
    struct bot_spec *b = named_bot(target, arg, &dir, "dir", "DIR");

    if (!b)
        return EXIT_USAGE;
    free(b->cwd);
    b->cwd = xstrdup(dir);
    return 0;
}

int cmd_tournament_opt_proto(void *target, const char *arg)
{
    const char *name;
    struct bot_spec *b = named_bot(target, arg, &name, "proto", "PROTOCOL");

    if (!b)
        return EXIT_USAGE;
    return options_take_proto("proto", arg, name, &b->proto.proto);
}

int cmd_tournament_opt_option(void *target, const char *arg)
{
    const char *setting, *why;
    struct bot_spec *b = named_bot(target, arg, &setting, "option", "KEY=VALUE");

    if (!b)
        return EXIT_USAGE;
    if (config_bot_set_option(b, setting, &why) < 0) {
        char text[4 * PROTOCOL_ECHO_MAX + 8];
        message_error("--option '%s': %s", protocol_escape(text, sizeof(text), arg, strlen(arg)),
                      why);
        return EXIT_USAGE;
    }
    return 0;
}

int cmd_tournament_opt_env(void *target, const char *arg)
{
    const char *setting, *why;
    struct bot_spec *b = named_bot(target, arg, &setting, "env", "VAR=VALUE");

    if (!b)
        return EXIT_USAGE;
    if (config_bot_set_env(b, setting, &why) < 0) {
        char text[4 * PROTOCOL_ECHO_MAX + 8];
        message_error("--env '%s': %s", protocol_escape(text, sizeof(text), arg, strlen(arg)), why);
        return EXIT_USAGE;
    }
    return 0;
}

int cmd_tournament_opt_sandbox_user(void *target, const char *arg)
{
    struct run_config *c = target;
    return sandbox_user_parse(arg, &c->sandbox_user);
}

/* The run's value of a limit a bot may have of its own. */
static void set_run_own(struct run_config *c, enum bot_own which, long v)
{
    switch (which) {
    case OWN_MOVETIME:
        c->time.move_ms = (int)v;
        c->movetime_given = true;
        break;
    case OWN_FIRSTMOVE: c->time.first_move_ms = (int)v; break;
    case OWN_CLOCK: c->time.clock_ms = (int)v; break;
    case OWN_INCREMENT: c->time.increment_ms = (int)v; break;
    case OWN_STARTUP: c->startup_ms = (int)v; break;
    case OWN_MEMORY: c->limits.memory_mb = v; break;
    case OWN_COUNT: break;
    }
}

/* A limit a bot may have of its own (which), as --movetime and its kin take
 * it: for every bot, or for bot NAME alone given NAME=VALUE. */
static int opt_own(void *target, const char *arg, enum bot_own which)
{
    struct run_config *c = target;
    const char *name = config_owns[which].name, *value = arg, *why;
    struct bot_spec every = {0}, *b = NULL;

    if (strchr(arg, '=') &&
        !(b = named_bot(c, arg, &value, name, which == OWN_MEMORY ? "MB" : "MS")))
        return EXIT_USAGE;
    if (config_bot_set_own(b ? b : &every, which, value, &why) < 0) {
        message_error("--%s '%s' is %s", name, arg, why);
        return EXIT_USAGE;
    }
    if (!b)
        set_run_own(c, which, every.own[which]);
    return 0;
}

int cmd_tournament_opt_movetime(void *target, const char *arg)
{
    return opt_own(target, arg, OWN_MOVETIME);
}

int cmd_tournament_opt_firstmove(void *target, const char *arg)
{
    return opt_own(target, arg, OWN_FIRSTMOVE);
}

int cmd_tournament_opt_clock(void *target, const char *arg)
{
    return opt_own(target, arg, OWN_CLOCK);
}

int cmd_tournament_opt_increment(void *target, const char *arg)
{
    return opt_own(target, arg, OWN_INCREMENT);
}

int cmd_tournament_opt_startup(void *target, const char *arg)
{
    return opt_own(target, arg, OWN_STARTUP);
}

int cmd_tournament_opt_memory(void *target, const char *arg)
{
    return opt_own(target, arg, OWN_MEMORY);
}

int cmd_tournament_opt_gtp_pass(void *target, const char *arg)
{
    const char *how;
    struct bot_spec *b = named_bot(target, arg, &how, "gtp-pass", "implicit|explicit");

    if (!b)
        return EXIT_USAGE;
    if (strcmp(how, "explicit") != 0 && strcmp(how, "implicit") != 0) {
        message_error("--gtp-pass '%s': expected NAME=implicit or NAME=explicit", arg);
        return EXIT_USAGE;
    }
    b->proto.gtp_pass_explicit = strcmp(how, "explicit") == 0;
    return 0;
}

int cmd_tournament_opt_format(void *target, const char *arg)
{
    struct run_config *c = target;

    if (strcmp(arg, "roundrobin") == 0 || strcmp(arg, "round-robin") == 0) {
        c->format = SCHEDULE_ROUND_ROBIN;
    } else if (strcmp(arg, "gauntlet") == 0) {
        c->format = SCHEDULE_GAUNTLET;
    } else {
        message_error("--format '%s': expected roundrobin or gauntlet", arg);
        return EXIT_USAGE;
    }
    return 0;
}

int cmd_tournament_opt_shard(void *target, const char *arg)
{
    struct run_config *c = target;
    int i, n, used = 0;

    if (sscanf(arg, "%d/%d%n", &i, &n, &used) != 2 || arg[used] != '\0' || n < 1 || i < 1 ||
        i > n) {
        message_error("--shard '%s': expected I/N with 1 <= I <= N, as 2/4", arg);
        return EXIT_USAGE;
    }
    c->shard = i - 1;
    c->shards = n;
    return 0;
}

int cmd_tournament_opt_sprt(void *target, const char *arg)
{
    struct run_config *c = target;

    c->sprt = true;
    return sprt_parse_words(&c->sprt_params, arg) < 0 ? EXIT_USAGE : 0;
}

int cmd_tournament_opt_sprt_model(void *target, const char *arg)
{
    struct run_config *c = target;
    return sprt_parse_model(arg, &c->sprt_model) < 0 ? EXIT_USAGE : 0;
}

void cmd_tournament_set_defaults(struct run_config *c, bool is_match)
{
    *c = (struct run_config){
        .is_match = is_match,
        .game = game_find("tictactoe"),
        .format = SCHEDULE_ROUND_ROBIN,
        .games = 2,
        .rounds = 1,
        .time = {.move_ms = MOVE_MS_DEFAULT,
                 .first_move_ms = FIRST_MOVE_MS_DEFAULT,
                 .margin_ms = MARGIN_MS},
        .startup_ms = STARTUP_MS_DEFAULT,
        .seed = 1,
        .shards = 1,
        .sprt_params = SPRT_PARAMS_DEFAULT,
        .sprt_model = SPRT_PENTANOMIAL,
        .log_cap = LOG_CAP_DEFAULT,
    };
}

/* Whether the option called name was given (given: options_parse's marks
 * for the table tournament and match share). */
static bool is_given(const bool *given, const char *name)
{
    for (size_t i = 0; i < tournament_options.n; i++)
        if (given[i] && strcmp(tournament_options.table[i].name, name) == 0)
            return true;
    return false;
}

void cmd_tournament_finish_defaults(struct run_config *c, const bool *given)
{
    /* A match plays from the start position, unless it is an SPRT: pairs of
     * games from one opening are what its pentanomial model counts. */
    if (!is_given(given, "openings"))
        c->opening_plies = c->is_match && !c->sprt ? 0 : c->game->opening_plies;
    /* Time controls compose: a clock alone limits the game, not each move. */
    if (c->time.clock_ms && !c->movetime_given)
        c->time.move_ms = 0;
    config_run_settle_bots(c);
    if (!is_given(given, "jobs"))
        c->jobs = c->is_match ? 1 : host_cores();
    if (!c->results) {
        time_t now = time(NULL);
        struct tm tm;
        char stamp[32];
        gmtime_r(&now, &tm);
        strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
        snprintf(c->results_default, sizeof(c->results_default), "results/%s-%s",
                 c->is_match ? "match" : "tournament", stamp);
        c->results = c->results_default;
    }
}
