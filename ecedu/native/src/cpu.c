/*
 * cpu.c -- run-time choice between the field implementations:
 *   0 "portable"  plain C (any CPU),
 *   1 "pclmul"    PCLMULQDQ on 128-bit registers (CPUID: PCLMULQDQ, SSE4.1),
 *   2 "avx"       the pclmul code, still on 128-bit registers, built for AVX:
 *                 its VEX forms take three operands, so the register copies
 *                 of the two-operand SSE forms are gone (CPUID: PCLMULQDQ,
 *                 SSE4.1, AVX, and the OS must save the ymm state: OSXSAVE +
 *                 XGETBV; for the CPUs with AVX but no VPCLMULQDQ: Intel
 *                 Sandy Bridge to Cascade Lake, AMD Zen 1 and 2),
 *   3 "avx2"      the pclmul code built for AVX2 (VEX forms), and for the
 *                 fields that set GF_YMUL the multiplication by VPCLMULQDQ
 *                 on 256-bit registers (CPUID: PCLMULQDQ, SSE4.1, AVX2,
 *                 VPCLMULQDQ, and the OS must save the ymm state: OSXSAVE +
 *                 XGETBV; no AVX-512 needed: AMD Zen 3, Intel Alder Lake),
 *   4 "avx512"    the pclmul code built for AVX-512: three-input XORs and
 *                 double shifts on the 128-bit registers, and for m = 409
 *                 and 571 the multiplication by VPCLMULQDQ on 512-bit
 *                 registers (CPUID: VPCLMULQDQ, AVX512F, AVX512VL,
 *                 AVX512-VBMI2, and the OS must save the AVX-512 register
 *                 state: OSXSAVE + XGETBV; and AVX2, so that the levels
 *                 are ordered: a CPU that runs one runs those below).
 *
 * Unless a level is forced, every field uses the highest level the CPU
 * supports, which beat the lower levels on every field of the CPUs measured
 * (the measurements are above ecedu_field_for, below).
 * A level is forced (then every field uses exactly it):
 *   - by the environment when the library is loaded:
 *     ECEDU_NATIVE_IMPL=portable|pclmul|avx|avx2|avx512 ("vpclmul", the level's
 *     former name, is accepted for avx512), or ECEDU_NATIVE_PORTABLE set
 *     to a non-empty value other than "0" (= portable, takes precedence);
 *   - by ecedu_force_implementation(level) or ecedu_force_portable(1).
 * A level the CPU lacks, named in the environment, falls back to the best one it has (while
 * ecedu_force_implementation refuses it, returning -1); an unknown name is ignored here and
 * refused by the Python loader (ecedu/native/library.py), which has an exception to raise.
 * All paths compute identical results; the tests compare them.
 * The prime fields have a level of their own (portable / mulx / ifma), see below.
 */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

/* Under valgrind the avx level is not chosen: gcc writes some 64-bit moves between xmm registers
 * of that level's code as VMOVQ in its VEX form 66 0F D6, whose register form valgrind 3.19 does
 * not decode (it stops the program with SIGILL; its CPUID reports AVX, so the level would be the
 * best one there).  RUNNING_ON_VALGRIND (valgrind's own header, installed with valgrind by
 * scripts/setup.sh) is 0 outside valgrind; without the header the test is left out. */
#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define ECEDU_UNDER_VALGRIND() (RUNNING_ON_VALGRIND != 0)
#endif
#endif
#ifndef ECEDU_UNDER_VALGRIND
#define ECEDU_UNDER_VALGRIND() 0
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
        if (c & bit_AVX) f |= ECEDU_CPU_AVX; /* CPUID.1:ECX[28] */
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
        if (b & (1u << 21)) f |= ECEDU_CPU_AVX512IFMA;    /* CPUID.7.0:EBX[21] */
    }
    /* XCR0 bits 1, 2 (SSE, AVX state): 0x6; and 5, 6, 7 (opmask, upper
     * halves of zmm0-15, zmm16-31): 0xE6 */
    if (osxsave && (ecedu_xgetbv0() & 0x6) == 0x6) f |= ECEDU_CPU_YMM_OS;
    if (osxsave && (ecedu_xgetbv0() & 0xE6) == 0xE6) f |= ECEDU_CPU_ZMM_OS;
#endif
    g_features = f;
    return f;
}

/* Highest level the CPU supports (computed once, by the load-time constructor below: every
 * thread then reads the same value). */
static int g_best = -1;

static int best_level(void) {
    const int f = ecedu_cpu_features();
    const int x = ECEDU_CPU_PCLMULQDQ | ECEDU_CPU_AVX | ECEDU_CPU_YMM_OS;
    const int y = x | ECEDU_CPU_AVX2 | ECEDU_CPU_VPCLMULQDQ;
    const int v = y | ECEDU_CPU_AVX512F | ECEDU_CPU_AVX512VL | ECEDU_CPU_AVX512VBMI2 | ECEDU_CPU_ZMM_OS;
    if ((f & v) == v) return ECEDU_IMPL_AVX512;
    if ((f & y) == y) return ECEDU_IMPL_AVX2;
    if ((f & x) == x && !ECEDU_UNDER_VALGRIND()) return ECEDU_IMPL_AVX;
    if (f & ECEDU_CPU_PCLMULQDQ) return ECEDU_IMPL_PCLMUL;
    return ECEDU_IMPL_PORTABLE;
}

int ecedu_best_implementation(void) {
    if (g_best < 0) g_best = best_level();
    return g_best;
}

/* The level in use, by every field: the forced one, else the best. */
int ecedu_implementation(void) {
    const int best = ecedu_best_implementation();
    return (g_forced >= 0 && g_forced < best) ? g_forced : best;
}

/* Force a level (0 .. 4), or -1 for the best one again.  Returns 0, or -1 (and
 * changes nothing) if level is out of range or the CPU lacks it. */
int ecedu_force_implementation(int level) {
    if (level < -1 || level > ECEDU_IMPL_AVX512 || level > ecedu_best_implementation()) return -1;
    g_forced = level;
    return 0;
}

/* The level of a name ("portable", "pclmul", "avx", "avx2", "avx512", or "vpclmul", the
 * avx512 level's former name), or -1: the one list of the names, for ECEDU_NATIVE_IMPL below, the
 * ctime drivers' --level and the Python loader's check of the variable (ecedu/native/library.py). */
int ecedu_implementation_named(const char *name) {
    static const struct {
        const char *name;
        int level;
    } names[] = {
        {"portable", ECEDU_IMPL_PORTABLE}, {"pclmul", ECEDU_IMPL_PCLMUL}, {"avx", ECEDU_IMPL_AVX},
        {"avx2", ECEDU_IMPL_AVX2},         {"avx512", ECEDU_IMPL_AVX512}, {"vpclmul", ECEDU_IMPL_AVX512},
    };
    for (size_t l = 0; name && l < sizeof names / sizeof names[0]; l++)
        if (strcmp(name, names[l].name) == 0) return names[l].level;
    return -1;
}

void ecedu_force_portable(int flag) { g_forced = flag ? ECEDU_IMPL_PORTABLE : -1; }

/* 1 if a PCLMULQDQ implementation (pclmul, avx, avx2 or avx512) is the one in use. */
int ecedu_using_pclmul(void) { return ecedu_implementation() >= ECEDU_IMPL_PCLMUL; }

#define IMPLS(M)                                                                                                \
    {&ecedu_gf##M##_portable, &ecedu_gf##M##_pclmul, &ecedu_gf##M##_avx, &ecedu_gf##M##_avx2, &ecedu_gf##M##_avx512}
static const ecedu_field_impl *const g_impls[][ECEDU_IMPL_AVX512 + 1] = {
    IMPLS(163), IMPLS(193), IMPLS(233), IMPLS(239), IMPLS(283), IMPLS(409), IMPLS(571),
};

/* Why every field takes the CPU's best level (ecedu_implementation()), the
 * measurements (an earlier table here gave each field its own default per
 * best level; with the Zen 3 figures below every row had become the best
 * level itself, so it was removed): `python tools/levels_table.py --rounds 3`
 * (ECDH in TSC ticks, decoding and validation included, min over 3 rounds
 * of 1000 samples, every level forced in turn) on an AMD EPYC Zen 5 (which
 * has AVX-512, so it runs all four levels), 2 cores shared with other jobs
 * (load average 10: expect a few % of noise), 1 December 2026:
 *     curve        pclmul    avx2  avx512
 *     sect163k1     17316   17056   15028
 *     sect163r1     24960   26806   19396
 *     sect193r1     31226   29926   24986
 *     sect233k1     25376   23868   18486
 *     sect233r1     41262   38844   32526
 *     sect239k1     29848   28002   22490
 *     sect283k1     41756   37206   35256
 *     sect283r1     65000   64064   53404
 *     sect409k1     79846   70590   46124
 *     sect409r1    156026  137852  102154
 *     sect571k1    162682  154570   98384
 *     sect571r1    336154  302614  178984
 * (r2 curves as r1).  The avx2 column there has the 256-bit multiplication
 * for m = 409 only: tried in every field, it was slower for the others
 * (ECDH relative to pclmul in the same run, 256-bit against 128-bit
 * multiplication inside the avx2 level: 193r1 1.11 vs 0.97, 233r1 1.07 vs
 * 0.96, 571r1 0.98 vs 0.87; 409r1 0.88 vs 0.96).
 *
 * The column that matters for the avx2 level, though, is that of a CPU
 * whose best level it is.  Measured the same way on an AMD EPYC Zen 3
 * (family 25 model 1: PCLMULQDQ, AVX2 and 256-bit VPCLMULQDQ, no AVX-512),
 * 2 cores, idle, 2 December 2026:
 *     curve        pclmul    avx2          curve        pclmul    avx2
 *     sect163k1     24769   22467          sect283k1     65047   51524
 *     sect163r1     31654   31286          sect283r1     88935   82418
 *     sect193r1     37755   37044          sect409k1    119241  100768
 *     sect233k1     31066   28371          sect409r1    236474  186886
 *     sect233r1     49441   47334          sect571k1    242550  215796
 *     sect239k1     42532   36113          sect571r1    518665  465451
 * avx2 wins on every field there, GF(2^163) included (sect163k1 9% faster),
 * so every field takes it on such a CPU; on Zen 5 (above) avx2 was not the
 * best level, and its 7% loss on sect163r1 there matters only when avx2 is
 * forced.  The 256-bit multiplication on Zen 3 (each field's avx2 instance
 * built with GF_YMUL, the same ECDH ticks, min of 3 x 1000, ratio to the
 * 128-bit one): 163k1 1.03, 163r1 1.11, 193r1 1.20, 233k1 1.06, 233r1 1.20,
 * 239k1 1.03, 283k1 1.06, 283r1 1.16, 409k1 1.00, 409r1 1.01, 571k1 1.02,
 * 571r1 1.03: slower or equal everywhere, so only m = 409 keeps it (equal
 * on Zen 3, faster on Zen 5).  On an AMD EPYC Zen 4 (family 25 model 17:
 * AVX-512 with VPCLMULQDQ and IFMA, its 512-bit operations on 256-bit units),
 * 2 cores, the same command, avx512 won every field again; 2 December 2026,
 * and again on 4 December after the pairs of the ladder, the lambda and
 * Lopez-Dahab additions and the one-step GF(2^239) reduction (the r2 curves
 * as r1 there too):
 *                  2 December                  4 December
 *     curve        pclmul    avx2  avx512      pclmul    avx2  avx512
 *     sect163k1     21658   19890   18434       21606   17524   16900
 *     sect163r1     29094   27638   23816       28574   22906   21866
 *     sect193r1     34138   32734   27352       34606   28080   26286
 *     sect233k1     27898   24908   23504       27326   22360   21892
 *     sect233r1     44044   41496   34034       43550   36192   33098
 *     sect239k1     34866   32630   27560       31642   24310   22646
 *     sect283k1     53066   45890   45682       53248   35230   31486
 *     sect283r1     82264   72358   68770       83876   59436   53612
 *     sect409k1    107120   89622   77038      110682   65182   54860
 *     sect409r1    208000  167830  153270      210548  116844   97578
 *     sect571k1    214890  195130  149240      213564  129636  108784
 *     sect571r1    443222  401492  296998      447512  249938  230828
 * On 5 December, on a Zen 4 again (the same command), the avx2 level came out ahead on
 * GF(2^163): sect163k1 12974 against 14066, sect163r1 17004 against 17186.  The AVX-512
 * instances had been built without GF_RED_FOLD2 (the two folds, the lazily reduced squaring
 * chains), which the levels below use; with it for m = 163, 233 and 571 (each instance
 * file has its before and after), the same day:
 *     curve        pclmul    avx2  avx512      curve        pclmul    avx2  avx512
 *     sect163k1     19474   12974   12506      sect283k1     51610   31616   28002
 *     sect163r1     27976   17004   17030      sect283r1     83486   56628   49062
 *     sect193r1     34424   26676   20124      sect409k1    106964   63258   53274
 *     sect233k1     26468   18330   17940      sect409r1    208364  115778   97552
 *     sect233r1     43576   35646   30836      sect571k1    205426  124878  104052
 *     sect239k1     29666   21138   19032      sect571r1    435864  241930  224458
 * sect163r1 within 0.2% between the two levels, avx512 ahead everywhere else: the rule
 * stands.  On 6 December, the same Zen 4, after the lazily reduced ladder (GF_LAZY_LADDER,
 * field/gf2m/field.tmpl.h) and GF_RED_FOLD2 for m = 283 at the AVX-512 level (the same command,
 * load average 1.5):
 *     curve        pclmul    avx2  avx512      curve        pclmul    avx2  avx512
 *     sect163k1     19110   13026   12480      sect283k1     50492   31668   27222
 *     sect163r1     25922   15756   15678      sect283r1     80158   45188   43264
 *     sect193r1     34398   26676   20020      sect409k1    106860   62842   52052
 *     sect233k1     26364   18278   17446      sect409r1    198354  116714   97552
 *     sect233r1     38506   24986   22282      sect571k1    205712  124956  102492
 *     sect239k1     29640   21086   19084      sect571r1    431158  231894  213538
 * avx512 ahead on every field (sect163r1/r2 by 0.3-0.5%): the rule stands.  A CPU whose
 * measurement puts a field on a lower level would bring a per-field table back.
 * The avx level (6 December 2026) against pclmul, the same command with two rounds of 400, on an
 * AMD EPYC Zen 4 (family 25 model 17), every level forced in turn:
 *     curve        pclmul     avx             curve        pclmul     avx
 *     sect163k1     18720   18382  -1.8%      sect239k1     29354   27144  -7.5%
 *     sect163r1     25922   25584  -1.3%      sect283k1     50258   46280  -7.9%
 *     sect163r2     26052   25740  -1.2%      sect283r1     80132   72332  -9.7%
 *     sect193r1     34606   33410  -3.5%      sect409k1    101140   91884  -9.1%
 *     sect193r2     34606   33384  -3.5%      sect409r1    192218  170534 -11.3%
 *     sect233k1     26312   22698 -13.7%      sect571k1    196638  181532  -7.7%
 *     sect233r1     39364   36608  -7.0%      sect571r1    402454  361712 -10.1%
 * (avx2 and avx512 ahead of both on every curve there, as above): the same source, only its VEX
 * forms, ahead on every field, so a CPU with AVX runs it (and the SSE4.1 forms stay for those
 * without: Westmere, the Atom and Pentium/Celeron cores that leave AVX out).
 * All five levels on one CPU, the AMD EPYC Zen 5 (family 26 model 2), 7 December 2026, idle
 * (load average 0.9), `python tools/levels_table.py --rounds 3 --runs 600`:
 *     curve       portable  pclmul     avx    avx2  avx512
 *     sect163k1     126906   15886   15288   11388   10816
 *     sect163r1     229424   21710   21164   16016   14820
 *     sect193r1     655460   30810   29744   23608   18616
 *     sect233k1     287014   20878   18876   16874   15236
 *     sect233r1     576290   34502   33670   23296   20826
 *     sect239k1     346294   23062   22152   18538   15548
 *     sect283k1     671632   38402   36920   26026   20852
 *     sect283r1    1416064   62192   58500   37830   36192
 *     sect409k1    1008124   77532   73970   50986   38480
 *     sect409r1    2339584  146718  140764   93912   77142
 *     sect571k1    1910090  150748  139048   98202   73970
 *     sect571r1    5435534  310180  274612  172822  153634
 * (the r2 curves as r1): each level ahead of every lower one on every curve.  avx2 takes 11-37%
 * fewer ticks than avx (sect233k1 11%, sect409r1 33%, sect571r1 37%): the pairs in 256-bit
 * registers (FN(mul2), FN(sqr2), two of FN(sqr_n3)'s chains).  Not measured: avx2 against avx on a CPU whose best
 * level is avx2 (the Zen 3 above was timed before the avx level existed). */
static int field_index(int m) {
    for (int i = 0; i < (int)(sizeof g_impls / sizeof g_impls[0]); i++)
        if (g_impls[i][0]->m == m) return i;
    return -1;
}

const ecedu_field_impl *ecedu_field_for(int m) {
    const int i = field_index(m);
    return i < 0 ? NULL : g_impls[i][ecedu_implementation()];
}

/* The level GF(2^m) uses now, or -1 if m is unknown. */
int ecedu_field_implementation(int m) {
    return field_index(m) < 0 ? -1 : ecedu_implementation();
}

/* --- issue 13: the prime fields' level (portable, MULX/ADX, or MULX/ADX with the
 * IFMA exponentiations), apart from the binary fields' one above so that each
 * can be forced alone.  Same rules: the best the CPU has, unless forced lower
 * by ECEDU_PRIME_IMPL=portable|mulx|ifma at load time or by
 * ecedu_force_prime_implementation(level); fe_p256_mont.h and prime.c read the
 * flags (public: a branch on them is constant time).  Measured on an AMD Zen 4
 * (ECDH, min TSC ticks, ECEDU_PRIME_IMPL forced in turn): ifma against mulx
 * 0.88 on P-384 and 0.73 on P-521 (P-521 before its ifma inversion became divsteps),
 * the other prime curves equal (they have no ifma copy).  The levels are ordered:
 * ifma needs mulx's BMI2 and ADX too, and at the ifma level everything but
 * the exponentiations of field/gfp/ and the P-384 and P-521 curves (their IFMA fields,
 * fe_p384_ifma.h and fe_p521_ifma.h) is the mulx code. */
int ecedu_gfp_mulx_flag = 0;
int ecedu_gfp_ifma_flag = 0;
static int g_prime_forced = -1;

int ecedu_best_prime_implementation(void) {
    const int f = ecedu_cpu_features();
    const int need = ECEDU_CPU_BMI2 | ECEDU_CPU_ADX;
    const int ifma = need | ECEDU_CPU_AVX512F | ECEDU_CPU_AVX512VL | ECEDU_CPU_AVX512IFMA | ECEDU_CPU_ZMM_OS;
    if ((f & ifma) == ifma) return ECEDU_GFP_IMPL_IFMA;
    return (f & need) == need ? ECEDU_GFP_IMPL_MULX : ECEDU_GFP_IMPL_PORTABLE;
}

static void prime_flags(void) {
    ecedu_gfp_mulx_flag = ecedu_prime_implementation() >= ECEDU_GFP_IMPL_MULX;
    ecedu_gfp_ifma_flag = ecedu_prime_implementation() == ECEDU_GFP_IMPL_IFMA;
}

int ecedu_prime_implementation(void) {
    const int best = ecedu_best_prime_implementation();
    return (g_prime_forced >= 0 && g_prime_forced < best) ? g_prime_forced : best;
}

int ecedu_force_prime_implementation(int level) {
    if (level < -1 || level > ECEDU_GFP_IMPL_IFMA || level > ecedu_best_prime_implementation()) return -1;
    g_prime_forced = level;
    prime_flags();
    return 0;
}

/* The prime level of a name ("portable", "mulx", "ifma"), or -1: the one list of the names, for
 * ECEDU_PRIME_IMPL below and for the Python loader's check of it (ecedu/native/library.py). */
int ecedu_prime_implementation_named(const char *name) {
    static const struct {
        const char *name;
        int level;
    } names[] = {{"portable", ECEDU_GFP_IMPL_PORTABLE}, {"mulx", ECEDU_GFP_IMPL_MULX}, {"ifma", ECEDU_GFP_IMPL_IFMA}};
    for (size_t l = 0; name && l < sizeof names / sizeof names[0]; l++)
        if (strcmp(name, names[l].name) == 0) return names[l].level;
    return -1;
}

static void ecedu_prime_impl_init(void) {
    const int named = ecedu_prime_implementation_named(getenv("ECEDU_PRIME_IMPL"));
    if (named >= 0) g_prime_forced = named;
    prime_flags();
}
/* --- end issue 13 --- */

/* At load time: read the environment and fill the lazily computed trace
 * masks of every usable implementation, so later calls never write shared
 * state (thread safety). */
__attribute__((constructor)) static void ecedu_cpu_init(void) {
    const char *e = getenv("ECEDU_NATIVE_IMPL");
    const int named = ecedu_implementation_named(e); /* -1 for none or an unknown name */
    if (named >= 0) g_forced = named;
    e = getenv("ECEDU_NATIVE_PORTABLE");
    if (e && e[0] && !(e[0] == '0' && e[1] == 0)) g_forced = ECEDU_IMPL_PORTABLE;
    ecedu_prime_impl_init();
    const int best = ecedu_best_implementation();
    uint64_t zero[ECEDU_MAXW] = {0};
    for (size_t i = 0; i < sizeof g_impls / sizeof g_impls[0]; i++)
        for (int l = 0; l <= best; l++) g_impls[i][l]->trace(zero);
}
