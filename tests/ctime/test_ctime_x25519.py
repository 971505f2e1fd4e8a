"""Constant-time check of X25519 and GF(2^255 - 19): tests/ctime/ctime_x25519_driver.c under
valgrind memcheck with the scalar (and u, and the field operands) marked undefined.  Zero
reports allowed.  The same driver under MemorySanitizer: test_ctime_msan.py."""

import subprocess
from pathlib import Path

import pytest

from ecedu import native

DRIVER = Path(__file__).resolve().parent / "ctime_x25519_driver.c"
VALGRIND = ["valgrind", "--error-exitcode=1", "--track-origins=yes"]


@pytest.fixture(scope="module")
def driver(build_ctime_driver):
    return build_ctime_driver(DRIVER)


def test_harness_detects_secret_branch(driver):
    r = subprocess.run(VALGRIND + [str(driver), "--selftest"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stderr[-3000:]
    assert "uninitialised value" in r.stderr


def test_x25519_ladder_inversion_and_field_are_constant_time(driver):
    """Both levels: the portable radix-2^51 code, and (when the CPU has BMI2 and ADX) the
    MULX/ADCX/ADOX field of four 64-bit limbs (--mulx)."""
    mulx = ["--mulx"] if native.available() and "mulx" in native.available_prime_implementations() else []
    r = subprocess.run(VALGRIND + [str(driver)] + mulx, capture_output=True, text=True, timeout=600)
    assert "ERROR SUMMARY: 0 errors" in r.stderr, r.stderr[-8000:]
    assert r.returncode == 0, r.stdout + r.stderr[-4000:]
    # per level: 7 x25519 + 1 base + 7 field operations
    assert r.stdout.count(" ok") == (7 + 1 + 7) * (1 + len(mulx)), r.stdout
    assert r.stdout.count("mulx     ") == 15 * len(mulx), r.stdout
