/*
 * gfp_secp384r1.c -- secp384r1 (NIST P-384): the curve template curve/prime/sw.tmpl.h over the
 * specialised field field/gfp/fe_p384_fold.h (the ordinary representation, the product
 * reduced by folding 2^384 = 2^128 + 2^96 - 2^32 + 1 mod p), built twice, one copy per
 * prime-field level, as gfp_secp224r1.c:
 *   here                   the C product (ECEDU_FE_PORTABLE_UNIT: no flag test), table
 *                          ecedu_pcurve_secp384r1_portable;
 *   gfp_secp384r1_mulx.c   the MULX/ADCX/ADOX product (ECEDU_FE_ADX_UNIT), the unit
 *                          compiled for BMI2/ADX, table ecedu_pcurve_secp384r1_mulx;
 *   gfp_secp384r1_ifma.c   field/gfp/fe_p384_ifma.h (eight 48-bit limbs, the AVX-512 IFMA
 *                          product), the unit compiled for AVX512F/VL/IFMA, table
 *                          ecedu_pcurve_secp384r1_ifma;
 * and the table the protocols call, ecedu_pcurve_secp384r1 (at the end of this file), picks
 * one per call by cpu.c's public flags, ifma > mulx > portable (ecedu_gfp_ifma_enabled(),
 * ecedu_gfp_mulx_enabled()).  Measured standalone (min TSC
 * ticks of one k Q, shared machine): the generic Montgomery field fe_mont.tmpl.h 371,000,
 * this field 308,000 (C product) and 295,000 (MULX product).  The ifma copy against the mulx
 * one (python -m ecedu speed ecdh / ecdsa --cycles --curves P-384, min TSC ticks, the Xeon,
 * load 10): ECDH 346,000 -> 254,000, k G 97,500 -> 59,900, verify 365,000 -> 281,000.  Constants:
 * curve/prime/sec2_prime_params.h (generated from ecedu/curves/sec2.py).
 */
#include "internal.h"
#include "curve/prime/sec2_prime_params.h"

/* the field: p384 in the ordinary representation, the fold W^6 = c, the C product */
#define ECEDU_FE_PORTABLE_UNIT 1
#include "field/gfp/fe_p384_fold.h"

/* the fe interface the curve template uses */
#define FE(name) p384f_##name
#define FE_BYTES P384F_BYTES
#include "field/gfp/fe_bind.h"
#define FE_HALF FE(half) /* the a = -3 doubling with a halving (sw.tmpl.h PC(jdbl)) */

/* the curve */
#define PC(name) p384_##name
#define PC_TABLE_NAME ecedu_pcurve_secp384r1_portable
#define PC_A_ZERO ECEDU_PC_SECP384R1_A_ZERO
#define PC_P ECEDU_PC_SECP384R1_P
#define PC_PW ECEDU_PC_SECP384R1_LIMBS
#define PC_B ECEDU_PC_SECP384R1_B
#define PC_GX ECEDU_PC_SECP384R1_GX
#define PC_GY ECEDU_PC_SECP384R1_GY
#define PC_N ECEDU_PC_SECP384R1_N
#define PC_NW ECEDU_PC_SECP384R1_NW
#define PC_NBITS ECEDU_PC_SECP384R1_NBITS
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"

/* ------------------------------------------------------------ the level, per call */

static const ecedu_pcurve_impl *p384_level(void) {
    if (ecedu_gfp_ifma_enabled()) return &ecedu_pcurve_secp384r1_ifma; /* the ifma level implies mulx */
    return ecedu_gfp_mulx_enabled() ? &ecedu_pcurve_secp384r1_mulx : &ecedu_pcurve_secp384r1_portable;
}

static int p384_level_decode(const uint8_t *in, size_t len, uint8_t *ox, uint8_t *oy) {
    return p384_level()->decode(in, len, ox, oy);
}

static int p384_level_validate(const uint8_t *x, const uint8_t *y) {
    return p384_level()->validate(x, y);
}

static void p384_level_mul(const uint64_t *k, const uint8_t *x, const uint8_t *y, uint8_t *ox, uint8_t *oy) {
    p384_level()->mul(k, x, y, ox, oy);
}

static int p384_level_mul_base(const uint64_t *k, uint8_t *ox, uint8_t *oy) {
    return p384_level()->mul_base(k, ox, oy);
}

static int p384_level_mul_joint_vartime(const uint64_t *u1, const uint64_t *u2, const uint8_t *qx,
                                        const uint8_t *qy, uint8_t *ox) {
    return p384_level()->mul_joint_vartime(u1, u2, qx, qy, ox);
}

static int p384_level_verify_x_vartime(const uint64_t *u1, const uint64_t *u2, const uint8_t *qx,
                                       const uint8_t *qy, const uint64_t *r) {
    return p384_level()->verify_x_vartime(u1, u2, qx, qy, r);
}

static int p384_level_point_op(int op, const uint8_t *p1, const uint8_t *p2, uint8_t *out) {
    return p384_level()->point_op(op, p1, p2, out);
}

const ecedu_pcurve_impl ecedu_pcurve_secp384r1 = {
    p384_level_decode,   p384_level_validate,          p384_level_mul,
    p384_level_mul_base, p384_level_mul_joint_vartime, p384_level_point_op,
    NULL, /* glv_op: no endomorphism on P-384 */
    p384_level_verify_x_vartime,
};
