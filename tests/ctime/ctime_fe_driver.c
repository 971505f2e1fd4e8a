/*
 * ctime_fe_driver.c -- constant-time check of the fixed-size prime fields of
 * src/field/gfp/ (issue 13) under valgrind memcheck, the method of
 * ctime_prime_driver.c: secrets marked undefined, only public results
 * declassified, and every branch or address that depends on a secret reported.
 *
 * Covered, at each prime-field level the CPU has (portable, and mulx for the
 * P-256 and P-224 Montgomery products, the P-256 squaring and the P-224 and P-384
 * folds' products):
 *   - ecedu_prime_mul for every (variant, prime) of ecedu_prime_field_at, with
 *     secret a and b (the range check reveals "in range", declassified as the
 *     return code);
 *   - the whole fe interface of each fe_*.h compiled in here: from_bytes,
 *     mul, sqr, add, sub, neg, inv, is_zero, cmov (secret mask), to_bytes.
 * "--selftest" branches on a secret on purpose: valgrind must report it.
 * "--mulx" (given by the test when the real CPU has BMI2 and ADX): valgrind's
 * virtual CPU reports BMI2 but not ADX, so the MULX level is switched on here by
 * the library's flag itself: valgrind (3.19) decodes and runs MULX, ADCX and
 * ADOX although its CPUID leaves ADX out (an illegal instruction would fail
 * the test).
 *
 * Run:  valgrind --error-exitcode=1 ./ctime_fe_driver
 * Also built with MemorySanitizer (tests/ctime/build_msan.py, test_ctime_msan.py;
 * secrets through ctime_check.h), prime fields at their portable C there.
 */
#include <stdio.h>
#include <string.h>
#include "ctime_check.h"
#include "internal.h"

#include "field/gfp/fe_p192_solinas.h"
#include "field/gfp/fe_p224_solinas.h"
#include "field/gfp/fe_p224_mont.h"
#include "field/gfp/fe_p160_crandall.h"
#include "field/gfp/fe_p192_fold.h"
#include "field/gfp/fe_p224_fold.h"
#include "field/gfp/fe_p384_fold.h"
#include "field/gfp/fe_p224_unsat.h"
#include "field/gfp/fe_p256_mont.h"
#include "field/gfp/fe_p256_solinas.h"
#include "field/gfp/fe_p384_solinas.h"
#include "field/gfp/fe_p521_mersenne.h"
#include "field/gfp/fe_p521_unsat.h"

#define SECRET(p, n) ECEDU_CT_SECRET(p, n)
#define PUBLIC(p, n) ECEDU_CT_PUBLIC(p, n)

static unsigned long long g_state = 0x9e3779b97f4a7c15ULL;
static void fill(uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) {
        g_state ^= g_state << 13;
        g_state ^= g_state >> 7;
        g_state ^= g_state << 17;
        p[i] = (uint8_t)g_state;
    }
    p[0] &= 0x7f; /* < p for the NIST primes (P-521: top byte <= 1 below) */
}

static int run_mul(int variant, const char *name, const uint8_t *p, size_t plen) {
    uint8_t a[66], b[66], out[66];
    fill(a, plen), fill(b, plen);
    if (plen == 66) a[0] &= 1, b[0] &= 1;
    SECRET(a, plen), SECRET(b, plen);
    int rc = ecedu_prime_mul(variant, 64, p, plen, a, b, out);
    PUBLIC(&rc, sizeof rc), PUBLIC(out, plen);
    printf("prime_mul variant %d %s %s\n", variant, name, rc ? "FAILED" : "ok");
    return rc != 0;
}

#define FE_OPS(pfx, N)                                                       \
    static int ops_##pfx(void) {                                             \
        uint8_t ab[N], bb[N], o[N];                                          \
        uint64_t mask = 0;                                                   \
        fill(ab, N), fill(bb, N);                                            \
        if (N == 66) ab[0] &= 1, bb[0] &= 1;                                 \
        SECRET(ab, N), SECRET(bb, N), SECRET(&mask, sizeof mask);            \
        pfx##_fe a, b, t, u;                                                 \
        uint64_t ok = pfx##_from_bytes(&a, ab) & pfx##_from_bytes(&b, bb);   \
        pfx##_mul(&t, &a, &b), pfx##_sqr(&t, &t), pfx##_add(&u, &t, &a);     \
        pfx##_sub(&u, &u, &b), pfx##_neg(&u, &u), pfx##_inv(&t, &u);          \
        pfx##_cmov(&t, &a, mask);                                            \
        uint64_t z = pfx##_is_zero(&t);                                      \
        pfx##_to_bytes(o, &t);                                               \
        PUBLIC(o, N), PUBLIC(&ok, sizeof ok), PUBLIC(&z, sizeof z);          \
        printf("fe %s %s\n", #pfx, (ok & 1) ? "ok" : "FAILED");             \
        return !(ok & 1);                                                    \
    }
FE_OPS(p192s, 24)
FE_OPS(p224s, 28)
FE_OPS(p256s, 32)
FE_OPS(p384s, 48)
FE_OPS(p521m, 66)
FE_OPS(p256m, 32)
FE_OPS(p224u, 28)
FE_OPS(p224w, 28)
FE_OPS(p521u, 66)
FE_OPS(p160c, 20)
FE_OPS(p192f, 24)
FE_OPS(p224f, 28)
FE_OPS(p384f, 48)

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--selftest") == 0) {
        uint8_t e[4] = {1, 2, 3, 4};
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
    const int top = argc > 1 && strcmp(argv[1], "--mulx") == 0 ? ECEDU_GFP_IMPL_MULX : ECEDU_GFP_IMPL_PORTABLE;
    for (int level = top; level >= 0; level--) {
        if (ecedu_force_prime_implementation(level)) ecedu_gfp_mulx_flag = level == ECEDU_GFP_IMPL_MULX;
        printf("level %d\n", level);
        int variant, mulx;
        const char *name;
        const uint8_t *p;
        size_t plen;
        for (int i = 0; ecedu_prime_field_at(i, &variant, &name, &p, &plen, &mulx) == 0; i++)
            bad |= run_mul(variant, name, p, plen);
        bad |= ops_p192s() | ops_p224s() | ops_p256s() | ops_p384s() | ops_p521m() | ops_p256m() |
               ops_p224u() | ops_p224w() | ops_p521u() | ops_p160c() | ops_p192f() | ops_p224f() | ops_p384f();
    }
    return bad;
}
