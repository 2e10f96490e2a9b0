/* test_property.c: every figure referee writes or prints, recomputed from its
 * games.csv by a second implementation written here (not by calling referee's
 * standings, rating or sprt code), over randomised tournaments at -j1 and -j2,
 * whole, in shards and resumed: counts, points, Elo (a Bradley-Terry fit with
 * 2 virtual draws per bot, by Zermelo's iteration) with its 95%
 * interval, the Score line, and the SPRT's log-likelihood ratio as fishtest
 * computes it (maximum likelihood distributions under the two hypotheses). */
#include "helpers.h"
#include "run.h"

#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>

#define NBOTS 6
#define Z     1.959963984540054
#define K     (400.0 / log(10.0))

static struct run_result r;

/* Counts read from games.csv, by bot name. */
struct tally {
    int n;
    char names[NBOTS][16];
    int games[NBOTS], wins[NBOTS], draws[NBOTS], losses[NBOTS], fouls[NBOTS];
    double points[NBOTS];
    double score[NBOTS][NBOTS]; /* points of i against j */
    int played[NBOTS][NBOTS];
};

static int bot_of(struct tally *t, const char *name)
{
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->names[i], name) == 0)
            return i;
    cr_assert_lt(t->n, NBOTS, "too many bots: %s", name);
    snprintf(t->names[t->n], sizeof(t->names[0]), "%s", name);
    return t->n++;
}

/* Add every row of dir/games.csv to t. */
static void tally_games(struct tally *t, const char *dir)
{
    struct table g;
    test_load(&g, dir, "games.csv");
    for (size_t i = 0; i < g.nrows; i++) {
        int a = bot_of(t, test_cell(&g, i, "first")), b = bot_of(t, test_cell(&g, i, "second"));
        const char *res = test_cell(&g, i, "result");
        double sa = strcmp(res, "1-0") == 0 ? 1 : strcmp(res, "0-1") == 0 ? 0 : 0.5;
        cr_assert(strcmp(res, "*") != 0, "%s: no game is aborted", dir);
        int who[2] = {a, b};
        double pts[2] = {sa, 1 - sa};
        for (int s = 0; s < 2; s++) {
            int x = who[s];
            t->games[x]++;
            t->points[x] += pts[s];
            t->wins[x] += pts[s] == 1;
            t->draws[x] += pts[s] == 0.5;
            t->losses[x] += pts[s] == 0;
        }
        t->score[a][b] += sa;
        t->score[b][a] += 1 - sa;
        t->played[a][b]++;
        t->played[b][a]++;
        const char *by = test_cell(&g, i, "foul_by");
        if (by[0])
            t->fouls[bot_of(t, by)]++;
    }
    table_release(&g);
}

/* Solve A x = b (n x n, A destroyed) by Gaussian elimination with pivoting. */
static void solve(double A[NBOTS][NBOTS], double *b, int n)
{
    for (int c = 0; c < n; c++) {
        int p = c;
        for (int i = c + 1; i < n; i++)
            if (fabs(A[i][c]) > fabs(A[p][c]))
                p = i;
        for (int j = 0; j < n; j++) {
            double x = A[c][j];
            A[c][j] = A[p][j];
            A[p][j] = x;
        }
        double x = b[c];
        b[c] = b[p];
        b[p] = x;
        for (int i = c + 1; i < n; i++) {
            double f = A[i][c] / A[c][c];
            for (int j = c; j < n; j++)
                A[i][j] -= f * A[c][j];
            b[i] -= f * b[c];
        }
    }
    for (int i = n - 1; i >= 0; i--) {
        for (int j = i + 1; j < n; j++)
            b[i] -= A[i][j] * b[j];
        b[i] /= A[i][i];
    }
}

/* Every field: Bradley-Terry by Zermelo's fixed point (a draw half a win
 * each way) with README's prior, 2 virtual draws per bot against a virtual
 * bot held at 0, then shifted to mean 0; intervals from the inverse of the
 * posterior's information, less its share on the mean. */
static void fit_ratings(const struct tally *t, double *elo, double *half)
{
    const double prior = 2;
    int n = t->n;
    double x[NBOTS] = {0}, mean = 0, cov[NBOTS][NBOTS];
    for (int it = 0; it < 200000; it++) {
        double change = 0;
        for (int i = 0; i < n; i++) {
            double denom = prior / (1 + exp(-x[i])), points = t->points[i] + prior / 2;
            for (int j = 0; j < n; j++)
                if (j != i && t->played[i][j])
                    denom += t->played[i][j] / (1 + exp(x[j] - x[i]));
            double nx = x[i] + log(points / denom);
            change = fmax(change, fabs(nx - x[i]));
            x[i] = nx;
        }
        if (change < 1e-13)
            break;
    }
    for (int a = 0; a < n; a++) {
        double A[NBOTS][NBOTS] = {{0}}, e[NBOTS];
        for (int i = 0; i < n; i++) {
            double p = 1 / (1 + exp(-x[i]));
            e[i] = i == a;
            A[i][i] = prior * p * (1 - p);
            for (int j = 0; j < n; j++)
                if (i != j && t->played[i][j]) {
                    double q = 1 / (1 + exp(x[j] - x[i]));
                    A[i][i] += t->played[i][j] * q * (1 - q);
                    A[i][j] -= t->played[i][j] * q * (1 - q);
                }
        }
        solve(A, e, n);
        for (int i = 0; i < n; i++)
            cov[i][a] = e[i];
        mean += x[a] / n;
    }
    double all = 0, row[NBOTS] = {0};
    for (int a = 0; a < n; a++) {
        for (int b = 0; b < n; b++)
            row[a] += cov[a][b] / n;
        all += row[a] / n;
    }
    for (int a = 0; a < n; a++) {
        elo[a] = (x[a] - mean) * K;
        half[a] = Z * sqrt(fmax(cov[a][a] - 2 * row[a] + all, 0)) * K;
    }
}

/* Compare standings.csv of dir with t, recomputed here. Returns whether the
 * ratings were finite, and so compared. */
static bool expect_standings(const char *dir, const struct tally *t, const char *what)
{
    struct table s;
    double elo[NBOTS], half[NBOTS];
    bool finite = true;

    test_load(&s, dir, "standings.csv");
    cr_assert_eq((int)s.nrows, t->n, "%s: bots", what);
    for (size_t i = 0; i < s.nrows; i++)
        finite =
            finite && isfinite(atof(test_cell(&s, i, "elo"))) && test_cell(&s, i, "elo")[0] != '\0';
    cr_expect(finite, "%s: every bot rated, finitely", what);
    /* Where someone took every point, or none, of a circle's games, the README
     * says the games alone rate nobody in the group (prior 1 on every row). */
    bool prior = strcmp(test_cell(&s, 0, "prior"), "1") == 0;
    for (size_t i = 0; i < s.nrows; i++)
        cr_expect_eq(strcmp(test_cell(&s, i, "prior"), "1") == 0, prior, "%s: one group", what);
    for (int a = 0; a < t->n; a++) {
        bool some = false, all = true;
        for (int b = 0; b < t->n; b++)
            if (b != a && t->played[a][b]) {
                some = some || t->score[a][b] > 0;
                all = all && t->score[a][b] >= t->played[a][b];
            }
        if (!some || all)
            cr_expect(prior, "%s: %s took all or none of its points, yet no prior", what,
                      t->names[a]);
    }
    /* Two bots or more, perfect scores or not: the one fit. */
    if (finite)
        fit_ratings(t, elo, half);
    for (size_t i = 0; i < s.nrows; i++) {
        struct tally *u = (struct tally *)t;
        int b = bot_of(u, test_cell(&s, i, "bot"));
        char pts[32];
        snprintf(pts, sizeof(pts), fmod(t->points[b], 1) ? "%.1f" : "%.0f", t->points[b]);
        cr_expect_eq(atoi(test_cell(&s, i, "games")), t->games[b], "%s %s", what, t->names[b]);
        cr_expect_eq(atoi(test_cell(&s, i, "wins")), t->wins[b], "%s %s", what, t->names[b]);
        cr_expect_eq(atoi(test_cell(&s, i, "draws")), t->draws[b], "%s %s", what, t->names[b]);
        cr_expect_eq(atoi(test_cell(&s, i, "losses")), t->losses[b], "%s %s", what, t->names[b]);
        cr_expect_eq(atoi(test_cell(&s, i, "fouls")), t->fouls[b], "%s %s", what, t->names[b]);
        cr_expect_str_eq(test_cell(&s, i, "points"), pts, "%s %s", what, t->names[b]);
        cr_expect_leq(fabs(atof(test_cell(&s, i, "score_pct")) - 100 * t->points[b] / t->games[b]),
                      0.051, "%s %s", what, t->names[b]);
        if (!finite)
            continue;
        cr_expect_leq(fabs(atof(test_cell(&s, i, "elo")) - elo[b]), 0.11,
                      "%s %s: elo %s, here %.3f", what, t->names[b], test_cell(&s, i, "elo"),
                      elo[b]);
        cr_expect_leq(fabs(atof(test_cell(&s, i, "elo_hi")) - (elo[b] + half[b])), 0.11,
                      "%s %s: elo_hi %s, here %.3f", what, t->names[b], test_cell(&s, i, "elo_hi"),
                      elo[b] + half[b]);
        cr_expect_leq(fabs(atof(test_cell(&s, i, "elo_lo")) - (elo[b] - half[b])), 0.11,
                      "%s %s: elo_lo %s, here %.3f", what, t->names[b], test_cell(&s, i, "elo_lo"),
                      elo[b] - half[b]);
    }
    table_release(&s);
    return finite;
}

/* A small generator of our own, so that runs are the same everywhere. */
static uint64_t rng_state;
static int rnd(int n)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (int)((rng_state >> 33) % (uint64_t)n);
}

struct plan {
    int nbots, games, jobs, shards, seed;
    bool gauntlet, resume;
};

/* argv of the plan's tournament into dir, with extra words at the end. */
static int tournament_argv(const struct plan *p, const char *dir, char **argv, char bots[][512],
                           const char *shard)
{
    static char games[8], seed[16], jobs[8];
    int k = 0;
    argv[k++] = REFEREE_BIN;
    argv[k++] = "tournament";
    for (int b = 0; b < p->nbots; b++) {
        /* Random bots of distinct seeds and one heuristic bot: everyone scores
         * against everyone, so every rating is finite. */
        if (b == 0)
            snprintf(bots[b], 512, "h=%sheuristic", BOTDIR);
        else
            snprintf(bots[b], 512, "r%d=%srandom --seed %d", b, BOTDIR, 10 * p->seed + b);
        argv[k++] = "--bot";
        argv[k++] = bots[b];
    }
    snprintf(games, sizeof(games), "%d", p->games);
    snprintf(seed, sizeof(seed), "%d", p->seed);
    snprintf(jobs, sizeof(jobs), "%d", p->jobs);
    char *rest[] = {"--games", games,     "--seed",    seed,       "-j",
                    jobs,      "--quiet", "--results", (char *)dir};
    for (size_t i = 0; i < sizeof(rest) / sizeof(rest[0]); i++)
        argv[k++] = rest[i];
    if (p->gauntlet) {
        argv[k++] = "--format";
        argv[k++] = "gauntlet";
    }
    if (shard) {
        argv[k++] = "--shard";
        argv[k++] = (char *)shard;
    }
    argv[k] = NULL;
    return k;
}

/* Play the plan into dir (shards into dir/shard-N, merged with `referee
 * standings --write dir`), and return the folders that hold its games. */
static int play(const struct plan *p, const char *dir, char parts[][96])
{
    char *argv[40], bots[NBOTS][512], slice[16];
    int nparts = p->shards;

    for (int s = 0; s < p->shards; s++) {
        snprintf(parts[s], 96, p->shards > 1 ? "%s/shard-%d" : "%s", dir, s + 1);
        snprintf(slice, sizeof(slice), "%d/%d", s + 1, p->shards);
        int k = tournament_argv(p, parts[s], argv, bots, p->shards > 1 ? slice : NULL);
        cr_assert_eq(run_program(argv, NULL, &r), 0);
        cr_assert_eq(r.status, 0, "%s", r.err);
        if (p->resume) {
            test_cut_rows(parts[s], "games.csv", rnd(5));
            argv[k++] = "--resume";
            argv[k] = NULL;
            cr_assert_eq(run_program(argv, NULL, &r), 0);
            cr_assert_eq(r.status, 0, "resume: %s", r.err);
        }
    }
    if (p->shards > 1) {
        char *merge[8] = {REFEREE_BIN, "standings", "--write", (char *)dir};
        for (int s = 0; s < p->shards; s++) {
            static char games[4][128];
            snprintf(games[s], sizeof(games[s]), "%s/games.csv", parts[s]);
            merge[4 + s] = games[s];
        }
        merge[4 + p->shards] = NULL;
        cr_assert_eq(run_program(merge, NULL, &r), 0);
        cr_assert_eq(r.status, 0, "%s", r.err);
    }
    return nparts;
}

Test(property, standings_recomputed_from_games_csv_agree_over_random_tournaments, .timeout = 240)
{
    int fitted = 0, paired = 0;
    rng_state = 20261123;
    for (int round = 0; round < 16; round++) {
        struct plan p = {.nbots = 2 + rnd(4),
                         .games = 2 * (2 + rnd(4)),
                         .jobs = 1 + rnd(2),
                         .shards = 1 + rnd(3),
                         .seed = 1 + rnd(1000),
                         .gauntlet = rnd(3) == 0,
                         .resume = rnd(2) == 0};
        char dir[64], parts[3][96], what[160];
        struct tally t = {0};
        test_tmpdir(dir, "property");
        snprintf(what, sizeof(what),
                 "round %d: %d bots, %d games, -j%d, %d shards, %s, %s, seed %d", round, p.nbots,
                 p.games, p.jobs, p.shards, p.gauntlet ? "gauntlet" : "round robin",
                 p.resume ? "resumed" : "whole", p.seed);
        for (int b = 0; b < p.nbots; b++) /* in the order given, as referee's table */
            bot_of(&t, b == 0 ? "h" : (char[8]){'r', (char)('0' + b), 0});
        int n = play(&p, dir, parts);
        for (int s = 0; s < n; s++)
            tally_games(&t, parts[s]);
        int pairings = p.gauntlet ? p.nbots - 1 : p.nbots * (p.nbots - 1) / 2;
        int total = 0;
        for (int b = 0; b < t.n; b++)
            total += t.games[b];
        cr_assert_eq(total, 2 * pairings * p.games, "%s: every game of the plan, once", what);
        if (expect_standings(dir, &t, what)) {
            fitted += t.n > 2;
            paired += t.n == 2;
        }
    }
    /* The ratings themselves were compared, not only the counts. */
    cr_expect_geq(fitted, 6, "Bradley-Terry fits compared: %d", fitted);
    cr_expect_geq(paired, 1, "two-bot ratings compared: %d", paired);
}

/* The SPRT's LLR as fishtest computes it: counts (an empty cell counted as
 * 1e-3) as a distribution over scores; for each hypothesis the distribution of
 * maximum likelihood with that expected score; N times the mean log ratio. */
static double mle_weight(const double *pdf, const double *a, int k, double s, int i)
{
    double lo = -1 / (a[k - 1] - s), hi = 1 / (s - a[0]), x = 0;
    for (int it = 0; it < 200; it++) {
        x = (lo + hi) / 2;
        double f = 0;
        for (int j = 0; j < k; j++)
            f += pdf[j] * (a[j] - s) / (1 + x * (a[j] - s));
        if (f > 0)
            lo = x;
        else
            hi = x;
    }
    return pdf[i] / (1 + x * (a[i] - s));
}

static double llr_fishtest(const long *counts, int k, double elo0, double elo1)
{
    double pdf[5], a[5], n = 0, llr = 0;
    double s0 = 1 / (1 + pow(10, -elo0 / 400)), s1 = 1 / (1 + pow(10, -elo1 / 400));
    for (int i = 0; i < k; i++) {
        pdf[i] = counts[i] ? (double)counts[i] : 1e-3;
        a[i] = (double)i / (k - 1);
        n += pdf[i];
    }
    for (int i = 0; i < k; i++)
        pdf[i] /= n;
    for (int i = 0; i < k; i++)
        llr += pdf[i] * log(mle_weight(pdf, a, k, s1, i) / mle_weight(pdf, a, k, s0, i));
    return n * llr;
}

static double printed_llr(const char *out)
{
    const char *p = strstr(out, "SPRT: llr ");
    cr_assert_not_null(p, "%s", out);
    return atof(p + 10);
}

/* Equal to the printed precision (%.3g). */
static void expect_llr(double printed, double here, const char *what)
{
    double tol = fabs(here) < 1e-9 ? 1e-9 : 0.006 * fabs(here) + 1e-9;
    cr_expect_leq(fabs(printed - here), tol, "%s: llr printed %g, here %.6g", what, printed, here);
}

Test(property, sprt_command_agrees_with_fishtests_llr_on_random_counts, .timeout = 60)
{
    rng_state = 7;
    for (int i = 0; i < 40; i++) {
        long c[5];
        char counts[64], elo0[24], elo1[24], what[128];
        bool penta = rnd(2);
        int k = penta ? 5 : 3;
        for (int j = 0; j < k; j++)
            c[j] = rnd(4) == 0 ? 0 : rnd(300);
        /* --wdl is wins, draws, losses; cells here are losses, draws, wins. */
        if (penta)
            snprintf(counts, sizeof(counts), "%ld,%ld,%ld,%ld,%ld", c[0], c[1], c[2], c[3], c[4]);
        else
            snprintf(counts, sizeof(counts), "%ld,%ld,%ld", c[2], c[1], c[0]);
        int e0 = rnd(40) - 20, e1 = e0 + 1 + rnd(30);
        snprintf(elo0, sizeof(elo0), "elo0=%d", e0);
        snprintf(elo1, sizeof(elo1), "elo1=%d", e1);
        char *argv[] = {REFEREE_BIN, "sprt", penta ? "--ptnml" : "--wdl", counts, elo0, elo1, NULL};
        cr_assert_eq(run_program(argv, NULL, &r), 0);
        snprintf(what, sizeof(what), "%s %s %s %s", argv[2], counts, elo0, elo1);
        if (c[0] + c[1] + c[2] + (penta ? c[3] + c[4] : 0) == 0)
            continue;
        double here = llr_fishtest(c, k, e0, e1);
        expect_llr(printed_llr(r.out), here, what);
        double upper = log(0.95 / 0.05), lower = log(0.05 / 0.95);
        int want = here >= upper ? 0 : here <= lower ? 10 : 11;
        if (fabs(here - upper) > 1e-6 && fabs(here - lower) > 1e-6)
            cr_expect_eq(r.status, want, "%s: exit %d, here %d", what, r.status, want);
    }
}

/* A match with an SPRT: the LLR, the pentanomial counts, the exit status and
 * the Score line, all recomputed from the games.csv it wrote. */
Test(property, sprt_and_score_of_matches_agree_with_their_games_csv, .timeout = 240)
{
    rng_state = 99;
    for (int round = 0; round < 8; round++) {
        char dir[64], a[512], b[512], what[1200], jobs[16], elo0[24], elo1[24];
        bool trinomial = rnd(2), strong = rnd(2);
        int e0 = strong ? 0 : -200, e1 = strong ? 150 : 0;
        test_tmpdir(dir, "property");
        snprintf(a, sizeof(a), "a=%s", strong ? BOTDIR "heuristic" : BOTDIR "random --seed 3");
        snprintf(b, sizeof(b), "b=%srandom --seed %d", BOTDIR, 1 + rnd(100));
        snprintf(jobs, sizeof(jobs), "%d", 1 + rnd(2));
        snprintf(elo0, sizeof(elo0), "elo0=%d", e0);
        snprintf(elo1, sizeof(elo1), "elo1=%d", e1);
        char words[64];
        snprintf(words, sizeof(words), "%s %s", elo0, elo1);
        char *argv[] = {REFEREE_BIN,
                        "match",
                        "--bot",
                        a,
                        "--bot",
                        b,
                        "--games",
                        "400",
                        "-j",
                        jobs,
                        "--sprt",
                        words,
                        "--sprt-model",
                        trinomial ? "trinomial" : "pentanomial",
                        "--results",
                        dir,
                        NULL};
        snprintf(what, sizeof(what), "round %d: %s vs %s, -j%s, %s, %s", round, a, b, jobs,
                 trinomial ? "trinomial" : "pentanomial", words);
        cr_assert_eq(run_program(argv, NULL, &r), 0);

        struct table g;
        long cells[5] = {0}, wdl[3] = {0};
        int w = 0, l = 0, d = 0;
        test_load(&g, dir, "games.csv");
        for (size_t i = 0; i < g.nrows; i++) {
            bool a_first = strcmp(test_cell(&g, i, "first"), "a") == 0;
            const char *res = test_cell(&g, i, "result");
            double s = strcmp(res, "1/2-1/2") == 0            ? 0.5
                       : (strcmp(res, "1-0") == 0) == a_first ? 1
                                                              : 0;
            w += s == 1;
            d += s == 0.5;
            l += s == 0;
            wdl[(int)(2 * s)]++;
            /* The two games of a pair follow each other, from one opening. */
            if (i % 2 == 1) {
                cr_assert_str_eq(test_cell(&g, i, "opening_id"), test_cell(&g, i - 1, "opening_id"),
                                 "%s", what);
                const char *pres = test_cell(&g, i - 1, "result");
                bool pa_first = strcmp(test_cell(&g, i - 1, "first"), "a") == 0;
                double ps = strcmp(pres, "1/2-1/2") == 0             ? 0.5
                            : (strcmp(pres, "1-0") == 0) == pa_first ? 1
                                                                     : 0;
                cells[(int)(2 * (s + ps))]++;
            }
        }
        table_release(&g);
        double here = trinomial ? llr_fishtest(wdl, 3, e0, e1) : llr_fishtest(cells, 5, e0, e1);
        expect_llr(printed_llr(r.out), here, what);
        double upper = log(0.95 / 0.05), lower = log(0.05 / 0.95);
        int want = here >= upper ? 0 : here <= lower ? 10 : 11;
        cr_expect_eq(r.status, want, "%s: exit %d, here %d (llr %.4f)", what, r.status, want, here);
        if (!trinomial) {
            char line[96];
            snprintf(line, sizeof(line), "Ptnml(0-2): [%ld, %ld, %ld, %ld, %ld]", cells[0],
                     cells[1], cells[2], cells[3], cells[4]);
            cr_expect_not_null(strstr(r.out, line), "%s: want %s in\n%s", what, line, r.out);
        }
        char score[96];
        snprintf(score, sizeof(score), "Score of a vs b: %d - %d - %d ", w, l, d);
        const char *last = NULL;
        for (const char *p = strstr(r.out, "Score of"); p; p = strstr(p + 1, "Score of"))
            last = p;
        cr_assert_not_null(last, "%s", what);
        cr_expect_eq(strncmp(last, score, strlen(score)), 0, "%s: %.60s, want %s", what, last,
                     score);
    }
}
