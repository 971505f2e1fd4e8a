/*
 * glv.tmpl.h -- TEMPLATE: the GLV endomorphism (Gallant, Lambert, Vanstone, "Faster point
 * multiplication on elliptic curves with efficient endomorphisms", CRYPTO 2001; GECC §3.5) on
 * an a = 0 curve y^2 = x^3 + b over F_p with p = 1 (mod 3): phi(x, y) = (beta x, y) for a
 * cube root of unity beta mod p is the multiplication by a cube root of unity lambda mod n on
 * the group of order n.  A scalar k is split as k = k1 + k2 lambda (mod n) with k1, k2 of
 * half length, and k P = k1 P + k2 phi(P) costs half the doublings.
 *
 * Included by curve/prime/sw.tmpl.h (its "#if PC_GLV" block, after every function of its
 * own, whose PC(pt), PC(add), PC(dbl), PC(select_pt), PC(cneg), PC(recode), PC(wnaf_vartime),
 * PC(to_affine_bytes) and FE_* macros this file uses); defines PC(mul_glv),
 * PC(mul_joint_glv_vartime) (with its per-process affine table of G and phi(G),
 * PC(glv_gtab)) and the test hook PC(glv_op); the template's function table then lists the
 * first two in place of PC(mul) and PC(mul_joint_vartime).
 *
 * Macro contract (set by the instance: PC_GLV by hand, the rest bound by curve/prime/sw_params.h
 * to curve/prime/glv_params.h, generated with their
 * derivation and the bounds below by tools/gen_curves.py glv_params; undefined by
 * instances/gfp_undef.h; this file defines no macro of its own):
 *   PC_GLV           1 (the switch sw.tmpl.h reads)
 *   PC_GLV_BETA      beta as FE_BYTES big-endian bytes (phi(G) = lambda G, paired by the generator)
 *   PC_GLV_G1, _G2   g1 = round(2^S b2 / n), g2 = round(2^S (-b1) / n), PC_GLV_GW words
 *   PC_GLV_GW        words of g1, g2
 *   PC_GLV_SW        S / 64: the fixed shift of the rounding
 *   PC_GLV_CW        words of c1, c2 (c_i <= max(b2, -b1))
 *   PC_GLV_MA1, _MA2, _MB1, _MB2   -a1, -a2, -b1, -b2 mod 2^(64 PC_NW), two's complement
 *   PC_GLV_KBITS     |k1|, |k2| < 2^PC_GLV_KBITS - 1 (so that |k_i| + 1 < 2^PC_GLV_KBITS)
 * with (a1, b1), (a2, b2) the reduced basis of {(x, y): x + y lambda = 0 mod n} of GECC
 * Alg. 3.74, det = a1 b2 - a2 b1 = n, b2 > 0, -b1 > 0 (the generator checks all this).
 *
 * Secret paths (valgrind: tests/ctime/ctime_prime_driver.c runs the instance's table, so
 * PC(mul_glv)): the split is fixed-size word arithmetic with no branch on k; signs are
 * masks; the loop has a fixed digit count and reads every table entry (PC(select_pt)).
 */

static const uint8_t PC(glv_beta_bytes)[FE_BYTES] = PC_GLV_BETA;
static const uint64_t PC(glv_g1)[PC_GLV_GW] = PC_GLV_G1;
static const uint64_t PC(glv_g2)[PC_GLV_GW] = PC_GLV_G2;
static const uint64_t PC(glv_ma1)[PC_NW] = PC_GLV_MA1;
static const uint64_t PC(glv_ma2)[PC_NW] = PC_GLV_MA2;
static const uint64_t PC(glv_mb1)[PC_NW] = PC_GLV_MB1;
static const uint64_t PC(glv_mb2)[PC_NW] = PC_GLV_MB2;

enum {
    PC(GLVW) = 5,                          /* window of the constant-time joint loop   */
    PC(GLVTN) = 1 << (PC(GLVW) - 1),       /* its table: odd multiples 1 .. 2^w - 1     */
    PC(GLVD) = PC_GLV_KBITS / PC(GLVW) + 1 /* digits of each half scalar (PC(recode))  */
};

/* ------------------------------------------------------------ the split, constant time */

/*
 * c = floor((k g + 2^(S-1)) / 2^S) = round(k g / 2^S), S = 64 PC_GLV_SW, PC_GLV_CW words:
 * the full product k g (PC_NW x PC_GLV_GW words, schoolbook; k < n < 2^(64 PC_NW), g <
 * 2^(64 PC_GLV_GW), so it fits PC_NW + PC_GLV_GW words), plus 2^(S-1), words SW .. SW+CW-1.
 * The words above are zero: c <= max(b2, -b1) < 2^(64 PC_GLV_CW) (the generator checks
 * SW + CW <= NW + GW).  Every step is the same for every k.
 */
static void PC(glv_round)(uint64_t *c, const uint64_t *k, const uint64_t *g) {
    enum { TW = PC_NW + PC_GLV_GW };
    uint64_t t[TW] = {0};
    for (int i = 0; i < PC_NW; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < PC_GLV_GW; j++) {
            unsigned __int128 z = (unsigned __int128)k[i] * g[j] + t[i + j] + carry;
            t[i + j] = (uint64_t)z;
            carry = (uint64_t)(z >> 64);
        }
        t[i + PC_GLV_GW] = carry; /* the word above is still 0 here */
    }
    uint64_t carry = 1ULL << 63; /* + 2^(S-1): bit 63 of word SW - 1 */
    for (int j = PC_GLV_SW - 1; j < TW; j++) {
        unsigned __int128 z = (unsigned __int128)t[j] + carry;
        t[j] = (uint64_t)z;
        carry = (uint64_t)(z >> 64);
    }
    for (int j = 0; j < PC_GLV_CW; j++) c[j] = t[PC_GLV_SW + j];
    ecedu_wipe(t, sizeof t);
}

/* r += c m (mod 2^(64 PC_NW)): c of PC_GLV_CW words, m of PC_NW words, low words only. */
static void PC(glv_mac)(uint64_t *r, const uint64_t *c, const uint64_t *m) {
    for (int i = 0; i < PC_GLV_CW; i++) {
        uint64_t carry = 0;
        for (int j = 0; i + j < PC_NW; j++) {
            unsigned __int128 z = (unsigned __int128)c[i] * m[j] + r[i + j] + carry;
            r[i + j] = (uint64_t)z;
            carry = (uint64_t)(z >> 64);
        }
    }
}

/*
 * GECC Alg. 3.74 with the rounding of step 2 done by the precomputed g1, g2 and the fixed
 * shift S (no division, no branch): c1 = round(b2 k / n), c2 = round(-b1 k / n) up to the
 * error bounded in tools/gen_curves.py (|c - b k / n| <= 1/2 + n / 2^(S+1)), then
 *     k1 = k - c1 a1 - c2 a2,   k2 = -c1 b1 - c2 b2,
 * so k1 + k2 lambda = k - c1 (a1 + b1 lambda) - c2 (a2 + b2 lambda) = k (mod n), and
 * (k1, k2) = (k, 0) - c1 v1 - c2 v2 is small: |k1| <= (|a1| + |a2|) (1/2 + n/2^(S+1)), |k2|
 * <= (|b1| + |b2|) (the same), below 2^PC_GLV_KBITS - 1 (secp256k1: 0.64 2^128 and 0.54
 * 2^128, so KBITS = 128).  The big terms (k, c1 a1 are ~2^255) cancel; computing mod
 * 2^(64 PC_NW) is exact because the true results are far inside (-2^(64 PC_NW - 1),
 * 2^(64 PC_NW - 1)): k1, k2 come out in two's complement.  Contract: 0 <= k < n.
 */
static void PC(glv_split)(uint64_t *k1, uint64_t *k2, const uint64_t *k) {
    uint64_t c1[PC_GLV_CW], c2[PC_GLV_CW];
    PC(glv_round)(c1, k, PC(glv_g1));
    PC(glv_round)(c2, k, PC(glv_g2));
    for (int i = 0; i < PC_NW; i++) {
        k1[i] = k[i];
        k2[i] = 0;
    }
    PC(glv_mac)(k1, c1, PC(glv_ma1));
    PC(glv_mac)(k1, c2, PC(glv_ma2));
    PC(glv_mac)(k2, c1, PC(glv_mb1));
    PC(glv_mac)(k2, c2, PC(glv_mb2));
    ecedu_wipe(c1, sizeof c1);
    ecedu_wipe(c2, sizeof c2);
}

/* m = |v| for a two's-complement v (PC_NW words); returns the mask "v < 0".  Constant time:
 * m = (v xor s) - s with s the sign mask, a borrow chain over every word. */
static uint64_t PC(glv_abs)(uint64_t *m, const uint64_t *v) {
    uint64_t s = 0 - (v[PC_NW - 1] >> 63), carry = s & 1;
    for (int i = 0; i < PC_NW; i++) {
        unsigned __int128 z = (unsigned __int128)(v[i] ^ s) + carry;
        m[i] = (uint64_t)z;
        carry = (uint64_t)(z >> 64);
    }
    return s;
}

/* r = a if mask, for whole points. */
static void PC(glv_cmov)(PC(pt) *r, const PC(pt) *a, uint64_t mask) {
    FE_CMOV(&r->X, &a->X, mask);
    FE_CMOV(&r->Y, &a->Y, mask);
    FE_CMOV(&r->Z, &a->Z, mask);
}

/* ------------------------------------------------------------ k P, constant time */

/*
 * (ox, oy) = k (x, y) = m1 B1 + m2 B2 with m_i = |k_i|, B1 = sign(k1) P, B2 = sign(k2) phi(P):
 * a joint regular signed window of width w = PC(GLVW) over both half scalars (Straus's
 * interleaving with one chain of PC(GLVD) - 1 times w doublings, half the chain of PC(mul)).
 *  - Tables T1[j] = (2j+1) B1 (1 doubling, 2^(w-1) - 1 complete additions) and T2[j] =
 *    (2j+1) B2 = sign(k1 k2) phi(T1[j]): phi on projective points is X := beta X (1 M each),
 *    the sign a masked negation of Y.
 *  - PC(recode) needs odd scalars: m_i is replaced by m_i | 1 (m_i + 1 if m_i is even, e_i =
 *    that mask), and e_i B_i is taken off at the end by one complete addition of -B_i kept
 *    under the mask e_i (always computed).  m_i + e_i < 2^PC_GLV_KBITS by the contract of
 *    PC_GLV_KBITS, so PC(GLVD) digits suffice (PC(recode)'s bound with L = PC_GLV_KBITS) and
 *    the top digit is in [1, 2^(w-1)].
 *  - Every addition is RCB's complete one (PC(add)): the accumulator may meet +-T[j] or
 *    infinity (k1 or k2 = 0, the final fix-up) without a special case.
 * The operation sequence does not depend on k.  Contract: 1 <= k < n, (x, y) validated.
 */
static void PC(mul_glv)(const uint64_t *k, const uint8_t *x, const uint8_t *y, uint8_t *ox, uint8_t *oy) {
    enum { W = PC(GLVW), TN = PC(GLVTN), D = PC(GLVD) };
    FE_T bc, beta;
    PC(pt) T1[TN], T2[TN], P2, Q, t;
    uint64_t k1[PC_NW], k2[PC_NW], m1[PC_NW], m2[PC_NW], neg;
    int8_t d1[D], d2[D];
    PC(bconst)(&bc);
    FE_FROM_BYTES(&beta, PC(glv_beta_bytes));

    PC(glv_split)(k1, k2, k);
    uint64_t s1 = PC(glv_abs)(m1, k1), s2 = PC(glv_abs)(m2, k2);
    uint64_t e1 = (m1[0] & 1) - 1, e2 = (m2[0] & 1) - 1; /* all-ones if even */
    m1[0] |= 1;
    m2[0] |= 1;
    PC(recode)(d1, D, W, m1);
    PC(recode)(d2, D, W, m2);

    FE_FROM_BYTES(&T1[0].X, x);
    FE_FROM_BYTES(&T1[0].Y, y);
    FE_SET_SMALL(&T1[0].Z, 1);
    PC(cneg)(&T1[0].Y, s1);
    PC(dbl)(&P2, &T1[0], &bc);
    for (int j = 1; j < TN; j++) PC(add)(&T1[j], &T1[j - 1], &P2, &bc);
    for (int j = 0; j < TN; j++) {
        FE_MUL(&T2[j].X, &T1[j].X, &beta);
        T2[j].Y = T1[j].Y;
        T2[j].Z = T1[j].Z;
        PC(cneg)(&T2[j].Y, s1 ^ s2);
    }

    PC(select_pt)(&Q, T1, TN, (uint64_t)(d1[D - 1] - 1) >> 1);
    PC(select_pt)(&t, T2, TN, (uint64_t)(d2[D - 1] - 1) >> 1);
    PC(add)(&Q, &Q, &t, &bc);
    for (int i = D - 2; i >= 0; i--) {
        for (int s = 0; s < W; s++) PC(dbl)(&Q, &Q, &bc);
        uint64_t idx = PC(digit_abs)(d1[i], &neg) >> 1;
        PC(select_pt)(&t, T1, TN, idx);
        PC(cneg)(&t.Y, neg);
        PC(add)(&Q, &Q, &t, &bc);
        idx = PC(digit_abs)(d2[i], &neg) >> 1;
        PC(select_pt)(&t, T2, TN, idx);
        PC(cneg)(&t.Y, neg);
        PC(add)(&Q, &Q, &t, &bc);
    }
    /* the odd fix-up: Q -= e1 B1 + e2 B2 */
    t = T1[0];
    FE_NEG(&t.Y, &t.Y);
    PC(add)(&t, &Q, &t, &bc);
    PC(glv_cmov)(&Q, &t, e1);
    t = T2[0];
    FE_NEG(&t.Y, &t.Y);
    PC(add)(&t, &Q, &t, &bc);
    PC(glv_cmov)(&Q, &t, e2);

    PC(to_affine_bytes)(&Q, ox, oy);
    ecedu_wipe(k1, sizeof k1);
    ecedu_wipe(k2, sizeof k2);
    ecedu_wipe(m1, sizeof m1);
    ecedu_wipe(m2, sizeof m2);
    ecedu_wipe(d1, sizeof d1);
    ecedu_wipe(d2, sizeof d2);
    ecedu_wipe(&Q, sizeof Q);
    ecedu_wipe(&t, sizeof t);
    ecedu_wipe(&P2, sizeof P2);
    ecedu_wipe(T1, sizeof T1);
    ecedu_wipe(T2, sizeof T2);
    ecedu_wipe(&s1, sizeof s1);
    ecedu_wipe(&s2, sizeof s2);
    ecedu_wipe(&e1, sizeof e1);
    ecedu_wipe(&e2, sizeof e2);
}

/* ------------------------------------------------------------ u1 G + u2 Q, variable time */

enum {
    PC(GLVWG) = 7,                     /* wNAF width of the halves on G and phi(G)    */
    PC(GLVGN) = 1 << (PC(GLVWG) - 2),  /* their tables: odd multiples 1 .. 2^(w-1) - 1 */
};

/*
 * The affine odd multiples (2j+1) G and (2j+1) phi(G) = (beta x, y), j < PC(GLVGN), built once
 * per process (pthread_once, as PC(fb_build)) and never freed; one inversion for all of them
 * (Montgomery's simultaneous inversion).  Public data.  NULL if out of memory.
 */
static PC(aff) *PC(glv_gtab);
static pthread_once_t PC(glv_gonce) = PTHREAD_ONCE_INIT;

static void PC(glv_gbuild)(void) {
    enum { GN = PC(GLVGN) };
    PC(aff) *tab = (PC(aff) *)malloc(sizeof(PC(aff)) * 2 * GN);
    PC(pt) *E = (PC(pt) *)malloc(sizeof(PC(pt)) * GN);
    FE_T *acc = (FE_T *)malloc(sizeof(FE_T) * GN);
    if (!tab || !E || !acc) {
        free(tab);
        free(E);
        free(acc);
        return;
    }
    FE_T bc, beta, inv, zi;
    PC(pt) D;
    PC(bconst)(&bc);
    FE_FROM_BYTES(&beta, PC(glv_beta_bytes));
    FE_FROM_BYTES(&E[0].X, PC(gx_bytes));
    FE_FROM_BYTES(&E[0].Y, PC(gy_bytes));
    FE_SET_SMALL(&E[0].Z, 1);
    PC(dbl)(&D, &E[0], &bc);
    for (int j = 1; j < GN; j++) PC(add)(&E[j], &E[j - 1], &D, &bc);
    acc[0] = E[0].Z; /* acc[j] = Z_0 ... Z_j; none is 0: (2j+1) G is not infinity */
    for (int j = 1; j < GN; j++) FE_MUL(&acc[j], &acc[j - 1], &E[j].Z);
    FE_INV(&inv, &acc[GN - 1]);
    for (int j = GN - 1; j >= 0; j--) {
        if (j) {
            FE_MUL(&zi, &inv, &acc[j - 1]);
            FE_MUL(&inv, &inv, &E[j].Z);
        } else {
            zi = inv;
        }
        FE_MUL(&tab[j].x, &E[j].X, &zi);
        FE_MUL(&tab[j].y, &E[j].Y, &zi);
        FE_MUL(&tab[GN + j].x, &tab[j].x, &beta);
        tab[GN + j].y = tab[j].y;
    }
    free(E);
    free(acc);
    PC(glv_gtab) = tab;
}

/*
 * ox = x(u1 G + u2 Q) for PUBLIC u1, u2 < n: both split (the same PC(glv_split)), so four
 * half-length scalars on G, phi(G), Q, phi(Q); Straus-Shamir interleaving (GECC Alg. 3.51)
 * of their NAFs (PC(wnaf_vartime)) with one chain of about PC_GLV_KBITS doublings instead of
 * bits(n).  G and phi(G): width 7 on the affine table above (mixed additions, RCB 5/8: the
 * table point is never infinity); Q and phi(Q): width 5 on odd multiples 1 .. 15 built per
 * call, phi(Q)'s by X := beta X.  The signs of the halves are folded into the digits' signs.
 * Complete additions: no special case.  Returns 0, 1 if the sum is the point at infinity,
 * ECEDU_ERR_INTERNAL if the table could not be allocated.  Variable time.
 */
static int PC(mul_joint_glv_vartime)(const uint64_t *u1, const uint64_t *u2, const uint8_t *qx,
                                     const uint8_t *qy, uint8_t *ox) {
    enum { WQ = 5, TN = 8, GN = PC(GLVGN), ML = 64 * PC_NW + 2 };
    pthread_once(&PC(glv_gonce), PC(glv_gbuild));
    const PC(aff) *gtab = PC(glv_gtab);
    if (!gtab) return ECEDU_ERR_INTERNAL;
    FE_T bc, beta;
    PC(pt) T[2][TN], D, R, t;
    PC(aff) a;
    uint64_t h[4][PC_NW], m[PC_NW];
    int16_t naf[4][ML];
    int len[4], neg[4], L = 0;
    PC(bconst)(&bc);
    FE_FROM_BYTES(&beta, PC(glv_beta_bytes));
    FE_FROM_BYTES(&T[0][0].X, qx);
    FE_FROM_BYTES(&T[0][0].Y, qy);
    FE_SET_SMALL(&T[0][0].Z, 1);
    PC(dbl)(&D, &T[0][0], &bc);
    for (int j = 1; j < TN; j++) PC(add)(&T[0][j], &T[0][j - 1], &D, &bc);
    for (int j = 0; j < TN; j++) {
        FE_MUL(&T[1][j].X, &T[0][j].X, &beta);
        T[1][j].Y = T[0][j].Y;
        T[1][j].Z = T[0][j].Z;
    }
    PC(glv_split)(h[0], h[1], u1); /* halves on G, phi(G) */
    PC(glv_split)(h[2], h[3], u2); /* halves on Q, phi(Q) */
    for (int b = 0; b < 4; b++) {
        neg[b] = PC(glv_abs)(m, h[b]) != 0;
        len[b] = PC(wnaf_vartime)(naf[b], m, b < 2 ? PC(GLVWG) : WQ);
        if (len[b] > L) L = len[b];
    }
    PC(set_inf)(&R);
    for (int i = L - 1; i >= 0; i--) {
        PC(dbl)(&R, &R, &bc);
        for (int b = 0; b < 4; b++) {
            int d = i < len[b] ? naf[b][i] : 0;
            if (!d) continue;
            int idx = (d < 0 ? -d : d) >> 1;
            if (b < 2) {
                a = gtab[b * GN + idx];
                if ((d < 0) != neg[b]) FE_NEG(&a.y, &a.y);
                PC(madd)(&R, &R, &a, &bc);
            } else {
                t = T[b - 2][idx];
                if ((d < 0) != neg[b]) FE_NEG(&t.Y, &t.Y);
                PC(add)(&R, &R, &t, &bc);
            }
        }
    }
    if (FE_IS_ZERO(&R.Z)) return 1;
    PC(to_affine_bytes)(&R, ox, NULL);
    return 0;
}

/* ------------------------------------------------------------ test hook */

/*
 * For the tests (ecedu_prime_glv_op, ecedu_native.h): op ECEDU_GLV_SPLIT writes k1 and k2 of
 * k (0 <= k < n) as two FE_BYTES-byte big-endian two's-complement integers; ECEDU_GLV_PHI
 * writes phi(x, y) = (beta x, y); ECEDU_GLV_MUL / ECEDU_GLV_MUL_PLAIN write k (x, y) by
 * PC(mul_glv) / the template's PC(mul) (1 <= k < n); ECEDU_GLV_JOINT / ECEDU_GLV_JOINT_PLAIN
 * write x(k G + k2 (x, y)) by PC(mul_joint_glv_vartime) / PC(mul_joint_vartime) and return 1
 * for infinity.  out: 2 FE_BYTES bytes.  The caller (protocol/ecdh_prime.c) checks the ranges
 * and validates the point.
 */
static int PC(glv_op)(int op, const uint64_t *k, const uint64_t *k2, const uint8_t *x, const uint8_t *y,
                      uint8_t *out) {
    const size_t F = FE_BYTES;
    memset(out, 0, 2 * F);
    if (op == ECEDU_GLV_SPLIT) {
        uint64_t s[2][PC_NW];
        uint8_t be[8 * PC_NW];
        PC(glv_split)(s[0], s[1], k);
        for (int h = 0; h < 2; h++) {
            ecedu_words_to_bytes(be, sizeof be, s[h], PC_NW);
            memcpy(out + h * F, be + sizeof be - F, F); /* |k_i| < 2^(8F - 1): the low F bytes */
        }
        return ECEDU_OK;
    }
    if (op == ECEDU_GLV_PHI) {
        FE_T beta, X;
        FE_FROM_BYTES(&beta, PC(glv_beta_bytes));
        FE_FROM_BYTES(&X, x);
        FE_MUL(&X, &X, &beta);
        FE_TO_BYTES(out, &X);
        memcpy(out + F, y, F);
        return ECEDU_OK;
    }
    if (op == ECEDU_GLV_MUL) {
        PC(mul_glv)(k, x, y, out, out + F);
        return ECEDU_OK;
    }
    if (op == ECEDU_GLV_MUL_PLAIN) {
        PC(mul)(k, x, y, out, out + F);
        return ECEDU_OK;
    }
    if (op == ECEDU_GLV_JOINT) return PC(mul_joint_glv_vartime)(k, k2, x, y, out);
    if (op == ECEDU_GLV_JOINT_PLAIN) return PC(mul_joint_vartime)(k, k2, x, y, out);
    return ECEDU_ERR_ARGUMENT;
}
