/* ledger_verify.c: a games.csv row trusted in nothing its moves derive: its
 * result, winner, end, foul and reason from its moves under its game's rules
 * (ledger_fold); its plan's part is runplan.c's. */
#include "ledger.h"
#include "notation.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Column c of row against what `source` ("the moves say", "the plan says")
 * gives, want: 0 when they agree, else -EINVAL with why naming both. */
static int differs(const struct game_row *row, int c, const char *want, const char *source,
                   char *why, size_t len)
{
    const char *says = row->text[c];
    if (strcmp(says, want) == 0)
        return 0;
    snprintf(why, len, "game %ld: column '%s' says '%.64s', %s '%.64s'", row->id,
             schema_games_columns[c], says, source, want);
    return -EINVAL;
}

/* True for a foul the rules judge from the move itself: it is recorded as
 * that move, never as a forfeit. */
static bool is_rules_foul(enum foul f)
{
    return f == FOUL_OCCUPIED || f == FOUL_NO_SUCH_SQUARE || f == FOUL_ILLEGAL;
}

/* Replay row's moves from the start of its game into *s (a forfeit is of the
 * row's foul kind). Returns 0 or -EINVAL having said why. */
static int replay(const struct game_row *row, struct game_state *s, char *why, size_t len)
{
    char moves[GAME_MAX_PLIES * GAME_MOVE_TEXT], *save = NULL;

    if (!row->def) {
        snprintf(why, len, "game %ld: unknown game '%.40s'", row->id, row->text[GC_GAME]);
        return -EINVAL;
    }
    if (strlen(row->text[GC_MOVES]) >= sizeof(moves)) {
        snprintf(why, len, "game %ld: more moves than a game can have", row->id);
        return -EINVAL;
    }
    strcpy(moves, row->text[GC_MOVES]);
    game_init(s, row->def, row->early_draw);
    for (char *m = strtok_r(moves, " ", &save); m; m = strtok_r(NULL, " ", &save)) {
        struct action a;
        const char *bad;
        if (notation_parse_move(s, m, &a, &bad) < 0) {
            snprintf(why, len, "game %ld: move '%.16s': %s", row->id, m, bad);
            return -EINVAL;
        }
        if (a.kind == ACTION_FORFEIT && (row->foul == FOUL_NONE || is_rules_foul(row->foul))) {
            snprintf(why, len,
                     "game %ld: column 'foul' says '%s' where the moves end in a forfeit, a foul "
                     "the rules cannot see",
                     row->id, row->text[GC_FOUL]);
            return -EINVAL;
        }
        if (a.kind == ACTION_FORFEIT)
            a.foul = (uint8_t)row->foul;
        if (!game_step(s, a)) {
            snprintf(why, len, "game %ld: move '%.16s' after the end", row->id, m);
            return -EINVAL;
        }
    }
    return 0;
}

/* A forfeit's reason and side, as far as they can be told: a timeout is
 * the reply of the side asked (once the bots have begun to play: at their
 * start, either may time out), and says by how much. */
static int check_forfeit(const struct game_row *row, const struct game_state *s, char *why,
                         size_t len)
{
    struct action last = s->history[s->nhistory - 1];
    bool begun = s->nhistory - 1 > row->opening_plies;

    if (row->foul != FOUL_TIMEOUT)
        return 0;
    /* Before the forfeit, the side to move was the one that had to reply. */
    struct game_state before;
    game_init(&before, row->def, row->early_draw);
    for (int i = 0; i < s->nhistory - 1; i++)
        game_step(&before, s->history[i]);
    if (begun && last.side != before.to_move) {
        snprintf(why, len,
                 "game %ld: column 'foul_by' says '%.64s' timed out, but '%.64s' was to move",
                 row->id, row->text[GC_FOUL_BY], row->bots[before.to_move]);
        return -EINVAL;
    }
    if (strncmp(row->text[GC_REASON], "timeout (", 9) != 0) {
        snprintf(why, len, "game %ld: column 'reason' says '%.64s', not a timeout's reason",
                 row->id, row->text[GC_REASON]);
        return -EINVAL;
    }
    return 0;
}

/* The reason, where the end of the game gives it: the rules' words, but for
 * an abort (the operator's), a forfeit (the seat's) and a square off the
 * board (the bot's own text, which the record keeps cut). */
static int check_reason(const struct game_row *row, const struct game_state *s, char *why,
                        size_t len)
{
    const char *reason = row->text[GC_REASON];
    char want[RECORD_REASON_MAX];

    if (s->end == END_ABORTED || (s->end == END_FOUL && !is_rules_foul((enum foul)s->foul)))
        return s->end == END_FOUL ? check_forfeit(row, s, why, len) : 0;
    if (s->end == END_FOUL && s->foul == FOUL_NO_SUCH_SQUARE) {
        size_t n = strlen(reason), k = strlen(" (no such square)");
        if (strncmp(reason, "illegal move ", 13) == 0 && n > 13 + k &&
            strcmp(reason + n - k, " (no such square)") == 0)
            return 0;
        snprintf(why, len, "game %ld: column 'reason' says '%.64s', not a square off the board",
                 row->id, reason);
        return -EINVAL;
    }
    game_reason(s, want, sizeof(want));
    return differs(row, GC_REASON, want, "the moves say", why, len);
}

int ledger_fold(const struct game_row *row, char *why, size_t len)
{
    const struct game_def *def = row->def;
    struct game_state s;
    char first[2], second[2], winner_mark[2] = "";
    int rc = replay(row, &s, why, len);

    if (rc < 0)
        return rc;
    first[0] = def->marks[0], second[0] = def->marks[1], first[1] = second[1] = '\0';
    if (s.winner < 2)
        winner_mark[0] = def->marks[s.winner];
    const char *foul_by = s.end == END_FOUL ? row->bots[s.history[s.nhistory - 1].side] : "";
    const char *winner = s.winner < 2 ? row->bots[s.winner] : "";
    if ((rc = differs(row, GC_RESULT, game_result_text(&s), "the moves say", why, len)) < 0 ||
        (rc = differs(row, GC_END, end_name((enum end)s.end), "the moves say", why, len)) < 0 ||
        (rc = differs(row, GC_FOUL, foul_name((enum foul)s.foul), "the moves say", why, len)) < 0 ||
        (rc = differs(row, GC_FOUL_BY, foul_by, "the moves say", why, len)) < 0 ||
        (rc = differs(row, GC_WINNER, winner, "the moves say", why, len)) < 0 ||
        (rc = differs(row, GC_WINNER_MARK, winner_mark, "the moves say", why, len)) < 0 ||
        (rc = differs(row, GC_FIRST_MARK, first, "the rules say", why, len)) < 0 ||
        (rc = differs(row, GC_SECOND_MARK, second, "the rules say", why, len)) < 0)
        return rc;
    if (row->bot_seed != schedule_bot_seed(row->seed, row->id)) {
        snprintf(why, len, "game %ld: column 'bot_seed' says '%s', its seed and id say '%llu'",
                 row->id, row->text[GC_BOT_SEED],
                 (unsigned long long)schedule_bot_seed(row->seed, row->id));
        return -EINVAL;
    }
    if (row->plies != s.plies) {
        snprintf(why, len, "game %ld: column 'plies' says '%s', the moves say '%d'", row->id,
                 row->text[GC_PLIES], s.plies);
        return -EINVAL;
    }
    return check_reason(row, &s, why, len);
}
