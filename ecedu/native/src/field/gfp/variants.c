/*
 * variants.c -- the fixed-size prime-field implementations of field/gfp/ (the
 * fe_*.h files) behind one table, for prime.c (the public product) and the benchmarks: which
 * variant covers which prime, and each one's byte-level multiplication and
 * timing chain (fe_bridge.tmpl.h).  The generic CIOS of mont.tmpl.h ("montgomery",
 * any odd p) is not in this table: prime.c calls it directly.
 */
#include "internal.h"

#include "field/gfp/fe_p192_solinas.h"
#include "field/gfp/fe_p224_solinas.h"
#include "field/gfp/fe_p224_unsat.h"
#include "field/gfp/fe_p256_mont.h"
#include "field/gfp/fe_p256_solinas.h"
#include "field/gfp/fe_p256_unsat.h"
#include "field/gfp/fe_p384_solinas.h"
#include "field/gfp/fe_p521_mersenne.h"
#include "field/gfp/fe_p521_unsat.h"

/* the byte-level entries of each implementation */
#define FE_NAME(x) p192s_##x
#define FE_NBYTES 24
#include "field/gfp/fe_bridge.tmpl.h"
#undef FE_NAME
#undef FE_NBYTES
#define FE_NAME(x) p224s_##x
#define FE_NBYTES 28
#include "field/gfp/fe_bridge.tmpl.h"
#undef FE_NAME
#undef FE_NBYTES
#define FE_NAME(x) p224u_##x
#define FE_NBYTES 28
#include "field/gfp/fe_bridge.tmpl.h"
#undef FE_NAME
#undef FE_NBYTES
#define FE_NAME(x) p256m_##x
#define FE_NBYTES 32
#include "field/gfp/fe_bridge.tmpl.h"
#undef FE_NAME
#undef FE_NBYTES
#define FE_NAME(x) p256s_##x
#define FE_NBYTES 32
#include "field/gfp/fe_bridge.tmpl.h"
#undef FE_NAME
#undef FE_NBYTES
#define FE_NAME(x) p256u_##x
#define FE_NBYTES 32
#include "field/gfp/fe_bridge.tmpl.h"
#undef FE_NAME
#undef FE_NBYTES
#define FE_NAME(x) p384s_##x
#define FE_NBYTES 48
#include "field/gfp/fe_bridge.tmpl.h"
#undef FE_NAME
#undef FE_NBYTES
#define FE_NAME(x) p521m_##x
#define FE_NBYTES 66
#include "field/gfp/fe_bridge.tmpl.h"
#undef FE_NAME
#undef FE_NBYTES
#define FE_NAME(x) p521u_##x
#define FE_NBYTES 66
#include "field/gfp/fe_bridge.tmpl.h"
#undef FE_NAME
#undef FE_NBYTES

/* The NIST primes, big-endian (FIPS 186-4 D.1.2). */
static const uint8_t P192[24] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};
static const uint8_t P224[28] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01,
};
static const uint8_t P256[32] = {
    0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};
static const uint8_t P384[48] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
    0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
};
static const uint8_t P521[66] = {
    0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

/* The P-256 Montgomery entries: the unit built for BMI2/ADX (variants_adx.c,
 * the assembly inlined into its chain) where cpu.c's flag says so. */
static uint64_t p256m_level_bridge_mul(uint8_t *out, const uint8_t *a, const uint8_t *b) {
    return ecedu_gfp_mulx_enabled() ? ecedu_p256m_adx_mul(out, a, b) : p256m_bridge_mul(out, a, b);
}
static void p256m_level_bridge_chain(uint8_t *out, const uint8_t *a, long iterations) {
    if (ecedu_gfp_mulx_enabled())
        ecedu_p256m_adx_chain(out, a, iterations);
    else
        p256m_bridge_chain(out, a, iterations);
}

#define ENTRY(variant, name, P, pfx, mulx) \
    {variant, name, sizeof P, P, mulx, pfx##_bridge_mul, pfx##_bridge_chain}
static const ecedu_prime_fe g_fields[] = {
    ENTRY(ECEDU_PRIME_SOLINAS, "P-192", P192, p192s, 0),
    ENTRY(ECEDU_PRIME_SOLINAS, "P-224", P224, p224s, 0),
    ENTRY(ECEDU_PRIME_SOLINAS, "P-256", P256, p256s, 0),
    ENTRY(ECEDU_PRIME_SOLINAS, "P-384", P384, p384s, 0),
    ENTRY(ECEDU_PRIME_SOLINAS, "P-521", P521, p521m, 0),
    ENTRY(ECEDU_PRIME_P256_MONTGOMERY, "P-256", P256, p256m_level, 1),
    ENTRY(ECEDU_PRIME_UNSATURATED, "P-224", P224, p224u, 0),
    ENTRY(ECEDU_PRIME_UNSATURATED, "P-256", P256, p256u, 0),
    ENTRY(ECEDU_PRIME_UNSATURATED, "P-521", P521, p521u, 0),
};
enum { NFIELDS = sizeof g_fields / sizeof g_fields[0] };

const ecedu_prime_fe *ecedu_prime_fe_for(int variant, const uint8_t *p, size_t plen) {
    for (int i = 0; i < NFIELDS; i++)
        if (g_fields[i].variant == variant && g_fields[i].plen == plen && memcmp(g_fields[i].p, p, plen) == 0)
            return &g_fields[i];
    return NULL; /* p is public: a plain comparison */
}

int ecedu_prime_field_at(int i, int *variant, const char **name, const uint8_t **p, size_t *plen, int *mulx) {
    if (i < 0 || i >= NFIELDS || !variant || !name || !p || !plen || !mulx) return -1;
    *variant = g_fields[i].variant, *name = g_fields[i].name, *p = g_fields[i].p;
    *plen = g_fields[i].plen, *mulx = g_fields[i].mulx;
    return 0;
}
