/* test_sha256.c: sha256.c against FIPS 180-4's known answers, fed whole and
 * in pieces of every size across a block's edge. */
#include "sha256.h"

#include <criterion/criterion.h>
#include <string.h>

static void digest_of(const void *data, size_t n, char hex[SHA256_HEX])
{
    struct sha256 s;
    unsigned char d[SHA256_BYTES];
    sha256_init(&s);
    sha256_update(&s, data, n);
    sha256_final(&s, d);
    sha256_hex(d, hex);
}

Test(sha256, gives_the_known_answers, .timeout = 10)
{
    static const char *const cases[][2] = {
        {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
        {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
        {"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqr"
         "lmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"},
    };
    char hex[SHA256_HEX];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        digest_of(cases[i][0], strlen(cases[i][0]), hex);
        cr_expect_str_eq(hex, cases[i][1], "'%s'", cases[i][0]);
    }
}

Test(sha256, a_million_as_fed_in_pieces_of_every_size_give_one_digest, .timeout = 30)
{
    static char a[1000000];
    memset(a, 'a', sizeof(a));
    for (size_t piece = 1; piece <= 130; piece++) {
        struct sha256 s;
        unsigned char d[SHA256_BYTES];
        char hex[SHA256_HEX];
        sha256_init(&s);
        for (size_t at = 0; at < sizeof(a); at += piece)
            sha256_update(&s, a + at, sizeof(a) - at < piece ? sizeof(a) - at : piece);
        sha256_final(&s, d);
        sha256_hex(d, hex);
        cr_expect_str_eq(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
                         "pieces of %zu bytes", piece);
    }
    /* The lengths where the padding takes one more block, as coreutils'
     * sha256sum gives them. */
    static const struct {
        size_t n;
        const char *hex;
    } edges[] = {
        {55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"},
        {56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"},
        {63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"},
        {64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"},
        {119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"},
        {120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"},
    };
    for (size_t i = 0; i < sizeof(edges) / sizeof(edges[0]); i++) {
        char hex[SHA256_HEX];
        digest_of(a, edges[i].n, hex);
        cr_expect_str_eq(hex, edges[i].hex, "%zu bytes of 'a'", edges[i].n);
    }
    /* Every length across the padding's edges, fed in two pieces. */
    for (size_t n = 50; n <= 130; n++) {
        char whole[SHA256_HEX], split[SHA256_HEX];
        struct sha256 s;
        unsigned char d[SHA256_BYTES];
        digest_of(a, n, whole);
        sha256_init(&s);
        sha256_update(&s, a, n / 3);
        sha256_update(&s, a, n - n / 3);
        sha256_final(&s, d);
        sha256_hex(d, split);
        cr_expect_str_eq(whole, split, "%zu bytes", n);
    }
}
