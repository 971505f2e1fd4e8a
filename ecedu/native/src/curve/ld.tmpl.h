/*
 * ld.tmpl.h -- TEMPLATE (after point.tmpl.h): Lopez-Dahab projective coordinates,
 * x = X/Z, y = Y/Z^2 (HMV section 3.2.3), for the building of the tau-adic method's table
 * (tnaf.tmpl.h; the loops themselves and the fixed-base comb add in lambda coordinates,
 * lambda.tmpl.h).
 *
 * Mixed addition (X1 : Y1 : Z1) + (x2, y2), HMV Alg. 3.25 for any a:
 *   A = y2 Z1^2 + Y1, B = x2 Z1 + X1, C = Z1 B, D = B^2 (C + a Z1^2),
 *   Z3 = C^2, E = A C, X3 = A^2 + D + E, F = X3 + x2 Z3,
 *   G = (x2 + y2) Z3^2, Y3 = (E + Z3) F + G.
 * 8M + 5S when a is 0 or 1.  B = 0 means x1 = x2, i.e. Q = +-T: then the
 * formula is wrong (it gives Z3 = 0 either way); the table's sums never meet it (tnaf.tmpl.h).
 * Everything here is constant time (no branch on values; a_is_01 and
 * b_is_one are public curve constants).
 */

/* r = a v (a is public): free when a is 0 or 1. */
static inline void FN(mul_a)(const ecedu_curve *c, uint64_t *r, const uint64_t *v) {
    if (c->a_is_01) {
        uint64_t m = 0 - (c->a[0] & 1);
        for (int w = 0; w < GF_NW; w++) r[w] = v[w] & m;
    } else {
        FN(mul)(r, v, c->a);
    }
}

/* r = b v: free on the Koblitz curves (b = 1). */
static inline void FN(mul_b)(const ecedu_curve *c, uint64_t *r, const uint64_t *v) {
    if (c->b_is_one)
        FN(copy)(r, v);
    else
        FN(mul)(r, v, c->b);
}

/* (X3 : Y3 : Z3) = (X : Y : Z) + (x2, y2) by HMV Alg. 3.25; outputs may
 * alias the inputs.  Also returns A and B (both zero iff Q = T, B alone
 * zero iff Q = -T).  Contract: see above (fails when Q = +-T or Q = O). */
GF_HOT void FN(ld_madd)(const ecedu_curve *c, uint64_t *X3, uint64_t *Y3, uint64_t *Z3,
                               const uint64_t *X, const uint64_t *Y, const uint64_t *Z,
                               const uint64_t *x2, const uint64_t *y2, uint64_t *A,
                               uint64_t *B) {
    uint64_t z2[GF_NW], C[GF_NW], D[GF_NW], E[GF_NW], F[GF_NW], G[GF_NW], t[GF_NW];
    uint64_t nx[GF_NW], nz[GF_NW];
#if GF_PAIRS
    /* the same formulas, the operations that do not wait for each other two at a time
     * (FN(mul2), FN(sqr2): field.tmpl.h): (y2 Z1^2, x2 Z1), (B^2, C^2), (D, E), (A^2, G),
     * ((E + Z3) F, G (x2 + y2)) */
    FN(sqr)(z2, Z);
    FN(mul2)(A, y2, z2, B, x2, Z);
    FN(add)(A, A, Y);
    FN(add)(B, B, X);
    FN(mul)(C, Z, B);
    FN(mul_a)(c, t, z2);
    FN(add)(t, t, C);
    FN(sqr2)(D, B, nz, C);       /* B^2, Z3 = C^2 */
    FN(mul2)(D, D, t, E, A, C);  /* D = B^2 (C + a Z1^2), E = A C */
    FN(sqr2)(nx, A, G, nz);      /* A^2, G = Z3^2 */
    FN(add)(nx, nx, D);
    FN(add)(nx, nx, E);          /* X3 = A^2 + D + E */
    FN(mul)(F, x2, nz);
    FN(add)(F, F, nx);
    FN(add)(D, x2, y2);
    FN(add)(t, E, nz);
    FN(mul2)(Y3, t, F, G, G, D); /* (E + Z3) F, (x2 + y2) Z3^2 */
    FN(add)(Y3, Y3, G);
#else
    FN(sqr)(z2, Z);
    FN(mul)(A, y2, z2);
    FN(add)(A, A, Y);
    FN(mul)(B, x2, Z);
    FN(add)(B, B, X);
    FN(mul)(C, Z, B);
    FN(mul_a)(c, t, z2);
    FN(add)(t, t, C);
    FN(sqr)(D, B);               /* D = B^2 (C + a Z1^2) is only a term of X3 */
    FN(sqr)(nz, C);
    FN(mul)(E, A, C);
    FN(mul_add_sqr)(nx, D, t, A); /* A^2 + D with one reduction (lazy, HMV 2.3.5) */
    FN(add)(nx, nx, E);
    FN(mul)(F, x2, nz);
    FN(add)(F, F, nx);
    FN(add)(D, x2, y2);
    FN(sqr)(G, nz);
    FN(add)(t, E, nz);
    FN(mul_add)(Y3, t, F, G, D); /* (E + Z3) F + (x2 + y2) Z3^2, one reduction */
#endif
    FN(copy)(X3, nx);
    FN(copy)(Z3, nz);
}

/* (X3 : Y3 : Z3) = (x1, y1) + (x2, y2), both affine: HMV Alg. 3.25 with Z1 = 1, so
 *   A = y1 + y2,  B = x1 + x2,  Z3 = B^2,  D = Z3 (B + a),  E = A B,
 *   X3 = A^2 + D + E,  F = X3 + x2 Z3,  G = (x2 + y2) Z3^2,  Y3 = (E + Z3) F + G:
 * 5M + 3S against FN(ld_madd)'s 8M + 5S, and the very values FN(ld_madd) gives for
 * (x1 : y1 : 1).  Contract as FN(ld_madd): wrong when x1 = x2. */
static void FN(ld_add_affine)(const ecedu_curve *c, uint64_t *X3, uint64_t *Y3, uint64_t *Z3,
                              const uint64_t *x1, const uint64_t *y1, const uint64_t *x2,
                              const uint64_t *y2) {
    uint64_t A[GF_NW], B[GF_NW], A2[GF_NW], D[GF_NW], E[GF_NW], F[GF_NW], G[GF_NW], t[GF_NW];
    FN(add)(A, y1, y2);
    FN(add)(B, x1, x2);
    FN(add)(t, B, c->a);
#if GF_PAIRS /* the operations that do not wait for each other two at a time, as FN(ld_madd) */
    FN(sqr2)(Z3, B, A2, A);        /* Z3 = B^2, A^2 */
    FN(mul2)(D, Z3, t, E, A, B);   /* D = Z3 (B + a), E = A B */
#else
    FN(sqr)(Z3, B);
    FN(sqr)(A2, A);
    FN(mul)(D, Z3, t);
    FN(mul)(E, A, B);
#endif
    FN(add)(X3, A2, D);
    FN(add)(X3, X3, E);            /* X3 = A^2 + D + E */
    FN(mul)(F, x2, Z3);
    FN(add)(F, F, X3);
    FN(sqr)(G, Z3);
    FN(add)(D, x2, y2);
    FN(add)(t, E, Z3);
#if GF_PAIRS
    FN(mul2)(Y3, t, F, G, G, D);   /* (E + Z3) F, (x2 + y2) Z3^2 */
    FN(add)(Y3, Y3, G);
#else
    FN(mul_add)(Y3, t, F, G, D);   /* (E + Z3) F + (x2 + y2) Z3^2, one reduction */
#endif
}

