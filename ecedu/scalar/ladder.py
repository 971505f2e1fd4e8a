r"""The Montgomery ladder: the same operations for every bit of the scalar.

Invariant: after processing the top bits of *k* that form *j*, the pair is ``(jP, (j+1)P)``.  A
1-bit maps it to ``((2j+1)P, (2j+2)P)`` = (sum, double of the second); a 0-bit to
``(2jP, (2j+1)P)`` = (double of the first, sum).  Every step is one addition and one doubling,
whatever the bit — the property constant-time code needs (here, in Python, the *sequence* of
field operations is regular; the native code also removes the secret-dependent branch).

* Binary curves: the López–Dahab x-only ladder (López & Dahab, CHES 1999; GECC Alg. 3.40).
  Since the difference of the pair is always P, the x-coordinate of the sum follows from the
  two x-coordinates and x(P) alone:  with :math:`x_i = X_i/Z_i`,

  - Madd:  :math:`Z_3 = (X_1Z_2 + X_2Z_1)^2`, :math:`X_3 = x Z_3 + X_1Z_2 \cdot X_2Z_1`
  - Mdouble: :math:`X = X^4 + bZ^4`, :math:`Z = X^2Z^2`

  and y is recovered at the end from x(kP), x((k+1)P) and P ("Mxy").  Cost per bit 6M + 5S.
* Prime curves: a regular ladder on Jacobian points (one general addition, one doubling per bit).
"""

from __future__ import annotations

from ..ec.group import coordinates, neg


def montgomery_ladder(curve, k: int, P):
    """k·P by the Montgomery ladder; returns an affine point or None."""
    if k < 0:
        k, P = -k, neg(curve, P)
    if k == 0 or P is None:
        return None
    if curve.kind == "binary":
        return _ladder_binary(curve, k, P)
    return _ladder_prime(curve, k, P)


def ladder_step_binary(field, b: int, x: int, X1: int, Z1: int, X2: int, Z2: int):
    """One López–Dahab ladder step for a 1-bit: returns (Madd(P1, P2), Mdouble(P2)).

    For a 0-bit, call it with the pairs swapped and swap the results back (what the native
    code does with a constant-time conditional swap).
    """
    mul, sqr = field.mul, field.sqr
    T1, T2 = mul(X1, Z2), mul(X2, Z1)
    Z3 = sqr(T1 ^ T2)
    X3 = mul(x, Z3) ^ mul(T1, T2)
    X2s, Z2s = sqr(X2), sqr(Z2)
    Z4 = mul(X2s, Z2s)
    bZ = sqr(Z2s) if b == 1 else mul(b, sqr(Z2s))
    X4 = sqr(X2s) ^ bZ
    return X3, Z3, X4, Z4


def _ladder_binary(curve, k: int, P):
    F = curve.field
    x, y = P
    if x == 0:  # P has order 2: kP = P or O
        return P if k & 1 else None
    b, sqr = curve.b, F.sqr
    X1, Z1 = x, 1  # P
    Z2 = sqr(x)
    X2 = sqr(Z2) ^ b  # 2P: X = x^4 + b, Z = x^2
    for bit in bin(k)[3:]:
        if bit == "1":
            X1, Z1, X2, Z2 = ladder_step_binary(F, b, x, X1, Z1, X2, Z2)
        else:
            X2, Z2, X1, Z1 = ladder_step_binary(F, b, x, X2, Z2, X1, Z1)
    return _recover_y(curve, x, y, X1, Z1, X2, Z2)


def _recover_y(curve, x, y, X1, Z1, X2, Z2):
    """Mxy (GECC Alg. 3.40 step 4): the affine kP from x(kP) = X1/Z1, x((k+1)P) = X2/Z2 and P."""
    F = curve.field
    mul, sqr = F.mul, F.sqr
    if Z1 == 0:
        return None  # kP = O
    if Z2 == 0:
        return (x, x ^ y)  # (k+1)P = O, so kP = −P
    x1 = mul(X1, F.inv(Z1))
    x2 = mul(X2, F.inv(Z2))
    # y1 = (x1 + x)·[(x1 + x)(x2 + x) + x² + y] / x + y
    t = mul(x1 ^ x, x2 ^ x) ^ sqr(x) ^ y
    y1 = mul(mul(x1 ^ x, t), F.inv(x)) ^ y
    return (x1, y1)


def _ladder_prime(curve, k: int, P):
    C = coordinates(curve)
    R0, R1 = C.from_affine(P), C.double(C.from_affine(P))
    for bit in bin(k)[3:]:
        if bit == "1":
            R0, R1 = C.add(R0, R1), C.double(R1)
        else:
            R0, R1 = C.double(R0), C.add(R0, R1)
    return C.to_affine(R0)
