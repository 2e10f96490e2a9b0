/* game.c: the registry of games and the reducer every game shares: turn order,
 * fouls, resignation, abort, history. Each game's own rules are in game_<name>.c. */
#include "game.h"

#include <stdio.h>
#include <string.h>

extern const struct game_def game_tictactoe;
extern const struct game_def game_connect4;
extern const struct game_def game_reversi;
extern const struct game_def game_gomoku, game_gomoku_standard, game_gomoku_freestyle,
    game_gomoku_renju;

/* Adding a game: one file defining its table, one line here. */
static const struct game_def *const registry[] = {
    &game_tictactoe,       &game_connect4,         &game_reversi,      &game_gomoku,
    &game_gomoku_standard, &game_gomoku_freestyle, &game_gomoku_renju,
};

const struct game_def *const *game_registry(size_t *count)
{
    *count = sizeof(registry) / sizeof(registry[0]);
    return registry;
}

const struct game_def *game_find(const char *name)
{
    for (size_t i = 0; i < sizeof(registry) / sizeof(registry[0]); i++)
        if (strcmp(registry[i]->name, name) == 0)
            return registry[i];
    return NULL;
}

const struct game_def *game_def_of(const struct game_state *s)
{
    return registry[s->game];
}

static uint8_t registry_index(const struct game_def *def)
{
    for (size_t i = 0; i < sizeof(registry) / sizeof(registry[0]); i++)
        if (registry[i] == def)
            return (uint8_t)i;
    return 0;
}

void game_init(struct game_state *s, const struct game_def *def, bool early_draw)
{
    memset(s, 0, sizeof(*s));
    s->game = registry_index(def);
    s->early_draw = early_draw;
    s->to_move = SIDE_FIRST;
    s->winner = SIDE_NONE;
    s->end = END_NONE;
    def->init(s);
}

static void finish(struct game_state *s, enum end end, enum side winner, enum foul foul)
{
    s->end = end;
    s->winner = winner;
    s->foul = foul;
}

bool game_step(struct game_state *s, struct action a)
{
    const struct game_def *def = game_def_of(s);

    if (game_is_over(s) || s->nhistory >= GAME_MAX_PLIES)
        return false;
    if (a.kind != ACTION_ABORT && a.kind != ACTION_RESIGN && a.kind != ACTION_FORFEIT &&
        a.kind != ACTION_MOVE && a.kind != ACTION_PASS)
        return false;
    /* In place, not on a copy: every action from here on counts (a foul too),
     * and a state is kilobytes of history. */
    s->history[s->nhistory++] = a;
    switch (a.kind) {
    case ACTION_ABORT: finish(s, END_ABORTED, SIDE_NONE, FOUL_NONE); break;
    case ACTION_RESIGN: finish(s, END_RESIGNED, side_other(a.side), FOUL_NONE); break;
    case ACTION_FORFEIT: finish(s, END_FOUL, side_other(a.side), a.foul); break;
    default: {
        if (a.side != s->to_move) {
            finish(s, END_FOUL, s->to_move, FOUL_OUT_OF_TURN);
            break;
        }
        enum foul f = def->play(s, a);
        if (f != FOUL_NONE) {
            finish(s, END_FOUL, side_other(a.side), f);
            break;
        }
        s->plies++;
        if (!game_is_over(s) && s->early_draw && def->is_dead && def->is_dead(s))
            finish(s, END_DEAD, SIDE_NONE, FOUL_NONE);
        break;
    }
    }
    return true;
}

int game_legal(const struct game_state *s, struct action *out)
{
    if (game_is_over(s))
        return 0;
    return game_def_of(s)->legal(s, out);
}

const char *game_result_text(const struct game_state *s)
{
    if (!game_is_over(s) || s->end == END_ABORTED)
        return "*";
    if (s->winner == SIDE_FIRST)
        return "1-0";
    if (s->winner == SIDE_SECOND)
        return "0-1";
    return "1/2-1/2";
}

static const char *const foul_names[FOUL_COUNT] = {
    [FOUL_NONE] = "",
    [FOUL_OUT_OF_TURN] = "out-of-turn",
    [FOUL_OCCUPIED] = "occupied",
    [FOUL_NO_SUCH_SQUARE] = "no-such-square",
    [FOUL_ILLEGAL] = "illegal",
    [FOUL_TIMEOUT] = "timeout",
    [FOUL_MALFORMED] = "malformed",
    [FOUL_TOO_LONG] = "too-long",
    [FOUL_CRASHED] = "crashed",
    [FOUL_EXITED] = "exited",
    [FOUL_CLOSED] = "closed-pipe",
    [FOUL_UNASKED] = "unasked-output",
    [FOUL_NO_START] = "could-not-start",
};

const char *foul_name(enum foul f)
{
    return (unsigned)f < FOUL_COUNT ? foul_names[f] : "?";
}

enum foul foul_from_name(const char *name)
{
    for (int f = 1; f < FOUL_COUNT; f++)
        if (strcmp(foul_names[f], name) == 0)
            return (enum foul)f;
    return FOUL_COUNT;
}

const char *end_name(enum end e)
{
    switch (e) {
    case END_NONE: return "";
    case END_LINE: return "line";
    case END_FULL: return "full";
    case END_DEAD: return "dead";
    case END_COUNT: return "count";
    case END_FOUL: return "foul";
    case END_RESIGNED: return "resigned";
    case END_ABORTED: return "aborted";
    }
    return "?";
}

/* Formats a's square (or "pass") without the mark, for reasons. */
static void square_text(const struct game_def *def, struct action a, char *buf, size_t len)
{
    if (a.kind == ACTION_PASS)
        snprintf(buf, len, "pass");
    else if (def->squares == SQUARES_COLUMN)
        snprintf(buf, len, "%d", a.col + 1);
    else if (def->squares == SQUARES_ROW_LETTER)
        snprintf(buf, len, "%c%d", 'a' + a.row, a.col + 1);
    else
        snprintf(buf, len, "%c%d", 'a' + a.col, a.row + 1);
}

static const char *count_words[] = {"", "", "two", "three", "four", "five", "six"};

char *game_reason(const struct game_state *s, char *buf, size_t len)
{
    const struct game_def *def = game_def_of(s);
    struct action last = s->nhistory ? s->history[s->nhistory - 1] : (struct action){0};
    char sq[GAME_MOVE_TEXT];

    square_text(def, last, sq, sizeof(sq));
    switch ((enum end)s->end) {
    case END_NONE: snprintf(buf, len, "in progress"); break;
    case END_LINE:
        snprintf(buf, len, "%s in a row", def->line < 7 ? count_words[def->line] : "many");
        break;
    case END_FULL: snprintf(buf, len, "board full"); break;
    case END_DEAD: snprintf(buf, len, "no line can be completed"); break;
    case END_COUNT: {
        int n[2] = {0, 0};
        for (int r = 0; r < def->rows; r++)
            for (int c = 0; c < def->cols; c++) {
                int m = def->at(s, r, c);
                if (m >= 0)
                    n[m]++;
            }
        snprintf(buf, len, "disc count %d-%d", n[0], n[1]);
        break;
    }
    case END_RESIGNED: snprintf(buf, len, "resigned"); break;
    case END_ABORTED: snprintf(buf, len, "aborted"); break;
    case END_FOUL:
        switch ((enum foul)s->foul) {
        case FOUL_OUT_OF_TURN:
            snprintf(buf, len, "moved out of turn (%c:%s)", def->marks[last.side], sq);
            break;
        case FOUL_OCCUPIED: snprintf(buf, len, "illegal move %s (occupied)", sq); break;
        case FOUL_NO_SUCH_SQUARE: snprintf(buf, len, "illegal move %s (no such square)", sq); break;
        case FOUL_ILLEGAL: {
            /* The position before the foul: the board is unchanged by it. */
            const char *why = def->why_illegal ? def->why_illegal(s, last) : NULL;
            if (why)
                snprintf(buf, len, "illegal move %s (%s)", sq, why);
            else
                snprintf(buf, len, "illegal move %s", sq);
            break;
        }
        default: snprintf(buf, len, "%s", foul_name((enum foul)s->foul)); break;
        }
        break;
    }
    return buf;
}
