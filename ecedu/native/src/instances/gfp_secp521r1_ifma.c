/*
 * gfp_secp521r1_ifma.c -- secp521r1 (NIST P-521) at the "ifma" prime-field level:
 * curve/prime/sw.tmpl.h over field/gfp/fe_p521_ifma.h (eleven 48-bit limbs, the AVX-512 IFMA
 * product and square), this whole unit compiled for AVX512F/VL/IFMA (the pragma; the field header
 * sets it for its own functions too).  Table ecedu_pcurve_secp521r1_ifma, called by
 * gfp_secp521r1.c only while ecedu_gfp_ifma_enabled() (cpu.c: the CPU has AVX512F, AVX512VL,
 * AVX512-IFMA, the OS saves the zmm state, and the level is not forced lower).
 */
#pragma GCC target("avx512f,avx512vl,avx512ifma")
#include "internal.h"
#include "curve/prime/sec2_prime_params.h"

/* the field: eleven unsaturated 48-bit limbs, the IFMA product */
#include "field/gfp/fe_p521_ifma.h"

/* the fe interface the curve template uses */
#define FE(name) p521i_##name
#define FE_BYTES P521I_BYTES
#include "field/gfp/fe_bind.h"
#define FE_LIN FE(lin) /* the a = -3 doubling by 3M + 5S with fused combinations (sw.tmpl.h PC(jdbl)) */

/* the curve */
#define PC(name) p521_##name
#define PC_TABLE_NAME ecedu_pcurve_secp521r1_ifma
#define FE_INV_VARTIME FE(inv_vartime) /* the table's inversion (public data) */
#define PC_AFFINE_TABLE 1 /* PC(mul) adds from an affine table (curve/prime/README.md) */
#define PC_CURVE(name) ECEDU_PC_SECP521R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"
