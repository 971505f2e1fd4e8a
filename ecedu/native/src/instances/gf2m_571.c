/*
 * gf2m_571.c -- GF(2^571) with f(z) = z^571 + z^10 + z^5 + z^2 + 1, 9 words per element,
 * and the curves over it.  Five instances of the same template: portable C,
 * PCLMULQDQ (SSE4.1), the same with AVX, PCLMULQDQ with AVX2 and PCLMULQDQ with AVX-512, here with the
 * multiplication on 512-bit VPCLMULQDQ (each compiled for its instruction
 * set by the pragma only; cpu.c decides at run time which one may be used).
 */
#include <stdlib.h>
#include <immintrin.h>
#include "internal.h"

#define GF_M 571
#define GF_NW 9
#define GF_RED_TERMS 10, 5, 2, 0
#define GF_NRED 4
/* FN(inv): runs of at least 40 (AVX-512) or 48 (SSE) squarings by the
 * matrix (measured best; field/gf2m/inversion.tmpl.h) */
#define GF_MSQ_AVX512_MIN 40
#define GF_MSQ_SSE_MIN 48

#define GF_PCLMUL 0
#define GF_TABLE_NAME ecedu_gf571_portable
#define FN(name) gf571_portable_##name
#include "instances/instance.tmpl.h"

#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1")
#define GF_PCLMUL 1
#define GF_RED_FOLD2 1
#define GF_TABLE_NAME ecedu_gf571_pclmul
#define FN(name) gf571_pclmul_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options

/* Third instance: the one above, same switches, built for AVX (the level "avx": cpu.c). */
#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1,avx,prefer-vector-width=128")
#define GF_PCLMUL 1
#define GF_RED_FOLD2 1
#define GF_TABLE_NAME ecedu_gf571_avx
#define FN(name) gf571_avx_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options

/* Fourth instance: the same code built for AVX2 with VPCLMULQDQ on 256-bit
 * registers (the CPUs that have it without AVX-512: AMD Zen 3, Intel Alder
 * Lake and later client cores; cpu.c checks CPUID and the OS ymm state).
 * The multiplication on 256-bit VPCLMULQDQ (GF_YMUL, field/gf2m/
 * clmul256.tmpl.h) is used for m = 409 only, where it was measured faster
 * (cpu.c has the measurements of the levels).
 * prefer-vector-width=128: as for the AVX-512 instance (gf2m_409.c), and
 * measured here too (without it ECDH on sect193r1 40% and sect233r1 30%
 * slower, the auto-vectorised word loops on 256-bit registers). */
#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1,avx,avx2,vpclmulqdq,prefer-vector-width=128")
#define GF_PCLMUL 2
#define GF_RED_FOLD2 1
#define GF_TABLE_NAME ecedu_gf571_avx2
#define FN(name) gf571_avx2_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options

/* Fifth instance: the code built for AVX-512, with the multiplication on
 * 512-bit VPCLMULQDQ (GF_ZMUL; see field/gf2m/field.tmpl.h, and gf2m_409.c for the
 * measurements and the pragma options), and GF_RED_FOLD2 as on the levels below (the
 * reduction by two folds of PCLMULQDQ, the squaring chains lazily reduced).  Measured with
 * and without it on an AMD EPYC Zen 4 (family 25 model 17), `python -m ecedu speed
 * ecdh|ecdsa --cycles --curves sect571k1 sect571r1 --runs 500` (300 for ECDSA), min TSC
 * ticks, the two builds alternated twice, 5 December 2026:
 *               ECDH                kG                  sign                verify
 *   sect571k1   106.2k -> 104.1k    117.0k -> 113.9k    163.7k -> 159.3k    338.9k -> 330.7k
 *   sect571r1   230.9k -> 224.5k    126.0k -> 122.6k    158.5k -> 154.9k    374.7k -> 364.3k */
#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1,avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,prefer-vector-width=128")
#define GF_PCLMUL 3
/* the digit's table entry read before the squarings (tnaf.tmpl.h): sect571k1 ECDH min TSC
 * ticks 103.84k / 104.03k -> 102.54k / 102.57k (AMD EPYC Zen 4, the two builds alternated
 * twice, 5 December 2026) */
#define GF_TAU_LOOKUP_FIRST 1
#define GF_RED_FOLD2 1
#define GF_ZMUL 1
#define GF_TABLE_NAME ecedu_gf571_avx512
#define FN(name) gf571_avx512_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options
