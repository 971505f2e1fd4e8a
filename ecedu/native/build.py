"""Build the native library libecedu_native.so with the system C compiler.

Usage::

    python -m ecedu.native.build            # build ecedu/native/libecedu_native.so if stale
    python -m ecedu.native.build --force    # rebuild even if nothing changed
    python -m ecedu.native.build --sanitize # ASan+UBSan build: libecedu_native_asan.so
    ECEDU_NATIVE_SANITIZE=1 python -m ecedu.native.build   # same

setup.py calls :func:`build` during ``pip install`` (editable or not).  The
whole library is compiled for plain x86-64 (or whatever the compiler targets);
only the PCLMULQDQ and AVX-512 parts of each gf2m_<m>.c are compiled for those
instruction sets, through
``#pragma GCC target`` -- never ``-march=native`` -- so the library stays valid
on CPUs without it (cpu.c picks the path at run time).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
LIB_NAME = "libecedu_native.so"
ASAN_LIB_NAME = "libecedu_native_asan.so"

# -falign-functions=64: the portable multiplication of GF(2^571) is about 40 KB of straight-line
# code.  Measured on an AMD EPYC (Zen 5): one build ran it 1.67x slower than another with the
# very same instructions (objdump, addresses normalised), so code placement decides; with every
# function aligned to 64 bytes that build was back at the old speed, and no kernel of the
# AVX-512 or PCLMULQDQ levels moved by more than 1%.  The mechanism (instruction fetch or the
# op cache across the function's length) was not pinned down, and the portable level still
# moves by several percent from build to build.  Aligning the loops too (-falign-loops=64) changed
# nothing: ECDH on every binary curve at every PCLMULQDQ level within 0.7% (AMD EPYC Zen 4, two
# alternations of the builds, 6 December 2026).
CFLAGS = ["-O3", "-fPIC", "-std=gnu11", "-Wall", "-Wextra", "-fno-strict-aliasing", "-falign-functions=64"]
# -fno-var-tracking: with the forced inlining of the field code, gcc's variable tracking for
# the debug info would otherwise take minutes per file (line numbers in reports are kept).
# ECEDU_NO_FORCED_INLINE: the word-level field functions (field/gf2m/words.tmpl.h, GF_HOT) are
# not forced inline in this build
# (measured: the build takes 4.4 instead of 6 minutes on 2 cores); the helpers that need
# constant shift counts stay forced (GF_INL).
SANITIZE_FLAGS = [
    "-O1",
    "-g",
    "-fno-var-tracking",
    "-fno-omit-frame-pointer",
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=undefined",
    "-DECEDU_NO_FORCED_INLINE",
]


class BuildError(RuntimeError):
    pass


def find_compiler() -> str | None:
    """The C compiler to use: $CC, else cc/gcc/clang from PATH, else None."""
    for cand in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if cand and shutil.which(cand.split()[0]):
            return cand
    return None


SRC = HERE / "src"


def sources(src_dir: Path = SRC) -> list[Path]:
    """Every C unit under src/ (the templates are *.tmpl.h, included by src/instances/*.c)."""
    return sorted(src_dir.rglob("*.c"))


def fingerprint(src_dir: Path, cc: str, flags: list[str]) -> str:
    """SHA-256 of everything that goes into the library: every file under src_dir (names and
    contents), the compiler command and the flags.  Equal fingerprints, equal libraries."""
    h = hashlib.sha256()
    h.update(" ".join([cc] + flags).encode())
    for path in sorted(p for p in src_dir.rglob("*") if p.is_file()):
        h.update(path.relative_to(src_dir).as_posix().encode() + b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()


def build(
    out_dir: Path | str = HERE,
    sanitize: bool | None = None,
    src_dir: Path | str = SRC,
    verbose: bool = False,
    force: bool = False,
) -> Path:
    """Compile the C sources of src_dir into out_dir/libecedu_native.so
    (or libecedu_native_asan.so when sanitize), unless the library there was built from the
    same sources and flags (its fingerprint, in ``<library>.fingerprint``) and force is
    False.  Returns the path; raises BuildError if there is no compiler or compilation
    fails."""
    if sanitize is None:
        sanitize = os.environ.get("ECEDU_NATIVE_SANITIZE", "") not in ("", "0")
    src_dir, out_dir = Path(src_dir), Path(out_dir)
    cc = find_compiler()
    if cc is None:
        raise BuildError("no C compiler found (set CC or install gcc)")
    flags = CFLAGS + (SANITIZE_FLAGS if sanitize else [])
    target = out_dir / (ASAN_LIB_NAME if sanitize else LIB_NAME)
    stamp = target.with_name(target.name + ".fingerprint")
    fp = fingerprint(src_dir, cc, flags)
    if not force and target.exists() and stamp.exists() and stamp.read_text().strip() == fp:
        if verbose:
            print(f"{target} is up to date", flush=True)
        return target
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ecedu-build-") as tmp:

        def compile_one(src: Path) -> Path:
            obj = Path(tmp) / ("_".join(src.relative_to(src_dir).with_suffix(".o").parts))
            cmd = cc.split() + flags + ["-I", str(src_dir), "-c", str(src), "-o", str(obj)]
            if verbose:
                print(" ".join(cmd), flush=True)
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode:
                raise BuildError(f"compiling {src.name} failed:\n{r.stderr}")
            return obj

        jobs = max(1, min(8, os.cpu_count() or 1))
        with ThreadPoolExecutor(jobs) as ex:
            objs = list(ex.map(compile_one, sources(src_dir)))
        tmp_target = Path(tmp) / target.name
        cmd = cc.split() + flags + ["-shared", "-o", str(tmp_target)] + [str(o) for o in objs] + ["-lpthread"]
        if verbose:
            print(" ".join(cmd), flush=True)
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            raise BuildError(f"linking failed:\n{r.stderr}")
        # copy next to the target, then rename: a process that has the old
        # library mapped keeps its (unlinked) inode instead of crashing.
        staging = out_dir / (target.name + f".tmp{os.getpid()}")
        shutil.copyfile(tmp_target, staging)
        os.replace(staging, target)
    stamp.write_text(fp + "\n")
    return target


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sanitize", action="store_true", help="AddressSanitizer + UBSan build")
    p.add_argument("--out", default=str(HERE), help="output directory (default: the package)")
    p.add_argument("--force", action="store_true", help="rebuild even if the sources did not change")
    p.add_argument("-v", "--verbose", action="store_true")
    a = p.parse_args(argv)
    if not a.out or (os.path.exists(a.out) and not os.path.isdir(a.out)):
        p.error(f"--out must name a directory, not {a.out!r}")
    try:
        path = build(a.out, sanitize=a.sanitize or None, verbose=a.verbose, force=a.force)
    except BuildError as e:
        print(f"ecedu native build failed: {e}", file=sys.stderr)
        return 1
    except OSError as e:  # the output directory: not creatable, not writable
        print(f"ecedu native build failed: cannot write to {a.out}: {e}", file=sys.stderr)
        return 1
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
