/*
 * gf2m_instance.h -- TEMPLATE driver: instantiates the field (gf2m_field.h),
 * point checks (point.h), ladder (ladder.h), Lopez-Dahab additions (ld.h),
 * lambda coordinates (lambda.h), fixed-base (fixed_base.h) and tau-adic
 * (tnaf.h) code for one field and one implementation, and exports the function table
 *     const ecedu_field_impl GF_TABLE_NAME;
 * See gf2m_163.c for the macros it needs.  May be included several times.
 */
#include "field/gf2m/clmul128.tmpl.h"
#include "curve/point.tmpl.h"
#include "curve/ladder.tmpl.h"
#include "curve/ld.tmpl.h"
#include "curve/lambda.tmpl.h"
#include "curve/fixed_base.tmpl.h"
#include "curve/tnaf.tmpl.h"

const ecedu_field_impl GF_TABLE_NAME = {
    GF_M,
    GF_NW,
    GF_PCLMUL == 2 ? "vpclmul" : GF_PCLMUL ? "pclmul" : "portable",
    FN(mul_ext),
    FN(sqr_ext),
    FN(inv),
    FN(inv_public),
    FN(sqrt),
    FN(half_trace),
    FN(trace),
    FN(mul_batch),
    FN(validate),
    FN(decompress),
    FN(ladder),
    FN(fixed_base),
    FN(fb_precompute),
    FN(tnaf),
};

#undef GF_HOT
#undef GF_NL
#undef GF_INL
#undef GF_RED_MAX
#undef GF_PCLMUL
#undef GF_ZMUL
#undef GF_NIB
#undef GF_MSQ_MIN
#undef GF_MSQ_CT_MIN
#undef GF_MSQ_TABLE_MIN
#undef GF_TABLE_NAME
#undef FN
