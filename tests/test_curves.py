"""Every curve's parameters checked against the mathematics (not against where they came from)."""

import math

import galois
import pytest

import ecedu
from ecedu.curves import canonical_name
from ecedu.ec import multiply_plain
from ecedu.errors import UnknownCurveError
from ecedu.scalar.tnaf import delta, zt_norm

NAMES = ecedu.curve_names()
EXPECTED = [
    "sect163k1", "sect163r1", "sect163r2", "sect193r1", "sect193r2", "sect233k1", "sect233r1",
    "sect239k1", "sect283k1", "sect283r1", "sect409k1", "sect409r1", "sect571k1", "sect571r1",
    "secp160r1", "secp192r1", "secp224r1", "secp256r1", "secp384r1", "secp521r1", "secp256k1",
]


def test_the_21_curves():
    assert NAMES == EXPECTED


@pytest.mark.parametrize("name", NAMES)
def test_parameters(name):
    C = ecedu.get_curve(name)
    assert C.name == name
    assert C.contains(C.G)
    assert galois.is_prime(C.n)
    assert multiply_plain(C, C.n, C.G) is None
    q = 2 ** C.field.m if C.kind == "binary" else C.field.p
    if C.kind == "binary":
        assert galois.Poly.Degrees(list(C.field.exponents)).is_irreducible()
        assert C.b != 0                                     # non-singular
    else:
        assert galois.is_prime(q)
        assert (4 * C.a ** 3 + 27 * C.b ** 2) % q != 0       # non-singular
    # Hasse: |#E - (q + 1)| <= 2 sqrt(q), and the cofactor is the only one that fits.
    order = C.h * C.n
    assert abs(order - (q + 1)) <= 2 * math.isqrt(q) + 2
    assert all(abs(h * C.n - (q + 1)) > 2 * math.isqrt(q) + 2 for h in range(1, 9) if h != C.h)


@pytest.mark.parametrize("name", [n for n in NAMES if ecedu.get_curve(n).is_koblitz])
def test_koblitz_mu_and_delta(name):
    C = ecedu.get_curve(name)
    assert C.mu == (1 if C.a == 1 else -1)
    assert C.h == (2 if C.a == 1 else 4)
    assert zt_norm(delta(C.field.m, C.mu), C.mu) == C.n     # N(δ) = n (Solinas)


def test_koblitz_set():
    assert [n for n in NAMES if ecedu.get_curve(n).is_koblitz] == [
        "sect163k1", "sect233k1", "sect239k1", "sect283k1", "sect409k1", "sect571k1"]


@pytest.mark.parametrize("alias,name", [
    ("K-163", "sect163k1"), ("B-163", "sect163r2"), ("nistk163", "sect163k1"), ("nistb571", "sect571r1"),
    ("P-256", "secp256r1"), ("prime256v1", "secp256r1"), ("nistp256", "secp256r1"), ("p256", "secp256r1"),
    ("P-192", "secp192r1"), ("prime192v1", "secp192r1"), ("SECT233K1", "sect233k1"), ("k233", "sect233k1"),
])
def test_aliases(alias, name):
    assert ecedu.get_curve(alias) is ecedu.get_curve(name)
    assert canonical_name(alias) == name


@pytest.mark.parametrize("bad", ["sect163k2", "P-257", "", "curve25519"])
def test_unknown_curve(bad):
    with pytest.raises(UnknownCurveError, match="unknown curve"):
        ecedu.get_curve(bad)


def test_unknown_curve_suggests():
    with pytest.raises(UnknownCurveError, match="sect163k1"):
        ecedu.get_curve("sect163k2")


def test_oids():
    assert ecedu.get_curve("P-256").oid == "1.2.840.10045.3.1.7"
    assert ecedu.get_curve("sect163k1").oid == "1.3.132.0.1"
    assert len({ecedu.get_curve(n).oid for n in NAMES}) == 21
