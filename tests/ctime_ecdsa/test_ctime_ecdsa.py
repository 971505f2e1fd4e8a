"""Constant-time check of native ECDSA signing: tests/ctime_ecdsa/ctime_ecdsa_driver.c
under valgrind memcheck with the private key d (and the nonce k for sign_with_k)
marked undefined.  Zero memcheck reports allowed (libsecp256k1's method)."""
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NATIVE = ROOT / "ecedu" / "native"
LIB = NATIVE / "libecedu_native.so"
DRIVER = Path(__file__).resolve().parent / "ctime_ecdsa_driver.c"
VALGRIND = ["valgrind", "--error-exitcode=1", "--track-origins=yes"]


def _has_memcheck_h(cc: str) -> bool:
    r = subprocess.run([cc, "-E", "-x", "c", "-"], input="#include <valgrind/memcheck.h>\n",
                       capture_output=True, text=True)
    return r.returncode == 0


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    if shutil.which("valgrind") is None:
        pytest.skip("valgrind is not installed (Debian/Ubuntu: apt-get install valgrind)")
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        pytest.skip("no C compiler")
    if not _has_memcheck_h(cc):
        # ecdsa.c only declassifies its public bits when built with this header
        pytest.skip("<valgrind/memcheck.h> missing (Debian/Ubuntu package: valgrind)")
    if not LIB.exists():
        pytest.skip("native library not built (python -m ecedu.native.build)")
    if b"ecedu_ecdsa_sign" not in LIB.read_bytes():
        pytest.skip("native library built without ecdsa.c; rebuild it")
    exe = tmp_path_factory.mktemp("ctime_ecdsa") / "ctime_ecdsa_driver"
    subprocess.run([cc, "-O2", "-g", "-I", str(NATIVE), str(DRIVER), "-o", str(exe), "-L", str(NATIVE),
                    "-lecedu_native", f"-Wl,-rpath,{NATIVE}"], check=True)
    return exe


def test_harness_detects_secret_branch(driver):
    r = subprocess.run(VALGRIND + [str(driver), "--selftest"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stderr[-3000:]
    assert "uninitialised value" in r.stderr


@pytest.mark.slow
def test_ecdsa_sign_is_constant_time_in_d_and_k(driver):
    r = subprocess.run(VALGRIND + [str(driver)], capture_output=True, text=True, timeout=1200)
    assert "ERROR SUMMARY: 0 errors" in r.stderr, r.stderr[-8000:]
    assert r.returncode == 0, r.stdout + r.stderr[-4000:]
    assert r.stdout.count(" ok") == 28, r.stdout
