/*
 * ecedu_native.h -- the one public header of libecedu_native: every exported
 * function and every constant that callers (the modules of ecedu/native/ through ctypes,
 * the constant-time drivers in tests/ctime*) share with the library.
 *
 * Conventions: curves are named by index ci = ecedu_curve_index(name);
 * field elements, coordinates and scalars are big-endian byte strings;
 * flen = (m+7)/8 bytes for field elements and coordinates; scalars are at
 * most nlen = (bits(n)+7)/8 bytes.  Every function checks its inputs and
 * returns ECEDU_OK (0) or a negative ecedu_status; none crashes on malformed
 * input (given valid pointers of the stated lengths).  Functions whose name
 * ends in _vartime handle public data only and may take variable time; all
 * others are constant time in their secret inputs (tests/ctime checks it).
 *
 * One source of truth: the Python side reads every constant below from the
 * library at load time (ecedu_constant_at), never from a copy of its own.
 */
#ifndef ECEDU_NATIVE_H
#define ECEDU_NATIVE_H
#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------ constants */

/* Return codes. */
enum ecedu_status {
    ECEDU_OK = 0,
    ECEDU_ERR_CURVE = -1,    /* unknown curve or field degree              */
    ECEDU_ERR_LENGTH = -2,   /* buffer of the wrong length / bad format    */
    ECEDU_ERR_POINT = -3,    /* point off the curve / infinity / subgroup  */
    ECEDU_ERR_SCALAR = -4,   /* scalar not in [1, n-1]                     */
    ECEDU_ERR_RANGE = -5,    /* field element >= 2^m, or inverse of 0      */
    ECEDU_ERR_INTERNAL = -6, /* should not happen (allocation failure)     */
    ECEDU_ERR_RETRY = -7,    /* ECDSA with a given k: r = 0 or s = 0       */
    ECEDU_ERR_ARGUMENT = -8, /* unknown operation code or method           */
    ECEDU_ERR_MODULUS = -9,  /* modulus even, < 3, too long or not minimal  */
    ECEDU_ERR_ALL_ZERO = -10, /* X25519: all-zero shared secret (RFC 7748 §6.1) */
};

/* Operations of ecedu_field_op. */
enum ecedu_field_opcode {
    ECEDU_FIELD_MUL = 0,
    ECEDU_FIELD_SQR = 1,
    ECEDU_FIELD_INV = 2,         /* constant time; inv(0) -> ECEDU_ERR_RANGE */
    ECEDU_FIELD_SQRT = 3,
    ECEDU_FIELD_HALF_TRACE = 4,
    ECEDU_FIELD_TRACE = 5,       /* out[len-1] = 0 or 1                      */
    ECEDU_FIELD_INV_VARTIME = 6, /* of a public value                        */
};

/* Operations of ecedu_ecdsa_modn_op (arithmetic mod n, for the tests). */
enum ecedu_modn_opcode {
    ECEDU_MODN_MUL = 0,         /* a b mod n                                 */
    ECEDU_MODN_INV = 1,         /* a^-1 mod n (divsteps; a = 0 gives 0)      */
    ECEDU_MODN_REDUCE = 2,      /* a mod n (any a of nlen bytes)             */
    ECEDU_MODN_ADD = 3,         /* a + b mod n                               */
    ECEDU_MODN_INV_EUCLID_VARTIME = 4, /* binary extended Euclid, public a    */
    ECEDU_MODN_INV_FERMAT = 5,  /* a^(n-2), the cross-check of INV; 0 -> 0   */
    ECEDU_MODN_INV_VARTIME = 6,  /* divsteps, variable time (verify's s^-1)  */
};

/* Bits of ecedu_cpu_features(): what CPUID (and XGETBV) report. */
enum ecedu_cpu_feature {
    ECEDU_CPU_PCLMULQDQ = 1,    /* PCLMULQDQ and SSE4.1                      */
    ECEDU_CPU_AVX2 = 2,
    ECEDU_CPU_AVX512F = 4,
    ECEDU_CPU_VPCLMULQDQ = 8,
    ECEDU_CPU_AVX512VBMI2 = 16, /* VPSHLDQ / VPSHRDQ                         */
    ECEDU_CPU_ZMM_OS = 32,      /* the OS saves the AVX-512 state (XCR0)     */
    ECEDU_CPU_AVX512VL = 64,    /* AVX-512 instructions on 128/256-bit regs  */
    ECEDU_CPU_BMI2 = 128,       /* MULX (CPUID.7.0:EBX[8])                   */
    ECEDU_CPU_ADX = 256,        /* ADCX, ADOX (CPUID.7.0:EBX[19])            */
    ECEDU_CPU_YMM_OS = 512,     /* the OS saves the AVX (ymm) state (XCR0)   */
    ECEDU_CPU_AVX512IFMA = 1024, /* VPMADD52LUQ/HUQ (CPUID.7.0:EBX[21])      */
    ECEDU_CPU_AVX = 2048,       /* AVX, the VEX forms (CPUID.1:ECX[28])      */
};

/* Field implementation levels, lowest first (cpu.c). */
enum ecedu_impl_level {
    ECEDU_IMPL_PORTABLE = 0, /* plain C, any CPU                              */
    ECEDU_IMPL_PCLMUL = 1,   /* 128-bit PCLMULQDQ (SSE4.1)                    */
    ECEDU_IMPL_AVX = 2,      /* the same code built for AVX (VEX forms), still
                                128-bit                                       */
    ECEDU_IMPL_AVX2 = 3,     /* the same built for AVX2 (VEX); 256-bit
                                VPCLMULQDQ multiplication where measured
                                faster (instances/gf2m_<m>.c)                 */
    ECEDU_IMPL_AVX512 = 4,   /* the same built for AVX-512; 512-bit
                                VPCLMULQDQ multiplication for m = 409, 571    */
};

/* Variable-base method on the Koblitz curves (ecedu_set_koblitz_method). */
enum ecedu_koblitz_method {
    ECEDU_KOBLITZ_DEFAULT = 0, /* the tau-adic method, measured faster on all six */
    ECEDU_KOBLITZ_LADDER = 1,  /* always the Montgomery ladder                */
    ECEDU_KOBLITZ_TNAF = 2,    /* always the regular tau-adic method          */
};

/* Prime-field multiplications of ecedu_prime_mul (field/gfp/). */
enum ecedu_prime_variant {
    ECEDU_PRIME_MONTGOMERY = 0, /* CIOS Montgomery, any odd p (mont.tmpl.h)   */
    ECEDU_PRIME_SOLINAS = 1,    /* P-192..P-384 Solinas, P-521 Mersenne        */
    ECEDU_PRIME_P256_MONTGOMERY = 2, /* P-256, Montgomery by p's words         */
    ECEDU_PRIME_UNSATURATED = 3, /* P-224 (4 x 56), P-256 (4 x 64 in 128-bit words), P-521 (9 x 58) */
};

/* Implementation levels of the prime fields (cpu.c), lowest first. */
enum ecedu_gfp_impl_level {
    ECEDU_GFP_IMPL_PORTABLE = 0, /* unsigned __int128 C                          */
    ECEDU_GFP_IMPL_MULX = 1,     /* MULX, ADCX, ADOX in inline assembly (BMI2, ADX) */
    ECEDU_GFP_IMPL_IFMA = 2,     /* mulx, but AVX-512 IFMA (AVX512F, AVX512VL,
                                    AVX512-IFMA, the zmm state saved) in the modular
                                    exponentiations (field/gfp/mont_ifma.h) and
                                    P-384, P-521 (instances/gfp_*_ifma.c) */
};

/* Limits of the arithmetic mod an odd integer (field/gfp/). */
enum ecedu_gfp_limit {
    ECEDU_GFP_MAX_MODULUS_BITS = 4096, /* largest modulus, and largest CRT prime  */
    ECEDU_GFP_MAX_OPERAND_BYTES = 1024, /* longest base, exponent, RSA input    */
};

/* What ecedu_bench_cycles times (benchmarks in TSC ticks, bench.c). */
enum ecedu_cycles_op {
    ECEDU_CYCLES_ECDH = 0,              /* ecedu_ecdh incl. decoding, validation    */
    ECEDU_CYCLES_SCALAR_MULT_BASE = 1,  /* k G by the comb                          */
    ECEDU_CYCLES_ECDSA_SIGN = 2,
    ECEDU_CYCLES_ECDSA_VERIFY = 3,
    ECEDU_CYCLES_FIELD_MUL = 4,         /* dependent chain, per multiplication      */
    ECEDU_CYCLES_FIELD_SQR = 5,
    ECEDU_CYCLES_FIELD_INV = 6,
    ECEDU_CYCLES_X25519 = 7,            /* ecedu_x25519 (the curve index is ignored) */
};

/* Operations of ecedu_fe25519_op (GF(2^255 - 19), field/gfp/fe25519.h, for the tests). */
enum ecedu_fe25519_opcode {
    ECEDU_FE25519_MUL = 0,
    ECEDU_FE25519_SQR = 1,
    ECEDU_FE25519_INV = 2,     /* a^(p-2): 0 -> 0                             */
    ECEDU_FE25519_ADD = 3,
    ECEDU_FE25519_SUB = 4,
    ECEDU_FE25519_NEG = 5,
    ECEDU_FE25519_IS_ZERO = 6, /* out = 1 if a = 0, else 0                   */
};

/* Operations of ecedu_prime_point_op (the point formulas of curve/prime/, for tests). */
enum ecedu_ppoint_opcode {
    ECEDU_PPOINT_ADD = 0,  /* p1 + p2, complete projective addition (RCB 2016 Alg. 4 / 7) */
    ECEDU_PPOINT_MADD = 1, /* p1 + p2, mixed (p2 affine, not infinity; Alg. 5 / 8)       */
    ECEDU_PPOINT_DBL = 2,  /* 2 p1 (Alg. 6 / 9)                                         */
};

/* --- glv: operations of ecedu_prime_glv_op (curve/prime/glv.tmpl.h, for tests) --- */
enum ecedu_glv_opcode {
    ECEDU_GLV_SPLIT = 0,       /* k -> k1, k2 with k = k1 + k2 lambda (mod n), 0 <= k < n   */
    ECEDU_GLV_PHI = 1,         /* P -> phi(P) = (beta x, y)                                 */
    ECEDU_GLV_MUL = 2,         /* k P by the GLV joint window (what ECDH runs)              */
    ECEDU_GLV_MUL_PLAIN = 3,   /* k P by the template's one-scalar window, for comparison   */
    ECEDU_GLV_JOINT = 4,       /* x(k G + k2 P), the verification's GLV wNAF (variable time) */
    ECEDU_GLV_JOINT_PLAIN = 5, /* x(k G + k2 P) by the two-scalar wNAF, for comparison      */
};
/* --- end glv --- */

/* The constants above by name, for bindings: entry i (0, 1, ...) sets *name
 * and *value and returns 0; returns -1 past the last entry. */
int ecedu_constant_at(int i, const char **name, int *value);

/* ---------------------------------------------------- CPU and dispatch */

int ecedu_cpu_features(void);
/* force: -1 = the best the CPU has; returns -1 (no change) if the CPU lacks
 * the level.  ecedu_implementation: the level in use. */
int ecedu_force_implementation(int level);
int ecedu_implementation_named(const char *name); /* "avx2" -> ECEDU_IMPL_AVX2; unknown: -1 */
void ecedu_force_portable(int flag);
int ecedu_implementation(void);
int ecedu_best_implementation(void); /* the highest level this CPU can run */
int ecedu_using_pclmul(void);        /* the level in use is >= ECEDU_IMPL_PCLMUL */
int ecedu_field_implementation(int m);
/* The prime fields' level (an ecedu_gfp_impl_level), apart from the binary
 * fields': the best the CPU has unless forced lower, at load time by
 * ECEDU_PRIME_IMPL=portable|mulx|ifma or by force (-1 = the best; returns -1 and
 * changes nothing if the CPU lacks the level). */
int ecedu_force_prime_implementation(int level);
int ecedu_prime_implementation_named(const char *name); /* "mulx" -> ECEDU_GFP_IMPL_MULX; unknown: -1 */
int ecedu_prime_implementation(void);
int ecedu_best_prime_implementation(void);

/* --------------------------------------------------------------- curves */

/* Curve indices: 0 .. 13 the SEC 2 binary curves, then the prime curves of curve/prime/
 * (secp160r1, secp192r1, secp224r1, secp256r1, secp384r1, secp521r1, secp256k1; then, issue
 * 18, secp160k1, secp192k1, secp224k1, brainpoolP224r1, P256r1, P320r1, P384r1, P512r1: 14 .. 28,
 * the order of ecedu/curves/sec2.py NATIVE_PRIME_CURVES).  Every curve function below takes both kinds;
 * for a prime curve "m" is bits(p) (coordinates have (m+7)/8 bytes and must be < p) and the
 * cofactor is 1. */
int ecedu_curve_count(void);
/* The name of curve ci (static storage), or NULL. */
const char *ecedu_curve_name(int ci);
/* The index of the curve called name (exactly namelen bytes, no NUL
 * inside), or -1. */
int ecedu_curve_index(const char *name, size_t namelen);
/* m, bits(n), cofactor h, and whether the curve is a Koblitz curve with the
 * tau-adic method (1) or not (0). */
int ecedu_curve_info(int ci, int *m, int *nbits, int *h, int *koblitz);

/* --------------------------------------------------------------- fields */

/* Field op on GF(2^m), m in {163,193,233,239,283,409,571}: op an
 * ecedu_field_opcode; a, b, out: len = (m+7)/8 bytes each; inputs < 2^m. */
int ecedu_field_op(int m, int op, const uint8_t *a, const uint8_t *b, uint8_t *out, size_t len);
/* c[i] = a[i]*b[i] for count elements of nw = ceil(m/64) little-endian uint64
 * words each; every input element must be < 2^m (checked). */
int ecedu_field_mul_batch(int m, const uint64_t *a, const uint64_t *b, uint64_t *c, size_t count);

/* ------------------------------------------------------ points and ECDH */

int ecedu_validate_point(int ci, const uint8_t *x, const uint8_t *y, size_t flen);
int ecedu_decode_point(int ci, const uint8_t *in, size_t len, uint8_t *ox, uint8_t *oy);
int ecedu_scalar_mult(int ci, const uint8_t *k, size_t klen, const uint8_t *x, const uint8_t *y,
                      size_t flen, uint8_t *ox, uint8_t *oy);
/* method: an ecedu_koblitz_method; process-wide, for tests and benchmarks.
 * Returns ECEDU_ERR_ARGUMENT (and changes nothing) for another value. */
int ecedu_set_koblitz_method(int method);
int ecedu_koblitz_uses_tnaf(int ci); /* 1 tau-adic, 0 ladder, or ECEDU_ERR_CURVE */
int ecedu_scalar_mult_base(int ci, const uint8_t *k, size_t klen, uint8_t *ox, uint8_t *oy,
                           size_t flen);
int ecedu_ecdh(int ci, const uint8_t *d, size_t dlen, const uint8_t *peer, size_t plen,
               uint8_t *out, size_t outlen);
/* count ECDH in one call: rcs[i] gets the code of index i; returns the first failing index's code
 * (ECEDU_OK if none).  A bad curve index or a NULL pointer writes that code into every rcs[i] (if
 * rcs is given) and returns it. */
int ecedu_ecdh_batch(int ci, size_t count, const uint8_t *d, size_t dlen, const uint8_t *peers,
                     size_t plen, uint8_t *out, size_t outlen, int32_t *rcs);

/*
 * The public-key shapes one curve accepts, for a caller that calls the same curve many times
 * (ecedu/native/fastpath.py builds one per curve, from the package's own encoder): a SEC 1
 * point (first octet 02, 03 or 04) of point_len[0] or point_len[1] octets, or a DER
 * SubjectPublicKeyInfo of spki_len[i] octets made of the spki_prefix_len[i] octets
 * spki_prefix[i] and then the point.  nlen and flen: the curve's scalar and field lengths in
 * octets (checked against the curve by the entry points).  Read, never written, by the library.
 */
enum {
    ECEDU_SPKI_PREFIX_MAX = 48, /* the longest SPKI prefix a shape holds */
};
typedef struct {
    int32_t ci;
    uint32_t nlen, flen;
    uint32_t point_len[2];
    uint32_t spki_len[2];
    uint32_t spki_prefix_len[2];
    uint8_t spki_prefix[2][ECEDU_SPKI_PREFIX_MAX];
} ecedu_key_shapes;
enum {
    ECEDU_KEY_SHAPES_BYTES = sizeof(ecedu_key_shapes), /* checked against the Python mirror */
};

/* ecedu_ecdh on curve shapes->ci with the scalar d (shapes->nlen octets) and the peer's key in
 * one of the shapes of *shapes (keylen octets), out: shapes->flen octets.  Errors: those of
 * ecedu_ecdh, and ECEDU_ERR_LENGTH for a key of no shape of *shapes (or shapes that do not fit
 * together).  Five arguments, not seven: from Python each costs a conversion. */
int ecedu_ecdh_key(const ecedu_key_shapes *shapes, const uint8_t *d, const uint8_t *key,
                   size_t keylen, uint8_t *out);

/* ---------------------------------------------------------------- ECDSA */

/*
 * Sign the hash value digest (digestlen bytes, any length; only its leftmost
 * bits(n) bits are used, as bits2int) with the private key d (dlen bytes,
 * 1 <= dlen <= nlen) and the RFC 6979 / HMAC-SHA256 nonce.  The digest
 * should be SHA-256(m) for the result to be the RFC 6979 "SHA-256"
 * signature; other digests still give valid signatures (the DRBG is still
 * HMAC-SHA256), but not those of RFC 6979 for that hash -- use
 * ecedu_ecdsa_sign_with_k for those.
 * Output: r_out, s_out, nlen bytes each.
 * Errors: ECEDU_ERR_CURVE, ECEDU_ERR_LENGTH (nlen, dlen or NULL digest with
 * digestlen > 0), ECEDU_ERR_SCALAR (d not in [1, n-1]; r_out, s_out zeroed).
 */
int ecedu_ecdsa_sign(int ci, const uint8_t *d, size_t dlen, const uint8_t *digest,
                     size_t digestlen, uint8_t *r_out, uint8_t *s_out, size_t nlen);

/*
 * Sign with a caller-supplied nonce k (klen bytes, 1 <= klen <= nlen), e.g.
 * the RFC 6979 nonce for another hash computed by the caller.
 * Errors as ecedu_ecdsa_sign, plus ECEDU_ERR_SCALAR if k is not in [1, n-1]
 * and ECEDU_ERR_RETRY if r = 0 or s = 0 (the caller takes the next nonce).
 */
int ecedu_ecdsa_sign_with_k(int ci, const uint8_t *d, size_t dlen, const uint8_t *k,
                            size_t klen, const uint8_t *digest, size_t digestlen,
                            uint8_t *r_out, uint8_t *s_out, size_t nlen);

/*
 * Verify (r, s) (nlen bytes each) on digest for the public key Q = (qx, qy)
 * (flen bytes each).  Returns 1 if valid, 0 if not (including r or s
 * outside [1, n-1]); a negative error if Q is not a valid public key
 * (ECEDU_ERR_POINT: off the curve, x = 0, not in the subgroup of order n,
 * coordinate >= 2^m; on a prime curve: off the curve or a coordinate >= p)
 * or the lengths are wrong (ECEDU_ERR_LENGTH).
 * Public data only: variable time.
 */
int ecedu_ecdsa_verify_vartime(int ci, const uint8_t *qx, const uint8_t *qy, size_t flen,
                               const uint8_t *digest, size_t digestlen, const uint8_t *r,
                               const uint8_t *s, size_t nlen);

/*
 * ecedu_ecdsa_verify_vartime for a public key given as its SEC 1 encoding (point, plen bytes:
 * compressed or uncompressed, decoded and validated as ecedu_decode_point does, once) and
 * r, s as the contents of their DER INTEGERs (rlen, slen bytes, big-endian, any length,
 * leading zeros allowed): the public ecdsa.verify in one call.  Returns 1 if valid, 0 if not
 * (r or s outside [1, n-1], however long); a negative error for an invalid key, checked
 * first (ECEDU_ERR_POINT, ECEDU_ERR_LENGTH: as ecedu_decode_point) or a NULL digest with
 * digestlen > 0 (ECEDU_ERR_LENGTH).  Public data only: variable time.
 */
int ecedu_ecdsa_verify_sec1_vartime(int ci, const uint8_t *point, size_t plen,
                                    const uint8_t *digest, size_t digestlen, const uint8_t *r,
                                    size_t rlen, const uint8_t *s, size_t slen);

/*
 * ecedu_ecdsa_sign with the signature written as OpenSSL writes it: the DER ECDSA-Sig-Value
 * (SEC 1 v2 §C.5) into sig (sigcap octets, at least 3 + 2 (nlen + 3), the longest such
 * signature; else ECEDU_ERR_LENGTH).  Returns its length (> 0), or a negative error as
 * ecedu_ecdsa_sign (sig not written).
 */
int ecedu_ecdsa_sign_der(int ci, const uint8_t *d, size_t dlen, const uint8_t *digest,
                         size_t digestlen, uint8_t *sig, size_t sigcap);

/*
 * ecedu_ecdsa_verify_sec1_vartime with the signature as its DER ECDSA-Sig-Value (sig, siglen
 * octets).  The key is checked first, with the same errors; then a signature that is not in
 * the strict form this entry reads (one-octet lengths, 0x81 L for 0x80..0xff; positive
 * INTEGERs in minimal form, so 0 and negative values are shape errors too) gives
 * ECEDU_ERR_LENGTH: the caller decides (ecedu's Python path parses it and calls it not
 * valid).  Else 1 if valid, 0 if not.  Public data only: variable time.
 */
int ecedu_ecdsa_verify_der_vartime(int ci, const uint8_t *point, size_t plen,
                                   const uint8_t *digest, size_t digestlen, const uint8_t *sig,
                                   size_t siglen);

/*
 * Verification with the public key in one of the shapes of *shapes (ecedu_key_shapes, as
 * ecedu_ecdh_key; keylen octets): ecedu_ecdsa_verify_der_vartime on the point found if der,
 * else ecedu_ecdsa_verify_sec1_vartime with sig (siglen = 2 shapes->nlen octets, else
 * ECEDU_ERR_LENGTH) split into r and s as IEEE P1363 lays them.  A key of no shape of *shapes:
 * ECEDU_ERR_LENGTH; shapes whose curve or nlen is not a curve's: ECEDU_ERR_CURVE.  Public data
 * only: variable time.
 */
int ecedu_ecdsa_verify_key_vartime(const ecedu_key_shapes *shapes, const uint8_t *key,
                                   size_t keylen, const uint8_t *digest, size_t digestlen,
                                   const uint8_t *sig, size_t siglen, int der);

/* ------------------------------------------- prime fields, modular powers */

/*
 * Arithmetic mod an odd integer p (field/gfp/, CIOS Montgomery at 32- or
 * 64-bit limbs: limb_bits 32 or 64, else ECEDU_ERR_ARGUMENT; 64-bit limbs at
 * the "mulx" prime-field level: MULX/ADX rows, field/gfp/mont_adx.h; at the
 * "ifma" level the same, with the exponentiations -- ecedu_modexp above 256
 * bits, both halves of ecedu_modexp_crt -- on AVX-512 IFMA, field/gfp/mont_ifma.h).  The modulus
 * is plen big-endian bytes with a non-zero first byte, odd, > 1 and of at
 * most ECEDU_GFP_MAX_MODULUS_BITS bits (else ECEDU_ERR_MODULUS; plen = 0 or a
 * NULL pointer: ECEDU_ERR_LENGTH).
 */

/* out = a b mod p (a, b, out: plen bytes; a, b < p else ECEDU_ERR_RANGE and a
 * zero output, chosen without a branch: constant time in a and b);
 * variant an ecedu_prime_variant (else ECEDU_ERR_ARGUMENT).  MONTGOMERY: any
 * valid p, limb_bits 32 or 64; the others: limb_bits 64 only (else
 * ECEDU_ERR_ARGUMENT) and only the primes they cover (ecedu_prime_field_at),
 * else ECEDU_ERR_MODULUS. */
int ecedu_prime_mul(int variant, int limb_bits, const uint8_t *p, size_t plen, const uint8_t *a,
                    const uint8_t *b, uint8_t *out);

/* Entry i (0, 1, ...) of the table of fixed-size prime fields: its variant,
 * the curve name of its prime (static storage), the prime (static, *plen
 * big-endian bytes) and whether it has a MULX path (1) or not (0).  Returns 0,
 * or -1 past the last entry. */
int ecedu_prime_field_at(int i, int *variant, const char **name, const uint8_t **p, size_t *plen,
                         int *mulx);

/* out (mlen bytes) = base^exp mod m: base of blen bytes (any value),
 * exp of elen bytes (elen = 0 is exponent 0); blen, elen <=
 * ECEDU_GFP_MAX_OPERAND_BYTES (else ECEDU_ERR_LENGTH).  Constant time in base
 * and exp (its length is public: pad it), fixed windows. */
int ecedu_modexp(int limb_bits, const uint8_t *base, size_t blen, const uint8_t *exp, size_t elen,
                 const uint8_t *m, size_t mlen, uint8_t *out);

/*
 * The RSA private-key operation with the CRT key (p, q, dp, dq, qinv) of
 * PKCS #1: m1 = c^dp mod p, m2 = c^dq mod q, h = qinv (m1 - m2) mod p,
 * out = m2 + h q, as outlen >= plen + qlen big-endian bytes.  All five key
 * parts are SECRET and handled in constant time, the checks that p and q are
 * odd, > 1 and have a non-zero first byte included (ECEDU_ERR_RANGE and a
 * zero output otherwise, without a branch).  Public checks: plen, qlen in
 * [1, ECEDU_GFP_MAX_MODULUS_BITS/8], qinvlen <= plen, clen, dplen, dqlen <=
 * ECEDU_GFP_MAX_OPERAND_BYTES (ECEDU_ERR_LENGTH).  The caller makes sure that
 * c < p q and qinv < p for the result to be the RSA one.
 */
int ecedu_modexp_crt(int limb_bits, const uint8_t *c, size_t clen, const uint8_t *p, size_t plen,
                     const uint8_t *q, size_t qlen, const uint8_t *dp, size_t dplen, const uint8_t *dq,
                     size_t dqlen, const uint8_t *qinv, size_t qinvlen, uint8_t *out, size_t outlen);

/* --------------------------------------------------------------- X25519 */

/*
 * X25519 (RFC 7748 §5, §6.1) on Curve25519 over GF(2^255 - 19): unlike the
 * rest of this header, scalars and u-coordinates are 32 LITTLE-endian bytes,
 * as the RFC has them.  Any 32-byte k is a private key (it is clamped by
 * decodeScalar25519) and any 32 bytes a u-coordinate (bit 255 is masked).
 * ecedu_x25519: out = X25519(k, u); ECEDU_ERR_ALL_ZERO if the result is all
 * zero (u of small order; out is then zero).  ecedu_x25519_base: the public
 * key X25519(k, 9).  Every length must be 32 (else ECEDU_ERR_LENGTH).
 * Constant time in k (curve/x25519.c; tests/ctime/ctime_x25519_driver.c).
 */
int ecedu_x25519(const uint8_t *k, size_t klen, const uint8_t *u, size_t ulen, uint8_t *out,
                 size_t outlen);
int ecedu_x25519_base(const uint8_t *k, size_t klen, uint8_t *out, size_t outlen);
/* The field of X25519 for the tests: op an ecedu_fe25519_opcode; a, b, out:
 * len = 32 BIG-endian bytes (the field interface's order); a, b < p, else
 * ECEDU_ERR_RANGE and a zero output; b is read (and must be < p) for every op. */
int ecedu_fe25519_op(int op, const uint8_t *a, const uint8_t *b, uint8_t *out, size_t len);

/* ------------------------------------------------------------ test hooks */

/* The formulas of a prime curve (ci a prime curve index) on their own: op an
 * ecedu_ppoint_opcode; p1, p2, out: len = 1 + 2 flen bytes each, a SEC 1 uncompressed point
 * or 00 (then anything) for infinity; inputs validated (ECEDU_ERR_POINT), out likewise. */
int ecedu_prime_point_op(int ci, int op, const uint8_t *p1, const uint8_t *p2, uint8_t *out,
                         size_t len);

/* --- glv: the GLV endomorphism of an a = 0 prime curve (secp256k1) on its own: op an
 * ecedu_glv_opcode; k, k2: nlen bytes big-endian each (k < n, k >= 1 for the
 * multiplications, else ECEDU_ERR_SCALAR; k2 < n read by the joint ops only); p: the SEC 1
 * uncompressed point (1 + 2 flen bytes, validated); out: 2 flen bytes (SPLIT: k1, k2 as
 * flen-byte two's complement; the joint ops: x, then zeros).  ECEDU_ERR_CURVE for a curve
 * without the endomorphism; the joint ops return 1 for the point at infinity. --- */
int ecedu_prime_glv_op(int ci, int op, const uint8_t *k, const uint8_t *k2, size_t klen, const uint8_t *p,
                       size_t plen, uint8_t *out, size_t outlen);
/* --- end glv --- */

/* Arithmetic mod n: op an ecedu_modn_opcode; a, b, out: nlen bytes.  Except
 * for ECEDU_MODN_REDUCE the inputs must be < n (ECEDU_ERR_RANGE);
 * ECEDU_MODN_INV_EUCLID_VARTIME of 0 -> ECEDU_ERR_RANGE. */
int ecedu_ecdsa_modn_op(int ci, int op, const uint8_t *a, const uint8_t *b, uint8_t *out,
                        size_t nlen);

/* SHA-256 / HMAC-SHA256 (hash/sha256.c); out: 32 bytes. */
int ecedu_sha256(const uint8_t *data, size_t len, uint8_t *out);
int ecedu_hmac_sha256(const uint8_t *key, size_t keylen, const uint8_t *data, size_t len,
                      uint8_t *out);

/* ------------------------------------------------------------ benchmarks */

/* Run the operation iterations times in a C loop and return the process CPU
 * time used in seconds (CLOCK_PROCESS_CPUTIME_ID, like `openssl speed`
 * without -elapsed), or a negative value on bad arguments (bench.c). */
double ecedu_bench_field_mul(int m, long iterations); /* dependent chain r = r a */
double ecedu_bench_field_sqr(int m, long iterations);
double ecedu_bench_field_inv(int m, long iterations);
double ecedu_bench_ecdh(int ci, long iterations); /* incl. decoding, validation */
double ecedu_bench_scalar_mult_base(int ci, long iterations);
double ecedu_bench_ecdsa_sign(int ci, long iterations);   /* fixed 32-byte digest */
double ecedu_bench_ecdsa_verify(int ci, long iterations); /* one valid signature */
double ecedu_bench_x25519(long iterations); /* ecedu_x25519 on a fixed k and u */
/* The TSC cycles (elsewhere ns) of ecedu_scalar_mult(ci, k_i, G) for each of count scalars of
 * klen bytes stored back to back, into cycles[i]: the raw data of a timing-leakage test. */
int ecedu_bench_scalar_mult_cycles(int ci, const uint8_t *ks, size_t klen, size_t count, uint64_t *cycles);
/* --- dudect: the secret paths a timing-leakage test can time (one call per sample) --- */
enum ecedu_dudect_target {
    ECEDU_DUDECT_SCALAR_MULT = 0,      /* ecedu_scalar_mult(ci, s, G): k Q, Q = G as a public point */
    ECEDU_DUDECT_SCALAR_MULT_BASE = 1, /* ecedu_scalar_mult_base(ci, s): k G (the comb)            */
    ECEDU_DUDECT_ECDSA_SIGN = 2,       /* ecedu_ecdsa_sign(ci, d = s, a fixed digest): d and its
                                          RFC 6979 nonce                                           */
    ECEDU_DUDECT_FIELD_INV = 3,        /* the inversion of ci's field, s an element (binary curves;
                                          secp256r1: P-256 Montgomery; secp256k1: generic CIOS)   */
    ECEDU_DUDECT_X25519 = 4,           /* ecedu_x25519(s, a fixed u); ci ignored                   */
    ECEDU_DUDECT_FE25519_INV = 5,      /* the inversion of GF(2^255 - 19), s < p; ci ignored      */
    ECEDU_DUDECT_ECDSA_SIGN_K = 6,     /* ecedu_ecdsa_sign_with_k(ci, d, k, a fixed digest), s = d || k
                                          (nlen bytes each): signing without the RFC 6979 loop     */
};
/* For i < count: the TSC cycles (elsewhere ns) of one call of target on secret s_i, the i-th of
 * count secrets of slen bytes stored back to back (big-endian scalars or elements; X25519:
 * 32 little-endian bytes), into cycles[i] (field elements are decoded outside the timed part).
 * Returns ECEDU_OK or the first error (ECEDU_ERR_RANGE: an element not reduced). */
int ecedu_bench_dudect_cycles(int target, int ci, const uint8_t *secrets, size_t slen, size_t count,
                              uint64_t *cycles);
/* --- end dudect --- */
/* runs samples of op (an ecedu_cycles_op) on curve index id (field ops: the degree m), each
 * the TSC ticks of *inner consecutive operations (1 for the curve operations, more for the
 * field ones, so that the cost of reading the counter is spread), into ticks[0..runs). */
int ecedu_bench_cycles(int op, int id, long runs, uint64_t *ticks, int *inner);
/* The time-stamp counter now (fenced; x86-64), else the monotonic clock in ns: what the cycles
 * samples count, for measuring its rate over a long interval (ecedu.bench.cycles.tsc_hz). */
uint64_t ecedu_tsc_now(void);
/* TSC ticks per core clock cycle, from a chain of dependent additions (one per core cycle):
 * 1.0 when the TSC runs at the core's clock; 0 where there is no TSC or the figure is not a
 * clock ratio (outside 0.25 .. 4: the measurement failed). */
double ecedu_tsc_per_core_cycle(void);
/* A dependent chain of Montgomery multiplications r = r a / R mod p (p: plen
 * bytes, a valid modulus of ecedu_prime_mul; a fixed a < p). */
double ecedu_bench_prime_mul(int limb_bits, const uint8_t *p, size_t plen, long iterations);
/* The same with squarings r = r^2 / R (the MULX level has a dedicated squaring). */
double ecedu_bench_prime_sqr(int limb_bits, const uint8_t *p, size_t plen, long iterations);
/* A dependent chain of multiplications of variant (an ecedu_prime_variant; MONTGOMERY
 * is ecedu_bench_prime_mul) on p, in the variant's own representation. */
double ecedu_bench_prime_variant_mul(int variant, int limb_bits, const uint8_t *p, size_t plen,
                                     long iterations);
/* The TSC ticks of samples of *inner multiplications of that chain each (plus, once per
 * sample, the conversions in and out: spread over *inner), into ticks[0..runs). */
int ecedu_bench_prime_cycles(int variant, int limb_bits, const uint8_t *p, size_t plen, long runs,
                             uint64_t *ticks, int *inner);
/* --- fast fields: one prime curve's scalar multiplication over the generic Montgomery field
 * or over a specialised one (the curve-level "generic against specialised" comparison) --- */
enum ecedu_pcurve_field {
    ECEDU_PCURVE_FIELD_GENERIC = 0,     /* fe_mont.tmpl.h CIOS at a fixed limb count (every curve) */
    ECEDU_PCURVE_FIELD_SPECIALISED = 1, /* the curve's field at the current prime-field level:
                                           secp160r1, P-192, P-384 folds (P-384 IFMA at ifma),
                                           P-256 p's words, P-521 unsaturated (IFMA at ifma),
                                           P-224 unsaturated (portable) or fold (MULX) */
    ECEDU_PCURVE_FIELD_UNSATURATED = 2, /* unsaturated limbs, 128-bit products, delayed carries
                                           (ec_nistp_64_gcc_128's representation): P-224 4 x 56,
                                           P-256 4 x 64 in 128-bit words, P-521 9 x 58; the
                                           other curves have none */
};
enum ecedu_pcurve_bench_op {
    ECEDU_PCURVE_BENCH_MUL = 0,       /* k Q, the variable-base constant-time method      */
    ECEDU_PCURVE_BENCH_MUL_BASE = 1,  /* k G, the fixed-base comb                         */
    ECEDU_PCURVE_BENCH_MUL_JOINT = 2, /* u1 G + u2 Q, verification's Straus-Shamir (vartime) */
};
/* op (an ecedu_pcurve_bench_op) on prime curve ci over field (an ecedu_pcurve_field) on fixed
 * scalars (the field in use or a copy of the curve over the other one, instances/
 * gfp_compare.c); before timing, the result is compared with the other field's.  Negative if
 * they differ, if ci is not a prime curve, or if it has no copy over that field. */
double ecedu_bench_prime_curve(int ci, int field, int op, long iterations);
/* --- end fast fields --- */
/* ecedu_modexp_crt on one key and input (same arguments, output discarded). */
double ecedu_bench_modexp_crt(int limb_bits, const uint8_t *c, size_t clen, const uint8_t *p,
                              size_t plen, const uint8_t *q, size_t qlen, const uint8_t *dp,
                              size_t dplen, const uint8_t *dq, size_t dqlen, const uint8_t *qinv,
                              size_t qinvlen, long iterations);
#endif
