/*
 * mont64_ifma.c -- field/gfp/mont.tmpl.h at 64-bit limbs for the "ifma"
 * prime-field level: the exponentiations of field/gfp/mont_ifma.h (AVX-512
 * IFMA on 52-bit digits, the two RSA CRT halves side by side), the rest of the
 * template as in mont64_adx.c (MULX/ADX multiplication, squaring, set-up).
 * The unit is compiled for AVX512F, AVX512VL, AVX512-IFMA, BMI2 and ADX (a
 * target pragma, never -march=native); prime.c calls its table only while
 * cpu.c's IFMA flag is on (the CPU and the OS have all of them, and the level
 * is not forced lower).
 */
#if defined(__x86_64__)
#pragma GCC target("bmi2,adx,avx512f,avx512vl,avx512ifma")
#endif
#include "internal.h"

#if defined(__x86_64__)
#define GFP_LIMB_BITS 64
#define gfp_limb uint64_t
#define gfp_dlimb unsigned __int128
#define GFP_TABLE_NAME ecedu_gfp_mont64_ifma
/* The MemorySanitizer build (tests/ctime/build_msan.py) defines ECEDU_GFP_IFMA_NO_ASM:
 * MSan cannot follow a secret through mont_adx.h's MULX assembly, so there the rest of the
 * template (set-up, reductions, the conversions into and out of the IFMA domain, the CRT
 * recombination, limb_pow up to 256 bits) is its portable C, and the IFMA exponentiations of
 * mont_ifma.h are the code that ships.  Never defined in the library build. */
#ifdef ECEDU_GFP_IFMA_NO_ASM
#define GFP_ADX 0
#else
#define GFP_ADX 1
#endif
#define GFP_IFMA 1
#include "field/gfp/mont.tmpl.h"
#undef GFP_LIMB_BITS
#undef gfp_limb
#undef gfp_dlimb
#undef GFP_TABLE_NAME
#undef GFP_ADX
#undef GFP_IFMA
#else
/* no x86-64: never called (the flag stays off) */
const ecedu_gfp_impl ecedu_gfp_mont64_ifma = {0};
#endif
