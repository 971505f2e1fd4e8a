"""Build the MemorySanitizer constant-time checkers: every ctime driver (tests/ctime/*.c,
tests/ctime_ecdsa/*.c) linked with the whole native library, all compiled by clang with
``-fsanitize=memory`` (MSan must see every instruction that touches a secret: one
instrumented executable per driver, no shared library).

Usage::

    python tests/ctime/build_msan.py           # build build/ctime_msan/*.msan if stale
    python tests/ctime/build_msan.py --force   # rebuild

scripts/setup.sh runs it (quietly), so that tests/ctime/test_ctime_msan.py only runs the
executables.  Like ecedu/native/build.py, a fingerprint of the sources, the drivers, this
script, the compiler (its ``--version``) and the flags sits next to the executables: an
unchanged tree is not rebuilt.

clang ignores ``#pragma GCC target`` (with which the library compiles its PCLMULQDQ, AVX2,
AVX-512 and MULX/ADX code, one level per block, the rest of the unit for plain x86-64), so
each unit that has one is compiled from a copy in which every such block becomes the clang
equivalent, ``#pragma clang attribute push(__attribute__((target("..."))), apply_to =
function)`` ... ``pop``: the same functions get the same instruction sets as in the gcc build.
gcc's ``prefer-vector-width=128`` is not a clang target attribute: the flag
``-mprefer-vector-width=128`` below stands for it, for the whole unit.  Any other
``#pragma GCC`` than target / push_options / pop_options / unroll stops the build (a new one
must be translated or shown harmless, not skipped silently).
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import inspect
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "ecedu" / "native" / "src"
OUT = ROOT / "build" / "ctime_msan"
CHECK_H = ROOT / "tests" / "ctime" / "ctime_check.h"
IFMA_CURVE_H = ROOT / "tests" / "ctime" / "ctime_ifma_curve.h"  # --ifma CURVE of the curve drivers
X86_H = ROOT / "tests" / "ctime" / "msan_x86.h"  # VPTERNLOGQ and VPMADD52[LH]UQ, replaced for MSan
DRIVERS = [
    ROOT / "tests" / "ctime" / "ctime_driver.c",
    ROOT / "tests" / "ctime" / "ctime_fe_driver.c",
    ROOT / "tests" / "ctime" / "ctime_prime_driver.c",
    ROOT / "tests" / "ctime" / "ctime_x25519_driver.c",
    ROOT / "tests" / "ctime_ecdsa" / "ctime_ecdsa_driver.c",
]
# -O1: MSan's recommended level (clang's documentation: -O1 or higher; -O2 makes the
# reports' stacks harder to read and the build slower).  No origin tracking: a report
# needs only the place where the secret is used, and origins cost time in build and run.
# -gline-tables-only: file and line in the reports' stacks, not the full debug info
# (which made each executable 33 MB).
# ECEDU_NO_FORCED_INLINE: as in the ASan build (ecedu/native/build.py), the word-level
# field functions are not forced inline: a shorter build, the same arithmetic.
# ECEDU_GFP_IFMA_NO_ASM: field/gfp/mont64_ifma.c without the MULX assembly (MSan cannot
# follow a secret through it), so that the ifma level's MSan run is the IFMA code and C only.
FLAGS = [
    "-fsanitize=memory",
    "-O1",
    "-gline-tables-only",
    "-fno-omit-frame-pointer",
    "-std=gnu11",
    "-fno-strict-aliasing",
    "-mprefer-vector-width=128",
    "-DECEDU_NO_FORCED_INLINE",
    "-DECEDU_GFP_IFMA_NO_ASM",
    "-Wno-unknown-pragmas",
    "-include",
    str(X86_H),
]
LIBS = ["-lpthread"]

_PRAGMA = re.compile(r"^[ \t]*#[ \t]*pragma[ \t]+GCC[ \t]+(\w+)(.*)$")


class MsanBuildError(RuntimeError):
    pass


def find_clang() -> str | None:
    """$ECEDU_MSAN_CC, else clang from PATH (None if neither)."""
    for cand in (os.environ.get("ECEDU_MSAN_CC"), "clang"):
        if cand and shutil.which(cand):
            return cand
    return None


def msan_unavailable_reason(cc: str | None = None) -> str | None:
    """None if clang can build and run a MemorySanitizer program here, else why not."""
    cc = cc or find_clang()
    if cc is None:
        return "clang is not installed (Debian/Ubuntu: apt-get install clang libclang-rt-dev)"
    with tempfile.TemporaryDirectory(prefix="ecedu-msan-probe-") as tmp:
        src, exe = Path(tmp) / "p.c", Path(tmp) / "p"
        src.write_text("#include <sanitizer/msan_interface.h>\nint main(void){return 0;}\n")
        r = subprocess.run(
            [cc, "-fsanitize=memory", str(src), "-o", str(exe)], capture_output=True, text=True
        )
        if r.returncode:
            last = (r.stderr.strip().splitlines() or ["?"])[-1]
            return f"{cc} cannot link a -fsanitize=memory program (Debian: libclang-rt-dev): {last}"
        r = subprocess.run([str(exe)], capture_output=True, text=True)
        if r.returncode:
            return f"a -fsanitize=memory program does not run here: {r.stderr.strip()[-300:]}"
    return None


def translate(text: str, name: str) -> str:
    """The unit with its ``#pragma GCC target`` blocks in clang's spelling (see the module
    docstring).  ``push_options`` opens a block, ``target`` starts the attribute, ``pop_options``
    ends it; a ``target`` outside push/pop (a whole-unit level, e.g. mont64_adx.c) lasts to the
    end of the unit."""
    out, depth, open_attrs = [], 0, 0
    for line in text.splitlines():
        m = _PRAGMA.match(line)
        if not m:
            out.append(line)
            continue
        kind, rest = m.group(1), m.group(2).strip()
        if kind == "unroll":
            out.append(line)
        elif kind == "push_options":
            depth += 1
            out.append("/* (msan build) " + line.strip() + " */")
        elif kind == "target":
            feats = re.fullmatch(r'\(\s*"([^"]*)"\s*\)', rest)
            if not feats:
                raise MsanBuildError(f"{name}: cannot read {line.strip()!r}")
            keep = [f for f in feats.group(1).split(",") if f and not f.startswith("prefer-vector-width")]
            attr = f'__attribute__((target("{",".join(keep)}")))'
            out.append(f"#pragma clang attribute push({attr}, apply_to = function)")
            open_attrs += 1
        elif kind == "pop_options":
            if depth == 0 or open_attrs == 0:
                raise MsanBuildError(f"{name}: pop_options without a target block")
            depth -= 1
            open_attrs -= 1
            out.append("#pragma clang attribute pop")
        else:
            raise MsanBuildError(f"{name}: #pragma GCC {kind} has no clang translation here")
    if depth:
        raise MsanBuildError(f"{name}: push_options without pop_options")
    out += ["#pragma clang attribute pop"] * open_attrs
    return "\n".join(out) + "\n"


def _hash_files(h, paths) -> None:
    for p in paths:
        h.update(p.name.encode() + b"\0" + p.read_bytes())


def library_fingerprint(cc: str) -> str:
    """What the instrumented library objects depend on: every file under src/, the compiler
    (command and ``--version``), the flags, the forced header and the translation of the
    pragmas (the source of :func:`translate`; the rest of this script does not change them)."""
    from ecedu.native.build import fingerprint as src_fingerprint

    version = subprocess.run([cc, "--version"], capture_output=True, text=True).stdout
    h = hashlib.sha256()
    h.update(src_fingerprint(SRC, cc, FLAGS + LIBS).encode() + version.encode())
    h.update(inspect.getsource(translate).encode() + _PRAGMA.pattern.encode())
    _hash_files(h, [X86_H])
    return h.hexdigest()


def fingerprint(cc: str) -> str:
    """The executables': the library's fingerprint and the drivers with their header."""
    h = hashlib.sha256(library_fingerprint(cc).encode())
    _hash_files(h, [CHECK_H, IFMA_CURVE_H] + DRIVERS)
    return h.hexdigest()


def executables(out_dir: Path = OUT) -> dict[str, Path]:
    """{driver stem: its MSan executable}, named <stem>.msan."""
    return {d.stem: out_dir / f"{d.stem}.msan" for d in DRIVERS}


def build(out_dir: Path | str = OUT, force: bool = False, verbose: bool = False) -> dict[str, Path]:
    """Build (if stale) one MSan executable per driver into out_dir; returns {driver stem: path}.
    The instrumented library objects are kept in out_dir/obj (with their own fingerprint),
    so a change to a driver alone recompiles that driver and relinks.  One build at a time
    (a lock file: pytest-xdist workers, or setup.sh next to a test run, wait for each other
    and then find the tree up to date).  Raises MsanBuildError when clang/MSan is missing or
    a unit does not compile."""
    out_dir = Path(out_dir)
    cc = find_clang()
    why = msan_unavailable_reason(cc)
    if why:
        raise MsanBuildError(why)
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build_locked(out_dir, cc, force, verbose)


def _build_locked(out_dir: Path, cc: str, force: bool, verbose: bool) -> dict[str, Path]:
    from ecedu.native.build import sources

    exes = executables(out_dir)
    stamp = out_dir / "fingerprint"
    fp = fingerprint(cc)
    if (
        not force
        and stamp.exists()
        and stamp.read_text().strip() == fp
        and all(p.exists() for p in exes.values())
    ):
        if verbose:
            print(f"{out_dir} is up to date", flush=True)
        return exes
    obj_dir = out_dir / "obj"
    obj_stamp = obj_dir / "fingerprint"
    lib_fp = library_fingerprint(cc)
    lib_units = sources(SRC)

    def obj_name(src: Path) -> str:
        rel = src.relative_to(SRC) if src.is_relative_to(SRC) else Path(src.name)
        return "_".join(rel.with_suffix("").parts) + ".o"

    lib_objs = [obj_dir / obj_name(u) for u in lib_units]
    reuse = not force and obj_stamp.exists() and obj_stamp.read_text().strip() == lib_fp
    reuse = reuse and all(o.exists() for o in lib_objs)
    obj_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ecedu-msan-") as tmp:
        tmp = Path(tmp)

        def run(cmd: list[str], what: str) -> None:
            if verbose:
                print(" ".join(cmd), flush=True)
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode:
                raise MsanBuildError(f"{what} failed:\n{r.stderr[-6000:]}")

        def compile_one(src: Path) -> Path:
            name = obj_name(src)
            text = src.read_text()
            unit = src
            if "#pragma GCC" in text:
                unit = tmp / name.replace(".o", ".msan.c")
                unit.write_text(translate(text, name))
            obj = tmp / name
            # -iquote the unit's own directory: a translated copy still finds its "x.h" neighbours
            cmd = [cc] + FLAGS + ["-iquote", str(src.parent), "-I", str(SRC), "-c", str(unit), "-o", str(obj)]
            t0 = time.perf_counter()
            run(cmd, f"compiling {src.name}")
            if verbose:
                print(f"{time.perf_counter() - t0:7.1f} s  {name}", flush=True)
            return obj

        jobs = max(1, min(8, os.cpu_count() or 1))
        with ThreadPoolExecutor(jobs) as ex:
            if not reuse:
                obj_stamp.unlink(missing_ok=True)
                for new, keep in zip(ex.map(compile_one, lib_units), lib_objs):
                    shutil.move(str(new), keep)
                obj_stamp.write_text(lib_fp + "\n")
            drv_objs = list(ex.map(compile_one, DRIVERS))
        for drv, obj in zip(DRIVERS, drv_objs):
            tmp_exe = tmp / drv.stem
            cmd = [cc] + FLAGS + [str(obj)] + [str(o) for o in lib_objs] + LIBS + ["-o", str(tmp_exe)]
            run(cmd, f"linking {drv.stem}")
            staging = out_dir / f"{drv.stem}.tmp{os.getpid()}"
            shutil.copyfile(tmp_exe, staging)
            staging.chmod(0o755)
            os.replace(staging, exes[drv.stem])
    stamp.write_text(fp + "\n")
    return exes


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", default=str(OUT), help="output directory (default: build/ctime_msan)")
    p.add_argument("--force", action="store_true", help="rebuild even if nothing changed")
    p.add_argument("-v", "--verbose", action="store_true")
    a = p.parse_args(argv)
    try:
        exes = build(a.out, force=a.force, verbose=a.verbose)
    except MsanBuildError as e:
        print(f"ecedu MSan ctime build: {e}", file=sys.stderr)
        return 1
    for path in exes.values():
        print(path)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
