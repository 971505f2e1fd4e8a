/*
 * fe_p384_fold.h -- GF(p384), p = 2^384 - 2^128 - 2^96 + 2^32 - 1 (FIPS 186-4 D.1.2.4), in the
 * ordinary representation (x mod p, fully reduced, six 64-bit limbs): the schoolbook product
 * (HAC Alg. 14.12) or the squaring with each cross product once (HAC Alg. 14.16), then the
 * reduction by folding W^6 = c (mod p), W = 2^64, c = 2^128 + 2^96 - 2^32 + 1 (Crandall's
 * reduction for p = 2^b - c, US patent 5,159,632, 1992; GECC Alg. 2.30 is the same fold in
 * 32-bit words with the terms spelled out).  fe interface prefix p384f (field/gfp/README.md),
 * all static; bytes, add, sub, neg, cmov, is_zero and set_small are fe_sat.tmpl.h's (FE_MONT
 * 0), the inversion an addition chain (p384f_inv, below).
 *
 * Two versions of the product, identical results: p384f_mul_wide (C, unsigned __int128 rows)
 * and p384f_mul_wide_adx (MULX/ADCX/ADOX inline assembly, the two carry chains of Intel's ADX
 * paper: CF for the low halves of a row, OF for the high halves).  The unit switches of
 * field/gfp/fe_level.h: ECEDU_FE_ADX_UNIT (a unit compiled for BMI2 and ADX: the assembly; not
 * in the MSan build, which cannot see into it and whose drivers force the portable level),
 * ECEDU_FE_PORTABLE_UNIT (the C rows, no flag test), else cpu.c's public flag (its own
 * dispatch: fe_level.h's macro needs a MULX squaring, which this field does not have).
 *
 * Why not Montgomery: the generic CIOS (fe_mont.tmpl.h, with its sparse row) and a CIOS in
 * MULX/ADX assembly with m = t0 (2^32 + 1) by a shift both run one dependent chain through
 * the six reduction steps; here the 36 (or 21) products are independent of the reduction, and
 * the fold is two rounds of shifted additions with no product.  Measured standalone (the curve
 * template over each field, min TSC ticks of one k Q, shared machine, noisy): generic CIOS
 * 371,000-376,000, CIOS in MULX/ADX assembly 368,000, this fold with the C product 308,000 and
 * with the MULX/ADX product 295,000 (the squaring by the MULX product instead of HAC 14.16:
 * about 8 % slower).  Dependent chains: product 51.7 (MULX) and 54.2 (C), squaring 43.5,
 * reduction alone 17.1 TSC ticks, against 66 and 59 for fe_mont.tmpl.h's product and squaring.
 *
 * The fold (bounds; L, H, U, V, G are integers, their limbs little-endian):
 *   T = a b < p^2 < W^12, T = L + H W^6 with L, H < W^6.
 *   H c = H + H 2^96 + H 2^128 - H 2^32 = H + S W + H W^2 - S, S = H 2^32 < 2^416 (seven
 *   limbs, computed by shifts).  U = L + H c < W^6 (1 + c) < 2^514: nine limbs; the additions
 *   come first and their partial sums stay below U + S < 2^514 + 2^416 < W^9, so no chain
 *   carries out of limb 8, and the subtraction of S then ends without a borrow (U >= 0).
 *   Second round: G = floor(U / W^6) < 2^130 (three limbs), V = (U mod W^6) + G c
 *   < W^6 + 2^130 2^130 = W^6 + 2^260: seven limbs, the seventh v6 in {0, 1}, the same order
 *   of chains (partial sums < V + G 2^32 < W^7).
 *   V < W^6 + 2^260 < 2p (2p - W^6 = W^6 - 2c), so one masked subtraction of p over the seven
 *   limbs (fe_sat.tmpl.h's cond_sub_p with v6 as its top bit) gives T mod p.  (A first
 *   version folded v6 W^6 = v6 c a third time before a six-limb subtraction: one more chain,
 *   23.9 against 17.1 TSC ticks per reduction in a dependent chain.)
 * Every limb product plus two limbs fits in 128 bits.  Constant time: every loop bound and
 * address depends on the limb count only, no branch on a value.
 */

typedef struct {
    uint64_t v[6];
} p384f_fe;
enum { P384F_BYTES = 48 };

static const uint64_t P384F_P[6] = {0x00000000ffffffffULL, 0xffffffff00000000ULL, 0xfffffffffffffffeULL,
                                    0xffffffffffffffffULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL};
static const uint64_t P384F_PM2[6] = {0x00000000fffffffdULL, 0xffffffff00000000ULL, 0xfffffffffffffffeULL,
                                      0xffffffffffffffffULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL};

static inline __attribute__((always_inline)) void p384f_cond_sub_p(uint64_t *r, const uint64_t *t, uint64_t hi);

/* acc[0 .. an) += H c for H of hn limbs (hn < an): + H, + S W, + H W^2, then - S, S = H 2^32
 * (hn + 1 limbs).  The callers' bounds (above): no carry and no borrow out of acc[an - 1]. */
static inline __attribute__((always_inline)) void p384f_add_hc(uint64_t *acc, const int an, const uint64_t *H,
                                                               const int hn) {
    uint64_t S[7];
    unsigned char c;
    S[0] = H[0] << 32;
#pragma GCC unroll 8
    for (int j = 1; j < hn; j++) S[j] = (H[j] << 32) | (H[j - 1] >> 32);
    S[hn] = H[hn - 1] >> 32;
    c = 0;
#pragma GCC unroll 10
    for (int j = 0; j < an; j++) c = ecedu_adc(c, acc[j], j < hn ? H[j] : 0, &acc[j]);
    c = 0;
#pragma GCC unroll 10
    for (int j = 1; j < an; j++) c = ecedu_adc(c, acc[j], j - 1 <= hn ? S[j - 1] : 0, &acc[j]);
    c = 0;
#pragma GCC unroll 10
    for (int j = 2; j < an; j++) c = ecedu_adc(c, acc[j], j - 2 < hn ? H[j - 2] : 0, &acc[j]);
    c = 0;
#pragma GCC unroll 10
    for (int j = 0; j < an; j++) c = ecedu_sbb(c, acc[j], j <= hn ? S[j] : 0, &acc[j]);
}

/* r = T mod p for the twelve limbs T < W^12 (the two rounds above and the subtraction). */
static inline __attribute__((always_inline)) void p384f_reduce(uint64_t *r, const uint64_t *T) {
    uint64_t u[9], v[7];
#pragma GCC unroll 8
    for (int j = 0; j < 6; j++) u[j] = T[j];
    u[6] = u[7] = u[8] = 0;
    p384f_add_hc(u, 9, T + 6, 6); /* U = L + H c */
#pragma GCC unroll 8
    for (int j = 0; j < 6; j++) v[j] = u[j];
    v[6] = 0;
    p384f_add_hc(v, 7, u + 6, 3); /* V = (U mod W^6) + G c < W^6 + 2^260 < 2p */
    p384f_cond_sub_p(r, v, v[6]);
}

/* T[0 .. 12) = a b, C: row i adds a b[i] into T[i ..], its carry the fresh limb T[i+6]. */
static inline __attribute__((always_inline)) void p384f_mul_wide(uint64_t *T, const uint64_t *a, const uint64_t *b) {
#pragma GCC unroll 16
    for (int j = 0; j < 12; j++) T[j] = 0;
#pragma GCC unroll 16
    for (int i = 0; i < 6; i++) {
        uint64_t cc = 0;
#pragma GCC unroll 16
        for (int j = 0; j < 6; j++) {
            unsigned __int128 x = (unsigned __int128)a[j] * b[i] + T[i + j] + cc;
            T[i + j] = (uint64_t)x;
            cc = (uint64_t)(x >> 64);
        }
        T[i + 6] = cc;
    }
}

#if defined(__x86_64__)
/* T[0 .. 12) = a b with MULX, ADCX and ADOX: the same rows, the running limbs T[i .. i+6] in
 * seven registers renamed from row to row (row i works on (w0, .., w6) = (r_i, .., r_{i+6}),
 * indices mod 7; w6 zeroed by the XOR that clears CF and OF).  A row: rdx = b[i]; for
 * j = 0..5: (hi, lo) = a[j] rdx (MULX, no flags), w[j] += lo (ADCX, CF), w[j+1] += hi (ADOX,
 * OF); then w6 += CF.  No carry is lost: the row's sum T_i + a b[i] W^i is below W^(i+7)
 * (T_i < W^(i+6) before it), so w6 + hi5 + OF cannot overflow (OF is 0 after the last ADOX)
 * and neither can w6 + CF.  T[i] = w0 is final after row i and stored; after row 5 the
 * window is T[6 .. 12).  Registers: seven limbs, lo, hi, three pointers and RDX. */
static inline __attribute__((always_inline, target("bmi2,adx"))) void p384f_mul_wide_adx(uint64_t *T, const uint64_t *a,
                                                                                         const uint64_t *b) {
    uint64_t r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0, r6, lo, hi;
#define P384F_MAC(j, wa, wb)                                                                           \
    "mulxq " #j "(%[ap]), %[lo], %[hi]\n\t"                                                            \
    "adcxq %[lo], %[" wa "]\n\t"                                                                       \
    "adoxq %[hi], %[" wb "]\n\t"
#define P384F_ROW(i, w0, w1, w2, w3, w4, w5, w6)                                                       \
    "movq " #i "(%[bp]), %%rdx\n\t"                                                                    \
    "xorl %k[" w6 "], %k[" w6 "]\n\t"                                                                  \
    P384F_MAC(0, w0, w1) P384F_MAC(8, w1, w2) P384F_MAC(16, w2, w3) P384F_MAC(24, w3, w4)              \
    P384F_MAC(32, w4, w5) P384F_MAC(40, w5, w6)                                                        \
    "movl $0, %k[lo]\n\t"                                                                              \
    "adcxq %[lo], %[" w6 "]\n\t"                                                                       \
    "movq %[" w0 "], " #i "(%[tp])\n\t"
    __asm__(P384F_ROW(0, "r0", "r1", "r2", "r3", "r4", "r5", "r6")
                P384F_ROW(8, "r1", "r2", "r3", "r4", "r5", "r6", "r0")
                    P384F_ROW(16, "r2", "r3", "r4", "r5", "r6", "r0", "r1")
                        P384F_ROW(24, "r3", "r4", "r5", "r6", "r0", "r1", "r2")
                            P384F_ROW(32, "r4", "r5", "r6", "r0", "r1", "r2", "r3")
                                P384F_ROW(40, "r5", "r6", "r0", "r1", "r2", "r3", "r4")
            : [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [r3] "+&r"(r3), [r4] "+&r"(r4), [r5] "+&r"(r5),
              [r6] "=&r"(r6), [lo] "=&r"(lo), [hi] "=&r"(hi), "=m"(*(uint64_t(*)[6])T)
            : [ap] "r"(a), [bp] "r"(b), [tp] "r"(T), "m"(*(const uint64_t(*)[6])a), "m"(*(const uint64_t(*)[6])b)
            : "rdx", "cc");
#undef P384F_ROW
#undef P384F_MAC
    T[6] = r6, T[7] = r0, T[8] = r1, T[9] = r2, T[10] = r3, T[11] = r4;
}
#endif

/* T[0 .. 12) = a^2: the cross products a[i] a[j], i < j, once (row i: a[i+1 .. 6) a[i] into
 * T[2i+1 ..], its carry the fresh T[i+6]), doubled, plus the squares a[i]^2 W^(2i) (HAC
 * Alg. 14.16, 21 products instead of 36).  The cross sum is < a^2 / 2, so neither the doubling
 * nor the chain of squares carries out of T[11]. */
static inline __attribute__((always_inline)) void p384f_sqr_wide(uint64_t *T, const uint64_t *a) {
    unsigned char c;
#pragma GCC unroll 16
    for (int j = 0; j < 12; j++) T[j] = 0;
#pragma GCC unroll 16
    for (int i = 0; i + 1 < 6; i++) {
        uint64_t cc = 0;
#pragma GCC unroll 16
        for (int j = i + 1; j < 6; j++) {
            unsigned __int128 x = (unsigned __int128)a[j] * a[i] + T[i + j] + cc;
            T[i + j] = (uint64_t)x;
            cc = (uint64_t)(x >> 64);
        }
        T[i + 6] = cc;
    }
    c = 0;
#pragma GCC unroll 16
    for (int j = 0; j < 12; j++) c = ecedu_adc(c, T[j], T[j], &T[j]);
    c = 0;
#pragma GCC unroll 16
    for (int i = 0; i < 6; i++) {
        unsigned __int128 x = (unsigned __int128)a[i] * a[i];
        c = ecedu_adc(c, T[2 * i], (uint64_t)x, &T[2 * i]);
        c = ecedu_adc(c, T[2 * i + 1], (uint64_t)(x >> 64), &T[2 * i + 1]);
    }
}

/* The fe interface's product and squaring, out of line (measured at 6 limbs for fe_mont.tmpl.h:
 * inlined into the formulas they make them too big for the instruction cache).  r may alias
 * a or b: T is a local array. */
#if !(defined(ECEDU_FE_ADX_UNIT) && defined(__x86_64__) && !ECEDU_MSAN)
static __attribute__((noinline)) void p384f_mul_c(p384f_fe *r, const p384f_fe *a, const p384f_fe *b) {
    uint64_t T[12];
    p384f_mul_wide(T, a->v, b->v);
    p384f_reduce(r->v, T);
}
#endif

static __attribute__((noinline)) void p384f_sqr(p384f_fe *r, const p384f_fe *a) {
    uint64_t T[12];
    p384f_sqr_wide(T, a->v);
    p384f_reduce(r->v, T);
}

#if defined(__x86_64__) && !ECEDU_MSAN && !defined(ECEDU_FE_PORTABLE_UNIT)
static __attribute__((noinline, target("bmi2,adx"))) void p384f_mul_adx(p384f_fe *r, const p384f_fe *a,
                                                                         const p384f_fe *b) {
    uint64_t T[12];
    p384f_mul_wide_adx(T, a->v, b->v);
    p384f_reduce(r->v, T);
}
#endif

#if defined(ECEDU_FE_ADX_UNIT) && defined(__x86_64__) && !ECEDU_MSAN
static inline void p384f_mul(p384f_fe *r, const p384f_fe *a, const p384f_fe *b) {
    p384f_mul_adx(r, a, b);
}
#elif defined(ECEDU_FE_ADX_UNIT) || defined(ECEDU_FE_PORTABLE_UNIT) || !defined(__x86_64__) || ECEDU_MSAN
static inline void p384f_mul(p384f_fe *r, const p384f_fe *a, const p384f_fe *b) {
    p384f_mul_c(r, a, b);
}
#else
static inline void p384f_mul(p384f_fe *r, const p384f_fe *a, const p384f_fe *b) {
    if (ecedu_gfp_mulx_enabled())
        p384f_mul_adx(r, a, b);
    else
        p384f_mul_c(r, a, b);
}
#endif

#define FE_NAME(x) p384f_##x
#define FE_N 6
#define FE_NBYTES 48
#define FE_P P384F_P
#define FE_PM2 P384F_PM2
#define FE_MONT 0
#define FE_HAS_SQR 1
#define FE_HAS_INV 1
#include "field/gfp/fe_sat.tmpl.h"
#undef FE_NAME
#undef FE_N
#undef FE_NBYTES
#undef FE_P
#undef FE_PM2
#undef FE_MONT
#undef FE_HAS_SQR
#undef FE_HAS_INV

/* a^(p-2) = a^-1 (0 -> 0) by a fixed addition chain.  p - 2, from the top bit down, is 255
 * ones, a zero, 32 ones, 64 zeros, 30 ones, a zero and a one.  With e_k = a^(2^k - 1) and
 * e_(j+k) = e_j^(2^k) e_k: e1 e2 e3 e6 e12 e15 e30 e60 e120 e240 e255 and e32 = e30^(2^2) e2;
 * then t = e255^(2^33) e32 (the zero and the 32 ones), t = t^(2^94) e30 (64 zeros, 30 ones),
 * a^(p-2) = t^(2^2) e1.  385 squarings and 14 multiplications (a 4-bit window: 384 and about
 * 110); the sequence depends on p only: constant time. */
static inline void p384f_inv(p384f_fe *r, const p384f_fe *a) {
    p384f_fe e1 = *a, e2, e3, e6, e12, e15, e30, e32, e60, e120, t;
    p384f_sqr_n_mul(&e2, &e1, 1, &e1);
    p384f_sqr_n_mul(&e3, &e2, 1, &e1);
    p384f_sqr_n_mul(&e6, &e3, 3, &e3);
    p384f_sqr_n_mul(&e12, &e6, 6, &e6);
    p384f_sqr_n_mul(&e15, &e12, 3, &e3);
    p384f_sqr_n_mul(&e30, &e15, 15, &e15);
    p384f_sqr_n_mul(&e32, &e30, 2, &e2);
    p384f_sqr_n_mul(&e60, &e30, 30, &e30);
    p384f_sqr_n_mul(&e120, &e60, 60, &e60);
    p384f_sqr_n_mul(&t, &e120, 120, &e120); /* e240 */
    p384f_sqr_n_mul(&t, &t, 15, &e15);      /* e255 */
    p384f_sqr_n_mul(&t, &t, 33, &e32);
    p384f_sqr_n_mul(&t, &t, 94, &e30);
    p384f_sqr_n_mul(r, &t, 2, &e1);
    ecedu_wipe(&e1, sizeof e1), ecedu_wipe(&e2, sizeof e2), ecedu_wipe(&e3, sizeof e3);
    ecedu_wipe(&e6, sizeof e6), ecedu_wipe(&e12, sizeof e12), ecedu_wipe(&e15, sizeof e15);
    ecedu_wipe(&e30, sizeof e30), ecedu_wipe(&e32, sizeof e32), ecedu_wipe(&e60, sizeof e60);
    ecedu_wipe(&e120, sizeof e120), ecedu_wipe(&t, sizeof t);
}
