"""What the benchmark can use of :mod:`ecedu.native` (the C library's ctypes bridge).

The bridge is optional (it needs a C compiler at install time).  Everything here
degrades to ``None`` plus a human-readable reason, which ends up in the ``note`` of
the JSON records; the benchmark never fails because native code is missing.
"""

from __future__ import annotations

import importlib

# Candidate names in ecedu.native, first match wins.
_CANDIDATES = {
    "bench_ecdh": ("bench_ecdh",),
    "bench_ecdsa_sign": ("bench_ecdsa_sign", "bench_sign"),
    "bench_ecdsa_verify": ("bench_ecdsa_verify", "bench_verify"),
    "bench_field_mul": ("bench_field_mul",),
    "bench_scalar_mult_base": ("bench_scalar_mult_base",),
    "field_mul": ("field_mul", "gf2m_mul"),
    "field_mul_batch": ("field_mul_batch", "gf2m_mul_batch", "mul_batch"),
}


class Native:
    def __init__(self):
        self.module = None
        self.reason = None
        try:
            self.module = importlib.import_module("ecedu.native")
        except Exception as exc:  # noqa: BLE001 -- any import problem means "unavailable"
            self.reason = f"ecedu.native not importable ({type(exc).__name__}: {exc})"
            return
        avail = getattr(self.module, "available", None)
        if avail is None:
            self.reason = "ecedu.native has no available() (ctypes bridge not installed)"
            self.module = None
            return
        try:
            ok = bool(avail()) if callable(avail) else False
        except Exception as exc:  # noqa: BLE001
            ok = False
            self.reason = f"ecedu.native.available() raised {type(exc).__name__}: {exc}"
        if not ok:
            if self.reason is None:
                why = None
                for attr in ("unavailable_reason", "load_error", "error", "reason"):
                    v = getattr(self.module, attr, None)
                    try:
                        v = v() if callable(v) else v
                    except Exception:  # noqa: BLE001
                        v = None
                    if v:
                        why = str(v)
                        break
                self.reason = "ecedu.native.available() is False" + (f": {why}" if why else
                                                                    " (library not built?)")
            self.module = None

    @property
    def available(self) -> bool:
        return self.module is not None

    def func(self, key: str):
        if self.module is None:
            return None
        for name in _CANDIDATES[key]:
            f = getattr(self.module, name, None)
            if callable(f):
                return f
        return None

    def missing(self, key: str) -> str:
        if self.module is None:
            return self.reason or "ecedu.native unavailable"
        return f"ecedu.native has no {'/'.join(_CANDIDATES[key])}()"

    def supports_curve(self, curve: str) -> bool:
        if self.module is None:
            return False
        names = getattr(self.module, "CURVES", None)
        if names is not None:
            return curve in set(names)
        return curve.startswith("sect")  # the C library covers the 14 binary curves

    def info(self) -> dict:
        if self.module is None:
            return {"available": False, "reason": self.reason}
        d = {"available": True}
        for attr in ("implementation", "using_pclmul", "cpu_features", "library_path"):
            v = getattr(self.module, attr, None)
            try:
                d[attr] = v() if callable(v) else v
            except Exception:  # noqa: BLE001
                pass
        return d


_native = None


def get() -> Native:
    global _native
    if _native is None:
        _native = Native()
    return _native
