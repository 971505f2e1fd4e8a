/*
 * fe_p224_unsat.h -- GF(p), p = 2^224 - 2^96 + 1 (FIPS 186-4 D.1.2.2), in four
 * UNSATURATED 56-bit limbs with 128-bit products: the representation of
 * OpenSSL's ec_nistp_64_gcc_128 for P-224 (seed 004, the Ubuntu request to
 * enable it), written from the idea, not from that code.  fe interface prefix
 * p224u (field/gfp/README.md).
 *
 * Representation: v = v0 + v1 2^56 + v2 2^112 + v3 2^168.  Every function
 * accepts and returns a LOOSE element: each limb in [0, 2^57), v = x (mod p) but
 * not necessarily < p (v < 2^225); to_bytes and is_zero reduce it fully.  mul
 * and sqr even return NORMAL elements (limbs < 2^56, v < 2^224 < 2p), a subset.
 * Why 56 bits: a product of two limbs has < 114 bits, and a column of the 4x4
 * schoolbook product adds 4 of them: < 2^116, room in 128 bits for the carries
 * to be DELAYED -- the columns are summed with no carry at all and carried once
 * at the end (a saturated product carries after every word product).
 *
 * Reduction: 2^224 = 2^96 - 1 (mod p).  A limb s_k at 2^(56k), k >= 4, is
 *   s_k 2^(56(k-4)) (2^96 - 1) = (s_k mod 2^16) 2^40 at limb k-3  +  (s_k >> 16) at
 *   limb k-2  -  s_k at limb k-4          (96 = 56 + 40 and 40 + 16 = 56),
 * done from k = 7 down to 4 (k-2 >= 4 is folded later), in int64_t.
 * Normalisation (p224u_normalize) of signed limbs |s_i| < 2^62: a carry pass
 * (arithmetic shifts: floor) leaves limbs in [0, 2^56) and a carry c out of the
 * top, |c| <= 2^6, folded back as +c 2^96 - c; the value is then in
 * (-2^103, 2^224 + 2^103), so the second pass carries c' in {-1, 0, 1}; folded
 * again, the value lies in [0, 2^224) (c' = 1: the rest was < 2^103; c' = -1:
 * it was > 2^224 - 2^103), and the third pass carries nothing.
 *
 * Addition and subtraction are LAZY (p224u_weak_reduce): one fold of the top
 * carry and one carry pass, no full normalisation: the sum of two loose
 * elements, or a - b + 4p in limbs (P224U_4P), has limbs in [0, 2^59), and the
 * weak reduction brings that back to loose (the bounds at the function).  A
 * chain of any number of add/sub/neg therefore stays loose, and every loose
 * value is a valid input of mul (bounds at p224u_columns_reduce).
 */
#include "field/gfp/radix.h"

typedef struct { uint64_t v[4]; } p224u_fe;
enum { P224U_BYTES = 28 };

#define P224U_M56 ((1ULL << 56) - 1)
/* p in 56-bit limbs, and p as 64-bit words (for the byte interface and inv) */
static const uint64_t P224U_P[4] = {1, (1ULL << 56) - (1ULL << 40), P224U_M56, P224U_M56};
static const uint64_t P224U_P64[4] = {1, 0xffffffff00000000ULL, ~0ULL, 0xffffffffULL};
static const uint64_t P224U_PM2_64[4] = {~0ULL, 0xfffffffeffffffffULL, ~0ULL, 0xffffffffULL};
/* 4p in limbs, each >= 2^58 - 2^42 - 4 > 2^57 (above every loose limb) and < 2^58 + 8:
 * 4p = (4, 2^58 - 2^42, 2^58 - 4, 2^58 - 4) with 4 x 2^56 borrowed from limb 1 into
 * limb 0: (2^58 + 4, 2^58 - 2^42 - 4, 2^58 - 4, 2^58 - 4).  sub adds it. */
static const int64_t P224U_4P[4] = {
    ((int64_t)1 << 58) + 4, ((int64_t)1 << 58) - ((int64_t)1 << 42) - 4, ((int64_t)1 << 58) - 4,
    ((int64_t)1 << 58) - 4,
};

/* One signed carry pass over s[0..3]: limbs to [0, 2^56); returns the carry out. */
static inline __attribute__((always_inline)) int64_t p224u_carry_pass(int64_t s[4]) {
    for (int i = 0; i < 3; i++) {
        s[i + 1] += s[i] >> 56; /* arithmetic shift: floor(s / 2^56) */
        s[i] &= (int64_t)P224U_M56;
    }
    int64_t c = s[3] >> 56;
    s[3] &= (int64_t)P224U_M56;
    return c;
}

/* r = s as a normal element, for |s_i| < 2^62 (the bounds at the top). */
static inline __attribute__((always_inline)) void p224u_normalize(p224u_fe *r, int64_t s[4]) {
    for (int fold = 0; fold < 2; fold++) {
        int64_t c = p224u_carry_pass(s); /* c 2^224 = c 2^96 - c */
        s[0] -= c;
        s[1] += c * ((int64_t)1 << 40);
    }
    (void)p224u_carry_pass(s); /* carries 0 */
    for (int i = 0; i < 4; i++) r->v[i] = (uint64_t)s[i];
}

/* The seven columns t[0..7) of a product (each < 4 (2^57)^2 = 2^116 for loose
 * inputs) -> r, a normal element.  The delayed carries once: eight 56-bit limbs,
 * s[7] the last carry (the product is < 2^450, so s[7] < 2^58).  Then the folds
 * of limbs 7..4 (all non-negative: only limbs < 4 are subtracted from); every
 * |s_i| stays < 2^60, inside p224u_normalize's 2^62. */
static inline __attribute__((always_inline)) void p224u_columns_reduce(p224u_fe *r,
                                                                      const unsigned __int128 t[7]) {
    typedef unsigned __int128 u128;
    int64_t s[8];
    u128 carry = 0;
    for (int k = 0; k < 7; k++) {
        u128 u = t[k] + carry;
        s[k] = (int64_t)((uint64_t)u & P224U_M56);
        carry = u >> 56;
    }
    s[7] = (int64_t)(uint64_t)carry;
    for (int k = 7; k >= 4; k--) {
        s[k - 4] -= s[k];
        s[k - 3] += (s[k] & 0xffff) << 40;
        s[k - 2] += s[k] >> 16;
    }
    p224u_normalize(r, s);
}

/* r = a b for loose a, b (limbs < 2^57); r normal.  Inlined into the point
 * formulas (measured: the call was half the curve's time). */
static inline __attribute__((always_inline)) void p224u_mul(p224u_fe *r, const p224u_fe *a,
                                                           const p224u_fe *b) {
    typedef unsigned __int128 u128;
    const uint64_t *x = a->v, *y = b->v;
    u128 t[7];
    t[0] = (u128)x[0] * y[0];
    t[1] = (u128)x[0] * y[1] + (u128)x[1] * y[0];
    t[2] = (u128)x[0] * y[2] + (u128)x[1] * y[1] + (u128)x[2] * y[0];
    t[3] = (u128)x[0] * y[3] + (u128)x[1] * y[2] + (u128)x[2] * y[1] + (u128)x[3] * y[0];
    t[4] = (u128)x[1] * y[3] + (u128)x[2] * y[2] + (u128)x[3] * y[1];
    t[5] = (u128)x[2] * y[3] + (u128)x[3] * y[2];
    t[6] = (u128)x[3] * y[3];
    p224u_columns_reduce(r, t);
}

/* r = a^2 for a loose a: the same columns with each cross product once, by the
 * doubled limb (2 x_i < 2^58, a product < 2^115, a column < 2^116 as in mul):
 * 10 word products instead of 16. */
static inline __attribute__((always_inline)) void p224u_sqr(p224u_fe *r, const p224u_fe *a) {
    typedef unsigned __int128 u128;
    const uint64_t *x = a->v;
    const uint64_t d0 = 2 * x[0], d1 = 2 * x[1], d2 = 2 * x[2];
    u128 t[7];
    t[0] = (u128)x[0] * x[0];
    t[1] = (u128)d0 * x[1];
    t[2] = (u128)d0 * x[2] + (u128)x[1] * x[1];
    t[3] = (u128)d0 * x[3] + (u128)d1 * x[2];
    t[4] = (u128)d1 * x[3] + (u128)x[2] * x[2];
    t[5] = (u128)d2 * x[3];
    t[6] = (u128)x[3] * x[3];
    p224u_columns_reduce(r, t);
}

/* Limbs s_i in [0, 2^59) -> r loose.  Fold the top: c = s_3 >> 56 < 8, s_3 < 2^56,
 * s_0 -= c (> -8), s_1 += c 2^40 (2^224 = 2^96 - 1).  Then one signed carry pass
 * 0 -> 3 with no fold: the carry out of limb 0 is in [-1, 7]; it is -1 only if
 * c >= 1, and then s_1 >= 2^40, so s_1 stays >= 0 and the later carries are in
 * [0, 8].  Result: limbs 0..2 in [0, 2^56), limb 3 in [0, 2^56 + 8): loose. */
static inline __attribute__((always_inline)) void p224u_weak_reduce(p224u_fe *r, int64_t s[4]) {
    int64_t c = s[3] >> 56;
    s[3] &= (int64_t)P224U_M56;
    s[0] -= c;
    s[1] += c << 40;
    s[1] += s[0] >> 56; /* arithmetic shift: floor */
    s[0] &= (int64_t)P224U_M56;
    s[2] += s[1] >> 56;
    s[1] &= (int64_t)P224U_M56;
    s[3] += s[2] >> 56;
    s[2] &= (int64_t)P224U_M56;
    for (int i = 0; i < 4; i++) r->v[i] = (uint64_t)s[i];
}

/* r = a + b, loose in and out: limbs < 2^58 before the weak reduction.  add, sub and
 * their helpers are forced inline (measured: GCC left them out of line in the point
 * formulas, a call per addition). */
static inline __attribute__((always_inline)) void p224u_add(p224u_fe *r, const p224u_fe *a, const p224u_fe *b) {
    int64_t s[4];
    for (int i = 0; i < 4; i++) s[i] = (int64_t)(a->v[i] + b->v[i]);
    p224u_weak_reduce(r, s);
}

/* r = a - b + 4p, loose in and out: each limb a_i + 4p_i - b_i is > 2^57 - 2^57 = 0
 * (4p_i > 2^57 > b_i) and < 2^57 + 2^58 + 8 < 2^59. */
static inline __attribute__((always_inline)) void p224u_sub(p224u_fe *r, const p224u_fe *a, const p224u_fe *b) {
    int64_t s[4];
    for (int i = 0; i < 4; i++) s[i] = (int64_t)a->v[i] + P224U_4P[i] - (int64_t)b->v[i];
    p224u_weak_reduce(r, s);
}

static inline void p224u_neg(p224u_fe *r, const p224u_fe *a) {
    p224u_fe zero = {{0}};
    p224u_sub(r, &zero, a);
}

static inline void p224u_cmov(p224u_fe *r, const p224u_fe *a, uint64_t mask) {
    for (int i = 0; i < 4; i++) r->v[i] ^= mask & (r->v[i] ^ a->v[i]);
}

/* The canonical residue of a loose a: normalised first (limbs < 2^57 are inside
 * p224u_normalize's bound), so v < 2^224 < 2p, then v - p if that is >= 0. */
static inline void p224u_canonical(p224u_fe *r, const p224u_fe *a) {
    int64_t d[4], borrow = 0, s[4];
    p224u_fe n;
    for (int i = 0; i < 4; i++) s[i] = (int64_t)a->v[i];
    p224u_normalize(&n, s);
    a = &n;
    for (int i = 0; i < 4; i++) {
        d[i] = (int64_t)a->v[i] - (int64_t)P224U_P[i] - borrow;
        borrow = (d[i] >> 63) & 1;
        d[i] &= (int64_t)P224U_M56;
    }
    uint64_t keep_a = 0 - (uint64_t)borrow;
    for (int i = 0; i < 4; i++) r->v[i] = (a->v[i] & keep_a) | ((uint64_t)d[i] & ~keep_a);
}

static inline uint64_t p224u_is_zero(const p224u_fe *a) {
    p224u_fe t;
    p224u_canonical(&t, a);
    return ecedu_ct_is_zero_u64(t.v[0] | t.v[1] | t.v[2] | t.v[3]);
}

static inline void p224u_set_small(p224u_fe *r, uint64_t k) {
    memset(r, 0, sizeof *r);
    r->v[0] = k; /* k < 2^32 */
}

static inline uint64_t p224u_from_bytes(p224u_fe *r, const uint8_t in[P224U_BYTES]) {
    uint64_t w[4];
    (void)ecedu_bytes_to_words(w, 4, in, P224U_BYTES);
    uint64_t ok = ecedu_limbs_less_than(w, P224U_P64, 4);
    for (int i = 0; i < 4; i++) w[i] &= ok;
    ecedu_radix_from64(r->v, 4, 56, w, 4);
    ecedu_wipe(w, sizeof w);
    return ok;
}

static inline void p224u_to_bytes(uint8_t out[P224U_BYTES], const p224u_fe *a) {
    p224u_fe t;
    uint64_t w[4];
    p224u_canonical(&t, a);
    ecedu_radix_to64(w, 4, 56, t.v, 4);
    ecedu_words_to_bytes(out, P224U_BYTES, w, 4);
    ecedu_wipe(&t, sizeof t);
    ecedu_wipe(w, sizeof w);
}

/* r = x^(2^n) * m: n squarings of x then one multiplication (n public). */
static inline void p224u_sqr_n_mul(p224u_fe *r, const p224u_fe *x, int n, const p224u_fe *m) {
    p224u_fe t = *x;
    for (int i = 0; i < n; i++) p224u_sqr(&t, &t);
    p224u_mul(r, &t, m);
}

/* a^(p-2) = a^-1 (0 -> 0) by a fixed addition chain: p - 2 = 2^224 - 2^96 - 1 is
 * 127 ones, a zero, 96 ones, so with e_k = a^(2^k - 1) and e_(j+k) = e_j^(2^k) e_k:
 * e1 e2 e3 e6 e12 e24 e48 e96, e120 = e96^(2^24) e24, e126, e127, and
 * a^(p-2) = e127^(2^97) e96 (derived here; the same shape as the chains of
 * ec_nistp_64_gcc_128 and BearSSL).  223 squarings and 11 multiplications, instead
 * of 223 and 222 bit by bit; the sequence depends on p only: constant time. */
static inline void p224u_inv(p224u_fe *r, const p224u_fe *a) {
    p224u_fe e1 = *a, e2, e3, e6, e12, e24, e48, e96, t;
    p224u_sqr_n_mul(&e2, &e1, 1, &e1);
    p224u_sqr_n_mul(&e3, &e2, 1, &e1);
    p224u_sqr_n_mul(&e6, &e3, 3, &e3);
    p224u_sqr_n_mul(&e12, &e6, 6, &e6);
    p224u_sqr_n_mul(&e24, &e12, 12, &e12);
    p224u_sqr_n_mul(&e48, &e24, 24, &e24);
    p224u_sqr_n_mul(&e96, &e48, 48, &e48);
    p224u_sqr_n_mul(&t, &e96, 24, &e24);  /* e120 */
    p224u_sqr_n_mul(&t, &t, 6, &e6);      /* e126 */
    p224u_sqr_n_mul(&t, &t, 1, &e1);      /* e127 */
    p224u_sqr_n_mul(r, &t, 97, &e96);
    ecedu_wipe(&e1, sizeof e1), ecedu_wipe(&e2, sizeof e2), ecedu_wipe(&e3, sizeof e3);
    ecedu_wipe(&e6, sizeof e6), ecedu_wipe(&e12, sizeof e12), ecedu_wipe(&e24, sizeof e24);
    ecedu_wipe(&e48, sizeof e48), ecedu_wipe(&e96, sizeof e96), ecedu_wipe(&t, sizeof t);
}
#undef P224U_M56
