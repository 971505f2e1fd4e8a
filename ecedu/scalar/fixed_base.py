r"""Fixed-base multiplication k·G with a precomputed table (GECC §3.3.2, fixed-base windowing).

Write k in base :math:`2^w`: :math:`k = \sum_i k_i 2^{wi}`.  With the table
:math:`T[i][j] = j \cdot 2^{wi} G` (computed once per curve), :math:`kG = \sum_i T[i][k_i]`:
no doublings at all, one mixed addition per base-:math:`2^w` digit.  Key generation and ECDSA
signing multiply the generator, so they use this.
"""

from __future__ import annotations

from functools import cache

from ..ec.group import coordinates

WINDOW = 4


@cache
def _table(curve, w: int = WINDOW):
    C = coordinates(curve)
    digits = (curve.n.bit_length() + w - 1) // w
    rows = []
    base = curve.G
    for _ in range(digits):
        pts = [C.from_affine(base)]
        for _ in range((1 << w) - 2):
            pts.append(C.add_mixed(pts[-1], base))
        row = C.batch_to_affine(pts)
        rows.append(row)
        base = C.to_affine(C.add_mixed(C.from_affine(row[-1]), base))  # (2^w − 1)B + B
    return rows


def fixed_base_mult(curve, k: int):
    """k·G using the per-curve table; *k* is reduced modulo n."""
    k %= curve.n
    if k == 0:
        return None
    rows = _table(curve)
    C = coordinates(curve)
    R = C.infinity
    mask = (1 << WINDOW) - 1
    i = 0
    while k:
        d = k & mask
        if d:
            R = C.add_mixed(R, rows[i][d - 1])
        k >>= WINDOW
        i += 1
    return C.to_affine(R)
