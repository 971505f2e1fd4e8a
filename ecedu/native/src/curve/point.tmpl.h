/*
 * point.tmpl.h -- TEMPLATE (after field/gf2m/field.tmpl.h): public-point checks, SEC 1 point
 * decompression and affine arithmetic for precomputation.
 *
 * Curve: E: y^2 + xy = x^3 + a x^2 + b over GF(2^m), b != 0, #E = h * n with
 * h in {2, 4} and n prime.  Everything in this file handles PUBLIC data
 * (peer points, the base point); it may branch on it.
 */

/*
 * Is (x, y) a point of the subgroup of order n?  Contract: x, y reduced
 * (the caller checked they are < 2^m).  Returns ECEDU_OK or ECEDU_ERR_POINT.
 *
 *  1. x != 0: the only point with x = 0 is (0, sqrt b), of order 2.
 *  2. y^2 + xy = x^3 + a x^2 + b.
 *  3. Subgroup, without computing n*P (point halving, Knudsen 1999; HMV 3.6):
 *     P is a double, P in 2E, iff Tr(x) = Tr(a).  For h = 2, 2E is the
 *     subgroup of order n.  For h = 4 (the Koblitz curves with a = 0; the
 *     2-part of E is cyclic of order 4) P is in 4E iff P = 2Q with Q in 2E.
 *     A half Q = (u, v) satisfies u^2 = y + (lambda + 1) x where
 *     lambda^2 + lambda = x + a, so with lambda = H(x + a) (half-trace)
 *     the test is Tr(u) = Tr(u^2) = Tr(y + lambda x + x) = Tr(a).
 * The point is public, so the half-trace is the variable-time one (trace.tmpl.h).
 */
static int FN(validate)(const ecedu_curve *c, const uint64_t *x, const uint64_t *y) {
    uint64_t l[GF_NW], r[GF_NW], t[GF_NW];
    if (ecedu_ct_is_zero(x, GF_NW)) return ECEDU_ERR_POINT;
    /* l = y (y + x) */
    FN(add)(t, y, x);
    FN(mul)(l, y, t);
    /* r = x^2 (x + a) + b */
    FN(sqr)(r, x);
    FN(add)(t, x, c->a);
    FN(mul)(r, r, t);
    FN(add)(r, r, c->b);
    for (int i = 0; i < GF_NW; i++)
        if (l[i] != r[i]) return ECEDU_ERR_POINT;
    int tra = FN(trace)(c->a);
    if (FN(trace)(x) != tra) return ECEDU_ERR_POINT;
    if (c->h == 4) {
        uint64_t lam[GF_NW];
        FN(add)(t, x, c->a);
        FN(half_trace_vartime)(lam, t);
        FN(mul)(t, lam, x);
        FN(add)(t, t, x);
        FN(add)(t, t, y);
        if (FN(trace)(t) != tra) return ECEDU_ERR_POINT;
    }
    return ECEDU_OK;
}

/*
 * SEC 1 decompression (SEC 1 v2, 2.3.4 step 3.2 for binary curves):
 * given x and the bit ybit = lsb(y/x), find y.  For x != 0 put
 * y = x z with z^2 + z = x + a + b / x^2; solvable iff that has trace 0,
 * then z = H(c) or H(c) + 1, chosen by its low bit.  Returns ECEDU_ERR_POINT
 * if x = 0 or no y exists.  The result is not yet checked for the subgroup.
 * x is public: the inversion and the half-trace are the variable-time ones.
 */
static int FN(decompress)(const ecedu_curve *c, const uint64_t *x, int ybit, uint64_t *y) {
    uint64_t t[GF_NW], cc[GF_NW], z[GF_NW];
    if (ecedu_ct_is_zero(x, GF_NW)) return ECEDU_ERR_POINT;
    FN(sqr)(t, x);
    FN(inv_vartime)(t, t);
    FN(mul)(cc, t, c->b);
    FN(add)(cc, cc, x);
    FN(add)(cc, cc, c->a);
    if (FN(trace)(cc)) return ECEDU_ERR_POINT;
    FN(half_trace_vartime)(z, cc);
    if ((int)(z[0] & 1) != (ybit & 1)) z[0] ^= 1;
    FN(mul)(y, x, z);
    return ECEDU_OK;
}

/* Affine doubling (public data only; HMV 3.1.2):
 * lambda = x + y/x, x3 = lambda^2 + lambda + a, y3 = x^2 + (lambda + 1) x3.
 * Returns -1 if the result is the point at infinity (x = 0). */
static int FN(aff_dbl)(const ecedu_curve *c, uint64_t *x3, uint64_t *y3, const uint64_t *x,
                       const uint64_t *y) {
    uint64_t lam[GF_NW], t[GF_NW], nx[GF_NW];
    if (ecedu_ct_is_zero(x, GF_NW)) return -1;
    FN(inv)(t, x);
    FN(mul)(lam, t, y);
    FN(add)(lam, lam, x);
    FN(sqr)(nx, lam);
    FN(add)(nx, nx, lam);
    FN(add)(nx, nx, c->a);
    FN(sqr)(t, x);
    lam[0] ^= 1;
    FN(mul)(y3, lam, nx);
    FN(add)(y3, y3, t);
    FN(copy)(x3, nx);
    return 0;
}

/* Affine addition P1 + P2 with P1 != +-P2 (public data only):
 * lambda = (y1 + y2)/(x1 + x2), x3 = lambda^2 + lambda + x1 + x2 + a,
 * y3 = lambda (x1 + x3) + x3 + y1.  Returns -1 if x1 = x2. */
static int FN(aff_add)(const ecedu_curve *c, uint64_t *x3, uint64_t *y3, const uint64_t *x1,
                       const uint64_t *y1, const uint64_t *x2, const uint64_t *y2) {
    uint64_t lam[GF_NW], t[GF_NW], nx[GF_NW];
    FN(add)(t, x1, x2);
    if (ecedu_ct_is_zero(t, GF_NW)) return -1;
    FN(inv)(t, t);
    FN(add)(lam, y1, y2);
    FN(mul)(lam, lam, t);
    FN(sqr)(nx, lam);
    FN(add)(nx, nx, lam);
    FN(add)(nx, nx, x1);
    FN(add)(nx, nx, x2);
    FN(add)(nx, nx, c->a);
    FN(add)(t, x1, nx);
    FN(mul)(t, t, lam);
    FN(add)(t, t, nx);
    FN(add)(y3, t, y1);
    FN(copy)(x3, nx);
    return 0;
}
