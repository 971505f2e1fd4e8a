/*
 * gf2m_163.c -- GF(2^163) with f(z) = z^163 + z^7 + z^6 + z^3 + 1, 3 words per element,
 * and the curves over it.  Five instances of the same template: portable C,
 * PCLMULQDQ (SSE4.1), the same with AVX, PCLMULQDQ with AVX2 and PCLMULQDQ with AVX-512 (each compiled for its
 * instruction set by the pragma only; cpu.c decides at run time which one
 * may be used).
 */
#include <stdlib.h>
#include <immintrin.h>
#include "internal.h"

#define GF_M 163
#define GF_NW 3
#define GF_RED_TERMS 7, 6, 3, 0
#define GF_NRED 4
/* FN(inv) on AVX-512: runs of at least 16 squarings by the matrix (measured
 * best; field/gf2m/inversion.tmpl.h) */
#define GF_MSQ_AVX512_MIN 16

/* FN(inv) on SSE / AVX2: runs of at least 12 / 12 squarings by the matrix
 * (measured: tools/levels_table.py --op field, thresholds 12 and 24 tried,
 * see cpu.c) */
#define GF_MSQ_SSE_MIN 12
#define GF_MSQ_AVX2_MIN 12

#define GF_PCLMUL 0
#define GF_TABLE_NAME ecedu_gf163_portable
#define FN(name) gf163_portable_##name
#include "instances/instance.tmpl.h"

#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1")
#define GF_PCLMUL 1
#define GF_RED_FOLD2 1
#define GF_TABLE_NAME ecedu_gf163_pclmul
#define FN(name) gf163_pclmul_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options

/* Third instance: the one above, same switches, built for AVX (the level "avx": cpu.c). */
#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1,avx,prefer-vector-width=128")
#define GF_PCLMUL 1
#define GF_RED_FOLD2 1
#define GF_TABLE_NAME ecedu_gf163_avx
#define FN(name) gf163_avx_##name
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
#define GF_TABLE_NAME ecedu_gf163_avx2
#define FN(name) gf163_avx2_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options

/* Fifth instance: the same code for AVX-512 (VL, VBMI2: three-input XORs and
 * double shifts on the 128-bit registers, see field/gf2m/field.tmpl.h); cpu.c uses it
 * when CPUID and the OS allow.  prefer-vector-width=128: see gf2m_409.c.
 * With GF_RED_FOLD2, as the levels below: the tau-adic loop's squaring chains stay lazily
 * reduced and the pairs take the two folds.  Measured on an AMD EPYC Zen 4 (family 25 model
 * 17), `python -m ecedu speed ecdh|ecdsa --cycles --curves sect163k1 sect163r1 sect163r2
 * --runs 1000`, min TSC ticks, the two builds alternated twice (ECEDU_NATIVE_LIB):
 *               ECDH            kG              sign            verify
 *   sect163k1   14.09k -> 12.48k  10.22k -> 9.83k  24.31k -> 23.92k  27.77k -> 27.35k
 *   sect163r1   17.19k -> 17.03k  12.01k -> 12.17k 26.10k -> 26.29k  31.80k -> 31.67k
 *   sect163r2   17.24k -> 17.13k  10.95k -> 10.58k 25.09k -> 24.70k  30.68k -> 30.11k
 * Without it the AVX2 level had been the faster one for sect163k1 ECDH on that CPU (12.95k;
 * tools/levels_table.py, cpu.c).  (GF(2^409) stays without it: gf2m_409.c.) */
#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1,avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,prefer-vector-width=128")
#define GF_PCLMUL 3
#define GF_RED_FOLD2 1
#define GF_TABLE_NAME ecedu_gf163_avx512
#define FN(name) gf163_avx512_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options
