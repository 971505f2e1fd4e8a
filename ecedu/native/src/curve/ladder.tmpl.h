/*
 * ladder.tmpl.h -- TEMPLATE (after field/gf2m/field.tmpl.h): constant-time variable-base
 * scalar multiplication, the Montgomery ladder in Lopez-Dahab x-only
 * projective coordinates with y-recovery.
 *
 * J. Lopez, R. Dahab, "Fast multiplication on elliptic curves over GF(2^m)
 * without precomputation", CHES 1999; HMV Algorithm 3.40.
 *
 * A point is kept as (X : Z) with x = X/Z; y is not tracked.  For two
 * points R0, R1 whose difference R1 - R0 = P = (x, y) is known:
 *   x-only addition  (R1 <- R0 + R1):
 *       T = X0 Z1, U = X1 Z0, Z = (T + U)^2, X = x Z + T U
 *   x-only doubling  (R0 <- 2 R0):
 *       Z = X0^2 Z0^2, X = X0^4 + b Z0^4
 * These need no special case: the point at infinity is (X : 0) with X != 0,
 * and the formulas give the right answer when R0 or R1 is infinity.
 */

/* The loop's products and squarings are the lazy forms (FN(mul_lazy), FN(sqr_lazy), the pairs
 * FN(mul2_lazy), FN(sqr2_lazy) on the AVX2 and AVX-512 levels, the sums with one reduction
 * FN(mul_add_lazy), FN(mul_add_sqr_lazy) below them; clmul128.tmpl.h): where the field has
 * GF_RED_FOLD2 (GF_LAZY_LADDER, field.tmpl.h) each stops after the two folds, below z^(64 NW) but
 * not normalised, and the four coordinates are normalised once, after the loop; elsewhere the
 * lazy forms are the reduced operations (portable.tmpl.h too). */

/*
 * (ox, oy) = k * (x, y).
 *
 * Contract: (x, y) has passed FN(validate) (order n, x != 0); k is an array
 * of ECEDU_MAXW + 1 words holding a value in [1, n-1] (this function does not
 * check it; out-of-range k gives k mod n, and k = 0 gives garbage).
 * Constant time in k: the loop always runs nbits(n) times, the branch of
 * each step is a masked swap, and the final inversion has a fixed chain.
 * Returns ECEDU_OK.
 */
static int FN(ladder)(const ecedu_curve *c, const uint64_t *k, const uint64_t *x,
                      const uint64_t *y, uint64_t *ox, uint64_t *oy) {
    enum { KW = GF_NW + 1 };
    const int L = c->nbits;
    uint64_t k1[KW], k2[KW], carry1 = 0, carry2 = 0;

    /* Fixed length (as in libsecp256k1 and OpenSSL's ec_scalar_mul_ladder):
     * replace k by k + n or k + 2n, whichever has exactly L+1 bits
     * (k + n < 2^L implies 2^L <= k + 2n < 2^(L+1)).  Same point, and the
     * top bit L is always 1, so the loop count does not depend on k. */
    for (int i = 0; i < KW; i++) {
        uint64_t ni = c->n[i];
        uint64_t n2i = (ni << 1) | (i ? c->n[i - 1] >> 63 : 0);
        unsigned __int128 s1 = (unsigned __int128)k[i] + ni + carry1;
        unsigned __int128 s2 = (unsigned __int128)k[i] + n2i + carry2;
        k1[i] = (uint64_t)s1;
        carry1 = (uint64_t)(s1 >> 64);
        k2[i] = (uint64_t)s2;
        carry2 = (uint64_t)(s2 >> 64);
    }
    uint64_t use1 = 0 - ((k1[L >> 6] >> (L & 63)) & 1);
    ecedu_ct_select(k2, k1, use1, KW); /* k2 = k-hat */

    /* R0 = P = (x : 1), R1 = 2P = (x^4 + b : x^2)   (top bit of k-hat) */
    uint64_t X0[GF_NW], Z0[GF_NW], X1[GF_NW], Z1[GF_NW];
    uint64_t t[GF_NW], u[GF_NW], s[GF_NW], q[GF_NW];
    FN(copy)(X0, x);
    for (int i = 0; i < GF_NW; i++) Z0[i] = 0;
    Z0[0] = 1;
    FN(sqr)(Z1, x);
    FN(sqr)(X1, Z1);
    FN(add)(X1, X1, c->b);

    uint64_t prev = 0;
    for (int i = L - 1; i >= 0; i--) {
        uint64_t bit = (k2[i >> 6] >> (i & 63)) & 1;
        uint64_t mask = 0 - (bit ^ prev);
        prev = bit;
        /* after the swap, always: R1 <- R0 + R1, R0 <- 2 R0 */
        FN(cswap)(X0, X1, mask);
        FN(cswap)(Z0, Z1, mask);
#if GF_PAIRS
        /* the same step, the products and squarings that do not wait for each other two at a
         * time (FN(mul2_lazy), FN(sqr2_lazy), above): T, U; X0^2, Z0^2; (T + U)^2, Z0^4;
         * X0^2 Z0^2, T U; x Z1, b Z0^4 */
        FN(mul2_lazy)(t, X0, Z1, u, X1, Z0);
        FN(sqr2_lazy)(s, X0, q, Z0);
        FN(add)(Z1, t, u);
        if (c->b_is_one) { /* public curve constant */
            FN(add)(X0, s, q);
            FN(sqr2_lazy)(Z1, Z1, X0, X0); /* Z1 = (T + U)^2, X0 = (X0^2 + Z0^2)^2 */
            FN(mul2_lazy)(Z0, s, q, X1, t, u);
            FN(mul_lazy)(t, x, Z1);
            FN(add)(X1, X1, t);
        } else {
            uint64_t z4[GF_NW];
            FN(sqr2_lazy)(Z1, Z1, z4, q);         /* (T + U)^2, Z0^4 */
            FN(mul2_lazy)(Z0, s, q, X1, t, u);    /* X0^2 Z0^2, T U */
            FN(sqr_lazy)(s, s);                   /* X0^4 */
            FN(mul2_lazy)(t, x, Z1, u, c->b, z4); /* x Z1, b Z0^4 */
            FN(add)(X1, X1, t);                  /* T U + x Z1 */
            FN(add)(X0, u, s);                   /* b Z0^4 + X0^4 */
        }
#else
        /* x-only addition into R1; x Z + T U with one reduction */
        FN(mul_lazy)(t, X0, Z1);
        FN(mul_lazy)(u, X1, Z0);
        FN(add)(Z1, t, u);
        FN(sqr_lazy)(Z1, Z1);
        FN(mul_add_lazy)(X1, t, u, x, Z1);
        /* x-only doubling of R0 */
        FN(sqr_lazy)(s, X0);
        FN(sqr_lazy)(q, Z0);
        FN(mul_lazy)(Z0, s, q);
        if (c->b_is_one) { /* public curve constant: X^4 + Z^4 = (X^2 + Z^2)^2 */
            FN(add)(s, s, q);
            FN(sqr_lazy)(X0, s);
        } else {           /* X^4 + b Z^4, one reduction.  (Tried: (X^2 + sqrt(b) Z^2)^2
                            * with sqrt(b) precomputed, one squaring fewer but a
                            * longer chain: measured 3% slower at m = 233, SSE4.1.
                            * Tried again, 6 December 2026, c-xs233's xsb233 form
                            * Z = (X Z)^2, X = (X + b^(1/4) Z)^4, also 2M + 3S: AMD EPYC
                            * Zen 4, ECDH min TSC ticks, two alternations, pclmul / avx:
                            * sect233r1 +1.3% / +3.0%, sect163r2 -2.5% / -2.7%, sect283r1
                            * -3.0% / -0.8%, sect409r1 -2.6% / -0.2%, sect571r1 -1.8% /
                            * -0.8%, sect193r1 -0.1% / -0.4%: about the noise of code
                            * placement, and slower on the curve c-xs233 sets beside
                            * ecedu.  Not taken.) */
            FN(sqr_lazy)(q, q);
            FN(mul_add_sqr_lazy)(X0, q, c->b, s);
        }
#endif
    }
#if GF_LAZY_LADDER /* reduced for the y-recovery (its zero test of Z1): a chain of no squarings */
    FN(sqr_n)(X0, X0, 0);
    FN(sqr_n)(Z0, Z0, 0);
    FN(sqr_n)(X1, X1, 0);
    FN(sqr_n)(Z1, Z1, 0);
#endif
    FN(cswap)(X0, X1, 0 - prev);
    FN(cswap)(Z0, Z1, 0 - prev);

    /* (Tried, 6 December 2026: for ECDH, which needs x only, x_k = X0 / Z0 by one inversion and one
     * product instead of the y-recovery's ten products.  AMD EPYC Zen 4, ECDH min TSC ticks, two
     * alternations: sect163r2, sect193r1, sect409r1 and, at avx512, sect283r1 1-3% faster, but
     * sect233r1 0.4% (avx) and 3% (avx512) slower and sect283r1 at avx 0.7% slower; with the
     * x-only tail out of line, sect233r1 +5% at avx and sect193r1 +23% at avx512: the loop's
     * placement moves by more than the products save.  Not kept.)
     * y-recovery (HMV Alg. 3.40 step 5), one inversion:
     *   x_k = X0/Z0
     *   y_k = (x + x_k) [(X0 + x Z0)(X1 + x Z1) + (x^2 + y) Z0 Z1] / (x Z0 Z1) + y
     * If Z1 = 0 then (k+1)P = infinity, i.e. kP = -P = (x, x + y): selected by
     * mask below (k = n - 1), not by a branch. */
    uint64_t zz[GF_NW], d[GF_NW], inv[GF_NW], xz1[GF_NW], A[GF_NW], xk[GF_NW], yk[GF_NW];
    FN(mul)(zz, Z0, Z1);
    FN(mul)(d, zz, x);
    FN(inv)(inv, d);
    FN(mul)(xz1, x, Z1);
    FN(mul)(t, x, Z0);
    FN(add)(t, t, X0);
    FN(add)(u, xz1, X1);
    FN(mul)(A, t, u);
    FN(sqr)(t, x);
    FN(add)(t, t, y);
    FN(mul)(t, t, zz);
    FN(add)(A, A, t);
    FN(mul)(xk, X0, xz1);
    FN(mul)(xk, xk, inv);
    FN(add)(t, x, xk);
    FN(mul)(t, t, A);
    FN(mul)(t, t, inv);
    FN(add)(yk, t, y);

    uint64_t at_minus_p = ecedu_ct_is_zero(Z1, GF_NW);
    FN(add)(t, x, y);
    ecedu_ct_select(xk, x, at_minus_p, GF_NW);
    ecedu_ct_select(yk, t, at_minus_p, GF_NW);
    FN(copy)(ox, xk);
    FN(copy)(oy, yk);
    return ECEDU_OK;
}
