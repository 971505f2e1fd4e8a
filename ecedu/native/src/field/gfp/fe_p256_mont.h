/*
 * fe_p256_mont.h -- GF(p256), p = 2^256 - 2^224 + 2^192 + 2^96 - 1 (FIPS 186-4
 * D.1.2.3), in Montgomery form with R = 2^256 (the representation a generic
 * 4-limb Montgomery field uses), by a Montgomery multiplication that uses the
 * WORD STRUCTURE of p: the idea of Gueron and Krasnov, "Fast prime field
 * elliptic-curve cryptography with 256-bit primes", J. Cryptographic
 * Engineering 5 (2015) (seed 003: the OpenSSL P-256 patch).
 *
 * fe interface prefix p256m (field/gfp/README.md), all static.  Two versions of
 * the product, identical results:
 *   p256m_mul_portable  C with unsigned __int128 products (any 64-bit GCC/Clang);
 *   p256m_mul_mulx      BMI2 MULX (flag-free 64x64->128 multiplication) and the
 *                       ADX add-with-carry intrinsics, compiled for those
 *                       instructions by __attribute__((target("bmi2,adx"))) so
 *                       the rest of the library stays valid on any x86-64;
 * and p256m_mul picks one by the run-time flag of cpu.c (ecedu_gfp_mulx_enabled():
 * CPUID has BMI2 and ADX and the MULX level is not forced off, see
 * ecedu_force_prime_implementation in ecedu_native.h).  The flag is public: the
 * branch on it is constant time.
 *
 * Why p's words make it cheap.  In 64-bit limbs
 *     p = [p0, p1, p2, p3] = [2^64 - 1, 2^32 - 1, 0, 2^64 - 2^32 + 1]   (p0 first)
 * so -p^-1 mod 2^64 = 1 (p = -1 mod 2^64): the Montgomery digit of each step is
 * m = t[0] itself, no multiplication by -p^-1.  Then, with W = 2^64,
 *     t + m p = t + m p0 + m p1 W + m p3 W^3
 * and
 *   - t[0] + m p0 = m + m (W - 1) = m W: limb 0 becomes 0 and m is carried up;
 *   - limb 1: t[1] + m p1 + m = t[1] + m 2^32, i.e. m << 32 into limb 1 and
 *     m >> 32 into limb 2: two shifts, no multiplication;
 *   - limb 2: p2 = 0, nothing;
 *   - limb 3: m p3, one multiplication (p3 = 2^64 - 2^32 + 1 could be done as
 *     m W - (m << 32) + m with shifts and subtractions too, but one MULX is
 *     cheaper on x86-64 than that carry chain).
 * A step of the reduction thus costs 1 multiplication instead of the 5 of
 * generic CIOS (m = t[0] (-p^-1) and m p[0..3]): 16 + 4 = 20 word
 * multiplications per field multiplication instead of 2 * 16 + 4 = 36.
 *
 * Bounds (operands a, b < p; the algorithm is CIOS, Koc-Acar-Kaliski 1996, with
 * the reduction step above): at the start of step i, t < 2p.  Then
 *   t + a b[i] < 2p + (W - 1) p = (W + 1) p < 2^320 (p < 2^256 - 2^224), so it
 *   fits in five limbs t[0..4];
 *   t + a b[i] + m p < (W + 1) p + (W - 1) p = 2 W p < 2^321: five limbs and a
 *   sixth of 0 or 1 (the t5 below);
 *   divided by W (limb 0 is 0): < 2p again.
 * After the four steps t = (a b + M p) / R < 2p for some M < R, and one masked
 * subtraction of p (fe_sat.tmpl.h, cond_sub_p) gives a b / R mod p < p.
 * Every step "x = a b + c + d" with a, b, c, d < W fits in 128 bits:
 * (W - 1)^2 + 2 (W - 1) = W^2 - 1.
 */
#include <immintrin.h>

typedef struct { uint64_t v[4]; } p256m_fe;
enum { P256M_BYTES = 32 };

static const uint64_t P256M_P[4] = {0xffffffffffffffffULL, 0x00000000ffffffffULL, 0, 0xffffffff00000001ULL};
static const uint64_t P256M_PM2[4] = {0xfffffffffffffffdULL, 0x00000000ffffffffULL, 0, 0xffffffff00000001ULL};
/* R^2 mod p = 2^512 mod p (checked by the tests through the byte interface) */
static const uint64_t P256M_R2[4] = {0x0000000000000003ULL, 0xfffffffbffffffffULL, 0xfffffffffffffffeULL,
                                     0x00000004fffffffdULL};

/* t (5 limbs t[0..4], t < 2p) <- (t + a bi + m p) / W, the portable step. */
static inline __attribute__((always_inline)) void p256m_step_portable(uint64_t t[5], const uint64_t a[4],
                                                                      uint64_t bi) {
    typedef unsigned __int128 u128;
    u128 x;
    uint64_t c;
    /* t += a bi: five limbs (the bound (W + 1) p < 2^320) */
    x = (u128)a[0] * bi + t[0];
    t[0] = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)a[1] * bi + t[1] + c;
    t[1] = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)a[2] * bi + t[2] + c;
    t[2] = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)a[3] * bi + t[3] + c;
    t[3] = (uint64_t)x, c = (uint64_t)(x >> 64);
    t[4] += c; /* no carry out: t < 2^320 */
    /* + m p with m = t[0], and the shift by one limb: limb 0 -> m carried (m W),
     * limb 1 += m << 32, limb 2 += m >> 32, limb 3 += m p3 (its high half to limb 4) */
    const uint64_t m = t[0];
    x = (u128)t[1] + (m << 32);
    t[0] = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)t[2] + (m >> 32) + c;
    t[1] = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)m * P256M_P[3] + t[3] + c;
    t[2] = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)t[4] + c;
    t[3] = (uint64_t)x;
    t[4] = (uint64_t)(x >> 64); /* the sixth limb, 0 or 1 (2 W p < 2^321) */
}

static void p256m_cond_sub_p(uint64_t *r, const uint64_t *t, uint64_t hi);

/* r = a b / R mod p, portable. */
static inline void p256m_mul_portable(p256m_fe *r, const p256m_fe *a, const p256m_fe *b) {
    uint64_t t[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < 4; i++) p256m_step_portable(t, a->v, b->v[i]);
    p256m_cond_sub_p(r->v, t, t[4]);
}

/* r = a b / R mod p with MULX and the ADX intrinsics: the same algorithm,
 * product scanning a b[i] row by row.  MULX leaves the flags alone, so the
 * four products of a row are formed first and then added in one carry chain
 * (_addcarryx_u64; GCC 12 emits ADC for it, not ADCX/ADOX: the two-chain
 * interleaving of Intel's white paper needs assembly, see the README). */
__attribute__((target("bmi2,adx"))) static void p256m_mul_mulx(p256m_fe *r, const p256m_fe *a,
                                                                const p256m_fe *b) {
    unsigned long long t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0;
    const unsigned long long a0 = a->v[0], a1 = a->v[1], a2 = a->v[2], a3 = a->v[3];
    for (int i = 0; i < 4; i++) {
        const unsigned long long bi = b->v[i];
        unsigned long long h0, h1, h2, h3, l0, l1, l2, l3, hm, lm;
        unsigned char c;
        l0 = _mulx_u64(a0, bi, &h0);
        l1 = _mulx_u64(a1, bi, &h1);
        l2 = _mulx_u64(a2, bi, &h2);
        l3 = _mulx_u64(a3, bi, &h3);
        /* t += (l0 + l1 W + l2 W^2 + l3 W^3) + (h0 W + h1 W^2 + h2 W^3 + h3 W^4) */
        c = _addcarryx_u64(0, t0, l0, &t0);
        c = _addcarryx_u64(c, t1, l1, &t1);
        c = _addcarryx_u64(c, t2, l2, &t2);
        c = _addcarryx_u64(c, t3, l3, &t3);
        (void)_addcarryx_u64(c, t4, 0, &t4);
        c = _addcarryx_u64(0, t1, h0, &t1);
        c = _addcarryx_u64(c, t2, h1, &t2);
        c = _addcarryx_u64(c, t3, h2, &t3);
        (void)_addcarryx_u64(c, t4, h3, &t4); /* no carry out: t < 2^320 */
        /* + m p, m = t0, shifted down one limb (the comment at the top) */
        const unsigned long long m = t0;
        lm = _mulx_u64(m, P256M_P[3], &hm);
        c = _addcarryx_u64(0, t1, m << 32, &t0);
        c = _addcarryx_u64(c, t2, m >> 32, &t1);
        c = _addcarryx_u64(c, t3, lm, &t2);
        c = _addcarryx_u64(c, t4, hm, &t3);
        t4 = c;
    }
    const uint64_t t[5] = {t0, t1, t2, t3, t4};
    p256m_cond_sub_p(r->v, t, t4);
}

/* The fe interface's multiplication: the MULX version where the CPU has it. */
static inline void p256m_mul(p256m_fe *r, const p256m_fe *a, const p256m_fe *b) {
    if (ecedu_gfp_mulx_enabled())
        p256m_mul_mulx(r, a, b);
    else
        p256m_mul_portable(r, a, b);
}

#define FE_NAME(x) p256m_##x
#define FE_N 4
#define FE_NBYTES 32
#define FE_P P256M_P
#define FE_PM2 P256M_PM2
#define FE_MONT 1
#define FE_R2 P256M_R2
#include "field/gfp/fe_sat.tmpl.h"
#undef FE_NAME
#undef FE_N
#undef FE_NBYTES
#undef FE_P
#undef FE_PM2
#undef FE_MONT
#undef FE_R2
