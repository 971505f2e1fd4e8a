/*
 * gf2m_233.c -- GF(2^233) with f(z) = z^233 + z^74 + 1, 4 words per element,
 * and the curves over it.  Five instances of the same template: portable C,
 * PCLMULQDQ (SSE4.1), the same with AVX, PCLMULQDQ with AVX2 and PCLMULQDQ with AVX-512 (each compiled for its
 * instruction set by the pragma only; cpu.c decides at run time which one
 * may be used).
 */
#include <stdlib.h>
#include <immintrin.h>
#include "internal.h"

#define GF_M 233
#define GF_NW 4
#define GF_RED_TERMS 74, 0
#define GF_NRED 2

/* FN(inv) on SSE / AVX2: runs of at least 24 / 12 squarings by the matrix
 * (measured: tools/levels_table.py --op field, thresholds 12 and 24 tried,
 * see cpu.c) */
#define GF_MSQ_AVX2_MIN 12

#define GF_PCLMUL 0
#define GF_TABLE_NAME ecedu_gf233_portable
#define FN(name) gf233_portable_##name
#include "instances/instance.tmpl.h"

#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1")
#define GF_PCLMUL 1
#define GF_RED_FOLD2 1 /* two word-aligned folds, lazily reduced squaring chains */
#define GF_TABLE_NAME ecedu_gf233_pclmul
#define FN(name) gf233_pclmul_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options

/* Third instance: the one above, same switches, built for AVX (the level "avx": cpu.c). */
#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1,avx,prefer-vector-width=128")
#define GF_PCLMUL 1
#define GF_RED_FOLD2 1 /* two word-aligned folds, lazily reduced squaring chains */
#define GF_TABLE_NAME ecedu_gf233_avx
#define FN(name) gf233_avx_##name
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
#define GF_TAU_LOOKUP_FIRST 1 /* the table look-up before the squarings (tnaf.tmpl.h) */
#define GF_TABLE_NAME ecedu_gf233_avx2
#define FN(name) gf233_avx2_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options

/* Fifth instance: the same code for AVX-512 (VL, VBMI2: three-input XORs and
 * double shifts on the 128-bit registers, see field/gf2m/field.tmpl.h); cpu.c uses it
 * when CPUID and the OS allow.  prefer-vector-width=128: see gf2m_409.c.
 * With GF_RED_FOLD2 (the two folds and the Karatsuba product of the levels above, and the
 * tau-adic loop's lazily reduced squaring chains).  It was left out in c13b108, when it made
 * sect233r1 ECDH 34.1k -> 35.3k TSC ticks on an AMD EPYC Zen 4 for sect233k1 23.3k -> 23.2k;
 * after the pairs of the tau-adic table and the ladder (fdc8948, 2b25d5d) the same CPU
 * (family 25 model 17), `python -m ecedu speed ecdh|ecdsa --cycles --curves sect233k1
 * sect233r1 --runs 1000`, min TSC ticks, the two builds alternated twice, 5 December:
 *               ECDH              kG                sign              verify
 *   sect233k1   18.33k -> 17.89k  16.67k -> 15.99k  32.40k -> 31.67k  48.39k -> 48.18k
 *   sect233r1   30.32k -> 30.19k  17.76k -> 17.29k  42.48k -> 41.96k  51.48k -> 51.61k
 * (sect233r1 ECDH's median 30.50k -> 31.08k).
 * And with GF_TAU_LOOKUP_FIRST, as on AVX2: the same CPU and command, the two builds
 * alternated twice, sect233k1 ECDH 17.99k / 17.91k -> 17.37k / 17.39k min TSC ticks (kG,
 * signing and verification do not run the tau-adic loop: unchanged).  Tried at this level for
 * m = 163 (12.51k either way) and 283 (sect283k1 27.95k -> 29.04k): not taken there. */
#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1,avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,prefer-vector-width=128")
#define GF_PCLMUL 3
#define GF_RED_FOLD2 1
#define GF_TAU_LOOKUP_FIRST 1 /* the table look-up before the squarings (tnaf.tmpl.h) */
#define GF_TABLE_NAME ecedu_gf233_avx512
#define FN(name) gf233_avx512_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options
