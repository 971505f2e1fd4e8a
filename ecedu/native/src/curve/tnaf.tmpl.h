/*
 * tnaf.tmpl.h -- TEMPLATE (after ld.tmpl.h): constant-time k P on the Koblitz curves
 * E_a: y^2 + xy = x^3 + a x^2 + 1 by the regular width-w tau-adic method.
 *
 * Why it is fast: the Frobenius map tau(x, y) = (x^2, y^2) is an
 * endomorphism with tau^2 = mu tau - 2, so in the expansion
 *     k = rho = sum_i alpha_{u_i} tau^((w-1) i)   (mod delta, see scalar/ztau.h)
 * a "doubling" is replaced by tau, which costs three squarings in
 * lambda coordinates (X^2 : L^2 : Z^2, lambda.tmpl.h), and one point addition is
 * needed per w-1 digits of the scalar:
 *     ladder (ladder.tmpl.h):     m  x (5M + 4S)
 *     this method (w = 5):   m/4 x (8M + 2S) + 3m S  + a table of 8 points
 * (Solinas 2000; GECC Alg. 3.70; the regular recoding makes every step the
 * same: Oliveira, Aranha, Lopez, Rodriguez-Henriquez, "Fast point
 * multiplication algorithms for binary elliptic curves with and without
 * precomputation", SAC 2014.)
 *
 * Constant time: the recoding (scalar/ztau.h) runs a fixed number of steps; every
 * digit is non-zero; the table entry is found by scanning all entries under
 * masks and negated under a mask, -(x, lambda) = (x, lambda + 1).  The table itself
 * (alpha_u P for the public point P) is built from public data.
 * Exceptional additions (Q = +-T, Q = O) are impossible in all but the last
 * `complete` additions (ecedu/scalar/tnaf.py: regular_plan shows the norms
 * involved are < n); those use the complete addition of lambda.tmpl.h.
 */
#include "scalar/ztau.h"

/* tab[j] = alpha_{2j+1} P (affine x then lambda = x + y/x), j < 2^(w-2).
 * Entry j is sign (entry v + rest P) for an earlier entry v (or only the
 * rest), the rest a sum of +-tau^i P: gen_curves.py (table_plan) chose
 * these sums so that few additions are needed (w = 5: 7 instead of 10 for
 * the plain tau-NAF of each alpha_u) and checked that none of them meets an
 * exceptional case (Q = +-T), so the fast mixed addition of ld.tmpl.h in
 * Lopez-Dahab coordinates (X : Y : Z) is enough.  P is public: the work
 * may depend on it, but it is constant time anyway.  Then, as
 *     x = X/Z = X^2/(X Z)   and   lambda = X/Z + Y/(X Z) = (X^2 + Y)/(X Z),
 * one inversion of all the products X Z serves every entry (Montgomery's
 * simultaneous inversion, HMV Alg. 2.26), and the sign is lambda + 1.
 * The first addition of an entry without a base has two affine points: FN(ld_add_affine),
 * 5M + 3S instead of FN(ld_madd)'s 8M + 5S, the same values (four of sect233k1's seven
 * additions).  AMD Zen 3, AVX2, ECDH min TSC ticks, six pairs against FN(ld_madd) with
 * Z1 = 1: sect233k1 -2.3%, sect239k1 -2.4%, sect283k1 -1.3%, sect409k1 -2.1%, sect571k1 -1.2%,
 * sect163k1 within the noise (+2.9% and -0.8% in two runs).  (An earlier try had measured
 * sect163k1 on the SSE4.1 level 14% slower with its loop unchanged, only placed elsewhere; with
 * this whole change that level's sect163k1 measured 3% faster.) */
static void FN(tau_table)(const ecedu_curve *c, const ecedu_tau_consts *tc, const uint64_t *x,
                          const uint64_t *y, uint64_t (*tab)[2][GF_NW]) {
    const int entries = 1 << (tc->w - 2);
    uint64_t tx[16][GF_NW], ty[16][GF_NW]; /* tau^i P, i < 16 */
    uint64_t X[16][GF_NW] = {{0}}, Y[16][GF_NW] = {{0}}, Z[16][GF_NW] = {{0}};
    int longest = 0;
    for (int j = 0; j < entries; j++)
        if (tc->rest_len[j] > longest) longest = tc->rest_len[j];
    FN(copy)(tx[0], x);
    FN(copy)(ty[0], y);
    for (int i = 1; i < longest; i++) FN(sqr2)(tx[i], tx[i - 1], ty[i], ty[i - 1]);
    for (int j = 0; j < entries; j++) {
        const int v = tc->tab_base[j];
        int terms = v >= 0; /* points summed so far (the base entry counts as one) */
        const uint64_t *x1 = NULL;
        uint64_t y1[GF_NW]; /* the first term, while it is alone: affine */
        if (v >= 0) {
            FN(copy)(X[j], X[v]);
            FN(copy)(Y[j], Y[v]);
            FN(copy)(Z[j], Z[v]);
        }
        for (int i = 0; i < tc->rest_len[j]; i++) {
            int d = tc->rest_tnaf[j][i];
            uint64_t ny[GF_NW], A[GF_NW], B[GF_NW];
            if (!d) continue; /* public constant */
            FN(add)(ny, tx[i], ty[i]);                 /* -tau^i P */
            const uint64_t *yi = d > 0 ? ty[i] : ny;
            if (terms == 0) {
                x1 = tx[i];
                FN(copy)(y1, yi);
            } else if (terms == 1 && v < 0) { /* two affine points: Z1 = 1 */
                FN(ld_add_affine)(c, X[j], Y[j], Z[j], x1, y1, tx[i], yi);
            } else {
                FN(ld_madd)(c, X[j], Y[j], Z[j], X[j], Y[j], Z[j], tx[i], yi, A, B);
            }
            terms++;
        }
        if (terms == 1 && v < 0) { /* a single term: the point itself, Z = 1 */
            FN(copy)(X[j], x1);
            FN(copy)(Y[j], y1);
            Z[j][0] = 1;
        }
    }
    /* batch inversion of D_j = X_j Z_j (Montgomery's trick, HMV Alg. 2.26) with its products
     * arranged as a binary tree: node n of up[] is the product of its children 2n and 2n + 1,
     * the leaves up[entries + j] = D_j, the root up[1] = D_0 ... D_(entries-1); after the one
     * inversion iv[n] = 1/up[n] comes down the tree, iv[2n] = iv[n] up[2n + 1] and
     * iv[2n + 1] = iv[n] up[2n], so that 1/D_j = iv[entries + j].  The same products as the
     * running-product chain (entries - 1 up, 2 (entries - 1) down), but log2(entries) deep on
     * each side instead of entries - 1, and two at a time (FN(mul2): side by side in 256-bit
     * registers on the AVX2 and AVX-512 levels; entries is a power of two, at least 8).  Against
     * the chain, Zen 3, AVX2, eight pairs: sect233k1 -1%, the other Koblitz curves within 0.3%. */
    uint64_t up[32][GF_NW], iv[32][GF_NW], t[2][GF_NW];
    for (int j = 0; j < entries; j += 2)
        FN(mul2)(up[entries + j], X[j], Z[j], up[entries + j + 1], X[j + 1], Z[j + 1]);
    for (int lv = entries / 2; lv >= 2; lv /= 2) /* the nodes lv .. 2 lv - 1 */
        for (int n = lv; n < 2 * lv; n += 2)
            FN(mul2)(up[n], up[2 * n], up[2 * n + 1], up[n + 1], up[2 * n + 2], up[2 * n + 3]);
    FN(mul)(up[1], up[2], up[3]);
    FN(inv_vartime)(iv[1], up[1]); /* public data: the faster inversion */
    for (int n = 1; n < entries; n++)
        FN(mul2)(iv[2 * n], iv[n], up[2 * n + 1], iv[2 * n + 1], iv[n], up[2 * n]);
    uint64_t (*di)[GF_NW] = iv + entries;
    for (int j = 0; j < entries; j += 2) {
        FN(sqr2)(t[0], X[j], t[1], X[j + 1]);
        for (int h = 0; h < 2; h++) {
            uint64_t l[GF_NW];
            FN(add)(l, t[h], Y[j + h]);
            /* x = X^2 / (X Z), lambda = (X^2 + Y) / (X Z) */
            FN(mul2)(tab[j + h][0], t[h], di[j + h], tab[j + h][1], l, di[j + h]);
            tab[j + h][1][0] ^= tc->tab_sign[j + h] < 0; /* -(x, lambda) = (x, lambda + 1) */
        }
    }
}

/* (x, lambda) = sign(u) tab[(|u| - 1)/2] for an odd digit u, constant time;
 * xl holds x then lambda.  -(x, lambda) = (x, lambda + 1).  Up to five words by
 * ecedu_ct_lookup_xl (internal.h: each element stored the way the field code loads it, the
 * negation before the store).  ECDH min TSC ticks, AMD Zen 4, four pairs against the look-up
 * then an XOR of lambda's word: AVX-512 sect163k1 15.6k -> 15.0k, 233k1 20.0k -> 18.9k,
 * 239k1 20.6k -> 19.6k, 283k1 29.6k -> 29.0k; AVX2 163k1 17.2k -> 16.4k, 233k1 21.7k ->
 * 20.5k, 239k1 22.8k -> 22.0k, 283k1 34.1k -> 33.2k; PCLMULQDQ 239k1 31.7k -> 30.4k, the others
 * within 1%.  AMD Zen 3 (no AVX-512), 4 to 16 pairs: AVX2 163k1 19.4k -> 18.5k, 233k1 24.8k
 * -> 23.3k, 239k1 25.6k -> 24.9k, 283k1 39.6k -> 37.2k; PCLMULQDQ 239k1 34.8k -> 33.8k, 283k1
 * 68.2k -> 64.8k, 163k1 and 233k1 within 1%.  From seven words on (409, 571), whose wide levels
 * load 256 or 512 bits at a time (clmul256.tmpl.h, clmul512.tmpl.h), it measured 1-2% slower
 * on AVX2 and on AVX-512 at m = 409, so those keep the plain look-up.  (The fixed-base comb,
 * fixed_base.tmpl.h, whose table held (x, y) then, kept the plain look-up too: 0-2% slower for kG
 * on Zen 3.  Its table holds (x, lambda) since 6 December 2026, read by this function.)
 * At four words on AVX2, x and lambda as one 256-bit register each (VPCMPEQQ masks, 256-bit
 * stores) measured the same (Zen 3, sixteen pairs: sect233k1 +0.1% to +0.4%, sect239k1 -1.6%
 * and 0.0%): not taken. */
static inline __attribute__((always_inline)) void FN(tau_lookup)(const uint64_t (*tab)[2][GF_NW],
                                                                  int entries, int u,
                                                                  uint64_t (*xl)[GF_NW]) {
    uint64_t sgn = (uint64_t)(int64_t)(u >> 31); /* all-ones if u < 0 */
    uint64_t idx = (((uint64_t)(int64_t)u ^ sgn) - sgn) >> 1;
#if GF_NW <= 5
    ecedu_ct_lookup_xl(xl[0], xl[1], tab[0][0], entries, GF_NW, idx, sgn & 1); /* lambda + 1 */
#else
    ecedu_ct_lookup(xl[0], tab[0][0], entries, 2 * GF_NW, idx);
    xl[1][0] ^= sgn & 1;
#endif
}

/* The main loop of FN(tnaf): for each digit from the top, Q = tau^(w-1)(Q) + sign(u) tab[..].
 * The last tc->complete additions (a public position) are the complete ones.
 * The loop is bound by the processor's throughput, not by its one dependent chain: run as two
 * independent Horner chains side by side (the upper and the lower half of the digits, which
 * would then need tau^(m/2) of the upper sum and a complete addition), the loop alone was only
 * 2.5-4% faster (AMD Zen 3, AVX2, sect163k1 to sect409k1), less than those two steps cost.
 * Likewise the table: its seven additions run two at a time (the formulas of FN(ld_madd) with
 * each field operation paired, FN(mul2) / FN(sqr2)) changed ECDH by -1% to +1%.
 * The look-up of a digit's entry needs only the digit, not Q: with GF_TAU_LOOKUP_FIRST it is
 * issued before the squarings, where it overlaps them.  Measured on an AMD EPYC Zen 3, ECDH min
 * TSC ticks, eight pairs of builds: on AVX2 sect233k1 22.7k -> 22.2k (-2.4%) and sect409k1
 * 74.2k -> 72.6k (-2.1%), which set it; sect163k1 and sect283k1 +1.1% to +1.3%, sect571k1 and
 * sect239k1 unchanged; on the PCLMULQDQ level sect233k1 +7%, sect409k1 -0.5%: not set.  With
 * the switch in those two AVX2 instances only, six pairs against the build without it: sect233k1
 * -1.0% (min 22.8k -> 22.3k), sect409k1 -1.5%, and the unchanged fields' sect163k1, sect283k1,
 * sect233r1 +0.9% to +1.3%: the noise of code placement is about that size, so the gain is small.
 * On AVX-512 (AMD EPYC Zen 4, 5 December, two alternations): sect233k1 -3.2%, sect409k1 -2.5%,
 * sect571k1 -1.3%, set there too; sect163k1 unchanged, sect239k1 +0.6% and sect283k1 +3.9%,
 * not set (gf2m_233.c, gf2m_409.c, gf2m_571.c).  On the avx level (the same CPU, 6 December, two
 * alternations, ECDH min TSC ticks): sect163k1 18.38k -> 20.05k, sect239k1 27.14k -> 27.61k,
 * sect233k1 +0.2%, sect283k1 -0.4%, sect409k1 -0.6% / -0.8%, sect571k1 -0.5%: not set there. */
static inline __attribute__((always_inline)) void FN(tau_steps)(const ecedu_curve *c,
                                                                const ecedu_tau_consts *tc,
                                                                const uint64_t (*tab)[2][GF_NW],
                                                                const int entries, const int8_t *dig,
                                                                uint64_t *X, uint64_t *L, uint64_t *Z,
                                                                uint64_t *inf) {
    uint64_t t[2][GF_NW];
    for (int i = tc->length - 1; i >= 0; i--) {
#if GF_TAU_LOOKUP_FIRST /* instance.tmpl.h */
        FN(tau_lookup)(tab, entries, dig[i], t);
#endif
#if GF_LAZY_LOOP /* FN(lam_madd_lazy), lambda.tmpl.h; field.tmpl.h */
        if (i >= tc->complete)
            FN(sqr_n3_lazy)(X, L, Z, tc->w - 1);
        else
            FN(sqr_n3)(X, L, Z, tc->w - 1); /* normalised for the complete additions */
#else
        FN(sqr_n3)(X, L, Z, tc->w - 1); /* Q = tau^(w-1)(Q) */
#endif
#if !GF_TAU_LOOKUP_FIRST
        FN(tau_lookup)(tab, entries, dig[i], t);
#endif
        if (i < tc->complete) { /* public: the position */
            FN(lam_madd_complete)(c, X, L, Z, inf, t[0], t[1]);
        } else {
#if GF_LAZY_LOOP /* FN(lam_madd_lazy), lambda.tmpl.h; field.tmpl.h */
            FN(lam_madd_lazy)(X, L, Z, t[0], t[1]);
#else
            uint64_t A[GF_NW], B[GF_NW];
            FN(lam_madd)(X, L, Z, t[0], t[1], A, B);
#endif
        }
    }
    ecedu_wipe(t, sizeof t);
}

/* The partial reduction (scalar/ztau.h) with this field's word count, so that its loops unroll;
 * inlined into FN(tnaf) on the AVX2 and AVX-512 levels, out of line on the others, as measured
 * on an AMD EPYC Zen 3 (ECDH min TSC ticks, paired builds; each figure: inlined against out of
 * line): AVX2 sect233k1 +2.1% slower out of line, sect283k1 +2.9%, sect571k1 +2.1% (eight
 * pairs); portable sect233k1 13% slower inlined (FN(tnaf)'s loop compiled differently with it);
 * SSE4.1 mixed, sect163k1 -7.5% and sect283k1 +6.7% inlined (four pairs), so out of line as
 * measured first.  The AVX-512 level takes the AVX2 choice, unmeasured. */
#if GF_PCLMUL >= 2
static inline __attribute__((always_inline))
#else
static __attribute__((noinline))
#endif
void FN(tau_partmod)(const ecedu_tau_consts *tc, const uint64_t *k, uint64_t *r0, uint64_t *r1) {
    ecedu_tau_partmod(tc, GF_NW, k, r0, r1, GF_NW / 2 + 2);
}

/*
 * (ox, oy) = k (x, y) on a Koblitz curve, only ox if oy is NULL.  Contract as FN(ladder): (x, y)
 * has passed FN(validate) (order n), k has ECEDU_MAXW + 1 words with value
 * in [1, n-1]; c->tau != NULL.  Returns ECEDU_OK, or ECEDU_ERR_INTERNAL if
 * the recoding did not end in +-1 (cannot happen; computed as a mask).
 */
static int FN(tnaf)(const ecedu_curve *c, const uint64_t *k, const uint64_t *x,
                    const uint64_t *y, uint64_t *ox, uint64_t *oy) {
    const ecedu_tau_consts *tc = c->tau;
    const int entries = 1 << (tc->w - 2);
    enum { RW = GF_NW / 2 + 2 }; /* words of r0, r1: m/2 + 8 bits suffice */
    uint64_t r0[RW], r1[RW], top_neg;
    int8_t dig[ECEDU_TAU_MAXLEN];
    uint64_t tab[16][2][GF_NW];

    FN(tau_partmod)(tc, k, r0, r1); /* RW = GF_NW / 2 + 2 words each */
    uint64_t ok = ecedu_tau_recode(tc, r0, r1, RW, dig, &top_neg);
    FN(tau_table)(c, tc, x, y, (uint64_t (*)[2][GF_NW])tab);

    /* Q = top digit * P = +-P, in lambda coordinates (tab[0] is P) */
    uint64_t X[GF_NW], L[GF_NW], Z[GF_NW] = {1}, inf = 0;
    FN(copy)(X, tab[0][0]);
    FN(copy)(L, tab[0][1]);
    L[0] ^= top_neg & 1;
    /* entries is public (the curve's w): w = 5, every curve but sect571k1, gets a copy of the
     * loop with the count known, so that the look-up's loops unroll */
    if (entries == 8)
        FN(tau_steps)(c, tc, (const uint64_t (*)[2][GF_NW])tab, 8, dig, X, L, Z, &inf);
    else
        FN(tau_steps)(c, tc, (const uint64_t (*)[2][GF_NW])tab, entries, dig, X, L, Z, &inf);
    FN(lam_to_affine)(ox, oy, X, L, Z);
    ecedu_wipe(dig, sizeof dig); /* the secret digits and their source */
    ecedu_wipe(r0, sizeof r0);
    ecedu_wipe(r1, sizeof r1);
    return (int)(~ok & (uint64_t)(int64_t)ECEDU_ERR_INTERNAL);
}
