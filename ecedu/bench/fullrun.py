"""The full-length measurements of chapters 09 and 10, stored with where they came from.

The book is built in short mode (``ECEDU_SHORT=1``: one security level, short windows), so that CI stays
fast. The complete tables come from a run made once on a real machine and stored in
``notebooks/data/full_run.json``: ``make full-run`` (this module) measures what the two chapters measure,
at full length and for every curve, and writes it with its provenance (:mod:`ecedu.bench.provenance`:
date, CPU and the flags that matter, OpenSSL, ecedu version and commit, the command). The chapters render
the stored run in short mode when it is there, and say whose machine and date it is; without it they
show their short live measurement and say so.

    python -m ecedu.bench.fullrun [-o notebooks/data/full_run.json] [--seconds 1] [--windows 5]

Takes about 7 minutes at the defaults (427 s on an AMD EPYC Zen 5, 2 cores); run it on a quiet
machine (nothing else busy, on mains power).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from . import modexp, opensslspeed, provenance, report, runner

DEFAULT_OUTPUT = Path(__file__).resolve().parents[2] / "notebooks" / "data" / "full_run.json"
SCHEMA = 1

# chapter 09: the 2013 Bluhm–Gueron curves (K and B at five security levels) and the prime curve of
# each level, as in its ``bg["binary_vs_prime"]["pairs"]`` (openssl speed names), and X25519 beside
# P-256 at the 128-bit level of its per-level table (ECDH only: X25519 has no signatures)
CHAPTER09_SPEED_NAMES = [
    "nistk163", "nistk233", "nistk283", "nistk409", "nistk571",
    "nistb163", "nistb233", "nistb283", "nistb409", "nistb571",
    "secp160r1", "nistp224", "nistp256", "nistp384", "nistp521", "X25519",
]  # fmt: skip
ECDH_ONLY = {"X25519"}  # curves that chapter09 measures for ECDH and not for ECDSA
# chapter 10: the prime curves whose ratios the 2012 Ubuntu report compared
CHAPTER10_SPEED_NAMES = ["nistp192", "nistp224", "nistp384", "nistp521"]


def _sec2(speed_name: str) -> str:
    return {opensslspeed.speed_name(c): c for c in opensslspeed.SPEED_SUFFIX}[speed_name]


def chapter09(seconds: float, windows: int, openssl_runs: int, curves=None, progress=None) -> dict:
    names = curves or CHAPTER09_SPEED_NAMES
    settings = {"curves": names, "seconds": seconds, "windows": windows, "openssl_runs": openssl_runs}
    records = []
    for op in ("ecdh", "ecdsa"):
        curves = [_sec2(c) for c in names if op == "ecdh" or c not in ECDH_ONLY]
        if not curves:  # only X25519 asked for: no ECDSA (an empty list would mean every curve)
            continue
        cfg = runner.Config(
            op=op,
            curves=curves,
            seconds=seconds,
            windows=windows,
            backend="both",
            openssl=opensslspeed.openssl_binary() is not None,
            openssl_runs=openssl_runs,
            crosscheck=True,
            progress=progress,
        )
        records += runner.run_benchmark(cfg)
    return {"settings": settings, "records": json.loads(report.to_json(records))}


def chapter10(seconds: float, curves=None) -> dict:
    names = curves or CHAPTER10_SPEED_NAMES
    secs = opensslspeed.openssl_seconds(seconds)
    run = opensslspeed.run_speed(
        [opensslspeed.speed_algorithms("ecdsa", _sec2(c)) for c in names], seconds=secs
    )
    ecdsa = {}
    for name in names:
        r = opensslspeed.result_for(run.parsed, _sec2(name), "ecdsa") if run.parsed else None
        ecdsa[name] = {"sign": r.ops_per_s["ecdsa_sign"], "verify": r.ops_per_s["ecdsa_verify"]} if r else {}
    return {
        "settings": {"curves": names, "seconds": secs},
        "argv": list(run.argv),
        "error": run.error,
        "ecdsa": ecdsa,
    }


def chapter10_modexp(seconds: float, windows: int, openssl_runs: int, sizes=None, progress=None) -> dict:
    """Chapter 10's rerun of the NetBSD experiment: the RSA CRT operation at 32- and 64-bit limbs
    (``ecedu speed modexp``); records with an ``error`` when the native library is not built."""
    sizes = tuple(sizes or modexp.RSA_SIZES)
    cfg = runner.Config(
        op="modexp", seconds=seconds, windows=windows, openssl_runs=openssl_runs, progress=progress
    )
    records = modexp.run(cfg, sizes=sizes, mul_sizes=(256, 2048))
    settings = {"sizes": list(sizes), "seconds": seconds, "windows": windows, "openssl_runs": openssl_runs}
    return {"settings": settings, "records": json.loads(report.to_json(records))}


def _records(part) -> list:
    """Every record of the stored run, at whatever depth ("records" lists: chapter 09's, chapter 10's
    modexp), so that a MISMATCH anywhere fails the run."""
    if isinstance(part, dict):
        return list(part.get("records") or []) + [
            r for k, v in part.items() if k != "records" for r in _records(v)
        ]
    return []


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ecedu.bench.fullrun", description=__doc__.split("\n\n")[0])
    ap.add_argument("-o", "--output", default=str(DEFAULT_OUTPUT), help="where to store the run (JSON)")
    ap.add_argument(
        "--seconds",
        type=float,
        default=1.0,
        help="seconds per measurement, spread over its windows (chapter 09; default 1)",
    )
    ap.add_argument("--windows", type=int, default=5, help="windows per measurement (default 5)")
    ap.add_argument("--openssl-runs", type=int, default=3, help="openssl speed runs per curve (default 3)")
    ap.add_argument("--ch10-seconds", type=float, default=3.0, help="openssl speed -seconds for chapter 10")
    ap.add_argument("--curves", nargs="*", help="chapter 09 curves (openssl speed names; default all 16)")
    ap.add_argument(
        "--rsa-sizes", type=int, nargs="*", help="chapter 10's RSA sizes (default: all of modexp)"
    )
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    finite = all(math.isfinite(s) and s > 0 for s in (args.seconds, args.ch10_seconds))
    if not finite or args.windows < 1 or args.openssl_runs < 1:
        ap.error("--seconds and --ch10-seconds must be > 0 and finite, --windows and --openssl-runs >= 1")
    if problem := modexp.sizes_problem(args.rsa_sizes or ()):
        ap.error(f"--rsa-sizes: {problem}")
    known = {opensslspeed.speed_name(c) for c in opensslspeed.SPEED_SUFFIX}
    bad = [c for c in args.curves or [] if c not in known]
    if bad:
        ap.error(f"unknown curve(s) {bad}: use openssl speed names ({', '.join(sorted(known))})")
    say = (lambda *a: None) if args.quiet else (lambda *a: print(*a, file=sys.stderr, flush=True))
    meta = provenance.machine(
        ["python", "-m", "ecedu.bench.fullrun", *(sys.argv[1:] if argv is None else argv)]
    )
    say(provenance.describe(meta))
    t0 = time.perf_counter()
    doc = {
        "about": "full-length run of the measurements of chapters 09 and 10 (python -m ecedu.bench.fullrun)",
        "schema": SCHEMA,
        "meta": meta,
        "chapter09": chapter09(args.seconds, args.windows, args.openssl_runs, args.curves, progress=say),
        "chapter10": chapter10(args.ch10_seconds),
    }
    doc["chapter10"]["modexp"] = chapter10_modexp(
        args.seconds, args.windows, args.openssl_runs, args.rsa_sizes, progress=say
    )
    doc["meta"]["wall_seconds"] = round(time.perf_counter() - t0, 1)
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    say(f"stored in {out} ({doc['meta']['wall_seconds']} s)")
    bad_checks = [r for r in _records(doc) for v in (r.get("checks") or {}).values() if "MISMATCH" in str(v)]
    return 1 if bad_checks else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
