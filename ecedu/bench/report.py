"""Text table (in the style of ``openssl speed``), JSON and a matplotlib bar chart."""

from __future__ import annotations

import json
import math
import os

_OP_LABEL = {"ecdh": "ecdh", "ecdsa_sign": "sign", "ecdsa_verify": "verify", "field_mul": "mul"}


def _r(x):
    if x is None:
        return "-"
    if x >= 1e6:
        return f"{x / 1e6:.2f}M"
    if x >= 100:
        return f"{x:.1f}"
    if x >= 1:
        return f"{x:.2f}"
    return f"{x:.3f}"


def _t(x):
    return "-" if not x else f"{1.0 / x:.6f}s" if x < 1e4 else f"{1e9 / x:.0f}ns"


def format_table(records) -> str:
    """One row per record, like ``openssl speed``'s `` 163 bits ecdh (nistk163)`` rows.

    Columns: time per op and ops/s of ecedu's native C loop, the public Python function
    (``n``: it ran the native backend, ``p``: pure Python), the pure-Python backend when
    measured separately, OpenSSL (``*`` = measured in-process via libcrypto because
    ``openssl speed`` lacks the curve; ``c`` = libcrypto per call via ctypes), the ratio
    ecedu/OpenSSL (``p``: computed from the Python function because there is no native
    figure), the ratio of the best ecedu window to the best ``openssl speed`` run, and
    the largest spread over windows.  The OpenSSL figure is the median of several
    ``openssl speed`` runs spread between ecedu's windows.
    """
    lines = []
    lines.append(
        f"{'':33s}{'time/op':>10s}{'native op/s':>12s}{'py-api op/s':>14s}"
        f"{'pure-py op/s':>13s}{'openssl op/s':>14s}{'ratio':>8s}{'best':>7s}{'spread':>7s}"
    )
    for r in records:
        label = f"{r['bits']:4d} bits {_OP_LABEL.get(r['op'], r['op']):6s} ({r['curve']})"
        nat = r.get("ecedu_ops_per_s")
        api = r.get("ecedu_python_ops_per_s")
        base = nat if nat is not None else api
        tag = {"native": "n", "python": "p"}.get(r.get("ecedu_python_backend"), " ")
        pure = r.get("ecedu_pure_python_ops_per_s")
        if r.get("ecedu_python_backend") == "python":
            pure = None  # same measurement as the py-api column
        ossl = r.get("openssl_ops_per_s")
        mark = "*" if r.get("openssl_source") == "libcrypto in-process" else " "
        if r["op"] == "field_mul" and ossl is None and r.get("libcrypto_ops_per_s"):
            ossl, mark = r["libcrypto_ops_per_s"], "c"
        ratio = r.get("ratio")
        basis = "p" if str(r.get("ratio_basis", "")).startswith("python") else " "
        spreads = [v for v in (r.get("spread") or {}).values() if v is not None]
        sp = f"{100 * max(spreads):.0f}%" if spreads else "-"
        rs = f"{ratio:.2f}{basis}" if ratio is not None else "- "
        rb = r.get("ratio_best")
        bs = f"{rb:.2f}" if rb is not None else "-"
        lines.append(
            f" {label:32s}{_t(base):>10s}{_r(nat):>12s}{_r(api):>13s}{tag}"
            f"{_r(pure):>13s}{_r(ossl):>13s}{mark}{rs:>8s}{bs:>7s}{sp:>7s}"
        )
    lines.append("")
    lines.append(
        "native = ecedu's C timing loop; py-api = the public Python function "
        "(n: native backend, p: pure Python); ratio = native (else py-api, p) / OpenSSL,"
    )
    lines.append(
        "medians (openssl: median of the openssl speed runs); best = fastest ecedu window "
        "/ fastest openssl run (more, shorter windows on ecedu's side: best leans its way; quote ratio);"
    )
    lines.append(
        "openssl: * = libcrypto in-process (curve not in openssl speed), c = libcrypto "
        "per call via ctypes (no openssl speed figure); spread = max (max-min)/median."
    )
    notes = [(r["op"], r["curve"], r.get("notes") or [r["note"]]) for r in records if r.get("note")]
    if notes:
        seen = set()
        lines.append("notes (each shown once):")
        for op, curve, parts in notes:
            for part in parts:
                key = part.split(" (")[0] if part.startswith(("ratio", "ecedu_ops")) else part
                if key in seen:
                    continue
                seen.add(key)
                lines.append(f"  [{op} {curve}] {part}")
    checks = [
        (r["op"], r["curve"], k, v)
        for r in records
        for k, v in (r.get("checks") or {}).items()
        if "MISMATCH" in str(v)
    ]
    for op, curve, k, v in checks:
        lines.append(f"  CHECK FAILED [{op} {curve}] {k}: {v}")
    return "\n".join(lines)


def _clean(x):
    if isinstance(x, float) and (math.isnan(x) or math.isinf(x)):
        return None
    if isinstance(x, dict):
        return {k: _clean(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_clean(v) for v in x]
    return x


def to_json(records) -> str:
    return json.dumps(_clean(records), indent=2)


def plot(records, path: str, title: str | None = None) -> str:
    """Grouped bar chart (log scale) of ops/s per curve; one panel per op."""
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    ops = []
    for r in records:
        if r["op"] not in ops:
            ops.append(r["op"])

    def api_native(r):
        return r.get("ecedu_python_ops_per_s") if r.get("ecedu_python_backend") == "native" else None

    def pure(r):
        if r.get("ecedu_python_backend") == "python":
            return r.get("ecedu_python_ops_per_s")
        return r.get("ecedu_pure_python_ops_per_s")

    def field_only(key):
        return lambda r: r.get(key) if r["op"] == "field_mul" else None

    series = [
        (lambda r: r.get("ecedu_ops_per_s"), "ecedu native (C loop)", "#1f77b4"),
        (api_native, "ecedu Python function, native backend", "#aec7e8"),
        (field_only("native_call_ops_per_s"), "ecedu native, one ctypes call each", "#17becf"),
        (field_only("native_batch_ops_per_s"), "ecedu native batch API (per product)", "#393b79"),
        (pure, "ecedu pure Python", "#ff7f0e"),
        (field_only("galois_ops_per_s"), "galois", "#9467bd"),
        (lambda r: r.get("openssl_ops_per_s"), "OpenSSL", "#2ca02c"),
        (field_only("libcrypto_ops_per_s"), "libcrypto BN_GF2m_mod_mul_arr (ctypes)", "#98df8a"),
    ]
    fig, axes = plt.subplots(
        len(ops), 1, figsize=(max(9, 0.75 * len(records) / len(ops) + 5), 4.2 * len(ops)), squeeze=False
    )
    for ax, op in zip(axes[:, 0], ops):
        recs = [r for r in records if r["op"] == op]
        present = [s for s in series if any(s[0](r) for r in recs)]
        n = max(1, len(present))
        width = 0.8 / n
        xs = range(len(recs))
        allvals = []
        for i, (get, label, color) in enumerate(present):
            vals = [get(r) or 0 for r in recs]
            allvals += [v for v in vals if v > 0]
            pos = [x - 0.4 + width * (i + 0.5) for x in xs]
            ax.bar(pos, vals, width, label=label, color=color)
        ax.set_xticks(list(xs))
        ax.set_xticklabels([r["curve"] for r in recs], rotation=45, ha="right", fontsize=8)
        ax.set_yscale("log")
        if allvals:
            ax.set_ylim(min(allvals) / 3, max(allvals) * 3)
        ax.set_ylabel("operations / s")
        ax.set_title(f"{op}" + (f" - {title}" if title else ""))
        ax.grid(axis="y", which="major", alpha=0.3)
        if present:
            ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.005, 1.0), borderaxespad=0.0)
        for x, r in zip(xs, recs):
            if r.get("openssl_source") == "libcrypto in-process":
                ax.annotate(
                    "*", (x, 1), xycoords=("data", "axes fraction"), ha="center", va="top", fontsize=10
                )
    fig.text(
        0.01,
        0.005,
        "* OpenSSL figure measured in-process via libcrypto (curve not in openssl speed). Log scale.",
        fontsize=7,
    )
    fig.tight_layout(rect=(0, 0.02, 1, 1))
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
