"""``python -m ecedu speed`` -- ecedu against ``openssl speed`` in the same run.

Entry point: :func:`main` (``main(argv) -> int``), wired by ``ecedu/__main__.py``.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

from .._cli import count, seconds
from . import libcrypto, modexp, native_adapter, opensslspeed, primefield, provenance, report, runner


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m ecedu speed",
        description="Measure ecedu (native C library and/or the pure-Python API) and OpenSSL "
        "on the same curves in the same run; print a table like openssl speed.",
        epilog="Curves openssl speed lacks (sect163r1, sect193r1/r2, sect239k1, secp256k1, secp160k1/192k1/224k1, "
        "brainpoolP224r1/P320r1) are "
        "measured through libcrypto in-process. See the ecedu.bench docstring for the "
        "methodology.",
    )
    p.add_argument(
        "op",
        nargs="?",
        default="ecdh",
        choices=["ecdh", "ecdsa", "field", "modexp"],
        help="operation (default ecdh); modexp: RSA CRT private-key operations at 32- and 64-bit "
        "limbs next to openssl speed rsaN, and the Montgomery multiplication's 64/32 ratio",
    )
    p.add_argument(
        "--sizes",
        nargs="+",
        type=int,
        metavar="BITS",
        help=f"modexp: RSA modulus sizes (default {' '.join(map(str, modexp.RSA_SIZES))})",
    )
    p.add_argument(
        "--curves",
        nargs="+",
        metavar="CURVE",
        help="SEC 2 names (or nistk163 / P-256 ...), space or comma separated; "
        "'all', 'binary' or 'prime' (default: all 29, the 14 binary curves and the "
        "15 prime ones, and for ecdh also X25519; for field: one curve per field)",
    )
    p.add_argument(
        "--seconds",
        type=seconds,
        default=1.0,
        help="timed seconds per implementation and curve (openssl speed gets this "
        "rounded to an integer >= 1); default 1",
    )
    p.add_argument("--windows", type=count(1, 1000), default=5, help="timed windows per measurement (5)")
    p.add_argument(
        "--openssl-runs",
        type=count(1, 1000),
        default=3,
        metavar="R",
        help="openssl speed runs per curve, spread between ecedu's windows; the "
        "table shows their median (default 3)",
    )
    p.add_argument(
        "--multi",
        type=count(1, 256),
        default=1,
        metavar="N",
        help="run N processes at once, like openssl speed -multi N (passed on); both sides then divide "
        "by wall-clock time, as openssl speed's -multi children do",
    )
    p.add_argument(
        "--timer",
        choices=["cpu", "wall"],
        default="cpu",
        help="divide by process CPU time (default; what openssl speed does) or by "
        "wall-clock time (then openssl speed gets -elapsed)",
    )
    p.add_argument(
        "--backend",
        choices=["native", "python", "both"],
        default=None,
        help="which ecedu to measure (default: native if available, else python)",
    )
    p.add_argument(
        "--json", action="store_true", help="print ONE JSON list of records on stdout instead of the table"
    )
    p.add_argument("--output", "-o", metavar="FILE", help="also write the JSON records to FILE")
    p.add_argument("--plot", metavar="FILE", help="write a bar chart (PNG/SVG/PDF) to FILE")
    p.add_argument(
        "--no-openssl",
        action="store_true",
        help="do not run openssl speed (libcrypto in-process still measured)",
    )
    p.add_argument(
        "--no-crosscheck",
        action="store_true",
        help="skip the in-process libcrypto measurement on curves openssl speed lists",
    )
    p.add_argument(
        "--compare",
        action="append",
        choices=["coincurve"],
        default=[],
        help="also time another library in the same run: coincurve (libsecp256k1, for secp256k1 ECDH; "
        "pip install coincurve)",
    )
    p.add_argument(
        "--cycles",
        action="store_true",
        help="time the C kernels in TSC ticks instead (min and median of --runs samples, pinned to "
        "one core, with the TSC-to-core-clock ratio; see ecedu.bench.cycles); no openssl",
    )
    p.add_argument(
        "--runs", type=count(1, 10_000_000), default=1000, help="samples per figure with --cycles (1000)"
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")
    return p


#: what --cycles times for each operation
CYCLE_OPS = {
    "ecdh": ["ecdh"],
    "ecdsa": ["kG", "ecdsa_sign", "ecdsa_verify"],
    "field": ["field_mul", "field_sqr", "field_inv"],
}


def _cycles_main(args, curves, argv=None) -> int:
    import json

    from . import cycles

    if not native_adapter.get().available:
        print(f"--cycles needs the native library: {native_adapter.get().reason}", file=sys.stderr)
        return 2
    if args.op not in CYCLE_OPS:
        print(f"--cycles covers {', '.join(CYCLE_OPS)}, not {args.op}", file=sys.stderr)
        return 2
    from ecedu import native

    prime_fields = primefield.fields_for(curves) if args.op == "field" else ()
    # the field kernels are GF(2^m) only (the prime fields come from primefield); the curve
    # operations cover the prime curves (and ECDH X25519) too
    covered = native.CURVES if args.op == "field" else [*native.ALL_CURVES]
    if args.op == "ecdh":  # X25519 has ECDH only
        covered.append(runner.X25519)
    default = runner.DEFAULT_CURVES.get(args.op, runner.BINARY_CURVES)
    asked = curves
    curves = [c for c in (curves or default) if c in covered]
    if asked and not curves and not prime_fields:
        print(f"--cycles has no {args.op} measurement for {', '.join(asked)}", file=sys.stderr)
        return 2
    results, info = cycles.report(curves, CYCLE_OPS[args.op], args.runs) if curves else ([], None)
    meta = provenance.machine(
        ["python", "-m", "ecedu", "speed", *(argv if argv is not None else sys.argv[1:])]
    )
    records = [dict(r.record(), tsc_hz=info["tsc_hz"], core=info["core"], machine=meta) for r in results]
    text = cycles.format_table(results, info) if results else ""
    if prime_fields:  # issue 13: the prime fields, after the binary ones
        prime = primefield.run(_config(args, curves), prime_fields, cycle_runs=args.runs, cycles_only=True)
        records += [dict(r, machine=meta) for r in prime]
        text = (text + "\n\n" if text else "") + primefield.format_table(prime)
    rc = 0
    if args.output:
        try:
            with open(args.output, "w") as f:
                json.dump(records, f, indent=1)
        except OSError as exc:
            print(f"error: cannot write {args.output}: {exc}", file=sys.stderr)
            rc = 2
    print(json.dumps(records, indent=1) if args.json else text)
    return rc


def _unwritable(path: str, plot: bool) -> str | None:
    """Why *path* cannot take the output (checked before the measurement), or None.  A plot's name
    must end in its format: matplotlib would add '.png' to any other name and write elsewhere."""
    if not path:
        return "an empty name"
    if os.path.isdir(path):
        return "is a directory"
    if plot and os.path.splitext(path)[1].lower() not in (".png", ".svg", ".pdf"):
        return "the name must end in .png, .svg or .pdf (the format)"
    parent = os.path.dirname(os.path.abspath(path))
    if os.path.exists(parent) and not os.access(parent, os.W_OK):
        return f"the folder {parent} is not writable"
    return None


def _config(args, curves, progress=None):
    return runner.Config(
        op=args.op,
        curves=curves,
        seconds=args.seconds,
        windows=args.windows,
        openssl_runs=args.openssl_runs,
        multi=args.multi,
        # openssl speed -multi's children divide by wall-clock time whatever -elapsed says; summing
        # N children's CPU-time rates on shared cores would count a core once per child
        timer="wall" if args.multi > 1 else args.timer,
        backend=args.backend,
        openssl=not args.no_openssl,
        crosscheck=not args.no_crosscheck,
        progress=progress,
        compare=tuple(args.compare),
    )


def expand_curves(items):
    """Curve names as the command line gives them (SEC 2 or NIST names, space or comma separated;
    'all', 'binary', 'prime') -> SEC 2 names, each once, in order.  An unknown name raises
    ValueError (runner.resolve_curve_name)."""
    if not items:
        return []
    out = []
    for item in items:
        for name in item.replace(",", " ").split():
            low = name.lower()
            if low == "all":
                out += runner.ALL_CURVES
            elif low == "binary":
                out += runner.BINARY_CURVES
            elif low == "prime":
                out += runner.PRIME_CURVES
            else:
                out.append(runner.resolve_curve_name(name))
    seen, uniq = set(), []
    for c in out:
        if c not in seen:
            seen.add(c)
            uniq.append(c)
    return uniq


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    for option, path in (("--output", args.output), ("--plot", args.plot)):
        if path is not None:
            problem = _unwritable(path, plot=option == "--plot")
            if problem:
                parser.error(f"{option} {path!r}: {problem}")  # before anything is measured
    if args.multi > 1 and args.op in ("field", "modexp"):
        parser.error("--multi is for ecdh and ecdsa (the field and modexp measurements run one process)")
    if args.openssl_runs > args.windows and not args.no_openssl and not args.quiet:
        print(
            f"[speed] note: --openssl-runs {args.openssl_runs} > --windows {args.windows}: some openssl "
            f"runs follow each other with no ecedu window between them (--windows "
            f"{args.openssl_runs} or more interleaves every run)",
            file=sys.stderr,
        )
    try:
        curves = expand_curves(args.curves)
    except ValueError as exc:
        parser.error(str(exc))
    if args.curves is not None and not curves:  # only commas and spaces
        parser.error("--curves names no curve (give names, or all / binary / prime)")
    if args.sizes and args.op != "modexp":
        parser.error("--sizes are RSA modulus sizes, for modexp only")
    if args.compare and (args.op != "ecdh" or (curves and "secp256k1" not in curves)):
        parser.error(
            "--compare coincurve times secp256k1's ECDH: use it with ecdh and secp256k1 among the curves"
        )
    if args.cycles:
        for option, given in (
            ("--plot", args.plot),
            ("--compare", args.compare),
            ("--multi", args.multi > 1),
        ):
            if given:
                parser.error(
                    f"{option} does not apply to --cycles (one process, ecedu's kernels only, a table)"
                )
        return _cycles_main(args, curves, argv)

    def progress(msg):
        if not args.quiet:
            print(f"[speed] {msg}", file=sys.stderr, flush=True)

    cfg = _config(args, curves, progress)
    nat = native_adapter.get()
    progress(
        f"openssl: {opensslspeed.openssl_version() or 'not found'}; libcrypto in-process: "
        f"{'yes' if libcrypto.available() else libcrypto.unavailable_reason()}; "
        f"ecedu native: {'yes' if nat.available else nat.reason}"
    )
    t0 = time.perf_counter()
    if args.op == "modexp":
        sizes = tuple(args.sizes or modexp.RSA_SIZES)
        if problem := modexp.sizes_problem(sizes):
            parser.error(f"--sizes: {problem}")
        records = modexp.run(cfg, sizes=sizes)
    else:
        records = runner.run_benchmark(cfg)
    prime = []
    if args.op == "field" and primefield.fields_for(curves):  # issue 13: the prime fields
        prime = primefield.run(cfg, primefield.fields_for(curves))
    elapsed = time.perf_counter() - t0
    progress(f"finished in {elapsed:.1f}s")
    # every record says where it came from (date, CPU and flags, OpenSSL, ecedu, commit, command)
    meta = provenance.machine(
        ["python", "-m", "ecedu", "speed", *(argv if argv is not None else sys.argv[1:])]
    )
    records = [dict(r, machine=meta) for r in records]
    prime = [dict(r, machine=meta) for r in prime]
    text = report.to_json(records + prime)
    rc = 0
    if args.output:
        try:
            os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
            with open(args.output, "w") as fh:
                fh.write(text + "\n")
            progress(f"JSON written to {args.output}")
        except OSError as exc:
            print(f"error: cannot write {args.output}: {exc}", file=sys.stderr)
            rc = 2
    if args.plot:
        try:
            title = f"{platform.node() or 'this machine'}, {args.seconds:g}s, multi {args.multi}"
            (modexp.plot if args.op == "modexp" else report.plot)(records, args.plot, title=title)
            progress(f"plot written to {args.plot}")
            if prime:
                root, ext = os.path.splitext(args.plot)
                progress(
                    f"prime-field plot written to {primefield.plot(prime, root + '-prime' + ext, title)}"
                )
        except Exception as exc:  # the measurements are still printed
            print(f"error: cannot write the plot {args.plot}: {type(exc).__name__}: {exc}", file=sys.stderr)
            rc = 2
    if args.json:
        print(text)
    else:
        print(
            f"ecedu speed {args.op}: {len(records)} measurements, {args.seconds:g}s each, "
            f"multi {args.multi}; {opensslspeed.openssl_version() or 'openssl not found'}; "
            f"{provenance.levels_text(meta['native_levels'])}"
        )
        print(modexp.format_table(records) if args.op == "modexp" else report.format_table(records))
        for r in records:
            if r.get("coincurve_ops_per_s"):
                print(
                    f"{r['curve']} vs coincurve (libsecp256k1, constant-time ecmult_const): "
                    f"coincurve {r['coincurve_ops_per_s']:,.0f} op/s; ecedu C loop "
                    f"{r.get('ratio_vs_coincurve') or 0:.2f}x, ecedu Python function "
                    f"{r.get('ratio_api_vs_coincurve') or 0:.2f}x of it"
                )
        if prime:
            print()
            print(primefield.format_table(prime))
    bad = [r for r in records + prime for v in (r.get("checks") or {}).values() if "MISMATCH" in str(v)]
    return 1 if bad else rc


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
