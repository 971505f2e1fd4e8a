/*
 * fe_p256_unsat.h -- GF(p), p = 2^256 - 2^224 + 2^192 + 2^96 - 1 (FIPS 186-4 D.1.2.3), in four
 * UNSATURATED limbs of weight 2^64 held in 128-bit signed words, with 128-bit products and
 * delayed carries: the representation of OpenSSL's ec_nistp_64_gcc_128 for P-256 (the middle
 * column of seed 003's Gueron-Krasnov table, the code seed 004 asked Ubuntu to enable), written
 * from the idea, not from that code.  fe interface prefix p256u (field/gfp/README.md).  Only the
 * curve-level comparison uses it (instances/gfp_compare.c) and the field-level one
 * (field/gfp/variants.c); the instance of secp256r1 is fe_p256_mont.h, which is faster.
 *
 * Representation: v = v0 + v1 W + v2 W^2 + v3 W^3, W = 2^64, each v_i a signed 128-bit
 * integer.  Every function accepts and returns a LOOSE element: |v_i| < 2^66, v = x (mod p),
 * v itself unreduced (maybe negative); to_bytes and is_zero reduce it fully.  The spare bits
 * are what "unsaturated" buys: an addition or subtraction adds the limbs with no carry from
 * one to the next, and one parallel carry step (p256u_weak_reduce: each limb's bits above 64
 * moved up at once, no carry chain) brings the result back to loose.
 *
 * The product of loose a, b:
 *   1. each factor carried to four 64-bit words, value in [0, 2^256) (p256u_shrink: a
 *      sequential carry pass and two folds of 2^256 = K mod p, K = 2^224 - 2^192 - 2^96 + 1);
 *   2. the 16 word products, each split into its two 64-bit halves and added into eight
 *      128-bit columns c_k of weight W^k (the low half of a_i b_j into column i + j, the high
 *      half into i + j + 1): at most 7 halves a column (4 low, 3 high), so c_k < 2^67, and no
 *      carry at all;
 *   3. columns 4..7 folded into the low half in one step, in 32-bit positions: with
 *      2^(32 i) = sum_j S[i][j] 2^(32 j) (mod p) for i = 8, 10, 12, 14, j = 0..7 (the rows of
 *      FIPS 186-4's fast reduction for P-256, GECC Alg. 2.29: its nine terms T + 2 S1 + 2 S2 +
 *      S3 + S4 - D1 - D2 - D3 - D4 read word by word; |S[i][j]| <= 3 and sum_i |S[i][j]| <= 4),
 *      acc_j = (j even ? c_(j/2) : 0) + sum_k S[2k][j] c_k, so |acc_j| < 5 * 2^67 < 2^70;
 *   4. limbs L_k = acc_(2k) + acc_(2k+1) 2^32, |L_k| < 2^70 + 2^102 < 2^103, and two
 *      p256u_weak_reduce steps to loose.
 * The identity of step 3 is linear, so it holds for column values of any size: no carry is
 * needed before it (in the saturated Solinas reduction of fe_p256_solinas.h every word is
 * carried first).
 *
 * p256u_weak_reduce, for |L_k| < 2^108: c_k = floor(L_k / W) (arithmetic shift), |c_k| <= 2^44,
 * l_k = L_k mod W in [0, W); the carry c_k moves to limb k + 1, and c_3 W^4 = c_3 K (mod p)
 * goes to limbs 0 (+c_3), 1 (-c_3 2^32, from -2^96), 3 (-c_3 + c_3 2^32, from -2^192 + 2^224):
 * every new limb is below 2^64 + 2^44 + 2^76 < 2^77 in size.  A second step takes that to
 * |limb| < 2^64 + 2^13 + 2^45 < 2^66: loose.  For an add or sub of loose elements (|L_k| <
 * 2^67) one step is enough: |c_k| <= 2^3, |limb| < 2^64 + 2^3 + 2^35.
 *
 * p256u_shrink, loose in (|v| < 2^66 (1 + W + W^2 + W^3) < 2^259): a sequential carry pass
 * (signed, floor) gives words in [0, W) and a top carry c with |c| <= 2^3; folded (c K,
 * |c K| < 2^227 by the terms above) the value lies in (-2^227, 2^256 + 2^227); the second pass
 * carries c' in {-1, 0, 1}: for c' = 1 the words were below 2^227 and adding K < 2^224 keeps
 * them below 2^256; for c' = -1 they were above 2^256 - 2^227 and subtracting K keeps them
 * above 0; so the third pass carries nothing and the value is in [0, 2^256).  Then
 * 2^256 < 2p, and one masked subtraction gives the canonical residue (p256u_canonical).
 *
 * Constant time: every loop bound, shift count and address depends on the limb count only; the
 * arithmetic shifts of signed words and the masks are branch-free.
 */

#include "field/gfp/radix.h"  /* ecedu_limbs_less_than */
#include "scalar/modinv.h" /* the divsteps inversion, p256u_inv */

typedef struct {
    __int128 v[4];
} p256u_fe;
enum { P256U_BYTES = 32 };

/* p as 64-bit words (least significant first), for the byte interface and the inversion */
static const uint64_t P256U_P[4] = {0xffffffffffffffffULL, 0x00000000ffffffffULL, 0x0000000000000000ULL,
                                    0xffffffff00000001ULL};

/* S[k][j] for the columns k = 4..7 (32-bit positions i = 2k = 8, 10, 12, 14): 2^(32 i) =
 * sum_j S[k][j] 2^(32 j) (mod p), j = 0..7.  Read off FIPS 186-4's fast reduction for P-256
 * (GECC Alg. 2.29): the coefficient of word c_i at position j in T + 2 S1 + 2 S2 + S3 + S4 -
 * D1 - D2 - D3 - D4 (fe_p256_solinas.h writes the nine terms out); the tests check each row
 * against Python's integers through the product. */
static const int8_t P256U_S[4][8] = {
    {1, 0, 0, -1, 0, 0, -1, 1},   /* 2^256 */
    {0, 1, 1, 0, -1, -1, 0, -1},  /* 2^320 */
    {-1, -1, 0, 2, 2, 0, 0, -1},  /* 2^384 */
    {-1, -1, -1, 0, 1, 2, 3, 0},  /* 2^448 */
};

/* x = floor(x / W), returning x mod W (in [0, W)): the arithmetic shift of a signed word. */
static inline __attribute__((always_inline)) uint64_t p256u_split(__int128 *x) {
    uint64_t lo = (uint64_t)*x;
    *x >>= 64;
    return lo;
}

/* c W^4 = c K (mod p), K = 2^224 - 2^192 - 2^96 + 1: added to the limbs of weight W^0..W^3. */
static inline __attribute__((always_inline)) void p256u_fold(__int128 L[4], __int128 c) {
    L[0] += c;
    L[1] -= c * ((__int128)1 << 32);
    L[3] += c * (((__int128)1 << 32) - 1);
}

/* One parallel carry step (bounds at the top): limbs |L_k| < 2^108 -> |limb| < 2^77, or from
 * |L_k| < 2^67 -> |limb| < 2^65. */
static inline __attribute__((always_inline)) void p256u_weak_reduce(__int128 L[4]) {
    __int128 c[4] = {L[0], L[1], L[2], L[3]};
    uint64_t l[4];
    for (int k = 0; k < 4; k++) l[k] = p256u_split(&c[k]);
    L[0] = (__int128)l[0];
    for (int k = 1; k < 4; k++) L[k] = (__int128)l[k] + c[k - 1];
    p256u_fold(L, c[3]);
}

/* w = a as four words of a value in [0, 2^256) (bounds at the top). */
static inline __attribute__((always_inline)) void p256u_shrink(uint64_t w[4], const p256u_fe *a) {
    __int128 L[4] = {a->v[0], a->v[1], a->v[2], a->v[3]};
    for (int pass = 0; pass < 3; pass++) {
        __int128 c = 0;
        for (int k = 0; k < 4; k++) {
            L[k] += c;
            c = L[k];
            L[k] = (__int128)p256u_split(&c);
        }
        if (pass < 2) p256u_fold(L, c); /* the third pass carries 0 */
    }
    for (int k = 0; k < 4; k++) w[k] = (uint64_t)L[k];
}

/* r = the limbs L_k of step 4 after two weak reductions: loose. */
static inline __attribute__((always_inline)) void p256u_columns_reduce(p256u_fe *r, const unsigned __int128 col[8]) {
    __int128 acc[8];
    for (int j = 0; j < 8; j++) acc[j] = (j % 2 == 0) ? (__int128)col[j / 2] : 0;
    for (int k = 0; k < 4; k++)
        for (int j = 0; j < 8; j++) acc[j] += P256U_S[k][j] * (__int128)col[k + 4];
    __int128 L[4];
    for (int k = 0; k < 4; k++) L[k] = acc[2 * k] + acc[2 * k + 1] * ((__int128)1 << 32);
    p256u_weak_reduce(L);
    p256u_weak_reduce(L);
    for (int k = 0; k < 4; k++) r->v[k] = L[k];
}

/* col[i + j] += low half of x, col[i + j + 1] += high half. */
static inline __attribute__((always_inline)) void p256u_add_halves(unsigned __int128 col[8], int k,
                                                                  unsigned __int128 x) {
    col[k] += (uint64_t)x;
    col[k + 1] += (uint64_t)(x >> 64);
}

/* r = a b for loose a, b; r loose.  r may alias a or b. */
static inline void p256u_mul(p256u_fe *r, const p256u_fe *a, const p256u_fe *b) {
    uint64_t x[4], y[4];
    unsigned __int128 col[8] = {0};
    p256u_shrink(x, a);
    p256u_shrink(y, b);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) p256u_add_halves(col, i + j, (unsigned __int128)x[i] * y[j]);
    p256u_columns_reduce(r, col);
}

/* r = a^2 for a loose a: each cross product once, its halves added twice (10 word products
 * instead of 16); a column still holds at most 7 halves (a doubled cross product counts two, a
 * square one: column 3 has 4 low and 3 high), so the bounds of p256u_mul hold. */
static inline void p256u_sqr(p256u_fe *r, const p256u_fe *a) {
    uint64_t x[4];
    unsigned __int128 col[8] = {0};
    p256u_shrink(x, a);
    for (int i = 0; i < 4; i++) {
        p256u_add_halves(col, 2 * i, (unsigned __int128)x[i] * x[i]);
        for (int j = i + 1; j < 4; j++) {
            unsigned __int128 t = (unsigned __int128)x[i] * x[j];
            p256u_add_halves(col, i + j, t);
            p256u_add_halves(col, i + j, t);
        }
    }
    p256u_columns_reduce(r, col);
}

/* r = a + b, loose in and out: limb by limb, no carry between limbs, then one weak step. */
static inline void p256u_add(p256u_fe *r, const p256u_fe *a, const p256u_fe *b) {
    __int128 L[4];
    for (int k = 0; k < 4; k++) L[k] = a->v[k] + b->v[k];
    p256u_weak_reduce(L);
    for (int k = 0; k < 4; k++) r->v[k] = L[k];
}

/* r = a - b, loose in and out (signed limbs: no multiple of p to add). */
static inline void p256u_sub(p256u_fe *r, const p256u_fe *a, const p256u_fe *b) {
    __int128 L[4];
    for (int k = 0; k < 4; k++) L[k] = a->v[k] - b->v[k];
    p256u_weak_reduce(L);
    for (int k = 0; k < 4; k++) r->v[k] = L[k];
}

/* r = -a: the limbs negated, still loose. */
static inline void p256u_neg(p256u_fe *r, const p256u_fe *a) {
    for (int k = 0; k < 4; k++) r->v[k] = -a->v[k];
}

/* r = a where mask is all-ones, r unchanged where it is 0 (mask 0 or all-ones). */
static inline void p256u_cmov(p256u_fe *r, const p256u_fe *a, uint64_t mask) {
    unsigned __int128 m = ((unsigned __int128)mask << 64) | mask;
    for (int k = 0; k < 4; k++) {
        unsigned __int128 x = (unsigned __int128)r->v[k], y = (unsigned __int128)a->v[k];
        r->v[k] = (__int128)(x ^ (m & (x ^ y)));
    }
}

/* w = the canonical residue of a loose a, as four words: shrunk to [0, 2^256) < 2p, then
 * w - p kept if it does not borrow (a mask, no branch). */
static inline void p256u_canonical(uint64_t w[4], const p256u_fe *a) {
    uint64_t d[4];
    unsigned char borrow = 0;
    p256u_shrink(w, a);
    for (int k = 0; k < 4; k++) borrow = ecedu_sbb(borrow, w[k], P256U_P[k], &d[k]);
    uint64_t keep = 0 - (uint64_t)borrow; /* all-ones: w < p, keep w */
    for (int k = 0; k < 4; k++) w[k] = (w[k] & keep) | (d[k] & ~keep);
}

static inline uint64_t p256u_is_zero(const p256u_fe *a) {
    uint64_t w[4];
    p256u_canonical(w, a);
    return ecedu_ct_is_zero_u64(w[0] | w[1] | w[2] | w[3]);
}

static inline void p256u_set_small(p256u_fe *r, uint64_t k) {
    r->v[0] = (__int128)k, r->v[1] = r->v[2] = r->v[3] = 0;
}

/* r = the element of the 32 big-endian bytes; returns all-ones if they are below p, else 0
 * (r is then 0). */
static inline uint64_t p256u_from_bytes(p256u_fe *r, const uint8_t in[P256U_BYTES]) {
    uint64_t w[4];
    (void)ecedu_bytes_to_words(w, 4, in, P256U_BYTES);
    uint64_t ok = ecedu_limbs_less_than(w, P256U_P, 4);
    for (int k = 0; k < 4; k++) r->v[k] = (__int128)(w[k] & ok);
    ecedu_wipe(w, sizeof w);
    return ok;
}

static inline void p256u_to_bytes(uint8_t out[P256U_BYTES], const p256u_fe *a) {
    uint64_t w[4];
    p256u_canonical(w, a);
    ecedu_words_to_bytes(out, P256U_BYTES, w, 4);
    ecedu_wipe(w, sizeof w);
}

/* a^-1 mod p (0 -> 0): the canonical residue through the constant-time divsteps inversion of
 * scalar/modinv.h (as p384f_inv in fe_p384_fold.h). */
static inline void p256u_inv(p256u_fe *r, const p256u_fe *a) {
    uint64_t w[4], z[4];
    p256u_canonical(w, a);
    modinv_mod_prime(z, w, P256U_P, 4, 256);
    for (int k = 0; k < 4; k++) r->v[k] = (__int128)z[k];
    ecedu_wipe(w, sizeof w);
    ecedu_wipe(z, sizeof z);
}
