/*
 * fe_p256_solinas.h -- GF(p), p = 2^256 - 2^224 + 2^192 + 2^96 - 1 (FIPS 186-4 D.1.2.3), by the
 * schoolbook product and the Solinas (NIST fast) reduction, GECC Alg. 2.29.
 * Ordinary representation, elements fully reduced.  fe interface prefix p256s
 * (field/gfp/README.md); the product and the reduction are fe_solinas.tmpl.h's
 * (with the bounds), the rest fe_sat.tmpl.h's.
 *
 * The product c = a b in 32-bit words c0 (least significant) ... c15; then
 * B = T + 2 S1 + 2 S2 + S3 + S4 - D1 - D2 - D3 - D4 (nine terms) with
 *   T  = (c7, c6, c5, c4, c3, c2, c1, c0)          S1 = (c15, c14, c13, c12, c11, 0, 0, 0)
 *   S2 = (0, c15, c14, c13, c12, 0, 0, 0)          S3 = (c15, c14, 0, 0, 0, c10, c9, c8)
 *   S4 = (c8, c13, c15, c14, c13, c11, c10, c9)    D1 = (c10, c8, 0, 0, 0, c13, c12, c11)
 *   D2 = (c11, c9, 0, 0, c15, c14, c13, c12)       D3 = (c12, 0, c10, c9, c8, c15, c14, c13)
 *   D4 = (c13, 0, c11, c10, c9, 0, c15, c14)
 * from 2^256 = 2^224 - 2^192 - 2^96 + 1 (mod p).
 */

#include "field/gfp/solinas.h"

typedef struct { uint64_t v[4]; } p256s_fe;
enum { P256S_BYTES = 32 };

static const uint64_t P256S_P[4] = {0xffffffffffffffffULL, 0x00000000ffffffffULL, 0x0000000000000000ULL, 0xffffffff00000001ULL};
static const uint64_t P256S_PM2[4] = {0xfffffffffffffffdULL, 0x00000000ffffffffULL, 0x0000000000000000ULL, 0xffffffff00000001ULL};
/* 2^256 - p in signed 32-bit digits, least significant first */
static const int8_t P256S_K[8] = {1, 0, 0, -1, 0, 0, -1, 1};

/* the formula above, term by term: coefficient, words most significant first (-1: 0) */
static const sol_term P256S_TERMS[9] = {
    {1, {7, 6, 5, 4, 3, 2, 1, 0}},
    {2, {15, 14, 13, 12, 11, -1, -1, -1}},
    {2, {-1, 15, 14, 13, 12, -1, -1, -1}},
    {1, {15, 14, -1, -1, -1, 10, 9, 8}},
    {1, {8, 13, 15, 14, 13, 11, 10, 9}},
    {-1, {10, 8, -1, -1, -1, 13, 12, 11}},
    {-1, {11, 9, -1, -1, 15, 14, 13, 12}},
    {-1, {12, -1, 10, 9, 8, 15, 14, 13}},
    {-1, {13, -1, 11, 10, 9, -1, 15, 14}},
};

#define FE_NAME(x) p256s_##x
#define FE_N 4
#define FE_NBYTES 32
#define FE_P P256S_P
#define FE_PM2 P256S_PM2
#define SOL_WORDS 8
#define SOL_NTERMS 9
#define SOL_TERMS P256S_TERMS
#define FE_MONT 0
#define SOL_K P256S_K
#include "field/gfp/fe_solinas.tmpl.h"
#include "field/gfp/fe_sat_undef.h"
#undef SOL_WORDS
#undef SOL_NTERMS
#undef SOL_TERMS
#undef SOL_K
