/*
 * fe_p224_solinas.h -- GF(p), p = 2^224 - 2^96 + 1 (FIPS 186-4 D.1.2.2), by the
 * schoolbook product and the Solinas (NIST fast) reduction, GECC Alg. 2.28.
 * Ordinary representation, elements fully reduced.  fe interface prefix p224s
 * (field/gfp/README.md); the product and the reduction are fe_solinas.tmpl.h's
 * (with the bounds), the rest fe_sat.tmpl.h's.
 *
 * The product c = a b in 32-bit words c0 (least significant) ... c13; then
 * B = T + S1 + S2 - D1 - D2 with
 *   T  = (c6, c5, c4, c3, c2, c1, c0)      S1 = (c10, c9, c8, c7, 0, 0, 0)
 *   S2 = (0, c13, c12, c11, 0, 0, 0)       D1 = (c13, c12, c11, c10, c9, c8, c7)
 *   D2 = (0, 0, 0, 0, c13, c12, c11)
 * from 2^224 = 2^96 - 1 (mod p); the element uses 4 limbs, the top one < 2^32.
 */

#include "field/gfp/solinas.h"

typedef struct { uint64_t v[4]; } p224s_fe;
enum { P224S_BYTES = 28 };

static const uint64_t P224S_P[4] = {0x0000000000000001ULL, 0xffffffff00000000ULL, 0xffffffffffffffffULL, 0x00000000ffffffffULL};
static const uint64_t P224S_PM2[4] = {0xffffffffffffffffULL, 0xfffffffeffffffffULL, 0xffffffffffffffffULL, 0x00000000ffffffffULL};
/* 2^224 - p in signed 32-bit digits, least significant first */
static const int8_t P224S_K[7] = {-1, 0, 0, 1, 0, 0, 0};

/* the formula above, term by term: coefficient, words most significant first (-1: 0) */
static const sol_term P224S_TERMS[5] = {
    {1, {6, 5, 4, 3, 2, 1, 0}},
    {1, {10, 9, 8, 7, -1, -1, -1}},
    {1, {-1, 13, 12, 11, -1, -1, -1}},
    {-1, {13, 12, 11, 10, 9, 8, 7}},
    {-1, {-1, -1, -1, -1, 13, 12, 11}},
};

#define FE_NAME(x) p224s_##x
#define FE_N 4
#define FE_NBYTES 28
#define FE_P P224S_P
#define FE_PM2 P224S_PM2
#define SOL_WORDS 7
#define SOL_NTERMS 5
#define SOL_TERMS P224S_TERMS
#define FE_MONT 0
#define SOL_K P224S_K
#include "field/gfp/fe_solinas.tmpl.h"
#include "field/gfp/fe_sat_undef.h"
#undef SOL_WORDS
#undef SOL_NTERMS
#undef SOL_TERMS
#undef SOL_K
