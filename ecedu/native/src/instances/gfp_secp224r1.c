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
#define PC_CURVE(name) ECEDU_PC_SECP224R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"

/* ------------------------------------------------------------ the level, per call */

#define PCL(name) p224_level_##name
#define PCL_TABLE_NAME ecedu_pcurve_secp224r1
#define PCL_PICK (ecedu_gfp_mulx_enabled() ? &ecedu_pcurve_secp224r1_mulx : &ecedu_pcurve_secp224r1_portable)
#include "instances/gfp_level.tmpl.h"
#include "instances/gfp_undef.h"
