/*
 * variants_adx.c -- the P-256 Montgomery field (fe_p256_mont.h) built for the
 * MULX level: the whole unit is compiled for BMI2 and ADX, so the ADCX/ADOX
 * assembly is inlined into the byte-level entry and the benchmark's chain
 * (fe_bridge.tmpl.h), as a curve built for that level would have it.  Called by
 * variants.c only when cpu.c's flag says the CPU has BMI2 and ADX.
 */
#pragma GCC target("bmi2,adx")
#define ECEDU_FE_ADX_UNIT 1
#include "internal.h"

#include "field/gfp/fe_p256_mont.h"

#define FE_NAME(x) p256m_##x
#define FE_NBYTES 32
#include "field/gfp/fe_bridge.tmpl.h"
#undef FE_NAME
#undef FE_NBYTES
#undef ECEDU_FE_ADX_UNIT

uint64_t ecedu_p256m_adx_mul(uint8_t *out, const uint8_t *a, const uint8_t *b) {
    return p256m_bridge_mul(out, a, b);
}

void ecedu_p256m_adx_chain(uint8_t *out, const uint8_t *a, long iterations) {
    p256m_bridge_chain(out, a, iterations);
}
