/* version.h: referee's version, as the build found it (scripts/version.cmake):
 * "0.1.0 (4646980c1a)", with git's description of the tree where there is one. */
#ifndef REFEREE_VERSION_H
#define REFEREE_VERSION_H

extern const char referee_version[];

#endif
