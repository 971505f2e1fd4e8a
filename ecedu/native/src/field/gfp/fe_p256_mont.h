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
 *   p256m_mul_adx       BMI2 MULX (flag-free 64x64->128 multiplication) with the
 *                       ADX instructions ADCX/ADOX (two carry chains), inline
 *                       assembly in a function compiled for those instructions
 *                       by __attribute__((target("bmi2,adx"))), so the rest of
 *                       the library stays valid on any x86-64;
 * and p256m_mul picks one (see its comment): by the run-time flag of cpu.c
 * (ecedu_gfp_mulx_enabled(): CPUID has BMI2 and ADX and the MULX level is not
 * forced off, see ecedu_force_prime_implementation in ecedu_native.h), or at
 * compile time in a unit built for the MULX level (field/gfp/fe_level.h).  The flag is public: the
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
 *   - limb 3: m p3 with p3 = 2^64 - 2^32 + 1:
 *       m p3 = m W - m 2^32 + m = (m - (m >> 32)) W + (m - (m << 32)),
 *     the low half's borrow taken from the high half -- shifts and
 *     subtractions (the assembly does this: 16 MULX in all, those of a b), or
 *     one multiplication (the portable C: measured 42 against 44 TSC ticks for
 *     the shift version on the EPYC, the compiler schedules the MUL better).
 * A step of the reduction thus costs at most 1 multiplication instead of the 5
 * of generic CIOS (m = t[0] (-p^-1) and m p[0..3]): 16 (+ 4) word
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

#include "scalar/modinv.h" /* the divsteps inversion, p256m_inv */
#include "sqr4_mulx.h"      /* the square of p256m_sqr_adx before its reduction */

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

static inline __attribute__((always_inline)) void p256m_cond_sub_p(uint64_t *r, const uint64_t *t, uint64_t hi);

/* r = a b / R mod p, portable. */
static inline void p256m_mul_portable(p256m_fe *r, const p256m_fe *a, const p256m_fe *b) {
    uint64_t t[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < 4; i++) p256m_step_portable(t, a->v, b->v[i]);
    p256m_cond_sub_p(r->v, t, t[4]);
}

/* r = a b / R mod p with MULX, ADCX and ADOX, in inline assembly: two carry chains at once,
 * CF for the low halves of a row's products and OF for the high halves, which
 * no C compiler makes of the intrinsics: GCC 12 turns _addcarryx_u64 into ADC
 * (objdump), and the _mulx_u64/_addcarryx_u64 version of this step measured
 * slower than the portable C (45 against 40 TSC ticks on the EPYC), so the
 * intrinsics were dropped for this.
 * The accumulator t0..t4 lives in five registers renamed from step to step (the
 * register of the old t0, emptied by the shift, becomes the new t4), so the four
 * steps are straight-line code.  One step (the bounds at the top of the file):
 *   rdx = b[i]; CF = OF = 0 (xor);
 *   for j = 0..3: (hi, lo) = a[j] rdx (MULX, no flags); t[j] += lo (ADCX, CF);
 *                 t[j+1] += hi (ADOX, OF);
 *   t4 += CF (no carry out of t4, nor of the OF chain: t + a b[i] < 2^320);
 *   then + m p, m = t0: lo = m - (m << 32), hi = m - (m >> 32) - borrow (SUB,
 *   SBB: m p3 without a multiplication, the comment at the top), then
 *   t1 += m << 32, t2 += m >> 32, t3 += lo, t4 += hi (ADD/ADC), the carry is the
 *   new t4 (0 or 1).  Measured the same as with MULX for m p3 (27 TSC ticks).
 * Last, t < 2p is reduced in the assembly too (SUB/SBB, then CMOVNC: 20 instead of
 * 27 TSC ticks per multiplication with cond_sub_p in C after the assembly). */
static inline __attribute__((always_inline, target("bmi2,adx"))) void p256m_mul_adx(p256m_fe *r, const p256m_fe *a, const p256m_fe *b) {
    uint64_t r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0, lo, hi, s, z;
    __asm__(
        "movq 0(%[b]), %%rdx\n\t"
        "xorl %k[z], %k[z]\n\t"
        "mulxq 0(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[r0]\n\t"
        "adoxq %[hi], %[r1]\n\t"
        "mulxq 8(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[r1]\n\t"
        "adoxq %[hi], %[r2]\n\t"
        "mulxq 16(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[r2]\n\t"
        "adoxq %[hi], %[r3]\n\t"
        "mulxq 24(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[r3]\n\t"
        "adoxq %[hi], %[r4]\n\t"
        "adcxq %[z], %[r4]\n\t"
        "movq %[r0], %[lo]\n\t"
        "movq %[r0], %[hi]\n\t"
        "movq %[r0], %[s]\n\t"
        "shlq $32, %[s]\n\t"
        "shrq $32, %[r0]\n\t"
        "subq %[s], %[lo]\n\t"
        "sbbq %[r0], %[hi]\n\t"
        "addq %[s], %[r1]\n\t"
        "adcq %[r0], %[r2]\n\t"
        "adcq %[lo], %[r3]\n\t"
        "adcq %[hi], %[r4]\n\t"
        "movq $0, %[r0]\n\t"
        "adcq $0, %[r0]\n\t"
        "movq 8(%[b]), %%rdx\n\t"
        "xorl %k[z], %k[z]\n\t"
        "mulxq 0(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[r1]\n\t"
        "adoxq %[hi], %[r2]\n\t"
        "mulxq 8(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[r2]\n\t"
        "adoxq %[hi], %[r3]\n\t"
        "mulxq 16(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[r3]\n\t"
        "adoxq %[hi], %[r4]\n\t"
        "mulxq 24(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[r4]\n\t"
        "adoxq %[hi], %[r0]\n\t"
        "adcxq %[z], %[r0]\n\t"
        "movq %[r1], %[lo]\n\t"
        "movq %[r1], %[hi]\n\t"
        "movq %[r1], %[s]\n\t"
        "shlq $32, %[s]\n\t"
        "shrq $32, %[r1]\n\t"
        "subq %[s], %[lo]\n\t"
        "sbbq %[r1], %[hi]\n\t"
        "addq %[s], %[r2]\n\t"
        "adcq %[r1], %[r3]\n\t"
        "adcq %[lo], %[r4]\n\t"
        "adcq %[hi], %[r0]\n\t"
        "movq $0, %[r1]\n\t"
        "adcq $0, %[r1]\n\t"
        "movq 16(%[b]), %%rdx\n\t"
        "xorl %k[z], %k[z]\n\t"
        "mulxq 0(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[r2]\n\t"
        "adoxq %[hi], %[r3]\n\t"
        "mulxq 8(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[r3]\n\t"
        "adoxq %[hi], %[r4]\n\t"
        "mulxq 16(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[r4]\n\t"
        "adoxq %[hi], %[r0]\n\t"
        "mulxq 24(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[r0]\n\t"
        "adoxq %[hi], %[r1]\n\t"
        "adcxq %[z], %[r1]\n\t"
        "movq %[r2], %[lo]\n\t"
        "movq %[r2], %[hi]\n\t"
        "movq %[r2], %[s]\n\t"
        "shlq $32, %[s]\n\t"
        "shrq $32, %[r2]\n\t"
        "subq %[s], %[lo]\n\t"
        "sbbq %[r2], %[hi]\n\t"
        "addq %[s], %[r3]\n\t"
        "adcq %[r2], %[r4]\n\t"
        "adcq %[lo], %[r0]\n\t"
        "adcq %[hi], %[r1]\n\t"
        "movq $0, %[r2]\n\t"
        "adcq $0, %[r2]\n\t"
        "movq 24(%[b]), %%rdx\n\t"
        "xorl %k[z], %k[z]\n\t"
        "mulxq 0(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[r3]\n\t"
        "adoxq %[hi], %[r4]\n\t"
        "mulxq 8(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[r4]\n\t"
        "adoxq %[hi], %[r0]\n\t"
        "mulxq 16(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[r0]\n\t"
        "adoxq %[hi], %[r1]\n\t"
        "mulxq 24(%[a]), %[lo], %[hi]\n\t"
        "adcxq %[lo], %[r1]\n\t"
        "adoxq %[hi], %[r2]\n\t"
        "adcxq %[z], %[r2]\n\t"
        "movq %[r3], %[lo]\n\t"
        "movq %[r3], %[hi]\n\t"
        "movq %[r3], %[s]\n\t"
        "shlq $32, %[s]\n\t"
        "shrq $32, %[r3]\n\t"
        "subq %[s], %[lo]\n\t"
        "sbbq %[r3], %[hi]\n\t"
        "addq %[s], %[r4]\n\t"
        "adcq %[r3], %[r0]\n\t"
        "adcq %[lo], %[r1]\n\t"
        "adcq %[hi], %[r2]\n\t"
        "movq $0, %[r3]\n\t"
        "adcq $0, %[r3]\n\t"
        /* t = (r4, r0, r1, r2; r3) after the renaming: d = t - p (SUB/SBB), kept
         * where there is no borrow out of the fifth limb (CMOVNC), as cond_sub_p */
        "movq %[r4], %[lo]\n\t"
        "movq %[r0], %[hi]\n\t"
        "movq %[r1], %[s]\n\t"
        "movq %[r2], %[z]\n\t"
        "subq $-1, %[lo]\n\t"
        "sbbq %[p1], %[hi]\n\t"
        "sbbq $0, %[s]\n\t"
        "sbbq %[p3], %[z]\n\t"
        "sbbq $0, %[r3]\n\t"
        "cmovncq %[lo], %[r4]\n\t"
        "cmovncq %[hi], %[r0]\n\t"
        "cmovncq %[s], %[r1]\n\t"
        "cmovncq %[z], %[r2]\n\t"
        : [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [r3] "+&r"(r3), [r4] "+&r"(r4), [lo] "=&r"(lo),
          [hi] "=&r"(hi), [s] "=&r"(s), [z] "=&r"(z)
        : [a] "r"(a->v), [b] "r"(b->v), [p1] "m"(P256M_P[1]), [p3] "m"(P256M_P[3]),
          "m"(*(const uint64_t(*)[4])a->v), "m"(*(const uint64_t(*)[4])b->v)
        : "rdx", "cc");
    r->v[0] = r4, r->v[1] = r0, r->v[2] = r1, r->v[3] = r2;
}

/* r = a^2 / R mod p with MULX: the square's 8 limbs T = a^2 first, then the Montgomery
 * reduction of its low half, 10 products instead of the 16 of p256m_mul_adx (Handbook of
 * Applied Cryptography, Alg. 14.16: each cross product once; the square is sqr4_mulx.h's,
 * shared with p224w_sqr_adx and modn.h): T = a^2 < p^2 < 2^512, eight limbs t0..t7.
 * Reduction (REDC of T, HAC Alg. 14.32, one limb at a time, with p's words as in the top
 * comment): write T = T_hi R + T_lo.  A four-limb window w starts at T_lo; a step with
 * m = w0 replaces w by (w + m p) / W, computed as in p256m_mul_adx (m << 32 into w1, m >> 32
 * into w2, m p3 = (m - (m >> 32) - borrow, m - (m << 32)) into w3 and the new top limb), and
 * stays below W^4: w + m p < W^4 + W p, so (w + m p) / W < W^3 + p < W^4 (the ADC into the
 * new top limb cannot carry).  After the four steps w = u = (T_lo + M p) / R for an M < R,
 * so u < (R + R p) / R = p + 1, and T_hi + u = (T + M p) / R < (p^2 + R p) / R < 2p: one
 * addition (its carry a fifth limb c) and one masked subtraction of p (SUB/SBB, CMOVNC, as
 * at the end of p256m_mul_adx) give a^2 / R mod p < p.  The window's registers rotate: the
 * register of the old w0 receives the new top limb, so after four steps w is back in t0..t3.
 * Registers: t0..t7, lo, hi, the pointer (reused as scratch once a is read) and RDX: 12, so
 * the constraints hold in the frame-pointer builds too. */
static inline __attribute__((always_inline, target("bmi2,adx"))) void p256m_sqr_adx(p256m_fe *r, const p256m_fe *a) {
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    const uint64_t *ap = a->v;
    __asm__(
        ECEDU_SQR4_MULX("ap") /* T = a^2: t0..t7 (sqr4_mulx.h) */
        /* four reduction steps on the window (t0 t1 t2 t3), rotating; ap is scratch now */
#define P256M_REDC_STEP(w0, w1, w2, w3)                                                                \
    "movq %[" w0 "], %[lo]\n\t"                                                                        \
    "movq %[" w0 "], %[hi]\n\t"                                                                        \
    "movq %[" w0 "], %[ap]\n\t"                                                                        \
    "shlq $32, %[ap]\n\t"                                                                              \
    "shrq $32, %[" w0 "]\n\t"                                                                          \
    "subq %[ap], %[lo]\n\t"                                                                            \
    "sbbq %[" w0 "], %[hi]\n\t"                                                                        \
    "addq %[ap], %[" w1 "]\n\t"                                                                        \
    "adcq %[" w0 "], %[" w2 "]\n\t"                                                                    \
    "adcq %[lo], %[" w3 "]\n\t"                                                                        \
    "adcq $0, %[hi]\n\t"                                                                               \
    "movq %[hi], %[" w0 "]\n\t"
        P256M_REDC_STEP("t0", "t1", "t2", "t3")
        P256M_REDC_STEP("t1", "t2", "t3", "t0")
        P256M_REDC_STEP("t2", "t3", "t0", "t1")
        P256M_REDC_STEP("t3", "t0", "t1", "t2")
#undef P256M_REDC_STEP
        /* s = T_hi + u, the carry in lo; then s - p kept unless it borrows (s < p) */
        "xorl %k[lo], %k[lo]\n\t"
        "addq %[t0], %[t4]\n\t"
        "adcq %[t1], %[t5]\n\t"
        "adcq %[t2], %[t6]\n\t"
        "adcq %[t3], %[t7]\n\t"
        "adcq $0, %[lo]\n\t"
        "movl $0xffffffff, %k[hi]\n\t"             /* p1 */
        "movabsq $0xffffffff00000001, %[ap]\n\t" /* p3 */
        "movq %[t4], %[t0]\n\t"
        "movq %[t5], %[t1]\n\t"
        "movq %[t6], %[t2]\n\t"
        "movq %[t7], %[t3]\n\t"
        "subq $-1, %[t0]\n\t"
        "sbbq %[hi], %[t1]\n\t"
        "sbbq $0, %[t2]\n\t"
        "sbbq %[ap], %[t3]\n\t"
        "sbbq $0, %[lo]\n\t"
        "cmovncq %[t0], %[t4]\n\t"
        "cmovncq %[t1], %[t5]\n\t"
        "cmovncq %[t2], %[t6]\n\t"
        "cmovncq %[t3], %[t7]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
          [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi), [ap] "+&r"(ap)
        : "m"(*(const uint64_t(*)[4])a->v)
        : "rdx", "cc");
    r->v[0] = t4, r->v[1] = t5, r->v[2] = t6, r->v[3] = t7;
}

/* The fe interface's multiplication and squaring at the unit's level: the one definition of
 * field/gfp/fe_level.h (ECEDU_FE_ADX_UNIT: the assembly inlined; ECEDU_FE_PORTABLE_UNIT: the C
 * product; else cpu.c's public flag through one out-of-line call). */
#include "field/gfp/fe_level.h"
ECEDU_FE_LEVEL_MUL_SQR(p256m)

#define FE_NAME(x) p256m_##x
#define FE_N 4
#define FE_NBYTES 32
#define FE_P P256M_P
#define FE_PM2 P256M_PM2
#define FE_MONT 1
#define FE_R2 P256M_R2
#define FE_HAS_SQR 1
#define FE_HAS_INV 1
#include "field/gfp/fe_sat.tmpl.h"
#include "field/gfp/fe_sat_undef.h"

/* r = a^-1 (0 -> 0) by the constant-time divsteps inversion of scalar/modinv.h (Bernstein-Yang,
 * batches of 62 divsteps on 62-bit limbs; p is public and odd), as p384f_inv in fe_p384_fold.h,
 * with one step more: the elements here are Montgomery residues A = a R (R = 2^256), fully
 * reduced, so modinv's contract 0 <= A < p holds and it returns A^-1 = a^-1 R^-1; two Montgomery
 * products by R^2 mod p (each x R^2 / R = x R) bring that to a^-1 R, the residue of a^-1.
 * It replaced the Fermat addition chain a^(p-2) (255 squarings and 12 products).  With vartime = 0
 * (p256m_inv) constant time in a (modinv.h: the batch count and every index depend on p only, the
 * choices are masks; the products by R^2 are straight-line code); with vartime = 1
 * (p256m_inv_vartime, for a PUBLIC a) modinv_vartime's early stop. */
static inline void p256m_inv_as(p256m_fe *r, const p256m_fe *a, const int vartime) {
    const p256m_fe r2 = {{P256M_R2[0], P256M_R2[1], P256M_R2[2], P256M_R2[3]}};
    p256m_fe t;
    modinv_mod_prime_as(t.v, a->v, P256M_P, 4, 256, vartime);
    p256m_mul(&t, &t, &r2);
    p256m_mul(r, &t, &r2);
    ecedu_wipe(&t, sizeof t);
}

static inline void p256m_inv(p256m_fe *r, const p256m_fe *a) {
    p256m_inv_as(r, a, 0);
}

/* The same in variable time, for a PUBLIC a (sw.tmpl.h's FE_INV_VARTIME: the table of a public
 * point's multiples). */
static inline void p256m_inv_vartime(p256m_fe *r, const p256m_fe *a) {
    p256m_inv_as(r, a, 1);
}
