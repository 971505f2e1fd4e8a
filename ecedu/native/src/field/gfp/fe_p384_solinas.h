/*
 * fe_p384_solinas.h -- GF(p), p = 2^384 - 2^128 - 2^96 + 2^32 - 1 (FIPS 186-4 D.1.2.4), by the
 * schoolbook product and the Solinas (NIST fast) reduction, GECC Alg. 2.30.
 * Ordinary representation, elements fully reduced.  fe interface prefix p384s
 * (field/gfp/README.md); the product and the reduction are fe_solinas.tmpl.h's
 * (with the bounds), the rest fe_sat.tmpl.h's.
 *
 * The product c = a b in 32-bit words c0 (least significant) ... c23; then
 * B = T + 2 S1 + S2 + S3 + S4 + S5 + S6 - D1 - D2 - D3 with
 *   T  = (c11, ..., c0)                                   S1 = (0, 0, 0, 0, 0, c23, c22, c21, 0, 0, 0, 0)
 *   S2 = (c23, ..., c12)                                  S3 = (c20, c19, ..., c12, c23, c22, c21)
 *   S4 = (c19, c18, ..., c12, c20, 0, c23, 0)             S5 = (0, 0, 0, 0, c23, c22, c21, c20, 0, 0, 0, 0)
 *   S6 = (0, 0, 0, 0, 0, 0, c23, c22, c21, 0, 0, c20)     D1 = (c22, c21, ..., c12, c23)
 *   D2 = (0, 0, 0, 0, 0, 0, 0, c23, c22, c21, c20, 0)     D3 = (0, 0, 0, 0, 0, 0, 0, c23, c23, 0, 0, 0)
 * from 2^384 = 2^128 + 2^96 - 2^32 + 1 (mod p).
 */

#include "field/gfp/solinas.h"

typedef struct { uint64_t v[6]; } p384s_fe;
enum { P384S_BYTES = 48 };

static const uint64_t P384S_P[6] = {0x00000000ffffffffULL, 0xffffffff00000000ULL, 0xfffffffffffffffeULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL};
static const uint64_t P384S_PM2[6] = {0x00000000fffffffdULL, 0xffffffff00000000ULL, 0xfffffffffffffffeULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL};
/* 2^384 - p in signed 32-bit digits, least significant first */
static const int8_t P384S_K[12] = {1, -1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0};

/* the formula above, term by term: coefficient, words most significant first (-1: 0) */
static const sol_term P384S_TERMS[10] = {
    {1, {11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}},
    {2, {-1, -1, -1, -1, -1, 23, 22, 21, -1, -1, -1, -1}},
    {1, {23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12}},
    {1, {20, 19, 18, 17, 16, 15, 14, 13, 12, 23, 22, 21}},
    {1, {19, 18, 17, 16, 15, 14, 13, 12, 20, -1, 23, -1}},
    {1, {-1, -1, -1, -1, 23, 22, 21, 20, -1, -1, -1, -1}},
    {1, {-1, -1, -1, -1, -1, -1, 23, 22, 21, -1, -1, 20}},
    {-1, {22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 23}},
    {-1, {-1, -1, -1, -1, -1, -1, -1, 23, 22, 21, 20, -1}},
    {-1, {-1, -1, -1, -1, -1, -1, -1, 23, 23, -1, -1, -1}},
};

#define FE_NAME(x) p384s_##x
#define FE_N 6
#define FE_NBYTES 48
#define FE_P P384S_P
#define FE_PM2 P384S_PM2
#define SOL_WORDS 12
#define SOL_NTERMS 10
#define SOL_TERMS P384S_TERMS
#define FE_MONT 0
#define SOL_K P384S_K
#include "field/gfp/fe_solinas.tmpl.h"
#include "field/gfp/fe_sat_undef.h"
#undef SOL_WORDS
#undef SOL_NTERMS
#undef SOL_TERMS
#undef SOL_K
