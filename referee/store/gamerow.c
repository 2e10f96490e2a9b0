/* gamerow.c: a finished game's rows, as text. Numbers are written by hand,
 * not with printf: a game has dozens of them, and a move a few. */
#include "gamerow.h"
#include "decimal.h"
#include "notation.h"

#include <string.h>
#include <time.h>

const bool gamerow_games_plain[GC_COUNT] = {
    [GC_GAME_ID] = true,
    [GC_PAIRING_ID] = true,
    [GC_OPENING_ID] = true,
    [GC_SEED] = true,
    [GC_BOT_SEED] = true,
    [GC_FIRST_MARK] = true,
    [GC_SECOND_MARK] = true,
    [GC_RESULT] = true,
    [GC_WINNER_MARK] = true,
    [GC_END] = true,
    [GC_FOUL] = true,
    [GC_PLIES] = true,
    [GC_OPENING_PLIES] = true,
    [GC_START_UTC] = true,
    [GC_DURATION_MS] = true,
    [GC_FIRST_MS] = true,
    [GC_SECOND_MS] = true,
    [GC_FIRST_MOVES] = true,
    [GC_SECOND_MOVES] = true,
    [GC_FIRST_MAX_MS] = true,
    [GC_SECOND_MAX_MS] = true,
    [GC_FIRST_RESTARTS] = true,
    [GC_SECOND_RESTARTS] = true,
    [GC_EARLY_DRAW] = true,
};
const bool gamerow_moves_plain[MC_COUNT] = {
    [MC_GAME_ID] = true, [MC_PLY] = true, [MC_MARK] = true,
    [MC_MOVE] = true,    [MC_MS] = true,  [MC_OPENING] = true,
};

/* Texts are appended to a buffer, each ending in its NUL. */
struct sink {
    char *at;
};

/* The text the writer wrote at o, ended with its NUL. */
static const char *ended(struct sink *o, size_t n)
{
    const char *start = o->at;
    o->at += n;
    *o->at++ = '\0';
    return start;
}

static const char *put_uint(struct sink *o, unsigned long long u)
{
    return ended(o, decimal_uint(o->at, u));
}

static const char *put_int(struct sink *o, long long v)
{
    return ended(o, decimal_int(o->at, v));
}

static const char *put_ms(struct sink *o, long long us)
{
    return ended(o, decimal_ms(o->at, us));
}

static const char *put_mark(struct sink *o, const struct game_def *def, int side)
{
    char *start = o->at;
    if (side < 2)
        *o->at++ = def->marks[side];
    *o->at++ = '\0';
    return start;
}

/* "2026-11-25T15:35:17.123Z"; the seconds' text is kept from the last call. */
static const char *put_utc(struct sink *o, struct game_texts *t, int64_t unix_ms)
{
    int64_t second = unix_ms / 1000;
    if (second != t->utc_second) {
        time_t tt = (time_t)second;
        struct tm tm;
        gmtime_r(&tt, &tm);
        strftime(t->utc_text, sizeof(t->utc_text), "%Y-%m-%dT%H:%M:%S", &tm);
        t->utc_second = second;
    }
    size_t n = strlen(t->utc_text);
    unsigned ms = (unsigned)(unix_ms % 1000);
    memcpy(o->at, t->utc_text, n);
    o->at[n++] = '.';
    o->at[n++] = (char)('0' + ms / 100);
    o->at[n++] = (char)('0' + ms / 10 % 10);
    o->at[n++] = (char)('0' + ms % 10);
    o->at[n++] = 'Z';
    return ended(o, n);
}

void gamerow_game(const struct game_record *rec, struct game_texts *t)
{
    const struct game_state *s = &rec->state;
    const struct game_def *def = game_def_of(s);
    struct sink o = {t->buf};
    const char **x = t->text;
    int nmoves[2];
    int64_t total_us[2];
    int32_t max_us[2];

    record_tally(rec, nmoves, total_us, max_us);
    x[GC_GAME_ID] = put_int(&o, rec->id);
    x[GC_PAIRING_ID] = put_int(&o, rec->pairing);
    x[GC_OPENING_ID] = put_int(&o, rec->opening_id);
    x[GC_SEED] = put_uint(&o, rec->seed);
    x[GC_BOT_SEED] = put_uint(&o, rec->bot_seed);
    x[GC_GAME] = def->name;
    x[GC_FIRST] = rec->bots[0];
    x[GC_SECOND] = rec->bots[1];
    x[GC_FIRST_MARK] = put_mark(&o, def, SIDE_FIRST);
    x[GC_SECOND_MARK] = put_mark(&o, def, SIDE_SECOND);
    x[GC_RESULT] = game_result_text(s);
    x[GC_WINNER] = s->winner < 2 ? rec->bots[s->winner] : "";
    x[GC_WINNER_MARK] = put_mark(&o, def, s->winner);
    x[GC_END] = end_name((enum end)s->end);
    x[GC_FOUL] = foul_name((enum foul)s->foul);
    x[GC_FOUL_BY] = rec->foul_side < 2 ? rec->bots[rec->foul_side] : "";
    x[GC_REASON] = rec->reason;
    x[GC_PLIES] = put_int(&o, s->plies);
    x[GC_OPENING_PLIES] = put_int(&o, rec->opening_plies);
    x[GC_START_UTC] = put_utc(&o, t, rec->start_unix_ms);
    x[GC_DURATION_MS] = put_ms(&o, rec->duration_us);
    x[GC_FIRST_MS] = put_ms(&o, rec->used_us[0]);
    x[GC_SECOND_MS] = put_ms(&o, rec->used_us[1]);
    x[GC_FIRST_MOVES] = put_int(&o, nmoves[0]);
    x[GC_SECOND_MOVES] = put_int(&o, nmoves[1]);
    x[GC_FIRST_MAX_MS] = put_ms(&o, max_us[0]);
    x[GC_SECOND_MAX_MS] = put_ms(&o, max_us[1]);
    x[GC_FIRST_RESTARTS] = put_int(&o, rec->restarts[0]);
    x[GC_SECOND_RESTARTS] = put_int(&o, rec->restarts[1]);
    x[GC_EARLY_DRAW] = s->early_draw ? "1" : "0";
    x[GC_MOVES] = notation_format_history(s, o.at, sizeof(t->buf) - (size_t)(o.at - t->buf));
}

void gamerow_move(const struct game_record *rec, int i, struct move_texts *t)
{
    const struct game_state *s = &rec->state;
    const struct game_def *def = game_def_of(s);
    struct action a = s->history[i];
    struct sink o = {t->buf};
    const char **x = t->text;

    x[MC_GAME_ID] = put_int(&o, rec->id);
    x[MC_PLY] = put_int(&o, i + 1);
    x[MC_MARK] = put_mark(&o, def, a.side);
    x[MC_BOT] = a.side < 2 ? rec->bots[a.side] : "";
    x[MC_MOVE] = ended(&o, notation_put_move(def, a, false, o.at));
    x[MC_MS] = rec->move_us[i] >= 0 ? put_ms(&o, rec->move_us[i]) : "";
    x[MC_OPENING] = i < rec->opening_plies ? "1" : "0";
}
