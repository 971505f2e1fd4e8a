/*
 * fixed_base.tmpl.h -- TEMPLATE (after lambda.tmpl.h and tnaf.tmpl.h): constant-time fixed-base
 * scalar multiplication k * G with a precomputed table (key generation, signing).
 *
 * Method: regular signed fixed window, w = 4 (Joye-Tunstall 2009 recoding;
 * the "regular" idea also used by Oliveira et al. for tau-NAF).  An odd
 * k < 2^L is written k = sum_{i<W} d_i 16^i with every d_i odd in [-15, 15]
 * (so never zero: no data-dependent "skip"), W = floor(L/4) + 1.  The table
 * holds (2j+1) 16^i G for j = 0..7, so
 *     kG = sum_i sign(d_i) T[i][(|d_i|-1)/2]
 * costs W - 1 mixed additions and no doubling.  Each T[i][.] is read by a
 * masked scan of all 8 entries (no secret memory index); the sign is a
 * masked negation.  Even k is handled as kG = -((n - k) G) with n - k odd,
 * chosen by mask.
 *
 * The points are in lambda coordinates (lambda.tmpl.h): the table holds (x, lambda), lambda =
 * x + y/x, negated as (x, lambda + 1), and the sum runs in (X : L : Z) by FN(lam_madd), 8M + 2S
 * (FN(tau_lookup) of tnaf.tmpl.h reads the entries, as the tau-adic loop does).
 *
 * Which additions can meet an exceptional case (Q = +-T, Q = O).  Before window i the sum is
 * Q = A G, A = sum_{j<i} d_j 16^j, an odd integer (d_0 is odd) with |A| <= 15 (16^i - 1)/15 =
 * 16^i - 1; the entry is T = B G, B = d_i 16^i, 16^i <= |B| <= 15 16^i.  Q = O needs n | A,
 * and Q = +-T needs n | A -+ B, a non-zero integer (|A| < |B|) with |A -+ B| <= 16^(i+1) - 1.
 * So while 16^(i+1) <= n, i.e. 4 (i + 1) < bits(n) (n is not a power of two), neither can
 * happen, and the fast FN(lam_madd) is exact; the last one or two windows take the complete
 * FN(lam_madd_complete) (Q = T, Q = -T, Q = O by masks; k = 2 d 16^(W-1) mod n reaches Q = T
 * in the last one: tests/native/test_native_points.py).
 * It replaced Lopez-Dahab coordinates (ld.tmpl.h) with the complete mixed addition in every
 * window (8M + 5S, and the doubling of T computed beside it for the masks).  AMD EPYC Zen 4,
 * k G min TSC ticks (python -m ecedu speed ecdsa --cycles --curves binary, the two libraries
 * one after the other): AVX-512 sect163k1 8,736 -> 6,136, sect233k1 15,704 -> 9,568, sect233r1
 * 16,640 -> 9,594, sect283r1 23,686 -> 13,494, sect409r1 45,422 -> 28,288, sect571r1 89,492 ->
 * 55,796 (30-50% less, the most on sect193r1: 14,404 -> 7,280; c-xs233's xsk233_mulgen_frob, a
 * Frobenius comb, 9,000 and xsb233_mulgen 15,200 on this CPU); PCLMULQDQ sect163k1 11,544 ->
 * 8,606, sect233k1 17,550 -> 12,662, sect409r1 76,570 -> 52,104, sect571r1 155,948 -> 107,016
 * (25-39%).
 */

/* Build the table (public data, variable time allowed).  Returns ECEDU_OK
 * or ECEDU_ERR_INTERNAL (allocation failure, or an impossible exceptional
 * case). */
static int FN(fb_precompute)(const ecedu_curve *c, ecedu_fb_table *tab) {
    int W = c->nbits / 4 + 1;
    uint64_t *data = (uint64_t *)ecedu_zalloc64((size_t)W * 8 * 2 * GF_NW * sizeof(uint64_t));
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
        /* (x, y) -> (x, lambda = x + y/x); x != 0 in the subgroup of odd order n */
        for (int j = 0; j < 8; j++) {
            uint64_t *p = e + (size_t)j * 2 * GF_NW, xi[GF_NW];
            if (ecedu_ct_is_zero(p, GF_NW)) goto fail;
            FN(inv_vartime)(xi, p);
            FN(mul)(xi, xi, p + GF_NW);
            FN(add)(p + GF_NW, xi, p);
        }
    }
    tab->windows = W;
    tab->data = data;
    return ECEDU_OK;
fail:
    free(data);
    return ECEDU_ERR_INTERNAL;
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

    const uint64_t(*T)[2][GF_NW] = (const uint64_t(*)[2][GF_NW])tab->data;
    uint64_t X[GF_NW], L[GF_NW], Z[GF_NW] = {1}, t[2][GF_NW], inf = 0;
    FN(tau_lookup)(T, 8, dig[0], t);
    FN(copy)(X, t[0]);
    FN(copy)(L, t[1]);
    for (int i = 1; i < W; i++) {
        FN(tau_lookup)(T + (size_t)i * 8, 8, dig[i], t);
        if (4 * (i + 1) < c->nbits) { /* public: the position; fast while 16^(i+1) <= n (above) */
            uint64_t A[GF_NW], B[GF_NW];
            FN(lam_madd)(X, L, Z, t[0], t[1], A, B);
        } else {
            FN(lam_madd_complete)(c, X, L, Z, &inf, t[0], t[1]);
        }
    }
    /* back to affine (x, y); then the sign: -(x, y) = (x, x + y) */
    FN(lam_to_affine)(ox, oy, X, L, Z);
    for (int w = 0; w < GF_NW; w++) oy[w] ^= neg & ox[w];
    ecedu_wipe(dig, sizeof dig);
    ecedu_wipe(kk, sizeof kk);
    ecedu_wipe(nk, sizeof nk);
    ecedu_wipe(t, sizeof t);
    return ECEDU_OK;
}
