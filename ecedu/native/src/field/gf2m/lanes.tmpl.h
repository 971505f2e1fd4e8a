/*
 * lanes.tmpl.h -- TEMPLATE (field/gf2m, included by clmul128.tmpl.h): the lane helpers, the
 * reductions and the squaring of the PCLMULQDQ path, written once for a vector type GV of
 * 128-bit lanes.  clmul128.tmpl.h includes it once per vector width:
 *   GV = __m128i, GV_FN(name) = FN(name): one element, its lanes an array of registers (the
 *        path every level runs, described at the top of clmul128.tmpl.h);
 *   GV = __m256i, GV_FN(name) = FN(x2_name), AVX2 and AVX-512 levels (VPCLMULQDQ on ymm):
 *        register l holds lane l of two elements, one per 128-bit half;
 *   GV = __m512i, GV_FN(name) = FN(x3_name), AVX-512 level: register l holds lane l of
 *        three elements, one per 128-bit lane (the fourth lane is zero).
 * The wide copies run independent operations side by side in the instructions of one: the
 * products and squarings of the ladder and of the lambda addition two at a time (FN(mul2),
 * FN(sqr2), GF_PAIRS), and the three chains of squarings of the Frobenius map (FN(sqr_n3):
 * all three in 512-bit registers, or two in 256-bit ones and the third in 128-bit ones).
 * Every operation below is lane-local -- PCLMULQDQ, the 64-bit shifts, the byte shifts,
 * PALIGNR and PUNPCKHQDQ act on each 128-bit lane of a wide register as on a 128-bit
 * register, and every constant (GV_SET2) is the same in each lane -- so the one text gives
 * every copy the same arithmetic, lane by lane.
 *
 * Set by the includer, undefined at the end of this file:
 *   GV, GV_FN(name), GV_ZERO(), GV_XOR(a, b), GV_AND(a, b), GV_SLLI64(a, n), GV_SRLI64(a, n)
 *   (each 64-bit word shifted), GV_DOUBLE_SHIFT (1 if GV_SHLDV / GV_SHRDV are AVX-512
 *   VPSHLDVQ / VPSHRDVQ: (a << n) | (b >> (64 - n)) per word in one instruction),
 *   GV_ALIGNR8(a, b) (the high word of b and the low word of a), GV_BSLLI8(a) / GV_BSRLI8(a)
 *   (the lane shifted up / down by one word), GV_UNPACKHI64(a, b), GV_SET2(hi, lo) (the lane
 *   (lo, hi) in every lane), GV_CLMUL(a, b, imm) (PCLMULQDQ), GV_SWAP64(a) (the two words
 *   of every lane swapped: PSHUFD 0x4E).
 */
/* Lane l of the n-lane vector V, zero outside 0 <= l < n. */
GF_INL GV GV_FN(vl)(const GV *V, int n, int l) {
    return (l >= 0 && l < n) ? V[l] : GV_ZERO();
}

/* Words (i, i+1) of V as one lane; i may be odd or negative.  For odd i the
 * two words straddle two lanes: PALIGNR takes the high word of lane (i-1)/2
 * and the low word of lane (i+1)/2. */
GF_INL GV GV_FN(vw)(const GV *V, int n, int i) {
    int l = (i - (i & 1)) / 2; /* floor(i / 2), also for negative i */
    if (i & 1) return GV_ALIGNR8(GV_FN(vl)(V, n, l + 1), GV_FN(vl)(V, n, l));
    return GV_FN(vl)(V, n, l);
}

/* Lane k of V * z^s (s >= 0): with s = 64a + b, word j of the result is
 * (V_{j-a} << b) | (V_{j-a-1} >> (64-b)), two words at a time. */
GF_INL GV GV_FN(vshl)(const GV *V, int n, int s, int k) {
    int a = s >> 6, b = s & 63;
    GV p = GV_FN(vw)(V, n, 2 * k - a);
    if (b == 0) return p;
#if GV_DOUBLE_SHIFT /* AVX-512 VPSHLDVQ: the two shifts and the OR in one instruction */
    return GV_SHLDV(p, GV_FN(vw)(V, n, 2 * k - a - 1), b);
#else
    return GV_XOR(GV_SLLI64(p, b), GV_SRLI64(GV_FN(vw)(V, n, 2 * k - a - 1), 64 - b));
#endif
}

/* Lane k of floor(V / z^s): word j is (V_{j+a} >> b) | (V_{j+a+1} << (64-b)). */
GF_INL GV GV_FN(vshr)(const GV *V, int n, int s, int k) {
    int a = s >> 6, b = s & 63;
    GV p = GV_FN(vw)(V, n, 2 * k + a);
    if (b == 0) return p;
#if GV_DOUBLE_SHIFT /* AVX-512 VPSHRDVQ */
    return GV_SHRDV(p, GV_FN(vw)(V, n, 2 * k + a + 1), b);
#else
    return GV_XOR(GV_SRLI64(p, b), GV_SLLI64(GV_FN(vw)(V, n, 2 * k + a + 1), 64 - b));
#endif
}

/* The lane that holds bit m, masked to the bits below m. */
GF_INL GV GV_FN(vmask_m)(GV v) {
    const int r = GF_M & 127;
    const uint64_t low = (1ULL << (r & 63)) - 1; /* bits below m in its word */
    if (r < 64) return GV_AND(v, GV_SET2(0, (long long)low));
    return GV_AND(v, GV_SET2((long long)low, -1LL));
}

/* Lane l of V with the bits below t cleared (t >= 0, constant). */
GF_INL GV GV_FN(vclear_below)(GV v, int t, int l) {
    const int r = t - 128 * l; /* first bit to keep, relative to the lane */
    if (r <= 0) return v;
    if (r >= 128) return GV_ZERO();
    if (r < 64) return GV_AND(v, GV_SET2(-1LL, (long long)(~0ULL << r)));
    return GV_AND(v, GV_SET2((long long)(~0ULL << (r - 64)), 0));
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
 *     saves a round below.  (Its products and squarings take
 *     GV_FN(vreduce_trinomial) below; this is for inputs of any degree.)
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
/* T += B G for the words B_w = word P + w of C, w < nb, and G = (h, 0), h one word: the
 * PCLMULQDQ of word P + w by h lands at word offset w, those at an even offset straight in T's
 * lanes, those at an odd one in O, added one word up at the end (T: GF_NL + 1 lanes at least;
 * the products must end below word 2 GF_NL + 1). */
GF_INL void GV_FN(vfold_clmul)(GV *T, const GV *C, const int P, const int nb, const GV G) {
    GV O[GF_NL + 1];
#pragma GCC unroll 12
    for (int l = 0; l < GF_NL + 1; l++) O[l] = GV_ZERO();
#pragma GCC unroll 12
    for (int w = 0; w < nb; w++) {
        const int i = P + w;
        GV p = (i & 1) ? GV_CLMUL(C[i >> 1], G, 0x01)
                            : GV_CLMUL(C[i >> 1], G, 0x00);
        if (w & 1)
            O[w >> 1] = GV_XOR(O[w >> 1], p);
        else
            T[w >> 1] = GV_XOR(T[w >> 1], p);
    }
#pragma GCC unroll 12
    for (int l = 0; l < GF_NL; l++) {
        T[l] = GV_XOR(T[l], GV_BSLLI8(O[l]));
        T[l + 1] = GV_XOR(T[l + 1], GV_BSRLI8(O[l]));
    }
}

GF_INL void GV_FN(vreduce)(GV *R, const GV *C, const int D) {
    const int P = GF_FOLD_P, e = 64 * GF_NW - GF_M, k = GF_RED_MAX;
    GV T[GF_NW + 3], S[GF_NW + 3];
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
    for (int l = 0; l < GF_NW + 3; l++) T[l] = 2 * l < P ? C[l] : GV_ZERO();
    if (P & 1) T[P >> 1] = GV_AND(T[P >> 1], GV_SET2(0, -1LL)); /* word P belongs to B */

    if (use_clmul) {
        /* T += B G, G = h as one word; word w of B is word P + w of C. */
        GV_FN(vfold_clmul)(T, C, P, (D >> 6) - P + 1, GV_SET2(0, (long long)(FN(red_word)() << e)));
    } else {
        /* T += sum of B z^t over the exponents t of h. */
        GV B[GF_NL + 1];
        const int nb = ((D - 64 * P) >> 7) + 1; /* lanes of B */
#pragma GCC unroll 12
        for (int l = 0; l < nb; l++) B[l] = GV_FN(vw)(C, GF_NW, P + 2 * l);
#pragma GCC unroll 12
        for (int l = 0; l <= (d >> 7); l++) {
            GV acc = GV_FN(vshl)(B, nb, h[0], l);
#pragma GCC unroll 4
            for (int j = 1; j < nh; j++) acc = GV_XOR(acc, GV_FN(vshl)(B, nb, h[j], l));
            T[l] = GV_XOR(T[l], acc);
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
            S[l] = GV_FN(vshr)(T, nt, GF_M, l);
#pragma GCC unroll 4
            for (int j = 0; j < GF_NRED - 1; j++) {
                const int t = FN(red_terms)[j];
                S[l] = GV_XOR(S[l], GV_FN(vclear_below)(GV_FN(vshr)(T, nt, GF_M - t, l), t, l));
            }
        }
        T[GF_M >> 7] = GV_FN(vmask_m)(T[GF_M >> 7]);
#pragma GCC unroll 12
        for (int l = (GF_M >> 7) + 1; l < nt; l++) T[l] = GV_ZERO();
#pragma GCC unroll 12
        for (int l = 0; l < ns; l++) T[l] = GV_XOR(T[l], S[l]);
        d = dn < GF_M - 1 ? GF_M - 1 : dn;
    }
#pragma GCC unroll 12
    for (int l = 0; l < GF_NL; l++) R[l] = T[l];
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
 * slower: the reduction, not the multiplier, bounds the squaring there.
 * Again on AMD Zen 3, whose PCLMULQDQ issues one every 1.8 TSC ticks, on the SSE4.1 and AVX2
 * levels, ECDH min ticks, four pairs: AVX2 sect163k1 +4%, sect163r2 +7%, 233k1 and 571k1
 * within 1%, sect571r1 -3%; SSE4.1 sect163k1 +11%, 233k1 +2%, 409k1, 409r1, 571r1 -2 to -3%.) */
GF_INL void GV_FN(vsqr_spread)(GV *C, const GV *A) {
#pragma GCC unroll 12
    for (int i = 0; i < GF_NW; i++)
        C[i] = (i & 1) ? GV_CLMUL(A[i >> 1], A[i >> 1], 0x11)
                       : GV_CLMUL(A[i >> 1], A[i >> 1], 0x00);
}

/* ---------------------------------------------------------------------
 * Reduction of a product of two reduced elements (degree at most D = 2m - 2)
 * in one step, for the trinomials f = z^m + z^k + 1 (m = 193, 233, 239, 409).
 * The rounds of GV_FN(vreduce) written out at once, every term a window of C
 * itself, so that they are computed in parallel instead of one round waiting
 * for the other.  With d = m - k:
 *     z^m H = H + z^k H                        (z^m = z^k + 1 mod f)
 *     z^k H = (H mod z^d) z^k + z^m floor(H / z^d)
 * so, starting from C = L + z^m H_1 (deg L < m, H_1 = floor(C / z^m)) and
 * with H_(i+1) = floor(H_i / z^d) = floor(C / z^(m + i d)),
 *     C = L + sum over i of [ H_i + (H_i mod z^d) z^k ]   (mod f),
 * the sum running while H_i can be non-zero (m + (i - 1) d <= D).  The terms:
 *     H_i = floor(C / z^s), s = m + (i - 1) d, of degree at most D - m < m;
 *     (H_i mod z^d) z^k = the bits k .. m - 1 of floor(C / z^(s - k)).
 * For 2k < m (193, 233, 409) that is two pairs of terms; for m = 239
 * (k = 158, d = 81) three, where GV_FN(vreduce) folds at z^320 and then needs
 * a second round.  A last H_i of one word with k < 64 (m = 193, k = 15)
 * gives H_i + z^k H_i as one PCLMULQDQ of that word by the word 1 + z^k
 * (measured 8% faster there than the two windows).
 * Measured: the same work in fewer instructions and a shorter dependent
 * chain than the rounds one after the other: ECDH about 13% faster on
 * sect233k1, and on sect239k1 (AMD Zen 4, min TSC ticks, six pairs of runs
 * alternated) 26.5k -> 22.8k on the AVX-512 level, 27.6k -> 24.4k on AVX2 and
 * 35.0k -> 31.7k on PCLMULQDQ.  The same expansion for the pentanomials
 * was measured slower (163: +5%, 283: +10%): there the first round of
 * GV_FN(vreduce) is already a handful of PCLMULQDQs by one word, so they keep
 * the rounds.
 * --------------------------------------------------------------------- */
GF_INL void GV_FN(vreduce_trinomial)(GV *R, const GV *C) {
    const int m = GF_M, k = GF_RED_MAX, d = GF_M - GF_RED_MAX, D = 2 * GF_M - 2;
    const int top = GF_M >> 7; /* the lane of bit m */
    GV acc[GF_NL];
#pragma GCC unroll 8
    for (int l = 0; l < GF_NL; l++) acc[l] = l < top ? C[l] : l == top ? GV_FN(vmask_m)(C[l]) : GV_ZERO();
#pragma GCC unroll 4
    for (int s = m; s <= D; s += d) {
        if (k < 64 && D - s < 64) { /* H_i of one word: H_i (1 + z^k), lane 0 */
            acc[0] = GV_XOR(acc[0], GV_CLMUL(GV_FN(vshr)(C, GF_NW, s, 0),
                                             GV_SET2(0, (long long)FN(red_word)()), 0x00));
            continue;
        }
#pragma GCC unroll 8
        for (int l = 0; l < GF_NL; l++) {
            GV W = GV_FN(vclear_below)(GV_FN(vshr)(C, GF_NW, s - k, l), k, l);
            W = l < top ? W : l == top ? GV_FN(vmask_m)(W) : GV_ZERO();
            acc[l] = GV_XOR(acc[l], GV_XOR(GV_FN(vshr)(C, GF_NW, s, l), W));
        }
    }
#pragma GCC unroll 8
    for (int l = 0; l < GF_NL; l++) R[l] = acc[l];
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
 * which leaves deg R < m: fully reduced, like GV_FN(vreduce_trinomial).
 * Measured on the SSE4.1 level (AMD Zen 5, m = 233): the squaring takes
 * 46 instead of 64 instructions and the product 95 instead of 119 (with
 * FN(vmul_ka2)), but the dependent chain is a few shifts longer, so the
 * single squaring GV_FN(vsqrmod) keeps GV_FN(vreduce_trinomial), and the chains
 * of squarings skip the last step (GV_FN(vnorm2)) until their end.
 * --------------------------------------------------------------------- */
#if defined(GF_RED_FOLD2) && GF_NRED == 2 /* both trinomial versions below */
#define GF_RED_K__(k, ...) (k)
#define GF_RED_K_(t) GF_RED_K__(t) /* expands t, then splits it at the commas */
#define GF_RED_K GF_RED_K_(GF_RED_TERMS) /* k, as a constant expression */
#endif
#if defined(GF_RED_FOLD2) && GF_NRED == 2 && GF_NW == 4
/* The two folds: R < z^256, congruent to C (any 8 words) mod f. */
GF_INL void GV_FN(vfold2)(GV *R, const GV *C) {
    enum { e = 64 * GF_NW - GF_M, s = 64 * GF_NW - GF_M + GF_RED_K - 64 };
    _Static_assert(GF_NW == 4 && GF_NRED == 2, "GF_RED_FOLD2: a trinomial in four words");
    _Static_assert(e > 0 && s >= 0 && s < 64 && GF_RED_K - 64 + e < 64 && GF_RED_K >= 64,
                   "GF_RED_FOLD2: 64 <= e + k < 128 and the last fold inside word 1");
    const GV v3 = C[3];
    const GV x3 = GV_XOR(GV_SRLI64(v3, 64 - e), GV_SLLI64(v3, s));
    const GV v2 = GV_XOR(GV_XOR(C[2], GV_SRLI64(v3, 64 - s)), GV_BSRLI8(x3));
    const GV x2 = GV_XOR(GV_SRLI64(v2, 64 - e), GV_SLLI64(v2, s));
    R[0] = GV_XOR(GV_XOR(C[0], GV_SLLI64(v2, e)), GV_BSLLI8(x2));
    R[1] = GV_XOR(GV_XOR(C[1], GV_SLLI64(v3, e)),
                         GV_XOR(GV_SRLI64(v2, 64 - s), GV_ALIGNR8(x3, x2)));
}

#elif defined(GF_RED_FOLD2) && GF_NRED == 2
/* ---------------------------------------------------------------------
 * The same two word-aligned folds for a trinomial in more words (m = 409: NW = 7, k = 87,
 * e = 64 NW - m = 39), written with the lane shifts GV_FN(vshl) instead of spelled out:
 *   Fold 1: C = A + z^(64 NW) B, z^(64 NW) = z^e + z^(e+k) (mod f): A + B z^e + B z^(e+k),
 *   of degree below 64 NW + e + k < 64 (NW + 2) (e + k < 128): NW + 2 words, for any C of
 *   2 NW words.
 *   Fold 2: the two words s above NW, s z^e + s z^(e+k), of degree below 128 + e + k < 256:
 *   lanes 0 and 1.
 * R < z^(64 NW), congruent to C mod f; GV_FN(vnorm2) folds its bits m .. 64 NW - 1 (a t of e
 * bits) as t + t z^k, t z^k inside word 1 (64 <= k, k - 64 + e < 64).
 * Measured on an AMD EPYC Zen 3, ECDH min TSC ticks, against GV_FN(vreduce_trinomial): on the
 * PCLMULQDQ level sect409k1 132.3k -> 120.5k, sect409r1 229.0k -> 225.9k; on the AVX2 level,
 * with its 256-bit products, 2.5% slower, so gf2m_409.c sets GF_RED_FOLD2 on PCLMULQDQ only. */
GF_INL void GV_FN(vfold2)(GV *R, const GV *C) {
    enum { P = GF_NW, e = 64 * GF_NW - GF_M, NB = (GF_NW + 1) / 2 };
    _Static_assert(e > 0 && GF_RED_K >= 64 && GF_RED_K - 64 + e < 64,
                   "GF_RED_FOLD2 on a trinomial: 64 <= k and the last fold inside word 1");
    GV B[NB], T[GF_NL + 1];
#pragma GCC unroll 12
    for (int j = 0; j < NB; j++) B[j] = GV_FN(vw)(C, GF_NW, P + 2 * j); /* words P + 2j, +1 */
#pragma GCC unroll 12
    for (int l = 0; l <= GF_NL; l++) {
        GV a = 2 * l + 1 < P ? C[l] : 2 * l < P ? GV_AND(C[l], GV_SET2(0, -1LL)) : GV_ZERO();
        T[l] = GV_XOR(a, GV_XOR(GV_FN(vshl)(B, NB, e, l), GV_FN(vshl)(B, NB, e + GF_RED_K, l)));
    }
    const GV sp = GV_FN(vw)(T, GF_NL + 1, P); /* fold 2: the words P, P + 1 */
    if (P & 1) T[P >> 1] = GV_AND(T[P >> 1], GV_SET2(0, -1LL));
#pragma GCC unroll 12
    for (int l = 0; l < GF_NL; l++) {
        const GV t = l < 2 ? GV_XOR(GV_FN(vshl)(&sp, 1, e, l), GV_FN(vshl)(&sp, 1, e + GF_RED_K, l))
                           : GV_ZERO();
        R[l] = GV_XOR(2 * l < P ? T[l] : GV_ZERO(), t);
    }
}

#elif defined(GF_RED_FOLD2)
/* ---------------------------------------------------------------------
 * The same two word-aligned folds for a pentanomial whose h = z^e g (e = 64 NW - m) is one
 * word, deg g + e < 64 (m = 163: e = 29, h = z^36 + z^35 + z^32 + z^29): both folds are
 * PCLMULQDQs of a word by h, as in the first round of GV_FN(vreduce), and no shift.
 *   Fold 1: C = A + z^(64 NW) B (A the low NW words), z^(64 NW) = h (mod f): A + B h, one
 *   PCLMULQDQ per word of B; the word at offset NW + w lands at words w, w + 1, so the result
 *   has NW + 1 words, the last one s of degree below e + deg g (< 64), for any C of 2 NW words.
 *   Fold 2: s z^(64 NW) = s h (mod f), of degree below 2 (e + deg g) < 128: lane 0 only.
 * The result R < z^(64 NW), congruent to C mod f, not normalised: GV_FN(vnorm2) takes its bits
 * m .. 64 NW - 1 (a t of e bits) to t g, one PCLMULQDQ of degree below e + deg g, in word 0.
 * Against GV_FN(vreduce) (the same first fold, then a round of four shifted copies of the bits
 * above m) this takes one more PCLMULQDQ and no shift, and lets the chains of squarings and the
 * tau-adic loop stay lazy (GF_LAZY_LOOP, field.tmpl.h).  Measured on an AMD EPYC Zen 3, ECDH
 * min TSC ticks, four pairs of builds alternated: AVX2 level sect163k1 18.5k -> 15.5k, sect163r2
 * 22.9k -> 20.6k, sect283k1 37.4k -> 35.9k, sect283r1 65.8k -> 64.2k, sect571k1 141.0k ->
 * 139.4k, sect571r1 274.5k -> 260.8k; PCLMULQDQ level sect163k1 23.8k -> 21.9k, sect163r2
 * 31.4k -> 29.8k, sect283k1 65.0k -> 63.4k, sect571k1 240.4k -> 231.2k, sect571r1 521.9k ->
 * 499.6k.  Keeping GV_FN(vreduce) for the single squaring, or for the products, measured
 * 2-12% slower on sect163r2, sect283r1 and sect571r1. */
GF_INL void GV_FN(vfold2)(GV *R, const GV *C) {
    enum { e = 64 * GF_NW - GF_M, P = GF_NW };
    _Static_assert(GF_NRED > 2 && e > 0, "GF_RED_FOLD2 by PCLMULQDQ: a pentanomial");
    const GV G = GV_SET2(0, (long long)(FN(red_word)() << e)); /* h, one word */
    GV T[GF_NL + 1];
#pragma GCC unroll 12
    for (int l = 0; l <= GF_NL; l++) T[l] = 2 * l < P ? C[l] : GV_ZERO();
    if (P & 1) T[P >> 1] = GV_AND(T[P >> 1], GV_SET2(0, -1LL)); /* word P belongs to B */
    GV_FN(vfold_clmul)(T, C, P, P, G); /* fold 1: word P + w of C times h, at word offset w */
    /* fold 2: the word s at offset P, times h, into lane 0; s cleared */
    T[0] = GV_XOR(T[0], (P & 1) ? GV_CLMUL(T[P >> 1], G, 0x01) : GV_CLMUL(T[P >> 1], G, 0x00));
#pragma GCC unroll 12
    for (int l = 0; l < GF_NL; l++)
        R[l] = (P & 1) && l == (P >> 1) ? GV_AND(T[l], GV_SET2(0, -1LL)) : T[l];
}

GF_INL void GV_FN(vnorm2)(GV *R) {
    enum { top = (GF_NW - 1) >> 1, hi = (GF_NW - 1) & 1 }; /* word NW - 1 holds bit m */
    const GV u = GV_SRLI64(R[top], GF_M - 64 * (GF_NW - 1)); /* t in word hi of the lane */
    const GV g = GV_SET2(0, (long long)FN(red_word)());
    R[0] = GV_XOR(R[0], hi ? GV_CLMUL(u, g, 0x01) : GV_CLMUL(u, g, 0x00));
    R[top] = GV_FN(vmask_m)(R[top]);
}
#endif

#if defined(GF_RED_FOLD2) && GF_NRED == 2
/* Either trinomial version's R (< z^(64 NW)) reduced: its bits m .. 64 NW - 1, a t of e bits
 * in word NW - 1, folded as t + t z^k, t z^k = (t << (k - 64)) in word 1 (64 <= k,
 * k - 64 + e < 64); the result is < z^m.  t is in the high word of its lane for an even NW
 * (m = 233: moved to the low word by PUNPCKHQDQ, t z^(k - 64) above it), in the low word for
 * an odd one (m = 409: the other word of u is word NW, zero below z^(64 NW)). */
GF_INL void GV_FN(vnorm2)(GV *R) {
    enum { top = (GF_NW - 1) >> 1, hi = (GF_NW - 1) & 1 }; /* word NW - 1 holds bit m */
    const GV u = GV_SRLI64(R[top], GF_M - 64 * (GF_NW - 1)); /* t in word hi of the lane */
    const GV v = GV_SLLI64(u, GF_RED_K - 64);                 /* t z^(k - 64) */
    R[0] = GV_XOR(R[0], hi ? GV_UNPACKHI64(u, v) : GV_XOR(u, GV_BSLLI8(v)));
    R[top] = GV_FN(vmask_m)(R[top]);
}
#endif

#ifdef GF_RED_FOLD2
GF_INL void GV_FN(vreduce_fold2)(GV *R, const GV *C) {
    GV_FN(vfold2)(R, C);
    GV_FN(vnorm2)(R);
}
#endif

GF_INL void GV_FN(vreduce_prod)(GV *R, const GV *C) {
#ifdef GF_RED_FOLD2
    GV_FN(vreduce_fold2)(R, C);
    return;
#endif
    if (GF_NRED == 2) { /* a constant: no branch is left */
        GV_FN(vreduce_trinomial)(R, C);
        return;
    }
    GV_FN(vreduce)(R, C, 2 * GF_M - 2);
}


GF_INL void GV_FN(vsqrmod)(GV *R, const GV *A) {
    GV C[GF_NW];
    GV_FN(vsqr_spread)(C, A);
#if defined(GF_RED_FOLD2) && GF_NRED == 2
    /* A single squaring is often on the critical path (the ladder): there the
     * shorter dependent chain of the one-step reduction wins (measured at
     * m = 233, SSE4.1: latency 16.6 against 21.6 TSC ticks with the folds; a
     * ladder-like sequence 6% faster); the chains of FN(sqr_n) and
     * FN(sqr_n3) take the folds. */
    GV_FN(vreduce_trinomial)(R, C);
#else
    GV_FN(vreduce_prod)(R, C);
#endif
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
 * about 4 NW XORs instead of NW(NW-1).  Seven and nine words (m = 409, 571) take
 * GV_FN(vmul_ka43) and GV_FN(vmul_ka3x3) below instead: a split into blocks first, 26 word
 * products against 28 and 36 against 45.
 * --------------------------------------------------------------------- */
/* Schoolbook for the 3-word field (measured faster).  Schoolbook at every size on the SSE4.1
 * level measured slower (AMD EPYC Zen 4, 6 December 2026, field_mul min TSC ticks: m = 283
 * 39 -> 51, 409 70 -> 90, 571 107 -> 145; ECDH sect409r1 199k -> 253k): PCLMULQDQ is the
 * bottleneck there, so fewer of them win over fewer XORs. */
#define GF_MUL_SB (GF_NW <= 3)
/* C = E + O z^64: the products at odd word offsets (O) shifted into the even
 * lanes (E); shared end of both multiplications below. */
GF_INL void GV_FN(vcombine)(GV *C, GV *E, const GV *O) {
    /* lane s of O z^64 is (high word of O[s-1], low word of O[s]): one
     * PALIGNR per lane instead of two byte shifts */
    E[0] = GV_XOR(E[0], GV_BSLLI8(O[0]));
#pragma GCC unroll 12
    for (int s = 1; s < GF_NW; s++) E[s] = GV_XOR(E[s], GV_ALIGNR8(O[s], O[s - 1]));
    E[GF_NW] = GV_XOR(E[GF_NW], GV_BSRLI8(O[GF_NW - 1]));
#pragma GCC unroll 12
    for (int s = 0; s < GF_NW; s++) C[s] = E[s];
}

/* E and O zeroed: the accumulators of the products at even and odd word offsets (the
 * multiplications below, GF_ADD_AT, vcombine). */
GF_INL void GV_FN(vclear_eo)(GV *E, GV *O) {
#pragma GCC unroll 12
    for (int s = 0; s <= GF_NW; s++) E[s] = GV_ZERO();
#pragma GCC unroll 12
    for (int s = 0; s < GF_NW; s++) O[s] = GV_ZERO();
}

/* XOR v into the product at word offset s (E for even s, O for odd s). */
#define GF_ADD_AT(s, v)                                                      \
    do {                                                                     \
        if ((s) & 1) O[(s) >> 1] = GV_XOR(O[(s) >> 1], (v));          \
        else         E[(s) >> 1] = GV_XOR(E[(s) >> 1], (v));          \
    } while (0)
GF_INL void GV_FN(vmul_ka)(GV *C, const GV *A, const GV *B) {
    GV As[GF_NL], Bs[GF_NL], D[GF_NW], Pre[GF_NW], Suf[GF_NW], E[GF_NW + 1], O[GF_NW];
#pragma GCC unroll 12
    for (int l = 0; l < GF_NL; l++) {
        As[l] = GV_SWAP64(A[l]);
        Bs[l] = GV_SWAP64(B[l]);
    }
#pragma GCC unroll 12
    for (int i = 0; i < GF_NW; i++) {
        D[i] = (i & 1) ? GV_CLMUL(A[i >> 1], B[i >> 1], 0x11)
                       : GV_CLMUL(A[i >> 1], B[i >> 1], 0x00);
    }
    /* Pre[i] = D_0 + ... + D_i, Suf[i] = D_i + ... + D_(NW-1) */
    Pre[0] = D[0];
    Suf[GF_NW - 1] = D[GF_NW - 1];
#pragma GCC unroll 12
    for (int i = 1; i < GF_NW; i++) {
        Pre[i] = GV_XOR(Pre[i - 1], D[i]);
        Suf[GF_NW - 1 - i] = GV_XOR(Suf[GF_NW - i], D[GF_NW - 1 - i]);
    }
    GV_FN(vclear_eo)(E, O);
#pragma GCC unroll 20
    for (int s = 0; s < 2 * GF_NW - 1; s++) GF_ADD_AT(s, s < GF_NW ? Pre[s] : Suf[s - GF_NW + 1]);
#pragma GCC unroll 12
    for (int i = 0; i < GF_NW; i++) {
#pragma GCC unroll 12
        for (int j = i + 1; j < GF_NW; j++) {
            /* the lane with a_i + a_j (b_i + b_j) in the word of parity i */
            GV u = GV_XOR(A[i >> 1], ((i ^ j) & 1) ? As[j >> 1] : A[j >> 1]);
            GV v = GV_XOR(B[i >> 1], ((i ^ j) & 1) ? Bs[j >> 1] : B[j >> 1]);
            GF_ADD_AT(i + j, (i & 1) ? GV_CLMUL(u, v, 0x11) : GV_CLMUL(u, v, 0x00));
        }
    }
    GV_FN(vcombine)(C, E, O);
}

/* Schoolbook on lanes: four PCLMULQDQ per pair of lanes. */
GF_INL void GV_FN(vmul_sb)(GV *C, const GV *A, const GV *B) {
    GV E[GF_NW + 1], O[GF_NW];
    GV_FN(vclear_eo)(E, O);
#pragma GCC unroll 12
    for (int i = 0; i < GF_NL; i++) {
#pragma GCC unroll 12
        for (int j = 0; j < GF_NL; j++) {
            const int hi_a = 2 * i + 1 < GF_NW, hi_b = 2 * j + 1 < GF_NW;
            E[i + j] = GV_XOR(E[i + j], GV_CLMUL(A[i], B[j], 0x00));
            if (hi_a && hi_b) E[i + j + 1] = GV_XOR(E[i + j + 1], GV_CLMUL(A[i], B[j], 0x11));
            if (hi_a) O[i + j] = GV_XOR(O[i + j], GV_CLMUL(A[i], B[j], 0x01));
            if (hi_b) O[i + j] = GV_XOR(O[i + j], GV_CLMUL(A[i], B[j], 0x10));
        }
    }
    GV_FN(vcombine)(C, E, O);
}

/* Karatsuba on lanes for four words (two lanes; HMV 2.3.3 on 128-bit
 * halves), each lane product by schoolbook:
 *   P(x, y) = x_0 y_0 + (x_0 y_1 + x_1 y_0) z^64 + x_1 y_1 z^128   (4 PCLMULQDQ)
 *   A B = E + (G + E + F) z^128 + F z^256,
 *   E = P(A_0, B_0), F = P(A_1, B_1), G = P(A_0 + A_1, B_0 + B_1).
 * 12 word products against 10 for GV_FN(vmul_ka) at four words, but far fewer
 * XORs and no word swaps.  Used with GF_RED_FOLD2 (m = 233), where measured
 * faster on the SSE4.1 level. */
GF_INL void GV_FN(vmul_ka2)(GV *C, const GV *A, const GV *B) {
    GV E[GF_NW + 1], O[GF_NW];
    const GV U = GV_XOR(A[0], A[1]), V = GV_XOR(B[0], B[1]);
    const GV e0 = GV_CLMUL(A[0], B[0], 0x00), e1 = GV_CLMUL(A[0], B[0], 0x11);
    const GV f0 = GV_CLMUL(A[1], B[1], 0x00), f1 = GV_CLMUL(A[1], B[1], 0x11);
    const GV g0 = GV_CLMUL(U, V, 0x00), g1 = GV_CLMUL(U, V, 0x11);
    const GV em = GV_XOR(GV_CLMUL(A[0], B[0], 0x01), GV_CLMUL(A[0], B[0], 0x10));
    const GV fm = GV_XOR(GV_CLMUL(A[1], B[1], 0x01), GV_CLMUL(A[1], B[1], 0x10));
    const GV gm = GV_XOR(GV_CLMUL(U, V, 0x01), GV_CLMUL(U, V, 0x10));
    const GV h = GV_XOR(e1, f0); /* shared by lanes 1 and 2 */
    E[0] = e0;
    E[1] = GV_XOR(GV_XOR(h, e0), g0);
    E[2] = GV_XOR(GV_XOR(h, f1), g1);
    E[3] = f1;
    E[4] = GV_ZERO();
    O[0] = em;
    O[1] = GV_XOR(GV_XOR(gm, em), fm);
    O[2] = fm;
    O[3] = GV_ZERO();
    GV_FN(vcombine)(C, E, O);
}

#if GF_NW == 7 || GF_NW == 9
/* The product of two 3-word values, each held as the lanes (w0, w1), (w2, 0), by the multi-way
 * Karatsuba of vmul_ka on three words (3 + 3 PCLMULQDQ): its 128-bit pieces at word offsets
 * 0 .. 4 into R, R[s] = sum of the word products at offset s.  Each sum of two words is formed
 * in the low word of a lane: (p0 + p1) from P0 and its swap, (p0 + p2) = P0 + P1, (p1 + p2)
 * from the swap of P0 and P1. */
GF_INL void GV_FN(vmul3w)(GV R[5], const GV P0, const GV P1, const GV Q0, const GV Q1) {
    const GV d0 = GV_CLMUL(P0, Q0, 0x00), d1 = GV_CLMUL(P0, Q0, 0x11), d2 = GV_CLMUL(P1, Q1, 0x00);
    const GV Ps = GV_SWAP64(P0), Qs = GV_SWAP64(Q0);
    const GV m01 = GV_CLMUL(GV_XOR(P0, Ps), GV_XOR(Q0, Qs), 0x00);
    const GV m02 = GV_CLMUL(GV_XOR(P0, P1), GV_XOR(Q0, Q1), 0x00);
    const GV m12 = GV_CLMUL(GV_XOR(Ps, P1), GV_XOR(Qs, Q1), 0x00);
    const GV d01 = GV_XOR(d0, d1), d12 = GV_XOR(d1, d2);
    R[0] = d0;
    R[1] = GV_XOR(m01, d01);
    R[2] = GV_XOR(m02, GV_XOR(d01, d2));
    R[3] = GV_XOR(m12, d12);
    R[4] = d2;
}
#endif

#if GF_NW == 7
/* The same for two 4-word values, each held as the lanes (w0, w1), (w2, w3) (4 + 6 PCLMULQDQ):
 * the sums of two words in one lane of x = P0 + P1 (p0 + p2, p1 + p3) or of xs = swap(P0) + P1
 * (p1 + p2, p0 + p3), so that each pair's product is one PCLMULQDQ on the right word; R[s] for
 * the word offsets s = 0 .. 6, every diagonal D_i with s - 3 <= i <= s once, as in vmul_ka. */
GF_INL void GV_FN(vmul4w)(GV R[7], const GV P0, const GV P1, const GV Q0, const GV Q1) {
    const GV d0 = GV_CLMUL(P0, Q0, 0x00), d1 = GV_CLMUL(P0, Q0, 0x11);
    const GV d2 = GV_CLMUL(P1, Q1, 0x00), d3 = GV_CLMUL(P1, Q1, 0x11);
    const GV Ps = GV_SWAP64(P0), Qs = GV_SWAP64(Q0);
    const GV x = GV_XOR(P0, P1), y = GV_XOR(Q0, Q1);
    const GV xs = GV_XOR(Ps, P1), ys = GV_XOR(Qs, Q1);
    const GV m01 = GV_CLMUL(GV_XOR(P0, Ps), GV_XOR(Q0, Qs), 0x00);
    const GV m23 = GV_CLMUL(GV_XOR(P1, GV_SWAP64(P1)), GV_XOR(Q1, GV_SWAP64(Q1)), 0x00);
    const GV m02 = GV_CLMUL(x, y, 0x00), m13 = GV_CLMUL(x, y, 0x11);
    const GV m12 = GV_CLMUL(xs, ys, 0x00), m03 = GV_CLMUL(xs, ys, 0x11);
    const GV d01 = GV_XOR(d0, d1), d23 = GV_XOR(d2, d3), d12 = GV_XOR(d1, d2);
    R[0] = d0;
    R[1] = GV_XOR(m01, d01);
    R[2] = GV_XOR(m02, GV_XOR(d01, d2));
    R[3] = GV_XOR(GV_XOR(m03, m12), GV_XOR(d01, d23));
    R[4] = GV_XOR(m13, GV_XOR(d12, d3));
    R[5] = GV_XOR(m23, d23);
    R[6] = d3;
}

/* Seven words (m = 409) by two-way Karatsuba on an upper block of four words and a lower one of
 * three: x = X0 + X1 t, t = z^256, X0 = lanes 0 and 1, X1 = lanes 2 and 3 (its fourth word zero),
 *     x y = P0 + (P01 + P0 + P1) t + P1 t^2,   P0 = X0 Y0, P1 = X1 Y1, P01 = (X0 + X1)(Y0 + Y1),
 * by vmul4w, vmul3w and vmul4w: 26 PCLMULQDQ against vmul_ka's 28 (7 + 21), which bound the
 * product on the SSE level (see GF_MUL_SB).  Every block is lane-aligned.  AMD EPYC Zen 4,
 * against vmul_ka, min TSC ticks, two alternations of the builds: field_mul SSE4.1 70 -> 65
 * (AVX2 and AVX-512 multiply single elements on wider registers, GF_YMUL / GF_ZMUL: unchanged);
 * ECDH sect409k1 SSE4.1 105.9k -> 101.3k, AVX2 62.7k -> 62.5k, AVX-512 51.8k -> 51.3k (their
 * pairs run this code), sect409r1 199.3k -> 191.9k, 117.2k -> 115.5k, 97.6k -> 96.7k. */
GF_INL void GV_FN(vmul_ka43)(GV *C, const GV *A, const GV *B) {
    GV P[7], Q[5], S[7], E[GF_NW + 1], O[GF_NW];
    GV_FN(vmul4w)(P, A[0], A[1], B[0], B[1]);
    GV_FN(vmul3w)(Q, A[2], A[3], B[2], B[3]);
    GV_FN(vmul4w)(S, GV_XOR(A[0], A[2]), GV_XOR(A[1], A[3]), GV_XOR(B[0], B[2]), GV_XOR(B[1], B[3]));
    GV_FN(vclear_eo)(E, O);
#pragma GCC unroll 7
    for (int s = 0; s < 7; s++) {
        GF_ADD_AT(s, P[s]);
        GF_ADD_AT(4 + s, s < 5 ? GV_XOR(GV_XOR(S[s], P[s]), Q[s]) : GV_XOR(S[s], P[s]));
    }
#pragma GCC unroll 5
    for (int s = 0; s < 5; s++) GF_ADD_AT(8 + s, Q[s]);
    GV_FN(vcombine)(C, E, O);
}
#endif

#if GF_NW == 9
/* Nine words (m = 571) by three-way Karatsuba on blocks of three words (the split of
 * fe_p521_unsat.h's product, here over GF(2) where minus is plus): with x = X0 + X1 t + X2 t^2,
 * t = z^192, and y alike, and Pij = (Xi + Xj)(Yi + Yj), Pi = Xi Yi,
 *     x y = P0 + (P01 + P0 + P1) t + (P02 + P0 + P1 + P2) t^2 + (P12 + P1 + P2) t^3 + P2 t^4,
 * six block products by vmul3w: 36 PCLMULQDQ against vmul_ka's 45 (9 + 36) for nine words.
 * A block starts at word 3k, inside a lane for odd k: GV_FN(vw) takes words (3k, 3k + 1) across
 * the lane boundary, and the third word's lane is masked to its low word.  The pieces land at
 * word offsets 3k + s, even or odd, in E and O as in vmul_ka (GF_ADD_AT, vcombine).
 * PCLMULQDQ bounds the product here (see GF_MUL_SB), so nine fewer pay for the XORs of the
 * blocks.  AMD EPYC Zen 4, against vmul_ka, min TSC ticks (python -m ecedu speed field|ecdh
 * --cycles, forced levels, two alternations of the builds): field_mul SSE4.1 107 -> 99, AVX2
 * 95 -> 89 (AVX-512 multiplies single elements on 512-bit registers, GF_ZMUL: 72 either way);
 * ECDH sect571k1 SSE4.1 205k -> 197k, AVX2 124.6k -> 121.6k, AVX-512 102.0k -> 98.6k (its
 * pairs, FN(mul2), run this code on 256-bit registers); sect571r1 SSE4.1 425k -> 402k, AVX2
 * 232.7k -> 227.9k, AVX-512 214.0k -> 200.8k. */
GF_INL void GV_FN(vmul_ka3x3)(GV *C, const GV *A, const GV *B) {
    const GV low = GV_SET2(0, -1LL);
    GV a[3][2], b[3][2], P[6][5], E[GF_NW + 1], O[GF_NW];
#pragma GCC unroll 3
    for (int k = 0; k < 3; k++) {
        a[k][0] = GV_FN(vw)(A, GF_NL, 3 * k), a[k][1] = GV_AND(GV_FN(vw)(A, GF_NL, 3 * k + 2), low);
        b[k][0] = GV_FN(vw)(B, GF_NL, 3 * k), b[k][1] = GV_AND(GV_FN(vw)(B, GF_NL, 3 * k + 2), low);
    }
#pragma GCC unroll 3
    for (int k = 0; k < 3; k++) GV_FN(vmul3w)(P[k], a[k][0], a[k][1], b[k][0], b[k][1]);
#pragma GCC unroll 3
    for (int k = 0; k < 3; k++) { /* the pairs (0, 1), (0, 2), (1, 2) into P[3], P[4], P[5] */
        const int i = k == 2, j = k == 0 ? 1 : 2;
        GV_FN(vmul3w)(P[3 + k], GV_XOR(a[i][0], a[j][0]), GV_XOR(a[i][1], a[j][1]), GV_XOR(b[i][0], b[j][0]),
                      GV_XOR(b[i][1], b[j][1]));
    }
    GV_FN(vclear_eo)(E, O);
#pragma GCC unroll 5
    for (int s = 0; s < 5; s++) {
        const GV s01 = GV_XOR(P[0][s], P[1][s]), s12 = GV_XOR(P[1][s], P[2][s]);
        GF_ADD_AT(s, P[0][s]);
        GF_ADD_AT(3 + s, GV_XOR(P[3][s], s01));
        GF_ADD_AT(6 + s, GV_XOR(GV_XOR(P[4][s], s01), P[2][s]));
        GF_ADD_AT(9 + s, GV_XOR(P[5][s], s12));
        GF_ADD_AT(12 + s, P[2][s]);
    }
    GV_FN(vcombine)(C, E, O);
}
#endif

GF_INL void GV_FN(vmul)(GV *C, const GV *A, const GV *B) {
#ifdef GF_RED_FOLD2
    if (GF_NW == 4) { GV_FN(vmul_ka2)(C, A, B); return; }
#endif
#if GF_NW == 9
    GV_FN(vmul_ka3x3)(C, A, B);
#elif GF_NW == 7
    GV_FN(vmul_ka43)(C, A, B);
#else
    if (GF_MUL_SB) GV_FN(vmul_sb)(C, A, B); else GV_FN(vmul_ka)(C, A, B);
#endif
}
/* R = A * B mod f (A, B reduced). */
GF_INL void GV_FN(vmulmod)(GV *R, const GV *A, const GV *B) {
    GV C[GF_NW];
    GV_FN(vmul)(C, A, B);
    GV_FN(vreduce_prod)(R, C);
}

/* One squaring of a chain of squarings (FN(sqr_n), FN(sqr_n3)): with GF_RED_FOLD2 the two
 * folds only, the value kept below z^(64 NW) until GV_FN(vsqr_chain_end) reduces it once at
 * the end of the chain (see GV_FN(vfold2)); else GV_FN(vsqrmod). */
GF_INL void GV_FN(vsqr_chain_step)(GV *A) {
#ifdef GF_RED_FOLD2
    GV T[GF_NW];
    GV_FN(vsqr_spread)(T, A);
    GV_FN(vfold2)(A, T);
#else
    GV_FN(vsqrmod)(A, A);
#endif
}

GF_INL void GV_FN(vsqr_chain_end)(GV *A) {
#ifdef GF_RED_FOLD2
    GV_FN(vnorm2)(A);
#else
    (void)A;
#endif
}

#undef GV
#undef GV_FN
#undef GV_ZERO
#undef GV_XOR
#undef GV_AND
#undef GV_SLLI64
#undef GV_SRLI64
#undef GV_DOUBLE_SHIFT
#undef GV_SHLDV
#undef GV_SHRDV
#undef GV_ALIGNR8
#undef GV_BSLLI8
#undef GV_BSRLI8
#undef GV_UNPACKHI64
#undef GV_SET2
#undef GV_CLMUL
#undef GV_SWAP64
