/* test_inorder.c: the in-order hand-over's contract: whatever order games are
 * put in, they come out in game order, skipped ones stepped over; a record not
 * awaited is refused; slots are recycled, so memory stays flat. */
#include "inorder.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <stdlib.h>

/* Put every index of 0..n-1 not in skip in a shuffled order, popping what is
 * ready after each put; the pops must come in increasing order, each once. */
static void shuffle_and_check(long n, const struct gameset *skip, unsigned seed)
{
    struct inorder q;
    long *order = malloc((size_t)n * sizeof(*order)), m = 0, popped = 0, last = -1;

    inorder_init(&q, n, skip);
    for (long i = 0; i < n; i++)
        if (!skip || !gameset_has(skip, i))
            order[m++] = i;
    srand(seed);
    for (long i = m - 1; i > 0; i--) {
        long j = rand() % (i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    long held_peak = 0;
    for (long k = 0; k < m; k++) {
        struct inorder_slot *s = inorder_take(&q);
        cr_assert_not_null(s);
        s->rec.id = (int)order[k] + 1;
        cr_assert_eq(inorder_put(&q, order[k], s), 0, "index %ld", order[k]);
        if (q.held > held_peak)
            held_peak = q.held;
        while ((s = inorder_pop(&q)) != NULL) {
            cr_assert_gt(s->index, last, "in order");
            cr_assert_eq(s->rec.id, s->index + 1, "the record put with it");
            last = s->index;
            popped++;
            inorder_give_back(&q, s);
        }
    }
    cr_assert_eq(popped, m);
    cr_assert(inorder_is_done(&q));
    cr_assert_eq(q.held, 0);
    inorder_release(&q);
    free(order);
}

Test(inorder, hands_over_in_game_order_whatever_order_games_finish_in, .timeout = 10)
{
    for (unsigned seed = 1; seed <= 20; seed++)
        shuffle_and_check(500, NULL, seed);
}

Test(inorder, steps_over_skipped_games, .timeout = 10)
{
    struct gameset skip;
    cr_assert_eq(gameset_init(&skip, 300), 0);
    for (long i = 0; i < 300; i++)
        if (i % 3 != 1 || i == 0 || i == 299)
            gameset_add(&skip, i);
    for (unsigned seed = 1; seed <= 10; seed++)
        shuffle_and_check(300, &skip, seed);
    gameset_free(&skip);
}

Test(inorder, refuses_a_record_it_does_not_await, .timeout = 10)
{
    struct inorder q;
    struct gameset skip;
    cr_assert_eq(gameset_init(&skip, 10), 0);
    gameset_add(&skip, 5);
    inorder_init(&q, 10, &skip);

    struct inorder_slot *a = inorder_take(&q), *b = inorder_take(&q);
    cr_assert_eq(inorder_put(&q, 5, a), -EPROTO, "a skipped game");
    cr_assert_eq(inorder_put(&q, 10, a), -EPROTO, "beyond the run");
    cr_assert_eq(inorder_put(&q, -1, a), -EPROTO, "before the run");
    cr_assert_eq(inorder_put(&q, 0, a), 0);
    cr_assert_eq(inorder_put(&q, 0, b), -EPROTO, "twice");
    cr_assert_eq(inorder_pop(&q), a);
    inorder_give_back(&q, a);
    cr_assert_eq(inorder_put(&q, 0, b), -EPROTO, "already handed over");
    cr_assert_null(inorder_pop(&q), "game 1 is not there yet");
    cr_assert_not(inorder_is_done(&q));
    inorder_give_back(&q, b);
    inorder_release(&q);
    gameset_free(&skip);
}

Test(inorder, recycles_slots_so_memory_stays_flat, .timeout = 10)
{
    struct inorder q;
    inorder_init(&q, 100000, NULL);
    struct inorder_slot *first = NULL;
    for (long i = 0; i < 100000; i++) {
        struct inorder_slot *s = inorder_take(&q);
        if (!first)
            first = s;
        cr_assert_eq(s, first, "game %ld reuses the one slot", i);
        cr_assert_eq(s->rec.id, 0, "cleared");
        s->rec.id = 7;
        cr_assert_eq(inorder_put(&q, i, s), 0);
        cr_assert_eq(inorder_pop(&q), s);
        inorder_give_back(&q, s);
    }
    cr_assert(inorder_is_done(&q));
    inorder_release(&q);
    inorder_release(&q); /* safe twice */
}
