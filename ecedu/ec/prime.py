r"""The group law on :math:`E: y^2 = x^3 + ax + b` over GF(p).

Affine formulas (GECC §3.1.1) and Jacobian projective coordinates (GECC §3.2.2):
:math:`(X : Y : Z)` stands for :math:`(X/Z^2, Y/Z^3)`; ``Z = 0`` is the point at infinity.
Formulas: doubling "dbl-2007-bl" and mixed addition "madd-2007-bl" from the Explicit-Formulas
Database (Bernstein–Lange), general addition "add-2007-bl".
"""

from __future__ import annotations


def neg(curve, P):
    if P is None:
        return None
    return (P[0], -P[1] % curve.field.p)


def double(curve, P):
    r"""2P: :math:`λ = (3x^2 + a)/(2y)`, :math:`x_3 = λ^2 − 2x`, :math:`y_3 = λ(x − x_3) − y`."""
    if P is None:
        return None
    x, y = P
    F = curve.field
    if y == 0:
        return None
    lam = F.mul((3 * F.sqr(x) + curve.a) % F.p, F.inv(2 * y % F.p))
    x3 = (F.sqr(lam) - 2 * x) % F.p
    return (x3, (F.mul(lam, x - x3) - y) % F.p)


def add(curve, P, Q):
    r"""P + Q: :math:`λ = (y_2 − y_1)/(x_2 − x_1)`, :math:`x_3 = λ^2 − x_1 − x_2`,
    :math:`y_3 = λ(x_1 − x_3) − y_1`."""
    if P is None:
        return Q
    if Q is None:
        return P
    x1, y1 = P
    x2, y2 = Q
    F = curve.field
    if x1 == x2:
        return double(curve, P) if y1 == y2 else None
    lam = F.mul((y2 - y1) % F.p, F.inv((x2 - x1) % F.p))
    x3 = (F.sqr(lam) - x1 - x2) % F.p
    return (x3, (F.mul(lam, x1 - x3) - y1) % F.p)


class Jacobian:
    """Jacobian coordinates for one curve; points are ``(X, Y, Z)``, ``Z == 0`` is infinity."""

    name = "Jacobian"

    def __init__(self, curve):
        self.curve = curve
        F = curve.field
        self.mul, self.sqr, self.inv = F.mul, F.sqr, F.inv
        self.p, self.a = F.p, curve.a
        self.infinity = (1, 1, 0)

    def from_affine(self, P):
        return self.infinity if P is None else (P[0], P[1], 1)

    def to_affine(self, R):
        X, Y, Z = R
        if Z == 0:
            return None
        zi = self.inv(Z)
        zi2 = self.sqr(zi)
        return (self.mul(X, zi2), self.mul(Y, self.mul(zi2, zi)))

    def is_infinity(self, R) -> bool:
        return R[2] == 0

    def neg(self, R):
        return (R[0], -R[1] % self.p, R[2])

    def double(self, R):
        """2R ("dbl-2007-bl"): 1M + 8S + 1 multiplication by a."""
        X1, Y1, Z1 = R
        if Z1 == 0 or Y1 == 0:
            return self.infinity
        mul, sqr, p = self.mul, self.sqr, self.p
        XX, YY, ZZ = sqr(X1), sqr(Y1), sqr(Z1)
        YYYY = sqr(YY)
        S = 2 * (sqr(X1 + YY) - XX - YYYY) % p
        M = (3 * XX + mul(self.a, sqr(ZZ))) % p
        T = (sqr(M) - 2 * S) % p
        Y3 = (mul(M, S - T) - 8 * YYYY) % p
        Z3 = (sqr(Y1 + Z1) - YY - ZZ) % p
        return (T, Y3, Z3)

    def add_mixed(self, R, Q):
        """R + Q for Jacobian R and affine Q ("madd-2007-bl"): 7M + 4S."""
        if Q is None:
            return R
        X1, Y1, Z1 = R
        if Z1 == 0:
            return (Q[0], Q[1], 1)
        x2, y2 = Q
        mul, sqr, p = self.mul, self.sqr, self.p
        Z1Z1 = sqr(Z1)
        U2 = mul(x2, Z1Z1)
        S2 = mul(y2, mul(Z1, Z1Z1))
        H = (U2 - X1) % p
        r = 2 * (S2 - Y1) % p
        if H == 0:
            return self.double((x2, y2, 1)) if r == 0 else self.infinity
        HH = sqr(H)
        I = 4 * HH % p
        J = mul(H, I)
        V = mul(X1, I)
        X3 = (sqr(r) - J - 2 * V) % p
        Y3 = (mul(r, V - X3) - 2 * mul(Y1, J)) % p
        Z3 = (sqr(Z1 + H) - Z1Z1 - HH) % p
        return (X3, Y3, Z3)

    def add(self, R, S):
        """R + S, both Jacobian ("add-2007-bl"): 11M + 5S."""
        X1, Y1, Z1 = R
        X2, Y2, Z2 = S
        if Z1 == 0:
            return S
        if Z2 == 0:
            return R
        mul, sqr, p = self.mul, self.sqr, self.p
        Z1Z1, Z2Z2 = sqr(Z1), sqr(Z2)
        U1, U2 = mul(X1, Z2Z2), mul(X2, Z1Z1)
        S1, S2 = mul(Y1, mul(Z2, Z2Z2)), mul(Y2, mul(Z1, Z1Z1))
        H = (U2 - U1) % p
        r = 2 * (S2 - S1) % p
        if H == 0:
            return self.double(R) if r == 0 else self.infinity
        I = sqr(2 * H)
        J = mul(H, I)
        V = mul(U1, I)
        X3 = (sqr(r) - J - 2 * V) % p
        Y3 = (mul(r, V - X3) - 2 * mul(S1, J)) % p
        Z3 = mul((sqr(Z1 + Z2) - Z1Z1 - Z2Z2) % p, H)
        return (X3, Y3, Z3)

    def batch_to_affine(self, points):
        return [self.to_affine(R) for R in points]
