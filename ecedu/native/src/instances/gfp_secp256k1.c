/*
 * gfp_secp256k1.c -- secp256k1 (a = 0): the curve template curve/prime/sw.tmpl.h with the GLV
 * endomorphism (PC_GLV, curve/prime/glv.tmpl.h) over the generic field field/gfp/fe_mont.tmpl.h
 * in its plain mode FEM_PM (not Montgomery form: the ordinary residues, products reduced by
 * folding 2^256 = c mod p, see fe_mont.tmpl.h's contract).  A specialised field
 * (field/gfp/fe_<name>.h with the same fe interface) drops in by changing the FE lines only.
 * Constants:
 * curve/prime/sec2_prime_params.h (generated from ecedu/curves/sec2.py).
 */
#include "internal.h"
#include "curve/prime/sec2_prime_params.h"
#include "curve/prime/glv_params.h"

/* the field: generic CIOS Montgomery at ECEDU_PC_SECP256K1_LIMBS limbs */
#define FEM(name) k256m_##name
#define FEM_LIMBS ECEDU_PC_SECP256K1_LIMBS
#define FEM_BYTES ECEDU_PC_SECP256K1_BYTES
#define FEM_P ECEDU_PC_SECP256K1_P
#define FEM_PINV ECEDU_PC_SECP256K1_PINV
#define FEM_RR ECEDU_PC_SECP256K1_RR
/* p = 2^PBITS - PC with PC shorter than p: the sparse reduction row (measured faster) */
#define FEM_PBITS ECEDU_PC_SECP256K1_PBITS
#define FEM_PC ECEDU_PC_SECP256K1_PC
#define FEM_PCLIMBS ECEDU_PC_SECP256K1_PCLIMBS
/* p = 2^256 - c, c of 33 bits: the plain representation, reduced by folding (fe_mont.tmpl.h's
 * FEM_PM; measured: ECDH 41.5 -> 36.8 us, the Montgomery form's sparse row slower here) */
#define FEM_PM ECEDU_PC_SECP256K1_PM_OK
#include "field/gfp/fe_mont.tmpl.h"

/* the fe interface the curve template uses */
#define FE(name) k256m_##name
#define FE_BYTES k256m_BYTES
#include "field/gfp/fe_bind.h"

/* the curve */
#define PC(name) k256_##name
#define PC_TABLE_NAME ecedu_pcurve_secp256k1
#define PC_CURVE(name) ECEDU_PC_SECP256K1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
/* the GLV endomorphism (curve/prime/glv.tmpl.h; constants derived by tools/gen_curves.py) */
#define PC_GLV 1
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"
