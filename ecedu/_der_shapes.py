"""The two DER shapes every ECDH and ECDSA call meets, recognised exactly, without a parser.

A public key in a SubjectPublicKeyInfo (RFC 5480) on a named curve is always the same bytes up to
the point: ``30 L 30 L 06 07 <id-ecPublicKey> 06 L <curve OID> 03 L 00`` followed by the SEC 1
point.  For each curve and each point length (compressed ``1 + f`` bytes, uncompressed
``1 + 2f``) that prefix is one fixed string, so a key can be *recognised* by a dictionary look-up
of its first bytes and its length, where the general path (asn1crypto) builds and re-encodes an
object tree (~40 µs, most of a native ECDH on a small curve).  Likewise an ECDSA-Sig-Value
``30 L 02 L r 02 L s`` in strict DER is checked byte by byte, and written by :func:`signature_der`.

Both functions only *accept* or *decline*: they return the answer for inputs whose DER is exactly
canonical, and ``None`` for everything else, which then goes the general path, which accepts or
rejects it with its precise message.  So nothing is accepted here that the general path rejects,
and the answer is the same (``tests/test_der_shapes.py`` checks both on mutated inputs).
"""

from __future__ import annotations

from functools import cache

__all__ = ["spki_point", "spki_prefixes_of", "signature_octets", "signature_rs", "signature_der"]


@cache
def _spki_prefixes() -> dict[tuple[bytes, int], str]:
    """``{(prefix, total length): curve name}`` for every named curve and both point lengths,
    taken from the package's own encoder (keys.public_key_to_der on the generator), so that the
    shape has one source: what ecedu writes is what it recognises."""
    from .curves import curve_names, get_curve
    from .keys import public_key_to_der

    table = {}
    for name in curve_names():
        curve = get_curve(name)
        for compressed in (True, False):
            der = public_key_to_der(curve, curve.G, compressed)
            point_len = 1 + curve.field.byte_length * (1 if compressed else 2)
            table[(der[:-point_len], len(der))] = name
    return table


@cache
def _prefix_lengths() -> tuple[int, ...]:
    return tuple(sorted({len(prefix) for prefix, _ in _spki_prefixes()}))


def spki_prefixes_of(name: str) -> dict[int, bytes]:
    """``{total length: prefix}`` of the two SPKI shapes (compressed and uncompressed point) of
    the curve *name*: the part of the table above that a caller fixed on one curve needs
    (ecedu/native/fastpath.py, which hands these shapes to the C parser, protocol/key_shapes.c)."""
    return {total: prefix for (prefix, total), n in _spki_prefixes().items() if n == name}


def spki_point(der: bytes) -> tuple[str, bytes] | None:
    """``(curve name, SEC 1 point bytes)`` if *der* is exactly a named-curve EC SPKI as DER
    writes it, else ``None`` (then the general parser decides).  The point is not validated."""
    table = _spki_prefixes()
    total = len(der)
    for k in _prefix_lengths():
        name = table.get((der[:k], total))
        if name is not None:
            return name, der[k:]
    return None


def _integer(data: bytes, i: int) -> tuple[bytes, int] | None:
    """A positive DER INTEGER at data[i:] in minimal form (X.690 §8.3.2), with a short-form length:
    ``(its contents octets, index after it)``, else ``None``."""
    if i + 2 > len(data) or data[i] != 0x02:
        return None
    n = data[i + 1]
    body = data[i + 2 : i + 2 + n]
    if n == 0 or n >= 0x80 or len(body) != n:
        return None
    if body[0] & 0x80:  # negative: the general path says so
        return None
    if body[0] == 0 and (n == 1 or not body[1] & 0x80):  # zero, or a superfluous leading 0x00
        return None
    return body, i + 2 + n


def signature_octets(data: bytes) -> tuple[bytes, bytes] | None:
    """The contents octets of r and s (big-endian, at most one leading 0x00 before a high bit) if
    *data* is an ECDSA-Sig-Value in strict DER with r, s ≥ 1, else ``None``: what the native
    verifier takes (ecedu_ecdsa_verify_sec1_vartime), with no int in between."""
    if len(data) < 8 or data[0] != 0x30:
        return None
    if data[1] < 0x80:
        start, content = 2, data[1]
    elif data[1] == 0x81 and data[2] >= 0x80:
        start, content = 3, data[2]
    else:
        return None
    if start + content != len(data):
        return None
    r = _integer(data, start)
    if r is None:
        return None
    s = _integer(data, r[1])
    if s is None or s[1] != len(data):
        return None
    return r[0], s[0]


def signature_rs(data: bytes) -> tuple[int, int] | None:
    """``(r, s)`` if *data* is an ECDSA-Sig-Value in strict DER with r, s ≥ 1, else ``None``."""
    found = signature_octets(data)
    if found is None:
        return None
    return int.from_bytes(found[0], "big"), int.from_bytes(found[1], "big")


def _der_integer(v: int) -> bytes:
    """A positive INTEGER in DER: minimal big-endian octets, with a leading 0x00 when the top
    bit is set (X.690 §8.3.2); for len(n) ≤ 66 bytes the length always fits the short form."""
    body = v.to_bytes(v.bit_length() // 8 + 1, "big")  # bits // 8 + 1: room for the sign bit, no more
    return b"\x02" + bytes([len(body)]) + body


def _sequence(body: bytes) -> bytes:
    length = bytes([len(body)]) if len(body) < 0x80 else bytes([0x81, len(body)])
    return b"\x30" + length + body


def signature_der(r: int, s: int) -> bytes:
    """``SEQUENCE { INTEGER r, INTEGER s }`` in DER for 1 ≤ r, s < 2^1000 (the caller checks
    the range against n); the same bytes asn1crypto's DSASignature writes."""
    return _sequence(_der_integer(r) + _der_integer(s))
