"""SEC 1 §2.3.3–2.3.4: points as octet strings.

* uncompressed: ``04 || X || Y``
* compressed: ``02 || X`` or ``03 || X``; the first octet carries one bit ỹ that picks y.
  Prime curves: ỹ = y mod 2.  Binary curves: ỹ = the rightmost bit of y/x (0 if x = 0), and
  decompression solves z² + z = x + a + b/x² (GECC §4.1 / SEC 1 §2.3.4).

:func:`decode_point` validates fully (see :mod:`.validate`) unless asked not to.
"""

from __future__ import annotations

from .._bytes import as_bytes
from ..curves import get_curve
from ..errors import ECEduError, EncodingError, InvalidPointError
from .validate import validate_public_point


def encode_point(curve, P, compressed: bool = False) -> bytes:
    """SEC 1 §2.3.3 octet string of *P* (``00`` for the point at infinity).

    This is the raw encoder (the course uses it to craft invalid points too): it checks only that
    *P* is a pair of field elements.  :func:`ecedu.keys.public_key_to_der` validates fully.
    """
    curve = get_curve(curve)  # a name or a curve object
    if P is None:
        return b"\x00"
    if not isinstance(P, tuple) or len(P) != 2:
        raise EncodingError(f"a point must be a tuple (x, y) of ints or None, got {type(P).__name__}")
    x, y = P
    F = curve.field
    limit = F.p if curve.kind == "prime" else 1 << F.m
    for name, c in (("x", x), ("y", y)):
        if isinstance(c, bool) or not isinstance(c, int):
            raise EncodingError(f"the {name}-coordinate must be an int, got {type(c).__name__}")
        if not 0 <= c < limit:
            raise EncodingError(
                f"the {name}-coordinate is not a field element of {curve.name} (negative or too large)"
            )
    X = F.to_bytes(x)
    if not compressed:
        return b"\x04" + X + F.to_bytes(y)
    if curve.kind == "prime":
        bit = y & 1
    else:
        bit = 0 if x == 0 else F.mul(y, F.inv(x)) & 1
    return bytes([2 | bit]) + X


def decode_point(curve, data, validate: bool = True):
    """Decode a SEC 1 point; with *validate* (the default) also check it is a valid public key."""
    curve = get_curve(curve)  # a name or a curve object
    data = as_bytes(data, "a SEC 1 point")
    L = curve.byte_length
    if not data:
        raise EncodingError("empty point encoding")
    tag = data[0]
    if tag == 0 and len(data) == 1:
        raise InvalidPointError("the point at infinity (00) is not a valid public key")
    if tag == 4:
        if len(data) != 1 + 2 * L:
            raise EncodingError(
                f"uncompressed point on {curve.name} must be {1 + 2 * L} bytes, got {len(data)}"
            )
        x = _element(curve, data[1 : 1 + L], "x")
        y = _element(curve, data[1 + L :], "y")
        P = (x, y)
        if not curve.contains(P):
            raise InvalidPointError(f"point is not on the curve {curve.name}")
    elif tag in (2, 3):
        if len(data) != 1 + L:
            raise EncodingError(f"compressed point on {curve.name} must be {1 + L} bytes, got {len(data)}")
        x = _element(curve, data[1:], "x")
        P = _decompress(curve, x, tag & 1)
    else:
        raise EncodingError(f"unknown SEC 1 point format byte {tag:#04x} (expected 02, 03 or 04)")
    return validate_public_point(curve, P) if validate else P


def _element(curve, b: bytes, what: str) -> int:
    try:
        return curve.field.from_bytes(b)
    except ECEduError as e:
        raise EncodingError(f"{what}-coordinate: {e}") from None


def _decompress(curve, x: int, ybit: int):
    F = curve.field
    if curve.kind == "prime":
        rhs = (x * x * x + curve.a * x + curve.b) % F.p
        if not F.is_square(rhs):
            raise InvalidPointError(f"no point on {curve.name} has this x-coordinate")
        y = F.sqrt(rhs)
        if y & 1 != ybit:
            y = F.p - y
        if y == F.p:  # rhs = 0 and ybit = 1
            raise InvalidPointError("compressed point has an impossible y bit")
        return (x, y)
    if x == 0:
        return (0, F.sqrt(curve.b))  # y² = b
    beta = x ^ curve.a ^ F.mul(curve.b, F.inv(F.sqr(x)))
    if F.trace(beta):
        raise InvalidPointError(f"no point on {curve.name} has this x-coordinate")
    z = F.solve_quadratic(beta)
    if z & 1 != ybit:
        z ^= 1
    return (x, F.mul(x, z))
