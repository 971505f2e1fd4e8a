"""ctypes side of the native ECDSA (ecedu/native/ecdsa.c, ecdsa_sha256.c).

Uses the library that :mod:`ecedu.native` loaded (``ecedu.native._lib()``), so
``ECEDU_NATIVE_LIB`` and :func:`ecedu.native.force_portable` apply here too.

Python API (curve names as in :data:`ecedu.native.CURVES`; ints are scalars
mod n, or field elements / coordinates with bit i = coefficient of z^i)::

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
    bench_ecdsa_sign(curve, iterations) -> seconds     (C loop, fixed 32-byte digest)
    bench_ecdsa_verify(curve, iterations) -> seconds   (C loop, one valid signature)
    sha256(data) -> bytes, hmac_sha256(key, data) -> bytes   (test hooks)
    modn_op(curve, op, a, b=0) -> int   # 'mul', 'inv', 'inv_vartime', 'reduce', 'add' mod n (test hook)

Errors: :class:`ecedu.errors.ECEduError` subclasses, as in :mod:`ecedu.native`:
UnknownCurveError, EncodingError (wrong type/length), InvalidPointError,
InvalidScalarError (d or k not in [1, n-1]).
"""
from __future__ import annotations

import ctypes
import importlib

from ecedu.errors import ECEduError, EncodingError, InvalidScalarError

__all__ = [
    "ecdsa_sign", "ecdsa_sign_with_k", "ecdsa_sign_digest", "ecdsa_verify",
    "bench_ecdsa_sign", "bench_ecdsa_verify", "sha256", "hmac_sha256", "modn_op",
    "RetryNonce",
]

ERR_RETRY = -7


class RetryNonce(ECEduError):
    """r = 0 or s = 0 for the given nonce: use the next RFC 6979 candidate."""


_u8p = ctypes.POINTER(ctypes.c_uint8)
_sz = ctypes.c_size_t
_int = ctypes.c_int
_cp = ctypes.c_char_p

_SIGNATURES = {
    "ecedu_ecdsa_sign": (_int, [_int, _cp, _sz, _cp, _sz, _u8p, _u8p, _sz]),
    "ecedu_ecdsa_sign_with_k": (_int, [_int, _cp, _sz, _cp, _sz, _cp, _sz, _u8p, _u8p, _sz]),
    "ecedu_ecdsa_verify": (_int, [_int, _cp, _cp, _sz, _cp, _sz, _cp, _cp, _sz]),
    "ecedu_ecdsa_modn_op": (_int, [_int, _int, _cp, _cp, _u8p, _sz]),
    "ecedu_sha256": (_int, [_cp, _sz, _u8p]),
    "ecedu_hmac_sha256": (_int, [_cp, _sz, _cp, _sz, _u8p]),
    "ecedu_bench_ecdsa_sign": (ctypes.c_double, [_int, ctypes.c_long]),
    "ecedu_bench_ecdsa_verify": (ctypes.c_double, [_int, ctypes.c_long]),
}

_configured: set[int] = set()


def _native():
    return importlib.import_module("ecedu.native")


def _lib():
    """The loaded CDLL with our prototypes set (raises BackendUnavailableError)."""
    nat = _native()
    lib = nat._lib()
    if id(lib) not in _configured:
        try:
            for name, (res, args) in _SIGNATURES.items():
                fn = getattr(lib, name)
                fn.restype = res
                fn.argtypes = args
        except AttributeError as e:
            from ecedu.errors import BackendUnavailableError
            raise BackendUnavailableError(
                f"the native library has no ECDSA ({e}); rebuild it with "
                "`python -m ecedu.native.build`") from None
        _configured.add(id(lib))
    return lib


def _check(rc: int, what: str) -> None:
    if rc == ERR_RETRY:
        raise RetryNonce(f"{what}: r = 0 or s = 0 for this nonce; take the next one")
    _native()._check(rc, what)


def _curve(name):
    """(index, m, nbits, flen, nlen) of a curve name."""
    ci, m, nbits, _ = _native()._curve(name)
    return ci, m, nbits, (m + 7) // 8, (nbits + 7) // 8


def _bytes_arg(v, what: str) -> bytes:
    if not isinstance(v, (bytes, bytearray, memoryview)):
        raise EncodingError(f"{what} must be bytes, not {type(v).__name__}")
    return bytes(v)


def _secret_bytes(v, nlen: int, what: str) -> bytes:
    """A secret scalar as nlen big-endian bytes; the C side checks 1 <= v < n."""
    if not isinstance(v, int) or isinstance(v, bool):
        raise InvalidScalarError(f"{what} must be an int")
    if v <= 0 or v >= 1 << (8 * nlen):
        raise InvalidScalarError(f"{what} is not in [1, n-1]")
    return v.to_bytes(nlen, "big")


def _out(nlen: int):
    return (ctypes.c_uint8 * nlen)(), (ctypes.c_uint8 * nlen)()


def ecdsa_sign(curve: str, d: int, digest: bytes) -> tuple[int, int]:
    """(r, s) for the hash value *digest* with the RFC 6979 HMAC-SHA256 nonce."""
    ci, _, _, _, nlen = _curve(curve)
    dg = _bytes_arg(digest, "digest")
    db = _secret_bytes(d, nlen, "private key")
    r, s = _out(nlen)
    _check(_lib().ecedu_ecdsa_sign(ci, db, nlen, dg, len(dg), r, s, nlen), curve)
    return int.from_bytes(bytes(r), "big"), int.from_bytes(bytes(s), "big")


def ecdsa_sign_with_k(curve: str, d: int, k: int, digest: bytes) -> tuple[int, int]:
    """(r, s) with the nonce k (1 <= k < n); RetryNonce if r = 0 or s = 0."""
    ci, _, _, _, nlen = _curve(curve)
    dg = _bytes_arg(digest, "digest")
    db = _secret_bytes(d, nlen, "private key")
    kb = _secret_bytes(k, nlen, "nonce k")
    r, s = _out(nlen)
    _check(_lib().ecedu_ecdsa_sign_with_k(ci, db, nlen, kb, nlen, dg, len(dg), r, s, nlen), curve)
    return int.from_bytes(bytes(r), "big"), int.from_bytes(bytes(s), "big")


def ecdsa_sign_digest(curve: str, d: int, digest: bytes, hash: str = "sha256") -> tuple[int, int]:
    """RFC 6979 signature of *digest* = hash(m) for any hashlib hash name."""
    if hash == "sha256":
        return ecdsa_sign(curve, d, digest)
    from ecedu.curves import get_curve
    from ecedu.rfc6979 import generate_k

    n = get_curve(curve).n
    dg = _bytes_arg(digest, "digest")
    if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d < n:
        raise InvalidScalarError("private key is not in [1, n-1]")
    for k in generate_k(n, d, dg, hash):
        try:
            return ecdsa_sign_with_k(curve, d, k, dg)
        except RetryNonce:
            continue
    raise AssertionError("unreachable")


def ecdsa_verify(curve: str, x: int, y: int, digest: bytes, r: int, s: int) -> bool:
    """True iff (r, s) is a valid signature of *digest* under Q = (x, y)."""
    nat = _native()
    ci, m, _, flen, nlen = _curve(curve)
    dg = _bytes_arg(digest, "digest")
    xb, yb = nat._coord_bytes(m, x, "x"), nat._coord_bytes(m, y, "y")
    for v, what in ((r, "r"), (s, "s")):
        if not isinstance(v, int) or isinstance(v, bool):
            raise EncodingError(f"signature component {what} must be an int")
        if v <= 0 or v >= 1 << (8 * nlen):
            return False
    rc = _lib().ecedu_ecdsa_verify(ci, xb, yb, flen, dg, len(dg), r.to_bytes(nlen, "big"),
                                   s.to_bytes(nlen, "big"), nlen)
    if rc < 0:
        _check(rc, curve)
    return rc == 1


def _bench(fn, curve: str, iterations: int) -> float:
    if not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 0:
        raise ECEduError("iterations must be a non-negative int")
    t = fn(_curve(curve)[0], iterations)
    if t < 0:
        raise ECEduError("benchmark failed (bad arguments)")
    return t


def bench_ecdsa_sign(curve: str, iterations: int) -> float:
    """Wall seconds for *iterations* signatures of a fixed 32-byte digest (C loop)."""
    return _bench(_lib().ecedu_bench_ecdsa_sign, curve, iterations)


def bench_ecdsa_verify(curve: str, iterations: int) -> float:
    """Wall seconds for *iterations* verifications of one valid signature (C loop)."""
    return _bench(_lib().ecedu_bench_ecdsa_verify, curve, iterations)


def sha256(data: bytes) -> bytes:
    data = _bytes_arg(data, "data")
    out = (ctypes.c_uint8 * 32)()
    _check(_lib().ecedu_sha256(data, len(data), out), "sha256")
    return bytes(out)


def hmac_sha256(key: bytes, data: bytes) -> bytes:
    key, data = _bytes_arg(key, "key"), _bytes_arg(data, "data")
    out = (ctypes.c_uint8 * 32)()
    _check(_lib().ecedu_hmac_sha256(key, len(key), data, len(data), out), "hmac_sha256")
    return bytes(out)


_OPS = {"mul": 0, "inv": 1, "reduce": 2, "add": 3, "inv_vartime": 4}


def modn_op(curve: str, op: str, a: int, b: int = 0) -> int:
    """Test hook for the C arithmetic mod n: 'mul' a*b, 'inv' a^-1 (Fermat,
    constant time), 'inv_vartime' a^-1 (binary Euclid, for public values),
    'reduce' a mod n (a < 256^nlen), 'add' a+b.  Inputs < n except for reduce."""
    ci, _, _, _, nlen = _curve(curve)
    if op not in _OPS:
        raise ECEduError(f"unknown op {op!r}")
    for v in (a, b):
        if not isinstance(v, int) or v < 0 or v >= 1 << (8 * nlen):
            raise EncodingError("operand out of range")
    out = (ctypes.c_uint8 * nlen)()
    _check(_lib().ecedu_ecdsa_modn_op(ci, _OPS[op], a.to_bytes(nlen, "big"), b.to_bytes(nlen, "big"),
                                      out, nlen), curve)
    return int.from_bytes(bytes(out), "big")
