/*
 * bench.c -- C-side timing loops: each runs one operation `iterations` times
 * and returns the process CPU time it took (so that the ctypes call costs
 * nothing per operation).  Top of the library: it calls the public API and
 * nothing calls it.
 */
#include <string.h>
#include <time.h>
#include "internal.h"

/* CPU time of this process, like `openssl speed` (which divides by user CPU
 * time unless -elapsed is given): robust when other processes share the CPU. */
static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static volatile uint64_t g_sink;

/* Dependent chain r = r * a (latency-bound, as inside a ladder). */
double ecedu_bench_field_mul(int m, long iterations) {
    const ecedu_field_impl *f = ecedu_field_for(m);
    if (!f || iterations < 0) return -1.0;
    uint64_t r[ECEDU_MAXW] = {0x123456789abcdefULL, 0x42, 7}, a[ECEDU_MAXW] = {0xfedcba987654321ULL, 3, 5};
    double t0 = now();
    for (long i = 0; i < iterations; i++) f->mul(r, r, a);
    double t = now() - t0;
    g_sink = r[0];
    return t;
}

double ecedu_bench_field_sqr(int m, long iterations) {
    const ecedu_field_impl *f = ecedu_field_for(m);
    if (!f || iterations < 0) return -1.0;
    uint64_t r[ECEDU_MAXW] = {0x123456789abcdefULL, 0x42, 7};
    double t0 = now();
    for (long i = 0; i < iterations; i++) f->sqr(r, r);
    double t = now() - t0;
    g_sink = r[0];
    return t;
}

double ecedu_bench_field_inv(int m, long iterations) {
    const ecedu_field_impl *f = ecedu_field_for(m);
    if (!f || iterations < 0) return -1.0;
    uint64_t r[ECEDU_MAXW] = {0x123456789abcdefULL, 0x42, 7};
    double t0 = now();
    for (long i = 0; i < iterations; i++) f->inv(r, r);
    double t = now() - t0;
    g_sink = r[0];
    return t;
}

/* Bytes of a coordinate and of a scalar of curve ci, binary or prime; -1 if ci is not a curve. */
static int curve_sizes(int ci, size_t *F, size_t *NL) {
    int m, nbits, h, kob;
    if (ecedu_curve_info(ci, &m, &nbits, &h, &kob)) return -1;
    *F = (size_t)(m + 7) / 8;
    *NL = (size_t)(nbits + 7) / 8;
    return 0;
}

/* Full ECDH as a user calls it: decode + validate the peer point (SEC 1
 * uncompressed), check the scalar, ladder, output x. */
double ecedu_bench_ecdh(int ci, long iterations) {
    size_t F, NL;
    if (curve_sizes(ci, &F, &NL) || iterations < 0) return -1.0;
    uint8_t d[80], k2[80], peer[1 + 2 * 72], out[72];
    memset(d, 0x5a, NL);
    d[0] = 0x00; /* < n for every curve */
    memset(k2, 0x33, NL);
    k2[0] = 0x00;
    peer[0] = 0x04;
    if (ecedu_scalar_mult_base(ci, k2, NL, peer + 1, peer + 1 + F, F)) return -1.0;
    double t0 = now();
    for (long i = 0; i < iterations; i++)
        if (ecedu_ecdh(ci, d, NL, peer, 1 + 2 * F, out, F)) return -1.0;
    double t = now() - t0;
    g_sink = out[0];
    return t;
}

double ecedu_bench_scalar_mult_base(int ci, long iterations) {
    size_t F, NL;
    if (curve_sizes(ci, &F, &NL) || iterations < 0) return -1.0;
    uint8_t d[80], x[72], y[72];
    memset(d, 0x5a, NL);
    d[0] = 0x00;
    if (ecedu_scalar_mult_base(ci, d, NL, x, y, F)) return -1.0; /* builds table */
    double t0 = now();
    for (long i = 0; i < iterations; i++) ecedu_scalar_mult_base(ci, d, NL, x, y, F);
    double t = now() - t0;
    g_sink = x[0];
    return t;
}

/* ECDSA, as `openssl speed ecdsa`: sign, verify one signature. */
/* Fixed key (0x00 5a 5a ... < n for every curve) and digest (SHA-256 of
 * "ecedu ecdsa bench"). */
static void bench_inputs(size_t NL, uint8_t *d, uint8_t *digest) {
    memset(d, 0x5a, NL);
    d[0] = 0x00;
    ecedu_sha256((const uint8_t *)"ecedu ecdsa bench", 17, digest);
}

/* Signing is timed over BENCH_NDIGESTS digests in turn, SHA-256 of "ecedu ecdsa bench" and the octet
 * i (ecedu/bench/loop_inputs.py's MESSAGES, for the Python calls timed beside): RFC 6979 rejects a
 * candidate nonce >= n about half the time on the curves whose n lies just above a power of two,
 * each rejection one more HMAC-DRBG step, and one fixed digest took none on some curves and two
 * on others, where openssl speed's random nonces average them. */
enum { BENCH_NDIGESTS = 64 };
static void bench_digests(uint8_t dg[BENCH_NDIGESTS][32]) {
    uint8_t msg[18];
    memcpy(msg, "ecedu ecdsa bench", 17);
    for (int i = 0; i < BENCH_NDIGESTS; i++) {
        msg[17] = (uint8_t)i;
        ecedu_sha256(msg, sizeof msg, dg[i]);
    }
}

double ecedu_bench_ecdsa_sign(int ci, long iterations) {
    size_t F, NL;
    if (curve_sizes(ci, &F, &NL) || iterations < 0) return -1.0;
    uint8_t d[8 * ECEDU_MAXW], digest[32], r[8 * ECEDU_MAXW], s[8 * ECEDU_MAXW], dg[BENCH_NDIGESTS][32];
    bench_inputs(NL, d, digest);
    bench_digests(dg);
    if (ecedu_ecdsa_sign(ci, d, NL, digest, 32, r, s, NL)) return -1.0; /* warm up tables */
    double t0 = now();
    for (long i = 0; i < iterations; i++)
        if (ecedu_ecdsa_sign(ci, d, NL, dg[i % BENCH_NDIGESTS], 32, r, s, NL)) return -1.0;
    double t = now() - t0;
    g_sink = s[0];
    return t;
}

double ecedu_bench_ecdsa_verify(int ci, long iterations) {
    size_t F, NL;
    if (curve_sizes(ci, &F, &NL) || iterations < 0) return -1.0;
    uint8_t d[8 * ECEDU_MAXW], digest[32], r[8 * ECEDU_MAXW], s[8 * ECEDU_MAXW], qx[72], qy[72];
    bench_inputs(NL, d, digest);
    if (ecedu_scalar_mult_base(ci, d, NL, qx, qy, F)) return -1.0;
    if (ecedu_ecdsa_sign(ci, d, NL, digest, 32, r, s, NL)) return -1.0;
    if (ecedu_ecdsa_verify_vartime(ci, qx, qy, F, digest, 32, r, s, NL) != 1) return -1.0;
    double t0 = now();
    for (long i = 0; i < iterations; i++)
        if (ecedu_ecdsa_verify_vartime(ci, qx, qy, F, digest, 32, r, s, NL) != 1) return -1.0;
    double t = now() - t0;
    g_sink = r[0];
    return t;
}

/* X25519 as `openssl speed ecdhx25519` times it (one derive: the ladder on the peer's u, the
 * all-zero check), on a fixed private key and the public key of another. */
static int x25519_inputs(uint8_t k[32], uint8_t u[32]) {
    uint8_t k2[32];
    memset(k, 0x5a, 32);
    memset(k2, 0x33, 32);
    return ecedu_x25519_base(k2, 32, u, 32);
}

double ecedu_bench_x25519(long iterations) {
    uint8_t k[32], u[32], out[32];
    if (iterations < 0 || x25519_inputs(k, u)) return -1.0;
    double t0 = now();
    for (long i = 0; i < iterations; i++)
        if (ecedu_x25519(k, 32, u, 32, out, 32)) return -1.0;
    double t = now() - t0;
    g_sink = out[0];
    return t;
}

/* ------------------------------------------------------------ timing leakage (dudect) */

/* A cycle stamp: the TSC, fenced so that the timed work cannot move across it (x86-64), else
 * the monotonic clock in ns.  The TSC counts at a fixed rate, not the core's clock. */
#if defined(__x86_64__)
#include <x86intrin.h>
static inline uint64_t stamp(void) {
    _mm_lfence();
    uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
}
#else
static inline uint64_t stamp(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#endif

/* ------------------------------------------------------------ cycles (as SUPERCOP reports) */

/* One operation of ecedu_bench_cycles on prepared inputs (public test values, as in the
 * loops above).  Returns 0, or an error code. */
typedef struct cycles_inputs {
    const ecedu_field_impl *f;
    int ci;
    size_t F, NL;
    uint8_t d[80], peer[1 + 2 * 72], out[72], oy[72], x[72], y[72], digest[32], r[72], s[72];
    uint8_t digests[BENCH_NDIGESTS][32]; /* signing's, in turn (bench_digests) */
    unsigned next;
    uint64_t a[ECEDU_MAXW], b[ECEDU_MAXW];
} cycles_inputs;

static int cycles_prepare(int op, int id, cycles_inputs *in) {
    memset(in, 0, sizeof *in);
    if (op == ECEDU_CYCLES_X25519) return x25519_inputs(in->d, in->peer);
    if (op >= ECEDU_CYCLES_FIELD_MUL) {
        if (!(in->f = ecedu_field_for(id))) return ECEDU_ERR_CURVE;
        in->a[0] = 0x123456789abcdefULL, in->a[1] = 0x42, in->a[2] = 7;
        in->b[0] = 0xfedcba987654321ULL, in->b[1] = 3, in->b[2] = 5;
        return ECEDU_OK;
    }
    if (curve_sizes(id, &in->F, &in->NL)) return ECEDU_ERR_CURVE;
    in->ci = id;
    memset(in->d, 0x5a, in->NL);
    in->d[0] = 0x00; /* < n for every curve */
    uint8_t k2[80];
    memset(k2, 0x33, in->NL);
    k2[0] = 0x00;
    in->peer[0] = 0x04;
    int rc = ecedu_scalar_mult_base(id, k2, in->NL, in->peer + 1, in->peer + 1 + in->F, in->F);
    if (rc) return rc;
    ecedu_sha256((const uint8_t *)"ecedu ecdsa bench", 17, in->digest);
    bench_digests(in->digests);
    if ((rc = ecedu_scalar_mult_base(id, in->d, in->NL, in->x, in->y, in->F))) return rc;
    return ecedu_ecdsa_sign(id, in->d, in->NL, in->digest, 32, in->r, in->s, in->NL);
}

static int cycles_once(int op, cycles_inputs *in) {
    switch (op) {
    case ECEDU_CYCLES_ECDH:
        return ecedu_ecdh(in->ci, in->d, in->NL, in->peer, 1 + 2 * in->F, in->out, in->F);
    case ECEDU_CYCLES_SCALAR_MULT_BASE:
        return ecedu_scalar_mult_base(in->ci, in->d, in->NL, in->out, in->oy, in->F);
    case ECEDU_CYCLES_ECDSA_SIGN:
        return ecedu_ecdsa_sign(in->ci, in->d, in->NL, in->digests[in->next++ % BENCH_NDIGESTS], 32, in->r,
                                in->s, in->NL);
    case ECEDU_CYCLES_ECDSA_VERIFY:
        return ecedu_ecdsa_verify_vartime(in->ci, in->x, in->y, in->F, in->digest, 32, in->r, in->s,
                                          in->NL) == 1 ? ECEDU_OK : ECEDU_ERR_INTERNAL;
    case ECEDU_CYCLES_FIELD_MUL: in->f->mul(in->a, in->a, in->b); return ECEDU_OK;
    case ECEDU_CYCLES_FIELD_SQR: in->f->sqr(in->a, in->a); return ECEDU_OK;
    case ECEDU_CYCLES_FIELD_INV: in->f->inv(in->a, in->a); return ECEDU_OK;
    case ECEDU_CYCLES_X25519: return ecedu_x25519(in->d, 32, in->peer, 32, in->out, 32);
    default: return ECEDU_ERR_ARGUMENT;
    }
}

int ecedu_bench_cycles(int op, int id, long runs, uint64_t *ticks, int *inner) {
    cycles_inputs in;
    if (op < ECEDU_CYCLES_ECDH || op > ECEDU_CYCLES_X25519) return ECEDU_ERR_ARGUMENT;
    if (runs < 0 || (runs && !ticks) || !inner) return ECEDU_ERR_LENGTH;
    int rc = cycles_prepare(op, id, &in);
    if (rc) return rc;
    /* field operations take tens of cycles, about what reading the counter costs: time 64 */
    const int k = op >= ECEDU_CYCLES_FIELD_MUL && op <= ECEDU_CYCLES_FIELD_INV ? 64 : 1;
    *inner = k;
    if ((rc = cycles_once(op, &in))) return rc; /* warm: tables built, code and data cached */
    for (long i = 0; i < runs; i++) {
        uint64_t t0 = stamp();
        for (int j = 0; j < k; j++) {
            const int once = cycles_once(op, &in);
            if (rc == ECEDU_OK) rc = once; /* the first error, not an OR of codes (-4 | -6 = -2) */
        }
        ticks[i] = stamp() - t0;
    }
    g_sink = in.a[0] ^ in.out[0];
    return rc;
}

uint64_t ecedu_tsc_now(void) { return stamp(); }

double ecedu_tsc_per_core_cycle(void) {
#if defined(__x86_64__)
    /* 2^20 iterations of 64 dependent additions: 2^26 core cycles whatever the clock.  The
     * addend is a register, not an immediate: recent Intel cores fold chains of "add $imm" at
     * register renaming, several per cycle (seen on a Xeon under KVM: 0.13 ticks per "cycle"
     * with the immediate, 1.05 with the register), and no x86-64 core runs a dependent
     * register-register add in less than a cycle. */
    uint64_t x = 1, one = 1, best = UINT64_MAX;
    for (int rep = 0; rep < 5; rep++) {
        uint64_t t0 = stamp();
        for (long i = 0; i < (1L << 20); i++) {
            __asm__ volatile(".rept 64\n\taddq %1, %0\n\t.endr" : "+r"(x) : "r"(one));
        }
        uint64_t t = stamp() - t0;
        if (t < best) best = t;
    }
    g_sink = x;
    const double ratio = (double)best / (double)(1L << 26);
    /* a core clock more than 4 times off the TSC's is not a clock but a failed measurement
     * (a fold we do not know of, a preempted run): report it unknown rather than divide by it */
    return ratio > 0.25 && ratio < 4.0 ? ratio : 0.0;
#else
    return 0.0;
#endif
}

/* For i < count: the time of one ecedu_scalar_mult(ci, k_i, G) into cycles[i] (the
 * ECEDU_DUDECT_SCALAR_MULT target of ecedu_bench_dudect_cycles, at the end of this file). */
int ecedu_bench_scalar_mult_cycles(int ci, const uint8_t *ks, size_t klen, size_t count, uint64_t *cycles) {
    return ecedu_bench_dudect_cycles(ECEDU_DUDECT_SCALAR_MULT, ci, ks, klen, count, cycles);
}

/* A dependent chain of Montgomery multiplications (the inner loop of an
 * exponentiation), after the checks of ecedu_prime_mul. */
static double prime_chain_time(int sqr, int limb_bits, const uint8_t *p, size_t plen, long iterations);
double ecedu_bench_prime_mul(int limb_bits, const uint8_t *p, size_t plen, long iterations) {
    return prime_chain_time(0, limb_bits, p, plen, iterations);
}
double ecedu_bench_prime_sqr(int limb_bits, const uint8_t *p, size_t plen, long iterations) {
    return prime_chain_time(1, limb_bits, p, plen, iterations);
}
static double prime_chain_time(int sqr, int limb_bits, const uint8_t *p, size_t plen, long iterations) {
    uint8_t a[ECEDU_GFP_MAX_MODULUS_BITS / 8], out[ECEDU_GFP_MAX_MODULUS_BITS / 8];
    if (iterations < 0 || !p || plen == 0 || plen > sizeof a) return -1.0;
    memset(a, 0, plen);
    for (size_t i = 1; i < plen; i++) a[i] = (uint8_t)(0x5b * i + 0x11); /* a < p: top byte 0 */
    if (ecedu_prime_mul(ECEDU_PRIME_MONTGOMERY, limb_bits, p, plen, a, a, out)) return -1.0;
    const ecedu_gfp_impl *f = ecedu_gfp_impl_for(limb_bits);
    double t0 = now();
    (sqr ? f->sqr_chain : f->mul_chain)(p, plen, a, iterations, out);
    double t = now() - t0;
    g_sink = out[0];
    return t;
}

double ecedu_bench_modexp_crt(int limb_bits, const uint8_t *c, size_t clen, const uint8_t *p,
                              size_t plen, const uint8_t *q, size_t qlen, const uint8_t *dp,
                              size_t dplen, const uint8_t *dq, size_t dqlen, const uint8_t *qinv,
                              size_t qinvlen, long iterations) {
    uint8_t out[2 * ECEDU_GFP_MAX_MODULUS_BITS / 8];
    if (iterations < 0) return -1.0;
    double t0 = now();
    for (long i = 0; i < iterations; i++)
        if (ecedu_modexp_crt(limb_bits, c, clen, p, plen, q, qlen, dp, dplen, dq, dqlen, qinv, qinvlen, out,
                             plen + qlen))
            return -1.0;
    double t = now() - t0;
    g_sink = out[0];
    return t;
}

/* --- issue 13: the fixed-size prime fields (field/gfp/variants.c) --- */

/* A public test value a < p (top byte 0) and the chain of variant on p at limb_bits:
 * the fixed-size implementations' own chain, or the generic CIOS's. */
static int prime_chain(int variant, int limb_bits, const uint8_t *p, size_t plen, long iterations,
                       uint8_t *out) {
    uint8_t a[ECEDU_GFP_MAX_MODULUS_BITS / 8];
    if (iterations < 0 || !p || plen == 0 || plen > sizeof a) return ECEDU_ERR_LENGTH;
    memset(a, 0, plen);
    for (size_t i = 1; i < plen; i++) a[i] = (uint8_t)(0x5b * i + 0x11);
    int rc = ecedu_prime_mul(variant, limb_bits, p, plen, a, a, out); /* all the checks */
    if (rc) return rc;
    if (variant == ECEDU_PRIME_MONTGOMERY)
        ecedu_gfp_impl_for(limb_bits)->mul_chain(p, plen, a, iterations, out);
    else
        ecedu_prime_fe_for(variant, p, plen)->chain(out, a, iterations);
    return ECEDU_OK;
}

double ecedu_bench_prime_variant_mul(int variant, int limb_bits, const uint8_t *p, size_t plen,
                                     long iterations) {
    uint8_t out[ECEDU_GFP_MAX_MODULUS_BITS / 8];
    if (prime_chain(variant, limb_bits, p, plen, 0, out)) return -1.0;
    double t0 = now();
    prime_chain(variant, limb_bits, p, plen, iterations, out);
    double t = now() - t0;
    g_sink = out[0];
    return t;
}

/* Each sample: one chain of k = 2048 multiplications (about 20-100 us), so that the
 * conversions in and out (and the generic CIOS's set-up of p, about 70 modular
 * doublings and 6 multiplications) weigh a few per mille to 2% of it. */
int ecedu_bench_prime_cycles(int variant, int limb_bits, const uint8_t *p, size_t plen, long runs,
                             uint64_t *ticks, int *inner) {
    uint8_t out[ECEDU_GFP_MAX_MODULUS_BITS / 8];
    if (runs < 0 || (runs && !ticks) || !inner) return ECEDU_ERR_LENGTH;
    const int k = 2048;
    *inner = k;
    int rc = prime_chain(variant, limb_bits, p, plen, k, out); /* checks, and warms */
    if (rc) return rc;
    for (long i = 0; i < runs; i++) {
        uint64_t t0 = stamp();
        prime_chain(variant, limb_bits, p, plen, k, out);
        ticks[i] = stamp() - t0;
    }
    g_sink = out[0];
    return ECEDU_OK;
}
/* --- end issue 13 --- */

/* --- fast fields: a prime curve over the generic or a specialised field (the curve-level
 * comparison of the specialised fields, curve/prime/README.md) --- */

/* The field kind the curve's instance uses (ecedu_pcurve_field) and its copy over the other
 * kind (instances/gfp_compare.c), or NULL: the curves over the generic field only. */
static const ecedu_pcurve_impl *pcurve_compare(const ecedu_pcurve *pc, int *in_use) {
    *in_use = ECEDU_PCURVE_FIELD_GENERIC;
    if (strcmp(pc->name, "secp224r1") == 0) {
        /* P-224's instance is generic CIOS at the portable level (the copy: unsaturated), the
         * fold fe_p224_fold.h at the MULX level (the copy: its generic portable table) */
        if (!ecedu_gfp_mulx_enabled()) return &ecedu_pcurve_secp224r1_compare;
        *in_use = ECEDU_PCURVE_FIELD_SPECIALISED;
        return &ecedu_pcurve_secp224r1_portable;
    }
    /* the others' instances are specialised (a fold, p's words, unsaturated or IFMA limbs), their
     * copies generic */
    *in_use = ECEDU_PCURVE_FIELD_SPECIALISED;
    if (strcmp(pc->name, "secp160r1") == 0) return &ecedu_pcurve_secp160r1_compare;
    if (strcmp(pc->name, "secp192r1") == 0) return &ecedu_pcurve_secp192r1_compare;
    if (strcmp(pc->name, "secp256r1") == 0) return &ecedu_pcurve_secp256r1_compare;
    if (strcmp(pc->name, "secp384r1") == 0) return &ecedu_pcurve_secp384r1_compare;
    if (strcmp(pc->name, "secp521r1") == 0) return &ecedu_pcurve_secp521r1_compare;
    *in_use = ECEDU_PCURVE_FIELD_GENERIC;
    return NULL;
}

/* The curve's copy over unsaturated limbs (ECEDU_PCURVE_FIELD_UNSATURATED), or NULL: P-224's
 * compare copy (fe_p224_unsat.h), P-256's (fe_p256_unsat.h), P-521's table below the ifma level
 * (fe_p521_unsat.h, its instance at the portable and MULX levels). */
static const ecedu_pcurve_impl *pcurve_unsat(const ecedu_pcurve *pc) {
    if (strcmp(pc->name, "secp224r1") == 0) return &ecedu_pcurve_secp224r1_compare;
    if (strcmp(pc->name, "secp256r1") == 0) return &ecedu_pcurve_secp256r1_unsat;
    if (strcmp(pc->name, "secp521r1") == 0) return &ecedu_pcurve_secp521r1_portable;
    return NULL;
}

/* One op of ecedu_bench_prime_curve on im; 0, or -1 if it failed (or the sum is infinity). */
static int pcurve_run(const ecedu_pcurve_impl *im, int op, const uint64_t *k, const uint64_t *k2,
                      const uint8_t *qx, const uint8_t *qy, uint8_t *ox, uint8_t *oy) {
    if (op == ECEDU_PCURVE_BENCH_MUL) {
        im->mul(k, qx, qy, ox, oy);
        return 0;
    }
    if (op == ECEDU_PCURVE_BENCH_MUL_BASE) return im->mul_base(k, ox, oy) ? -1 : 0;
    return im->mul_joint_vartime(k, k2, qx, qy, ox) ? -1 : 0;
}

/* Scalars n >> 1 (k, u1), n >> 2 (u2) and Q = (n >> 3) G: fixed, full length, < n. */
double ecedu_bench_prime_curve(int ci, int field, int op, long iterations) {
    const ecedu_pcurve *pc = ecedu_pcurve_at(ci);
    if (!pc || iterations < 0 || op < ECEDU_PCURVE_BENCH_MUL || op > ECEDU_PCURVE_BENCH_MUL_JOINT) return -1.0;
    int in_use;
    const ecedu_pcurve_impl *alt = pcurve_compare(pc, &in_use), *im, *other;
    if (field == ECEDU_PCURVE_FIELD_UNSATURATED) {
        im = pcurve_unsat(pc), other = pc->impl; /* checked against the instance */
        if (!im) return -1.0;
    } else if (field == in_use) {
        im = pc->impl, other = alt; /* NULL: nothing to compare with */
    } else if ((field == ECEDU_PCURVE_FIELD_GENERIC || field == ECEDU_PCURVE_FIELD_SPECIALISED) && alt) {
        im = alt, other = pc->impl;
    } else {
        return -1.0;
    }
    const size_t F = (size_t)(pc->pbits + 7) / 8;
    const int nw = (pc->nbits + 63) / 64;
    uint64_t k[3][ECEDU_MAXW + 1];
    for (int s = 0; s < 3; s++)
        for (int i = 0; i < nw; i++)
            k[s][i] = (pc->n[i] >> (s + 1)) | (i + 1 < nw ? pc->n[i + 1] << (63 - s) : 0);
    uint8_t qx[72], qy[72], ox[72], oy[72], ex[72], ey[72];
    if (pc->impl->mul_base(k[2], qx, qy)) return -1.0;
    memset(oy, 0, sizeof oy);
    memset(ey, 0, sizeof ey);
    if (pcurve_run(im, op, k[0], k[1], qx, qy, ox, oy)) return -1.0;
    if (other) {
        if (pcurve_run(other, op, k[0], k[1], qx, qy, ex, ey)) return -1.0;
        if (memcmp(ox, ex, F) || memcmp(oy, ey, F)) return -1.0;
    }
    double t0 = now();
    for (long i = 0; i < iterations; i++)
        if (pcurve_run(im, op, k[0], k[1], qx, qy, ox, oy)) return -1.0;
    double t = now() - t0;
    g_sink = ox[0];
    return t;
}
/* --- end fast fields --- */

/* --- dudect: every secret path (issue 18) --- */

/* The fields whose inversion ECEDU_DUDECT_FIELD_INV times on a prime curve, built here from
 * their headers (the instances inline theirs): P-256 in Montgomery form by p's words (at the
 * prime-field level in use: fe_p256_mont.h picks the MULX product by cpu.c's flag), the
 * generic CIOS field at secp256k1's p, and GF(2^255 - 19) for X25519. */
#include "field/gfp/fe25519.h"
#include "field/gfp/fe_p256_mont.h"
#include "curve/prime/sec2_prime_params.h"
#define FEM(name) dudect_k256m_##name
#define FEM_LIMBS ECEDU_PC_SECP256K1_LIMBS
#define FEM_BYTES ECEDU_PC_SECP256K1_BYTES
#define FEM_P ECEDU_PC_SECP256K1_P
#define FEM_PINV ECEDU_PC_SECP256K1_PINV
#define FEM_RR ECEDU_PC_SECP256K1_RR
#include "field/gfp/fe_mont.tmpl.h"
#undef FEM
#undef FEM_LIMBS
#undef FEM_BYTES
#undef FEM_P
#undef FEM_PINV
#undef FEM_RR

/* Which field inversion a FIELD_INV or FE25519_INV run times. */
enum { DUDECT_INV_GF2M, DUDECT_INV_P256M, DUDECT_INV_K256M, DUDECT_INV_25519 };

/* The public inputs of one run: the curve's sizes and generator, a fixed digest and u. */
typedef struct dudect_inputs {
    int target, ci, inv;
    size_t F, NL, slen; /* coordinate and scalar bytes; the bytes of one secret */
    const ecedu_field_impl *f;
    uint8_t gx[72], gy[72], ox[72], oy[72], digest[32], u[32];
    uint64_t w[ECEDU_MAXW], wr[ECEDU_MAXW];
} dudect_inputs;

static int dudect_prepare(int target, int ci, dudect_inputs *in) {
    memset(in, 0, sizeof *in);
    in->target = target, in->ci = ci;
    if (target == ECEDU_DUDECT_X25519 || target == ECEDU_DUDECT_FE25519_INV) {
        uint8_t k2[32];
        memset(k2, 0x33, 32);
        in->slen = 32, in->inv = DUDECT_INV_25519;
        return target == ECEDU_DUDECT_X25519 ? ecedu_x25519_base(k2, 32, in->u, 32) : ECEDU_OK;
    }
    if (target < ECEDU_DUDECT_SCALAR_MULT || target > ECEDU_DUDECT_ECDSA_SIGN_K) return ECEDU_ERR_ARGUMENT;
    if (curve_sizes(ci, &in->F, &in->NL)) return ECEDU_ERR_CURVE;
    if (target == ECEDU_DUDECT_FIELD_INV) {
        const ecedu_pcurve *pc = ecedu_pcurve_at(ci);
        in->slen = in->F;
        if (!pc) {
            in->inv = DUDECT_INV_GF2M;
            in->f = ecedu_field_for(ecedu_curves[ci].m); /* the level in use */
            return in->f ? ECEDU_OK : ECEDU_ERR_CURVE;
        }
        if (strcmp(pc->name, "secp256r1") == 0) return in->inv = DUDECT_INV_P256M, ECEDU_OK;
        if (strcmp(pc->name, "secp256k1") == 0) return in->inv = DUDECT_INV_K256M, ECEDU_OK;
        return ECEDU_ERR_CURVE; /* no other prime field here */
    }
    in->slen = target == ECEDU_DUDECT_ECDSA_SIGN_K ? 2 * in->NL : in->NL;
    uint8_t one[80] = {0};
    one[in->NL - 1] = 1; /* G = 1 G, from the library itself (binary and prime curves alike) */
    ecedu_sha256((const uint8_t *)"ecedu dudect", 12, in->digest);
    return ecedu_scalar_mult_base(ci, one, in->NL, in->gx, in->gy, in->F);
}

/* The field element of secret s for an inversion run, converted outside the timed part;
 * ECEDU_ERR_RANGE if it is not a reduced element (test data: public). */
typedef union dudect_fe {
    fe25519_fe c25519;
    p256m_fe p256;
    dudect_k256m_fe k256;
} dudect_fe;

static int dudect_load(dudect_inputs *in, const uint8_t *s, dudect_fe *a) {
    switch (in->inv) {
    case DUDECT_INV_GF2M: {
        const int m = in->f->m, nw = in->f->nw;
        if (ecedu_bytes_to_words(in->w, nw, s, in->slen) || (m % 64 && in->w[nw - 1] >> (m % 64)))
            return ECEDU_ERR_RANGE;
        return ECEDU_OK;
    }
    case DUDECT_INV_P256M: return p256m_from_bytes(&a->p256, s) ? ECEDU_OK : ECEDU_ERR_RANGE;
    case DUDECT_INV_K256M: return dudect_k256m_from_bytes(&a->k256, s) ? ECEDU_OK : ECEDU_ERR_RANGE;
    default: return fe25519_from_bytes(&a->c25519, s) ? ECEDU_OK : ECEDU_ERR_RANGE;
    }
}

/* One timed operation on secret s (slen bytes); returns its cycles in *t, and 0 or an error. */
static int dudect_once(dudect_inputs *in, const uint8_t *s, uint64_t *t) {
    uint8_t r[72], sig[72];
    dudect_fe a, b;
    int rc = ECEDU_OK;
    uint64_t t0, t1;
    switch (in->target) {
    case ECEDU_DUDECT_SCALAR_MULT:
        t0 = stamp();
        rc = ecedu_scalar_mult(in->ci, s, in->slen, in->gx, in->gy, in->F, in->ox, in->oy);
        t1 = stamp();
        break;
    case ECEDU_DUDECT_SCALAR_MULT_BASE:
        t0 = stamp();
        rc = ecedu_scalar_mult_base(in->ci, s, in->slen, in->ox, in->oy, in->F);
        t1 = stamp();
        break;
    case ECEDU_DUDECT_ECDSA_SIGN:
        t0 = stamp();
        rc = ecedu_ecdsa_sign(in->ci, s, in->slen, in->digest, 32, r, sig, in->NL);
        t1 = stamp();
        in->ox[0] ^= sig[0];
        break;
    case ECEDU_DUDECT_ECDSA_SIGN_K: /* s = d || k */
        t0 = stamp();
        rc = ecedu_ecdsa_sign_with_k(in->ci, s, in->NL, s + in->NL, in->NL, in->digest, 32, r, sig, in->NL);
        t1 = stamp();
        in->ox[0] ^= sig[0];
        break;
    case ECEDU_DUDECT_X25519:
        t0 = stamp();
        rc = ecedu_x25519(s, 32, in->u, 32, in->ox, 32);
        t1 = stamp();
        break;
    default: /* FIELD_INV, FE25519_INV */
        if ((rc = dudect_load(in, s, &a))) return rc;
        t0 = stamp();
        switch (in->inv) {
        case DUDECT_INV_GF2M: in->f->inv(in->wr, in->w); break;
        case DUDECT_INV_P256M: p256m_inv(&b.p256, &a.p256); break;
        case DUDECT_INV_K256M: dudect_k256m_inv(&b.k256, &a.k256); break;
        default: fe25519_inv(&b.c25519, &a.c25519); break;
        }
        t1 = stamp();
        if (in->inv != DUDECT_INV_GF2M) in->wr[0] ^= b.k256.v[0]; /* keep the result live */
        break;
    }
    *t = t1 - t0;
    ecedu_wipe(&a, sizeof a), ecedu_wipe(&b, sizeof b);
    return rc;
}

int ecedu_bench_dudect_cycles(int target, int ci, const uint8_t *secrets, size_t slen, size_t count,
                              uint64_t *cycles) {
    dudect_inputs in;
    int rc = dudect_prepare(target, ci, &in);
    if (rc) return rc;
    if (count && (!secrets || !cycles)) return ECEDU_ERR_LENGTH;
    if (target == ECEDU_DUDECT_SCALAR_MULT || target == ECEDU_DUDECT_SCALAR_MULT_BASE ||
        target == ECEDU_DUDECT_ECDSA_SIGN)
        in.slen = slen; /* the API checks the scalar's length */
    else if (slen != in.slen)
        return ECEDU_ERR_LENGTH;
    for (size_t i = 0; i < count; i++)
        if ((rc = dudect_once(&in, secrets + i * slen, &cycles[i]))) return rc;
    g_sink = in.ox[0] ^ in.wr[0];
    return ECEDU_OK;
}
/* --- end dudect --- */
