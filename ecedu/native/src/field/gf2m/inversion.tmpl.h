/*
 * inversion.tmpl.h -- TEMPLATE (field/gf2m): inversion in GF(2^m), constant
 * time (FN(inv)) and for public values (FN(inv_vartime)), both by
 * Itoh-Tsujii with the long runs of squarings as GF(2)-linear maps.  Part of
 * the field template, see field.tmpl.h.
 */

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
 *   - public inputs only (FN(inv_vartime)): cut a into 4-bit pieces,
 *     a = sum_j v_j(z) z^(4j), and look up T_k[j][v_j] = sum of the c_i of
 *     the bits of v_j: ceil(m/4) look-ups and XORs.  The look-up address
 *     depends on a, so this is NOT constant time: it serves public data
 *     only (the table of multiples of the peer's point in tnaf.tmpl.h, SEC 1
 *     decompression in point.tmpl.h, the fixed-base table of G in
 *     fixed_base.tmpl.h, and ops.c's test operation).
 * --------------------------------------------------------------------- */
#define GF_NIB ((GF_M + 3) / 4) /* 4-bit pieces of an element */
#define GF_NG ((GF_M + 7) / 8)  /* 8-bit pieces of an element */
/* An m x m matrix over GF(2) by its columns c_i = M z^i, stored so that
 * word j of the eight columns 8g ... 8g+7 lie side by side (one 512-bit
 * register for FN(linear_ct)): word j of c_i is M[i / 8][j][i % 8]. */
typedef uint64_t FN(matrix)[GF_NG][GF_NW][8] __attribute__((aligned(64)));

static void FN(matrix_set)(FN(matrix) M, int i, const uint64_t *c) {
    for (int j = 0; j < GF_NW; j++) M[i >> 3][j][i & 7] = c[j];
}

/* Which runs use a table: FN(inv) takes the matrix for runs of at least
 * GF_MSQ_CT_MIN squarings; a table is built for every run of at least
 * GF_MSQ_TABLE_MIN, the smaller of GF_MSQ_CT_MIN and GF_MSQ_MIN, and
 * FN(inv_vartime) takes the look-ups of every table there is (break-even
 * points measured per field and instance; gf2m_<m>.c may set the first).
 * Measured, FN(inv) with the matrices against squaring only: AVX-512
 * 1.7-3x faster, SSE 1.5-2.5x, portable 1.3-1.5x.  GF_MSQ_MIN 6 or 12 (look-ups for the shorter runs of the
 * tau-adic table's inversion too) measured no faster on an AMD EPYC Zen 3
 * (AVX2, ECDH min TSC ticks, six pairs): sect163k1 to sect283k1 within 1%,
 * sect409k1 +1% and +3%, sect571k1 +0.4% and +2% (more tables, more cache).
 * Nor fewer look-ups (AVX2, where GF_MSQ_CT_MIN is 12 for m = 163 to 239;
 * the same machine, eight pairs, median of the paired ratios): in
 * FN(inv_vartime) only for runs of at least 24, the run of 14 squared,
 * sect163k1 +0.9%, sect233k1 +0.4%, sect239k1 and sect193r1 unchanged; of
 * at least 48, sect163k1 +7.6%, sect233k1 +1.6%, sect239k1, sect283k1 and
 * sect409k1 +1%.  FN(inv) for public values too, as at AVX-512 below:
 * sect163k1 -2.0%, sect233k1 -0.3% with its minimum up (20.97k -> 21.19k),
 * sect239k1, sect193r1 and sect233r1 within 0.2%: not taken for one
 * curve's 2%. */
#define GF_MSQ_MIN 24
/* The field file may set GF_MSQ_AVX512_MIN, GF_MSQ_AVX2_MIN and
 * GF_MSQ_SSE_MIN (the AVX2 level takes the SSE one when it sets no AVX2
 * one); 24 otherwise. */
#if GF_PCLMUL == 3 && defined(GF_MSQ_AVX512_MIN)
#define GF_MSQ_CT_MIN GF_MSQ_AVX512_MIN
#elif GF_PCLMUL == 2 && defined(GF_MSQ_AVX2_MIN)
#define GF_MSQ_CT_MIN GF_MSQ_AVX2_MIN
#elif (GF_PCLMUL == 1 || GF_PCLMUL == 2) && defined(GF_MSQ_SSE_MIN)
#define GF_MSQ_CT_MIN GF_MSQ_SSE_MIN
#else
#define GF_MSQ_CT_MIN 24
#endif
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
        if (k >= GF_MSQ_TABLE_MIN && (FN(msq_tab)[i] = ecedu_zalloc64(sizeof(FN(msq_table)))))
            FN(msq_build)(FN(msq_tab)[i], k);
        k = 2 * k + ((e >> i) & 1);
    }
}

/* r = M a for a GF(2)-linear map M given by its 4-bit look-up table nib (nib[j][v] = the sum
 * of the columns of M at the set bits of v z^(4j)): a public, the address depends on it.  Used
 * by FN(msq_apply_vartime) and FN(half_trace_vartime) (trace.tmpl.h). */
static void FN(nib_apply_vartime)(uint64_t *r, const uint64_t *a, const uint64_t (*nib)[16][GF_NW]) {
    uint64_t acc[GF_NW] = {0};
    for (int j = 0; j < GF_NIB; j++) FN(add)(acc, acc, nib[j][(a[j >> 4] >> (4 * (j & 15))) & 15]);
    FN(copy)(r, acc);
}

/* r = a^(2^k) by the table T (a public: the address depends on a). */
static void FN(msq_apply_vartime)(uint64_t *r, const uint64_t *a, const FN(msq_table) *T) {
    FN(nib_apply_vartime)(r, a, (const uint64_t (*)[16][GF_NW])T->nib);
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
 *   - AVX2: four columns at a time, the four bits moved to the sign of four
 *     lanes by one variable shift (VPSLLVQ) of the broadcast word and spread
 *     over the lane by a signed compare with zero (VPCMPGTQ).  The word is
 *     broadcast once and shifted down a byte per group of eight columns,
 *     instead of a byte broadcast from a general register, an AND and a
 *     VPCMPEQQ per four columns.  AMD EPYC Zen 4, FN(inv) min TSC ticks
 *     (`python -m ecedu speed field --cycles`, forced to AVX2), two
 *     alternations: m = 163 778 -> 749, 193 890 -> 840, 233 1084 -> 1036,
 *     239 1142 -> 1103, from m = 283 on unchanged.  (A VBLENDVPD reading the
 *     sign, in place of the compare and the AND, measured the same.)
 *   - SSE4.1: two columns at a time, the bits of a broadcast byte turned
 *     into lanes of all-ones/zero by an AND and a compare (PCMPEQQ).
 *   - Portable: bit by bit, into four accumulators so that the XORs are
 *     not one chain. */
static void FN(linear_ct)(uint64_t *r, const uint64_t *a, const FN(matrix) M) {
#if GF_PCLMUL == 3
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
#elif GF_PCLMUL == 2
    /* lane t of sel_lo (sel_hi) shifts bit t (4 + t) of a byte up to bit 63, the sign, which a
     * signed compare with zero spreads over the lane */
    const __m256i sel_lo = _mm256_set_epi64x(60, 61, 62, 63), sel_hi = _mm256_set_epi64x(56, 57, 58, 59);
    const __m256i zero = _mm256_setzero_si256();
    __m256i acc[GF_NW];
    for (int j = 0; j < GF_NW; j++) acc[j] = _mm256_setzero_si256();
    for (int q = 0; q < GF_NW; q++) {
        __m256i word = _mm256_set1_epi64x((long long)a[q]); /* its byte g % 8 in bits 0..7 below */
        for (int g = 8 * q; g < 8 * q + 8 && g < GF_NG; g++) {
            const __m256i m0 = _mm256_cmpgt_epi64(zero, _mm256_sllv_epi64(word, sel_lo));
            const __m256i m1 = _mm256_cmpgt_epi64(zero, _mm256_sllv_epi64(word, sel_hi));
            for (int j = 0; j < GF_NW; j++) {
                acc[j] = _mm256_xor_si256(acc[j], _mm256_and_si256(m0, _mm256_loadu_si256((const __m256i *)&M[g][j][0])));
                acc[j] = _mm256_xor_si256(acc[j], _mm256_and_si256(m1, _mm256_loadu_si256((const __m256i *)&M[g][j][4])));
            }
            word = _mm256_srli_epi64(word, 8);
        }
    }
    for (int j = 0; j < GF_NW; j++) {
        const __m128i q = _mm_xor_si128(_mm256_castsi256_si128(acc[j]), _mm256_extracti128_si256(acc[j], 1));
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
 * inv_vartime(0) = 0. */
static void FN(inv_vartime)(uint64_t *r, const uint64_t *a) {
#if GF_PCLMUL == 3 && GF_M < 256
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
            FN(msq_apply_vartime)(t, beta, FN(msq_tab)[i]);
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
