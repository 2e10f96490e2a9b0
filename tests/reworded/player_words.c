/* tests/reworded/player_words.c: other words for a bot's fouls, linked in
 * place of referee/play/player_words.c into build/referee-reworded: the same
 * referee but for its words, for test_reworded.c. */
#include "player_words.h"

const struct player_words player_words = {
    .silent = "late and mute: not one byte came",
    .bare_cr = "; a carriage return ended the line",
    .flooded = "too many log lines",
    .unasked = "spoke out of turn",
};
