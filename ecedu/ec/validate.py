"""Public-key validation (SEC 1 §3.2.2.1): on the curve, not infinity, in the subgroup of order n.

For cofactor h = 1 every point on the curve qualifies.  For binary curves with h = 2 or 4 the
subgroup test needs no scalar multiplication: a point (x, y) with x ≠ 0 is a *double* (lies in
2E) iff Tr(x) = Tr(a) (Seroussi 1998; Knudsen 1999).  With h = 2, 2E is the subgroup of order n.
With h = 4 (and E's 2-torsion cyclic, as on every SEC 2 curve) the subgroup is 4E: halve the
point once and test the half the same way.  Other cofactors fall back to checking n·P = O.
"""

from __future__ import annotations

from ..curves import get_curve
from ..errors import InvalidPointError
from .group import multiply_plain


def is_on_curve(curve, P) -> bool:
    return get_curve(curve).contains(P)


def _is_double_binary(curve, x: int) -> bool:
    F = curve.field
    return x != 0 and F.trace(x) == F.trace(curve.a)


def _halve_x_binary(curve, P):
    """x-coordinate of a half of P = (x, y) ∈ 2E (GECC §3.6, point halving).

    The halves R = (u, v) with 2R = P have slope λ_R solving λ² + λ = x + a, and
    u² = y + x(λ_R + 1).  The two roots λ̂, λ̂ + 1 give the two halves, which differ by the point of
    order 2; when that point is itself a double both halves lie in 2E or neither does.
    """
    F = curve.field
    x, y = P
    lam = F.solve_quadratic(x ^ curve.a)
    return F.sqrt(y ^ F.mul(x, lam ^ 1))


def in_prime_order_subgroup(curve, P) -> bool:
    """True iff n·P = O, by the fastest method that applies (see the module docstring)."""
    curve = get_curve(curve)  # a name or a curve object
    if P is None:
        return True
    if curve.h == 1:
        return True
    if curve.kind == "binary" and curve.h in (2, 4):
        if not _is_double_binary(curve, P[0]):
            return False
        if curve.h == 2:
            return True
        return _is_double_binary(curve, _halve_x_binary(curve, P))
    return multiply_plain(curve, curve.n, P) is None


def validate_public_point(curve, P):
    """Raise :class:`InvalidPointError` unless *P* is a valid public key; return *P*."""
    curve = get_curve(curve)  # a name or a curve object
    if P is None:
        raise InvalidPointError(f"the point at infinity is not a valid public key on {curve.name}")
    if not (isinstance(P, tuple) and len(P) == 2 and all(isinstance(c, int) for c in P)):
        raise InvalidPointError("a point must be a tuple (x, y) of ints")
    if not curve.contains(P):
        raise InvalidPointError(f"point is not on the curve {curve.name}")
    if not in_prime_order_subgroup(curve, P):
        raise InvalidPointError(
            f"point is not in the subgroup of prime order n of {curve.name} (cofactor {curve.h}):"
            " small-order or wrong-subgroup point"
        )
    return P
