/*
 * fe_p224_fold.h -- GF(p224), p = 2^224 - 2^96 + 1 (FIPS 186-4 D.1.2.2), in the ordinary
 * representation (x mod p, fully reduced, four 64-bit limbs, the top one < 2^32): the
 * schoolbook product (HAC Alg. 14.12) or the squaring with each cross product once (HAC
 * Alg. 14.16) into seven limbs, then the reduction by folding 2^224 = 2^96 - 1 (mod p) twice
 * (the Crandall/Solinas idea for p = 2^224 - c, c = 2^96 - 1; GECC Alg. 2.28 is the same
 * identity in 32-bit words).  fe interface prefix p224f (field/gfp/README.md), all static;
 * add, sub, half, bytes, neg, cmov, is_zero and set_small are fe_sat.tmpl.h's (FE_MONT 0),
 * the inversion by divsteps (p224f_inv, below: scalar/modinv.h).
 *
 * Two versions of the product and the squaring, identical results: p224f_mul_portable (C,
 * unsigned __int128 rows, the C fold p224f_reduce; squaring = product) and p224f_mul_adx /
 * p224f_sqr_adx (MULX/ADCX/ADOX inline assembly, the product and the fold in one statement);
 * the unit switches of field/gfp/fe_level.h pick one (ECEDU_FE_ADX_UNIT, ECEDU_FE_PORTABLE_UNIT,
 * else cpu.c's public flag), as for fe_p224_mont.h.
 *
 * Why not Montgomery (fe_p224_mont.h): its CIOS runs the four reduction steps inside the
 * product, each step waiting for the row before it (one dependent chain of 16 products and
 * four steps); here the 16 (or 10) products are independent of the reduction and the fold is
 * two rounds of additions, the words at 2^224 taken by a mask and 32-bit shifts (224 = 3.5
 * limbs), no product.  Measured at the MULX level (a standalone program over the curve
 * template, min TSC ticks, shared machine, load 7-8): a product in a dependent chain 49.0
 * (fe_p224_mont.h) -> 36.2, a squaring 38.8 -> 31.2, one k Q 118,600 -> 91,900; the product
 * alone (no fold) is 18.6 and the squaring 14.7, the fold the rest.
 *
 * The fold (bounds; L, H, U, G, V are integers, their limbs little-endian, W = 2^64):
 *   T = a b < p^2 < 2^448, seven limbs t0..t6 (a3, b3 < 2^32: no eighth).
 *   T = L + H 2^224, L = T mod 2^224 = (t0, t1, t2, t3 mod 2^32), H = T >> 224 < 2^224.
 *   H 2^224 = H 2^96 - H (mod p).  H 2^96 = (T >> 224) << 96 = (0, t3 AND (W - 2^32), t4, t5,
 *   t6): the limbs of T themselves, one mask, no shift; H = (h0, h1, h2, h3) with
 *   h_j = (t_(3+j) >> 32) | (t_(4+j) << 32) (SHRD), h3 = t6 >> 32.
 *   U = L + H 2^96 - H = L + H (2^96 - 1) >= 0, and U < 2^224 + 2^224 2^96 <= 2^320 - 2^96
 *   (H < 2^224 - 2^97: T < p^2): five limbs; the addition first (its partial sum
 *   L + H 2^96 < 2^320: no carry out of limb 4), then the subtraction of H (U >= 0: no borrow).
 *   Second round: U = U' + G 2^224, U' = U mod 2^224, G = U >> 224 < 2^96 (u4 < 2^64):
 *   V = U' + G 2^96 - G = U' + G (2^96 - 1) >= 0 and V < 2^224 + 2^192 < 2^256: four limbs,
 *   the same order of chains (the partial sum U' + G 2^96 < 2^256: no carry out).
 *   V < 2^224 + 2^192 < 2p, so one masked subtraction of p gives T mod p < p.
 * Every limb product plus two limbs fits in 128 bits.  Constant time: straight-line code, no
 * branch and no address from a value.
 */

#include "scalar/modinv.h"

typedef struct {
    uint64_t v[4];
} p224f_fe;
enum { P224F_BYTES = 28 };

static const uint64_t P224F_P[4] = {1, 0xffffffff00000000ULL, 0xffffffffffffffffULL, 0x00000000ffffffffULL};
static const uint64_t P224F_PM2[4] = {0xffffffffffffffffULL, 0xfffffffeffffffffULL, 0xffffffffffffffffULL,
                                      0x00000000ffffffffULL};

static inline __attribute__((always_inline)) void p224f_cond_sub_p(uint64_t *r, const uint64_t *t, uint64_t hi);

/* r = T mod p for seven limbs T < p^2 (the two rounds above and the masked subtraction), C. */
static inline __attribute__((always_inline)) void p224f_reduce(uint64_t *r, const uint64_t *T) {
    const uint64_t M = 0xffffffffULL;
    uint64_t u[5], h[4], g[2], v[4];
    unsigned char c;
    /* U = L + H 2^96 - H */
    h[0] = (T[3] >> 32) | (T[4] << 32), h[1] = (T[4] >> 32) | (T[5] << 32);
    h[2] = (T[5] >> 32) | (T[6] << 32), h[3] = T[6] >> 32;
    u[0] = T[0];
    c = ecedu_adc(0, T[1], T[3] & ~M, &u[1]);
    c = ecedu_adc(c, T[2], T[4], &u[2]);
    c = ecedu_adc(c, T[3] & M, T[5], &u[3]);
    (void)ecedu_adc(c, T[6], 0, &u[4]);
    c = ecedu_sbb(0, u[0], h[0], &u[0]);
    c = ecedu_sbb(c, u[1], h[1], &u[1]);
    c = ecedu_sbb(c, u[2], h[2], &u[2]);
    c = ecedu_sbb(c, u[3], h[3], &u[3]);
    (void)ecedu_sbb(c, u[4], 0, &u[4]);
    /* V = U' + G 2^96 - G */
    g[0] = (u[3] >> 32) | (u[4] << 32), g[1] = u[4] >> 32;
    v[0] = u[0];
    c = ecedu_adc(0, u[1], u[3] & ~M, &v[1]);
    c = ecedu_adc(c, u[2], u[4], &v[2]);
    (void)ecedu_adc(c, u[3] & M, 0, &v[3]);
    c = ecedu_sbb(0, v[0], g[0], &v[0]);
    c = ecedu_sbb(c, v[1], g[1], &v[1]);
    c = ecedu_sbb(c, v[2], 0, &v[2]);
    (void)ecedu_sbb(c, v[3], 0, &v[3]);
    p224f_cond_sub_p(r, v, 0);
}

/* r = a b mod p, C: row i adds a b[i] into T[i ..], its carry the fresh limb T[i+4] (T[7] = 0:
 * a b < 2^448, so the last row's carry is dropped), then p224f_reduce.  r may alias a or b. */
static inline void p224f_mul_portable(p224f_fe *r, const p224f_fe *a, const p224f_fe *b) {
    uint64_t T[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (int i = 0; i < 4; i++) {
        uint64_t cc = 0;
        for (int j = 0; j < 4; j++) {
            unsigned __int128 x = (unsigned __int128)a->v[j] * b->v[i] + T[i + j] + cc;
            T[i + j] = (uint64_t)x;
            cc = (uint64_t)(x >> 64);
        }
        T[i + 4] = cc;
    }
    p224f_reduce(r->v, T);
}

/* The fold of the top of the file in assembly, on the seven product limbs in the named asm
 * operands t0..t6 with three scratch registers lo, hi, z (z is RDX, free once the product is
 * done), so that a product and its fold fit the registers of the frame-pointer ASan build
 * (12 with the two pointers, which stay inputs: the memory operands may share them).  H is
 * taken where the limbs allow: h2 = (t5 >> 32) | (t6 << 32) into hi and h3 = t6 >> 32 into z
 * before the addition writes t6; the addition of H 2^96 only reads t4 and t5, so h0 (from t3's
 * high half and t4) and h1 (t4, t5) are made in place in t3 and t4 after it.  Then
 * U = (t0, t1, t2, lo, t6), V in t0..t3, and V - p (the copy in t4, t5, t6, lo; SUB/SBB with
 * p's words, p2 = -1 as an immediate, p1 and p3 from memory) kept by CMOVNC unless it borrows.
 * The chains in the order of the bounds above (no carry out, no borrow).  Measured against
 * two variants (standalone, the curve template over the field, min TSC ticks of one k Q,
 * shared machine): the SHRD of the last limbs replaced by SHL/SHR/OR, 94,700 against 93,000;
 * W = V - p run beside V from E = U' - p (the sign of W's last SBB choosing, CMOVNS), 100,000:
 * more instructions, and the curve's formulas overlap independent products, so the count of
 * instructions weighs as much as the chain (the fold without its final subtraction, a wrong
 * result, ran 82,000). */
#define P224F_FOLD                                                                                     \
    /* h2 in hi, h3 in z; lo = t3 mod 2^32, t3 = t3 AND (W - 2^32) */                                  \
    "movq %[t5], %[hi]\n\t"                                                                            \
    "shrdq $32, %[t6], %[hi]\n\t"                                                                      \
    "movq %[t6], %[z]\n\t"                                                                             \
    "shrq $32, %[z]\n\t"                                                                               \
    "movl %k[t3], %k[lo]\n\t"                                                                          \
    "xorq %[lo], %[t3]\n\t"                                                                            \
    /* L + H 2^96 = (t0, t1, t2, lo, t6) */                                                            \
    "addq %[t3], %[t1]\n\t"                                                                            \
    "adcq %[t4], %[t2]\n\t"                                                                            \
    "adcq %[t5], %[lo]\n\t"                                                                            \
    "adcq $0, %[t6]\n\t"                                                                               \
    /* h0 in t3, h1 in t4; U = L + H 2^96 - H */                                                       \
    "shrdq $32, %[t4], %[t3]\n\t"                                                                      \
    "shrdq $32, %[t5], %[t4]\n\t"                                                                      \
    "subq %[t3], %[t0]\n\t"                                                                            \
    "sbbq %[t4], %[t1]\n\t"                                                                            \
    "sbbq %[hi], %[t2]\n\t"                                                                            \
    "sbbq %[z], %[lo]\n\t"                                                                             \
    "sbbq $0, %[t6]\n\t"                                                                               \
    /* G = (hi, z); t3 = u3 mod 2^32, lo = u3 AND (W - 2^32); V = (t0, t1, t2, t3) */                  \
    "movq %[lo], %[hi]\n\t"                                                                            \
    "shrdq $32, %[t6], %[hi]\n\t"                                                                      \
    "movq %[t6], %[z]\n\t"                                                                             \
    "shrq $32, %[z]\n\t"                                                                               \
    "movl %k[lo], %k[t3]\n\t"                                                                          \
    "xorq %[t3], %[lo]\n\t"                                                                            \
    "addq %[lo], %[t1]\n\t"                                                                            \
    "adcq %[t6], %[t2]\n\t"                                                                            \
    "adcq $0, %[t3]\n\t"                                                                               \
    "subq %[hi], %[t0]\n\t"                                                                            \
    "sbbq %[z], %[t1]\n\t"                                                                             \
    "sbbq $0, %[t2]\n\t"                                                                               \
    "sbbq $0, %[t3]\n\t"                                                                               \
    /* V - p, kept unless it borrows */                                                                \
    "movq %[t0], %[t4]\n\t"                                                                            \
    "movq %[t1], %[t5]\n\t"                                                                            \
    "movq %[t2], %[t6]\n\t"                                                                            \
    "movq %[t3], %[lo]\n\t"                                                                            \
    "subq $1, %[t4]\n\t"                                                                               \
    "sbbq %[p1], %[t5]\n\t"                                                                            \
    "sbbq $-1, %[t6]\n\t"                                                                              \
    "sbbq %[p3], %[lo]\n\t"                                                                            \
    "cmovncq %[t4], %[t0]\n\t"                                                                         \
    "cmovncq %[t5], %[t1]\n\t"                                                                         \
    "cmovncq %[t6], %[t2]\n\t"                                                                         \
    "cmovncq %[lo], %[t3]\n\t"

/* r = a b mod p with MULX, ADCX and ADOX (the two carry chains of Intel's ADX paper: CF for the
 * low halves of a row's products, OF for the high halves), then P224F_FOLD.  Row 0 by MULX and
 * one ADD/ADC chain into t0..t4; row i = 1, 2, 3 adds a b[i] into t_i..t_(i+4), t_(i+4) fresh
 * (zeroed by the XOR that clears CF and OF), with t_(i+4) += CF last (no carry out: the row's
 * sum is below W^(i+5)).  Row 3 has no fifth limb: a b < 2^448 = W^7 makes the limb t7 zero,
 * and t7 would be hi(a3 b3) + OF + CF, so hi(a3 b3) = 0 (a3, b3 < 2^32) and both flags are 0
 * after the row's last ADCX/ADOX: nothing is dropped.  Registers: t0..t6, lo, hi, the two
 * pointers x and y (inputs), RDX (z, the fold's scratch): 12. */
static inline __attribute__((always_inline, target("bmi2,adx"))) void p224f_mul_adx(p224f_fe *r, const p224f_fe *a,
                                                                                    const p224f_fe *b) {
    uint64_t t0, t1, t2, t3, t4, t5, t6, lo, hi, z;
    const uint64_t *ap = a->v, *bp = b->v;
#define P224F_MAC(j, wa, wb)                                                                           \
    "mulxq " #j "(%[x]), %[lo], %[hi]\n\t"                                                             \
    "adcxq %[lo], %[" wa "]\n\t"                                                                       \
    "adoxq %[hi], %[" wb "]\n\t"
#define P224F_ROW(i, w0, w1, w2, w3, w4)                                                               \
    "movq " #i "(%[y]), %%rdx\n\t"                                                                     \
    "xorl %k[" w4 "], %k[" w4 "]\n\t" P224F_MAC(0, w0, w1) P224F_MAC(8, w1, w2) P224F_MAC(16, w2, w3)  \
        P224F_MAC(24, w3, w4) "adcq $0, %[" w4 "]\n\t"
    __asm__("movq 0(%[y]), %%rdx\n\t"
            "mulxq 0(%[x]), %[t0], %[t1]\n\t"
            "mulxq 8(%[x]), %[lo], %[t2]\n\t"
            "addq %[lo], %[t1]\n\t"
            "mulxq 16(%[x]), %[lo], %[t3]\n\t"
            "adcq %[lo], %[t2]\n\t"
            "mulxq 24(%[x]), %[lo], %[t4]\n\t"
            "adcq %[lo], %[t3]\n\t"
            "adcq $0, %[t4]\n\t" P224F_ROW(8, "t1", "t2", "t3", "t4", "t5") P224F_ROW(16, "t2", "t3", "t4", "t5", "t6")
            /* row 3: no fifth limb (above) */
            "movq 24(%[y]), %%rdx\n\t"
            "xorl %k[lo], %k[lo]\n\t" P224F_MAC(0, "t3", "t4") P224F_MAC(8, "t4", "t5") P224F_MAC(16, "t5", "t6")
            "mulxq 24(%[x]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t6]\n\t" P224F_FOLD
            : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
              [t6] "=&r"(t6), [lo] "=&r"(lo), [hi] "=&r"(hi), [z] "=&d"(z)
            : [x] "r"(ap), [y] "r"(bp), [p1] "m"(P224F_P[1]), [p3] "m"(P224F_P[3]), "m"(*(const uint64_t(*)[4])a->v),
              "m"(*(const uint64_t(*)[4])b->v)
            : "cc");
#undef P224F_ROW
#undef P224F_MAC
    r->v[0] = t0, r->v[1] = t1, r->v[2] = t2, r->v[3] = t3;
}

/* r = a^2 mod p with MULX: the cross products a_i a_j (i < j) once, doubled, plus the squares
 * a_i^2 (HAC Alg. 14.16; the order of p224w_sqr_adx in fe_p224_mont.h: 10 products instead of
 * 16), into t0..t6 (a^2 < 2^448: the eighth limb is zero, and the cross sum is < a^2 / 2, so
 * the doubling carries nothing out of t6 and neither does the chain of squares), then
 * P224F_FOLD.  Registers: t0..t6, lo, hi, the pointer x (input), RDX (z): 11. */
static inline __attribute__((always_inline, target("bmi2,adx"))) void p224f_sqr_adx(p224f_fe *r, const p224f_fe *a) {
    uint64_t t0, t1, t2, t3, t4, t5, t6, lo, hi, z;
    const uint64_t *ap = a->v;
    __asm__(/* cross products: row a0, then a1 a3, a2 a3, a1 a2 */
            "movq 0(%[x]), %%rdx\n\t"
            "mulxq 8(%[x]), %[t1], %[t2]\n\t"
            "mulxq 16(%[x]), %[lo], %[t3]\n\t"
            "mulxq 24(%[x]), %[hi], %[t4]\n\t"
            "movq 8(%[x]), %%rdx\n\t"
            "mulxq 24(%[x]), %[t0], %[t5]\n\t"
            "addq %[lo], %[t2]\n\t"
            "adcq %[hi], %[t3]\n\t"
            "adcq %[t0], %[t4]\n\t"
            "movq 16(%[x]), %%rdx\n\t"
            "mulxq 24(%[x]), %[lo], %[t6]\n\t"
            "adcq %[lo], %[t5]\n\t"
            "adcq $0, %[t6]\n\t"
            "mulxq 8(%[x]), %[lo], %[hi]\n\t"
            "addq %[lo], %[t3]\n\t"
            "adcq %[hi], %[t4]\n\t"
            "adcq $0, %[t5]\n\t"
            "adcq $0, %[t6]\n\t"
            /* doubled (no carry out of t6), + the squares a_i^2 */
            "addq %[t1], %[t1]\n\t"
            "adcq %[t2], %[t2]\n\t"
            "adcq %[t3], %[t3]\n\t"
            "adcq %[t4], %[t4]\n\t"
            "adcq %[t5], %[t5]\n\t"
            "adcq %[t6], %[t6]\n\t"
            "movq 0(%[x]), %%rdx\n\t"
            "mulxq %%rdx, %[t0], %[hi]\n\t"
            "addq %[hi], %[t1]\n\t"
            "movq 8(%[x]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcq %[lo], %[t2]\n\t"
            "adcq %[hi], %[t3]\n\t"
            "movq 16(%[x]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcq %[lo], %[t4]\n\t"
            "adcq %[hi], %[t5]\n\t"
            "movq 24(%[x]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcq %[lo], %[t6]\n\t" P224F_FOLD
            : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
              [t6] "=&r"(t6), [lo] "=&r"(lo), [hi] "=&r"(hi), [z] "=&d"(z)
            : [x] "r"(ap), [p1] "m"(P224F_P[1]), [p3] "m"(P224F_P[3]), "m"(*(const uint64_t(*)[4])a->v)
            : "cc");
    r->v[0] = t0, r->v[1] = t1, r->v[2] = t2, r->v[3] = t3;
}
#undef P224F_FOLD

/* The fe interface's multiplication and squaring at the unit's level: the one definition of
 * field/gfp/fe_level.h (ECEDU_FE_ADX_UNIT, ECEDU_FE_PORTABLE_UNIT, else cpu.c's public flag). */
#include "field/gfp/fe_level.h"
ECEDU_FE_LEVEL_MUL_SQR(p224f)

#define FE_NAME(x) p224f_##x
#define FE_N 4
#define FE_NBYTES 28
#define FE_P P224F_P
#define FE_PM2 P224F_PM2
#define FE_MONT 0
#define FE_HAS_SQR 1
#define FE_HAS_INV 1
#include "field/gfp/fe_sat.tmpl.h"
#include "field/gfp/fe_sat_undef.h"

/* a^-1 mod p (0 -> 0) by the constant-time divsteps inversion of scalar/modinv.h (Bernstein-Yang,
 * batches of 62 divsteps; p is public and odd, 224 bits: four 62-bit limbs, 11 batches), which
 * takes any odd modulus of at most 9 words, not only the group orders it was written for.  The
 * elements are ordinary residues, so the modular inverse is the field's.  Measured (standalone,
 * min TSC ticks, shared machine): 5,330 against 7,520 for the addition chain of p224w_inv
 * (fe_p224_mont.h: 223 squarings and 11 products over this field); the same results on 2,000
 * inputs.  Constant time in a (modinv.h: the batch count and every index depend on p only, the
 * choices are masks); the set-up from p is public. */
static inline void p224f_inv(p224f_fe *r, const p224f_fe *a) {
    modinv_mod_prime(r->v, a->v, P224F_P, 4, 224);
}

static inline void p224f_inv_vartime(p224f_fe *r, const p224f_fe *a) {
    modinv_mod_prime_as(r->v, a->v, P224F_P, 4, 224, 1);
}
