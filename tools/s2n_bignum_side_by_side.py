"""ecedu's X25519, P-256, P-384 and P-521 ECDH next to AWS's s2n-bignum (constant-time x86-64
assembly with machine-checked proofs, the prime-curve code of AWS-LC), in TSC ticks, in one run
on one pinned core: the "fastest published code on the same machine" for the prime curves, as
tools/xs233_side_by_side.py is for the binary ones.

s2n-bignum is not part of ecedu and this script fetches nothing: get and build it yourself,
outside this repository, with its own Makefile (Apache-2.0, ISC or MIT-0; no line of it is in
ecedu), e.g.

    git clone https://github.com/awslabs/s2n-bignum /tmp/s2n-bignum
    make -C /tmp/s2n-bignum/x86                  # x86/libs2nbignum.a

then, from the ecedu checkout:

    python tools/s2n_bignum_side_by_side.py /tmp/s2n-bignum [--core 1] [--rounds 3] [--level mulx]

It compiles ecedu's own driver tools/s2n_bignum_driver.c against that library (gcc -O2), hands
it the base point in the form each function takes and a fixed scalar, and checks every result
against ecedu's Python reference before it prints a figure (a wrong build or input stops the
run).  Then it alternates the driver (min and median of --runs single calls) with
``python -m ecedu speed ecdh --cycles`` (the same count of single operations, see
ecedu.bench.cycles) --rounds times, and prints the lowest figure of each over the rounds and the
ratios ecedu / s2n-bignum of the medians and of the minima.  --level forces ecedu's prime-field
level (ECEDU_PRIME_IMPL: portable, mulx, ifma), which also picks X25519's field.

The two sides do not do the same work, and every difference is work ecedu does on top:

    ecedu ECDH (decodes the peer's point,      s2n-bignum
    validates it, multiplies, returns x)
    X25519                                     curve25519_x25519: the whole X25519 function
                                               (no all-zero check)
    secp256r1                                  p256_scalarmul: affine in and out, no validation
    secp384r1                                  p384_montjscalarmul: Montgomery-Jacobian in and
                                               out, no inversion, no validation
    secp521r1                                  p521_jscalarmul: Jacobian in and out, no
                                               inversion, no validation

so each ratio is an upper bound of the scalar multiplications' ratio (an inversion is about 2%
of a P-384 or P-521 multiplication here).

With ``--openssl`` each round also runs ``openssl speed ecdhx25519``, ``ecdhp256``, ``ecdhp384`` and
``ecdhp521`` (one second each), and a second table puts both sides on its scale (op/s = TSC rate
/ median ticks, ecedu.bench.cycles.openssl_beside): what a target stated against ``openssl
speed`` (issue 14: 1.5x on P-521) asks next to what the fastest published code reaches here.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the ecedu checkout measured
sys.path.insert(0, str(ROOT))

from ecedu import x25519  # noqa: E402
from ecedu.bench import cycles, opensslspeed  # noqa: E402
from ecedu.curves import get_curve  # noqa: E402
from ecedu.scalar.double_and_add import double_and_add_affine  # noqa: E402

DRIVER = Path(__file__).resolve().parent / "s2n_bignum_driver.c"

# (ecedu's target name, s2n-bignum function, scalar words, what the function's result holds)
PAIRS = [
    ("X25519", "curve25519_x25519", 4, "u"),
    ("secp256r1", "p256_scalarmul", 4, "affine"),
    ("secp384r1", "p384_montjscalarmul", 6, "montgomery-jacobian"),
    ("secp521r1", "p521_jscalarmul", 9, "jacobian"),
]


def words(v: int, n: int) -> list[int]:
    """v as n little-endian 64-bit words."""
    return [(v >> (64 * i)) & (2**64 - 1) for i in range(n)]


def from_words(ws: list[int]) -> int:
    return sum(w << (64 * i) for i, w in enumerate(ws))


def inputs(seed: int = 2026) -> dict[str, tuple[int, list[int]]]:
    """For each function: the scalar (an integer) and the point's words as the function takes
    them (the base point; X25519's u = 9; P-384's in Montgomery form, R = 2^384; z = 1)."""
    rng = random.Random(seed)
    out = {}
    for target, fn, kw, form in PAIRS:
        if form == "u":
            out[fn] = (rng.getrandbits(256), words(9, 4))
            continue
        c = get_curve(target)
        k = rng.randrange(1, c.n)
        x, y = c.G
        if form == "affine":
            pt = words(x, kw) + words(y, kw)
        elif form == "montgomery-jacobian":
            R = pow(2, 64 * kw, c.p)
            pt = words(x * R % c.p, kw) + words(y * R % c.p, kw) + words(R, kw)
        else:
            pt = words(x, kw) + words(y, kw) + words(1, kw)
        out[fn] = (k, pt)
    return out


def expected_and_got(fn: str, k: int, res: list[int]) -> tuple[tuple, tuple]:
    """What fn must return for k times the base point, and what res says, both as affine
    coordinates (x, y) or X25519's 32 bytes; for the Jacobian forms x = X / Z^2, y = Y / Z^3
    (times R^-1 per coordinate in Montgomery form: X R / Z^2 and Y R^2 / Z^3)."""
    target, _, kw, form = next(p for p in PAIRS if p[1] == fn)
    if form == "u":
        want = x25519.shared_secret(k.to_bytes(32, "little"), (9).to_bytes(32, "little"), backend="python")
        return (want,), (from_words(res[:4]).to_bytes(32, "little"),)
    c = get_curve(target)
    p = c.p
    want = double_and_add_affine(c, k, c.G)
    a, b = from_words(res[:kw]), from_words(res[kw : 2 * kw])
    if form == "affine":
        return want, (a, b)
    z = from_words(res[2 * kw : 3 * kw])
    if z % p == 0:
        return want, (None,)
    if form == "montgomery-jacobian":
        R = pow(2, 64 * kw, p)
        return want, (a * R * pow(z, -2, p) % p, b * R * R * pow(z, -3, p) % p)
    return want, (a * pow(z, -2, p) % p, b * pow(z, -3, p) % p)


def build(s2n_dir: Path, out: Path) -> Path:
    lib = s2n_dir / "x86" / "libs2nbignum.a"
    if not lib.exists():
        raise FileNotFoundError(f"{lib} not found: build s2n-bignum first (see the docstring)")
    exe = out / "s2n_bignum_driver"
    cc = ["gcc", "-O2", "-I", str(s2n_dir / "include"), str(DRIVER), str(lib), "-o", str(exe)]
    subprocess.run(cc, check=True, capture_output=True, text=True)
    return exe


def theirs(driver: Path, core: int, runs: int, ins: dict) -> dict[str, tuple[float, float]]:
    """The driver's (min, median) per function, after checking each result (RuntimeError if one
    is wrong)."""
    lines = []
    for _, fn, kw, _ in PAIRS:
        k, point = ins[fn]
        lines.append(" ".join([fn, *(f"{w:x}" for w in words(k, kw)), *(f"{w:x}" for w in point)]))
    out = subprocess.run(
        ["taskset", "-c", str(core), str(driver), str(runs)],
        input="\n".join(lines) + "\n", capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    got = {}
    for line in out.splitlines():
        fn, mn, med, *res = line.split()
        want, have = expected_and_got(fn, ins[fn][0], [int(w, 16) for w in res])
        if tuple(want) != tuple(have):
            raise RuntimeError(f"{fn}: wrong result for the test scalar: {have} instead of {want}")
        got[fn] = (float(mn), float(med))
    return got


def ours(core: int, runs: int, level: str | None) -> dict[str, tuple[float, float, str]]:
    env = dict(os.environ)
    if level:
        env["ECEDU_PRIME_IMPL"] = level
    cmd = ["taskset", "-c", str(core), sys.executable, "-m", "ecedu", "speed", "ecdh", "--cycles"]
    cmd += ["--curves", *(t for t, *_ in PAIRS), "--runs", str(runs), "--json", "-q"]
    recs = json.loads(
        subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout
    )
    return {r["target"]: (r["min_ticks"], r["median_ticks"], r["implementation"]) for r in recs}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("s2n_dir", type=Path, help="an s2n-bignum checkout with x86/libs2nbignum.a built")
    p.add_argument("--core", type=int, default=1)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--runs", type=int, default=300, help="samples per figure, both sides (300)")
    p.add_argument("--level", help="force ecedu's prime-field level (ECEDU_PRIME_IMPL), e.g. mulx")
    p.add_argument("--driver", type=Path, help="an already built driver (skips the compilation)")
    p.add_argument(
        "--openssl",
        action="store_true",
        help="also run openssl speed ecdh on the four curves once a round and put both sides on its scale",
    )
    a = p.parse_args(argv)
    if a.driver is not None and not (a.driver.is_file() and os.access(a.driver, os.X_OK)):
        p.error(f"--driver {str(a.driver)!r} is not an executable file")
    ins = inputs()
    with tempfile.TemporaryDirectory() as tmp:
        try:
            driver = a.driver or build(a.s2n_dir, Path(tmp))
        except FileNotFoundError as e:
            print(e, file=sys.stderr)
            return 2
        best_theirs: dict[str, list[float]] = {}
        best_ours: dict[str, list] = {}
        rates: dict[str, list[float]] = {}
        for _ in range(a.rounds):
            try:
                measured = theirs(driver, a.core, a.runs, ins)
            except subprocess.CalledProcessError as e:  # a --driver that is not the driver, say
                why = e.stderr.strip()[:300]
                print(f"the driver {driver} failed (exit status {e.returncode}): {why}", file=sys.stderr)
                return 2
            for fn, (mn, med) in measured.items():
                old = best_theirs.get(fn, [float("inf"), float("inf")])
                best_theirs[fn] = [min(old[0], mn), min(old[1], med)]
            for t, (mn, med, lvl) in ours(a.core, a.runs, a.level).items():
                old = best_ours.get(t, [float("inf"), float("inf"), lvl])
                best_ours[t] = [min(old[0], mn), min(old[1], med), lvl]
            if a.openssl:
                for curve, r in opensslspeed.ecdh_rates([t for t, *_ in PAIRS]).items():
                    rates.setdefault(curve, []).append(r)
    print(f"TSC ticks, core {a.core}, best of {a.rounds} rounds; load average {os.getloadavg()[0]:.1f}")
    print(
        f"{'ecedu ECDH':<11} {'level':<12} {'min':>8} {'median':>8}   {'s2n-bignum':<20} {'min':>8} "
        f"{'median':>8}   ratio: medians   mins"
    )
    for target, fn, _, _ in PAIRS:
        mn, med, lvl = best_ours[target]
        tmn, tmed = best_theirs[fn]
        print(
            f"{target:<11} {lvl:<12} {mn:>8.0f} {med:>8.0f}   {fn:<20} {tmn:>8.0f} {tmed:>8.0f}"
            f"   {med / tmed:>14.2f} {mn / tmn:>6.2f}"
        )
    if a.openssl:
        rows = [(t, best_ours[t][1], fn, best_theirs[fn][1]) for t, fn, _, _ in PAIRS]
        print(cycles.openssl_beside(rows, rates, "s2n-bignum"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
