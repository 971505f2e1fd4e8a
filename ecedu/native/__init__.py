"""ecedu.native -- fast constant-time C arithmetic for the 14 SEC 2 binary curves, 15 prime
curves (SEC 2 and Brainpool) and X25519.

The C library ``libecedu_native.so`` (sources in ``src/``, built by ``pip install``
(see setup.py) or by ``python -m ecedu.native.build``) is loaded by
:mod:`ecedu.native.library`; this module holds the public functions.  If it is missing, :func:`available`
returns False and every other function raises
:class:`ecedu.errors.BackendUnavailableError`.

Python API (ints are field elements with bit i = coefficient of z^i, or
scalars; points are ``(x, y)`` tuples of ints)::

    available() -> bool
    load_error() -> str | None                 # why the library is unavailable
    cpu_features() -> dict                     # {'pclmulqdq', 'avx', 'avx2', 'avx512f',
                                               #  'avx512vl', 'vpclmulqdq', 'avx512vbmi2',
                                               #  'ymm_os', 'zmm_os', 'using_pclmul', ...}
    force_portable(flag: bool = True) -> None  # use the portable C path
    force_implementation(name: str | None)     # 'portable', 'pclmul', 'avx', 'avx2', 'avx512'
                                               # ('vpclmul' is an alias of 'avx512')
                                               # or None (= the best available)
    available_implementations() -> tuple       # those this CPU can run
    using_pclmul() -> bool
    implementation() -> str                    # 'avx512', 'avx2', 'avx', 'pclmul' or 'portable'
    field_implementation(m) -> str             # the one GF(2^m) uses now
    library_path() -> str | None
    FIELD_DEGREES                              # (163, 193, 233, 239, 283, 409, 571)
    CURVES                                     # the 14 binary curve names
    PRIME_CURVES                               # the 15 prime ones (src/curve/prime/):
                                               # secp160r1 ... secp521r1, secp256k1,
                                               # secp160k1/192k1/224k1, brainpoolP*r1
    ALL_CURVES                                 # both; every point/ECDH/ECDSA function
                                               # below takes any of them

    field_mul(m, a, b) -> int       field_sqr(m, a) -> int
    field_inv(m, a) -> int          field_inv_vartime(m, a) -> int
    field_sqrt(m, a) -> int
    field_half_trace(m, a) -> int   field_trace(m, a) -> int
    field_mul_batch(m, A, B) -> C   # numpy uint64 arrays of shape (count, nw),
                                    # nw = ceil(m/64), little-endian words

    validate_point(curve, x, y) -> None            # raises InvalidPointError
    decode_point(curve, data: bytes) -> (x, y)     # SEC 1, 04/02/03, validated
    scalar_mult(curve, k, x, y) -> (x, y)          # validated P; binary curves: Montgomery ladder
                                                   # (LD), Koblitz curves the regular tau-adic
                                                   # method (koblitz_method); prime curves:
                                                   # regular signed window
    scalar_mult_base(curve, k) -> (x, y)           # fixed-base comb table
    ecdh(curve, d, peer_point_sec1: bytes) -> bytes  # x(d*Q), (m+7)//8 bytes,
                                                     # as `openssl pkeyutl -derive`
    ecdh_batch(curve, ds: list[int], peers: list[bytes]) -> list[bytes]

    # prime fields and modular powers (src/field/gfp/, bridge in prime.py):
    prime_mul(p, a, b, *, variant="montgomery", limb_bits=64) -> int  # a*b mod p
    #   variants "montgomery" (any odd p), "solinas", "p256_montgomery", "unsaturated"
    #   (NIST primes: prime_fields()); force_prime_implementation("portable"|"mulx"|"ifma"|None)
    modexp(base, exponent, modulus, *, limb_bits=64) -> int           # constant time
    rsa_private_crt(c, p, q, dp, dq, qinv, *, limb_bits=64) -> int    # RSA by the CRT

    # X25519 (src/curve/x25519.c, bridge in x25519_bridge.py; 32-byte little-endian strings):
    x25519(k: bytes, u: bytes) -> bytes       # RFC 7748 §5; all-zero result -> InvalidPointError
    x25519_base(k: bytes) -> bytes            # the public key X25519(k, 9)
    bench_x25519(iterations) -> float

    # C-side timing loops for benchmarks: process CPU seconds for all iterations
    # (like `openssl speed`, which divides by CPU user time unless -elapsed):
    bench_field_mul(m, iterations) -> float   # dependent chain r = r*a
    bench_field_sqr(m, iterations) -> float
    bench_field_inv(m, iterations) -> float
    bench_ecdh(curve, iterations) -> float    # full ECDH incl. point decoding/validation
    bench_scalar_mult_base(curve, iterations) -> float
    bench_prime_curve(curve, field, op, iterations) -> float  # 'generic' / 'specialised'
    bench_prime_mul(modulus, limb_bits, iterations) -> float  # Montgomery chain
    bench_prime_sqr(modulus, limb_bits, iterations) -> float  # the same, squarings
    bench_modexp_crt(key, c, limb_bits, iterations) -> float  # key = (p, q, dp, dq, qinv)

Errors: bad input raises an :class:`ecedu.errors.ECEduError` subclass:
UnknownCurveError (unknown curve / field), EncodingError (wrong lengths or SEC 1
format), InvalidPointError (off curve, infinity, wrong subgroup, coordinate
>= 2^m), InvalidScalarError (scalar outside [1, n-1]).

Environment: ``ECEDU_NATIVE_PORTABLE=1`` forces the portable path at load time,
``ECEDU_NATIVE_IMPL=portable|pclmul|avx|avx2|avx512`` caps the implementation (``vpclmul``,
the level's former name, is accepted too; a level the CPU lacks falls back to the best
it has), ``ECEDU_PRIME_IMPL=portable|mulx|ifma`` the prime fields' level the same way; a name
that is not a level is an ECEduError when the library loads;
``ECEDU_NATIVE_LIB=/path/to/lib.so`` loads another build (e.g. the ASan one).
"""

from __future__ import annotations

import ctypes

from ecedu._options import choice
from ecedu.errors import ECEduError, EncodingError, UnknownCurveError

from . import ecdsa_bridge as ecdsa_bridge  # ecedu.ecdsa reaches it as native.ecdsa_bridge
from . import fastpath as fastpath  # the public calls' hot path (issue 15)
from . import library
from .library import ALL_CURVES, CURVES, FIELD_DEGREES, PRIME_CURVES, check, lib
from .prime import (
    LIMB_BITS,
    PRIME_IMPLEMENTATIONS,
    VARIANTS,
    available_prime_implementations,
    bench_modexp_crt,
    bench_modulus,
    bench_prime_mul,
    bench_prime_sqr,
    bench_prime_variant_mul,
    built_variants,
    force_prime_implementation,
    modexp,
    prime_fields,
    prime_implementation,
    prime_mul,
    prime_mul_cycles,
    rsa_private_crt,
)
from .x25519_bridge import bench_x25519, x25519, x25519_base

__all__ = [
    "available",
    "load_error",
    "cpu_features",
    "force_portable",
    "using_pclmul",
    "koblitz_method",
    "koblitz_uses_tnaf",
    "implementation",
    "library_path",
    "force_implementation",
    "available_implementations",
    "field_implementation",
    "IMPLEMENTATIONS",
    "IFMA_CURVES",
    "prime_curve_level",
    "IMPLEMENTATION_ALIASES",
    "KOBLITZ_METHODS",
    "FIELD_DEGREES",
    "CURVES",
    "PRIME_CURVES",
    "ALL_CURVES",
    "field_mul",
    "field_sqr",
    "field_inv",
    "field_inv_vartime",
    "field_sqrt",
    "field_half_trace",
    "field_trace",
    "field_mul_batch",
    "validate_point",
    "decode_point",
    "scalar_mult",
    "scalar_mult_base",
    "ecdh",
    "ecdh_batch",
    "bench_field_mul",
    "bench_field_sqr",
    "bench_field_inv",
    "bench_ecdh",
    "bench_scalar_mult_base",
    "bench_ecdsa_sign",
    "bench_ecdsa_verify",
    "bench_prime_curve",
    "VARIANTS",
    "LIMB_BITS",
    "built_variants",
    "prime_mul",
    "modexp",
    "rsa_private_crt",
    "bench_prime_mul",
    "bench_prime_sqr",
    "bench_modexp_crt",
    "bench_modulus",
    "x25519",
    "x25519_base",
    "bench_x25519",
    "PRIME_IMPLEMENTATIONS",
    "prime_fields",
    "force_prime_implementation",
    "prime_implementation",
    "available_prime_implementations",
    "bench_prime_variant_mul",
    "prime_mul_cycles",
]

#: The field implementation levels, lowest first (ECEDU_IMPL_* of ecedu_native.h).
IMPLEMENTATIONS = ("portable", "pclmul", "avx", "avx2", "avx512")
#: Former names still accepted: the AVX-512 level runs VPCLMULQDQ only for m = 409 and 571.
IMPLEMENTATION_ALIASES = {"vpclmul": "avx512"}
#: The prime curves whose instance has a copy of its own at the "ifma" prime-field level (AVX-512
#: IFMA field limbs: instances/gfp_secp384r1_ifma.c, gfp_secp521r1_ifma.c); on the others that
#: level runs the MULX code, and only the modular exponentiations change.
IFMA_CURVES = ("secp384r1", "secp521r1")


def prime_curve_level(curve: str, level: str | None = None) -> str:
    """The prime-field level whose code ``curve`` (a prime curve, or X25519's 'curve25519') runs
    at ``level`` (default: the level in force, :func:`prime_implementation`): the level itself,
    but 'mulx' for 'ifma' on a curve outside IFMA_CURVES, which has no IFMA copy."""
    level = prime_implementation() if level is None else level
    return "mulx" if level == "ifma" and curve not in IFMA_CURVES else level


#: The variable-base methods on the Koblitz curves (ECEDU_KOBLITZ_* of ecedu_native.h).
KOBLITZ_METHODS = ("default", "ladder", "tnaf")


def available() -> bool:
    """True if the C library is loaded."""
    return library.loaded()


def load_error() -> str | None:
    """Why the library is not available (None if it is)."""
    return library.load_error()


def library_path() -> str | None:
    """File name of the loaded C library (None if not loaded)."""
    return library.library_path()


def cpu_features() -> dict:
    """What CPUID and XGETBV report, as {'pclmulqdq': bool, 'avx2': ..., 'zmm_os': ...},
    plus 'using_pclmul' (a PCLMULQDQ level is the one in use)."""
    f = lib().ecedu_cpu_features()
    out = {
        name: bool(f & library.constant("ECEDU_CPU_" + name.upper()))
        for name in library.names_with_prefix("ECEDU_CPU_")
    }
    out["using_pclmul"] = using_pclmul()
    return out


def force_portable(flag: bool = True) -> None:
    """Use the portable C field arithmetic (flag=True) or the best available."""
    lib().ecedu_force_portable(1 if flag else 0)


def koblitz_method(method: str) -> None:
    """Variable-base method on the six Koblitz curves: ``"ladder"`` (the Montgomery ladder,
    as on the other curves), ``"tnaf"`` (the regular τ-adic method of curve/tnaf.tmpl.h) or
    ``"default"`` (the τ-adic method, measured faster on all six; see protocol/ecdh.c).
    Process-wide; meant for tests and for measuring the difference."""
    if not isinstance(method, str) or method not in KOBLITZ_METHODS:
        raise ECEduError(f"method must be one of {KOBLITZ_METHODS}, not {method!r}")
    check(lib().ecedu_set_koblitz_method(library.constant("ECEDU_KOBLITZ_" + method.upper())))


def koblitz_uses_tnaf(curve: str) -> bool:
    """True if k·P on the binary curve ``curve`` runs the τ-adic method now, False if the ladder:
    the test the C library itself branches on (protocol/ecdh.c), for the tests that compare the
    two methods through :func:`koblitz_method`.  ECEduError for a curve that is not binary."""
    c = library.curve_params(curve)
    rc = lib().ecedu_koblitz_uses_tnaf(c.index)
    if rc < 0:
        raise ECEduError(f"{curve} is not a binary curve")
    return bool(rc)


def using_pclmul() -> bool:
    """True if a PCLMULQDQ level (pclmul, avx, avx2 or avx512) is the one in use."""
    return bool(lib().ecedu_using_pclmul())


def _level_name(level: int) -> str:
    return library.names_with_prefix("ECEDU_IMPL_")[level]


def force_implementation(name: str | None) -> None:
    """Use the field arithmetic ``name`` ('portable', 'pclmul', 'avx', 'avx2' or 'avx512'; 'vpclmul'
    is an alias of 'avx512') in every field, or the default (None: the best level the
    CPU has, in every field; cpu.c has the measurements behind that rule).  Raises ECEduError (a ValueError)
    for an unknown name and RuntimeError if this CPU cannot run it (see
    :func:`available_implementations`).  Process-wide, for tests and benchmarks."""
    if name is None:
        level = -1
    else:
        canonical = IMPLEMENTATION_ALIASES.get(name, name) if isinstance(name, str) else None
        if canonical not in IMPLEMENTATIONS:
            raise ECEduError(
                f"implementation must be one of {IMPLEMENTATIONS} "
                f"(or an alias {tuple(IMPLEMENTATION_ALIASES)}) or None"
            )
        level = library.constant("ECEDU_IMPL_" + canonical.upper())
    if lib().ecedu_force_implementation(level) != 0:
        raise RuntimeError(
            f"this CPU cannot run the {name!r} implementation (available: {available_implementations()})"
        )


def available_implementations() -> tuple:
    """The implementations this CPU (and OS) can run, lowest first."""
    return tuple(_level_name(i) for i in range(lib().ecedu_best_implementation() + 1))


def implementation() -> str:
    """'avx512', 'avx2', 'avx', 'pclmul' or 'portable': the forced level, else the best the CPU
    has; every binary field uses it (:func:`field_implementation`)."""
    return _level_name(lib().ecedu_implementation())


def field_implementation(m: int) -> str:
    """The implementation GF(2^m) uses now."""
    level = lib().ecedu_field_implementation(library.field_degree(m))
    if level < 0:
        raise UnknownCurveError(f"unsupported field degree {m}")
    return _level_name(level)


# ------------------------------------------------------------------ fields


def _field_op(m: int, op: str, a, b=None) -> int:
    m = library.field_degree(m)
    ab = library.field_bytes(m, a, "a")
    bb = library.field_bytes(m, b, "b") if b is not None else None
    n = (m + 7) // 8
    out = (ctypes.c_uint8 * n)()
    check(lib().ecedu_field_op(m, library.constant("ECEDU_FIELD_" + op), ab, bb, out, n), f"GF(2^{m})")
    return int.from_bytes(bytes(out), "big")


def field_mul(m: int, a: int, b: int) -> int:
    """a * b in GF(2^m)."""
    return _field_op(m, "MUL", a, b)


def field_sqr(m: int, a: int) -> int:
    """a^2 in GF(2^m)."""
    return _field_op(m, "SQR", a)


def field_inv(m: int, a: int) -> int:
    """a^-1 in GF(2^m) (Itoh-Tsujii, constant time: the long runs of squarings as one
    bit-matrix product each); raises ECEduError for a = 0."""
    return _field_op(m, "INV", a)


def field_inv_vartime(m: int, a: int) -> int:
    """a^-1 like :func:`field_inv`, by the variable-time inversion the C code
    uses for public values only (multi-squaring tables); raises for a = 0."""
    return _field_op(m, "INV_VARTIME", a)


def field_sqrt(m: int, a: int) -> int:
    """The square root of a in GF(2^m) (a^(2^(m-1)))."""
    return _field_op(m, "SQRT", a)


def field_half_trace(m: int, a: int) -> int:
    """The half-trace H(a) (m odd): a solution z of z^2 + z = a when Tr(a) = 0."""
    return _field_op(m, "HALF_TRACE", a)


def field_trace(m: int, a: int) -> int:
    """The trace Tr(a) in {0, 1}."""
    return _field_op(m, "TRACE", a)


def _words_array(X, what: str):
    """*X* as a C-contiguous uint64 array, refusing what is not words: a float, a negative or too
    large value, a ragged or non-numeric sequence (numpy would truncate 1.5 to 1 in silence)."""
    import numpy as np

    try:  # a numpy array as it is; anything else element by element (numpy would make 2^64 - 1 a float)
        X = X if isinstance(X, np.ndarray) else np.array(X, dtype=object)
    except (ValueError, TypeError) as e:
        raise EncodingError(f"{what} must be an array of 64-bit words: {e}") from None
    if X.dtype.kind == "O":  # Python objects: each must be an int word
        if not all(type(v) is int and 0 <= v < 1 << 64 for v in X.flat):
            raise EncodingError(f"{what} must hold 64-bit words, ints in [0, 2^64)")
    elif X.dtype.kind not in "ui":
        raise EncodingError(f"{what} must hold ints (64-bit words), not {X.dtype}")
    elif X.dtype.kind == "i" and (X < 0).any():
        raise EncodingError(f"{what} must hold 64-bit words, ints in [0, 2^64), not negative ones")
    return np.ascontiguousarray(X, dtype=np.uint64)


def field_mul_batch(m: int, A, B):
    """C[i] = A[i] * B[i] in GF(2^m) for numpy uint64 arrays of shape (count, nw)."""
    import numpy as np

    m = library.field_degree(m)
    nw = (m + 63) // 64
    A, B = _words_array(A, "A"), _words_array(B, "B")
    if A.ndim != 2 or A.shape[1] != nw or A.shape != B.shape:
        raise EncodingError(f"A and B must have the same shape (count, {nw})")
    C = np.empty_like(A)
    u64p = ctypes.POINTER(ctypes.c_uint64)
    check(
        lib().ecedu_field_mul_batch(
            m, A.ctypes.data_as(u64p), B.ctypes.data_as(u64p), C.ctypes.data_as(u64p), A.shape[0]
        ),
        f"GF(2^{m}) batch",
    )
    return C


# ------------------------------------------------------------------ points and ECDH


def _point_out(c: library.CurveParams):
    return c.coord_buffer(), c.coord_buffer()


def _point(ox, oy) -> tuple[int, int]:
    return int.from_bytes(bytes(ox), "big"), int.from_bytes(bytes(oy), "big")


def validate_point(curve: str, x: int, y: int) -> None:
    """Raise InvalidPointError unless (x, y) is a point of order n on the curve."""
    c = library.curve_params(curve)
    xb, yb = library.coord_bytes(c.m, x, "x"), library.coord_bytes(c.m, y, "y")
    check(lib().ecedu_validate_point(c.index, xb, yb, c.flen), curve)


def decode_point(curve: str, data: bytes) -> tuple[int, int]:
    """The validated point of a SEC 1 encoding (04 uncompressed, 02/03 compressed)."""
    c = library.curve_params(curve)
    data = library.bytes_arg(data, "point encoding")
    ox, oy = _point_out(c)
    check(lib().ecedu_decode_point(c.index, data, len(data), ox, oy), curve)
    return _point(ox, oy)


def scalar_mult(curve: str, k: int, x: int, y: int) -> tuple[int, int]:
    """k * (x, y) after validating the point (constant time in k)."""
    c = library.curve_params(curve)
    xb, yb = library.coord_bytes(c.m, x, "x"), library.coord_bytes(c.m, y, "y")
    kb = library.scalar_bytes(c.nbits, k)
    ox, oy = _point_out(c)
    check(lib().ecedu_scalar_mult(c.index, kb, len(kb), xb, yb, c.flen, ox, oy), curve)
    return _point(ox, oy)


def scalar_mult_base(curve: str, k: int) -> tuple[int, int]:
    """k * G (constant-time fixed-base comb)."""
    c = library.curve_params(curve)
    kb = library.scalar_bytes(c.nbits, k)
    ox, oy = _point_out(c)
    check(lib().ecedu_scalar_mult_base(c.index, kb, len(kb), ox, oy, c.flen), curve)
    return _point(ox, oy)


def ecdh(curve: str, d: int, peer_point_sec1: bytes) -> bytes:
    """Shared secret x(d * Q) as (m+7)//8 big-endian bytes (what OpenSSL derives)."""
    c = library.curve_params(curve)
    peer = peer_point_sec1 if type(peer_point_sec1) is bytes else library.bytes_arg(peer_point_sec1, _PEER)
    kb = library.scalar_bytes(c.nbits, d)
    out = c.coord_buffer()
    rc = lib().ecedu_ecdh(c.index, kb, len(kb), peer, len(peer), out, c.flen)
    if rc:
        check(rc, curve)
    return bytes(out)


_PEER = "peer public key (SEC 1 encoding)"


def ecdh_batch(curve: str, ds, peers) -> list[bytes]:
    """Many ECDH in one C call; all peers must have the same encoding length.
    Raises on the first failing index (message names it)."""
    c = library.curve_params(curve)
    try:
        ds, peers = list(ds), list(peers)
    except TypeError:
        raise EncodingError("ds and peers must be sequences (private keys, peer encodings)") from None
    peers = [library.bytes_arg(p, f"peer {i}") for i, p in enumerate(peers)]
    if len(ds) != len(peers):
        raise EncodingError("ds and peers must have the same length")
    if not ds:
        return []
    plen = len(peers[0])
    if any(len(p) != plen for p in peers):
        raise EncodingError("all peer encodings must have the same length")
    kb = b"".join(library.scalar_bytes(c.nbits, d) for d in ds)
    out = (ctypes.c_uint8 * (c.flen * len(ds)))()
    rcs = (ctypes.c_int32 * len(ds))()
    rc = lib().ecedu_ecdh_batch(c.index, len(ds), kb, c.nlen, b"".join(peers), plen, out, c.flen, rcs)
    for i, rc_i in enumerate(rcs):
        check(rc_i, f"{curve} (batch index {i})")
    check(rc, f"{curve} (batch)")  # the call's own code: nothing may pass for success unread
    raw = bytes(out)
    return [raw[i * c.flen : (i + 1) * c.flen] for i in range(len(ds))]


# ------------------------------------------------------------------ benchmarks
# C-side timing loops: the process CPU seconds for all iterations (as `openssl speed`).


def bench_field_mul(m: int, iterations: int) -> float:
    """Dependent chain r = r * a in GF(2^m)."""
    return library.bench_result(
        lib().ecedu_bench_field_mul(library.field_degree(m), library.iterations_arg(iterations))
    )


def bench_field_sqr(m: int, iterations: int) -> float:
    return library.bench_result(
        lib().ecedu_bench_field_sqr(library.field_degree(m), library.iterations_arg(iterations))
    )


def bench_field_inv(m: int, iterations: int) -> float:
    return library.bench_result(
        lib().ecedu_bench_field_inv(library.field_degree(m), library.iterations_arg(iterations))
    )


def _bench_curve(fn, curve: str, iterations: int) -> float:
    return library.bench_result(fn(library.curve_params(curve).index, library.iterations_arg(iterations)))


def bench_ecdh(curve: str, iterations: int) -> float:
    """Full ECDH including the decoding and validation of the peer point."""
    return _bench_curve(lib().ecedu_bench_ecdh, curve, iterations)


def bench_scalar_mult_base(curve: str, iterations: int) -> float:
    return _bench_curve(lib().ecedu_bench_scalar_mult_base, curve, iterations)


def bench_ecdsa_sign(curve: str, iterations: int) -> float:
    """Signatures of a fixed 32-byte digest."""
    return _bench_curve(lib().ecedu_bench_ecdsa_sign, curve, iterations)


def bench_ecdsa_verify(curve: str, iterations: int) -> float:
    """Verifications of one valid signature."""
    return _bench_curve(lib().ecedu_bench_ecdsa_verify, curve, iterations)


# --- fast fields: curve level, the generic field against a specialised one ---
def bench_prime_curve(curve: str, field: str, op: str, iterations: int) -> float:
    """Time ``op`` ('mul': k Q, 'mul_base': k G, 'mul_joint': u1 G + u2 Q) on a prime curve over
    ``field``: 'generic' (the CIOS field; every curve) or 'specialised' (the field the curve's
    instance has at the current prime-field level: the folds of secp160r1, secp192r1 and secp384r1
    (IFMA limbs at the ifma level), secp256r1 by p's words, secp521r1 unsaturated (IFMA limbs at
    the ifma level), secp224r1 unsaturated at the portable level and its fold at the MULX and
    ifma levels), or 'unsaturated' (unsaturated limbs with delayed carries, the representation of
    OpenSSL's ec_nistp_64_gcc_128: P-224 in 4 x 56 bits, P-256 in 4 x 64 in 128-bit words, P-521
    in 9 x 58; those three curves only).  One of them is the curve's instance, the others copies
    for this comparison; the C side first checks that the copy gives the instance's point.
    ECEduError if not, if the curve has no such field (no specialised one on secp256k1, the
    other k1 curves, Brainpool; no unsaturated one but on P-224, P-256, P-521), or on bad
    arguments."""
    fields = library.names_with_prefix("ECEDU_PCURVE_FIELD_")
    ops = library.names_with_prefix("ECEDU_PCURVE_BENCH_")
    choice(field, fields, "field")
    choice(op, ops, "op")
    return library.bench_result(
        lib().ecedu_bench_prime_curve(
            library.curve_params(curve).index,
            library.constant("ECEDU_PCURVE_FIELD_" + field.upper()),
            library.constant("ECEDU_PCURVE_BENCH_" + op.upper()),
            library.iterations_arg(iterations),
        )
    )
