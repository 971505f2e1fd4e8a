"""GF(p): Montgomery and Solinas reduction give exactly x mod p; square roots."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ecedu
from ecedu.fields import MontgomeryDomain, PrimeField
from ecedu.fields.prime import solinas_reduce, solinas_terms, tonelli_shanks

PRIMES = [ecedu.get_curve(n).field.p for n in ecedu.curve_names()[14:]]


@pytest.mark.parametrize("p", PRIMES, ids=lambda p: f"p{p.bit_length()}")
@given(data=st.data())
def test_reductions_agree(p, data):
    a = data.draw(st.integers(0, p - 1))
    b = data.draw(st.integers(0, p - 1))
    M = MontgomeryDomain(p)
    am, bm = M.to_mont(a), M.to_mont(b)
    assert M.from_mont(M.mul(am, bm)) == a * b % p
    assert M.mul_cios(am, bm) == M.mul(am, bm)
    assert solinas_reduce(a * b, p) == a * b % p


def test_solinas_terms_are_nist_shapes():
    p256 = ecedu.get_curve("P-256").field.p
    assert solinas_terms(p256) == (256, [(1, 224), (-1, 192), (-1, 96), (1, 0)])
    p521 = ecedu.get_curve("P-521").field.p
    assert solinas_terms(p521) == (521, [(1, 0)])


@pytest.mark.parametrize("p", PRIMES + [97, 113, 10009], ids=str)
def test_sqrt(p):
    F = PrimeField(p)
    for a in range(2, 60):
        s = a * a % p
        r = F.sqrt(s)
        assert r * r % p == s
    nonres = next(a for a in range(2, 1000) if not F.is_square(a))
    with pytest.raises(ecedu.ECEduError, match="not a square"):
        F.sqrt(nonres)


def test_tonelli_shanks_on_p224():
    p = ecedu.get_curve("P-224").field.p  # p ≡ 1 mod 2^96: the hard case
    assert p % 4 == 1
    for a in (4, 9, 2**100, 12345678901234567890):
        if PrimeField(p).is_square(a):
            r = tonelli_shanks(a % p, p)
            assert r * r % p == a % p


def test_element_type():
    F = PrimeField(97)
    a = F(5)
    assert a * a**-1 == 1 and (a - 7).value == 95 and -a == 92
