/* notation.h: the text of moves and boards, for every game through its table.
 * Pure: no I/O. protocol/PROTOCOL.md is the reference for the notation itself. */
#ifndef REFEREE_NOTATION_H
#define REFEREE_NOTATION_H

#include "game.h"

/* Parse one move as a player or a move list writes it: a square ("c2", or "4"
 * in column games), "pass" where the game has it, or "resign"; optionally with
 * the mark of the side first ("o:c2"); also "abort" (the referee's). Without a
 * mark the move is by s->to_move. "forfeit" (as records show a foul that is
 * not a move) parses as ACTION_FORFEIT with FOUL_NONE: the caller knows the
 * kind. A square off the board parses, whatever its digits (the rules
 * call it a foul, `no such square`): "a0", "0", "h1000"; a number above
 * NOTATION_FAR is kept as NOTATION_FAR, so records show it as that number.
 * Not a square: a leading zero ("a01"), an upper-case letter. Returns 0 with *out set, or -1 with
 * *why pointing to a static phrase saying what is wrong. */
#define NOTATION_FAR 128 /* the largest square number an action holds */

int notation_parse_move(const struct game_state *s, const char *text, struct action *out,
                        const char **why);

/* Write action a of game def as text into buf (at most len bytes, NUL
 * included), with "o:" in front if with_mark. Returns buf. */
char *notation_format_move(const struct game_def *def, struct action a, bool with_mark, char *buf,
                           size_t len);

/* The same, at out (GAME_MOVE_TEXT bytes at least, NUL written after);
 * returns the length. Without printf: it is on every turn line. */
size_t notation_put_move(const struct game_def *def, struct action a, bool with_mark, char *out);

/* Parse a board such as "[o--,xx-,ooo]": rows top to bottom, '-' empty,
 * optionally followed by a space and the mark of the side to move (needed
 * where the counts of marks cannot tell, as in reversi). The result is a game
 * with an empty history, its status settled (a won or full board is over).
 * Returns 0, or -1 with *why set. */
int notation_parse_board(const struct game_def *def, const char *text, bool early_draw,
                         struct game_state *out, const char **why);

/* Write s's board as "[o--,xx-,ooo]" into buf (len bytes at most, GAME_BOARD_TEXT
 * is always enough). Returns buf. */
char *notation_format_board(const struct game_state *s, char *buf, size_t len);

/* Write the history as moves with marks separated by spaces ("o:a1 x:b2").
 * Returns buf; truncates to len - 1 bytes if it must. */
char *notation_format_history(const struct game_state *s, char *buf, size_t len);

#endif
