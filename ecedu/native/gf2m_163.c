/*
 * gf2m_163.c -- GF(2^163) with f(z) = z^163 + z^7 + z^6 + z^3 + 1, 3 words per element,
 * and the curves over it.  Two instances of the same template: portable C
 * and PCLMULQDQ (compiled for that instruction set by the pragma only; cpu.c
 * decides at run time which one may be used).
 */
#include <stdlib.h>
#include <immintrin.h>
#include "gf2m.h"

#define GF_M 163
#define GF_NW 3
#define GF_RED_TERMS 7, 6, 3, 0
#define GF_NRED 4

#define GF_PCLMUL 0
#define GF_TABLE_NAME ecedu_gf163_portable
#define FN(name) gf163_portable_##name
#include "gf2m_instance.h"

#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1")
#define GF_PCLMUL 1
#define GF_TABLE_NAME ecedu_gf163_pclmul
#define FN(name) gf163_pclmul_##name
#include "gf2m_instance.h"
#pragma GCC pop_options
