"""ECDSA (SEC 1 §4.1; FIPS 186-4 §6) with RFC 6979 nonces and DER signatures.

::

    sign:    e = leftmost bits of H(m); k = RFC 6979 nonce; R = kG; r = x(R) mod n;
             s = k⁻¹(e + r·d) mod n; retry on r = 0 or s = 0.
    verify:  1 ≤ r, s < n; w = s⁻¹; u1 = e·w, u2 = r·w; R = u1·G + u2·Q ≠ O;
             accept iff x(R) mod n = r.

For binary curves x(R) is a field element, read as an integer (SEC 1 §2.3.9).
"""

from __future__ import annotations

import hashlib

from .backend import resolve
from .curves import get_curve
from .ec import add
from .errors import ECEduError, EncodingError
from .keys import (check_private_scalar, decode_signature, encode_signature, load_public_key,
                   public_point_bytes)
from .rfc6979 import bits2int, generate_k
from .scalar import fixed_base_mult, multiply


def _digest(message: bytes, hash: str) -> bytes:
    if not isinstance(message, (bytes, bytearray, memoryview)):
        raise ECEduError(f"the message must be bytes, got {type(message).__name__}")
    try:
        return hashlib.new(hash, bytes(message)).digest()
    except (ValueError, TypeError):
        raise ECEduError(f"unknown hash {hash!r}") from None


def _native_public_point(curve, public_key):
    """Decode and validate the public key in C; on failure let Python say precisely why."""
    from . import native
    _, point = public_point_bytes(public_key, curve)
    try:
        return native.decode_point(curve.name, point)
    except ECEduError:
        load_public_key(point, curve)
        raise


def sign(curve, private_key: int, message: bytes, hash: str = "sha256", backend: str | None = None) -> bytes:
    """DER signature of *message* with a deterministic RFC 6979 nonce."""
    curve = get_curve(curve)
    d = check_private_scalar(curve, private_key)
    h1 = _digest(message, hash)
    if resolve(backend, curve) == "native":
        from .native import ecdsa_bridge
        return encode_signature(*ecdsa_bridge.ecdsa_sign_digest(curve.name, d, h1, hash))
    n = curve.n
    e = bits2int(h1, n.bit_length()) % n
    for k in generate_k(n, d, h1, hash):
        R = fixed_base_mult(curve, k)
        r = R[0] % n
        if r == 0:
            continue
        s = pow(k, -1, n) * (e + r * d) % n
        if s == 0:
            continue
        return encode_signature(r, s)
    raise AssertionError("unreachable")


def verify(curve, public_key: bytes, message: bytes, signature: bytes, hash: str = "sha256",
           backend: str | None = None) -> bool:
    """True iff *signature* (DER) is a valid signature of *message* under *public_key*.

    A malformed or out-of-range signature is simply not valid (False); a malformed public key,
    unknown curve or hash raises :class:`~ecedu.errors.ECEduError`.
    """
    curve = get_curve(curve)
    native = resolve(backend, curve) == "native"
    if native:
        Q = _native_public_point(curve, public_key)
    else:
        _, Q = load_public_key(public_key, curve)
    h1 = _digest(message, hash)
    try:
        r, s = decode_signature(signature)
    except EncodingError:
        return False
    if native:
        from .native import ecdsa_bridge
        return ecdsa_bridge.ecdsa_verify(curve.name, Q[0], Q[1], h1, r, s)
    n = curve.n
    if not (1 <= r < n and 1 <= s < n):
        return False
    e = bits2int(h1, n.bit_length()) % n
    w = pow(s, -1, n)
    u1, u2 = e * w % n, r * w % n
    R = add(curve, fixed_base_mult(curve, u1) if u1 else None, multiply(curve, u2, Q))
    if R is None:
        return False
    return R[0] % n == r
