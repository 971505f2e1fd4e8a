"""Choosing a backend: ``"python"`` (the reference package) or ``"native"`` (the C kernels)."""

from __future__ import annotations

from ._options import choice
from .curves import get_curve
from .curves.sec2 import NATIVE_PRIME_CURVES
from .errors import BackendUnavailableError, ECEduError

BACKENDS = ("python", "native")


_NATIVE = None  # ecedu.native once imported: every public call needs it, and an import statement
# inside a function costs about as much as the rest of the call's Python work on a small curve


def native_module():
    """The :mod:`ecedu.native` module (imported on first use), or None if it cannot be imported."""
    global _NATIVE
    if _NATIVE is None:
        try:
            from . import native
        except ImportError:
            return None
        _NATIVE = native
    return _NATIVE


def native_available() -> bool:
    native = native_module()
    return native is not None and native.available()


def native_reason() -> str:
    try:
        from . import native
    except ImportError as e:
        return f"ecedu.native cannot be imported: {e}"
    return native.load_error() or "the native library is not built"


def default_backend() -> str:
    """``"native"`` where the library loads, else ``"python"``."""
    return "native" if native_available() else "python"


def native_covers(curve) -> bool:
    """True if the C kernels have *curve*: a curve of the registry (the 14 binary curves and the 15
    prime curves of :data:`ecedu.curves.sec2.NATIVE_PRIME_CURVES`), or a curve object with the same
    name and the same parameters.  The C library finds a curve by its name, so a hand-built curve
    (a toy curve, or a registry name over other parameters) is not covered: it goes to the Python
    backend, which computes on its own parameters."""
    try:
        known = get_curve(curve.name)
    except (ECEduError, AttributeError, TypeError):
        return False
    if known.kind != "binary" and known.name not in NATIVE_PRIME_CURVES:
        return False
    return curve is known or (
        curve.field == known.field  # the fields compare by p or by reduction polynomial
        and (curve.a, curve.b, curve.G, curve.n, curve.h) == (known.a, known.b, known.G, known.n, known.h)
    )


def resolve(backend: str | None, curve=None) -> str:
    """Check a backend name; ``None`` means the default (native where it covers the curve)."""
    if backend is None:
        chosen = "native" if native_available() else "python"  # default_backend(), one call less
        if chosen == "native" and curve is not None and not native_covers(curve):
            return "python"
        return chosen
    choice(backend, BACKENDS, "backend")
    if backend == "native":
        if not native_available():
            raise BackendUnavailableError(f"backend='native' is unavailable: {native_reason()}")
        if curve is not None and not native_covers(curve):
            raise BackendUnavailableError(
                f"the native kernels cover the registry's curves (the 14 binary curves and the prime curves "
                f"{', '.join(NATIVE_PRIME_CURVES)}) with their own parameters; not this curve {curve.name!r}"
            )
    return backend
