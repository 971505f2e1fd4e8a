"""What the Python call costs on top of the C kernel: the public functions against the C loops.

For each curve, the per-call CPU time of

- the C library's own loop (``ecedu_bench_ecdh``, ``…_ecdsa_sign``, ``…_ecdsa_verify``: the
  kernel called from C, no Python at all),
- ``ecedu.ecdh.shared_secret`` with the peer key as a SEC 1 point and as SPKI DER,
- ``ecedu.ecdsa.sign`` and ``ecedu.ecdsa.verify`` (SEC 1 and SPKI DER public key, DER signature),

and the overhead (public − C) and the rate (C / public).  The public calls get the C loops' own
inputs (:mod:`ecedu.bench.loop_inputs`: the key 0x00 5a 5a …, the message "ecedu ecdsa bench",
the peer key 0x00 33 33 …·G), so that both do the same work in C (RFC 6979's rejected nonces
would otherwise go into the "overhead").
The C verify loop starts from the coordinates of a validated point and a digest, so the verify
overhead includes the point's decoding (in C) and the hashing of the message; the ECDH loop
decodes and validates like the public call.

Times are process CPU time (``time.process_time``), so that other load on the machine inflates
them less than wall-clock time would.  After one untimed round, each repeat runs every C loop and
every public call once, in turn, so that both sides of a ratio meet the same machine; each figure is
the minimum (default) or the median over the repeats.  Command::

    python -m ecedu.bench.callpath [--curves binary|prime|all|sect163k1,P-256] [--calls 2000] [--repeats 9]
                                   [--statistic min|median]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time

from ecedu import ecdh, ecdsa, keys, native
from ecedu._cli import count
from ecedu.bench.cli import expand_curves
from ecedu.bench.loop_inputs import MESSAGE, MESSAGES, scalar
from ecedu.curves import get_curve
from ecedu.ec import encode_point

STATISTICS = {"min": min, "median": statistics.median}


def per_call_us(fn, calls: int) -> float:
    """The CPU time of one call of fn, averaged over `calls` calls, in µs."""
    t0 = time.process_time()
    for _ in range(calls):
        fn()
    return (time.process_time() - t0) / calls * 1e6


def measure(name: str, calls: int = 2000, repeats: int = 9, statistic=min) -> list[dict]:
    """Records {curve, operation, key, c_us, public_us, overhead_us, rate} for one curve.

    Each repeat times every C loop and every public call once, one after the other, so that the
    two sides of each ratio see the same state of the machine (a clock still ramping up, another
    job starting); one untimed round comes first (the library's lazily built tables, the curve's
    call record, the caches).  The statistic is then taken per figure over the repeats."""
    curve = get_curve(name)
    d = scalar(curve, 0x5A)
    q = keys.public_key(curve, scalar(curve, 0x33))
    peer = {"sec1": encode_point(curve, q), "spki": keys.public_key_to_der(curve, q)}
    own = keys.public_key(curve, d)
    mine = {"sec1": encode_point(curve, own), "spki": keys.public_key_to_der(curve, own)}
    signature = ecdsa.sign(curve, d, MESSAGE)
    messages = itertools.cycle(MESSAGES)
    c_loops = {
        "ecdh": lambda n: native.bench_ecdh(name, n) / n * 1e6,
        "sign": lambda n: native.bench_ecdsa_sign(name, n) / n * 1e6,
        "verify": lambda n: native.bench_ecdsa_verify(name, n) / n * 1e6,
    }
    cases = [
        ("ecdh", "sec1", lambda: ecdh.shared_secret(name, d, peer["sec1"])),
        ("ecdh", "spki", lambda: ecdh.shared_secret(name, d, peer["spki"])),
        # the C loop's 64 messages in turn (loop_inputs.MESSAGES; next() costs about 0.04 µs)
        ("sign", "-", lambda: ecdsa.sign(name, d, next(messages))),
        ("verify", "sec1", lambda: ecdsa.verify(name, mine["sec1"], MESSAGE, signature)),
        ("verify", "spki", lambda: ecdsa.verify(name, mine["spki"], MESSAGE, signature)),
    ]
    # the warm-up round (the first public call takes the general path and makes the record)
    for loop in c_loops.values():
        loop(max(1, calls // 10))
    for _, _, fn in cases:
        per_call_us(fn, max(1, calls // 10))
    c_runs: dict[str, list[float]] = {op: [] for op in c_loops}
    public_runs: list[list[float]] = [[] for _ in cases]
    for _ in range(repeats):
        for op, loop in c_loops.items():
            c_runs[op].append(loop(calls))
        for runs, (_, _, fn) in zip(public_runs, cases):
            runs.append(per_call_us(fn, calls))
    records = []
    for runs, (op, key, _) in zip(public_runs, cases):
        c_us, public = statistic(c_runs[op]), statistic(runs)
        records.append(
            {
                "curve": name,
                "operation": op,
                "key": key,
                "c_us": c_us,
                "public_us": public,
                "overhead_us": public - c_us,
                "rate": c_us / public,
            }
        )
    return records


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m ecedu.bench.callpath", description=__doc__.split("\n")[0])
    p.add_argument(
        "--curves",
        default="binary",
        help="names as ecedu speed takes them: SEC 2 or NIST, comma separated, 'binary' (the default: "
        "the 14 binary curves), 'prime' or 'all' (X25519 left out: it has no ECDSA and no SPKI call here)",
    )
    p.add_argument("--calls", type=count(1, 10_000_000), default=2000, help="calls per timed run (2000)")
    p.add_argument("--repeats", type=count(1, 1000), default=9, help="timed runs (9)")
    p.add_argument("--statistic", choices=sorted(STATISTICS), default="min", help="of the runs (min)")
    args = p.parse_args(argv)
    try:
        curves = [c for c in expand_curves([args.curves]) if c != "X25519"]
    except ValueError as exc:  # runner.resolve_curve_name: an unknown name
        p.error(str(exc))
    if not curves:
        p.error("--curves names no curve this measures (X25519 has no ECDSA and no SPKI call here)")
    if not native.available():
        raise SystemExit(f"the native library is not available: {native.load_error()}")
    print(
        f"{'curve':11s} {'operation':9s} {'key':5s} {'C loop µs':>10s} {'public µs':>10s} "
        f"{'overhead':>9s} {'rate':>6s}"
    )
    for name in curves:
        for r in measure(name, args.calls, args.repeats, STATISTICS[args.statistic]):
            print(
                f"{r['curve']:11s} {r['operation']:9s} {r['key']:5s} {r['c_us']:10.2f} "
                f"{r['public_us']:10.2f} {r['overhead_us']:9.2f} {r['rate']:6.1%}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
