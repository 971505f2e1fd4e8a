/*
 * gfp_secp521r1.c -- secp521r1 (NIST P-521): the curve template curve/prime/sw.tmpl.h over the
 * specialised field field/gfp/fe_p521_unsat.h (nine unsaturated 58-bit limbs, delayed
 * carries), the fastest fe implementation measured for this prime (curve/prime/README.md); any
 * other one with the fe interface drops in by changing the FE lines only.  Built twice: one copy
 * for the portable and mulx levels, one for ifma:
 *   here                   this field (the portable and the mulx levels), table
 *                          ecedu_pcurve_secp521r1_portable;
 *   gfp_secp521r1_ifma.c   field/gfp/fe_p521_ifma.h (eleven 48-bit limbs, the AVX-512 IFMA
 *                          product), table ecedu_pcurve_secp521r1_ifma;
 * and the table the protocols call, ecedu_pcurve_secp521r1 (at the end of this file), picks one
 * per call by cpu.c's public flag ecedu_gfp_ifma_enabled().  Measured (the EPYC, shared machine,
 * noisy: python -m ecedu speed ecdh --curves P-521 --seconds 0.3 --windows 3 --openssl-runs 1, with
 * ECEDU_PRIME_IMPL=ifma and =mulx alternating): ECDH 6000-6400 against 3600-4500 per second.  The
 * doubling of both copies is the 3M + 5S one with fused combinations (FE_LIN), in place of the
 * 4M + 4S one with a halving: AMD EPYC Zen 4, `python -m ecedu speed ecdh|ecdsa --cycles --curves
 * P-521 --runs 300`, two alternations of the builds, min TSC ticks: mulx level ECDH 585k -> 563k,
 * verification 597k -> 576k; ifma level ECDH 359k -> 354.5k, verification 364k -> 360k (signing
 * has no doublings: unchanged).  Constants:
 * curve/prime/sec2_prime_params.h (generated from ecedu/curves/sec2.py).
 */
#include "internal.h"
#include "curve/prime/sec2_prime_params.h"

/* the field: nine unsaturated 58-bit limbs, delayed carries */
#include "field/gfp/fe_p521_unsat.h"

/* the fe interface the curve template uses */
#define FE(name) p521u_##name
#define FE_BYTES P521U_BYTES
#include "field/gfp/fe_bind.h"
#define FE_LIN FE(lin) /* the a = -3 doubling by 3M + 5S with fused combinations (sw.tmpl.h PC(jdbl)) */

/* the curve */
#define PC(name) p521_##name
#define PC_TABLE_NAME ecedu_pcurve_secp521r1_portable
#define FE_INV_VARTIME FE(inv_vartime) /* the table's inversion (public data) */
#define PC_AFFINE_TABLE 1 /* PC(mul) adds from an affine table (curve/prime/README.md) */
#define PC_CURVE(name) ECEDU_PC_SECP521R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"

/* ------------------------------------------------------------ the level, per call */

#define PCL(name) p521_level_##name
#define PCL_TABLE_NAME ecedu_pcurve_secp521r1
#define PCL_PICK (ecedu_gfp_ifma_enabled() ? &ecedu_pcurve_secp521r1_ifma : &ecedu_pcurve_secp521r1_portable)
#include "instances/gfp_level.tmpl.h"
#include "instances/gfp_undef.h"
