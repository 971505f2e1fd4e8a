/*
 * fe25519_op.tmpl.h -- TEMPLATE: one operation of GF(2^255 - 19) through bytes, for the
 * tests (ecedu_fe25519_op of ecedu_native.h), over one field implementation: fe25519.h
 * (field/gfp/fe25519.c, the portable level) or fe25519_mulx.h (field/gfp/fe25519_mulx.c,
 * the MULX level).
 *
 * Macro contract (set by the including unit, undefined by it after the #include; the
 * template defines no macro of its own):
 *   OPF(name)      the field's prefix pasted to name: OPF(mul) -> fe25519x_mul
 *   FE25519_OP_NAME  the function defined,
 *                  int FE25519_OP_NAME(int op, const uint8_t *a, const uint8_t *b, uint8_t *out)
 *                  op an ecedu_fe25519_opcode already checked by the caller, a, b, out 32
 *                  big-endian bytes each (not NULL: checked too)
 * Both inputs must be < p, else ECEDU_ERR_RANGE and a zero output (masks, no branch on
 * the values; the switch is on the public op).
 */

int FE25519_OP_NAME(int op, const uint8_t *a, const uint8_t *b, uint8_t *out) {
    OPF(fe) x, y, r;
    uint64_t ok = OPF(from_bytes)(&x, a) & OPF(from_bytes)(&y, b);
    switch (op) {
    case ECEDU_FE25519_MUL: OPF(mul)(&r, &x, &y); break;
    case ECEDU_FE25519_SQR: OPF(sqr)(&r, &x); break;
    case ECEDU_FE25519_INV: OPF(inv)(&r, &x); break;
    case ECEDU_FE25519_ADD: OPF(add)(&r, &x, &y); break;
    case ECEDU_FE25519_SUB: OPF(sub)(&r, &x, &y); break;
    case ECEDU_FE25519_NEG: OPF(neg)(&r, &x); break;
    default: OPF(set_small)(&r, OPF(is_zero)(&x) & 1); break; /* IS_ZERO: 1 or 0 */
    }
    OPF(to_bytes)(out, &r);
    for (size_t i = 0; i < 32; i++) out[i] &= (uint8_t)ok;
    ecedu_wipe(&x, sizeof x), ecedu_wipe(&y, sizeof y), ecedu_wipe(&r, sizeof r);
    return (int)(~ok & (uint64_t)(int64_t)ECEDU_ERR_RANGE);
}
