/*
 * fe_solinas.tmpl.h -- TEMPLATE: multiplication modulo a NIST prime by the
 * schoolbook product and the Solinas ("NIST fast") reduction, written once
 * over the prime's table of terms; the including file (fe_p192_solinas.h,
 * fe_p224_solinas.h, fe_p256_solinas.h, fe_p384_solinas.h) gives the table of
 * FIPS 186-4 Appendix D.2 (GECC Alg. 2.27-2.30), the rest of the fe
 * interface comes from fe_sat.tmpl.h (ordinary representation, fully reduced
 * elements).  J. Solinas, "Generalized Mersenne numbers", CORR 99-39 (1999).
 *
 * Macro contract (set by the including file before the #include, undefined by it
 * after; this template defines no macro of its own and passes them on to
 * fe_sat.tmpl.h):
 *   FE_NAME(x), FE_N, FE_NBYTES, FE_P, FE_PM2   as in fe_sat.tmpl.h, and FE_MONT 0
 *   SOL_WORDS   k, the number of 32-bit words of p (p < 2^(32 k) = 2^B), 2k <= 2 * 2 FE_N
 *   SOL_NTERMS  the number of terms of the formula
 *   SOL_TERMS   the name of a static const sol_term[SOL_NTERMS] (below): the
 *               formula's terms, each a coefficient and k word indices into the
 *               product c[0..2k) written MOST SIGNIFICANT FIRST, as FIPS prints
 *               them ("(c15, c14, c13, c12, c11, 0, 0, 0)"), -1 for a 0 word
 *   SOL_K       the name of a static const int8_t[SOL_WORDS]: 2^B - p as signed
 *               32-bit digits in {-1, 0, 1}, LEAST significant first
 * and, before the #include, typedef struct { uint64_t v[FE_N]; } FE_NAME(fe).
 *
 * The product.  a, b < p: c = a b < p^2 < 2^(2B), 2k words of 32 bits (the
 * schoolbook product of FE_N 64-bit limbs, then each limb split in two words).
 *
 * The reduction.  Each term is an integer < 2^B built from words of c, and the
 * formula says sum(coef_t term_t) = c mod p.  Word j of the sum,
 * w_j = sum_t coef_t c[idx_t,j], is accumulated in an int64_t: |w_j| <= 11 (2^32 - 1)
 * (the largest sum of |coef| is P-384's 11), far from 2^63.  With S the sum of
 * the positive and D of the negative coefficients the total V satisfies
 * -D 2^B < V < S 2^B.
 * Carry propagation (signed: floor division by 2^32, the arithmetic right shift
 * of GCC and Clang) makes the words w_j in [0, 2^32) and leaves a carry
 * c' = floor(V / 2^B) in [-D, S], so V = W + c' 2^B with 0 <= W < 2^B.
 * Fold: 2^B = K (mod p) with K = 2^B - p, so V = W + c' K (mod p), added word
 * by word with K's signed digits, then carried again.  With C = max(S, D) and
 * (C + 1) K <= 2^B (true by far: K < 2^(B-31) for the four primes, C <= 10):
 *   - after the first fold V1 = W + c' K lies in (-C K, 2^B + C K), so the new
 *     carry c'' is -1, 0 or 1;
 *   - second fold: if c'' = 1, the words W' = V1 - 2^B < C K and W' + K < 2^B;
 *     if c'' = -1, W' = V1 + 2^B > 2^B - C K and W' - K > 0: either way the
 *     result lies in [0, 2^B) and the last carry is 0.
 * 0 <= V2 < 2^B < 2p (p > 2^(B-1)): one masked subtraction of p (cond_sub_p).
 * Every step is the same for every input: constant time (the branch on a
 * table's -1 is on public constants).
 */

/* sol_term and ecedu_sol_carry: field/gfp/solinas.h */

static void FE_NAME(cond_sub_p)(uint64_t *r, const uint64_t *t, uint64_t hi);

static inline void FE_NAME(mul)(FE_NAME(fe) *r, const FE_NAME(fe) *a, const FE_NAME(fe) *b) {
    typedef unsigned __int128 u128;
    /* the schoolbook product z = a b, 2 FE_N limbs */
    uint64_t z[2 * FE_N] = {0};
    for (int i = 0; i < FE_N; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < FE_N; j++) {
            u128 x = (u128)a->v[i] * b->v[j] + z[i + j] + carry; /* < 2^128: (W-1)^2 + 2(W-1) */
            z[i + j] = (uint64_t)x;
            carry = (uint64_t)(x >> 64);
        }
        z[i + FE_N] = carry;
    }
    /* its 32-bit words c[0..2k) */
    uint32_t c[4 * FE_N];
    for (int i = 0; i < 2 * FE_N; i++) c[2 * i] = (uint32_t)z[i], c[2 * i + 1] = (uint32_t)(z[i] >> 32);
    /* the formula, word by word */
    int64_t w[SOL_WORDS] = {0};
    /* fully unrolled (the tables are constants): what remains is the adds and
     * subtractions of the formula, the index tests vanish at compile time */
#pragma GCC unroll 16
    for (int t = 0; t < SOL_NTERMS; t++)
#pragma GCC unroll 12
        for (int j = 0; j < SOL_WORDS; j++) {
            const int idx = SOL_TERMS[t].idx[SOL_WORDS - 1 - j];
            if (idx >= 0) w[j] += SOL_TERMS[t].coef * (int64_t)c[idx];
        }
    /* carry, fold 2^B = K twice (the bounds at the top), then one subtraction of p */
    for (int fold = 0; fold < 2; fold++) {
        int64_t carry = ecedu_sol_carry(w, SOL_WORDS);
        for (int j = 0; j < SOL_WORDS; j++) w[j] += carry * SOL_K[j];
    }
    (void)ecedu_sol_carry(w, SOL_WORDS); /* 0: the second fold cannot carry */
    uint64_t t[FE_N] = {0};
    for (int j = 0; j < SOL_WORDS; j++) t[j / 2] |= (uint64_t)w[j] << (32 * (j % 2));
    FE_NAME(cond_sub_p)(r->v, t, 0);
    /* z, c, w are not wiped: this is the hot kernel and they live in registers
     * or in stack slots the next multiplication overwrites (as in
     * fe_p256_mont.h); the callers wipe their elements. */
}

#include "field/gfp/fe_sat.tmpl.h"
