"""Differential tests against the OpenSSL command line on all 29 of ecedu's curves.

For every curve, OpenSSL makes two key pairs (A with ``openssl ecparam -genkey``, a SEC 1
"EC PRIVATE KEY"; B with ``openssl genpkey``, a PKCS#8 "PRIVATE KEY") and ecedu must agree
with it byte for byte:

(a) private keys: ecedu reads both, and writes back exactly OpenSSL's bytes, as SEC 1
    (vs ``ecparam``/``openssl ec``) and as PKCS#8 (vs ``genpkey``/``openssl pkey``);
(b) public keys: ecedu's SubjectPublicKeyInfo for d·G equals ``openssl pkey -pubout``;
(c) ECDH: ``openssl pkeyutl -derive`` equals ``ecedu.ecdh.shared_secret`` (python backend, and
    native where it has the curve);
(d) ECDSA with SHA-256 both ways: OpenSSL verifies ecedu's signature, ecedu verifies
    OpenSSL's, and neither accepts it for a tampered message;
(e) compressed points: ``openssl ec -conv_form compressed -pubout`` loads to the same point,
    and ecedu writes the same compressed SPKI.

OpenSSL names two curves differently: secp192r1 is prime192v1, secp256r1 is prime256v1.
One key pair per curve and role, made once per test process (module-scoped fixtures).
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

import ecedu
from ecedu import ecdh, ecdsa, keys, scalar
from ecedu.backend import native_available, native_covers

OPENSSL = shutil.which("openssl")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        OPENSSL is None,
        reason="the `openssl` command-line tool is not on PATH; these are differential tests against it",
    ),
]

CURVES = ecedu.curve_names()  # every curve ecedu has: 14 binary, 10 SEC 2 prime, 5 Brainpool
OPENSSL_NAME = {"secp192r1": "prime192v1", "secp256r1": "prime256v1"}

MESSAGE = b"ecedu <-> OpenSSL differential test message\n" * 3


def _openssl(*args: str, input: bytes | None = None, check: bool = True) -> subprocess.CompletedProcess:
    proc = subprocess.run([OPENSSL, *args], input=input, capture_output=True, timeout=120)
    if check and proc.returncode != 0:
        raise AssertionError(
            f"`openssl {' '.join(args)}` failed with code {proc.returncode}:\n"
            f"{proc.stderr.decode(errors='replace')}"
        )
    return proc


def _openssl_out(*args: str) -> bytes:
    return _openssl(*args).stdout


def _openssl_key_numbers(key_path) -> tuple[int, bytes]:
    """(d, SEC 1 public point) as OpenSSL itself prints them (`openssl ec -text -noout`)."""
    text = _openssl_out("ec", "-in", str(key_path), "-text", "-noout", "-conv_form", "uncompressed").decode()
    m = re.search(r"^priv:\n((?:\s+[0-9a-f:]+\n)+)pub:\n((?:\s+[0-9a-f:]+\n)+)", text, re.M)
    assert m, f"cannot parse `openssl ec -text` output:\n{text}"
    d = int(re.sub(r"[\s:]", "", m[1]), 16)
    point = bytes.fromhex(re.sub(r"[\s:]", "", m[2]))
    return d, point


def _asn1(der_or_pem: bytes) -> str:
    """`openssl asn1parse` of some DER/PEM, to show *where* two encodings differ."""
    inform = "PEM" if der_or_pem.lstrip().startswith(b"-----") else "DER"
    proc = _openssl("asn1parse", "-i", "-inform", inform, input=der_or_pem, check=False)
    return (proc.stdout or proc.stderr).decode(errors="replace")


def _assert_same(ours: bytes, theirs: bytes, what: str):
    if ours != theirs:
        pytest.fail(
            f"{what}: ecedu's bytes differ from OpenSSL's\n"
            f"--- ecedu ---\n{ours!r}\n{_asn1(ours)}\n"
            f"--- OpenSSL ---\n{theirs!r}\n{_asn1(theirs)}",
            pytrace=False,
        )


@pytest.fixture(scope="module")
def openssl_curves() -> set[str]:
    out = _openssl_out("ecparam", "-list_curves").decode()
    return {line.split(":")[0].strip() for line in out.splitlines() if ":" in line}


@pytest.fixture(scope="module", params=CURVES)
def kit(request, tmp_path_factory, openssl_curves):
    """Everything OpenSSL makes for one curve: keys A and B in its formats, ECDH, a signature."""
    name = request.param
    oname = OPENSSL_NAME.get(name, name)
    if oname not in openssl_curves:
        pytest.skip(f"this OpenSSL build does not support {oname} (`openssl ecparam -list_curves`)")
    tmp = tmp_path_factory.mktemp(name)
    a, b = tmp / "a_sec1.pem", tmp / "b_pkcs8.pem"
    a_pub, b_pub, b_pub_der = tmp / "a_pub.pem", tmp / "b_pub.pem", tmp / "b_pub.der"
    a_pub_der, msg, sig = tmp / "a_pub.der", tmp / "msg.bin", tmp / "openssl_sig.der"

    _openssl("ecparam", "-name", oname, "-genkey", "-noout", "-out", str(a))
    _openssl("genpkey", "-algorithm", "EC", "-pkeyopt", f"ec_paramgen_curve:{oname}", "-out", str(b))
    _openssl("pkey", "-in", str(a), "-pubout", "-out", str(a_pub))
    _openssl("pkey", "-in", str(b), "-pubout", "-out", str(b_pub))
    _openssl("pkey", "-in", str(a), "-pubout", "-outform", "DER", "-out", str(a_pub_der))
    _openssl("pkey", "-in", str(b), "-pubout", "-outform", "DER", "-out", str(b_pub_der))
    msg.write_bytes(MESSAGE)
    _openssl("dgst", "-sha256", "-sign", str(a), "-out", str(sig), str(msg))
    d_a, point_a = _openssl_key_numbers(a)
    d_b, point_b = _openssl_key_numbers(b)
    return {
        "d_a": d_a,
        "point_a": point_a,  # OpenSSL's own view of the keys: the oracle
        "d_b": d_b,
        "point_b": point_b,
        "name": name,
        "openssl_name": oname,
        "curve": ecedu.get_curve(name),
        "dir": tmp,
        "a_sec1_pem": a.read_bytes(),  # ecparam -genkey
        "a_pkcs8_pem": _openssl_out("pkey", "-in", str(a)),  # pkey: PKCS#8
        "a_pub_pem": a_pub.read_bytes(),
        "a_pub_path": a_pub,
        "a_pub_der": a_pub_der.read_bytes(),
        "a_pub_compressed_pem": _openssl_out("ec", "-in", str(a), "-pubout", "-conv_form", "compressed"),
        "b_pkcs8_pem": b.read_bytes(),  # genpkey
        "b_pkcs8_pem_pkey": _openssl_out("pkey", "-in", str(b)),  # pkey: PKCS#8
        "b_sec1_pem": _openssl_out("ec", "-in", str(b)),  # ec: SEC 1
        "b_pub_pem": b_pub.read_bytes(),
        "b_pub_der": b_pub_der.read_bytes(),
        "shared_ab": _openssl_out("pkeyutl", "-derive", "-inkey", str(a), "-peerkey", str(b_pub)),
        "shared_ba": _openssl_out("pkeyutl", "-derive", "-inkey", str(b), "-peerkey", str(a_pub)),
        "msg_path": msg,
        "openssl_sig": sig.read_bytes(),
    }


def test_all_29_curves_are_covered():
    """The differential tests below run every curve of the registry (tests/test_curves.py pins its 29
    names), and this OpenSSL lists each of them under the name they pass it (none is skipped)."""
    assert len(set(CURVES)) == len(CURVES) == 29
    listed = _openssl_out("ecparam", "-list_curves").decode()
    names = {line.split(":")[0].strip() for line in listed.splitlines() if ":" in line}
    missing = [c for c in CURVES if OPENSSL_NAME.get(c, c) not in names]
    assert not missing, f"this openssl does not list {missing}"


# -- (a) private keys ------------------------------------------------------------------------------


def _point(curve, sec1: bytes) -> tuple[int, int]:
    """An uncompressed SEC 1 point as integers (parsed here, not by ecedu)."""
    L = curve.byte_length
    assert sec1[0] == 4 and len(sec1) == 1 + 2 * L
    return int.from_bytes(sec1[1 : 1 + L], "big"), int.from_bytes(sec1[1 + L :], "big")


def test_sec1_private_key_round_trip(kit):
    """`openssl ecparam -genkey -noout` (SEC 1 PEM): read it, write it back identically."""
    curve, d = keys.load_private_key(kit["a_sec1_pem"])
    assert curve is kit["curve"]
    assert hex(d) == hex(kit["d_a"])
    _assert_same(
        keys.private_key_to_pem(curve, d, format="sec1"),
        kit["a_sec1_pem"],
        f"SEC 1 private key on {kit['name']} (vs openssl ecparam -genkey)",
    )


def test_pkcs8_private_key_round_trip(kit):
    """`openssl genpkey` (PKCS#8 PEM): read it, write it back identically (= `openssl pkey`)."""
    assert kit["b_pkcs8_pem_pkey"] == kit["b_pkcs8_pem"]  # OpenSSL agrees with itself
    curve, d = keys.load_private_key(kit["b_pkcs8_pem"])
    assert curve is kit["curve"]
    assert hex(d) == hex(kit["d_b"])
    _assert_same(
        keys.private_key_to_pem(curve, d, format="pkcs8"),
        kit["b_pkcs8_pem"],
        f"PKCS#8 private key on {kit['name']} (vs openssl genpkey / pkey)",
    )


def test_private_keys_across_formats(kit):
    """Key A (SEC 1) as PKCS#8 equals `openssl pkey`; key B (PKCS#8) as SEC 1 equals
    `openssl ec`; ecedu reads OpenSSL's conversions (and DER) to the same scalars."""
    curve = kit["curve"]
    assert keys.load_private_key(kit["a_pkcs8_pem"]) == (curve, kit["d_a"])
    _assert_same(
        keys.private_key_to_pem(curve, kit["d_a"], format="pkcs8"),
        kit["a_pkcs8_pem"],
        f"PKCS#8 of an ecparam key on {kit['name']} (vs openssl pkey)",
    )
    sec1_der = _openssl_out("ec", "-in", str(kit["dir"] / "b_pkcs8.pem"), "-outform", "DER")
    assert keys.load_private_key(sec1_der) == (curve, kit["d_b"])
    _assert_same(
        keys.private_key_to_pem(curve, kit["d_b"], format="sec1"),
        kit["b_sec1_pem"],
        f"SEC 1 of a genpkey key on {kit['name']} (vs openssl ec)",
    )


def test_private_key_with_leading_zero_octets(kit, tmp_path):
    """A private key whose top octets are zero, as OpenSSL writes it (SEC 1 and RFC 5915 pad
    the privateKey OCTET STRING to the order's length): ecedu must read it and write it back.

    Random keys hit this only sometimes (often on secp160r1, secp521r1, sect571*, about one
    key in 256 on curves whose order fills its top octet), so this makes it every time: the
    key d = 0x0123456789ABCDEF is built with `openssl asn1parse -genconf` and re-encoded by
    `openssl ec` (which pads it and computes the public key) and `openssl pkey` (PKCS#8).
    """
    from asn1crypto import core

    curve = kit["curve"]
    d = 0x0123456789ABCDEF
    oid = core.ObjectIdentifier.load(
        _openssl_out("ecparam", "-name", kit["openssl_name"], "-outform", "DER")
    ).dotted
    conf = tmp_path / "key.cnf"
    conf.write_text(
        "asn1=SEQUENCE:ecpk\n[ecpk]\nversion=INTEGER:1\n"
        f"priv=FORMAT:HEX,OCTETSTRING:{d:016X}\nparams=EXPLICIT:0,OID:{oid}\n"
    )
    _openssl("asn1parse", "-genconf", str(conf), "-noout", "-out", str(tmp_path / "key.der"))
    sec1_pem = _openssl_out("ec", "-inform", "DER", "-in", str(tmp_path / "key.der"))
    (tmp_path / "key.pem").write_bytes(sec1_pem)
    pkcs8_pem = _openssl_out("pkey", "-in", str(tmp_path / "key.pem"))
    for pem, fmt in ((sec1_pem, "sec1"), (pkcs8_pem, "pkcs8")):
        assert keys.load_private_key(pem) == (curve, d), f"{fmt} key from OpenSSL"
        _assert_same(
            keys.private_key_to_pem(curve, d, format=fmt),
            pem,
            f"{fmt} private key with leading zero octets on {kit['name']}",
        )


# -- (b) public keys -------------------------------------------------------------------------------


def test_public_key_spki(kit):
    """ecedu's d·G is OpenSSL's public point, and its SPKI (PEM and DER) is OpenSSL's bytes."""
    curve = kit["curve"]
    for who in ("a", "b"):
        d, pem, der = kit[f"d_{who}"], kit[f"{who}_pub_pem"], kit[f"{who}_pub_der"]
        Q = tuple(scalar.fixed_base_mult(curve, d))
        assert Q == _point(curve, kit[f"point_{who}"]), f"d*G of key {who.upper()}"
        _assert_same(
            keys.public_key_to_pem(curve, Q),
            pem,
            f"SPKI of key {who.upper()} on {kit['name']} (vs openssl pkey -pubout)",
        )
        loaded_curve, Q2 = keys.load_public_key(der)
        assert loaded_curve is curve and tuple(Q2) == Q


# -- (c) ECDH --------------------------------------------------------------------------------------


def test_ecdh_matches_openssl_derive(kit):
    curve = kit["curve"]
    d_a, d_b = kit["d_a"], kit["d_b"]
    assert kit["shared_ab"] == kit["shared_ba"]  # OpenSSL agrees with itself
    assert len(kit["shared_ab"]) == curve.byte_length
    for backend in _backends(curve):
        ours = ecdh.shared_secret(curve, d_a, kit["b_pub_der"], backend=backend)
        assert ours.hex() == kit["shared_ab"].hex(), backend
        ours_ba = ecdh.shared_secret(curve, d_b, kit["a_pub_pem"], backend=backend)
        assert ours_ba.hex() == kit["shared_ab"].hex(), backend


# -- (d) ECDSA with SHA-256, both ways -------------------------------------------------------------


def _backends(curve) -> list[str]:
    """The python backend, and the native one where it has the curve (binary and the 15 prime)."""
    return ["python"] + (["native"] if native_available() and native_covers(curve) else [])


def test_openssl_verifies_ecedu_signature(kit):
    curve = kit["curve"]
    sig = ecdsa.sign(curve, kit["d_a"], MESSAGE, hash="sha256", backend="python")
    for backend in _backends(curve):  # the native signature is byte-identical (RFC 6979)
        assert ecdsa.sign(curve, kit["d_a"], MESSAGE, hash="sha256", backend=backend) == sig, backend
    sig_path = kit["dir"] / "ecedu_sig.der"
    sig_path.write_bytes(sig)
    ok = _openssl(
        "dgst",
        "-sha256",
        "-verify",
        str(kit["a_pub_path"]),
        "-signature",
        str(sig_path),
        str(kit["msg_path"]),
        check=False,
    )
    assert ok.returncode == 0 and ok.stdout.strip() == b"Verified OK", ok.stdout + ok.stderr
    tampered = kit["dir"] / "tampered.bin"
    tampered.write_bytes(MESSAGE[:-1] + b"?")
    bad = _openssl(
        "dgst",
        "-sha256",
        "-verify",
        str(kit["a_pub_path"]),
        "-signature",
        str(sig_path),
        str(tampered),
        check=False,
    )
    assert bad.returncode == 1 and bad.stdout.strip() == b"Verification failure", bad.stdout + bad.stderr


def test_ecedu_verifies_openssl_signature(kit):
    curve = kit["curve"]
    sig = kit["openssl_sig"]
    for backend in _backends(curve):
        assert ecdsa.verify(curve, kit["a_pub_pem"], MESSAGE, sig, hash="sha256", backend=backend) is True
        assert (
            ecdsa.verify(curve, kit["a_pub_der"], MESSAGE[:-1] + b"?", sig, hash="sha256", backend=backend)
            is False
        )


# -- (e) compressed points -------------------------------------------------------------------------


def test_compressed_spki(kit):
    curve = kit["curve"]
    pem = kit["a_pub_compressed_pem"]
    loaded_curve, Q = keys.load_public_key(pem)
    assert loaded_curve is curve and tuple(Q) == _point(curve, kit["point_a"])
    _assert_same(
        keys.public_key_to_pem(curve, Q, compressed=True),
        pem,
        f"compressed SPKI on {kit['name']} (vs openssl ec -conv_form compressed)",
    )
