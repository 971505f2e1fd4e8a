"""ecedu: a course and reference package on fast elliptic-curve arithmetic.

The package reads in the order the course teaches it: :mod:`ecedu.fields` (GF(2^m), GF(p)),
:mod:`ecedu.curves` (SEC 2 parameters, the registry), :mod:`ecedu.ec` (the group law, SEC 1
encodings, validation), :mod:`ecedu.scalar` (scalar multiplication algorithms), then the
protocols :mod:`ecedu.ecdh` and :mod:`ecedu.ecdsa` with :mod:`ecedu.keys` for real formats.
"""

from . import errors
from .curves import curve_names, get_curve
from .errors import ECEduError

__version__ = "0.1.0"

__all__ = ["curve_names", "get_curve", "errors", "ECEduError", "__version__"]


def __getattr__(name):
    # ``ecedu.ecdh`` / ``ecedu.ecdsa`` / … work after a bare ``import ecedu``.
    import importlib

    if name in {
        "ecdh",
        "ecdsa",
        "keys",
        "pem",
        "scalar",
        "ec",
        "fields",
        "curves",
        "native",
        "bench",
        "backend",
        "rfc6979",
        "grading",
        "x25519",
    }:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'ecedu' has no attribute {name!r}")
