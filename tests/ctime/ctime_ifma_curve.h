/*
 * ctime_ifma_curve.h -- `--ifma CURVE` of the MSan builds of the two curve drivers
 * (ctime_driver.c: k G, k Q and ECDH; tests/ctime_ecdsa/ctime_ecdsa_driver.c: ECDSA signing).
 *
 * At the ifma prime-field level only secp521r1 and secp384r1 have a copy of their own
 * (instances/gfp_secp521r1_ifma.c over field/gfp/fe_p521_ifma.h, instances/gfp_secp384r1_ifma.c
 * over field/gfp/fe_p384_ifma.h): AVX-512 IFMA intrinsics and no inline assembly, so MSan
 * follows the secrets through them (VPMADD52 by msan_x86.h's definition).  The other prime
 * curves run MULX assembly at that level, which is valgrind's to check: so one curve a run.
 */
#ifndef ECEDU_CTIME_IFMA_CURVE_H
#define ECEDU_CTIME_IFMA_CURVE_H
#include <stdio.h>
#include <string.h>
#include "ctime_check.h"
#include "ecedu_native.h"

/* run_curve(ci) on CURVE at the ifma prime-field level, with the report lines the tests read:
 * "ifma <tag><curve> ok" (or FAIL) and the summary "checker=... ifma CURVE prime_level=2 runs=1
 * failures=0".  Returns the driver's exit code: 0, 2 (a failure, or not exactly one run: an
 * unknown name) or 3 (no ifma level on this CPU). */
static int ctime_ifma_curve(const char *curve, int (*run_curve)(int), const char *tag) {
    if (ecedu_force_prime_implementation(ECEDU_GFP_IMPL_IFMA) != 0) {
        printf("the ifma prime-field level is not available on this CPU\n");
        return 3;
    }
    int fails = 0, runs = 0;
    for (int ci = 0; ci < ecedu_curve_count(); ci++) {
        if (strcmp(ecedu_curve_name(ci), curve) != 0) continue;
        int r = run_curve(ci);
        printf("ifma %s%-10s %s\n", tag, ecedu_curve_name(ci), r ? "FAIL" : "ok");
        fails += r, runs++;
    }
    printf("checker=%s ifma %s prime_level=%d runs=%d failures=%d\n", ECEDU_CT_CHECKER, curve,
           ecedu_prime_implementation(), runs, fails);
    return fails || runs != 1 ? 2 : 0;
}
#endif
