"""Constant-time check: tests/ctime/ctime_driver.c run under valgrind memcheck with
the secret scalars marked undefined (libsecp256k1's method).  Zero reports allowed."""
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NATIVE = ROOT / "ecedu" / "native"
LIB = NATIVE / "libecedu_native.so"
DRIVER = Path(__file__).resolve().parent / "ctime_driver.c"
VALGRIND = ["valgrind", "--error-exitcode=1", "--track-origins=yes"]


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    if shutil.which("valgrind") is None:
        pytest.skip("valgrind is not installed (Debian/Ubuntu: apt-get install valgrind)")
    if not Path("/usr/include/valgrind/memcheck.h").exists() and shutil.which("gcc"):
        r = subprocess.run(["gcc", "-E", "-x", "c", "-"], input="#include <valgrind/memcheck.h>\n",
                           capture_output=True, text=True)
        if r.returncode:
            pytest.skip("<valgrind/memcheck.h> missing (Debian/Ubuntu package: valgrind)")
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        pytest.skip("no C compiler")
    if not LIB.exists():
        pytest.skip("native library not built (python -m ecedu.native.build)")
    exe = tmp_path_factory.mktemp("ctime") / "ctime_driver"
    subprocess.run([cc, "-O2", "-g", "-I", str(NATIVE), str(DRIVER), "-o", str(exe), "-L", str(NATIVE),
                    "-lecedu_native", f"-Wl,-rpath,{NATIVE}"], check=True)
    return exe


def test_harness_detects_secret_branch(driver):
    r = subprocess.run(VALGRIND + [str(driver), "--selftest"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stderr[-3000:]
    assert "uninitialised value" in r.stderr


@pytest.mark.slow
def test_secret_scalar_paths_are_constant_time(driver):
    r = subprocess.run(VALGRIND + [str(driver)], capture_output=True, text=True, timeout=1200)
    assert "ERROR SUMMARY: 0 errors" in r.stderr, r.stderr[-8000:]
    assert r.returncode == 0, r.stdout + r.stderr[-4000:]
    assert r.stdout.count(" ok") == 28, r.stdout
