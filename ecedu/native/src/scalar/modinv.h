/*
 * modinv.h -- x^-1 mod M for an odd PUBLIC modulus M of at most 9 64-bit words (every group
 * order n of scalar/modn.h: secp160r1's 161 bits up to sect571's 570), in constant time in x,
 * by the "divsteps" of Bernstein and Yang, "Fast constant-time gcd computation and modular
 * inversion", TCHES 2019(3) ("BY"), in the batched form with signed 62-bit limbs described in
 * P. Wuille's doc/safegcd_implementation.md of libsecp256k1 (no code taken from either).
 *
 * The divstep (BY section 8), on a real delta, an odd integer f and an integer g:
 *     divstep(delta, f, g) = (1 - delta, g, (g - f) / 2)          if delta > 0 and g odd,
 *                            (1 + delta, f, (g + (g mod 2) f) / 2) otherwise.
 * Started at (1, M, x) it is a gcd algorithm: by BY Theorem 11.2, if f^2 + 4 g^2 <= 5 * 4^d
 * and d >= 46, then g_m = 0 (and so f_m = +-gcd(M, x), BY Theorem 11.1) for every
 * m >= floor((49 d + 57) / 17).  Here f = M < 2^b (b = bits of M) and 0 <= g = x < M, so
 * f^2 + 4 g^2 < 5 * 4^b: d = b works, and every order has b >= 161 >= 46.  We run
 * ceil((49 b + 57) / 17) divsteps rounded up to whole batches of 62 (more divsteps after
 * g = 0 change nothing: g stays 0, f stays).  For the orders:
 *     b = 161: 468 -> 8 batches,  b = 256: 742 -> 12,  b = 384: 1111 -> 18,
 *     b = 521: 1506 -> 25,        b = 570: 1647 -> 27.
 * (A Python run of the divstep on every order, on edge and random x, needed at most 559
 * divsteps at 256 bits and 1214 at 570: the bound is a worst case with room, as BY say.)
 * (The sharper "hddivsteps" bound of Wuille's write-up, delta started at 1/2, would save two
 * batches at 256 bits; its proof is a computation we have not re-run, so it is not used.)
 *
 * Every divstep is linear in (f, g): 62 of them take (f, g) to (u f + v g, q f + r g) / 2^62
 * for an integer matrix T = [u v; q r] that depends only on delta and the low 62 bits of f
 * and g (the parity at step i < 62 depends on bits 0..i only).  So each batch
 *   1. computes T from delta and the low limbs (modinv_divsteps62, on 64-bit words),
 *   2. applies T to the full f, g (modinv_update_fg; the division by 2^62 is exact),
 *   3. applies it to (d, e), kept with d x = f and e x = g (mod M): d = 0, e = 1 at the start,
 *      and (d, e) <- (u d + v e, q d + r e) / 2^62 mod M (modinv_update_de; M odd, so a
 *      multiple of M makes the sum divisible by 2^62: Montgomery's trick on 62 bits).
 * At the end g = 0, f = +-1 and d x = f, so x^-1 = sign(f) d mod M.  x = 0 gives 0: g = 0
 * from the start, so d stays 0 (f stays M) and the result is 0 (documented, tested).
 *
 * Representation: a signed integer a = sum a[i] 2^(62 i), i < L, with a[i] in [0, 2^62) for
 * i < L - 1 and a signed top limb a[L-1].  L = floor((b + 1) / 62) + 1, so that
 * 62 (L - 1) <= b + 1 < 62 L: every value below has |a| < 2^(b+1), hence
 * |a[L-1]| <= 2^((b+1) mod 62) <= 2^61.  L = 3 (b = 161..185), 4, 5 (256), 7 (384), 9 (521),
 * 10 (570).  The signed arithmetic relies on two's complement and arithmetic right shifts of
 * negative values, as GCC and Clang define them (right shifts only: no left shift of a negative
 * value, which would be undefined; those are done on uint64_t).
 *
 * Constant time: the number of batches, of divsteps and of limbs depends on M only; every
 * choice on a value (the swap of a divstep, the parity of g, the signs of d and e and f) is a
 * mask, and no memory index depends on a value.
 */
#ifndef ECEDU_SCALAR_MODINV_H
#define ECEDU_SCALAR_MODINV_H
#include <stdint.h>
#include "internal.h"

enum { MODINV_MAXL = 10 }; /* 62-bit limbs of a 576-bit (9-word) modulus: floor(577/62)+1 */
#define MODINV_M62 ((uint64_t)0x3fffffffffffffff) /* 2^62 - 1 */

typedef struct ecedu_modinv {
    int nw;                    /* 64-bit words of M                               */
    int L;                     /* 62-bit limbs (see above)                        */
    int batches;               /* batches of 62 divsteps                          */
    int64_t m[MODINV_MAXL];    /* M in 62-bit limbs (all in [0, 2^62); top < 2^61) */
    uint64_t minv62;           /* M^-1 mod 2^62                                   */
} ecedu_modinv;

/* The transition matrix of 62 divsteps, times 2^62: |u| + |v| <= 2^62, |q| + |r| <= 2^62. */
typedef struct modinv_trans {
    int64_t u, v, q, r;
} modinv_trans;

/* a (nw words) -> L limbs of 62 bits (a >= 0, a < 2^(62 L)).  Indices public. */
static inline void modinv_to_limbs(int64_t *l, const uint64_t *a, int nw, int L) {
    for (int i = 0; i < L; i++) {
        int pos = 62 * i, w = pos / 64, sh = pos % 64;
        uint64_t lo = w < nw ? a[w] >> sh : 0;
        uint64_t hi = (sh > 2 && w + 1 < nw) ? a[w + 1] << (64 - sh) : 0;
        l[i] = (int64_t)((lo | hi) & MODINV_M62);
    }
}

/* L canonical limbs of a value in [0, 2^(64 nw)) -> nw words. */
static inline void modinv_from_limbs(uint64_t *a, const int64_t *l, int nw, int L) {
    unsigned __int128 acc = 0;
    int bits = 0, w = 0;
    for (int i = 0; i < L && w < nw; i++) {
        acc |= (unsigned __int128)(uint64_t)l[i] << bits; /* bits < 64: fits in 128 */
        bits += 62;
        if (bits >= 64) {
            a[w++] = (uint64_t)acc;
            acc >>= 64;
            bits -= 64;
        }
    }
    if (w < nw) a[w++] = (uint64_t)acc;
    while (w < nw) a[w++] = 0;
}

/*
 * Set up M (public; variable time is fine).  Contract: n odd, 46 <= nbits <= 64 nw,
 * nw <= 9, nbits the bit length of n.
 */
static void modinv_init(ecedu_modinv *c, const uint64_t *n, int nw, int nbits) {
    c->nw = nw;
    c->L = (nbits + 1) / 62 + 1;
    int steps = (49 * nbits + 57 + 16) / 17; /* ceil((49 b + 57) / 17) >= BY's floor */
    c->batches = (steps + 61) / 62;
    for (int i = 0; i < MODINV_MAXL; i++) c->m[i] = 0;
    modinv_to_limbs(c->m, n, nw, c->L);
    /* M^-1 mod 2^64 by Newton's iteration (M odd: M is its own inverse mod 8; each step
     * doubles the correct low bits: 3, 6, 12, 24, 48, 96), then mod 2^62 */
    uint64_t inv = n[0];
    for (int i = 0; i < 5; i++) inv *= 2 - n[0] * inv;
    c->minv62 = inv & MODINV_M62;
}

/*
 * 62 divsteps on the low words f, g (f odd), with eta = -delta (so that "delta > 0" is the sign
 * bit of eta, one arithmetic shift, off the critical path of the g computation): returns the new
 * eta and T (times 2^62).  Invariant after i steps: (u f0 + v g0, q f0 + r g0) = 2^i (f_i, g_i),
 * with the f-row doubled at each step instead of the g-row halved, so T stays integral; and
 * |u| + |v| <= 2^i, |q| + |r| <= 2^i (a step takes the rows (F, G) to (2F, G + F), (2F, G) or,
 * swapping, to (2G, G - F): every row norm at most the sum of both, <= 2^(i+1)).
 * After 62 steps every entry lies in [-2^62, 2^62]: an int64_t.  u, v, q, r, f, g are kept
 * as uint64_t (arithmetic mod 2^64 is exact for them; f and g only need their low 62 - i
 * bits at step i, all that the parity at steps i..61 depends on: the right shift's top bit
 * is don't-care).  |eta| grows by at most 1 a step: |eta| <= 1 + 27 * 62 overall.
 * Tried and not kept (AMD EPYC Zen 4, 6 December 2026; a driver timing batches, min TSC ticks,
 * every variant giving the same eta and T as this one on 3 million random inputs): this loop
 * takes 364 ticks a batch, about 8 core cycles a step, and the 12 batches are 4,400 of the 5,900
 * ticks of a 255-bit inversion (s2n-bignum's bignum_inv_p25519: 2,600).  The rows (u, v) and
 * (q, r) packed two to a register as u + 2^32 v (three rounds of 30, 30 and 2 steps, the 2 x 2
 * products after; entries stay below 2^30 in a round) 343-353; with the new f and U taken by a
 * select of the old g and Q instead of an addition after the new g, 330; with the next step's
 * +-f and sign computed ahead as selects (a shorter dependent chain, more instructions) 465.
 * The step is bound by its dependent chain and its instruction count together; a real gain
 * would need the chain shortened without more instructions (flag-based selects in assembly).
 */
static inline __attribute__((always_inline)) int64_t modinv_divsteps62(int64_t eta, uint64_t f,
                                                                      uint64_t g, modinv_trans *t) {
    uint64_t u = 1, v = 0, q = 0, r = 1;
    for (int i = 0; i < 62; i++) {
        uint64_t pos = (uint64_t)(eta >> 63); /* all-ones iff delta > 0 (eta < 0)            */
        uint64_t odd = 0 - (g & 1);           /* all-ones iff g odd                          */
        uint64_t sw = ecedu_in_reg(pos & odd);
        /* g odd: the g-row gets the f-row added, or subtracted if delta > 0; that is
         * 2 g' = g + f or g - f of both cases of the divstep */
        g += ((f ^ pos) - pos) & odd;
        q += ((u ^ pos) - pos) & odd;
        r += ((v ^ pos) - pos) & odd;
        /* the swap case (delta > 0, g odd) also has f' = g: f + (g - f), the f-row likewise */
        f += g & sw;
        u += q & sw;
        v += r & sw;
        /* delta' = 1 - delta (swap) or 1 + delta: eta' = ~eta = (eta ^ -1) - 0 or eta - 1 */
        eta = (int64_t)(((uint64_t)eta ^ sw) - (sw + 1));
        /* halve g: here the f-row is doubled instead */
        g >>= 1;
        u <<= 1;
        v <<= 1;
    }
    t->u = (int64_t)u;
    t->v = (int64_t)v;
    t->q = (int64_t)q;
    t->r = (int64_t)r;
    return eta;
}

/*
 * (f, g) <- (u f + v g, q f + r g) / 2^62, L limbs.  Bounds: every max(|f|, |g|) along the
 * divsteps is at most the first one, M (a new g is (g +- f) / 2 or (g + 0) / 2, a new f an old
 * f or g), so inputs and outputs are < 2^b in absolute value; lower limbs < 2^62 and the top
 * ones <= 2^61 in absolute value.  Each column adds |u f[i] + v g[i]| <= 2^62 * 2^62 = 2^124
 * to a carry < 2^63 (a previous sum < 2^125, shifted by 62), so the accumulator stays
 * < 2^125 < 2^127.  The low 62 bits of the first column are zero by the construction of T.
 */
static inline __attribute__((always_inline)) void modinv_update_fg(int64_t *f, int64_t *g,
                                                                   const modinv_trans *t,
                                                                   const int L) {
    const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
    __int128 cf = (__int128)u * f[0] + (__int128)v * g[0];
    __int128 cg = (__int128)q * f[0] + (__int128)r * g[0];
    cf >>= 62;
    cg >>= 62;
    for (int i = 1; i < L; i++) {
        cf += (__int128)u * f[i] + (__int128)v * g[i];
        cg += (__int128)q * f[i] + (__int128)r * g[i];
        f[i - 1] = (int64_t)((uint64_t)cf & MODINV_M62);
        g[i - 1] = (int64_t)((uint64_t)cg & MODINV_M62);
        cf >>= 62;
        cg >>= 62;
    }
    f[L - 1] = (int64_t)cf;
    g[L - 1] = (int64_t)cg;
}

/*
 * (d, e) <- (u d + v e, q d + r e) / 2^62 mod M, with the invariant -2M < d, e < M (true
 * for 0 and 1).  Proof for d (e alike):
 *   md = u [d < 0] + v [e < 0] - w,  w in [0, 2^62) chosen (from the low limbs: w = (u d + v e)
 *   M^-1 + md mod 2^62) so that s = u d + v e + md M = 0 mod 2^62.  Then s = u d' + v e' - w M
 *   with d' = d + M [d < 0] and e' likewise in (-M, M), so |u d' + v e'| < 2^62 M (|u| + |v|
 *   <= 2^62) and s in (-2^63 M, 2^62 M): the new d = s / 2^62 lies in (-2M, M) again.
 *   md: the two sign terms sum to [-2^62, 2^62], minus w: md in (-2^63, 2^62], an int64_t.
 * Accumulator: a column adds |u d[i] + v e[i]| <= 2^62 * 2^62 (lower limbs < 2^62, the top ones
 * <= 2^61 as |d| < 2^(b+1)) and |md M[i]| < 2^63 * 2^62, so with the carry (< 2^64 after the
 * shift) it stays < 2^124 + 2^125 + 2^64 < 2^127.
 */
static inline __attribute__((always_inline)) void modinv_update_de(int64_t *d, int64_t *e,
                                                                   const modinv_trans *t,
                                                                   const ecedu_modinv *c,
                                                                   const int L) {
    const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
    const int64_t sd = d[L - 1] >> 63, se = e[L - 1] >> 63; /* all-ones iff negative */
    int64_t md = (u & sd) + (v & se), me = (q & sd) + (r & se);
    __int128 cd = (__int128)u * d[0] + (__int128)v * e[0];
    __int128 ce = (__int128)q * d[0] + (__int128)r * e[0];
    md -= (int64_t)((c->minv62 * (uint64_t)cd + (uint64_t)md) & MODINV_M62);
    me -= (int64_t)((c->minv62 * (uint64_t)ce + (uint64_t)me) & MODINV_M62);
    cd += (__int128)md * c->m[0];
    ce += (__int128)me * c->m[0];
    cd >>= 62; /* exact: the low 62 bits are zero now */
    ce >>= 62;
    for (int i = 1; i < L; i++) {
        cd += (__int128)u * d[i] + (__int128)v * e[i] + (__int128)md * c->m[i];
        ce += (__int128)q * d[i] + (__int128)r * e[i] + (__int128)me * c->m[i];
        d[i - 1] = (int64_t)((uint64_t)cd & MODINV_M62);
        e[i - 1] = (int64_t)((uint64_t)ce & MODINV_M62);
        cd >>= 62;
        ce >>= 62;
    }
    d[L - 1] = (int64_t)cd;
    e[L - 1] = (int64_t)ce;
}

/* Limbs back to canonical form: lower limbs into [0, 2^62) by carries into the next one
 * (each limb enters in (-2^63, 2^63), the carry is one arithmetic shift). */
static inline __attribute__((always_inline)) void modinv_carry(int64_t *a, const int L) {
    for (int i = 0; i < L - 1; i++) {
        a[i + 1] += a[i] >> 62;
        a[i] = (int64_t)((uint64_t)a[i] & MODINV_M62);
    }
}

/* a += M under a mask (all-ones or 0), limb by limb, then carries.  Limbs stay < 2^63. */
static inline __attribute__((always_inline)) void modinv_add_m(int64_t *a, const ecedu_modinv *c,
                                                               int64_t mask, const int L) {
    for (int i = 0; i < L; i++) a[i] += c->m[i] & mask;
    modinv_carry(a, L);
}

/* The start of both inversions: f = M and g = x, as L limbs of 62 bits (x < M). */
static inline __attribute__((always_inline)) void modinv_start(const ecedu_modinv *c, int64_t *f,
                                                               int64_t *g, const uint64_t *x,
                                                               const int L) {
    for (int i = 0; i < L; i++) f[i] = c->m[i];
    modinv_to_limbs(g, x, c->nw, L);
}

/*
 * The end of both inversions: r = d * sign(f) mod M, in [0, M), from the batches' last state.
 * Contract: g = 0, f = +-1 (or f = M for x = 0, where d = 0) and d in (-2M, M).  Constant time.
 */
static inline __attribute__((always_inline)) void modinv_finish(const ecedu_modinv *c, uint64_t *r,
                                                                int64_t *d, const int64_t *f,
                                                                const int L) {
    const int64_t fneg = f[L - 1] >> 63;
    modinv_add_m(d, c, d[L - 1] >> 63, L); /* d in (-M, M) */
    for (int i = 0; i < L; i++) d[i] = (d[i] ^ fneg) - fneg; /* d * sign(f), in (-M, M) */
    modinv_carry(d, L);
    modinv_add_m(d, c, d[L - 1] >> 63, L); /* d in [0, M) */
    modinv_from_limbs(r, d, c->nw, L);
}

static inline __attribute__((always_inline)) void modinv_core(const ecedu_modinv *c, uint64_t *r,
                                                              const uint64_t *x, const int L) {
    int64_t f[MODINV_MAXL], g[MODINV_MAXL], d[MODINV_MAXL] = {0}, e[MODINV_MAXL] = {1};
    modinv_trans t;
    modinv_start(c, f, g, x, L);
    int64_t eta = -1; /* delta = 1 */
    for (int b = 0; b < c->batches; b++) {
        eta = modinv_divsteps62(eta, (uint64_t)f[0], (uint64_t)g[0], &t);
        modinv_update_de(d, e, &t, c, L);
        modinv_update_fg(f, g, &t, L);
    }
    modinv_finish(c, r, d, f, L);
    ecedu_wipe(f, sizeof f);
    ecedu_wipe(g, sizeof g);
    ecedu_wipe(d, sizeof d);
    ecedu_wipe(e, sizeof e);
    ecedu_wipe(&t, sizeof t);
    ecedu_wipe(&eta, sizeof eta);
}

/*
 * r = x^-1 mod M (c->nw words; r may alias x).  Contract: 0 <= x < M, M prime (or just
 * gcd(x, M) = 1 for x != 0); x = 0 gives 0.  Constant time in x.  The core is instantiated
 * for the limb counts of the curve orders so that its loops are unrolled.
 */
static void modinv(const ecedu_modinv *c, uint64_t *r, const uint64_t *x) {
    switch (c->L) { /* public */
    case 3: modinv_core(c, r, x, 3); break;
    case 4: modinv_core(c, r, x, 4); break;
    case 5: modinv_core(c, r, x, 5); break;
    case 7: modinv_core(c, r, x, 7); break;
    case 9: modinv_core(c, r, x, 9); break;
    case 10: modinv_core(c, r, x, 10); break;
    default: modinv_core(c, r, x, c->L); break;
    }
}

/* ------------------------------------------------------------ variable time, public x */

/*
 * The same 62 divsteps as modinv_divsteps62 (the same T, the same eta), in VARIABLE TIME for a
 * public x: a run of z steps with g even (each: g / 2, the f-row doubled, eta - 1) is done by one
 * shift of z = the trailing zeros of g (at most the steps left); a step with g odd is, when
 * delta > 0 (eta < 0), first the swap (eta, f, g) -> (-eta, g, -f) with the rows (u, v), (q, r) ->
 * (q, r), (-u, -v), then g + f (and the g-row plus the f-row), whose halving starts the next run:
 * swap and sum together are the divstep's (1 - delta, g, (g - f) / 2).  About half the steps
 * have g odd, so the loop runs about 31 times a batch instead of 62.
 */
static inline int64_t modinv_divsteps62_vartime(int64_t eta, uint64_t f, uint64_t g, modinv_trans *t) {
    uint64_t u = 1, v = 0, q = 0, r = 1;
    int left = 62;
    for (;;) {
        const int z = __builtin_ctzll(g | (~0ULL << left)); /* <= left: the mask's bit */
        g >>= z;
        u <<= z;
        v <<= z;
        eta -= z;
        left -= z;
        if (left == 0) break;
        /* g odd */
        if (eta < 0) { /* delta > 0: swap, negating the new g */
            uint64_t tmp;
            eta = -eta;
            tmp = f, f = g, g = 0 - tmp;
            tmp = u, u = q, q = 0 - tmp;
            tmp = v, v = r, r = 0 - tmp;
        }
        g += f;
        q += u;
        r += v;
    }
    t->u = (int64_t)u;
    t->v = (int64_t)v;
    t->q = (int64_t)q;
    t->r = (int64_t)r;
    return eta;
}

/*
 * r = x^-1 mod M as modinv, in VARIABLE TIME: for a PUBLIC x only (ECDSA verification's s^-1; the
 * curve tables of a public point, through modinv_mod_prime_as below).
 * The batches of modinv_divsteps62_vartime, and no batch after g = 0 (BY's bound is a worst case:
 * at 384 bits about 14 of modinv's 18 batches are needed).  Contract as modinv's.
 */
static inline void modinv_vartime(const ecedu_modinv *c, uint64_t *r, const uint64_t *x) {
    const int L = c->L;
    int64_t f[MODINV_MAXL], g[MODINV_MAXL], d[MODINV_MAXL] = {0}, e[MODINV_MAXL] = {1};
    modinv_trans t;
    modinv_start(c, f, g, x, L);
    int64_t eta = -1; /* delta = 1 */
    for (int b = 0; b < c->batches; b++) {
        int64_t any = 0;
        for (int i = 0; i < L; i++) any |= g[i];
        if (!any) break;
        eta = modinv_divsteps62_vartime(eta, (uint64_t)f[0], (uint64_t)g[0], &t);
        modinv_update_de(d, e, &t, c, L);
        modinv_update_fg(f, g, &t, L);
    }
    modinv_finish(c, r, d, f, L);
}

/*
 * r = x^-1 mod p for a field's prime p (nw words, nbits bits; r may alias x), with the context of
 * modinv_init set up on the stack: the field inversions (fe_p224_fold.h, fe_p384_fold.h,
 * fe_p384_ifma.h, fe_p521_unsat.h, fe_p521_ifma.h) call this on their canonical 64-bit words.
 * Contract: modinv_init's on p, modinv's on x.  Constant time in x with vartime = 0 (modinv);
 * vartime = 1 (modinv_vartime) for a PUBLIC x only, e.g. the table of a public point's multiples
 * (the fields' <prefix>_inv_vartime, curve/prime/sw.tmpl.h FE_INV_VARTIME).  vartime is a
 * constant of the caller's: no branch is left.
 */
static inline void modinv_mod_prime_as(uint64_t *r, const uint64_t *x, const uint64_t *p, int nw, int nbits,
                                       const int vartime) {
    ecedu_modinv c;
    modinv_init(&c, p, nw, nbits);
    if (vartime)
        modinv_vartime(&c, r, x);
    else
        modinv(&c, r, x);
}

static inline void modinv_mod_prime(uint64_t *r, const uint64_t *x, const uint64_t *p, int nw, int nbits) {
    modinv_mod_prime_as(r, x, p, nw, nbits, 0);
}

#endif
