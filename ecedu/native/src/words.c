/*
 * words.c -- big-endian byte strings (the API's format) <-> little-endian
 * 64-bit words (the arithmetic's), for every unit of the library.
 */
#include <string.h>
#include "internal.h"

/* Word i of a big-endian string holds its bytes len-8i-8 .. len-8i-1: one
 * 64-bit load and a byte swap where all eight exist, byte by byte at the
 * short front end.  Loops and branches depend on the lengths only. */
static uint64_t be_word(const uint8_t *in, size_t len, int i) {
    if (8 * (size_t)i >= len) return 0;
    const size_t end = len - 8 * (size_t)i; /* one past the word's last byte */
    uint64_t v = 0;
    if (end >= 8) {
        memcpy(&v, in + end - 8, 8);
        return __builtin_bswap64(v);
    }
    for (size_t j = 0; j < end; j++) v = (v << 8) | in[j];
    return v;
}

int ecedu_bytes_to_words(uint64_t *w, int nw, const uint8_t *in, size_t len) {
    uint8_t extra = 0;
    for (int i = 0; i < nw; i++) w[i] = be_word(in, len, i);
    for (size_t j = 0; j + 8 * (size_t)nw < len; j++) extra |= in[j]; /* bytes above nw words */
    return extra ? -1 : 0; /* public: only lengths are public here, callers pass lengths that fit */
}

void ecedu_words_to_bytes(uint8_t *out, size_t len, const uint64_t *w, int nw) {
    for (size_t i = 0; 8 * i < len; i++) {
        const size_t end = len - 8 * i;
        const uint64_t v = i < (size_t)nw ? w[i] : 0;
        if (end >= 8) {
            const uint64_t be = __builtin_bswap64(v);
            memcpy(out + end - 8, &be, 8);
        } else {
            for (size_t j = 0; j < end; j++) out[j] = (uint8_t)(v >> (8 * (end - 1 - j)));
        }
    }
}
