/* sprt.c: the generalized SPRT in logistic Elo (fishtest, fastchess) and the
 * Elo figures of the counts behind it. The maximum likelihood distributions
 * follow Van den Bergh, "Comments on Normalized Elo", proposition 1.1. */
#include "sprt.h"
#include "rating.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define Z95         1.959963984540054  /* the 97.5% quantile of the normal law */
#define NELO_PER_T  347.43558552260146 /* 800 / ln 10: nElo per unit of (s - 1/2) / sigma */
#define REGULARIZER 1e-3               /* what fishtest and fastchess count an empty cell as */
#define MAX_CELLS   5

/* The counts of one model, lowest score first: cell i scores i / (n - 1). */
struct cells {
    int n;
    double count[MAX_CELLS];
};

static double score_of_elo(double elo)
{
    return 1 / (1 + pow(10, -elo / 400));
}

bool sprt_params_is_valid(const struct sprt_params *p)
{
    /* The bisection needs 0 < s < 1; checked on |elo| so that the limit is
     * symmetric (a score rounds to 1 long before it rounds to 0). Written so
     * that a NAN anywhere fails. */
    return score_of_elo(fabs(p->elo0)) < 1 && score_of_elo(fabs(p->elo1)) < 1 &&
           p->elo0 < p->elo1 && p->alpha > 0 && p->alpha < 1 && p->beta > 0 && p->beta < 1 &&
           p->alpha + p->beta < 1;
}

static double cell_score(const struct cells *k, int i)
{
    return (double)i / (k->n - 1);
}

/* At the root x of sum c_i b_i / (1 + x b_i) = 0, b_i = a_i - s, each cell's
 * d_i = 1 + x b_i (so that p_i / d_i is the distribution of mean s nearest
 * the counts). The root may lie so close to an end of (-1/(1-s), 1/s) that x
 * itself cannot tell it from the end (3e13 wins and an empty cell: d_0 near
 * 1e-17), so the search is on v = d of the cell at that end: for x >= 0,
 * v = 1 - x s = d_0 and d_i = ((1 - v) a_i + v s) / s; for x <= 0 the same
 * with scores and s mirrored (a -> 1 - a), v = d of the top cell. Every d_i
 * is then a sum of non-negative terms, exact to a few ulps however small. */
static void mle_denominators(const struct cells *k, double s, double *d)
{
    double mean = 0, total = 0;

    for (int i = 0; i < k->n; i++) {
        mean += k->count[i] * cell_score(k, i);
        total += k->count[i];
    }
    bool up = mean >= s * total; /* the root x >= 0 */
    double e = up ? s : 1 - s, lo = 0, hi = 1;

    /* sum c_i b_i / d_i rises with v, from -inf at v = 0 to N (mean - s) >= 0
     * at v = 1 (mirrored: N (s - mean)); bisect down to adjacent doubles. */
    for (int iter = 0; iter < 2200; iter++) {
        double v = lo + (hi - lo) / 2, sum = 0;
        if (v <= lo || v >= hi)
            break;
        for (int i = 0; i < k->n; i++) {
            double a = up ? cell_score(k, i) : 1 - cell_score(k, i);
            sum += k->count[i] * (a - e) / (((1 - v) * a + v * e) / e);
        }
        if (sum < 0)
            lo = v;
        else
            hi = v;
    }
    double v = lo + (hi - lo) / 2;
    for (int i = 0; i < k->n; i++) {
        double a = up ? cell_score(k, i) : 1 - cell_score(k, i);
        d[i] = ((1 - v) * a + v * e) / e;
    }
}

/* N sum p_i ln(p_1i / p_0i) = sum c_i (ln d_0i - ln d_1i), since
 * p_ji = p_i / d_ji. Counts regularized. */
static double llr_logistic(const struct cells *k, double s0, double s1)
{
    double d0[MAX_CELLS], d1[MAX_CELLS], llr = 0;

    mle_denominators(k, s0, d0);
    mle_denominators(k, s1, d1);
    for (int i = 0; i < k->n; i++)
        llr += k->count[i] * (log(d0[i]) - log(d1[i]));
    return llr;
}

/* Elo, nElo and LOS from the raw counts; total > 0. */
static void figures(const struct cells *k, double total, struct sprt_result *out)
{
    double mean = 0, var = 0;

    for (int i = 0; i < k->n; i++)
        mean += k->count[i] * cell_score(k, i);
    mean /= total;
    for (int i = 0; i < k->n; i++)
        var += k->count[i] * (cell_score(k, i) - mean) * (cell_score(k, i) - mean);
    var /= total;

    /* Per pair sigma is sqrt(2 v): a game's deviation if the pair's two games
     * were independent (fishtest's sigma_pg). */
    double per = k->n == 3 ? 1 : 2;
    double dev = sqrt(var / total);

    out->elo = rating_elo_of_score(mean);
    out->elo_error =
        (rating_elo_of_score(mean + Z95 * dev) - rating_elo_of_score(mean - Z95 * dev)) / 2;
    if (mean <= 0 || mean >= 1) /* the variance is 0, yet nothing bounds the rating */
        out->elo_error = INFINITY;
    out->nelo_error = Z95 * NELO_PER_T / sqrt(per * total);
    if (var > 0) {
        out->nelo = (mean - 0.5) / sqrt(per * var) * NELO_PER_T;
        out->los = 0.5 * erfc(-(mean - 0.5) / (dev * sqrt(2.0)));
    } else if (mean == 0.5) {
        out->nelo = NAN;
        out->los = 0.5;
    } else {
        out->nelo = copysign(INFINITY, mean - 0.5);
        out->los = mean > 0.5 ? 1 : 0;
    }
}

/* Each of the n counts at v, and their sum, within 0..SPRT_COUNT_MAX (a
 * negative count is refused by the caller). */
static bool counts_are_exact(const long *v, int n)
{
    long sum = 0;

    for (int i = 0; i < n; i++) {
        if (v[i] > SPRT_COUNT_MAX || (v[i] > 0 && sum > SPRT_COUNT_MAX - v[i]))
            return false;
        sum += v[i] > 0 ? v[i] : 0;
    }
    return true;
}

int sprt_compute(const struct sprt_counts *c, const struct sprt_params *p, enum sprt_model m,
                 struct sprt_result *out)
{
    struct cells raw, reg;
    double total = 0;
    const long tri[3] = {c->wins, c->draws, c->losses};

    if (!sprt_params_is_valid(p) || (m != SPRT_TRINOMIAL && m != SPRT_PENTANOMIAL) ||
        !counts_are_exact(m == SPRT_TRINOMIAL ? tri : c->pairs, m == SPRT_TRINOMIAL ? 3 : 5))
        return -1;
    if (m == SPRT_TRINOMIAL) {
        raw = (struct cells){3, {c->losses, c->draws, c->wins}};
    } else {
        raw.n = 5;
        for (int i = 0; i < 5; i++)
            raw.count[i] = c->pairs[i];
    }
    reg = raw;
    for (int i = 0; i < raw.n; i++) {
        if (raw.count[i] < 0)
            return -1;
        total += raw.count[i];
        if (raw.count[i] == 0)
            reg.count[i] = REGULARIZER;
    }

    out->lower = log(p->beta / (1 - p->alpha));
    out->upper = log((1 - p->beta) / p->alpha);
    if (total == 0) {
        out->llr = 0;
        out->elo = out->elo_error = out->nelo = out->nelo_error = out->los = NAN;
    } else {
        out->llr = llr_logistic(&reg, score_of_elo(p->elo0), score_of_elo(p->elo1));
        figures(&raw, total, out);
    }
    if (out->llr >= out->upper)
        out->verdict = SPRT_H1;
    else if (out->llr <= out->lower)
        out->verdict = SPRT_H0;
    else
        out->verdict = SPRT_CONTINUE;
    return 0;
}

int sprt_parse_param(struct sprt_params *p, const char *key_eq_value)
{
    static const char *const keys[] = {"elo0", "elo1", "alpha", "beta"};
    const char *eq = strchr(key_eq_value, '=');
    char *end;
    double v;
    int key = -1;

    if (!eq)
        return -1;
    for (int i = 0; i < 4; i++)
        if ((size_t)(eq - key_eq_value) == strlen(keys[i]) &&
            strncmp(key_eq_value, keys[i], strlen(keys[i])) == 0)
            key = i;
    /* strtod would skip leading blanks: a word has none. */
    if (key < 0 || eq[1] == '\0' || isspace((unsigned char)eq[1]))
        return -1;
    errno = 0;
    v = strtod(eq + 1, &end);
    if (*end != '\0' || errno == ERANGE || !isfinite(v))
        return -1;
    if (key >= 2 && !(v > 0 && v < 1))
        return -1;
    if (key == 0)
        p->elo0 = v;
    else if (key == 1)
        p->elo1 = v;
    else if (key == 2)
        p->alpha = v;
    else
        p->beta = v;
    return 0;
}

void sprt_tally_add(struct sprt_tally *t, int opening_id, double score)
{
    if (score >= 1)
        t->counts.wins++;
    else if (score > 0)
        t->counts.draws++;
    else
        t->counts.losses++;
    if (t->pending_opening && t->pending_opening == opening_id) {
        /* Half points of the pair: 0..4. */
        int k = (int)((t->pending_score + score) * 2 + 0.5);
        t->counts.pairs[k]++;
        t->pending_opening = 0;
    } else {
        t->pending_opening = opening_id;
        t->pending_score = score;
    }
}
