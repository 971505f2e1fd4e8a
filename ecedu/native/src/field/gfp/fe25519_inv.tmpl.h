/*
 * fe25519_inv.tmpl.h -- TEMPLATE: the inversion of GF(p), p = 2^255 - 19, by Fermat's little
 * theorem, written once for both fields of X25519: fe25519.h (radix 2^51, the portable level)
 * and fe25519_mulx.h (four saturated limbs, the MULX level), each over its own sqr, sqr_n and
 * mul.
 *
 * Macro contract (set by the including header, undefined by it after the #include; the
 * template defines no macro of its own):
 *   INVF(name)      the field's prefix pasted to name: INVF(sqr) -> fe25519x_sqr; the field
 *                   gives INVF(fe), INVF(sqr), INVF(sqr_n) and INVF(mul), the template
 *                   defines INVF(inv)
 *   FE25519_INV_FN  the specifiers of INVF(inv), those of the field's other functions
 *                   (static inline; FE25519X_INL at the MULX level)
 *
 * r = a^(p-2) = a^-1 (0 -> 0).  p - 2 = 2^255 - 21, by a fixed addition chain of 254 squarings
 * and 11 multiplications: the chain of Bernstein's curve25519 reference software (the
 * z2^(p-2) at the end of the RFC 7748 §5 ladder; "Curve25519: new Diffie-Hellman speed
 * records", PKC 2006).  With z_k = a^(2^k - 1):
 *   a^11 (from a^2, a^8, a^9), z_5 = a^31 = a^(2*11) a^9, then z_10, z_20, z_40, z_50, z_100,
 *   z_200, z_250 by z_(i+j) = z_i^(2^j) z_j, and
 *   a^(p-2) = z_250^(2^5) a^11  (2^255 - 32 + 11 = 2^255 - 21).
 * Bounds: what the field's sqr and mul take and give (fe25519.h: a in L, r in T; the same at
 * the MULX level); every intermediate is an output of sqr or mul, so in T.  The same
 * operations for every a: constant time.
 */

FE25519_INV_FN void INVF(inv)(INVF(fe) *r, const INVF(fe) *a) {
    INVF(fe) a2, a9, a11, z5, z10, z20, z50, z100, t;
    INVF(sqr)(&a2, a);           /* a^2 */
    INVF(sqr_n)(&t, &a2, 2);     /* a^8 */
    INVF(mul)(&a9, &t, a);       /* a^9 */
    INVF(mul)(&a11, &a9, &a2);   /* a^11 */
    INVF(sqr)(&t, &a11);         /* a^22 */
    INVF(mul)(&z5, &t, &a9);     /* a^(2^5 - 1) */
    INVF(sqr_n)(&t, &z5, 5);
    INVF(mul)(&z10, &t, &z5);    /* a^(2^10 - 1) */
    INVF(sqr_n)(&t, &z10, 10);
    INVF(mul)(&z20, &t, &z10);   /* a^(2^20 - 1) */
    INVF(sqr_n)(&t, &z20, 20);
    INVF(mul)(&t, &t, &z20);     /* a^(2^40 - 1) */
    INVF(sqr_n)(&t, &t, 10);
    INVF(mul)(&z50, &t, &z10);   /* a^(2^50 - 1) */
    INVF(sqr_n)(&t, &z50, 50);
    INVF(mul)(&z100, &t, &z50);  /* a^(2^100 - 1) */
    INVF(sqr_n)(&t, &z100, 100);
    INVF(mul)(&t, &t, &z100);    /* a^(2^200 - 1) */
    INVF(sqr_n)(&t, &t, 50);
    INVF(mul)(&t, &t, &z50);     /* a^(2^250 - 1) */
    INVF(sqr_n)(&t, &t, 5);      /* a^(2^255 - 32) */
    INVF(mul)(r, &t, &a11);      /* a^(2^255 - 21) */
}
