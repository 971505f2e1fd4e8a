"""Tiny curves whose every point can be listed: for pictures, exercises and exhaustive tests.

libsecp256k1 tests its formulas exhaustively on small groups; ecedu does the same with these.
The group order is found by counting points, the base point G generates the subgroup of the
largest prime order n, and h = #E / n.
"""

from __future__ import annotations

from functools import cache

from ..fields import BinaryField, PrimeField
from .curve import BinaryCurve, PrimeCurve


def all_points(curve) -> list:
    """Every affine point of a small curve (not including the point at infinity), sorted."""
    F = curve.field
    pts = []
    if curve.kind == "prime":
        p = F.p
        squares: dict[int, list[int]] = {}
        for y in range(p):
            squares.setdefault(y * y % p, []).append(y)
        for x in range(p):
            for y in squares.get((x * x * x + curve.a * x + curve.b) % p, []):
                pts.append((x, y))
    else:
        size = 1 << F.m
        for x in range(size):
            for y in range(size):
                if curve.contains((x, y)):
                    pts.append((x, y))
    return sorted(pts)


def _largest_prime_factor(N: int) -> int:
    f, best = 2, 1
    while f * f <= N:
        while N % f == 0:
            best, N = f, N // f
        f += 1
    return max(best, N) if N > 1 else best


def _point_order(curve, P, group_order: int) -> int:
    from ..ec.group import multiply_plain

    return min(
        d for d in range(1, group_order + 1) if group_order % d == 0 and multiply_plain(curve, d, P) is None
    )


def _finish(curve_cls, name, field, a, b):
    """Count the points, then take G of order n = the largest prime dividing #E.

    The group need not be cyclic (e.g. Z/2 × Z/2), so G is found as (ord(P)/n)·P for a point P
    whose order n divides, rather than as h·P.
    """
    from ..ec.group import multiply_plain
    from ..errors import ECEduError

    if curve_cls is PrimeCurve and (4 * a**3 + 27 * b**2) % field.p == 0:
        raise ECEduError(f"y^2 = x^3 + {a}x + {b} is singular over GF({field.p})")
    if curve_cls is BinaryCurve and b == 0:
        raise ECEduError("y^2 + xy = x^3 + ax^2 + b is singular when b = 0")
    probe = curve_cls(name, field, a, b, (0, 0), 1, 1)
    pts = all_points(probe)
    order = len(pts) + 1
    if order == 1:
        raise ECEduError("the curve has only the point at infinity")
    n = _largest_prime_factor(order)
    h = order // n
    for P in pts:  # the usual way: G = h·P for some P
        G = multiply_plain(probe, h, P)
        if G is not None:
            return curve_cls(name, field, a, b, G, n, h)
    for P in pts:  # non-cyclic n-part: G = (ord(P)/n)·P
        k = _point_order(probe, P, order)
        if k % n == 0:
            return curve_cls(name, field, a, b, multiply_plain(probe, k // n, P), n, order // n)
    raise AssertionError("Cauchy's theorem guarantees a point of order n")


@cache
def toy_binary_curve(exponents=(7, 1, 0), a: int = 1, b: int = 1, name: str | None = None) -> BinaryCurve:
    """y² + xy = x³ + ax² + b over GF(2^m); the default is the Koblitz curve E_1 over GF(2^7)."""
    F = BinaryField(exponents)
    return _finish(BinaryCurve, name or f"toy-binary-{F.m}", F, a, b)


@cache
def toy_prime_curve(p: int = 97, a: int = 2, b: int = 3, name: str | None = None) -> PrimeCurve:
    """y² = x³ + ax + b over GF(p); the default is the textbook curve over GF(97)."""
    return _finish(PrimeCurve, name or f"toy-prime-{p}", PrimeField(p), a, b)
