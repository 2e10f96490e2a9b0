/* inorder.c: the in-order hand-over of finished games, with recycled slots. */
#include "inorder.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void inorder_init(struct inorder *q, long count, const struct gameset *skip)
{
    *q = (struct inorder){.skip = skip, .count = count};
}

static void free_list(struct inorder_slot *s)
{
    while (s) {
        struct inorder_slot *next = s->next;
        free(s);
        s = next;
    }
}

void inorder_release(struct inorder *q)
{
    free_list(q->waiting);
    free_list(q->spare);
    q->waiting = q->spare = NULL;
}

struct inorder_slot *inorder_take(struct inorder *q)
{
    struct inorder_slot *s = q->spare;

    if (s) {
        q->spare = s->next;
        memset(s, 0, sizeof(*s));
    } else if (!(s = calloc(1, sizeof(*s)))) {
        return NULL;
    }
    q->held++;
    return s;
}

void inorder_give_back(struct inorder *q, struct inorder_slot *s)
{
    s->next = q->spare;
    q->spare = s;
    q->held--;
}

static bool is_skipped(const struct inorder *q, long index)
{
    return q->skip && gameset_has(q->skip, index);
}

int inorder_put(struct inorder *q, long index, struct inorder_slot *s)
{
    struct inorder_slot **at = &q->waiting;

    if (index < q->next || index >= q->count || is_skipped(q, index))
        return -EPROTO;
    while (*at && (*at)->index < index)
        at = &(*at)->next;
    if (*at && (*at)->index == index)
        return -EPROTO;
    s->index = index;
    s->next = *at;
    *at = s;
    return 0;
}

struct inorder_slot *inorder_pop(struct inorder *q)
{
    while (q->next < q->count && is_skipped(q, q->next))
        q->next++;
    struct inorder_slot *w = q->waiting;
    if (!w || w->index != q->next)
        return NULL;
    q->waiting = w->next;
    q->next++;
    return w;
}

bool inorder_is_done(const struct inorder *q)
{
    long i = q->next;
    while (i < q->count && is_skipped(q, i))
        i++;
    return i >= q->count;
}
