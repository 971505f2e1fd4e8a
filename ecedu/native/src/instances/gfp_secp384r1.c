/*
 * gfp_secp384r1.c -- secp384r1 (NIST P-384): the curve template curve/prime/sw.tmpl.h over the
 * specialised field field/gfp/fe_p384_solinas.h (Solinas reduction of FIPS 186-4 D.2 (GECC
 * Alg. 2.30)), the fastest fe implementation measured for this prime (curve/prime/README.md);
 * any other one with the fe interface drops in by changing the FE_* lines only.  Constants:
 * curve/prime/sec2_prime_params.h (generated from ecedu/curves/sec2.py).
 */
#include "internal.h"
#include "curve/prime/sec2_prime_params.h"

/* the field: Solinas reduction of FIPS 186-4 D.2 (GECC Alg. 2.30) */
#include "field/gfp/fe_p384_solinas.h"

/* the fe interface the curve template uses */
#define FE_T p384s_fe
#define FE_BYTES P384S_BYTES
#define FE_FROM_BYTES p384s_from_bytes
#define FE_TO_BYTES p384s_to_bytes
#define FE_SET_SMALL p384s_set_small
#define FE_MUL p384s_mul
#define FE_SQR p384s_sqr
#define FE_ADD p384s_add
#define FE_SUB p384s_sub
#define FE_NEG p384s_neg
#define FE_CMOV p384s_cmov
#define FE_IS_ZERO p384s_is_zero
#define FE_INV p384s_inv

/* the curve */
#define PC(name) p384_##name
#define PC_TABLE_NAME ecedu_pcurve_secp384r1
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

#undef FE_T
#undef FE_BYTES
#undef FE_FROM_BYTES
#undef FE_TO_BYTES
#undef FE_SET_SMALL
#undef FE_MUL
#undef FE_SQR
#undef FE_ADD
#undef FE_SUB
#undef FE_NEG
#undef FE_CMOV
#undef FE_IS_ZERO
#undef FE_INV
#undef PC
#undef PC_TABLE_NAME
#undef PC_A_ZERO
#undef PC_P
#undef PC_PW
#undef PC_B
#undef PC_GX
#undef PC_GY
#undef PC_N
#undef PC_NW
#undef PC_NBITS
