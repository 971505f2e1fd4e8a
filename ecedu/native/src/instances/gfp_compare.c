/*
 * gfp_compare.c -- the other field of five prime curves, for the curve-level "generic against
 * specialised field" comparison of the benchmarks only (the Gueron-Krasnov and Ubuntu
 * ec_nistp_64_gcc_128 tables rerun at curve level): the same curve/prime/sw.tmpl.h as the
 * instances, over the field they do NOT use (curve/prime/README.md, measured):
 *   secp224r1  over the unsaturated field/gfp/fe_p224_unsat.h (the instance: generic CIOS)
 *   secp256r1  over the generic CIOS field/gfp/fe_mont.tmpl.h (the instance: fe_p256_mont.h)
 *   secp521r1  over the generic CIOS field/gfp/fe_mont.tmpl.h (the instance: fe_p521_unsat.h)
 *   secp192r1  over the Solinas field/gfp/fe_p192_solinas.h (the instance: generic CIOS)
 *   secp384r1  over the Solinas field/gfp/fe_p384_solinas.h (the instance: generic CIOS)
 * Tables ecedu_pcurve_<curve>_compare (internal.h), reached only through the curve-level
 * benchmark of bench.c; the protocols never call them.  Same constant-time code as the
 * instances (the field is the only difference).
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
#define PC_AFFINE_TABLE 1 /* as the specialised copy: only the field differs */
#define PC_CURVE(name) ECEDU_PC_SECP521R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"


/* ------------------------------------------------------------ secp192r1, Solinas */

#include "field/gfp/fe_p192_solinas.h"
#define FE(name) p192s_##name
#define FE_BYTES P192S_BYTES
#include "field/gfp/fe_bind.h"

/* the curve */
#define PC(name) p192sc_##name
#define PC_TABLE_NAME ecedu_pcurve_secp192r1_compare
#define PC_CURVE(name) ECEDU_PC_SECP192R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"

/* ------------------------------------------------------------ secp384r1, Solinas */

#include "field/gfp/fe_p384_solinas.h"
#define FE(name) p384s_##name
#define FE_BYTES P384S_BYTES
#include "field/gfp/fe_bind.h"

/* the curve */
#define PC(name) p384sc_##name
#define PC_TABLE_NAME ecedu_pcurve_secp384r1_compare
#define PC_AFFINE_TABLE 1 /* as the specialised copy: only the field differs */
#define PC_CURVE(name) ECEDU_PC_SECP384R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"
