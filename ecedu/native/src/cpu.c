/*
 * cpu.c -- run-time choice between the field implementations:
 *   0 "portable"  plain C (any CPU),
 *   1 "pclmul"    PCLMULQDQ on 128-bit registers (CPUID: PCLMULQDQ, SSE4.1),
 *   2 "avx512"    the pclmul code built for AVX-512: three-input XORs and
 *                 double shifts on the 128-bit registers, and for m = 409
 *                 and 571 the multiplication by VPCLMULQDQ on 512-bit
 *                 registers (CPUID: VPCLMULQDQ, AVX512F, AVX512VL,
 *                 AVX512-VBMI2, and the OS must save the AVX-512 register
 *                 state: OSXSAVE + XGETBV).
 *
 * The best level the CPU supports is used, unless a lower one is forced:
 *   - by the environment when the library is loaded:
 *     ECEDU_NATIVE_IMPL=portable|pclmul|avx512 ("vpclmul", the level's
 *     former name, is accepted for avx512), or ECEDU_NATIVE_PORTABLE set
 *     to a non-empty value other than "0" (= portable, takes precedence);
 *   - by ecedu_force_implementation(level) or ecedu_force_portable(1).
 * A forced level the CPU lacks falls back to the best one it has.
 * All paths compute identical results; the tests compare them.
 * The prime fields have a level of their own (portable / mulx), see below.
 */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

static int g_features = -1;
static int g_forced = -1; /* -1: none, else the highest level allowed */

/* XCR0 (the state components the OS saves and restores), by XGETBV; only
 * valid when CPUID.1:ECX.OSXSAVE is set. */
#if defined(__x86_64__) || defined(__i386__)
static unsigned long long ecedu_xgetbv0(void) {
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((unsigned long long)hi << 32) | lo;
}
#endif

/* Bit mask of ECEDU_CPU_* flags for the CPU (and OS) we run on. */
int ecedu_cpu_features(void) {
    if (g_features >= 0) return g_features;
    int f = 0;
#if defined(__x86_64__) || defined(__i386__)
    unsigned a, b, c, d;
    int osxsave = 0;
    if (__get_cpuid(1, &a, &b, &c, &d)) {
        if ((c & bit_PCLMUL) && (c & bit_SSE4_1)) f |= ECEDU_CPU_PCLMULQDQ;
        osxsave = (c & bit_OSXSAVE) != 0;
    }
    if (__get_cpuid_max(0, 0) >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        if (b & bit_AVX2) f |= ECEDU_CPU_AVX2;
        if (b & (1u << 8)) f |= ECEDU_CPU_BMI2; /* CPUID.7.0:EBX[8]  */
        if (b & (1u << 19)) f |= ECEDU_CPU_ADX; /* CPUID.7.0:EBX[19] */
        if (b & bit_AVX512F) f |= ECEDU_CPU_AVX512F;
        if (b & (1u << 31)) f |= ECEDU_CPU_AVX512VL; /* CPUID.7.0:EBX[31] */
        if (c & (1u << 10)) f |= ECEDU_CPU_VPCLMULQDQ; /* CPUID.7.0:ECX[10] */
        if (c & (1u << 6)) f |= ECEDU_CPU_AVX512VBMI2;    /* CPUID.7.0:ECX[6]  */
    }
    /* XCR0 bits 1, 2 (SSE, AVX state), 5, 6, 7 (opmask, upper halves of
     * zmm0-15, zmm16-31): 0xE6 */
    if (osxsave && (ecedu_xgetbv0() & 0xE6) == 0xE6) f |= ECEDU_CPU_ZMM_OS;
#endif
    g_features = f;
    return f;
}

/* Highest level the CPU supports. */
int ecedu_best_implementation(void) {
    const int f = ecedu_cpu_features();
    const int v = ECEDU_CPU_PCLMULQDQ | ECEDU_CPU_AVX512F | ECEDU_CPU_AVX512VL | ECEDU_CPU_VPCLMULQDQ |
                  ECEDU_CPU_AVX512VBMI2 | ECEDU_CPU_ZMM_OS;
    if ((f & v) == v) return ECEDU_IMPL_AVX512;
    if (f & ECEDU_CPU_PCLMULQDQ) return ECEDU_IMPL_PCLMUL;
    return ECEDU_IMPL_PORTABLE;
}

/* The level in use. */
int ecedu_implementation(void) {
    const int best = ecedu_best_implementation();
    return (g_forced >= 0 && g_forced < best) ? g_forced : best;
}

/* Force a level (0, 1, 2), or -1 for the best one.  Returns 0, or -1 (and
 * changes nothing) if level is out of range or the CPU lacks it. */
int ecedu_force_implementation(int level) {
    if (level < -1 || level > ECEDU_IMPL_AVX512 || level > ecedu_best_implementation()) return -1;
    g_forced = level;
    return 0;
}

void ecedu_force_portable(int flag) { g_forced = flag ? ECEDU_IMPL_PORTABLE : -1; }

/* 1 if a PCLMULQDQ implementation (pclmul or avx512) is the one in use. */
int ecedu_using_pclmul(void) { return ecedu_implementation() >= ECEDU_IMPL_PCLMUL; }

#define IMPLS(M) {&ecedu_gf##M##_portable, &ecedu_gf##M##_pclmul, &ecedu_gf##M##_avx512}
static const ecedu_field_impl *const g_impls[][3] = {
    IMPLS(163), IMPLS(193), IMPLS(233), IMPLS(239), IMPLS(283), IMPLS(409), IMPLS(571),
};

const ecedu_field_impl *ecedu_field_for(int m) {
    const int level = ecedu_implementation();
    for (size_t i = 0; i < sizeof g_impls / sizeof g_impls[0]; i++)
        if (g_impls[i][0]->m == m) return g_impls[i][level];
    return NULL;
}

/* Which implementation GF(2^m) uses now: the level in use (every field has
 * all three), or -1 if m is unknown. */
int ecedu_field_implementation(int m) { return ecedu_field_for(m) ? ecedu_implementation() : -1; }

/* --- issue 13: the prime fields' level (portable or MULX/ADX), apart from the
 * binary fields' one above so that each can be forced alone.  Same rules: the
 * best the CPU has, unless forced lower by ECEDU_PRIME_IMPL=portable|mulx at
 * load time or by ecedu_force_prime_implementation(level); fe_p256_mont.h
 * reads the flag (public: a branch on it is constant time). */
int ecedu_gfp_mulx_flag = 0;
static int g_prime_forced = -1;

int ecedu_best_prime_implementation(void) {
    const int need = ECEDU_CPU_BMI2 | ECEDU_CPU_ADX;
    return (ecedu_cpu_features() & need) == need ? ECEDU_GFP_IMPL_MULX : ECEDU_GFP_IMPL_PORTABLE;
}

int ecedu_prime_implementation(void) {
    const int best = ecedu_best_prime_implementation();
    return (g_prime_forced >= 0 && g_prime_forced < best) ? g_prime_forced : best;
}

int ecedu_force_prime_implementation(int level) {
    if (level < -1 || level > ECEDU_GFP_IMPL_MULX || level > ecedu_best_prime_implementation()) return -1;
    g_prime_forced = level;
    ecedu_gfp_mulx_flag = ecedu_prime_implementation() == ECEDU_GFP_IMPL_MULX;
    return 0;
}

static void ecedu_prime_impl_init(void) {
    const char *e = getenv("ECEDU_PRIME_IMPL");
    if (e && strcmp(e, "portable") == 0) g_prime_forced = ECEDU_GFP_IMPL_PORTABLE;
    if (e && strcmp(e, "mulx") == 0) g_prime_forced = ECEDU_GFP_IMPL_MULX;
    ecedu_gfp_mulx_flag = ecedu_prime_implementation() == ECEDU_GFP_IMPL_MULX;
}
/* --- end issue 13 --- */

/* At load time: read the environment and fill the lazily computed trace
 * masks of every usable implementation, so later calls never write shared
 * state (thread safety). */
__attribute__((constructor)) static void ecedu_cpu_init(void) {
    const char *e = getenv("ECEDU_NATIVE_IMPL");
    if (e) {
        static const struct { const char *name; int level; } names[] = {
            {"portable", ECEDU_IMPL_PORTABLE}, {"pclmul", ECEDU_IMPL_PCLMUL},
            {"avx512", ECEDU_IMPL_AVX512}, {"vpclmul", ECEDU_IMPL_AVX512}, /* the old name */
        };
        for (size_t l = 0; l < sizeof names / sizeof names[0]; l++)
            if (strcmp(e, names[l].name) == 0) g_forced = names[l].level;
    }
    e = getenv("ECEDU_NATIVE_PORTABLE");
    if (e && e[0] && !(e[0] == '0' && e[1] == 0)) g_forced = ECEDU_IMPL_PORTABLE;
    ecedu_prime_impl_init();
    const int best = ecedu_best_implementation();
    uint64_t zero[ECEDU_MAXW] = {0};
    for (size_t i = 0; i < sizeof g_impls / sizeof g_impls[0]; i++)
        for (int l = 0; l <= best; l++) g_impls[i][l]->trace(zero);
}
