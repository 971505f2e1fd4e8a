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
 * Multiplication with delayed carries: a column of the 9x9 product adds at most
 * 9 products of limbs < 2^59 with no carry inside the product (p521u_mul forms
 * the columns by three-way Karatsuba on blocks of three limbs: 54 products), and
 * the reduction costs only shifts and adds: 2^522 = 2 (mod p), so column
 * k >= 9 (at 2^(58 k) = 2^(58(k-9)) 2^522) counts twice in column k - 9
 * (the folded sums < 2^123).  One carry pass over the nine columns (u128) leaves limbs < 2^58 and
 * a carry c < 2^67 out of limb 8, worth c 2^522 = 2c: added to limb 0 (< 2^58 +
 * 2^68) and carried once into limb 1 (< 2^58 + 2^11): limbs < 2^59, the loose
 * bound, which mul accepts.  Additions and subtractions end in one parallel
 * carry step (p521u_carry), not a carry chain.
 */
#include "field/gfp/radix.h"
#include "scalar/modinv.h" /* the divsteps inversion, p521u_inv */
#include "internal.h" /* ecedu_in_reg */

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

/* Any limbs (< 2^64) -> loose, by ONE PARALLEL carry step: every limb keeps its low 58 bits and
 * receives the carry of the limb below it (limb 0 the carry out of limb 8, twice: 2^522 = 2),
 *     v_i' = (v_i mod 2^58) + (v_(i-1) >> 58),   v_0' = (v_0 mod 2^58) + 2 (v_8 >> 58),
 * the same value mod p.  The carries are < 2^6, so v_i' < 2^58 + 2^7 < 2^59: loose (after
 * add and sub, whose limbs are < 2^61, the carries are < 2^3).  Nine
 * independent limbs instead of a carry chain through them (measured: an addition 17 ->
 * TSC ticks in a dependent chain on the EPYC). */
static inline void p521u_carry(uint64_t v[9]) {
    uint64_t c[9];
    for (int i = 0; i < 9; i++) c[i] = ecedu_in_reg(v[i] >> 58);
    v[0] = ecedu_in_reg((v[0] & P521U_M58) + 2 * c[8]);
    for (int i = 1; i < 9; i++) v[i] = ecedu_in_reg((v[i] & P521U_M58) + c[i - 1]);
}

/* The carry pass of the product and the square: nine folded column sums d_k < 2^123
 * (d_k = c_k + 2 c_(k+9), c the 17 columns of the unreduced product: 2^522 = 2 mod p) to a
 * loose element.  Each column keeps its low 58 bits and passes the rest up (a carry < 2^66);
 * the carry out of column 8 is worth 2^522 = 2, so twice it goes into limb 0 and the excess
 * of limb 0 once into limb 1. */
static inline __attribute__((always_inline)) void p521u_carry_cols(p521u_fe *r, const unsigned __int128 c[9]) {
    typedef unsigned __int128 u128;
    u128 carry = 0;
    for (int k = 0; k < 9; k++) {
        u128 u = c[k] + carry;
        r->v[k] = (uint64_t)u & P521U_M58;
        carry = u >> 58; /* < 2^66 */
    }
    u128 u = (u128)r->v[0] + 2 * carry; /* carry < 2^67: 2^522 = 2 */
    r->v[0] = (uint64_t)u & P521U_M58;
    r->v[1] += (uint64_t)(u >> 58); /* < 2^58 + 2^11: loose */
}

/* The 3 x 3 block of the product: limbs a[0..2] times b[0..2], its five columns
 * o_j = sum_{i + l = j} a_i b_l (at most three products). */
static inline __attribute__((always_inline)) void p521u_mul3(unsigned __int128 o[5], const uint64_t a[3], const uint64_t b[3]) {
    typedef unsigned __int128 u128;
    o[0] = (u128)a[0] * b[0];
    o[1] = (u128)a[0] * b[1] + (u128)a[1] * b[0];
    o[2] = (u128)a[0] * b[2] + (u128)a[1] * b[1] + (u128)a[2] * b[0];
    o[3] = (u128)a[1] * b[2] + (u128)a[2] * b[1];
    o[4] = (u128)a[2] * b[2];
}

/* The product by three-way Karatsuba on blocks of three limbs (GECC sec. 2.2.2's
 * Karatsuba-Ofman idea, the three-term form): with x = X0 + X1 t + X2 t^2, t = 2^174,
 * and y alike, the nine block products XiYj come from six,
 *     P0 = X0Y0, P1 = X1Y1, P2 = X2Y2,
 *     P01 = (X0+X1)(Y0+Y1), P02 = (X0+X2)(Y0+Y2), P12 = (X1+X2)(Y1+Y2),
 *     xy = P0 + (P01-P0-P1) t + (P02-P0-P2+P1) t^2 + (P12-P1-P2) t^3 + P2 t^4,
 * an identity of polynomials in the limb positions: column by column it yields the
 * schoolbook column sums c_k = sum_{i+j=k} x_i y_j, k = 0..16, exactly (nonnegative,
 * < 9 2^118 < 2^122; the block sums have limbs < 2^60, their products < 2^120, every
 * intermediate column < 3 2^120 < 2^122: no u128 wraps).  54 products instead of 81.
 * Then the reduction: 2^522 = 2 (mod p), so d_k = c_k + 2 c_(k+9) (k < 8), d_8 = c_8
 * -- the column sums the schoolbook loop with y2 = 2y used to form, the same integers
 * (< 17 2^118 < 2^123), so the carry pass and its bounds are unchanged (p521u_carry_cols).
 * It replaced the product-scanning schoolbook product (81 products, the fold as y2 = 2y in the
 * columns k + 9 - i, nine 128-bit accumulators; GECC Alg. 2.10's column order).  Measured on an
 * AMD EPYC Zen 3 (dependent chain, min TSC ticks of 3000 x 100, both in one driver): 138 -> 124
 * per product, the same outputs on 200 000 random loose inputs (limbs < 2^59, the all-ones
 * limbs among them); secp521r1 ECDH in curve/prime/README.md.  The same three-way split for the
 * square (36 products against 45) measured slower, 79-81 -> 92-109 ticks: the square keeps
 * its cross products once instead.
 *
 * Out of line (noinline) on purpose, the square too: inlined, the schoolbook product (1.9 KB of
 * code) and the square (1.2 KB) made the curve's formulas huge straight code -- the Jacobian
 * doubling 11.6 KB, PC(mul) with its inlined additions 40 KB, the secp521r1 unit's text 254 KB
 * (objdump, GCC 12 -O3) -- and calls are cheaper than those code's trips through the caches:
 * out of line, 5.5 KB, 6 KB and 125 KB.  Measured on the EPYC (secp521r1 k Q, this unit built
 * both ways and linked into one driver, alternating runs, min of 40 each; the machine shared):
 * about 505 000 against 545 000 to 620 000 TSC ticks, -8% or more.  ("unused": no warning in
 * a unit that includes the header and does not use them.)
 *
 * Tried and not kept (AMD EPYC Zen 3, 5 December 2026; dependent chain r = r b, min TSC ticks of
 * 300 x 100, every variant in one driver, the same outputs on 200 000 random loose inputs):
 * the 81-product schoolbook in inline assembly (y2 = 2y precomputed, one column at a time, each
 * product MOV/MUL/ADD/ADC into a 128-bit accumulator, the carry pass per column) 128-135 ticks
 * against 108 for this Karatsuba in C, two columns interleaved 131-138, and the square in the
 * same assembly 94 against 76 for p521u_sqr; Clang 14 -O3 on this C 128 and 87; GCC with
 * -mbmi2 -madx (MULX) no better.  GCC's code here runs near four instructions per cycle
 * (548 instructions, 54 products at about one per TSC tick on this CPU), so what would pay is
 * fewer instructions, not another order of the same ones.  (A first assembly version stored each
 * limb of r while later columns still loaded a's limbs: with r = a that cost memory-order
 * flushes, 143 ticks; write r after the last load.) */
static __attribute__((noinline, unused)) void p521u_mul(p521u_fe *r, const p521u_fe *a, const p521u_fe *b) {
    typedef unsigned __int128 u128;
    const uint64_t *x = a->v, *y = b->v;
    uint64_t xs[9], ys[9]; /* X0+X1, X0+X2, X1+X2 and the same of y: limbs < 2^60 */
    for (int i = 0; i < 3; i++) {
        xs[i] = x[i] + x[i + 3], ys[i] = y[i] + y[i + 3];
        xs[i + 3] = x[i] + x[i + 6], ys[i + 3] = y[i] + y[i + 6];
        xs[i + 6] = x[i + 3] + x[i + 6], ys[i + 6] = y[i + 3] + y[i + 6];
    }
    u128 p0[5], p1[5], p2[5], p01[5], p02[5], p12[5];
    p521u_mul3(p0, x, y);
    p521u_mul3(p1, x + 3, y + 3);
    p521u_mul3(p2, x + 6, y + 6);
    p521u_mul3(p01, xs, ys);
    p521u_mul3(p02, xs + 3, ys + 3);
    p521u_mul3(p12, xs + 6, ys + 6);
    u128 c[17] = {0};
    for (int j = 0; j < 5; j++) {
        c[j] += p0[j];
        c[j + 3] += p01[j] - p0[j] - p1[j];
        c[j + 6] += p02[j] - p0[j] - p2[j] + p1[j];
        c[j + 9] += p12[j] - p1[j] - p2[j];
        c[j + 12] += p2[j];
    }
    u128 d[9];
    for (int k = 0; k < 8; k++) d[k] = c[k] + 2 * c[k + 9];
    d[8] = c[8];
    p521u_carry_cols(r, d);
}

/* The square by product scanning (GECC Alg. 2.10's column order), the fold in the columns and
 * each cross product once (HAC Alg. 14.16): with x2 = 2 x and
 * x4 = 4 x (limbs < 2^61), column k gets x2_i x_j for i < j, i + j = k, the square x_(k/2)^2,
 * and, folded from column k + 9, x4_i x_j for i < j, i + j = k + 9, and x2_m x_m for
 * 2m = k + 9: at most five products < 2^120 (45 in all, against 81), c_k < 2^123.
 * Measured 48 TSC ticks against 80 for the schoolbook p521u_mul(a, a) then (dependent chain; the loops fully
 * unrolled by the pragmas: GCC 12 left them rolled, and then the square was slower). */
static __attribute__((noinline, unused)) void p521u_sqr(p521u_fe *r, const p521u_fe *a) {
    typedef unsigned __int128 u128;
    const uint64_t *x = a->v;
    uint64_t x2[9], x4[9];
    for (int i = 0; i < 9; i++) x2[i] = ecedu_in_reg(2 * x[i]), x4[i] = ecedu_in_reg(4 * x[i]);
    u128 c[9];
#pragma GCC unroll 9
    for (int k = 0; k < 9; k++) {
        u128 s = 0;
#pragma GCC unroll 9
        for (int i = 0; 2 * i < k; i++) s += (u128)x2[i] * x[k - i];
        if (k % 2 == 0) s += (u128)x[k / 2] * x[k / 2];
#pragma GCC unroll 9
        for (int i = k + 1; 2 * i < k + 9; i++) s += (u128)x4[i] * x[k + 9 - i];
        if ((k + 9) % 2 == 0) s += (u128)x2[(k + 9) / 2] * x[(k + 9) / 2];
        c[k] = s;
    }
    p521u_carry_cols(r, c);
}

static inline void p521u_add(p521u_fe *r, const p521u_fe *a, const p521u_fe *b) {
    for (int i = 0; i < 9; i++) r->v[i] = ecedu_in_reg(a->v[i] + b->v[i]); /* < 2^60 */
    p521u_carry(r->v);
}

/* a - b + 8p: every limb non-negative (8p's limbs >= 2^59 > b's) and < 2^61. */
static inline void p521u_sub(p521u_fe *r, const p521u_fe *a, const p521u_fe *b) {
    for (int i = 0; i < 9; i++) r->v[i] = ecedu_in_reg(a->v[i] + P521U_8P[i] - b->v[i]);
    p521u_carry(r->v);
}

/*
 * r = ka a - kb b (mod p) for small PUBLIC constants 1 <= ka <= 12 and 0 <= kb <= 9, in one
 * parallel carry step: the fused linear combinations of the a = -3 doubling (FE_LIN of
 * curve/prime/sw.tmpl.h: 12 B - 9 C, 4 B - D, 3 E - 8 F).  Limb by limb
 *     ka a_i + 64p_i - kb b_i,   64p = 8 (8p) (P521U_8P: limbs 2^60 - 8 and 2^60 - 4),
 * with a_i, b_i < 2^59 (loose): 64p's limbs 2^63 - 64 and 2^63 - 32 are above kb b_i < 9 2^59
 * < 2^62.2, so no limb goes below zero, and the sum stays below ka 2^59 + 2^63 <= 1.5 2^62 + 2^63
 * < 2^64 (no wrap); p521u_carry then makes it loose.  64p = 0 (mod p), so r = ka a - kb b.
 * With it the 3M + 5S doubling has three of these and five additions or subtractions where
 * it had fifteen of those (sw.tmpl.h, PC(jdbl)).
 */
static inline void p521u_lin(p521u_fe *r, const uint64_t ka, const p521u_fe *a, const uint64_t kb,
                             const p521u_fe *b) {
    for (int i = 0; i < 9; i++) r->v[i] = ecedu_in_reg(ka * a->v[i] + 8 * P521U_8P[i] - kb * b->v[i]);
    p521u_carry(r->v);
}

static inline void p521u_neg(p521u_fe *r, const p521u_fe *a) {
    p521u_fe zero = {{0}};
    p521u_sub(r, &zero, a);
}

/* No register barrier here: the table scans of the curve (PC(select)) are memory to memory,
 * and their SSE code measured faster (P-521 k Q 250 -> 215 us in one build; code placement
 * moves P-521 by several per cent from build to build, see build.py). */
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

/* a^-1 (0 -> 0): the canonical residue inverted by scalar/modinv.h's constant-time divsteps
 * (Bernstein-Yang; p = 2^521 - 1 is public and odd: nine 62-bit limbs, 25 batches of 62
 * divsteps), then back into 58-bit limbs, as p384i_inv does in fe_p384_ifma.h.  It replaced the
 * Fermat addition chain a^(p-2) (520 squarings and 13 products).  Measured on an AMD EPYC Zen 3
 * (`python -m ecedu speed ecdh|ecdsa --cycles --curves P-521`, min TSC ticks of 500, the two
 * libraries alternated): k G 243,000-246,000 -> 172,000-180,000, signing 244,000 -> 205,000,
 * ECDH 777,000-810,000 -> 767,000-786,000 (a noisy host: the medians moved by 30%).  With
 * vartime = 0 (p521u_inv) constant time in a (modinv.h: the batch count and every index depend on
 * p only, the choices are masks); with vartime = 1 (p521u_inv_vartime, for a PUBLIC a)
 * modinv_vartime's early stop. */
static inline void p521u_inv_as(p521u_fe *r, const p521u_fe *a, const int vartime) {
    uint64_t w[9];
    p521u_canonical64(w, a);
    modinv_mod_prime_as(w, w, P521U_P64, 9, 521, vartime);
    ecedu_radix_from64(r->v, 9, 58, w, 9);
    ecedu_wipe(w, sizeof w);
}

static inline void p521u_inv(p521u_fe *r, const p521u_fe *a) {
    p521u_inv_as(r, a, 0);
}

/* The same in variable time, for a PUBLIC a (sw.tmpl.h's FE_INV_VARTIME: the table of a public
 * point's multiples). */
static inline void p521u_inv_vartime(p521u_fe *r, const p521u_fe *a) {
    p521u_inv_as(r, a, 1);
}
#undef P521U_M58
