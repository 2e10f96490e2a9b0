/* judge.c: a seat's line judged as its move, once for every command that plays. */
#include "judge.h"
#include "protocol.h"

#include <stdio.h>

enum foul judge_move(struct game_state *s, enum side side, const char *line, size_t len,
                     char *reason, size_t cap)
{
    struct action a;
    char text[4 * PROTOCOL_ECHO_MAX + 8];

    reason[0] = '\0';
    if (!protocol_is_printable(line, len) || protocol_parse_reply(s, line, &a) < 0) {
        /* Printable ASCII only: "b2\0junk" is not b2, and no byte of a bot's
         * reaches a terminal, a CSV file or the other bot unescaped. */
        snprintf(reason, cap, "malformed reply \"%s\"",
                 protocol_escape(text, sizeof(text), line, len));
        return FOUL_MALFORMED;
    }
    if (a.side != side) {
        /* The seat asked named the other mark: its own foul, whoever the mark is.
         * The line parsed, so it is printable. */
        snprintf(reason, cap, "wrote the opponent's mark (%.16s; this bot plays %c)", line,
                 game_def_of(s)->marks[side]);
        return FOUL_OUT_OF_TURN;
    }
    game_step(s, a);
    if (s->end != END_FOUL)
        return FOUL_NONE;
    if (s->foul == FOUL_NO_SUCH_SQUARE) {
        /* As written: the record keeps at most NOTATION_FAR of its number.
         * The line parsed as a square, so it is [a-z0-9:]. */
        const char *sq = line[0] && line[1] == ':' ? line + 2 : line;
        snprintf(reason, cap, "illegal move %.24s (no such square)", sq);
    } else {
        game_reason(s, reason, cap);
    }
    return (enum foul)s->foul;
}
