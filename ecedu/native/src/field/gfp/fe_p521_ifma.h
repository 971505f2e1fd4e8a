/*
 * fe_p521_ifma.h -- GF(p), p = 2^521 - 1 (FIPS 186-4 D.1.2.5), for the "ifma" prime-field level:
 * eleven UNSATURATED 48-bit limbs and an AVX-512 IFMA product (VPMADD52LUQ / VPMADD52HUQ, eight
 * 52 x 52 -> low or high 52 bits multiply-adds per instruction).  fe interface prefix p521i
 * (field/gfp/README.md).  Every function is compiled for AVX512F/VL/IFMA (the pragma below): call
 * them only where cpu.c says the CPU has them (ecedu_gfp_ifma_enabled(); the curve copy
 * instances/gfp_secp521r1_ifma.c is called only then).
 *
 * Why radix 2^48 and not 2^52.  IFMA reads only the low 52 bits of each factor, so a factor must
 * be < 2^52 exactly; in radix 2^52 every result would need a full carry chain (a carry-lookahead
 * on compare masks, as mont_ifma.h does) before the next product.  In radix 2^48 a limb may grow
 * to 2^49 and stay a valid factor, so ONE parallel carry step per operation suffices.  The price:
 * the split of a product at bit 52 is not at a limb boundary.  It is moved there by scaling one
 * factor: with B = 8 b_j < 2^52 (b_j < 2^49),
 *     a_i b_j = a_i B / 8 = lo52(a_i B) / 8 + 2^49 hi52(a_i B),
 * where lo52(a_i B) is a multiple of 8 (B is): the low part counts at the limb of the column,
 * divided by 8 exactly, the high part at the next limb (2^48 up) doubled.  11 * 48 = 528 and
 * 2^528 = 2^7 (mod p): the columns 11..21 fold onto 0..10 times 2^7, and the carry out of limb 10
 * into limb 0 times 2^7.
 *
 * Representation: v = sum v_i 2^(48 i), i = 0..10, limb 11 always 0 (the element is twelve words,
 * one zmm and one ymm); every function returns a LOOSE element, each limb < 2^49, v = x (mod p),
 * not necessarily < p; to_bytes and is_zero reduce fully.
 *
 * Measured (standalone prototype, the EPYC, TSC ticks, shared machine: noisy): a product in a
 * dependent chain 54-57 against p521u's 80-84; four independent chains 24-25 a product; the
 * square 27 (four chains) against p521u's 53-55; the Jacobian doubling dbl-2001-b (3M + 5S) 467-551
 * against 611-740 (fe_p521_unsat.h in the same program).  Constant time: no branch, no
 * secret-dependent address; the lanes are carried by shifts and masks of constants.
 */
#include <immintrin.h>
#include "field/gfp/radix.h"
#include "scalar/modinv.h" /* the divsteps inversion, p521i_inv */
#include "internal.h" /* ecedu_wipe, ecedu_bytes_to_words */

#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512ifma")

typedef struct { uint64_t v[12]; } p521i_fe;
enum { P521I_BYTES = 66 };

#define P521I_M48 ((1ULL << 48) - 1)
static const uint64_t P521I_P64[9] = {~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, 0x1ff};
/* 512 p in limbs >= 2^49 (above every loose limb), for sub: 128 p = 2^528 - 2^7 is the limbs
 * (2^48 - 128, 2^48 - 1, ..., 2^48 - 1) (2^528 - 1 all ones less 127 at limb 0); times 4. */
static const uint64_t P521I_512P[12] = {
    (1ULL << 50) - 512, (1ULL << 50) - 4, (1ULL << 50) - 4, (1ULL << 50) - 4, (1ULL << 50) - 4, (1ULL << 50) - 4,
    (1ULL << 50) - 4,   (1ULL << 50) - 4, (1ULL << 50) - 4, (1ULL << 50) - 4, (1ULL << 50) - 4, 0,
};

#define P521I_LOAD1(p) _mm512_zextsi256_si512(_mm256_loadu_si256((const __m256i *)((p) + 8)))
#define P521I_AL(hi, lo, n) _mm512_alignr_epi64(hi, lo, n) /* (hi:lo) >> 64 n, the low 8 lanes */

/* R0 (limbs 0..7) and R1 (limbs 8..10; lanes 3..7 zero), every lane < 2^63, -> a loose element,
 * by ONE PARALLEL carry step: each limb keeps its low 48 bits and receives the carry of the limb
 * below (< 2^15); limb 0 the carry of limb 10 times 2^7 (2^528 = 2^7): < 2^22.  So every limb is
 * < 2^48 + 2^22 < 2^49, loose; the value is unchanged mod p. */
static inline __attribute__((always_inline)) void p521i_carry_store(uint64_t *r, __m512i R0, __m512i R1) {
    const __m512i M = _mm512_set1_epi64((long long)P521I_M48);
    const __m512i c0 = _mm512_srli_epi64(R0, 48), c1 = _mm512_srli_epi64(R1, 48);
    const __m512i top = _mm512_slli_epi64(P521I_AL(c1, c1, 3), 7); /* lane 7: carry of limb 10, 2^7 */
    R0 = _mm512_add_epi64(_mm512_and_si512(R0, M), P521I_AL(c0, top, 7));
    R1 = _mm512_maskz_add_epi64(0x7, _mm512_and_si512(R1, M), P521I_AL(c1, c0, 7));
    _mm512_storeu_si512(r, R0);
    _mm256_storeu_si256((__m256i *)(r + 8), _mm512_castsi512_si256(R1));
}

/* The columns of a product -> a loose element.  L*: the sums of the low halves lo52(x_i B_j) at
 * column i + j (lanes 0..23 in three vectors), H*: the high halves at the same lanes.  Column k
 * is C_k = L_k / 8 + 2 H_(k-1) (see the top); with at most 11 terms of each, L_k < 11 2^52,
 * H_k < 11 2^49 (x_i < 2^49 too): C_k < 11 2^49 + 22 2^49 < 2^55.  Columns 11..21 fold onto 0..10
 * times 2^7: lanes < 2^55 + 2^62 < 2^63, then p521i_carry_store. */
static inline __attribute__((always_inline)) void p521i_columns(uint64_t *r, __m512i L0, __m512i L1, __m512i L2,
                                                                __m512i H0, __m512i H1, __m512i H2) {
    const __m512i Z = _mm512_setzero_si512();
    const __m512i C0 = _mm512_add_epi64(_mm512_srli_epi64(L0, 3), _mm512_slli_epi64(P521I_AL(H0, Z, 7), 1));
    const __m512i C1 = _mm512_add_epi64(_mm512_srli_epi64(L1, 3), _mm512_slli_epi64(P521I_AL(H1, H0, 7), 1));
    const __m512i C2 = _mm512_add_epi64(_mm512_srli_epi64(L2, 3), _mm512_slli_epi64(P521I_AL(H2, H1, 7), 1));
    const __m512i W0 = P521I_AL(C2, C1, 3), W1 = P521I_AL(Z, C2, 3); /* columns 11..18, 19..21 */
    p521i_carry_store(r, _mm512_add_epi64(C0, _mm512_slli_epi64(W0, 7)),
                      _mm512_maskz_add_epi64(0x7, C1, _mm512_slli_epi64(W1, 7)));
}

/* The tail of p521i_mul and p521i_sqr, the fold and the carry: their two sets of accumulators
 * (L, H for the even rows, M, N for the odd ones, at the same lanes) summed into the columns'
 * full sums of low and high halves, then p521i_columns (its bounds are on those full sums:
 * L_k < 11 2^52, H_k < 11 2^49 for the product, the squaring's in its comment). */
static inline __attribute__((always_inline)) void p521i_fold_carry(uint64_t *r, __m512i L0, __m512i L1, __m512i L2,
                                                                   __m512i H0, __m512i H1, __m512i H2, __m512i M0,
                                                                   __m512i M1, __m512i M2, __m512i N0, __m512i N1,
                                                                   __m512i N2) {
    p521i_columns(r, _mm512_add_epi64(L0, M0), _mm512_add_epi64(L1, M1), _mm512_add_epi64(L2, M2),
                  _mm512_add_epi64(H0, N0), _mm512_add_epi64(H1, N1), _mm512_add_epi64(H2, N2));
}

#define P521I_LO(acc, x, y) _mm512_madd52lo_epu64(acc, x, y)
#define P521I_HI(acc, x, y) _mm512_madd52hi_epu64(acc, x, y)
/* Row i < 8 of the schoolbook product (GECC Alg. 2.9, operand scanning, a row per limb of a):
 * x_i broadcast times B = 8 b shifted up i lanes (S0, S1, S2: lanes 0..23; B1's lanes 3..7 are
 * zero, so S2 is zero below row 6).  Even and odd rows add into separate accumulators (L, H and
 * M, N), halving the chains of dependent multiply-adds. */
#define P521I_ROW(i, L0, L1, L2, H0, H1, H2)                                                            \
    do {                                                                                             \
        const __m512i xi = _mm512_set1_epi64((long long)x[i]);                                       \
        const __m512i S0 = (i) == 0 ? B0 : P521I_AL(B0, Z, (8 - (i)) & 7);                           \
        const __m512i S1 = (i) == 0 ? B1 : P521I_AL(B1, B0, (8 - (i)) & 7);                          \
        L0 = P521I_LO(L0, xi, S0), H0 = P521I_HI(H0, xi, S0);                                        \
        L1 = P521I_LO(L1, xi, S1), H1 = P521I_HI(H1, xi, S1);                                        \
        if ((i) >= 6) {                                                                              \
            const __m512i S2 = P521I_AL(Z, B1, (8 - (i)) & 7);                                       \
            L2 = P521I_LO(L2, xi, S2), H2 = P521I_HI(H2, xi, S2);                                    \
        }                                                                                            \
    } while (0)
/* Rows 8..10: B shifted 8 + (i - 8) lanes, in lanes 8..23 only. */
#define P521I_ROW_HIGH(i, L1, L2, H1, H2)                                                               \
    do {                                                                                             \
        const __m512i xi = _mm512_set1_epi64((long long)x[i]);                                       \
        const __m512i S1 = (i) == 8 ? B0 : P521I_AL(B0, Z, (16 - (i)) & 7);                          \
        const __m512i S2 = (i) == 8 ? B1 : P521I_AL(B1, B0, (16 - (i)) & 7);                         \
        L1 = P521I_LO(L1, xi, S1), H1 = P521I_HI(H1, xi, S1);                                        \
        L2 = P521I_LO(L2, xi, S2), H2 = P521I_HI(H2, xi, S2);                                        \
    } while (0)

/* r = a b: 11 rows, 48 vector multiply-adds (a lane multiply-add pair per product, 121 products),
 * then p521i_fold_carry.  Inlined into the formulas (as p521i_sqr; unlike p521u_mul, whose scalar
 * code bloated them): the operands stay in zmm registers; measured on an AMD Zen 4 (min TSC
 * ticks, the two builds alternated): P-521 ECDH 415k -> 399k, verification -2.5%, signing -3%. */
static inline __attribute__((always_inline, unused)) void p521i_mul(p521i_fe *r, const p521i_fe *a, const p521i_fe *b) {
    const uint64_t *x = a->v;
    const __m512i Z = _mm512_setzero_si512();
    const __m512i B0 = _mm512_slli_epi64(_mm512_loadu_si512(b->v), 3), B1 = _mm512_slli_epi64(P521I_LOAD1(b->v), 3);
    __m512i L0 = Z, L1 = Z, L2 = Z, H0 = Z, H1 = Z, H2 = Z, M0 = Z, M1 = Z, M2 = Z, N0 = Z, N1 = Z, N2 = Z;
    P521I_ROW(0, L0, L1, L2, H0, H1, H2);
    P521I_ROW(1, M0, M1, M2, N0, N1, N2);
    P521I_ROW(2, L0, L1, L2, H0, H1, H2);
    P521I_ROW(3, M0, M1, M2, N0, N1, N2);
    P521I_ROW(4, L0, L1, L2, H0, H1, H2);
    P521I_ROW(5, M0, M1, M2, N0, N1, N2);
    P521I_ROW(6, L0, L1, L2, H0, H1, H2);
    P521I_ROW(7, M0, M1, M2, N0, N1, N2);
    P521I_ROW_HIGH(8, L1, L2, H1, H2);
    P521I_ROW_HIGH(9, M1, M2, N1, N2);
    P521I_ROW_HIGH(10, L1, L2, H1, H2);
    p521i_fold_carry(r->v, L0, L1, L2, H0, H1, H2, M0, M1, M2, N0, N1, N2);
}

/* r = a^2 with each cross product once (HAC Alg. 14.16): row i multiplies 2 x_i (< 2^50, a valid
 * factor) by 8 x_j for j > i only (the lanes j <= i of the shifted vectors zeroed by a mask; rows
 * with no lane left skipped), and the squares x_i 8 x_i land at the even lanes 2i (x spread by a
 * permutation).  38 multiply-adds against 48, then p521i_fold_carry; the column bounds of
 * p521i_columns hold: a column has at most five cross products and one square, H_k < 6 2^50,
 * C_k < 11 2^49 + 12 2^50 < 2^55. */
static inline __attribute__((always_inline, unused)) void p521i_sqr(p521i_fe *r, const p521i_fe *a) {
    const uint64_t *x = a->v;
    const __m512i Z = _mm512_setzero_si512();
    const __m512i A0 = _mm512_loadu_si512(a->v), A1 = P521I_LOAD1(a->v);
    const __m512i B0 = _mm512_slli_epi64(A0, 3), B1 = _mm512_slli_epi64(A1, 3);
    const __m512i I0 = _mm512_set_epi64(0, 3, 0, 2, 0, 1, 0, 0), I1 = _mm512_set_epi64(0, 7, 0, 6, 0, 5, 0, 4);
    const __m512i D0 = _mm512_maskz_permutexvar_epi64(0x55, I0, A0); /* x_0..x_3 at lanes 0, 2, 4, 6 */
    const __m512i D1 = _mm512_maskz_permutexvar_epi64(0x55, I1, A0); /* x_4..x_7 at lanes 8..14    */
    const __m512i D2 = _mm512_maskz_permutexvar_epi64(0x15, I0, A1); /* x_8..x_10 at lanes 16..20 */
    const __m512i E0 = _mm512_slli_epi64(D0, 3), E1 = _mm512_slli_epi64(D1, 3), E2 = _mm512_slli_epi64(D2, 3);
    __m512i L0 = P521I_LO(Z, D0, E0), H0 = P521I_HI(Z, D0, E0);
    __m512i L1 = P521I_LO(Z, D1, E1), H1 = P521I_HI(Z, D1, E1);
    __m512i L2 = P521I_LO(Z, D2, E2), H2 = P521I_HI(Z, D2, E2);
    __m512i M0 = Z, M1 = Z, M2 = Z, N0 = Z, N1 = Z, N2 = Z, ai, S;
    /* rows 0..9 (row 10 has no j > 10); the mask of row i keeps
     * the lanes of columns >= 2i + 1 */
    ai = _mm512_set1_epi64((long long)(2 * x[0]));
    S = _mm512_maskz_mov_epi64(0xfe, B0);
    L0 = P521I_LO(L0, ai, S), H0 = P521I_HI(H0, ai, S);
    S = B1;
    L1 = P521I_LO(L1, ai, S), H1 = P521I_HI(H1, ai, S);
    ai = _mm512_set1_epi64((long long)(2 * x[1]));
    S = _mm512_maskz_alignr_epi64(0xf8, B0, Z, 7);
    M0 = P521I_LO(M0, ai, S), N0 = P521I_HI(N0, ai, S);
    S = P521I_AL(B1, B0, 7);
    M1 = P521I_LO(M1, ai, S), N1 = P521I_HI(N1, ai, S);
    ai = _mm512_set1_epi64((long long)(2 * x[2]));
    S = _mm512_maskz_alignr_epi64(0xe0, B0, Z, 6);
    L0 = P521I_LO(L0, ai, S), H0 = P521I_HI(H0, ai, S);
    S = P521I_AL(B1, B0, 6);
    L1 = P521I_LO(L1, ai, S), H1 = P521I_HI(H1, ai, S);
    ai = _mm512_set1_epi64((long long)(2 * x[3]));
    S = _mm512_maskz_alignr_epi64(0x80, B0, Z, 5);
    M0 = P521I_LO(M0, ai, S), N0 = P521I_HI(N0, ai, S);
    S = P521I_AL(B1, B0, 5);
    M1 = P521I_LO(M1, ai, S), N1 = P521I_HI(N1, ai, S);
    ai = _mm512_set1_epi64((long long)(2 * x[4]));
    S = _mm512_maskz_alignr_epi64(0xfe, B1, B0, 4);
    L1 = P521I_LO(L1, ai, S), H1 = P521I_HI(H1, ai, S);
    ai = _mm512_set1_epi64((long long)(2 * x[5]));
    S = _mm512_maskz_alignr_epi64(0xf8, B1, B0, 3);
    M1 = P521I_LO(M1, ai, S), N1 = P521I_HI(N1, ai, S);
    ai = _mm512_set1_epi64((long long)(2 * x[6]));
    S = _mm512_maskz_alignr_epi64(0xe0, B1, B0, 2);
    L1 = P521I_LO(L1, ai, S), H1 = P521I_HI(H1, ai, S);
    S = P521I_AL(Z, B1, 2);
    L2 = P521I_LO(L2, ai, S), H2 = P521I_HI(H2, ai, S);
    ai = _mm512_set1_epi64((long long)(2 * x[7]));
    S = _mm512_maskz_alignr_epi64(0x80, B1, B0, 1);
    M1 = P521I_LO(M1, ai, S), N1 = P521I_HI(N1, ai, S);
    S = P521I_AL(Z, B1, 1);
    M2 = P521I_LO(M2, ai, S), N2 = P521I_HI(N2, ai, S);
    ai = _mm512_set1_epi64((long long)(2 * x[8]));
    S = _mm512_maskz_mov_epi64(0xfe, B1);
    L2 = P521I_LO(L2, ai, S), H2 = P521I_HI(H2, ai, S);
    ai = _mm512_set1_epi64((long long)(2 * x[9]));
    S = _mm512_maskz_alignr_epi64(0xf8, B1, B0, 7);
    M2 = P521I_LO(M2, ai, S), N2 = P521I_HI(N2, ai, S);
    p521i_fold_carry(r->v, L0, L1, L2, H0, H1, H2, M0, M1, M2, N0, N1, N2);
}

static inline void p521i_add(p521i_fe *r, const p521i_fe *a, const p521i_fe *b) {
    /* limbs < 2^50, then one carry step */
    p521i_carry_store(r->v, _mm512_add_epi64(_mm512_loadu_si512(a->v), _mm512_loadu_si512(b->v)),
                      _mm512_add_epi64(P521I_LOAD1(a->v), P521I_LOAD1(b->v)));
}

/* a - b + 512p: every limb non-negative (512p's limbs >= 2^49 > b's) and < 2^51; lane 11 stays 0. */
static inline void p521i_sub(p521i_fe *r, const p521i_fe *a, const p521i_fe *b) {
    const __m512i K0 = _mm512_loadu_si512(P521I_512P), K1 = P521I_LOAD1(P521I_512P);
    p521i_carry_store(r->v,
                      _mm512_sub_epi64(_mm512_add_epi64(_mm512_loadu_si512(a->v), K0), _mm512_loadu_si512(b->v)),
                      _mm512_sub_epi64(_mm512_add_epi64(P521I_LOAD1(a->v), K1), P521I_LOAD1(b->v)));
}

/* k V lane by lane for a small PUBLIC k < 16, by shifts and additions (k is a constant once
 * inlined, and the tests on its bits disappear): IFMA has no full 64-bit product by a constant
 * without AVX512DQ. */
static inline __attribute__((always_inline)) __m512i p521i_times_small(__m512i V, const uint64_t k) {
    __m512i s = _mm512_setzero_si512();
    for (int j = 0; j < 4; j++)
        if ((k >> j) & 1) s = _mm512_add_epi64(s, _mm512_slli_epi64(V, j));
    return s;
}

/*
 * r = ka a - kb b (mod p) for small PUBLIC constants 1 <= ka <= 12 and 0 <= kb <= 9 (the FE_LIN of
 * curve/prime/sw.tmpl.h, as fe_p521_unsat.h's p521u_lin): lane by lane ka a_i + 4096p_i - kb b_i,
 * 4096p = 8 (512p) with limbs 2^53 - 4096 and 2^53 - 32, above kb b_i < 9 2^49 < 2^52.2 (no lane
 * below zero), the sum < 12 2^49 + 2^53 < 2^54; then the one carry step (lanes < 2^63).
 */
static inline __attribute__((always_inline)) void p521i_lin(p521i_fe *r, const uint64_t ka, const p521i_fe *a,
                                                            const uint64_t kb, const p521i_fe *b) {
    const __m512i K0 = _mm512_slli_epi64(_mm512_loadu_si512(P521I_512P), 3);
    const __m512i K1 = _mm512_slli_epi64(P521I_LOAD1(P521I_512P), 3);
    p521i_carry_store(r->v,
                      _mm512_sub_epi64(_mm512_add_epi64(p521i_times_small(_mm512_loadu_si512(a->v), ka), K0),
                                       p521i_times_small(_mm512_loadu_si512(b->v), kb)),
                      _mm512_sub_epi64(_mm512_add_epi64(p521i_times_small(P521I_LOAD1(a->v), ka), K1),
                                       p521i_times_small(P521I_LOAD1(b->v), kb)));
}

static inline void p521i_neg(p521i_fe *r, const p521i_fe *a) {
    p521i_fe zero = {{0}};
    p521i_sub(r, &zero, a);
}

static inline void p521i_cmov(p521i_fe *r, const p521i_fe *a, uint64_t mask) {
    for (int i = 0; i < 12; i++) r->v[i] ^= mask & (r->v[i] ^ a->v[i]);
}

/* The canonical residue as 64-bit words w[0..9), of a loose a: carry with no fold (limbs 0..9
 * < 2^48, limb 10 < 2^49 + 2^2, v < 2^530), then the Mersenne folds at bit 521 = 10 * 48 + 41:
 * h = v >> 521 (< 2^9) added to limb 0 -- v < p + 2^9 -- and once more (h in {0, 1}; if 1 the
 * rest was < 2^9): v <= p.  Last, p -> 0 by a masked subtraction. */
static inline void p521i_canonical64(uint64_t w[9], const p521i_fe *a) {
    uint64_t v[11];
    memcpy(v, a->v, sizeof v);
    for (int fold = 0; fold < 3; fold++) {
        for (int i = 0; i < 10; i++) {
            v[i + 1] += v[i] >> 48;
            v[i] &= P521I_M48;
        }
        if (fold == 2) break; /* the structure of the loop, not data: public */
        uint64_t h = v[10] >> 41;
        v[10] &= (1ULL << 41) - 1;
        v[0] += h;
    }
    ecedu_radix_to64(w, 9, 48, v, 11);
    uint64_t d[9], borrow = 0;
    for (int i = 0; i < 9; i++) {
        unsigned __int128 t = (unsigned __int128)w[i] - P521I_P64[i] - borrow;
        d[i] = (uint64_t)t;
        borrow = (uint64_t)(t >> 64) & 1;
    }
    uint64_t keep_w = 0 - borrow; /* w < p */
    for (int i = 0; i < 9; i++) w[i] = (w[i] & keep_w) | (d[i] & ~keep_w);
    ecedu_wipe(v, sizeof v);
    ecedu_wipe(d, sizeof d);
}

static inline uint64_t p521i_is_zero(const p521i_fe *a) {
    uint64_t w[9], t = 0;
    p521i_canonical64(w, a);
    for (int i = 0; i < 9; i++) t |= w[i];
    ecedu_wipe(w, sizeof w);
    return ecedu_ct_is_zero_u64(t);
}

static inline void p521i_set_small(p521i_fe *r, uint64_t k) {
    memset(r, 0, sizeof *r);
    r->v[0] = k;
}

static inline uint64_t p521i_from_bytes(p521i_fe *r, const uint8_t in[P521I_BYTES]) {
    uint64_t w[9];
    (void)ecedu_bytes_to_words(w, 9, in, P521I_BYTES);
    uint64_t ok = ecedu_limbs_less_than(w, P521I_P64, 9);
    for (int i = 0; i < 9; i++) w[i] &= ok;
    ecedu_radix_from64(r->v, 11, 48, w, 9);
    r->v[11] = 0;
    ecedu_wipe(w, sizeof w);
    return ok;
}

static inline void p521i_to_bytes(uint8_t out[P521I_BYTES], const p521i_fe *a) {
    uint64_t w[9];
    p521i_canonical64(w, a);
    ecedu_words_to_bytes(out, P521I_BYTES, w, 9);
    ecedu_wipe(w, sizeof w);
}

/* a^-1 (0 -> 0) by the constant-time divsteps of scalar/modinv.h on the canonical 64-bit words,
 * as p521u_inv (fe_p521_unsat.h) does: measured on an AMD EPYC Zen 4 (AVX-512 IFMA), P-521 ECDH
 * 467,000 min TSC ticks against 494,000 with the Fermat chain a^(p-2) (520 IFMA squarings and
 * 13 products) this replaced, k G 99,800 against 127,000 (field/gfp/README.md).  With vartime = 0
 * (p521i_inv) constant time in a: the batch count and every index depend on p only, the choices
 * are masks; with vartime = 1 (p521i_inv_vartime, for a PUBLIC a) modinv_vartime's early stop. */
static inline void p521i_inv_as(p521i_fe *r, const p521i_fe *a, const int vartime) {
    uint64_t w[9];
    p521i_canonical64(w, a);
    modinv_mod_prime_as(w, w, P521I_P64, 9, 521, vartime);
    ecedu_radix_from64(r->v, 11, 48, w, 9);
    r->v[11] = 0;
    ecedu_wipe(w, sizeof w);
}

static inline void p521i_inv(p521i_fe *r, const p521i_fe *a) {
    p521i_inv_as(r, a, 0);
}

/* The same in variable time, for a PUBLIC a (sw.tmpl.h's FE_INV_VARTIME). */
static inline void p521i_inv_vartime(p521i_fe *r, const p521i_fe *a) {
    p521i_inv_as(r, a, 1);
}

#undef P521I_LO
#undef P521I_HI
#undef P521I_ROW
#undef P521I_ROW_HIGH
#undef P521I_AL
#undef P521I_LOAD1
#undef P521I_M48
#pragma GCC pop_options
