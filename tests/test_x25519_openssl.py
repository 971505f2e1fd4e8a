"""X25519 against the OpenSSL command line, both ways and on both backends.

(a) OpenSSL makes the keys (``openssl genpkey -algorithm X25519``, ``openssl pkey -pubout``):
    ecedu reads them, writes back exactly OpenSSL's bytes, and derives what ``openssl pkeyutl
    -derive`` derives;
(b) ecedu makes the keys (PEM it writes): OpenSSL reads them and derives ecedu's secret;
(c) the all-zero case: OpenSSL refuses a small-order peer key too.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from ecedu import ecdh, x25519
from ecedu.backend import native_available
from ecedu.errors import InvalidPointError

OPENSSL = shutil.which("openssl")
pytestmark = pytest.mark.skipif(OPENSSL is None, reason="the `openssl` command-line tool is not on PATH")
BACKENDS = [
    "python",
    pytest.param("native", marks=pytest.mark.skipif(not native_available(), reason="no lib")),
]


def _run(*args, data: bytes | None = None) -> bytes:
    return subprocess.run([OPENSSL, *args], input=data, capture_output=True, check=True, timeout=60).stdout


def _openssl_pair(tmp_path, name):
    priv = tmp_path / f"{name}.pem"
    priv.write_bytes(_run("genpkey", "-algorithm", "X25519"))
    pub = tmp_path / f"{name}.pub.pem"
    pub.write_bytes(_run("pkey", "-in", str(priv), "-pubout"))
    return priv, pub


def _derive(priv, peer) -> bytes:
    return _run("pkeyutl", "-derive", "-inkey", str(priv), "-peerkey", str(peer))


@pytest.mark.parametrize("backend", BACKENDS)
def test_openssl_keys_in_ecedu(tmp_path, backend):
    a_priv, a_pub = _openssl_pair(tmp_path, "a")
    b_priv, b_pub = _openssl_pair(tmp_path, "b")
    k = x25519.load_private_key(a_priv.read_bytes())
    assert x25519.private_key_to_pem(k) == a_priv.read_bytes()
    assert x25519.private_key_to_der(k) == _run("pkey", "-in", str(a_priv), "-outform", "DER")
    assert x25519.public_key_to_pem(x25519.public_key(k, backend=backend)) == a_pub.read_bytes()
    expect = _derive(a_priv, b_pub)
    assert len(expect) == 32
    assert ecdh.shared_secret("X25519", a_priv.read_bytes(), b_pub.read_bytes(), backend=backend) == expect
    assert ecdh.shared_secret("X25519", b_priv.read_text(), a_pub.read_text(), backend=backend) == expect


@pytest.mark.parametrize("backend", BACKENDS)
def test_ecedu_keys_in_openssl(tmp_path, backend):
    k = x25519.generate_private_key()
    priv = tmp_path / "e.pem"
    priv.write_bytes(x25519.private_key_to_pem(k))
    pub = tmp_path / "e.pub.pem"
    pub.write_bytes(x25519.public_key_to_pem(x25519.public_key(k, backend=backend)))
    assert _run("pkey", "-in", str(priv), "-pubout") == pub.read_bytes()  # OpenSSL's public key = ours
    o_priv, o_pub = _openssl_pair(tmp_path, "o")
    ours = ecdh.shared_secret("X25519", k, o_pub.read_bytes(), backend=backend)
    assert _derive(priv, o_pub) == ours  # OpenSSL with ecedu's private key
    assert _derive(o_priv, pub) == ours  # OpenSSL with ecedu's public key
    der = tmp_path / "e.pub.der"
    der.write_bytes(x25519.public_key_to_der(x25519.public_key(k, backend=backend)))
    assert _run("pkey", "-pubin", "-inform", "DER", "-in", str(der), "-outform", "DER") == der.read_bytes()


@pytest.mark.parametrize("backend", BACKENDS)
def test_small_order_peer_refused_by_both(tmp_path, backend):
    o_priv, _ = _openssl_pair(tmp_path, "o")
    bad = tmp_path / "zero.pub.pem"
    bad.write_bytes(x25519.public_key_to_pem(bytes(32)))  # u = 0, of order 2
    r = subprocess.run(
        [OPENSSL, "pkeyutl", "-derive", "-inkey", str(o_priv), "-peerkey", str(bad)], capture_output=True
    )
    assert r.returncode != 0 and r.stdout == b""
    with pytest.raises(InvalidPointError, match="all zero"):
        ecdh.shared_secret("X25519", o_priv.read_bytes(), bad.read_bytes(), backend=backend)


def _with_attribute(pkcs8: bytes) -> bytes:
    """PKCS#8 *pkcs8* (short DER, as OpenSSL writes X25519 keys) with one attribute appended
    (RFC 5208 §5: attributes [0] IMPLICIT SET OF Attribute; here commonName "ecedu")."""
    assert pkcs8[0] == 0x30 and pkcs8[1] == len(pkcs8) - 2
    value = b"\x0c\x05ecedu"  # UTF8String
    attribute = (
        b"\x30"
        + bytes([5 + 2 + len(value)])
        + b"\x06\x03\x55\x04\x03"
        + b"\x31"
        + bytes([len(value)])
        + value
    )
    body = pkcs8[2:] + b"\xa0" + bytes([len(attribute)]) + attribute
    return b"\x30" + bytes([len(body)]) + body


@pytest.mark.parametrize("backend", BACKENDS)
def test_pkcs8_with_attributes_read_as_openssl_reads_it(tmp_path, backend):
    """RFC 5208 allows attributes in PKCS#8 and OpenSSL reads X25519 keys that carry them;
    ecedu refused them (while reading them on EC keys): it reads the same key now."""
    priv, pub = _openssl_pair(tmp_path, "a")
    der = _run("pkey", "-in", str(priv), "-outform", "DER")
    with_attr = _with_attribute(der)
    path = tmp_path / "attr.der"
    path.write_bytes(with_attr)
    # OpenSSL reads it, and writes back the key without the attribute
    assert _run("pkey", "-inform", "DER", "-in", str(path), "-outform", "DER") == der
    k = x25519.load_private_key(with_attr)
    assert k == x25519.load_private_key(der)
    expect = _derive(priv, pub)
    assert ecdh.shared_secret("X25519", with_attr, pub.read_bytes(), backend=backend) == expect
