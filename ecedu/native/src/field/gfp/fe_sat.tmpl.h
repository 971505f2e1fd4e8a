/*
 * fe_sat.tmpl.h -- TEMPLATE: everything of a fixed-size prime-field element in
 * SATURATED 64-bit limbs except its multiplication: bytes in and out, small
 * constants, addition, subtraction, negation, conditional move, the zero test
 * and the inversion a^(p-2).  The including file writes the multiplication (the
 * concept of that file: a Solinas reduction, the P-256 Montgomery product, ...)
 * and then includes this template for the rest of the fe interface (see the
 * brief's "prime-field element interface", and field/gfp/README.md).
 *
 * Macro contract (set by the including file before the #include; the file
 * undefines them after it by including field/gfp/fe_sat_undef.h; this template
 * defines no macro of its own):
 *   FE_NAME(x)   the file's prefix pasted to x: FE_NAME(add) -> p256m_add
 *   FE_N         the number of 64-bit limbs, p < 2^(64 FE_N)
 *   FE_NBYTES    bytes of an element, 8 (FE_N - 1) < FE_NBYTES <= 8 FE_N
 *   FE_P         the name of a static const uint64_t[FE_N]: p, little-endian limbs
 *   FE_PM2       the name of a static const uint64_t[FE_N]: p - 2 (the exponent of inv)
 *   FE_MONT      1 if elements are in Montgomery form x R mod p (R = 2^(64 FE_N));
 *                then FE_R2 names a static const uint64_t[FE_N] holding R^2 mod p;
 *                0 if elements are the ordinary residues x mod p
 *   FE_HAS_SQR   (optional) defined if the file writes its own FE_NAME(sqr) too,
 *                else sqr is mul(a, a)
 *   FE_HAS_INV   (optional) defined if the file writes its own FE_NAME(inv) (an
 *                addition chain for its p - 2) after the #include, else inv below;
 *                then the template gives it FE_NAME(sqr_n_mul), the chain's step
 *   FE_HAS_ADDSUB  (optional) defined if the file writes its own FE_NAME(add),
 *                FE_NAME(sub) and FE_NAME(half) (e.g. in assembly for its limb count)
 *                before the #include, else those below
 * Before the #include the file has defined
 *   typedef struct { uint64_t v[FE_N]; } FE_NAME(fe);
 *   static void FE_NAME(mul)(FE_NAME(fe) *r, const FE_NAME(fe) *a, const FE_NAME(fe) *b);
 * where mul returns a fully reduced r < p for a, b < p, and r may alias a or b.
 *
 * Representation invariant: every element is FULLY REDUCED, 0 <= v < p (in
 * Montgomery form: v = x R mod p).  Then a + b < 2p and a - b > -p, so one
 * masked subtraction or addition of p reduces every sum and difference, and
 * the zero test is a test of the limbs.  p is public; the element values are
 * secret: no branch and no memory address below depends on them (the branches
 * in inv are on the bits of the public p - 2).
 */

/* ------------------------------------------------------------ limb helpers */

/* Carry chains by ecedu_adc / ecedu_sbb (internal.h: ADC/SBB on x86-64). */

/* r = a - b over FE_N limbs; returns the borrow out (0 or 1). */
static inline __attribute__((always_inline)) uint64_t FE_NAME(sub_limbs)(uint64_t *r, const uint64_t *a,
                                                                        const uint64_t *b) {
    unsigned borrow = 0;
    for (int i = 0; i < FE_N; i++) borrow = ecedu_sbb(borrow, a[i], b[i], &r[i]);
    return borrow;
}

/* r = a + (b & mask) over FE_N limbs; returns the carry out. */
static inline __attribute__((always_inline)) uint64_t FE_NAME(add_limbs_masked)(uint64_t *r, const uint64_t *a,
                                                                               const uint64_t *b, uint64_t mask) {
    unsigned carry = 0;
    for (int i = 0; i < FE_N; i++) carry = ecedu_adc(carry, a[i], b[i] & mask, &r[i]);
    return carry;
}

/* r = t + hi 2^(64 FE_N) reduced once: t - p if that is >= 0, else t.  Needs
 * t + hi 2^(64 FE_N) < 2p (hi in {0, 1}); the subtraction is always done and its
 * result kept or dropped by a mask.  The helper of every multiplication here and
 * of the addition.  The borrow of hi - (the borrow of t - p) is 1 exactly when
 * t + hi 2^(64 FE_N) < p (hi = 1 gives no borrow: then t + 2^(64 FE_N) > p). */
static inline __attribute__((always_inline)) void FE_NAME(cond_sub_p)(uint64_t *r, const uint64_t *t,
                                                                     uint64_t hi) {
    uint64_t d[FE_N], junk;
    unsigned borrow = (unsigned)FE_NAME(sub_limbs)(d, t, FE_P);
    borrow = ecedu_sbb(borrow, hi, 0, &junk);
    const uint64_t keep_t = 0 - (uint64_t)borrow; /* negative: t < p */
    for (int i = 0; i < FE_N; i++) r[i] = ecedu_in_reg(d[i] ^ (keep_t & (t[i] ^ d[i])));
}

/* ------------------------------------------------------------ the fe interface */

#ifndef FE_HAS_SQR /* the including file may write its own squaring */
static inline void FE_NAME(sqr)(FE_NAME(fe) *r, const FE_NAME(fe) *a) {
    FE_NAME(mul)(r, a, a);
}
#endif

#ifndef FE_HAS_ADDSUB /* else the including file's add, sub and half */
/* r = a + b mod p: a + b < 2p, one conditional subtraction (the carry out of the
 * top limb is the extra bit hi of cond_sub_p). */
#if defined(__x86_64__) && FE_N == 4 && !ECEDU_MSAN
/* Four limbs on x86-64 (not in the MSan build: internal.h, ECEDU_MSAN): the same steps in inline assembly (plain x86-64 instructions, no
 * target needed), the choice by CMOVNC instead of the masks' XOR/AND/XOR, which GCC 12 does
 * not make of the C (measured 6.2 -> 4.3 TSC ticks per addition in a dependent chain, P-256;
 * a doubling 212 -> 199 at the MULX level).
 * s = a + b (ADD/ADC), c = -carry (SBB c, c); d = s - p (SUB/SBB, p's words from memory),
 * then c - borrow: it borrows exactly when carry = 0 and s < p, i.e. a + b < p, and then s
 * is kept, else d (CMOVNC). */
static inline __attribute__((always_inline)) void FE_NAME(add)(FE_NAME(fe) *r, const FE_NAME(fe) *a,
                                                              const FE_NAME(fe) *b) {
    uint64_t s0 = a->v[0], s1 = a->v[1], s2 = a->v[2], s3 = a->v[3], d0, d1, d2, d3, c;
    __asm__("addq %[b0], %[s0]\n\t"
            "adcq %[b1], %[s1]\n\t"
            "adcq %[b2], %[s2]\n\t"
            "adcq %[b3], %[s3]\n\t"
            "sbbq %[c], %[c]\n\t"
            "movq %[s0], %[d0]\n\t"
            "movq %[s1], %[d1]\n\t"
            "movq %[s2], %[d2]\n\t"
            "movq %[s3], %[d3]\n\t"
            "subq %[p0], %[d0]\n\t"
            "sbbq %[p1], %[d1]\n\t"
            "sbbq %[p2], %[d2]\n\t"
            "sbbq %[p3], %[d3]\n\t"
            "sbbq $0, %[c]\n\t"
            "cmovncq %[d0], %[s0]\n\t"
            "cmovncq %[d1], %[s1]\n\t"
            "cmovncq %[d2], %[s2]\n\t"
            "cmovncq %[d3], %[s3]\n\t"
            : [s0] "+&r"(s0), [s1] "+&r"(s1), [s2] "+&r"(s2), [s3] "+&r"(s3), [d0] "=&r"(d0), [d1] "=&r"(d1),
              [d2] "=&r"(d2), [d3] "=&r"(d3), [c] "=&r"(c)
            : [b0] "rm"(b->v[0]), [b1] "rm"(b->v[1]), [b2] "rm"(b->v[2]), [b3] "rm"(b->v[3]), [p0] "m"(FE_P[0]),
              [p1] "m"(FE_P[1]), [p2] "m"(FE_P[2]), [p3] "m"(FE_P[3])
            : "cc");
    r->v[0] = s0, r->v[1] = s1, r->v[2] = s2, r->v[3] = s3;
}
#else
static inline __attribute__((always_inline)) void FE_NAME(add)(FE_NAME(fe) *r, const FE_NAME(fe) *a,
                                                              const FE_NAME(fe) *b) {
    uint64_t s[FE_N];
    uint64_t carry = FE_NAME(add_limbs_masked)(s, a->v, b->v, ~(uint64_t)0);
    FE_NAME(cond_sub_p)(r->v, s, carry);
}
#endif

/* r = a - b mod p: a - b > -p, so p added back under the borrow's mask suffices
 * (the carry out of that addition is dropped: it cancels the borrow). */
#if defined(__x86_64__) && FE_N == 4 && !ECEDU_MSAN
/* Four limbs on x86-64 (not in the MSan build), as the addition above: d = a - b (SUB/SBB),
 * c = -borrow (SBB c, c: all-ones or 0), then d + (p AND c) (four ANDs with p's words from
 * memory, ADD/ADC; the carry out dropped).  The C version compiled by GCC 12 moves the borrow
 * through SETC and a negation into the masks; this keeps it in the flags (measured 4.8 -> 4.2
 * TSC ticks per subtraction in a dependent chain, P-256). */
static inline __attribute__((always_inline)) void FE_NAME(sub)(FE_NAME(fe) *r, const FE_NAME(fe) *a,
                                                              const FE_NAME(fe) *b) {
    uint64_t d0 = a->v[0], d1 = a->v[1], d2 = a->v[2], d3 = a->v[3], m0, m1, m2, c;
    __asm__("subq %[b0], %[d0]\n\t"
            "sbbq %[b1], %[d1]\n\t"
            "sbbq %[b2], %[d2]\n\t"
            "sbbq %[b3], %[d3]\n\t"
            "sbbq %[c], %[c]\n\t"
            "movq %[p0], %[m0]\n\t"
            "movq %[p1], %[m1]\n\t"
            "movq %[p2], %[m2]\n\t"
            "andq %[c], %[m0]\n\t"
            "andq %[c], %[m1]\n\t"
            "andq %[c], %[m2]\n\t"
            "andq %[p3], %[c]\n\t"
            "addq %[m0], %[d0]\n\t"
            "adcq %[m1], %[d1]\n\t"
            "adcq %[m2], %[d2]\n\t"
            "adcq %[c], %[d3]\n\t"
            : [d0] "+&r"(d0), [d1] "+&r"(d1), [d2] "+&r"(d2), [d3] "+&r"(d3), [m0] "=&r"(m0), [m1] "=&r"(m1),
              [m2] "=&r"(m2), [c] "=&r"(c)
            : [b0] "rm"(b->v[0]), [b1] "rm"(b->v[1]), [b2] "rm"(b->v[2]), [b3] "rm"(b->v[3]), [p0] "m"(FE_P[0]),
              [p1] "m"(FE_P[1]), [p2] "m"(FE_P[2]), [p3] "m"(FE_P[3])
            : "cc");
    r->v[0] = d0, r->v[1] = d1, r->v[2] = d2, r->v[3] = d3;
}
#else
static inline __attribute__((always_inline)) void FE_NAME(sub)(FE_NAME(fe) *r, const FE_NAME(fe) *a,
                                                              const FE_NAME(fe) *b) {
    uint64_t d[FE_N];
    uint64_t borrow = FE_NAME(sub_limbs)(d, a->v, b->v);
    (void)FE_NAME(add_limbs_masked)(r->v, d, FE_P, 0 - borrow);
}
#endif

/* r = a / 2 mod p (not in the fe interface of field/gfp/README.md: an optional extra a curve
 * may take, as FE_HALF of curve/prime/sw.tmpl.h).  p is odd: a / 2 if a is even, else (a + p) / 2, an
 * integer < p (a + p < 2p); p added under the mask of a's low bit (no branch), the carry out
 * of the top limb (a + p < 2^(64 FE_N + 1)) shifted back in as the top bit.  In Montgomery form
 * too: (x R) / 2 = (x / 2) R. */
#if defined(__x86_64__) && FE_N == 4 && !ECEDU_MSAN
/* Four limbs on x86-64 (not in the MSan build): c = -(a0 AND 1), s = a + (p AND c) (ADD/ADC),
 * then the 257-bit s shifted right by one through the carry (RCR by 1, top limb first: the
 * carry out of the addition enters as the top bit).  GCC 12 made 15.7 TSC ticks of the C below
 * (dependent chain, P-256), this 6.9. */
static inline __attribute__((always_inline)) void FE_NAME(half)(FE_NAME(fe) *r, const FE_NAME(fe) *a) {
    uint64_t d0 = a->v[0], d1 = a->v[1], d2 = a->v[2], d3 = a->v[3], m0, m1, m2, c;
    __asm__("movl %k[d0], %k[c]\n\t"
            "andl $1, %k[c]\n\t"
            "negq %[c]\n\t"
            "movq %[p0], %[m0]\n\t"
            "movq %[p1], %[m1]\n\t"
            "movq %[p2], %[m2]\n\t"
            "andq %[c], %[m0]\n\t"
            "andq %[c], %[m1]\n\t"
            "andq %[c], %[m2]\n\t"
            "andq %[p3], %[c]\n\t"
            "addq %[m0], %[d0]\n\t"
            "adcq %[m1], %[d1]\n\t"
            "adcq %[m2], %[d2]\n\t"
            "adcq %[c], %[d3]\n\t"
            "rcrq $1, %[d3]\n\t"
            "rcrq $1, %[d2]\n\t"
            "rcrq $1, %[d1]\n\t"
            "rcrq $1, %[d0]\n\t"
            : [d0] "+&r"(d0), [d1] "+&r"(d1), [d2] "+&r"(d2), [d3] "+&r"(d3), [m0] "=&r"(m0), [m1] "=&r"(m1),
              [m2] "=&r"(m2), [c] "=&r"(c)
            : [p0] "m"(FE_P[0]), [p1] "m"(FE_P[1]), [p2] "m"(FE_P[2]), [p3] "m"(FE_P[3])
            : "cc");
    r->v[0] = d0, r->v[1] = d1, r->v[2] = d2, r->v[3] = d3;
}
#else
static inline __attribute__((always_inline)) void FE_NAME(half)(FE_NAME(fe) *r, const FE_NAME(fe) *a) {
    uint64_t s[FE_N];
    const uint64_t odd = 0 - (a->v[0] & 1);
    const uint64_t carry = FE_NAME(add_limbs_masked)(s, a->v, FE_P, odd);
    for (int i = 0; i < FE_N - 1; i++) r->v[i] = (s[i] >> 1) | (s[i + 1] << 63);
    r->v[FE_N - 1] = (s[FE_N - 1] >> 1) | (carry << 63);
}
#endif
#endif /* FE_HAS_ADDSUB */

static inline void FE_NAME(neg)(FE_NAME(fe) *r, const FE_NAME(fe) *a) {
    FE_NAME(fe) zero = {{0}};
    FE_NAME(sub)(r, &zero, a);
}

/* r = mask ? a : r, mask 0 or all-ones. */
static inline void FE_NAME(cmov)(FE_NAME(fe) *r, const FE_NAME(fe) *a, uint64_t mask) {
    for (int i = 0; i < FE_N; i++) r->v[i] ^= mask & (r->v[i] ^ a->v[i]);
}

/* all-ones if a = 0 mod p: a is fully reduced, so a = 0 as an integer (also in
 * Montgomery form: x R = 0 mod p iff x = 0 mod p). */
static inline uint64_t FE_NAME(is_zero)(const FE_NAME(fe) *a) {
    uint64_t t = 0;
    for (int i = 0; i < FE_N; i++) t |= a->v[i];
    return ecedu_ct_is_zero_u64(t);
}

/* r = k for a public k < 2^32 < p (Montgomery: k R = mont(k, R^2)). */
static inline void FE_NAME(set_small)(FE_NAME(fe) *r, uint64_t k) {
    memset(r, 0, sizeof *r);
    r->v[0] = k;
#if FE_MONT
    FE_NAME(fe) r2;
    memcpy(r2.v, FE_R2, sizeof r2.v);
    FE_NAME(mul)(r, r, &r2);
#endif
}

/* Big-endian bytes in; returns all-ones if in < p, else 0 and r = 0.  Constant
 * time: the comparison is the borrow of in - p, the choice a mask. */
static inline uint64_t FE_NAME(from_bytes)(FE_NAME(fe) *r, const uint8_t in[FE_NBYTES]) {
    uint64_t d[FE_N];
    memset(r, 0, sizeof *r);
    for (int k = 0; k < FE_NBYTES; k++) r->v[k / 8] |= (uint64_t)in[FE_NBYTES - 1 - k] << (8 * (k % 8));
    uint64_t ok = 0 - FE_NAME(sub_limbs)(d, r->v, FE_P); /* in < p: a borrow */
    for (int i = 0; i < FE_N; i++) r->v[i] &= ok;
#if FE_MONT
    FE_NAME(fe) r2;
    memcpy(r2.v, FE_R2, sizeof r2.v);
    FE_NAME(mul)(r, r, &r2); /* x R^2 / R = x R */
#endif
    return ok;
}

/* Canonical big-endian bytes out (Montgomery: x = mont(x R, 1) first). */
static inline void FE_NAME(to_bytes)(uint8_t out[FE_NBYTES], const FE_NAME(fe) *a) {
    FE_NAME(fe) t = *a;
#if FE_MONT
    FE_NAME(fe) one = {{1}};
    FE_NAME(mul)(&t, &t, &one); /* x R 1 / R = x, < p */
#endif
    for (int k = 0; k < FE_NBYTES; k++) out[FE_NBYTES - 1 - k] = (uint8_t)(t.v[k / 8] >> (8 * (k % 8)));
    ecedu_wipe(&t, sizeof t);
}

#ifdef FE_HAS_INV
/* r = x^(2^n) m: n squarings of x, then one multiplication (n public): the step of the
 * addition-chain inversions the including files write (FE_HAS_INV). */
static inline void FE_NAME(sqr_n_mul)(FE_NAME(fe) *r, const FE_NAME(fe) *x, int n, const FE_NAME(fe) *m) {
    FE_NAME(fe) t = *x;
    for (int i = 0; i < n; i++) FE_NAME(sqr)(&t, &t);
    FE_NAME(mul)(r, &t, m);
}
#endif

#ifndef FE_HAS_INV
/* r = a^(p-2) = a^-1 (Fermat; 0 -> 0): left-to-right fixed 4-bit windows (the
 * k-ary method, HAC Alg. 14.82) over the PUBLIC exponent p - 2: a table a^0..a^15
 * (14 multiplications), then per nibble 4 squarings and one multiplication by the
 * table entry the nibble names (skipped for a zero nibble: the nibbles are public),
 * so the sequence of operations and the table index depend on p only, never on a.
 * About 64 FE_N squarings and 16 FE_N multiplications, against 64 FE_N and nearly
 * as many bit by bit. */
static inline void FE_NAME(inv)(FE_NAME(fe) *r, const FE_NAME(fe) *a) {
    FE_NAME(fe) tab[16], acc;
    FE_NAME(set_small)(&tab[0], 1);
    tab[1] = *a;
    for (int i = 2; i < 16; i++) FE_NAME(mul)(&tab[i], &tab[i - 1], a);
    acc = tab[0];
    int started = 0;
    for (int i = 16 * FE_N - 1; i >= 0; i--) {
        const unsigned nib = (unsigned)(FE_PM2[i / 16] >> (4 * (i % 16))) & 15;
        if (started) /* public: p - 2's leading zero nibbles */
            for (int k = 0; k < 4; k++) FE_NAME(sqr)(&acc, &acc);
        if (nib) { /* public nibble */
            FE_NAME(mul)(&acc, &acc, &tab[nib]);
            started = 1;
        }
    }
    *r = acc;
    ecedu_wipe(tab, sizeof tab);
    ecedu_wipe(&acc, sizeof acc);
}
#endif
