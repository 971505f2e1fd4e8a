/*
 * x25519_ladder.tmpl.h -- TEMPLATE: the X25519 function of RFC 7748 §5, the Montgomery
 * ladder on the u-coordinates of Curve25519, v^2 = u^3 + 486662 u^2 + u over
 * GF(2^255 - 19), over one field implementation; instantiated once per prime-field level
 * (curve/x25519.c: fe25519.h, radix 2^51, portable; curve/x25519_mulx.c: fe25519_mulx.h,
 * four 64-bit limbs with MULX/ADCX/ADOX).
 *
 * Macro contract (set by the including unit before the #include, undefined by it after;
 * the template defines no macro of its own):
 *   XF(name)              the field's prefix pasted to name: XF(mul) -> fe25519_mul
 *   X25519_LADDER_NAME    the name of the function defined,
 *                         void X25519_LADDER_NAME(uint8_t out[32], const uint8_t scalar[32],
 *                                                 const uint8_t u[32])
 * The field gives, besides its fe interface (field/gfp/README.md): XF(fe); from_bytes_le
 * (decodeUCoordinate: bit 255 masked), to_bytes_le (encodeUCoordinate: canonical);
 * add_lazy, sub_lazy (a sum / difference that mul and sqr accept, of two outputs of mul,
 * sqr or mul_small, or of the start values); mul_small (times a public k < 2^17, input an
 * output of mul/sqr, output one add_lazy accepts); cswap (swap under a mask 0 / all-ones);
 * inv (a^-1, 0 -> 0, of an output of mul/sqr).  Each field states its bounds.
 *
 * The ladder (Montgomery, Math. Comp. 48, 1987; the form of RFC 7748 §5): (x2 : z2)
 * and (x3 : z3) are the projective u-coordinates of m P and (m + 1) P for the bits m of
 * the scalar read so far, so their difference is always P (u = x1).  Each of the 255 steps
 * (bits 254 down to 0; decodeScalar25519 fixes bit 254 and clears bit 255) is one
 * differential addition and one doubling, 5 multiplications, 4 squarings and one
 * multiplication by a24 = 121665 = (486662 - 2) / 4.  Instead of branching on a bit, the
 * two points are exchanged by cswap with a mask when the bit differs from the previous one.
 *
 * Constant time in the scalar: a fixed count of 255 steps, the same field operations in
 * each, the bits read at public positions and turned into masks, and one inversion of
 * z2 by constant-time divsteps (XF(inv), field/gfp/fe25519_inv.tmpl.h).  tests/ctime/ctime_x25519_driver.c checks
 * it with valgrind at both levels.  The input u may be any 32 bytes (RFC 7748 §5: bit 255
 * masked, non-canonical values reduced); a small-order u gives u = 0 at the end, which the
 * caller refuses (RFC 7748 §6.1, protocol/x25519.c).
 */

void X25519_LADDER_NAME(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32]) {
    uint8_t k[32];
    memcpy(k, scalar, 32);
    k[0] &= 248; /* decodeScalar25519: a multiple of the cofactor 8, */
    k[31] &= 127; /* below 2^255, */
    k[31] |= 64;  /* and with bit 254 set: a fixed-length ladder */

    XF(fe) x1, x2, z2, x3, z3, a, aa, b, bb, e, c, d, da, cb, t;
    XF(from_bytes_le)(&x1, u); /* decodeUCoordinate: bit 255 masked */
    XF(set_small)(&x2, 1);
    XF(set_small)(&z2, 0);
    x3 = x1;
    XF(set_small)(&z3, 1);
    uint64_t swap = 0;
    for (int i = 254; i >= 0; i--) {
        uint64_t bit = (k[i >> 3] >> (i & 7)) & 1; /* public position, secret value */
        swap ^= bit;
        XF(cswap)(&x2, &x3, (uint64_t)0 - swap);
        XF(cswap)(&z2, &z3, (uint64_t)0 - swap);
        swap = bit;
        /* x2, z2, x3, z3 are outputs of mul/sqr here (or the start values).  The order puts
         * independent operations side by side (four sums, then four products, ...), so that
         * the CPU overlaps them: the field's assembly blocks are not interleaved by the
         * compiler, and one step is longer than the out-of-order window. */
        XF(add_lazy)(&a, &x2, &z2); /* A = x2 + z2 */
        XF(sub_lazy)(&b, &x2, &z2); /* B = x2 - z2 */
        XF(add_lazy)(&c, &x3, &z3); /* C = x3 + z3 */
        XF(sub_lazy)(&d, &x3, &z3); /* D = x3 - z3 */
        XF(mul)(&da, &d, &a);       /* DA = D A */
        XF(mul)(&cb, &c, &b);       /* CB = C B */
        XF(sqr)(&aa, &a);           /* AA = A^2 */
        XF(sqr)(&bb, &b);           /* BB = B^2 */
        XF(add_lazy)(&t, &da, &cb);
        XF(sub_lazy)(&c, &da, &cb);
        XF(sub_lazy)(&e, &aa, &bb); /* E = AA - BB */
        XF(sqr)(&x3, &t);           /* x3 = (DA + CB)^2 */
        XF(sqr)(&d, &c);            /* (DA - CB)^2 */
        XF(mul_small)(&t, &e, 121665);
        XF(mul)(&x2, &aa, &bb); /* x2 = AA BB */
        XF(add_lazy)(&t, &aa, &t);
        XF(mul)(&z3, &x1, &d); /* z3 = x1 (DA - CB)^2 */
        XF(mul)(&z2, &e, &t);  /* z2 = E (AA + a24 E) */
    }
    XF(cswap)(&x2, &x3, (uint64_t)0 - swap);
    XF(cswap)(&z2, &z3, (uint64_t)0 - swap);

    XF(inv)(&z2, &z2); /* 0 -> 0: the point at infinity gives u = 0 */
    XF(mul)(&x2, &x2, &z2);
    XF(to_bytes_le)(out, &x2);

    ecedu_wipe(k, sizeof k);
    ecedu_wipe(&x2, sizeof x2), ecedu_wipe(&z2, sizeof z2);
    ecedu_wipe(&x3, sizeof x3), ecedu_wipe(&z3, sizeof z3);
    ecedu_wipe(&a, sizeof a), ecedu_wipe(&aa, sizeof aa), ecedu_wipe(&b, sizeof b);
    ecedu_wipe(&bb, sizeof bb), ecedu_wipe(&e, sizeof e), ecedu_wipe(&c, sizeof c);
    ecedu_wipe(&d, sizeof d), ecedu_wipe(&da, sizeof da), ecedu_wipe(&cb, sizeof cb);
    ecedu_wipe(&t, sizeof t);
}
