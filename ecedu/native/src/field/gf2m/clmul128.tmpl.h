/*
 * gf2m_field.h -- TEMPLATE: arithmetic in GF(2^m) = GF(2)[z]/(f(z)).
 *
 * Included (two or three times) by gf2m_<m>.c with these macros defined:
 *   GF_M            the degree m
 *   GF_NW           words per element, ceil(m/64)
 *   GF_RED_TERMS    the non-leading exponents of f, e.g. 7,6,3,0 for
 *                   f = z^163 + z^7 + z^6 + z^3 + 1
 *   GF_NRED         how many of them (2 for a trinomial, 4 for a pentanomial)
 *   GF_PCLMUL       1: use the PCLMULQDQ instruction, 0: portable C,
 *                   2: as 1, compiled for AVX-512 (see below; with GF_ZMUL 1
 *                   also the multiplication on 512-bit VPCLMULQDQ)
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
 * the memory round trip of its arguments cost as much as the work itself.
 * (Forcing it for m = 409 and 571 too was measured about 15% faster there,
 * but made the library take minutes to compile; not worth it for a course.) */
#ifndef GF_HOT
#if GF_NW <= 5
#define GF_HOT static inline __attribute__((always_inline))
#else
#define GF_HOT static inline
#endif
#endif

/* The third instance (GF_PCLMUL == 2, "vpclmul") is the PCLMULQDQ code
 * compiled for AVX-512 (F, VL, VBMI2) and 128-bit vectors: the compiler
 * turns chains of XORs into three-input VPTERNLOGQ, and FN(vshl) / FN(vshr)
 * below use the double shifts VPSHLDVQ / VPSHRDVQ, so the same arithmetic
 * takes about a third fewer instructions (measured at m = 233: field
 * squaring about 25% and the tau-adic ECDH about 30% faster than the
 * SSE4.1 instance).  With GF_ZMUL (gf2m_409.c, gf2m_571.c) the
 * multiplication also moves to 512-bit registers, see FN(zmul). */
#ifndef GF_ZMUL
#define GF_ZMUL 0
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

/* Largest non-leading exponent of f, and the low part g(z) = f(z) - z^m of
 * f as one word (only meaningful when deg g < 64). */
#define GF_RED_MAX (FN(red_terms)[0])
GF_HOT uint64_t FN(red_word)(void) {
    uint64_t w = 0;
    for (int j = 0; j < GF_NRED; j++) w |= 1ULL << (FN(red_terms)[j] & 63);
    return w;
}

#if GF_PCLMUL
/* =====================================================================
 * PCLMULQDQ path: everything stays in 128-bit SSE registers.
 *
 * A polynomial of 2n words is held as n "lanes" V[0..n-1], lane l = the
 * words (2l, 2l+1).  An element of GF(2^m) takes GF_NL = ceil(NW/2) lanes
 * (when NW is odd the high word of the last lane is zero); a product
 * before reduction takes NW lanes.  Memory is touched only to load the
 * operands and store the result: no 64-bit word ever goes through a
 * general-purpose register, and no partial result is stored and reloaded.
 *
 * The helpers below take lane and word indices and shift counts that are
 * constants once inlined (they depend on m only), so after unrolling every
 * branch in them disappears and each shift is an immediate-count
 * instruction.  They must therefore be always inlined, whatever NW.
 * ===================================================================== */
#define GF_NL ((GF_NW + 1) / 2)
#define GF_INL static inline __attribute__((always_inline))

/* Lane l of the n-lane vector V, zero outside 0 <= l < n. */
GF_INL __m128i FN(vl)(const __m128i *V, int n, int l) {
    return (l >= 0 && l < n) ? V[l] : _mm_setzero_si128();
}

/* Words (i, i+1) of V as one lane; i may be odd or negative.  For odd i the
 * two words straddle two lanes: PALIGNR takes the high word of lane (i-1)/2
 * and the low word of lane (i+1)/2. */
GF_INL __m128i FN(vw)(const __m128i *V, int n, int i) {
    int l = (i - (i & 1)) / 2; /* floor(i / 2), also for negative i */
    if (i & 1) return _mm_alignr_epi8(FN(vl)(V, n, l + 1), FN(vl)(V, n, l), 8);
    return FN(vl)(V, n, l);
}

/* Lane k of V * z^s (s >= 0): with s = 64a + b, word j of the result is
 * (V_{j-a} << b) | (V_{j-a-1} >> (64-b)), two words at a time. */
GF_INL __m128i FN(vshl)(const __m128i *V, int n, int s, int k) {
    int a = s >> 6, b = s & 63;
    __m128i p = FN(vw)(V, n, 2 * k - a);
    if (b == 0) return p;
#if GF_PCLMUL == 2 /* VPSHLDVQ: the two shifts and the OR in one instruction */
    return _mm_shldv_epi64(p, FN(vw)(V, n, 2 * k - a - 1), _mm_set1_epi64x(b));
#else
    return _mm_xor_si128(_mm_slli_epi64(p, b), _mm_srli_epi64(FN(vw)(V, n, 2 * k - a - 1), 64 - b));
#endif
}

/* Lane k of floor(V / z^s): word j is (V_{j+a} >> b) | (V_{j+a+1} << (64-b)). */
GF_INL __m128i FN(vshr)(const __m128i *V, int n, int s, int k) {
    int a = s >> 6, b = s & 63;
    __m128i p = FN(vw)(V, n, 2 * k + a);
    if (b == 0) return p;
#if GF_PCLMUL == 2 /* VPSHRDVQ */
    return _mm_shrdv_epi64(p, FN(vw)(V, n, 2 * k + a + 1), _mm_set1_epi64x(b));
#else
    return _mm_xor_si128(_mm_srli_epi64(p, b), _mm_slli_epi64(FN(vw)(V, n, 2 * k + a + 1), 64 - b));
#endif
}

/* The lane that holds bit m, masked to the bits below m. */
GF_INL __m128i FN(vmask_m)(__m128i v) {
    const int r = GF_M & 127;
    const uint64_t low = (1ULL << (r & 63)) - 1; /* bits below m in its word */
    if (r < 64) return _mm_and_si128(v, _mm_set_epi64x(0, (long long)low));
    return _mm_and_si128(v, _mm_set_epi64x((long long)low, -1LL));
}

GF_INL void FN(vload)(__m128i *V, const uint64_t *a) {
    for (int l = 0; l < GF_NW / 2; l++) V[l] = _mm_loadu_si128((const __m128i *)(a + 2 * l));
    if (GF_NW & 1) V[GF_NL - 1] = _mm_loadl_epi64((const __m128i *)(a + GF_NW - 1));
}

GF_INL void FN(vstore)(uint64_t *r, const __m128i *V) {
    for (int l = 0; l < GF_NW / 2; l++) _mm_storeu_si128((__m128i *)(r + 2 * l), V[l]);
    if (GF_NW & 1) _mm_storel_epi64((__m128i *)(r + GF_NW - 1), V[GF_NL - 1]);
}

/* Lane l of V with the bits below t cleared (t >= 0, constant). */
GF_INL __m128i FN(vclear_below)(__m128i v, int t, int l) {
    const int r = t - 128 * l; /* first bit to keep, relative to the lane */
    if (r <= 0) return v;
    if (r >= 128) return _mm_setzero_si128();
    if (r < 64) return _mm_and_si128(v, _mm_set_epi64x(-1LL, (long long)(~0ULL << r)));
    return _mm_and_si128(v, _mm_set_epi64x((long long)(~0ULL << (r - 64)), 0));
}

/* ---------------------------------------------------------------------
 * Reduction modulo f = z^m + g(z) (HMV 2.3.5), in lanes, for an input C of
 * NW lanes (2 NW words) whose degree is at most D (a constant: 2m - 2 for
 * a product of two reduced elements, 128 NW - 1 for any 2 NW words).
 *
 * Round 1 folds at a word boundary 64P (P = NW, or GF_FOLD_WORD if the
 * field file sets it), so that the part to fold needs no shifting: write
 * C = A + z^(64P) B, where A is the low P words, B the rest, and
 * z^(64P) = h(z) mod f (a sparse polynomial); then C = A + B h (mod f).
 * For P = NW, with e = 64 NW - m (0 < e < 64), h = z^e g(z) since z^m = g.
 *   - If deg g + e < 64 (the pentanomials 163, 283, 571), h is a single
 *     word and B h is NW independent PCLMULQDQs, one per word of B (the
 *     instruction's immediate picks the word inside its lane): the products
 *     at an even word offset go straight into the lanes of the result, those
 *     at an odd offset into a second set of lanes shifted by 64 bits at the
 *     end.  (The same trick as the "folding" of Gueron-Kounavis' GHASH.)
 *   - Otherwise (trinomials z^m + z^k + 1) B h = B z^e + B z^(e+k): two
 *     shifted copies of B, computed lane by lane with 64-bit shifts.
 *   - For m = 239 (k = 158 > m/2) gf2m_239.c folds at P = 5 instead:
 *     z^320 = z^81 z^239 = z^239 + z^81 = z^158 + z^81 + 1 (mod f), which
 *     saves a round below.
 * Round 1 leaves R of degree at most d = max(64P - 1, deg B + deg h).
 *
 * Each later round splits R = L + z^m H with deg L < m and replaces R by
 *     L + H g = L + sum over the terms z^t of g of H z^t,
 * lowering the degree bound to max(m - 1, d - m + deg g); it stops when
 * the bound is below m: one more round with the contract bounds, two for
 * m = 239 and the any-input bound.  The terms are computed straight from R
 * (not from H, which would add a dependent step):
 *     H z^t = floor(R / z^(m - t)) with its bits below t cleared,
 * all in parallel, then added to L with a tree of XORs.
 * All counts and shifts depend only on m and D: constant time.
 * --------------------------------------------------------------------- */
#ifndef GF_FOLD_WORD
#define GF_FOLD_WORD GF_NW
#endif
GF_INL void FN(vreduce)(__m128i *R, const __m128i *C, const int D) {
    const int P = GF_FOLD_WORD, e = 64 * GF_NW - GF_M, k = GF_RED_MAX;
    __m128i T[GF_NW + 3], S[GF_NW + 3];
#ifdef GF_FOLD_TERMS
    static const int h[] = {GF_FOLD_TERMS}; /* exponents of h, largest first */
    const int nh = (int)(sizeof h / sizeof h[0]), use_clmul = 0;
#else
    int h[GF_NRED];                          /* h = z^e g */
    const int nh = GF_NRED, use_clmul = k + e < 64;
    for (int j = 0; j < GF_NRED; j++) h[j] = e + FN(red_terms)[j];
#endif
    int d = D - 64 * P + h[0];               /* degree bound of B h */
    if (d < 64 * P - 1) d = 64 * P - 1;      /* ... and of R = A + B h */

    /* T = A: the first P words of C. */
#pragma GCC unroll 12
    for (int l = 0; l < GF_NW + 3; l++) T[l] = 2 * l < P ? C[l] : _mm_setzero_si128();
    if (P & 1) T[P >> 1] = _mm_move_epi64(T[P >> 1]); /* word P belongs to B */

    if (use_clmul) {
        /* T += B G, G = h as one word; word w of B is word P + w of C. */
        const __m128i G = _mm_cvtsi64_si128((long long)(FN(red_word)() << e));
        __m128i O[GF_NL + 1];
#pragma GCC unroll 12
        for (int l = 0; l < GF_NL + 1; l++) O[l] = _mm_setzero_si128();
#pragma GCC unroll 12
        for (int w = 0; w <= (D >> 6) - P; w++) {
            const int i = P + w;
            __m128i p = (i & 1) ? _mm_clmulepi64_si128(C[i >> 1], G, 0x01)
                                : _mm_clmulepi64_si128(C[i >> 1], G, 0x00);
            if (w & 1)
                O[w >> 1] = _mm_xor_si128(O[w >> 1], p);
            else
                T[w >> 1] = _mm_xor_si128(T[w >> 1], p);
        }
#pragma GCC unroll 12
        for (int l = 0; l < GF_NL; l++) {
            T[l] = _mm_xor_si128(T[l], _mm_slli_si128(O[l], 8));
            T[l + 1] = _mm_xor_si128(T[l + 1], _mm_srli_si128(O[l], 8));
        }
    } else {
        /* T += sum of B z^t over the exponents t of h. */
        __m128i B[GF_NL + 1];
        const int nb = ((D - 64 * P) >> 7) + 1; /* lanes of B */
#pragma GCC unroll 12
        for (int l = 0; l < nb; l++) B[l] = FN(vw)(C, GF_NW, P + 2 * l);
#pragma GCC unroll 12
        for (int l = 0; l <= (d >> 7); l++) {
            __m128i acc = FN(vshl)(B, nb, h[0], l);
#pragma GCC unroll 4
            for (int j = 1; j < nh; j++) acc = _mm_xor_si128(acc, FN(vshl)(B, nb, h[j], l));
            T[l] = _mm_xor_si128(T[l], acc);
        }
    }

    /* Later rounds: R = L + z^m H  ->  L + H g. */
#pragma GCC unroll 4
    for (int round = 0; round < 4; round++) {
        if (d < GF_M) break;
        const int nt = (d >> 7) + 1;        /* lanes of R now */
        const int dn = d - GF_M + k;        /* degree bound of H g */
        const int ns = (dn >> 7) + 1;       /* its lanes */
#pragma GCC unroll 12
        for (int l = 0; l < ns; l++) {
            /* the last exponent of f is 0 (f is irreducible): H z^0 = H */
            S[l] = FN(vshr)(T, nt, GF_M, l);
#pragma GCC unroll 4
            for (int j = 0; j < GF_NRED - 1; j++) {
                const int t = FN(red_terms)[j];
                S[l] = _mm_xor_si128(S[l], FN(vclear_below)(FN(vshr)(T, nt, GF_M - t, l), t, l));
            }
        }
        T[GF_M >> 7] = FN(vmask_m)(T[GF_M >> 7]);
#pragma GCC unroll 12
        for (int l = (GF_M >> 7) + 1; l < nt; l++) T[l] = _mm_setzero_si128();
#pragma GCC unroll 12
        for (int l = 0; l < ns; l++) T[l] = _mm_xor_si128(T[l], S[l]);
        d = dn < GF_M - 1 ? GF_M - 1 : dn;
    }
#pragma GCC unroll 12
    for (int l = 0; l < GF_NL; l++) R[l] = T[l];
}

/* ---------------------------------------------------------------------
 * Multiplication before reduction, C (NW lanes) = A * B.
 *
 * One-level multi-way Karatsuba ("Karatsuba-Ofman for all pairs",
 * Weimerskirch and Paar 2006; HMV 2.3.3 for the two-way case): with
 * D_i = a_i b_i,
 *   a*b = sum_i D_i z^(128 i)
 *       + sum_{i<j} [(a_i+a_j)(b_i+b_j) + D_i + D_j] z^(64(i+j))
 * i.e. NW + NW(NW-1)/2 word products instead of NW^2.  PCLMULQDQ's
 * immediate picks the low or high word of each lane, so word i is used in
 * place; a sum a_i + a_j of words of different parity is formed against
 * the lane of a_j with its two words swapped (PSHUFD).  The 128-bit
 * products at an even word offset 2s go to lane s of E, those at an odd
 * offset 2s+1 to lane s of O; O is shifted by one word into E at the end.
 *
 * The D terms are not added pair by pair (2 XORs per pair): at word offset
 * s, the diagonal D_(s/2) (s even) and the D_i + D_j of the pairs i + j = s
 * together add up every D_i with lo(s) <= i <= hi(s), lo = max(0, s-NW+1),
 * hi = min(s, NW-1), each once.  That is a prefix XOR D_0 + ... + D_s for
 * s < NW and a suffix XOR D_(s-NW+1) + ... + D_(NW-1) for s >= NW - 1:
 * about 4 NW XORs instead of NW(NW-1).
 * --------------------------------------------------------------------- */
#ifndef GF_MUL_SB /* schoolbook for the 3-word field (measured faster) */
#define GF_MUL_SB (GF_NW <= 3)
#endif
/* C = E + O z^64: the products at odd word offsets (O) shifted into the even
 * lanes (E); shared end of both multiplications below. */
GF_INL void FN(vcombine)(__m128i *C, __m128i *E, const __m128i *O) {
    /* lane s of O z^64 is (high word of O[s-1], low word of O[s]): one
     * PALIGNR per lane instead of two byte shifts */
    E[0] = _mm_xor_si128(E[0], _mm_slli_si128(O[0], 8));
#pragma GCC unroll 12
    for (int s = 1; s < GF_NW; s++) E[s] = _mm_xor_si128(E[s], _mm_alignr_epi8(O[s], O[s - 1], 8));
    E[GF_NW] = _mm_xor_si128(E[GF_NW], _mm_srli_si128(O[GF_NW - 1], 8));
#pragma GCC unroll 12
    for (int s = 0; s < GF_NW; s++) C[s] = E[s];
}

/* XOR v into the product at word offset s (E for even s, O for odd s). */
#define GF_ADD_AT(s, v)                                                      \
    do {                                                                     \
        if ((s) & 1) O[(s) >> 1] = _mm_xor_si128(O[(s) >> 1], (v));          \
        else         E[(s) >> 1] = _mm_xor_si128(E[(s) >> 1], (v));          \
    } while (0)
GF_INL void FN(vmul_ka)(__m128i *C, const __m128i *A, const __m128i *B) {
    __m128i As[GF_NL], Bs[GF_NL], D[GF_NW], Pre[GF_NW], Suf[GF_NW], E[GF_NW + 1], O[GF_NW];
#pragma GCC unroll 12
    for (int l = 0; l < GF_NL; l++) {
        As[l] = _mm_shuffle_epi32(A[l], 0x4E);
        Bs[l] = _mm_shuffle_epi32(B[l], 0x4E);
    }
#pragma GCC unroll 12
    for (int i = 0; i < GF_NW; i++) {
        D[i] = (i & 1) ? _mm_clmulepi64_si128(A[i >> 1], B[i >> 1], 0x11)
                       : _mm_clmulepi64_si128(A[i >> 1], B[i >> 1], 0x00);
        O[i] = _mm_setzero_si128();
    }
    /* Pre[i] = D_0 + ... + D_i, Suf[i] = D_i + ... + D_(NW-1) */
    Pre[0] = D[0];
    Suf[GF_NW - 1] = D[GF_NW - 1];
#pragma GCC unroll 12
    for (int i = 1; i < GF_NW; i++) {
        Pre[i] = _mm_xor_si128(Pre[i - 1], D[i]);
        Suf[GF_NW - 1 - i] = _mm_xor_si128(Suf[GF_NW - i], D[GF_NW - 1 - i]);
    }
#pragma GCC unroll 12
    for (int s = 0; s <= GF_NW; s++) E[s] = _mm_setzero_si128();
#pragma GCC unroll 20
    for (int s = 0; s < 2 * GF_NW - 1; s++) GF_ADD_AT(s, s < GF_NW ? Pre[s] : Suf[s - GF_NW + 1]);
#pragma GCC unroll 12
    for (int i = 0; i < GF_NW; i++) {
#pragma GCC unroll 12
        for (int j = i + 1; j < GF_NW; j++) {
            /* the lane with a_i + a_j (b_i + b_j) in the word of parity i */
            __m128i u = _mm_xor_si128(A[i >> 1], ((i ^ j) & 1) ? As[j >> 1] : A[j >> 1]);
            __m128i v = _mm_xor_si128(B[i >> 1], ((i ^ j) & 1) ? Bs[j >> 1] : B[j >> 1]);
            GF_ADD_AT(i + j, (i & 1) ? _mm_clmulepi64_si128(u, v, 0x11) : _mm_clmulepi64_si128(u, v, 0x00));
        }
    }
    FN(vcombine)(C, E, O);
}
#undef GF_ADD_AT

/* Schoolbook on lanes: four PCLMULQDQ per pair of lanes. */
GF_INL void FN(vmul_sb)(__m128i *C, const __m128i *A, const __m128i *B) {
    __m128i E[GF_NW + 1], O[GF_NW];
#pragma GCC unroll 12
    for (int s = 0; s <= GF_NW; s++) E[s] = _mm_setzero_si128();
#pragma GCC unroll 12
    for (int s = 0; s < GF_NW; s++) O[s] = _mm_setzero_si128();
#pragma GCC unroll 12
    for (int i = 0; i < GF_NL; i++) {
#pragma GCC unroll 12
        for (int j = 0; j < GF_NL; j++) {
            const int hi_a = 2 * i + 1 < GF_NW, hi_b = 2 * j + 1 < GF_NW;
            E[i + j] = _mm_xor_si128(E[i + j], _mm_clmulepi64_si128(A[i], B[j], 0x00));
            if (hi_a && hi_b) E[i + j + 1] = _mm_xor_si128(E[i + j + 1], _mm_clmulepi64_si128(A[i], B[j], 0x11));
            if (hi_a) O[i + j] = _mm_xor_si128(O[i + j], _mm_clmulepi64_si128(A[i], B[j], 0x01));
            if (hi_b) O[i + j] = _mm_xor_si128(O[i + j], _mm_clmulepi64_si128(A[i], B[j], 0x10));
        }
    }
    FN(vcombine)(C, E, O);
}

GF_INL void FN(vmul)(__m128i *C, const __m128i *A, const __m128i *B) {
    if (GF_MUL_SB) FN(vmul_sb)(C, A, B); else FN(vmul_ka)(C, A, B);
}

/* Squaring is linear over GF(2): (sum a_i z^i)^2 = sum a_i z^(2i)
 * (HMV 2.3.4), so a^2 is "a with a 0 inserted after each bit".  PCLMULQDQ
 * of a word by itself does exactly that (the cross terms cancel in pairs):
 * NW independent instructions, word i giving lane i. */
GF_INL void FN(vsqr_spread)(__m128i *C, const __m128i *A) {
#pragma GCC unroll 12
    for (int i = 0; i < GF_NW; i++)
        C[i] = (i & 1) ? _mm_clmulepi64_si128(A[i >> 1], A[i >> 1], 0x11)
                       : _mm_clmulepi64_si128(A[i >> 1], A[i >> 1], 0x00);
}

/* ---------------------------------------------------------------------
 * Reduction of a product of two reduced elements (degree at most 2m - 2)
 * in one step, for the trinomials f = z^m + z^k + 1 with 2k < m
 * (m = 193, 233, 409).  The two rounds of FN(vreduce) written out at once,
 * every term a window of C itself, so that they are computed in parallel
 * instead of one round waiting for the other:
 *     C = L + z^m H             H  = floor(C / z^m), deg H <= m - 2
 *     z^m H = H + z^k H         (z^m = z^k + 1 mod f)
 *     z^k H = W + z^m H2        W  = floor(C / z^(m-k)), bits k..m-1 kept
 *                               H2 = floor(C / z^(2m-k)), deg H2 <= k - 2
 *     z^m H2 = H2 + z^k H2
 * so  C = L + H + W + H2 + z^k H2  (mod f), and deg z^k H2 <= 2k - 2 < m.
 * The last term is z^k H2 = floor(C / z^(2m-2k)) with the bits below k
 * cleared, one more window; for m = 193 (k = 15 < 64) H2 + z^k H2 is
 * instead one PCLMULQDQ of the word H2 by the word 1 + z^k (measured 8%
 * faster there).
 * Measured: the same work in fewer instructions and a shorter dependent
 * chain than the rounds one after the other (ECDH about 13% faster on
 * sect233k1).  The same expansion for the pentanomials was measured slower
 * (163: +5%, 283: +10%): there the first round of FN(vreduce) is already a
 * handful of PCLMULQDQs by one word, so they keep the rounds.
 * --------------------------------------------------------------------- */
GF_INL void FN(vreduce_trinomial)(__m128i *R, const __m128i *C) {
    const int m = GF_M, k = GF_RED_MAX, top = GF_M >> 7; /* the lane of bit m */
    /* H2 + z^k H2 for a one-word k: lane 0 only */
    const __m128i H2g = k < 64 ? _mm_clmulepi64_si128(FN(vshr)(C, GF_NW, 2 * m - k, 0),
                                                      _mm_cvtsi64_si128((long long)FN(red_word)()), 0x00)
                               : _mm_setzero_si128();
#pragma GCC unroll 8
    for (int l = 0; l < GF_NL; l++) {
        const __m128i L = l < top ? C[l] : l == top ? FN(vmask_m)(C[l]) : _mm_setzero_si128();
        __m128i W = FN(vclear_below)(FN(vshr)(C, GF_NW, m - k, l), k, l);
        W = l < top ? W : l == top ? FN(vmask_m)(W) : _mm_setzero_si128();
        __m128i acc = _mm_xor_si128(_mm_xor_si128(L, FN(vshr)(C, GF_NW, m, l)), W);
        if (k >= 64) {
            acc = _mm_xor_si128(acc, FN(vshr)(C, GF_NW, 2 * m - k, l));
            acc = _mm_xor_si128(acc, FN(vclear_below)(FN(vshr)(C, GF_NW, 2 * m - 2 * k, l), k, l));
        } else if (l == 0) {
            acc = _mm_xor_si128(acc, H2g);
        }
        R[l] = acc;
    }
}

GF_INL void FN(vreduce_prod)(__m128i *R, const __m128i *C) {
#ifndef GF_FOLD_TERMS
    if (GF_NRED == 2 && 2 * GF_RED_MAX < GF_M) { /* constants: no branch is left */
        FN(vreduce_trinomial)(R, C);
        return;
    }
#endif
    FN(vreduce)(R, C, 2 * GF_M - 2);
}

/* R = A * B mod f, R = A^2 mod f (A, B reduced). */
GF_INL void FN(vmulmod)(__m128i *R, const __m128i *A, const __m128i *B) {
    __m128i C[GF_NW];
    FN(vmul)(C, A, B);
    FN(vreduce_prod)(R, C);
}

GF_INL void FN(vsqrmod)(__m128i *R, const __m128i *A) {
    __m128i C[GF_NW];
    FN(vsqr_spread)(C, A);
    FN(vreduce_prod)(R, C);
}

#if GF_ZMUL
/* =====================================================================
 * VPCLMULQDQ multiplication on 512-bit registers, for the AVX-512 instance
 * of the fields that set GF_ZMUL (m = 409, 571): FN(mul) and
 * FN(mul_unreduced) work on 512-bit registers ("zmm").  Squaring stays on
 * the 128-bit code: it needs no cross products, only NW independent
 * PCLMULQDQs, and a zmm version (2 VPCLMULQDQ, 2 lane
 * permutations, the reduction below) was measured no faster from
 * registers and about 50% slower from memory (getting NW words into and
 * out of a zmm costs lane insertions and extractions: about 10 cycles of
 * latency that the 128-bit code does not pay).
 *
 * An element of up to 8 words lives in ONE zmm (two for m = 571), the
 * product before reduction in two or three.  Written for NW <= 9; the field
 * files instantiate it where it was measured faster than the 128-bit code
 * (see gf2m_409.c).
 *
 * VPCLMULQDQ does four independent 64 x 64 -> 128-bit carry-less products
 * at once, one per 128-bit lane of the register ("lane k" = words 2k and
 * 2k+1); the immediate picks the low or high word of each lane of each
 * operand, the same choice in every lane.  Four products per instruction
 * make plain schoolbook (NW^2 products, 2 NW instructions) cheaper than
 * Karatsuba (NW (NW+1)/2 instructions of one product each, and many XORs).
 *
 * Moving data between lanes costs a shuffle instruction (which competes
 * with VPCLMULQDQ for the same execution port on Intel cores), so the
 * code is organised to need few: operands that must be broadcast are
 * loaded from memory already broadcast (a load, not a shuffle).  Shifts of
 * a multi-word value by any number of bits use VALIGNQ (whole words,
 * across the full register) and VPSHLDQ / VPSHRDQ (AVX512-VBMI2: shift a
 * pair of words, the "double shift" of x86 in vector form).
 *
 * All word counts, shift counts and masks below depend on m only: after
 * inlining they are immediates and constants; no branch or memory index
 * depends on the operands (constant time, as the other two paths).
 * ===================================================================== */
#if GF_NW > 9
#error "the VPCLMULQDQ multiplication is written for NW <= 9"
#endif
/* Load / store n words (n <= 8, a constant) of a zmm.  A masked load or
 * store (VMOVDQU64 with a mask) would do it in one instruction, but the
 * processor does not forward a masked store to a later load of the same
 * words, nor a store to a later masked load: measured about 20 cycles more
 * per dependent operation.  So n words are moved as 256-, 128- and 64-bit
 * pieces, assembled (or split) with lane insertions (extractions). */
GF_INL __m512i FN(zload_n)(const uint64_t *a, const int n) {
    __m128i x[4];
    for (int l = 0; l < 4; l++)
        x[l] = 2 * l + 1 < n ? _mm_loadu_si128((const __m128i *)(a + 2 * l))
             : 2 * l < n     ? _mm_loadl_epi64((const __m128i *)(a + 2 * l))
                             : _mm_setzero_si128();
    __m256i y0 = _mm256_inserti128_si256(_mm256_castsi128_si256(x[0]), x[1], 1);
    if (n <= 2) y0 = _mm256_zextsi128_si256(x[0]);
    if (n <= 4) return _mm512_zextsi256_si512(y0);
    __m256i y1 = _mm256_inserti128_si256(_mm256_castsi128_si256(x[2]), x[3], 1);
    if (n <= 6) y1 = _mm256_zextsi128_si256(x[2]);
    return _mm512_inserti64x4(_mm512_castsi256_si512(y0), y1, 1);
}
GF_INL void FN(zstore_n)(uint64_t *r, __m512i v, const int n) {
    __m256i y = _mm512_castsi512_si256(v);
    int w = 0;
    if (n >= 8) {
        _mm512_storeu_si512((void *)r, v);
        return;
    }
    if (n >= 4) {
        _mm256_storeu_si256((__m256i *)r, y);
        y = _mm512_extracti64x4_epi64(v, 1);
        w = 4;
    }
    __m128i x = _mm256_castsi256_si128(y);
    if (n - w >= 2) {
        _mm_storeu_si128((__m128i *)(r + w), x);
        x = _mm256_extracti128_si256(y, 1);
        w += 2;
    }
    if (n - w == 1) _mm_storel_epi64((__m128i *)(r + w), x);
}
/* A multi-word value held in n zmm registers R[0..n-1]: word j of the value
 * is word j & 7 of R[j >> 3].  An element takes GF_NA registers (one, or two
 * for m = 571: words 0..7 and word 8), a product before reduction GF_NR. */
#define GF_NA ((GF_NW + 7) / 8)
#define GF_NR ((2 * GF_NW + 7) / 8)

/* VALIGNQ(x, y, r) = words r .. r+7 of the 16 words (x:y), 0 < r < 8.
 * The instruction takes r as an immediate; the switch (on a constant once
 * inlined, so it disappears at -O2) lets the unoptimised builds (-O1 with
 * the sanitizers) compile it too.  r depends on m only. */
GF_INL __m512i FN(valign)(__m512i x, __m512i y, int r) {
    switch (r) {
    case 1: return _mm512_alignr_epi64(x, y, 1);
    case 2: return _mm512_alignr_epi64(x, y, 2);
    case 3: return _mm512_alignr_epi64(x, y, 3);
    case 4: return _mm512_alignr_epi64(x, y, 4);
    case 5: return _mm512_alignr_epi64(x, y, 5);
    case 6: return _mm512_alignr_epi64(x, y, 6);
    default: return _mm512_alignr_epi64(x, y, 7);
    }
}

/* Words i .. i+7 of R[0..n-1], zero outside (i may be negative). */
GF_INL __m512i FN(zwin)(const __m512i *R, int n, int i) {
    const __m512i Z = _mm512_setzero_si512();
    const int r = i & 7, q = (i - r) / 8; /* i = 8 q + r, 0 <= r < 8 */
    const int has_lo = q >= 0 && q < n, has_hi = q + 1 >= 0 && q + 1 < n;
    if (r == 0) return has_lo ? R[q] : Z;
    if (!has_lo && !has_hi) return Z;
    return FN(valign)(has_hi ? R[q + 1] : Z, has_lo ? R[q] : Z, r);
}

/* Words w .. w+7 of floor(R / z^s), s = 64 a + b >= 0: word j is
 * (R_{j+a} >> b) | (R_{j+a+1} << (64 - b)), one VPSHRDVQ of two windows
 * (the form with the count in a register, b in every word: the immediate
 * form VPSHRDQ would need b as a compile-time constant, see FN(valign)). */
GF_INL __m512i FN(zshr)(const __m512i *R, int n, int s, int w) {
    const int a = s >> 6, b = s & 63;
    if (b == 0) return FN(zwin)(R, n, w + a);
    return _mm512_shrdv_epi64(FN(zwin)(R, n, w + a), FN(zwin)(R, n, w + a + 1), _mm512_set1_epi64(b));
}

/* The constant with the bits lo <= i < hi set, in words w .. w+7 of a
 * multi-word value (lo, hi: constants). */
GF_INL __m512i FN(zbits)(int lo, int hi, int w) {
    uint64_t q[8];
    for (int j = 0; j < 8; j++) {
        const int base = 64 * (w + j);
        const int l = lo - base < 0 ? 0 : lo - base, h = hi - base > 64 ? 64 : hi - base;
        q[j] = l >= h ? 0 : (h == 64 ? ~0ULL : (1ULL << h) - 1) & (~0ULL << l);
    }
    return _mm512_set_epi64((long long)q[7], (long long)q[6], (long long)q[5], (long long)q[4],
                            (long long)q[3], (long long)q[2], (long long)q[1], (long long)q[0]);
}

/* ---------------------------------------------------------------------
 * Reduction modulo f = z^m + g(z), the same rounds as the "later rounds"
 * of the PCLMUL path (HMV 2.3.5): split R = L + z^m H with deg L < m, and
 * replace R by L + H g = L + sum over the terms z^t of g of H z^t, each
 * term straight from R:
 *     H z^t = floor(R / z^(m - t)) with its bits below t cleared,
 * all terms independent (a VALIGNQ pair and one VPSHRDQ per register of
 * each, the windows shared between terms of nearby t).  A round lowers the
 * degree bound d to max(m - 1, d - m + deg g): two rounds for a product
 * of reduced elements of our fields.  R has degree at most D (a constant),
 * Out gets the GF_NA registers of the element.
 * --------------------------------------------------------------------- */
GF_INL void FN(zreduce)(__m512i *Out, const __m512i *Rin, const int D) {
    __m512i R[GF_NR], S[GF_NR];
    int d = D;
#pragma GCC unroll 4
    for (int c = 0; c < GF_NR; c++) R[c] = Rin[c];
#pragma GCC unroll 4
    for (int round = 0; round < 4; round++) {
        if (d < GF_M) break;
        const int dn = d - GF_M + GF_RED_MAX; /* degree bound of H g */
#pragma GCC unroll 4
        for (int c = 0; c < GF_NR; c++) {
            if (512 * c > dn) { S[c] = _mm512_setzero_si512(); continue; }
            /* the last exponent of f is 0: H z^0 = H */
            S[c] = FN(zshr)(R, GF_NR, GF_M, 8 * c);
#pragma GCC unroll 4
            for (int j = 0; j < GF_NRED - 1; j++) {
                const int t = FN(red_terms)[j];
                S[c] = _mm512_xor_si512(S[c], _mm512_and_si512(FN(zshr)(R, GF_NR, GF_M - t, 8 * c),
                                                               FN(zbits)(t, 1 << 20, 8 * c)));
            }
        }
        /* R = L + S, L = R with the bits from m on cleared */
#pragma GCC unroll 4
        for (int c = 0; c < GF_NR; c++) {
            const __m512i L = 512 * c >= GF_M         ? _mm512_setzero_si512()
                            : 512 * (c + 1) <= GF_M ? R[c]
                                                    : _mm512_and_si512(R[c], FN(zbits)(0, GF_M, 8 * c));
            R[c] = _mm512_xor_si512(L, S[c]);
        }
        d = dn < GF_M - 1 ? GF_M - 1 : dn;
    }
#pragma GCC unroll 2
    for (int c = 0; c < GF_NA; c++) Out[c] = R[c];
}

/* ---------------------------------------------------------------------
 * Multiplication before reduction: P (GF_NR registers) = a * b, schoolbook.
 *
 * The core: the low nc = min(NW, 8) words of a, in one register A (lane k:
 * a_{2k}, a_{2k+1}), times those of b.  Write b = sum_s (b_{2s} + b_{2s+1}
 * z^64) z^(128 s); for the pair s, load Bp = (b_{2s}, b_{2s+1}) into all
 * four lanes (VBROADCASTI32X4: a load, no shuffle).  Four VPCLMULQDQ give in
 * lane k (the immediate picks the word of A, then of Bp):
 *     a_{2k}   b_{2s}     at word offset 2(k+s)        [0x00]  -> E_s
 *     a_{2k+1} b_{2s}     at word offset 2(k+s) + 1    [0x01]  -> O_s
 *     a_{2k}   b_{2s+1}   at word offset 2(k+s) + 1    [0x10]  -> O_s
 *     a_{2k+1} b_{2s+1}   at word offset 2(k+s+1)      [0x11]  -> E_{s+1}
 * so every product a_i b_j with j in {2s, 2s+1} exactly once.  The lanes
 * of E_s belong at words 2s, 2s+2, ..., those of O_s at 2s+1, 2s+3, ...:
 *     a b = sum_s E_s z^(128 s) + O_s z^(128 s + 64),
 * each term a whole-word shift: a VALIGNQ per register of P it touches.
 * 2 NW VPCLMULQDQ for the NW^2 products of the core.
 *
 * m = 571 (NW = 9): a = A + a_8 z^512 and b = B + b_8 z^512 give
 *     a b = A B + (a_8 B + b_8 A) z^512 + a_8 b_8 z^1024,
 * where a_8 B and b_8 A are two VPCLMULQDQ each against the broadcast word
 * (even words of B or A: lanes at words 8, 10, ...; odd words: at 9, 11, ...).
 * --------------------------------------------------------------------- */
#define GF_NC (GF_NW < 8 ? GF_NW : 8) /* words of the core */
#define GF_NP ((GF_NC + 1) / 2)       /* pairs of words of b in the core */

/* P += V z^(64 n): V shifted up by n words (0 <= n < 64). */
GF_INL void FN(zadd_shifted)(__m512i *P, __m512i V, int n) {
#pragma GCC unroll 4
    for (int q = 0; q < GF_NR; q++)
        if (8 * q + 7 >= n && 8 * q <= n + 7) P[q] = _mm512_xor_si512(P[q], FN(zwin)(&V, 1, 8 * q - n));
}

GF_INL void FN(zmul)(__m512i *P, __m512i A, const uint64_t *a, const uint64_t *b) {
    __m512i E[GF_NP + 1], O[GF_NP];
#pragma GCC unroll 8
    for (int s = 0; s <= GF_NP; s++) E[s] = _mm512_setzero_si512();
#pragma GCC unroll 8
    for (int s = 0; s < GF_NP; s++) {
        if (2 * s + 1 < GF_NC) {
            const __m512i Bp = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(b + 2 * s)));
            E[s] = _mm512_xor_si512(E[s], _mm512_clmulepi64_epi128(A, Bp, 0x00));
            O[s] = _mm512_xor_si512(_mm512_clmulepi64_epi128(A, Bp, 0x01), _mm512_clmulepi64_epi128(A, Bp, 0x10));
            E[s + 1] = _mm512_clmulepi64_epi128(A, Bp, 0x11);
        } else { /* NW odd, last pair of the core: no b_{2s+1}, and b_NW must not be read */
            const __m512i Bq = _mm512_set1_epi64((long long)b[2 * s]);
            E[s] = _mm512_xor_si512(E[s], _mm512_clmulepi64_epi128(A, Bq, 0x00));
            O[s] = _mm512_clmulepi64_epi128(A, Bq, 0x01);
        }
    }
#pragma GCC unroll 4
    for (int q = 0; q < GF_NR; q++) P[q] = _mm512_setzero_si512();
#pragma GCC unroll 8
    for (int s = 0; s < GF_NP; s++) {
        FN(zadd_shifted)(P, E[s], 2 * s);
        FN(zadd_shifted)(P, O[s], 2 * s + 1);
    }
    if (2 * GF_NP - 1 < GF_NC) FN(zadd_shifted)(P, E[GF_NP], 2 * GF_NP); /* NC even */
#if GF_NW > 8
    {
        const uint64_t a8 = a[8], b8 = b[8];
        const __m512i B = _mm512_loadu_si512((const void *)b); /* words 0..7 of b */
        const __m512i Xa = _mm512_set1_epi64((long long)a8), Xb = _mm512_set1_epi64((long long)b8);
        const __m512i E8 = _mm512_xor_si512(_mm512_clmulepi64_epi128(B, Xa, 0x00),
                                            _mm512_clmulepi64_epi128(A, Xb, 0x00));
        const __m512i O8 = _mm512_xor_si512(_mm512_clmulepi64_epi128(B, Xa, 0x01),
                                            _mm512_clmulepi64_epi128(A, Xb, 0x01));
        FN(zadd_shifted)(P, E8, 8);
        FN(zadd_shifted)(P, O8, 9);
        P[2] = _mm512_xor_si512(P[2], _mm512_zextsi128_si512(_mm_clmulepi64_si128(
                                           _mm_cvtsi64_si128((long long)a8), _mm_cvtsi64_si128((long long)b8), 0x00)));
    }
#else
    (void)a;
#endif
}

/* Load / store an element (GF_NA registers), and a product (GF_NR). */
GF_INL __m512i FN(zload)(const uint64_t *a) { return FN(zload_n)(a, GF_NC); }
GF_INL void FN(zstore)(uint64_t *r, const __m512i *V) {
    FN(zstore_n)(r, V[0], GF_NC);
    if (GF_NW > 8) FN(zstore_n)(r + 8, V[GF_NA - 1], GF_NW - 8);
}
GF_INL void FN(zstore_prod)(uint64_t *c, const __m512i *P) {
#pragma GCC unroll 4
    for (int q = 0; q < GF_NR; q++) FN(zstore_n)(c + 8 * q, P[q], 2 * GF_NW - 8 * q < 8 ? 2 * GF_NW - 8 * q : 8);
}
#undef GF_NC
#undef GF_NP
#endif /* GF_ZMUL */

/* --- the word-array interface --- */

/* c (2 NW words) = a * b, not reduced. */
GF_HOT void FN(mul_unreduced)(uint64_t *c, const uint64_t *a, const uint64_t *b) {
#if GF_ZMUL
    __m512i P[GF_NR];
    FN(zmul)(P, FN(zload)(a), a, b);
    FN(zstore_prod)(c, P);
#else
    __m128i A[GF_NL], B[GF_NL], C[GF_NW];
    FN(vload)(A, a);
    FN(vload)(B, b);
    FN(vmul)(C, A, B);
#pragma GCC unroll 12
    for (int s = 0; s < GF_NW; s++) _mm_storeu_si128((__m128i *)(c + 2 * s), C[s]);
#endif
}

/* r = c mod f for any c of 2 NW words (e.g. the sum of two unreduced
 * products).  c is not modified; r may alias c. */
GF_HOT void FN(reduce)(uint64_t *r, uint64_t *c) {
    __m128i C[GF_NW], R[GF_NL];
#pragma GCC unroll 12
    for (int s = 0; s < GF_NW; s++) C[s] = _mm_loadu_si128((const __m128i *)(c + 2 * s));
    FN(vreduce)(R, C, 128 * GF_NW - 1);
    FN(vstore)(r, R);
}

/* r = a * b mod f.  r may alias a or b. */
GF_HOT void FN(mul)(uint64_t *r, const uint64_t *a, const uint64_t *b) {
#if GF_ZMUL
    __m512i P[GF_NR], R[GF_NA];
    FN(zmul)(P, FN(zload)(a), a, b);
    FN(zreduce)(R, P, 2 * GF_M - 2);
    FN(zstore)(r, R);
#else
    __m128i A[GF_NL], B[GF_NL], R[GF_NL];
    FN(vload)(A, a);
    FN(vload)(B, b);
    FN(vmulmod)(R, A, B);
    FN(vstore)(r, R);
#endif
}

/* c (2 NW words) = a^2, not reduced. */
GF_HOT void FN(sqr_spread)(uint64_t *c, const uint64_t *a) {
    __m128i A[GF_NL], C[GF_NW];
    FN(vload)(A, a);
    FN(vsqr_spread)(C, A);
#pragma GCC unroll 12
    for (int s = 0; s < GF_NW; s++) _mm_storeu_si128((__m128i *)(c + 2 * s), C[s]);
}

/* r = a^2 mod f.  r may alias a. */
GF_HOT void FN(sqr)(uint64_t *r, const uint64_t *a) {
    __m128i A[GF_NL];
    FN(vload)(A, a);
    FN(vsqrmod)(A, A);
    FN(vstore)(r, A);
}

/* r = a^(2^n), n >= 0 (public): n squarings without leaving the registers. */
static inline void FN(sqr_n)(uint64_t *r, const uint64_t *a, int n) {
    __m128i A[GF_NL];
    FN(vload)(A, a);
    for (int i = 0; i < n; i++) FN(vsqrmod)(A, A);
    FN(vstore)(r, A);
}

/* a, b, c = a^(2^n), b^(2^n), c^(2^n), n >= 0 (public): the Frobenius map
 * tau^n of a point in projective coordinates (tnaf.h).  The three chains
 * are independent, so they are interleaved and kept in registers. */
static inline void FN(sqr_n3)(uint64_t *a, uint64_t *b, uint64_t *c, int n) {
    __m128i A[GF_NL], B[GF_NL], C[GF_NL];
    FN(vload)(A, a);
    FN(vload)(B, b);
    FN(vload)(C, c);
    for (int i = 0; i < n; i++) {
        FN(vsqrmod)(A, A);
        FN(vsqrmod)(B, B);
        FN(vsqrmod)(C, C);
    }
    FN(vstore)(a, A);
    FN(vstore)(b, B);
    FN(vstore)(c, C);
}

#else /* !GF_PCLMUL */
/* =====================================================================
 * Portable path (64-bit words in general-purpose registers).
 * ===================================================================== */

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

/* r = c mod f, where c has 2*NW words (c is destroyed). */
GF_HOT void FN(reduce)(uint64_t *r, uint64_t *c) {
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

/* Multiplication: the same one-level multi-way Karatsuba as the PCLMUL path
 * (see FN(vmul) above), on 64-bit words. */
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

/* r = a * b mod f.  r may alias a or b. */
GF_HOT void FN(mul)(uint64_t *r, const uint64_t *a, const uint64_t *b) {
    uint64_t c[2 * GF_NW];
    FN(mul_unreduced)(c, a, b);
    FN(reduce)(r, c);
}

/* Squaring is linear over GF(2): a^2 = sum a_i z^(2i) (HMV 2.3.4).
 * Insert a 0 bit after each of the 32 bits of x (no table, constant time). */
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

/* a, b, c = a^(2^n), b^(2^n), c^(2^n) (as in the PCLMUL path). */
static inline void FN(sqr_n3)(uint64_t *a, uint64_t *b, uint64_t *c, int n) {
    for (int i = 0; i < n; i++) {
        FN(sqr)(a, a);
        FN(sqr)(b, b);
        FN(sqr)(c, c);
    }
}
#endif /* GF_PCLMUL */

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
 *
 * The runs of squarings beta_k -> beta_k^(2^k) are most of the work and
 * one long dependent chain (each squaring waits for the one before).  But
 * squaring is GF(2)-linear, hence so is a -> a^(2^k): it is a fixed m x m
 * matrix over GF(2), whose column i is the image c_i = (z^i)^(2^k) mod f
 * ("multi-squaring", Taverne, Faz-Hernandez, Aranha, Rodriguez-Henriquez,
 * Hankerson, Lopez, CHES 2011, Sec. 3).  For a long run, applying the
 * matrix is faster than the k squarings, in two ways:
 *   - constant time (FN(inv)): a^(2^k) = sum of c_i over the set bits i of
 *     a, every c_i read and added under a mask (FN(linear_ct)): m masked
 *     XORs, independent of each other, in place of k dependent squarings;
 *   - public inputs only (FN(inv_public)): cut a into 4-bit pieces,
 *     a = sum_j v_j(z) z^(4j), and look up T_k[j][v_j] = sum of the c_i of
 *     the bits of v_j: ceil(m/4) look-ups and XORs.  The look-up address
 *     depends on a, so this is NOT constant time: it serves only the table
 *     of multiples of the peer's public point in tnaf.h.
 * --------------------------------------------------------------------- */
#define GF_NIB ((GF_M + 3) / 4) /* 4-bit pieces of an element */
#define GF_NG ((GF_M + 7) / 8)  /* 8-bit pieces of an element */
/* An m x m matrix over GF(2) by its columns c_i = M z^i, stored so that
 * word j of the eight columns 8g ... 8g+7 lie side by side (one 512-bit
 * register for FN(linear_ct)): word j of c_i is M[i / 8][j][i % 8]. */
typedef uint64_t FN(matrix)[GF_NG][GF_NW][8];

static void FN(matrix_set)(FN(matrix) M, int i, const uint64_t *c) {
    for (int j = 0; j < GF_NW; j++) M[i >> 3][j][i & 7] = c[j];
}

/* Which runs use a table: FN(inv) takes the matrix for runs of at least
 * GF_MSQ_CT_MIN squarings, FN(inv_public) the look-ups for runs of at
 * least GF_MSQ_MIN (break-even points measured per field and instance;
 * gf2m_<m>.c may set the first).  Measured, FN(inv) with the matrices
 * against squaring only: AVX-512 1.7-3x faster, SSE 1.5-2.5x, portable
 * 1.3-1.5x. */
#define GF_MSQ_MIN 24
#ifndef GF_MSQ_AVX512_MIN /* gf2m_<m>.c may set it */
#define GF_MSQ_AVX512_MIN 24
#endif
#ifndef GF_MSQ_SSE_MIN
#define GF_MSQ_SSE_MIN 24
#endif
#define GF_MSQ_CT_MIN (GF_PCLMUL == 2 ? GF_MSQ_AVX512_MIN : GF_PCLMUL == 1 ? GF_MSQ_SSE_MIN : 24)
#define GF_MSQ_TABLE_MIN (GF_MSQ_CT_MIN < GF_MSQ_MIN ? GF_MSQ_CT_MIN : GF_MSQ_MIN)
typedef struct FN(msq_table) {
    FN(matrix) col;                    /* c_i = (z^i)^(2^k)  */
    uint64_t nib[GF_NIB][16][GF_NW];   /* T_k[j][v]          */
} FN(msq_table);
/* msq_tab[i]: the table for the run at bit i of m-1 in the chain (below),
 * NULL for a short run (or if memory ran out): then it is squared out. */
static FN(msq_table) *FN(msq_tab)[32];
static pthread_once_t FN(msq_once) = PTHREAD_ONCE_INIT;

/* Table for a -> a^(2^k): the images of the basis z^i are c^i with
 * c = z^(2^k) (the map is a ring homomorphism), then T[j][v] is the sum of
 * the images of the set bits of v, built from T[j][v without its lowest
 * bit].  About m multiplications; built once, from public constants. */
static void FN(msq_build)(FN(msq_table) *T, int k) {
    uint64_t c[GF_NW] = {2}, img[GF_NW] = {1}; /* c = z, img = z^0 */
    FN(sqr_n)(c, c, k);
    for (int j = 0; j < GF_NIB; j++) {
        for (int i = 0; i < GF_NW; i++) T->nib[j][0][i] = 0;
        for (int t = 0; t < 4; t++) {
            const int i = 4 * j + t, v0 = 1 << t;
            if (i < GF_M) {
                FN(matrix_set)(T->col, i, img); /* img = c_i */
                for (int v = v0; v < 2 * v0; v++) FN(add)(T->nib[j][v], T->nib[j][v - v0], img);
                FN(mul)(img, img, c);
            } else {
                for (int v = v0; v < 2 * v0; v++) FN(copy)(T->nib[j][v], T->nib[j][v - v0]);
            }
        }
    }
}

/* A table for every run of the chain of FN(inv) with k >= GF_MSQ_TABLE_MIN. */
static void FN(msq_init)(void) {
    const int e = GF_M - 1;
    int k = 1;
    for (int i = 30 - __builtin_clz((unsigned)e); i >= 0; i--) {
        if (k >= GF_MSQ_TABLE_MIN && (FN(msq_tab)[i] = calloc(1, sizeof(FN(msq_table)))))
            FN(msq_build)(FN(msq_tab)[i], k);
        k = 2 * k + ((e >> i) & 1);
    }
}

/* r = a^(2^k) by the table T (a public: the address depends on a). */
static void FN(msq_apply)(uint64_t *r, const uint64_t *a, const FN(msq_table) *T) {
    uint64_t acc[GF_NW] = {0};
    for (int j = 0; j < GF_NIB; j++) FN(add)(acc, acc, T->nib[j][(a[j >> 4] >> (4 * (j & 15))) & 15]);
    FN(copy)(r, acc);
}

/* r = M a for a GF(2)-linear map: the sum of the columns c_i of M over the
 * set bits i of a, in constant time: every column is read and added under
 * a mask, whatever the bits of a.  r may alias a.
 *   - AVX-512: eight columns at a time.  The eight bits of a byte of a
 *     become eight all-ones/zero 64-bit lanes (a masked VMOVDQA64 of
 *     all-ones, register to register), and one
 *     three-input logic instruction per word adds (AND, XOR) word j of the
 *     eight columns into a 512-bit accumulator; its eight lanes are added
 *     up at the end.
 *   - SSE4.1: two columns at a time, the two bits turned into two lanes
 *     of all-ones/zero by an AND and a 64-bit compare (PCMPEQQ).
 *   - Portable: bit by bit, into four accumulators so that the XORs are
 *     not one chain. */
static void FN(linear_ct)(uint64_t *r, const uint64_t *a, const FN(matrix) M) {
#if GF_PCLMUL == 2
    const __m512i ones = _mm512_set1_epi64(-1);
    __m512i acc[GF_NW];
    for (int j = 0; j < GF_NW; j++) acc[j] = _mm512_setzero_si512();
    for (int g = 0; g < GF_NG; g++) {
        /* lane t all-ones if bit 8g + t of a is set (a masked register move) */
        const __m512i mask = _mm512_maskz_mov_epi64((__mmask8)(a[g >> 3] >> (8 * (g & 7))), ones);
        for (int j = 0; j < GF_NW; j++) /* acc ^= (column words) & mask */
            acc[j] = _mm512_ternarylogic_epi64(acc[j], _mm512_loadu_si512(M[g][j]), mask, 0x78);
    }
    for (int j = 0; j < GF_NW; j++) {
        __m256i h = _mm256_xor_si256(_mm512_castsi512_si256(acc[j]), _mm512_extracti64x4_epi64(acc[j], 1));
        __m128i q = _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
        r[j] = (uint64_t)_mm_cvtsi128_si64(_mm_xor_si128(q, _mm_unpackhi_epi64(q, q)));
    }
#elif GF_PCLMUL == 1
    __m128i acc[GF_NW];
    for (int j = 0; j < GF_NW; j++) acc[j] = _mm_setzero_si128();
    for (int g = 0; g < GF_NG; g++) {
        const __m128i byte = _mm_set1_epi64x((long long)((a[g >> 3] >> (8 * (g & 7))) & 0xff));
        for (int p = 0; p < 4; p++) { /* columns 8g + 2p and 8g + 2p + 1 */
            const __m128i sel = _mm_set_epi64x(2LL << (2 * p), 1LL << (2 * p));
            const __m128i mask = _mm_cmpeq_epi64(_mm_and_si128(byte, sel), sel);
            for (int j = 0; j < GF_NW; j++)
                acc[j] = _mm_xor_si128(acc[j], _mm_and_si128(mask, _mm_loadu_si128((const __m128i *)&M[g][j][2 * p])));
        }
    }
    for (int j = 0; j < GF_NW; j++)
        r[j] = (uint64_t)_mm_cvtsi128_si64(_mm_xor_si128(acc[j], _mm_unpackhi_epi64(acc[j], acc[j])));
#else
    uint64_t acc[4][GF_NW] = {{0}};
    for (int i = 0; i < GF_M; i++) {
        const uint64_t mask = 0 - ((a[i >> 6] >> (i & 63)) & 1);
        for (int j = 0; j < GF_NW; j++) acc[i & 3][j] ^= mask & M[i >> 3][j][i & 7];
    }
    for (int j = 0; j < GF_NW; j++) r[j] = acc[0][j] ^ acc[1][j] ^ acc[2][j] ^ acc[3][j];
#endif
}

/* a^-1, constant time: the long runs by FN(linear_ct), the others squared
 * out; which is which depends on m only. */
static void FN(inv)(uint64_t *r, const uint64_t *a) {
    uint64_t beta[GF_NW], t[GF_NW];
    const int e = GF_M - 1;
    int top = 31 - __builtin_clz((unsigned)e);
    int k = 1;
    pthread_once(&FN(msq_once), FN(msq_init));
    FN(copy)(beta, a);
    for (int i = top - 1; i >= 0; i--) {
        if (k >= GF_MSQ_CT_MIN && FN(msq_tab)[i]) /* public: the place in the chain */
            FN(linear_ct)(t, beta, FN(msq_tab)[i]->col);
        else
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

/* a^-1 for a PUBLIC a (variable time): the same chain, with the look-up
 * tables for the long runs.  (Kept apart from FN(inv) so that the
 * constant-time function is compiled exactly as the valgrind test checks
 * it.)
 * inv_public(0) = 0. */
static void FN(inv_public)(uint64_t *r, const uint64_t *a) {
#if GF_PCLMUL == 2 && GF_M < 256
    /* With AVX-512 and up to four words the constant-time FN(inv) (its
     * matrices in 512-bit registers) is the faster one: measured at m = 233
     * 0.82k against 1.01k cycles; from m = 283 on the look-ups win. */
    FN(inv)(r, a);
    return;
#endif
    uint64_t beta[GF_NW], t[GF_NW];
    const int e = GF_M - 1;
    int top = 31 - __builtin_clz((unsigned)e);
    int k = 1;
    pthread_once(&FN(msq_once), FN(msq_init));
    FN(copy)(beta, a);
    for (int i = top - 1; i >= 0; i--) {
        if (FN(msq_tab)[i])
            FN(msq_apply)(t, beta, FN(msq_tab)[i]);
        else
            FN(sqr_n)(t, beta, k);
        FN(mul)(beta, t, beta);
        k *= 2;
        if ((e >> i) & 1) {
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
 * (HMV 3.6.2 notes the same table method), by FN(linear_ct): constant
 * time. */
static FN(matrix) FN(ht_table);
static pthread_once_t FN(ht_once) = PTHREAD_ONCE_INIT;

static void FN(ht_init)(void) {
    uint64_t e[GF_NW], h[GF_NW];
    for (int i = 0; i < GF_M; i++) {
        for (int j = 0; j < GF_NW; j++) e[j] = 0;
        e[i >> 6] = 1ULL << (i & 63);
        FN(half_trace_slow)(h, e);
        FN(matrix_set)(FN(ht_table), i, h);
    }
}

/* r = H(a).  Contract: a reduced; r may alias a. */
static void FN(half_trace)(uint64_t *r, const uint64_t *a) {
    pthread_once(&FN(ht_once), FN(ht_init));
    FN(linear_ct)(r, a, FN(ht_table));
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
