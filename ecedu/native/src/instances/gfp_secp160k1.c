/*
 * gfp_secp160k1.c -- secp160k1 (SEC 2; a = 0 as secp256k1): the curve template
 * curve/prime/sw.tmpl.h (a = 0 formulas) over the generic Montgomery field field/gfp/fe_mont.tmpl.h
 * (p = 2^160 - c has no fast reduction ecedu implements).  Constants: curve/prime/sec2_prime_params.h
 * (generated from ecedu/curves/sec2.py).  n has 161 bits (> p): scalars of 3 words, 21 bytes.
 */
#include "internal.h"
#include "curve/prime/sec2_prime_params.h"
#include "curve/prime/glv_params.h"

/* the field: generic CIOS Montgomery at ECEDU_PC_SECP160K1_LIMBS limbs */
#define FEM(name) k160m_##name
#define FEM_LIMBS ECEDU_PC_SECP160K1_LIMBS
#define FEM_BYTES ECEDU_PC_SECP160K1_BYTES
#define FEM_P ECEDU_PC_SECP160K1_P
#define FEM_PINV ECEDU_PC_SECP160K1_PINV
#define FEM_RR ECEDU_PC_SECP160K1_RR
/* p = 2^PBITS - PC with PC shorter than p: the sparse reduction row (measured faster) */
#define FEM_PBITS ECEDU_PC_SECP160K1_PBITS
#define FEM_PC ECEDU_PC_SECP160K1_PC
#define FEM_PCLIMBS ECEDU_PC_SECP160K1_PCLIMBS
#include "field/gfp/fe_mont.tmpl.h"

/* the fe interface the curve template uses */
#define FE(name) k160m_##name
#define FE_BYTES k160m_BYTES
#include "field/gfp/fe_bind.h"

/* the curve */
#define PC(name) k160_##name
#define PC_TABLE_NAME ecedu_pcurve_secp160k1
#define PC_CURVE(name) ECEDU_PC_SECP160K1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
/* the GLV endomorphism (curve/prime/glv.tmpl.h; constants derived by tools/gen_curves.py) */
#define PC_GLV 1
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"
