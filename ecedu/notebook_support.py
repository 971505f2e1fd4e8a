"""Small helpers shared by the course notebooks (chapters 00, 09 and 10).

Nothing here is cryptography or benchmarking: it finds the course data, asks
the local ``openssl`` command-line tool and the CPU about themselves, and shows
small HTML tables.  Measurements (``openssl speed -mr``, timing loops) are done
with the package's benchmark module :mod:`ecedu.bench`.

``SHORT`` is true when the environment variable ``ECEDU_SHORT=1`` is set (CI
and the book build): measurements are then kept short.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from html import escape
from pathlib import Path

SHORT: bool = os.environ.get("ECEDU_SHORT", "") == "1"

# --------------------------------------------------------------------------
# course data
# --------------------------------------------------------------------------


def data_path(name: str) -> Path:
    """Find ``notebooks/data/<name>`` from the current directory or the repository."""
    here = Path.cwd()
    candidates = [here / "data" / name, here / "notebooks" / "data" / name]
    candidates.append(Path(__file__).resolve().parent.parent / "notebooks" / "data" / name)
    for c in candidates:
        if c.is_file():
            return c
    raise FileNotFoundError(f"course data file {name!r} not found (looked in {[str(c) for c in candidates]})")


def load_seeds() -> dict:
    """The historical figures transcribed from the mailing-list threads (see its ``source`` keys)."""
    return json.loads(data_path("seeds.json").read_text(encoding="utf-8"))


def load_full_run() -> dict | None:
    """The stored full-length run of chapters 09 and 10 (``make full-run``, :mod:`ecedu.bench.fullrun`),
    or None when there is none (or it is unreadable): the chapters then measure live."""
    try:
        run = json.loads(data_path("full_run.json").read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return None
    return run if isinstance(run, dict) and isinstance(run.get("meta"), dict) else None


def full_run_caption(run: dict) -> str:
    """Whose machine and date a stored run is, with the command that made it."""
    from ecedu.bench.provenance import describe

    cmd = " ".join(run["meta"].get("command") or ["make full-run"])
    st = (run.get("chapter09") or {}).get("settings") or {}
    how = f"{st.get('seconds', '?')} s × {st.get('windows', '?')} windows per measurement"
    how += f", {len(st.get('curves', []))} curves"
    return f"stored full-length run ({describe(run['meta'])}; {how}; made by `{cmd}`)"


# --------------------------------------------------------------------------
# the local openssl
# --------------------------------------------------------------------------


def openssl_path() -> str | None:
    return shutil.which("openssl")


def _run(args: list[str], timeout: float = 600) -> str:
    out = subprocess.run(args, capture_output=True, text=True, timeout=timeout, check=False)
    return out.stdout + out.stderr


def openssl_version_info() -> dict:
    """Parse ``openssl version -a`` into a dict (``raw``, ``version``, ``options``, ``bn`` ...)."""
    exe = openssl_path()
    if exe is None:
        return {"available": False, "raw": "", "version": None, "options": "", "bn": None}
    raw = _run([exe, "version", "-a"], timeout=30)
    info: dict = {"available": True, "raw": raw, "version": raw.splitlines()[0] if raw else None}
    for line in raw.splitlines():
        if ":" in line:
            key, _, val = line.partition(":")
            info[key.strip().lower()] = val.strip()
    m = re.search(r"bn\((\d+),(\d+)\)", info.get("options", ""))
    info["bn"] = (int(m.group(1)), int(m.group(2))) if m else None
    return info


def openssl_curves() -> list[str]:
    """Curve names listed by ``openssl ecparam -list_curves`` (empty if openssl is missing)."""
    exe = openssl_path()
    if exe is None:
        return []
    names = []
    for line in _run([exe, "ecparam", "-list_curves"], timeout=30).splitlines():
        name = line.split(":", 1)[0].strip()
        if name and ":" in line:
            names.append(name)
    return names


# --------------------------------------------------------------------------
# CPU information
# --------------------------------------------------------------------------


def cpu_flags() -> set[str]:
    """Feature flags of the first CPU in /proc/cpuinfo (empty set elsewhere)."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return set()
    for line in text.splitlines():
        if line.startswith(("flags", "Features")):
            return set(line.split(":", 1)[1].split())
    return set()


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    import platform

    return platform.processor() or platform.machine()


def cpu_frequency_info() -> dict:
    """Current/min/max frequency (MHz) and governor, where Linux exposes them."""
    info: dict = {}
    base = Path("/sys/devices/system/cpu/cpu0/cpufreq")
    for key, fname in [
        ("cur_mhz", "scaling_cur_freq"),
        ("min_mhz", "scaling_min_freq"),
        ("max_mhz", "scaling_max_freq"),
        ("governor", "scaling_governor"),
    ]:
        try:
            val = (base / fname).read_text().strip()
            info[key] = val if key == "governor" else int(val) / 1000
        except (OSError, ValueError):
            pass
    try:
        mhz = [
            float(line.split(":")[1])
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("cpu MHz")
        ]
        if mhz:
            info["cpuinfo_mhz"] = mhz
    except OSError:
        pass
    return info


# --------------------------------------------------------------------------
# display
# --------------------------------------------------------------------------


def fmt(x, digits: int = 1) -> str:
    if x is None:
        return "–"
    if isinstance(x, float):
        return f"{x:,.{digits}f}"
    return escape(str(x))


def html_table(headers: list[str], rows: list[list], caption: str | None = None):
    """A small HTML table (no pandas needed) for Jupyter and the book."""
    from IPython.display import HTML

    head = "".join(f"<th>{escape(str(h))}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{c if isinstance(c, str) else fmt(c)}</td>" for c in r) + "</tr>" for r in rows
    )
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    return HTML(
        f'<table class="ecedu-table">{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
    )
