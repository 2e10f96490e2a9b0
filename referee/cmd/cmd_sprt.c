/* cmd_sprt.c: `referee sprt`: the SPRT figures from given counts, without
 * playing, so that a user can check a run (the lines it prints are
 * sprt_print.c's, as a run's). */
#include "cmd.h"
#include "cmd_options.h"
#include "sprt.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_counts(const char *flag, const char *text, long *out, int n)
{
    const char *p = text;
    long sum = 0;

    for (int i = 0; i < n; i++) {
        char *end;
        errno = 0;
        out[i] = isdigit((unsigned char)*p) ? strtol(p, &end, 10) : (end = (char *)p, 0);
        if (end == p || *end != (i == n - 1 ? '\0' : ',')) {
            message_error("%s '%s': expected %d counts separated by commas", flag, text, n);
            return -1;
        }
        if (errno == ERANGE || out[i] > SPRT_COUNT_MAX - sum) {
            message_error(
                "%s '%s': more than %ld games in all (2^53, what a double counts exactly)", flag,
                text, SPRT_COUNT_MAX);
            return -1;
        }
        sum += out[i];
        p = end + 1;
    }
    return 0;
}

/* The model goes with the counts given: pentanomial with --ptnml (the
 * default then), trinomial with --wdl. Returns 0, or -1 having said why. */
static int check_model(enum sprt_model *model, bool given, bool ptnml)
{
    if (!given)
        *model = ptnml ? SPRT_PENTANOMIAL : SPRT_TRINOMIAL;
    if (*model == SPRT_PENTANOMIAL && !ptnml) {
        message_error("the pentanomial model needs --ptnml counts");
        return -1;
    }
    if (*model == SPRT_TRINOMIAL && ptnml) {
        message_error("the trinomial model needs --wdl counts");
        return -1;
    }
    return 0;
}

/* What sprt's options set. */
struct sprt_args {
    struct sprt_counts counts;
    enum sprt_model model;
    bool wdl, ptnml, model_given;
};

static int opt_wdl(void *target, const char *arg)
{
    struct sprt_args *a = target;
    long v[3];

    if (parse_counts("--wdl", arg, v, 3) < 0)
        return EXIT_USAGE;
    a->counts.wins = v[0];
    a->counts.draws = v[1];
    a->counts.losses = v[2];
    a->wdl = true;
    return 0;
}

static int opt_ptnml(void *target, const char *arg)
{
    struct sprt_args *a = target;

    if (parse_counts("--ptnml", arg, a->counts.pairs, 5) < 0)
        return EXIT_USAGE;
    a->ptnml = true;
    return 0;
}

static int opt_model(void *target, const char *arg)
{
    struct sprt_args *a = target;

    if (sprt_parse_model(arg, &a->model) < 0)
        return EXIT_USAGE;
    a->model_given = true;
    return 0;
}

static const struct option_def sprt_table[] = {
    CALL("wdl", "W,D,L", opt_wdl, "the candidate's wins, draws and losses", .letter = 'w'),
    CALL("ptnml", "P0,P1,P2,P3,P4", opt_ptnml,
         "its colour-swapped pairs of games by points:\n"
         "0, 1/2, 1, 3/2, 2",
         .letter = 'p'),
    CALL("model", "M", opt_model, "trinomial, or pentanomial (the default with --ptnml)",
         .letter = 'm'),
};

const struct option_set sprt_options = {
    .table = sprt_table,
    .n = sizeof(sprt_table) / sizeof(sprt_table[0]),
    .head = "usage: referee sprt (--wdl W,D,L | --ptnml P0,P1,P2,P3,P4) [--model M]\n"
            "                    [elo0=A] [elo1=B] [alpha=X] [beta=Y]\n"
            "\n"
            "Computes the generalized SPRT in logistic Elo from counts: wins, draws and\n"
            "losses of the candidate, or its colour-swapped pairs of games by points.\n"
            "Defaults: elo0=0 elo1=5 alpha=0.05 beta=0.05. Counts are whole numbers, at\n"
            "most 2^53 in all (what a double holds exactly).\n"
            "\n",
    .tail = "Exit status: 0 H1 accepted, 10 H0 accepted, 11 no verdict yet, 2 bad usage.\n",
    .operands = "elo0=A elo1=B alpha=X beta=Y",
    .min_operands = 0,
    .max_operands = -1,
    .permute = true,
};

static int cmd_sprt(int argc, char **argv)
{
    struct sprt_params params = SPRT_PARAMS_DEFAULT;
    struct sprt_args a = {.model = SPRT_PENTANOMIAL};
    int first, rc = options_parse(&sprt_options, argc, argv, &a, NULL, &first);

    if (rc != 0)
        return rc == 1 ? EXIT_OK : rc;
    for (int i = first; i < argc; i++)
        if (sprt_read_words(&params, "", argv[i]) < 0)
            return EXIT_USAGE;
    if (sprt_check_params(&params, "") < 0)
        return EXIT_USAGE;
    if (a.wdl == a.ptnml) {
        message_error("sprt needs counts: --wdl W,D,L or --ptnml P0,P1,P2,P3,P4, one of them");
        return EXIT_USAGE;
    }
    if (check_model(&a.model, a.model_given, a.ptnml) < 0)
        return EXIT_USAGE;
    struct sprt_result r;
    sprt_print(stdout, &a.counts, &params, a.model, &r);
    return sprt_exit(r.verdict);
}

const struct cmd_entry cmd_sprt_entry = {
    .name = "sprt",
    .summary = "compute an SPRT verdict from counts of games",
    .exec = cmd_sprt,
    .options = &sprt_options,
};
