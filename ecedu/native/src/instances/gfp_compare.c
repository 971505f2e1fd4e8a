/*
 * gfp_compare.c -- the other field of six prime curves, for the curve-level "generic against
 * specialised field" comparison of the benchmarks only (the Gueron-Krasnov and Ubuntu
 * ec_nistp_64_gcc_128 tables rerun at curve level): the same curve/prime/sw.tmpl.h as the
 * instances, over the field they do NOT use (curve/prime/README.md, measured):
 *   secp224r1  over the unsaturated field/gfp/fe_p224_unsat.h (the instance at the portable
 *              level: generic CIOS; at the MULX level bench.c compares fe_p224_fold.h's instance
 *              with the portable one instead)
 *   secp256r1  over the generic CIOS field/gfp/fe_mont.tmpl.h (the instance: fe_p256_mont.h),
 *              and over the unsaturated field/gfp/fe_p256_unsat.h (ecedu_pcurve_secp256r1_unsat:
 *              the third column of the Gueron-Krasnov table)
 *   secp521r1  over the generic CIOS field (the instance: fe_p521_unsat.h, fe_p521_ifma.h)
 *   secp160r1  over the generic CIOS field (the instance: fe_p160_crandall.h)
 *   secp192r1  over the generic CIOS field (the instance: fe_p192_fold.h)
 *   secp384r1  over the generic CIOS field (the instance: fe_p384_fold.h, fe_p384_ifma.h)
 * (Until 6 December 2026 P-192 and P-384 were compared here over their Solinas fields,
 * fe_p192_solinas.h and fe_p384_solinas.h, from when their instances were generic; since the
 * instances moved to the folds, "generic" must mean the CIOS field, so the copies are generic.
 * The Solinas fields stay for the field-level comparison, field/gfp/variants.c.)
 * Tables ecedu_pcurve_<curve>_compare (internal.h), reached only through the curve-level
 * benchmark of bench.c; the protocols never call them.  Same constant-time code as the
 * instances; the field differs, and with it what the field offers the formulas (FE_HALF,
 * FE_LIN: sw.tmpl.h's doubling).
 */
#include "internal.h"
#include "curve/prime/sec2_prime_params.h"

/* ------------------------------------------------------------ secp224r1, unsaturated */

#include "field/gfp/fe_p224_unsat.h"
#define FE(name) p224u_##name
#define FE_BYTES P224U_BYTES
#include "field/gfp/fe_bind.h"

/* the curve */
#define PC(name) p224uc_##name
#define PC_TABLE_NAME ecedu_pcurve_secp224r1_compare
#define PC_CURVE(name) ECEDU_PC_SECP224R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"


/* ------------------------------------------------------------ secp256r1, generic */

/* the field: generic CIOS Montgomery at ECEDU_PC_SECP256R1_LIMBS limbs */
#define FEM(name) p256g_##name
#define FEM_LIMBS ECEDU_PC_SECP256R1_LIMBS
#define FEM_BYTES ECEDU_PC_SECP256R1_BYTES
#define FEM_P ECEDU_PC_SECP256R1_P
#define FEM_PINV ECEDU_PC_SECP256R1_PINV
#define FEM_RR ECEDU_PC_SECP256R1_RR
#include "field/gfp/fe_mont.tmpl.h"

/* the fe interface the curve template uses */
#define FE(name) p256g_##name
#define FE_BYTES p256g_BYTES
#include "field/gfp/fe_bind.h"

/* the curve */
#define PC(name) p256gc_##name
#define PC_TABLE_NAME ecedu_pcurve_secp256r1_compare
#define PC_CURVE(name) ECEDU_PC_SECP256R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"

/* ------------------------------------------------------------ secp256r1, unsaturated */

/* the field: four unsaturated limbs of weight 2^64 in 128-bit words (ec_nistp_64_gcc_128's
 * representation; the middle column of the Gueron-Krasnov table, seed 003) */
#include "field/gfp/fe_p256_unsat.h"
#define FE(name) p256u_##name
#define FE_BYTES P256U_BYTES
#include "field/gfp/fe_bind.h"

/* the curve */
#define PC(name) p256uc_##name
#define PC_TABLE_NAME ecedu_pcurve_secp256r1_unsat
#define PC_CURVE(name) ECEDU_PC_SECP256R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"

/* ------------------------------------------------------------ secp521r1, generic */

/* the field: generic CIOS Montgomery at ECEDU_PC_SECP521R1_LIMBS limbs */
#define FEM(name) p521g_##name
#define FEM_LIMBS ECEDU_PC_SECP521R1_LIMBS
#define FEM_BYTES ECEDU_PC_SECP521R1_BYTES
#define FEM_P ECEDU_PC_SECP521R1_P
#define FEM_PINV ECEDU_PC_SECP521R1_PINV
#define FEM_RR ECEDU_PC_SECP521R1_RR
#include "field/gfp/fe_mont.tmpl.h"

/* the fe interface the curve template uses */
#define FE(name) p521g_##name
#define FE_BYTES p521g_BYTES
#include "field/gfp/fe_bind.h"

/* the curve */
#define PC(name) p521gc_##name
#define PC_TABLE_NAME ecedu_pcurve_secp521r1_compare
#define PC_AFFINE_TABLE 1 /* as the instance: the field differs, with what it offers (FE_LIN, FE_INV_VARTIME) */
#define PC_CURVE(name) ECEDU_PC_SECP521R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"


/* ------------------------------------------------------------ secp160r1, generic */

/* the field: generic CIOS Montgomery at ECEDU_PC_SECP160R1_LIMBS limbs */
#define FEM(name) p160g_##name
#define FEM_LIMBS ECEDU_PC_SECP160R1_LIMBS
#define FEM_BYTES ECEDU_PC_SECP160R1_BYTES
#define FEM_P ECEDU_PC_SECP160R1_P
#define FEM_PINV ECEDU_PC_SECP160R1_PINV
#define FEM_RR ECEDU_PC_SECP160R1_RR
#include "field/gfp/fe_mont.tmpl.h"

/* the fe interface the curve template uses */
#define FE(name) p160g_##name
#define FE_BYTES p160g_BYTES
#include "field/gfp/fe_bind.h"

/* the curve */
#define PC(name) p160gc_##name
#define PC_TABLE_NAME ecedu_pcurve_secp160r1_compare
#define PC_CURVE(name) ECEDU_PC_SECP160R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"

/* ------------------------------------------------------------ secp192r1, generic */

/* the field: generic CIOS Montgomery at ECEDU_PC_SECP192R1_LIMBS limbs */
#define FEM(name) p192g_##name
#define FEM_LIMBS ECEDU_PC_SECP192R1_LIMBS
#define FEM_BYTES ECEDU_PC_SECP192R1_BYTES
#define FEM_P ECEDU_PC_SECP192R1_P
#define FEM_PINV ECEDU_PC_SECP192R1_PINV
#define FEM_RR ECEDU_PC_SECP192R1_RR
#include "field/gfp/fe_mont.tmpl.h"

/* the fe interface the curve template uses */
#define FE(name) p192g_##name
#define FE_BYTES p192g_BYTES
#include "field/gfp/fe_bind.h"

/* the curve */
#define PC(name) p192gc_##name
#define PC_TABLE_NAME ecedu_pcurve_secp192r1_compare
#define PC_CURVE(name) ECEDU_PC_SECP192R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"

/* ------------------------------------------------------------ secp384r1, generic */

/* the field: generic CIOS Montgomery at ECEDU_PC_SECP384R1_LIMBS limbs */
#define FEM(name) p384g_##name
#define FEM_LIMBS ECEDU_PC_SECP384R1_LIMBS
#define FEM_BYTES ECEDU_PC_SECP384R1_BYTES
#define FEM_P ECEDU_PC_SECP384R1_P
#define FEM_PINV ECEDU_PC_SECP384R1_PINV
#define FEM_RR ECEDU_PC_SECP384R1_RR
#include "field/gfp/fe_mont.tmpl.h"

/* the fe interface the curve template uses */
#define FE(name) p384g_##name
#define FE_BYTES p384g_BYTES
#include "field/gfp/fe_bind.h"

/* the curve */
#define PC(name) p384gc_##name
#define PC_TABLE_NAME ecedu_pcurve_secp384r1_compare
#define PC_AFFINE_TABLE 1 /* as the specialised instance: the field and its doubling differ */
#define PC_CURVE(name) ECEDU_PC_SECP384R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"
