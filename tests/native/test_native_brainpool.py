"""The Brainpool r1 curves of the native library run on their twisted curves brainpoolPxxxt1
(a = -3) through the isomorphism (x, y) -> (Z^2 x, Z^3 y) of RFC 5639 §3
(src/curve/prime/iso.tmpl.h).  tools/gen_curves.py derives Z and the twisted curve's b and base
point from the r1 parameters of ecedu/curves/sec2.py; here they are checked against an
independent source, OpenSSL's own brainpoolPxxxt1 (`openssl ecparam -param_enc explicit`).
The native r1 results themselves are checked against the Python reference and OpenSSL by
test_native_prime_curves.py, test_native_openssl.py and tests/test_openssl_interop.py."""

import re
import shutil
import subprocess

import pytest

from ecedu import ec, native
from ecedu.curves import get_curve
from ecedu.curves.sec2 import PRIME_CURVES
from tools.gen_curves import twist_z, twisted

BRAINPOOL = [f"brainpoolP{b}r1" for b in (224, 256, 320, 384, 512)]


def _openssl_explicit(name):
    """(p, a, b, gx, gy, n) of an OpenSSL named curve, from its explicit parameters."""
    text = subprocess.run(
        ["openssl", "ecparam", "-name", name, "-param_enc", "explicit", "-text", "-noout"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout

    def field(label):
        m = re.search(label + r":\s*\n((?:\s+[0-9a-f:]+\n)+)", text)
        return int(re.sub(r"[^0-9a-f]", "", m.group(1)), 16)

    p = field("Prime")
    flen = (p.bit_length() + 7) // 8
    g = field(r"Generator \(uncompressed\)").to_bytes(1 + 2 * flen, "big")
    assert g[0] == 4
    x, y = int.from_bytes(g[1 : 1 + flen], "big"), int.from_bytes(g[1 + flen :], "big")
    return p, field("A"), field("B"), x, y, field("Order")


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl CLI not installed")
@pytest.mark.parametrize("name", BRAINPOOL)
def test_derived_twist_is_openssls_t1_curve(name):
    p, a, b, gx, gy, n, _h = PRIME_CURVES[name]
    z = twist_z(name)
    assert 0 < z < p and pow(z, 4, p) * a % p == p - 3  # a Z^4 = -3
    bt, gxt, gyt = twisted(name)
    assert _openssl_explicit(name)[:3] == (p, a, b)  # the r1 curve is the same to begin with
    assert _openssl_explicit(name[:-2] + "t1") == (p, p - 3, bt, gxt, gyt, n)


@pytest.mark.parametrize("name", ["secp256r1", "secp256k1", "secp224k1"])
def test_no_twist_for_a_zero_or_minus_three(name):
    assert twist_z(name) is None


@pytest.mark.skipif(not native.available(), reason="native library not built")
@pytest.mark.parametrize("name", BRAINPOOL[:2])
def test_outputs_are_points_of_the_r1_curve(name):
    """What comes out is on E (the r1 curve), not on E_t: the inverse map is applied."""
    C = get_curve(name)
    p = C.field.p
    for k in (1, 2, 12345):
        x, y = native.scalar_mult_base(name, k)
        assert (y * y - (x**3 + C.a * x + C.b)) % p == 0
        assert (x, y) == ec.multiply_plain(C, k, C.G)
    assert native.scalar_mult_base(name, 1) == C.G
