/*
 * ecedu_ecdsa.h -- exported ECDSA API of libecedu_native (ecdsa.c,
 * ecdsa_sha256.c).  Same conventions as ecedu_native.h: curve index ci,
 * big-endian byte strings, flen = (m+7)/8, nlen = (bits(n)+7)/8; every
 * function returns ECEDU_OK (0) or a negative ECEDU_ERR_* code (gf2m.h) and
 * never crashes on malformed input given valid pointers of the stated
 * lengths.
 *
 * Signing follows SEC 1 4.1.3 / FIPS 186-4 6.4 with the deterministic nonce
 * of RFC 6979 section 3.2 (HMAC-DRBG with SHA-256):
 *     e = bits2int(digest) mod n,   k = RFC 6979 nonce,
 *     r = x(kG) mod n  (x read as an integer),   s = k^-1 (e + r d) mod n,
 * taking the next RFC 6979 candidate if r = 0 or s = 0.  The results are
 * byte-for-byte those of the Python reference (ecedu/ecdsa.py, hash sha256).
 * The private key d and the nonce k are handled in constant time.
 */
#ifndef ECEDU_ECDSA_H
#define ECEDU_ECDSA_H
#include <stddef.h>
#include <stdint.h>

/* ecedu_ecdsa_sign_with_k: r = 0 or s = 0 for this k, take the next one. */
#define ECEDU_ERR_RETRY (-7)

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
 * coordinate >= 2^m) or the lengths are wrong (ECEDU_ERR_LENGTH).
 * Public data only: variable time.
 */
int ecedu_ecdsa_verify(int ci, const uint8_t *qx, const uint8_t *qy, size_t flen,
                       const uint8_t *digest, size_t digestlen, const uint8_t *r,
                       const uint8_t *s, size_t nlen);

/* Arithmetic mod n, exported for the tests.  a, b, out: nlen bytes.
 * op 0: a b mod n;  1: a^-1 mod n (Fermat; a = 0 gives 0);  2: a mod n;
 * 3: a + b mod n;  4: a^-1 mod n by the variable-time binary extended Euclid
 * used in verification (a = 0 -> ECEDU_ERR_RANGE).  Except for op 2 the inputs
 * must be < n (ECEDU_ERR_RANGE). */
int ecedu_ecdsa_modn_op(int ci, int op, const uint8_t *a, const uint8_t *b, uint8_t *out,
                        size_t nlen);

/* SHA-256 / HMAC-SHA256 test hooks (ecdsa_sha256.c); out: 32 bytes. */
int ecedu_sha256(const uint8_t *data, size_t len, uint8_t *out);
int ecedu_hmac_sha256(const uint8_t *key, size_t keylen, const uint8_t *data, size_t len,
                      uint8_t *out);

/* C timing loops (wall seconds, CLOCK_MONOTONIC; negative on bad arguments):
 * sign a fixed 32-byte digest with a fixed key, as `openssl speed ecdsa`
 * signs a fixed digest; verify one fixed valid signature. */
double ecedu_bench_ecdsa_sign(int ci, long iterations);
double ecedu_bench_ecdsa_verify(int ci, long iterations);
#endif
