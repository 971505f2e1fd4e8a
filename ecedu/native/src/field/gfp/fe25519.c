/*
 * fe25519.c -- the operations of field/gfp/fe25519.h (GF(2^255 - 19)) one at
 * a time through the public API, so that the tests can check the field on its
 * own against Python ints (the ladder inlines the header directly).
 */
#include "internal.h"
#include "field/gfp/fe25519.h"

int ecedu_fe25519_op(int op, const uint8_t *a, const uint8_t *b, uint8_t *out, size_t len) {
    if (!a || !b || !out || len != FE25519_BYTES) return ECEDU_ERR_LENGTH;
    if (op < ECEDU_FE25519_MUL || op > ECEDU_FE25519_IS_ZERO) return ECEDU_ERR_ARGUMENT;
    fe25519_fe x, y, r;
    /* both inputs < p, else ECEDU_ERR_RANGE and a zero output (masks, no branch) */
    uint64_t ok = fe25519_from_bytes(&x, a) & fe25519_from_bytes(&y, b);
    switch (op) {
    case ECEDU_FE25519_MUL: fe25519_mul(&r, &x, &y); break;
    case ECEDU_FE25519_SQR: fe25519_sqr(&r, &x); break;
    case ECEDU_FE25519_INV: fe25519_inv(&r, &x); break;
    case ECEDU_FE25519_ADD: fe25519_add(&r, &x, &y); break;
    case ECEDU_FE25519_SUB: fe25519_sub(&r, &x, &y); break;
    case ECEDU_FE25519_NEG: fe25519_neg(&r, &x); break;
    default: fe25519_set_small(&r, fe25519_is_zero(&x) & 1); break; /* IS_ZERO: 1 or 0 */
    }
    fe25519_to_bytes(out, &r);
    for (size_t i = 0; i < FE25519_BYTES; i++) out[i] &= (uint8_t)ok;
    ecedu_wipe(&x, sizeof x), ecedu_wipe(&y, sizeof y), ecedu_wipe(&r, sizeof r);
    return (int)(~ok & (uint64_t)(int64_t)ECEDU_ERR_RANGE);
}
