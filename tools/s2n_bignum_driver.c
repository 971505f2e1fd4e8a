/*
 * s2n_bignum_driver.c -- the timing driver of tools/s2n_bignum_side_by_side.py: four scalar
 * multiplications of AWS's s2n-bignum (github.com/awslabs/s2n-bignum; not part of ecedu, built
 * by the user outside this repository) timed in TSC ticks, one call per sample.  This file is
 * ecedu's; the tool compiles it against s2n-bignum's include/ and x86/libs2nbignum.a.
 *
 * Input (stdin), one line per function: its name, then the scalar's and the point's 64-bit words,
 * little-endian, in hexadecimal, as the tool prepares them (the base point in the form each
 * function takes).  argv[1]: samples per function.
 * Output, one line per input line: the name, the minimum and the median of the samples, and the
 * result's words in hexadecimal (the tool checks them against ecedu's Python reference before it
 * prints any figure).
 *
 * Each sample is the difference of two stamps around one call, a stamp being LFENCE, RDTSC,
 * LFENCE as in ecedu_bench_cycles (ecedu/native/src/bench.c: stamp), so that the two sides are
 * timed the same way.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>
#include "s2n-bignum.h"

typedef void scalarmul_fn(uint64_t *res, const uint64_t *scalar, const uint64_t *point);

static const struct {
    const char *name;
    scalarmul_fn *fn;
    int scalar_words, point_words;
} FUNCTIONS[] = {
    {"curve25519_x25519", (scalarmul_fn *)curve25519_x25519, 4, 4},   /* u-coordinates */
    {"p256_scalarmul", (scalarmul_fn *)p256_scalarmul, 4, 8},         /* affine (x, y) */
    {"p384_montjscalarmul", (scalarmul_fn *)p384_montjscalarmul, 6, 18}, /* Montgomery-Jacobian */
    {"p521_jscalarmul", (scalarmul_fn *)p521_jscalarmul, 9, 27},      /* Jacobian */
};

static inline uint64_t stamp(void) {
    _mm_lfence();
    const uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
}

static int by_value(const void *a, const void *b) {
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static int read_words(uint64_t *w, int n) {
    for (int i = 0; i < n; i++)
        if (scanf("%lx", &w[i]) != 1) return 0;
    return 1;
}

int main(int argc, char **argv) {
    const int runs = argc > 1 ? atoi(argv[1]) : 0;
    if (runs < 1) {
        fprintf(stderr, "usage: %s SAMPLES < lines 'name scalar-words point-words'\n", argv[0]);
        return 2;
    }
    uint64_t *ticks = malloc(sizeof *ticks * (size_t)runs);
    char name[64];
    if (!ticks) return 1;
    while (scanf("%63s", name) == 1) {
        int f = -1;
        for (int i = 0; i < (int)(sizeof FUNCTIONS / sizeof FUNCTIONS[0]); i++)
            if (!strcmp(name, FUNCTIONS[i].name)) f = i;
        uint64_t scalar[9], point[27], res[27];
        if (f < 0 || !read_words(scalar, FUNCTIONS[f].scalar_words) || !read_words(point, FUNCTIONS[f].point_words)) {
            fprintf(stderr, "bad input line for '%s'\n", name);
            return 2;
        }
        for (int r = 0; r < runs; r++) {
            const uint64_t t0 = stamp();
            FUNCTIONS[f].fn(res, scalar, point);
            ticks[r] = stamp() - t0;
        }
        qsort(ticks, (size_t)runs, sizeof *ticks, by_value);
        printf("%s %lu %lu", name, (unsigned long)ticks[0], (unsigned long)ticks[runs / 2]);
        for (int i = 0; i < FUNCTIONS[f].point_words; i++) printf(" %lx", (unsigned long)res[i]);
        printf("\n");
    }
    free(ticks);
    return 0;
}
