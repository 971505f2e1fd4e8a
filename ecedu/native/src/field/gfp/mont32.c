/*
 * mont32.c -- field/gfp/mont.tmpl.h at 32-bit limbs with 64-bit products
 * (OpenSSL's bn(64,32) configuration, the "before" of the NetBSD PR 28935 thread).
 */
#include "internal.h"

#define GFP_LIMB_BITS 32
#define gfp_limb uint32_t
#define gfp_dlimb uint64_t
#define GFP_TABLE_NAME ecedu_gfp_mont32
#define GFP_ADX 0
#define GFP_IFMA 0
#include "field/gfp/mont.tmpl.h"
#undef GFP_LIMB_BITS
#undef gfp_limb
#undef gfp_dlimb
#undef GFP_TABLE_NAME
#undef GFP_ADX
#undef GFP_IFMA
