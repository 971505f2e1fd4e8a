/*
 * clmul128.tmpl.h -- TEMPLATE (field/gf2m): GF(2^m) arithmetic on 128-bit
 * registers with PCLMULQDQ (SSE4.1; built a second time for AVX2, where
 * every instruction takes the three-operand VEX form, and a third time for
 * AVX-512, where the compiler merges XOR chains into VPTERNLOGQ and the
 * shifts below become double shifts).  Part of the field template, see field.tmpl.h.
 */
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
#if GF_PCLMUL == 3 /* AVX-512 VPSHLDVQ: the two shifts and the OR in one instruction */
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
#if GF_PCLMUL == 3 /* AVX-512 VPSHRDVQ */
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
#ifdef GF_FOLD_WORD /* the field file may set it (gf2m_239.c) */
#define GF_FOLD_P GF_FOLD_WORD
#else
#define GF_FOLD_P GF_NW
#endif
GF_INL void FN(vreduce)(__m128i *R, const __m128i *C, const int D) {
    const int P = GF_FOLD_P, e = 64 * GF_NW - GF_M, k = GF_RED_MAX;
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
#define GF_MUL_SB (GF_NW <= 3) /* schoolbook for the 3-word field (measured faster) */
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

/* Karatsuba on lanes for four words (two lanes; HMV 2.3.3 on 128-bit
 * halves), each lane product by schoolbook:
 *   P(x, y) = x_0 y_0 + (x_0 y_1 + x_1 y_0) z^64 + x_1 y_1 z^128   (4 PCLMULQDQ)
 *   A B = E + (G + E + F) z^128 + F z^256,
 *   E = P(A_0, B_0), F = P(A_1, B_1), G = P(A_0 + A_1, B_0 + B_1).
 * 12 word products against 10 for FN(vmul_ka) at four words, but far fewer
 * XORs and no word swaps.  Used with GF_RED_FOLD2 (m = 233), where measured
 * faster on the SSE4.1 level. */
GF_INL void FN(vmul_ka2)(__m128i *C, const __m128i *A, const __m128i *B) {
    __m128i E[GF_NW + 1], O[GF_NW];
    const __m128i U = _mm_xor_si128(A[0], A[1]), V = _mm_xor_si128(B[0], B[1]);
    const __m128i e0 = _mm_clmulepi64_si128(A[0], B[0], 0x00), e1 = _mm_clmulepi64_si128(A[0], B[0], 0x11);
    const __m128i f0 = _mm_clmulepi64_si128(A[1], B[1], 0x00), f1 = _mm_clmulepi64_si128(A[1], B[1], 0x11);
    const __m128i g0 = _mm_clmulepi64_si128(U, V, 0x00), g1 = _mm_clmulepi64_si128(U, V, 0x11);
    const __m128i em = _mm_xor_si128(_mm_clmulepi64_si128(A[0], B[0], 0x01), _mm_clmulepi64_si128(A[0], B[0], 0x10));
    const __m128i fm = _mm_xor_si128(_mm_clmulepi64_si128(A[1], B[1], 0x01), _mm_clmulepi64_si128(A[1], B[1], 0x10));
    const __m128i gm = _mm_xor_si128(_mm_clmulepi64_si128(U, V, 0x01), _mm_clmulepi64_si128(U, V, 0x10));
    const __m128i h = _mm_xor_si128(e1, f0); /* shared by lanes 1 and 2 */
    E[0] = e0;
    E[1] = _mm_xor_si128(_mm_xor_si128(h, e0), g0);
    E[2] = _mm_xor_si128(_mm_xor_si128(h, f1), g1);
    E[3] = f1;
    E[4] = _mm_setzero_si128();
    O[0] = em;
    O[1] = _mm_xor_si128(_mm_xor_si128(gm, em), fm);
    O[2] = fm;
    O[3] = _mm_setzero_si128();
    FN(vcombine)(C, E, O);
}

GF_INL void FN(vmul)(__m128i *C, const __m128i *A, const __m128i *B) {
#ifdef GF_RED_FOLD2
    if (GF_NW == 4) { FN(vmul_ka2)(C, A, B); return; }
#endif
    if (GF_MUL_SB) FN(vmul_sb)(C, A, B); else FN(vmul_ka)(C, A, B);
}

/* Squaring is linear over GF(2): (sum a_i z^i)^2 = sum a_i z^(2i)
 * (HMV 2.3.4), so a^2 is "a with a 0 inserted after each bit".  PCLMULQDQ
 * of a word by itself does exactly that (the cross terms cancel in pairs):
 * NW independent instructions, word i giving lane i.
 * (Tried: the 16-entry table of spread nibbles in one register, looked up
 * 16 nibbles at a time by PSHUFB and interleaved by PUNPCKL/HBW (Aranha,
 * Lopez, Hankerson, LATINCRYPT 2010), seven simple instructions per lane
 * and no PCLMULQDQ.  Measured slower on the SSE4.1 level at m = 233, AMD
 * Zen 5: squaring chain 15.9 against 14.0 TSC ticks, the tau-adic ECDH 4%
 * slower: the reduction, not the multiplier, bounds the squaring there.) */
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

/* ---------------------------------------------------------------------
 * Reduction by two word-aligned folds, for a trinomial f = z^m + z^k + 1
 * in four words (GF_NW = 4) whose field file sets GF_RED_FOLD2 (m = 233,
 * k = 74).  GECC Alg. 2.42 (reduction modulo z^233 + z^74 + 1, there on
 * 32-bit words) on 64-bit words, two words at a time:
 *     z^256 = z^e z^m = z^e + z^(e+k)  (mod f),  e = 256 - m  (23, 97)
 * so a lane v (two words) at word offset 4 + j adds v z^e + v z^(e+k) at
 * offset j.  With e < 64 <= e + k = 64 + s < 128, the pieces per lane are
 *     sll(v, e)                       at the lane's own word positions,
 *     X = srl(v, 64 - e) + sll(v, s)  one word up (both carries land there:
 *                                     one XOR serves both terms),
 *     srl(v, 64 - s)                  two words up (the next lane);
 * 64-bit shifts by immediates, no shift across words.  Round 1 folds lane
 * 3 (words 6, 7) into lanes 1, 2; round 2 folds the new lane 2 into lanes
 * 0, 1.  Any input of 8 words fits: lane 3 adds to lane 2 at most up to
 * bit 511 - 256 + e + k < 384, lane 2 adds below bit 383 - 256 + e + k < 256.
 * The result R < z^256 then has its bits m..255 (a t of e bits, the high
 * word of lane 1 shifted right by 64 - e) folded once more,
 *     t z^m = t + t z^k,  t z^k = (t << (k - 64)) in word 1  (k - 64 + e < 64),
 * which leaves deg R < m: fully reduced, like FN(vreduce_trinomial).
 * Measured on the SSE4.1 level (AMD Zen 5, m = 233): the squaring takes
 * 46 instead of 64 instructions and the product 95 instead of 119 (with
 * FN(vmul_ka2)), but the dependent chain is a few shifts longer, so the
 * single squaring FN(vsqrmod) keeps FN(vreduce_trinomial), and the chains
 * of squarings skip the last step (FN(vnorm2)) until their end.
 * --------------------------------------------------------------------- */
#ifdef GF_RED_FOLD2
#define GF_RED_K__(k, ...) (k)
#define GF_RED_K_(t) GF_RED_K__(t) /* expands t, then splits it at the commas */
#define GF_RED_K GF_RED_K_(GF_RED_TERMS) /* k, as a constant expression */
/* The two folds: R < z^256, congruent to C (any 8 words) mod f. */
GF_INL void FN(vfold2)(__m128i *R, const __m128i *C) {
    enum { e = 64 * GF_NW - GF_M, s = 64 * GF_NW - GF_M + GF_RED_K - 64 };
    _Static_assert(GF_NW == 4 && GF_NRED == 2, "GF_RED_FOLD2: a trinomial in four words");
    _Static_assert(e > 0 && s >= 0 && s < 64 && GF_RED_K - 64 + e < 64 && GF_RED_K >= 64,
                   "GF_RED_FOLD2: 64 <= e + k < 128 and the last fold inside word 1");
    const __m128i v3 = C[3];
    const __m128i x3 = _mm_xor_si128(_mm_srli_epi64(v3, 64 - e), _mm_slli_epi64(v3, s));
    const __m128i v2 = _mm_xor_si128(_mm_xor_si128(C[2], _mm_srli_epi64(v3, 64 - s)), _mm_srli_si128(x3, 8));
    const __m128i x2 = _mm_xor_si128(_mm_srli_epi64(v2, 64 - e), _mm_slli_epi64(v2, s));
    R[0] = _mm_xor_si128(_mm_xor_si128(C[0], _mm_slli_epi64(v2, e)), _mm_slli_si128(x2, 8));
    R[1] = _mm_xor_si128(_mm_xor_si128(C[1], _mm_slli_epi64(v3, e)),
                         _mm_xor_si128(_mm_srli_epi64(v2, 64 - s), _mm_alignr_epi8(x3, x2, 8)));
}

/* R (< z^256) reduced: bits m..255, a t of e bits in the high word of lane 1,
 * moved to the low word with t z^(k-64) above it; the result is < z^m. */
GF_INL void FN(vnorm2)(__m128i *R) {
    const __m128i u = _mm_srli_epi64(R[1], GF_M - 64 * (GF_NW - 1)); /* 64 - e */
    R[0] = _mm_xor_si128(R[0], _mm_unpackhi_epi64(u, _mm_slli_epi64(u, GF_RED_K - 64)));
    R[1] = FN(vmask_m)(R[1]);
}

GF_INL void FN(vreduce_fold2)(__m128i *R, const __m128i *C) {
    FN(vfold2)(R, C);
    FN(vnorm2)(R);
}
#endif

GF_INL void FN(vreduce_prod)(__m128i *R, const __m128i *C) {
#ifdef GF_RED_FOLD2
    FN(vreduce_fold2)(R, C);
    return;
#endif
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
#ifdef GF_RED_FOLD2
    /* A single squaring is often on the critical path (the ladder): there the
     * shorter dependent chain of the one-step reduction wins (measured at
     * m = 233, SSE4.1: latency 16.6 against 21.6 TSC ticks with the folds; a
     * ladder-like sequence 6% faster); the chains of FN(sqr_n) and
     * FN(sqr_n3) take the folds. */
    FN(vreduce_trinomial)(R, C);
#else
    FN(vreduce_prod)(R, C);
#endif
}

#if GF_ZMUL /* the multiplication on 512-bit registers instead */
#include "field/gf2m/clmul512.tmpl.h"
#endif
#if GF_YMUL /* ... or on 256-bit registers */
#include "field/gf2m/clmul256.tmpl.h"
#endif

/* --- the word-array interface --- */

/* c (2 NW words) = a * b, not reduced. */
GF_HOT void FN(mul_unreduced)(uint64_t *c, const uint64_t *a, const uint64_t *b) {
#if GF_ZMUL
    __m512i P[GF_NR];
    FN(zmul)(P, FN(zload)(a), a, b);
    FN(zstore_prod)(c, P);
#elif GF_YMUL
    __m128i C[GF_NW];
    FN(ymul)(C, a, b);
#pragma GCC unroll 12
    for (int s = 0; s < GF_NW; s++) _mm_storeu_si128((__m128i *)(c + 2 * s), C[s]);
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
#elif GF_YMUL
    __m128i C[GF_NW], R[GF_NL];
    FN(ymul)(C, a, b);
    FN(vreduce_prod)(R, C);
    FN(vstore)(r, R);
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

/* ---------------------------------------------------------------------
 * Sums of products with one reduction ("lazy reduction": reduction is
 * GF(2)-linear, so (ab mod f) + (cd mod f) = (ab + cd) mod f, HMV 2.3.5;
 * the formulas of the ladder and of the lambda addition are full of such
 * sums).  The sum of two products of reduced elements still has degree at
 * most 2m - 2, so it takes the product reduction FN(vreduce_prod) (one
 * step for the trinomials), not the reduction of any 2 NW words of
 * FN(reduce).  Everything stays in registers: no unreduced product is
 * stored and reloaded.  r may alias any input.
 * --------------------------------------------------------------------- */
#if GF_ZMUL
/* r = a b + c d mod f */
GF_HOT void FN(mul_add)(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *c, const uint64_t *d) {
    __m512i P[GF_NR], Q[GF_NR], R[GF_NA];
    FN(zmul)(P, FN(zload)(a), a, b);
    FN(zmul)(Q, FN(zload)(c), c, d);
#pragma GCC unroll 8
    for (int i = 0; i < GF_NR; i++) P[i] = _mm512_xor_si512(P[i], Q[i]);
    FN(zreduce)(R, P, 2 * GF_M - 2);
    FN(zstore)(r, R);
}
#else
GF_HOT void FN(mul_add)(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *c, const uint64_t *d) {
    __m128i C[GF_NW], D[GF_NW], R[GF_NL];
#if GF_YMUL
    FN(ymul)(C, a, b);
    FN(ymul)(D, c, d);
#else
    __m128i A[GF_NL], B[GF_NL];
    FN(vload)(A, a);
    FN(vload)(B, b);
    FN(vmul)(C, A, B);
    FN(vload)(A, c);
    FN(vload)(B, d);
    FN(vmul)(D, A, B);
#endif
#pragma GCC unroll 12
    for (int s = 0; s < GF_NW; s++) C[s] = _mm_xor_si128(C[s], D[s]);
    FN(vreduce_prod)(R, C);
    FN(vstore)(r, R);
}
#endif

/* r = a b + s^2 mod f (the squaring as FN(vsqr_spread)) */
GF_HOT void FN(mul_add_sqr)(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *s) {
#if GF_ZMUL /* the products live in 512-bit registers: two reductions there */
    uint64_t t[GF_NW];
    FN(sqr)(t, s);
    FN(mul)(r, a, b);
    FN(add)(r, r, t);
#else
    __m128i C[GF_NW], D[GF_NW], S[GF_NL], R[GF_NL];
#if GF_YMUL
    FN(ymul)(C, a, b);
#else
    __m128i A[GF_NL], B[GF_NL];
    FN(vload)(A, a);
    FN(vload)(B, b);
    FN(vmul)(C, A, B);
#endif
    FN(vload)(S, s);
    FN(vsqr_spread)(D, S);
#pragma GCC unroll 12
    for (int i = 0; i < GF_NW; i++) C[i] = _mm_xor_si128(C[i], D[i]);
    FN(vreduce_prod)(R, C);
    FN(vstore)(r, R);
#endif
}

/* r = a^(2^n), n >= 0 (public): n squarings without leaving the registers. */
static inline void FN(sqr_n)(uint64_t *r, const uint64_t *a, int n) {
    __m128i A[GF_NL];
    FN(vload)(A, a);
#ifdef GF_RED_FOLD2 /* the chain on values < z^256 (FN(vfold2)), reduced once at the end */
    for (int i = 0; i < n; i++) {
        __m128i C[GF_NW];
        FN(vsqr_spread)(C, A);
        FN(vfold2)(A, C);
    }
    FN(vnorm2)(A);
#else
    for (int i = 0; i < n; i++) FN(vsqrmod)(A, A);
#endif
    FN(vstore)(r, A);
}

/* a, b, c = a^(2^n), b^(2^n), c^(2^n), n >= 0 (public): the Frobenius map
 * tau^n of a point in projective coordinates (tnaf.tmpl.h).  The three chains
 * are independent, so they are interleaved and kept in registers. */
static inline void FN(sqr_n3)(uint64_t *a, uint64_t *b, uint64_t *c, int n) {
    __m128i A[GF_NL], B[GF_NL], C[GF_NL];
    FN(vload)(A, a);
    FN(vload)(B, b);
    FN(vload)(C, c);
#ifdef GF_RED_FOLD2 /* as FN(sqr_n) */
    for (int i = 0; i < n; i++) {
        __m128i T[GF_NW];
        FN(vsqr_spread)(T, A);
        FN(vfold2)(A, T);
        FN(vsqr_spread)(T, B);
        FN(vfold2)(B, T);
        FN(vsqr_spread)(T, C);
        FN(vfold2)(C, T);
    }
    FN(vnorm2)(A);
    FN(vnorm2)(B);
    FN(vnorm2)(C);
#else
    for (int i = 0; i < n; i++) {
        FN(vsqrmod)(A, A);
        FN(vsqrmod)(B, B);
        FN(vsqrmod)(C, C);
    }
#endif
    FN(vstore)(a, A);
    FN(vstore)(b, B);
    FN(vstore)(c, C);
}
