/*
 * radix.h -- conversion between saturated 64-bit limbs and UNSATURATED limbs of
 * r < 64 bits (radix 2^r), and the constant-time "x < p" test on saturated limbs:
 * the byte interface of the unsaturated fields (fe_p224_unsat.h, fe_p521_unsat.h)
 * goes bytes <-> 64-bit words (words.c) <-> radix 2^r.  The loops run over public
 * sizes only.
 */
#ifndef ECEDU_GFP_RADIX_H
#define ECEDU_GFP_RADIX_H
#include <stdint.h>

/* out[0..nout) = the radix-2^r digits of the value in[0..nin) (64-bit limbs);
 * bits beyond r nout are dropped (the callers pass values that fit). */
static inline void ecedu_radix_from64(uint64_t *out, int nout, int r, const uint64_t *in, int nin) {
    for (int i = 0; i < nout; i++) {
        const int bit = r * i, w = bit / 64, off = bit % 64;
        uint64_t lo = w < nin ? in[w] >> off : 0;
        uint64_t hi = (off > 64 - r && w + 1 < nin) ? in[w + 1] << (64 - off) : 0;
        out[i] = (lo | hi) & ((1ULL << r) - 1);
    }
}

/* out[0..nout) (64-bit limbs) = the value of the digits in[0..nin), each < 2^r. */
static inline void ecedu_radix_to64(uint64_t *out, int nout, int r, const uint64_t *in, int nin) {
    memset(out, 0, (size_t)nout * sizeof *out);
    for (int i = 0; i < nin; i++) {
        const int bit = r * i, w = bit / 64, off = bit % 64;
        if (w < nout) out[w] |= in[i] << off;
        if (off > 64 - r && w + 1 < nout) out[w + 1] |= in[i] >> (64 - off);
    }
}

/* all-ones if the n-limb a < b, else 0 (the borrow of a - b, no branch). */
static inline uint64_t ecedu_limbs_less_than(const uint64_t *a, const uint64_t *b, int n) {
    uint64_t borrow = 0;
    for (int i = 0; i < n; i++) {
        unsigned __int128 x = (unsigned __int128)a[i] - b[i] - borrow;
        borrow = (uint64_t)(x >> 64) & 1;
    }
    return 0 - borrow;
}
#endif
