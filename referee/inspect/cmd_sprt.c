/* cmd_sprt.c: `referee sprt`: the SPRT figures from given counts, without
 * playing, so that a user can check a run; and the SPRT lines the match and
 * tournament commands print. */
#include "inspect.h"
#include "csvout.h"
#include "sprt.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void sprt_usage(FILE *f)
{
    fputs("usage: referee sprt (--wdl W,D,L | --ptnml P0,P1,P2,P3,P4) [--model M]\n"
          "                    [elo0=A] [elo1=B] [alpha=X] [beta=Y]\n"
          "\n"
          "Computes the generalized SPRT in logistic Elo from counts: wins, draws and\n"
          "losses of the candidate, or its colour-swapped pairs of games by points\n"
          "(0, 1/2, 1, 3/2, 2). --model trinomial or pentanomial (the default with\n"
          "--ptnml). Defaults: elo0=0 elo1=5 alpha=0.05 beta=0.05. Counts are whole\n"
          "numbers, at most 2^53 in all (what a double holds exactly).\n"
          "Exit status: 0 H1 accepted, 10 H0 accepted, 11 no verdict yet, 2 bad usage.\n",
          f);
}

/* Read the words of text into *p, unchecked: parameters are checked together
 * once all are read, whatever their order. */
static int read_sprt_words(struct sprt_params *p, const char *flag, const char *text)
{
    char *copy = strdup(text), *save = NULL;
    int rc = 0;

    if (!copy)
        return -1;
    for (char *w = strtok_r(copy, " ,", &save); w && rc == 0; w = strtok_r(NULL, " ,", &save))
        if (sprt_parse_param(p, w) < 0) {
            cli_error("%s'%s': expected elo0=, elo1=, alpha= or beta= with a number", flag, w);
            rc = -1;
        }
    free(copy);
    return rc;
}

static int check_sprt_params(const struct sprt_params *p, const char *flag)
{
    if (sprt_params_is_valid(p))
        return 0;
    cli_error("%selo0=%g elo1=%g alpha=%g beta=%g: needs elo0 < elo1 and alpha, beta in (0, 1) "
              "with alpha + beta < 1",
              flag, p->elo0, p->elo1, p->alpha, p->beta);
    return -1;
}

int cli_parse_sprt_words(struct sprt_params *p, const char *text)
{
    if (read_sprt_words(p, "--sprt ", text) < 0)
        return -1;
    return check_sprt_params(p, "--sprt ");
}

int cli_sprt_exit(enum sprt_verdict v)
{
    return v == SPRT_H1 ? EXIT_OK : v == SPRT_H0 ? EXIT_SPRT_H0 : EXIT_SPRT_NONE;
}

void cli_print_sprt(FILE *f, const struct sprt_counts *c, const struct sprt_params *p,
                    enum sprt_model model, struct sprt_result *r)
{
    if (sprt_compute(c, p, model, r) < 0)
        return;
    double bound = r->llr >= 0 ? r->upper : r->lower;
    fprintf(f, "SPRT: llr %.3g (%.1f%%), lbound %.3g, ubound %.3g", r->llr,
            100 * fabs(r->llr / bound), r->lower, r->upper);
    if (r->verdict == SPRT_H1)
        fputs(" - H1 was accepted", f);
    else if (r->verdict == SPRT_H0)
        fputs(" - H0 was accepted", f);
    fputc('\n', f);
    if (model == SPRT_PENTANOMIAL)
        fprintf(f, "Ptnml(0-2): [%ld, %ld, %ld, %ld, %ld]\n", c->pairs[0], c->pairs[1], c->pairs[2],
                c->pairs[3], c->pairs[4]);
    char elo[32], nelo[32];
    snprintf(elo, sizeof(elo), "%.2f", r->elo);
    snprintf(nelo, sizeof(nelo), "%.2f", r->nelo);
    fprintf(f, "Elo: %s +/- %.2f, nElo: %s +/- %.2f, LOS: %.1f %%, [%g, %g] (%s)\n",
            csvout_unsigned_zero(elo), r->elo_error, csvout_unsigned_zero(nelo), r->nelo_error,
            100 * r->los, p->elo0, p->elo1,
            model == SPRT_PENTANOMIAL ? "pentanomial" : "trinomial");
}

int cli_parse_sprt_model(const char *text, enum sprt_model *m)
{
    if (strcmp(text, "pentanomial") == 0)
        *m = SPRT_PENTANOMIAL;
    else if (strcmp(text, "trinomial") == 0)
        *m = SPRT_TRINOMIAL;
    else {
        cli_error("--model '%s': expected trinomial or pentanomial", text);
        return -1;
    }
    return 0;
}

/* "a,b,c" into n counts: each a whole number, the lot adding up to at most
 * SPRT_COUNT_MAX (2^53, exact in a double). Returns 0, or -1 having said why. */
static int parse_counts(const char *flag, const char *text, long *out, int n)
{
    const char *p = text;
    long sum = 0;

    for (int i = 0; i < n; i++) {
        char *end;
        errno = 0;
        out[i] = isdigit((unsigned char)*p) ? strtol(p, &end, 10) : (end = (char *)p, 0);
        if (end == p || *end != (i == n - 1 ? '\0' : ',')) {
            cli_error("%s '%s': expected %d counts separated by commas", flag, text, n);
            return -1;
        }
        if (errno == ERANGE || out[i] > SPRT_COUNT_MAX - sum) {
            cli_error("%s '%s': more than %ld games in all (2^53, what a double counts exactly)",
                      flag, text, SPRT_COUNT_MAX);
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
        cli_error("the pentanomial model needs --ptnml counts");
        return -1;
    }
    if (*model == SPRT_TRINOMIAL && ptnml) {
        cli_error("the trinomial model needs --wdl counts");
        return -1;
    }
    return 0;
}

int cmd_sprt(int argc, char **argv)
{
    static const struct option options[] = {
        {"wdl", required_argument, NULL, 'w'},
        {"ptnml", required_argument, NULL, 'p'},
        {"model", required_argument, NULL, 'm'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct sprt_params params = SPRT_PARAMS_DEFAULT;
    struct sprt_counts counts = {0};
    enum sprt_model model = SPRT_PENTANOMIAL;
    bool wdl = false, ptnml = false, model_given = false;
    long v[5];
    int opt;

    optind = 1;
    while ((opt = getopt_long(argc, argv, "w:p:m:h", options, NULL)) != -1) {
        switch (opt) {
        case 'w':
            if (parse_counts("--wdl", optarg, v, 3) < 0)
                return EXIT_USAGE;
            counts.wins = v[0];
            counts.draws = v[1];
            counts.losses = v[2];
            wdl = true;
            break;
        case 'p':
            if (parse_counts("--ptnml", optarg, counts.pairs, 5) < 0)
                return EXIT_USAGE;
            ptnml = true;
            break;
        case 'm':
            if (cli_parse_sprt_model(optarg, &model) < 0)
                return EXIT_USAGE;
            model_given = true;
            break;
        case 'h': sprt_usage(stdout); return EXIT_OK;
        default: sprt_usage(stderr); return EXIT_USAGE;
        }
    }
    for (int i = optind; i < argc; i++)
        if (read_sprt_words(&params, "", argv[i]) < 0)
            return EXIT_USAGE;
    if (check_sprt_params(&params, "") < 0)
        return EXIT_USAGE;
    if (wdl == ptnml) {
        sprt_usage(stderr);
        return EXIT_USAGE;
    }
    if (check_model(&model, model_given, ptnml) < 0)
        return EXIT_USAGE;
    struct sprt_result r;
    cli_print_sprt(stdout, &counts, &params, model, &r);
    return cli_sprt_exit(r.verdict);
}
