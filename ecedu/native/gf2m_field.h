/*
 * gf2m_field.h -- TEMPLATE: arithmetic in GF(2^m) = GF(2)[z]/(f(z)).
 *
 * Included (twice) by gf2m_<m>.c with these macros defined:
 *   GF_M            the degree m
 *   GF_NW           words per element, ceil(m/64)
 *   GF_RED_TERMS    the non-leading exponents of f, e.g. 7,6,3,0 for
 *                   f = z^163 + z^7 + z^6 + z^3 + 1
 *   GF_NRED         how many of them (2 for a trinomial, 4 for a pentanomial)
 *   GF_PCLMUL       1: use the PCLMULQDQ instruction, 0: portable C
 *   FN(name)        gives the name a unique prefix (e.g. gf163_pclmul_name)
 *
 * All functions here are constant time: their branches and memory indices
 * depend only on m (public), never on the values of the operands.
 *
 * References: Hankerson, Menezes, Vanstone, "Guide to Elliptic Curve
 * Cryptography" (HMV), chapter 2.3.
 */

typedef uint64_t FN(fe)[GF_NW];

/* The hot helpers are forced inline for the small fields, where a call and
 * the memory round trip of its arguments cost as much as the work itself. */
#ifndef GF_HOT
#if GF_NW <= 5
#define GF_HOT static inline __attribute__((always_inline))
#else
#define GF_HOT static inline
#endif
#endif

static const int FN(red_terms)[GF_NRED] = {GF_RED_TERMS};

/* ---------------------------------------------------------------------
 * 64 x 64 -> 128-bit carry-less multiplication.
 * --------------------------------------------------------------------- */
#if GF_PCLMUL
/* One PCLMULQDQ instruction. */
GF_HOT void FN(clmul64)(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi) {
    __m128i p = _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)a),
                                     _mm_cvtsi64_si128((long long)b), 0x00);
    *lo = (uint64_t)_mm_cvtsi128_si64(p);
    *hi = (uint64_t)_mm_extract_epi64(p, 1);
}
#else
/*
 * Portable, constant-time carry-less multiply by integer multiplication
 * "with holes" (the idea of BearSSL's ghash_ctmul64, generalised to a
 * 128-bit product): split a and b into 5 interleaved classes of bits
 * (bit positions congruent to r mod 5).  The integer product of two classes
 * has at most 13 terms at each bit position, so each column sum (< 16) fits
 * in 4 bits and never carries into the next position of the same class:
 * masking keeps exactly the carry-less product bits.  25 multiplications
 * 64x64->128, no table, no branch.
 */
GF_HOT void FN(clmul64)(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi) {
    const uint64_t m0 = 0x1084210842108421ULL; /* bits 0,5,10,...,60 */
    uint64_t ma[5], mb[5];
    unsigned __int128 z[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < 5; i++) {
        ma[i] = a & (m0 << i);
        mb[i] = b & (m0 << i);
    }
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++)
            z[(i + j) % 5] ^= (unsigned __int128)ma[i] * mb[j];
    uint64_t l = 0, h = 0;
    for (int r = 0; r < 5; r++) {
        /* positions p = r (mod 5): low word uses m0 << r, high word
         * (p = 64 + t) needs t = r + 1 (mod 5). */
        l |= (uint64_t)z[r] & (m0 << r);
        h |= (uint64_t)(z[r] >> 64) & (m0 << ((r + 1) % 5));
    }
    *lo = l;
    *hi = h;
}
#endif

/* ---------------------------------------------------------------------
 * Reduction modulo f (HMV section 2.3.5, word-at-a-time): fold each word
 * above the m-th bit down, using z^m = sum of z^k over the low terms k.
 * Valid because m - k > 64 for every term k of our seven polynomials, so a
 * fold never lands in the word being folded.
 * --------------------------------------------------------------------- */
GF_HOT void FN(fold)(uint64_t *c, uint64_t t, int d) {
    int w = d >> 6, s = d & 63;
    c[w] ^= t << s;
    if (s) c[w + 1] ^= t >> (64 - s); /* s depends on m only */
}

/* Largest non-leading exponent of f and the low part of f as one word
 * (only meaningful when that exponent is < 64). */
#define GF_RED_MAX (FN(red_terms)[0])
GF_HOT uint64_t FN(red_word)(void) {
    uint64_t w = 0;
    for (int j = 0; j < GF_NRED; j++) w |= 1ULL << (FN(red_terms)[j] & 63);
    return w;
}

#if GF_PCLMUL
/*
 * r = c mod f with PCLMULQDQ, for f = z^m + g(z) with deg g < 64 (m = 163,
 * 193, 283, 571).  Each word t above bit m is folded as one carry-less
 * product t * g(z) (at most 64 + deg g bits) shifted to bit 64i - m, instead
 * of one shifted XOR per term of g.  As in the generic version, m - deg g > 64
 * so a fold lands strictly below the word being folded (words are folded top
 * down), and the last fold (bits m.. of word NW-1) lands in words 0 and 1.
 * Contract: c has 2*NW words (destroyed); r may alias c.
 */
GF_HOT void FN(reduce_clmul)(uint64_t *r, uint64_t *c) {
    const uint64_t g = FN(red_word)();
#pragma GCC unroll 20
    for (int i = 2 * GF_NW - 1; i >= GF_NW; i--) {
        uint64_t lo, hi;
        const int d = 64 * i - GF_M, w = d >> 6, s = d & 63;
        FN(clmul64)(c[i], g, &lo, &hi);
        if (s) { /* s depends on m only */
            c[w] ^= lo << s;
            c[w + 1] ^= (lo >> (64 - s)) ^ (hi << s);
            if (s + GF_RED_MAX >= 64) c[w + 2] ^= hi >> (64 - s);
        } else {
            c[w] ^= lo;
            c[w + 1] ^= hi;
        }
    }
    if (GF_M % 64) {
        uint64_t lo, hi, t = c[GF_NW - 1] >> (GF_M % 64);
        c[GF_NW - 1] &= (1ULL << (GF_M % 64)) - 1;
        FN(clmul64)(t, g, &lo, &hi);
        c[0] ^= lo;
        c[1] ^= hi;
    }
    for (int i = 0; i < GF_NW; i++) r[i] = c[i];
}
#endif

/* r = c mod f, where c has 2*NW words (c is destroyed). */
GF_HOT void FN(reduce)(uint64_t *r, uint64_t *c) {
#if GF_PCLMUL
    if (GF_RED_MAX < 64) { /* public, constant per field */
        FN(reduce_clmul)(r, c);
        return;
    }
#endif
#pragma GCC unroll 20
    for (int i = 2 * GF_NW - 1; i >= GF_NW; i--) {
        uint64_t t = c[i];
#pragma GCC unroll 4
        for (int j = 0; j < GF_NRED; j++) FN(fold)(c, t, 64 * i - GF_M + FN(red_terms)[j]);
    }
    if (GF_M % 64) {
        uint64_t t = c[GF_NW - 1] >> (GF_M % 64);
        c[GF_NW - 1] &= (1ULL << (GF_M % 64)) - 1;
#pragma GCC unroll 4
        for (int j = 0; j < GF_NRED; j++) FN(fold)(c, t, FN(red_terms)[j]);
    }
    for (int i = 0; i < GF_NW; i++) r[i] = c[i];
}

/* ---------------------------------------------------------------------
 * Multiplication: one-level multi-way Karatsuba ("Karatsuba-Ofman for all
 * pairs", Weimerskirch and Paar 2006): with D_i = a_i b_i,
 *   a*b = sum_i D_i z^(128 i)
 *       + sum_{i<j} [(a_i+a_j)(b_i+b_j) + D_i + D_j] z^(64(i+j))
 * i.e. NW + NW(NW-1)/2 word products instead of NW^2.
 * --------------------------------------------------------------------- */
#if GF_PCLMUL
/* PCLMUL version: the 128-bit partial products stay in SSE registers.  Those
 * at an even word offset 2k go to E[k] (words 2k, 2k+1), those at an odd
 * offset 2k+1 to O[k] (words 2k+1, 2k+2); O is shifted by 64 bits and added
 * to E at the end, so only the 2*NW result words leave the SSE registers. */
GF_HOT void FN(mul_unreduced)(uint64_t *c, const uint64_t *a, const uint64_t *b) {
    __m128i av[GF_NW], bv[GF_NW], D[GF_NW], E[GF_NW + 1], O[GF_NW];
    for (int i = 0; i < GF_NW; i++) {
        av[i] = _mm_loadl_epi64((const __m128i *)(a + i));
        bv[i] = _mm_loadl_epi64((const __m128i *)(b + i));
        D[i] = _mm_clmulepi64_si128(av[i], bv[i], 0x00);
        E[i] = D[i];
        O[i] = _mm_setzero_si128();
    }
    E[GF_NW] = _mm_setzero_si128();
#pragma GCC unroll 10
    for (int i = 0; i < GF_NW; i++) {
#pragma GCC unroll 10
        for (int j = i + 1; j < GF_NW; j++) {
            __m128i t = _mm_clmulepi64_si128(_mm_xor_si128(av[i], av[j]), _mm_xor_si128(bv[i], bv[j]), 0x00);
            t = _mm_xor_si128(t, _mm_xor_si128(D[i], D[j]));
            if ((i + j) & 1)
                O[(i + j) >> 1] = _mm_xor_si128(O[(i + j) >> 1], t);
            else
                E[(i + j) >> 1] = _mm_xor_si128(E[(i + j) >> 1], t);
        }
    }
    for (int k = 0; k < GF_NW; k++) {
        E[k] = _mm_xor_si128(E[k], _mm_slli_si128(O[k], 8));
        E[k + 1] = _mm_xor_si128(E[k + 1], _mm_srli_si128(O[k], 8));
    }
    for (int k = 0; k < GF_NW; k++) _mm_storeu_si128((__m128i *)(c + 2 * k), E[k]);
}
#else
GF_HOT void FN(mul_unreduced)(uint64_t *c, const uint64_t *a, const uint64_t *b) {
    uint64_t dl[GF_NW], dh[GF_NW];
    for (int i = 0; i < 2 * GF_NW; i++) c[i] = 0;
#pragma GCC unroll 10
    for (int i = 0; i < GF_NW; i++) {
        FN(clmul64)(a[i], b[i], &dl[i], &dh[i]);
        c[2 * i] ^= dl[i];
        c[2 * i + 1] ^= dh[i];
    }
#pragma GCC unroll 10
    for (int i = 0; i < GF_NW; i++) {
#pragma GCC unroll 10
        for (int j = i + 1; j < GF_NW; j++) {
            uint64_t l, h;
            FN(clmul64)(a[i] ^ a[j], b[i] ^ b[j], &l, &h);
            c[i + j] ^= l ^ dl[i] ^ dl[j];
            c[i + j + 1] ^= h ^ dh[i] ^ dh[j];
        }
    }
}
#endif

/* r = a * b mod f.  r may alias a or b. */
GF_HOT void FN(mul)(uint64_t *r, const uint64_t *a, const uint64_t *b) {
    uint64_t c[2 * GF_NW];
    FN(mul_unreduced)(c, a, b);
    FN(reduce)(r, c);
}

/* Squaring is linear over GF(2): a^2 = sum a_i z^(2i) (HMV 2.3.4). */
#if GF_PCLMUL
GF_HOT void FN(sqr_spread)(uint64_t *c, const uint64_t *a) {
    for (int i = 0; i < GF_NW; i++) {
        __m128i v = _mm_loadl_epi64((const __m128i *)(a + i));
        _mm_storeu_si128((__m128i *)(c + 2 * i), _mm_clmulepi64_si128(v, v, 0x00));
    }
}
#else
/* Insert a 0 bit after each of the 32 bits of x (no table, constant time). */
GF_HOT uint64_t FN(spread32)(uint64_t x) {
    x &= 0xFFFFFFFFULL;
    x = (x | (x << 16)) & 0x0000FFFF0000FFFFULL;
    x = (x | (x << 8)) & 0x00FF00FF00FF00FFULL;
    x = (x | (x << 4)) & 0x0F0F0F0F0F0F0F0FULL;
    x = (x | (x << 2)) & 0x3333333333333333ULL;
    x = (x | (x << 1)) & 0x5555555555555555ULL;
    return x;
}
GF_HOT void FN(sqr_spread)(uint64_t *c, const uint64_t *a) {
    for (int i = 0; i < GF_NW; i++) {
        c[2 * i] = FN(spread32)(a[i]);
        c[2 * i + 1] = FN(spread32)(a[i] >> 32);
    }
}
#endif

/* r = a^2 mod f.  r may alias a. */
GF_HOT void FN(sqr)(uint64_t *r, const uint64_t *a) {
    uint64_t c[2 * GF_NW];
    FN(sqr_spread)(c, a);
    FN(reduce)(r, c);
}

/* r = a^(2^n), n >= 0 (public). */
static inline void FN(sqr_n)(uint64_t *r, const uint64_t *a, int n) {
    for (int i = 0; i < GF_NW; i++) r[i] = a[i];
    for (int i = 0; i < n; i++) FN(sqr)(r, r);
}

GF_HOT void FN(add)(uint64_t *r, const uint64_t *a, const uint64_t *b) {
    for (int i = 0; i < GF_NW; i++) r[i] = a[i] ^ b[i];
}

GF_HOT void FN(copy)(uint64_t *r, const uint64_t *a) {
    for (int i = 0; i < GF_NW; i++) r[i] = a[i];
}

/* Conditional swap: if mask is all-ones, exchange a and b. */
GF_HOT void FN(cswap)(uint64_t *a, uint64_t *b, uint64_t mask) {
    for (int i = 0; i < GF_NW; i++) {
        uint64_t t = mask & (a[i] ^ b[i]);
        a[i] ^= t;
        b[i] ^= t;
    }
}

/* ---------------------------------------------------------------------
 * Inversion by Itoh-Tsujii (HMV 2.3.6 / Guajardo-Paar): a^-1 = a^(2^m - 2)
 * = (a^(2^(m-1) - 1))^2.  With beta_k = a^(2^k - 1):
 *   beta_{2k}   = beta_k^(2^k) * beta_k,   beta_{2k+1} = beta_{2k}^2 * a,
 * walking the bits of m-1 from the top.  The chain depends on m only.
 * Costs m-1 squarings and about 2 log2(m) multiplications.  inv(0) = 0.
 * --------------------------------------------------------------------- */
static void FN(inv)(uint64_t *r, const uint64_t *a) {
    uint64_t beta[GF_NW], t[GF_NW];
    const int e = GF_M - 1;
    int top = 31 - __builtin_clz((unsigned)e);
    int k = 1;
    FN(copy)(beta, a);
    for (int i = top - 1; i >= 0; i--) {
        FN(sqr_n)(t, beta, k);
        FN(mul)(beta, t, beta);
        k *= 2;
        if ((e >> i) & 1) { /* bit of m-1: public */
            FN(sqr)(t, beta);
            FN(mul)(beta, t, a);
            k += 1;
        }
    }
    FN(sqr)(r, beta);
}

/* Square root: sqrt(a) = a^(2^(m-1)) since a^(2^m) = a; m-1 squarings.
 * (Faster: split a into even and odd parts and multiply the odd part by the
 * constant sqrt(z), Fong-Hankerson-Lopez-Menezes 2004; not needed here.) */
static void FN(sqrt)(uint64_t *r, const uint64_t *a) { FN(sqr_n)(r, a, GF_M - 1); }

/* Half-trace (m odd): H(c) = sum_{i=0}^{(m-1)/2} c^(2^(2i)).  If Tr(c) = 0,
 * then z = H(c) solves z^2 + z = c (HMV 3.6.2, used to solve quadratics).
 * By the definition: (m-1) squarings.  Used only to build the table below. */
static void FN(half_trace_slow)(uint64_t *r, const uint64_t *a) {
    uint64_t t[GF_NW], acc[GF_NW];
    FN(copy)(t, a);
    FN(copy)(acc, a);
    for (int i = 0; i < (GF_M - 1) / 2; i++) {
        FN(sqr)(t, t);
        FN(sqr)(t, t);
        FN(add)(acc, acc, t);
    }
    FN(copy)(r, acc);
}

/* H is GF(2)-linear, so H(c) = sum of H(z^i) over the set bits i of c.
 * ht_table[i] = H(z^i) is built once (pthread_once, m slow half-traces of
 * public constants); then H(c) is m masked XORs of NW words and no squaring
 * (HMV 3.6.2 notes the same table method).  Constant time: every row is
 * read and combined under a mask, whatever the bits of c. */
static uint64_t FN(ht_table)[GF_M][GF_NW];
static pthread_once_t FN(ht_once) = PTHREAD_ONCE_INIT;

static void FN(ht_init)(void) {
    uint64_t e[GF_NW];
    for (int i = 0; i < GF_M; i++) {
        for (int j = 0; j < GF_NW; j++) e[j] = 0;
        e[i >> 6] = 1ULL << (i & 63);
        FN(half_trace_slow)(FN(ht_table)[i], e);
    }
}

/* r = H(a).  Contract: a reduced; r may alias a. */
static void FN(half_trace)(uint64_t *r, const uint64_t *a) {
    uint64_t acc[GF_NW] = {0};
    pthread_once(&FN(ht_once), FN(ht_init));
    for (int i = 0; i < GF_M; i++) {
        uint64_t mask = 0 - ((a[i >> 6] >> (i & 63)) & 1);
        for (int j = 0; j < GF_NW; j++) acc[j] ^= mask & FN(ht_table)[i][j];
    }
    FN(copy)(r, acc);
}

/* Trace Tr(c) = sum_{i<m} c^(2^i) in {0,1}.  The trace is linear, so
 * Tr(c) = parity(c AND tmask) where bit i of tmask is Tr(z^i); tmask is
 * computed once (from public data) by the slow definition. */
static uint64_t FN(tmask)[GF_NW];
static int FN(tmask_ready);

static int FN(trace_slow)(const uint64_t *a) {
    uint64_t t[GF_NW], acc[GF_NW];
    FN(copy)(t, a);
    FN(copy)(acc, a);
    for (int i = 1; i < GF_M; i++) {
        FN(sqr)(t, t);
        FN(add)(acc, acc, t);
    }
    return (int)(acc[0] & 1);
}

static int FN(trace)(const uint64_t *a) {
    if (!FN(tmask_ready)) {
        uint64_t e[GF_NW];
        for (int i = 0; i < GF_M; i++) {
            for (int j = 0; j < GF_NW; j++) e[j] = 0;
            e[i >> 6] = 1ULL << (i & 63);
            if (FN(trace_slow)(e)) FN(tmask)[i >> 6] |= 1ULL << (i & 63);
        }
        FN(tmask_ready) = 1;
    }
    uint64_t acc = 0;
    for (int i = 0; i < GF_NW; i++) acc ^= a[i] & FN(tmask)[i];
    return __builtin_parityll(acc);
}

/* c[i] = a[i] * b[i] for count elements stored back to back. */
static void FN(mul_batch)(uint64_t *c, const uint64_t *a, const uint64_t *b, size_t count) {
    for (size_t i = 0; i < count; i++) FN(mul)(c + i * GF_NW, a + i * GF_NW, b + i * GF_NW);
}

/* Out-of-line versions for the function table. */
static void FN(mul_ext)(uint64_t *r, const uint64_t *a, const uint64_t *b) { FN(mul)(r, a, b); }
static void FN(sqr_ext)(uint64_t *r, const uint64_t *a) { FN(sqr)(r, a); }
