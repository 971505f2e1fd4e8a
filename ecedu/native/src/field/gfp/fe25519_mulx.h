/*
 * fe25519_mulx.h -- the field GF(p), p = 2^255 - 19, in FOUR SATURATED 64-bit limbs with a
 * MULX/ADCX/ADOX product and squaring in inline assembly: the MULX level of X25519 (the
 * portable level is fe25519.h, radix 2^51).  An fe implementation of field/gfp/ (the element
 * interface of field/gfp/README.md), prefix fe25519x, plus the extras of the ladder
 * (curve/x25519_ladder.tmpl.h): the little-endian byte forms of RFC 7748 §5, mul_small,
 * cswap and the "lazy" add/sub names (here the ordinary add/sub: saturated limbs have no
 * room for a deferred carry).
 *
 * Only for code compiled for BMI2 and ADX and run where cpu.c's flag
 * ecedu_gfp_mulx_enabled() is on: the functions carry target("bmi2,adx"), so a caller must
 * be compiled for those too (the unit pragma of curve/x25519_mulx.c and
 * field/gfp/fe25519_mulx.c, or a target attribute: tests/native/fe_ops_driver.c).
 *
 * Representation: a = v[0] + v[1] W + v[2] W^2 + v[3] W^3, W = 2^64, any value
 * 0 <= a < 2^256 = 2p + 38 standing for a mod p ("partially reduced"); only the canonical
 * forms (to_bytes*, is_zero) reduce fully.  The reduction is by 2^256 = 2 * 2^255 = 38 and
 * 2^255 = 19 (mod p): a 512-bit product T = H 2^256 + L is congruent to L + 38 H (GECC
 * §2.2.6, the special form p = 2^m - c, c = 19, folded at the word boundary 2^256 with
 * c' = 2c = 38).  The method is the usual one of the 64-bit Curve25519 implementations
 * with MULX (e.g. the x86-64 code of Oliveira, Lopez, Hisil, Faz-Hernandez,
 * Rodriguez-Henriquez, "How to (pre-)compute a ladder", SAC 2017); written here from the
 * bounds below.
 *
 * Bounds (the BearSSL habit, as fe25519.h: every function states what it takes and gives).
 *   T ("tight"): a < 2^255 + 2^23.  The output of mul, sqr, mul_small, inv, set_small,
 *      from_bytes*, and cmov / cswap of T values.
 *   L ("loose"): a < 2^256.  What mul, sqr, mul_small, add, sub, neg, inv take, and the
 *      output of add, sub, neg (any input < 2^256) and of add_lazy, sub_lazy (T inputs:
 *      one correction fewer, for the ladder).
 * The fold of mul and sqr (FE25519X_FOLD_ASM): L + 38 H < 2^256 + 38 2^256 = 39 2^256, so
 *   after one row of MULX by 38 the sum V is four limbs and a fifth c <= 38; then
 *   h = V >> 255 = 2 c + (bit 63 of limb 3) <= 77, and (V mod 2^255) + 19 h < 2^255 + 1463
 *   (in T) fits four limbs: no carry out, no second correction.
 * All functions are constant time in the element values: the carries go through the flags
 * into masks (SBB r, r; AND), no branch, no table, no secret-dependent address.
 */
#ifndef ECEDU_FE25519_MULX_H
#define ECEDU_FE25519_MULX_H

#include <stdint.h>
#include <string.h>

typedef struct {
    uint64_t v[4];
} fe25519x_fe;

enum { FE25519X_BYTES = 32 };

#define FE25519X_INL static inline __attribute__((always_inline, target("bmi2,adx")))

/* The fold of a 512-bit value (t0..t7, W^i weights) into four limbs t0..t3 in T (the
 * bounds at the top): one MULX row of 38 (t4..t7), its low halves on the CF chain (ADCX)
 * and high halves on the OF chain (ADOX), the fifth limb c <= 38 in t4; then h = V >> 255
 * (SHLD by 1: t4 <= 38, so 2 t4 fits), bit 255 cleared (BTR), 19 h (IMUL) added by one
 * ADD/ADC chain, which cannot carry out.  Uses RDX and the scratch operands lo, hi; the
 * first XOR clears CF and OF. */
#define FE25519X_FOLD_ASM                                                                         \
    "movl $38, %%edx\n\t"                                                                        \
    "xorl %k[lo], %k[lo]\n\t"                                                                    \
    "mulxq %[t4], %[lo], %[hi]\n\t"                                                              \
    "adcxq %[lo], %[t0]\n\t"                                                                     \
    "adoxq %[hi], %[t1]\n\t"                                                                     \
    "mulxq %[t5], %[lo], %[hi]\n\t"                                                              \
    "adcxq %[lo], %[t1]\n\t"                                                                     \
    "adoxq %[hi], %[t2]\n\t"                                                                     \
    "mulxq %[t6], %[lo], %[hi]\n\t"                                                              \
    "adcxq %[lo], %[t2]\n\t"                                                                     \
    "adoxq %[hi], %[t3]\n\t"                                                                     \
    "mulxq %[t7], %[lo], %[t4]\n\t"                                                              \
    "adcxq %[lo], %[t3]\n\t"                                                                     \
    "movl $0, %k[hi]\n\t"                                                                        \
    "adoxq %[hi], %[t4]\n\t"                                                                     \
    "adcxq %[hi], %[t4]\n\t" /* c <= 38 */                                                       \
    "shldq $1, %[t3], %[t4]\n\t" /* h = V >> 255 <= 77 */                                        \
    "btrq $63, %[t3]\n\t"                                                                        \
    "imulq $19, %[t4], %[t4]\n\t"                                                                \
    "addq %[t4], %[t0]\n\t"                                                                      \
    "adcq $0, %[t1]\n\t"                                                                         \
    "adcq $0, %[t2]\n\t"                                                                         \
    "adcq $0, %[t3]\n\t"

/* r = a b mod p, a, b in L; r in T; r may alias a or b (read before written).
 * Schoolbook product (GECC Alg. 2.9) by rows, the MULX/ADCX/ADOX form of Gueron and Krasnov
 * (as fe_p256_mont.h's product): row 0 (a b0) by MULX and one ADD/ADC chain into t0..t4;
 * rows i = 1..3 (a b_i, at t_i..t_(i+4)) with the low halves on CF and the high halves on
 * OF, the row's new top limb t_(i+4) zeroed by the XOR that clears both flags, and the two
 * last carries added into it (MOV $0 leaves the flags alone).  No carry is lost: after row
 * i the sum is a (b0 + ... + b_i W^i) < 2^256 W^(i+1), which t0..t_(i+4) hold exactly.
 * Then FE25519X_FOLD_ASM.  20 MULX.  Registers: t0..t7, lo, hi, the two pointers and RDX:
 * 13, so it also fits a frame-pointer build (14 allocatable). */
FE25519X_INL void fe25519x_mul(fe25519x_fe *r, const fe25519x_fe *a, const fe25519x_fe *b) {
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__("movq 0(%[b]), %%rdx\n\t"
            "mulxq 0(%[a]), %[t0], %[t1]\n\t"
            "mulxq 8(%[a]), %[lo], %[t2]\n\t"
            "addq %[lo], %[t1]\n\t"
            "mulxq 16(%[a]), %[lo], %[t3]\n\t"
            "adcq %[lo], %[t2]\n\t"
            "mulxq 24(%[a]), %[lo], %[t4]\n\t"
            "adcq %[lo], %[t3]\n\t"
            "adcq $0, %[t4]\n\t"
            /* row 1 */
            "movq 8(%[b]), %%rdx\n\t"
            "xorl %k[t5], %k[t5]\n\t"
            "mulxq 0(%[a]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t1]\n\t"
            "adoxq %[hi], %[t2]\n\t"
            "mulxq 8(%[a]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t2]\n\t"
            "adoxq %[hi], %[t3]\n\t"
            "mulxq 16(%[a]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t3]\n\t"
            "adoxq %[hi], %[t4]\n\t"
            "mulxq 24(%[a]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t4]\n\t"
            "adoxq %[hi], %[t5]\n\t"
            "movl $0, %k[lo]\n\t"
            "adcxq %[lo], %[t5]\n\t"
            /* row 2 */
            "movq 16(%[b]), %%rdx\n\t"
            "xorl %k[t6], %k[t6]\n\t"
            "mulxq 0(%[a]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t2]\n\t"
            "adoxq %[hi], %[t3]\n\t"
            "mulxq 8(%[a]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t3]\n\t"
            "adoxq %[hi], %[t4]\n\t"
            "mulxq 16(%[a]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t4]\n\t"
            "adoxq %[hi], %[t5]\n\t"
            "mulxq 24(%[a]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t5]\n\t"
            "adoxq %[hi], %[t6]\n\t"
            "movl $0, %k[lo]\n\t"
            "adcxq %[lo], %[t6]\n\t"
            /* row 3 */
            "movq 24(%[b]), %%rdx\n\t"
            "xorl %k[t7], %k[t7]\n\t"
            "mulxq 0(%[a]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t3]\n\t"
            "adoxq %[hi], %[t4]\n\t"
            "mulxq 8(%[a]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t4]\n\t"
            "adoxq %[hi], %[t5]\n\t"
            "mulxq 16(%[a]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t5]\n\t"
            "adoxq %[hi], %[t6]\n\t"
            "mulxq 24(%[a]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[t6]\n\t"
            "adoxq %[hi], %[t7]\n\t"
            "movl $0, %k[lo]\n\t"
            "adcxq %[lo], %[t7]\n\t" FE25519X_FOLD_ASM
            : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
              [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi)
            : [a] "r"(a->v), [b] "r"(b->v), "m"(*(const uint64_t(*)[4])a->v), "m"(*(const uint64_t(*)[4])b->v)
            : "rdx", "cc");
    r->v[0] = t0, r->v[1] = t1, r->v[2] = t2, r->v[3] = t3;
}

/* r = a^2 mod p, a in L; r in T; r may alias a.  The square with each cross
 * product once (HAC Alg. 14.16; GECC Alg. 2.13): the six a_i a_j, i < j, into t1..t6 by
 * two ADD/ADC chains (a0 a1, a0 a2, a0 a3, a1 a3, a2 a3, then a1 a2 at W^3; MULX leaves the
 * flags alone).  Their sum S < W^7 (the top term a2 a3 W^5 <= (W - 1)^2 W^5 = W^7 - 2 W^6 +
 * W^5 and the rest < W^6 + 2 W^5), so t6 takes no carry out.  Then 2 S on the CF chain
 * (ADCX t, t) and the squares a_i^2 at W^(2i) on the OF chain (ADOX), t7 = 0 first: its
 * ADCX t7, t7 is the carry of the doubling and the last ADOX cannot overflow (a^2 < W^8).
 * Then FE25519X_FOLD_ASM.  14 MULX instead of 20.  Registers: t0..t7, lo, hi, the pointer,
 * RDX: 12. */
FE25519X_INL void fe25519x_sqr(fe25519x_fe *r, const fe25519x_fe *a) {
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__("movq 0(%[a]), %%rdx\n\t"
            "mulxq 8(%[a]), %[t1], %[t2]\n\t"  /* a0 a1 */
            "mulxq 16(%[a]), %[lo], %[t3]\n\t" /* a0 a2 */
            "addq %[lo], %[t2]\n\t"
            "mulxq 24(%[a]), %[lo], %[t4]\n\t" /* a0 a3 */
            "adcq %[lo], %[t3]\n\t"
            "movq 8(%[a]), %%rdx\n\t"
            "mulxq 24(%[a]), %[lo], %[t5]\n\t" /* a1 a3 */
            "adcq %[lo], %[t4]\n\t"
            "movq 16(%[a]), %%rdx\n\t"
            "mulxq 24(%[a]), %[lo], %[t6]\n\t" /* a2 a3 */
            "adcq %[lo], %[t5]\n\t"
            "adcq $0, %[t6]\n\t"
            "mulxq 8(%[a]), %[lo], %[hi]\n\t" /* a2 a1 (rdx = a2) */
            "addq %[lo], %[t3]\n\t"
            "adcq %[hi], %[t4]\n\t"
            "adcq $0, %[t5]\n\t"
            "adcq $0, %[t6]\n\t"
            /* 2 S (CF) + the squares (OF) */
            "xorl %k[t7], %k[t7]\n\t"
            "movq 0(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %[t0], %[hi]\n\t"
            "adcxq %[t1], %[t1]\n\t"
            "adoxq %[hi], %[t1]\n\t"
            "movq 8(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcxq %[t2], %[t2]\n\t"
            "adoxq %[lo], %[t2]\n\t"
            "adcxq %[t3], %[t3]\n\t"
            "adoxq %[hi], %[t3]\n\t"
            "movq 16(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcxq %[t4], %[t4]\n\t"
            "adoxq %[lo], %[t4]\n\t"
            "adcxq %[t5], %[t5]\n\t"
            "adoxq %[hi], %[t5]\n\t"
            "movq 24(%[a]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcxq %[t6], %[t6]\n\t"
            "adoxq %[lo], %[t6]\n\t"
            "adcxq %[t7], %[t7]\n\t"
            "adoxq %[hi], %[t7]\n\t" FE25519X_FOLD_ASM
            : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
              [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi)
            : [a] "r"(a->v), "m"(*(const uint64_t(*)[4])a->v)
            : "rdx", "cc");
    r->v[0] = t0, r->v[1] = t1, r->v[2] = t2, r->v[3] = t3;
}

/* r = a^(2^n), n >= 1 public. */
FE25519X_INL void fe25519x_sqr_n(fe25519x_fe *r, const fe25519x_fe *a, int n) {
    fe25519x_sqr(r, a);
    for (int i = 1; i < n; i++) fe25519x_sqr(r, r);
}

/* r = a k mod p for a public k < 2^17 (the ladder's a24 = 121665); a in L, r in T.
 * a k < 2^256 k: four MULX by k, one ADD/ADC chain, a fifth limb c < k; then as the fold:
 * h = (a k) >> 255 < 2^18, bit 255 cleared, 19 h < 2^23 added without a carry out
 * (result < 2^255 + 2^23). */
FE25519X_INL void fe25519x_mul_small(fe25519x_fe *r, const fe25519x_fe *a, uint64_t k) {
    uint64_t t0, t1, t2, t3, t4, lo;
    __asm__("movq %[k], %%rdx\n\t"
            "mulxq 0(%[a]), %[t0], %[t1]\n\t"
            "mulxq 8(%[a]), %[lo], %[t2]\n\t"
            "addq %[lo], %[t1]\n\t"
            "mulxq 16(%[a]), %[lo], %[t3]\n\t"
            "adcq %[lo], %[t2]\n\t"
            "mulxq 24(%[a]), %[lo], %[t4]\n\t"
            "adcq %[lo], %[t3]\n\t"
            "adcq $0, %[t4]\n\t"
            "shldq $1, %[t3], %[t4]\n\t"
            "btrq $63, %[t3]\n\t"
            "imulq $19, %[t4], %[t4]\n\t"
            "addq %[t4], %[t0]\n\t"
            "adcq $0, %[t1]\n\t"
            "adcq $0, %[t2]\n\t"
            "adcq $0, %[t3]\n\t"
            : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [lo] "=&r"(lo)
            : [a] "r"(a->v), [k] "rm"(k), "m"(*(const uint64_t(*)[4])a->v)
            : "rdx", "cc");
    r->v[0] = t0, r->v[1] = t1, r->v[2] = t2, r->v[3] = t3;
}

/* The carry chains of add, sub, add_lazy and sub_lazy, written once (the four differ only in
 * the corrections that follow the chain; each function's comment argues its count):
 *   FE25519X_ARITH_ASM(op, opc)  t0..t3 op= b: ADD/ADC (SUB/SBB) with b from memory, the
 *                                carry (borrow) out of 2^256 in CF;
 *   FE25519X_FIX_ASM(op, opc)    the 38 that CF stands for (2^256 = 38 mod p) as a mask,
 *                                38 AND -CF (SBB c, c; AND: no branch), op= into t0 and carried
 *                                along t1..t3, the next carry (borrow) in CF;
 *   FE25519X_FIX0_ASM(op)        the same into t0 alone, where the bounds say it cannot carry
 *                                (borrow) further;
 *   FE25519X_ADDSUB(r, a, b, text)  the asm statement: t0..t3 = a, text, r = t0..t3 (operands
 *                                t0..t3, c and the pointer b). */
#define FE25519X_ARITH_ASM(op, opc)                                                                 \
    op " 0(%[b]), %[t0]\n\t"                                                                        \
    opc " 8(%[b]), %[t1]\n\t"                                                                       \
    opc " 16(%[b]), %[t2]\n\t"                                                                      \
    opc " 24(%[b]), %[t3]\n\t"
#define FE25519X_FIX_ASM(op, opc)                                                                   \
    "sbbq %[c], %[c]\n\t"                                                                           \
    "andl $38, %k[c]\n\t"                                                                           \
    op " %[c], %[t0]\n\t"                                                                           \
    opc " $0, %[t1]\n\t"                                                                            \
    opc " $0, %[t2]\n\t"                                                                            \
    opc " $0, %[t3]\n\t"
#define FE25519X_FIX0_ASM(op)                                                                       \
    "sbbq %[c], %[c]\n\t"                                                                           \
    "andl $38, %k[c]\n\t"                                                                           \
    op " %[c], %[t0]\n\t"
#define FE25519X_ADDSUB(r, a, b, text)                                                              \
    do {                                                                                            \
        uint64_t t0 = (a)->v[0], t1 = (a)->v[1], t2 = (a)->v[2], t3 = (a)->v[3], c;                 \
        __asm__(text                                                                                \
                : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [c] "=&r"(c)      \
                : [b] "r"((b)->v), "m"(*(const uint64_t(*)[4])(b)->v)                               \
                : "cc");                                                                            \
        (r)->v[0] = t0, (r)->v[1] = t1, (r)->v[2] = t2, (r)->v[3] = t3;                             \
    } while (0)

/* r = a + b mod p, a, b in L; r in L.  a + b < 2^257: the carry out of the ADD/ADC chain
 * stands for 2^256 = 38, added back as 38 AND -carry along the limbs (FIX); if that carries
 * again the limbs were (a + b - 2^256 + 38) - 2^256 < 38, so the second 38 cannot carry
 * (FIX0): two corrections. */
FE25519X_INL void fe25519x_add(fe25519x_fe *r, const fe25519x_fe *a, const fe25519x_fe *b) {
    FE25519X_ADDSUB(r, a, b, FE25519X_ARITH_ASM("addq", "adcq") FE25519X_FIX_ASM("addq", "adcq")
                                 FE25519X_FIX0_ASM("addq"));
}

/* r = a - b mod p, a, b in L; r in L.  a - b > -2^256: a borrow out of the SUB/SBB chain
 * means the limbs hold a - b + 2^256 = a - b + 38 (mod p), so 38 AND -borrow is subtracted
 * along the limbs (FIX); if that borrows again the limbs were < 38 and now are >= 2^256 - 38,
 * so the second 38 subtracted cannot borrow (FIX0): two corrections. */
FE25519X_INL void fe25519x_sub(fe25519x_fe *r, const fe25519x_fe *a, const fe25519x_fe *b) {
    FE25519X_ADDSUB(r, a, b, FE25519X_ARITH_ASM("subq", "sbbq") FE25519X_FIX_ASM("subq", "sbbq")
                                 FE25519X_FIX0_ASM("subq"));
}

/* r = a + b mod p for the ladder (curve/x25519_ladder.tmpl.h): a, b in T; r in L.  a + b <
 * 2^256 + 2^24: a carry out leaves limbs a + b - 2^256 < 2^24, so the 38 it stands for is
 * added to limb 0 alone (FIX0, no carry): one correction instead of add's two. */
FE25519X_INL void fe25519x_add_lazy(fe25519x_fe *r, const fe25519x_fe *a, const fe25519x_fe *b) {
    FE25519X_ADDSUB(r, a, b, FE25519X_ARITH_ASM("addq", "adcq") FE25519X_FIX0_ASM("addq"));
}

/* r = a - b mod p for the ladder: a, b in T; r in L.  A borrow leaves limbs a - b + 2^256 >
 * 2^256 - 2^255 - 2^23, so subtracting the 38 it stands for along the limbs (FIX: limb 0
 * alone may be below 38) cannot borrow again: one correction. */
FE25519X_INL void fe25519x_sub_lazy(fe25519x_fe *r, const fe25519x_fe *a, const fe25519x_fe *b) {
    FE25519X_ADDSUB(r, a, b, FE25519X_ARITH_ASM("subq", "sbbq") FE25519X_FIX_ASM("subq", "sbbq"));
}

#undef FE25519X_ADDSUB
#undef FE25519X_ARITH_ASM
#undef FE25519X_FIX_ASM
#undef FE25519X_FIX0_ASM

/* r = -a = 0 - a (the subtraction's reduction); a in L, r in L. */
FE25519X_INL void fe25519x_neg(fe25519x_fe *r, const fe25519x_fe *a) {
    const fe25519x_fe zero = {{0, 0, 0, 0}};
    fe25519x_sub(r, &zero, a);
}

/* r = k, public k < 2^32. */
FE25519X_INL void fe25519x_set_small(fe25519x_fe *r, uint64_t k) {
    r->v[0] = k, r->v[1] = r->v[2] = r->v[3] = 0;
}

/* r = mask ? a : r, for mask 0 or all-ones. */
FE25519X_INL void fe25519x_cmov(fe25519x_fe *r, const fe25519x_fe *a, uint64_t mask) {
    for (int i = 0; i < 4; i++) r->v[i] ^= mask & (r->v[i] ^ a->v[i]);
}

/* (a, b) = mask ? (b, a) : (a, b), for mask 0 or all-ones: RFC 7748 §5 cswap (masks, not
 * CMOV: a CMOV on a secret flag is reported by valgrind's taint check). */
FE25519X_INL void fe25519x_cswap(fe25519x_fe *a, fe25519x_fe *b, uint64_t mask) {
    for (int i = 0; i < 4; i++) {
        uint64_t d = mask & (a->v[i] ^ b->v[i]);
        a->v[i] ^= d, b->v[i] ^= d;
    }
}

/* The canonical value of a (in L) in w[0..3] (< p).  First 2^255 = 19: t = (a mod
 * 2^255) + 19 (a >> 255) < 2^255 + 19.  Then t >= p iff t + 19 >= 2^255: q is bit 255 of
 * t + 19, and (t + 19 q) mod 2^255 = t - q p < p.  Carry chains by ecedu_adc (internal.h),
 * the bits as masks: constant time. */
FE25519X_INL void fe25519x_canonical(uint64_t w[4], const fe25519x_fe *a) {
    uint64_t t[4], s[4];
    const uint64_t top = a->v[3] >> 63;
    unsigned char c = ecedu_adc(0, a->v[0], 19 & (0 - top), &t[0]);
    c = ecedu_adc(c, a->v[1], 0, &t[1]);
    c = ecedu_adc(c, a->v[2], 0, &t[2]);
    (void)ecedu_adc(c, a->v[3] & (UINT64_MAX >> 1), 0, &t[3]); /* < 2^255 + 19: no carry out */
    c = ecedu_adc(0, t[0], 19, &s[0]);
    c = ecedu_adc(c, t[1], 0, &s[1]);
    c = ecedu_adc(c, t[2], 0, &s[2]);
    (void)ecedu_adc(c, t[3], 0, &s[3]);
    const uint64_t q = 0 - (s[3] >> 63); /* all-ones iff t >= p */
    w[0] = t[0] ^ (q & (t[0] ^ s[0]));
    w[1] = t[1] ^ (q & (t[1] ^ s[1]));
    w[2] = t[2] ^ (q & (t[2] ^ s[2]));
    w[3] = (t[3] ^ (q & (t[3] ^ s[3]))) & (UINT64_MAX >> 1); /* s - 2^255 = t - p */
}

/* RFC 7748 §5 encodeUCoordinate: the canonical value, 32 little-endian bytes. */
FE25519X_INL void fe25519x_to_bytes_le(uint8_t out[FE25519X_BYTES], const fe25519x_fe *a) {
    uint64_t w[4];
    fe25519x_canonical(w, a);
    for (int i = 0; i < 32; i++) out[i] = (uint8_t)(w[i / 8] >> (8 * (i % 8)));
}

/* The interface's canonical big-endian bytes. */
FE25519X_INL void fe25519x_to_bytes(uint8_t out[FE25519X_BYTES], const fe25519x_fe *a) {
    uint64_t w[4];
    fe25519x_canonical(w, a);
    for (int i = 0; i < 32; i++) out[31 - i] = (uint8_t)(w[i / 8] >> (8 * (i % 8)));
}

/* RFC 7748 §5 decodeUCoordinate: 32 little-endian bytes, bit 255 masked off; a value in
 * [p, 2^255) is kept as it is (a valid representative here). */
FE25519X_INL void fe25519x_from_bytes_le(fe25519x_fe *r, const uint8_t in[FE25519X_BYTES]) {
    memset(r, 0, sizeof *r);
    for (int i = 0; i < 32; i++) r->v[i / 8] |= (uint64_t)in[i] << (8 * (i % 8));
    r->v[3] &= UINT64_MAX >> 1;
}

/* The interface's big-endian input: all-ones if in < p, else 0 (and then r = 0).  in < p iff bit 255 is clear and in + 19 < 2^255 (bit 255 of the
 * 4-word sum, as fe25519_from_bytes). */
FE25519X_INL uint64_t fe25519x_from_bytes(fe25519x_fe *r, const uint8_t in[FE25519X_BYTES]) {
    uint64_t w[4] = {0, 0, 0, 0}, s[4];
    for (int i = 0; i < 32; i++) w[i / 8] |= (uint64_t)in[31 - i] << (8 * (i % 8));
    const uint64_t top = w[3] >> 63;
    w[3] &= UINT64_MAX >> 1;
    unsigned char c = ecedu_adc(0, w[0], 19, &s[0]);
    c = ecedu_adc(c, w[1], 0, &s[1]);
    c = ecedu_adc(c, w[2], 0, &s[2]);
    (void)ecedu_adc(c, w[3], 0, &s[3]);
    const uint64_t ge = s[3] >> 63; /* in mod 2^255 >= p */
    const uint64_t ok = (uint64_t)0 - (1 ^ (top | ge));
    for (int i = 0; i < 4; i++) r->v[i] = w[i] & ok;
    return ok;
}

/* All-ones if a = 0 (mod p), else 0. */
FE25519X_INL uint64_t fe25519x_is_zero(const fe25519x_fe *a) {
    uint64_t w[4];
    fe25519x_canonical(w, a);
    return ecedu_ct_is_zero_u64(w[0] | w[1] | w[2] | w[3]);
}

/* The element of the four little-endian words w (< 2^256; the representation takes any such
 * value): a copy. */
FE25519X_INL void fe25519x_from_words(fe25519x_fe *r, const uint64_t w[4]) {
    for (int i = 0; i < 4; i++) r->v[i] = w[i];
}

/* r = a^-1 (0 -> 0), a in L, r < p: fe25519x_inv by the divsteps of scalar/modinv.h on the
 * canonical words, from the same source as fe25519_inv, fe25519_inv.tmpl.h. */
#define INVF(name) fe25519x_##name
#define FE25519_INV_FN FE25519X_INL
#include "field/gfp/fe25519_inv.tmpl.h"
#undef INVF
#undef FE25519_INV_FN

#undef FE25519X_INL
#undef FE25519X_FOLD_ASM

#endif /* ECEDU_FE25519_MULX_H */
