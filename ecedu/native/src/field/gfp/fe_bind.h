/*
 * fe_bind.h -- binds the "fe interface" names of the curve templates (FE_T, FE_MUL, ...: the
 * macro contract of curve/prime/sw.tmpl.h, see field/gfp/README.md) to one field
 * implementation, by its prefix.  Included by a prime-curve instance after the field's header
 * and before the curve template, with
 *   FE(name)   the field implementation's prefix, e.g.  #define FE(name) p384f_##name
 *   FE_BYTES   its size in bytes (the constant's name differs between fields)
 * and undone, with the rest of the contract, by instances/gfp_undef.h.  No include guard: an
 * instance unit with several curves (instances/gfp_compare.c) includes it once per curve.
 *
 * Every field header names its functions <prefix>_mul, <prefix>_sqr, ... and its type
 * <prefix>_fe, so FE_MUL expands to FE(mul) and then to, e.g., p384f_mul.
 */
#define FE_T FE(fe)
#define FE_FROM_BYTES FE(from_bytes)
#define FE_TO_BYTES FE(to_bytes)
#define FE_SET_SMALL FE(set_small)
#define FE_MUL FE(mul)
#define FE_SQR FE(sqr)
#define FE_ADD FE(add)
#define FE_SUB FE(sub)
#define FE_NEG FE(neg)
#define FE_CMOV FE(cmov)
#define FE_IS_ZERO FE(is_zero)
#define FE_INV FE(inv)
