/*
 * ctime_driver.c -- constant-time check of libecedu_native under valgrind
 * (the method of libsecp256k1's valgrind_ctime_test.c).
 *
 * The secret scalar is marked undefined with VALGRIND_MAKE_MEM_UNDEFINED.
 * Memcheck then reports every conditional branch and every memory address
 * that depends on it.  We run, for every curve and for two field paths
 * (PCLMUL and portable; see main for AVX, AVX2 and AVX-512), the operations that handle a secret scalar:
 *   - ecedu_scalar_mult_base  (fixed-base table method),
 *   - ecedu_scalar_mult       (Montgomery ladder + y-recovery + output; on
 *                              the six Koblitz curves the regular tau-adic
 *                              method, partial reduction and recoding
 *                              included, and in a second pass the ladder),
 *   - ecedu_ecdh              (point decoding/validation is public; the
 *                              ladder and the x output conversion are not),
 *     and with the scalar 0 ecedu_ecdh_key, the same behind a look-up of the key's shape.
 * The fifteen prime curves (curve/prime/) go through the same three calls: the
 * regular signed-window variable-base method with its masked table scan, the
 * fixed-base comb with its masked row scans, the recodings, and the Fermat
 * inversion back to affine coordinates; on secp256k1 the variable-base call is the GLV
 * method of curve/prime/glv.tmpl.h (the instance's table lists it): the split of k into
 * k1 + k2 lambda, the masked signs and the joint window.  Their field does not depend on the
 * GF(2^m) path, so they run once (in the first pass).
 * "--mulx" (given by the test when the real CPU has BMI2 and ADX): every prime curve again with
 * the MULX/ADX flag on (their MULX copies, instances/gfp_<curve>_mulx.c, where they have one).  Valgrind's virtual CPU
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
 *
 * The second checker (issue 18): the same file built by clang with
 * -fsanitize=memory together with every library unit (tests/ctime/build_msan.py;
 * secrets poisoned through ctime_check.h), run natively, so on every level:
 *   ./ctime_driver --level avx512|avx2|avx|pclmul|portable   every curve at that level
 *   ./ctime_driver --level L --selftest     a branch on a product of the level's
 *                                           GF(2^571) multiplication: must be reported
 *   ./ctime_driver --level L --taint-flow   no secret lost through the field code
 *   ./ctime_driver --selftest-index         a table read at a secret index: must be reported
 * (tests/ctime/test_ctime_msan.py).  There the prime fields run their portable C:
 * MSan does not follow a secret through the MULX inline assembly.
 * Debian/Ubuntu: <valgrind/memcheck.h> is in the `valgrind` package.
 */
#include <stdio.h>
#include <string.h>
#include "ctime_check.h"
#if ECEDU_CT_MSAN
#include "ctime_ifma_curve.h"
#endif
#include "ecedu_native.h"
#include "internal.h" /* ecedu_field_for: the field functions of the level in use (--taint-flow) */

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

    /* One secret key per curve is enough: memcheck (and MSan) report a branch, index or
     * address that depends on any undefined bit, whatever the bits' values, so a second key
     * (an odd one was a second trial here) walks the same checked instructions: even and odd
     * keys take the same code (the recodings choose k or n - k by masks). */
    {
        fill(key, NL);
        key[0] = 0; /* keep it below n (top byte of n is at least 1) */

        ECEDU_CT_SECRET(key, NL);
        rc = ecedu_scalar_mult_base(ci, key, NL, x, y, F);
        ECEDU_CT_PUBLIC(&rc, sizeof rc);
        ECEDU_CT_PUBLIC(x, F);
        ECEDU_CT_PUBLIC(y, F);
        if (rc) return 1;

        ECEDU_CT_SECRET(key, NL);
        rc = ecedu_scalar_mult(ci, key, NL, peer + 1, peer + 1 + F, F, x, y);
        ECEDU_CT_PUBLIC(&rc, sizeof rc);
        ECEDU_CT_PUBLIC(x, F);
        ECEDU_CT_PUBLIC(y, F);
        if (rc) return 1;

        ECEDU_CT_SECRET(key, NL);
        rc = ecedu_ecdh(ci, key, NL, peer, 1 + 2 * F, out, F);
        ECEDU_CT_PUBLIC(&rc, sizeof rc);
        ECEDU_CT_PUBLIC(out, F);
        if (rc) return 1;

        /* invalid scalars (0 and n-ish) take the same path, result masked; here through
         * ecedu_ecdh_key, the Python hot path's entry (ecedu_ecdh behind a look-up of the
         * key's shape, public data), so that it is checked without one more multiplication */
        ecedu_key_shapes shapes = {.ci = ci, .nlen = (uint32_t)NL, .flen = (uint32_t)F,
                                   .point_len = {(uint32_t)(1 + F), (uint32_t)(1 + 2 * F)}};
        memset(key, 0, NL);
        ECEDU_CT_SECRET(key, NL);
        rc = ecedu_ecdh_key(&shapes, key, peer, 1 + 2 * F, out);
        ECEDU_CT_PUBLIC(&rc, sizeof rc);
        ECEDU_CT_PUBLIC(out, F);
        if (rc != ECEDU_ERR_SCALAR) return 1; /* 0 must be rejected, as a scalar */
        ECEDU_CT_PUBLIC(key, NL);

        /* two ECDH in one call (ecedu_ecdh_batch): a secret key in range and 0, whose codes
         * the batch combines into its return value */
        {
            unsigned char keys[2 * 80], outs[2 * 72], peers[2 * (1 + 2 * 72)];
            int32_t rcs[2];
            fill(keys, NL);
            keys[0] = 0;
            memset(keys + NL, 0, NL);
            memcpy(peers, peer, 1 + 2 * F);
            memcpy(peers + 1 + 2 * F, peer, 1 + 2 * F);
            ECEDU_CT_SECRET(keys, 2 * NL);
            rc = ecedu_ecdh_batch(ci, 2, keys, NL, peers, 1 + 2 * F, outs, F, rcs);
            ECEDU_CT_PUBLIC(&rc, sizeof rc);
            ECEDU_CT_PUBLIC(rcs, sizeof rcs);
            ECEDU_CT_PUBLIC(outs, 2 * F);
            ECEDU_CT_PUBLIC(keys, 2 * NL);
            if (rcs[0] != ECEDU_OK || rcs[1] != ECEDU_ERR_SCALAR || rc != ECEDU_ERR_SCALAR) return 1;
        }
        /* the exported inversion of GF(2^m) (ecedu_field_op), on a secret element */
        if (ci < ECEDU_NCURVES) {
            unsigned char a[72], inv[72];
            fill(a, F);
            if (m % 8) a[0] &= (unsigned char)((1u << (m % 8)) - 1);
            a[F - 1] |= 1;
            ECEDU_CT_SECRET(a, F);
            rc = ecedu_field_op(m, ECEDU_FIELD_INV, a, NULL, inv, F);
            ECEDU_CT_PUBLIC(&rc, sizeof rc);
            ECEDU_CT_PUBLIC(inv, F);
            if (rc) return 1;
        }
    }
    return 0;
}

#if ECEDU_CT_MSAN
/* --taint-flow (MSan build, with --level or --ifma CURVE): the checker must not lose a secret on the way.
 * MSan lets a value through an instruction it knows (exact or conservative shadow), but an
 * instruction it checks strictly (an unknown intrinsic) or inline assembly yields a "clean"
 * result: the code after it would then go unchecked and the run pass for nothing.  So at
 * the forced level every field function a secret goes through (mul, sqr, inv, sqrt,
 * half_trace, on each GF(2^m)), and the public results of the three scalar calls on every
 * curve, must come out still poisoned when they are not declassified.  Prints one line per
 * field and per curve, "secret" or "LOST".  With --ifma CURVE: the curve's copy at the ifma
 * prime-field level (its IFMA product, its lane-wise fold), the curve's line only. */
static int out_poisoned(const void *p, size_t n) { return __msan_test_shadow(p, n) >= 0; }

/* 0 if k G, k Q and ECDH on curve ci, with the key poisoned, give results that are still
 * poisoned (the secret reached them: the checker followed it), else 1; prints one line, "secret"
 * or "LOST", tagged with the level's name. */
static int curve_taint_lost(int ci, const char *level_name) {
    int m, nbits, h, koblitz;
    if (ecedu_curve_info(ci, &m, &nbits, &h, &koblitz)) return 1;
    size_t F = (size_t)(m + 7) / 8, NL = (size_t)(nbits + 7) / 8;
    unsigned char key[80], x[72], y[72], x2[72], y2[72], out[72], peer[1 + 2 * 72];
    memset(key, 0, sizeof key);
    key[NL - 1] = 5;
    if (ecedu_scalar_mult_base(ci, key, NL, peer + 1, peer + 1 + F, F)) return 1;
    peer[0] = 0x04;
    fill(key, NL);
    key[0] = 0;
    ECEDU_CT_SECRET(key, NL);
    ecedu_scalar_mult_base(ci, key, NL, x, y, F);
    ecedu_scalar_mult(ci, key, NL, peer + 1, peer + 1 + F, F, x2, y2);
    ecedu_ecdh(ci, key, NL, peer, 1 + 2 * F, out, F);
    int ok = out_poisoned(x, F) && out_poisoned(y, F) && out_poisoned(x2, F) && out_poisoned(y2, F) &&
             out_poisoned(out, F);
    printf("%-8s curve %-10s %s\n", level_name, ecedu_curve_name(ci), ok ? "secret" : "LOST");
    ECEDU_CT_PUBLIC(key, NL);
    return !ok;
}

/* --ifma CURVE --taint-flow: curve_taint_lost at the ifma prime-field level (ctime_ifma_curve.h) */
static int ifma_taint_lost(int ci) { return curve_taint_lost(ci, "ifma"); }

static int taint_flow(const char *level_name) {
    static const int ms[] = {163, 193, 233, 239, 283, 409, 571};
    int lost = 0;
    for (size_t i = 0; i < sizeof ms / sizeof ms[0]; i++) {
        const ecedu_field_impl *f = ecedu_field_for(ms[i]);
        uint64_t a[ECEDU_MAXW] = {0}, b[ECEDU_MAXW] = {0}, r[5][ECEDU_MAXW];
        fill((unsigned char *)a, 8 * (size_t)f->nw), fill((unsigned char *)b, 8 * (size_t)f->nw);
        a[f->nw - 1] = b[f->nw - 1] = 1; /* below z^m */
        ECEDU_CT_SECRET(a, 8 * (size_t)f->nw); /* b public: a secret times a public */
        f->mul(r[0], a, b), f->sqr(r[1], a), f->inv(r[2], a), f->sqrt(r[3], a), f->half_trace(r[4], a);
        int ok = 1;
        for (int j = 0; j < 5; j++) ok &= out_poisoned(r[j], 8 * (size_t)f->nw);
        printf("%-8s field GF(2^%d) %s\n", level_name, ms[i], ok ? "secret" : "LOST");
        lost += !ok;
    }
    for (int ci = 0; ci < ecedu_curve_count(); ci++) lost += curve_taint_lost(ci, level_name);
    return lost;
}
#endif

int main(int argc, char **argv) {
    int selftest = 0, mulx = 0, level = -1, flow = 0, index = 0;
    const char *ifma_curve = NULL; /* --ifma CURVE */
    const char *level_name = NULL;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--selftest") == 0) selftest = 1;
        else if (strcmp(argv[a], "--selftest-index") == 0) index = 1;
        else if (strcmp(argv[a], "--taint-flow") == 0 && ECEDU_CT_MSAN) flow = 1;
        else if (strcmp(argv[a], "--mulx") == 0) mulx = 1;
        else if (strcmp(argv[a], "--ifma") == 0 && a + 1 < argc && ECEDU_CT_MSAN) ifma_curve = argv[++a];
        else if (strcmp(argv[a], "--level") == 0 && a + 1 < argc && (level = ecedu_implementation_named(argv[a + 1])) >= 0)
            level_name = argv[++a];
        else {
            fprintf(stderr, "usage: %s [--selftest | --selftest-index] [--mulx] [--ifma CURVE [--taint-flow]] [--level portable|pclmul|avx|avx2|avx512 [--taint-flow]]\n",
                    argv[0]);
            return 2;
        }
    }
    if (index) {
        /* a table read at a secret index (the other leak both checkers report) */
        static const unsigned char table[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
        unsigned char secret[2] = {5, 9};
        ECEDU_CT_SECRET(secret, sizeof secret);
        unsigned char v = table[secret[1] & 15];
        ECEDU_CT_PUBLIC(&v, 1);
        printf("selftest done %d\n", v);
        return 0;
    }
    if (selftest && level_name) {
        /* a branch on the product of a secret by the forced level's multiplication (GF(2^571):
         * the 512-bit VPCLMULQDQ product at avx512): must be reported, at the branch in main */
        if (ecedu_force_implementation(level) != 0) return 3;
        const ecedu_field_impl *f = ecedu_field_for(571);
        uint64_t a[ECEDU_MAXW] = {3, 5}, r[ECEDU_MAXW];
        volatile int sink = 0;
        ECEDU_CT_SECRET(a, sizeof a);
        f->mul(r, a, a);
        if (r[1] & 1) sink++; /* a secret-dependent branch behind the field code */
        printf("selftest done %d\n", sink);
        return 0;
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
    (void)flow; /* --taint-flow: MSan build only */
#if ECEDU_CT_MSAN
    /* MSan sees inline assembly only through its operands: the MULX/ADX products take
     * their inputs as pointers (public) and return clean registers, so a secret would
     * come out "public" and the code after it go unchecked.  The prime fields run their
     * portable C here; the MULX level stays valgrind's (--mulx of the memcheck build). */
    if (mulx) {
        fprintf(stderr, "--mulx: the MULX level is checked by valgrind, not by the MSan build\n");
        return 2;
    }
    /* --ifma CURVE: k G, k Q and ECDH on the curve's copy at the ifma level (ctime_ifma_curve.h) */
    if (ifma_curve) return ctime_ifma_curve(ifma_curve, flow ? ifma_taint_lost : run_curve, flow ? "taint  " : "prime  ");
    ecedu_force_prime_implementation(ECEDU_GFP_IMPL_PORTABLE);
#endif
    int fails = 0;
    if (level_name) {
        /* One level, forced for every field, checked on all curves (tau-adic and ladder
         * on the Koblitz ones, the prime curves too: with the prime fields portable).
         * Each binary field must report the level back: no silent fallback. */
        if (ecedu_force_implementation(level) != 0) {
            printf("level %s not available on this CPU\n", level_name);
            return 3;
        }
#if ECEDU_CT_MSAN
        if (flow) {
            int lost = taint_flow(level_name);
            printf("checker=%s level=%s taint-flow lost=%d\n", ECEDU_CT_CHECKER, level_name, lost);
            return lost ? 2 : 0;
        }
#endif
        for (int ladder = 0; ladder <= 1; ladder++) {
            ecedu_set_koblitz_method(ladder ? ECEDU_KOBLITZ_LADDER : ECEDU_KOBLITZ_TNAF);
            for (int ci = 0; ci < ecedu_curve_count(); ci++) {
                int m, nbits, h, koblitz;
                if (ecedu_curve_info(ci, &m, &nbits, &h, &koblitz)) return 2;
                int prime = strncmp(ecedu_curve_name(ci), "sect", 4) != 0;
                if (ladder && !koblitz) continue;
                if (ladder && prime) continue;
                if (!prime && ecedu_field_implementation(m) != level) {
                    printf("%-8s GF(2^%d) runs level %d, not the forced one\n", level_name, m,
                           ecedu_field_implementation(m));
                    return 2;
                }
                if (!prime && koblitz && ecedu_koblitz_uses_tnaf(ci) != !ladder) { /* the switch took */
                    printf("%-8s %s does not run the %s method\n", level_name, ecedu_curve_name(ci),
                           ladder ? "ladder" : "tau-adic");
                    return 2;
                }
                int r = run_curve(ci);
                printf("%-8s %s %-10s %s\n", level_name, prime ? "prime " : ladder ? "ladder" : "tau   ",
                       ecedu_curve_name(ci), r ? "FAIL" : "ok");
                fails += r;
            }
        }
        ecedu_set_koblitz_method(ECEDU_KOBLITZ_DEFAULT);
        ecedu_force_implementation(-1);
        printf("checker=%s level=%s prime_level=%d failures=%d\n", ECEDU_CT_CHECKER, level_name,
               ecedu_prime_implementation(), fails);
        return fails ? 2 : 0;
    }
    /* Two of the five field paths: PCLMULQDQ (if the CPU has it, else the
     * best available), then portable.  The AVX, AVX2 and AVX-512 paths are not
     * checked by valgrind (they are by the MSan build, --level above).  The AVX
     * path is the PCLMULQDQ code in its VEX forms, but gcc writes some 64-bit
     * moves between xmm registers there as VMOVQ (VEX 66 0F D6), whose register
     * form valgrind 3.19 does not decode (SIGILL, tried), so cpu.c does not pick
     * that level under valgrind.  And:
     * valgrind 3.19 executes neither 256-bit VPCLMULQDQ
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
    printf("avx level under this run: %s\n",
           ecedu_force_implementation(ECEDU_IMPL_AVX) == 0 ? "available (not checked here)" : "not available");
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
    if (mulx) {
        ecedu_gfp_mulx_flag = 1;
        for (int ci = 0; ci < ecedu_curve_count(); ci++) {
            /* every prime curve, not only those with a MULX copy (instances/gfp_<curve>_mulx.c):
             * the flag reaches X25519's and the 4-word group orders' MULX code as well, and a list
             * of names would have to follow the instances by hand */
            if (strncmp(ecedu_curve_name(ci), "sect", 4) == 0) continue; /* binary fields: no MULX code */
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
