/* cmd.c: every command in one table, as tmux's cmd.c lists its cmd_entry
 * structs: main.c picks from it, and `referee --help` lists it in this order. */
#include "cmd.h"

#include <stddef.h>

const struct cmd_entry *const cmd_table[] = {
    &cmd_replay_entry,    &cmd_match_entry,  &cmd_tournament_entry, &cmd_league_entry,
    &cmd_standings_entry, &cmd_report_entry, &cmd_doctor_entry,     &cmd_play_entry,
    &cmd_check_entry,     &cmd_sprt_entry,   &cmd_perft_entry,      NULL,
};
