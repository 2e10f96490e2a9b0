/* connect4.c: a connect four bot: negamax with alpha-beta on bitboards, a
 * transposition table and iterative deepening within half the move's time;
 * leaves are scored by open windows and threats. Speaks protocol/PROTOCOL.md.
 * Usage: connect4 [--depth D] [--strength S] [--seed N]: search at most D
 * plies (then a move does not depend on the machine's speed); think on S% of
 * the moves and play the others at random, drawn from N and the game's seed. */
#define _POSIX_C_SOURCE 200809L /* getline, strtok_r, clock_gettime */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Bitboards after John Tromp and Pascal Pons: bit 7 * col + row, row 0 at the
 * bottom, one spare bit on top of each column so that shifts do not wrap. */
#define WIDTH   7
#define HEIGHT  6
#define H1      (HEIGHT + 1)
#define SQUARES (WIDTH * HEIGHT)
#define BOTTOM  0x0040810204081ull /* bit 0 of each column */
#define BOARD   (BOTTOM * ((1ull << HEIGHT) - 1))

#define WIN        10000 /* a win at ply p scores WIN - p */
#define IS_MATE(v) ((v) > WIN - 100 || (v) < -(WIN - 100))
#define INF        (WIN + 1)

/* A position from the side to move's view: its discs and all discs. */
struct pos {
    uint64_t cur, mask;
    int moves;
};

/* What the `game` line told us. */
struct game_info {
    char me;
    int movetime, clock, increment;
};

/* Transposition table, entries of older searches ignored by generation, so a
 * search gives the same answer whatever came before it in the process. */
enum { TT_EXACT, TT_LOWER, TT_UPPER };
struct tt_entry {
    uint64_t key;
    int16_t score;
    int8_t depth;
    uint8_t flag, move, gen;
};
#define TT_BITS 19
static struct tt_entry tt[1u << TT_BITS];
static uint8_t tt_gen;

static uint64_t windows[69];
static int nwindows;
static const int order[WIDTH] = {3, 2, 4, 1, 5, 0, 6}; /* centre first */

static int max_depth = SQUARES; /* --depth */
static int strength = 100;      /* --strength: the share of moves searched, in % */
static uint64_t bot_seed = 1;   /* --seed */
static uint64_t rng;            /* this game's: bot_seed ^ the game's seed */

static int64_t deadline_ns;
static uint64_t nodes;
static bool stopped;

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* splitmix64, as bots/random.c. */
static uint64_t random_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static uint64_t column_mask(int col)
{
    return ((1ull << HEIGHT) - 1) << (col * H1);
}

static uint64_t possible(const struct pos *p)
{
    return (p->mask + BOTTOM) & BOARD;
}

/* Empty squares that would complete four of the discs in `me`. */
static uint64_t winning_squares(uint64_t me, uint64_t mask)
{
    uint64_t r = (me << 1) & (me << 2) & (me << 3); /* vertical */
    static const int dirs[3] = {H1, HEIGHT, H1 + 1};

    for (int i = 0; i < 3; i++) {
        int d = dirs[i];
        uint64_t q = (me << d) & (me << 2 * d);
        r |= q & (me << 3 * d);
        r |= q & (me >> d);
        q = (me >> d) & (me >> 2 * d);
        r |= q & (me << d);
        r |= q & (me >> 3 * d);
    }
    return r & (BOARD ^ mask);
}

static void play(struct pos *p, uint64_t move)
{
    p->cur ^= p->mask;
    p->mask |= move;
    p->moves++;
}

/* Moves that do not hand the opponent a win next turn; 0 if there is none. */
static uint64_t nonlosing_moves(const struct pos *p)
{
    uint64_t moves = possible(p);
    uint64_t threats = winning_squares(p->cur ^ p->mask, p->mask);
    uint64_t forced = moves & threats;

    if (forced) {
        if (forced & (forced - 1))
            return 0; /* two threats at once */
        moves = forced;
    }
    return moves & ~(threats >> 1); /* never play just under an opponent's threat */
}

static void windows_init(void)
{
    static const int dc[4] = {1, 0, 1, 1}, dr[4] = {0, 1, 1, -1};

    for (int d = 0; d < 4; d++)
        for (int c = 0; c < WIDTH; c++)
            for (int r = 0; r < HEIGHT; r++) {
                int ec = c + 3 * dc[d], er = r + 3 * dr[d];
                if (ec >= WIDTH || er < 0 || er >= HEIGHT)
                    continue;
                uint64_t w = 0;
                for (int k = 0; k < 4; k++)
                    w |= 1ull << ((c + k * dc[d]) * H1 + r + k * dr[d]);
                windows[nwindows++] = w;
            }
}

/* The side to move's prospects, less the opponent's: windows of four holding
 * only its discs; threats (squares that complete a four), the more so on rows
 * of the owner's parity (odd rows for the first player, counted from 1 at the
 * bottom, even rows for the second), which decide endgames; the centre. */
static int evaluate(const struct pos *p)
{
    static const int window_value[4] = {0, 1, 4, 0};
    static const uint64_t odd_rows = BOTTOM * 0x15; /* rows 1, 3, 5 */
    uint64_t me = p->cur, them = p->cur ^ p->mask;
    int score = 0;

    for (int i = 0; i < nwindows; i++) {
        int a = __builtin_popcountll(windows[i] & me), b = __builtin_popcountll(windows[i] & them);
        if (b == 0)
            score += window_value[a];
        else if (a == 0)
            score -= window_value[b];
    }
    /* The side to move is the first player when an even number of discs is down. */
    uint64_t my_rows = p->moves % 2 == 0 ? odd_rows : BOARD & ~odd_rows;
    uint64_t mine = winning_squares(me, p->mask), theirs = winning_squares(them, p->mask);
    score += 16 * __builtin_popcountll(mine) + 16 * __builtin_popcountll(mine & my_rows);
    score -= 16 * __builtin_popcountll(theirs) + 16 * __builtin_popcountll(theirs & ~my_rows);
    /* A threat just above one of the opponent's is hard to use. */
    score -= 8 * __builtin_popcountll(mine & theirs << 1);
    score += 8 * __builtin_popcountll(theirs & mine << 1);
    /* The centre column takes part in the most lines. */
    score += 3 * (__builtin_popcountll(me & column_mask(3)) -
                  __builtin_popcountll(them & column_mask(3)));
    return score;
}

static int tt_score_in(int v, int ply)
{
    return v > WIN - 100 ? v + ply : v < -(WIN - 100) ? v - ply : v;
}

static int tt_score_out(int v, int ply)
{
    return v > WIN - 100 ? v - ply : v < -(WIN - 100) ? v + ply : v;
}

/* Moves of `moves` (one bit each), best first: the hinted column, then those
 * making the most threats, then centre first. Returns how many. */
static int order_moves(const struct pos *p, uint64_t moves, int hint, uint64_t *out)
{
    int score[WIDTH], n = 0;

    for (int i = 0; i < WIDTH; i++) {
        uint64_t m = moves & column_mask(order[i]);
        if (!m)
            continue;
        int s = order[i] == hint ? 1000
                                 : __builtin_popcountll(winning_squares(p->cur | m, p->mask | m));
        int j = n++;
        for (; j > 0 && score[j - 1] < s; j--) {
            score[j] = score[j - 1];
            out[j] = out[j - 1];
        }
        score[j] = s;
        out[j] = m;
    }
    return n;
}

static int column_of(uint64_t move)
{
    return __builtin_ctzll(move) / H1;
}

static int negamax(const struct pos *p, int depth, int alpha, int beta, int ply)
{
    if ((++nodes & 255) == 0 && now_ns() > deadline_ns)
        stopped = true;
    if (stopped)
        return 0;
    if (winning_squares(p->cur, p->mask) & possible(p))
        return WIN - ply;
    uint64_t next = nonlosing_moves(p);
    if (!next)
        return -(WIN - ply - 1);
    if (p->moves >= SQUARES - 2)
        return 0; /* a non-losing move, then the opponent's last: a draw */
    if (depth <= 0)
        return evaluate(p);

    uint64_t key = p->cur + p->mask; /* unique per position (Pons) */
    struct tt_entry *e = &tt[(key * 0x9e3779b97f4a7c15ull) >> (64 - TT_BITS)];
    int hint = -1, alpha0 = alpha;
    if (e->key == key && e->gen == tt_gen) {
        hint = e->move;
        int v = tt_score_out(e->score, ply);
        if (e->depth >= depth && (e->flag == TT_EXACT || (e->flag == TT_LOWER && v >= beta) ||
                                  (e->flag == TT_UPPER && v <= alpha)))
            return v;
    }

    uint64_t moves[WIDTH];
    int n = order_moves(p, next, hint, moves), best = -INF, best_col = column_of(moves[0]);
    for (int i = 0; i < n; i++) {
        struct pos child = *p;
        play(&child, moves[i]);
        int v = -negamax(&child, depth - 1, -beta, -alpha, ply + 1);
        if (stopped)
            return 0;
        if (v > best) {
            best = v;
            best_col = column_of(moves[i]);
        }
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    *e = (struct tt_entry){.key = key,
                           .score = (int16_t)tt_score_in(best, ply),
                           .depth = (int8_t)depth,
                           .flag = best <= alpha0 ? TT_UPPER
                                   : best >= beta ? TT_LOWER
                                                  : TT_EXACT,
                           .move = (uint8_t)best_col,
                           .gen = tt_gen};
    return best;
}

/* The column to play in p, searched until budget_ns from start_ns. */
static int choose(const struct pos *p, int64_t start_ns, int64_t budget_ns)
{
    uint64_t win = winning_squares(p->cur, p->mask) & possible(p);
    uint64_t next = nonlosing_moves(p), moves[WIDTH];

    if (win)
        return column_of(win & -win);
    if (!next)
        next = possible(p); /* lost anyway */
    int n = order_moves(p, next, -1, moves), best = column_of(moves[0]);
    if (n == 1)
        return best;

    int reached = 0, best_score = 0;
    tt_gen++;
    nodes = 0;
    stopped = false;
    deadline_ns = start_ns + budget_ns;
    for (int depth = 1; depth <= SQUARES - p->moves && depth <= max_depth; depth++) {
        int alpha = -INF, col = best, score = -INF;
        n = order_moves(p, next, best, moves);
        for (int i = 0; i < n; i++) {
            struct pos child = *p;
            play(&child, moves[i]);
            int v = -negamax(&child, depth - 1, -INF, -alpha, 1);
            if (stopped)
                break;
            if (v > score) {
                score = v;
                col = column_of(moves[i]);
            }
            if (v > alpha)
                alpha = v;
        }
        if (stopped)
            break; /* keep the last complete depth's move */
        best = col;
        reached = depth;
        best_score = score;
        /* Decided, or the next depth would not finish: it costs several times this
         * one (a fixed --depth goes on, so that its move does not depend on speed). */
        if (IS_MATE(score) || (max_depth == SQUARES && now_ns() - start_ns > budget_ns / 2))
            break;
    }
    fprintf(stderr, "move %d depth %d score %d nodes %llu ms %lld\n", best + 1, reached, best_score,
            (unsigned long long)nodes, (long long)((now_ns() - start_ns) / 1000000));
    return best;
}

/* Reads a board "[-------,...]" (6 rows of 7, top first) for the side `me`. */
static bool board_parse(const char *text, char me, struct pos *p)
{
    uint64_t mine = 0, all = 0;

    if (!text || strlen(text) != 2 + HEIGHT * WIDTH + HEIGHT - 1 || text[0] != '[')
        return false;
    for (int r = 0; r < HEIGHT; r++)
        for (int c = 0; c < WIDTH; c++) {
            char ch = text[1 + r * (WIDTH + 1) + c];
            uint64_t bit = 1ull << (c * H1 + HEIGHT - 1 - r);
            if (ch == me)
                mine |= bit;
            if (ch == 'x' || ch == 'o')
                all |= bit;
            else if (ch != '-')
                return false;
        }
    /* Every disc must sit on another or on the floor. */
    if (((all + BOTTOM) & all) || (all & ~BOARD))
        return false;
    p->cur = mine;
    p->mask = all;
    p->moves = __builtin_popcountll(all);
    return true;
}

/* This move's search time: half the limit; on a game's first move only half the
 * usual limit, as the rest is for start-up; with a game clock, a share of it. */
static int64_t budget_ns(int time_ms, const struct game_info *g)
{
    int64_t ms = time_ms / 2;

    if (g->movetime > 0 && time_ms > g->movetime)
        ms = g->movetime / 2;
    if (g->clock > 0 && time_ms / 20 + g->increment / 2 < ms)
        ms = time_ms / 20 + g->increment / 2;
    return (ms > 1 ? ms : 1) * 1000000;
}

static void game_parse(struct game_info *g, char **save)
{
    char *word;

    *g = (struct game_info){.me = 'x'};
    strtok_r(NULL, " \r\n", save); /* version */
    strtok_r(NULL, " \r\n", save); /* game */
    if ((word = strtok_r(NULL, " \r\n", save)))
        g->me = word[0];
    while ((word = strtok_r(NULL, " \r\n", save))) {
        char *value = strtok_r(NULL, " \r\n", save);
        int v = value ? atoi(value) : 0;
        if (strcmp(word, "movetime") == 0)
            g->movetime = v;
        else if (strcmp(word, "clock") == 0)
            g->clock = v;
        else if (strcmp(word, "increment") == 0)
            g->increment = v;
        else if (strcmp(word, "seed") == 0 && value)
            rng = bot_seed ^ strtoull(value, NULL, 10);
    }
}

/* Reads --depth, --strength and --seed; exits with a usage line on others. */
static void args_parse(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        char *end = NULL;
        long v = i + 1 < argc ? strtol(argv[i + 1], &end, 10) : 0;
        bool number = end && end != argv[i + 1] && *end == '\0';
        if (strcmp(argv[i], "--depth") == 0 && number && v >= 1 && v <= SQUARES)
            max_depth = (int)v;
        else if (strcmp(argv[i], "--strength") == 0 && number && v >= 0 && v <= 100)
            strength = (int)v;
        else if (strcmp(argv[i], "--seed") == 0 && number && v >= 0)
            bot_seed = (uint64_t)v;
        else {
            fprintf(stderr, "usage: connect4 [--depth 1-42] [--strength 0-100] [--seed N]\n");
            exit(2);
        }
        i++;
    }
    rng = bot_seed;
}

int main(int argc, char **argv)
{
    struct game_info g = {.me = 'x'};
    char *line = NULL;
    size_t cap = 0;

    args_parse(argc, argv);
    windows_init();
    /* Touch the table now, where the first move's limit covers start-up: its
     * page faults would otherwise come in the middle of the first searches. */
    memset(tt, 0, sizeof(tt));
    while (getline(&line, &cap, stdin) != -1) {
        int64_t start = now_ns();
        char *save, *kind = strtok_r(line, " \r\n", &save), *key;
        char *board = NULL, *legal[WIDTH + 1];
        int nlegal = 0, time_ms = 1000;
        struct pos p;

        if (!kind)
            continue;
        if (strcmp(kind, "quit") == 0)
            break;
        if (strcmp(kind, "game") == 0)
            game_parse(&g, &save);
        if (strcmp(kind, "turn") != 0)
            continue;
        while ((key = strtok_r(NULL, " \r\n", &save)) && strcmp(key, "legal") != 0) {
            char *value = strtok_r(NULL, " \r\n", &save);
            if (strcmp(key, "board") == 0)
                board = value;
            else if (strcmp(key, "time") == 0 && value)
                time_ms = atoi(value);
        }
        while (nlegal < WIDTH + 1 && (key = strtok_r(NULL, " \r\n", &save)))
            legal[nlegal++] = key;

        const char *answer = nlegal ? legal[0] : "resign";
        /* Drawn on every move, so that a game replays the same. */
        bool at_random = strength < 100 && (int)(random_next(&rng) % 100) >= strength;
        if (at_random && nlegal)
            answer = legal[random_next(&rng) % (uint64_t)nlegal];
        else if (board_parse(board, g.me, &p) && p.moves < SQUARES) {
            char col[2] = {(char)('1' + choose(&p, start, budget_ns(time_ms, &g))), '\0'};
            for (int i = 0; i < nlegal; i++)
                if (strcmp(legal[i], col) == 0)
                    answer = legal[i];
        }
        puts(answer);
        fflush(stdout);
    }
    free(line);
    return 0;
}
