"""Where a measurement came from: the metadata every benchmark record and stored run carries.

A figure without its machine is not a result (chapter 07 gave 1.1× and 1.5× where a Zen 3 gave 1.06×
and 1.95×).  :func:`machine` collects what decides the speed of this code: the CPU model and the
instruction-set extensions the kernels use or the comparison depends on (PCLMULQDQ and VPCLMULQDQ
for GF(2^m), BMI2's MULX and ADX's ADCX/ADOX for GF(p), AVX2/AVX-512), the OpenSSL that was compared
with, the ecedu version and git commit, the levels the native kernels ran at, Python, the date (UTC)
and the command line.
"""

from __future__ import annotations

import datetime as _dt
import platform
import subprocess
import sys
from pathlib import Path

#: /proc/cpuinfo flag -> what it is for in this course
RELEVANT_FLAGS = {
    "pclmulqdq": "carry-less multiply (GF(2^m) products)",
    "vpclmulqdq": "carry-less multiply on AVX-512/AVX2 vectors",
    "bmi2": "MULX (flag-free 64×64→128 multiply, GF(p))",
    "adx": "ADCX/ADOX (two carry chains, GF(p))",
    "avx": "AVX (VEX forms)",
    "avx2": "AVX2",
    "avx512f": "AVX-512 foundation",
    "avx512ifma": "AVX-512 IFMA (52-bit multiply-add)",
}


def git_commit(repo: Path | None = None) -> dict:
    """``{"commit": sha or None, "dirty": bool or None}`` of the checkout ecedu runs from."""
    repo = repo or Path(__file__).resolve().parents[2]
    try:
        sha = subprocess.run(
            ["git", "-C", str(repo), "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10
        )
        if sha.returncode != 0:
            return {"commit": None, "dirty": None}
        status = subprocess.run(
            ["git", "-C", str(repo), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            timeout=30,
        )
        return {"commit": sha.stdout.strip(), "dirty": bool(status.stdout.strip())}
    except (OSError, subprocess.SubprocessError):
        return {"commit": None, "dirty": None}


def machine(command: list[str] | None = None) -> dict:
    """The provenance of a run made now on this machine (plain JSON data)."""
    import ecedu
    from ecedu.notebook_support import cpu_flags, cpu_model

    from . import opensslspeed

    flags = cpu_flags()
    return {
        "date": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        "cpu": cpu_model() or platform.processor() or None,
        "cpu_flags": {f: f in flags for f in RELEVANT_FLAGS},
        "machine": platform.machine(),
        "os": platform.platform(),
        "openssl": opensslspeed.openssl_version(),
        "ecedu": ecedu.__version__,
        **git_commit(),
        "python": platform.python_version(),
        "native_levels": native_levels(),
        "command": list(command) if command is not None else _command_line(),
    }


def native_levels() -> dict | None:
    """The instruction-set levels the native kernels run now, ``{"binary": "avx2", "prime":
    "mulx"}`` (forced by ECEDU_NATIVE_IMPL / ECEDU_PRIME_IMPL or force_implementation, else the
    best the CPU has), or None without the native library: the flags say what the CPU could run,
    this what the figures ran."""
    from ecedu.backend import native_available

    if not native_available():
        return None
    from ecedu import native

    return {"binary": native.implementation(), "prime": native.prime_implementation()}


def levels_text(levels: dict | None) -> str:
    """``native levels binary avx2, prime mulx`` (or ``no native library``), for headers and captions."""
    if not levels:
        return "no native library"
    return f"native levels binary {levels['binary']}, prime {levels['prime']}"


def _command_line() -> list[str]:
    """sys.argv as the user typed it: ``python -m ecedu speed …`` rather than ``…/__main__.py speed …``."""
    import ecedu

    script = Path(sys.argv[0]).resolve() if sys.argv and sys.argv[0] else Path("python")
    top = Path(ecedu.__file__).resolve().parent.parent
    if script.name == "__main__.py" and script.is_relative_to(top):
        return ["python", "-m", ".".join(script.parent.relative_to(top).parts), *sys.argv[1:]]
    return [script.name, *sys.argv[1:]]


def describe(meta: dict) -> str:
    """One line for a caption: date, CPU, its relevant flags, OpenSSL, ecedu and commit."""
    flags = [f for f, on in (meta.get("cpu_flags") or {}).items() if on]
    commit = (meta["commit"][:12] if meta.get("commit") else "unknown commit") + (
        " (modified)" if meta.get("dirty") else ""
    )
    return (
        f"measured {meta.get('date', '?')} on {meta.get('cpu') or 'an unknown CPU'}"
        f" ({', '.join(flags) or 'none of ' + '/'.join(RELEVANT_FLAGS)}), {meta.get('openssl') or 'no openssl'},"
        f" ecedu {meta.get('ecedu', '?')} at {commit}"
        + (f", {levels_text(meta['native_levels'])}" if "native_levels" in meta else "")
    )
