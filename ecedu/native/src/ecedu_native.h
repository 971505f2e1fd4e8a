/*
 * ecedu_native.h -- the exported C API of libecedu_native (used from Python
 * through ctypes by ecedu/native/__init__.py, and by tests/ctime).
 *
 * Conventions: curves are named by index ci = ecedu_curve_index(name);
 * field elements, coordinates and scalars are big-endian byte strings;
 * flen = (m+7)/8 bytes for field elements and coordinates; scalars are at
 * most (bits(n)+7)/8 bytes.  Every function checks its inputs and returns
 * ECEDU_OK (0) or a negative ECEDU_ERR_* code (gf2m.h); none crashes on
 * malformed input (given valid pointers of the stated lengths).
 */
#ifndef ECEDU_NATIVE_H
#define ECEDU_NATIVE_H
#include <stddef.h>
#include <stdint.h>

int ecedu_version(void);
int ecedu_cpu_features(void);
void ecedu_force_portable(int flag);
int ecedu_using_pclmul(void);
/* Field implementation levels: 0 portable, 1 pclmul, 2 vpclmul (AVX-512).
 * force: -1 = the best the CPU has; returns -1 (no change) if the CPU lacks
 * the level.  ecedu_implementation: the level in use. */
int ecedu_force_implementation(int level);
int ecedu_implementation(void);
int ecedu_best_implementation(void); /* the highest level this CPU can run */
int ecedu_field_implementation(int m);
int ecedu_curve_index(const char *name);
/* curve info: m, bits(n), cofactor */
int ecedu_curve_info(int ci, int *m, int *nbits, int *h);

/* Field ops on GF(2^m), m in {163,193,233,239,283,409,571}.
 * op: 0 mul, 1 sqr, 2 inv, 3 sqrt, 4 half-trace, 5 trace (out[len-1] = 0/1),
 *     6 inv of a public value (variable time).
 * a, b, out: len = (m+7)/8 bytes each; inputs must be < 2^m; inv(0) -> ERR_RANGE. */
int ecedu_field_op(int m, int op, const uint8_t *a, const uint8_t *b, uint8_t *out, size_t len);
/* c[i] = a[i]*b[i] for count elements of nw = ceil(m/64) little-endian uint64
 * words each; every input element must be < 2^m (checked). */
int ecedu_field_mul_batch(int m, const uint64_t *a, const uint64_t *b, uint64_t *c, size_t count);

/* Points. */
int ecedu_validate_point(int ci, const uint8_t *x, const uint8_t *y, size_t flen);
int ecedu_decode_point(int ci, const uint8_t *in, size_t len, uint8_t *ox, uint8_t *oy);
int ecedu_scalar_mult(int ci, const uint8_t *k, size_t klen, const uint8_t *x, const uint8_t *y,
                      size_t flen, uint8_t *ox, uint8_t *oy);
/* Variable-base method on the Koblitz curves: 0 = the default (tau-adic,
 * tnaf.h, measured faster on all six), 1 = always the
 * Montgomery ladder, 2 = always tau-adic.  Process-wide; for tests and
 * benchmarks. */
void ecedu_set_koblitz_method(int method);
int ecedu_scalar_mult_base(int ci, const uint8_t *k, size_t klen, uint8_t *ox, uint8_t *oy,
                           size_t flen);
int ecedu_ecdh(int ci, const uint8_t *d, size_t dlen, const uint8_t *peer, size_t plen,
               uint8_t *out, size_t outlen);
int ecedu_ecdh_batch(int ci, size_t count, const uint8_t *d, size_t dlen, const uint8_t *peers,
                     size_t plen, uint8_t *out, size_t outlen, int32_t *rcs);

/* Benchmarks: run the operation iterations times in a C loop, return the
 * process CPU time used in seconds (CLOCK_PROCESS_CPUTIME_ID, like
 * `openssl speed` without -elapsed), or a negative value on bad arguments. */
double ecedu_bench_field_mul(int m, long iterations);
double ecedu_bench_field_sqr(int m, long iterations);
double ecedu_bench_field_inv(int m, long iterations);
double ecedu_bench_ecdh(int ci, long iterations);
double ecedu_bench_scalar_mult_base(int ci, long iterations);
#endif
