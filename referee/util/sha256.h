/* sha256.h: SHA-256 (FIPS 180-4), written out here rather than taken from a
 * library: a league binds an entry to the digests of its program's files, and
 * a contestant who controls a file must not be able to make another with the
 * same digest. Pure: no I/O. */
#ifndef REFEREE_SHA256_H
#define REFEREE_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_BYTES 32
#define SHA256_HEX   (2 * SHA256_BYTES + 1) /* hex digits and the NUL */

/* A digest under way: set up by sha256_init, fed by sha256_update. */
struct sha256 {
    uint32_t h[8];
    uint64_t bytes; /* fed so far */
    unsigned char block[64];
    size_t used; /* bytes of block filled */
};

/* Start a digest in *s. */
void sha256_init(struct sha256 *s);

/* Feed n bytes of data into *s. */
void sha256_update(struct sha256 *s, const void *data, size_t n);

/* Finish *s and put its digest in out (SHA256_BYTES); *s is spent. */
void sha256_final(struct sha256 *s, unsigned char out[SHA256_BYTES]);

/* A digest as lowercase hex into out (SHA256_HEX bytes, NUL included). */
void sha256_hex(const unsigned char digest[SHA256_BYTES], char out[SHA256_HEX]);

#endif
