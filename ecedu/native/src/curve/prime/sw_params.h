/*
 * sw_params.h -- binds one curve's constants to the names of the macro contract of
 * curve/prime/sw.tmpl.h (and, for a curve with PC_GLV, of curve/prime/glv.tmpl.h), so that an
 * instance names its curve once.  The instance defines PC_CURVE(name) to paste the curve's
 * prefix in curve/prime/sec2_prime_params.h (and glv_params.h), e.g.
 *     #define PC_CURVE(name) ECEDU_PC_SECP224R1_##name
 *     #include "curve/prime/sw_params.h"
 * and the macros below expand, where the templates use them, to ECEDU_PC_SECP224R1_P and so on:
 * one source of truth, the generated tables (tools/gen_curves.py).  The GLV names are bound for
 * every curve but expand only where glv.tmpl.h uses them, i.e. only with PC_GLV.
 * instances/gfp_undef.h undefines all of them with PC_CURVE.
 */
#define PC_A_ZERO PC_CURVE(A_ZERO)
#define PC_P PC_CURVE(P)
#define PC_PW PC_CURVE(LIMBS)
#define PC_B PC_CURVE(B)
#define PC_GX PC_CURVE(GX)
#define PC_GY PC_CURVE(GY)
#define PC_N PC_CURVE(N)
#define PC_NW PC_CURVE(NW)
#define PC_NBITS PC_CURVE(NBITS)
#define PC_GLV_BETA PC_CURVE(GLV_BETA)
#define PC_GLV_G1 PC_CURVE(GLV_G1)
#define PC_GLV_G2 PC_CURVE(GLV_G2)
#define PC_GLV_GW PC_CURVE(GLV_GW)
#define PC_GLV_SW PC_CURVE(GLV_SW)
#define PC_GLV_CW PC_CURVE(GLV_CW)
#define PC_GLV_MA1 PC_CURVE(GLV_MA1)
#define PC_GLV_MA2 PC_CURVE(GLV_MA2)
#define PC_GLV_MB1 PC_CURVE(GLV_MB1)
#define PC_GLV_MB2 PC_CURVE(GLV_MB2)
#define PC_GLV_KBITS PC_CURVE(GLV_KBITS)
