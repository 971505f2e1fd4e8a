/*
 * gfp_secp192r1.c -- secp192r1 (NIST P-192): the curve template curve/prime/sw.tmpl.h over the
 * specialised field field/gfp/fe_p192_fold.h (the fast reduction of GECC Alg. 2.27 in 64-bit
 * words: W^3 = W + 1 mod p, additions only), measured faster than the generic Montgomery field
 * fe_mont.tmpl.h with its sparse row (standalone, the curve template over each, min TSC ticks,
 * shared machine: k Q 66,700 against 54,500, u1 G + u2 Q 66,900 against 53,100).  Constants:
 * curve/prime/sec2_prime_params.h (generated from ecedu/curves/sec2.py).
 */
#include "internal.h"
#include "curve/prime/sec2_prime_params.h"

/* the field: p = 2^192 - 2^64 - 1 in the ordinary representation, GECC Alg. 2.27 in 64-bit words */
#include "field/gfp/fe_p192_fold.h"

/* the fe interface the curve template uses */
#define FE(name) p192f_##name
#define FE_BYTES P192F_BYTES
#include "field/gfp/fe_bind.h"

/* the curve */
#define PC(name) p192_##name
#define PC_TABLE_NAME ecedu_pcurve_secp192r1
#define PC_CURVE(name) ECEDU_PC_SECP192R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"
