"""The group law: exhaustive on tiny curves, property-based on the real ones."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ecedu
from ecedu import ec
from ecedu.curves.toy import all_points, toy_binary_curve, toy_prime_curve

TOYS = [
    toy_binary_curve(),
    toy_binary_curve((5, 2, 0), 1, 1),
    toy_binary_curve((4, 1, 0), 0, 1),
    toy_binary_curve((6, 1, 0), 0b101, 0b11),
    toy_prime_curve(),
    toy_prime_curve(101, 1, 1),
]


def _count_points(C) -> int:
    """#E by brute force over every (x, y), with arithmetic that is not ecedu's: Python integers
    mod p, or galois's GF(2^m) on the same reduction polynomial; + 1 for infinity."""
    if C.kind == "prime":
        p = C.field.p
        squares = [0] * p
        for y in range(p):
            squares[y * y % p] += 1
        return 1 + sum(squares[(x * x * x + C.a * x + C.b) % p] for x in range(p))
    import galois
    import numpy as np

    GF = galois.GF(2**C.field.m, irreducible_poly=C.field.modulus, verify=False)
    xs = GF(np.arange(2**C.field.m))
    a, b = GF(C.a), GF(C.b)
    rhs = xs**3 + a * xs**2 + b
    return 1 + sum(int(np.count_nonzero(xs**2 + x * xs == r)) for x, r in zip(xs, rhs))


@pytest.mark.parametrize("C", TOYS, ids=lambda c: c.name)
def test_exhaustive_small_curves(C):
    pts = all_points(C) + [None]
    order = len(pts)
    assert order == _count_points(C) == C.n * C.h
    coords = ec.coordinates(C)
    for P in pts:
        assert ec.add(C, P, ec.neg(C, P)) is None
        if P is not None:
            assert ec.double(C, P) == ec.add(C, P, P)
        assert ec.multiply_plain(C, order, P) is None  # Lagrange
        for Q in pts:
            S = ec.add(C, P, Q)
            assert C.contains(S) and S == ec.add(C, Q, P)
            if Q is not None:
                assert coords.to_affine(coords.add_mixed(coords.from_affine(P), Q)) == S
        assert coords.to_affine(coords.double(coords.from_affine(P))) == ec.double(C, P)


@pytest.mark.parametrize("C", TOYS[:2] + TOYS[4:5], ids=lambda c: c.name)
def test_associativity_exhaustive(C):
    pts = all_points(C)[:25] + [None]
    for P in pts:
        for Q in pts:
            PQ = ec.add(C, P, Q)
            for R in pts[:10]:
                assert ec.add(C, PQ, R) == ec.add(C, P, ec.add(C, Q, R))


@pytest.mark.parametrize("name", ecedu.curve_names())
@given(st.data())
def test_group_law_real_curves(name, data):
    C = ecedu.get_curve(name)
    k1 = data.draw(st.integers(1, 2**40))
    k2 = data.draw(st.integers(1, 2**40))
    P, Q = ec.multiply_plain(C, k1, C.G), ec.multiply_plain(C, k2, C.G)
    assert ec.add(C, P, Q) == ec.multiply_plain(C, k1 + k2, C.G)
    assert ec.add(C, P, Q) == ec.add(C, Q, P)
    assert ec.add(C, ec.add(C, P, Q), C.G) == ec.add(C, P, ec.add(C, Q, C.G))
    coords = ec.coordinates(C)
    R = coords.add_mixed(coords.double(coords.from_affine(P)), Q)
    assert coords.to_affine(R) == ec.add(C, ec.double(C, P), Q)
    assert ec.sub(C, P, P) is None


@pytest.mark.parametrize("p,a,b", [(5, 1, 0), (7, 0, 2), (11, 1, 2), (97, 2, 3)])
def test_toy_curves_have_a_generator_of_order_n(p, a, b):
    C = toy_prime_curve(p, a, b)
    assert C.n * C.h == _count_points(C)
    assert C.G is not None and ec.multiply_plain(C, C.n, C.G) is None


def test_toy_curve_rejects_singular():
    with pytest.raises(ecedu.ECEduError, match="singular"):
        toy_prime_curve(5, 0, 0)


def test_prime_affine_formulas_are_counted():
    from ecedu.scalar import counting

    C = ecedu.get_curve("P-256")
    with counting(C) as ops:
        ec.add(C, C.G, ec.double(C, C.G))
    assert (ops.inv, ops.mul, ops.sqr) == (2, 4, 3)


NIST_PRIME = ["P-192", "P-224", "P-256", "P-384", "P-521"]


@pytest.mark.parametrize("name", NIST_PRIME)
def test_a_minus_3_doubling_is_used_and_agrees(name):
    """On the NIST prime curves (a = −3) Jacobian doubling takes the 3M + 5S formula, which agrees
    with the generic formula and with affine doubling, also from a point with Z ≠ 1."""
    from ecedu.scalar import counting

    C = ecedu.get_curve(name)
    J = ec.coordinates(C)
    assert J.a_is_minus_3
    P = ec.multiply_plain(C, 0x1234567, C.G)
    R = J.double(J.add_mixed(J.from_affine(P), C.G))  # Z ≠ 1
    for pt in (J.from_affine(P), R):
        fast, generic = J.double_a_minus_3(pt), J.double_generic(pt)
        assert J.to_affine(fast) == J.to_affine(generic) == ec.double(C, J.to_affine(pt))
    with counting(C) as ops:
        ec.coordinates(C).double(R)
    assert (ops.mul, ops.sqr, ops.inv) == (3, 5, 0)
    with counting(C) as ops:
        ec.coordinates(C).double_generic(R)
    assert (ops.mul, ops.sqr, ops.inv) == (2, 8, 0)  # 1M + 8S + the product by a
    assert J.double(J.infinity) == J.infinity
    assert J.to_affine(J.double(J.from_affine(P))) == ec.double(C, P)


def test_generic_doubling_where_a_is_not_minus_3():
    from ecedu.scalar import counting

    C = ecedu.get_curve("secp256k1")  # a = 0
    J = ec.coordinates(C)
    assert not J.a_is_minus_3
    with counting(C) as ops:
        R = ec.coordinates(C).double(J.from_affine(C.G))
    assert (ops.mul, ops.sqr) == (2, 8)
    assert J.to_affine(R) == ec.double(C, C.G)


@pytest.mark.parametrize("name", ["P-256", "P-384"])
def test_prime_affine_counts_per_operation(name):
    from ecedu.scalar import counting

    C = ecedu.get_curve(name)
    Q = ec.double(C, C.G)
    with counting(C) as ops:
        ec.double(C, Q)
    assert (ops.inv, ops.mul, ops.sqr) == (1, 2, 2)
    with counting(C) as ops:
        ec.add(C, Q, C.G)
    assert (ops.inv, ops.mul, ops.sqr) == (1, 2, 1)
