/*
 * ztau.h -- integer arithmetic in Z[tau] for the Koblitz curves, in constant
 * time: two's-complement helpers and the regular width-w tau-adic recoding
 * (inline, so that tnaf.h gets it compiled for its fixed word count; the
 * partial reduction is in ztau.c).  The same algorithms in Python:
 * ecedu/scalar/tnaf.py.
 *
 * On E_a: y^2 + xy = x^3 + a x^2 + 1 the Frobenius map tau(x, y) = (x^2, y^2)
 * satisfies tau^2 = mu tau - 2, mu = (-1)^(1-a).  An element r0 + r1 tau of
 * Z[tau] acts on points as r0 P + r1 tau(P).
 *
 * Integers are signed, two's complement, in arrays of little-endian 64-bit
 * words; every loop runs over a public number of words and no branch or
 * memory index depends on a value.  The only branches are on public curve
 * constants (mu, the signs of the rounding multipliers).
 */
#ifndef ECEDU_ZTAU_H
#define ECEDU_ZTAU_H
#include "gf2m.h"

/* ------------------------------------------------------------------------
 * Two's-complement helpers on n-word integers.
 * ------------------------------------------------------------------------ */

/* r = v sign-extended to n words. */
static inline void zt_from_i64(uint64_t *r, int n, int64_t v) {
    r[0] = (uint64_t)v;
    for (int i = 1; i < n; i++) r[i] = (uint64_t)(v >> 63);
}

/* r = a + b (mod 2^(64n)); r may alias a or b. */
static inline void zt_add(uint64_t *r, const uint64_t *a, const uint64_t *b, int n) {
    unsigned __int128 carry = 0;
    for (int i = 0; i < n; i++) {
        carry += (unsigned __int128)a[i] + b[i];
        r[i] = (uint64_t)carry;
        carry >>= 64;
    }
}

/* r = a - b (mod 2^(64n)); r may alias a or b. */
static inline void zt_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, int n) {
    uint64_t borrow = 0;
    for (int i = 0; i < n; i++) {
        unsigned __int128 d = (unsigned __int128)a[i] - b[i] - borrow;
        r[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
}

/* r = -r. */
static inline void zt_neg(uint64_t *r, int n) {
    uint64_t carry = 1;
    for (int i = 0; i < n; i++) {
        uint64_t v = ~r[i] + carry;
        carry &= ecedu_ct_is_zero_u64(v) & 1; /* carries on only through zero words */
        r[i] = v;
    }
}

/* r = a * b (mod 2^(64n)), schoolbook; correct for signed values whose
 * product fits in n words.  r must not alias a or b. */
static inline void zt_mul_lo(uint64_t *r, const uint64_t *a, const uint64_t *b, int n) {
    for (int i = 0; i < n; i++) r[i] = 0;
    for (int i = 0; i < n; i++) {
        uint64_t carry = 0;
        for (int j = 0; i + j < n; j++) {
            unsigned __int128 t = (unsigned __int128)a[i] * b[j] + r[i + j] + carry;
            r[i + j] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
    }
}

/* r = ca a + cb b + k (mod 2^(64n)) in one pass, for small public ca, cb
 * (|ca|, |cb| < 2^32) and a small k.  Word i of a and b is read before word
 * i of r is written, so r may alias a or b.  Working modulo 2^(64n) makes
 * the words' signs irrelevant: the result is right whenever it fits. */
static inline void zt_lincomb(uint64_t *r, const uint64_t *a, int64_t ca, const uint64_t *b,
                              int64_t cb, __int128 k, int n) {
    __int128 carry = k;
    for (int i = 0; i < n; i++) {
        __int128 t = carry + (__int128)ca * (__int128)a[i] + (__int128)cb * (__int128)b[i];
        r[i] = (uint64_t)t;
        carry = t >> 64; /* arithmetic: the carry may be negative */
    }
}

/* r = r >> k, arithmetic, for 0 < k < 64. */
static inline void zt_sar(uint64_t *r, int n, int k) {
    for (int i = 0; i < n - 1; i++) r[i] = (r[i] >> k) | (r[i + 1] << (64 - k));
    r[n - 1] = (uint64_t)((int64_t)r[n - 1] >> k);
}

/* conj(tau)^e = c[0] + c[1] tau, where conj(tau) = mu - tau:
 * (a + b tau)(mu - tau) = (mu a + 2 b) - a tau, since tau^2 = mu tau - 2. */
static inline void zt_conj_tau_pow(int mu, int e, int64_t *c) {
    int64_t a = 1, b = 0;
    for (int i = 0; i < e; i++) {
        int64_t na = mu * a + 2 * b;
        b = -a;
        a = na;
    }
    c[0] = a;
    c[1] = b;
}

/* r = (r - (beta + gamma tau)) / tau^e for 0 < e < 64, when the division is
 * exact (r0 + r1 tau stands for r).  As tau conj(tau) = 2,
 * 1/tau^e = conj(tau)^e / 2^e; with conj(tau)^e = c0 + c1 tau,
 *   (s0 + s1 tau)(c0 + c1 tau) = (c0 s0 - 2 c1 s1) + (c1 s0 + (c0 + mu c1) s1) tau
 * (tau^2 = mu tau - 2), and both parts are divisible by 2^e.  The
 * subtraction of the digit is folded into the constant terms: two passes of
 * small multiplications and two shifts instead of e divisions by tau. */
static inline void zt_sub_div_tau_pow(uint64_t *r0, uint64_t *r1, int n, int mu, int e,
                                      int64_t beta, int64_t gamma) {
    int64_t c[2];
    zt_conj_tau_pow(mu, e, c);
    const int64_t c0 = c[0], c1 = c[1], c2 = c[0] + mu * c[1];
    uint64_t t[ECEDU_TW];
    __int128 k0 = -((__int128)c0 * beta - (__int128)(2 * c1) * gamma);
    __int128 k1 = -((__int128)c1 * beta + (__int128)c2 * gamma);
    zt_lincomb(t, r0, c1, r1, c2, k1, n);        /* new r1, times 2^e */
    zt_lincomb(r0, r0, c0, r1, -2 * c1, k0, n);  /* new r0, times 2^e */
    for (int i = 0; i < n; i++) r1[i] = t[i];
    zt_sar(r0, n, e);
    zt_sar(r1, n, e);
}

/* All-ones if x < 0, else 0 (x a signed 128-bit value). */
static inline uint64_t lt0(__int128 x) { return (uint64_t)(x >> 127); }

/* ------------------------------------------------------------------------
 * Regular width-w tau-adic recoding (the tau version of Joye-Tunstall's
 * regular recoding; Oliveira, Aranha, Lopez, Rodriguez-Henriquez 2014).
 *
 * For odd r (r0 odd): r = D (mod tau^w) with D = r0 + r1 t_w mod 2^w.
 * The digit u = D - 2^(w-1) is odd with |u| < 2^(w-1) and stands for
 * alpha_u = u mod tau^w.  Then r - alpha_u = 2^(w-1) = (tau conj(tau))^(w-1)
 * (mod tau^w), so r' = (r - alpha_u) / tau^(w-1) is exact and again odd:
 * every digit is non-zero and every step does the same work.  After
 * `length` steps (ecedu/scalar/tnaf.py: regular_plan proves the count) the
 * remainder is +-1, the top digit.
 *
 * Subtracting the digit and dividing by tau^(w-1): zt_sub_div_tau_pow.
 *
 * Writes tc->length digits (lowest first), sets *top_neg to all-ones if the
 * top digit is -1 (else 0) and returns all-ones if the remainder was indeed
 * +-1 (always, by regular_plan; a mask, so the caller need not branch).
 * Constant time: the alpha table is scanned in full under masks.
 * ------------------------------------------------------------------------ */
static inline __attribute__((always_inline)) uint64_t ecedu_tau_recode(
    const ecedu_tau_consts *tc, uint64_t *r0, uint64_t *r1, int rw, int8_t *digits,
    uint64_t *top_neg) {
    const int w = tc->w, entries = 1 << (w - 2);
    const uint64_t wmask = (1ULL << w) - 1;
    for (int i = 0; i < tc->length; i++) {
        int64_t u = (int64_t)((r0[0] + r1[0] * tc->t_w) & wmask) - (1LL << (w - 1));
        digits[i] = (int8_t)u;
        uint64_t sgn = (uint64_t)(u >> 63);
        uint64_t idx = (((uint64_t)u ^ sgn) - sgn) >> 1; /* (|u| - 1) / 2 */
        uint64_t beta = 0, gamma = 0;
        for (int j = 0; j < entries; j++) {
            uint64_t m = ecedu_ct_is_zero_u64((uint64_t)j ^ idx);
            beta |= m & (uint64_t)tc->alpha[j][0];
            gamma |= m & (uint64_t)tc->alpha[j][1];
        }
        beta = (beta ^ sgn) - sgn; /* alpha_{-u} = -alpha_u */
        gamma = (gamma ^ sgn) - sgn;
        zt_sub_div_tau_pow(r0, r1, rw, tc->mu, w - 1, (int64_t)beta, (int64_t)gamma);
    }
    /* remainder +-1: r1 = 0 and r0 = 1 or -1 */
    uint64_t hi = r1[0], neg = (uint64_t)((int64_t)r0[rw - 1] >> 63);
    for (int x = 1; x < rw; x++) hi |= r1[x] | (r0[x] ^ neg);
    uint64_t ok = ecedu_ct_is_zero_u64(hi) & ecedu_ct_is_zero_u64(r0[0] ^ (neg | 1));
    *top_neg = neg;
    return ok;
}

#endif
