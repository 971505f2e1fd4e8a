/*
 * fe_p521_unsat.h -- GF(p), p = 2^521 - 1 (FIPS 186-4 D.1.2.5), in nine
 * UNSATURATED 58-bit limbs with 128-bit products: the representation of
 * OpenSSL's ec_nistp_64_gcc_128 for P-521 (seed 004), written from the idea,
 * not from that code.  fe interface prefix p521u (field/gfp/README.md).
 *
 * Representation: v = sum v_i 2^(58 i), i = 0..8 (9 * 58 = 522 bits).  Every
 * function returns a LOOSE element: each limb < 2^59, v = x (mod p), not
 * necessarily < p; to_bytes and is_zero reduce fully.
 *
 * Multiplication with delayed carries: a column of the 9x9 schoolbook product
 * adds 9 products of limbs < 2^59: < 9 2^118 < 2^122, in 128 bits with no
 * carry inside the product.  Then the reduction costs only shifts and adds:
 * 2^522 = 2 (mod p), so column k >= 9 (at 2^(58 k) = 2^(58(k-9)) 2^522) is
 * added twice to column k - 9: < 2^122 + 2 2^122 < 2^124.  One carry pass over
 * the nine columns (u128) leaves limbs < 2^58 and a carry c < 2^67 out of limb 8,
 * worth c 2^522 = 2c: added to limb 0 (< 2^58 + 2^68) and carried once into
 * limb 1 (< 2^58 + 2^11): limbs < 2^59, the loose bound, which mul accepts.
 */
#include "field/gfp/radix.h"

typedef struct { uint64_t v[9]; } p521u_fe;
enum { P521U_BYTES = 66 };

#define P521U_M58 ((1ULL << 58) - 1)
static const uint64_t P521U_P64[9] = {~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, 0x1ff};
/* 8p = 2^524 - 8 in limbs >= 2^59 (each above any loose limb): sub adds it,
 * 8 (2^522 - 1) = 8 (2p + 1) less 8 at limb 0: (2^61 - 16) + sum (2^61 - 8) 2^(58i)
 * halved: (2^60 - 8) + sum_{i>=1} (2^60 - 4) 2^(58i) = 4 (2^522 - 1) - 4 = 8p */
static const uint64_t P521U_8P[9] = {
    (1ULL << 60) - 8, (1ULL << 60) - 4, (1ULL << 60) - 4, (1ULL << 60) - 4, (1ULL << 60) - 4,
    (1ULL << 60) - 4, (1ULL << 60) - 4, (1ULL << 60) - 4, (1ULL << 60) - 4,
};

/* Limbs < 2^61 -> loose: a carry pass, the carry out of limb 8 (< 2^4) added
 * twice to limb 0 (2^522 = 2). */
static inline void p521u_carry(uint64_t v[9]) {
    for (int i = 0; i < 8; i++) {
        v[i + 1] += v[i] >> 58;
        v[i] &= P521U_M58;
    }
    uint64_t c = v[8] >> 58;
    v[8] &= P521U_M58;
    v[0] += 2 * c; /* < 2^58 + 2^5 */
}

static inline void p521u_mul(p521u_fe *r, const p521u_fe *a, const p521u_fe *b) {
    typedef unsigned __int128 u128;
    const uint64_t *x = a->v, *y = b->v;
    u128 t[17] = {0};
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 9; j++) t[i + j] += (u128)x[i] * y[j]; /* columns < 2^122 */
    for (int k = 9; k < 17; k++) t[k - 9] += 2 * t[k];          /* 2^522 = 2: < 2^124 */
    u128 carry = 0;
    for (int k = 0; k < 9; k++) {
        u128 u = t[k] + carry;
        r->v[k] = (uint64_t)u & P521U_M58;
        carry = u >> 58;
    }
    u128 u = (u128)r->v[0] + 2 * carry; /* carry < 2^67 */
    r->v[0] = (uint64_t)u & P521U_M58;
    r->v[1] += (uint64_t)(u >> 58); /* < 2^58 + 2^11: loose */
}

/* The square is the product (measured: the columns with each cross product once, by the
 * doubled limb, 45 word products instead of 81, were 1.3x SLOWER in this build's code). */
static inline void p521u_sqr(p521u_fe *r, const p521u_fe *a) {
    p521u_mul(r, a, a);
}

static inline void p521u_add(p521u_fe *r, const p521u_fe *a, const p521u_fe *b) {
    for (int i = 0; i < 9; i++) r->v[i] = a->v[i] + b->v[i]; /* < 2^60 */
    p521u_carry(r->v);
}

/* a - b + 8p: every limb non-negative (8p's limbs >= 2^59 > b's) and < 2^61. */
static inline void p521u_sub(p521u_fe *r, const p521u_fe *a, const p521u_fe *b) {
    for (int i = 0; i < 9; i++) r->v[i] = a->v[i] + P521U_8P[i] - b->v[i];
    p521u_carry(r->v);
}

static inline void p521u_neg(p521u_fe *r, const p521u_fe *a) {
    p521u_fe zero = {{0}};
    p521u_sub(r, &zero, a);
}

static inline void p521u_cmov(p521u_fe *r, const p521u_fe *a, uint64_t mask) {
    for (int i = 0; i < 9; i++) r->v[i] ^= mask & (r->v[i] ^ a->v[i]);
}

/* The canonical residue as 64-bit words w[0..9), of a loose a: carry with no
 * fold (limbs 0..7 < 2^58, limb 8 < 2^60, v < 2^524), then the Mersenne folds
 * at bit 521 = 8 * 58 + 57: h = v >> 521 (< 8) added to bit 0 -- v <= p + 7 -- and
 * once more (h in {0, 1}; if 1 the rest was < 8): v <= p.  Last, p -> 0 by a
 * masked subtraction. */
static inline void p521u_canonical64(uint64_t w[9], const p521u_fe *a) {
    uint64_t v[9];
    memcpy(v, a->v, sizeof v);
    for (int fold = 0; fold < 3; fold++) {
        for (int i = 0; i < 8; i++) {
            v[i + 1] += v[i] >> 58;
            v[i] &= P521U_M58;
        }
        if (fold == 2) break; /* the structure of the loop, not data: public */
        uint64_t h = v[8] >> 57;
        v[8] &= (1ULL << 57) - 1;
        v[0] += h;
    }
    ecedu_radix_to64(w, 9, 58, v, 9);
    uint64_t d[9], borrow = 0;
    for (int i = 0; i < 9; i++) {
        unsigned __int128 x = (unsigned __int128)w[i] - P521U_P64[i] - borrow;
        d[i] = (uint64_t)x;
        borrow = (uint64_t)(x >> 64) & 1;
    }
    uint64_t keep_w = 0 - borrow; /* w < p */
    for (int i = 0; i < 9; i++) w[i] = (w[i] & keep_w) | (d[i] & ~keep_w);
    ecedu_wipe(v, sizeof v);
    ecedu_wipe(d, sizeof d);
}

static inline uint64_t p521u_is_zero(const p521u_fe *a) {
    uint64_t w[9], t = 0;
    p521u_canonical64(w, a);
    for (int i = 0; i < 9; i++) t |= w[i];
    return ecedu_ct_is_zero_u64(t);
}

static inline void p521u_set_small(p521u_fe *r, uint64_t k) {
    memset(r, 0, sizeof *r);
    r->v[0] = k;
}

static inline uint64_t p521u_from_bytes(p521u_fe *r, const uint8_t in[P521U_BYTES]) {
    uint64_t w[9];
    (void)ecedu_bytes_to_words(w, 9, in, P521U_BYTES);
    uint64_t ok = ecedu_limbs_less_than(w, P521U_P64, 9);
    for (int i = 0; i < 9; i++) w[i] &= ok;
    ecedu_radix_from64(r->v, 9, 58, w, 9);
    ecedu_wipe(w, sizeof w);
    return ok;
}

static inline void p521u_to_bytes(uint8_t out[P521U_BYTES], const p521u_fe *a) {
    uint64_t w[9];
    p521u_canonical64(w, a);
    ecedu_words_to_bytes(out, P521U_BYTES, w, 9);
    ecedu_wipe(w, sizeof w);
}

/* r = x^(2^n) * m: n squarings of x then one multiplication (n public). */
static inline void p521u_sqr_n_mul(p521u_fe *r, const p521u_fe *x, int n, const p521u_fe *m) {
    p521u_fe t = *x;
    for (int i = 0; i < n; i++) p521u_sqr(&t, &t);
    p521u_mul(r, &t, m);
}

/* a^(p-2) = a^-1 (0 -> 0) by a fixed addition chain: p - 2 = 2^521 - 3 is 519 ones,
 * a zero, a one.  With e_k = a^(2^k - 1) and e_(j+k) = e_j^(2^k) e_k: e1 e2 e3 e6 e7
 * e8 e16 e32 ... e512, e519 = e512^(2^7) e7, and a^(p-2) = e519^(2^2) a (derived
 * here).  520 squarings and 13 multiplications, instead of 520 and 519 bit by bit;
 * the sequence depends on p only: constant time. */
static inline void p521u_inv(p521u_fe *r, const p521u_fe *a) {
    p521u_fe e1 = *a, e3, e7, t;
    p521u_sqr_n_mul(&t, &e1, 1, &e1);  /* e2 */
    p521u_sqr_n_mul(&e3, &t, 1, &e1);  /* e3 */
    p521u_sqr_n_mul(&t, &e3, 3, &e3);  /* e6 */
    p521u_sqr_n_mul(&e7, &t, 1, &e1);  /* e7 */
    p521u_sqr_n_mul(&t, &e7, 1, &e1);  /* e8 */
    for (int k = 8; k < 512; k *= 2) { /* e_2k = e_k^(2^k) e_k, up to e512 */
        p521u_fe ek = t;
        p521u_sqr_n_mul(&t, &ek, k, &ek);
        ecedu_wipe(&ek, sizeof ek);
    }
    p521u_sqr_n_mul(&t, &t, 7, &e7); /* e519 */
    p521u_sqr_n_mul(r, &t, 2, &e1);
    ecedu_wipe(&e1, sizeof e1), ecedu_wipe(&e3, sizeof e3);
    ecedu_wipe(&e7, sizeof e7), ecedu_wipe(&t, sizeof t);
}
#undef P521U_M58
