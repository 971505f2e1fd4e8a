"""Without the C library the package still imports, available() is False and every
native call raises BackendUnavailableError with a message saying how to build it."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHECK = r"""
import ecedu.native as N
from ecedu.errors import BackendUnavailableError
assert not N.available()
assert "python -m ecedu.native.build" in N.load_error()
for call in (lambda: N.scalar_mult("sect163k1", 1, 1, 1), lambda: N.ecdh("sect163k1", 1, b"\x04"),
             lambda: N.field_mul(163, 1, 1), N.cpu_features, lambda: N.bench_ecdh("sect163k1", 1)):
    try:
        call()
    except BackendUnavailableError as e:
        assert "native library not available" in str(e)
    else:
        raise SystemExit("no BackendUnavailableError")
print("OK")
"""


def test_missing_library_raises_backend_unavailable():
    env = dict(os.environ, ECEDU_NATIVE_LIB=str(ROOT / "does-not-exist.so"))
    r = subprocess.run([sys.executable, "-c", CHECK], cwd=ROOT, env=env, capture_output=True, text=True)
    assert r.returncode == 0 and "OK" in r.stdout, r.stderr


def test_build_without_compiler_reports_clearly(tmp_path):
    code = (
        "from ecedu.native import build as b\n"
        f"try:\n    b.build({str(tmp_path)!r})\nexcept b.BuildError as e:\n    print('BuildError', e)\n"
    )
    env = dict(os.environ, PATH=str(tmp_path), CC="")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert "BuildError no C compiler found" in r.stdout, r.stdout + r.stderr
    assert not list(tmp_path.glob("*.so"))
