/*
 * fe_p192_fold.h -- GF(p192), p = 2^192 - 2^64 - 1 (FIPS 186-4 D.1.2.1), in the ordinary
 * representation (x mod p, fully reduced, three 64-bit limbs), the product reduced by the
 * fast reduction of GECC Alg. 2.27 at its own word size: with W = 2^64, W^3 = W + 1 (mod p),
 * so the six limbs c0..c5 of a product give
 *     T = (c2, c1, c0) + (0, c3, c3) + (c4, c4, 0) + (c5, c5, c5)   (mod p),
 * three additions of 64-bit words and no product (the 32-bit-word table of fe_p192_solinas.h
 * and the Montgomery steps of fe_mont.tmpl.h both cost more at this size).  fe interface prefix
 * p192f (field/gfp/README.md), all static; bytes, add, sub, neg, cmov, is_zero and set_small
 * are fe_sat.tmpl.h's (FE_MONT 0), the inversion an addition chain (p192f_inv, below).
 *
 * Bounds: each of the four terms is < W^3, so the sum is < 4 W^3: three limbs and a carry
 * k <= 3.  Folding k W^3 = k (W + 1) gives s < W^3 + 3 (W + 1) < W^3 + 2^66 < 2p (2p - W^3 =
 * W^3 - 2W - 2): three limbs and a carry bit, one masked subtraction of p over the four
 * (fe_sat.tmpl.h's cond_sub_p with the carry as its top bit) gives T mod p.  Every limb product plus two limbs fits in 128 bits.  Constant time: no branch
 * and no address depends on a value.
 */

typedef struct {
    uint64_t v[3];
} p192f_fe;
enum { P192F_BYTES = 24 };

static const uint64_t P192F_P[3] = {0xffffffffffffffffULL, 0xfffffffffffffffeULL, 0xffffffffffffffffULL};
static const uint64_t P192F_PM2[3] = {0xfffffffffffffffdULL, 0xfffffffffffffffeULL, 0xffffffffffffffffULL};

static inline __attribute__((always_inline)) void p192f_cond_sub_p(uint64_t *r, const uint64_t *t, uint64_t hi);

/* r = T mod p for T = (c0, .., c5) < W^6 (GECC Alg. 2.27, the bounds above). */
static inline __attribute__((always_inline)) void p192f_reduce(uint64_t *r, uint64_t c0, uint64_t c1, uint64_t c2,
                                                               uint64_t c3, uint64_t c4, uint64_t c5) {
    uint64_t s0, s1, s2, k;
    unsigned char c;
    c = ecedu_adc(0, c0, c3, &s0); /* + (0, c3, c3) */
    c = ecedu_adc(c, c1, c3, &s1);
    c = ecedu_adc(c, c2, 0, &s2);
    k = c;
    c = ecedu_adc(0, s1, c4, &s1); /* + (c4, c4, 0) */
    c = ecedu_adc(c, s2, c4, &s2);
    k += c;
    c = ecedu_adc(0, s0, c5, &s0); /* + (c5, c5, c5) */
    c = ecedu_adc(c, s1, c5, &s1);
    c = ecedu_adc(c, s2, c5, &s2);
    k += c;                       /* k <= 3 */
    c = ecedu_adc(0, s0, k, &s0); /* + k (W + 1) */
    c = ecedu_adc(c, s1, k, &s1);
    c = ecedu_adc(c, s2, 0, &s2);
    const uint64_t s[3] = {s0, s1, s2};
    p192f_cond_sub_p(r, s, c); /* s + c W^3 < W^3 + 2^66 < 2p */
}

/* r = a b mod p: the 3 x 3 schoolbook product (HAC Alg. 14.12), then the reduction.  r may
 * alias a or b. */
static inline __attribute__((always_inline)) void p192f_mul(p192f_fe *r, const p192f_fe *a, const p192f_fe *b) {
    typedef unsigned __int128 u128;
    const uint64_t a0 = a->v[0], a1 = a->v[1], a2 = a->v[2], b0 = b->v[0], b1 = b->v[1], b2 = b->v[2];
    u128 x;
    uint64_t t0, t1, t2, t3, t4, t5, c;
    x = (u128)a0 * b0;
    t0 = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)a1 * b0 + c;
    t1 = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)a2 * b0 + c;
    t2 = (uint64_t)x, t3 = (uint64_t)(x >> 64);
    x = (u128)a0 * b1 + t1;
    t1 = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)a1 * b1 + t2 + c;
    t2 = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)a2 * b1 + t3 + c;
    t3 = (uint64_t)x, t4 = (uint64_t)(x >> 64);
    x = (u128)a0 * b2 + t2;
    t2 = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)a1 * b2 + t3 + c;
    t3 = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)a2 * b2 + t4 + c;
    t4 = (uint64_t)x, t5 = (uint64_t)(x >> 64);
    p192f_reduce(r->v, t0, t1, t2, t3, t4, t5);
}

/* r = a^2 mod p: the cross products a0 a1, a0 a2, a1 a2 once, doubled, plus the squares
 * (HAC Alg. 14.16: 6 products instead of 9).  The cross sum is < a^2 / 2 < W^6 / 2, so its
 * double fits the six limbs, and so does the double plus the squares = a^2. */
static inline __attribute__((always_inline)) void p192f_sqr(p192f_fe *r, const p192f_fe *a) {
    typedef unsigned __int128 u128;
    const uint64_t a0 = a->v[0], a1 = a->v[1], a2 = a->v[2];
    u128 x;
    uint64_t t0, t1, t2, t3, t4, t5, c;
    unsigned char k;
    x = (u128)a0 * a1;
    t1 = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)a0 * a2 + c;
    t2 = (uint64_t)x, t3 = (uint64_t)(x >> 64);
    x = (u128)a1 * a2 + t3;
    t3 = (uint64_t)x, t4 = (uint64_t)(x >> 64);
    t5 = t4 >> 63; /* doubled */
    t4 = (t4 << 1) | (t3 >> 63);
    t3 = (t3 << 1) | (t2 >> 63);
    t2 = (t2 << 1) | (t1 >> 63);
    t1 <<= 1;
    uint64_t q0h, q1l, q1h, q2l, q2h;
    x = (u128)a0 * a0;
    t0 = (uint64_t)x, q0h = (uint64_t)(x >> 64);
    x = (u128)a1 * a1;
    q1l = (uint64_t)x, q1h = (uint64_t)(x >> 64);
    x = (u128)a2 * a2;
    q2l = (uint64_t)x, q2h = (uint64_t)(x >> 64);
    k = ecedu_adc(0, t1, q0h, &t1);
    k = ecedu_adc(k, t2, q1l, &t2);
    k = ecedu_adc(k, t3, q1h, &t3);
    k = ecedu_adc(k, t4, q2l, &t4);
    k = ecedu_adc(k, t5, q2h, &t5); /* a^2 < W^6: no carry */
    (void)k;
    p192f_reduce(r->v, t0, t1, t2, t3, t4, t5);
}

#define FE_NAME(x) p192f_##x
#define FE_N 3
#define FE_NBYTES 24
#define FE_P P192F_P
#define FE_PM2 P192F_PM2
#define FE_MONT 0
#define FE_HAS_SQR 1
#define FE_HAS_INV 1
#include "field/gfp/fe_sat.tmpl.h"
#include "field/gfp/fe_sat_undef.h"

/* a^(p-2) = a^-1 (0 -> 0) by a fixed addition chain.  p - 2, from the top bit down, is 127
 * ones, a zero, 62 ones, a zero and a one.  With e_k = a^(2^k - 1) and e_(j+k) = e_j^(2^k) e_k:
 * e1 e2 e3 e6 e12 e24 e30 e31 e62 e124 e127, then t = e127^(2^63) e62, a^(p-2) = t^(2^2) e1.
 * 191 squarings and 12 multiplications; the sequence depends on p only: constant time. */
static inline void p192f_inv(p192f_fe *r, const p192f_fe *a) {
    p192f_fe e1 = *a, e2, e3, e6, e12, e24, e31, e62, t;
    p192f_sqr_n_mul(&e2, &e1, 1, &e1);
    p192f_sqr_n_mul(&e3, &e2, 1, &e1);
    p192f_sqr_n_mul(&e6, &e3, 3, &e3);
    p192f_sqr_n_mul(&e12, &e6, 6, &e6);
    p192f_sqr_n_mul(&e24, &e12, 12, &e12);
    p192f_sqr_n_mul(&t, &e24, 6, &e6); /* e30 */
    p192f_sqr_n_mul(&e31, &t, 1, &e1);
    p192f_sqr_n_mul(&e62, &e31, 31, &e31);
    p192f_sqr_n_mul(&t, &e62, 62, &e62); /* e124 */
    p192f_sqr_n_mul(&t, &t, 3, &e3);     /* e127 */
    p192f_sqr_n_mul(&t, &t, 63, &e62);
    p192f_sqr_n_mul(r, &t, 2, &e1);
    ecedu_wipe(&e1, sizeof e1), ecedu_wipe(&e2, sizeof e2), ecedu_wipe(&e3, sizeof e3);
    ecedu_wipe(&e6, sizeof e6), ecedu_wipe(&e12, sizeof e12), ecedu_wipe(&e24, sizeof e24);
    ecedu_wipe(&e31, sizeof e31), ecedu_wipe(&e62, sizeof e62), ecedu_wipe(&t, sizeof t);
}
