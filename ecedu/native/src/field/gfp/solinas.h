/*
 * solinas.h -- the two pieces shared by the Solinas reductions of
 * fe_solinas.tmpl.h (and the tables of fe_p{192,224,256,384}_solinas.h): the
 * type of one term of a FIPS 186-4 D.2 formula and the signed carry
 * propagation over 32-bit words.
 */
#ifndef ECEDU_GFP_SOLINAS_H
#define ECEDU_GFP_SOLINAS_H
#include <stdint.h>
/* One term of a Solinas formula: coef * (c[idx[0]], ..., c[idx[k-1]]), most
 * significant word first, idx -1 for a zero word (k <= 12 = P-384's words). */
typedef struct { int8_t coef; int8_t idx[12]; } sol_term;

/* Signed carry propagation over n 32-bit words held in int64_t: afterwards
 * 0 <= w[j] < 2^32; returns the carry out (floor of the value / 2^(32 n)). */
static inline int64_t ecedu_sol_carry(int64_t *w, int n) {
    int64_t c = 0;
    for (int j = 0; j < n; j++) {
        int64_t s = w[j] + c;
        w[j] = s & 0xffffffff;
        c = s >> 32; /* arithmetic shift: floor(s / 2^32) */
    }
    return c;
}
#endif
