/*
 * ecdh.c -- scalar multiplication and ECDH on the 14 binary curves, with all
 * input checks (public point: SEC 1 format, field range, on curve, order n;
 * secret scalar: 1 <= k < n, checked without branching on k).
 *
 * Secret data (scalars) only flows through constant-time code: a scalar
 * outside [1, n-1] is replaced by 1 under a mask, the multiplication runs
 * anyway, and the error code and the zeroing of the output are computed
 * with masks too.  tests/ctime checks this with valgrind.
 *
 * A prime-curve index (ecedu_pcurve_at) goes to protocol/ecdh_prime.c at the top of each
 * entry point; the rest of this file is about the binary curves.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "ecedu_native.h"

/* Bytes of a field element / of a scalar for curve c. */
static size_t felen(const ecedu_curve *c) { return (size_t)(c->m + 7) / 8; }
static size_t nlen(const ecedu_curve *c) { return (size_t)(c->nbits + 7) / 8; }

/*
 * Parse a big-endian scalar of at most nlen(c) bytes into k (ECEDU_MAXW + 1
 * words).  Returns an all-ones mask if 1 <= k < n, else 0; in the latter
 * case k is replaced by 1 so that the caller can compute anyway.
 * Constant time in the value (the length is public).
 */
static uint64_t scalar_load(const ecedu_curve *c, uint64_t *k, const uint8_t *in, size_t len) {
    uint64_t borrow = 0, one[ECEDU_MAXW + 1] = {1};
    ecedu_bytes_to_words(k, ECEDU_MAXW + 1, in, len); /* len <= nlen: fits */
    for (int i = 0; i < ECEDU_MAXW + 1; i++) { /* borrow of k - n: k < n */
        unsigned __int128 d = (unsigned __int128)k[i] - c->n[i] - borrow;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    uint64_t ok = (0 - borrow) & ~ecedu_ct_is_zero(k, ECEDU_MAXW + 1);
    ecedu_ct_select(k, one, ~ok, ECEDU_MAXW + 1);
    return ok;
}

/* Load one coordinate (exactly felen bytes) and check it is < 2^m. */
static int coord_load(const ecedu_curve *c, uint64_t *w, const uint8_t *in) {
    if (ecedu_bytes_to_words(w, c->nw, in, felen(c))) return ECEDU_ERR_POINT;
    if (c->m % 64 && (w[c->nw - 1] >> (c->m % 64))) return ECEDU_ERR_POINT;
    return ECEDU_OK;
}

/* Error code from the scalar mask: ECEDU_OK if ok is all-ones, else
 * ECEDU_ERR_SCALAR; no branch. */
static int scalar_rc(uint64_t ok) { return (int)(~ok & (uint64_t)(int64_t)ECEDU_ERR_SCALAR); }


/* out = mask ? out : 0 (bytes). */
static void mask_bytes(uint8_t *out, size_t n, uint64_t ok) {
    for (size_t i = 0; i < n; i++) out[i] &= (uint8_t)ok;
}

int ecedu_decode_point(int ci, const uint8_t *in, size_t len, uint8_t *ox, uint8_t *oy) {
    const ecedu_pcurve *pc = ecedu_pcurve_at(ci);
    if (pc && in && ox && oy) return ecedu_p_decode_point(pc, in, len, ox, oy);
    if (ci < 0 || ci >= ECEDU_NCURVES || !in || !ox || !oy) return ECEDU_ERR_CURVE;
    const ecedu_curve *c = &ecedu_curves[ci];
    const ecedu_field_impl *f = ecedu_field_for(c->m);
    uint64_t x[ECEDU_MAXW] = {0}, y[ECEDU_MAXW] = {0};
    size_t F = felen(c);
    int rc;
    if (len == 1 + 2 * F && in[0] == 0x04) {
        if ((rc = coord_load(c, x, in + 1)) || (rc = coord_load(c, y, in + 1 + F))) return rc;
    } else if (len == 1 + F && (in[0] == 0x02 || in[0] == 0x03)) {
        if ((rc = coord_load(c, x, in + 1))) return rc;
        if ((rc = f->decompress(c, x, in[0] & 1, y))) return rc;
    } else if (len == 1 && in[0] == 0x00) {
        return ECEDU_ERR_POINT; /* the point at infinity */
    } else {
        return ECEDU_ERR_LENGTH;
    }
    if ((rc = f->validate(c, x, y))) return rc;
    ecedu_words_to_bytes(ox, F, x, c->nw);
    ecedu_words_to_bytes(oy, F, y, c->nw);
    return ECEDU_OK;
}

int ecedu_validate_point(int ci, const uint8_t *x, const uint8_t *y, size_t flen) {
    const ecedu_pcurve *pc = ecedu_pcurve_at(ci);
    if (pc && x && y) return ecedu_p_validate_point(pc, x, y, flen);
    if (ci < 0 || ci >= ECEDU_NCURVES || !x || !y) return ECEDU_ERR_CURVE;
    const ecedu_curve *c = &ecedu_curves[ci];
    uint64_t X[ECEDU_MAXW] = {0}, Y[ECEDU_MAXW] = {0};
    int rc;
    if (flen != felen(c)) return ECEDU_ERR_LENGTH;
    if ((rc = coord_load(c, X, x)) || (rc = coord_load(c, Y, y))) return rc;
    return ecedu_field_for(c->m)->validate(c, X, Y);
}

/* Variable-base method on the Koblitz curves (an ecedu_koblitz_method): by
 * default the tau-adic one (curve/tnaf.tmpl.h; measured faster than the
 * ladder on all six); tests and benchmarks may force one. */
static int g_koblitz_method = ECEDU_KOBLITZ_DEFAULT;

int ecedu_set_koblitz_method(int method) {
    if (method != ECEDU_KOBLITZ_DEFAULT && method != ECEDU_KOBLITZ_LADDER && method != ECEDU_KOBLITZ_TNAF)
        return ECEDU_ERR_ARGUMENT;
    g_koblitz_method = method;
    return ECEDU_OK;
}

static int use_tnaf(const ecedu_curve *c) { /* public: curve and switch */
    return c->tau && g_koblitz_method != ECEDU_KOBLITZ_LADDER;
}

/* 1 if k P on curve ci now runs the tau-adic method, 0 if the ladder (the very test that
 * scalar_mult_impl below branches on), or ECEDU_ERR_CURVE: so that the tests comparing the two
 * methods can check that the switch took effect. */
int ecedu_koblitz_uses_tnaf(int ci) {
    if (ci < 0 || ci >= ECEDU_NCURVES) return ECEDU_ERR_CURVE; /* the binary curves */
    return use_tnaf(&ecedu_curves[ci]);
}

/*
 * k * (x, y) for curve index ci with byte inputs, written to ox/oy (flen
 * bytes each; oy NULL: x only, as ECDH needs, which saves the tau-adic method two products).
 * Contract: ci is valid; if validated is nonzero, (x, y) has
 * already passed FN(validate) (e.g. from ecedu_decode_point) and is not
 * checked again.  The scalar is handled in constant time (see scalar_load).
 */
static int scalar_mult_impl(int ci, const uint8_t *k, size_t klen, const uint8_t *x,
                            const uint8_t *y, size_t flen, uint8_t *ox, uint8_t *oy,
                            int validated) {
    const ecedu_curve *c = &ecedu_curves[ci];
    const ecedu_field_impl *f = ecedu_field_for(c->m);
    uint64_t K[ECEDU_MAXW + 1], X[ECEDU_MAXW] = {0}, Y[ECEDU_MAXW] = {0};
    uint64_t RX[ECEDU_MAXW] = {0}, RY[ECEDU_MAXW] = {0};
    int rc;
    if (flen != felen(c)) return ECEDU_ERR_LENGTH;
    if (klen == 0 || klen > nlen(c)) return ECEDU_ERR_SCALAR;
    if ((rc = coord_load(c, X, x)) || (rc = coord_load(c, Y, y))) return rc;
    if (!validated && (rc = f->validate(c, X, Y))) return rc;
    uint64_t ok = scalar_load(c, K, k, klen);
    if (use_tnaf(c))
        rc = f->tnaf(c, K, X, Y, RX, oy ? RY : NULL);
    else
        rc = f->ladder(c, K, X, Y, RX, RY); /* x and y: its y-recovery shares the inversion */
    ecedu_words_to_bytes(ox, flen, RX, c->nw);
    if (oy) ecedu_words_to_bytes(oy, flen, RY, c->nw);
    /* rc is 0, or ECEDU_ERR_INTERNAL if the method failed (never seen; see
     * tnaf.tmpl.h); combined with the scalar check by masks, not branches */
    uint64_t failed = ~ecedu_ct_is_zero_u64((uint64_t)(int64_t)rc);
    mask_bytes(ox, flen, ok & ~failed);
    if (oy) mask_bytes(oy, flen, ok & ~failed);
    ecedu_wipe(K, sizeof K);
    return (int)(((uint64_t)(int64_t)scalar_rc(ok) & ~failed) | ((uint64_t)(int64_t)rc & failed));
}

int ecedu_scalar_mult(int ci, const uint8_t *k, size_t klen, const uint8_t *x, const uint8_t *y,
                      size_t flen, uint8_t *ox, uint8_t *oy) {
    const ecedu_pcurve *pc = ecedu_pcurve_at(ci);
    if (pc && k && x && y && ox && oy) return ecedu_p_scalar_mult(pc, k, klen, x, y, flen, ox, oy, 0);
    if (ci < 0 || ci >= ECEDU_NCURVES || !k || !x || !y || !ox || !oy) return ECEDU_ERR_CURVE;
    return scalar_mult_impl(ci, k, klen, x, y, flen, ox, oy, 0);
}

/* Fixed-base tables, built on first use, once per curve by pthread_once (no
 * lock that a fork() in another thread could leave held: glibc restarts an
 * initialisation that a fork interrupted in the child). */
static ecedu_fb_table g_tables[ECEDU_NCURVES];
static int g_table_rc[ECEDU_NCURVES];

static void table_build(int ci) {
    g_table_rc[ci] = ecedu_field_for(ecedu_curves[ci].m)->fb_precompute(&ecedu_curves[ci], &g_tables[ci]);
}
#define TABLE_INIT(i) static void table_init_##i(void) { table_build(i); }
TABLE_INIT(0) TABLE_INIT(1) TABLE_INIT(2) TABLE_INIT(3) TABLE_INIT(4) TABLE_INIT(5) TABLE_INIT(6)
TABLE_INIT(7) TABLE_INIT(8) TABLE_INIT(9) TABLE_INIT(10) TABLE_INIT(11) TABLE_INIT(12) TABLE_INIT(13)
#undef TABLE_INIT
static void (*const g_table_init[ECEDU_NCURVES])(void) = {
    table_init_0, table_init_1, table_init_2, table_init_3, table_init_4, table_init_5, table_init_6,
    table_init_7, table_init_8, table_init_9, table_init_10, table_init_11, table_init_12, table_init_13,
};
static pthread_once_t g_table_once[ECEDU_NCURVES] = {
    PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT,
    PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT,
    PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT,
};
_Static_assert(ECEDU_NCURVES == 14, "one table_init_<i> per curve");

/* The table of curve ci (contract: 0 <= ci < ECEDU_NCURVES), or NULL if it
 * could not be built (out of memory). */
static const ecedu_fb_table *fb_table(int ci) {
    pthread_once(&g_table_once[ci], g_table_init[ci]);
    return g_table_rc[ci] == ECEDU_OK ? &g_tables[ci] : NULL;
}

int ecedu_scalar_mult_base(int ci, const uint8_t *k, size_t klen, uint8_t *ox, uint8_t *oy,
                           size_t flen) {
    const ecedu_pcurve *pc = ecedu_pcurve_at(ci);
    if (pc && k && ox && oy) return ecedu_p_scalar_mult_base(pc, k, klen, ox, oy, flen);
    if (ci < 0 || ci >= ECEDU_NCURVES || !k || !ox || !oy) return ECEDU_ERR_CURVE;
    const ecedu_curve *c = &ecedu_curves[ci];
    const ecedu_field_impl *f = ecedu_field_for(c->m);
    uint64_t K[ECEDU_MAXW + 1], RX[ECEDU_MAXW] = {0}, RY[ECEDU_MAXW] = {0};
    if (flen != felen(c)) return ECEDU_ERR_LENGTH;
    if (klen == 0 || klen > nlen(c)) return ECEDU_ERR_SCALAR;
    const ecedu_fb_table *t = fb_table(ci);
    if (!t) return ECEDU_ERR_INTERNAL;
    uint64_t ok = scalar_load(c, K, k, klen);
    f->fixed_base(c, t, K, RX, RY);
    ecedu_words_to_bytes(ox, flen, RX, c->nw);
    ecedu_words_to_bytes(oy, flen, RY, c->nw);
    mask_bytes(ox, flen, ok);
    mask_bytes(oy, flen, ok);
    ecedu_wipe(K, sizeof K);
    return scalar_rc(ok);
}

int ecedu_ecdh(int ci, const uint8_t *d, size_t dlen, const uint8_t *peer, size_t plen,
               uint8_t *out, size_t outlen) {
    const ecedu_pcurve *pc = ecedu_pcurve_at(ci);
    uint8_t px[72], py[72];
    int rc;
    if (pc && d && peer && out) {
        uint8_t oy[72]; /* the prime curves' scalar multiplication writes y too: not used */
        if (outlen != (size_t)(pc->pbits + 7) / 8) return ECEDU_ERR_LENGTH;
        if ((rc = ecedu_p_decode_point(pc, peer, plen, px, py))) return rc;
        rc = ecedu_p_scalar_mult(pc, d, dlen, px, py, outlen, out, oy, 1);
        ecedu_wipe(oy, sizeof oy);
        return rc;
    }
    if (ci < 0 || ci >= ECEDU_NCURVES || !d || !peer || !out) return ECEDU_ERR_CURVE;
    const ecedu_curve *c = &ecedu_curves[ci];
    size_t F = felen(c);
    if (outlen != F) return ECEDU_ERR_LENGTH;
    if ((rc = ecedu_decode_point(ci, peer, plen, px, py))) return rc;
    /* the decoded point is validated: do not check it a second time; x only */
    return scalar_mult_impl(ci, d, dlen, px, py, F, out, NULL, 1);
}

int ecedu_ecdh_key(const ecedu_key_shapes *shapes, const uint8_t *d, const uint8_t *key,
                   size_t keylen, uint8_t *out) {
    size_t plen;
    const uint8_t *point = ecedu_key_shapes_point(shapes, key, keylen, &plen);
    if (!point) return ECEDU_ERR_LENGTH;
    /* the scalar is exactly the curve's nlen octets (the header's contract; ecedu_ecdh alone would
     * take a shorter one, so a hand-built shapes with nlen = 1 read one octet of a full d); ecedu_ecdh
     * checks the curve index and flen (the curve's) */
    int m, nbits, h, koblitz;
    if (ecedu_curve_info(shapes->ci, &m, &nbits, &h, &koblitz) || shapes->nlen != (size_t)(nbits + 7) / 8)
        return ECEDU_ERR_CURVE;
    return ecedu_ecdh(shapes->ci, d, shapes->nlen, point, plen, out, shapes->flen);
}

int ecedu_ecdh_batch(int ci, size_t count, const uint8_t *d, size_t dlen, const uint8_t *peers,
                     size_t plen, uint8_t *out, size_t outlen, int32_t *rcs) {
    int early = ECEDU_OK;
    if (!ecedu_pcurve_at(ci) && (ci < 0 || ci >= ECEDU_NCURVES)) early = ECEDU_ERR_CURVE;
    else if (!d || !peers || !out) early = ECEDU_ERR_LENGTH;
    if (!rcs) return early ? early : ECEDU_ERR_LENGTH;
    if (early) { /* every index gets the error: no caller may read an unwritten rcs as success */
        for (size_t i = 0; i < count; i++) rcs[i] = early;
        return early;
    }
    /* the first failing index's code, kept by masks: a code says whether a secret key was in
     * range, the call's public result, but not before the call returns (tests/ctime) */
    uint64_t first = ECEDU_OK;
    for (size_t i = 0; i < count; i++) {
        rcs[i] = ecedu_ecdh(ci, d + i * dlen, dlen, peers + i * plen, plen, out + i * outlen,
                            outlen);
        const uint64_t none_yet = ecedu_ct_is_zero_u64(first);
        first |= (uint64_t)(int64_t)rcs[i] & none_yet;
    }
    return (int)(int64_t)first;
}
