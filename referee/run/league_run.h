/* league_run.h: `referee league run`: a league's games played until a limit,
 * Ctrl-C or the end of its entries, its roster read again between games. */
#ifndef REFEREE_LEAGUE_RUN_H
#define REFEREE_LEAGUE_RUN_H

#include "config.h"

/* What `league run` was asked for. run's bots are unused (the league's come
 * from its folder); its results is the league's folder. */
struct league_options {
    struct run_config run;
    long games; /* --games: this many more games, then stop; 0: no limit */
    long for_s; /* --for: take no game after this many seconds; 0: no limit */
    int shard;  /* --shard I/N: 0-based I of the next batch's N shards */
    int shards; /* N; 0: the league itself */
    bool merge; /* --merge: take the batch's shard folders in, and play nothing */
};

/* Play the league in o->run.results. With fewer than two entries on its
 * roster, a run without a limit waits for more; one with a limit stops. Returns the exit status,
 * having said what went wrong: 0 the limit reached (or no game left to play), 2 a bad folder or one
 * another run holds, 3 unreadable league files, 4 a bot that cannot be started or results that
 * cannot be written, 130 interrupted. */
int league_run(struct league_options *o);

#endif
