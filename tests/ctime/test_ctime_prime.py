"""Constant-time check of the prime-field kernels (src/field/gfp/):
tests/ctime/ctime_prime_driver.c under valgrind memcheck with the secret exponents, bases and
CRT key parts marked undefined.  Zero reports allowed.  The same driver under
MemorySanitizer, portable level: test_ctime_msan.py (the MULX level stays valgrind's)."""

import subprocess
from pathlib import Path

import pytest

from ecedu import native

DRIVER = Path(__file__).resolve().parent / "ctime_prime_driver.c"
VALGRIND = ["valgrind", "--error-exitcode=1", "--track-origins=yes"]


@pytest.fixture(scope="module")
def driver(build_ctime_driver):
    return build_ctime_driver(DRIVER)


def test_harness_detects_secret_branch(driver):
    r = subprocess.run(VALGRIND + [str(driver), "--selftest"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stderr[-3000:]
    assert "uninitialised value" in r.stderr


def test_modexp_crt_and_mul_are_constant_time(driver):
    mulx = native.available() and "mulx" in native.available_prime_implementations()
    r = subprocess.run(
        VALGRIND + [str(driver)] + (["--mulx"] if mulx else []), capture_output=True, text=True, timeout=600
    )
    assert "ERROR SUMMARY: 0 errors" in r.stderr, r.stderr[-8000:]
    assert r.returncode == 0, r.stdout + r.stderr[-4000:]
    # (2 limb widths, + 64-bit limbs at the MULX level) x (2 mul + 3 modexp + 2 crt)
    assert r.stdout.count(" ok") == (3 if mulx else 2) * 7, r.stdout
    assert r.stdout.count("level mulx") == (1 if mulx else 0), r.stdout
