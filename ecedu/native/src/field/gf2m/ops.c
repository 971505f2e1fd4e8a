/*
 * ops.c -- the exported operations of GF(2^m) (ecedu_field_op,
 * ecedu_field_mul_batch): input checks, then the implementation in use.
 * Used by the tests (against the Python reference and galois) and by the
 * course's field benchmarks; the curve code calls the field table directly.
 */
#include <string.h>
#include "internal.h"

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
    case ECEDU_FIELD_MUL:
        if (!b) return ECEDU_ERR_LENGTH;
        if ((rc = fe_load(f, B, b, len))) return rc;
        f->mul(R, A, B);
        break;
    case ECEDU_FIELD_SQR: f->sqr(R, A); break;
    case ECEDU_FIELD_INV:
        if (ecedu_ct_is_zero(A, f->nw)) return ECEDU_ERR_RANGE;
        f->inv(R, A);
        break;
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
