"""ctypes side of the native ECDSA (src/protocol/ecdsa.c, src/hash/sha256.c).

Uses the library that :mod:`ecedu.native.library` loaded, so ``ECEDU_NATIVE_LIB`` and
:func:`ecedu.native.force_implementation` apply here too.

Python API (curve names as in :data:`ecedu.native.ALL_CURVES`: the binary and the 15 prime
curves; ints are scalars mod n, or coordinates: integers mod p, or field elements of GF(2^m)
with bit i = coefficient of z^i)::

    ecdsa_sign(curve, d, digest) -> (r, s)
        RFC 6979 (HMAC-SHA256) deterministic signature of the hash value
        *digest* (bytes, any length, normally SHA-256(m)); equals
        ecedu.ecdsa.sign(curve, d, m, hash="sha256", backend="python").
    ecdsa_sign_with_k(curve, d, k, digest) -> (r, s)
        with a caller-chosen nonce k in [1, n-1]; raises RetryNonce if
        r = 0 or s = 0 for this k (take the next RFC 6979 candidate).
    ecdsa_sign_digest(curve, d, digest, hash="sha256") -> (r, s)
        RFC 6979 signature for any hashlib hash: sha256 runs entirely in C;
        for other hashes the nonces come from ecedu.rfc6979.generate_k and
        the rest runs in C (ecdsa_sign_with_k).
    ecdsa_verify(curve, x, y, digest, r, s) -> bool
        raises InvalidPointError for an invalid public key (x, y);
        r, s outside [1, n-1] simply give False.
    sha256(data) -> bytes, hmac_sha256(key, data) -> bytes   (test hooks)
    modn_op(curve, op, a, b=0) -> int   # 'mul', 'inv', 'inv_euclid_vartime', 'inv_fermat',
                                        # 'inv_vartime', 'reduce', 'add' mod n (test hook)

Errors: :class:`ecedu.errors.ECEduError` subclasses, as in :mod:`ecedu.native`:
UnknownCurveError, EncodingError (wrong type/length), InvalidPointError,
InvalidScalarError (d or k not in [1, n-1]).
"""

from __future__ import annotations

import ctypes
import itertools

from ecedu._options import choice
from ecedu.errors import ECEduError, EncodingError, InvalidScalarError

from . import library
from .library import lib

__all__ = [
    "ecdsa_sign",
    "ecdsa_sign_with_k",
    "ecdsa_sign_digest",
    "ecdsa_verify",
    "sha256",
    "hmac_sha256",
    "modn_op",
    "MODN_OPS",
    "RetryNonce",
]


class RetryNonce(ECEduError):
    """r = 0 or s = 0 for the given nonce: use the next RFC 6979 candidate."""


def _check(rc: int, what: str) -> None:
    if rc != 0 and rc == library.constant("ECEDU_ERR_RETRY"):
        raise RetryNonce(f"{what}: r = 0 or s = 0 for this nonce; take the next one")
    library.check(rc, what)


def _secret_bytes(v, nlen: int, what: str) -> bytes:
    """A secret scalar as nlen big-endian bytes; the C side checks 1 <= v < n."""
    if not isinstance(v, int) or isinstance(v, bool):
        raise InvalidScalarError(f"{what} must be an int")
    if v <= 0 or v >= 1 << (8 * nlen):
        raise InvalidScalarError(f"{what} is not in [1, n-1]")
    return v.to_bytes(nlen, "big")


def _out(nlen: int):
    return (ctypes.c_uint8 * nlen)(), (ctypes.c_uint8 * nlen)()


def _rs(r, s) -> tuple[int, int]:
    return int.from_bytes(bytes(r), "big"), int.from_bytes(bytes(s), "big")


def ecdsa_sign(curve: str, d: int, digest: bytes) -> tuple[int, int]:
    """(r, s) for the hash value *digest* with the RFC 6979 HMAC-SHA256 nonce."""
    c = library.curve_params(curve)
    dg = library.bytes_arg(digest, "digest")
    db = _secret_bytes(d, c.nlen, "private key")
    r, s = _out(c.nlen)
    _check(lib().ecedu_ecdsa_sign(c.index, db, c.nlen, dg, len(dg), r, s, c.nlen), curve)
    return _rs(r, s)


def ecdsa_sign_with_k(curve: str, d: int, k: int, digest: bytes) -> tuple[int, int]:
    """(r, s) with the nonce k (1 <= k < n); RetryNonce if r = 0 or s = 0."""
    c = library.curve_params(curve)
    dg = library.bytes_arg(digest, "digest")
    db = _secret_bytes(d, c.nlen, "private key")
    kb = _secret_bytes(k, c.nlen, "nonce k")
    r, s = _out(c.nlen)
    _check(lib().ecedu_ecdsa_sign_with_k(c.index, db, c.nlen, kb, c.nlen, dg, len(dg), r, s, c.nlen), curve)
    return _rs(r, s)


def ecdsa_sign_digest(curve: str, d: int, digest: bytes, hash: str = "sha256") -> tuple[int, int]:
    """RFC 6979 signature of *digest* = hash(m) for any hashlib hash name."""
    if hash == "sha256":
        return ecdsa_sign(curve, d, digest)
    from ecedu.curves import get_curve
    from ecedu.rfc6979 import MAX_NONCES, generate_k, no_signature_error  # generate_k: an ECEduError
    # for a name that is no hash HMAC can use

    n = get_curve(curve).n
    dg = library.bytes_arg(digest, "digest")
    if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d < n:
        raise InvalidScalarError("private key is not in [1, n-1]")
    for k in itertools.islice(generate_k(n, d, dg, hash), MAX_NONCES):
        try:
            return ecdsa_sign_with_k(curve, d, k, dg)
        except RetryNonce:
            continue
    raise no_signature_error(n)


def ecdsa_verify(curve: str, x: int, y: int, digest: bytes, r: int, s: int) -> bool:
    """True iff (r, s) is a valid signature of *digest* under Q = (x, y) (public data:
    the C side runs ecedu_ecdsa_verify_vartime)."""
    c = library.curve_params(curve)
    dg = library.bytes_arg(digest, "digest")
    xb, yb = library.coord_bytes(c.m, x, "x"), library.coord_bytes(c.m, y, "y")
    for v, what in ((r, "r"), (s, "s")):
        if not isinstance(v, int) or isinstance(v, bool):
            raise EncodingError(f"signature component {what} must be an int")
        if v <= 0 or v >= 1 << (8 * c.nlen):
            return False
    rc = lib().ecedu_ecdsa_verify_vartime(
        c.index, xb, yb, c.flen, dg, len(dg), r.to_bytes(c.nlen, "big"), s.to_bytes(c.nlen, "big"), c.nlen
    )
    if rc < 0:
        _check(rc, curve)
    return rc == 1


def decode_point_bytes(curve: str, point: bytes) -> tuple[bytes, bytes]:
    """The coordinates (x, y) of a SEC 1 point as field-length bytes, after the C library has
    decoded and validated it: the form ecdsa_verify_point_bytes takes, with no int in between."""
    c = library.curve_params(curve)
    point = point if type(point) is bytes else library.bytes_arg(point, "point encoding")
    x, y = c.coord_buffer(), c.coord_buffer()
    rc = lib().ecedu_decode_point(c.index, point, len(point), x, y)
    if rc:
        library.check(rc, curve)
    return bytes(x), bytes(y)


def ecdsa_verify_point_bytes(curve: str, q: tuple[bytes, bytes], digest: bytes, r: int, s: int) -> bool:
    """ecdsa_verify for a point from decode_point_bytes (the public ecdsa.verify's path)."""
    c = library.curve_params(curve)
    for v, what in ((r, "r"), (s, "s")):
        if not isinstance(v, int) or isinstance(v, bool):
            raise EncodingError(f"signature component {what} must be an int")
        if v <= 0 or v >= 1 << (8 * c.nlen):
            return False
    rc = lib().ecedu_ecdsa_verify_vartime(
        c.index,
        q[0],
        q[1],
        c.flen,
        digest,
        len(digest),
        r.to_bytes(c.nlen, "big"),
        s.to_bytes(c.nlen, "big"),
        c.nlen,
    )
    if rc < 0:
        _check(rc, curve)
    return rc == 1


def sha256(data: bytes) -> bytes:
    """SHA-256 by the library's own code (test hook)."""
    data = library.bytes_arg(data, "data")
    out = (ctypes.c_uint8 * 32)()
    _check(lib().ecedu_sha256(data, len(data), out), "sha256")
    return bytes(out)


def hmac_sha256(key: bytes, data: bytes) -> bytes:
    """HMAC-SHA256 by the library's own code (test hook)."""
    key, data = library.bytes_arg(key, "key"), library.bytes_arg(data, "data")
    out = (ctypes.c_uint8 * 32)()
    _check(lib().ecedu_hmac_sha256(key, len(key), data, len(data), out), "hmac_sha256")
    return bytes(out)


#: The operations of :func:`modn_op` (ECEDU_MODN_* of ecedu_native.h).
MODN_OPS = ("mul", "inv", "reduce", "add", "inv_euclid_vartime", "inv_fermat", "inv_vartime")


def modn_op(curve: str, op: str, a: int, b: int = 0) -> int:
    """Test hook for the C arithmetic mod n: 'mul' a*b, 'inv' a^-1 (Bernstein-Yang
    divsteps, constant time, as signing uses; 0 -> 0), 'inv_fermat' a^(n-2) (constant time,
    the cross-check), 'inv_euclid_vartime' a^-1 (binary Euclid, for public values; no protocol
    calls it), 'inv_vartime' a^-1 (the divsteps in variable time, as verification uses; the names
    are those of the C functions, modn_inv_euclid_vartime and modn_inv_vartime), 'reduce' a mod n
    (a < 256^nlen), 'add' a+b.  Inputs < n except for reduce."""
    c = library.curve_params(curve)
    choice(op, MODN_OPS, "op")
    for v in (a, b):
        if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v >= 1 << (8 * c.nlen):
            raise EncodingError(f"operand out of range: an int in [0, 2^{8 * c.nlen}) for {op!r}")
    if op != "reduce":
        from ecedu.curves import get_curve

        if max(a, b) >= get_curve(curve).n:
            raise EncodingError(f"the operands of {op!r} must be below n, the order of {curve}'s group")
    out = (ctypes.c_uint8 * c.nlen)()
    code = library.constant("ECEDU_MODN_" + op.upper())
    _check(
        lib().ecedu_ecdsa_modn_op(
            c.index, code, a.to_bytes(c.nlen, "big"), b.to_bytes(c.nlen, "big"), out, c.nlen
        ),
        curve,
    )
    return int.from_bytes(bytes(out), "big")
