"""ECDH of the C library against `openssl pkeyutl -derive` on all 14 binary curves and the
seven native prime curves.

For each curve two key pairs are made by `openssl genpkey`; OpenSSL derives the
shared secret, and the native library must give the same bytes from the private
scalar and the peer's public point (uncompressed and compressed).  The public
keys must also match native.scalar_mult_base(d).
"""

import re
import shutil
import subprocess

import pytest
from conftest import forced, runnable_paths

from ecedu import native
from ecedu.native import library

pytestmark = [
    pytest.mark.skipif(not native.available(), reason=f"native library not built: {native.load_error()}"),
    pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl CLI not installed"),
]


def run(*args, **kw):
    return subprocess.run(["openssl", *args], check=True, capture_output=True, **kw).stdout


def key_numbers(pem_path):
    """(d, public point bytes) from `openssl pkey -text`."""
    text = run("pkey", "-in", str(pem_path), "-noout", "-text").decode()

    def block(label):
        m = re.search(label + r":\s*\n((?:\s+[0-9a-f:]+\n)+)", text)
        return bytes.fromhex(re.sub(r"[\s:]", "", m.group(1)))

    return int.from_bytes(block("priv"), "big"), block("pub")


#: OpenSSL's names where they differ from SEC 2's (X9.62's).
OPENSSL_NAMES = {"secp192r1": "prime192v1", "secp256r1": "prime256v1"}


@pytest.mark.parametrize("name", native.CURVES + library.PRIME_CURVES)
def test_ecdh_matches_openssl(name, tmp_path):
    keys = []
    for who in ("a", "b"):
        priv = tmp_path / f"{who}.pem"
        pub = tmp_path / f"{who}.pub"
        try:
            run(
                "genpkey",
                "-algorithm",
                "EC",
                "-pkeyopt",
                f"ec_paramgen_curve:{OPENSSL_NAMES.get(name, name)}",
                "-out",
                str(priv),
            )
        except subprocess.CalledProcessError as e:
            pytest.skip(f"this OpenSSL cannot make {name} keys: {e.stderr.decode()[:200]}")
        run("pkey", "-in", str(priv), "-pubout", "-out", str(pub))
        d, Q = key_numbers(priv)
        keys.append((priv, pub, d, Q))
    (pa, _, da, Qa), (_, pubb, db, Qb) = keys
    secret = run("pkeyutl", "-derive", "-inkey", str(pa), "-peerkey", str(pubb))
    c = library.curve_params(name)
    m, flen = c.m, c.flen  # m: the degree, or bits(p) on a prime curve
    assert len(secret) == flen
    # public keys: fixed-base multiplication gives what OpenSSL computed
    for d, Q in ((da, Qa), (db, Qb)):
        assert Q[0] == 4 and len(Q) == 1 + 2 * flen
        x, y = native.scalar_mult_base(name, d)
        assert Q == b"\x04" + x.to_bytes(flen, "big") + y.to_bytes(flen, "big")
    assert native.ecdh(name, da, Qb) == secret
    assert native.ecdh(name, db, Qa) == secret
    # compressed peer key (SEC 1 02/03): same secret
    xb, yb = native.decode_point(name, Qb)
    if name in library.PRIME_CURVES:  # SEC 1 2.3.3: the parity of y
        ybit = yb & 1
    else:  # the last bit of y/x
        ybit = native.field_mul(m, yb, native.field_inv(m, xb)) & 1
    assert native.ecdh(name, da, bytes([2 | ybit]) + Qb[1 : 1 + flen]) == secret
    # every path the CPU can run (portable, pclmul, avx, avx2, avx512)
    for impl in runnable_paths():
        with forced(impl):
            assert native.ecdh(name, da, Qb) == secret, impl
            assert native.scalar_mult_base(name, da) == native.decode_point(name, Qa), impl
