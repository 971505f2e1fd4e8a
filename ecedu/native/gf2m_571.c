/*
 * gf2m_571.c -- GF(2^571) with f(z) = z^571 + z^10 + z^5 + z^2 + 1, 9 words per element,
 * and the curves over it.  Two instances of the same template: portable C
 * and PCLMULQDQ (compiled for that instruction set by the pragma only; cpu.c
 * decides at run time which one may be used).
 */
#include <stdlib.h>
#include <immintrin.h>
#include "gf2m.h"

#define GF_M 571
#define GF_NW 9
#define GF_RED_TERMS 10, 5, 2, 0
#define GF_NRED 4

#define GF_PCLMUL 0
#define GF_TABLE_NAME ecedu_gf571_portable
#define FN(name) gf571_portable_##name
#include "gf2m_instance.h"

#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1")
#define GF_PCLMUL 1
#define GF_TABLE_NAME ecedu_gf571_pclmul
#define FN(name) gf571_pclmul_##name
#include "gf2m_instance.h"
#pragma GCC pop_options
