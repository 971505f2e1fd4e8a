"""Constant-time check: tests/ctime/ctime_driver.c run under valgrind memcheck with
the secret scalars marked undefined (libsecp256k1's method).  Zero reports allowed.

Valgrind runs the PCLMULQDQ and portable levels (and MULX for the 15 prime curves), not AVX,
AVX2 or AVX-512; the same driver built with clang's MemorySanitizer runs those too, on the real CPU:
test_ctime_msan.py (both builds mark secrets through ctime_check.h)."""

import re
import subprocess
from pathlib import Path

import pytest

from ecedu import native

DRIVER = Path(__file__).resolve().parent / "ctime_driver.c"
VALGRIND = ["valgrind", "--error-exitcode=1", "--track-origins=yes"]


@pytest.fixture(scope="module")
def driver(build_ctime_driver):
    return build_ctime_driver(DRIVER)


def test_harness_detects_secret_branch(driver):
    r = subprocess.run(VALGRIND + [str(driver), "--selftest"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stderr[-3000:]
    assert "uninitialised value" in r.stderr


@pytest.mark.slow
def test_secret_scalar_paths_are_constant_time(driver):
    # every prime curve at the MULX level too (the MULX/ADX copies of secp224r1, secp256r1 and
    # secp384r1 among them), when the real CPU has that level
    mulx = ["--mulx"] if "mulx" in native.available_prime_implementations() else []
    r = subprocess.run(VALGRIND + [str(driver)] + mulx, capture_output=True, text=True, timeout=1200)
    assert "ERROR SUMMARY: 0 errors" in r.stderr, r.stderr[-8000:]
    assert r.returncode == 0, r.stdout + r.stderr[-4000:]
    # 14 curves with the tau-adic method on the Koblitz ones, the 6 Koblitz curves again
    # with the ladder; both field paths; the 15 prime curves once, and again at the MULX
    # level with --mulx
    assert r.stdout.count(" ok") == 2 * (14 + 6) + 15 + 15 * len(mulx), r.stdout
    assert r.stdout.count(" ladder ") == 2 * 6, r.stdout
    assert r.stdout.count(" prime ") == 15 + 15 * len(mulx), r.stdout
    # cpu.c keeps the avx level from valgrind (the VMOVQ form it does not decode): pclmul is
    # its best there, so the first pass above ran the PCLMULQDQ code
    assert "avx level under this run: not available" in r.stdout, r.stdout
    for name in ("secp160k1", "secp224k1", "brainpoolP224r1", "brainpoolP512r1"):  # issue 18's
        assert re.search(rf"^best +prime +{name} +ok$", r.stdout, re.M), r.stdout
    assert r.stdout.count("mulx     prime  secp256r1  ok") == len(mulx), r.stdout
    assert r.stdout.count("mulx     prime  secp224r1  ok") == len(mulx), r.stdout
    assert r.stdout.count("mulx     prime  secp384r1  ok") == len(mulx), r.stdout
