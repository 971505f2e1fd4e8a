"""The prime fields of ``python -m ecedu speed field``: every multiplication of src/field/gfp/ on
the NIST primes, the three seeds' experiments at field level with ecedu's own kernels.

Per field (P-192 ... P-521) and per variant -- the generic CIOS Montgomery at 32- and 64-bit
limbs, the Solinas / Mersenne reduction, the P-256 Montgomery multiplication by p's words
(portable and MULX/ADX), the unsaturated limbs (P-224, P-256, P-521) -- two figures, both C loops of a
dependent chain of multiplications r = r a (latency-bound, as inside a ladder):

* operations per second, timed like every ``ecedu speed`` figure (interleaved windows,
  process CPU time, ``--seconds``);
* core cycles per multiplication: TSC ticks of a chain of 2048 multiplications, pinned to one
  core, divided by the TSC-to-core-clock ratio (``ecedu.bench.cycles``); median and minimum of
  ``runs`` samples.

The ratios printed are those the seeds printed: 64/32 (NetBSD PR lib/28935: bn(32,32) ->
bn(64,64)), specialised/generic 64-bit (Gueron-Krasnov: P-256 Montgomery by p's words; the
Ubuntu ec_nistp_64_gcc_128 request: unsaturated P-224 and P-521; P-256's too, the middle column
of the Gueron-Krasnov table).  The generic baseline is the
CIOS of mont.tmpl.h, whose 4-limb copy has the limb count as a compile-time constant (unrolled)
but reads p and -p^-1 from memory: a fixed-4-limb generic CIOS.

Records (JSON): ``op`` "prime_mul", ``field`` (the curve name), ``bits``, ``variant``,
``limb_bits``, ``impl`` ("portable", "mulx" or "ifma"), ``ops_per_s``, ``ns_per_op``, ``cycles`` (median
core cycles per multiplication, None without a TSC), ``cycles_min``, ``tsc_ticks`` (median TSC
ticks: the raw figure, when the measured tsc/core ratio is doubtful), ``ratio_64_32`` (generic
records), ``ratio_vs_generic64``, ``checks``.
"""

from __future__ import annotations

import os
import statistics

from . import native_adapter
from .timing import Interleaved

FIELDS = ("P-192", "P-224", "P-256", "P-384", "P-521")
#: prime curve names of ``--curves`` -> the field
CURVE_FIELD = {"secp192r1": "P-192", "secp224r1": "P-224", "secp256r1": "P-256", "secp384r1": "P-384"}
CURVE_FIELD.update({"secp521r1": "P-521", "prime192v1": "P-192", "prime256v1": "P-256"})


def fields_for(curves) -> tuple:
    """The prime fields to measure: all five without ``--curves``, else those of the prime
    curves given (none for binary curves only)."""
    if not curves:
        return FIELDS
    return tuple(f for f in FIELDS if f in {CURVE_FIELD.get(c) for c in curves})


def _impls(mod, field):
    """(key, variant, limb_bits, impl) of every multiplication that covers ``field``; each is timed
    with the prime-field level ``impl`` forced (the generic CIOS rows at the portable level, as
    their tag says: at the best level the 64-bit CIOS is MULX or IFMA code, and the ratios of the
    portable specialised fields to it compared portable C with assembly)."""
    levels = mod.available_prime_implementations()
    out = [(f"montgomery{w}", "montgomery", w, "portable") for w in (32, 64)]
    for variant, covered in mod.prime_fields().items():
        if field in covered:
            for impl in levels if variant == "p256_montgomery" else ("portable",):
                out.append((f"{variant}_{impl}", variant, 64, impl))
    return out


def _timed(mod, variant, p, w, impl):
    def run(k):
        mod.force_prime_implementation(impl)
        return mod.bench_prime_variant_mul(variant, p, w, k)

    return run


def measure_cycles(mod, variant, p, w, impl, runs, ratio):
    """(median, min) core cycles per multiplication (None without a ratio) and the median
    TSC ticks."""
    mod.force_prime_implementation(impl)
    ticks = mod.prime_mul_cycles(variant, p, w, runs)
    med = statistics.median(ticks)
    if not ratio:
        return None, None, med
    return med / ratio, min(ticks) / ratio, med


def run(cfg, fields=FIELDS, cycle_runs: int = 60, cycles_only: bool = False) -> list:
    """The records (cfg: a runner.Config; only seconds, windows, timer and progress are
    used).  ``cycles_only``: no ops/s timing (``--cycles`` mode)."""
    from . import cycles as cyc

    nat = native_adapter.get()
    progress = cfg.progress or (lambda s: None)
    if not nat.available:
        return [{"op": "prime_mul", "field": None, "error": nat.reason}]
    mod = nat.module
    primes = {name: p for covered in mod.prime_fields().values() for name, p in covered.items()}
    records = []
    core, before = cyc.pin_to_one_core()
    try:
        ratio = cyc.tsc_per_core_cycle()
        for field in fields:
            p = primes[field]
            impls = _impls(mod, field)
            a, b = p // 3, p - 2
            checks = {}
            for key, variant, w, impl in impls:
                mod.force_prime_implementation(impl)
                ok = mod.prime_mul(p, a, b, variant=variant, limb_bits=w) == a * b % p
                checks[key] = "same as Python ints" if ok else "MISMATCH"
            rates = {}
            if not cycles_only:
                progress(f"prime field {field}: ops/s ...")
                bench = Interleaved(
                    {k: _timed(mod, v, p, w, i) for k, v, w, i in impls},
                    cfg.seconds,
                    cfg.windows,
                    timer=cfg.timer,
                )
                bench.run_all()
                rates = {k: bench.results[k].ops_per_s for k, *_ in impls}
            progress(f"prime field {field}: cycles ...")
            cycles = {k: measure_cycles(mod, v, p, w, i, cycle_runs, ratio) for k, v, w, i in impls}
            mod.force_prime_implementation(None)
            base = rates.get("montgomery64")
            base_cyc = cycles["montgomery64"][0]
            for key, variant, w, impl in impls:
                rate = rates.get(key)
                med, lo, ticks = cycles[key]
                if rate and base:
                    vs = rate / base
                elif med and base_cyc:
                    vs = base_cyc / med
                else:
                    vs = None
                rec = {
                    "op": "prime_mul",
                    "field": field,
                    "bits": p.bit_length(),
                    "variant": variant,
                    "limb_bits": w,
                    "impl": impl,
                    "ops_per_s": rate,
                    "ns_per_op": 1e9 / rate if rate else None,
                    "cycles": med,
                    "cycles_min": lo,
                    "tsc_ticks": ticks,
                    "cycle_samples": cycle_runs,
                    "tsc_per_core_cycle": ratio,
                    "core": core,
                    "ratio_vs_generic64": vs,
                    "checks": {key: checks[key]},
                    "timer": cfg.timer,
                    "seconds": None if cycles_only else cfg.seconds,
                }
                if variant == "montgomery":
                    r32, r64 = rates.get("montgomery32"), rates.get("montgomery64")
                    c32, c64 = cycles["montgomery32"][0], cycles["montgomery64"][0]
                    rec["ratio_64_32"] = r64 / r32 if r32 and r64 else (c32 / c64 if c32 and c64 else None)
                records.append(rec)
    finally:
        mod.force_prime_implementation(None)
        if before is not None:
            os.sched_setaffinity(0, before)
    return records


def _f(x, fmt):
    return "-" if x is None else fmt.format(x)


COLUMNS = (
    ("montgomery32", "CIOS 32"),
    ("montgomery64", "CIOS 64"),
    ("solinas_portable", "Solinas"),
    ("p256_montgomery_portable", "P256-Mont"),
    ("p256_montgomery_mulx", "P256-MULX"),
    ("unsaturated_portable", "unsat"),
)


def _key(r):
    return (
        f"{r['variant']}{r['limb_bits']}" if r["variant"] == "montgomery" else f"{r['variant']}_{r['impl']}"
    )


def format_table(records) -> str:
    """Two tables, one row per field: core cycles per multiplication (median) and
    operations per second, with the 64/32 and specialised/generic-64 ratios."""
    recs = [r for r in records if r.get("op") == "prime_mul" and r.get("field")]
    if not recs:
        return "\n".join(f"prime fields: {r['error']}" for r in records if r.get("error"))
    by = {(r["field"], _key(r)): r for r in recs}
    fields = list(dict.fromkeys(r["field"] for r in recs))
    cols = [(k, h) for k, h in COLUMNS if any((f, k) in by for f in fields)]
    lines = []
    ratio = recs[0].get("tsc_per_core_cycle")
    for what, get, fmt in (
        ("TSC ticks per multiplication (median of the samples: the raw counter)", "tsc_ticks", "{:,.1f}"),
        ("core cycles per multiplication (median of TSC samples / tsc-core ratio)", "cycles", "{:,.1f}"),
        ("multiplications per second (C loop, dependent chain)", "ops_per_s", "{:,.0f}"),
    ):
        if not any(r.get(get) for r in recs):
            continue
        lines.append(f"Prime fields: {what}")
        lines.append(
            f"{'field':7s}" + "".join(f"{h:>12s}" for _, h in cols) + f"{'64/32':>7s}  specialised/CIOS 64"
        )
        for f in fields:
            row = f"{f:7s}" + "".join(f"{_f(by.get((f, k), {}).get(get), fmt):>12s}" for k, _ in cols)
            g32, g64 = by.get((f, "montgomery32"), {}).get(get), by.get((f, "montgomery64"), {}).get(get)
            inv = get in ("cycles", "tsc_ticks")  # fewer cycles is faster
            r6432 = (g32 / g64 if inv else g64 / g32) if g32 and g64 else None
            row += f"{_f(r6432, '{:.2f}'):>7s}  "
            spec = []
            for k, h in cols[2:]:
                v = by.get((f, k), {}).get(get)
                if v and g64:
                    spec.append(f"{h} {(g64 / v if inv else v / g64):.2f}x")
            lines.append(row + ", ".join(spec))
        lines.append("")
    if ratio:
        core = recs[0]["core"]
        lines.append(f"tsc/core = {ratio:.3f} (core cycles = TSC ticks / {ratio:.3f}); pinned to core {core}")
    bad = [r for r in recs for v in (r.get("checks") or {}).values() if "MISMATCH" in str(v)]
    if bad:
        lines.append("MISMATCH against Python ints: " + ", ".join(f"{r['field']}/{_key(r)}" for r in bad))
    return "\n".join(lines)


def plot(records, path: str, title: str | None = None) -> str:
    """Grouped bars: core cycles (else ns) per multiplication, per field and variant."""
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    recs = [r for r in records if r.get("op") == "prime_mul" and r.get("field")]
    get = "cycles" if any(r.get("cycles") for r in recs) else "ns_per_op"
    by = {(r["field"], _key(r)): r for r in recs}
    fields = list(dict.fromkeys(r["field"] for r in recs))
    cols = [(k, h) for k, h in COLUMNS if any((f, k) in by for f in fields)]
    fig, ax = plt.subplots(figsize=(10, 4.5))
    width = 0.8 / max(1, len(cols))
    for i, (k, h) in enumerate(cols):
        xs = [x - 0.4 + width * (i + 0.5) for x in range(len(fields))]
        ax.bar(xs, [by.get((f, k), {}).get(get) or 0 for f in fields], width, label=h)
    ax.set_xticks(range(len(fields)))
    ax.set_xticklabels(fields)
    ax.set_ylabel("core cycles per multiplication" if get == "cycles" else "ns per multiplication")
    ax.set_title("prime-field multiplication" + (f" - {title}" if title else ""))
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
