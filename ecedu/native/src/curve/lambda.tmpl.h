/*
 * lambda.tmpl.h -- TEMPLATE (after field/gf2m/field.tmpl.h): lambda-projective coordinates
 * for the main loop of the tau-adic method (tnaf.tmpl.h).
 *
 * A point (x, y) with x != 0 is represented by x and its "lambda"
 *     lambda = x + y/x        (so y = x (lambda + x)),
 * and projectively by (X : L : Z) with x = X/Z, lambda = L/Z (Oliveira,
 * Lopez, Aranha, Rodriguez-Henriquez, "Lambda coordinates for binary
 * elliptic curves", CHES 2013).  Why here:
 *   - the Frobenius map is still (X^2 : L^2 : Z^2), three squarings;
 *   - negation is lambda -> lambda + 1: -(x, y) = (x, x + y);
 *   - the mixed addition costs 8M + 2S against 8M + 5S in Lopez-Dahab
 *     coordinates (ld.tmpl.h): three squarings saved per digit.
 * The only point of the curve with x = 0 has order 2, so every point of the
 * order-n subgroup has a lambda.  Everything is constant time.
 */

/*
 * (X : L : Z) += (x2, l2), the mixed addition (the general addition of the
 * paper with Z2 = 1):
 *   A = L + l2 Z,  E = x2 Z,  B = X + E,  G = B^2,
 *   H = A X,  I = A E,  J = A G,
 *   X3 = H I,  L3 = (I + G)^2 + J (L + Z),  Z3 = J Z.
 * 8M + 2S.  B = 0 means x1 = x2 (Q = +-T), where the result is wrong (Z3 = 0);
 * A = 0 as well means Q = T.  Both are returned for lam_madd_complete.
 */
#if GF_PAIRS || GF_LAZY_LOOP
/* A product pair or a square for FN(lam_madd_pairs): the lazy forms (clmul128.tmpl.h) if lazy, else
 * FN(mul2) and FN(sqr); lazy is a constant once inlined, so no branch is left.  (On the SSE level,
 * which has no pairs, only FN(lam_madd_lazy) takes these formulas, the products of a pair one after
 * the other; its FN(lam_madd) keeps the single products below.) */
GF_HOT void FN(lam_mul2)(const int lazy, uint64_t *r0, const uint64_t *a0, const uint64_t *b0,
                         uint64_t *r1, const uint64_t *a1, const uint64_t *b1) {
    if (lazy)
        FN(mul2_lazy)(r0, a0, b0, r1, a1, b1);
    else
        FN(mul2)(r0, a0, b0, r1, a1, b1);
}

GF_HOT void FN(lam_sqr)(const int lazy, uint64_t *r, const uint64_t *a) {
    if (lazy)
        FN(sqr_lazy)(r, a);
    else
        FN(sqr)(r, a);
}

/* The formulas with the products two at a time (FN(mul2), clmul128.tmpl.h): (l2 Z, E), (H, I)
 * beside the squaring G, (J, X3), (J (L + Z), Z3).  lazy takes the lazy forms instead
 * (FN(lam_madd_lazy)). */
GF_HOT void FN(lam_madd_pairs)(uint64_t *X, uint64_t *L, uint64_t *Z, const uint64_t *x2,
                               const uint64_t *l2, uint64_t *A, uint64_t *B, const int lazy) {
    uint64_t E[GF_NW], G[GF_NW], H[GF_NW], I[GF_NW], J[GF_NW], t[GF_NW];
    FN(lam_mul2)(lazy, A, l2, Z, E, x2, Z);
    FN(add)(A, A, L);
    FN(add)(B, X, E);
    FN(lam_sqr)(lazy, G, B);
    FN(lam_mul2)(lazy, H, A, X, I, A, E);
    FN(lam_mul2)(lazy, J, A, G, X, H, I); /* X3 = H I */
    FN(add)(t, L, Z);
    FN(add)(E, I, G);                     /* E is free: I + G */
    FN(lam_mul2)(lazy, L, J, t, Z, J, Z); /* J (L + Z), Z3 = J Z */
    FN(lam_sqr)(lazy, E, E);
    FN(add)(L, L, E);                     /* L3 = J (L + Z) + (I + G)^2 */
}
#endif

GF_HOT void FN(lam_madd)(uint64_t *X, uint64_t *L, uint64_t *Z, const uint64_t *x2,
                         const uint64_t *l2, uint64_t *A, uint64_t *B) {
#if GF_PAIRS
    FN(lam_madd_pairs)(X, L, Z, x2, l2, A, B, 0);
#else
    uint64_t E[GF_NW], G[GF_NW], H[GF_NW], I[GF_NW], J[GF_NW], t[GF_NW];
    FN(mul)(A, l2, Z);
    FN(add)(A, A, L);
    FN(mul)(E, x2, Z);
    FN(add)(B, X, E);
    FN(sqr)(G, B);
    FN(mul)(H, A, X);
    FN(mul)(I, A, E);
    FN(mul)(J, A, G);
    FN(mul)(X, H, I);            /* X3 */
    FN(add)(t, L, Z);
    FN(add)(I, I, G);
    FN(mul_add_sqr)(L, J, t, I); /* L3 = J (L + Z) + (I + G)^2, one reduction */
    FN(mul)(Z, J, Z);            /* Z3 */
#endif
}

#if GF_LAZY_LOOP /* field.tmpl.h */
/* FN(lam_madd)'s formulas on the lazy forms (FN(lam_madd_pairs) with lazy set): X, L, Z come out
 * below z^(64 NW) but not normalised, for the tau-adic loop's steps that are not complete,
 * whose results go straight into FN(sqr_n3_lazy) (clmul128.tmpl.h), whose chains skip their
 * normalisation too: the loop's values stay below z^(64 NW) until the complete steps, which get
 * FN(sqr_n3)'s normalised values for their zero tests.  Where GF_LAZY_LOOP is on (field.tmpl.h,
 * which has the SSE level's figures): the Koblitz curves up to five words whose instance sets
 * GF_RED_FOLD2.  First measured on an AMD EPYC Zen 3, ECDH min TSC ticks, six
 * pairs: sect233k1 23.1k -> 22.7k (-2.3%; the products alone without their normalisation
 * -1.9%); for m = 163 and 283 it came with their two folds by PCLMULQDQ (lanes.tmpl.h), whose
 * figures are there. */
GF_HOT void FN(lam_madd_lazy)(uint64_t *X, uint64_t *L, uint64_t *Z, const uint64_t *x2,
                              const uint64_t *l2) {
    uint64_t A[GF_NW], B[GF_NW]; /* not read: no test of the exceptional cases here */
    FN(lam_madd_pairs)(X, L, Z, x2, l2, A, B, 1);
}
#endif

/*
 * Complete mixed addition: (X : L : Z) += (x2, l2) for every input,
 * including Q = O (flag *inf all-ones; X, L, Z then ignored), Q = T
 * (doubling of the affine T: E = l2^2 + l2 + a, X3 = E^2, Z3 = E,
 * L3 = x2^2 + X3 + E l2 + E, the paper's doubling with Z = 1) and Q = -T
 * (result O).  Contract: T = (x2, l2) is a point of the subgroup (x2 != 0).
 */
static void FN(lam_madd_complete)(const ecedu_curve *c, uint64_t *X, uint64_t *L,
                                  uint64_t *Z, uint64_t *inf, const uint64_t *x2,
                                  const uint64_t *l2) {
    uint64_t A[GF_NW], B[GF_NW], dx[GF_NW], dl[GF_NW], E[GF_NW], t[GF_NW];
    uint64_t one[GF_NW] = {1};
    uint64_t b0, a0;
    /* the doubling of T */
    FN(sqr)(E, l2);
    FN(add)(E, E, l2);
    FN(add)(E, E, c->a);
    FN(sqr)(dx, E);
    FN(mul)(dl, E, l2);
    FN(add)(dl, dl, E);
    FN(add)(dl, dl, dx);
    FN(sqr)(t, x2);
    FN(add)(dl, dl, t);
    /* the sum, then choose: Q = O -> T; Q = T -> 2T; Q = -T -> O; else Q + T */
    FN(lam_madd)(X, L, Z, x2, l2, A, B);
    b0 = ecedu_ct_is_zero(B, GF_NW);
    a0 = ecedu_ct_is_zero(A, GF_NW);
    uint64_t use_t = *inf, use_d = ~*inf & b0 & a0, new_inf = ~*inf & b0 & ~a0;
    ecedu_ct_select(X, dx, use_d, GF_NW);
    ecedu_ct_select(L, dl, use_d, GF_NW);
    ecedu_ct_select(Z, E, use_d, GF_NW);
    ecedu_ct_select(X, x2, use_t, GF_NW);
    ecedu_ct_select(L, l2, use_t, GF_NW);
    ecedu_ct_select(Z, one, use_t, GF_NW);
    *inf = new_inf;
}

/* Affine (x, y) from (X : L : Z): x = X/Z, lambda = L/Z, y = x (lambda + x); y is skipped
 * (two products fewer) if y is NULL.  One inversion (constant time). */
static void FN(lam_to_affine)(uint64_t *x, uint64_t *y, const uint64_t *X, const uint64_t *L,
                              const uint64_t *Z) {
    uint64_t zi[GF_NW], l[GF_NW];
    FN(inv)(zi, Z);
    FN(mul)(x, X, zi);
    if (!y) return; /* public: the caller's choice */
    FN(mul)(l, L, zi);
    FN(add)(l, l, x);
    FN(mul)(y, x, l);
}
