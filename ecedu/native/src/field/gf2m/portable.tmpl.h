/*
 * portable.tmpl.h -- TEMPLATE (field/gf2m): GF(2^m) arithmetic in plain C on
 * 64-bit words in general-purpose registers, for CPUs without PCLMULQDQ.
 * Constant time: no table, no branch or index that depends on the operands.
 * Part of the field template, see field.tmpl.h.
 */

/* ---------------------------------------------------------------------
 * 64 x 64 -> 128-bit carry-less multiplication.
 * --------------------------------------------------------------------- */
/*
 * Portable, constant-time carry-less multiply by integer multiplication
 * "with holes" (the idea of BearSSL's ghash_ctmul64, generalised to a
 * 128-bit product): split a and b into 5 interleaved classes of bits
 * (bit positions congruent to r mod 5).  The integer product of two classes
 * has at most 13 terms at each bit position, so each column sum (< 16) fits
 * in 4 bits and never carries into the next position of the same class:
 * masking keeps exactly the carry-less product bits.  25 multiplications
 * 64x64->128, no table, no branch.
 */
GF_HOT void FN(clmul64)(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi) {
    const uint64_t m0 = 0x1084210842108421ULL; /* bits 0,5,10,...,60 */
    uint64_t ma[5], mb[5];
    unsigned __int128 z[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < 5; i++) {
        ma[i] = a & (m0 << i);
        mb[i] = b & (m0 << i);
    }
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++)
            z[(i + j) % 5] ^= (unsigned __int128)ma[i] * mb[j];
    uint64_t l = 0, h = 0;
    for (int r = 0; r < 5; r++) {
        /* positions p = r (mod 5): low word uses m0 << r, high word
         * (p = 64 + t) needs t = r + 1 (mod 5). */
        l |= (uint64_t)z[r] & (m0 << r);
        h |= (uint64_t)(z[r] >> 64) & (m0 << ((r + 1) % 5));
    }
    *lo = l;
    *hi = h;
}


/* ---------------------------------------------------------------------
 * Reduction modulo f (HMV section 2.3.5, word-at-a-time): fold each word
 * above the m-th bit down, using z^m = sum of z^k over the low terms k.
 * Valid because m - k > 64 for every term k of our seven polynomials, so a
 * fold never lands in the word being folded.
 * --------------------------------------------------------------------- */
GF_HOT void FN(fold)(uint64_t *c, uint64_t t, int d) {
    int w = d >> 6, s = d & 63;
    c[w] ^= t << s;
    if (s) c[w + 1] ^= t >> (64 - s); /* s depends on m only */
}

/* r = c mod f, where c has 2*NW words (c is destroyed). */
GF_HOT void FN(reduce)(uint64_t *r, uint64_t *c) {
#pragma GCC unroll 20
    for (int i = 2 * GF_NW - 1; i >= GF_NW; i--) {
        uint64_t t = c[i];
#pragma GCC unroll 4
        for (int j = 0; j < GF_NRED; j++) FN(fold)(c, t, 64 * i - GF_M + FN(red_terms)[j]);
    }
    if (GF_M % 64) {
        uint64_t t = c[GF_NW - 1] >> (GF_M % 64);
        c[GF_NW - 1] &= (1ULL << (GF_M % 64)) - 1;
#pragma GCC unroll 4
        for (int j = 0; j < GF_NRED; j++) FN(fold)(c, t, FN(red_terms)[j]);
    }
    for (int i = 0; i < GF_NW; i++) r[i] = c[i];
}

/* Multiplication: the same one-level multi-way Karatsuba as the PCLMUL path's GV_FN(vmul_ka)
 * (field/gf2m/lanes.tmpl.h; for seven and nine words that path splits into blocks first), on 64-bit words. */
GF_HOT void FN(mul_unreduced)(uint64_t *c, const uint64_t *a, const uint64_t *b) {
    uint64_t dl[GF_NW], dh[GF_NW];
    for (int i = 0; i < 2 * GF_NW; i++) c[i] = 0;
#pragma GCC unroll 10
    for (int i = 0; i < GF_NW; i++) {
        FN(clmul64)(a[i], b[i], &dl[i], &dh[i]);
        c[2 * i] ^= dl[i];
        c[2 * i + 1] ^= dh[i];
    }
#pragma GCC unroll 10
    for (int i = 0; i < GF_NW; i++) {
#pragma GCC unroll 10
        for (int j = i + 1; j < GF_NW; j++) {
            uint64_t l, h;
            FN(clmul64)(a[i] ^ a[j], b[i] ^ b[j], &l, &h);
            c[i + j] ^= l ^ dl[i] ^ dl[j];
            c[i + j + 1] ^= h ^ dh[i] ^ dh[j];
        }
    }
}

/* r = a * b mod f.  r may alias a or b. */
GF_HOT void FN(mul)(uint64_t *r, const uint64_t *a, const uint64_t *b) {
    uint64_t c[2 * GF_NW];
    FN(mul_unreduced)(c, a, b);
    FN(reduce)(r, c);
}

/* Squaring is linear over GF(2): a^2 = sum a_i z^(2i) (HMV 2.3.4).
 * Insert a 0 bit after each of the 32 bits of x (no table, constant time). */
GF_HOT uint64_t FN(spread32)(uint64_t x) {
    x &= 0xFFFFFFFFULL;
    x = (x | (x << 16)) & 0x0000FFFF0000FFFFULL;
    x = (x | (x << 8)) & 0x00FF00FF00FF00FFULL;
    x = (x | (x << 4)) & 0x0F0F0F0F0F0F0F0FULL;
    x = (x | (x << 2)) & 0x3333333333333333ULL;
    x = (x | (x << 1)) & 0x5555555555555555ULL;
    return x;
}
GF_HOT void FN(sqr_spread)(uint64_t *c, const uint64_t *a) {
    for (int i = 0; i < GF_NW; i++) {
        c[2 * i] = FN(spread32)(a[i]);
        c[2 * i + 1] = FN(spread32)(a[i] >> 32);
    }
}

/* r = a^2 mod f.  r may alias a. */
GF_HOT void FN(sqr)(uint64_t *r, const uint64_t *a) {
    uint64_t c[2 * GF_NW];
    FN(sqr_spread)(c, a);
    FN(reduce)(r, c);
}

/* r = a b + c d and r = a b + s^2 mod f with one reduction (reduction is
 * GF(2)-linear, HMV 2.3.5; as in clmul128.tmpl.h).  r may alias any input. */
GF_HOT void FN(mul_add)(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *c, const uint64_t *d) {
    uint64_t p[2 * GF_NW], q[2 * GF_NW];
    FN(mul_unreduced)(p, a, b);
    FN(mul_unreduced)(q, c, d);
    for (int i = 0; i < 2 * GF_NW; i++) p[i] ^= q[i];
    FN(reduce)(r, p);
}

GF_HOT void FN(mul_add_sqr)(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *s) {
    uint64_t p[2 * GF_NW], q[2 * GF_NW];
    FN(mul_unreduced)(p, a, b);
    FN(sqr_spread)(q, s);
    for (int i = 0; i < 2 * GF_NW; i++) p[i] ^= q[i];
    FN(reduce)(r, p);
}

/* The lazy forms of the PCLMULQDQ levels (clmul128.tmpl.h), which the ladder calls on every level:
 * here the reduced operations, whose results meet their contract (below z^(64 NW), congruent). */
GF_HOT void FN(mul_lazy)(uint64_t *r, const uint64_t *a, const uint64_t *b) { FN(mul)(r, a, b); }

GF_HOT void FN(sqr_lazy)(uint64_t *r, const uint64_t *a) { FN(sqr)(r, a); }

GF_HOT void FN(mul_add_lazy)(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *c,
                             const uint64_t *d) {
    FN(mul_add)(r, a, b, c, d);
}

GF_HOT void FN(mul_add_sqr_lazy)(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *s) {
    FN(mul_add_sqr)(r, a, b, s);
}

/* r = a^(2^n), n >= 0 (public). */
static inline void FN(sqr_n)(uint64_t *r, const uint64_t *a, int n) {
    for (int i = 0; i < GF_NW; i++) r[i] = a[i];
    for (int i = 0; i < n; i++) FN(sqr)(r, r);
}

/* a, b, c = a^(2^n), b^(2^n), c^(2^n) (as in the PCLMUL path). */
static inline void FN(sqr_n3)(uint64_t *a, uint64_t *b, uint64_t *c, int n) {
    for (int i = 0; i < n; i++) {
        FN(sqr)(a, a);
        FN(sqr)(b, b);
        FN(sqr)(c, c);
    }
}
