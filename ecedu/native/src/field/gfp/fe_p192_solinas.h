/*
 * fe_p192_solinas.h -- GF(p), p = 2^192 - 2^64 - 1 (FIPS 186-4 D.1.2.1), by the
 * schoolbook product and the Solinas (NIST fast) reduction, GECC Alg. 2.27 (there in 64-bit words: the same formula with each 64-bit word c_i written as the two 32-bit words c_{2i+1}, c_{2i}).
 * Ordinary representation, elements fully reduced.  fe interface prefix p192s
 * (field/gfp/README.md); the product and the reduction are fe_solinas.tmpl.h's
 * (with the bounds), the rest fe_sat.tmpl.h's.
 *
 * The product c = a b in 32-bit words c0 (least significant) ... c11; then
 * B = T + S1 + S2 + S3 with
 *   T  = (c5, c4, c3, c2, c1, c0)          S1 = (0, 0, c7, c6, c7, c6)
 *   S2 = (c9, c8, c9, c8, 0, 0)            S3 = (c11, c10, c11, c10, c11, c10)
 * from 2^192 = 2^64 + 1 (mod p).
 */

#include "field/gfp/solinas.h"

typedef struct { uint64_t v[3]; } p192s_fe;
enum { P192S_BYTES = 24 };

static const uint64_t P192S_P[3] = {0xffffffffffffffffULL, 0xfffffffffffffffeULL, 0xffffffffffffffffULL};
static const uint64_t P192S_PM2[3] = {0xfffffffffffffffdULL, 0xfffffffffffffffeULL, 0xffffffffffffffffULL};
/* 2^192 - p in signed 32-bit digits, least significant first */
static const int8_t P192S_K[6] = {1, 0, 1, 0, 0, 0};

/* the formula above, term by term: coefficient, words most significant first (-1: 0) */
static const sol_term P192S_TERMS[4] = {
    {1, {5, 4, 3, 2, 1, 0}},
    {1, {-1, -1, 7, 6, 7, 6}},
    {1, {9, 8, 9, 8, -1, -1}},
    {1, {11, 10, 11, 10, 11, 10}},
};

#define FE_NAME(x) p192s_##x
#define FE_N 3
#define FE_NBYTES 24
#define FE_P P192S_P
#define FE_PM2 P192S_PM2
#define SOL_WORDS 6
#define SOL_NTERMS 4
#define SOL_TERMS P192S_TERMS
#define FE_MONT 0
#define SOL_K P192S_K
#include "field/gfp/fe_solinas.tmpl.h"
#include "field/gfp/fe_sat_undef.h"
#undef SOL_WORDS
#undef SOL_NTERMS
#undef SOL_TERMS
#undef SOL_K
