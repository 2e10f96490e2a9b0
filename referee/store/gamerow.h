/* gamerow.h: a finished game as the texts of its rows in games.csv and
 * moves.csv. Formatted once, here: results.c writes these texts, and a run's
 * live report types and counts the very same ones (schema_game_of_texts), so
 * that what it shows is what `referee report` reads back. Pure. */
#ifndef REFEREE_GAMEROW_H
#define REFEREE_GAMEROW_H

#include "record.h"
#include "schema.h"

#include <stdint.h>

/* Room for the texts a row does not borrow from its record: numbers, marks,
 * the start time and the moves. */
#define GAMEROW_TEXT_MAX (GAME_MAX_PLIES * GAME_MOVE_TEXT + 32 * GC_COUNT)

/* A games.csv row. text[c] is column c; names and the reason point into the
 * record, which must outlive the texts. Keep one from game to game: it
 * remembers the last start time's second, whose text it reuses. */
struct game_texts {
    const char *text[GC_COUNT];
    char buf[GAMEROW_TEXT_MAX];
    int64_t utc_second; /* of utc_text; -1 none yet */
    char utc_text[24];  /* "YYYY-MM-DDTHH:MM:SS" */
};
#define GAME_TEXTS_INIT                                                                            \
    {                                                                                              \
        .utc_second = -1                                                                           \
    }

/* A moves.csv row. */
struct move_texts {
    const char *text[MC_COUNT];
    char buf[4 * 24 + GAME_MOVE_TEXT + 4];
};

/* Which columns never need quoting (numbers, marks, fixed words, a game's
 * name, moves in its notation): their texts go into a CSV field as they are. */
extern const bool gamerow_games_plain[GC_COUNT];
extern const bool gamerow_moves_plain[MC_COUNT];

void gamerow_game(const struct game_record *rec, struct game_texts *t);

/* The row of history entry i (0-based) of rec. */
void gamerow_move(const struct game_record *rec, int i, struct move_texts *t);

#endif
