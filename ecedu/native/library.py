"""Loading libecedu_native: the ctypes signatures, the shared constants, and the input checks.

This is the one module that talks to ``ctypes`` about the library itself.  The public
functions live in :mod:`ecedu.native` (fields, points, ECDH, benchmarks) and
:mod:`ecedu.native.ecdsa_bridge` (ECDSA); both use what is defined here.

One source of truth for every constant shared with C: the values of the error codes,
operation codes, CPU feature bits, implementation levels and Koblitz methods are read
from the loaded library (``ecedu_constant_at``, src/constants.c), never copied; the curve
list is that of :mod:`ecedu.curves.sec2`, from which tools/gen_curves.py generates the C
table (tests/native/test_native_layout.py checks that library and registry agree).

Environment: ``ECEDU_NATIVE_LIB=/path/to/lib.so`` loads another build (e.g. the ASan one).
"""

from __future__ import annotations

import ctypes
import os
from dataclasses import dataclass
from pathlib import Path

from ecedu._bytes import as_bytes
from ecedu.curves.registry import ALIASES
from ecedu.curves.sec2 import BINARY_CURVES, NATIVE_PRIME_CURVES
from ecedu.errors import (
    BackendUnavailableError,
    ECEduError,
    EncodingError,
    InvalidPointError,
    InvalidScalarError,
    UnknownCurveError,
)

#: The 14 SEC 2 binary curves the kernels cover, in the order of the C table.
CURVES: tuple[str, ...] = tuple(BINARY_CURVES)
#: The prime curves of src/curve/prime/, indexed after the binary ones in the C table.
PRIME_CURVES: tuple[str, ...] = tuple(NATIVE_PRIME_CURVES)
#: Every curve the kernels cover.
ALL_CURVES: tuple[str, ...] = CURVES + PRIME_CURVES
#: Their field degrees m.
FIELD_DEGREES: tuple[int, ...] = tuple(sorted({poly[0] for poly, *_ in BINARY_CURVES.values()}))

LIB_NAME = "libecedu_native.so"
DEFAULT_PATH = Path(__file__).resolve().parent / LIB_NAME

_u8p = ctypes.POINTER(ctypes.c_uint8)
_u64p = ctypes.POINTER(ctypes.c_uint64)
_i32p = ctypes.POINTER(ctypes.c_int32)
_intp = ctypes.POINTER(ctypes.c_int)
_sz = ctypes.c_size_t
_int = ctypes.c_int
_cp = ctypes.c_char_p
_dbl = ctypes.c_double
_long = ctypes.c_long

#: ecedu_key_shapes (src/ecedu_native.h): the public-key shapes of one curve, for ecedu_ecdh_key.
#: A ctypes structure needs its layout before the library loads, so this mirror is the one
#: place the C layout is written twice: tests/native/test_native_layout.py checks it against
#: the library's ECEDU_SPKI_PREFIX_MAX and sizeof (ECEDU_KEY_SHAPES_BYTES).
SPKI_PREFIX_MAX = 48


class KeyShapes(ctypes.Structure):
    _fields_ = [
        ("ci", ctypes.c_int32),
        ("nlen", ctypes.c_uint32),
        ("flen", ctypes.c_uint32),
        ("point_len", ctypes.c_uint32 * 2),
        ("spki_len", ctypes.c_uint32 * 2),
        ("spki_prefix_len", ctypes.c_uint32 * 2),
        ("spki_prefix", (ctypes.c_uint8 * SPKI_PREFIX_MAX) * 2),
    ]


#: Every exported function (src/ecedu_native.h): name -> (restype, argtypes).
SIGNATURES = {
    "ecedu_constant_at": (_int, [_int, ctypes.POINTER(_cp), _intp]),
    "ecedu_cpu_features": (_int, []),
    "ecedu_force_portable": (None, [_int]),
    "ecedu_force_implementation": (_int, [_int]),
    "ecedu_implementation_named": (_int, [_cp]),
    "ecedu_implementation": (_int, []),
    "ecedu_best_implementation": (_int, []),
    "ecedu_using_pclmul": (_int, []),
    "ecedu_field_implementation": (_int, [_int]),
    "ecedu_curve_count": (_int, []),
    "ecedu_curve_name": (_cp, [_int]),
    "ecedu_curve_index": (_int, [_cp, _sz]),
    "ecedu_curve_info": (_int, [_int, _intp, _intp, _intp, _intp]),
    "ecedu_field_op": (_int, [_int, _int, _cp, _cp, _u8p, _sz]),
    "ecedu_field_mul_batch": (_int, [_int, _u64p, _u64p, _u64p, _sz]),
    "ecedu_validate_point": (_int, [_int, _cp, _cp, _sz]),
    "ecedu_decode_point": (_int, [_int, _cp, _sz, _u8p, _u8p]),
    "ecedu_scalar_mult": (_int, [_int, _cp, _sz, _cp, _cp, _sz, _u8p, _u8p]),
    "ecedu_set_koblitz_method": (_int, [_int]),
    "ecedu_koblitz_uses_tnaf": (_int, [_int]),
    "ecedu_scalar_mult_base": (_int, [_int, _cp, _sz, _u8p, _u8p, _sz]),
    "ecedu_ecdh": (_int, [_int, _cp, _sz, _cp, _sz, _u8p, _sz]),
    "ecedu_ecdh_batch": (_int, [_int, _sz, _cp, _sz, _cp, _sz, _u8p, _sz, _i32p]),
    "ecedu_ecdh_key": (_int, [ctypes.POINTER(KeyShapes), _cp, _cp, _sz, _u8p]),
    "ecedu_ecdsa_sign": (_int, [_int, _cp, _sz, _cp, _sz, _u8p, _u8p, _sz]),
    "ecedu_ecdsa_sign_with_k": (_int, [_int, _cp, _sz, _cp, _sz, _cp, _sz, _u8p, _u8p, _sz]),
    "ecedu_ecdsa_verify_vartime": (_int, [_int, _cp, _cp, _sz, _cp, _sz, _cp, _cp, _sz]),
    "ecedu_ecdsa_modn_op": (_int, [_int, _int, _cp, _cp, _u8p, _sz]),
    "ecedu_sha256": (_int, [_cp, _sz, _u8p]),
    "ecedu_hmac_sha256": (_int, [_cp, _sz, _cp, _sz, _u8p]),
    "ecedu_prime_mul": (_int, [_int, _int, _cp, _sz, _cp, _cp, _u8p]),
    "ecedu_prime_point_op": (_int, [_int, _int, _cp, _cp, _u8p, _sz]),
    # glv: the test hook of curve/prime/glv.tmpl.h
    "ecedu_prime_glv_op": (_int, [_int, _int, _cp, _cp, _sz, _cp, _sz, _u8p, _sz]),
    "ecedu_modexp": (_int, [_int, _cp, _sz, _cp, _sz, _cp, _sz, _u8p]),
    "ecedu_modexp_crt": (_int, [_int] + [_cp, _sz] * 6 + [_u8p, _sz]),
    # issue 13: the fixed-size prime fields
    "ecedu_prime_field_at": (
        _int,
        [
            _int,
            _intp,
            ctypes.POINTER(_cp),
            ctypes.POINTER(ctypes.POINTER(ctypes.c_uint8)),
            ctypes.POINTER(_sz),
            _intp,
        ],
    ),
    "ecedu_force_prime_implementation": (_int, [_int]),
    "ecedu_prime_implementation_named": (_int, [_cp]),
    "ecedu_prime_implementation": (_int, []),
    "ecedu_best_prime_implementation": (_int, []),
    "ecedu_bench_prime_variant_mul": (_dbl, [_int, _int, _cp, _sz, _long]),
    "ecedu_bench_prime_cycles": (_int, [_int, _int, _cp, _sz, _long, _u64p, _intp]),
    "ecedu_bench_field_mul": (_dbl, [_int, _long]),
    "ecedu_bench_field_sqr": (_dbl, [_int, _long]),
    "ecedu_bench_field_inv": (_dbl, [_int, _long]),
    "ecedu_bench_ecdh": (_dbl, [_int, _long]),
    "ecedu_bench_scalar_mult_base": (_dbl, [_int, _long]),
    "ecedu_bench_ecdsa_sign": (_dbl, [_int, _long]),
    "ecedu_bench_ecdsa_verify": (_dbl, [_int, _long]),
    "ecedu_bench_scalar_mult_cycles": (_int, [_int, _cp, _sz, _sz, _u64p]),
    # dudect: one secret path per call (bench.c)
    "ecedu_bench_dudect_cycles": (_int, [_int, _int, _cp, _sz, _sz, _u64p]),
    "ecedu_bench_cycles": (_int, [_int, _int, _long, _u64p, _intp]),
    "ecedu_tsc_per_core_cycle": (_dbl, []),
    "ecedu_tsc_now": (ctypes.c_uint64, []),
    "ecedu_bench_prime_mul": (_dbl, [_int, _cp, _sz, _long]),
    "ecedu_bench_prime_sqr": (_dbl, [_int, _cp, _sz, _long]),
    "ecedu_bench_modexp_crt": (_dbl, [_int] + [_cp, _sz] * 6 + [_long]),
    # fast fields: a prime curve over its own field or the generic one (bench.c)
    "ecedu_bench_prime_curve": (_dbl, [_int, _int, _int, _long]),
    # X25519 (protocol/x25519.c, field/gfp/fe25519.c)
    "ecedu_x25519": (_int, [_cp, _sz, _cp, _sz, _u8p, _sz]),
    "ecedu_x25519_base": (_int, [_cp, _sz, _u8p, _sz]),
    "ecedu_fe25519_op": (_int, [_int, _cp, _cp, _u8p, _sz]),
    "ecedu_bench_x25519": (_dbl, [_long]),
    # issue 15: the public ecdsa.verify in one call (a SEC 1 key, r and s as DER contents)
    "ecedu_ecdsa_verify_sec1_vartime": (_int, [_int, _cp, _sz, _cp, _sz, _cp, _sz, _cp, _sz]),
    # and the same with the signature in DER, written and read in C (protocol/sig_der.c)
    "ecedu_ecdsa_sign_der": (_int, [_int, _cp, _sz, _cp, _sz, _u8p, _sz]),
    "ecedu_ecdsa_verify_der_vartime": (_int, [_int, _cp, _sz, _cp, _sz, _cp, _sz]),
    "ecedu_ecdsa_verify_key_vartime": (_int, [ctypes.POINTER(KeyShapes), _cp, _sz, _cp, _sz, _cp, _sz, _int]),
}

#: The exception and message of each C error code, by the code's name in ecedu_native.h.
ERRORS = {
    "ECEDU_ERR_CURVE": (UnknownCurveError, "unknown curve or field degree"),
    "ECEDU_ERR_LENGTH": (EncodingError, "wrong length or encoding"),
    "ECEDU_ERR_POINT": (
        InvalidPointError,
        "point is not on the curve, is infinity, or is not in the subgroup of order n",
    ),
    "ECEDU_ERR_SCALAR": (InvalidScalarError, "scalar is not in [1, n-1]"),
    "ECEDU_ERR_RANGE": (ECEduError, "field element out of range (must be < 2^m; inverse of 0 undefined)"),
    "ECEDU_ERR_INTERNAL": (ECEduError, "internal error in the native library"),
    "ECEDU_ERR_RETRY": (ECEduError, "r = 0 or s = 0 for this nonce; take the next one"),
    "ECEDU_ERR_ARGUMENT": (ECEduError, "unknown operation code or method"),
    "ECEDU_ERR_MODULUS": (ECEduError, "the modulus must be odd, at least 3 and at most 4096 bits"),
    "ECEDU_ERR_ALL_ZERO": (
        InvalidPointError,
        "the shared secret is all zero: the peer's public key is a point of small order (RFC 7748 §6.1)",
    ),
}

_LIB: ctypes.CDLL | None = None
_LOAD_ERROR: str | None = None
#: name -> value of every constant in src/constants.c (empty if the library is not loaded).
CONSTANTS: dict[str, int] = {}
_ERROR_BY_CODE: dict[int, tuple[type, str]] = {}
_CURVE_PARAMS: dict[str, CurveParams] = {}  # what the loaded library says of each curve
#: Called (no arguments) at every load(): caches built on the previous library drop it
#: (ecedu.native.fastpath registers one).
ON_LOAD: list = []


def _read_constants(lib) -> dict[str, int]:
    out, i = {}, 0
    name, value = _cp(), _int()
    while lib.ecedu_constant_at(i, ctypes.byref(name), ctypes.byref(value)) == 0:
        out[name.value.decode()] = value.value
        i += 1
    return out


def load(path: str | os.PathLike | None = None) -> None:
    """(Re)load the library: ``path``, else $ECEDU_NATIVE_LIB, else the one next to this file."""
    global _LIB, _LOAD_ERROR, CONSTANTS, _ERROR_BY_CODE
    path = str(path or os.environ.get("ECEDU_NATIVE_LIB") or DEFAULT_PATH)
    _CURVE_PARAMS.clear()
    for hook in ON_LOAD:
        hook()
    try:
        lib = ctypes.CDLL(path)
        for name, (res, args) in SIGNATURES.items():
            fn = getattr(lib, name)
            fn.restype = res
            fn.argtypes = args
        constants = _read_constants(lib)
    except (OSError, AttributeError) as e:
        _LIB, _LOAD_ERROR, CONSTANTS, _ERROR_BY_CODE = (
            None,
            (
                f"native library not available ({e}); build it with `pip install -e .` "
                "or `python -m ecedu.native.build` (needs a C compiler)"
            ),
            {},
            {},
        )
        return
    wrong = _wrong_level_variable(lib, constants)
    if wrong:
        _LIB, _LOAD_ERROR, CONSTANTS, _ERROR_BY_CODE = None, wrong, {}, {}
        raise ECEduError(wrong)
    _LIB, _LOAD_ERROR, CONSTANTS = lib, None, constants
    _ERROR_BY_CODE = {constants[name]: pair for name, pair in ERRORS.items() if name in constants}


#: The variables that force a level at load time: (variable, the C function that knows its names,
#: the prefix of the levels' constants).  The C library ignores a name it does not know (it has no
#: way to report it), which would let a typo (ECEDU_PRIME_IMPL=mulz) measure the best level while
#: the user believes it forced another: the loader refuses it instead.
LEVEL_VARIABLES = (
    ("ECEDU_NATIVE_IMPL", "ecedu_implementation_named", "ECEDU_IMPL_"),
    ("ECEDU_PRIME_IMPL", "ecedu_prime_implementation_named", "ECEDU_GFP_IMPL_"),
)


def _wrong_level_variable(lib, constants: dict[str, int]) -> str | None:
    """The message for a level variable set to a name the library does not know, or None."""
    for variable, named, prefix in LEVEL_VARIABLES:
        value = os.environ.get(variable)
        if value and getattr(lib, named)(value.encode()) < 0:
            levels = _suffixes(constants, prefix)
            return f"{variable}={value!r} is not a level; use one of {', '.join(levels)} (or unset it)"
    return None


def lib() -> ctypes.CDLL:
    """The loaded library; raises BackendUnavailableError if there is none."""
    if _LIB is None:
        raise BackendUnavailableError(_LOAD_ERROR or "native library not available")
    return _LIB


def loaded() -> bool:
    return _LIB is not None


def load_error() -> str | None:
    return _LOAD_ERROR


def library_path() -> str | None:
    return None if _LIB is None else _LIB._name


def constant(name: str) -> int:
    """The value of the constant ``name`` of ecedu_native.h, as the loaded library has it."""
    lib()
    return CONSTANTS[name]


def names_with_prefix(prefix: str) -> tuple[str, ...]:
    """The lower-case suffixes of the constants ``prefix*``, ordered by value."""
    lib()
    return _suffixes(CONSTANTS, prefix)


def _suffixes(constants: dict[str, int], prefix: str) -> tuple[str, ...]:
    items = sorted((v, k) for k, v in constants.items() if k.startswith(prefix))
    return tuple(k[len(prefix) :].lower() for _, k in items)


def check(rc: int, what: str = "") -> None:
    """Raise the ECEduError of the C return code rc (nothing for ECEDU_OK)."""
    if rc != 0:
        cls, msg = _ERROR_BY_CODE.get(rc, (ECEduError, f"native error {rc}"))
        raise cls(f"{what}: {msg}" if what else msg)


# ------------------------------------------------------------------ inputs


@dataclass(frozen=True)
class CurveParams:
    """What the bridges need of one native curve: its index in the C table and sizes (for a
    prime curve ``m`` is bits(p), ``h`` is 1)."""

    index: int
    m: int
    nbits: int
    h: int
    koblitz: bool
    flen: int = 0  # bytes of a field element / coordinate, (m + 7) // 8
    nlen: int = 0  # bytes of a scalar mod n, (nbits + 7) // 8
    coord_buffer: type = ctypes.c_uint8  # ctypes.c_uint8 * flen: an output buffer for one coordinate

    def __post_init__(self):
        # Derived once here, not per call: every operation reads them on its hot path.
        object.__setattr__(self, "flen", (self.m + 7) // 8)
        object.__setattr__(self, "nlen", (self.nbits + 7) // 8)
        object.__setattr__(self, "coord_buffer", ctypes.c_uint8 * self.flen)


#: alias -> native curve name, exactly as the registry writes them (ecedu.curves.ALIASES)
_EXACT_ALIASES = {alias: name for name, aliases in ALIASES.items() if name in ALL_CURVES for alias in aliases}


def curve_params(name) -> CurveParams:
    """The native curve called ``name``: its SEC 2 or RFC 5639 name such as 'sect163k1' or 'secp256r1',
    or one of the registry's aliases ('K-163', 'P-256', 'prime256v1'), each exactly as written (no
    case folding, no stripped spaces: ecedu.get_curve is the lenient reader); asked of the library
    once per name and loaded library, then remembered (every operation needs it)."""
    found = _CURVE_PARAMS.get(name) if isinstance(name, str) else None
    if found is not None and _LIB is not None:
        return found
    if not isinstance(name, str):
        raise UnknownCurveError(f"curve name must be a str, not {type(name).__name__}")
    if name not in ALL_CURVES:
        canonical = _EXACT_ALIASES.get(name)  # an alias: the canonical name's parameters, under both
        if canonical is not None:
            found = _CURVE_PARAMS[name] = curve_params(canonical)
            return found
        shown = name if len(name) <= 40 else name[:40] + "…"
        raise UnknownCurveError(f"native backend has no curve {shown!r}; it supports {', '.join(ALL_CURVES)}")
    raw = name.encode("ascii")
    ci = lib().ecedu_curve_index(raw, len(raw))
    if ci < 0:
        raise UnknownCurveError(f"the loaded native library has no curve {name!r}")
    m, nb, h, kob = _int(), _int(), _int(), _int()
    check(lib().ecedu_curve_info(ci, ctypes.byref(m), ctypes.byref(nb), ctypes.byref(h), ctypes.byref(kob)))
    found = _CURVE_PARAMS[name] = CurveParams(ci, m.value, nb.value, h.value, bool(kob.value))
    return found


def field_degree(m) -> int:
    if not isinstance(m, int) or isinstance(m, bool):
        raise UnknownCurveError(f"the field degree m must be an int, not {type(m).__name__}")
    if m not in FIELD_DEGREES:
        raise UnknownCurveError(f"no native field GF(2^{m}); supported m: {FIELD_DEGREES}")
    return m


def _element_bytes(m: int, v, what: str, out_of_range: type, detail: str) -> bytes:
    if not isinstance(v, int) or isinstance(v, bool):
        raise EncodingError(f"{what} must be an int")
    if v < 0 or v >> m:
        raise out_of_range(f"{what} is not an element of GF(2^{m}){detail}")
    return v.to_bytes((m + 7) // 8, "big")


def field_bytes(m: int, v, what: str) -> bytes:
    """A field element of GF(2^m) as (m+7)//8 big-endian bytes."""
    return _element_bytes(m, v, what, ECEduError, f" (must be 0 <= v < 2^{m})")


def coord_bytes(m: int, v, what: str) -> bytes:
    """A point coordinate (an element of GF(2^m), or of GF(p) with m = bits(p): the C side checks
    < p) as (m+7)//8 big-endian bytes; out of range, the point is invalid."""
    return _element_bytes(m, v, what, InvalidPointError, "")


def scalar_bytes(nbits: int, k, what: str = "scalar") -> bytes:
    """A scalar of at most nbits bits as (nbits+7)//8 bytes; the C side checks 1 <= k < n."""
    if not isinstance(k, int) or isinstance(k, bool):
        raise InvalidScalarError(f"{what} must be an int")
    if k <= 0 or k.bit_length() > nbits:
        raise InvalidScalarError(f"{what} is not in [1, n-1]")
    return k.to_bytes((nbits + 7) // 8, "big")


def bytes_arg(v, what: str) -> bytes:
    """bytes, bytearray or memoryview -> bytes; anything else (or a released memoryview) an
    EncodingError (ecedu._bytes.as_bytes, the check of the public functions)."""
    return as_bytes(v, what)


def iterations_arg(iterations) -> int:
    """A benchmark's iteration count: an int in [0, 2^62] (the C loops count in a long)."""
    if not isinstance(iterations, int) or isinstance(iterations, bool) or not 0 <= iterations <= 1 << 62:
        raise ECEduError(f"iterations must be an int in [0, 2^62], not {iterations!r:.40}")
    return iterations


def bench_result(t: float) -> float:
    if t < 0:
        raise ECEduError("benchmark failed (bad arguments)")
    return t


load()
