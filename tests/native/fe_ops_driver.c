/*
 * fe_ops_driver.c -- the whole fe interface of each fixed-size prime field of
 * src/field/gfp/ (fe_*.h, compiled into this program), for
 * tests/native/test_native_fe_ops.py: reads lines "<field> <a hex> <b hex>" (a, b
 * big-endian, the field's byte size) and prints one line of results, computed
 * in the field's own representation so that partially reduced values flow from
 * one operation into the next:
 *   ok(a) ok(b)  a*b  a^2  a+b  a-b  -a  (a+b)(a-b)  ((a+b)(a-b))^2 + 2(-a)
 *   a^-1  a a^-1  is_zero(a)  is_zero(a-a)  cmov(a<-b, 1)  cmov(a<-b, 0)  7
 *   chain: x = a, y = b, then 6 times (x = x + y, y = y - x, y = y + y); x y; (x + x + x + x) - (-y);
 *          the lazy add/sub bounds at their top (sums of sums before a product)
 * (ok: the from_bytes mask as 0/1; every element as canonical hex bytes).
 * Fields: p192s p224s p256s p384s p521m p256m p224u p256u p224w p521u, the folds of the curves
 * secp160r1, P-192, P-224 and P-384 (p160c, p192f, p224f, p384f), and the generic CIOS field
 * fe_mont.tmpl.h at secp160r1 (g160), secp256k1 (g256k) and P-384 (g384), with the sparse
 * reduction row at secp160r1, P-192, P-224, P-384 (g160s, g192s, g224s, g384s) and in the
 * plain mode FEM_PM at secp256k1 (g256kp); argv[1] "portable" forces the portable P-256 and
 * P-224 Montgomery products (p256m, p224w) and the C products of p224f and p384f; p521i and p384i
 * (fe_p521_ifma.h, fe_p384_ifma.h: AVX-512 IFMA) are compiled in always and run only on the lines
 * the test sends where the CPU has it.
 * GF(2^255 - 19): fe25519 (fe25519.h, radix 2^51) and fe25519x (fe25519_mulx.h, four 64-bit
 * limbs, MULX/ADCX/ADOX: its run function compiled for BMI2/ADX, refused with "no mulx"
 * unless cpu.c's flag says the CPU has them).
 */
#include <stdio.h>
#include <string.h>
#include "internal.h"

#include "field/gfp/fe_p192_solinas.h"
#include "field/gfp/fe_p224_solinas.h"
#include "field/gfp/fe_p224_mont.h"
#include "field/gfp/fe_p224_unsat.h"
#include "field/gfp/fe_p256_unsat.h"
#include "field/gfp/fe_p256_mont.h"
#include "field/gfp/fe_p256_solinas.h"
#include "field/gfp/fe_p384_solinas.h"
#include "field/gfp/fe_p521_mersenne.h"
#include "field/gfp/fe_p521_unsat.h"
#include "field/gfp/fe_p160_crandall.h"
#include "field/gfp/fe_p192_fold.h"
#include "field/gfp/fe_p224_fold.h"
#include "field/gfp/fe_p384_fold.h"
#include "field/gfp/fe25519.h"
#include "field/gfp/fe25519_mulx.h"
#include "field/gfp/fe_p521_ifma.h" /* AVX-512 IFMA: called only for "p521i" lines (the test sends them where the CPU has it) */
#include "field/gfp/fe_p384_ifma.h" /* the same, "p384i" and "h.p384i" lines */
#include "curve/prime/sec2_prime_params.h"

/* the generic CIOS field of the curves (fe_mont.tmpl.h) at three sizes: 3 limbs (secp160r1),
 * 4 (secp256k1), 6 (secp384r1: the out-of-line product and squaring) */
#define FEM(name) g160_##name
#define FEM_LIMBS ECEDU_PC_SECP160R1_LIMBS
#define FEM_BYTES ECEDU_PC_SECP160R1_BYTES
#define FEM_P ECEDU_PC_SECP160R1_P
#define FEM_PINV ECEDU_PC_SECP160R1_PINV
#define FEM_RR ECEDU_PC_SECP160R1_RR
#include "field/gfp/fe_mont.tmpl.h"
#include "instances/gfp_undef.h"
#define FEM(name) g256k_##name
#define FEM_LIMBS ECEDU_PC_SECP256K1_LIMBS
#define FEM_BYTES ECEDU_PC_SECP256K1_BYTES
#define FEM_P ECEDU_PC_SECP256K1_P
#define FEM_PINV ECEDU_PC_SECP256K1_PINV
#define FEM_RR ECEDU_PC_SECP256K1_RR
#include "field/gfp/fe_mont.tmpl.h"
#include "instances/gfp_undef.h"
#define FEM(name) g384_##name
#define FEM_LIMBS ECEDU_PC_SECP384R1_LIMBS
#define FEM_BYTES ECEDU_PC_SECP384R1_BYTES
#define FEM_P ECEDU_PC_SECP384R1_P
#define FEM_PINV ECEDU_PC_SECP384R1_PINV
#define FEM_RR ECEDU_PC_SECP384R1_RR
#include "field/gfp/fe_mont.tmpl.h"
#include "instances/gfp_undef.h"
/* the same template as the instances use it (issue 14): the sparse reduction row for
 * p = 2^b - c (FEM_PBITS ...) at secp160r1 (b = 160, a shifted m 2^b), P-192 (-1/p = 1, c of
 * two limbs), P-224 (b = 224 in 4 limbs), P-384 (c of three limbs, out of line), and the plain
 * mode FEM_PM at secp256k1 */
#define FEM(name) g160s_##name
#define FEM_LIMBS ECEDU_PC_SECP160R1_LIMBS
#define FEM_BYTES ECEDU_PC_SECP160R1_BYTES
#define FEM_P ECEDU_PC_SECP160R1_P
#define FEM_PINV ECEDU_PC_SECP160R1_PINV
#define FEM_RR ECEDU_PC_SECP160R1_RR
#define FEM_PBITS ECEDU_PC_SECP160R1_PBITS
#define FEM_PC ECEDU_PC_SECP160R1_PC
#define FEM_PCLIMBS ECEDU_PC_SECP160R1_PCLIMBS
#include "field/gfp/fe_mont.tmpl.h"
#include "instances/gfp_undef.h"
#define FEM(name) g192s_##name
#define FEM_LIMBS ECEDU_PC_SECP192R1_LIMBS
#define FEM_BYTES ECEDU_PC_SECP192R1_BYTES
#define FEM_P ECEDU_PC_SECP192R1_P
#define FEM_PINV ECEDU_PC_SECP192R1_PINV
#define FEM_RR ECEDU_PC_SECP192R1_RR
#define FEM_PBITS ECEDU_PC_SECP192R1_PBITS
#define FEM_PC ECEDU_PC_SECP192R1_PC
#define FEM_PCLIMBS ECEDU_PC_SECP192R1_PCLIMBS
#include "field/gfp/fe_mont.tmpl.h"
#include "instances/gfp_undef.h"
#define FEM(name) g224s_##name
#define FEM_LIMBS ECEDU_PC_SECP224R1_LIMBS
#define FEM_BYTES ECEDU_PC_SECP224R1_BYTES
#define FEM_P ECEDU_PC_SECP224R1_P
#define FEM_PINV ECEDU_PC_SECP224R1_PINV
#define FEM_RR ECEDU_PC_SECP224R1_RR
#define FEM_PBITS ECEDU_PC_SECP224R1_PBITS
#define FEM_PC ECEDU_PC_SECP224R1_PC
#define FEM_PCLIMBS ECEDU_PC_SECP224R1_PCLIMBS
#include "field/gfp/fe_mont.tmpl.h"
#include "instances/gfp_undef.h"
#define FEM(name) g384s_##name
#define FEM_LIMBS ECEDU_PC_SECP384R1_LIMBS
#define FEM_BYTES ECEDU_PC_SECP384R1_BYTES
#define FEM_P ECEDU_PC_SECP384R1_P
#define FEM_PINV ECEDU_PC_SECP384R1_PINV
#define FEM_RR ECEDU_PC_SECP384R1_RR
#define FEM_PBITS ECEDU_PC_SECP384R1_PBITS
#define FEM_PC ECEDU_PC_SECP384R1_PC
#define FEM_PCLIMBS ECEDU_PC_SECP384R1_PCLIMBS
#include "field/gfp/fe_mont.tmpl.h"
#include "instances/gfp_undef.h"
#define FEM(name) g256kp_##name
#define FEM_LIMBS ECEDU_PC_SECP256K1_LIMBS
#define FEM_BYTES ECEDU_PC_SECP256K1_BYTES
#define FEM_P ECEDU_PC_SECP256K1_P
#define FEM_PINV ECEDU_PC_SECP256K1_PINV
#define FEM_RR ECEDU_PC_SECP256K1_RR
#define FEM_PBITS ECEDU_PC_SECP256K1_PBITS
#define FEM_PC ECEDU_PC_SECP256K1_PC
#define FEM_PCLIMBS ECEDU_PC_SECP256K1_PCLIMBS
#define FEM_PM ECEDU_PC_SECP256K1_PM_OK
#include "field/gfp/fe_mont.tmpl.h"
#include "instances/gfp_undef.h"

static int unhex(uint8_t *out, size_t n, const char *s) {
    if (strlen(s) != 2 * n) return -1;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1) return -1;
        out[i] = (uint8_t)v;
    }
    return 0;
}

static void put(const uint8_t *b, size_t n) {
    putchar(' ');
    for (size_t i = 0; i < n; i++) printf("%02x", b[i]);
}

#define RUN(pfx, N)                                                                  \
    static void run_##pfx(const uint8_t *ab, const uint8_t *bb) {                    \
        pfx##_fe a, b, s, d, t, u, z;                                                \
        uint8_t o[N];                                                                \
        uint64_t oka = pfx##_from_bytes(&a, ab), okb = pfx##_from_bytes(&b, bb);     \
        printf("%d %d", (int)(oka & 1), (int)(okb & 1));                            \
        pfx##_mul(&t, &a, &b), pfx##_to_bytes(o, &t), put(o, N);                     \
        pfx##_sqr(&t, &a), pfx##_to_bytes(o, &t), put(o, N);                         \
        pfx##_add(&s, &a, &b), pfx##_to_bytes(o, &s), put(o, N);                     \
        pfx##_sub(&d, &a, &b), pfx##_to_bytes(o, &d), put(o, N);                     \
        pfx##_neg(&u, &a), pfx##_to_bytes(o, &u), put(o, N);                         \
        pfx##_mul(&t, &s, &d), pfx##_to_bytes(o, &t), put(o, N);                     \
        pfx##_sqr(&t, &t), pfx##_add(&u, &u, &u), pfx##_add(&t, &t, &u);             \
        pfx##_to_bytes(o, &t), put(o, N);                                            \
        pfx##_inv(&t, &a), pfx##_to_bytes(o, &t), put(o, N);                         \
        pfx##_mul(&t, &t, &a), pfx##_to_bytes(o, &t), put(o, N);                     \
        pfx##_sub(&z, &a, &a);                                                       \
        printf(" %d %d", (int)(pfx##_is_zero(&a) & 1), (int)(pfx##_is_zero(&z) & 1)); \
        t = a, pfx##_cmov(&t, &b, ~(uint64_t)0), pfx##_to_bytes(o, &t), put(o, N);   \
        t = a, pfx##_cmov(&t, &b, 0), pfx##_to_bytes(o, &t), put(o, N);              \
        pfx##_set_small(&t, 7), pfx##_to_bytes(o, &t), put(o, N);                    \
        s = a, d = b;                                                                \
        for (int i = 0; i < 6; i++)                                                  \
            pfx##_add(&s, &s, &d), pfx##_sub(&d, &d, &s), pfx##_add(&d, &d, &d);     \
        pfx##_mul(&t, &s, &d), pfx##_to_bytes(o, &t), put(o, N);                     \
        pfx##_add(&t, &s, &s), pfx##_add(&t, &t, &s), pfx##_add(&t, &t, &s);         \
        pfx##_neg(&u, &d), pfx##_sub(&t, &t, &u), pfx##_to_bytes(o, &t), put(o, N);  \
        putchar('\n');                                                               \
    }
RUN(p192s, 24)
RUN(p224s, 28)
RUN(p256s, 32)
RUN(p384s, 48)
RUN(p521m, 66)
RUN(p256m, 32)
RUN(p224u, 28)
RUN(p256u, 32)
RUN(p224w, 28)
RUN(p521u, 66)
RUN(g160, 20)
RUN(g256k, 32)
RUN(g384, 48)
RUN(g160s, 20)
RUN(g192s, 24)
RUN(g224s, 28)
RUN(g384s, 48)
RUN(g256kp, 32)
RUN(p160c, 20)
RUN(p192f, 24)
RUN(p224f, 28)
RUN(p384f, 48)
RUN(fe25519, 32)
#pragma GCC push_options
#pragma GCC target("bmi2,adx")
RUN(fe25519x, 32)
/* fe25519x on ANY representation a, b < 2^256 (its partially reduced values, which a chain of
 * from_bytes inputs rarely reaches: 2^256 - 1, 2p + 37, ...): input "r.fe25519x <a> <b>", the
 * limbs set directly from the big-endian bytes; output a b, a^2, a + b, a - b, 121665 a, -a,
 * a^-1, canonical. */
static void raw_fe25519x(const uint8_t *ab, const uint8_t *bb) {
    fe25519x_fe a, b, t;
    uint8_t o[32];
    for (int i = 0; i < 4; i++) {
        a.v[i] = b.v[i] = 0;
        for (int j = 0; j < 8; j++) {
            a.v[i] |= (uint64_t)ab[31 - 8 * i - j] << (8 * j);
            b.v[i] |= (uint64_t)bb[31 - 8 * i - j] << (8 * j);
        }
    }
    fe25519x_mul(&t, &a, &b), fe25519x_to_bytes(o, &t), put(o, 32);
    fe25519x_sqr(&t, &a), fe25519x_to_bytes(o, &t), put(o, 32);
    fe25519x_add(&t, &a, &b), fe25519x_to_bytes(o, &t), put(o, 32);
    fe25519x_sub(&t, &a, &b), fe25519x_to_bytes(o, &t), put(o, 32);
    fe25519x_mul_small(&t, &a, 121665), fe25519x_to_bytes(o, &t), put(o, 32);
    fe25519x_neg(&t, &a), fe25519x_to_bytes(o, &t), put(o, 32);
    fe25519x_inv(&t, &a), fe25519x_to_bytes(o, &t), put(o, 32);
    putchar('\n');
}
#pragma GCC pop_options
/* the IFMA fields' products are inlined (always_inline): their callers need the same target */
#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512ifma")
RUN(p521i, 66)
RUN(p384i, 48)
#pragma GCC pop_options

/* The halving of the saturated fields (fe_sat.tmpl.h's FE_NAME(half), the FE_HALF of
 * curve/prime/sw.tmpl.h): input lines "h.<field> <a> <b>", output a/2 and ((a+b)/2)/2. */
#define HALF(pfx, N)                                                                 \
    static void half_##pfx(const uint8_t *ab, const uint8_t *bb) {                   \
        pfx##_fe a, b, t;                                                            \
        uint8_t o[N];                                                                \
        pfx##_from_bytes(&a, ab), pfx##_from_bytes(&b, bb);                          \
        pfx##_half(&t, &a), pfx##_to_bytes(o, &t), put(o, N);                        \
        pfx##_add(&t, &a, &b), pfx##_half(&t, &t), pfx##_half(&t, &t);               \
        pfx##_to_bytes(o, &t), put(o, N);                                            \
        putchar('\n');                                                               \
    }
HALF(p192s, 24)
HALF(p224s, 28)
HALF(p256s, 32)
HALF(p384s, 48)
HALF(p521m, 66)
HALF(p256m, 32)
HALF(p224w, 28)
HALF(p224f, 28)
HALF(p384f, 48) /* fe_p384_fold.h's own (assembly) halving */
#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512ifma")
HALF(p384i, 48) /* fe_p384_ifma.h's lane-wise halving (ifma level only) */
#pragma GCC pop_options

/* The fused linear combinations of fe_p521_unsat.h and fe_p521_ifma.h (p521u_lin, p521i_lin: the
 * FE_LIN of curve/prime/sw.tmpl.h's doubling), at their three uses and at the ends of their input
 * bound: input lines "l.<field> <a> <b>", output 12a - 9b, 4a - b, 3a - 8b for (a, b), (a, b + T)
 * and (a + T, b), T = (2^r - 1) sum_i 2^(r i) in the field's radix r (58, 48): limbs of b + T and
 * a + T up to 2^(r+1) - 2, the largest loose limbs (the first pair of ends needs all of the
 * multiple of p against 9 b, the second keeps the sum within its lanes). */
#define LIN(pfx)                                                                              \
    static void lin_##pfx(const uint8_t *ab, const uint8_t *bb) {                             \
        static const uint64_t k[3][2] = {{12, 9}, {4, 1}, {3, 8}};                            \
        pfx##_fe a, b, t, x, y;                                                               \
        uint8_t o[66];                                                                        \
        pfx##_from_bytes(&a, ab), pfx##_from_bytes(&b, bb);                                   \
        for (int round = 0; round < 3; round++) {                                             \
            x = a, y = b;                                                                     \
            for (int i = 0; i < TOPN_##pfx; i++) {                                            \
                if (round == 1) y.v[i] += TOP_##pfx;                                          \
                if (round == 2) x.v[i] += TOP_##pfx;                                          \
            }                                                                                 \
            for (int j = 0; j < 3; j++)                                                       \
                pfx##_lin(&t, k[j][0], &x, k[j][1], &y), pfx##_to_bytes(o, &t), put(o, 66);   \
        }                                                                                     \
        putchar('\n');                                                                        \
    }
#define TOPN_p521u 9
#define TOP_p521u ((1ULL << 58) - 1) /* nine 58-bit limbs */
#define TOPN_p521i 11
#define TOP_p521i ((1ULL << 48) - 1) /* eleven 48-bit limbs */
LIN(p521u)
#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512ifma")
LIN(p521i) /* ifma level only */
#pragma GCC pop_options

/* The variable-time inversions of the fields that have one (<prefix>_inv_vartime: sw.tmpl.h's
 * FE_INV_VARTIME, the inversion of a public point's table): input lines "v.<field> <a> <b>",
 * output a^-1 and (a + b)^-1 (0 -> 0; a + b a lazily reduced sum, as the table's products are). */
#define INVV(pfx, N)                                                                 \
    static void invv_##pfx(const uint8_t *ab, const uint8_t *bb) {                   \
        pfx##_fe a, b, t;                                                            \
        uint8_t o[N];                                                                \
        pfx##_from_bytes(&a, ab), pfx##_from_bytes(&b, bb);                          \
        pfx##_inv_vartime(&t, &a), pfx##_to_bytes(o, &t), put(o, N);                 \
        pfx##_add(&t, &a, &b), pfx##_inv_vartime(&t, &t);                            \
        pfx##_to_bytes(o, &t), put(o, N);                                            \
        putchar('\n');                                                               \
    }
INVV(p256m, 32)
INVV(p224f, 28)
INVV(p384f, 48)
INVV(p521u, 66)
#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512ifma")
INVV(p384i, 48) /* ifma level only */
INVV(p521i, 66)
#pragma GCC pop_options

int main(int argc, char **argv) {
    static const struct { const char *name; size_t n; void (*run)(const uint8_t *, const uint8_t *); } f[] = {
        {"p192s", 24, run_p192s}, {"p224s", 28, run_p224s}, {"p256s", 32, run_p256s},
        {"p384s", 48, run_p384s}, {"p521m", 66, run_p521m}, {"p256m", 32, run_p256m},
        {"p224u", 28, run_p224u}, {"p256u", 32, run_p256u}, {"p224w", 28, run_p224w}, {"p521u", 66, run_p521u},
        {"g160", 20, run_g160}, {"g256k", 32, run_g256k}, {"g384", 48, run_g384},
        {"g160s", 20, run_g160s}, {"g192s", 24, run_g192s}, {"g224s", 28, run_g224s},
        {"g384s", 48, run_g384s}, {"g256kp", 32, run_g256kp}, {"p160c", 20, run_p160c},
        {"p192f", 24, run_p192f}, {"p224f", 28, run_p224f}, {"p384f", 48, run_p384f}, {"fe25519", 32, run_fe25519},
        {"fe25519x", 32, run_fe25519x}, {"r.fe25519x", 32, raw_fe25519x}, {"p521i", 66, run_p521i},
        {"p384i", 48, run_p384i}, {"h.p384i", 48, half_p384i},
        {"h.p192s", 24, half_p192s}, {"h.p224s", 28, half_p224s}, {"h.p256s", 32, half_p256s},
        {"h.p384s", 48, half_p384s}, {"h.p521m", 66, half_p521m}, {"h.p256m", 32, half_p256m},
        {"h.p224w", 28, half_p224w}, {"h.p224f", 28, half_p224f}, {"h.p384f", 48, half_p384f},
        {"l.p521u", 66, lin_p521u}, {"l.p521i", 66, lin_p521i},
        {"v.p256m", 32, invv_p256m}, {"v.p224f", 28, invv_p224f}, {"v.p384f", 48, invv_p384f}, {"v.p521u", 66, invv_p521u},
        {"v.p384i", 48, invv_p384i}, {"v.p521i", 66, invv_p521i},
    };
    if (argc > 1 && strcmp(argv[1], "portable") == 0 && ecedu_force_prime_implementation(0)) return 2;
    char name[16], ha[200], hb[200];
    uint8_t a[66], b[66];
    while (scanf("%15s %199s %199s", name, ha, hb) == 3) {
        size_t i = 0;
        while (i < sizeof f / sizeof f[0] && strcmp(f[i].name, name)) i++;
        if (i == sizeof f / sizeof f[0] || unhex(a, f[i].n, ha) || unhex(b, f[i].n, hb)) {
            printf("bad input\n");
            return 1;
        }
        if ((f[i].run == run_fe25519x || f[i].run == raw_fe25519x) && !ecedu_gfp_mulx_enabled()) {
            printf("no mulx\n"); /* the CPU lacks BMI2/ADX, or the level is forced down */
            return 1;
        }
        f[i].run(a, b);
    }
    return 0;
}
