/* fuzz_reply.c: libFuzzer harness for protocol_parse_reply. Each line of the input
 * is read as a bot's reply in a few positions of every game (the start, the
 * middle, a forced pass, a finished game); a reply that parses is played, and
 * the lines referee would then write must fit in PROTOCOL_LINE_MAX. */
#include "fuzz.h"
#include "game.h"
#include "notation.h"
#include "protocol.h"

#include <string.h>

#define MAX_POSITIONS 64
#define MAX_LINES     8

static struct game_state positions[MAX_POSITIONS];
static int npositions;

static void keep(const struct game_state *s)
{
    FUZZ_CHECK(npositions < MAX_POSITIONS);
    positions[npositions++] = *s;
}

/* A fixed pseudo-random playout of each game, keeping a few of its positions:
 * the same positions on every run, so that a crash reproduces. */
static void make_positions(void)
{
    size_t ngames;
    const struct game_def *const *games = game_registry(&ngames);
    uint64_t rng = 0x9e3779b97f4a7c15ull;

    for (size_t g = 0; g < ngames; g++) {
        for (int game = 0; game < 3; game++) {
            struct game_state s;
            struct action moves[GAME_MAX_SQUARES + 1];
            bool kept_pass = false;
            game_init(&s, games[g], game == 1);
            if (game == 0)
                keep(&s);
            while (!game_is_over(&s)) {
                int n = game_legal(&s, moves);
                FUZZ_CHECK(n > 0);
                if (moves[0].kind == ACTION_PASS && !kept_pass) {
                    keep(&s);
                    kept_pass = true;
                }
                if (s.plies == 1 + 6 * game || s.plies == 30)
                    keep(&s);
                rng = rng * 6364136223846793005ull + 1442695040888963407ull;
                FUZZ_CHECK(game_step(&s, moves[(rng >> 33) % (uint64_t)n]));
                FUZZ_CHECK(s.end != END_FOUL);
            }
            keep(&s);
        }
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    make_positions();
    return 0;
}

static void check_line_out(const char *buf, int n)
{
    FUZZ_CHECK(n > 0 && n < PROTOCOL_LINE_MAX);
    FUZZ_CHECK((size_t)n == strlen(buf));
    FUZZ_CHECK(buf[n - 1] == '\n' && memchr(buf, '\n', (size_t)n - 1) == NULL);
}

static void check_reply(const struct game_state *s, const char *line)
{
    const struct game_def *def = game_def_of(s);
    struct action a;
    char buf[PROTOCOL_LINE_MAX], reason[256];

    if (protocol_parse_reply(s, line, &a) < 0)
        return;
    FUZZ_CHECK(a.kind == ACTION_MOVE || a.kind == ACTION_PASS || a.kind == ACTION_RESIGN);
    FUZZ_CHECK(a.side < SIDE_NONE && a.foul == FOUL_NONE);
    FUZZ_CHECK(a.kind != ACTION_PASS || def->has_pass);
    /* A reply is short, or a square whose number is long (off the board, kept
     * as NOTATION_FAR): what is recorded fits in what a move's text may be. */
    char text[GAME_MOVE_TEXT];
    FUZZ_CHECK(strlen(line) < GAME_MOVE_TEXT ||
               (a.kind == ACTION_MOVE && a.col == NOTATION_FAR - 1) ||
               (a.kind == ACTION_MOVE && a.row == NOTATION_FAR - 1));
    FUZZ_CHECK(notation_put_move(def, a, true, text) < GAME_MOVE_TEXT);

    struct game_state t = *s;
    bool counted = game_step(&t, a);
    FUZZ_CHECK(counted == !game_is_over(s));
    if (!counted) {
        FUZZ_CHECK(memcmp(&t.history, &s->history, sizeof(s->history)) == 0);
        return;
    }
    FUZZ_CHECK(t.nhistory == s->nhistory + 1);
    FUZZ_CHECK(t.to_move < SIDE_NONE && t.winner <= SIDE_NONE);
    if (a.kind == ACTION_RESIGN)
        FUZZ_CHECK(t.end == END_RESIGNED && t.winner == side_other(a.side));
    if (t.end == END_FOUL)
        FUZZ_CHECK(t.foul > FOUL_NONE && t.foul < FOUL_COUNT && t.winner < SIDE_NONE);
    game_reason(&t, reason, sizeof(reason));
    FUZZ_CHECK(strlen(reason) < sizeof(reason) - 1);
    if (game_is_over(&t)) {
        FUZZ_CHECK(strcmp(game_result_text(&t), "*") != 0);
        check_line_out(buf, protocol_format_result(buf, sizeof(buf), &t, reason));
    } else {
        check_line_out(buf, protocol_format_turn(buf, sizeof(buf), &t, 1000));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_strdup(data, size);
    char *line = text;

    for (int i = 0; i < MAX_LINES && line; i++) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        for (int p = 0; p < npositions; p++)
            check_reply(&positions[p], line);
        line = nl ? nl + 1 : NULL;
    }
    free(text);
    return 0;
}
