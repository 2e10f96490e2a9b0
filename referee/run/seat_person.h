/* seat_person.h: a person at the terminal as a seat of the game loop
 * (seat.h): the board with its coordinates and the legal moves before each of
 * their turns, a move typed in the game's notation; a typo or an illegal move
 * is asked again, never a foul. Reads standard input, writes standard output. */
#ifndef REFEREE_SEAT_PERSON_H
#define REFEREE_SEAT_PERSON_H

#include "seat.h"

struct seat_person {
    struct seat seat;
    enum side side; /* the side they play in the game under way */
};

/* A person at this terminal as sp. */
void seat_person_init(struct seat_person *sp);

/* Print the board of s with its coordinates, as the game writes its squares. */
void seat_person_draw(const struct game_state *s);

#endif
