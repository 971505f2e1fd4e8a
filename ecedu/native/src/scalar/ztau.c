/*
 * ztau.c -- partial reduction of a secret scalar modulo delta in Z[tau], in
 * constant time (see ztau.h for the notation and the helpers).
 */
#include "scalar/ztau.h"

/* ------------------------------------------------------------------------
 * Partial reduction (Solinas 2000; GECC Alg. 3.62-3.65).
 *
 * delta = (tau^m - 1)/(tau - 1) = d0 + d1 tau satisfies delta P = O for every
 * P in the subgroup of order n, and N(delta) = n.  So k may be replaced by
 *     rho = k - q delta,   q = round(k / delta) in Z[tau],
 * which has norm at most 4/7 n (about m bits, half in each of r0, r1) and
 * thus a tau-adic expansion about m digits long instead of 2m.
 *
 * k / delta = k conj(delta) / n = lambda0 + lambda1 tau with
 * lambda_i = k s_i / n, s0 = d0 + mu d1, s1 = -d1.  We compute lambda_i in
 * fixed point with F = 64 * frac_words fraction bits, from the precomputed
 * M_i = round(|s_i| 2^F / n):  lambda_i 2^F ~ +-k M_i, off by less than
 * k/2 < 2^(m-1) in units of 2^-F, i.e. below 2^-64.  The rounding to the
 * lattice Z[tau] (GECC Alg. 3.63) then needs only the integer part f_i and
 * a 64-bit fraction eta_i in [-1/2, 1/2); its comparisons become masks.
 * A rare misrounding near a boundary only makes rho slightly longer (it is
 * still = k mod delta); the digit count of the recoding allows for it.
 * ------------------------------------------------------------------------ */

/* lambda = (neg ? -1 : 1) * k * M / 2^(64 F):  integer part floor(lambda)
 * into I (tw words) and the next 64 bits below the point into *frac. */
static void fixed_lambda(const uint64_t *k, int kw, const uint64_t *M, int mw, int neg, int F,
                         uint64_t *I, int tw, uint64_t *frac) {
    uint64_t p[3 * ECEDU_TW] = {0};
    const int pw = kw + mw + 1; /* product words + a sign word (> F: F = nw + 1, see gen_curves) */
    for (int i = 0; i < kw; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < mw; j++) {
            unsigned __int128 t = (unsigned __int128)k[i] * M[j] + p[i + j] + carry;
            p[i + j] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
        p[i + mw] = carry;
    }
    if (neg) zt_neg(p, pw); /* public: the sign of s_i */
    *frac = p[F - 1];
    uint64_t sign = (uint64_t)((int64_t)p[pw - 1] >> 63);
    for (int i = 0; i < tw; i++) I[i] = F + i < pw ? p[F + i] : sign;
}

/* Words of the public constant v (at most n words), without leading zero words. */
static int words_of(const uint64_t *v, int n) {
    while (n > 1 && !v[n - 1]) n--;
    return n;
}

/*
 * (r0, r1) = k partmod delta, then + delta if r0 is even, so that r0 is odd
 * (d0 is odd because N(delta) = n is odd), as the regular recoding needs.
 * Contract: k has nw + 1 words, 0 < k < n; r0, r1 get rw words (signed;
 * rw * 64 >= m/2 + 8 holds for rw = nw/2 + 2).  Constant time in k.
 */
void ecedu_tau_partmod(const ecedu_tau_consts *tc, int nw, const uint64_t *k, uint64_t *r0,
                       uint64_t *r1, int rw) {
    enum { T = ECEDU_TW };
    const int tw = nw + 2, kw = nw, F = tc->frac_words; /* k < n fits nw words */
    uint64_t f0[T], f1[T], e0w, e1w;
    fixed_lambda(k, kw, tc->m0, words_of(tc->m0, nw + 1), tc->m0_neg, F, f0, tw, &e0w);
    fixed_lambda(k, kw, tc->m1, words_of(tc->m1, nw + 1), tc->m1_neg, F, f1, tw, &e1w);

    /* Round each coordinate to nearest, floor(lambda + 1/2): the fraction
     * e in [0, 1) becomes eta = e or e - 1, i.e. e read as a signed 64-bit
     * number, in units of 2^-64; f gets +1 when e >= 1/2. */
    uint64_t one[T];
    zt_from_i64(one, tw, (int64_t)(e0w >> 63));
    zt_add(f0, f0, one, tw);
    zt_from_i64(one, tw, (int64_t)(e1w >> 63));
    zt_add(f1, f1, one, tw);
    const __int128 ONE = (__int128)1 << 64, mu = tc->mu;
    const __int128 e0 = (int64_t)e0w, e1 = (int64_t)e1w;

    /* GECC Alg. 3.63 steps 3-5, with masks for the tests. */
    const __int128 eta = 2 * e0 + mu * e1, g = e0 - 3 * mu * e1, hq = e0 + 4 * mu * e1;
    const uint64_t A = ~lt0(eta - ONE);      /* eta >= 1          */
    const uint64_t B = lt0(g + ONE);         /* e0 - 3 mu e1 < -1  */
    const uint64_t C = ~lt0(hq - 2 * ONE);   /* e0 + 4 mu e1 >= 2  */
    const uint64_t D = lt0(eta + ONE);       /* eta < -1          */
    const uint64_t E = ~lt0(g - ONE);        /* e0 - 3 mu e1 >= 1  */
    const uint64_t G = lt0(hq + 2 * ONE);    /* e0 + 4 mu e1 < -2  */
    int64_t h0 = 0, h1 = 0;
    uint64_t s;
    s = (A & B) | (~A & C);                  /* step 4: h1 = mu or h0 = 1 */
    h1 = (int64_t)(((uint64_t)h1 & ~s) | ((uint64_t)(int64_t)tc->mu & s));
    s = A & ~B;
    h0 = (int64_t)(((uint64_t)h0 & ~s) | ((uint64_t)1 & s));
    s = (D & E) | (~D & G);                  /* step 5: h1 = -mu or h0 = -1 */
    h1 = (int64_t)(((uint64_t)h1 & ~s) | ((uint64_t)(int64_t)(-tc->mu) & s));
    s = D & ~E;
    h0 = (int64_t)(((uint64_t)h0 & ~s) | (UINT64_MAX & s));
    zt_from_i64(one, tw, h0);
    zt_add(f0, f0, one, tw); /* q0 */
    zt_from_i64(one, tw, h1);
    zt_add(f1, f1, one, tw); /* q1 */

    /* rho = k - q delta,  q delta = (q0 d0 - 2 q1 d1) + (q0 d1 + q1 d0 + mu q1 d1) tau.
     * rho fits rw words, so all of this is computed modulo 2^(64 rw): the
     * products need only their low rw words. */
    uint64_t a[T], b[T], t[T], kk[T];
    for (int i = 0; i < rw; i++) kk[i] = i < kw ? k[i] : 0;
    zt_mul_lo(a, f0, tc->d0, rw);
    zt_mul_lo(t, f1, tc->d1, rw);
    zt_sub(a, a, t, rw);
    zt_sub(a, a, t, rw);
    zt_sub(r0, kk, a, rw);                  /* r0 = k - (q0 d0 - 2 q1 d1) */
    zt_mul_lo(b, f0, tc->d1, rw);
    zt_mul_lo(kk, f1, tc->d0, rw);
    zt_add(b, b, kk, rw);
    if (tc->mu > 0) zt_add(b, b, t, rw); else zt_sub(b, b, t, rw);
    zt_neg(b, rw);                          /* r1 = -(q0 d1 + q1 d0 + mu q1 d1) */

    /* make r0 odd: + delta under a mask */
    uint64_t even = (r0[0] & 1) - 1;
    for (int i = 0; i < rw; i++) {
        f0[i] = tc->d0[i] & even;
        f1[i] = tc->d1[i] & even;
    }
    zt_add(r0, r0, f0, rw);
    zt_add(r1, b, f1, rw);
}

