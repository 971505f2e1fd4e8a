/*
 * ops.c -- the exported operations of GF(2^m) (ecedu_field_op,
 * ecedu_field_mul_batch): input checks, then the implementation in use.
 * Used by the tests (against the Python reference and galois) and by the
 * course's field benchmarks; the curve code calls the field table directly.
 */
#include <string.h>
#include "internal.h"

/* a < 2^m from len = (m+7)/8 big-endian bytes (len is checked by the caller). */
static int fe_load(const ecedu_field_impl *f, uint64_t *w, const uint8_t *in, size_t len) {
    if (ecedu_bytes_to_words(w, f->nw, in, len)) return ECEDU_ERR_RANGE;
    if (f->m % 64 && (w[f->nw - 1] >> (f->m % 64))) return ECEDU_ERR_RANGE;
    return ECEDU_OK;
}

/* a^-1 for a secret a, constant time (tests/ctime/ctime_driver.c): the range check (a < 2^m) and
 * the test for zero are masks, the inversion runs for every a, and a refused a gives a zero output
 * and ECEDU_ERR_RANGE, chosen by the masks; the code is the call's public result. */
static int fe_inv_ct(const ecedu_field_impl *f, const uint8_t *in, uint8_t *out, size_t len) {
    uint64_t A[ECEDU_MAXW], R[ECEDU_MAXW];
    (void)ecedu_bytes_to_words(A, f->nw, in, len); /* len = (m+7)/8 fits nw words: no excess */
    const uint64_t high = f->m % 64 ? A[f->nw - 1] >> (f->m % 64) : 0;
    const uint64_t bad = ~ecedu_ct_is_zero_u64(high) | ecedu_ct_is_zero(A, f->nw);
    for (int i = 0; i < f->nw; i++) A[i] &= ~bad; /* a refused a is inverted as 0 */
    f->inv(R, A);
    for (int i = 0; i < f->nw; i++) R[i] &= ~bad;
    ecedu_words_to_bytes(out, len, R, f->nw);
    ecedu_wipe(A, sizeof A);
    return (int)((uint64_t)(int64_t)ECEDU_ERR_RANGE & bad);
}

int ecedu_field_op(int m, int op, const uint8_t *a, const uint8_t *b, uint8_t *out, size_t len) {
    const ecedu_field_impl *f = ecedu_field_for(m);
    uint64_t A[ECEDU_MAXW], B[ECEDU_MAXW] = {0}, R[ECEDU_MAXW] = {0};
    int rc;
    if (!f) return ECEDU_ERR_CURVE;
    if (!a || !out || len != (size_t)(m + 7) / 8) return ECEDU_ERR_LENGTH;
    if (op == ECEDU_FIELD_INV) return fe_inv_ct(f, a, out, len);
    if ((rc = fe_load(f, A, a, len))) return rc;
    switch (op) {
    case ECEDU_FIELD_MUL:
        if (!b) return ECEDU_ERR_LENGTH;
        if ((rc = fe_load(f, B, b, len))) return rc;
        f->mul(R, A, B);
        break;
    case ECEDU_FIELD_SQR: f->sqr(R, A); break;
    case ECEDU_FIELD_SQRT: f->sqrt(R, A); break;
    case ECEDU_FIELD_HALF_TRACE: f->half_trace(R, A); break;
    case ECEDU_FIELD_TRACE: R[0] = (uint64_t)f->trace(A); break;
    case ECEDU_FIELD_INV_VARTIME: /* inverse of a public value (field/gf2m/inversion.tmpl.h) */
        if (ecedu_ct_is_zero(A, f->nw)) return ECEDU_ERR_RANGE;
        f->inv_vartime(R, A);
        break;
    default: return ECEDU_ERR_ARGUMENT;
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
