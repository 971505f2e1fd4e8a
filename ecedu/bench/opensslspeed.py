"""Run ``openssl speed -mr`` and parse its machine-readable output.

Formats (checked against OpenSSL 3.0.19, see tests/bench/fixtures/):

stdout, one summary line per algorithm run::

    +F5:<index>:<bits>:<ops/s>:<seconds/op>     ECDH   e.g. +F5:6:163:2821.000000:0.000354
    +F4:<index>:<bits>:<sign/s>:<verify/s>      ECDSA  e.g. +F4:6:163:2384.000000:1224.000000
    +F2:<index>:<bits>:<sign/s>:<verify/s>      RSA    e.g. +F2:1:1024:17506.000000:294942.424242

stderr, the raw counts behind them::

    +DTP:<bits>:<what>:<alg>:<seconds>                  "doing ..." announcement
    +R7:<count>:<bits>:<seconds>                        ECDH ops done in <seconds> (CPU time)
    +R5:<count>:<bits>:<seconds>  +R6:...               ECDSA signs / verifies

With ``-multi N`` stdout also carries one ``Got: +F5:... from <child>`` line per
child, then the summed ``+F5`` line (ops/s of all children added, as OpenSSL does).

``<index>`` is the position of the curve in OpenSSL's internal table (0 = P-160,
6 = K-163, 11 = B-163 ...); two curves may share ``<bits>`` (K-163 and B-163), so we
run one algorithm per curve, or map the index with :data:`SPEED_INDEX` and check
that ``<bits>`` agrees.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass, field

# SEC 2 name -> suffix of openssl speed's algorithm names (ecdh<suffix>, ecdsa<suffix>)
# and the NIST-style name openssl prints in its table.
SPEED_SUFFIX = {
    "secp160r1": "p160",
    "secp192r1": "p192",
    "secp224r1": "p224",
    "secp256r1": "p256",
    "secp384r1": "p384",
    "secp521r1": "p521",
    "sect163k1": "k163",
    "sect233k1": "k233",
    "sect283k1": "k283",
    "sect409k1": "k409",
    "sect571k1": "k571",
    "sect163r2": "b163",
    "sect233r1": "b233",
    "sect283r1": "b283",
    "sect409r1": "b409",
    "sect571r1": "b571",
    "X25519": "x25519",  # ecdhx25519 (no ECDSA: X25519 is key agreement only)
    # OpenSSL 3.0 has three of the five Brainpool r1 curves (not P224r1, P320r1)
    "brainpoolP256r1": "brp256r1",
    "brainpoolP384r1": "brp384r1",
    "brainpoolP512r1": "brp512r1",
}

# Position in OpenSSL 3.0's ec curve table (the <index> of +F4/+F5 lines).
SPEED_INDEX = {
    0: "secp160r1",
    1: "secp192r1",
    2: "secp224r1",
    3: "secp256r1",
    4: "secp384r1",
    5: "secp521r1",
    6: "sect163k1",
    7: "sect233k1",
    8: "sect283k1",
    9: "sect409k1",
    10: "sect571k1",
    11: "sect163r2",
    12: "sect233r1",
    13: "sect283r1",
    14: "sect409r1",
    15: "sect571r1",
    16: "brainpoolP256r1",  # 16-21: brainpoolP256r1, P256t1, P384r1, P384t1, P512r1, P512t1
    18: "brainpoolP384r1",
    20: "brainpoolP512r1",
    22: "X25519",  # OpenSSL 3.0's ecdh table: 16-21 are brainpool, then X25519 and X448
}

CURVE_BITS = {
    "secp160r1": 160,
    "secp192r1": 192,
    "secp224r1": 224,
    "secp256r1": 256,
    "secp384r1": 384,
    "secp521r1": 521,
    "sect163k1": 163,
    "sect233k1": 233,
    "sect283k1": 283,
    "sect409k1": 409,
    "sect571k1": 571,
    "sect163r2": 163,
    "sect233r1": 233,
    "sect283r1": 283,
    "sect409r1": 409,
    "sect571r1": 571,
    "X25519": 253,  # openssl speed prints the bits of the group order
    "brainpoolP256r1": 256,
    "brainpoolP384r1": 384,
    "brainpoolP512r1": 512,
}

NOT_IN_SPEED_REASON = "openssl speed has no algorithm for this curve"


def speed_name(curve: str) -> str | None:
    """openssl's name (``nistk163``, ``nistp256``, ``secp160r1``, ``brainpoolP256r1``) or None if
    speed lacks it."""
    s = SPEED_SUFFIX.get(curve)
    if s is None:
        return None
    if s == "x25519":
        return "X25519"
    if s.startswith("brp"):
        return curve  # openssl prints "256 bits ecdh (brainpoolP256r1)"
    return "secp160r1" if s == "p160" else "nist" + s


def speed_algorithms(op: str, curve: str) -> str | None:
    """The ``openssl speed`` algorithm for (op, curve): ecdh -> ecdhk163, ecdsa_* -> ecdsak163."""
    s = SPEED_SUFFIX.get(curve)
    if s is None:
        return None
    if op == "ecdh":
        return "ecdh" + s
    if op in ("ecdsa", "ecdsa_sign", "ecdsa_verify") and s != "x25519":
        return "ecdsa" + s
    return None


@dataclass
class SpeedResult:
    """One parsed ``+F4``/``+F5`` line."""

    kind: str  # "ecdh" or "ecdsa"
    index: int
    bits: int
    ops_per_s: dict  # {"ecdh": x} or {"ecdsa_sign": x, "ecdsa_verify": y}
    child: int | None = None  # -multi child number for "Got: ... from N" lines
    curve: str | None = None  # mapped through SPEED_INDEX when the bits agree

    def as_dict(self):
        return {
            "kind": self.kind,
            "index": self.index,
            "bits": self.bits,
            "ops_per_s": dict(self.ops_per_s),
            "child": self.child,
            "curve": self.curve,
        }


@dataclass
class RawCount:
    """One ``+R5``/``+R6``/``+R7`` line of stderr: count ops in seconds (CPU)."""

    op: str
    count: int
    bits: int
    seconds: float


@dataclass
class SpeedOutput:
    results: list = field(default_factory=list)  # summary SpeedResult (child None)
    children: list = field(default_factory=list)  # per-child SpeedResult (-multi)
    raw: list = field(default_factory=list)  # RawCount
    rsa: list = field(default_factory=list)  # RsaResult (summary lines only)


@dataclass
class RsaResult:
    """One parsed ``+F2`` line: RSA private-key (sign) and public-key (verify) ops/s."""

    index: int
    bits: int
    sign_per_s: float
    verify_per_s: float


_F_RE = re.compile(
    r"^(?:Got: )?\+F([45]):(\d+):(\d+):([0-9.eE+-]+):([0-9.eE+-]+)"
    r"(?: from (\d+))?\s*$"
)
_F2_RE = re.compile(r"^\+F2:(\d+):(\d+):([0-9.eE+-]+):([0-9.eE+-]+)\s*$")
_R_RE = re.compile(r"^\+R([567]):(\d+):(\d+):([0-9.eE+-]+)\s*$")
_R_OP = {"5": "ecdsa_sign", "6": "ecdsa_verify", "7": "ecdh"}


def parse_mr(stdout: str, stderr: str = "") -> SpeedOutput:
    """Parse ``openssl speed -mr`` output (stdout, and optionally stderr).

    Lines that are not ECDH/ECDSA machine-readable records (``Forked child``, human
    tables, other algorithms' ``+F`` lines) are ignored.
    """
    out = SpeedOutput()
    for line in (stdout + "\n" + stderr).splitlines():
        line = line.strip()
        m = _F2_RE.match(line)
        if m:
            index, bits, x, y = m.groups()
            out.rsa.append(RsaResult(int(index), int(bits), float(x), float(y)))
            continue
        m = _F_RE.match(line)
        if m:
            kind_code, index, bits, x, y, child = m.groups()
            index, bits = int(index), int(bits)
            if kind_code == "5":
                res = SpeedResult("ecdh", index, bits, {"ecdh": float(x)})
            else:
                res = SpeedResult("ecdsa", index, bits, {"ecdsa_sign": float(x), "ecdsa_verify": float(y)})
            name = SPEED_INDEX.get(index)
            if name is not None and CURVE_BITS[name] == bits:
                res.curve = name
            if child is not None:
                res.child = int(child)
                out.children.append(res)
            else:
                out.results.append(res)
            continue
        m = _R_RE.match(line)
        if m:
            code, count, bits, secs = m.groups()
            out.raw.append(RawCount(_R_OP[code], int(count), int(bits), float(secs)))
    return out


def openssl_binary() -> str | None:
    return shutil.which("openssl")


def openssl_version(binary: str | None = None) -> str | None:
    binary = binary or openssl_binary()
    if binary is None:
        return None
    try:
        return subprocess.run([binary, "version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None


def openssl_seconds(seconds: float) -> int:
    """``openssl speed -seconds`` takes a positive integer: round, at least 1."""
    return max(1, int(round(seconds)))


@dataclass
class SpeedRun:
    argv: list
    returncode: int | None
    stdout: str
    stderr: str
    parsed: SpeedOutput | None
    error: str | None = None
    wall_seconds: float | None = None


def run_speed(
    algorithms,
    seconds: float = 1,
    multi: int | None = None,
    binary: str | None = None,
    timeout: float | None = None,
    elapsed: bool = False,
) -> SpeedRun:
    """Run ``openssl speed -mr [-elapsed] -seconds S [-multi N] alg...`` and parse it.

    Without ``-elapsed`` openssl divides by the user CPU time of the benchmark loop."""
    import time

    binary = binary or openssl_binary()
    algorithms = list(algorithms)
    argv = [binary or "openssl", "speed", "-mr"] + (["-elapsed"] if elapsed else [])
    argv += ["-seconds", str(openssl_seconds(seconds))]
    if multi and multi > 1:
        argv += ["-multi", str(int(multi))]
    argv += algorithms
    if binary is None:
        return SpeedRun(argv, None, "", "", None, error="openssl binary not found on PATH")
    if timeout is None:
        # ecdsa runs sign and verify: 2 windows per algorithm, plus key generation.
        timeout = 60 + 4 * openssl_seconds(seconds) * max(1, len(algorithms))
    t0 = time.perf_counter()
    try:
        cp = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return SpeedRun(argv, None, "", "", None, error=f"openssl speed timed out after {timeout}s")
    except OSError as exc:
        return SpeedRun(argv, None, "", "", None, error=f"cannot run openssl: {exc}")
    wall = time.perf_counter() - t0
    parsed = parse_mr(cp.stdout, cp.stderr)
    err = None
    if cp.returncode != 0:
        first = (cp.stderr.strip().splitlines() or ["?"])[0]
        err = f"openssl speed exited {cp.returncode}: {first}"
    elif not parsed.results and not parsed.rsa:
        err = "openssl speed printed no +F2/+F4/+F5 line"
    return SpeedRun(argv, cp.returncode, cp.stdout, cp.stderr, parsed, err, wall)


def ecdh_rates(curves, seconds: float = 1, binary: str | None = None) -> dict[str, float]:
    """``openssl speed ecdh`` op/s for each of *curves* (SEC 2 names or ``X25519``), one
    ``openssl speed -mr -seconds S ecdh<curve>`` run per curve; a curve that openssl speed lacks,
    or a run that fails, is left out of the result (its figure is not guessed)."""
    rates = {}
    for curve in curves:
        alg = speed_algorithms("ecdh", curve)
        if alg is None:
            continue
        run = run_speed([alg], seconds=seconds, binary=binary)
        res = result_for(run.parsed, curve, "ecdh") if run.parsed and not run.error else None
        if res is not None:
            rates[curve] = res.ops_per_s["ecdh"]
    return rates


def rsa_sign_for(parsed: SpeedOutput, bits: int) -> float | None:
    """RSA sign/s (the private-key operation) for a modulus of ``bits`` bits, or None."""
    for r in parsed.rsa:
        if r.bits == bits:
            return r.sign_per_s
    return None


def result_for(parsed: SpeedOutput, curve: str, kind: str) -> SpeedResult | None:
    """The summary result for ``curve`` (by index/bits) of kind "ecdh"/"ecdsa"."""
    for r in parsed.results:
        if r.kind == kind and r.curve == curve:
            return r
    # Unknown index table (another OpenSSL version): accept a unique bits match.
    bits = CURVE_BITS.get(curve)
    cands = [r for r in parsed.results if r.kind == kind and r.bits == bits]
    return cands[0] if len(cands) == 1 else None
