/* standings.h: the leaderboard of a run, computed from game summaries (one per
 * game, as games.csv holds them): points, score, Elo with its interval, fouls
 * and move times per bot, and the crosstable. Pure: no I/O. */
#ifndef REFEREE_STANDINGS_H
#define REFEREE_STANDINGS_H

#include "game.h"
#include "rating.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* One game as the standings need it. Strings are borrowed for the call. */
struct game_summary {
    const char *bots[2]; /* by side: first, second */
    int winner;          /* enum side; SIDE_NONE for a draw */
    bool aborted;        /* counted nowhere */
    enum foul foul;      /* FOUL_NONE, or the foul that ended it */
    int foul_side;       /* enum side of the offender */
    int moves[2];        /* moves each side's bot made (the opening's excluded) */
    double ms[2];        /* total thinking time per side */
    double max_ms[2];    /* longest single move per side */
    int restarts[2];     /* per side: its bot was started again before the game */
};

enum standings_sweep { SWEEP_NONE, SWEEP_WON_ALL, SWEEP_LOST_ALL };

struct standings_row {
    char *name; /* owned by the standings */
    int rank;   /* 1-based; equal rows share a rank */
    int games, wins, draws, losses;
    double points;              /* 1 a win, 1/2 a draw */
    double score;               /* points / games, 0..1; NAN without games */
    double elo;                 /* rating, mean 0 over its group; see standings_rows */
    double elo_lo, elo_hi;      /* its 95% interval */
    int group;                  /* 1, 2...: bots linked by games; 0 without games */
    bool prior;                 /* its group's games alone give no finite rating (rating.h) */
    enum standings_sweep sweep; /* won or lost every game it played */
    int fouls[FOUL_COUNT];      /* fouls committed, by kind */
    int fouls_total;
    int restarts;       /* processes started again after it died or wrote between games */
    double mean_ms;     /* total thinking time / moves made; NAN without a move */
    double max_ms;      /* longest move, 0 without games */
    const char *engine; /* owned by the standings: an engine's name and version, or "" */
};

struct standings; /* opaque */

struct standings *standings_new(void);
void standings_free(struct standings *st);

/* Make sure a bot appears (with no games yet), in the order bots were given:
 * ties in the table keep that order. Returns 0, -ENOMEM, or -EINVAL (no name). */
int standings_add_bot(struct standings *st, const char *name);

/* What bot `name` says it is (an engine's name and version, from its
 * protocol's handshake), kept as the last one said. Returns 0, -ENOMEM or
 * -EINVAL (no such bot). */
int standings_set_engine(struct standings *st, const char *name, const char *engine);

/* Count one game; bots not yet known are added (an aborted game's too, though
 * the game counts nowhere). A foul counts against foul_side only. A bot playing
 * itself counts the game once per side in its row, and nowhere else (crosstable,
 * ratings). Returns 0, -ENOMEM, or -EINVAL (a name missing, or a winner, foul or
 * foul_side out of range). */
int standings_add_game(struct standings *st, const struct game_summary *g);

/* Compute ranks and ratings and return the rows sorted by rank: by rating
 * (equal within 1e-6 Elo, the fit's rounding; bots without games last), then
 * the result between the tied bots (head to head: points each scored against
 * the others with the same rating), then wins, then fewer fouls, then the
 * order the bots were given. Rows equal but for that order share a rank (1, 2,
 * 2, 4). In a round robin, where everyone plays everyone as often, the rating
 * orders as the points do; in a gauntlet, where the first bot plays every
 * game, points would not compare, ratings do. The rows stay valid until the
 * next call on st, their names until standings_free. Never fails.
 *
 * Ratings: rating_fit (rating.h) of the games between different bots: finite
 * for every bot with a game, NAN without; bots not linked by games, even
 * through others, are fitted group by group, each with mean 0 (see
 * standings_groups). */
const struct standings_row *standings_rows(struct standings *st, size_t *count);

/* standings_rows without the ratings' intervals (elo_lo, elo_hi NAN): the
 * fit's Newton steps only (rating_fit_elo), none of the intervals' cubic work,
 * for callers that need only the ratings (the report's curves). */
const struct standings_row *standings_rows_elo(struct standings *st, size_t *count);

/* The number of groups of bots linked by games (standings_rows' group);
 * with more than one, *i and *j are rows of groups 1 and 2, which never met.
 * Ratings of different groups are on unrelated scales. Calls standings_rows. */
int standings_groups(struct standings *st, size_t *i, size_t *j);

/* Points scored by bot i against bot j, and games between them (indices into
 * the order of the last standings_rows; bots added since come after). An index
 * out of range gives NAN points and 0 games. */
double standings_points_between(struct standings *st, size_t i, size_t j);
/* Wins, draws and losses of bot i against bot j, as above; 0s out of range. */
void standings_results_between(struct standings *st, size_t i, size_t j, int wdl[3]);
int standings_games_between(struct standings *st, size_t i, size_t j);

/* Points (a whole or a half number) exactly as text: "3", "100000.5",
 * "1234567", never an exponent. Writes at most len bytes into buf; returns buf. */
#define STANDINGS_POINTS_TEXT 24
char *standings_format_points(double points, char *buf, size_t len);

/* The row of the bot given first (standings_add_bot, or the first game), for
 * figures told from its side; NULL without bots. Valid as standings_rows'. */
const struct standings_row *standings_first_given(struct standings *st);

/* Print the standings table (and, for two bots, cutechess's Elo line) to f
 * (standings_print.c). */
void standings_print(FILE *f, struct standings *st);

/* Whether st's bots can be rated on one scale: if no games link some of them,
 * not even through other bots, say which two and return EXIT_DATA; else
 * EXIT_OK (standings_print.c). */
int standings_check_groups(struct standings *st);

#endif
