import os
import shutil

import pytest
from hypothesis import HealthCheck, settings

from tests import checkers

settings.register_profile(
    "ecedu", deadline=None, max_examples=25, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ecedu"))


@pytest.fixture(scope="session")
def openssl():
    path = shutil.which("openssl")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("openssl is required in CI")
        pytest.skip("openssl CLI not installed")
    return path


NATIVE_DIR = __import__("pathlib").Path(__file__).resolve().parents[1] / "ecedu" / "native"


@pytest.fixture(scope="session")
def build_ctime_driver(tmp_path_factory):
    """Compile a valgrind constant-time driver (tests/ctime*/...c) against the native library.

    Skips, with the reason, when valgrind, <valgrind/memcheck.h>, a C compiler or the built
    library is missing.  Returns a function ``build(driver_c) -> executable path``.
    """
    import subprocess

    why = checkers.valgrind_missing()
    if why:
        pytest.skip(why)
    cc = checkers.c_compiler()
    lib = NATIVE_DIR / "libecedu_native.so"
    if not lib.exists():
        pytest.skip("native library not built (python -m ecedu.native.build)")

    def build(driver_c):
        exe = tmp_path_factory.mktemp("ctime") / driver_c.stem
        subprocess.run(
            [
                cc,
                "-O2",
                "-g",
                "-I",
                str(NATIVE_DIR / "src"),
                str(driver_c),
                "-o",
                str(exe),
                "-L",
                str(NATIVE_DIR),
                "-lecedu_native",
                f"-Wl,-rpath,{NATIVE_DIR}",
            ],
            check=True,
        )
        return exe

    return build
