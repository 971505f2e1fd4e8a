"""The ctypes libcrypto path agrees with the openssl command line (and with ecedu)."""

import shutil
import subprocess

import pytest

from ecedu.bench import libcrypto

pytestmark = [
    pytest.mark.skipif(not libcrypto.available(), reason="libcrypto.so.3 not loadable"),
    pytest.mark.skipif(shutil.which("openssl") is None, reason="no openssl binary"),
]


def _openssl(*args, cwd):
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


@pytest.mark.parametrize("curve", ["sect163r1", "sect233k1"])
def test_derive_matches_pkeyutl(tmp_path, curve):
    # sect163r1 is one of the curves openssl speed does not list
    for who in ("a", "b"):
        _openssl("ecparam", "-name", curve, "-genkey", "-noout", "-out", f"{who}.pem", cwd=tmp_path)
        _openssl("pkey", "-in", f"{who}.pem", "-outform", "DER", "-out", f"{who}.der", cwd=tmp_path)
        _openssl("pkey", "-in", f"{who}.pem", "-pubout", "-out", f"{who}_pub.pem", cwd=tmp_path)
        _openssl(
            "pkey", "-in", f"{who}.pem", "-pubout", "-outform", "DER", "-out", f"{who}_pub.der", cwd=tmp_path
        )
    _openssl(
        "pkeyutl", "-derive", "-inkey", "a.pem", "-peerkey", "b_pub.pem", "-out", "secret.bin", cwd=tmp_path
    )
    expected = (tmp_path / "secret.bin").read_bytes()
    a = libcrypto.load_private_der((tmp_path / "a.der").read_bytes())
    b_pub = libcrypto.load_public_der((tmp_path / "b_pub.der").read_bytes())
    assert libcrypto.derive(a, b_pub) == expected
    d = libcrypto.Deriver(a, b_pub)
    d.run(3)  # the timed loop works and leaves the result unchanged
    assert d.derive() == expected


def test_generated_keys_export_and_agree():
    a = libcrypto.generate_key("sect163r1")
    b = libcrypto.generate_key("sect163r1")
    assert libcrypto.derive(a, b) == libcrypto.derive(b, a)
    assert len(a.public_bytes()) == 1 + 2 * 21 and a.public_bytes()[0] == 4
    assert 0 < a.private_scalar() < 2**163


def test_exported_keys_match_ecedu():
    ecedu_ecdh = pytest.importorskip("ecedu.ecdh")
    import ecedu

    curve = ecedu.get_curve("sect163r1")
    a = libcrypto.generate_key("sect163r1")
    b = libcrypto.generate_key("sect163r1")
    got = ecedu_ecdh.shared_secret(curve, a.private_scalar(), b.public_bytes(), backend="python")
    assert got == libcrypto.derive(a, b)


def test_ecdsa_sign_verify():
    k = libcrypto.generate_key("sect193r1")
    digest = libcrypto.sha256(b"message")
    sig = libcrypto.Signer(k, digest).sign()
    v = libcrypto.Verifier(k, digest)
    assert v.verify(sig)
    assert not v.verify(libcrypto.Signer(k, libcrypto.sha256(b"other")).sign())


def test_gf2m_mul():
    g = libcrypto.GF2mMul((163, 7, 6, 3, 0))
    assert g.mul(0b11, 0b101) == 0b1111  # (z+1)(z^2+1)
    assert g.mul(1 << 162, 2) == (1 << 7) | (1 << 6) | (1 << 3) | 1  # z^163 = z^7+z^6+z^3+1


def test_unknown_curve():
    with pytest.raises(libcrypto.LibcryptoError):
        libcrypto.curve_nid("sect999x1", oid="")
