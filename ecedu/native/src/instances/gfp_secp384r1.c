/*
 * gfp_secp384r1.c -- secp384r1 (NIST P-384): the curve template curve/prime/sw.tmpl.h over the
 * specialised field field/gfp/fe_p384_fold.h (the ordinary representation, the product
 * reduced by folding 2^384 = 2^128 + 2^96 - 2^32 + 1 mod p), built three times, one copy per
 * prime-field level:
 *   here                   the C product (ECEDU_FE_PORTABLE_UNIT: no flag test), table
 *                          ecedu_pcurve_secp384r1_portable;
 *   gfp_secp384r1_mulx.c   the MULX/ADCX/ADOX product (ECEDU_FE_ADX_UNIT), the unit
 *                          compiled for BMI2/ADX, table ecedu_pcurve_secp384r1_mulx;
 *   gfp_secp384r1_ifma.c   field/gfp/fe_p384_ifma.h (eight 48-bit limbs, the AVX-512 IFMA
 *                          product), the unit compiled for AVX512F/VL/IFMA, table
 *                          ecedu_pcurve_secp384r1_ifma;
 * and the table the protocols call, ecedu_pcurve_secp384r1 (at the end of this file), picks
 * one per call by cpu.c's public flags, ifma > mulx > portable (ecedu_gfp_ifma_enabled(),
 * ecedu_gfp_mulx_enabled()).  Measured standalone (min TSC
 * ticks of one k Q, shared machine): the generic Montgomery field fe_mont.tmpl.h 371,000,
 * this field 308,000 (C product) and 295,000 (MULX product).  The ifma copy against the mulx
 * one (python -m ecedu speed ecdh / ecdsa --cycles --curves P-384, min TSC ticks, the Xeon,
 * load 10): ECDH 346,000 -> 254,000, k G 97,500 -> 59,900, verify 365,000 -> 281,000.  Constants:
 * curve/prime/sec2_prime_params.h (generated from ecedu/curves/sec2.py).
 */
#include "internal.h"
#include "curve/prime/sec2_prime_params.h"

/* the field: p384 in the ordinary representation, the fold W^6 = c, the C product */
#define ECEDU_FE_PORTABLE_UNIT 1
#include "field/gfp/fe_p384_fold.h"

/* the fe interface the curve template uses */
#define FE(name) p384f_##name
#define FE_BYTES P384F_BYTES
#include "field/gfp/fe_bind.h"
#define FE_HALF FE(half) /* the a = -3 doubling with a halving (sw.tmpl.h PC(jdbl)) */

/* the curve */
#define PC(name) p384_##name
#define PC_TABLE_NAME ecedu_pcurve_secp384r1_portable
#define FE_INV_VARTIME FE(inv_vartime) /* the table's inversion (public data) */
#define PC_AFFINE_TABLE 1 /* PC(mul) adds from an affine table (curve/prime/README.md) */
#define PC_CURVE(name) ECEDU_PC_SECP384R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"

/* ------------------------------------------------------------ the level, per call */

#define PCL(name) p384_level_##name
#define PCL_TABLE_NAME ecedu_pcurve_secp384r1
/* the ifma level implies mulx */
#define PCL_PICK                                                                                                      \
    (ecedu_gfp_ifma_enabled()   ? &ecedu_pcurve_secp384r1_ifma                                                         \
     : ecedu_gfp_mulx_enabled() ? &ecedu_pcurve_secp384r1_mulx                                                         \
                                : &ecedu_pcurve_secp384r1_portable)
#include "instances/gfp_level.tmpl.h"
#include "instances/gfp_undef.h"
