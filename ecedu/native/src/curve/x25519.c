/*
 * x25519.c -- the X25519 function of RFC 7748 §5 (the Montgomery ladder of
 * curve/x25519_ladder.tmpl.h), at the portable prime-field level on field/gfp/fe25519.h
 * (radix 2^51, 64 x 64 -> 128-bit products in C), and ecedu_x25519_ladder, which picks the
 * level per call: curve/x25519_mulx.c (four 64-bit limbs, MULX/ADCX/ADOX, field/gfp/
 * fe25519_mulx.h) while cpu.c's flag ecedu_gfp_mulx_enabled() is on (CPUID has BMI2 and
 * ADX, the level not forced to portable), else the copy here, as gfp_secp256r1.c picks its
 * curve's copy.  The flag is public: the choice is constant time.
 */
#include "internal.h"
#include "field/gfp/fe25519.h"

#define XF(name) fe25519_##name
#define X25519_LADDER_NAME x25519_ladder_portable
static void X25519_LADDER_NAME(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32]);
#include "curve/x25519_ladder.tmpl.h"
#undef XF
#undef X25519_LADDER_NAME

void ecedu_x25519_ladder(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32]) {
    if (ecedu_gfp_mulx_enabled())
        ecedu_x25519_ladder_mulx(out, scalar, u);
    else
        x25519_ladder_portable(out, scalar, u);
}
