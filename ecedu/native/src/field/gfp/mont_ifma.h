/*
 * mont_ifma.h -- the AVX-512 IFMA exponentiation of mont.tmpl.h's 64-bit
 * instance built for the "ifma" prime-field level (field/gfp/mont64_ifma.c
 * includes the template with GFP_IFMA = 1, and the template includes this
 * file; its mont_pow and, for the RSA CRT, mont_pow2 are these).  x86-64 only;
 * run only when cpu.c's flag says the CPU has AVX512F, AVX512VL, AVX512-IFMA
 * (and the OS saves the zmm state) and the level is not forced lower.
 *
 * Why: VPMADD52LUQ / VPMADD52HUQ multiply eight pairs of 52-bit digits and add
 * the low or the high 52 bits of each 104-bit product to eight 64-bit
 * accumulators, one instruction each; a 1024-bit operand is 20 digits, three
 * zmm registers.  The method is the "almost Montgomery multiplication" (AMM)
 * on 52-bit digits of S. Gueron and V. Krasnov, "Software implementation of
 * modular exponentiation, using advanced vector instructions architectures"
 * (WAIFI 2012) and N. Drucker and S. Gueron, "Fast modular squaring with
 * AVX512IFMA" (ITNG 2019), written here from the papers' description.
 *
 * Digits: x = sum d[k] 2^(52 k), k < nd, each d[k] < 2^52 ("normalized";
 * the multiply-adds read only the low 52 bits of their factors), in nv =
 * ceil(nd / 8) vectors, lanes beyond nd zero.  nd = ceil((64 n + 2) / 52)
 * for the n 64-bit limbs of p, so that R' = 2^(52 nd) >= 4 * 2^(64 n) > 4 p,
 * and R' = 2^dbl R with dbl = 52 nd - 64 n in [2, 53].
 *
 * AMM(a, b) = (a b + Y p) / R' for the Y < R' that makes it exact, word by
 * word (the CIOS order of mont.tmpl.h with 52-bit words and the accumulator
 * in vectors): for i = 0 .. nd-1
 *     acc += lo52(a b[i])                (lane k gets lo52(a[k] b[i]))
 *     y = acc[0] (-1/p) mod 2^52;  acc += lo52(p y)   (acc[0] = 0 mod 2^52)
 *     acc = acc / 2^52: the lanes move down one (VALIGNQ across the vectors)
 *                       and acc[0] >> 52 is added to the new lane 0
 *     acc += hi52(a b[i]) + hi52(p y)    (the high halves, weight one digit up:
 *                                          after the shift, the same lane k)
 * (amm_step below does the same additions in another order: every product
 * before the shift, and lane 0 in a general register, off the vectors.)
 * Nothing is carried between lanes inside the loop: each iteration adds
 * at most four values < 2^52 and a carry < 2^12 to a lane, so after nd <= 79
 * iterations a lane is < 4 * 79 * 2^52 + 2^12 * 79 < 2^61 < 2^64: no lane
 * overflows.  Then one normalization pass (amm_normalize) makes the digits
 * < 2^52 again.
 * Bound ("almost": no final subtraction): for a, b < 2p and 4p <= R',
 *     AMM(a, b) < (4 p^2 + R' p) / R' <= 2 p,
 * so every value of the exponentiation stays < 2p, in nd digits (2p < R').
 * At the end AMM(acc, 1) < (2p + R' p) / R' < p + 1, i.e. <= p, and one masked
 * subtraction (cond_sub) gives the canonical value.
 *
 * The two CRT halves (mont_pow2) run side by side, one AMM of each in the same
 * loop (amm2): an AMM is one chain of dependent steps (lane 0 -> y -> p y ->
 * next lane 0), and the two chains are independent, so the core overlaps
 * them -- OpenSSL's rsaz_avx512 does the two RSA-2048 halves together too.
 * Measured (AMD EPYC Zen 5, 1024-bit halves, 20 digits in 3 vectors, CPU
 * time, loaded machine): one AMM 108 ns, a pair 108 ns; with y taken from
 * the vector lane (the plain order above) 166 ns for either.
 *
 * Constant time: the loops run nd times (public), addresses depend on the
 * loop counters only, the window table is read whole and the entry kept by a
 * mask (a vector compare and a masked blend), the normalization's carries
 * are resolved by integer arithmetic on the compare masks, not by branches.
 * Checked by the MemorySanitizer taint test, not by valgrind's (which cannot
 * execute AVX-512; its CPUID has none): tests/ctime/ctime_prime_driver.c
 * --ifma (tests/ctime/test_ctime_msan.py) runs mont_pow at every vector count
 * 1..10 and mont_pow2 (and its unequal-size fallback) with secret bases,
 * exponents and CRT primes, natively; a branch planted on an IFMA result, and
 * one planted inside amm_step's multiply-adds, must be reported.  In that build VPMADD52LUQ/HUQ are their definition with a
 * lane-level taint rule (tests/ctime/msan_x86.h: MSan's own rule for them
 * under-taints a product) and mont64_ifma.c has no MULX assembly
 * (ECEDU_GFP_IFMA_NO_ASM): the template's mont_mul/mont_sqr called here
 * (ifma_leave, and the set-up around mont_pow) are its portable C there; their
 * MULX form is valgrind's, at the mulx level (mont64_adx.c).
 * tests/native/test_native_prime.py checks the results.
 */
#include <immintrin.h>

enum {
    IFMA_MAXD = (64 * GFP_MAXL + 2 + 51) / 52, /* digits of the largest modulus: 79 */
    IFMA_MAXV = (IFMA_MAXD + 7) / 8,           /* vectors: 10                       */
};
#define IFMA_M52 ((uint64_t)0xFFFFFFFFFFFFF)

/* The IFMA view of a modulus (a gfp_ctx of the same p). */
typedef struct {
    int nd, nv, dbl;                                      /* public sizes            */
    uint64_t k0;                                          /* -p^-1 mod 2^52           */
    uint64_t p[IFMA_MAXV * 8] __attribute__((aligned(64)));   /* p's digits           */
    uint64_t one[IFMA_MAXV * 8] __attribute__((aligned(64))); /* R' mod p, digits      */
} ifma_ctx;

typedef uint64_t ifma_digits[IFMA_MAXV * 8] __attribute__((aligned(64)));

/* 52-bit digits (nd of them, the rest of the IFMA_MAXV*8 zeroed) of the n-limb x. */
static void ifma_from_limbs(uint64_t *dg, int nd, const gfp_limb *x, int n) {
    unsigned __int128 acc = 0;
    int bits = 0, i = 0;
    memset(dg, 0, sizeof(ifma_digits));
    for (int k = 0; k < nd; k++) {
        if (bits < 52 && i < n) { /* public: k, i, bits */
            acc |= (unsigned __int128)x[i++] << bits;
            bits += 64;
        }
        dg[k] = (uint64_t)acc & IFMA_M52;
        acc >>= 52;
        bits -= 52;
    }
}

/* The n limbs of normalized digits whose value is < 2^(64 n). */
static void ifma_to_limbs(gfp_limb *x, int n, const uint64_t *dg, int nd) {
    unsigned __int128 acc = 0;
    int bits = 0, k = 0;
    for (int i = 0; i < n; i++) {
        while (bits < 64 && k < nd) { /* public */
            acc |= (unsigned __int128)dg[k++] << bits;
            bits += 52;
        }
        x[i] = (gfp_limb)acc;
        acc >>= 64;
        bits -= 64;
    }
}

/* r = x 2^dbl mod p for x < p (dbl public): the doublings of mod_add. */
static void ifma_shift_up(gfp_limb *r, const gfp_limb *x, int dbl, const gfp_ctx *c) {
    memcpy(r, x, (size_t)c->n * sizeof *r);
    for (int i = 0; i < dbl; i++) mod_add(r, r, r, c);
}

static void ifma_ctx_init(ifma_ctx *f, const gfp_ctx *c) {
    gfp_limb t[GFP_MAXL];
    f->nd = (64 * c->n + 2 + 51) / 52;
    f->nv = (f->nd + 7) / 8;
    f->dbl = 52 * f->nd - 64 * c->n;
    f->k0 = (uint64_t)c->pinv & IFMA_M52; /* -p^-1 mod 2^64, reduced mod 2^52 */
    ifma_from_limbs(f->p, f->nd, c->p, c->n);
    ifma_shift_up(t, c->one, f->dbl, c); /* R mod p -> R' mod p */
    ifma_from_limbs(f->one, f->nd, t, c->n);
    ecedu_wipe(t, sizeof t);
}

/* ------------------------------------------------------------ AMM */

/* Normalize the lanes of acc[0 .. V) (each < 2^63, the value < 2^(52 nd)):
 * one pass of carries (lane >> 52 into the lane above) leaves each digit
 * <= 2^52 - 1 + 2^11; then a digit > 2^52 - 1 generates a carry and one equal
 * to 2^52 - 1 propagates one, and the carries into every lane are found at
 * once, as in a carry-lookahead adder, by one integer addition on the
 * compare masks (bit 8 j + l for lane l of vector j): with G the generators,
 * P the propagators, the lanes that receive a carry are ((G << 1) + P) ^ P.
 * The carry out of the top lane is 0 (the value fits). */
static inline __attribute__((always_inline)) void amm_normalize(__m512i *acc, const int V) {
    const __m512i m52 = _mm512_set1_epi64((long long)IFMA_M52), zero = _mm512_setzero_si512();
    __m512i cy[IFMA_MAXV];
    for (int j = 0; j < V; j++) {
        cy[j] = _mm512_srli_epi64(acc[j], 52);
        acc[j] = _mm512_and_si512(acc[j], m52);
    }
    for (int j = V - 1; j > 0; j--) acc[j] = _mm512_add_epi64(acc[j], _mm512_alignr_epi64(cy[j], cy[j - 1], 7));
    acc[0] = _mm512_add_epi64(acc[0], _mm512_alignr_epi64(cy[0], zero, 7));
    unsigned __int128 g = 0, p = 0;
    for (int j = 0; j < V; j++) {
        g |= (unsigned __int128)_mm512_cmpgt_epu64_mask(acc[j], m52) << (8 * j);
        p |= (unsigned __int128)_mm512_cmpeq_epu64_mask(acc[j], m52) << (8 * j);
    }
    unsigned __int128 cin = ((g << 1) + p) ^ p;
    const __m512i one = _mm512_set1_epi64(1);
    for (int j = 0; j < V; j++) {
        __mmask8 k = (__mmask8)(cin >> (8 * j));
        acc[j] = _mm512_and_si512(_mm512_mask_add_epi64(acc[j], k, acc[j], one), m52);
    }
}

/* The AMM loop, with lane 0 of the accumulator kept in a general register.
 * The vector lanes 1 .. hold their exact values; the true lane 0, s, is
 * the vector's lane 0 plus the previous carry, which only the scalar code
 * adds, so that the chain from one y to the next runs through scalar
 * multiplications only (the vector work depends on y but nothing of the
 * next y depends on it except lane 1, extracted an iteration ahead):
 *     t = s + lo52(a[0] b[i]);  y = t (-1/p) mod 2^52
 *     carry = (t + lo52(p[0] y)) >> 52             (the low 52 bits are 0)
 *     v = lane 1 + lo52(a[1] b[i]) + hi52(a[0] b[i])   (from the vector)
 *     s' = v + lo52(p[1] y) + hi52(p[0] y) + carry  (the next lane 0)
 * The vector adds every product before the shift: the high halves through
 * the factors moved up one lane (Au, Pu: lane l holds digit l - 1); the
 * high halves of the top lane, which would leave the vectors, are added
 * after the shift to the top lane, by a masked multiply-add. */
static inline __attribute__((always_inline)) void amm_state_init(__m512i *Au, __m512i *Pu, const __m512i *A,
                                                                 const __m512i *P, const int V) {
    const __m512i zero = _mm512_setzero_si512();
    Au[0] = _mm512_alignr_epi64(A[0], zero, 7);
    Pu[0] = _mm512_alignr_epi64(P[0], zero, 7);
    for (int j = 1; j < V; j++) {
        Au[j] = _mm512_alignr_epi64(A[j], A[j - 1], 7);
        Pu[j] = _mm512_alignr_epi64(P[j], P[j - 1], 7);
    }
}

static inline __attribute__((always_inline)) uint64_t amm_step(__m512i *acc, const __m512i *A, const __m512i *Au,
                                                               const __m512i *P, const __m512i *Pu, uint64_t s,
                                                               uint64_t a0, uint64_t p0, uint64_t p1, uint64_t bi_,
                                                               uint64_t k0, const int V) {
    const __m512i zero = _mm512_setzero_si512();
    const __m512i bi = _mm512_set1_epi64((long long)bi_);
    const uint64_t t = s + ((uint64_t)((unsigned __int128)a0 * bi_) & IFMA_M52);
    const uint64_t y = (t * k0) & IFMA_M52;
    for (int j = 0; j < V; j++)
        acc[j] = _mm512_add_epi64(acc[j], _mm512_add_epi64(_mm512_madd52lo_epu64(zero, A[j], bi),
                                                           _mm512_madd52hi_epu64(zero, Au[j], bi)));
    const uint64_t v = (uint64_t)_mm_extract_epi64(_mm512_castsi512_si128(acc[0]), 1);
    const __m512i yv = _mm512_set1_epi64((long long)y);
    for (int j = 0; j < V; j++)
        acc[j] = _mm512_add_epi64(acc[j], _mm512_add_epi64(_mm512_madd52lo_epu64(zero, P[j], yv),
                                                           _mm512_madd52hi_epu64(zero, Pu[j], yv)));
    const __m512i top = _mm512_maskz_madd52hi_epu64(0x80, _mm512_maskz_madd52hi_epu64(0x80, zero, A[V - 1], bi),
                                                    P[V - 1], yv);
    for (int j = 0; j < V - 1; j++) acc[j] = _mm512_alignr_epi64(acc[j + 1], acc[j], 1);
    acc[V - 1] = _mm512_add_epi64(_mm512_alignr_epi64(zero, acc[V - 1], 1), top);
    const unsigned __int128 py0 = (unsigned __int128)p0 * y, py1 = (unsigned __int128)p1 * y;
    const uint64_t carry = (t + ((uint64_t)py0 & IFMA_M52)) >> 52;
    return v + ((uint64_t)py1 & IFMA_M52) + (uint64_t)(py0 >> 52) + carry;
}

/* r = AMM(a, b) for the digits of a, b (< 2p, normalized); r may alias a or b. */
static inline __attribute__((always_inline)) void amm_v(uint64_t *r, const uint64_t *a, const uint64_t *b,
                                                        const ifma_ctx *f, const int V) {
    __m512i A[IFMA_MAXV], Au[IFMA_MAXV], P[IFMA_MAXV], Pu[IFMA_MAXV], acc[IFMA_MAXV];
    for (int j = 0; j < V; j++) {
        A[j] = _mm512_load_si512((const void *)(a + 8 * j));
        P[j] = _mm512_load_si512((const void *)(f->p + 8 * j));
        acc[j] = _mm512_setzero_si512();
    }
    amm_state_init(Au, Pu, A, P, V);
    const uint64_t a0 = a[0], p0 = f->p[0], p1 = f->p[1];
    uint64_t s = 0;
    for (int i = 0; i < f->nd; i++) s = amm_step(acc, A, Au, P, Pu, s, a0, p0, p1, b[i], f->k0, V);
    acc[0] = _mm512_mask_set1_epi64(acc[0], 1, (long long)s); /* the true lane 0 */
    amm_normalize(acc, V);
    for (int j = 0; j < V; j++) _mm512_store_si512((void *)(r + 8 * j), acc[j]);
}

/* r1 = AMM(a1, b1) mod f1 and r2 = AMM(a2, b2) mod f2, one loop (same nd, nv). */
static inline __attribute__((always_inline)) void amm2_v(uint64_t *r1, const uint64_t *a1, const uint64_t *b1,
                                                         const ifma_ctx *f1, uint64_t *r2, const uint64_t *a2,
                                                         const uint64_t *b2, const ifma_ctx *f2, const int V) {
    __m512i A1[IFMA_MAXV], A1u[IFMA_MAXV], P1[IFMA_MAXV], P1u[IFMA_MAXV], acc1[IFMA_MAXV];
    __m512i A2[IFMA_MAXV], A2u[IFMA_MAXV], P2[IFMA_MAXV], P2u[IFMA_MAXV], acc2[IFMA_MAXV];
    for (int j = 0; j < V; j++) {
        A1[j] = _mm512_load_si512((const void *)(a1 + 8 * j));
        P1[j] = _mm512_load_si512((const void *)(f1->p + 8 * j));
        acc1[j] = _mm512_setzero_si512();
        A2[j] = _mm512_load_si512((const void *)(a2 + 8 * j));
        P2[j] = _mm512_load_si512((const void *)(f2->p + 8 * j));
        acc2[j] = _mm512_setzero_si512();
    }
    amm_state_init(A1u, P1u, A1, P1, V);
    amm_state_init(A2u, P2u, A2, P2, V);
    const uint64_t a10 = a1[0], p10 = f1->p[0], p11 = f1->p[1], a20 = a2[0], p20 = f2->p[0], p21 = f2->p[1];
    uint64_t s1 = 0, s2 = 0;
    for (int i = 0; i < f1->nd; i++) {
        s1 = amm_step(acc1, A1, A1u, P1, P1u, s1, a10, p10, p11, b1[i], f1->k0, V);
        s2 = amm_step(acc2, A2, A2u, P2, P2u, s2, a20, p20, p21, b2[i], f2->k0, V);
    }
    acc1[0] = _mm512_mask_set1_epi64(acc1[0], 1, (long long)s1);
    acc2[0] = _mm512_mask_set1_epi64(acc2[0], 1, (long long)s2);
    amm_normalize(acc1, V);
    amm_normalize(acc2, V);
    for (int j = 0; j < V; j++) {
        _mm512_store_si512((void *)(r1 + 8 * j), acc1[j]);
        _mm512_store_si512((void *)(r2 + 8 * j), acc2[j]);
    }
}

/* out = table[idx] for a SECRET idx < entries: every entry read, the one kept
 * chosen by a vector compare and a masked blend. */
static inline __attribute__((always_inline)) void ifma_lookup(uint64_t *out, const ifma_digits *table,
                                                              int entries, unsigned idx, const int V) {
    __m512i o[IFMA_MAXV];
    const __m512i want = _mm512_set1_epi64((long long)idx);
    for (int j = 0; j < V; j++) o[j] = _mm512_setzero_si512();
    for (int e = 0; e < entries; e++) {
        __mmask8 k = _mm512_cmpeq_epi64_mask(_mm512_set1_epi64(e), want);
        for (int j = 0; j < V; j++)
            o[j] = _mm512_mask_blend_epi64(k, o[j], _mm512_load_si512((const void *)(table[e] + 8 * j)));
    }
    for (int j = 0; j < V; j++) _mm512_store_si512((void *)(out + 8 * j), o[j]);
}

/* ------------------------------------------------------------ exponentiation */

/* The digits of x R' mod p for xM = M(x) = x R mod p (< p). */
static void ifma_enter(uint64_t *dg, const gfp_limb *xM, const ifma_ctx *f, const gfp_ctx *c) {
    gfp_limb t[GFP_MAXL];
    ifma_shift_up(t, xM, f->dbl, c);
    ifma_from_limbs(dg, f->nd, t, c->n);
    ecedu_wipe(t, sizeof t);
}

/* rM = M(z) (64-bit Montgomery form) for the AMM-domain digits acc of z R':
 * AMM(acc, 1) = z mod p, <= p; cond_sub makes it < p; mont_mul by R^2. */
static inline __attribute__((always_inline)) void ifma_leave(gfp_limb *rM, const uint64_t *acc, const ifma_ctx *f,
                                                             const gfp_ctx *c, const int V) {
    ifma_digits one, z;
    gfp_limb t[GFP_MAXL];
    memset(one, 0, sizeof one);
    one[0] = 1;
    amm_v(z, acc, one, f, V);
    ifma_to_limbs(t, c->n, z, f->nd);
    cond_sub(t, t, 0, c->p, c->n);
    mont_mul(rM, t, c->r2, c);
    ecedu_wipe(z, sizeof z);
    ecedu_wipe(t, sizeof t);
}

/* The table x^0 .. x^(entries-1) in the AMM domain (values < 2p). */
static inline __attribute__((always_inline)) void ifma_table(ifma_digits *table, int entries, const uint64_t *x,
                                                             const ifma_ctx *f, const int V) {
    memcpy(table[0], f->one, sizeof(ifma_digits));
    memcpy(table[1], x, sizeof(ifma_digits));
    for (int j = 2; j < entries; j++) amm_v(table[j], table[j - 1], x, f, V);
}

/* mont_pow (the template's contract): rM = M(x^e) for xM = M(x), e SECRET of
 * elen bytes (public length), fixed k-bit windows as the portable code. */
static inline __attribute__((always_inline)) void ifma_pow_v(gfp_limb *rM, const gfp_limb *xM, const uint8_t *e,
                                                             size_t elen, const gfp_ctx *c, const ifma_ctx *f,
                                                             const int V) {
    const int k = window_width(c->n), entries = 1 << k;
    ifma_digits table[32], x, acc, t;
    ifma_enter(x, xM, f, c);
    ifma_table(table, entries, x, f, V);
    size_t windows = (elen * 8 + (size_t)k - 1) / (size_t)k;
    memcpy(acc, f->one, sizeof acc);
    if (windows > 0) ifma_lookup(acc, table, entries, window_bits(e, elen, (windows - 1) * (size_t)k, k), V);
    for (size_t win = windows > 0 ? windows - 1 : 0; win-- > 0;) {
        for (int s = 0; s < k; s++) amm_v(acc, acc, acc, f, V);
        ifma_lookup(t, table, entries, window_bits(e, elen, win * (size_t)k, k), V);
        amm_v(acc, acc, t, f, V);
    }
    ifma_leave(rM, acc, f, c, V);
    ecedu_wipe(table, sizeof table);
    ecedu_wipe(x, sizeof x);
    ecedu_wipe(acc, sizeof acc);
    ecedu_wipe(t, sizeof t);
}

/* The two CRT exponentiations side by side (same nd): r1 = M1(x1^e1),
 * r2 = M2(x2^e2).  The shorter exponent reads as zeros above its length
 * (window_bits), so both run max(e1len, e2len) bytes of windows: leading
 * zero windows keep acc = M'(1). */
static inline __attribute__((always_inline)) void ifma_pow2_v(gfp_limb *r1, const uint8_t *e1, size_t e1len,
                                                              const gfp_ctx *c1, const ifma_ctx *f1, gfp_limb *r2,
                                                              const uint8_t *e2, size_t e2len, const gfp_ctx *c2,
                                                              const ifma_ctx *f2, const int V) {
    const int k = window_width(c1->n > c2->n ? c1->n : c2->n), entries = 1 << k;
    ifma_digits table1[32], table2[32], x1, x2, acc1, acc2, t1, t2;
    ifma_enter(x1, r1, f1, c1);
    ifma_enter(x2, r2, f2, c2);
    ifma_table(table1, entries, x1, f1, V);
    ifma_table(table2, entries, x2, f2, V);
    const size_t elen = e1len > e2len ? e1len : e2len;
    size_t windows = (elen * 8 + (size_t)k - 1) / (size_t)k;
    memcpy(acc1, f1->one, sizeof acc1);
    memcpy(acc2, f2->one, sizeof acc2);
    if (windows > 0) {
        ifma_lookup(acc1, table1, entries, window_bits(e1, e1len, (windows - 1) * (size_t)k, k), V);
        ifma_lookup(acc2, table2, entries, window_bits(e2, e2len, (windows - 1) * (size_t)k, k), V);
    }
    for (size_t win = windows > 0 ? windows - 1 : 0; win-- > 0;) {
        for (int s = 0; s < k; s++) amm2_v(acc1, acc1, acc1, f1, acc2, acc2, acc2, f2, V);
        ifma_lookup(t1, table1, entries, window_bits(e1, e1len, win * (size_t)k, k), V);
        ifma_lookup(t2, table2, entries, window_bits(e2, e2len, win * (size_t)k, k), V);
        amm2_v(acc1, acc1, t1, f1, acc2, acc2, t2, f2, V);
    }
    ifma_leave(r1, acc1, f1, c1, V);
    ifma_leave(r2, acc2, f2, c2, V);
    ecedu_wipe(table1, sizeof table1);
    ecedu_wipe(table2, sizeof table2);
    ecedu_wipe(x1, sizeof x1);
    ecedu_wipe(x2, sizeof x2);
    ecedu_wipe(acc1, sizeof acc1);
    ecedu_wipe(acc2, sizeof acc2);
    ecedu_wipe(t1, sizeof t1);
    ecedu_wipe(t2, sizeof t2);
}

/* The vector count is public; each count gets its own copy, with V a
 * compile-time constant so that the accumulator stays in registers. */
#define IFMA_BY_V(V, CALL)                                                                            \
    switch (V) {                                                                                     \
    case 1: CALL(1); break;                                                                          \
    case 2: CALL(2); break;                                                                          \
    case 3: CALL(3); break;                                                                          \
    case 4: CALL(4); break;                                                                          \
    case 5: CALL(5); break;                                                                          \
    case 6: CALL(6); break;                                                                          \
    case 7: CALL(7); break;                                                                          \
    case 8: CALL(8); break;                                                                          \
    case 9: CALL(9); break;                                                                          \
    default: CALL(10); break;                                                                        \
    }

/* One exponentiation: up to 256 bits (n <= 4 limbs, the size is public) the
 * MULX limb_pow of the template, as fast there; above, IFMA (AMD EPYC Zen 5,
 * CPU time per exponentiation with an exponent of the modulus' size, loaded
 * machine: 128 bits 4.9 us MULX vs 5.2 us IFMA, 256 bits 11.8 vs 12.0, 320
 * bits 22.6 vs 19.4, 512 bits 59 vs 39, 1024 bits 272 vs 138).  The pair of
 * mont_pow2 is IFMA at every size. */
static void mont_pow(gfp_limb *rM, const gfp_limb *xM, const uint8_t *e, size_t elen, const gfp_ctx *c) {
    if (c->n <= 4) {
        limb_pow(rM, xM, e, elen, c);
        return;
    }
    ifma_ctx f;
    ifma_ctx_init(&f, c);
#define IFMA_POW_CALL(V) ifma_pow_v(rM, xM, e, elen, c, &f, V)
    IFMA_BY_V(f.nv, IFMA_POW_CALL)
#undef IFMA_POW_CALL
    ecedu_wipe(&f, sizeof f);
}

/* r1 = M1(x1^e1), r2 = M2(x2^e2) in place (r1, r2 hold M1(x1), M2(x2) on entry). */
static void mont_pow2(gfp_limb *r1, const uint8_t *e1, size_t e1len, const gfp_ctx *c1, gfp_limb *r2,
                      const uint8_t *e2, size_t e2len, const gfp_ctx *c2) {
    ifma_ctx f1, f2;
    ifma_ctx_init(&f1, c1);
    ifma_ctx_init(&f2, c2);
    if (f1.nd == f2.nd) { /* public sizes */
#define IFMA_POW2_CALL(V) ifma_pow2_v(r1, e1, e1len, c1, &f1, r2, e2, e2len, c2, &f2, V)
        IFMA_BY_V(f1.nv, IFMA_POW2_CALL)
#undef IFMA_POW2_CALL
    } else {
        mont_pow(r1, r1, e1, e1len, c1);
        mont_pow(r2, r2, e2, e2len, c2);
    }
    ecedu_wipe(&f1, sizeof f1);
    ecedu_wipe(&f2, sizeof f2);
}
#undef IFMA_BY_V
#undef IFMA_M52
