"""Elliptic-curve Diffie–Hellman, the SEC 1 §3.3.1 primitive, as OpenSSL computes it.

``shared_secret(curve, d, peer)``: validate *d* ∈ [1, n−1]; read and fully validate the peer's
public key (SPKI DER/PEM or a SEC 1 point); compute P = d·Q; refuse P = O; output x(P) as a
big-endian octet string of the field's length, ``(m+7)//8`` or ``(bits(p)+7)//8`` bytes.

X25519 (RFC 7748): ``shared_secret("X25519", k, u)`` with 32-byte keys (raw, or PKCS#8 / SPKI as
OpenSSL writes them) is handed to :func:`ecedu.x25519.shared_secret`; the result is the 32-byte
X25519 output.

The peer key may be :class:`bytes`, :class:`bytearray` or :class:`memoryview` (PEM also an ASCII
:class:`str`), at most :data:`ecedu.keys.MAX_KEY_BYTES`; see :mod:`ecedu.keys` for the formats.
"""

from __future__ import annotations

from .backend import native_module, resolve
from .curves import get_curve
from .errors import ECEduError, InvalidPointError
from .keys import check_private_scalar, load_public_key, public_point_bytes
from .scalar import multiply

#: ecedu.native.fastpath.TABLE once a native call succeeded: curve name, or the registry's
#: curve object (hashed by identity), -> its call record.
_FAST: dict = {}


def shared_secret(curve, private_key, peer_public_key, backend: str | None = None) -> bytes:
    """The ECDH shared secret x(d·Q); every bad input raises an :class:`~ecedu.errors.ECEduError`.

    >>> from ecedu import ecdh, keys
    >>> a, b = 7, 11  # two private keys (keys.generate_private_key makes real ones)
    >>> pub_a = keys.public_key_to_der("P-256", keys.public_key("P-256", a))  # SubjectPublicKeyInfo
    >>> pub_b = keys.public_key_to_der("P-256", keys.public_key("P-256", b))
    >>> ecdh.shared_secret("P-256", a, pub_b) == ecdh.shared_secret("P-256", b, pub_a)
    True
    >>> len(ecdh.shared_secret("K-163", 5, keys.public_key_to_der("K-163", keys.public_key("K-163", 9))))
    21
    """
    # The hot path (issue 15): a curve (name or registry object) already used, an int key and a
    # bytes peer key go straight to C; anything it does not answer (another shape, an error)
    # goes the general way.  The record's look-up is written out here and in ecdsa.sign and
    # ecdsa.verify, not put in a helper: a Python call would add 0.04 µs to the path it shortens.
    if (
        type(private_key) is int
        and type(peer_public_key) is bytes
        and (backend is None or (type(backend) is str and backend == "native"))
    ):
        try:
            fast = _FAST.get(curve)
        except TypeError:  # an unhashable curve argument: the general path says what is wrong
            fast = None
        if fast is not None:
            out = fast.ecdh(private_key, peer_public_key)
            if out is not None:
                return out
    return _shared_secret(curve, private_key, peer_public_key, backend)


def _shared_secret(curve, private_key, peer_public_key, backend):
    global _FAST
    from . import x25519

    if x25519.is_x25519(curve):  # 32-byte keys, the Montgomery ladder (RFC 7748)
        return x25519.shared_secret(private_key, peer_public_key, backend)
    curve = get_curve(curve)
    d = check_private_scalar(curve, private_key)
    if resolve(backend, curve) == "native":
        native = native_module()
        _, point = public_point_bytes(peer_public_key, curve)  # the C side validates the point
        try:
            out = native.ecdh(curve.name, d, point)
        except ECEduError:
            # The C code reports a coarse error code; on this (rare) path, let the reference
            # decoder say precisely what is wrong, then fall back to the native message.
            load_public_key(point, curve)
            raise
        _FAST = native.fastpath.remember(curve)
        return out
    _, Q = load_public_key(peer_public_key, curve)
    P = multiply(curve, d, Q)
    if P is None:
        raise InvalidPointError("the shared point is the point at infinity")
    return curve.field.to_bytes(P[0])
