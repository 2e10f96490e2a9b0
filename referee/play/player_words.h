/* player_words.h: the words of a bot's fouls that code once told apart by
 * reading them, written once here. Code decides on enum foul_detail
 * (record.h), never on these, so they may be reworded freely: the tests link
 * other words into a referee of their own (tests/reworded/) to show it. */
#ifndef REFEREE_PLAYER_WORDS_H
#define REFEREE_PLAYER_WORDS_H

struct player_words {
    const char *silent;  /* a timeout without a byte written (DETAIL_SILENT), whole */
    const char *bare_cr; /* after "timeout (N ms over M ms)": its line ended by CR alone */
    const char *flooded; /* more lines for its log than allowed (DETAIL_FLOOD), before
                          * " (N lines)", " after its reply" or " between turns" */
    const char *unasked; /* output when not asked: before a quoted reply written before
                          * its turn was read (DETAIL_BEFORE_TURN), " (a line too long)", or
                          * alone */
};

/* The words player.c writes its fouls' reasons with. */
extern const struct player_words player_words;

#endif
