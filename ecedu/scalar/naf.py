r"""Non-adjacent form (NAF) and width-w NAF recoding, and the wNAF multiplier (GECC §3.3.1).

A NAF writes *k* with digits in {−1, 0, 1} such that no two adjacent digits are non-zero: it is
unique, at most one digit longer than binary, and has about m/3 non-zero digits instead of m/2.
Since −P costs nothing on an elliptic curve, subtractions are as cheap as additions.
Width-w NAF allows odd digits |d| < 2^(w−1) with at least w−1 zeros after each non-zero digit:
about m/(w+1) additions, paid for with 2^(w−2) precomputed points.
"""

from __future__ import annotations

from ..ec.group import coordinates, neg


def naf(k: int) -> list[int]:
    """NAF of k ≥ 0, least significant digit first (GECC Alg. 3.30)."""
    if k < 0:
        raise ValueError("naf() takes k >= 0")
    digits = []
    while k:
        if k & 1:
            d = 2 - (k & 3)  # k mod 4 = 1 -> +1, 3 -> -1
            k -= d
        else:
            d = 0
        digits.append(d)
        k >>= 1
    return digits


def wnaf(k: int, w: int) -> list[int]:
    """Width-w NAF of k ≥ 0, least significant digit first (GECC Alg. 3.35)."""
    if w < 2:
        raise ValueError("the width w must be at least 2")
    if k < 0:
        raise ValueError("wnaf() takes k >= 0")
    digits, full, half = [], 1 << w, 1 << (w - 1)
    while k:
        if k & 1:
            d = k & (full - 1)  # k mods 2^w
            if d >= half:
                d -= full
            k -= d
        else:
            d = 0
        digits.append(d)
        k >>= 1
    return digits


def from_digits(digits, base: int = 2) -> int:
    """Σ d_i · base^i: turn a recoding back into the integer (for tests and notebooks)."""
    return sum(d * base**i for i, d in enumerate(digits))


def wnaf_mult(curve, k: int, P, w: int = 4):
    """k·P with the width-w NAF (GECC Alg. 3.36): precompute P, 3P, …, (2^(w−1)−1)P, then
    one doubling per digit and one mixed addition per non-zero digit."""
    if k < 0:
        k, P = -k, neg(curve, P)
    if k == 0 or P is None:
        return None
    C = coordinates(curve)
    table = _odd_multiples(C, P, 1 << (w - 2))
    R = C.infinity
    for d in reversed(wnaf(k, w)):
        R = C.double(R)
        if d > 0:
            R = C.add_mixed(R, table[d >> 1])
        elif d < 0:
            R = C.add_mixed(R, neg(curve, table[(-d) >> 1]))
    return C.to_affine(R)


def _odd_multiples(C, P, count: int):
    """[P, 3P, 5P, …] (*count* points, affine): 2P made affine (one inversion, so that the
    additions are mixed), then the table by the coordinates' batch_to_affine (Montgomery's trick,
    one inversion more, on binary curves; one inversion per point on prime curves)."""
    if count == 1:
        return [P]
    twoP = C.to_affine(C.double(C.from_affine(P)))
    pts = [C.from_affine(P)]
    for _ in range(count - 1):
        pts.append(C.add_mixed(pts[-1], twoP))
    return C.batch_to_affine(pts)
