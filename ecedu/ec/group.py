"""The group law for any curve: dispatch to the binary or prime formulas.

``add(curve, P, Q)``, ``double(curve, P)``, ``neg(curve, P)`` work on affine tuples (``None`` is
the point at infinity); ``coordinates(curve)`` gives the projective system the scalar
multipliers use (López–Dahab or Jacobian).
"""

from __future__ import annotations

from ..curves import get_curve
from . import binary, prime

INFINITY = None


def _law(curve):
    return binary if curve.kind == "binary" else prime


def add(curve, P, Q):
    """P + Q (affine)."""
    curve = get_curve(curve)  # a name or a curve object
    return _law(curve).add(curve, P, Q)


def double(curve, P):
    """2P (affine)."""
    curve = get_curve(curve)  # a name or a curve object
    return _law(curve).double(curve, P)


def neg(curve, P):
    """−P (affine)."""
    curve = get_curve(curve)  # a name or a curve object
    return _law(curve).neg(curve, P)


def sub(curve, P, Q):
    """P − Q (affine)."""
    return add(curve, P, neg(curve, Q))


def coordinates(curve):
    """A fresh projective coordinate system for *curve*: López–Dahab (binary) or Jacobian (prime)."""
    curve = get_curve(curve)  # a name or a curve object
    return binary.LopezDahab(curve) if curve.kind == "binary" else prime.Jacobian(curve)


def multiply_plain(curve, k: int, P):
    """k·P by left-to-right double-and-add in projective coordinates (no recoding, no tricks).

    The group layer's own multiplier, used for subgroup checks and as the simplest oracle; the
    algorithms the course compares live in :mod:`ecedu.scalar`.
    """
    if k < 0:
        return multiply_plain(curve, -k, neg(curve, P))
    C = coordinates(curve)
    R = C.infinity
    for bit in bin(k)[2:]:
        R = C.double(R)
        if bit == "1":
            R = C.add_mixed(R, P)
    return C.to_affine(R)
