/* sprt_print.c: the SPRT's words and model read from the command line, its
 * lines printed (cutechess's SPRT line, fastchess's Ptnml line, Elo), its
 * verdict as an exit status: what `referee sprt` and a run with --sprt share. */
#include "decimal.h"
#include "message.h"
#include "sprt.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sprt_read_words(struct sprt_params *p, const char *flag, const char *text)
{
    char *copy = strdup(text), *save = NULL;
    int rc = 0;

    if (!copy)
        return -1;
    for (char *w = strtok_r(copy, " ,", &save); w && rc == 0; w = strtok_r(NULL, " ,", &save))
        if (sprt_parse_param(p, w) < 0) {
            message_error("%s'%s': expected elo0=, elo1=, alpha= or beta= with a number", flag, w);
            rc = -1;
        }
    free(copy);
    return rc;
}

int sprt_check_params(const struct sprt_params *p, const char *flag)
{
    if (sprt_params_is_valid(p))
        return 0;
    message_error("%selo0=%g elo1=%g alpha=%g beta=%g: needs elo0 < elo1 and alpha, beta in (0, 1) "
                  "with alpha + beta < 1",
                  flag, p->elo0, p->elo1, p->alpha, p->beta);
    return -1;
}

int sprt_parse_words(struct sprt_params *p, const char *text)
{
    if (sprt_read_words(p, "--sprt ", text) < 0)
        return -1;
    return sprt_check_params(p, "--sprt ");
}

int sprt_exit(enum sprt_verdict v)
{
    return v == SPRT_H1 ? EXIT_OK : v == SPRT_H0 ? EXIT_SPRT_H0 : EXIT_SPRT_NONE;
}

void sprt_print(FILE *f, const struct sprt_counts *c, const struct sprt_params *p,
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
            decimal_unsigned_zero(elo), r->elo_error, decimal_unsigned_zero(nelo), r->nelo_error,
            100 * r->los, p->elo0, p->elo1,
            model == SPRT_PENTANOMIAL ? "pentanomial" : "trinomial");
}

int sprt_parse_model(const char *text, enum sprt_model *m)
{
    if (strcmp(text, "pentanomial") == 0)
        *m = SPRT_PENTANOMIAL;
    else if (strcmp(text, "trinomial") == 0)
        *m = SPRT_TRINOMIAL;
    else {
        message_error("--model '%s': expected trinomial or pentanomial", text);
        return -1;
    }
    return 0;
}

/* "a,b,c" into n counts: each a whole number, the lot adding up to at most
 * SPRT_COUNT_MAX (2^53, exact in a double). Returns 0, or -1 having said why. */
