/* judge.h: the one judgement of a line a seat wrote as its move: the move it
 * is, or the foul (protocol/PROTOCOL.md "Fouls") with its reason. The match
 * loop judges through it whoever plays (a tournament, `play`, doctor), so
 * that the same line is the same foul with the same reason wherever it is
 * played. Pure. */
#ifndef REFEREE_JUDGE_H
#define REFEREE_JUDGE_H

#include "game.h"

#include <stddef.h>

/* Judge line (len bytes, any bytes) as side's move in s. A line that is no
 * move (FOUL_MALFORMED) or names the other side's mark (FOUL_OUT_OF_TURN)
 * leaves s as it was; any other is played into s, where the rules may end
 * the game with a foul (an occupied square...). Returns the foul, FOUL_NONE
 * for a legal move; reason (cap bytes) its reason, every byte of the bot's
 * escaped, "" for none. */
enum foul judge_move(struct game_state *s, enum side side, const char *line, size_t len,
                     char *reason, size_t cap);

#endif
