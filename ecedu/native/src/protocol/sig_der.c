/*
 * sig_der.c -- the ECDSA signature (r, s) as OpenSSL writes it: the DER encoding
 * (X.690 §8.3, §10) of SEC 1's ECDSA-Sig-Value (SEC 1 v2 §C.5),
 *     SEQUENCE { r INTEGER, s INTEGER }
 *     30 L  02 Lr r-octets  02 Ls s-octets
 * where each INTEGER's contents are the minimal two's-complement octets of a
 * positive value: the big-endian value without leading 0x00, and one 0x00 put
 * back when the first octet has its top bit set (else it would read as a
 * negative number).  Every length here is below 256: a contents length below
 * 0x80 is one octet L; 0x80..0xff is written 0x81 L (the long form with one
 * length octet, which DER requires for those and forbids for the shorter ones).
 *
 * Sizes: r, s < n are at most nlen <= 72 octets (sect571, 570-bit n), so an
 * INTEGER is at most 2 + (nlen + 1) octets and the SEQUENCE's contents
 * 2 (nlen + 3) <= 150 octets: the whole signature at most 3 + 2 (nlen + 3)
 * octets (ecedu_sig_der_max).
 *
 * The same rules as ecedu/_der_shapes.py's signature_der (the Python writer)
 * and signature_octets (the recogniser the Python path tries before asn1crypto);
 * tests/native/test_native_sig_der.py checks that both give the same bytes and
 * accept the same inputs.  Signatures are public: nothing here is constant time.
 */
#include <string.h>
#include "internal.h"

size_t ecedu_sig_der_max(size_t nlen) { return 3 + 2 * (nlen + 3); }

/* The INTEGER of the value in v (nlen big-endian octets, not zero) at out; returns its length. */
static size_t integer_write(uint8_t *out, const uint8_t *v, size_t nlen) {
    while (nlen > 1 && v[0] == 0) v++, nlen--;
    const size_t pad = v[0] >> 7; /* 1 if the top bit is set */
    out[0] = 0x02;
    out[1] = (uint8_t)(nlen + pad);
    out[2] = 0;
    memcpy(out + 2 + pad, v, nlen);
    return 2 + pad + nlen;
}

size_t ecedu_sig_der_write(uint8_t *out, const uint8_t *r, const uint8_t *s, size_t nlen) {
    uint8_t body[2 * (72 + 3)];
    size_t len = integer_write(body, r, nlen);
    len += integer_write(body + len, s, nlen);
    size_t head = 2;
    out[0] = 0x30;
    if (len < 0x80) {
        out[1] = (uint8_t)len;
    } else {
        out[1] = 0x81;
        out[2] = (uint8_t)len;
        head = 3;
    }
    memcpy(out + head, body, len);
    return head + len;
}

/* The INTEGER at sig[i..len): a positive value in minimal form with a one-octet length.
 * Returns the index after it and sets *v, *vlen to its contents, or returns 0 if it is not. */
static size_t integer_read(const uint8_t *sig, size_t len, size_t i, const uint8_t **v,
                           size_t *vlen) {
    if (i + 2 > len || sig[i] != 0x02) return 0;
    const size_t n = sig[i + 1];
    if (n == 0 || n >= 0x80 || i + 2 + n > len) return 0;
    const uint8_t *body = sig + i + 2;
    if (body[0] & 0x80) return 0;                                   /* negative */
    if (body[0] == 0 && (n == 1 || !(body[1] & 0x80))) return 0;    /* zero, or a needless 0x00 */
    *v = body;
    *vlen = n;
    return i + 2 + n;
}

int ecedu_sig_der_read(const uint8_t *sig, size_t len, const uint8_t **r, size_t *rlen,
                       const uint8_t **s, size_t *slen) {
    size_t start, content;
    if (len < 8 || sig[0] != 0x30) return 0;
    if (sig[1] < 0x80) {
        start = 2, content = sig[1];
    } else if (sig[1] == 0x81 && sig[2] >= 0x80) {
        start = 3, content = sig[2];
    } else {
        return 0;
    }
    if (start + content != len) return 0;
    const size_t after_r = integer_read(sig, len, start, r, rlen);
    if (!after_r) return 0;
    return integer_read(sig, len, after_r, s, slen) == len;
}
