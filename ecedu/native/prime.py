"""The prime-field and modular-exponentiation functions of the native library (src/field/gfp/).

Multi-precision Montgomery multiplication (CIOS) written once in C and compiled at two limb
widths -- 32-bit limbs with 64-bit products and 64-bit limbs with 128-bit products -- so that
one call times the same algorithm at either width (the NetBSD PR lib/28935 experiment)::

    prime_mul(p, a, b, *, variant="montgomery", limb_bits=64) -> a*b mod p
    prime_fields() -> {variant: {field name: p}}   the fixed-size variants' primes
    force_prime_implementation(name) / prime_implementation()   'portable', 'mulx' or 'ifma'
    modexp(base, exponent, modulus, *, limb_bits=64)          -> pow(base, exponent, modulus)
    rsa_private_crt(c, p, q, dp, dq, qinv, *, limb_bits=64)   -> c^d mod p*q by the CRT
    bench_prime_mul(modulus, limb_bits, iterations) -> CPU seconds (dependent chain)
    bench_prime_sqr(modulus, limb_bits, iterations) -> CPU seconds (chain of squarings)
    bench_modexp_crt(key, c, limb_bits, iterations)  -> CPU seconds
    bench_modulus(bits) -> a fixed odd modulus of exactly ``bits`` bits
    bench_prime_variant_mul(variant, p, limb_bits, iterations) -> CPU seconds
    prime_mul_cycles(variant, p, limb_bits, runs) -> TSC ticks per multiplication, per sample

The other variants are fixed-size implementations of the NIST primes (issue 13), 64-bit
limbs only: ``"solinas"`` (P-192, P-224, P-256, P-384 by the Solinas reduction of FIPS
186-4 D.2, P-521 by the Mersenne reduction), ``"p256_montgomery"`` (P-256, a Montgomery
multiplication using p's word structure, Gueron--Krasnov) and ``"unsaturated"`` (P-224 in
four 56-bit limbs, P-256 in four 64-bit limbs held in 128-bit words, P-521 in nine 58-bit
limbs: the ec_nistp_64_gcc_128 representation).
The P-256 Montgomery multiplication, and the 64-bit-limb Montgomery arithmetic under
``prime_mul(variant="montgomery")``, ``modexp`` and ``rsa_private_crt`` (MULX/ADCX/ADOX rows and
a dedicated squaring, src/field/gfp/mont_adx.h), have a MULX/ADX path chosen by CPUID; the prime
fields' level is apart from the binary fields' one: ``force_prime_implementation("portable")`` or
``ECEDU_PRIME_IMPL=portable`` in the environment at load time.  A third level, ``"ifma"`` (AVX-512
IFMA: AVX512F, AVX512VL, AVX512-IFMA and an OS that saves the zmm state), is the mulx code plus
the exponentiations on 52-bit digits in zmm registers (src/field/gfp/mont_ifma.h): ``modexp``
above 256 bits and both halves of ``rsa_private_crt``, side by side; ``force_prime_implementation
("mulx")`` turns it off.

``modexp`` and ``rsa_private_crt`` run in constant time in the exponent (and, for the CRT,
in all of p, q, dp, dq, qinv): fixed windows whose number depends on the exponent's
*length* only, which is padded to the modulus size.  The Python side converts ints to
bytes and checks ranges (Python's ints are not constant time; the C kernels are).

Bad input raises :class:`ecedu.errors.ECEduError` (or its subclass EncodingError for a
wrong type) saying what is wrong.
"""

from __future__ import annotations

import ctypes
import operator

from ecedu.errors import ECEduError, EncodingError

from . import library
from .library import check, lib

#: Every variant of the public contract of prime_mul (issue 13), built or not.
VARIANTS = ("montgomery", "solinas", "p256_montgomery", "unsaturated")
#: The limb widths of the Montgomery kernels.
LIMB_BITS = (32, 64)

__all__ = [
    "VARIANTS",
    "LIMB_BITS",
    "built_variants",
    "max_modulus_bits",
    "prime_mul",
    "modexp",
    "rsa_private_crt",
    "bench_prime_mul",
    "bench_prime_sqr",
    "bench_modexp_crt",
    "bench_modulus",
    "PRIME_IMPLEMENTATIONS",
    "prime_fields",
    "force_prime_implementation",
    "prime_implementation",
    "available_prime_implementations",
    "bench_prime_variant_mul",
    "prime_mul_cycles",
]


def built_variants() -> tuple[str, ...]:
    """The variants the loaded library has (its ECEDU_PRIME_* constants)."""
    return library.names_with_prefix("ECEDU_PRIME_")


def max_modulus_bits() -> int:
    """The largest modulus (and CRT prime), in bits."""
    return library.constant("ECEDU_GFP_MAX_MODULUS_BITS")


def _max_operand_bits() -> int:
    return 8 * library.constant("ECEDU_GFP_MAX_OPERAND_BYTES")


def _int(v, what: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise EncodingError(f"{what} must be an int, not {type(v).__name__}")
    return v


def _limb_bits(limb_bits) -> int:
    """32 or 64 as an int: any integer type (operator.index: numpy's too), not a bool, a float or a str."""
    try:
        w = operator.index(limb_bits)
    except TypeError:
        w = None
    if isinstance(limb_bits, bool) or w not in LIMB_BITS:
        raise ECEduError(f"limb_bits must be 32 or 64 (an int), not {limb_bits!r:.40}")
    return w


def _modulus(p, what: str = "modulus") -> bytes:
    """An odd modulus 3 <= p < 2^4096 as its minimal big-endian bytes."""
    p = _int(p, what)
    top = max_modulus_bits()
    if p < 3 or p % 2 == 0:
        raise ECEduError(f"{what} must be odd and at least 3 (Montgomery arithmetic needs an odd modulus)")
    if p.bit_length() > top:
        raise ECEduError(f"{what} has {p.bit_length()} bits; the native kernels go up to {top} bits")
    return p.to_bytes((p.bit_length() + 7) // 8, "big")


def _operand(v, what: str, below: int | None = None, below_name: str = "") -> int:
    v = _int(v, what)
    if v < 0:
        raise ECEduError(f"{what} must be non-negative")
    if below is not None and v >= below:
        raise ECEduError(f"{what} is not in [0, {below_name}) (it must be reduced mod {below_name})")
    if v.bit_length() > _max_operand_bits():
        raise ECEduError(f"{what} has {v.bit_length()} bits; at most {_max_operand_bits()} are accepted")
    return v


def _exponent_bytes(e: int, min_len: int) -> bytes:
    """e as big-endian bytes, padded to at least min_len: the C loop's length (public) is
    that of the modulus, not of the secret exponent's value."""
    return e.to_bytes(max(min_len, (e.bit_length() + 7) // 8), "big")


def _variant(variant) -> int:
    if not isinstance(variant, str):
        raise ECEduError(f"variant must be a str, not {type(variant).__name__}")
    built = built_variants()
    if variant in built:
        return library.constant("ECEDU_PRIME_" + variant.upper())
    if variant in VARIANTS:
        raise ECEduError(f"prime_mul variant {variant!r} is not built yet (built: {', '.join(built)})")
    raise ECEduError(f"unknown prime_mul variant {variant!r}; the variants are {', '.join(VARIANTS)}")


def prime_fields() -> dict[str, dict[str, int]]:
    """The primes each fixed-size variant covers, from the library's table:
    ``{"solinas": {"P-192": p, ...}, "p256_montgomery": {"P-256": p}, ...}``."""
    lib_ = lib()
    names = library.names_with_prefix("ECEDU_PRIME_")
    out: dict[str, dict[str, int]] = {}
    i = 0
    while True:
        var, mulx, plen = ctypes.c_int(), ctypes.c_int(), ctypes.c_size_t()
        name, pp = ctypes.c_char_p(), ctypes.POINTER(ctypes.c_uint8)()
        if lib_.ecedu_prime_field_at(
            i, ctypes.byref(var), ctypes.byref(name), ctypes.byref(pp), ctypes.byref(plen), ctypes.byref(mulx)
        ):
            return out
        out.setdefault(names[var.value], {})[name.value.decode()] = int.from_bytes(
            bytes(pp[: plen.value]), "big"
        )
        i += 1


def _fixed_field(variant: str, p: int, w: int) -> None:
    """The checks of a fixed-size variant: 64-bit limbs, a prime it covers."""
    covered = prime_fields().get(variant, {})
    if w != 64:
        raise ECEduError(f"prime_mul variant {variant!r} has 64-bit limbs only, not {w}")
    if p not in covered.values():
        raise ECEduError(
            f"prime_mul variant {variant!r} does not cover this p (it covers {', '.join(covered)}); "
            "use variant='montgomery' for any odd p"
        )


#: The prime fields' implementation levels, lowest first (ECEDU_GFP_IMPL_*).
PRIME_IMPLEMENTATIONS = ("portable", "mulx", "ifma")


def prime_implementation() -> str:
    """'ifma', 'mulx' or 'portable': the prime fields' level in force.  'ifma' is the MULX code
    except on the curves with IFMA copies (native.IFMA_CURVES: P-384, P-521) and in the 64-bit modular
    exponentiations."""
    return library.names_with_prefix("ECEDU_GFP_IMPL_")[lib().ecedu_prime_implementation()]


def available_prime_implementations() -> tuple:
    """The prime-field levels this CPU runs, lowest first ('mulx' needs BMI2 and ADX; 'ifma'
    those and AVX512F, AVX512VL, AVX512-IFMA with the zmm state saved by the OS)."""
    names = library.names_with_prefix("ECEDU_GFP_IMPL_")
    return names[: lib().ecedu_best_prime_implementation() + 1]


def force_prime_implementation(name: str | None) -> None:
    """Use the prime fields' ``name`` code ('portable', 'mulx' or 'ifma'), or the best the CPU has
    (None).  Process-wide, for tests and benchmarks; ECEduError (a ValueError) for an unknown name,
    RuntimeError if the CPU lacks it."""
    if name is None:
        level = -1
    elif isinstance(name, str) and name in PRIME_IMPLEMENTATIONS:
        level = library.constant("ECEDU_GFP_IMPL_" + name.upper())
    else:
        raise ECEduError(f"prime implementation must be one of {PRIME_IMPLEMENTATIONS} or None, not {name!r}")
    if lib().ecedu_force_prime_implementation(level) != 0:
        raise RuntimeError(
            f"this CPU cannot run the {name!r} prime-field code (available: {available_prime_implementations()})"
        )


def prime_mul(p: int, a: int, b: int, *, variant: str = "montgomery", limb_bits: int = 64) -> int:
    """a*b mod p in the ordinary representation, for 0 <= a, b < p and an odd p >= 3 of at
    most 4096 bits.  ``"montgomery"``: CIOS Montgomery multiplication at ``limb_bits``-bit
    limbs (the conversions into and out of Montgomery form are done inside).  ``"solinas"``,
    ``"p256_montgomery"``, ``"unsaturated"``: the fixed-size implementations of the NIST
    primes they cover (:func:`prime_fields`), 64-bit limbs."""
    code = _variant(variant)
    w = _limb_bits(limb_bits)
    pb = _modulus(p, "p")
    if variant != "montgomery":
        _fixed_field(variant, p, w)
    n = len(pb)
    a = _operand(a, "a", p, "p")
    b = _operand(b, "b", p, "p")
    out = (ctypes.c_uint8 * n)()
    check(lib().ecedu_prime_mul(code, w, pb, n, a.to_bytes(n, "big"), b.to_bytes(n, "big"), out), "prime_mul")
    return int.from_bytes(bytes(out), "big")


def modexp(base: int, exponent: int, modulus: int, *, limb_bits: int = 64) -> int:
    """pow(base, exponent, modulus) for an odd modulus 3 <= modulus < 2^4096, base and
    exponent non-negative (of at most 8192 bits); constant time in base and exponent
    (fixed 4- or 5-bit windows over the exponent padded to the modulus size)."""
    w = _limb_bits(limb_bits)
    mb = _modulus(modulus)
    base = _operand(base, "base")
    exponent = _operand(exponent, "exponent")
    n = len(mb)
    bb = base.to_bytes(max(1, (base.bit_length() + 7) // 8), "big")
    eb = _exponent_bytes(exponent, n)
    out = (ctypes.c_uint8 * n)()
    check(lib().ecedu_modexp(w, bb, len(bb), eb, len(eb), mb, n, out), "modexp")
    return int.from_bytes(bytes(out), "big")


def _crt_args(c, p, q, dp, dq, qinv) -> list:
    """The (pointer, length) pairs of ecedu_modexp_crt, checked."""
    pb, qb = _modulus(p, "p"), _modulus(q, "q")
    c = _operand(c, "c", p * q, "p*q")
    dp = _operand(dp, "dp")
    dq = _operand(dq, "dq")
    qinv = _operand(qinv, "qinv", p, "p")
    cb = c.to_bytes(len(pb) + len(qb), "big")
    dpb, dqb = _exponent_bytes(dp, len(pb)), _exponent_bytes(dq, len(qb))
    parts = [cb, pb, qb, dpb, dqb, qinv.to_bytes(len(pb), "big")]
    args = []
    for part in parts:
        args += [part, len(part)]
    return args


def rsa_private_crt(c: int, p: int, q: int, dp: int, dq: int, qinv: int, *, limb_bits: int = 64) -> int:
    """The RSA private-key operation by the CRT (PKCS #1 RSADP with the key (p, q, dP, dQ,
    qInv)): m1 = c^dp mod p, m2 = c^dq mod q, h = qinv (m1 - m2) mod p, m = m2 + h q.
    Two half-size constant-time exponentiations; p and q odd >= 3 of at most 4096 bits,
    0 <= c < p q, 0 <= qinv < p.  For a real key (qinv = q^-1 mod p, dp = d mod p-1, ...)
    the result is c^d mod p q."""
    w = _limb_bits(limb_bits)
    args = _crt_args(c, p, q, dp, dq, qinv)
    n = args[3] + args[5]
    out = (ctypes.c_uint8 * n)()
    check(lib().ecedu_modexp_crt(w, *args, out, n), "rsa_private_crt")
    return int.from_bytes(bytes(out), "big")


# ------------------------------------------------------------------ benchmarks


def bench_modulus(bits: int) -> int:
    """A fixed odd modulus of exactly ``bits`` bits (2 <= bits <= 4096), from a seeded
    generator: the benchmarks' p when only a size is given."""
    import random

    bits = _int(bits, "bits")
    if not 2 <= bits <= max_modulus_bits():
        raise ECEduError(f"bits must be in [2, {max_modulus_bits()}]")
    return random.Random(bits).getrandbits(bits) | 1 | (1 << (bits - 1))


def bench_prime_mul(modulus: int, limb_bits: int, iterations: int) -> float:
    """CPU seconds of a dependent chain of ``iterations`` Montgomery multiplications
    r = r a / R mod ``modulus`` at ``limb_bits``-bit limbs."""
    w = _limb_bits(limb_bits)
    pb = _modulus(modulus)
    t = lib().ecedu_bench_prime_mul(w, pb, len(pb), library.iterations_arg(iterations))
    return library.bench_result(t)


def bench_prime_sqr(modulus: int, limb_bits: int, iterations: int) -> float:
    """CPU seconds of a dependent chain of ``iterations`` Montgomery squarings r = r^2 / R mod
    ``modulus`` at ``limb_bits``-bit limbs (the dedicated squaring at the MULX level)."""
    w = _limb_bits(limb_bits)
    pb = _modulus(modulus)
    t = lib().ecedu_bench_prime_sqr(w, pb, len(pb), library.iterations_arg(iterations))
    return library.bench_result(t)


def bench_prime_variant_mul(variant: str, p: int, limb_bits: int, iterations: int) -> float:
    """CPU seconds of a dependent chain of ``iterations`` multiplications r = r a mod p by
    ``variant`` ("montgomery": any odd p, = :func:`bench_prime_mul`; the others: a prime of
    :func:`prime_fields`), in the variant's own representation."""
    code = _variant(variant)
    w = _limb_bits(limb_bits)
    pb = _modulus(p)
    if variant != "montgomery":
        _fixed_field(variant, p, w)
    t = lib().ecedu_bench_prime_variant_mul(code, w, pb, len(pb), library.iterations_arg(iterations))
    return library.bench_result(t)


def prime_mul_cycles(variant: str, p: int, limb_bits: int, runs: int) -> list[float]:
    """TSC ticks per multiplication of ``runs`` samples, each a dependent chain (C-side,
    ecedu_bench_prime_cycles; see ecedu.bench.cycles for how to read TSC ticks)."""
    code = _variant(variant)
    w = _limb_bits(limb_bits)
    pb = _modulus(p)
    if variant != "montgomery":
        _fixed_field(variant, p, w)
    runs = _int(runs, "runs")
    if not 1 <= runs <= 10_000_000:
        raise ECEduError(f"runs must be in [1, 10,000,000] (one 8-byte sample each), not {runs}")
    ticks = (ctypes.c_uint64 * runs)()
    inner = ctypes.c_int()
    check(
        lib().ecedu_bench_prime_cycles(code, w, pb, len(pb), runs, ticks, ctypes.byref(inner)), "prime cycles"
    )
    return [t / inner.value for t in ticks]


def bench_modexp_crt(key: tuple, c: int, limb_bits: int, iterations: int) -> float:
    """CPU seconds of ``iterations`` RSA CRT private-key operations on c with
    key = (p, q, dp, dq, qinv)."""
    w = _limb_bits(limb_bits)
    if not isinstance(key, tuple) or len(key) != 5:
        raise ECEduError(f"key must be the tuple (p, q, dp, dq, qinv), not {type(key).__name__} {key!r:.40}")
    p, q, dp, dq, qinv = key
    args = _crt_args(c, p, q, dp, dq, qinv)
    return library.bench_result(lib().ecedu_bench_modexp_crt(w, *args, library.iterations_arg(iterations)))
