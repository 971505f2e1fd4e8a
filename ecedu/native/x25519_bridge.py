"""The X25519 functions of the native library (src/curve/x25519.c, src/protocol/x25519.c).

RFC 7748 byte strings throughout: scalars, u-coordinates and results are 32 *little-endian*
bytes, as the RFC has them::

    x25519(k: bytes, u: bytes) -> bytes     # X25519(k, u); all-zero result -> InvalidPointError
    x25519_base(k: bytes) -> bytes          # the public key X25519(k, 9)
    fe25519_op(op, a: int, b: int = 0) -> int   # GF(2^255 - 19) one operation, for the tests
    bench_x25519(iterations) -> float       # CPU seconds of a C loop of ecedu_x25519

The C side checks the lengths (exactly 32 bytes, ECEDU_ERR_LENGTH) and refuses the all-zero
shared secret of RFC 7748 §6.1 (ECEDU_ERR_ALL_ZERO); this module only converts the Python types
(bytes, bytearray or memoryview; anything else is an EncodingError before C is called).
"""

from __future__ import annotations

import ctypes

from ecedu.errors import ECEduError, EncodingError

from . import library
from .library import check, lib

__all__ = ["x25519", "x25519_base", "fe25519_op", "FE25519_OPS", "bench_x25519"]

#: The operations of fe25519_op (the ECEDU_FE25519_* constants, in their order).
FE25519_OPS = ("mul", "sqr", "inv", "add", "sub", "neg", "is_zero")
P25519 = 2**255 - 19


def _key(v, what: str) -> bytes:
    b = library.bytes_arg(v, what)
    return b  # the length is C's to check (ECEDU_ERR_LENGTH), so that the boundary is fuzzed


def x25519(k, u) -> bytes:
    """X25519(k, u) of RFC 7748 §5; raises InvalidPointError if the result is all zero (§6.1)."""
    kb, ub = _key(k, "X25519 private key"), _key(u, "X25519 public key (u-coordinate)")
    out = (ctypes.c_uint8 * 32)()
    check(lib().ecedu_x25519(kb, len(kb), ub, len(ub), out, 32), "X25519")
    return bytes(out)


def x25519_base(k) -> bytes:
    """The X25519 public key of the private key k: X25519(k, 9)."""
    kb = _key(k, "X25519 private key")
    out = (ctypes.c_uint8 * 32)()
    check(lib().ecedu_x25519_base(kb, len(kb), out, 32), "X25519")
    return bytes(out)


def fe25519_op(op: str, a: int, b: int = 0) -> int:
    """One operation of GF(2^255 - 19) in C (field/gfp/fe25519.h, or fe25519_mulx.h at the MULX
    and ifma levels), on ints in [0, p)."""
    if not isinstance(op, str) or op not in FE25519_OPS:
        raise ECEduError(f"op must be one of {FE25519_OPS}, not {op!r}")
    for name, v in (("a", a), ("b", b)):
        if not isinstance(v, int) or isinstance(v, bool):
            raise EncodingError(f"{name} must be an int")
        if not 0 <= v < 2**256:
            raise EncodingError(f"{name} must fit in 32 bytes")
    out = (ctypes.c_uint8 * 32)()
    code = library.constant("ECEDU_FE25519_" + op.upper())
    check(lib().ecedu_fe25519_op(code, a.to_bytes(32, "big"), b.to_bytes(32, "big"), out, 32), "GF(2^255-19)")
    return int.from_bytes(bytes(out), "big")


def bench_x25519(iterations: int) -> float:
    """CPU seconds of ``iterations`` calls of ecedu_x25519 in a C loop (as `openssl speed`)."""
    return library.bench_result(lib().ecedu_bench_x25519(library.iterations_arg(iterations)))
