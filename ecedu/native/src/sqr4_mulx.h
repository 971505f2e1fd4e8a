/*
 * sqr4_mulx.h -- the square T = a^2 of a four-word integer a, as its eight words t0..t7, by
 * MULX (BMI2): a piece of inline-assembly text, for the Montgomery squares that reduce T
 * after it (field/gfp/fe_p256_mont.h p256m_sqr_adx, field/gfp/fe_p224_mont.h p224w_sqr_adx,
 * scalar/modn.h modn_sqr4_adx_core).
 *
 * Handbook of Applied Cryptography, Alg. 14.16: each cross product a_i a_j, i < j, once, their
 * sum doubled, the squares a_i^2 added; 10 products instead of the 16 of a product.
 *   The cross products: rows a0 (a1, a2, a3), a1 (a3), a2 (a3) added into t1..t6 by one
 *   ADD/ADC chain (MULX leaves the flags alone, so the products need not wait for it), then
 *   a1 a2 by a second chain; the sum is < a^2 / 2 < 2^511, no carry out of t6.
 *   Doubled (ADD/ADC t_i, t_i; the top bit into t7), then a_i^2 added to words 2i, 2i + 1 by a
 *   third chain: T = a^2 < 2^512, eight words, no carry out of t7.
 *
 * ECEDU_SQR4_MULX(A): A is the name, as a string, of the asm operand that holds a's address
 * ("r", read-only here; the caller's statement lists the words of a as a memory input).  The
 * statement must also have the outputs t0 .. t7, lo and hi ("=&r") and clobber RDX and the
 * flags.  lo and hi are scratch; t0 is scratch until the squares.
 */
#ifndef ECEDU_SQR4_MULX_H
#define ECEDU_SQR4_MULX_H

#define ECEDU_SQR4_MULX(A)                                                                         \
    /* cross products: row a0 */                                                                   \
    "movq 0(%[" A "]), %%rdx\n\t"                                                                  \
    "mulxq 8(%[" A "]), %[t1], %[t2]\n\t"  /* a0 a1 */                                             \
    "mulxq 16(%[" A "]), %[lo], %[t3]\n\t" /* a0 a2 */                                             \
    "mulxq 24(%[" A "]), %[hi], %[t4]\n\t" /* a0 a3 */                                             \
    "movq 8(%[" A "]), %%rdx\n\t"                                                                  \
    "mulxq 24(%[" A "]), %[t0], %[t5]\n\t" /* a1 a3 (t0 a scratch until the squares) */           \
    "addq %[lo], %[t2]\n\t"                                                                        \
    "adcq %[hi], %[t3]\n\t"                                                                        \
    "adcq %[t0], %[t4]\n\t"                                                                        \
    "movq 16(%[" A "]), %%rdx\n\t"                                                                 \
    "mulxq 24(%[" A "]), %[lo], %[t6]\n\t" /* a2 a3 */                                             \
    "adcq %[lo], %[t5]\n\t"                                                                        \
    "adcq $0, %[t6]\n\t"                                                                           \
    "mulxq 8(%[" A "]), %[lo], %[hi]\n\t" /* a2 a1 (rdx = a2) */                                   \
    "addq %[lo], %[t3]\n\t"                                                                        \
    "adcq %[hi], %[t4]\n\t"                                                                        \
    "adcq $0, %[t5]\n\t"                                                                           \
    "adcq $0, %[t6]\n\t"                                                                           \
    /* doubled; the top bit into t7 */                                                             \
    "xorl %k[t7], %k[t7]\n\t"                                                                      \
    "addq %[t1], %[t1]\n\t"                                                                        \
    "adcq %[t2], %[t2]\n\t"                                                                        \
    "adcq %[t3], %[t3]\n\t"                                                                        \
    "adcq %[t4], %[t4]\n\t"                                                                        \
    "adcq %[t5], %[t5]\n\t"                                                                        \
    "adcq %[t6], %[t6]\n\t"                                                                        \
    "adcq $0, %[t7]\n\t"                                                                           \
    /* + the squares a_i^2 at words 2i, 2i + 1 */                                                  \
    "movq 0(%[" A "]), %%rdx\n\t"                                                                  \
    "mulxq %%rdx, %[t0], %[hi]\n\t"                                                                \
    "addq %[hi], %[t1]\n\t"                                                                        \
    "movq 8(%[" A "]), %%rdx\n\t"                                                                  \
    "mulxq %%rdx, %[lo], %[hi]\n\t"                                                                \
    "adcq %[lo], %[t2]\n\t"                                                                        \
    "adcq %[hi], %[t3]\n\t"                                                                        \
    "movq 16(%[" A "]), %%rdx\n\t"                                                                 \
    "mulxq %%rdx, %[lo], %[hi]\n\t"                                                                \
    "adcq %[lo], %[t4]\n\t"                                                                        \
    "adcq %[hi], %[t5]\n\t"                                                                        \
    "movq 24(%[" A "]), %%rdx\n\t"                                                                 \
    "mulxq %%rdx, %[lo], %[hi]\n\t"                                                                \
    "adcq %[lo], %[t6]\n\t"                                                                        \
    "adcq %[hi], %[t7]\n\t"

#endif
