/* report.h: what `referee report` shows of a run, gathered from the rows of
 * its games.csv and moves.csv (of one run, or of its shards): the standings,
 * results by colour, fouls, move times and the slowest moves. Pure: rows in,
 * figures out; report_write.c reads the files, report_html.c draws the page. */
#ifndef REFEREE_REPORT_H
#define REFEREE_REPORT_H

#include "roster.h"
#include "schema.h"
#include "sprt.h"
#include "standings.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define REPORT_FOULED_MAX 500 /* fouled games listed (all are counted) */
#define REPORT_SLOWEST    10  /* slowest moves listed */
#define REPORT_FIRST      50  /* games listed for a browser without script */

/* Move times are counted in bins, so that a report's memory does not grow with
 * the moves: a bin a microsecond below 1 ms (the times' own resolution: exact),
 * then bins 1% wide up to 1000 s (a quantile within 0.5%), then one for the rest. */
#define REPORT_EXACT_US 1000
#define REPORT_BIN_STEP 1.01
#define REPORT_BINS     2400

struct report_times {
    uint32_t *bins; /* REPORT_BINS counts of move times; NULL: none yet */
    size_t nms;     /* moves counted */
    double max_ms;  /* the longest, exactly */
    double sum_ms;  /* for the mean */
};

/* A bot's first reply of a game is timed apart from its others: it carries
 * the start-up of a new process, under its own limit (--firstmove). */
struct report_bot {
    char *name;
    int as_first[3], as_second[3]; /* wins, draws, losses by colour */
    struct report_times moves;     /* its replies but the first of each game */
    struct report_times first;     /* its first reply of each game */
    long last_game;                /* the game of its last move counted; 0: none */
};

struct report_game {
    long id;
    char bots[2][72];
    char result[8];
    char foul[24];
    char foul_by[72];
    char reason[96];
};

struct report_move {
    double ms;
    long game, ply;
    char bot[72];
    char move[16];
};

/* The figures over the run at one point: after `games` counted games, each
 * bot's Elo (elo[i] for bots[i], NAN without one; bots added later have none)
 * and the SPRT's LLR. At most REPORT_POINTS_MAX are kept, evenly spaced: when
 * they are full, every other one goes and the spacing doubles. Each is a fit
 * of the whole field, whose cost grows as the cube of it: past
 * REPORT_FIELD_FINE bots, points are at least n/2 games apart (a game a bot)
 * and at most REPORT_POINTS_MAX * REPORT_FIELD_FINE / n are kept (not fewer
 * than REPORT_POINTS_MIN). */
#define REPORT_POINTS_MAX 120
#define REPORT_POINTS_MIN 12
#define REPORT_FIELD_FINE 32

struct report_point {
    long games;
    double llr;
    double *elo;
    size_t nelo;
};

/* What the run itself knows, or its run.csv (runinfo.h) tells: the SPRT it
 * stopped at (its LLR over the run is drawn), and its limits per move (drawn
 * over the times). */
struct report_run {
    bool sprt;
    struct sprt_params params;
    enum sprt_model model;
    const char *candidate; /* the first bot: SPRT scores are told from its side */
    int move_ms;           /* 0: none, or not known */
    int first_move_ms;     /* the limit of a bot's first move of a game; 0: not known */
};

/* An entry of a league (its roster.csv): from which game id it played, from
 * which it no longer did (0: it plays still) and why ("": not said), and
 * from which it is refused for a changed program (0: it is not). */
struct report_entry {
    char name[72];
    long entered, retired, refused;
    char why[200];
};

struct report {
    struct standings *st;
    const struct report_run *run; /* NULL: known only from the files */
    long played;                  /* games counted (not aborted), in the order read */
    struct report_point points[REPORT_POINTS_MAX + 1]; /* the last: the end, if off step */
    size_t npoints;
    long step;               /* games between two points */
    struct sprt_tally tally; /* the SPRT's, when the run had one */
    double lower, upper;     /* its bounds */
    struct report_bot *bots;
    size_t nbots, cap;
    struct report_entry *entries; /* a league's roster, malloc'ed (report_free frees it);
                                   * NULL for a tournament */
    size_t nentries;
    struct roster_settings league; /* a league's league.csv, when has_league */
    bool has_league;
    size_t recent[2]; /* the bots found last, tried first */
    char game[32];    /* the game's name; "" before the first row */
    bool mixed;       /* rows of more than one game */
    long games, aborted, fouled;
    struct report_game fouls[REPORT_FOULED_MAX];
    size_t nfouls;
    struct report_game first[REPORT_FIRST]; /* the first games read */
    size_t nfirst;
    struct report_move slowest[REPORT_SLOWEST]; /* slowest first, first replies apart */
    size_t nslowest;
};

/* Start *r empty. Returns 0 or -ENOMEM. */
int report_init(struct report *r);

/* Count a row of games.csv. Returns 0, -ENOMEM, or -EINVAL (a row the
 * standings cannot count). */
int report_add_game(struct report *r, const struct game_row *row);

/* Count a row of moves.csv (opening moves are nobody's). A bot's first move
 * of a game is the first row of that game with its name: a game's rows come
 * together, as results.c writes them. Returns 0 or -ENOMEM. */
int report_add_move(struct report *r, const struct move_row *m);

/* The same for a move told by its parts: bot's reply `move` (no mark), ply
 * of game, in ms milliseconds. */
int report_add_move_ms(struct report *r, const char *bot, const char *move, long game, long ply,
                       double ms);

/* The bot named name, or NULL. */
const struct report_bot *report_bot(const struct report *r, const char *name);

/* Quantile q (0..1) of a bot's move times t (its moves or its first), in ms. */
double report_quantile(const struct report_times *t, double q);

/* After the last row: the point at the end of the run, if it is not one. */
int report_finish(struct report *r);

void report_free(struct report *r);

#endif
