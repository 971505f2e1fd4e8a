/*
 * gfp_secp160r1.c -- secp160r1: the curve template curve/prime/sw.tmpl.h over the specialised
 * field field/gfp/fe_p160_crandall.h (p = 2^160 - 2^31 - 1 folded by 2^160 = 2^31 + 1: no
 * product in the reduction), measured faster than the generic Montgomery field
 * fe_mont.tmpl.h with its sparse row (standalone, the curve template over each, min TSC
 * ticks of one k Q, shared machine: 66,100-72,600 against 49,000).  Constants:
 * curve/prime/sec2_prime_params.h (generated from ecedu/curves/sec2.py).
 */
#include "internal.h"
#include "curve/prime/sec2_prime_params.h"

/* the field: p = 2^160 - 2^31 - 1 in the ordinary representation, Crandall's fold */
#include "field/gfp/fe_p160_crandall.h"

/* the fe interface the curve template uses */
#define FE(name) p160c_##name
#define FE_BYTES P160C_BYTES
#include "field/gfp/fe_bind.h"

/* the curve */
#define PC(name) p160_##name
#define PC_TABLE_NAME ecedu_pcurve_secp160r1
#define PC_CURVE(name) ECEDU_PC_SECP160R1_##name /* its constants: curve/prime/sw_params.h */
#include "curve/prime/sw_params.h"
#include "curve/prime/sw.tmpl.h"

#include "instances/gfp_undef.h"
