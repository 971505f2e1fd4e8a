/*
 * modn.h -- arithmetic modulo the (public, odd, prime) group order n
 * of a curve, for ECDSA.  Internal to protocol/ecdsa.c (static functions).
 *
 * Representation: n has nw = ceil(bits(n)/64) <= 9 words; an element is an
 * array of ECEDU_MODN_W little-endian 64-bit words of which only the first
 * nw are used.  "Montgomery form" of a is aR mod n with R = 2^(64 nw).
 *
 * Constant time: every loop bound, branch and memory index below depends on
 * n (public) only, never on the values of the operands, so the functions may
 * take the secret key d and the nonce k.  Multiplication is CIOS (Koc,
 * Acar, Kaliski, "Analyzing and comparing Montgomery multiplication
 * algorithms", 1996) with a final subtraction chosen by a mask;
 * inversion (modn_inv, for the nonce k) is Bernstein-Yang's divsteps of
 * scalar/modinv.h; Fermat's little theorem a^(n-2) with a sliding window over
 * the public exponent n-2 (modn_inv_mont) is kept as a cross-check for the tests.
 */
#ifndef ECEDU_SCALAR_MODN_H
#define ECEDU_SCALAR_MODN_H
#include <stdint.h>
#include "internal.h"
#include "scalar/modinv.h"
#include "sqr4_mulx.h" /* the square of modn_sqr4_adx_core before its reduction */

#define ECEDU_MODN_W ECEDU_MAXW /* 9 words: n has at most 571 bits */

typedef struct ecedu_modn {
    int nw;                      /* words of n (3..9)                         */
    int nbits;                   /* bit length of n                           */
    uint64_t n[ECEDU_MODN_W];    /* the modulus                               */
    uint64_t n0;                 /* -n^-1 mod 2^64                            */
    uint64_t rr[ECEDU_MODN_W];   /* R^2 mod n                                 */
    uint64_t one[ECEDU_MODN_W];  /* R mod n, the Montgomery form of 1         */
    uint64_t nm2[ECEDU_MODN_W];  /* n - 2, the Fermat exponent                */
    ecedu_modinv inv;            /* n for the divsteps inversion (modinv.h)   */
} ecedu_modn;

/* All-ones if a < b (nw words), else 0; no branch. */
static inline uint64_t modn_ct_lt(const uint64_t *a, const uint64_t *b, int nw) {
    uint64_t borrow = 0;
    for (int i = 0; i < nw; i++) {
        unsigned __int128 d = (unsigned __int128)a[i] - b[i] - borrow;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    return 0 - borrow;
}

/*
 * Set up the context for the modulus n (public; variable time is fine
 * here).  Contract: n odd, 2 < n < 2^(64*9), nbits = bit length of n.
 */
static void modn_init(ecedu_modn *c, const uint64_t *n, int nbits) {
    int nw = (nbits + 63) / 64;
    c->nw = nw;
    c->nbits = nbits;
    for (int i = 0; i < ECEDU_MODN_W; i++) {
        c->n[i] = i < nw ? n[i] : 0;
        c->rr[i] = c->one[i] = c->nm2[i] = 0;
    }
    /* n0 = -n^-1 mod 2^64 by Newton iteration: each step doubles the
     * number of correct low bits (n odd, so inv = n is right mod 8). */
    uint64_t inv = c->n[0];
    for (int i = 0; i < 5; i++) inv *= 2 - c->n[0] * inv;
    c->n0 = 0 - inv;
    /* one = R mod n and rr = R^2 mod n by modular doubling from 1:
     * after 64*nw doublings we have R mod n, after 128*nw R^2 mod n. */
    uint64_t x[ECEDU_MODN_W + 1] = {1};
    for (int step = 1; step <= 128 * nw; step++) {
        uint64_t top = x[nw - 1] >> 63; /* x < n < 2^(64 nw): 2x fits with top */
        for (int i = nw - 1; i > 0; i--) x[i] = (x[i] << 1) | (x[i - 1] >> 63);
        x[0] <<= 1;
        if (top || !modn_ct_lt(x, c->n, nw)) { /* x >= n: subtract once */
            uint64_t borrow = 0;
            for (int i = 0; i < nw; i++) {
                unsigned __int128 d = (unsigned __int128)x[i] - c->n[i] - borrow;
                x[i] = (uint64_t)d;
                borrow = (uint64_t)(d >> 64) & 1;
            }
        }
        if (step == 64 * nw)
            for (int i = 0; i < nw; i++) c->one[i] = x[i];
    }
    for (int i = 0; i < nw; i++) c->rr[i] = x[i];
    /* nm2 = n - 2 (n > 2) */
    uint64_t borrow = 2;
    for (int i = 0; i < nw; i++) {
        unsigned __int128 d = (unsigned __int128)c->n[i] - borrow;
        c->nm2[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    modinv_init(&c->inv, c->n, nw, nbits);
}

/*
 * Montgomery product r = a b R^-1 mod n, for NW = c->nw words (the
 * always-inline core is instantiated for each possible NW, so the compiler
 * unrolls the loops).  Contract: a < R and b < n (or a < n and b < R);
 * then the result is < n.  r may alias a or b.  All ECEDU_MODN_W words of
 * r are written (those above nw are zero), as by every function below.
 */
static inline __attribute__((always_inline)) void modn_mul_core(const ecedu_modn *c, uint64_t *r,
                                                                const uint64_t *a,
                                                                const uint64_t *b, const int NW) {
    uint64_t t[ECEDU_MODN_W + 2];
    for (int j = 0; j < NW + 2; j++) t[j] = 0;
    for (int i = 0; i < NW; i++) {
        /* t += a * b[i] */
        unsigned __int128 acc;
        uint64_t carry = 0, bi = b[i];
        for (int j = 0; j < NW; j++) {
            acc = (unsigned __int128)a[j] * bi + t[j] + carry;
            t[j] = (uint64_t)acc;
            carry = (uint64_t)(acc >> 64);
        }
        acc = (unsigned __int128)t[NW] + carry;
        t[NW] = (uint64_t)acc;
        t[NW + 1] = (uint64_t)(acc >> 64);
        /* t = (t + m n) / 2^64 with m chosen so that the low word vanishes */
        uint64_t m = t[0] * c->n0;
        acc = (unsigned __int128)m * c->n[0] + t[0];
        carry = (uint64_t)(acc >> 64);
        for (int j = 1; j < NW; j++) {
            acc = (unsigned __int128)m * c->n[j] + t[j] + carry;
            t[j - 1] = (uint64_t)acc;
            carry = (uint64_t)(acc >> 64);
        }
        acc = (unsigned __int128)t[NW] + carry;
        t[NW - 1] = (uint64_t)acc;
        t[NW] = t[NW + 1] + (uint64_t)(acc >> 64);
    }
    /* t < 2n (NW + 1 words, t[NW] in {0,1}): subtract n if t >= n, by mask */
    uint64_t u[ECEDU_MODN_W], borrow = 0;
    for (int j = 0; j < NW; j++) {
        unsigned __int128 d = (unsigned __int128)t[j] - c->n[j] - borrow;
        u[j] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    uint64_t keep_t = 0 - ((t[NW] - borrow) >> 63); /* all-ones iff t < n */
    for (int j = 0; j < NW; j++) r[j] = ecedu_in_reg(u[j] ^ (keep_t & (u[j] ^ t[j])));
    for (int j = NW; j < ECEDU_MODN_W; j++) r[j] = 0;
}

/*
 * The same product in product-scanning form ("FIPS", Koc et al. 1996):
 * column by column, a * b and the reduction multiples m * n are
 * accumulated into a 3-word accumulator (t2:t1:t0), so the many
 * independent 64x64 products are not serialised through a word-by-word
 * carry chain.  Faster than CIOS from 5 words on (measured).  Same contract.
 */
static inline __attribute__((always_inline)) void modn_mul_fips(const ecedu_modn *c, uint64_t *r,
        const uint64_t *a, const uint64_t *b, const int NW) {
    uint64_t m[ECEDU_MODN_W], t[ECEDU_MODN_W + 1];
    uint64_t t0 = 0, t1 = 0, t2 = 0;
#define MAC(x, y) do { unsigned __int128 p_ = (unsigned __int128)(x) * (y); \
        unsigned __int128 s_ = ((unsigned __int128)t1 << 64 | t0) + p_; \
        t2 += s_ < p_; t0 = (uint64_t)s_; t1 = (uint64_t)(s_ >> 64); } while (0)
    for (int i = 0; i < NW; i++) {
        for (int j = 0; j < i; j++) {
            MAC(a[j], b[i - j]);
            MAC(m[j], c->n[i - j]);
        }
        MAC(a[i], b[0]);
        m[i] = t0 * c->n0;
        MAC(m[i], c->n[0]);
        t0 = t1; t1 = t2; t2 = 0;
    }
    for (int i = NW; i < 2 * NW; i++) {
        for (int j = i - NW + 1; j < NW; j++) {
            MAC(a[j], b[i - j]);
            MAC(m[j], c->n[i - j]);
        }
        t[i - NW] = t0;
        t0 = t1; t1 = t2; t2 = 0;
    }
    t[NW] = t0;
#undef MAC
    uint64_t u[ECEDU_MODN_W], borrow = 0;
    for (int j = 0; j < NW; j++) {
        unsigned __int128 d = (unsigned __int128)t[j] - c->n[j] - borrow;
        u[j] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    uint64_t keep_t = 0 - ((t[NW] - borrow) >> 63);
    for (int j = 0; j < NW; j++) r[j] = ecedu_in_reg(u[j] ^ (keep_t & (u[j] ^ t[j])));
    for (int j = NW; j < ECEDU_MODN_W; j++) r[j] = 0;
}

#if defined(__x86_64__) && !ECEDU_MSAN
/*
 * The 4-word product (n < 2^256: P-256, secp256k1, brainpoolP256r1, P-224, ...) with MULX, ADCX
 * and ADOX: the CIOS steps of modn_mul_core (Koc, Acar, Kaliski 1996) with two carry chains
 * per row, CF for the low halves of the products and OF for the high halves (Gopal et al.,
 * "Fast and constant-time implementation of modular exponentiation", Intel 2012, the ADX
 * white paper), as field/gfp/fe_p256_mont.h's p256m_mul_adx does for p; n has no word
 * structure, so each reduction row is a full one: m = t0 n0 (IMUL), t += m n (four MULX).
 *
 * Bounds (W = 2^64, R = W^4; the contract: a < R and b < n, or a < n and b < R; the loop runs
 * over b's words).  Let t_i be t before step i, t_0 = 0.  Claim t_i < a + n: true for i = 0,
 * and t_i + a b_i + m n <= (a + n - 1) + a (W - 1) + (W - 1) n < W (a + n), so the quotient
 * t_{i+1} by W is < a + n.  Hence t_i < a + n < 2R = 2^257: four words and a fifth w4 in
 * {0, 1}.  Inside a step the sums are < W (a + n) < 2^321: a sixth word w5 in {0, 1} (the
 * product row alone can reach it: a b_i + t_i < a W + n, which may exceed 2^320 when a is
 * near R).  The last quotient is t_4 = (a b + M n) / R for some M < R, < (R n + R n) / R = 2n
 * (a < R, b < n, or the symmetric case), so one masked subtraction of n (SUB/SBB over five
 * words, CMOVNC) gives a b R^-1 mod n < n.  Every MULX product is < W^2 and each chain adds
 * one bit of carry per word: no carry is lost (the OF chain ends in w5, the CF chain's last
 * carry is added into w5 by ADCX).
 *
 * The six words of t rotate through six registers from step to step: w0 is 0 after its
 * reduction (t0 + lo(m n0) = 0 mod W by the choice of m, the CF chain starting at 0), so that
 * register is the next step's empty w5.  Registers: t0..t5, lo, hi, z (the zero of the XOR
 * that clears CF and OF), the pointers a, b (and one for n's words and n0, read from memory)
 * and RDX.  Compiled for BMI2 and ADX by the function's target attribute, called only while
 * cpu.c's public flag ecedu_gfp_mulx_enabled() is on (valgrind executes these instructions:
 * tests/ctime_ecdsa); not in the MSan build (its inline-assembly rule, internal.h,
 * ECEDU_MSAN), which compiles modn_mul_core.  The tests compare it with Python integers
 * through ecedu_ecdsa_modn_op on every 4-word order at both levels.
 */
__attribute__((target("bmi2,adx"), noinline)) static void modn_mul4_adx(const ecedu_modn *c, uint64_t *r,
                                                                       const uint64_t *a, const uint64_t *b) {
    uint64_t t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0, lo, hi, z;
    /* one step on (w0..w4; w5 = 0): the row t += a b_i, then the row t += m n; the quotient by
     * W is (w1..w5), w0 (now 0) the next step's w5 */
#define MODN4_STEP(i, w0, w1, w2, w3, w4, w5)                                                          \
    "movq " #i "(%[b]), %%rdx\n\t"                                                                   \
    "xorl %k[z], %k[z]\n\t"                                                                           \
    "mulxq 0(%[a]), %[lo], %[hi]\n\t"                                                                 \
    "adcxq %[lo], %[" w0 "]\n\t"                                                                      \
    "adoxq %[hi], %[" w1 "]\n\t"                                                                      \
    "mulxq 8(%[a]), %[lo], %[hi]\n\t"                                                                 \
    "adcxq %[lo], %[" w1 "]\n\t"                                                                      \
    "adoxq %[hi], %[" w2 "]\n\t"                                                                      \
    "mulxq 16(%[a]), %[lo], %[hi]\n\t"                                                                \
    "adcxq %[lo], %[" w2 "]\n\t"                                                                      \
    "adoxq %[hi], %[" w3 "]\n\t"                                                                      \
    "mulxq 24(%[a]), %[lo], %[hi]\n\t"                                                                \
    "adcxq %[lo], %[" w3 "]\n\t"                                                                      \
    "adoxq %[hi], %[" w4 "]\n\t"                                                                      \
    "adcxq %[z], %[" w4 "]\n\t"                                                                       \
    "adcxq %[z], %[" w5 "]\n\t"                                                                       \
    "adoxq %[z], %[" w5 "]\n\t"                                                                       \
    "movq %[" w0 "], %%rdx\n\t"                                                                       \
    "imulq %[n0], %%rdx\n\t"                                                                          \
    "xorl %k[z], %k[z]\n\t"                                                                           \
    "mulxq %[nn0], %[lo], %[hi]\n\t"                                                                  \
    "adcxq %[lo], %[" w0 "]\n\t"                                                                      \
    "adoxq %[hi], %[" w1 "]\n\t"                                                                      \
    "mulxq %[nn1], %[lo], %[hi]\n\t"                                                                  \
    "adcxq %[lo], %[" w1 "]\n\t"                                                                      \
    "adoxq %[hi], %[" w2 "]\n\t"                                                                      \
    "mulxq %[nn2], %[lo], %[hi]\n\t"                                                                  \
    "adcxq %[lo], %[" w2 "]\n\t"                                                                      \
    "adoxq %[hi], %[" w3 "]\n\t"                                                                      \
    "mulxq %[nn3], %[lo], %[hi]\n\t"                                                                  \
    "adcxq %[lo], %[" w3 "]\n\t"                                                                      \
    "adoxq %[hi], %[" w4 "]\n\t"                                                                      \
    "adcxq %[z], %[" w4 "]\n\t"                                                                       \
    "adcxq %[z], %[" w5 "]\n\t"                                                                       \
    "adoxq %[z], %[" w5 "]\n\t"
    __asm__(MODN4_STEP(0, "t0", "t1", "t2", "t3", "t4", "t5")
            MODN4_STEP(8, "t1", "t2", "t3", "t4", "t5", "t0")
            MODN4_STEP(16, "t2", "t3", "t4", "t5", "t0", "t1")
            MODN4_STEP(24, "t3", "t4", "t5", "t0", "t1", "t2")
            /* t = (t4, t5, t0, t1; t2) < 2n: t - n kept unless it borrows */
            "movq %[t4], %[lo]\n\t"
            "movq %[t5], %[hi]\n\t"
            "movq %[t0], %[z]\n\t"
            "movq %[t1], %%rdx\n\t"
            "subq %[nn0], %[lo]\n\t"
            "sbbq %[nn1], %[hi]\n\t"
            "sbbq %[nn2], %[z]\n\t"
            "sbbq %[nn3], %%rdx\n\t"
            "sbbq $0, %[t2]\n\t"
            "cmovncq %[lo], %[t4]\n\t"
            "cmovncq %[hi], %[t5]\n\t"
            "cmovncq %[z], %[t0]\n\t"
            "cmovncq %%rdx, %[t1]\n\t"
            : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [t4] "+&r"(t4), [t5] "+&r"(t5),
              [lo] "=&r"(lo), [hi] "=&r"(hi), [z] "=&r"(z)
            : [a] "r"(a), [b] "r"(b), [n0] "m"(c->n0), [nn0] "m"(c->n[0]), [nn1] "m"(c->n[1]),
              [nn2] "m"(c->n[2]), [nn3] "m"(c->n[3]), "m"(*(const uint64_t(*)[4])a), "m"(*(const uint64_t(*)[4])b)
            : "rdx", "cc");
#undef MODN4_STEP
    r[0] = t4, r[1] = t5, r[2] = t0, r[3] = t1;
    for (int j = 4; j < ECEDU_MODN_W; j++) r[j] = 0;
}

/*
 * r = a^2 R^-1 mod n for 4 words with MULX: the square T = a^2 in eight words with each cross
 * product once (HAC Alg. 14.16: 10 products instead of 16; sqr4_mulx.h, as
 * field/gfp/fe_p256_mont.h's p256m_sqr_adx), then the Montgomery reduction of its low half
 * (REDC, HAC Alg. 14.32, one word at a time): the reduction rows of modn_mul4_adx on a window
 * (w0..w3; w4, w5) that starts as T_lo, T_hi waiting in memory (hi[]), then T_hi added and
 * one masked subtraction of n.  Contract: a < n (the inversion's operands are).
 * Bounds: write V_0 = T_lo < R and V_(i+1) = (V_i + m_i n) / W.  If V_i < R + n then
 * V_i + m_i n < R + n + W n < 2^321 (so w5 in {0, 1}) and V_(i+1) < R / W + n / W + n < R + n:
 * four words and a fifth w4 in {0, 1} throughout.  After four steps V_4 = (T_lo + M n) / R for
 * some M < R, so V_4 < (R + R n) / R = n + 1, and T_hi + V_4 = (T + M n) / R < (n^2 + R n) / R
 * < 2n < 2^257: five words, one masked subtraction of n (SUB/SBB, CMOVNC) gives a^2 R^-1 mod n.
 * Registers: t0..t7, lo, hi, z, the pointers (a, and c for n, n0) and RDX: 13 (T_hi goes to
 * memory before the reduction, freeing t4, t5 for w4, w5).
 */
static inline __attribute__((always_inline, target("bmi2,adx"))) void modn_sqr4_adx_core(const ecedu_modn *c,
                                                                                       uint64_t *r,
                                                                                       const uint64_t *a) {
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi, th[4];
    __asm__(
        ECEDU_SQR4_MULX("a") /* T = a^2: t0..t7 (sqr4_mulx.h) */
        /* T_hi to memory; w4 = w5 = 0 */
        "movq %[t4], 0+%[th]\n\t"
        "movq %[t5], 8+%[th]\n\t"
        "movq %[t6], 16+%[th]\n\t"
        "movq %[t7], 24+%[th]\n\t"
        "xorl %k[t4], %k[t4]\n\t"
        "xorl %k[t5], %k[t5]\n\t"
#define MODN4_REDC_ROW(w0, w1, w2, w3, w4, w5)                                                         \
    "movq %[" w0 "], %%rdx\n\t"                                                                       \
    "imulq %[n0], %%rdx\n\t"                                                                          \
    "xorl %k[t6], %k[t6]\n\t"                                                                           \
    "mulxq %[nn0], %[lo], %[hi]\n\t"                                                                  \
    "adcxq %[lo], %[" w0 "]\n\t"                                                                      \
    "adoxq %[hi], %[" w1 "]\n\t"                                                                      \
    "mulxq %[nn1], %[lo], %[hi]\n\t"                                                                  \
    "adcxq %[lo], %[" w1 "]\n\t"                                                                      \
    "adoxq %[hi], %[" w2 "]\n\t"                                                                      \
    "mulxq %[nn2], %[lo], %[hi]\n\t"                                                                  \
    "adcxq %[lo], %[" w2 "]\n\t"                                                                      \
    "adoxq %[hi], %[" w3 "]\n\t"                                                                      \
    "mulxq %[nn3], %[lo], %[hi]\n\t"                                                                  \
    "adcxq %[lo], %[" w3 "]\n\t"                                                                      \
    "adoxq %[hi], %[" w4 "]\n\t"                                                                      \
    "adcxq %[t6], %[" w4 "]\n\t"                                                                       \
    "adcxq %[t6], %[" w5 "]\n\t"                                                                       \
    "adoxq %[t6], %[" w5 "]\n\t"
        MODN4_REDC_ROW("t0", "t1", "t2", "t3", "t4", "t5")
        MODN4_REDC_ROW("t1", "t2", "t3", "t4", "t5", "t0")
        MODN4_REDC_ROW("t2", "t3", "t4", "t5", "t0", "t1")
        MODN4_REDC_ROW("t3", "t4", "t5", "t0", "t1", "t2")
#undef MODN4_REDC_ROW
        /* V_4 = (t4, t5, t0, t1; t2); + T_hi, the carry into t2; then - n unless it borrows */
        "addq 0+%[th], %[t4]\n\t"
        "adcq 8+%[th], %[t5]\n\t"
        "adcq 16+%[th], %[t0]\n\t"
        "adcq 24+%[th], %[t1]\n\t"
        "adcq $0, %[t2]\n\t"
        "movq %[t4], %[lo]\n\t"
        "movq %[t5], %[hi]\n\t"
        "movq %[t0], %[t7]\n\t"
        "movq %[t1], %%rdx\n\t"
        "subq %[nn0], %[lo]\n\t"
        "sbbq %[nn1], %[hi]\n\t"
        "sbbq %[nn2], %[t7]\n\t"
        "sbbq %[nn3], %%rdx\n\t"
        "sbbq $0, %[t2]\n\t"
        "cmovncq %[lo], %[t4]\n\t"
        "cmovncq %[hi], %[t5]\n\t"
        "cmovncq %[t7], %[t0]\n\t"
        "cmovncq %%rdx, %[t1]\n\t"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
          [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi), [th] "=m"(th)
        : [a] "r"(a), [n0] "m"(c->n0), [nn0] "m"(c->n[0]), [nn1] "m"(c->n[1]), [nn2] "m"(c->n[2]),
          [nn3] "m"(c->n[3]), "m"(*(const uint64_t(*)[4])a)
        : "rdx", "cc");
    (void)t3, (void)t6, (void)t7;
    r[0] = t4, r[1] = t5, r[2] = t0, r[3] = t1;
    for (int j = 4; j < ECEDU_MODN_W; j++) r[j] = 0;
    ecedu_wipe(th, sizeof th);
}

__attribute__((target("bmi2,adx"), noinline)) static void modn_sqr4_adx(const ecedu_modn *c, uint64_t *r,
                                                                       const uint64_t *a) {
    modn_sqr4_adx_core(c, r, a);
}
#define MODN_HAVE_MUL4_ADX 1
#else
#define MODN_HAVE_MUL4_ADX 0
#endif

/* r = a b R^-1 mod n: CIOS for 3 and 4 words (4 words: the MULX/ADX product while cpu.c's public
 * flag ecedu_gfp_mulx_enabled() is on), product scanning above. */
static void modn_mul(const ecedu_modn *c, uint64_t *r, const uint64_t *a, const uint64_t *b) {
    switch (c->nw) { /* public */
    case 3: modn_mul_core(c, r, a, b, 3); break;
    case 4:
#if MODN_HAVE_MUL4_ADX
        if (ecedu_gfp_mulx_enabled()) { /* public */
            modn_mul4_adx(c, r, a, b);
            break;
        }
#endif
        modn_mul_core(c, r, a, b, 4);
        break;
    case 5: modn_mul_fips(c, r, a, b, 5); break;
    case 7: modn_mul_fips(c, r, a, b, 7); break;
    case 9: modn_mul_fips(c, r, a, b, 9); break;
    default: modn_mul_core(c, r, a, b, c->nw); break;
    }
}

/* r = a^2 R^-1 mod n.  Contract: a < n.  4 words at the MULX level: modn_sqr4_adx; otherwise
 * the product. */
static void modn_sqr(const ecedu_modn *c, uint64_t *r, const uint64_t *a) {
#if MODN_HAVE_MUL4_ADX
    if (c->nw == 4 && ecedu_gfp_mulx_enabled()) { /* public */
        modn_sqr4_adx(c, r, a);
        return;
    }
#endif
    modn_mul(c, r, a, a);
}

/* r = a R mod n (Montgomery form).  Contract: a < R. */
static void modn_to_mont(const ecedu_modn *c, uint64_t *r, const uint64_t *a) {
    modn_mul(c, r, a, c->rr);
}

/* r = a R^-1 mod n (out of Montgomery form).  Contract: a < R; r < n. */
static void modn_from_mont(const ecedu_modn *c, uint64_t *r, const uint64_t *a) {
    uint64_t one[ECEDU_MODN_W] = {1};
    modn_mul(c, r, a, one);
}

/* r = a mod n for any a < R (e.g. a hash, or an x-coordinate < 2^m). */
static void modn_reduce(const ecedu_modn *c, uint64_t *r, const uint64_t *a) {
    uint64_t t[ECEDU_MODN_W];
    modn_to_mont(c, t, a);
    modn_from_mont(c, r, t);
}

/* r = (a + b) mod n.  Contract: a, b < n.  r may alias a or b. */
static void modn_add(const ecedu_modn *c, uint64_t *r, const uint64_t *a, const uint64_t *b) {
    const int nw = c->nw;
    uint64_t s[ECEDU_MODN_W], u[ECEDU_MODN_W], carry = 0, borrow = 0;
    for (int i = 0; i < nw; i++) {
        unsigned __int128 t = (unsigned __int128)a[i] + b[i] + carry;
        s[i] = (uint64_t)t;
        carry = (uint64_t)(t >> 64);
    }
    for (int i = 0; i < nw; i++) {
        unsigned __int128 d = (unsigned __int128)s[i] - c->n[i] - borrow;
        u[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    /* a + b >= n iff the sum carried out or s - n did not borrow */
    uint64_t use_u = 0 - (carry | (borrow ^ 1));
    for (int i = 0; i < nw; i++) r[i] = s[i] ^ (use_u & (s[i] ^ u[i]));
    for (int i = nw; i < ECEDU_MODN_W; i++) r[i] = 0;
}

/*
 * r = a^-1 mod n, a and r in plain (not Montgomery) form, constant time in a: the divsteps of
 * scalar/modinv.h (n odd, prime).  Contract: a < n; a = 0 gives 0.  r may alias a.
 */
static void modn_inv(const ecedu_modn *c, uint64_t *r, const uint64_t *a) {
    modinv(&c->inv, r, a);
    for (int i = c->nw; i < ECEDU_MODN_W; i++) r[i] = 0;
}

/* r = a^-1 mod n as modn_inv, in VARIABLE TIME (scalar/modinv.h's modinv_vartime): for a PUBLIC
 * a only (ECDSA verification's s^-1).  Contract as modn_inv's. */
static void modn_inv_vartime(const ecedu_modn *c, uint64_t *r, const uint64_t *a) {
    modinv_vartime(&c->inv, r, a);
    for (int i = c->nw; i < ECEDU_MODN_W; i++) r[i] = 0;
}

/*
 * r = a^(n-2) = a^-1 in Montgomery form (Fermat; n prime).  Not on the signing path any more
 * (modn_inv is 3 to 15 times faster): the tests' independent check of modn_inv.  Contract: a is
 * in Montgomery form, a < n; a = 0 gives 0.  Left-to-right sliding window
 * of width 5 over the PUBLIC exponent n - 2 (HAC Algorithm 14.85):
 * the table holds the odd powers a, a^3, ..., a^31; which squarings and
 * multiplications happen, and every table index, depend on n only -- the
 * same sequence for every a, so this is constant time in a.
 */
static void modn_inv_mont(const ecedu_modn *c, uint64_t *r, const uint64_t *a) {
    enum { WIN = 5 };
    const int nw = c->nw;
    uint64_t tab[1 << (WIN - 1)][ECEDU_MODN_W], a2[ECEDU_MODN_W], acc[ECEDU_MODN_W];
    const uint64_t *e = c->nm2;
#define EBIT(i) ((int)((e[(i) >> 6] >> ((i) & 63)) & 1))
    for (int i = 0; i < ECEDU_MODN_W; i++) tab[0][i] = a[i];
    modn_sqr(c, a2, a);
    for (int j = 1; j < (1 << (WIN - 1)); j++) modn_mul(c, tab[j], tab[j - 1], a2); /* a^(2j+1) */
    for (int i = 0; i < ECEDU_MODN_W; i++) acc[i] = c->one[i];
    int i = c->nbits - 1; /* n - 2 has the bit length of n (n > 4) */
    while (i >= 0) {
        if (!EBIT(i)) { /* public bit */
            modn_sqr(c, acc, acc);
            i--;
            continue;
        }
        /* the longest window e[i..l] of at most WIN bits that ends in a 1 */
        int l = i - WIN + 1 < 0 ? 0 : i - WIN + 1;
        while (!EBIT(l)) l++;
        int val = 0;
        for (int j = i; j >= l; j--) {
            val = (val << 1) | EBIT(j);
            modn_sqr(c, acc, acc);
        }
        modn_mul(c, acc, acc, tab[val >> 1]); /* val odd */
        i = l - 1;
    }
#undef EBIT
    for (int k = 0; k < ECEDU_MODN_W; k++) r[k] = k < nw ? acc[k] : 0;
    /* wipe the powers of a (a may be the secret nonce) */
    volatile uint64_t *v = &tab[0][0];
    for (size_t k = 0; k < sizeof tab / sizeof(uint64_t); k++) v[k] = 0;
    v = a2;
    for (size_t k = 0; k < ECEDU_MODN_W; k++) v[k] = 0;
}

#endif
