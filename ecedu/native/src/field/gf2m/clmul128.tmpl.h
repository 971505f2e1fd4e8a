/*
 * clmul128.tmpl.h -- TEMPLATE (field/gf2m): GF(2^m) arithmetic on 128-bit
 * registers with PCLMULQDQ (SSE4.1; built again for AVX, where every
 * instruction takes the three-operand VEX form, for AVX2, the same forms with
 * the pairs below on 256-bit registers, and for AVX-512, where the compiler
 * merges XOR chains into VPTERNLOGQ and the shifts below become double shifts).  Part of the field template, see field.tmpl.h.
 */
/* =====================================================================
 * PCLMULQDQ path: everything stays in 128-bit SSE registers.
 *
 * A polynomial of 2n words is held as n "lanes" V[0..n-1], lane l = the
 * words (2l, 2l+1).  An element of GF(2^m) takes GF_NL = ceil(NW/2) lanes
 * (when NW is odd the high word of the last lane is zero); a product
 * before reduction takes NW lanes.  Memory is touched only to load the
 * operands and store the result: no 64-bit word ever goes through a
 * general-purpose register, and no partial result is stored and reloaded.
 *
 * The helpers below take lane and word indices and shift counts that are
 * constants once inlined (they depend on m only), so after unrolling every
 * branch in them disappears and each shift is an immediate-count
 * instruction.  They must therefore be always inlined, whatever NW.
 * ===================================================================== */
#define GF_NL ((GF_NW + 1) / 2)
#define GF_INL static inline __attribute__((always_inline))

/* The lane helpers, reductions, products and squaring (lanes.tmpl.h) on 128-bit registers. */
#define GV __m128i
#define GV_FN(name) FN(name)
#define GV_ZERO() _mm_setzero_si128()
#define GV_XOR(a, b) _mm_xor_si128(a, b)
#define GV_AND(a, b) _mm_and_si128(a, b)
#define GV_SLLI64(a, n) _mm_slli_epi64(a, n)
#define GV_SRLI64(a, n) _mm_srli_epi64(a, n)
#if GF_PCLMUL == 3
#define GV_DOUBLE_SHIFT 1
#define GV_SHLDV(a, b, n) _mm_shldv_epi64(a, b, _mm_set1_epi64x(n))
#define GV_SHRDV(a, b, n) _mm_shrdv_epi64(a, b, _mm_set1_epi64x(n))
#else
#define GV_DOUBLE_SHIFT 0
#endif
#define GV_ALIGNR8(a, b) _mm_alignr_epi8(a, b, 8)
#define GV_BSLLI8(a) _mm_slli_si128(a, 8)
#define GV_BSRLI8(a) _mm_srli_si128(a, 8)
#define GV_UNPACKHI64(a, b) _mm_unpackhi_epi64(a, b)
#define GV_SET2(hi, lo) _mm_set_epi64x(hi, lo)
#define GV_CLMUL(a, b, imm) _mm_clmulepi64_si128(a, b, imm)
#define GV_SWAP64(a) _mm_shuffle_epi32(a, 0x4E)
#include "field/gf2m/lanes.tmpl.h"

GF_INL void FN(vload)(__m128i *V, const uint64_t *a) {
    for (int l = 0; l < GF_NW / 2; l++) V[l] = _mm_loadu_si128((const __m128i *)(a + 2 * l));
    if (GF_NW & 1) V[GF_NL - 1] = _mm_loadl_epi64((const __m128i *)(a + GF_NW - 1));
}

GF_INL void FN(vstore)(uint64_t *r, const __m128i *V) {
    for (int l = 0; l < GF_NW / 2; l++) _mm_storeu_si128((__m128i *)(r + 2 * l), V[l]);
    if (GF_NW & 1) _mm_storel_epi64((__m128i *)(r + GF_NW - 1), V[GF_NL - 1]);
}

#if GF_PCLMUL >= 2
/* The same on 256-bit registers (VPCLMULQDQ on ymm), two elements side by side
 * (lanes.tmpl.h): FN(x2_...), for FN(sqr_n3) on the AVX2 level and FN(mul2) / FN(sqr2) on the
 * AVX2 and AVX-512 levels. */
#define GV __m256i
#define GV_FN(name) FN(x2_##name)
#define GV_ZERO() _mm256_setzero_si256()
#define GV_XOR(a, b) _mm256_xor_si256(a, b)
#define GV_AND(a, b) _mm256_and_si256(a, b)
#define GV_SLLI64(a, n) _mm256_slli_epi64(a, n)
#define GV_SRLI64(a, n) _mm256_srli_epi64(a, n)
#if GF_PCLMUL == 3 /* AVX512VL + VBMI2 on ymm */
#define GV_DOUBLE_SHIFT 1
#define GV_SHLDV(a, b, n) _mm256_shldv_epi64(a, b, _mm256_set1_epi64x(n))
#define GV_SHRDV(a, b, n) _mm256_shrdv_epi64(a, b, _mm256_set1_epi64x(n))
#else
#define GV_DOUBLE_SHIFT 0
#endif
#define GV_ALIGNR8(a, b) _mm256_alignr_epi8(a, b, 8)
#define GV_BSLLI8(a) _mm256_bslli_epi128(a, 8)
#define GV_BSRLI8(a) _mm256_bsrli_epi128(a, 8)
#define GV_UNPACKHI64(a, b) _mm256_unpackhi_epi64(a, b)
#define GV_SET2(hi, lo) _mm256_broadcastsi128_si256(_mm_set_epi64x(hi, lo))
#define GV_CLMUL(a, b, imm) _mm256_clmulepi64_epi128(a, b, imm)
#define GV_SWAP64(a) _mm256_shuffle_epi32(a, 0x4E)
#include "field/gf2m/lanes.tmpl.h"

/* V[l] = lane l of a and b in the 128-bit halves of a 256-bit register. */
GF_INL void FN(x2_load)(__m256i *V, const uint64_t *a, const uint64_t *b) {
    __m128i A[GF_NL], B[GF_NL];
    FN(vload)(A, a);
    FN(vload)(B, b);
#pragma GCC unroll 8
    for (int l = 0; l < GF_NL; l++) V[l] = _mm256_inserti128_si256(_mm256_castsi128_si256(A[l]), B[l], 1);
}

/* The inverse: a and b from the halves of V. */
GF_INL void FN(x2_store)(uint64_t *a, uint64_t *b, const __m256i *V) {
    __m128i A[GF_NL], B[GF_NL];
#pragma GCC unroll 8
    for (int l = 0; l < GF_NL; l++) {
        A[l] = _mm256_castsi256_si128(V[l]);
        B[l] = _mm256_extracti128_si256(V[l], 1);
    }
    FN(vstore)(a, A);
    FN(vstore)(b, B);
}
#endif

#if GF_PCLMUL == 3
/* The same on 512-bit registers, three elements side by side (lanes.tmpl.h): FN(x3_...), for
 * FN(sqr_n3). */
#define GV __m512i
#define GV_FN(name) FN(x3_##name)
#define GV_ZERO() _mm512_setzero_si512()
#define GV_XOR(a, b) _mm512_xor_si512(a, b)
#define GV_AND(a, b) _mm512_and_si512(a, b)
#define GV_SLLI64(a, n) _mm512_slli_epi64(a, n)
#define GV_SRLI64(a, n) _mm512_srli_epi64(a, n)
#define GV_DOUBLE_SHIFT 1
#define GV_SHLDV(a, b, n) _mm512_shldv_epi64(a, b, _mm512_set1_epi64(n))
#define GV_SHRDV(a, b, n) _mm512_shrdv_epi64(a, b, _mm512_set1_epi64(n))
/* AVX-512F forms of the byte shifts (VPSLLDQ and VPALIGNR on zmm would need AVX512BW, which
 * the level does not ask for): PUNPCKL/HQDQ with zero, and VSHUFPD taking the high word of b
 * and the low word of a in every lane */
#define GV_ALIGNR8(a, b) \
    _mm512_castpd_si512(_mm512_shuffle_pd(_mm512_castsi512_pd(b), _mm512_castsi512_pd(a), 0x55))
#define GV_BSLLI8(a) _mm512_unpacklo_epi64(_mm512_setzero_si512(), a)
#define GV_BSRLI8(a) _mm512_unpackhi_epi64(a, _mm512_setzero_si512())
#define GV_UNPACKHI64(a, b) _mm512_unpackhi_epi64(a, b)
#define GV_SET2(hi, lo) _mm512_broadcast_i32x4(_mm_set_epi64x(hi, lo))
#define GV_CLMUL(a, b, imm) _mm512_clmulepi64_epi128(a, b, imm)
#define GV_SWAP64(a) _mm512_shuffle_epi32(a, (_MM_PERM_ENUM)0x4E)
#include "field/gf2m/lanes.tmpl.h"

/* V[l] = lane l of a, b, c in the 128-bit lanes 0, 1, 2 of a 512-bit register (lane 3 zero). */
GF_INL void FN(x3_load)(__m512i *V, const uint64_t *a, const uint64_t *b, const uint64_t *c) {
    __m128i A[GF_NL], B[GF_NL], C[GF_NL];
    FN(vload)(A, a);
    FN(vload)(B, b);
    FN(vload)(C, c);
#pragma GCC unroll 8
    for (int l = 0; l < GF_NL; l++)
        V[l] = _mm512_inserti32x4(_mm512_inserti32x4(_mm512_zextsi128_si512(A[l]), B[l], 1), C[l], 2);
}

/* The inverse: a, b, c from the lanes 0, 1, 2 of V. */
GF_INL void FN(x3_store)(uint64_t *a, uint64_t *b, uint64_t *c, const __m512i *V) {
    __m128i A[GF_NL], B[GF_NL], C[GF_NL];
#pragma GCC unroll 8
    for (int l = 0; l < GF_NL; l++) {
        A[l] = _mm512_castsi512_si128(V[l]);
        B[l] = _mm512_extracti32x4_epi32(V[l], 1);
        C[l] = _mm512_extracti32x4_epi32(V[l], 2);
    }
    FN(vstore)(a, A);
    FN(vstore)(b, B);
    FN(vstore)(c, C);
}
#endif


#if GF_ZMUL /* the multiplication on 512-bit registers instead */
#include "field/gf2m/clmul512.tmpl.h"
#endif
#if GF_YMUL /* ... or on 256-bit registers */
#include "field/gf2m/clmul256.tmpl.h"
#endif

/* --- the word-array interface --- */

/* c (2 NW words) = a * b, not reduced. */
GF_HOT void FN(mul_unreduced)(uint64_t *c, const uint64_t *a, const uint64_t *b) {
#if GF_ZMUL
    __m512i P[GF_NR];
    FN(zmul)(P, FN(zload)(a), a, b);
    FN(zstore_prod)(c, P);
#elif GF_YMUL
    __m128i C[GF_NW];
    FN(ymul)(C, a, b);
#pragma GCC unroll 12
    for (int s = 0; s < GF_NW; s++) _mm_storeu_si128((__m128i *)(c + 2 * s), C[s]);
#else
    __m128i A[GF_NL], B[GF_NL], C[GF_NW];
    FN(vload)(A, a);
    FN(vload)(B, b);
    FN(vmul)(C, A, B);
#pragma GCC unroll 12
    for (int s = 0; s < GF_NW; s++) _mm_storeu_si128((__m128i *)(c + 2 * s), C[s]);
#endif
}

/* r = c mod f for any c of 2 NW words (e.g. the sum of two unreduced
 * products).  c is not modified; r may alias c. */
GF_HOT void FN(reduce)(uint64_t *r, uint64_t *c) {
    __m128i C[GF_NW], R[GF_NL];
#pragma GCC unroll 12
    for (int s = 0; s < GF_NW; s++) C[s] = _mm_loadu_si128((const __m128i *)(c + 2 * s));
    FN(vreduce)(R, C, 128 * GF_NW - 1);
    FN(vstore)(r, R);
}

/* r = a * b mod f.  r may alias a or b. */
GF_HOT void FN(mul)(uint64_t *r, const uint64_t *a, const uint64_t *b) {
#if GF_ZMUL
    __m512i P[GF_NR], R[GF_NA];
    FN(zmul)(P, FN(zload)(a), a, b);
    FN(zreduce)(R, P, 2 * GF_M - 2);
    FN(zstore)(r, R);
#elif GF_YMUL
    __m128i C[GF_NW], R[GF_NL];
    FN(ymul)(C, a, b);
    FN(vreduce_prod)(R, C);
    FN(vstore)(r, R);
#else
    __m128i A[GF_NL], B[GF_NL], R[GF_NL];
    FN(vload)(A, a);
    FN(vload)(B, b);
    FN(vmulmod)(R, A, B);
    FN(vstore)(r, R);
#endif
}

/* c (2 NW words) = a^2, not reduced. */
GF_HOT void FN(sqr_spread)(uint64_t *c, const uint64_t *a) {
    __m128i A[GF_NL], C[GF_NW];
    FN(vload)(A, a);
    FN(vsqr_spread)(C, A);
#pragma GCC unroll 12
    for (int s = 0; s < GF_NW; s++) _mm_storeu_si128((__m128i *)(c + 2 * s), C[s]);
}

/* r = a^2 mod f.  r may alias a. */
GF_HOT void FN(sqr)(uint64_t *r, const uint64_t *a) {
    __m128i A[GF_NL];
    FN(vload)(A, a);
    FN(vsqrmod)(A, A);
    FN(vstore)(r, A);
}

/* ---------------------------------------------------------------------
 * Sums of products with one reduction ("lazy reduction": reduction is
 * GF(2)-linear, so (ab mod f) + (cd mod f) = (ab + cd) mod f, HMV 2.3.5;
 * the formulas of the ladder and of the lambda addition are full of such
 * sums).  The sum of two products of reduced elements still has degree at
 * most 2m - 2, so it takes the product reduction FN(vreduce_prod) (one
 * step for the trinomials), not the reduction of any 2 NW words of
 * FN(reduce).  Everything stays in registers: no unreduced product is
 * stored and reloaded.  r may alias any input.
 * --------------------------------------------------------------------- */
/* R = C mod f for a sum of products (FN(vreduce_prod)), or with lazy (a constant once inlined;
 * GF_RED_FOLD2 only) its two folds without the normalisation: below z^(64 NW), congruent mod f. */
GF_INL void FN(vreduce_prod_as)(__m128i *R, const __m128i *C, const int lazy) {
#ifdef GF_RED_FOLD2
    if (lazy) {
        FN(vfold2)(R, C);
        return;
    }
#endif
    (void)lazy;
    FN(vreduce_prod)(R, C);
}

#if GF_ZMUL
/* r = a b + c d mod f */
GF_HOT void FN(mul_add)(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *c, const uint64_t *d) {
    __m512i P[GF_NR], Q[GF_NR], R[GF_NA];
    FN(zmul)(P, FN(zload)(a), a, b);
    FN(zmul)(Q, FN(zload)(c), c, d);
#pragma GCC unroll 8
    for (int i = 0; i < GF_NR; i++) P[i] = _mm512_xor_si512(P[i], Q[i]);
    FN(zreduce)(R, P, 2 * GF_M - 2);
    FN(zstore)(r, R);
}
#else
/* r = a b + c d mod f, or with lazy (a constant once inlined; GF_RED_FOLD2 only) the lazy form of
 * the SSE level's ladder: the two folds without their normalisation (FN(mul_add_lazy), below) */
GF_HOT void FN(mul_add_as)(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *c,
                           const uint64_t *d, const int lazy) {
    __m128i C[GF_NW], D[GF_NW], R[GF_NL];
#if GF_YMUL
    FN(ymul)(C, a, b);
    FN(ymul)(D, c, d);
#else
    __m128i A[GF_NL], B[GF_NL];
    FN(vload)(A, a);
    FN(vload)(B, b);
    FN(vmul)(C, A, B);
    FN(vload)(A, c);
    FN(vload)(B, d);
    FN(vmul)(D, A, B);
#endif
#pragma GCC unroll 12
    for (int s = 0; s < GF_NW; s++) C[s] = _mm_xor_si128(C[s], D[s]);
    FN(vreduce_prod_as)(R, C, lazy);
    FN(vstore)(r, R);
}

GF_HOT void FN(mul_add)(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *c, const uint64_t *d) {
    FN(mul_add_as)(r, a, b, c, d, 0);
}
#endif

/* r = a b + s^2 mod f (the squaring as FN(vsqr_spread)); lazy as in FN(mul_add_as) */
GF_HOT void FN(mul_add_sqr_as)(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *s,
                               const int lazy) {
#if GF_ZMUL /* the products live in 512-bit registers: two reductions there */
    (void)lazy; /* no lazy form on this level */
    uint64_t t[GF_NW];
    FN(sqr)(t, s);
    FN(mul)(r, a, b);
    FN(add)(r, r, t);
#else
    __m128i C[GF_NW], D[GF_NW], S[GF_NL], R[GF_NL];
#if GF_YMUL
    FN(ymul)(C, a, b);
#else
    __m128i A[GF_NL], B[GF_NL];
    FN(vload)(A, a);
    FN(vload)(B, b);
    FN(vmul)(C, A, B);
#endif
    FN(vload)(S, s);
    FN(vsqr_spread)(D, S);
#pragma GCC unroll 12
    for (int i = 0; i < GF_NW; i++) C[i] = _mm_xor_si128(C[i], D[i]);
    FN(vreduce_prod_as)(R, C, lazy);
    FN(vstore)(r, R);
#endif
}

GF_HOT void FN(mul_add_sqr)(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *s) {
    FN(mul_add_sqr_as)(r, a, b, s, 0);
}

/* r = a^(2^n), n >= 0 (public): n squarings without leaving the registers. */
static inline void FN(sqr_n)(uint64_t *r, const uint64_t *a, int n) {
    __m128i A[GF_NL];
    FN(vload)(A, a);
    for (int i = 0; i < n; i++) FN(vsqr_chain_step)(A);
    FN(vsqr_chain_end)(A);
    FN(vstore)(r, A);
}

/* a, b, c = a^(2^n), b^(2^n), c^(2^n), n >= 0 (public): the Frobenius map
 * tau^n of a point in projective coordinates (tnaf.tmpl.h).  The three chains
 * are independent: on the AVX-512 level they run side by side in the lanes of
 * 512-bit registers (FN(x3_...), lanes.tmpl.h), on the AVX2 level two of them
 * in 256-bit registers (FN(x2_...)) next to the third, else interleaved in
 * 128-bit registers; always in registers from the loads to the stores.  normalise (a constant
 * once inlined) 0 leaves out the normalisation at the end of the chains (FN(sqr_n3_lazy)). */
GF_INL void FN(sqr_n3_chains)(uint64_t *a, uint64_t *b, uint64_t *c, int n, const int normalise) {
#if GF_PCLMUL == 3
    __m512i V[GF_NL];
    FN(x3_load)(V, a, b, c);
    for (int i = 0; i < n; i++) FN(x3_vsqr_chain_step)(V);
    if (normalise) FN(x3_vsqr_chain_end)(V);
    FN(x3_store)(a, b, c, V);
#elif GF_PCLMUL == 2
    __m256i V[GF_NL]; /* a and b */
    __m128i C[GF_NL];
    FN(x2_load)(V, a, b);
    FN(vload)(C, c);
    for (int i = 0; i < n; i++) {
        FN(x2_vsqr_chain_step)(V);
        FN(vsqr_chain_step)(C);
    }
    if (normalise) {
        FN(x2_vsqr_chain_end)(V);
        FN(vsqr_chain_end)(C);
    }
    FN(x2_store)(a, b, V);
    FN(vstore)(c, C);
#else
    __m128i A[GF_NL], B[GF_NL], C[GF_NL];
    FN(vload)(A, a);
    FN(vload)(B, b);
    FN(vload)(C, c);
    for (int i = 0; i < n; i++) {
        FN(vsqr_chain_step)(A);
        FN(vsqr_chain_step)(B);
        FN(vsqr_chain_step)(C);
    }
    if (normalise) {
        FN(vsqr_chain_end)(A);
        FN(vsqr_chain_end)(B);
        FN(vsqr_chain_end)(C);
    }
    FN(vstore)(a, A);
    FN(vstore)(b, B);
    FN(vstore)(c, C);
#endif
}

static inline void FN(sqr_n3)(uint64_t *a, uint64_t *b, uint64_t *c, int n) {
    FN(sqr_n3_chains)(a, b, c, n, 1);
}

/* The same with inputs of any NW words and results below z^(64 NW), congruent but not normalised
 * (GF_RED_FOLD2; without it the chains' results are reduced anyway), for the tau-adic loop
 * (FN(lam_madd_lazy), lambda.tmpl.h). */
static inline void FN(sqr_n3_lazy)(uint64_t *a, uint64_t *b, uint64_t *c, int n) {
    FN(sqr_n3_chains)(a, b, c, n, 0);
}

/* The lazy square of the tau-adic loop's addition (FN(lam_madd_lazy), lambda.tmpl.h) and of the
 * ladder (ladder.tmpl.h), on every level: one step of a chain of squarings, below z^(64 NW) and
 * congruent mod f, from any NW-word input (GF_RED_FOLD2; without it FN(sqr), whose reduced
 * result meets the same contract).  r may alias a.  Lazy results, here and in the lazy products
 * below, may only go into lazy forms, additions, swaps or a chain of squarings, whose end
 * (FN(sqr_n) with n = 0 alone) normalises them. */
GF_HOT void FN(sqr_lazy)(uint64_t *r, const uint64_t *a) {
#ifdef GF_RED_FOLD2
    __m128i A[GF_NL];
    FN(vload)(A, a);
    FN(vsqr_chain_step)(A);
    FN(vstore)(r, A);
#else
    FN(sqr)(r, a);
#endif
}

/* r = a b, lazily reduced (in 128-bit registers on every level: the ladder's one single product);
 * without GF_RED_FOLD2 FN(mul), as for FN(sqr_lazy) */
GF_HOT void FN(mul_lazy)(uint64_t *r, const uint64_t *a, const uint64_t *b) {
#ifdef GF_RED_FOLD2
    __m128i A[GF_NL], B[GF_NL], C[GF_NW];
    FN(vload)(A, a);
    FN(vload)(B, b);
    FN(vmul)(C, A, B);
    FN(vfold2)(A, C);
    FN(vstore)(r, A);
#else
    FN(mul)(r, a, b);
#endif
}

#if !GF_PAIRS
/* r0 = a0 b0, r1 = a1 b1 on the SSE level: FN(mul_lazy) twice, through temporaries as the
 * pairs' outputs may alias their inputs (as field.tmpl.h's FN(mul2) there) */
GF_HOT void FN(mul2_lazy)(uint64_t *r0, const uint64_t *a0, const uint64_t *b0, uint64_t *r1,
                          const uint64_t *a1, const uint64_t *b1) {
    uint64_t t0[GF_NW], t1[GF_NW];
    FN(mul_lazy)(t0, a0, b0);
    FN(mul_lazy)(t1, a1, b1);
    FN(copy)(r0, t0);
    FN(copy)(r1, t1);
}
#endif

#if !GF_PAIRS
/* r = a b + c d and r = a b + s^2, one pair of folds for the sum (FN(mul_add_as): without
 * GF_RED_FOLD2 the full reduction) */
GF_HOT void FN(mul_add_lazy)(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *c,
                             const uint64_t *d) {
    FN(mul_add_as)(r, a, b, c, d, 1);
}

GF_HOT void FN(mul_add_sqr_lazy)(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *s) {
    FN(mul_add_sqr_as)(r, a, b, s, 1);
}
#endif

#if GF_PAIRS /* (field.tmpl.h) */
/* r0 = a0 b0 and r1 = a1 b1 mod f side by side in the halves of 256-bit registers
 * (FN(x2_vmulmod), lanes.tmpl.h); outputs may alias inputs.  Forced inline up to five words
 * (GF_HOT, words.tmpl.h), with FN(sqr2): GCC had left them as calls, and inlined they let the
 * formulas keep their operands in registers.  Measured (ECDH min TSC ticks, AMD Zen 4, six
 * pairs): AVX-512 sect163r1 21.9k -> 17.2k, 193r1 26.3k -> 20.2k, 233k1 21.9k -> 20.0k,
 * 233r1 33.1k -> 30.3k, 283r1 53.2k -> 49.2k; AVX2 163r1 23.1k -> 19.4k, 193r1 28.1k -> 26.7k,
 * 233k1 22.4k -> 21.6k, but 233r1 36.0k -> 37.4k (the ladder on sixteen ymm registers). */
GF_HOT void FN(mul2)(uint64_t *r0, const uint64_t *a0, const uint64_t *b0, uint64_t *r1,
                     const uint64_t *a1, const uint64_t *b1) {
    __m256i A[GF_NL], B[GF_NL], R[GF_NL];
    FN(x2_load)(A, a0, a1);
    FN(x2_load)(B, b0, b1);
    FN(x2_vmulmod)(R, A, B);
    FN(x2_store)(r0, r1, R);
}

/* r0 = a0^2 and r1 = a1^2 mod f, the same way (FN(x2_vsqrmod)). */
GF_HOT void FN(sqr2)(uint64_t *r0, const uint64_t *a0, uint64_t *r1, const uint64_t *a1) {
    __m256i A[GF_NL];
    FN(x2_load)(A, a0, a1);
    FN(x2_vsqrmod)(A, A);
    FN(x2_store)(r0, r1, A);
}

/* The lazy pair of products for the tau-adic addition (FN(lam_madd_lazy), lambda.tmpl.h) and the
 * ladder: r0 = a0 b0 and r1 = a1 b1, below z^(64 NW) and congruent mod f; the inputs may be any
 * NW words.  With GF_RED_FOLD2 the products stop after the two folds (GV_FN(vfold2), without
 * GV_FN(vnorm2)); without it they are FN(mul2), whose reduced results meet the same contract.
 * Their results go where FN(sqr_lazy)'s go (above). */
GF_HOT void FN(mul2_lazy)(uint64_t *r0, const uint64_t *a0, const uint64_t *b0, uint64_t *r1,
                          const uint64_t *a1, const uint64_t *b1) {
#ifdef GF_RED_FOLD2
    __m256i A[GF_NL], B[GF_NL], C[GF_NW], R[GF_NL];
    FN(x2_load)(A, a0, a1);
    FN(x2_load)(B, b0, b1);
    FN(x2_vmul)(C, A, B);
    FN(x2_vfold2)(R, C);
    FN(x2_store)(r0, r1, R);
#else
    FN(mul2)(r0, a0, b0, r1, a1, b1);
#endif
}

/* r0 = a0^2 and r1 = a1^2, lazily reduced like FN(mul2_lazy) (one step of a chain of squarings,
 * side by side), for the ladder (ladder.tmpl.h); without GF_RED_FOLD2 FN(sqr2). */
GF_HOT void FN(sqr2_lazy)(uint64_t *r0, const uint64_t *a0, uint64_t *r1, const uint64_t *a1) {
#ifdef GF_RED_FOLD2
    __m256i A[GF_NL];
    FN(x2_load)(A, a0, a1);
    FN(x2_vsqr_chain_step)(A);
    FN(x2_store)(r0, r1, A);
#else
    FN(sqr2)(r0, a0, r1, a1);
#endif
}
#endif

