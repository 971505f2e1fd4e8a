"""Constant-time check of the fixed-size prime fields (src/field/gfp/fe_*.h, issue 13):
tests/ctime/ctime_fe_driver.c under valgrind memcheck, every variant of ecedu_prime_mul and the
whole fe interface with secret inputs, at each prime-field level the CPU has.  Zero reports.
The portable level is checked by MemorySanitizer too (test_ctime_msan.py); the MULX level by
valgrind only (MSan does not follow a secret through the inline assembly)."""

import subprocess
from pathlib import Path

import pytest

from ecedu import native

DRIVER = Path(__file__).resolve().parent / "ctime_fe_driver.c"
VALGRIND = ["valgrind", "--error-exitcode=1", "--track-origins=yes"]


@pytest.fixture(scope="module")
def driver(build_ctime_driver):
    return build_ctime_driver(DRIVER)


def test_harness_detects_secret_branch(driver):
    r = subprocess.run(VALGRIND + [str(driver), "--selftest"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stderr[-3000:]
    assert "uninitialised value" in r.stderr


def test_fixed_size_prime_fields_are_constant_time(driver):
    mulx = ["--mulx"] if "mulx" in native.available_prime_implementations() else []
    levels = 1 + len(mulx)  # the fe implementations have no ifma code (the exponentiations only)
    r = subprocess.run(VALGRIND + [str(driver)] + mulx, capture_output=True, text=True, timeout=600)
    assert "ERROR SUMMARY: 0 errors" in r.stderr, r.stderr[-8000:]
    assert r.returncode == 0, r.stdout + r.stderr[-4000:]
    entries = sum(len(f) for f in native.prime_fields().values())
    assert r.stdout.count("level ") == levels, r.stdout
    # per level: every (variant, prime) entry and the thirteen fe implementations
    assert r.stdout.count(" ok") == levels * (entries + 13), r.stdout
    for pfx in ("p160c", "p192f", "p224f", "p384f"):  # the folds of secp160r1, P-192, P-224, P-384
        assert r.stdout.count(f"fe {pfx} ok") == levels, r.stdout
