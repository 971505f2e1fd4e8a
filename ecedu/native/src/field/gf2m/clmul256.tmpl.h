/*
 * clmul256.tmpl.h -- TEMPLATE (field/gf2m): the multiplication of GF(2^m) on
 * 256-bit VPCLMULQDQ (ymm registers, AVX2 and no AVX-512), for the AVX2
 * instance of the fields that set GF_YMUL.  Included by clmul128.tmpl.h,
 * whose combination of the partial products, reduction and squaring it
 * reuses.  Part of the field template, see field.tmpl.h.
 */
/* =====================================================================
 * VPCLMULQDQ on a ymm register does two independent 64 x 64 -> 128-bit
 * carry-less products, one per 128-bit lane; the immediate picks the low or
 * high word of each lane of each operand, the same choice in both lanes.
 *
 * Schoolbook, in the lane numbering of clmul128.tmpl.h (lane l = words 2l,
 * 2l+1).  a is held in GF_NQ = ceil(NW/4) ymm registers, A_q = words
 * 4q .. 4q+3 = lanes 2q, 2q+1; lane s of b, (b_{2s}, b_{2s+1}), is loaded
 * into both halves of a ymm Bs (VBROADCASTI128: a load, no shuffle).  Four
 * VPCLMULQDQ of A_q by Bs give, in the two halves of the ymm (t = 2q + s):
 *     a_{2i}   b_{2s}     word offset 2(i+s)       [0x00]  E lanes t, t+1
 *     a_{2i+1} b_{2s+1}   word offset 2(i+s+1)     [0x11]  E lanes t+1, t+2
 *     a_{2i+1} b_{2s}     word offset 2(i+s) + 1   [0x01]  O lanes t, t+1
 *     a_{2i}   b_{2s+1}   word offset 2(i+s) + 1   [0x10]  O lanes t, t+1
 * (i = 2q, 2q+1 in the two halves), every product a_i b_j exactly once.
 * E (products at even word offsets) and O (at odd offsets) are the two
 * sets of lanes of FN(vmul_sb); as there, O z^64 is added into E at the end
 * (FN(vcombine)).
 *
 * A ymm product always covers two consecutive lanes (t, t+1): such pairs
 * are accumulated in YE[t] / YO[t] by their first lane t, never moved
 * across lanes while the products are summed (AVX2 has no one-instruction
 * shift of a ymm by 128 bits, VALIGNQ is AVX-512).  Only at the end is lane
 * L of E the low half of YE[L] plus the high half of YE[L-1]: one
 * extraction (VEXTRACTI128) and one XOR per lane.
 *
 * 4 NQ NL VPCLMULQDQ (fewer when NW is odd: no b_{NW} is read or
 * multiplied) for NW^2 products, against NW (NW+1)/2 PCLMULQDQ and about
 * twice as many XORs for the Karatsuba of FN(vmul_ka).  Which is faster
 * depends on m and on the CPU: the field files instantiate it where it was
 * measured faster (see gf2m_<m>.c and cpu.c).
 *
 * All word counts and indices depend on m only: after inlining no branch
 * or memory index depends on the operands (constant time, as the other
 * paths).
 * ===================================================================== */
#define GF_NQ ((GF_NW + 3) / 4)              /* ymm registers of an element */
#define GF_NT (2 * (GF_NQ - 1) + GF_NL + 1)  /* accumulators YE, YO        */

/* Words 4q .. 4q+3 of a (NW words), zero beyond: no read past a[NW-1]. */
GF_INL __m256i FN(yload)(const uint64_t *a, const int q) {
    const int w = 4 * q;
    if (w + 3 < GF_NW) return _mm256_loadu_si256((const __m256i *)(a + w));
    const __m128i lo = w + 1 < GF_NW ? _mm_loadu_si128((const __m128i *)(a + w))
                                     : _mm_loadl_epi64((const __m128i *)(a + w));
    if (w + 2 >= GF_NW) return _mm256_zextsi128_si256(lo);
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), _mm_loadl_epi64((const __m128i *)(a + w + 2)), 1);
}

/* C (NW lanes) = a * b, not reduced. */
GF_INL void FN(ymul)(__m128i *C, const uint64_t *a, const uint64_t *b) {
    __m256i A[GF_NQ], YE[GF_NT], YO[GF_NT];
    __m128i E[GF_NW + 1], O[GF_NW];
#pragma GCC unroll 4
    for (int q = 0; q < GF_NQ; q++) A[q] = FN(yload)(a, q);
#pragma GCC unroll 12
    for (int t = 0; t < GF_NT; t++) {
        YE[t] = _mm256_setzero_si256();
        YO[t] = _mm256_setzero_si256();
    }
#pragma GCC unroll 8
    for (int s = 0; s < GF_NL; s++) {
        const int pair = 2 * s + 1 < GF_NW; /* b_{2s+1} exists */
        /* odd NW, last lane: b_{2s} alone in every word (VPBROADCASTQ) */
        const __m256i Bs = pair ? _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(b + 2 * s)))
                                : _mm256_set1_epi64x((long long)b[2 * s]);
#pragma GCC unroll 4
        for (int q = 0; q < GF_NQ; q++) {
            const int t = 2 * q + s;
            YE[t] = _mm256_xor_si256(YE[t], _mm256_clmulepi64_epi128(A[q], Bs, 0x00));
            __m256i o = _mm256_clmulepi64_epi128(A[q], Bs, 0x01);
            if (pair) {
                YE[t + 1] = _mm256_xor_si256(YE[t + 1], _mm256_clmulepi64_epi128(A[q], Bs, 0x11));
                o = _mm256_xor_si256(o, _mm256_clmulepi64_epi128(A[q], Bs, 0x10));
            }
            YO[t] = _mm256_xor_si256(YO[t], o);
        }
    }
    /* lane L = low half of Y[L] + high half of Y[L-1] */
#pragma GCC unroll 12
    for (int l = 0; l <= GF_NW; l++) {
        const __m128i elo = l < GF_NT ? _mm256_castsi256_si128(YE[l]) : _mm_setzero_si128();
        const __m128i ehi = l >= 1 && l - 1 < GF_NT ? _mm256_extracti128_si256(YE[l - 1], 1) : _mm_setzero_si128();
        E[l] = _mm_xor_si128(elo, ehi);
        if (l < GF_NW) {
            const __m128i olo = l < GF_NT ? _mm256_castsi256_si128(YO[l]) : _mm_setzero_si128();
            const __m128i ohi = l >= 1 && l - 1 < GF_NT ? _mm256_extracti128_si256(YO[l - 1], 1) : _mm_setzero_si128();
            O[l] = _mm_xor_si128(olo, ohi);
        }
    }
    FN(vcombine)(C, E, O);
}
