"""Odd input at the public API (issue 18): bytes-likes, wrong types, huge sizes, loose PEM and DER,
encoders fed invalid values, the hash policy.  Every case must end in the right answer or an
ECEduError whose message names the problem: never a wrong answer, another exception or a stall.
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ecedu
from ecedu import ec, ecdh, ecdsa, keys, pem
from ecedu.backend import native_available, native_covers
from ecedu.errors import ECEduError, EncodingError, InvalidPointError, InvalidScalarError, UnknownCurveError

K163 = ecedu.get_curve("sect163k1")
P256 = ecedu.get_curve("P-256")
BP256 = ecedu.get_curve("brainpoolP256r1")
D = 0x1234567
BACKENDS = ["python"] + (["native"] if native_available() else [])


def _pub(curve, d=D):
    return ec.multiply_plain(curve, d, curve.G)


def _pem(label: str, der: bytes, width: int = 64) -> bytes:
    """PEM written here (RFC 7468 §2), not by ecedu."""
    b64 = base64.b64encode(der)
    lines = [b64[i : i + width] for i in range(0, len(b64), width)]
    return (
        b"-----BEGIN "
        + label.encode()
        + b"-----\n"
        + b"\n".join(lines)
        + b"\n-----END "
        + label.encode()
        + b"-----\n"
    )


SPKI_DER = keys.public_key_to_der(P256, _pub(P256))
SPKI_PEM = _pem("PUBLIC KEY", SPKI_DER)
SEC1_DER = keys.private_key_to_der(P256, D, "sec1")
PKCS8_DER = keys.private_key_to_der(P256, D, "pkcs8")


# -- bytes-likes are accepted alike; other types are named --------------------------------------------

BYTES_LIKES = [bytes, bytearray, memoryview]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("curve", [K163, P256, BP256], ids=lambda c: c.name)
def test_every_bytes_like_is_accepted_alike(curve, backend):
    if backend == "native" and not native_covers(curve):
        pytest.skip("the native kernels lack this curve")
    Q = _pub(curve)
    der_pub = keys.public_key_to_der(curve, Q)
    forms = {"spki": der_pub, "pem": keys.public_key_to_pem(curve, Q), "point": ec.encode_point(curve, Q)}
    sig = ecdsa.sign(curve, D, b"msg", backend=backend)
    raw = ecdsa.sign(curve, D, b"msg", backend=backend, signature_format="p1363")
    expected_secret = curve.field.to_bytes(ec.multiply_plain(curve, 5, Q)[0])
    for wrap in BYTES_LIKES:
        for form, data in forms.items():
            assert ecdh.shared_secret(curve, 5, wrap(data), backend=backend) == expected_secret, (wrap, form)
            assert keys.load_public_key(wrap(data), curve) == (curve, Q)
            assert ecdsa.verify(curve, wrap(data), wrap(b"msg"), wrap(sig), backend=backend) is True
        assert ecdsa.verify(curve, der_pub, b"msg", wrap(raw), backend=backend, signature_format="p1363")
        assert ecdsa.verify(curve, der_pub, b"msx", wrap(sig), backend=backend) is False
        assert keys.decode_signature(wrap(sig)) == keys.decode_signature(sig)
        for fmt in ("sec1", "pkcs8"):
            assert keys.load_private_key(wrap(keys.private_key_to_der(curve, D, fmt))) == (curve, D)
            assert keys.load_private_key(wrap(keys.private_key_to_pem(curve, D, fmt))) == (curve, D)


def test_memoryview_of_other_shapes():
    """A memoryview's bytes count, whatever its format or strides."""
    sig = ecdsa.sign(P256, D, b"m")
    padded = bytearray(len(sig) * 2)
    padded[::2] = sig
    assert ecdsa.verify(P256, SPKI_DER, b"m", memoryview(padded)[::2]) is True  # non-contiguous
    if len(sig) % 2 == 0:
        assert ecdsa.verify(P256, SPKI_DER, b"m", memoryview(sig).cast("H")) is True


BAD_TYPES = [None, "30440220", 5, 1.5, [0x30], (0x30,), object(), True]


@pytest.mark.parametrize("bad", BAD_TYPES, ids=lambda b: type(b).__name__)
def test_other_types_raise_naming_the_type(bad):
    name = type(bad).__name__
    with pytest.raises(ECEduError, match=name):
        ecdsa.verify(P256, SPKI_DER, b"m", bad)
    with pytest.raises(ECEduError, match=name):
        keys.decode_signature(bad)
    with pytest.raises(ECEduError, match=name):
        keys.decode_signature_p1363(P256, bad)
    with pytest.raises(ECEduError, match=name):
        ecdsa.sign(P256, D, bad)
    if not isinstance(bad, str):  # str is PEM text for keys
        with pytest.raises(ECEduError, match=name):
            ecdh.shared_secret(P256, D, bad)
        with pytest.raises(ECEduError, match=name):
            keys.load_public_key(bad, P256)
        with pytest.raises(ECEduError, match=name):
            keys.load_private_key(bad)


def test_pem_as_str():
    assert keys.load_public_key(SPKI_PEM.decode()) == (P256, _pub(P256))
    with pytest.raises(EncodingError, match="ASCII"):
        keys.load_public_key(SPKI_PEM.decode().replace("A", "\u0391", 1))  # Greek capital alpha


# -- sizes are checked before parsing -----------------------------------------------------------------


def _timed(fn, *args, **kwargs):
    t = time.perf_counter()
    try:
        result = fn(*args, **kwargs)
    except ECEduError as e:
        result = e
    return result, time.perf_counter() - t


@pytest.mark.parametrize("mb", [1, 10, 30])
def test_huge_inputs_are_refused_fast(mb):
    """A 10 MB PEM took 86 s, a 10 MB DER signature 15 s and 1 GB before the size checks."""
    size = mb << 20
    body = base64.b64encode(b"\0" * (size * 3 // 4))
    huge_pem = (
        b"-----BEGIN PUBLIC KEY-----\n"
        + b"\n".join(body[i : i + 64] for i in range(0, len(body), 64))
        + b"\n-----END PUBLIC KEY-----\n"
    )
    huge_der = b"\x30\x84" + size.to_bytes(4, "big") + b"\x02" * size
    cases = [
        (keys.load_public_key, (huge_pem,)),
        (ecdh.shared_secret, ("sect163k1", 5, huge_pem)),
        (keys.load_private_key, (huge_der,)),
        (keys.load_private_key, (huge_pem.decode(),)),
        (keys.decode_signature, (huge_der,)),
        (keys.load_public_key, (huge_der[:size], P256)),
        (ecdsa.verify, (P256, huge_der, b"m", SPKI_DER)),
    ]
    for fn, args in cases:
        result, seconds = _timed(fn, *args)
        assert isinstance(result, EncodingError) and "too large" in str(result), (fn.__name__, result)
        assert len(str(result)) < 200
        assert seconds < 0.5, (fn.__name__, seconds)
    result, seconds = _timed(ecdsa.verify, P256, SPKI_DER, b"m", huge_der)
    assert result is False and seconds < 0.5
    result, seconds = _timed(
        ecdsa.verify, P256, SPKI_DER, b"m", memoryview(huge_der), signature_format="p1363"
    )
    assert result is False and seconds < 0.5
    result, seconds = _timed(ecedu.get_curve, "sect163k1" * (size // 9))
    assert isinstance(result, UnknownCurveError) and len(str(result)) < 200 and seconds < 0.5


def test_signature_size_limit_is_the_formula():
    """2·(len(n)+3)+4 bytes: the longest strict DER signature fits, one more byte does not parse."""
    for C in (K163, P256, ecedu.get_curve("secp521r1"), ecedu.get_curve("sect571k1")):
        L = C.order_byte_length
        limit = keys.max_signature_length(C)
        assert limit == 2 * (L + 3) + 4
        longest = keys.encode_signature(C.n - 1, C.n - 1, C)
        assert len(longest) <= limit
        with pytest.raises(EncodingError, match="too large"):
            keys.decode_signature(b"\x30" * (limit + 1), C)


def test_pem_reader_is_linear():
    """4 MB of PEM (65,536 lines) through the reader itself: the quadratic unarmouring took ~7 s."""
    der = bytes(range(256)) * (3 << 12)  # 3 MB of DER -> 4 MB of base64
    text = _pem("PUBLIC KEY", der)
    t = time.perf_counter()
    assert pem.decode(text) == ("PUBLIC KEY", der)
    assert time.perf_counter() - t < 2.0


# -- the strict PEM reader --------------------------------------------------------------------------


def _load(data):
    return keys.load_public_key(data)


@pytest.mark.parametrize(
    "text",
    [
        SPKI_PEM,
        b"\n\n" + SPKI_PEM,
        b"\r\n \t\n" + SPKI_PEM + b"\n\n  \n",
        SPKI_PEM.replace(b"\n", b"\r\n"),
        _pem("PUBLIC KEY", SPKI_DER, 76),
        _pem("PUBLIC KEY", SPKI_DER, 4),
        SPKI_PEM.replace(b"\n", b"  \n"),
    ],
    ids=[
        "plain",
        "leading newlines",
        "surrounding whitespace",
        "crlf",
        "76 columns",
        "4 columns",
        "trailing spaces",
    ],
)
def test_pem_accepted_shapes(text):
    assert _load(text) == (P256, _pub(P256))
    assert keys.load_public_key(text, P256) == (P256, _pub(P256))  # with a curve as well


def _lines(text=SPKI_PEM):
    return text.split(b"\n")


BEGIN, *BODY, END, _ = _lines()


@pytest.mark.parametrize(
    "text,match",
    [
        (
            b"\n".join(
                [
                    BEGIN,
                    b"Proc-Type: 4,ENCRYPTED",
                    b"DEK-Info: AES-128-CBC,00112233445566778899AABBCCDDEEFF",
                    b"",
                    *BODY,
                    END,
                    b"",
                ]
            ),
            "encrypted",
        ),
        (b"\n".join([BEGIN, b"DEK-Info: DES-EDE3-CBC,0011223344556677", b"", *BODY, END, b""]), "encrypted"),
        (b"\n".join([BEGIN, b"Comment: hello", *BODY, END, b""]), "headers"),
        (SPKI_PEM + SPKI_PEM, "more than one PEM block"),
        (_pem("EC PARAMETERS", bytes.fromhex("06082a8648ce3d030107")) + SPKI_PEM, "PEM label|more than one"),
        (SPKI_PEM.replace(b"END PUBLIC KEY", b"END PRIVATE KEY"), "ends with END"),
        (SPKI_PEM.replace(b"END PUBLIC KEY-----", b"END PUBLIC KEY"), "END"),
        (SPKI_PEM[:60] + b"*" + SPKI_PEM[60:], r"character '\*'"),
        (SPKI_PEM[:60] + b"\x00" + SPKI_PEM[60:], "character"),
        (SPKI_PEM.replace(b"=", b""), "padding|multiple of 4"),
        (b"\n".join([BEGIN, BODY[0] + b"=", *BODY[1:], END, b""]), "padding"),
        (b"\n".join([BEGIN, BODY[0], b"", *BODY[1:], END, b""]), "blank line"),
        (b"---- BEGIN SSH2 PUBLIC KEY ----\nAAAA\n---- END SSH2 PUBLIC KEY ----\n", "SSH2"),
        (b"  " + SPKI_PEM, "beginning of its line"),
        (SPKI_PEM + b"trailing words\n", "after the END"),
        (b"-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----\n", "empty"),
        (b"-----BEGIN PUBLIC KEY-----\n" + b"\n".join(BODY) + b"\n", "no -----END"),
        (b"-----BEGIN  PUBLIC KEY-----\n" + b"\n".join(BODY) + b"\n-----END  PUBLIC KEY-----\n", "label"),
        (SPKI_PEM.replace(b"PUBLIC KEY", b"CERTIFICATE"), "not one of"),
        (_pem("ENCRYPTED PRIVATE KEY", b"\x30\x00"), "encrypted"),
        (b"\n\t\x30\x59", "whitespace"),
        (SPKI_PEM.replace(b"\n", b"\n\xc3\xa9", 1), "ASCII"),
    ],
)
def test_pem_refused_shapes(text, match):
    with pytest.raises(EncodingError, match=match):
        _load(text)
    with pytest.raises(EncodingError, match=match):
        keys.load_public_key(text, P256)


def test_pem_non_canonical_padding_bits():
    b64 = base64.b64encode(SPKI_DER)
    assert b64.endswith(b"=") or len(SPKI_DER) % 3 == 0
    if b64.endswith(b"=="):
        tampered = b64[:-3] + bytes([b64[-3] + 1]) + b"=="
    elif b64.endswith(b"="):
        tampered = b64[:-2] + bytes([b64[-2] + 1]) + b"="
    else:
        pytest.skip("no padding in this DER's base64")
    assert base64.b64decode(tampered) == SPKI_DER  # the lax decoder does not care
    with pytest.raises(EncodingError, match="canonical"):
        pem.decode(b"-----BEGIN PUBLIC KEY-----\n" + tampered + b"\n-----END PUBLIC KEY-----\n")


@pytest.mark.skipif(shutil.which("openssl") is None, reason="the openssl CLI is not installed")
def test_openssl_encrypted_keys_say_encrypted(tmp_path):
    """Keys OpenSSL encrypts, in both of its formats: traditional (Proc-Type) and PKCS#8."""
    key = tmp_path / "k.pem"
    key.write_bytes(keys.private_key_to_pem(P256, D))
    traditional = subprocess.run(
        ["openssl", "ec", "-in", str(key), "-aes128", "-passout", "pass:x"], capture_output=True, check=True
    ).stdout
    pkcs8 = subprocess.run(
        ["openssl", "pkey", "-in", str(key), "-aes128", "-passout", "pass:x"], capture_output=True, check=True
    ).stdout
    assert b"Proc-Type: 4,ENCRYPTED" in traditional and b"ENCRYPTED PRIVATE KEY" in pkcs8
    for text in (traditional, pkcs8):
        with pytest.raises(EncodingError, match="encrypted"):
            keys.load_private_key(text)


# -- private key versions -----------------------------------------------------------------------------


def test_ec_private_key_version_must_be_1():
    assert SEC1_DER[2:5] == b"\x02\x01\x01"  # SEQUENCE { INTEGER 1, ...
    assert keys.load_private_key(SEC1_DER) == (P256, D)
    for v in (0, 2, 3, 0x7F):
        with pytest.raises(EncodingError, match=r"version must be 1 .*RFC 5915"):
            keys.load_private_key(SEC1_DER[:4] + bytes([v]) + SEC1_DER[5:])
    # the inner ECPrivateKey of a PKCS#8 key, and the PKCS#8 version itself (0, RFC 5208)
    at = PKCS8_DER.index(b"\x30", 20)
    inner_version = PKCS8_DER.index(b"\x02\x01\x01", at)
    with pytest.raises(EncodingError, match="version must be 1"):
        keys.load_private_key(PKCS8_DER[: inner_version + 2] + b"\x02" + PKCS8_DER[inner_version + 3 :])
    assert PKCS8_DER[:2] == b"\x30\x81" and PKCS8_DER[3:6] == b"\x02\x01\x00"
    with pytest.raises(EncodingError, match="version must be 0"):
        keys.load_private_key(PKCS8_DER[:5] + b"\x01" + PKCS8_DER[6:])


@given(st.integers(-(2**70), 2**70))
def test_fuzz_private_key_versions(v):
    content = v.to_bytes((v + (v < 0)).bit_length() // 8 + 1, "big", signed=True)  # minimal DER
    inner = b"\x02" + bytes([len(content)]) + content + SEC1_DER[5:]  # the fields after version
    der = b"\x30" + (bytes([len(inner)]) if len(inner) < 128 else b"\x81" + bytes([len(inner)])) + inner
    if v == 1:
        assert keys.load_private_key(der) == (P256, D)
    else:
        with pytest.raises(EncodingError, match="version must be 1"):
            keys.load_private_key(der)


# -- encoders validate what they encode -----------------------------------------------------------------

T2 = (0, K163.field.sqrt(K163.b))  # the point of order 2 on sect163k1


@pytest.mark.parametrize(
    "Q,match",
    [
        (None, "infinity"),
        ((1, 1), "not on the curve"),
        (T2, "subgroup"),
        ((2**200, 1), "out of range"),
        ((-1, 1), "out of range"),
        ((1, -1), "out of range"),
        ("abc", "tuple"),
        ([1, 2], "tuple"),
        ((1, 2, 3), "tuple"),
        ((1.0, 2), "int"),
        ((True, 1), "int"),
        ((K163.G[0], "1"), "int"),
    ],
)
def test_public_key_encoders_validate(Q, match):
    for encode in (keys.public_key_to_der, keys.public_key_to_pem):
        with pytest.raises(InvalidPointError, match=match):
            encode(K163, Q)
        with pytest.raises(InvalidPointError, match=match):
            encode(K163, Q, True)


def test_prime_curve_encoder_bounds():
    p = P256.field.p
    x, y = _pub(P256)
    for Q in ((x + p, y), (x, y + p), (x, -y % p + p)):
        with pytest.raises(InvalidPointError, match="out of range"):
            keys.public_key_to_der(P256, Q)
    with pytest.raises(InvalidPointError, match="not on the curve"):
        keys.public_key_to_der(P256, (x, (y + 1) % p))
    with pytest.raises(ECEduError, match="compressed"):
        keys.public_key_to_der(P256, (x, y), compressed="yes")


def test_raw_point_encoder_never_overflows():
    for Q in ((2**200, 1), (-1, 1), (1, "a")):
        with pytest.raises(EncodingError):
            ec.encode_point(K163, Q)
    assert ec.encode_point(K163, None) == b"\x00"  # SEC 1 §2.3.3, still possible


@pytest.mark.parametrize(
    "r,s,match",
    [
        (-1, 0, r"\[1, n-1\]"),
        (0, 1, r"\[1, n-1\]"),
        (1, -5, r"\[1, n-1\]"),
        ("a", 1, "int"),
        (1, None, "int"),
        (1.0, 1, "int"),
        (True, 1, "int"),
        (2**600, 1, "bits"),
    ],
)
def test_encode_signature_validates(r, s, match):
    with pytest.raises(InvalidScalarError, match=match):
        keys.encode_signature(r, s)


def test_encode_signature_checks_n_when_given_the_curve():
    assert keys.decode_signature(keys.encode_signature(P256.n - 1, 1, P256)) == (P256.n - 1, 1)
    for r, s in ((P256.n, 1), (1, P256.n), (P256.n + 1, 1)):
        with pytest.raises(InvalidScalarError, match="n-1"):
            keys.encode_signature(r, s, P256)
        with pytest.raises(InvalidScalarError, match="n-1"):
            keys.encode_signature_p1363(P256, r, s)


# -- the hash policy for signing -----------------------------------------------------------------------


def _available(name):
    try:
        hashlib.new(name)
        return True
    except ValueError:
        return False


LEGACY = [h for h in ("md5", "sha1", "md5-sha1", "ripemd160", "sm3", "SHA1", "blake2b") if _available(h)]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("hash_name", LEGACY)
def test_legacy_hashes_need_the_opt_in(hash_name, backend):
    C = K163
    pub = keys.public_key_to_der(C, _pub(C))
    with pytest.raises(ECEduError, match="not allowed for signing.*allow_legacy_hash=True"):
        ecdsa.sign(C, D, b"m", hash=hash_name, backend=backend)
    sig = ecdsa.sign(C, D, b"m", hash=hash_name, backend=backend, allow_legacy_hash=True)
    # the signature is over H(m) with that very hash: verified here from first principles
    r, s = keys.decode_signature(sig)
    n = C.n
    e = int.from_bytes(hashlib.new(hash_name, b"m").digest(), "big")
    e >>= max(0, 8 * hashlib.new(hash_name).digest_size - n.bit_length())
    w = pow(s, -1, n)
    R = ec.add(C, ec.multiply_plain(C, e * w % n, C.G), ec.multiply_plain(C, r * w % n, _pub(C)))
    assert R[0] % n == r
    assert ecdsa.verify(C, pub, b"m", sig, hash=hash_name, backend=backend) is True  # still verifiable


def test_modern_hashes_and_spellings():
    sha256 = ecdsa.sign(P256, D, b"m")
    assert ecdsa.sign(P256, D, b"m", hash="SHA-256") == ecdsa.sign(P256, D, b"m", hash="SHA256") == sha256
    for h in ("sha224", "sha384", "sha512", "sha512_256", "sha3_256", "sha3-384"):
        assert ecdsa.verify(P256, SPKI_DER, b"m", ecdsa.sign(P256, D, b"m", hash=h), hash=h) is True
    with pytest.raises(ECEduError, match="extendable-output"):
        ecdsa.sign(P256, D, b"m", hash="shake_128")
    with pytest.raises(ECEduError, match="extendable-output"):
        ecdsa.verify(P256, SPKI_DER, b"m", sha256, hash="shake_256")
    for bad, match in (
        (None, "NoneType"),
        (b"sha256", "bytes"),
        ("x" * 10**6, "unknown hash"),
        ("sha256\x00", "unknown hash"),
    ):
        with pytest.raises(ECEduError, match=match) as info:
            ecdsa.sign(P256, D, b"m", hash=bad)
        assert len(str(info.value)) < 200
    with pytest.raises(ECEduError, match="allow_legacy_hash"):
        ecdsa.sign(P256, D, b"m", hash="sha1", allow_legacy_hash="yes")


# -- hypothesis: the shapes above, fuzzed -----------------------------------------------------------------

KNOWN = sorted({n for c in ecedu.curve_names() for n in (c, *ecedu.get_curve(c).aliases)})
ODD_CHARS = st.one_of(
    st.sampled_from(
        [
            "\x00",
            "\n",
            "\r",
            "\x7f",
            "\u212a",
            "\u0130",
            "\u017f",
            "\u2003",
            "\u00a0",
            "\ufeff",
            "\uff33",
            "\u0441",
            "\ud800",
            "\udfff",
        ]
    ),
    st.characters(min_codepoint=0x80, max_codepoint=0x10FFFF),
    st.characters(max_codepoint=0x1F).filter(lambda c: c != "\t"),  # (spaces and tabs around are padding)
)


@given(name=st.sampled_from(KNOWN), at=st.integers(0, 20), odd=ODD_CHARS)
def test_fuzz_curve_names_with_odd_characters(name, at, odd):
    """A NUL, control character, surrogate or look-alike anywhere in a name is never a curve."""
    at = min(at, len(name))
    with pytest.raises(UnknownCurveError):
        ecedu.get_curve(name[:at] + odd + name[at:])


@given(st.text(max_size=40))
def test_fuzz_curve_names(text):
    try:
        C = ecedu.get_curve(text)
    except UnknownCurveError:
        return
    assert text.isascii() and text.strip(" \t").isprintable()
    key = text.strip(" \t").lower().replace("_", "-")
    assert key in {k.lower() for k in KNOWN} | {k.lower().replace("-", "") for k in KNOWN}
    assert C.name in ecedu.curve_names()


MUTATIONS = st.sampled_from(
    [
        "header",
        "encrypted",
        "second block",
        "end label",
        "stray",
        "unpad",
        "leading ws",
        "trailing ws",
        "crlf",
        "blank",
        "ssh2",
        "truncate",
        "none",
    ]
)


@given(mutation=MUTATIONS, at=st.integers(0, 10**6), char=st.sampled_from(b"*!.:#-_ \t\x00\x80{"))
def test_fuzz_pem_shapes(mutation, at, char):
    """Benign reshapes give the same key; every other change is an EncodingError."""
    lines = _lines()
    body = lines[1:-2]
    i = at % len(body)
    benign = mutation in ("leading ws", "trailing ws", "crlf", "none")
    if mutation == "header":
        text = b"\n".join([lines[0], b"X-Note: %d" % at, *body, lines[-2], b""])
    elif mutation == "encrypted":
        text = b"\n".join([lines[0], b"Proc-Type: 4,ENCRYPTED", b"", *body, lines[-2], b""])
    elif mutation == "second block":
        text = SPKI_PEM + b"\n" * (at % 3) + SPKI_PEM
    elif mutation == "end label":
        text = SPKI_PEM.replace(b"END PUBLIC KEY", b"END PUBLIC KEY" + bytes([65 + at % 26]))
    elif mutation == "stray":
        line = body[i]
        j = at % (len(line) + 1)
        body[i] = line[:j] + bytes([char]) + line[j:]
        text = b"\n".join([lines[0], *body, lines[-2], b""])
        benign = char in b" \t" and j == len(line)  # trailing whitespace is allowed
    elif mutation == "unpad":
        text = SPKI_PEM.replace(b"=", b"")
        benign = b"=" not in SPKI_PEM
    elif mutation == "leading ws":
        text = b" \t\r\n"[at % 4 :].replace(b" ", b"\n").replace(b"\t", b"\n") + SPKI_PEM
    elif mutation == "trailing ws":
        text = SPKI_PEM + b" \t\r\n"[: at % 5]
    elif mutation == "crlf":
        text = SPKI_PEM.replace(b"\n", b"\r\n")
    elif mutation == "blank":
        body.insert(i + 1 if i + 1 < len(body) else i, b"")
        text = b"\n".join([lines[0], *body, lines[-2], b""])
    elif mutation == "ssh2":
        text = SPKI_PEM.replace(b"-----BEGIN ", b"---- BEGIN ").replace(b"-----END ", b"---- END ")
    elif mutation == "truncate":
        text = SPKI_PEM[: at % len(SPKI_PEM)]
        benign = False
    else:
        text = SPKI_PEM
    for wrap in (bytes, memoryview):
        if benign:
            assert keys.load_public_key(wrap(text)) == (P256, _pub(P256))
        else:
            with pytest.raises(EncodingError):
                keys.load_public_key(wrap(text))


@settings(max_examples=40)
@given(st.binary(max_size=200))
def test_fuzz_memoryview_equals_bytes(blob):
    """The same bytes give the same answer (or the same error) whatever buffer carries them."""

    def outcome(fn, *args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except ECEduError as e:
            return type(e), str(e)

    for wrap in (bytearray, memoryview):
        assert outcome(ecdsa.verify, P256, SPKI_DER, b"m", wrap(blob)) == outcome(
            ecdsa.verify, P256, SPKI_DER, b"m", blob
        )
        assert outcome(ecdsa.verify, P256, SPKI_DER, b"m", wrap(blob), signature_format="p1363") == outcome(
            ecdsa.verify, P256, SPKI_DER, b"m", blob, signature_format="p1363"
        )
        assert outcome(keys.load_private_key, wrap(blob)) == outcome(keys.load_private_key, blob)
        assert outcome(keys.load_public_key, wrap(blob), P256) == outcome(keys.load_public_key, blob, P256)


@settings(max_examples=6)
@given(megabytes=st.integers(1, 40), shape=st.sampled_from(["pem", "der", "name", "sig"]))
def test_fuzz_large_sizes_have_a_time_bound(megabytes, shape):
    size = megabytes << 20
    t = time.perf_counter()
    if shape == "pem":
        data = b"-----BEGIN PUBLIC KEY-----\n" + b"QUFB\n" * (size // 5) + b"-----END PUBLIC KEY-----\n"
        with pytest.raises(EncodingError, match="too large"):
            keys.load_public_key(memoryview(data))
    elif shape == "der":
        with pytest.raises(EncodingError, match="too large"):
            keys.load_private_key(bytearray(b"\x30\x84" + size.to_bytes(4, "big")) + bytearray(size))
    elif shape == "name":
        with pytest.raises(UnknownCurveError, match="at most"):
            ecedu.get_curve("P" * size)
    else:
        assert ecdsa.verify(P256, SPKI_DER, b"m", memoryview(b"\x30" * size)) is False
    assert time.perf_counter() - t < 1.0


# -- found by probing the API with hostile input (6 December 2026) --------------------------------


def _der_seq(body: bytes, tag: bytes = b"\x30") -> bytes:
    n = len(body)
    length = bytes([n]) if n < 128 else b"\x81" + bytes([n]) if n < 256 else b"\x82" + n.to_bytes(2, "big")
    return tag + length + body


def _nested(depth: int) -> bytes:
    x = b"\x05\x00"
    for _ in range(depth):
        x = _der_seq(x)
    return x


def test_deeply_nested_der_is_an_encoding_error():
    """About a thousand nested SEQUENCEs (under 4 KB, within the 8 KiB key limit) in the open fields
    of a key made asn1crypto recurse past Python's limit: a RecursionError escaped."""
    from ecedu import x25519

    spki = _der_seq(_der_seq(b"\x06\x03\x2b\x65\x6e" + _nested(1000)) + b"\x03\x21\x00" + bytes(32))
    assert len(spki) < keys.MAX_KEY_BYTES
    for call in (lambda: x25519.load_public_key(spki), lambda: ecdh.shared_secret("X25519", bytes(32), spki)):
        with pytest.raises(EncodingError, match="nested too deeply"):
            call()
    p8 = keys.private_key_to_der("P-256", 5, "pkcs8")
    body = p8[2:] if p8[1] < 128 else p8[3:]
    attributes = _der_seq(_der_seq(b"\x06\x03\x2a\x03\x04" + _der_seq(_nested(1000), b"\x31")), b"\xa0")
    with pytest.raises(EncodingError, match="nested too deeply"):
        keys.load_private_key(_der_seq(body + attributes))


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_str_key_must_be_pem(backend):
    """A str is PEM or nothing: '\\x02' + 19 NULs + '\\x05' was read as a SEC 1 point (and 32
    letters as a raw X25519 key) and gave a shared secret."""
    from ecedu import x25519

    point_as_str = "\x02" + "\x00" * 19 + "\x05"
    with pytest.raises(EncodingError, match="given as str must be PEM"):
        ecdh.shared_secret("secp160r1", 5, point_as_str, backend=backend)
    with pytest.raises(EncodingError, match="given as str must be PEM"):
        keys.load_public_key(point_as_str, "secp160r1")
    with pytest.raises(EncodingError, match="given as str must be PEM"):
        x25519.public_key("a" * 32, backend=backend)
    with pytest.raises(EncodingError, match="given as str must be PEM"):
        ecdh.shared_secret("X25519", bytes(32), "b" * 32, backend=backend)
    pem_key = keys.public_key_to_pem(P256, _pub(P256)).decode()  # a PEM str still works
    assert ecdh.shared_secret(P256, 7, pem_key, backend=backend) == ecdh.shared_secret(
        P256, 7, pem_key.encode(), backend=backend
    )


def test_hand_built_curves_go_to_the_python_backend():
    """The C library finds a curve by its name: a toy binary curve raised 'native backend has no
    curve', and a curve named secp256r1 over another b got P-256's answer from C."""
    from ecedu.curves import PrimeCurve
    from ecedu.curves.toy import toy_binary_curve

    toy = toy_binary_curve()
    assert not native_covers(toy)
    assert ecdh.shared_secret(toy, 3, ec.encode_point(toy, toy.G)) == ecdh.shared_secret(
        toy, 3, ec.encode_point(toy, toy.G), backend="python"
    )
    forged = PrimeCurve("secp256r1", P256.field, P256.a, P256.b ^ 1, P256.G, P256.n, 1)
    same = PrimeCurve("secp256r1", P256.field, P256.a, P256.b, P256.G, P256.n, 1)
    assert not native_covers(forged) and native_covers(same) and native_covers(P256)
    with pytest.raises(InvalidPointError, match="not on the curve"):
        ecdh.shared_secret(forged, 9, ec.encode_point(P256, P256.G))  # P-256's G is not on it
    if native_available():
        with pytest.raises(ECEduError, match="with their own parameters"):
            ecdh.shared_secret(forged, 9, ec.encode_point(P256, P256.G), backend="native")
        point = ec.encode_point(P256, _pub(P256))
        assert ecdh.shared_secret(same, 9, point, backend="native") == ecdh.shared_secret(P256, 9, point)


def test_released_memoryview_is_an_encoding_error():
    m = memoryview(b"x")
    m.release()
    with pytest.raises(EncodingError, match="released memoryview"):
        ecdsa.sign(P256, 5, m)


@pytest.mark.skipif(not native_available(), reason="no native library")
def test_native_helpers_refuse_what_is_not_their_input():
    """ecedu.native's own functions: an ECEduError naming the problem, where numpy truncated 1.5 to 1,
    a C long wrapped 2^64 iterations to none, and TypeError, MemoryError or hmac's ValueError escaped."""
    import numpy as np

    from ecedu import native
    from ecedu.native import ecdsa_bridge

    assert native.field_mul_batch(163, [[2**64 - 1, 0, 0]], [[1, 0, 0]]).tolist() == [[2**64 - 1, 0, 0]]
    ones, unit = np.ones((2, 3), dtype=np.uint64), np.array([[1, 0, 0]] * 2, dtype=np.uint64)
    assert native.field_mul_batch(163, unit, ones).tolist() == ones.tolist()  # 1 · b = b
    for bad in ([[1.5, 0, 0]], [[-1, 0, 0]], [[2**64, 0, 0]], None, "abc", [[1, 2], [3]]):
        with pytest.raises(EncodingError, match="64-bit words"):
            native.field_mul_batch(163, bad, [[1, 0, 0]])
    with pytest.raises(EncodingError, match="must be sequences"):
        native.ecdh_batch("secp256r1", None, [])
    with pytest.raises(ECEduError, match="implementation must be one of"):
        native.force_implementation([])
    with pytest.raises(ECEduError, match="prime implementation must be one of"):
        native.force_prime_implementation(["mulx"])
    with pytest.raises(ECEduError, match="runs must be in"):
        native.prime_mul_cycles("montgomery", 97, 64, 2**40)
    for iterations in (2**64, 2**63, -1, 1.0):
        with pytest.raises(ECEduError, match="iterations must be an int"):
            native.bench_ecdh("sect163k1", iterations)
    for name, phrase in (("bogus", "unknown hash"), ("shake_128", "XOF"), (None, "named by a str")):
        with pytest.raises(ECEduError, match=phrase):
            ecdsa_bridge.ecdsa_sign_digest("secp256r1", 5, bytes(48), name)


def test_keys_of_the_wrong_kind_are_named():
    """A public key given to the private-key loader, and an SPKI of an algorithm asn1crypto has no
    schema for, said 'Error parsing ... ECPrivateKeyVersion' and "malformed DER ...: '1.2.3.4'"."""
    spki = keys.public_key_to_der(P256, _pub(P256))
    with pytest.raises(
        EncodingError, match=r"this is a public key \(SubjectPublicKeyInfo\), not a private key"
    ):
        keys.load_private_key(spki)
    algorithm = _der_seq(
        bytes.fromhex("06032a0304") + bytes.fromhex("06082a8648ce3d030107")
    )  # 1.2.3.4, P-256
    other = _der_seq(algorithm + spki[-68:])  # the same BIT STRING under another algorithm
    for call in (lambda: keys.load_public_key(other), lambda: ecdh.shared_secret(P256, 5, other)):
        with pytest.raises(EncodingError, match="not an EC public key: algorithm OID 1.2.3.4"):
            call()


@pytest.mark.skipif(not native_available(), reason="no native library")
def test_native_layer_takes_the_registry_aliases():
    """ecedu.native said "no curve 'K-163'" of sect163k1's NIST name, and "no native field
    GF(2^163)" of the str '163'."""
    from ecedu import native

    assert native.scalar_mult("K-163", 5, *K163.G) == native.scalar_mult("sect163k1", 5, *K163.G)
    assert native.scalar_mult("prime256v1", 5, *P256.G) == native.scalar_mult("secp256r1", 5, *P256.G)
    with pytest.raises(UnknownCurveError, match="must be an int, not str"):
        native.field_trace("163", 1)
    with pytest.raises(UnknownCurveError, match="native backend has no curve 'K-999'"):
        native.validate_point("K-999", 1, 2)


def test_private_key_pem_label_matches_its_content():
    """'PRIVATE KEY' is PKCS#8 (RFC 7468 §10), 'EC PRIVATE KEY' SEC 1 (RFC 5915 §4): a SEC 1 key under
    the PKCS#8 label was accepted."""
    sec1, pkcs8 = keys.private_key_to_der(P256, 5, "sec1"), keys.private_key_to_der(P256, 5, "pkcs8")
    assert keys.load_private_key(_pem("EC PRIVATE KEY", sec1))[1] == 5
    assert keys.load_private_key(_pem("PRIVATE KEY", pkcs8))[1] == 5
    with pytest.raises(EncodingError, match="'PRIVATE KEY' does not match its content, a SEC 1 ECPrivateKey"):
        keys.load_private_key(_pem("PRIVATE KEY", sec1))
    with pytest.raises(EncodingError, match="'EC PRIVATE KEY' does not match its content, a PKCS#8"):
        keys.load_private_key(_pem("EC PRIVATE KEY", pkcs8))


# -- a red-team pass (6 December 2026): each case below was a wrong answer, a stall or a stray exception


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_str_x25519_key_is_pem_even_at_32_characters(backend):
    """A 32-character str was taken as 32 raw key bytes (a 31-character one was refused as bad PEM)."""
    fake = "-----" + "A" * 27
    assert len(fake) == 32
    for call in (
        lambda: ecedu.x25519.load_private_key(fake),
        lambda: ecedu.x25519.load_public_key(fake),
        lambda: ecdh.shared_secret("X25519", bytes(range(32)), fake, backend=backend),
        lambda: ecdh.shared_secret("X25519", fake, bytes(range(32)), backend=backend),
    ):
        with pytest.raises(EncodingError, match="malformed PEM BEGIN line"):
            call()
    with pytest.raises(EncodingError, match="given as str must be PEM"):
        ecedu.x25519.load_public_key("A" * 32)
    raw = bytes(range(32))  # the same length as bytes: a raw key, as before
    assert ecedu.x25519.load_private_key(raw) == raw


def _pkcs8_with_inner_params(outer_oid: str, inner_oid: str) -> bytes:
    from asn1crypto import keys as akeys

    inner = akeys.ECPrivateKey(
        {
            "version": "ecPrivkeyVer1",
            "private_key": 12345,
            "parameters": akeys.ECDomainParameters(name="named", value=inner_oid),
        }
    )
    inner.set_key_size(32)
    algorithm = {"algorithm": "ec", "parameters": akeys.ECDomainParameters(name="named", value=outer_oid)}
    return akeys.PrivateKeyInfo(
        {"version": 0, "private_key_algorithm": algorithm, "private_key": inner}
    ).dump()


def test_pkcs8_whose_two_curves_differ_is_refused():
    """The PKCS#8 algorithm said P-256 and the ECPrivateKey inside secp256k1: read as P-256 (OpenSSL 3.0
    reads the same file as secp256k1); now refused.  The same curve twice is read."""
    p256, k1 = "1.2.840.10045.3.1.7", "1.3.132.0.10"
    with pytest.raises(EncodingError, match="names secp256r1 but its ECPrivateKey names secp256k1"):
        keys.load_private_key(_pkcs8_with_inner_params(p256, k1))
    assert keys.load_private_key(_pkcs8_with_inner_params(p256, p256)) == (P256, 12345)


def test_key_parameters_that_name_no_curve_are_named_in_the_message():
    """Absent, NULL and explicit parameters all said 'explicit or implicit parameters given'."""
    from asn1crypto import keys as akeys

    absent = akeys.ECPrivateKey({"version": "ecPrivkeyVer1", "private_key": 5})
    absent.set_key_size(32)
    with pytest.raises(EncodingError, match="names no curve"):
        keys.load_private_key(absent.dump(), "P-256")
    null = _der_seq(_der_seq(bytes.fromhex("06072a8648ce3d0201") + b"\x05\x00") + SPKI_DER[-68:])
    with pytest.raises(EncodingError, match="NULL \\(implicitlyCA"):
        keys.load_public_key(null)


def test_empty_bit_string_is_named():
    """An SPKI whose BIT STRING is empty (03 00) said 'malformed public key: index out of range'."""
    empty = _der_seq(SPKI_DER[2:23] + b"\x03\x00")
    for call in (lambda: keys.load_public_key(empty), lambda: ecdh.shared_secret(P256, 5, empty)):
        with pytest.raises(EncodingError, match="a value with no content where one is needed"):
            call()


def test_toy_curves_sign_or_say_why_not():
    """On the toy prime curve (n = 5) every nonce gives r = 0 or s = 0 for this key: sign looped for
    ever.  It stops after rfc6979.MAX_NONCES nonces and says why."""
    from ecedu.curves.toy import toy_prime_curve

    toy = toy_prime_curve()
    assert toy.n == 5
    outcome = []

    def attempt():  # in a thread, so that a signer looping for ever fails the test instead of hanging it
        try:
            ecdsa.sign(toy, 4, b"m")
            outcome.append("signed")
        except ECEduError as e:
            outcome.append(str(e))

    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(60)
    assert outcome, "ecdsa.sign did not return within 60 s"
    assert "r or s was 0 for each of the first 1000 RFC 6979 nonces" in outcome[0], outcome


@pytest.mark.parametrize("kind", ["prime", "binary"])
def test_toy_curves_have_no_der(kind):
    """A curve with no OID gave asn1crypto's 'Value for field "parameters" ... is not set'."""
    from ecedu.curves import toy as toys

    toy = toys.toy_prime_curve() if kind == "prime" else toys.toy_binary_curve()
    Q = ec.multiply_plain(toy, 2, toy.G)
    for call in (
        lambda: keys.public_key_to_der(toy, Q),
        lambda: keys.public_key_to_pem(toy, Q),
        lambda: keys.private_key_to_der(toy, 2, "sec1"),
        lambda: keys.private_key_to_der(toy, 2, "pkcs8"),
    ):
        with pytest.raises(EncodingError, match="has no OID, so its keys have no DER or PEM form"):
            call()


def test_string_options_given_other_types():
    """numpy arrays for a str option raised numpy's 'truth value of an array is ambiguous'."""
    np = pytest.importorskip("numpy")
    both = np.array(["der", "p1363"])
    sig = ecdsa.sign(P256, 5, b"m")
    spki = keys.public_key_to_der(P256, _pub(P256, 5))
    for _ in range(2):  # the second time through the hot paths of a curve already used
        for call, what in (
            (lambda: ecdsa.sign(P256, 5, b"m", signature_format=both), "signature_format"),
            (lambda: ecdsa.sign("P-256", 5, b"m", signature_format=both), "signature_format"),
            (lambda: ecdsa.verify("P-256", spki, b"m", sig, signature_format=both), "signature_format"),
            (lambda: ecdh.shared_secret("P-256", 5, spki, backend=np.array(["native", "python"])), "backend"),
            (lambda: ecdsa.sign("P-256", 5, b"m", backend=np.array(["native"])), "backend"),
            (lambda: keys.private_key_to_der("P-256", 5, np.array(["sec1", "pkcs8"])), "private key format"),
            (lambda: ecdsa.sign("P-256", 5, b"m", signature_format=1.0), "signature_format"),
        ):
            with pytest.raises(ECEduError, match=f"{what} must be a str"):
                call()
        ecdsa.sign("P-256", 5, b"m")
        ecdh.shared_secret("P-256", 5, spki)
    with pytest.raises(ECEduError, match="unknown signature_format 'DER'"):
        ecdsa.sign(P256, 5, b"m", signature_format="DER")


def test_point_functions_take_a_curve_name():
    """ecedu.ec's functions took only curve objects: a name gave AttributeError ('str' object has no
    attribute 'byte_length')."""
    G = P256.G
    enc = ec.encode_point(P256, G)
    assert ec.encode_point("P-256", G) == enc
    assert ec.decode_point("P-256", enc) == ec.decode_point(P256, enc) == G
    assert ec.validate_public_point("prime256v1", G) == G
    assert ec.is_on_curve("P-256", G) and ec.in_prime_order_subgroup("P-256", G)
    assert ec.add("P-256", G, G) == ec.double(P256, G) == ec.double("P-256", G)
    assert ec.neg("K-163", K163.G) == ec.neg(K163, K163.G)
    for call in (lambda: ec.decode_point("P-999", enc), lambda: ec.add(256, G, G)):
        with pytest.raises(UnknownCurveError):
            call()


def test_released_memoryview_everywhere():
    """ecedu.native's helpers and ec.decode_point said Python's own 'operation forbidden on
    released memoryview object' (a ValueError, not an ecedu error)."""
    gone = memoryview(bytes(65))
    gone.release()
    calls = [lambda: ec.decode_point(P256, gone)]
    if native_available():
        from ecedu import native

        calls += [
            lambda: native.decode_point("secp256r1", gone),
            lambda: native.ecdh("secp256r1", 5, gone),
            lambda: native.x25519(gone, bytes(32)),
            lambda: native.x25519_base(gone),
            lambda: native.ecdsa_bridge.sha256(gone),
        ]
    for call in calls:
        with pytest.raises(EncodingError, match="a released memoryview holds no bytes"):
            call()


@pytest.mark.skipif(not native_available(), reason="no native library")
def test_native_arguments_of_the_wrong_type():
    """limb_bits=64.0 passed the check (64.0 == 64) and ctypes raised ArgumentError; a short RSA key
    tuple raised 'not enough values to unpack'; an operand >= n of modn_op was called a field element."""
    from ecedu import native
    from ecedu.native import ecdsa_bridge

    for bad in (64.0, 32.0, True, "64", 16):
        with pytest.raises(ECEduError, match=r"limb_bits must be 32 or 64 \(an int\)"):
            native.modexp(2, 3, 7, limb_bits=bad)
        with pytest.raises(ECEduError, match=r"limb_bits must be 32 or 64 \(an int\)"):
            native.prime_mul(7, 2, 3, limb_bits=bad)
    assert native.modexp(2, 3, 7, limb_bits=64) == 1
    np = pytest.importorskip("numpy")
    assert native.modexp(2, 3, 7, limb_bits=np.int64(32)) == 1  # an integer type other than int
    with pytest.raises(ECEduError, match=r"key must be the tuple \(p, q, dp, dq, qinv\)"):
        native.bench_modexp_crt((7, 11), 2, 64, 1)
    n = P256.n
    assert ecdsa_bridge.modn_op("P-256", "reduce", n + 3) == 3
    with pytest.raises(EncodingError, match="the operands of 'mul' must be below n"):
        ecdsa_bridge.modn_op("P-256", "mul", n, 5)
    with pytest.raises(ECEduError, match="op must be a str"):
        ecdsa_bridge.modn_op("P-256", b"mul", 1, 5)


def test_pem_labels_must_be_a_tuple_of_str():
    """labels='PUBLIC KEY' accepted a 'KEY' block ('KEY' in 'PUBLIC KEY'); labels=5 raised TypeError."""
    block = b"-----BEGIN KEY-----\nAAAA\n-----END KEY-----\n"
    for bad in ("PUBLIC KEY", 5, b"PUBLIC KEY"):
        with pytest.raises(ECEduError, match="labels must be a tuple of str"):
            pem.decode(block, bad)
    with pytest.raises(ECEduError, match="labels must be str, got int 5"):
        pem.decode(block, ("PUBLIC KEY", 5))
    with pytest.raises(EncodingError, match="PEM label 'KEY' is not one of PUBLIC KEY"):
        pem.decode(block, ("PUBLIC KEY",))
    assert pem.decode(block, ("KEY",)) == ("KEY", b"\x00\x00\x00")
    assert pem.decode(SPKI_PEM, ["PUBLIC KEY"])[1] == SPKI_DER
