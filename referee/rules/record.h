/* record.h: everything known about one finished game, as the match produced
 * it and the CSV writer and standings read it. A plain value. */
#ifndef REFEREE_RECORD_H
#define REFEREE_RECORD_H

#include "game.h"

#include <stdint.h>

#define RECORD_REASON_MAX 192
#define RECORD_NAME_MAX   128
#define RECORD_ENGINE_MAX 257 /* adapter.h's ADAPTER_ENGINE_MAX bytes and a NUL */

/* What kind of its foul a bot's misbehaviour was, beside the reason's words:
 * code that acts on a foul (doctor's checks, the console's hints) decides on
 * this, never on the words, which can so be reworded freely. */
enum foul_detail {
    DETAIL_NONE,        /* the foul alone says it */
    DETAIL_SILENT,      /* FOUL_TIMEOUT: its process never wrote a byte */
    DETAIL_BARE_CR,     /* FOUL_TIMEOUT: a line came, ended by CR alone */
    DETAIL_FLOOD,       /* FOUL_TOO_LONG or FOUL_UNASKED: more lines for its log than allowed */
    DETAIL_BEFORE_TURN, /* FOUL_UNASKED: its reply was written before its turn was read */
};

struct game_record {
    int id;                          /* 1-based number of the game in its run */
    int pairing;                     /* which pairing of bots it belongs to (0 for a match) */
    int opening_id;                  /* which opening (0: from the initial position) */
    uint64_t seed;                   /* seed of the opening, for replaying it */
    uint64_t bot_seed;               /* the seed told to both bots, below 2^53 */
    int opening_plies;               /* the first plies of the history were the opening's */
    char bots[2][RECORD_NAME_MAX];   /* by side: who played first, who second */
    struct game_state state;         /* the final state and the whole history */
    int32_t move_us[GAME_MAX_PLIES]; /* per history entry: microseconds the bot took (-1: none) */
    char reason[RECORD_REASON_MAX];
    enum foul_detail detail; /* of a foul that ended it (reason's words are for people) */
    uint8_t foul_side;       /* enum side of the offender, SIDE_NONE if no foul */
    int64_t start_unix_ms;   /* wall clock at the start */
    int64_t duration_us;
    int64_t used_us[2];                 /* thinking time per side, microseconds */
    int restarts[2];                    /* per side: its bot started again before this game, having
                                         * died or written between games (0 or 1) */
    char engines[2][RECORD_ENGINE_MAX]; /* per side: an engine's name and version from
                                         * its protocol's handshake; "" for none */
};

/* Per side, the replies its bot gave (opening moves are not), their total and
 * their longest time, in microseconds. */
static inline void record_tally(const struct game_record *rec, int moves[2], int64_t total_us[2],
                                int32_t max_us[2])
{
    moves[0] = moves[1] = 0;
    total_us[0] = total_us[1] = 0;
    max_us[0] = max_us[1] = 0;
    for (int i = 0; i < rec->state.nhistory; i++) {
        int side = rec->state.history[i].side;
        if (rec->move_us[i] < 0 || side > 1)
            continue;
        moves[side]++;
        total_us[side] += rec->move_us[i];
        if (rec->move_us[i] > max_us[side])
            max_us[side] = rec->move_us[i];
    }
}

#endif
