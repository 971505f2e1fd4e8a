/*
 * cpu.c -- run-time choice between the portable and the PCLMULQDQ field
 * implementations.
 *
 * The PCLMUL code is used when CPUID reports PCLMULQDQ (and SSE4.1, used to
 * move the 128-bit product to general registers), unless
 *   - the environment variable ECEDU_NATIVE_PORTABLE is set to a non-empty
 *     value other than "0" when the library is loaded, or
 *   - ecedu_force_portable(1) was called.
 * Both paths compute identical results; the tests compare them.
 */
#include <stdlib.h>
#include "gf2m.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

static int g_features = -1;
static int g_force_portable = 0;

/* Bit mask of ECEDU_CPU_* flags for the CPU we run on. */
int ecedu_cpu_features(void) {
    if (g_features >= 0) return g_features;
    int f = 0;
#if defined(__x86_64__) || defined(__i386__)
    unsigned a, b, c, d;
    if (__get_cpuid(1, &a, &b, &c, &d)) {
        if ((c & bit_PCLMUL) && (c & bit_SSE4_1)) f |= ECEDU_CPU_PCLMUL;
    }
    if (__get_cpuid_max(0, 0) >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        if (b & bit_AVX2) f |= ECEDU_CPU_AVX2;
        if (b & bit_AVX512F) f |= ECEDU_CPU_AVX512F;
        if (c & (1u << 10)) f |= ECEDU_CPU_VPCLMUL; /* CPUID.7.0:ECX[10] */
    }
#endif
    g_features = f;
    return f;
}

void ecedu_force_portable(int flag) { g_force_portable = flag ? 1 : 0; }

/* 1 if the PCLMUL implementation is the one in use. */
int ecedu_using_pclmul(void) {
    return !g_force_portable && (ecedu_cpu_features() & ECEDU_CPU_PCLMUL);
}

#define PAIR(M) {&ecedu_gf##M##_portable, &ecedu_gf##M##_pclmul}
static const ecedu_field_impl *const g_impls[][2] = {
    PAIR(163), PAIR(193), PAIR(233), PAIR(239), PAIR(283), PAIR(409), PAIR(571),
};

const ecedu_field_impl *ecedu_field_for(int m) {
    int p = ecedu_using_pclmul();
    for (size_t i = 0; i < sizeof g_impls / sizeof g_impls[0]; i++)
        if (g_impls[i][0]->m == m) return g_impls[i][p];
    return NULL;
}

/* At load time: read the environment and fill the lazily computed trace
 * masks, so later calls never write shared state (thread safety). */
__attribute__((constructor)) static void ecedu_cpu_init(void) {
    const char *e = getenv("ECEDU_NATIVE_PORTABLE");
    if (e && e[0] && !(e[0] == '0' && e[1] == 0)) g_force_portable = 1;
    ecedu_cpu_features();
    uint64_t zero[ECEDU_MAXW] = {0};
    for (size_t i = 0; i < sizeof g_impls / sizeof g_impls[0]; i++) {
        g_impls[i][0]->trace(zero);
        if (ecedu_cpu_features() & ECEDU_CPU_PCLMUL) g_impls[i][1]->trace(zero);
    }
}
