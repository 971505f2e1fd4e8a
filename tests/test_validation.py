"""Bad input gets a clear ECEduError and nothing else."""

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import ecedu
from ecedu import ec, ecdh, ecdsa, keys
from ecedu.backend import native_available
from ecedu.errors import ECEduError, EncodingError, InvalidPointError, InvalidScalarError, UnknownCurveError

K163 = ecedu.get_curve("sect163k1")
K233 = ecedu.get_curve("sect233k1")
P256 = ecedu.get_curve("P-256")
D = 0x1234567890ABCDEF


def spki(C, Q, compressed=False):
    return keys.public_key_to_der(C, Q, compressed)


@pytest.mark.parametrize("C", [K163, K233, P256, ecedu.get_curve("sect571r1")], ids=lambda c: c.name)
def test_sec1_round_trip(C):
    Q = ec.multiply_plain(C, D, C.G)
    for comp in (False, True):
        enc = ec.encode_point(C, Q, comp)
        assert len(enc) == (1 + C.byte_length if comp else 1 + 2 * C.byte_length)
        assert ec.decode_point(C, enc) == Q


@pytest.mark.parametrize("d", [0, -1, K163.n, K163.n + 5, 2**300])
def test_private_scalar_out_of_range(d):
    peer = spki(K163, K163.G)
    with pytest.raises(InvalidScalarError, match=r"\[1, n-1\]"):
        ecdh.shared_secret(K163, d, peer)
    with pytest.raises(InvalidScalarError):
        ecdsa.sign(K163, d, b"m")


def test_private_scalar_type():
    with pytest.raises(InvalidScalarError, match="int"):
        ecdh.shared_secret(K163, "12", spki(K163, K163.G))


@pytest.mark.parametrize("backend", ["python", "native"])
def test_point_not_on_curve(backend):
    if backend == "native" and not native_available():
        pytest.skip("native library not built")
    x, y = K163.G
    bad = b"\x04" + K163.field.to_bytes(x) + K163.field.to_bytes(y ^ 1)
    with pytest.raises(InvalidPointError, match="not on the curve"):
        ecdh.shared_secret(K163, D, bad, backend=backend)


def test_point_at_infinity():
    with pytest.raises(InvalidPointError, match="infinity"):
        ecdh.shared_secret(K163, D, b"\x00")


def test_small_order_points_binary():
    # (0, sqrt(b)) has order 2 on every binary curve.
    F = K163.field
    T2 = (0, F.sqrt(K163.b))
    assert K163.contains(T2) and ec.double(K163, T2) is None
    with pytest.raises(InvalidPointError, match="subgroup"):
        ecdh.shared_secret(K163, D, ec.encode_point(K163, T2))
    # An order-4 point on sect233k1 (h = 4): a half of T2.
    F = K233.field
    T2 = (0, F.sqrt(K233.b))
    lam = F.solve_quadratic(K233.a)  # halving T2 (x = 0)
    u = F.sqrt(T2[1])
    T4 = next(
        P
        for P in [(u, y) for y in (F.mul(u, F.solve_quadratic(u ^ K233.a ^ F.mul(K233.b, F.inv(F.sqr(u))))),)]
        if K233.contains(P)
    )
    assert ec.double(K233, T4) == T2 and lam is not None
    with pytest.raises(InvalidPointError, match="subgroup"):
        ecdh.shared_secret(K233, D, ec.encode_point(K233, T4))


@pytest.mark.parametrize(
    "name", ["sect163k1", "sect163r2", "sect233k1", "sect283k1", "sect409r1", "sect571k1"]
)
def test_fast_subgroup_test_matches_n_times_P(name):
    """The trace/halving test agrees with n·P = O on random points of the whole group."""
    C = ecedu.get_curve(name)
    F = C.field
    import random

    rng = random.Random(name)
    seen = {True: 0, False: 0}
    while min(seen.values()) < 2:
        x = rng.getrandbits(F.m)
        try:
            P = ec.decode_point(C, b"\x02" + F.to_bytes(x), validate=False)
        except InvalidPointError:
            continue
        fast = ec.in_prime_order_subgroup(C, P)
        assert fast == (ec.multiply_plain(C, C.n, P) is None)
        seen[fast] += 1


@pytest.mark.parametrize(
    "data,match",
    [
        (b"", "empty"),
        (b"\x05" + b"\x00" * 42, "format byte"),
        (b"\x04" + b"\x00" * 41, "must be 43 bytes"),
        (b"\x02" + b"\x00" * 22, "must be 22 bytes"),
        (b"\x04" + b"\xff" * 42, "degree"),
    ],
)
@pytest.mark.parametrize("backend", ["python", "native"])
def test_bad_encodings(data, match, backend):
    if backend == "native" and not native_available():
        pytest.skip("native library not built")
    with pytest.raises(EncodingError, match=match):
        ecdh.shared_secret(K163, D, data, backend=backend)


def test_prime_curve_out_of_range_coordinate():
    p = P256.field.p
    bad = b"\x04" + p.to_bytes(32, "big") + (1).to_bytes(32, "big")
    with pytest.raises(EncodingError, match="not reduced"):
        ecdh.shared_secret(P256, D, bad)


def test_wrong_curve_key():
    with pytest.raises(EncodingError, match="not on"):
        ecdh.shared_secret(K163, D, spki(P256, P256.G))


def test_unknown_curve_everywhere():
    for call in (lambda: ecdh.shared_secret("nope", 1, b"\x04"), lambda: ecdsa.sign("K-164", 1, b"")):
        with pytest.raises(UnknownCurveError, match="unknown curve"):
            call()


@pytest.mark.parametrize(
    "blob",
    [
        b"\x30\x03\x02\x01",
        b"-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n",
        b"-----BEGIN CERTIFICATE-----\nMA==\n-----END CERTIFICATE-----\n",
        b"\x30\x00",
    ],
)
def test_malformed_der_and_pem(blob):
    with pytest.raises(EncodingError):
        keys.load_public_key(blob)
    with pytest.raises(EncodingError):
        keys.load_private_key(blob)


def test_spki_trailing_garbage():
    good = spki(K163, K163.G)
    with pytest.raises(EncodingError, match="DER"):
        keys.load_public_key(good + b"\x00")


@given(st.binary(max_size=120))
@example(ec.encode_point(K163, ec.multiply_plain(K163, 5, K163.G)))  # the accepted path runs too
def test_fuzz_public_key_bytes(blob):
    try:
        secret = ecdh.shared_secret(K163, D, blob)
    except ECEduError:
        return
    # accepted: a key of the curve, whose secret is x(D Q) in the field's length
    _, Q = keys.load_public_key(blob, K163)
    assert secret == ec.multiply_plain(K163, D, Q)[0].to_bytes(21, "big")


@given(st.binary(max_size=120))
def test_fuzz_private_key_and_signature(blob):
    try:
        keys.load_private_key(blob)
    except ECEduError:
        pass
    assert ecdsa.verify(P256, spki(P256, P256.G), b"m", blob) is False


def test_signature_out_of_range_is_invalid():
    """Out-of-range r, s: ecedu's encoder refuses them, and a DER made without it does not verify."""
    from asn1crypto import algos

    Q = spki(P256, P256.G)
    for r, s in [(0, 1), (1, 0), (P256.n, 1), (1, P256.n), (-1, 1)]:
        with pytest.raises(ECEduError, match="must be in"):
            keys.encode_signature(r, s, P256)
        assert ecdsa.verify(P256, Q, b"m", algos.DSASignature({"r": r, "s": s}).dump()) is False


def test_unknown_hash_and_backend():
    with pytest.raises(ECEduError, match="unknown hash"):
        ecdsa.sign(P256, 5, b"m", hash="sha257")
    with pytest.raises(ECEduError, match="backend"):
        ecdh.shared_secret(K163, D, spki(K163, K163.G), backend="gpu")


def test_keys_round_trip():
    for C in (K163, P256):
        for fmt in ("sec1", "pkcs8"):
            assert keys.load_private_key(keys.private_key_to_pem(C, D, fmt)) == (C, D)
            assert keys.load_private_key(keys.private_key_to_der(C, D, fmt)) == (C, D)
        Q = ec.multiply_plain(C, D, C.G)
        assert keys.load_public_key(keys.public_key_to_pem(C, Q)) == (C, Q)
        assert keys.load_public_key(keys.public_key_to_der(C, Q, True)) == (C, Q)
