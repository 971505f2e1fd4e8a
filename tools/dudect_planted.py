"""Show that the timing-leakage test (ecedu/bench/dudect.py) fails on a planted leak.

Copies the C sources to a temporary directory, plants secret-dependent branches there (never in
the tree), builds that copy (``ecedu.native.build``, a full build: minutes on 2 cores) and runs
``python -m ecedu.bench.dudect`` on it through ECEDU_NATIVE_LIB.  Each plant keeps the results
right (it repeats work, it does not skip it), so every caller still sees valid points and only
the time depends on the secret:

  fixed_base  curve/fixed_base.tmpl.h (the binary curves' comb, every level): when k is even
              the conversion to affine coordinates (an inversion) is done twice;
  fe_inv      field/gfp/fe_sat.tmpl.h (P-256's inversion, both prime levels): one extra
              multiplication by 1 when bit 0 of the element's representation is set.

Usage::

    python tools/dudect_planted.py [--samples 20000] [--keep DIR] [--lib LIB]

(--keep: build in DIR and leave it; --lib: skip the build and test that planted library.)
The binary ladder (``--target scalar`` on sect233r1) and X25519 have no plant: the controls.
Measured (20,000 samples, AMD EPYC Zen 5, a busy shared machine): k G on sect233r1 |t| = 62, 94,
94, 91 (portable, pclmul, avx2, avx512); sign-k on sect233r1 68, 104, 103, 97; the P-256
inversion 20, 41 (portable, mulx); the P-256 signature 1.1, 2.3 (the one multiplication of the
plant, ~40 cycles in ~100,000, is too small for that sample); the controls below 2.5.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "ecedu" / "native" / "src"

#: file -> (text, the text with the planted branch): each must occur exactly once
PLANTS = {
    "curve/fixed_base.tmpl.h": (
        "    FN(ld_to_affine)(ox, oy, Q[0], Q[1], Z);\n",
        "    FN(ld_to_affine)(ox, oy, Q[0], Q[1], Z);\n"
        "    if (neg) FN(ld_to_affine)(ox, oy, Q[0], Q[1], Z); /* PLANTED: secret branch */\n",
    ),
    "field/gfp/fe_sat.tmpl.h": (
        "    *r = acc;\n    ecedu_wipe(&x, sizeof x);\n",
        "    if (x.v[0] & 1) { /* PLANTED: secret branch */\n"
        "        FE_NAME(fe) one;\n"
        "        FE_NAME(set_small)(&one, 1);\n"
        "        FE_NAME(mul)(&acc, &acc, &one);\n"
        "    }\n"
        "    *r = acc;\n    ecedu_wipe(&x, sizeof x);\n",
    ),
}

#: (target, curve) runs: the planted paths (the comb also under signing; the P-256 inversion
#: itself and under signing, whose k G ends with one: too small a leak to be seen there), then two
#: controls without a plant
RUNS = (
    ("base", "sect233r1"),
    ("sign-k", "sect233r1"),
    ("inv", "secp256r1"),
    ("sign", "secp256r1"),
    ("scalar", "sect233r1"),
    ("x25519", "curve25519"),
)


def plant(dst: Path) -> Path:
    """A copy of the C sources in dst/src with the PLANTS; returns that directory."""
    src = dst / "src"
    shutil.copytree(SRC, src)
    for rel, (old, new) in PLANTS.items():
        path = src / rel
        text = path.read_text()
        if text.count(old) != 1:
            raise SystemExit(f"{rel}: the text to plant in is not there exactly once (the file changed)")
        path.write_text(text.replace(old, new))
    return src


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--samples", type=int, default=20_000)
    p.add_argument("--keep", help="build in this directory and keep it")
    p.add_argument("--lib", help="a planted library already built (skips the build)")
    a = p.parse_args(argv)
    if a.samples < 1000:
        p.error("--samples: at least 1000 (ecedu.bench.dudect's own minimum)")
    if a.lib and not Path(a.lib).is_file():
        p.error(f"--lib {a.lib!r} is not a file")
    sys.path.insert(0, str(ROOT))
    from ecedu.native import build

    tmp = None
    if a.lib:
        lib = Path(a.lib)
    else:
        work = Path(a.keep) if a.keep else Path(tmp := tempfile.mkdtemp(prefix="ecedu-planted-"))
        work.mkdir(parents=True, exist_ok=True)
        src = plant(work)
        print(f"building the planted copy in {work} (a full build)", flush=True)
        lib = build.build(work, src_dir=src)
    env = dict(os.environ, ECEDU_NATIVE_LIB=str(lib), PYTHONPATH=str(ROOT))
    failed = []
    try:
        for target, curve in RUNS:
            cmd = [sys.executable, "-m", "ecedu.bench.dudect", "--target", target, "--curve", curve]
            if subprocess.run(cmd + ["--samples", str(a.samples)], env=env, cwd=ROOT).returncode:
                failed.append(f"{target} on {curve}")
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    if failed:  # a run that could not measure (a --lib that is no ecedu library, say) is no verdict
        print(f"these runs failed, see above: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
