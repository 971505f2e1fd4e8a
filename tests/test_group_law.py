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


@pytest.mark.parametrize("C", TOYS, ids=lambda c: c.name)
def test_exhaustive_small_curves(C):
    pts = all_points(C) + [None]
    order = len(pts)
    assert order == C.n * C.h
    coords = ec.coordinates(C)
    for P in pts:
        assert ec.add(C, P, ec.neg(C, P)) is None
        assert ec.double(C, P) == ec.add(C, P, P) if P is not None else True
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
    assert C.n * C.h == len(all_points(C)) + 1
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
