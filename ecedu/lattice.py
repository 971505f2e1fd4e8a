"""Lattice basis reduction (LLL) in exact integer arithmetic, for the attacks of chapter 11.

What it is for: the hidden number problem. ECDSA nonces whose top bits are known (or zero) turn
every signature into an approximate linear equation in the private key; the key is then the
unique *short* vector of a lattice the attacker builds, and LLL finds it (Boneh–Venkatesan 1996,
Howgrave-Graham–Smart 2001, Nguyen–Shparlinski 2002).

Why written here and not imported: the well-kept library, fpylll (a wrapper of fplll), installs
from PyPI as a 180 MB wheel under the GPL (ecedu is MIT) with an undeclared dependency
(cysignals); the lattices of the course have at most a few dozen rows, where a readable exact
algorithm is fast enough.  The algorithm is the *integral* LLL of de Weger, in the form of Cohen,
"A Course in Computational Algebraic Number Theory", Alg. 2.6.7 (with the sub-algorithms RED and
SWAP of 2.6.3): instead of the rational Gram–Schmidt coefficients μ_ij and squared norms B_i it
keeps the integers

    d_i = B_1 ··· B_i  (the Gram determinant of b_1 … b_i; d_0 = 1),   λ_ij = d_j μ_ij  (j < i),

which stay integral through every update, so no fraction (and no rounding error) appears.

LLL-reduced with parameter δ = 3/4 (Lenstra, Lenstra, Lovász 1982) means, for the output rows:

* size-reduced: |μ_ij| ≤ 1/2 for all j < i;
* Lovász condition: B_i ≥ (δ − μ_{i,i−1}²) B_{i−1}.

Then ‖b_1‖ ≤ 2^((r−1)/2) λ_1(L) for a lattice of rank r; in the dimensions used here the first
rows are in practice much closer to the shortest vectors than this bound says.  Running time is
polynomial (Cohen §2.6) but this is Python: for a rank-40 lattice with 500-bit entries allow
seconds.  Not constant time (nothing secret goes in: the attacker runs it).
"""

from __future__ import annotations

from .errors import ECEduError

__all__ = ["lll", "gram_schmidt_squared_norms"]


def _check_basis(rows) -> list[list[int]]:
    if type(rows) not in (list, tuple) or not rows:
        raise ECEduError("lll: expected a non-empty list of rows (lists of ints)")
    basis = []
    for i, row in enumerate(rows):
        if type(row) not in (list, tuple) or any(type(x) is not int for x in row):
            raise ECEduError(f"lll: row {i} is not a list of ints")
        basis.append(list(row))
    width = len(basis[0])
    if width == 0 or any(len(row) != width for row in basis):
        raise ECEduError("lll: the rows must all have the same, non-zero length")
    if len(basis) > width:
        raise ECEduError(f"lll: {len(basis)} rows of length {width} cannot be linearly independent")
    return basis


def _dot(u: list[int], v: list[int]) -> int:
    return sum(a * b for a, b in zip(u, v))


def lll(rows, delta: tuple[int, int] = (3, 4)) -> list[list[int]]:
    """An LLL-reduced basis (a new list of rows) of the lattice spanned by ``rows``.

    ``rows`` are linearly independent integer vectors (lists or tuples of ``int``) of equal
    length; ``delta`` = (a, b) is the Lovász parameter a/b with 1/4 < a/b ≤ 1, as a fraction
    so the test stays exact.  Raises :class:`ECEduError` for rows that are not integer vectors
    of one length or are linearly dependent."""
    b = _check_basis(rows)
    da, db = delta
    if not (type(da) is int and type(db) is int and db > 0 and 4 * da > db and da <= db):
        raise ECEduError("lll: delta must be a fraction (a, b) with 1/4 < a/b <= 1")
    n = len(b)
    d = [1] + [0] * n  # d[i] = d_i, Gram determinant of the first i rows (1-based i)
    lam = [[0] * n for _ in range(n)]  # lam[i][j] = λ_ij for j < i (0-based rows)

    def add_gram_schmidt(k: int) -> None:
        """Cohen 2.6.7 step 2: λ_kj (j < k) and d_{k+1} for the (0-based) row k."""
        for j in range(k + 1):
            u = _dot(b[k], b[j])
            for i in range(j):
                # exact division: the result is again a Gram determinant or λ (Cohen Prop. 2.6.6)
                u = (d[i + 1] * u - lam[k][i] * lam[j][i]) // d[i]
            if j < k:
                lam[k][j] = u
            else:
                if u == 0:
                    raise ECEduError("lll: the rows are linearly dependent")
                d[k + 1] = u

    def reduce(k: int, l: int) -> None:
        """RED(k, l): make |μ_kl| ≤ 1/2 by subtracting q·b_l, q the integer nearest μ_kl."""
        if 2 * abs(lam[k][l]) > d[l + 1]:
            q = (2 * lam[k][l] + d[l + 1]) // (2 * d[l + 1])  # round(λ_kl / d_l), halves up
            b[k] = [x - q * y for x, y in zip(b[k], b[l])]
            lam[k][l] -= q * d[l + 1]
            for i in range(l):
                lam[k][i] -= q * lam[l][i]

    def swap(k: int, kmax: int) -> None:
        """SWAP(k): exchange rows k−1 and k and update d and λ (Cohen 2.6.7 step 4)."""
        b[k], b[k - 1] = b[k - 1], b[k]
        for j in range(k - 1):
            lam[k][j], lam[k - 1][j] = lam[k - 1][j], lam[k][j]
        m = lam[k][k - 1]
        new_d = (d[k - 1] * d[k + 1] + m * m) // d[k]  # the new d_{k} (1-based k)
        for i in range(k + 1, kmax + 1):
            t = lam[i][k]
            lam[i][k] = (d[k + 1] * lam[i][k - 1] - m * t) // d[k]
            lam[i][k - 1] = (new_d * t + m * lam[i][k]) // d[k + 1]
        d[k] = new_d

    d[1] = _dot(b[0], b[0])
    if d[1] == 0:
        raise ECEduError("lll: the rows are linearly dependent (a zero row)")
    k, kmax = 1, 0
    while k < n:
        if k > kmax:
            kmax = k
            add_gram_schmidt(k)
        reduce(k, k - 1)
        # Lovász with B_i = d_i / d_{i-1} and μ = λ / d, multiplied out by d_{k-1}²·b:
        # B_k < (δ − μ²) B_{k−1}  ⇔  b·d_{k+1}·d_{k−1} < a·d_k² − b·λ²
        if db * d[k + 1] * d[k - 1] < da * d[k] * d[k] - db * lam[k][k - 1] ** 2:
            swap(k, kmax)
            k = max(1, k - 1)
        else:
            for l in range(k - 2, -1, -1):
                reduce(k, l)
            k += 1
    return b


def gram_schmidt_squared_norms(rows):
    """The squared Gram–Schmidt lengths B_1, …, B_r of ``rows`` as exact fractions (for teaching
    and tests: LLL makes them decrease slowly instead of collapsing)."""
    from fractions import Fraction

    b = _check_basis(rows)
    star: list[list[Fraction]] = []
    norms = []
    for row in b:
        v = [Fraction(x) for x in row]
        for s, bs in zip(star, norms):
            mu = sum(x * y for x, y in zip(row, s)) / bs
            v = [x - mu * y for x, y in zip(v, s)]
        bs = sum(x * x for x in v)
        if bs == 0:
            raise ECEduError("the rows are linearly dependent")
        star.append(v)
        norms.append(bs)
    return norms
