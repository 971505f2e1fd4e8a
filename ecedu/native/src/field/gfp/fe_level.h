/*
 * fe_level.h -- the one definition of how a saturated prime field with a MULX/ADX product
 * (fe_p256_mont.h, fe_p224_mont.h, fe_p224_fold.h) chooses its multiplication and squaring at the prime-field
 * level of the unit that includes it (field/gfp/README.md, "Choosing the MULX/ADX code").
 *
 * ECEDU_FE_LEVEL_MUL_SQR(pfx) defines pfx_mul and pfx_sqr of the fe interface from the field's
 * pfx_mul_portable, pfx_mul_adx and pfx_sqr_adx (the latter two always inline, compiled for
 * BMI2 and ADX by their target attribute), after the unit's switch:
 *   ECEDU_FE_ADX_UNIT       a unit compiled for BMI2 and ADX (#pragma GCC target("bmi2,adx"),
 *                           e.g. instances/gfp_secp256r1_mulx.c, field/gfp/variants_adx.c): the
 *                           assembly, forced inline (GCC 12 otherwise kept p256m_mul out of line
 *                           in the curve's formulas, a call per product, 24% of a P-256 ECDH in
 *                           perf);
 *   ECEDU_FE_PORTABLE_UNIT  a unit built for the portable level only (the curve's portable copy,
 *                           chosen by its caller when the flag is off): the C product, no flag
 *                           test, squaring = product;
 *   neither                 the MULX code where cpu.c's public flag ecedu_gfp_mulx_enabled() says
 *                           so, through one out-of-line call, else the portable C (the branch is
 *                           on the public flag: constant time).
 * No include guard: each field header includes it after its products and expands the macro
 * there, so a unit's switch (defined before its first #include, undefined by
 * instances/gfp_undef.h) is read where it applies.
 */
#undef ECEDU_FE_LEVEL_MUL_SQR
#if defined(ECEDU_FE_ADX_UNIT)
#define ECEDU_FE_LEVEL_MUL_SQR(pfx)                                                                      \
    static inline __attribute__((always_inline)) void pfx##_mul(pfx##_fe *r, const pfx##_fe *a,           \
                                                                const pfx##_fe *b) {                      \
        pfx##_mul_adx(r, a, b);                                                                          \
    }                                                                                                    \
    static inline __attribute__((always_inline)) void pfx##_sqr(pfx##_fe *r, const pfx##_fe *a) {        \
        pfx##_sqr_adx(r, a);                                                                             \
    }
#elif defined(ECEDU_FE_PORTABLE_UNIT)
#define ECEDU_FE_LEVEL_MUL_SQR(pfx)                                                                      \
    static inline __attribute__((always_inline)) void pfx##_mul(pfx##_fe *r, const pfx##_fe *a,           \
                                                                const pfx##_fe *b) {                      \
        pfx##_mul_portable(r, a, b);                                                                     \
    }                                                                                                    \
    static inline __attribute__((always_inline)) void pfx##_sqr(pfx##_fe *r, const pfx##_fe *a) {        \
        pfx##_mul_portable(r, a, a);                                                                     \
    }
#else
#define ECEDU_FE_LEVEL_MUL_SQR(pfx)                                                                      \
    __attribute__((target("bmi2,adx"), noinline)) static void pfx##_mul_adx_call(                        \
        pfx##_fe *r, const pfx##_fe *a, const pfx##_fe *b) {                                             \
        pfx##_mul_adx(r, a, b);                                                                          \
    }                                                                                                    \
    __attribute__((target("bmi2,adx"), noinline)) static void pfx##_sqr_adx_call(pfx##_fe *r,            \
                                                                                 const pfx##_fe *a) {    \
        pfx##_sqr_adx(r, a);                                                                             \
    }                                                                                                    \
    static inline void pfx##_mul(pfx##_fe *r, const pfx##_fe *a, const pfx##_fe *b) {                    \
        if (ecedu_gfp_mulx_enabled())                                                                    \
            pfx##_mul_adx_call(r, a, b);                                                                 \
        else                                                                                             \
            pfx##_mul_portable(r, a, b);                                                                 \
    }                                                                                                    \
    static inline void pfx##_sqr(pfx##_fe *r, const pfx##_fe *a) {                                       \
        if (ecedu_gfp_mulx_enabled())                                                                    \
            pfx##_sqr_adx_call(r, a);                                                                    \
        else                                                                                             \
            pfx##_mul_portable(r, a, a);                                                                 \
    }
#endif
