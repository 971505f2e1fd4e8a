/*
 * sha256.c -- SHA-256 (FIPS 180-4 section 6.2).
 *
 * A plain, readable implementation: one 64-round compression function on
 * 32-bit words, big-endian message schedule.  No table is indexed by data
 * and no branch depends on data, so it is constant time by construction.
 */
#include <string.h>
#include "ecedu_native.h" /* ECEDU_ERR_LENGTH */
#include "hash/sha256.h"

/* First 32 bits of the fractional parts of the cube roots of the first 64
 * primes (FIPS 180-4 section 4.2.2). */
static const uint32_t K256[64] = {
    0x428a2f98U, 0x71374491U, 0xb5c0fbcfU, 0xe9b5dba5U, 0x3956c25bU, 0x59f111f1U, 0x923f82a4U,
    0xab1c5ed5U, 0xd807aa98U, 0x12835b01U, 0x243185beU, 0x550c7dc3U, 0x72be5d74U, 0x80deb1feU,
    0x9bdc06a7U, 0xc19bf174U, 0xe49b69c1U, 0xefbe4786U, 0x0fc19dc6U, 0x240ca1ccU, 0x2de92c6fU,
    0x4a7484aaU, 0x5cb0a9dcU, 0x76f988daU, 0x983e5152U, 0xa831c66dU, 0xb00327c8U, 0xbf597fc7U,
    0xc6e00bf3U, 0xd5a79147U, 0x06ca6351U, 0x14292967U, 0x27b70a85U, 0x2e1b2138U, 0x4d2c6dfcU,
    0x53380d13U, 0x650a7354U, 0x766a0abbU, 0x81c2c92eU, 0x92722c85U, 0xa2bfe8a1U, 0xa81a664bU,
    0xc24b8b70U, 0xc76c51a3U, 0xd192e819U, 0xd6990624U, 0xf40e3585U, 0x106aa070U, 0x19a4c116U,
    0x1e376c08U, 0x2748774cU, 0x34b0bcb5U, 0x391c0cb3U, 0x4ed8aa4aU, 0x5b9cca4fU, 0x682e6ff3U,
    0x748f82eeU, 0x78a5636fU, 0x84c87814U, 0x8cc70208U, 0x90befffaU, 0xa4506cebU, 0xbef9a3f7U,
    0xc67178f2U,
};

/* Initial hash value: fractional parts of the square roots of the first 8
 * primes (FIPS 180-4 section 5.3.3). */
static const uint32_t H256[8] = {
    0x6a09e667U, 0xbb67ae85U, 0x3c6ef372U, 0xa54ff53aU,
    0x510e527fU, 0x9b05688cU, 0x1f83d9abU, 0x5be0cd19U,
};

static inline uint32_t ror32(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

static inline uint32_t load_be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static inline void store_be32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* One compression: h = h + F(h, block), FIPS 180-4 section 6.2.2. */
static void sha256_compress(uint32_t h[8], const uint8_t block[64]) {
    uint32_t w[64], a, b, c, d, e, f, g, hh;
    for (int t = 0; t < 16; t++) w[t] = load_be32(block + 4 * t);
    for (int t = 16; t < 64; t++) {
        uint32_t s0 = ror32(w[t - 15], 7) ^ ror32(w[t - 15], 18) ^ (w[t - 15] >> 3);
        uint32_t s1 = ror32(w[t - 2], 17) ^ ror32(w[t - 2], 19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    a = h[0]; b = h[1]; c = h[2]; d = h[3];
    e = h[4]; f = h[5]; g = h[6]; hh = h[7];
    for (int t = 0; t < 64; t++) {
        uint32_t S1 = ror32(e, 6) ^ ror32(e, 11) ^ ror32(e, 25);
        uint32_t ch = (e & f) ^ (~e & g);
        uint32_t t1 = hh + S1 + ch + K256[t] + w[t];
        uint32_t S0 = ror32(a, 2) ^ ror32(a, 13) ^ ror32(a, 22);
        uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
        uint32_t t2 = S0 + maj;
        hh = g; g = f; f = e; e = d + t1;
        d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d;
    h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

void ecedu_sha256_init(ecedu_sha256_ctx *ctx) {
    memcpy(ctx->h, H256, sizeof H256);
    ctx->count = 0;
}

void ecedu_sha256_update(ecedu_sha256_ctx *ctx, const void *data, size_t len) {
    const uint8_t *p = (const uint8_t *)data;
    size_t used = (size_t)(ctx->count & 63);
    if (len == 0) return;
    ctx->count += len;
    if (used) { /* complete the partial block first */
        size_t take = 64 - used < len ? 64 - used : len;
        memcpy(ctx->buf + used, p, take);
        p += take;
        len -= take;
        if (used + take < 64) return;
        sha256_compress(ctx->h, ctx->buf);
    }
    for (; len >= 64; p += 64, len -= 64) sha256_compress(ctx->h, p);
    if (len) memcpy(ctx->buf, p, len);
}

/* Padding (FIPS 180-4 5.1.1): 0x80, zeros, 64-bit big-endian bit length. */
void ecedu_sha256_final(ecedu_sha256_ctx *ctx, uint8_t out[ECEDU_SHA256_LEN]) {
    uint64_t bits = ctx->count * 8;
    size_t used = (size_t)(ctx->count & 63);
    ctx->buf[used++] = 0x80;
    if (used > 56) {
        memset(ctx->buf + used, 0, 64 - used);
        sha256_compress(ctx->h, ctx->buf);
        used = 0;
    }
    memset(ctx->buf + used, 0, 56 - used);
    for (int i = 0; i < 8; i++) ctx->buf[56 + i] = (uint8_t)(bits >> (56 - 8 * i));
    sha256_compress(ctx->h, ctx->buf);
    for (int i = 0; i < 8; i++) store_be32(out + 4 * i, ctx->h[i]);
}

/* Exported test hook: the digest of data (ctypes, tests/native). */
int ecedu_sha256(const uint8_t *data, size_t len, uint8_t *out) {
    ecedu_sha256_ctx ctx;
    if (!out || (!data && len)) return ECEDU_ERR_LENGTH;
    ecedu_sha256_init(&ctx);
    ecedu_sha256_update(&ctx, data, len);
    ecedu_sha256_final(&ctx, out);
    return 0;
}
