/*
 * api.c -- exported helpers: byte conversion, field operations for tests,
 * the batch API and C-side benchmark loops.
 */
#include <string.h>
#include <time.h>
#include "internal.h"
#include "ecedu_native.h"

int ecedu_version(void) { return 1; }

/* Word i of a big-endian string holds its bytes len-8i-8 .. len-8i-1: one
 * 64-bit load and a byte swap where all eight exist, byte by byte at the
 * short front end.  Loops and branches depend on the lengths only. */
static uint64_t be_word(const uint8_t *in, size_t len, int i) {
    if (8 * (size_t)i >= len) return 0;
    const size_t end = len - 8 * (size_t)i; /* one past the word's last byte */
    uint64_t v = 0;
    if (end >= 8) {
        memcpy(&v, in + end - 8, 8);
        return __builtin_bswap64(v);
    }
    for (size_t j = 0; j < end; j++) v = (v << 8) | in[j];
    return v;
}

int ecedu_bytes_to_words(uint64_t *w, int nw, const uint8_t *in, size_t len) {
    uint8_t extra = 0;
    for (int i = 0; i < nw; i++) w[i] = be_word(in, len, i);
    for (size_t j = 0; j + 8 * (size_t)nw < len; j++) extra |= in[j]; /* bytes above nw words */
    return extra ? -1 : 0; /* public: only lengths are public here, callers pass lengths that fit */
}

void ecedu_words_to_bytes(uint8_t *out, size_t len, const uint64_t *w, int nw) {
    for (size_t i = 0; 8 * i < len; i++) {
        const size_t end = len - 8 * i;
        const uint64_t v = i < (size_t)nw ? w[i] : 0;
        if (end >= 8) {
            const uint64_t be = __builtin_bswap64(v);
            memcpy(out + end - 8, &be, 8);
        } else {
            for (size_t j = 0; j < end; j++) out[j] = (uint8_t)(v >> (8 * (end - 1 - j)));
        }
    }
}

int ecedu_curve_info(int ci, int *m, int *nbits, int *h) {
    if (ci < 0 || ci >= ECEDU_NCURVES || !m || !nbits || !h) return ECEDU_ERR_CURVE;
    *m = ecedu_curves[ci].m;
    *nbits = ecedu_curves[ci].nbits;
    *h = ecedu_curves[ci].h;
    return ECEDU_OK;
}

static int fe_load(const ecedu_field_impl *f, uint64_t *w, const uint8_t *in, size_t len) {
    if (ecedu_bytes_to_words(w, f->nw, in, len)) return ECEDU_ERR_RANGE;
    if (f->m % 64 && (w[f->nw - 1] >> (f->m % 64))) return ECEDU_ERR_RANGE;
    return ECEDU_OK;
}

int ecedu_field_op(int m, int op, const uint8_t *a, const uint8_t *b, uint8_t *out, size_t len) {
    const ecedu_field_impl *f = ecedu_field_for(m);
    uint64_t A[ECEDU_MAXW], B[ECEDU_MAXW] = {0}, R[ECEDU_MAXW] = {0};
    int rc;
    if (!f) return ECEDU_ERR_CURVE;
    if (!a || !out || len != (size_t)(m + 7) / 8) return ECEDU_ERR_LENGTH;
    if ((rc = fe_load(f, A, a, len))) return rc;
    switch (op) {
    case 0:
        if (!b) return ECEDU_ERR_LENGTH;
        if ((rc = fe_load(f, B, b, len))) return rc;
        f->mul(R, A, B);
        break;
    case 1: f->sqr(R, A); break;
    case 2:
        if (ecedu_ct_is_zero(A, f->nw)) return ECEDU_ERR_RANGE;
        f->inv(R, A);
        break;
    case 3: f->sqrt(R, A); break;
    case 4: f->half_trace(R, A); break;
    case 5: R[0] = (uint64_t)f->trace(A); break;
    case 6: /* inverse of a public value (variable time, gf2m_field.h) */
        if (ecedu_ct_is_zero(A, f->nw)) return ECEDU_ERR_RANGE;
        f->inv_public(R, A);
        break;
    default: return ECEDU_ERR_LENGTH;
    }
    ecedu_words_to_bytes(out, len, R, f->nw);
    return ECEDU_OK;
}

int ecedu_field_mul_batch(int m, const uint64_t *a, const uint64_t *b, uint64_t *c, size_t count) {
    const ecedu_field_impl *f = ecedu_field_for(m);
    if (!f) return ECEDU_ERR_CURVE;
    if (count && (!a || !b || !c)) return ECEDU_ERR_LENGTH;
    int top = m % 64, nw = f->nw;
    for (size_t i = 0; i < count; i++) /* range check all inputs first */
        if (top && ((a[i * nw + nw - 1] | b[i * nw + nw - 1]) >> top)) return ECEDU_ERR_RANGE;
    f->mul_batch(c, a, b, count);
    return ECEDU_OK;
}

/* ---------------------------------------------------------------- bench */

/* CPU time of this process, like `openssl speed` (which divides by user CPU
 * time unless -elapsed is given): robust when other processes share the CPU. */
static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static volatile uint64_t g_sink;

/* Dependent chain r = r * a (latency-bound, as inside a ladder). */
double ecedu_bench_field_mul(int m, long iterations) {
    const ecedu_field_impl *f = ecedu_field_for(m);
    if (!f || iterations < 0) return -1.0;
    uint64_t r[ECEDU_MAXW] = {0x123456789abcdefULL, 0x42, 7}, a[ECEDU_MAXW] = {0xfedcba987654321ULL, 3, 5};
    double t0 = now();
    for (long i = 0; i < iterations; i++) f->mul(r, r, a);
    double t = now() - t0;
    g_sink = r[0];
    return t;
}

double ecedu_bench_field_sqr(int m, long iterations) {
    const ecedu_field_impl *f = ecedu_field_for(m);
    if (!f || iterations < 0) return -1.0;
    uint64_t r[ECEDU_MAXW] = {0x123456789abcdefULL, 0x42, 7};
    double t0 = now();
    for (long i = 0; i < iterations; i++) f->sqr(r, r);
    double t = now() - t0;
    g_sink = r[0];
    return t;
}

double ecedu_bench_field_inv(int m, long iterations) {
    const ecedu_field_impl *f = ecedu_field_for(m);
    if (!f || iterations < 0) return -1.0;
    uint64_t r[ECEDU_MAXW] = {0x123456789abcdefULL, 0x42, 7};
    double t0 = now();
    for (long i = 0; i < iterations; i++) f->inv(r, r);
    double t = now() - t0;
    g_sink = r[0];
    return t;
}

/* Full ECDH as a user calls it: decode + validate the peer point (SEC 1
 * uncompressed), check the scalar, ladder, output x. */
double ecedu_bench_ecdh(int ci, long iterations) {
    if (ci < 0 || ci >= ECEDU_NCURVES || iterations < 0) return -1.0;
    const ecedu_curve *c = &ecedu_curves[ci];
    size_t F = (size_t)(c->m + 7) / 8, NL = (size_t)(c->nbits + 7) / 8;
    uint8_t d[80], k2[80], peer[1 + 2 * 72], out[72];
    memset(d, 0x5a, NL);
    d[0] = 0x00; /* < n for every curve */
    memset(k2, 0x33, NL);
    k2[0] = 0x00;
    peer[0] = 0x04;
    if (ecedu_scalar_mult_base(ci, k2, NL, peer + 1, peer + 1 + F, F)) return -1.0;
    double t0 = now();
    for (long i = 0; i < iterations; i++)
        if (ecedu_ecdh(ci, d, NL, peer, 1 + 2 * F, out, F)) return -1.0;
    double t = now() - t0;
    g_sink = out[0];
    return t;
}

double ecedu_bench_scalar_mult_base(int ci, long iterations) {
    if (ci < 0 || ci >= ECEDU_NCURVES || iterations < 0) return -1.0;
    const ecedu_curve *c = &ecedu_curves[ci];
    size_t F = (size_t)(c->m + 7) / 8, NL = (size_t)(c->nbits + 7) / 8;
    uint8_t d[80], x[72], y[72];
    memset(d, 0x5a, NL);
    d[0] = 0x00;
    if (ecedu_scalar_mult_base(ci, d, NL, x, y, F)) return -1.0; /* builds table */
    double t0 = now();
    for (long i = 0; i < iterations; i++) ecedu_scalar_mult_base(ci, d, NL, x, y, F);
    double t = now() - t0;
    g_sink = x[0];
    return t;
}
