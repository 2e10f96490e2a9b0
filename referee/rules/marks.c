/* marks.c: a board of marks placed in turn settled from its marks (marks.h). */
#include "marks.h"

#include <stdint.h>

bool marks_settle(struct game_state *s, const struct marks *m,
                  bool (*is_dead)(const struct game_state *s),
                  bool (*is_stuck)(const struct game_state *s))
{
    int n0 = m->count[0], n1 = m->count[1];
    bool won0 = m->line[0], won1 = m->line[1];
    enum side next;

    if (n0 == n1)
        next = SIDE_FIRST;
    else if (n0 == n1 + 1)
        next = SIDE_SECOND;
    else
        return false;
    if (s->to_move != SIDE_NONE && s->to_move != next)
        return false;
    /* A winner must have made the last move, and only one side can have won. */
    if ((won0 && (won1 || next != SIDE_SECOND)) || (won1 && next != SIDE_FIRST))
        return false;

    s->to_move = next;
    s->plies = (uint16_t)(n0 + n1);
    if (won0 || won1) {
        s->end = END_LINE;
        s->winner = won0 ? SIDE_FIRST : SIDE_SECOND;
    } else if (m->full || (is_stuck && is_stuck(s))) {
        s->end = END_FULL;
    } else if (s->early_draw && is_dead(s)) {
        s->end = END_DEAD;
    }
    return true;
}
