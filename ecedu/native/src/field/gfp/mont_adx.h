/*
 * mont_adx.h -- the MULX/ADCX/ADOX kernels of mont.tmpl.h's 64-bit instance
 * built for the MULX level (field/gfp/mont64_adx.c includes the template with
 * GFP_ADX = 1, and the template includes this file in place of its portable
 * CIOS).  x86-64 only; run only when cpu.c's prime-field flag says the CPU
 * has BMI2 and ADX.
 *
 * Why inline assembly: GCC 12 compiles _addcarryx_u64 into plain ADC, one
 * carry chain, so the point of ADX -- two independent carry chains, CF for
 * ADCX and OF for ADOX, interleaved in one loop -- is lost (the reason
 * fe_p256_mont.h uses inline assembly too).  MULX takes one factor in RDX and
 * leaves the flags alone, so a product and both additions of a limb step
 * never wait on each other's flags.
 *
 * Algorithm: SOS, "Separated Operand Scanning" (Koc, Acar and Kaliski, IEEE
 * Micro 1996): first the full 2n-limb product t = a b, then the reduction
 * t <- t + m p W^i for i = 0 .. n-1, m = t[i] (-1/p) mod W, then the top n
 * limbs, minus p once under a mask.  Chosen over CIOS here because it
 * separates the product from the reduction, which is what gives a squaring
 * its saving: the product of a by itself needs only the n(n-1)/2 products
 * a[i] a[j], i < j, doubled, plus the n squares a[i]^2 (HAC 14.16), against
 * n^2; the reduction costs n^2 + n either way.  A squaring is then about
 * (n^2/2 + n^2) / 2 n^2 = 3/4 of a multiplication in limb products, and a
 * fixed-window exponentiation with k-bit windows does k squarings per
 * multiplication.  Both passes are made of one row routine, addmul_1 below
 * (t += a b[i]: n MULX, the low halves summed on the CF chain, the running
 * limbs of t on the OF chain), as GMP's mpn_addmul_1 is a row.
 *
 * Bounds (W = 2^64, R = W^n):
 *   - addmul_1: t + a b < W^n + (W^n - 1)(W - 1) < W^(n+1), so its carry-out
 *     limb is < W; in the loop each limb step is lo + hi_prev + CF and
 *     t[j] + OF, so the final hi + CF + OF is that carry-out and fits;
 *   - product: row i writes t[i .. i+n-1] and its carry into t[i+n], which
 *     no earlier row touched (rows go up one limb at a time);
 *   - squaring: the off-diagonal sum S = sum_{i<j} a[i] a[j] W^(i+j) is
 *     < a^2 / 2, so 2 S + sum a[i]^2 W^(2i) = a^2 < W^(2n): the doubling
 *     (ADCX t, t on CF) and the diagonal additions (ADOX on OF) end with
 *     both flags clear;
 *   - reduction: with a < R and b < p (or a = b < p), t + M p < R p + R p,
 *     so t stays below 2 R^2: one extra bit `ov` above the 2n limbs, and
 *     the result t / R < 2 p, one masked subtraction of p (cond_sub) as in
 *     the portable CIOS.  Row i's carry limb goes into t[i+n] together with
 *     the previous row's overflow bit: t[i+n] + cy + ov <= 2W - 1.
 * Constant time: every loop runs a number of times fixed by n (public), the
 * addresses depend on n and the loop counters only, MULX/ADCX/ADOX take the
 * same time for every value, and the final subtraction is masked.
 */

/* One limb step of a row, j = the byte offset: (HI, lo) = a[j] b;
 * lo += HP + CF (ADCX), lo += t[j] + OF (ADOX), t[j] = lo.  HI becomes the
 * next step's HP: unrolled steps alternate the two registers instead of
 * moving one into the other. */
#define ADX_STEP(j, HP, HI)                                                                       \
    "mulxq " #j "(%[ap]), %[lo], %[" #HI "]\n\t"                                                 \
    "adcxq %[" #HP "], %[lo]\n\t"                                                                \
    "adoxq " #j "(%[tp]), %[lo]\n\t"                                                             \
    "movq %[lo], " #j "(%[tp])\n\t"

/* t[0 .. n) += a[0 .. n) b; returns the carry-out limb (n >= 1).  First the
 * n mod 4 single steps, then n / 4 steps of four limbs; the loop counters
 * run up to 0 in RCX and JRCXZ ends each loop, LEA moves the pointers: none
 * of them touches CF or OF, so both chains run through the whole row. */
static inline __attribute__((always_inline)) uint64_t adx_addmul_1(uint64_t *t, const uint64_t *a, int n,
                                                                   uint64_t b) {
    uint64_t hp, lo, hi;
    uint64_t i = (uint64_t)0 - (uint64_t)(n & 3), quads = (uint64_t)0 - (uint64_t)(n >> 2);
    const uint64_t *ap = a;
    uint64_t *tp = t;
    __asm__ volatile("xorl %k[hp], %k[hp]\n\t" /* hp = 0, CF = OF = 0 */
                     "jrcxz 3f\n"
                     "1:\n\t" ADX_STEP(0, hp, hi) "movq %[hi], %[hp]\n\t"
                     "leaq 8(%[ap]), %[ap]\n\t"
                     "leaq 8(%[tp]), %[tp]\n\t"
                     "leaq 1(%[i]), %[i]\n\t"
                     "jrcxz 3f\n\t"
                     "jmp 1b\n"
                     "3:\n\t"
                     "movq %[q], %[i]\n\t"
                     "jrcxz 5f\n"
                     "4:\n\t" ADX_STEP(0, hp, hi) ADX_STEP(8, hi, hp) ADX_STEP(16, hp, hi) ADX_STEP(24, hi, hp)
                     "leaq 32(%[ap]), %[ap]\n\t"
                     "leaq 32(%[tp]), %[tp]\n\t"
                     "leaq 1(%[i]), %[i]\n\t"
                     "jrcxz 5f\n\t"
                     "jmp 4b\n"
                     "5:\n\t"
                     "movl $0, %k[lo]\n\t" /* MOV leaves the flags */
                     "adcxq %[lo], %[hp]\n\t"
                     "adoxq %[lo], %[hp]\n\t"
                     : [hp] "=&r"(hp), [lo] "=&r"(lo), [hi] "=&r"(hi), [i] "+c"(i), [ap] "+r"(ap), [tp] "+r"(tp)
                     : [q] "r"(quads), "d"(b)
                     : "cc", "memory");
    return hp;
}
#undef ADX_STEP

/* t[0 .. 2n) = 2 t + sum a[i]^2 W^(2i) (n >= 1; the doubling on CF, the squares on OF). */
static inline __attribute__((always_inline)) void adx_double_add_squares(uint64_t *t, const uint64_t *a, int n) {
    uint64_t lo, hi, x0, x1, d;
    uint64_t i = (uint64_t)0 - (uint64_t)n;
    const uint64_t *ap = a;
    uint64_t *tp = t;
    __asm__ volatile("xorl %k[x0], %k[x0]\n\t"
                     "1:\n\t"
                     "movq (%[ap]), %%rdx\n\t"
                     "mulxq %%rdx, %[lo], %[hi]\n\t" /* a[i]^2 */
                     "movq (%[tp]), %[x0]\n\t"
                     "movq 8(%[tp]), %[x1]\n\t"
                     "adcxq %[x0], %[x0]\n\t"
                     "adcxq %[x1], %[x1]\n\t"
                     "adoxq %[lo], %[x0]\n\t"
                     "adoxq %[hi], %[x1]\n\t"
                     "movq %[x0], (%[tp])\n\t"
                     "movq %[x1], 8(%[tp])\n\t"
                     "leaq 8(%[ap]), %[ap]\n\t"
                     "leaq 16(%[tp]), %[tp]\n\t"
                     "leaq 1(%[i]), %[i]\n\t"
                     "jrcxz 2f\n\t"
                     "jmp 1b\n"
                     "2:\n\t"
                     : [lo] "=&r"(lo), [hi] "=&r"(hi), [x0] "=&r"(x0), [x1] "=&r"(x1), [i] "+c"(i),
                       [ap] "+r"(ap), [tp] "+r"(tp), "=&d"(d)
                     :
                     : "cc", "memory");
    (void)d;
}

/* r = t / R mod p for the 2n-limb t = a b < R p (the reduction half of SOS,
 * see the bounds above); t is left for the caller to wipe. */
static inline __attribute__((always_inline)) void adx_redc(gfp_limb *r, uint64_t *t, const gfp_ctx *c,
                                                           const int n) {
    uint64_t ov = 0;
    for (int i = 0; i < n; i++) {
        uint64_t m = t[i] * c->pinv;
        uint64_t cy = adx_addmul_1(t + i, c->p, n, m); /* t[i] becomes 0 */
        unsigned __int128 x = (unsigned __int128)t[i + n] + cy + ov;
        t[i + n] = (uint64_t)x;
        ov = (uint64_t)(x >> 64);
    }
    cond_sub(r, t + n, ov, c->p, n);
}

/* r = a b / R mod p for a < R, b < p; r may alias a or b.  Inlined per common
 * limb count, as the portable CIOS is (the count is public), so that the row
 * lengths and the glue between rows are compile-time constants. */
static inline __attribute__((always_inline)) void adx_mul_n(gfp_limb *r, const gfp_limb *a,
                                                             const gfp_limb *b, const gfp_ctx *c,
                                                             const int n) {
    uint64_t t[2 * GFP_MAXL];
    memset(t, 0, (size_t)(2 * n) * sizeof *t);
    for (int i = 0; i < n; i++) t[i + n] = adx_addmul_1(t + i, a, n, b[i]);
    adx_redc(r, t, c, n);
    ecedu_wipe(t, (size_t)(2 * n) * sizeof *t); /* the limbs used, not the whole buffer */
}

/* r = a^2 / R mod p for a < p; r may alias a. */
static inline __attribute__((always_inline)) void adx_sqr_n(gfp_limb *r, const gfp_limb *a,
                                                             const gfp_ctx *c, const int n) {
    uint64_t t[2 * GFP_MAXL];
    memset(t, 0, (size_t)(2 * n) * sizeof *t);
    /* the products a[i] a[j], i < j: row i is a[i+1 .. n) a[i] at W^(2i+1) */
    for (int i = 0; i + 1 < n; i++) t[i + n] = adx_addmul_1(t + 2 * i + 1, a + i + 1, n - 1 - i, a[i]);
    adx_double_add_squares(t, a, n);
    adx_redc(r, t, c, n);
    ecedu_wipe(t, (size_t)(2 * n) * sizeof *t);
}

/* The MULX level's multiplication and squaring by limb count (public): up to
 * 8 limbs (512 bits, the RSA-1024 CRT primes and the elliptic-curve sizes)
 * the template's CIOS, unrolled at a constant n, which this unit compiles with
 * MULX, is the faster one (measured on an AMD EPYC Zen 5 in the same run, ns
 * per multiplication at 512 bits: CIOS 76, SOS rows 91); above, the rows. */
enum { ADX_MIN_LIMBS = 9 };

static void mont_mul(gfp_limb *r, const gfp_limb *a, const gfp_limb *b, const gfp_ctx *c) {
    switch (c->n) {
    case 4: mont_mul_n(r, a, b, c, 4); break;
    case 8: mont_mul_n(r, a, b, c, 8); break;
    case 16: adx_mul_n(r, a, b, c, 16); break;
    case 24: adx_mul_n(r, a, b, c, 24); break;
    case 32: adx_mul_n(r, a, b, c, 32); break;
    default:
        if (c->n < ADX_MIN_LIMBS)
            mont_mul_n(r, a, b, c, c->n);
        else
            adx_mul_n(r, a, b, c, c->n);
        break;
    }
}

static void mont_sqr(gfp_limb *r, const gfp_limb *a, const gfp_ctx *c) {
    switch (c->n) {
    case 4: mont_mul_n(r, a, a, c, 4); break;
    case 8: mont_mul_n(r, a, a, c, 8); break;
    case 16: adx_sqr_n(r, a, c, 16); break;
    case 24: adx_sqr_n(r, a, c, 24); break;
    case 32: adx_sqr_n(r, a, c, 32); break;
    default:
        if (c->n < ADX_MIN_LIMBS)
            mont_mul_n(r, a, a, c, c->n);
        else
            adx_sqr_n(r, a, c, c->n);
        break;
    }
}
