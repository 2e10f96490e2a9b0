/* reversi.c: a reversi bot: negamax with alpha-beta on bitboards, a
 * transposition table and iterative deepening within half the move's time;
 * leaves are scored by corners, X and C squares, mobility and, near the end,
 * discs; the last plies are searched to the end. Speaks protocol/PROTOCOL.md. */
#define _POSIX_C_SOURCE 200809L /* getline, strtok_r, clock_gettime */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Bit 8 * row + col: a1 (top left) is bit 0, h1 bit 7, a2 bit 8. */
#define FILE_A 0x0101010101010101ull
#define FILE_H 0x8080808080808080ull

#define WIN 10000 /* an end won by d discs scores WIN + d */
#define INF 30000

struct game_info {
    char me;
    int movetime, clock, increment;
};

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

static int64_t deadline_ns;
static uint64_t nodes;
static bool stopped;

/* Classic square values: corners good, the X squares diagonal to them and the C
 * squares beside them bad while the corner is empty. */
static const int square_value[64] = {
    100, -20, 10, 5,  5,  10, -20, 100, /* */
    -20, -50, -2, -2, -2, -2, -50, -20, /* */
    10,  -2,  1,  1,  1,  1,  -2,  10,  /* */
    5,   -2,  1,  0,  0,  1,  -2,  5,   /* */
    5,   -2,  1,  0,  0,  1,  -2,  5,   /* */
    10,  -2,  1,  1,  1,  1,  -2,  10,  /* */
    -20, -50, -2, -2, -2, -2, -50, -20, /* */
    100, -20, 10, 5,  5,  10, -20, 100, /* */
};
static const int corners[4] = {0, 7, 56, 63};
static const uint64_t corner_near[4] = {
    0x302ull,
    0xc040ull,
    0x0203000000000000ull,
    0x40c0000000000000ull,
};
/* Squares in search order: by value, best first. */
static int square_order[64];

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static uint64_t shift(uint64_t b, int dir)
{
    switch (dir) {
    case 0: return (b << 1) & ~FILE_A;  /* east */
    case 1: return (b >> 1) & ~FILE_H;  /* west */
    case 2: return b << 8;              /* south */
    case 3: return b >> 8;              /* north */
    case 4: return (b << 9) & ~FILE_A;  /* south-east */
    case 5: return (b << 7) & ~FILE_H;  /* south-west */
    case 6: return (b >> 7) & ~FILE_A;  /* north-east */
    default: return (b >> 9) & ~FILE_H; /* north-west */
    }
}

/* Squares where the side holding `me` may play against `them`. */
static uint64_t moves_of(uint64_t me, uint64_t them)
{
    uint64_t empty = ~(me | them), moves = 0;

    for (int d = 0; d < 8; d++) {
        uint64_t x = shift(me, d) & them;
        for (int i = 0; i < 5; i++)
            x |= shift(x, d) & them;
        moves |= shift(x, d) & empty;
    }
    return moves;
}

/* Discs of `them` that a disc of `me` on sq flips. */
static uint64_t flips_of(uint64_t me, uint64_t them, int sq)
{
    uint64_t flips = 0;

    for (int d = 0; d < 8; d++) {
        uint64_t run = 0, x = shift(1ull << sq, d);
        while (x & them) {
            run |= x;
            x = shift(x, d);
        }
        if (x & me)
            flips |= run;
    }
    return flips;
}

static int popcount(uint64_t b)
{
    return __builtin_popcountll(b);
}

/* The side to move (`me`, with `moves` its moves) against `them`. */
static int evaluate(uint64_t me, uint64_t them, uint64_t moves)
{
    int empties = 64 - popcount(me | them), score = 0;
    uint64_t other = moves_of(them, me);

    for (uint64_t b = me; b; b &= b - 1)
        score += square_value[__builtin_ctzll(b)];
    for (uint64_t b = them; b; b &= b - 1)
        score -= square_value[__builtin_ctzll(b)];
    /* Once a corner is taken its neighbours are ordinary edge squares. */
    for (int i = 0; i < 4; i++) {
        if (!((me | them) & 1ull << corners[i]))
            continue;
        for (uint64_t b = corner_near[i] & (me | them); b; b &= b - 1) {
            int sq = __builtin_ctzll(b);
            score -= (me >> sq & 1 ? 1 : -1) * square_value[sq];
        }
    }
    int mine = popcount(moves), theirs = popcount(other);
    score += 100 * (mine - theirs) / (mine + theirs + 2);
    if (empties <= 16)
        score += (popcount(me) - popcount(them)) * (17 - empties);
    return score;
}

static int final_score(uint64_t me, uint64_t them)
{
    int d = popcount(me) - popcount(them);
    return d > 0 ? WIN + d : d < 0 ? -WIN + d : 0;
}

static uint64_t hash(uint64_t me, uint64_t them)
{
    uint64_t z = me * 0x9e3779b97f4a7c15ull ^ (them + 0x632be59bd9b4e019ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Squares of `moves`, best first: the hint, then by square value. */
static int order_moves(uint64_t moves, int hint, int *out)
{
    int n = 0;

    if (hint >= 0 && moves >> hint & 1)
        out[n++] = hint;
    for (int i = 0; i < 64; i++)
        if (moves >> square_order[i] & 1 && square_order[i] != hint)
            out[n++] = square_order[i];
    return n;
}

static int negamax(uint64_t me, uint64_t them, int depth, int alpha, int beta)
{
    if ((++nodes & 255) == 0 && now_ns() > deadline_ns)
        stopped = true;
    if (stopped)
        return 0;
    uint64_t moves = moves_of(me, them);
    if (!moves) {
        if (!moves_of(them, me))
            return final_score(me, them);
        return -negamax(them, me, depth, -beta, -alpha); /* pass */
    }
    if (depth <= 0)
        return evaluate(me, them, moves);

    uint64_t key = hash(me, them);
    struct tt_entry *e = &tt[key >> (64 - TT_BITS)];
    int hint = -1, alpha0 = alpha;
    if (e->key == key && e->gen == tt_gen) {
        hint = e->move;
        if (e->depth >= depth &&
            (e->flag == TT_EXACT || (e->flag == TT_LOWER && e->score >= beta) ||
             (e->flag == TT_UPPER && e->score <= alpha)))
            return e->score;
    }

    int squares[64], n = order_moves(moves, hint, squares), best = -INF, best_sq = squares[0];
    for (int i = 0; i < n; i++) {
        uint64_t f = flips_of(me, them, squares[i]);
        int v = -negamax(them ^ f, me | f | 1ull << squares[i], depth - 1, -beta, -alpha);
        if (stopped)
            return 0;
        if (v > best) {
            best = v;
            best_sq = squares[i];
        }
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    *e = (struct tt_entry){.key = key,
                           .score = (int16_t)best,
                           .depth = (int8_t)depth,
                           .flag = best <= alpha0 ? TT_UPPER
                                   : best >= beta ? TT_LOWER
                                                  : TT_EXACT,
                           .move = (uint8_t)best_sq,
                           .gen = tt_gen};
    return best;
}

/* The square to play for `me` (which has a move), searched until budget_ns from start_ns. */
static int choose(uint64_t me, uint64_t them, int64_t start_ns, int64_t budget_ns)
{
    int squares[64], n = order_moves(moves_of(me, them), -1, squares), best = squares[0];
    int empties = 64 - popcount(me | them), reached = 0, best_score = 0;

    if (n == 1)
        return best;
    tt_gen++;
    nodes = 0;
    stopped = false;
    deadline_ns = start_ns + budget_ns;
    for (int depth = 1; depth <= empties; depth++) {
        int alpha = -INF, sq = best, score = -INF;
        n = order_moves(moves_of(me, them), best, squares);
        for (int i = 0; i < n; i++) {
            uint64_t f = flips_of(me, them, squares[i]);
            int v = -negamax(them ^ f, me | f | 1ull << squares[i], depth - 1, -INF, -alpha);
            if (stopped)
                break;
            if (v > score) {
                score = v;
                sq = squares[i];
            }
            if (v > alpha)
                alpha = v;
        }
        if (stopped)
            break; /* keep the last complete depth's move */
        best = sq;
        reached = depth;
        best_score = score;
        /* The next depth costs several times this one: do not start what cannot finish. */
        if (now_ns() - start_ns > budget_ns / 3)
            break;
    }
    fprintf(stderr, "move %c%d depth %d score %d nodes %llu ms %lld\n", 'a' + best % 8,
            best / 8 + 1, reached, best_score, (unsigned long long)nodes,
            (long long)((now_ns() - start_ns) / 1000000));
    return best;
}

/* Reads a board "[--------,...]" (8 rows of 8, top first) as `me`'s discs and the other's. */
static bool board_parse(const char *text, char me, uint64_t *mine, uint64_t *theirs)
{
    *mine = *theirs = 0;
    if (!text || strlen(text) != 2 + 8 * 8 + 7 || text[0] != '[')
        return false;
    for (int sq = 0; sq < 64; sq++) {
        char c = text[1 + sq / 8 * 9 + sq % 8];
        if (c == me)
            *mine |= 1ull << sq;
        else if (c == 'x' || c == 'o')
            *theirs |= 1ull << sq;
        else if (c != '-')
            return false;
    }
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
    }
}

static void square_order_init(void)
{
    for (int i = 0; i < 64; i++) {
        int j = i;
        for (; j > 0 && square_value[square_order[j - 1]] < square_value[i]; j--)
            square_order[j] = square_order[j - 1];
        square_order[j] = i;
    }
}

int main(void)
{
    struct game_info g = {.me = 'x'};
    char *line = NULL;
    size_t cap = 0;

    square_order_init();
    /* Touch the table now, where the first move's limit covers start-up: its
     * page faults would otherwise come in the middle of the first searches. */
    memset(tt, 0, sizeof(tt));
    while (getline(&line, &cap, stdin) != -1) {
        int64_t start = now_ns();
        char *save, *kind = strtok_r(line, " \r\n", &save), *key;
        char *board = NULL, *legal[65];
        int nlegal = 0, time_ms = 1000;
        uint64_t me, them;

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
        while (nlegal < 65 && (key = strtok_r(NULL, " \r\n", &save)))
            legal[nlegal++] = key;

        /* A lone legal move (pass included) needs no thought. */
        const char *answer = nlegal ? legal[0] : "resign";
        if (nlegal > 1 && board_parse(board, g.me, &me, &them) && moves_of(me, them)) {
            int sq = choose(me, them, start, budget_ns(time_ms, &g));
            char text[16];
            snprintf(text, sizeof(text), "%c%d", 'a' + sq % 8, sq / 8 + 1);
            for (int i = 0; i < nlegal; i++)
                if (strcmp(legal[i], text) == 0)
                    answer = legal[i];
        }
        puts(answer);
        fflush(stdout);
    }
    free(line);
    return 0;
}
