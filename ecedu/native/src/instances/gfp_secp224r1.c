/*
 * gfp_secp224r1.c -- secp224r1 (NIST P-224): the curve template curve/prime/sw.tmpl.h, built
 * twice, one copy per prime-field level, each over the fastest field measured at that level:
 *   here                   the generic Montgomery field field/gfp/fe_mont.tmpl.h (portable C:
 *                          measured faster than the portable product of fe_p224_mont.h, 35
 *                          against 54 TSC ticks, and than the unsaturated fe_p224_unsat.h at
 *                          curve level), table ecedu_pcurve_secp224r1_portable;
 *   gfp_secp224r1_mulx.c   field/gfp/fe_p224_fold.h (ordinary representation, the fold
 *                          2^224 = 2^96 - 1) with its MULX/ADCX/ADOX product and squaring
 *                          inlined, the unit compiled for BMI2/ADX, table
 *                          ecedu_pcurve_secp224r1_mulx;
 * and the table the protocols call, ecedu_pcurve_secp224r1 (at the end of this file), picks
 * one per call by cpu.c's public flag ecedu_gfp_mulx_enabled(), as gfp_secp256r1.c does.  The
 * portable field is Montgomery form (R = 2^256), the MULX one is not, but the curve code sees
 * bytes only.  Constants:
 * curve/prime/sec2_prime_params.h (generated from ecedu/curves/sec2.py).
 */
#include "internal.h"
#include "curve/prime/sec2_prime_params.h"

/* the field: generic CIOS Montgomery at ECEDU_PC_SECP224R1_LIMBS limbs */
#define FEM(name) p224m_##name
#define FEM_LIMBS ECEDU_PC_SECP224R1_LIMBS
#define FEM_BYTES ECEDU_PC_SECP224R1_BYTES
#define FEM_P ECEDU_PC_SECP224R1_P
#define FEM_PINV ECEDU_PC_SECP224R1_PINV
#define FEM_RR ECEDU_PC_SECP224R1_RR
/* p = 2^PBITS - PC with PC shorter than p: the sparse reduction row (measured faster) */
#define FEM_PBITS ECEDU_PC_SECP224R1_PBITS
#define FEM_PC ECEDU_PC_SECP224R1_PC
#define FEM_PCLIMBS ECEDU_PC_SECP224R1_PCLIMBS
#include "field/gfp/fe_mont.tmpl.h"

/* the fe interface the curve template uses */
#define FE(name) p224m_##name
#define FE_BYTES p224m_BYTES
#include "field/gfp/fe_bind.h"

/* the curve */
#define PC(name) p224_##name
#define PC_TABLE_NAME ecedu_pcurve_secp224r1_portable
#define PC_A_ZERO ECEDU_PC_SECP224R1_A_ZERO
#define PC_P ECEDU_PC_SECP224R1_P
#define PC_PW ECEDU_PC_SECP224R1_LIMBS
#define PC_B ECEDU_PC_SECP224R1_B
#define PC_GX ECEDU_PC_SECP224R1_GX
#define PC_GY ECEDU_PC_SECP224R1_GY
#define PC_N ECEDU_PC_SECP224R1_N
#define PC_NW ECEDU_PC_SECP224R1_NW
#define PC_NBITS ECEDU_PC_SECP224R1_NBITS
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"

/* ------------------------------------------------------------ the level, per call */

static const ecedu_pcurve_impl *p224_level(void) {
    return ecedu_gfp_mulx_enabled() ? &ecedu_pcurve_secp224r1_mulx : &ecedu_pcurve_secp224r1_portable;
}

static int p224_level_decode(const uint8_t *in, size_t len, uint8_t *ox, uint8_t *oy) {
    return p224_level()->decode(in, len, ox, oy);
}

static int p224_level_validate(const uint8_t *x, const uint8_t *y) {
    return p224_level()->validate(x, y);
}

static void p224_level_mul(const uint64_t *k, const uint8_t *x, const uint8_t *y, uint8_t *ox, uint8_t *oy) {
    p224_level()->mul(k, x, y, ox, oy);
}

static int p224_level_mul_base(const uint64_t *k, uint8_t *ox, uint8_t *oy) {
    return p224_level()->mul_base(k, ox, oy);
}

static int p224_level_mul_joint_vartime(const uint64_t *u1, const uint64_t *u2, const uint8_t *qx,
                                        const uint8_t *qy, uint8_t *ox) {
    return p224_level()->mul_joint_vartime(u1, u2, qx, qy, ox);
}

static int p224_level_verify_x_vartime(const uint64_t *u1, const uint64_t *u2, const uint8_t *qx,
                                       const uint8_t *qy, const uint64_t *r) {
    return p224_level()->verify_x_vartime(u1, u2, qx, qy, r);
}

static int p224_level_point_op(int op, const uint8_t *p1, const uint8_t *p2, uint8_t *out) {
    return p224_level()->point_op(op, p1, p2, out);
}

const ecedu_pcurve_impl ecedu_pcurve_secp224r1 = {
    p224_level_decode,   p224_level_validate,          p224_level_mul,
    p224_level_mul_base, p224_level_mul_joint_vartime, p224_level_point_op,
    NULL, /* glv_op: no endomorphism on P-224 */
    p224_level_verify_x_vartime,
};
