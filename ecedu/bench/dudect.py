"""Timing-leakage test of the native library's secret paths, in the style of dudect.

Reparaz, Balasch and Verbauwhede, "Dude, is my code constant time?" (DATE 2017): time the
operation on inputs of two classes, interleaved at random, and ask with Welch's t-test whether
the two distributions of times differ.  Class 0 is one fixed secret, class 1 a fresh random
secret each time; everything public is the same in both.  The times come from the library
itself (``ecedu_bench_dudect_cycles``: the fenced TSC around each call), so Python's overhead is
not in them.  As dudect does, the test is repeated on the samples below several percentiles
(cropping removes the long tail of interrupts, which would hide a small shift).

The targets (``--target``), each on the curves of TARGETS unless ``--curve`` names one:

  scalar   k Q, the variable-base multiplication (Q = G passed as a public point): the binary
           ladder (sect233r1, sect571r1) and tau-adic method (sect233k1, sect409k1), the prime
           curves' method (secp256r1 over its specialised field, secp256k1 over the generic CIOS
           field).  GF(2^409) and GF(2^571) are the fields whose avx512 level multiplies with
           512-bit VPCLMULQDQ;
  base     k G, the fixed-base comb (binary and prime);
  sign     ECDSA signing (ecedu_ecdsa_sign), secret d and its nonce: class 0 a fixed d, class 1
           a random d, the digest fixed in both.  RFC 6979 derives k from (d, digest), so class
           0 also has one fixed k and class 1 a random one: the test measures d and k and
           nothing public.  It also sees how many RFC 6979 candidates were rejected (k >= n),
           a count the library declassifies (protocol/ecdsa.c): on a curve whose n lies just
           above a power of 2 (n ~ 2^(bits(n) - 1), half the candidates rejected: sect163k1,
           sect163r2, sect193r1, sect233k1, sect233r1, sect239k1, sect409r1, sect571k1,
           secp160r1; rfc6979_rejects_often) that count differs between the classes and the
           test reports a leak; where n ~ 2^bits(n) (sect283r1, secp256r1) rejections are rare;
  sign-k   the signing arithmetic without that loop: ecedu_ecdsa_sign_with_k, secret d and k
           (class 0 both fixed, class 1 both random), the digest fixed;
  inv      the field inversion, secret the element (binary: the field of the curve, every
           m by default; secp256r1: P-256 Montgomery; secp256k1: the generic CIOS field;
           curve25519: GF(2^255 - 19)), decoded outside the timed part;
  x25519   X25519 (RFC 7748), secret the 32-byte private key, u fixed.

A binary curve's target runs on every binary-field level the CPU has (portable, pclmul, avx, avx2,
avx512: ``native.force_implementation``), a prime curve's and X25519's on every prime-field
level (portable, mulx: ``native.force_prime_implementation``; and ifma on P-384 and P-521, the
curves with IFMA copies, ``native.IFMA_CURVES``).

A |t| above 4.5 is the usual sign of a leak; a large sample makes even tiny leaks visible, so a
|t| below the threshold is evidence, not proof.  It complements valgrind (tests/ctime), which
cannot run AVX-512 code nor 256-bit VPCLMULQDQ (so neither the avx512 nor the avx2 level) and
does not run the avx level (cpu.c: a VEX form it cannot decode): this test runs on every
implementation level the CPU has.

Command::

    python -m ecedu.bench.dudect [--target scalar|base|sign|sign-k|inv|x25519|all] [--curve sect233r1]
                                 [--samples 200000] [--level avx512|mulx|...]

prints, per target, curve and level, the number of samples, the largest |t| over the crops and
the verdict.
"""

from __future__ import annotations

import argparse
import ctypes
import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from ecedu import native
from ecedu._cli import count
from ecedu.curves import get_curve
from ecedu.native import library

THRESHOLD = 4.5
#: the percentiles below which a crop keeps the samples (dudect uses a similar ladder)
CROPS = (1.0, 0.99, 0.95, 0.9, 0.8, 0.7, 0.6, 0.5)


def welch_t(xs: list[float], ys: list[float]) -> float:
    """Welch's t statistic of two samples (0 when both variances vanish)."""
    nx, ny = len(xs), len(ys)
    if nx < 2 or ny < 2:
        raise ValueError("each class needs at least two samples")
    mx, my = sum(xs) / nx, sum(ys) / ny
    vx = sum((x - mx) ** 2 for x in xs) / (nx - 1)
    vy = sum((y - my) ** 2 for y in ys) / (ny - 1)
    se = math.sqrt(vx / nx + vy / ny)
    if se == 0:
        return 0.0 if mx == my else math.inf
    return (mx - my) / se


def max_abs_t(times: list[int], classes: list[int]) -> float:
    """The largest |t| between the two classes over the crops of CROPS."""
    order = sorted(times)
    worst = 0.0
    for keep in CROPS:
        limit = order[min(len(order) - 1, int(keep * len(order)) - 1)] if keep < 1 else math.inf
        a = [t for t, c in zip(times, classes) if c == 0 and t <= limit]
        b = [t for t, c in zip(times, classes) if c == 1 and t <= limit]
        if len(a) > 2 and len(b) > 2:
            worst = max(worst, abs(welch_t(a, b)))
    return worst


#: target -> (the ecedu_dudect_target constant, the curves it runs on by default)
TARGETS = {
    "scalar": (
        "ECEDU_DUDECT_SCALAR_MULT",
        (
            "sect233r1",
            "sect233k1",
            "sect409k1",
            "sect571r1",
            "secp256r1",
            "secp256k1",
            "secp384r1",
            "secp521r1",
        ),
    ),
    # secp384r1 and secp521r1: their own code at the ifma level (native.IFMA_CURVES, levels_for)
    "base": (
        "ECEDU_DUDECT_SCALAR_MULT_BASE",
        ("sect233r1", "sect233k1", "sect571r1", "secp256r1", "secp384r1"),
    ),
    "sign": ("ECEDU_DUDECT_ECDSA_SIGN", ("sect233r1", "sect283r1", "secp256r1", "secp521r1")),
    "sign-k": ("ECEDU_DUDECT_ECDSA_SIGN_K", ("sect233r1", "sect571r1", "secp256r1")),
    # every binary field (409 and 571 multiply with 512-bit VPCLMULQDQ on the avx512 level)
    "inv": (
        "ECEDU_DUDECT_FIELD_INV",
        ("sect163r2", "sect193r1", "sect233r1", "sect239k1", "sect283r1", "sect409r1", "sect571r1")
        + ("secp256r1", "secp256k1", "curve25519"),
    ),
    "x25519": ("ECEDU_DUDECT_X25519", ("curve25519",)),
}
#: the curves of the inversion target with a prime field (the fields bench.c builds)
PRIME_INV_CURVES = ("secp256r1", "secp256k1", "curve25519")
P25519 = 2**255 - 19


@dataclass
class Result:
    curve: str
    level: str
    samples: int
    max_t: float
    target: str = "scalar"

    @property
    def leak(self) -> bool:
        return self.max_t > THRESHOLD


def is_binary(curve: str) -> bool:
    """A binary curve (its targets run per binary-field level), else a prime one or X25519."""
    return curve.startswith("sect")


def _check_target(target: str, curve: str) -> None:
    if target not in TARGETS:
        raise ValueError(f"target must be one of {tuple(TARGETS)}, not {target!r}")
    x = curve == "curve25519"
    if x != (target == "x25519") and not (target == "inv" and x):
        raise ValueError(f"target {target!r} does not run on {curve!r}")
    if target == "inv" and not is_binary(curve) and curve not in PRIME_INV_CURVES:
        raise ValueError(
            f"the inversion target has the fields of {PRIME_INV_CURVES} and binary curves, not {curve!r}"
        )


def _secrets(target: str, curve: str) -> tuple[int, bytes, Callable[[random.Random], bytes]]:
    """(bytes of one secret, the fixed secret, a function rng -> a random secret)."""
    if curve == "curve25519":
        if target == "x25519":  # any 32 bytes are a private key (RFC 7748 clamps them)
            return 32, bytes((0x5A + 37 * i) & 0xFF for i in range(32)), lambda rng: rng.randbytes(32)
        return 32, (P25519 // 3).to_bytes(32, "big"), lambda rng: rng.randrange(1, P25519).to_bytes(32, "big")
    c = library.curve_params(curve)
    if target == "inv":  # a field element: < 2^m, or < p
        bound = 1 << c.m if is_binary(curve) else get_curve(curve).p
        return (
            c.flen,
            (bound // 3).to_bytes(c.flen, "big"),
            lambda rng: rng.randrange(1, bound).to_bytes(c.flen, "big"),
        )
    n = get_curve(curve).n  # a scalar (k, or the private key d) of full length
    if target == "sign-k":  # d || k
        fixed = (n // 3).to_bytes(c.nlen, "big") + (n // 5).to_bytes(c.nlen, "big")
        return (
            2 * c.nlen,
            fixed,
            lambda rng: b"".join(rng.randrange(1, n).to_bytes(c.nlen, "big") for _ in "dk"),
        )
    return c.nlen, (n // 3).to_bytes(c.nlen, "big"), lambda rng: rng.randrange(1, n).to_bytes(c.nlen, "big")


def measure(
    curve: str, samples: int, seed: int = 1, batch: int = 1000, target: str = "scalar"
) -> tuple[list[int], list[int]]:
    """Times (TSC cycles) and classes of ``samples`` runs of ``target`` on ``curve``."""
    _check_target(target, curve)
    code = library.constant(TARGETS[target][0])
    if target == "inv" and curve == "curve25519":
        code = library.constant("ECEDU_DUDECT_FE25519_INV")
    ci = -1 if curve == "curve25519" else library.curve_params(curve).index
    slen, fixed, fresh = _secrets(target, curve)
    rng = random.Random(seed)
    times, classes = [], []
    lib = library.lib()
    while len(times) < samples:
        m = min(batch, samples - len(times))
        cls = [rng.getrandbits(1) for _ in range(m)]
        ks = b"".join(fixed if k == 0 else fresh(rng) for k in cls)
        out = (ctypes.c_uint64 * m)()
        library.check(lib.ecedu_bench_dudect_cycles(code, ci, ks, slen, m, out), curve)
        times += list(out)
        classes += cls
    return times, classes


def levels_for(curve: str) -> tuple[str, ...]:
    """The levels this CPU has that ``curve``'s targets run on.  Prime curves and X25519: those
    whose own code the curve runs (native.prime_curve_level: "ifma" only on native.IFMA_CURVES,
    P-384 and P-521; elsewhere it is the mulx code, which is timed once)."""
    if is_binary(curve):
        return native.available_implementations()
    return tuple(
        lvl for lvl in native.available_prime_implementations() if native.prime_curve_level(curve, lvl) == lvl
    )


def run(curve: str, samples: int, level: str | None = None, seed: int = 1, target: str = "scalar") -> Result:
    """The test of ``target`` on one implementation level (None: the one in use): a
    binary-field level for a binary curve, a prime-field one otherwise."""
    _check_target(target, curve)
    binary = is_binary(curve)
    force = native.force_implementation if binary else native.force_prime_implementation
    if level is not None:
        force(level)
    try:
        used = native.implementation() if binary else native.prime_implementation()
        measure(
            curve, min(2000, max(500, samples // 5)), seed=seed + 1, target=target
        )  # warm-up: tables, caches, clocks
        times, classes = measure(curve, samples, seed=seed, target=target)
    finally:
        if level is not None:
            force(None)
    return Result(curve, used, samples, max_abs_t(times, classes), target)


def rfc6979_rejects_often(curve: str) -> bool:
    """Whether about half of the RFC 6979 candidates are >= n on ``curve`` (n < 2^(bits(n) - 1/2)):
    then the number of rejections, declassified by protocol/ecdsa.c, shows in the sign target."""
    n = get_curve(curve).n
    return 2 * n * n < 1 << (2 * n.bit_length())


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ecedu.bench.dudect", description=__doc__.splitlines()[0])
    p.add_argument(
        "--target", choices=(*TARGETS, "all"), default="scalar", help="the secret path (default: scalar)"
    )
    p.add_argument("--curve", help="one curve (default: the target's curves, TARGETS)")
    p.add_argument(
        "--samples",
        type=count(1000, 1_000_000_000),
        default=200_000,
        help="timings per target and level (200,000; a verdict needs thousands)",
    )
    p.add_argument(
        "--level",
        choices=native.IMPLEMENTATIONS + native.PRIME_IMPLEMENTATIONS,
        help="one level (default: every level the CPU has)",
    )
    a = p.parse_args(argv)
    targets = list(TARGETS) if a.target == "all" else [a.target]
    print(
        f"{'target':7s} {'curve':10s} {'level':9s} {'samples':>8s} {'max |t|':>8s}  verdict (threshold {THRESHOLD})"
    )
    leaks = 0
    for target in targets:
        for curve in [a.curve] if a.curve else TARGETS[target][1]:
            try:
                _check_target(target, curve)
                if curve != "curve25519":
                    get_curve(curve)  # an unknown name: UnknownCurveError
            except ValueError as e:  # UnknownCurveError is one
                p.error(str(e))
            levels = levels_for(curve)
            if a.level:
                if a.level not in levels:
                    continue  # a level of the other kind of field, or one this CPU lacks
                levels = (a.level,)
            for level in levels:
                r = run(curve, a.samples, level, target=target)
                leaks += r.leak
                verdict = "LEAK: the times depend on the secret" if r.leak else "no leak seen"
                if r.leak and target == "sign" and rfc6979_rejects_often(curve):
                    verdict += " (here: the RFC 6979 retry count, declassified; sign-k has no loop)"
                print(
                    f"{target:7s} {r.curve:10s} {r.level:9s} {r.samples:8d} {r.max_t:8.2f}  {verdict}",
                    flush=True,
                )
    return 1 if leaks else 0


if __name__ == "__main__":
    raise SystemExit(main())
