/*
 * clmul128.tmpl.h -- TEMPLATE (field/gf2m): GF(2^m) arithmetic on 128-bit
 * registers with PCLMULQDQ (SSE4.1; built a second time for AVX2, where
 * every instruction takes the three-operand VEX form, and a third time for
 * AVX-512, where the compiler merges XOR chains into VPTERNLOGQ and the
 * shifts below become double shifts).  Part of the field template, see field.tmpl.h.
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

/* The lane helpers, reductions and squaring (lanes.tmpl.h) on 128-bit registers. */
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
#include "field/gf2m/lanes.tmpl.h"

GF_INL void FN(vload)(__m128i *V, const uint64_t *a) {
    for (int l = 0; l < GF_NW / 2; l++) V[l] = _mm_loadu_si128((const __m128i *)(a + 2 * l));
    if (GF_NW & 1) V[GF_NL - 1] = _mm_loadl_epi64((const __m128i *)(a + GF_NW - 1));
}

GF_INL void FN(vstore)(uint64_t *r, const __m128i *V) {
    for (int l = 0; l < GF_NW / 2; l++) _mm_storeu_si128((__m128i *)(r + 2 * l), V[l]);
    if (GF_NW & 1) _mm_storel_epi64((__m128i *)(r + GF_NW - 1), V[GF_NL - 1]);
}

/* ---------------------------------------------------------------------
 * Multiplication before reduction, C (NW lanes) = A * B.
 *
 * One-level multi-way Karatsuba ("Karatsuba-Ofman for all pairs",
 * Weimerskirch and Paar 2006; HMV 2.3.3 for the two-way case): with
 * D_i = a_i b_i,
 *   a*b = sum_i D_i z^(128 i)
 *       + sum_{i<j} [(a_i+a_j)(b_i+b_j) + D_i + D_j] z^(64(i+j))
 * i.e. NW + NW(NW-1)/2 word products instead of NW^2.  PCLMULQDQ's
 * immediate picks the low or high word of each lane, so word i is used in
 * place; a sum a_i + a_j of words of different parity is formed against
 * the lane of a_j with its two words swapped (PSHUFD).  The 128-bit
 * products at an even word offset 2s go to lane s of E, those at an odd
 * offset 2s+1 to lane s of O; O is shifted by one word into E at the end.
 *
 * The D terms are not added pair by pair (2 XORs per pair): at word offset
 * s, the diagonal D_(s/2) (s even) and the D_i + D_j of the pairs i + j = s
 * together add up every D_i with lo(s) <= i <= hi(s), lo = max(0, s-NW+1),
 * hi = min(s, NW-1), each once.  That is a prefix XOR D_0 + ... + D_s for
 * s < NW and a suffix XOR D_(s-NW+1) + ... + D_(NW-1) for s >= NW - 1:
 * about 4 NW XORs instead of NW(NW-1).
 * --------------------------------------------------------------------- */
#define GF_MUL_SB (GF_NW <= 3) /* schoolbook for the 3-word field (measured faster) */
/* C = E + O z^64: the products at odd word offsets (O) shifted into the even
 * lanes (E); shared end of both multiplications below. */
GF_INL void FN(vcombine)(__m128i *C, __m128i *E, const __m128i *O) {
    /* lane s of O z^64 is (high word of O[s-1], low word of O[s]): one
     * PALIGNR per lane instead of two byte shifts */
    E[0] = _mm_xor_si128(E[0], _mm_slli_si128(O[0], 8));
#pragma GCC unroll 12
    for (int s = 1; s < GF_NW; s++) E[s] = _mm_xor_si128(E[s], _mm_alignr_epi8(O[s], O[s - 1], 8));
    E[GF_NW] = _mm_xor_si128(E[GF_NW], _mm_srli_si128(O[GF_NW - 1], 8));
#pragma GCC unroll 12
    for (int s = 0; s < GF_NW; s++) C[s] = E[s];
}

/* XOR v into the product at word offset s (E for even s, O for odd s). */
#define GF_ADD_AT(s, v)                                                      \
    do {                                                                     \
        if ((s) & 1) O[(s) >> 1] = _mm_xor_si128(O[(s) >> 1], (v));          \
        else         E[(s) >> 1] = _mm_xor_si128(E[(s) >> 1], (v));          \
    } while (0)
GF_INL void FN(vmul_ka)(__m128i *C, const __m128i *A, const __m128i *B) {
    __m128i As[GF_NL], Bs[GF_NL], D[GF_NW], Pre[GF_NW], Suf[GF_NW], E[GF_NW + 1], O[GF_NW];
#pragma GCC unroll 12
    for (int l = 0; l < GF_NL; l++) {
        As[l] = _mm_shuffle_epi32(A[l], 0x4E);
        Bs[l] = _mm_shuffle_epi32(B[l], 0x4E);
    }
#pragma GCC unroll 12
    for (int i = 0; i < GF_NW; i++) {
        D[i] = (i & 1) ? _mm_clmulepi64_si128(A[i >> 1], B[i >> 1], 0x11)
                       : _mm_clmulepi64_si128(A[i >> 1], B[i >> 1], 0x00);
        O[i] = _mm_setzero_si128();
    }
    /* Pre[i] = D_0 + ... + D_i, Suf[i] = D_i + ... + D_(NW-1) */
    Pre[0] = D[0];
    Suf[GF_NW - 1] = D[GF_NW - 1];
#pragma GCC unroll 12
    for (int i = 1; i < GF_NW; i++) {
        Pre[i] = _mm_xor_si128(Pre[i - 1], D[i]);
        Suf[GF_NW - 1 - i] = _mm_xor_si128(Suf[GF_NW - i], D[GF_NW - 1 - i]);
    }
#pragma GCC unroll 12
    for (int s = 0; s <= GF_NW; s++) E[s] = _mm_setzero_si128();
#pragma GCC unroll 20
    for (int s = 0; s < 2 * GF_NW - 1; s++) GF_ADD_AT(s, s < GF_NW ? Pre[s] : Suf[s - GF_NW + 1]);
#pragma GCC unroll 12
    for (int i = 0; i < GF_NW; i++) {
#pragma GCC unroll 12
        for (int j = i + 1; j < GF_NW; j++) {
            /* the lane with a_i + a_j (b_i + b_j) in the word of parity i */
            __m128i u = _mm_xor_si128(A[i >> 1], ((i ^ j) & 1) ? As[j >> 1] : A[j >> 1]);
            __m128i v = _mm_xor_si128(B[i >> 1], ((i ^ j) & 1) ? Bs[j >> 1] : B[j >> 1]);
            GF_ADD_AT(i + j, (i & 1) ? _mm_clmulepi64_si128(u, v, 0x11) : _mm_clmulepi64_si128(u, v, 0x00));
        }
    }
    FN(vcombine)(C, E, O);
}

/* Schoolbook on lanes: four PCLMULQDQ per pair of lanes. */
GF_INL void FN(vmul_sb)(__m128i *C, const __m128i *A, const __m128i *B) {
    __m128i E[GF_NW + 1], O[GF_NW];
#pragma GCC unroll 12
    for (int s = 0; s <= GF_NW; s++) E[s] = _mm_setzero_si128();
#pragma GCC unroll 12
    for (int s = 0; s < GF_NW; s++) O[s] = _mm_setzero_si128();
#pragma GCC unroll 12
    for (int i = 0; i < GF_NL; i++) {
#pragma GCC unroll 12
        for (int j = 0; j < GF_NL; j++) {
            const int hi_a = 2 * i + 1 < GF_NW, hi_b = 2 * j + 1 < GF_NW;
            E[i + j] = _mm_xor_si128(E[i + j], _mm_clmulepi64_si128(A[i], B[j], 0x00));
            if (hi_a && hi_b) E[i + j + 1] = _mm_xor_si128(E[i + j + 1], _mm_clmulepi64_si128(A[i], B[j], 0x11));
            if (hi_a) O[i + j] = _mm_xor_si128(O[i + j], _mm_clmulepi64_si128(A[i], B[j], 0x01));
            if (hi_b) O[i + j] = _mm_xor_si128(O[i + j], _mm_clmulepi64_si128(A[i], B[j], 0x10));
        }
    }
    FN(vcombine)(C, E, O);
}

/* Karatsuba on lanes for four words (two lanes; HMV 2.3.3 on 128-bit
 * halves), each lane product by schoolbook:
 *   P(x, y) = x_0 y_0 + (x_0 y_1 + x_1 y_0) z^64 + x_1 y_1 z^128   (4 PCLMULQDQ)
 *   A B = E + (G + E + F) z^128 + F z^256,
 *   E = P(A_0, B_0), F = P(A_1, B_1), G = P(A_0 + A_1, B_0 + B_1).
 * 12 word products against 10 for FN(vmul_ka) at four words, but far fewer
 * XORs and no word swaps.  Used with GF_RED_FOLD2 (m = 233), where measured
 * faster on the SSE4.1 level. */
GF_INL void FN(vmul_ka2)(__m128i *C, const __m128i *A, const __m128i *B) {
    __m128i E[GF_NW + 1], O[GF_NW];
    const __m128i U = _mm_xor_si128(A[0], A[1]), V = _mm_xor_si128(B[0], B[1]);
    const __m128i e0 = _mm_clmulepi64_si128(A[0], B[0], 0x00), e1 = _mm_clmulepi64_si128(A[0], B[0], 0x11);
    const __m128i f0 = _mm_clmulepi64_si128(A[1], B[1], 0x00), f1 = _mm_clmulepi64_si128(A[1], B[1], 0x11);
    const __m128i g0 = _mm_clmulepi64_si128(U, V, 0x00), g1 = _mm_clmulepi64_si128(U, V, 0x11);
    const __m128i em = _mm_xor_si128(_mm_clmulepi64_si128(A[0], B[0], 0x01), _mm_clmulepi64_si128(A[0], B[0], 0x10));
    const __m128i fm = _mm_xor_si128(_mm_clmulepi64_si128(A[1], B[1], 0x01), _mm_clmulepi64_si128(A[1], B[1], 0x10));
    const __m128i gm = _mm_xor_si128(_mm_clmulepi64_si128(U, V, 0x01), _mm_clmulepi64_si128(U, V, 0x10));
    const __m128i h = _mm_xor_si128(e1, f0); /* shared by lanes 1 and 2 */
    E[0] = e0;
    E[1] = _mm_xor_si128(_mm_xor_si128(h, e0), g0);
    E[2] = _mm_xor_si128(_mm_xor_si128(h, f1), g1);
    E[3] = f1;
    E[4] = _mm_setzero_si128();
    O[0] = em;
    O[1] = _mm_xor_si128(_mm_xor_si128(gm, em), fm);
    O[2] = fm;
    O[3] = _mm_setzero_si128();
    FN(vcombine)(C, E, O);
}

GF_INL void FN(vmul)(__m128i *C, const __m128i *A, const __m128i *B) {
#ifdef GF_RED_FOLD2
    if (GF_NW == 4) { FN(vmul_ka2)(C, A, B); return; }
#endif
    if (GF_MUL_SB) FN(vmul_sb)(C, A, B); else FN(vmul_ka)(C, A, B);
}
/* R = A * B mod f (A, B reduced; the squaring FN(vsqrmod) is in lanes.tmpl.h). */
GF_INL void FN(vmulmod)(__m128i *R, const __m128i *A, const __m128i *B) {
    __m128i C[GF_NW];
    FN(vmul)(C, A, B);
    FN(vreduce_prod)(R, C);
}


#if GF_PCLMUL == 2
/* The same on 256-bit registers (VPCLMULQDQ on ymm), two elements side by side
 * (lanes.tmpl.h): FN(x2_...), for FN(sqr_n3). */
#define GV __m256i
#define GV_FN(name) FN(x2_##name)
#define GV_ZERO() _mm256_setzero_si256()
#define GV_XOR(a, b) _mm256_xor_si256(a, b)
#define GV_AND(a, b) _mm256_and_si256(a, b)
#define GV_SLLI64(a, n) _mm256_slli_epi64(a, n)
#define GV_SRLI64(a, n) _mm256_srli_epi64(a, n)
#define GV_DOUBLE_SHIFT 0
#define GV_ALIGNR8(a, b) _mm256_alignr_epi8(a, b, 8)
#define GV_BSLLI8(a) _mm256_bslli_epi128(a, 8)
#define GV_BSRLI8(a) _mm256_bsrli_epi128(a, 8)
#define GV_UNPACKHI64(a, b) _mm256_unpackhi_epi64(a, b)
#define GV_SET2(hi, lo) _mm256_broadcastsi128_si256(_mm_set_epi64x(hi, lo))
#define GV_CLMUL(a, b, imm) _mm256_clmulepi64_epi128(a, b, imm)
#include "field/gf2m/lanes.tmpl.h"
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
#include "field/gf2m/lanes.tmpl.h"
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
GF_HOT void FN(mul_add)(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *c, const uint64_t *d) {
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
    FN(vreduce_prod)(R, C);
    FN(vstore)(r, R);
}
#endif

/* r = a b + s^2 mod f (the squaring as FN(vsqr_spread)) */
GF_HOT void FN(mul_add_sqr)(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *s) {
#if GF_ZMUL /* the products live in 512-bit registers: two reductions there */
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
    FN(vreduce_prod)(R, C);
    FN(vstore)(r, R);
#endif
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
 * 128-bit registers; always in registers from the loads to the stores. */
static inline void FN(sqr_n3)(uint64_t *a, uint64_t *b, uint64_t *c, int n) {
    __m128i A[GF_NL], B[GF_NL], C[GF_NL];
    FN(vload)(A, a);
    FN(vload)(B, b);
    FN(vload)(C, c);
#if GF_PCLMUL == 3
    __m512i V[GF_NL]; /* lane l of a, b, c in the 128-bit lanes 0, 1, 2; lane 3 zero */
#pragma GCC unroll 8
    for (int l = 0; l < GF_NL; l++)
        V[l] = _mm512_inserti32x4(_mm512_inserti32x4(_mm512_zextsi128_si512(A[l]), B[l], 1), C[l], 2);
    for (int i = 0; i < n; i++) FN(x3_vsqr_chain_step)(V);
    FN(x3_vsqr_chain_end)(V);
#pragma GCC unroll 8
    for (int l = 0; l < GF_NL; l++) {
        A[l] = _mm512_castsi512_si128(V[l]);
        B[l] = _mm512_extracti32x4_epi32(V[l], 1);
        C[l] = _mm512_extracti32x4_epi32(V[l], 2);
    }
#elif GF_PCLMUL == 2
    __m256i V[GF_NL]; /* lane l of a and b in the 128-bit lanes 0, 1 */
#pragma GCC unroll 8
    for (int l = 0; l < GF_NL; l++) V[l] = _mm256_inserti128_si256(_mm256_castsi128_si256(A[l]), B[l], 1);
    for (int i = 0; i < n; i++) {
        FN(x2_vsqr_chain_step)(V);
        FN(vsqr_chain_step)(C);
    }
    FN(x2_vsqr_chain_end)(V);
    FN(vsqr_chain_end)(C);
#pragma GCC unroll 8
    for (int l = 0; l < GF_NL; l++) {
        A[l] = _mm256_castsi256_si128(V[l]);
        B[l] = _mm256_extracti128_si256(V[l], 1);
    }
#else
    for (int i = 0; i < n; i++) {
        FN(vsqr_chain_step)(A);
        FN(vsqr_chain_step)(B);
        FN(vsqr_chain_step)(C);
    }
    FN(vsqr_chain_end)(A);
    FN(vsqr_chain_end)(B);
    FN(vsqr_chain_end)(C);
#endif
    FN(vstore)(a, A);
    FN(vstore)(b, B);
    FN(vstore)(c, C);
}
