/*
 * constants.c -- every constant of ecedu_native.h by name, so that the
 * Python side (ecedu/native/library.py) reads them from the library it
 * loaded instead of keeping copies of its own.
 */
#include "internal.h"

#define C(name) {#name, name}
static const struct {
    const char *name;
    int value;
} g_constants[] = {
    C(ECEDU_OK), C(ECEDU_ERR_CURVE), C(ECEDU_ERR_LENGTH), C(ECEDU_ERR_POINT),
    C(ECEDU_ERR_SCALAR), C(ECEDU_ERR_RANGE), C(ECEDU_ERR_INTERNAL), C(ECEDU_ERR_RETRY),
    C(ECEDU_ERR_ARGUMENT), C(ECEDU_ERR_MODULUS),
    C(ECEDU_FIELD_MUL), C(ECEDU_FIELD_SQR), C(ECEDU_FIELD_INV), C(ECEDU_FIELD_SQRT),
    C(ECEDU_FIELD_HALF_TRACE), C(ECEDU_FIELD_TRACE), C(ECEDU_FIELD_INV_VARTIME),
    C(ECEDU_MODN_MUL), C(ECEDU_MODN_INV), C(ECEDU_MODN_REDUCE), C(ECEDU_MODN_ADD),
    C(ECEDU_MODN_INV_VARTIME),
    C(ECEDU_CPU_PCLMULQDQ), C(ECEDU_CPU_AVX2), C(ECEDU_CPU_AVX512F), C(ECEDU_CPU_VPCLMULQDQ),
    C(ECEDU_CPU_AVX512VBMI2), C(ECEDU_CPU_ZMM_OS), C(ECEDU_CPU_AVX512VL), C(ECEDU_CPU_YMM_OS),
    C(ECEDU_IMPL_PORTABLE), C(ECEDU_IMPL_PCLMUL), C(ECEDU_IMPL_AVX2), C(ECEDU_IMPL_AVX512),
    C(ECEDU_KOBLITZ_DEFAULT), C(ECEDU_KOBLITZ_LADDER), C(ECEDU_KOBLITZ_TNAF),
    C(ECEDU_CYCLES_ECDH), C(ECEDU_CYCLES_SCALAR_MULT_BASE), C(ECEDU_CYCLES_ECDSA_SIGN),
    C(ECEDU_CYCLES_ECDSA_VERIFY), C(ECEDU_CYCLES_FIELD_MUL), C(ECEDU_CYCLES_FIELD_SQR),
    C(ECEDU_CYCLES_FIELD_INV),
    C(ECEDU_PRIME_MONTGOMERY), C(ECEDU_GFP_MAX_MODULUS_BITS), C(ECEDU_GFP_MAX_OPERAND_BYTES),
    /* X25519 */
    C(ECEDU_ERR_ALL_ZERO), C(ECEDU_CYCLES_X25519),
    C(ECEDU_FE25519_MUL), C(ECEDU_FE25519_SQR), C(ECEDU_FE25519_INV), C(ECEDU_FE25519_ADD),
    C(ECEDU_FE25519_SUB), C(ECEDU_FE25519_NEG), C(ECEDU_FE25519_IS_ZERO),
};
#undef C

int ecedu_constant_at(int i, const char **name, int *value) {
    if (i < 0 || (size_t)i >= sizeof g_constants / sizeof g_constants[0] || !name || !value) return -1;
    *name = g_constants[i].name;
    *value = g_constants[i].value;
    return 0;
}
