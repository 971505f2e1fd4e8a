/*
 * ctime_ecdsa_driver.c -- constant-time check of the native ECDSA signing
 * path under valgrind memcheck (libsecp256k1's valgrind_ctime_test method).
 *
 * The secrets -- the private key d, and for ecedu_ecdsa_sign_with_k the
 * nonce k -- are marked undefined with VALGRIND_MAKE_MEM_UNDEFINED.  The
 * digest is public.  Memcheck then reports every branch and memory index
 * that depends on them.  Inside the library, ecdsa.c declassifies (when
 * built with <valgrind/memcheck.h> available) exactly: whether an RFC 6979
 * candidate k is in [1, n-1], the point R = kG, whether s = 0, and the
 * final (r, s) and return code.  Everything else -- HMAC-DRBG, mod-n
 * Montgomery arithmetic and Fermat inversion, the fixed-base
 * multiplication -- must produce zero reports.
 *
 * "--mulx" (given by the test when the real CPU has BMI2 and ADX): secp256r1 again on its
 * MULX/ADX copy of the curve, the level flag switched on directly (valgrind hides ADX from
 * CPUID but runs the instructions; see tests/ctime/ctime_driver.c).
 *
 * Run:  valgrind --error-exitcode=1 --track-origins=yes ./ctime_ecdsa_driver
 * "--selftest" branches on a secret on purpose (valgrind must report it).
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>
#include "ecedu_native.h"

/* cpu.c's prime-field level flag (internal.h): read by gfp_secp256r1.c on every call. */
extern int ecedu_gfp_mulx_flag;


static unsigned long long g_state = 0x243f6a8885a308d3ULL;
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
    size_t NL = (size_t)(nbits + 7) / 8;
    unsigned char d[80], k[80], digest[64], r[80], s[80];

    fill(digest, sizeof digest);
    fill(d, NL);
    d[0] = 0; /* below n */
    fill(k, NL);
    k[0] = 0;

    /* deterministic RFC 6979 signing: d secret */
    VALGRIND_MAKE_MEM_UNDEFINED(d, NL);
    rc = ecedu_ecdsa_sign(ci, d, NL, digest, 32, r, s, NL);
    VALGRIND_MAKE_MEM_DEFINED(&rc, sizeof rc);
    VALGRIND_MAKE_MEM_DEFINED(r, NL);
    VALGRIND_MAKE_MEM_DEFINED(s, NL);
    if (rc) return 1;

    /* a 64-byte digest (longer than n for the small curves) */
    VALGRIND_MAKE_MEM_UNDEFINED(d, NL);
    rc = ecedu_ecdsa_sign(ci, d, NL, digest, 64, r, s, NL);
    VALGRIND_MAKE_MEM_DEFINED(&rc, sizeof rc);
    VALGRIND_MAKE_MEM_DEFINED(r, NL);
    VALGRIND_MAKE_MEM_DEFINED(s, NL);
    if (rc) return 1;

    /* caller-supplied nonce: d and k secret */
    VALGRIND_MAKE_MEM_UNDEFINED(d, NL);
    VALGRIND_MAKE_MEM_UNDEFINED(k, NL);
    rc = ecedu_ecdsa_sign_with_k(ci, d, NL, k, NL, digest, 32, r, s, NL);
    VALGRIND_MAKE_MEM_DEFINED(&rc, sizeof rc);
    VALGRIND_MAKE_MEM_DEFINED(r, NL);
    VALGRIND_MAKE_MEM_DEFINED(s, NL);
    if (rc) return 1;
    VALGRIND_MAKE_MEM_DEFINED(k, NL);

    /* an invalid key (0) takes the same path; the error comes from a mask */
    memset(d, 0, NL);
    VALGRIND_MAKE_MEM_UNDEFINED(d, NL);
    rc = ecedu_ecdsa_sign(ci, d, NL, digest, 32, r, s, NL);
    VALGRIND_MAKE_MEM_DEFINED(&rc, sizeof rc);
    VALGRIND_MAKE_MEM_DEFINED(r, NL);
    VALGRIND_MAKE_MEM_DEFINED(s, NL);
    if (rc == 0) return 1; /* d = 0 must be rejected */
    VALGRIND_MAKE_MEM_DEFINED(d, NL);
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
    /* PCLMULQDQ (or the best available), then portable; the AVX-512 path
     * is not checked: valgrind 3.19 cannot execute AVX-512 (see
     * tests/ctime/ctime_driver.c). */
    for (int portable = 0; portable <= 1; portable++) {
        if (portable) ecedu_force_portable(1);
        else if (ecedu_force_implementation(ECEDU_IMPL_PCLMUL) != 0) ecedu_force_implementation(-1);
        for (int ci = 0; ci < ecedu_curve_count(); ci++) {
            /* the prime curves (secp..., curve/prime/) do not use the GF(2^m) paths: once */
            int prime = strncmp(ecedu_curve_name(ci), "sect", 4) != 0;
            if (prime && portable) continue;
            int r = run_curve(ci);
            printf("%s %-10s %s\n", portable ? "portable" : prime ? "prime   " : "best    ",
                   ecedu_curve_name(ci), r ? "FAIL" : "ok");
            fails += r;
        }
    }
    ecedu_force_implementation(-1);
    if (argc > 1 && strcmp(argv[1], "--mulx") == 0) {
        ecedu_gfp_mulx_flag = 1;
        for (int ci = 0; ci < ecedu_curve_count(); ci++) {
            /* the curves with a MULX copy (instances/gfp_<curve>_mulx.c) */
            if (strcmp(ecedu_curve_name(ci), "secp256r1") != 0 && strcmp(ecedu_curve_name(ci), "secp224r1") != 0)
                continue;
            int r = run_curve(ci);
            printf("mulx     %-10s %s\n", ecedu_curve_name(ci), r ? "FAIL" : "ok");
            fails += r;
        }
        ecedu_gfp_mulx_flag = 0;
    }
    printf("failures=%d\n", fails);
    return fails ? 2 : 0;
}
