/*
 * fe25519.c -- the operations of GF(2^255 - 19) one at a time through the public API
 * (ecedu_fe25519_op), so that the tests can check the field on its own against Python ints
 * (the ladder inlines the headers directly): field/gfp/fe25519.h here (the portable level),
 * field/gfp/fe25519_mulx.h through field/gfp/fe25519_mulx.c while cpu.c's public flag
 * ecedu_gfp_mulx_enabled() is on, the level the ladder of curve/x25519.c uses too.
 */
#include "internal.h"
#include "field/gfp/fe25519.h"

#define OPF(name) fe25519_##name
#define FE25519_OP_NAME fe25519_op_portable
static int FE25519_OP_NAME(int op, const uint8_t *a, const uint8_t *b, uint8_t *out);
#include "field/gfp/fe25519_op.tmpl.h"
#undef OPF
#undef FE25519_OP_NAME

int ecedu_fe25519_op(int op, const uint8_t *a, const uint8_t *b, uint8_t *out, size_t len) {
    if (!a || !b || !out || len != FE25519_BYTES) return ECEDU_ERR_LENGTH;
    if (op < ECEDU_FE25519_MUL || op > ECEDU_FE25519_IS_ZERO) return ECEDU_ERR_ARGUMENT;
    return ecedu_gfp_mulx_enabled() ? ecedu_fe25519_op_mulx(op, a, b, out) : fe25519_op_portable(op, a, b, out);
}
