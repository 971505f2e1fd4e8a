r"""X25519: the Montgomery ladder on Curve25519, exactly as RFC 7748 §5 specifies it.

Curve25519 is the Montgomery curve :math:`v^2 = u^3 + A u^2 + u` over GF(p), p = 2^255 − 19,
A = 486662 (RFC 7748 §4.1).  X25519 works on u-coordinates only: the function
``X25519(k, u)`` multiplies the point with u-coordinate *u* by the scalar *k* and returns the
u-coordinate of the result, both as 32 little-endian bytes.

The three steps, each a function below, in the RFC's words and order:

* :func:`decode_u_coordinate` (§5 ``decodeUCoordinate``): little-endian, the most significant
  bit (bit 255) masked off; values ≥ p ("non-canonical") are accepted and reduced;
* :func:`decode_scalar` (§5 ``decodeScalar25519``): clear the three low bits (a multiple of the
  cofactor 8), clear bit 255 and set bit 254 (a fixed length, so a fixed ladder);
* :func:`ladder` (§5, the pseudo-code after "The scalar multiplication ..."): the Montgomery
  ladder (Montgomery 1987; Costello–Smith 2017 survey) over the 255 bits from 254 down to 0,
  x-only differential addition-and-doubling with a24 = (A − 2)/4 = 121665, the two running
  points swapped by ``cswap`` instead of branched on, and one inversion z^(p−2) at the end.

This is the course's readable twin of the C kernel ``ecedu/native/src/curve/x25519.c``; Python
ints are not constant time, so this module is a reference, not something to keep secrets with.
:mod:`ecedu.x25519` puts keys, formats and the backends on top.

>>> k = bytes.fromhex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4")
>>> u = bytes.fromhex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c")
>>> x25519(k, u).hex()   # RFC 7748 §5.2, the first test vector
'c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552'
"""

from __future__ import annotations

from ..errors import EncodingError

#: The field prime p = 2^255 − 19 (RFC 7748 §4.1).
P = 2**255 - 19
#: The Montgomery coefficient A of Curve25519 (RFC 7748 §4.1).
A = 486662
#: (A − 2) / 4, the constant of the doubling formula (RFC 7748 §5).
A24 = 121665
#: The u-coordinate of the base point (RFC 7748 §4.1).
BASE_U = 9
#: Bytes of a scalar, a u-coordinate and a shared secret.
KEY_BYTES = 32
#: The prime order of the base point's subgroup, 2^252 + 27742317777372353535851937790883648493.
ORDER = 2**252 + 27742317777372353535851937790883648493
#: The cofactor: the curve has 8 · ORDER points.
COFACTOR = 8

__all__ = [
    "P",
    "A",
    "A24",
    "BASE_U",
    "KEY_BYTES",
    "ORDER",
    "COFACTOR",
    "decode_u_coordinate",
    "encode_u_coordinate",
    "decode_scalar",
    "cswap",
    "ladder",
    "x25519",
    "x25519_base",
]


def _check32(data, what: str) -> bytes:
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise EncodingError(f"{what} must be bytes, bytearray or memoryview, got {type(data).__name__}")
    data = bytes(data)
    if len(data) != KEY_BYTES:
        raise EncodingError(f"{what} must be exactly {KEY_BYTES} bytes (RFC 7748 §5), got {len(data)}")
    return data


def decode_u_coordinate(u: bytes) -> int:
    """RFC 7748 §5 ``decodeUCoordinate``: 32 little-endian bytes, bit 255 masked off.

    The result may be ≥ p (a non-canonical encoding, which the RFC says to accept); the
    arithmetic reduces it.
    """
    u = _check32(u, "a u-coordinate")
    return int.from_bytes(u, "little") & ((1 << 255) - 1)


def encode_u_coordinate(u: int) -> bytes:
    """RFC 7748 §5 ``encodeUCoordinate``: u mod p as 32 little-endian bytes."""
    return (u % P).to_bytes(KEY_BYTES, "little")


def decode_scalar(k: bytes) -> int:
    """RFC 7748 §5 ``decodeScalar25519``: clear bits 0, 1, 2 and 255, set bit 254."""
    k = bytearray(_check32(k, "an X25519 scalar"))
    k[0] &= 248
    k[31] &= 127
    k[31] |= 64
    return int.from_bytes(k, "little")


def cswap(swap: int, a: int, b: int) -> tuple[int, int]:
    """RFC 7748 §5 ``cswap``: (b, a) if swap == 1 else (a, b), by a mask, not a branch.

    ``mask = 0 - swap`` is 0 or all ones; ``dummy = mask & (a ^ b)`` is 0 or a ^ b.  (In C this
    is what keeps the ladder free of secret branches; Python ints make no such promise.)
    """
    mask = -swap
    dummy = mask & (a ^ b)
    return a ^ dummy, b ^ dummy


def ladder(k: int, u: int, bits: int = 255) -> int:
    """The u-coordinate of k · (u, ·), the RFC 7748 §5 ladder over bits ``bits − 1`` down to 0.

    (x_2 : z_2) and (x_3 : z_3) are the projective u-coordinates of m·P and (m+1)·P for the
    bits m of k read so far; their difference is always P, whose u is x_1.  Each step is one
    differential addition and one doubling (5M + 4S and one multiplication by a24: RFC 7748 §5's
    step).  The result x_2 / z_2 uses z_2^(p−2) (Fermat), so that z_2 = 0
    (k · P the point at infinity, e.g. for a small-order u) gives 0.
    """
    x1 = u % P
    x2, z2, x3, z3 = 1, 0, x1, 1
    swap = 0
    for t in reversed(range(bits)):
        k_t = (k >> t) & 1
        swap ^= k_t
        x2, x3 = cswap(swap, x2, x3)
        z2, z3 = cswap(swap, z2, z3)
        swap = k_t

        a = (x2 + z2) % P
        aa = a * a % P
        b = (x2 - z2) % P
        bb = b * b % P
        e = (aa - bb) % P
        c = (x3 + z3) % P
        d = (x3 - z3) % P
        da = d * a % P
        cb = c * b % P
        x3 = (da + cb) ** 2 % P
        z3 = x1 * (da - cb) ** 2 % P
        x2 = aa * bb % P
        z2 = e * (aa + A24 * e) % P
    x2, x3 = cswap(swap, x2, x3)
    z2, z3 = cswap(swap, z2, z3)
    return x2 * pow(z2, P - 2, P) % P


def x25519(k: bytes, u: bytes) -> bytes:
    """RFC 7748 §5 ``X25519(k, u)``: 32-byte scalar and u-coordinate in, 32 bytes out.

    No check of the result here: the all-zero output that a small-order *u* gives is the
    caller's to refuse (RFC 7748 §6.1; :func:`ecedu.x25519.shared_secret` does).
    """
    return encode_u_coordinate(ladder(decode_scalar(k), decode_u_coordinate(u)))


def x25519_base(k: bytes) -> bytes:
    """The public key of the private key *k*: ``X25519(k, 9)`` (RFC 7748 §6.1)."""
    return x25519(k, encode_u_coordinate(BASE_U))
