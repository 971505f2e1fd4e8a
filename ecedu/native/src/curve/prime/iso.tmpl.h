/*
 * iso.tmpl.h -- TEMPLATE: a curve E: y^2 = x^3 + a x + b with a neither 0 nor -3 (the
 * Brainpool curves brainpoolPxxxr1 of RFC 5639) computed on an isomorphic curve with a = -3,
 * so that it runs on the a = -3 formulas of curve/prime/sw.tmpl.h unchanged.
 *
 * RFC 5639 §3 (and Silverman, AEC III.3.1(b)): for Z != 0 in GF(p) the map
 *     F: (x, y) -> (Z^2 x, Z^3 y),   infinity -> infinity
 * is an isomorphism from E onto E_t: y^2 = x^3 + a Z^4 x + b Z^6 (multiply E's equation by
 * Z^6).  With Z^4 = -3/a (tools/gen_curves.py twist_z derives Z and checks it) E_t is the
 * twisted curve brainpoolPxxxt1, a = -3, B_t = b Z^6, of the same order n.  A group
 * isomorphism commutes with scalar multiplication: k P = F^-1(k F(P)), u1 G + u2 Q =
 * F^-1(u1 F(G) + u2 F(Q)); and P lies on E iff F(P) lies on E_t.
 *
 * Why this and not the general-a complete formulas (Renes-Costello-Batina 2016, Alg. 1-3):
 * there every addition and doubling multiplies by a, a full-size field element on Brainpool
 * (Alg. 1: 12M + 3 m_a + 2 m_3b; Alg. 3: 8M + 3S + 3 m_a + 2 m_3b, against 12M + 2 m_b and
 * 8M + 3S + 2 m_b for a = -3, Alg. 4 and 6), about 20 % more multiplications per point
 * operation; the isomorphism costs four multiplications by constants per call, at the
 * boundary.  And the curve code stays one: whatever the a = -3 formulas and scalar loops
 * of sw.tmpl.h become, the Brainpool curves get it, with no second set of formulas to keep.
 *
 * Macro contract (set by the instance, which has included sw.tmpl.h for E_t just before,
 * with every macro of that contract still defined; undefined by instances/gfp_undef.h):
 *   ISO_TABLE_NAME    the name of the exported const ecedu_pcurve_impl of E itself
 *   ISO_Z2, ISO_Z3    Z^2 and Z^3 as FE_BYTES big-endian bytes
 *   ISO_Z2INV, ISO_Z3INV   Z^-2 and Z^-3 the same way
 *   and from sw.tmpl.h's contract: PC(name), FE_* (the same field: E and E_t share p).
 * PC_B, PC_GX, PC_GY given to sw.tmpl.h are those of E_t (B_t and F(G)).
 *
 * Every function below has the contract of its ecedu_pcurve_impl slot (internal.h) for E:
 * points in and out are E's, in bytes.  The maps are four fixed field multiplications by
 * public constants: constant time, so the secret paths stay as constant time as those of
 * sw.tmpl.h (valgrind: tests/ctime, tests/ctime_ecdsa cover these instances).
 */

static const uint8_t PC(iso_z2)[FE_BYTES] = ISO_Z2;
static const uint8_t PC(iso_z3)[FE_BYTES] = ISO_Z3;
static const uint8_t PC(iso_z2i)[FE_BYTES] = ISO_Z2INV;
static const uint8_t PC(iso_z3i)[FE_BYTES] = ISO_Z3INV;

/* (xo, yo) = (cx x, cy y) in bytes, for (cx, cy) = (Z^2, Z^3) (E -> E_t) or (Z^-2, Z^-3)
 * (E_t -> E); y and yo may be NULL (x only).  Returns all-ones if x and y were < p, else 0
 * (then the output is unspecified).  Constant time. */
static uint64_t PC(iso_map)(const uint8_t *cx, const uint8_t *cy, const uint8_t *x, const uint8_t *y,
                            uint8_t *xo, uint8_t *yo) {
    FE_T c, v;
    uint64_t ok;
    FE_FROM_BYTES(&c, cx);
    ok = FE_FROM_BYTES(&v, x);
    FE_MUL(&v, &v, &c);
    FE_TO_BYTES(xo, &v);
    if (y) {
        FE_FROM_BYTES(&c, cy);
        ok &= FE_FROM_BYTES(&v, y);
        FE_MUL(&v, &v, &c);
        FE_TO_BYTES(yo, &v);
    }
    ecedu_wipe(&v, sizeof v);
    return ok;
}

static uint64_t PC(iso_to_t)(const uint8_t *x, const uint8_t *y, uint8_t *xt, uint8_t *yt) {
    return PC(iso_map)(PC(iso_z2), PC(iso_z3), x, y, xt, yt);
}

static void PC(iso_from_t)(const uint8_t *xt, const uint8_t *yt, uint8_t *x, uint8_t *y) {
    PC(iso_map)(PC(iso_z2i), PC(iso_z3i), xt, yt, x, y);
}

static int PC(iso_validate)(const uint8_t *x, const uint8_t *y) {
    uint8_t xt[FE_BYTES], yt[FE_BYTES];
    if (!PC(iso_to_t)(x, y, xt, yt)) return ECEDU_ERR_POINT; /* a coordinate >= p */
    return PC(validate)(xt, yt);
}

/* SEC 1 2.3.4 for E: 04 as validate; 02/03: x_t = Z^2 x decompressed on E_t, y = Z^-3 y_t,
 * then the parity of E's y chosen (Z^3 does not keep parity).  Other encodings go to E_t's
 * decoder unchanged, for the same error codes.  Public data. */
static int PC(iso_decode)(const uint8_t *in, size_t len, uint8_t *ox, uint8_t *oy) {
    const size_t F = FE_BYTES;
    uint8_t enc[1 + FE_BYTES], xt[FE_BYTES], yt[FE_BYTES];
    int rc;
    if (len == 1 + 2 * F && in[0] == 0x04) {
        if ((rc = PC(iso_validate)(in + 1, in + 1 + F))) return rc;
        memcpy(ox, in + 1, F);
        memcpy(oy, in + 1 + F, F);
        return ECEDU_OK;
    }
    if (len != 1 + F || (in[0] != 0x02 && in[0] != 0x03)) return PC(decode)(in, len, ox, oy);
    enc[0] = 0x02;
    if (!PC(iso_map)(PC(iso_z2), NULL, in + 1, NULL, enc + 1, NULL)) return ECEDU_ERR_POINT;
    if ((rc = PC(decode)(enc, 1 + F, xt, yt))) return rc;
    PC(iso_from_t)(xt, yt, ox, oy);
    if ((oy[F - 1] & 1) != (in[0] & 1)) {
        FE_T y;
        FE_FROM_BYTES(&y, oy);
        if (FE_IS_ZERO(&y)) return ECEDU_ERR_POINT; /* y = 0 has no odd twin */
        FE_NEG(&y, &y);
        FE_TO_BYTES(oy, &y);
    }
    return ECEDU_OK;
}

static void PC(iso_mul)(const uint64_t *k, const uint8_t *x, const uint8_t *y, uint8_t *ox, uint8_t *oy) {
    uint8_t xt[FE_BYTES], yt[FE_BYTES];
    PC(iso_to_t)(x, y, xt, yt); /* validated: < p */
    PC(mul)(k, xt, yt, xt, yt);
    PC(iso_from_t)(xt, yt, ox, oy);
    ecedu_wipe(xt, sizeof xt);
    ecedu_wipe(yt, sizeof yt);
}

static int PC(iso_mul_base)(const uint64_t *k, uint8_t *ox, uint8_t *oy) {
    uint8_t xt[FE_BYTES], yt[FE_BYTES];
    int rc = PC(mul_base)(k, xt, yt); /* E_t's base point is F(G) */
    if (!rc) PC(iso_from_t)(xt, yt, ox, oy);
    ecedu_wipe(xt, sizeof xt);
    ecedu_wipe(yt, sizeof yt);
    return rc;
}

static int PC(iso_mul_joint_vartime)(const uint64_t *u1, const uint64_t *u2, const uint8_t *qx,
                                     const uint8_t *qy, uint8_t *ox) {
    uint8_t xt[FE_BYTES], yt[FE_BYTES];
    PC(iso_to_t)(qx, qy, xt, yt);
    if (PC(mul_joint_vartime)(u1, u2, xt, yt, xt)) return 1;
    PC(iso_map)(PC(iso_z2i), NULL, xt, NULL, ox, NULL);
    return 0;
}

/* The test hook on E: each operand that is a well-formed 04 encoding with coordinates < p is
 * mapped to E_t; any other is passed on unchanged, so E_t's checks give the same error
 * codes (infinity, 00, maps to itself); a finite result is mapped back. */
static void PC(iso_enc_to_t)(const uint8_t *in, uint8_t *out) {
    const size_t F = FE_BYTES;
    memcpy(out, in, 1 + 2 * F);
    if (in[0] == 0x04) {
        uint8_t xt[FE_BYTES], yt[FE_BYTES];
        if (PC(iso_to_t)(in + 1, in + 1 + F, xt, yt)) {
            memcpy(out + 1, xt, F);
            memcpy(out + 1 + F, yt, F);
        }
    }
}

static int PC(iso_point_op)(int op, const uint8_t *p1, const uint8_t *p2, uint8_t *out) {
    const size_t F = FE_BYTES;
    uint8_t a[1 + 2 * FE_BYTES], b[1 + 2 * FE_BYTES];
    PC(iso_enc_to_t)(p1, a);
    if (op != ECEDU_PPOINT_DBL) PC(iso_enc_to_t)(p2, b);
    int rc = PC(point_op)(op, a, op != ECEDU_PPOINT_DBL ? b : a, out);
    if (!rc && out[0] == 0x04) PC(iso_from_t)(out + 1, out + 1 + F, out + 1, out + 1 + F);
    return rc;
}

const ecedu_pcurve_impl ISO_TABLE_NAME = {
    PC(iso_decode),  PC(iso_validate),          PC(iso_mul),
    PC(iso_mul_base), PC(iso_mul_joint_vartime), PC(iso_point_op),
    NULL, /* glv_op: no endomorphism (a != 0) */
    NULL, /* verify_x_vartime: ecdsa.c compares the x of PC(iso_mul_joint_vartime), mapped back to E */
};
