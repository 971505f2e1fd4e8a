/*
 * fixed_base.tmpl.h -- TEMPLATE (after point.tmpl.h): constant-time fixed-base scalar
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
 * Additions use Lopez-Dahab coordinates and the complete mixed addition of
 * ld.tmpl.h (Q = +-T can happen in the last steps; masks handle it).
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

/* (x, y) = sign(d) * T[i][(|d|-1)/2] for odd d in [-15, 15], constant time;
 * xy holds x then y.  -(x, y) = (x, x + y). */
static void FN(fb_lookup)(const ecedu_fb_table *tab, int i, int d, uint64_t (*xy)[GF_NW]) {
    const uint64_t *e = tab->data + (size_t)i * 8 * 2 * GF_NW;
    uint64_t sgn = (uint64_t)(int64_t)(d >> 31); /* all-ones if d < 0 */
    uint64_t idx = (((uint64_t)(int64_t)d ^ sgn) - sgn) >> 1;
    ecedu_ct_lookup(xy[0], e, 8, 2 * GF_NW, idx);
    for (int w = 0; w < GF_NW; w++) xy[1][w] ^= sgn & xy[0][w];
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

    uint64_t Q[2][GF_NW], Z[GF_NW], t[2][GF_NW], inf = 0; /* Q: X then Y */
    FN(fb_lookup)(tab, 0, dig[0], Q);
    for (int w = 0; w < GF_NW; w++) Z[w] = 0;
    Z[0] = 1;
    for (int i = 1; i < W; i++) {
        FN(fb_lookup)(tab, i, dig[i], t);
        FN(ld_madd_complete)(c, Q[0], Q[1], Z, &inf, t[0], t[1]);
    }
    /* back to affine: x = X/Z, y = Y/Z^2; then the sign */
    FN(ld_to_affine)(ox, oy, Q[0], Q[1], Z);
    for (int w = 0; w < GF_NW; w++) oy[w] ^= neg & ox[w];
    return ECEDU_OK;
}
