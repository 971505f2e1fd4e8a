"""Build tests/native/fe_ops_driver.c, plainly and with ASan + UBSan, into build/fe_ops/.

The driver compiles every fe_*.h header of src/field/gfp/ in (tests/native/test_native_fe_ops.py
runs it against Python's ints); the sanitized build takes about half a minute, so
scripts/setup.sh builds both ahead and the test only runs them.  Each executable is named by a
fingerprint of what goes into it (ecedu.native.build.fingerprint of src/, plus the driver, the
compiler and the flags): an unchanged tree is not rebuilt, a changed one gets a new file.

Usage::

    python tests/native/build_fe_ops.py        # build both if stale; print their paths
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NATIVE = ROOT / "ecedu" / "native"
DRIVER = Path(__file__).resolve().parent / "fe_ops_driver.c"
OUT = ROOT / "build" / "fe_ops"
SANITIZE = [
    "-O1",
    "-g",
    "-fno-omit-frame-pointer",
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=all",
]
FLAGS = {"plain": ["-O2"], "asan-ubsan": SANITIZE}


class DriverBuildError(RuntimeError):
    """The compiler refused the driver (its message is the error's text)."""


def toolchain_lacks(variant: str) -> str | None:
    """Why this machine's compiler cannot build *variant* at all (its sanitizer runtimes
    missing: a trivial program fails to compile, link or run with its flags), or None if it
    can.  The test skips a variant only for this reason: a driver that fails to build where a
    trivial program builds is an error in the code, and must fail."""
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        return "no C compiler"
    with tempfile.TemporaryDirectory() as d:
        src, exe = Path(d) / "probe.c", Path(d) / "probe"
        src.write_text("int main(void) { return 0; }\n")
        r = subprocess.run([cc, *FLAGS[variant], str(src), "-o", str(exe)], capture_output=True, text=True)
        if r.returncode:
            return (
                f"{cc} {' '.join(FLAGS[variant])} cannot build a trivial program: {r.stderr.strip()[-300:]}"
            )
        r = subprocess.run([str(exe)], capture_output=True, text=True)
        if r.returncode:
            return f"a trivial program built with {' '.join(FLAGS[variant])} does not run: {r.stderr.strip()[-300:]}"
    return None


def executable(variant: str) -> Path:
    """The driver for *variant* ("plain" or "asan-ubsan"), built now unless the same sources,
    compiler and flags built it before.  Raises DriverBuildError if it does not compile,
    FileNotFoundError without a compiler or a built library."""
    sys.path.insert(0, str(ROOT))
    from ecedu.native import build as native_build

    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None or not (NATIVE / "libecedu_native.so").exists():
        raise FileNotFoundError("needs a C compiler and the built library (python -m ecedu.native.build)")
    flags = FLAGS[variant] + ["-Wall", "-Wextra", "-Werror", "-I", str(NATIVE / "src")]
    h = hashlib.sha256(native_build.fingerprint(NATIVE / "src", cc, flags).encode())
    h.update(DRIVER.read_bytes())
    exe = OUT / f"fe_ops_driver_{variant}_{h.hexdigest()[:16]}"
    if exe.exists():
        return exe
    OUT.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=OUT, prefix=f".{exe.name}.")  # renamed when complete
    os.close(fd)
    link = ["-L", str(NATIVE), "-lecedu_native", f"-Wl,-rpath,{NATIVE}"]
    r = subprocess.run([cc, *flags, str(DRIVER), "-o", tmp, *link], capture_output=True, text=True)
    if r.returncode:
        os.unlink(tmp)
        raise DriverBuildError(r.stderr[-2000:])
    for old in OUT.glob(f"fe_ops_driver_{variant}_*"):  # the stale builds of this variant
        old.unlink()
    os.replace(tmp, exe)
    return exe


if __name__ == "__main__":
    for v in FLAGS:
        print(executable(v))
