/*
 * x25519.c -- X25519 key agreement (RFC 7748 §6.1) with its input checks:
 * the public functions ecedu_x25519 and ecedu_x25519_base on the ladder of
 * curve/x25519.c.
 *
 * Checks: every buffer exactly 32 bytes (public lengths; ECEDU_ERR_LENGTH).
 * Every 32-byte scalar is a valid X25519 private key (decodeScalar25519
 * clamps it) and every 32-byte string a valid u-coordinate (RFC 7748 §5),
 * so there is nothing else to refuse on input.  On output, RFC 7748 §6.1:
 * "implementations MAY check whether the shared secret is the all-zero value
 * and abort if so" -- we do (as OpenSSL does): a u of small order (or on the
 * twist's small subgroup) gives 0 whatever the scalar, and the caller gets
 * ECEDU_ERR_ALL_ZERO.  The test is made without a branch on the secret
 * output (an OR of the bytes turned into a mask); the result is public.
 */
#include "internal.h"

int ecedu_x25519(const uint8_t *k, size_t klen, const uint8_t *u, size_t ulen, uint8_t *out,
                 size_t outlen) {
    if (!k || !u || !out || klen != 32 || ulen != 32 || outlen != 32) return ECEDU_ERR_LENGTH;
    ecedu_x25519_ladder(out, k, u);
    uint64_t acc = 0;
    for (int i = 0; i < 32; i++) acc |= out[i];
    uint64_t zero = ecedu_ct_is_zero_u64(acc);
    return (int)(zero & (uint64_t)(int64_t)ECEDU_ERR_ALL_ZERO);
}

int ecedu_x25519_base(const uint8_t *k, size_t klen, uint8_t *out, size_t outlen) {
    static const uint8_t nine[32] = {9};
    if (!k || !out || klen != 32 || outlen != 32) return ECEDU_ERR_LENGTH;
    /* 9 has prime order 2^252 + ...: k 9 is never the point at infinity */
    ecedu_x25519_ladder(out, k, nine);
    return ECEDU_OK;
}
