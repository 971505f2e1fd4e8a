/*
 * key_shapes.c -- which part of a public key is the SEC 1 point, for a curve whose accepted
 * shapes the caller described once (ecedu_key_shapes, ecedu_native.h).
 *
 * A public key reaches the library either as the point itself (SEC 1 §2.3.3: 02 or 03 and x,
 * or 04, x and y) or wrapped in a DER SubjectPublicKeyInfo (RFC 5480 §2: a SEQUENCE of the
 * AlgorithmIdentifier {id-ecPublicKey, the curve's OID} and a BIT STRING holding the point).
 * For one named curve and one point length, DER admits exactly one SPKI: its first octets
 * (every tag and length, both OIDs, the BIT STRING's unused-bits octet 00) are fixed, and the
 * point follows.  So recognising the SPKI is one comparison of those octets, which the caller
 * took from its own encoder (ecedu/_der_shapes.py): what ecedu writes is what it recognises.
 * The point is not checked here (the decoder of ecdh.c does: format, range, curve, order).
 *
 * All of it is public data: the lengths and comparisons may branch.
 */
#include <string.h>
#include "internal.h"
#include "ecedu_native.h"

const uint8_t *ecedu_key_shapes_point(const ecedu_key_shapes *s, const uint8_t *key, size_t keylen,
                                      size_t *plen) {
    if (!s || !key || !plen || keylen == 0) return NULL;
    /* the bare point first, as ecedu.keys.public_point_bytes: an SPKI starts with 30 */
    for (int i = 0; i < 2; i++)
        if (keylen == s->point_len[i] && (key[0] == 2 || key[0] == 3 || key[0] == 4)) {
            *plen = keylen;
            return key;
        }
    for (int i = 0; i < 2; i++) {
        size_t pre = s->spki_prefix_len[i];
        if (keylen == s->spki_len[i] && pre <= ECEDU_SPKI_PREFIX_MAX && pre < keylen &&
            memcmp(key, s->spki_prefix[i], pre) == 0) {
            *plen = keylen - pre;
            return key + pre;
        }
    }
    return NULL;
}
