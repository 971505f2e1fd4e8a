/*
 * mont64_adx.c -- field/gfp/mont.tmpl.h at 64-bit limbs for the MULX level:
 * the multiplication and squaring of field/gfp/mont_adx.h (MULX, ADCX, ADOX),
 * the rest of the template as in mont64.c.  The unit is compiled for BMI2 and
 * ADX; prime.c calls its table only while cpu.c's prime-field flag is on (the
 * CPU has both, and the level is not forced to portable).
 */
#if defined(__x86_64__)
#pragma GCC target("bmi2,adx")
#endif
#include "internal.h"

#if defined(__x86_64__)
#define GFP_LIMB_BITS 64
#define gfp_limb uint64_t
#define gfp_dlimb unsigned __int128
#define GFP_TABLE_NAME ecedu_gfp_mont64_adx
#define GFP_ADX 1
#define GFP_IFMA 0
#include "field/gfp/mont.tmpl.h"
#undef GFP_LIMB_BITS
#undef gfp_limb
#undef gfp_dlimb
#undef GFP_TABLE_NAME
#undef GFP_ADX
#undef GFP_IFMA
#else
/* no x86-64: never called (the flag stays off), the portable table stands in */
const ecedu_gfp_impl ecedu_gfp_mont64_adx = {0};
#endif
