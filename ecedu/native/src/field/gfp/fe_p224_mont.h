/*
 * fe_p224_mont.h -- GF(p224), p = 2^224 - 2^96 + 1 (FIPS 186-4 D.1.2.2), in Montgomery form
 * with R = 2^256 in four saturated 64-bit limbs, by a Montgomery multiplication that uses the
 * WORD STRUCTURE of p: the idea of Gueron and Krasnov ("Fast prime field elliptic-curve
 * cryptography with 256-bit primes", J. Cryptographic Engineering 5 (2015), seed 003) carried
 * over from fe_p256_mont.h to this prime.  fe interface prefix p224w (field/gfp/README.md), all
 * static.  Two versions of the product, identical results: p224w_mul_portable (C with unsigned
 * __int128 products) and p224w_mul_adx (MULX/ADCX/ADOX inline assembly, in a function compiled
 * for BMI2 and ADX); p224w_mul picks one as p256m_mul does (the unit switches
 * ECEDU_FE_ADX_UNIT / ECEDU_FE_PORTABLE_UNIT, field/gfp/fe_level.h, else cpu.c's public flag).
 *
 * Why p's words make it cheap.  In 64-bit limbs (p0 first)
 *     p = [1, 2^64 - 2^32, 2^64 - 1, 2^32 - 1],
 * so p = 1 mod 2^64 and -p^-1 mod 2^64 = -1: the Montgomery digit of a step is m = -t0 mod W
 * (W = 2^64), a negation instead of a product.  And m p = m 2^224 - m 2^96 + m, so with
 * t0 + m = c0 W (c0 = 1 unless t0 = 0: the carry of that limb), the step's quotient is
 *     (t + m p) / W = (t1, t2, t3, t4) + c0 + m 2^160 - m 2^32
 *                   = (t1, t2, t3, t4) + c0 + (m << 32) W^2 + (m >> 32) W^3
 *                                         - (m << 32) - (m >> 32) W,
 * two shifts, one chain of additions and one of subtractions: no multiplication in the
 * reduction at all (16 word products per field product, against 36 for generic CIOS with its
 * m = t0 (-p^-1) and m p[0..3], field/gfp/fe_mont.tmpl.h).
 *
 * Bounds (operands a, b < p; CIOS, Koc-Acar-Kaliski 1996, with the step above): at the start
 * of step i, t < 2p < 2^225, four limbs.  Then
 *   t + a b[i] < 2p + (W - 1) p = (W + 1) p < 2^289: five limbs, t4 < 2^33;
 *   t + a b[i] + m p < (W + 1) p + (W - 1) p = 2 W p, so the quotient is < 2p again: four
 *   limbs, no sixth;
 *   the additions first: (t1..t4) + c0 + m 2^160 <= quotient + m 2^32 < 2^226, no carry out
 *   of t4; then the subtraction of m 2^32 leaves the quotient >= 0: no borrow out.
 * After the four steps t = (a b + M p) / R < 2p for some M < R, and one masked subtraction of
 * p (fe_sat.tmpl.h, cond_sub_p, four limbs: 2p < 2^256) gives a b / R mod p < p.
 * Every step "x = a b + c + d" with a, b, c, d < W fits in 128 bits.
 * The rest of the fe interface is fe_sat.tmpl.h's (FE_MONT 1: elements fully reduced, x R mod
 * p), the inversion an addition chain (p224w_inv, below).
 */

#include "sqr4_mulx.h" /* the square of p224w_sqr_adx before its reduction */

typedef struct { uint64_t v[4]; } p224w_fe;
enum { P224W_BYTES = 28 };

static const uint64_t P224W_P[4] = {1, 0xffffffff00000000ULL, 0xffffffffffffffffULL, 0x00000000ffffffffULL};
static const uint64_t P224W_PM2[4] = {0xffffffffffffffffULL, 0xfffffffeffffffffULL, 0xffffffffffffffffULL,
                                      0x00000000ffffffffULL};
/* R^2 mod p = 2^512 mod p (checked by the tests through the byte interface) */
static const uint64_t P224W_R2[4] = {0xffffffff00000001ULL, 0xffffffff00000000ULL, 0xfffffffe00000000ULL,
                                     0x00000000ffffffffULL};

/* t (t[0..3], t < 2p; t[4] scratch) <- (t + a bi + m p) / W, the portable step. */
static inline __attribute__((always_inline)) void p224w_step_portable(uint64_t t[5], const uint64_t a[4],
                                                                      uint64_t bi) {
    typedef unsigned __int128 u128;
    u128 x;
    uint64_t c;
    /* t += a bi: five limbs (the bound (W + 1) p < 2^289) */
    x = (u128)a[0] * bi + t[0];
    t[0] = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)a[1] * bi + t[1] + c;
    t[1] = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)a[2] * bi + t[2] + c;
    t[2] = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)a[3] * bi + t[3] + c;
    t[3] = (uint64_t)x, t[4] = (uint64_t)(x >> 64);
    /* m = -t0; c0 = 1 unless t0 = 0 (the top bit of t0 | -t0: no branch) */
    const uint64_t m = 0 - t[0], c0 = (t[0] | m) >> 63, ml = m << 32, mh = m >> 32;
    /* (t1..t4) + c0 + ml W^2 + mh W^3, shifted down one limb */
    x = (u128)t[1] + c0;
    t[0] = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)t[2] + c;
    t[1] = (uint64_t)x, c = (uint64_t)(x >> 64);
    x = (u128)t[3] + ml + c;
    t[2] = (uint64_t)x, c = (uint64_t)(x >> 64);
    t[3] = t[4] + mh + c; /* no carry out: < 2^226 */
    /* - ml - mh W (no borrow out: the quotient is >= 0) */
    x = (u128)t[0] - ml;
    t[0] = (uint64_t)x, c = (uint64_t)(x >> 64) & 1;
    x = (u128)t[1] - mh - c;
    t[1] = (uint64_t)x, c = (uint64_t)(x >> 64) & 1;
    x = (u128)t[2] - c;
    t[2] = (uint64_t)x, c = (uint64_t)(x >> 64) & 1;
    t[3] -= c;
}

static inline __attribute__((always_inline)) void p224w_cond_sub_p(uint64_t *r, const uint64_t *t, uint64_t hi);

/* r = a b / R mod p, portable. */
static inline void p224w_mul_portable(p224w_fe *r, const p224w_fe *a, const p224w_fe *b) {
    uint64_t t[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < 4; i++) p224w_step_portable(t, a->v, b->v[i]);
    p224w_cond_sub_p(r->v, t, 0);
}

/* One reduction step of the word structure above, in assembly, for p224w_mul_adx and
 * p224w_sqr_adx (a string of instructions on the named asm operands w0..w4, lo, hi): with
 * m = -w0 mod W, the window (w0, w1, w2, w3; top limb w4) becomes (w + m p) / W =
 * (w1, w2, w3, w4) + c0 + ml W^2 + mh W^3 - ml - mh W (ml = m << 32, mh = m >> 32): m, mh and
 * ml first (the shifts clobber CF, so the NEG of w0 that sets CF = c0 = [w0 != 0] comes after
 * them; it leaves w0 = m, then set to 0: MOV keeps the flags), the additions (ADC) up to w4,
 * then the subtractions (SUB/SBB).  No carry out of w4 nor borrow (the bounds at the top of the
 * file, and of p224w_sqr_adx).  The product passes the row's fifth limb as w4; the squaring's
 * window has no fifth limb, so it passes w0's own register, zero at that point. */
#define P224W_REDC_STEP(w0, w1, w2, w3, w4)                                                            \
    "movq %[" w0 "], %[lo]\n\t"                                                                        \
    "negq %[lo]\n\t"                                                                                   \
    "movq %[lo], %[hi]\n\t"                                                                            \
    "shrq $32, %[hi]\n\t"                                                                              \
    "shlq $32, %[lo]\n\t"                                                                              \
    "negq %[" w0 "]\n\t"                                                                               \
    "movl $0, %k[" w0 "]\n\t"                                                                          \
    "adcq $0, %[" w1 "]\n\t"                                                                           \
    "adcq $0, %[" w2 "]\n\t"                                                                           \
    "adcq %[lo], %[" w3 "]\n\t"                                                                        \
    "adcq %[hi], %[" w4 "]\n\t"                                                                        \
    "subq %[lo], %[" w1 "]\n\t"                                                                        \
    "sbbq %[hi], %[" w2 "]\n\t"                                                                        \
    "sbbq $0, %[" w3 "]\n\t"                                                                           \
    "sbbq $0, %[" w4 "]\n\t"

/* r = a b / R mod p with MULX, ADCX and ADOX in inline assembly, the scheme of p256m_mul_adx
 * (fe_p256_mont.h; the Intel ADX paper's two carry chains: CF for the low halves of a row's
 * products, OF for the high halves).  The accumulator t0..t3 and the row's fifth limb t4 live
 * in five registers renamed from step to step (the register of the old t0, emptied by the
 * shift, is zeroed by the XOR that also clears CF and OF, and becomes the next row's t4).
 * One step (the bounds at the top of the file):
 *   rdx = b[i]; t4 = 0, CF = OF = 0 (xor);
 *   for j = 0..3: (hi, lo) = a[j] rdx (MULX, no flags); t[j] += lo (ADCX, CF);
 *                 t[j+1] += hi (ADOX, OF);  then t4 += CF (ADC: no carry out, t4 < 2^33);
 *   m = -t0 (MOV, NEG), mh = m >> 32, ml = m << 32 (the shifts clobber CF, so the NEG of t0
 *   that sets CF = c0 comes after them), t1 += c0, t2 += carry, t3 += ml, t4 += mh (ADC),
 *   then t1 -= ml, t2 -= mh, t3, t4 -= borrow (SUB/SBB): the new t is (t1, t2, t3, t4).
 * Last, t < 2p < 2^256 is reduced in the assembly (SUB/SBB over four limbs with p's words
 * from memory, CMOVNC: t - p kept where it does not borrow).  Registers: five limbs, lo, hi,
 * the two pointers and RDX. */
static inline __attribute__((always_inline, target("bmi2,adx"))) void p224w_mul_adx(p224w_fe *r, const p224w_fe *a,
                                                                                    const p224w_fe *b) {
    uint64_t r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4, lo, hi;
    const uint64_t *ap = a->v, *bp = b->v;
#define P224W_ROW(i, w0, w1, w2, w3, w4)                                                               \
    "movq " #i "(%[bp]), %%rdx\n\t"                                                                    \
    "xorl %k[" w4 "], %k[" w4 "]\n\t"                                                                  \
    "mulxq 0(%[ap]), %[lo], %[hi]\n\t"                                                                 \
    "adcxq %[lo], %[" w0 "]\n\t"                                                                       \
    "adoxq %[hi], %[" w1 "]\n\t"                                                                       \
    "mulxq 8(%[ap]), %[lo], %[hi]\n\t"                                                                 \
    "adcxq %[lo], %[" w1 "]\n\t"                                                                       \
    "adoxq %[hi], %[" w2 "]\n\t"                                                                       \
    "mulxq 16(%[ap]), %[lo], %[hi]\n\t"                                                                \
    "adcxq %[lo], %[" w2 "]\n\t"                                                                       \
    "adoxq %[hi], %[" w3 "]\n\t"                                                                       \
    "mulxq 24(%[ap]), %[lo], %[hi]\n\t"                                                                \
    "adcxq %[lo], %[" w3 "]\n\t"                                                                       \
    "adoxq %[hi], %[" w4 "]\n\t"                                                                       \
    "adcq $0, %[" w4 "]\n\t" P224W_REDC_STEP(w0, w1, w2, w3, w4)
    __asm__(P224W_ROW(0, "r0", "r1", "r2", "r3", "r4") P224W_ROW(8, "r1", "r2", "r3", "r4", "r0")
                P224W_ROW(16, "r2", "r3", "r4", "r0", "r1") P224W_ROW(24, "r3", "r4", "r0", "r1", "r2")
            /* t = (r4, r0, r1, r2) after the renaming; d = t - p, kept unless it borrows */
            "movq %[r4], %[lo]\n\t"
            "movq %[r0], %[hi]\n\t"
            "movq %[r1], %[r3]\n\t"
            "movq %[r2], %[bp]\n\t"
            "subq $1, %[lo]\n\t"
            "sbbq %[p1], %[hi]\n\t"
            "sbbq $-1, %[r3]\n\t"
            "sbbq %[p3], %[bp]\n\t"
            "cmovncq %[lo], %[r4]\n\t"
            "cmovncq %[hi], %[r0]\n\t"
            "cmovncq %[r3], %[r1]\n\t"
            "cmovncq %[bp], %[r2]\n\t"
            : [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [r3] "+&r"(r3), [r4] "=&r"(r4), [lo] "=&r"(lo),
              [hi] "=&r"(hi), [bp] "+&r"(bp)
            : [ap] "r"(ap), [p1] "m"(P224W_P[1]), [p3] "m"(P224W_P[3]), "m"(*(const uint64_t(*)[4])a->v),
              "m"(*(const uint64_t(*)[4])b->v)
            : "rdx", "cc");
#undef P224W_ROW
    r->v[0] = r4, r->v[1] = r0, r->v[2] = r1, r->v[3] = r2;
}

/* r = a^2 / R mod p with MULX: the square T = a^2 in eight limbs with each cross product
 * once (HAC Alg. 14.16; sqr4_mulx.h, as p256m_sqr_adx: 10 products instead of 16), then
 * the Montgomery reduction of its low half T_lo by four steps of the word structure above
 * on a four-limb window w, rotating through t0..t3 as in p256m_sqr_adx.  A step: m = -w0, (w + m p) / W = (w1, w2, w3, 0) + c0 + (m << 32) W^2 +
 * (m >> 32) W^3 - (m << 32) - (m >> 32) W.  Bounds: w < W^4 gives (w + m p) / W < W^3 + p
 * < W^4, and the additions alone stay below that plus m 2^32 < W^4: no carry out, and the
 * subtraction no borrow.  After the four steps u = (T_lo + M p) / R <= p, and T_hi + u =
 * (T + M p) / R < (p^2 + R p) / R < 2p < 2^225: four limbs (T < p^2 < 2^448: t7 = 0), one
 * masked subtraction of p (SUB/SBB with p's words, CMOVNC).  Registers: t0..t7, lo, hi,
 * the pointer (scratch once a is read) and RDX. */
static inline __attribute__((always_inline, target("bmi2,adx"))) void p224w_sqr_adx(p224w_fe *r, const p224w_fe *a) {
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    const uint64_t *ap = a->v;
    __asm__(
        ECEDU_SQR4_MULX("ap") /* T = a^2: t0..t7 (sqr4_mulx.h) */
        /* four reduction steps on the window (t0 t1 t2 t3), rotating */
        /* the top limb w4 of each step is the register of its w0 (zeroed by the step) */
        P224W_REDC_STEP("t0", "t1", "t2", "t3", "t0")
        P224W_REDC_STEP("t1", "t2", "t3", "t0", "t1")
        P224W_REDC_STEP("t2", "t3", "t0", "t1", "t2")
        P224W_REDC_STEP("t3", "t0", "t1", "t2", "t3")
        /* s = T_hi + u (< 2p: no carry), then s - p kept unless it borrows */
        "addq %[t0], %[t4]\n\t"
        "adcq %[t1], %[t5]\n\t"
        "adcq %[t2], %[t6]\n\t"
        "adcq %[t3], %[t7]\n\t"
        "movq %[t4], %[t0]\n\t"
        "movq %[t5], %[t1]\n\t"
        "movq %[t6], %[t2]\n\t"
        "movq %[t7], %[t3]\n\t"
        "subq $1, %[t0]\n\t"
        "sbbq %[p1], %[t1]\n\t"
        "sbbq $-1, %[t2]\n\t"
        "sbbq %[p3], %[t3]\n\t"
        "cmovncq %[t0], %[t4]\n\t"
        "cmovncq %[t1], %[t5]\n\t"
        "cmovncq %[t2], %[t6]\n\t"
        "cmovncq %[t3], %[t7]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
          [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi)
        : [ap] "r"(ap), [p1] "m"(P224W_P[1]), [p3] "m"(P224W_P[3]), "m"(*(const uint64_t(*)[4])a->v)
        : "rdx", "cc");
    r->v[0] = t4, r->v[1] = t5, r->v[2] = t6, r->v[3] = t7;
}
#undef P224W_REDC_STEP

/* The fe interface's multiplication and squaring at the unit's level, as p256m_mul: the one
 * definition of field/gfp/fe_level.h (ECEDU_FE_ADX_UNIT, ECEDU_FE_PORTABLE_UNIT, else cpu.c's
 * public flag). */
#include "field/gfp/fe_level.h"
ECEDU_FE_LEVEL_MUL_SQR(p224w)

#define FE_NAME(x) p224w_##x
#define FE_N 4
#define FE_NBYTES 28
#define FE_P P224W_P
#define FE_PM2 P224W_PM2
#define FE_MONT 1
#define FE_R2 P224W_R2
#define FE_HAS_SQR 1
#define FE_HAS_INV 1
#include "field/gfp/fe_sat.tmpl.h"
#include "field/gfp/fe_sat_undef.h"

/* a^(p-2) = a^-1 (0 -> 0) by the fixed addition chain of p224u_inv (fe_p224_unsat.h):
 * p - 2 = 2^224 - 2^96 - 1 is 127 ones, a zero, 96 ones; with e_k = a^(2^k - 1) and
 * e_(j+k) = e_j^(2^k) e_k: e1 e2 e3 e6 e12 e24 e48 e96, e120 = e96^(2^24) e24, e126, e127,
 * a^(p-2) = e127^(2^97) e96.  223 squarings and 11 multiplications; the sequence depends on
 * p only: constant time. */
static inline void p224w_inv(p224w_fe *r, const p224w_fe *a) {
    p224w_fe e1 = *a, e2, e3, e6, e12, e24, e48, e96, t;
    p224w_sqr_n_mul(&e2, &e1, 1, &e1);
    p224w_sqr_n_mul(&e3, &e2, 1, &e1);
    p224w_sqr_n_mul(&e6, &e3, 3, &e3);
    p224w_sqr_n_mul(&e12, &e6, 6, &e6);
    p224w_sqr_n_mul(&e24, &e12, 12, &e12);
    p224w_sqr_n_mul(&e48, &e24, 24, &e24);
    p224w_sqr_n_mul(&e96, &e48, 48, &e48);
    p224w_sqr_n_mul(&t, &e96, 24, &e24); /* e120 */
    p224w_sqr_n_mul(&t, &t, 6, &e6);     /* e126 */
    p224w_sqr_n_mul(&t, &t, 1, &e1);     /* e127 */
    p224w_sqr_n_mul(r, &t, 97, &e96);
    ecedu_wipe(&e1, sizeof e1), ecedu_wipe(&e2, sizeof e2), ecedu_wipe(&e3, sizeof e3);
    ecedu_wipe(&e6, sizeof e6), ecedu_wipe(&e12, sizeof e12), ecedu_wipe(&e24, sizeof e24);
    ecedu_wipe(&e48, sizeof e48), ecedu_wipe(&e96, sizeof e96), ecedu_wipe(&t, sizeof t);
}
