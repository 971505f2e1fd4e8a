"""Build hook for ecedu: compiles the native C library during `pip install`.

All metadata lives in pyproject.toml; this file only adds one build step.
`build_py` is extended so that, after copying the Python files, it compiles
ecedu/native/src/**/*.c into libecedu_native.so:

* ``pip install .`` (wheel): into the build directory, so the .so is inside
  the installed package (the wheel is tagged platform-specific);
* ``pip install -e .`` (editable): into the source tree, ecedu/native/.

If no C compiler is available (or compilation fails) the install still
succeeds with a warning; ``ecedu.native.available()`` is then False and
``backend="native"`` raises BackendUnavailableError.  Rebuild later with
``python -m ecedu.native.build``.  Set ECEDU_NATIVE_SANITIZE=1 to build the
ASan/UBSan variant instead (libecedu_native_asan.so).
"""

import importlib.util
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = Path(__file__).resolve().parent


def _load_builder():
    # Import ecedu/native/build.py by path: importing the ecedu package here
    # would need its dependencies, which may not be installed yet.
    spec = importlib.util.spec_from_file_location(
        "_ecedu_native_build", HERE / "ecedu" / "native" / "build.py"
    )
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class build_py_with_native(build_py):
    def run(self):
        super().run()
        builder = _load_builder()
        src = HERE / "ecedu" / "native" / "src"
        if getattr(self, "editable_mode", False):
            out = src.parent
        else:
            out = Path(self.build_lib) / "ecedu" / "native"
        try:
            path = builder.build(out, src_dir=src)
            print(f"ecedu: built native library {path}")
        except Exception as e:  # no compiler, or compile error: install anyway
            print(
                f"WARNING: ecedu native library not built ({e}); the pure-Python backend still works",
                file=sys.stderr,
            )


class BinaryDistribution(Distribution):
    """The wheel contains a shared library: tag it for the platform."""

    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": build_py_with_native}, distclass=BinaryDistribution)
