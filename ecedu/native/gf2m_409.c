/*
 * gf2m_409.c -- GF(2^409) with f(z) = z^409 + z^87 + 1, 7 words per element,
 * and the curves over it.  Two instances of the same template: portable C
 * and PCLMULQDQ (compiled for that instruction set by the pragma only; cpu.c
 * decides at run time which one may be used).
 */
#include <stdlib.h>
#include <immintrin.h>
#include "gf2m.h"

#define GF_M 409
#define GF_NW 7
#define GF_RED_TERMS 87, 0
#define GF_NRED 2

#define GF_PCLMUL 0
#define GF_TABLE_NAME ecedu_gf409_portable
#define FN(name) gf409_portable_##name
#include "gf2m_instance.h"

#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1")
#define GF_PCLMUL 1
#define GF_TABLE_NAME ecedu_gf409_pclmul
#define FN(name) gf409_pclmul_##name
#include "gf2m_instance.h"
#pragma GCC pop_options
