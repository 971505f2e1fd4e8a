/*
 * mont64.c -- field/gfp/mont.tmpl.h at 64-bit limbs with unsigned __int128
 * products (OpenSSL's bn(64,64), the "after" of the NetBSD PR 28935 thread).
 */
#include "internal.h"

#define GFP_LIMB_BITS 64
#define gfp_limb uint64_t
#define gfp_dlimb unsigned __int128
#define GFP_TABLE_NAME ecedu_gfp_mont64
#define GFP_ADX 0
#define GFP_IFMA 0
#include "field/gfp/mont.tmpl.h"
#undef GFP_LIMB_BITS
#undef gfp_limb
#undef gfp_dlimb
#undef GFP_TABLE_NAME
#undef GFP_ADX
#undef GFP_IFMA
