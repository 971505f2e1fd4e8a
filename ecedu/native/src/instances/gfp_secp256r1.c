/*
 * gfp_secp256r1.c -- secp256r1 (NIST P-256): the curve template curve/prime/sw.tmpl.h over the
 * specialised field field/gfp/fe_p256_mont.h (Montgomery multiplication by the word structure
 * of p, Gueron-Krasnov), the fastest fe implementation measured for this prime
 * (curve/prime/README.md).  The curve is built twice, one copy per prime-field level:
 *   here                   the portable C product (ECEDU_FE_PORTABLE_UNIT: no flag test
 *                          inside the field), table ecedu_pcurve_secp256r1_portable;
 *   gfp_secp256r1_mulx.c   the whole unit compiled for BMI2/ADX, the MULX/ADCX/ADOX product
 *                          inlined (ECEDU_FE_ADX_UNIT), table ecedu_pcurve_secp256r1_mulx;
 * and the table the protocols call, ecedu_pcurve_secp256r1 (at the end of this file), picks
 * one per call by cpu.c's flag ecedu_gfp_mulx_enabled() (CPUID has BMI2 and ADX, the level
 * not forced to portable), as the binary curves pick their level's table in cpu.c.  The flag
 * is public: the choice is constant time.  Constants: curve/prime/sec2_prime_params.h
 * (generated from ecedu/curves/sec2.py).
 */
#define ECEDU_FE_PORTABLE_UNIT 1
#include "internal.h"
#include "curve/prime/sec2_prime_params.h"

/* the field: P-256 Montgomery form, the portable product */
#include "field/gfp/fe_p256_mont.h"

/* the fe interface the curve template uses */
#define FE(name) p256m_##name
#define FE_BYTES P256M_BYTES
#include "field/gfp/fe_bind.h"
#define FE_HALF FE(half)

/* the curve */
#define PC(name) p256_##name
#define PC_TABLE_NAME ecedu_pcurve_secp256r1_portable
#define PC_A_ZERO ECEDU_PC_SECP256R1_A_ZERO
#define PC_P ECEDU_PC_SECP256R1_P
#define PC_PW ECEDU_PC_SECP256R1_LIMBS
#define PC_B ECEDU_PC_SECP256R1_B
#define PC_GX ECEDU_PC_SECP256R1_GX
#define PC_GY ECEDU_PC_SECP256R1_GY
#define PC_N ECEDU_PC_SECP256R1_N
#define PC_NW ECEDU_PC_SECP256R1_NW
#define PC_NBITS ECEDU_PC_SECP256R1_NBITS
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"

/* ------------------------------------------------------------ the level, per call */

static const ecedu_pcurve_impl *p256_level(void) {
    return ecedu_gfp_mulx_enabled() ? &ecedu_pcurve_secp256r1_mulx : &ecedu_pcurve_secp256r1_portable;
}

static int p256_level_decode(const uint8_t *in, size_t len, uint8_t *ox, uint8_t *oy) {
    return p256_level()->decode(in, len, ox, oy);
}

static int p256_level_validate(const uint8_t *x, const uint8_t *y) {
    return p256_level()->validate(x, y);
}

static void p256_level_mul(const uint64_t *k, const uint8_t *x, const uint8_t *y, uint8_t *ox, uint8_t *oy) {
    p256_level()->mul(k, x, y, ox, oy);
}

static int p256_level_mul_base(const uint64_t *k, uint8_t *ox, uint8_t *oy) {
    return p256_level()->mul_base(k, ox, oy);
}

static int p256_level_mul_joint_vartime(const uint64_t *u1, const uint64_t *u2, const uint8_t *qx,
                                        const uint8_t *qy, uint8_t *ox) {
    return p256_level()->mul_joint_vartime(u1, u2, qx, qy, ox);
}

static int p256_level_verify_x_vartime(const uint64_t *u1, const uint64_t *u2, const uint8_t *qx,
                                       const uint8_t *qy, const uint64_t *r) {
    return p256_level()->verify_x_vartime(u1, u2, qx, qy, r);
}

static int p256_level_point_op(int op, const uint8_t *p1, const uint8_t *p2, uint8_t *out) {
    return p256_level()->point_op(op, p1, p2, out);
}

const ecedu_pcurve_impl ecedu_pcurve_secp256r1 = {
    p256_level_decode,   p256_level_validate,          p256_level_mul,
    p256_level_mul_base, p256_level_mul_joint_vartime, p256_level_point_op,
    NULL, /* glv_op: no endomorphism on P-256 */
    p256_level_verify_x_vartime,
};
