/*
 * ctime_ecdsa_driver.c -- constant-time check of the native ECDSA signing
 * path under valgrind memcheck (libsecp256k1's valgrind_ctime_test method).
 *
 * The secrets -- the private key d (ecedu_ecdsa_sign, and ecedu_ecdsa_sign_der
 * with its DER output), and for ecedu_ecdsa_sign_with_k the
 * nonce k -- are marked undefined with VALGRIND_MAKE_MEM_UNDEFINED.  The
 * digest is public.  Memcheck then reports every branch and memory index
 * that depends on them.  Inside the library, ecdsa.c declassifies (when
 * built with <valgrind/memcheck.h> available) exactly: whether an RFC 6979
 * candidate k is in [1, n-1], the point R = kG, whether s = 0, and the
 * final (r, s) and return code.  Everything else -- HMAC-DRBG, mod-n
 * Montgomery arithmetic and Fermat inversion, the fixed-base
 * multiplication -- must produce zero reports.
 *
 * "--mulx" (given by the test when the real CPU has BMI2 and ADX): every curve again with the
 * MULX level's flag switched on directly (valgrind hides ADX from CPUID but runs the instructions;
 * see tests/ctime/ctime_driver.c): the MULX/ADX copies of secp224r1, secp256r1 and secp384r1, and
 * the MULX arithmetic mod the 4-word group orders.
 *
 * Run:  valgrind --error-exitcode=1 --track-origins=yes ./ctime_ecdsa_driver
 * "--selftest" branches on a secret on purpose (valgrind must report it).
 * MemorySanitizer build (tests/ctime/build_msan.py, test_ctime_msan.py):
 * "--level avx512|avx2|avx|pclmul|portable" signs on every curve at that level
 * (ecdsa.c declassifies by __msan_unpoison there; prime fields portable), and
 * "--ifma CURVE" signs on CURVE at the ifma prime-field level (AVX-512 IFMA, which valgrind
 * cannot run): d and k secret as above, through the curve's ifma copy (for secp521r1
 * instances/gfp_secp521r1_ifma.c over field/gfp/fe_p521_ifma.h, for secp384r1
 * gfp_secp384r1_ifma.c over fe_p384_ifma.h).  The test names the curves
 * (test_ctime_msan.py's IFMA_CURVES), only those with an ifma copy: at that level the others
 * run MULX assembly, which MSan cannot follow (valgrind's --mulx above).
 */
#include <stdio.h>
#include <string.h>
#include "../ctime/ctime_check.h"
#if ECEDU_CT_MSAN
#include "../ctime/ctime_ifma_curve.h"
#endif
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
    ECEDU_CT_SECRET(d, NL);
    rc = ecedu_ecdsa_sign(ci, d, NL, digest, 32, r, s, NL);
    ECEDU_CT_PUBLIC(&rc, sizeof rc);
    ECEDU_CT_PUBLIC(r, NL);
    ECEDU_CT_PUBLIC(s, NL);
    if (rc) return 1;

    /* a 64-byte digest (longer than n for the small curves) */
    ECEDU_CT_SECRET(d, NL);
    rc = ecedu_ecdsa_sign(ci, d, NL, digest, 64, r, s, NL);
    ECEDU_CT_PUBLIC(&rc, sizeof rc);
    ECEDU_CT_PUBLIC(r, NL);
    ECEDU_CT_PUBLIC(s, NL);
    if (rc) return 1;

    /* the signature written in DER (ecedu_ecdsa_sign_der, protocol/sig_der.c): d secret; the
     * encoding reads only the declassified r and s */
    unsigned char der[3 + 2 * (80 + 3)];
    ECEDU_CT_SECRET(d, NL);
    rc = ecedu_ecdsa_sign_der(ci, d, NL, digest, 32, der, sizeof der);
    ECEDU_CT_PUBLIC(&rc, sizeof rc);
    if (rc <= 0) return 1;
    ECEDU_CT_PUBLIC(der, (size_t)rc);

    /* caller-supplied nonce: d and k secret */
    ECEDU_CT_SECRET(d, NL);
    ECEDU_CT_SECRET(k, NL);
    rc = ecedu_ecdsa_sign_with_k(ci, d, NL, k, NL, digest, 32, r, s, NL);
    ECEDU_CT_PUBLIC(&rc, sizeof rc);
    ECEDU_CT_PUBLIC(r, NL);
    ECEDU_CT_PUBLIC(s, NL);
    if (rc) return 1;
    ECEDU_CT_PUBLIC(k, NL);

    /* an invalid key (0) takes the same path; the error comes from a mask */
    memset(d, 0, NL);
    ECEDU_CT_SECRET(d, NL);
    rc = ecedu_ecdsa_sign(ci, d, NL, digest, 32, r, s, NL);
    ECEDU_CT_PUBLIC(&rc, sizeof rc);
    ECEDU_CT_PUBLIC(r, NL);
    ECEDU_CT_PUBLIC(s, NL);
    if (rc == 0) return 1; /* d = 0 must be rejected */
    ECEDU_CT_PUBLIC(d, NL);
    return 0;
}

int main(int argc, char **argv) {
    int selftest = 0, mulx = 0, level = -1;
    const char *level_name = NULL, *ifma_curve = NULL;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--selftest") == 0) selftest = 1;
        else if (strcmp(argv[a], "--mulx") == 0) mulx = 1;
        else if (strcmp(argv[a], "--ifma") == 0 && a + 1 < argc && ECEDU_CT_MSAN) ifma_curve = argv[++a];
        else if (strcmp(argv[a], "--level") == 0 && a + 1 < argc && (level = ecedu_implementation_named(argv[a + 1])) >= 0)
            level_name = argv[++a];
        else {
            fprintf(stderr, "usage: %s [--selftest] [--mulx] [--level portable|pclmul|avx|avx2|avx512] [--ifma CURVE]\n",
                    argv[0]);
            return 2;
        }
    }
    if (selftest) {
        unsigned char secret[8] = {1, 2, 3, 4, 5, 6, 7, 8};
        volatile int sink = 0;
        ECEDU_CT_SECRET(secret, sizeof secret);
        if (secret[3] & 1) sink++; /* a secret-dependent branch: must be reported */
        ECEDU_CT_PUBLIC(secret, sizeof secret);
        printf("selftest done %d\n", sink);
        return 0;
    }
    (void)ifma_curve; /* --ifma: MSan build only */
#if ECEDU_CT_MSAN
    /* the prime fields at their portable C: MSan cannot follow a secret through the MULX
     * assembly (tests/ctime/ctime_driver.c); that level stays valgrind's */
    if (mulx) {
        fprintf(stderr, "--mulx: the MULX level is checked by valgrind, not by the MSan build\n");
        return 2;
    }
    /* --ifma CURVE: signing on the curve's copy at the ifma level (../ctime/ctime_ifma_curve.h),
     * the mod-n arithmetic in C (this build) */
    if (ifma_curve) return ctime_ifma_curve(ifma_curve, run_curve, "    ");
    ecedu_force_prime_implementation(ECEDU_GFP_IMPL_PORTABLE);
#endif
    int fails = 0;
    if (level_name) {
        /* one level forced for every field, all curves (the prime ones with portable fields) */
        if (ecedu_force_implementation(level) != 0) {
            printf("level %s not available on this CPU\n", level_name);
            return 3;
        }
        for (int ci = 0; ci < ecedu_curve_count(); ci++) {
            int m, nbits, h, koblitz;
            if (ecedu_curve_info(ci, &m, &nbits, &h, &koblitz)) return 2;
            int prime = strncmp(ecedu_curve_name(ci), "sect", 4) != 0;
            if (!prime && ecedu_field_implementation(m) != level) {
                printf("%-8s GF(2^%d) runs level %d, not the forced one\n", level_name, m, ecedu_field_implementation(m));
                return 2;
            }
            int r = run_curve(ci);
            printf("%-8s %-10s %s\n", level_name, ecedu_curve_name(ci), r ? "FAIL" : "ok");
            fails += r;
        }
        ecedu_force_implementation(-1);
        printf("checker=%s level=%s prime_level=%d failures=%d\n", ECEDU_CT_CHECKER, level_name,
               ecedu_prime_implementation(), fails);
        return fails ? 2 : 0;
    }
    /* PCLMULQDQ (or the best available), then portable; the AVX-512 path
     * is not checked by valgrind, which cannot execute AVX-512 (see
     * tests/ctime/ctime_driver.c): the MSan build does it, --level above. */
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
    if (mulx) {
        ecedu_gfp_mulx_flag = 1;
        for (int ci = 0; ci < ecedu_curve_count(); ci++) {
            /* every curve, binary ones too: besides the MULX copies of P-224, P-256 and P-384
             * the flag switches the 4-word group orders' arithmetic mod n to MULX (scalar/modn.h:
             * secp256k1, secp224k1, brainpoolP224r1/P256r1, sect193r1, sect233k1/r1, sect239k1) */
            int r = run_curve(ci);
            printf("mulx     %-10s %s\n", ecedu_curve_name(ci), r ? "FAIL" : "ok");
            fails += r;
        }
        ecedu_gfp_mulx_flag = 0;
    }
    printf("failures=%d\n", fails);
    return fails ? 2 : 0;
}
