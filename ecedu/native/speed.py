"""Side-by-side ECDH speed: ecedu.native vs `openssl speed` on the ten NIST binary curves.

Usage::

    python -m ecedu.native.speed [--seconds 2] [--curves k163,b163,...]

For each curve it runs ``openssl speed -seconds S -mr ecdh<curve>`` and then
``ecedu.native.bench_ecdh`` for about the same CPU time.  Both figures are
operations per second of *process CPU time* (openssl speed divides by CPU
user time unless -elapsed is given; bench_ecdh uses CLOCK_PROCESS_CPUTIME_ID),
so they stay comparable on a shared machine.  The native figure is a full
ECDH: SEC 1 decoding and validation of the peer point (on curve, subgroup),
scalar check, Montgomery ladder, x output.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys

from ecedu import native

NIST = {
    "k163": "sect163k1", "b163": "sect163r2", "k233": "sect233k1", "b233": "sect233r1",
    "k283": "sect283k1", "b283": "sect283r1", "k409": "sect409k1", "b409": "sect409r1",
    "k571": "sect571k1", "b571": "sect571r1",
}


def openssl_ecdh(nist: str, seconds: int) -> float | None:
    if shutil.which("openssl") is None:
        return None
    r = subprocess.run(["openssl", "speed", "-seconds", str(seconds), "-mr", f"ecdh{nist}"],
                       capture_output=True, text=True)
    m = re.search(r"^\+F5:\d+:\d+:([0-9.]+)", r.stdout, re.M)
    return float(m.group(1)) if m else None


def native_ecdh(curve: str, seconds: float) -> float:
    it = 16
    while True:  # grow until the run lasts about `seconds`
        t = native.bench_ecdh(curve, it)
        if t >= seconds or it > 1 << 24:
            return it / t
        it = int(it * min(16.0, max(2.0, 1.2 * seconds / max(t, 1e-6))))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=int, default=2)
    p.add_argument("--curves", default=",".join(NIST))
    a = p.parse_args(argv)
    if not native.available():
        print(native.load_error(), file=sys.stderr)
        return 1
    print(f"ecedu.native implementation: {native.implementation()}")
    print(f"{'curve':<10} {'openssl ECDH/s':>15} {'native ECDH/s':>14} {'us/op':>8} {'ratio':>7}")
    for nist in a.curves.split(","):
        curve = NIST[nist]
        o = openssl_ecdh(nist, a.seconds)
        n = native_ecdh(curve, a.seconds)
        ratio = f"{n / o:6.1f}x" if o else "   n/a"
        print(f"{curve:<10} {o if o else float('nan'):>15.0f} {n:>14.0f} {1e6 / n:>8.1f} {ratio:>7}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
