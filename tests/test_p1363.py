"""IEEE P1363 signatures (``r || s``, each of r, s padded to len(n) bytes) next to DER.

Oracles: a DER encoder written here from X.690 (not ecedu's, not asn1crypto's), Python ints, the
pyca/cryptography package (its bundled OpenSSL: prime curves and Brainpool P256/P384/P512) and the
``openssl`` command line (binary curves, secp224k1, brainpoolP320r1: what cryptography lacks).
Both directions: the others' signatures verify in ecedu as P1363, ecedu's P1363 signatures verify
in the others.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess

import pytest

import ecedu
from ecedu import ecdsa, keys
from ecedu.backend import native_available, native_covers, resolve
from ecedu.errors import ECEduError, EncodingError, InvalidScalarError

RNG = random.Random(1363)
MESSAGE = b"P1363 is r || s, fixed length\n"


def _der_length(n: int) -> bytes:
    if n < 0x80:
        return bytes([n])
    body = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(body)]) + body


def _der_int(v: int) -> bytes:
    body = v.to_bytes(v.bit_length() // 8 + 1, "big")  # minimal two's complement of v > 0
    return b"\x02" + _der_length(len(body)) + body


def der_sig(r: int, s: int) -> bytes:
    """X.690 DER of SEQUENCE { INTEGER r, INTEGER s } for positive r, s (the independent oracle)."""
    body = _der_int(r) + _der_int(s)
    return b"\x30" + _der_length(len(body)) + body


def raw_sig(curve, r: int, s: int) -> bytes:
    L = (curve.n.bit_length() + 7) // 8
    return r.to_bytes(L, "big") + s.to_bytes(L, "big")


def spki(curve, d):
    return keys.public_key_to_der(curve, keys.public_key(curve, d))


# -- conversions, against Python ints and the local DER oracle -------------------------------------


@pytest.mark.parametrize(
    "name", ["sect163k1", "sect571r1", "secp160k1", "secp256r1", "secp521r1", "brainpoolP320r1"]
)
def test_conversions_agree_with_python_ints(name):
    C = ecedu.get_curve(name)
    L = (C.n.bit_length() + 7) // 8
    edge = [1, 2, 0x7F, 0x80, 0xFF, 0x100, C.n - 1, C.n // 2, 1 << (C.n.bit_length() - 1)]
    values = edge + [RNG.randrange(1, C.n) for _ in range(20)]
    for r in values:
        s = RNG.choice(values)
        raw = raw_sig(C, r, s)
        assert len(raw) == 2 * L
        assert keys.encode_signature_p1363(C, r, s) == raw
        assert keys.decode_signature_p1363(C, raw) == (r, s)
        assert keys.encode_signature(r, s, C) == der_sig(r, s)
        assert keys.signature_p1363_to_der(C, raw) == der_sig(r, s)
        assert keys.signature_der_to_p1363(C, der_sig(r, s)) == raw
        assert keys.max_signature_length(C) >= len(der_sig(r, s))


def test_p1363_length_is_strict():
    C = ecedu.get_curve("P-256")
    d = 0xC0FFEE
    pub = spki(C, d)
    raw = ecdsa.sign(C, d, MESSAGE, signature_format="p1363")
    assert len(raw) == 64
    assert ecdsa.verify(C, pub, MESSAGE, raw, signature_format="p1363") is True
    for bad in (raw[:-1], raw + b"\x00", b"\x00" + raw, raw[:32], b"", raw * 2):
        assert ecdsa.verify(C, pub, MESSAGE, bad, signature_format="p1363") is False
        with pytest.raises(EncodingError, match="exactly 64 bytes|too large"):
            keys.decode_signature_p1363(C, bad)
    # the DER form of the same signature is not a P1363 signature, and vice versa
    der = keys.signature_p1363_to_der(C, raw)
    assert ecdsa.verify(C, pub, MESSAGE, der, signature_format="p1363") is False
    assert ecdsa.verify(C, pub, MESSAGE, raw, signature_format="der") is False


def test_p1363_out_of_range_components():
    C = ecedu.get_curve("brainpoolP256r1")
    pub = spki(C, 7)
    r, s = keys.decode_signature_p1363(C, ecdsa.sign(C, 7, MESSAGE, signature_format="p1363"))
    for rr, ss in [(0, s), (r, 0), (C.n, s), (r, C.n), (r + C.n, s)]:
        if rr >= 1 << (8 * 32):
            continue
        assert ecdsa.verify(C, pub, MESSAGE, raw_sig(C, rr, ss), signature_format="p1363") is False
        with pytest.raises(InvalidScalarError, match=r"\[1, n-1\]"):
            keys.signature_p1363_to_der(C, raw_sig(C, rr, ss))


def test_unknown_signature_format():
    C = ecedu.get_curve("P-256")
    for fmt in ("DER", "raw", "jws", None, 1):
        with pytest.raises(ECEduError, match="signature_format"):
            ecdsa.sign(C, 5, MESSAGE, signature_format=fmt)
        with pytest.raises(ECEduError, match="signature_format"):
            ecdsa.verify(C, spki(C, 5), MESSAGE, b"\x00" * 64, signature_format=fmt)


BACKENDS = ["python"] + (["native"] if native_available() else [])


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    "name", ["sect163k1", "sect233r1", "sect409k1", "sect571r1", "secp224k1", "brainpoolP256r1"]
)
def test_both_backends_give_the_same_p1363(name, backend):
    """P1363 is the DER signature's (r, s), on the python and the native backend alike."""
    C = ecedu.get_curve(name)
    d = RNG.randrange(1, C.n)
    pub = spki(C, d)
    der = ecdsa.sign(C, d, MESSAGE, backend=backend)
    raw = ecdsa.sign(C, d, MESSAGE, backend=backend, signature_format="p1363")
    assert raw == keys.signature_der_to_p1363(C, der)
    for other in BACKENDS:
        assert ecdsa.verify(C, pub, MESSAGE, raw, backend=other, signature_format="p1363") is True
        assert ecdsa.verify(C, pub, MESSAGE + b"!", raw, backend=other, signature_format="p1363") is False


# -- pyca/cryptography ------------------------------------------------------------------------------

CRYPTOGRAPHY_CURVES = [
    "secp192r1",
    "secp224r1",
    "secp256r1",
    "secp384r1",
    "secp521r1",
    "secp256k1",
    "brainpoolP256r1",
    "brainpoolP384r1",
    "brainpoolP512r1",
]


@pytest.mark.parametrize("name", CRYPTOGRAPHY_CURVES)
def test_p1363_against_cryptography(name):
    cryptography = pytest.importorskip("cryptography")
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature

    cls = {
        "secp192r1": ec.SECP192R1,
        "secp224r1": ec.SECP224R1,
        "secp256r1": ec.SECP256R1,
        "secp384r1": ec.SECP384R1,
        "secp521r1": ec.SECP521R1,
        "secp256k1": ec.SECP256K1,
        "brainpoolP256r1": ec.BrainpoolP256R1,
        "brainpoolP384r1": ec.BrainpoolP384R1,
        "brainpoolP512r1": ec.BrainpoolP512R1,
    }[name]
    try:
        theirs = ec.generate_private_key(cls())
    except cryptography.exceptions.UnsupportedAlgorithm:
        pytest.skip(f"this cryptography build has no {name}")
    C = ecedu.get_curve(name)
    pub_der = theirs.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    for hash_name, algo in (("sha256", hashes.SHA256()), ("sha384", hashes.SHA384())):
        # cryptography -> ecedu: its DER, as r || s built here from its integers
        r, s = decode_dss_signature(theirs.sign(MESSAGE, ec.ECDSA(algo)))
        raw = raw_sig(C, r, s)
        assert ecdsa.verify(C, pub_der, MESSAGE, raw, hash=hash_name, signature_format="p1363") is True
        assert ecdsa.verify(C, pub_der, MESSAGE[1:], raw, hash=hash_name, signature_format="p1363") is False
        assert keys.signature_p1363_to_der(C, raw) == encode_dss_signature(r, s)
    # ecedu -> cryptography: ecedu's r || s, split here, re-encoded by cryptography
    d = RNG.randrange(1, C.n)
    mine = ecedu.keys.load_private_key(keys.private_key_to_der(C, d))[1]
    raw = ecdsa.sign(C, mine, MESSAGE, hash="sha256", signature_format="p1363")
    L = len(raw) // 2
    assert L == (C.n.bit_length() + 7) // 8
    their_view = serialization.load_der_public_key(spki(C, d))
    their_view.verify(
        encode_dss_signature(int.from_bytes(raw[:L], "big"), int.from_bytes(raw[L:], "big")),
        MESSAGE,
        ec.ECDSA(hashes.SHA256()),
    )
    with pytest.raises(InvalidSignature):
        their_view.verify(
            encode_dss_signature(int.from_bytes(raw[:L], "big"), int.from_bytes(raw[L:], "big")),
            MESSAGE + b"!",
            ec.ECDSA(hashes.SHA256()),
        )


# -- the openssl command line (what cryptography's OpenSSL lacks) ---------------------------------

OPENSSL = shutil.which("openssl")
CLI_CURVES = ["sect163k1", "sect283r1", "sect571k1", "secp224k1", "brainpoolP320r1"]


@pytest.mark.slow
@pytest.mark.skipif(OPENSSL is None, reason="the openssl command-line tool is not on PATH")
def test_p1363_against_openssl_cli(tmp_path):
    """One batch: per curve OpenSSL makes a key and a DER signature; its r, s are read from
    `openssl asn1parse`; ecedu verifies them as P1363 and signs P1363, which OpenSSL verifies
    after the test (not ecedu) re-encodes it as DER."""

    def run(*args):
        out = subprocess.run([OPENSSL, *args], capture_output=True, timeout=60)
        return out

    msg = tmp_path / "msg"
    msg.write_bytes(MESSAGE)
    known = set(re.findall(r"^\s*(\S+?)\s*:", run("ecparam", "-list_curves").stdout.decode(), re.M))
    tested = [name for name in CLI_CURVES if name in known]
    assert len(tested) >= 3, f"this OpenSSL knows too few of {CLI_CURVES}"
    for name in tested:
        C = ecedu.get_curve(name)
        key, pub, sig = tmp_path / f"{name}.pem", tmp_path / f"{name}.pub", tmp_path / f"{name}.sig"
        assert run("ecparam", "-name", name, "-genkey", "-noout", "-out", str(key)).returncode == 0
        assert run("pkey", "-in", str(key), "-pubout", "-out", str(pub)).returncode == 0
        assert run("dgst", "-sha256", "-sign", str(key), "-out", str(sig), str(msg)).returncode == 0
        parsed = run("asn1parse", "-inform", "DER", "-in", str(sig)).stdout
        ints = re.findall(rb"INTEGER\s+:([0-9A-F]+)", parsed)
        r, s = (int(v, 16) for v in ints)
        raw = raw_sig(C, r, s)
        for backend in BACKENDS if native_covers(C) else ["python"]:
            assert (
                ecdsa.verify(C, pub.read_bytes(), MESSAGE, raw, signature_format="p1363", backend=backend)
                is True
            ), (name, backend)
        _, d = keys.load_private_key(key.read_bytes())
        mine = ecdsa.sign(C, d, MESSAGE, signature_format="p1363")
        L = len(mine) // 2
        (tmp_path / "mine.der").write_bytes(
            der_sig(int.from_bytes(mine[:L], "big"), int.from_bytes(mine[L:], "big"))
        )
        ok = run("dgst", "-sha256", "-verify", str(pub), "-signature", str(tmp_path / "mine.der"), str(msg))
        assert ok.returncode == 0 and ok.stdout.strip() == b"Verified OK", (name, ok.stdout, ok.stderr)


@pytest.mark.parametrize("name", ["secp160k1", "secp224k1", "brainpoolP224r1", "brainpoolP512r1"])
def test_added_prime_curves_default_to_native(name):
    """Issue 18's curves are in the native library now: the default backend is native where the
    library loads, and both backends give the same RFC 6979 signature and shared secret."""
    C = ecedu.get_curve(name)
    d = RNG.randrange(1, C.n)
    sig = ecdsa.sign(C, d, MESSAGE, backend="python")
    assert ecdsa.sign(C, d, MESSAGE) == sig
    if native_available():
        assert native_covers(C) and resolve(None, C) == "native"
        assert ecdsa.sign(C, d, MESSAGE, backend="native") == sig
        assert ecedu.ecdh.shared_secret(C, d, spki(C, 3), backend="native") == ecedu.ecdh.shared_secret(
            C, d, spki(C, 3), backend="python"
        )
