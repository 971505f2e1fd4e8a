/*
 * ztau.h -- integer arithmetic in Z[tau] for the Koblitz curves, in constant
 * time: two's-complement helpers, the partial reduction modulo delta and the
 * regular width-w tau-adic recoding, all inline, so that tnaf.tmpl.h gets them
 * compiled for its field's fixed word count (the loops then unroll).  The same
 * algorithms in Python: ecedu/scalar/tnaf.py.
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
#include "internal.h"

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

/* M = C^n for 2x2 integer matrices (row-major: c00, c01, c10, c11), n >= 0
 * public and small (entries must fit in int64). */
static inline void zt_mat_pow(int64_t *M, const int64_t *C, int n) {
    M[0] = 1, M[1] = 0, M[2] = 0, M[3] = 1;
    for (int j = 0; j < n; j++) {
        const int64_t a00 = C[0] * M[0] + C[1] * M[2], a01 = C[0] * M[1] + C[1] * M[3];
        const int64_t a10 = C[2] * M[0] + C[3] * M[2], a11 = C[2] * M[1] + C[3] * M[3];
        M[0] = a00, M[1] = a01, M[2] = a10, M[3] = a11;
    }
}

/* All-ones if x < 0, else 0 (x a signed 128-bit value). */
static inline uint64_t lt0(__int128 x) { return (uint64_t)(x >> 127); }

/* ------------------------------------------------------------------------
 * Partial reduction (Solinas 2000; GECC Alg. 3.62-3.65).
 *
 * delta = (tau^m - 1)/(tau - 1) = d0 + d1 tau satisfies delta P = O for every
 * P in the subgroup of order n, and N(delta) = n.  So k may be replaced by
 *     rho = k - q delta,   q = round(k / delta) in Z[tau],
 * which has norm at most 4/7 n (about m bits, half in each of r0, r1) and
 * thus a tau-adic expansion about m digits long instead of 2m.
 *
 * k / delta = k conj(delta) / n = lambda0 + lambda1 tau with
 * lambda_i = k s_i / n, s0 = d0 + mu d1, s1 = -d1.  We compute lambda_i in
 * fixed point with F = 64 * frac_words fraction bits, from the precomputed
 * M_i = round(|s_i| 2^F / n):  lambda_i 2^F ~ +-k M_i, off by less than
 * k/2 < 2^(m-1) in units of 2^-F, i.e. below 2^-64.  The rounding to the
 * lattice Z[tau] (GECC Alg. 3.63) then needs only the integer part f_i and
 * a 64-bit fraction eta_i in [-1/2, 1/2); its comparisons become masks.
 * A rare misrounding near a boundary only makes rho slightly longer (it is
 * still = k mod delta); the digit count of the recoding allows for it.
 * ------------------------------------------------------------------------ */

/* lambda = (neg ? -1 : 1) * k * M / 2^(64 F):  integer part floor(lambda)
 * into I (tw words) and the next 64 bits below the point into *frac.  kw and mw
 * are compile-time constants at the call (mw = nw + 1 words of M, the top ones
 * zero where M is shorter: the same products, so the same time). */
static inline __attribute__((always_inline)) void zt_fixed_lambda(const uint64_t *k, int kw, const uint64_t *M, int mw, int neg, int F,
                         uint64_t *I, int tw, uint64_t *frac) {
    uint64_t p[2 * ECEDU_TW];
    const int pw = kw + mw + 1; /* product words + a sign word (> F: F = nw + 1, see gen_curves) */
    for (int i = 0; i < pw; i++) p[i] = 0;
    for (int i = 0; i < kw; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < mw; j++) {
            unsigned __int128 t = (unsigned __int128)k[i] * M[j] + p[i + j] + carry;
            p[i + j] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
        p[i + mw] = carry;
    }
    if (neg) zt_neg(p, pw); /* public: the sign of s_i */
    *frac = p[F - 1];
    uint64_t sign = (uint64_t)((int64_t)p[pw - 1] >> 63);
    for (int i = 0; i < tw; i++) I[i] = F + i < pw ? p[F + i] : sign;
}

/*
 * (r0, r1) = k partmod delta, then + delta if r0 is even, so that r0 is odd
 * (d0 is odd because N(delta) = n is odd), as the regular recoding needs.
 * Contract: k has nw + 1 words, 0 < k < n; r0, r1 get rw words (signed;
 * rw * 64 >= m/2 + 8 holds for rw = nw/2 + 2).  Constant time in k.
 * Inline, for a caller with nw and rw constant (FN(tau_partmod), tnaf.tmpl.h: one copy
 * per field): compiled once with the counts as variables (its loops not unrolled, M's
 * words counted at run time) it took about 3% of sect233k1's ECDH.
 */
static inline __attribute__((always_inline)) void ecedu_tau_partmod(const ecedu_tau_consts *tc, int nw, const uint64_t *k, uint64_t *r0,
                       uint64_t *r1, int rw) {
    enum { T = ECEDU_TW };
    const int tw = nw + 2, kw = nw, F = tc->frac_words; /* k < n fits nw words */
    uint64_t f0[T], f1[T], e0w, e1w;
    zt_fixed_lambda(k, kw, tc->m0, nw + 1, tc->m0_neg, F, f0, tw, &e0w);
    zt_fixed_lambda(k, kw, tc->m1, nw + 1, tc->m1_neg, F, f1, tw, &e1w);

    /* Round each coordinate to nearest, floor(lambda + 1/2): the fraction
     * e in [0, 1) becomes eta = e or e - 1, i.e. e read as a signed 64-bit
     * number, in units of 2^-64; f gets +1 when e >= 1/2. */
    uint64_t one[T];
    zt_from_i64(one, tw, (int64_t)(e0w >> 63));
    zt_add(f0, f0, one, tw);
    zt_from_i64(one, tw, (int64_t)(e1w >> 63));
    zt_add(f1, f1, one, tw);
    const __int128 ONE = (__int128)1 << 64, mu = tc->mu;
    const __int128 e0 = (int64_t)e0w, e1 = (int64_t)e1w;

    /* GECC Alg. 3.63 steps 3-5, with masks for the tests. */
    const __int128 eta = 2 * e0 + mu * e1, g = e0 - 3 * mu * e1, hq = e0 + 4 * mu * e1;
    const uint64_t A = ~lt0(eta - ONE);      /* eta >= 1          */
    const uint64_t B = lt0(g + ONE);         /* e0 - 3 mu e1 < -1  */
    const uint64_t C = ~lt0(hq - 2 * ONE);   /* e0 + 4 mu e1 >= 2  */
    const uint64_t D = lt0(eta + ONE);       /* eta < -1          */
    const uint64_t E = ~lt0(g - ONE);        /* e0 - 3 mu e1 >= 1  */
    const uint64_t G = lt0(hq + 2 * ONE);    /* e0 + 4 mu e1 < -2  */
    int64_t h0 = 0, h1 = 0;
    uint64_t s;
    s = (A & B) | (~A & C);                  /* step 4: h1 = mu or h0 = 1 */
    h1 = (int64_t)(((uint64_t)h1 & ~s) | ((uint64_t)(int64_t)tc->mu & s));
    s = A & ~B;
    h0 = (int64_t)(((uint64_t)h0 & ~s) | ((uint64_t)1 & s));
    s = (D & E) | (~D & G);                  /* step 5: h1 = -mu or h0 = -1 */
    h1 = (int64_t)(((uint64_t)h1 & ~s) | ((uint64_t)(int64_t)(-tc->mu) & s));
    s = D & ~E;
    h0 = (int64_t)(((uint64_t)h0 & ~s) | (UINT64_MAX & s));
    zt_from_i64(one, tw, h0);
    zt_add(f0, f0, one, tw); /* q0 */
    zt_from_i64(one, tw, h1);
    zt_add(f1, f1, one, tw); /* q1 */

    /* rho = k - q delta,  q delta = (q0 d0 - 2 q1 d1) + (q0 d1 + q1 d0 + mu q1 d1) tau.
     * rho fits rw words, so all of this is computed modulo 2^(64 rw): the
     * products need only their low rw words. */
    uint64_t a[T], b[T], t[T], kk[T];
    for (int i = 0; i < rw; i++) kk[i] = i < kw ? k[i] : 0;
    zt_mul_lo(a, f0, tc->d0, rw);
    zt_mul_lo(t, f1, tc->d1, rw);
    zt_sub(a, a, t, rw);
    zt_sub(a, a, t, rw);
    zt_sub(r0, kk, a, rw);                  /* r0 = k - (q0 d0 - 2 q1 d1) */
    zt_mul_lo(b, f0, tc->d1, rw);
    zt_mul_lo(kk, f1, tc->d0, rw);
    zt_add(b, b, kk, rw);
    if (tc->mu > 0) zt_add(b, b, t, rw); else zt_sub(b, b, t, rw);
    zt_neg(b, rw);                          /* r1 = -(q0 d1 + q1 d0 + mu q1 d1) */

    /* make r0 odd: + delta under a mask */
    uint64_t even = (r0[0] & 1) - 1;
    for (int i = 0; i < rw; i++) {
        f0[i] = tc->d0[i] & even;
        f1[i] = tc->d1[i] & even;
    }
    zt_add(r0, r0, f0, rw);
    zt_add(r1, b, f1, rw);
}

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
 *
 * Writes tc->length digits (lowest first), sets *top_neg to all-ones if the
 * top digit is -1 (else 0) and returns all-ones if the remainder was indeed
 * +-1 (always, by regular_plan; a mask, so the caller need not branch).
 * Constant time: alpha_u is read from packed words by a shift of secret
 * count (constant time on every CPU we target; no memory index).
 * ------------------------------------------------------------------------ */
static inline __attribute__((always_inline)) uint64_t zt_recode(
    const ecedu_tau_consts *tc, const int mu, const int w, uint64_t *r0, uint64_t *r1, int rw,
    int8_t *digits, uint64_t *top_neg) {
    const int e = w - 1;
    const uint64_t wmask = (1ULL << w) - 1;
    /* One step, r <- (r - alpha_u) / tau^e: as tau conj(tau) = 2,
     * 1/tau^e = conj(tau)^e / 2^e, and with conj(tau)^e = c0 + c1 tau
     *   (s0 + s1 tau)(c0 + c1 tau) = (c0 s0 - 2 c1 s1) + (c1 s0 + (c0 + mu c1) s1) tau,
     * so r' = C (r - alpha) / 2^e with the integer matrix C below. */
    int64_t cc[2];
    zt_conj_tau_pow(mu, e, cc);
    const int64_t C00 = cc[0], C01 = -2 * cc[1], C10 = cc[1], C11 = cc[0] + mu * cc[1];
    /* Blocks of J steps (Bernstein-Yang style): a digit needs only r mod 2^w,
     * and the low 64-bit words of r0, r1 stay exact in their low 64 - e j bits
     * after j steps, so J steps run on single words while the composite map
     *     2^(e j) r_j = M r + v        (M = C^j, v from the digits)
     * is collected and then applied to the whole numbers at once.  e J <= 44
     * keeps every entry of M below 2^24 and v below 2^47 (int64 is safe). */
    const int J = 44 / e;
    /* The digit needs only D = r0 + r1 t_w mod 2^w, so the loop carries D
     * itself: with K0 = C00 + t_w C10, K1 = C01 + t_w C11 (mod 2^64),
     *     D' = (K0 s0 + K1 s1) >> e   (mod 2^(64-e)),
     * which is computed from s = r - alpha in parallel with the new low
     * words, instead of after them (a shorter chain of dependent steps). */
    const uint64_t K0 = (uint64_t)C00 + tc->t_w * (uint64_t)C10;
    const uint64_t K1 = (uint64_t)C01 + tc->t_w * (uint64_t)C11;
    /* alpha_u as a function of D (odd): u = D - 2^(w-1), alpha_{-u} = -alpha_u.
     * Packed as 4-bit two's-complement fields (|coefficients| <= 5 for
     * w <= 6), field f = (D - 1)/2 at bit 4 (f mod 16) of word f/16 of pb
     * (the r0 part) and pg (the r1 part; word 1 only for w = 6); read by a
     * shift of secret count and a masked choice of word: no table index. */
    uint64_t pb[2] = {0, 0}, pg[2] = {0, 0};
    for (int d = 1; d < (1 << w); d += 2) {
        const int u = d - (1 << (w - 1)), x = ((u < 0 ? -u : u) - 1) / 2, f = (d - 1) / 2;
        const int64_t sb = u < 0 ? -tc->alpha[x][0] : tc->alpha[x][0];
        const int64_t sg = u < 0 ? -tc->alpha[x][1] : tc->alpha[x][1];
        pb[f >> 4] |= ((uint64_t)sb & 15) << (4 * (f & 15));
        pg[f >> 4] |= ((uint64_t)sg & 15) << (4 * (f & 15));
    }
    /* M = C^J for the full blocks, C^(length mod J) for a shorter last one:
     * public, computed once */
    const int64_t Cm[4] = {C00, C01, C10, C11};
    int64_t MJ[4], MR[4];
    zt_mat_pow(MJ, Cm, J);
    zt_mat_pow(MR, Cm, tc->length % J);
    uint64_t D = (r0[0] + r1[0] * tc->t_w) & wmask;
    for (int i0 = 0; i0 < tc->length; i0 += J) {
        const int steps = tc->length - i0 < J ? tc->length - i0 : J; /* public */
        const int64_t *M = steps == J ? MJ : MR;
        int64_t v0 = 0, v1 = 0;
        uint64_t lo0 = r0[0], lo1 = r1[0];
        for (int j = 0; j < steps; j++) {
            digits[i0 + j] = (int8_t)((int64_t)D - (1LL << (w - 1)));
            const uint64_t f = D >> 1, hi = 0 - (f >> 4); /* field, word 1 mask */
            const uint64_t wb = pb[0] ^ ((pb[0] ^ pb[1]) & hi), wg = pg[0] ^ ((pg[0] ^ pg[1]) & hi);
            const int sh = (int)(60 - 4 * (f & 15));
            const int64_t b = (int64_t)(wb << sh) >> 60, g = (int64_t)(wg << sh) >> 60;
            /* the low words (mod 2^64; the shift drops e exact zero bits) */
            uint64_t s0 = lo0 - (uint64_t)b, s1 = lo1 - (uint64_t)g;
            D = ((K0 * s0 + K1 * s1) >> e) & wmask;
            lo0 = ((uint64_t)C00 * s0 + (uint64_t)C01 * s1) >> e;
            lo1 = ((uint64_t)C10 * s0 + (uint64_t)C11 * s1) >> e;
            /* 2^(e(j+1)) r_{j+1} = C (C^j r + v - 2^(e j) alpha) */
            const int64_t w0 = v0 - (int64_t)((uint64_t)b << (e * j));
            const int64_t w1 = v1 - (int64_t)((uint64_t)g << (e * j));
            v0 = C00 * w0 + C01 * w1;
            v1 = C10 * w0 + C11 * w1;
        }
        uint64_t t[ECEDU_TW];
        zt_lincomb(t, r0, M[2], r1, M[3], v1, rw);
        zt_lincomb(r0, r0, M[0], r1, M[1], v0, rw);
        for (int x = 0; x < rw; x++) r1[x] = t[x];
        zt_sar(r0, rw, e * steps);
        zt_sar(r1, rw, e * steps);
    }
    /* remainder +-1: r1 = 0 and r0 = 1 or -1 */
    uint64_t hi = r1[0], neg = (uint64_t)((int64_t)r0[rw - 1] >> 63);
    for (int x = 1; x < rw; x++) hi |= r1[x] | (r0[x] ^ neg);
    uint64_t ok = ecedu_ct_is_zero_u64(hi) & ecedu_ct_is_zero_u64(r0[0] ^ (neg | 1));
    *top_neg = neg;
    return ok;
}

/* The recoding with mu (+-1) and w (5 or 6, ecedu/scalar/tnaf.py: native_width) as constants, a copy
 * for each pair, so that the products by the entries of C, small integers (for w = 5,
 * conj(tau)^4 = -1 + 3 mu tau and C = [[-1, -6 mu], [3 mu, 2]]), compile to shifts and additions:
 * two 64-bit multiplications per digit are left (by K0, K1, which hold the curve's t_w) of the ten
 * of one copy with mu and w read at run time.  AMD EPYC Zen 4, ECDH min TSC ticks, each level
 * forced, two alternations against that copy (with FN(linear_ct)'s AVX2 change in
 * field/gf2m/inversion.tmpl.h): AVX-512 sect163k1 12.57k -> 12.12k, sect233k1 17.47k -> 16.82k,
 * sect239k1 19.06k -> 18.28k, sect283k1 27.30k -> 26.94k, sect571k1 102.6k -> 102.1k; AVX2
 * sect163k1 13.03k -> 12.56k, sect233k1 18.30k -> 18.15k, sect283k1 31.62k -> 31.33k, sect409k1
 * 63.6k -> 63.0k; SSE sect163k1 19.11k -> 18.72k, sect239k1 29.69k -> 29.33k, sect283k1 50.75k ->
 * 50.36k, sect409k1 106.7k -> 105.9k.  Carrying the next D's share of the digit, (K alpha_u) >> e,
 * in packed fields as well, so that no multiplication is left between one D and the next, did
 * not pay (AVX2 and AVX-512 sect163k1 +1%, the others within 0.5%): the steps are not bound by
 * that chain. */
static inline __attribute__((always_inline)) uint64_t ecedu_tau_recode(
    const ecedu_tau_consts *tc, uint64_t *r0, uint64_t *r1, int rw, int8_t *digits,
    uint64_t *top_neg) {
    if (tc->w == 5) /* public: the curve's constants */
        return tc->mu > 0 ? zt_recode(tc, 1, 5, r0, r1, rw, digits, top_neg)
                          : zt_recode(tc, -1, 5, r0, r1, rw, digits, top_neg);
    return tc->mu > 0 ? zt_recode(tc, 1, 6, r0, r1, rw, digits, top_neg)
                      : zt_recode(tc, -1, 6, r0, r1, rw, digits, top_neg);
}

#endif
