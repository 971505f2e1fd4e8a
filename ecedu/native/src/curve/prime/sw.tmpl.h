/*
 * sw.tmpl.h -- TEMPLATE: one short Weierstrass curve y^2 = x^3 + a x + b over a prime field,
 * a = -3 (the NIST curves) or a = 0 (secp256k1), of prime order n (cofactor 1).  Included
 * once by each instances/gfp_<curve>.c; exports the function table PC_TABLE_NAME
 * (an ecedu_pcurve_impl, internal.h) that protocol/ecdh_prime.c and protocol/ecdsa.c call.
 *
 * Macro contract (set by the instance before the #include, undefined by it after; this
 * template defines no macro of its own):
 *   PC(name)          a unique prefix for every function and type of the instance
 *   PC_TABLE_NAME     the name of the exported const ecedu_pcurve_impl
 *   the field, through the "fe interface" of field/gfp/README.md (any implementation):
 *     FE_T  FE_BYTES  FE_FROM_BYTES  FE_TO_BYTES  FE_SET_SMALL  FE_MUL  FE_SQR  FE_ADD
 *     FE_SUB  FE_NEG  FE_CMOV  FE_IS_ZERO  FE_INV
 *   and optionally FE_HALF (r = a / 2 mod p, as fe_sat.tmpl.h's FE_NAME(half)): then the
 *   a = -3 Jacobian doubling takes the variant with fewer additions (PC(jdbl))
 *   or FE_LIN (FE_LIN(r, ka, a, kb, b): r = ka a - kb b mod p for public 1 <= ka <= 12,
 *   0 <= kb <= 9, as fe_p521_unsat.h's p521u_lin): the a = -3 doubling by 3M + 5S with its
 *   additions fused into three such combinations (PC(jdbl); it takes precedence over FE_HALF)
 *   and optionally PC_AFFINE_TABLE 1: PC(mul) adds from an affine table (see there)
 *   and optionally FE_INV_VARTIME (a^-1 in variable time, for a PUBLIC a: the fields'
 *   <prefix>_inv_vartime, scalar/modinv.h's modinv_vartime): the inversion that makes a table
 *   of a public point's multiples affine (PC(jac_table_to_affine_vartime)); FE_INV if unset
 *   the curve (from curve/prime/sec2_prime_params.h, generated from ecedu/curves/sec2.py;
 *   an instance binds them all at once by PC_CURVE(name) and curve/prime/sw_params.h):
 *     PC_A_ZERO         1 if a = 0, 0 if a = -3
 *     PC_P, PC_PW       p as PC_PW little-endian 64-bit words (for the square-root exponents)
 *     PC_B, PC_GX, PC_GY   b and the base point G as FE_BYTES big-endian bytes
 *     PC_N, PC_NW       the order n as PC_NW little-endian words
 *     PC_NBITS          bits(n) (161 for secp160r1: one more than the field)
 *
 * Points: projective (X : Y : Z) with x = X/Z, y = Y/Z; the point at infinity is (0 : 1 : 0).
 * Additions: the COMPLETE formulas of Renes, Costello and Batina, "Complete addition formulas
 * for prime order elliptic curves", EUROCRYPT 2016 (RCB): Alg. 4 (addition), 5 (mixed
 * addition, second point affine) and 6 (doubling) for a = -3; Alg. 7, 8, 9 for a = 0.  They
 * are correct for every pair of points of the curve -- P = Q, P = -Q, either one infinity
 * (Alg. 5/8: the affine point cannot be infinity; the projective one can)
 * (tests/native/test_native_prime_curves.py runs the cases through ecedu_prime_point_op).
 * The scalar loops run on the cheaper Jacobian formulas (PC(jdbl), PC(jadd), PC(jmadd) below),
 * which are wrong for P = +-Q and infinity: each loop proves in its comment which of its steps
 * cannot meet those cases, and does the other steps (the last addition of PC(mul), the top rows
 * of PC(mul_base)) with the complete formulas after PC(jac_to_proj); the joint vartime loop
 * tests the cases by branches.  No masks for exceptional cases anywhere.
 *
 * Secret paths (valgrind: tests/ctime/ctime_driver.c through ecedu_scalar_mult, _mult_base and
 * ecedu_ecdh; tests/ctime_ecdsa/ctime_ecdsa_driver.c through signing): PC(mul) and PC(mul_base)
 * are constant time in k: fixed digit count, every table entry read under a mask, signs applied
 * by masks, and the final inversion by FE_INV (constant time).  The tables they add from hold
 * multiples of the input point, which is public (the peer's key; G), as in libsecp256k1's
 * ecmult_const, constant time in the scalar only: their affine form may be computed in
 * variable time (PC(jac_table_to_affine_vartime)).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <emmintrin.h> /* SSE2: PC(lookup) */
#endif

typedef struct {
    FE_T X, Y, Z;
} PC(pt);

typedef struct {
    FE_T x, y;
} PC(aff);

static const uint8_t PC(b_bytes)[FE_BYTES] = PC_B;
static const uint8_t PC(gx_bytes)[FE_BYTES] = PC_GX;
static const uint8_t PC(gy_bytes)[FE_BYTES] = PC_GY;
static const uint64_t PC(n)[PC_NW] = PC_N;
static const uint64_t PC(p)[PC_PW] = PC_P;

enum {
    PC(VW) = 5,                      /* window of the variable-base method          */
    PC(VD) = PC_NBITS / 5 + 1,       /* its digits                                  */
    PC(FCW) = 5,                     /* bits per window of the fixed-base comb      */
    PC(FCN) = 16,                    /* its entries per row: 2^(FCW - 1)            */
    PC(FW) = PC_NBITS / 5 + 1,       /* its windows (rows)                          */
    PC(GNW) = 14,                    /* width of u1's NAF in verification           */
    PC(GN) = 4096,                   /* its odd multiples of G: 2^(GNW - 2)         */
    PC(GNW_SPARE) = 6,               /* the width on the stack if no table (malloc) */
    PC(GN_SPARE) = 16,               /* its odd multiples: 2^(GNW_SPARE - 2)        */
};

/* The curve constant used by the formulas: b (a = -3) or 3b (a = 0). */
static void PC(bconst)(FE_T *bc) {
    FE_FROM_BYTES(bc, PC(b_bytes));
#if PC_A_ZERO
    FE_T t;
    FE_ADD(&t, bc, bc);
    FE_ADD(bc, &t, bc);
#endif
}

static void PC(set_inf)(PC(pt) *r) {
    FE_SET_SMALL(&r->X, 0);
    FE_SET_SMALL(&r->Y, 1);
    FE_SET_SMALL(&r->Z, 0);
}

#if !PC_A_ZERO
/* r = p + q, RCB Alg. 4 (a = -3): 12M + 2 m_b + 29 additions.  r may alias p or q. */
static void PC(add)(PC(pt) *r, const PC(pt) *p, const PC(pt) *q, const FE_T *b) {
    FE_T t0, t1, t2, t3, t4, X3, Y3, Z3;
    FE_MUL(&t0, &p->X, &q->X);
    FE_MUL(&t1, &p->Y, &q->Y);
    FE_MUL(&t2, &p->Z, &q->Z);
    FE_ADD(&t3, &p->X, &p->Y);
    FE_ADD(&t4, &q->X, &q->Y);
    FE_MUL(&t3, &t3, &t4);
    FE_ADD(&t4, &t0, &t1);
    FE_SUB(&t3, &t3, &t4);
    FE_ADD(&t4, &p->Y, &p->Z);
    FE_ADD(&X3, &q->Y, &q->Z);
    FE_MUL(&t4, &t4, &X3);
    FE_ADD(&X3, &t1, &t2);
    FE_SUB(&t4, &t4, &X3);
    FE_ADD(&X3, &p->X, &p->Z);
    FE_ADD(&Y3, &q->X, &q->Z);
    FE_MUL(&X3, &X3, &Y3);
    FE_ADD(&Y3, &t0, &t2);
    FE_SUB(&Y3, &X3, &Y3);
    FE_MUL(&Z3, b, &t2);
    FE_SUB(&X3, &Y3, &Z3);
    FE_ADD(&Z3, &X3, &X3);
    FE_ADD(&X3, &X3, &Z3);
    FE_SUB(&Z3, &t1, &X3);
    FE_ADD(&X3, &t1, &X3);
    FE_MUL(&Y3, b, &Y3);
    FE_ADD(&t1, &t2, &t2);
    FE_ADD(&t2, &t1, &t2);
    FE_SUB(&Y3, &Y3, &t2);
    FE_SUB(&Y3, &Y3, &t0);
    FE_ADD(&t1, &Y3, &Y3);
    FE_ADD(&Y3, &t1, &Y3);
    FE_ADD(&t1, &t0, &t0);
    FE_ADD(&t0, &t1, &t0);
    FE_SUB(&t0, &t0, &t2);
    FE_MUL(&t1, &t4, &Y3);
    FE_MUL(&t2, &t0, &Y3);
    FE_MUL(&Y3, &X3, &Z3);
    FE_ADD(&Y3, &Y3, &t2);
    FE_MUL(&X3, &t3, &X3);
    FE_SUB(&X3, &X3, &t1);
    FE_MUL(&Z3, &t4, &Z3);
    FE_MUL(&t1, &t3, &t0);
    FE_ADD(&Z3, &Z3, &t1);
    r->X = X3;
    r->Y = Y3;
    r->Z = Z3;
}

/* r = p + (x2, y2), RCB Alg. 5 (a = -3, second point affine, not infinity): 11M + 2 m_b. */
static void PC(madd)(PC(pt) *r, const PC(pt) *p, const PC(aff) *q, const FE_T *b) {
    FE_T t0, t1, t2, t3, t4, X3, Y3, Z3;
    FE_MUL(&t0, &p->X, &q->x);
    FE_MUL(&t1, &p->Y, &q->y);
    FE_ADD(&t3, &q->x, &q->y);
    FE_ADD(&t4, &p->X, &p->Y);
    FE_MUL(&t3, &t3, &t4);
    FE_ADD(&t4, &t0, &t1);
    FE_SUB(&t3, &t3, &t4);
    FE_MUL(&t4, &q->y, &p->Z);
    FE_ADD(&t4, &t4, &p->Y);
    FE_MUL(&Y3, &q->x, &p->Z);
    FE_ADD(&Y3, &Y3, &p->X);
    FE_MUL(&Z3, b, &p->Z);
    FE_SUB(&X3, &Y3, &Z3);
    FE_ADD(&Z3, &X3, &X3);
    FE_ADD(&X3, &X3, &Z3);
    FE_SUB(&Z3, &t1, &X3);
    FE_ADD(&X3, &t1, &X3);
    FE_MUL(&Y3, b, &Y3);
    FE_ADD(&t1, &p->Z, &p->Z);
    FE_ADD(&t2, &t1, &p->Z);
    FE_SUB(&Y3, &Y3, &t2);
    FE_SUB(&Y3, &Y3, &t0);
    FE_ADD(&t1, &Y3, &Y3);
    FE_ADD(&Y3, &t1, &Y3);
    FE_ADD(&t1, &t0, &t0);
    FE_ADD(&t0, &t1, &t0);
    FE_SUB(&t0, &t0, &t2);
    FE_MUL(&t1, &t4, &Y3);
    FE_MUL(&t2, &t0, &Y3);
    FE_MUL(&Y3, &X3, &Z3);
    FE_ADD(&Y3, &Y3, &t2);
    FE_MUL(&X3, &t3, &X3);
    FE_SUB(&X3, &X3, &t1);
    FE_MUL(&Z3, &t4, &Z3);
    FE_MUL(&t1, &t3, &t0);
    FE_ADD(&Z3, &Z3, &t1);
    r->X = X3;
    r->Y = Y3;
    r->Z = Z3;
}

/* r = 2 p, RCB Alg. 6 (a = -3): 8M + 3S + 2 m_b.  r may alias p. */
static void PC(dbl)(PC(pt) *r, const PC(pt) *p, const FE_T *b) {
    FE_T t0, t1, t2, t3, X3, Y3, Z3;
    FE_SQR(&t0, &p->X);
    FE_SQR(&t1, &p->Y);
    FE_SQR(&t2, &p->Z);
    FE_MUL(&t3, &p->X, &p->Y);
    FE_ADD(&t3, &t3, &t3);
    FE_MUL(&Z3, &p->X, &p->Z);
    FE_ADD(&Z3, &Z3, &Z3);
    FE_MUL(&Y3, b, &t2);
    FE_SUB(&Y3, &Y3, &Z3);
    FE_ADD(&X3, &Y3, &Y3);
    FE_ADD(&Y3, &X3, &Y3);
    FE_SUB(&X3, &t1, &Y3);
    FE_ADD(&Y3, &t1, &Y3);
    FE_MUL(&Y3, &X3, &Y3);
    FE_MUL(&X3, &X3, &t3);
    FE_ADD(&t3, &t2, &t2);
    FE_ADD(&t2, &t2, &t3);
    FE_MUL(&Z3, b, &Z3);
    FE_SUB(&Z3, &Z3, &t2);
    FE_SUB(&Z3, &Z3, &t0);
    FE_ADD(&t3, &Z3, &Z3);
    FE_ADD(&Z3, &Z3, &t3);
    FE_ADD(&t3, &t0, &t0);
    FE_ADD(&t0, &t3, &t0);
    FE_SUB(&t0, &t0, &t2);
    FE_MUL(&t0, &t0, &Z3);
    FE_ADD(&Y3, &Y3, &t0);
    FE_MUL(&t0, &p->Y, &p->Z);
    FE_ADD(&t0, &t0, &t0);
    FE_MUL(&Z3, &t0, &Z3);
    FE_SUB(&X3, &X3, &Z3);
    FE_MUL(&Z3, &t0, &t1);
    FE_ADD(&Z3, &Z3, &Z3);
    FE_ADD(&Z3, &Z3, &Z3);
    r->X = X3;
    r->Y = Y3;
    r->Z = Z3;
}
#else
/* r = p + q, RCB Alg. 7 (a = 0; b3 = 3b): 12M + 2 m_3b + 19 additions.  r may alias p or q. */
static void PC(add)(PC(pt) *r, const PC(pt) *p, const PC(pt) *q, const FE_T *b3) {
    FE_T t0, t1, t2, t3, t4, X3, Y3, Z3;
    FE_MUL(&t0, &p->X, &q->X);
    FE_MUL(&t1, &p->Y, &q->Y);
    FE_MUL(&t2, &p->Z, &q->Z);
    FE_ADD(&t3, &p->X, &p->Y);
    FE_ADD(&t4, &q->X, &q->Y);
    FE_MUL(&t3, &t3, &t4);
    FE_ADD(&t4, &t0, &t1);
    FE_SUB(&t3, &t3, &t4);
    FE_ADD(&t4, &p->Y, &p->Z);
    FE_ADD(&X3, &q->Y, &q->Z);
    FE_MUL(&t4, &t4, &X3);
    FE_ADD(&X3, &t1, &t2);
    FE_SUB(&t4, &t4, &X3);
    FE_ADD(&X3, &p->X, &p->Z);
    FE_ADD(&Y3, &q->X, &q->Z);
    FE_MUL(&X3, &X3, &Y3);
    FE_ADD(&Y3, &t0, &t2);
    FE_SUB(&Y3, &X3, &Y3);
    FE_ADD(&X3, &t0, &t0);
    FE_ADD(&t0, &X3, &t0);
    FE_MUL(&t2, b3, &t2);
    FE_ADD(&Z3, &t1, &t2);
    FE_SUB(&t1, &t1, &t2);
    FE_MUL(&Y3, b3, &Y3);
    FE_MUL(&X3, &t4, &Y3);
    FE_MUL(&t2, &t3, &t1);
    FE_SUB(&X3, &t2, &X3);
    FE_MUL(&Y3, &Y3, &t0);
    FE_MUL(&t1, &t1, &Z3);
    FE_ADD(&Y3, &t1, &Y3);
    FE_MUL(&t0, &t0, &t3);
    FE_MUL(&Z3, &Z3, &t4);
    FE_ADD(&Z3, &Z3, &t0);
    r->X = X3;
    r->Y = Y3;
    r->Z = Z3;
}

/* r = p + (x2, y2), RCB Alg. 8 (a = 0, second point affine, not infinity): 11M + 2 m_3b. */
static void PC(madd)(PC(pt) *r, const PC(pt) *p, const PC(aff) *q, const FE_T *b3) {
    FE_T t0, t1, t2, t3, t4, X3, Y3, Z3;
    FE_MUL(&t0, &p->X, &q->x);
    FE_MUL(&t1, &p->Y, &q->y);
    FE_ADD(&t3, &q->x, &q->y);
    FE_ADD(&t4, &p->X, &p->Y);
    FE_MUL(&t3, &t3, &t4);
    FE_ADD(&t4, &t0, &t1);
    FE_SUB(&t3, &t3, &t4);
    FE_MUL(&t4, &q->y, &p->Z);
    FE_ADD(&t4, &t4, &p->Y);
    FE_MUL(&Y3, &q->x, &p->Z);
    FE_ADD(&Y3, &Y3, &p->X);
    FE_ADD(&X3, &t0, &t0);
    FE_ADD(&t0, &X3, &t0);
    FE_MUL(&t2, b3, &p->Z);
    FE_ADD(&Z3, &t1, &t2);
    FE_SUB(&t1, &t1, &t2);
    FE_MUL(&Y3, b3, &Y3);
    FE_MUL(&X3, &t4, &Y3);
    FE_MUL(&t2, &t3, &t1);
    FE_SUB(&X3, &t2, &X3);
    FE_MUL(&Y3, &Y3, &t0);
    FE_MUL(&t1, &t1, &Z3);
    FE_ADD(&Y3, &t1, &Y3);
    FE_MUL(&t0, &t0, &t3);
    FE_MUL(&Z3, &Z3, &t4);
    FE_ADD(&Z3, &Z3, &t0);
    r->X = X3;
    r->Y = Y3;
    r->Z = Z3;
}

/* r = 2 p, RCB Alg. 9 (a = 0): 6M + 2S + 1 m_3b.  r may alias p. */
static void PC(dbl)(PC(pt) *r, const PC(pt) *p, const FE_T *b3) {
    FE_T t0, t1, t2, X3, Y3, Z3;
    FE_SQR(&t0, &p->Y);
    FE_ADD(&Z3, &t0, &t0);
    FE_ADD(&Z3, &Z3, &Z3);
    FE_ADD(&Z3, &Z3, &Z3);
    FE_MUL(&t1, &p->Y, &p->Z);
    FE_SQR(&t2, &p->Z);
    FE_MUL(&t2, b3, &t2);
    FE_MUL(&X3, &t2, &Z3);
    FE_ADD(&Y3, &t0, &t2);
    FE_MUL(&Z3, &t1, &Z3);
    FE_ADD(&t1, &t2, &t2);
    FE_ADD(&t2, &t1, &t2);
    FE_SUB(&t0, &t0, &t2);
    FE_MUL(&Y3, &t0, &Y3);
    FE_ADD(&Y3, &X3, &Y3);
    FE_MUL(&t1, &p->X, &p->Y);
    FE_MUL(&X3, &t0, &t1);
    FE_ADD(&X3, &X3, &X3);
    r->X = X3;
    r->Y = Y3;
    r->Z = Z3;
}
#endif

/* ------------------------------------------------------------ Jacobian coordinates */

/*
 * Jacobian points (X : Y : Z) with x = X / Z^2, y = Y / Z^3; infinity has Z = 0 (GECC 3.2.2).
 * These formulas are NOT complete: the constant-time loops below use them only where their
 * exceptional cases (an input at infinity, P = Q, P = -Q) are proven unreachable, and the
 * complete RCB formulas above for the steps where the proof fails; the _vartime loop tests
 * the cases by branches.  Same struct as PC(pt), a separate name so the two kinds of
 * coordinates cannot be mixed up.
 */
typedef struct {
    FE_T X, Y, Z;
} PC(jac);

/* The order of the operations in PC(jdbl), PC(jadd_finish) and PC(jmadd_terms): the formulas'
 * critical chain (in the doubling Z^2 -> alpha -> 3 alpha -> alpha^2 -> X3 -> B - X3 -> Y3) is
 * written first, and each operation off it (G^2 and its halving, Z3, R^2, S1 HHH, ...) right
 * after what it needs, so that it runs while the chain waits: the products are inlined straight
 * code on most fields and the CPU's out-of-order window spans about one of them, so the order
 * in the source is the order of the overlap.  Same operations, same count.  Measured on an AMD
 * EPYC Zen 3 against the textbook order (GECC Alg. 3.21, 3.22), min TSC ticks, builds
 * alternated six times (`ECEDU_NATIVE_LIB`, ecedu.bench.cycles, median of the paired ratios):
 * ECDH P-224 -8%, P-256 -9%, P-384 -2%, P-521 -0.5%, secp160r1 -4%, P-192 and
 * brainpoolP256r1 -3%; ECDSA verification P-224 -11%, P-256 -10%, P-384 -3%, P-521 -0.6%,
 * secp160r1 -5%, P-192 -4%, brainpoolP256r1 -3%. */

/* r = 2 p, Jacobian.  Correct for every point of the curve: the order n is an odd prime, so no
 * finite point has Y = 0, and Z = 0 (infinity) gives Z3 = 0.  r may alias p. */
#if !PC_A_ZERO && defined(FE_LIN)
/* a = -3, with fused linear combinations: GECC Alg. 3.21's formulas by the 3M + 5S count of the
 * version without FE_HALF below, on the quantities
 *     D = Z^2,  C = Y^2,  E = X^2 - Z^4 = (X + D)(X - D),  F = E^2,  B = X C,  G = C^2,
 * so that alpha = 3 E, beta = 4 X Y^2 = 4 B, and
 *     X3 = alpha^2 - 2 beta = 9 F - 8 B,   B' = beta - X3 = 12 B - 9 F,
 *     Y3 = alpha (beta - X3) - 8 Y^4 = 3 E B' - 8 G,   Z3 = (Y + Z)^2 - C - D = 2 Y Z:
 * X3 = 4 B - B', and each of B', X3, Y3 is one FE_LIN (small multiples and a difference, one
 * carry step on an unsaturated field) where the other versions spend chains of additions.
 * Where the squaring is well below the product, as in fe_p521_unsat.h (P-521 at the portable
 * and MULX levels; 70 and 100 TSC ticks), this is the faster doubling: 788 -> 745 TSC ticks
 * against the 4M + 4S version with the halving; with fe_p521_ifma.h (the IFMA level, square and
 * product alike) still 479 -> 470, by the fewer additions (AMD EPYC Zen 4, dependent chains,
 * min of 3000 x 100, in drivers that include the instance; the same points as before). */
static void PC(jdbl)(PC(jac) *r, const PC(jac) *p) {
    FE_T D, C, s, t, E, F, B, G, Bp;
    FE_SQR(&D, &p->Z);
    FE_SQR(&C, &p->Y);
    FE_ADD(&s, &p->X, &D);
    FE_SUB(&t, &p->X, &D);
    FE_MUL(&E, &s, &t); /* X^2 - Z^4 */
    FE_ADD(&t, &p->Y, &p->Z);
    FE_SQR(&F, &E);
    FE_MUL(&B, &p->X, &C);
    FE_SQR(&s, &t);
    FE_LIN(&Bp, 12, &B, 9, &F); /* beta - X3 */
    FE_SQR(&G, &C);
    FE_SUB(&s, &s, &C);
    FE_SUB(&r->Z, &s, &D); /* Z3 = (Y + Z)^2 - Y^2 - Z^2 = 2 Y Z (p->Y, p->Z not read after this) */
    FE_MUL(&t, &E, &Bp);
    FE_LIN(&r->X, 4, &B, 1, &Bp); /* X3 = 9 F - 8 B */
    FE_LIN(&r->Y, 3, &t, 8, &G);  /* Y3 = 3 E (beta - X3) - 8 Y^4 */
}
#elif !PC_A_ZERO && defined(FE_HALF)
/* a = -3, with a halving: GECC Alg. 3.21's formulas (alpha = 3 (X - Z^2)(X + Z^2) = 3 X^2 + a Z^4)
 * on Y' = 2Y: with G = Y'^2 = 4 Y^2, B = X G = 4 X Y^2 (GECC's "B = 4 X Y^2" with no doubling
 * additions) and Z3 = Y' Z = 2 Y Z,
 *   X3 = alpha^2 - 2B,  Y3 = alpha (B - X3) - 8 Y^4 = alpha (B - X3) - G^2 / 2:
 * 4M + 4S, 9 additions and one halving, against the 3M + 5S and 15 additions of the version
 * below (an addition is about a fifth of a product): measured 204 -> 190 TSC ticks per doubling
 * on P-256 at the MULX level, about 4% of a P-256 scalar multiplication.  Correct for every
 * point as the other (infinity: Z3 = 0). */
static void PC(jdbl)(PC(jac) *r, const PC(jac) *p) {
    FE_T y2, delta, G, B, alpha, t, u, G2, a2;
    FE_SQR(&delta, &p->Z);
    FE_ADD(&y2, &p->Y, &p->Y);
    FE_SQR(&G, &y2);
    FE_SUB(&t, &p->X, &delta);
    FE_ADD(&u, &p->X, &delta);
    FE_MUL(&alpha, &t, &u);
    FE_MUL(&B, &p->X, &G);
    FE_ADD(&t, &alpha, &alpha);
    FE_ADD(&alpha, &alpha, &t); /* alpha = 3 (X - delta)(X + delta) */
    FE_MUL(&r->Z, &y2, &p->Z);  /* Z3 = 2 Y Z (p->Y, p->Z are not read after this) */
    FE_SQR(&a2, &alpha);
    FE_SQR(&G2, &G);
    FE_ADD(&u, &B, &B);
    FE_SUB(&r->X, &a2, &u); /* X3 = alpha^2 - 2B */
    FE_HALF(&G2, &G2);         /* 8 Y^4 = (4 Y^2)^2 / 2 */
    FE_SUB(&t, &B, &r->X);
    FE_MUL(&t, &alpha, &t);
    FE_SUB(&r->Y, &t, &G2);    /* Y3 = alpha (B - X3) - 8 Y^4 */
}
#elif !PC_A_ZERO
/* a = -3: GECC Alg. 3.21 with 3 (X - Z^2)(X + Z^2) = 3 X^2 + a Z^4 and Z3 = (Y + Z)^2 - Y^2 - Z^2
 * = 2 Y Z (the "dbl-2001-b" count of Bernstein-Lange's Explicit-Formulas Database): 3M + 5S. */
static void PC(jdbl)(PC(jac) *r, const PC(jac) *p) {
    FE_T delta, gamma, beta, alpha, t, u, s, g2;
    FE_SQR(&delta, &p->Z);
    FE_SQR(&gamma, &p->Y);
    FE_SUB(&t, &p->X, &delta);
    FE_ADD(&u, &p->X, &delta);
    FE_MUL(&alpha, &t, &u);
    FE_MUL(&beta, &p->X, &gamma);
    FE_ADD(&s, &p->Y, &p->Z);
    FE_SQR(&s, &s);
    FE_SQR(&g2, &gamma);
    FE_ADD(&t, &alpha, &alpha);
    FE_ADD(&alpha, &alpha, &t); /* alpha = 3 (X - delta)(X + delta) */
    FE_SUB(&s, &s, &gamma);
    FE_SUB(&r->Z, &s, &delta); /* Z3 = 2 Y Z (p->Y, p->Z are not read after this) */
    FE_SQR(&t, &alpha);
    FE_ADD(&beta, &beta, &beta);
    FE_ADD(&beta, &beta, &beta); /* beta = 4 X Y^2 */
    FE_ADD(&u, &beta, &beta);
    FE_SUB(&r->X, &t, &u); /* X3 = alpha^2 - 8 X Y^2 */
    FE_ADD(&g2, &g2, &g2);
    FE_ADD(&g2, &g2, &g2);
    FE_ADD(&g2, &g2, &g2);
    FE_SUB(&t, &beta, &r->X);
    FE_MUL(&t, &alpha, &t);
    FE_SUB(&r->Y, &t, &g2); /* Y3 = alpha (4 X Y^2 - X3) - 8 Y^4 */
}
#else
/* a = 0: GECC Alg. 3.21's formulas with a = 0 (alpha = 3 X^2) and 2 X Y^2 computed as
 * (X + Y^2)^2 - X^2 - Y^4 (the "dbl-2009-l" count): 2M + 5S. */
static void PC(jdbl)(PC(jac) *r, const PC(jac) *p) {
    FE_T A, B, C, D, E, t;
    FE_SQR(&A, &p->X);
    FE_SQR(&B, &p->Y);
    FE_SQR(&C, &B);
    FE_ADD(&t, &p->X, &B);
    FE_SQR(&t, &t);
    FE_SUB(&t, &t, &A);
    FE_SUB(&t, &t, &C);
    FE_ADD(&D, &t, &t); /* D = 4 X Y^2 */
    FE_ADD(&E, &A, &A);
    FE_ADD(&E, &E, &A); /* E = 3 X^2 */
    FE_MUL(&t, &p->Y, &p->Z);
    FE_ADD(&r->Z, &t, &t); /* Z3 = 2 Y Z (p->Y, p->Z are not read after this) */
    FE_SQR(&t, &E);
    FE_ADD(&A, &D, &D);
    FE_SUB(&r->X, &t, &A); /* X3 = E^2 - 2 D */
    FE_SUB(&t, &D, &r->X);
    FE_MUL(&t, &E, &t);
    FE_ADD(&C, &C, &C);
    FE_ADD(&C, &C, &C);
    FE_ADD(&C, &C, &C);
    FE_SUB(&r->Y, &t, &C); /* Y3 = E (D - X3) - 8 Y^4 */
}
#endif

/*
 * The sum of two Jacobian points from U1 = X1 Z2^2, U2 = X2 Z1^2, S1 = Y1 Z2^3, S2 = Y2 Z1^3
 * and Z1 Z2 (GECC 3.2.2, the Cohen-Miyaji-Ono 1998 addition): H = U2 - U1, R = S2 - S1,
 * X3 = R^2 - H^3 - 2 U1 H^2, Y3 = R (U1 H^2 - X3) - S1 H^3, Z3 = Z1 Z2 H: 4M + 2S.
 * Valid when neither input is infinity and P != +-Q (then H != 0); P = -Q gives H = 0,
 * R != 0 and so Z3 = 0 (infinity, correctly), P = Q gives the invalid (0 : 0 : 0).
 * r may share storage with U1, S1 or Z1Z2: each is read before r's coordinate is written.
 */
static void PC(jadd_finish)(PC(jac) *r, const FE_T *U1, const FE_T *U2, const FE_T *S1, const FE_T *S2,
                            const FE_T *Z1Z2) {
    FE_T H, R, HH, HHH, V, t;
    FE_SUB(&H, U2, U1);
    FE_SUB(&R, S2, S1);
    FE_SQR(&HH, &H);
    FE_SQR(&t, &R);
    FE_MUL(&HHH, &HH, &H);
    FE_MUL(&V, U1, &HH);
    FE_MUL(&r->Z, Z1Z2, &H);
    FE_SUB(&t, &t, &HHH);
    FE_MUL(&HHH, S1, &HHH);
    FE_SUB(&t, &t, &V);
    FE_SUB(&r->X, &t, &V);
    FE_SUB(&t, &V, &r->X);
    FE_MUL(&t, &R, &t);
    FE_SUB(&r->Y, &t, &HHH);
}

/* The terms of the Jacobian sum of p and q, both on the common denominator Z1^2 Z2^2:
 * U1 = X1 Z2^2, U2 = X2 Z1^2, S1 = Y1 Z2^3, S2 = Y2 Z1^3.  6M + 2S (for PC(jadd) and its
 * vartime twin). */
static inline void PC(jadd_terms)(FE_T *U1, FE_T *U2, FE_T *S1, FE_T *S2, const PC(jac) *p, const PC(jac) *q) {
    FE_T Z1Z1, Z2Z2;
    FE_SQR(&Z1Z1, &p->Z);
    FE_SQR(&Z2Z2, &q->Z);
    FE_MUL(U1, &p->X, &Z2Z2);
    FE_MUL(U2, &q->X, &Z1Z1);
    FE_MUL(S1, &p->Y, &q->Z);
    FE_MUL(S1, S1, &Z2Z2);
    FE_MUL(S2, &q->Y, &p->Z);
    FE_MUL(S2, S2, &Z1Z1);
}

/* The same for q affine (Z2 = 1): U2 = x2 Z1^2, S2 = y2 Z1^3 (U1 = X1, S1 = Y1).  2M + 1S. */
static inline void PC(jmadd_terms)(FE_T *U2, FE_T *S2, const PC(jac) *p, const PC(aff) *q) {
    FE_T Z1Z1;
    FE_SQR(&Z1Z1, &p->Z);
    FE_MUL(S2, &q->y, &p->Z);
    FE_MUL(U2, &q->x, &Z1Z1);
    FE_MUL(S2, S2, &Z1Z1);
}

/* r = p + q, Jacobian + Jacobian: 12M + 4S.  Exceptional cases as PC(jadd_finish); r may
 * alias p or q. */
static void PC(jadd)(PC(jac) *r, const PC(jac) *p, const PC(jac) *q) {
    FE_T U1, U2, S1, S2, Z1Z2;
    PC(jadd_terms)(&U1, &U2, &S1, &S2, p, q);
    FE_MUL(&Z1Z2, &p->Z, &q->Z);
    PC(jadd_finish)(r, &U1, &U2, &S1, &S2, &Z1Z2);
}

/* r = p + (x2, y2), Jacobian + affine (GECC Alg. 3.22's operation count): 8M + 3S.
 * Exceptional cases as PC(jadd_finish) (and p at infinity gives a wrong result); r may alias p. */
static void PC(jmadd)(PC(jac) *r, const PC(jac) *p, const PC(aff) *q) {
    FE_T U2, S2;
    PC(jmadd_terms)(&U2, &S2, p, q);
    PC(jadd_finish)(r, &p->X, &U2, &p->Y, &S2, &p->Z); /* it reads each input before it writes
                                                         the coordinate r may share with it */
}

/*
 * Co-Z addition with update, "ZADDU" (Meloni, "New point addition formulae for ECC
 * applications", WAIFI 2007; Goundar, Joye, Miyaji, Rivain, Venelli, "Scalar multiplication on
 * Weierstrass elliptic curves from co-Z arithmetic", J. Cryptographic Engineering 2011, Alg.
 * 19): for P = (X1 : Y1 : Z) and Q = (X2 : Y2 : Z) on the SAME Z, the Jacobian sum of
 * PC(jadd_finish) with U1 = X1, U2 = X2, S1 = Y1, S2 = Y2 (the common factors Z^2, Z^3 cancel
 * out): H = X2 - X1, R = Y2 - Y1, A = H^2, B = X1 A, C = X2 A (so H^3 = C - B),
 *   X3 = R^2 - B - C,  Y3 = R (B - X3) - Y1 (C - B),  Z3 = Z H,
 * and P rewritten in place as the same point on Z3: (B : Y1 (C - B) : Z3) = (X1 H^2 : Y1 H^3 :
 * Z H).  5M + 2S against the 12M + 4S of PC(jadd).  Exceptional cases as PC(jadd_finish): valid
 * when neither is infinity and P != +-Q (X1 != X2).  r must not alias p or q.
 */
static void PC(zaddu)(PC(jac) *r, PC(jac) *p, const PC(jac) *q) {
    FE_T H, A, B, C, R, t;
    FE_SUB(&H, &q->X, &p->X);
    FE_SQR(&A, &H);
    FE_MUL(&B, &p->X, &A);
    FE_MUL(&C, &q->X, &A);
    FE_SUB(&R, &q->Y, &p->Y);
    FE_SUB(&t, &C, &B);        /* H^3 */
    FE_MUL(&p->Y, &p->Y, &t);  /* Y1 H^3: P's new Y */
    FE_SQR(&t, &R);
    FE_SUB(&t, &t, &B);
    FE_SUB(&r->X, &t, &C);     /* X3 = R^2 - B - C */
    FE_SUB(&t, &B, &r->X);
    FE_MUL(&t, &R, &t);
    FE_SUB(&r->Y, &t, &p->Y);  /* Y3 = R (B - X3) - Y1 H^3 */
    FE_MUL(&r->Z, &p->Z, &H);  /* Z3 = Z H */
    p->X = B;
    p->Z = r->Z;
}

/*
 * T[j] = (2j+1) P for j < tn, Jacobian, P = (x, y) affine (validated, so not infinity):
 * D = 2P (PC(jdbl)), P rescaled to D's Z (x Z^2, y Z^3: 3M + 1S), then T[j] = D + T[j-1] by
 * PC(zaddu), which leaves D on T[j]'s Z, ready for the next step: 3M + 5S, 3M + 1S and
 * (tn - 1) (5M + 2S), against (tn - 1)(12M + 4S) with PC(jadd) (81M + 36S against
 * 183M + 65S for tn = 16).  Never exceptional: step j adds 2P and (2j-1) P, and
 * 2 -+ (2j-1) = 2j+1 or 3-2j lies in [-2 tn, 2 tn] and is odd, so never 0 mod n (n > 2^100).
 * T[0] keeps Z = 1.  Public or secret P alike: no branch on the values.
 */
static void PC(odd_multiples_jac)(PC(jac) *T, int tn, const FE_T *x, const FE_T *y) {
    PC(jac) D, P1;
    FE_T zz;
    T[0].X = *x;
    T[0].Y = *y;
    FE_SET_SMALL(&T[0].Z, 1);
    PC(jdbl)(&D, &T[0]);
    FE_SQR(&zz, &D.Z);
    FE_MUL(&P1.X, x, &zz);
    FE_MUL(&zz, &zz, &D.Z);
    FE_MUL(&P1.Y, y, &zz);
    P1.Z = D.Z;
    PC(zaddu)(&T[1], &D, &P1);
    for (int j = 2; j < tn; j++) PC(zaddu)(&T[j], &D, &T[j - 1]);
    ecedu_wipe(&D, sizeof D);
    ecedu_wipe(&P1, sizeof P1);
    ecedu_wipe(&zz, sizeof zz);
}

/* The same point in the projective coordinates of the RCB formulas: (X Z : Y : Z^3), since
 * X / Z^2 = X Z / Z^3.  Infinity (Z = 0) becomes (0 : Y : 0).  1M + 1S + 1M. */
static void PC(jac_to_proj)(PC(pt) *r, const PC(jac) *p) {
    FE_T zz;
    FE_SQR(&zz, &p->Z);
    FE_MUL(&r->X, &p->X, &p->Z);
    FE_MUL(&r->Z, &zz, &p->Z);
    r->Y = p->Y;
    ecedu_wipe(&zz, sizeof zz);
}

/* Vartime (public points only): r = p + q with the exceptional cases as branches (GECC
 * Alg. 3.22's steps 1-2 and 6). */
static void PC(jadd_vartime)(PC(jac) *r, const PC(jac) *p, const PC(jac) *q) {
    if (FE_IS_ZERO(&p->Z)) {
        *r = *q;
        return;
    }
    if (FE_IS_ZERO(&q->Z)) {
        *r = *p;
        return;
    }
    FE_T U1, U2, S1, S2, Z1Z2, d;
    PC(jadd_terms)(&U1, &U2, &S1, &S2, p, q);
    FE_SUB(&d, &U2, &U1);
    if (FE_IS_ZERO(&d)) { /* same x: P = Q (double) or P = -Q (infinity) */
        FE_SUB(&d, &S2, &S1);
        if (FE_IS_ZERO(&d)) {
            PC(jdbl)(r, p);
        } else {
            FE_SET_SMALL(&r->X, 1);
            FE_SET_SMALL(&r->Y, 1);
            FE_SET_SMALL(&r->Z, 0);
        }
        return;
    }
    FE_MUL(&Z1Z2, &p->Z, &q->Z);
    PC(jadd_finish)(r, &U1, &U2, &S1, &S2, &Z1Z2);
}

/* Vartime: r = p + (x2, y2) (q affine, not infinity) with the exceptional cases as branches. */
static void PC(jmadd_vartime)(PC(jac) *r, const PC(jac) *p, const PC(aff) *q) {
    if (FE_IS_ZERO(&p->Z)) {
        r->X = q->x;
        r->Y = q->y;
        FE_SET_SMALL(&r->Z, 1);
        return;
    }
    FE_T U2, S2, d;
    PC(jmadd_terms)(&U2, &S2, p, q);
    FE_SUB(&d, &U2, &p->X);
    if (FE_IS_ZERO(&d)) {
        FE_SUB(&d, &S2, &p->Y);
        if (FE_IS_ZERO(&d)) {
            PC(jdbl)(r, p);
        } else {
            FE_SET_SMALL(&r->X, 1);
            FE_SET_SMALL(&r->Y, 1);
            FE_SET_SMALL(&r->Z, 0);
        }
        return;
    }
    PC(jadd_finish)(r, &p->X, &U2, &p->Y, &S2, &p->Z); /* the terms are computed once */
}

/* (x, y) = P / Z, canonical bytes; (0, 0) for infinity (FE_INV(0) = 0).  Constant time. */
static void PC(to_affine_bytes)(const PC(pt) *p, uint8_t *ox, uint8_t *oy) {
    FE_T zi, t;
    FE_INV(&zi, &p->Z);
    FE_MUL(&t, &p->X, &zi);
    FE_TO_BYTES(ox, &t);
    if (oy) {
        FE_MUL(&t, &p->Y, &zi);
        FE_TO_BYTES(oy, &t);
    }
    ecedu_wipe(&zi, sizeof zi);
    ecedu_wipe(&t, sizeof t);
}

/* ------------------------------------------------------------ points: checks, decoding */

/* r = x^3 + a x + b. */
static void PC(rhs)(FE_T *r, const FE_T *x) {
    FE_T t, b;
    FE_FROM_BYTES(&b, PC(b_bytes));
    FE_SQR(&t, x);
#if !PC_A_ZERO
    FE_T three;
    FE_SET_SMALL(&three, 3);
    FE_SUB(&t, &t, &three);
#endif
    FE_MUL(&t, &t, x);
    FE_ADD(r, &t, &b);
}

/* All-ones if y^2 = x^3 + a x + b. */
static uint64_t PC(on_curve)(const FE_T *x, const FE_T *y) {
    FE_T l, r;
    FE_SQR(&l, y);
    PC(rhs)(&r, x);
    FE_SUB(&l, &l, &r);
    return FE_IS_ZERO(&l);
}

/* Load an affine point (FE_BYTES bytes each) and check it: both coordinates < p, on the
 * curve.  With cofactor 1 every such point has order n and is not infinity (SEC 1 3.2.2.1).
 * Public data. */
static int PC(load_point)(PC(aff) *P, const uint8_t *x, const uint8_t *y) {
    uint64_t ok = FE_FROM_BYTES(&P->x, x) & FE_FROM_BYTES(&P->y, y);
    if (!ok) return ECEDU_ERR_POINT;
    return PC(on_curve)(&P->x, &P->y) ? ECEDU_OK : ECEDU_ERR_POINT;
}

static int PC(validate)(const uint8_t *x, const uint8_t *y) {
    PC(aff) P;
    return PC(load_point)(&P, x, y);
}

/* r = a^e for a public exponent e (PC_PW words), square and multiply: public data only. */
static void PC(pow_vartime)(FE_T *r, const FE_T *a, const uint64_t *e) {
    FE_T acc;
    FE_SET_SMALL(&acc, 1);
    for (int i = 64 * PC_PW - 1; i >= 0; i--) {
        FE_SQR(&acc, &acc);
        if ((e[i / 64] >> (i % 64)) & 1) FE_MUL(&acc, &acc, a);
    }
    *r = acc;
}

/* e = (p + add) >> shift for add = +1 or -1 (public constants of the square root). */
static void PC(p_exp)(uint64_t *e, int add, int shift) {
    uint64_t c = 1;
    for (int i = 0; i < PC_PW; i++) {
        uint64_t o = PC(p)[i];
        e[i] = add > 0 ? o + c : o - c;
        c = add > 0 ? (e[i] < c) : (o < c);
    }
    for (int s = 0; s < shift; s++)
        for (int i = 0; i < PC_PW; i++) e[i] = (e[i] >> 1) | (i + 1 < PC_PW ? e[i + 1] << 63 : 0);
}

static uint64_t PC(is_one)(const FE_T *a) {
    FE_T one, d;
    FE_SET_SMALL(&one, 1);
    FE_SUB(&d, a, &one);
    return FE_IS_ZERO(&d);
}

/* y = a square root of a, if a is a square: a^((p+1)/4) when p = 3 mod 4 (all but P-224);
 * otherwise Tonelli-Shanks (Cohen, "A Course in Computational Algebraic Number Theory",
 * Alg. 1.5.1).  Returns 1 if y^2 = a, else 0.  Public data (decompression), variable time. */
static int PC(sqrt_vartime)(FE_T *y, const FE_T *a) {
    uint64_t e[PC_PW];
    FE_T t;
    if ((PC(p)[0] & 3) == 3) {
        PC(p_exp)(e, 1, 2);
        PC(pow_vartime)(y, a, e);
    } else {
        int s = 1; /* p - 1 = 2^s q, q odd (p odd: s >= 1) */
        PC(p_exp)(e, -1, 0);
        while (!((e[s / 64] >> (s % 64)) & 1)) s++;
        FE_T z, c, x, tt, bb;
        uint64_t q[PC_PW];
        PC(p_exp)(q, -1, s);
        PC(p_exp)(e, -1, 1); /* (p-1)/2: Euler's criterion */
        for (uint64_t k = 2;; k++) { /* the least quadratic non-residue z (small) */
            FE_SET_SMALL(&z, k);
            PC(pow_vartime)(&t, &z, e);
            if (!PC(is_one)(&t)) break;
        }
        PC(pow_vartime)(&c, &z, q);
        uint64_t carry = 1; /* e = (q + 1) / 2 */
        for (int i = 0; i < PC_PW; i++) {
            e[i] = q[i] + carry;
            carry = e[i] < carry;
        }
        for (int i = 0; i < PC_PW; i++) e[i] = (e[i] >> 1) | (i + 1 < PC_PW ? e[i + 1] << 63 : 0);
        PC(pow_vartime)(&x, a, e);
        PC(pow_vartime)(&tt, a, q);
        int m = s;
        while (!PC(is_one)(&tt) && !FE_IS_ZERO(&tt)) {
            int i = 0;
            t = tt;
            while (i < m && !PC(is_one)(&t)) {
                FE_SQR(&t, &t);
                i++;
            }
            if (i == m) return 0; /* not a square */
            bb = c;
            for (int j = 0; j < m - i - 1; j++) FE_SQR(&bb, &bb);
            FE_MUL(&x, &x, &bb);
            FE_SQR(&c, &bb);
            FE_MUL(&tt, &tt, &c);
            m = i;
        }
        *y = x;
    }
    FE_SQR(&t, y);
    FE_SUB(&t, &t, a);
    return FE_IS_ZERO(&t) ? 1 : 0;
}

/* SEC 1 2.3.4: 04 || x || y, 02/03 || x (y recovered, parity from the prefix), 00 is
 * infinity (refused).  The point is validated; out: its affine coordinates as bytes. */
static int PC(decode)(const uint8_t *in, size_t len, uint8_t *ox, uint8_t *oy) {
    const size_t F = FE_BYTES;
    PC(aff) P;
    int rc;
    if (len == 1 + 2 * F && in[0] == 0x04) {
        if ((rc = PC(load_point)(&P, in + 1, in + 1 + F))) return rc;
    } else if (len == 1 + F && (in[0] == 0x02 || in[0] == 0x03)) {
        FE_T r;
        uint8_t yb[FE_BYTES];
        if (!FE_FROM_BYTES(&P.x, in + 1)) return ECEDU_ERR_POINT;
        PC(rhs)(&r, &P.x);
        if (!PC(sqrt_vartime)(&P.y, &r)) return ECEDU_ERR_POINT;
        FE_TO_BYTES(yb, &P.y);
        if ((yb[F - 1] & 1) != (in[0] & 1)) {
            if (FE_IS_ZERO(&P.y)) return ECEDU_ERR_POINT; /* y = 0 has no odd twin */
            FE_NEG(&P.y, &P.y);
        }
    } else if (len == 1 && in[0] == 0x00) {
        return ECEDU_ERR_POINT;
    } else {
        return ECEDU_ERR_LENGTH;
    }
    FE_TO_BYTES(ox, &P.x);
    FE_TO_BYTES(oy, &P.y);
    return ECEDU_OK;
}

/* ------------------------------------------------------------ scalars */

/*
 * Regular signed-digit recoding (the Joye-Tunstall 2009 / "signed fixed window" idea, as
 * curve/fixed_base.tmpl.h): an odd kk < 2^PC_NBITS becomes digits d_0..d_{D-1}, all odd (never
 * zero), |d_i| < 2^w, d_{D-1} in [1, 2^(w-1)], kk = sum d_i 2^(w i), D = floor(PC_NBITS / w) + 1.
 * Step: d = (kk mod 2^(w+1)) - 2^w, kk = (kk - d) / 2^w (then kk is odd again).  Bound of
 * the top digit: kk_j <= 2^(L - w j) by induction, so kk_{D-1} <= 2^(L mod w) <= 2^(w-1).
 * Constant time: the same word operations for every kk.
 */
static void PC(recode)(int8_t *dig, int D, int w, const uint64_t *k_in) {
    uint64_t kk[PC_NW];
    for (int j = 0; j < PC_NW; j++) kk[j] = k_in[j];
    const uint64_t wmask = (2ULL << w) - 1;
    for (int i = 0; i < D - 1; i++) {
        int64_t d = (int64_t)(kk[0] & wmask) - (int64_t)(1ULL << w);
        uint64_t sub = (uint64_t)d, ext = (uint64_t)(d >> 63), br = 0;
        for (int j = 0; j < PC_NW; j++) { /* kk -= d (two's complement) */
            unsigned __int128 t = (unsigned __int128)kk[j] - (j ? ext : sub) - br;
            kk[j] = (uint64_t)t;
            br = (uint64_t)(t >> 64) & 1;
        }
        for (int j = 0; j < PC_NW; j++) kk[j] = (kk[j] >> w) | (j + 1 < PC_NW ? kk[j + 1] << (64 - w) : 0);
        dig[i] = (int8_t)d;
    }
    dig[D - 1] = (int8_t)kk[0];
    ecedu_wipe(kk, sizeof kk);
}

/* kk = k if k is odd, else n - k (odd, n is odd); returns the mask "k was even" (then the
 * result is negated: (n - k) P = -k P).  Contract: 1 <= k < n.  Constant time. */
static uint64_t PC(make_odd)(uint64_t *kk, const uint64_t *k) {
    uint64_t nk[PC_NW], borrow = 0;
    for (int i = 0; i < PC_NW; i++) {
        unsigned __int128 d = (unsigned __int128)PC(n)[i] - k[i] - borrow;
        nk[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
        kk[i] = k[i];
    }
    uint64_t even = (k[0] & 1) - 1;
    for (int i = 0; i < PC_NW; i++) kk[i] ^= even & (kk[i] ^ nk[i]);
    ecedu_wipe(nk, sizeof nk);
    return even;
}

/* |d| and the sign mask of a digit, without a branch. */
static inline uint64_t PC(digit_abs)(int d, uint64_t *neg) {
    uint64_t s = (uint64_t)(int64_t)(d >> 31);
    *neg = s;
    return ((uint64_t)(int64_t)d ^ s) - s;
}

/* ------------------------------------------------------------ variable base, constant time */

/*
 * r = tab[idx] (entries of size bytes) for a SECRET idx < entries: every byte of every entry
 * read and ANDed with the mask "j = idx" (all-ones for one j, zero for the others), the
 * results ORed: no secret address, no secret branch (the linear scan of the constant-time
 * table look-up; OpenSSL's ecp_nistz256 select_w5 does the same scan in vector registers).
 * On x86-64 the scan runs on 128-bit SSE2 words (every x86-64 has SSE2: no target
 * attribute): a Jacobian P-256 point is six of them, against twelve 64-bit CMOV-style masked
 * moves of FE_CMOV: measured 72 -> 53 TSC ticks per 16-entry P-256 look-up (EPYC Zen 5, a
 * dependent chain, machine shared).  The tail of an
 * entry that is not a multiple of 16 bytes goes by 64-bit words, then bytes.  An accumulator
 * of size bytes: at most sizeof(PC(jac)).
 */
static inline __attribute__((always_inline)) void PC(lookup)(void *r, const void *tab, size_t size, int entries,
                                                             uint64_t idx) {
    const uint8_t *t = (const uint8_t *)tab;
    uint8_t *out = (uint8_t *)r;
    size_t off = 0;
#if defined(__x86_64__) && defined(__SSE2__)
    enum { NV = sizeof(PC(jac)) / 16 };
    __m128i acc[NV > 0 ? NV : 1];
    const size_t nv = size / 16;
    for (size_t v = 0; v < nv; v++) acc[v] = _mm_setzero_si128();
    for (int j = 0; j < entries; j++) {
        const __m128i m = _mm_set1_epi64x((long long)ecedu_ct_is_zero_u64((uint64_t)j ^ idx));
        for (size_t v = 0; v < nv; v++)
            acc[v] = _mm_or_si128(acc[v], _mm_and_si128(m, _mm_loadu_si128((const __m128i *)(t + j * size + 16 * v))));
    }
    for (size_t v = 0; v < nv; v++) _mm_storeu_si128((__m128i *)(out + 16 * v), acc[v]);
    off = 16 * nv;
#endif
    for (; off + 8 <= size; off += 8) {
        uint64_t a = 0, w;
        for (int j = 0; j < entries; j++) {
            memcpy(&w, t + j * size + off, 8);
            a |= w & ecedu_ct_is_zero_u64((uint64_t)j ^ idx);
        }
        memcpy(out + off, &a, 8);
    }
    for (; off < size; off++) {
        uint8_t a = 0;
        for (int j = 0; j < entries; j++) a |= t[j * size + off] & (uint8_t)ecedu_ct_is_zero_u64((uint64_t)j ^ idx);
        out[off] = a;
    }
}

/* r = tab[idx] for a SECRET idx < entries, Jacobian entries (PC(lookup)). */
static void PC(select)(PC(jac) *r, const PC(jac) *tab, int entries, uint64_t idx) {
    PC(lookup)(r, tab, sizeof *r, entries, idx);
}

/* r = tab[idx] for a SECRET idx < entries, affine entries (PC(lookup)). */
static void PC(select_aff)(PC(aff) *r, const PC(aff) *tab, int entries, uint64_t idx) {
    PC(lookup)(r, tab, sizeof *r, entries, idx);
}

/*
 * A[j] = T[j] made affine, j < tn <= 16, no T[j] at infinity: Montgomery's simultaneous
 * inversion (one inversion for all the Z_j: acc_j = Z_0 ... Z_j, 1/acc_(tn-1), then back out
 * each 1/Z_j with two products), then x = X / Z^2, y = Y / Z^3.  One inversion and
 * 3 (tn - 1) M + tn (3M + 1S).  VARIABLE TIME in T where the field has FE_INV_VARTIME (the
 * inversion; the products are constant time): T must be PUBLIC -- the multiples of the peer's
 * point in PC(mul), of Q in PC(joint_jac_vartime).  Measured against the constant-time
 * inversion, and what it did for P-224 and P-256: curve/prime/README.md.
 */
static void PC(jac_table_to_affine_vartime)(PC(aff) *A, const PC(jac) *T, int tn) {
    FE_T acc[16], inv, zi, zz;
    acc[0] = T[0].Z;
    for (int j = 1; j < tn; j++) FE_MUL(&acc[j], &acc[j - 1], &T[j].Z);
#ifdef FE_INV_VARTIME
    FE_INV_VARTIME(&inv, &acc[tn - 1]);
#else
    FE_INV(&inv, &acc[tn - 1]);
#endif
    for (int j = tn - 1; j >= 0; j--) {
        if (j) {
            FE_MUL(&zi, &inv, &acc[j - 1]); /* 1 / Z_j */
            FE_MUL(&inv, &inv, &T[j].Z);    /* 1 / acc_(j-1) */
        } else {
            zi = inv;
        }
        FE_SQR(&zz, &zi);
        FE_MUL(&A[j].x, &T[j].X, &zz);
        FE_MUL(&zz, &zz, &zi);
        FE_MUL(&A[j].y, &T[j].Y, &zz);
    }
    ecedu_wipe(acc, sizeof acc);
    ecedu_wipe(&inv, sizeof inv);
    ecedu_wipe(&zi, sizeof zi);
    ecedu_wipe(&zz, sizeof zz);
}

#if defined(PC_GLV) && PC_GLV
/* The same scan over projective points: the table of glv.tmpl.h's loop, which keeps to the
 * complete formulas (PC(add), PC(dbl)) and so to PC(pt). */
static void PC(select_pt)(PC(pt) *r, const PC(pt) *tab, int entries, uint64_t idx) {
    PC(lookup)(r, tab, sizeof *r, entries, idx);
}
#endif

/* r = -r if neg (mask). */
static void PC(cneg)(FE_T *y, uint64_t neg) {
    FE_T ny;
    FE_NEG(&ny, y);
    FE_CMOV(y, &ny, neg);
}

/*
 * (ox, oy) = k (x, y): the regular signed fixed window of width w = 5 (digits above) in
 * Jacobian coordinates: table T[j] = (2j+1) P, j < 16 (1 doubling, 15 co-Z additions:
 * PC(odd_multiples_jac)); Q = T[d_top];
 * then for each lower digit 5 doublings and one addition of sign(d) T[(|d|-1)/2].
 * floor(L/5) * 5 doublings and floor(L/5) additions for every k: the operation sequence does
 * not depend on k.  Contract: 1 <= k < n (PC_NW words), (x, y) validated.  Constant time in k.
 *
 * Why the incomplete Jacobian formulas are enough (all but the last addition).  Let kk (odd,
 * 1 <= kk <= n-1: PC(make_odd)) have the digits d_0..d_{D-1}; kk_0 = kk and
 * kk_{i+1} = (kk_i - d_i) / 2^w, so kk_i = 2^w kk_{i+1} + d_i and kk_{D-1} = d_{D-1}.
 *   (a) every kk_i is odd and >= 1: kk_i - d_i = 2^w (kk_i div 2^(w+1)) + 2^w is an odd
 *       multiple of 2^w and >= 2^w (kk_i >= 1 and d_i < 2^w), so kk_{i+1} is odd and >= 1;
 *   (b) kk_i <= n - 1: true for i = 0, and kk_{i+1} <= (n - 1 + 2^w - 1) / 2^w < n.
 * The loop keeps Q = kk_{i+1} P before step i and Q = kk_i P after it.  Doublings: Jacobian
 * doubling is correct for every point (n odd prime: no Y = 0; infinity stays Z = 0), and the
 * multiples 2^s kk_{i+1}, s <= w, are never 0 mod n anyway.  The addition of step i adds
 * U = 2^w kk_{i+1} P and V = d_i P; PC(jadd) is wrong only if one is infinity or U = +-V:
 *   V = O     needs d_i = 0 mod n: 0 < |d_i| < 2^w < n.  Never.
 *   U = O     needs 2^w kk_{i+1} = 0 mod n: it is even, in [2^w, n + 2^w - 2] (by (b)), and
 *             the only multiple of n there is n, odd.  Never.
 *   U = -V    needs kk_i = 0 mod n: 1 <= kk_i <= n - 1.  Never.
 *   U = V     needs kk_i - 2 d_i = 0 mod n; kk_i - 2 d_i is odd (so not 0).  For i >= 1,
 *             |kk_i - 2 d_i| <= (n + 2^w - 2) / 2^w + 2^(w+1) - 2 < n (n > 2^160): never.
 *             For i = 0 it can be n: kk = n + 2 d_0 with d_0 < 0, i.e. kk = n - 2m for the odd
 *             m = (n mod 2^(w+1)) - 2^w, if that lies in [1, 2^w - 1] (n mod 64 > 32:
 *             P-192, P-224, P-384, secp160k1, secp224k1, brainpoolP256r1/384r1/512r1;
 *             k = n - 2m or k = 2m): there U = V = -m P.
 * So the steps i = D-2..1 use PC(jadd), and the last one (i = 0) converts both points to
 * projective coordinates (PC(jac_to_proj), 2M + 1S each) and adds them with the complete RCB
 * PC(add).  The table: T[j] = T[j-1] + 2P adds (2j-1) P and 2P with 2j-1, 2, 2j+1, 2j-3 all
 * small and nonzero mod n (2j-3 = -1 for j = 1): never exceptional (PC(odd_multiples_jac)).
 * tests/native/test_native_prime_curves.py runs k = 2m and n - 2m on the curves that have them.
 *
 * With PC_AFFINE_TABLE (the instance's choice) the table is made affine first
 * (PC(jac_table_to_affine_vartime): one inversion, in variable time where the field has
 * FE_INV_VARTIME, and 93M + 16S for 16 entries) and the steps add it by PC(jmadd) (8M + 3S
 * against PC(jadd)'s 12M + 4S; the same exceptional cases, so the same proof) and, at i = 0,
 * the complete mixed RCB PC(madd); a look-up then reads two coordinates, not three.  It pays
 * where the inversion is cheap against the additions it saves (floor(L/5) of them): P-224,
 * P-256, P-384 and P-521, whose fields invert by the variable-time divsteps; P-192 and
 * secp160r1 (Fermat chains) measured slower (curve/prime/README.md).
 */
static void PC(mul)(const uint64_t *k, const uint8_t *x, const uint8_t *y, uint8_t *ox, uint8_t *oy) {
    enum { D = PC(VD), TN = 16 };
    FE_T bc, ax, ay;
    PC(jac) T[TN], Q;
    PC(pt) Qp, tp;
    uint64_t kk[PC_NW], neg;
    int8_t dig[D];
    PC(bconst)(&bc);
    FE_FROM_BYTES(&ax, x);
    FE_FROM_BYTES(&ay, y);
    PC(odd_multiples_jac)(T, TN, &ax, &ay);
#if PC_AFFINE_TABLE
    PC(aff) A[TN], t; /* the table made affine: mixed additions in the loop */
    PC(jac_table_to_affine_vartime)(A, T, TN); /* T: multiples of the public input point */
#else
    PC(jac) t;
#endif

    uint64_t even = PC(make_odd)(kk, k);
    PC(recode)(dig, D, PC(VW), kk);
    for (int i = D - 1; i >= 0; i--) { /* public loop index */
        if (i < D - 1)
            for (int s = 0; s < PC(VW); s++) PC(jdbl)(&Q, &Q);
        /* t = sign(d_i) T[(|d_i| - 1) / 2]; the top digit is positive */
        const uint64_t idx = PC(digit_abs)(dig[i], &neg) >> 1;
#if PC_AFFINE_TABLE
        PC(select_aff)(&t, A, TN, idx);
        PC(cneg)(&t.y, neg);
        if (i == D - 1) {
            Q.X = t.x;
            Q.Y = t.y;
            FE_SET_SMALL(&Q.Z, 1);
        } else if (i > 0) {
            PC(jmadd)(&Q, &Q, &t);
        }
#else
        PC(select)(&t, T, TN, idx);
        PC(cneg)(&t.Y, neg);
        if (i == D - 1)
            Q = t;
        else if (i > 0)
            PC(jadd)(&Q, &Q, &t);
#endif
    }
    /* i = 0, the step where U = V is reachable: the complete formula */
    PC(jac_to_proj)(&Qp, &Q);
#if PC_AFFINE_TABLE
    PC(madd)(&Qp, &Qp, &t, &bc);
    ecedu_wipe(A, sizeof A);
#else
    PC(jac_to_proj)(&tp, &t);
    PC(add)(&Qp, &Qp, &tp, &bc);
#endif
    PC(cneg)(&Qp.Y, even);
    PC(to_affine_bytes)(&Qp, ox, oy);
    ecedu_wipe(kk, sizeof kk);
    ecedu_wipe(dig, sizeof dig);
    ecedu_wipe(&Q, sizeof Q);
    ecedu_wipe(&t, sizeof t);
    ecedu_wipe(&Qp, sizeof Qp);
    ecedu_wipe(&tp, sizeof tp);
    ecedu_wipe(T, sizeof T);
}

/* ------------------------------------------------------------ fixed base: comb for G */

/*
 * The table: for window i < PC(FW) and j < 16 the affine point (2j+1) 32^i G, built once per
 * process (pthread_once: no lock for a fork() in another thread to leave held; glibc restarts
 * an initialisation a fork interrupted, issue 18) and never freed.  Public data.  Each
 * window's 16 points are made affine with one inversion (Montgomery's simultaneous
 * inversion).  5-bit windows (16 entries a row) instead of 4-bit ones (8): a fifth fewer
 * additions for a look-up twice as long, measured 23.3k -> 20.9k TSC ticks per P-256 k G
 * (`python -m ecedu speed ecdsa --cycles --curves P-256`, the machine shared; the table: 52 rows
 * of 16 points, 53 KB for P-256).
 */
static PC(aff) *PC(fb_tab);
static pthread_once_t PC(fb_once) = PTHREAD_ONCE_INIT;

/* row[j] = (2j+1) B for j < cn, affine (B projective, not infinity): RCB additions, then the Z
 * made 1 with one inversion (Montgomery's simultaneous inversion).  E and acc are the caller's
 * scratch of cn entries each (on the stack for a comb row, on the heap for the verification's
 * table).  Public data. */
static void PC(odd_multiples_affine)(PC(aff) *row, const PC(pt) *B, const FE_T *bc, int cn, PC(pt) *E,
                                     FE_T *acc) {
    FE_T inv;
    PC(pt) D;
    E[0] = *B;
    PC(dbl)(&D, B, bc);
    for (int j = 1; j < cn; j++) PC(add)(&E[j], &E[j - 1], &D, bc);
    /* acc[j] = Z_0 ... Z_j; inv = 1 / acc[cn - 1]; back out the 1 / Z_j */
    acc[0] = E[0].Z;
    for (int j = 1; j < cn; j++) FE_MUL(&acc[j], &acc[j - 1], &E[j].Z);
    FE_INV(&inv, &acc[cn - 1]);
    for (int j = cn - 1; j >= 0; j--) {
        FE_T zi;
        if (j) {
            FE_MUL(&zi, &inv, &acc[j - 1]);
            FE_MUL(&inv, &inv, &E[j].Z);
        } else {
            zi = inv;
        }
        FE_MUL(&row[j].x, &E[j].X, &zi);
        FE_MUL(&row[j].y, &E[j].Y, &zi);
    }
}

static void PC(load_g)(PC(pt) *B) {
    FE_FROM_BYTES(&B->X, PC(gx_bytes));
    FE_FROM_BYTES(&B->Y, PC(gy_bytes));
    FE_SET_SMALL(&B->Z, 1);
}

/* row[j] = (2j+1) G for j < cn, affine: PC(odd_multiples_affine) on the base point, with the
 * caller's scratch E and acc of cn entries. */
static void PC(g_odd_multiples_affine)(PC(aff) *row, int cn, PC(pt) *E, FE_T *acc) {
    FE_T bc;
    PC(pt) B;
    PC(bconst)(&bc);
    PC(load_g)(&B);
    PC(odd_multiples_affine)(row, &B, &bc, cn, E, acc);
}

/* The comb's rows. */
static void PC(fb_build)(void) {
    PC(aff) *tab = (PC(aff) *)malloc(sizeof(PC(aff)) * PC(FCN) * PC(FW));
    if (!tab) return;
    FE_T bc, acc[PC(FCN)];
    PC(pt) B, E[PC(FCN)];
    PC(bconst)(&bc);
    PC(load_g)(&B);
    for (int i = 0; i < PC(FW); i++) {
        PC(odd_multiples_affine)(tab + i * PC(FCN), &B, &bc, PC(FCN), E, acc);
        for (int s = 0; s < PC(FCW); s++) PC(dbl)(&B, &B, &bc); /* B = 32^(i+1) G */
    }
    PC(fb_tab) = tab;
}

/* The verification's table (PC(joint_jac_vartime)): the PC(GN) odd multiples G, 3G, ...,
 * (2 PC(GN) - 1) G of u1's width-PC(GNW) NAF, affine, built once per process on the first
 * verification (not by signing, which needs only the comb) and never freed: 4096 points, 256 KB
 * for P-256, 384 KB for P-384, 576 KB for P-521 (768 KB at its ifma level); the build's Jacobian
 * scratch is on the heap and freed.  It costs 1-10 ms once (P-256 to brainpoolP512r1).  Public
 * data.  The width: u1's NAF has about L / (w + 1) nonzero digits, one mixed addition each, so
 * width 14 instead of 8 saves L (1/9 - 1/15) of them, 17 on P-384.  Measured on an AMD EPYC
 * Zen 3, verification min TSC ticks, builds alternated (curve/prime/README.md): width 12 against
 * 8 -2.4% (P-256) to -5% (P-224), 14 against 12 another -1.2% to -1.5%, 10 against 12 +0.7% to
 * +1.8%.  (libsecp256k1's ecmult table is of width 15 by default, its idea.) */
static PC(aff) *PC(gv_tab);
static pthread_once_t PC(gv_once) = PTHREAD_ONCE_INIT;

static void PC(gv_build)(void) {
    PC(aff) *tab = (PC(aff) *)malloc(sizeof(PC(aff)) * PC(GN));
    PC(pt) *E = (PC(pt) *)malloc(sizeof(PC(pt)) * PC(GN));
    FE_T *acc = (FE_T *)malloc(sizeof(FE_T) * PC(GN));
    if (tab && E && acc) {
        PC(g_odd_multiples_affine)(tab, PC(GN), E, acc);
        PC(gv_tab) = tab;
    } else {
        free(tab);
    }
    free(E);
    free(acc);
}

/*
 * (ox, oy) = k G: the regular signed 5-bit digits of k (or of n - k), d_i odd in [-31, 31],
 * kG = sum_i sign(d_i) T[i][(|d_i|-1)/2]: PC(FW) - 1 mixed additions, no doubling, each
 * table row read by a masked scan of its 16 entries (PC(lookup)).  Returns ECEDU_ERR_INTERNAL if the
 * table could not be allocated.  Contract: 1 <= k < n.  Constant time in k.
 *
 * The additions are Jacobian + affine (PC(jmadd), 8M + 3S) up to row JB - 1 and the complete
 * RCB mixed addition (PC(madd), after PC(jac_to_proj)) from row JB = floor((L - 1) / 5) on
 * (L = PC_NBITS: the last one or two rows).  Why: before row i the accumulator is
 * A = sum_{j<i} d_j 32^j, odd (d_0 odd) with |A| <= 31 (32^i - 1) / 31 < 32^i, and row i adds
 * B = d_i 32^i, even, 32^i <= |B| < 32^(i+1).  PC(jmadd) fails only if A = 0, B = 0 or
 * A = +-B mod n.  A and A -+ B are odd, so not 0, and |A -+ B| < 32^(i+1); B is not 0 and
 * |B| < 32^(i+1).  While 32^(i+1) <= 2^(L-1) < n (i.e. i < JB) none of them is a multiple of
 * n.  The table's entries are affine points, never infinity.
 */
static int PC(mul_base)(const uint64_t *k, uint8_t *ox, uint8_t *oy) {
    enum { W = PC(FW), JB = (PC_NBITS - 1) / 5, CN = PC(FCN) };
    _Static_assert(PC(FCW) == 5 && CN == 1 << (PC(FCW) - 1), "the comb's proof is written for 5-bit windows");
    _Static_assert(JB >= 1 && JB < W, "the comb's complete rows are its last ones");
    pthread_once(&PC(fb_once), PC(fb_build));
    const PC(aff) *tab = PC(fb_tab);
    if (!tab) return ECEDU_ERR_INTERNAL;
    FE_T bc;
    PC(pt) Q;
    PC(aff) t;
    uint64_t kk[PC_NW], neg;
    int8_t dig[W];
    PC(jac) J;
    PC(bconst)(&bc);
    uint64_t even = PC(make_odd)(kk, k);
    PC(recode)(dig, W, PC(FCW), kk);
    for (int i = 0; i < W; i++) {
        uint64_t idx = PC(digit_abs)(dig[i], &neg) >> 1;
        PC(lookup)(&t, tab + i * CN, sizeof t, CN, idx);
        PC(cneg)(&t.y, neg);
        if (i == 0) { /* public loop index */
            J.X = t.x;
            J.Y = t.y;
            FE_SET_SMALL(&J.Z, 1);
        } else if (i < JB) {
            PC(jmadd)(&J, &J, &t);
        } else {
            if (i == JB) PC(jac_to_proj)(&Q, &J);
            PC(madd)(&Q, &Q, &t, &bc);
        }
    }
    PC(cneg)(&Q.Y, even);
    PC(to_affine_bytes)(&Q, ox, oy);
    ecedu_wipe(kk, sizeof kk);
    ecedu_wipe(dig, sizeof dig);
    ecedu_wipe(&J, sizeof J);
    ecedu_wipe(&Q, sizeof Q);
    ecedu_wipe(&t, sizeof t);
    return ECEDU_OK;
}

/* ------------------------------------------------------------ joint, variable time */

/* k >>= s (1 <= s <= 63), PC_NW + 1 words. */
static inline void PC(shr_vartime)(uint64_t *k, int s) {
    for (int i = 0; i < PC_NW; i++) k[i] = (k[i] >> s) | (k[i + 1] << (64 - s));
    k[PC_NW] >>= s;
}

/* The width-w NAF of k < 2^(64 PC_NW) (GECC Alg. 3.35), lowest digit first; returns its
 * length (<= 64 PC_NW + 1).  Public k only.  Alg. 3.35 takes one bit a step; here a run of
 * zeros goes in one shift (up to 63 bits, by the count of trailing zeros), and a nonzero digit d
 * with the w - 1 zeros that follow it (k - d is a multiple of 2^w) in another: the same digits. */
static int PC(wnaf_vartime)(int16_t *naf, const uint64_t *k_in, int w) {
    uint64_t k[PC_NW + 1];
    for (int i = 0; i < PC_NW; i++) k[i] = k_in[i];
    k[PC_NW] = 0;
    int len = 0;
    for (;;) {
        uint64_t any = 0;
        for (int i = 0; i <= PC_NW; i++) any |= k[i];
        if (!any) break;
        if (!(k[0] & 1)) { /* z zero digits */
            const int z = k[0] ? __builtin_ctzll(k[0]) : 63;
            for (int j = 0; j < z; j++) naf[len++] = 0;
            PC(shr_vartime)(k, z);
            continue;
        }
        int d = (int)(k[0] & ((1u << w) - 1));
        if (d >= 1 << (w - 1)) d -= 1 << w;
        if (d > 0) { /* k -= d */
            uint64_t br = (uint64_t)d;
            for (int i = 0; i <= PC_NW && br; i++) {
                uint64_t o = k[i];
                k[i] = o - br;
                br = o < br;
            }
        } else { /* k += -d */
            uint64_t c = (uint64_t)(-d);
            for (int i = 0; i <= PC_NW && c; i++) {
                k[i] += c;
                c = k[i] < c;
            }
        }
        naf[len++] = (int16_t)d;
        any = 0;
        for (int i = 0; i <= PC_NW; i++) any |= k[i];
        if (!any) break; /* d was the top digit */
        for (int j = 1; j < w; j++) naf[len++] = 0;
        PC(shr_vartime)(k, w);
    }
    return len;
}

/*
 * R = u1 G + u2 Q (Jacobian) for PUBLIC u1, u2 < n (PC_NW words) and a validated Q: Straus-Shamir
 * interleaving (GECC Alg. 3.51) of the width-14 NAF of u1 and the width-5 NAF of u2, one shared
 * chain of Jacobian doublings; the odd multiples 1, 3, ..., 8191 of G affine (PC(gv_tab), built
 * once; if its malloc failed, width 6 on 16 multiples on the stack, the comb rows' builder and
 * the same NAF), 1, 3, ..., 15 of Q Jacobian (PC(odd_multiples_jac), never exceptional); with
 * PC_AFFINE_TABLE Q's NAF is of width 6 and its 16 odd multiples are made affine
 * (PC(jac_table_to_affine_vartime)), so Q's additions are mixed too: measured on P-521 at the ifma level
 * 493k -> 451k min TSC ticks per verification, P-384 323k -> 320k (AMD Zen 4).  The additions test their exceptional
 * cases by branches (PC(jadd_vartime), PC(jmadd_vartime)): u1 or u2 may be 0, partial sums may
 * meet.  Returns 0, or 1 if the sum is the point at infinity.  Variable time.
 */
static int PC(joint_jac_vartime)(PC(jac) *Rout, const uint64_t *u1, const uint64_t *u2, const uint8_t *qx,
                                 const uint8_t *qy) {
#if PC_AFFINE_TABLE
    enum { WN = 6, TN = 16, ML = 64 * PC_NW + 2 }; /* Q's table affine: one width more */
#else
    enum { WN = 5, TN = 8, ML = 64 * PC_NW + 2 };
#endif
    _Static_assert(PC(GN) == 1 << (PC(GNW) - 2) && PC(GN_SPARE) == 1 << (PC(GNW_SPARE) - 2),
                   "G's width-w NAF digits index its 2^(w-2) odd multiples");
    PC(aff) tg;
    PC(jac) TQ[TN], R, t;
    int16_t n1[ML], n2[ML];
    pthread_once(&PC(gv_once), PC(gv_build));
    const PC(aff) *TG = PC(gv_tab);
    int WG = PC(GNW);
    PC(aff) spare[PC(GN_SPARE)];
    if (!TG) { /* no table (malloc failed): G's first odd multiples on the stack, a narrower NAF */
        FE_T acc[PC(GN_SPARE)];
        PC(pt) E[PC(GN_SPARE)];
        PC(g_odd_multiples_affine)(spare, PC(GN_SPARE), E, acc);
        TG = spare;
        WG = PC(GNW_SPARE);
    }
    FE_T x, y;
    FE_FROM_BYTES(&x, qx);
    FE_FROM_BYTES(&y, qy);
    PC(odd_multiples_jac)(TQ, TN, &x, &y); /* co-Z: 41M + 20S for TN = 8, not 87M + 33S */
#if PC_AFFINE_TABLE
    PC(aff) AQ[TN];
    PC(jac_table_to_affine_vartime)(AQ, TQ, TN);
#endif
    int l1 = PC(wnaf_vartime)(n1, u1, WG), l2 = PC(wnaf_vartime)(n2, u2, WN);
    int L = l1 > l2 ? l1 : l2;
    FE_SET_SMALL(&R.X, 1);
    FE_SET_SMALL(&R.Y, 1);
    FE_SET_SMALL(&R.Z, 0);
    int inf = 1; /* R is still infinity: skip its doublings */
    for (int i = L - 1; i >= 0; i--) {
        if (!inf) PC(jdbl)(&R, &R);
        int d1 = i < l1 ? n1[i] : 0, d2 = i < l2 ? n2[i] : 0;
        if (d1) {
            tg = TG[(d1 < 0 ? -d1 : d1) >> 1];
            if (d1 < 0) FE_NEG(&tg.y, &tg.y);
            PC(jmadd_vartime)(&R, &R, &tg);
            inf = 0;
        }
        if (d2) {
#if PC_AFFINE_TABLE
            tg = AQ[(d2 < 0 ? -d2 : d2) >> 1];
            if (d2 < 0) FE_NEG(&tg.y, &tg.y);
            PC(jmadd_vartime)(&R, &R, &tg);
#else
            t = TQ[(d2 < 0 ? -d2 : d2) >> 1];
            if (d2 < 0) FE_NEG(&t.Y, &t.Y);
            PC(jadd_vartime)(&R, &R, &t);
#endif
            inf = 0;
        }
    }
    if (FE_IS_ZERO(&R.Z)) return 1;
    *Rout = R;
    return 0;
}

/* ox = x(u1 G + u2 Q) (the contract of PC(joint_jac_vartime)); returns 1 for infinity, else 0.
 * Variable time. */
static int PC(mul_joint_vartime)(const uint64_t *u1, const uint64_t *u2, const uint8_t *qx,
                                 const uint8_t *qy, uint8_t *ox) {
    PC(jac) R;
    if (PC(joint_jac_vartime)(&R, u1, u2, qx, qy)) return 1;
    FE_T zi, x;
    FE_INV(&zi, &R.Z);
    FE_SQR(&zi, &zi);
    FE_MUL(&x, &R.X, &zi);
    FE_TO_BYTES(ox, &x);
    return 0;
}

#if !(defined(PC_GLV) && PC_GLV)
/* 1 if the integer c (PC_NW words, plus the carry word hi) is the affine x = X / Z^2 of the
 * finite Jacobian point R, whose zz = Z^2: c must be below p (an x is) and then c Z^2 = X in
 * GF(p), with no inversion.  c is written big-endian into L = 8 PC_NW + FE_BYTES bytes, so the
 * bytes above the field's FE_BYTES must be zero whatever PC_NW and FE_BYTES are (n may be longer
 * than p: secp160r1).  Public data. */
static int PC(x_equals_vartime)(const PC(jac) *R, const FE_T *zz, const uint64_t *c, uint64_t hi) {
    enum { L = 8 * PC_NW + FE_BYTES };
    uint8_t b[L];
    if (hi) return 0;
    ecedu_words_to_bytes(b, L, c, PC_NW);
    for (int i = 0; i < L - FE_BYTES; i++)
        if (b[i]) return 0;
    FE_T cf, t;
    if (!FE_FROM_BYTES(&cf, b + L - FE_BYTES)) return 0; /* c >= p */
    FE_MUL(&t, &cf, zz);
    FE_SUB(&t, &t, &R->X);
    return FE_IS_ZERO(&t) != 0;
}

/*
 * ECDSA's last test (SEC 1 4.1.4 steps 5-8) without the inversion of Z: 1 if R = u1 G + u2 Q
 * (PC(joint_jac_vartime)'s contract) is finite and x(R) mod n = r, for PUBLIC 0 < r < n
 * (PC_NW words), else 0.  As 0 <= x(R) < p and p < 2n (Hasse's bound, cofactor 1), x(R) mod
 * n = r means x(R) = r or x(R) = r + n, each possible only below p: two products r Z^2 and
 * (r + n) Z^2 compared with X, the projective form of the test that libsecp256k1's verification
 * also makes.  Saves the field inversion of PC(mul_joint_vartime) (about a tenth of a P-521
 * verification).  Variable time.
 */
static int PC(verify_x_vartime)(const uint64_t *u1, const uint64_t *u2, const uint8_t *qx,
                                const uint8_t *qy, const uint64_t *r) {
    PC(jac) R;
    if (PC(joint_jac_vartime)(&R, u1, u2, qx, qy)) return 0; /* R = infinity: invalid */
    FE_T zz;
    FE_SQR(&zz, &R.Z);
    if (PC(x_equals_vartime)(&R, &zz, r, 0)) return 1;
    uint64_t rn[PC_NW];
    unsigned char carry = 0;
    for (int i = 0; i < PC_NW; i++) carry = ecedu_adc(carry, r[i], PC(n)[i], &rn[i]);
    return PC(x_equals_vartime)(&R, &zz, rn, carry);
}
#endif

/* ------------------------------------------------------------ test hook */

/*
 * The formulas on their own, for the tests of their exceptional cases: op (ecedu_native.h)
 * ECEDU_PPOINT_ADD (RCB 4/7), ECEDU_PPOINT_MADD (RCB 5/8; p2 must not be infinity),
 * ECEDU_PPOINT_DBL (p1 doubled, RCB 6/9).  Points are
 * SEC 1 uncompressed encodings or the one byte 00 for infinity, validated; p1 is given the
 * projective scale Z = 5 (and p2 Z = 7) so that the formulas see Z != 1.  The result is
 * written the same way (out: 1 + 2 FE_BYTES bytes; infinity as 00 then zeros).
 */
static int PC(load_proj_vartime)(PC(pt) *P, const uint8_t *in, uint64_t scale) {
    const size_t F = FE_BYTES;
    if (in[0] == 0x00) {
        PC(set_inf)(P);
        return ECEDU_OK;
    }
    PC(aff) A;
    int rc;
    if (in[0] != 0x04) return ECEDU_ERR_LENGTH;
    if ((rc = PC(load_point)(&A, in + 1, in + 1 + F))) return rc;
    FE_SET_SMALL(&P->Z, scale);
    FE_MUL(&P->X, &A.x, &P->Z);
    FE_MUL(&P->Y, &A.y, &P->Z);
    return ECEDU_OK;
}

static int PC(point_op)(int op, const uint8_t *p1, const uint8_t *p2, uint8_t *out) {
    const size_t F = FE_BYTES;
    PC(pt) P, Q, R;
    FE_T bc;
    int rc;
    PC(bconst)(&bc);
    if ((rc = PC(load_proj_vartime)(&P, p1, 5))) return rc;
    if (op != ECEDU_PPOINT_DBL && (rc = PC(load_proj_vartime)(&Q, p2, 7))) return rc;
    if (op == ECEDU_PPOINT_ADD) {
        PC(add)(&R, &P, &Q, &bc);
    } else if (op == ECEDU_PPOINT_MADD) {
        if (p2[0] == 0x00) return ECEDU_ERR_POINT;
        PC(aff) A;
        FE_FROM_BYTES(&A.x, p2 + 1);
        FE_FROM_BYTES(&A.y, p2 + 1 + F);
        PC(madd)(&R, &P, &A, &bc);
    } else if (op == ECEDU_PPOINT_DBL) {
        PC(dbl)(&R, &P, &bc);
    } else {
        return ECEDU_ERR_ARGUMENT;
    }
    memset(out, 0, 1 + 2 * F);
    if (FE_IS_ZERO(&R.Z)) {
        /* infinity must come out as (0 : Y : 0) with Y != 0 */
        return FE_IS_ZERO(&R.X) && !FE_IS_ZERO(&R.Y) ? ECEDU_OK : ECEDU_ERR_INTERNAL;
    }
    out[0] = 0x04;
    PC(to_affine_bytes)(&R, out + 1, out + 1 + F);
    return ECEDU_OK;
}

/* ------------------------------------------------------------ the GLV endomorphism (a = 0) */

#if defined(PC_GLV) && PC_GLV
#include "curve/prime/glv.tmpl.h"
/* k Q and u1 G + u2 Q by the endomorphism; PC(mul), PC(mul_joint_vartime) stay for its hook */
const ecedu_pcurve_impl PC_TABLE_NAME = {
    PC(decode), PC(validate), PC(mul_glv), PC(mul_base), PC(mul_joint_glv_vartime), PC(point_op), PC(glv_op),
    NULL, /* verify_x_vartime: verification inverts (ecdsa.c) */
};
#else
const ecedu_pcurve_impl PC_TABLE_NAME = {
    PC(decode), PC(validate), PC(mul), PC(mul_base), PC(mul_joint_vartime), PC(point_op), NULL,
    PC(verify_x_vartime),
};
#endif
