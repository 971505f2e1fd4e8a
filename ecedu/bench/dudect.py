"""Timing-leakage test of the native scalar multiplication, in the style of dudect.

Reparaz, Balasch and Verbauwhede, "Dude, is my code constant time?" (DATE 2017): time the
operation on inputs of two classes, interleaved at random, and ask with Welch's t-test whether
the two distributions of times differ.  Here the secret is the scalar: class 0 is one fixed
scalar, class 1 a fresh random scalar each time; the point is the generator.  The times come from
the library itself (``ecedu_bench_scalar_mult_cycles``: the TSC around each call), so Python's
overhead is not in them.  As dudect does, the test is repeated on the samples below several
percentiles (cropping removes the long tail of interrupts, which would hide a small shift).

A |t| above 4.5 is the usual sign of a leak; a large sample makes even tiny leaks visible, so a
|t| below the threshold is evidence, not proof.  It complements valgrind (tests/ctime), which
cannot run AVX-512 code nor 256-bit VPCLMULQDQ (so neither the avx512 nor the avx2 level): this
test runs on every implementation level the CPU has.

Command::

    python -m ecedu.bench.dudect [--curve sect233r1] [--samples 200000] [--level avx512]

prints, per level, the number of samples, the largest |t| over the crops and the verdict.
"""

from __future__ import annotations

import argparse
import ctypes
import math
import random
from dataclasses import dataclass

from ecedu import native
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


@dataclass
class Result:
    curve: str
    level: str
    samples: int
    max_t: float

    @property
    def leak(self) -> bool:
        return self.max_t > THRESHOLD


def measure(curve: str, samples: int, seed: int = 1, batch: int = 1000) -> tuple[list[int], list[int]]:
    """Times (TSC cycles) and classes of ``samples`` scalar multiplications on ``curve``."""
    c = library.curve_params(curve)
    n = get_curve(curve).n
    rng = random.Random(seed)
    fixed = (n // 3).to_bytes(c.nlen, "big")  # one fixed scalar of full length
    times, classes = [], []
    lib = library.lib()
    while len(times) < samples:
        m = min(batch, samples - len(times))
        cls = [rng.getrandbits(1) for _ in range(m)]
        ks = b"".join(fixed if k == 0 else rng.randrange(1, n).to_bytes(c.nlen, "big") for k in cls)
        out = (ctypes.c_uint64 * m)()
        library.check(lib.ecedu_bench_scalar_mult_cycles(c.index, ks, c.nlen, m, out), curve)
        times += list(out)
        classes += cls
    return times, classes


def run(curve: str, samples: int, level: str | None = None, seed: int = 1) -> Result:
    """The test on one implementation level (None: the one in use)."""
    if level is not None:
        native.force_implementation(level)
    try:
        used = native.implementation()
        measure(curve, min(2000, samples), seed=seed + 1)  # warm-up: tables, caches, clocks
        times, classes = measure(curve, samples, seed=seed)
    finally:
        if level is not None:
            native.force_implementation(None)
    return Result(curve, used, samples, max_abs_t(times, classes))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ecedu.bench.dudect", description=__doc__.splitlines()[0])
    p.add_argument("--curve", default="sect233r1")
    p.add_argument("--samples", type=int, default=200_000)
    p.add_argument("--level", choices=native.IMPLEMENTATIONS, help="one level (default: every level)")
    a = p.parse_args(argv)
    levels = [a.level] if a.level else list(native.available_implementations())
    print(f"{'curve':10s} {'level':9s} {'samples':>8s} {'max |t|':>8s}  verdict (threshold {THRESHOLD})")
    leaks = 0
    for level in levels:
        r = run(a.curve, a.samples, level)
        leaks += r.leak
        verdict = "LEAK: the times depend on the scalar" if r.leak else "no leak seen"
        print(f"{r.curve:10s} {r.level:9s} {r.samples:8d} {r.max_t:8.2f}  {verdict}")
    return 1 if leaks else 0


if __name__ == "__main__":
    raise SystemExit(main())
