"""ecedu.native -- fast constant-time C arithmetic for the 14 SEC 2 binary curves.

The C library ``libecedu_native.so`` (sources next to this file) is built by
``pip install`` (see setup.py) or by ``python -m ecedu.native.build``.  This
module loads it with :mod:`ctypes`.  If it is missing, :func:`available`
returns False and every other function raises
:class:`ecedu.errors.BackendUnavailableError`.

Python API (ints are field elements with bit i = coefficient of z^i, or
scalars; points are ``(x, y)`` tuples of ints)::

    available() -> bool
    load_error() -> str | None                 # why the library is unavailable
    cpu_features() -> dict                     # {'pclmulqdq', 'avx2', 'avx512f',
                                               #  'avx512vl', 'vpclmulqdq', 'avx512vbmi2',
                                               #  'zmm_os', 'using_pclmul'}
    force_portable(flag: bool = True) -> None  # use the portable C path
    force_implementation(name: str | None)     # 'portable', 'pclmul', 'vpclmul'
                                               # or None (= the best available)
    available_implementations() -> tuple       # those this CPU can run
    using_pclmul() -> bool
    implementation() -> str                    # 'vpclmul', 'pclmul' or 'portable'
    field_implementation(m) -> str             # the one GF(2^m) uses now
    library_path() -> str | None
    FIELD_DEGREES                              # (163, 193, 233, 239, 283, 409, 571)
    CURVES                                     # the 14 curve names

    field_mul(m, a, b) -> int       field_sqr(m, a) -> int
    field_inv(m, a) -> int          field_inv_public(m, a) -> int
    field_sqrt(m, a) -> int
    field_half_trace(m, a) -> int   field_trace(m, a) -> int
    field_mul_batch(m, A, B) -> C   # numpy uint64 arrays of shape (count, nw),
                                    # nw = ceil(m/64), little-endian words

    validate_point(curve, x, y) -> None            # raises InvalidPointError
    decode_point(curve, data: bytes) -> (x, y)     # SEC 1, 04/02/03, validated
    scalar_mult(curve, k, x, y) -> (x, y)          # Montgomery ladder (LD), validated P
    scalar_mult_base(curve, k) -> (x, y)           # fixed-base comb table
    ecdh(curve, d, peer_point_sec1: bytes) -> bytes  # x(d*Q), (m+7)//8 bytes,
                                                     # as `openssl pkeyutl -derive`
    ecdh_batch(curve, ds: list[int], peers: list[bytes]) -> list[bytes]

    # C-side timing loops for benchmarks: process CPU seconds for all iterations
    # (like `openssl speed`, which divides by CPU user time unless -elapsed):
    bench_field_mul(m, iterations) -> float   # dependent chain r = r*a
    bench_field_sqr(m, iterations) -> float
    bench_field_inv(m, iterations) -> float
    bench_ecdh(curve, iterations) -> float    # full ECDH incl. point decoding/validation
    bench_scalar_mult_base(curve, iterations) -> float

Errors: bad input raises an :class:`ecedu.errors.ECEduError` subclass:
UnknownCurveError (unknown curve / field), EncodingError (wrong lengths or SEC 1
format), InvalidPointError (off curve, infinity, wrong subgroup, coordinate
>= 2^m), InvalidScalarError (scalar outside [1, n-1]).

Environment: ``ECEDU_NATIVE_PORTABLE=1`` forces the portable path at load time,
``ECEDU_NATIVE_IMPL=portable|pclmul|vpclmul`` caps the implementation (a level
the CPU lacks falls back to the best it has);
``ECEDU_NATIVE_LIB=/path/to/lib.so`` loads another build (e.g. the ASan one).
"""
from __future__ import annotations

import ctypes
import os
from pathlib import Path

from ecedu.errors import (
    BackendUnavailableError,
    ECEduError,
    EncodingError,
    InvalidPointError,
    InvalidScalarError,
    UnknownCurveError,
)

__all__ = [
    "available", "load_error", "cpu_features", "force_portable", "using_pclmul", "koblitz_method",
    "implementation", "library_path", "force_implementation", "available_implementations",
    "field_implementation", "IMPLEMENTATIONS",
    "FIELD_DEGREES", "CURVES",
    "field_mul", "field_sqr", "field_inv", "field_inv_public", "field_sqrt", "field_half_trace",
    "field_trace",
    "field_mul_batch", "validate_point", "decode_point", "scalar_mult", "scalar_mult_base",
    "ecdh", "ecdh_batch", "bench_field_mul", "bench_field_sqr", "bench_field_inv",
    "bench_ecdh", "bench_scalar_mult_base",
]

FIELD_DEGREES = (163, 193, 233, 239, 283, 409, 571)
CURVES = (
    "sect163k1", "sect163r1", "sect163r2", "sect193r1", "sect193r2", "sect233k1",
    "sect233r1", "sect239k1", "sect283k1", "sect283r1", "sect409k1", "sect409r1",
    "sect571k1", "sect571r1",
)

_HERE = Path(__file__).resolve().parent
_LIB = None
_LOAD_ERROR: str | None = None

_u8p = ctypes.POINTER(ctypes.c_uint8)
_u64p = ctypes.POINTER(ctypes.c_uint64)
_i32p = ctypes.POINTER(ctypes.c_int32)
_sz = ctypes.c_size_t
_int = ctypes.c_int

_SIGNATURES = {
    "ecedu_version": (_int, []),
    "ecedu_cpu_features": (_int, []),
    "ecedu_force_portable": (None, [_int]),
    "ecedu_set_koblitz_method": (None, [_int]),
    "ecedu_using_pclmul": (_int, []),
    "ecedu_force_implementation": (_int, [_int]),
    "ecedu_implementation": (_int, []),
    "ecedu_best_implementation": (_int, []),
    "ecedu_field_implementation": (_int, [_int]),
    "ecedu_curve_index": (_int, [ctypes.c_char_p]),
    "ecedu_curve_info": (_int, [_int, ctypes.POINTER(_int), ctypes.POINTER(_int), ctypes.POINTER(_int)]),
    "ecedu_field_op": (_int, [_int, _int, ctypes.c_char_p, ctypes.c_char_p, _u8p, _sz]),
    "ecedu_field_mul_batch": (_int, [_int, _u64p, _u64p, _u64p, _sz]),
    "ecedu_validate_point": (_int, [_int, ctypes.c_char_p, ctypes.c_char_p, _sz]),
    "ecedu_decode_point": (_int, [_int, ctypes.c_char_p, _sz, _u8p, _u8p]),
    "ecedu_scalar_mult": (_int, [_int, ctypes.c_char_p, _sz, ctypes.c_char_p, ctypes.c_char_p, _sz, _u8p, _u8p]),
    "ecedu_scalar_mult_base": (_int, [_int, ctypes.c_char_p, _sz, _u8p, _u8p, _sz]),
    "ecedu_ecdh": (_int, [_int, ctypes.c_char_p, _sz, ctypes.c_char_p, _sz, _u8p, _sz]),
    "ecedu_ecdh_batch": (_int, [_int, _sz, ctypes.c_char_p, _sz, ctypes.c_char_p, _sz, _u8p, _sz, _i32p]),
    "ecedu_bench_field_mul": (ctypes.c_double, [_int, ctypes.c_long]),
    "ecedu_bench_field_sqr": (ctypes.c_double, [_int, ctypes.c_long]),
    "ecedu_bench_field_inv": (ctypes.c_double, [_int, ctypes.c_long]),
    "ecedu_bench_ecdh": (ctypes.c_double, [_int, ctypes.c_long]),
    "ecedu_bench_scalar_mult_base": (ctypes.c_double, [_int, ctypes.c_long]),
}

# C error codes (gf2m.h) -> exception classes
_ERRORS = {
    -1: (UnknownCurveError, "unknown curve or field degree"),
    -2: (EncodingError, "wrong length or encoding"),
    -3: (InvalidPointError, "point is not on the curve, is infinity, or is not in the subgroup of order n"),
    -4: (InvalidScalarError, "scalar is not in [1, n-1]"),
    -5: (ECEduError, "field element out of range (must be < 2^m; inverse of 0 undefined)"),
    -6: (ECEduError, "internal error in the native library"),
}


def _load():
    global _LIB, _LOAD_ERROR
    path = os.environ.get("ECEDU_NATIVE_LIB") or str(_HERE / "libecedu_native.so")
    try:
        lib = ctypes.CDLL(path)
        for name, (res, args) in _SIGNATURES.items():
            fn = getattr(lib, name)
            fn.restype = res
            fn.argtypes = args
    except (OSError, AttributeError) as e:
        _LIB, _LOAD_ERROR = None, (
            f"native library not available ({e}); build it with `pip install -e .` "
            "or `python -m ecedu.native.build` (needs a C compiler)")
        return
    _LIB, _LOAD_ERROR = lib, None


_load()


def available() -> bool:
    """True if the C library is loaded."""
    return _LIB is not None


def load_error() -> str | None:
    return _LOAD_ERROR


def _lib():
    if _LIB is None:
        raise BackendUnavailableError(_LOAD_ERROR or "native library not available")
    return _LIB


def _check(rc: int, what: str = "") -> None:
    if rc != 0:
        cls, msg = _ERRORS.get(rc, (ECEduError, f"native error {rc}"))
        raise cls(f"{what}: {msg}" if what else msg)


def cpu_features() -> dict:
    f = _lib().ecedu_cpu_features()
    return {
        "pclmulqdq": bool(f & 1),
        "avx2": bool(f & 2),
        "avx512f": bool(f & 4),
        "vpclmulqdq": bool(f & 8),
        "avx512vbmi2": bool(f & 16),
        "zmm_os": bool(f & 32),   # the OS saves the AVX-512 registers (XCR0)
        "avx512vl": bool(f & 64),
        "using_pclmul": bool(_lib().ecedu_using_pclmul()),
    }


def force_portable(flag: bool = True) -> None:
    """Use the portable C field arithmetic (flag=True) or the best available."""
    _lib().ecedu_force_portable(1 if flag else 0)


KOBLITZ_METHODS = ("default", "ladder", "tnaf")


def koblitz_method(method: str) -> None:
    """Variable-base method on the six Koblitz curves: ``"ladder"`` (the Montgomery ladder,
    as on the other curves), ``"tnaf"`` (the regular τ-adic method of tnaf.h) or
    ``"default"`` (the τ-adic method, measured faster on all six; see ecdh.c).
    Process-wide; meant for tests and for measuring the difference."""
    if method not in KOBLITZ_METHODS:
        raise ValueError(f"method must be one of {KOBLITZ_METHODS}")
    _lib().ecedu_set_koblitz_method(KOBLITZ_METHODS.index(method))


def using_pclmul() -> bool:
    return bool(_lib().ecedu_using_pclmul())


IMPLEMENTATIONS = ("portable", "pclmul", "vpclmul")


def force_implementation(name: str | None) -> None:
    """Use the field arithmetic ``name`` ('portable', 'pclmul' or 'vpclmul'), or
    the best one the CPU has (None).  Raises ValueError for an unknown name and
    RuntimeError if this CPU cannot run it (see :func:`available_implementations`).
    Process-wide, for tests and benchmarks."""
    if name is None:
        level = -1
    elif name in IMPLEMENTATIONS:
        level = IMPLEMENTATIONS.index(name)
    else:
        raise ValueError(f"implementation must be one of {IMPLEMENTATIONS} or None")
    if _lib().ecedu_force_implementation(level) != 0:
        raise RuntimeError(f"this CPU cannot run the {name!r} implementation "
                           f"(available: {available_implementations()})")


def available_implementations() -> tuple:
    """The implementations this CPU (and OS) can run, lowest first."""
    return IMPLEMENTATIONS[:_lib().ecedu_best_implementation() + 1]


def implementation() -> str:
    """'vpclmul', 'pclmul' or 'portable': the field arithmetic in use."""
    return IMPLEMENTATIONS[_lib().ecedu_implementation()]


def field_implementation(m: int) -> str:
    """The implementation GF(2^m) uses now."""
    level = _lib().ecedu_field_implementation(m)
    if level < 0:
        raise UnknownCurveError(f"unsupported field degree {m}")
    return IMPLEMENTATIONS[level]


def library_path() -> str | None:
    """File name of the loaded C library (None if not loaded)."""
    return None if _LIB is None else _LIB._name


# ------------------------------------------------------------------ helpers

def _flen(m: int) -> int:
    return (m + 7) // 8


def _curve(name: str) -> tuple[int, int, int, int]:
    """(index, m, nbits(n), h) of a curve name."""
    lib = _lib()
    if not isinstance(name, str):
        raise UnknownCurveError(f"curve name must be a str, not {type(name).__name__}")
    ci = lib.ecedu_curve_index(name.encode())
    if ci < 0:
        raise UnknownCurveError(f"native backend has no curve {name!r}; it supports {', '.join(CURVES)}")
    m, nb, h = _int(), _int(), _int()
    _check(lib.ecedu_curve_info(ci, ctypes.byref(m), ctypes.byref(nb), ctypes.byref(h)))
    return ci, m.value, nb.value, h.value


def _fe_bytes(m: int, v, what: str) -> bytes:
    if not isinstance(v, int) or isinstance(v, bool):
        raise EncodingError(f"{what} must be an int")
    if v < 0 or v >> m:
        raise ECEduError(f"{what} is not an element of GF(2^{m}) (must be 0 <= v < 2^{m})")
    return v.to_bytes(_flen(m), "big")


def _coord_bytes(m: int, v, what: str) -> bytes:
    if not isinstance(v, int) or isinstance(v, bool):
        raise EncodingError(f"{what} must be an int")
    if v < 0 or v >> m:
        raise InvalidPointError(f"{what} is not an element of GF(2^{m})")
    return v.to_bytes(_flen(m), "big")


def _scalar_bytes(nbits: int, k) -> bytes:
    if not isinstance(k, int) or isinstance(k, bool):
        raise InvalidScalarError("scalar must be an int")
    if k <= 0 or k.bit_length() > nbits:
        raise InvalidScalarError("scalar is not in [1, n-1]")
    return k.to_bytes((nbits + 7) // 8, "big")


def _field_op(m: int, op: int, a, b=None) -> int:
    lib = _lib()
    if m not in FIELD_DEGREES:
        raise UnknownCurveError(f"no native field GF(2^{m}); supported m: {FIELD_DEGREES}")
    ab = _fe_bytes(m, a, "a")
    bb = _fe_bytes(m, b, "b") if b is not None else None
    n = _flen(m)
    out = (ctypes.c_uint8 * n)()
    _check(lib.ecedu_field_op(m, op, ab, bb, out, n), f"GF(2^{m})")
    return int.from_bytes(bytes(out), "big")


def field_mul(m: int, a: int, b: int) -> int:
    return _field_op(m, 0, a, b)


def field_sqr(m: int, a: int) -> int:
    return _field_op(m, 1, a)


def field_inv(m: int, a: int) -> int:
    """a^-1 in GF(2^m) (Itoh-Tsujii, constant time: the long runs of squarings as one
    bit-matrix product each); raises ECEduError for a = 0."""
    return _field_op(m, 2, a)


def field_inv_public(m: int, a: int) -> int:
    """a^-1 like :func:`field_inv`, by the variable-time inversion the C code
    uses for public values only (multi-squaring tables); raises for a = 0."""
    return _field_op(m, 6, a)


def field_sqrt(m: int, a: int) -> int:
    return _field_op(m, 3, a)


def field_half_trace(m: int, a: int) -> int:
    return _field_op(m, 4, a)


def field_trace(m: int, a: int) -> int:
    return _field_op(m, 5, a)


def field_mul_batch(m: int, A, B):
    """C[i] = A[i] * B[i] in GF(2^m) for numpy uint64 arrays of shape (count, nw)."""
    import numpy as np

    lib = _lib()
    if m not in FIELD_DEGREES:
        raise UnknownCurveError(f"no native field GF(2^{m})")
    nw = (m + 63) // 64
    A = np.ascontiguousarray(A, dtype=np.uint64)
    B = np.ascontiguousarray(B, dtype=np.uint64)
    if A.ndim != 2 or A.shape[1] != nw or A.shape != B.shape:
        raise EncodingError(f"A and B must have the same shape (count, {nw})")
    C = np.empty_like(A)
    _check(lib.ecedu_field_mul_batch(m, A.ctypes.data_as(_u64p), B.ctypes.data_as(_u64p),
                                     C.ctypes.data_as(_u64p), A.shape[0]), f"GF(2^{m}) batch")
    return C


def validate_point(curve: str, x: int, y: int) -> None:
    ci, m, _, _ = _curve(curve)
    xb, yb = _coord_bytes(m, x, "x"), _coord_bytes(m, y, "y")
    _check(_lib().ecedu_validate_point(ci, xb, yb, _flen(m)), curve)


def decode_point(curve: str, data: bytes) -> tuple[int, int]:
    ci, m, _, _ = _curve(curve)
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise EncodingError("point encoding must be bytes")
    data = bytes(data)
    n = _flen(m)
    ox, oy = (ctypes.c_uint8 * n)(), (ctypes.c_uint8 * n)()
    _check(_lib().ecedu_decode_point(ci, data, len(data), ox, oy), curve)
    return int.from_bytes(bytes(ox), "big"), int.from_bytes(bytes(oy), "big")


def scalar_mult(curve: str, k: int, x: int, y: int) -> tuple[int, int]:
    """k * (x, y) after validating the point (constant-time ladder)."""
    ci, m, nbits, _ = _curve(curve)
    xb, yb = _coord_bytes(m, x, "x"), _coord_bytes(m, y, "y")
    kb = _scalar_bytes(nbits, k)
    n = _flen(m)
    ox, oy = (ctypes.c_uint8 * n)(), (ctypes.c_uint8 * n)()
    _check(_lib().ecedu_scalar_mult(ci, kb, len(kb), xb, yb, n, ox, oy), curve)
    return int.from_bytes(bytes(ox), "big"), int.from_bytes(bytes(oy), "big")


def scalar_mult_base(curve: str, k: int) -> tuple[int, int]:
    """k * G (constant-time fixed-base table method)."""
    ci, m, nbits, _ = _curve(curve)
    kb = _scalar_bytes(nbits, k)
    n = _flen(m)
    ox, oy = (ctypes.c_uint8 * n)(), (ctypes.c_uint8 * n)()
    _check(_lib().ecedu_scalar_mult_base(ci, kb, len(kb), ox, oy, n), curve)
    return int.from_bytes(bytes(ox), "big"), int.from_bytes(bytes(oy), "big")


def ecdh(curve: str, d: int, peer_point_sec1: bytes) -> bytes:
    """Shared secret x(d * Q) as (m+7)//8 big-endian bytes (what OpenSSL derives)."""
    ci, m, nbits, _ = _curve(curve)
    if not isinstance(peer_point_sec1, (bytes, bytearray, memoryview)):
        raise EncodingError("peer public key must be bytes (SEC 1 encoding)")
    peer = bytes(peer_point_sec1)
    kb = _scalar_bytes(nbits, d)
    n = _flen(m)
    out = (ctypes.c_uint8 * n)()
    _check(_lib().ecedu_ecdh(ci, kb, len(kb), peer, len(peer), out, n), curve)
    return bytes(out)


def ecdh_batch(curve: str, ds, peers) -> list[bytes]:
    """Many ECDH in one C call; all peers must have the same encoding length.
    Raises on the first failing index (message names it)."""
    ci, m, nbits, _ = _curve(curve)
    ds, peers = list(ds), [bytes(p) for p in peers]
    if len(ds) != len(peers):
        raise EncodingError("ds and peers must have the same length")
    if not ds:
        return []
    plen = len(peers[0])
    if any(len(p) != plen for p in peers):
        raise EncodingError("all peer encodings must have the same length")
    kb = b"".join(_scalar_bytes(nbits, d) for d in ds)
    dlen = (nbits + 7) // 8
    n = _flen(m)
    out = (ctypes.c_uint8 * (n * len(ds)))()
    rcs = (ctypes.c_int32 * len(ds))()
    _lib().ecedu_ecdh_batch(ci, len(ds), kb, dlen, b"".join(peers), plen, out, n, rcs)
    for i, rc in enumerate(rcs):
        _check(rc, f"{curve} (batch index {i})")
    raw = bytes(out)
    return [raw[i * n:(i + 1) * n] for i in range(len(ds))]


def _bench(fn, arg, iterations: int) -> float:
    if not isinstance(iterations, int) or iterations < 0:
        raise ECEduError("iterations must be a non-negative int")
    t = fn(arg, iterations)
    if t < 0:
        raise ECEduError("benchmark failed (bad arguments)")
    return t


def bench_field_mul(m: int, iterations: int) -> float:
    if m not in FIELD_DEGREES:
        raise UnknownCurveError(f"no native field GF(2^{m})")
    return _bench(_lib().ecedu_bench_field_mul, m, iterations)


def bench_field_sqr(m: int, iterations: int) -> float:
    if m not in FIELD_DEGREES:
        raise UnknownCurveError(f"no native field GF(2^{m})")
    return _bench(_lib().ecedu_bench_field_sqr, m, iterations)


def bench_field_inv(m: int, iterations: int) -> float:
    if m not in FIELD_DEGREES:
        raise UnknownCurveError(f"no native field GF(2^{m})")
    return _bench(_lib().ecedu_bench_field_inv, m, iterations)


def bench_ecdh(curve: str, iterations: int) -> float:
    return _bench(_lib().ecedu_bench_ecdh, _curve(curve)[0], iterations)


def bench_scalar_mult_base(curve: str, iterations: int) -> float:
    return _bench(_lib().ecedu_bench_scalar_mult_base, _curve(curve)[0], iterations)


# ECDSA lives in its own bridge module (ecdsa.c); its benchmark loops are offered here too,
# next to bench_ecdh, for `python -m ecedu speed ecdsa`.
def bench_ecdsa_sign(curve: str, iterations: int) -> float:
    from .ecdsa_bridge import bench_ecdsa_sign as run
    return run(curve, iterations)


def bench_ecdsa_verify(curve: str, iterations: int) -> float:
    from .ecdsa_bridge import bench_ecdsa_verify as run
    return run(curve, iterations)
