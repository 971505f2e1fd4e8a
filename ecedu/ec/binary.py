r"""The group law on :math:`E: y^2 + xy = x^3 + ax^2 + b` over GF(2^m).

Affine formulas (GECC §3.1.2) teach the geometry; López–Dahab projective coordinates
(GECC §3.2.3) avoid the inversion in every addition: :math:`(X : Y : Z)` stands for the affine
point :math:`(X/Z, Y/Z^2)`.  Doubling costs 4M + 5S (less when b = 1), a *mixed* addition of an
affine point 8M + 5S, for a in {0, 1} (every SEC 2 curve but sect163r1, sect193r1 and sect193r2:
there one more M each, the product by a).  A López–Dahab point with ``Z = 0`` is the point at infinity.
"""

from __future__ import annotations

INFINITY = None


def neg(curve, P):
    """−(x, y) = (x, x + y)."""
    if P is None:
        return None
    return (P[0], P[0] ^ P[1])


def double(curve, P):
    r"""2P in affine coordinates: :math:`λ = x + y/x`, :math:`x_3 = λ^2 + λ + a`,
    :math:`y_3 = x^2 + (λ+1)x_3`."""
    if P is None:
        return None
    x, y = P
    if x == 0:  # the point of order 2: P = −P
        return None
    F = curve.field
    lam = x ^ F.mul(y, F.inv(x))
    x3 = F.sqr(lam) ^ lam ^ curve.a
    y3 = F.sqr(x) ^ F.mul(lam ^ 1, x3)
    return (x3, y3)


def add(curve, P, Q):
    r"""P + Q in affine coordinates: :math:`λ = (y_1+y_2)/(x_1+x_2)`, :math:`x_3 = λ^2+λ+x_1+x_2+a`,
    :math:`y_3 = λ(x_1+x_3) + x_3 + y_1` (GECC §3.1.2)."""
    if P is None:
        return Q
    if Q is None:
        return P
    x1, y1 = P
    x2, y2 = Q
    if x1 == x2:
        return double(curve, P) if y1 == y2 else None  # Q = P, or Q = −P
    F = curve.field
    lam = F.mul(y1 ^ y2, F.inv(x1 ^ x2))
    x3 = F.sqr(lam) ^ lam ^ x1 ^ x2 ^ curve.a
    y3 = F.mul(lam, x1 ^ x3) ^ x3 ^ y1
    return (x3, y3)


class LopezDahab:
    """López–Dahab coordinates for one curve: the operations the scalar multipliers call.

    Points are tuples ``(X, Y, Z)``; ``Z == 0`` is infinity.  The field methods are bound once
    here, so that switching on operation counting (:mod:`ecedu.scalar.counters`) sees every call.
    """

    name = "López–Dahab"

    def __init__(self, curve):
        self.curve = curve
        F = curve.field
        self.mul, self.sqr, self.inv = F.mul, F.sqr, F.inv
        self.a, self.b = curve.a, curve.b
        self.infinity = (1, 0, 0)

    def from_affine(self, P):
        return self.infinity if P is None else (P[0], P[1], 1)

    def to_affine(self, R):
        X, Y, Z = R
        if Z == 0:
            return None
        zi = self.inv(Z)
        return (self.mul(X, zi), self.mul(Y, self.sqr(zi)))

    def is_infinity(self, R) -> bool:
        return R[2] == 0

    def neg(self, R):
        X, Y, Z = R
        return (X, Y ^ self.mul(X, Z), Z)

    def double(self, R):
        """2R (GECC eq. 3.24): Z3 = X²Z², X3 = X⁴ + bZ⁴, Y3 = bZ⁴·Z3 + X3·(aZ3 + Y² + bZ⁴)."""
        X1, Y1, Z1 = R
        if Z1 == 0 or X1 == 0:  # infinity, or the point of order 2
            return self.infinity
        mul, sqr = self.mul, self.sqr
        X1s, Z1s = sqr(X1), sqr(Z1)
        Z3 = mul(X1s, Z1s)
        bZ4 = sqr(Z1s) if self.b == 1 else mul(self.b, sqr(Z1s))
        X3 = sqr(X1s) ^ bZ4
        t = sqr(Y1) ^ bZ4
        if self.a == 1:
            t ^= Z3
        elif self.a:
            t ^= mul(self.a, Z3)
        Y3 = mul(bZ4, Z3) ^ mul(X3, t)
        return (X3, Y3, Z3)

    def add_mixed(self, R, Q):
        """R + Q for projective R and affine Q (GECC Alg. 3.25; Al-Daoud, Mahmod, Rushdan, Kilicman)."""
        if Q is None:
            return R
        X1, Y1, Z1 = R
        x2, y2 = Q
        if Z1 == 0:
            return (x2, y2, 1)
        mul, sqr = self.mul, self.sqr
        Z1s = sqr(Z1)
        A = mul(y2, Z1s) ^ Y1
        B = mul(x2, Z1) ^ X1
        if B == 0:  # same x: R = Q (double) or R = −Q (infinity)
            return self.double((x2, y2, 1)) if A == 0 else self.infinity
        C = mul(Z1, B)
        if self.a == 0:
            D = mul(sqr(B), C)
        elif self.a == 1:
            D = mul(sqr(B), C ^ Z1s)
        else:
            D = mul(sqr(B), C ^ mul(self.a, Z1s))
        Z3 = sqr(C)
        E = mul(A, C)
        X3 = sqr(A) ^ D ^ E
        Fv = X3 ^ mul(x2, Z3)
        G = mul(x2 ^ y2, sqr(Z3))
        Y3 = mul(E ^ Z3, Fv) ^ G
        return (X3, Y3, Z3)

    def frobenius(self, R):
        """τ(X, Y, Z) = (X², Y², Z²): the Frobenius map, 3 squarings (Koblitz curves)."""
        sqr = self.sqr
        return (sqr(R[0]), sqr(R[1]), sqr(R[2]))

    def batch_to_affine(self, points):
        """Convert many points with one inversion (Montgomery's simultaneous inversion trick)."""
        mul = self.mul
        zs = [R[2] for R in points]
        prefix, acc = [], 1
        for z in zs:
            prefix.append(acc)
            acc = mul(acc, z) if z else acc
        inv = self.inv(acc)
        out = [None] * len(points)
        for i in range(len(points) - 1, -1, -1):
            X, Y, Z = points[i]
            if Z == 0:
                continue
            zi = mul(inv, prefix[i])
            inv = mul(inv, Z)
            out[i] = (mul(X, zi), mul(Y, self.sqr(zi)))
        return out
