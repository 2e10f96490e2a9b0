/* renju.h: black's forbidden points in renju, by the rules of the RIF
 * (Renju International Federation). Pure: no allocation, I/O or globals. */
#ifndef REFEREE_RENJU_H
#define REFEREE_RENJU_H

#include <stdbool.h>
#include <stdint.h>

#define RENJU_N 15 /* renju is played on 15 x 15 */

/* What a stone of black's would make on an empty point. */
enum renju_verdict {
    RENJU_ALLOWED,      /* nothing forbidden (a four-three included) */
    RENJU_FIVE,         /* exactly five: black wins, whatever else the stone makes */
    RENJU_OVERLINE,     /* six or more in a row, and no five */
    RENJU_DOUBLE_FOUR,  /* two fours or more, on two lines or on one */
    RENJU_DOUBLE_THREE, /* two open threes or more (a three counts only if a point
                         * that makes no five and is not forbidden makes it a
                         * straight four) */
};

/* The points of a position: cells[row][col] is 0 empty, 1 black, 2 white. */
struct renju_board {
    uint8_t cells[RENJU_N][RENJU_N];
};

/* The verdict on black playing (row, col), an empty point of b. The rules:
 * a five (exactly five) wins and is never forbidden; else an overline, two
 * fours (a straight four counts once), or two threes are forbidden. A three
 * is a line that one more black stone turns into a straight four (four in a
 * row with both ends making exactly five), where that stone makes no five
 * (it would make a five, not a four) and is not itself forbidden, judged
 * recursively in the position after (row, col). Piskvork and Renlib read the
 * rules so too (tests/test_renju.c). */
enum renju_verdict renju_judge(const struct renju_board *b, int row, int col);

/* True if the verdict forbids the move (overline, double four, double three). */
bool renju_is_forbidden(enum renju_verdict v);

/* True if black has an empty point that is not forbidden. */
bool renju_black_can_move(const struct renju_board *b);

#endif
