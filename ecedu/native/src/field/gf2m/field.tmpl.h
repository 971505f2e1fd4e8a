/*
 * field.tmpl.h -- TEMPLATE: arithmetic in GF(2^m) = GF(2)[z]/(f(z)), one
 * instance per (field, instruction set).  Included by instances/instance.tmpl.h
 * (see there for the macros an instance defines, and the one list of every
 * macro the templates define and undefine).
 *
 * The pieces, in the order they build on each other:
 *   words.tmpl.h      element type, reduction terms, add / copy / cswap
 *   portable.tmpl.h   multiplication, reduction, squaring in plain C  (GF_PCLMUL 0)
 *   clmul128.tmpl.h   the same on 128-bit PCLMULQDQ                    (GF_PCLMUL 1, 2, 3)
 *   clmul256.tmpl.h   multiplication on 256-bit VPCLMULQDQ             (GF_YMUL 1)
 *   clmul512.tmpl.h   multiplication on 512-bit VPCLMULQDQ             (GF_ZMUL 1)
 *   inversion.tmpl.h  Itoh-Tsujii inversion, constant time and _vartime
 *   trace.tmpl.h      square root, trace, half-trace
 *
 * All functions are constant time unless their name ends in _vartime: their
 * branches and memory indices depend only on m (public), never on the
 * values of the operands.
 */

/* Five instances per field (instance.tmpl.h): the portable one (GF_PCLMUL == 0); the
 * PCLMULQDQ code on 128-bit registers (GF_PCLMUL == 1) twice, for SSE4.1 ("pclmul") and
 * compiled for AVX ("avx": the VEX three-operand forms, no other change); then the two below.
 *
 * The fourth instance (GF_PCLMUL == 2, "avx2") is the PCLMULQDQ code
 * compiled for AVX2 (VEX three-operand forms, 256-bit loads and logic in
 * the inversion's matrix product, independent products and squarings two at a
 * time in 256-bit registers: FN(mul2), FN(sqr2), FN(sqr_n3)), with GF_YMUL the
 * multiplication on 256-bit VPCLMULQDQ (clmul256.tmpl.h), for the CPUs with
 * VPCLMULQDQ and no AVX-512 (AMD Zen 3, Intel Alder Lake and later client cores).
 *
 * The fifth instance (GF_PCLMUL == 3, "avx512") is the PCLMULQDQ code
 * compiled for AVX-512 (F, VL, VBMI2) and 128-bit vectors: the compiler
 * turns chains of XORs into three-input VPTERNLOGQ, and FN(vshl) / FN(vshr)
 * below use the double shifts VPSHLDVQ / VPSHRDVQ, so the same arithmetic
 * takes about a third fewer instructions (measured at m = 233: field
 * squaring about 25% and the tau-adic ECDH about 30% faster than the
 * SSE4.1 instance).  With GF_ZMUL (gf2m_409.c, gf2m_571.c) the
 * multiplication also moves to 512-bit registers, see FN(zmul). */
#ifndef GF_ZMUL
#define GF_ZMUL 0
#endif
#ifndef GF_YMUL
#define GF_YMUL 0
#endif
/* GF_PAIRS: the Montgomery ladder (ladder.tmpl.h), the lambda addition of the tau-adic
 * loop (lambda.tmpl.h) and the Lopez-Dahab mixed addition (ld.tmpl.h) take their products and
 * squarings two at a time, FN(mul2) and FN(sqr2) (clmul128.tmpl.h) on 256-bit VPCLMULQDQ, on the
 * AVX2 and AVX-512 levels; the tau-adic table (tnaf.tmpl.h) calls FN(mul2) and FN(sqr2) on every
 * level (below: two operations one after the other where there are no pairs).  (Tried on the
 * AVX-512 level: the lambda addition's products three at a time in 512-bit registers, from four
 * words up; measured slower than the pairs, sect233k1 / 239k1 / 283k1 ECDH 0.93 / 0.94 / 0.89
 * for the pairs against the triples, AMD Zen 4.  Tried on the PCLMULQDQ level: the two products
 * of a pair in 128-bit registers in one block, for the scheduler to interleave; measured slower,
 * ECDH min ticks +2-5% on the Koblitz curves and +9-23% on the ladder's, the sixteen xmm
 * registers spilling.) */
#define GF_PAIRS (GF_PCLMUL >= 2)
/* GF_LAZY_LOOP: the tau-adic loop (tnaf.tmpl.h) keeps its values lazily reduced, below
 * z^(64 NW) (FN(lam_madd_lazy), lambda.tmpl.h; FN(sqr_n3_lazy), clmul128.tmpl.h), where the
 * field reduces by the two folds of GF_RED_FOLD2, up to five words, on every PCLMULQDQ level
 * (the products in pairs on AVX2 and AVX-512, one after the other on the SSE level).  At nine
 * words (m = 571, AVX2 level, AMD Zen 3, ECDH min TSC ticks, six pairs) sect571k1 measured 3%
 * slower with it than with the loop on normalised values (143.0k against 139.4k).  On the SSE
 * level (since 6 December 2026; AMD EPYC Zen 4, ECDH forced to that level, min TSC ticks of
 * 1000, the two builds alternated twice): sect163k1 19.49k / 19.47k -> 19.11k / 19.14k,
 * sect233k1 26.52k / 26.49k -> 26.31k / 26.39k, sect283k1 51.66k / 51.64k -> 50.52k / 50.52k
 * (sect239k1's SSE instance has no GF_RED_FOLD2, so no lazy loop). */
#if GF_PCLMUL && defined(GF_RED_FOLD2) && GF_NW <= 5
#define GF_LAZY_LOOP 1
#else
#define GF_LAZY_LOOP 0
#endif

/* GF_LAZY_LADDER: the Montgomery ladder's products and squarings (ladder.tmpl.h) lazily reduced
 * wherever the field has GF_RED_FOLD2: each stops after the two folds, below z^(64 NW) but not
 * normalised (FN(mul_lazy), FN(sqr_lazy), and FN(mul_add_lazy), FN(mul_add_sqr_lazy) on the SSE
 * level, FN(mul2_lazy), FN(sqr2_lazy) on the levels with pairs: clmul128.tmpl.h), and the four
 * coordinates are normalised once, after the loop (FN(sqr_n) with n = 0).  Measured on an AMD EPYC Zen 4 (6
 * December 2026), ECDH min TSC ticks of 400-500, the two builds alternated twice (the lower
 * figure of each build):
 *   SSE      sect163r2 28.11k -> 26.05k, sect233r1 43.71k -> 38.48k, sect283r1 83.59k -> 80.16k,
 *            sect409r1 208.4k -> 198.4k, sect571r1 435.8k -> 431.3k
 *   AVX2     sect163r2 17.11k -> 15.76k, sect233r1 35.67k -> 24.67k, sect283r1 56.73k -> 44.56k,
 *            sect571r1 242.0k -> 235.9k
 *   AVX-512  sect163r2 17.16k -> 15.55k, sect233r1 30.86k -> 23.17k, sect571r1 224.4k -> 216.7k
 * (sect233r1 on AVX2 had its pairs left to the compiler, GF_LADDER_PAIRS_CALL, since the forced
 * inline ones measured slower there; the lazy pairs are forced inline.) */
#if GF_PCLMUL && defined(GF_RED_FOLD2)
#define GF_LAZY_LADDER 1
#else
#define GF_LAZY_LADDER 0
#endif

#include "field/gf2m/words.tmpl.h"
#if GF_PCLMUL
#include "field/gf2m/clmul128.tmpl.h"
#else
#include "field/gf2m/portable.tmpl.h"
#endif

#if !GF_PAIRS
/* The levels without pairs: FN(mul2) and FN(sqr2) are the two operations one after the other,
 * through temporaries, since the outputs of the pairs may alias their inputs.  Code that is
 * not hot enough to keep a second text for these levels (the tau-adic table, tnaf.tmpl.h) calls
 * them on every level. */
static inline void FN(mul2)(uint64_t *r0, const uint64_t *a0, const uint64_t *b0, uint64_t *r1,
                            const uint64_t *a1, const uint64_t *b1) {
    uint64_t t0[GF_NW], t1[GF_NW];
    FN(mul)(t0, a0, b0);
    FN(mul)(t1, a1, b1);
    FN(copy)(r0, t0);
    FN(copy)(r1, t1);
}

static inline void FN(sqr2)(uint64_t *r0, const uint64_t *a0, uint64_t *r1, const uint64_t *a1) {
    uint64_t t0[GF_NW], t1[GF_NW];
    FN(sqr)(t0, a0);
    FN(sqr)(t1, a1);
    FN(copy)(r0, t0);
    FN(copy)(r1, t1);
}
#endif

#include "field/gf2m/inversion.tmpl.h"
#include "field/gf2m/trace.tmpl.h"
