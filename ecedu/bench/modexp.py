"""``python -m ecedu speed modexp``: the NetBSD PR lib/28935 experiment with ecedu's kernels.

Two measurements, both C timing loops of :mod:`ecedu.native` at 32-bit and 64-bit limbs
(the same CIOS source compiled twice, src/field/gfp/mont.tmpl.h):

* the RSA private-key operation by the CRT (two half-size constant-time exponentiations),
  per modulus size, next to ``openssl speed rsaN`` sign/s run between ecedu's windows (the
  median of ``openssl_runs`` runs, as for ECDH);
* a dependent chain of Montgomery multiplications at 256 and 2048 bits (ns per
  multiplication), whose 64/32 ratio is the word-size effect itself.

The 64-bit kernels run at each prime-field level the CPU has, forced in turn ("portable": the
C CIOS; "mulx": the MULX/ADCX/ADOX multiplication and squaring of src/field/gfp/mont_adx.h;
"ifma": the mulx code with the exponentiations on AVX-512 IFMA, 52-bit digits in zmm registers,
the two CRT halves side by side, src/field/gfp/mont_ifma.h).  The ifma level times the RSA
operation only: its multiplication and squaring chains are the mulx code.

Reading the RSA-2048 ratio: on CPUs with AVX-512 IFMA, OpenSSL 3.0 signs RSA-2048 (and only that
size) by two 1024-bit exponentiations at once in 52-bit IFMA lanes; ``OPENSSL_ia32cap=":~0x200000"``
hides IFMA and shows its MULX/ADX path (on the AMD EPYC Zen 5 of the course: 4,926 -> 2,270
sign/s, while 1024, 3072 and 4096 do not move).  ecedu's ifma level is the like-for-like comparison
there (and its only IFMA code: 1024, 3072 and 4096 gain from it while OpenSSL 3.0's do not).

Records (JSON): ``op`` "modexp_crt" or "prime_mul", ``bits`` (``field`` too for prime_mul),
``variant`` "montgomery", ``limb_bits``, ``level`` ("portable", "mulx" or, RSA only, "ifma"),
``ops_per_s``, and ``openssl_ops_per_s``/``ratio`` (RSA) or ``ns_per_op``/``ratio_64_32`` (both;
for the mulx and ifma records the ratio to the 32-bit portable figure), ``ratio_mulx_portable``
(mulx records), ``ratio_ifma_mulx`` (ifma records).
"""

from __future__ import annotations

import random
import statistics

from . import native_adapter, opensslspeed
from .timing import Interleaved

RSA_SIZES = (1024, 2048, 3072, 4096)


def sizes_problem(sizes) -> str | None:
    """What is wrong with these RSA modulus sizes (bits) for :func:`run`, or None."""
    if any(b < 64 or b > 8192 or b % 2 for b in sizes):
        return "even RSA sizes from 64 to 8192 bits"
    return None


MUL_SIZES = (256, 2048)
WIDTHS = (32, 64)


def configs(mod, chain: bool = False) -> list:
    """(limb_bits, level, name) of every kernel timed: 32 and 64 portable, then 64 at mulx and at
    ifma if the CPU has them.  ``chain``: the multiplication/squaring chains, where ifma is left out
    (its multiplication and squaring are the mulx code; only its exponentiations differ)."""
    out = [(32, "portable", "32"), (64, "portable", "64")]
    levels = mod.available_prime_implementations()
    if "mulx" in levels:
        out.append((64, "mulx", "64mulx"))
    if "ifma" in levels and not chain:
        out.append((64, "ifma", "64ifma"))
    return out


def _at_level(mod, level, fn):
    """fn with the prime-field level forced to ``level`` for the call (then the default again)."""

    def call(k):
        mod.force_prime_implementation(level)
        try:
            return fn(k)
        finally:
            mod.force_prime_implementation(None)

    return call


def _is_probable_prime(n: int, rng: random.Random, rounds: int = 24) -> bool:
    if n < 4:
        return n in (2, 3)
    for sp in (3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % sp == 0:
            return n == sp
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for _ in range(rounds):
        x = pow(rng.randrange(2, n - 1), d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def _prime(bits: int, rng: random.Random, e: int) -> int:
    while True:
        p = rng.getrandbits(bits) | (3 << (bits - 2)) | 1  # top two bits: n has 2*bits bits
        if (p - 1) % e and _is_probable_prime(p, rng):
            return p


def rsa_key(bits: int, seed: int = 20261201) -> dict:
    """An RSA key of ``bits`` bits: libcrypto's through ``cryptography`` when installed
    (and bits >= 1024), else two seeded Miller-Rabin primes (the timing depends on the sizes only)."""
    e = 65537
    try:
        if bits < 1024:  # the smallest key cryptography makes
            raise ImportError
        from cryptography.hazmat.primitives.asymmetric import rsa

        pn = rsa.generate_private_key(public_exponent=e, key_size=bits).private_numbers()
        p, q, d = pn.p, pn.q, pn.d
        source = "cryptography (OpenSSL key generation)"
    except ImportError:
        rng = random.Random(seed + bits)
        p, q = _prime(bits // 2, rng, e), _prime(bits - bits // 2, rng, e)
        d = pow(e, -1, (p - 1) * (q - 1))
        source = "seeded Miller-Rabin primes"
    return {
        "n": p * q,
        "e": e,
        "d": d,
        "crt": (p, q, d % (p - 1), d % (q - 1), pow(q, -1, p)),
        "source": source,
    }


class _Job:
    """What timing.run_job expects: ``.bench`` (an Interleaved) and ``.info``."""

    def __init__(self, impls, cfg):
        self.bench = Interleaved(impls, cfg.seconds, cfg.windows, timer=cfg.timer)
        self.info = {}


def _speed_median(runs, bits):
    vals = [
        v
        for r in runs
        if r.parsed is not None and not r.error
        for v in [opensslspeed.rsa_sign_for(r.parsed, bits)]
        if v is not None
    ]
    return (statistics.median(vals) if vals else None), vals


def run(cfg, sizes=RSA_SIZES, mul_sizes=MUL_SIZES) -> list:
    """The records of ``ecedu speed modexp`` (cfg: a runner.Config; op, curves unused)."""
    nat = native_adapter.get()
    progress = cfg.progress or (lambda s: None)
    if not nat.available:
        return [{"op": "modexp_crt", "bits": None, "error": nat.reason}]
    mod = nat.module
    records = []
    confs = configs(mod)
    for bits in sizes:
        progress(f"modexp rsa{bits}: key ...")
        key = rsa_key(bits)
        n, e = key["n"], key["e"]
        c = pow(0x1234567 + bits, e, n)
        expect = pow(c, key["d"], n)
        checks = {}
        impls = {}
        for w, level, name in confs:
            got = _at_level(
                mod, level, lambda _k, w=w, kc=key["crt"], c=c: mod.rsa_private_crt(c, *kc, limb_bits=w)
            )(0)
            checks[f"limb{name}"] = "same as pow(c, d, n)" if got == expect else "MISMATCH"
            impls[f"crt{name}"] = _at_level(
                mod, level, lambda k, w=w, kc=key["crt"], c=c: mod.bench_modexp_crt(kc, c, w, k)
            )
        runs = []

        def middle(bits=bits, runs=runs):
            if cfg.openssl:
                runs.append(opensslspeed.run_speed([f"rsa{bits}"], cfg.seconds, elapsed=cfg.timer == "wall"))

        progress(f"modexp rsa{bits}: measuring ...")
        job = _Job(impls, cfg)
        job.bench.run_all(middle, cfg.openssl_runs)
        ossl, ossl_runs = _speed_median(runs, bits)
        rates = {name: job.bench.results[f"crt{name}"].ops_per_s for _, _, name in confs}
        for w, level, name in confs:
            res = job.bench.results[f"crt{name}"]
            rate = res.ops_per_s
            records.append(
                {
                    "op": "modexp_crt",
                    "bits": bits,
                    "field": bits,
                    "variant": "montgomery",
                    "limb_bits": w,
                    "level": level,
                    "ops_per_s": rate,
                    "spread": res.spread,
                    "openssl_ops_per_s": ossl,
                    "openssl_runs_ops_per_s": ossl_runs,
                    "openssl_source": f"openssl speed -mr rsa{bits} (sign/s)" if ossl else None,
                    "openssl_error": next((r.error for r in runs if r.error), None),
                    "ratio": rate / ossl if rate and ossl else None,
                    "ratio_64_32": _ratio(rates, "64" if level == "portable" else name, "32"),
                    "ratio_mulx_portable": _ratio(rates, "64mulx", "64") if level == "mulx" else None,
                    "ratio_ifma_mulx": _ratio(rates, "64ifma", "64mulx") if level == "ifma" else None,
                    "checks": {f"limb{name}": checks[f"limb{name}"]},
                    "key_source": key["source"],
                    "timer": cfg.timer,
                    "seconds": cfg.seconds,
                }
            )
    for bits in mul_sizes:
        progress(f"prime_mul {bits} bits: measuring ...")
        p = mod.bench_modulus(bits)
        chain_confs = configs(mod, chain=True)
        impls = {
            f"{op}{name}": _at_level(mod, level, lambda k, w=w, p=p, fn=fn: fn(p, w, k))
            for op, fn in (("mul", mod.bench_prime_mul), ("sqr", mod.bench_prime_sqr))
            for w, level, name in chain_confs
        }
        job = _Job(impls, cfg)
        job.bench.run_all()
        for op in ("mul", "sqr"):
            _chain_records(records, job, op, bits, chain_confs, cfg)
    return records


def _chain_records(records, job, op, bits, confs, cfg):
    """The prime_mul / prime_sqr records of one size from a finished job."""
    rates = {name: job.bench.results[f"{op}{name}"].ops_per_s for _, _, name in confs}
    for w, level, name in confs:
        rate = rates[name]
        records.append(
            {
                "op": f"prime_{op}",
                "bits": bits,
                "field": bits,
                "variant": "montgomery",
                "limb_bits": w,
                "level": level,
                "ops_per_s": rate,
                "ns_per_op": 1e9 / rate if rate else None,
                "spread": job.bench.results[f"{op}{name}"].spread,
                "ratio_64_32": _ratio(rates, "64mulx" if level == "mulx" else "64", "32"),
                "ratio_mulx_portable": _ratio(rates, "64mulx", "64") if level == "mulx" else None,
                "timer": cfg.timer,
                "seconds": cfg.seconds,
            }
        )


def _ratio(rates, a, b):
    return rates[a] / rates[b] if rates.get(a) and rates.get(b) else None


def _by_size(records, op, level="portable"):
    """{(bits, limb_bits): record} of op at level (records without a level are portable)."""
    return {
        (r["bits"], r["limb_bits"]): r
        for r in records
        if r.get("op") == op and r.get("bits") and r.get("level", "portable") == level
    }


def _chain_table(lines, records, op, what):
    mul = _by_size(records, op)
    mulx = _by_size(records, op, "mulx")
    if mul:
        lines.append("")
        lines.append(f"Montgomery {what} (CIOS; mulx: SOS with MULX/ADX), dependent chain, ns per {what}")
        lines.append(
            f"{'bits':>6} {'32-bit limbs':>13} {'64-bit limbs':>13} {'64/32 speed-up':>15} "
            f"{'64-bit mulx':>12} {'mulx/64':>8}"
        )
        for bits in sorted({b for b, _ in mul}):
            r32, r64, rx = mul.get((bits, 32), {}), mul.get((bits, 64), {}), mulx.get((bits, 64), {})
            lines.append(
                f"{bits:>6} {_f(r32.get('ns_per_op'), '{:,.1f}'):>13} "
                f"{_f(r64.get('ns_per_op'), '{:,.1f}'):>13} {_f(r64.get('ratio_64_32'), '{:.2f}'):>15} "
                f"{_f(rx.get('ns_per_op'), '{:,.1f}'):>12} {_f(rx.get('ratio_mulx_portable'), '{:.2f}'):>8}"
            )


def _f(x, fmt="{:,.0f}"):
    return "-" if x is None else fmt.format(x)


def format_table(records) -> str:
    """Two tables: RSA CRT op/s vs openssl speed, and Montgomery ns/mul with the 64/32 ratio."""
    lines = []
    rsa = _by_size(records, "modexp_crt")
    rsax = _by_size(records, "modexp_crt", "mulx")
    rsai = _by_size(records, "modexp_crt", "ifma")
    if rsa:
        lines.append("RSA private-key operation (CRT, constant time), operations per second")
        lines.append(
            f"{'bits':>6} {'ecedu 32-bit':>13} {'ecedu 64-bit':>13} {'64/32':>6} {'64-bit mulx':>12} "
            f"{'64-bit ifma':>12} {'openssl sign':>13} {'32/openssl':>11} {'64/openssl':>11} "
            f"{'mulx/openssl':>13} {'ifma/openssl':>13}"
        )
        for bits in sorted({b for b, _ in rsa}):
            r32, r64, rx = rsa.get((bits, 32), {}), rsa.get((bits, 64), {}), rsax.get((bits, 64), {})
            ri = rsai.get((bits, 64), {})
            lines.append(
                f"{bits:>6} {_f(r32.get('ops_per_s')):>13} {_f(r64.get('ops_per_s')):>13} "
                f"{_f(r64.get('ratio_64_32'), '{:.2f}'):>6} {_f(rx.get('ops_per_s')):>12} "
                f"{_f(ri.get('ops_per_s')):>12} {_f(r64.get('openssl_ops_per_s')):>13} "
                f"{_f(r32.get('ratio'), '{:.2f}'):>11} {_f(r64.get('ratio'), '{:.2f}'):>11} "
                f"{_f(rx.get('ratio'), '{:.2f}'):>13} {_f(ri.get('ratio'), '{:.2f}'):>13}"
            )
        err = next((r.get("openssl_error") for r in rsa.values() if r.get("openssl_error")), None)
        if err:
            lines.append(f"  openssl: {err}")
    for op, what in (("prime_mul", "multiplication"), ("prime_sqr", "squaring")):
        _chain_table(lines, records, op, what)
    bad = [r for r in records for v in (r.get("checks") or {}).values() if "MISMATCH" in str(v)]
    bad = [r for r in records for v in (r.get("checks") or {}).values() if "MISMATCH" in str(v)]
    if bad:
        which = ", ".join(f"{r['bits']}/{r['limb_bits']}/{r.get('level', 'portable')}" for r in bad)
        lines.append("MISMATCH against pow(c, d, n): " + which)
    return "\n".join(lines)


def plot(records, path: str, title: str | None = None) -> str:
    """Two panels: RSA CRT operations per second per size (32-bit, 64-bit limbs, openssl speed),
    log scale, with the 64/32 ratio over each pair; and ns per Montgomery multiplication."""
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    rsa = _by_size(records, "modexp_crt")
    rsax = _by_size(records, "modexp_crt", "mulx")
    rsai = _by_size(records, "modexp_crt", "ifma")
    mul = _by_size(records, "prime_mul")
    fig, axes = plt.subplots(1, 2, figsize=(11, 4), gridspec_kw={"width_ratios": [3, 2]})
    ax = axes[0]
    sizes = sorted({b for b, _ in rsa})
    series = [
        ("ecedu, 32-bit limbs", "#ff7f0e", lambda b: rsa.get((b, 32), {}).get("ops_per_s")),
        ("ecedu, 64-bit limbs", "#1f77b4", lambda b: rsa.get((b, 64), {}).get("ops_per_s")),
        ("ecedu, 64-bit MULX/ADX", "#9467bd", lambda b: rsax.get((b, 64), {}).get("ops_per_s")),
        ("ecedu, AVX-512 IFMA", "#d62728", lambda b: rsai.get((b, 64), {}).get("ops_per_s")),
        ("openssl speed (sign)", "#2ca02c", lambda b: rsa.get((b, 64), {}).get("openssl_ops_per_s")),
    ]
    width = 0.8 / len(series)
    for k, (label, colour, value) in enumerate(series):
        xs = [i + (k - (len(series) - 1) / 2) * width for i, b in enumerate(sizes) if value(b)]
        ys = [value(b) for b in sizes if value(b)]
        ax.bar(xs, ys, width, label=label, color=colour)
    for i, b in enumerate(sizes):
        ratio = rsa.get((b, 64), {}).get("ratio_64_32")
        top = rsa.get((b, 64), {}).get("ops_per_s")
        if ratio and top:
            ax.annotate(f"{ratio:.2f}x", (i, top), ha="center", va="bottom", fontsize=8)
    ax.set_xticks(range(len(sizes)), [f"RSA-{b}" for b in sizes])
    ax.set_yscale("log")
    ax.set_ylabel("private-key operations / s (CRT)")
    ax.legend(fontsize=8)
    ax.set_title("RSA private key: limb width and OpenSSL")
    ax = axes[1]
    msizes = sorted({b for b, _ in mul})
    for k, (w, colour) in enumerate(((32, "#ff7f0e"), (64, "#1f77b4"))):
        ns = [mul.get((b, w), {}).get("ns_per_op") or 0 for b in msizes]
        ax.bar(
            [i + (k - 0.5) * 0.4 for i in range(len(msizes))], ns, 0.4, label=f"{w}-bit limbs", color=colour
        )
    for i, b in enumerate(msizes):
        ratio = mul.get((b, 64), {}).get("ratio_64_32")
        if ratio:
            ax.annotate(f"{ratio:.2f}x", (i, mul[(b, 32)]["ns_per_op"]), ha="center", va="bottom", fontsize=8)
    ax.set_xticks(range(len(msizes)), [f"{b} bits" for b in msizes])
    ax.set_yscale("log")
    ax.set_ylabel("ns per Montgomery multiplication")
    ax.legend(fontsize=8)
    ax.set_title("CIOS multiplication (dependent chain)")
    if title:
        fig.suptitle(title, fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
