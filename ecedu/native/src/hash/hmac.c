/*
 * hmac.c -- HMAC-SHA256 (RFC 2104 / FIPS 198-1): H((K0 ^ opad) || H((K0 ^ ipad) || m)).
 * Constant time in the key and the message (branches on lengths only).
 */
#include <string.h>
#include "internal.h" /* ecedu_wipe */
#include "hash/sha256.h"

void ecedu_hmac_sha256_key(ecedu_hmac_key *hk, const uint8_t *key, size_t keylen) {
    uint8_t k0[64], pad[64];
    /* K0: the key, hashed first if longer than the block, zero padded. */
    memset(k0, 0, sizeof k0);
    if (keylen > 64) {
        ecedu_sha256_init(&hk->inner);
        ecedu_sha256_update(&hk->inner, key, keylen);
        ecedu_sha256_final(&hk->inner, k0);
    } else if (keylen) {
        memcpy(k0, key, keylen);
    }
    /* the states after (K0 ^ ipad) and after (K0 ^ opad): one compression each */
    for (int i = 0; i < 64; i++) pad[i] = k0[i] ^ 0x36;
    ecedu_sha256_init(&hk->inner);
    ecedu_sha256_update(&hk->inner, pad, 64);
    for (int i = 0; i < 64; i++) pad[i] = k0[i] ^ 0x5c;
    ecedu_sha256_init(&hk->outer);
    ecedu_sha256_update(&hk->outer, pad, 64);
    /* wipe key material (the DRBG key K is secret) */
    ecedu_wipe(k0, sizeof k0);
    ecedu_wipe(pad, sizeof pad);
}

void ecedu_hmac_sha256_keyed(const ecedu_hmac_key *hk, const uint8_t *p1, size_t l1, const uint8_t *p2,
                             size_t l2, const uint8_t *p3, size_t l3, uint8_t out[ECEDU_SHA256_LEN]) {
    uint8_t inner[ECEDU_SHA256_LEN];
    ecedu_sha256_ctx ctx;
    /* inner = H((K0 ^ ipad) || message) */
    ctx = hk->inner;
    ecedu_sha256_update(&ctx, p1, l1);
    ecedu_sha256_update(&ctx, p2, l2);
    ecedu_sha256_update(&ctx, p3, l3);
    ecedu_sha256_final(&ctx, inner);
    /* out = H((K0 ^ opad) || inner) */
    ctx = hk->outer;
    ecedu_sha256_update(&ctx, inner, sizeof inner);
    ecedu_sha256_final(&ctx, out);
    ecedu_wipe(inner, sizeof inner);
    ecedu_wipe(&ctx, sizeof ctx);
}

void ecedu_hmac_sha256_3(const uint8_t *key, size_t keylen, const uint8_t *p1, size_t l1,
                         const uint8_t *p2, size_t l2, const uint8_t *p3, size_t l3,
                         uint8_t out[ECEDU_SHA256_LEN]) {
    ecedu_hmac_key hk;
    ecedu_hmac_sha256_key(&hk, key, keylen);
    ecedu_hmac_sha256_keyed(&hk, p1, l1, p2, l2, p3, l3, out);
    ecedu_wipe(&hk, sizeof hk);
}

/* Exported test hook (ctypes, tests/native). */
int ecedu_hmac_sha256(const uint8_t *key, size_t keylen, const uint8_t *data, size_t len,
                      uint8_t *out) {
    if (!out || (!data && len) || (!key && keylen)) return ECEDU_ERR_LENGTH;
    ecedu_hmac_sha256_3(key, keylen, data, len, NULL, 0, NULL, 0, out);
    return 0;
}
