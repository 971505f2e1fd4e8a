/*
 * hmac_drbg.c -- the HMAC-DRBG steps of RFC 6979 section 3.2 (deterministic ECDSA nonces),
 * with HMAC-SHA256.  The state K, V is secret: constant time, as hmac.c.  K is kept prepared
 * (g->hk, ecedu_hmac_sha256_key) from the moment it is set, so the HMACs under one K skip the
 * two key-block compressions each: 18 compressions for a P-256 nonce instead of 22.
 */
#include <string.h>
#include "hash/sha256.h"

void ecedu_drbg_init(ecedu_drbg *g, const uint8_t *seed, size_t seedlen) {
    static const uint8_t zero = 0x00, one = 0x01;
    memset(g->V, 0x01, sizeof g->V); /* step b */
    memset(g->K, 0x00, sizeof g->K); /* step c */
    ecedu_hmac_sha256_key(&g->hk, g->K, 32);
    /* step d: K = HMAC_K(V || 0x00 || seed); step e: V = HMAC_K(V) */
    ecedu_hmac_sha256_keyed(&g->hk, g->V, 32, &zero, 1, seed, seedlen, g->K);
    ecedu_hmac_sha256_key(&g->hk, g->K, 32);
    ecedu_hmac_sha256_keyed(&g->hk, g->V, 32, NULL, 0, NULL, 0, g->V);
    /* step f: K = HMAC_K(V || 0x01 || seed); step g: V = HMAC_K(V) */
    ecedu_hmac_sha256_keyed(&g->hk, g->V, 32, &one, 1, seed, seedlen, g->K);
    ecedu_hmac_sha256_key(&g->hk, g->K, 32);
    ecedu_hmac_sha256_keyed(&g->hk, g->V, 32, NULL, 0, NULL, 0, g->V);
}

void ecedu_drbg_generate(ecedu_drbg *g, uint8_t *out, size_t len) {
    while (len) {
        size_t take = len < 32 ? len : 32;
        ecedu_hmac_sha256_keyed(&g->hk, g->V, 32, NULL, 0, NULL, 0, g->V);
        memcpy(out, g->V, take);
        out += take;
        len -= take;
    }
}

void ecedu_drbg_reseed_reject(ecedu_drbg *g) {
    static const uint8_t zero = 0x00;
    ecedu_hmac_sha256_keyed(&g->hk, g->V, 32, &zero, 1, NULL, 0, g->K);
    ecedu_hmac_sha256_key(&g->hk, g->K, 32);
    ecedu_hmac_sha256_keyed(&g->hk, g->V, 32, NULL, 0, NULL, 0, g->V);
}
