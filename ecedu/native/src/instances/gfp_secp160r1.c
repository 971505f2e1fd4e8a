/*
 * gfp_secp160r1.c -- secp160r1: the curve template curve/prime/sw.tmpl.h over the generic
 * Montgomery field field/gfp/fe_mont.tmpl.h.  A specialised field (field/gfp/fe_<name>.h with
 * the same fe interface) drops in by changing the FE lines only.  Constants:
 * curve/prime/sec2_prime_params.h (generated from ecedu/curves/sec2.py).
 */
#include "internal.h"
#include "curve/prime/sec2_prime_params.h"

/* the field: generic CIOS Montgomery at ECEDU_PC_SECP160R1_LIMBS limbs */
#define FEM(name) p160m_##name
#define FEM_LIMBS ECEDU_PC_SECP160R1_LIMBS
#define FEM_BYTES ECEDU_PC_SECP160R1_BYTES
#define FEM_P ECEDU_PC_SECP160R1_P
#define FEM_PINV ECEDU_PC_SECP160R1_PINV
#define FEM_RR ECEDU_PC_SECP160R1_RR
/* p = 2^PBITS - PC with PC shorter than p: the sparse reduction row (measured faster) */
#define FEM_PBITS ECEDU_PC_SECP160R1_PBITS
#define FEM_PC ECEDU_PC_SECP160R1_PC
#define FEM_PCLIMBS ECEDU_PC_SECP160R1_PCLIMBS
#include "field/gfp/fe_mont.tmpl.h"

/* the fe interface the curve template uses */
#define FE(name) p160m_##name
#define FE_BYTES p160m_BYTES
#include "field/gfp/fe_bind.h"

/* the curve */
#define PC(name) p160_##name
#define PC_TABLE_NAME ecedu_pcurve_secp160r1
#define PC_A_ZERO ECEDU_PC_SECP160R1_A_ZERO
#define PC_P ECEDU_PC_SECP160R1_P
#define PC_PW ECEDU_PC_SECP160R1_LIMBS
#define PC_B ECEDU_PC_SECP160R1_B
#define PC_GX ECEDU_PC_SECP160R1_GX
#define PC_GY ECEDU_PC_SECP160R1_GY
#define PC_N ECEDU_PC_SECP160R1_N
#define PC_NW ECEDU_PC_SECP160R1_NW
#define PC_NBITS ECEDU_PC_SECP160R1_NBITS
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"
