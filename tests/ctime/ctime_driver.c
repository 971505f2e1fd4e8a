/*
 * ctime_driver.c -- constant-time check of libecedu_native under valgrind
 * (the method of libsecp256k1's valgrind_ctime_test.c).
 *
 * The secret scalar is marked undefined with VALGRIND_MAKE_MEM_UNDEFINED.
 * Memcheck then reports every conditional branch and every memory address
 * that depends on it.  We run, for every curve and for two field paths
 * (PCLMUL and portable; see main for AVX2 and AVX-512), the operations that handle a secret scalar:
 *   - ecedu_scalar_mult_base  (fixed-base table method),
 *   - ecedu_scalar_mult       (Montgomery ladder + y-recovery + output; on
 *                              the six Koblitz curves the regular tau-adic
 *                              method, partial reduction and recoding
 *                              included, and in a second pass the ladder),
 *   - ecedu_ecdh              (point decoding/validation is public; the
 *                              ladder and the x output conversion are not).
 * The fifteen prime curves (curve/prime/) go through the same three calls: the
 * regular signed-window variable-base method with its masked table scan, the
 * fixed-base comb with its masked row scans, the recodings, and the Fermat
 * inversion back to affine coordinates; on secp256k1 the variable-base call is the GLV
 * method of curve/prime/glv.tmpl.h (the instance's table lists it): the split of k into
 * k1 + k2 lambda, the masked signs and the joint window.  Their field does not depend on the
 * GF(2^m) path, so they run once (in the first pass).
 * "--mulx" (given by the test when the real CPU has BMI2 and ADX): secp256r1 again on its
 * MULX/ADX copy of the curve (instances/gfp_secp256r1_mulx.c).  Valgrind's virtual CPU
 * reports BMI2 but not ADX, so the library would pick the portable copy; the level flag is
 * switched on here directly, as tests/ctime/ctime_fe_driver.c does (valgrind 3.19 runs
 * MULX, ADCX and ADOX although its CPUID leaves ADX out).
 * Only the final public results (return code, output point) are declassified
 * with VALGRIND_MAKE_MEM_DEFINED before we look at them.
 *
 * Run:  valgrind --error-exitcode=1 --track-origins=yes ./ctime_driver
 * Exit 0 and "ERROR SUMMARY: 0 errors" means no secret-dependent branch or
 * memory index was found.  "./ctime_driver --selftest" branches on the secret
 * on purpose: valgrind must report it (checks that the harness works).
 * Debian/Ubuntu: <valgrind/memcheck.h> is in the `valgrind` package.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>
#include "ecedu_native.h"

/* cpu.c's prime-field level flag (internal.h): read by gfp_secp256r1.c on every call. */
extern int ecedu_gfp_mulx_flag;

/* Deterministic "random" bytes (xorshift), so runs are reproducible. */
static unsigned long long g_state = 0x9e3779b97f4a7c15ULL;
static void fill(unsigned char *p, size_t n) {
    for (size_t i = 0; i < n; i++) {
        g_state ^= g_state << 13;
        g_state ^= g_state >> 7;
        g_state ^= g_state << 17;
        p[i] = (unsigned char)g_state;
    }
}

static int run_curve(int ci) {
    int m, nbits, h, koblitz, rc;
    if (ecedu_curve_info(ci, &m, &nbits, &h, &koblitz)) return 1;
    size_t F = (size_t)(m + 7) / 8, NL = (size_t)(nbits + 7) / 8;
    unsigned char key[80], x[72], y[72], peer[1 + 2 * 72], out[72];

    /* a public peer point: 5 * G */
    memset(key, 0, sizeof key);
    key[NL - 1] = 5;
    if (ecedu_scalar_mult_base(ci, key, NL, peer + 1, peer + 1 + F, F)) return 1;
    peer[0] = 0x04;

    for (int trial = 0; trial < 2; trial++) {
        fill(key, NL);
        key[0] = 0; /* keep it below n (top byte of n is at least 1) */
        if (trial == 1) key[NL - 1] |= 1;

        VALGRIND_MAKE_MEM_UNDEFINED(key, NL);
        rc = ecedu_scalar_mult_base(ci, key, NL, x, y, F);
        VALGRIND_MAKE_MEM_DEFINED(&rc, sizeof rc);
        VALGRIND_MAKE_MEM_DEFINED(x, F);
        VALGRIND_MAKE_MEM_DEFINED(y, F);
        if (rc) return 1;

        VALGRIND_MAKE_MEM_UNDEFINED(key, NL);
        rc = ecedu_scalar_mult(ci, key, NL, peer + 1, peer + 1 + F, F, x, y);
        VALGRIND_MAKE_MEM_DEFINED(&rc, sizeof rc);
        VALGRIND_MAKE_MEM_DEFINED(x, F);
        VALGRIND_MAKE_MEM_DEFINED(y, F);
        if (rc) return 1;

        VALGRIND_MAKE_MEM_UNDEFINED(key, NL);
        rc = ecedu_ecdh(ci, key, NL, peer, 1 + 2 * F, out, F);
        VALGRIND_MAKE_MEM_DEFINED(&rc, sizeof rc);
        VALGRIND_MAKE_MEM_DEFINED(out, F);
        if (rc) return 1;

        /* invalid scalars (0 and n-ish) take the same path, result masked */
        memset(key, 0, NL);
        VALGRIND_MAKE_MEM_UNDEFINED(key, NL);
        rc = ecedu_ecdh(ci, key, NL, peer, 1 + 2 * F, out, F);
        VALGRIND_MAKE_MEM_DEFINED(&rc, sizeof rc);
        VALGRIND_MAKE_MEM_DEFINED(out, F);
        if (rc == 0) return 1; /* 0 must be rejected */
        VALGRIND_MAKE_MEM_DEFINED(key, NL);
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--selftest") == 0) {
        unsigned char secret[8] = {1, 2, 3, 4, 5, 6, 7, 8};
        volatile int sink = 0;
        VALGRIND_MAKE_MEM_UNDEFINED(secret, sizeof secret);
        if (secret[3] & 1) sink++; /* a secret-dependent branch: must be reported */
        VALGRIND_MAKE_MEM_DEFINED(secret, sizeof secret);
        printf("selftest done %d\n", sink);
        return 0;
    }
    int fails = 0;
    /* Two of the four field paths: PCLMULQDQ (if the CPU has it, else the
     * best available), then portable.  The AVX2 and AVX-512 paths are not
     * checked here: valgrind 3.19 executes neither 256-bit VPCLMULQDQ
     * (SIGILL, tried) nor AVX-512, and its CPUID reports a CPU without
     * VPCLMULQDQ and AVX-512, so the library would not pick them under
     * valgrind anyway (ecedu_force_implementation refuses: printed below).
     * They are the same C source as the PCLMULQDQ path, compiled for AVX2 /
     * AVX-512; the code they add (the 256-bit multiplication of
     * clmul256.tmpl.h for m = 409, the double-shift intrinsics of
     * FN(vshl) / FN(vshr), the 512-bit multiplication, the four- and
     * eight-column matrix products of FN(linear_ct) in the inversion) is
     * branch-free with constant addresses.  The inversion's matrix product
     * is checked here in its SSE and portable forms (same columns, same
     * masks, two or one at a time); the dudect test (ecedu.bench.dudect)
     * runs on every level, AVX2 included. */
    printf("avx2 level under this run: %s\n",
           ecedu_force_implementation(ECEDU_IMPL_AVX2) == 0 ? "available (not checked here)" : "not available");
    ecedu_force_implementation(-1);
    for (int portable = 0; portable <= 1; portable++) {
        if (portable) ecedu_force_portable(1);
        else if (ecedu_force_implementation(ECEDU_IMPL_PCLMUL) != 0) ecedu_force_implementation(-1);
        for (int ladder = 0; ladder <= 1; ladder++) {
            /* Koblitz curves: tau-adic, then ladder */
            ecedu_set_koblitz_method(ladder ? ECEDU_KOBLITZ_LADDER : ECEDU_KOBLITZ_TNAF);
            for (int ci = 0; ci < ecedu_curve_count(); ci++) {
                int m, nbits, h, koblitz;
                if (ecedu_curve_info(ci, &m, &nbits, &h, &koblitz)) return 2;
                int prime = strncmp(ecedu_curve_name(ci), "sect", 4) != 0; /* secp..., brainpool... */
                if (ladder && !koblitz) continue; /* nothing changes for them */
                if (prime && portable) continue;  /* nor for the prime curves */
                int r = run_curve(ci);
                printf("%s %s %-10s %s\n", portable ? "portable" : "best    ",
                       prime ? "prime " : ladder ? "ladder" : "tau   ", ecedu_curve_name(ci), r ? "FAIL" : "ok");
                fails += r;
            }
        }
        ecedu_set_koblitz_method(ECEDU_KOBLITZ_DEFAULT);
    }
    ecedu_force_implementation(-1);
    if (argc > 1 && strcmp(argv[1], "--mulx") == 0) {
        ecedu_gfp_mulx_flag = 1;
        for (int ci = 0; ci < ecedu_curve_count(); ci++) {
            /* the curves with a MULX copy (instances/gfp_<curve>_mulx.c) */
            if (strcmp(ecedu_curve_name(ci), "secp256r1") != 0 && strcmp(ecedu_curve_name(ci), "secp224r1") != 0)
                continue;
            int r = run_curve(ci);
            printf("mulx     prime  %-10s %s\n", ecedu_curve_name(ci), r ? "FAIL" : "ok");
            fails += r;
        }
        ecedu_gfp_mulx_flag = 0;
    }
    printf("using_pclmul(best)=%d implementation(best)=%d failures=%d\n", ecedu_using_pclmul(),
           ecedu_implementation(), fails);
    return fails ? 2 : 0;
}
