/*
 * gfp_level.tmpl.h -- TEMPLATE: the table the protocols call for a prime curve that is built
 * once per prime-field level it distinguishes (one copy of curve/prime/sw.tmpl.h per such level,
 * each over the field measured fastest there: P-224 and P-256 portable and mulx, the ifma level
 * running the mulx copy; P-384 portable, mulx and ifma; P-521 portable (run at mulx too) and
 * ifma).  Each of its functions asks, on every call, which copy this CPU and the forced level
 * (cpu.c: ECEDU_PRIME_IMPL, ecedu_force_prime_implementation) allow, and passes the call on
 * unchanged; so forcing a level takes effect at once, with no state to reset.  The question is
 * a load of cpu.c's flag and a branch, against the tens of thousands of cycles of the operation
 * behind it.
 *
 * Macro contract (set by the instance before the #include, undefined by instances/gfp_undef.h;
 * this template defines no macro of its own):
 *   PCL(name)        a unique prefix for the forwarding functions
 *   PCL_TABLE_NAME   the exported const ecedu_pcurve_impl (the name curve/sec2_curves.c lists)
 *   PCL_PICK         an expression giving the copy for this call (a const ecedu_pcurve_impl *),
 *                    e.g. ecedu_gfp_mulx_enabled() ? &..._mulx : &..._portable
 * The copies must not have a GLV endomorphism (glv_op is NULL here), and each must have
 * verify_x_vartime (every sw.tmpl.h table without PC_GLV has).
 */

static int PCL(decode)(const uint8_t *in, size_t len, uint8_t *ox, uint8_t *oy) {
    return (PCL_PICK)->decode(in, len, ox, oy);
}

static int PCL(validate)(const uint8_t *x, const uint8_t *y) {
    return (PCL_PICK)->validate(x, y);
}

static void PCL(mul)(const uint64_t *k, const uint8_t *x, const uint8_t *y, uint8_t *ox, uint8_t *oy) {
    (PCL_PICK)->mul(k, x, y, ox, oy);
}

static int PCL(mul_base)(const uint64_t *k, uint8_t *ox, uint8_t *oy) {
    return (PCL_PICK)->mul_base(k, ox, oy);
}

static int PCL(mul_joint_vartime)(const uint64_t *u1, const uint64_t *u2, const uint8_t *qx, const uint8_t *qy,
                                  uint8_t *ox) {
    return (PCL_PICK)->mul_joint_vartime(u1, u2, qx, qy, ox);
}

static int PCL(verify_x_vartime)(const uint64_t *u1, const uint64_t *u2, const uint8_t *qx, const uint8_t *qy,
                                 const uint64_t *r) {
    return (PCL_PICK)->verify_x_vartime(u1, u2, qx, qy, r);
}

static int PCL(point_op)(int op, const uint8_t *p1, const uint8_t *p2, uint8_t *out) {
    return (PCL_PICK)->point_op(op, p1, p2, out);
}

const ecedu_pcurve_impl PCL_TABLE_NAME = {
    .decode = PCL(decode),
    .validate = PCL(validate),
    .mul = PCL(mul),
    .mul_base = PCL(mul_base),
    .mul_joint_vartime = PCL(mul_joint_vartime),
    .point_op = PCL(point_op),
    .glv_op = NULL, /* no endomorphism on the level-built curves */
    .verify_x_vartime = PCL(verify_x_vartime),
};
