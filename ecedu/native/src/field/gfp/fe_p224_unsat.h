/*
 * fe_p224_unsat.h -- GF(p), p = 2^224 - 2^96 + 1 (FIPS 186-4 D.1.2.2), in four
 * UNSATURATED 56-bit limbs with 128-bit products: the representation of
 * OpenSSL's ec_nistp_64_gcc_128 for P-224 (seed 004, the Ubuntu request to
 * enable it), written from the idea, not from that code.  fe interface prefix
 * p224u (field/gfp/README.md).
 *
 * Representation: v = v0 + v1 2^56 + v2 2^112 + v3 2^168.  Every function
 * returns a NORMAL element: each limb in [0, 2^56) (so v < 2^224 < 2p), v = x
 * (mod p) but not necessarily < p; to_bytes and is_zero reduce it fully.
 * Why 56 bits: a product of two limbs has 112 bits, and a column of the 4x4
 * schoolbook product adds 4 of them: < 2^114, room in 128 bits for the carries
 * to be DELAYED -- the columns are summed with no carry at all and carried once
 * at the end (a saturated product carries after every word product).  mul also
 * accepts limbs up to 2^58 (a sum of normal elements not yet carried).
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
 */
#include "field/gfp/radix.h"

typedef struct { uint64_t v[4]; } p224u_fe;
enum { P224U_BYTES = 28 };

#define P224U_M56 ((1ULL << 56) - 1)
/* p in 56-bit limbs, and p as 64-bit words (for the byte interface and inv) */
static const uint64_t P224U_P[4] = {1, (1ULL << 56) - (1ULL << 40), P224U_M56, P224U_M56};
static const uint64_t P224U_P64[4] = {1, 0xffffffff00000000ULL, ~0ULL, 0xffffffffULL};
static const uint64_t P224U_PM2_64[4] = {~0ULL, 0xfffffffeffffffffULL, ~0ULL, 0xffffffffULL};

/* One signed carry pass over s[0..3]: limbs to [0, 2^56); returns the carry out. */
static inline int64_t p224u_carry_pass(int64_t s[4]) {
    for (int i = 0; i < 3; i++) {
        s[i + 1] += s[i] >> 56; /* arithmetic shift: floor(s / 2^56) */
        s[i] &= (int64_t)P224U_M56;
    }
    int64_t c = s[3] >> 56;
    s[3] &= (int64_t)P224U_M56;
    return c;
}

/* r = s as a normal element, for |s_i| < 2^62 (the bounds at the top). */
static inline void p224u_normalize(p224u_fe *r, int64_t s[4]) {
    for (int fold = 0; fold < 2; fold++) {
        int64_t c = p224u_carry_pass(s); /* c 2^224 = c 2^96 - c */
        s[0] -= c;
        s[1] += c * ((int64_t)1 << 40);
    }
    (void)p224u_carry_pass(s); /* carries 0 */
    for (int i = 0; i < 4; i++) r->v[i] = (uint64_t)s[i];
}

static inline void p224u_mul(p224u_fe *r, const p224u_fe *a, const p224u_fe *b) {
    typedef unsigned __int128 u128;
    const uint64_t *x = a->v, *y = b->v;
    /* the seven columns, no carries: each < 4 (2^58)^2 = 2^118 */
    u128 t[7];
    t[0] = (u128)x[0] * y[0];
    t[1] = (u128)x[0] * y[1] + (u128)x[1] * y[0];
    t[2] = (u128)x[0] * y[2] + (u128)x[1] * y[1] + (u128)x[2] * y[0];
    t[3] = (u128)x[0] * y[3] + (u128)x[1] * y[2] + (u128)x[2] * y[1] + (u128)x[3] * y[0];
    t[4] = (u128)x[1] * y[3] + (u128)x[2] * y[2] + (u128)x[3] * y[1];
    t[5] = (u128)x[2] * y[3] + (u128)x[3] * y[2];
    t[6] = (u128)x[3] * y[3];
    /* the delayed carries, once: eight 56-bit limbs (the product < 2^(2*226),
     * so the top one, the last carry, is < 2^60) */
    int64_t s[8];
    u128 carry = 0;
    for (int k = 0; k < 7; k++) {
        u128 u = t[k] + carry;
        s[k] = (int64_t)((uint64_t)u & P224U_M56);
        carry = u >> 56;
    }
    s[7] = (int64_t)(uint64_t)carry;
    /* fold limbs 7..4 (all non-negative: only limbs < 4 are subtracted from) */
    for (int k = 7; k >= 4; k--) {
        s[k - 4] -= s[k];
        s[k - 3] += (s[k] & 0xffff) << 40;
        s[k - 2] += s[k] >> 16;
    }
    p224u_normalize(r, s); /* |s_i| < 2^62 */
}

static inline void p224u_sqr(p224u_fe *r, const p224u_fe *a) {
    p224u_mul(r, a, a);
}

static inline void p224u_add(p224u_fe *r, const p224u_fe *a, const p224u_fe *b) {
    int64_t s[4];
    for (int i = 0; i < 4; i++) s[i] = (int64_t)(a->v[i] + b->v[i]); /* < 2^57 */
    p224u_normalize(r, s);
}

static inline void p224u_sub(p224u_fe *r, const p224u_fe *a, const p224u_fe *b) {
    int64_t s[4];
    for (int i = 0; i < 4; i++) s[i] = (int64_t)a->v[i] - (int64_t)b->v[i]; /* |.| < 2^56 */
    p224u_normalize(r, s);
}

static inline void p224u_neg(p224u_fe *r, const p224u_fe *a) {
    p224u_fe zero = {{0}};
    p224u_sub(r, &zero, a);
}

static inline void p224u_cmov(p224u_fe *r, const p224u_fe *a, uint64_t mask) {
    for (int i = 0; i < 4; i++) r->v[i] ^= mask & (r->v[i] ^ a->v[i]);
}

/* The canonical residue of a normal a (v < 2^224 < 2p): v - p if that is >= 0. */
static inline void p224u_canonical(p224u_fe *r, const p224u_fe *a) {
    int64_t d[4], borrow = 0;
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

/* a^(p-2), square and multiply over the bits of the public p - 2 (0 -> 0). */
static inline void p224u_inv(p224u_fe *r, const p224u_fe *a) {
    p224u_fe x = *a, acc;
    p224u_set_small(&acc, 1);
    for (int bit = 223; bit >= 0; bit--) {
        p224u_sqr(&acc, &acc);
        if ((P224U_PM2_64[bit / 64] >> (bit % 64)) & 1) p224u_mul(&acc, &acc, &x);
    }
    *r = acc;
    ecedu_wipe(&x, sizeof x);
    ecedu_wipe(&acc, sizeof acc);
}
#undef P224U_M56
