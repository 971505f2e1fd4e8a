/*
 * fe25519.h -- the field GF(p), p = 2^255 - 19, as an fe implementation of
 * field/gfp/ (the element interface of field/gfp/README.md), prefix fe25519.
 *
 * Representation: five unsigned 64-bit limbs in radix 2^51 (Bernstein,
 * "Curve25519: new Diffie-Hellman speed records", PKC 2006, §4 uses radix
 * 2^25.5 on 32-bit machines; the 2^51 form for 64-bit machines with a
 * 64 x 64 -> 128-bit multiplier is the standard one):
 *     a = v[0] + v[1] 2^51 + v[2] 2^102 + v[3] 2^153 + v[4] 2^204   (mod p).
 * A limb may exceed 2^51 ("unsaturated": carries are deferred), and a value
 * need not be below p; only fe25519_to_bytes* and fe25519_is_zero produce the
 * canonical value.  Reduction uses 2^255 = 19 (mod p): a carry c out of the
 * top limb re-enters the bottom one as 19 c.
 *
 * Bounds (the BearSSL habit: every function states what it takes and gives).
 *   T ("tight"): every limb < 2^51 + 2^12.  The output of every interface
 *      function (mul, sqr, add, sub, neg, set_small, from_bytes, inv, cmov of
 *      T elements) is T.
 *   L ("loose"): every limb < 2^53.  fe25519_mul and fe25519_sqr accept L
 *      inputs; fe25519_add_lazy and fe25519_sub_lazy (for the ladder: no carry
 *      chain) take T and give L, so their results go straight into mul / sqr.
 * The arguments are in the comments of each function.  All functions are
 * constant time in the element values: no branch, no table index and no
 * memory address depends on them.
 *
 * Besides the interface (big-endian bytes, as every fe implementation), the
 * little-endian byte forms of RFC 7748 §5 (fe25519_from_bytes_le masks bit
 * 255 as decodeUCoordinate does) and fe25519_mul_small (times a24 = 121665)
 * and fe25519_cswap for curve/x25519.c.
 */
#ifndef ECEDU_FE25519_H
#define ECEDU_FE25519_H

#include <stdint.h>
#include <string.h>

typedef struct {
    uint64_t v[5];
} fe25519_fe;

enum { FE25519_BYTES = 32 };

#define FE25519_MASK51 ((UINT64_C(1) << 51) - 1)

typedef unsigned __int128 fe25519_u128;

/* Carry chain: limb i keeps its low 51 bits, the rest moves to limb i+1;
 * the carry c out of limb 4 returns to limb 0 as 19 c (2^255 = 19 mod p),
 * and limb 0 carries once more into limb 1.  Input: limbs < 2^54 (L, or a
 * sum of two L).  Then c < 2^3 + 1, 19 c < 2^8, the last carry is at most 1:
 * output limbs 0, 2, 3, 4 < 2^51 and limb 1 <= 2^51, so r is in T. */
static inline void fe25519_carry(fe25519_fe *r) {
    uint64_t c;
    c = r->v[0] >> 51, r->v[0] &= FE25519_MASK51, r->v[1] += c;
    c = r->v[1] >> 51, r->v[1] &= FE25519_MASK51, r->v[2] += c;
    c = r->v[2] >> 51, r->v[2] &= FE25519_MASK51, r->v[3] += c;
    c = r->v[3] >> 51, r->v[3] &= FE25519_MASK51, r->v[4] += c;
    c = r->v[4] >> 51, r->v[4] &= FE25519_MASK51, r->v[0] += 19 * c;
    c = r->v[0] >> 51, r->v[0] &= FE25519_MASK51, r->v[1] += c;
}

/* The reduction of a 5-limb product t to T.  Input: t[0..3] < 2^113, t[4] <
 * 2^109.  Two carry chains run side by side, 0 -> 1 -> 2 -> 3 and 3 -> 4 ->
 * 0 (x 19) -> 1, so that the chain of dependent steps is three long, not six
 * (measured 1-3% faster X25519 than the single chain).  Bounds: a carry out
 * of t[i] is < 2^62, so t[1], t[2], t[4] plus a carry stay far below 2^128;
 * the carry c4 out of t[4] + carry is < (2^109 + 2^62) / 2^51 < 2^58.1, so
 * 19 c4 < 2^62.4 and r0 = (t[0] mod 2^51) + 19 c4 < 2^63 fits a word; r3 =
 * (t[3] mod 2^51) + (carry out of t[2]) < 2^62.1.  The last carries out of r0
 * (< 2^12) and r3 (< 2^11.1) go to r1 and r4: output limbs < 2^51 + 2^12. */
static inline void fe25519_reduce_wide(fe25519_fe *r, fe25519_u128 t[5]) {
    uint64_t r0, r1, r2, r3, r4, c;
    t[1] += (uint64_t)(t[0] >> 51), r0 = (uint64_t)t[0] & FE25519_MASK51;
    t[4] += (uint64_t)(t[3] >> 51), r3 = (uint64_t)t[3] & FE25519_MASK51;
    t[2] += (uint64_t)(t[1] >> 51), r1 = (uint64_t)t[1] & FE25519_MASK51;
    c = (uint64_t)(t[4] >> 51), r4 = (uint64_t)t[4] & FE25519_MASK51;
    r0 += 19 * c;
    c = (uint64_t)(t[2] >> 51), r2 = (uint64_t)t[2] & FE25519_MASK51;
    r3 += c;
    c = r0 >> 51, r0 &= FE25519_MASK51, r1 += c;
    c = r3 >> 51, r3 &= FE25519_MASK51, r4 += c;
    r->v[0] = r0, r->v[1] = r1, r->v[2] = r2, r->v[3] = r3, r->v[4] = r4;
}

/* r = a b.  a, b in L (limbs < 2^53); r in T; r may alias a or b.
 * Schoolbook product (GECC Alg. 2.9 on limbs) with the limbs of weight
 * >= 2^255 folded at once: a_i b_j with i + j >= 5 lands in limb i + j - 5,
 * times 19.  Bounds: 19 b_j < 2^57.3; each product < 2^110.3; a limb of t
 * sums at most one unscaled product (< 2^106) and four scaled ones, <
 * 2^106 + 4 * 2^110.3 < 2^112.4; t[4] has five unscaled ones, < 2^108.4.  So
 * reduce_wide's preconditions hold. */
static inline void fe25519_mul(fe25519_fe *r, const fe25519_fe *a, const fe25519_fe *b) {
    const uint64_t a0 = a->v[0], a1 = a->v[1], a2 = a->v[2], a3 = a->v[3], a4 = a->v[4];
    const uint64_t b0 = b->v[0], b1 = b->v[1], b2 = b->v[2], b3 = b->v[3], b4 = b->v[4];
    const uint64_t b1_19 = 19 * b1, b2_19 = 19 * b2, b3_19 = 19 * b3, b4_19 = 19 * b4;
    fe25519_u128 t[5];
    t[0] = (fe25519_u128)a0 * b0 + (fe25519_u128)a1 * b4_19 + (fe25519_u128)a2 * b3_19 +
           (fe25519_u128)a3 * b2_19 + (fe25519_u128)a4 * b1_19;
    t[1] = (fe25519_u128)a0 * b1 + (fe25519_u128)a1 * b0 + (fe25519_u128)a2 * b4_19 +
           (fe25519_u128)a3 * b3_19 + (fe25519_u128)a4 * b2_19;
    t[2] = (fe25519_u128)a0 * b2 + (fe25519_u128)a1 * b1 + (fe25519_u128)a2 * b0 +
           (fe25519_u128)a3 * b4_19 + (fe25519_u128)a4 * b3_19;
    t[3] = (fe25519_u128)a0 * b3 + (fe25519_u128)a1 * b2 + (fe25519_u128)a2 * b1 +
           (fe25519_u128)a3 * b0 + (fe25519_u128)a4 * b4_19;
    t[4] = (fe25519_u128)a0 * b4 + (fe25519_u128)a1 * b3 + (fe25519_u128)a2 * b2 +
           (fe25519_u128)a3 * b1 + (fe25519_u128)a4 * b0;
    fe25519_reduce_wide(r, t);
}

/* r = a^2.  a in L; r in T; r may alias a.  The 15 distinct products of the
 * schoolbook square (GECC Alg. 2.13), doubled limbs 2 a_i < 2^54 and 38 a_i <
 * 2^58.3 (a_3, a_4 times 19 here, the doubling in the other factor): a limb of t is < 2^106 + 2 * 2^111.3 < 2^112.4 (t[4]: 2^106 + 2 *
 * 2^107 < 2^108.4), as fe25519_mul. */
static inline void fe25519_sqr(fe25519_fe *r, const fe25519_fe *a) {
    const uint64_t a0 = a->v[0], a1 = a->v[1], a2 = a->v[2], a3 = a->v[3], a4 = a->v[4];
    const uint64_t d0 = 2 * a0, d1 = 2 * a1, d2 = 2 * a2, d3 = 2 * a3;
    const uint64_t a3_19 = 19 * a3, a4_19 = 19 * a4;
    fe25519_u128 t[5];
    t[0] = (fe25519_u128)a0 * a0 + (fe25519_u128)d1 * a4_19 + (fe25519_u128)d2 * a3_19;
    t[1] = (fe25519_u128)d0 * a1 + (fe25519_u128)d2 * a4_19 + (fe25519_u128)a3 * a3_19;
    t[2] = (fe25519_u128)d0 * a2 + (fe25519_u128)a1 * a1 + (fe25519_u128)d3 * a4_19;
    t[3] = (fe25519_u128)d0 * a3 + (fe25519_u128)d1 * a2 + (fe25519_u128)a4 * a4_19;
    t[4] = (fe25519_u128)d0 * a4 + (fe25519_u128)d1 * a3 + (fe25519_u128)a2 * a2;
    fe25519_reduce_wide(r, t);
}

/* r = a^(2^n), n >= 1 public (the runs of squarings of the inversion). */
static inline void fe25519_sqr_n(fe25519_fe *r, const fe25519_fe *a, int n) {
    fe25519_sqr(r, a);
    for (int i = 1; i < n; i++) fe25519_sqr(r, r);
}

/* r = a k for a public k < 2^17 (a24 = 121665).  a in L; r in T.
 * a_i k < 2^70 in 128 bits; t[4] < 2^70 too, so reduce_wide applies. */
static inline void fe25519_mul_small(fe25519_fe *r, const fe25519_fe *a, uint64_t k) {
    fe25519_u128 t[5];
    for (int i = 0; i < 5; i++) t[i] = (fe25519_u128)a->v[i] * k;
    fe25519_reduce_wide(r, t);
}

/* 2p in radix 2^51: limb 0 = 2 (2^51 - 19), the others 2 (2^51 - 1).  Each
 * limb is >= 2^52 - 38 > 2^51 + 2^12, so 2p - b has no negative limb for b in T. */
#define FE25519_2P0 UINT64_C(0xfffffffffffda)
#define FE25519_2P1 UINT64_C(0xffffffffffffe)

/* r = a + b without a carry.  a, b in T; r in L (limbs < 2^52 + 2^13). */
static inline void fe25519_add_lazy(fe25519_fe *r, const fe25519_fe *a, const fe25519_fe *b) {
    for (int i = 0; i < 5; i++) r->v[i] = a->v[i] + b->v[i];
}

/* r = a - b + 2p without a carry.  a, b in T; r in L (limbs < 2^51 + 2^12 +
 * 2^52 < 2^53), and no limb goes negative (see FE25519_2P0). */
static inline void fe25519_sub_lazy(fe25519_fe *r, const fe25519_fe *a, const fe25519_fe *b) {
    r->v[0] = a->v[0] + FE25519_2P0 - b->v[0];
    for (int i = 1; i < 5; i++) r->v[i] = a->v[i] + FE25519_2P1 - b->v[i];
}

/* r = a + b.  a, b in T; r in T (the lazy sum, < 2^53, carried). */
static inline void fe25519_add(fe25519_fe *r, const fe25519_fe *a, const fe25519_fe *b) {
    fe25519_add_lazy(r, a, b);
    fe25519_carry(r);
}

/* r = a - b.  a, b in T; r in T. */
static inline void fe25519_sub(fe25519_fe *r, const fe25519_fe *a, const fe25519_fe *b) {
    fe25519_sub_lazy(r, a, b);
    fe25519_carry(r);
}

/* r = -a = 2p - a.  a in T; r in T. */
static inline void fe25519_neg(fe25519_fe *r, const fe25519_fe *a) {
    fe25519_fe zero = {{0, 0, 0, 0, 0}};
    fe25519_sub(r, &zero, a);
}

/* r = k, public k < 2^32 (< 2^51: one limb). */
static inline void fe25519_set_small(fe25519_fe *r, uint64_t k) {
    r->v[0] = k, r->v[1] = r->v[2] = r->v[3] = r->v[4] = 0;
}

/* r = mask ? a : r, for mask 0 or all-ones. */
static inline void fe25519_cmov(fe25519_fe *r, const fe25519_fe *a, uint64_t mask) {
    for (int i = 0; i < 5; i++) r->v[i] ^= mask & (r->v[i] ^ a->v[i]);
}

/* (a, b) = mask ? (b, a) : (a, b), for mask 0 or all-ones: RFC 7748 §5 cswap. */
static inline void fe25519_cswap(fe25519_fe *a, fe25519_fe *b, uint64_t mask) {
    for (int i = 0; i < 5; i++) {
        uint64_t d = mask & (a->v[i] ^ b->v[i]);
        a->v[i] ^= d, b->v[i] ^= d;
    }
}

/* The canonical value of a (a in T) as four little-endian 64-bit words < p.
 * Two carry passes give limbs < 2^51 with value v < 2^255 (pass one: limbs
 * 1..4 < 2^51, the top carry is 0 or 1, limb 0 < 2^51 + 19; pass two moves
 * at most 1 up the chain; if it leaves limb 4 the low limb it returns to is
 * < 19, so limb 0 stays < 2^51).  Then v >= p iff v + 19 >= 2^255: q is that
 * bit, computed by a carry chain; v + 19 q with bit 255 dropped is v mod p. */
static inline void fe25519_canonical(uint64_t w[4], const fe25519_fe *a) {
    fe25519_fe t = *a;
    fe25519_carry(&t);
    fe25519_carry(&t);
    uint64_t q = (t.v[0] + 19) >> 51;
    q = (t.v[1] + q) >> 51;
    q = (t.v[2] + q) >> 51;
    q = (t.v[3] + q) >> 51;
    q = (t.v[4] + q) >> 51; /* 0 or 1 */
    t.v[0] += 19 * q;
    uint64_t c;
    c = t.v[0] >> 51, t.v[0] &= FE25519_MASK51, t.v[1] += c;
    c = t.v[1] >> 51, t.v[1] &= FE25519_MASK51, t.v[2] += c;
    c = t.v[2] >> 51, t.v[2] &= FE25519_MASK51, t.v[3] += c;
    c = t.v[3] >> 51, t.v[3] &= FE25519_MASK51, t.v[4] += c;
    t.v[4] &= FE25519_MASK51; /* drop 2^255: v + 19 - 2^255 = v - p */
    w[0] = t.v[0] | (t.v[1] << 51);
    w[1] = (t.v[1] >> 13) | (t.v[2] << 38);
    w[2] = (t.v[2] >> 26) | (t.v[3] << 25);
    w[3] = (t.v[3] >> 39) | (t.v[4] << 12);
}

/* The canonical value of a (in T) as 32 little-endian bytes (RFC 7748 §5
 * encodeUCoordinate). */
static inline void fe25519_to_bytes_le(uint8_t out[FE25519_BYTES], const fe25519_fe *a) {
    uint64_t w[4];
    fe25519_canonical(w, a);
    for (int i = 0; i < 32; i++) out[i] = (uint8_t)(w[i / 8] >> (8 * (i % 8)));
}

/* The interface's big-endian canonical bytes. */
static inline void fe25519_to_bytes(uint8_t out[FE25519_BYTES], const fe25519_fe *a) {
    uint64_t w[4];
    fe25519_canonical(w, a);
    for (int i = 0; i < 32; i++) out[31 - i] = (uint8_t)(w[i / 8] >> (8 * (i % 8)));
}

/* Limbs of the four little-endian words w (bit 255 ignored): r in T (limbs
 * < 2^51), value w mod 2^255, which may be in [p, 2^255). */
static inline void fe25519_from_words(fe25519_fe *r, const uint64_t w[4]) {
    r->v[0] = w[0] & FE25519_MASK51;
    r->v[1] = ((w[0] >> 51) | (w[1] << 13)) & FE25519_MASK51;
    r->v[2] = ((w[1] >> 38) | (w[2] << 26)) & FE25519_MASK51;
    r->v[3] = ((w[2] >> 25) | (w[3] << 39)) & FE25519_MASK51;
    r->v[4] = (w[3] >> 12) & FE25519_MASK51;
}

/* RFC 7748 §5 decodeUCoordinate: 32 little-endian bytes, bit 255 masked off;
 * a value in [p, 2^255) is kept as it is (it is the same element). */
static inline void fe25519_from_bytes_le(fe25519_fe *r, const uint8_t in[FE25519_BYTES]) {
    uint64_t w[4] = {0, 0, 0, 0};
    for (int i = 0; i < 32; i++) w[i / 8] |= (uint64_t)in[i] << (8 * (i % 8));
    fe25519_from_words(r, w);
}

/* The interface's big-endian input: returns all-ones if in < p, else 0 (then
 * r = 0, as the saturated fields of fe_sat.tmpl.h give).  in < p iff bit 255 is clear and
 * (in + 19) < 2^255, the latter the carry of a 4-word addition. */
static inline uint64_t fe25519_from_bytes(fe25519_fe *r, const uint8_t in[FE25519_BYTES]) {
    uint64_t w[4] = {0, 0, 0, 0};
    for (int i = 0; i < 32; i++) w[i / 8] |= (uint64_t)in[31 - i] << (8 * (i % 8));
    uint64_t top = w[3] >> 63;
    fe25519_u128 s = (fe25519_u128)w[0] + 19;
    s = (s >> 64) + w[1];
    s = (s >> 64) + w[2];
    s = (s >> 64) + (w[3] & (UINT64_MAX >> 1));
    uint64_t ge = (uint64_t)(s >> 63) & 1; /* in mod 2^255 >= p */
    const uint64_t ok = (uint64_t)0 - (1 ^ (top | ge));
    for (int i = 0; i < 4; i++) w[i] &= ok;
    fe25519_from_words(r, w);
    return ok;
}

/* All-ones if a = 0 (mod p), else 0.  a in T. */
static inline uint64_t fe25519_is_zero(const fe25519_fe *a) {
    uint64_t w[4];
    fe25519_canonical(w, a);
    uint64_t t = w[0] | w[1] | w[2] | w[3];
    return ((~t & (t - 1)) >> 63) * UINT64_MAX;
}

/* r = a^-1 (0 -> 0), a in L, r in T: fe25519_inv by the divsteps of scalar/modinv.h on the
 * canonical words, written once for both X25519 fields in fe25519_inv.tmpl.h. */
#define INVF(name) fe25519_##name
#define FE25519_INV_FN static inline
#include "field/gfp/fe25519_inv.tmpl.h"
#undef INVF
#undef FE25519_INV_FN

#endif /* ECEDU_FE25519_H */
