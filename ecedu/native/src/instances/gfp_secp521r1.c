/*
 * gfp_secp521r1.c -- secp521r1 (NIST P-521): the curve template curve/prime/sw.tmpl.h over the
 * specialised field field/gfp/fe_p521_unsat.h (nine unsaturated 58-bit limbs, delayed
 * carries), the fastest fe implementation measured for this prime (curve/prime/README.md); any
 * other one with the fe interface drops in by changing the FE lines only.  Constants:
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
#define PC_TABLE_NAME ecedu_pcurve_secp521r1
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
