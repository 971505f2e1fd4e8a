/*
 * instance.tmpl.h -- TEMPLATE driver: one field implementation with its
 * curve code.  Included five times by every instances/gf2m_<m>.c (portable,
 * PCLMULQDQ on SSE4.1, the same on AVX, AVX2, AVX-512), it instantiates
 *     field/gf2m/field.tmpl.h   the arithmetic of GF(2^m)
 *     curve/point.tmpl.h        point checks and decompression
 *     curve/ladder.tmpl.h       Montgomery ladder (Lopez-Dahab x-only)
 *     curve/ld.tmpl.h           Lopez-Dahab additions
 *     curve/lambda.tmpl.h       lambda coordinates
 *     curve/tnaf.tmpl.h         the regular tau-adic method (Koblitz curves)
 *     curve/fixed_base.tmpl.h   the fixed-base comb for G
 * and exports their function table  const ecedu_field_impl GF_TABLE_NAME.
 *
 * The macro contract, in one place.
 *
 * Set once per field by gf2m_<m>.c, before the first instance (kept for all
 * five; the file is its own translation unit):
 *   GF_M               the degree m
 *   GF_NW              words per element, ceil(m/64)
 *   GF_RED_TERMS       the non-leading exponents of f, largest first, e.g.
 *                      7, 6, 3, 0 for f = z^163 + z^7 + z^6 + z^3 + 1
 *   GF_NRED            how many of them (2: trinomial, 4: pentanomial)
 *   GF_MSQ_AVX512_MIN  optional: shortest run of squarings that FN(inv) does
 *   GF_MSQ_AVX2_MIN      by a matrix on AVX-512 / AVX2 / SSE (default 24;
 *   GF_MSQ_SSE_MIN       AVX2 takes the SSE one if it has none of its own)
 *   GF_FOLD_WORD       optional: the word boundary of the first reduction
 *   GF_FOLD_TERMS        fold and its terms (clmul128.tmpl.h, FN(vreduce))
 *
 * Set before each instance, undefined below:
 *   GF_PCLMUL          the code path (not ecedu_impl_level): 0 portable, 1 PCLMULQDQ
 *                      on 128-bit registers (the levels pclmul and avx: the same code
 *                      compiled for SSE4.1 or for AVX by the pragma),
 *                      2 the PCLMULQDQ code compiled for AVX2 (+VPCLMULQDQ),
 *                      3 the PCLMULQDQ code compiled for AVX-512
 *   GF_YMUL            optional, with GF_PCLMUL 2: multiply on 256-bit
 *                      VPCLMULQDQ (clmul256.tmpl.h; default 0)
 *   GF_ZMUL            optional, with GF_PCLMUL 3: multiply on 512-bit
 *                      VPCLMULQDQ (clmul512.tmpl.h; default 0)
 *   GF_RED_FOLD2       optional, with GF_PCLMUL >= 1 (at 3: m = 163, 233,
 *                      283 and 571, measured in their files): reduce by two word-
 *                      aligned folds, squaring chains lazily reduced (below
 *                      z^(64 NW)) until their end (lanes.tmpl.h, GV_FN(vfold2)):
 *                      by shifts for a trinomial with 64 <= k and
 *                      k + 64 NW - m < 128 (m = 233, with Karatsuba on
 *                      lanes; m = 409 on PCLMULQDQ only); by PCLMULQDQ for a
 *                      pentanomial whose 64 NW - m + k < 64 (m = 163, 283,
 *                      571)
 *   GF_TAU_LOOKUP_FIRST  optional: the tau-adic loop reads a digit's table entry before its
 *                      squarings instead of after them (tnaf.tmpl.h, FN(tau_steps); m = 233
 *                      and 409 on AVX2 and AVX-512, 571 on AVX-512)
 *   GF_TABLE_NAME      the name of the exported table
 *   FN(name)           gives every function a unique prefix (gf163_pclmul_name)
 *
 * Defined by the templates and undefined below: GF_HOT, GF_INL, GF_NL,
 * GF_RED_MAX, GF_FOLD_P, GF_MUL_SB, GF_ADD_AT, GF_NA, GF_NR, GF_NC, GF_NP,
 * GF_NIB, GF_NG, GF_MSQ_MIN, GF_MSQ_CT_MIN, GF_MSQ_TABLE_MIN, GF_NQ, GF_NT,
 * GF_RED_K__, GF_RED_K_, GF_RED_K, GF_PAIRS, GF_LAZY_LOOP, GF_LAZY_LADDER.  (The vector macros GV... of
 * field/gf2m/lanes.tmpl.h are set before each of its inclusions and undefined at its end.)
 * (tests/native/test_native_layout.py checks that this list is complete.)
 */
#include "field/gf2m/field.tmpl.h"
#include "curve/point.tmpl.h"
#include "curve/ladder.tmpl.h"
#include "curve/ld.tmpl.h"
#include "curve/lambda.tmpl.h"
#include "curve/tnaf.tmpl.h"
#include "curve/fixed_base.tmpl.h" /* reads its table by tnaf.tmpl.h's FN(tau_lookup) */

const ecedu_field_impl GF_TABLE_NAME = {
    GF_M,
    GF_NW,
    FN(mul_ext),
    FN(sqr_ext),
    FN(inv),
    FN(inv_vartime),
    FN(sqrt),
    FN(half_trace),
    FN(trace),
    FN(mul_batch),
    FN(validate),
    FN(decompress),
    FN(ladder),
    FN(fixed_base),
    FN(fb_precompute),
    FN(tnaf),
};

/* per instance */
#undef GF_PCLMUL
#undef GF_ZMUL
#undef GF_YMUL
#undef GF_RED_FOLD2
#undef GF_TAU_LOOKUP_FIRST
#undef GF_TABLE_NAME
#undef FN
/* the templates' own */
#undef GF_HOT
#undef GF_INL
#undef GF_NL
#undef GF_RED_MAX
#undef GF_FOLD_P
#undef GF_MUL_SB
#undef GF_ADD_AT
#undef GF_NA
#undef GF_NR
#undef GF_NC
#undef GF_NP
#undef GF_NIB
#undef GF_NG
#undef GF_MSQ_MIN
#undef GF_MSQ_CT_MIN
#undef GF_MSQ_TABLE_MIN
#undef GF_NQ
#undef GF_NT
#undef GF_RED_K__
#undef GF_RED_K_
#undef GF_RED_K
#undef GF_PAIRS
#undef GF_LAZY_LOOP
#undef GF_LAZY_LADDER
