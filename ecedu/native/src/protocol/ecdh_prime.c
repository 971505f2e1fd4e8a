/*
 * ecdh_prime.c -- scalar multiplication and ECDH on the prime curves of curve/prime/
 * (secp160r1 ... secp521r1, secp256k1, secp160k1 ... secp224k1, brainpoolP224r1 ... P512r1),
 * behind the public entry points of ecdh.c, which hand a prime curve index over to the
 * functions here.  The same checks as for the binary
 * curves: the public point (SEC 1 format, coordinates < p, on the curve; cofactor 1, so
 * that is the subgroup check) and the secret scalar 1 <= k < n, checked without a branch on
 * k: an invalid k is replaced by 1 under a mask, the multiplication runs anyway and the
 * output is zeroed by the same mask.  tests/ctime checks the secret paths with valgrind.
 */
#include <string.h>
#include "internal.h"
#include "ecedu_native.h"

#define KW (ECEDU_MAXW + 1)

static size_t felen(const ecedu_pcurve *pc) { return (size_t)(pc->pbits + 7) / 8; }
static size_t nlen(const ecedu_pcurve *pc) { return (size_t)(pc->nbits + 7) / 8; }

/* Parse a big-endian scalar of 1..nlen bytes into k (KW words, zero above n's words).
 * Returns all-ones if 1 <= k < n, else 0 and k = 1.  Constant time in the value. */
static uint64_t scalar_load(const ecedu_pcurve *pc, uint64_t *k, const uint8_t *in, size_t len) {
    uint64_t borrow = 0, one[KW] = {1};
    ecedu_bytes_to_words(k, KW, in, len); /* len <= nlen: fits */
    for (int i = 0; i < KW; i++) {
        unsigned __int128 d = (unsigned __int128)k[i] - pc->n[i] - borrow;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    uint64_t ok = (0 - borrow) & ~ecedu_ct_is_zero(k, KW);
    ecedu_ct_select(k, one, ~ok, KW);
    return ok;
}

static void mask_bytes(uint8_t *out, size_t n, uint64_t ok) {
    for (size_t i = 0; i < n; i++) out[i] &= (uint8_t)ok;
}

static int scalar_rc(uint64_t ok) { return (int)(~ok & (uint64_t)(int64_t)ECEDU_ERR_SCALAR); }

int ecedu_p_decode_point(const ecedu_pcurve *pc, const uint8_t *in, size_t len, uint8_t *ox,
                         uint8_t *oy) {
    return pc->impl->decode(in, len, ox, oy);
}

int ecedu_p_validate_point(const ecedu_pcurve *pc, const uint8_t *x, const uint8_t *y, size_t flen) {
    if (flen != felen(pc)) return ECEDU_ERR_LENGTH;
    return pc->impl->validate(x, y);
}

int ecedu_p_scalar_mult(const ecedu_pcurve *pc, const uint8_t *k, size_t klen, const uint8_t *x,
                        const uint8_t *y, size_t flen, uint8_t *ox, uint8_t *oy, int validated) {
    uint64_t K[KW];
    int rc;
    if (flen != felen(pc)) return ECEDU_ERR_LENGTH;
    if (klen == 0 || klen > nlen(pc)) return ECEDU_ERR_SCALAR;
    if (!validated && (rc = pc->impl->validate(x, y))) return rc;
    uint64_t ok = scalar_load(pc, K, k, klen);
    pc->impl->mul(K, x, y, ox, oy);
    mask_bytes(ox, flen, ok);
    mask_bytes(oy, flen, ok);
    ecedu_wipe(K, sizeof K);
    return scalar_rc(ok);
}

int ecedu_p_scalar_mult_base(const ecedu_pcurve *pc, const uint8_t *k, size_t klen, uint8_t *ox,
                             uint8_t *oy, size_t flen) {
    uint64_t K[KW];
    if (flen != felen(pc)) return ECEDU_ERR_LENGTH;
    if (klen == 0 || klen > nlen(pc)) return ECEDU_ERR_SCALAR;
    uint64_t ok = scalar_load(pc, K, k, klen);
    int rc = pc->impl->mul_base(K, ox, oy);
    ecedu_wipe(K, sizeof K);
    if (rc) return rc; /* out of memory for the table: public */
    mask_bytes(ox, flen, ok);
    mask_bytes(oy, flen, ok);
    return scalar_rc(ok);
}

int ecedu_prime_point_op(int ci, int op, const uint8_t *p1, const uint8_t *p2, uint8_t *out,
                         size_t len) {
    const ecedu_pcurve *pc = ecedu_pcurve_at(ci);
    if (!pc || !p1 || !p2 || !out) return ECEDU_ERR_CURVE;
    if (len != 1 + 2 * felen(pc)) return ECEDU_ERR_LENGTH;
    if (op < ECEDU_PPOINT_ADD || op > ECEDU_PPOINT_DBL) return ECEDU_ERR_ARGUMENT;
    return pc->impl->point_op(op, p1, p2, out);
}
