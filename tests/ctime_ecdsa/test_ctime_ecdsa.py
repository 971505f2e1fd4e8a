"""Constant-time check of native ECDSA signing: tests/ctime_ecdsa/ctime_ecdsa_driver.c
under valgrind memcheck with the private key d (and the nonce k for sign_with_k)
marked undefined.  Zero memcheck reports allowed (libsecp256k1's method).  The AVX, AVX2
and AVX-512 levels, which valgrind does not run: the same driver under MemorySanitizer,
tests/ctime/test_ctime_msan.py."""

import re
import subprocess
from pathlib import Path

import pytest

from ecedu import native

LIB = Path(__file__).resolve().parents[2] / "ecedu" / "native" / "libecedu_native.so"
DRIVER = Path(__file__).resolve().parent / "ctime_ecdsa_driver.c"
VALGRIND = ["valgrind", "--error-exitcode=1", "--track-origins=yes"]


@pytest.fixture(scope="module")
def driver(build_ctime_driver):
    # ecdsa.c only declassifies its public bits when built with <valgrind/memcheck.h>,
    # which build_ctime_driver requires.
    if b"ecedu_ecdsa_sign" not in LIB.read_bytes():
        pytest.skip("native library built without ecdsa.c; rebuild it")
    return build_ctime_driver(DRIVER)


def test_harness_detects_secret_branch(driver):
    r = subprocess.run(VALGRIND + [str(driver), "--selftest"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stderr[-3000:]
    assert "uninitialised value" in r.stderr


@pytest.mark.slow
def test_ecdsa_sign_is_constant_time_in_d_and_k(driver):
    # every curve again at the MULX level, when the real CPU has it
    mulx = ["--mulx"] if "mulx" in native.available_prime_implementations() else []
    r = subprocess.run(VALGRIND + [str(driver)] + mulx, capture_output=True, text=True, timeout=1200)
    assert "ERROR SUMMARY: 0 errors" in r.stderr, r.stderr[-8000:]
    assert r.returncode == 0, r.stdout + r.stderr[-4000:]
    # 14 binary curves twice, 15 prime once, and all 29 again at the MULX level with --mulx
    # (the copies of secp224r1, secp256r1 and secp384r1, and the 4-word orders' MULX mod n)
    assert r.stdout.count(" ok") == 28 + 15 + 29 * len(mulx), r.stdout
    assert r.stdout.count("mulx     sect233k1  ok") == len(mulx), r.stdout
    assert r.stdout.count("prime ") == 15, r.stdout
    for name in ("secp160k1", "secp224k1", "brainpoolP224r1", "brainpoolP512r1"):  # issue 18's
        assert re.search(rf"^prime +{name} +ok$", r.stdout, re.M), r.stdout
    assert r.stdout.count("mulx     secp256r1  ok") == len(mulx), r.stdout
    assert r.stdout.count("mulx     secp224r1  ok") == len(mulx), r.stdout
    assert r.stdout.count("mulx     secp384r1  ok") == len(mulx), r.stdout
