/*
 * trace.tmpl.h -- TEMPLATE (field/gf2m): square root, trace and half-trace
 * in GF(2^m) (HMV 3.6.2: solving z^2 + z = c for point decompression), and
 * the out-of-line wrappers for the function table.  Part of the field
 * template, see field.tmpl.h.
 */

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

/* The same for a PUBLIC a (the checks and the decompression of a peer's point,
 * point.tmpl.h), in variable time: a cut into 4-bit pieces v_j, and H(a) the sum
 * of ht_nib[j][v_j], each the sum of H(z^i) over the set bits of its piece
 * (FN(nib_apply_vartime), inversion.tmpl.h): ceil(m/4) look-ups and
 * additions in place of FN(linear_ct)'s m masked ones.  The address depends on a,
 * so it must never see a secret.  The table (m/4 x 16 elements: 30 KB at m = 233,
 * 161 KB at m = 571) is built once, from ht_table, the first time it is needed;
 * if memory runs out this falls back to FN(half_trace). */
static uint64_t (*FN(ht_nib))[16][GF_NW];
static pthread_once_t FN(ht_nib_once) = PTHREAD_ONCE_INIT;

static void FN(ht_nib_init)(void) {
    pthread_once(&FN(ht_once), FN(ht_init));
    uint64_t (*T)[16][GF_NW] = ecedu_zalloc64(GF_NIB * sizeof *T);
    if (!T) return;
    for (int j = 0; j < GF_NIB; j++)
        for (int t = 0; t < 4; t++) {
            const int i = 4 * j + t, v0 = 1 << t;
            uint64_t col[GF_NW] = {0}; /* H(z^i), or 0 past the top bit */
            if (i < GF_M)
                for (int w = 0; w < GF_NW; w++) col[w] = FN(ht_table)[i >> 3][w][i & 7];
            for (int v = v0; v < 2 * v0; v++) FN(add)(T[j][v], T[j][v - v0], col);
        }
    FN(ht_nib) = T;
}

static void FN(half_trace_vartime)(uint64_t *r, const uint64_t *a) {
    pthread_once(&FN(ht_nib_once), FN(ht_nib_init));
    if (!FN(ht_nib)) {
        FN(half_trace)(r, a);
        return;
    }
    FN(nib_apply_vartime)(r, a, (const uint64_t (*)[16][GF_NW])FN(ht_nib));
}

/* Trace Tr(c) = sum_{i<m} c^(2^i) in {0,1}.  The trace is linear, so
 * Tr(c) = parity(c AND tmask) where bit i of tmask is Tr(z^i).
 *
 * Tr(z^i) needs no squaring at all.  The conjugates z^(2^j), j < m, are the m
 * roots of f, so Tr(z^i) is the power sum s_i of the roots, and Newton's
 * identities give the power sums from the coefficients of
 * f(x) = x^m + f_(m-1) x^(m-1) + ... + f_0 (Lidl-Niederreiter, "Finite
 * Fields", Thm 1.75; the signs vanish in characteristic 2):
 *     s_0 = m mod 2,
 *     s_i = f_(m-1) s_(i-1) + ... + f_(m-i+1) s_1 + i f_(m-i)   (1 <= i < m).
 * f_(m-j) = 1 only for m - j a low term r of f (GF_RED_TERMS), so the sum has
 * at most GF_NRED - 1 terms, s_(i-(m-r)) for m - r < i, and i f_(m-i) is 1 only
 * for i odd with m - i a term.  Example, m = 163 (f = z^163 + z^7 + z^6 + z^3
 * + 1): s_i = 0 up to i = 156, s_157 = 157 f_6 = 1, the rest 0, so
 * tmask = {0, 157}.  About m GF_NRED steps on public constants (the
 * definition took m (m - 1) squarings per field and level: 50 ms of every
 * library load); FN(trace_masks) fills tmask once, at load (cpu.c), so that
 * later calls only read it (thread safety). */
static uint64_t FN(tmask)[GF_NW];
static int FN(tmask_ready);

static void FN(trace_masks)(void) {
    uint8_t s[GF_M];
    for (int j = 0; j < GF_NW; j++) FN(tmask)[j] = 0;
    s[0] = GF_M & 1;
    for (int i = 1; i < GF_M; i++) {
        uint8_t si = 0;
        for (int t = 0; t < GF_NRED; t++) {
            const int j = GF_M - FN(red_terms)[t]; /* f_(m-j) = 1 */
            if (j < i) si ^= s[i - j];
            if (j == i) si ^= (uint8_t)(i & 1);
        }
        s[i] = si;
    }
    for (int i = 0; i < GF_M; i++)
        if (s[i]) FN(tmask)[i >> 6] |= 1ULL << (i & 63);
    FN(tmask_ready) = 1;
}

static int FN(trace)(const uint64_t *a) {
    if (!FN(tmask_ready)) FN(trace_masks)();
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
