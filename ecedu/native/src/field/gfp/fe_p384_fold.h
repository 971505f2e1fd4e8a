/*
 * fe_p384_fold.h -- GF(p384), p = 2^384 - 2^128 - 2^96 + 2^32 - 1 (FIPS 186-4 D.1.2.4), in the
 * ordinary representation (x mod p, fully reduced, six 64-bit limbs): the schoolbook product
 * (HAC Alg. 14.12) or the squaring with each cross product once (HAC Alg. 14.16), then the
 * reduction by folding W^6 = c (mod p), W = 2^64, c = 2^128 + 2^96 - 2^32 + 1 (Crandall's
 * reduction for p = 2^b - c, US patent 5,159,632, 1992; GECC Alg. 2.30 is the same fold in
 * 32-bit words with the terms spelled out).  fe interface prefix p384f (field/gfp/README.md),
 * all static; bytes, neg, cmov, is_zero and set_small are fe_sat.tmpl.h's (FE_MONT 0), add,
 * sub and half this file's own in assembly on x86-64 (FE_HAS_ADDSUB; fe_sat.tmpl.h's C
 * elsewhere and in the MSan build), the inversion by divsteps (p384f_inv, below: scalar/modinv.h).
 *
 * Two versions of the product and of the squaring, identical results: p384f_mul_wide and
 * p384f_sqr_wide (C, unsigned __int128 rows) and p384f_mul_wide_adx and p384f_sqr_wide_adx
 * (MULX/ADCX/ADOX inline assembly, the two carry chains of Intel's ADX paper: CF for the low
 * halves of a row, OF for the high halves); the reduction p384f_reduce in C, and
 * p384f_reduce_asm (plain x86-64 assembly, both levels on x86-64, not in the MSan build).
 * The unit switches of field/gfp/fe_level.h: ECEDU_FE_ADX_UNIT (a unit compiled for BMI2 and
 * ADX: the MULX assembly; not in the MSan build, which cannot see into it and whose drivers
 * force the portable level), ECEDU_FE_PORTABLE_UNIT (the C rows, no flag test), else cpu.c's
 * public flag (the dispatch below).  Measured standalone at the MULX level (min TSC ticks of
 * one k Q, shared machine, load 8-12, noisy): 328,000-333,000 with the C reduction, the C
 * squaring and fe_sat.tmpl.h's C add/sub without the halving doubling; 285,000-292,000 with
 * the assembly reduction, MULX squaring, assembly add/sub/half and FE_HALF.
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
 * On an AMD EPYC Zen 3 (5 December 2026, the MULX unit's p384f_mul in a driver, min TSC ticks):
 * one dependent chain 89 per product, two or four independent chains 74 (the MULX product alone,
 * four independent, 47); MULX issues once per 1.09 ticks there, so the 36 of a product take 39 at
 * least.  Two products side by side (as the binary fields' FN(mul2)) could save at most 89 -> 74
 * where the formulas have two independent products, and the processor's reordering already
 * overlaps part of that: not tried further.  Two C row products interleaved statement by
 * statement ran 102 per product.
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

#include "scalar/modinv.h" /* the divsteps inversion, p384f_inv */

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

#if defined(__x86_64__) && !ECEDU_MSAN
/* The steps that the assembly of this file (p384f_reduce_asm below, p384f_add, p384f_sub and
 * p384f_half further down) shares, written once; x names the six limb operands x0..x5 (in
 * place), c a mask register:
 *   P384F_ARITH_ASM(op, opc, x)  x op= b: ADD/ADC (SUB/SBB) with b's six limbs from memory
 *                                ([bp]), the carry (borrow) out in CF;
 *   P384F_SUB_P_ASM(x, c)        x - p in place by SUB/SBB, p's words as immediates where they
 *                                fit a sign-extended 32-bit field (p2 = -2, p3..p5 = -1) and
 *                                from memory else ([p0] = 2^32 - 1, [p1] = 2^64 - 2^32), then
 *                                c -= borrow (SBB $0);
 *   P384F_PMASK_ASM(c, m0, m1, m2)  p AND c for c = 0 or all-ones, built from c alone: m0 =
 *                                p0 AND c = the low half of c (MOVL), m1 = p1 AND c = c << 32,
 *                                m2 = p2 AND c = c + c (LEA: 0 or -2), p3..p5 AND c = c itself;
 *   P384F_ADD_PMASK_ASM(x, c, m0, m1, m2)  x + (p AND c) from those registers by ADD/ADC, the
 *                                carry out left in CF (p384f_half puts its XOR between the two).
 * Plain x86-64 instructions, no branch, no address from a value. */
#define P384F_ARITH_ASM(op, opc, x)                                                                 \
    op " 0(%[bp]), %[" x "0]\n\t"                                                                   \
    opc " 8(%[bp]), %[" x "1]\n\t"                                                                  \
    opc " 16(%[bp]), %[" x "2]\n\t"                                                                 \
    opc " 24(%[bp]), %[" x "3]\n\t"                                                                 \
    opc " 32(%[bp]), %[" x "4]\n\t"                                                                 \
    opc " 40(%[bp]), %[" x "5]\n\t"
#define P384F_SUB_P_ASM(x, c)                                                                       \
    "subq %[p0], %[" x "0]\n\t"                                                                     \
    "sbbq %[p1], %[" x "1]\n\t"                                                                     \
    "sbbq $-2, %[" x "2]\n\t"                                                                       \
    "sbbq $-1, %[" x "3]\n\t"                                                                       \
    "sbbq $-1, %[" x "4]\n\t"                                                                       \
    "sbbq $-1, %[" x "5]\n\t"                                                                       \
    "sbbq $0, %[" c "]\n\t"
#define P384F_PMASK_ASM(c, m0, m1, m2)                                                              \
    "movl %k[" c "], %k[" m0 "]\n\t"                                                                \
    "movq %[" c "], %[" m1 "]\n\t"                                                                  \
    "shlq $32, %[" m1 "]\n\t"                                                                       \
    "leaq (%[" c "],%[" c "]), %[" m2 "]\n\t"
#define P384F_ADD_PMASK_ASM(x, c, m0, m1, m2)                                                       \
    "addq %[" m0 "], %[" x "0]\n\t"                                                                 \
    "adcq %[" m1 "], %[" x "1]\n\t"                                                                 \
    "adcq %[" m2 "], %[" x "2]\n\t"                                                                 \
    "adcq %[" c "], %[" x "3]\n\t"                                                                  \
    "adcq %[" c "], %[" x "4]\n\t"                                                                  \
    "adcq %[" c "], %[" x "5]\n\t"
#endif

#if defined(__x86_64__) && !ECEDU_MSAN
/* p384f_reduce in inline assembly (plain x86-64 instructions; not in the MSan build): the same
 * two rounds and the same order of chains as the C above, with the bounds argued there, but
 * U in nine registers a0..a8 and the shifted limbs read from memory: GCC 12 made of the C
 * about 230 instructions with spills, this is about 120.
 *   S = H 2^32: s_j = (h_j << 32) | (h_(j-1) >> 32) (SHRD, through a6 and a7 before they are
 *   zeroed), written over T[0 .. 6) once L is loaded into a0..a5 (T is the caller's scratch),
 *   s6 = h5 >> 32 in t2;
 *   U = L + H (a0..a6), + H W^2 (a2..a8), + S W (a1..a8), - S (a0..a8): four chains, each one
 *   ADD/ADC (SUB/SBB) run to a8 (no carry out of a8, no borrow: the bounds above);
 *   G = (a6, a7, a8) < 2^130, S' = G 2^32 in three limbs written over T[0 .. 3) (a8 < 4, so
 *   a8 >> 32 = 0); V = (a0..a5) + G + G W^2 + S' W - S', its seventh limb v6 in t3;
 *   V < 2p: V - p over the seven limbs in place (P384F_SUB_P_ASM, v6 in t3), then
 *   t3 = v6 - borrow is 0 if V >= p, all-ones if V < p (then v6 = 0), and p AND t3 is added
 *   back (P384F_PMASK_ASM, P384F_ADD_PMASK_ASM; the carry out dropped).  No branch, no
 *   address from a value.
 * Registers: a0..a8, t2, t3 and the pointer: 12 (the frame-pointer ASan build has 14). */
static inline __attribute__((always_inline)) void p384f_reduce_asm(uint64_t *r, uint64_t *T) {
    uint64_t a0, a1, a2, a3, a4, a5, a6, a7, a8, t2, t3;
    __asm__(/* L into a0..a5, then S over T[0 .. 6) and t2 */
            "movq 0(%[tp]), %[a0]\n\t"
            "movq 8(%[tp]), %[a1]\n\t"
            "movq 16(%[tp]), %[a2]\n\t"
            "movq 24(%[tp]), %[a3]\n\t"
            "movq 32(%[tp]), %[a4]\n\t"
            "movq 40(%[tp]), %[a5]\n\t"
            "movq 48(%[tp]), %[a6]\n\t"
            "shlq $32, %[a6]\n\t"
            "movq %[a6], 0(%[tp])\n\t"
            "movq 48(%[tp]), %[a6]\n\t"
            "movq 56(%[tp]), %[a7]\n\t"
            "shrdq $32, %[a7], %[a6]\n\t"
            "movq %[a6], 8(%[tp])\n\t"
            "movq 64(%[tp]), %[a6]\n\t"
            "shrdq $32, %[a6], %[a7]\n\t"
            "movq %[a7], 16(%[tp])\n\t"
            "movq 72(%[tp]), %[a7]\n\t"
            "shrdq $32, %[a7], %[a6]\n\t"
            "movq %[a6], 24(%[tp])\n\t"
            "movq 80(%[tp]), %[a6]\n\t"
            "shrdq $32, %[a6], %[a7]\n\t"
            "movq %[a7], 32(%[tp])\n\t"
            "movq 88(%[tp]), %[t2]\n\t"
            "shrdq $32, %[t2], %[a6]\n\t"
            "movq %[a6], 40(%[tp])\n\t"
            "shrq $32, %[t2]\n\t"
            /* U = L + H */
            "xorl %k[a7], %k[a7]\n\t"
            "xorl %k[a8], %k[a8]\n\t"
            "xorl %k[a6], %k[a6]\n\t"
            "addq 48(%[tp]), %[a0]\n\t"
            "adcq 56(%[tp]), %[a1]\n\t"
            "adcq 64(%[tp]), %[a2]\n\t"
            "adcq 72(%[tp]), %[a3]\n\t"
            "adcq 80(%[tp]), %[a4]\n\t"
            "adcq 88(%[tp]), %[a5]\n\t"
            "adcq $0, %[a6]\n\t"
            /* + H W^2 */
            "addq 48(%[tp]), %[a2]\n\t"
            "adcq 56(%[tp]), %[a3]\n\t"
            "adcq 64(%[tp]), %[a4]\n\t"
            "adcq 72(%[tp]), %[a5]\n\t"
            "adcq 80(%[tp]), %[a6]\n\t"
            "adcq 88(%[tp]), %[a7]\n\t"
            "adcq $0, %[a8]\n\t"
            /* + S W */
            "addq 0(%[tp]), %[a1]\n\t"
            "adcq 8(%[tp]), %[a2]\n\t"
            "adcq 16(%[tp]), %[a3]\n\t"
            "adcq 24(%[tp]), %[a4]\n\t"
            "adcq 32(%[tp]), %[a5]\n\t"
            "adcq 40(%[tp]), %[a6]\n\t"
            "adcq %[t2], %[a7]\n\t"
            "adcq $0, %[a8]\n\t"
            /* - S */
            "subq 0(%[tp]), %[a0]\n\t"
            "sbbq 8(%[tp]), %[a1]\n\t"
            "sbbq 16(%[tp]), %[a2]\n\t"
            "sbbq 24(%[tp]), %[a3]\n\t"
            "sbbq 32(%[tp]), %[a4]\n\t"
            "sbbq 40(%[tp]), %[a5]\n\t"
            "sbbq %[t2], %[a6]\n\t"
            "sbbq $0, %[a7]\n\t"
            "sbbq $0, %[a8]\n\t"
            /* second round: S' = G 2^32 in t0, t1, t2; v6 in t3 */
            "movq %[a6], %[t2]\n\t"
            "shlq $32, %[t2]\n\t"
            "movq %[t2], 0(%[tp])\n\t"
            "movq %[a6], %[t2]\n\t"
            "shrdq $32, %[a7], %[t2]\n\t"
            "movq %[t2], 8(%[tp])\n\t"
            "movq %[a7], %[t2]\n\t"
            "shrdq $32, %[a8], %[t2]\n\t"
            "movq %[t2], 16(%[tp])\n\t"
            "xorl %k[t3], %k[t3]\n\t"
            "addq %[a6], %[a0]\n\t"
            "adcq %[a7], %[a1]\n\t"
            "adcq %[a8], %[a2]\n\t"
            "adcq $0, %[a3]\n\t"
            "adcq $0, %[a4]\n\t"
            "adcq $0, %[a5]\n\t"
            "adcq $0, %[t3]\n\t"
            "addq %[a6], %[a2]\n\t"
            "adcq %[a7], %[a3]\n\t"
            "adcq %[a8], %[a4]\n\t"
            "adcq $0, %[a5]\n\t"
            "adcq $0, %[t3]\n\t"
            "addq 0(%[tp]), %[a1]\n\t"
            "adcq 8(%[tp]), %[a2]\n\t"
            "adcq 16(%[tp]), %[a3]\n\t"
            "adcq $0, %[a4]\n\t"
            "adcq $0, %[a5]\n\t"
            "adcq $0, %[t3]\n\t"
            "subq 0(%[tp]), %[a0]\n\t"
            "sbbq 8(%[tp]), %[a1]\n\t"
            "sbbq 16(%[tp]), %[a2]\n\t"
            "sbbq $0, %[a3]\n\t"
            "sbbq $0, %[a4]\n\t"
            "sbbq $0, %[a5]\n\t"
            "sbbq $0, %[t3]\n\t"
            /* V - p in place; t3 = v6 - borrow is then 0 (V >= p) or all-ones (V < p: v6 = 0),
             * the mask of p added back (the carry out dropped) */
            P384F_SUB_P_ASM("a", "t3") P384F_PMASK_ASM("t3", "a6", "a7", "a8")
                P384F_ADD_PMASK_ASM("a", "t3", "a6", "a7", "a8")
            : [a0] "=&r"(a0), [a1] "=&r"(a1), [a2] "=&r"(a2), [a3] "=&r"(a3), [a4] "=&r"(a4), [a5] "=&r"(a5),
              [a6] "=&r"(a6), [a7] "=&r"(a7), [a8] "=&r"(a8), [t2] "=&r"(t2), [t3] "=&r"(t3),
              "+m"(*(uint64_t(*)[12])T)
            : [tp] "r"(T), [p0] "m"(P384F_P[0]), [p1] "m"(P384F_P[1])
            : "cc");
    r[0] = a0, r[1] = a1, r[2] = a2, r[3] = a3, r[4] = a4, r[5] = a5;
}
#define P384F_REDUCE p384f_reduce_asm
#else
#define P384F_REDUCE p384f_reduce
#endif

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

/* T[0 .. 12) = a^2 with MULX, ADCX and ADOX: HAC Alg. 14.16 as p384f_sqr_wide (the 15 cross
 * products once, doubled, plus the 6 squares), in assembly.
 * Cross products, row i = 0..4 (rdx = a[i], j = i+1..5: column i+j += lo, i+j+1 += hi):
 * row 0 writes its products into fresh registers (one ADD/ADC chain for the overlapping
 * halves), rows 1 and 2 add theirs by the two chains of p384f_mul_wide_adx (ADCX: CF for the
 * low halves, ADOX: OF for the high halves, then the row's top limb += CF; OF is 0 after the
 * last ADOX into the fresh top limb, which was 0: hi <= W - 2), rows 3 and 4 likewise.  No
 * carry is lost: after each row the partial sum is a sum of products of a's limbs below
 * the column weight of its top limb plus one (the sum of a[i] a[j] W^(i+j), i < j, is below
 * a^2 / 2 < W^12 / 2, and every prefix of rows is below its own top column's W^(k+1)).
 * Columns 1..4 are final after rows 0 and 1 and are parked in T (their registers are reused
 * for columns 9 and 10; the ASan build keeps the frame pointer, so the operands take 13
 * registers: x1..x8, lo, hi, the two pointers and RDX).
 * Doubling and squares in one pass, column pairs from the bottom: the doubling by ADCX t, t
 * (CF), the square a[i]^2 = (hi, lo) by ADOX into columns 2i and 2i+1 (OF); column 11 starts
 * at 0 (the XOR that clears both flags) and takes the doubling's carry and the last high
 * half (column 11 in lo once the last low half is added, zeroed by MOV, which keeps the
 * flags; the XOR that clears both flags at the start zeroes lo too).  The sum is a^2 < W^12
 * exactly, so neither chain carries out of column 11. */
static inline __attribute__((always_inline, target("bmi2,adx"))) void p384f_sqr_wide_adx(uint64_t *T,
                                                                                         const uint64_t *a) {
    uint64_t x1, x2, x3, x4, x5, x6, x7, x8, lo, hi;
    __asm__(/* row 0: rdx = a0, columns 1..6 in x1..x6 */
            "movq 0(%[ap]), %%rdx\n\t"
            "mulxq 8(%[ap]), %[x1], %[x2]\n\t"
            "mulxq 16(%[ap]), %[lo], %[x3]\n\t"
            "addq %[lo], %[x2]\n\t"
            "mulxq 24(%[ap]), %[lo], %[x4]\n\t"
            "adcq %[lo], %[x3]\n\t"
            "mulxq 32(%[ap]), %[lo], %[x5]\n\t"
            "adcq %[lo], %[x4]\n\t"
            "mulxq 40(%[ap]), %[lo], %[x6]\n\t"
            "adcq %[lo], %[x5]\n\t"
            "adcq $0, %[x6]\n\t"
            "movq %[x1], 8(%[tp])\n\t"
            "movq %[x2], 16(%[tp])\n\t"
            /* row 1: rdx = a1, columns 3..7 (x3..x6, x7 fresh) */
            "movq 8(%[ap]), %%rdx\n\t"
            "xorl %k[x7], %k[x7]\n\t"
            "mulxq 16(%[ap]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[x3]\n\t"
            "adoxq %[hi], %[x4]\n\t"
            "mulxq 24(%[ap]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[x4]\n\t"
            "adoxq %[hi], %[x5]\n\t"
            "mulxq 32(%[ap]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[x5]\n\t"
            "adoxq %[hi], %[x6]\n\t"
            "mulxq 40(%[ap]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[x6]\n\t"
            "adoxq %[hi], %[x7]\n\t"
            "adcq $0, %[x7]\n\t"
            "movq %[x3], 24(%[tp])\n\t"
            "movq %[x4], 32(%[tp])\n\t"
            /* row 2: rdx = a2, columns 5..8 (x5..x7, x8 fresh) */
            "movq 16(%[ap]), %%rdx\n\t"
            "xorl %k[x8], %k[x8]\n\t"
            "mulxq 24(%[ap]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[x5]\n\t"
            "adoxq %[hi], %[x6]\n\t"
            "mulxq 32(%[ap]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[x6]\n\t"
            "adoxq %[hi], %[x7]\n\t"
            "mulxq 40(%[ap]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[x7]\n\t"
            "adoxq %[hi], %[x8]\n\t"
            "adcq $0, %[x8]\n\t"
            /* row 3: rdx = a3, columns 7..9 (x7, x8, x1 fresh: column 9) */
            "movq 24(%[ap]), %%rdx\n\t"
            "xorl %k[x1], %k[x1]\n\t"
            "mulxq 32(%[ap]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[x7]\n\t"
            "adoxq %[hi], %[x8]\n\t"
            "mulxq 40(%[ap]), %[lo], %[hi]\n\t"
            "adcxq %[lo], %[x8]\n\t"
            "adoxq %[hi], %[x1]\n\t"
            "adcq $0, %[x1]\n\t"
            /* row 4: rdx = a4, columns 9, 10 (x1, x2 fresh: column 10) */
            "movq 32(%[ap]), %%rdx\n\t"
            "mulxq 40(%[ap]), %[lo], %[x2]\n\t"
            "addq %[lo], %[x1]\n\t"
            "adcq $0, %[x2]\n\t"
            /* doubling (CF) and squares (OF); x0 = column 11 */
            "movq 0(%[ap]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "movq %[lo], 0(%[tp])\n\t"
            "xorl %k[lo], %k[lo]\n\t"
            "movq 8(%[tp]), %[x3]\n\t"
            "adcxq %[x3], %[x3]\n\t"
            "adoxq %[hi], %[x3]\n\t"
            "movq %[x3], 8(%[tp])\n\t"
            "movq 8(%[ap]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "movq 16(%[tp]), %[x4]\n\t"
            "adcxq %[x4], %[x4]\n\t"
            "adoxq %[lo], %[x4]\n\t"
            "movq %[x4], 16(%[tp])\n\t"
            "movq 24(%[tp]), %[x3]\n\t"
            "adcxq %[x3], %[x3]\n\t"
            "adoxq %[hi], %[x3]\n\t"
            "movq %[x3], 24(%[tp])\n\t"
            "movq 16(%[ap]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "movq 32(%[tp]), %[x4]\n\t"
            "adcxq %[x4], %[x4]\n\t"
            "adoxq %[lo], %[x4]\n\t"
            "movq %[x4], 32(%[tp])\n\t"
            "adcxq %[x5], %[x5]\n\t"
            "adoxq %[hi], %[x5]\n\t"
            "movq %[x5], 40(%[tp])\n\t"
            "movq 24(%[ap]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcxq %[x6], %[x6]\n\t"
            "adoxq %[lo], %[x6]\n\t"
            "movq %[x6], 48(%[tp])\n\t"
            "adcxq %[x7], %[x7]\n\t"
            "adoxq %[hi], %[x7]\n\t"
            "movq %[x7], 56(%[tp])\n\t"
            "movq 32(%[ap]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcxq %[x8], %[x8]\n\t"
            "adoxq %[lo], %[x8]\n\t"
            "movq %[x8], 64(%[tp])\n\t"
            "adcxq %[x1], %[x1]\n\t"
            "adoxq %[hi], %[x1]\n\t"
            "movq %[x1], 72(%[tp])\n\t"
            "movq 40(%[ap]), %%rdx\n\t"
            "mulxq %%rdx, %[lo], %[hi]\n\t"
            "adcxq %[x2], %[x2]\n\t"
            "adoxq %[lo], %[x2]\n\t"
            "movq %[x2], 80(%[tp])\n\t"
            "movl $0, %k[lo]\n\t"
            "adcxq %[lo], %[lo]\n\t"
            "adoxq %[hi], %[lo]\n\t"
            "movq %[lo], 88(%[tp])\n\t"
            : [x1] "=&r"(x1), [x2] "=&r"(x2), [x3] "=&r"(x3), [x4] "=&r"(x4), [x5] "=&r"(x5), [x6] "=&r"(x6),
              [x7] "=&r"(x7), [x8] "=&r"(x8), [lo] "=&r"(lo), [hi] "=&r"(hi),
              "=m"(*(uint64_t(*)[12])T)
            : [ap] "r"(a), [tp] "r"(T), "m"(*(const uint64_t(*)[6])a)
            : "rdx", "cc");
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

/* The fe interface's product and squaring: the C ones out of line (measured at 6 limbs for
 * fe_mont.tmpl.h: inlined into the formulas they make them too big for the instruction cache),
 * the MULX ones see below.  r may alias a or b: T is a local array. */
#if !(defined(ECEDU_FE_ADX_UNIT) && defined(__x86_64__) && !ECEDU_MSAN)
static __attribute__((noinline)) void p384f_mul_c(p384f_fe *r, const p384f_fe *a, const p384f_fe *b) {
    uint64_t T[12];
    p384f_mul_wide(T, a->v, b->v);
    P384F_REDUCE(r->v, T);
}

static __attribute__((noinline)) void p384f_sqr_c(p384f_fe *r, const p384f_fe *a) {
    uint64_t T[12];
    p384f_sqr_wide(T, a->v);
    P384F_REDUCE(r->v, T);
}
#endif

#if defined(__x86_64__) && !ECEDU_MSAN && !defined(ECEDU_FE_PORTABLE_UNIT)
/* The MULX product and squaring: inlined into the formulas in the unit compiled for BMI2 and
 * ADX (gfp_secp384r1_mulx.c), out of line elsewhere (the run-time dispatch below).  Unlike
 * fe_mont.tmpl.h's, inlining pays here: measured on an AMD EPYC Zen 3 (min TSC ticks, four
 * pairs of builds alternated), ECDSA verification 385,500 -> 375,800, ECDH 367,600 -> 359,000
 * (-2.5% each), signing and k G within 1%; the library's text grows by 127 KB.  A product is
 * one dependent chain of about 70 ticks (the MULX rows, then the fold), so the Jacobian
 * doubling runs its eight products one after the other either way; inlined, the calls, the
 * spills around them and T's trip through memory go. */
#ifdef ECEDU_FE_ADX_UNIT
#define P384F_ADX_FN static inline __attribute__((always_inline, target("bmi2,adx")))
#else
#define P384F_ADX_FN static __attribute__((noinline, target("bmi2,adx")))
#endif
P384F_ADX_FN void p384f_mul_adx(p384f_fe *r, const p384f_fe *a, const p384f_fe *b) {
    uint64_t T[12];
    p384f_mul_wide_adx(T, a->v, b->v);
    P384F_REDUCE(r->v, T);
}

P384F_ADX_FN void p384f_sqr_adx(p384f_fe *r, const p384f_fe *a) {
    uint64_t T[12];
    p384f_sqr_wide_adx(T, a->v);
    P384F_REDUCE(r->v, T);
}
#endif

#if defined(ECEDU_FE_ADX_UNIT) && defined(__x86_64__) && !ECEDU_MSAN
static inline __attribute__((always_inline)) void p384f_mul(p384f_fe *r, const p384f_fe *a, const p384f_fe *b) {
    p384f_mul_adx(r, a, b);
}
static inline __attribute__((always_inline)) void p384f_sqr(p384f_fe *r, const p384f_fe *a) {
    p384f_sqr_adx(r, a);
}
#elif defined(ECEDU_FE_ADX_UNIT) || defined(ECEDU_FE_PORTABLE_UNIT) || !defined(__x86_64__) || ECEDU_MSAN
static inline void p384f_mul(p384f_fe *r, const p384f_fe *a, const p384f_fe *b) {
    p384f_mul_c(r, a, b);
}
static inline void p384f_sqr(p384f_fe *r, const p384f_fe *a) {
    p384f_sqr_c(r, a);
}
#else
static inline void p384f_mul(p384f_fe *r, const p384f_fe *a, const p384f_fe *b) {
    if (ecedu_gfp_mulx_enabled())
        p384f_mul_adx(r, a, b);
    else
        p384f_mul_c(r, a, b);
}
static inline void p384f_sqr(p384f_fe *r, const p384f_fe *a) {
    if (ecedu_gfp_mulx_enabled())
        p384f_sqr_adx(r, a);
    else
        p384f_sqr_c(r, a);
}
#endif

#if defined(__x86_64__) && !ECEDU_MSAN
/* Addition, subtraction and halving in inline assembly (plain x86-64 instructions, no target
 * needed; not in the MSan build, which cannot see into it: there fe_sat.tmpl.h's C), the
 * steps of fe_sat.tmpl.h's four-limb versions at six limbs, made of the shared steps above
 * (P384F_ARITH_ASM, P384F_SUB_P_ASM, P384F_PMASK_ASM, P384F_ADD_PMASK_ASM: p's words as
 * immediates or from memory, its masks from one register).  GCC 12 makes of the C loops masks and SETC
 * round trips: measured (dependent chain, TSC ticks, shared machine) 8.1 -> ADD, 7.9 -> SUB,
 * 16.1 -> HALF with these (the figures in the commit message). */
#define FE_HAS_ADDSUB 1

/* r = a + b mod p: s = a + b (ADD/ADC, its carry into c), s - p in place (SUB/SBB), then
 * c - borrow (SBB $0) is 0 if a + b >= p (either the carry was set, and then s - p borrows,
 * or it was not and s - p does not borrow) and all-ones if a + b < p; p AND c is added back
 * (P384F_PMASK_ASM, P384F_ADD_PMASK_ASM; the carry out dropped).  a + b < 2p, so one
 * subtraction suffices.  In place (11 registers) rather than s and s - p side by side with
 * CMOV (14: more than the frame-pointer ASan build has). */
static inline __attribute__((always_inline)) void p384f_add(p384f_fe *r, const p384f_fe *a, const p384f_fe *b) {
    uint64_t s0 = a->v[0], s1 = a->v[1], s2 = a->v[2], s3 = a->v[3], s4 = a->v[4], s5 = a->v[5];
    uint64_t m0, m1, m2, c;
    __asm__("xorl %k[c], %k[c]\n\t" P384F_ARITH_ASM("addq", "adcq", "s") "adcq $0, %[c]\n\t"
                P384F_SUB_P_ASM("s", "c") P384F_PMASK_ASM("c", "m0", "m1", "m2")
                    P384F_ADD_PMASK_ASM("s", "c", "m0", "m1", "m2")
            : [s0] "+&r"(s0), [s1] "+&r"(s1), [s2] "+&r"(s2), [s3] "+&r"(s3), [s4] "+&r"(s4), [s5] "+&r"(s5),
              [m0] "=&r"(m0), [m1] "=&r"(m1), [m2] "=&r"(m2), [c] "=&r"(c)
            : [bp] "r"(b->v), "m"(*(const uint64_t(*)[6])b->v), [p0] "m"(P384F_P[0]), [p1] "m"(P384F_P[1])
            : "cc");
    r->v[0] = s0, r->v[1] = s1, r->v[2] = s2, r->v[3] = s3, r->v[4] = s4, r->v[5] = s5;
}

/* r = a - b mod p: d = a - b (SUB/SBB), c = -borrow (SBB c, c: all-ones or 0), then
 * d + (p AND c) (P384F_PMASK_ASM: p AND c built from c alone; P384F_ADD_PMASK_ASM); the carry out dropped (it
 * cancels the borrow: a - b > -p). */
static inline __attribute__((always_inline)) void p384f_sub(p384f_fe *r, const p384f_fe *a, const p384f_fe *b) {
    uint64_t d0 = a->v[0], d1 = a->v[1], d2 = a->v[2], d3 = a->v[3], d4 = a->v[4], d5 = a->v[5];
    uint64_t m0, m1, m2, c;
    __asm__(P384F_ARITH_ASM("subq", "sbbq", "d") "sbbq %[c], %[c]\n\t" P384F_PMASK_ASM("c", "m0", "m1", "m2")
                P384F_ADD_PMASK_ASM("d", "c", "m0", "m1", "m2")
            : [d0] "+&r"(d0), [d1] "+&r"(d1), [d2] "+&r"(d2), [d3] "+&r"(d3), [d4] "+&r"(d4), [d5] "+&r"(d5),
              [m0] "=&r"(m0), [m1] "=&r"(m1), [m2] "=&r"(m2), [c] "=&r"(c)
            : [bp] "r"(b->v), "m"(*(const uint64_t(*)[6])b->v)
            : "cc");
    r->v[0] = d0, r->v[1] = d1, r->v[2] = d2, r->v[3] = d3, r->v[4] = d4, r->v[5] = d5;
}

/* r = a / 2 mod p (the FE_HALF of curve/prime/sw.tmpl.h): c = -(a0 AND 1), s = a + (p AND c)
 * (P384F_PMASK_ASM, P384F_ADD_PMASK_ASM), an integer < 2p < 2^385 whose carry out t goes to a seventh
 * register, then the 385-bit (t, s) shifted right by one limb by limb (SHRD: each limb takes
 * the low bit of the next one; independent of each other, unlike an RCR chain).  p is odd, so
 * s is even and s / 2 = a / 2 mod p < p. */
static inline __attribute__((always_inline)) void p384f_half(p384f_fe *r, const p384f_fe *a) {
    uint64_t d0 = a->v[0], d1 = a->v[1], d2 = a->v[2], d3 = a->v[3], d4 = a->v[4], d5 = a->v[5];
    uint64_t m0, m1, m2, c, t;
    __asm__("movl %k[d0], %k[c]\n\t"
            "andl $1, %k[c]\n\t"
            "negq %[c]\n\t" P384F_PMASK_ASM("c", "m0", "m1", "m2") "xorl %k[t], %k[t]\n\t"
                P384F_ADD_PMASK_ASM("d", "c", "m0", "m1", "m2") "adcq $0, %[t]\n\t"
            "shrdq $1, %[d1], %[d0]\n\t"
            "shrdq $1, %[d2], %[d1]\n\t"
            "shrdq $1, %[d3], %[d2]\n\t"
            "shrdq $1, %[d4], %[d3]\n\t"
            "shrdq $1, %[d5], %[d4]\n\t"
            "shrdq $1, %[t], %[d5]\n\t"
            : [d0] "+&r"(d0), [d1] "+&r"(d1), [d2] "+&r"(d2), [d3] "+&r"(d3), [d4] "+&r"(d4), [d5] "+&r"(d5),
              [m0] "=&r"(m0), [m1] "=&r"(m1), [m2] "=&r"(m2), [c] "=&r"(c), [t] "=&r"(t)
            :
            : "cc");
    r->v[0] = d0, r->v[1] = d1, r->v[2] = d2, r->v[3] = d3, r->v[4] = d4, r->v[5] = d5;
}
#undef P384F_ARITH_ASM
#undef P384F_SUB_P_ASM
#undef P384F_PMASK_ASM
#undef P384F_ADD_PMASK_ASM
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
#include "field/gfp/fe_sat_undef.h"
#undef P384F_REDUCE

/* a^-1 mod p (0 -> 0) by the constant-time divsteps inversion of scalar/modinv.h (Bernstein-Yang,
 * batches of 62 divsteps on 62-bit limbs; p is public and odd, 384 bits: seven limbs, 18
 * batches), as p224f_inv in fe_p224_fold.h: the elements are fully reduced ordinary residues,
 * so modinv's contract 0 <= a < p holds and its modular inverse is the field's.  It replaced
 * the Fermat addition chain a^(p-2) (385 squarings and 14 products).  Measured on an AMD EPYC
 * Zen 3 at the MULX level (`python -m ecedu speed ecdh|ecdsa --cycles --curves P-384`, min TSC
 * ticks of 1000, the two libraries alternated twice): k G 112,000 -> 89,500, signing 142,000 ->
 * 117,500, ECDH 415,000-425,000 -> 396,000-408,000.  Constant time in a (modinv.h: the batch
 * count and every index depend on p only, the choices are masks); the set-up from p is public. */
static inline void p384f_inv(p384f_fe *r, const p384f_fe *a) {
    modinv_mod_prime(r->v, a->v, P384F_P, 6, 384);
}

/* The same in variable time, for a PUBLIC a (sw.tmpl.h's FE_INV_VARTIME: the table of a public
 * point's multiples). */
static inline void p384f_inv_vartime(p384f_fe *r, const p384f_fe *a) {
    modinv_mod_prime_as(r->v, a->v, P384F_P, 6, 384, 1);
}
