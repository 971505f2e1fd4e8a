/*
 * fe_p521_mersenne.h -- GF(p), p = 2^521 - 1 (FIPS 186-4 D.1.2.5), a Mersenne
 * prime: the schoolbook product and the Mersenne reduction (GECC §2.2.6 and
 * Alg. 2.30's remark for P-521: c = c1 2^521 + c0 = c1 + c0 (mod p)).
 * Ordinary representation in nine saturated 64-bit limbs, elements fully
 * reduced; fe interface prefix p521m (field/gfp/README.md), the rest of the
 * interface from fe_sat.tmpl.h.
 *
 * Bounds: a, b < p gives c = a b < 2^1042, 17 limbs (18 with the top one 0).
 *   r = (c mod 2^521) + (c >> 521): both parts < 2^521, so r < 2^522;
 *   fold again: r' = (r mod 2^521) + (r >> 521) <= (2^521 - 1) + 1 = 2^521 = p + 1,
 *   nine limbs, and r' = c (mod p) since 2^521 = 1 (mod p);
 *   r' <= p + 1 < 2p: one masked subtraction of p gives [0, p) (r' = p -> 0,
 *   r' = p + 1 -> 1).
 * Straight-line code, constant time.
 */

typedef struct { uint64_t v[9]; } p521m_fe;
enum { P521M_BYTES = 66 };

static const uint64_t P521M_P[9] = {
    ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, 0x1ff,
};
static const uint64_t P521M_PM2[9] = {
    ~0ULL - 2, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, 0x1ff,
};

static void p521m_cond_sub_p(uint64_t *r, const uint64_t *t, uint64_t hi);

/* r = (x mod 2^521) + (x >> 521) for x of 9 + extra limbs (x[9..9+extra)), as
 * nine limbs: 521 = 8 * 64 + 9, so x >> 521 is x[8..] shifted right by 9. */
static inline void p521m_fold(uint64_t r[9], const uint64_t *x, int extra) {
    typedef unsigned __int128 u128;
    uint64_t carry = 0;
    for (int i = 0; i < 9; i++) {
        uint64_t lo = i < 8 ? x[i] : x[8] & 0x1ff;
        uint64_t h0 = i + 8 < 9 + extra ? x[i + 8] : 0, h1 = i + 9 < 9 + extra ? x[i + 9] : 0;
        uint64_t hi = (h0 >> 9) | (h1 << 55); /* limb i of x >> 521 */
        u128 s = (u128)lo + hi + carry;
        r[i] = (uint64_t)s;
        carry = (uint64_t)(s >> 64);
    }
    /* no carry out of limb 8: the sum is < 2^522 */
}

static inline void p521m_mul(p521m_fe *r, const p521m_fe *a, const p521m_fe *b) {
    typedef unsigned __int128 u128;
    uint64_t z[18] = {0};
    for (int i = 0; i < 9; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < 9; j++) {
            u128 x = (u128)a->v[i] * b->v[j] + z[i + j] + carry; /* < 2^128 */
            z[i + j] = (uint64_t)x;
            carry = (uint64_t)(x >> 64);
        }
        z[i + 9] = carry;
    }
    uint64_t t[9], u[9];
    p521m_fold(t, z, 9); /* < 2^522 */
    p521m_fold(u, t, 0); /* <= p + 1 */
    p521m_cond_sub_p(r->v, u, 0);
}

#define FE_NAME(x) p521m_##x
#define FE_N 9
#define FE_NBYTES 66
#define FE_P P521M_P
#define FE_PM2 P521M_PM2
#define FE_MONT 0
#include "field/gfp/fe_sat.tmpl.h"
#include "field/gfp/fe_sat_undef.h"
