/*
 * fe_p384_ifma.h -- GF(p), p = 2^384 - 2^128 - 2^96 + 2^32 - 1 (FIPS 186-4 D.1.2.4), for the
 * "ifma" prime-field level: eight UNSATURATED 48-bit limbs, one zmm, and an AVX-512 IFMA product
 * (VPMADD52LUQ / VPMADD52HUQ, eight 52 x 52 -> low or high 52 bits multiply-adds per
 * instruction).  fe interface prefix p384i (field/gfp/README.md), with a halving (FE_HALF).
 * Every function is compiled for AVX512F/VL/IFMA (the pragma below): call them only where cpu.c
 * says the CPU has them (ecedu_gfp_ifma_enabled(); the curve copy instances/gfp_secp384r1_ifma.c
 * is called only then).  The model is fe_p521_ifma.h (radix 2^48 for the same reason: a limb
 * may grow past 2^48 and stay a valid 52-bit factor, so one parallel carry per operation).
 *
 * Representation: v = sum v_i 2^(48 i), i = 0..7, every limb < 2^50 ("loose"), v = x (mod p),
 * not necessarily < p; to_bytes and is_zero reduce fully.  8 * 48 = 384: the limbs fill one
 * zmm exactly and 2^384 = c = 2^128 + 2^96 - 2^32 + 1 (mod p) is the fold.
 *
 * The product.  For factors < 2^52, x y = lo52(x y) + 2^52 hi52(x y), and 2^52 2^(48 k) =
 * 16 2^(48 (k + 1)): the low halves count at the column i + j of a_i b_j, the high halves at
 * the next column times 16 -- the columns are plain integer sums, nothing is lost by the split
 * falling inside a limb.  Column k: C_k = L_k + 16 H_(k-1), k = 0..15 (H_15 = 0: no product
 * reaches column 15 but by its high half).  Limbs < 2^50: a_i b_j < 2^100, lo52 < 2^52,
 * hi52 < 2^48; at most 8 products a column: L_k < 2^55, 16 H_k < 2^55, C_k < 2^56.
 *
 * The fold (p384i_fold_round, p384i_reduce; bounds).  With h_k = C_(k+8) < 2^56 (k = 0..7), the high half is
 * 2^384 sum h_k 2^(48 k) = sum h_k 2^(48 k) (1 - 2^32 + 2^96 + 2^128) (mod p), and a shift by
 * 32 bits of a 56-bit lane is split at the limb: h_k 2^32 = lo_k + d_k 2^48 with
 * lo_k = (h_k mod 2^16) 2^32 < 2^48 and d_k = floor(h_k / 2^16) < 2^40.  So h_k contributes
 *     + (h_k - lo_k) at limb k,  - d_k at k + 1,  + (h_k + lo_k) at k + 2,  + d_k at k + 3,
 * every term an exact signed integer of magnitude < 2^57 in a 64-bit lane.  Limbs 8, 9, 10
 * receive g_0 = h_6 + lo_6 + d_5 - d_7 in (-2^40, 2^57), g_1 = h_7 + lo_7 + d_6 in [0, 2^57),
 * g_2 = d_7 in [0, 2^40), folded again the same way (lo'_j in [0, 2^48), d'_j = floor(g_j /
 * 2^16) in [-2^24, 2^41), an arithmetic shift) into limbs 0..5 (j + 3 <= 5: no third round).
 * Each limb of the sum then lies in (-2^48 - 2^40 - 2^48 - 2^42, 3 2^56 + 2^49 + 2 2^57 + 2^50)
 * ⊂ (-2^50, 2^59): adding K = 8p in limbs >= 2^50 (P384I_8P, below) makes every lane an integer
 * in [0, 2^60), and p384i_carry finishes.
 *
 * The carry (p384i_carry), for lanes x_j in [0, 2^64): limb j keeps x_j mod 2^48 and receives
 * the carry of limb j - 1 (< 2^16); the carry t of limb 7 (< 2^16) is t 2^384 = t c: + t at
 * limb 0 (with the rotation), - t 2^32 at limb 0, + t + t 2^32 at limb 2.  To keep limb 0
 * non-negative, p in limbs >= 2^47 (P384I_PR: limb 0 = 2^48 + 2^32 - 1 > t 2^32) is added.
 * Every limb is then < 2^48 + 2^16 + (2^48 + 2^32) + 2^16 + 2^48 < 2^50 (limb 2, the largest:
 * 2^48 + 2^16 + 2^48 - 2^32 + 2^16 (2^32 + 1)): loose again.  No branch, no address from a
 * value anywhere: lanes move by shifts, VALIGNQ and a permutation by a constant index.
 *
 * Measured (standalone prototype against fe_p384_fold.h's MULX field in the same program, TSC
 * ticks, the Xeon, shared machine, load 7): a product in a dependent chain 64 against 80, the
 * square 64 against 70; four independent chains 38.5 against 66 a product, 38 against 49 a
 * square; add/sub 13 against 7 (the carry's cross-lane moves).  The inversion: scalar/modinv.h
 * (p384i_inv, below).
 */
#include <immintrin.h>
#include "field/gfp/radix.h"
#include "internal.h" /* ecedu_wipe, ecedu_bytes_to_words */
#include "scalar/modinv.h" /* the divsteps inversion, p384i_inv */

#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512ifma")

typedef struct {
    uint64_t v[8];
} p384i_fe;
enum { P384I_BYTES = 48 };

#define P384I_M48 ((1ULL << 48) - 1)
/* p in 64-bit words (from_bytes' range check, canonical64's subtraction) */
static const uint64_t P384I_P64[6] = {0x00000000ffffffffULL, 0xffffffff00000000ULL, 0xfffffffffffffffeULL,
                                      0xffffffffffffffffULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL};
/* p in its 48-bit limbs (limb 1 is 0), for half */
static const uint64_t P384I_P48[8] = {
    (1ULL << 32) - 1, 0, P384I_M48 - (1ULL << 32), P384I_M48, P384I_M48, P384I_M48, P384I_M48, P384I_M48,
};
/* p with a borrow moved down twice: limbs >= 2^48 - 2^32 - 2 (>= 2^47), each < 2^49; the same
 * value (2^48 at limb 0 = 1 at limb 1; 2^48 at limb 1 = 1 at limb 2) */
static const uint64_t P384I_PR[8] = {
    P384I_M48 + (1ULL << 32), P384I_M48, P384I_M48 - (1ULL << 32) - 1, P384I_M48, P384I_M48, P384I_M48,
    P384I_M48,                P384I_M48,
};
/* 8 P384I_PR: 8p with every limb in [2^51 - 2^35 - 16, 2^51 + 2^35) -- above 2^50, every loose
 * limb, and below 2^52 */
static const uint64_t P384I_8P[8] = {
    8 * (P384I_M48 + (1ULL << 32)), 8 * P384I_M48, 8 * (P384I_M48 - (1ULL << 32) - 1), 8 * P384I_M48,
    8 * P384I_M48,                  8 * P384I_M48, 8 * P384I_M48,                      8 * P384I_M48,
};

#define P384I_AL(hi, lo, n) _mm512_alignr_epi64(hi, lo, n) /* (hi:lo) >> 64 n, the low 8 lanes */
#define P384I_LO(acc, x, y) _mm512_madd52lo_epu64(acc, x, y)
#define P384I_HI(acc, x, y) _mm512_madd52hi_epu64(acc, x, y)

/* X, every lane in [0, 2^64), -> a loose element (the carry at the top of this file). */
static inline __attribute__((always_inline)) __m512i p384i_carry(__m512i X) {
    const __m512i c = _mm512_srli_epi64(X, 48);
    const __m512i t = _mm512_maskz_permutexvar_epi64(0x05, _mm512_set1_epi64(7), c); /* t at lanes 0, 2 */
    const __m512i t32 = _mm512_slli_epi64(t, 32);
    /* lane 0: -t 2^32; lane 2: t + t 2^32 */
    const __m512i T = _mm512_mask_sub_epi64(_mm512_add_epi64(t32, t), 0x01, _mm512_setzero_si512(), t32);
    const __m512i S = _mm512_add_epi64(_mm512_and_si512(X, _mm512_set1_epi64((long long)P384I_M48)),
                                       _mm512_loadu_si512(P384I_PR));
    return _mm512_add_epi64(_mm512_add_epi64(S, P384I_AL(c, c, 7)), T); /* lane j += carry of j - 1 */
}

/* One round of the fold: the contributions of h (lanes = weights 2^(384 + 48 k)) at limbs
 * 0..7 into X, and those at limbs 8..10 returned in lanes 0..2 (g above).  d_k by an
 * arithmetic shift: the second round's h may be negative (its lane 0 > -2^40). */
static inline __attribute__((always_inline)) __m512i p384i_fold_round(__m512i *X, __m512i h) {
    const __m512i Z = _mm512_setzero_si512();
    const __m512i lo = _mm512_srli_epi64(_mm512_slli_epi64(h, 48), 16); /* (h mod 2^16) 2^32 */
    const __m512i d = _mm512_srai_epi64(h, 16);
    const __m512i d1 = P384I_AL(d, Z, 7);                                  /* d_(k-1) at lane k */
    const __m512i F = _mm512_sub_epi64(_mm512_sub_epi64(h, lo), d1);       /* limb k          */
    const __m512i E = _mm512_add_epi64(_mm512_add_epi64(h, lo), d1);       /* limb k + 2      */
    const __m512i d7 = _mm512_maskz_permutexvar_epi64(0x05, _mm512_set1_epi64(7), d); /* d_7 at 0, 2 */
    *X = _mm512_add_epi64(_mm512_add_epi64(*X, F), P384I_AL(E, Z, 6));
    /* limbs 8, 9, 10: E_6, E_7 (lanes 0, 1), - d_7 at 8 (F's lane 8), + d_7 at 10 (E's lane 8) */
    return _mm512_mask_sub_epi64(_mm512_add_epi64(P384I_AL(Z, E, 6), d7), 0x01, P384I_AL(Z, E, 6), d7);
}

/* The columns (L*, H*: lanes 0..15 of the sums of low and high halves; L0 has K = 8p added
 * already, its accumulators' start value) -> a loose element. */
static inline __attribute__((always_inline)) __m512i p384i_reduce(__m512i L0, __m512i L1, __m512i H0, __m512i H1) {
    const __m512i Z = _mm512_setzero_si512();
    __m512i X = _mm512_add_epi64(L0, _mm512_slli_epi64(P384I_AL(H0, Z, 7), 4));
    const __m512i C1 = _mm512_add_epi64(L1, _mm512_slli_epi64(P384I_AL(H1, H0, 7), 4));
    const __m512i g = p384i_fold_round(&X, C1);
    (void)p384i_fold_round(&X, g); /* g's lanes 3..7 are 0: nothing reaches limb 8 */
    return p384i_carry(X);
}

/* r = the loose element of the columns, the shared tail of p384i_mul and p384i_sqr: their two
 * accumulator sets (L, H for the even rows, M, N for the odd ones, at the same lanes) summed
 * into the columns' full sums of low and high halves, then p384i_reduce (its bounds are on
 * those full sums). */
static inline __attribute__((always_inline)) void p384i_sum_reduce(p384i_fe *r, __m512i L0, __m512i L1, __m512i H0,
                                                                   __m512i H1, __m512i M0, __m512i M1, __m512i N0,
                                                                   __m512i N1) {
    _mm512_storeu_si512(r->v, p384i_reduce(_mm512_add_epi64(L0, M0), _mm512_add_epi64(L1, M1),
                                           _mm512_add_epi64(H0, N0), _mm512_add_epi64(H1, N1)));
}

/* Row i of the schoolbook product (GECC Alg. 2.9, operand scanning): x_i broadcast (from
 * memory: no shuffle) times b shifted up i lanes (S0: lanes 0..7, S1: lanes 8..15, two VALIGNQ;
 * measured: one rotation and merge-masked multiply-adds, as the squaring's rows, is slower
 * here, 41 against 38 ticks a product in four independent chains).  Even and odd rows add into
 * separate accumulators, halving the chains of dependent multiply-adds. */
#define P384I_ROW(i, L0, L1, H0, H1)                                                                  \
    do {                                                                                              \
        const __m512i xi = _mm512_set1_epi64((long long)x[i]);                                        \
        const __m512i S0 = P384I_AL(B, Z, 8 - (i)), S1 = P384I_AL(Z, B, 8 - (i));                     \
        L0 = P384I_LO(L0, xi, S0), H0 = P384I_HI(H0, xi, S0);                                         \
        L1 = P384I_LO(L1, xi, S1), H1 = P384I_HI(H1, xi, S1);                                         \
    } while (0)

/* r = a b: 30 vector multiply-adds (64 products), then p384i_sum_reduce.  r may alias a or b.
 * Inlined into the formulas (as p384i_sqr): the operands stay in zmm registers instead of going
 * through memory at every call; measured on an AMD Zen 4 (min TSC ticks, the two builds
 * alternated): P-384 ECDH 312k -> 290k, verification 348k -> 323k, signing 92k -> 89k. */
static inline __attribute__((always_inline, unused)) void p384i_mul(p384i_fe *r, const p384i_fe *a, const p384i_fe *b) {
    const uint64_t *x = a->v;
    const __m512i Z = _mm512_setzero_si512(), B = _mm512_loadu_si512(b->v);
    const __m512i x0 = _mm512_set1_epi64((long long)x[0]);
    __m512i L0 = P384I_LO(_mm512_loadu_si512(P384I_8P), x0, B), H0 = P384I_HI(Z, x0, B), L1 = Z, H1 = Z;
    __m512i M0 = Z, M1 = Z, N0 = Z, N1 = Z;
    P384I_ROW(1, M0, M1, N0, N1);
    P384I_ROW(2, L0, L1, H0, H1);
    P384I_ROW(3, M0, M1, N0, N1);
    P384I_ROW(4, L0, L1, H0, H1);
    P384I_ROW(5, M0, M1, N0, N1);
    P384I_ROW(6, L0, L1, H0, H1);
    P384I_ROW(7, M0, M1, N0, N1);
    p384i_sum_reduce(r, L0, L1, H0, H1, M0, M1, N0, N1);
}

/* Row i of the squaring: x_i (broadcast from memory) times 2 x_j for j > i: the rotation of
 * A2 = 2a up i lanes, its lanes >= 2i + 1 (columns i + j with j > i, below 8) into the low
 * accumulators and its lanes < i (columns 8 + l, j = l + 8 - i > i while i <= 3; for i >= 4
 * only l >= 2i - 7) into the high ones, by merge masks; an empty mask is skipped (i, the masks:
 * constants). */
#define P384I_SQR_ROW(i, L0, L1, H0, H1)                                                              \
    do {                                                                                              \
        const __m512i xi = _mm512_set1_epi64((long long)x[i]);                                        \
        const __m512i R = (i) == 0 ? A2 : P384I_AL(A2, A2, (8 - (i)) & 7);                            \
        const __mmask8 up = (__mmask8)(0xff << (2 * (i) + 1));                                        \
        const __mmask8 dn = (__mmask8)(((1u << (i)) - 1) & (0xffu << ((i) >= 4 ? 2 * (i) - 7 : 0)));  \
        if (up) L0 = _mm512_mask_madd52lo_epu64(L0, up, xi, R), H0 = _mm512_mask_madd52hi_epu64(H0, up, xi, R); \
        if (dn) L1 = _mm512_mask_madd52lo_epu64(L1, dn, xi, R), H1 = _mm512_mask_madd52hi_epu64(H1, dn, xi, R); \
    } while (0)

/* r = a^2 with each cross product once (HAC Alg. 14.16): row i multiplies x_i by 2 x_j
 * (< 2^51, a valid factor) for j > i only, and the squares x_i x_i land at the even lanes 2i
 * (x spread by a permutation).  24 multiply-adds against 30.  Bounds: a column has at most four
 * cross products (< 2^101: lo52 < 2^52, hi52 < 2^49) and one square (hi52 < 2^48): L_k <
 * 5 2^52, 16 H_k < 16 (4 2^49 + 2^48) < 2^55, C_k < 2^56 as for the product. */
static inline __attribute__((always_inline, unused)) void p384i_sqr(p384i_fe *r, const p384i_fe *a) {
    const uint64_t *x = a->v;
    const __m512i Z = _mm512_setzero_si512(), A = _mm512_loadu_si512(a->v), A2 = _mm512_add_epi64(A, A);
    const __m512i D0 = _mm512_maskz_permutexvar_epi64(0x55, _mm512_set_epi64(0, 3, 0, 2, 0, 1, 0, 0), A);
    const __m512i D1 = _mm512_maskz_permutexvar_epi64(0x55, _mm512_set_epi64(0, 7, 0, 6, 0, 5, 0, 4), A);
    __m512i L0 = P384I_LO(_mm512_loadu_si512(P384I_8P), D0, D0), H0 = P384I_HI(Z, D0, D0);
    __m512i L1 = P384I_LO(Z, D1, D1), H1 = P384I_HI(Z, D1, D1);
    __m512i M0 = Z, M1 = Z, N0 = Z, N1 = Z;
    P384I_SQR_ROW(0, M0, M1, N0, N1);
    P384I_SQR_ROW(1, L0, L1, H0, H1);
    P384I_SQR_ROW(2, M0, M1, N0, N1);
    P384I_SQR_ROW(3, L0, L1, H0, H1);
    P384I_SQR_ROW(4, M0, M1, N0, N1);
    P384I_SQR_ROW(5, L0, L1, H0, H1);
    P384I_SQR_ROW(6, M0, M1, N0, N1);
    p384i_sum_reduce(r, L0, L1, H0, H1, M0, M1, N0, N1);
}

/* r = a + b: limbs < 2^51, then one carry. */
static inline void p384i_add(p384i_fe *r, const p384i_fe *a, const p384i_fe *b) {
    _mm512_storeu_si512(r->v, p384i_carry(_mm512_add_epi64(_mm512_loadu_si512(a->v), _mm512_loadu_si512(b->v))));
}

/* r = a - b + 8p: every lane non-negative (8p's limbs > 2^50 > b's) and < 2^53, then one carry. */
static inline void p384i_sub(p384i_fe *r, const p384i_fe *a, const p384i_fe *b) {
    const __m512i K = _mm512_loadu_si512(P384I_8P);
    _mm512_storeu_si512(r->v, p384i_carry(_mm512_sub_epi64(_mm512_add_epi64(_mm512_loadu_si512(a->v), K),
                                                           _mm512_loadu_si512(b->v))));
}

/* r = -a = 0 - a + 8p (p384i_sub). */
static inline void p384i_neg(p384i_fe *r, const p384i_fe *a) {
    p384i_fe zero = {{0}};
    p384i_sub(r, &zero, a);
}

/* r = a / 2 (mod p), the FE_HALF of curve/prime/sw.tmpl.h.  The parity of v is that of limb 0
 * (the other weights are even): y = a + (p if odd, by a mask of limb 0's low bit), even, limbs
 * < 2^50 + 2^48; then y / 2 limb by limb with no carry chain: limb i takes floor(y_i / 2) and
 * the low bit of y_(i+1) at 2^47 (2^(48 (i+1)) / 2 = 2^47 2^(48 i)); limbs < 2^49 + 2^47 + 2^47
 * = 2^49 + 2^48 < 2^50: loose. */
static inline void p384i_half(p384i_fe *r, const p384i_fe *a) {
    const __m512i one = _mm512_set1_epi64(1), A = _mm512_loadu_si512(a->v);
    const __m512i odd = _mm512_set1_epi64((long long)(0 - (a->v[0] & 1)));
    const __m512i Y = _mm512_add_epi64(A, _mm512_and_si512(odd, _mm512_loadu_si512(P384I_P48)));
    const __m512i up = _mm512_slli_epi64(_mm512_and_si512(P384I_AL(_mm512_setzero_si512(), Y, 1), one), 47);
    _mm512_storeu_si512(r->v, _mm512_add_epi64(_mm512_srli_epi64(Y, 1), up));
}

/* r = a if mask is all-ones, r unchanged if 0 (word by word, no branch). */
static inline void p384i_cmov(p384i_fe *r, const p384i_fe *a, uint64_t mask) {
    for (int i = 0; i < 8; i++) r->v[i] ^= mask & (r->v[i] ^ a->v[i]);
}

/* x[0..7) = a value = a (mod p) in [0, 2p), of a loose a.  The 64-bit words of v = sum v_i
 * 2^(48 i) straight from the loose limbs (< 2^50): limb i starts at bit 48 i, offset 48 i mod 64
 * in word floor(48 i / 64), and its part above that word (< 2^50 bits: one word up) is added to
 * the next; every part is independent of the others, and two carry chains add them (ADC): the
 * low parts (v_0, v_1 << 48, v_2 << 32, v_3 << 16, v_4, v_5 << 48, v_6 << 32, v_7 << 16 at words
 * 0, 0, 1, 2, 3, 3, 4, 5) and the high parts (v_1 >> 16, v_2 >> 32, v_3 >> 48, v_5 >> 16,
 * v_6 >> 32, v_7 >> 48 at words 1, 2, 3, 4, 5, 6).  v < 2^(336 + 50) + 2^336 < 2^387, so word 6
 * is t = floor(v / 2^384) < 2^3 and no chain carries out of it.  Then x = (v mod 2^384) + t c,
 * c = 2^384 mod p = 2^128 + 2^96 - 2^32 + 1 = words (2^64 - 2^32 + 1, 2^32 - 1, 1) (t c < 2^131:
 * three words by 64 x 64 products of t): x = v (mod p), x < 2^384 + 2^131 < 2p (2p - 2^384 =
 * 2^384 - 2c), in seven words (word 6 in {0, 1}). */
static inline __attribute__((always_inline)) void p384i_words(uint64_t x[7], const p384i_fe *a) {
    const uint64_t *v = a->v;
    unsigned char c = 0;
    c = ecedu_adc(c, v[0], v[1] << 48, &x[0]);
    c = ecedu_adc(c, v[2] << 32, v[1] >> 16, &x[1]);
    c = ecedu_adc(c, v[3] << 16, v[2] >> 32, &x[2]);
    c = ecedu_adc(c, v[4], v[3] >> 48, &x[3]);
    c = ecedu_adc(c, v[6] << 32, v[5] >> 16, &x[4]);
    c = ecedu_adc(c, v[7] << 16, v[6] >> 32, &x[5]);
    x[6] = (v[7] >> 48) + c;
    c = 0;
    c = ecedu_adc(c, x[3], v[5] << 48, &x[3]);
    c = ecedu_adc(c, x[4], 0, &x[4]);
    c = ecedu_adc(c, x[5], 0, &x[5]);
    x[6] += c;
    const uint64_t t = x[6];
    const unsigned __int128 t0 = (unsigned __int128)t * 0xffffffff00000001ULL;
    const unsigned __int128 t1 = (unsigned __int128)t * 0x00000000ffffffffULL + (uint64_t)(t0 >> 64);
    c = 0;
    c = ecedu_adc(c, x[0], (uint64_t)t0, &x[0]);
    c = ecedu_adc(c, x[1], (uint64_t)t1, &x[1]);
    c = ecedu_adc(c, x[2], (uint64_t)(t1 >> 64) + t, &x[2]); /* t1 < 2^67: its high word + t < 2^4 */
    c = ecedu_adc(c, x[3], 0, &x[3]);
    c = ecedu_adc(c, x[4], 0, &x[4]);
    c = ecedu_adc(c, x[5], 0, &x[5]);
    x[6] = c;
}

/* The canonical residue as six 64-bit words, of a loose a: x = p384i_words(a) < 2p, and x - p
 * kept if it does not borrow (over the seven words), by a mask. */
static inline void p384i_canonical64(uint64_t w[6], const p384i_fe *a) {
    uint64_t x[7], d[6], borrow = 0;
    p384i_words(x, a);
    for (int i = 0; i < 7; i++) {
        unsigned __int128 s = (unsigned __int128)x[i] - (i < 6 ? P384I_P64[i] : 0) - borrow;
        if (i < 6) d[i] = (uint64_t)s;
        borrow = (uint64_t)(s >> 64) & 1;
    }
    const uint64_t keep_x = 0 - borrow; /* x < p */
    for (int i = 0; i < 6; i++) w[i] = (x[i] & keep_x) | (d[i] & ~keep_x);
    ecedu_wipe(x, sizeof x), ecedu_wipe(d, sizeof d);
}

/* all-ones if a = 0 (mod p): x = p384i_words(a) < 2p is 0 or p.  No wipe of x (as
 * p521u_is_zero): a local array of constant indices, kept in registers. */
static inline uint64_t p384i_is_zero(const p384i_fe *a) {
    uint64_t x[7];
    p384i_words(x, a);
    uint64_t z = x[6], zp = x[6];
    for (int i = 0; i < 6; i++) z |= x[i], zp |= x[i] ^ P384I_P64[i];
    return ecedu_ct_is_zero_u64(z) | ecedu_ct_is_zero_u64(zp);
}

/* r = k for a public k < 2^48 (one limb). */
static inline void p384i_set_small(p384i_fe *r, uint64_t k) {
    memset(r, 0, sizeof *r);
    r->v[0] = k;
}

/* r = the big-endian in if < p (returns all-ones), else r = 0 (returns 0); constant time. */
static inline uint64_t p384i_from_bytes(p384i_fe *r, const uint8_t in[P384I_BYTES]) {
    uint64_t w[6];
    (void)ecedu_bytes_to_words(w, 6, in, P384I_BYTES);
    uint64_t ok = ecedu_limbs_less_than(w, P384I_P64, 6);
    for (int i = 0; i < 6; i++) w[i] &= ok;
    ecedu_radix_from64(r->v, 8, 48, w, 6);
    ecedu_wipe(w, sizeof w);
    return ok;
}

/* out = the canonical residue of a, big-endian. */
static inline void p384i_to_bytes(uint8_t out[P384I_BYTES], const p384i_fe *a) {
    uint64_t w[6];
    p384i_canonical64(w, a);
    ecedu_words_to_bytes(out, P384I_BYTES, w, 6);
    ecedu_wipe(w, sizeof w);
}

/* a^-1 (0 -> 0): the canonical residue inverted by scalar/modinv.h's constant-time divsteps
 * (Bernstein-Yang; the modulus p is public, 18 batches of 62 divsteps on 62-bit limbs), then back
 * into 48-bit limbs.  Measured (standalone, TSC ticks, the Xeon, shared machine): 9,900 against
 * 25,900 for the Fermat addition chain a^(p-2) over this field's product and square (383 S +
 * 14 M; 29,400 with fe_p384_fold.h's MULX ones, whose p384f_inv is now these divsteps too).
 * vartime = 1 (p384i_inv_vartime, for a PUBLIC a): modinv_vartime's divsteps instead. */
static inline void p384i_inv_as(p384i_fe *r, const p384i_fe *a, const int vartime) {
    uint64_t w[6];
    p384i_canonical64(w, a);
    modinv_mod_prime_as(w, w, P384I_P64, 6, 384, vartime);
    ecedu_radix_from64(r->v, 8, 48, w, 6);
    ecedu_wipe(w, sizeof w);
}

static inline void p384i_inv(p384i_fe *r, const p384i_fe *a) {
    p384i_inv_as(r, a, 0);
}

/* The same in variable time, for a PUBLIC a (sw.tmpl.h's FE_INV_VARTIME). */
static inline void p384i_inv_vartime(p384i_fe *r, const p384i_fe *a) {
    p384i_inv_as(r, a, 1);
}

#undef P384I_LO
#undef P384I_HI
#undef P384I_ROW
#undef P384I_SQR_ROW
#undef P384I_AL
#undef P384I_M48
#pragma GCC pop_options
