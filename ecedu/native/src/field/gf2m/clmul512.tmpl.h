/*
 * clmul512.tmpl.h -- TEMPLATE (field/gf2m): the multiplication of GF(2^m) on
 * 512-bit VPCLMULQDQ (zmm registers), for the AVX-512 instance of the fields
 * that set GF_ZMUL (m = 409, 571).  Included by clmul128.tmpl.h, whose
 * reduction and squaring it reuses.  Part of the field template, see
 * field.tmpl.h.
 */
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
