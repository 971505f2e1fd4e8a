/*
 * ecdsa.c -- ECDSA signing and verification on the 14 binary curves and the prime curves
 * of curve/prime/ (SEC 1 v2 section 4.1; FIPS 186-4 section 6; RFC 6979 section 3.2 nonces).
 *
 *   sign:    e = bits2int(H(m)) mod n; k = RFC 6979 nonce (HMAC-DRBG-SHA256);
 *            R = kG (constant-time fixed-base, ecdh.c); r = x(R) mod n;
 *            s = k^-1 (e + r d) mod n; next candidate k if r = 0 or s = 0.
 *   verify:  1 <= r, s < n; w = s^-1; u1 = e w, u2 = r w;
 *            R = u1 G + u2 Q != O; valid iff x(R) mod n = r.
 *            Public data only: w by the variable-time divsteps inversion
 *            (modn_inv_vartime, scalar/modinv.h),
 *            u2 Q by the ladder (Q validated once), u1 G by the fixed-base
 *            table, one affine addition.  Prime curves: R by the joint
 *            multiplication of the curve's instance (Straus-Shamir with wNAF,
 *            curve/prime/sw.tmpl.h), x(R) an integer < p.
 *            ecedu_ecdsa_verify_sec1_vartime is the same from the key's SEC 1
 *            encoding (decoded and validated once, before anything else) and
 *            r, s as the contents of their DER INTEGERs;
 *            ecedu_ecdsa_verify_der_vartime the same from the DER signature;
 *            ecedu_ecdsa_verify_key_vartime either, from a key in one of a
 *            curve's shapes (key_shapes.c): the public ecdsa.verify in one
 *            call (ecedu/native/fastpath.py); and ecedu_ecdsa_sign_der the
 *            signature in DER (protocol/sig_der.c).
 *
 * Secrets: the private key d and the nonce k (and everything derived from
 * them before the signature is output) go only through constant-time code:
 * HMAC-SHA256, the Montgomery arithmetic of scalar/modn.h, the fixed-base
 * multiplication.  A key d outside [1, n-1] is replaced by 1 under a mask
 * and the outputs are zeroed by the same mask (as ecdh.c does).  Three
 * one-bit facts are treated as public and "declassified" (the method of
 * libsecp256k1's secp256k1_declassify): whether an RFC 6979 candidate k is
 * in [1, n-1] (the retry count of RFC 6979 is a function of public PRF
 * outputs), the point R = kG (r is part of the signature), and whether
 * s = 0.  When <valgrind/memcheck.h> is present at build time
 * ECEDU_DECLASSIFY tells memcheck so (tests/ctime_ecdsa); otherwise it is a
 * no-op.
 */
#include <pthread.h>
#include <string.h>
#include "internal.h"
#include "ecedu_native.h"
#include "scalar/modn.h"
#include "hash/sha256.h"

/* Under clang's MemorySanitizer (the second constant-time checker, tests/ctime/build_msan.py)
 * the same facts are unpoisoned instead. */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#include <sanitizer/msan_interface.h>
#define ECEDU_DECLASSIFY(p, len) __msan_unpoison((p), (len))
#endif
#endif
#if defined(__has_include) && !defined(ECEDU_DECLASSIFY)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define ECEDU_DECLASSIFY(p, len) VALGRIND_MAKE_MEM_DEFINED((p), (len))
#endif
#endif
#ifndef ECEDU_DECLASSIFY
#define ECEDU_DECLASSIFY(p, len) ((void)(p), (void)(len))
#endif

#define W ECEDU_MODN_W
#define MAX_RETRIES 1000 /* RFC 6979 candidates before giving up (p < 2^-1000) */

/* ------------------------------------------------------------ contexts */

#define NALL (ECEDU_NCURVES + ECEDU_NPCURVES) /* binary curves, then the prime ones */
static ecedu_modn g_modn[NALL];
static pthread_once_t g_modn_once = PTHREAD_ONCE_INIT;

static void modn_init_all(void) {
    for (int i = 0; i < ECEDU_NCURVES; i++)
        modn_init(&g_modn[i], ecedu_curves[i].n, ecedu_curves[i].nbits);
    for (int i = 0; i < ECEDU_NPCURVES; i++)
        modn_init(&g_modn[ECEDU_NCURVES + i], ecedu_pcurves[i].n, ecedu_pcurves[i].nbits);
}

static int valid_ci(int ci) { return ci >= 0 && ci < NALL; }

/* The mod-n context of curve ci (contract: valid_ci(ci)). */
static const ecedu_modn *modn_for(int ci) {
    pthread_once(&g_modn_once, modn_init_all);
    return &g_modn[ci];
}

/* Bytes of a coordinate / of a scalar of curve ci (contract: valid_ci(ci)). */
static size_t felen(int ci) {
    const ecedu_pcurve *pc = ecedu_pcurve_at(ci);
    return (size_t)((pc ? pc->pbits : ecedu_curves[ci].m) + 7) / 8;
}
static size_t nlen_of(int ci) {
    const ecedu_pcurve *pc = ecedu_pcurve_at(ci);
    return (size_t)((pc ? pc->nbits : ecedu_curves[ci].nbits) + 7) / 8;
}

/* ------------------------------------------------------------ helpers */

/* w >>= s for 0 <= s < 64 (s public). */
static void words_shr(uint64_t *w, int s) {
    if (s == 0) return;
    for (int i = 0; i < W; i++) w[i] = (w[i] >> s) | (i + 1 < W ? w[i + 1] << (64 - s) : 0);
}

/* All-ones if 1 <= a < n, else 0 (constant time). */
static uint64_t in_range(const ecedu_modn *mn, const uint64_t *a) {
    return modn_ct_lt(a, mn->n, W) & ~ecedu_ct_is_zero(a, W);
}


/*
 * bits2int (RFC 6979 2.3.2) of the first bytes of a string: the integer
 * of its leftmost qlen = bits(n) bits.  Only the first nlen bytes matter:
 * with t = min(len, nlen) the value is int(in[0..t)) >> max(0, 8t - qlen).
 * Result < 2^qlen.  Constant time in the bytes (lengths are public).
 */
static void bits2int(const ecedu_modn *mn, uint64_t *out, const uint8_t *in, size_t len) {
    size_t nl = (size_t)(mn->nbits + 7) / 8, t = len < nl ? len : nl;
    ecedu_bytes_to_words(out, W, in, t); /* t <= nlen: fits */
    if (8 * t > (size_t)mn->nbits) words_shr(out, (int)(8 * t - (size_t)mn->nbits));
}

/* ------------------------------------------------------------ signing */

/*
 * The signature for one nonce.  Contract: ci valid; k in [1, n-1] (secret),
 * d < n (secret), e < n.  On success writes r, s (< n, nonzero) and returns
 * ECEDU_OK; returns ECEDU_ERR_RETRY if r = 0 or s = 0, or the error of the
 * fixed-base multiplication (ECEDU_ERR_INTERNAL if its table could not be
 * built).  r and the retry/error status are public (declassified).
 */
static int sign_with_nonce(int ci, const ecedu_modn *mn, const uint64_t *k, const uint64_t *d,
                           const uint64_t *e, uint64_t *r, uint64_t *s) {
    size_t F = felen(ci), NL = nlen_of(ci);
    uint8_t kb[8 * W], rx[72], ry[72];
    uint64_t X[W], kinv[W], dm[W], t[W];
    int rc;

    /* R = kG; x(R) is public (it gives r) */
    ecedu_words_to_bytes(kb, NL, k, W);
    rc = ecedu_scalar_mult_base(ci, kb, NL, rx, ry, F);
    ecedu_wipe(kb, sizeof kb);
    ECEDU_DECLASSIFY(&rc, sizeof rc);
    ECEDU_DECLASSIFY(rx, F);
    if (rc) return rc;
    ecedu_bytes_to_words(X, W, rx, F); /* x < 2^m (or p) <= R: modn_reduce applies */
    modn_reduce(mn, r, X);
    if (ecedu_ct_is_zero(r, W)) return ECEDU_ERR_RETRY;

    /* s = k^-1 (e + r d) mod n, in Montgomery arithmetic:
     *   kinv = k^-1 R (divsteps, then to Montgomery form),  t = r (dR) R^-1 + e = e + r d,
     *   s = t (k^-1 R) R^-1 = k^-1 (e + r d). */
    modn_inv(mn, kinv, k);
    modn_to_mont(mn, kinv, kinv);
    modn_to_mont(mn, dm, d);
    modn_mul(mn, t, r, dm);
    modn_add(mn, t, t, e);
    modn_mul(mn, s, t, kinv);
    ecedu_wipe(kinv, sizeof kinv);
    ecedu_wipe(dm, sizeof dm);
    ecedu_wipe(t, sizeof t);

    uint64_t s_zero = ecedu_ct_is_zero(s, W);
    ECEDU_DECLASSIFY(&s_zero, sizeof s_zero);
    return s_zero ? ECEDU_ERR_RETRY : ECEDU_OK;
}

/* Load a secret scalar of len bytes (1 <= len <= nlen, checked by the
 * caller): returns the all-ones mask if it is in [1, n-1], else 0 and the
 * scalar is replaced by 1.  Constant time. */
static uint64_t scalar_load(const ecedu_modn *mn, uint64_t *k, const uint8_t *in, size_t len) {
    uint64_t one[W] = {1};
    ecedu_bytes_to_words(k, W, in, len);
    uint64_t ok = in_range(mn, k);
    ecedu_ct_select(k, one, ~ok, W);
    return ok;
}

/* Error code from a mask without branching: ok all-ones -> rc_ok, else bad. */
static int mask_rc(uint64_t ok, int rc_ok, int bad) {
    return (int)(((uint64_t)(int64_t)rc_ok & ok) | ((uint64_t)(int64_t)bad & ~ok));
}

static void output_rs(uint8_t *r_out, uint8_t *s_out, size_t nlen, const uint64_t *r,
                      const uint64_t *s, uint64_t ok) {
    ecedu_words_to_bytes(r_out, nlen, r, W);
    ecedu_words_to_bytes(s_out, nlen, s, W);
    for (size_t i = 0; i < nlen; i++) {
        r_out[i] &= (uint8_t)ok;
        s_out[i] &= (uint8_t)ok;
    }
}

/* The common end of both signing entry points: write (r, s) when signing worked and d was
 * valid (dok all-ones), zeros otherwise, and return the error code.  rc and (r, s) are the
 * public result of the signature, so they are declassified here (libsecp256k1 does the same). */
static int finish_signature(int rc, uint64_t dok, const uint64_t *R, const uint64_t *S,
                            uint8_t *r_out, uint8_t *s_out, size_t nlen) {
    if (rc == ECEDU_OK) {
        output_rs(r_out, s_out, nlen, R, S, dok);
        rc = mask_rc(dok, ECEDU_OK, ECEDU_ERR_SCALAR);
    } else {
        memset(r_out, 0, nlen);
        memset(s_out, 0, nlen);
    }
    ECEDU_DECLASSIFY(&rc, sizeof rc);
    ECEDU_DECLASSIFY(r_out, nlen);
    ECEDU_DECLASSIFY(s_out, nlen);
    return rc;
}

int ecedu_ecdsa_sign(int ci, const uint8_t *d, size_t dlen, const uint8_t *digest,
                     size_t digestlen, uint8_t *r_out, uint8_t *s_out, size_t nlen) {
    if (!valid_ci(ci) || !d || !r_out || !s_out) return ECEDU_ERR_CURVE;
    const ecedu_modn *mn = modn_for(ci);
    const size_t NL = nlen_of(ci);
    if (nlen != NL || (!digest && digestlen)) return ECEDU_ERR_LENGTH;
    if (dlen == 0 || dlen > NL) return ECEDU_ERR_SCALAR;

    uint64_t D[W], E[W], K[W], R[W] = {0}, S[W] = {0};
    uint8_t seed[2 * 8 * W], T[8 * W + 32];
    uint64_t dok = scalar_load(mn, D, d, dlen);

    /* e = bits2int(h1) mod n; bits2octets(h1) is e as nlen bytes */
    bits2int(mn, E, digest, digestlen);
    modn_reduce(mn, E, E);

    /* RFC 6979 3.2 b-g: seed = int2octets(d) || bits2octets(h1) */
    ecedu_drbg g;
    ecedu_words_to_bytes(seed, NL, D, W);
    ecedu_words_to_bytes(seed + NL, NL, E, W);
    ecedu_drbg_init(&g, seed, 2 * NL);

    int rc = ECEDU_ERR_INTERNAL;
    for (int tries = 0; tries < MAX_RETRIES; tries++) {
        /* h.2: T = V || V' || ... (ceil(qlen/256) blocks); h.3: k = bits2int(T) */
        ecedu_drbg_generate(&g, T, NL);
        bits2int(mn, K, T, NL);
        uint64_t kok = in_range(mn, K);
        ECEDU_DECLASSIFY(&kok, sizeof kok);
        if (kok) {
            rc = sign_with_nonce(ci, mn, K, D, E, R, S);
            if (rc != ECEDU_ERR_RETRY) break;
        }
        ecedu_drbg_reseed_reject(&g); /* h.3: next candidate */
    }
    rc = finish_signature(rc, dok, R, S, r_out, s_out, nlen);
    ecedu_wipe(D, sizeof D);
    ecedu_wipe(K, sizeof K);
    ecedu_wipe(S, sizeof S);
    ecedu_wipe(seed, sizeof seed);
    ecedu_wipe(T, sizeof T);
    ecedu_wipe(&g, sizeof g);
    return rc;
}

int ecedu_ecdsa_sign_with_k(int ci, const uint8_t *d, size_t dlen, const uint8_t *k,
                            size_t klen, const uint8_t *digest, size_t digestlen,
                            uint8_t *r_out, uint8_t *s_out, size_t nlen) {
    if (!valid_ci(ci) || !d || !k || !r_out || !s_out) return ECEDU_ERR_CURVE;
    const ecedu_modn *mn = modn_for(ci);
    const size_t NL = nlen_of(ci);
    if (nlen != NL || (!digest && digestlen)) return ECEDU_ERR_LENGTH;
    if (dlen == 0 || dlen > NL || klen == 0 || klen > NL) return ECEDU_ERR_SCALAR;

    uint64_t D[W], E[W], K[W], R[W] = {0}, S[W] = {0};
    uint64_t dok = scalar_load(mn, D, d, dlen);
    uint64_t kok = scalar_load(mn, K, k, klen);
    bits2int(mn, E, digest, digestlen);
    modn_reduce(mn, E, E);
    /* an invalid k is the caller's public mistake: report it as such */
    ECEDU_DECLASSIFY(&kok, sizeof kok);
    int rc = kok ? sign_with_nonce(ci, mn, K, D, E, R, S) : ECEDU_ERR_SCALAR;
    rc = finish_signature(rc, dok, R, S, r_out, s_out, nlen);
    ecedu_wipe(D, sizeof D);
    ecedu_wipe(K, sizeof K);
    ecedu_wipe(S, sizeof S);
    return rc;
}

/* ------------------------------------------------------------ verifying */

/* Helpers on nw-word integers for the variable-time inverse below. */
static int is_one_vartime(const uint64_t *a, int nw) {
    if (a[0] != 1) return 0;
    for (int i = 1; i < nw; i++)
        if (a[i]) return 0;
    return 1;
}

static int geq_vartime(const uint64_t *a, const uint64_t *b, int nw) {
    for (int i = nw - 1; i >= 0; i--)
        if (a[i] != b[i]) return a[i] > b[i];
    return 1;
}

/* a -= b (a >= b). */
static void sub_vartime(uint64_t *a, const uint64_t *b, int nw) {
    uint64_t borrow = 0;
    for (int i = 0; i < nw; i++) {
        unsigned __int128 d = (unsigned __int128)a[i] - b[i] - borrow;
        a[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
}

/* x = x / 2 mod n (x < n, n odd): (x + n) / 2 if x is odd. */
static void half_mod_vartime(uint64_t *x, const uint64_t *n, int nw) {
    uint64_t carry = 0;
    if (x[0] & 1) {
        for (int i = 0; i < nw; i++) {
            unsigned __int128 t = (unsigned __int128)x[i] + n[i] + carry;
            x[i] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
    }
    for (int i = 0; i < nw; i++) x[i] = (x[i] >> 1) | (i + 1 < nw ? x[i + 1] << 63 : carry << 63);
}

/* x = x - y mod n (x, y < n). */
static void sub_mod_vartime(uint64_t *x, const uint64_t *y, const uint64_t *n, int nw) {
    if (geq_vartime(x, y, nw)) {
        sub_vartime(x, y, nw);
    } else { /* x + n - y: n - y first, then add x (no overflow: result < n) */
        uint64_t t[W];
        for (int i = 0; i < nw; i++) t[i] = n[i];
        sub_vartime(t, y, nw);
        uint64_t carry = 0;
        for (int i = 0; i < nw; i++) {
            unsigned __int128 s2 = (unsigned __int128)x[i] + t[i] + carry;
            x[i] = (uint64_t)s2;
            carry = (uint64_t)(s2 >> 64);
        }
    }
}

/*
 * r = a^-1 mod n by the binary extended Euclidean algorithm (HMV Alg. 2.22).
 * VARIABLE TIME: for public values only.  Verification used it for s until the divsteps
 * inversion (modn_inv) proved 3 to 5 times faster; it stays as the tests' third, independent
 * inverse (ECEDU_MODN_INV_EUCLID_VARTIME, beside Fermat's).
 * Contract: 1 <= a < n, n odd prime.  r gets W words (zero above nw).
 */
static void modn_inv_euclid_vartime(const ecedu_modn *mn, uint64_t *r, const uint64_t *a) {
    const int nw = mn->nw;
    uint64_t u[W], v[W], x1[W] = {1}, x2[W] = {0};
    for (int i = 0; i < W; i++) {
        u[i] = a[i];
        v[i] = mn->n[i];
    }
    while (!is_one_vartime(u, nw) && !is_one_vartime(v, nw)) {
        while (!(u[0] & 1)) {
            for (int i = 0; i < nw; i++) u[i] = (u[i] >> 1) | (i + 1 < nw ? u[i + 1] << 63 : 0);
            half_mod_vartime(x1, mn->n, nw);
        }
        while (!(v[0] & 1)) {
            for (int i = 0; i < nw; i++) v[i] = (v[i] >> 1) | (i + 1 < nw ? v[i + 1] << 63 : 0);
            half_mod_vartime(x2, mn->n, nw);
        }
        if (geq_vartime(u, v, nw)) {
            sub_vartime(u, v, nw);
            sub_mod_vartime(x1, x2, mn->n, nw);
        } else {
            sub_vartime(v, u, nw);
            sub_mod_vartime(x2, x1, mn->n, nw);
        }
    }
    const uint64_t *res = is_one_vartime(u, nw) ? x1 : x2;
    for (int i = 0; i < W; i++) r[i] = i < nw ? res[i] : 0;
}

/*
 * (x3, y3) = P1 + P2 in affine coordinates (public data; HMV 3.1.2).
 * Contract: both points on the curve, of odd order (so x != 0 and a
 * doubling never gives infinity).  Returns 0, or -1 if P1 = -P2 (infinity).
 */
static int affine_add_vartime(const ecedu_curve *c, const ecedu_field_impl *f, uint64_t *x3,
                      uint64_t *y3, const uint64_t *x1, const uint64_t *y1, const uint64_t *x2,
                      const uint64_t *y2) {
    const int nw = c->nw;
    uint64_t lam[ECEDU_MAXW], t[ECEDU_MAXW], nx[ECEDU_MAXW];
    int same_x = 1, same_y = 1;
    for (int i = 0; i < nw; i++) {
        same_x &= x1[i] == x2[i];
        same_y &= y1[i] == y2[i];
    }
    if (same_x && !same_y) return -1; /* P2 = -P1 = (x1, x1 + y1) */
    if (same_x) {
        /* lambda = x + y/x, x3 = lambda^2 + lambda + a, y3 = x^2 + (lambda + 1) x3 */
        f->inv(t, x1);
        f->mul(lam, t, y1);
        for (int i = 0; i < nw; i++) lam[i] ^= x1[i];
        f->sqr(nx, lam);
        for (int i = 0; i < nw; i++) nx[i] ^= lam[i] ^ c->a[i];
        lam[0] ^= 1;
        f->mul(y3, lam, nx);
        f->sqr(t, x1);
        for (int i = 0; i < nw; i++) y3[i] ^= t[i];
    } else {
        /* lambda = (y1 + y2)/(x1 + x2), x3 = lambda^2 + lambda + x1 + x2 + a,
         * y3 = lambda (x1 + x3) + x3 + y1 */
        for (int i = 0; i < nw; i++) t[i] = x1[i] ^ x2[i];
        f->inv(t, t);
        for (int i = 0; i < nw; i++) lam[i] = y1[i] ^ y2[i];
        f->mul(lam, lam, t);
        f->sqr(nx, lam);
        for (int i = 0; i < nw; i++) nx[i] ^= lam[i] ^ x1[i] ^ x2[i] ^ c->a[i];
        for (int i = 0; i < nw; i++) t[i] = x1[i] ^ nx[i];
        f->mul(t, t, lam);
        for (int i = 0; i < nw; i++) y3[i] = t[i] ^ nx[i] ^ y1[i];
    }
    for (int i = 0; i < nw; i++) x3[i] = nx[i];
    return 0;
}

/*
 * The verification proper (SEC 1 4.1.4 steps 2-8).  Contract: ci valid; (qx, qy), F bytes
 * each, has passed validation (ecedu_validate_point or ecedu_decode_point); r, s are nlen
 * bytes each; digest is digestlen bytes (NULL only if digestlen = 0).  Returns 1 if valid,
 * 0 if not, or the (never seen) error of the ladder / fixed-base table.  Public data only.
 */
static int verify_validated(int ci, const uint8_t *qx, const uint8_t *qy, const uint8_t *digest,
                            size_t digestlen, const uint8_t *r, const uint8_t *s) {
    const ecedu_pcurve *pc = ecedu_pcurve_at(ci);
    const ecedu_modn *mn = modn_for(ci);
    const size_t F = felen(ci), NL = nlen_of(ci);
    int rc;
    uint64_t Rv[W], Sv[W], E[W], w[W], u1[W], u2[W], X[W];
    ecedu_bytes_to_words(Rv, W, r, NL);
    ecedu_bytes_to_words(Sv, W, s, NL);
    if (!in_range(mn, Rv) || !in_range(mn, Sv)) return 0;
    bits2int(mn, E, digest, digestlen);
    modn_reduce(mn, E, E);

    /* w = s^-1 by the divsteps (scalar/modinv.h) in their variable-time form, s being public:
     * the constant-time form of signing was already 3 to 5 times faster than the binary
     * Euclidean modn_inv_euclid_vartime (3.0 against 13.3 us at P-384); to Montgomery form wR;
     * u1 = e w, u2 = r w (plain) */
    modn_inv_vartime(mn, w, Sv);
    modn_to_mont(mn, w, w);
    modn_mul(mn, u1, E, w);
    modn_mul(mn, u2, Rv, w);

    if (pc) { /* prime curve: R = u1 G + u2 Q in one joint multiplication */
        if (pc->impl->verify_x_vartime) return pc->impl->verify_x_vartime(u1, u2, qx, qy, Rv);
        uint8_t rx[72];
        int jr = pc->impl->mul_joint_vartime(u1, u2, qx, qy, rx);
        if (jr < 0) return jr; /* glv: its G table could not be allocated (ECEDU_ERR_INTERNAL) */
        if (jr) return 0;      /* R = infinity */
        ecedu_bytes_to_words(X, W, rx, F);
        modn_reduce(mn, X, X); /* x < p < 2^(64 nw) */
        uint64_t dx = 0;
        for (int i = 0; i < W; i++) dx |= X[i] ^ Rv[i];
        return dx == 0;
    }
    const ecedu_curve *c = &ecedu_curves[ci];
    const ecedu_field_impl *f = ecedu_field_for(c->m);

    /* P2 = u2 Q by the ladder (Q already validated; u2 != 0 as r, w != 0) */
    uint64_t QX[ECEDU_MAXW], QY[ECEDU_MAXW], K[ECEDU_MAXW + 1] = {0};
    uint64_t x2[ECEDU_MAXW], y2[ECEDU_MAXW], x1[ECEDU_MAXW], y1[ECEDU_MAXW];
    ecedu_bytes_to_words(QX, W, qx, F);
    ecedu_bytes_to_words(QY, W, qy, F);
    for (int i = 0; i < W; i++) K[i] = u2[i];
    if ((rc = f->ladder(c, K, QX, QY, x2, y2))) return rc;

    /* P1 = u1 G by the fixed-base table; R = P1 + P2 (u1 = 0: R = P2) */
    if (!ecedu_ct_is_zero(u1, W)) {
        uint8_t kb[8 * W], bx[72], by[72];
        ecedu_words_to_bytes(kb, NL, u1, W);
        if ((rc = ecedu_scalar_mult_base(ci, kb, NL, bx, by, F))) return rc;
        ecedu_bytes_to_words(x1, W, bx, F);
        ecedu_bytes_to_words(y1, W, by, F);
        if (affine_add_vartime(c, f, x2, y2, x1, y1, x2, y2)) return 0; /* R = infinity */
    }
    for (int i = 0; i < W; i++) X[i] = i < c->nw ? x2[i] : 0;
    modn_reduce(mn, X, X);
    uint64_t diff = 0;
    for (int i = 0; i < W; i++) diff |= X[i] ^ Rv[i];
    return diff == 0;
}

int ecedu_ecdsa_verify_vartime(int ci, const uint8_t *qx, const uint8_t *qy, size_t flen,
                               const uint8_t *digest, size_t digestlen, const uint8_t *r,
                               const uint8_t *s, size_t nlen) {
    if (!valid_ci(ci) || !qx || !qy || !r || !s) return ECEDU_ERR_CURVE;
    int rc;
    if (flen != felen(ci) || nlen != nlen_of(ci) || (!digest && digestlen)) return ECEDU_ERR_LENGTH;
    if ((rc = ecedu_validate_point(ci, qx, qy, flen))) return rc;
    return verify_validated(ci, qx, qy, digest, digestlen, r, s);
}

/*
 * A signature component as the contents of its DER INTEGER (X.690 8.3: big-endian, any
 * length) to exactly nl bytes: leading zero octets are dropped (public data, so the loop
 * may depend on them), then the value is left-padded with zeros.  Returns 0 if more than nl
 * octets remain: then the value is >= 2^(8 nl) > n, not in [1, n-1].
 */
static int component_load_vartime(uint8_t *out, size_t nl, const uint8_t *in, size_t len) {
    while (len && in[0] == 0) {
        in++;
        len--;
    }
    if (len > nl) return 0;
    memset(out, 0, nl - len);
    if (len) memcpy(out + (nl - len), in, len);
    return 1;
}

/* The one-call verification of both entries below: the key decoded and validated first (an
 * invalid key is an error whatever the signature: SEC 1 4.1.4 step 1 presumes a valid Q;
 * ecedu_decode_point validates it, so verify_validated does not), then r, s as the contents of
 * their DER INTEGERs, or r = NULL for a signature that had no such shape (ECEDU_ERR_LENGTH). */
static int verify_key_then_rs(int ci, const uint8_t *point, size_t plen, const uint8_t *digest,
                              size_t digestlen, const uint8_t *r, size_t rlen, const uint8_t *s,
                              size_t slen) {
    if (!digest && digestlen) return ECEDU_ERR_LENGTH;
    uint8_t qx[72], qy[72], rb[8 * W], sb[8 * W]; /* 72 = bytes of GF(2^571); nlen <= 8 W */
    int rc;
    if ((rc = ecedu_decode_point(ci, point, plen, qx, qy))) return rc;
    if (!r) return ECEDU_ERR_LENGTH;
    const size_t NL = nlen_of(ci);
    if (!component_load_vartime(rb, NL, r, rlen) || !component_load_vartime(sb, NL, s, slen))
        return 0;
    return verify_validated(ci, qx, qy, digest, digestlen, rb, sb);
}

int ecedu_ecdsa_verify_sec1_vartime(int ci, const uint8_t *point, size_t plen,
                                    const uint8_t *digest, size_t digestlen, const uint8_t *r,
                                    size_t rlen, const uint8_t *s, size_t slen) {
    if (!valid_ci(ci) || !point || !r || !s) return ECEDU_ERR_CURVE;
    return verify_key_then_rs(ci, point, plen, digest, digestlen, r, rlen, s, slen);
}

int ecedu_ecdsa_sign_der(int ci, const uint8_t *d, size_t dlen, const uint8_t *digest,
                         size_t digestlen, uint8_t *sig, size_t sigcap) {
    if (!valid_ci(ci) || !sig) return ECEDU_ERR_CURVE;
    const size_t NL = nlen_of(ci);
    if (sigcap < ecedu_sig_der_max(NL)) return ECEDU_ERR_LENGTH;
    uint8_t r[8 * W], s[8 * W];
    const int rc = ecedu_ecdsa_sign(ci, d, dlen, digest, digestlen, r, s, NL);
    if (rc) return rc; /* public: declassified by finish_signature, as r and s */
    return (int)ecedu_sig_der_write(sig, r, s, NL);
}

int ecedu_ecdsa_verify_der_vartime(int ci, const uint8_t *point, size_t plen,
                                   const uint8_t *digest, size_t digestlen, const uint8_t *sig,
                                   size_t siglen) {
    if (!valid_ci(ci) || !point || !sig) return ECEDU_ERR_CURVE;
    const uint8_t *r = NULL, *s = NULL;
    size_t rlen = 0, slen = 0;
    if (!ecedu_sig_der_read(sig, siglen, &r, &rlen, &s, &slen)) r = NULL; /* after the key */
    return verify_key_then_rs(ci, point, plen, digest, digestlen, r, rlen, s, slen);
}

int ecedu_ecdsa_verify_key_vartime(const ecedu_key_shapes *shapes, const uint8_t *key,
                                   size_t keylen, const uint8_t *digest, size_t digestlen,
                                   const uint8_t *sig, size_t siglen, int der) {
    size_t plen;
    const uint8_t *point = ecedu_key_shapes_point(shapes, key, keylen, &plen);
    if (!point) return ECEDU_ERR_LENGTH;
    const int ci = shapes->ci;
    if (!valid_ci(ci) || shapes->nlen != nlen_of(ci)) return ECEDU_ERR_CURVE;
    if (der) return ecedu_ecdsa_verify_der_vartime(ci, point, plen, digest, digestlen, sig, siglen);
    const size_t NL = shapes->nlen;
    if (!sig || siglen != 2 * NL) return ECEDU_ERR_LENGTH;
    return ecedu_ecdsa_verify_sec1_vartime(ci, point, plen, digest, digestlen, sig, NL, sig + NL, NL);
}

/* ------------------------------------------------------------ tests */

int ecedu_ecdsa_modn_op(int ci, int op, const uint8_t *a, const uint8_t *b, uint8_t *out,
                        size_t nlen) {
    if (!valid_ci(ci) || !a || !out) return ECEDU_ERR_CURVE;
    const ecedu_modn *mn = modn_for(ci);
    if (nlen != nlen_of(ci)) return ECEDU_ERR_LENGTH;
    if ((op == 0 || op == 3) && !b) return ECEDU_ERR_LENGTH;
    uint64_t A[W], B[W] = {0}, Rr[W] = {0}, t[W];
    ecedu_bytes_to_words(A, W, a, nlen);
    if (b) ecedu_bytes_to_words(B, W, b, nlen);
    if (op != 2 && (!modn_ct_lt(A, mn->n, W) || !modn_ct_lt(B, mn->n, W))) return ECEDU_ERR_RANGE;
    switch (op) {
    case 0: /* (aR)(b) R^-1 = ab */
        modn_to_mont(mn, t, A);
        modn_mul(mn, Rr, t, B);
        break;
    case 1: modn_inv(mn, Rr, A); break;
    case 2: modn_reduce(mn, Rr, A); break;
    case 3: modn_add(mn, Rr, A, B); break;
    case 4:
        if (ecedu_ct_is_zero(A, W)) return ECEDU_ERR_RANGE;
        modn_inv_euclid_vartime(mn, Rr, A);
        break;
    case 5:
        modn_to_mont(mn, t, A);
        modn_inv_mont(mn, t, t);
        modn_from_mont(mn, Rr, t);
        break;
    case 6: modn_inv_vartime(mn, Rr, A); break;
    default: return ECEDU_ERR_ARGUMENT;
    }
    ecedu_words_to_bytes(out, nlen, Rr, W);
    return ECEDU_OK;
}
