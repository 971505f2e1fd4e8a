"""ecedu's sect233k1 / sect233r1 next to Pornin's c-xs233 (xsk233, xsb233), in TSC ticks, in one
run on one pinned core: the comparison of issue 15.

c-xs233 is not part of ecedu and this script fetches nothing: get and build it yourself,
outside this repository, with its own Makefile (it is MIT-licensed; no line of it is in
ecedu), e.g.

    git clone https://github.com/pornin/c-xs233 /tmp/xs233
    make -C /tmp/xs233 CC=gcc LD=gcc speed_xs233        # its default CFLAGS: -O2 -mpclmul -mavx2

then, from the ecedu checkout:

    python tools/xs233_side_by_side.py /tmp/xs233 [--core 1] [--rounds 3] [--level avx512]

Like with like: that build is c-xs233's 128-bit PCLMULQDQ code in its VEX form (AVX), the kind of
code of ecedu's avx, avx2 and avx512 levels.  ecedu's pclmul level is the legacy SSE form, the
code of CPUs without AVX; for it, build a second copy with the option c-xs233's Makefile gives for
those CPUs, and compare it with ``--level pclmul``:

    cp -r /tmp/xs233 /tmp/xs233_sse && make -C /tmp/xs233_sse clean
    make -C /tmp/xs233_sse CC=gcc LD=gcc CFLAGS="-O2 -mpclmul -msse4.1" speed_xs233
    python tools/xs233_side_by_side.py /tmp/xs233_sse --level pclmul

The script reads the encoding of ``speed_xs233``'s PCLMULQDQ instructions (``objdump -d``) and
says so under the table when it is not the one of the ecedu level measured.  (AMD EPYC Zen 4,
6 December 2026: the SSE build's xsk233_mul_frob took 20.2k ticks, the VEX one 18.2k; xsb233_mul_ladder
40.9k and 36.9k.)

It runs c-xs233's ``speed_xs233`` under ``taskset -c CORE`` (each figure: the median of 100
batches of 40 operations, with its 10%..90% range) and ecedu's
``python -m ecedu speed ecdh|ecdsa --cycles`` on the same core (each figure: min and median of
``--runs`` single operations, see ecedu.bench.cycles), alternating the two ``--rounds``
times, and prints the lowest figure of each over the rounds and two ratios ecedu / c-xs233:
the medians, and the low ends (ecedu's min against c-xs233's 10% figure).  On a shared host the
second is the one to trust: interference inflates c-xs233's median of 40-operation batches more
than ecedu's median of single operations (seen on an AMD EPYC Zen 4: xsk233_mul_frob's median
18,200 ticks in quiet spells, 25,000-31,000 in noisy ones, while ecedu's min stayed put), so a
noisy round can flatter ecedu's median ratio.
With ``--openssl`` each round also runs ``openssl speed ecdhk233`` and ``ecdhb233`` (one second
each), and a second table puts both sides' ECDH on its scale: op/s = TSC rate / median ticks
beside the median OpenSSL figure (ecedu.bench.cycles.openssl_beside), so that a target stated
against ``openssl speed`` (issue 15: 25x on the Koblitz curves) can be set against what the
fastest published code reaches on the same machine and path.

The pairs compared:
    sect233k1 ECDH (decoding, validation, tau-adic method, output)  vs  xsk233_mul_frob
    sect233r1 ECDH (decoding, validation, ladder, output)           vs  xsb233_mul_ladder
    sect233k1 / sect233r1 k G (fixed-base comb)                     vs  xsk233_mulgen_frob / xsb233_mulgen
ecedu's ECDH does more than c-xs233's point multiplication (it decodes and validates the
peer's SEC 1 point and encodes x), so the ratio is an upper bound of the kernels' ratio.
"""

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the ecedu checkout measured
sys.path.insert(0, str(ROOT))

from ecedu.bench import cycles, opensslspeed  # noqa: E402

PAIRS = [  # (ecedu op, curve, c-xs233 function)
    ("ecdh", "sect233k1", "xsk233_mul_frob"),
    ("ecdh", "sect233r1", "xsb233_mul_ladder"),
    ("kG", "sect233k1", "xsk233_mulgen_frob"),
    ("kG", "sect233r1", "xsb233_mulgen"),
]


def xs233(prog: Path, core: int) -> dict[str, tuple[float, float]]:
    """c-xs233's figures by function: (median, 10% figure), from lines
    'name:   median (low .. high)'."""
    out = subprocess.run(
        ["taskset", "-c", str(core), str(prog)], capture_output=True, text=True, check=True
    ).stdout
    pat = r"^(\w+):\s+([\d.]+)\s+\(([\d.]+)\s*\.\.\s*[\d.]+\)"
    return {m[1]: (float(m[2]), float(m[3])) for m in re.finditer(pat, out, re.M)}


def level_encoding(level: str) -> str | None:
    """The form of ecedu's PCLMULQDQ code at *level* (instances/gf2m_*.c: the pclmul level is
    compiled for SSE4.1, the levels above it with AVX and up, the VEX forms); None for portable."""
    return None if level == "portable" else "sse" if level == "pclmul" else "vex"


def encoding(disassembly: str) -> str | None:
    """'vex' or 'sse': the form of most PCLMULQDQ instructions in *disassembly* (``objdump -d``
    text, where the VEX form is spelt ``vpclmul...``), None if it has none."""
    forms = re.findall(r"\s(v?)pclmul[a-z]*\s", disassembly)
    if not forms:
        return None
    vex = sum(1 for f in forms if f)
    return "vex" if 2 * vex > len(forms) else "sse"


def build_encoding(prog: Path) -> str | None:
    """The encoding of c-xs233's build (:func:`encoding` of ``objdump -d prog``), None without objdump."""
    try:
        out = subprocess.run(["objdump", "-d", str(prog)], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return encoding(out.stdout)


def ecedu(op: str, core: int, runs: int, level: str | None) -> dict[tuple[str, str], tuple[float, float]]:
    env = dict(os.environ)
    if level:
        env["ECEDU_NATIVE_IMPL"] = level
    cmd = ["taskset", "-c", str(core), sys.executable, "-m", "ecedu", "speed", op, "--cycles"]
    cmd += ["--curves", "sect233k1", "sect233r1", "--runs", str(runs), "--json", "-q"]
    recs = json.loads(
        subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
    )
    return {(r["op"], r["target"]): (r["min_ticks"], r["median_ticks"], r["implementation"]) for r in recs}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("xs233_dir", type=Path, help="a c-xs233 checkout with speed_xs233 built")
    p.add_argument("--core", type=int, default=1)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--runs", type=int, default=2000, help="ecedu samples per figure (2000)")
    p.add_argument("--level", help="force ecedu's field level (ECEDU_NATIVE_IMPL), e.g. pclmul")
    p.add_argument(
        "--openssl",
        action="store_true",
        help="also run openssl speed ecdhk233 and ecdhb233 once a round and put both sides' ECDH on its scale",
    )
    a = p.parse_args(argv)
    prog = a.xs233_dir / "speed_xs233"
    if not prog.exists():
        print(f"{prog} not found: build c-xs233 first (see the docstring)", file=sys.stderr)
        return 2
    theirs: dict[str, tuple[float, float]] = {}
    ours: dict[tuple[str, str], list] = {}
    rates: dict[str, list[float]] = {}
    for _ in range(a.rounds):
        for k, (med, low) in xs233(prog, a.core).items():
            old = theirs.get(k, (float("inf"), float("inf")))
            theirs[k] = (min(old[0], med), min(old[1], low))
        for op in ("ecdh", "ecdsa"):
            for k, (mn, med, lvl) in ecedu(op, a.core, a.runs, a.level).items():
                old = ours.get(k, [float("inf"), float("inf"), lvl])
                ours[k] = [min(old[0], mn), min(old[1], med), lvl]
        if a.openssl:
            for curve, r in opensslspeed.ecdh_rates(["sect233k1", "sect233r1"]).items():
                rates.setdefault(curve, []).append(r)
    print(f"TSC ticks, core {a.core}, best of {a.rounds} rounds; load average {os.getloadavg()[0]:.1f}")
    print(
        f"{'ecedu':<16} {'level':<8} {'min':>8} {'median':>8}   {'c-xs233':<20} {'median':>8} {'10%':>8}"
        "   ratio: medians  min / 10%"
    )
    for op, curve, fn in PAIRS:
        mn, med, lvl = ours[(op, curve)]
        ref, low = theirs.get(fn, (float("nan"), float("nan")))
        print(
            f"{op + ' ' + curve:<16} {lvl:<8} {mn:>8.0f} {med:>8.0f}   {fn:<20} {ref:>8.0f} {low:>8.0f}"
            f"   {med / ref:>13.2f}  {mn / low:>9.2f}"
        )
    # one level for every row: both curves are over GF(2^233), one field, one forced or best level
    level = next(iter(ours.values()))[2]
    theirs_form, ours_form = build_encoding(prog), level_encoding(level)
    if theirs_form is None:
        print("c-xs233's build: encoding unknown (no objdump, or no PCLMULQDQ in it)")
    elif ours_form is None:
        print(f"c-xs233's build: {theirs_form.upper()} code; ecedu's level {level} has no PCLMULQDQ")
    elif ours_form != theirs_form:
        want = "-msse4.1" if ours_form == "sse" else "-mavx2"
        print(
            f"note: c-xs233 here is {theirs_form.upper()} code, ecedu's level {level} is not;"
            f' like with like, build c-xs233 with CFLAGS="-O2 -mpclmul {want}" (see the docstring)'
        )
    else:
        print(f"c-xs233's build: {theirs_form.upper()} code, as ecedu's level {level}")
    if a.openssl:
        rows = [
            (c, ours[(op, c)][1], fn, theirs[fn][0]) for op, c, fn in PAIRS if op == "ecdh" and fn in theirs
        ]
        print(cycles.openssl_beside(rows, rates, "c-xs233"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
