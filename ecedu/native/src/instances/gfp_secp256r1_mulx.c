/*
 * gfp_secp256r1_mulx.c -- secp256r1 (NIST P-256) at the MULX level: the same instance as
 * gfp_secp256r1.c (curve/prime/sw.tmpl.h over field/gfp/fe_p256_mont.h), this whole unit
 * compiled for BMI2 and ADX (the pragma only, as field/gfp/variants_adx.c) with
 * ECEDU_FE_ADX_UNIT, so the MULX/ADCX/ADOX product is inlined into the formulas.  Table
 * ecedu_pcurve_secp256r1_mulx, called by gfp_secp256r1.c only while ecedu_gfp_mulx_enabled()
 * (the CPU has BMI2 and ADX).
 */
#pragma GCC target("bmi2,adx")
#define ECEDU_FE_ADX_UNIT 1
#include "internal.h"
#include "curve/prime/sec2_prime_params.h"

/* the field: P-256 Montgomery form, the MULX/ADCX/ADOX product */
#include "field/gfp/fe_p256_mont.h"

/* the fe interface the curve template uses */
#define FE(name) p256m_##name
#define FE_BYTES P256M_BYTES
#include "field/gfp/fe_bind.h"
#define FE_HALF FE(half)
#define FE_INV_VARTIME FE(inv_vartime) /* the table's inversion (public data) */
#define PC_AFFINE_TABLE 1 /* PC(mul) adds from an affine table (curve/prime/README.md) */

/* the curve */
#define PC(name) p256_##name
#define PC_TABLE_NAME ecedu_pcurve_secp256r1_mulx
#define PC_CURVE(name) ECEDU_PC_SECP256R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"
