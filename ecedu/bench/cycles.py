"""Cycles mode of ``python -m ecedu speed``: the C kernels timed in TSC ticks, as SUPERCOP and
c-xs233's ``speed_xs233`` report, so that ecedu's figures can be set against published cycle
counts.

How the figures are made and how to read them:

* Each sample is one call (field operations: 64 consecutive ones, divided by 64) timed inside the
  library with the time-stamp counter between two ``LFENCE`` (``ecedu_bench_cycles``); no
  Python is inside a sample.  The report gives the **minimum** (the run least disturbed by the
  rest of the machine: what papers print) and the **median** of many samples.
* The process is pinned to one core first (``os.sched_setaffinity``), so every sample reads the
  same core's counter.
* The TSC counts at a fixed rate, the *nominal* clock, not the core's actual clock (which turbo
  and power saving move).  ``tsc/core`` is the ratio of the two, measured by timing a chain of
  dependent additions (one per core cycle): core cycles = TSC ticks / ratio.  Under a hypervisor
  the guest's TSC may be scaled; the ratio makes that visible too.
* TSC ticks per second come from timing the counter against the wall clock; with them any
  ops/s figure converts to ticks per operation.
"""

from __future__ import annotations

import ctypes
import os
import statistics
import time
from dataclasses import asdict, dataclass

from ecedu import native
from ecedu.native import library

#: operation name -> (ecedu_cycles_op constant, kind of target)
OPS = {
    "ecdh": ("ECEDU_CYCLES_ECDH", "curve"),
    "kG": ("ECEDU_CYCLES_SCALAR_MULT_BASE", "curve"),
    "ecdsa_sign": ("ECEDU_CYCLES_ECDSA_SIGN", "curve"),
    "ecdsa_verify": ("ECEDU_CYCLES_ECDSA_VERIFY", "curve"),
    "field_mul": ("ECEDU_CYCLES_FIELD_MUL", "field"),
    "field_sqr": ("ECEDU_CYCLES_FIELD_SQR", "field"),
    "field_inv": ("ECEDU_CYCLES_FIELD_INV", "field"),
}


@dataclass
class Cycles:
    op: str
    target: str  # curve name, or "GF(2^m)"
    implementation: str
    samples: int
    min_ticks: float
    median_ticks: float
    tsc_per_core_cycle: float | None

    @property
    def min_core_cycles(self) -> float | None:
        r = self.tsc_per_core_cycle
        return self.min_ticks / r if r else None

    def record(self) -> dict:
        return {**asdict(self), "min_core_cycles": self.min_core_cycles}


def pin_to_one_core() -> tuple[int | None, set | None]:
    """Pin this process to one core it may run on; return (that core, the previous set)."""
    try:
        before = os.sched_getaffinity(0)
        core = max(before)
        os.sched_setaffinity(0, {core})
        return core, before
    except (AttributeError, OSError):
        return None, None


def tsc_per_core_cycle() -> float | None:
    r = library.lib().ecedu_tsc_per_core_cycle()
    return r if r > 0 else None


def tsc_hz(interval: float = 0.1) -> float:
    """TSC ticks per second: two readings of the counter ``interval`` seconds apart on the wall
    clock.  (Summing the ticks inside a run of samples left out the gaps between them, about 5%
    of the time, and read the rate low.)"""
    read = library.lib().ecedu_tsc_now
    t0, r0 = time.perf_counter(), read()
    while time.perf_counter() - t0 < interval:
        pass
    r1, t1 = read(), time.perf_counter()
    return (r1 - r0) / (t1 - t0)


def measure(op: str, target, runs: int = 1000) -> Cycles:
    """Min and median TSC ticks of ``op`` on a curve name (curve ops) or a field degree m."""
    if op not in OPS:
        raise ValueError(f"op must be one of {tuple(OPS)}")
    name, kind = OPS[op]
    if target == "X25519" and op == "ecdh":  # ecedu_x25519: the curve index is not used
        name, ident = "ECEDU_CYCLES_X25519", 0
    else:
        ident = library.curve_params(target).index if kind == "curve" else library.field_degree(target)
    ticks = (ctypes.c_uint64 * runs)()
    inner = ctypes.c_int()
    library.check(
        library.lib().ecedu_bench_cycles(library.constant(name), ident, runs, ticks, ctypes.byref(inner)),
        f"{op} on {target}",
    )
    per_op = [t / inner.value for t in ticks]
    label = target if kind == "curve" else f"GF(2^{target})"
    # the GF(2^m) levels do not apply to X25519 (the prime-field level: 4 limbs of 64 bits with
    # MULX at 'mulx' and above, curve/x25519_mulx.c, else 5 limbs of 51 bits) nor to the prime
    # curves: the level whose code the curve runs (native.prime_curve_level); a binary curve
    # or field: the level it uses (the forced one, else the best the CPU has, as every field: cpu.c)
    if target == "X25519":
        impl = "c-5x51" if native.prime_implementation() == "portable" else "c-4x64-mulx"
    elif kind == "curve" and target in library.PRIME_CURVES:
        impl = "p-" + native.prime_curve_level(target)
    else:
        impl = native.field_implementation(library.curve_params(target).m if kind == "curve" else target)
    return Cycles(op, label, impl, runs, min(per_op), statistics.median(per_op), None)


def report(curves: list[str], ops: list[str], runs: int = 1000) -> tuple[list[Cycles], dict]:
    """Measure every op on every curve (field ops on the curves' fields) pinned to one core."""
    core, before = pin_to_one_core()
    try:
        ratio = tsc_per_core_cycle()
        info = {"core": core, "tsc_per_core_cycle": ratio, "tsc_hz": tsc_hz()}
        out = []
        for op in ops:
            targets = [c for c in curves if c != "X25519" or op == "ecdh"]
            if OPS[op][1] == "field":
                targets = sorted({library.curve_params(c).m for c in curves if c != "X25519"})
            for t in targets:
                r = measure(op, t, runs)
                r.tsc_per_core_cycle = ratio
                out.append(r)
    finally:
        if before is not None:
            os.sched_setaffinity(0, before)  # the caller's process keeps its cores
    return out, info


def format_table(results: list[Cycles], info: dict) -> str:
    ratio = info["tsc_per_core_cycle"]
    lines = [
        f"TSC ticks per operation (min and median of {results[0].samples if results else 0} samples), "
        f"pinned to core {info['core']}; TSC {info['tsc_hz'] / 1e9:.3f} GHz; "
        + (f"tsc/core = {ratio:.3f} (core cycles = ticks / {ratio:.3f})" if ratio else "tsc/core unknown"),
        f"{'op':13s} {'target':11s} {'level':9s} {'min':>12s} {'median':>12s} {'min core cyc':>13s}",
    ]
    for r in results:
        core = f"{r.min_core_cycles:13.0f}" if r.min_core_cycles else f"{'-':>13s}"
        lines.append(
            f"{r.op:13s} {r.target:11s} {r.implementation:9s} {r.min_ticks:12.0f} {r.median_ticks:12.0f} {core}"
        )
    return "\n".join(lines)


def openssl_beside(rows, rates: dict, ref: str) -> str:
    """The side-by-side tools' figures on `openssl speed`'s scale (tools/xs233_side_by_side.py and
    tools/s2n_bignum_side_by_side.py with ``--openssl``).  *rows* are (curve, ecedu's median
    ticks, the other code's function, its median ticks), *ref* that code's name, *rates* the
    ``openssl speed ecdh`` op/s of each run by curve (their median is shown).  Each side's op/s is
    the TSC rate (:func:`tsc_hz`) / median ticks: one operation after another on one core, as
    ``openssl speed`` runs them, but with no loop of its own around the call, so a slight upper
    bound.  A curve without an OpenSSL figure gets no ratio."""
    hz = tsc_hz()
    runs = max((len(v) for v in rates.values()), default=0)
    rates = {c: statistics.median(v) for c, v in rates.items() if v}
    lines = [
        f"beside openssl speed ecdh (median of {runs} runs; op/s = TSC {hz / 1e9:.3f} GHz / the best median ticks"
        " of the rounds, as above: a slight lean towards both codes):",
        f"{'curve':<11} {'openssl op/s':>12} {'ecedu op/s':>11} {'ratio':>6}   {ref:<20} {'op/s':>9} {'ratio':>6}",
    ]
    for curve, ours, name, theirs in rows:
        a, b = hz / ours, hz / theirs
        o = rates.get(curve)
        ra, rb = (f"{a / o:6.2f}", f"{b / o:6.2f}") if o else ("     -", "     -")
        shown = f"{o:12.0f}" if o else f"{'-':>12}"
        lines.append(f"{curve:<11} {shown} {a:11.0f} {ra}   {name:<20} {b:9.0f} {rb}")
    return "\n".join(lines)
