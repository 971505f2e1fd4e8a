"""Time every field implementation level on every binary curve, in TSC ticks: the table
behind the level choice of ecedu/native/src/cpu.c (every field the CPU's best level, the
measurements in its comment above ecedu_field_for).

    python tools/levels_table.py [--op ecdh|field] [--rounds 3] [--runs 1000]

Each level is forced by ECEDU_NATIVE_IMPL in a fresh process running
``python -m ecedu speed <op> --cycles --json``; the rounds alternate the levels (so that
a change of the machine's load hits every level alike) and the table keeps, per level and
curve, the minimum over the rounds of each run's minimum.  Levels the CPU cannot run are
left out (a CPU with AVX-512 runs all five, so the AVX2, AVX and PCLMULQDQ levels that CPUs
without AVX-512 use can be measured on it too -- on its own execution units, which is not
the same as measuring a Zen 3 or an Alder Lake).
"""

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the checkout whose ecedu is measured


def levels() -> list[str]:
    code = "from ecedu import native; print(' '.join(native.available_implementations()))"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()


def run(level: str, op: str, runs: int) -> list[dict]:
    env = {**os.environ, "ECEDU_NATIVE_IMPL": level}
    # the binary curves and fields only: the level forced here is theirs (the prime ones have
    # their own, ECEDU_PRIME_IMPL, and would only add rows that do not depend on it)
    cmd = [sys.executable, "-m", "ecedu", "speed", op, "--cycles", "--curves", "binary"]
    cmd += ["--runs", str(runs), "--json", "-q"]
    out = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--op", default="ecdh", choices=("ecdh", "field"))
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--runs", type=int, default=1000)
    a = p.parse_args(argv)
    if a.rounds < 1 or a.runs < 1:
        p.error("--rounds and --runs must be at least 1")
    lvls = levels()
    best: dict[tuple[str, str], dict[str, float]] = {}
    for _ in range(a.rounds):
        for level in lvls:
            for r in run(level, a.op, a.runs):
                row = best.setdefault((r["op"], r["target"]), {})
                row[level] = min(row.get(level, float("inf")), r["min_ticks"])
    print(f"min TSC ticks over {a.rounds} rounds x {a.runs} samples; load average {os.getloadavg()[0]:.1f}")
    print(f"{'op':<10} {'target':<11} " + " ".join(f"{lv:>9}" for lv in lvls) + "   fastest")
    for (op, target), row in best.items():
        fastest = min(row, key=row.get)
        print(f"{op:<10} {target:<11} " + " ".join(f"{row[lv]:>9.0f}" for lv in lvls) + f"   {fastest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
