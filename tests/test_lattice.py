"""ecedu.lattice.lll: the output is LLL-reduced (checked with an independent exact
Gram–Schmidt in Fractions), spans the same lattice (a unimodular integer transform, found by
exact Gaussian elimination), finds the hidden number of biased ECDSA nonces, and refuses bad input."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from ecedu import get_curve
from ecedu.errors import ECEduError
from ecedu.lattice import gram_schmidt_squared_norms, lll


def _gram_schmidt(rows):
    star, norms, mu = [], [], {}
    for i, row in enumerate(rows):
        v = [Fraction(x) for x in row]
        for j, (s, bs) in enumerate(zip(star, norms)):
            mu[i, j] = sum(x * y for x, y in zip(row, s)) / bs
            v = [x - mu[i, j] * y for x, y in zip(v, s)]
        star.append(v)
        norms.append(sum(x * x for x in v))
    return norms, mu


def _solve(A, y):
    """x with x·A = y (A square, invertible), exact."""
    n = len(A)
    M = [[Fraction(A[r][c]) for r in range(n)] + [Fraction(y[c])] for c in range(n)]  # A^T | y
    for col in range(n):
        piv = next(r for r in range(col, n) if M[r][col] != 0)
        M[col], M[piv] = M[piv], M[col]
        for r in range(n):
            if r != col and M[r][col] != 0:
                f = M[r][col] / M[col][col]
                M[r] = [a - f * b for a, b in zip(M[r], M[col])]
    return [M[i][n] / M[i][i] for i in range(n)]


def _det(A):
    M = [[Fraction(x) for x in row] for row in A]
    n, det = len(M), Fraction(1)
    for col in range(n):
        piv = next((r for r in range(col, n) if M[r][col] != 0), None)
        if piv is None:
            return Fraction(0)
        if piv != col:
            M[col], M[piv] = M[piv], M[col]
            det = -det
        det *= M[col][col]
        for r in range(col + 1, n):
            f = M[r][col] / M[col][col]
            M[r] = [a - f * b for a, b in zip(M[r], M[col])]
    return det


def _assert_lll_reduced(R, delta=Fraction(3, 4)):
    norms, mu = _gram_schmidt(R)
    for (i, j), m in mu.items():
        assert abs(m) <= Fraction(1, 2), f"not size-reduced: mu[{i},{j}] = {m}"
    for i in range(1, len(R)):
        assert norms[i] >= (delta - mu[i, i - 1] ** 2) * norms[i - 1], f"Lovász condition fails at {i}"


def _random_basis(rng, n, bound):
    while True:
        B = [[rng.randrange(-bound, bound + 1) for _ in range(n)] for _ in range(n)]
        if _det(B) != 0:
            return B


@pytest.mark.parametrize("seed", range(40))
def test_lll_reduced_and_same_lattice(seed):
    rng = random.Random(seed)
    n = rng.randrange(1, 8)
    B = _random_basis(rng, n, rng.choice((3, 100, 2**40)))
    B0 = [list(r) for r in B]  # a copy taken before: lll must not change its input
    R = lll(B)
    _assert_lll_reduced(R)
    assert B == B0
    # R = U·B with U integral and det U = ±1: the same lattice
    U = [_solve(B0, row) for row in R]
    assert all(x.denominator == 1 for row in U for x in row)
    assert abs(_det(U)) == 1


def test_lll_non_square_and_delta():
    rng = random.Random(5)
    B = [[rng.randrange(-1000, 1000) for _ in range(7)] for _ in range(4)]
    for delta in ((3, 4), (99, 100), (1, 2)):
        R = lll(B, delta=delta)
        _assert_lll_reduced(R, Fraction(*delta))
        # rows of R are integer combinations of B (LLL only adds integer multiples) with the same
        # Gram determinant: the same lattice
        gram = lambda X: [[sum(a * b for a, b in zip(u, v)) for v in X] for u in X]  # noqa: E731
        assert _det(gram(R)) == _det(gram(B))


def test_lll_textbook_example():
    # a basis of Z^3 in disguise: LLL must return three vectors of length 1
    B = [[1, 2, 3], [2, 5, 7], [3, 7, 11]]  # det 1
    R = lll(B)
    assert sorted(sum(x * x for x in r) for r in R) == [1, 1, 1]


def test_gram_schmidt_squared_norms_product_is_gram_determinant():
    B = [[3, 1, 4], [1, 5, 9], [2, 6, 5]]
    prod = Fraction(1)
    for x in gram_schmidt_squared_norms(B):
        prod *= x
    assert prod == _det(B) ** 2


def test_hidden_number_problem_biased_nonces():
    """ECDSA nonces with their top 16 bits zero on secp160r1: 13 signatures give the key."""
    rng = random.Random(2026)
    n = get_curve("secp160r1").n
    bound = 1 << (n.bit_length() - 16)
    d = rng.randrange(1, n)
    t, u = [], []
    for _ in range(13):
        k, r, e = rng.randrange(1, bound), rng.randrange(1, n), rng.randrange(n)
        s = pow(k, -1, n) * (e + r * d) % n
        t.append(r * pow(s, -1, n) % n)
        u.append(e * pow(s, -1, n) % n)
    a = [ti * pow(t[0], -1, n) % n for ti in t[1:]]
    b = [(ui - ai * u[0]) % n for ui, ai in zip(u[1:], a)]
    m = len(a)
    rows = [[n if j == i else 0 for j in range(m + 2)] for i in range(m)] + [a + [1, 0], b + [0, bound]]
    found = set()
    for row in lll(rows):
        if abs(row[-1]) == bound:
            k0 = row[-2] if row[-1] > 0 else -row[-2]
            found.add((k0 - u[0]) * pow(t[0], -1, n) % n)
    assert d in found


@pytest.mark.parametrize(
    "bad, why",
    [
        ([], "non-empty"),
        ([[1, 2], [3]], "same, non-zero length"),
        ([[1, 2.0]], "not a list of ints"),
        ([[1, 2], [2, 4]], "linearly dependent"),
        ([[0, 0]], "linearly dependent"),
        ([[1], [2]], "cannot be linearly independent"),
        ("12", "non-empty list"),
        ([[True, 1]], "not a list of ints"),
    ],
)
def test_lll_bad_input(bad, why):
    with pytest.raises(ECEduError, match=why):
        lll(bad)


def test_lll_bad_delta():
    with pytest.raises(ECEduError, match="delta"):
        lll([[1, 0], [0, 1]], delta=(1, 4))
