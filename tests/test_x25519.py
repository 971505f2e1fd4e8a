"""X25519 (RFC 7748) through ecedu.ecdh and ecedu.x25519, on both backends.

Oracles: the RFC's own vectors (§5.2 single and iterated, §6.1 Alice and Bob), Python ints (the
ladder's group law checked against the affine Montgomery-curve addition of the textbook), the
OpenSSL CLI (test_x25519_openssl below), and each backend against the other.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ecedu import ecdh, keys, x25519
from ecedu.backend import native_available
from ecedu.ec import montgomery
from ecedu.errors import ECEduError, EncodingError, InvalidPointError, InvalidScalarError, UnknownCurveError

BACKENDS = [
    "python",
    pytest.param("native", marks=pytest.mark.skipif(not native_available(), reason="no lib")),
]
H = bytes.fromhex

# RFC 7748 §5.2: (scalar, u-coordinate, output)
RFC_5_2 = [
    (
        "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
        "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
        "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552",
    ),
    (
        "4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
        "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",  # bit 255 set: masked
        "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957",
    ),
]
# RFC 7748 §5.2, the iterated test: k = u = 9, then (k, u) = (X25519(k, u), k).
ITERATED = {
    1: "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079",
    1000: "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51",
    1000000: "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424",
}
# RFC 7748 §6.1
ALICE_PRIV = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"
ALICE_PUB = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"
BOB_PRIV = "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"
BOB_PUB = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"
SHARED = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("k, u, out", RFC_5_2)
def test_rfc7748_5_2_vectors(backend, k, u, out):
    assert ecdh.shared_secret("X25519", H(k), H(u), backend=backend) == H(out)


def _iterate(n: int, fn) -> bytes:
    k = u = montgomery.encode_u_coordinate(9)
    for _ in range(n):
        k, u = fn(k, u), k
    return k


def test_iterated_once_python():
    assert _iterate(1, montgomery.x25519) == H(ITERATED[1])


@pytest.mark.skipif(not native_available(), reason="no native library")
@pytest.mark.parametrize("n", [1, 1000])
def test_iterated_native(n):
    from ecedu import native

    assert _iterate(n, native.x25519) == H(ITERATED[n])


@pytest.mark.skipif(
    not os.environ.get("ECEDU_X25519_MILLION"),
    reason="1,000,000 iterations (~30 s): `make test-long` sets ECEDU_X25519_MILLION=1, CI runs it",
)
@pytest.mark.skipif(not native_available(), reason="no native library")
def test_iterated_million_native():
    from ecedu import native

    assert _iterate(1000000, native.x25519) == H(ITERATED[1000000])


@pytest.mark.parametrize("backend", BACKENDS)
def test_rfc7748_6_1_alice_and_bob(backend):
    assert x25519.public_key(H(ALICE_PRIV), backend=backend) == H(ALICE_PUB)
    assert x25519.public_key(H(BOB_PRIV), backend=backend) == H(BOB_PUB)
    assert ecdh.shared_secret("X25519", H(ALICE_PRIV), H(BOB_PUB), backend=backend) == H(SHARED)
    assert ecdh.shared_secret("x25519", H(BOB_PRIV), H(ALICE_PUB), backend=backend) == H(SHARED)


# -- the reference against the textbook group law ----------------------------------------------


def _affine_add(P, Q):
    """P + Q on v^2 = u^3 + A u^2 + u (Costello-Smith 2017, eq. (2)); None is infinity."""
    p, A = montgomery.P, montgomery.A
    if P is None:
        return Q
    if Q is None:
        return P
    (u1, v1), (u2, v2) = P, Q
    if u1 == u2 and (v1 + v2) % p == 0:
        return None
    if P == Q:
        lam = (3 * u1 * u1 + 2 * A * u1 + 1) * pow(2 * v1, p - 2, p) % p
    else:
        lam = (v2 - v1) * pow(u2 - u1, p - 2, p) % p
    u3 = (lam * lam - A - u1 - u2) % p
    return u3, (lam * (u1 - u3) - v1) % p


def _affine_mul(k, P):
    R = None
    for bit in bin(k)[2:]:
        R = _affine_add(R, R)
        if bit == "1":
            R = _affine_add(R, P)
    return R


def test_ladder_agrees_with_the_affine_group_law():
    """The reference ladder against double-and-add with the affine formulas (an independent
    oracle: no x-only trick, no cswap), on the base point and small scalars of both sizes."""
    p = montgomery.P
    v9 = pow(9**3 + montgomery.A * 81 + 9, (p + 3) // 8, p)  # p = 5 mod 8: a square root candidate
    if v9 * v9 % p != (9**3 + montgomery.A * 81 + 9) % p:
        v9 = v9 * pow(2, (p - 1) // 4, p) % p
    G = (9, v9)
    rng = random.Random(7)
    for k in [1, 2, 3, 8, 255] + [rng.getrandbits(64) for _ in range(4)]:
        expect = _affine_mul(k, G)
        assert montgomery.ladder(k, 9, bits=k.bit_length()) == (0 if expect is None else expect[0])
    # the order of the base point: ORDER * G = infinity, so the ladder gives u = 0
    assert montgomery.ladder(montgomery.ORDER, 9, bits=253) == 0


# -- native against python -----------------------------------------------------------------------


@pytest.mark.skipif(not native_available(), reason="no native library")
@given(k=st.binary(min_size=32, max_size=32), u=st.binary(min_size=32, max_size=32))
def test_native_equals_python_on_random_inputs(k, u):
    """Any 32 bytes are a valid u (bit 255 masked, values >= p reduced) and a valid key."""
    expect = montgomery.x25519(k, u)
    if expect == bytes(32):
        with pytest.raises(InvalidPointError):
            x25519.shared_secret(k, u, backend="native")
    else:
        assert x25519.shared_secret(k, u, backend="native") == expect
    assert x25519.public_key(k, backend="native") == montgomery.x25519_base(k)


@pytest.mark.skipif(not native_available(), reason="no native library")
def test_non_canonical_u_and_the_top_bit():
    """RFC 7748 §5: bit 255 is masked; u in [p, 2^255) is the element u - p."""
    rng = random.Random(1)
    k = rng.randbytes(32)
    for u in [montgomery.P, montgomery.P + 1, montgomery.P + 9, 2**255 - 1]:
        reduced = (u % montgomery.P).to_bytes(32, "little")
        for raw in (u.to_bytes(32, "little"), (u | 1 << 255 if u < 2**255 else u).to_bytes(32, "little")):
            for backend in ("python", "native"):
                try:
                    got = x25519.shared_secret(k, raw, backend=backend)
                except InvalidPointError:
                    got = bytes(32)
                assert got == montgomery.x25519(k, reduced)
    high = bytearray(H(RFC_5_2[0][1]))
    high[31] |= 0x80
    assert ecdh.shared_secret("X25519", H(RFC_5_2[0][0]), bytes(high), backend="native") == H(RFC_5_2[0][2])


# -- the all-zero shared secret (RFC 7748 §6.1) --------------------------------------------------

# u-coordinates of small order on the curve or its twist: 0 (order 2), 1 (order 4), the two of
# order 8, and the same plus p (non-canonical encodings).
SMALL_ORDER = [
    0,
    1,
    325606250916557431795983626356110631294008115727848805560023387167927233504,
    39382357235489614581723060781553021112529911719440698176882885853963445705823,
]
SMALL_ORDER += [u + montgomery.P for u in SMALL_ORDER if u + montgomery.P < 2**255]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("u", SMALL_ORDER)
def test_small_order_peer_gives_all_zero_and_is_refused(backend, u):
    raw = u.to_bytes(32, "little")
    k = random.Random(u).randbytes(32)
    assert montgomery.x25519(k, raw) == bytes(32)  # the reference says it is all zero ...
    with pytest.raises(InvalidPointError, match="all zero"):  # ... and both backends refuse it
        ecdh.shared_secret("X25519", k, raw, backend=backend)


# -- keys: raw, PKCS#8, SPKI ---------------------------------------------------------------------

OPENSSL_PRIV_PEM = (
    b"-----BEGIN PRIVATE KEY-----\n"
    b"MC4CAQAwBQYDK2VuBCIEICjcsRl9gBMqPmwU+cmJkb7waqKXU7bgXa05rmeG+4dS\n"
    b"-----END PRIVATE KEY-----\n"
)
OPENSSL_PUB_PEM = (
    b"-----BEGIN PUBLIC KEY-----\n"
    b"MCowBQYDK2VuAyEAlgZkEMO2i1Q7NwYZ3lO9aY56XDJgFJBIg8Sr6UHCD20=\n"
    b"-----END PUBLIC KEY-----\n"
)


@pytest.mark.parametrize("backend", BACKENDS)
def test_openssl_written_keys_round_trip(backend):
    """A key pair `openssl genpkey -algorithm X25519` / `openssl pkey -pubout` wrote (stored)."""
    k = x25519.load_private_key(OPENSSL_PRIV_PEM)
    assert len(k) == 32
    assert x25519.private_key_to_pem(k) == OPENSSL_PRIV_PEM
    pub = x25519.public_key(k, backend=backend)
    assert x25519.public_key_to_pem(pub) == OPENSSL_PUB_PEM
    assert x25519.load_public_key(OPENSSL_PUB_PEM) == pub
    der = x25519.private_key_to_der(k)
    assert der[:16] == H("302e020100300506032b656e04220420") and len(der) == 48
    assert x25519.public_key_to_der(pub)[:12] == H("302a300506032b656e032100")
    other = x25519.generate_private_key()
    s1 = ecdh.shared_secret("X25519", OPENSSL_PRIV_PEM, x25519.public_key_to_der(x25519.public_key(other)))
    s2 = ecdh.shared_secret(
        "X25519", x25519.private_key_to_der(other), OPENSSL_PUB_PEM.decode(), backend=backend
    )
    assert s1 == s2


def test_generated_keys_are_random_and_32_bytes():
    a, b = x25519.generate_private_key(), x25519.generate_private_key()
    assert len(a) == len(b) == 32 and a != b


_PRIV_DER = x25519.load_private_key(OPENSSL_PRIV_PEM)
_GOOD_PKCS8 = H("302e020100300506032b656e04220420") + _PRIV_DER
_GOOD_SPKI = H("302a300506032b656e032100") + x25519.load_public_key(OPENSSL_PUB_PEM)


@pytest.mark.parametrize(
    "bad, match",
    [
        (H("302e020101300506032b656e04220420") + _PRIV_DER, "version must be 0"),
        (H("302e020100300506032b656f04220420") + _PRIV_DER, "1.3.101.111"),  # X448's OID
        (H("3030020100300706032b656e050004220420") + _PRIV_DER, "parameters"),
        (H("302f020100300506032b656e0423042100") + _PRIV_DER, "33"),  # a 33-byte key
        (_GOOD_PKCS8 + b"\x00", "DER"),  # trailing byte
        (H("30802e") + _GOOD_PKCS8[2:], "DER"),  # BER indefinite length
        (H("302e020100300506032b656e04220420")[:-2] + b"\x03\x20" + _PRIV_DER, "tag should have been 4"),
        (_GOOD_PKCS8[:40], "DER"),
        (b"\x31" + _GOOD_PKCS8[1:], "32 raw bytes"),
    ],
)
def test_bad_private_keys(bad, match):
    with pytest.raises(EncodingError, match=match):
        x25519.load_private_key(bad)
    with pytest.raises(EncodingError):
        ecdh.shared_secret("X25519", bad, _GOOD_SPKI)


@pytest.mark.parametrize(
    "bad, match",
    [
        (H("302a300506032b656f032100") + _GOOD_SPKI[12:], "1.3.101.111"),
        (H("302a300506032b656e032101") + _GOOD_SPKI[12:], "DER|unused bits"),
        (H("302b300506032b656e032200") + _GOOD_SPKI[12:] + b"\x00", "33"),
        (_GOOD_SPKI + b"\x00", "DER"),
        (_GOOD_SPKI[:-1], "DER"),
        (_GOOD_SPKI[12:] + b"\x00", "32 raw bytes"),
        (b"", "32 raw bytes"),
    ],
)
def test_bad_public_keys(bad, match):
    with pytest.raises(EncodingError, match=match):
        x25519.load_public_key(bad)
    with pytest.raises(EncodingError):
        ecdh.shared_secret("X25519", _PRIV_DER, bad)


@pytest.mark.parametrize("backend", BACKENDS)
def test_bad_types_and_lengths(backend):
    k, u = _PRIV_DER, _GOOD_SPKI[12:]
    for bad in (None, 5.0, [1] * 32, object()):
        with pytest.raises(EncodingError, match="must be bytes"):
            ecdh.shared_secret("X25519", k, bad, backend=backend)
        with pytest.raises(EncodingError, match="must be bytes"):
            ecdh.shared_secret("X25519", bad, u, backend=backend)
    with pytest.raises(InvalidScalarError, match="not an int"):
        ecdh.shared_secret("X25519", 12345, u, backend=backend)
    for n in (0, 1, 31, 33, 64):
        with pytest.raises(EncodingError):
            ecdh.shared_secret("X25519", k, b"\x01" * n, backend=backend)
        with pytest.raises(EncodingError):
            ecdh.shared_secret("X25519", b"\x01" * n, u, backend=backend)
    with pytest.raises(EncodingError, match="too large"):
        ecdh.shared_secret("X25519", k, bytes(10**5), backend=backend)
    with pytest.raises(EncodingError, match="ASCII"):
        ecdh.shared_secret("X25519", k, "-----BEGIN PUBLIC KEY-----\u212a", backend=backend)
    # bytearray and memoryview work like bytes
    assert ecdh.shared_secret("X25519", bytearray(k), memoryview(u), backend=backend) == ecdh.shared_secret(
        "X25519", k, u, backend=backend
    )


def test_weierstrass_keys_for_x25519_and_back():
    """Each side names the other's key instead of failing somewhere inside the parser."""
    d = 12345
    ec_spki = keys.public_key_to_der("P-256", keys.public_key("P-256", d))
    with pytest.raises(EncodingError, match="EC key .*secp256r1.*not an X25519 key"):
        ecdh.shared_secret("X25519", _PRIV_DER, ec_spki)
    with pytest.raises(EncodingError, match="EC key .*secp256r1"):
        x25519.load_private_key(keys.private_key_to_der("P-256", d, "pkcs8"))
    with pytest.raises(EncodingError, match="SEC 1 EC private key"):
        x25519.load_private_key(keys.private_key_to_pem("P-256", d))
    with pytest.raises(EncodingError, match="X25519 key .*1.3.101.110"):
        ecdh.shared_secret("P-256", d, OPENSSL_PUB_PEM)
    with pytest.raises(EncodingError, match="X25519 key .*1.3.101.110"):
        keys.load_private_key(OPENSSL_PRIV_PEM)
    with pytest.raises(InvalidScalarError):
        ecdh.shared_secret("P-256", _PRIV_DER, ec_spki)
    with pytest.raises(UnknownCurveError, match="RFC 7748"):
        keys.public_key("X25519", d)


def test_names():
    assert all(x25519.is_x25519(n) for n in ("X25519", "x25519", " Curve25519", "CURVE25519"))
    assert not any(x25519.is_x25519(n) for n in ("X448", "P-256", None, b"X25519", 25519))
    with pytest.raises(ECEduError, match="unknown backend"):
        ecdh.shared_secret("X25519", _PRIV_DER, _GOOD_SPKI, backend="fast")


def test_reference_module_refuses_wrong_lengths():
    for n in (31, 33):
        with pytest.raises(EncodingError, match="exactly 32"):
            montgomery.x25519(bytes(n), bytes(32))
        with pytest.raises(EncodingError, match="exactly 32"):
            montgomery.decode_u_coordinate(bytes(n))
    assert montgomery.cswap(1, 3, 5) == (5, 3) and montgomery.cswap(0, 3, 5) == (3, 5)
    assert montgomery.decode_scalar(b"\xff" * 32) == (2**255 - 1) & ~7 & ~(1 << 255) | (1 << 254)
