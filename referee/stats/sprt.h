/* sprt.h: sequential probability ratio tests of one bot against another, the
 * generalized SPRT in logistic Elo as fishtest and fastchess compute it, with
 * the Elo, normalized Elo and LOS figures fastchess prints. Pure: no I/O. */
#ifndef REFEREE_SPRT_H
#define REFEREE_SPRT_H

#include <stdbool.h>
#include <stdio.h>

/* Outcomes counted for an SPRT, from the candidate's view: trinomial per game,
 * and pentanomial per pair of games played from the same opening with colours
 * swapped. pairs[k] counts the pairs in which the candidate scored k/2 points
 * of 2: [0] LL, [1] LD or DL, [2] WL, LW or DD, [3] WD or DW, [4] WW; as a pair
 * score on 0..1 that is k/4. Each model reads only its own counts. */
struct sprt_counts {
    long wins, draws, losses; /* trinomial */
    long pairs[5];            /* pentanomial */
};

/* 2^53: the most games (or pairs) a model's counts may add up to, as the
 * counts and their sum are then exact in a double. */
#define SPRT_COUNT_MAX 9007199254740992L

/* H0: the candidate is elo0 logistic Elo stronger, H1: elo1 (elo0 < elo1).
 * alpha is the chance to accept H1 when H0 holds, beta the reverse. */
struct sprt_params {
    double elo0, elo1, alpha, beta;
};

#define SPRT_PARAMS_DEFAULT                                                                        \
    {                                                                                              \
        .elo0 = 0, .elo1 = 5, .alpha = 0.05, .beta = 0.05                                          \
    }

enum sprt_model { SPRT_TRINOMIAL, SPRT_PENTANOMIAL };
enum sprt_verdict { SPRT_CONTINUE, SPRT_H0, SPRT_H1 };

struct sprt_result {
    double llr;                /* log-likelihood ratio of H1 against H0 */
    double lower, upper;       /* lower = ln(beta/(1-alpha)), upper = ln((1-beta)/alpha) */
    enum sprt_verdict verdict; /* H1 if llr >= upper, H0 if llr <= lower */
    double elo, elo_error;     /* logistic Elo of the mean score, half width of its 95% interval */
    double nelo, nelo_error;   /* normalized Elo and the half width of its 95% interval */
    double los;                /* likelihood of superiority, 0..1 */
};

/* Whether p can be tested: elo0 < elo1, both finite and small enough that the
 * score 1/(1+10^(-|elo|/400)) is below 1 in double precision (|elo| below about
 * 6300); alpha and beta in (0, 1) with alpha + beta < 1 (fastchess's checks;
 * otherwise the bounds would cross). */
bool sprt_params_is_valid(const struct sprt_params *p);

/* Compute the SPRT state and the figures of counts c under model m into *out.
 * Returns 0, or -1 (out untouched) for invalid params (see sprt_params_is_valid),
 * an unknown model, a negative count, or the model's counts adding up to more
 * than SPRT_COUNT_MAX.
 *
 * LLR (fishtest LLRcalc.LLR_logistic, fastchess SPRT::getLLR_logistic): the
 * model's outcomes have scores a_i (0, 1/2, 1 per game; 0, 1/4, 1/2, 3/4, 1 per
 * pair) and counts c_i, an empty cell counted as 1e-3 (fishtest's and
 * fastchess's regularize); N = sum c_i (so slightly more than the games or pairs
 * when a cell is empty) and p_i = c_i / N. For s_j = 1/(1+10^(-elo_j/400)) the
 * distribution of mean s_j most likely to give the counts is
 * p_ji = p_i / (1 + x_j (a_i - s_j)), x_j the root of
 * sum p_i (a_i - s_j) / (1 + x (a_i - s_j)) = 0 on (-1/(1-s_j), 1/s_j), and
 * llr = N sum p_i ln(p_1i / p_0i). Without games or pairs llr is 0 (where
 * fishtest's formula gives -5e-7 from the regularized cells alone).
 *
 * Figures (fastchess EloWDL / EloPentanomial, from the raw counts, none added):
 * the mean score s and variance v of one game (trinomial) or one pair (pair
 * score on 0..1, pentanomial) over n games or pairs; elo = -400 log10(1/s - 1);
 * elo_error = (elo(s + z d) - elo(s - z d)) / 2 with d = sqrt(v/n), z = 1.95996;
 * nelo = (s - 1/2) / sigma * 800 / ln 10 with sigma = sqrt(v) per game, or
 * sqrt(2 v) per pair (fishtest's sigma_pg; per pair it measures a game pair's
 * spread, so nelo does not depend on the model for uncorrelated games);
 * nelo_error = z * 800 / ln 10 / sqrt(n), or / sqrt(2 n) per pair, which is
 * fastchess's (nelo(s + z d) - nelo(s - z d)) / 2 and depends on n only;
 * los = Phi((s - 1/2) / d), Phi the normal law's distribution function.
 * Edges, as in standings_elo_pair: without games or pairs every figure is NAN;
 * a 0% or 100% score has an infinite elo, and an interval that reaches either
 * makes elo_error INFINITY; with v = 0, nelo is +-INFINITY (NAN for a 1/2
 * score) and los is 0, 1 or 1/2. Unlike fishtest's get_elo, the Elo figures do
 * not regularize or clamp the score. */
int sprt_compute(const struct sprt_counts *c, const struct sprt_params *p, enum sprt_model m,
                 struct sprt_result *out);

/* Set one parameter from a "key=value" word: key one of elo0, elo1, alpha,
 * beta, value a finite number (strtod's syntax) filling the rest of the word,
 * as in "elo0=0 elo1=5 alpha=0.05 beta=0.05" split at spaces (start from
 * SPRT_PARAMS_DEFAULT). Checks alpha and beta are in (0, 1); the checks across
 * keys are left to sprt_params_is_valid. Returns 0, or -1 (p untouched) for an
 * unknown key or a bad value. */
int sprt_parse_param(struct sprt_params *p, const char *key_eq_value);

/* Counting games as they finish, in game order: each game adds to the
 * trinomial; two consecutive games with the same opening (a colour-swapped
 * pair) add one pair to the pentanomial. */
struct sprt_tally {
    struct sprt_counts counts;
    int pending_opening; /* opening of a game waiting for its pair; 0: none */
    double pending_score;
};

/* Add a game the candidate scored `score` in (0, 0.5 or 1), played from
 * opening `opening_id` (> 0). */
void sprt_tally_add(struct sprt_tally *t, int opening_id, double score);

/* The SPRT as the commands take and print it (sprt_print.c). The words of
 * text ("elo0=A elo1=B alpha=X beta=Y", spaces or commas) into *p, unchecked:
 * parameters are checked together once all are read, whatever their order.
 * Returns 0, or -1 having said "FLAG'word': ..." on stderr (flag is "--sprt "
 * or ""). */
int sprt_read_words(struct sprt_params *p, const char *flag, const char *text);
/* Whether p is valid (sprt_params_is_valid): 0, or -1 having said why, as above. */
int sprt_check_params(const struct sprt_params *p, const char *flag);
/* --sprt's words, read and checked into *p; a model's name (pentanomial,
 * trinomial) into *m. Return 0, or -1 having said why. */
int sprt_parse_words(struct sprt_params *p, const char *text);
int sprt_parse_model(const char *text, enum sprt_model *m);
/* Print the SPRT lines (cutechess's SPRT line, fastchess's Ptnml line, Elo)
 * for counts to f, filling *r. */
void sprt_print(FILE *f, const struct sprt_counts *c, const struct sprt_params *p,
                enum sprt_model model, struct sprt_result *r);
/* The exit status of a verdict: EXIT_OK for H1, EXIT_SPRT_H0, EXIT_SPRT_NONE. */
int sprt_exit(enum sprt_verdict v);

#endif
