"""Scalar multiplication: every algorithm gives the same point on every curve; recodings are right."""

import random

import pytest
from hypothesis import given, strategies as st

import ecedu
from ecedu import ec, scalar
from ecedu.curves.toy import toy_binary_curve, toy_prime_curve
from ecedu.scalar.tnaf import evaluate, partial_reduce, tnaf, wtnaf, zt_norm

NAMES = ecedu.curve_names()


def algorithms(C):
    algs = [scalar.double_and_add, scalar.montgomery_ladder,
            lambda C, k, P: scalar.wnaf_mult(C, k, P, 3), lambda C, k, P: scalar.wnaf_mult(C, k, P, 5),
            scalar.multiply]
    if C.is_koblitz:
        algs += [lambda C, k, P, w=w: scalar.tnaf_mult(C, k, P, w) for w in (2, 4, 6)]
    return algs


@pytest.mark.parametrize("name", NAMES)
def test_all_algorithms_agree(name):
    C = ecedu.get_curve(name)
    rng = random.Random(name)
    P = ec.multiply_plain(C, rng.randrange(1, C.n), C.G)
    for k in [1, 2, 3, C.n - 1, C.n - 2, rng.randrange(1, C.n), (1 << (C.n.bit_length() - 1))]:
        ref = ec.multiply_plain(C, k, P)
        for alg in algorithms(C):
            assert alg(C, k, P) == ref, (alg, k)
        assert scalar.fixed_base_mult(C, k) == ec.multiply_plain(C, k, C.G)
    assert scalar.montgomery_ladder(C, C.n, P) is None
    assert scalar.double_and_add(C, -5, P) == ec.neg(C, scalar.double_and_add(C, 5, P))


@pytest.mark.parametrize("C", [toy_binary_curve(), toy_binary_curve((5, 2, 0), 1, 1), toy_prime_curve()],
                         ids=lambda c: c.name)
def test_exhaustive_scalars_on_toy_curves(C):
    for k in range(0, 2 * C.n * C.h + 3):
        ref = ec.multiply_plain(C, k, C.G)
        assert scalar.montgomery_ladder(C, k, C.G) == ref
        assert scalar.wnaf_mult(C, k, C.G, 4) == ref
        assert scalar.double_and_add(C, k, C.G) == ref
        if C.is_koblitz:
            assert scalar.tnaf_mult(C, k, C.G, 4) == ref


@given(st.integers(0, 2 ** 600))
def test_naf_properties(k):
    d = scalar.naf(k)
    assert scalar.from_digits(d) == k
    assert all(x in (-1, 0, 1) for x in d)
    assert all(d[i] == 0 or d[i + 1] == 0 for i in range(len(d) - 1))
    assert len(d) <= k.bit_length() + 1


@given(st.integers(0, 2 ** 600), st.integers(2, 7))
def test_wnaf_properties(k, w):
    d = scalar.wnaf(k, w)
    assert scalar.from_digits(d) == k
    nz = [i for i, x in enumerate(d) if x]
    assert all(x % 2 and abs(x) < 2 ** (w - 1) for x in d if x)
    assert all(b - a >= w for a, b in zip(nz, nz[1:]))


@given(st.integers(1, 2 ** 300), st.sampled_from([1, -1]), st.integers(2, 6))
def test_tnaf_properties(k, mu, w):
    d = tnaf(k, mu)
    assert evaluate(d, mu) == (k, 0)
    assert all(d[i] == 0 or d[i + 1] == 0 for i in range(len(d) - 1))
    dw = wtnaf(k, mu, w)
    nz = [i for i, x in enumerate(dw) if x]
    assert all(b - a >= w for a, b in zip(nz, nz[1:]))


@pytest.mark.parametrize("name", [n for n in NAMES if ecedu.get_curve(n).is_koblitz])
def test_partial_reduction_shortens_expansion(name):
    C = ecedu.get_curve(name)
    rng = random.Random(1)
    for _ in range(5):
        k = rng.randrange(1, C.n)
        rho = partial_reduce(C, k)
        assert zt_norm(rho, C.mu) < 4 * C.n          # |ρ| is about sqrt(n)
        assert len(tnaf(rho, C.mu)) <= C.field.m + 4   # ~m digits instead of ~2m
        assert len(tnaf(k, C.mu)) > C.field.m + 100


def test_counters_compare_algorithms():
    C = ecedu.get_curve("sect163k1")
    k = random.Random(2).randrange(1, C.n)
    with scalar.counting(C) as ladder:
        scalar.montgomery_ladder(C, k, C.G)
    with scalar.counting(C) as tau:
        scalar.tnaf_mult(C, k, C.G, 5)
    assert 4.5 * 162 <= ladder.mul <= 6 * 163 + 20    # 5M per bit when b = 1, 6M otherwise
    assert tau.mul < ladder.mul / 2
    assert ladder.inv <= 4 and tau.inv <= 3
    assert not isinstance(C.field, type(None)) and C.field.__class__.__name__ == "BinaryField"
