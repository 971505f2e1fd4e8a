import contextlib

import pytest

from ecedu import native

# Every field implementation of the C library: portable C, PCLMULQDQ (SSE4.1), the same
# code built for AVX (VEX forms, 128-bit registers), built for AVX2 (with 256-bit VPCLMULQDQ
# multiplication where instances/gf2m_<m>.c says), and built for AVX-512 (with 512-bit
# VPCLMULQDQ multiplication for m = 409, 571).  Tests run on each path this CPU can execute
# and are skipped, with the reason, for the others.
IMPLEMENTATIONS = native.IMPLEMENTATIONS
_NEEDS = {
    "pclmul": "PCLMULQDQ and SSE4.1",
    "avx": "PCLMULQDQ, AVX and an OS that saves the ymm state",
    "avx2": "VPCLMULQDQ, AVX2 and an OS that saves the ymm state",
    "avx512": "VPCLMULQDQ, AVX512F, AVX512VL, AVX512-VBMI2 and an OS that saves the AVX-512 state",
}


def runnable_paths():
    """The implementations this CPU can run ('portable' always)."""
    if not native.available():
        return ()
    return native.available_implementations()


def skip_unless_runnable(impl):
    if not native.available():
        pytest.skip(f"native library not built: {native.load_error()}")
    if impl not in runnable_paths():
        pytest.skip(f"the {impl} path needs a CPU with {_NEEDS[impl]}; this one has {native.cpu_features()}")


@contextlib.contextmanager
def forced(impl):
    """Run the block with the field implementation impl, then the best again."""
    native.force_implementation(impl)
    try:
        yield impl
    finally:
        native.force_implementation(None)


@pytest.fixture(params=IMPLEMENTATIONS)
def each_path(request):
    """Run a test once per field implementation (portable, pclmul, avx, avx2, avx512),
    skipped for those the CPU cannot run."""
    skip_unless_runnable(request.param)
    with forced(request.param):
        yield request.param
