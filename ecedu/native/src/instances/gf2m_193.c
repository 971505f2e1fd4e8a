/*
 * gf2m_193.c -- GF(2^193) with f(z) = z^193 + z^15 + 1, 4 words per element,
 * and the curves over it.  Five instances of the same template: portable C,
 * PCLMULQDQ (SSE4.1), the same with AVX, PCLMULQDQ with AVX2 and PCLMULQDQ with AVX-512 (each compiled for its
 * instruction set by the pragma only; cpu.c decides at run time which one
 * may be used).
 */
#include <stdlib.h>
#include <immintrin.h>
#include "internal.h"

#define GF_M 193
#define GF_NW 4
#define GF_RED_TERMS 15, 0
#define GF_NRED 2

/* FN(inv) on SSE / AVX2: runs of at least 24 / 12 squarings by the matrix
 * (measured: tools/levels_table.py --op field, thresholds 12 and 24 tried,
 * see cpu.c) */
#define GF_MSQ_AVX2_MIN 12

#define GF_PCLMUL 0
#define GF_TABLE_NAME ecedu_gf193_portable
#define FN(name) gf193_portable_##name
#include "instances/instance.tmpl.h"

#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1")
#define GF_PCLMUL 1
#define GF_TABLE_NAME ecedu_gf193_pclmul
#define FN(name) gf193_pclmul_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options

/* Third instance: the one above, same switches, built for AVX (the level "avx": cpu.c). */
#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1,avx,prefer-vector-width=128")
#define GF_PCLMUL 1
#define GF_TABLE_NAME ecedu_gf193_avx
#define FN(name) gf193_avx_##name
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
#define GF_TABLE_NAME ecedu_gf193_avx2
#define FN(name) gf193_avx2_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options

/* Fifth instance: the same code for AVX-512 (VL, VBMI2: three-input XORs and
 * double shifts on the 128-bit registers, see field/gf2m/field.tmpl.h); cpu.c uses it
 * when CPUID and the OS allow.  prefer-vector-width=128: see gf2m_409.c. */
#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1,avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,prefer-vector-width=128")
#define GF_PCLMUL 3
#define GF_TABLE_NAME ecedu_gf193_avx512
#define FN(name) gf193_avx512_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options
