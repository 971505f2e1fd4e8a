/*
 * fe25519_inv.tmpl.h -- TEMPLATE: the inversion of GF(p), p = 2^255 - 19, written once for both
 * fields of X25519: fe25519.h (radix 2^51, the portable level) and fe25519_mulx.h (four
 * saturated limbs, the MULX level), each through its own canonical words.
 *
 * Macro contract (set by the including header, undefined by it after the #include; the
 * template defines no macro of its own):
 *   INVF(name)      the field's prefix pasted to name: INVF(canonical) -> fe25519x_canonical;
 *                   the field gives INVF(fe), INVF(canonical) (the value < p as four
 *                   little-endian words) and INVF(from_words) (an element from such words),
 *                   the template defines INVF(inv)
 *   FE25519_INV_FN  the specifiers of INVF(inv), those of the field's other functions
 *                   (static inline; FE25519X_INL at the MULX level)
 *
 * r = a^-1 (0 -> 0) by the constant-time divsteps inversion of scalar/modinv.h (Bernstein-Yang,
 * "Fast constant-time gcd computation and modular inversion", TCHES 2019: batches of 62 divsteps
 * on 62-bit limbs; p is public and odd), on the canonical value, as the P-256 and P-384 fields
 * do (fe_p256_mont.h, fe_p384_fold.h).  It replaced Fermat's a^(p-2) by the addition chain of
 * Bernstein's curve25519 reference software (254 squarings and 11 multiplications).
 * Bounds: a as the field's canonical takes it (in L), r < p (in T).  Constant time in a:
 * canonical and from_words are straight-line code, and modinv.h's batch count and indices depend
 * on p only, its choices are masks.
 */
#include "scalar/modinv.h"

/* p = 2^255 - 19 as four little-endian words, for modinv */
static const uint64_t INVF(p_words)[4] = {0xffffffffffffffedULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL,
                                          0x7fffffffffffffffULL};

FE25519_INV_FN void INVF(inv)(INVF(fe) *r, const INVF(fe) *a) {
    uint64_t w[4];
    INVF(canonical)(w, a);
    modinv_mod_prime(w, w, INVF(p_words), 4, 255);
    INVF(from_words)(r, w);
    ecedu_wipe(w, sizeof w);
}
