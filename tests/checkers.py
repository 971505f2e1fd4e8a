"""The external checkers the constant-time and sanitizer suites need, probed in one place: read by
the fixtures that skip without them (conftest.py's build_ctime_driver, native/test_native_asan.py)
and by the CI test that requires them (test_project.py).  Each probe returns None when the
checker is there, else why not (the skip's reason)."""

import os
import shutil
import subprocess


def c_compiler() -> str | None:
    return shutil.which("gcc") or shutil.which("cc")


def valgrind_missing() -> str | None:
    """None if valgrind, a C compiler and <valgrind/memcheck.h> are there, else why not."""
    if shutil.which("valgrind") is None:
        return "valgrind is not installed (Debian/Ubuntu: apt-get install valgrind)"
    cc = c_compiler()
    if cc is None:
        return "no C compiler"
    probe = subprocess.run(
        [cc, "-E", "-x", "c", "-"], input="#include <valgrind/memcheck.h>\n", capture_output=True, text=True
    )
    if probe.returncode:
        return "<valgrind/memcheck.h> missing (Debian/Ubuntu package: valgrind)"
    return None


def libasan() -> str | None:
    """The path of the C compiler's libasan.so, or None."""
    cc = c_compiler()
    if not cc:
        return None
    p = subprocess.run([cc, "-print-file-name=libasan.so"], capture_output=True, text=True).stdout.strip()
    return p if p and os.path.isabs(p) and os.path.exists(p) else None
