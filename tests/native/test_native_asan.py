"""The fuzz and boundary tests again, against the AddressSanitizer + UBSan build
of the library (libecedu_native_asan.so, built with ECEDU_NATIVE_SANITIZE=1 /
`python -m ecedu.native.build --sanitize`), in a subprocess with libasan
preloaded.  Requires a clean exit and no sanitizer report."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import checkers

ROOT = Path(__file__).resolve().parents[2]
NATIVE = ROOT / "ecedu" / "native"
ASAN_LIB = NATIVE / "libecedu_native_asan.so"


@pytest.mark.slow
def test_fuzz_under_asan_ubsan():
    libasan = checkers.libasan()
    if libasan is None:
        pytest.skip("no gcc with libasan (install gcc / libasan8)")
    from ecedu.native import build as b

    try:
        b.build(NATIVE, sanitize=True)  # nothing to do if built from the same sources
    except b.BuildError as e:  # libasan is there (above): a build error is the code's
        pytest.fail(f"the ASan/UBSan build of the library failed: {e}")
    env = dict(os.environ)
    env.update(
        LD_PRELOAD=libasan,
        ECEDU_NATIVE_LIB=str(ASAN_LIB),
        ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:exitcode=99",
        UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:exitcode=98",
        PYTHONDONTWRITEBYTECODE="1",
    )
    # the sanitizer build must be the library the run loads: a build that failed to load would
    # leave native.available() False, every native test below would skip and the run still pass
    probe = subprocess.run(
        [sys.executable, "-c", "from ecedu.native import library; library.lib(); print(library.lib()._name)"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert probe.returncode == 0 and probe.stdout.strip() == str(ASAN_LIB), (
        probe.stdout + probe.stderr[-3000:]
    )
    tests = [
        "tests/native/test_native_fuzz.py",
        "tests/native/test_native_points.py::test_bad_scalars_and_encodings",
        "tests/native/test_native_points.py::test_validation_and_subgroup",
        "tests/native/test_native_points.py::test_scalar_mult_vs_oracle",
        "tests/native/test_native_field.py::test_mul_batch",
        "tests/native/test_native_prime.py",
        "tests/native/test_native_x25519.py",
        "tests/test_x25519.py",
        "tests/native/test_native_prime_curves.py",
        "tests/native/test_native_prime_variants.py",
        "tests/native/test_native_ecdsa_sec1.py",  # issue 15: the one-call verifier
        "tests/native/test_native_sig_der.py",  # issue 15: the DER signature written and read in C
        # dudect: the timer of every secret path, on good and bad arguments
        "tests/native/test_native_dudect.py::test_every_target_runs_through_the_timer",
        "tests/native/test_native_dudect.py::test_the_timer_checks_its_arguments",
        "tests/native/test_native_glv.py",
        "tests/native/test_native_modinv.py",  # issue 14: the divsteps inversion mod n
    ]
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-o", "addopts=", *tests],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    out = r.stdout + r.stderr
    assert "AddressSanitizer" not in out and "runtime error" not in out, out[-6000:]
    assert r.returncode == 0, out[-6000:]
    assert " passed" in out
