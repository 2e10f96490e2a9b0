/* flush.h: how a bot flushes a line in its language, guessed from its command:
 * one table (protocol/PROTOCOL.md's "Flushing"), for the console's hint after a
 * silent timeout and for doctor's checklist alike. Pure. */
#ifndef REFEREE_FLUSH_H
#define REFEREE_FLUSH_H

/* The line that says how to flush for the language of the command argv (its
 * program, or the script its interpreter runs: the first two words), e.g.
 * "Perl: $| = 1; at the start"; for a language it cannot tell, the compiled
 * languages' lines. argv is NULL-terminated and may be empty. The string is
 * static. */
const char *flush_hint(char *const *argv);

#endif
