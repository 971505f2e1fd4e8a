/*
 * gfp_secp256r1.c -- secp256r1 (NIST P-256): the curve template curve/prime/sw.tmpl.h over the
 * specialised field field/gfp/fe_p256_mont.h (Montgomery multiplication by the word structure
 * of p, Gueron-Krasnov), the fastest fe implementation measured for this prime
 * (curve/prime/README.md).  The curve is built twice, one copy per prime-field level:
 *   here                   the portable C product (ECEDU_FE_PORTABLE_UNIT: no flag test
 *                          inside the field), table ecedu_pcurve_secp256r1_portable;
 *   gfp_secp256r1_mulx.c   the whole unit compiled for BMI2/ADX, the MULX/ADCX/ADOX product
 *                          inlined (ECEDU_FE_ADX_UNIT), table ecedu_pcurve_secp256r1_mulx;
 * and the table the protocols call, ecedu_pcurve_secp256r1 (at the end of this file), picks
 * one per call by cpu.c's flag ecedu_gfp_mulx_enabled() (CPUID has BMI2 and ADX, the level
 * not forced to portable), as the binary curves pick their level's table in cpu.c.  The flag
 * is public: the choice is constant time.  Constants: curve/prime/sec2_prime_params.h
 * (generated from ecedu/curves/sec2.py).
 */
#define ECEDU_FE_PORTABLE_UNIT 1
#include "internal.h"
#include "curve/prime/sec2_prime_params.h"

/* the field: P-256 Montgomery form, the portable product */
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
#define PC_TABLE_NAME ecedu_pcurve_secp256r1_portable
#define PC_CURVE(name) ECEDU_PC_SECP256R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"

/* ------------------------------------------------------------ the level, per call */

#define PCL(name) p256_level_##name
#define PCL_TABLE_NAME ecedu_pcurve_secp256r1
#define PCL_PICK (ecedu_gfp_mulx_enabled() ? &ecedu_pcurve_secp256r1_mulx : &ecedu_pcurve_secp256r1_portable)
#include "instances/gfp_level.tmpl.h"
#include "instances/gfp_undef.h"
