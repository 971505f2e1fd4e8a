/*
 * mont.tmpl.h -- TEMPLATE: multi-precision Montgomery arithmetic modulo an odd
 * p of up to ECEDU_GFP_MAX_MODULUS_BITS bits, written once over the limb type and
 * compiled four times (field/gfp/mont32.c: 32-bit limbs, 64-bit products;
 * field/gfp/mont64.c: 64-bit limbs, unsigned __int128 products; mont64_adx.c: the
 * same with GFP_ADX; mont64_ifma.c: with GFP_ADX and GFP_IFMA).
 *
 * Macro contract (set by the including unit before the #include and
 * undefined by it after; this template defines no macro of its own):
 *   GFP_LIMB_BITS    w, the limb width: 32 or 64
 *   gfp_limb         the limb type, an unsigned integer of w bits
 *   gfp_dlimb        an unsigned integer of 2w bits (the product type)
 *   GFP_TABLE_NAME   the name of the exported const ecedu_gfp_impl
 *   GFP_ADX          1: the multiplication and squaring of mont_adx.h
 *                    (MULX/ADCX/ADOX, SOS, 64-bit limbs only, for a unit
 *                    built for BMI2 and ADX); 0: the portable CIOS below
 *   GFP_IFMA         1: the exponentiations (mont_pow, and mont_pow2 for
 *                    the two CRT halves) of mont_ifma.h (AVX-512 IFMA,
 *                    52-bit digits; with GFP_ADX = 1, for a unit built for
 *                    AVX512F, AVX512VL, AVX512-IFMA, BMI2 and ADX); 0: the
 *                    fixed-window mont_pow below
 * Every function here is static: each unit is its own translation unit, so the
 * four instances only meet through their tables.
 *
 * Representation: an element is n little-endian limbs, n = ceil(8 plen / w)
 * for a modulus of plen big-endian bytes whose first byte is non-zero, so that
 * the top limb of p is non-zero.  R = 2^(w n).  "M(x)" is the Montgomery form
 * x R mod p.  The limb count n is public; the values of the limbs (of p too,
 * for the CRT primes) may be secret: no branch and no address below depends
 * on them.
 *
 * Multiplication: CIOS (Coarsely Integrated Operand Scanning) of Koc, Acar
 * and Kaliski, "Analyzing and comparing Montgomery multiplication
 * algorithms", IEEE Micro 1996: for each limb b[i], add a b[i] to the
 * accumulator t, then add m p with m = t[0] (-1/p) mod 2^w, which clears
 * t[0], and shift t down by one limb.  2 n^2 + n limb products in all.
 * The two inner loops of each outer step run as one loop with two carries
 * (m is known after the first product), so that their carry chains, the
 * critical path of the portable code, overlap (measured on an AMD EPYC:
 * 1.1x at 2048 bits).
 *
 * The bounds that make it correct (W = 2^w):
 *   - every step (carry, low) = x + y z + c with x, y, z, c <= W - 1 fits in
 *     two limbs: (W-1) + (W-1)^2 + (W-1) = W^2 - 1;
 *   - with a < R and b < p, after the n outer steps
 *       t = (a b + M p) / R   for some M < R,
 *     so t < a b / R + p < b + p < 2p < 2R: t has n limbs and one more bit,
 *     t[n] in {0, 1}, and one subtraction of p (kept or dropped by a mask,
 *     not by a branch) brings it below p.  Only one operand needs to be < p;
 *     the other may be any n-limb value, which mont_reduce and the CRT use;
 *   - inside the loop t stays < 2R as well (the same bound with a partial
 *     sum of b), so two extra limbs t[n], t[n+1] suffice.
 */

enum { GFP_MAXL = ECEDU_GFP_MAX_MODULUS_BITS / GFP_LIMB_BITS };

typedef struct {
    int n;                  /* limbs of p (public)                   */
    gfp_limb p[GFP_MAXL];   /* the modulus, odd, top limb non-zero   */
    gfp_limb pinv;          /* -p^-1 mod 2^w                         */
    gfp_limb r2[GFP_MAXL];  /* R^2 mod p = M(R)                      */
    gfp_limb one[GFP_MAXL]; /* R mod p = M(1)                        */
} gfp_ctx;

/* ------------------------------------------------------------ bytes <-> limbs */

/* n = ceil(8 len / w) limbs of the big-endian bytes in[0..len). */
static int limbs_for(size_t len) {
    return (int)((len * 8 + GFP_LIMB_BITS - 1) / GFP_LIMB_BITS);
}

static void from_bytes(gfp_limb *r, int n, const uint8_t *in, size_t len) {
    memset(r, 0, (size_t)n * sizeof *r);
    for (size_t k = 0; k < len && k / (GFP_LIMB_BITS / 8) < (size_t)n; k++)
        r[k / (GFP_LIMB_BITS / 8)] |= (gfp_limb)in[len - 1 - k] << (8 * (k % (GFP_LIMB_BITS / 8)));
}

/* exactly len bytes; limbs beyond them are dropped, bytes beyond the limbs are 0 */
static void to_bytes(uint8_t *out, size_t len, const gfp_limb *a, int n) {
    for (size_t k = 0; k < len; k++) {
        size_t i = k / (GFP_LIMB_BITS / 8);
        out[len - 1 - k] = i < (size_t)n ? (uint8_t)(a[i] >> (8 * (k % (GFP_LIMB_BITS / 8)))) : 0;
    }
}

/* ------------------------------------------------------------ modular add, sub */

/* r = t + hi R - p if that is >= 0, else t (hi in {0, 1}, t + hi R < 2p):
 * the subtraction is always done and its result kept or dropped by a mask. */
static void cond_sub(gfp_limb *r, const gfp_limb *t, gfp_limb hi, const gfp_limb *p, int n) {
    gfp_limb d[GFP_MAXL], borrow = 0;
    for (int j = 0; j < n; j++) {
        gfp_dlimb x = (gfp_dlimb)t[j] - p[j] - borrow;
        d[j] = (gfp_limb)x;
        borrow = (gfp_limb)(x >> GFP_LIMB_BITS) & 1; /* the high half is 0 or all ones */
    }
    /* negative exactly when there was a borrow out and no extra bit */
    gfp_limb keep_t = (gfp_limb)0 - (borrow & (hi ^ 1));
    for (int j = 0; j < n; j++) r[j] = (t[j] & keep_t) | (d[j] & ~keep_t);
}

/* r = a + b mod p for a, b < p (a + b < 2p: one conditional subtraction). */
static void mod_add(gfp_limb *r, const gfp_limb *a, const gfp_limb *b, const gfp_ctx *c) {
    gfp_limb s[GFP_MAXL], carry = 0;
    for (int j = 0; j < c->n; j++) {
        gfp_dlimb x = (gfp_dlimb)a[j] + b[j] + carry;
        s[j] = (gfp_limb)x;
        carry = (gfp_limb)(x >> GFP_LIMB_BITS);
    }
    cond_sub(r, s, carry, c->p, c->n);
}

/* r = a - b mod p for a, b < p: subtract, then add p back under the borrow's mask. */
static void mod_sub(gfp_limb *r, const gfp_limb *a, const gfp_limb *b, const gfp_ctx *c) {
    gfp_limb borrow = 0;
    for (int j = 0; j < c->n; j++) {
        gfp_dlimb x = (gfp_dlimb)a[j] - b[j] - borrow;
        r[j] = (gfp_limb)x;
        borrow = (gfp_limb)(x >> GFP_LIMB_BITS) & 1;
    }
    gfp_limb mask = (gfp_limb)0 - borrow, carry = 0;
    for (int j = 0; j < c->n; j++) {
        gfp_dlimb x = (gfp_dlimb)r[j] + (c->p[j] & mask) + carry;
        r[j] = (gfp_limb)x;
        carry = (gfp_limb)(x >> GFP_LIMB_BITS);
    }
}

/* ------------------------------------------------------------ CIOS */


/* (hi, lo) = a b + t + c, which fits in two limbs (the first bound above).
 * The same operation at both widths, said to the compiler in the way each
 * compiles best (measured with GCC on x86-64): at 32-bit limbs as one sum of
 * 64-bit integers; at 64-bit limbs the sum written on unsigned __int128 goes
 * through the stack, so the two additions are done on single limbs, each
 * carry found by the comparison lo < addend (which becomes add/adc). */
static inline __attribute__((always_inline)) gfp_limb mac(gfp_limb a, gfp_limb b, gfp_limb t, gfp_limb c,
                                                          gfp_limb *hi) {
#if GFP_LIMB_BITS == 64
    gfp_dlimb x = (gfp_dlimb)a * b;
    gfp_limb lo = (gfp_limb)x, h = (gfp_limb)(x >> GFP_LIMB_BITS);
    lo += t;
    h += lo < t;
    lo += c;
    h += lo < c;
    *hi = h;
    return lo;
#else
    gfp_dlimb x = (gfp_dlimb)a * b + t + c;
    *hi = (gfp_limb)(x >> GFP_LIMB_BITS);
    return (gfp_limb)x;
#endif
}

/* r = a b / R mod p, for a < R and b < p (see the bounds above); r may alias a or b.
 * Inlined into mont_mul once per common limb count, as a compile-time constant n. */
static inline __attribute__((always_inline)) void mont_mul_n(gfp_limb *r, const gfp_limb *a,
                                                             const gfp_limb *b, const gfp_ctx *c,
                                                             const int n) {
    const gfp_limb *p = c->p;
    gfp_limb t[GFP_MAXL + 1];
    memset(t, 0, (size_t)(n + 1) * sizeof *t);
    for (int i = 0; i < n; i++) {
        /* One outer step of CIOS, t = (t + a b[i] + m p) / W, with its two inner
         * loops (t += a b[i], then t += m p and the shift) run in one loop: m
         * only needs the low limb of t + a b[i], known after the first
         * product.  The two sums keep their own carries, c1 and c2, so the two
         * carry chains overlap instead of following each other. */
        gfp_limb bi = b[i], c1, c2;
        gfp_limb u = mac(a[0], bi, t[0], 0, &c1);
        gfp_limb m = u * c->pinv;
        (void)mac(m, p[0], u, 0, &c2); /* low limb is 0 by the choice of m */
        for (int j = 1; j < n; j++) {
            u = mac(a[j], bi, t[j], c1, &c1); /* <= (W-1)^2 + 2(W-1) = W^2 - 1 */
            t[j - 1] = mac(m, p[j], u, c2, &c2);
        }
        /* t[n] <= 1 and c1, c2 <= W - 1: the sum fits in two limbs, and its high
         * limb, the new t[n], is 0 or 1 because t < 2R */
        gfp_dlimb x = (gfp_dlimb)t[n] + c1 + c2;
        t[n - 1] = (gfp_limb)x;
        t[n] = (gfp_limb)(x >> GFP_LIMB_BITS);
    }
    cond_sub(r, t, t[n], p, n);
    ecedu_wipe(t, sizeof t);
}

#if GFP_ADX
#include "field/gfp/mont_adx.h"
#else
/* The limb count is public, so choosing the copy of the loop by it is too.
 * A constant n lets the compiler unroll and keep t in registers (measured on
 * an AMD EPYC, 256 bits: 45 -> 27 ns at 64-bit limbs, 88 -> 56 ns at 32-bit;
 * RSA-1024 and -2048 CRT 1.1-1.3x; at 2048 bits, n = 32, 2%; n = 64 makes
 * the 2048-bit 32-bit-limb figure steady, 2.8-3.8 us from build to build
 * without it). */
static void mont_mul(gfp_limb *r, const gfp_limb *a, const gfp_limb *b, const gfp_ctx *c) {
    switch (c->n) {
    case 4: mont_mul_n(r, a, b, c, 4); break;
    case 8: mont_mul_n(r, a, b, c, 8); break;
    case 16: mont_mul_n(r, a, b, c, 16); break;
    case 32: mont_mul_n(r, a, b, c, 32); break;
    case 64: mont_mul_n(r, a, b, c, 64); break;
    default: mont_mul_n(r, a, b, c, c->n); break;
    }
}

/* r = a^2 / R mod p: the portable code squares by its multiplication */
static void mont_sqr(gfp_limb *r, const gfp_limb *a, const gfp_ctx *c) {
    mont_mul(r, a, a, c);
}
#endif /* GFP_ADX */

/* ------------------------------------------------------------ set-up */

/* The context of p (n limbs, odd, top limb non-zero), in time independent of
 * p's value.  -1/p mod 2^w by Newton's iteration x <- x (2 - p x), which
 * doubles the number of correct low bits (x = p is right mod 8 for odd p:
 * p^2 = 1 mod 8): 3 -> 6 -> 12 -> 24 -> 48 -> 96 bits in five steps.
 * R^2 mod p without a division: 2^(w(n-1)) < p (the top limb is non-zero);
 * w doublings mod p give M(1) = R mod p, n more give M(2^n), and log2(w)
 * Montgomery squarings, M(x)^2 / R = M(x^2), give M(2^(n w)) = M(R). */
static void ctx_init(gfp_ctx *c, const gfp_limb *p, int n) {
    c->n = n;
    memcpy(c->p, p, (size_t)n * sizeof *p);
    gfp_limb x = p[0];
    for (int i = 0; i < 5; i++) x *= (gfp_limb)2 - p[0] * x;
    c->pinv = (gfp_limb)0 - x;
    gfp_limb v[GFP_MAXL];
    memset(v, 0, (size_t)n * sizeof *v);
    v[n - 1] = 1;
    for (int i = 0; i < GFP_LIMB_BITS; i++) mod_add(v, v, v, c);
    memcpy(c->one, v, (size_t)n * sizeof *v);
    for (int i = 0; i < n; i++) mod_add(v, v, v, c);
    for (int s = 1; s < GFP_LIMB_BITS; s <<= 1) mont_sqr(v, v, c);
    memcpy(c->r2, v, (size_t)n * sizeof *v);
    ecedu_wipe(v, sizeof v);
}

static void ctx_wipe(gfp_ctx *c) {
    ecedu_wipe(c, sizeof *c);
}

/* rM = M(x mod p) for x of xn limbs (any length): Horner on n-limb chunks
 * from the top, acc <- acc R + chunk, all in Montgomery form:
 * M(acc R) = mont_mul(M(acc), R^2) and M(chunk) = mont_mul(chunk, R^2) (the
 * chunk may exceed p: it is the operand allowed up to R). */
static void mont_reduce(gfp_limb *rM, const gfp_limb *x, int xn, const gfp_ctx *c) {
    const int n = c->n;
    gfp_limb chunk[GFP_MAXL];
    memset(rM, 0, (size_t)n * sizeof *rM);
    for (int top = ((xn + n - 1) / n) * n; top > 0; top -= n) {
        for (int j = 0; j < n; j++) chunk[j] = top - n + j < xn ? x[top - n + j] : 0;
        mont_mul(rM, rM, c->r2, c);
        mont_mul(chunk, chunk, c->r2, c);
        mod_add(rM, rM, chunk, c);
    }
    ecedu_wipe(chunk, sizeof chunk);
}

/* ------------------------------------------------------------ exponentiation */

/* bits pos .. pos+width-1 (width <= 8) of the big-endian elen-byte e; the
 * bytes read depend on pos only. */
static unsigned window_bits(const uint8_t *e, size_t elen, size_t pos, int width) {
    size_t byte = pos / 8;
    unsigned lo = byte < elen ? e[elen - 1 - byte] : 0;
    unsigned hi = byte + 1 < elen ? e[elen - 2 - byte] : 0;
    return ((lo | hi << 8) >> (pos % 8)) & ((1u << width) - 1);
}

/* The window width: a function of the public modulus size only. */
static int window_width(int n) {
    return n * GFP_LIMB_BITS > 768 ? 5 : 4;
}

/* out = table[idx] for a SECRET idx < entries, reading every entry and keeping
 * one by a mask (the ecedu_ct_lookup idea, over limbs of either width). */
static void table_lookup(gfp_limb *out, gfp_limb (*table)[GFP_MAXL], int entries, int n, unsigned idx) {
    memset(out, 0, (size_t)n * sizeof *out);
    for (int j = 0; j < entries; j++) {
        gfp_limb mask = (gfp_limb)ecedu_ct_is_zero_u64((uint64_t)((unsigned)j ^ idx));
        for (int i = 0; i < n; i++) out[i] |= mask & table[j][i];
    }
}

/* rM = M(x^e) for xM = M(x), e of elen big-endian bytes (SECRET value, public
 * length): fixed windows of k bits from the top, each k squarings and one
 * multiplication by a table entry chosen by a masked scan -- the same
 * sequence of operations for every exponent of this length.  (mont_pow, below,
 * or at GFP_IFMA = 1 mont_ifma.h's for moduli above 256 bits.) */
static void limb_pow(gfp_limb *rM, const gfp_limb *xM, const uint8_t *e, size_t elen, const gfp_ctx *c) {
    const int n = c->n, k = window_width(n), entries = 1 << k;
    gfp_limb table[32][GFP_MAXL], acc[GFP_MAXL], f[GFP_MAXL];
    memcpy(table[0], c->one, (size_t)n * sizeof *acc);
    memcpy(table[1], xM, (size_t)n * sizeof *acc);
    for (int j = 2; j < entries; j++) mont_mul(table[j], table[j - 1], xM, c);
    size_t windows = (elen * 8 + (size_t)k - 1) / (size_t)k;
    if (windows == 0) {
        memcpy(rM, c->one, (size_t)n * sizeof *rM);
        ecedu_wipe(table, sizeof table);
        return;
    }
    table_lookup(acc, table, entries, n, window_bits(e, elen, (windows - 1) * (size_t)k, k));
    for (size_t win = windows - 1; win-- > 0;) {
        for (int s = 0; s < k; s++) mont_sqr(acc, acc, c);
        table_lookup(f, table, entries, n, window_bits(e, elen, win * (size_t)k, k));
        mont_mul(acc, acc, f, c);
    }
    memcpy(rM, acc, (size_t)n * sizeof *rM);
    ecedu_wipe(table, sizeof table);
    ecedu_wipe(acc, sizeof acc);
    ecedu_wipe(f, sizeof f);
}

#if GFP_IFMA
#include "field/gfp/mont_ifma.h"
#else
static void mont_pow(gfp_limb *rM, const gfp_limb *xM, const uint8_t *e, size_t elen, const gfp_ctx *c) {
    limb_pow(rM, xM, e, elen, c);
}
#endif /* GFP_IFMA */

/* ------------------------------------------------------------ byte interface */
/* The checks (lengths, p odd and > 1 with a non-zero first byte, a, b < p)
 * are prime.c's; these functions assume them. */

static void gfp_mul(const uint8_t *pb, size_t plen, const uint8_t *ab, const uint8_t *bb, uint8_t *out) {
    gfp_ctx c;
    gfp_limb a[GFP_MAXL], b[GFP_MAXL];
    int n = limbs_for(plen);
    from_bytes(a, n, pb, plen);
    ctx_init(&c, a, n);
    from_bytes(a, n, ab, plen);
    from_bytes(b, n, bb, plen);
    mont_mul(a, a, b, &c);       /* a b / R */
    mont_mul(a, a, c.r2, &c);    /* a b     */
    to_bytes(out, plen, a, n);
    ecedu_wipe(a, sizeof a);
    ecedu_wipe(b, sizeof b);
    ctx_wipe(&c);
}

/* out (plen bytes) = x^e mod p for x of xlen bytes (any value), e of elen bytes. */
static void gfp_pow(const uint8_t *xb, size_t xlen, const uint8_t *eb, size_t elen, const uint8_t *pb,
                    size_t plen, uint8_t *out) {
    gfp_ctx c;
    gfp_limb x[2 * GFP_MAXL], r[GFP_MAXL];
    int n = limbs_for(plen), xn = limbs_for(xlen);
    from_bytes(r, n, pb, plen);
    ctx_init(&c, r, n);
    from_bytes(x, xn, xb, xlen);
    mont_reduce(r, x, xn, &c);
    mont_pow(r, r, eb, elen, &c);
    memset(x, 0, (size_t)n * sizeof *x);
    x[0] = 1;
    mont_mul(r, r, x, &c); /* out of Montgomery form */
    to_bytes(out, plen, r, n);
    ecedu_wipe(x, sizeof x);
    ecedu_wipe(r, sizeof r);
    ctx_wipe(&c);
}

/* All-ones unless the n-limb p is odd, not 1 and has a non-zero top limb. */
static gfp_limb bad_modulus_mask(const gfp_limb *p, int n) {
    gfp_limb rest = p[0] ^ 1;
    for (int i = 1; i < n; i++) rest |= p[i];
    uint64_t bad = ecedu_ct_is_zero_u64((uint64_t)(p[0] & 1)) | ecedu_ct_is_zero_u64((uint64_t)rest) |
                   ecedu_ct_is_zero_u64((uint64_t)p[n - 1]);
    return (gfp_limb)bad;
}

/*
 * The RSA private-key operation by the CRT (PKCS #1 v2.2, RSADP with the
 * (p, q, dP, dQ, qInv) key): m1 = c^dp mod p, m2 = c^dq mod q,
 * h = qinv (m1 - m2) mod p, m = m2 + h q.  p, q, dp, dq, qinv are SECRET:
 * besides the exponentiations, the reductions of c and m2, the Montgomery set-up
 * of p and q, the recombination and the check that p and q are valid moduli
 * run in time independent of their values.  An invalid p or q gives
 * ECEDU_ERR_RANGE and a zero output, computed without a branch.
 * outlen >= plen + qlen; qinv < 2^(8 plen) (any such value is safe; the caller
 * gives qinv < p for the RSA result).
 */
static int gfp_crt(const uint8_t *cb, size_t clen, const uint8_t *pb, size_t plen, const uint8_t *qb,
                   size_t qlen, const uint8_t *dp, size_t dplen, const uint8_t *dq, size_t dqlen,
                   const uint8_t *qinvb, size_t qinvlen, uint8_t *out, size_t outlen) {
    gfp_ctx cp, cq;
    gfp_limb x[2 * GFP_MAXL], m1[GFP_MAXL], m2[GFP_MAXL], t[GFP_MAXL], m[2 * GFP_MAXL];
    int np = limbs_for(plen), nq = limbs_for(qlen), nc = limbs_for(clen);
    from_bytes(t, np, pb, plen);
    gfp_limb bad = bad_modulus_mask(t, np);
    ctx_init(&cp, t, np);
    from_bytes(t, nq, qb, qlen);
    bad |= bad_modulus_mask(t, nq);
    /* and the non-zero first bytes of the header's contract (a minimal encoding; the top limb alone
     * depended on plen mod 8) */
    bad |= (gfp_limb)(ecedu_ct_is_zero_u64(pb[0]) | ecedu_ct_is_zero_u64(qb[0]));
    ctx_init(&cq, t, nq);
    /* m1 = M_p(c^dp), m2 = c^dq mod q (ordinary form) */
    from_bytes(x, nc, cb, clen);
    mont_reduce(m1, x, nc, &cp);
    mont_reduce(m2, x, nc, &cq);
#if GFP_IFMA
    mont_pow2(m1, dp, dplen, &cp, m2, dq, dqlen, &cq); /* side by side */
#else
    mont_pow(m1, m1, dp, dplen, &cp);
    mont_pow(m2, m2, dq, dqlen, &cq);
#endif
    memset(t, 0, (size_t)nq * sizeof *t);
    t[0] = 1;
    mont_mul(m2, m2, t, &cq);
    /* h = (m1 - m2) qinv mod p: M_p(m1 - m2) qinv / R = (m1 - m2) qinv */
    mont_reduce(t, m2, nq, &cp);
    mod_sub(m1, m1, t, &cp);
    from_bytes(t, np, qinvb, qinvlen);
    mont_mul(m1, t, m1, &cp); /* t = qinv < R, m1 < p: the bound of mont_mul */
    /* m = m2 + h q (< p q: np + nq limbs), schoolbook */
    memset(m, 0, (size_t)(np + nq) * sizeof *m);
    memcpy(m, m2, (size_t)nq * sizeof *m);
    for (int i = 0; i < np; i++) {
        gfp_limb carry = 0;
        for (int j = 0; j < nq; j++) {
            gfp_dlimb y = (gfp_dlimb)m1[i] * cq.p[j] + m[i + j] + carry;
            m[i + j] = (gfp_limb)y;
            carry = (gfp_limb)(y >> GFP_LIMB_BITS);
        }
        for (int j = i + nq; j < np + nq; j++) { /* the carry runs to the top, whatever its value */
            gfp_dlimb y = (gfp_dlimb)m[j] + carry;
            m[j] = (gfp_limb)y;
            carry = (gfp_limb)(y >> GFP_LIMB_BITS);
        }
    }
    for (int j = 0; j < np + nq; j++) m[j] &= ~bad;
    to_bytes(out, outlen, m, np + nq);
    ecedu_wipe(x, sizeof x);
    ecedu_wipe(m1, sizeof m1);
    ecedu_wipe(m2, sizeof m2);
    ecedu_wipe(t, sizeof t);
    ecedu_wipe(m, sizeof m);
    ctx_wipe(&cp);
    ctx_wipe(&cq);
    /* ECEDU_OK (0) or ECEDU_ERR_RANGE, selected by the mask */
    return (int)((uint32_t)ECEDU_ERR_RANGE & (uint32_t)bad);
}

/* For bench.c: r = a, then r = r a / R `iterations` times (a dependent chain of
 * Montgomery multiplications, the loop of an exponentiation); out = r. */
static void gfp_mul_chain(const uint8_t *pb, size_t plen, const uint8_t *ab, long iterations, uint8_t *out) {
    gfp_ctx c;
    gfp_limb a[GFP_MAXL], r[GFP_MAXL];
    int n = limbs_for(plen);
    from_bytes(a, n, pb, plen);
    ctx_init(&c, a, n);
    from_bytes(a, n, ab, plen);
    memcpy(r, a, (size_t)n * sizeof *r);
    for (long i = 0; i < iterations; i++) mont_mul(r, r, a, &c);
    to_bytes(out, plen, r, n);
}

/* For bench.c: r = a, then r = r^2 / R `iterations` times (the squarings of an
 * exponentiation, by mont_sqr); out = r. */
static void gfp_sqr_chain(const uint8_t *pb, size_t plen, const uint8_t *ab, long iterations, uint8_t *out) {
    gfp_ctx c;
    gfp_limb r[GFP_MAXL];
    int n = limbs_for(plen);
    from_bytes(r, n, pb, plen);
    ctx_init(&c, r, n);
    from_bytes(r, n, ab, plen);
    for (long i = 0; i < iterations; i++) mont_sqr(r, r, &c);
    to_bytes(out, plen, r, n);
}

const ecedu_gfp_impl GFP_TABLE_NAME = {
    GFP_LIMB_BITS, gfp_mul, gfp_pow, gfp_crt, gfp_mul_chain, gfp_sqr_chain,
};
