/*
 * ctime_x25519_driver.c -- constant-time check of X25519 (curve/x25519.c,
 * protocol/x25519.c) and its field GF(2^255 - 19) (field/gfp/fe25519.h) under
 * valgrind memcheck, the method of ctime_driver.c: the secrets are marked
 * undefined with VALGRIND_MAKE_MEM_UNDEFINED, so memcheck reports every
 * branch and every memory address that depends on them; only the public
 * results are declassified (VALGRIND_MAKE_MEM_DEFINED) before we look at them.
 *
 * Covered:
 *   - ecedu_x25519       secret scalar AND secret u (stronger than needed: u
 *                        is the peer's public key), random and edge values
 *                        (u = 0, 1 and p - 1 .. 2^255 - 1, all-ones scalar):
 *                        clamping, the 255 ladder steps with cswap, the
 *                        inversion z^(p-2), the canonical encoding and the
 *                        all-zero test, whose result (the return code) is
 *                        declassified;
 *   - ecedu_x25519_base  secret scalar;
 *   - ecedu_fe25519_op   every operation on secret a and b, the inversion
 *                        alone among them, with the range check (< p) whose
 *                        one bit is the declassified return code.
 * "--mulx" (given by the test when the real CPU has BMI2 and ADX): all of it once more at
 * the MULX level (curve/x25519_mulx.c, field/gfp/fe25519_mulx.c: four 64-bit limbs, the
 * MULX/ADCX/ADOX assembly).  Valgrind's virtual CPU reports BMI2 but not ADX, so the
 * library would pick the portable level; the flag is switched on here directly, as
 * tests/ctime/ctime_driver.c does (valgrind runs MULX, ADCX and ADOX).
 * "--selftest" branches on a secret on purpose: valgrind must report it.
 *
 * Run:  valgrind --error-exitcode=1 ./ctime_x25519_driver
 * Also built with MemorySanitizer (tests/ctime/build_msan.py, test_ctime_msan.py;
 * secrets through ctime_check.h), prime fields at their portable C there.
 */
#include <stdio.h>
#include <string.h>
#include "ctime_check.h"
#include "ecedu_native.h"

/* cpu.c's prime-field level flag (internal.h), read by curve/x25519.c on every call. */
extern int ecedu_gfp_mulx_flag;

static unsigned long long g_state = 0x9e3779b97f4a7c15ULL;
static void fill(unsigned char *p, size_t n) {
    for (size_t i = 0; i < n; i++) {
        g_state ^= g_state << 13;
        g_state ^= g_state >> 7;
        g_state ^= g_state << 17;
        p[i] = (unsigned char)g_state;
    }
}

#define SECRET(p, n) ECEDU_CT_SECRET(p, n)
#define PUBLIC(p, n) ECEDU_CT_PUBLIC(p, n)

static const char *g_level = "portable"; /* printed before each result */

static int run_x25519(const unsigned char k_in[32], const unsigned char u_in[32], const char *what) {
    unsigned char k[32], u[32], out[32];
    memcpy(k, k_in, 32);
    memcpy(u, u_in, 32);
    SECRET(k, 32);
    SECRET(u, 32);
    int rc = ecedu_x25519(k, 32, u, 32, out, 32);
    PUBLIC(&rc, sizeof rc);
    PUBLIC(out, 32);
    int bad = rc != ECEDU_OK && rc != ECEDU_ERR_ALL_ZERO;
    printf("%-8s x25519      %-28s %s\n", g_level, what, bad ? "FAILED" : "ok");
    return bad;
}

static int run_base(void) {
    unsigned char k[32], out[32];
    fill(k, 32);
    SECRET(k, 32);
    int rc = ecedu_x25519_base(k, 32, out, 32);
    PUBLIC(&rc, sizeof rc);
    PUBLIC(out, 32);
    printf("%-8s x25519_base %-28s %s\n", g_level, "random scalar", rc ? "FAILED" : "ok");
    return rc != 0;
}

static int run_field(int op) {
    unsigned char a[32], b[32], out[32];
    fill(a, 32);
    fill(b, 32);
    a[0] &= 0x7f, b[0] &= 0x7f; /* big-endian: most values below p */
    SECRET(a, 32);
    SECRET(b, 32);
    int rc = ecedu_fe25519_op(op, a, b, out, 32);
    PUBLIC(&rc, sizeof rc);
    PUBLIC(out, 32);
    int bad = rc != ECEDU_OK && rc != ECEDU_ERR_RANGE;
    printf("%-8s fe25519 op %d%-28s %s\n", g_level, op, "", bad ? "FAILED" : "ok");
    return bad;
}

/* every case once, at the level in use */
static int run_all(void) {
    int bad = 0;
    unsigned char k[32], u[32];
    for (int i = 0; i < 3; i++) {
        fill(k, 32);
        fill(u, 32);
        bad |= run_x25519(k, u, "random");
    }
    memset(k, 0xff, 32);
    memset(u, 0, 32);
    bad |= run_x25519(k, u, "u = 0 (all-zero result)");
    u[0] = 1;
    bad |= run_x25519(k, u, "u = 1 (all-zero result)");
    memset(u, 0xff, 32);
    bad |= run_x25519(k, u, "u = 2^256 - 1 (masked)");
    u[0] = 0xec, u[31] = 0x7f; /* p - 1 */
    bad |= run_x25519(k, u, "u = p - 1");
    bad |= run_base();
    for (int op = ECEDU_FE25519_MUL; op <= ECEDU_FE25519_IS_ZERO; op++) bad |= run_field(op);
    return bad;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--selftest") == 0) {
        unsigned char k[32];
        fill(k, 32);
        SECRET(k, 32);
        if (k[5] & 1) printf("branch on a secret\n"); /* must be reported */
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
    int mulx = argc > 1 && strcmp(argv[1], "--mulx") == 0;
    int bad = 0;
    for (int level = 0; level <= mulx; level++) {
        ecedu_gfp_mulx_flag = level; /* 0: the portable copies, whatever the CPU */
        g_level = level ? "mulx" : "portable";
        bad |= run_all();
    }
    ecedu_gfp_mulx_flag = 0;
    return bad;
}
