/* player_words.c: the words of a bot's fouls (player_words.h), alone in this
 * file so that a build may link other words in its place (tests/reworded/). */
#include "player_words.h"

const struct player_words player_words = {
    .silent = "timeout (no output at all: is standard output flushed after each line?)",
    .bare_cr = ": ended its line with CR: end lines with \\n",
    .flooded = "flooded its output",
    .unasked = "wrote when not asked",
};
