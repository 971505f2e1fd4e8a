/*
 * gfp_secp521r1.c -- secp521r1 (NIST P-521): the curve template curve/prime/sw.tmpl.h over the
 * specialised field field/gfp/fe_p521_unsat.h (nine unsaturated 58-bit limbs, delayed
 * carries), the fastest fe implementation measured for this prime (curve/prime/README.md); any
 * other one with the fe interface drops in by changing the FE lines only.  Built twice, one copy
 * per prime-field level:
 *   here                   this field (the portable and the mulx levels), table
 *                          ecedu_pcurve_secp521r1_portable;
 *   gfp_secp521r1_ifma.c   field/gfp/fe_p521_ifma.h (eleven 48-bit limbs, the AVX-512 IFMA
 *                          product), table ecedu_pcurve_secp521r1_ifma;
 * and the table the protocols call, ecedu_pcurve_secp521r1 (at the end of this file), picks one
 * per call by cpu.c's public flag ecedu_gfp_ifma_enabled().  Measured (the EPYC, shared machine,
 * noisy: python -m ecedu speed ecdh --curves P-521 --seconds 0.3 --windows 3 --openssl-runs 1, with
 * ECEDU_PRIME_IMPL=ifma and =mulx alternating): ECDH 6000-6400 against 3600-4500 per second.  Constants:
 * curve/prime/sec2_prime_params.h (generated from ecedu/curves/sec2.py).
 */
#include "internal.h"
#include "curve/prime/sec2_prime_params.h"

/* the field: nine unsaturated 58-bit limbs, delayed carries */
#include "field/gfp/fe_p521_unsat.h"

/* the fe interface the curve template uses */
#define FE(name) p521u_##name
#define FE_BYTES P521U_BYTES
#include "field/gfp/fe_bind.h"

/* the curve */
#define PC(name) p521_##name
#define PC_TABLE_NAME ecedu_pcurve_secp521r1_portable
#define PC_A_ZERO ECEDU_PC_SECP521R1_A_ZERO
#define PC_P ECEDU_PC_SECP521R1_P
#define PC_PW ECEDU_PC_SECP521R1_LIMBS
#define PC_B ECEDU_PC_SECP521R1_B
#define PC_GX ECEDU_PC_SECP521R1_GX
#define PC_GY ECEDU_PC_SECP521R1_GY
#define PC_N ECEDU_PC_SECP521R1_N
#define PC_NW ECEDU_PC_SECP521R1_NW
#define PC_NBITS ECEDU_PC_SECP521R1_NBITS
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"

/* ------------------------------------------------------------ the level, per call */

static const ecedu_pcurve_impl *p521_level(void) {
    return ecedu_gfp_ifma_enabled() ? &ecedu_pcurve_secp521r1_ifma : &ecedu_pcurve_secp521r1_portable;
}

static int p521_level_decode(const uint8_t *in, size_t len, uint8_t *ox, uint8_t *oy) {
    return p521_level()->decode(in, len, ox, oy);
}

static int p521_level_validate(const uint8_t *x, const uint8_t *y) {
    return p521_level()->validate(x, y);
}

static void p521_level_mul(const uint64_t *k, const uint8_t *x, const uint8_t *y, uint8_t *ox, uint8_t *oy) {
    p521_level()->mul(k, x, y, ox, oy);
}

static int p521_level_mul_base(const uint64_t *k, uint8_t *ox, uint8_t *oy) {
    return p521_level()->mul_base(k, ox, oy);
}

static int p521_level_mul_joint_vartime(const uint64_t *u1, const uint64_t *u2, const uint8_t *qx,
                                        const uint8_t *qy, uint8_t *ox) {
    return p521_level()->mul_joint_vartime(u1, u2, qx, qy, ox);
}

static int p521_level_verify_x_vartime(const uint64_t *u1, const uint64_t *u2, const uint8_t *qx,
                                       const uint8_t *qy, const uint64_t *r) {
    return p521_level()->verify_x_vartime(u1, u2, qx, qy, r);
}

static int p521_level_point_op(int op, const uint8_t *p1, const uint8_t *p2, uint8_t *out) {
    return p521_level()->point_op(op, p1, p2, out);
}

const ecedu_pcurve_impl ecedu_pcurve_secp521r1 = {
    p521_level_decode,   p521_level_validate,          p521_level_mul,
    p521_level_mul_base, p521_level_mul_joint_vartime, p521_level_point_op,
    NULL, /* glv_op: no endomorphism on P-521 */
    p521_level_verify_x_vartime,
};
