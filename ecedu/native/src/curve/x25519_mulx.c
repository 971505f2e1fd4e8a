/*
 * x25519_mulx.c -- X25519 (the ladder of curve/x25519_ladder.tmpl.h) at the MULX level: on
 * field/gfp/fe25519_mulx.h (GF(2^255 - 19) in four 64-bit limbs, MULX/ADCX/ADOX product
 * and squaring, the fold by 2^256 = 38), the whole unit compiled for BMI2 and ADX (the
 * pragma only, as instances/gfp_secp256r1_mulx.c), so the field's assembly is inlined into
 * the ladder.  ecedu_x25519_ladder_mulx is called by curve/x25519.c only while
 * ecedu_gfp_mulx_enabled() (the CPU has BMI2 and ADX).
 */
#pragma GCC target("bmi2,adx")
#include "internal.h"
#include "field/gfp/fe25519_mulx.h"

#define XF(name) fe25519x_##name
#define X25519_LADDER_NAME ecedu_x25519_ladder_mulx
#include "curve/x25519_ladder.tmpl.h"
#undef XF
#undef X25519_LADDER_NAME
