/*
 * ctime_prime_driver.c -- constant-time check of the prime-field kernels of
 * libecedu_native (field/gfp/) under valgrind memcheck, the method of
 * ctime_driver.c: the secrets are marked undefined with
 * VALGRIND_MAKE_MEM_UNDEFINED, so memcheck reports every branch and every
 * memory address that depends on them; only the public results are
 * declassified (VALGRIND_MAKE_MEM_DEFINED) before we look at them.
 *
 * Covered, at 32- and 64-bit limbs:
 *   - ecedu_modexp       secret base and exponent (the exponent's length is
 *                        public), moduli of 256, 521 and 1024 bits;
 *   - ecedu_modexp_crt   secret p, q, dp, dq, qinv (RSA-1024 and RSA-2048
 *                        sizes), including the set-up of p and q, the
 *                        reductions, the recombination and the validity
 *                        check of p and q;
 *   - ecedu_prime_mul    secret a and b (the range check reveals one bit, "in
 *                        range", which is declassified as the return code).
 * "--selftest" branches on the secret exponent on purpose: valgrind must
 * report it (checks that the harness works).
 * "--mulx" (given by the test when the real CPU has BMI2 and ADX): the 64-bit
 * cases again on the MULX/ADCX/ADOX kernels (field/gfp/mont64_adx.c).
 * Valgrind's virtual CPU reports BMI2 but not ADX, so the level is switched
 * on by the library's flag itself, as ctime_fe_driver.c does (valgrind
 * decodes and runs MULX, ADCX and ADOX; an illegal instruction would fail the
 * test).
 * The "ifma" level (field/gfp/mont_ifma.h, the AVX-512 IFMA exponentiations)
 * is not valgrind's: it cannot execute AVX-512, and its virtual CPU has none,
 * so the library would not pick that level here anyway; main switches its
 * flag off explicitly all the same, so that every case runs the code it names.
 *
 * Run:  valgrind --error-exitcode=1 ./ctime_prime_driver
 * Also built with MemorySanitizer (tests/ctime/build_msan.py, test_ctime_msan.py;
 * secrets through ctime_check.h), prime fields at their portable C there, and:
 * "--ifma" (MSan build only; exit 3 if the CPU has no IFMA level) the ifma
 * level, natively: ecedu_modexp with a secret base and exponent at moduli of
 * 48 V bytes, V = 1 .. 10 (mont_ifma.h's copy for V vectors of digits each;
 * full-length exponents up to V = 3, 128-bit ones above, to keep it fast), and
 * ecedu_modexp_crt with secret p, q, dp, dq, qinv at RSA-1024 and RSA-2048
 * (equal halves: mont_pow2, side by side) and at halves of 64 and 56 bytes
 * (unequal digit counts: two mont_pow).  Each result is compared with the
 * 32-bit-limb code's and must still be poisoned, before it is declassified,
 * in every byte below its top 64-bit limb ("taint kept": a secret lost on the
 * way would make the run pass for nothing; the top limb, see clean_bytes).  In that build mont64_ifma.c has no MULX assembly
 * (ECEDU_GFP_IFMA_NO_ASM, build_msan.py) and VPMADD52LUQ/HUQ are their
 * definition with a lane-level taint rule (msan_x86.h): MSan checks the IFMA
 * code and the template's portable C around it; the MULX form of that C stays
 * valgrind's (--mulx).  "--ifma --selftest" branches on a secret-dependent
 * IFMA result, which MSan must report; "--ifma --selftest-inside" switches on
 * the branch that msan_x86.h plants in its VPMADD52 replacement, so the report
 * comes from inside mont_ifma.h's AMM loop.
 */
#include <stdio.h>
#include <string.h>
#include "ctime_check.h"
#include "ecedu_native.h"

extern int ecedu_gfp_mulx_flag; /* cpu.c: 1 while the prime fields run their MULX/ADX code */
extern int ecedu_gfp_ifma_flag; /* cpu.c: 1 while the exponentiations run on AVX-512 IFMA */

static unsigned long long g_state = 0x2545f4914f6cdd1dULL;
static void fill(unsigned char *p, size_t n) {
    for (size_t i = 0; i < n; i++) {
        g_state ^= g_state << 13;
        g_state ^= g_state >> 7;
        g_state ^= g_state << 17;
        p[i] = (unsigned char)g_state;
    }
}

/* an odd modulus of exactly len bytes with the top bit set */
static void modulus(unsigned char *p, size_t len) {
    fill(p, len);
    p[0] |= 0x80;
    p[len - 1] |= 1;
}

#define SECRET(p, n) ECEDU_CT_SECRET(p, n)
#define PUBLIC(p, n) ECEDU_CT_PUBLIC(p, n)

static int run_modexp(int w, size_t len) {
    unsigned char m[512], x[512], e[512], out[512];
    modulus(m, len);
    fill(x, len);
    x[0] = 0;
    fill(e, len);
    SECRET(x, len);
    SECRET(e, len);
    int rc = ecedu_modexp(w, x, len, e, len, m, len, out);
    PUBLIC(&rc, sizeof rc);
    PUBLIC(out, len);
    PUBLIC(x, len);
    PUBLIC(e, len);
    printf("modexp %4zu bits, %d-bit limbs %s\n", 8 * len, w, rc ? "FAILED" : "ok");
    return rc != 0;
}

static int run_crt(int w, size_t half) {
    unsigned char p[256], q[256], dp[256], dq[256], qinv[256], c[512], out[512];
    modulus(p, half);
    modulus(q, half);
    fill(dp, half);
    fill(dq, half);
    fill(qinv, half);
    qinv[0] &= 0x7f; /* < p */
    fill(c, 2 * half);
    c[0] = 0;
    SECRET(p, half);
    SECRET(q, half);
    SECRET(dp, half);
    SECRET(dq, half);
    SECRET(qinv, half);
    int rc = ecedu_modexp_crt(w, c, 2 * half, p, half, q, half, dp, half, dq, half, qinv, half, out, 2 * half);
    PUBLIC(&rc, sizeof rc);
    PUBLIC(out, 2 * half);
    printf("crt    %4zu bits, %d-bit limbs %s\n", 16 * half, w, rc ? "FAILED" : "ok");
    return rc != 0;
}

static int run_mul(int w, size_t len) {
    unsigned char m[512], a[512], b[512], out[512];
    modulus(m, len);
    fill(a, len);
    fill(b, len);
    a[0] = b[0] = 0;
    SECRET(a, len);
    SECRET(b, len);
    int rc = ecedu_prime_mul(ECEDU_PRIME_MONTGOMERY, w, m, len, a, b, out);
    PUBLIC(&rc, sizeof rc);
    PUBLIC(out, len);
    printf("mul    %4zu bits, %d-bit limbs %s\n", 8 * len, w, rc ? "FAILED" : "ok");
    return rc != 0;
}

#if ECEDU_CT_MSAN
/* Bytes of the big-endian out[0..len) that are not poisoned, in *top those of its most
 * significant 64-bit limb.  That limb may come out clean although it depends on the
 * secrets: MSan 14 propagates a scalar product and a sum by the OR of the operands' shadows
 * bit by bit, so the high half of a 64 x 64-bit product and a carry out are "clean" (the
 * same at the portable level: tried), and the top limb of the portable Montgomery product
 * that takes every result out of Montgomery form is made of high halves and carries.  Every
 * other byte must be poisoned. */
static size_t clean_bytes(const unsigned char *out, size_t len, size_t *top) {
    size_t n = 0, top_len = len - 8 * ((len - 1) / 8);
    *top = 0;
    for (size_t i = 0; i < len; i++) {
        int clean = __msan_test_shadow(out + i, 1) < 0;
        n += clean && i >= top_len;
        *top += clean && i < top_len;
    }
    return n;
}

static int report_ifma(const char *what, size_t bits, const char *detail, int rc, int rc_ref,
                       const unsigned char *out, const unsigned char *ref, size_t len, size_t clean, size_t top) {
    int bad = rc || rc_ref || memcmp(out, ref, len) != 0 || clean;
    printf("ifma %s %4zu bits %s %s, taint %s (top limb: %zu clean bytes)", what, bits, detail, bad ? "FAILED" : "ok",
           clean ? "LOST" : "kept", top);
    if (clean) printf(" (%zu clean bytes below it)", clean);
    printf("\n");
    return bad;
}

/* modexp at the ifma level: modulus of len bytes, secret x and exponent of elen bytes */
static int run_ifma_modexp(size_t len, size_t elen) {
    unsigned char m[512], x[512], e[512], out[512], ref[512];
    modulus(m, len);
    fill(x, len);
    x[0] = 0;
    fill(e, elen);
    SECRET(x, len);
    SECRET(e, elen);
    int rc = ecedu_modexp(64, x, len, e, elen, m, len, out);
    size_t top, clean = clean_bytes(out, len, &top);
    PUBLIC(&rc, sizeof rc);
    PUBLIC(out, len);
    PUBLIC(x, len);
    PUBLIC(e, elen);
    int rc_ref = ecedu_modexp(32, x, len, e, elen, m, len, ref); /* mont32.c: no IFMA */
    char detail[40];
    snprintf(detail, sizeof detail, "(exponent %4zu bits)", 8 * elen);
    return report_ifma("modexp", 8 * len, detail, rc, rc_ref, out, ref, len, clean, top);
}

/* the RSA CRT at the ifma level, p of plen and q of qlen bytes, all of the key secret */
static int run_ifma_crt(size_t plen, size_t qlen) {
    unsigned char p[256], q[256], dp[256], dq[256], qinv[256], c[512], out[512], ref[512];
    const size_t n = plen + qlen;
    modulus(p, plen);
    modulus(q, qlen);
    fill(dp, plen);
    fill(dq, qlen);
    fill(qinv, plen);
    qinv[0] &= 0x7f; /* < p */
    fill(c, n);
    c[0] = 0;
    SECRET(p, plen);
    SECRET(q, qlen);
    SECRET(dp, plen);
    SECRET(dq, qlen);
    SECRET(qinv, plen);
    int rc = ecedu_modexp_crt(64, c, n, p, plen, q, qlen, dp, plen, dq, qlen, qinv, plen, out, n);
    size_t top, clean = clean_bytes(out, n, &top);
    PUBLIC(&rc, sizeof rc);
    PUBLIC(out, n);
    PUBLIC(p, plen);
    PUBLIC(q, qlen);
    PUBLIC(dp, plen);
    PUBLIC(dq, qlen);
    PUBLIC(qinv, plen);
    int rc_ref = ecedu_modexp_crt(32, c, n, p, plen, q, qlen, dp, plen, dq, qlen, qinv, plen, ref, n);
    char detail[40];
    snprintf(detail, sizeof detail, "(p %3zu, q %3zu bytes)  ", plen, qlen);
    return report_ifma("crt   ", 8 * n, detail, rc, rc_ref, out, ref, n, clean, top);
}

extern int ecedu_msan_planted_branch; /* msan_x86.h: the branch planted in the multiply-adds */

/* --ifma [--selftest | --selftest-inside]: see the head of the file */
static int main_ifma(int selftest) {
    if (ecedu_force_prime_implementation(ECEDU_GFP_IMPL_IFMA) != 0) {
        printf("the ifma level is not available on this CPU\n");
        return 3;
    }
    if (ecedu_prime_implementation() != ECEDU_GFP_IMPL_IFMA || !ecedu_gfp_ifma_flag) {
        printf("FAILED: the ifma level could not be set\n");
        return 1;
    }
    if (selftest) {
        /* a 1024-bit modexp (3 vectors), its result not declassified: the branch must be reported */
        unsigned char m[128], x[128], e[128], out[128];
        modulus(m, sizeof m);
        fill(x, sizeof x);
        x[0] = 0;
        fill(e, sizeof e);
        SECRET(x, sizeof x);
        SECRET(e, sizeof e);
        ecedu_msan_planted_branch = selftest == 2; /* --selftest-inside: reported in mont_ifma.h */
        int rc = ecedu_modexp(64, x, sizeof x, e, sizeof e, m, sizeof m, out);
        ecedu_msan_planted_branch = 0;
        PUBLIC(&rc, sizeof rc);
        if (out[sizeof out / 2] & 1) printf("branch on a secret (an IFMA result)\n"); /* must be reported */
        return 0;
    }
    int bad = 0;
    printf("level ifma (checker=%s)\n", ECEDU_CT_CHECKER);
    for (size_t v = 1; v <= 10; v++) bad |= run_ifma_modexp(48 * v, v <= 3 ? 48 * v : 16);
    /* moduli of four limbs or fewer: mont_ifma.h hands them to its scalar limb_pow */
    bad |= run_ifma_modexp(32, 32);
    bad |= run_ifma_modexp(24, 24);
    bad |= run_ifma_crt(64, 64);
    bad |= run_ifma_crt(128, 128);
    bad |= run_ifma_crt(64, 56);
    bad |= run_ifma_crt(32, 24); /* both halves of four limbs or fewer */
    /* the Montgomery product of ecedu_prime_mul at 64-bit limbs, which this level routes to
     * mont64_ifma.c */
    bad |= run_mul(64, 32);
    bad |= run_mul(64, 66);
    bad |= run_mul(64, 128);
    ecedu_force_prime_implementation(-1);
    printf("ifma failures=%d\n", bad);
    return bad;
}
#endif

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--ifma") == 0) {
#if ECEDU_CT_MSAN
        int selftest = argc > 2 && strcmp(argv[2], "--selftest") == 0;
        if (argc > 2 && strcmp(argv[2], "--selftest-inside") == 0) selftest = 2;
        return main_ifma(selftest);
#else
        fprintf(stderr, "--ifma: valgrind cannot execute AVX-512; the ifma level is checked by the MSan build\n");
        return 2;
#endif
    }
    if (argc > 1 && strcmp(argv[1], "--selftest") == 0) {
        unsigned char e[4] = {1, 2, 3, 4};
        SECRET(e, sizeof e);
        if (e[2] & 1) printf("branch on a secret\n"); /* must be reported */
        return 0;
    }
#if ECEDU_CT_MSAN
    /* the prime fields at their portable C: MSan cannot follow a secret through the MULX
     * assembly (tests/ctime/ctime_driver.c); that level stays valgrind's */
    if (argc > 1 && strcmp(argv[1], "--mulx") == 0) {
        fprintf(stderr, "--mulx: the MULX level is checked by valgrind, not by the MSan build\n");
        return 2;
    }
    ecedu_force_prime_implementation(ECEDU_GFP_IMPL_PORTABLE);
#endif
    int bad = 0;
    ecedu_gfp_ifma_flag = 0; /* never under valgrind (see the head of the file) */
    printf("ifma level: not run here (valgrind cannot execute AVX-512; MSan build: --ifma)\n");
    for (int w = 32; w <= 64; w += 32) {
        bad |= run_mul(w, 32);
        bad |= run_mul(w, 66);
        bad |= run_modexp(w, 32);
        bad |= run_modexp(w, 66);
        bad |= run_modexp(w, 128);
        bad |= run_crt(w, 64);
        bad |= run_crt(w, 128);
    }
    if (argc > 1 && strcmp(argv[1], "--mulx") == 0) {
        ecedu_gfp_mulx_flag = 1;
        printf("level mulx\n");
        bad |= run_mul(64, 32);
        bad |= run_mul(64, 66);
        bad |= run_modexp(64, 32);
        bad |= run_modexp(64, 66);
        bad |= run_modexp(64, 128);
        bad |= run_crt(64, 64);
        bad |= run_crt(64, 128);
        ecedu_gfp_mulx_flag = 0;
    }
    return bad;
}
