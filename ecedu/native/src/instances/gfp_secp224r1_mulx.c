/*
 * gfp_secp224r1_mulx.c -- secp224r1 (NIST P-224) at the MULX level: curve/prime/sw.tmpl.h over
 * field/gfp/fe_p224_fold.h (the ordinary representation, the MULX/ADCX/ADOX product and
 * squaring with the fold 2^224 = 2^96 - 1 in the same assembly), this whole unit compiled for
 * BMI2 and ADX (the pragma only, as gfp_secp256r1_mulx.c) with ECEDU_FE_ADX_UNIT, so the
 * assembly is inlined into the formulas.  It replaced fe_p224_mont.h (Montgomery by p's
 * words, CIOS with the reduction in the product's chain) here: standalone, min TSC ticks of
 * one k Q, shared machine, 118,600 -> 91,900; a product in a dependent chain 49.0 -> 36.2,
 * a squaring 38.8 -> 31.2; with the field's divsteps inversion (scalar/modinv.h) instead of
 * the addition chain, 89,800.  Table ecedu_pcurve_secp224r1_mulx,
 * called by gfp_secp224r1.c only while ecedu_gfp_mulx_enabled() (the CPU has BMI2 and ADX).
 */
#pragma GCC target("bmi2,adx")
#define ECEDU_FE_ADX_UNIT 1
#include "internal.h"
#include "curve/prime/sec2_prime_params.h"

/* the field: P-224 folded, the MULX/ADCX/ADOX product and squaring */
#include "field/gfp/fe_p224_fold.h"

/* the fe interface the curve template uses */
#define FE(name) p224f_##name
#define FE_BYTES P224F_BYTES
#include "field/gfp/fe_bind.h"
#define FE_HALF FE(half) /* the a = -3 doubling with a halving (sw.tmpl.h PC(jdbl)) */
#define FE_INV_VARTIME FE(inv_vartime) /* the table's inversion (public data) */
#define PC_AFFINE_TABLE 1 /* PC(mul) adds from an affine table (curve/prime/README.md) */

/* the curve */
#define PC(name) p224_##name
#define PC_TABLE_NAME ecedu_pcurve_secp224r1_mulx
#define PC_CURVE(name) ECEDU_PC_SECP224R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"
