/*
 * fe25519_mulx.c -- ecedu_fe25519_op's operations at the MULX level: field/gfp/
 * fe25519_mulx.h (four 64-bit limbs, MULX/ADCX/ADOX) through fe25519_op.tmpl.h, the unit
 * compiled for BMI2 and ADX (as curve/x25519_mulx.c).  Called by field/gfp/fe25519.c only
 * while ecedu_gfp_mulx_enabled().
 */
#pragma GCC target("bmi2,adx")
#include "internal.h"
#include "field/gfp/fe25519_mulx.h"

#define OPF(name) fe25519x_##name
#define FE25519_OP_NAME ecedu_fe25519_op_mulx
#include "field/gfp/fe25519_op.tmpl.h"
#undef OPF
#undef FE25519_OP_NAME
