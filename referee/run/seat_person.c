/* seat_person.c: a person at the terminal (or a pipe) sits at the board: asked
 * until the move typed is one the rules allow, or resign, or quit. */
#include "defaults.h"
#include "notation.h"
#include "seat_person.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void seat_person_draw(const struct game_state *s)
{
    const struct game_def *def = game_def_of(s);
    bool row_letters = def->squares == SQUARES_ROW_LETTER;

    printf("\n   ");
    for (int c = 0; c < def->cols; c++)
        if (row_letters || def->squares == SQUARES_COLUMN)
            printf("%2d", c + 1);
        else
            printf(" %c", 'a' + c);
    putchar('\n');
    for (int r = 0; r < def->rows; r++) {
        if (row_letters)
            printf("  %c", 'a' + r);
        else if (def->squares == SQUARES_COLUMN)
            printf("   ");
        else
            printf("%3d", r + 1);
        for (int c = 0; c < def->cols; c++) {
            int m = def->at(s, r, c);
            printf(" %c", m < 0 ? '.' : def->marks[m]);
        }
        putchar('\n');
    }
}

static void show_legal(const struct game_state *s)
{
    const struct game_def *def = game_def_of(s);
    struct action moves[GAME_MAX_SQUARES + 1];
    char text[GAME_MOVE_TEXT];
    int n = game_legal(s, moves);

    printf("Legal:");
    for (int i = 0; i < n; i++)
        printf(" %s", notation_format_move(def, moves[i], false, text, sizeof(text)));
    putchar('\n');
}

/* A line typed, without its blanks at either end, into line (cap bytes);
 * false at the end of input. */
static bool read_typed(char *line, size_t cap, char **text)
{
    if (!fgets(line, (int)cap, stdin))
        return false;
    line[strcspn(line, "\r\n")] = '\0';
    char *t = line;
    while (isspace((unsigned char)*t))
        t++;
    for (char *e = t + strlen(t); e > t && isspace((unsigned char)e[-1]);)
        *--e = '\0';
    if (!isatty(0))
        printf("%s\n", t); /* from a pipe: the screen shows what was played */
    *text = t;
    return true;
}

/* Whether text is a move the rules allow side in s, *out then; if not, the
 * person is told why. */
static bool is_allowed(const struct game_state *s, enum side side, const char *text,
                       struct action *out)
{
    struct action a;
    const char *why = "";

    if (!text[0] || notation_parse_move(s, text, &a, &why) < 0 ||
        (a.kind != ACTION_MOVE && a.kind != ACTION_PASS)) {
        char shown[4 * PROTOCOL_ECHO_MAX + 8];
        printf("'%s' is not a move%s%s; type one of the legal moves.\n",
               protocol_escape(shown, sizeof(shown), text, strlen(text)), why[0] ? ": " : "", why);
        return false;
    }
    a.side = (uint8_t)side;
    struct game_state trial = *s;
    game_step(&trial, a);
    if (trial.end == END_FOUL) {
        char reason[RECORD_REASON_MAX];
        printf("%s: not allowed here; try again.\n", game_reason(&trial, reason, sizeof(reason)));
        return false;
    }
    *out = a;
    return true;
}

/* The person's move: asked until it is legal, resign, or quit (false: quit,
 * or the end of input). */
static bool ask_person(const struct game_state *s, enum side side, struct action *out)
{
    const struct game_def *def = game_def_of(s);
    char line[256], *text;

    for (;;) {
        printf("Your move (%c), or resign or quit: ", def->marks[side]);
        fflush(stdout);
        if (!read_typed(line, sizeof(line), &text) || strcmp(text, "quit") == 0)
            return false;
        if (strcmp(text, "undo") == 0) {
            printf("No undo: this game is recorded as played.\n");
            continue;
        }
        if (strcmp(text, "resign") == 0) {
            *out = (struct action){.kind = ACTION_RESIGN, .side = side};
            return true;
        }
        if (is_allowed(s, side, text, out))
            return true;
    }
}

static struct seat_person *person_of(struct seat *s)
{
    return (struct seat_person *)((char *)s - offsetof(struct seat_person, seat));
}

static void person_game(struct seat *s, const struct seat_game *g)
{
    person_of(s)->side = g->pg.side;
}

/* The move goes to the loop as a bot's would, with its mark: judged the same. */
static int person_ask(struct seat *s, const struct seat_turn *t, struct player_reply *r)
{
    enum side side = person_of(s)->side;
    struct action a;

    seat_person_draw(t->state);
    show_legal(t->state);
    int64_t t0 = proc_now_ns();
    if (!ask_person(t->state, side, &a)) {
        r->interrupted = true;
        snprintf(r->reason, sizeof(r->reason), "quit");
    } else {
        r->len = notation_put_move(game_def_of(t->state), a, true, r->line);
    }
    r->elapsed_ns = proc_now_ns() - t0;
    return SEAT_REPLIED;
}

static const struct seat_ops seat_person_ops = {
    .kind = "person",
    .game = person_game,
    .ask = person_ask,
};

void seat_person_init(struct seat_person *sp)
{
    memset(sp, 0, sizeof(*sp));
    sp->seat.ops = &seat_person_ops;
}
