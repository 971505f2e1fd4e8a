/*
 * fixed_base.h -- TEMPLATE (after point.h): constant-time fixed-base scalar
 * multiplication k * G with a precomputed table (key generation, signing).
 *
 * Method: regular signed fixed window, w = 4 (Joye-Tunstall 2009 recoding;
 * the "regular" idea also used by Oliveira et al. for tau-NAF).  An odd
 * k < 2^L is written k = sum_{i<W} d_i 16^i with every d_i odd in [-15, 15]
 * (so never zero: no data-dependent "skip"), W = floor(L/4) + 1.  The table
 * holds (2j+1) 16^i G for j = 0..7, so
 *     kG = sum_i sign(d_i) T[i][(|d_i|-1)/2]
 * costs W - 1 mixed additions and no doubling.  Each T[i][.] is read by a
 * masked scan of all 8 entries (no secret memory index); the sign is a
 * masked negation -(x, y) = (x, x + y).  Even k is handled as
 * kG = -((n - k) G) with n - k odd, chosen by mask.
 *
 * Additions use Lopez-Dahab projective coordinates (x = X/Z, y = Y/Z^2) and
 * mixed addition with an affine point (HMV Alg. 3.25, here for any a):
 *   A = y2 Z1^2 + Y1, B = x2 Z1 + X1, C = Z1 B, D = B^2 (C + a Z1^2),
 *   Z3 = C^2, E = A C, X3 = A^2 + D + E, F = X3 + x2 Z3,
 *   G = (x2 + y2) Z3^2, Y3 = (E + Z3) F + G.
 * It fails when Q = +-T (B = 0).  That cannot happen for most steps, but
 * it can for the last ones, so the step is made complete by masks: doubling
 * of the affine T is cheap (LD doubling, HMV Alg. 3.24, with Z = 1:
 * Z3 = x^2, X3 = x^4 + b, Y3 = b Z3 + X3 (a Z3 + y^2 + b)), and the point at
 * infinity is a mask flag.
 */

/* Build the table (public data, variable time allowed).  Returns ECEDU_OK
 * or ECEDU_ERR_INTERNAL (allocation failure, or an impossible exceptional
 * case). */
static int FN(fb_precompute)(const ecedu_curve *c, ecedu_fb_table *tab) {
    int W = c->nbits / 4 + 1;
    uint64_t *data = (uint64_t *)calloc((size_t)W * 8 * 2 * GF_NW, sizeof(uint64_t));
    if (!data) return ECEDU_ERR_INTERNAL;
    uint64_t bx[GF_NW], by[GF_NW], dx[GF_NW], dy[GF_NW];
    FN(copy)(bx, c->gx);
    FN(copy)(by, c->gy);
    for (int i = 0; i < W; i++) {
        uint64_t *e = data + (size_t)i * 8 * 2 * GF_NW;
        FN(copy)(e, bx);
        FN(copy)(e + GF_NW, by);
        if (FN(aff_dbl)(c, dx, dy, bx, by)) goto fail;
        for (int j = 1; j < 8; j++) {
            uint64_t *p = e + (size_t)(j - 1) * 2 * GF_NW, *q = e + (size_t)j * 2 * GF_NW;
            if (FN(aff_add)(c, q, q + GF_NW, p, p + GF_NW, dx, dy)) goto fail;
        }
        for (int j = 0; j < 4; j++)
            if (FN(aff_dbl)(c, bx, by, bx, by)) goto fail;
    }
    tab->windows = W;
    tab->data = data;
    return ECEDU_OK;
fail:
    free(data);
    return ECEDU_ERR_INTERNAL;
}

/* (x, y) = sign(d) * T[i][(|d|-1)/2] for odd d in [-15, 15], constant time. */
static void FN(fb_lookup)(const ecedu_fb_table *tab, int i, int d, uint64_t *x, uint64_t *y) {
    const uint64_t *e = tab->data + (size_t)i * 8 * 2 * GF_NW;
    uint64_t sgn = (uint64_t)(int64_t)(d >> 31); /* all-ones if d < 0 */
    uint64_t ad = ((uint64_t)(int64_t)d ^ sgn) - sgn;
    uint64_t idx = ad >> 1;
    for (int w = 0; w < GF_NW; w++) x[w] = y[w] = 0;
    for (uint64_t j = 0; j < 8; j++) {
        uint64_t m = ecedu_ct_is_zero_u64(j ^ idx);
        for (int w = 0; w < GF_NW; w++) {
            x[w] |= m & e[j * 2 * GF_NW + w];
            y[w] |= m & e[j * 2 * GF_NW + GF_NW + w];
        }
    }
    for (int w = 0; w < GF_NW; w++) y[w] ^= sgn & x[w];
}

/* Multiply by the curve constant a (public): free when a is 0 or 1. */
static inline void FN(mul_a)(const ecedu_curve *c, uint64_t *r, const uint64_t *v) {
    if (c->a_is_01) {
        uint64_t m = 0 - (c->a[0] & 1);
        for (int w = 0; w < GF_NW; w++) r[w] = v[w] & m;
    } else {
        FN(mul)(r, v, c->a);
    }
}

static inline void FN(mul_b)(const ecedu_curve *c, uint64_t *r, const uint64_t *v) {
    if (c->b_is_one)
        FN(copy)(r, v);
    else
        FN(mul)(r, v, c->b);
}

/*
 * (ox, oy) = k G.  Contract: tab was built by FN(fb_precompute) for c; k has
 * ECEDU_MAXW + 1 words and value in [1, n-1] (not checked here).  Constant
 * time in k.  Returns ECEDU_OK.
 */
static int FN(fixed_base)(const ecedu_curve *c, const ecedu_fb_table *tab, const uint64_t *k,
                          uint64_t *ox, uint64_t *oy) {
    enum { KW = GF_NW + 1 };
    const int W = tab->windows;
    uint64_t kk[KW], nk[KW], borrow = 0;
    int8_t dig[(ECEDU_MAXW * 64) / 4 + 2];

    /* kk = k if k is odd, else n - k (odd, as n is odd); remember to negate. */
    for (int i = 0; i < KW; i++) {
        unsigned __int128 dlt = (unsigned __int128)c->n[i] - k[i] - borrow;
        nk[i] = (uint64_t)dlt;
        borrow = (uint64_t)(dlt >> 64) & 1;
        kk[i] = k[i];
    }
    uint64_t neg = (k[0] & 1) - 1; /* all-ones if k even */
    ecedu_ct_select(kk, nk, neg, KW);

    /* Regular recoding: d = (kk mod 32) - 16, kk = (kk - d) / 16. */
    for (int i = 0; i < W - 1; i++) {
        int64_t d = (int64_t)(kk[0] & 31) - 16;
        uint64_t sub = (uint64_t)d, ext = (uint64_t)(d >> 63), br = 0;
        for (int j = 0; j < KW; j++) { /* kk -= d (two's complement) */
            uint64_t sj = j ? ext : sub;
            unsigned __int128 dlt = (unsigned __int128)kk[j] - sj - br;
            kk[j] = (uint64_t)dlt;
            br = (uint64_t)(dlt >> 64) & 1;
        }
        for (int j = 0; j < KW; j++) kk[j] = (kk[j] >> 4) | (j + 1 < KW ? kk[j + 1] << 60 : 0);
        dig[i] = (int8_t)d;
    }
    dig[W - 1] = (int8_t)kk[0]; /* odd, in [1, 15] */

    uint64_t X[GF_NW], Y[GF_NW], Z[GF_NW], tx[GF_NW], ty[GF_NW];
    uint64_t A[GF_NW], B[GF_NW], C[GF_NW], D[GF_NW], E[GF_NW], F[GF_NW], G[GF_NW];
    uint64_t z2[GF_NW], t[GF_NW], inf = 0;
    FN(fb_lookup)(tab, 0, dig[0], X, Y);
    for (int w = 0; w < GF_NW; w++) Z[w] = 0;
    Z[0] = 1;

    for (int i = 1; i < W; i++) {
        FN(fb_lookup)(tab, i, dig[i], tx, ty);
        /* mixed addition Q + T */
        FN(sqr)(z2, Z);
        FN(mul)(A, ty, z2);
        FN(add)(A, A, Y);
        FN(mul)(B, tx, Z);
        FN(add)(B, B, X);
        FN(mul)(C, Z, B);
        FN(mul_a)(c, t, z2);
        FN(add)(t, t, C);
        FN(sqr)(D, B);
        FN(mul)(D, D, t);
        uint64_t nz[GF_NW], nx[GF_NW], ny[GF_NW];
        FN(sqr)(nz, C);
        FN(mul)(E, A, C);
        FN(sqr)(nx, A);
        FN(add)(nx, nx, D);
        FN(add)(nx, nx, E);
        FN(mul)(F, tx, nz);
        FN(add)(F, F, nx);
        FN(add)(t, tx, ty);
        FN(sqr)(G, nz);
        FN(mul)(G, G, t);
        FN(add)(t, E, nz);
        FN(mul)(ny, t, F);
        FN(add)(ny, ny, G);
        /* doubling of the affine T: (dx, dy, dz) */
        uint64_t dz[GF_NW], dx[GF_NW], dy[GF_NW];
        FN(sqr)(dz, tx);
        FN(sqr)(dx, dz);
        FN(add)(dx, dx, c->b);
        FN(mul_a)(c, t, dz);
        FN(sqr)(E, ty);
        FN(add)(t, t, E);
        FN(add)(t, t, c->b);
        FN(mul)(dy, dx, t);
        FN(mul_b)(c, t, dz);
        FN(add)(dy, dy, t);
        /* choose: inf -> T; Q = T -> 2T; Q = -T -> infinity; else Q + T */
        uint64_t b0 = ecedu_ct_is_zero(B, GF_NW), a0 = ecedu_ct_is_zero(A, GF_NW);
        uint64_t use_t = inf, use_d = ~inf & b0 & a0, new_inf = ~inf & b0 & ~a0;
        uint64_t one[GF_NW] = {1};
        ecedu_ct_select(nx, dx, use_d, GF_NW);
        ecedu_ct_select(ny, dy, use_d, GF_NW);
        ecedu_ct_select(nz, dz, use_d, GF_NW);
        ecedu_ct_select(nx, tx, use_t, GF_NW);
        ecedu_ct_select(ny, ty, use_t, GF_NW);
        ecedu_ct_select(nz, one, use_t, GF_NW);
        FN(copy)(X, nx);
        FN(copy)(Y, ny);
        FN(copy)(Z, nz);
        inf = new_inf;
    }
    /* back to affine: x = X/Z, y = Y/Z^2; then the sign */
    FN(inv)(t, Z);
    FN(mul)(ox, X, t);
    FN(sqr)(t, t);
    FN(mul)(oy, Y, t);
    for (int w = 0; w < GF_NW; w++) oy[w] ^= neg & ox[w];
    return ECEDU_OK;
}
