/*
 * prime.c -- the public functions of field/gfp/: input checks, then the
 * Montgomery kernels of mont.tmpl.h at the limb width asked for
 * (mont32.c; at 64 bits mont64.c, mont64_adx.c or mont64_ifma.c by the
 * prime-field level, cpu.c), or the fixed-size implementation of a NIST prime
 * (variants.c).
 */
#include "internal.h"

/* 64-bit limbs: the IFMA build at the ifma level, the MULX/ADX build at the mulx
 * level (cpu.c; the flags are public). */
const ecedu_gfp_impl *ecedu_gfp_impl_for(int limb_bits) {
    if (limb_bits == 64 && ecedu_gfp_ifma_enabled()) return &ecedu_gfp_mont64_ifma;
    if (limb_bits == 64) return ecedu_gfp_mulx_enabled() ? &ecedu_gfp_mont64_adx : &ecedu_gfp_mont64;
    return limb_bits == 32 ? &ecedu_gfp_mont32 : NULL;
}

/* A public modulus: minimal encoding, odd, > 1, at most the largest size. */
static int check_modulus(const uint8_t *p, size_t plen) {
    if (!p || plen == 0) return ECEDU_ERR_LENGTH;
    if (plen > ECEDU_GFP_MAX_MODULUS_BITS / 8 || p[0] == 0 || !(p[plen - 1] & 1)) return ECEDU_ERR_MODULUS;
    if (plen == 1 && p[0] == 1) return ECEDU_ERR_MODULUS;
    return ECEDU_OK;
}

/* 1 if the big-endian a < p (both len bytes), 0 if not, without a branch. */
static int less_than(const uint8_t *a, const uint8_t *p, size_t len) {
    uint32_t borrow = 0;
    for (size_t i = len; i-- > 0;) borrow = ((uint32_t)a[i] - p[i] - borrow) >> 31;
    return (int)borrow;
}

/* The fixed-size variants (variants.c): 64-bit limbs only, the primes they cover. */
static int prime_mul_fixed(int variant, int limb_bits, const uint8_t *p, size_t plen, const uint8_t *a,
                           const uint8_t *b, uint8_t *out) {
    if (limb_bits != 64) return ECEDU_ERR_ARGUMENT;
    if (!p || plen == 0 || !a || !b || !out) return ECEDU_ERR_LENGTH;
    const ecedu_prime_fe *fe = ecedu_prime_fe_for(variant, p, plen);
    if (!fe) return ECEDU_ERR_MODULUS;
    uint32_t ok = (uint32_t)fe->mul(out, a, b) & 1u; /* the range check, as a mask */
    uint8_t keep = (uint8_t)(0u - ok);
    for (size_t i = 0; i < plen; i++) out[i] &= keep;
    return (int)((uint32_t)ECEDU_ERR_RANGE & (ok - 1u));
}

int ecedu_prime_mul(int variant, int limb_bits, const uint8_t *p, size_t plen, const uint8_t *a,
                    const uint8_t *b, uint8_t *out) {
    if (variant == ECEDU_PRIME_SOLINAS || variant == ECEDU_PRIME_P256_MONTGOMERY ||
        variant == ECEDU_PRIME_UNSATURATED)
        return prime_mul_fixed(variant, limb_bits, p, plen, a, b, out);
    const ecedu_gfp_impl *f = ecedu_gfp_impl_for(limb_bits);
    if (!f || variant != ECEDU_PRIME_MONTGOMERY) return ECEDU_ERR_ARGUMENT;
    int rc = check_modulus(p, plen);
    if (rc) return rc;
    if (!a || !b || !out) return ECEDU_ERR_LENGTH;
    /* Constant time in a and b, their range check included: the product is
     * computed in any case (safe for any a, b < 2^(8 plen), see mont.tmpl.h)
     * and zeroed, and the code chosen, by a mask. */
    uint32_t ok = (uint32_t)(less_than(a, p, plen) & less_than(b, p, plen));
    f->mul(p, plen, a, b, out);
    uint8_t keep = (uint8_t)(0u - ok);
    for (size_t i = 0; i < plen; i++) out[i] &= keep;
    return (int)((uint32_t)ECEDU_ERR_RANGE & (ok - 1u));
}

int ecedu_modexp(int limb_bits, const uint8_t *base, size_t blen, const uint8_t *exp, size_t elen,
                 const uint8_t *m, size_t mlen, uint8_t *out) {
    const ecedu_gfp_impl *f = ecedu_gfp_impl_for(limb_bits);
    if (!f) return ECEDU_ERR_ARGUMENT;
    int rc = check_modulus(m, mlen);
    if (rc) return rc;
    if ((blen && !base) || (elen && !exp) || !out) return ECEDU_ERR_LENGTH;
    if (blen > ECEDU_GFP_MAX_OPERAND_BYTES || elen > ECEDU_GFP_MAX_OPERAND_BYTES) return ECEDU_ERR_LENGTH;
    f->pow(base, blen, exp, elen, m, mlen, out);
    return ECEDU_OK;
}

int ecedu_modexp_crt(int limb_bits, const uint8_t *c, size_t clen, const uint8_t *p, size_t plen,
                     const uint8_t *q, size_t qlen, const uint8_t *dp, size_t dplen, const uint8_t *dq,
                     size_t dqlen, const uint8_t *qinv, size_t qinvlen, uint8_t *out, size_t outlen) {
    const ecedu_gfp_impl *f = ecedu_gfp_impl_for(limb_bits);
    if (!f) return ECEDU_ERR_ARGUMENT;
    const size_t maxp = ECEDU_GFP_MAX_MODULUS_BITS / 8, maxop = ECEDU_GFP_MAX_OPERAND_BYTES;
    if (!p || !q || !out || (clen && !c) || (dplen && !dp) || (dqlen && !dq) || (qinvlen && !qinv))
        return ECEDU_ERR_LENGTH;
    if (plen == 0 || qlen == 0 || plen > maxp || qlen > maxp || qinvlen > plen || clen > maxop ||
        dplen > maxop || dqlen > maxop || outlen < plen + qlen)
        return ECEDU_ERR_LENGTH;
    return f->crt(c, clen, p, plen, q, qlen, dp, dplen, dq, dqlen, qinv, qinvlen, out, outlen);
}
