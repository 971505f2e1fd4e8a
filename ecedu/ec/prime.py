r"""The group law on :math:`E: y^2 = x^3 + ax + b` over GF(p).

Affine formulas (GECC §3.1.2) and Jacobian projective coordinates (GECC §3.2.2):
:math:`(X : Y : Z)` stands for :math:`(X/Z^2, Y/Z^3)`; ``Z = 0`` is the point at infinity.
Formulas: doubling "dbl-2007-bl" and mixed addition "madd-2007-bl" from the Explicit-Formulas
Database (Bernstein–Lange), general addition "add-2007-bl".  When :math:`a \equiv -3 \pmod p` —
every NIST prime curve (P-192 to P-521) — doubling uses the shortcut
:math:`3x^2 + aZ^4 = 3(x - Z^2)(x + Z^2)` (GECC Alg. 3.21; here as "dbl-2001-b", 3M + 5S).
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
        # every NIST prime curve has a = −3, which makes doubling cheaper (double_a_minus_3)
        self.a_is_minus_3 = (curve.a + 3) % F.p == 0
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
        """2R: the a = −3 formula (3M + 5S) when a ≡ −3 mod p, otherwise the generic one (1M + 8S + a·)."""
        return self.double_a_minus_3(R) if self.a_is_minus_3 else self.double_generic(R)

    def double_generic(self, R):
        """2R for any a ("dbl-2007-bl"): 1M + 8S + 1 multiplication by a."""
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

    def double_a_minus_3(self, R):
        r"""2R when a = −3 ("dbl-2001-b"): 3M + 5S.

        In affine terms the tangent slope is :math:`(3x^2 + a)/(2y)`; in Jacobian coordinates its
        numerator is :math:`3X^2 + aZ^4`, and for a = −3 that is :math:`3(X - Z^2)(X + Z^2)`: one
        multiplication instead of the squarings :math:`X^2` and :math:`(Z^2)^2` and the product by a.
        GECC Alg. 3.21 uses the same factorisation (4M + 4S, with :math:`Z_3 = 2Y_1Z_1` as a product);
        here :math:`Z_3 = (Y_1 + Z_1)^2 - Y_1^2 - Z_1^2` trades that multiplication for a squaring.
        Valid only when a ≡ −3 (mod p).
        """
        X1, Y1, Z1 = R
        if Z1 == 0 or Y1 == 0:
            return self.infinity
        mul, sqr, p = self.mul, self.sqr, self.p
        delta = sqr(Z1)  # Z1^2
        gamma = sqr(Y1)  # Y1^2
        beta = mul(X1, gamma)  # X1·Y1^2
        alpha = 3 * mul((X1 - delta) % p, (X1 + delta) % p) % p  # 3X1^2 − 3Z1^4
        X3 = (sqr(alpha) - 8 * beta) % p
        Z3 = (sqr(Y1 + Z1) - gamma - delta) % p  # 2·Y1·Z1
        Y3 = (mul(alpha, (4 * beta - X3) % p) - 8 * sqr(gamma)) % p
        return (X3, Y3, Z3)

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
