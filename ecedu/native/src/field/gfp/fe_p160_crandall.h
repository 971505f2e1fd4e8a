/*
 * fe_p160_crandall.h -- GF(p), p = 2^160 - 2^31 - 1 (the prime of secp160r1, SEC 2 2.4.2), in
 * the ordinary representation (x mod p, fully reduced, three 64-bit limbs, the top one below
 * 2^32), the product reduced by folding 2^160 = 2^31 + 1 (mod p): Crandall's reduction for a
 * pseudo-Mersenne prime p = 2^b - c with a small c (US patent 5,159,632, 1992; GECC section
 * 2.2.6, "special moduli").  fe interface prefix p160c (field/gfp/README.md), all static; the
 * rest of the interface (bytes, add, sub, neg, cmov, is_zero, set_small) is fe_sat.tmpl.h's
 * with FE_MONT 0, the inversion an addition chain (p160c_inv, below).
 *
 * Why: the generic Montgomery field (fe_mont.tmpl.h with the sparse row) spends 3 x 3 limb
 * products on a b and then, per limb of the reduction, a product m = t0 (-1/p) and m c; here
 * c = 2^31 + 1, so H c = (H << 31) + H is two shifted additions and the reduction has no
 * product at all (9 products per multiplication, 6 per squaring).
 *
 * Bounds (W = 2^64; a, b < p < 2^160):
 *   T = a b < 2^320, five limbs T0..T4.  Write T = L + H 2^160, L = T mod 2^160, H < 2^160.
 *   First fold: U = L + H + (H << 31) < 2^160 + 2^160 + 2^191 < 2^192: three limbs, no
 *   carry out of the top one; U = T (mod p).
 *   Second fold: U = L' + H' 2^160 with H' = U >> 160 < 2^32, V = L' + H' (2^31 + 1), and
 *   H' (2^31 + 1) < 2^64, so V < 2^160 + 2^64 < 2p: three limbs, one masked subtraction of p
 *   (fe_sat.tmpl.h's cond_sub_p) gives T mod p < p.
 *   Every limb product a[i] b[j] + carry + limb fits in 128 bits.
 * Constant time: no branch and no address depends on a value.
 */

typedef struct {
    uint64_t v[3];
} p160c_fe;
enum { P160C_BYTES = 20 };

static const uint64_t P160C_P[3] = {0xffffffff7fffffffULL, 0xffffffffffffffffULL, 0x00000000ffffffffULL};
static const uint64_t P160C_PM2[3] = {0xffffffff7ffffffdULL, 0xffffffffffffffffULL, 0x00000000ffffffffULL};

static inline __attribute__((always_inline)) void p160c_cond_sub_p(uint64_t *r, const uint64_t *t, uint64_t hi);

/* r = T mod p for T = (t0, .., t4) < 2^320 (the two folds above). */
static inline __attribute__((always_inline)) void p160c_reduce(uint64_t *r, uint64_t t0, uint64_t t1, uint64_t t2,
                                                               uint64_t t3, uint64_t t4) {
    /* H = T >> 160 (h2 < 2^32), L = T mod 2^160 */
    const uint64_t h0 = (t2 >> 32) | (t3 << 32), h1 = (t3 >> 32) | (t4 << 32), h2 = t4 >> 32;
    /* S = H << 31 < 2^191 */
    const uint64_t s0 = h0 << 31, s1 = (h1 << 31) | (h0 >> 33), s2 = (h2 << 31) | (h1 >> 33);
    uint64_t u[3], v[3];
    unsigned char c;
    /* U = L + H + S < 2^192 */
    c = ecedu_adc(0, t0, h0, &u[0]);
    c = ecedu_adc(c, t1, h1, &u[1]);
    c = ecedu_adc(c, t2 & 0xffffffffULL, h2, &u[2]); /* < 2^33: no carry */
    c = ecedu_adc(0, u[0], s0, &u[0]);
    c = ecedu_adc(c, u[1], s1, &u[1]);
    c = ecedu_adc(c, u[2], s2, &u[2]); /* U < 2^192: no carry */
    /* V = L' + H' (2^31 + 1) < 2^160 + 2^64 */
    const uint64_t hh = u[2] >> 32, k = (hh << 31) + hh; /* hh < 2^32: k < 2^64 */
    c = ecedu_adc(0, u[0], k, &v[0]);
    c = ecedu_adc(c, u[1], 0, &v[1]);
    c = ecedu_adc(c, u[2] & 0xffffffffULL, 0, &v[2]);
    (void)c;
    p160c_cond_sub_p(r, v, 0);
}

/* r = a b mod p: the 3 x 3 schoolbook product (row i: a b[i] into T[i ..], HAC Alg. 14.12),
 * then the folds.  r may alias a or b. */
static inline __attribute__((always_inline)) void p160c_mul(p160c_fe *r, const p160c_fe *a, const p160c_fe *b) {
    typedef unsigned __int128 u128;
    const uint64_t a0 = a->v[0], a1 = a->v[1], a2 = a->v[2], b0 = b->v[0], b1 = b->v[1], b2 = b->v[2];
    u128 x;
    uint64_t t0, t1, t2, t3, t4, c;
    x = (u128)a0 * b0;
    t0 = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)a1 * b0 + c;
    t1 = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)a2 * b0 + c; /* a2 < 2^32: < 2^96 */
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
    t4 += a2 * b2 + c; /* T < 2^320: the top limb does not overflow */
    p160c_reduce(r->v, t0, t1, t2, t3, t4);
}

/* r = a^2 mod p: the cross products a0 a1, a0 a2, a1 a2 once, doubled, plus the squares
 * (HAC Alg. 14.16: 6 products instead of 9).  Bounds: the cross sum C = a0 a1 W + a0 a2 W^2 +
 * a1 a2 W^3 < a^2 / 2 < 2^319, so 2 C fits the five limbs, and so does 2 C + the squares = a^2. */
static inline __attribute__((always_inline)) void p160c_sqr(p160c_fe *r, const p160c_fe *a) {
    typedef unsigned __int128 u128;
    const uint64_t a0 = a->v[0], a1 = a->v[1], a2 = a->v[2];
    u128 x;
    uint64_t t0, t1, t2, t3, t4, c;
    unsigned char k;
    /* C / W = a0 a1 + a0 a2 W + a1 a2 W^2 in (t1, t2, t3, t4) */
    x = (u128)a0 * a1;
    t1 = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)a0 * a2 + c; /* < 2^96 */
    t2 = (uint64_t)x, t3 = (uint64_t)(x >> 64);
    x = (u128)a1 * a2 + t3; /* < 2^96 + 2^32 */
    t3 = (uint64_t)x, t4 = (uint64_t)(x >> 64);
    /* doubled */
    t4 = (t4 << 1) | (t3 >> 63);
    t3 = (t3 << 1) | (t2 >> 63);
    t2 = (t2 << 1) | (t1 >> 63);
    t1 <<= 1;
    /* + a0^2 + a1^2 W^2 + a2^2 W^4 */
    uint64_t q0h, q1h, q1l;
    x = (u128)a0 * a0;
    t0 = (uint64_t)x, q0h = (uint64_t)(x >> 64);
    x = (u128)a1 * a1;
    q1l = (uint64_t)x, q1h = (uint64_t)(x >> 64);
    k = ecedu_adc(0, t1, q0h, &t1);
    k = ecedu_adc(k, t2, q1l, &t2);
    k = ecedu_adc(k, t3, q1h, &t3);
    k = ecedu_adc(k, t4, a2 * a2, &t4); /* a^2 < 2^320: no carry */
    (void)k;
    p160c_reduce(r->v, t0, t1, t2, t3, t4);
}

#define FE_NAME(x) p160c_##x
#define FE_N 3
#define FE_NBYTES 20
#define FE_P P160C_P
#define FE_PM2 P160C_PM2
#define FE_MONT 0
#define FE_HAS_SQR 1
#define FE_HAS_INV 1
#include "field/gfp/fe_sat.tmpl.h"
#include "field/gfp/fe_sat_undef.h"

/* a^(p-2) = a^-1 (0 -> 0) by a fixed addition chain.  p - 2, from the top bit down, is 128
 * ones, a zero, 29 ones, a zero and a one.  With e_k = a^(2^k - 1) and e_(j+k) = e_j^(2^k) e_k:
 * e1 e2 e3 e5 e6 e12 e24 e29 e32 e64 e128, then t = e128^(2^30) e29, a^(p-2) = t^(2^2) e1.
 * 161 squarings and 12 multiplications (the 4-bit window: 160 and about 54); the sequence
 * depends on p only: constant time. */
static inline void p160c_inv(p160c_fe *r, const p160c_fe *a) {
    p160c_fe e1 = *a, e2, e3, e5, e6, e12, e24, e29, e32, e64, t;
    p160c_sqr_n_mul(&e2, &e1, 1, &e1);
    p160c_sqr_n_mul(&e3, &e2, 1, &e1);
    p160c_sqr_n_mul(&e5, &e3, 2, &e2);
    p160c_sqr_n_mul(&e6, &e3, 3, &e3);
    p160c_sqr_n_mul(&e12, &e6, 6, &e6);
    p160c_sqr_n_mul(&e24, &e12, 12, &e12);
    p160c_sqr_n_mul(&e29, &e24, 5, &e5);
    p160c_sqr_n_mul(&e32, &e29, 3, &e3);
    p160c_sqr_n_mul(&e64, &e32, 32, &e32);
    p160c_sqr_n_mul(&t, &e64, 64, &e64); /* e128 */
    p160c_sqr_n_mul(&t, &t, 30, &e29);
    p160c_sqr_n_mul(r, &t, 2, &e1);
    ecedu_wipe(&e1, sizeof e1), ecedu_wipe(&e2, sizeof e2), ecedu_wipe(&e3, sizeof e3);
    ecedu_wipe(&e5, sizeof e5), ecedu_wipe(&e6, sizeof e6), ecedu_wipe(&e12, sizeof e12);
    ecedu_wipe(&e24, sizeof e24), ecedu_wipe(&e29, sizeof e29), ecedu_wipe(&e32, sizeof e32);
    ecedu_wipe(&e64, sizeof e64), ecedu_wipe(&t, sizeof t);
}
