/*
 * gf2m_283.c -- GF(2^283) with f(z) = z^283 + z^12 + z^7 + z^5 + 1, 5 words per element,
 * and the curves over it.  Five instances of the same template: portable C,
 * PCLMULQDQ (SSE4.1), the same with AVX, PCLMULQDQ with AVX2 and PCLMULQDQ with AVX-512 (each compiled for its
 * instruction set by the pragma only; cpu.c decides at run time which one
 * may be used).
 */
#include <stdlib.h>
#include <immintrin.h>
#include "internal.h"

#define GF_M 283
#define GF_NW 5
#define GF_RED_TERMS 12, 7, 5, 0
#define GF_NRED 4
/* FN(inv) with SSE: runs of at least 48 squarings by the matrix (measured
 * best; field/gf2m/inversion.tmpl.h) */
#define GF_MSQ_SSE_MIN 48

#define GF_PCLMUL 0
#define GF_TABLE_NAME ecedu_gf283_portable
#define FN(name) gf283_portable_##name
#include "instances/instance.tmpl.h"

#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1")
#define GF_PCLMUL 1
#define GF_RED_FOLD2 1
#define GF_TABLE_NAME ecedu_gf283_pclmul
#define FN(name) gf283_pclmul_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options

/* Third instance: the one above, same switches, built for AVX (the level "avx": cpu.c). */
#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1,avx,prefer-vector-width=128")
#define GF_PCLMUL 1
#define GF_RED_FOLD2 1
#define GF_TABLE_NAME ecedu_gf283_avx
#define FN(name) gf283_avx_##name
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
#define GF_TABLE_NAME ecedu_gf283_avx2
#define FN(name) gf283_avx2_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options

/* Fifth instance: the same code for AVX-512 (VL, VBMI2: three-input XORs and
 * double shifts on the 128-bit registers, see field/gf2m/field.tmpl.h); cpu.c uses it
 * when CPUID and the OS allow.  prefer-vector-width=128: see gf2m_409.c.
 * GF_RED_FOLD2 as at the levels below, since the ladder takes its lazy forms (GF_LAZY_LADDER,
 * field.tmpl.h).  Measured on an AMD EPYC Zen 4 (family 25 model 17), `python -m ecedu speed
 * ecdh --cycles --curves sect283k1 sect283r1`, min TSC ticks, the two builds alternated twice:
 * on 5 December, before the lazy ladder, sect283k1 28.05k -> 27.22k but sect283r1 49.01k ->
 * 52.39k (1000 runs), so it was left out; on 6 December, with the lazy ladder (400 runs),
 * sect283k1 28.03k -> 27.27k and sect283r1 49.17k -> 43.39k. */
#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1,avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,prefer-vector-width=128")
#define GF_PCLMUL 3
#define GF_RED_FOLD2 1
#define GF_TABLE_NAME ecedu_gf283_avx512
#define FN(name) gf283_avx512_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options
