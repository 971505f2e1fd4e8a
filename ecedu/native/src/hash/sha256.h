/*
 * sha256.h -- SHA-256 (FIPS 180-4, sha256.c), HMAC-SHA256 (RFC 2104, hmac.c) and the
 * HMAC-DRBG of RFC 6979 section 3.2 (hmac_drbg.c), used by protocol/ecdsa.c for
 * deterministic nonces.  Internal header of libecedu_native (not part of the Python API
 * except through the test hooks ecedu_sha256 / ecedu_hmac_sha256).
 *
 * Constant time: every branch and memory index depends only on lengths,
 * never on the bytes hashed, so these functions may process secret data
 * (the private key d, the DRBG state K and V, the nonce k).
 */
#ifndef ECEDU_HASH_SHA256_H
#define ECEDU_HASH_SHA256_H
#include <stddef.h>
#include <stdint.h>

#define ECEDU_SHA256_LEN 32

typedef struct ecedu_sha256_ctx {
    uint32_t h[8];     /* chaining value                                */
    uint8_t buf[64];   /* partial block                                 */
    uint64_t count;    /* bytes hashed so far (public: a length)        */
} ecedu_sha256_ctx;

void ecedu_sha256_init(ecedu_sha256_ctx *ctx);
/* Append len bytes (data may be NULL if len == 0). */
void ecedu_sha256_update(ecedu_sha256_ctx *ctx, const void *data, size_t len);
/* Write the 32-byte digest to out; ctx must be re-initialised to be reused. */
void ecedu_sha256_final(ecedu_sha256_ctx *ctx, uint8_t out[ECEDU_SHA256_LEN]);

/* HMAC-SHA256 over the concatenation of up to three parts (each may be
 * NULL with length 0): out = HMAC(key, p1 || p2 || p3).  Any key length. */
void ecedu_hmac_sha256_3(const uint8_t *key, size_t keylen, const uint8_t *p1, size_t l1,
                         const uint8_t *p2, size_t l2, const uint8_t *p3, size_t l3,
                         uint8_t out[ECEDU_SHA256_LEN]);

/* A key prepared for HMAC-SHA256 (RFC 2104): the SHA-256 states after the blocks K0 ^ ipad
 * and K0 ^ opad, so that each HMAC under the same key costs two compressions fewer (the
 * DRBG below computes up to three HMACs under one K).  Secret: wiped by its owner. */
typedef struct ecedu_hmac_key {
    ecedu_sha256_ctx inner, outer;
} ecedu_hmac_key;
void ecedu_hmac_sha256_key(ecedu_hmac_key *hk, const uint8_t *key, size_t keylen);
/* out = HMAC(key of hk, p1 || p2 || p3); hk is not changed. */
void ecedu_hmac_sha256_keyed(const ecedu_hmac_key *hk, const uint8_t *p1, size_t l1, const uint8_t *p2,
                             size_t l2, const uint8_t *p3, size_t l3, uint8_t out[ECEDU_SHA256_LEN]);

/* HMAC-DRBG state of RFC 6979 section 3.2 with SHA-256 (hlen = 32); hk is K prepared. */
typedef struct ecedu_drbg {
    uint8_t K[ECEDU_SHA256_LEN];
    uint8_t V[ECEDU_SHA256_LEN];
    ecedu_hmac_key hk;
} ecedu_drbg;

/* RFC 6979 3.2 steps b-g: V = 0x01.., K = 0x00.., then two rounds of
 *   K = HMAC_K(V || 0x00/0x01 || seed), V = HMAC_K(V)
 * with seed = int2octets(x) || bits2octets(h1) given by the caller. */
void ecedu_drbg_init(ecedu_drbg *g, const uint8_t *seed, size_t seedlen);
/* Step h.2: fill out[0..len) with V = HMAC_K(V) blocks (len public). */
void ecedu_drbg_generate(ecedu_drbg *g, uint8_t *out, size_t len);
/* Step h.3 (candidate rejected): K = HMAC_K(V || 0x00), V = HMAC_K(V). */
void ecedu_drbg_reseed_reject(ecedu_drbg *g);

/* Exported test hooks (ctypes): return 0. */
int ecedu_sha256(const uint8_t *data, size_t len, uint8_t *out);
int ecedu_hmac_sha256(const uint8_t *key, size_t keylen, const uint8_t *data, size_t len,
                      uint8_t *out);
#endif
