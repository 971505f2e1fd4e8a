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
 * NOT covered: the "ifma" level (field/gfp/mont_ifma.h, the AVX-512 IFMA
 * exponentiations): valgrind cannot execute AVX-512, and its virtual CPU has
 * none, so the library would not pick that level here anyway; main switches
 * its flag off explicitly all the same, so that every case runs the code it
 * names.  Its constant-time argument is in mont_ifma.h's comments.
 *
 * Run:  valgrind --error-exitcode=1 ./ctime_prime_driver
 * Also built with MemorySanitizer (tests/ctime/build_msan.py, test_ctime_msan.py;
 * secrets through ctime_check.h), prime fields at their portable C there.
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

int main(int argc, char **argv) {
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
    printf("ifma level: not checked (valgrind cannot execute AVX-512)\n");
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
