/*
 * gfp_secp384r1_mulx.c -- secp384r1 (NIST P-384) at the MULX level: curve/prime/sw.tmpl.h over
 * field/gfp/fe_p384_fold.h with its MULX/ADCX/ADOX product (the fold of 2^384 mod p in C),
 * this whole unit compiled for BMI2 and ADX (the pragma only, as gfp_secp256r1_mulx.c) with
 * ECEDU_FE_ADX_UNIT.  Table ecedu_pcurve_secp384r1_mulx,
 * called by gfp_secp384r1.c only while ecedu_gfp_mulx_enabled() (the CPU has BMI2 and ADX).
 */
#pragma GCC target("bmi2,adx")
#define ECEDU_FE_ADX_UNIT 1
#include "internal.h"
#include "curve/prime/sec2_prime_params.h"

/* the field: p384 in the ordinary representation, the MULX/ADCX/ADOX product */
#include "field/gfp/fe_p384_fold.h"

/* the fe interface the curve template uses */
#define FE(name) p384f_##name
#define FE_BYTES P384F_BYTES
#include "field/gfp/fe_bind.h"
#define FE_HALF FE(half) /* the a = -3 doubling with a halving (sw.tmpl.h PC(jdbl)) */

/* the curve */
#define PC(name) p384_##name
#define PC_TABLE_NAME ecedu_pcurve_secp384r1_mulx
#define FE_INV_VARTIME FE(inv_vartime) /* the table's inversion (public data) */
#define PC_AFFINE_TABLE 1 /* PC(mul) adds from an affine table (curve/prime/README.md) */
#define PC_CURVE(name) ECEDU_PC_SECP384R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"
