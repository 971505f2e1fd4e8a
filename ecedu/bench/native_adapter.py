"""What the benchmark uses of :mod:`ecedu.native` (the C library's ctypes bridge).

The C library is optional (it needs a C compiler at install time).  When it is missing,
everything here answers ``None`` plus a human-readable reason, which ends up in the
``note`` of the JSON records: the benchmark never fails because native code is missing.
"""

from __future__ import annotations

from ecedu import native


class Native:
    """The native bridge if its library loaded, else the reason why not."""

    def __init__(self):
        self.module = native if native.available() else None
        self.reason = (
            None
            if self.module
            else (f"ecedu.native unavailable: {native.load_error() or 'library not built'}")
        )

    @property
    def available(self) -> bool:
        return self.module is not None

    def supports_curve(self, curve: str) -> bool:
        return self.module is not None and (curve in native.CURVES or curve == "X25519")

    def info(self) -> dict:
        if self.module is None:
            return {"available": False, "reason": self.reason}
        impl = native.implementation()
        return {
            "available": True,
            "implementation": impl,
            # the level's former name, for readers of older records ("vpclmul")
            "implementation_aliases": [a for a, v in native.IMPLEMENTATION_ALIASES.items() if v == impl],
            "using_pclmul": native.using_pclmul(),
            "cpu_features": native.cpu_features(),
            "library_path": native.library_path(),
        }


_native = None


def get() -> Native:
    global _native
    if _native is None:
        _native = Native()
    return _native
