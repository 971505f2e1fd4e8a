import pytest

from ecedu import native


@pytest.fixture(params=[False, True], ids=["best", "portable"])
def both_paths(request):
    """Run a test once with the best path (PCLMUL if the CPU has it) and once
    with the portable path forced."""
    if not native.available():
        pytest.skip(f"native library not built: {native.load_error()}")
    native.force_portable(request.param)
    yield request.param
    native.force_portable(False)
