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
    "sect163k1",
    "sect163r1",
    "sect163r2",
    "sect193r1",
    "sect193r2",
    "sect233k1",
    "sect233r1",
    "sect239k1",
    "sect283k1",
    "sect283r1",
    "sect409k1",
    "sect409r1",
    "sect571k1",
    "sect571r1",
    "secp160r1",
    "secp192r1",
    "secp224r1",
    "secp256r1",
    "secp384r1",
    "secp521r1",
    "secp256k1",
    "secp160k1",
    "secp192k1",
    "secp224k1",
    "brainpoolP224r1",
    "brainpoolP256r1",
    "brainpoolP320r1",
    "brainpoolP384r1",
    "brainpoolP512r1",
]
ADDED = EXPECTED[21:]  # issue 18: SEC 2 prime Koblitz curves and RFC 5639 Brainpool


def test_the_29_curves():
    assert NAMES == EXPECTED


@pytest.mark.parametrize("name", NAMES)
def test_parameters(name):
    C = ecedu.get_curve(name)
    assert C.name == name
    assert C.contains(C.G)
    assert galois.is_prime(C.n)
    assert multiply_plain(C, C.n, C.G) is None
    q = 2**C.field.m if C.kind == "binary" else C.field.p
    if C.kind == "binary":
        assert galois.Poly.Degrees(list(C.field.exponents)).is_irreducible()
        assert C.b != 0  # non-singular
    else:
        assert galois.is_prime(q)
        assert (4 * C.a**3 + 27 * C.b**2) % q != 0  # non-singular
    # Hasse: |#E - (q + 1)| <= 2 sqrt(q), and the cofactor is the only one that fits.
    order = C.h * C.n
    assert abs(order - (q + 1)) <= 2 * math.isqrt(q) + 2
    assert all(abs(h * C.n - (q + 1)) > 2 * math.isqrt(q) + 2 for h in range(1, 9) if h != C.h)


@pytest.mark.parametrize("name", [n for n in NAMES if ecedu.get_curve(n).is_koblitz])
def test_koblitz_mu_and_delta(name):
    C = ecedu.get_curve(name)
    assert C.mu == (1 if C.a == 1 else -1)
    assert C.h == (2 if C.a == 1 else 4)
    assert zt_norm(delta(C.field.m, C.mu), C.mu) == C.n  # N(δ) = n (Solinas)


def test_koblitz_set():
    assert [n for n in NAMES if ecedu.get_curve(n).is_koblitz] == [
        "sect163k1",
        "sect233k1",
        "sect239k1",
        "sect283k1",
        "sect409k1",
        "sect571k1",
    ]


@pytest.mark.parametrize(
    "alias,name",
    [
        ("K-163", "sect163k1"),
        ("B-163", "sect163r2"),
        ("nistk163", "sect163k1"),
        ("nistb571", "sect571r1"),
        ("P-256", "secp256r1"),
        ("prime256v1", "secp256r1"),
        ("nistp256", "secp256r1"),
        ("p256", "secp256r1"),
        ("P-192", "secp192r1"),
        ("prime192v1", "secp192r1"),
        ("SECT233K1", "sect233k1"),
        ("k233", "sect233k1"),
    ],
)
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
    assert len({ecedu.get_curve(n).oid for n in NAMES}) == 29


@pytest.mark.parametrize("name", ["secp160k1", "secp192k1", "secp224k1", "secp256k1"])
def test_prime_koblitz_glv_endomorphism(name):
    """a = 0 and p ≡ 1 (mod 3): φ(x, y) = (βx, y), β a cube root of 1, acts on the subgroup as a
    multiplication by a cube root λ of 1 mod n (the GLV endomorphism, SEC 2 §2.1 / GLV 2001)."""
    C = ecedu.get_curve(name)
    p, n = C.field.p, C.n
    assert C.a == 0 and p % 3 == 1 and n % 3 == 1
    beta = next(b for b in (pow(g, (p - 1) // 3, p) for g in range(2, 50)) if b != 1)
    lam = next(v for v in (pow(g, (n - 1) // 3, n) for g in range(2, 50)) if v != 1)
    assert pow(beta, 3, p) == 1 and pow(lam, 3, n) == 1
    image = (beta * C.G[0] % p, C.G[1])
    assert C.contains(image)
    assert image in (multiply_plain(C, lam, C.G), multiply_plain(C, lam * lam % n, C.G))


def test_brainpool_primes_have_no_special_form():
    """RFC 5639 §2.1: the primes are pseudo-random, so 2^k - p has about k/3 signed digits (NAF),
    where every SEC 2 prime has at most 8: Solinas folding does not pay, Montgomery does."""
    from ecedu.fields.prime import solinas_terms

    for name in NAMES[14:]:
        p = ecedu.get_curve(name).field.p
        terms = len(solinas_terms(p)[1])
        assert (terms > p.bit_length() // 5) if name.startswith("brainpool") else terms <= 8, name


def _openssl_explicit(name):
    import re
    import shutil
    import subprocess

    if shutil.which("openssl") is None:
        pytest.skip("the openssl CLI is not installed")
    out = subprocess.run(
        ["openssl", "ecparam", "-name", name, "-param_enc", "explicit", "-text", "-noout"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if out.returncode:
        pytest.skip(f"this OpenSSL does not know {name}")

    def number(label):
        m = re.search(label + r"(?: \(uncompressed\))?:\s*((?:[0-9a-f]{2}:?\s*)+)\n", out.stdout)
        if m is None:  # small values print in decimal: "A:    0"
            return int(re.search(label + r":\s+(\d+)", out.stdout).group(1))
        return int(re.sub(r"[^0-9a-f]", "", m.group(1)), 16)

    cof = int(re.search(r"Cofactor:\s+(\d+)", out.stdout).group(1))
    return number("Prime"), number("A"), number("B"), number("Generator"), number("Order"), cof


@pytest.mark.parametrize("name", ADDED)
def test_added_curves_match_openssl_explicit_parameters(name):
    """The independent oracle: OpenSSL's own explicit parameters for the same name."""
    C = ecedu.get_curve(name)
    p, a, b, g, n, h = _openssl_explicit(name)
    L = C.byte_length
    assert (C.field.p, C.a, C.b, C.n, C.h) == (p, a, b, n, h)
    assert g == int.from_bytes(b"\x04" + C.G[0].to_bytes(L, "big") + C.G[1].to_bytes(L, "big"), "big")


@pytest.mark.parametrize(
    "name,oid",
    [
        ("secp160k1", "1.3.132.0.9"),
        ("secp192k1", "1.3.132.0.31"),
        ("secp224k1", "1.3.132.0.32"),
        ("brainpoolP224r1", "1.3.36.3.3.2.8.1.1.5"),
        ("brainpoolP256r1", "1.3.36.3.3.2.8.1.1.7"),
        ("brainpoolP320r1", "1.3.36.3.3.2.8.1.1.9"),
        ("brainpoolP384r1", "1.3.36.3.3.2.8.1.1.11"),
        ("brainpoolP512r1", "1.3.36.3.3.2.8.1.1.13"),
    ],
)
def test_added_curve_oids_and_names(name, oid):
    """OIDs from SEC 2 §A.2 and RFC 5639 §4.1; names as OpenSSL spells them, any case."""
    C = ecedu.get_curve(name)
    assert C.oid == oid and ecedu.curves.curve_from_oid(oid) is C
    assert ecedu.get_curve(name.upper()) is C and ecedu.get_curve(name.lower()) is C


@pytest.mark.parametrize(
    "bad", ["sect163k1\x00junk", "\u212a-163", "\ud800", "sect163k1\u2003", "P-256\n", "x" * 100_000]
)
def test_loose_curve_names_are_refused(bad):
    with pytest.raises(UnknownCurveError) as info:
        ecedu.get_curve(bad)
    assert len(str(info.value)) < 300  # a huge name is not echoed
