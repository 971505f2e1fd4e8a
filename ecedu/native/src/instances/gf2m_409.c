/*
 * gf2m_409.c -- GF(2^409) with f(z) = z^409 + z^87 + 1, 7 words per element,
 * and the curves over it.  Five instances of the same template: portable C,
 * PCLMULQDQ (SSE4.1), the same with AVX, PCLMULQDQ with AVX2 and PCLMULQDQ with AVX-512, here with the
 * multiplication on 512-bit VPCLMULQDQ (each compiled for its instruction
 * set by the pragma only; cpu.c decides at run time which one may be used).
 */
#include <stdlib.h>
#include <immintrin.h>
#include "internal.h"

#define GF_M 409
#define GF_NW 7
#define GF_RED_TERMS 87, 0
#define GF_NRED 2
/* FN(inv): runs of at least 48 squarings by the matrix, with AVX-512 and
 * with SSE (measured best; field/gf2m/inversion.tmpl.h) */
#define GF_MSQ_AVX512_MIN 48
#define GF_MSQ_SSE_MIN 48

#define GF_PCLMUL 0
#define GF_TABLE_NAME ecedu_gf409_portable
#define FN(name) gf409_portable_##name
#include "instances/instance.tmpl.h"

#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1")
#define GF_PCLMUL 1
#define GF_RED_FOLD2 1
#define GF_TABLE_NAME ecedu_gf409_pclmul
#define FN(name) gf409_pclmul_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options

/* Third instance: the one above, same switches, built for AVX (the level "avx": cpu.c). */
#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1,avx,prefer-vector-width=128")
#define GF_PCLMUL 1
#define GF_RED_FOLD2 1
#define GF_TABLE_NAME ecedu_gf409_avx
#define FN(name) gf409_avx_##name
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
/* no GF_RED_FOLD2 here (it is on the PCLMULQDQ level above: sect409k1 ECDH 132.3k -> 120.5k
 * min TSC ticks there): with the 256-bit products measured slower, AMD EPYC Zen 3, ECDH min
 * TSC ticks, six pairs: sect409k1 73.8k -> 75.9k, sect409r1 131.4k -> 134.7k (75.1k with the
 * tau-adic loop lazy as well; 86.1k with the three chains of FN(sqr_n3) in 128-bit registers as
 * on the PCLMULQDQ level, which alone, without the folds, measured 82.6k) */
#define GF_YMUL 1
#define GF_TAU_LOOKUP_FIRST 1 /* the table look-up before the squarings (tnaf.tmpl.h) */
#define GF_TABLE_NAME ecedu_gf409_avx2
#define FN(name) gf409_avx2_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options

/* Fifth instance: the code built for AVX-512 (as in every field), and here
 * (GF_ZMUL) also the multiplication on 512-bit VPCLMULQDQ (see
 * field/gf2m/field.tmpl.h); cpu.c uses it only when CPUID and the OS (XGETBV) say the
 * zmm state is usable.  Only m = 409 and m = 571 multiply on zmm.  Measured on a Sapphire Rapids VM (rdtsc, min of many,
 * both paths alternated in one process): the 512-bit multiplication is
 * faster here (409: latency 43 vs 48 cycles, throughput 29 vs 44; 571: 54
 * vs 63 and 41 vs 63) but slower or a wash for m <= 283 (3 to 5 words: too
 * few products to fill the lanes, and the lane shuffles cost as much as
 * the saved PCLMULQDQs); and whole ECDH runs gain less than the
 * multiplication alone (409: +2..7%, 571: +10..15%), because while 512-bit
 * instructions are in flight the 128-bit code around them runs slower.
 * prefer-vector-width=128: loops that the compiler vectorises by itself
 * (e.g. the XOR of two unreduced products in ladder.tmpl.h) use 128-bit loads,
 * like the stores of the 128-bit code before them: a wider load of data
 * written by several narrower stores is not store-forwarded (measured: b571
 * ECDH +3% without, +10% with).
 * Without GF_RED_FOLD2, unlike m = 163, 233, 283 and 571 at this level: with it, on an AMD EPYC
 * Zen 4 (family 25 model 17), `python -m ecedu speed ecdh --cycles --curves sect409k1
 * sect409r1 --runs 500`, min TSC ticks, the two builds alternated twice, 5 December 2026:
 * sect409k1 53.2k -> 57.4k, sect409r1 97.6k -> 103.8k.  Again on 6 December, with the ladder's
 * lazy forms that GF_RED_FOLD2 brings (GF_LAZY_LADDER, field.tmpl.h), 400 runs: sect409k1 52.0k
 * -> 55.3k, sect409r1 97.6k -> 95.8k; still left out. */
#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1,avx2,avx512f,avx512vl,avx512vbmi2,vpclmulqdq,prefer-vector-width=128")
#define GF_PCLMUL 3
/* the digit's table entry read before the squarings (tnaf.tmpl.h), as on AVX2: sect409k1 ECDH
 * min TSC ticks 53.79k / 53.51k -> 52.49k / 52.10k (AMD EPYC Zen 4, the two builds alternated
 * twice, 5 December 2026) */
#define GF_TAU_LOOKUP_FIRST 1
#define GF_ZMUL 1
#define GF_TABLE_NAME ecedu_gf409_avx512
#define FN(name) gf409_avx512_##name
#include "instances/instance.tmpl.h"
#pragma GCC pop_options
